//! The CPU backend: buffers in host memory behind one lock per storage (`lock.rs`), a caching allocator, a thread
//! pool, and the loops: the binary arithmetic loop (`binary.rs`, with the per-type arithmetic of `arith.rs`),
//! the casting copy (`copy.rs`) and fill.
//!
//! Device-specific semantics that live here: integer division with a rounding mode by zero is an error
//! (PyTorch's `ZeroDivisionError`, raised after the quotients before the first zero divisor are written, as its
//! serial loop does, into an output of the computation's dtype), and float16/bfloat16 multiplication
//! and division by a one-element operand read it at float32 precision (PyTorch's `original_scalar_value`).

mod allocator;
pub(crate) mod arith;
mod binary;
mod bitwise;
mod buffer;
mod cascade;
mod complex_libm;
mod complex_logaddexp;
mod copy;
mod external;
mod float32_math;
mod lock;
pub(crate) mod mapped;
mod math;
mod matmul;
mod modular;
mod ordering;
pub mod parallel;
mod pointwise;
mod pow;
pub(crate) mod range;
mod real_libm;
mod reduce;
mod ternary;
mod unary;

pub use allocator::{cached_bytes, empty_cache, CACHE_LIMIT_BYTES, MIN_CACHED_BYTES};
pub(crate) use allocator::{recycle, scratch};
pub(crate) use buffer::{try_filled_vec, try_with_capacity};
pub use buffer::{CpuBuffer, CpuElement, CpuStorage};
pub use external::ExternalBuffer;
pub(crate) use matmul::matmul;
pub(crate) use reduce::reduce;
pub(crate) use ternary::ternary;

use self::arith::{Arith, LoopPosition};
use self::binary::{load, Rhs, CHUNK};
use self::lock::{cpu_part, read_alias, with_locked, WriteAccess};
use self::ordering::Ordered;
use super::{Arg, BinaryCall, UnaryCall};
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{runtime_err, Error, Result};
use crate::iter::Plan;
use crate::op::{BinaryOp, CmpOp, MathOp, RoundingMode};
use crate::scalar::Scalar;
use crate::storage::Storage;
use smallvec::SmallVec;

fn mismatch() -> Error {
    Error::Runtime("internal error: a storage's buffer does not hold its dtype".into())
}

/// A buffer of one element holding `value` in the dtype a Python number of its kind is stored in (a number on the
/// left of a binary operation, read as the common dtype `common`).
fn one_element(value: Scalar, common: DType) -> CpuBuffer {
    // an unsigned 64-bit value past int64's range is PyTorch's uint64 scalar, which the common dtype reads as its
    // value (a floating one) or wraps (an integer one); int64, its storage dtype here, would wrap it for every dtype
    let dtype = match value {
        Scalar::UInt(u) if i64::try_from(u).is_err() => common,
        _ => value.storage_dtype(),
    };
    crate::dispatch_dtype!(dtype, T => T::into_buffer(vec![T::from_scalar(value)]))
}

/// The element at `offset` of a buffer, as a Python-style number.
fn element_at(buffer: &CpuBuffer, offset: usize) -> Option<Scalar> {
    crate::dispatch_dtype!(buffer.dtype(), T => T::slice(buffer).and_then(|s| s.get(offset)).map(|v| v.to_scalar()))
}

/// Runs a binary arithmetic kernel (see [`super::binary`]).
pub(crate) fn binary(call: &BinaryCall<'_>) -> Result<()> {
    let mut inputs: SmallVec<[&Storage; 2]> = SmallVec::new();
    for arg in [call.lhs, call.rhs] {
        if let Arg::Storage(s) = arg {
            inputs.push(s);
        }
    }
    // a number on the left (`2 - t`) is read from a one-element buffer of stride 0
    let lhs_value = match call.lhs {
        Arg::Value(v) => Some(one_element(v, call.dtype)),
        _ => None,
    };
    with_locked(call.out, &inputs, |out, buffers| {
        let mut next = buffers.iter();
        let lhs: Option<&CpuBuffer> = match call.lhs {
            Arg::Storage(_) => next.next().copied(),
            Arg::Value(_) => lhs_value.as_ref(),
            Arg::Output => None,
        };
        let rhs = match call.rhs {
            Arg::Storage(_) => Operand2::Buffer(next.next().copied().ok_or_else(mismatch)?),
            Arg::Value(v) => Operand2::Value(v),
            Arg::Output => return Err(Error::Runtime("internal error: the output as a second input".into())),
        };
        // `pow`'s number exponent (PyTorch's `Tensor_Scalar` kernel), not a tensor of one value
        let number_exponent = match (call.op, call.rhs) {
            (BinaryOp::Pow, Arg::Value(v)) => Some(v),
            _ => None,
        };
        // a second input that is one value repeated is read once (PyTorch's `is_scalar(2)`)
        let rhs = match rhs {
            Operand2::Buffer(b) if call.plan.is_scalar(2) => {
                element_at(b, call.plan.offsets[2]).map_or(Operand2::Buffer(b), Operand2::Value)
            }
            other => other,
        };
        if call.op.divides_integers() && call.dtype.is_integral(false) {
            if let Some(first) = first_zero_divisor(call.plan, &rhs, call.dtype) {
                // PyTorch's loop writes the quotients before the zero divisor, then raises; an output of another
                // dtype is written from a temporary after the loop, so not at all
                if first > 0 && out.dtype() == call.dtype {
                    let kept = output_from(call.plan, out, first)?;
                    kernel(call.op, call.dtype, call.plan, out, lhs, rhs, None)?;
                    restore_output_from(call.plan, out, first, &kept)?;
                }
                runtime_err!("ZeroDivisionError")
            }
        }
        kernel(call.op, call.dtype, call.plan, out, lhs, rhs, number_exponent)
    })?
}

/// Runs the loop of `op` with inputs read as `dtype` (the common dtype): each family of operations in its file.
/// `number_exponent` is `pow`'s exponent when it is a Python number.
fn kernel(
    op: BinaryOp,
    dtype: DType,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
    number_exponent: Option<Scalar>,
) -> Result<()> {
    match op {
        BinaryOp::Pow => pow::run(number_exponent, dtype, plan, out, lhs, rhs),
        BinaryOp::Remainder | BinaryOp::Fmod => modular::run(op, dtype, plan, out, lhs, rhs),
        BinaryOp::Bitwise(bit) => bitwise::bitwise(bit, dtype, plan, out, lhs, rhs),
        // without NaN, `fmax`/`fmin` are `maximum`/`minimum`
        BinaryOp::Math(MathOp::Fmax) if !dtype.is_floating_point() => {
            kernel(BinaryOp::Maximum, dtype, plan, out, lhs, rhs, None)
        }
        BinaryOp::Math(MathOp::Fmin) if !dtype.is_floating_point() => {
            kernel(BinaryOp::Minimum, dtype, plan, out, lhs, rhs, None)
        }
        BinaryOp::Math(math) => math::run(math, dtype, plan, out, lhs, rhs),
        BinaryOp::Logical(logical) => {
            crate::dispatch_dtype!(dtype, D => bitwise::logical::<D>(logical, plan, out, lhs, rhs));
            Ok(())
        }
        _ => crate::dispatch_dtype!(dtype, D => run::<D>(op, plan, out, lhs, rhs)),
    }
}

/// The second input of a loop reading `D` (the common dtype), in `D`'s compute type: a value is rounded to `D`
/// first, as the iterator's common dtype holds it.
fn rhs_as<D: CpuElement>(rhs: Operand2<'_>) -> Rhs<'_, D::Compute> {
    match rhs {
        Operand2::Value(v) => Rhs::Value(D::from_scalar(v).cast::<D::Compute>()),
        Operand2::Buffer(b) => Rhs::Buffer(b),
    }
}

/// Runs a unary kernel (see [`super::unary`]).
pub(crate) fn unary(call: &UnaryCall<'_>) -> Result<()> {
    let inputs: SmallVec<[&Storage; 1]> = match call.input {
        Arg::Storage(s) => smallvec::smallvec![s],
        _ => SmallVec::new(),
    };
    with_locked(call.out, &inputs, |out, buffers| {
        unary::run(call.op, call.parameters, call.dtype, call.plan, out, buffers.first().copied())
    })?
}

/// The second input of a CPU binary kernel: a buffer laid out by the plan, or one value.
#[derive(Clone, Copy)]
enum Operand2<'a> {
    Buffer(&'a CpuBuffer),
    Value(Scalar),
}

/// Integer division with a rounding mode by zero is an error, raised where PyTorch's loop meets the first zero
/// divisor: the position of that divisor in loop order (0 for a one-value divisor, which PyTorch checks before
/// its loop), if there is one.
fn first_zero_divisor(plan: &Plan, rhs: &Operand2<'_>, common: DType) -> Option<usize> {
    match *rhs {
        Operand2::Value(v) => crate::dispatch_dtype!(common, D => (D::from_scalar(v) == D::default()).then_some(0)),
        Operand2::Buffer(buffer) => crate::dispatch_dtype!(common, D => {
            let mut first = None;
            let mut seen = 0;
            let stride = plan.inner_stride(2);
            let mut chunk = [D::default(); CHUNK];
            plan.for_each_run(|offs, len| {
                let mut done = 0;
                while done < len && first.is_none() {
                    let n = CHUNK.min(len - done);
                    load::<D, D>(buffer, offs[2] + done * stride, stride, &mut chunk[..n]);
                    first = chunk[..n].iter().position(|&x| x == D::default()).map(|i| seen + done + i);
                    done += n;
                }
                seen += len;
            });
            first
        }),
    }
}

/// The output's positions from loop index `first` on, in loop order.
fn output_positions_from(plan: &Plan, first: usize, mut f: impl FnMut(usize)) {
    let stride = plan.inner_stride(0);
    let mut seen = 0;
    plan.for_each_run(|offs, len| {
        for i in first.saturating_sub(seen).min(len)..len {
            f(offs[0] + i * stride);
        }
        seen += len;
    });
}

/// The output's elements from loop index `first` on (see [`output_positions_from`]).
fn output_from(plan: &Plan, out: &mut CpuBuffer, first: usize) -> Result<Vec<Scalar>> {
    crate::dispatch_dtype!(out.dtype(), O => {
        let values = O::slice(out).ok_or_else(mismatch)?;
        let mut kept = Vec::new();
        output_positions_from(plan, first, |p| kept.push(values[p].to_scalar()));
        Ok(kept)
    })
}

/// Writes back what [`output_from`] read.
fn restore_output_from(plan: &Plan, out: &mut CpuBuffer, first: usize, kept: &[Scalar]) -> Result<()> {
    crate::dispatch_dtype!(out.dtype(), O => {
        let values = O::slice_mut(out).ok_or_else(mismatch)?;
        let mut next = kept.iter();
        output_positions_from(plan, first, |p| {
            if let Some(&v) = next.next() {
                values[p] = O::from_scalar(v);
            }
        });
        Ok(())
    })
}

/// Whether `alpha` is 1, so that a real `add`/`sub` is a plain sum (the product with it is exact).
fn is_one(alpha: &Scalar) -> bool {
    alpha.to_complex() == num_complex::Complex::new(1.0, 0.0)
}

/// Whether `op` in `dtype` rounds by [`LoopPosition`]: complex arithmetic (`Arith::POSITIONAL`), and
/// float16/bfloat16 `add`/`sub` with an alpha other than 1 (see [`compute`]).
pub(crate) fn rounds_by_loop_layout(op: BinaryOp, dtype: DType) -> bool {
    let alpha_product = matches!(op, BinaryOp::Add { alpha } | BinaryOp::Sub { alpha } if !is_one(&alpha));
    dtype.is_complex() || (matches!(dtype, DType::Float16 | DType::BFloat16) && alpha_product)
}

/// Picks the element function for `op` in `D`'s compute type and runs the loop.
fn run<D: CpuElement>(
    op: BinaryOp,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Operand2<'_>,
) -> Result<()>
where
    D::Compute: Arith + Ordered,
{
    // float16/bfloat16 multiply and divide by a one-element operand read it at compute precision, as PyTorch's
    // kernels do (`original_scalar_value`); everything else reads it rounded to the common dtype.
    let reduced = D::DTYPE != <D::Compute as Element>::DTYPE;
    let scalar_rhs = matches!(rhs, Operand2::Value(_)) && reduced && matches!(op, BinaryOp::Mul | BinaryOp::Div { .. });
    let rhs_arg = match rhs {
        Operand2::Value(v) if scalar_rhs => Rhs::Value(D::Compute::from_scalar(v)),
        other => rhs_as::<D>(other),
    };
    compute::<D, D::Compute>(op, plan, out, lhs, rhs_arg, scalar_rhs);
    Ok(())
}

/// An arithmetic loop: `f`'s results (in `C`) rounded once to the common dtype `D`.
fn arith_loop<D: CpuElement, C: Arith>(
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Rhs<'_, C>,
    positional: bool,
    f: impl Fn(C, C, LoopPosition) -> C + Sync,
) {
    binary::binary::<D, C, D>(plan, out, lhs, rhs, positional, move |a, b, at| f(a, b, at).cast::<D>())
}

/// The loop for `op` with element type `D` computing in `C`.
fn compute<D: CpuElement, C: Arith + Ordered>(
    op: BinaryOp,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Rhs<'_, C>,
    scalar_rhs: bool,
) {
    // rounding of intermediate results to the storage type where PyTorch computes in it (float16/bfloat16
    // rounded division against a tensor); the one-element path computes purely in float32
    let round = move |x: C| if scalar_rhs { x } else { x.cast::<D>().cast::<C>() };
    // `alpha == 1` is a plain add/sub for real types (the product is exact); otherwise PyTorch computes
    // `other * alpha + self` (fused for float32/float64, see `Arith::mul_add`), subtraction negating alpha, and
    // complex types always multiply, which decides infinities' and zeros' signs
    let plain = |s: &Scalar| !D::DTYPE.is_complex() && is_one(s);
    let positional = C::POSITIONAL;
    match op {
        BinaryOp::Add { alpha } if plain(&alpha) => {
            arith_loop::<D, C>(plan, out, lhs, rhs, positional, |a, b, _| C::add(a, b))
        }
        BinaryOp::Sub { alpha } if plain(&alpha) => {
            arith_loop::<D, C>(plan, out, lhs, rhs, positional, |a, b, _| C::sub(a, b))
        }
        BinaryOp::Add { alpha } | BinaryOp::Sub { alpha } => {
            let alpha = if matches!(op, BinaryOp::Sub { .. }) { alpha.negated() } else { alpha };
            let alpha: C = D::from_scalar(alpha).cast();
            // PyTorch's scalar loop (the remainder after its vector blocks, and loops that do not vectorize)
            // computes `self + alpha * other` in the storage type, so on float16/bfloat16 the product is rounded to
            // it; its vector blocks, and oxtorch's float32/float64 everywhere, fuse the product
            // (`Arith::mul_add_at`; README deviation 8 for float32/float64's scalar loop)
            let reduced = D::DTYPE.is_floating_point() && D::DTYPE != C::DTYPE;
            let f = move |a: C, b: C, at: LoopPosition| {
                if reduced && !at.vector {
                    C::add(a, C::mul(b, alpha).cast::<D>().cast::<C>())
                } else {
                    C::mul_add_at(b, alpha, a, at)
                }
            };
            arith_loop::<D, C>(plan, out, lhs, rhs, positional || reduced, f)
        }
        BinaryOp::Mul => arith_loop::<D, C>(plan, out, lhs, rhs, positional, C::mul_at),
        BinaryOp::Div { rounding_mode: None } => arith_loop::<D, C>(plan, out, lhs, rhs, positional, C::div_at),
        BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) } => {
            arith_loop::<D, C>(plan, out, lhs, rhs, positional, move |a, b, _| C::div_trunc_rounding(a, b, round))
        }
        BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) } | BinaryOp::FloorDivide => {
            arith_loop::<D, C>(plan, out, lhs, rhs, positional, move |a, b, _| C::div_floor_rounding(a, b, round))
        }
        BinaryOp::Maximum => arith_loop::<D, C>(plan, out, lhs, rhs, C::EXTREMA_BY_POSITION, C::max_at),
        BinaryOp::Minimum => arith_loop::<D, C>(plan, out, lhs, rhs, C::EXTREMA_BY_POSITION, C::min_at),
        BinaryOp::Compare(cmp) => compare::<D, C>(cmp, plan, out, lhs, rhs),
        // the other families have loops of their own (see `kernel`)
        BinaryOp::Remainder
        | BinaryOp::Fmod
        | BinaryOp::Bitwise(_)
        | BinaryOp::Logical(_)
        | BinaryOp::Math(_)
        | BinaryOp::Pow
        | BinaryOp::FloatPower => {}
    }
}

/// A comparison loop: a bool result (which an output of another dtype takes as 0 or 1).
fn compare<D: CpuElement, C: Arith + Ordered>(
    cmp: CmpOp,
    plan: &Plan,
    out: &mut CpuBuffer,
    lhs: Option<&CpuBuffer>,
    rhs: Rhs<'_, C>,
) {
    // one closure per comparison, so that each loop is a plain comparison the compiler vectorizes
    match cmp {
        CmpOp::Eq => binary::binary::<D, C, bool>(plan, out, lhs, rhs, false, |a, b, _| a == b),
        CmpOp::Ne => binary::binary::<D, C, bool>(plan, out, lhs, rhs, false, |a, b, _| a != b),
        CmpOp::Lt => binary::binary::<D, C, bool>(plan, out, lhs, rhs, false, |a, b, _| C::less(a, b)),
        CmpOp::Le => binary::binary::<D, C, bool>(plan, out, lhs, rhs, false, |a, b, _| C::compare(CmpOp::Le, a, b)),
        CmpOp::Gt => binary::binary::<D, C, bool>(plan, out, lhs, rhs, false, |a, b, _| C::less(b, a)),
        CmpOp::Ge => binary::binary::<D, C, bool>(plan, out, lhs, rhs, false, |a, b, _| C::compare(CmpOp::Ge, a, b)),
    }
}

/// Copies `src` into `dst` along `plan`, converting each element (see [`super::copy`]).
pub(crate) fn copy(plan: &Plan, dst: &Storage, src: &Storage) -> Result<()> {
    with_locked(dst, &[src], |out, inputs| -> Result<()> {
        crate::dispatch_dtype!(out.dtype(), D => {
            let dst_values = D::slice_mut(out).ok_or_else(mismatch)?;
            crate::dispatch_dtype!(inputs[0].dtype(), S => {
                let src_values = S::slice(inputs[0]).ok_or_else(mismatch)?;
                copy::cast_copy::<D, S>(plan, dst_values, src_values);
            })
        });
        Ok(())
    })?
}

/// Writes `value` into every element `plan` visits (see [`super::fill`]).
pub(crate) fn fill(plan: &Plan, dst: &Storage, value: Scalar) -> Result<()> {
    let mut guard = lock::write(cpu_part(dst)?);
    let mut access = WriteAccess::new(dst, &mut guard)?;
    crate::dispatch_dtype!(dst.dtype(), T => {
        let data = T::slice_mut(access.buffer()).ok_or_else(mismatch)?;
        let v = T::from_scalar(value);
        let stride = plan.inner_stride(0);
        parallel::for_chunks(plan, data, |data, start, end, base| {
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

/// Copies contiguous elements between two CPU storages of one dtype (see [`super::transfer`]).
pub(crate) fn transfer(dst: &Storage, dst_offset: usize, src: &Storage, src_offset: usize, len: usize) -> Result<()> {
    if dst.ptr_eq(src) {
        let mut guard = lock::write(cpu_part(dst)?);
        let mut access = WriteAccess::new(dst, &mut guard)?;
        return crate::dispatch_dtype!(dst.dtype(), T => {
            let data = T::slice_mut(access.buffer()).ok_or_else(mismatch)?;
            data.copy_within(src_offset..src_offset + len, dst_offset);
            Ok(())
        });
    }
    with_locked(dst, &[src], |out, inputs| -> Result<()> {
        crate::dispatch_dtype!(out.dtype(), T => {
            let d = T::slice_mut(out).ok_or_else(mismatch)?;
            let s = T::slice(inputs[0]).ok_or_else(mismatch)?;
            d[dst_offset..dst_offset + len].copy_from_slice(&s[src_offset..src_offset + len]);
            Ok(())
        })
    })?
}

/// The `len` elements of a CPU storage from `offset`, copied into a new buffer (see [`super::read`]).
pub(crate) fn read(storage: &Storage, offset: usize, len: usize) -> Result<CpuBuffer> {
    let guard = lock::read(cpu_part(storage)?);
    let alias = read_alias(storage, &guard)?;
    let buffer = alias.as_ref().unwrap_or(&guard);
    crate::dispatch_dtype!(storage.dtype(), T => {
        let s = T::slice(buffer).ok_or_else(mismatch)?;
        Ok(T::into_buffer(s[offset..offset + len].to_vec()))
    })
}

/// Runs `f` on the elements of a CPU storage, under its exclusive lock.
pub fn with_slice_mut<T: CpuElement, R>(storage: &Storage, f: impl FnOnce(&mut [T]) -> R) -> Result<R> {
    let mut guard = lock::write(cpu_part(storage)?);
    let mut access = WriteAccess::new(storage, &mut guard)?;
    let s = T::slice_mut(access.buffer()).ok_or_else(mismatch)?;
    Ok(f(s))
}

/// Runs `f` on the elements of a CPU storage, under its shared lock.
pub fn with_slice<T: CpuElement, R>(storage: &Storage, f: impl FnOnce(&[T]) -> R) -> Result<R> {
    let guard = lock::read(cpu_part(storage)?);
    let alias = read_alias(storage, &guard)?;
    let s = T::slice(alias.as_ref().unwrap_or(&guard)).ok_or_else(mismatch)?;
    Ok(f(s))
}
