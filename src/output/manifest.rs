//! `tournament.json`: everything needed to reproduce a run, and to refuse mixing runs.

use std::path::Path;

use serde::{Deserialize, Serialize};

use super::{atomic, OutputError};

/// The file name inside the results folder.
pub const FILE: &str = "tournament.json";

/// The version of the results folder's formats (columns, replay lines, this file).
/// Format 2 has one `games.csv` layout and one `standings.csv` core for every seat count
/// (format 1 had a two-seat `games.csv` with `first`, `second`, `result` and `winner`, and
/// a two-seat `standings.csv` of its own). Within a format, keys and files are
/// only ever added, optional ones that an older reader of the format ignores
/// (docs/RESULTS.md, "Format versions").
pub const FORMAT: u32 = 2;

/// One bot as the manifest records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BotEntry {
    /// Its name in every results file.
    pub name: String,
    /// Where it came from: the module's file name, or `builtin:NAME`.
    pub source: String,
    /// The module file's SHA-256 (hex), empty for builtins.
    pub sha256: String,
    /// A gauntlet reference rather than a ranked submission.
    pub reference: bool,
    /// Why the module could not be loaded, if it could not (it forfeits every game).
    pub disqualified: Option<String>,
    /// The student, for a module taken from a learning platform's download: the
    /// platform's id, name (never under blind marking), attempt and late mark.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lms: Option<crate::submissions::lms::Identity>,
}

/// An entry handed in that was not played, as the manifest records it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SkippedEntry {
    /// The entry's path relative to the folder it was found in (the file name for a
    /// file named on the command line; a trailing `/` for a folder), escaped.
    pub file: String,
    /// Why it was not played.
    pub reason: String,
    /// For an entry of a learning platform's download: the bot name the student's module
    /// would have had.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub student: Option<String>,
    /// For an entry of a learning platform's download: the student's platform id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lms_id: Option<String>,
    /// For an entry of a learning platform's download: the student's name as the download
    /// shows it (never under blind marking), which a Moodle grades export is matched by.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lms_name: Option<String>,
}

/// A grading input file as a run recorded it: its text and the text's SHA-256, or the
/// SHA-256 alone ([`RecordedInput::hash_only`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RecordedInput {
    /// The SHA-256 of `text` (hex): what two runs' inputs are compared by.
    pub sha256: String,
    /// The file's text, as read; empty (and left out of the file) when only the hash is
    /// kept: the roster of a download under blind marking, whose names stay out of the
    /// results folder.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub text: String,
}

impl RecordedInput {
    /// The record of a file's text.
    pub fn of(text: &str) -> RecordedInput {
        use sha2::{Digest, Sha256};
        RecordedInput {
            sha256: hex::encode(Sha256::digest(text.as_bytes())),
            text: text.to_string(),
        }
    }

    /// The record without its text: the hash alone, so that the file's content (students'
    /// names under blind marking) stays out of the folder while runs are still compared.
    pub fn hash_only(self) -> RecordedInput {
        RecordedInput {
            sha256: self.sha256,
            text: String::new(),
        }
    }

    /// Whether the text was kept (see [`RecordedInput::hash_only`]).
    pub fn has_text(&self) -> bool {
        !self.text.is_empty()
    }

    /// The first 12 digits of the hash, to name the input in a message.
    pub fn short(&self) -> &str {
        self.sha256.get(..12).unwrap_or(&self.sha256)
    }
}

/// What the derived files (standings, grades, feedback, the page) were last written with:
/// the roster's and the bands' text and the rating anchor. Kept so that `arena merge`,
/// `arena report`, `arena standings`, `--resume` and `arena verify` grade as the run did
/// without the flags given again; never part of what makes two runs the same tournament
/// (it can change with `arena standings` without replaying anything).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GradingInputs {
    /// The roster (`--roster`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roster: Option<RecordedInput>,
    /// The grade bands (`--bands`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bands: Option<RecordedInput>,
    /// The bot rated 0 Elo (`--anchor`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<String>,
}

impl GradingInputs {
    /// `None` when nothing is recorded, so that an ungraded run's manifest has no key.
    pub fn or_none(self) -> Option<GradingInputs> {
        (self != GradingInputs::default()).then_some(self)
    }
}

/// What a tournament was: the manifest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// [`FORMAT`].
    pub format: u32,
    /// The arena version that played it.
    pub arena_version: String,
    /// The game's registered name.
    pub game: String,
    /// The tournament seed.
    pub seed: u64,
    /// Rows: smallest and largest (equal for a fixed size).
    pub rows: [u32; 2],
    /// Columns: smallest and largest.
    pub cols: [u32; 2],
    /// Series length N.
    pub best_of: u32,
    /// Every board played twice with seats swapped.
    pub paired: bool,
    /// Every game played even once a series is decided.
    pub play_all: bool,
    /// Series per pair.
    pub rounds: u32,
    /// Game-specific options.
    pub options: std::collections::BTreeMap<String, String>,
    /// Depth of builtin search strategies, if set.
    pub depth: Option<u32>,
    /// The sandbox limits, by name.
    pub limits: serde_json::Value,
    /// The bots, in schedule order.
    pub bots: Vec<BotEntry>,
    /// Every entry handed in that is not among the bots, with the reason; absent when
    /// there is none (so the manifests of earlier runs read and compare unchanged).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<SkippedEntry>,
    /// The part of the schedule this folder plays (`[I, N]`), absent for a whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub shard: Option<crate::schedule::Shard>,
    /// Seats at every table, for a game of the table model (`best_of` is then 1, `paired`
    /// means every order of a table's bots, and `rounds` counts boards per table); absent
    /// for a two-seat game.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<u8>,
    /// The grading inputs the derived files were written with ([`GradingInputs`]); absent
    /// without any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grading: Option<GradingInputs>,
    /// The sequential test that stops each gauntlet pair once decided (`--sprt`;
    /// `rounds` is then the cap); absent without one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub sprt: Option<crate::sprt_settings::SprtSettings>,
    /// The secret a game with hidden setup was dealt under (64 hex digits,
    /// `docs/TOURNAMENT.md`, "Hidden setup"): with it `--resume`, `verify` and `merge` deal
    /// the same boards. Absent for a game whose every seat sees the whole setup. Never
    /// shown on a page or in a message.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub secret: Option<crate::seeds::Secret>,
}

impl Manifest {
    /// The manifest as pretty JSON with a final newline.
    pub fn to_json(&self) -> String {
        let mut s = serde_json::to_string_pretty(self).expect("a manifest always serialises");
        s.push('\n');
        s
    }

    /// Writes `dir/tournament.json` atomically.
    ///
    /// # Errors
    /// [`OutputError`] when writing fails.
    pub fn write(&self, dir: &Path) -> Result<(), OutputError> {
        atomic::write(&dir.join(FILE), self.to_json().as_bytes())
    }

    /// Reads `dir/tournament.json`, or `None` if there is none.
    ///
    /// # Errors
    /// [`OutputError`] when it exists but cannot be read or parsed, or is of a `format`
    /// other than [`FORMAT`] (naming both).
    pub fn read(dir: &Path) -> Result<Option<Manifest>, OutputError> {
        let path = dir.join(FILE);
        let bytes = super::results_file::read(&path, super::results_file::MANIFEST_CAP)?;
        match bytes.map(String::from_utf8) {
            Some(Err(_)) => Err(OutputError::corrupt(
                &path,
                "not an arena manifest: not UTF-8 text",
            )),
            Some(Ok(text)) => {
                let value: serde_json::Value = serde_json::from_str(&text).map_err(|e| {
                    OutputError::corrupt(&path, format!("not an arena manifest: {e}"))
                })?;
                match value.get("format") {
                    Some(serde_json::Value::Number(n)) if n.as_u64() == Some(FORMAT.into()) => {}
                    Some(serde_json::Value::Number(n)) if n.as_u64() == Some(1) => {
                        return Err(OutputError::corrupt(
                            &path,
                            format!("results format 1, which this arena no longer reads (it reads format {FORMAT}, one games.csv layout for every seat count): run the tournament again into a new folder with this arena (the same bots, seed and flags play the same games), or read this folder with the arena version that wrote it"),
                        ));
                    }
                    found => {
                        let found = found.map_or("none".to_string(), |f| f.to_string());
                        return Err(OutputError::corrupt(
                            &path,
                            format!("results format {found}, but this arena reads format {FORMAT} only: use the arena version that wrote them"),
                        ));
                    }
                }
                let manifest: Manifest = serde_json::from_value(value).map_err(|e| {
                    OutputError::corrupt(&path, format!("not an arena manifest: {e}"))
                })?;
                for (name, [min, max]) in [("rows", manifest.rows), ("cols", manifest.cols)] {
                    if min > max {
                        return Err(OutputError::corrupt(
                            &path,
                            format!("`{name}` is the range {min}..{max}, which holds no size"),
                        ));
                    }
                }
                if let Some(why) = manifest.model_mismatch() {
                    return Err(OutputError::corrupt(&path, why));
                }
                if let Some(why) = manifest.altered_grading_input() {
                    return Err(OutputError::corrupt(&path, why));
                }
                if let Some(sprt) = manifest.sprt {
                    if let Err(e) = sprt.test() {
                        return Err(OutputError::corrupt(&path, e.to_string()));
                    }
                    if manifest.seats.is_some()
                        || manifest.shard.is_some()
                        || !manifest.bots.iter().any(|b| b.reference)
                    {
                        return Err(OutputError::corrupt(
                            &path,
                            "`sprt` stops the pairs of a two-seat gauntlet played whole, and this is none",
                        ));
                    }
                }
                Ok(Some(manifest))
            }
            None => Ok(None),
        }
    }

    /// Why the manifest's `seats` cannot be right for its game, if it cannot: a game of
    /// the table model only (such as `pursuit`) always records its seats, a two-seat game
    /// never does. An unknown game is left to the command that looks it up.
    fn model_mismatch(&self) -> Option<String> {
        use arena_games::registry::find_table_game;
        let two_seat = arena_games::find_game(&self.game).is_ok();
        let table = find_table_game(&self.game).is_ok();
        match self.seats {
            None if table && !two_seat => Some(format!(
                "`{}` is a game for one to four seats, but `seats` is missing",
                self.game
            )),
            Some(seats) if two_seat && !table => Some(format!(
                "`seats` is {seats}, but `{}` is a two-seat game, which records none",
                self.game
            )),
            _ => None,
        }
    }

    /// Why a recorded grading input cannot be trusted, if it cannot: its text no longer
    /// has the SHA-256 recorded with it (the file was edited by hand).
    fn altered_grading_input(&self) -> Option<String> {
        let grading = self.grading.as_ref()?;
        [("roster", &grading.roster), ("bands", &grading.bands)]
            .into_iter()
            .find_map(|(name, input)| {
                let input = input.as_ref().filter(|i| i.has_text())?;
                (RecordedInput::of(&input.text).sha256 != input.sha256).then(|| {
                    format!("`grading.{name}.text` does not have the SHA-256 `grading.{name}.sha256` records (the file was edited): restore it, or delete the `grading` key and grade again with --roster and --bands")
                })
            })
    }

    /// The first difference from `other` (the folder's manifest, when `self` is what the
    /// command asks for), in words (`` `seed` was 7 there, is 8 now ``), or `None` if they
    /// are the same run.
    pub fn difference(&self, other: &Manifest) -> Option<String> {
        let d = self.first_difference(other)?;
        Some(match d.subject {
            Subject::Bots => format!("the bots were {} there, are {} now", d.other, d.this),
            Subject::Skipped => format!(
                "the entries skipped were {} there, are {} now",
                d.other, d.this
            ),
            Subject::Shard => format!("{} there, {} now", d.other, d.this),
            Subject::Secret if d.this == d.other => {
                "the secret of hidden setup is another one (not shown)".to_string()
            }
            Subject::Secret => format!(
                "the secret of hidden setup was {} there, is {} now",
                d.other, d.this
            ),
            Subject::Bot { name, field } => {
                format!(
                    "bot `{name}` changed ({field} {} there, {} now)",
                    d.other, d.this
                )
            }
            Subject::Field(key) => format!("`{key}` was {} there, is {} now", d.other, d.this),
        })
    }

    /// The first difference from `other`, in words naming where each value is (`this` and
    /// `other_name`, e.g. two shard folders: `` `seed` is 6 in s2, 5 in s1 ``), or `None`
    /// if they are the same run.
    pub fn difference_between(
        &self,
        other: &Manifest,
        this: &str,
        other_name: &str,
    ) -> Option<String> {
        let d = self.first_difference(other)?;
        let (a, b) = (d.this, d.other);
        Some(match d.subject {
            Subject::Bots => format!("the bots are {a} in {this}, {b} in {other_name}"),
            Subject::Skipped => {
                format!("the entries skipped are {a} in {this}, {b} in {other_name}")
            }
            Subject::Shard => format!("{a} in {this}, {b} in {other_name}"),
            Subject::Secret if a == b => format!(
                "the secret of hidden setup differs between {this} and {other_name} (not shown): give every part the same --secret"
            ),
            Subject::Secret => format!(
                "the secret of hidden setup is {a} in {this}, {b} in {other_name}"
            ),
            Subject::Bot { name, field } => {
                format!("bot `{name}` differs: {field} {a} in {this}, {b} in {other_name}")
            }
            Subject::Field(key) => format!("`{key}` is {a} in {this}, {b} in {other_name}"),
        })
    }

    /// The first thing that differs from `other`, with both values in words.
    fn first_difference(&self, other: &Manifest) -> Option<Difference> {
        let differ = |subject, this: String, other: String| {
            Some(Difference {
                subject,
                this,
                other,
            })
        };
        if self.bots != other.bots {
            let names = |m: &Manifest| m.bots.iter().map(|b| b.name.clone()).collect::<Vec<_>>();
            if names(self) != names(other) {
                return differ(
                    Subject::Bots,
                    names(self).join(", "),
                    names(other).join(", "),
                );
            }
            let changed = self.bots.iter().zip(&other.bots).find(|(x, y)| x != y);
            if let Some((this, that)) = changed {
                let reason = |d: &Option<String>| {
                    d.as_ref()
                        .map_or("none".to_string(), |r| format!("`{}`", r.escape_debug()))
                };
                let (field, a, b) = if this.source != that.source {
                    (
                        "source",
                        format!("`{}`", this.source.escape_debug()),
                        format!("`{}`", that.source.escape_debug()),
                    )
                } else if this.sha256 != that.sha256 {
                    ("sha256", this.sha256.clone(), that.sha256.clone())
                } else if this.reference != that.reference {
                    (
                        "reference",
                        this.reference.to_string(),
                        that.reference.to_string(),
                    )
                } else {
                    (
                        "disqualified",
                        reason(&this.disqualified),
                        reason(&that.disqualified),
                    )
                };
                let subject = Subject::Bot {
                    name: this.name.escape_debug().to_string(),
                    field,
                };
                return differ(subject, a, b);
            }
        }
        if self.skipped != other.skipped {
            let list = |m: &Manifest| {
                let files: Vec<&str> = m.skipped.iter().map(|s| s.file.as_str()).collect();
                if files.is_empty() {
                    "none".to_string()
                } else {
                    files.join(", ")
                }
            };
            return differ(Subject::Skipped, list(self), list(other));
        }
        if self.sprt != other.sprt {
            let test = |m: &Manifest| serde_json::to_string(&m.sprt).expect("serialises");
            return differ(Subject::Field("sprt".into()), test(self), test(other));
        }
        if self.secret != other.secret {
            // Named, never shown: the values are secrets.
            let which = |m: &Manifest| match m.secret {
                Some(_) => "a secret".to_string(),
                None => "none".to_string(),
            };
            return differ(Subject::Secret, which(self), which(other));
        }
        if self.shard != other.shard {
            let part = |m: &Manifest| {
                m.shard
                    .map_or("the whole schedule".to_string(), |s| format!("shard {s}"))
            };
            return differ(Subject::Shard, part(self), part(other));
        }
        let a = serde_json::to_value(self).expect("serialises");
        let b = serde_json::to_value(other).expect("serialises");
        let (serde_json::Value::Object(a), serde_json::Value::Object(b)) = (a, b) else {
            return None;
        };
        for (key, va) in &a {
            if key == "grading" {
                // The derived files' inputs, not the tournament's: see `GradingInputs`.
                continue;
            }
            let vb = b.get(key).cloned().unwrap_or(serde_json::Value::Null);
            if *va != vb {
                return differ(Subject::Field(key.clone()), va.to_string(), vb.to_string());
            }
        }
        None
    }
}

/// What differs between two manifests ([`Manifest::difference`]).
enum Subject {
    /// The list of bot names.
    Bots,
    /// One bot's entry: `field` of bot `name`.
    Bot { name: String, field: &'static str },
    /// The entries skipped.
    Skipped,
    /// The part of the schedule.
    Shard,
    /// The secret of hidden setup (its value never shown).
    Secret,
    /// Another field of the manifest, by its JSON key.
    Field(String),
}

/// A difference between two manifests: what, and its value in each, in words.
struct Difference {
    subject: Subject,
    this: String,
    other: String,
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn manifest() -> Manifest {
        Manifest {
            format: FORMAT,
            arena_version: "0.1.0".into(),
            game: "mathtricks".into(),
            seed: 7,
            rows: [8, 8],
            cols: [8, 8],
            best_of: 5,
            paired: false,
            play_all: false,
            rounds: 1,
            options: Default::default(),
            depth: None,
            limits: serde_json::json!({"fuel": 1}),
            bots: vec![BotEntry {
                name: "a".into(),
                source: "a.wasm".into(),
                sha256: "00".into(),
                reference: false,
                disqualified: None,
                lms: None,
            }],
            skipped: Vec::new(),
            shard: None,
            seats: None,
            grading: None,
            sprt: None,
            secret: None,
        }
    }

    #[test]
    fn round_trip_and_difference() {
        let dir = tempfile::tempdir().unwrap();
        let m = manifest();
        m.write(dir.path()).unwrap();
        let back = Manifest::read(dir.path()).unwrap().unwrap();
        assert_eq!(back, m);
        assert_eq!(m.difference(&back), None);
        let mut other = m.clone();
        other.seed = 8;
        let diff = other.difference(&m).unwrap();
        assert!(
            diff.contains("seed") && diff.contains('7') && diff.contains('8'),
            "{diff}"
        );
    }

    #[test]
    fn a_changed_bot_names_the_field_that_changed_and_each_side() {
        let m = manifest();
        let mut other = m.clone();
        other.bots[0].disqualified = Some("trap\nhere".into());
        let name = &m.bots[0].name;
        assert_eq!(
            other.difference(&m).unwrap(),
            format!("bot `{name}` changed (disqualified none there, `trap\\nhere` now)")
        );
        let mut seed = m.clone();
        seed.seed = 8;
        assert_eq!(
            seed.difference_between(&m, "s2", "s1").unwrap(),
            "`seed` is 8 in s2, 7 in s1"
        );
        assert_eq!(
            other.difference_between(&m, "s2", "s1").unwrap(),
            format!("bot `{name}` differs: disqualified `trap\\nhere` in s2, none in s1")
        );
    }

    #[test]
    fn a_reversed_size_range_is_a_corrupt_manifest() {
        let dir = tempfile::tempdir().unwrap();
        for (rows, cols) in [([9, 8], [8, 8]), ([8, 8], [8, 5])] {
            let mut m = manifest();
            (m.rows, m.cols) = (rows, cols);
            m.write(dir.path()).unwrap();
            let error = Manifest::read(dir.path()).unwrap_err().to_string();
            assert!(error.contains("which holds no size"), "{error}");
        }
    }

    #[test]
    fn skipped_entries_are_recorded_only_when_there_are_some() {
        let m = manifest();
        assert!(!m.to_json().contains("skipped"));
        let mut with = m.clone();
        with.skipped.push(SkippedEntry {
            file: "notes.txt".into(),
            reason: "not a .wasm, .wat or .py file".into(),
            student: None,
            lms_id: None,
            lms_name: None,
        });
        let json = with.to_json();
        assert!(
            json.contains("\"skipped\"") && json.contains("notes.txt"),
            "{json}"
        );
        let back: Manifest = serde_json::from_str(&json).unwrap();
        assert_eq!(back, with);
        let diff = with.difference(&m).unwrap();
        assert_eq!(
            diff,
            "the entries skipped were none there, are notes.txt now"
        );
    }

    #[test]
    fn grading_inputs_are_recorded_checked_and_not_part_of_the_tournament() {
        let dir = tempfile::tempdir().unwrap();
        let m = manifest();
        assert!(!m.to_json().contains("grading"));
        let mut graded = m.clone();
        graded.grading = GradingInputs {
            roster: Some(RecordedInput::of("file,student_id,name\na,s1,A\n")),
            bands: None,
            anchor: Some("a".into()),
        }
        .or_none();
        assert_eq!(GradingInputs::default().or_none(), None);
        graded.write(dir.path()).unwrap();
        assert_eq!(Manifest::read(dir.path()).unwrap().unwrap(), graded);
        // Another roster is the same tournament (resume, merge compare the rest).
        assert_eq!(graded.difference(&m), None);
        // A recorded text edited by hand no longer has its hash: refused.
        let text = graded.to_json().replace("a,s1,A", "a,s9,A");
        fs::write(dir.path().join(FILE), text).unwrap();
        let err = Manifest::read(dir.path()).unwrap_err().to_string();
        assert!(err.contains("grading.roster.text"), "{err}");
    }

    #[test]
    fn garbage_is_reported_as_corrupt() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(Manifest::read(dir.path()).unwrap(), None);
        fs::write(dir.path().join(FILE), "{ not json").unwrap();
        let err = Manifest::read(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("tournament.json") && err.contains("not an arena manifest"),
            "{err}"
        );
    }

    #[test]
    fn an_unknown_format_is_refused_naming_both_versions() {
        let dir = tempfile::tempdir().unwrap();
        let text = manifest()
            .to_json()
            .replace("\"format\": 2", "\"format\": 7");
        fs::write(dir.path().join(FILE), text).unwrap();
        let err = Manifest::read(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("format 7") && err.contains("format 2"),
            "{err}"
        );
        let text = manifest()
            .to_json()
            .replace("\"format\": 2", "\"format\": 1");
        fs::write(dir.path().join(FILE), text).unwrap();
        let err = Manifest::read(dir.path()).unwrap_err().to_string();
        assert!(
            err.contains("results format 1, which this arena no longer reads")
                && err.contains("run the tournament again into a new folder"),
            "{err}"
        );
        fs::write(dir.path().join(FILE), "{}").unwrap();
        let err = Manifest::read(dir.path()).unwrap_err().to_string();
        assert!(err.contains("format none"), "{err}");
    }
}
