//! A tiny test-only bot (real poise + serenity) to drive the stand-in with.

use discord_standin::{Interaction, Standin, UserId};
use poise::serenity_prelude as serenity;

pub struct Data;

/// Each error poise reported (a command it could not run), once it was handled: a test awaits
/// it to know the bot is done with an interaction it does not answer.
pub static FRAMEWORK_ERRORS: std::sync::LazyLock<tokio::sync::broadcast::Sender<String>> =
    std::sync::LazyLock::new(|| tokio::sync::broadcast::channel(16).0);

/// The next error poise reported that contains `containing` (the tests of one binary share
/// [`FRAMEWORK_ERRORS`], so others' errors are passed over), within 5 s.
pub async fn framework_error(
    errors: &mut tokio::sync::broadcast::Receiver<String>,
    containing: &str,
) -> String {
    let wanted = async {
        loop {
            match errors.recv().await {
                Ok(error) if error.contains(containing) => return error,
                Ok(_) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                Err(e) => panic!("poise's errors: {e}"),
            }
        }
    };
    tokio::time::timeout(std::time::Duration::from_secs(5), wanted)
        .await
        .unwrap_or_else(|_| panic!("poise reports an error with {containing:?} within 5 s"))
}

pub type Error = Box<dyn std::error::Error + Send + Sync>;
type Ctx<'a> = poise::Context<'a, Data, Error>;

/// The game command (subcommands only).
#[poise::command(
    slash_command,
    subcommands("start", "info", "slow", "broken", "admin", "pick", "twice")
)]
pub async fn forgetit(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Start a game
#[poise::command(slash_command)]
async fn start(
    ctx: Ctx<'_>,
    #[description = "How many players"] players: u8,
    #[description = "Which game"] mode: Option<String>,
) -> Result<(), Error> {
    let mode = mode.unwrap_or_else(|| "classic".into());
    ctx.send(
        poise::CreateReply::default()
            .content(format!("New {mode} game for {players} players"))
            .embed(
                serenity::CreateEmbed::new()
                    .title("For Get It")
                    .description("Round 1"),
            )
            .components(vec![serenity::CreateActionRow::Buttons(vec![
                serenity::CreateButton::new("roll")
                    .label("Roll")
                    .style(serenity::ButtonStyle::Primary),
                serenity::CreateButton::new("rules")
                    .label("Rules")
                    .style(serenity::ButtonStyle::Secondary),
            ])]),
    )
    .await?;
    Ok(())
}

/// Show what the bot knows from the gateway
#[poise::command(slash_command)]
async fn info(ctx: Ctx<'_>) -> Result<(), Error> {
    let guild = ctx
        .guild()
        .map(|g| g.name.clone())
        .unwrap_or_else(|| "?".into());
    let channel = ctx
        .guild()
        .and_then(|g| g.channels.get(&ctx.channel_id()).map(|c| c.name.clone()))
        .unwrap_or_else(|| "?".into());
    let locale = ctx.locale().unwrap_or("?").to_owned();
    let user = ctx.author().name.clone();
    ctx.send(
        poise::CreateReply::default()
            .content(format!(
                "guild={guild} channel={channel} locale={locale} user={user}"
            ))
            .ephemeral(true),
    )
    .await?;
    Ok(())
}

/// Defer, then answer
#[poise::command(slash_command)]
async fn slow(ctx: Ctx<'_>) -> Result<(), Error> {
    ctx.defer().await?;
    ctx.say("done thinking").await?;
    ctx.say("and one more thing").await?;
    Ok(())
}

/// Reply with a body that breaks Discord's limits
#[poise::command(slash_command)]
async fn broken(ctx: Ctx<'_>) -> Result<(), Error> {
    ctx.send(
        // (serenity itself refuses content over 2000 characters before sending, but not these.)
        poise::CreateReply::default()
            .content("Let's play")
            .components(vec![serenity::CreateActionRow::Buttons(vec![
                serenity::CreateButton::new("c".repeat(101))
                    .label("L".repeat(81))
                    .style(serenity::ButtonStyle::Primary),
            ])]),
    )
    .await?;
    Ok(())
}

/// Choose a game mode
#[poise::command(slash_command)]
async fn pick(ctx: Ctx<'_>) -> Result<(), Error> {
    let options = vec![
        serenity::CreateSelectMenuOption::new("For Get It", "forgetit"),
        serenity::CreateSelectMenuOption::new("Get Dickey", "dickey"),
    ];
    let menu =
        serenity::CreateSelectMenu::new("mode", serenity::CreateSelectMenuKind::String { options })
            .placeholder("Game mode");
    ctx.send(
        poise::CreateReply::default()
            .content("Pick a mode")
            .components(vec![serenity::CreateActionRow::SelectMenu(menu)]),
    )
    .await?;
    Ok(())
}

/// Answer the interaction twice (wrong: only one initial response is allowed)
#[poise::command(slash_command)]
async fn twice(ctx: Ctx<'_>) -> Result<(), Error> {
    if let poise::Context::Application(app) = ctx {
        for text in ["first", "second"] {
            let msg = serenity::CreateInteractionResponseMessage::new().content(text);
            let answer = serenity::CreateInteractionResponse::Message(msg);
            app.interaction.create_response(ctx, answer).await?;
        }
    }
    Ok(())
}

/// Admin tools
#[poise::command(slash_command, subcommands("reset"))]
async fn admin(_ctx: Ctx<'_>) -> Result<(), Error> {
    Ok(())
}

/// Reset a player's score
#[poise::command(slash_command)]
async fn reset(
    ctx: Ctx<'_>,
    #[description = "Whose score"] player: serenity::User,
) -> Result<(), Error> {
    ctx.say(format!("reset {}", player.name)).await?;
    Ok(())
}

/// Component clicks: "roll" updates the message, "rules" answers ephemerally.
async fn on_event(
    framework: poise::FrameworkContext<'_, Data, Error>,
    event: &serenity::FullEvent,
) -> Result<(), Error> {
    let ctx = framework.serenity_context;
    if let serenity::FullEvent::InteractionCreate { interaction } = event {
        if let Some(click) = interaction.as_message_component() {
            match click.data.custom_id.as_str() {
                "roll" => {
                    let rolled = format!(
                        "{} rolled a 6 (message had {} embed(s))",
                        click.user.name,
                        click.message.embeds.len()
                    );
                    let msg = serenity::CreateInteractionResponseMessage::new()
                        .content(rolled)
                        .components(vec![serenity::CreateActionRow::Buttons(vec![
                            serenity::CreateButton::new("roll")
                                .label("Roll")
                                .style(serenity::ButtonStyle::Primary)
                                .disabled(true),
                            serenity::CreateButton::new("rules")
                                .label("Rules")
                                .style(serenity::ButtonStyle::Secondary),
                        ])]);
                    click
                        .create_response(
                            ctx,
                            serenity::CreateInteractionResponse::UpdateMessage(msg),
                        )
                        .await?;
                }
                "rules" => {
                    let msg = serenity::CreateInteractionResponseMessage::new()
                        .content("Roll the dice; highest wins.")
                        .ephemeral(true);
                    click
                        .create_response(ctx, serenity::CreateInteractionResponse::Message(msg))
                        .await?;
                }
                "mode" => {
                    // Acknowledge without a visible change (type 6), then edit the message and
                    // post to the channel.
                    let serenity::ComponentInteractionDataKind::StringSelect { values } =
                        &click.data.kind
                    else {
                        return Err("mode is a string select".into());
                    };
                    click.defer(ctx).await?;
                    let edit = serenity::EditInteractionResponse::new()
                        .content(format!("Mode: {}", values.join(", ")))
                        .components(vec![]);
                    click.edit_response(ctx, edit).await?;
                    let posted = click
                        .channel_id
                        .say(ctx, format!("{} picked a mode", click.user.name))
                        .await?;
                    posted
                        .channel_id
                        .edit_message(
                            ctx,
                            posted.id,
                            serenity::EditMessage::new()
                                .content(format!("{} picked {}", click.user.name, values[0])),
                        )
                        .await?;
                }
                _ => {}
            }
        }
    }
    Ok(())
}

/// `user` runs `/forgetit start players:2` in the stand-in's channel.
pub async fn start_game(standin: &Standin, user: UserId) -> Interaction {
    standin
        .run_slash(
            user,
            standin.channel_id(),
            "forgetit",
            Some("start"),
            serde_json::json!({"players": 2}),
        )
        .await
        .unwrap()
}

/// Build the bot against the stand-in and run it in the background.
pub async fn start_bot(standin: &Standin) -> tokio::task::JoinHandle<()> {
    let mut client = client(standin).await;
    tokio::spawn(async move {
        if let Err(e) = client.start().await {
            panic!("the bot stopped: {e}");
        }
    })
}

/// The same bot, running as many shards as `GET /gateway/bot` recommends.
pub async fn start_autosharded_bot(standin: &Standin) -> tokio::task::JoinHandle<()> {
    let mut client = client(standin).await;
    tokio::spawn(async move {
        if let Err(e) = client.start_autosharded().await {
            panic!("the bot stopped: {e}");
        }
    })
}

/// The bot's client, not started yet.
pub async fn client(standin: &Standin) -> serenity::Client {
    let framework = poise::Framework::builder()
        .options(poise::FrameworkOptions {
            commands: vec![forgetit()],
            event_handler: |framework, event| Box::pin(on_event(framework, event)),
            on_error: |error| {
                Box::pin(async move {
                    let what = error.to_string();
                    // poise's own handling first (it answers some errors, logs others).
                    if let Err(e) = poise::builtins::on_error(error).await {
                        eprintln!("could not handle an error: {e}");
                    }
                    let _ = FRAMEWORK_ERRORS.send(what);
                })
            },
            ..Default::default()
        })
        .setup(|ctx, _ready, framework| {
            Box::pin(async move {
                poise::builtins::register_globally(ctx, &framework.options().commands).await?;
                Ok(Data)
            })
        })
        .build();
    let http = serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build();
    serenity::ClientBuilder::new_with_http(http, serenity::GatewayIntents::non_privileged())
        .framework(framework)
        .await
        .expect("build the serenity client")
}
