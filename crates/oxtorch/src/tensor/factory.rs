//! Creating tensors: from data (with PyTorch's dtype inference), `empty`, `zeros`, `ones`, `full`, `arange`,
//! `linspace`, the random factories, and the `*_like` forms.

use super::{Tensor, TensorOptions};
use crate::backend::cpu::arith::mul_add_steps;
use crate::backend::cpu::range::RangeBlocks;
use crate::backend::cpu::CpuElement;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Error, Result};
use crate::memory_format::MemoryFormat;
use crate::promotion::{get_default_complex_dtype, get_default_dtype, scalar_dtype};
use crate::random::{with_default_generator, Generator};
use crate::scalar::{cpp_double, ConversionCheck, Scalar};
use crate::shape::{self, Dims};
use crate::storage::Storage;
use num_complex::Complex;

/// Allocates a tensor with explicit strides (`torch.empty_strided`). Its values are unspecified (memory reused
/// from freed tensors, or zeros), as in PyTorch, but always initialized.
pub fn empty_strided(sizes: &[usize], strides: &[usize], options: impl Into<TensorOptions>) -> Result<Tensor> {
    let options = options.into();
    check_no_negative_dimension(sizes)?;
    if sizes.len() != strides.len() {
        runtime_err!(
            "dimensionality of sizes ({}) must match dimensionality of strides ({})",
            sizes.len(),
            strides.len()
        )
    }
    let dtype = options.dtype.unwrap_or_else(get_default_dtype);
    let device = options.resolved_device();
    let len = shape::checked_storage_len(sizes, strides, dtype.itemsize());
    if device.is_meta() {
        // PyTorch's meta allocation checks no storage size (it holds no bytes), only the sizes' product
        shape::check_numel(sizes)?;
        let storage = Storage::for_overwrite(len.unwrap_or(0), dtype, device)?;
        return Ok(Tensor::from_parts(storage, 0, Dims::from_slice(sizes), Dims::from_slice(strides)));
    }
    let len = len.ok_or_else(|| {
        crate::error::Error::Runtime(format!(
            "Storage size calculation overflowed with sizes={} and strides={}",
            shape::fmt_list(sizes),
            shape::fmt_list(strides)
        ))
    })?;
    let storage = Storage::for_overwrite(len, dtype, device)?;
    // a zero size empties the storage, but the sizes' product must still fit: PyTorch checks it when it sets the
    // sizes, after allocating
    shape::check_numel(sizes)?;
    Ok(Tensor::from_parts(storage, 0, Dims::from_slice(sizes), Dims::from_slice(strides)))
}

/// A size beyond int64 is a negative one to PyTorch, whose sizes are int64: its error for a new tensor.
fn check_no_negative_dimension(sizes: &[usize]) -> Result<()> {
    if let Some(&s) = sizes.iter().find(|&&s| s > i64::MAX as usize) {
        let as_i64: Vec<i64> = sizes.iter().map(|&x| x as i64).collect();
        runtime_err!("Trying to create tensor with negative dimension {}: {}", s as i64, shape::fmt_list(&as_i64))
    }
    Ok(())
}

/// A new tensor of `sizes` (`torch.empty`). Its values are unspecified, as in PyTorch (memory reused from freed
/// tensors, or zeros), but never uninitialized memory.
/// The memory format decides the strides; `Preserve` is refused as PyTorch refuses it.
pub fn empty(sizes: &[usize], options: impl Into<TensorOptions>) -> Result<Tensor> {
    let options = options.into();
    check_no_negative_dimension(sizes)?;
    shape::check_contiguous_storage(sizes, options.dtype.unwrap_or_else(get_default_dtype).itemsize())?;
    let strides = options.memory_format.unwrap_or_default().strides_for(sizes)?;
    empty_strided(sizes, &strides, options)
}

/// A tensor of zeros (`torch.zeros`).
pub fn zeros(sizes: &[usize], options: impl Into<TensorOptions>) -> Result<Tensor> {
    let options = options.into();
    full(sizes, 0, TensorOptions { dtype: Some(options.dtype.unwrap_or_else(get_default_dtype)), ..options })
}

/// A tensor of ones (`torch.ones`).
pub fn ones(sizes: &[usize], options: impl Into<TensorOptions>) -> Result<Tensor> {
    let options = options.into();
    full(sizes, 1, TensorOptions { dtype: Some(options.dtype.unwrap_or_else(get_default_dtype)), ..options })
}

/// A tensor filled with `value` (`torch.full`). Without a dtype, the value's kind decides it: bool, int64, the
/// default dtype for floats, the default complex dtype for complex numbers.
pub fn full(sizes: &[usize], value: impl Into<Scalar>, options: impl Into<TensorOptions>) -> Result<Tensor> {
    let value = value.into();
    let mut options = options.into();
    let dtype = options.dtype.unwrap_or_else(|| scalar_dtype(&value));
    options.dtype = Some(dtype);
    let t = empty(sizes, options)?;
    if t.is_meta() {
        // no fill kernel runs on meta, so nothing checks the value either
        return Ok(t);
    }
    value.check_convertible(dtype, crate::scalar::fill_check(shape::numel(sizes)))?;
    t.fill_(value)?;
    Ok(t)
}

/// Nested data that [`tensor`] accepts: Rust numbers (`bool`, integers, floats, complex), [`Scalar`]s, and
/// arrays, slices or vectors of them.
pub trait TensorData {
    /// Appends this level's length to `shape` and descends into the first element.
    fn probe_shape(&self, shape: &mut Vec<usize>);
    /// Appends the elements in row-major order, checking that every sequence at `depth` matches `shape`.
    fn collect(&self, depth: usize, shape: &[usize], values: &mut Vec<Scalar>) -> Result<()>;
}

macro_rules! leaf_data {
    ($($t:ty),*) => {$(
        impl TensorData for $t {
            fn probe_shape(&self, _: &mut Vec<usize>) {}
            fn collect(&self, depth: usize, shape: &[usize], values: &mut Vec<Scalar>) -> Result<()> {
                if depth != shape.len() {
                    return Err(Error::Value(format!(
                        "expected sequence of length {} at dim {depth} (got a number)", shape[depth])));
                }
                values.push(Scalar::from(*self));
                Ok(())
            }
        }
    )*};
}
leaf_data!(bool, i8, i16, i32, i64, u8, u16, u32, f32, f64, Scalar, Complex<f32>, Complex<f64>);

impl<T: TensorData> TensorData for [T] {
    fn probe_shape(&self, shape: &mut Vec<usize>) {
        shape.push(self.len());
        if let Some(first) = self.first() {
            first.probe_shape(shape);
        }
    }
    fn collect(&self, depth: usize, shape: &[usize], values: &mut Vec<Scalar>) -> Result<()> {
        match shape.get(depth) {
            Some(&n) if n == self.len() => self.iter().try_for_each(|x| x.collect(depth + 1, shape, values)),
            Some(&n) => {
                Err(Error::Value(format!("expected sequence of length {n} at dim {depth} (got {})", self.len())))
            }
            None => Err(Error::Value(format!("too many dimensions at dim {depth}"))),
        }
    }
}

impl<T: TensorData, const N: usize> TensorData for [T; N] {
    fn probe_shape(&self, shape: &mut Vec<usize>) {
        self.as_slice().probe_shape(shape)
    }
    fn collect(&self, depth: usize, shape: &[usize], values: &mut Vec<Scalar>) -> Result<()> {
        self.as_slice().collect(depth, shape, values)
    }
}

impl<T: TensorData> TensorData for Vec<T> {
    fn probe_shape(&self, shape: &mut Vec<usize>) {
        self.as_slice().probe_shape(shape)
    }
    fn collect(&self, depth: usize, shape: &[usize], values: &mut Vec<Scalar>) -> Result<()> {
        self.as_slice().collect(depth, shape, values)
    }
}

impl<T: TensorData + ?Sized> TensorData for &T {
    fn probe_shape(&self, shape: &mut Vec<usize>) {
        (**self).probe_shape(shape)
    }
    fn collect(&self, depth: usize, shape: &[usize], values: &mut Vec<Scalar>) -> Result<()> {
        (**self).collect(depth, shape, values)
    }
}

/// The dtype PyTorch infers for a list of Python numbers: bool if all are bools, else the default complex dtype
/// if any is complex, else the default dtype if any is a float, else int64. An empty list gets the default dtype.
pub fn infer_dtype(values: &[Scalar]) -> DType {
    if values.is_empty() {
        return get_default_dtype();
    }
    let has = |f: fn(&Scalar) -> bool| values.iter().any(f);
    if has(|v| matches!(v, Scalar::Complex(_))) {
        get_default_complex_dtype()
    } else if has(|v| matches!(v, Scalar::Float(_))) {
        get_default_dtype()
    } else if has(|v| matches!(v, Scalar::Int(_))) {
        DType::Int64
    } else {
        DType::Bool
    }
}

/// Converts Python numbers to `dtype`, with the checks PyTorch's `torch.tensor` makes on each number.
pub(crate) fn scalars_to_storage(values: &[Scalar], dtype: DType) -> Result<Storage> {
    for v in values {
        check_data_value(v, dtype)?;
    }
    Ok(storage_from_scalars(values, dtype))
}

/// The checks `torch.tensor(data, dtype=...)` makes on each Python number it stores: a complex number does not
/// go into a real dtype (`TypeError`, CPython's message), and a number an integer dtype cannot hold (by c10's
/// overflow rules) is refused with the dtype's name; floating dtypes take any real number (rounding to
/// infinity).
pub fn check_data_value(value: &Scalar, dtype: DType) -> Result<()> {
    match value {
        Scalar::Complex(_) if dtype.is_integral(false) => {
            Err(Error::Type("'complex' object cannot be interpreted as an integer".into()))
        }
        Scalar::Complex(_) if dtype.is_floating_point() => Err(Error::Type("must be real number, not complex".into())),
        Scalar::Int(_) | Scalar::Float(_)
            if dtype.is_integral(false) && value.overflows(dtype, ConversionCheck::Strict) =>
        {
            runtime_err!("value cannot be converted to type {} without overflow", dtype.name())
        }
        _ => Ok(()),
    }
}

/// Converts Python numbers to `dtype` by the casting rules (integers wrap).
fn storage_from_scalars(values: &[Scalar], dtype: DType) -> Storage {
    crate::dispatch_dtype!(dtype, T => Storage::from_vec(values.iter().map(|&v| T::from_scalar(v)).collect::<Vec<T>>()))
}

/// A contiguous 1-D tensor of `values` converted to `dtype`, moved to `device`.
fn vector_on(values: &[Scalar], dtype: DType, device: crate::device::Device) -> Result<Tensor> {
    let storage = storage_from_scalars(values, dtype);
    Tensor::from_parts(storage, 0, smallvec::smallvec![values.len()], smallvec::smallvec![1]).to_device(device)
}

/// A tensor from nested data (`torch.tensor`), inferring the dtype as PyTorch does unless one is given.
pub fn tensor(data: impl TensorData, options: impl Into<TensorOptions>) -> Result<Tensor> {
    let mut sizes = Vec::new();
    data.probe_shape(&mut sizes);
    let mut values = Vec::with_capacity(shape::numel(&sizes));
    data.collect(0, &sizes, &mut values)?;
    tensor_from_scalars(&values, &sizes, options)
}

/// A tensor of `sizes` holding `values` (row-major), with [`tensor`]'s dtype inference unless a dtype is given.
pub fn tensor_from_scalars(values: &[Scalar], sizes: &[usize], options: impl Into<TensorOptions>) -> Result<Tensor> {
    let options = options.into();
    if values.len() != shape::numel(sizes) {
        runtime_err!("shape '{}' is invalid for input of size {}", shape::fmt_list(sizes), values.len())
    }
    let dtype = match options.dtype {
        Some(dtype) => dtype,
        // complex numbers take the complex type of the default dtype, and bfloat16 has none
        None if get_default_dtype() == DType::BFloat16 && values.iter().any(|v| matches!(v, Scalar::Complex(_))) => {
            runtime_err!("invalid default scalar type for complex")
        }
        None => infer_dtype(values),
    };
    if options.resolved_device().is_meta() {
        // PyTorch stores no values on the meta device, so none is checked
        return empty(sizes, TensorOptions { dtype: Some(dtype), ..options });
    }
    let cpu = Tensor::from_parts(scalars_to_storage(values, dtype)?, 0, sizes.into(), shape::contiguous_strides(sizes));
    let cpu = match options.memory_format {
        Some(format) if format != MemoryFormat::Contiguous => cpu.contiguous_in(format)?,
        _ => cpu,
    };
    cpu.to_device(options.resolved_device())
}

/// A contiguous CPU tensor owning `values`, of the element type's dtype.
pub fn from_vec<T: CpuElement>(values: Vec<T>, sizes: &[usize]) -> Result<Tensor> {
    if values.len() != shape::numel(sizes) {
        runtime_err!("shape '{}' is invalid for input of size {}", shape::fmt_list(sizes), values.len())
    }
    let strides = MemoryFormat::Contiguous.strides_for(sizes)?;
    Ok(Tensor::from_parts(Storage::from_vec(values), 0, sizes.into(), strides))
}

/// A zero-dim tensor holding `value` (`torch.scalar_tensor`, but with the value's own inferred dtype).
pub fn scalar_tensor(value: impl Into<Scalar>, options: impl Into<TensorOptions>) -> Result<Tensor> {
    full(&[], value, options)
}

/// `torch.arange(end)`: `0, 1, ..., end - 1`.
pub fn arange(end: impl Into<Scalar>, options: impl Into<TensorOptions>) -> Result<Tensor> {
    arange_step(0, end, 1, options)
}

/// Lengths above which `arange` writes its values straight into a typed buffer.
const ARANGE_CHUNK: usize = 1 << 16;

/// `torch.arange(start, end, step)`: values `start + i * step` below `end` (above it for a negative step).
///
/// As in PyTorch: int64 when every bound is a Python int or bool and no dtype is given, else the default dtype;
/// no kernel for bool and complex dtypes; the length is `ceil((end - start) / step)` in double precision (in
/// exact integer arithmetic for int64 with integer bounds); each value is computed in the dtype's accumulate
/// type (int64 for integer dtypes, float for float16/bfloat16, double otherwise) and rounded once.
pub fn arange_step(
    start: impl Into<Scalar>,
    end: impl Into<Scalar>,
    step: impl Into<Scalar>,
    options: impl Into<TensorOptions>,
) -> Result<Tensor> {
    let (start, end, step) = (start.into(), end.into(), step.into());
    let options = options.into();
    let integral = [start, end, step].iter().all(|b| matches!(b, Scalar::Bool(_) | Scalar::Int(_)));
    let dtype = options.dtype.unwrap_or_else(|| if integral { DType::Int64 } else { get_default_dtype() });
    // the meta device has no kernel, so no dtype check either
    if (dtype == DType::Bool || dtype.is_complex()) && !options.resolved_device().is_meta() {
        return Err(Error::NotImplemented(format!(
            "\"arange_cpu\" not implemented for '{}'",
            dtype.scalar_type_name()
        )));
    }
    let len = arange_len(start, end, step, dtype)?;
    let device = options.resolved_device();
    // the bounds in the accumulate type, checked as PyTorch's Scalar::to<acc_type>() checks them
    let (acc, strict) = match dtype {
        d if d.is_integral(false) => (DType::Int64, ConversionCheck::Strict),
        DType::Float16 | DType::BFloat16 => (DType::Float32, ConversionCheck::Strict),
        _ => (DType::Float64, ConversionCheck::Strict),
    };
    start.check_convertible(acc, strict)?;
    step.check_convertible(acc, strict)?;
    if dtype.is_floating_point() && !device.is_meta() {
        // floating ranges are computed straight in the element type
        let device = crate::backend::resolve_device(device)?;
        return floating_range(len, dtype, start.to_f64(), step.to_f64())?.to_device(device);
    }
    // integer dtypes in int64 arithmetic (a floating dtype reaches here only on the meta device, where nothing is
    // computed)
    let value = move |i: usize| Scalar::Int(start.to_i64().wrapping_add(step.to_i64().wrapping_mul(i as i64)));
    computed_vector(len, dtype, device, value)
}

/// A contiguous CPU range of `len` floating `dtype` elements from `start` by `step`, element for element as
/// PyTorch's x86-64 `arange` kernel computes it (positions from [`RangeBlocks`]): in the dtype's accumulate type
/// (float for float16/bfloat16, double otherwise), each vector element fused from the vector's first element
/// rounded to the dtype (PyTorch's bfloat16 vector rounds `k * step` before adding it; measured against PyTorch
/// 2.15), every other element `start + step * i` fused and rounded once.
fn floating_range(len: usize, dtype: DType, start: f64, step: f64) -> Result<Tensor> {
    let threads = crate::backend::cpu::parallel::get_num_threads();
    let blocks = RangeBlocks::new(len, 32 / dtype.itemsize(), threads);
    match dtype {
        DType::Float16 | DType::BFloat16 => {
            let (start, step) = (start as f32, step as f32);
            let at = move |i: usize| fma(step, i as f32, start);
            // a vector in float from its rounded first element, converted with the CPU's conversion instructions
            let lanes = move |base: f32| {
                let mut values = [0f32; 16];
                if dtype == DType::BFloat16 {
                    for (k, v) in values.iter_mut().enumerate() {
                        *v = base + k as f32 * step;
                    }
                } else {
                    mul_add_steps(step, base, &mut values);
                }
                values
            };
            if dtype == DType::Float16 {
                half_range(len, blocks, half::f16::from_f32, half::f16::to_f32, at, lanes)
            } else {
                half_range(len, blocks, half::bf16::from_f32, half::bf16::to_f32, at, lanes)
            }
        }
        DType::Float32 => {
            let at = move |i: usize| fma(step, i as f64, start);
            cpu_filled(len, |out: &mut [f32]| {
                blocks.fill(
                    out,
                    |first, out| {
                        let mut values = [0f64; 8];
                        mul_add_steps(step, at(first) as f32 as f64, &mut values);
                        for (x, v) in out.iter_mut().zip(values) {
                            *x = v as f32;
                        }
                    },
                    |i| at(i) as f32,
                )
            })
        }
        _ => {
            let at = move |i: usize| fma(step, i as f64, start);
            cpu_filled(len, |out: &mut [f64]| blocks.fill(out, |first, out| mul_add_steps(step, at(first), out), at))
        }
    }
}

/// A float16 or bfloat16 range (see [`floating_range`]): `at(i)` is element `i` computed on its own and
/// `lanes(base)` a vector from its first element, both in float; `round` stores a float in `H`, `widen` reads it
/// back.
fn half_range<H>(
    len: usize,
    blocks: RangeBlocks,
    round: fn(f32) -> H,
    widen: fn(H) -> f32,
    at: impl Fn(usize) -> f32 + Sync,
    lanes: impl Fn(f32) -> [f32; 16] + Sync,
) -> Result<Tensor>
where
    H: CpuElement,
    [H]: half::slice::HalfFloatSliceExt,
{
    use half::slice::HalfFloatSliceExt;
    cpu_filled(len, |out: &mut [H]| {
        blocks.fill(
            out,
            |first, out| out.convert_from_f32_slice(&lanes(widen(round(at(first))))[..out.len()]),
            |i| round(at(i)),
        )
    })
}

/// A contiguous 1-D CPU tensor of `len` elements of type `T`, allocated fallibly as in [`cpu_values_checked`]
/// and written by `fill`.
fn cpu_filled<T: CpuElement>(len: usize, fill: impl FnOnce(&mut [T])) -> Result<Tensor> {
    shape::check_contiguous_storage(&[len], T::DTYPE.itemsize())?;
    let mut v: Vec<T> = crate::backend::cpu::try_filled_vec(len)?;
    fill(&mut v);
    from_vec(v, &[len])
}

/// A 1-D tensor of `len` elements `value(i)` converted to `dtype`, on `device` (only sized on meta). Long ones
/// are written straight into a buffer of the element type, allocated fallibly, so that a length beyond memory
/// is an error rather than an abort.
fn computed_vector(
    len: usize,
    dtype: DType,
    device: crate::device::Device,
    value: impl Fn(usize) -> Scalar + Sync,
) -> Result<Tensor> {
    if device.is_meta() {
        return empty(&[len], TensorOptions { dtype: Some(dtype), device: Some(device), memory_format: None });
    }
    let device = crate::backend::resolve_device(device)?;
    if len > ARANGE_CHUNK {
        return cpu_values_parallel(len, dtype, value)?.to_device(device);
    }
    let values: Vec<Scalar> = (0..len).map(value).collect();
    vector_on(&values, dtype, device)
}

/// A contiguous CPU tensor of `sizes` whose elements are `value(i)` in row-major order (called in that order),
/// written straight into a buffer of the element type that is allocated fallibly, so that a size beyond memory
/// is PyTorch's allocation error rather than an abort. `kernel_checks` (given the element count) runs after the
/// memory is allocated and before any value is computed: PyTorch allocates a random factory's result before its
/// kernel checks the arguments.
fn cpu_values_checked(
    sizes: &[usize],
    dtype: DType,
    kernel_checks: impl FnOnce(usize) -> Result<()>,
    mut value: impl FnMut(usize) -> Scalar,
) -> Result<Tensor> {
    check_no_negative_dimension(sizes)?;
    shape::check_contiguous_storage(sizes, dtype.itemsize())?;
    let len = shape::numel(sizes);
    crate::dispatch_dtype!(dtype, T => {
        let mut v: Vec<T> = crate::backend::cpu::try_with_capacity(len, dtype.itemsize())?;
        // the new tensor's strides (checked as PyTorch's `empty` checks them), then the kernel's own checks
        let strides = MemoryFormat::Contiguous.strides_for(sizes)?;
        kernel_checks(len)?;
        v.extend((0..len).map(|i| T::from_scalar(value(i))));
        Ok(Tensor::from_parts(Storage::from_vec(v), 0, sizes.into(), strides))
    })
}

/// A contiguous 1-D CPU tensor of `len` elements `value(i)`, allocated fallibly as in [`cpu_values_checked`] and
/// computed in parallel on the kernel threads (each element depends only on its index).
fn cpu_values_parallel(len: usize, dtype: DType, value: impl Fn(usize) -> Scalar + Sync) -> Result<Tensor> {
    crate::dispatch_dtype!(dtype, T => cpu_typed_parallel(len, |i| T::from_scalar(value(i))))
}

/// A contiguous 1-D CPU tensor of `len` elements `value(i)` of element type `T`, allocated fallibly as in
/// [`cpu_values_checked`] and computed in parallel on the kernel threads.
fn cpu_typed_parallel<T: CpuElement>(len: usize, value: impl Fn(usize) -> T + Sync) -> Result<Tensor> {
    cpu_filled(len, |v: &mut [T]| {
        let threads = crate::backend::cpu::parallel::get_num_threads();
        let chunk = len.div_ceil(threads * 4).max(crate::backend::cpu::parallel::GRAIN_SIZE);
        let tasks: Vec<(usize, &mut [T])> = v.chunks_mut(chunk).enumerate().map(|(k, c)| (k * chunk, c)).collect();
        crate::backend::cpu::parallel::run_tasks(tasks, |(start, out): (usize, &mut [T])| {
            for (j, x) in out.iter_mut().enumerate() {
                *x = value(start + j);
            }
        });
    })
}

/// PyTorch's `compute_arange_size`: the checks on the bounds, in PyTorch's order, and the length.
fn arange_len(start: Scalar, end: Scalar, step: Scalar, dtype: DType) -> Result<usize> {
    let to_double = |s: Scalar| -> Result<f64> {
        s.check_convertible(DType::Float64, ConversionCheck::Strict)?;
        Ok(s.to_f64())
    };
    let (s, e, st) = (to_double(start)?, to_double(end)?, to_double(step)?);
    if !st.is_finite() {
        runtime_err!("step must be finite but got {}", cpp_double(st))
    }
    if st == 0.0 {
        runtime_err!("step must be nonzero")
    }
    if !(s.is_finite() && e.is_finite()) {
        runtime_err!("unsupported range: {} -> {}", cpp_double(s), cpp_double(e))
    }
    if !((st > 0.0 && e >= s) || (st < 0.0 && e <= s)) {
        runtime_err!("upper bound and lower bound inconsistent with step sign")
    }
    let all_int = [start, end, step].iter().all(|b| matches!(b, Scalar::Int(_)));
    let size = if dtype == DType::Int64 && all_int {
        // C++ int64 arithmetic (wrapping where it overflows), truncating division
        let (xs, xe, xst) = (start.to_i64(), end.to_i64(), step.to_i64());
        xe.wrapping_sub(xs).wrapping_add(xst).wrapping_sub(xst.signum()).wrapping_div(xst) as f64
    } else {
        ((e - s) / st).ceil()
    };
    if !(size >= 0.0 && size <= i64::MAX as f64) {
        runtime_err!("invalid size, possible overflow?")
    }
    if size == i64::MAX as f64 {
        // 2^63 passes PyTorch's check (int64's maximum rounds up to it as a double) and becomes int64's minimum
        runtime_err!("IntArrayRef contains an int that cannot be represented as a SymInt: {}", i64::MIN)
    }
    Ok(size as usize)
}

/// `x` stored in `dtype` and read back: rounded to a floating dtype, wrapped into an integer one.
fn stored_in(dtype: DType, x: Scalar) -> f64 {
    crate::dispatch_dtype!(dtype, T => T::from_scalar(x).to_scalar().to_f64())
}

/// `a * b + c` rounded once (see `Arith::mul_add`).
fn fma<T: crate::backend::cpu::arith::Arith>(a: T, b: T, c: T) -> T {
    T::mul_add(a, b, c)
}

/// `torch.linspace(start, end, steps)`: `steps` evenly spaced values from `start` to `end` inclusive, in the
/// default dtype (the default complex dtype for a complex bound) unless one is given.
///
/// As PyTorch's CPU kernel computes them element by element: the bounds converted to the dtype first (checked),
/// the step `(end - start) / (steps - 1)` and each value in the dtype's own arithmetic (double for integer
/// dtypes, float for float16/bfloat16); the first half counts up from `start` (`start + step * i`), the second
/// down from `end` (`end - step * (steps - 1 - i)`), each one fused multiply-add (except on float16) as the
/// compiler contracts PyTorch's loop; one step gives `start`.
pub fn linspace(
    start: impl Into<Scalar>,
    end: impl Into<Scalar>,
    steps: usize,
    options: impl Into<TensorOptions>,
) -> Result<Tensor> {
    let (start, end) = (start.into(), end.into());
    let mut options = options.into();
    let complex = matches!(start, Scalar::Complex(_)) || matches!(end, Scalar::Complex(_));
    let dtype = match options.dtype {
        // the meta device goes through PyTorch's Python-level check, with dtypes written as dtypes
        Some(d) if complex && !d.is_complex() && options.resolved_device().is_meta() => runtime_err!(
            "linspace(): inferred dtype {} can't be safely cast to passed dtype {d}",
            get_default_complex_dtype()
        ),
        Some(d) if complex && !d.is_complex() => runtime_err!(
            "torch.linspace(): inferred dtype {} can't be safely cast to passed dtype {}",
            crate::scalar::c10_type_name(get_default_complex_dtype()),
            d.scalar_type_name()
        ),
        Some(d) => d,
        None if complex => get_default_complex_dtype(),
        None => get_default_dtype(),
    };
    options.dtype = Some(dtype);
    let device = options.resolved_device();
    let options = TensorOptions { memory_format: None, ..options };
    if device.is_meta() || steps == 0 {
        return empty(&[steps], options);
    }
    if steps == 1 {
        return full(&[1], start, options);
    }
    if dtype == DType::Bool {
        return Err(Error::NotImplemented("\"linspace_cpu\" not implemented for 'Bool'".into()));
    }
    start.check_convertible(dtype, ConversionCheck::Strict)?;
    end.check_convertible(dtype, ConversionCheck::Strict)?;
    let halfway = steps / 2;
    let last = steps as i64 - 1;
    let up = move |i: usize| i < halfway;
    match dtype {
        d if d.is_integral(false) => {
            let (s, e) = (Scalar::Int(start.to_i64()), Scalar::Int(end.to_i64()));
            // the bounds wrap into the dtype first, then the arithmetic is in double
            let (s, e) = (stored_in(d, s), stored_in(d, e));
            let step = (e - s) / last as f64;
            computed_vector(steps, dtype, device, move |i| {
                Scalar::Float(if up(i) { fma(step, i as f64, s) } else { fma(-step, (last - i as i64) as f64, e) })
            })
        }
        DType::Float32 => {
            let (s, e) = (start.to_f64() as f32, end.to_f64() as f32);
            let step = (e - s) / last as f32;
            computed_vector(steps, dtype, device, move |i| {
                Scalar::Float(
                    if up(i) { fma(step, i as f32, s) } else { fma(-step, (last - i as i64) as f32, e) } as f64
                )
            })
        }
        DType::Float16 | DType::BFloat16 => {
            // the bounds rounded to the dtype, then float arithmetic rounded to the dtype once; PyTorch's float16
            // loop rounds the product first, its bfloat16 loop is contracted into a fused multiply-add
            let fused = dtype == DType::BFloat16;
            let round = move |x: f64| stored_in(dtype, Scalar::Float(x)) as f32;
            let (s, e) = (round(start.to_f64()), round(end.to_f64()));
            let step = (e - s) / last as f32;
            let value = move |base: f32, step: f32, k: f32| if fused { fma(step, k, base) } else { base + step * k };
            computed_vector(steps, dtype, device, move |i| {
                let v = if up(i) { value(s, step, i as f32) } else { value(e, -step, (last - i as i64) as f32) };
                Scalar::Float(v as f64)
            })
        }
        DType::Complex64 => {
            let (s, e) = (start.to_complex(), end.to_complex());
            let (s, e) = (Complex::new(s.re as f32, s.im as f32), Complex::new(e.re as f32, e.im as f32));
            let step = (e - s) / last as f32;
            computed_vector(steps, dtype, device, move |i| {
                // a complex times a real count: each component on its own, fused as the real case
                let (base, step, k) = if up(i) { (s, step, i as f32) } else { (e, -step, (last - i as i64) as f32) };
                Scalar::Complex(Complex::new(fma(step.re, k, base.re) as f64, fma(step.im, k, base.im) as f64))
            })
        }
        DType::Complex128 => {
            let (s, e) = (start.to_complex(), end.to_complex());
            let step = (e - s) / last as f64;
            computed_vector(steps, dtype, device, move |i| {
                let (base, step, k) = if up(i) { (s, step, i as f64) } else { (e, -step, (last - i as i64) as f64) };
                Scalar::Complex(Complex::new(fma(step.re, k, base.re), fma(step.im, k, base.im)))
            })
        }
        _ => {
            let (s, e) = (start.to_f64(), end.to_f64());
            let step = (e - s) / last as f64;
            computed_vector(steps, dtype, device, move |i| {
                Scalar::Float(if up(i) { fma(step, i as f64, s) } else { fma(-step, (last - i as i64) as f64, e) })
            })
        }
    }
}

/// Fills a new tensor with values drawn by `draw` (one per element, row-major), drawn on the host and moved to
/// the requested device and memory format.
fn random_tensor(
    sizes: &[usize],
    options: TensorOptions,
    default_dtype: DType,
    kernel_checks: impl FnOnce(DType, usize) -> Result<()>,
    mut draw: impl FnMut() -> Scalar,
) -> Result<Tensor> {
    let dtype = options.dtype.unwrap_or(default_dtype);
    let device = crate::backend::resolve_device(options.resolved_device())?;
    if device.is_meta() {
        return empty(sizes, options.dtype(dtype));
    }
    let t = cpu_values_checked(sizes, dtype, |len| kernel_checks(dtype, len), |_| draw())?;
    let t = match options.memory_format.unwrap_or_default() {
        MemoryFormat::Contiguous => t,
        format => t.contiguous_in(format)?,
    };
    t.to_device(device)
}

fn check_floating(dtype: DType, kernel: &str) -> Result<()> {
    if !dtype.is_floating_point() && !dtype.is_complex() {
        return Err(Error::NotImplemented(format!("\"{kernel}\" not implemented for '{}'", dtype.scalar_type_name())));
    }
    Ok(())
}

/// PyTorch's `random_(from, to)` checks (`check_from_to_in_range`): `from < to`, no complex dtype, and both
/// `from` and `to - 1` representable in the dtype.
fn check_random_bounds(low: i64, high: i64, dtype: DType) -> Result<()> {
    if low >= high {
        runtime_err!("random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
    }
    if dtype.is_complex() {
        runtime_err!("check_random_bounds handles only integral, floating-point and boolean types")
    }
    let (min, max) = match dtype {
        DType::Bool => (0.0, 1.0),
        DType::UInt8 => (0.0, 255.0),
        DType::Int8 => (-128.0, 127.0),
        DType::Int16 => (-32768.0, 32767.0),
        DType::Int32 => (i32::MIN as f64, i32::MAX as f64),
        DType::Int64 => (i64::MIN as f64, i64::MAX as f64),
        DType::Float16 => (-65504.0, 65504.0),
        DType::BFloat16 => (-3.3895313892515355e38, 3.3895313892515355e38),
        DType::Float32 => (f32::MIN as f64, f32::MAX as f64),
        _ => (f64::MIN, f64::MAX),
    };
    let to_inc = high.wrapping_sub(1);
    for (value, name) in [(low, "from"), (to_inc, "to - 1")] {
        let out = if dtype.is_integral(true) {
            (value as i128) < min as i128 || (value as i128) > max as i128
        } else {
            (value as f64) < min || (value as f64) > max
        };
        if out {
            runtime_err!("{name} is out of bounds for {}", dtype.type_meta_name())
        }
    }
    Ok(())
}

/// Uniform values in `[0, 1)` (`torch.rand`), from `generator` or the default generator.
pub fn rand(sizes: &[usize], options: impl Into<TensorOptions>, generator: Option<&mut Generator>) -> Result<Tensor> {
    let options = options.into();
    // the meta device has no kernel, so no dtype check either; on the CPU the kernel checks after allocating
    let checks = |dtype, _| check_floating(dtype, "check_uniform_bounds");
    let complex = options.dtype.is_some_and(DType::is_complex);
    let draw = move |g: &mut Generator| {
        if complex {
            Scalar::Complex(Complex::new(g.uniform(), g.uniform()))
        } else {
            Scalar::Float(g.uniform())
        }
    };
    match generator {
        Some(g) => random_tensor(sizes, options, get_default_dtype(), checks, || draw(g)),
        None => with_default_generator(|g| random_tensor(sizes, options, get_default_dtype(), checks, || draw(g))),
    }
}

/// The dtype check of PyTorch's meta kernel for `normal_`, with a message of its own: floating or complex only.
pub fn check_meta_normal_dtype(dtype: DType) -> Result<()> {
    if !dtype.is_floating_point() && !dtype.is_complex() {
        runtime_err!("expected a floating-point or complex dtype, but got dtype={dtype}")
    }
    Ok(())
}

/// Standard normal values (`torch.randn`), from `generator` or the default generator. Complex dtypes draw each
/// part with variance 1/2, as PyTorch does.
pub fn randn(sizes: &[usize], options: impl Into<TensorOptions>, generator: Option<&mut Generator>) -> Result<Tensor> {
    let options = options.into();
    // on the CPU the kernel checks the dtype after allocating, and no kernel runs for no elements
    let checks = |dtype, len| if len > 0 { check_floating(dtype, "normal_kernel_cpu") } else { Ok(()) };
    let complex = options.dtype.is_some_and(DType::is_complex);
    let draw = move |g: &mut Generator| {
        if complex {
            let scale = std::f64::consts::FRAC_1_SQRT_2;
            Scalar::Complex(Complex::new(g.normal() * scale, g.normal() * scale))
        } else {
            Scalar::Float(g.normal())
        }
    };
    let t = match generator {
        Some(g) => random_tensor(sizes, options, get_default_dtype(), checks, || draw(g)),
        None => with_default_generator(|g| random_tensor(sizes, options, get_default_dtype(), checks, || draw(g))),
    }?;
    // PyTorch's meta kernel for normal_ checks the dtype once the tensor exists
    if t.device().is_meta() {
        check_meta_normal_dtype(t.dtype())?;
    }
    Ok(t)
}

/// Integers uniform in `[low, high)` (`torch.randint`), int64 unless a dtype is given.
pub fn randint(
    low: i64,
    high: i64,
    sizes: &[usize],
    options: impl Into<TensorOptions>,
    generator: Option<&mut Generator>,
) -> Result<Tensor> {
    let options = options.into();
    if options.resolved_device().is_meta() {
        // no kernel on meta: only `from < to` is checked, and not even that with an explicit generator (PyTorch's
        // `randint.generator` overload goes through a meta function without the check)
        if low >= high && generator.is_none() {
            runtime_err!("random_ expects 'from' to be less than 'to', but got from={low} >= to={high}")
        }
    }
    // on the CPU the kernel checks the bounds after allocating
    let checks = |dtype, _| check_random_bounds(low, high, dtype);
    let draw = move |g: &mut Generator| Scalar::Int(g.integer(low, high));
    match generator {
        Some(g) => random_tensor(sizes, options, DType::Int64, checks, || draw(g)),
        None => with_default_generator(|g| random_tensor(sizes, options, DType::Int64, checks, || draw(g))),
    }
}

/// Options for a `*_like` factory: the input's dtype and device unless overridden, and `Preserve` as the
/// default memory format.
fn like_options(t: &Tensor, options: impl Into<TensorOptions>) -> TensorOptions {
    let options = options.into();
    TensorOptions {
        dtype: Some(options.dtype.unwrap_or(t.dtype())),
        device: Some(options.device.unwrap_or(t.device())),
        memory_format: Some(options.memory_format.unwrap_or(MemoryFormat::Preserve)),
    }
}

/// Strides for a `*_like` result: with `Preserve`, the input's own strides when it is dense and
/// non-overlapping, else dense strides in its stride order; otherwise the format's strides.
pub(crate) fn like_strides(t: &Tensor, format: MemoryFormat) -> Result<Dims> {
    match format {
        MemoryFormat::Preserve if t.is_non_overlapping_and_dense() => Ok(t.strides().into()),
        MemoryFormat::Preserve => Ok(shape::infer_dense_strides(t.sizes(), t.strides())),
        other => other.strides_for(t.sizes()),
    }
}

impl Tensor {
    /// A new tensor shaped like this one (`torch.empty_like`), values unspecified as in [`empty`].
    pub fn empty_like(&self, options: impl Into<TensorOptions>) -> Result<Tensor> {
        let options = like_options(self, options);
        let strides = like_strides(self, options.memory_format.unwrap_or_default())?;
        empty_strided(self.sizes(), &strides, options)
    }

    /// Zeros shaped like this tensor (`torch.zeros_like`).
    pub fn zeros_like(&self, options: impl Into<TensorOptions>) -> Result<Tensor> {
        self.full_like(0, options)
    }

    /// Ones shaped like this tensor (`torch.ones_like`).
    pub fn ones_like(&self, options: impl Into<TensorOptions>) -> Result<Tensor> {
        self.full_like(1, options)
    }

    /// `value` everywhere, shaped like this tensor (`torch.full_like`).
    pub fn full_like(&self, value: impl Into<Scalar>, options: impl Into<TensorOptions>) -> Result<Tensor> {
        let value = value.into();
        let t = self.empty_like(options)?;
        if t.is_meta() {
            return Ok(t);
        }
        value.check_convertible(t.dtype(), crate::scalar::fill_check(t.numel()))?;
        t.fill_(value)?;
        Ok(t)
    }

    /// Uniform `[0, 1)` values shaped like this tensor (`torch.rand_like`).
    pub fn rand_like(&self, options: impl Into<TensorOptions>) -> Result<Tensor> {
        let options = like_options(self, options);
        let out = self.empty_like(options)?;
        let values = rand(self.sizes(), TensorOptions { memory_format: None, ..options }, None)?;
        out.copy_(&values)?;
        Ok(out)
    }

    /// Standard normal values shaped like this tensor (`torch.randn_like`).
    pub fn randn_like(&self, options: impl Into<TensorOptions>) -> Result<Tensor> {
        let options = like_options(self, options);
        let out = self.empty_like(options)?;
        let values = randn(self.sizes(), TensorOptions { memory_format: None, ..options }, None)?;
        out.copy_(&values)?;
        Ok(out)
    }

    /// Integers in `[low, high)` shaped like this tensor (`torch.randint_like`).
    pub fn randint_like(&self, low: i64, high: i64, options: impl Into<TensorOptions>) -> Result<Tensor> {
        let options = like_options(self, options);
        let out = self.empty_like(options)?;
        if out.is_meta() {
            // PyTorch's randint_like checks nothing on the meta device (randint does check `low < high` there)
            return Ok(out);
        }
        let values = randint(low, high, self.sizes(), TensorOptions { memory_format: None, ..options }, None)?;
        out.copy_(&values)?;
        Ok(out)
    }
}
