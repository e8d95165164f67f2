//! Why a tournament of a game with hidden setup has no secret to deal it under.

/// Why a tournament has no secret to deal its hidden setup under
/// (`table_tournament::secret`).
#[derive(Debug, thiserror::Error)]
pub enum SecretError {
    /// `--secret` for a game without hidden setup.
    #[error("--secret: {game} with these options deals no hidden setup (every seat sees the whole board), so its boards come from --seed alone; leave the secret out")]
    NotHidden {
        /// The game's name.
        game: &'static str,
    },
    /// A part of a sharded run without `--secret`: the parts could not deal the same
    /// boards.
    #[error("--shard: {game} deals hidden setup under a secret that every part must share; give every part the same --secret of 64 hex digits (for example from `openssl rand -hex 32`), and keep it from the class")]
    ShardWithoutSecret {
        /// The game's name.
        game: &'static str,
    },
    /// The operating system gave no random bytes.
    #[error(transparent)]
    NoRandomness(#[from] crate::seeds::NoRandomness),
}
