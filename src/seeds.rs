//! Every seed of a tournament, derived from the tournament seed and an identity.
//!
//! Seeds are never drawn from a shared sequence: a game's board and its bots' seeds
//! depend only on the tournament seed and the game's place in the schedule (round, the two
//! bots' names, the game's index in its series). So results are the same with any number
//! of threads, in any order, and adding a bot does not change any other pair's boards.
//!
//! The derivation is SHA-256 over a labelled text, the first 8 bytes read little-endian:
//! portable, documented, and free of any dependence on a random crate's internals.

use std::fmt::Write as _;

use sha2::{Digest, Sha256};

/// The seed for `label` under the tournament seed `root`.
///
/// `parts` are joined with `/` after a version tag, so distinct identities never collide
/// by concatenation (`("ab", "c")` and `("a", "bc")` differ): within a part, `\` is
/// written `\\` and `/` is written `\/`. The text is fed to the hash as it is formatted,
/// without building it (a game derives four seeds).
pub fn derive(root: u64, label: &str, parts: &[&dyn std::fmt::Display]) -> u64 {
    let mut hash = Sha256::new();
    // Neither writer ever fails: both only feed the hash.
    let _ = write!(Feed::plain(&mut hash), "arena-seed/v1/{root}/{label}");
    for p in parts {
        hash.update(b"/");
        let _ = write!(Feed::escaping(&mut hash), "{p}");
    }
    let digest = hash.finalize();
    u64::from_le_bytes(digest[..8].try_into().expect("sha256 has 32 bytes"))
}

/// A [`std::fmt::Write`] that feeds what is written to a hash, escaping `\` and `/` when
/// asked.
struct Feed<'a> {
    hash: &'a mut Sha256,
    escape: bool,
}

impl<'a> Feed<'a> {
    fn plain(hash: &'a mut Sha256) -> Self {
        Feed {
            hash,
            escape: false,
        }
    }

    fn escaping(hash: &'a mut Sha256) -> Self {
        Feed { hash, escape: true }
    }
}

impl std::fmt::Write for Feed<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let mut rest = s.as_bytes();
        if self.escape {
            while let Some(i) = rest.iter().position(|&b| b == b'\\' || b == b'/') {
                self.hash.update(&rest[..i]);
                self.hash.update([b'\\', rest[i]]);
                rest = &rest[i + 1..];
            }
        }
        self.hash.update(rest);
        Ok(())
    }
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

    /// The derivation as first written: the text built whole, then hashed.
    fn derive_built(root: u64, label: &str, parts: &[&dyn std::fmt::Display]) -> u64 {
        let mut text = format!("arena-seed/v1/{root}/{label}");
        for p in parts {
            text.push('/');
            text.push_str(&p.to_string().replace('\\', "\\\\").replace('/', "\\/"));
        }
        let digest = Sha256::digest(text.as_bytes());
        u64::from_le_bytes(digest[..8].try_into().expect("sha256 has 32 bytes"))
    }

    proptest::proptest! {
        #[test]
        fn hashing_as_it_formats_gives_the_seeds_of_the_built_text(
            root: u64,
            label in "[a-z-]{0,12}",
            name in "[a-z/\\\\.]{0,40}",
            other in "\\PC{0,80}",
            round: u32,
        ) {
            let parts: [&dyn std::fmt::Display; 4] = [&round, &name, &other, &-7i64];
            proptest::prop_assert_eq!(
                derive(root, &label, &parts),
                derive_built(root, &label, &parts)
            );
        }
    }

    #[test]
    fn pinned_value() {
        // If this changes, every recorded tournament would replay on other boards. The
        // expected value was computed outside arena, with Python:
        // int.from_bytes(hashlib.sha256(b"arena-seed/v1/0/t").digest()[:8], "little")
        assert_eq!(derive(0, "t", &[]), 3_829_486_240_703_418_971);
    }
}
