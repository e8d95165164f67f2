//! Grade bands: a small TOML file turning a measure of a result into a grade.
//!
//! ```toml
//! # "percentile": the share of ranked submissions a bot finished ahead of or level with
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
//! A result gets the first band (highest `min` first) whose `min` it reaches.

use std::path::Path;

use serde::Deserialize;

use super::GradingError;

/// What a band's `min` is compared with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Measure {
    /// The share of the ranked submissions a bot finished ahead of or level with.
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
}

/// The bands of a course.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Bands {
    /// What the bands measure.
    pub measure: Measure,
    /// The bands, any order in the file; kept highest `min` first.
    pub bands: Vec<Band>,
}

impl Bands {
    /// Reads a bands file.
    ///
    /// # Errors
    /// [`GradingError`] for an unreadable file, bad TOML, no bands, or a `min` outside
    /// `0..=1`.
    pub fn read(path: &Path) -> Result<Bands, GradingError> {
        let text = std::fs::read_to_string(path).map_err(|source| GradingError::Io {
            path: path.to_path_buf(),
            source,
        })?;
        Bands::parse(&text).map_err(|reason| GradingError::Invalid {
            path: path.to_path_buf(),
            reason,
        })
    }

    /// Parses bands TOML.
    ///
    /// # Errors
    /// A sentence saying what is wrong.
    pub fn parse(text: &str) -> Result<Bands, String> {
        let mut bands: Bands = toml::from_str(text).map_err(|e| e.to_string())?;
        if bands.bands.is_empty() {
            return Err("no bands: give at least one { grade, min }".into());
        }
        if let Some(b) = bands.bands.iter().find(|b| !(0.0..=1.0).contains(&b.min)) {
            return Err(format!(
                "band `{}`: min {} is outside 0..=1",
                b.grade, b.min
            ));
        }
        bands.bands.sort_by(|a, b| b.min.total_cmp(&a.min));
        Ok(bands)
    }

    /// The grade a measure earns; below every band, the lowest band's grade.
    pub fn grade(&self, measure: f64) -> &str {
        self.bands
            .iter()
            .find(|b| measure >= b.min)
            .or(self.bands.last())
            .map(|b| b.grade.as_str())
            .unwrap_or("")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r#"
measure = "percentile"
bands = [
  { grade = "2", min = 0.0 },
  { grade = "6", min = 0.85 },
  { grade = "4", min = 0.45 },
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
    }

    #[test]
    fn bad_bands_are_explained() {
        assert!(Bands::parse("measure = \"percentile\"\nbands = []")
            .unwrap_err()
            .contains("no bands"));
        assert!(Bands::parse("measure = \"x\"\nbands = []").is_err());
        let e = Bands::parse("measure = \"score\"\nbands = [{ grade = \"A\", min = 2.0 }]")
            .unwrap_err();
        assert!(e.contains("outside"), "{e}");
        assert!(
            Bands::parse("measure = \"score\"\nbands = [{ grade = \"A\", mni = 0.5 }]").is_err()
        );
    }
}
