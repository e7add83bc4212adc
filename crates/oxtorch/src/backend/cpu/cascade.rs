//! PyTorch's CPU orders of floating reductions, reproduced operation for operation so that sums and products
//! give PyTorch's bits (measured against PyTorch 2.15: every length 1..5000 and large ones, 1 and 2 threads).
//!
//! Sums (`aten/src/ATen/native/cpu/SumKernel.cpp`): partial sums in four levels, each level taking the one below
//! every `2^level_power` steps (`multi_row_sum`); a row summed as four interleaved partial sums (`row_sum`); a
//! contiguous row read in vectors of PyTorch's AVX2 width (its AVX-512 build registers no sum kernel of its own):
//! 8 float32 lanes, 4 float64 or complex64 lanes, 2 complex128 lanes, float16/bfloat16 read 16 at a time and the
//! two halves added into 8 float32 lanes; then its tail added one by one, then the lanes in order
//! (`vectorized_inner_sum`); columns of a matrix summed side by side, by plain cascades in blocks of four vectors
//! and by `row_sum` for the columns after the last block (`vectorized_outer_sum`, `scalar_outer_sum`).
//!
//! Products (`binary_kernel_reduce_vec` in `Reduce.h`): a contiguous row in blocks of four vectors multiplied
//! lane by lane, the four vectors multiplied pairwise, the lanes left to right, then the tail one by one;
//! float16/bfloat16 multiply in float32 and round after every multiplication.
//!
//! Sums and products of integers and bools are exact in any order and take plain loops.

use super::arith::{Arith, FusedComplex};
use crate::element::{Element, C32, C64};

/// A vector of `W` lanes of `A`, added lane by lane.
#[derive(Clone, Copy)]
pub(super) struct V<A, const W: usize>(pub(super) [A; W]);

/// The values the cascade adds (a compute type, or a vector of one), with their zero and addition.
pub(super) trait Addable: Copy {
    fn zero() -> Self;
    fn plus(self, other: Self) -> Self;
}

impl<A: Arith> Addable for A {
    #[inline(always)]
    fn zero() -> Self {
        A::from_bool(false)
    }
    #[inline(always)]
    fn plus(self, other: Self) -> Self {
        A::add(self, other)
    }
}

impl<A: Arith, const W: usize> Addable for V<A, W> {
    #[inline(always)]
    fn zero() -> Self {
        V([A::from_bool(false); W])
    }
    #[inline(always)]
    fn plus(mut self, other: Self) -> Self {
        for (a, b) in self.0.iter_mut().zip(other.0) {
            *a = A::add(*a, b);
        }
        self
    }
}

/// `ceil(log2(x))` as c10's `CeilLog2` (1 for `x <= 2`; only its quarter, at least 4, is ever used).
fn ceil_log2(x: usize) -> u32 {
    if x <= 2 {
        1
    } else {
        usize::BITS - (x - 1).leading_zeros()
    }
}

/// PyTorch's `multi_row_sum`: `N` sums side by side over `size` steps, `load(i, k)` the value of step `i` for
/// sum `k`.
#[inline(always)]
pub(super) fn multi_row_sum<S: Addable, const N: usize>(size: usize, load: impl Fn(usize, usize) -> S) -> [S; N] {
    const LEVELS: usize = 4;
    let level_power = (ceil_log2(size) / LEVELS as u32).max(4);
    let level_step = 1usize << level_power;
    let level_mask = level_step - 1;
    let mut acc = [[S::zero(); N]; LEVELS];
    let mut i = 0;
    while i + level_step <= size {
        for _ in 0..level_step {
            for (k, a) in acc[0].iter_mut().enumerate() {
                *a = a.plus(load(i, k));
            }
            i += 1;
        }
        for j in 1..LEVELS {
            let (below, above) = acc.split_at_mut(j);
            for (a, b) in above[0].iter_mut().zip(below[j - 1].iter_mut()) {
                *a = a.plus(*b);
                *b = S::zero();
            }
            let mask = level_mask << (j as u32 * level_power);
            if i & mask != 0 {
                break;
            }
        }
    }
    while i < size {
        for (k, a) in acc[0].iter_mut().enumerate() {
            *a = a.plus(load(i, k));
        }
        i += 1;
    }
    let [mut total, rest @ ..] = acc;
    for level in rest {
        for (t, a) in total.iter_mut().zip(level) {
            *t = t.plus(a);
        }
    }
    total
}

/// PyTorch's `row_sum`: `size` values `load(i)` as four interleaved cascades, the tail added to the first, then
/// the four added in order.
#[inline(always)]
pub(super) fn row_sum<S: Addable>(size: usize, load: impl Fn(usize) -> S) -> S {
    const ILP: usize = 4;
    let size_ilp = size / ILP;
    let mut partial = multi_row_sum::<S, ILP>(size_ilp, |i, k| load(i * ILP + k));
    for i in size_ilp * ILP..size {
        partial[0] = partial[0].plus(load(i));
    }
    let mut total = partial[0];
    for p in &partial[1..] {
        total = total.plus(*p);
    }
    total
}

/// One element type's reduction orders.
pub(super) trait Cascade: Element {
    /// The sum of a contiguous row, `skip_nan` counting NaN as zero (`nansum`), in PyTorch's order.
    fn row(xs: &[Self], skip_nan: bool) -> Self::Compute;
    /// The sums of `width` neighbouring columns over `rows` rows `row_stride` apart (from `xs[0]`), as one loop of
    /// PyTorch's (whose column blocks start at its first column), in PyTorch's order.
    fn columns(xs: &[Self], rows: usize, row_stride: usize, width: usize, skip_nan: bool, out: &mut [Self::Compute]);
    /// `acc` times the product of a contiguous row in PyTorch's order (each product rounded to this type).
    fn product(acc: Self::Compute, xs: &[Self]) -> Self::Compute;
    /// One product of PyTorch's scalar code, rounded to this type: complex products are fused multiply-adds there
    /// (its compiler contracts them), float16/bfloat16 compute in float32.
    fn scalar_mul(a: Self::Compute, b: Self::Compute) -> Self::Compute;
}

/// A value read for a sum: NaN as zero when skipping NaN.
#[inline(always)]
fn read<A: Arith>(x: A, skip_nan: bool) -> A {
    #[allow(clippy::eq_op)]
    if skip_nan && x != x {
        A::from_bool(false)
    } else {
        x
    }
}

/// The sum of a row read in vectors of `W` lanes (`vectorized_inner_sum`), or as scalars when shorter than a vector
/// (`scalar_inner_sum`); `X` elements per vector load (two halves added for float16/bfloat16); `SKIP` reads NaN as
/// zero (`nansum`).
#[inline(always)]
fn inner_sum<T: Element, const W: usize, const X: usize, const SKIP: bool>(xs: &[T]) -> T::Compute
where
    T::Compute: Arith,
{
    let n = xs.len();
    if n < X {
        return row_sum(n, |i| read(xs[i].cast::<T::Compute>(), SKIP));
    }
    let (chunks, tail) = xs.as_chunks::<X>();
    let load = |i: usize| {
        let chunk = &chunks[i];
        let mut lanes: [T::Compute; W] = std::array::from_fn(|l| read(chunk[l].cast::<T::Compute>(), SKIP));
        if X > W {
            for (l, lane) in lanes.iter_mut().enumerate() {
                *lane = T::Compute::add(*lane, read(chunk[W + l].cast::<T::Compute>(), SKIP));
            }
        }
        V(lanes)
    };
    let V(lanes) = row_sum(chunks.len(), load);
    let mut total = T::Compute::from_bool(false);
    for &x in tail {
        total = T::Compute::add(total, read(x.cast::<T::Compute>(), SKIP));
    }
    for lane in lanes {
        total = T::Compute::add(total, lane);
    }
    total
}

/// [`inner_sum`] compiled for AVX2 where the CPU has it (the same additions in the same order, in wider registers).
fn inner_sum_fast<T: Element, const W: usize, const X: usize, const SKIP: bool>(xs: &[T]) -> T::Compute
where
    T::Compute: Arith,
{
    #[cfg(target_arch = "x86_64")]
    if xs.len() >= 64 && std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        fn with_avx2<T: Element, const W: usize, const X: usize, const SKIP: bool>(xs: &[T]) -> T::Compute
        where
            T::Compute: Arith,
        {
            inner_sum::<T, W, X, SKIP>(xs)
        }
        // SAFETY: `with_avx2` is `inner_sum` compiled with the AVX2 instructions, which `is_x86_feature_detected!`
        // found on the running CPU.
        return unsafe { with_avx2::<T, W, X, SKIP>(xs) };
    }
    inner_sum::<T, W, X, SKIP>(xs)
}

/// The sums of neighbouring columns: with at least a vector's `X` columns (`vectorized_outer_sum`), blocks of four
/// vectors of `W` lanes (`G` columns) by plain cascades, the columns after the last block by `row_sum`; with fewer
/// (`scalar_outer_sum`), blocks of four columns by plain cascades, the rest by `row_sum`.
#[inline(always)]
fn outer_sum<T: Element, const X: usize, const G: usize, const SKIP: bool>(
    xs: &[T],
    rows: usize,
    row_stride: usize,
    width: usize,
    out: &mut [T::Compute],
) where
    T::Compute: Arith,
{
    let get = |r: usize, c: usize| read(xs[r * row_stride + c].cast::<T::Compute>(), SKIP);
    let mut c = 0;
    if width >= X {
        while c + G <= width {
            let [V(sums)] =
                multi_row_sum::<V<T::Compute, G>, 1>(rows, |r, _| block::<T, G, SKIP>(xs, r * row_stride + c));
            out[c..c + G].copy_from_slice(&sums);
            c += G;
        }
    } else {
        while c + 4 <= width {
            let [V(sums)] =
                multi_row_sum::<V<T::Compute, 4>, 1>(rows, |r, _| block::<T, 4, SKIP>(xs, r * row_stride + c));
            out[c..c + 4].copy_from_slice(&sums);
            c += 4;
        }
    }
    for (c, o) in out.iter_mut().enumerate().take(width).skip(c) {
        *o = row_sum(rows, |r| get(r, c));
    }
}

/// `B` neighbouring elements from `xs[at]`, read as the compute type.
#[inline(always)]
fn block<T: Element, const B: usize, const SKIP: bool>(xs: &[T], at: usize) -> V<T::Compute, B>
where
    T::Compute: Arith,
{
    let (row, _) = xs[at..].split_first_chunk::<B>().expect("a block within the input");
    V(std::array::from_fn(|l| read(row[l].cast::<T::Compute>(), SKIP)))
}

/// [`outer_sum`] compiled for AVX2 where the CPU has it.
fn outer_sum_fast<T: Element, const X: usize, const G: usize, const SKIP: bool>(
    xs: &[T],
    rows: usize,
    row_stride: usize,
    width: usize,
    out: &mut [T::Compute],
) where
    T::Compute: Arith,
{
    #[cfg(target_arch = "x86_64")]
    if rows * width >= 256 && std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        fn with_avx2<T: Element, const X: usize, const G: usize, const SKIP: bool>(
            xs: &[T],
            rows: usize,
            row_stride: usize,
            width: usize,
            out: &mut [T::Compute],
        ) where
            T::Compute: Arith,
        {
            outer_sum::<T, X, G, SKIP>(xs, rows, row_stride, width, out)
        }
        // SAFETY: `with_avx2` is `outer_sum` compiled with the AVX2 instructions, which `is_x86_feature_detected!`
        // found on the running CPU.
        unsafe { with_avx2::<T, X, G, SKIP>(xs, rows, row_stride, width, out) };
        return;
    }
    outer_sum::<T, X, G, SKIP>(xs, rows, row_stride, width, out)
}

/// The product of a row (`vectorized_inner_reduction` of `prod`): `X`-lane vectors in blocks of four, multiplied
/// lane by lane from the first block, the four vectors multiplied as `(v0 * v1) * (v2 * v3)`, the lanes from left
/// to right, then the tail; every product rounded to `T` (float16/bfloat16 compute in float32).
fn product<T: Cascade, const X: usize>(out: T::Compute, xs: &[T]) -> T::Compute
where
    T::Compute: Arith,
{
    let mul = |a: T::Compute, b: T::Compute| T::Compute::mul(a, b).cast::<T>().cast::<T::Compute>();
    let scalar = T::scalar_mul;
    let get = |i: usize| xs[i].cast::<T::Compute>();
    let blocks = xs.len() / (4 * X);
    let mut total = out;
    if blocks > 0 {
        let mut acc: [[T::Compute; X]; 4] = std::array::from_fn(|j| std::array::from_fn(|l| get(j * X + l)));
        for i in 1..blocks {
            for (j, vector) in acc.iter_mut().enumerate() {
                for (l, lane) in vector.iter_mut().enumerate() {
                    *lane = mul(*lane, get(i * 4 * X + j * X + l));
                }
            }
        }
        let pair =
            |a: [T::Compute; X], b: [T::Compute; X]| -> [T::Compute; X] { std::array::from_fn(|l| mul(a[l], b[l])) };
        let lanes = pair(pair(acc[0], acc[1]), pair(acc[2], acc[3]));
        let mut b = lanes[0];
        for &lane in &lanes[1..] {
            b = scalar(b, lane);
        }
        total = scalar(total, b);
    }
    for i in blocks * 4 * X..xs.len() {
        total = scalar(total, get(i));
    }
    total
}

macro_rules! cascade {
    ($($t:ty: $x:literal, $w:literal, $g:literal, $p:literal, $mul:expr;)*) => {$(
        impl Cascade for $t {
            fn row(xs: &[Self], skip_nan: bool) -> Self::Compute {
                if skip_nan { inner_sum_fast::<$t, $w, $x, true>(xs) } else { inner_sum_fast::<$t, $w, $x, false>(xs) }
            }
            fn columns(xs: &[Self], rows: usize, row_stride: usize, width: usize, skip_nan: bool, out: &mut [Self::Compute]) {
                if skip_nan {
                    outer_sum_fast::<$t, $x, $g, true>(xs, rows, row_stride, width, out)
                } else {
                    outer_sum_fast::<$t, $x, $g, false>(xs, rows, row_stride, width, out)
                }
            }
            fn product(acc: Self::Compute, xs: &[Self]) -> Self::Compute {
                product::<$t, $p>(acc, xs)
            }
            #[inline(always)]
            fn scalar_mul(a: Self::Compute, b: Self::Compute) -> Self::Compute {
                ($mul)(a, b).cast::<$t>().cast::<Self::Compute>()
            }
        }
    )*};
}
// elements per vector load, lanes of the sum, columns of an outer block (four vectors), lanes of the product (AVX2's
// 32-byte vectors), and the scalar code's product
cascade! {
    f32: 8, 8, 32, 8, <f32 as Arith>::mul;
    f64: 4, 4, 16, 4, <f64 as Arith>::mul;
    half::f16: 16, 8, 32, 16, <f32 as Arith>::mul;
    half::bf16: 16, 8, 32, 16, <f32 as Arith>::mul;
    C32: 4, 4, 16, 4, <C32 as FusedComplex>::fused_mul;
    C64: 2, 2, 8, 2, <C64 as FusedComplex>::fused_mul;
}

macro_rules! plain {
    ($($t:ty),*) => {$(
        impl Cascade for $t {
            fn row(xs: &[Self], _: bool) -> Self::Compute {
                xs.iter().fold(<$t>::from_bool(false), |acc, &x| Arith::add(acc, x))
            }
            fn columns(xs: &[Self], rows: usize, row_stride: usize, width: usize, _: bool, out: &mut [Self::Compute]) {
                out[..width].fill(<$t>::from_bool(false));
                for r in 0..rows {
                    for (o, &x) in out[..width].iter_mut().zip(&xs[r * row_stride..r * row_stride + width]) {
                        *o = Arith::add(*o, x);
                    }
                }
            }
            fn product(acc: Self, xs: &[Self]) -> Self {
                xs.iter().fold(acc, |acc, &x| Arith::mul(acc, x))
            }
            #[inline(always)]
            fn scalar_mul(a: Self, b: Self) -> Self {
                Arith::mul(a, b)
            }
        }
    )*};
}
plain!(bool, u8, i8, i16, i32, i64);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_follow_ceil_log2() {
        assert_eq!([1, 2, 3, 4, 5, 16, 17].map(ceil_log2), [1, 1, 2, 2, 3, 4, 5]);
    }

    #[test]
    fn small_rows_are_four_interleaved_sums() {
        // 5 values: partials p0 = x0, p1 = x1, p2 = x2, p3 = x3; the tail x4 joins p0; then p0 + p1 + p2 + p3
        let xs = [1e8f32, 1.0, -1e8, 1.0, 0.5];
        let want = (((1e8f32 + 0.5) + 1.0) + -1e8) + 1.0;
        assert_eq!(f32::row(&xs, false).to_bits(), want.to_bits());
    }
}
