//! `forgetit healthcheck [--ready]`: asks the running bot's `/livez` (or `/readyz`) on the
//! config's `metrics.listen`, with one HTTP/1.1 GET over a plain TCP stream (so a container's
//! image needs no curl), and exits 0 (`ok`) or 1 (why not), with one line.

use std::io::{Read, Write};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr, TcpStream};
use std::path::Path;
use std::process::ExitCode;
use std::time::Duration;

use crate::config::Config;

/// How long the whole check may take: connecting, asking, reading the answer.
pub const TIMEOUT: Duration = Duration::from_secs(5);

/// Runs the check and prints its line (stdout if healthy, stderr if not).
pub fn run(file: Option<&Path>, ready: bool) -> ExitCode {
    let config = match Config::load(file) {
        Ok(config) => config,
        Err(e) => return super::fail(&e),
    };
    let Some(listen) = config.metrics.listen else {
        eprintln!(
            "forgetit: healthcheck: metrics.listen is not set (FORGETIT_METRICS__LISTEN): the \
             bot serves no health endpoints to ask"
        );
        return ExitCode::FAILURE;
    };
    let path = if ready { "/readyz" } else { "/livez" };
    match check(reachable(listen), path, TIMEOUT) {
        Ok(line) => {
            println!("{line}");
            ExitCode::SUCCESS
        }
        Err(why) => {
            eprintln!("forgetit: healthcheck: {why}");
            ExitCode::FAILURE
        }
    }
}

/// Where to reach a server listening on `listen`: an unspecified address (0.0.0.0, ::) is
/// asked on the loopback.
fn reachable(listen: SocketAddr) -> SocketAddr {
    match listen.ip() {
        IpAddr::V4(ip) if ip.is_unspecified() => (Ipv4Addr::LOCALHOST, listen.port()).into(),
        IpAddr::V6(ip) if ip.is_unspecified() => (Ipv6Addr::LOCALHOST, listen.port()).into(),
        _ => listen,
    }
}

/// Why the bot did not answer healthy, on one line.
#[derive(Debug, thiserror::Error)]
pub enum Unhealthy {
    /// No answer, or not an HTTP one.
    #[error("{path} at {addr}: {error}")]
    Unreachable {
        path: String,
        addr: SocketAddr,
        #[source]
        error: std::io::Error,
    },
    /// An answer other than 200, its body on one line.
    #[error("{path} at {addr} answered {status} {body}")]
    Answered {
        path: String,
        addr: SocketAddr,
        status: u16,
        body: String,
    },
}

/// GET `path` at `addr`: `Ok` with a line if the answer is 200, else why not.
pub fn check(addr: SocketAddr, path: &str, timeout: Duration) -> Result<String, Unhealthy> {
    let (status, body) = get(addr, path, timeout).map_err(|error| Unhealthy::Unreachable {
        path: path.to_string(),
        addr,
        error,
    })?;
    let body = body.trim();
    if status == 200 {
        Ok(format!("ok: {path} at {addr} answered 200 {body}"))
    } else {
        Err(Unhealthy::Answered {
            path: path.to_string(),
            addr,
            status,
            body: body.split_whitespace().collect::<Vec<_>>().join(" "),
        })
    }
}

/// One HTTP/1.1 GET, the connection closed after it: the status and the body.
fn get(addr: SocketAddr, path: &str, timeout: Duration) -> std::io::Result<(u16, String)> {
    let mut stream = TcpStream::connect_timeout(&addr, timeout)?;
    stream.set_read_timeout(Some(timeout))?;
    stream.set_write_timeout(Some(timeout))?;
    // One write (`write!` would send it piece by piece, and a server that answers after the
    // first piece and hangs up would see the rest refused: a broken pipe).
    let request = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nUser-Agent: forgetit-healthcheck\r\n\r\n"
    );
    stream.write_all(request.as_bytes())?;
    let mut answer = Vec::new();
    stream.take(64 * 1024).read_to_end(&mut answer)?;
    let answer = String::from_utf8_lossy(&answer);
    let invalid = || std::io::Error::new(std::io::ErrorKind::InvalidData, "not an HTTP answer");
    let (head, body) = answer.split_once("\r\n\r\n").ok_or_else(invalid)?;
    let status = head
        .lines()
        .next()
        .and_then(|line| line.split_whitespace().nth(1))
        .and_then(|code| code.parse().ok())
        .ok_or_else(invalid)?;
    // A chunked body (axum's for a streamed one) is not expected: the endpoints' bodies have a
    // length. Read as it comes if it were.
    Ok((status, body.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::net::TcpListener;

    #[test]
    fn an_unspecified_address_is_asked_on_the_loopback() {
        let any: SocketAddr = "0.0.0.0:9100".parse().unwrap();
        assert_eq!(reachable(any), "127.0.0.1:9100".parse().unwrap());
        let any6: SocketAddr = "[::]:9100".parse().unwrap();
        assert_eq!(reachable(any6), "[::1]:9100".parse().unwrap());
        let one: SocketAddr = "10.0.0.2:9100".parse().unwrap();
        assert_eq!(reachable(one), one);
    }

    #[test]
    fn nothing_listening_is_an_error_with_its_reason() {
        // Nothing listens on port 1 (a port freed here could be handed to the other test).
        let addr: SocketAddr = "127.0.0.1:1".parse().unwrap();
        let refused = check(addr, "/livez", TIMEOUT).unwrap_err().to_string();
        assert!(
            refused.starts_with(&format!("/livez at {addr}: ")),
            "{refused}"
        );
    }

    #[test]
    fn a_503_is_an_error_with_its_body_on_one_line() {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        let server = std::thread::spawn(move || {
            let (mut stream, _) = listener.accept().unwrap();
            // The whole request, then the answer.
            let mut request = Vec::new();
            let mut byte = [0u8; 1];
            while !request.ends_with(b"\r\n\r\n") && stream.read(&mut byte).unwrap() == 1 {
                request.push(byte[0]);
            }
            let request = String::from_utf8_lossy(&request).to_string();
            let body = "{\"ready\":false,\n\"reasons\":[]}\n";
            write!(
                stream,
                "HTTP/1.1 503 Service Unavailable\r\ncontent-length: {}\r\n\r\n{body}",
                body.len()
            )
            .unwrap();
            request
        });
        let failed = check(addr, "/readyz", TIMEOUT).unwrap_err().to_string();
        assert_eq!(
            failed,
            format!("/readyz at {addr} answered 503 {{\"ready\":false, \"reasons\":[]}}")
        );
        assert!(server
            .join()
            .unwrap()
            .starts_with("GET /readyz HTTP/1.1\r\n"));
    }
}
