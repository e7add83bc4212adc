//! Copies and casts: `copy_` (with broadcasting and PyTorch's conversion rules), `fill_`, `contiguous`,
//! `clone`, and `to(dtype / device / memory_format)`.

use super::factory::{empty, empty_strided, like_strides};
use super::{Tensor, TensorOptions, NO_DATA_MSG};
use crate::device::Device;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Error, Result};
use crate::iter::{self, Overlap, Plan};
use crate::kernels::cpu::copy::cast_copy;
use crate::memory_format::MemoryFormat;
use crate::scalar::Scalar;
use crate::shape::{self, fmt_list};
use crate::storage::{lock_all, split_exclusive, BufferAccess};

/// C's name of an integer dtype, as PyTorch's overflow message writes it.
fn c_type_name(dtype: DType) -> &'static str {
    match dtype {
        DType::UInt8 => "uint8_t",
        DType::Int8 => "int8_t",
        DType::Int16 => "int16_t",
        DType::Int32 => "int",
        _ => "int64_t",
    }
}

/// Refuses a Python number that does not fit an integer dtype (PyTorch's checked scalar conversion).
pub(crate) fn check_scalar_fits(value: &Scalar, dtype: DType) -> Result<()> {
    if !dtype.is_integral(false) {
        return Ok(());
    }
    let fits = match *value {
        Scalar::Int(i) => crate::dispatch_dtype!(dtype, T => T::from_i64(i).to_scalar() == Scalar::Int(i)),
        Scalar::Float(f) if f.is_finite() => {
            let t = f.trunc();
            t.abs() < 9.2e18
                && crate::dispatch_dtype!(dtype, T => T::from_i64(t as i64).to_scalar() == Scalar::Int(t as i64))
        }
        _ => true,
    };
    if !fits {
        runtime_err!("value cannot be converted to type {} without overflow", c_type_name(dtype))
    }
    Ok(())
}

impl Tensor {
    /// Copies `src` into this tensor (`copy_`), broadcasting `src` to this shape and converting its values by
    /// PyTorch's rules. Refuses to write into overlapping elements or from a partially overlapping source.
    pub fn copy_(&self, src: &Tensor) -> Result<()> {
        if self.is_same(src) && self.dtype() == src.dtype() {
            return Ok(());
        }
        let shape = shape::broadcast_shapes(self.sizes(), src.sizes())?;
        if shape.as_slice() != self.sizes() {
            runtime_err!(
                "output with shape {} doesn't match the broadcast shape {}",
                fmt_list(self.sizes()),
                fmt_list(&shape)
            )
        }
        iter::assert_no_internal_overlap(self)?;
        iter::assert_no_partial_overlap(self, src)?;
        if !self.storage().has_data() {
            return Ok(()); // a meta destination records no values
        }
        if !src.storage().has_data() {
            runtime_err!("{NO_DATA_MSG}")
        }
        // an aliasing source (full overlap, or too hard to tell) is read from a private copy first
        let src = if src.is_alias_of(self) && iter::overlap(self, src) != Overlap::No {
            src.clone_in(MemoryFormat::Contiguous)?
        } else {
            src.clone()
        };
        let src = src.expand(&super::view::to_i64(self.sizes()))?;
        let plan = Plan::new(&[self, &src]);
        let (mut guards, index) = lock_all(&[(self.storage(), true), (src.storage(), false)]);
        let (Some(out_i), Some(in_i)) = (index[0], index[1]) else { return Ok(()) };
        let (out_guard, others) = split_exclusive(&mut guards, out_i).ok_or_else(not_locked)?;
        let in_guard = others.get(in_i).copied().flatten().ok_or_else(not_locked)?;
        crate::dispatch_dtype!(self.dtype(), D => {
            let dst = D::slice_mut(out_guard).ok_or_else(mismatch)?;
            crate::dispatch_dtype!(src.dtype(), S => {
                let src_values = S::slice(in_guard).ok_or_else(mismatch)?;
                cast_copy::<D, S>(&plan, dst, src_values);
            })
        });
        Ok(())
    }

    /// Sets every element to `value` (`fill_`), converted to this dtype.
    pub fn fill_(&self, value: impl Into<Scalar>) -> Result<()> {
        let value = value.into();
        check_scalar_fits(&value, self.dtype())?;
        let Some(mut guard) = self.storage().write() else { return Ok(()) };
        let plan = Plan::new(&[self]);
        crate::dispatch_dtype!(self.dtype(), T => {
            let data = T::slice_mut(&mut guard).ok_or_else(mismatch)?;
            let v = T::from_scalar(value);
            let stride = plan.inner_stride(0);
            plan.for_chunks(data, |data, start, end, base| {
                plan.for_each_run_in(start, end, base, |offsets, len| {
                    if stride == 1 {
                        data[offsets[0]..offsets[0] + len].fill(v);
                    } else {
                        (0..len).for_each(|i| data[offsets[0] + i * stride] = v);
                    }
                })
            });
        });
        Ok(())
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

    /// Moves to `device` (`to(device)`); returns this tensor when it is already there.
    pub fn to_device(&self, device: Device) -> Result<Tensor> {
        self.to(TensorOptions::new().device(device), false)
    }

    /// `to(dtype=..., device=..., memory_format=..., copy=...)`: this tensor itself when nothing changes and no
    /// copy is asked for, else a converted copy. The memory format defaults to `preserve_format`.
    pub fn to(&self, options: impl Into<TensorOptions>, copy: bool) -> Result<Tensor> {
        let options = options.into();
        let dtype = options.dtype.unwrap_or(self.dtype());
        let device = options.device.unwrap_or(self.device());
        let format = options.memory_format.unwrap_or(MemoryFormat::Preserve);
        let aliases = dtype == self.dtype()
            && device == self.device()
            && !copy
            && (format == MemoryFormat::Preserve || self.suggest_memory_format() == format);
        if aliases {
            return Ok(self.clone());
        }
        if !self.storage().has_data() && !device.is_meta() {
            runtime_err!("{NO_DATA_MSG}")
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

fn mismatch() -> Error {
    Error::Runtime("internal error: storage dtype does not match the tensor's dtype".into())
}

fn not_locked() -> Error {
    Error::Runtime("internal error: a storage of the copy was not locked as required".into())
}
