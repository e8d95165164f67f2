//! Small text helpers for the games' drawings, which the report calls for every position
//! of every game: numbers written straight into the drawing's buffer, padded as
//! `format!`'s `{n:>width$}` pads them, without a `Formatter` or an allocation.

/// How many decimal digits `n` has.
pub fn decimal_len(n: u64) -> usize {
    n.checked_ilog10().map_or(1, |d| d as usize + 1)
}

/// `n` in decimal, right-aligned in `width` characters (as `{n:>width$}` writes it).
pub fn push_right_aligned(s: &mut String, n: u64, width: usize) {
    push_padding(s, decimal_len(n), width);
    push_decimal(s, n);
}

/// The spaces that right-align a text of `len` characters in `width`.
pub fn push_padding(s: &mut String, len: usize, width: usize) {
    for _ in len..width {
        s.push(' ');
    }
}

/// `n` in decimal.
pub fn push_decimal(s: &mut String, n: u64) {
    let mut digits = [0u8; 20];
    let mut at = digits.len();
    let mut rest = n;
    loop {
        at -= 1;
        digits[at] = b'0' + (rest % 10) as u8;
        rest /= 10;
        if rest == 0 {
            break;
        }
    }
    for &d in &digits[at..] {
        s.push(char::from(d));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_aligned_as_format_aligns_them() {
        for n in [0, 1, 9, 10, 99, 1000, 9999, 10_000, 123_456, u64::MAX] {
            for width in 0..8 {
                let mut s = String::new();
                push_right_aligned(&mut s, n, width);
                assert_eq!(s, format!("{n:>width$}"));
            }
            assert_eq!(decimal_len(n), n.to_string().len());
        }
    }
}
