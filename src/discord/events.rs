//! The gateway's events the bot listens to (servers joined and left, members, games' threads
//! deleted or locked), and the
//! framework's checks and errors: a refused or failed command is answered, never silent.

use super::router::route_click;
use super::*;
use crate::telemetry::Route;

/// A command refused before it ran, for what the person gave it: the answer says why.
#[derive(Debug, thiserror::Error)]
#[error("refused: {0:?}")]
pub(super) struct Refused(Notice);

/// Every command's checks, before poise reads its options: the guild is this process's (see
/// [`own_guild`]), and the options are what the command registered (see [`options`]).
pub(super) fn check_command(ctx: Context<'_>) -> Result<bool, Error> {
    if !own_guild(ctx) {
        return Ok(false);
    }
    if let poise::Context::Application(app) = ctx {
        if let Err(notice) = options::check(app.command(), app.args, user_lang(ctx)) {
            info!(
                command = %app.command().qualified_name,
                user = %ctx.author().id.get(),
                refused = ?notice,
                "slash command refused"
            );
            return Err(Box::new(Refused(notice)));
        }
    }
    Ok(true)
}

/// Answers `notice` privately to the command of `ctx`, in the asker's language.
pub(super) async fn answer(ctx: Context<'_>, notice: Notice) {
    let reply = poise::CreateReply::default()
        .content(render::notice(notice, user_lang(ctx)).content)
        .allowed_mentions(io::no_pings())
        .ephemeral(true);
    let sent = crate::telemetry::rest_timed(Route::Interaction, ctx.send(reply)).await;
    health::answered("command", &sent);
    if let Err(e) = sent {
        warn!(error = %e, "could not answer a command");
    }
}

/// Every interaction poise could not run gets one private answer in its asker's language: a
/// bad option, a command or subcommand the bot does not have, a command outside a server.
pub(super) async fn on_error(error: poise::FrameworkError<'_, Data, Error>) {
    use poise::FrameworkError as E;
    match error {
        E::Setup { error, .. } => error!(%error, "setup failed"),
        E::EventHandler { error, .. } => error!(%error, "event handler failed"),
        E::CommandCheckFailed { ctx, error, .. } => {
            match error.as_ref().and_then(|e| e.downcast_ref::<Refused>()) {
                Some(Refused(notice)) => answer(ctx, notice.clone()).await,
                // Only the check of the guild's shard fails without a notice (see `own_guild`).
                None => answer(ctx, Notice::Failed).await,
            }
        }
        E::GuildOnly { ctx, .. } => answer(ctx, Notice::NoSettingsHere).await,
        E::Command { error, ctx, .. } => {
            error!(%error, command = %ctx.command().qualified_name, "command failed");
            answer(ctx, Notice::Failed).await;
        }
        E::ArgumentParse { ctx, error, .. } => {
            warn!(%error, command = %ctx.command().qualified_name, "options not read");
            answer(ctx, Notice::BadOptions).await;
        }
        E::CommandStructureMismatch {
            ctx, description, ..
        } => {
            warn!(description, command = %ctx.command().qualified_name, "options not read");
            answer(poise::Context::Application(ctx), Notice::BadOptions).await;
        }
        E::CommandPanic { ctx, payload, .. } => {
            error!(?payload, command = %ctx.command().qualified_name, "command panicked");
            answer(ctx, Notice::Failed).await;
        }
        E::UnknownInteraction {
            framework,
            interaction,
            ..
        } => {
            let ctx = framework.serenity_context;
            warn!(command = %interaction.data.name, "a command the bot does not have");
            let lang = Lang::from_discord(&interaction.locale);
            // A server-wide subcommand from a client that still lists it under a game's command:
            // where it moved.
            let notice = commands::moved(&framework.options.commands, &interaction.data, lang)
                .unwrap_or(Notice::UnknownCommand(framework.user_data.games.commands()));
            let reply = InteractionReply::command(
                ctx.http.clone(),
                &framework.user_data.replies,
                interaction.id,
                interaction.token.clone(),
            );
            let _ = Box::new(reply)
                .ephemeral(render::notice(notice, lang))
                .await;
        }
        other => match other.ctx() {
            Some(ctx) => {
                warn!(error = %other, "command not run");
                answer(ctx, Notice::Failed).await;
            }
            None => warn!(error = %other, "framework error"),
        },
    }
}

pub(super) async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    let data = framework.user_data;
    if let FullEvent::InteractionCreate { interaction } = event {
        crate::telemetry::interaction_received(health::kind(interaction));
    }
    match event {
        FullEvent::InteractionCreate {
            interaction: Interaction::Component(click),
        } => on_click(ctx, data, click).await,
        FullEvent::Ready { data_about_bot } => on_ready(ctx, data, data_about_bot).await,
        FullEvent::Resume { .. } => {
            info!(shard = ctx.shard_id.0, "shard resumed");
            crate::telemetry::reconnected(ctx.shard_id.0, "resume");
        }
        FullEvent::ShardStageUpdate { event } => info!(
            shard = ctx.shard_id.0,
            from = %event.old,
            to = %event.new,
            "shard connection"
        ),
        FullEvent::GuildCreate { guild, .. } => guild_seen(ctx, data, guild).await,
        // A game's thread deleted or locked by a moderator: its game goes back to its channel
        // (the bot's posts there would be refused from now on).
        FullEvent::ThreadDelete { thread, .. } => {
            let tables = &data.tables;
            tables
                .thread_closed(thread.id.into(), crate::tables::Closed::Deleted)
                .await;
        }
        FullEvent::ThreadUpdate { new, .. } if new.thread_metadata.is_some_and(|m| m.locked) => {
            let tables = &data.tables;
            tables
                .thread_closed(new.id.into(), crate::tables::Closed::Locked)
                .await;
        }
        // Removed from a server (not an outage, which says `unavailable`): its data is deleted
        // 30 days from now unless the bot comes back (see `sweep_removed_guilds`).
        FullEvent::GuildDelete { incomplete, .. } if !incomplete.unavailable => {
            guild_removed(data, incomplete.id).await;
        }
        _ => {}
    }
    Ok(())
}

/// A click on a component, routed in a span of its own: what the table then does is in its own
/// span (its task), with the same user and channel.
async fn on_click(ctx: &serenity::Context, data: &Data, click: &ComponentInteraction) {
    let span = info_span!(
        "click",
        guild = click.guild_id.map(|g| g.get().to_string()).as_deref(),
        channel = %click.channel_id.get(),
        user = %click.user.id.get(),
        custom_id = %click.data.custom_id,
    );
    route_click(ctx, data, click).instrument(span).await
}

/// A shard connected: it is healthy, its servers are the bot's, and those of its servers the
/// store keeps data of that READY does not list were left meanwhile.
async fn on_ready(ctx: &serenity::Context, data: &Data, ready: &serenity::Ready) {
    info!(
        shard = ctx.shard_id.0,
        guilds = ready.guilds.len(),
        "shard connected"
    );
    let shard = ready.shard.map_or((0, 1), |s| (s.id.0, s.total));
    health::identified(data, shard.0);
    let listed: std::collections::HashSet<_> = ready.guilds.iter().map(|g| g.id).collect();
    data.member_of(listed.iter().copied(), true);
    note_guilds_left(data, shard, &listed).await;
}

/// A server seen (Discord sends a guild's events, its interactions included, on the guild's
/// shard): the bot is in it, and if it had been removed, its data is kept after all.
async fn guild_seen(ctx: &serenity::Context, data: &Data, guild: &serenity::Guild) {
    info!(
        guild = %guild.id.get(),
        name = %guild.name,
        shard = ctx.shard_id.0,
        "guild seen"
    );
    data.member_of([guild.id], true);
    match data.store.guild_back(guild.id.into()).await {
        Ok(true) => {
            info!(guild = %guild.id.get(), "back in a server: its data is kept");
            let back = Membership::Back { guild: guild.id };
            let _ = data.membership.send(back);
        }
        Ok(false) => {}
        Err(e) => {
            error!(error = %e, guild = %guild.id.get(), "could not record a server's return")
        }
    }
}

/// Removed from `guild`: its removal recorded (its data goes in 30 days), once.
async fn guild_removed(data: &Data, guild: serenity::GuildId) {
    data.member_of([guild], false);
    let removed = data
        .store
        .guild_removed(guild.into(), crate::store::now_ms())
        .await;
    match removed {
        Ok(true) => {
            info!(
                guild = %guild.get(),
                "removed from a server: its data goes in 30 days"
            );
            let _ = data.membership.send(Membership::Removed { guild });
        }
        // Replayed: the first removal keeps its time.
        Ok(false) => {}
        Err(e) => {
            error!(error = %e, guild = %guild.get(), "could not record a server's removal")
        }
    }
}

/// A server the bot was removed from while no process ran its shard sent no GUILD_DELETE; READY
/// lists every server of the shard (those in an outage too), so a server the store keeps data of,
/// of this shard, that READY does not list was left meanwhile. Its removal is recorded now (one
/// recorded earlier keeps its time): its data goes 30 days from now unless the bot comes back.
pub(super) async fn note_guilds_left(
    data: &Data,
    (shard, count): (u32, u32),
    listed: &std::collections::HashSet<serenity::GuildId>,
) {
    let left = |guild: crate::ids::GuildId| {
        crate::tables::shards::shard_of(guild, count) == shard && !listed.contains(&guild.into())
    };
    match data.store.guilds_left(left, crate::store::now_ms()).await {
        Ok(guilds) => {
            for guild in guilds {
                info!(
                    guild = %guild.get(),
                    "not a server of the bot any more (left while offline): its data goes in 30 days"
                );
                let _ = data.membership.send(Membership::Removed {
                    guild: guild.into(),
                });
            }
        }
        Err(e) => error!(error = %e, shard, "could not record the servers left while offline"),
    }
}
