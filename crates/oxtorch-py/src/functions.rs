//! Module-level functions: the factories with PyTorch's signatures, the arithmetic functions with `out=`,
//! `equal` / `allclose`, and random seeding.

use crate::args::{self, int_arg, options, sequence_ints, to_sizes};
use crate::attributes::{PyDType, PyLayout, PyMemoryFormat};
use crate::errors::ResultExt;
use crate::tensor::{alpha_arg, arith, rounding_arg, PyTensor, TensorValue};
use oxtorch::tensor::ops::{BinaryOp, RoundingMode};
use oxtorch::{Layout, Scalar, Tensor, TensorOptions};
use oxtorch::{Operand, Output};
use pyo3::exceptions::{PyNotImplementedError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Mutex;

/// Whether a factory was asked for a sparse COO result.
fn is_sparse(layout: Option<PyLayout>) -> bool {
    layout.is_some_and(|l| l.0 == Layout::SparseCoo)
}

/// Refuses the layouts oxtorch cannot create (sparse), with PyTorch's message where PyTorch has its own.
fn check_layout(layout: Option<PyLayout>, function: &str) -> PyResult<()> {
    if layout.is_some_and(|l| l.0 != Layout::Strided) {
        if function == "full" {
            return Err(pyo3::exceptions::PyRuntimeError::new_err("full(...) is not implemented for sparse layout"));
        }
        return Err(PyNotImplementedError::new_err("oxtorch supports only the strided layout for new tensors"));
    }
    Ok(())
}

/// `requires_grad=True` on a new tensor of `dtype`, checked as PyTorch checks it once the tensor exists: it
/// refuses tensors that are not floating or complex; oxtorch has no autograd, so it refuses the others too.
fn check_requires_grad(dtype: oxtorch::DType, requires_grad: bool) -> PyResult<()> {
    if requires_grad {
        if !(dtype.is_floating_point() || dtype.is_complex()) {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "Only Tensors of floating point and complex dtype can require gradients",
            ));
        }
        return Err(PyNotImplementedError::new_err("oxtorch has no autograd: requires_grad=True is not supported"));
    }
    Ok(())
}

/// A new strided tensor, after [`check_requires_grad`].
fn grad(t: Tensor, requires_grad: bool) -> PyResult<Tensor> {
    check_requires_grad(t.dtype(), requires_grad)?;
    Ok(t)
}

/// A new tensor of any layout (sparse, global), after [`check_requires_grad`].
pub(crate) fn grad_any_layout(t: PyTensor, requires_grad: bool) -> PyResult<PyTensor> {
    if requires_grad {
        check_requires_grad(t.shaped()?.dtype(), requires_grad)?;
    }
    Ok(t)
}

/// `pin_memory=True` needs a CUDA runtime, which this build does not have (PyTorch fails the same way without
/// a GPU driver).
fn check_pin_memory(pin_memory: bool) -> PyResult<()> {
    if pin_memory {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(
            "Cannot pin memory: oxtorch was built without a backend for 'cuda' (available: cpu, meta)",
        ));
    }
    Ok(())
}

/// The options of a factory with an `out=` tensor: the dtype defaults to `out`'s, and a dtype that differs
/// from it is refused as PyTorch refuses it.
fn out_options(mut opts: TensorOptions, out: Option<&Bound<'_, PyTensor>>) -> PyResult<TensorOptions> {
    if let Some(out) = out {
        let out_dtype = out.borrow().strided()?.dtype();
        match opts.dtype {
            Some(d) if d != out_dtype => {
                return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
                    "dtype {} does not match dtype of out parameter ({})",
                    d.scalar_type_name(),
                    out_dtype.scalar_type_name()
                )))
            }
            _ => opts.dtype = Some(out_dtype),
        }
        if opts.device.is_none() {
            opts.device = Some(out.borrow().strided()?.device());
        }
    }
    Ok(opts)
}

/// A factory's result, or with `out=` the `out` tensor holding it: written in place when the shapes agree,
/// else `out` is resized to the result (as PyTorch's `resize_` then fill).
fn into_out(py: Python<'_>, result: Tensor, out: Option<&Bound<'_, PyTensor>>) -> PyResult<Py<PyTensor>> {
    match out {
        None => Py::new(py, PyTensor::new(result)),
        Some(out) => {
            let target = out.borrow().strided()?.clone();
            if target.sizes() == result.sizes() && target.device() == result.device() {
                if target.storage().has_data() {
                    target.copy_(&result).py()?;
                }
            } else {
                out.borrow_mut().value = TensorValue::Strided(result);
            }
            Ok(out.clone().unbind())
        }
    }
}

/// `torch.tensor(data, dtype=None, device=None)`: copies nested lists of numbers, tensors or NumPy arrays,
/// inferring the dtype as PyTorch does.
#[pyfunction]
#[pyo3(signature = (data, *, dtype=None, device=None, requires_grad=false, pin_memory=false, placement=None, sbp=None))]
pub fn tensor(
    data: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
    requires_grad: bool,
    pin_memory: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<PyTensor> {
    check_pin_memory(pin_memory)?;
    let opts = options(dtype, device, None)?;
    if let Some((p, s)) = crate::global::layout_args(placement, sbp, &opts)? {
        let local = tensor(data, dtype, None, false, false, None, None)?;
        return grad_any_layout(crate::global::tensor(local.strided()?, &p, &s)?, requires_grad);
    }
    // a tensor is copied (to the given dtype and device, else its own)
    if let Ok(t) = data.cast::<PyTensor>() {
        let t = t.borrow().strided()?.clone();
        let copy = t.to(opts, true).py()?;
        return grad(copy, requires_grad).map(PyTensor::new);
    }
    if let Some(array) = crate::interop::numpy_to_tensor(data, true)? {
        return grad(array.to(opts, false).py()?, requires_grad).map(PyTensor::new);
    }
    // the meta device stores no value, so PyTorch checks none there
    let meta = opts.resolved_device().is_meta();
    let nested = crate::nested::read(data, opts.dtype, !meta)?;
    let opts = TensorOptions { dtype: Some(nested.dtype), ..opts };
    if meta || nested.values.is_empty() {
        return grad(oxtorch::tensor::factory::empty(&nested.shape, opts).py()?, requires_grad).map(PyTensor::new);
    }
    let t = oxtorch::tensor::factory::tensor_from_scalars(&nested.values, &nested.shape, opts).py()?;
    grad(t, requires_grad).map(PyTensor::new)
}

/// `torch.as_tensor(data, dtype=None, device=None)`: `data` itself when it is a tensor of that dtype and device,
/// a tensor sharing a NumPy array's memory when no conversion is asked for, else a converted copy (`tensor`).
#[pyfunction]
#[pyo3(signature = (data, dtype=None, device=None))]
pub fn as_tensor(
    data: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    device: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyTensor>> {
    let py = data.py();
    let opts = options(dtype, device, None)?;
    let shared = match data.cast::<PyTensor>() {
        Ok(t) => Some((t.borrow().strided()?.clone(), Some(t.clone().unbind()))),
        Err(_) => crate::interop::numpy_to_tensor(data, false)?.map(|t| (t, None)),
    };
    match shared {
        Some((t, object)) => {
            let converted = t.to(opts, false).py()?;
            match object {
                // `to` without a copy returns the tensor itself when nothing changes: so does as_tensor
                Some(o) if converted.is_same(&t) && converted.dtype() == t.dtype() => Ok(o),
                _ => Py::new(py, PyTensor::new(converted)),
            }
        }
        None => Py::new(py, tensor(data, dtype, device, false, false, None, None)?),
    }
}

macro_rules! sized_factory {
    ($(#[$doc:meta] $name:ident => $body:expr),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (*size, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, placement=None, sbp=None, **kwargs))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            py: Python<'_>,
            size: &Bound<'_, PyTuple>,
            out: Option<&Bound<'_, PyTensor>>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            pin_memory: bool,
            requires_grad: bool,
            placement: Option<&Bound<'_, PyAny>>,
            sbp: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyTensor>> {
            check_pin_memory(pin_memory)?;
            let opts = out_options(options(dtype, device, None)?, out)?;
            let signed = signed_size_arg(stringify!($name), size, kwargs)?;
            if stringify!($name) == "ones" && is_sparse(layout) {
                // `ones(layout=sparse_coo)` is PyTorch's `full` underneath, which refuses the layout first
                check_layout(layout, "full")?;
            }
            let sizes = match to_sizes(&signed) {
                // PyTorch's zeros checks its sizes with a message of its own
                Err(e) if stringify!($name) == "zeros" && e.is_instance_of::<pyo3::exceptions::PyRuntimeError>(py) => {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err("zeros: Dimension size must be non-negative."))
                }
                other => other?,
            };
            if let Some((p, s)) = crate::global::layout_args(placement, sbp, &opts)? {
                check_layout(layout, stringify!($name))?;
                let t = crate::global::factory(stringify!($name), &sizes, opts, &p, &s, None)?;
                return Py::new(py, grad_any_layout(t, requires_grad)?);
            }
            if stringify!($name) != "ones" {
                if let Some(t) = crate::sparse::sparse_factory(&sizes, layout, opts)? {
                    return Py::new(py, grad_any_layout(t, requires_grad)?);
                }
            }
            // `ones(layout=sparse_coo)` is PyTorch's `full` underneath
            check_layout(layout, if stringify!($name) == "ones" { "full" } else { stringify!($name) })?;
            let f: fn(&[usize], TensorOptions) -> oxtorch::Result<Tensor> = $body;
            into_out(py, grad(f(&sizes, opts).py()?, requires_grad)?, out)
        }
    )*};
}

sized_factory!(
    /// `torch.zeros(*size, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False)`.
    zeros => |s, o| oxtorch::zeros(s, o),
    /// `torch.ones(*size, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False)`.
    ones => |s, o| oxtorch::ones(s, o),
);

/// `torch.empty(*size, out=None, dtype=None, device=None, memory_format=torch.contiguous_format)`: values
/// unspecified (a recycled buffer or zeros).
#[pyfunction]
#[pyo3(signature = (*size, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, memory_format=None, placement=None, sbp=None, **kwargs))]
#[allow(clippy::too_many_arguments)]
pub fn empty(
    py: Python<'_>,
    size: &Bound<'_, PyTuple>,
    out: Option<&Bound<'_, PyTensor>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    memory_format: Option<PyMemoryFormat>,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyTensor>> {
    check_pin_memory(pin_memory)?;
    let opts = out_options(options(dtype, device, memory_format)?, out)?;
    if is_sparse(layout) && out.is_none() && placement.is_none() && sbp.is_none() {
        // an empty sparse tensor, whatever the memory format asked for
        let sizes = signed_size_arg("empty", size, kwargs)?;
        crate::sparse::check_sparse_numel(&sizes)?;
        return Py::new(py, grad_any_layout(crate::sparse::sparse_empty(&to_sizes(&sizes)?, opts)?, requires_grad)?);
    }
    check_layout(layout, "empty")?;
    if let Some((p, s)) = crate::global::layout_args(placement, sbp, &opts)? {
        let t = crate::global::factory("empty", &size_arg("empty", size, kwargs)?, opts, &p, &s, None)?;
        return Py::new(py, grad_any_layout(t, requires_grad)?);
    }
    into_out(py, grad(oxtorch::empty(&size_arg("empty", size, kwargs)?, opts).py()?, requires_grad)?, out)
}

/// Sizes from varargs or from the `size=` keyword (the only extra keyword the sized factories take).
fn size_arg(function: &str, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Vec<usize>> {
    to_sizes(&signed_size_arg(function, args, kwargs)?)
}

/// [`size_arg`] before the check for negative sizes (a sparse layout checks them its own way).
fn signed_size_arg(
    function: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Vec<i64>> {
    let mut from_keyword = None;
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            let name: String = k.extract()?;
            if name != "size" {
                return Err(PyTypeError::new_err(format!("{function}() got an unexpected keyword argument '{name}'")));
            }
            from_keyword = Some(v);
        }
    }
    let named = |e| args::name_list_error(function, "size", e);
    match from_keyword {
        Some(v) if args.is_empty() => sequence_ints(&v).map_err(named),
        Some(_) => Err(PyTypeError::new_err("size given both positionally and as a keyword")),
        None => args::int_list(args).map_err(named),
    }
}

/// `torch.full(size, fill_value, *, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False)`.
#[pyfunction]
#[pyo3(signature = (size, fill_value, *, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn full(
    py: Python<'_>,
    size: &Bound<'_, PyAny>,
    fill_value: &Bound<'_, PyAny>,
    out: Option<&Bound<'_, PyTensor>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyTensor>> {
    // PyTorch's order: the parsed arguments, the layout, then the sizes' signs
    let size = sequence_ints(size).map_err(|e| args::name_list_error("full", "size", e))?;
    let value = args::scalar(fill_value)?.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "full(): argument 'fill_value' (position 2) must be Number, not {}",
            crate::nested::type_name(fill_value)
        ))
    })?;
    check_layout(layout, "full")?;
    check_pin_memory(pin_memory)?;
    let opts = out_options(options(dtype, device, None)?, out)?;
    let sizes = to_sizes(&size)?;
    if let Some((p, s)) = crate::global::layout_args(placement, sbp, &opts)? {
        return Py::new(py, grad_any_layout(crate::global::full(&sizes, value, opts, &p, &s)?, requires_grad)?);
    }
    let t = oxtorch::full(&sizes, value, opts).py()?;
    into_out(py, grad(t, requires_grad)?, out)
}

/// `torch.empty_strided(size, stride, dtype=None, device=None)`.
#[pyfunction]
#[pyo3(signature = (size, stride, *, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false))]
pub fn empty_strided(
    size: &Bound<'_, PyAny>,
    stride: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
) -> PyResult<PyTensor> {
    check_pin_memory(pin_memory)?;
    let (size, stride) = (sequence_ints(size)?, sequence_ints(stride)?);
    if is_sparse(layout) {
        return Err(crate::sparse::factory_refusal(
            "empty_strided",
            None,
            options(dtype, device, None)?.resolved_device(),
        ));
    }
    check_layout(layout, "empty_strided")?;
    let sizes = to_sizes(&size)?;
    let opts = options(dtype, device, None)?;
    let meta = opts.resolved_device().is_meta();
    // a negative stride is PyTorch's storage-size error where the dimension has more than one element (on one of
    // one element or none, or on the meta device, see `normalize_negative_strides`)
    let negative_moves = stride.iter().zip(&size).any(|(&st, &n)| st < 0 && n > 1);
    if !meta && size.len() == stride.len() && !sizes.contains(&0) && negative_moves {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(format!(
            "Storage size calculation overflowed with sizes={} and strides={}",
            oxtorch::shape::fmt_list(&size),
            oxtorch::shape::fmt_list(&stride)
        )));
    }
    let strides: Vec<usize> =
        args::normalize_negative_strides(&sizes, stride, meta).iter().map(|&st| st as usize).collect();
    let t = oxtorch::empty_strided(&sizes, &strides, opts).py()?;
    grad(t, requires_grad).map(PyTensor::new)
}

fn number(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Scalar> {
    args::scalar(obj)?.ok_or_else(|| PyTypeError::new_err(format!("{what} must be a number")))
}

/// `torch.arange(end)`, `torch.arange(start, end, step=1)`.
#[pyfunction]
#[pyo3(signature = (*args, start=None, end=None, step=None, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn arange(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    start: Option<&Bound<'_, PyAny>>,
    end: Option<&Bound<'_, PyAny>>,
    step: Option<&Bound<'_, PyAny>>,
    out: Option<&Bound<'_, PyTensor>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyTensor>> {
    check_pin_memory(pin_memory)?;
    let opts = out_options(options(dtype, device, None)?, out)?;
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
    if is_sparse(layout) {
        return Err(crate::sparse::factory_refusal("arange", None, opts.resolved_device()));
    }
    check_layout(layout, "arange")?;
    if let Some((p, sbp)) = crate::global::layout_args(placement, sbp, &opts)? {
        return Py::new(py, grad_any_layout(crate::global::arange(s, e, st, opts, &p, &sbp)?, requires_grad)?);
    }
    into_out(py, grad(oxtorch::arange_step(s, e, st, opts).py()?, requires_grad)?, out)
}

/// `torch.linspace(start, end, steps)`.
#[pyfunction]
#[pyo3(signature = (start, end, steps, *, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false))]
#[allow(clippy::too_many_arguments)]
pub fn linspace(
    py: Python<'_>,
    start: &Bound<'_, PyAny>,
    end: &Bound<'_, PyAny>,
    steps: i64,
    out: Option<&Bound<'_, PyTensor>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
) -> PyResult<Py<PyTensor>> {
    check_pin_memory(pin_memory)?;
    let (start, end) = (number(start, "start")?, number(end, "end")?);
    let device_opts = options(dtype, device, None)?;
    if steps < 0 {
        // the meta device goes through PyTorch's Python decomposition, which checks the dtype first
        if device_opts.resolved_device().is_meta() && !is_sparse(layout) {
            oxtorch::linspace(start, end, 0, device_opts).py()?;
        }
        return Err(pyo3::exceptions::PyRuntimeError::new_err("number of steps must be non-negative"));
    }
    let opts = out_options(device_opts, out)?;
    if is_sparse(layout) {
        // the dtype is checked (by the C++ function, whatever the device) before the kernel: no values for zero
        // steps
        let cpu = TensorOptions { device: Some(oxtorch::Device::cpu()), ..opts };
        oxtorch::linspace(start, end, 0, cpu).py()?;
        return Err(crate::sparse::factory_refusal("linspace", None, opts.resolved_device()));
    }
    check_layout(layout, "linspace")?;
    let t = oxtorch::linspace(start, end, steps as usize, opts).py()?;
    into_out(py, grad(t, requires_grad)?, out)
}

/// A seedable random number generator (`torch.Generator`).
#[pyclass(name = "Generator", module = "oxtorch")]
pub struct PyGenerator {
    pub(crate) inner: Mutex<oxtorch::Generator>,
}

/// A random factory's `generator=` argument as given: PyTorch's parser picks another overload when it is absent
/// than when it is `None` (on meta, `randn` without one is a decomposition that checks the dtype first; with
/// `generator=None` it is `empty` then `normal_`, which check the sizes first).
pub enum GeneratorArg<'py> {
    /// Not passed.
    Absent,
    /// Passed: a generator, or `None`.
    Given(Option<PyRef<'py, PyGenerator>>),
}

impl<'a, 'py> FromPyObject<'a, 'py> for GeneratorArg<'py> {
    type Error = PyErr;

    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        if obj.is_none() {
            return Ok(GeneratorArg::Given(None));
        }
        Ok(GeneratorArg::Given(Some(obj.extract()?)))
    }
}

impl<'py> GeneratorArg<'py> {
    /// The generator, if one was given.
    fn generator(self) -> Option<PyRef<'py, PyGenerator>> {
        match self {
            GeneratorArg::Given(g) => g,
            GeneratorArg::Absent => None,
        }
    }
}

#[pymethods]
impl PyGenerator {
    #[new]
    #[pyo3(signature = (device=None))]
    fn new(device: Option<&Bound<'_, PyAny>>) -> PyResult<PyGenerator> {
        if let Some(d) = device {
            if !d.is_none() {
                let d = crate::device::device_arg(d)?;
                if d.is_meta() {
                    return Err(pyo3::exceptions::PyRuntimeError::new_err("META device type not an accelerator."));
                }
                oxtorch::backend::ensure_generator_device(d).py()?;
            }
        }
        Ok(PyGenerator { inner: Mutex::new(oxtorch::Generator::new(0)) })
    }

    /// Re-seeds the generator, returning it.
    fn manual_seed<'py>(slf: PyRef<'py, Self>, seed: &Bound<'py, PyAny>) -> PyResult<PyRef<'py, Self>> {
        let seed = seed_arg(seed)?;
        slf.inner.lock().unwrap_or_else(|e| e.into_inner()).manual_seed(seed);
        Ok(slf)
    }
}

/// A seed as PyTorch reads it: any integer in `[-2**63, 2**64)`, negative ones taken modulo 2**64.
fn seed_arg(seed: &Bound<'_, PyAny>) -> PyResult<u64> {
    if let Ok(s) = seed.extract::<u64>() {
        return Ok(s);
    }
    match seed.extract::<i64>() {
        Ok(s) => Ok(s as u64),
        Err(_) if seed.is_instance_of::<pyo3::types::PyInt>() => {
            Err(pyo3::exceptions::PyValueError::new_err("Overflow when unpacking long long"))
        }
        Err(e) => Err(e),
    }
}

/// `torch.manual_seed(seed)`: seeds the default generator.
#[pyfunction]
pub fn manual_seed(seed: &Bound<'_, PyAny>) -> PyResult<()> {
    oxtorch::manual_seed(seed_arg(seed)?);
    Ok(())
}

/// `torch.randn(size, device='meta')` without a generator, which PyTorch runs as a Python decomposition
/// (`prims.normal`'s meta function): each size must be non-negative (a bare assertion), the dtype floating or
/// complex, the row-major strides it computes as Python integers (`make_contiguous_strides_for`, every size
/// counted as at least 1) must pass `empty_strided`'s parser (the first stride is the largest), and the element
/// count must fit int64; the result is `empty_strided`'s, with no storage-size check on meta.
fn meta_randn_decomposition(sizes: &[i64], options: oxtorch::TensorOptions) -> PyResult<Tensor> {
    if sizes.iter().any(|&n| n < 0) {
        return Err(pyo3::exceptions::PyRuntimeError::new_err(
            "Expected cond to be True, but got False. (Could this error message be improved? If so, please report \
             an enhancement request to PyTorch.)",
        ));
    }
    oxtorch::check_meta_normal_dtype(options.dtype.unwrap_or_else(oxtorch::get_default_dtype)).py()?;
    let sizes: Vec<usize> = sizes.iter().map(|&n| n as usize).collect();
    let mut strides = vec![1usize; sizes.len()];
    for d in (0..sizes.len().saturating_sub(1)).rev() {
        match strides[d + 1].checked_mul(sizes[d + 1].max(1)).filter(|&s| s <= i64::MAX as usize) {
            Some(s) => strides[d] = s,
            None => {
                return Err(PyTypeError::new_err(
                    "empty_strided(): argument 'stride' failed to unpack the object at pos 1 with error \"Overflow \
                     when unpacking long long",
                ))
            }
        }
    }
    oxtorch::shape::check_numel(&sizes).py()?;
    oxtorch::empty_strided(&sizes, &strides, options).py()
}

macro_rules! random_factory {
    ($(#[$doc:meta] $name:ident => $f:path),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (*size, generator=GeneratorArg::Absent, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, placement=None, sbp=None, **kwargs))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            py: Python<'_>,
            size: &Bound<'_, PyTuple>,
            generator: GeneratorArg<'_>,
            out: Option<&Bound<'_, PyTensor>>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            pin_memory: bool,
            requires_grad: bool,
            placement: Option<&Bound<'_, PyAny>>,
            sbp: Option<&Bound<'_, PyAny>>,
            kwargs: Option<&Bound<'_, PyDict>>,
        ) -> PyResult<Py<PyTensor>> {
            check_pin_memory(pin_memory)?;
            let opts = out_options(options(dtype, device, None)?, out)?;
            if is_sparse(layout) {
                let sizes = signed_size_arg(stringify!($name), size, kwargs)?;
                return Err(crate::sparse::factory_refusal(stringify!($name), Some(&sizes), opts.resolved_device()));
            }
            check_layout(layout, stringify!($name))?;
            if stringify!($name) == "randn" && opts.resolved_device().is_meta() && matches!(generator, GeneratorArg::Absent) && placement.is_none() && sbp.is_none() {
                let t = meta_randn_decomposition(&signed_size_arg("randn", size, kwargs)?, opts)?;
                return into_out(py, grad(t, requires_grad)?, out);
            }
            let s = size_arg(stringify!($name), size, kwargs)?;
            let generator = generator.generator();
            if let Some((p, sbp)) = crate::global::layout_args(placement, sbp, &opts)? {
                let t = match generator {
                    Some(g) => crate::global::factory(stringify!($name), &s, opts, &p, &sbp, Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner()))),
                    None => crate::global::factory(stringify!($name), &s, opts, &p, &sbp, None),
                };
                return Py::new(py, grad_any_layout(t?, requires_grad)?);
            }
            let t = match generator {
                Some(g) => $f(&s, opts, Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner()))),
                None => $f(&s, opts, None),
            }
            .py()?;
            into_out(py, grad(t, requires_grad)?, out)
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
#[pyo3(signature = (*args, low=None, high=None, size=None, generator=None, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn randint(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    low: Option<i64>,
    high: Option<i64>,
    size: Option<&Bound<'_, PyAny>>,
    generator: Option<PyRef<'_, PyGenerator>>,
    out: Option<&Bound<'_, PyTensor>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyTensor>> {
    check_pin_memory(pin_memory)?;
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
    let signed = sequence_ints(&size)?;
    let opts = out_options(options(dtype, device, None)?, out)?;
    if is_sparse(layout) {
        return Err(crate::sparse::factory_refusal("randint", Some(&signed), opts.resolved_device()));
    }
    check_layout(layout, "randint")?;
    let s = to_sizes(&signed)?;
    if let Some((p, sbp)) = crate::global::layout_args(placement, sbp, &opts)? {
        let t = match generator {
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
        return Py::new(py, grad_any_layout(t?, requires_grad)?);
    }
    let t = match generator {
        Some(g) => oxtorch::randint(low, high, &s, opts, Some(&mut g.inner.lock().unwrap_or_else(|e| e.into_inner()))),
        None => oxtorch::randint(low, high, &s, opts, None),
    }
    .py()?;
    into_out(py, grad(t, requires_grad)?, out)
}

macro_rules! like_factory {
    ($(#[$doc:meta] $name:ident => |$t:ident, $o:ident| $body:expr),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (input, *, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, memory_format=None))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            input: PyRef<'_, PyTensor>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            pin_memory: bool,
            requires_grad: bool,
            memory_format: Option<PyMemoryFormat>,
        ) -> PyResult<PyTensor> {
            check_pin_memory(pin_memory)?;
            let like = crate::sparse::LikeArgs { dtype, layout, device, memory_format };
            if let Some(t) = crate::sparse::like_factory(stringify!($name), &input, like)? {
                return grad_any_layout(t, requires_grad);
            }
            check_layout(layout, stringify!($name))?;
            let $o = options(dtype, device, memory_format)?;
            let $t = input.strided()?;
            grad($body.py()?, requires_grad).map(PyTensor::new)
        }
    )*};
}

like_factory!(
    /// `torch.zeros_like(input)`.
    zeros_like => |t, o| t.zeros_like(o),
    /// `torch.ones_like(input)`.
    ones_like => |t, o| t.ones_like(o),
    /// `torch.empty_like(input)`: values unspecified (a recycled buffer or zeros).
    empty_like => |t, o| t.empty_like(o),
);

/// A `*_like` random tensor drawn from `generator`: allocated like `input` (dtype, device, memory format
/// resolved as `empty_like` does), then filled from `draw(sizes, options, generator)`.
fn random_like_from(
    input: &Tensor,
    opts: TensorOptions,
    generator: &PyGenerator,
    draw: impl FnOnce(&[usize], TensorOptions, &mut oxtorch::Generator) -> oxtorch::Result<Tensor>,
) -> oxtorch::Result<Tensor> {
    let out = input.empty_like(opts)?;
    let plain = TensorOptions { dtype: Some(out.dtype()), device: Some(out.device()), memory_format: None };
    let values = draw(input.sizes(), plain, &mut generator.inner.lock().unwrap_or_else(|e| e.into_inner()))?;
    out.copy_(&values)?;
    Ok(out)
}

macro_rules! random_like_factory {
    ($(#[$doc:meta] $name:ident => |$t:ident, $o:ident| $body:expr, $draw:path),* $(,)?) => {$(
        #[$doc]
        #[pyfunction]
        #[pyo3(signature = (input, *, generator=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, memory_format=None))]
        #[allow(clippy::too_many_arguments)]
        pub fn $name(
            input: PyRef<'_, PyTensor>,
            generator: Option<PyRef<'_, PyGenerator>>,
            dtype: Option<PyDType>,
            layout: Option<PyLayout>,
            device: Option<&Bound<'_, PyAny>>,
            pin_memory: bool,
            requires_grad: bool,
            memory_format: Option<PyMemoryFormat>,
        ) -> PyResult<PyTensor> {
            check_pin_memory(pin_memory)?;
            let like = crate::sparse::LikeArgs { dtype, layout, device, memory_format };
            if let Some(t) = crate::sparse::like_factory(stringify!($name), &input, like)? {
                return grad_any_layout(t, requires_grad);
            }
            check_layout(layout, stringify!($name))?;
            let $o = options(dtype, device, memory_format)?;
            let $t = input.strided()?;
            let t = match generator {
                Some(g) => random_like_from($t, $o, &g, |s, o, g| $draw(s, o, Some(g))),
                None => $body,
            }
            .py()?;
            grad(t, requires_grad).map(PyTensor::new)
        }
    )*};
}

random_like_factory!(
    /// `torch.rand_like(input)`.
    rand_like => |t, o| t.rand_like(o), oxtorch::rand,
    /// `torch.randn_like(input)`.
    randn_like => |t, o| t.randn_like(o), oxtorch::randn,
);

/// `torch.full_like(input, fill_value)`.
#[pyfunction]
#[pyo3(signature = (input, fill_value, *, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, memory_format=None))]
#[allow(clippy::too_many_arguments)]
pub fn full_like(
    input: PyRef<'_, PyTensor>,
    fill_value: &Bound<'_, PyAny>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    memory_format: Option<PyMemoryFormat>,
) -> PyResult<PyTensor> {
    check_pin_memory(pin_memory)?;
    let value = number(fill_value, "fill_value")?;
    let like = crate::sparse::LikeArgs { dtype, layout, device, memory_format };
    crate::sparse::like_factory("full_like", &input, like)?;
    check_layout(layout, "full_like")?;
    grad(input.dense("full_like")?.full_like(value, options(dtype, device, memory_format)?).py()?, requires_grad)
        .map(PyTensor::new)
}

/// `torch.randint_like(input, high)` or `torch.randint_like(input, low, high)`.
#[pyfunction]
#[pyo3(signature = (input, low_or_high, high=None, *, generator=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, memory_format=None))]
#[allow(clippy::too_many_arguments)]
pub fn randint_like(
    input: PyRef<'_, PyTensor>,
    low_or_high: i64,
    high: Option<i64>,
    generator: Option<PyRef<'_, PyGenerator>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    memory_format: Option<PyMemoryFormat>,
) -> PyResult<PyTensor> {
    check_pin_memory(pin_memory)?;
    let like = crate::sparse::LikeArgs { dtype, layout, device, memory_format };
    crate::sparse::like_factory("randint_like", &input, like)?;
    check_layout(layout, "randint_like")?;
    let (low, high) = match high {
        Some(h) => (low_or_high, h),
        None => (0, low_or_high),
    };
    let opts = options(dtype, device, memory_format)?;
    let dense = input.dense("randint_like")?;
    let t = match generator {
        Some(g) => random_like_from(dense, opts, &g, |s, o, g| oxtorch::randint(low, high, s, o, Some(g))),
        None => dense.randint_like(low, high, opts),
    }
    .py()?;
    grad(t, requires_grad).map(PyTensor::new)
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
    let any_sparse = crate::sparse::is_sparse_obj(input)
        || crate::sparse::is_sparse_obj(other)
        || out.is_some_and(|o| o.borrow().sparse().is_some());
    if any_sparse {
        let r = crate::sparse::function_out(py, op, input, other, out)?;
        return r.bind(py).cast::<PyTensor>().map(|t| t.clone().unbind()).map_err(PyErr::from);
    }
    let (lhs, rhs) = (args::operand(input)?, args::operand(other)?);
    match out {
        None => Py::new(py, PyTensor::new(arith(py, op, &lhs, &rhs, Output::New)?)),
        Some(out) => {
            let mut target = out.borrow().strided()?.clone();
            let result = arith(py, op, &lhs, &rhs, Output::Out(&mut target));
            // PyTorch resizes `out=` before its kernel checks the arguments, so a resize stays even on an error
            out.borrow_mut().value = TensorValue::Strided(target);
            result?;
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
    let any_sparse = crate::sparse::is_sparse_obj(input)
        || crate::sparse::is_sparse_obj(other)
        || out.is_some_and(|o| o.borrow().sparse().is_some());
    if any_sparse {
        let r = crate::sparse::function_out(py, crate::sparse::Arith::FloorDivide, input, other, out)?;
        return r.bind(py).cast::<PyTensor>().map(|t| t.clone().unbind()).map_err(PyErr::from);
    }
    let op = BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) };
    if let Some(out) = out {
        errors_before_out(op, input, other, &out.borrow())?;
    }
    arith_function(py, op, input, other, out)
}

/// PyTorch's `floor_divide` is not a structured kernel: with an `out=` of another dtype (that the result can be
/// cast to) it divides into a temporary, and resizes and fills `out` only once that succeeded, so an error of the
/// division (a zero divisor, a dtype without the kernel) leaves `out` as it was. That error, raised before `out`
/// is touched; the iterator's checks of `out` itself (overlaps) come first, and are left to the operation.
fn errors_before_out(op: BinaryOp, input: &Bound<'_, PyAny>, other: &Bound<'_, PyAny>, out: &PyTensor) -> PyResult<()> {
    let (Ok(lhs), Ok(rhs), Ok(target)) = (args::operand(input), args::operand(other), out.strided()) else {
        return Ok(());
    };
    let Ok(common) = oxtorch::promotion::result_type(&[lhs.promotion_class(), rhs.promotion_class()]) else {
        return Ok(());
    };
    if common == target.dtype() || !oxtorch::promotion::can_cast(common, target.dtype()) {
        return Ok(());
    }
    let partially_overlaps = |op: &Operand| match op {
        Operand::Tensor(t) => oxtorch::iter::assert_no_partial_overlap(target.into(), t.into()).is_err(),
        Operand::Scalar(_) => false,
    };
    if oxtorch::iter::assert_no_internal_overlap(target.into()).is_err()
        || partially_overlaps(&lhs)
        || partially_overlaps(&rhs)
    {
        return Ok(());
    }
    oxtorch::tensor::ops::binary_op(op, &lhs, &rhs, Output::New).map(drop).py()
}

/// Values of a tensor as complex doubles.
/// `torch.equal`: same sizes and same values (in the promoted dtype, exactly).
pub fn tensors_equal(a: &Tensor, b: &Tensor) -> PyResult<bool> {
    a.equal(b).py()
}

/// `torch.allclose`: `|a - b| <= atol + rtol * |b|` everywhere (NaN equal to NaN only with `equal_nan`).
pub fn tensors_allclose(a: &Tensor, b: &Tensor, rtol: f64, atol: f64, equal_nan: bool) -> PyResult<bool> {
    a.allclose(b, rtol, atol, equal_nan).py()
}

/// `torch.equal(input, other)`.
#[pyfunction]
pub fn equal(input: PyRef<'_, PyTensor>, other: PyRef<'_, PyTensor>) -> PyResult<bool> {
    tensors_equal(input.dense("equal")?, other.dense("equal")?)
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
    tensors_allclose(input.dense("allclose")?, other.dense("allclose")?, rtol, atol, equal_nan)
}

/// `torch.is_tensor(obj)`.
#[pyfunction]
#[pyo3(signature = (obj, /))]
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
    m.add_function(wrap_pyfunction!(as_tensor, m)?)?;
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
