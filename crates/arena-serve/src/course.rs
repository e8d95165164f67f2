//! A course folder's set-up: `course.toml` (game, roster, opening and closing time,
//! reference bots, limits), read and checked once at start.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime};

use arena_games::registry::{find_table_game, TableKind};
use arena_games::GameParams;
use serde::Deserialize;

/// The file in a course folder that sets the course up.
pub const COURSE_FILE: &str = "course.toml";

/// What is wrong with a course folder.
#[derive(Debug, thiserror::Error)]
pub enum CourseError {
    /// A file of the course could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// `course.toml` is not valid TOML or has a field of the wrong kind.
    #[error("{path}: {message}")]
    Toml {
        /// The file.
        path: PathBuf,
        /// What the TOML reader said.
        message: String,
    },
    /// A value of `course.toml` is refused.
    #[error("{path}: {message}")]
    Value {
        /// The file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
    /// The roster is refused.
    #[error("{path}: {message}")]
    Roster {
        /// The roster file.
        path: PathBuf,
        /// What is wrong.
        message: String,
    },
}

/// `course.toml` as written.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct CourseFile {
    game: String,
    rows: Option<u32>,
    cols: Option<u32>,
    #[serde(default)]
    options: BTreeMap<String, String>,
    roster: PathBuf,
    opens: String,
    closes: String,
    #[serde(default)]
    references: Vec<PathBuf>,
    #[serde(default = "default_seed")]
    seed: u64,
    #[serde(default)]
    show_names: bool,
    #[serde(default)]
    limits: LimitsFile,
}

fn default_seed() -> u64 {
    1
}

/// The `[limits]` table.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct LimitsFile {
    #[serde(default = "default_uploads")]
    uploads_per_hour: u32,
    #[serde(default = "default_module_bytes")]
    module_bytes: u64,
    #[serde(default = "default_workers")]
    workers: u32,
    #[serde(default = "default_sign_in_hours")]
    sign_in_hours: u32,
}

impl Default for LimitsFile {
    fn default() -> LimitsFile {
        LimitsFile {
            uploads_per_hour: default_uploads(),
            module_bytes: default_module_bytes(),
            workers: default_workers(),
            sign_in_hours: default_sign_in_hours(),
        }
    }
}

fn default_uploads() -> u32 {
    12
}
fn default_module_bytes() -> u64 {
    arena::runtime::Limits::default().module_bytes
}
fn default_workers() -> u32 {
    1
}
fn default_sign_in_hours() -> u32 {
    12
}

/// One person of the roster.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Person {
    /// The id the instructor's records use (letters, digits and `._@+-`).
    pub id: String,
    /// The full name.
    pub name: String,
    /// Student or instructor.
    pub role: Role,
}

/// What a person may do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// Uploads bots, sees the leaderboard and their own games.
    Student,
    /// Sees everything, disables bots, removes a student's data.
    Instructor,
}

impl Role {
    /// Its name in the roster and the database.
    pub fn name(self) -> &'static str {
        match self {
            Role::Student => "student",
            Role::Instructor => "instructor",
        }
    }

    /// The role a roster or database names.
    pub fn parse(text: &str) -> Option<Role> {
        match text.trim().to_ascii_lowercase().as_str() {
            "" | "student" => Some(Role::Student),
            "instructor" | "assistant" | "ta" | "teacher" => Some(Role::Instructor),
            _ => None,
        }
    }
}

/// The limits of the course.
#[derive(Clone, Debug)]
pub struct CourseLimits {
    /// Uploads one student may make in an hour (refused ones count).
    pub uploads_per_hour: u32,
    /// The largest module or script accepted, in bytes (at most arena's module cap).
    pub module_bytes: u64,
    /// Threads that play ladder games.
    pub workers: u32,
    /// How long a sign-in lasts.
    pub sign_in: Duration,
}

/// A course, checked.
#[derive(Clone)]
pub struct Course {
    /// The course folder.
    pub dir: PathBuf,
    /// The game (two-seat games only).
    pub game: &'static dyn TableKind,
    /// Its name as the registry spells it.
    pub game_name: String,
    /// Board size and options.
    pub params: GameParams,
    /// The `--rows`, `--cols` and `--option` flags of `arena check` for these settings.
    pub check_flags: Vec<String>,
    /// The people.
    pub roster: Vec<Person>,
    /// Uploads are taken and the ladder plays from then…
    pub opens: SystemTime,
    /// …until then.
    pub closes: SystemTime,
    /// The reference bots' files.
    pub references: Vec<PathBuf>,
    /// The root of every board and bot seed of the ladder.
    pub seed: u64,
    /// Whether the leaderboard shows full names (otherwise chosen handles).
    pub show_names: bool,
    /// The limits.
    pub limits: CourseLimits,
}

impl std::fmt::Debug for Course {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Course")
            .field("dir", &self.dir)
            .field("game", &self.game_name)
            .finish_non_exhaustive()
    }
}

/// Whether `id` is a roster id the ladder accepts: 1 to 64 of letters, digits and
/// `._@+-`, not starting with `.` or `-` (it names the exported file).
pub fn valid_id(id: &str) -> bool {
    (1..=64).contains(&id.len())
        && !id.starts_with(['.', '-'])
        && id
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "._@+-".contains(c))
}

impl Course {
    /// Reads and checks `dir/course.toml` and the roster it names.
    ///
    /// # Errors
    /// [`CourseError`] naming the file and the problem.
    pub fn load(dir: &Path) -> Result<Course, CourseError> {
        let path = dir.join(COURSE_FILE);
        let text = std::fs::read_to_string(&path).map_err(|source| CourseError::Read {
            path: path.clone(),
            source,
        })?;
        let file: CourseFile = toml::from_str(&text).map_err(|e| CourseError::Toml {
            path: path.clone(),
            message: e.to_string(),
        })?;
        let bad = |message: String| CourseError::Value {
            path: path.clone(),
            message,
        };
        let game = find_table_game(&file.game).map_err(|e| bad(format!("game: {e}")))?;
        let params = GameParams {
            rows: file.rows,
            cols: file.cols,
            options: file.options.clone(),
        };
        let seats = game
            .seat_count(&params)
            .map_err(|e| bad(format!("game {}: {e}", file.game)))?;
        if seats != 2 {
            return Err(bad(format!(
                "game {}: the ladder plays two-seat games; these settings seat {seats}",
                file.game
            )));
        }
        game.new_game(&params, 0)
            .map_err(|e| bad(format!("game {}: {e}", file.game)))?;
        if game.hides_setup(&params) {
            // Its boards would be derived from a seed a student can guess: not served
            // until the ladder deals them under a secret.
            return Err(bad(format!(
                "game {}: these settings deal hidden setup, which the ladder does not serve",
                file.game
            )));
        }
        let mut check_flags = vec!["--game".to_string(), game.info().name.to_string()];
        if let Some(r) = file.rows {
            check_flags.extend(["--rows".to_string(), r.to_string()]);
        }
        if let Some(c) = file.cols {
            check_flags.extend(["--cols".to_string(), c.to_string()]);
        }
        for (k, v) in &file.options {
            check_flags.extend(["--option".to_string(), format!("{k}={v}")]);
        }
        let time = |what: &str, text: &str| {
            humantime::parse_rfc3339_weak(text).map_err(|e| {
                bad(format!(
                    "{what} = \"{text}\": {e} (write it as 2026-03-01T09:00:00Z)"
                ))
            })
        };
        let opens = time("opens", &file.opens)?;
        let closes = time("closes", &file.closes)?;
        if closes <= opens {
            return Err(bad("closes is not after opens".into()));
        }
        let cap = arena::runtime::Limits::default().module_bytes;
        let l = &file.limits;
        if l.module_bytes == 0 || l.module_bytes > cap {
            return Err(bad(format!(
                "limits.module_bytes = {}: give 1 to {cap} (arena's module cap)",
                l.module_bytes
            )));
        }
        if !(1..=64).contains(&l.workers) {
            return Err(bad(format!("limits.workers = {}: give 1 to 64", l.workers)));
        }
        if !(1..=1000).contains(&l.uploads_per_hour) {
            return Err(bad(format!(
                "limits.uploads_per_hour = {}: give 1 to 1000",
                l.uploads_per_hour
            )));
        }
        if !(1..=24 * 30).contains(&l.sign_in_hours) {
            return Err(bad(format!(
                "limits.sign_in_hours = {}: give 1 to 720",
                l.sign_in_hours
            )));
        }
        let roster_path = dir.join(&file.roster);
        let roster = read_roster(&roster_path)?;
        let references = file.references.iter().map(|r| dir.join(r)).collect();
        Ok(Course {
            dir: dir.to_path_buf(),
            game,
            game_name: game.info().name.to_string(),
            params,
            check_flags,
            roster,
            opens,
            closes,
            references,
            seed: file.seed,
            show_names: file.show_names,
            limits: CourseLimits {
                uploads_per_hour: l.uploads_per_hour,
                module_bytes: l.module_bytes,
                workers: l.workers,
                sign_in: Duration::from_secs(u64::from(l.sign_in_hours) * 3600),
            },
        })
    }

    /// Whether uploads are taken and the ladder plays at `now`.
    pub fn is_open(&self, now: SystemTime) -> bool {
        self.opens <= now && now < self.closes
    }

    /// The database file.
    pub fn database(&self) -> PathBuf {
        self.dir.join("ladder.sqlite")
    }

    /// The content-addressed store of uploaded modules.
    pub fn store(&self) -> PathBuf {
        self.dir.join("modules")
    }
}

/// Reads the roster: a CSV with a header naming `id` (or `student_id`), `name` and,
/// optionally, `role` (`student`, the default, or `instructor`).
///
/// # Errors
/// [`CourseError::Roster`] naming the line and the problem.
pub fn read_roster(path: &Path) -> Result<Vec<Person>, CourseError> {
    let bad = |message: String| CourseError::Roster {
        path: path.to_path_buf(),
        message,
    };
    let text = std::fs::read(path).map_err(|source| CourseError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    let mut reader = csv::ReaderBuilder::new()
        .flexible(false)
        .from_reader(&text[..]);
    let header = reader
        .headers()
        .map_err(|e| bad(e.to_string()))?
        .iter()
        .map(|h| h.trim().to_ascii_lowercase().replace([' ', '-'], "_"))
        .collect::<Vec<_>>();
    let column = |names: &[&str]| header.iter().position(|h| names.contains(&h.as_str()));
    let id_col = column(&["id", "student_id"])
        .ok_or_else(|| bad("the header names no `id` (or `student_id`) column".into()))?;
    let name_col = column(&["name", "full_name"])
        .ok_or_else(|| bad("the header names no `name` column".into()))?;
    let role_col = column(&["role"]);
    let mut people: Vec<Person> = Vec::new();
    for (i, record) in reader.records().enumerate() {
        let line = i + 2;
        let record = record.map_err(|e| bad(e.to_string()))?;
        let id = record.get(id_col).unwrap_or("").trim().to_string();
        if !valid_id(&id) {
            return Err(bad(format!(
                "line {line}: id `{}` is not 1 to 64 letters, digits or ._@+- (not starting with . or -)",
                arena::bot_name::escape_message(&id)
            )));
        }
        if people.iter().any(|p| p.id == id) {
            return Err(bad(format!("line {line}: id `{id}` appears twice")));
        }
        let name = record.get(name_col).unwrap_or("").trim().to_string();
        let role_text = role_col.and_then(|c| record.get(c)).unwrap_or("");
        let role = Role::parse(role_text).ok_or_else(|| {
            bad(format!(
                "line {line}: role `{}` is neither student nor instructor",
                arena::bot_name::escape_message(role_text)
            ))
        })?;
        people.push(Person { id, name, role });
    }
    if people.is_empty() {
        return Err(bad("the roster lists nobody".into()));
    }
    Ok(people)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_that_name_files_only() {
        assert!(valid_id("s1234") && valid_id("ana.lima@uni.edu"));
        for bad in ["", ".", "..", "-x", "a/b", "a b", "a\\b", &"x".repeat(65)] {
            assert!(!valid_id(bad), "{bad}");
        }
    }

    #[test]
    fn a_course_refuses_games_it_cannot_serve() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("r.csv"), "id,name\ns1,Ana\n").unwrap();
        let write = |game: &str, extra: &str| {
            std::fs::write(
                dir.path().join(COURSE_FILE),
                format!("game = \"{game}\"\nroster = \"r.csv\"\nopens = \"2020-01-01T00:00:00Z\"\ncloses = \"2030-01-01T00:00:00Z\"\n{extra}"),
            )
            .unwrap();
        };
        write("mathtricks", "");
        let c = Course::load(dir.path()).unwrap();
        assert_eq!(c.check_flags, ["--game", "mathtricks"]);
        write("minesweeper", "options = { players = \"2\" }\n");
        let e = Course::load(dir.path()).unwrap_err().to_string();
        assert!(e.contains("hidden setup"), "{e}");
        write("tictactoe", "");
        assert!(Course::load(dir.path()).is_ok());
        write("nosuchgame", "");
        assert!(Course::load(dir.path())
            .unwrap_err()
            .to_string()
            .contains("game"));
        write("mathtricks", "[limits]\nmodule_bytes = 999999999\n");
        assert!(Course::load(dir.path())
            .unwrap_err()
            .to_string()
            .contains("module_bytes"));
    }

    #[test]
    fn roster_roles_and_duplicates() {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("r.csv");
        std::fs::write(&p, "Student ID,Name,Role\ns1,Ana,\nta,Tom,instructor\n").unwrap();
        let r = read_roster(&p).unwrap();
        assert_eq!(r[0].role, Role::Student);
        assert_eq!(r[1].role, Role::Instructor);
        std::fs::write(&p, "id,name\ns1,Ana\ns1,Bo\n").unwrap();
        assert!(read_roster(&p).unwrap_err().to_string().contains("twice"));
        std::fs::write(&p, "id,name\n../x,Ana\n").unwrap();
        assert!(read_roster(&p).unwrap_err().to_string().contains("line 2"));
    }
}
