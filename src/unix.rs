//! What the operating system says about this process's user: named when a file it needs cannot
//! be read or written, so that the line says who tried and what to change.

use std::ffi::CString;
use std::os::unix::ffi::OsStrExt;
use std::os::unix::fs::MetadataExt;
use std::path::Path;

/// The user id this process runs as (what a file's permissions are checked against).
pub fn effective_uid() -> u32 {
    // SAFETY: geteuid(2) has no preconditions and cannot fail.
    unsafe { libc::geteuid() }
}

/// Whether this process may write `path` (access(2) with W_OK: its permissions, and attributes
/// such as immutable that bind even root).
pub fn writable(path: &Path) -> bool {
    let Ok(path) = CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    // SAFETY: `path` is a valid NUL-terminated string for the duration of the call.
    unsafe { libc::access(path.as_ptr(), libc::W_OK) == 0 }
}

/// `path`'s owner and mode, as `ls -l` would say them: "owner uid 0, mode 755".
pub fn owner_and_mode(path: &Path) -> String {
    match std::fs::metadata(path) {
        Ok(m) => format!("owner uid {}, mode {:o}", m.uid(), m.mode() & 0o7777),
        Err(e) => e.to_string(),
    }
}
