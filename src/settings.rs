//! bridgepad's settings from the environment: every `BRIDGEPAD_` variable
//! is read here (`BRIDGEPAD_NOW`, `_SEED`, `_DEVICE`, `_CACHE_DIR`, the
//! waits), each refused in one line when it cannot be used.

use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Result, anyhow};
use chrono::{DateTime, Utc};

use crate::{clock, store, sync};

/// bridgepad's environment variable `name`; set to nothing it counts as not
/// set, as a shell user means by `BRIDGEPAD_SEED=`. Every `BRIDGEPAD_`
/// variable is read through this (or lib.rs's `parse` for the two clap reads), so
/// none has to be removed from the environment, which is not thread-safe.
pub(crate) fn setting(name: &str) -> Option<std::ffi::OsString> {
    std::env::var_os(name).filter(|value| !value.is_empty())
}

/// [`setting`] as text; `None` also when it is not Unicode, as
/// `std::env::var(name).ok()` says.
pub(crate) fn setting_text(name: &str) -> Option<String> {
    setting(name)?.into_string().ok()
}

/// Where caches go: under the user's cache directory (`BRIDGEPAD_CACHE_DIR`
/// moves it), never in the data folder (which may be synced); with no cache
/// directory nothing is cached.
pub(crate) fn cache_base(dirs: Option<&directories::ProjectDirs>) -> Option<PathBuf> {
    setting("BRIDGEPAD_CACHE_DIR")
        .map(PathBuf::from)
        .or_else(|| dirs.map(|d| d.cache_dir().to_path_buf()))
}

/// The current time; `BRIDGEPAD_NOW` (RFC 3339) fixes it, for reproducible
/// session ids and timestamps in tests and demonstrations, and its offset, if
/// not `Z`, the zone local times are shown in (see [`clock`]).
pub(crate) fn now() -> Result<DateTime<Utc>> {
    let fixed = setting_text("BRIDGEPAD_NOW");
    let (at, zone) = clock::now(fixed.as_deref())?;
    clock::set_zone(zone);
    Ok(at)
}

/// `BRIDGEPAD_SEED`, a whole number that makes the random part of new
/// session ids the same every run, for tests and demonstrations.
pub(crate) fn seed() -> Result<Option<u64>> {
    match setting_text("BRIDGEPAD_SEED") {
        Some(text) => text.trim().parse().map(Some).map_err(|_| {
            anyhow!(
                "BRIDGEPAD_SEED `{text}` is not a whole number from 0 to {}; unset it for random session ids",
                u64::MAX
            )
        }),
        None => Ok(None),
    }
}

/// The name saves record as this device: `BRIDGEPAD_DEVICE`, else the
/// machine's host name (`store/device.rs`).
pub(crate) fn device() -> Result<String> {
    match setting_text("BRIDGEPAD_DEVICE") {
        Some(text) => store::device::from_setting(&text),
        None => Ok(store::device::hostname()),
    }
}

/// How long a writer waits for a session another bridgepad is writing;
/// `BRIDGEPAD_LOCK_WAIT_MS` overrides the default (0 gives up at once).
pub(crate) fn lock_wait() -> Result<Duration> {
    millis("BRIDGEPAD_LOCK_WAIT_MS", store::LOCK_WAIT)
}

/// How long a session file is left alone before the session index trusts
/// it (`store/index.rs`): `BRIDGEPAD_INDEX_SETTLE_MS` shortens it, for tests
/// that would otherwise wait for it.
pub(crate) fn settle_delay() -> Result<Duration> {
    millis("BRIDGEPAD_INDEX_SETTLE_MS", store::index::SETTLE)
}

/// How long a sync waits for a git at work where it found a lock left
/// (`sync/recover.rs`): `BRIDGEPAD_GIT_WAIT_MS` shortens it, for tests that
/// would otherwise wait for it.
pub(crate) fn git_wait() -> Result<Duration> {
    millis("BRIDGEPAD_GIT_WAIT_MS", sync::GIT_WAIT)
}

/// The environment variable `variable`, a whole number of milliseconds,
/// else `default` when it is not set.
pub(crate) fn millis(variable: &str, default: Duration) -> Result<Duration> {
    match setting_text(variable) {
        Some(text) => text.trim().parse().map(Duration::from_millis).map_err(|_| {
            anyhow!(
                "{variable} `{text}` is not a whole number of milliseconds; \
                 unset it for the default of {} ms",
                default.as_millis()
            )
        }),
        None => Ok(default),
    }
}
