//! Discord's OpenAPI 3.1 spec: route matching and request-body validation (JSON Schema 2020-12).
//!
//! The whole OpenAPI document is registered as one JSON Schema resource under [`DOC_URI`]; each
//! operation's `requestBody` schema is copied out with its local `$ref`s (`#/components/...`)
//! rewritten to point into that resource, and compiled once (validators are cached).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use jsonschema::{BasicOutput, Draft, Registry, Retrieve, Uri, Validator};
use serde_json::Value;

/// The URI under which the OpenAPI document is registered for `$ref` resolution.
pub const DOC_URI: &str = "https://discord-standin.invalid/openapi.json";

/// Environment variable that overrides where the spec is read from.
pub const SPEC_PATH_ENV: &str = "DISCORD_OPENAPI_SPEC";

/// Discord's OpenAPI spec as vendored in this crate (`discord-api-spec/openapi.json`, see the
/// README there for where it came from), embedded in the binary.
pub const VENDORED_SPEC: &str = include_str!("../discord-api-spec/openapi.json");

/// A spec file to read instead of the vendored one, from [`SPEC_PATH_ENV`].
pub fn spec_path_override() -> Option<PathBuf> {
    std::env::var_os(SPEC_PATH_ENV).map(PathBuf::from)
}

/// One problem found by schema validation.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SchemaError {
    /// JSON pointer into the validated value.
    pub pointer: String,
    /// What is wrong, with the schema location that said so.
    pub reason: String,
}

/// One operation (method on a path) of the spec.
#[derive(Clone, Debug)]
pub struct Operation {
    /// The spec's `operationId`, e.g. `create_message`.
    pub operation_id: String,
    /// The JSON request-body schema with `$ref`s made absolute, if the operation takes a body.
    body_schema: Option<Value>,
    /// Whether the spec marks the body as required.
    pub body_required: bool,
}

impl Operation {
    /// Whether the operation accepts a request body at all.
    pub fn takes_body(&self) -> bool {
        self.body_schema.is_some()
    }
}

#[derive(Debug)]
enum Segment {
    Literal(String),
    Param,
}

#[derive(Debug)]
struct SpecRoute {
    template: String,
    segments: Vec<Segment>,
    operations: HashMap<String, Operation>,
}

/// A matched route: the spec's path template and (if the method exists there) the operation.
#[derive(Clone, Debug)]
pub struct RouteMatch<'a> {
    /// Path template, e.g. `/channels/{channel_id}/messages`.
    pub template: &'a str,
    /// The operation for the request's method, if the spec defines one.
    pub operation: Option<&'a Operation>,
    /// The values of the template's `{params}`, in order.
    pub params: Vec<String>,
}

/// The loaded spec.
pub struct Spec {
    doc: Value,
    routes: Vec<SpecRoute>,
    registry: Registry,
    validators: Mutex<HashMap<(String, String), Arc<Validator>>>,
}

impl std::fmt::Debug for Spec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Spec")
            .field("routes", &self.routes.len())
            .finish_non_exhaustive()
    }
}

/// Refuses every retrieval: the spec must be self-contained and nothing may touch the network.
struct NoRetrieval;

impl Retrieve for NoRetrieval {
    fn retrieve(
        &self,
        uri: &Uri<String>,
    ) -> Result<Value, Box<dyn std::error::Error + Send + Sync>> {
        Err(format!("the stand-in never fetches schemas ({uri})").into())
    }
}

impl Spec {
    /// The vendored spec (or the file [`SPEC_PATH_ENV`] names), loaded once per process and
    /// shared.
    pub fn shared() -> Arc<Spec> {
        static SPEC: OnceLock<Arc<Spec>> = OnceLock::new();
        SPEC.get_or_init(|| {
            let spec = match spec_path_override() {
                Some(path) => Spec::load(&path).map_err(|e| format!("{}: {e}", path.display())),
                None => Spec::parse(VENDORED_SPEC).map_err(|e| format!("the vendored spec: {e}")),
            };
            Arc::new(spec.unwrap_or_else(|e| panic!("cannot load Discord's OpenAPI spec: {e}")))
        })
        .clone()
    }

    /// Load a spec from a file.
    pub fn load(path: &Path) -> Result<Spec, String> {
        let text = std::fs::read_to_string(path).map_err(|e| e.to_string())?;
        Spec::parse(&text)
    }

    /// Load a spec from its JSON text.
    pub fn parse(text: &str) -> Result<Spec, String> {
        let doc: Value = serde_json::from_str(text).map_err(|e| e.to_string())?;
        Spec::from_document(doc)
    }

    /// Build from an already-parsed OpenAPI document.
    pub fn from_document(doc: Value) -> Result<Spec, String> {
        let paths = doc
            .get("paths")
            .and_then(Value::as_object)
            .ok_or("the document has no `paths`")?;
        let mut routes = Vec::new();
        for (template, item) in paths {
            let segments = template
                .split('/')
                .filter(|s| !s.is_empty())
                .map(|s| {
                    if s.starts_with('{') && s.ends_with('}') {
                        Segment::Param
                    } else {
                        Segment::Literal(s.to_owned())
                    }
                })
                .collect();
            let mut operations = HashMap::new();
            for (method, op) in item.as_object().into_iter().flatten() {
                if !matches!(method.as_str(), "get" | "put" | "post" | "patch" | "delete") {
                    continue;
                }
                let body = op.get("requestBody");
                let content = body.and_then(|b| b.get("content"));
                let schema = content.and_then(|c| {
                    c.get("application/json")
                        .or_else(|| c.as_object().and_then(|m| m.values().next()))
                        .and_then(|m| m.get("schema"))
                });
                operations.insert(
                    method.to_ascii_uppercase(),
                    Operation {
                        operation_id: op
                            .get("operationId")
                            .and_then(Value::as_str)
                            .unwrap_or_default()
                            .to_owned(),
                        body_schema: schema.map(absolutize_refs),
                        body_required: body
                            .and_then(|b| b.get("required"))
                            .and_then(Value::as_bool)
                            .unwrap_or(false),
                    },
                );
            }
            routes.push(SpecRoute {
                template: template.clone(),
                segments,
                operations,
            });
        }
        let resource = Draft::Draft202012.create_resource(doc.clone());
        let registry = Registry::options()
            .draft(Draft::Draft202012)
            .retriever(NoRetrieval)
            .build([(DOC_URI, resource)])
            .map_err(|e| e.to_string())?;
        Ok(Spec {
            doc,
            routes,
            registry,
            validators: Mutex::new(HashMap::new()),
        })
    }

    /// Find the route for `path` (without the `/api/v10` prefix). A template with a literal
    /// segment wins over one with a parameter at the same place (`@original` vs `{message_id}`).
    pub fn match_route(&self, method: &str, path: &str) -> Option<RouteMatch<'_>> {
        let parts: Vec<&str> = path.split('/').filter(|s| !s.is_empty()).collect();
        let mut best: Option<(&SpecRoute, Vec<bool>)> = None;
        for route in &self.routes {
            if route.segments.len() != parts.len() {
                continue;
            }
            let mut literal = Vec::with_capacity(parts.len());
            let ok = route
                .segments
                .iter()
                .zip(&parts)
                .all(|(seg, part)| match seg {
                    Segment::Literal(l) => {
                        literal.push(true);
                        l == part
                    }
                    Segment::Param => {
                        literal.push(false);
                        true
                    }
                });
            if !ok {
                continue;
            }
            let better = match &best {
                None => true,
                // Lexicographic: earlier literal segments win.
                Some((_, best_lit)) => literal > *best_lit,
            };
            if better {
                best = Some((route, literal));
            }
        }
        let (route, _) = best?;
        let params = route
            .segments
            .iter()
            .zip(&parts)
            .filter(|(seg, _)| matches!(seg, Segment::Param))
            .map(|(_, p)| (*p).to_owned())
            .collect();
        Some(RouteMatch {
            template: &route.template,
            operation: route.operations.get(&method.to_ascii_uppercase()),
            params,
        })
    }

    /// Validate `body` against the request schema of `method` on `template`. Returns the most
    /// specific errors (the deepest places in the body), so that a bad field inside a union
    /// (`oneOf`/`anyOf`) is reported at the field rather than as "matches none of the variants".
    pub fn validate_body(&self, template: &str, method: &str, body: &Value) -> Vec<SchemaError> {
        let validator = match self.validator(template, method) {
            Ok(Some(v)) => v,
            Ok(None) => return Vec::new(),
            Err(e) => {
                return vec![SchemaError {
                    pointer: String::new(),
                    reason: format!("cannot compile the spec's schema: {e}"),
                }]
            }
        };
        if validator.is_valid(body) {
            return Vec::new();
        }
        // (instance location, message, keyword location)
        let mut units: Vec<(String, String, String)> = Vec::new();
        if let BasicOutput::Invalid(errors) = validator.apply(body).basic() {
            for unit in errors {
                units.push((
                    unit.instance_location().to_string(),
                    abbreviate(&unit.error_description().to_string()),
                    unit.keyword_location().to_string(),
                ));
            }
        }
        if units.is_empty() {
            // Fall back to the plain error iterator.
            return validator
                .iter_errors(body)
                .map(|e| SchemaError {
                    pointer: e.instance_path.to_string(),
                    reason: e.to_string(),
                })
                .collect();
        }
        units = Self::drop_rejected_branches(units);
        // Keep the leaf errors: drop an error when another one lies deeper inside the same place
        // (a failed `oneOf` over components is explained by the field that broke it).
        let is_under = |child: &str, parent: &str| {
            child.len() > parent.len()
                && child.starts_with(parent)
                && (parent.is_empty() || child.as_bytes()[parent.len()] == b'/')
        };
        let leaves: Vec<&(String, String, String)> = units
            .iter()
            .filter(|(p, _, _)| !units.iter().any(|(q, _, _)| is_under(q, p)))
            .collect();
        let mut out: Vec<SchemaError> = Vec::new();
        // `X was expected` errors at one place come from an enum written as `oneOf` of consts:
        // merge them into one message.
        let mut expected: Vec<(String, Vec<String>, String)> = Vec::new();
        for (pointer, message, keyword_location) in leaves {
            let schema_at = &self.describe_keyword_location(template, method, keyword_location);
            if let Some(value) = message.strip_suffix(" was expected") {
                let schema = schema_at
                    .split("/oneOf/")
                    .next()
                    .unwrap_or(schema_at)
                    .to_owned();
                match expected.iter_mut().find(|(p, _, _)| p == pointer) {
                    Some((_, values, _)) => values.push(value.to_owned()),
                    None => expected.push((pointer.clone(), vec![value.to_owned()], schema)),
                }
                continue;
            }
            let reason = format!("{message} (spec: {schema_at})");
            if !out
                .iter()
                .any(|e| &e.pointer == pointer && e.reason == reason)
            {
                out.push(SchemaError {
                    pointer: pointer.clone(),
                    reason,
                });
            }
        }
        for (pointer, values, schema) in expected {
            let got = body
                .pointer(&pointer)
                .map(Value::to_string)
                .unwrap_or_default();
            out.push(SchemaError {
                pointer,
                reason: format!("{got} is not one of {} (spec: {schema})", values.join(", ")),
            });
        }
        out
    }

    /// The errors of `units` (instance location, message, keyword location) but those from
    /// inside a union branch the body plainly did not mean, if any are left.
    fn drop_rejected_branches(
        units: Vec<(String, String, String)>,
    ) -> Vec<(String, String, String)> {
        // A union branch (`oneOf`/`anyOf` item) whose discriminating `type` doesn't match is not
        // what the sender meant: drop everything reported from inside such branches.
        let rejected: Vec<String> = units
            .iter()
            .filter_map(|(_, _, kw)| {
                [
                    "/$ref/properties/type/enum",
                    "/properties/type/enum",
                    "/$ref/properties/type/const",
                    "/properties/type/const",
                ]
                .iter()
                .find_map(|suffix| kw.strip_suffix(suffix))
                .filter(|prefix| {
                    let mut segs = prefix.rsplit('/');
                    let index = segs.next().unwrap_or_default();
                    let keyword = segs.next().unwrap_or_default();
                    index.parse::<usize>().is_ok() && matches!(keyword, "oneOf" | "anyOf")
                })
                .map(|prefix| format!("{prefix}/"))
            })
            .collect();
        let kept: Vec<(String, String, String)> = units
            .iter()
            .filter(|(_, _, kw)| !rejected.iter().any(|r| kw.starts_with(r.as_str())))
            .cloned()
            .collect();
        if kept.is_empty() {
            units
        } else {
            kept
        }
    }

    /// Turn an evaluation path (`/$ref/properties/components/items/oneOf/0/$ref/...`) into
    /// `SchemaName/properties/...` after the last `$ref`, so a report names the schema.
    fn describe_keyword_location(&self, template: &str, method: &str, location: &str) -> String {
        let Some(mut node) = self
            .routes
            .iter()
            .find(|r| r.template == template)
            .and_then(|r| r.operations.get(&method.to_ascii_uppercase()))
            .and_then(|op| op.body_schema.as_ref())
        else {
            return location.to_owned();
        };
        let mut name = String::from("requestBody");
        let mut rest: Vec<String> = Vec::new();
        for seg in location.split('/').filter(|s| !s.is_empty()) {
            let seg = seg.replace("~1", "/").replace("~0", "~");
            if seg == "$ref" {
                let target = node.get("$ref").and_then(Value::as_str).unwrap_or_default();
                let pointer = target
                    .strip_prefix(DOC_URI)
                    .unwrap_or(target)
                    .trim_start_matches('#');
                match self.doc.pointer(pointer) {
                    Some(next) => {
                        node = next;
                        name = pointer.rsplit('/').next().unwrap_or(pointer).to_owned();
                        rest.clear();
                        continue;
                    }
                    None => return location.to_owned(),
                }
            }
            let next = match node {
                Value::Array(items) => seg.parse::<usize>().ok().and_then(|i| items.get(i)),
                _ => node.get(&seg),
            };
            rest.push(seg);
            match next {
                Some(n) => node = n,
                None => break,
            }
        }
        if rest.is_empty() {
            name
        } else {
            format!("{name}/{}", rest.join("/"))
        }
    }

    fn validator(&self, template: &str, method: &str) -> Result<Option<Arc<Validator>>, String> {
        let key = (template.to_owned(), method.to_ascii_uppercase());
        if let Some(v) = self.validators.lock().unwrap().get(&key) {
            return Ok(Some(v.clone()));
        }
        let Some(schema) = self
            .routes
            .iter()
            .find(|r| r.template == template)
            .and_then(|r| r.operations.get(&key.1))
            .and_then(|op| op.body_schema.as_ref())
        else {
            return Ok(None);
        };
        let validator = jsonschema::options()
            .with_draft(Draft::Draft202012)
            .with_registry(self.registry.clone())
            .with_retriever(NoRetrieval)
            .should_validate_formats(false)
            .build(schema)
            .map_err(|e| e.to_string())?;
        let validator = Arc::new(validator);
        self.validators
            .lock()
            .unwrap()
            .insert(key, validator.clone());
        Ok(Some(validator))
    }
}

/// Shorten a long quoted string value at the start of an error message.
fn abbreviate(message: &str) -> String {
    if let Some(end) = message.find("\" is ").filter(|_| message.starts_with('"')) {
        let value = &message[1..end];
        let n = value.chars().count();
        if n > 40 {
            let head: String = value.chars().take(20).collect();
            return format!("\"{head}…\" ({n} characters){}", &message[end + 1..]);
        }
    }
    message.to_owned()
}

/// Copy a schema, rewriting document-local `$ref`s (`#/...`) to absolute ones into [`DOC_URI`].
fn absolutize_refs(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| match (k.as_str(), v) {
                    ("$ref", Value::String(r)) if r.starts_with('#') => {
                        (k.clone(), Value::String(format!("{DOC_URI}{r}")))
                    }
                    _ => (k.clone(), absolutize_refs(v)),
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(absolutize_refs).collect()),
        other => other.clone(),
    }
}
