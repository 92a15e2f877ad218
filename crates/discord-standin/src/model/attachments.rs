//! Attachments: the files a message carries (their bytes, and where the stand-in serves them),
//! the `attachments` a request keeps or adds, and the attachment object.

use std::sync::Arc;

use serde_json::{json, Value};

use super::World;
use crate::ids::{ChannelId, MessageId};
use crate::multipart::FilePart;

/// A file attached to a message (sent as a `files[n]` part with its `attachments` entry).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Attachment {
    /// Its id (a snowflake).
    pub id: u64,
    /// Its file name (the `attachments` entry's `filename`, else the part's).
    pub filename: String,
    /// Its description (alt text), if the `attachments` entry gave one.
    pub description: Option<String>,
    /// Its media type (an image's by its name, else the part's `Content-Type`, else
    /// `application/octet-stream`).
    pub content_type: String,
    /// An image's width and height, where its header says them (PNG, GIF).
    pub dimensions: Option<(u32, u32)>,
    /// The file's bytes (base64 when serialized).
    #[serde(with = "base64_bytes")]
    pub bytes: Arc<Vec<u8>>,
}

impl Attachment {
    /// Its size in bytes.
    pub fn size(&self) -> usize {
        self.bytes.len()
    }

    /// The path the stand-in serves its bytes at (after the REST server's address, and on the
    /// web page's): `/attachments/{channel}/{id}/{filename}`.
    pub fn path(&self, channel: ChannelId) -> String {
        format!(
            "/attachments/{channel}/{}/{}",
            self.id,
            encode_path_segment(&self.filename)
        )
    }
}

/// Percent-encode everything but RFC 3986's unreserved characters.
fn encode_path_segment(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for b in s.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_' | b'~') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// Bytes as a base64 string (serde `with`).
mod base64_bytes {
    use std::sync::Arc;

    use base64::Engine;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(bytes: &Arc<Vec<u8>>, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::engine::general_purpose::STANDARD.encode(bytes.as_slice()))
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Arc<Vec<u8>>, D::Error> {
        let text = String::deserialize(d)?;
        base64::engine::general_purpose::STANDARD
            .decode(text)
            .map(Arc::new)
            .map_err(serde::de::Error::custom)
    }
}

impl World {
    /// The attachments a message has after a create (`existing` empty) or an edit that sends
    /// `payload` and `files`, as Discord's edit semantics say: with an `attachments` list, each
    /// entry is a new file (its `files[id]` part) or keeps the existing attachment of that id, and
    /// the others are dropped; without one, the existing attachments stay and the files are added.
    /// `None`: nothing changes. `Err((pointer, why))`: an entry that is neither.
    pub(crate) fn attachments_after(
        &mut self,
        existing: &[Attachment],
        payload: &Value,
        files: &[FilePart],
    ) -> Result<Option<Vec<Attachment>>, (String, String)> {
        let entries = payload.get("attachments").and_then(Value::as_array);
        if entries.is_none() && files.is_empty() {
            return Ok(None);
        }
        let mut out = Vec::new();
        let mut used = vec![false; files.len()];
        match entries {
            Some(entries) => {
                for (i, entry) in entries.iter().enumerate() {
                    let id = crate::limits::attachment_entry_id(entry);
                    let part = files
                        .iter()
                        .position(|f| f.index().is_some() && f.index() == id);
                    if let Some(p) = part {
                        used[p] = true;
                        out.push(self.new_attachment(&files[p], Some(entry)));
                    } else if let Some(kept) = existing.iter().find(|a| Some(a.id) == id) {
                        out.push(kept.clone());
                    } else {
                        return Err((
                            format!("/attachments/{i}/id"),
                            format!(
                                "attachments entry {i} (id {}) is neither a file sent (a files[id] \
                                 part) nor an attachment the message has",
                                entry.get("id").unwrap_or(&Value::Null)
                            ),
                        ));
                    }
                }
            }
            None => out.extend(existing.iter().cloned()),
        }
        // Files without an entry (a violation of their own) are attached as Discord attaches them.
        for (p, file) in files.iter().enumerate() {
            if !used[p] {
                out.push(self.new_attachment(file, None));
            }
        }
        Ok(Some(out))
    }
    fn new_attachment(&mut self, file: &FilePart, entry: Option<&Value>) -> Attachment {
        let text = |key: &str| {
            entry
                .and_then(|e| e.get(key))
                .and_then(Value::as_str)
                .map(str::to_owned)
        };
        let filename = text("filename")
            .or_else(|| file.filename.clone())
            .unwrap_or_else(|| "unknown".into());
        let content_type = crate::limits::image_type(&filename)
            .map(str::to_owned)
            .or_else(|| file.content_type.clone())
            .unwrap_or_else(|| "application/octet-stream".into());
        Attachment {
            id: self.next_id(),
            description: text("description"),
            dimensions: crate::limits::image_dimensions(&file.bytes),
            filename,
            content_type,
            bytes: Arc::new(file.bytes.to_vec()),
        }
    }
    /// The attachment `id` of a message of `channel` (in its current state or an earlier one).
    pub(crate) fn attachment_file(&self, channel: ChannelId, id: u64) -> Option<Attachment> {
        self.channel_messages(channel).find_map(|m| {
            let states = m.history.iter().chain(std::iter::once(&m.state));
            states
                .flat_map(|s| &s.attachments)
                .find(|a| a.id == id)
                .cloned()
        })
    }
    /// Point the embeds of the messages kept from an earlier stand-in at this one's attachments
    /// (their URLs named the earlier one's REST server).
    pub(crate) fn rebase_attachment_urls(&mut self) {
        let base = self.rest_url.clone();
        for m in &mut self.messages {
            let channel = m.channel_id;
            let m = Arc::make_mut(m);
            for state in m.history.iter_mut().chain(std::iter::once(&mut m.state)) {
                let paths: Vec<String> =
                    state.attachments.iter().map(|a| a.path(channel)).collect();
                for embed in &mut state.embeds {
                    for at in EMBED_IMAGE_URLS {
                        let Some(url) = embed.pointer_mut(at) else {
                            continue;
                        };
                        let path = url.as_str().and_then(|u| {
                            let rest = u.strip_prefix("http://")?;
                            Some(&rest[rest.find('/')?..])
                        });
                        if let Some(path) = path.filter(|p| paths.iter().any(|q| q == p)) {
                            *url = json!(format!("{base}{path}"));
                        }
                    }
                }
            }
        }
    }
    /// Give message `id` these attachments (if `Some`), and point its embeds' `attachment://name`
    /// images at them, as Discord does.
    pub(crate) fn attach(&mut self, id: MessageId, attachments: Option<Vec<Attachment>>) {
        let base = self.rest_url.clone();
        if let Some(m) = self.message_mut(id) {
            if let Some(attachments) = attachments {
                m.state.attachments = attachments;
            }
            let channel = m.channel_id;
            let state = &mut m.state;
            for embed in &mut state.embeds {
                for at in EMBED_IMAGE_URLS {
                    let Some(url) = embed.pointer_mut(at) else {
                        continue;
                    };
                    let Some(name) = url.as_str().and_then(|u| u.strip_prefix("attachment://"))
                    else {
                        continue;
                    };
                    if let Some(a) = state.attachments.iter().find(|a| a.filename == name) {
                        *url = json!(format!("{base}{}", a.path(channel)));
                    }
                }
            }
        }
    }
}

/// Where an embed names an image (which may be `attachment://name`).
pub(crate) const EMBED_IMAGE_URLS: [&str; 4] = [
    "/image/url",
    "/thumbnail/url",
    "/author/icon_url",
    "/footer/icon_url",
];

/// An attachment object as Discord returns it, its URLs under `base` (the REST server).
pub(crate) fn attachment_json(base: &str, channel: ChannelId, a: &Attachment) -> Value {
    let url = format!("{base}{}", a.path(channel));
    let mut v = json!({
        "id": a.id.to_string(),
        "filename": a.filename,
        "size": a.size(),
        "url": url,
        "proxy_url": url,
        "content_type": a.content_type,
    });
    if let Some(d) = &a.description {
        v["description"] = json!(d);
    }
    if let Some((width, height)) = a.dimensions {
        v["width"] = json!(width);
        v["height"] = json!(height);
    }
    v
}
