//! The matrix product loop: a batch of `m x k` by `k x n` products of one dtype into a contiguous
//! `batch x m x n` output.
//!
//! - float32, float64, complex64 and complex128 run the `gemm` crate's kernels (packed, SIMD, blocked for the
//!   caches), which read any strides and apply a lazy conjugate bit while packing;
//! - float16 and bfloat16 are widened to float32, multiplied by the float32 kernel and rounded once: every product
//!   and partial sum in float32, as PyTorch's CPU kernels accumulate them (`opmath_type`);
//! - integers multiply and add with wrapping, as PyTorch's C++ loops do in the element type (exact in any order).
//!
//! Work is split over the kernel threads: a large product runs `gemm`'s own parallel schedule in the pool, a
//! batch of small ones is split by matrices.

use super::buffer::{CpuBuffer, CpuElement};
use super::lock::with_locked;
use super::parallel::{get_num_threads, install, run_tasks};
use crate::backend::{MatmulCall, MatmulOperand};
use crate::dtype::DType;
use crate::element::{C32, C64};
use crate::error::{Error, Result};
use gemm::Parallelism;
use half::{bf16, f16};

/// Products below this many multiply-adds run on one thread.
const PARALLEL_WORK: usize = 1 << 18;

fn mismatch() -> Error {
    Error::Runtime("internal error: a matrix product's buffer does not hold its dtype".into())
}

/// An operand's elements with its geometry, checked to lie inside the slice.
#[derive(Clone, Copy)]
struct Matrices<'a, T> {
    data: &'a [T],
    offset: usize,
    /// (batch, row, column) strides.
    strides: [usize; 3],
    conj: bool,
}

impl<'a, T> Matrices<'a, T> {
    fn new(data: &'a [T], operand: &MatmulOperand<'_>, sizes: [usize; 3]) -> Result<Matrices<'a, T>> {
        let last = sizes.iter().zip(operand.strides).map(|(&s, st)| (s - 1) * st).sum::<usize>() + operand.offset;
        if sizes.contains(&0) || last >= data.len() {
            return Err(Error::Runtime("internal error: a matrix product's operand lies outside its storage".into()));
        }
        Ok(Matrices { data, offset: operand.offset, strides: operand.strides, conj: operand.conj })
    }

    /// The elements from matrix `b`'s first one to the end of the slice (the matrix lies inside it).
    fn matrix(&self, b: usize) -> &'a [T] {
        &self.data[self.offset + b * self.strides[0]..]
    }
}

/// Runs a matrix product kernel (see [`MatmulCall`]).
pub(crate) fn matmul(call: &MatmulCall<'_>) -> Result<()> {
    let MatmulCall { batch, m, n, .. } = *call;
    if batch * m * n == 0 {
        return Ok(());
    }
    with_locked(call.out, &[call.lhs.storage, call.rhs.storage], |out, inputs| {
        let dtype = call.out.dtype();
        match dtype {
            DType::Float32 => float::<f32>(call, out, inputs),
            DType::Float64 => float::<f64>(call, out, inputs),
            DType::Complex64 => float::<C32>(call, out, inputs),
            DType::Complex128 => float::<C64>(call, out, inputs),
            DType::Float16 => half::<f16>(call, out, inputs),
            DType::BFloat16 => half::<bf16>(call, out, inputs),
            DType::UInt8 => integer::<u8>(call, out, inputs),
            DType::Int8 => integer::<i8>(call, out, inputs),
            DType::Int16 => integer::<i16>(call, out, inputs),
            DType::Int32 => integer::<i32>(call, out, inputs),
            DType::Int64 => integer::<i64>(call, out, inputs),
            DType::Bool => Err(Error::Runtime("internal error: a bool matrix product reached the kernel".into())),
        }
    })?
}

/// The two operands of a call, typed.
fn operands<'a, T: CpuElement>(
    call: &MatmulCall<'_>,
    inputs: &[&'a CpuBuffer],
) -> Result<(Matrices<'a, T>, Matrices<'a, T>)> {
    let MatmulCall { batch, m, k, n, .. } = *call;
    let lhs = Matrices::new(T::slice(inputs[0]).ok_or_else(mismatch)?, &call.lhs, [batch, m, k])?;
    let rhs = Matrices::new(T::slice(inputs[1]).ok_or_else(mismatch)?, &call.rhs, [batch, k, n])?;
    Ok((lhs, rhs))
}

/// The element types `gemm` multiplies.
trait GemmElement: CpuElement + Copy + Send + Sync + 'static {
    const ZERO: Self;
    const ONE: Self;
}

impl GemmElement for f32 {
    const ZERO: f32 = 0.0;
    const ONE: f32 = 1.0;
}
impl GemmElement for f64 {
    const ZERO: f64 = 0.0;
    const ONE: f64 = 1.0;
}
impl GemmElement for C32 {
    const ZERO: C32 = C32::new(0.0, 0.0);
    const ONE: C32 = C32::new(1.0, 0.0);
}
impl GemmElement for C64 {
    const ZERO: C64 = C64::new(0.0, 0.0);
    const ONE: C64 = C64::new(1.0, 0.0);
}

/// `out[b] = lhs[b] @ rhs[b]` for every matrix of the batch, by `gemm` (out: contiguous `batch x m x n`).
fn gemm_batch<T: GemmElement>(call: &MatmulCall<'_>, out: &mut [T], lhs: Matrices<'_, T>, rhs: Matrices<'_, T>) {
    let MatmulCall { batch, m, k, n, .. } = *call;
    let one = |b: usize, dst: &mut [T], parallelism: Parallelism| {
        let (a, x) = (lhs.matrix(b), rhs.matrix(b));
        let [_, a_rs, a_cs] = lhs.strides;
        let [_, x_rs, x_cs] = rhs.strides;
        // SAFETY: `dst` holds the m x n row-major matrix (m * n elements, checked by `chunks_exact_mut` below);
        // `Matrices::new` checked that the last element of every lhs (m x k) and rhs (k x n) matrix at these
        // strides lies inside its slice, and `matrix(b)` starts at matrix b's first element, so every element
        // gemm reads is inside `a` or `x`. The input slices are shared borrows of buffers other than `dst`'s
        // (`with_locked` refuses an input that is the output), so nothing gemm reads aliases what it writes.
        unsafe {
            gemm::gemm(
                m,
                n,
                k,
                dst.as_mut_ptr(),
                1,
                n as isize,
                false,
                a.as_ptr(),
                a_cs as isize,
                a_rs as isize,
                x.as_ptr(),
                x_cs as isize,
                x_rs as isize,
                T::ZERO,
                T::ONE,
                false,
                lhs.conj,
                rhs.conj,
                parallelism,
            )
        }
    };
    let threads = get_num_threads();
    let work = m * n * k;
    let out = &mut out[..batch * m * n];
    if threads > 1 && work >= PARALLEL_WORK {
        install(|| {
            for (b, dst) in out.chunks_exact_mut(m * n).enumerate() {
                one(b, dst, Parallelism::Rayon(threads));
            }
        });
    } else if threads > 1 && batch > 1 && batch * work >= PARALLEL_WORK {
        let per_task = batch.div_ceil(threads);
        let tasks: Vec<(usize, &mut [T])> =
            out.chunks_mut(per_task * m * n).enumerate().map(|(i, c)| (i * per_task, c)).collect();
        run_tasks(tasks, |(first, chunk)| {
            for (i, dst) in chunk.chunks_exact_mut(m * n).enumerate() {
                one(first + i, dst, Parallelism::None);
            }
        });
    } else {
        for (b, dst) in out.chunks_exact_mut(m * n).enumerate() {
            one(b, dst, Parallelism::None);
        }
    }
}

fn float<T: GemmElement>(call: &MatmulCall<'_>, out: &mut CpuBuffer, inputs: &[&CpuBuffer]) -> Result<()> {
    let (lhs, rhs) = operands::<T>(call, inputs)?;
    gemm_batch(call, T::slice_mut(out).ok_or_else(mismatch)?, lhs, rhs);
    Ok(())
}

/// A 16-bit float, widened to float32 and rounded back.
trait Half: CpuElement + Copy + Send + Sync {
    fn widen(self) -> f32;
    fn round(x: f32) -> Self;
}

impl Half for f16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn round(x: f32) -> f16 {
        f16::from_f32(x)
    }
}
impl Half for bf16 {
    fn widen(self) -> f32 {
        self.to_f32()
    }
    fn round(x: f32) -> bf16 {
        bf16::from_f32(x)
    }
}

/// An operand's matrices widened to float32, contiguous (`batch x rows x cols`).
fn widened<T: Half>(x: &Matrices<'_, T>, batch: usize, rows: usize, cols: usize) -> Vec<f32> {
    let mut wide = Vec::with_capacity(batch * rows * cols);
    let [bs, rs, cs] = x.strides;
    for b in 0..batch {
        for r in 0..rows {
            let row = x.offset + b * bs + r * rs;
            wide.extend((0..cols).map(|c| x.data[row + c * cs].widen()));
        }
    }
    wide
}

fn half<T: Half>(call: &MatmulCall<'_>, out: &mut CpuBuffer, inputs: &[&CpuBuffer]) -> Result<()> {
    let MatmulCall { batch, m, k, n, .. } = *call;
    let (lhs, rhs) = operands::<T>(call, inputs)?;
    let (a, x) = (widened(&lhs, batch, m, k), widened(&rhs, batch, k, n));
    let contiguous =
        |data, rows: usize, cols: usize| Matrices { data, offset: 0, strides: [rows * cols, cols, 1], conj: false };
    let mut product = vec![0f32; batch * m * n];
    gemm_batch(call, &mut product, contiguous(&a, m, k), contiguous(&x, k, n));
    let out = T::slice_mut(out).ok_or_else(mismatch)?;
    for (o, &p) in out.iter_mut().zip(&product) {
        *o = T::round(p);
    }
    Ok(())
}

/// An integer element: wrapping multiply-add, as C++'s loops compute in the element type.
trait Wrapping: CpuElement + Copy + Send + Sync + Default {
    fn multiply_add(self, a: Self, b: Self) -> Self;
}

macro_rules! wrapping {
    ($($t:ty),*) => {
        $(impl Wrapping for $t {
            fn multiply_add(self, a: $t, b: $t) -> $t {
                self.wrapping_add(a.wrapping_mul(b))
            }
        })*
    };
}
wrapping!(u8, i8, i16, i32, i64);

fn integer<T: Wrapping>(call: &MatmulCall<'_>, out: &mut CpuBuffer, inputs: &[&CpuBuffer]) -> Result<()> {
    let MatmulCall { batch, m, k, n, .. } = *call;
    let (lhs, rhs) = operands::<T>(call, inputs)?;
    let out = &mut T::slice_mut(out).ok_or_else(mismatch)?[..batch * m * n];
    let [_, a_rs, a_cs] = lhs.strides;
    let [_, x_rs, x_cs] = rhs.strides;
    // row i of a product: the rows of rhs, each scaled by one element of lhs's row i (rhs read row by row)
    let row = |b: usize, i: usize, dst: &mut [T]| {
        let (a, x) = (lhs.matrix(b), rhs.matrix(b));
        dst.fill(T::default());
        for p in 0..k {
            let scale = a[i * a_rs + p * a_cs];
            let from = p * x_rs;
            for (j, d) in dst.iter_mut().enumerate() {
                *d = d.multiply_add(scale, x[from + j * x_cs]);
            }
        }
    };
    let rows: Vec<(usize, &mut [T])> = out.chunks_exact_mut(n).enumerate().collect();
    if get_num_threads() > 1 && batch * m * n * k >= PARALLEL_WORK {
        let per_task = rows.len().div_ceil(get_num_threads());
        let mut tasks: Vec<Vec<(usize, &mut [T])>> = Vec::new();
        let mut rows = rows.into_iter().peekable();
        while rows.peek().is_some() {
            tasks.push(rows.by_ref().take(per_task).collect());
        }
        run_tasks(tasks, |task| task.into_iter().for_each(|(r, dst)| row(r / m, r % m, dst)));
    } else {
        rows.into_iter().for_each(|(r, dst)| row(r / m, r % m, dst));
    }
    Ok(())
}
