//! The `forgetit` command: everything is in the library's [`forgetit::cli`].

use std::process::ExitCode;

/// mimalloc rather than the system allocator: a click allocates and frees many small values
/// (gateway JSON, the rendered message, the request), and glibc's malloc was a fifth of the bot's
/// CPU under load (`cargo bench --bench load`). Its arenas are committed as they are used, not
/// whole at once (`.cargo/config.toml`): with 10,000 open games the bot holds about 67 MB rather
/// than 86.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    forgetit::cli::main()
}
