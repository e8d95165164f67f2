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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn byte_counts_read_well() {
        assert_eq!(human_bytes(8 << 20), "8 MiB");
        assert_eq!(human_bytes(40 * 1_000_000), "38.1 MiB");
        assert_eq!(human_bytes(512 << 10), "512 KiB");
        assert_eq!(human_bytes(17), "17 bytes");
    }
}
