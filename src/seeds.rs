//! Every seed of a tournament, derived from the tournament seed and an identity.
//!
//! Seeds are never drawn from a shared sequence: a game's board and its bots' seeds
//! depend only on the tournament seed and the game's place in the schedule (round, the two
//! bots' names, the game's index in its series). So results are the same with any number
//! of threads, in any order, and adding a bot does not change any other pair's boards.
//!
//! The derivation is SHA-256 over a labelled text, the first 8 bytes read little-endian:
//! portable, documented, and free of any dependence on a random crate's internals.
//!
//! A game that deals hidden setup (minesweeper's mines, a blind evader's pursuers) draws
//! its boards and its bots' seeds under a [`Secret`] as well ([`Root::derive`]): the
//! tournament seed is public and the generators are public code, so without one a bot
//! could recompute the mines. The derivation is then HMAC-SHA-256 keyed with the secret
//! over the same text.

use std::fmt::Write as _;

use hmac::{Hmac, Mac};
use sha2::digest::Update;
use sha2::{Digest, Sha256};

/// The seed for `label` under the tournament seed `root`.
///
/// `parts` are joined with `/` after a version tag, so distinct identities never collide
/// by concatenation (`("ab", "c")` and `("a", "bc")` differ): within a part, `\` is
/// written `\\` and `/` is written `\/`. The text is fed to the hash as it is formatted,
/// without building it (a game derives four seeds).
pub fn derive(root: u64, label: &str, parts: &[&dyn std::fmt::Display]) -> u64 {
    let mut hash = Sha256::new();
    feed_text(&mut hash, root, label, parts);
    let digest = hash.finalize();
    u64::from_le_bytes(digest[..8].try_into().expect("sha256 has 32 bytes"))
}

/// Feeds the labelled text of a seed to `hash`.
fn feed_text(hash: &mut dyn Update, root: u64, label: &str, parts: &[&dyn std::fmt::Display]) {
    // Neither writer ever fails: both only feed the hash.
    let _ = write!(Feed::plain(hash), "arena-seed/v1/{root}/{label}");
    for p in parts {
        hash.update(b"/");
        let _ = write!(Feed::escaping(hash), "{p}");
    }
}

/// The secret a game with hidden setup is dealt under: 32 bytes drawn from the operating
/// system for each tournament (or given with `--secret HEX`), recorded in the results
/// folder's `tournament.json` so that `--resume`, `verify` and `merge` deal the same
/// boards, and never shown on any page or feedback file. `Debug` does not print it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret([u8; SECRET_BYTES]);

/// Bytes in a [`Secret`] (64 hex digits).
pub const SECRET_BYTES: usize = 32;

/// A `--secret` (or a manifest's `secret`) that is not 64 hex digits.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
#[error("a secret is {} hex digits (0-9, a-f), this is {found}", SECRET_BYTES * 2)]
pub struct BadSecret {
    /// What was found, in words (never the text itself, which may be a secret).
    found: String,
}

/// The operating system could not give random bytes.
#[derive(Debug, thiserror::Error)]
#[error("the operating system gave no random bytes for the secret of hidden setup: {0}")]
pub struct NoRandomness(String);

impl Secret {
    /// A fresh secret from the operating system's random source.
    ///
    /// # Errors
    /// [`NoRandomness`] when the system has none to give.
    pub fn draw() -> Result<Secret, NoRandomness> {
        let mut bytes = [0u8; SECRET_BYTES];
        getrandom::fill(&mut bytes).map_err(|e| NoRandomness(e.to_string()))?;
        Ok(Secret(bytes))
    }

    /// The secret as 64 lower-case hex digits.
    pub fn to_hex(&self) -> String {
        hex::encode(self.0)
    }
}

impl std::str::FromStr for Secret {
    type Err = BadSecret;

    fn from_str(text: &str) -> Result<Secret, BadSecret> {
        let found = if text.len() != SECRET_BYTES * 2 {
            format!("{} characters long", text.chars().count())
        } else {
            let mut bytes = [0u8; SECRET_BYTES];
            match hex::decode_to_slice(text, &mut bytes) {
                Ok(()) => return Ok(Secret(bytes)),
                Err(_) => "not all hex digits".to_string(),
            }
        };
        Err(BadSecret { found })
    }
}

impl std::fmt::Debug for Secret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Secret(..)")
    }
}

impl serde::Serialize for Secret {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.to_hex())
    }
}

impl<'de> serde::Deserialize<'de> for Secret {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Secret, D::Error> {
        let text = String::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// Where a game's seeds come from: the tournament seed, and the secret when the game
/// deals hidden setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Root {
    /// The tournament seed (`--seed`).
    pub seed: u64,
    /// The secret of hidden setup, if the game deals any.
    pub secret: Option<Secret>,
}

impl Root {
    /// Seeds from the tournament seed alone (a game of perfect information).
    pub fn public(seed: u64) -> Root {
        Root { seed, secret: None }
    }

    /// The seed for `label` and `parts`: [`derive()`] without a secret; with one, the first
    /// 8 bytes (little-endian) of HMAC-SHA-256 keyed with the secret over the same text,
    /// which no one without the secret can compute.
    pub fn derive(&self, label: &str, parts: &[&dyn std::fmt::Display]) -> u64 {
        let Some(secret) = &self.secret else {
            return derive(self.seed, label, parts);
        };
        let mut mac =
            <Hmac<Sha256> as Mac>::new_from_slice(&secret.0).expect("HMAC takes any key length");
        feed_text(&mut mac, self.seed, label, parts);
        let digest = mac.finalize().into_bytes();
        u64::from_le_bytes(digest[..8].try_into().expect("sha256 has 32 bytes"))
    }
}

/// A [`std::fmt::Write`] that feeds what is written to a hash, escaping `\` and `/` when
/// asked.
struct Feed<'a> {
    hash: &'a mut dyn Update,
    escape: bool,
}

impl<'a> Feed<'a> {
    fn plain(hash: &'a mut dyn Update) -> Self {
        Feed {
            hash,
            escape: false,
        }
    }

    fn escaping(hash: &'a mut dyn Update) -> Self {
        Feed { hash, escape: true }
    }
}

impl std::fmt::Write for Feed<'_> {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let mut rest = s.as_bytes();
        if self.escape {
            while let Some(i) = rest.iter().position(|&b| b == b'\\' || b == b'/') {
                self.hash.update(&rest[..i]);
                self.hash.update(&[b'\\', rest[i]]);
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
    fn a_secret_keys_every_seed_and_is_never_shown() {
        let secret: Secret = "ab".repeat(32).parse().unwrap();
        let keyed = Root {
            seed: 0,
            secret: Some(secret.clone()),
        };
        // Computed outside arena, with Python: int.from_bytes(hmac.new(bytes([0xab] * 32),
        // b"arena-seed/v1/0/t", hashlib.sha256).digest()[:8], "little")
        assert_eq!(keyed.derive("t", &[]), 3_887_332_227_601_508_841);
        let keyed7 = Root {
            seed: 7,
            secret: Some(secret.clone()),
        };
        assert_eq!(
            keyed7.derive("table-board", &[&1, &"a/b"]),
            31_340_411_692_675_148
        );
        // Without a secret, the public derivation as before.
        assert_eq!(Root::public(0).derive("t", &[]), derive(0, "t", &[]));
        assert_ne!(keyed.derive("t", &[]), derive(0, "t", &[]));
        let other: Secret = "ac".repeat(32).parse().unwrap();
        let other = Root {
            seed: 0,
            secret: Some(other),
        };
        assert_ne!(keyed.derive("t", &[]), other.derive("t", &[]));
        // Never printed, read back from its hex, refused when malformed.
        assert_eq!(format!("{secret:?}"), "Secret(..)");
        assert_eq!(secret.to_hex().parse::<Secret>().unwrap(), secret);
        for bad in ["", "ab", &"zz".repeat(32), &"ab".repeat(33)] {
            let e = bad.parse::<Secret>().unwrap_err().to_string();
            assert!(e.contains("64 hex digits"), "{e}");
        }
        let json = serde_json::to_string(&secret).unwrap();
        assert_eq!(json, format!("\"{}\"", "ab".repeat(32)));
        assert_eq!(serde_json::from_str::<Secret>(&json).unwrap(), secret);
        assert_ne!(Secret::draw().unwrap(), Secret::draw().unwrap());
    }

    #[test]
    fn pinned_value() {
        // If this changes, every recorded tournament would replay on other boards. The
        // expected value was computed outside arena, with Python:
        // int.from_bytes(hashlib.sha256(b"arena-seed/v1/0/t").digest()[:8], "little")
        assert_eq!(derive(0, "t", &[]), 3_829_486_240_703_418_971);
    }
}
