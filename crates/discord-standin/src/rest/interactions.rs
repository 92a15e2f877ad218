//! `POST /interactions/{id}/{token}/callback` (the initial response to an interaction) and
//! `/webhooks/{application_id}/{token}...` (its follow-ups, and its messages fetched, edited and
//! deleted).

use serde_json::{json, Value};

use super::{edit_limit_reply, fired, plan_attachments, unsupported, Call, Reply, NULL};
use crate::faults::{FaultKind, INTERACTION_CALLBACK};
use crate::ids::{InteractionId, MessageId};
use crate::limits::EPHEMERAL;
use crate::model::{Attachment, InteractionKind, InteractionRecord, ResponseRecord, World};
use crate::violation::{Violation, ViolationKind};
use crate::{INITIAL_RESPONSE_DEADLINE, INTERACTION_TOKEN_LIFETIME, USER_INSTALL_FOLLOWUPS};

/// Serve an interaction's callback or one of its webhook routes.
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    match (call.method, template) {
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback") => {
            interaction_callback(w, call)
        }
        ("POST", "/webhooks/{webhook_id}/{webhook_token}") => followup(w, call),
        (
            _,
            "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
            | "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
        ) => webhook_message(w, template, call),
        _ => unsupported(call, template),
    }
}

/// `POST /interactions/{id}/{token}/callback`.
fn interaction_callback(w: &mut World, call: &mut Call<'_>) -> Reply {
    let id = InteractionId(call.param_id(0));
    let token = call.params.get(1).cloned().unwrap_or_default();
    let Some(idx) = w
        .interaction_position(id)
        .filter(|&i| w.interactions[i].token == token)
    else {
        return call.refuse(
            404,
            10062,
            "Unknown interaction",
            format!("no interaction {id} with that token"),
        );
    };
    if let Some(reply) = expired_token(w, idx, call) {
        return reply;
    }
    let kind = call.body.get("type").and_then(Value::as_u64).unwrap_or(0);
    let latency = w.interactions[idx].sent_at.elapsed();
    w.interactions[idx]
        .responses
        .push(ResponseRecord { kind, latency });
    // Past Discord's 3 seconds the interaction has failed ("This interaction failed") and its
    // token no longer takes an initial response.
    if latency > INITIAL_RESPONSE_DEADLINE {
        if call
            .fault_delay
            .is_some_and(|d| latency.saturating_sub(d) <= INITIAL_RESPONSE_DEADLINE)
        {
            w.fault_late.insert(id);
        }
        fired(w, call, INTERACTION_CALLBACK, FaultKind::LateInteraction);
        return Reply::error(404, 10062, "Unknown interaction");
    }
    if w.interactions[idx].responses.len() > 1 {
        return call.refuse(
            400,
            40060,
            "Interaction has already been acknowledged.",
            format!(
                "{} got a second initial response",
                w.interactions[idx].describe()
            ),
        );
    }
    let clicked = clicked_message(&w.interactions[idx]);
    let data = call.body.get("data").unwrap_or(&NULL);
    let ephemeral = data.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0;
    let edited = if kind == 7 { clicked } else { None };
    let attachments = match kind {
        4 | 7 => match plan_attachments(w, call, edited, data, "/data") {
            Ok(a) => a,
            Err(reply) => {
                // Refused as an invalid body: the interaction is not acknowledged.
                w.interactions[idx].responses.pop();
                return reply;
            }
        },
        _ => None,
    };
    if let Err(refused) = apply_callback(w, call, idx, kind, data, ephemeral, attachments) {
        return refused;
    }
    if call.query_flag("with_response") {
        let msg = w.interactions[idx].answer.map(|m| w.message_json(m));
        return Reply::ok(json!({
            "interaction": {
                "id": id.to_string(),
                "type": if clicked.is_some() { 3 } else { 2 },
                "activity_instance_id": null,
                "response_message_id": w.interactions[idx].original.map(|m| m.to_string()),
                "response_message_loading": kind == 5,
                "response_message_ephemeral": ephemeral,
            },
            "resource": {"type": kind, "message": msg},
        }));
    }
    Reply::no_content()
}

/// The message whose component was used, for a component interaction.
fn clicked_message(rec: &InteractionRecord) -> Option<MessageId> {
    match &rec.kind {
        InteractionKind::Component { message_id, .. } => Some(*message_id),
        InteractionKind::Command { .. } => None,
    }
}

/// Apply the initial response of type `kind` to the interaction at `idx`, with its `data`: a
/// message (4; 5 deferred, a "thinking" message), the clicked message updated (7; 6 deferred),
/// autocomplete choices (8) or a modal (9). Refuses, as Discord does, a type that does not
/// answer this interaction.
fn apply_callback(
    w: &mut World,
    call: &mut Call<'_>,
    idx: usize,
    kind: u64,
    data: &Value,
    ephemeral: bool,
    attachments: Option<Vec<Attachment>>,
) -> Result<(), Reply> {
    let rec = &w.interactions[idx];
    let clicked = clicked_message(rec);
    let (id, rec_user, rec_channel) = (rec.id, rec.user, rec.channel_id);
    let visible_to = ephemeral.then_some(rec_user);
    let reply_kind = if clicked.is_some() { 0 } else { 20 };
    match kind {
        4 => {
            let bot = w.bot.id;
            let msg = w.create_message(rec_channel, bot, data, visible_to, Some(id), reply_kind);
            w.attach(msg, attachments);
            let r = &mut w.interactions[idx];
            r.original = Some(msg);
            r.answer = Some(msg);
        }
        5 => {
            let bot = w.bot.id;
            let msg = w.create_message(
                rec_channel,
                bot,
                &json!({}),
                visible_to,
                Some(id),
                reply_kind,
            );
            if let Some(m) = w.message_mut(msg) {
                m.loading = true;
            }
            w.interactions[idx].original = Some(msg);
        }
        6 | 7 => {
            let Some(clicked) = clicked else {
                return Err(call.refuse(
                    400,
                    50035,
                    "Invalid Form Body",
                    format!("callback type {kind} is only for component interactions"),
                ));
            };
            if kind == 7 {
                w.edit_message(clicked, data);
                w.attach(clicked, attachments);
                w.interactions[idx].answer = Some(clicked);
            }
            w.interactions[idx].original = Some(clicked);
        }
        8 => w.interactions[idx].choices = data.get("choices").cloned(),
        9 => w.interactions[idx].modal = Some(data.clone()),
        other => {
            return Err(call.refuse(
                400,
                50035,
                "Invalid Form Body",
                format!("callback type {other} is not a valid answer to a gateway interaction"),
            ));
        }
    }
    Ok(())
}

/// Find the interaction of a webhook route (`/webhooks/{app}/{token}...`).
fn webhook_interaction(w: &World, call: &mut Call<'_>) -> Result<usize, Reply> {
    if call.param_id(0) != w.application_id {
        return Err(call.refuse(
            404,
            10015,
            "Unknown Webhook",
            format!(
                "webhook id {} is not the bot's application id",
                call.params[0]
            ),
        ));
    }
    let token = call.params.get(1).cloned().unwrap_or_default();
    match w.interaction_by_token(&token) {
        Some(i) => match expired_token(w, i, call) {
            Some(reply) => Err(reply),
            None => Ok(i),
        },
        None => Err(call.refuse(
            404,
            10015,
            "Unknown Webhook",
            "no interaction has this token".into(),
        )),
    }
}

/// Discord's 401 `Invalid Webhook Token` (50027) for a token older than
/// [`INTERACTION_TOKEN_LIFETIME`] on the stand-in's clock, recorded as the bot's mistake.
fn expired_token(w: &World, idx: usize, call: &mut Call<'_>) -> Option<Reply> {
    let rec = &w.interactions[idx];
    let age = w.clock.since(rec.created_at);
    (age > INTERACTION_TOKEN_LIFETIME).then(|| {
        call.refuse(
            401,
            50027,
            "Invalid Webhook Token",
            format!(
                "token expired: the token of {} is {}s old on the stand-in's clock; Discord's \
                 interaction tokens last {}s",
                rec.describe(),
                age.as_secs(),
                INTERACTION_TOKEN_LIFETIME.as_secs()
            ),
        )
    })
}

/// Discord's message for code 40094.
const MAX_FOLLOWUPS_MESSAGE: &str =
    "This interaction has hit the maximum number of follow up messages";

/// `POST /webhooks/{app}/{token}`: a follow-up message.
fn followup(w: &mut World, call: &mut Call<'_>) -> Reply {
    let idx = match webhook_interaction(w, call) {
        Ok(i) => i,
        Err(r) => return r,
    };
    let rec = &w.interactions[idx];
    if !rec
        .responses
        .iter()
        .any(|r| r.latency <= INITIAL_RESPONSE_DEADLINE)
    {
        return call.refuse(
            404,
            10015,
            "Unknown Webhook",
            format!(
                "follow-up to {} before its initial response",
                rec.describe()
            ),
        );
    }
    // Discord allows 5 follow-ups to an interaction the user's install alone authorized. Every
    // follow-up counts, also the first after a deferred message that fills it in (the docs say
    // the endpoint then works as an edit of the original, not that it doesn't count: the
    // stand-in counts it, the stricter reading).
    if rec.guild_install.is_none() && rec.followup_posts >= USER_INSTALL_FOLLOWUPS {
        let why = format!(
            "{} is authorized by a user install alone (authorizing_integration_owners without \
             \"0\"): Discord allows {USER_INSTALL_FOLLOWUPS} follow-up messages, this is one more \
             (Discord answers 400 {MAX_FOLLOWUPS_MESSAGE})",
            rec.describe()
        );
        call.violations.push(Violation::new(
            ViolationKind::Limit,
            call.method,
            call.path,
            "",
            why,
        ));
        return Reply::error(400, 40094, MAX_FOLLOWUPS_MESSAGE);
    }
    let (rec_id, rec_user, rec_channel, rec_original) =
        (rec.id, rec.user, rec.channel_id, rec.original);
    // The first follow-up after a deferred message (type 5) fills in the "thinking" message
    // (unless the bot deleted it: then the follow-up is a message of its own).
    if let Some(original) = rec_original {
        if w.message(original).is_some_and(|m| m.loading && !m.deleted) {
            let attachments = match plan_attachments(w, call, Some(original), call.body, "") {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            w.edit_message(original, call.body);
            w.attach(original, attachments);
            w.interactions[idx].answer.get_or_insert(original);
            w.interactions[idx].followup_posts += 1;
            return Reply::ok(w.message_json(original));
        }
    }
    let ephemeral = call.body.get("flags").and_then(Value::as_u64).unwrap_or(0) & EPHEMERAL != 0;
    let attachments = match plan_attachments(w, call, None, call.body, "") {
        Ok(a) => a,
        Err(reply) => return reply,
    };
    let bot = w.bot.id;
    let msg = w.create_message(
        rec_channel,
        bot,
        call.body,
        ephemeral.then_some(rec_user),
        Some(rec_id),
        0,
    );
    w.attach(msg, attachments);
    let r = &mut w.interactions[idx];
    r.followups.push(msg);
    r.followup_posts += 1;
    r.answer.get_or_insert(msg);
    Reply::ok(w.message_json(msg))
}

/// `GET`/`PATCH`/`DELETE /webhooks/{app}/{token}/messages/{@original|id}`.
fn webhook_message(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    let idx = match webhook_interaction(w, call) {
        Ok(i) => i,
        Err(r) => return r,
    };
    let rec = &w.interactions[idx];
    let target = if template.ends_with("@original") {
        match rec.original {
            Some(m) => m,
            None => {
                return call.refuse(
                    404,
                    10008,
                    "Unknown Message",
                    format!("{} has no original response yet", rec.describe()),
                )
            }
        }
    } else {
        let id = MessageId(call.param_id(2));
        if rec.original != Some(id) && !rec.followups.contains(&id) {
            return call.refuse(
                404,
                10008,
                "Unknown Message",
                format!("message {id} is not a response to {}", rec.describe()),
            );
        }
        id
    };
    if w.moderator_deleted.contains(&target) {
        fired(w, call, template, FaultKind::UnknownMessage);
        return Reply::error(404, 10008, "Unknown Message");
    }
    if w.message(target).is_none_or(|m| m.deleted) {
        return call.refuse(
            404,
            10008,
            "Unknown Message",
            format!("message {target} is deleted"),
        );
    }
    match call.method {
        "GET" => Reply::ok(w.message_json(target)),
        "PATCH" if w.edit_limited.contains(&target) => {
            fired(w, call, template, FaultKind::EditLimit);
            edit_limit_reply()
        }
        "PATCH" => {
            let attachments = match plan_attachments(w, call, Some(target), call.body, "") {
                Ok(a) => a,
                Err(reply) => return reply,
            };
            w.edit_message(target, call.body);
            w.attach(target, attachments);
            w.interactions[idx].answer.get_or_insert(target);
            Reply::ok(w.message_json(target))
        }
        "DELETE" => {
            if let Some(m) = w.message_mut(target) {
                m.deleted = true;
            }
            Reply::no_content()
        }
        _ => unsupported(call, template),
    }
}
