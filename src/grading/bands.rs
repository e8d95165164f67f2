//! Grade bands: a small TOML file turning a measure of a result into a grade.
//!
//! ```toml
//! # "percentile": the share of ranked bots a bot finished ahead of or level with
//! #               (1.0 for the winner, 1/n for the last of n);
//! # "score":      game points per game played (against the references in a gauntlet).
//! measure = "percentile"
//! bands = [
//!   { grade = "6", min = 0.85 },
//!   { grade = "5", min = 0.65 },
//!   { grade = "4", min = 0.45 },
//!   { grade = "3", min = 0.25 },
//!   { grade = "2", min = 0.0 },
//! ]
//! ```
//! A band may also carry `points` (`{ grade = "6", min = 0.85, points = 10 }`): the
//! number `arena grades` writes into a gradebook for that grade (a numeric grade is its
//! own number without them).
//!
//! A result gets the first band (highest `min` first) whose `min` it reaches. The bands
//! must be listed from the highest `min` down, with distinct minimums, the last at 0.0,
//! so that every result falls in exactly one band; anything else is refused, naming the
//! band.

use std::path::Path;

use serde::Deserialize;

use super::GradingError;

/// What a band's `min` is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// The share of the ranked bots (a round robin's builtins included, gauntlet
    /// references never) a bot finished ahead of or level with.
    Percentile,
    /// Game points per game played.
    Score,
}

/// One band.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Band {
    /// The grade it gives.
    pub grade: String,
    /// The smallest measure that earns it, in `0..=1`.
    pub min: f64,
    /// The number a gradebook gets for this grade (`arena grades`), if not the grade
    /// itself.
    #[serde(default)]
    pub points: Option<f64>,
}

/// The bands of a course.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    /// What the bands measure.
    pub measure: Measure,
    /// The bands, highest `min` first (as the file must list them), the last at 0.0.
    pub bands: Vec<Band>,
}

/// What is wrong with a bands file.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum BandsError {
    /// The TOML reader refused the text: where, and its reason, never the file's lines
    /// (the file may be anything, a secret handed to `--bands` by mistake).
    #[error("{}{reason}", place(*.at))]
    Toml {
        /// The line and column (from 1) where the reader stopped, when it says.
        at: Option<(usize, usize)>,
        /// The reader's reason, on one line, escaped, at most [`MAX_REASON_CHARS`]
        /// characters.
        reason: String,
    },
    /// An empty list of bands.
    #[error("no bands: give at least one {{ grade, min }}")]
    NoBands,
    /// A band (numbered from 1) with an empty grade.
    #[error("band {0}: the grade is empty")]
    EmptyGrade(usize),
    /// A minimum outside `0..=1`.
    #[error("band `{band}`: min {min} is outside 0..=1")]
    MinOutOfRange {
        /// The band's grade.
        band: String,
        /// Its minimum.
        min: f64,
    },
    /// A grade listed twice.
    #[error("band `{band}` is listed twice (min {first} and min {second})")]
    Repeated {
        /// The grade.
        band: String,
        /// The first band's minimum.
        first: f64,
        /// The second band's minimum.
        second: f64,
    },
    /// Two bands with one minimum.
    #[error(
        "band `{band}` has the same min {min} as band `{other}`: every band needs its own min"
    )]
    SameMin {
        /// The later band.
        band: String,
        /// The shared minimum.
        min: f64,
        /// The earlier band.
        other: String,
    },
    /// A band whose minimum is above the one before it.
    #[error("band `{band}` (min {min}) comes after band `{previous}` (min {previous_min}): list the bands from the highest min down")]
    OutOfOrder {
        /// The band.
        band: String,
        /// Its minimum.
        min: f64,
        /// The band before it.
        previous: String,
        /// That band's minimum.
        previous_min: f64,
    },
    /// A band's points that are negative or not a number.
    #[error("band `{band}`: points {points} must be a number of at least 0")]
    BadPoints {
        /// The band's grade.
        band: String,
        /// Its points.
        points: f64,
    },
    /// The lowest band does not start at 0.
    #[error("band `{band}` is the lowest, with min {min}: the lowest band must have min = 0.0, so that every result (and a missing one) gets a grade")]
    LowestNotZero {
        /// The lowest band.
        band: String,
        /// Its minimum.
        min: f64,
    },
}

/// How far below a band's `min` a measure may fall and still reach it: far above the
/// rounding error of a mean of a few thousand fractions, far below any difference the
/// three decimals of `grades.csv` show.
pub const TOLERANCE: f64 = 1e-9;

/// The most characters of the TOML reader's reason that a [`BandsError::Toml`] keeps.
pub const MAX_REASON_CHARS: usize = 200;

/// `line L, column C: ` for a position, nothing without one.
fn place(at: Option<(usize, usize)>) -> String {
    at.map(|(line, column)| format!("line {line}, column {column}: "))
        .unwrap_or_default()
}

impl BandsError {
    /// The error for the TOML reader's refusal of `text`: its position and its reason
    /// only. The reader's own `Display` quotes the line under a caret, which is never
    /// shown.
    fn toml(text: &str, e: &toml::de::Error) -> BandsError {
        let at = e.span().map(|span| {
            let before = text.as_bytes().get(..span.start).unwrap_or(text.as_bytes());
            let line_start = before
                .iter()
                .rposition(|&b| b == b'\n')
                .map_or(0, |i| i + 1);
            let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
            let column = String::from_utf8_lossy(&before[line_start..])
                .chars()
                .count()
                + 1;
            (line, column)
        });
        let folded = e.message().split_whitespace().collect::<Vec<_>>().join(" ");
        let mut kept: String = folded.chars().take(MAX_REASON_CHARS).collect();
        if kept.len() < folded.len() {
            kept.push('…');
        }
        BandsError::Toml {
            at,
            reason: crate::bot_name::escape_message(&kept),
        }
    }
}

impl Bands {
    /// Reads a bands file.
    ///
    /// # Errors
    /// [`GradingError`] for an unreadable file, bad TOML, no bands, or bands that do not
    /// cover `0..=1` with distinct minimums listed from the highest down to 0.0.
    pub fn read(path: &Path) -> Result<Bands, GradingError> {
        let text = super::read_text(path)?;
        Bands::parse(&text).map_err(|problem| GradingError::Bands {
            path: path.to_path_buf(),
            problem,
        })
    }

    /// Parses bands TOML.
    ///
    /// # Errors
    /// [`BandsError`] saying what is wrong, naming the band.
    pub fn parse(text: &str) -> Result<Bands, BandsError> {
        let mut bands: Bands = toml::from_str(text).map_err(|e| BandsError::toml(text, &e))?;
        // A grade is a label: `"A "` is `"A"` (and so listed twice if both are there).
        for b in &mut bands.bands {
            b.grade = b.grade.trim().to_string();
        }
        if bands.bands.is_empty() {
            return Err(BandsError::NoBands);
        }
        for (i, b) in bands.bands.iter().enumerate() {
            let band = || b.grade.clone();
            if b.grade.trim().is_empty() {
                return Err(BandsError::EmptyGrade(i + 1));
            }
            if let Some(points) = b.points.filter(|p| !p.is_finite() || *p < 0.0) {
                return Err(BandsError::BadPoints {
                    band: band(),
                    points,
                });
            }
            if !(0.0..=1.0).contains(&b.min) {
                return Err(BandsError::MinOutOfRange {
                    band: band(),
                    min: b.min,
                });
            }
            if let Some(prev) = bands.bands[..i].iter().find(|p| p.grade == b.grade) {
                return Err(BandsError::Repeated {
                    band: band(),
                    first: prev.min,
                    second: b.min,
                });
            }
            if i > 0 {
                let prev = &bands.bands[i - 1];
                if b.min == prev.min {
                    return Err(BandsError::SameMin {
                        band: band(),
                        min: b.min,
                        other: prev.grade.clone(),
                    });
                }
                if b.min > prev.min {
                    return Err(BandsError::OutOfOrder {
                        band: band(),
                        min: b.min,
                        previous: prev.grade.clone(),
                        previous_min: prev.min,
                    });
                }
            }
        }
        let lowest = bands.bands.last().expect("at least one band");
        if lowest.min != 0.0 {
            return Err(BandsError::LowestNotZero {
                band: lowest.grade.clone(),
                min: lowest.min,
            });
        }
        Ok(bands)
    }

    /// The lowest band's grade: for a module that never loaded, one that faulted in every
    /// game, and a student who handed nothing in.
    pub fn lowest(&self) -> &str {
        self.bands.last().map(|b| b.grade.as_str()).unwrap_or("")
    }

    /// The band a measure reaches (the one with the highest `min` not above it, less
    /// [`TOLERANCE`]: a mean of fractions summed in floating point, such as a one-seat
    /// leaderboard's mean score, can fall a rounding error short of its exact value).
    pub fn band(&self, measure: f64) -> &Band {
        self.bands
            .iter()
            .find(|b| measure >= b.min - TOLERANCE)
            .or(self.bands.last())
            .expect("bands are never empty")
    }

    /// The grade a measure earns.
    pub fn grade(&self, measure: f64) -> &str {
        self.band(measure).grade.as_str()
    }

    /// The number a gradebook gets for `grade`: its band's `points`, or the grade itself
    /// when it is a number (`None` for a grade of no band, or a band without points whose
    /// grade is not a number).
    pub fn points(&self, grade: &str) -> Option<f64> {
        let band = self.bands.iter().find(|b| b.grade == grade)?;
        band.points
            .or_else(|| grade.trim().parse::<f64>().ok().filter(|p| p.is_finite()))
    }

    /// The most points any band gives (a gradebook's "points possible").
    pub fn max_points(&self) -> Option<f64> {
        self.bands
            .iter()
            .filter_map(|b| self.points(&b.grade))
            .reduce(f64::max)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"
measure = "percentile"
bands = [
  { grade = "6", min = 0.85 },
  { grade = "4", min = 0.45 },
  { grade = "2", min = 0.0 },
]
"#;

    #[test]
    fn grades_by_the_highest_band_reached() {
        let b = Bands::parse(EXAMPLE).unwrap();
        assert_eq!(b.measure, Measure::Percentile);
        assert_eq!(b.grade(1.0), "6");
        assert_eq!(b.grade(0.85), "6");
        assert_eq!(b.grade(0.84), "4");
        assert_eq!(b.grade(0.1), "2");
        assert_eq!(b.grade(0.0), "2");
        assert_eq!(b.lowest(), "2");
    }

    #[test]
    fn a_mean_a_rounding_error_short_of_a_min_reaches_it() {
        let b = Bands::parse(
            "measure = \"score\"\nbands = [{ grade = \"A\", min = 0.9 }, { grade = \"B\", min = 0.0 }]",
        )
        .unwrap();
        // Four boards scored 1, 4/5, 1, 4/5: exactly 0.9, summed in f64 just below it.
        let mean = [1.0, 0.8, 1.0, 0.8].iter().sum::<f64>() / 4.0;
        assert!(mean < 0.9, "{mean}");
        assert_eq!(b.grade(mean), "A");
        assert_eq!(b.grade(0.8999), "B");
    }

    #[test]
    fn a_band_may_carry_points() {
        let b = Bands::parse(
            "measure = \"score\"\nbands = [{ grade = \"A\", min = 0.5, points = 10 }, { grade = \"F\", min = 0.0, points = 0 }]",
        )
        .unwrap();
        assert_eq!(b.points("A"), Some(10.0));
        assert_eq!(b.points("F"), Some(0.0));
        assert_eq!(b.points("B"), None);
        assert_eq!(b.max_points(), Some(10.0));
        let numeric = Bands::parse(EXAMPLE).unwrap();
        assert_eq!(numeric.points("6"), Some(6.0));
        let e = Bands::parse(
            "measure = \"score\"\nbands = [{ grade = \"F\", min = 0.0, points = -1 }]",
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("points -1"), "{e}");
    }

    #[test]
    fn bad_bands_are_explained() {
        assert!(Bands::parse("measure = \"percentile\"\nbands = []")
            .unwrap_err()
            .to_string()
            .contains("no bands"));
        assert!(Bands::parse("measure = \"x\"\nbands = []").is_err());
        let e = Bands::parse("measure = \"score\"\nbands = [{ grade = \"A\", min = 2.0 }]")
            .unwrap_err()
            .to_string();
        assert!(e.contains("outside"), "{e}");
        assert!(
            Bands::parse("measure = \"score\"\nbands = [{ grade = \"A\", mni = 0.5 }]").is_err()
        );
    }

    #[test]
    fn toml_errors_give_the_place_and_the_reason_never_the_line() {
        let e = Bands::parse("# bands\nSECRET = hunter2\n").unwrap_err();
        let shown = e.to_string();
        assert!(
            !shown.contains("hunter2") && !shown.contains("SECRET"),
            "{shown}"
        );
        assert!(shown.starts_with("line 2, column 10: "), "{shown}");
        assert!(!shown.contains('\n') && !shown.contains('^'), "{shown}");
        // A reason that quotes a value is cut short and escaped.
        let long = format!("measure = \"{}\\u001b\"\nbands = []", "x".repeat(1000));
        let shown = Bands::parse(&long).unwrap_err().to_string();
        assert!(shown.chars().count() < MAX_REASON_CHARS + 40, "{shown}");
        assert!(!shown.chars().any(char::is_control), "{shown}");
    }

    #[test]
    fn bands_must_cover_from_zero_with_distinct_ordered_minimums() {
        let parse = |bands: &str| Bands::parse(&format!("measure = \"score\"\nbands = [{bands}]"));
        let e = parse(r#"{ grade = "A", min = 0.5 }, { grade = "B", min = 0.2 }"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("band `B`") && e.contains("min = 0.0"), "{e}");
        let e = parse(
            r#"{ grade = "A", min = 0.5 }, { grade = "B", min = 0.5 }, { grade = "F", min = 0.0 }"#,
        )
        .unwrap_err()
        .to_string();
        assert!(e.contains("band `B`") && e.contains("same min"), "{e}");
        let e = parse(r#"{ grade = "A", min = 0.0 }, { grade = "F", min = 0.0 }"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("band `F`") && e.contains("same min"), "{e}");
        let e = parse(r#"{ grade = "F", min = 0.0 }, { grade = "A", min = 0.5 }"#)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("band `A`") && e.contains("highest min down"),
            "{e}"
        );
        let e = parse(r#"{ grade = "A", min = 0.5 }, { grade = "A", min = 0.0 }"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("band `A` is listed twice"), "{e}");
        let e = parse(r#"{ grade = "A", min = 0.5 }, { grade = "A ", min = 0.0 }"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("band `A` is listed twice"), "{e}");
        let e = parse(r#"{ grade = " ", min = 0.0 }"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("empty"), "{e}");
        let e = parse(r#"{ grade = "A", min = nan }"#)
            .unwrap_err()
            .to_string();
        assert!(e.contains("band `A`"), "{e}");
        for points in ["nan", "inf", "-inf", "-1"] {
            let e = parse(&format!(
                r#"{{ grade = "A", min = 0.0, points = {points} }}"#
            ))
            .unwrap_err()
            .to_string();
            assert!(e.contains("band `A`: points"), "{points}: {e}");
        }
        assert_eq!(
            parse(r#"{ grade = "all", min = 0.0 }"#).unwrap().grade(0.7),
            "all"
        );
    }
}
