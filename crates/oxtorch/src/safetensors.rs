//! Weights in and out in the [safetensors](https://huggingface.co/docs/safetensors) format, as the
//! `safetensors.torch` module of the `safetensors` Python package reads and writes them: [`save_file`],
//! [`load_file`], [`save`] (to bytes) and [`load`] (from bytes). The format itself (the header, its checks, the
//! order of the tensors in the file) is the `safetensors` crate's, the one the Python package runs, so a file written
//! here is byte for byte the file `safetensors.torch.save_file` writes for the same tensors.
//!
//! - Every dtype the format and oxtorch share: bool, uint8, int8, int16, int32, int64, float16, bfloat16,
//!   float32, float64, complex64. complex128 has no safetensors dtype and is refused; files holding a dtype
//!   oxtorch lacks (uint16/32/64, the float8 and float4 formats) are refused when loaded.
//! - Saving: tensors on any device are read to the host; a tensor that is not contiguous is saved as its
//!   contiguous copy (where `safetensors.torch` raises a `ValueError` asking for `.contiguous()`); tensors whose
//!   memory overlaps are refused with `safetensors.torch`'s `RuntimeError`, by its rule (grouped by storage,
//!   then by overlapping byte ranges in address order); sparse and global tensors are refused.
//! - Loading a file maps it into memory copy-on-write: no tensor byte is read or copied when the file is loaded,
//!   pages are read when first used, and a write to a tensor copies only the pages it touches (the file never
//!   changes). Tensors come back in the file's order, as `load_file` returns them.
//!
//! ```
//! use oxtorch::{safetensors, Device};
//! let w = oxtorch::arange(6, ())?.reshape(&[2, 3])?;
//! let path = std::env::temp_dir().join("oxtorch-doc-example.safetensors");
//! safetensors::save_file([("w", &w)], &path, None)?;
//! let loaded = safetensors::load_file(&path, Device::cpu())?;
//! assert_eq!(loaded[0].0, "w");
//! assert_eq!(loaded[0].1.sizes(), &[2, 3]);
//! assert_eq!(loaded[0].1.to_vec::<i64>()?, vec![0, 1, 2, 3, 4, 5]);
//! # std::fs::remove_file(&path).ok();
//! # Ok::<(), oxtorch::Error>(())
//! ```

use crate::backend::cpu::mapped::{MappedFile, Region};
use crate::backend::cpu::{with_slice, CpuBuffer};
use crate::device::Device;
use crate::dispatch::AnyTensor;
use crate::dtype::DType;
use crate::error::{Error, Result};
use crate::storage::Storage;
use crate::tensor::Tensor;
use ::safetensors::tensor::{Dtype, SafeTensors, TensorInfo, View};
use std::borrow::Cow;
use std::collections::HashMap;
use std::path::Path;

/// Free-form text metadata of a file (its header's `__metadata__`).
pub type Metadata = HashMap<String, String>;

/// Writes `tensors` (names and tensors) to `path` in the safetensors format, with optional text `metadata`
/// (`safetensors.torch.save_file`). The file is written beside `path` and renamed over it, so a file loaded
/// before (and mapped) is never changed.
pub fn save_file<K, V, I>(tensors: I, path: impl AsRef<Path>, metadata: Option<&Metadata>) -> Result<()>
where
    K: Into<String>,
    V: Into<AnyTensor>,
    I: IntoIterator<Item = (K, V)>,
{
    let views = prepare(tensors)?;
    let written = ::safetensors::serialize_to_file(views.iter().map(|(k, v)| (k, v)), metadata.cloned(), path.as_ref())
        .map_err(|e| Error::Safetensor(format!("Error while serializing: {e}")));
    if let Some(e) = read_failure(&views) {
        let _ = std::fs::remove_file(path.as_ref());
        return Err(e);
    }
    written
}

/// The safetensors bytes of `tensors` with optional text `metadata` (`safetensors.torch.save`).
pub fn save<K, V, I>(tensors: I, metadata: Option<&Metadata>) -> Result<Vec<u8>>
where
    K: Into<String>,
    V: Into<AnyTensor>,
    I: IntoIterator<Item = (K, V)>,
{
    let views = prepare(tensors)?;
    let bytes = ::safetensors::serialize(views.iter().map(|(k, v)| (k, v)), metadata.cloned())
        .map_err(|e| Error::Safetensor(format!("Error while serializing: {e}")))?;
    match read_failure(&views) {
        Some(e) => Err(e),
        None => Ok(bytes),
    }
}

/// The tensors of the safetensors file at `path`, in the file's order, on `device` (`safetensors.torch.load_file`).
/// On the CPU they share a copy-on-write map of the file (see the module documentation); on another device they
/// are copied there from it.
pub fn load_file(path: impl AsRef<Path>, device: Device) -> Result<Vec<(String, Tensor)>> {
    let (map, header_len, metadata) = open(path.as_ref())?;
    let entries = entries(&metadata, 8 + header_len)?;
    let regions: Vec<Region> = entries.iter().map(|e| e.region).collect();
    let buffers = map.into_buffers(&regions)?;
    let tensors = entries
        .into_iter()
        .zip(buffers)
        .map(|(entry, buffer)| {
            let tensor = entry.tensor(Storage::from_private_cpu_buffer(buffer))?;
            let tensor = if device.is_cpu() { tensor } else { tensor.to_device(device)? };
            Ok((entry.name, tensor))
        })
        .collect::<Result<Vec<_>>>()?;
    Ok(tensors)
}

/// The tensors of safetensors `bytes`, in the file's order, on the CPU (copied out of `bytes`;
/// `safetensors.torch.load`).
pub fn load(bytes: &[u8]) -> Result<Vec<(String, Tensor)>> {
    let (header_len, metadata) =
        SafeTensors::read_metadata(bytes).map_err(|e| Error::Safetensor(format!("Error while deserializing: {e}")))?;
    entries(&metadata, 8 + header_len)?
        .into_iter()
        .map(|entry| {
            let Region { start, len, dtype } = entry.region;
            let buffer = CpuBuffer::from_le_bytes(dtype, &bytes[start..start + len]);
            let tensor = entry.tensor(Storage::from_cpu_buffer(buffer))?;
            Ok((entry.name, tensor))
        })
        .collect()
}

/// The text metadata of the safetensors file at `path` (the header's `__metadata__`, if it has one), reading only
/// the header (`safe_open(path).metadata()`).
pub fn load_metadata(path: impl AsRef<Path>) -> Result<Option<Metadata>> {
    let (_, _, metadata) = open(path.as_ref())?;
    Ok(metadata.metadata().clone())
}

/// The file at `path` mapped copy-on-write, with its header's length and its header, read and checked (the
/// errors of the `safetensors` package's `safe_open`).
fn open(path: &Path) -> Result<(MappedFile, usize, ::safetensors::tensor::Metadata)> {
    let file = std::fs::File::open(path)
        .map_err(|_| Error::FileNotFound(format!("No such file or directory: {}", path.display())))?;
    let header_error = |e: String| Error::Safetensor(format!("Error while deserializing header: {e}"));
    let len = file.metadata().map_err(|e| header_error(format!("I/O error: {e}")))?.len();
    if len < 8 {
        // an empty file cannot be mapped; anything shorter than the header's length field is this error anyway
        return Err(header_error(::safetensors::SafeTensorError::HeaderTooSmall.to_string()));
    }
    let map = MappedFile::map(&file).map_err(|e| header_error(format!("I/O error: {e}")))?;
    let (header_len, metadata) = SafeTensors::read_metadata(map.bytes()).map_err(|e| header_error(e.to_string()))?;
    Ok((map, header_len, metadata))
}

/// One tensor of a file: its name, sizes and bytes.
struct Entry {
    name: String,
    sizes: Vec<usize>,
    region: Region,
}

impl Entry {
    /// The tensor over `storage`, which holds exactly its elements.
    fn tensor(&self, storage: Storage) -> Result<Tensor> {
        // checked not to overflow by `entries`
        let strides = crate::shape::contiguous_strides(&self.sizes);
        Tensor::from_storage(storage, 0, &self.sizes, &strides)
    }
}

/// The tensors a validated header describes, in the file's order, with their bytes' place in the file (the data
/// section starts at `data_start`).
fn entries(metadata: &::safetensors::tensor::Metadata, data_start: usize) -> Result<Vec<Entry>> {
    let mut infos: Vec<(String, &TensorInfo)> = metadata.tensors().into_iter().collect();
    // the file's order; empty tensors share their offsets, and come by name (the package's order for them is its
    // hash map's)
    infos.sort_by(|(a, x), (b, y)| x.data_offsets.cmp(&y.data_offsets).then_with(|| a.cmp(b)));
    infos
        .into_iter()
        .map(|(name, info)| {
            let dtype = dtype_of_file(info.dtype).ok_or_else(|| {
                Error::Safetensor(format!(
                    "oxtorch has no dtype for the safetensors dtype {} of tensor `{name}`",
                    info.dtype
                ))
            })?;
            let sizes = info.shape.clone();
            if sizes.iter().any(|&n| n > i64::MAX as usize)
                || crate::shape::checked_contiguous_strides(&sizes).is_none()
            {
                return Err(Error::Safetensor(format!(
                    "tensor `{name}` has sizes {} whose strides overflow int64",
                    crate::shape::fmt_list(&sizes)
                )));
            }
            let (start, end) = info.data_offsets;
            let region = Region { start: data_start + start, len: end - start, dtype };
            Ok(Entry { name, sizes, region })
        })
        .collect()
}

/// The oxtorch dtype of a safetensors dtype, if oxtorch has it.
fn dtype_of_file(dtype: Dtype) -> Option<DType> {
    Some(match dtype {
        Dtype::BOOL => DType::Bool,
        Dtype::U8 => DType::UInt8,
        Dtype::I8 => DType::Int8,
        Dtype::I16 => DType::Int16,
        Dtype::I32 => DType::Int32,
        Dtype::I64 => DType::Int64,
        Dtype::F16 => DType::Float16,
        Dtype::BF16 => DType::BFloat16,
        Dtype::F32 => DType::Float32,
        Dtype::F64 => DType::Float64,
        Dtype::C64 => DType::Complex64,
        _ => return None,
    })
}

/// The safetensors dtype of an oxtorch dtype, if the format has one.
fn file_dtype(dtype: DType) -> Option<Dtype> {
    Some(match dtype {
        DType::Bool => Dtype::BOOL,
        DType::UInt8 => Dtype::U8,
        DType::Int8 => Dtype::I8,
        DType::Int16 => Dtype::I16,
        DType::Int32 => Dtype::I32,
        DType::Int64 => Dtype::I64,
        DType::Float16 => Dtype::F16,
        DType::BFloat16 => Dtype::BF16,
        DType::Float32 => Dtype::F32,
        DType::Float64 => Dtype::F64,
        DType::Complex64 => Dtype::C64,
        DType::Complex128 => return None,
    })
}

/// A tensor to be written: contiguous, with the conjugate and negative bits resolved, and its values read from
/// the host when the format asks for them.
struct Saved {
    tensor: Tensor,
    dtype: Dtype,
    /// The error of a failed read of the values, if one failed.
    failed: std::cell::RefCell<Option<Error>>,
}

/// The first error the views met while their values were written, if any.
fn read_failure(views: &[(String, Saved)]) -> Option<Error> {
    views.iter().find_map(|(_, v)| v.failed.borrow_mut().take())
}

impl View for &Saved {
    fn dtype(&self) -> Dtype {
        self.dtype
    }

    fn shape(&self) -> &[usize] {
        self.tensor.sizes()
    }

    fn data(&self) -> Cow<'_, [u8]> {
        // `prepare` read the tensor's host memory once already, so this does not fail; if it did, the bytes
        // would be zeros of the right length and the caller, seeing `failed`, reports the error
        match host_bytes(&self.tensor) {
            Ok(bytes) => Cow::Owned(bytes),
            Err(e) => {
                self.failed.replace(Some(e));
                Cow::Owned(vec![0; self.data_len()])
            }
        }
    }

    fn data_len(&self) -> usize {
        self.tensor.numel() * self.tensor.element_size()
    }
}

/// The bytes of a contiguous tensor's elements, read on the host (the tensor was moved there by `prepare`).
fn host_bytes(t: &Tensor) -> Result<Vec<u8>> {
    let (start, n) = (t.storage_offset(), t.numel());
    crate::dispatch_dtype!(t.dtype(), T => with_slice::<T, _>(t.storage(), |s| {
        bytemuck::cast_slice::<T, u8>(&s[start..start + n]).to_vec()
    }))
}

/// The checks of `safetensors.torch`'s save functions, in its order, and the tensors to write.
fn prepare<K, V, I>(tensors: I) -> Result<Vec<(String, Saved)>>
where
    K: Into<String>,
    V: Into<AnyTensor>,
    I: IntoIterator<Item = (K, V)>,
{
    let named: Vec<(String, AnyTensor)> = tensors.into_iter().map(|(k, v)| (k.into(), v.into())).collect();
    let sparse: Vec<&str> =
        named.iter().filter(|(_, t)| matches!(t, AnyTensor::SparseCoo(_))).map(|(k, _)| k.as_str()).collect();
    if !sparse.is_empty() {
        return Err(Error::Value(format!(
            "You are trying to save a sparse tensors: `{}` which this library does not support. You can make it a dense tensor before saving with `.to_dense()` but be aware this might make a much larger file than needed.",
            py_list(&sparse)
        )));
    }
    let mut strided: Vec<(String, Tensor)> = Vec::with_capacity(named.len());
    for (name, t) in named {
        match t {
            AnyTensor::Strided(t) => strided.push((name, t)),
            _ => {
                return Err(Error::Value(format!(
                    "You are trying to save a global tensor: `{name}`, which safetensors does not hold. Save this rank's piece with `.to_local()`, or the whole tensor with `.to_global(sbp=oxtorch.sbp.broadcast).to_local()`."
                )))
            }
        }
    }
    let failing: Vec<String> = shared_groups(&strided).iter().filter(|g| g.len() > 1).map(|g| py_set(g)).collect();
    if !failing.is_empty() {
        return Err(Error::Runtime(format!(
            "\n            Some tensors share memory, this will lead to duplicate memory on disk and potential differences when loading them again: [{}].\n            A potential way to correctly save your model is to use `save_model`.\n            More information at https://huggingface.co/docs/safetensors/torch_shared_tensors\n            ",
            failing.join(", ")
        )));
    }
    strided
        .into_iter()
        .map(|(name, t)| {
            let dtype = file_dtype(t.dtype()).ok_or_else(|| {
                Error::Safetensor(format!(
                    "Error while serializing: safetensors has no dtype for {} (tensor `{name}`)",
                    t.dtype()
                ))
            })?;
            let t = t.resolved()?.contiguous()?;
            let tensor = if t.device().is_cpu() { t } else { t.to_device(Device::cpu())? };
            // the host memory is readable now, so `Saved::data` cannot fail later
            crate::dispatch_dtype!(tensor.dtype(), T => with_slice::<T, _>(tensor.storage(), |_| ()))?;
            Ok((name, Saved { tensor, dtype, failed: Default::default() }))
        })
        .collect()
}

/// `safetensors.torch._find_shared_tensors`: the tensors with data grouped by storage (device, allocation, size),
/// each group split into runs of overlapping byte ranges by its rule (ranges in address order; a range joins the
/// run before it when it starts before the end of the range just before it). Names are sorted within a group and
/// the groups sorted (Python's order of a set of names depends on its string hashes).
fn shared_groups(tensors: &[(String, Tensor)]) -> Vec<Vec<&str>> {
    let mut by_storage: Vec<((Device, usize, usize), Vec<usize>)> = Vec::new();
    for (i, (_, t)) in tensors.iter().enumerate() {
        let s = t.storage();
        if t.is_meta() || s.data_ptr().is_none() || s.nbytes() == 0 {
            continue;
        }
        let key = (t.device(), s.id(), s.nbytes());
        match by_storage.iter_mut().find(|(k, _)| *k == key) {
            Some((_, members)) => members.push(i),
            None => by_storage.push((key, vec![i])),
        }
    }
    let mut groups: Vec<Vec<&str>> = Vec::new();
    for (_, members) in by_storage {
        let mut areas: Vec<(usize, usize, &str)> = members
            .iter()
            .map(|&i| {
                let (start, end) = byte_range(&tensors[i].1);
                (start, end, tensors[i].0.as_str())
            })
            .collect();
        areas.sort();
        let mut run: Vec<&str> = Vec::new();
        let mut last_stop = 0;
        for (start, stop, name) in areas {
            if !run.is_empty() && start >= last_stop {
                groups.push(std::mem::take(&mut run));
            }
            run.push(name);
            last_stop = stop;
        }
        groups.push(run);
    }
    for g in &mut groups {
        g.sort_unstable();
    }
    groups.sort();
    groups
}

/// The bytes of its storage a tensor spans: from its first element's address to one past its last element.
fn byte_range(t: &Tensor) -> (usize, usize) {
    let size = t.element_size();
    let base = t.storage().data_ptr().unwrap_or(0);
    let start = base + t.storage_offset() * size;
    if t.numel() == 0 {
        return (start, start);
    }
    let last: usize = t.sizes().iter().zip(t.strides()).map(|(&n, &s)| (n - 1) * s).sum();
    (start, start + (last + 1) * size)
}

/// Python's repr of a list of strings.
fn py_list(names: &[&str]) -> String {
    let items: Vec<String> = names.iter().map(|n| py_str(n)).collect();
    format!("[{}]", items.join(", "))
}

/// Python's repr of a set of strings (in sorted order: Python's own order depends on its string hashes).
fn py_set(names: &[&str]) -> String {
    let items: Vec<String> = names.iter().map(|n| py_str(n)).collect();
    format!("{{{}}}", items.join(", "))
}

/// Python's repr of a string.
fn py_str(s: &str) -> String {
    let quote = if s.contains('\'') && !s.contains('"') { '"' } else { '\'' };
    let mut out = String::with_capacity(s.len() + 2);
    out.push(quote);
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if c == quote => {
                out.push('\\');
                out.push(c);
            }
            c if (c as u32) < 0x20 || c as u32 == 0x7f => out.push_str(&format!("\\x{:02x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push(quote);
    out
}
