//! What the repository ships for deploying the bot (`deploy/`) passes the platforms' own checks:
//! the Kubernetes manifests Kubernetes' schemas (`kubernetes-validate --strict`, from PyPI), the
//! systemd unit `systemd-analyze verify` and its `security` score (Debian's `systemd`). `cargo
//! xtask test` installs both; a missing one fails, naming how to install it.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn deploy(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("deploy")
        .join(path)
}

/// `program` with `args`, or a panic saying how to install it.
fn run(program: &str, args: &[&std::ffi::OsStr], install: &str) -> Output {
    Command::new(program)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{program} cannot run ({e}): {install}, or `cargo xtask test`"))
}

#[test]
fn the_kubernetes_manifests_pass_kubernetes_schemas() {
    let mut files: Vec<PathBuf> = std::fs::read_dir(deploy("kubernetes"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let names: Vec<String> = files
        .iter()
        .map(|f| f.file_name().unwrap().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names, ["secret.yaml", "service.yaml", "statefulset.yaml"]);
    let mut args = vec!["--strict".as_ref()];
    args.extend(files.iter().map(|f| f.as_os_str()));
    let out = run(
        "kubernetes-validate",
        &args,
        "install it from PyPI (`python3 -m pip install kubernetes-validate`)",
    );
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "kubernetes-validate --strict: {said}");
    // One line a resource, each passed: a file it could not read or a kind it does not know
    // would be said otherwise.
    assert_eq!(said.matches(" passed for resource ").count(), 3, "{said}");

    // What the bot needs of the pod, which the schemas cannot tell.
    let statefulset = std::fs::read_to_string(deploy("kubernetes/statefulset.yaml")).unwrap();
    for needed in [
        "enableServiceLinks: false",
        "value: /run/secrets/forgetit/discord-token",
        "mountPath: /run/secrets/forgetit",
        "secretName: forgetit-token",
        "runAsUser: 10001",
        "readOnlyRootFilesystem: true",
        "mountPath: /data",
        "path: /readyz",
        "path: /livez",
    ] {
        assert!(statefulset.contains(needed), "statefulset.yaml: {needed}");
    }
}

/// The unit with its `ExecStart` pointed at this build's binary: `verify` checks that the
/// program exists and is executable.
fn unit_here(dir: &Path) -> PathBuf {
    let unit = std::fs::read_to_string(deploy("systemd/forgetit.service")).unwrap();
    assert!(unit.contains("ExecStart=/usr/local/bin/forgetit run"));
    let here = unit.replace("/usr/local/bin/forgetit", env!("CARGO_BIN_EXE_forgetit"));
    let path = dir.join("forgetit.service");
    std::fs::write(&path, here).unwrap();
    path
}

#[test]
fn the_systemd_unit_verifies_and_is_hardened() {
    let dir = tempfile::tempdir().unwrap();
    let unit = unit_here(dir.path());
    let install = "install Debian's package `systemd`";
    let out = run(
        "systemd-analyze",
        &["verify".as_ref(), unit.as_os_str()],
        install,
    );
    let said =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert!(
        out.status.success() && said.trim().is_empty(),
        "systemd-analyze verify: {said}"
    );

    // The exposure score docs/operating.md states (0 the most locked down, 10 the least).
    let out = run(
        "systemd-analyze",
        &[
            "security".as_ref(),
            "--offline=true".as_ref(),
            "--no-pager".as_ref(),
            unit.as_os_str(),
        ],
        install,
    );
    let said = String::from_utf8_lossy(&out.stdout);
    let score: f64 = said
        .lines()
        .find_map(|line| {
            line.split("Overall exposure level for forgetit.service: ")
                .nth(1)
        })
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|score| score.parse().ok())
        .unwrap_or_else(|| panic!("no exposure level in: {said}"));
    assert!(score <= 1.5, "exposure {score}:\n{said}");
    let operating =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/operating.md"))
            .unwrap();
    assert!(
        operating.contains(&format!("exposure level of {score:.1}")),
        "docs/operating.md states the unit's exposure level, {score:.1}"
    );

    // What an operator relies on, beside what verify checks.
    let text = std::fs::read_to_string(&unit).unwrap();
    for needed in [
        "DynamicUser=yes",
        "StateDirectory=forgetit",
        "WorkingDirectory=%S/forgetit",
        "After=network-online.target",
        "Wants=network-online.target",
        "RestartSec=",
        "RestartPreventExitStatus=3 4",
        "ProtectSystem=strict",
        "NoNewPrivileges=yes",
        "LoadCredential=discord-token:",
        "DISCORD_TOKEN_FILE=%d/discord-token",
    ] {
        assert!(text.contains(needed), "forgetit.service: {needed}");
    }
}
