//! Which `FORGETIT_` variables of the environment are settings, and which are Kubernetes' service
//! links (ignored).

use super::BadValue;

/// Refuses a `FORGETIT_` variable that is not a setting (`FORGETIT_SECTION__KEY`), unless it is
/// one of the variables Kubernetes sets for a Service named `forgetit` or `forgetit-…` ("service
/// links": `…_SERVICE_HOST`, `…_SERVICE_PORT[_NAME]`, `…_PORT[_N_PROTO[_PROTO|_PORT|_ADDR]]`),
/// which are ignored.
pub(super) fn stray_variables(
    vars: impl IntoIterator<Item = (std::ffi::OsString, std::ffi::OsString)>,
) -> Result<(), BadValue> {
    for (name, value) in vars {
        let name = name.to_string_lossy().to_ascii_uppercase();
        if let Some(rest) = name.strip_prefix("FORGETIT_") {
            if !rest.contains("__") && !service_link(&name, &value.to_string_lossy()) {
                return Err(BadValue::StrayVariable(name));
            }
        }
    }
    Ok(())
}

/// Whether `name` (upper case) and `value` have the form of a Kubernetes service link variable.
/// (`…_PORT` is one only with a value like `tcp://10.0.0.1:9100`: `FORGETIT_METRICS_PORT=9100`
/// is a setting mistyped.)
pub fn service_link(name: &str, value: &str) -> bool {
    // `…_PORT_8080_TCP`, `…_PORT_8080_TCP_PROTO`, `…_PORT_8080_TCP_PORT`, `…_PORT_8080_TCP_ADDR`.
    let port_of_a_protocol = name.contains("_PORT_")
        && name.rsplit("_PORT_").next().is_some_and(|tail| {
            let mut parts = tail.split('_');
            let number = parts
                .next()
                .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
            let protocol = parts
                .next()
                .is_some_and(|p| matches!(p, "TCP" | "UDP" | "SCTP"));
            let field = match parts.next() {
                None => true,
                Some(f) => matches!(f, "PROTO" | "PORT" | "ADDR") && parts.next().is_none(),
            };
            number && protocol && field
        });
    if port_of_a_protocol || name.ends_with("_SERVICE_HOST") {
        return true;
    }
    if let Some((_, port_name)) = name.split_once("_SERVICE_PORT") {
        return port_name.is_empty() || port_name.starts_with('_');
    }
    name.ends_with("_PORT")
        && ["tcp://", "udp://", "sctp://"]
            .iter()
            .any(|scheme| value.starts_with(scheme))
}
