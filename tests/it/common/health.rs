//! A running bot's health server (`metrics.listen`), asked as a probe would, and a free port to
//! serve it on.

use std::net::SocketAddr;

use serde_json::Value;

/// A port of 127.0.0.1 that was free a moment ago (whoever binds it next may still lose it to
/// another process).
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .expect("find a free port")
        .port()
}

/// GET `path` of the server at `addr`: the status and the body.
pub async fn get(addr: SocketAddr, path: &str) -> (u16, String) {
    let response = reqwest::get(format!("http://{addr}{path}")).await.unwrap();
    let status = response.status().as_u16();
    (status, response.text().await.unwrap())
}

/// `/readyz`: its status, the reasons it gives (none when ready), and its body.
pub async fn readyz(addr: SocketAddr) -> (u16, Vec<String>, Value) {
    let (status, body) = get(addr, "/readyz").await;
    let json: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
    let reasons = json["reasons"]
        .as_array()
        .map(|r| {
            r.iter()
                .map(|u| u["reason"].as_str().unwrap().to_string())
                .collect()
        })
        .unwrap_or_default();
    assert_eq!(json["ready"], serde_json::json!(status == 200), "{body}");
    (status, reasons, json)
}
