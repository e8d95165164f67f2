//! Secrets: sign-in tokens, session ids and CSRF tokens, drawn from the operating
//! system; only their SHA-256 is stored.

use sha2::{Digest, Sha256};

/// A fresh secret of 32 random bytes, as 64 hex digits.
///
/// # Errors
/// When the operating system gives no randomness.
pub fn fresh() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes)?;
    Ok(hex::encode(bytes))
}

/// The SHA-256 of a secret, hex: what the database keeps.
pub fn hash(secret: &str) -> String {
    hex::encode(Sha256::digest(secret.as_bytes()))
}

/// Whether two strings are equal, in time that depends only on their lengths.
pub fn same(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fresh_secrets_differ_and_hash_stably() {
        let (a, b) = (fresh().unwrap(), fresh().unwrap());
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(hash(&a), hash(&a));
        assert!(same(&a, &a.clone()) && !same(&a, &b) && !same("ab", "abc"));
    }
}
