//! The gateway's TLS as the bot builds it (tokio-tungstenite with native-tls: the system's
//! OpenSSL and its trust store; docs/operating.md, "TLS"). A `wss://` gateway on 127.0.0.1 whose
//! certificate is a self-signed one for discord.com, in front of the stand-in's gateway, is
//! refused: the handshake fails on the certificate and nothing reaches the gateway. A client that
//! trusts that certificate gets through the same front to the stand-in, so the refusal is the
//! bot's.

use std::sync::Arc;

use crate::common::World;
use forgetit::discord::{self, BotOptions};
use futures::StreamExt;
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::mpsc;

const CERT: &[u8] = include_bytes!("../../crates/discord-standin/tests/it/tls/discord.com.crt");
const KEY: &[u8] = include_bytes!("../../crates/discord-standin/tests/it/tls/discord.com.key");

/// A TLS server with the self-signed discord.com certificate, passing what it decrypts on to
/// `gateway` (`host:port`). Returns its `wss://` URL and each handshake's outcome as it ends.
async fn tls_front(gateway: String) -> (String, mpsc::UnboundedReceiver<Result<(), String>>) {
    let identity = native_tls::Identity::from_pkcs8(CERT, KEY).unwrap();
    let acceptor = tokio_native_tls::TlsAcceptor::from(
        native_tls::TlsAcceptor::builder(identity).build().unwrap(),
    );
    let acceptor = Arc::new(acceptor);
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("wss://{}", listener.local_addr().unwrap());
    let (sent, handshakes) = mpsc::unbounded_channel();
    tokio::spawn(async move {
        while let Ok((client, _)) = listener.accept().await {
            let acceptor = acceptor.clone();
            let gateway = gateway.clone();
            let sent = sent.clone();
            tokio::spawn(async move {
                match acceptor.accept(client).await {
                    Err(e) => {
                        let _ = sent.send(Err(e.to_string()));
                    }
                    Ok(mut tls) => {
                        let _ = sent.send(Ok(()));
                        let mut upstream = TcpStream::connect(&gateway).await.unwrap();
                        let _ = tokio::io::copy_bidirectional(&mut tls, &mut upstream).await;
                    }
                }
            });
        }
    });
    (url, handshakes)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_gateway_refuses_a_certificate_it_must_not_trust() {
    let world = World::new().await;
    let gateway = world.standin.gateway_url().replace("ws://", "");
    let (url, mut handshakes) = tls_front(gateway).await;

    // A client that trusts the certificate (and takes it for 127.0.0.1) reaches the gateway
    // behind the front: HELLO comes.
    let trusting = native_tls::TlsConnector::builder()
        .add_root_certificate(native_tls::Certificate::from_pem(CERT).unwrap())
        .danger_accept_invalid_hostnames(true)
        .build()
        .unwrap();
    let (mut socket, _) = tokio_tungstenite::connect_async_tls_with_config(
        format!("{url}/?v=10&encoding=json"),
        None,
        false,
        Some(tokio_tungstenite::Connector::NativeTls(trusting)),
    )
    .await
    .expect("a client that trusts the certificate connects");
    assert_eq!(handshakes.recv().await, Some(Ok(())));
    let hello = socket.next().await.unwrap().unwrap();
    assert!(hello.to_text().unwrap().contains("\"op\":10"), "{hello}");
    drop(socket);
    world.standin.wait_for_connects(1).await.unwrap();

    // The bot is handed the same front as Discord's gateway: it refuses the certificate.
    world.standin.hand_out_gateway_url(&url);
    let options = BotOptions {
        http_proxy: Some(world.standin.rest_url()),
        dice: Box::new(world.dice.clone()),
        ..BotOptions::default()
    };
    let bot = discord::start(&world.config(), options).await.unwrap();
    let refused = handshakes.recv().await.expect("the bot tries the gateway");
    let error = refused.expect_err("the bot must not finish a handshake with that certificate");
    assert!(
        error.contains("unknown ca") || error.contains("certificate"),
        "the bot's side ended the handshake over the certificate: {error}"
    );
    // Nothing more reached the gateway than the trusting client's connection.
    assert_eq!(world.standin.connects(), 1);
    assert!(world.standin.identifies().is_empty());
    bot.shutdown().await;
}
