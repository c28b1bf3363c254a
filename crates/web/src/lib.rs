//! The engine and the puzzles for the page in `web/`: one call a search, a JSON request in
//! and a JSON answer out, so that the JavaScript stays a thin layer (it sends what the user
//! typed and shows what comes back). Compiled to WebAssembly by `bash web/build.sh`; the
//! same calls are tested natively by `cargo test -p dlx-web` (outside the workspace's default
//! members, as `.ci/web.sh` runs it).
//!
//! A request names the kind of input (`sudoku`, a variant list such as `x` or `killer`,
//! `sudominoku`, `xc`), the task (`solve`, `count`, `unique`), the algorithm (an engine, or a
//! backtracking baseline) and the text; the answer says `ok` and carries the answer text the
//! page shows, the figures, every solution's check, and the grid drawn as SVG; or it says where
//! the input is wrong (line and column) and what was expected.

mod drawing;
mod examples;
mod progress;
mod request;
mod sudoku;
mod sudominoku;
mod xc;

pub use progress::{Progress, Silent};
pub use request::{Algorithm, Kind, Request, Task};

use serde_json::{json, Value};
use std::sync::Arc;
use wasm_bindgen::prelude::wasm_bindgen;

/// Answers one request (see the crate's documentation), telling `progress` how far it has got.
///
/// ```
/// use dlx_web::{respond, Silent};
/// use std::sync::Arc;
///
/// let request = r#"{"kind": "xc", "task": "count", "text": "A B\nA\nB\nA B\n"}"#;
/// let answer: serde_json::Value = serde_json::from_str(&respond(request, Arc::new(Silent))).unwrap();
/// assert_eq!(answer["answer"], "2");
/// ```
pub fn respond(request: &str, progress: Arc<dyn Progress>) -> String {
    let request = match Request::from_json(request) {
        Ok(request) => request,
        Err(message) => return json!({"ok": false, "request": message}).to_string(),
    };
    let answer = match &request.kind {
        Kind::Sudoku => sudoku::answer(&request, None, progress),
        Kind::Variants(variants) => sudoku::answer(&request, Some(variants), progress),
        Kind::Sudominoku => sudominoku::answer(&request, progress),
        Kind::Xc => xc::answer(&request, progress),
    };
    answer.to_string()
}

/// The algorithms that can answer a kind of input, in the order the comparison runs them, as
/// a JSON list of names (an unknown kind: the empty list).
pub fn algorithms_for(kind: &str) -> String {
    let names: Vec<&str> = match Kind::from_name(kind) {
        Ok(kind) => Algorithm::for_kind(&kind)
            .into_iter()
            .map(Algorithm::name)
            .collect(),
        Err(_) => Vec::new(),
    };
    json!(names).to_string()
}

/// The examples the page offers: a JSON list of `{"name", "kind"}`.
pub fn example_names() -> String {
    let list: Vec<Value> = examples::EXAMPLES
        .iter()
        .map(|(name, kind)| json!({"name": name, "kind": kind}))
        .collect();
    json!(list).to_string()
}

/// The text of an example, made with `seed`: `{"ok": true, "text"}` or `{"ok": false, "error"}`.
pub fn example_text(name: &str, seed: u64) -> String {
    match examples::example(name, seed) {
        Ok(text) => json!({"ok": true, "text": text}).to_string(),
        Err(error) => json!({"ok": false, "error": error}).to_string(),
    }
}

/// A whole request refused at a place of its input.
fn failure(line: usize, column: usize, message: &str) -> Value {
    json!({"ok": false, "error": {"line": line, "column": column, "message": message}})
}

/// One bad record of a batch, answered in its place: its line of the answer and its entry.
fn error_entry(line: usize, column: usize, fault: &dyn std::fmt::Display) -> (String, Value) {
    let message = fault.to_string();
    let entry = json!({"line": line, "column": column, "verdict": "error", "error": message});
    (format!("line {line}, column {column}: {message}"), entry)
}

/// The exports the worker calls, under the names it uses.
mod exports {
    use super::*;

    /// The page's progress, forwarded by the worker: a global function of the worker's scope.
    struct ToWorker;

    impl Progress for ToWorker {
        fn report(&self, fraction: f64, nodes: u64, found: u64) {
            #[cfg(target_arch = "wasm32")]
            dlx_progress(fraction, nodes as f64, found as f64);
            #[cfg(not(target_arch = "wasm32"))]
            let _ = (fraction, nodes, found);
        }
    }

    #[cfg(target_arch = "wasm32")]
    #[wasm_bindgen]
    extern "C" {
        #[wasm_bindgen(js_name = dlxProgress)]
        fn dlx_progress(fraction: f64, nodes: f64, found: f64);
    }

    /// [`respond`], its progress told to the worker's `dlxProgress(fraction, nodes, found)`.
    #[wasm_bindgen]
    pub fn run(request: &str) -> String {
        respond(request, Arc::new(ToWorker))
    }

    /// [`algorithms_for`].
    #[wasm_bindgen]
    pub fn algorithms(kind: &str) -> String {
        algorithms_for(kind)
    }

    /// [`example_names`].
    #[wasm_bindgen]
    pub fn examples() -> String {
        example_names()
    }

    /// [`example_text`]; the seed a whole number below 2^53, as JavaScript's numbers hold.
    #[wasm_bindgen]
    pub fn example(name: &str, seed: f64) -> String {
        example_text(name, seed.max(0.0) as u64)
    }
}
