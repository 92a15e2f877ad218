//! The Dockerfile's runtime stage, built and run without Docker (no Docker engine runs on the
//! project's machines, and no image registry is reachable): its base, `debian:bookworm-slim`, is
//! Debian's `minbase` made by `debootstrap` from Debian's packages; its `RUN` runs in it as
//! written (apt-get, useradd); the binary this build made is copied in, stripped, where its
//! `COPY` puts it. The image then runs as the Dockerfile says: as its `USER` (uid 10001), in its
//! `WORKDIR`, with its `ENV`, a read-only root and a `/data` volume (a mount namespace and
//! `chroot`). Checked in it: the bot against the stand-in (connected, `/readyz` 200), `forgetit
//! healthcheck`, `forgetit backup`, and the sandbox's page. The image's size and the binary's,
//! stripped and not, are printed.

use std::collections::HashMap;
use std::io::BufRead;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use crate::common::health::free_port;

/// What the Dockerfile's last stage says.
#[derive(Debug, Default)]
struct Stage {
    /// `FROM`: the base image.
    from: String,
    /// Each `RUN`, its lines joined.
    runs: Vec<String>,
    /// `COPY --from=build SRC DEST`: where the binary goes.
    binary: String,
    user: String,
    workdir: String,
    env: Vec<(String, String)>,
    /// `ENTRYPOINT` then `CMD`, as JSON arrays.
    entrypoint: Vec<String>,
    cmd: Vec<String>,
}

/// The Dockerfile's runtime stage (its last), read as Docker would read the instructions used.
fn runtime_stage() -> Stage {
    let text =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Dockerfile")).unwrap();
    // Continuation lines joined; comments dropped.
    let mut instructions = Vec::new();
    let mut current = String::new();
    for line in text.lines() {
        let line = line.trim();
        if line.starts_with('#') || (line.is_empty() && current.is_empty()) {
            continue;
        }
        match line.strip_suffix('\\') {
            Some(part) => {
                current.push_str(part);
                current.push(' ');
            }
            None => {
                current.push_str(line);
                instructions.push(std::mem::take(&mut current));
            }
        }
    }
    let last_from = instructions
        .iter()
        .rposition(|i| i.starts_with("FROM "))
        .expect("a FROM");
    let mut stage = Stage::default();
    let array = |rest: &str| -> Vec<String> { serde_json::from_str(rest).expect("a JSON array") };
    for instruction in &instructions[last_from..] {
        let (word, rest) = instruction.split_once(' ').unwrap_or((instruction, ""));
        let rest = rest.trim();
        match word {
            "FROM" => stage.from = rest.to_string(),
            "RUN" => stage.runs.push(rest.to_string()),
            "COPY" => {
                let parts: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(parts[0], "--from=build", "{instruction}");
                stage.binary = parts[2].to_string();
            }
            "USER" => stage.user = rest.to_string(),
            "WORKDIR" => stage.workdir = rest.to_string(),
            "ENV" => {
                let (key, value) = rest.split_once('=').expect("ENV KEY=VALUE");
                stage.env.push((key.to_string(), value.to_string()));
            }
            "ENTRYPOINT" => stage.entrypoint = array(rest),
            "CMD" => stage.cmd = array(rest),
            "VOLUME" | "EXPOSE" | "HEALTHCHECK" => {}
            other => panic!("an instruction this test does not build: {other}"),
        }
    }
    stage
}

/// The Debian suite of a `debian:<suite>-slim` base.
fn suite(from: &str) -> &str {
    from.strip_prefix("debian:")
        .and_then(|tag| tag.strip_suffix("-slim"))
        .unwrap_or_else(|| panic!("a debian:<suite>-slim base, not {from}"))
}

fn run(command: &mut Command) -> String {
    let output = command
        .output()
        .unwrap_or_else(|e| panic!("{command:?}: {e}"));
    let said = String::from_utf8_lossy(&output.stdout).into_owned()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(output.status.success(), "{command:?}: {said}");
    said
}

/// The image's root file system: the base by debootstrap (kept under target/ between runs, as
/// Docker keeps a pulled base), then the stage's `RUN`s in a fresh copy of it.
fn build(stage: &Stage, binary: &Path, dir: &Path) -> PathBuf {
    let suite = suite(&stage.from);
    let bases = Path::new(env!("CARGO_TARGET_TMPDIR")).join("image-bases");
    std::fs::create_dir_all(&bases).unwrap();
    let base = bases.join(suite);
    if !base.join("etc/debian_version").exists() {
        let building = bases.join(format!("{suite}.building"));
        let _ = std::fs::remove_dir_all(&building);
        let debootstrap = Command::new("debootstrap")
            .args(["--variant=minbase", suite])
            .arg(&building)
            .arg("http://deb.debian.org/debian")
            .output()
            .unwrap_or_else(|e| {
                panic!("debootstrap cannot run ({e}): install Debian's package `debootstrap`, or `cargo xtask test`")
            });
        assert!(
            debootstrap.status.success(),
            "debootstrap {suite}: {}",
            String::from_utf8_lossy(&debootstrap.stderr)
        );
        std::fs::rename(&building, &base).unwrap();
    }
    let root = dir.join("rootfs");
    run(Command::new("cp").arg("-a").arg(&base).arg(&root));
    // The stage's RUNs, as Docker runs them: `/bin/sh -c`, as root, with the network.
    std::fs::copy("/etc/resolv.conf", root.join("etc/resolv.conf")).unwrap();
    for command in &stage.runs {
        run(Command::new("chroot")
            .arg(&root)
            .args(["/bin/sh", "-c", command])
            .env_clear()
            .env(
                "PATH",
                "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
            )
            .env("DEBIAN_FRONTEND", "noninteractive"));
    }
    // COPY --from=build: the binary this build made, stripped (as a release build's would be).
    let dest = root.join(stage.binary.trim_start_matches('/'));
    run(Command::new("strip").arg("-o").arg(&dest).arg(binary));
    root
}

/// The uid and gid of `user` in the image.
fn ids_of(root: &Path, user: &str) -> (u32, u32) {
    let passwd = std::fs::read_to_string(root.join("etc/passwd")).unwrap();
    let line = passwd
        .lines()
        .find(|l| l.split(':').next() == Some(user))
        .unwrap_or_else(|| panic!("no user {user} in the image"));
    let fields: Vec<&str> = line.split(':').collect();
    (fields[2].parse().unwrap(), fields[3].parse().unwrap())
}

/// A container of the image: `args` after its ENTRYPOINT, as its USER in its WORKDIR with its ENV
/// and `env`, its root read-only, `data` its `/data` volume.
fn container(
    stage: &Stage,
    root: &Path,
    data: &Path,
    env: &[(&str, &str)],
    args: &[&str],
) -> Command {
    let (uid, gid) = ids_of(root, &stage.user);
    let mut vars: HashMap<String, String> = stage.env.iter().cloned().collect();
    vars.insert("PATH".into(), "/usr/local/bin:/usr/bin:/bin".into());
    vars.insert("HOME".into(), stage.workdir.clone());
    for (key, value) in env {
        vars.insert(key.to_string(), value.to_string());
    }
    let mut argv: Vec<String> = stage.entrypoint.clone();
    argv.extend(args.iter().map(|a| a.to_string()));
    // Run in a mount namespace of its own: the root bound read-only, /data, /proc and /dev
    // bound in, then chroot as the image's user.
    let script = r#"set -e
root="$1"; data="$2"; userspec="$3"; workdir="$4"; shift 4
mount --bind "$root" "$root"
mount --bind "$data" "$root/data"
mount -t proc proc "$root/proc"
mount --rbind /dev "$root/dev"
mount -o remount,bind,ro "$root"
exec chroot --userspec="$userspec" "$root" /usr/bin/env -C "$workdir" "$@"
"#;
    let mut command = Command::new("unshare");
    command
        .args([
            "--mount",
            "--propagation",
            "private",
            "--fork",
            "--",
            "sh",
            "-c",
            script,
            "sh",
        ])
        .arg(root)
        .arg(data)
        .arg(format!("{uid}:{gid}"))
        .arg(&stage.workdir)
        .arg("-i");
    for (key, value) in &vars {
        command.arg(format!("{key}={value}"));
    }
    command.args(&argv);
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default());
    command
}

/// Waits (on its stderr, without polling) for the container's JSON log to say `message`.
fn await_log(child: &mut Child, message: &str) -> Vec<String> {
    let stderr = child.stderr.as_mut().expect("piped stderr");
    let mut lines = Vec::new();
    for line in std::io::BufReader::new(stderr).lines() {
        let line = line.unwrap();
        let said = serde_json::from_str::<serde_json::Value>(&line)
            .ok()
            .and_then(|v| v["fields"]["message"].as_str().map(str::to_string));
        lines.push(line);
        if said.as_deref() == Some(message) {
            return lines;
        }
    }
    panic!(
        "the container ended before logging {message:?}:\n{}",
        lines.join("\n")
    );
}

/// SIGTERM to the container's process (the child `unshare --fork` waits for, whose exit status
/// it passes on), then its output.
fn terminate(child: Child) -> std::process::Output {
    let children = format!("/proc/{0}/task/{0}/children", child.id());
    let inner = std::fs::read_to_string(&children).unwrap();
    let inner = inner
        .split_whitespace()
        .next()
        .expect("the container's process");
    let sent = Command::new("kill")
        .args(["-TERM", inner])
        .status()
        .unwrap();
    assert!(sent.success());
    child.wait_with_output().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_dockerfiles_runtime_stage_builds_and_runs_read_only_as_uid_10001() {
    let stage = runtime_stage();
    assert_eq!(stage.user, "forgetit");
    let dir = tempfile::tempdir().unwrap();
    let binary = Path::new(env!("CARGO_BIN_EXE_forgetit"));
    let root = {
        let (stage, binary, dir) = (&stage, binary.to_path_buf(), dir.path().to_path_buf());
        let stage = Stage {
            from: stage.from.clone(),
            runs: stage.runs.clone(),
            binary: stage.binary.clone(),
            ..Stage::default()
        };
        tokio::task::spawn_blocking(move || build(&stage, &binary, &dir))
            .await
            .unwrap()
    };
    let (uid, _) = ids_of(&root, &stage.user);
    assert_eq!(uid, 10001);
    let size = |path: &Path| -> u64 {
        let said = run(Command::new("du").args(["-sb"]).arg(path));
        said.split_whitespace().next().unwrap().parse().unwrap()
    };
    let stripped = std::fs::metadata(root.join(stage.binary.trim_start_matches('/')))
        .unwrap()
        .len();
    println!(
        "image (debootstrap minbase {} and the stage's RUN): {:.1} MB; the binary {:.1} MB stripped, {:.1} MB not",
        suite(&stage.from),
        size(&root) as f64 / 1e6,
        stripped as f64 / 1e6,
        std::fs::metadata(binary).unwrap().len() as f64 / 1e6
    );

    // The /data volume: a directory the image's user owns, as Docker makes a named volume from
    // the image's /data.
    let data = dir.path().join("data");
    std::fs::create_dir(&data).unwrap();
    std::os::unix::fs::chown(&data, Some(uid), None).unwrap();

    // The bot, against the stand-in.
    let standin = crate::common::process::standin("aW1hZ2U.cnVucw.in-a-container").await;
    let health = format!("127.0.0.1:{}", free_port());
    let env = [
        ("DISCORD_TOKEN", "aW1hZ2U.cnVucw.in-a-container"),
        ("FORGETIT_DISCORD__HTTP_PROXY", &*standin.rest_url()),
        ("FORGETIT_METRICS__LISTEN", &*health),
        ("FORGETIT_LOG__FORMAT", "json"),
    ]
    .map(|(k, v)| (k, v.to_string()));
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let mut bot = container(
        &stage,
        &root,
        &data,
        &env,
        &stage.cmd.iter().map(String::as_str).collect::<Vec<_>>(),
    )
    .stdin(Stdio::null())
    .stdout(Stdio::null())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let mut bot = tokio::task::spawn_blocking(move || {
        await_log(&mut bot, "connected");
        bot
    })
    .await
    .unwrap();
    let ready = reqwest::get(format!("http://{health}/readyz"))
        .await
        .unwrap();
    assert_eq!(ready.status(), 200, "{}", ready.text().await.unwrap());
    assert!(data.join("forgetit.db").exists(), "the database in /data");

    // Inside the same image, beside it: the health check and a backup.
    let in_image = |args: &[&str]| {
        let output = container(&stage, &root, &data, &env, args)
            .output()
            .unwrap();
        let said = String::from_utf8_lossy(&output.stdout).into_owned()
            + &String::from_utf8_lossy(&output.stderr);
        (output.status.code(), said)
    };
    let (status, said) = in_image(&["healthcheck", "--ready"]);
    assert_eq!(status, Some(0), "{said}");
    let (status, said) = in_image(&["backup", "/data/backup.db"]);
    assert_eq!(status, Some(0), "{said}");
    assert!(said.contains("integrity checked"), "{said}");
    assert!(data.join("backup.db").exists());
    // Nothing but /data is written: the root is read-only.
    let (status, said) = in_image(&["backup", "/backup.db"]);
    assert_ne!(status, Some(0), "{said}");
    assert!(
        said.contains("the directory / is not writable by uid 10001"),
        "{said}"
    );

    let stopped = tokio::task::spawn_blocking(move || {
        drop(bot.stderr.take());
        terminate(bot)
    })
    .await
    .unwrap();
    assert!(
        stopped.status.success(),
        "a clean stop: {:?}",
        stopped.status
    );

    // The sandbox's page, served from the image.
    let port = free_port().to_string();
    let mut sandbox = container(
        &stage,
        &root,
        &data,
        &[],
        &["sandbox", "--port", &port, "--db", "/data/sandbox.db"],
    )
    .stdin(Stdio::null())
    .stdout(Stdio::piped())
    .stderr(Stdio::piped())
    .spawn()
    .unwrap();
    let stdout = sandbox.stdout.take().unwrap();
    let line = tokio::task::spawn_blocking(move || {
        let mut line = String::new();
        std::io::BufReader::new(stdout)
            .read_line(&mut line)
            .unwrap();
        line
    })
    .await
    .unwrap();
    assert!(
        line.contains(&format!("http://127.0.0.1:{port}/")),
        "{line}"
    );
    let page = reqwest::get(format!("http://127.0.0.1:{port}/"))
        .await
        .unwrap();
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().to_lowercase().contains("<html"));
    let stopped = tokio::task::spawn_blocking(move || terminate(sandbox))
        .await
        .unwrap();
    assert!(stopped.status.success(), "{stopped:?}");
}
