//! One measured figure, its target, and how it is printed.

use std::fmt;

/// What a figure must reach.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Target {
    /// The value must be at most this.
    AtMost(f64),
    /// The value must be at least this.
    AtLeast(f64),
}

impl Target {
    /// Whether `value` reaches the target.
    pub fn met(self, value: f64) -> bool {
        match self {
            Target::AtMost(t) => value <= t,
            Target::AtLeast(t) => value >= t,
        }
    }
}

/// One line of the report: a stable key (what the figure is), a value with its unit,
/// an optional target, and a short note on how it was obtained.
#[derive(Clone, Debug, PartialEq)]
pub struct Figure {
    /// What is measured, e.g. `harness per move`; stable, so scripts and tests can find it.
    pub key: String,
    /// The value (`NaN` when it could not be measured).
    pub value: f64,
    /// Its unit: `µs`, `ms`, `x` (a ratio) or `games/s`.
    pub unit: &'static str,
    /// The target, if the figure has one.
    pub target: Option<Target>,
    /// How the value was obtained, in a few words.
    pub note: String,
    /// Measured on samples too small to judge the target (`bench --quick`): the verdict
    /// is printed as `~pass`/`~miss`, an indication only.
    pub indicative: bool,
}

impl Figure {
    /// A figure without a target.
    pub fn new(key: impl Into<String>, value: f64, unit: &'static str, note: String) -> Figure {
        Figure {
            key: key.into(),
            value,
            unit,
            target: None,
            note,
            indicative: false,
        }
    }

    /// The same figure with a target.
    pub fn with_target(mut self, target: Target) -> Figure {
        self.target = Some(target);
        self
    }

    /// `Some(true)` when the target is met, `Some(false)` when missed, `None` without one.
    pub fn passed(&self) -> Option<bool> {
        self.target.map(|t| t.met(self.value))
    }
}

/// A number with about three significant digits.
pub fn num(x: f64) -> String {
    if !x.is_finite() {
        return "n/a".to_string();
    }
    let a = x.abs();
    if a >= 100.0 {
        format!("{x:.0}")
    } else if a >= 10.0 {
        format!("{x:.1}")
    } else if a >= 1.0 {
        format!("{x:.2}")
    } else {
        format!("{x:.3}")
    }
}

impl fmt::Display for Figure {
    /// `key  value unit  [target ≤ t unit  PASS|MISS]  (note)` on one line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let value = format!("{} {}", num(self.value), self.unit);
        write!(f, "{:<34} {:>14}", self.key, value)?;
        match self.target {
            Some(t) => {
                let (op, v) = match t {
                    Target::AtMost(v) => ("<=", v),
                    Target::AtLeast(v) => (">=", v),
                };
                let verdict = match (t.met(self.value), self.indicative) {
                    (true, false) => "PASS",
                    (false, false) => "MISS",
                    (true, true) => "~pass",
                    (false, true) => "~miss",
                };
                let target = format!("target {op} {} {}", num(v), self.unit);
                write!(f, "  {target:<22} {verdict:<5}")?;
            }
            None => write!(f, "  {:<22} {:<5}", "", "")?,
        }
        if !self.note.is_empty() {
            write!(f, "  ({})", self.note)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_and_lines() {
        let f = Figure::new("harness per move", 0.25, "µs", "x".into())
            .with_target(Target::AtMost(0.5));
        assert_eq!(f.passed(), Some(true));
        let line = f.to_string();
        assert!(line.starts_with("harness per move"));
        assert!(line.contains("0.250 µs"));
        assert!(line.contains("target <= 0.500 µs"));
        assert!(line.contains("PASS"));
        let g = Figure::new("threads 2", 1.5, "x", String::new()).with_target(Target::AtLeast(1.9));
        assert!(g.to_string().contains("MISS"));
        let quick = Figure {
            indicative: true,
            ..g.clone()
        };
        assert!(quick.to_string().contains("~miss"), "{quick}");
        assert!(!quick.to_string().contains("MISS"), "{quick}");
        assert_eq!(num(f64::NAN), "n/a");
        assert_eq!(num(1234.5), "1234");
    }
}
