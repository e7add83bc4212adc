//! Zero-copy exchange with NumPy (`from_numpy`, `Tensor.numpy()`) and DLPack (`__dlpack__`, `from_dlpack`).
//!
//! Shared memory is the one place the bindings need `unsafe`: foreign memory is wrapped through
//! `oxtorch::storage::ExternalBuffer` (whose contract is argued there), and exported memory is described to NumPy
//! and DLPack consumers by raw pointers kept valid by an owning reference to the storage. Every storage handed
//! across is marked shared, so oxtorch keeps the interpreter lock while kernels touch it (see
//! `oxtorch::storage`).

use crate::errors::ResultExt;
use crate::value::PyTensor;
use num_complex::Complex;
use numpy::npyffi::{self, NPY_ARRAY_WRITEABLE, PY_ARRAY_API};
use numpy::{PyArrayDescr, PyArrayDescrMethods, PyUntypedArray, PyUntypedArrayMethods};
use oxtorch::__private::backend::cpu::{CpuBuffer, ExternalBuffer};
use oxtorch::Storage;
use oxtorch::{DType, Tensor};
use pyo3::exceptions::{PyBufferError, PyRuntimeError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use std::ffi::{c_void, CStr};
use std::os::raw::c_int;

const SUPPORTED: &str = "The only supported types are: float64, float32, float16, complex64, complex128, int64, int32, int16, int8, uint8, and bool.";

/// The NumPy dtype of an oxtorch dtype (bfloat16 has none).
fn numpy_dtype<'py>(py: Python<'py>, dtype: DType) -> PyResult<Bound<'py, PyArrayDescr>> {
    use numpy::dtype as np;
    Ok(match dtype {
        DType::Bool => np::<bool>(py),
        DType::UInt8 => np::<u8>(py),
        DType::Int8 => np::<i8>(py),
        DType::Int16 => np::<i16>(py),
        DType::Int32 => np::<i32>(py),
        DType::Int64 => np::<i64>(py),
        DType::Float16 => np::<half::f16>(py),
        DType::Float32 => np::<f32>(py),
        DType::Float64 => np::<f64>(py),
        DType::Complex64 => np::<Complex<f32>>(py),
        DType::Complex128 => np::<Complex<f64>>(py),
        DType::BFloat16 => return Err(PyTypeError::new_err("Got unsupported ScalarType BFloat16")),
    })
}

/// The oxtorch dtype of a NumPy dtype.
pub(crate) fn from_numpy_dtype(py: Python<'_>, descr: &Bound<'_, PyArrayDescr>) -> PyResult<DType> {
    for d in DType::ALL.into_iter().filter(|&d| d != DType::BFloat16) {
        if descr.is_equiv_to(&numpy_dtype(py, d)?) {
            return Ok(d);
        }
    }
    Err(PyTypeError::new_err(format!("can't convert np.ndarray of type {}. {SUPPORTED}", descr.typeobj().name()?)))
}

/// Keeps a Python object alive from Rust (dropped without the interpreter lock, pyo3 defers the release).
struct PyOwner(#[allow(dead_code)] Py<PyAny>);

/// A tensor viewing a NumPy array's memory (`copy = false`), or a copy of it (`copy = true`); None when `obj` is
/// not a NumPy array.
pub fn numpy_to_tensor(obj: &Bound<'_, PyAny>, copy: bool) -> PyResult<Option<Tensor>> {
    let Ok(array) = obj.cast::<PyUntypedArray>() else { return Ok(None) };
    let py = obj.py();
    let dtype = from_numpy_dtype(py, &array.dtype())?;
    let itemsize = dtype.itemsize() as isize;
    let sizes: Vec<usize> = array.shape().to_vec();
    let byte_strides = array.strides();
    if byte_strides.iter().any(|&s| s < 0) {
        return Err(PyValueError::new_err("At least one stride in the given numpy array is negative, and tensors with negative strides are not currently supported. (You can probably work around this by making a copy of your array  with array.copy().) "));
    }
    if byte_strides.iter().any(|&s| s % itemsize != 0) {
        return Err(PyValueError::new_err("given numpy array strides not a multiple of the element byte size. Copy the numpy array to reallocate the memory."));
    }
    let strides: Vec<usize> = byte_strides.iter().map(|&s| (s / itemsize) as usize).collect();
    let len = oxtorch::shape::required_storage_len(&sizes, &strides, 0);
    // SAFETY: `as_array_ptr` is a live PyArrayObject (we hold a reference to it); reading its data field is a plain
    // field read of that struct.
    let data = unsafe { (*array.as_array_ptr()).fields.data } as *mut u8;
    let owner: Box<dyn Send + Sync> = Box::new(PyOwner(obj.clone().unbind()));
    // SAFETY: NumPy guarantees `data` is valid for the array's extent, which `len` elements from `data` cover
    // (strides are non-negative); the array object, kept alive by `owner`, owns that memory; NumPy stores valid
    // values of the element type; the storage is marked shared (ExternalBuffer::new does it through
    // Storage::from_buffer), so oxtorch only touches it with the interpreter lock held, as Python code does.
    let buffer = unsafe { ExternalBuffer::new(data, len, dtype, owner) }
        .ok_or_else(|| PyValueError::new_err("the numpy array's data is not aligned for its dtype; copy it first"))?;
    let storage = Storage::from_cpu_buffer(CpuBuffer::External(buffer));
    let t = oxtorch::tensor::Tensor::from_storage(storage, 0, &sizes, &strides).py()?;
    if copy {
        // PyTorch copies an array as `to(copy=True)` does: the strides of a dense array are kept (a Fortran-order
        // array stays column-major), others become contiguous
        return Ok(Some(t.clone_in(oxtorch::MemoryFormat::Preserve).py()?));
    }
    Ok(Some(t))
}

/// `oxtorch.from_numpy(ndarray)`: a tensor sharing the array's memory.
#[pyfunction]
pub fn from_numpy(ndarray: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
    match numpy_to_tensor(ndarray, false)? {
        Some(t) => Ok(PyTensor::new(t)),
        None => Err(PyTypeError::new_err(format!("expected np.ndarray (got {})", ndarray.get_type().name()?))),
    }
}

/// `Tensor.numpy()`: a NumPy array sharing the tensor's memory (the array keeps the storage alive).
pub fn tensor_to_numpy<'py>(py: Python<'py>, slf: &Bound<'py, PyTensor>) -> PyResult<Bound<'py, PyAny>> {
    let t = slf.borrow().dense("numpy")?.clone();
    if !t.device().is_cpu() {
        return Err(PyTypeError::new_err(format!(
            "can't convert {} device type tensor to numpy. Use Tensor.cpu() to copy the tensor to host memory first.",
            t.device()
        )));
    }
    if t.is_conj() {
        return Err(PyRuntimeError::new_err(
            "Can't call numpy() on Tensor that has conjugate bit set. Use tensor.resolve_conj().numpy() instead.",
        ));
    }
    if t.is_neg() {
        return Err(PyRuntimeError::new_err(
            "Can't call numpy() on Tensor that has negative bit set. Use tensor.resolve_neg().numpy() instead.",
        ));
    }
    let descr = numpy_dtype(py, t.dtype())?;
    let itemsize = t.element_size() as isize;
    let mut dims: Vec<npyffi::npy_intp> = t.sizes().iter().map(|&s| s as npyffi::npy_intp).collect();
    // PyTorch hands NumPy zero strides for a tensor without elements
    let empty = t.numel() == 0;
    let mut strides: Vec<npyffi::npy_intp> =
        t.strides().iter().map(|&s| if empty { 0 } else { s as isize * itemsize }).collect();
    let base = t.storage().data_ptr().ok_or_else(|| PyRuntimeError::new_err("tensor has no data"))?;
    t.storage().mark_foreign_visible();
    // the offset stays within the storage allocation (the tensor's view is in bounds)
    let data = (base + t.storage_offset() * t.element_size()) as *mut c_void;
    // SAFETY: NumPy C API calls with a valid array type object, a descriptor reference that the call steals,
    // dims/strides arrays of `ndim` entries that outlive the call, and a data pointer that stays valid as long as
    // the base object (this tensor, which holds the storage) lives; the base reference is stolen by
    // PyArray_SetBaseObject.
    unsafe {
        let subtype = npyffi::get_type_object(py, npyffi::NpyTypes::PyArray_Type);
        let array = PY_ARRAY_API.PyArray_NewFromDescr(
            py,
            subtype,
            descr.into_dtype_ptr(),
            dims.len() as c_int,
            dims.as_mut_ptr(),
            strides.as_mut_ptr(),
            data,
            NPY_ARRAY_WRITEABLE,
            std::ptr::null_mut(),
        );
        if array.is_null() {
            return Err(PyErr::fetch(py));
        }
        let base_obj = slf.clone().into_any().into_ptr();
        if PY_ARRAY_API.PyArray_SetBaseObject(py, array as *mut npyffi::PyArrayObject, base_obj) < 0 {
            pyo3::ffi::Py_DECREF(array);
            return Err(PyErr::fetch(py));
        }
        Ok(Bound::from_owned_ptr(py, array))
    }
}

// ----- DLPack -----
// The DLPack ABI (dlpack.h, v0.8 "legacy" managed tensor) written out: a handful of repr(C) structs. No crate in
// the field exposes it for pyo3 0.30 without pulling in its own Python layer.

#[repr(C)]
#[derive(Clone, Copy)]
struct DLDevice {
    device_type: i32,
    device_id: i32,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct DLDataType {
    code: u8,
    bits: u8,
    lanes: u16,
}

#[repr(C)]
struct DLTensor {
    data: *mut c_void,
    device: DLDevice,
    ndim: i32,
    dtype: DLDataType,
    shape: *mut i64,
    strides: *mut i64,
    byte_offset: u64,
}

#[repr(C)]
struct DLManagedTensor {
    dl_tensor: DLTensor,
    manager_ctx: *mut c_void,
    deleter: Option<unsafe extern "C" fn(*mut DLManagedTensor)>,
}

#[repr(C)]
#[derive(Clone, Copy)]
struct DLPackVersion {
    major: u32,
    minor: u32,
}

/// DLPack 1.0's managed tensor, with a version and flags (NumPy 2 makes legacy imports read-only).
#[repr(C)]
struct DLManagedTensorVersioned {
    version: DLPackVersion,
    manager_ctx: *mut c_void,
    deleter: Option<unsafe extern "C" fn(*mut DLManagedTensorVersioned)>,
    flags: u64,
    dl_tensor: DLTensor,
}

const KDL_CPU: i32 = 1;
const KDL_CUDA: i32 = 2;
const DLTENSOR_NAME: &CStr = c"dltensor";
const USED_DLTENSOR_NAME: &CStr = c"used_dltensor";
const VERSIONED_NAME: &CStr = c"dltensor_versioned";
const USED_VERSIONED_NAME: &CStr = c"used_dltensor_versioned";
const FLAG_READ_ONLY: u64 = 1;

fn dl_dtype(dtype: DType) -> DLDataType {
    let (code, bits) = match dtype {
        DType::Bool => (6, 8),
        DType::UInt8 => (1, 8),
        DType::Int8 => (0, 8),
        DType::Int16 => (0, 16),
        DType::Int32 => (0, 32),
        DType::Int64 => (0, 64),
        DType::Float16 => (2, 16),
        DType::BFloat16 => (4, 16),
        DType::Float32 => (2, 32),
        DType::Float64 => (2, 64),
        DType::Complex64 => (5, 64),
        DType::Complex128 => (5, 128),
    };
    DLDataType { code, bits, lanes: 1 }
}

fn from_dl_dtype(t: DLDataType) -> PyResult<DType> {
    DType::ALL
        .into_iter()
        .find(|&d| {
            let x = dl_dtype(d);
            x.code == t.code && x.bits == t.bits && t.lanes == 1
        })
        .ok_or_else(|| {
            PyBufferError::new_err(format!(
                "Unsupported DLPack dtype code {} bits {} lanes {}",
                t.code, t.bits, t.lanes
            ))
        })
}

/// What a DLPack capsule we produced owns: the tensor (keeping the storage alive) and its shape and strides.
struct ExportContext {
    _tensor: Tensor,
    shape: Vec<i64>,
    strides: Vec<i64>,
}

unsafe extern "C" fn export_deleter(managed: *mut DLManagedTensor) {
    if managed.is_null() {
        return;
    }
    // SAFETY: `managed` and its context were created by `Box::into_raw` in `to_dlpack` and are freed once, here,
    // by whoever consumed the capsule (or by the capsule destructor when nobody did).
    unsafe {
        drop(Box::from_raw((*managed).manager_ctx as *mut ExportContext));
        drop(Box::from_raw(managed));
    }
}

unsafe extern "C" fn export_deleter_versioned(managed: *mut DLManagedTensorVersioned) {
    if managed.is_null() {
        return;
    }
    // SAFETY: as for `export_deleter`, for the versioned struct.
    unsafe {
        drop(Box::from_raw((*managed).manager_ctx as *mut ExportContext));
        drop(Box::from_raw(managed));
    }
}

unsafe extern "C" fn capsule_destructor(capsule: *mut pyo3::ffi::PyObject) {
    // SAFETY: called by Python with one of our capsules; an unconsumed capsule still has its original name and owns
    // the managed tensor, which we then release. A consumed one was renamed and is the consumer's to release.
    unsafe {
        if pyo3::ffi::PyCapsule_IsValid(capsule, DLTENSOR_NAME.as_ptr()) == 1 {
            let managed = pyo3::ffi::PyCapsule_GetPointer(capsule, DLTENSOR_NAME.as_ptr()) as *mut DLManagedTensor;
            if let Some(deleter) = (*managed).deleter {
                deleter(managed);
            }
        } else if pyo3::ffi::PyCapsule_IsValid(capsule, VERSIONED_NAME.as_ptr()) == 1 {
            let managed =
                pyo3::ffi::PyCapsule_GetPointer(capsule, VERSIONED_NAME.as_ptr()) as *mut DLManagedTensorVersioned;
            if let Some(deleter) = (*managed).deleter {
                deleter(managed);
            }
        }
    }
}

/// `Tensor.__dlpack__()`: a capsule describing the tensor's memory without copying; a DLPack 1.0
/// ("dltensor_versioned") capsule when the consumer accepts version 1, else a legacy "dltensor" one.
pub fn to_dlpack(py: Python<'_>, t: &Tensor, versioned: bool) -> PyResult<Py<PyAny>> {
    let device = dl_device(t.device())?;
    let base = t.storage().data_ptr().ok_or_else(|| PyRuntimeError::new_err("tensor has no data"))?;
    t.storage().mark_foreign_visible();
    let mut ctx = Box::new(ExportContext {
        _tensor: t.clone(),
        shape: t.sizes().iter().map(|&s| s as i64).collect(),
        strides: t.strides().iter().map(|&s| s as i64).collect(),
    });
    // a tensor without elements has no data pointer in PyTorch (`data_ptr()` is 0), and NumPy gives the array it
    // imports from such a capsule zero strides, as `numpy()` does
    let (data, byte_offset) = match t.numel() {
        0 => (std::ptr::null_mut(), 0),
        _ => (base as *mut c_void, (t.storage_offset() * t.element_size()) as u64),
    };
    let dl_tensor = DLTensor {
        data,
        device,
        ndim: t.dim() as i32,
        dtype: dl_dtype(t.dtype()),
        shape: ctx.shape.as_mut_ptr(),
        strides: ctx.strides.as_mut_ptr(),
        byte_offset,
    };
    let manager_ctx = Box::into_raw(ctx) as *mut c_void;
    let (raw, name): (*mut c_void, &'static CStr) = if versioned {
        let managed = Box::new(DLManagedTensorVersioned {
            version: DLPackVersion { major: 1, minor: 0 },
            manager_ctx,
            deleter: Some(export_deleter_versioned),
            flags: 0,
            dl_tensor,
        });
        (Box::into_raw(managed) as *mut c_void, VERSIONED_NAME)
    } else {
        let managed = Box::new(DLManagedTensor { dl_tensor, manager_ctx, deleter: Some(export_deleter) });
        (Box::into_raw(managed) as *mut c_void, DLTENSOR_NAME)
    };
    // SAFETY: a capsule over our heap-allocated managed tensor, with a destructor that frees it unless a consumer
    // renamed the capsule (taking ownership and the duty to call the deleter).
    unsafe {
        let capsule = pyo3::ffi::PyCapsule_New(raw, name.as_ptr(), Some(capsule_destructor));
        if capsule.is_null() {
            if versioned {
                export_deleter_versioned(raw as *mut DLManagedTensorVersioned);
            } else {
                export_deleter(raw as *mut DLManagedTensor);
            }
            return Err(PyErr::fetch(py));
        }
        Ok(Bound::from_owned_ptr(py, capsule).unbind())
    }
}

/// Owns a consumed DLPack managed tensor (legacy or versioned) and calls its deleter when oxtorch no longer
/// needs the memory.
enum ImportedDlpack {
    Legacy(*mut DLManagedTensor),
    Versioned(*mut DLManagedTensorVersioned),
}

// SAFETY: DLPack producers' deleters may be called from any thread (NumPy's acquires the interpreter lock itself);
// the pointer is only used to call that deleter, once.
unsafe impl Send for ImportedDlpack {}
// SAFETY: no shared access happens through `&ImportedDlpack`.
unsafe impl Sync for ImportedDlpack {}

impl Drop for ImportedDlpack {
    fn drop(&mut self) {
        // SAFETY: the managed tensor is valid until its deleter runs, which happens exactly once, here.
        unsafe {
            match *self {
                ImportedDlpack::Legacy(m) => {
                    if let Some(deleter) = (*m).deleter {
                        deleter(m);
                    }
                }
                ImportedDlpack::Versioned(m) => {
                    if let Some(deleter) = (*m).deleter {
                        deleter(m);
                    }
                }
            }
        }
    }
}

/// `__dlpack_device__()`: `(kDLCPU, 0)` or `(kDLCUDA, index)`.
pub fn dlpack_device(device: oxtorch::Device) -> PyResult<(i32, i32)> {
    dl_device(device).map(|d| (d.device_type, d.device_id))
}

/// The DLPack device of a tensor's device: the CPU, or a CUDA device (`kDLCUDA`, its index).
fn dl_device(device: oxtorch::Device) -> PyResult<DLDevice> {
    match (device.type_name(), device.index()) {
        ("cpu", _) => Ok(DLDevice { device_type: KDL_CPU, device_id: 0 }),
        ("cuda", Some(i)) => Ok(DLDevice { device_type: KDL_CUDA, device_id: i32::from(i) }),
        _ => Err(PyBufferError::new_err(format!("oxtorch cannot export {device} tensors through DLPack"))),
    }
}

/// `oxtorch.from_dlpack(obj)`: a tensor sharing the memory of any object with `__dlpack__` (or of a capsule).
#[pyfunction]
pub fn from_dlpack(obj: &Bound<'_, PyAny>) -> PyResult<PyTensor> {
    let py = obj.py();
    let capsule = if obj.hasattr("__dlpack__")? {
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("max_version", (1, 0))?;
        // a CUDA producer makes its data ready for oxtorch's stream, CUDA's legacy default stream (`1`)
        if obj.hasattr("__dlpack_device__")? {
            let (device_type, _): (i32, i32) = obj.call_method0("__dlpack_device__")?.extract()?;
            if device_type == KDL_CUDA {
                kwargs.set_item("stream", 1)?;
            }
        }
        match obj.call_method("__dlpack__", (), Some(&kwargs)) {
            Ok(c) => c,
            // producers that predate DLPack 1.0 do not take max_version
            Err(e) if e.is_instance_of::<PyTypeError>(py) => obj.call_method0("__dlpack__")?,
            Err(e) => return Err(e),
        }
    } else {
        obj.clone()
    };
    let ptr = capsule.as_ptr();
    // SAFETY: PyCapsule calls on a live object; a valid "dltensor" / "dltensor_versioned" capsule holds a pointer
    // to the matching managed struct, whose ownership we take by renaming the capsule, as the protocol specifies.
    let (owner, dl_ptr, read_only) = unsafe {
        if pyo3::ffi::PyCapsule_IsValid(ptr, VERSIONED_NAME.as_ptr()) == 1 {
            let m = pyo3::ffi::PyCapsule_GetPointer(ptr, VERSIONED_NAME.as_ptr()) as *mut DLManagedTensorVersioned;
            if (*m).version.major > 1 {
                return Err(PyBufferError::new_err(format!("unsupported DLPack version {}", (*m).version.major)));
            }
            if pyo3::ffi::PyCapsule_SetName(ptr, USED_VERSIONED_NAME.as_ptr()) != 0 {
                return Err(PyErr::fetch(py));
            }
            (ImportedDlpack::Versioned(m), &raw const (*m).dl_tensor, (*m).flags & FLAG_READ_ONLY != 0)
        } else if pyo3::ffi::PyCapsule_IsValid(ptr, DLTENSOR_NAME.as_ptr()) == 1 {
            let m = pyo3::ffi::PyCapsule_GetPointer(ptr, DLTENSOR_NAME.as_ptr()) as *mut DLManagedTensor;
            if pyo3::ffi::PyCapsule_SetName(ptr, USED_DLTENSOR_NAME.as_ptr()) != 0 {
                return Err(PyErr::fetch(py));
            }
            (ImportedDlpack::Legacy(m), &raw const (*m).dl_tensor, false)
        } else {
            return Err(PyValueError::new_err(
                "from_dlpack: expected an object with __dlpack__ or an unused DLPack capsule",
            ));
        }
    };
    let _ = read_only; // oxtorch has no read-only tensors; PyTorch likewise ignores the flag on import
                       // SAFETY: the managed tensor stays valid while `owner` lives; its shape and strides arrays hold `ndim` entries.
    let (dl, sizes, strides) = unsafe {
        let dl = &*dl_ptr;
        let ndim = dl.ndim.max(0) as usize;
        let sizes: Vec<i64> = if ndim == 0 { vec![] } else { std::slice::from_raw_parts(dl.shape, ndim).to_vec() };
        let strides: Option<Vec<i64>> = if dl.strides.is_null() || ndim == 0 {
            None
        } else {
            Some(std::slice::from_raw_parts(dl.strides, ndim).to_vec())
        };
        (dl, sizes, strides)
    };
    let device = match (dl.device.device_type, u8::try_from(dl.device.device_id)) {
        (KDL_CPU, _) => oxtorch::Device::cpu(),
        (KDL_CUDA, Ok(i)) => oxtorch::Device::cuda(i).py()?,
        (other, _) => {
            return Err(PyBufferError::new_err(format!(
                "oxtorch can only import CPU and CUDA DLPack tensors (got device type {other})"
            )))
        }
    };
    let dtype = from_dl_dtype(dl.dtype)?;
    let sizes = crate::args::to_sizes(&sizes)?;
    let strides: Vec<usize> = match strides.map(|s| crate::args::normalize_negative_strides(&sizes, s, false)) {
        Some(s) if s.iter().any(|&x| x < 0) => {
            // PyTorch's storage-size computation refuses them (its message)
            return Err(PyRuntimeError::new_err(format!(
                "Storage size calculation overflowed with sizes={} and strides={}",
                oxtorch::shape::fmt_list(&sizes),
                oxtorch::shape::fmt_list(&s)
            )));
        }
        Some(s) => s.iter().map(|&x| x as usize).collect(),
        None => oxtorch::shape::contiguous_strides(&sizes).to_vec(),
    };
    if sizes.contains(&0) {
        // no elements, and PyTorch's own capsules carry no data pointer for them: nothing to share
        let options = oxtorch::TensorOptions::new().dtype(dtype).device(device);
        return oxtorch::empty_strided(&sizes, &strides, options).py().map(PyTensor::new);
    }
    let len = oxtorch::shape::required_storage_len(&sizes, &strides, 0);
    if device.type_name() == "cuda" {
        let address = (dl.data as u64).wrapping_add(dl.byte_offset);
        // SAFETY: the DLPack contract: `address` is device memory of `device` valid for the described extent
        // while the managed tensor lives, which `owner` keeps alive (and releases only after the device's queued
        // work on it has finished, see `CudaStorage`'s drop).
        let memory = unsafe {
            oxtorch::__private::backend::cuda::CudaStorage::from_foreign(
                device,
                address,
                len * dtype.itemsize(),
                Box::new(owner),
            )
        }
        .py()?;
        let storage = Storage::from_buffer(device, dtype, len, oxtorch::__private::backend::Buffer::Cuda(memory));
        return Tensor::from_storage(storage, 0, &sizes, &strides).py().map(PyTensor::new);
    }
    // SAFETY: the byte offset stays inside the producer's allocation by the DLPack contract.
    let data = unsafe { (dl.data as *mut u8).add(dl.byte_offset as usize) };
    // SAFETY: the DLPack contract: `data` is valid for the described extent while the managed tensor lives (kept
    // by `owner`), holds valid values of the dtype; the storage is shared, so oxtorch touches it only with the
    // interpreter lock held, as the producer's Python side does.
    let buffer = unsafe { ExternalBuffer::new(data, len, dtype, Box::new(owner)) }
        .ok_or_else(|| PyBufferError::new_err("DLPack data is null or not aligned for its dtype"))?;
    let storage = Storage::from_cpu_buffer(CpuBuffer::External(buffer));
    Tensor::from_storage(storage, 0, &sizes, &strides).py().map(PyTensor::new)
}
