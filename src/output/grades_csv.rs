//! `grades.csv`: one row per student of the roster.

use std::path::Path;

use super::manifest::SkippedEntry;
use super::{points, write_csv, OutputError};
use crate::grading::bands::{Bands, Measure};
use crate::grading::roster::Roster;
use crate::standings::{Standing, Status};

/// The file name inside the results folder.
pub const FILE: &str = "grades.csv";

/// What a grade came from, for one ranked standing.
#[derive(Clone, Debug, PartialEq)]
pub struct Basis {
    /// The measure's value.
    pub measure: f64,
    /// The rank the percentile was computed from: the best rank among the bots level with
    /// this one (see [`measure`]); the bot's own rank for `score`.
    pub rank: usize,
    /// Ranked bots, the `n` of the percentile: every bot but gauntlet references (a
    /// round robin's builtins count).
    pub ranked: usize,
    /// How many ranked bots share `rank` by being level.
    pub level: usize,
}

/// The measure a band compares for one standing: see [`Measure`]. For percentiles, bots
/// level on everything the ranking compares but the name and head-to-head (their tier,
/// series points, game points and margin) and next to each other in the standings share
/// the best of their ranks, so that alphabetical order never decides a grade and a bot
/// never gets a better measure than one ranked above it.
pub fn measure(kind: Measure, s: &Standing, table: &[Standing]) -> f64 {
    basis(kind, s, table).measure
}

/// The measure of one standing with the rank it came from.
pub fn basis(kind: Measure, s: &Standing, table: &[Standing]) -> Basis {
    let submissions: Vec<&Standing> = table.iter().filter(|t| !t.reference).collect();
    let key = |t: &Standing| {
        (
            t.status(),
            t.series.half_points(),
            t.games.half_points(),
            t.margin,
        )
    };
    // The bots level with this one next to it in the standings: a bot ranked between two
    // level bots (by head-to-head) keeps them apart, so that a bot never shares a rank
    // above one that finished ahead of it.
    let mut in_order = submissions.clone();
    in_order.sort_by_key(|t| t.rank);
    let level: Vec<&&Standing> = match in_order.iter().position(|t| t.name == s.name) {
        Some(at) => {
            let start = (0..at)
                .rev()
                .take_while(|&i| key(in_order[i]) == key(s))
                .last()
                .unwrap_or(at);
            let end = (at..in_order.len())
                .take_while(|&i| key(in_order[i]) == key(s))
                .last()
                .unwrap_or(at);
            in_order[start..=end].iter().collect()
        }
        None => Vec::new(),
    };
    let rank = level.iter().map(|t| t.rank).min().unwrap_or(s.rank);
    let n = submissions.len().max(1);
    match kind {
        Measure::Percentile => Basis {
            measure: (n as f64 - rank as f64 + 1.0) / n as f64,
            rank,
            ranked: submissions.len(),
            level: level.len().max(1),
        },
        Measure::Score => Basis {
            measure: s.games.half_points() as f64 / (2.0 * s.games.played().max(1) as f64),
            rank: s.rank,
            ranked: submissions.len(),
            level: 1,
        },
    }
}

/// The grade `bands` give the ranked standing `s` of `table` and its basis, as
/// `grades.csv` writes them (the feedback pages show them too).
pub(crate) fn graded_of(
    bands: &Bands,
    s: &Standing,
    table: &[Standing],
) -> super::feedback::Graded {
    let (grade, why) = graded(bands, s, &basis(bands.measure, s, table));
    super::feedback::Graded { grade, why }
}

/// What a measure is, in words, for the `measure_basis` column.
pub fn basis_words(kind: Measure) -> &'static str {
    match kind {
        Measure::Percentile => "percentile of rank",
        Measure::Score => "game points per game",
    }
}

/// The grade of one ranked standing and why, in words: the lowest band for a bot that
/// never loaded or faulted in every game, else the band its measure reaches.
fn graded(bands: &Bands, s: &Standing, b: &Basis) -> (String, String) {
    match s.status() {
        Status::Disqualified => (
            bands.lowest().to_string(),
            "never loaded (disqualified): the lowest band".to_string(),
        ),
        Status::Faulted => (
            bands.lowest().to_string(),
            "faulted in every game it played: the lowest band".to_string(),
        ),
        Status::Played => {
            let band = bands.band(b.measure);
            let source = match bands.measure {
                Measure::Percentile if b.level > 1 => format!(
                    "rank {} of {} (shared by {} level bots)",
                    b.rank, b.ranked, b.level
                ),
                Measure::Percentile => format!("rank {} of {}", b.rank, b.ranked),
                Measure::Score => format!(
                    "{} game points in {} games",
                    points(s.games.half_points()),
                    s.games.played()
                ),
            };
            (
                band.grade.clone(),
                format!(
                    "{source}: {} {:.3} reaches band `{}` (min {})",
                    basis_words(bands.measure),
                    b.measure,
                    band.grade,
                    band.min
                ),
            )
        }
    }
}

/// The skipped entries of each roster student with no module in the field, by bot.
pub type Unplayable = std::collections::BTreeMap<String, Vec<SkippedEntry>>;

/// What a student of the roster with no module in the field handed in, in words:
/// `handed in no module`, or, when entries that would have been the module were skipped,
/// `handed in no module that plays: skipped `ana/` (why), …`.
pub fn not_submitted_words(entries: Option<&Vec<SkippedEntry>>) -> String {
    match entries.filter(|e| !e.is_empty()) {
        None => "handed in no module".to_string(),
        Some(entries) => {
            let list: Vec<String> = entries
                .iter()
                .map(|e| format!("`{}` ({})", e.file, e.reason))
                .collect();
            format!(
                "handed in no module that plays: skipped {}",
                list.join(", ")
            )
        }
    }
}

/// The `explanation` of a student with no module in the field (see
/// [`not_submitted_words`]): with bands, the words and the lowest band; without, only
/// what was skipped (empty when nothing was).
pub fn not_submitted_explanation(entries: Option<&Vec<SkippedEntry>>, bands: bool) -> String {
    let skipped = entries.is_some_and(|e| !e.is_empty());
    match (bands, skipped) {
        (true, _) => format!("{}: the lowest band", not_submitted_words(entries)),
        (false, true) => not_submitted_words(entries),
        (false, false) => String::new(),
    }
}

/// Writes `grades.csv` atomically: every roster student, in rank order, then the students
/// who handed nothing in. Columns: `student_id, name, bot, submitted` (`yes`/`no`),
/// `rank, rating, rating_low, rating_high, series_points, game_points, games_played,
/// faults, disqualified, measure` (three decimals, per the bands' `measure`; empty without
/// bands), `grade` (empty without bands; the lowest band for a module that never loaded,
/// one that faulted in every game, and a student who handed nothing in), then
/// `status` (`played`, `faulted`, `disqualified`, `not_submitted`), `measure_basis`,
/// `measure_rank` (the rank a percentile came from), `ranked` (ranked bots) and
/// `explanation` (the grade in words; for a student with no module in the field, what
/// was skipped of theirs and why, from `unplayable`, with or without bands).
///
/// # Errors
/// [`OutputError`] when writing fails.
pub fn write(
    dir: &Path,
    table: &[Standing],
    roster: &Roster,
    bands: Option<&Bands>,
    unplayable: &Unplayable,
) -> Result<(), OutputError> {
    let path = dir.join(FILE);
    let ranked = table.iter().filter(|s| !s.reference).count();
    write_csv(&path, |out| {
        out.write_record([
            "student_id",
            "name",
            "bot",
            "submitted",
            "rank",
            "rating",
            "rating_low",
            "rating_high",
            "series_points",
            "game_points",
            "games_played",
            "faults",
            "disqualified",
            "measure",
            "grade",
            "status",
            "measure_basis",
            "measure_rank",
            "ranked",
            "explanation",
        ])?;
        for s in table.iter().filter(|s| !s.reference) {
            let rating = super::standings_csv::rating_cells(s);
            let Some(student) = roster.student(&s.name) else {
                continue;
            };
            let (m, grade, basis_text, measure_rank, explanation) = match bands {
                Some(bands) => {
                    let b = basis(bands.measure, s, table);
                    let (grade, why) = graded(bands, s, &b);
                    (
                        format!("{:.3}", b.measure),
                        grade,
                        basis_words(bands.measure).to_string(),
                        b.rank.to_string(),
                        why,
                    )
                }
                None => Default::default(),
            };
            out.write_record([
                student.id.clone(),
                student.name.clone(),
                s.name.clone(),
                "yes".to_string(),
                s.rank.to_string(),
                rating[0].clone(),
                rating[1].clone(),
                rating[2].clone(),
                points(s.series.half_points()),
                points(s.games.half_points()),
                s.games.played().to_string(),
                s.faults.values().sum::<u32>().to_string(),
                s.disqualified.clone().unwrap_or_default(),
                m,
                grade,
                s.status().name().to_string(),
                basis_text,
                measure_rank,
                ranked.to_string(),
                explanation,
            ])?;
        }
        // Only submissions: a student named like a reference handed nothing in.
        let names: Vec<&str> = table
            .iter()
            .filter(|s| !s.reference)
            .map(|s| s.name.as_str())
            .collect();
        for student in roster.matching(names).extra {
            let why = not_submitted_explanation(unplayable.get(&student.bot), bands.is_some());
            let (m, grade, basis_text) = match bands {
                Some(b) => ("0.000", b.lowest().to_string(), basis_words(b.measure)),
                None => ("", String::new(), ""),
            };
            out.write_record([
                student.id.as_str(),
                &student.name,
                &student.bot,
                "no",
                "",
                "",
                "",
                "",
                "",
                "",
                "0",
                "",
                "",
                m,
                &grade,
                "not_submitted",
                basis_text,
                "",
                &ranked.to_string(),
                &why,
            ])?;
        }
        Ok(())
    })
}

/// `grades.csv`, with a roster.
pub struct GradesCsv;

impl super::SummaryWriter for GradesCsv {
    fn write(&self, dir: &Path, results: &super::Results) -> Result<(), OutputError> {
        match results.roster {
            Some(roster) => write(
                dir,
                results.standings,
                roster,
                results.bands,
                results.unplayable,
            ),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::standings::Record;

    /// A bot that played, with its series and game wins and its margin.
    fn played(rank: usize, name: &str, series: u32, games: u32, margin: i128) -> Standing {
        Standing {
            rank,
            name: name.into(),
            series: Record {
                wins: series,
                ..Record::default()
            },
            games: Record {
                wins: games,
                losses: 4,
                ..Record::default()
            },
            margin,
            normal_games: games + 4,
            ..Standing::default()
        }
    }

    #[test]
    fn level_bots_apart_in_the_standings_do_not_share_a_rank() {
        // a and c are level on everything but head-to-head; b, ranked between them on
        // head-to-head, has other game points. c must not take a's rank over b's head.
        let table = [
            played(1, "y", 3, 5, 4),
            played(2, "a", 2, 3, 1),
            played(3, "b", 2, 4, 3),
            played(4, "c", 2, 3, 1),
            played(5, "x", 1, 2, -9),
        ];
        let of = |i: usize| basis(Measure::Percentile, &table[i], &table);
        assert_eq!((of(1).rank, of(1).level), (2, 1));
        assert_eq!((of(3).rank, of(3).level), (4, 1));
        assert!(of(3).measure < of(2).measure);
        // Level and next to each other: they share the better rank.
        let table = [
            played(1, "a", 2, 3, 1),
            played(2, "b", 2, 3, 1),
            played(3, "c", 1, 3, 1),
        ];
        let b = basis(Measure::Percentile, &table[1], &table);
        assert_eq!((b.rank, b.level), (1, 2));
    }

    proptest::proptest! {
        #[test]
        fn a_bot_never_measures_above_one_ranked_ahead_of_it(
            keys in proptest::collection::vec((0u32..3, 0u32..3, -2i128..3), 1..9),
        ) {
            // Any order the standings could print (head-to-head may put any bot of a
            // series-points group first), ranked 1..n.
            let table: Vec<Standing> = keys
                .iter()
                .enumerate()
                .map(|(i, &(series, games, margin))| {
                    played(i + 1, &format!("bot{i}"), series, games, margin)
                })
                .collect();
            let measures: Vec<f64> = table
                .iter()
                .map(|s| basis(Measure::Percentile, s, &table).measure)
                .collect();
            for pair in measures.windows(2) {
                proptest::prop_assert!(pair[0] >= pair[1], "{measures:?}");
            }
        }
    }
}
