//! A real PostgreSQL server for the tests: Debian's `postgresql`, started by the test binary
//! itself in a temp dir on a free port of 127.0.0.1. Without it installed the tests fail (they
//! never skip): [`server`] panics naming the package.
//!
//! One server per test binary ([`server`]), and a fresh database per test
//! ([`PgServer::fresh_database`]): a server costs about a second (initdb ~0.7 s, then start-up), a
//! database ~0.3 s, and tests each on a database of their own cannot see each other.
//!
//! A server in a static is never dropped, and the test harness ends with `process::exit`, so the
//! server cannot be stopped from here. It runs under a small shell that keeps our end of a pipe as
//! its stdin: when the test binary ends, however it ends (even by SIGKILL), the kernel closes that
//! pipe, the shell reads EOF and stops the server at once (SIGQUIT), then removes its directory.

use std::io::{BufRead, BufReader};
use std::net::TcpListener;
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use sqlx::{Connection, Executor, PgConnection};
use tokio::sync::{watch, OnceCell};

/// The Debian package that provides `initdb` and `postgres`.
const PACKAGE: &str = "postgresql";
/// How long the server may take to start (a guard against hangs only: start-up is awaited on its
/// log, and takes well under a second).
const START_TIMEOUT: Duration = Duration::from_secs(60);
/// How many ports to try, should another process take the free port found before the server
/// binds it.
const PORT_ATTEMPTS: usize = 5;
/// What the server logs once it accepts connections.
const READY: &str = "database system is ready to accept connections";

/// Runs `postgres` (its path and arguments are `"$@"`) and stops it when stdin reaches EOF, that
/// is when the test binary is gone; then removes the data directory `$PGDATA`. The watcher has
/// its output on /dev/null so that the server's stderr pipe closes when the server ends, and it is
/// stopped when the server ends by itself so that it signals no other process later.
const SUPERVISOR: &str = r#"
exec 3<&0 0</dev/null
"$@" 3<&- &
server=$!
( read -r _ <&3; kill -QUIT "$server" ) >/dev/null 2>&1 &
watcher=$!
exec 3<&-
wait "$server"
status=$?
kill "$watcher" 2>/dev/null
rm -rf "$PGDATA"
exit "$status"
"#;

/// A running PostgreSQL server, for the whole test binary.
pub struct PgServer {
    pub port: u16,
    /// Our end of the supervisor's stdin: held until the process exits, never written.
    _lifeline: ChildStdin,
    /// The supervisor (never waited for: it ends just after the test binary).
    _child: Child,
    log: Arc<Mutex<Vec<String>>>,
    next_database: AtomicUsize,
}

/// The test binary's server, started by the first test that asks for it.
pub async fn server() -> &'static PgServer {
    static SERVER: OnceCell<PgServer> = OnceCell::const_new();
    SERVER.get_or_init(PgServer::start).await
}

impl PgServer {
    async fn start() -> PgServer {
        let bindir = bindir();
        let owner = postgres_owner();
        let mut failures = Vec::new();
        for _ in 0..PORT_ATTEMPTS {
            match Self::try_start(&bindir, owner).await {
                Ok(server) => return server,
                Err(Failure::PortTaken(log)) => failures.push(log),
                Err(Failure::Other(message)) => panic!("{message}"),
            }
        }
        panic!(
            "PostgreSQL found its port taken {PORT_ATTEMPTS} times; its logs:\n{}",
            failures.join("\n---\n")
        );
    }

    /// initdb in a new temp dir, then the server on a port that was free a moment ago.
    async fn try_start(bindir: &Path, owner: Option<(u32, u32)>) -> Result<PgServer, Failure> {
        let dir = tempfile::Builder::new()
            .prefix("forgetit-pg-")
            .tempdir()
            .expect("create a temp dir for PostgreSQL");
        if let Some((uid, gid)) = owner {
            std::os::unix::fs::chown(dir.path(), Some(uid), Some(gid))
                .expect("chown the PostgreSQL temp dir to postgres");
        }
        let data = dir.path();
        let mut initdb = as_postgres(owner, &bindir.join("initdb"));
        initdb
            .arg("-D")
            .arg(data)
            .args(["-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"])
            // English messages (the readiness line is matched) and a collation that is the same
            // on every machine.
            .arg("--locale=C")
            .env("LC_ALL", "C")
            // Our working directory may be closed to the postgres user.
            .current_dir(data);
        // Off the runtime's thread: it takes most of a second.
        let initdb = tokio::task::spawn_blocking(move || initdb.output())
            .await
            .expect("initdb's thread")
            .expect("run initdb");
        if !initdb.status.success() {
            return Err(Failure::Other(format!(
                "initdb failed ({}):\n{}{}",
                initdb.status,
                String::from_utf8_lossy(&initdb.stdout),
                String::from_utf8_lossy(&initdb.stderr)
            )));
        }

        let port = free_port();
        let mut child = as_postgres(owner, Path::new("sh"))
            .args(["-c", SUPERVISOR, "supervisor"])
            .arg(bindir.join("postgres"))
            .arg("-D")
            .arg(data)
            .args(["-p", &port.to_string()])
            .args(["-c", "listen_addresses=127.0.0.1"])
            // The Unix socket goes in the data dir: the default one may not exist or be writable.
            .arg("-k")
            .arg(data)
            // Throwaway data: nothing needs to reach the disk.
            .args(["-c", "fsync=off", "-c", "synchronous_commit=off"])
            .args(["-c", "full_page_writes=off"])
            .env("PGDATA", data)
            .env("LC_ALL", "C")
            .current_dir(data)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("start PostgreSQL");
        // From here the supervisor removes the directory when the server ends.
        let _ = dir.keep();
        let lifeline = child.stdin.take().expect("piped stdin");
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut state = watch_log(child.stderr.take().expect("piped stderr"), Arc::clone(&log));

        let outcome = tokio::time::timeout(
            START_TIMEOUT,
            state.wait_for(|s| *s != ServerState::Starting),
        )
        .await;
        let log_text = || log.lock().unwrap().join("\n");
        match outcome.map(|state| state.map(|s| *s)) {
            Ok(Ok(ServerState::Ready)) => Ok(PgServer {
                port,
                _lifeline: lifeline,
                _child: child,
                log,
                next_database: AtomicUsize::new(0),
            }),
            Ok(_) if log_text().contains("Address already in use") => {
                let _ = child.wait();
                Err(Failure::PortTaken(log_text()))
            }
            Ok(_) => {
                let status = child.wait().expect("wait for PostgreSQL");
                Err(Failure::Other(format!(
                    "PostgreSQL exited ({status}) before accepting connections:\n{}",
                    log_text()
                )))
            }
            Err(_) => {
                // Dropping our end of the pipe makes the supervisor stop the server.
                drop(lifeline);
                let _ = child.wait();
                Err(Failure::Other(format!(
                    "PostgreSQL did not accept connections within {START_TIMEOUT:?}:\n{}",
                    log_text()
                )))
            }
        }
    }

    /// The URL of `database` on this server.
    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    /// A new, empty database of its own for one test: its URL.
    pub async fn fresh_database(&self) -> String {
        let name = format!("t_{}", self.next_database.fetch_add(1, Ordering::Relaxed));
        // A connection of this test's runtime: a pool kept in the static would be tied to the
        // runtime of the first test, which ends with that test.
        let mut admin = PgConnection::connect(&self.url("postgres"))
            .await
            .unwrap_or_else(|e| panic!("connect to PostgreSQL: {e}\n{}", self.log()));
        admin
            .execute(format!("CREATE DATABASE {name}").as_str())
            .await
            .unwrap_or_else(|e| panic!("CREATE DATABASE {name}: {e}\n{}", self.log()));
        admin.close().await.expect("close the admin connection");
        self.url(&name)
    }

    /// The server's log so far.
    pub fn log(&self) -> String {
        self.log.lock().unwrap().join("\n")
    }
}

enum Failure {
    /// The port was taken before the server bound it: try another.
    PortTaken(String),
    Other(String),
}

#[derive(Clone, Copy, PartialEq, Debug)]
enum ServerState {
    Starting,
    Ready,
    Exited,
}

/// Reads the server's log (stderr) line by line as it comes, for as long as the server runs (a
/// pipe nobody reads would fill and stop the server): `Ready` once it accepts connections,
/// `Exited` when its stderr closes.
fn watch_log(
    stderr: std::process::ChildStderr,
    log: Arc<Mutex<Vec<String>>>,
) -> watch::Receiver<ServerState> {
    let (tx, rx) = watch::channel(ServerState::Starting);
    std::thread::spawn(move || {
        for line in BufReader::new(stderr).lines().map_while(Result::ok) {
            let ready = line.contains(READY);
            log.lock().unwrap().push(line);
            if ready {
                tx.send_replace(ServerState::Ready);
            }
        }
        tx.send_if_modified(|state| {
            let starting = *state == ServerState::Starting;
            if starting {
                *state = ServerState::Exited;
            }
            starting
        });
    });
    rx
}

/// The directory of `initdb` and `postgres`: the newest of Debian's `/usr/lib/postgresql/N/bin`
/// (several versions may be installed side by side), else what `pg_config --bindir` says.
fn bindir() -> PathBuf {
    let has_server = |dir: &Path| dir.join("initdb").is_file() && dir.join("postgres").is_file();
    let newest = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .filter_map(|entry| {
            let entry = entry.ok()?;
            let version: u32 = entry.file_name().to_str()?.parse().ok()?;
            let bin = entry.path().join("bin");
            has_server(&bin).then_some((version, bin))
        })
        .max();
    if let Some((_, bin)) = newest {
        return bin;
    }
    let from_pg_config = Command::new("pg_config")
        .arg("--bindir")
        .output()
        .ok()
        .filter(|out| out.status.success())
        .map(|out| PathBuf::from(String::from_utf8_lossy(&out.stdout).trim()));
    match from_pg_config {
        Some(bin) if has_server(&bin) => bin,
        _ => panic!(
            "PostgreSQL's server is not installed (no initdb and postgres in \
             /usr/lib/postgresql/*/bin nor in `pg_config --bindir`): install the Debian package \
             `{PACKAGE}` (apt-get install {PACKAGE}); .ci/run does"
        ),
    }
}

/// PostgreSQL refuses to run as root: as root, initdb and the server run as the `postgres` user
/// (which the package creates), in a directory it owns; `Some((uid, gid))` of that user then.
/// As anyone else, they run as ourselves.
fn postgres_owner() -> Option<(u32, u32)> {
    if id(&["-u"]) != 0 {
        return None;
    }
    Some((id(&["-u", "postgres"]), id(&["-g", "postgres"])))
}

fn id(args: &[&str]) -> u32 {
    let out = Command::new("id").args(args).output().expect("run id");
    assert!(
        out.status.success(),
        "`id {}` failed: {} (the Debian package `{PACKAGE}` creates the postgres user)",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr).trim()
    );
    String::from_utf8_lossy(&out.stdout)
        .trim()
        .parse()
        .expect("id prints a number")
}

/// `program`, run as the `postgres` user if we are root.
fn as_postgres(owner: Option<(u32, u32)>, program: &Path) -> Command {
    match owner {
        Some(_) => {
            let mut command = Command::new("runuser");
            command.args(["-u", "postgres", "--"]).arg(program);
            command
        }
        None => Command::new(program),
    }
}

/// A port of 127.0.0.1 that was free a moment ago (the server may still lose it to another
/// process: then it fails to bind, and [`PgServer::start`] tries another).
fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("find a free port")
        .port()
}
