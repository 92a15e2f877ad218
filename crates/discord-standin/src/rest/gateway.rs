//! `GET /gateway` and `GET /gateway/bot`: where the gateway is, and (for a bot) how many shards
//! to run and how fast to identify.

use serde_json::json;

use super::{unsupported, Call, Reply};
use crate::model::World;

/// Serve a `/gateway...` route.
pub(super) fn route(w: &mut World, template: &str, call: &mut Call<'_>) -> Reply {
    match (call.method, template) {
        ("GET", "/gateway") => Reply::ok(json!({"url": w.gateway_url})),
        ("GET", "/gateway/bot") => Reply::ok(json!({
            "url": w.gateway_url,
            "shards": w.shard_count,
            "session_start_limit": {
                "total": 1000, "remaining": 999, "reset_after": 86_400_000,
                "max_concurrency": crate::gateway::MAX_CONCURRENCY
            }
        })),
        _ => unsupported(call, template),
    }
}
