//! The `forgetit` binary's command line: bad setup gets one clear line and a non-zero exit,
//! before any database or network is touched.

use std::process::{Command, Output};

fn forgetit(dir: &std::path::Path, args: &[&str], token: Option<&str>) -> Output {
    command(dir, args, token).output().unwrap()
}

/// The binary with `args`, run in `dir`, with no token or setting from the environment but
/// `token`.
fn command(dir: &std::path::Path, args: &[&str], token: Option<&str>) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_forgetit"));
    command
        .args(args)
        .current_dir(dir)
        .env_remove("DISCORD_TOKEN")
        .env_remove("RUST_LOG");
    for (key, _) in std::env::vars() {
        if key.starts_with("FORGETIT_") {
            command.env_remove(key);
        }
    }
    if let Some(token) = token {
        command.env("DISCORD_TOKEN", token);
    }
    command
}

/// The line a failed start ends with (`forgetit: …`), after the log's lines.
fn fatal_line(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr);
    let last = stderr
        .trim_end()
        .lines()
        .last()
        .unwrap_or_default()
        .to_string();
    assert!(last.starts_with("forgetit: "), "{stderr}");
    last
}

fn stderr_line(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

#[test]
fn no_token_is_one_clear_line_and_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &[], None);
    assert_eq!(output.status.code(), Some(1));
    let line = stderr_line(&output);
    assert!(
        line.contains("no bot token") && line.contains("DISCORD_TOKEN"),
        "{line}"
    );
    assert!(
        !dir.path().join("forgetit.db").exists(),
        "nothing was created"
    );
}

#[test]
fn a_malformed_token_is_refused_without_touching_anything() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &["run"], Some("not-a-token"));
    assert_eq!(output.status.code(), Some(1));
    let line = stderr_line(&output);
    assert!(line.contains("malformed"), "{line}");
    assert!(
        !line.contains("not-a-token"),
        "the token is never printed: {line}"
    );
    assert!(!dir.path().join("forgetit.db").exists());
}

#[test]
fn a_missing_or_broken_config_file_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &["--config", "nope.toml"], None);
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_line(&output).contains("nope.toml"));
    std::fs::write(
        dir.path().join("config.toml"),
        "[game]\nturn_timeout_secs = \"soon\"\n",
    )
    .unwrap();
    let output = forgetit(dir.path(), &[], Some("a.b.c"));
    assert_eq!(output.status.code(), Some(1));
    assert!(stderr_line(&output).contains("turn_timeout_secs"));
}

/// A database where this process may not write says who it runs as and what to change, in one
/// line, before anything else is tried. (The tests run as root, whom only an immutable directory
/// stops: `chattr +i`, on ext4.)
#[test]
fn a_database_path_the_process_cannot_write_says_which_uid_and_what_to_chown() {
    let dir = tempfile::tempdir().unwrap();
    let run = |path: &std::path::Path| {
        let mut command = command(dir.path(), &["run"], Some("c3RhcnQ.d2FpdHM.token"));
        command.env("FORGETIT_DATABASE__PATH", path);
        command.output().unwrap()
    };
    let uid = forgetit::unix::effective_uid();

    let missing = dir.path().join("nowhere/forgetit.db");
    let output = run(&missing);
    assert_eq!(output.status.code(), Some(1));
    let line = fatal_line(&output);
    assert!(
        line.contains(&format!(
            "the directory {} does not exist: create it, writable by uid {uid}",
            dir.path().join("nowhere").display()
        )),
        "{line}"
    );

    let locked = dir.path().join("data");
    std::fs::create_dir(&locked).unwrap();
    let chattr = |flag: &str| {
        let done = Command::new("chattr").arg(flag).arg(&locked).status();
        assert!(
            done.is_ok_and(|s| s.success()),
            "chattr {flag} (Debian's e2fsprogs; the tests run as root, on ext4)"
        );
    };
    chattr("+i");
    let output = run(&locked.join("forgetit.db"));
    chattr("-i");
    assert_eq!(output.status.code(), Some(1));
    let line = fatal_line(&output);
    assert!(
        line.contains(&format!(
            "the directory {} is not writable by uid {uid} (",
            locked.display()
        )) && line.contains(&format!("chown {uid} {}", locked.display())),
        "{line}"
    );
    assert!(!line.contains("c3RhcnQ"), "no token: {line}");
}

#[test]
fn migrate_db_refuses_a_config_file_it_would_not_read() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("other.toml"),
        "[database]\npath = \"x.db\"\n",
    )
    .unwrap();
    let output = forgetit(
        dir.path(),
        &[
            "--config",
            "other.toml",
            "migrate-db",
            "--from",
            "sqlite://a.db",
            "--to",
            "sqlite://b.db",
        ],
        None,
    );
    assert_eq!(output.status.code(), Some(2));
    let line = stderr_line(&output);
    assert!(line.contains("--config"), "{line}");
    assert!(!dir.path().join("b.db").exists(), "nothing was copied");
}

#[test]
fn help_names_the_commands() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &["--help"], None);
    assert!(output.status.success());
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(help.contains("run") && help.contains("--config"), "{help}");
}

#[test]
fn help_names_solve_and_sim() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &["--help"], None);
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(
        help.contains("solve") && help.contains("sim") && help.contains("sandbox"),
        "{help}"
    );
}

/// P5: Pig's first player wins 53.06% of games to 100 under optimal play (Neller and Presser,
/// "Optimal Play of the Dice Game Pig", 2004); `sim` pits the optimal policy against holding at
/// 20.
#[test]
fn p5_solve_and_sim_pig() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &["solve", "--game", "pig"], None);
    assert!(output.status.success());
    assert_eq!(
        String::from_utf8_lossy(&output.stdout).trim(),
        "Pig, target 100: the first player's chance of winning under optimal play: 0.5306"
    );
    let args = [
        "sim",
        "--game",
        "pig",
        "--seats",
        "optimal,hold-at-20",
        "--games",
        "200",
    ];
    let output = forgetit(dir.path(), &args, None);
    assert!(output.status.success());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        report.starts_with("Pig, target 100: 200 games") && report.contains("hold-at-20"),
        "{report}"
    );
}

#[test]
fn solve_get_dickey_prints_the_optimum_and_caches_its_table() {
    let dir = tempfile::tempdir().unwrap();
    let args = ["solve", "--game", "get-dickey", "--cache", "table.bin"];
    let first = forgetit(dir.path(), &args, None);
    assert!(first.status.success());
    let line = "Get Dickey: expected final score under optimal solitaire play: 254.589097\n";
    assert_eq!(String::from_utf8_lossy(&first.stdout), line);
    assert!(stderr_line(&first).contains("cached in table.bin"));
    assert!(dir.path().join("table.bin").exists());
    let second = forgetit(dir.path(), &args, None);
    assert_eq!(String::from_utf8_lossy(&second.stdout), line);
    assert_eq!(stderr_line(&second), "strategy table read from table.bin");
    // An empty path keeps no file: solved again, written nowhere.
    let none = forgetit(
        dir.path(),
        &["solve", "--game", "get-dickey", "--cache", ""],
        None,
    );
    assert_eq!(String::from_utf8_lossy(&none.stdout), line);
    assert!(stderr_line(&none).starts_with("solved in"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn sim_prints_a_report_and_refuses_bad_seats_in_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let args = [
        "sim",
        "--games",
        "20",
        "--seats",
        "greedy,bank-at-25",
        "--target",
        "100",
    ];
    let output = forgetit(dir.path(), &args, None);
    assert!(output.status.success());
    let report = String::from_utf8_lossy(&output.stdout);
    assert!(
        report.starts_with("For Get It, target 100: 20 games, seed 1"),
        "{report}"
    );
    assert!(
        report.contains("greedy") && report.contains("bank-at-25"),
        "{report}"
    );
    assert!(report.contains("turns per game:"), "{report}");
    for (args, says) in [
        (vec!["sim", "--seats", "optimal"], "1 seats"),
        (vec!["sim", "--seats", "optimal,wild"], "unknown policy"),
        (
            vec!["sim", "--game", "get-dickey", "--seats", "two-words"],
            "unknown policy \"two-words\" for this game",
        ),
        (vec!["sim", "--games", "0"], "no games"),
        (
            vec!["solve", "--game", "get-dickey", "--policy", "3"],
            "--policy is not for",
        ),
        (vec!["solve", "--cache", "x.bin"], "--cache is not for"),
        (
            vec!["solve", "--game", "pig", "--target", "5"],
            "target 5 is not between",
        ),
        (vec!["solve", "--game", "chess"], "no game \"chess\""),
    ] {
        let output = forgetit(dir.path(), &args, None);
        assert!(!output.status.success(), "{args:?}");
        let line = stderr_line(&output);
        assert!(line.contains(says), "{args:?}: {line}");
    }
}

/// `forgetit sandbox ARGS` (no token: it needs none), its output piped.
fn sandbox(dir: &std::path::Path, args: &[&str]) -> std::process::Child {
    sandbox_with(dir, args, &[])
}

/// [`sandbox`] with settings from the environment.
fn sandbox_with(dir: &std::path::Path, args: &[&str], env: &[(&str, &str)]) -> std::process::Child {
    let args: Vec<&str> = ["sandbox"].iter().chain(args).copied().collect();
    command(dir, &args, None)
        .envs(env.iter().copied())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap()
}

/// The first line a sandbox prints (once its page is served).
async fn first_line(child: &mut std::process::Child) -> String {
    let stdout = child.stdout.take().unwrap();
    tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        std::io::BufRead::read_line(&mut std::io::BufReader::new(stdout), &mut line).unwrap();
        line
    })
    .await
    .unwrap()
}

/// SIGTERM to `child`, and its output once it exited.
async fn terminate(child: std::process::Child) -> Output {
    let sent = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(sent.success());
    tokio::task::spawn_blocking(move || child.wait_with_output().unwrap())
        .await
        .unwrap()
}

#[tokio::test]
async fn sandbox_serves_its_page_on_the_port_given_and_stops_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    // A free port: bound, read, released.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string();
    let mut child = sandbox(dir.path(), &["--port", &port]);
    // The first line it prints names the page (it is printed once the page is served).
    let line = first_line(&mut child).await;
    let url = format!("http://127.0.0.1:{port}/");
    assert!(line.contains(&url), "{line}");
    assert!(line.contains("games kept in sandbox.db"), "{line}");
    let page = reqwest::get(&url).await.unwrap();
    assert_eq!(page.status(), 200);
    let kind = page.headers()["content-type"].to_str().unwrap().to_string();
    assert!(kind.starts_with("text/html"), "{kind}");
    let html = page.text().await.unwrap();
    assert!(html.to_lowercase().contains("<html"), "{html}");

    let output = terminate(child).await;
    assert!(
        output.status.success(),
        "SIGTERM stops the sandbox cleanly: {:?}\n{}",
        output.status,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        dir.path().join("sandbox.db").exists(),
        "its games are kept in sandbox.db by default"
    );
}

/// With a `database.url`, the sandbox's games are in that database: it says so, and makes no
/// SQLite file.
#[tokio::test]
async fn sandbox_on_postgres_keeps_its_games_there_and_says_so() {
    let url = crate::common::postgres::server()
        .await
        .fresh_database()
        .await;
    let dir = tempfile::tempdir().unwrap();
    let mut child = sandbox_with(
        dir.path(),
        &["--port", "0"],
        &[("FORGETIT_DATABASE__URL", &url)],
    );
    let line = first_line(&mut child).await;
    let output = terminate(child).await;
    assert!(output.status.success(), "{output:?}");
    let shown = forgetit::store::redacted(&url);
    assert!(line.contains(&format!("games kept in {shown};")), "{line}");
    assert!(!dir.path().join("sandbox.db").exists(), "no SQLite file");
    // The bot migrated that database.
    use sqlx::Connection;
    let mut conn = sqlx::PgConnection::connect(&url).await.unwrap();
    let migrations: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert!(migrations > 0);
}

#[test]
fn sandbox_on_a_taken_port_is_one_line_and_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let port = taken.local_addr().unwrap().port().to_string();
    let output = sandbox(dir.path(), &["--port", &port])
        .wait_with_output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let line = stderr_line(&output);
    assert!(
        line.contains("cannot serve the page") && line.contains(&port),
        "{line}"
    );
    assert!(
        !dir.path().join("sandbox.db").exists(),
        "nothing was opened"
    );
}

#[test]
fn sandbox_with_a_broken_messages_file_is_one_line_and_a_failure() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("sandbox.db.messages.json"), "{ not json").unwrap();
    let output = sandbox(dir.path(), &["--port", "0"])
        .wait_with_output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let line = stderr_line(&output);
    assert!(
        line.contains("sandbox.db.messages.json") && line.contains("delete the file"),
        "{line}"
    );
    assert!(
        !dir.path().join("sandbox.db").exists(),
        "nothing was opened"
    );
}
