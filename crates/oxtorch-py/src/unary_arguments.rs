//! The arguments of the unary table's functions and methods: the input, `out=` and the row's parameters
//! (`round`'s `decimals`, `nan_to_num`'s `nan`, `posinf`, `neginf`), read as PyTorch's argument parser reads
//! them. A row without parameters keeps PyTorch's plain messages (`sqrt() takes 1 positional argument but 2 were
//! given`); a row with some goes through its signatures (`signature.rs`), which word the errors of a wrong
//! parameter (`round() received an invalid combination of arguments - ...`, `nan_to_num(): argument 'nan' must be
//! float, not str`).

use crate::signature::{self, Parsed, Parser};
use oxtorch::op::{UnaryOp, UnaryParameterKind, UnaryParameters};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::OnceLock;

/// `round`'s signatures: without `decimals` (integers are copied) and with it (`round.decimals`).
const ROUND: &[&str] = &["", "*, int decimals"];
const ROUND_FUNCTION: &[&str] = &["*, Tensor out=None", "*, int decimals, Tensor out=None"];
/// `torch.special.round`, which always passes `decimals` (`special_round(Tensor self, *, int decimals=0)`).
const SPECIAL_ROUND: &[&str] = &["*, int decimals=0, Tensor out=None"];
/// `nan_to_num`'s signature.
const NAN_TO_NUM: &[&str] = &["float? nan=None, float? posinf=None, float? neginf=None"];
const NAN_TO_NUM_FUNCTION: &[&str] = &["float? nan=None, float? posinf=None, float? neginf=None, *, Tensor out=None"];

/// The parser of a row with parameters called as `name`: a `torch.` function (`input` first) or a method.
fn parser(name: &str, function: bool) -> PyResult<&'static Parser> {
    macro_rules! cached {
        ($name:literal, $form:ident, $signatures:expr) => {{
            static PARSER: OnceLock<Parser> = OnceLock::new();
            PARSER.get_or_init(|| Parser::new($name, signature::Form::$form, $signatures))
        }};
    }
    Ok(match (name, function) {
        ("special_round", true) => cached!("special_round", Function, SPECIAL_ROUND),
        ("round", true) => cached!("round", Function, ROUND_FUNCTION),
        ("round_", true) => cached!("round_", Function, ROUND),
        ("round", false) => cached!("round", Method, ROUND),
        ("round_", false) => cached!("round_", Method, ROUND),
        ("nan_to_num", true) => cached!("nan_to_num", Function, NAN_TO_NUM_FUNCTION),
        ("nan_to_num_", true) => cached!("nan_to_num_", Function, NAN_TO_NUM),
        ("nan_to_num", false) => cached!("nan_to_num", Method, NAN_TO_NUM),
        ("nan_to_num_", false) => cached!("nan_to_num_", Method, NAN_TO_NUM),
        _ => return Err(PyTypeError::new_err(format!("internal error: no signature of {name}"))),
    })
}

/// The parameters a call bound (`signature` the index of the overload that matched).
fn parameters(op: UnaryOp, p: &Parsed<'_, '_>, special: bool) -> PyResult<UnaryParameters> {
    Ok(match op.info().parameters {
        UnaryParameterKind::None => UnaryParameters::Default,
        // `round`'s first overload has no `decimals`; `special_round`'s only one defaults it to 0
        UnaryParameterKind::Decimals if p.overload == 0 && !special => UnaryParameters::Default,
        UnaryParameterKind::Decimals => {
            UnaryParameters::Decimals(p.get("decimals").map(signature::unpack_long).transpose()?.unwrap_or(0))
        }
        UnaryParameterKind::Replacements => UnaryParameters::Replacements {
            nan: p.get("nan").map(signature::unpack_double).transpose()?,
            posinf: p.get("posinf").map(signature::unpack_double).transpose()?,
            neginf: p.get("neginf").map(signature::unpack_double).transpose()?,
        },
    })
}

/// The parameters of a method call `self.<name>(...)` (in place or not); a row without parameters takes no
/// arguments.
pub fn method(
    op: UnaryOp,
    name: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<UnaryParameters> {
    if op.info().parameters == UnaryParameterKind::None {
        no_method_arguments(name, args, kwargs)?;
        return Ok(UnaryParameters::Default);
    }
    let p = parser(name, false)?.parse(args, kwargs)?;
    parameters(op, &p, false)
}

/// The arguments of a function call `torch.<name>(input, ...)` (`torch.special.<name>` when `special`; an in-place
/// function `torch.<name>_` takes no `out`): the input, the `out=` tensor (where `takes_out`), the parameters.
pub fn function<'py>(
    op: UnaryOp,
    name: &str,
    special: bool,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
    takes_out: bool,
) -> PyResult<(Bound<'py, PyAny>, Option<Bound<'py, PyAny>>, UnaryParameters)> {
    if op.info().parameters == UnaryParameterKind::None {
        let (input, out) = plain_function_arguments(name, args, kwargs, takes_out)?;
        return Ok((input, out, UnaryParameters::Default));
    }
    let p = parser(name, true)?.parse(args, kwargs)?;
    let input = p.tensor(0).into_any();
    let out = p.get("out").cloned();
    Ok((input, out, parameters(op, &p, special)?))
}

/// PyTorch's argument parser for `torch.<name>(input, *, out=None)` (`out` only where the operation takes it):
/// the input and the `out=` tensor, or the parser's `TypeError` in its order (`FunctionSignature::parse`): too
/// many positional arguments; the parameters in turn, each positional or else by keyword (`input` missing:
/// `missing 1 required positional arguments: "input"`); then the keywords left over (`input` given twice:
/// `got multiple values for argument 'input'`, else `got an unexpected keyword argument`).
fn plain_function_arguments<'py>(
    name: &str,
    args: &Bound<'py, PyTuple>,
    kwargs: Option<&Bound<'py, PyDict>>,
    takes_out: bool,
) -> PyResult<(Bound<'py, PyAny>, Option<Bound<'py, PyAny>>)> {
    if args.len() > 1 {
        return Err(PyTypeError::new_err(format!(
            "{name}() takes 1 positional argument but {} were given",
            args.len()
        )));
    }
    let keyword = |key: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
        match kwargs {
            Some(k) => k.get_item(key),
            None => Ok(None),
        }
    };
    let input = match args.get_item(0).ok() {
        Some(input) => input,
        None => keyword("input")?.ok_or_else(|| {
            PyTypeError::new_err(format!("{name}() missing 1 required positional arguments: \"input\""))
        })?,
    };
    let out = if takes_out { keyword("out")?.filter(|v| !v.is_none()) } else { None };
    for key in kwargs.into_iter().flat_map(|k| k.keys()) {
        match key.extract::<String>()?.as_str() {
            "input" if args.is_empty() => {}
            "input" => return Err(PyTypeError::new_err(format!("{name}() got multiple values for argument 'input'"))),
            "out" if takes_out => {}
            other => {
                return Err(PyTypeError::new_err(format!("{name}() got an unexpected keyword argument '{other}'")))
            }
        }
    }
    Ok((input, out))
}

/// PyTorch's message for a method of no argument called with some (`TensorBase.sqrt() takes no arguments (1
/// given)`).
pub fn no_method_arguments(name: &str, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
    if kwargs.is_some_and(|k| !k.is_empty()) {
        return Err(PyTypeError::new_err(format!("TensorBase.{name}() takes no keyword arguments")));
    }
    match args.len() {
        0 => Ok(()),
        n => Err(PyTypeError::new_err(format!("TensorBase.{name}() takes no arguments ({n} given)"))),
    }
}
