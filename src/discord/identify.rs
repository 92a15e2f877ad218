//! Taking turns to identify across processes. Discord lets a bot IDENTIFY `max_concurrency`
//! shards (1 for most bots) per 5 seconds and bucket (`shard_id % max_concurrency`); one more is
//! answered with an Invalid Session, and the shard tries again later. serenity 0.12 spaces the
//! shards of one process 5 s apart (its `ShardQueuer`), but knows nothing of other processes:
//! two shard processes started together (docs/operating.md, "Shards and a shared REST proxy")
//! identify at once. serenity has no hook into its queue (twilight's gateway-queue is the
//! ecosystem's answer, for twilight), so the processes take turns around it: before it starts its
//! shards, a process takes a lock for each bucket its shards identify in, and holds them until
//! every one of its shards is connected and one more identify window has passed.
//!
//! The lock is the database's, which the processes share: on PostgreSQL a session-level advisory
//! lock per bucket ([`Store::advisory_lock`]); on SQLite, whose processes share one machine, an
//! exclusive lock on a file beside the database per bucket (`forgetit.db.identify-0`). A process
//! that dies releases its locks with it (its connection, its file descriptors).
//!
//! What this does not cover: a shard that identifies again later (a lost session) while another
//! process is starting. Discord then answers one of them with an Invalid Session and serenity
//! identifies again after a few seconds: a delay, not a failure.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use tracing::{info, warn};

use super::serenity;
use crate::store::{AdvisoryLock, Store};

/// Discord's identify rate-limit window.
pub(super) const IDENTIFY_WINDOW: Duration = Duration::from_secs(5);

/// The most a process holds its turn while its shards connect: then it gives the turn up anyway
/// (a shard that cannot connect must not stop the other processes).
const HOLD_AT_MOST: Duration = Duration::from_secs(120);

/// The advisory lock keys: this base (the bytes of the ASCII text fgi, a dash and id) plus the
/// bucket.
const LOCK_KEY: i64 = 0x6667_692d_6964_0000;

/// The buckets the shards `first..end` identify in, with `max_concurrency` (each once, in order).
pub(super) fn buckets(shards: Option<(u32, u32)>, max_concurrency: u32) -> Vec<u32> {
    let max = max_concurrency.max(1);
    let mut buckets: Vec<u32> = match shards {
        Some((first, end)) => (first..end).map(|s| s % max).collect(),
        None => (0..max).collect(),
    };
    buckets.sort_unstable();
    buckets.dedup();
    buckets
}

/// The file locked for `bucket` beside the SQLite file `db`.
pub(super) fn lock_file(db: &Path, bucket: u32) -> PathBuf {
    let mut name = db.as_os_str().to_owned();
    name.push(format!(".identify-{bucket}"));
    name.into()
}

/// A process's turn to identify: the locks of its buckets, released when dropped.
#[derive(Default)]
pub(super) struct Turn {
    advisory: Vec<AdvisoryLock>,
    files: Vec<std::fs::File>,
}

impl Turn {
    /// Waits for and takes the locks of `buckets`, in order (so that two processes never each
    /// hold one the other waits for): advisory locks on PostgreSQL, else files beside the SQLite
    /// file `sqlite` (none for a database in memory). A lock that cannot be taken is logged and
    /// skipped: identifying unordered is a delay, not a reason to stay down.
    pub(super) async fn take(store: &Store, sqlite: Option<&Path>, buckets: &[u32]) -> Turn {
        let mut turn = Turn::default();
        for &bucket in buckets {
            match store.advisory_lock(LOCK_KEY + i64::from(bucket)).await {
                Ok(Some(lock)) => turn.advisory.push(lock),
                Ok(None) => {
                    let Some(db) = sqlite else { continue };
                    let path = lock_file(db, bucket);
                    let locked = tokio::task::spawn_blocking(move || {
                        let file = std::fs::OpenOptions::new()
                            .create(true)
                            .truncate(false)
                            .write(true)
                            .open(&path)?;
                        file.lock()?;
                        Ok::<_, std::io::Error>(file)
                    })
                    .await;
                    match locked {
                        Ok(Ok(file)) => turn.files.push(file),
                        Ok(Err(e)) => warn!(bucket, error = %e, "could not lock the identify file"),
                        Err(e) => warn!(bucket, error = %e, "could not lock the identify file"),
                    }
                }
                Err(e) => warn!(bucket, error = %e, "could not take the identify lock"),
            }
        }
        turn
    }

    /// Holds the turn until every shard of `shards` (`first..end`; else every shard serenity
    /// runs) is connected, then one more identify window, at most [`HOLD_AT_MOST`]; then
    /// releases it.
    pub(super) async fn hold_until_connected(
        self,
        manager: Arc<serenity::ShardManager>,
        shards: Option<(u32, u32)>,
        mut changes: tokio::sync::watch::Receiver<u64>,
    ) {
        let connected = async {
            loop {
                if all_connected(&manager, shards).await {
                    return;
                }
                if changes.changed().await.is_err() {
                    return;
                }
            }
        };
        if tokio::time::timeout(HOLD_AT_MOST, connected).await.is_err() {
            warn!("the shards did not all connect in time: giving up the turn to identify");
        } else {
            // The last shard's IDENTIFY opened a window no other may identify in.
            tokio::time::sleep(IDENTIFY_WINDOW).await;
        }
        self.release().await;
        info!("gave up the turn to identify");
    }

    async fn release(self) {
        for lock in self.advisory {
            lock.release().await;
        }
        // The files' locks go with their descriptors.
        drop(self.files);
    }
}

/// Whether every shard this process runs is connected.
async fn all_connected(manager: &serenity::ShardManager, shards: Option<(u32, u32)>) -> bool {
    let runners = manager.runners.lock().await;
    let stage = |id: u32| {
        runners
            .get(&serenity::ShardId(id))
            .map(|info| info.stage == serenity::ConnectionStage::Connected)
    };
    match shards {
        Some((first, end)) => (first..end).all(|id| stage(id) == Some(true)),
        None => {
            !runners.is_empty()
                && runners
                    .values()
                    .all(|info| info.stage == serenity::ConnectionStage::Connected)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_of_a_range_are_each_of_its_shards_modulo_max_concurrency_once() {
        assert_eq!(buckets(Some((0, 4)), 1), [0]);
        assert_eq!(buckets(Some((2, 4)), 16), [2, 3]);
        assert_eq!(buckets(Some((14, 20)), 16), [0, 1, 2, 3, 14, 15]);
        assert_eq!(buckets(None, 4), [0, 1, 2, 3]);
        assert_eq!(buckets(None, 0), [0], "a max_concurrency of 0 is read as 1");
    }

    #[test]
    fn the_lock_file_is_beside_the_database() {
        assert_eq!(
            lock_file(Path::new("/data/forgetit.db"), 3),
            Path::new("/data/forgetit.db.identify-3")
        );
    }
}
