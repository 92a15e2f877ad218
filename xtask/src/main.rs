//! The project's tasks, in Rust so that there is nothing to install (rust-analyzer's xtask
//! pattern): `cargo xtask test` (an alias in `.cargo/config.toml`) sets up and runs every test.
//!
//! On Debian it installs the packages the tests need and lacks (`apt-get update` first; through
//! `sudo` when not root), says what it installed, then runs the whole suite: `cargo test
//! --workspace`, and the in-process end-to-end tests again with the bot's database on PostgreSQL.
//! It exits non-zero if anything failed. Elsewhere, or without the rights to install, it stops at
//! once with one line naming the command to run. `cargo xtask install` does the installing alone.

use std::env;
use std::ffi::OsString;
use std::path::Path;
use std::process::{Command, ExitCode, Stdio};
use std::time::{Duration, Instant};

/// How many of [`PACKAGES`], from the first, building the workspace needs.
const FOR_THE_BUILD: usize = 2;

/// The Debian packages the build and the tests need beside the Rust toolchain, and what for.
const PACKAGES: &[(&str, &str)] = &[
    ("libssl-dev", "OpenSSL, the bot's TLS, to build it"),
    ("pkg-config", "how the build finds OpenSSL"),
    // The packages above are the build's own (`FOR_THE_BUILD`), the rest the tests'.
    ("chromium", "the sandbox's browser test"),
    ("chromium-driver", "its WebDriver, chromedriver"),
    ("fonts-liberation", "the browser's text"),
    ("fonts-noto-color-emoji", "the browser's emoji"),
    ("postgresql", "the PostgreSQL server the tests start"),
    ("e2fsprogs", "chattr, for the read-only database test"),
    (
        "prometheus",
        "promtool, which checks the bot's /metrics (metrics_e2e)",
    ),
    (
        "systemd",
        "systemd-analyze, which checks deploy/systemd's unit (deploy)",
    ),
    (
        "debootstrap",
        "the Dockerfile's runtime stage's base, built without Docker (image)",
    ),
];

/// The tools from PyPI the tests need (no Debian package has them), each the program it puts on
/// the PATH, its pinned version and what for.
const PYPI: &[(&str, &str, &str)] = &[(
    "kubernetes-validate",
    "kubernetes-validate==1.37.0",
    "Kubernetes' schemas, which check deploy/kubernetes's manifests (deploy)",
)];

/// The test modules that use the database only through the bot: run a second time with the
/// bot's database on PostgreSQL (`FORGETIT_TEST_DATABASE=postgres`).
const ON_POSTGRES: &[&str] = &[
    "bot_e2e",
    "i18n_e2e",
    "bad_input",
    "privacy_e2e",
    "settings_e2e",
    "review_e2e",
    "limits_e2e",
    "drain_e2e",
    "anywhere_e2e",
    "threads_e2e",
    "health_e2e",
    "daily_e2e",
];

/// The modules [`ON_POSTGRES`] names, and each game's whole game through the stand-in: the module
/// `tests/it/<game>_e2e.rs` of every folder `src/games/<game>/` that has one (a new game's e2e
/// module runs on PostgreSQL too, with no line here).
fn on_postgres() -> Vec<String> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut games: Vec<String> = std::fs::read_dir(root.join("src/games"))
        .into_iter()
        .flatten()
        .flatten()
        .filter(|entry| entry.path().is_dir())
        .filter_map(|entry| entry.file_name().into_string().ok())
        .map(|game| format!("{game}_e2e"))
        .filter(|module| root.join(format!("tests/it/{module}.rs")).is_file())
        .collect();
    games.sort();
    ON_POSTGRES
        .iter()
        .map(|m| m.to_string())
        .chain(games)
        .collect()
}

const USAGE: &str = "usage: cargo xtask test [CARGO-TEST-OPTIONS] (e.g. --locked); \
                     one area alone: cargo test --test it store::; \
                     the Debian packages alone: cargo xtask install \
                     (only the build's: cargo xtask install --build)";

fn main() -> ExitCode {
    let mut args = env::args_os().skip(1);
    let task = args.next();
    let rest: Vec<OsString> = args.collect();
    match task.as_ref().and_then(|t| t.to_str()) {
        Some("test") => match test(&rest) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("xtask: {message}");
                ExitCode::FAILURE
            }
        },
        // What `test` installs first, alone: CI starts it in the background while it builds
        // (the packages are needed only when the tests run).
        Some("install") if rest.is_empty() => match set_up(PACKAGES).and_then(|()| from_pypi()) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("xtask: {message}");
                ExitCode::FAILURE
            }
        },
        // Only what building the workspace needs (OpenSSL's headers, pkg-config): CI installs
        // these before it builds, the rest meanwhile.
        Some("install") if rest == ["--build"] => match set_up(&PACKAGES[..FOR_THE_BUILD]) {
            Ok(()) => ExitCode::SUCCESS,
            Err(message) => {
                eprintln!("xtask: {message}");
                ExitCode::FAILURE
            }
        },
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some(other) => {
            eprintln!("xtask: no task {other:?}; {USAGE}");
            ExitCode::from(2)
        }
        None => {
            eprintln!("xtask: {USAGE}");
            ExitCode::from(2)
        }
    }
}

/// Sets up what the tests need, then runs them all; `Err` is the one line to print.
fn test(cargo_options: &[OsString]) -> Result<(), String> {
    if cargo_options.iter().any(|a| a == "--") {
        return Err(format!(
            "test arguments after -- are not taken here; {USAGE}"
        ));
    }
    set_up(PACKAGES)?;
    from_pypi()?;
    let mut failed = Vec::new();
    let mut times = Vec::new();

    let mut all = cargo("test");
    all.args(["--workspace", "--no-fail-fast"])
        .args(cargo_options);
    let (ok, took) = step("every test: cargo test --workspace", all);
    times.push(("cargo test --workspace", took));
    if !ok {
        failed.push("cargo test --workspace");
    }

    let mut postgres = cargo("test");
    postgres
        .env("FORGETIT_TEST_DATABASE", "postgres")
        .args(["--workspace", "--no-fail-fast", "--test", "it"])
        .args(cargo_options)
        .arg("--")
        .args(on_postgres().iter().map(|m| format!("{m}::")));
    let (ok, took) = step(
        "the in-process end-to-end tests again, the bot's database on PostgreSQL",
        postgres,
    );
    times.push(("the same on PostgreSQL", took));
    if !ok {
        failed.push("the end-to-end tests on PostgreSQL");
    }

    for (what, took) in &times {
        println!("xtask: {} {what}", minutes(*took));
    }
    if failed.is_empty() {
        println!("xtask: every test passed");
        Ok(())
    } else {
        Err(format!("failed: {}", failed.join("; ")))
    }
}

/// Installs the Debian packages the tests need and lack; elsewhere, stops with the commands to
/// run by hand. What each part is then found as is the tests' own business: a missing one fails
/// its tests, naming the package.
fn set_up(packages: &[(&str, &str)]) -> Result<(), String> {
    if !is_debian() {
        return Err(format!(
            "this is not Debian (no /etc/debian_version, dpkg-query and apt-get): install \
             OpenSSL's development files and pkg-config, Chromium, chromedriver, the Liberation \
             and Noto Color Emoji fonts, a PostgreSQL server, promtool, systemd-analyze and \
             (from PyPI) kubernetes-validate, then run: {}",
            manual_commands()
        ));
    }
    let missing: Vec<&str> = packages
        .iter()
        .map(|(name, _)| *name)
        .filter(|name| !installed(name))
        .collect();
    if missing.is_empty() {
        println!("xtask: the Debian packages the tests need are installed");
    } else {
        install(&missing)?;
        if missing.contains(&"prometheus") {
            no_prometheus_service();
        }
        for (name, what) in packages.iter().filter(|(n, _)| missing.contains(n)) {
            println!("xtask: installed {name} ({what})");
        }
    }
    Ok(())
}

/// Installs [`PYPI`]'s tools the PATH lacks, with the Python on the PATH (`python3 -m pip`;
/// where Debian's Python refuses a system-wide install, with `--break-system-packages`).
fn from_pypi() -> Result<(), String> {
    for (program, requirement, what) in PYPI {
        if on_path(program) {
            continue;
        }
        println!("xtask: installing {requirement} (pip)");
        let pip = |extra: &[&str]| {
            Command::new("python3")
                .args([
                    "-m",
                    "pip",
                    "install",
                    "--quiet",
                    "--disable-pip-version-check",
                ])
                .args(extra)
                .arg(requirement)
                .stdout(Stdio::null())
                .status()
                .is_ok_and(|s| s.success())
        };
        if !(pip(&[]) || pip(&["--break-system-packages"])) || !on_path(program) {
            return Err(format!(
                "cannot install {requirement} ({what}): run `python3 -m pip install \
                 {requirement}` so that `{program}` is on the PATH, then `cargo xtask test` again"
            ));
        }
        println!("xtask: installed {requirement} ({what})");
    }
    Ok(())
}

fn is_debian() -> bool {
    Path::new("/etc/debian_version").exists() && on_path("dpkg-query") && on_path("apt-get")
}

/// Whether dpkg has `package` installed.
fn installed(package: &str) -> bool {
    output(Command::new("dpkg-query").args(["-W", "-f=${db:Status-Abbrev}", package]))
        .is_some_and(|status| status.starts_with("ii"))
}

/// The server Debian's `prometheus` starts on install (under systemd) stopped and disabled: the
/// tests need its `promtool` only.
fn no_prometheus_service() {
    if !Path::new("/run/systemd/system").exists() || !on_path("systemctl") {
        return;
    }
    let root = output(Command::new("id").arg("-u")).as_deref() == Some("0");
    let mut command = if root {
        Command::new("systemctl")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("systemctl");
        sudo
    };
    let stopped = command
        .args(["disable", "--now", "prometheus.service"])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if stopped {
        println!("xtask: stopped and disabled the prometheus service (only promtool is used)");
    } else {
        println!(
            "xtask: could not stop the prometheus service: `systemctl disable --now prometheus`"
        );
    }
}

/// `apt-get update` and `apt-get install` of `packages`, as root or through sudo.
fn install(packages: &[&str]) -> Result<(), String> {
    let root = output(Command::new("id").arg("-u")).as_deref() == Some("0");
    let sudo = if root { "" } else { "sudo " };
    let by_hand = format!(
        "{sudo}apt-get update && {sudo}apt-get install -y --no-install-recommends {}",
        packages.join(" ")
    );
    let cannot = |why: &str| {
        format!(
            "cannot install {} ({why}): run `{by_hand}`, then `cargo xtask test` again",
            packages.join(" ")
        )
    };
    if !root && !on_path("sudo") {
        return Err(cannot("not root, and no sudo"));
    }
    println!("xtask: installing {} (apt-get)", packages.join(" "));
    let apt = |args: &[&str]| {
        let mut command = if root {
            Command::new("apt-get")
        } else {
            let mut sudo = Command::new("sudo");
            sudo.args(["env", "DEBIAN_FRONTEND=noninteractive", "apt-get"]);
            sudo
        };
        command
            .env("DEBIAN_FRONTEND", "noninteractive")
            .args(args)
            .stdout(Stdio::null());
        command.status().map(|s| s.success()).unwrap_or(false)
    };
    if !apt(&["update", "-qq"]) {
        return Err(cannot("apt-get update failed"));
    }
    let mut args = vec!["install", "-y", "-qq", "--no-install-recommends"];
    args.extend_from_slice(packages);
    if !apt(&args) {
        return Err(cannot("apt-get install failed"));
    }
    Ok(())
}

/// What `cargo xtask test` runs, as commands to type.
fn manual_commands() -> String {
    let filters: Vec<String> = ON_POSTGRES.iter().map(|m| format!("{m}::")).collect();
    format!(
        "cargo test --workspace && FORGETIT_TEST_DATABASE=postgres cargo test --workspace --test it -- {}",
        filters.join(" ")
    )
}

/// `cargo SUBCOMMAND` in the workspace's root, with the cargo that runs this task, and without
/// the variables `cargo run` set for this task alone: build scripts that read them (ring's reads
/// `CARGO_MANIFEST_DIR`) would otherwise see them change, and their crates and every crate above
/// them would be built again, here and at the next plain `cargo test`.
fn cargo(subcommand: &str) -> Command {
    let cargo = env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut command = Command::new(cargo);
    command.current_dir(workspace_root()).arg(subcommand);
    for (name, _) in env::vars_os() {
        let Some(name) = name.to_str() else { continue };
        if name.starts_with("CARGO_PKG_")
            || matches!(
                name,
                "CARGO_MANIFEST_DIR"
                    | "CARGO_MANIFEST_PATH"
                    | "CARGO_MANIFEST_LINKS"
                    | "CARGO_CRATE_NAME"
                    | "CARGO_BIN_NAME"
                    | "CARGO_PRIMARY_PACKAGE"
            )
        {
            command.env_remove(name);
        }
    }
    command
}

fn workspace_root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("xtask/ is in the workspace's root")
}

/// Runs one step with its output shown; whether it passed, and how long it took.
fn step(what: &str, mut command: Command) -> (bool, Duration) {
    println!("xtask: == {what}");
    let started = Instant::now();
    let ok = command.status().map(|s| s.success()).unwrap_or_else(|e| {
        eprintln!("xtask: cannot run cargo: {e}");
        false
    });
    (ok, started.elapsed())
}

/// The trimmed standard output of a command that succeeded.
fn output(command: &mut Command) -> Option<String> {
    let out = command.stderr(Stdio::null()).output().ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).trim().to_string())
}

fn on_path(program: &str) -> bool {
    env::var_os("PATH").is_some_and(|path| {
        env::split_paths(&path).any(|dir| {
            dir.join(program).metadata().is_ok_and(|m| {
                m.is_file()
                    && std::os::unix::fs::PermissionsExt::mode(&m.permissions()) & 0o111 != 0
            })
        })
    })
}

fn minutes(took: Duration) -> String {
    let secs = took.as_secs();
    format!("{}m{:02}s", secs / 60, secs % 60)
}
