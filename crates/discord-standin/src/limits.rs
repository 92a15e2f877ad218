//! Documented limits that Discord enforces but its OpenAPI spec doesn't (fully) express.
//!
//! Sources: Discord's developer documentation for messages (content ≤ 2000 characters), embeds
//! (title 256, description 4096, ≤ 25 fields, field name 256 / value 1024, footer 2048, author
//! name 256, 6000 characters in all embeds of a message, ≤ 10 embeds), message components
//! (≤ 5 action rows, ≤ 5 buttons or exactly one select menu a row, custom_id 1–100 characters and
//! unique in the message, button label ≤ 80, select menus: ≤ 25 options, option label/value/
//! description ≤ 100, placeholder ≤ 150, 0 ≤ min_values ≤ max_values ≤ 25), modals and
//! application commands (name 1–32 lowercase characters, description 1–100, ≤ 25 options and
//! choices, required options first).

use serde_json::Value;

/// Message flag: the message is only visible to the user who invoked the interaction.
pub const EPHEMERAL: u64 = 1 << 6;
/// Message flag: the message uses the newer (v2) layout components.
pub const IS_COMPONENTS_V2: u64 = 1 << 15;

/// One broken limit: where in the checked value and why.
pub type LimitError = (String, String);

fn chars(v: Option<&Value>) -> usize {
    v.and_then(Value::as_str)
        .map(|s| s.chars().count())
        .unwrap_or(0)
}

fn max_chars(v: &Value, key: &str, max: usize, at: &str, out: &mut Vec<LimitError>) -> usize {
    let n = chars(v.get(key));
    if n > max {
        out.push((
            format!("{at}/{key}"),
            format!("{key} is {n} characters long; Discord allows at most {max}"),
        ));
    }
    n
}

/// Check a message body (create/edit message, webhook/follow-up, interaction callback `data`).
/// `at` is the JSON pointer of `payload` within the request body.
pub fn check_message(payload: &Value, at: &str, out: &mut Vec<LimitError>) {
    if !payload.is_object() {
        return;
    }
    max_chars(payload, "content", 2000, at, out);
    if let Some(embeds) = payload.get("embeds").and_then(Value::as_array) {
        check_embeds(embeds, &format!("{at}/embeds"), out);
    }
    let v2 = payload.get("flags").and_then(Value::as_u64).unwrap_or(0) & IS_COMPONENTS_V2 != 0;
    if let Some(components) = payload.get("components").and_then(Value::as_array) {
        check_components(components, v2, &format!("{at}/components"), out);
    }
}

fn check_embeds(embeds: &[Value], at: &str, out: &mut Vec<LimitError>) {
    if embeds.len() > 10 {
        out.push((
            at.to_owned(),
            format!("{} embeds; Discord allows at most 10", embeds.len()),
        ));
    }
    let mut total = 0;
    for (i, embed) in embeds.iter().enumerate() {
        let at = format!("{at}/{i}");
        total += max_chars(embed, "title", 256, &at, out);
        total += max_chars(embed, "description", 4096, &at, out);
        if let Some(footer) = embed.get("footer") {
            total += max_chars(footer, "text", 2048, &format!("{at}/footer"), out);
        }
        if let Some(author) = embed.get("author") {
            total += max_chars(author, "name", 256, &format!("{at}/author"), out);
        }
        if let Some(fields) = embed.get("fields").and_then(Value::as_array) {
            if fields.len() > 25 {
                out.push((
                    format!("{at}/fields"),
                    format!("{} embed fields; Discord allows at most 25", fields.len()),
                ));
            }
            for (j, field) in fields.iter().enumerate() {
                let fat = format!("{at}/fields/{j}");
                for key in ["name", "value"] {
                    if chars(field.get(key)) == 0 {
                        out.push((
                            format!("{fat}/{key}"),
                            format!("embed field {key} must not be empty"),
                        ));
                    }
                }
                total += max_chars(field, "name", 256, &fat, out);
                total += max_chars(field, "value", 1024, &fat, out);
            }
        }
    }
    if total > 6000 {
        out.push((
            at.to_owned(),
            format!("the embeds hold {total} characters in all; Discord allows at most 6000"),
        ));
    }
}

/// The custom emoji of a message's components (buttons, select options, at any depth), each
/// with its JSON pointer: Discord refuses one it does not know, which [`check_message`] alone,
/// seeing no emoji, cannot tell.
pub fn component_emoji(payload: &Value, at: &str) -> Vec<(String, u64)> {
    fn walk(v: &Value, at: String, out: &mut Vec<(String, u64)>) {
        match v {
            Value::Object(map) => {
                let id = map.get("emoji").and_then(|e| e.get("id"));
                if let Some(id) = id.and_then(crate::ids::snowflake) {
                    out.push((format!("{at}/emoji/id"), id));
                }
                for (key, value) in map {
                    if key != "emoji" {
                        walk(value, format!("{at}/{key}"), out);
                    }
                }
            }
            Value::Array(items) => {
                for (i, item) in items.iter().enumerate() {
                    walk(item, format!("{at}/{i}"), out);
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    if let Some(components) = payload.get("components") {
        walk(components, format!("{at}/components"), &mut out);
    }
    out
}

fn check_components(components: &[Value], v2: bool, at: &str, out: &mut Vec<LimitError>) {
    if !v2 && components.len() > 5 {
        out.push((
            at.to_owned(),
            format!("{} action rows; Discord allows at most 5", components.len()),
        ));
    }
    let mut custom_ids: Vec<(String, String)> = Vec::new();
    for (i, row) in components.iter().enumerate() {
        let rat = format!("{at}/{i}");
        let kind = row.get("type").and_then(Value::as_u64).unwrap_or(0);
        if kind != 1 {
            if !v2 {
                out.push((
                    format!("{rat}/type"),
                    format!(
                        "top-level component of type {kind}; without the IS_COMPONENTS_V2 flag \
                         only action rows (type 1) are allowed"
                    ),
                ));
            }
            continue;
        }
        let items = row
            .get("components")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if items.is_empty() {
            out.push((
                format!("{rat}/components"),
                "an action row must not be empty".into(),
            ));
        }
        let selects = items
            .iter()
            .filter(|c| matches!(c.get("type").and_then(Value::as_u64), Some(3 | 5..=8)))
            .count();
        if selects > 0 && items.len() > 1 {
            out.push((
                format!("{rat}/components"),
                "an action row with a select menu must hold nothing else".into(),
            ));
        } else if items.len() > 5 {
            out.push((
                format!("{rat}/components"),
                format!(
                    "{} buttons in one action row; Discord allows at most 5",
                    items.len()
                ),
            ));
        }
        for (j, item) in items.iter().enumerate() {
            let cat = format!("{rat}/components/{j}");
            check_interactive(item, &cat, &mut custom_ids, out);
        }
    }
}

fn check_interactive(
    item: &Value,
    at: &str,
    custom_ids: &mut Vec<(String, String)>,
    out: &mut Vec<LimitError>,
) {
    let kind = item.get("type").and_then(Value::as_u64).unwrap_or(0);
    let custom_id = item.get("custom_id").and_then(Value::as_str);
    if let Some(id) = custom_id {
        let n = id.chars().count();
        if n == 0 || n > 100 {
            out.push((
                format!("{at}/custom_id"),
                format!("custom_id is {n} characters long; Discord allows 1 to 100"),
            ));
        }
        if let Some((_, first)) = custom_ids.iter().find(|(c, _)| c == id) {
            out.push((
                format!("{at}/custom_id"),
                format!("custom_id {id:?} is used twice in one message (first at {first})"),
            ));
        } else {
            custom_ids.push((id.to_owned(), at.to_owned()));
        }
    }
    match kind {
        2 => check_button(item, at, custom_id, out),
        3 | 5..=8 => check_select(item, at, kind, custom_id, out),
        4 => {
            max_chars(item, "label", 45, at, out);
            max_chars(item, "placeholder", 100, at, out);
        }
        _ => {}
    }
}

/// A button (type 2): a label or an emoji, and a custom_id or a url as its style needs.
fn check_button(item: &Value, at: &str, custom_id: Option<&str>, out: &mut Vec<LimitError>) {
    max_chars(item, "label", 80, at, out);
    let style = item.get("style").and_then(Value::as_u64).unwrap_or(0);
    let has_url = item.get("url").is_some_and(|u| !u.is_null());
    match style {
        5 => {
            if !has_url || custom_id.is_some() {
                out.push((
                    at.to_owned(),
                    "a link button (style 5) needs a url and no custom_id".into(),
                ));
            }
        }
        6 => {}
        _ => {
            if custom_id.is_none() || has_url {
                out.push((
                    at.to_owned(),
                    format!("a button of style {style} needs a custom_id and no url"),
                ));
            }
        }
    }
    let has_label = chars(item.get("label")) > 0;
    let has_emoji = item.get("emoji").is_some_and(|e| !e.is_null());
    if style != 6 && !has_label && !has_emoji {
        out.push((at.to_owned(), "a button needs a label or an emoji".into()));
    }
}

/// A select menu (type 3; 5 to 8 for users, roles, mentionables, channels): its custom_id,
/// placeholder and number of values, and a string select's options.
fn check_select(
    item: &Value,
    at: &str,
    kind: u64,
    custom_id: Option<&str>,
    out: &mut Vec<LimitError>,
) {
    if custom_id.is_none() {
        out.push((at.to_owned(), "a select menu needs a custom_id".into()));
    }
    max_chars(item, "placeholder", 150, at, out);
    let min = item.get("min_values").and_then(Value::as_u64).unwrap_or(1);
    let max = item.get("max_values").and_then(Value::as_u64).unwrap_or(1);
    if min > 25 || max == 0 || max > 25 || min > max {
        out.push((
            at.to_owned(),
            format!(
                "min_values {min} / max_values {max}: Discord needs \
                 0 ≤ min ≤ max ≤ 25 and max ≥ 1"
            ),
        ));
    }
    if kind == 3 {
        let options = item
            .get("options")
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if options.is_empty() || options.len() > 25 {
            out.push((
                format!("{at}/options"),
                format!("{} select options; Discord allows 1 to 25", options.len()),
            ));
        }
        if max as usize > options.len() && !options.is_empty() {
            out.push((
                format!("{at}/max_values"),
                format!("max_values {max} exceeds the {} options", options.len()),
            ));
        }
        for (k, option) in options.iter().enumerate() {
            let oat = format!("{at}/options/{k}");
            for key in ["label", "value"] {
                let n = max_chars(option, key, 100, &oat, out);
                if n == 0 {
                    out.push((
                        format!("{oat}/{key}"),
                        format!("select option {key} must not be empty"),
                    ));
                }
            }
            max_chars(option, "description", 100, &oat, out);
        }
    }
}

/// Check a modal (interaction callback type 9 `data`).
pub fn check_modal(data: &Value, at: &str, out: &mut Vec<LimitError>) {
    let n = chars(data.get("custom_id"));
    if n == 0 || n > 100 {
        out.push((
            format!("{at}/custom_id"),
            format!("custom_id is {n} characters long; Discord allows 1 to 100"),
        ));
    }
    max_chars(data, "title", 45, at, out);
    if let Some(components) = data.get("components").and_then(Value::as_array) {
        if components.is_empty() || components.len() > 5 {
            out.push((
                format!("{at}/components"),
                format!("{} modal rows; Discord allows 1 to 5", components.len()),
            ));
        }
    }
}

/// Check the application commands of a `PUT` (array) or `POST`/`PATCH` (one command).
pub fn check_commands(body: &Value, out: &mut Vec<LimitError>) {
    match body {
        Value::Array(cmds) => {
            let chat = cmds.iter().filter(|c| command_type(c) == 1).count();
            if chat > 100 {
                out.push((
                    String::new(),
                    format!("{chat} slash commands; Discord allows 100"),
                ));
            }
            let mut seen: Vec<(u64, String)> = Vec::new();
            for (i, cmd) in cmds.iter().enumerate() {
                let name = cmd.get("name").and_then(Value::as_str).unwrap_or_default();
                let key = (command_type(cmd), name.to_owned());
                if seen.contains(&key) {
                    out.push((
                        format!("/{i}/name"),
                        format!("command name {name:?} used twice"),
                    ));
                }
                seen.push(key);
                check_command(cmd, &format!("/{i}"), out);
            }
        }
        cmd => check_command(cmd, "", out),
    }
}

fn command_type(cmd: &Value) -> u64 {
    cmd.get("type").and_then(Value::as_u64).unwrap_or(1)
}

fn check_command(cmd: &Value, at: &str, out: &mut Vec<LimitError>) {
    let chat = command_type(cmd) == 1;
    check_name(cmd, chat, at, out);
    if chat {
        check_description(cmd, at, out);
    }
    if let Some(options) = cmd.get("options").and_then(Value::as_array) {
        check_options(options, &format!("{at}/options"), 0, out);
    }
}

/// The locales Discord knows, as keys of `name_localizations` and `description_localizations`.
pub const LOCALES: [&str; 34] = [
    "id", "da", "de", "en-GB", "en-US", "es-ES", "es-419", "fr", "hr", "it", "lt", "hu", "nl",
    "no", "pl", "pt-BR", "ro", "fi", "sv-SE", "vi", "tr", "cs", "el", "bg", "ru", "uk", "hi", "th",
    "zh-CN", "ja", "zh-TW", "ko", "he", "ar",
];

fn check_name(v: &Value, lowercase: bool, at: &str, out: &mut Vec<LimitError>) {
    let name = v.get("name").and_then(Value::as_str).unwrap_or_default();
    check_name_text(name, lowercase, at, out);
    // A localized name follows the same rules as the name, under a locale Discord knows.
    if let Some(names) = v.get("name_localizations").and_then(Value::as_object) {
        for (locale, name) in names {
            let lat = format!("{at}/name_localizations/{locale}");
            check_locale(locale, &lat, out);
            check_name_text(name.as_str().unwrap_or_default(), lowercase, &lat, out);
        }
    }
}

fn check_locale(locale: &str, at: &str, out: &mut Vec<LimitError>) {
    if !LOCALES.contains(&locale) {
        out.push((at.to_owned(), format!("{locale:?} is not a Discord locale")));
    }
}

fn check_name_text(name: &str, lowercase: bool, at: &str, out: &mut Vec<LimitError>) {
    let n = name.chars().count();
    let bad_char = name
        .chars()
        .find(|c| !(c.is_alphanumeric() || matches!(c, '-' | '_' | '\'')));
    if n == 0 || n > 32 || (lowercase && bad_char.is_some()) {
        out.push((
            format!("{at}/name"),
            format!("name {name:?} must be 1 to 32 letters, digits, '-', '_' or '\\''"),
        ));
    } else if lowercase && name.chars().any(char::is_uppercase) {
        out.push((
            format!("{at}/name"),
            format!("name {name:?} must be lowercase"),
        ));
    }
}

fn check_description(v: &Value, at: &str, out: &mut Vec<LimitError>) {
    let n = chars(v.get("description"));
    if n == 0 || n > 100 {
        out.push((
            format!("{at}/description"),
            format!("description is {n} characters long; Discord allows 1 to 100"),
        ));
    }
    if let Some(descriptions) = v
        .get("description_localizations")
        .and_then(Value::as_object)
    {
        for (locale, text) in descriptions {
            let lat = format!("{at}/description_localizations/{locale}");
            check_locale(locale, &lat, out);
            let n = chars(Some(text));
            if n == 0 || n > 100 {
                out.push((
                    lat,
                    format!("description is {n} characters long; Discord allows 1 to 100"),
                ));
            }
        }
    }
}

fn check_options(options: &[Value], at: &str, depth: usize, out: &mut Vec<LimitError>) {
    if options.len() > 25 {
        out.push((
            at.to_owned(),
            format!("{} options; Discord allows 25", options.len()),
        ));
    }
    let mut optional_seen = false;
    for (i, option) in options.iter().enumerate() {
        let oat = format!("{at}/{i}");
        check_name(option, true, &oat, out);
        check_description(option, &oat, out);
        let kind = option.get("type").and_then(Value::as_u64).unwrap_or(0);
        if matches!(kind, 1 | 2) {
            let allowed = if kind == 2 { depth == 0 } else { depth <= 1 };
            if !allowed {
                out.push((
                    format!("{oat}/type"),
                    "subcommands nest at most two deep".into(),
                ));
            }
            if let Some(sub) = option.get("options").and_then(Value::as_array) {
                check_options(sub, &format!("{oat}/options"), depth + 1, out);
            }
            continue;
        }
        let required = option
            .get("required")
            .and_then(Value::as_bool)
            .unwrap_or(false);
        if required && optional_seen {
            out.push((
                format!("{oat}/required"),
                "required options must come before optional ones".into(),
            ));
        }
        optional_seen |= !required;
        if let Some(choices) = option.get("choices").and_then(Value::as_array) {
            if choices.len() > 25 {
                out.push((
                    format!("{oat}/choices"),
                    format!("{} choices; Discord allows 25", choices.len()),
                ));
            }
            for (k, choice) in choices.iter().enumerate() {
                let cat = format!("{oat}/choices/{k}");
                let n = chars(choice.get("name"));
                if n == 0 || n > 100 {
                    out.push((
                        format!("{cat}/name"),
                        format!("choice name is {n} characters; Discord allows 1 to 100"),
                    ));
                }
                max_chars(choice, "value", 100, &cat, out);
                if let Some(names) = choice.get("name_localizations").and_then(Value::as_object) {
                    for (locale, name) in names {
                        let lat = format!("{cat}/name_localizations/{locale}");
                        check_locale(locale, &lat, out);
                        let n = chars(Some(name));
                        if n == 0 || n > 100 {
                            out.push((
                                lat,
                                format!("choice name is {n} characters; Discord allows 1 to 100"),
                            ));
                        }
                    }
                }
            }
        }
    }
}

/// How long a message created with `nonce` and `enforce_nonce` is returned to a create with the
/// same nonce by the same author, instead of a new message ("the past few minutes", Discord's
/// docs say).
pub const NONCE_WINDOW: std::time::Duration = std::time::Duration::from_secs(5 * 60);

/// Discord's default upload limit for a bot's file: 10 MiB a file (a server's boosts raise it for
/// people, not for bots' messages).
pub const MAX_FILE_BYTES: usize = 10 * 1024 * 1024;
/// Discord's limit on a whole request with files (the multipart body): 25 MiB.
pub const MAX_REQUEST_BYTES: usize = 25 * 1024 * 1024;
/// At most this many files a message (the spec's multipart bodies have `files[0]` to `files[9]`).
pub const MAX_FILES: usize = 10;

/// The image type a file name's extension says (`.png`, `.jpg`/`.jpeg`, `.gif`, `.webp`, any
/// case), as a media type.
pub fn image_type(filename: &str) -> Option<&'static str> {
    let ext = filename.rsplit_once('.')?.1.to_ascii_lowercase();
    match ext.as_str() {
        "png" => Some("image/png"),
        "jpg" | "jpeg" => Some("image/jpeg"),
        "gif" => Some("image/gif"),
        "webp" => Some("image/webp"),
        _ => None,
    }
}

/// Whether `bytes` start as an image of `media_type` (one of [`image_type`]'s) does: its magic
/// bytes.
pub fn has_image_magic(media_type: &str, bytes: &[u8]) -> bool {
    match media_type {
        "image/png" => bytes.starts_with(b"\x89PNG\r\n\x1a\n"),
        "image/jpeg" => bytes.starts_with(b"\xff\xd8\xff"),
        "image/gif" => bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a"),
        "image/webp" => bytes.starts_with(b"RIFF") && bytes.get(8..12) == Some(b"WEBP"),
        _ => false,
    }
}

/// An image's width and height, where its header says them cheaply: a PNG's IHDR chunk, a GIF's
/// logical screen.
pub fn image_dimensions(bytes: &[u8]) -> Option<(u32, u32)> {
    if has_image_magic("image/png", bytes) && bytes.get(12..16) == Some(b"IHDR") {
        let be = |at: usize| Some(u32::from_be_bytes(bytes.get(at..at + 4)?.try_into().ok()?));
        return Some((be(16)?, be(20)?));
    }
    if has_image_magic("image/gif", bytes) {
        let le = |at: usize| Some(u16::from_le_bytes(bytes.get(at..at + 2)?.try_into().ok()?));
        return Some((le(6)?.into(), le(8)?.into()));
    }
    None
}

/// The `id` of an `attachments` entry, given as a string of digits or (as serenity and
/// discord.py send a new file's placeholder, and Discord takes) a number.
pub fn attachment_entry_id(entry: &Value) -> Option<u64> {
    crate::ids::snowflake(entry.get("id")?)
}

/// Check the files of a multipart request against the message they come with (`payload`, at JSON
/// pointer `at` of the request body), as Discord does: every part other than `payload_json` is a
/// `files[n]` with an `attachments` entry of id `n`, at most [`MAX_FILES`] of them, each at most
/// [`MAX_FILE_BYTES`], and a file named as an image (`.png`, `.jpg`, `.gif`, `.webp`) starts as
/// one. (Whether each entry names a file sent, or for an edit an attachment the message has, is
/// checked where the message is known.) Returns whether a file is too large, which Discord
/// answers with 413 rather than 400.
pub(crate) fn check_files(
    payload: &Value,
    at: &str,
    files: &[crate::multipart::FilePart],
    out: &mut Vec<LimitError>,
) -> bool {
    let mut too_large = false;
    if files.len() > MAX_FILES {
        out.push((
            format!("{at}/attachments"),
            format!("{} files; Discord allows at most {MAX_FILES}", files.len()),
        ));
    }
    let entries = payload
        .get("attachments")
        .and_then(Value::as_array)
        .map(Vec::as_slice)
        .unwrap_or_default();
    for file in files {
        let Some(n) = file.index() else {
            out.push((
                "/files".into(),
                format!(
                    "a part named {:?}: files are sent as files[n], the message as payload_json",
                    file.name
                ),
            ));
            continue;
        };
        let entry = entries
            .iter()
            .position(|e| attachment_entry_id(e) == Some(n));
        let Some(i) = entry else {
            out.push((
                format!("{at}/attachments"),
                format!("the file part files[{n}] has no attachments entry with id {n}"),
            ));
            continue;
        };
        let entry = &entries[i];
        if file.bytes.len() > MAX_FILE_BYTES {
            too_large = true;
            out.push((
                format!("{at}/attachments/{i}"),
                format!(
                    "files[{n}] is {} bytes; Discord takes at most {MAX_FILE_BYTES} a file from a \
                     bot (413 Request entity too large)",
                    file.bytes.len()
                ),
            ));
        }
        let name = entry
            .get("filename")
            .and_then(Value::as_str)
            .or(file.filename.as_deref())
            .unwrap_or_default();
        if let Some(media) = image_type(name) {
            if !has_image_magic(media, &file.bytes) {
                out.push((
                    format!("{at}/attachments/{i}"),
                    format!("files[{n}] is named {name:?} but its bytes are not {media}"),
                ));
            }
        }
    }
    too_large
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn errors(payload: Value) -> Vec<LimitError> {
        let mut out = Vec::new();
        check_message(&payload, "", &mut out);
        out
    }

    #[test]
    fn knows_images_by_name_and_first_bytes() {
        assert_eq!(image_type("chart.PNG"), Some("image/png"));
        assert_eq!(image_type("photo.jpeg"), Some("image/jpeg"));
        assert_eq!(image_type("notes.txt"), None);
        assert_eq!(image_type("png"), None);
        let gif = b"GIF89a\x40\x01\xf0\x00rest";
        assert!(has_image_magic("image/gif", gif));
        assert_eq!(image_dimensions(gif), Some((320, 240)));
        assert!(has_image_magic("image/webp", b"RIFF\0\0\0\0WEBPVP8 "));
        assert!(!has_image_magic("image/webp", b"RIFF\0\0\0\0WAVEfmt "));
        assert!(has_image_magic("image/jpeg", b"\xff\xd8\xff\xe0"));
        assert!(!has_image_magic("image/png", b"\x89PNG"));
        // A PNG's IHDR: 16 wide, 9 high.
        let mut png = b"\x89PNG\r\n\x1a\n\0\0\0\x0dIHDR".to_vec();
        png.extend(16u32.to_be_bytes());
        png.extend(9u32.to_be_bytes());
        assert_eq!(image_dimensions(&png), Some((16, 9)));
        assert_eq!(image_dimensions(&png[..20]), None);
    }

    #[test]
    fn accepts_a_normal_message() {
        let ok = json!({"content": "hi", "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Roll", "custom_id": "roll"},
            {"type": 2, "style": 5, "label": "Rules", "url": "https://example.com"}
        ]}]});
        assert_eq!(errors(ok), vec![]);
    }

    #[test]
    fn flags_long_content_and_custom_id() {
        let bad = json!({"content": "x".repeat(2001), "components": [{"type": 1, "components": [
            {"type": 2, "style": 1, "label": "Roll", "custom_id": "c".repeat(101)}
        ]}]});
        let errs = errors(bad);
        assert_eq!(errs.len(), 2, "{errs:?}");
        assert_eq!(errs[0].0, "/content");
        assert_eq!(errs[1].0, "/components/0/components/0/custom_id");
    }

    #[test]
    fn flags_rows_and_buttons() {
        let button =
            |i: usize| json!({"type": 2, "style": 1, "label": "b", "custom_id": format!("b{i}")});
        let row = |from: usize, n: usize| json!({"type": 1, "components": (from..from + n).map(button).collect::<Vec<_>>()});
        let bad = json!({"components": [row(0, 6), row(10, 1), row(20, 1), row(30, 1), row(40, 1), row(50, 1)]});
        let errs = errors(bad);
        assert!(errs.iter().any(|(p, _)| p == "/components"), "{errs:?}");
        assert!(
            errs.iter().any(|(p, _)| p == "/components/0/components"),
            "{errs:?}"
        );
    }

    #[test]
    fn flags_bad_command_names() {
        let mut out = Vec::new();
        check_commands(&json!([{"name": "Start", "description": "d"}]), &mut out);
        assert_eq!(out.len(), 1, "{out:?}");
    }

    #[test]
    fn checks_localized_names_and_descriptions() {
        let ok = json!([{"name": "rules", "description": "d",
            "name_localizations": {"fr": "règles"}, "description_localizations": {"fr": "Les règles"},
            "options": [{"type": 3, "name": "by", "description": "d",
                "name_localizations": {"fr": "par"},
                "choices": [{"name": "wins", "value": "wins",
                    "name_localizations": {"fr": "victoires"}}]}]}]);
        let mut out = Vec::new();
        check_commands(&ok, &mut out);
        assert_eq!(out, vec![]);

        let bad = json!([{"name": "rules", "description": "d",
            "name_localizations": {"fr": "Règles", "xx": "rules"},
            "description_localizations": {"fr": ""},
            "options": [{"type": 3, "name": "by", "description": "d",
                "name_localizations": {"fr": "par ici"},
                "choices": [{"name": "wins", "value": "wins", "name_localizations": {"fr": ""}}]}]}]);
        let mut out = Vec::new();
        check_commands(&bad, &mut out);
        let at: Vec<&str> = out.iter().map(|(at, _)| at.as_str()).collect();
        assert_eq!(
            at,
            [
                "/0/name_localizations/fr/name",
                "/0/name_localizations/xx",
                "/0/description_localizations/fr",
                "/0/options/0/name_localizations/fr/name",
                "/0/options/0/choices/0/name_localizations/fr",
            ],
            "{out:?}"
        );
    }
}
