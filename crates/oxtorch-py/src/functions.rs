//! Module-level functions: the factories with PyTorch's signatures, the arithmetic functions with `out=`,
//! `equal`, and random seeding. The factories only convert their Python arguments: every rule of
//! PyTorch's about them (`out=`, `requires_grad=`, `pin_memory=`, `layout=`, negative sizes, the meta `randn`
//! decomposition) is the core's, in `oxtorch::factories`.

use crate::args::{self, int_arg, options, sequence_ints};
use crate::attributes::{PyDType, PyLayout, PyMemoryFormat};
use crate::errors::ResultExt;
use crate::signature::{Parsed, Parser};
use crate::value::PyTensor;
use oxtorch::factories::{self, FactoryOptions, LikeFill};
use oxtorch::{AnyOperand, AnyTensor, Scalar, Tensor, TensorOptions};
use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};
use std::sync::Mutex;

/// A new strided tensor, after the core's `requires_grad=` check.
fn grad(t: Tensor, requires_grad: bool) -> PyResult<Tensor> {
    factories::check_requires_grad(t.dtype(), requires_grad).py()?;
    Ok(t)
}

/// The keywords the factories share, as the core's options (`out=` is attached by [`run_with_out`]).
#[allow(clippy::too_many_arguments)]
fn factory_options(
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    memory_format: Option<PyMemoryFormat>,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<FactoryOptions<'static>> {
    let mut o = FactoryOptions::from(options(dtype, device, memory_format)?);
    o.layout = layout.map(|l| l.0);
    o.pin_memory = pin_memory;
    o.requires_grad = requires_grad;
    o.placement = placement.filter(|p| !p.is_none()).map(crate::global::placement_arg).transpose()?;
    o.sbp = sbp.filter(|s| !s.is_none()).map(crate::global::sbp_arg).transpose()?;
    Ok(o)
}

/// Runs a core factory with `out=` attached: the result as a new Python tensor, or `out` itself holding it (the
/// core writes it through or replaces it).
fn run_with_out(
    py: Python<'_>,
    options: FactoryOptions<'_>,
    out: Option<&Bound<'_, PyTensor>>,
    factory: impl FnOnce(FactoryOptions<'_>) -> oxtorch::Result<AnyTensor>,
) -> PyResult<Py<PyTensor>> {
    let mut target = out.map(|o| o.borrow().strided().cloned()).transpose()?;
    let result = factory(FactoryOptions { out: target.as_mut(), ..options }).py()?;
    match (out, result) {
        (Some(out), AnyTensor::Strided(t)) => {
            out.borrow_mut().replace(AnyTensor::Strided(t));
            Ok(out.clone().unbind())
        }
        (_, t) => Py::new(py, PyTensor::from_any(t)),
    }
}

/// The locked generator of a `generator=` argument, as the core takes it.
type GeneratorGuard<'a> = Option<std::sync::MutexGuard<'a, oxtorch::Generator>>;

/// Locks a given generator.
fn lock<'a>(generator: &'a Option<PyRef<'_, PyGenerator>>) -> GeneratorGuard<'a> {
    generator.as_ref().map(|g| g.inner.lock().unwrap_or_else(|e| e.into_inner()))
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
    factories::check_pin_memory(pin_memory).py()?;
    let opts = options(dtype, device, None)?;
    if let Some((p, s)) = crate::global::layout_args(placement, sbp, &opts)? {
        let local = tensor(data, dtype, None, false, false, None, None)?;
        return crate::args::grad_any_layout(crate::global::tensor(local.strided()?, &p, &s)?, requires_grad);
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
    ($(#[$doc:meta] $name:ident => $f:path),* $(,)?) => {$(
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
            let o = factory_options(dtype, layout, device, pin_memory, requires_grad, None, placement, sbp)?;
            let sizes = signed_size_arg(stringify!($name), size, kwargs)?;
            run_with_out(py, o, out, |o| $f(&sizes, o))
        }
    )*};
}

sized_factory!(
    /// `torch.zeros(*size, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False)`.
    zeros => factories::zeros,
    /// `torch.ones(*size, out=None, dtype=None, layout=torch.strided, device=None, pin_memory=False)`.
    ones => factories::ones,
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
    let o = factory_options(dtype, layout, device, pin_memory, requires_grad, memory_format, placement, sbp)?;
    let sizes = signed_size_arg("empty", size, kwargs)?;
    run_with_out(py, o, out, |o| factories::empty(&sizes, o))
}

/// Sizes from varargs or from the `size=` keyword (the only extra keyword the sized factories take), before the
/// core's check of their signs.
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
    let size = sequence_ints(size).map_err(|e| args::name_list_error("full", "size", e))?;
    let value = args::scalar(fill_value)?.ok_or_else(|| {
        PyTypeError::new_err(format!(
            "full(): argument 'fill_value' (position 2) must be Number, not {}",
            crate::value::tp_name(fill_value)
        ))
    })?;
    let o = factory_options(dtype, layout, device, pin_memory, requires_grad, None, placement, sbp)?;
    run_with_out(py, o, out, |o| factories::full(&size, value, o))
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
    let (size, stride) = (sequence_ints(size)?, sequence_ints(stride)?);
    let o = factory_options(dtype, layout, device, pin_memory, requires_grad, None, None, None)?;
    factories::empty_strided(&size, &stride, o).py().map(PyTensor::from_any)
}

/// A number argument of a factory (PyTorch's parser has accepted it: a Python or NumPy number, or a zero-dim
/// tensor, read with `item()`).
fn number_value(obj: &Bound<'_, PyAny>) -> PyResult<Scalar> {
    if let Ok(t) = obj.cast::<PyTensor>() {
        return match t.borrow().any() {
            AnyTensor::Strided(t) => t.item().py(),
            AnyTensor::SparseCoo(s) => s.item().py(),
            AnyTensor::Global(g) => g.to_logical().and_then(|t| t.item()).py(),
        };
    }
    args::scalar(obj)?
        .ok_or_else(|| PyTypeError::new_err(format!("expected a number, got {}", crate::value::type_name(obj))))
}

/// The keyword-only parameters of the factories' signatures, as PyTorch prints them.
const FACTORY_KEYWORDS: &str = "torch.dtype dtype = None, torch.layout layout = None, torch.device device = None, \
                                bool? pin_memory = False, bool? requires_grad = False";

/// Removes OneFlow's `placement=` and `sbp=` from a call's keywords (they are not part of PyTorch's signatures),
/// returning the other keywords and those two.
#[allow(clippy::type_complexity)]
fn split_global_keywords<'py>(
    kwargs: Option<&Bound<'py, PyDict>>,
) -> PyResult<(Option<Bound<'py, PyDict>>, Option<Bound<'py, PyAny>>, Option<Bound<'py, PyAny>>)> {
    let Some(kw) = kwargs else { return Ok((None, None, None)) };
    let rest = kw.copy()?;
    let take = |name: &str| -> PyResult<Option<Bound<'py, PyAny>>> {
        let v = rest.get_item(name)?;
        if v.is_some() {
            rest.del_item(name)?;
        }
        Ok(v)
    };
    let (placement, sbp) = (take("placement")?, take("sbp")?);
    Ok((Some(rest), placement, sbp))
}

/// The factory keywords of a parsed call, as the core's options.
fn parsed_factory_options(
    parsed: &Parsed<'_, '_>,
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
) -> PyResult<FactoryOptions<'static>> {
    let dtype = parsed.get("dtype").map(args::dtype_value).transpose()?.map(PyDType);
    let layout = parsed.get("layout").map(|l| l.extract::<PyLayout>()).transpose()?;
    factory_options(
        dtype,
        layout,
        parsed.get("device"),
        parsed.flag("pin_memory")?,
        parsed.flag("requires_grad")?,
        None,
        placement,
        sbp,
    )
}

/// The `out=` tensor of a parsed call.
fn parsed_out<'py>(parsed: &Parsed<'_, 'py>) -> PyResult<Option<Bound<'py, PyTensor>>> {
    Ok(parsed.get("out").map(|o| o.cast::<PyTensor>().cloned()).transpose()?)
}

/// `torch.arange(end)`, `torch.arange(start, end)`, `torch.arange(start, end, step=1)`, with PyTorch's three
/// signatures (each bound positional or by keyword), and OneFlow's `placement=` and `sbp=`.
#[pyfunction]
#[pyo3(signature = (*args, **kwargs))]
pub fn arange(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyTensor>> {
    let (kwargs, placement, sbp) = split_global_keywords(kwargs)?;
    let signatures = [
        format!("Number end, *, Tensor out = None, {FACTORY_KEYWORDS}"),
        format!("Number start, Number end, *, {FACTORY_KEYWORDS}"),
        format!("Number start, Number end, Number step = 1, *, Tensor out = None, {FACTORY_KEYWORDS}"),
    ];
    let signatures: Vec<&str> = signatures.iter().map(String::as_str).collect();
    let parser = Parser::plain("arange", &signatures);
    let parsed = parser.parse(args, kwargs.as_ref())?;
    let bound = |name| parsed.get(name).map(number_value).transpose();
    let end = bound("end")?.unwrap_or(Scalar::Int(0));
    let start = bound("start")?.unwrap_or(Scalar::Int(0));
    let step = bound("step")?.unwrap_or(Scalar::Int(1));
    let o = parsed_factory_options(&parsed, placement.as_ref(), sbp.as_ref())?;
    let out = parsed_out(&parsed)?;
    run_with_out(py, o, out.as_ref(), |o| factories::arange(start, end, step, o))
}

/// A linspace bound: a tensor (any dtype; the core reads its value) or a number.
fn linspace_bound(obj: &Bound<'_, PyAny>) -> PyResult<AnyOperand> {
    match obj.cast::<PyTensor>() {
        Ok(t) => Ok(AnyOperand::Tensor(t.borrow().any())),
        Err(_) => Ok(AnyOperand::Scalar(number_value(obj)?)),
    }
}

/// `torch.linspace(start, end, steps)`: each bound a number or a zero-dim tensor (PyTorch's four signatures).
#[pyfunction]
#[pyo3(
    signature = (*args, **kwargs),
    text_signature = "(start, end, steps, *, out=None, dtype=None, layout=None, device=None, pin_memory=False, requires_grad=False)"
)]
pub fn linspace(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
) -> PyResult<Py<PyTensor>> {
    let signatures: Vec<String> =
        [("Tensor", "Tensor"), ("Number", "Tensor"), ("Tensor", "Number"), ("Number", "Number")]
            .iter()
            .map(|(s, e)| format!("{s} start, {e} end, int steps, *, Tensor out = None, {FACTORY_KEYWORDS}"))
            .collect();
    let signatures: Vec<&str> = signatures.iter().map(String::as_str).collect();
    let parser = Parser::plain("linspace", &signatures);
    let parsed = parser.parse(args, kwargs)?;
    let bound = |name| parsed.get(name).map(linspace_bound).transpose();
    let (start, end) = (bound("start")?, bound("end")?);
    let (Some(start), Some(end), Some(steps)) = (start, end, parsed.get("steps")) else {
        return Err(PyTypeError::new_err("linspace() missing required arguments"));
    };
    let steps = match steps.cast::<PyTensor>() {
        Ok(t) => match t.borrow().any() {
            AnyTensor::Strided(t) => t.item().py()?.to_i64(),
            other => {
                return Err(PyTypeError::new_err(format!(
                    "linspace(): steps must be a strided tensor, not {}",
                    other.kind_name()
                )))
            }
        },
        Err(_) => int_arg(steps)?,
    };
    let o = parsed_factory_options(&parsed, None, None)?;
    let out = parsed_out(&parsed)?;
    run_with_out(py, o, out.as_ref(), |o| factories::linspace(start, end, steps, o))
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

#[pymethods]
impl PyGenerator {
    #[new]
    #[pyo3(signature = (device=None))]
    fn new(device: Option<&Bound<'_, PyAny>>) -> PyResult<PyGenerator> {
        if let Some(d) = device {
            if !d.is_none() {
                oxtorch::__private::backend::ensure_generator_device(crate::device::device_arg(d)?).py()?;
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
            let o = factory_options(dtype, layout, device, pin_memory, requires_grad, None, placement, sbp)?;
            let sizes = signed_size_arg(stringify!($name), size, kwargs)?;
            let (absent, generator) = match generator {
                GeneratorArg::Absent => (true, None),
                GeneratorArg::Given(g) => (false, g),
            };
            let mut guard = lock(&generator);
            let generator = match guard.as_deref_mut() {
                Some(g) => factories::GeneratorArg::Given(g),
                None if absent => factories::GeneratorArg::Absent,
                None => factories::GeneratorArg::Default,
            };
            run_with_out(py, o, out, |o| $f(&sizes, o, generator))
        }
    )*};
}

random_factory!(
    /// `torch.rand(*size)`: uniform values in [0, 1).
    rand => factories::rand,
    /// `torch.randn(*size)`: standard normal values.
    randn => factories::randn,
);

/// An optional integer keyword (`low=`, `high=`), read as PyTorch reads an int.
fn opt_int(obj: Option<&Bound<'_, PyAny>>) -> PyResult<Option<i64>> {
    obj.filter(|o| !o.is_none()).map(int_arg).transpose()
}

/// `torch.randint(high, size)` or `torch.randint(low, high, size)`: integers in [low, high), int64 by default.
#[pyfunction]
#[pyo3(signature = (*args, low=None, high=None, size=None, generator=None, out=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, placement=None, sbp=None))]
#[allow(clippy::too_many_arguments)]
pub fn randint(
    py: Python<'_>,
    args: &Bound<'_, PyTuple>,
    low: Option<&Bound<'_, PyAny>>,
    high: Option<&Bound<'_, PyAny>>,
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
    let (low, high) = (opt_int(low)?, opt_int(high)?);
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
    let sizes = sequence_ints(&size)?;
    let o = factory_options(dtype, layout, device, pin_memory, requires_grad, None, placement, sbp)?;
    let mut guard = lock(&generator);
    let generator = guard.as_deref_mut().into();
    run_with_out(py, o, out, |o| factories::randint(low, high, &sizes, o, generator))
}

/// The input of a `*_like` factory: a strided or sparse tensor (a global one is refused as the dense-only methods
/// refuse it).
fn like_input(input: &PyTensor) -> PyResult<AnyTensor> {
    if input.global().is_some() {
        input.strided()?;
    }
    Ok(input.any())
}

macro_rules! like_factory {
    ($(#[$doc:meta] $name:ident => $fill:expr),* $(,)?) => {$(
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
            let o = factory_options(dtype, layout, device, pin_memory, requires_grad, memory_format, None, None)?;
            factories::like(&like_input(&input)?, $fill, o, None).py().map(PyTensor::from_any)
        }
    )*};
}

like_factory!(
    /// `torch.zeros_like(input)`.
    zeros_like => LikeFill::Zeros,
    /// `torch.ones_like(input)`.
    ones_like => LikeFill::Ones,
    /// `torch.empty_like(input)`: values unspecified (a recycled buffer or zeros).
    empty_like => LikeFill::Empty,
);

macro_rules! random_like_factory {
    ($(#[$doc:meta] $name:ident => $fill:expr),* $(,)?) => {$(
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
            let o = factory_options(dtype, layout, device, pin_memory, requires_grad, memory_format, None, None)?;
            let mut guard = lock(&generator);
            factories::like(&like_input(&input)?, $fill, o, guard.as_deref_mut()).py().map(PyTensor::from_any)
        }
    )*};
}

random_like_factory!(
    /// `torch.rand_like(input)`.
    rand_like => LikeFill::Rand,
    /// `torch.randn_like(input)`.
    randn_like => LikeFill::Randn,
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
    let value = args::scalar(fill_value)?.ok_or_else(|| PyTypeError::new_err("fill_value must be a number"))?;
    let o = factory_options(dtype, layout, device, pin_memory, requires_grad, memory_format, None, None)?;
    factories::like(&like_input(&input)?, LikeFill::Full(value), o, None).py().map(PyTensor::from_any)
}

/// `torch.randint_like(input, high)` or `torch.randint_like(input, low, high)`.
#[pyfunction]
#[pyo3(signature = (input, low_or_high, high=None, *, generator=None, dtype=None, layout=None, device=None, pin_memory=false, requires_grad=false, memory_format=None))]
#[allow(clippy::too_many_arguments)]
pub fn randint_like(
    input: PyRef<'_, PyTensor>,
    low_or_high: &Bound<'_, PyAny>,
    high: Option<&Bound<'_, PyAny>>,
    generator: Option<PyRef<'_, PyGenerator>>,
    dtype: Option<PyDType>,
    layout: Option<PyLayout>,
    device: Option<&Bound<'_, PyAny>>,
    pin_memory: bool,
    requires_grad: bool,
    memory_format: Option<PyMemoryFormat>,
) -> PyResult<PyTensor> {
    let (low, high) = match opt_int(high)? {
        Some(h) => (int_arg(low_or_high)?, h),
        None => (0, int_arg(low_or_high)?),
    };
    let o = factory_options(dtype, layout, device, pin_memory, requires_grad, memory_format, None, None)?;
    let mut guard = lock(&generator);
    let fill = LikeFill::Randint(low, high);
    factories::like(&like_input(&input)?, fill, o, guard.as_deref_mut()).py().map(PyTensor::from_any)
}

/// Values of a tensor as complex doubles.
/// `torch.equal`: same sizes and same values (in the promoted dtype, exactly).
pub fn tensors_equal(a: &Tensor, b: &Tensor) -> PyResult<bool> {
    a.equal(b).py()
}

/// `torch.equal(input, other)`.
#[pyfunction]
pub fn equal(input: PyRef<'_, PyTensor>, other: PyRef<'_, PyTensor>) -> PyResult<bool> {
    tensors_equal(input.dense("equal")?, other.dense("equal")?)
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
    m.add_function(wrap_pyfunction!(result_type, m)?)?;
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
    m.add_function(wrap_pyfunction!(equal, m)?)?;
    m.add_function(wrap_pyfunction!(is_tensor, m)?)?;
    m.add_function(wrap_pyfunction!(set_num_threads, m)?)?;
    m.add_function(wrap_pyfunction!(get_num_threads, m)?)?;
    Ok(())
}

/// `torch.result_type(tensor, other)`: the dtype arithmetic on the two operands (tensors or numbers) would
/// produce, with PyTorch's four signatures.
#[pyfunction]
#[pyo3(signature = (*args, **kwargs))]
fn result_type(py: Python<'_>, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Py<PyDType>> {
    const SIGNATURES: [&str; 4] = [
        "Tensor tensor, Tensor other",
        "Number scalar, Tensor tensor",
        "Tensor tensor, Number other",
        "Number scalar1, Number scalar2",
    ];
    let parser = Parser::plain("result_type", &SIGNATURES);
    let parsed = parser.parse(args, kwargs)?;
    let names: [[&str; 2]; 4] =
        [["tensor", "other"], ["scalar", "tensor"], ["tensor", "other"], ["scalar1", "scalar2"]];
    let mut operands = Vec::new();
    for name in names[parsed.overload] {
        let value = parsed.get(name).ok_or_else(|| PyTypeError::new_err("result_type(): missing argument"))?;
        operands.push(match args::operand(value)? {
            oxtorch::Operand::Tensor(t) if t.dim() == 0 => oxtorch::promotion::Operand::ZeroDim(t.dtype()),
            oxtorch::Operand::Tensor(t) => oxtorch::promotion::Operand::Dimensioned(t.dtype()),
            oxtorch::Operand::Scalar(s) => oxtorch::promotion::Operand::Scalar(s),
        });
    }
    crate::attributes::dtype_object(py, oxtorch::result_type(&operands).py()?)
}
