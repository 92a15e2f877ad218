//! The `forgetit` command: everything is in the library's [`forgetit::cli`].

use std::process::ExitCode;

/// mimalloc rather than the system allocator: a click allocates and frees many small values
/// (gateway JSON, the rendered message, the request), and glibc's malloc was a fifth of the bot's
/// CPU under load (`cargo bench --bench load`). Its arenas are committed as they are used, not
/// whole at once (`.cargo/config.toml`): with 10,000 open games the bot holds about 67 MB rather
/// than 86.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

extern "C" {
    /// mimalloc's own (linked in with [`ALLOCATOR`]): frees what it can of the calling thread's
    /// heap and, with `force`, gives back to the system at once every page it meant to give back
    /// later.
    fn mi_collect(force: bool);
}

/// Run once the open games are loaded: mimalloc gives freed pages back to the system some
/// milliseconds after they are freed, but only when the heap is used again, and a bot that has
/// just loaded its games may then be idle for long. With 10,000 open games, a restarted bot
/// held 95–97 MB with it rather than 104–105 (`cargo bench --bench load -- --only restart`,
/// docs/performance.md). Declared here rather than through `libmimalloc-sys`, whose binding needs
/// its `extended` feature and one more crate.
fn give_back() {
    // SAFETY: mi_collect takes no pointer and may be called at any time from any thread.
    unsafe { mi_collect(true) }
}

fn main() -> ExitCode {
    forgetit::tables::Tables::after_loading(give_back);
    forgetit::cli::main()
}
