//! `oxtorch.Tensor`: attributes, views, indexing, copies and casts, arithmetic and its operators, conversion to
//! Python values, all with PyTorch's names, signatures and errors.

use crate::args::{self, int_arg, int_list, operand, sequence_ints, to_sizes};
use crate::attributes::{dtype_object, PyDType, PyLayout, PyMemoryFormat};
use crate::device::{device_arg, PyDevice};
use crate::errors::{to_py, ResultExt};
use crate::signature::Parser;
use crate::value::{
    compute, legacy_type_name, scalar_to_py, size_object, tensor_tuple, warn_once, PyTensor, TensorValue,
};
use oxtorch::scalar::ConversionCheck;
use oxtorch::{AnyTensor, Operand};
use oxtorch::{DType, IndexEntry, IndexValue, MemoryFormat, Scalar, Tensor, TensorIndex, TensorOptions};
use pyo3::exceptions::{PyIndexError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyEllipsis, PyList, PySlice, PyTuple};
use std::sync::atomic::AtomicBool;

/// A Python index as oxtorch's index entries, and whether it was a tuple (a tuple is applied as PyTorch's
/// `applySlicing`, a single basic item directly to dimension 0). Entries are integers, slices, `None`, `...`,
/// Python bools, tensors, NumPy arrays, and lists (nested lists of numbers become index tensors: bool ones masks,
/// others int64, as PyTorch's `indexing_tensor_from_data` makes them). A list is read as a tuple, as PyTorch's
/// `treatSequenceAsTuple` does, when it is shorter than 32 and holds a tensor, a list or tuple, a slice, `...` or
/// `None`.
fn index_list(idx: &Bound<'_, PyAny>) -> PyResult<(Vec<IndexEntry>, bool)> {
    let (items, tuple): (Vec<Bound<'_, PyAny>>, bool) = match idx.cast::<PyTuple>() {
        Ok(t) => (t.iter().collect(), true),
        Err(_) => match idx.cast::<PyList>() {
            Ok(l) if list_as_tuple(l)? => (l.iter().collect(), true),
            _ => (vec![idx.clone()], false),
        },
    };
    let list = items.iter().map(index_entry).collect::<PyResult<Vec<_>>>()?;
    Ok((list, tuple))
}

/// PyTorch's `treatSequenceAsTuple` for a list.
fn list_as_tuple(l: &Bound<'_, PyList>) -> PyResult<bool> {
    if l.len() >= 32 {
        return Ok(false);
    }
    Ok(l.iter().any(|item| {
        item.is_instance_of::<PyTensor>()
            || item.is_instance_of::<PyList>()
            || item.is_instance_of::<PyTuple>()
            || item.is_instance_of::<PySlice>()
            || item.is_instance_of::<PyEllipsis>()
            || item.is_none()
    }))
}

/// One entry of a Python index.
fn index_entry(item: &Bound<'_, PyAny>) -> PyResult<IndexEntry> {
    if item.is_none() {
        Ok(IndexEntry::Basic(TensorIndex::NewAxis))
    } else if item.is_instance_of::<PyEllipsis>() {
        Ok(IndexEntry::Basic(TensorIndex::Ellipsis))
    } else if let Ok(s) = item.cast::<PySlice>() {
        Ok(IndexEntry::Basic(TensorIndex::slice(
            slice_part(s, "start")?,
            slice_part(s, "stop")?,
            slice_part(s, "step")?,
        )))
    } else if item.is_instance_of::<pyo3::types::PyBool>() {
        Ok(IndexEntry::Bool(item.is_truthy()?))
    } else if let Ok(t) = item.cast::<PyTensor>() {
        Ok(IndexEntry::Tensor(t.borrow().strided()?.clone()))
    } else if item.is_instance_of::<PyList>() || item.is_instance_of::<PyTuple>() {
        Ok(IndexEntry::Tensor(indexing_tensor_from_data(item)?))
    } else if let Some(array) = crate::interop::numpy_to_tensor(item, true)? {
        // a NumPy array indexes as the tensor it converts to (integers, or a bool mask)
        Ok(IndexEntry::Tensor(array))
    } else {
        int_arg(item).map(|i| IndexEntry::Basic(TensorIndex::Int(i))).map_err(|_| {
            PyIndexError::new_err("only integers, slices (`:`), ellipsis (`...`), None and long or byte Variables are valid indices (got an unsupported type)")
        })
    }
}

/// A list of indices as an index tensor, as PyTorch's `indexing_tensor_from_data`: stored as the inferred dtype
/// when that is bool or uint8 (a mask), else as int64 (floats truncated).
fn indexing_tensor_from_data(data: &Bound<'_, PyAny>) -> PyResult<Tensor> {
    let inferred = crate::nested::read(data, None, false)?.dtype;
    let dtype = if matches!(inferred, DType::Bool | DType::UInt8) { inferred } else { DType::Int64 };
    let nested = crate::nested::read(data, Some(dtype), true)?;
    oxtorch::tensor::factory::tensor_from_scalars(&nested.values, &nested.shape, dtype).py()
}

/// One bound of a slice as Python's slice unpacking reads it: None, or an integer clamped to 64 bits.
fn slice_part(s: &Bound<'_, PySlice>, name: &str) -> PyResult<Option<i64>> {
    let v = s.getattr(name)?;
    if v.is_none() {
        return Ok(None);
    }
    let index = v
        .call_method0("__index__")
        .map_err(|_| PyTypeError::new_err("slice indices must be integers or None or have an __index__ method"))?;
    match index.extract::<i64>() {
        Ok(i) => Ok(Some(i)),
        Err(_) => Ok(Some(if index.lt(0)? { i64::MIN } else { i64::MAX })),
    }
}

/// Applies a Python index: a view for basic indexing, a copy with index tensors or masks.
fn apply_index(t: &Tensor, idx: &Bound<'_, PyAny>) -> PyResult<Tensor> {
    let (list, tuple) = index_list(idx)?;
    t.index_entries(&list, tuple).py()
}

/// The entries of an index that has only basic ones (integers, slices, `None`, `...`); sparse tensors take no
/// other.
fn basic_entries(list: Vec<IndexEntry>) -> PyResult<Vec<TensorIndex>> {
    list.into_iter()
        .map(|e| match e {
            IndexEntry::Basic(b) => Ok(b),
            _ => Err(PyIndexError::new_err(
                "indexing a sparse tensor with tensors, lists or bools (advanced indexing) is not supported by oxtorch yet",
            )),
        })
        .collect()
}

/// Whether an index holds an advanced entry (an index tensor, a mask, a list, a Python bool).
fn is_advanced(list: &[IndexEntry]) -> bool {
    list.iter().any(|e| !matches!(e, IndexEntry::Basic(_)))
}

/// Sizes or dimensions given as varargs (`view(2, 3)`), as one sequence (`view((2, 3))`), or by keyword
/// (`view(size=(2, 3))`), as PyTorch's argument parser accepts them.
fn ints_or_keyword(
    method: &str,
    args: &Bound<'_, PyTuple>,
    kwargs: Option<&Bound<'_, PyDict>>,
    keyword: &str,
) -> PyResult<Vec<i64>> {
    let mut by_keyword = None;
    if let Some(k) = kwargs {
        for (name, v) in k.iter() {
            let name: String = name.extract()?;
            if name != keyword {
                return Err(PyTypeError::new_err(format!("{method}() got an unexpected keyword argument '{name}'")));
            }
            by_keyword = Some(v);
        }
    }
    let named = |e| args::name_list_error(method, keyword, e);
    match by_keyword {
        Some(_) if !args.is_empty() => {
            Err(PyTypeError::new_err(format!("{method}() got multiple values for argument '{keyword}'")))
        }
        Some(v) => sequence_ints(&v).map_err(named),
        None if args.is_empty() => {
            Err(PyTypeError::new_err(format!("{method}() missing 1 required positional arguments: \"{keyword}\"")))
        }
        None => int_list(args).map_err(named),
    }
}

/// The tensor options a `type(...)` argument names: a dtype, a legacy type (`oxtorch.IntTensor`, whose `dtype`
/// attribute says which), or a legacy type name (`"torch.IntTensor"`, `"torch.cuda.IntTensor"`; the
/// `torch.sparse.` prefix names the dtype only, as in PyTorch).
fn legacy_type_target(target: &Bound<'_, PyAny>) -> PyResult<TensorOptions> {
    if let Ok(d) = target.extract::<PyDType>() {
        return Ok(TensorOptions::new().dtype(d.0));
    }
    if target.is_instance_of::<pyo3::types::PyType>() {
        if let Some(d) = target.getattr("dtype").ok().and_then(|d| d.extract::<PyDType>().ok()) {
            return Ok(TensorOptions::new().dtype(d.0).device(oxtorch::Device::cpu()));
        }
    }
    let Ok(name) = target.extract::<String>() else {
        return Err(PyTypeError::new_err("dtype must be a type, str, or dtype object"));
    };
    let invalid = || PyValueError::new_err(format!("invalid type: '{name}'"));
    let rest = name.strip_prefix("torch.").or_else(|| name.strip_prefix("oxtorch.")).ok_or_else(invalid)?;
    let (device, rest) = match rest.strip_prefix("cuda.") {
        Some(r) => (oxtorch::Device::new(oxtorch::DeviceType::Cuda, None).py()?, r),
        None => (oxtorch::Device::cpu(), rest),
    };
    let rest = rest.strip_prefix("sparse.").unwrap_or(rest);
    let dtype = DType::ALL
        .into_iter()
        .find(|d| legacy_type_name(*d).strip_prefix("oxtorch.") == Some(rest))
        .ok_or_else(invalid)?;
    Ok(TensorOptions::new().dtype(dtype).device(device))
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

#[pymethods]
impl PyTensor {
    // ----- attributes -----

    /// The element type.
    #[getter]
    fn dtype(&self, py: Python<'_>) -> PyResult<Py<PyDType>> {
        dtype_object(py, self.shaped()?.dtype())
    }

    /// The device the data lives on (a cpu or meta tensor reports its device without an index, as PyTorch's do).
    #[getter]
    fn device(&self) -> PyResult<PyDevice> {
        let device = self.any().local_device().py()?;
        Ok(PyDevice::wrap(match self.strided() {
            Ok(t) => oxtorch::display::tensor_device(t),
            Err(_) => device,
        }))
    }

    /// Iterates over the first dimension (`iter(t)`); a 0-d tensor cannot be iterated.
    fn __iter__<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        if self.strided()?.dim() == 0 {
            return Err(PyTypeError::new_err("iteration over a 0-d tensor"));
        }
        let parts = (0..self.strided()?.sizes()[0] as i64)
            .map(|i| self.strided()?.select(0, i).py().map(PyTensor::new))
            .collect::<PyResult<Vec<_>>>()?;
        PyList::new(py, parts)?.as_any().try_iter().map(|it| it.into_any())
    }

    /// The memory layout (`oxtorch.strided`).
    #[getter]
    fn layout(&self) -> PyResult<PyLayout> {
        if self.sparse().is_some() {
            return Ok(PyLayout(oxtorch::Layout::SparseCoo));
        }
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
        if let Some(s) = self.sparse() {
            return Ok(s.device().is_meta());
        }
        Ok(self.strided()?.is_meta())
    }

    /// True on the CPU.
    #[getter]
    fn is_cpu(&self) -> PyResult<bool> {
        if let Some(s) = self.sparse() {
            return Ok(s.device().is_cpu());
        }
        Ok(self.strided()?.device().is_cpu())
    }

    /// `size()` as an `oxtorch.Size`, or `size(dim)` as an int.
    #[pyo3(signature = (dim=None))]
    fn size(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        if let Some(s) = self.sparse() {
            return match opt_dim(dim)? {
                None => size_object(py, s.sizes()),
                Some(d) => Ok(s.size(d).py()?.into_pyobject(py)?.into_any().unbind()),
            };
        }
        match opt_dim(dim)? {
            None => size_object(py, self.shaped()?.sizes()),
            Some(d) => Ok(self.shaped()?.size(d).py()?.into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// `stride()` as a tuple, or `stride(dim)` as an int (in elements).
    #[pyo3(signature = (dim=None))]
    fn stride(&self, py: Python<'_>, dim: Option<&Bound<'_, PyAny>>) -> PyResult<Py<PyAny>> {
        if let Some(s) = self.sparse() {
            // PyTorch 2.15 reports zero strides for sparse tensors
            return match opt_dim(dim)? {
                None => Ok(PyTuple::new(py, vec![0usize; s.dim()])?.into_any().unbind()),
                Some(d) => {
                    s.size(d).py().map(|_| 0usize.into_pyobject(py).map(|o| o.into_any().unbind()))?.map_err(Into::into)
                }
            };
        }
        // PyTorch's strides are int64: one that wrapped (a negative stride of a one-element dimension, absurd
        // `as_strided` arithmetic) reads as the negative number it is
        match opt_dim(dim)? {
            None => {
                let strides: Vec<i64> = self.strided()?.strides().iter().map(|&s| s as i64).collect();
                Ok(PyTuple::new(py, strides)?.into_any().unbind())
            }
            Some(d) => Ok((self.strided()?.stride(d).py()? as i64).into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// Offset of the first element in the storage.
    fn storage_offset(&self) -> PyResult<usize> {
        if self.sparse().is_some() {
            return Ok(0);
        }
        Ok(self.strided()?.storage_offset())
    }

    /// The address of the first element (`data_ptr()`): a host address on the CPU, a device address on CUDA; 0
    /// for a tensor without elements and on the meta device, as PyTorch gives.
    fn data_ptr(&self) -> PyResult<usize> {
        if self.sparse().is_some() {
            return Err(pyo3::exceptions::PyRuntimeError::new_err(
                "Cannot access data pointer of Tensor that doesn't have storage",
            ));
        }
        let t = self.strided()?;
        Ok(match (t.numel(), t.storage().data_ptr()) {
            (0, _) | (_, None) => 0,
            (_, Some(base)) => base + t.storage_offset() * t.element_size(),
        })
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
    #[pyo3(signature = (*, memory_format=None))]
    fn is_contiguous(&self, memory_format: Option<PyMemoryFormat>) -> PyResult<bool> {
        if self.sparse().is_some() {
            return Ok(false);
        }
        Ok(self.strided()?.is_contiguous_in(memory_format.map_or(MemoryFormat::Contiguous, |f| f.0)))
    }

    // ----- views -----

    /// Transposes a tensor of at most two dimensions.
    fn t(&self) -> PyResult<PyTensor> {
        if let Some(s) = self.sparse() {
            return s.t().py().map(PyTensor::new_sparse);
        }
        self.strided()?.t().py().map(PyTensor::new)
    }

    /// Swaps two dimensions.
    pub(crate) fn transpose(&self, dim0: i64, dim1: i64) -> PyResult<PyTensor> {
        if let Some(s) = self.sparse() {
            return s.transpose(dim0, dim1).py().map(PyTensor::new_sparse);
        }
        self.strided()?.transpose(dim0, dim1).py().map(PyTensor::new)
    }

    /// Reorders the dimensions: `permute(2, 0, 1)`, `permute((2, 0, 1))` or `permute(dims=(2, 0, 1))`.
    #[pyo3(signature = (*dims, **kwargs))]
    fn permute(&self, dims: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        if let Some(s) = self.sparse() {
            return s.permute(&ints_or_keyword("permute", dims, kwargs, "dims")?).py().map(PyTensor::new_sparse);
        }
        self.strided()?.permute(&ints_or_keyword("permute", dims, kwargs, "dims")?).py().map(PyTensor::new)
    }

    /// A view with new sizes (one may be -1; `view(size=...)`), failing when the strides do not allow it; or
    /// `view(dtype)` / `view(dtype=...)`: the same memory read as another element type (see
    /// `oxtorch::Tensor::view_dtype`).
    #[pyo3(signature = (*shape, **kwargs))]
    fn view(&self, shape: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let keyword = match kwargs {
            Some(k) if k.len() == 1 && shape.is_empty() => k.get_item("dtype")?,
            _ => None,
        };
        let positional = match (shape.len(), kwargs.map_or(0, |k| k.len())) {
            (1, 0) => shape.get_item(0)?.extract::<PyDType>().ok(),
            _ => None,
        };
        let dtype = match keyword {
            Some(d) => Some(d.extract::<PyDType>().map_err(|_| {
                PyTypeError::new_err(format!(
                    "view(): argument 'dtype' must be torch.dtype, not {}",
                    d.get_type().name().map(|n| n.to_string()).unwrap_or_default()
                ))
            })?),
            None => positional,
        };
        if let Some(d) = dtype {
            return self.dense("view(dtype)")?.view_dtype(d.0).py().map(PyTensor::new);
        }
        self.dense("view")?.view(&ints_or_keyword("view", shape, kwargs, "size")?).py().map(PyTensor::new)
    }

    /// New sizes (`reshape(2, 3)`, `reshape((2, 3))`, `reshape(shape=(2, 3))`): a view when possible, else a
    /// copy.
    #[pyo3(signature = (*shape, **kwargs))]
    fn reshape(&self, shape: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        self.dense("reshape")?.reshape(&ints_or_keyword("reshape", shape, kwargs, "shape")?).py().map(PyTensor::new)
    }

    /// Broadcasts size-1 dimensions without copying (-1 keeps a size); `expand(size=..., implicit=False)`.
    #[pyo3(signature = (*sizes, **kwargs))]
    fn expand(&self, sizes: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let kwargs = match kwargs {
            Some(k) if k.contains("implicit")? => {
                let k = k.copy()?;
                k.del_item("implicit")?;
                Some(k)
            }
            other => other.cloned(),
        };
        self.dense("expand")?
            .expand(&ints_or_keyword("expand", sizes, kwargs.as_ref(), "size")?)
            .py()
            .map(PyTensor::new)
    }

    /// A new tensor sharing this one's storage and geometry (`detach()`: oxtorch has no autograd, so nothing
    /// else changes).
    fn detach(&self) -> PyResult<PyTensor> {
        Ok(PyTensor::new(self.strided()?.detach()))
    }

    /// Expands to another tensor's sizes.
    fn expand_as(&self, other: PyRef<'_, PyTensor>) -> PyResult<PyTensor> {
        let sizes: Vec<i64> = crate::sparse::sizes_of(&other)?.iter().map(|&s| s as i64).collect();
        self.dense("expand_as")?.expand(&sizes).py().map(PyTensor::new)
    }

    /// `length` elements of `dim` from `start` (an int, or a 0-dim integer tensor), its arguments parsed as
    /// PyTorch's (see `crate::surface`).
    #[pyo3(signature = (*args, **kwargs))]
    fn narrow(&self, args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<PyTensor> {
        let (dim, start, length) = crate::surface::narrow_arguments(args, kwargs)?;
        self.dense_after_check("narrow", |m| m.narrow(dim, start, length))?
            .narrow(dim, start, length)
            .py()
            .map(PyTensor::new)
    }

    /// Removes `dim` by taking element `index` of it.
    fn select(&self, dim: i64, index: i64) -> PyResult<PyTensor> {
        if let Some(s) = self.sparse() {
            return s.select(dim, index).py().map(PyTensor::from_any);
        }
        self.strided()?.select(dim, index).py().map(PyTensor::new)
    }

    /// Removes size-1 dimensions: all, one, or a tuple of them.
    #[pyo3(signature = (dim=None))]
    fn squeeze(&self, dim: Option<&Bound<'_, PyAny>>) -> PyResult<PyTensor> {
        self.dense("squeeze")?;
        match dim {
            Some(d) if !d.is_none() => {
                if let Ok(dims) = sequence_ints(d) {
                    return self.strided()?.squeeze_dims(&dims).py().map(PyTensor::new);
                }
                self.strided()?.squeeze_dim(int_arg(d)?).py().map(PyTensor::new)
            }
            _ => Ok(PyTensor::new(self.strided()?.squeeze())),
        }
    }

    /// Inserts a size-1 dimension.
    fn unsqueeze(&self, dim: i64) -> PyResult<PyTensor> {
        if let Some(s) = self.sparse() {
            return s.unsqueeze(dim).py().map(PyTensor::new_sparse);
        }
        self.strided()?.unsqueeze(dim).py().map(PyTensor::new)
    }

    /// Merges dimensions `start_dim..=end_dim`; this tensor itself (the same object, as PyTorch returns `self`)
    /// when that is one dimension, so that resizing either (`out=`) resizes both.
    #[pyo3(signature = (start_dim=0, end_dim=-1))]
    fn flatten(slf: PyRef<'_, Self>, py: Python<'_>, start_dim: i64, end_dim: i64) -> PyResult<Py<PyTensor>> {
        let value = slf.any();
        let flat = value.flatten(start_dim, end_dim).py()?;
        if flat.same_tensor(&value) {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::from_any(flat))
    }

    /// Splits `dim` into `sizes`.
    fn unflatten(&self, dim: i64, sizes: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        let sizes = sequence_ints(sizes)?;
        self.dense_after_check("unflatten", |m| m.unflatten(dim, &sizes))?
            .unflatten(dim, &sizes)
            .py()
            .map(PyTensor::new)
    }

    /// A diagonal as a new last dimension.
    #[pyo3(signature = (offset=0, dim1=0, dim2=1))]
    fn diagonal(&self, offset: i64, dim1: i64, dim2: i64) -> PyResult<PyTensor> {
        self.dense_after_check("diagonal", |m| m.diagonal(offset, dim1, dim2))?
            .diagonal(offset, dim1, dim2)
            .py()
            .map(PyTensor::new)
    }

    /// Moves dimensions (ints or tuples).
    fn movedim(&self, source: &Bound<'_, PyAny>, destination: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        let list =
            |o: &Bound<'_, PyAny>| -> PyResult<Vec<i64>> { int_arg(o).map(|i| vec![i]).or_else(|_| sequence_ints(o)) };
        if let Some(s) = self.sparse() {
            return s.movedim(&list(source)?, &list(destination)?).py().map(PyTensor::new_sparse);
        }
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
        self.dense("as_strided")?;
        let (strides, offset) =
            oxtorch::shape::as_strided_strides_and_offset(&sequence_ints(stride)?, storage_offset).py()?;
        self.strided()?.as_strided(&to_sizes(&sequence_ints(size)?)?, &strides, offset).py().map(PyTensor::new)
    }

    /// Sliding windows along a dimension.
    fn unfold(&self, dimension: i64, size: i64, step: i64) -> PyResult<PyTensor> {
        self.dense("unfold")?.unfold(dimension, size, step).py().map(PyTensor::new)
    }

    /// Pieces of `split_size` (an int) or of the given sizes (a list).
    /// (PyTorch's Python method: see `crate::surface::split_method`.)
    #[pyo3(signature = (*args, **kwargs), text_signature = "($self, split_size, dim=0)")]
    fn split<'py>(
        slf: &Bound<'py, Self>,
        args: &Bound<'py, PyTuple>,
        kwargs: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Bound<'py, PyTuple>> {
        let (split_size, dim) = crate::surface::split_method_arguments(args, kwargs)?;
        crate::surface::split_method(slf, &split_size, dim)
    }

    /// `chunks` nearly equal pieces.
    #[pyo3(signature = (chunks, dim=0))]
    fn chunk<'py>(&self, py: Python<'py>, chunks: i64, dim: i64) -> PyResult<Bound<'py, PyTuple>> {
        tensor_tuple(py, self.dense_after_check("chunk", |m| m.chunk(chunks, dim))?.chunk(chunks, dim).py()?)
    }

    fn __getitem__(&self, idx: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
        if let Some(s) = self.sparse() {
            return s.index(&basic_entries(index_list(idx)?.0)?).py().map(PyTensor::from_any);
        }
        apply_index(self.strided()?, idx).map(PyTensor::new)
    }

    /// `t[index] = value`, as PyTorch's `THPVariable_setitem`: `t[False] = v` does nothing; with basic indices a
    /// number is converted to this tensor's dtype with PyTorch's overflow check (as `fill_` of the view does); a
    /// tensor of the same shape as the indexed view is copied, a 0-dim one fills it, any other is stripped of
    /// leading size-1 dimensions and expanded to the view's shape. With index tensors, lists or masks it is
    /// `index_put_` (`oxtorch::Tensor::index_put_entries`).
    fn __setitem__(&self, py: Python<'_>, idx: &Bound<'_, PyAny>, value: &Bound<'_, PyAny>) -> PyResult<()> {
        let dense = self.dense("__setitem__")?;
        if idx.is_instance_of::<pyo3::types::PyBool>() && !idx.is_truthy()? {
            return Ok(());
        }
        // PyTorch's `valueToTensor` unpacks a Python int as a C `long long`
        if value.is_exact_instance_of::<pyo3::types::PyInt>() && value.extract::<i64>().is_err() {
            return Err(crate::errors::unpack_overflow());
        }
        let value = match operand(value) {
            Ok(v) => v,
            Err(_) => {
                return Err(PyTypeError::new_err(format!(
                    "can't assign a {} to a {}",
                    value.get_type().name()?,
                    legacy_type_name(dense.dtype())
                )))
            }
        };
        // a bare `True` assigns through `unsqueeze(0)` as a copy (PyTorch's `set_item` for one boolean)
        let (list, tuple) = if idx.is_instance_of::<pyo3::types::PyBool>() {
            (vec![IndexEntry::Basic(TensorIndex::NewAxis)], false)
        } else {
            index_list(idx)?
        };
        if is_advanced(&list) {
            // index_put_: a number converted to this dtype, a tensor of this dtype broadcast to the result
            let target = dense;
            let value = match value {
                Operand::Scalar(s) => IndexValue::Scalar(s),
                Operand::Tensor(t) => IndexValue::Tensor(t),
            };
            let mut tensors = vec![target];
            if let IndexValue::Tensor(t) = &value {
                tensors.push(t);
            }
            return compute(py, &tensors, || target.index_put_entries(&list, &value));
        }
        let view = dense.index_entries(&list, tuple).py()?;
        match value {
            Operand::Scalar(s) => {
                // a number fills the view: one element through `scalar_fill` (float16 and bfloat16 via double)
                s.check_convertible(view.dtype(), oxtorch::scalar::fill_check(view.numel())).py()?;
                compute(py, &[&view], || view.fill_(s))
            }
            Operand::Tensor(src) if src.sizes() == view.sizes() => compute(py, &[&view, &src], || view.copy_(&src)),
            Operand::Tensor(src) if src.dim() == 0 && src.device().is_cpu() => {
                // fill_(Tensor): a broadcasting copy, from a clone when the value is a view of the target
                let src = if src.is_alias_of(&view) { src.clone_in(MemoryFormat::Contiguous).py()? } else { src };
                compute(py, &[&view, &src], || view.copy_(&src))
            }
            Operand::Tensor(src) => {
                let lead = src.sizes().iter().take_while(|&&n| n == 1).count();
                let stripped: Vec<i64> = src.sizes()[lead..].iter().map(|&n| n as i64).collect();
                let target: Vec<i64> = view.sizes().iter().map(|&n| n as i64).collect();
                let src = src.view(&stripped).py()?.expand(&target).py()?;
                compute(py, &[&view, &src], || view.copy_(&src))
            }
        }
    }

    // ----- copies and casts -----

    /// This tensor if contiguous in `memory_format`, else a copy laid out so.
    #[pyo3(signature = (*, memory_format=None))]
    fn contiguous(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        memory_format: Option<PyMemoryFormat>,
    ) -> PyResult<Py<PyTensor>> {
        let format = memory_format.map_or(MemoryFormat::Contiguous, |f| f.0);
        let t = slf.any();
        let result = match &t {
            AnyTensor::Strided(s) => compute(py, &[s], || t.contiguous_in(format))?,
            _ => t.contiguous_in(format).py()?,
        };
        match (&result, &t) {
            (AnyTensor::Strided(r), AnyTensor::Strided(s)) if r.is_same(s) => Ok(slf.into()),
            _ => Py::new(py, PyTensor::from_any(result)),
        }
    }

    /// A copy of the data (`preserve_format` keeps dense layouts).
    #[pyo3(signature = (*, memory_format=None))]
    fn clone(&self, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<PyTensor> {
        let format = memory_format.map_or(MemoryFormat::Preserve, |f| f.0);
        let t = self.any();
        match &t {
            AnyTensor::Strided(s) => compute(py, &[s], || t.clone_in(format)).map(PyTensor::from_any),
            _ => t.clone_in(format).py().map(PyTensor::from_any),
        }
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
        Self::converted(slf, py, options, copy)
    }

    /// `type()`: the legacy type name (`oxtorch.FloatTensor`, `oxtorch.cuda.LongTensor`, ...); `type(t)` with a
    /// dtype, a legacy type (`oxtorch.IntTensor`) or its name: this tensor converted, itself when nothing changes.
    /// `non_blocking` is accepted as `to` accepts it.
    #[pyo3(signature = (dtype=None, non_blocking=false, **kwargs))]
    fn r#type(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        dtype: Option<&Bound<'_, PyAny>>,
        non_blocking: bool,
        kwargs: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Py<PyAny>> {
        let _ = non_blocking;
        if let Some((k, _)) = kwargs.and_then(|k| k.iter().next()) {
            return Err(PyTypeError::new_err(format!("type() got an unexpected keyword argument '{k}'")));
        }
        let Some(target) = dtype.filter(|d| !d.is_none()) else {
            let (dtype, device) = match slf.sparse() {
                Some(s) => (s.dtype(), s.device()),
                None => (slf.strided()?.dtype(), slf.strided()?.device()),
            };
            let name = legacy_type_name(dtype);
            let prefix = match (device.type_name(), slf.sparse().is_some()) {
                ("cpu", false) => String::new(),
                ("cpu", true) => "sparse.".to_owned(),
                (other, false) => format!("{other}."),
                (other, true) => format!("{other}.sparse."),
            };
            return Ok(name
                .replacen("oxtorch.", &format!("oxtorch.{prefix}"), 1)
                .into_pyobject(py)?
                .into_any()
                .unbind());
        };
        let options = legacy_type_target(target)?;
        Ok(Self::converted(slf, py, options, false)?.into_any())
    }

    /// `T`: every dimension in reverse order (a view). PyTorch warns that this is deprecated for tensors of other
    /// than two dimensions, and so does oxtorch.
    #[getter(T)]
    fn reversed_dims(&self, py: Python<'_>) -> PyResult<PyTensor> {
        static ZERO_DIM: AtomicBool = AtomicBool::new(false);
        static NOT_MATRIX: AtomicBool = AtomicBool::new(false);
        let dim = self.shaped()?.dim();
        if dim == 0 {
            warn_once(
                py,
                &ZERO_DIM,
                "Tensor.T is deprecated on 0-D tensors. This function is the identity in these cases.",
            )?;
        } else if dim != 2 {
            warn_once(
                py,
                &NOT_MATRIX,
                "The use of `x.T` on tensors of dimension other than 2 to reverse their shape is deprecated and it \
                 will throw an error in a future release. Consider `x.mT` to transpose batches of matrices or \
                 `x.permute(*torch.arange(x.ndim - 1, -1, -1))` to reverse the dimensions of a tensor.",
            )?;
        }
        if let Some(s) = self.sparse() {
            let dims: Vec<i64> = (0..dim as i64).rev().collect();
            return s.permute(&dims).py().map(PyTensor::new_sparse);
        }
        Ok(PyTensor::new(self.strided()?.reverse_dims()))
    }

    /// `mT`: the last two dimensions swapped (a view); PyTorch's error for a 1-dim tensor, and its deprecation
    /// warning for a 0-dim one (returned as it is).
    #[getter(mT)]
    fn matrix_transposed(&self, py: Python<'_>) -> PyResult<PyTensor> {
        static ZERO_DIM: AtomicBool = AtomicBool::new(false);
        if self.shaped()?.dim() == 0 {
            warn_once(
                py,
                &ZERO_DIM,
                "Tensor.mT is deprecated on 0-D tensors. This function is the identity in these cases.",
            )?;
        }
        self.any().matrix_transpose().py().map(PyTensor::from_any)
    }

    /// `detach_()`: this tensor itself (oxtorch has no autograd graph to detach it from); PyTorch's error for a
    /// view.
    fn detach_(slf: PyRef<'_, Self>) -> PyResult<PyRef<'_, Self>> {
        slf.any().detach_().py()?;
        Ok(slf)
    }

    /// `_is_view()`: whether this tensor was made by a view operation from another.
    fn _is_view(&self) -> PyResult<bool> {
        Ok(self.sparse().is_none() && self.strided()?.is_view())
    }

    /// Copies `src` into this tensor (broadcasting, converting), returning this tensor. `non_blocking` is
    /// accepted for compatibility: copies between the CPU and the meta device are synchronous.
    #[pyo3(signature = (other, non_blocking=false))]
    fn copy_(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        other: &Bound<'_, PyAny>,
        non_blocking: bool,
    ) -> PyResult<Py<PyTensor>> {
        let _ = non_blocking;
        let src = args::tensor_arg(other, "copy_", "other", Some(1), true)?.borrow().any();
        let mut dst = slf.borrow().any();
        if let (AnyTensor::Strided(d), AnyTensor::Strided(s)) = (&dst, &src) {
            compute(py, &[d, s], || d.copy_(s))?;
        } else {
            // the core's rules for sparse tensors (a sparse destination is replaced) and its refusals
            dst.copy_(&src).py()?;
            slf.borrow_mut().replace(dst);
        }
        Ok(slf.clone().unbind())
    }

    /// Sets every element to `value`, returning this tensor.
    fn fill_(slf: PyRef<'_, Self>, py: Python<'_>, value: &Bound<'_, PyAny>) -> PyResult<Py<PyTensor>> {
        slf.dense("fill_")?;
        let value = operand(value)?;
        let dst = slf.strided()?.clone();
        compute(py, &[&dst], || dst.fill_value_(&value))?;
        Ok(slf.into())
    }

    /// Sets every element to zero, returning this tensor.
    fn zero_(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<PyTensor>> {
        if let (Some(s), TensorValue::SparseCoo(cell)) = (slf.sparse(), &slf.value) {
            cell.set(s.zeros_like().py()?);
            return Ok(slf.into());
        }
        let dst = slf.strided()?.clone();
        compute(py, &[&dst], || dst.fill_(0))?;
        Ok(slf.into())
    }

    /// This tensor in host memory (itself when already there), in `memory_format`.
    #[pyo3(signature = (*, memory_format=None))]
    fn cpu(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        if let Some(s) = slf.sparse() {
            return crate::sparse::to_device(slf, py, s, oxtorch::Device::cpu(), memory_format);
        }
        let t = slf.strided()?.clone();
        let options = TensorOptions::new().device(oxtorch::Device::cpu());
        let options = match memory_format {
            Some(f) => options.memory_format(f.0),
            None => options,
        };
        let result = compute(py, &[&t], || t.to(options, false))?;
        if result.is_same(&t) && result.dtype() == t.dtype() {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::new(result))
    }

    /// This tensor on a CUDA device (`device`: an index, `'cuda:N'` or a device; the current CUDA device when
    /// None): itself when already there. `non_blocking` changes nothing (copies from pageable memory are
    /// synchronous in PyTorch too).
    #[pyo3(signature = (device=None, non_blocking=false, *, memory_format=None))]
    fn cuda(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        device: Option<&Bound<'_, PyAny>>,
        non_blocking: bool,
        memory_format: Option<PyMemoryFormat>,
    ) -> PyResult<Py<PyTensor>> {
        let _ = non_blocking;
        let d = match device {
            Some(d) if !d.is_none() => match d.extract::<i64>() {
                Ok(i) => oxtorch::Device::from_ordinal(i).py()?,
                Err(_) => device_arg(d)?,
            },
            _ => oxtorch::Device::parse("cuda").py()?,
        };
        if d.type_name() != "cuda" {
            return Err(PyRuntimeError::new_err(format!("Invalid device, must be cuda device, got {d}")));
        }
        if let Some(s) = slf.sparse() {
            return crate::sparse::to_device(slf, py, s, d, memory_format);
        }
        let t = slf.strided()?.clone();
        let options = TensorOptions::new().device(d);
        let options = match memory_format {
            Some(f) => options.memory_format(f.0),
            None => options,
        };
        let result = compute(py, &[&t], || t.to(options, false))?;
        if result.is_same(&t) && result.dtype() == t.dtype() {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::new(result))
    }

    /// True on a CUDA device.
    #[getter]
    fn is_cuda(&self) -> PyResult<bool> {
        if let Some(s) = self.sparse() {
            return Ok(s.is_cuda());
        }
        Ok(self.strided()?.is_cuda())
    }

    #[pyo3(signature = (*, memory_format=None))]
    fn float(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Float32, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn double(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Float64, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn half(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Float16, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn bfloat16(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::BFloat16, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn int(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Int32, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn long(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Int64, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn short(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Int16, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn char(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Int8, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn byte(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::UInt8, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn bool(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Bool, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn cfloat(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Complex64, memory_format)
    }
    #[pyo3(signature = (*, memory_format=None))]
    fn cdouble(slf: PyRef<'_, Self>, py: Python<'_>, memory_format: Option<PyMemoryFormat>) -> PyResult<Py<PyTensor>> {
        PyTensor::cast(slf, py, DType::Complex128, memory_format)
    }

    // ----- values -----

    /// The values as (nested) Python lists.
    fn tolist(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        if self.global().is_some() {
            let t = self.valued()?;
            return nested_list(py, &t.to_scalars().py()?, t.sizes());
        }
        let values = self.dense("tolist")?.to_scalars().py()?;
        nested_list(py, &values, self.strided()?.sizes())
    }

    /// The single value as a Python number.
    fn item(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        scalar_to_py(py, self.any().item().py()?)
    }

    fn __len__(&self) -> PyResult<usize> {
        if let Some(s) = self.sparse() {
            return match s.sizes().first() {
                Some(&n) => Ok(n),
                None => Err(PyTypeError::new_err("len() of a 0-d tensor")),
            };
        }
        if self.shaped()?.dim() == 0 {
            return Err(PyTypeError::new_err("len() of a 0-d tensor"));
        }
        Ok(self.shaped()?.sizes()[0])
    }

    fn __bool__(&self) -> PyResult<bool> {
        self.any().is_nonzero().py()
    }

    /// `int(t)`: a floating value converts as Python's `int(float)` does (exactly; NaN and infinity raise); a
    /// complex one must have no imaginary part.
    fn __int__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let v = self.single_value()?;
        v.check_convertible(DType::Int64, ConversionCheck::Strict)
            .or_else(|e| match v {
                Scalar::Float(_) => Ok(()),
                _ => Err(e),
            })
            .py()?;
        match v {
            Scalar::Float(f) => Ok(pyo3::types::PyFloat::new(py, f).call_method0("__int__")?.unbind()),
            Scalar::Complex(c) => Ok(pyo3::types::PyFloat::new(py, c.re).call_method0("__int__")?.unbind()),
            other => Ok(other.to_i64().into_pyobject(py)?.into_any().unbind()),
        }
    }

    /// `float(t)`: a complex value must have no imaginary part.
    fn __float__(&self) -> PyResult<f64> {
        let v = self.single_value()?;
        v.check_convertible(DType::Float64, ConversionCheck::Strict).py()?;
        Ok(v.to_f64())
    }

    fn __complex__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let c = self.single_value()?.to_complex();
        Ok(pyo3::types::PyComplex::from_doubles(py, c.re, c.im).into_any().unbind())
    }

    fn __index__(&self) -> PyResult<i64> {
        self.any().index_value().py()
    }

    // ----- sparse COO -----

    /// True for sparse COO tensors.
    #[getter]
    fn is_sparse(&self) -> bool {
        self.sparse().is_some()
    }

    /// The number of sparse dimensions (0 for dense tensors).
    fn sparse_dim(&self) -> PyResult<usize> {
        crate::sparse::sparse_dim(self)
    }

    /// The number of dense dimensions (all of them for dense tensors).
    fn dense_dim(&self) -> PyResult<usize> {
        crate::sparse::dense_dim(self)
    }

    /// The number of specified elements of a sparse tensor.
    fn _nnz(&self) -> PyResult<usize> {
        Ok(crate::sparse::require_sparse(self, "_nnz")?.nnz())
    }

    /// The indices of a coalesced sparse tensor.
    fn indices(&self) -> PyResult<PyTensor> {
        crate::sparse::require_sparse(self, "indices")?.indices().py().map(PyTensor::new)
    }

    /// The values of a coalesced sparse tensor.
    fn values(&self) -> PyResult<PyTensor> {
        crate::sparse::require_sparse(self, "values")?.values().py().map(PyTensor::new)
    }

    /// The indices, coalesced or not (sharing storage).
    fn _indices(&self) -> PyResult<PyTensor> {
        Ok(PyTensor::new(crate::sparse::require_sparse(self, "_indices")?.raw_indices().clone()))
    }

    /// The values, coalesced or not (sharing storage).
    fn _values(&self) -> PyResult<PyTensor> {
        Ok(PyTensor::new(crate::sparse::require_sparse(self, "_values")?.raw_values().clone()))
    }

    /// Whether a sparse tensor is known to be coalesced.
    fn is_coalesced(&self) -> PyResult<bool> {
        Ok(crate::sparse::require_sparse(self, "is_coalesced")?.is_coalesced())
    }

    /// Sets the coalesced flag of a sparse tensor without checking, returning it.
    fn _coalesced_(slf: PyRef<'_, Self>, coalesced: bool) -> PyResult<Py<PyTensor>> {
        let mut s = crate::sparse::require_sparse(&slf, "_coalesced_")?;
        s.set_coalesced(coalesced);
        if let TensorValue::SparseCoo(cell) = &slf.value {
            cell.set(s);
        }
        Ok(slf.into())
    }

    /// The coalesced form of a sparse tensor (itself when already coalesced).
    fn coalesce(slf: PyRef<'_, Self>, py: Python<'_>) -> PyResult<Py<PyTensor>> {
        let s = crate::sparse::require_sparse(&slf, "coalesce")?;
        if s.is_coalesced() {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::new_sparse(s.coalesce().py()?))
    }

    /// The dense equivalent (a dense tensor returns itself).
    #[pyo3(signature = (dtype=None, *, masked_grad=None))]
    fn to_dense(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        dtype: Option<PyDType>,
        masked_grad: Option<bool>,
    ) -> PyResult<Py<PyTensor>> {
        let _ = masked_grad;
        match slf.sparse() {
            Some(s) => {
                let d = s.to_dense().py()?;
                let d = match dtype {
                    Some(dt) => d.to_dtype(dt.0).py()?,
                    None => d,
                };
                Py::new(py, PyTensor::new(d))
            }
            None => match dtype {
                Some(dt) => Py::new(py, PyTensor::new(slf.strided()?.to_dtype(dt.0).py()?)),
                None => Ok(slf.into()),
            },
        }
    }

    /// A sparse COO copy: `to_sparse()` (every dimension sparse) or `to_sparse(sparse_dim)`.
    #[pyo3(signature = (*args, layout=None, blocksize=None, dense_dim=None))]
    fn to_sparse(
        &self,
        args: &Bound<'_, PyTuple>,
        layout: Option<PyLayout>,
        blocksize: Option<&Bound<'_, PyAny>>,
        dense_dim: Option<i64>,
    ) -> PyResult<PyTensor> {
        let _ = (blocksize, dense_dim);
        crate::sparse::to_sparse(self, args, layout)
    }

    /// `to_sparse_coo()`: `to_sparse()` with every dimension sparse.
    fn to_sparse_coo(&self, py: Python<'_>) -> PyResult<PyTensor> {
        crate::sparse::to_sparse(self, &PyTuple::empty(py), None)
    }

    /// PyTorch's repr; a summarized tensor reads only the elements it shows.
    fn __repr__(&self) -> PyResult<String> {
        if let Some(g) = self.global() {
            return g.repr().py();
        }
        if let Some(s) = self.sparse() {
            return Ok(s.repr());
        }
        Ok(oxtorch::display::repr(self.strided()?))
    }

    /// `format(t, spec)`: a 0-dim tensor with data formats its value (`f"{t:.2f}"`), as PyTorch's does; any
    /// other tensor is formatted as `object.__format__` formats it (its `str` for an empty spec).
    fn __format__(slf: &Bound<'_, Self>, spec: &str) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let value = {
            let t = slf.borrow();
            match (t.sparse().is_none() && t.global().is_none(), t.strided()) {
                (true, Ok(s)) if s.dim() == 0 && !s.is_meta() => Some(t.item(py)?),
                _ => None,
            }
        };
        match value {
            Some(v) => v.bind(py).call_method1("__format__", (spec,)).map(|r| r.unbind()),
            None => {
                py.import("builtins")?.getattr("object")?.getattr("__format__")?.call1((slf, spec)).map(|r| r.unbind())
            }
        }
    }

    /// Whether both tensors have the same sizes and values.
    fn equal(&self, other: PyRef<'_, PyTensor>) -> PyResult<bool> {
        crate::functions::tensors_equal(self.dense("equal")?, other.dense("equal")?)
    }

    /// A NumPy array sharing this tensor's memory.
    #[pyo3(signature = (*, force=false))]
    fn numpy<'py>(slf: &Bound<'py, Self>, force: bool) -> PyResult<Bound<'py, PyAny>> {
        if let Some(logical) = global_logical(slf)? {
            return crate::interop::tensor_to_numpy(slf.py(), &logical);
        }
        if force {
            // PyTorch's `detach().cpu().resolve_conj().resolve_neg()` first
            let t = slf.borrow().dense("numpy")?.clone();
            if t.math_bits().any() || !t.device().is_cpu() {
                let values = Bound::new(slf.py(), PyTensor::new(t.resolved().py()?.cpu().py()?))?;
                return crate::interop::tensor_to_numpy(slf.py(), &values);
            }
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
            // keep the memory order, as `np.array(t)` (order 'K') does
            array = array.call_method1("copy", ("K",))?;
        }
        Ok(array)
    }

    /// DLPack export: a capsule describing this tensor's memory (no copy). For a CUDA tensor, `stream` is the
    /// consumer's stream, as the array API defines it: -1 asks for no synchronization, None or 1 the legacy
    /// default stream (oxtorch's own), 2 the per-thread default stream (refused, as PyTorch refuses it), another
    /// integer a stream handle; oxtorch's queued work on the tensor is finished before the capsule is returned.
    #[pyo3(signature = (*, stream=None, max_version=None, dl_device=None, copy=None))]
    fn __dlpack__(
        &self,
        py: Python<'_>,
        stream: Option<&Bound<'_, PyAny>>,
        max_version: Option<&Bound<'_, PyAny>>,
        dl_device: Option<&Bound<'_, PyAny>>,
        copy: Option<bool>,
    ) -> PyResult<Py<PyAny>> {
        let _ = dl_device;
        let t = self.dense("__dlpack__")?;
        if t.is_conj() {
            // PyTorch exports a tensor with the negative bit as its stored values
            return Err(pyo3::exceptions::PyBufferError::new_err("Can't export tensors with the conjugate bit set"));
        }
        let stream: Option<i64> = match stream {
            Some(s) if !s.is_none() => {
                Some(s.extract().map_err(|_| PyTypeError::new_err("stream must be ``int`` or ``none``"))?)
            }
            _ => None,
        };
        if t.is_cuda() {
            match stream {
                Some(2) => {
                    return Err(pyo3::exceptions::PyBufferError::new_err("per-thread default stream is not supported."))
                }
                Some(0) => return Err(PyRuntimeError::new_err("unsupported stream on CUDA: 0.")),
                Some(-1) => {}
                _ => py.detach(|| oxtorch::Device::synchronize(t.device())).py()?,
            }
        }
        let versioned = match max_version {
            Some(v) if !v.is_none() => v.get_item(0)?.extract::<i64>()? >= 1,
            _ => false,
        };
        if copy == Some(true) {
            let c = t.clone_in(oxtorch::MemoryFormat::Contiguous).map_err(to_py)?;
            return crate::interop::to_dlpack(py, &c, versioned);
        }
        crate::interop::to_dlpack(py, t, versioned)
    }

    /// DLPack device: `(1, 0)` for the CPU, `(2, index)` for a CUDA device.
    fn __dlpack_device__(&self) -> PyResult<(i32, i32)> {
        if let Some(s) = self.sparse() {
            return crate::interop::dlpack_device(s.device());
        }
        crate::interop::dlpack_device(self.strided()?.device())
    }
}

impl PyTensor {
    /// The value of a one-element tensor of any kind for `int()`, `float()`, `complex()`.
    fn single_value(&self) -> PyResult<Scalar> {
        self.any().single_value().py()
    }

    /// `float()`, `long()` ...: this tensor itself when it already has the dtype (and the memory format asked
    /// for), else a converted copy.
    fn cast(
        slf: PyRef<'_, Self>,
        py: Python<'_>,
        dtype: DType,
        memory_format: Option<PyMemoryFormat>,
    ) -> PyResult<Py<PyTensor>> {
        if let Some(s) = slf.sparse() {
            return Py::new(py, PyTensor::new_sparse(s.to_dtype(dtype).py()?));
        }
        let options =
            TensorOptions { dtype: Some(dtype), memory_format: memory_format.map(|f| f.0), ..TensorOptions::new() };
        PyTensor::converted(slf, py, options, false)
    }

    /// This tensor with `options` applied (`to`, `type`, `float()` ...): itself when nothing changes and no copy
    /// is asked for, else a new one.
    fn converted(slf: PyRef<'_, Self>, py: Python<'_>, options: TensorOptions, copy: bool) -> PyResult<Py<PyTensor>> {
        if let Some(s) = slf.sparse() {
            let mut r = s.clone();
            if let Some(d) = options.dtype {
                r = r.to_dtype(d).py()?;
            }
            if let Some(d) = options.device {
                r = r.to_device(d).py()?;
            }
            if copy {
                r = r.clone_tensor().py()?;
            }
            return Py::new(py, PyTensor::new_sparse(r));
        }
        let t = slf.strided()?.clone();
        let result = compute(py, &[&t], || t.to(options, copy))?;
        if result.is_same(slf.strided()?) && result.dtype() == slf.strided()?.dtype() {
            return Ok(slf.into());
        }
        Py::new(py, PyTensor::new(result))
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

/// `Tensor.to(...)`'s arguments as PyTorch's parser reads them, with its three signatures: `to(device=None,
/// dtype=None, non_blocking=False, copy=False, *, memory_format=None)`, `to(dtype, non_blocking=False, copy=False,
/// *, memory_format=None)`, `to(tensor, non_blocking=False, copy=False, *, memory_format=None)` (a Python number
/// counts as a tensor: `to(1.5)` is float64). The options to convert to, and `copy`.
fn to_target(args: &Bound<'_, PyTuple>, kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<(TensorOptions, bool)> {
    const SIGNATURES: [&str; 3] = [
        "torch.device device = None, torch.dtype dtype = None, bool non_blocking = False, bool copy = False, *, \
         torch.memory_format memory_format = None",
        "torch.dtype dtype, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None",
        "Tensor tensor, bool non_blocking = False, bool copy = False, *, torch.memory_format memory_format = None",
    ];
    let parser = Parser::plain("to", &SIGNATURES).numbers_as_tensors();
    let parsed = parser.parse(args, kwargs)?;
    let mut options = TensorOptions::new();
    if let Some(d) = parsed.get("device") {
        options.device = Some(device_arg(d)?);
    }
    if let Some(d) = parsed.get("dtype") {
        options.dtype = Some(args::dtype_value(d)?);
    }
    if let Some(t) = parsed.get("tensor") {
        match t.cast::<PyTensor>() {
            Ok(t) => {
                let t = t.borrow().any();
                options.dtype = Some(t.dtype());
                options.device = Some(t.device());
            }
            Err(_) => {
                // a number stands for the zero-dim CPU tensor PyTorch wraps it in
                options.dtype = args::scalar(t)?.map(args::wrapped_number_dtype);
                options.device = Some(oxtorch::Device::cpu());
            }
        }
    }
    if let Some(f) = parsed.get("memory_format") {
        options.memory_format = Some(f.extract::<PyMemoryFormat>()?.0);
    }
    Ok((options, parsed.flag("copy")?))
}
