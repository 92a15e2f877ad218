//! multipart/form-data bodies (messages with files), parsed with `multer`: the `payload_json` part
//! and every other part with its name, file name, content type and bytes.

use axum::body::Bytes;
use serde_json::Value;

/// One part of a multipart body other than `payload_json` (a file: `files[0]`, ...).
#[derive(Clone, Debug)]
pub(crate) struct FilePart {
    /// The part's name (`files[0]`).
    pub(crate) name: String,
    /// The file name of its `Content-Disposition`, if any.
    pub(crate) filename: Option<String>,
    /// Its `Content-Type`, if any.
    pub(crate) content_type: Option<String>,
    /// Its bytes.
    pub(crate) bytes: Bytes,
}

impl FilePart {
    /// The `N` of a part named `files[N]`.
    pub(crate) fn index(&self) -> Option<u64> {
        let n = self.name.strip_prefix("files[")?.strip_suffix(']')?;
        n.parse().ok().filter(|_| !n.starts_with('+'))
    }
}

/// The parts of a multipart body that matter to the stand-in.
#[derive(Debug, Default)]
pub(crate) struct Parts {
    /// The parsed `payload_json` part, if present.
    pub(crate) payload_json: Option<Value>,
    /// The other parts, in the order sent.
    pub(crate) files: Vec<FilePart>,
}

/// Parse `body` given its `Content-Type` header value.
pub(crate) async fn parse(content_type: &str, body: Bytes) -> Result<Parts, String> {
    let boundary = multer::parse_boundary(content_type)
        .map_err(|e| format!("multipart body without a usable boundary: {e}"))?;
    let stream = futures_util::stream::once(std::future::ready(Ok::<_, std::io::Error>(body)));
    let mut multipart = multer::Multipart::new(stream, boundary);
    let mut parts = Parts::default();
    let broken = |e: multer::Error| format!("the multipart body does not parse: {e}");
    while let Some(field) = multipart.next_field().await.map_err(broken)? {
        let name = field.name().unwrap_or_default().to_owned();
        let filename = field.file_name().map(str::to_owned);
        let content_type = field.content_type().map(ToString::to_string);
        let bytes = field.bytes().await.map_err(broken)?;
        if name == "payload_json" {
            let v = serde_json::from_slice(&bytes)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
            parts.payload_json = Some(v);
        } else {
            parts.files.push(FilePart {
                name,
                filename,
                content_type,
                bytes,
            });
        }
    }
    Ok(parts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn extracts_payload_json_and_files() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.txt\"\r\nContent-Type: text/plain\r\n\r\nhello\r\n--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"content\":\"hi\"}\r\n--XyZ--\r\n";
        let parts = parse(
            "multipart/form-data; boundary=XyZ",
            Bytes::from_static(body),
        )
        .await
        .unwrap();
        assert_eq!(parts.payload_json.unwrap()["content"], "hi");
        let [file] = &parts.files[..] else {
            panic!("{:?}", parts.files)
        };
        assert_eq!(file.name, "files[0]");
        assert_eq!(file.index(), Some(0));
        assert_eq!(file.filename.as_deref(), Some("a.txt"));
        assert_eq!(file.content_type.as_deref(), Some("text/plain"));
        assert_eq!(&file.bytes[..], b"hello");
    }

    #[tokio::test]
    async fn refuses_a_body_without_boundary_or_end() {
        assert!(parse("multipart/form-data", Bytes::new()).await.is_err());
        let cut = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"\r\n\r\nhel";
        let parsed = parse("multipart/form-data; boundary=XyZ", Bytes::from_static(cut)).await;
        assert!(parsed.is_err(), "{parsed:?}");
    }
}
