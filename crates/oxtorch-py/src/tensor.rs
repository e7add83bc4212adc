//! `oxtorch.Tensor`: attributes, views, indexing, copies and casts, arithmetic and its operators, conversion to
//! Python values, all with PyTorch's names, signatures and errors.

use crate::args::{self, int_arg, int_list, operand, sequence_ints, to_sizes};
use crate::attributes::{dtype_object, PyDType, PyLayout, PyMemoryFormat};
use crate::device::{device_arg, PyDevice};
use crate::errors::{to_py, ResultExt};
use oxtorch::iter::{Operand, Output};
use oxtorch::tensor::ops::{binary_op, BinaryOp, RoundingMode};
use oxtorch::{DType, MemoryFormat, Scalar, Tensor, TensorIndex, TensorOptions};
use pyo3::exceptions::{PyIndexError, PyNotImplementedError, PyRuntimeError, PyTypeError};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyEllipsis, PyList, PySlice, PyTuple};

/// Elements above which an operation releases the interpreter lock while it runs.
const RELEASE_GIL_ABOVE: usize = 1 << 15;

/// What a Python tensor holds, by layout. Every layout is one Python class, `oxtorch.Tensor`, as in PyTorch;
/// each method dispatches on the layout and refuses with PyTorch's message what a layout does not support.
#[derive(Clone)]
pub enum TensorValue {
    /// A strided (dense) tensor.
    Strided(Tensor),
    /// A global tensor: a placement, an sbp, and this rank's local component (see `crate::global`).
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

    /// The strided tensor, or PyTorch's error for a layout the calling operation does not support.
    pub fn strided(&self) -> PyResult<&Tensor> {
        match &self.value {
            TensorValue::Strided(t) => Ok(t),
            TensorValue::Global(g) => Err(PyRuntimeError::new_err(format!(
                "this operation is not supported for global tensors yet (placement={}, sbp={}); .to_local() gives this rank's component",
                g.placement().repr(),
                oxtorch::global::sbp::nd_repr(g.sbp())
            ))),
        }
    }

    /// A tensor with this tensor's sizes and dtype: the tensor itself, or for a global tensor a meta tensor of its
    /// logical sizes (for the attributes that do not need values).
    pub fn shaped(&self) -> PyResult<std::borrow::Cow<'_, Tensor>> {
        match &self.value {
            TensorValue::Strided(t) => Ok(std::borrow::Cow::Borrowed(t)),
            TensorValue::Global(g) => {
                let meta = TensorOptions::new().dtype(g.dtype()).device(oxtorch::Device::meta());
                oxtorch::empty(g.shape(), meta).py().map(std::borrow::Cow::Owned)
            }
        }
    }

    /// A tensor holding this tensor's values: the tensor itself, or a global tensor's logical value gathered on
    /// every rank (a collective: every rank must ask).
    pub fn valued(&self) -> PyResult<std::borrow::Cow<'_, Tensor>> {
        match &self.value {
            TensorValue::Strided(t) => Ok(std::borrow::Cow::Borrowed(t)),
            TensorValue::Global(g) => g.to_logical().py().map(std::borrow::Cow::Owned),
        }
    }
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

/// Runs an arithmetic operation on Python operands, releasing the interpreter lock for large work on storages
/// that Python cannot also be writing to.
pub fn arith(py: Python<'_>, op: BinaryOp, lhs: &Operand, rhs: &Operand, output: Output<'_>) -> PyResult<Tensor> {
    let tensor = |o: &Operand| {
        if let Operand::Tensor(t) = o {
            Some(t.numel()).zip(Some(t.storage().is_foreign_visible()))
        } else {
            None
        }
    };
    let (l, r) = (tensor(lhs), tensor(rhs));
    let large = l.map_or(0, |x| x.0) + r.map_or(0, |x| x.0) > RELEASE_GIL_ABOVE;
    let shared = l.is_some_and(|x| x.1) || r.is_some_and(|x| x.1);
    if large && !shared && !matches!(output, Output::Out(_)) {
        py.detach(|| binary_op(op, lhs, rhs, output)).py()
    } else {
        binary_op(op, lhs, rhs, output).py()
    }
}

/// The `alpha=` keyword as a number.
pub fn alpha_arg(alpha: Option<&Bound<'_, PyAny>>) -> PyResult<Scalar> {
    match alpha {
        None => Ok(Scalar::Int(1)),
        Some(a) => args::scalar(a)?.ok_or_else(|| PyTypeError::new_err("alpha must be a number")),
    }
}

/// The `rounding_mode=` keyword.
pub fn rounding_arg(mode: Option<&str>) -> PyResult<Option<RoundingMode>> {
    mode.map(RoundingMode::parse).transpose().py()
}

/// A Python value of a number (`bool`, `int`, `float`, `complex`).
pub fn scalar_to_py(py: Python<'_>, s: Scalar) -> PyResult<Py<PyAny>> {
    Ok(match s {
        Scalar::Bool(b) => pyo3::types::PyBool::new(py, b).to_owned().into_any().unbind(),
        Scalar::Int(i) => i.into_pyobject(py)?.into_any().unbind(),
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

/// Converts a Python index (`int`, `slice`, `None`, `...`, or a tuple of them) into oxtorch's index list.
fn index_list(idx: &Bound<'_, PyAny>) -> PyResult<Vec<TensorIndex>> {
    let items: Vec<Bound<'_, PyAny>> = match idx.cast::<PyTuple>() {
        Ok(t) => t.iter().collect(),
        Err(_) => vec![idx.clone()],
    };
    items
        .iter()
        .map(|item| {
            if item.is_none() {
                Ok(TensorIndex::NewAxis)
            } else if item.is_instance_of::<PyEllipsis>() {
                Ok(TensorIndex::Ellipsis)
            } else if let Ok(s) = item.cast::<PySlice>() {
                let part = |name: &str| -> PyResult<Option<i64>> {
                    let v = s.getattr(name)?;
                    if v.is_none() {
                        Ok(None)
                    } else {
                        int_arg(&v).map(Some)
                    }
                };
                Ok(TensorIndex::slice(part("start")?, part("stop")?, part("step")?))
            } else if item.is_instance_of::<PyTensor>() || item.is_instance_of::<PyList>() {
                Err(PyIndexError::new_err("indexing with tensors or lists (advanced indexing) is not supported by oxtorch yet"))
            } else {
                int_arg(item).map(TensorIndex::Int).map_err(|_| {
                    PyIndexError::new_err("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got an unsupported type)")
                })
            }
        })
        .collect()
}

/// Nested Python lists of the values (`tolist()`).
fn nested_list(py: Python<'_>, values: &[Scalar], sizes: &[usize]) -> PyResult<Py<PyAny>> {
    if sizes.is_empty() {
        return scalar_to_py(py, values[0]);
    }
    let step = values.len().checked_div(sizes[0]).unwrap_or(0);
    let items = (0..sizes[0])
        .map(|i| nested_list(py, &values[i * step..(i + 1) * step], &sizes[1..]))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(PyList::new(py, items)?.into_any().unbind())
}

/// The optional `dim` of `size(dim)` / `stride(dim)` / `squeeze(dim)`.
fn opt_dim(dim: Option<&Bound<'_, PyAny>>) -> PyResult<Option<i64>> {
    match dim {
        Some(d) if !d.is_none() => int_arg(d).map(Some),
        _ => Ok(None),
    }
}

/// The target of `to(...)`: positional dtype / device / tensor arguments and keywords.
fn to_target(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<(TensorOptions, bool)> {
    let mut options = TensorOptions::new();
    let mut copy = false;
    let mut bools_seen = 0;
    for a in args.iter() {
        if let Ok(d) = a.extract::<PyDType>() {
            options.dtype = Some(d.0);
        } else if let Ok(t) = a.cast::<PyTensor>() {
            let t = t.borrow();
            options.dtype = Some(t.strided()?.dtype());
            options.device = Some(t.strided()?.device());
        } else if a.is_instance_of::<pyo3::types::PyBool>() {
            // to(dtype, non_blocking, copy): the first positional bool is non_blocking, the second copy
            if bools_seen == 1 {
                copy = a.extract()?;
            }
            bools_seen += 1;
        } else {
            options.device = Some(device_arg(&a)?);
        }
    }
    if let Some(kw) = kwargs {
        for (k, v) in kw.iter() {
            match k.extract::<String>()?.as_str() {
                "dtype" if !v.is_none() => options.dtype = Some(v.extract::<PyDType>()?.0),
                "device" if !v.is_none() => options.device = Some(device_arg(&v)?),
                "memory_format" if !v.is_none() => options.memory_format = Some(v.extract::<PyMemoryFormat>()?.0),
                "copy" => copy = v.extract()?,
                "non_blocking" | "dtype" | "device" | "memory_format" => {}
                other => {
                    return Err(PyTypeError::new_err(format!("to() got an unexpected keyword argument '{other}'")))
                }
            }
        }
    }
    Ok((options, copy))
}

#[pymethods]
impl PyTensor {
    // ----- attributes -----

    /// The element type.
    #[getter]
    fn dtype(&self, py: Python<'_>) -> PyResult<Py<PyDType>> {
        dtype_object(py, self.shaped()?.dtype())
    }

    /// The device the data lives on.
    #[getter]
    fn device(&self) -> PyResult<PyDevice> {
        if self.global().is_some() {
            return Err(PyRuntimeError::new_err(
                "Only local tensors have 'device'. Please use '.placement' for global tensors.",
            ));
        }
        Ok(PyDevice::wrap(self.strided()?.device()))
    }

    /// The memory layout (`oxtorch.strided`).
    #[getter]
    fn layout(&self) -> PyResult<PyLayout> {
        Ok(PyLayout(self.strided()?.layout()))
    }

    /// The sizes, as an `oxtorch.Size`.
    #[getter]
    fn shape(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        size_object(py, self.shaped()?.sizes())
    }

    /// Number of dimensions.
    #[getter]
    fn ndim(&self) -> PyResult<usize> {
        Ok(self.shaped()?.dim())
    }

    /// True on the meta device.
    #[getter]
    fn is_meta(&self) -> PyResult<bool> {
        Ok(self.strided()?.is_meta())
    }

    /// True on the CPU.
    #[getter]
    fn is_cpu(&self) -> PyResult<bool> {
        Ok(self.strided()?.device().is_cpu())
    }

    /// `size()` as an `oxtorch.Size`, or `size(dim)` as an int.
    #[pyo3(signature = (dim=None))]
    fn size(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        match opt_dim(dim)? {
            None => size_object(py, self.shaped()?.sizes()),
            Some(d) => Ok(self.shaped()?.size(d).py()?.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// `stride()` as a tuple, or `stride(dim)` as an int (in elements).
    #[pyo3(signature = (dim=None))]
    fn stride(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        match opt_dim(dim)? {
            None => Ok(PyTuple::new(py, self.strided()?.strides())?.into_any().unbind()),
            Some(d) => Ok(self.strided()?.stride(d).py()?.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// Offset of the first element in the storage.
    fn storage_offset(&self) -> PyResult<usize> {
        Ok(self.strided()?.storage_offset())
    }

    /// Number of dimensions.
    fn dim(&self) -> PyResult<usize> {
        Ok(self.shaped()?.dim())
    }

    /// Alias of `dim()`.
    fn ndimension(&self) -> PyResult<usize> {
        Ok(self.shaped()?.dim())
    }

    /// Number of elements.
    fn numel(&self) -> PyResult<usize> {
        Ok(self.shaped()?.numel())
    }

    /// Alias of `numel()`.
    fn nelement(&self) -> PyResult<usize> {
        Ok(self.shaped()?.numel())
    }

    /// Bytes per element.
    fn element_size(&self) -> PyResult<usize> {
        Ok(self.shaped()?.element_size())
    }

    /// True for floating dtypes.
    fn is_floating_point(&self) -> PyResult<bool> {
        Ok(self.shaped()?.is_floating_point())
    }

    /// True for complex dtypes.
    fn is_complex(&self) -> PyResult<bool> {
        Ok(self.shaped()?.is_complex())
    }

    /// Whether the tensor is contiguous in `memory_format` (row-major by default).
    #[pyo3(signature = (memory_format=None))]
    fn is_contiguous(&self, memory_format: Option<PyMemoryFormat>) -> PyResult<bool> {
        Ok(self.strided()?.is_contiguous_in(memory_format.map_or(MemoryFormat::Contiguous, |f| f.0)))
    }

    // ----- views -----

    /// Transposes a tensor of at most two dimensions.
    fn t(&self) -> PyResult<PyTensor> {
        self.strided()?.t().py().map(PyTensor::new)
    }

    /// Swaps two dimensions.
    fn transpose(&self, dim0: i64, dim1: i64) -> PyResult<PyTensor> {
        self.strided()?.transpose(dim0, dim1).py().map(PyTensor::new)
    }

    /// Reorders the dimensions: `permute(2, 0, 1)` or `permute((2, 0, 1))`.
    #[pyo3(signature = (*dims))]
    fn permute(&self, dims: &Bound<'_, PyTuple>) -> PyResult<PyTensor> {
        self.strided()?.permute(&int_list(dims)?).py().map(PyTensor::new)
    }

    /// A view with new sizes (one may be -1); fails when the strides do not allow it.
    #[pyo3(signature = (*shape))]
    fn view(&self, shape: &Bound<'_, PyTuple>) -> PyResult<PyTensor> {
        if shape.len() == 1 && shape.get_item(0)?.extract::<PyDType>().is_ok() {
            return Err(PyNotImplementedError::new_err("view(dtype) is not supported by oxtorch yet"));
        }
        self.strided()?.view(&int_list(shape)?).py().map(PyTensor::new)
    }

    /// New sizes: a view when possible, else a copy.
    #[pyo3(signature = (*shape))]
    fn reshape(&self, shape: &Bound<'_, PyTuple>) -> PyResult<PyTensor> {
        self.strided()?.reshape(&int_list(shape)?).py().map(PyTensor::new)
    }

    /// Broadcasts size-1 dimensions without copying (-1 keeps a size).
    #[pyo3(signature = (*sizes))]
    fn expand(&self, sizes: &Bound<'_, PyTuple>) -> PyResult<PyTensor> {
        self.strided()?.expand(&int_list(sizes)?).py().map(PyTensor::new)
    }

    /// Expands to another tensor's sizes.
    fn expand_as(&self, other: PyRef<'_, PyTensor>) -> PyResult<PyTensor> {
        self.strided()?.expand_as(other.strided()?).py().map(PyTensor::new)
    }

    /// `length` elements of `dim` from `start`.
    fn narrow(&self, dim: i64, start: i64, length: i64) -> PyResult<PyTensor> {
        self.strided()?.narrow(dim, start, length).py().map(PyTensor::new)
    }

    /// Removes `dim` by taking element `index` of it.
    fn select(&self, dim: i64, index: i64) -> PyResult<PyTensor> {
        self.strided()?.select(dim, index).py().map(PyTensor::new)
    }

    /// Removes size-1 dimensions: all, one, or a tuple of them.
    #[pyo3(signature = (dim=None))]
    fn squeeze(&self, dim: Option<&Bound<'_, PyAny>>) -> PyResult<PyTensor> {
        match dim {
            Some(d) if !d.is_none() => {
                if let Ok(dims) = sequence_ints(d) {
                    let ndim = self.strided()?.dim();
                    let mut sorted: Vec<i64> = dims
                        .iter()
                        .map(|&x| oxtorch::shape::wrap_dim(x, ndim).map(|v| v as i64))
                        .collect::<oxtorch::Result<_>>()
                        .py()?;
                    sorted.sort_unstable_by(|a, b| b.cmp(a));
                    let mut t = self.strided()?.clone();
                    for x in sorted {
                        t = t.squeeze_dim(x).py()?;
                    }
                    return Ok(PyTensor::new(t));
                }
                self.strided()?.squeeze_dim(int_arg(d)?).py().map(PyTensor::new)
            }
            _ => Ok(PyTensor::new(self.strided()?.squeeze())),
        }
    }

    /// Inserts a size-1 dimension.
    fn unsqueeze(&self, dim: i64) -> PyResult<PyTensor> {
        self.strided()?.unsqueeze(dim).py().map(PyTensor::new)
    }

    /// Merges dimensions `start_dim..=end_dim`.
    #[pyo3(signature = (start_dim=0, end_dim=-1))]
    fn flatten(&self, start_dim: i64, end_dim: i64) -> PyResult<PyTensor> {
        self.strided()?.flatten(start_dim, end_dim).py().map(PyTensor::new)
    }

    /// Splits `dim` into `sizes`.
    fn unflatten(&self, dim: i64, sizes: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.strided()?.unflatten(dim, &sequence_ints(sizes)?).py().map(PyTensor::new)
    }

    /// A diagonal as a new last dimension.
    #[pyo3(signature = (offset=0, dim1=0, dim2=1))]
    fn diagonal(&self, offset: i64, dim1: i64, dim2: i64) -> PyResult<PyTensor> {
        self.strided()?.diagonal(offset, dim1, dim2).py().map(PyTensor::new)
    }

    /// Moves dimensions (ints or tuples).
    fn movedim(&self, source: &Bound<'_, PyAny>, destination: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        let list =
            |o: &Bound<'_, PyAny>| -> PyResult<Vec<i64>> { int_arg(o).map(|i| vec![i]).or_else(|_| sequence_ints(o)) };
        self.strided()?.movedims(&list(source)?, &list(destination)?).py().map(PyTensor::new)
    }

    /// A view with arbitrary sizes, strides and offset over the same storage.
    #[pyo3(signature = (size, stride, storage_offset=None))]
    fn as_strided(
        &self,
        size: &Bound<'_, PyAny>,
        stride: &Bound<'_, PyAny>,
        storage_offset: Option<i64>,
    ) -> PyResult<PyTensor> {
        let strides = sequence_ints(stride)?;
        if strides.iter().any(|&s| s < 0) {
            return Err(PyRuntimeError::new_err(format!(
                "as_strided: Negative strides are not supported at the moment, got strides: {}",
                oxtorch::shape::fmt_list(&strides)
            )));
        }
        let offset = storage_offset
            .map(|o| {
                usize::try_from(o).map_err(|_| PyRuntimeError::new_err(format!("Tensor: invalid storage offset {o}")))
            })
            .transpose()?;
        let strides: Vec<usize> = strides.iter().map(|&s| s as usize).collect();
        self.strided()?.as_strided(&to_sizes(&sequence_ints(size)?)?, &strides, offset).py().map(PyTensor::new)
    }

    /// Sliding windows along a dimension.
    fn unfold(&self, dimension: i64, size: i64, step: i64) -> PyResult<PyTensor> {
        self.strided()?.unfold(dimension, size, step).py().map(PyTensor::new)
    }

    /// Pieces of `split_size` (an int) or of the given sizes (a list).
    #[pyo3(signature = (split_size_or_sections, dim=0))]
    fn split<'py>(
        &self,
        py: Python<'py>,
        split_size_or_sections: &Bound<'py, PyAny>,
        dim: i64,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let parts = match int_arg(split_size_or_sections) {
            Ok(n) => self.strided()?.split(n, dim),
            Err(_) => self.strided()?.split_with_sizes(&sequence_ints(split_size_or_sections)?, dim),
        };
        tensor_tuple(py, parts.py()?)
    }

    /// `chunks` nearly equal pieces.
    #[pyo3(signature = (chunks, dim=0))]
    fn chunk<'py>(&self, py: Python<'py>, chunks: i64, dim: i64) -> PyResult<Bound<'py, PyTuple>> {
        tensor_tuple(py, self.strided()?.chunk(chunks, dim).py()?)
    }

    fn __getitem__(&self, idx: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.strided()?.index(&index_list(idx)?).py().map(PyTensor::new)
    }

    fn __setitem__(&self, py: Python<'_>, idx: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let view = self.strided()?.index(&index_list(idx)?).py()?;
        match operand(value)? {
            Operand::Tensor(src) => compute(py, &[&view, &src], || view.copy_(&src)),
            Operand::Scalar(s) => compute(py, &[&view], || view.fill_(s)),
        }
    }

    // ----- copies and casts -----

    /// This tensor if contiguous in `memory_format`, else a copy laid out so.
    #[pyo3(signature = (memory_format=None))]
    fn contiguous(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        memory_format: Option<PyMemoryFormat>,
    ) -> PyResult<Py<PyTensor>> {
        let format = memory_format.map_or(MemoryFormat::Contiguous, |f| f.0);
        if format != MemoryFormat::Preserve && slf.strided()?.is_contiguous_in(format) {
            return Ok(slf.into());
        }
        let t = slf.strided()?.clone();
        Py::new(py, PyTensor::new(compute(py, &[&t], || t.contiguous_in(format))?))
    }

    /// A copy of the data (`preserve_format` keeps dense layouts).
    #[pyo3(signature = (memory_format=None))]
    fn clone(&self, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<PyTensor> {
        let t = &self.strided()?;
        let format = memory_format.map_or(MemoryFormat::Preserve, |f| f.0);
        compute(py, &[t], || t.clone_in(format)).map(PyTensor::new)
    }

    /// `to(dtype)`, `to(device)`, `to(other)`, with `memory_format=` and `copy=`: this tensor itself when nothing
    /// changes and no copy is asked for.
    #[pyo3(signature = (*args, **kwargs))]
    fn to(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        args: &Bound<'_, PyTuple>,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyTensor>> {
        let (options, copy) = to_target(args, kwargs)?;
        let t = slf.strided()?.clone();
        let result = compute(py, &[&t], || t.to(options, copy))?;
        if result.is_same(slf.strided()?) && result.dtype() == slf.strided()?.dtype() {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::new(result))
    }

    /// Copies `src` into this tensor (broadcasting, converting), returning this tensor.
    fn copy_(slf: PyRef<'_, Self>, py: Python<'_>, src: PyRef<'_, PyTensor>) -> PyResult<Py<PyTensor>> {
        let (dst, src) = (slf.strided()?.clone(), src.strided()?.clone());
        compute(py, &[&dst, &src], || dst.copy_(&src))?;
        Ok(slf.into())
    }

    /// Sets every element to `value`, returning this tensor.
    fn fill_(slf: PyRef<'_, Self>, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Py<PyTensor>> {
        let v = match operand(value)? {
            Operand::Scalar(s) => s,
            Operand::Tensor(t) => t.item().py()?,
        };
        let dst = slf.strided()?.clone();
        compute(py, &[&dst], || dst.fill_(v))?;
        Ok(slf.into())
    }

    /// Sets every element to zero, returning this tensor.
    fn zero_(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<PyTensor>> {
        let dst = slf.strided()?.clone();
        compute(py, &[&dst], || dst.fill_(0))?;
        Ok(slf.into())
    }

    /// A copy on the CPU (this tensor when already there).
    fn cpu(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<PyTensor>> {
        if slf.strided()?.device().is_cpu() {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::new(slf.strided()?.to_device(oxtorch::Device::cpu()).py()?))
    }

    /// A copy on a CUDA device (fails clearly in a build without a CUDA backend).
    #[pyo3(signature = (device=None))]
    fn cuda(&self, device: Option<&Bound<'_, PyAny>>) -> PyResult<PyTensor> {
        let d = match device {
            Some(d) if !d.is_none() => device_arg(d)?,
            _ => oxtorch::Device::parse("cuda").py()?,
        };
        self.strided()?.to_device(d).py().map(PyTensor::new)
    }

    fn float(&self) -> PyResult<PyTensor> {
        self.cast(DType::Float32)
    }
    fn double(&self) -> PyResult<PyTensor> {
        self.cast(DType::Float64)
    }
    fn half(&self) -> PyResult<PyTensor> {
        self.cast(DType::Float16)
    }
    fn bfloat16(&self) -> PyResult<PyTensor> {
        self.cast(DType::BFloat16)
    }
    fn int(&self) -> PyResult<PyTensor> {
        self.cast(DType::Int32)
    }
    fn long(&self) -> PyResult<PyTensor> {
        self.cast(DType::Int64)
    }
    fn short(&self) -> PyResult<PyTensor> {
        self.cast(DType::Int16)
    }
    fn char(&self) -> PyResult<PyTensor> {
        self.cast(DType::Int8)
    }
    fn byte(&self) -> PyResult<PyTensor> {
        self.cast(DType::UInt8)
    }
    fn bool(&self) -> PyResult<PyTensor> {
        self.cast(DType::Bool)
    }
    fn cfloat(&self) -> PyResult<PyTensor> {
        self.cast(DType::Complex64)
    }
    fn cdouble(&self) -> PyResult<PyTensor> {
        self.cast(DType::Complex128)
    }

    // ----- arithmetic -----

    /// `self + alpha * other`.
    #[pyo3(signature = (other, *, alpha=None))]
    fn add(&self, py: Python<'_>, other: &Bound<'_, PyAny>, alpha: Option<&Bound<'_, PyAny>>) -> PyResult<PyTensor> {
        self.method(py, BinaryOp::Add { alpha: alpha_arg(alpha)? }, other)
    }

    /// `self - alpha * other`.
    #[pyo3(signature = (other, *, alpha=None))]
    fn sub(&self, py: Python<'_>, other: &Bound<'_, PyAny>, alpha: Option<&Bound<'_, PyAny>>) -> PyResult<PyTensor> {
        self.method(py, BinaryOp::Sub { alpha: alpha_arg(alpha)? }, other)
    }

    /// `self * other`.
    fn mul(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        self.method(py, BinaryOp::Mul, other)
    }

    /// `self / other`; `rounding_mode` None (true division), `'trunc'` or `'floor'`.
    #[pyo3(signature = (other, *, rounding_mode=None))]
    fn div(&self, py: Python<'_>, other: &Bound<'_, PyAny>, rounding_mode: Option<&str>) -> PyResult<PyTensor> {
        self.method(py, BinaryOp::Div { rounding_mode: rounding_arg(rounding_mode)? }, other)
    }

    /// In place `self += alpha * other`.
    #[pyo3(signature = (other, *, alpha=None))]
    fn add_(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        alpha: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyTensor>> {
        let op = BinaryOp::Add { alpha: alpha_arg(alpha)? };
        slf.in_place(py, op, other)?;
        Ok(slf.into())
    }

    /// In place `self -= alpha * other`.
    #[pyo3(signature = (other, *, alpha=None))]
    fn sub_(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        alpha: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Py<PyTensor>> {
        let op = BinaryOp::Sub { alpha: alpha_arg(alpha)? };
        slf.in_place(py, op, other)?;
        Ok(slf.into())
    }

    /// In place `self *= other`.
    fn mul_(slf: PyRef<'_, Self>, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyTensor>> {
        slf.in_place(py, BinaryOp::Mul, other)?;
        Ok(slf.into())
    }

    /// In place `self /= other`.
    #[pyo3(signature = (other, *, rounding_mode=None))]
    fn div_(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        rounding_mode: Option<&str>,
    ) -> PyResult<Py<PyTensor>> {
        let op = BinaryOp::Div { rounding_mode: rounding_arg(rounding_mode)? };
        slf.in_place(py, op, other)?;
        Ok(slf.into())
    }

    fn __add__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::ADD, other, false)
    }
    fn __radd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::ADD, other, false)
    }
    fn __sub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::SUB, other, false)
    }
    fn __rsub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::SUB, other, true)
    }
    fn __mul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::Mul, other, false)
    }
    fn __rmul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::Mul, other, false)
    }
    fn __truediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::DIV, other, false)
    }
    /// `other / self`, computed as PyTorch does: `self.reciprocal() * other`.
    fn __rtruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Some(g) = self.global() {
            return match crate::global::rdiv(g, other)? {
                Some(r) => Ok(Py::new(py, crate::global::wrap(r))?.into_any()),
                None => Ok(py.NotImplemented()),
            };
        }
        let Ok(other) = operand(other) else { return Ok(py.NotImplemented()) };
        let reciprocal =
            arith(py, BinaryOp::DIV, &Operand::Scalar(Scalar::Int(1)), &Operand::from(self.strided()?), Output::New)?;
        let r = arith(py, BinaryOp::Mul, &Operand::Tensor(reciprocal), &other, Output::New)?;
        Ok(Py::new(py, PyTensor::new(r))?.into_any())
    }
    fn __floordiv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, other, false)
    }
    fn __rfloordiv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        self.dunder(py, BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, other, true)
    }
    fn __iadd__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.in_place(py, BinaryOp::ADD, other)
    }
    fn __isub__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.in_place(py, BinaryOp::SUB, other)
    }
    fn __imul__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.in_place(py, BinaryOp::Mul, other)
    }
    fn __itruediv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.in_place(py, BinaryOp::DIV, other)
    }
    fn __ifloordiv__(&self, py: Python<'_>, other: &Bound<'_, PyAny>) -> PyResult<()> {
        self.in_place(py, BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, other)
    }
    fn __neg__(&self, py: Python<'_>) -> PyResult<PyTensor> {
        if let Some(g) = self.global() {
            return crate::global::neg(g).map(crate::global::wrap);
        }
        if self.strided()?.dtype() == DType::Bool {
            return Err(PyRuntimeError::new_err("Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead."));
        }
        arith(py, BinaryOp::Mul, &Operand::from(self.strided()?), &Operand::Scalar(Scalar::Int(-1)), Output::New)
            .map(PyTensor::new)
    }
    fn __pos__(slf: PyRef<'_, Self>) -> Py<PyTensor> {
        slf.into()
    }

    // ----- values -----

    /// The values as (nested) Python lists.
    fn tolist(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let t = self.valued()?;
        let values = t.to_scalars().py()?;
        nested_list(py, &values, t.sizes())
    }

    /// The single value as a Python number.
    fn item(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        scalar_to_py(py, self.valued()?.item().py()?)
    }

    fn __len__(&self) -> PyResult<usize> {
        if self.shaped()?.dim() == 0 {
            return Err(PyTypeError::new_err("len() of a 0-d tensor"));
        }
        Ok(self.shaped()?.sizes()[0])
    }

    fn __bool__(&self) -> PyResult<bool> {
        match self.shaped()?.numel() {
            0 => Err(PyRuntimeError::new_err("Boolean value of Tensor with no values is ambiguous")),
            1 => Ok(self.valued()?.item().py()?.to_bool()),
            _ => Err(PyRuntimeError::new_err("Boolean value of Tensor with more than one value is ambiguous")),
        }
    }

    fn __int__(&self) -> PyResult<i64> {
        Ok(self.valued()?.item().py()?.to_i64())
    }

    fn __float__(&self) -> PyResult<f64> {
        Ok(self.valued()?.item().py()?.to_f64())
    }

    fn __complex__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let c = self.valued()?.item().py()?.to_complex();
        Ok(pyo3::types::PyComplex::from_doubles(py, c.re, c.im).into_any().unbind())
    }

    fn __index__(&self) -> PyResult<i64> {
        if !self.strided()?.dtype().is_integral(true) || self.strided()?.numel() != 1 {
            return Err(PyTypeError::new_err("only integer tensors of a single element can be converted to an index"));
        }
        Ok(self.strided()?.item().py()?.to_i64())
    }

    fn __repr__(&self) -> PyResult<String> {
        if let Some(g) = self.global() {
            return g.repr().py();
        }
        Ok(self.strided()?.repr())
    }

    /// Whether both tensors have the same sizes and values.
    fn equal(&self, other: PyRef<'_, PyTensor>) -> PyResult<bool> {
        crate::functions::tensors_equal(self.strided()?, other.strided()?)
    }

    /// A NumPy array sharing this tensor's memory.
    #[pyo3(signature = (*, force=false))]
    fn numpy<'py>(slf: &Bound<'py, Self>, force: bool) -> PyResult<Bound<'py, PyAny>> {
        let _ = force;
        if let Some(logical) = global_logical(slf)? {
            return crate::interop::tensor_to_numpy(slf.py(), &logical);
        }
        crate::interop::tensor_to_numpy(slf.py(), slf)
    }

    /// NumPy's array protocol: the shared-memory array (converted when a dtype is asked for).
    #[pyo3(signature = (dtype=None, copy=None))]
    fn __array__<'py>(
        slf: &Bound<'py, Self>,
        dtype: Option<&Bound<'py, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let mut array = match global_logical(slf)? {
            Some(logical) => crate::interop::tensor_to_numpy(slf.py(), &logical)?,
            None => crate::interop::tensor_to_numpy(slf.py(), slf)?,
        };
        if let Some(d) = dtype {
            if !d.is_none() {
                array = array.call_method1("astype", (d,))?;
            }
        }
        if copy == Some(true) {
            array = array.call_method0("copy")?;
        }
        Ok(array)
    }

    /// DLPack export: a capsule describing this tensor's memory (no copy).
    #[pyo3(signature = (*, stream=None, max_version=None, dl_device=None, copy=None))]
    fn __dlpack__(
        &self,
        py: Python<'_>,
        stream: Option<&Bound<'_, PyAny>>,
        max_version: Option<&Bound<'_, PyAny>>,
        dl_device: Option<&Bound<'_, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        let _ = (stream, dl_device);
        let versioned = match max_version {
            Some(v) if !v.is_none() => v.get_item(0)?.extract::<i64>()? >= 1,
            _ => false,
        };
        if copy == Some(true) {
            let c = self.strided()?.clone_in(oxtorch::MemoryFormat::Contiguous).map_err(to_py)?;
            return crate::interop::to_dlpack(py, &c, versioned);
        }
        crate::interop::to_dlpack(py, self.strided()?, versioned)
    }

    /// DLPack device: `(1, 0)`, the CPU.
    fn __dlpack_device__(&self) -> PyResult<(i32, i32)> {
        if self.strided()?.device().is_cpu() {
            Ok((1, 0))
        } else {
            Err(pyo3::exceptions::PyBufferError::new_err(format!("no DLPack device for {}", self.strided()?.device())))
        }
    }

    /// Whether all values are close: `|self - other| <= atol + rtol * |other|`.
    #[pyo3(signature = (other, rtol=1e-05, atol=1e-08, equal_nan=false))]
    fn allclose(&self, other: PyRef<'_, PyTensor>, rtol: f64, atol: f64, equal_nan: bool) -> PyResult<bool> {
        crate::functions::tensors_allclose(self.strided()?, other.strided()?, rtol, atol, equal_nan)
    }
}

impl PyTensor {
    fn cast(&self, dtype: DType) -> PyResult<PyTensor> {
        self.strided()?.to_dtype(dtype).py().map(PyTensor::new)
    }

    fn method(&self, py: Python<'_>, op: BinaryOp, other: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        if let Some(r) = self.global_arith(py, op, other, false, false)? {
            return Ok(r);
        }
        arith(py, op, &Operand::from(self.strided()?), &operand(other)?, Output::New).map(PyTensor::new)
    }

    fn in_place(&self, py: Python<'_>, op: BinaryOp, other: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.global_arith(py, op, other, false, true)?.is_some() {
            return Ok(());
        }
        arith(py, op, &Operand::from(self.strided()?), &operand(other)?, Output::InPlace).map(|_| ())
    }

    /// Runs a global operation when this tensor or `other` is global (`None` otherwise); an unsupported operand
    /// type is a TypeError here (the operators turn it into NotImplemented first).
    fn global_arith(
        &self,
        py: Python<'_>,
        op: BinaryOp,
        other: &Bound<'_, PyAny>,
        reflected: bool,
        in_place: bool,
    ) -> PyResult<Option<PyTensor>> {
        let me = Py::new(py, PyTensor { value: self.value.clone() })?.into_bound(py).into_any();
        if !crate::global::any_global(&[&me, other]) {
            return Ok(None);
        }
        let (lhs, rhs) = if reflected { (other, &me) } else { (&me, other) };
        match crate::global::arith(op, lhs, rhs, in_place)? {
            Some(g) => Ok(Some(crate::global::wrap(g))),
            None => Err(PyTypeError::new_err(format!(
                "unsupported operand type: expected a Tensor or a number, but got {}",
                other.get_type().name()?
            ))),
        }
    }

    /// An operator: NotImplemented for operands that are neither tensors nor numbers (so Python tries the other
    /// side), errors as PyTorch raises them otherwise. `reflected` computes `other op self`.
    fn dunder(&self, py: Python<'_>, op: BinaryOp, other: &Bound<'_, PyAny>, reflected: bool) -> PyResult<Py<PyAny>> {
        let global_operands = self.global().is_some() || crate::global::any_global(&[other]);
        if global_operands && (other.is_instance_of::<PyTensor>() || args::scalar(other)?.is_some()) {
            if let Some(r) = self.global_arith(py, op, other, reflected, false)? {
                return Ok(Py::new(py, r)?.into_any());
            }
        }
        let Ok(other) = operand(other) else { return Ok(py.NotImplemented()) };
        let me = Operand::from(self.strided()?);
        let (lhs, rhs) = if reflected { (&other, &me) } else { (&me, &other) };
        let t = arith(py, op, lhs, rhs, Output::New)?;
        Ok(Py::new(py, PyTensor::new(t))?.into_any())
    }
}

/// A global tensor's logical value as a (temporary) Python tensor, for the conversions that need values.
fn global_logical<'py>(slf: &Bound<'py, PyTensor>) -> PyResult<Option<Bound<'py, PyTensor>>> {
    let logical = match &slf.borrow().value {
        TensorValue::Global(g) => g.to_logical().py()?,
        _ => return Ok(None),
    };
    Ok(Some(Bound::new(slf.py(), PyTensor::new(logical))?))
}

/// A tuple of tensors (what `split` and `chunk` return).
fn tensor_tuple(py: Python<'_>, parts: Vec<Tensor>) -> PyResult<Bound<'_, PyTuple>> {
    let objects = parts.into_iter().map(|t| Py::new(py, PyTensor::new(t))).collect::<PyResult<Vec<_>>>()?;
    PyTuple::new(py, objects)
}

/// Builds a Python exception from an oxtorch error (re-exported for sibling modules).
pub fn err(e: oxtorch::Error) -> PyErr {
    to_py(e)
}
