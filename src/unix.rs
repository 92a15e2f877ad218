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

/// Why this process may not write `path` (access(2) with W_OK: its permissions, a read-only
/// file system, attributes such as immutable that bind even root), or `None` if it may: its
/// owner and mode where those forbid it, else the system's reason.
pub fn not_writable(path: &Path) -> Option<String> {
    let Ok(c_path) = CString::new(path.as_os_str().as_bytes()) else {
        return Some("a path with a NUL byte".to_string());
    };
    // SAFETY: `c_path` is a valid NUL-terminated string for the duration of the call.
    if unsafe { libc::access(c_path.as_ptr(), libc::W_OK) } == 0 {
        return None;
    }
    let error = std::io::Error::last_os_error();
    Some(match error.raw_os_error() {
        Some(libc::EACCES) => match std::fs::metadata(path) {
            Ok(m) => format!("owner uid {}, mode {:o}", m.uid(), m.mode() & 0o7777),
            Err(e) => e.to_string(),
        },
        Some(libc::EROFS) => "a read-only file system".to_string(),
        Some(libc::EPERM) => "not permitted: an immutable attribute? (lsattr)".to_string(),
        _ => error.to_string(),
    })
}
