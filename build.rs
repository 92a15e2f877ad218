//! Rebuilds the binary when a migration is added: `sqlx::migrate!` embeds `migrations/*/` at
//! compile time, and cargo would not otherwise notice a new file there. And names the commit the
//! binary is built from (`BUILD_COMMIT`, the start's log line): the environment's
//! `FORGETIT_COMMIT` if set (a Docker build, which has no `.git`), else `git rev-parse`, else
//! `unknown`.

use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-env-changed=FORGETIT_COMMIT");
    let commit = std::env::var("FORGETIT_COMMIT")
        .ok()
        .filter(|c| !c.trim().is_empty())
        .or_else(git_commit)
        .unwrap_or_else(|| "unknown".to_string());
    // Named without the `FORGETIT_` of a setting: cargo also sets it when it runs the tests.
    println!("cargo:rustc-env=BUILD_COMMIT={}", commit.trim());
}

/// The checked-out commit (12 digits), rebuilt when `HEAD` moves. (Not whether the work tree
/// has changes: asking git that refreshes its index, which would make every build a new one.)
fn git_commit() -> Option<String> {
    let git = |args: &[&str]| {
        Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    let head = git(&["rev-parse", "--short=12", "HEAD"])?;
    // Where HEAD and the branch it names are kept (a worktree's `.git` is a file; a branch's
    // ref may be packed).
    let mut watched = vec!["HEAD".to_string(), "packed-refs".to_string()];
    watched.extend(git(&["symbolic-ref", "-q", "HEAD"]));
    for file in watched {
        // Only files that exist: cargo runs a build script again at every build for a missing
        // one.
        if let Some(path) = git(&["rev-parse", "--git-path", &file]) {
            if std::path::Path::new(&path).exists() {
                println!("cargo:rerun-if-changed={path}");
            }
        }
    }
    Some(head)
}
