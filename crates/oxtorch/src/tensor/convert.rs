//! Copies and casts: `copy_` (with broadcasting and PyTorch's conversion rules), `fill_`, `contiguous`,
//! `clone`, and `to(dtype / device / memory_format)`.

use super::factory::{empty, empty_strided, like_strides};
use super::{Tensor, TensorOptions};
use crate::backend;
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{runtime_err, Result};
use crate::iter::{self, Plan};
use crate::memory_format::MemoryFormat;
use crate::scalar::Scalar;

impl Tensor {
    /// Copies `src` into this tensor (`copy_`), broadcasting `src` to this shape and converting its values by
    /// PyTorch's rules, across devices too. Refuses to write into overlapping elements or from a partially
    /// overlapping source.
    pub fn copy_(&self, src: &Tensor) -> Result<()> {
        if self.math_bits().any() || src.math_bits().any() {
            // the values `src`'s bits say, stored as this tensor's bits store them
            return super::math_bits::copy(self, src);
        }
        if self.is_same(src) && self.dtype() == src.dtype() {
            return Ok(());
        }
        iter::check_copy(self.into(), src.into())?;
        if !self.storage().has_data() {
            return Ok(()); // a meta destination records no values
        }
        if !src.storage().has_data() {
            return Err(crate::backend::meta::no_data());
        }
        if self.numel() == 0 {
            return Ok(()); // nothing to write (the source may even alias this tensor's storage)
        }
        // an aliasing source (full overlap, or too hard to tell) is read from a private copy first
        let src = if iter::copy_needs_private_source(self.into(), src.into()) {
            src.clone_in(MemoryFormat::Contiguous)?
        } else {
            src.clone()
        };
        if src.device() != self.device() {
            return self.copy_across_devices(&src);
        }
        let src = src.expand(&super::view::to_i64(self.sizes()))?;
        backend::copy(&Plan::new(&[self.into(), (&src).into()]), self.storage(), src.storage())
    }

    /// `copy_` between devices, staged as PyTorch stages it: the values are converted on the CPU side when one
    /// side is the CPU (else on the source's device), moved as contiguous elements of one dtype, and laid out into
    /// this tensor's strides on its own device.
    fn copy_across_devices(&self, src: &Tensor) -> Result<()> {
        let same_type = src.dtype() == self.dtype();
        let convert_at_source = !self.device().is_cpu();
        let staged_dtype = if convert_at_source { self.dtype() } else { src.dtype() };
        let staged = src.to(TensorOptions::new().dtype(staged_dtype), false)?.expand_as(self)?.contiguous()?;
        let direct = self.is_contiguous() && (convert_at_source || same_type);
        let landing = if direct { self.clone() } else { empty(self.sizes(), (staged_dtype, self.device()))? };
        backend::transfer(
            landing.storage(),
            landing.storage_offset(),
            staged.storage(),
            staged.storage_offset(),
            self.numel(),
        )?;
        if !direct {
            self.copy_(&landing)?;
        }
        Ok(())
    }

    /// Sets every element to `value` (`fill_`), converted to this dtype.
    pub fn fill_(&self, value: impl Into<Scalar>) -> Result<()> {
        let value = value.into();
        value.check_convertible(self.dtype(), crate::scalar::fill_check(self.numel()))?;
        if self.math_bits().any() {
            return super::math_bits::fill(self, value);
        }
        backend::fill(&Plan::new(&[self.into()]), self.storage(), value)
    }

    /// A row-major contiguous tensor with the same values: this tensor itself when already contiguous.
    pub fn contiguous(&self) -> Result<Tensor> {
        self.contiguous_in(MemoryFormat::Contiguous)
    }

    /// This tensor if it is contiguous in `format`, else a copy laid out in `format` (`contiguous(memory_format)`).
    pub fn contiguous_in(&self, format: MemoryFormat) -> Result<Tensor> {
        if format == MemoryFormat::Preserve {
            runtime_err!("preserve memory format is unsupported by the contiguous operator")
        }
        if self.is_contiguous_in(format) {
            return Ok(self.clone());
        }
        self.clone_in(format)
    }

    /// A copy of the data with the same layout where it is dense (`clone()`, i.e. `preserve_format`).
    pub fn clone_tensor(&self) -> Result<Tensor> {
        self.clone_in(MemoryFormat::Preserve)
    }

    /// A copy of the data laid out in `format` (`clone(memory_format=...)`).
    pub fn clone_in(&self, format: MemoryFormat) -> Result<Tensor> {
        let out = self.empty_like(format)?;
        out.copy_(self)?;
        Ok(out)
    }

    /// Converts to `dtype` (`to(dtype)`); returns this tensor when it already has that dtype.
    pub fn to_dtype(&self, dtype: DType) -> Result<Tensor> {
        self.to(TensorOptions::new().dtype(dtype), false)
    }

    /// This tensor on a CUDA device (`Tensor.cuda(device)`): the given index, or the current CUDA device; itself
    /// when it is already there.
    pub fn cuda(&self, index: Option<u8>) -> Result<Tensor> {
        let device = match index {
            Some(i) => Device::cuda(i)?,
            None => Device::from(crate::device::DeviceType::Cuda),
        };
        self.to_device(device)
    }

    /// This tensor in host memory (`Tensor.cpu()`): itself when it is already there.
    pub fn cpu(&self) -> Result<Tensor> {
        self.to_device(Device::cpu())
    }

    /// Moves to `device` (`to(device)`); returns this tensor when it is already there.
    pub fn to_device(&self, device: Device) -> Result<Tensor> {
        self.to(TensorOptions::new().device(device), false)
    }

    /// `to(dtype=..., device=..., memory_format=..., copy=...)`: this tensor itself when nothing changes and no
    /// copy is asked for, else a converted copy. The memory format defaults to `preserve_format`.
    pub fn to(&self, options: impl Into<TensorOptions>, copy: bool) -> Result<Tensor> {
        let options = options.into();
        let dtype = options.dtype.unwrap_or(self.dtype());
        let device = match options.device {
            Some(d) => crate::backend::resolve_device(d)?,
            None => self.device(),
        };
        let format = options.memory_format.unwrap_or(MemoryFormat::Preserve);
        // a cpu or meta device given with an index (`cpu:0`) is not the index-less device of the tensor to
        // PyTorch's comparison, so it copies
        let indexed_host = options.device.is_some_and(|d| {
            matches!(d.device_type(), crate::device::DeviceType::Cpu | crate::device::DeviceType::Meta)
                && d.index().is_some()
        });
        let aliases = dtype == self.dtype()
            && device == self.device()
            && !indexed_host
            && !copy
            && (format == MemoryFormat::Preserve || self.suggest_memory_format() == format);
        if aliases {
            return Ok(self.clone());
        }
        if !self.storage().has_data() && !device.is_meta() {
            return Err(crate::backend::meta::no_data());
        }
        let new_options = TensorOptions::new().dtype(dtype).device(device);
        let out = match format {
            MemoryFormat::Preserve => empty_strided(self.sizes(), &like_strides(self, format)?, new_options)?,
            other => empty(self.sizes(), new_options.memory_format(other))?,
        };
        out.copy_(self)?;
        Ok(out)
    }
}
