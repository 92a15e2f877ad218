//! Upgrading, rolling back and backing up (docs/operating.md, "Upgrading and rolling back",
//! "Backups and restore"), with the `forgetit` binary where an operator would run it:
//!
//! - a binary older than its database (a rollback) refuses at once, on both backends: one line
//!   naming the database's migration, the version that applied it and what to do, exit status 3
//!   (which the systemd example does not restart on), the database untouched;
//! - a newer binary migrates an older SQLite database once, keeping a copy of it as it was
//!   (`forgetit.db.before-MIGRATION`, the newest three);
//! - `forgetit backup PATH` copies the database of a running bot, with what its write-ahead log
//!   holds, checked; on PostgreSQL it says to use pg_dump.

use crate::common;

use std::path::Path;
use std::process::{Command, Output};

use common::db::Db;
use common::World;
use forgetit::store::{copy_path, Store, COPIES_KEPT};
use sqlx::{Connection, SqliteConnection};

/// A migration no binary knows yet, and the version that applied it.
const FUTURE: i64 = 29_991_231_000_000;
const FUTURE_VERSION: &str = "9.9.9";

fn forgetit(dir: &Path, args: &[&str], env: &[(&str, &str)]) -> Output {
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
    command.envs(env.iter().copied());
    command.output().unwrap()
}

fn one_line(output: &Output) -> String {
    let stderr = String::from_utf8_lossy(&output.stderr).trim().to_string();
    assert_eq!(stderr.lines().count(), 1, "one line: {stderr}");
    stderr
}

/// What a newer forgetit leaves: its migration applied, its version noted.
async fn migrated_by_a_newer_binary(db: &Db) {
    let checksum = match db {
        Db::Sqlite { .. } => "x'00'",
        Db::Postgres { .. } => "decode('00', 'hex')",
    };
    db.execute(&format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ({FUTURE}, 'from the future', TRUE, {checksum}, 1)"
    ))
    .await;
    db.execute(&format!(
        "INSERT INTO app_versions (version, migration, first_ms, last_ms) \
         VALUES ('{FUTURE_VERSION}', {FUTURE}, 1, 1)"
    ))
    .await;
}

async fn refused_at_once(db: Db, env: (&str, &str)) {
    db.open().await.close().await; // migrated by this version, which notes itself
    migrated_by_a_newer_binary(&db).await;
    let migrations_before = db.count("_sqlx_migrations").await;
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(dir.path(), &["run"], &[("DISCORD_TOKEN", "a.b.c"), env]);
    assert_eq!(
        output.status.code(),
        Some(forgetit::cli::EXIT_NEWER_DATABASE.into()),
        "{output:?}"
    );
    // The log's lines before it, then the refusal: one line.
    let stderr = String::from_utf8_lossy(&output.stderr);
    let refusals: Vec<&str> = stderr
        .lines()
        .filter(|l| l.starts_with("forgetit: "))
        .collect();
    assert_eq!(refusals.len(), 1, "{stderr}");
    assert_eq!(stderr.trim_end().lines().last(), Some(refusals[0]));
    let line = refusals[0];
    for needed in [
        &FUTURE.to_string(),
        "from the future",
        &format!("forgetit {FUTURE_VERSION}"),
        env!("CARGO_PKG_VERSION"),
        "restore",
    ] {
        assert!(line.contains(needed), "{needed:?} in: {line}");
    }
    assert_eq!(
        db.count("_sqlx_migrations").await,
        migrations_before,
        "nothing migrated"
    );
    // Through the library too: the store's own error, before anything is changed.
    let opened = match &db {
        Db::Sqlite { path, .. } => Store::open(path).await,
        Db::Postgres { url } => Store::open_url(url, Default::default()).await,
    };
    assert!(
        matches!(opened, Err(forgetit::store::StoreError::Newer(ref newer))
            if newer.migration == FUTURE && newer.written_by.as_deref() == Some(FUTURE_VERSION)),
        "{opened:?}"
    );
}

/// A newer migration that no noted version ran (the notes lost, or a version before them): the
/// refusal does not name this binary's version as the one to run.
#[tokio::test]
async fn a_newer_migration_no_noted_version_ran_is_said_so() {
    let db = Db::sqlite();
    db.open().await.close().await; // this version noted, at the migrations it knows
    let checksum = "x'00'";
    db.execute(&format!(
        "INSERT INTO _sqlx_migrations (version, description, success, checksum, execution_time) \
         VALUES ({FUTURE}, 'from the future', TRUE, {checksum}, 1)"
    ))
    .await;
    let Db::Sqlite { path, .. } = &db else {
        unreachable!()
    };
    let refused = Store::open(path).await.unwrap_err().to_string();
    let this = env!("CARGO_PKG_VERSION");
    assert!(
        refused
            .contains("was applied by a newer forgetit (which version, the database does not say)")
            && refused.contains("run the newer forgetit")
            && !refused.contains(&format!("run forgetit {this}")),
        "{refused}"
    );
}

#[tokio::test]
async fn a_binary_older_than_its_sqlite_database_refuses_at_once_in_one_line_with_status_3() {
    let db = Db::sqlite();
    let Db::Sqlite { path, .. } = &db else {
        unreachable!()
    };
    let path = path.to_str().unwrap().to_string();
    refused_at_once(db, ("FORGETIT_DATABASE__PATH", &path)).await;
}

#[tokio::test]
async fn a_binary_older_than_its_postgres_database_refuses_at_once_in_one_line_with_status_3() {
    let db = Db::postgres().await;
    let Db::Postgres { url } = &db else {
        unreachable!()
    };
    let url = url.clone();
    refused_at_once(db, ("FORGETIT_DATABASE__URL", &url)).await;
}

#[tokio::test]
async fn a_newer_binary_migrates_an_older_sqlite_database_once_keeping_a_copy_as_it_was() {
    let db = Db::sqlite();
    let Db::Sqlite { path, .. } = &db else {
        unreachable!()
    };
    // The database as the version before this one left it: without its newest migration.
    let newest = sqlx_macros::migrate!("./migrations/sqlite")
        .iter()
        .map(|m| m.version)
        .max()
        .unwrap();
    db.migrate_before(newest).await;
    db.execute("INSERT INTO guild_removals (guild_id, removed_ms) VALUES (42, 7)")
        .await;
    // Copies of earlier upgrades: the oldest go, the newest COPIES_KEPT stay.
    for old in 1..=COPIES_KEPT as i64 {
        std::fs::write(copy_path(path, old), b"an older copy").unwrap();
    }

    db.open().await.close().await;

    let copy = copy_path(path, newest);
    assert!(copy.exists(), "a copy before migration {newest}");
    let mut conn = SqliteConnection::connect(&format!("sqlite://{}", copy.display()))
        .await
        .unwrap();
    let at: i64 = sqlx::query_scalar("SELECT MAX(version) FROM _sqlx_migrations")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert!(at < newest, "the copy is the database as it was");
    let kept: i64 = sqlx::query_scalar("SELECT guild_id FROM guild_removals")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(kept, 42, "with its rows");
    let checked: String = sqlx::query_scalar("PRAGMA integrity_check")
        .fetch_one(&mut conn)
        .await
        .unwrap();
    assert_eq!(checked, "ok");
    conn.close().await.unwrap();
    assert_eq!(db.count("app_versions").await, 1, "migrated, and noted");
    assert!(!copy_path(path, 1).exists(), "the oldest copy is gone");
    for kept in 2..=COPIES_KEPT as i64 {
        assert!(copy_path(path, kept).exists(), "copy {kept} is kept");
    }

    // Opened again: nothing to migrate, no new copy.
    let copies = || {
        std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .contains(".before-")
            })
            .count()
    };
    let before = copies();
    db.open().await.close().await;
    assert_eq!(copies(), before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn backup_copies_a_running_bots_database_with_its_write_ahead_log_checked() {
    let world = World::new().await;
    if world.postgres.is_some() {
        return; // run on the file; PostgreSQL's answer is the test below
    }
    let bot = world.start_bot(world.config()).await;
    world.a_short_game().await;
    // The bot runs: what it committed is in the write-ahead log, not yet in the file.
    let wal = std::fs::metadata(world.db.with_extension("db-wal")).unwrap();
    assert!(wal.len() > 0, "the game is in the write-ahead log");
    let live = world.database();
    let (games, events) = (live.count("games").await, live.count("events").await);
    assert!(events > 5);

    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("nightly.db");
    std::fs::write(&out, b"last night's copy").unwrap();
    let output = forgetit(
        dir.path(),
        &["backup", out.to_str().unwrap()],
        &[("FORGETIT_DATABASE__PATH", world.db.to_str().unwrap())],
    );
    assert!(output.status.success(), "{output:?}");
    let said = String::from_utf8_lossy(&output.stdout);
    assert!(said.contains("integrity checked"), "{said}");

    let copy = Db::Sqlite {
        _dir: None,
        path: out.clone(),
    };
    assert_eq!(copy.count("games").await, games);
    assert_eq!(copy.count("events").await, events);
    assert!(
        std::fs::read_dir(dir.path()).unwrap().count() == 1,
        "no temporary file left beside it"
    );

    // The live database as its own destination, by another name, or one of its files, or
    // another database in use: refused in one line, nothing touched.
    let db_dir = world.db.parent().unwrap();
    let by_another_name = db_dir
        .join(".")
        .join(world.db.file_name().unwrap())
        .to_str()
        .unwrap()
        .to_string();
    let wal = format!("{}-wal", world.db.display());
    let other = dir.path().join("other.db");
    std::fs::write(&other, b"").unwrap();
    std::fs::write(dir.path().join("other.db-wal"), b"").unwrap();
    for (to, says) in [
        (by_another_name.as_str(), "is the database itself"),
        (wal.as_str(), "is part of the database"),
        (other.to_str().unwrap(), "is a database in use"),
    ] {
        let before = std::fs::metadata(to).unwrap();
        let output = forgetit(
            dir.path(),
            &["backup", to],
            &[("FORGETIT_DATABASE__PATH", world.db.to_str().unwrap())],
        );
        assert_eq!(output.status.code(), Some(1), "{to}: {output:?}");
        let line = one_line(&output);
        assert!(line.contains(says), "{to}: {line}");
        let after = std::fs::metadata(to).unwrap();
        use std::os::unix::fs::MetadataExt;
        // (A copy is renamed over its destination: the same inode is the same file.)
        assert_eq!(before.ino(), after.ino(), "{to} was left as it was");
    }
    assert_eq!(
        live.count("events").await,
        events,
        "the bot's database is whole"
    );
    bot.shutdown().await;
}

#[test]
fn backup_on_postgres_says_to_use_pg_dump_and_a_missing_file_is_one_line() {
    let dir = tempfile::tempdir().unwrap();
    let output = forgetit(
        dir.path(),
        &["backup", "copy.db"],
        &[(
            "FORGETIT_DATABASE__URL",
            "postgres://u:secret@db.invalid/forgetit",
        )],
    );
    assert_eq!(output.status.code(), Some(1));
    let line = one_line(&output);
    assert!(line.contains("pg_dump"), "{line}");
    assert!(!line.contains("secret"), "{line}");

    let output = forgetit(
        dir.path(),
        &["backup", "copy.db"],
        &[("FORGETIT_DATABASE__PATH", "nowhere.db")],
    );
    assert_eq!(output.status.code(), Some(1));
    assert!(one_line(&output).contains("nowhere.db"));
    assert!(!dir.path().join("copy.db").exists());
    assert!(!dir.path().join("nowhere.db").exists(), "nothing created");
}
