//! Global tensors in Python, as OneFlow spells them: `oxtorch.placement`, the `oxtorch.sbp.sbp` objects, the
//! `oxtorch.env` functions, the global methods and properties of `oxtorch.Tensor` (`to_global`, `to_local`,
//! `is_global`, `placement`, `sbp`), and the factories' `placement=` / `sbp=` keywords.
//!
//! Every global tensor created from Python lives in the process's default world: the MPI job that launched the
//! process (`mpirun -n 4 python script.py`), or a world of one rank.

use crate::errors::ResultExt;
use crate::value::{PyTensor, TensorValue};
use oxtorch::global::comm;
use oxtorch::global::{GlobalTensor, NdSbp, Placement, Sbp, World};
use oxtorch::{Tensor, TensorOptions};
use pyo3::exceptions::{PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyInt, PyList, PyTuple};

/// The process's world (created on first use).
pub fn world() -> PyResult<World> {
    comm::default_world().py()
}

// ----- placement -----

/// A placement (`oneflow.placement`): a device type and the ranks holding a global tensor, as a 1-D list or an N-D
/// grid. `oxtorch.placement("cpu", ranks=[0, 1, 2, 3])`, `oxtorch.placement("cpu", [[0, 1], [2, 3]])`.
#[pyclass(name = "placement", module = "oxtorch", frozen, eq, hash, from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct PyPlacement(pub Placement);

/// What `__reduce__` returns: a callable and its arguments.
type Reduced<'py, A> = PyResult<(Bound<'py, PyAny>, A)>;

const RANKS_MSG: &str = "placement ranks shoule be an array of long int";

/// Flattens nested rank lists (lists, tuples, ranges, NumPy arrays) into ranks and a grid shape.
fn parse_ranks(obj: &Bound<'_, PyAny>, depth: usize, shape: &mut Vec<usize>, ranks: &mut Vec<i64>) -> PyResult<()> {
    if obj.is_instance_of::<PyBool>() {
        return Err(PyRuntimeError::new_err(RANKS_MSG));
    }
    if obj.is_instance_of::<PyInt>() || (obj.hasattr("__index__")? && !obj.hasattr("__len__")?) {
        if depth != shape.len() || depth == 0 {
            return Err(PyRuntimeError::new_err(RANKS_MSG));
        }
        ranks.push(obj.call_method0("__index__")?.extract()?);
        return Ok(());
    }
    let obj = if obj.hasattr("tolist")? && !obj.is_instance_of::<PyList>() {
        obj.call_method0("tolist")?
    } else {
        obj.clone()
    };
    let items: Vec<Bound<'_, PyAny>> =
        obj.try_iter().map_err(|_| PyRuntimeError::new_err(RANKS_MSG))?.collect::<PyResult<_>>()?;
    match shape.get(depth) {
        None if depth == shape.len() => shape.push(items.len()),
        Some(&n) if n == items.len() => {}
        _ => return Err(PyRuntimeError::new_err(RANKS_MSG)),
    }
    if items.is_empty() {
        return Err(PyRuntimeError::new_err(RANKS_MSG));
    }
    for item in &items {
        parse_ranks(item, depth + 1, shape, ranks)?;
    }
    Ok(())
}

fn nested_list<'py>(py: Python<'py>, ranks: &[usize], hierarchy: &[usize]) -> PyResult<Bound<'py, PyAny>> {
    match hierarchy.split_first() {
        None => Ok(ranks[0].into_pyobject(py)?.into_any()),
        Some((&n, rest)) => {
            let step = ranks.len() / n.max(1);
            let items = (0..n)
                .map(|i| nested_list(py, &ranks[i * step..(i + 1) * step], rest))
                .collect::<PyResult<Vec<_>>>()?;
            Ok(PyList::new(py, items)?.into_any())
        }
    }
}

fn deprecated(py: Python<'_>, message: &str) -> PyResult<()> {
    let warnings = py.import("warnings")?;
    let category = py.get_type::<pyo3::exceptions::PyUserWarning>();
    warnings.call_method1("warn", (message, category, 2))?;
    Ok(())
}

#[pymethods]
impl PyPlacement {
    #[new]
    #[pyo3(signature = (r#type, ranks))]
    fn new(r#type: &str, ranks: &Bound<'_, PyAny>) -> PyResult<PyPlacement> {
        let (mut shape, mut flat) = (Vec::new(), Vec::new());
        parse_ranks(ranks, 0, &mut shape, &mut flat)?;
        Placement::new(r#type, &flat, &shape).py().map(PyPlacement)
    }

    /// `"cpu"` or `"cuda"`.
    #[getter]
    fn r#type(&self) -> &'static str {
        self.0.type_name()
    }

    /// Deprecated name of `type` (OneFlow warns).
    #[getter]
    fn device_type(&self, py: Python<'_>) -> PyResult<&'static str> {
        deprecated(py, "The property .device_type of placement is deprecated, please use .type instead")?;
        Ok(self.0.type_name())
    }

    /// The ranks as a NumPy array shaped like the grid.
    #[getter]
    fn ranks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let nested = nested_list(py, self.0.ranks(), self.0.hierarchy())?;
        let numpy = py.import("numpy")?;
        numpy.call_method1("array", (nested, numpy.getattr("int64")?))
    }

    /// The grid shape as an `oxtorch.Size` (deprecated in OneFlow, which warns: use `ranks.shape`).
    #[getter]
    fn hierarchy(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        deprecated(py, "The property .hierarchy of placement is deprecated, please use .ranks.shape instead")?;
        crate::value::size_object(py, self.0.hierarchy())
    }

    /// `oneflow.placement.all(device_type)`: every rank of the world (for `cuda`, as many as there are devices).
    #[staticmethod]
    fn all(device_type: &str) -> PyResult<PyPlacement> {
        all_placement(device_type)
    }

    fn __repr__(&self) -> String {
        self.0.repr()
    }

    fn __str__(&self) -> String {
        self.0.repr()
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, (String, Bound<'py, PyAny>)> {
        let cls = py.get_type::<PyPlacement>().into_any();
        Ok((cls, (self.0.type_name().to_string(), nested_list(py, self.0.ranks(), self.0.hierarchy())?)))
    }
}

/// `oneflow.placement.all` / `oneflow.env.all_device_placement`.
pub fn all_placement(device_type: &str) -> PyResult<PyPlacement> {
    let t = oxtorch::global::placement::parse_type(device_type).py()?;
    let size = world()?.size();
    let count = if t == oxtorch::DeviceType::Cuda {
        let devices = oxtorch::cuda::device_count();
        if devices == 0 {
            return Err(PyRuntimeError::new_err(format!(
                "Can't construct placement with \"{device_type}\" type because there is no device!"
            )));
        }
        size.min(devices)
    } else {
        size
    };
    Placement::all_ranks(device_type, count).py().map(PyPlacement)
}

// ----- sbp -----

/// One grid dimension's distribution (`oneflow.sbp.sbp`): `oxtorch.sbp.split(dim)`, `oxtorch.sbp.broadcast`,
/// `oxtorch.sbp.partial_sum`. Calling one returns it (`oxtorch.sbp.broadcast()` is `oxtorch.sbp.broadcast`).
#[pyclass(name = "sbp", module = "oxtorch.sbp", frozen, eq, hash, from_py_object)]
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PySbp(pub Sbp);

#[pymethods]
impl PySbp {
    fn __repr__(&self) -> String {
        self.0.repr()
    }

    fn __str__(&self) -> String {
        self.0.repr()
    }

    fn __call__(slf: Py<Self>) -> Py<Self> {
        slf
    }

    fn __reduce__<'py>(&self, py: Python<'py>) -> Reduced<'py, ((&'static str, i64),)> {
        let f = py.import("oxtorch.sbp")?.getattr("_from_state")?;
        let state = match self.0 {
            Sbp::Split(d) => ("S", d as i64),
            Sbp::Broadcast => ("B", -1),
            Sbp::PartialSum => ("P", -1),
        };
        Ok((f, (state,)))
    }
}

/// `oneflow.sbp.split(dim)`.
#[pyfunction]
fn _sbp_split(dim: i64) -> PyResult<PySbp> {
    Sbp::split(dim).py().map(PySbp)
}

/// `oneflow.sbp.broadcast`.
#[pyfunction]
fn _sbp_broadcast() -> PySbp {
    PySbp(Sbp::Broadcast)
}

/// `oneflow.sbp.partial_sum`.
#[pyfunction]
fn _sbp_partial_sum() -> PySbp {
    PySbp(Sbp::PartialSum)
}

/// Unpickles an sbp from OneFlow's state: `("S", dim)`, `("B", -1)`, `("P", -1)`.
#[pyfunction]
fn _sbp_from_state(state: (String, i64)) -> PyResult<PySbp> {
    match state.0.as_str() {
        "S" => _sbp_split(state.1),
        "B" => Ok(PySbp(Sbp::Broadcast)),
        "P" => Ok(PySbp(Sbp::PartialSum)),
        other => Err(PyRuntimeError::new_err(format!("Invalid sbp signature state: ({other}, {});", state.1))),
    }
}

// ----- env -----

/// `oneflow.env.get_rank()`.
#[pyfunction]
fn _env_get_rank() -> PyResult<usize> {
    Ok(world()?.rank())
}

/// `oneflow.env.get_world_size()`.
#[pyfunction]
fn _env_get_world_size() -> PyResult<usize> {
    Ok(world()?.size())
}

/// `oneflow.env.get_local_rank()`.
#[pyfunction]
fn _env_get_local_rank() -> PyResult<usize> {
    Ok(world()?.local_rank())
}

/// The kind of the default world: `"mpi"`, `"single process"` (or `"threads"`).
#[pyfunction]
fn _global_world_kind() -> PyResult<&'static str> {
    Ok(world()?.kind())
}

/// Whether the default world has been created.
#[pyfunction]
fn _global_world_started() -> bool {
    comm::default_world_started()
}

/// Whether an MPI launcher started this process (and oxtorch has MPI support).
#[pyfunction]
fn _launched_by_mpi() -> bool {
    comm::mpi::launched_by_mpi()
}

/// Finalises MPI (at a normal exit).
#[pyfunction]
fn _global_finalize() -> PyResult<()> {
    comm::finalize().py()
}

/// Ends the whole job after an error on this rank (`MPI_Abort`), so no rank waits forever.
#[pyfunction]
fn _global_abort(code: i32) {
    comm::abort(code)
}

// ----- arguments -----

/// A placement argument (OneFlow's `TypeError` otherwise).
pub fn placement_arg(obj: &Bound<'_, PyAny>) -> PyResult<Placement> {
    obj.extract::<PyPlacement>()
        .map(|p| p.0)
        .map_err(|_| PyTypeError::new_err(format!("Invalid parameter placement with type {}", type_str(obj))))
}

fn type_str(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type().str().map(|s| s.to_string()).unwrap_or_default()
}

/// An sbp argument: one sbp or a list/tuple of them.
pub fn sbp_arg(obj: &Bound<'_, PyAny>) -> PyResult<NdSbp> {
    if let Ok(s) = obj.extract::<PySbp>() {
        return Ok(NdSbp::from_slice(&[s.0]));
    }
    if obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>() {
        let items: Vec<Bound<'_, PyAny>> = obj.try_iter()?.collect::<PyResult<_>>()?;
        if let Some(sbp) = items.iter().map(|i| i.extract::<PySbp>().ok().map(|s| s.0)).collect::<Option<NdSbp>>() {
            return Ok(sbp);
        }
    }
    Err(PyTypeError::new_err(format!("Invalid parameter sbp with type {}", type_str(obj))))
}

fn given<'a, 'py>(obj: Option<&'a Bound<'py, PyAny>>) -> Option<&'a Bound<'py, PyAny>> {
    obj.filter(|o| !o.is_none())
}

/// The `placement=` and `sbp=` keywords of a factory (checked with its `device=` as OneFlow checks them): None
/// for a local tensor.
pub fn layout_args(
    placement: Option<&Bound<'_, PyAny>>,
    sbp: Option<&Bound<'_, PyAny>>,
    options: &TensorOptions,
) -> PyResult<Option<(Placement, NdSbp)>> {
    let placement = given(placement).map(placement_arg).transpose()?;
    let sbp = given(sbp).map(sbp_arg).transpose()?;
    oxtorch::global::tensor::check_factory_layout(options.device.is_some(), placement.as_ref(), sbp.as_deref()).py()?;
    Ok(placement.zip(sbp))
}

/// Wraps a global tensor as a Python tensor.
pub fn wrap(g: GlobalTensor) -> PyTensor {
    PyTensor { value: TensorValue::Global(g) }
}

// ----- factories -----

/// `oxtorch.tensor(data, placement=, sbp=)`: `data` is the logical value (the placement's first rank's copy wins).
pub fn tensor(data: &Tensor, placement: &Placement, sbp: &[Sbp]) -> PyResult<PyTensor> {
    GlobalTensor::from_data(&world()?, data, placement, sbp).py().map(wrap)
}

// ----- the Tensor methods -----

fn local_only(what: &str) -> PyErr {
    PyRuntimeError::new_err(what.to_string())
}

const NOT_GLOBAL_PLACEMENT: &str = "Only global tensors have 'placement'. Placement is used to describe the distribution of global tensor in multiple GPUs. Please use '.device' for local tensors.";
const NOT_GLOBAL_SBP: &str = "Local tensor has no sbp property. sbp is the description in the oneflow distributed case, you can refer to https://docs.oneflow.org/master/parallelism/03_global_tensor.html; For example, create a global tensor like this : 'x = oneflow.tensor((2,3, placement=oneflow.placement(\"cuda\", {0: 0}), sbp=oneflow.sbp.broadcast))', then 'x.sbp' is 'oneflow.sbp.broadcast'";

impl PyTensor {
    /// The global tensor, if this is one.
    pub fn global(&self) -> Option<&GlobalTensor> {
        match &self.value {
            TensorValue::Global(g) => Some(g),
            _ => None,
        }
    }

    fn local_to_global_impl(
        &self,
        placement: Option<&Bound<'_, PyAny>>,
        sbp: Option<&Bound<'_, PyAny>>,
        check_meta: bool,
        copy: bool,
    ) -> PyResult<PyTensor> {
        // OneFlow's Tensor method raises a RuntimeError here (its module function `to_global` a ValueError)
        let (Some(p), Some(s)) = (given(placement), given(sbp)) else {
            return Err(PyRuntimeError::new_err(
                "Converting a local tensor to global tensor must have placement and sbp parameters.",
            ));
        };
        let (p, s) = (placement_arg(p)?, sbp_arg(s)?);
        let local = self.strided()?;
        GlobalTensor::from_local(&world()?, local, &p, &s, check_meta, copy).py().map(wrap)
    }

    fn global_to_global_impl(
        &self,
        placement: Option<&Bound<'_, PyAny>>,
        sbp: Option<&Bound<'_, PyAny>>,
        check_meta: bool,
        copy: bool,
    ) -> PyResult<PyTensor> {
        let g = self.global().ok_or_else(|| local_only("input must be a global tensor"))?;
        let p = given(placement).map(placement_arg).transpose()?;
        let s = match given(sbp) {
            None => None,
            Some(s) => Some(sbp_arg(s).map_err(|_| {
                PyTypeError::new_err("sbp parameter must be type of oxtorch.sbp.sbp or list/tuple of oxtorch.sbp.sbp")
            })?),
        };
        if check_meta {
            let placement = p.as_ref().unwrap_or(g.placement());
            let sbp = s.as_deref().unwrap_or(g.sbp());
            oxtorch::global::tensor::check_same_everywhere(g.world(), placement, sbp).py()?;
        }
        g.to_global(p.as_ref(), s.as_deref(), copy).py().map(wrap)
    }
}

#[pymethods]
impl PyTensor {
    /// Whether this is a global tensor.
    #[getter]
    fn is_global(&self) -> bool {
        self.global().is_some()
    }

    /// Whether this is a local tensor.
    #[getter]
    fn is_local(&self) -> bool {
        self.global().is_none()
    }

    /// A global tensor's placement.
    #[getter]
    fn placement(&self) -> PyResult<PyPlacement> {
        self.global().map(|g| PyPlacement(g.placement().clone())).ok_or_else(|| local_only(NOT_GLOBAL_PLACEMENT))
    }

    /// A global tensor's sbp, one per grid dimension of its placement, as a tuple.
    #[getter]
    fn sbp<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let g = self.global().ok_or_else(|| local_only(NOT_GLOBAL_SBP))?;
        PyTuple::new(py, g.sbp().iter().map(|&s| PySbp(s)))
    }

    /// A global tensor from this local one (placement and sbp required), or this global tensor converted to another
    /// placement and/or sbp (boxing). Every rank must call it.
    #[pyo3(signature = (placement=None, sbp=None, *, grad_sbp=None, check_meta=None, copy=false))]
    fn to_global(
        &self,
        placement: Option<&Bound<'_, PyAny>>,
        sbp: Option<&Bound<'_, PyAny>>,
        grad_sbp: Option<&Bound<'_, PyAny>>,
        check_meta: Option<bool>,
        copy: bool,
    ) -> PyResult<PyTensor> {
        let _ = grad_sbp; // no autograd in oxtorch
        if self.global().is_some() {
            self.global_to_global_impl(placement, sbp, check_meta.unwrap_or(false), copy)
        } else {
            self.local_to_global_impl(placement, sbp, check_meta.unwrap_or(true), copy)
        }
    }

    /// `to_global` for a local tensor.
    #[pyo3(signature = (placement=None, sbp=None, *, check_meta=true, copy=false))]
    fn local_to_global(
        &self,
        placement: Option<&Bound<'_, PyAny>>,
        sbp: Option<&Bound<'_, PyAny>>,
        check_meta: bool,
        copy: bool,
    ) -> PyResult<PyTensor> {
        if self.global().is_some() {
            return Err(local_only("input must be a local tensor"));
        }
        self.local_to_global_impl(placement, sbp, check_meta, copy)
    }

    /// `to_global` for a global tensor.
    #[pyo3(signature = (placement=None, sbp=None, *, grad_sbp=None, check_meta=false, copy=false))]
    fn global_to_global(
        &self,
        placement: Option<&Bound<'_, PyAny>>,
        sbp: Option<&Bound<'_, PyAny>>,
        grad_sbp: Option<&Bound<'_, PyAny>>,
        check_meta: bool,
        copy: bool,
    ) -> PyResult<PyTensor> {
        let _ = grad_sbp;
        self.global_to_global_impl(placement, sbp, check_meta, copy)
    }

    /// The local component of a global tensor on this rank (empty where the rank holds none).
    #[pyo3(signature = (*, copy=false))]
    fn to_local(&self, copy: bool) -> PyResult<PyTensor> {
        let g = self.global().ok_or_else(|| local_only("Expected global tensor for to_local but got local tensor!"))?;
        g.to_local(copy).py().map(PyTensor::new)
    }

    /// Removed in OneFlow: use `to_global`.
    #[pyo3(signature = (*args, **kwargs))]
    fn to_consistent(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<()> {
        let _ = (args, kwargs);
        Err(local_only(".to_consistent has been removed, please use .to_global instead"))
    }

    /// Removed in OneFlow: use `is_global`.
    fn is_consistent(&self) -> PyResult<()> {
        Err(local_only(".is_consistent has been removed, please use .is_global instead"))
    }
}

/// Registers the classes and functions.
pub fn register(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<PyPlacement>()?;
    m.add("_sbp_type", m.py().get_type::<PySbp>())?;
    m.add_function(wrap_pyfunction!(_sbp_split, m)?)?;
    m.add_function(wrap_pyfunction!(_sbp_broadcast, m)?)?;
    m.add_function(wrap_pyfunction!(_sbp_partial_sum, m)?)?;
    m.add_function(wrap_pyfunction!(_sbp_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(_env_get_rank, m)?)?;
    m.add_function(wrap_pyfunction!(_env_get_world_size, m)?)?;
    m.add_function(wrap_pyfunction!(_env_get_local_rank, m)?)?;
    m.add_function(wrap_pyfunction!(_global_world_kind, m)?)?;
    m.add_function(wrap_pyfunction!(_global_world_started, m)?)?;
    m.add_function(wrap_pyfunction!(_launched_by_mpi, m)?)?;
    m.add_function(wrap_pyfunction!(_global_finalize, m)?)?;
    m.add_function(wrap_pyfunction!(_global_abort, m)?)?;
    Ok(())
}
