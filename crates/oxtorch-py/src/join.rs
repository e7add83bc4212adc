//! The joining functions `cat` (and its aliases `concat`, `concatenate`), `stack`, `hstack`, `vstack` and
//! `dstack`: PyTorch's signatures, parsed by its argument parser's rules (`signature.rs`, numpy's `axis` for `dim`
//! included), and one call into the core (`oxtorch::dispatch::join`), which holds every rule.

use crate::signature::{Form, Parsed, Parser};
use crate::ternary::{into_output, out_argument, parser, tensor};
use oxtorch::dispatch::join::{join, Join, Stacking};
use oxtorch::dispatch::AnyTensor;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// `cat`'s and `stack`'s signature.
const ALONG_DIM: &[&str] = &["TensorList tensors, int dim=0, *, Tensor out=None"];
/// numpy's stacking functions' signature.
const NUMPY: &[&str] = &["TensorList tensors, *, Tensor out=None"];

/// The tensors of the `tensors` argument (a list or tuple of tensors, as the parser checked).
fn tensors(p: &Parsed<'_, '_>) -> PyResult<Vec<AnyTensor>> {
    let list = p.get("tensors").expect("a required argument");
    list.try_iter()?.map(|item| tensor(&item?)).collect()
}

/// Runs one joining function on a parsed call.
fn call(py: Python<'_>, p: &Parsed<'_, '_>, function: impl Fn(i64) -> Join) -> PyResult<Py<PyAny>> {
    let inputs = tensors(p)?;
    let refs: Vec<&AnyTensor> = inputs.iter().collect();
    let dim = match p.get("dim") {
        Some(d) => crate::signature::unpack_long(d)?,
        None => 0,
    };
    into_output(py, out_argument(p)?, |output| join(function(dim), &refs, output))
}

/// Generates the Python functions.
macro_rules! joining {
    ($($name:ident $signatures:ident => $join:expr;)*) => {
        $(
            #[doc = concat!("`torch.", stringify!($name), "`.")]
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $name(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
                let p = parser!(Method stringify!($name), $signatures).parse(args, kwargs)?;
                call(py, &p, $join)
            }
        )*

        /// Registers the joining functions.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( m.add_function(wrap_pyfunction!($name, m)?)?; )*
            Ok(())
        }
    };
}

joining! {
    cat ALONG_DIM => Join::Cat;
    concat ALONG_DIM => Join::Cat;
    concatenate ALONG_DIM => Join::Cat;
    stack ALONG_DIM => Join::Stack;
    hstack NUMPY => |_| Join::Numpy(Stacking::Horizontal);
    vstack NUMPY => |_| Join::Numpy(Stacking::Vertical);
    dstack NUMPY => |_| Join::Numpy(Stacking::Depth);
}
