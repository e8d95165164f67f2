//! The setup lines of the grid games: `ROWSxCOLS name=value …`, with the fields in a
//! fixed order, read in one place with errors that name the game and the line.

use super::DecodeError;

/// A setup line read: the size and each field's value, in the order asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SetupLine<'a> {
    game: &'static str,
    text: &'a str,
    /// Rows of the board.
    pub rows: u32,
    /// Columns of the board.
    pub cols: u32,
    values: Vec<&'a str>,
}

impl<'a> SetupLine<'a> {
    /// Reads `text` as `ROWSxCOLS` followed by exactly the fields `names`, in order.
    ///
    /// # Errors
    /// [`DecodeError`] naming `game`, the line and what is wrong with it.
    pub fn read(
        game: &'static str,
        text: &'a str,
        names: &[&str],
    ) -> Result<SetupLine<'a>, DecodeError> {
        let mut line = SetupLine {
            game,
            text,
            rows: 0,
            cols: 0,
            values: Vec::with_capacity(names.len()),
        };
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != names.len() + 1 {
            let form: Vec<String> = names.iter().map(|n| format!("{n}=…")).collect();
            return Err(line.error(format!("expected `ROWSxCOLS {}`", form.join(" "))));
        }
        let (r, c) = parts[0]
            .split_once('x')
            .ok_or_else(|| line.error(format!("`{}` is not a size ROWSxCOLS", parts[0])))?;
        line.rows = line.number_in(r)?;
        line.cols = line.number_in(c)?;
        for (part, name) in parts[1..].iter().zip(names) {
            let value = part
                .strip_prefix(name)
                .and_then(|v| v.strip_prefix('='))
                .ok_or_else(|| line.error(format!("`{part}` is not {name}=…")))?;
            line.values.push(value);
        }
        Ok(line)
    }

    /// The value of field `i` (in the order of the names read).
    pub fn value(&self, i: usize) -> &'a str {
        self.values[i]
    }

    /// The value of field `i` as a whole number.
    ///
    /// # Errors
    /// [`DecodeError`] when it is not one.
    pub fn number(&self, i: usize) -> Result<u32, DecodeError> {
        self.number_in(self.values[i])
    }

    /// The value of field `i` as a list of whole numbers separated by commas.
    ///
    /// # Errors
    /// [`DecodeError`] naming the first part that is not one.
    pub fn numbers(&self, i: usize) -> Result<Vec<u32>, DecodeError> {
        self.values[i]
            .split(',')
            .map(|s| self.number_in(s))
            .collect()
    }

    /// A whole number read from `s`, part of this line.
    fn number_in(&self, s: &str) -> Result<u32, DecodeError> {
        s.parse::<u32>()
            .map_err(|_| self.error(format!("`{s}` is not a number")))
    }

    /// An error about this line.
    pub fn error(&self, what: impl std::fmt::Display) -> DecodeError {
        DecodeError(format!("{} setup `{}`: {what}", self.game, self.text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_reads_its_size_and_fields_in_order_or_says_what_is_wrong() {
        let line = SetupLine::read("g", "3x4 k=2 at=1,5", &["k", "at"]).unwrap();
        assert_eq!((line.rows, line.cols), (3, 4));
        assert_eq!(line.number(0), Ok(2));
        assert_eq!(line.numbers(1), Ok(vec![1, 5]));
        assert_eq!(line.value(1), "1,5");
        let err = |text: &str| SetupLine::read("g", text, &["k"]).unwrap_err().0;
        assert_eq!(err("3x4"), "g setup `3x4`: expected `ROWSxCOLS k=…`");
        assert!(err("34 k=1").contains("`34` is not a size"));
        assert!(err("3xy k=1").contains("`y` is not a number"));
        assert!(err("3x4 j=1").contains("`j=1` is not k=…"));
    }
}
