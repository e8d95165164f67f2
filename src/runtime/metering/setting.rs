//! Which metering a sandbox uses, chosen by the environment ([`METERING_ENV`]).

use super::MeteringError;

/// The environment variable that chooses the [`Metering`] (unset means
/// [`Metering::Arena`], the default).
pub const METERING_ENV: &str = "ARENA_METERING";

/// The version of the rewrite, part of the module cache's key for rewritten modules
/// (which is taken on the module as handed in, so that a warm load skips the rewrite):
/// change it whenever the rewrite's output changes. The key also holds a digest of the
/// rewrite's own source ([`rewrite_identity`]), so a change that forgets it still gets
/// artefacts of its own.
pub const REWRITE_VERSION: &str = "arena-metering-4";

/// [`REWRITE_VERSION`] and the SHA-256 of the rewrite's source files, as built into this
/// executable: what the module cache keys a rewritten module's artefact on.
pub fn rewrite_identity() -> &'static str {
    use sha2::{Digest, Sha256};
    static IDENTITY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    IDENTITY.get_or_init(|| {
        let mut h = Sha256::new();
        for source in [
            include_str!("mod.rs"),
            include_str!("body.rs"),
            include_str!("copy.rs"),
            include_str!("emit.rs"),
            include_str!("fold.rs"),
            include_str!("setting.rs"),
        ] {
            h.update((source.len() as u64).to_le_bytes());
            h.update(source.as_bytes());
        }
        format!("{REWRITE_VERSION} {}", hex::encode(h.finalize()))
    })
}

/// How a sandbox meters the fuel of its bots. Both give every call the same verdict and
/// the same fuel (wasmtime's fuel is the semantics of record; see [`Metering::Arena`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Metering {
    /// wasmtime's own fuel (one unit per operator, checked at every function entry and
    /// loop header) and the epoch safety net.
    Wasmtime,
    /// arena's rewrite (this module), the default: the same counts, no epoch check in
    /// the compiled code; the CPU-time safety net looks at every refuel (see
    /// [`super::REFUEL_SLICE`]). A call the rewrite's counter cannot pay for is played again
    /// on wasmtime's fuel, from a fresh instance, so its verdict is wasmtime's exactly
    /// (`runtime/wasm_bot.rs`).
    Arena,
}

impl Metering {
    /// The setting named by [`METERING_ENV`]: `arena` (or unset) or `wasmtime`.
    ///
    /// # Errors
    /// [`MeteringError::Setting`] for any other value.
    pub fn from_env() -> Result<Metering, MeteringError> {
        match std::env::var(METERING_ENV) {
            Err(std::env::VarError::NotPresent) => Ok(Metering::Arena),
            Ok(v) if v == "wasmtime" => Ok(Metering::Wasmtime),
            Ok(v) if v == "arena" => Ok(Metering::Arena),
            _ => Err(MeteringError::Setting),
        }
    }

    /// The setting's value for [`METERING_ENV`].
    pub fn name(self) -> &'static str {
        match self {
            Metering::Wasmtime => "wasmtime",
            Metering::Arena => "arena",
        }
    }

    /// Whether wasmtime's fuel is on.
    pub fn wasmtime_fuel(self) -> bool {
        self == Metering::Wasmtime
    }

    /// Whether modules are rewritten by [`super::instrument`].
    pub fn rewrites(self) -> bool {
        self == Metering::Arena
    }

    /// Whether the compiled code checks the epoch (the CPU-time safety net).
    pub fn epoch(self) -> bool {
        self == Metering::Wasmtime
    }
}
