//! Threads as a moderator leaves them: deleted (THREAD_DELETE, then 404 Unknown Channel) or locked
//! (THREAD_UPDATE, then 400 Thread is archived), neither a violation of the bot's; and threads
//! kept across a restart of the stand-in with their messages.

use discord_standin::{ChannelId, FaultKind, MessageId, Standin};
use poise::serenity_prelude as serenity;
use serde_json::json;

/// A serenity client of the stand-in's REST.
fn http(standin: &Standin) -> serenity::Http {
    serenity::HttpBuilder::new(standin.token())
        .proxy(standin.rest_url())
        .ratelimiter_disabled(true)
        .build()
}

/// Discord's status and error code of a failed request.
fn refusal(err: serenity::Error) -> (u16, isize) {
    match err {
        serenity::Error::Http(serenity::HttpError::UnsuccessfulRequest(resp)) => {
            (resp.status_code.as_u16(), resp.error.code)
        }
        other => panic!("expected Discord's error response, got {other:?}"),
    }
}

/// A thread the bot started from a message of its own in `channel`, with one message of its.
async fn a_thread(standin: &Standin, http: &serenity::Http) -> (ChannelId, MessageId) {
    let channel = serenity::ChannelId::new(standin.channel_id().get());
    let first = channel.say(http, "a game").await.unwrap();
    let thread = channel
        .create_thread_from_message(http, first.id, serenity::CreateThread::new("For Get It #1"))
        .await
        .unwrap();
    let inside = thread.id.say(http, "a turn").await.unwrap();
    (ChannelId(thread.id.get()), MessageId(inside.id.get()))
}

async fn post(
    http: &serenity::Http,
    channel: ChannelId,
    text: &str,
) -> Result<(), serenity::Error> {
    serenity::ChannelId::new(channel.get())
        .say(http, text)
        .await
        .map(|_| ())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_deleted_thread_is_announced_and_then_unknown_without_a_violation() {
    let standin = Standin::start().await;
    let http = http(&standin);
    let (thread, message) = a_thread(&standin, &http).await;
    let parent = standin.channel_id();

    standin.delete_thread(thread);
    let (event, data) = standin.dispatched().pop().unwrap();
    assert_eq!(event, "THREAD_DELETE");
    assert_eq!(
        data,
        json!({"id": thread.to_string(), "guild_id": standin.guild_id().to_string(),
            "parent_id": parent.to_string(), "type": 11})
    );
    // Gone, with its messages: no thread of the channel, nothing of it shown.
    assert!(standin.threads_of(parent).is_empty());
    assert!(standin.messages(thread).is_empty());
    assert!(standin.message(message).is_none_or(|m| m.deleted));

    // The bot's posts, edits and reads there: 404 Unknown Channel, as Discord answers.
    let posted = post(&http, thread, "the next turn").await.unwrap_err();
    assert_eq!(refusal(posted), (404, 10003));
    let edit = serenity::EditMessage::new().content("edited");
    let edited = serenity::ChannelId::new(thread.get())
        .edit_message(&http, serenity::MessageId::new(message.get()), edit)
        .await
        .unwrap_err();
    assert_eq!(refusal(edited), (404, 10003));
    let read = http
        .get_channel(serenity::ChannelId::new(thread.get()))
        .await
        .unwrap_err();
    assert_eq!(refusal(read), (404, 10003));
    // The parent channel is as it was.
    post(&http, parent, "still here").await.unwrap();

    // Answers of Discord's to a moderator's act, not the bot's mistakes.
    let fired: Vec<_> = standin.faults_fired().into_iter().map(|f| f.kind).collect();
    assert_eq!(fired, vec![FaultKind::UnknownChannel; 3]);
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_locked_thread_is_announced_and_then_refuses_the_bots_posts_and_edits() {
    let standin = Standin::start().await;
    let http = http(&standin);
    let (thread, message) = a_thread(&standin, &http).await;
    let parent = standin.channel_id();

    standin.lock_thread(thread);
    let (event, data) = standin.dispatched().pop().unwrap();
    assert_eq!(event, "THREAD_UPDATE");
    assert_eq!(data["id"], json!(thread.to_string()));
    assert_eq!(data["thread_metadata"]["locked"], json!(true));
    assert_eq!(data["thread_metadata"]["archived"], json!(true));
    assert_eq!(
        standin.threads_of(parent),
        [(thread, "For Get It #1".to_string(), true)]
    );

    let posted = post(&http, thread, "the next turn").await.unwrap_err();
    assert_eq!(refusal(posted), (400, 50083));
    let edit = serenity::EditMessage::new().content("edited");
    let edited = serenity::ChannelId::new(thread.get())
        .edit_message(&http, serenity::MessageId::new(message.get()), edit)
        .await
        .unwrap_err();
    assert_eq!(refusal(edited), (400, 50083));
    let reopen = serenity::ChannelId::new(thread.get())
        .edit_thread(&http, serenity::EditThread::new().archived(false))
        .await
        .unwrap_err();
    assert_eq!(refusal(reopen), (400, 50083));
    // It can still be read, and shows what it held.
    let read = http
        .get_channel(serenity::ChannelId::new(thread.get()))
        .await
        .unwrap();
    let serenity::Channel::Guild(read) = read else {
        panic!("a guild channel: {read:?}")
    };
    assert!(read.thread_metadata.is_some_and(|m| m.locked && m.archived));
    assert_eq!(standin.messages(thread).len(), 1);

    let fired: Vec<_> = standin.faults_fired().into_iter().map(|f| f.kind).collect();
    assert_eq!(fired, vec![FaultKind::ThreadLocked; 3]);
    standin.assert_clean();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn threads_outlast_a_restart_with_their_messages_and_locks() {
    let standin = Standin::builder().stable_ids().start().await;
    let http = http(&standin);
    let (thread, message) = a_thread(&standin, &http).await;
    let (gone, _) = {
        let channel = serenity::ChannelId::new(standin.channel_id().get());
        let first = channel.say(&http, "another game").await.unwrap();
        let other = channel
            .create_thread_from_message(&http, first.id, serenity::CreateThread::new("gone"))
            .await
            .unwrap();
        (ChannelId(other.id.get()), first.id)
    };
    standin.delete_thread(gone);
    standin.lock_thread(thread);
    let (threads, messages) = (standin.lasting_threads(), standin.lasting_messages());
    assert_eq!(threads.len(), 1, "the deleted one is not kept: {threads:?}");

    let again = Standin::builder()
        .stable_ids()
        .threads(threads)
        .messages(messages)
        .start()
        .await;
    let parent = again.channel_id();
    assert_eq!(
        again.threads_of(parent),
        [(thread, "For Get It #1".to_string(), true)]
    );
    let kept = again.messages(thread);
    assert_eq!(kept.iter().map(|m| m.id).collect::<Vec<_>>(), [message]);
    // Still locked, and a read of it says so.
    let http = self::http(&again);
    let posted = post(&http, thread, "the next turn").await.unwrap_err();
    assert_eq!(refusal(posted), (400, 50083));
    again.assert_clean();
}
