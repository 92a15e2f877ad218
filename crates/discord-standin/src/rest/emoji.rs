//! `/applications/{application_id}/emojis[/{emoji_id}]`: the application's emoji, listed,
//! uploaded (checked as Discord checks them), renamed and deleted.

use std::sync::Arc;

use serde_json::{json, Value};

use super::{fired, unsupported, wrong_application, Call, Reply};
use crate::faults::FaultKind;
use crate::model::{user_json, AppEmoji, EmojiRefusal, World};
use crate::violation::{Violation, ViolationKind};

/// Discord's limit on the number of an application's emoji.
pub const MAX_APPLICATION_EMOJIS: usize = 2000;
/// Discord's limit on an emoji's image (256 KiB).
pub const MAX_EMOJI_BYTES: usize = 256 * 1024;

/// An emoji object (`EmojiResponse`).
fn emoji_json(w: &World, e: &AppEmoji) -> Value {
    json!({
        "id": e.id.to_string(),
        "name": e.name,
        "roles": [],
        "require_colons": true,
        "managed": false,
        "animated": e.animated,
        "available": true,
        "user": user_json(&w.bot),
    })
}

/// Discord's 400 `Invalid Form Body` for one field, recorded as the bot's mistake.
fn form_error(call: &mut Call<'_>, field: &str, code: &str, message: &str) -> Reply {
    call.violations.push(Violation::new(
        ViolationKind::Limit,
        call.method,
        call.path,
        format!("/{field}"),
        format!("{message} (Discord answers 400 Invalid Form Body, {code})"),
    ));
    Reply::with_body(
        400,
        Some(json!({
            "code": 50035,
            "message": "Invalid Form Body",
            "errors": {field: {"_errors": [{"code": code, "message": message}]}},
        })),
    )
}

/// Decodes an emoji's image data URI (`data:image/png;base64,...`): its media type and bytes.
pub fn decode_image(uri: &str) -> Result<(String, Vec<u8>), String> {
    use base64::Engine;
    let rest = uri
        .strip_prefix("data:")
        .ok_or("the image is not a data URI (data:image/png;base64,...)")?;
    let (media, data) = rest
        .split_once(";base64,")
        .ok_or("the image's data URI is not base64 (data:image/png;base64,...)")?;
    let magic: &[u8] = match media {
        "image/png" => b"\x89PNG\r\n\x1a\n",
        "image/jpeg" => b"\xff\xd8\xff",
        "image/gif" => b"GIF8",
        "image/webp" => b"RIFF",
        other => {
            return Err(format!(
                "{other} is not an image type Discord takes (PNG, JPEG, GIF, WEBP)"
            ))
        }
    };
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(data)
        .map_err(|e| format!("the image's base64 does not decode: {e}"))?;
    if !bytes.starts_with(magic) {
        return Err(format!("the image's bytes are not {media}"));
    }
    Ok((media.to_owned(), bytes))
}

/// `/applications/{id}/emojis[/{emoji_id}]`: list, upload, get, rename, delete.
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    if call.param_id(0) != w.application_id {
        return wrong_application(call, w.application_id);
    }
    if template == "/applications/{application_id}/emojis" {
        return match call.method {
            "GET" => {
                let items: Vec<Value> = w.app_emojis.iter().map(|e| emoji_json(w, e)).collect();
                Reply::ok(json!({ "items": items }))
            }
            "POST" => create_application_emoji(w, template, call),
            _ => unsupported(call, template),
        };
    }
    let id = call.param_id(1);
    let Some(i) = w.app_emojis.iter().position(|e| e.id == id) else {
        return call.refuse(
            404,
            10014,
            "Unknown Emoji",
            format!("no application emoji {id}"),
        );
    };
    match call.method {
        "GET" => Reply::ok(emoji_json(w, &w.app_emojis[i])),
        "DELETE" => {
            w.app_emojis.remove(i);
            Reply::no_content()
        }
        "PATCH" => {
            if let Some(name) = call.body.get("name").and_then(Value::as_str) {
                w.app_emojis[i].name = name.to_owned();
            }
            Reply::ok(emoji_json(w, &w.app_emojis[i]))
        }
        _ => unsupported(call, template),
    }
}

/// `POST /applications/{id}/emojis`: the name (2–32 of `[A-Za-z0-9_]`, not taken), the image (a
/// data URI of a PNG, JPEG, GIF or WEBP of at most 256 KiB), at most 2,000 emoji.
fn create_application_emoji(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    if let Some(refusal) = w.emoji_refusal {
        fired(w, call, template, FaultKind::EmojiRefused(refusal));
        return match refusal {
            EmojiRefusal::Full => {
                Reply::error(400, 30008, "Maximum number of emojis reached (2000)")
            }
            EmojiRefusal::Forbidden => Reply::error(403, 50013, "Missing Permissions"),
        };
    }
    let name = call
        .body
        .get("name")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let image = call
        .body
        .get("image")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_owned();
    let valid_name = (2..=32).contains(&name.chars().count())
        && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_');
    if !valid_name {
        return form_error(
            call,
            "name",
            "STRING_TYPE_REGEX",
            &format!(
                "String value did not match validation regex ({name:?}: 2-32 of A-Z a-z 0-9 _)"
            ),
        );
    }
    if w.app_emojis.iter().any(|e| e.name == name) {
        // Not a violation: processes of one bot starting together each upload what they found
        // missing, and all but one are refused so; Discord's answer is theirs to handle.
        return Reply::with_body(
            400,
            Some(json!({
                "code": 50035,
                "message": "Invalid Form Body",
                "errors": {"name": {"_errors": [{
                    "code": "APPLICATION_EMOJI_NAME_ALREADY_TAKEN",
                    "message": "Emoji name already taken",
                }]}},
            })),
        );
    }
    let (content_type, bytes) = match decode_image(&image) {
        Ok(decoded) => decoded,
        Err(why) => {
            return form_error(
                call,
                "image",
                "IMAGE_INVALID",
                &format!("Invalid image data: {why}"),
            )
        }
    };
    if bytes.len() > MAX_EMOJI_BYTES {
        return form_error(
            call,
            "image",
            "BINARY_TYPE_MAX_SIZE",
            &format!(
                "File cannot be larger than 256.0 kb ({} bytes)",
                bytes.len()
            ),
        );
    }
    if w.app_emojis.len() >= MAX_APPLICATION_EMOJIS {
        return call.refuse(
            400,
            30008,
            "Maximum number of emojis reached (2000)",
            format!("{MAX_APPLICATION_EMOJIS} application emoji already"),
        );
    }
    let emoji = AppEmoji {
        id: w.next_id(),
        animated: content_type == "image/gif",
        name,
        content_type,
        image: Arc::new(bytes),
    };
    let reply = Reply::created(emoji_json(w, &emoji));
    w.app_emojis.push(emoji);
    reply
}
