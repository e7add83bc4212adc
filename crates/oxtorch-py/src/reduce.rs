//! The reductions (`sum`, `nansum`, `prod`, `mean`, `nanmean`, `amax`, `amin`, `all`, `any`, `max`, `min`,
//! `argmax`, `argmin`) as functions and methods: PyTorch's signatures, parsed by its argument parser's rules
//! (`signature.rs`), and one call into the core (`oxtorch::dispatch::reduce`), which holds every rule. `max` and
//! `min` over a dimension give PyTorch's named tuple (`oxtorch.return_types.max`); with a tensor second argument
//! they are `maximum` and `minimum`.

use crate::args::dtype_value;
use crate::errors::ResultExt;
use crate::signature::{Form, Parsed, Parser};
use crate::ternary::{into_output, out_argument, parser, tensor};
use crate::value::PyTensor;
use oxtorch::dispatch::{self, reduce as core, AnyOperand, AnyTensor};
use oxtorch::op::{BinaryOp, Form as CallForm, ReduceOp};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

/// The signatures of one reduction, as PyTorch's parser lists them: the function's (after `Tensor input`, which the
/// parser's function form puts first; with `out=`) and the method's.
struct Signatures {
    function: &'static [&'static str],
    method: &'static [&'static str],
}

const SUM: Signatures = Signatures {
    function: &[
        "*, ScalarType? dtype=None",
        "int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None",
    ],
    method: &["*, ScalarType? dtype=None", "int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None"],
};
const NANSUM: Signatures = Signatures {
    function: &["int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None"],
    method: &["int[1]? dim=None, bool keepdim=False, *, ScalarType? dtype=None"],
};
const PROD: Signatures = Signatures {
    function: &["*, ScalarType? dtype=None", "int dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None"],
    method: &["*, ScalarType? dtype=None", "int dim, bool keepdim=False, *, ScalarType? dtype=None"],
};
const MEAN: Signatures = Signatures {
    function: &[
        "*, ScalarType? dtype=None, Tensor out=None",
        "int[1]? dim, bool keepdim=False, *, ScalarType? dtype=None, Tensor out=None",
    ],
    method: SUM.method,
};
const AMAX: Signatures = Signatures {
    function: &["int[1] dim=[], bool keepdim=False, *, Tensor out=None"],
    method: &["int[1] dim=[], bool keepdim=False"],
};
const ALL: Signatures = Signatures {
    function: &[
        "*, Tensor out=None",
        "int[]? dim=None, bool keepdim=False, *, Tensor out=None",
        "int dim, bool keepdim=False, *, Tensor out=None",
    ],
    method: &["", "int[]? dim=None, bool keepdim=False", "int dim, bool keepdim=False"],
};
const ARGMAX: Signatures = Signatures {
    function: &["int? dim=None, bool keepdim=False, *, Tensor out=None"],
    method: &["int? dim=None, bool keepdim=False"],
};
const MAX: Signatures = Signatures {
    function: &[
        "*, Tensor out=None",
        "Tensor other, *, Tensor out=None",
        "int dim, bool keepdim=False, *, TensorList[2] out=None",
    ],
    method: &["", "Tensor other", "int dim, bool keepdim=False"],
};

/// The signatures of `op`.
fn signatures(op: ReduceOp) -> &'static Signatures {
    match op {
        ReduceOp::Sum => &SUM,
        ReduceOp::NanSum | ReduceOp::NanMean => &NANSUM,
        ReduceOp::Prod => &PROD,
        ReduceOp::Mean => &MEAN,
        ReduceOp::Amax | ReduceOp::Amin => &AMAX,
        ReduceOp::All | ReduceOp::Any => &ALL,
        ReduceOp::ArgMax | ReduceOp::ArgMin => &ARGMAX,
        ReduceOp::Max | ReduceOp::Min => &MAX,
    }
}

/// The `dim` argument as the core takes it: None, or the dimensions (one int is a list of one).
fn dims(p: &Parsed<'_, '_>) -> PyResult<Option<Vec<i64>>> {
    p.dims("dim")
}

/// A call of `op` bound by its parser: the function form (`input` is argument 0, `out=` allowed) or the method
/// form on `slf`.
fn call(py: Python<'_>, op: ReduceOp, p: &Parsed<'_, '_>, slf: Option<&AnyTensor>) -> PyResult<Py<PyAny>> {
    let input = match slf {
        Some(t) => t.clone(),
        None => tensor(&p.tensor(0).into_any())?,
    };
    let keepdim = p.flag("keepdim")?;
    let dtype = p.get("dtype").map(dtype_value).transpose()?;
    if matches!(op, ReduceOp::Max | ReduceOp::Min) {
        return max_min(py, op, p, &input, keepdim);
    }
    let dims = dims(p)?;
    let out = if slf.is_none() { out_argument(p)? } else { None };
    into_output(py, out, |output| core::reduce(op, &input, dims.as_deref(), keepdim, dtype, output))
}

/// `max`/`min`: of every element, elementwise with a tensor (`maximum`/`minimum`), or over a dimension (the named
/// tuple of values and indices, into an `out=` pair when given).
fn max_min(py: Python<'_>, op: ReduceOp, p: &Parsed<'_, '_>, input: &AnyTensor, keepdim: bool) -> PyResult<Py<PyAny>> {
    let name = op.name();
    match p.overload {
        0 => into_output(py, out_argument(p)?, |output| core::reduce(op, input, None, false, None, output)),
        1 => {
            let other = tensor(p.get("other").ok_or_else(|| PyTypeError::new_err("missing other"))?)?;
            let binary = if op == ReduceOp::Max { BinaryOp::Maximum } else { BinaryOp::Minimum };
            let (lhs, rhs) = (AnyOperand::Tensor(input.clone()), AnyOperand::Tensor(other));
            into_output(py, out_argument(p)?, |output| {
                dispatch::binary_as(binary, name, CallForm::Function, lhs, rhs, output)
            })
        }
        _ => {
            let dim = p.get("dim").map(crate::signature::unpack_long).transpose()?.unwrap_or(0);
            let pair = |values: AnyTensor, indices: AnyTensor, kind: &str| -> PyResult<Py<PyAny>> {
                let values = Py::new(py, PyTensor::from_any(values))?;
                let indices = Py::new(py, PyTensor::from_any(indices))?;
                let class = py.import("oxtorch.return_types")?.getattr(kind)?;
                Ok(class.call1(((values, indices),))?.unbind())
            };
            let Some(out) = p.get("out") else {
                let (v, i) = core::max_min_dim(op, input, dim, keepdim, None).py()?;
                return pair(v, i, name);
            };
            let slots: Vec<Bound<'_, PyTensor>> =
                out.try_iter()?.map(|o| o.and_then(|o| Ok(o.cast::<PyTensor>()?.clone()))).collect::<PyResult<_>>()?;
            let [v_slot, i_slot] = slots.as_slice() else {
                return Err(PyTypeError::new_err(format!(
                    "{name}(): argument 'out' must be tuple of Tensors of size 2"
                )));
            };
            let (mut v, mut i) = (v_slot.borrow().any(), i_slot.borrow().any());
            let result = core::max_min_dim(op, input, dim, keepdim, Some((&mut v, &mut i)));
            v_slot.borrow_mut().replace(v);
            i_slot.borrow_mut().replace(i);
            result.py()?;
            let kind = format!("{name}_out");
            let class = py.import("oxtorch.return_types")?.getattr(kind.as_str())?;
            Ok(class.call1(((v_slot.clone(), i_slot.clone()),))?.unbind())
        }
    }
}

/// Generates `torch.<name>` and `Tensor.<name>` for each reduction.
macro_rules! reductions {
    ($($name:ident $method:ident $python:literal => $op:ident;)*) => {
        $(
            #[doc = concat!("`torch.", stringify!($name), "`.")]
            #[pyfunction]
            #[pyo3(signature = (*args, **kwargs))]
            pub fn $name(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyAny>> {
                let op = ReduceOp::$op;
                let p = parser!(Function stringify!($name), signatures(op).function).parse(args, kwargs)?;
                call(py, op, &p, None)
            }
        )*

        /// The reduction methods of `Tensor`.
        mod methods {
            use super::*;

            #[pymethods]
            impl PyTensor {
                $(
                    #[doc = concat!("`Tensor.", stringify!($name), "`.")]
                    #[pyo3(name = $python, signature = (*args, **kwargs))]
                    fn $method(
                        slf: &Bound<'_, Self>,
                        py: Python<'_>,
                        args: &Bound<'_, PyTuple>,
                        kwargs: Option<&Bound<'_, PyDict>>,
                    ) -> PyResult<Py<PyAny>> {
                        let op = ReduceOp::$op;
                        let p = parser!(Method stringify!($name), signatures(op).method).parse(args, kwargs)?;
                        let input = slf.borrow().any();
                        call(py, op, &p, Some(&input))
                    }
                )*
            }
        }

        /// Registers the reduction functions.
        pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
            $( m.add_function(wrap_pyfunction!($name, m)?)?; )*
            Ok(())
        }
    };
}

reductions! {
    sum sum_method "sum" => Sum;
    nansum nansum_method "nansum" => NanSum;
    prod prod_method "prod" => Prod;
    mean mean_method "mean" => Mean;
    nanmean nanmean_method "nanmean" => NanMean;
    amax amax_method "amax" => Amax;
    amin amin_method "amin" => Amin;
    all all_method "all" => All;
    any any_method "any" => Any;
    max max_method "max" => Max;
    min min_method "min" => Min;
    argmax argmax_method "argmax" => ArgMax;
    argmin argmin_method "argmin" => ArgMin;
}
