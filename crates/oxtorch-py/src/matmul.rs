//! The matrix products `matmul` (and the `@` operator), `mm`, `bmm`, `mv`, `dot`, `vdot` and `outer` (alias
//! `ger`) as functions and methods: PyTorch's signatures, parsed by its argument parser's rules (`signature.rs`),
//! and one call into the core (`oxtorch::dispatch::matmul`), which holds every rule.

use crate::signature::{Form, Parsed, Parser};
use crate::ternary::{into_output, out_argument, parser, tensor};
use crate::value::PyTensor;
use oxtorch::dispatch::matmul::{product, Product};
use oxtorch::dispatch::AnyTensor;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// Runs a product on a parsed call: `input` and the second tensor (the parser's argument 1, whatever its name),
/// into `out=` when given.
fn call(py: Python<'_>, which: Product, p: &Parsed<'_, '_>, slf: Option<&AnyTensor>) -> PyResult<Py<PyAny>> {
    let (a, b_index) = match slf {
        Some(t) => (t.clone(), 0),
        None => (tensor(&p.tensor(0).into_any())?, 1),
    };
    let b = tensor(&p.tensor(b_index).into_any())?;
    let out = if slf.is_none() { out_argument(p)? } else { None };
    into_output(py, out, |output| product(which, &a, &b, output))
}

/// `a @ b` with a second operand that is not a tensor: Python's `NotImplemented` (then its own `TypeError`).
fn operator(py: Python<'_>, a: &AnyTensor, other: &Bound<'_, PyAny>, reflected: bool) -> PyResult<Py<PyAny>> {
    let Ok(b) = tensor(other) else {
        return Ok(py.NotImplemented());
    };
    let (lhs, rhs) = if reflected { (&b, a) } else { (a, &b) };
    into_output(py, None, |output| product(Product::Matmul, lhs, rhs, output))
}

/// Generates `torch.<name>` and `Tensor.<name>` for each product.
macro_rules! products {
    ($($name:ident $method:ident $python:literal ($second:literal) => $product:ident;)*) => {
        $(
            #[doc = concat!("`torch.", $python, "`.")]
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $name(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
                const SIGNATURE: &[&str] = &[concat!("Tensor ", $second, ", *, Tensor out=None")];
                let p = parser!(Function $python, SIGNATURE).parse(args, kwargs)?;
                call(py, Product::$product, &p, None)
            }
        )*

        /// The product methods of `Tensor`, and the `@` operator.
        mod methods {
            use super::*;

            #[pymethods]
            impl PyTensor {
                $(
                    #[doc = concat!("`Tensor.", $python, "`.")]
                    #[pyo3(name = $python, signature = (*args, **kwargs))]
                    fn $method(
                        slf: &Bound<'_, Self>,
                        py: Python<'_>,
                        args: &Bound<'_, PyTuple>,
                        kwargs: Option<&Bound<'_, PyDict>>,
                    ) -> PyResult<Py<PyAny>> {
                        const SIGNATURE: &[&str] = &[concat!("Tensor ", $second)];
                        let p = parser!(Method $python, SIGNATURE).parse(args, kwargs)?;
                        let input = slf.borrow().any();
                        call(py, Product::$product, &p, Some(&input))
                    }
                )*

                /// `a @ b`.
                fn __matmul__(slf: &Bound<'_, Self>, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    operator(py, &slf.borrow().any(), other, false)
                }

                /// `b @ a`, for a left operand that is not a tensor.
                fn __rmatmul__(slf: &Bound<'_, Self>, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
                    operator(py, &slf.borrow().any(), other, true)
                }
            }
        }

        /// Registers the product functions.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( m.add_function(wrap_pyfunction!($name, m)?)?; )*
            Ok(())
        }
    };
}

products! {
    matmul matmul_method "matmul" ("other") => Matmul;
    mm mm_method "mm" ("mat2") => Mm;
    bmm bmm_method "bmm" ("mat2") => Bmm;
    mv mv_method "mv" ("vec") => Mv;
    dot dot_method "dot" ("tensor") => Dot;
    vdot vdot_method "vdot" ("other") => Vdot;
    outer outer_method "outer" ("vec2") => Outer;
    ger ger_method "ger" ("vec2") => Outer;
}
