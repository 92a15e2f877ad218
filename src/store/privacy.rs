//! Privacy and retention: forgetting a person, the servers the bot was removed from (and their
//! data swept after [`REMOVED_GUILD_KEPT_MS`]), and the pruning of old move logs.

use super::{Backend, Result, Store};
use crate::i18n::Lang;
use crate::ids::{ChannelId, GameId, GuildId, UserId};

/// What [`Store::forget_person`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forgotten {
    /// Done, in one transaction: the person's statistics rows deleted (every server, every
    /// game; their daily deals counted with them), and their name replaced in these seats and
    /// events.
    Done { stats: u64, seats: u64, events: u64 },
    /// Nothing done: the person has a seat at an open game (the first found is in this
    /// channel), whose table holds their name in memory and would write it again.
    Seated { channel_id: ChannelId },
}

/// How long a server's data is kept once the bot was removed from it: 30 days.
pub const REMOVED_GUILD_KEPT_MS: i64 = 30 * 24 * 60 * 60 * 1000;

impl Store {
    /// Forgets a person, everywhere, in one transaction: deletes every row of their lifetime
    /// statistics (every server, every game) and their daily deals (with the servers they were
    /// seen in), and replaces the name they had in stored games
    /// (their seats, and the `created` and `joined` events of the games' logs) by `former` in
    /// each game's language ("a former player"). Their Discord id stays in those games, with no
    /// name, so that the games replay as they were played and the others' results stand.
    /// Refused ([`Forgotten::Seated`], nothing changed) while they have a seat at an open game.
    pub async fn forget_person(
        &self,
        user_id: UserId,
        former: &(dyn Fn(Lang) -> String + Sync),
    ) -> Result<Forgotten> {
        each!(self, q => q.forget_person(user_id, former).await)
    }

    /// Records that the bot was removed from a server at `removed_ms` (a second removal before
    /// it comes back keeps the first time). Whether this one was recorded: false for a server
    /// already removed.
    pub async fn guild_removed(&self, guild_id: GuildId, removed_ms: i64) -> Result<bool> {
        let recorded = each!(self, q => q.guilds_removed(&[guild_id], removed_ms).await)?;
        Ok(!recorded.is_empty())
    }

    /// Records at `removed_ms`, in one transaction, the removal of every server with data that
    /// `left` says the bot is no longer in (a shard's READY lists the servers it is in: one left
    /// while the bot was offline sent no GUILD_DELETE). The servers recorded now, in id order;
    /// those already removed keep their first time and are not returned.
    pub async fn guilds_left(
        &self,
        left: impl Fn(GuildId) -> bool,
        removed_ms: i64,
    ) -> Result<Vec<GuildId>> {
        let mut guilds = self.guilds_with_data().await?;
        // A server where people installed the app, and a chat, are no servers of the bot's:
        // READY never lists them, and their games stay.
        let guests = each!(self, q => q.guest_guilds().await)?;
        guilds.retain(|&guild| left(guild) && guests.binary_search(&guild).is_err());
        each!(self, q => q.guilds_removed(&guilds, removed_ms).await)
    }

    /// The bot is in a server (again): its removal, if any, is forgotten and its data kept.
    /// Whether there was one.
    pub async fn guild_back(&self, guild_id: GuildId) -> Result<bool> {
        each!(self, q => q.guild_back(guild_id).await)
    }

    /// Every server the store keeps something of (games, statistics, results, ratings,
    /// settings, daily deals played or shared there), in id order; not 0, the row of ratings across servers.
    pub async fn guilds_with_data(&self) -> Result<Vec<GuildId>> {
        each!(self, q => q.guilds_with_data().await)
    }

    /// When the bot was removed from a server it has not come back to, if it was.
    pub async fn guild_removed_at(&self, guild_id: GuildId) -> Result<Option<i64>> {
        each!(self, q => q.guild_removed_at(guild_id).await)
    }

    /// Deletes the data of every server the bot was removed from [`REMOVED_GUILD_KEPT_MS`] or
    /// more before `now_ms`, and did not come back to: its games with their seats and event
    /// logs, its statistics rows, its settings and its places on the daily deals' boards, in
    /// one transaction. The servers swept.
    pub async fn sweep_removed_guilds(&self, now_ms: i64) -> Result<Vec<GuildId>> {
        let before = now_ms.saturating_sub(REMOVED_GUILD_KEPT_MS);
        each!(self, q => q.sweep_removed_guilds(before).await)
    }

    /// Deletes the move logs of the games that ended before `before_ms` (`retention.game_logs_days`),
    /// noting when (`now_ms`): their results, ratings and statistics stay, their reviews go.
    /// Done a few hundred games a transaction. How many games.
    pub async fn prune_logs(&self, before_ms: i64, now_ms: i64) -> Result<usize> {
        each!(self, q => q.prune_logs(before_ms, now_ms).await)
    }

    /// When game `game_id`'s move log was deleted, if it was ([`Store::prune_logs`]).
    pub async fn log_pruned(&self, game_id: GameId) -> Result<Option<i64>> {
        each!(self, q => q.log_pruned(game_id).await)
    }
}
