//! The Python tensor object (`oxtorch.Tensor` holding a strided, sparse COO or global tensor) and what every
//! other module needs of it: the layout accessors with PyTorch's refusals, running work without the interpreter
//! lock, Python values of numbers, sizes and tuples of tensors, and the type names PyTorch's messages print.
//! This module is the bottom of the binding crate: it imports only `errors`. `tensor.rs` holds the Python methods.

use crate::errors::{to_py, ResultExt};
use oxtorch::{AnyTensor, DType, Scalar, SparseCooTensor, Tensor, TensorOptions};
use pyo3::exceptions::{PyBufferError, PyNotImplementedError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyTuple;
use std::sync::atomic::AtomicBool;
use std::sync::RwLock;

/// Elements above which an operation releases the interpreter lock while it runs.
const RELEASE_GIL_ABOVE: usize = 1 << 15;

/// What a Python tensor holds, by layout. Every layout is one Python class, `oxtorch.Tensor`, as in PyTorch;
/// each method dispatches on the layout and refuses with PyTorch's message what a layout does not support.
#[derive(Clone)]
pub enum TensorValue {
    /// A strided (dense) tensor.
    Strided(Tensor),
    /// A sparse COO tensor (see `sparse.rs`).
    SparseCoo(SparseCell),
    /// A global tensor: a placement, an sbp, and this rank's local component (see `global.rs`).
    Global(oxtorch::global::GlobalTensor),
}

/// A tensor (`torch.Tensor`).
#[pyclass(name = "Tensor", module = "oxtorch", weakref)]
pub struct PyTensor {
    /// The tensor.
    pub value: TensorValue,
}

impl PyTensor {
    /// Wraps a strided tensor.
    pub fn new(inner: Tensor) -> PyTensor {
        PyTensor { value: TensorValue::Strided(inner) }
    }

    /// Wraps a tensor of any kind.
    pub fn from_any(t: AnyTensor) -> PyTensor {
        PyTensor {
            value: match t {
                AnyTensor::Strided(t) => TensorValue::Strided(t),
                AnyTensor::SparseCoo(s) => TensorValue::SparseCoo(SparseCell::new(*s)),
                AnyTensor::Global(g) => TensorValue::Global(*g),
            },
        }
    }

    /// The tensor as the core's tensor of any kind (a cheap handle: storages are shared).
    pub fn any(&self) -> AnyTensor {
        match &self.value {
            TensorValue::Strided(t) => AnyTensor::Strided(t.clone()),
            TensorValue::SparseCoo(c) => AnyTensor::from(c.get()),
            TensorValue::Global(g) => AnyTensor::from(g),
        }
    }

    /// Makes this Python object hold `t`: the result of an in-place operation or an `out=` tensor as the core
    /// left it (a strided or global tensor written through is the same tensor; a sparse one, or an `out=`
    /// replaced by a tensor of another shape, is a new one).
    pub fn replace(&mut self, t: AnyTensor) {
        match (&self.value, t) {
            (TensorValue::Strided(old), AnyTensor::Strided(new)) if old.is_same(&new) => {}
            (TensorValue::SparseCoo(cell), AnyTensor::SparseCoo(s)) => cell.set(*s),
            (_, t) => *self = PyTensor::from_any(t),
        }
    }

    /// The strided tensor, or PyTorch's error for a layout the calling operation does not support.
    pub fn strided(&self) -> PyResult<&Tensor> {
        match &self.value {
            TensorValue::Strided(t) => Ok(t),
            TensorValue::SparseCoo(_) => Err(unsupported()),
            TensorValue::Global(g) => Err(to_py(oxtorch::dispatch::global_unsupported(g))),
        }
    }

    /// For a method whose arguments PyTorch checks as for a dense tensor before it refuses a sparse one: the
    /// strided tensor, or, for a sparse tensor, the error of those checks (`check` runs on a meta tensor of the
    /// same sizes) or else PyTorch's refusal.
    pub fn dense_after_check<T>(
        &self,
        method: &str,
        check: impl FnOnce(&Tensor) -> oxtorch::Result<T>,
    ) -> PyResult<&Tensor> {
        if let Some(s) = self.sparse() {
            let options = TensorOptions::new().dtype(s.dtype()).device(oxtorch::Device::meta());
            check(&oxtorch::empty(s.sizes(), options).py()?).py()?;
            return Err(refusal(method, s.device()));
        }
        self.strided()
    }

    /// The strided tensor for the method `method`, or what PyTorch raises when that method meets a sparse
    /// tensor (see `sparse::refusal`).
    pub fn dense(&self, method: &str) -> PyResult<&Tensor> {
        match &self.value {
            TensorValue::Strided(t) => Ok(t),
            TensorValue::SparseCoo(c) => Err(refusal(method, c.get().device())),
            TensorValue::Global(g) => Err(to_py(oxtorch::dispatch::global_unsupported(g))),
        }
    }

    /// A tensor with this tensor's sizes and dtype: the tensor itself, or for a sparse or global tensor a meta
    /// tensor of its (logical) sizes and dtype (for the attributes that do not need values).
    pub fn shaped(&self) -> PyResult<std::borrow::Cow<'_, Tensor>> {
        match &self.value {
            TensorValue::Strided(t) => Ok(std::borrow::Cow::Borrowed(t)),
            TensorValue::SparseCoo(c) => {
                let s = c.get();
                shape_carrier(s.sizes(), s.dtype()).map(std::borrow::Cow::Owned)
            }
            TensorValue::Global(g) => shape_carrier(g.shape(), g.dtype()).map(std::borrow::Cow::Owned),
        }
    }

    /// A tensor holding this tensor's values: the tensor itself, or a global tensor's logical value gathered on
    /// every rank (a collective: every rank must ask).
    pub fn valued(&self) -> PyResult<std::borrow::Cow<'_, Tensor>> {
        match &self.value {
            TensorValue::Strided(t) => Ok(std::borrow::Cow::Borrowed(t)),
            TensorValue::SparseCoo(_) => Err(unsupported()),
            TensorValue::Global(g) => g.to_logical().py().map(std::borrow::Cow::Owned),
        }
    }
}

/// A meta tensor of `sizes` and `dtype` that stands for a sparse or global tensor's shape: zero strides, so that
/// no size a sparse tensor can have (`[1, 2^62]`, whose dense layout would pass int64) fails a stride or
/// storage-size check.
pub fn shape_carrier(sizes: &[usize], dtype: DType) -> PyResult<Tensor> {
    let meta = TensorOptions::new().dtype(dtype).device(oxtorch::Device::meta());
    oxtorch::empty_strided(sizes, &vec![0; sizes.len()], meta).py()
}

/// Runs `f`, releasing the interpreter lock for large work on storages Python cannot also be writing to (see
/// the shared-storage protocol in `oxtorch::storage`).
pub fn compute<T: Send>(
    py: Python<'_>,
    tensors: &[&Tensor],
    f: impl FnOnce() -> oxtorch::Result<T> + Send,
) -> PyResult<T> {
    let large = tensors.iter().map(|t| t.numel()).sum::<usize>() > RELEASE_GIL_ABOVE;
    let shared = tensors.iter().any(|t| t.storage().is_foreign_visible());
    if large && !shared {
        py.detach(f).py()
    } else {
        f().py()
    }
}

/// A Python value of a number (`bool`, `int`, `float`, `complex`).
pub fn scalar_to_py(py: Python<'_>, s: Scalar) -> PyResult<Py<PyAny>> {
    Ok(match s {
        Scalar::Bool(b) => pyo3::types::PyBool::new(py, b).to_owned().into_any().unbind(),
        Scalar::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
        Scalar::UInt(u) => u.into_pyobject(py)?.into_any().unbind(),
        Scalar::Float(f) => f.into_pyobject(py)?.into_any().unbind(),
        Scalar::Complex(c) => pyo3::types::PyComplex::from_doubles(py, c.re, c.im).into_any().unbind(),
    })
}

static SIZE_TYPE: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// `oxtorch.Size(sizes)`.
pub fn size_object(py: Python<'_>, sizes: &[usize]) -> PyResult<Py<PyAny>> {
    let size_type =
        SIZE_TYPE.get_or_try_init(py, || py.import("oxtorch").and_then(|m| m.getattr("Size")).map(Bound::unbind))?;
    Ok(size_type.bind(py).call1((PyTuple::new(py, sizes)?,))?.unbind())
}

impl PyTensor {
    /// Wraps a sparse tensor.
    pub fn new_sparse(t: SparseCooTensor) -> PyTensor {
        PyTensor { value: TensorValue::SparseCoo(SparseCell::new(t)) }
    }

    /// The sparse tensor, when this is one.
    pub fn sparse(&self) -> Option<SparseCooTensor> {
        match &self.value {
            TensorValue::SparseCoo(c) => Some(c.get()),
            _ => None,
        }
    }
}

/// PyTorch's `options_to_string` for a CPU tensor of `dtype` (`torch.FloatTensor`), used in `TypeError`s.
pub fn legacy_type_name(dtype: DType) -> String {
    dtype.legacy_type_name(false)
}

/// Issues a Python `UserWarning` the first time this process gets here (PyTorch's `TORCH_WARN_ONCE`; `issued`
/// is the call site's flag); a warnings filter may turn it into an exception.
pub fn warn_once(py: Python<'_>, issued: &AtomicBool, message: &str) -> PyResult<()> {
    if issued.swap(true, std::sync::atomic::Ordering::Relaxed) {
        return Ok(());
    }
    let message = std::ffi::CString::new(message).unwrap_or_default();
    PyErr::warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &message, 1)
}

/// A tuple of tensors (what `split` and `chunk` return).
pub fn tensor_tuple(py: Python<'_>, parts: Vec<Tensor>) -> PyResult<Bound<'_, PyTuple>> {
    let objects = parts.into_iter().map(|t| Py::new(py, PyTensor::new(t))).collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, objects)
}

/// A sparse tensor behind a lock, so that in-place operations (`add_`, `mul_` ...) can replace it through a
/// shared reference to its Python object.
#[derive(Debug)]
pub struct SparseCell(RwLock<SparseCooTensor>);

impl SparseCell {
    /// Wraps a sparse tensor.
    pub fn new(t: SparseCooTensor) -> SparseCell {
        SparseCell(RwLock::new(t))
    }

    /// A handle to the current tensor (cheap: indices and values are shared).
    pub fn get(&self) -> SparseCooTensor {
        self.0.read().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Replaces the tensor (an in-place operation's result).
    pub fn set(&self, t: SparseCooTensor) {
        *self.0.write().unwrap_or_else(|e| e.into_inner()) = t;
    }
}

impl Clone for SparseCell {
    /// A new cell holding the current tensor (shared indices and values; a later `set` on either cell does not
    /// reach the other).
    fn clone(&self) -> SparseCell {
        SparseCell::new(self.get())
    }
}

/// The error for an operation oxtorch does not support on sparse tensors, where no method name is at hand.
pub fn unsupported() -> PyErr {
    PyNotImplementedError::new_err(
        "oxtorch does not support this operation on sparse COO tensors; it supports construction, conversions, \
         coalesce, to_dense, add/sub/mul/div/floor_divide and the sparse accessors. Call .to_dense() first.",
    )
}

/// The error for a method that PyTorch supports on sparse tensors and oxtorch does not (yet).
pub fn not_supported(method: &str) -> PyErr {
    to_py(oxtorch::sparse::refusal::not_supported(method))
}

/// What PyTorch raises when `method` meets a sparse COO tensor on `device`: the core's table
/// (`oxtorch::sparse::refusal`), and the refusals of the Python-only methods (`numpy`, `__dlpack__`).
pub fn refusal(method: &str, device: oxtorch::Device) -> PyErr {
    match method {
        "numpy" => PyTypeError::new_err("can't convert Sparse layout tensor to numpy. Use Tensor.to_dense() first."),
        "__dlpack__" => PyBufferError::new_err("Can't export tensors with layout other than oxtorch.strided"),
        _ => to_py(oxtorch::sparse::refusal::refusal(method, device)),
    }
}

/// The name PyTorch's argument parser gives an argument's type in its messages: a tensor is `Tensor`, anything
/// else its type's `tp_name` (see [`tp_name`]).
pub fn type_name(obj: &Bound<'_, PyAny>) -> String {
    if obj.is_instance_of::<PyTensor>() {
        return "Tensor".to_owned();
    }
    // oxtorch's classes print as PyTorch's C types do (`torch.Size`, `torch.dtype`), whether Rust or Python made them
    let ty = obj.get_type();
    match (ty.module(), ty.name()) {
        (Ok(module), Ok(name)) if module == "oxtorch" => format!("oxtorch.{name}"),
        _ => tp_name(obj),
    }
}

/// The `tp_name` of an object's type, as C code prints it: `module.name` for a type defined in C outside
/// `builtins` (`numpy.ndarray`, `oxtorch.dtype`), the bare name for builtins and classes defined in Python.
pub fn tp_name(obj: &Bound<'_, PyAny>) -> String {
    let ty = obj.get_type();
    let name = ty.name().map(|n| n.to_string()).unwrap_or_default();
    // a class defined in Python (a heap type, `Py_TPFLAGS_HEAPTYPE`) has its bare name as `tp_name`
    let heap_type = ty.getattr("__flags__").and_then(|f| f.extract::<u64>()).is_ok_and(|f| f & (1 << 9) != 0);
    match ty.module() {
        Ok(module) if !heap_type && module != "builtins" => format!("{module}.{name}"),
        _ => name,
    }
}
