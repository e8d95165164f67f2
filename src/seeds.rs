//! Every seed of a tournament, derived from the tournament seed and an identity.
//!
//! Seeds are never drawn from a shared sequence: a game's board and its bots' seeds
//! depend only on the tournament seed and the game's place in the schedule (round, the two
//! bots' names, the game's index in its series). So results are the same with any number
//! of threads, in any order, and adding a bot does not change any other pair's boards.
//!
//! The derivation is SHA-256 over a labelled text, the first 8 bytes read little-endian:
//! portable, documented, and free of any dependence on a random crate's internals.

use sha2::{Digest, Sha256};

/// The seed for `label` under the tournament seed `root`.
///
/// `parts` are joined with `/` after a version tag, so distinct identities never collide
/// by concatenation (`("ab", "c")` and `("a", "bc")` differ).
pub fn derive(root: u64, label: &str, parts: &[&dyn std::fmt::Display]) -> u64 {
    let mut text = format!("arena-seed/v1/{root}/{label}");
    for p in parts {
        text.push('/');
        text.push_str(&p.to_string().replace('\\', "\\\\").replace('/', "\\/"));
    }
    let digest = Sha256::digest(text.as_bytes());
    u64::from_le_bytes(digest[..8].try_into().expect("sha256 has 32 bytes"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn derivation_is_stable_and_separates_identities() {
        let a = derive(7, "board", &[&0, &"alice", &"bob", &1]);
        assert_eq!(a, derive(7, "board", &[&0, &"alice", &"bob", &1]));
        assert_ne!(a, derive(8, "board", &[&0, &"alice", &"bob", &1]));
        assert_ne!(a, derive(7, "bot", &[&0, &"alice", &"bob", &1]));
        assert_ne!(a, derive(7, "board", &[&0, &"alice", &"bob", &2]));
        assert_ne!(
            derive(7, "x", &[&"a/b", &"c"]),
            derive(7, "x", &[&"a", &"b/c"])
        );
    }

    #[test]
    fn pinned_value() {
        // If this changes, every recorded tournament would replay on other boards. The
        // expected value was computed outside arena, with Python:
        // int.from_bytes(hashlib.sha256(b"arena-seed/v1/0/t").digest()[:8], "little")
        assert_eq!(derive(0, "t", &[]), 3_829_486_240_703_418_971);
    }
}
