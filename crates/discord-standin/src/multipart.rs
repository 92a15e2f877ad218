//! Just enough multipart/form-data parsing to pull out `payload_json` and the file part names.

use serde_json::Value;

/// The parts of a multipart body that matter to the stand-in.
#[derive(Debug, Default)]
pub(crate) struct Parts {
    /// The parsed `payload_json` part, if present.
    pub(crate) payload_json: Option<Value>,
    /// Names of the other parts (`files[0]`, ...).
    pub(crate) files: Vec<String>,
}

/// Parse `body` given its `Content-Type` header value.
pub(crate) fn parse(content_type: &str, body: &[u8]) -> Result<Parts, String> {
    let boundary = content_type
        .split(';')
        .filter_map(|p| p.trim().strip_prefix("boundary="))
        .next()
        .map(|b| b.trim_matches('"').to_owned())
        .ok_or("multipart body without a boundary")?;
    let delimiter = format!("--{boundary}").into_bytes();
    let mut parts = Parts::default();
    for chunk in split(body, &delimiter).into_iter().skip(1) {
        if chunk.starts_with(b"--") {
            break; // closing delimiter
        }
        let chunk = chunk.strip_prefix(b"\r\n").unwrap_or(chunk);
        let Some(split_at) = find(chunk, b"\r\n\r\n") else {
            continue;
        };
        let head = String::from_utf8_lossy(&chunk[..split_at]).to_string();
        let mut data = &chunk[split_at + 4..];
        data = data.strip_suffix(b"\r\n").unwrap_or(data);
        let name = head
            .split(';')
            .filter_map(|p| p.trim().strip_prefix("name="))
            .next()
            .map(|n| n.trim_matches('"').to_owned())
            .unwrap_or_default();
        if name == "payload_json" {
            let v = serde_json::from_slice(data)
                .map_err(|e| format!("payload_json is not JSON: {e}"))?;
            parts.payload_json = Some(v);
        } else {
            parts.files.push(name);
        }
    }
    Ok(parts)
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn split<'a>(mut hay: &'a [u8], delimiter: &[u8]) -> Vec<&'a [u8]> {
    let mut out = Vec::new();
    while let Some(i) = find(hay, delimiter) {
        out.push(&hay[..i]);
        hay = &hay[i + delimiter.len()..];
    }
    out.push(hay);
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn extracts_payload_json() {
        let body = b"--XyZ\r\nContent-Disposition: form-data; name=\"files[0]\"; filename=\"a.txt\"\r\n\r\nhello\r\n--XyZ\r\nContent-Disposition: form-data; name=\"payload_json\"\r\n\r\n{\"content\":\"hi\"}\r\n--XyZ--\r\n";
        let parts = super::parse("multipart/form-data; boundary=XyZ", body).unwrap();
        assert_eq!(parts.payload_json.unwrap()["content"], "hi");
        assert_eq!(parts.files, vec!["files[0]".to_owned()]);
    }
}
