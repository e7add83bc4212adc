//! `torch.addcmul`, `torch.addcdiv` and `torch.lerp`, their methods and in-place methods: PyTorch's signatures
//! (with `addcmul`/`addcdiv`'s deprecated `(input, value, tensor1, tensor2)`, which warns once), parsed by its
//! argument parser's rules (`signature.rs`), and one call into the core (`oxtorch::dispatch::add_product`,
//! `oxtorch::dispatch::lerp`), which holds every rule.

use crate::errors::ResultExt;
use crate::signature::{Form, Parsed, Parser};
use crate::ternary::{in_place, into_output, number_argument, operand, out_argument, parser, tensor};
use crate::value::{warn_once, PyTensor};
use oxtorch::dispatch::{self, AnyOperand, AnyOutput, AnyTensor};
use oxtorch::Scalar;
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::atomic::AtomicBool;

/// `addcmul`/`addcdiv`'s signature (the function takes `input` first and `out=`), and the deprecated one.
const PRODUCT: &[&str] = &["Tensor tensor1, Tensor tensor2, *, Number value=1"];
const PRODUCT_FUNCTION: &[&str] = &["Tensor tensor1, Tensor tensor2, *, Number value=1, Tensor out=None"];
const PRODUCT_DEPRECATED: &[&str] = &["Number value, Tensor tensor1, Tensor tensor2"];
const PRODUCT_FUNCTION_DEPRECATED: &[&str] = &["Number value, Tensor tensor1, Tensor tensor2, *, Tensor out=None"];

/// `lerp`'s signatures: a tensor weight first (a zero-dim tensor stays a tensor, and takes part in promotion).
const LERP: &[&str] = &["Tensor end, Tensor weight", "Tensor end, Number weight"];
const LERP_FUNCTION: &[&str] =
    &["Tensor end, Tensor weight, *, Tensor out=None", "Tensor end, Number weight, *, Tensor out=None"];

/// The parser of `addcmul`/`addcdiv` in `form`, with the deprecated overload.
macro_rules! product_parser {
    ($form:ident $name:expr, $signatures:expr, $deprecated:expr) => {{
        static PARSER: std::sync::OnceLock<Parser> = std::sync::OnceLock::new();
        PARSER.get_or_init(|| Parser::new($name, Form::$form, $signatures).deprecated(Form::$form, $deprecated))
    }};
}

/// The argument bound to `name`.
fn argument<'py>(p: &Parsed<'_, 'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
    p.get(name).cloned().ok_or_else(|| PyTypeError::new_err(format!("missing {name}")))
}

/// The operands of an `addcmul`/`addcdiv` call: `tensor1`, `tensor2`, `value` (1 when left out); a call of the
/// deprecated overload warns once per operation (`warned`).
fn product_operands(
    py: Python<'_>,
    parser: &Parser,
    p: &Parsed<'_, '_>,
    warned: &AtomicBool,
) -> PyResult<(AnyTensor, AnyTensor, Scalar)> {
    if let Some(message) = p.deprecation(parser) {
        warn_once(py, warned, &message)?;
    }
    let value = p.get("value").map(number_argument).transpose()?.unwrap_or(Scalar::Int(1));
    Ok((tensor(&argument(p, "tensor1")?)?, tensor(&argument(p, "tensor2")?)?, value))
}

/// The weight of a `lerp` call: a tensor (first overload) or a number.
fn weight(p: &Parsed<'_, '_>) -> PyResult<AnyOperand> {
    operand(&argument(p, "weight")?, p.overload == 1)
}

/// The functions and methods of `addcmul` and `addcdiv`: `(function, method, in-place method, divide)`.
macro_rules! products {
    ($($function:ident $method:ident $inplace:ident $divide:literal $warned:ident;)*) => {
        $(
            static $warned: AtomicBool = AtomicBool::new(false);

            #[doc = concat!("`torch.", stringify!($function), "(input, tensor1, tensor2, *, value=1, out=None)`.")]
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $function(
                py: Python<'_>,
                args: &Bound<'_, PyTuple>,
                kwargs: Option<&Bound<'_, PyDict>>,
            ) -> PyResult<Py<PyAny>> {
                let parser = product_parser!(
                    Function stringify!($function), PRODUCT_FUNCTION, PRODUCT_FUNCTION_DEPRECATED
                );
                let p = parser.parse(args, kwargs)?;
                let input = tensor(&p.tensor(0).into_any())?;
                let (tensor1, tensor2, value) = product_operands(py, parser, &p, &$warned)?;
                into_output(py, out_argument(&p)?, |output| {
                    dispatch::add_product($divide, &input, &tensor1, &tensor2, value, output)
                })
            }
        )*

        #[pymethods]
        impl PyTensor {
            $(
                #[doc = concat!("`Tensor.", stringify!($method), "(tensor1, tensor2, *, value=1)`.")]
                #[pyo3(signature = (*args, **kwargs))]
                fn $method(
                    slf: &Bound<'_, Self>,
                    py: Python<'_>,
                    args: &Bound<'_, PyTuple>,
                    kwargs: Option<&Bound<'_, PyDict>>,
                ) -> PyResult<PyTensor> {
                    let parser = product_parser!(Method stringify!($method), PRODUCT, PRODUCT_DEPRECATED);
                    let p = parser.parse(args, kwargs)?;
                    let (tensor1, tensor2, value) = product_operands(py, parser, &p, &$warned)?;
                    let input = slf.borrow().any();
                    dispatch::add_product($divide, &input, &tensor1, &tensor2, value, AnyOutput::New)
                        .py()
                        .map(PyTensor::from_any)
                }

                #[doc = concat!("`Tensor.", stringify!($inplace), "(tensor1, tensor2, *, value=1)`, returning `self`.")]
                #[pyo3(signature = (*args, **kwargs))]
                fn $inplace(
                    slf: &Bound<'_, Self>,
                    py: Python<'_>,
                    args: &Bound<'_, PyTuple>,
                    kwargs: Option<&Bound<'_, PyDict>>,
                ) -> PyResult<Py<PyAny>> {
                    let parser = product_parser!(Method stringify!($inplace), PRODUCT, PRODUCT_DEPRECATED);
                    let p = parser.parse(args, kwargs)?;
                    let (tensor1, tensor2, value) = product_operands(py, parser, &p, &$warned)?;
                    in_place(slf, |input| {
                        dispatch::add_product($divide, input, &tensor1, &tensor2, value, AnyOutput::InPlace)
                    })
                }
            )*
        }
    };
}

products! {
    addcmul addcmul addcmul_ false ADDCMUL_WARNED;
    addcdiv addcdiv addcdiv_ true ADDCDIV_WARNED;
}

/// `torch.lerp(input, end, weight, *, out=None)`.
#[pyfunction]
#[pyo3(signature = (*args, **kwargs))]
pub fn lerp(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
    let p = parser!(Function "lerp", LERP_FUNCTION).parse(args, kwargs)?;
    let input = tensor(&p.tensor(0).into_any())?;
    let end = tensor(&argument(&p, "end")?)?;
    let weight = weight(&p)?;
    into_output(py, out_argument(&p)?, |output| dispatch::lerp(&input, &end, weight, output))
}

#[pymethods]
impl PyTensor {
    /// `Tensor.lerp(end, weight)`.
    #[pyo3(name = "lerp", signature = (*args, **kwargs))]
    fn lerp_method(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let p = parser!(Method "lerp", LERP).parse(args, kwargs)?;
        let end = tensor(&argument(&p, "end")?)?;
        dispatch::lerp(&self.any(), &end, weight(&p)?, AnyOutput::New).py().map(PyTensor::from_any)
    }

    /// `Tensor.lerp_(end, weight)`, returning `self`.
    #[pyo3(signature = (*args, **kwargs))]
    fn lerp_(
        slf: &Bound<'_, Self>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let p = parser!(Method "lerp_", LERP).parse(args, kwargs)?;
        let end = tensor(&argument(&p, "end")?)?;
        let weight = weight(&p)?;
        in_place(slf, |input| dispatch::lerp(input, &end, weight, AnyOutput::InPlace))
    }
}

/// Registers `addcmul`, `addcdiv` and `lerp`.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(addcmul, m)?)?;
    m.add_function(wrap_pyfunction!(addcdiv, m)?)?;
    m.add_function(wrap_pyfunction!(lerp, m)?)?;
    Ok(())
}
