//! `torch.where` and the clamps (`clamp`, `clip`, `clamp_min`, `clamp_max`), their methods and in-place methods:
//! PyTorch's signatures, parsed by its argument parser's rules (`signature.rs`), and one call into the core
//! (`oxtorch::dispatch::where_`, `oxtorch::dispatch::clamp`), which holds every rule.

use crate::errors::ResultExt;
use crate::signature::{Form, Parsed, Parser};
use crate::value::PyTensor;
use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::Scalar;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// PyTorch's signatures of `torch.where` (the one-argument form is `nonzero(as_tuple=True)`).
const WHERE: &[&str] = &[
    "Tensor condition",
    "Tensor condition, Tensor input, Tensor other, *, Tensor out=None",
    "Tensor condition, Number self, Tensor other",
    "Tensor condition, Tensor input, Number other",
    "Tensor condition, Number self, Number other",
];

/// PyTorch's signatures of `Tensor.where`.
const WHERE_METHOD: &[&str] = &["Tensor condition, Tensor other", "Tensor condition, Number other"];

/// The parser of one operation's signatures, built once.
macro_rules! parser {
    ($form:ident $name:expr, $signatures:expr) => {{
        static PARSER: std::sync::OnceLock<Parser> = std::sync::OnceLock::new();
        PARSER.get_or_init(|| Parser::new($name, Form::$form, $signatures))
    }};
}
pub(crate) use parser;

/// The tensor an argument holds (any kind).
pub(crate) fn tensor(obj: &Bound<'_, PyAny>) -> PyResult<AnyTensor> {
    Ok(obj.cast::<PyTensor>()?.borrow().any())
}

/// An argument bound to a `Tensor` or `Number` parameter, as the core takes it: a `Number` given as a zero-dim
/// tensor is its value.
pub(crate) fn operand(obj: &Bound<'_, PyAny>, number: bool) -> PyResult<AnyOperand> {
    match obj.cast::<PyTensor>() {
        Ok(t) if !number => Ok(AnyOperand::Tensor(t.borrow().any())),
        _ => number_argument(obj).map(AnyOperand::Scalar),
    }
}

/// An argument bound to a `Number` parameter: a Python number, or a zero-dim tensor's value.
pub(crate) fn number_argument(obj: &Bound<'_, PyAny>) -> PyResult<Scalar> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        return oxtorch::op::ternary::BoundTensor::item(&t.borrow().any()).py();
    }
    let value: Option<Scalar> = crate::args::scalar(obj)?;
    value.ok_or_else(|| PyTypeError::new_err(format!("expected a Tensor or a number, got {}", obj.get_type())))
}

/// The `out=` tensor of a call, checked to be a tensor.
pub(crate) fn out_argument<'py>(p: &Parsed<'_, 'py>) -> PyResult<Option<Bound<'py, PyTensor>>> {
    p.get("out").map(|o| o.cast::<PyTensor>().cloned().map_err(PyErr::from)).transpose()
}

/// Runs `call` in place on `slf`, which takes the result; returns `slf`.
pub(crate) fn in_place(
    slf: &Bound<'_, PyTensor>,
    call: impl FnOnce(&AnyTensor) -> oxtorch::Result<AnyTensor>,
) -> PyResult<Py<PyAny>> {
    let input = slf.borrow().any();
    let result = call(&input).py()?;
    slf.borrow_mut().replace(result);
    Ok(slf.clone().into_any().unbind())
}

/// Runs `call` into a new tensor, or into `out` (which takes the result, as PyTorch's `out=` does).
pub(crate) fn into_output(
    py: Python<'_>,
    out: Option<Bound<'_, PyTensor>>,
    call: impl FnOnce(AnyOutput<'_>) -> oxtorch::Result<AnyTensor>,
) -> PyResult<Py<PyAny>> {
    let Some(out) = out else {
        return Ok(Py::new(py, PyTensor::from_any(call(AnyOutput::New).py()?))?.into_any());
    };
    let mut slot = out.borrow().any();
    let result = call(AnyOutput::Out(&mut slot));
    out.borrow_mut().replace(slot);
    result.py()?;
    Ok(out.into_any().unbind())
}

/// `torch.where(condition, input, other, *, out=None)`.
#[pyfunction(name = "where")]
#[pyo3(signature = (*args, **kwargs))]
pub fn where_(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
    let p = parser!(Method "where", WHERE).parse(args, kwargs)?;
    let condition = tensor(&p.tensor(0).into_any())?;
    if p.overload == 0 {
        let indices: Vec<PyTensor> =
            dispatch::where_condition(&condition).py()?.into_iter().map(PyTensor::from_any).collect();
        return Ok(PyTuple::new(py, indices)?.into_any().unbind());
    }
    let (number_input, number_other) = (matches!(p.overload, 2 | 4), matches!(p.overload, 3 | 4));
    let input_name = if number_input { "self" } else { "input" };
    let arg = |name: &str| p.get(name).cloned().ok_or_else(|| PyTypeError::new_err(format!("missing {name}")));
    let input = operand(&arg(input_name)?, number_input)?;
    let other = operand(&arg("other")?, number_other)?;
    into_output(py, out_argument(&p)?, |output| dispatch::where_(&condition, input, other, output))
}

/// The bounds of a clamp call, `[min, max]`, read from the parameters `names` the signature has (`min` and
/// `max`, or one of them: `clamp_max` takes only `max`); `Number` parameters in the second overload.
fn bounds(p: &Parsed<'_, '_>, names: &[&str]) -> PyResult<[Option<AnyOperand>; 2]> {
    let number = p.overload == 1;
    let mut out = [None, None];
    for name in names {
        let slot = if *name == "max" { 1 } else { 0 };
        out[slot] = p.get(name).map(|o| operand(o, number)).transpose()?;
    }
    Ok(out)
}

/// The function form of a clamp: `torch.<name>(input, <bounds>, *, out=None)`.
fn clamp_function(
    py: Python<'_>,
    name: &'static str,
    parser: &Parser,
    bound_names: &[&str],
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let p = parser.parse(args, kwargs)?;
    let input = tensor(&p.tensor(0).into_any())?;
    let [min, max] = bounds(&p, &bound_names[1..])?;
    let op = core_name(name);
    into_output(py, out_argument(&p)?, |output| dispatch::clamp(op, &input, min, max, output))
}

/// The method and in-place forms of a clamp (an in-place method's name ends in `_`).
fn clamp_method(
    py: Python<'_>,
    name: &'static str,
    parser: &Parser,
    bound_names: &[&str],
    slf: &Bound<'_, PyTensor>,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let p = parser.parse(args, kwargs)?;
    let [min, max] = bounds(&p, bound_names)?;
    let op = core_name(name);
    if name.ends_with('_') {
        return in_place(slf, |input| dispatch::clamp(op, input, min, max, AnyOutput::InPlace));
    }
    let result = dispatch::clamp(op, &slf.borrow().any(), min, max, AnyOutput::New).py()?;
    Ok(Py::new(py, PyTensor::from_any(result))?.into_any())
}

/// `torch.<name>_(input, <bounds>)`: the in-place method of `input`, which it returns.
fn clamp_in_place_function(
    name: &'static str,
    parser: &Parser,
    bound_names: &[&str],
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyAny>> {
    let p = parser.parse(args, kwargs)?;
    let [min, max] = bounds(&p, bound_names)?;
    in_place(&p.tensor(0), |input| dispatch::clamp(core_name(name), input, min, max, AnyOutput::InPlace))
}

/// The operation's name in the core (the in-place method's without its `_`).
fn core_name(name: &'static str) -> &'static str {
    name.strip_suffix('_').unwrap_or(name)
}

/// The signatures of `clamp` / `clip` (the function takes `input` first and `out=`).
const CLAMP: &[&str] = &["Tensor? min=None, Tensor? max=None", "Number? min=None, Number? max=None"];
const CLAMP_FUNCTION: &[&str] = &[
    "Tensor? min=None, Tensor? max=None, *, Tensor out=None",
    "Number? min=None, Number? max=None, *, Tensor out=None",
];
const CLAMP_MIN: &[&str] = &["Tensor min", "Number min"];
const CLAMP_MIN_FUNCTION: &[&str] = &["Tensor min, *, Tensor out=None", "Number min, *, Tensor out=None"];
const CLAMP_MAX: &[&str] = &["Tensor max", "Number max"];
const CLAMP_MAX_FUNCTION: &[&str] = &["Tensor max, *, Tensor out=None", "Number max, *, Tensor out=None"];

/// The clamp functions and methods, one block per name: `fn(name, signatures, bound names)`.
macro_rules! clamps {
    ($($function:ident $method:ident $inplace:ident: $fsig:ident $msig:ident [$($bound:literal),+];)*) => {
        $(
            #[doc = concat!("`torch.", stringify!($function), "`.")]
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $function(
                py: Python<'_>,
                args: &Bound<'_, PyTuple>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyAny>> {
                let parser = parser!(Function stringify!($function), $fsig);
                clamp_function(py, stringify!($function), parser, &["input", $($bound),+], args, kwargs)
            }
        )*
        $(
            #[doc = concat!("`torch.", stringify!($inplace), "(input, ...)`: the in-place method, returning `input`.")]
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $inplace(
                args: &Bound<'_, PyTuple>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyAny>> {
                let parser = parser!(Function stringify!($inplace), $msig);
                clamp_in_place_function(stringify!($inplace), parser, &[$($bound),+], args, kwargs)
            }
        )*
        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!("`Tensor.", stringify!($method), "`.")]
                #[pyo3(signature = (*args, **kwargs))]
                fn $method(
                    slf: &Bound<'_, Self>,
                    py: Python<'_>,
                    args: &Bound<'_, PyTuple>,
                    kwargs: Option<&Bound<'_, PyDict>>,
                ) -> PyResult<Py<PyAny>> {
                    let parser = parser!(Method stringify!($method), $msig);
                    clamp_method(py, stringify!($method), parser, &[$($bound),+], slf, args, kwargs)
                }

                #[doc = concat!("`Tensor.", stringify!($inplace), "`, returning `self`.")]
                #[pyo3(signature = (*args, **kwargs))]
                fn $inplace(
                    slf: &Bound<'_, Self>,
                    py: Python<'_>,
                    args: &Bound<'_, PyTuple>,
                    kwargs: Option<&Bound<'_, PyDict>>,
                ) -> PyResult<Py<PyAny>> {
                    let parser = parser!(Method stringify!($inplace), $msig);
                    clamp_method(py, stringify!($inplace), parser, &[$($bound),+], slf, args, kwargs)
                }
            )*
        }

        /// Registers the clamp functions and `where`.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            m.add_function(wrap_pyfunction!(where_, m)?)?;
            $( m.add_function(wrap_pyfunction!($function, m)?)?; )*
            $( m.add_function(wrap_pyfunction!($inplace, m)?)?; )*
            Ok(())
        }
    };
}

clamps! {
    clamp clamp clamp_: CLAMP_FUNCTION CLAMP ["min", "max"];
    clip clip clip_: CLAMP_FUNCTION CLAMP ["min", "max"];
    clamp_min clamp_min clamp_min_: CLAMP_MIN_FUNCTION CLAMP_MIN ["min"];
    clamp_max clamp_max clamp_max_: CLAMP_MAX_FUNCTION CLAMP_MAX ["max"];
}

#[pymethods]
impl PyTensor {
    /// `self.where(condition, other)`: `torch.where(condition, self, other)`.
    #[pyo3(name = "where", signature = (*args, **kwargs))]
    fn where_method(
        slf: &Bound<'_, Self>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<PyTensor> {
        let p = parser!(Method "where", WHERE_METHOD).parse(args, kwargs)?;
        let condition = tensor(&p.tensor(0).into_any())?;
        let other = operand(p.get("other").ok_or_else(|| PyTypeError::new_err("missing other"))?, p.overload == 1)?;
        let input = AnyOperand::Tensor(slf.borrow().any());
        dispatch::where_(&condition, input, other, AnyOutput::New).py().map(PyTensor::from_any)
    }
}
