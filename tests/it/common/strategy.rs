//! The Get Dickey strategy table, for the tests: solved once for every test process of the build
//! (kept in `CARGO_TARGET_TMPDIR`), read once per test binary.

use std::path::PathBuf;
use std::sync::OnceLock;

use dickey_solver::Table;
use forgetit::games::getdickey::bot::load_or_solve;

/// The cache file the tests' bots and tables share (`config.strategy.cache`), holding the table:
/// every bot prepares it at start, and the first test of the process to ask makes sure it is
/// there (solving it once), so that the bots of the tests beside it do not each solve it.
pub fn cache() -> PathBuf {
    table();
    path()
}

fn path() -> PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("get-dickey-strategy.bin")
}

/// The table, loaded (or solved) by the first test that asks for it.
pub fn table() -> &'static Table {
    static TABLE: OnceLock<Table> = OnceLock::new();
    TABLE.get_or_init(|| load_or_solve(Some(&path()), |_, _| {}).0)
}
