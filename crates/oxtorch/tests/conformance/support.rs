//! Shared pieces of the conformance runner: loading the golden files and counting outcomes.

use serde_json::Value;
use std::fmt::Display;
use std::path::PathBuf;

/// Loads `tests/data/<name>` (from `$OXTORCH_DATA_DIR` when set: a test binary run away from its checkout).
pub fn load(name: &str) -> Value {
    let dir = std::env::var_os("OXTORCH_DATA_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data"));
    let path = dir.join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
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
pub fn expect_eq<T: PartialEq + std::fmt::Debug>(what: &str, got: T, want: T) -> Result<(), String> {
    if got == want {
        Ok(())
    } else {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    }
}

/// Checks an oxtorch error against a case's `error` and `message` fields (module name `torch` replaced).
pub fn expect_error(err: &oxtorch::Error, case: &Value) -> Result<(), String> {
    let want_kind = case["error"].as_str().unwrap_or_default();
    let want_msg = case["message"].as_str().unwrap_or_default().replace("torch.", "oxtorch.");
    if err.kind_name() != want_kind {
        return Err(format!("error class: got {} ({}), want {want_kind} ({want_msg})", err.kind_name(), err.message()));
    }
    if err.message() != want_msg {
        return Err(format!("message: got {:?}, want {want_msg:?}", err.message()));
    }
    Ok(())
}

/// A dtype by its name in the data.
pub fn dtype(name: &Value) -> oxtorch::DType {
    oxtorch::DType::from_name(name.as_str().unwrap_or_default()).unwrap_or_else(|| panic!("unknown dtype {name}"))
}

/// A float in the data's encoding: Python's repr in a string (`"nan"`, `"-0.0"`, `"1e-300"`).
pub fn float(v: &Value) -> f64 {
    let s = v.as_str().unwrap_or_else(|| panic!("expected a float string, got {v}"));
    s.parse().unwrap_or_else(|_| panic!("bad float {s}"))
}

/// One value of the data as a Python-style number, read by the kind its JSON has.
pub fn scalar(v: &Value) -> oxtorch::Scalar {
    use oxtorch::Scalar;
    match v {
        Value::Bool(b) => Scalar::Bool(*b),
        Value::Number(n) => match (n.as_i64(), n.as_u64()) {
            (Some(i), _) => Scalar::Int(i),
            (None, Some(u)) => Scalar::UInt(u),
            _ => panic!("an integer beyond 64 bits: {n}"),
        },
        Value::String(_) => Scalar::Float(float(v)),
        Value::Array(parts) => Scalar::Complex(num_complex::Complex::new(float(&parts[0]), float(&parts[1]))),
        other => panic!("unexpected value {other}"),
    }
}

/// Integer lists in the data.
pub fn usizes(v: &Value) -> Vec<usize> {
    v.as_array().map(|a| a.iter().map(|x| x.as_u64().unwrap_or(0) as usize).collect()).unwrap_or_default()
}

/// Signed integer lists in the data.
pub fn i64s(v: &Value) -> Vec<i64> {
    v.as_array().map(|a| a.iter().map(|x| x.as_i64().unwrap_or(0)).collect()).unwrap_or_default()
}

/// A 1-D tensor of `dtype` holding the data's values.
pub fn tensor_of(dtype: oxtorch::DType, values: &Value) -> oxtorch::Tensor {
    let scalars: Vec<oxtorch::Scalar> = values.as_array().map(|a| a.iter().map(scalar).collect()).unwrap_or_default();
    oxtorch::tensor(scalars, dtype).unwrap_or_else(|e| panic!("cannot build tensor: {e}"))
}

/// Bitwise equality of two doubles, where every NaN equals every NaN and -0.0 differs from 0.0.
pub fn same_float(a: f64, b: f64) -> bool {
    (a.is_nan() && b.is_nan()) || a.to_bits() == b.to_bits()
}

/// Compares a tensor's values with the data's expected values: exactly, or within `ulps` units in the last
/// place of `dtype`'s precision for complex components.
pub fn compare_values(got: &oxtorch::Tensor, want: &Value, ulps: f64) -> Result<(), String> {
    use oxtorch::Scalar;
    let got = got.to_scalars().map_err(|e| e.to_string())?;
    let want: Vec<Scalar> = want.as_array().map(|a| a.iter().map(scalar).collect()).unwrap_or_default();
    if got.len() != want.len() {
        return Err(format!("values: got {} elements, want {}", got.len(), want.len()));
    }
    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
        let ok = match (g, w) {
            (Scalar::Float(a), Scalar::Float(b)) => same_float(*a, *b),
            (Scalar::Complex(a), Scalar::Complex(b)) => close(a.re, b.re, ulps) && close(a.im, b.im, ulps),
            (a, b) => a == b,
        };
        if !ok {
            return Err(format!("value {i}: got {g:?}, want {w:?} (all: {got:?})"));
        }
    }
    Ok(())
}

/// Equal bit for bit, or (when `ulps > 0`) within `ulps` relative steps of float32 precision.
fn close(a: f64, b: f64, ulps: f64) -> bool {
    if same_float(a, b) {
        return true;
    }
    ulps > 0.0
        && a.is_finite()
        && b.is_finite()
        && (a - b).abs() <= ulps * f64::from(f32::EPSILON) * b.abs().max(f64::MIN_POSITIVE)
}
