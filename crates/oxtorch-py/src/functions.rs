//! Module-level functions: the factories with PyTorch's signatures, the arithmetic functions with `out=`,
//! `equal` / `allclose`, and random seeding.

use crate::args::{self, int_arg, nested, options, sequence_ints, sizes, to_sizes};
use crate::attributes::{PyDType, PyLayout, PyMemoryFormat};
use crate::errors::ResultExt;
use crate::tensor::{alpha_arg, arith, rounding_arg, PyTensor, TensorValue};
use oxtorch::iter::Output;
use oxtorch::tensor::ops::{BinaryOp, RoundingMode};
use oxtorch::{Layout, Scalar, Tensor, TensorOptions};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Mutex;

/// Refuses the keywords oxtorch accepts for compatibility but cannot honour.
fn check_layout(layout: Option<PyLayout>, requires_grad: bool) -> PyResult<()> {
    if layout.is_some_and(|l| l.0 != Layout::Strided) {
        return Err(PyNotImplementedError::new_err("oxtorch supports only the strided layout for new tensors"));
    }
    if requires_grad {
        return Err(PyNotImplementedError::new_err("oxtorch has no autograd: requires_grad=True is not supported"));
    }
    Ok(())
}

/// `torch.tensor(data, dtype=None, device=None)`: copies nested lists of numbers, tensors or NumPy arrays,
/// inferring the dtype as PyTorch does.
#[pyfunction]
#[pyo3(signature = (data, *, dtype=None, device=None, requires_grad=false, placement=None, sbp=None))]
pub fn tensor(
    data: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    check_layout(None, requires_grad)?;
    let opts = options(dtype, device, None)?;
    if let Some((p, s)) = crate::global::layout_args(placement, sbp)? {
        crate::global::check_no_device(&opts)?;
        let local = tensor(data, dtype, None, false, None, None)?;
        return crate::global::tensor(local.strided()?, &p, &s);
    }
    if let Some(array) = crate::interop::numpy_to_tensor(data, true)? {
        return array.to(opts, false).py().map(PyTensor::new);
    }
    let (values, shape) = nested(data)?;
    oxtorch::tensor::factory::tensor_from_scalars(&values, &shape, opts).py().map(PyTensor::new)
}

macro_rules! sized_factory {
    ($(#[$doc:meta] $name:ident => $body:expr),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (*size, dtype=None, layout=None, device=None, requires_grad=false, memory_format=None, placement=None, sbp=None, **kwargs))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            size: &Bound<'_, PyTuple>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            requires_grad: bool,
            memory_format: Option<PyMemoryFormat>,
            placement: Option<&Bound<'_, PyAny>>,
            sbp: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<PyTensor> {
            check_layout(layout, requires_grad)?;
            let opts = options(dtype, device, memory_format)?;
            if let Some((p, s)) = crate::global::layout_args(placement, sbp)? {
                return crate::global::factory(stringify!($name), &size_arg(size, kwargs)?, opts, &p, &s, None);
            }
            let f: fn(&[usize], TensorOptions) -> oxtorch::Result<Tensor> = $body;
            f(&size_arg(size, kwargs)?, opts).py().map(PyTensor::new)
        }
    )*};
}

sized_factory!(
    /// `torch.zeros(*size, dtype=None, device=None)`.
    zeros => |s, o| oxtorch::zeros(s, o),
    /// `torch.ones(*size, dtype=None, device=None)`.
    ones => |s, o| oxtorch::ones(s, o),
    /// `torch.empty(*size, dtype=None, device=None, memory_format=torch.contiguous_format)` (zero-filled).
    empty => |s, o| oxtorch::empty(s, o),
);

/// Sizes from varargs or from the `size=` keyword (the only extra keyword the sized factories take).
fn size_arg(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<usize>> {
    let mut from_keyword = None;
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let name: String = k.extract()?;
            if name != "size" {
                return Err(PyTypeError::new_err(format!("got an unexpected keyword argument '{name}'")));
            }
            from_keyword = Some(v);
        }
    }
    match from_keyword {
        Some(v) if args.is_empty() => to_sizes(&sequence_ints(&v)?),
        Some(_) => Err(PyTypeError::new_err("size given both positionally and as a keyword")),
        None => sizes(args),
    }
}

/// `torch.full(size, fill_value, dtype=None, device=None)`.
#[pyfunction]
#[pyo3(signature = (size, fill_value, *, dtype=None, layout=None, device=None, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn full(
    size: &Bound<'_, PyAny>,
    fill_value: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    check_layout(layout, requires_grad)?;
    let value = args::scalar(fill_value)?.ok_or_else(|| PyTypeError::new_err("full(): fill_value must be a number"))?;
    if let Some((p, s)) = crate::global::layout_args(placement, sbp)? {
        return crate::global::full(&to_sizes(&sequence_ints(size)?)?, value, options(dtype, device, None)?, &p, &s);
    }
    oxtorch::full(&to_sizes(&sequence_ints(size)?)?, value, options(dtype, device, None)?).py().map(PyTensor::new)
}

/// `torch.empty_strided(size, stride, dtype=None, device=None)`.
#[pyfunction]
#[pyo3(signature = (size, stride, *, dtype=None, layout=None, device=None, requires_grad=false))]
pub fn empty_strided(
    size: &Bound<'_, PyAny>,
    stride: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
) -> PyResult<PyTensor> {
    check_layout(layout, requires_grad)?;
    let strides = to_sizes(&sequence_ints(stride)?)?;
    oxtorch::empty_strided(&to_sizes(&sequence_ints(size)?)?, &strides, options(dtype, device, None)?)
        .py()
        .map(PyTensor::new)
}

fn number(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Scalar> {
    args::scalar(obj)?.ok_or_else(|| PyTypeError::new_err(format!("{what} must be a number")))
}

/// `torch.arange(end)`, `torch.arange(start, end, step=1)`.
#[pyfunction]
#[pyo3(signature = (*args, start=None, end=None, step=None, dtype=None, layout=None, device=None, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn arange(
    args: &Bound<'_, PyTuple>,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    step: Option<&Bound<'_, PyAny>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    check_layout(layout, requires_grad)?;
    let opts = options(dtype, device, None)?;
    let positional: Vec<Bound<'_, PyAny>> = args.iter().collect();
    fn given<'py>(o: Option<&Bound<'py, PyAny>>) -> Option<Bound<'py, PyAny>> {
        o.filter(|v| !v.is_none()).cloned()
    }
    let (start, end, step) = match positional.as_slice() {
        [] => (given(start), given(end), given(step)),
        [e] => (given(start), Some(e.clone()), given(step)),
        [s, e] => (Some(s.clone()), Some(e.clone()), given(step)),
        [s, e, st] => (Some(s.clone()), Some(e.clone()), Some(st.clone())),
        _ => return Err(PyTypeError::new_err("arange() takes at most 3 positional arguments")),
    };
    let e = end.ok_or_else(|| PyTypeError::new_err("arange() missing required argument 'end'"))?;
    let s = start.map(|v| number(&v, "start")).transpose()?.unwrap_or(Scalar::Int(0));
    let st = step.map(|v| number(&v, "step")).transpose()?.unwrap_or(Scalar::Int(1));
    let e = number(&e, "end")?;
    if let Some((p, sbp)) = crate::global::layout_args(placement, sbp)? {
        return crate::global::arange(s, e, st, opts, &p, &sbp);
    }
    oxtorch::arange_step(s, e, st, opts).py().map(PyTensor::new)
}

/// `torch.linspace(start, end, steps)`.
#[pyfunction]
#[pyo3(signature = (start, end, steps, *, dtype=None, layout=None, device=None, requires_grad=false))]
pub fn linspace(
    start: &Bound<'_, PyAny>,
    end: &Bound<'_, PyAny>,
    steps: i64,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
) -> PyResult<PyTensor> {
    check_layout(layout, requires_grad)?;
    if steps < 0 {
        return Err(pyo3::exceptions::PyRuntimeError::new_err("number of steps must be non-negative"));
    }
    let opts = options(dtype, device, None)?;
    oxtorch::linspace(number(start, "start")?, number(end, "end")?, steps as usize, opts).py().map(PyTensor::new)
}

/// A seedable random number generator (`torch.Generator`).
#[pyclass(name = "Generator", module = "oxtorch")]
pub struct PyGenerator {
    pub(crate) inner: Mutex<oxtorch::Generator>,
}

#[pymethods]
impl PyGenerator {
    #[new]
    #[pyo3(signature = (device=None))]
    fn new(device: Option<&Bound<'_, PyAny>>) -> PyResult<PyGenerator> {
        if let Some(d) = device {
            if !d.is_none() {
                oxtorch::backend::ensure_available(crate::device::device_arg(d)?).py()?;
            }
        }
        Ok(PyGenerator { inner: Mutex::new(oxtorch::Generator::new(0)) })
    }

    /// Re-seeds the generator, returning it.
    fn manual_seed(slf: PyRef<'_, Self>, seed: u64) -> PyRef<'_, Self> {
        slf.inner.lock().unwrap_or_else(|e| e.into_inner()).manual_seed(seed);
        slf
    }
}

/// `torch.manual_seed(seed)`: seeds the default generator.
#[pyfunction]
pub fn manual_seed(seed: u64) {
    oxtorch::manual_seed(seed)
}

macro_rules! random_factory {
    ($(#[$doc:meta] $name:ident => $f:path),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (*size, generator=None, dtype=None, layout=None, device=None, requires_grad=false, memory_format=None, placement=None, sbp=None, **kwargs))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            size: &Bound<'_, PyTuple>,
            generator: Option<PyRef<'_, PyGenerator>>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            requires_grad: bool,
            memory_format: Option<PyMemoryFormat>,
            placement: Option<&Bound<'_, PyAny>>,
            sbp: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<PyTensor> {
            check_layout(layout, requires_grad)?;
            let opts = options(dtype, device, memory_format)?;
            let s = size_arg(size, kwargs)?;
            if let Some((p, sbp)) = crate::global::layout_args(placement, sbp)? {
                return match generator {
                    Some(g) => crate::global::factory(stringify!($name), &s, opts, &p, &sbp, Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner()))),
                    None => crate::global::factory(stringify!($name), &s, opts, &p, &sbp, None),
                };
            }
            match generator {
                Some(g) => $f(&s, opts, Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner()))),
                None => $f(&s, opts, None),
            }
            .py()
            .map(PyTensor::new)
        }
    )*};
}

random_factory!(
    /// `torch.rand(*size)`: uniform values in [0, 1).
    rand => oxtorch::rand,
    /// `torch.randn(*size)`: standard normal values.
    randn => oxtorch::randn,
);

/// `torch.randint(high, size)` or `torch.randint(low, high, size)`: integers in [low, high), int64 by default.
#[pyfunction]
#[pyo3(signature = (*args, low=None, high=None, size=None, generator=None, dtype=None, layout=None, device=None, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn randint(
    args: &Bound<'_, PyTuple>,
    low: Option<i64>,
    high: Option<i64>,
    size: Option<&Bound<'_, PyAny>>,
    generator: Option<PyRef<'_, PyGenerator>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    check_layout(layout, requires_grad)?;
    let positional: Vec<Bound<'_, PyAny>> = args.iter().collect();
    let missing = || PyTypeError::new_err("randint() expects (high, size) or (low, high, size)");
    let (low, high, size) = match positional.as_slice() {
        [] => (low.unwrap_or(0), high.ok_or_else(missing)?, size.cloned().ok_or_else(missing)?),
        [h] => (low.unwrap_or(0), int_arg(h)?, size.cloned().ok_or_else(missing)?),
        [h, s] if low.is_none() => (0, int_arg(h)?, s.clone()),
        [l, h] => (int_arg(l)?, int_arg(h)?, size.cloned().ok_or_else(missing)?),
        [l, h, s] => (int_arg(l)?, int_arg(h)?, s.clone()),
        _ => return Err(missing()),
    };
    let s = to_sizes(&sequence_ints(&size)?)?;
    let opts = options(dtype, device, None)?;
    if let Some((p, sbp)) = crate::global::layout_args(placement, sbp)? {
        return match generator {
            Some(g) => crate::global::randint(
                low,
                high,
                &s,
                opts,
                Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner())),
                &p,
                &sbp,
            ),
            None => crate::global::randint(low, high, &s, opts, None, &p, &sbp),
        };
    }
    match generator {
        Some(g) => oxtorch::randint(low, high, &s, opts, Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner()))),
        None => oxtorch::randint(low, high, &s, opts, None),
    }
    .py()
    .map(PyTensor::new)
}

macro_rules! like_factory {
    ($(#[$doc:meta] $name:ident => |$t:ident, $o:ident| $body:expr),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (input, *, dtype=None, layout=None, device=None, requires_grad=false, memory_format=None))]
        pub fn $name(
            input: PyRef<'_, PyTensor>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            requires_grad: bool,
            memory_format: Option<PyMemoryFormat>,
        ) -> PyResult<PyTensor> {
            check_layout(layout, requires_grad)?;
            let $o = options(dtype, device, memory_format)?;
            let $t = &input.strided()?;
            $body.py().map(PyTensor::new)
        }
    )*};
}

like_factory!(
    /// `torch.zeros_like(input)`.
    zeros_like => |t, o| t.zeros_like(o),
    /// `torch.ones_like(input)`.
    ones_like => |t, o| t.ones_like(o),
    /// `torch.empty_like(input)` (zero-filled).
    empty_like => |t, o| t.empty_like(o),
    /// `torch.rand_like(input)`.
    rand_like => |t, o| t.rand_like(o),
    /// `torch.randn_like(input)`.
    randn_like => |t, o| t.randn_like(o),
);

/// `torch.full_like(input, fill_value)`.
#[pyfunction]
#[pyo3(signature = (input, fill_value, *, dtype=None, device=None, memory_format=None))]
pub fn full_like(
    input: PyRef<'_, PyTensor>,
    fill_value: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    memory_format: Option<PyMemoryFormat>,
) -> PyResult<PyTensor> {
    let value = number(fill_value, "fill_value")?;
    input.strided()?.full_like(value, options(dtype, device, memory_format)?).py().map(PyTensor::new)
}

/// `torch.randint_like(input, high)` or `torch.randint_like(input, low, high)`.
#[pyfunction]
#[pyo3(signature = (input, low_or_high, high=None, *, dtype=None, device=None, memory_format=None))]
pub fn randint_like(
    input: PyRef<'_, PyTensor>,
    low_or_high: i64,
    high: Option<i64>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    memory_format: Option<PyMemoryFormat>,
) -> PyResult<PyTensor> {
    let (low, high) = match high {
        Some(h) => (low_or_high, h),
        None => (0, low_or_high),
    };
    input.strided()?.randint_like(low, high, options(dtype, device, memory_format)?).py().map(PyTensor::new)
}

/// Runs an arithmetic function with an optional `out=` tensor.
fn arith_function(
    py: Python<'_>,
    op: BinaryOp,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyTensor>> {
    let out_any = out.map(|o| o.as_any().clone());
    let mut objs = vec![input, other];
    objs.extend(out_any.as_ref());
    if crate::global::any_global(&objs) {
        if let Some(out) = out {
            crate::global::arith_out(op, input, other, out)?;
            return Ok(out.clone().unbind());
        }
        return match crate::global::arith(op, input, other, false)? {
            Some(g) => Py::new(py, crate::global::wrap(g)),
            None => Err(PyTypeError::new_err("unsupported operand type: expected a Tensor or a number")),
        };
    }
    let (lhs, rhs) = (args::operand(input)?, args::operand(other)?);
    match out {
        None => Py::new(py, PyTensor::new(arith(py, op, &lhs, &rhs, Output::New)?)),
        Some(out) => {
            let mut target = out.borrow().strided()?.clone();
            arith(py, op, &lhs, &rhs, Output::Out(&mut target))?;
            out.borrow_mut().value = TensorValue::Strided(target);
            Ok(out.clone().unbind())
        }
    }
}

/// `torch.add(input, other, *, alpha=1, out=None)`.
#[pyfunction]
#[pyo3(signature = (input, other, *, alpha=None, out=None))]
pub fn add(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    alpha: Option<&Bound<'_, PyAny>>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyTensor>> {
    arith_function(py, BinaryOp::Add { alpha: alpha_arg(alpha)? }, input, other, out)
}

/// `torch.sub(input, other, *, alpha=1, out=None)`.
#[pyfunction]
#[pyo3(signature = (input, other, *, alpha=None, out=None))]
pub fn sub(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    alpha: Option<&Bound<'_, PyAny>>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyTensor>> {
    arith_function(py, BinaryOp::Sub { alpha: alpha_arg(alpha)? }, input, other, out)
}

/// `torch.mul(input, other, *, out=None)`.
#[pyfunction]
#[pyo3(signature = (input, other, *, out=None))]
pub fn mul(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyTensor>> {
    arith_function(py, BinaryOp::Mul, input, other, out)
}

/// `torch.div(input, other, *, rounding_mode=None, out=None)`.
#[pyfunction]
#[pyo3(signature = (input, other, *, rounding_mode=None, out=None))]
pub fn div(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    rounding_mode: Option<&str>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyTensor>> {
    arith_function(py, BinaryOp::Div { rounding_mode: rounding_arg(rounding_mode)? }, input, other, out)
}

/// `torch.floor_divide(input, other, *, out=None)`: division rounded toward negative infinity.
#[pyfunction]
#[pyo3(signature = (input, other, *, out=None))]
pub fn floor_divide(
    py: Python<'_>,
    input: &Bound<'_, PyAny>,
    other: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyTensor>>,
) -> PyResult<Py<PyTensor>> {
    arith_function(py, BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, input, other, out)
}

/// Values of a tensor as complex doubles.
type Values = Vec<num_complex::Complex<f64>>;

/// Values of two tensors as complex doubles after broadcasting them together.
fn broadcast_values(a: &Tensor, b: &Tensor) -> oxtorch::Result<(Values, Values)> {
    let shape: Vec<i64> = oxtorch::shape::broadcast_shapes(a.sizes(), b.sizes())?.iter().map(|&s| s as i64).collect();
    let values = |t: &Tensor| -> oxtorch::Result<Values> {
        Ok(t.expand(&shape)?.to_scalars()?.iter().map(Scalar::to_complex).collect())
    };
    Ok((values(a)?, values(b)?))
}

/// `torch.equal`: same sizes and same values.
pub fn tensors_equal(a: &Tensor, b: &Tensor) -> PyResult<bool> {
    if a.sizes() != b.sizes() {
        return Ok(false);
    }
    let (x, y) = broadcast_values(a, b).py()?;
    Ok(x == y)
}

/// `torch.allclose`: `|a - b| <= atol + rtol * |b|` everywhere (NaN equal to NaN only with `equal_nan`).
pub fn tensors_allclose(a: &Tensor, b: &Tensor, rtol: f64, atol: f64, equal_nan: bool) -> PyResult<bool> {
    if a.dtype() != b.dtype() {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
            "{} did not match {}",
            b.dtype().scalar_type_name(),
            a.dtype().scalar_type_name()
        )));
    }
    let (x, y) = broadcast_values(a, b).py()?;
    Ok(x.iter().zip(&y).all(|(p, q)| {
        let nan = p.re.is_nan() || p.im.is_nan() || q.re.is_nan() || q.im.is_nan();
        if nan {
            return equal_nan && (p.re.is_nan() || p.im.is_nan()) && (q.re.is_nan() || q.im.is_nan());
        }
        if p == q {
            return true;
        }
        (p - q).norm() <= atol + rtol * q.norm()
    }))
}

/// `torch.equal(input, other)`.
#[pyfunction]
pub fn equal(input: PyRef<'_, PyTensor>, other: PyRef<'_, PyTensor>) -> PyResult<bool> {
    tensors_equal(input.strided()?, other.strided()?)
}

/// `torch.allclose(input, other, rtol=1e-05, atol=1e-08, equal_nan=False)`.
#[pyfunction]
#[pyo3(signature = (input, other, rtol=1e-05, atol=1e-08, equal_nan=false))]
pub fn allclose(
    input: PyRef<'_, PyTensor>,
    other: PyRef<'_, PyTensor>,
    rtol: f64,
    atol: f64,
    equal_nan: bool,
) -> PyResult<bool> {
    tensors_allclose(input.strided()?, other.strided()?, rtol, atol, equal_nan)
}

/// `torch.is_tensor(obj)`.
#[pyfunction]
pub fn is_tensor(obj: &Bound<'_, PyAny>) -> bool {
    obj.is_instance_of::<PyTensor>()
}

/// `torch.set_num_threads(n)`: threads oxtorch's kernels use.
#[pyfunction]
pub fn set_num_threads(n: i64) -> PyResult<()> {
    if n <= 0 {
        return Err(pyo3::exceptions::PyRuntimeError::new_err("set_num_threads expects a positive integer"));
    }
    oxtorch::set_num_threads(n as usize);
    Ok(())
}

/// `torch.get_num_threads()`.
#[pyfunction]
pub fn get_num_threads() -> usize {
    oxtorch::get_num_threads()
}

/// Registers the functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyGenerator>()?;
    m.add_function(wrap_pyfunction!(tensor, m)?)?;
    m.add_function(wrap_pyfunction!(zeros, m)?)?;
    m.add_function(wrap_pyfunction!(ones, m)?)?;
    m.add_function(wrap_pyfunction!(empty, m)?)?;
    m.add_function(wrap_pyfunction!(full, m)?)?;
    m.add_function(wrap_pyfunction!(empty_strided, m)?)?;
    m.add_function(wrap_pyfunction!(arange, m)?)?;
    m.add_function(wrap_pyfunction!(linspace, m)?)?;
    m.add_function(wrap_pyfunction!(manual_seed, m)?)?;
    m.add_function(wrap_pyfunction!(rand, m)?)?;
    m.add_function(wrap_pyfunction!(randn, m)?)?;
    m.add_function(wrap_pyfunction!(randint, m)?)?;
    m.add_function(wrap_pyfunction!(zeros_like, m)?)?;
    m.add_function(wrap_pyfunction!(ones_like, m)?)?;
    m.add_function(wrap_pyfunction!(empty_like, m)?)?;
    m.add_function(wrap_pyfunction!(rand_like, m)?)?;
    m.add_function(wrap_pyfunction!(randn_like, m)?)?;
    m.add_function(wrap_pyfunction!(full_like, m)?)?;
    m.add_function(wrap_pyfunction!(randint_like, m)?)?;
    m.add_function(wrap_pyfunction!(add, m)?)?;
    m.add_function(wrap_pyfunction!(sub, m)?)?;
    m.add_function(wrap_pyfunction!(mul, m)?)?;
    m.add_function(wrap_pyfunction!(div, m)?)?;
    m.add_function(wrap_pyfunction!(floor_divide, m)?)?;
    m.add_function(wrap_pyfunction!(equal, m)?)?;
    m.add_function(wrap_pyfunction!(allclose, m)?)?;
    m.add_function(wrap_pyfunction!(is_tensor, m)?)?;
    m.add_function(wrap_pyfunction!(set_num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(get_num_threads, m)?)?;
    Ok(())
}
