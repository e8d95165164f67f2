//! Quantities written for people.

/// Bytes in a mebibyte.
const MIB: u64 = 1 << 20;

/// Writes a byte count for people: `40.0 MiB`, `512 KiB`, `17 bytes`.
pub fn human_bytes(bytes: u64) -> String {
    if bytes >= MIB {
        let mib = bytes as f64 / MIB as f64;
        if bytes.is_multiple_of(MIB) {
            format!("{} MiB", bytes / MIB)
        } else {
            format!("{mib:.1} MiB")
        }
    } else if bytes >= 1024 && bytes.is_multiple_of(1024) {
        format!("{} KiB", bytes / 1024)
    } else {
        format!("{bytes} bytes")
    }
}

/// A count with its noun in the right number: `1 seat`, `2 seats`, `0 problems`
/// (`plural` is the noun for any count but one).
pub fn counted(n: impl Into<u64>, singular: &str, plural: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { singular } else { plural })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_noun_in_their_number() {
        assert_eq!(counted(1u8, "seat", "seats"), "1 seat");
        assert_eq!(counted(2u8, "seat", "seats"), "2 seats");
        assert_eq!(counted(0u32, "problem", "problems"), "0 problems");
    }

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(human_bytes(8 << 20), "8 MiB");
        assert_eq!(human_bytes(40 * 1_000_000), "38.1 MiB");
        assert_eq!(human_bytes(512 << 10), "512 KiB");
        assert_eq!(human_bytes(17), "17 bytes");
    }
}
