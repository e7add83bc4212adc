//! Shared pieces of the conformance runner: loading the golden files and counting outcomes.

use serde_json::Value;
use std::fmt::Display;
use std::path::PathBuf;

/// Loads `tests/data/<name>`.
pub fn load(name: &str) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    let text = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("cannot parse {}: {e}", path.display()))
}

/// Outcomes of the cases of one file.
#[derive(Default)]
pub struct Report {
    pub ran: usize,
    pub passed: usize,
    /// Cases that pass only through a deviation the conformance README allows.
    pub deviations: usize,
    pub failures: Vec<String>,
}

impl Report {
    /// Records one case: `Ok(())` passes, `Err(why)` fails with the case's description.
    pub fn check(&mut self, case: impl Display, outcome: Result<(), String>) {
        self.ran += 1;
        match outcome {
            Ok(()) => self.passed += 1,
            Err(why) => self.failures.push(format!("{case}: {why}")),
        }
    }

    /// Records a case that passes through an allowed deviation.
    #[allow(dead_code)]
    pub fn deviation(&mut self, case: impl Display, outcome: Result<(), String>) {
        let ok = outcome.is_ok();
        self.check(case, outcome);
        if ok {
            self.deviations += 1;
        }
    }
}

/// `Ok` when equal, else an error that shows both sides.
pub fn expect_eq<T: PartialEq + std::fmt::Debug>(
    what: &str,
    got: T,
    want: T,
) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

/// Checks an oxtorch error against a case's `error` and `message` fields (module name `torch` replaced).
pub fn expect_error(err: &oxtorch::Error, case: &Value) -> Result<(), String> {
    let want_kind = case["error"].as_str().unwrap_or_default();
    let want_msg = case["message"]
        .as_str()
        .unwrap_or_default()
        .replace("torch.", "oxtorch.");
    if err.kind_name() != want_kind {
        return Err(format!(
            "error class: got {} ({}), want {want_kind} ({want_msg})",
            err.kind_name(),
            err.message()
        ));
    }
    if err.message() != want_msg {
        return Err(format!(
            "message: got {:?}, want {want_msg:?}",
            err.message()
        ));
    }
    Ok(())
}
