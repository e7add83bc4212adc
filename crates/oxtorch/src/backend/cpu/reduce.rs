//! The reduction loop: for each output element (the kept dimensions, in the output's row-major order), a fold over
//! the elements of the reduced dimensions. The core has decided the dtypes: the loop reads the input's dtype,
//! accumulates in its compute type (float32 for float16 and bfloat16, as PyTorch's `acc_type`), and writes the
//! output's dtype (int64 indices for `argmax`/`argmin`).
//!
//! Three loop shapes, picked from the strides:
//! * a contiguous innermost reduced dimension: each output folds whole rows (`Fold::row`; sums of floats use
//!   PyTorch's cascade, `cascade.rs`);
//! * a contiguous innermost kept dimension and no contiguous reduced one (`sum(dim=0)` of a matrix): blocks of
//!   neighbouring outputs accumulate side by side, reading the input row by row;
//! * anything else: a strided fold per output.
//!
//! Work is split over threads by output elements, or, for one output, by pieces of its reduction combined in order.

use super::arith::Arith;
use super::buffer::{CpuBuffer, CpuElement};
use super::cascade::Cascade;
use super::lock::{cpu_part, with_locked, write, WriteAccess};
use super::parallel::{get_num_threads, run_tasks, GRAIN_SIZE};
use crate::backend::ReduceCall;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::op::ReduceKernel;
use half::{bf16, f16};
use smallvec::SmallVec;

/// Dimensions as (size, input stride) pairs.
type Dims = SmallVec<[(usize, usize); 6]>;

/// The loop's geometry: the kept dimensions (output row-major order) and the reduced ones (outermost first),
/// each merged with its neighbour where the input allows, size-1 dimensions dropped.
struct Geometry {
    offset: usize,
    kept: Dims,
    reduced: Dims,
    /// The number of output elements.
    outputs: usize,
    /// The number of elements each output folds.
    per_output: usize,
}

impl Geometry {
    fn new(call: &ReduceCall<'_>) -> Geometry {
        let (sizes, strides) = (call.input.sizes, call.input.strides);
        let mut kept = Dims::new();
        let mut reduced = Dims::new();
        for d in 0..sizes.len() {
            if sizes[d] == 1 {
                continue;
            }
            let dims = if call.reduced[d] { &mut reduced } else { &mut kept };
            dims.push((sizes[d], strides[d]));
        }
        let outputs = kept.iter().map(|d| d.0).product();
        let per_output = reduced.iter().map(|d| d.0).product();
        if !call.kernel.gives_indices() {
            // the order of a value fold is free: outermost stride first
            reduced.sort_by_key(|d| std::cmp::Reverse(d.1));
            reduced = merge(&reduced);
        }
        kept = merge(&kept);
        Geometry { offset: call.input.offset, kept, reduced, outputs, per_output }
    }

    /// The input offset of output element `index` (row-major over the kept dimensions).
    fn base(&self, mut index: usize) -> usize {
        let mut offset = self.offset;
        for &(size, stride) in self.kept.iter().rev() {
            offset += (index % size) * stride;
            index /= size;
        }
        offset
    }
}

/// Merges neighbouring dimensions that step through the input as one.
fn merge(dims: &Dims) -> Dims {
    let mut out = Dims::new();
    for &(size, stride) in dims {
        match out.last_mut() {
            Some(last) if last.1 == size * stride => *last = (last.0 * size, stride),
            _ => out.push((size, stride)),
        }
    }
    out
}

/// One reduction: how an accumulator starts, takes an element, takes a later piece's accumulator, and ends.
trait Fold: Sync {
    type In: CpuElement;
    type Acc: Copy + Send + Sync;
    type Out: CpuElement;
    fn identity(&self) -> Self::Acc;
    /// Takes element `x`, at position `index` along the reduced dimension.
    fn step(&self, acc: Self::Acc, x: Self::In, index: usize) -> Self::Acc;
    /// Takes the accumulator of the elements after those `acc` has seen.
    fn combine(&self, acc: Self::Acc, later: Self::Acc) -> Self::Acc;
    fn finish(&self, acc: Self::Acc) -> Self::Out;
    /// The accumulator as PyTorch stores a thread's partial result: rounded to the output's dtype.
    #[inline(always)]
    fn stored(&self, acc: Self::Acc) -> Self::Acc {
        acc
    }
    /// Folds the outputs `out` of `out.len()` neighbouring columns (from `data[base]`) over `rows` rows `row_stride`
    /// apart, as one loop of PyTorch's; false when the fold has no such loop of its own (the caller folds them).
    fn columns(&self, _data: &[Self::In], _base: usize, _rows: (usize, usize), _out: &mut [Self::Out]) -> bool {
        false
    }
    /// Folds a contiguous row whose first element is at position `first` into `acc`.
    #[inline]
    fn row(&self, mut acc: Self::Acc, xs: &[Self::In], first: usize) -> Self::Acc {
        for (i, &x) in xs.iter().enumerate() {
            acc = self.step(acc, x, first + i);
        }
        acc
    }
}

/// The fold of one output element over the reduced dimensions (`dims`, outermost first) from `base`, its
/// elements counted from position `first`.
fn fold_at<F: Fold>(f: &F, data: &[F::In], base: usize, dims: &[(usize, usize)], first: usize) -> F::Acc {
    let Some((&(n, stride), outer)) = dims.split_last() else {
        return f.step(f.identity(), data[base], first);
    };
    let total: usize = outer.iter().map(|d| d.0).product();
    let mut acc = f.identity();
    let mut position = SmallVec::<[usize; 6]>::from_elem(0, outer.len());
    let mut offset = base;
    for r in 0..total {
        let start = first + r * n;
        if stride == 1 {
            acc = f.row(acc, &data[offset..offset + n], start);
        } else {
            for i in 0..n {
                acc = f.step(acc, data[offset + i * stride], start + i);
            }
        }
        // the next row: an odometer over the outer reduced dimensions
        for d in (0..outer.len()).rev() {
            position[d] += 1;
            offset += outer[d].1;
            if position[d] < outer[d].0 {
                break;
            }
            offset -= outer[d].0 * outer[d].1;
            position[d] = 0;
        }
    }
    acc
}

/// Outputs `first..first + out.len()`, folded one by one, or (a contiguous innermost kept dimension and no
/// contiguous reduced one, as `sum(dim=0)` of a matrix) column by column: each run of neighbouring outputs reads
/// the input row by row.
fn fold_outputs<F: Fold>(f: &F, data: &[F::In], g: &Geometry, first: usize, out: &mut [F::Out]) {
    let columns = match (g.kept.last(), g.reduced.last()) {
        (Some(&(n, 1)), Some(&(_, s))) if s != 1 => n,
        _ => 0,
    };
    if columns == 0 {
        for (i, o) in out.iter_mut().enumerate() {
            *o = f.finish(fold_at(f, data, g.base(first + i), &g.reduced, 0));
        }
        return;
    }
    let mut i = 0;
    while i < out.len() {
        let index = first + i;
        let width = (columns - index % columns).min(out.len() - i);
        let base = g.base(index);
        let run = &mut out[i..i + width];
        let single = match g.reduced.as_slice() {
            [rows] => f.columns(data, base, *rows, run),
            _ => false,
        };
        if !single {
            fold_columns(f, data, base, &g.reduced, run);
        }
        i += width;
    }
}

/// Neighbouring outputs (from `data[base]`) folded side by side in blocks, reading the reduced elements of a block
/// row by row.
fn fold_columns<F: Fold>(f: &F, data: &[F::In], base: usize, reduced: &[(usize, usize)], out: &mut [F::Out]) {
    const BLOCK: usize = 64;
    let total: usize = reduced.iter().map(|d| d.0).product();
    for (b, block) in out.chunks_mut(BLOCK).enumerate() {
        let mut accs = [f.identity(); BLOCK];
        let accs = &mut accs[..block.len()];
        let mut position = SmallVec::<[usize; 6]>::from_elem(0, reduced.len());
        let mut offset = base + b * BLOCK;
        for r in 0..total {
            for (a, &x) in accs.iter_mut().zip(&data[offset..offset + block.len()]) {
                *a = f.step(*a, x, r);
            }
            for d in (0..reduced.len()).rev() {
                position[d] += 1;
                offset += reduced[d].1;
                if position[d] < reduced[d].0 {
                    break;
                }
                offset -= reduced[d].0 * reduced[d].1;
                position[d] = 0;
            }
        }
        for (o, &a) in block.iter_mut().zip(accs.iter()) {
            *o = f.finish(a);
        }
    }
}

/// Runs fold `f` over the whole call into `out` (one element per output), split over threads as PyTorch's
/// `parallel_reduce` splits it: below `GRAIN_SIZE` elements, one thread; one output, its reduction in as many
/// equal pieces as threads (and grains), combined in order (`two_pass_reduction`); more, the outputs in equal
/// ranges (`parallel_dim_reduction`, which splits the largest kept dimension: here the outputs in order).
fn run<F: Fold>(f: &F, data: &[F::In], g: &Geometry, out: &mut [F::Out]) {
    let threads = get_num_threads();
    let work = g.outputs * g.per_output;
    if threads <= 1 || work < GRAIN_SIZE {
        fold_outputs(f, data, g, 0, out);
        return;
    }
    if g.outputs > 1 {
        let chunks = threads.min(g.outputs);
        let size = g.outputs.div_ceil(chunks);
        // columns of one kept dimension: PyTorch's ranges start at multiples of 128 bytes of the input
        let align = match (g.kept.as_slice(), g.reduced.last()) {
            ([(_, 1)], Some(&(_, s))) if s != 1 => (128 / std::mem::size_of::<F::In>()).max(1),
            _ => 1,
        };
        let mut bounds: Vec<usize> = (0..chunks).map(|c| c * size / align * align).collect();
        bounds.push(g.outputs);
        bounds.dedup();
        let mut tasks = Vec::with_capacity(chunks);
        let mut rest = out;
        for w in bounds.windows(2) {
            let (head, tail) = rest.split_at_mut(w[1] - w[0]);
            tasks.push((w[0], head));
            rest = tail;
        }
        run_tasks(tasks, |(first, chunk)| fold_outputs(f, data, g, first, chunk));
        return;
    }
    let base = g.base(0);
    let Some((&(n, stride), inner)) = g.reduced.split_first() else {
        out[0] = f.finish(f.step(f.identity(), data[base], 0));
        return;
    };
    let inner_len: usize = inner.iter().map(|d| d.0).product::<usize>().max(1);
    let pieces = threads.min(work.div_ceil(GRAIN_SIZE)).min(n);
    let size = n.div_ceil(pieces);
    let accs: Vec<std::sync::Mutex<Option<F::Acc>>> = (0..pieces).map(|_| std::sync::Mutex::new(None)).collect();
    run_tasks((0..pieces).collect(), |p| {
        let (lo, hi) = (p * size, ((p + 1) * size).min(n));
        if lo >= hi {
            return;
        }
        let dims: SmallVec<[(usize, usize); 6]> =
            std::iter::once((hi - lo, stride)).chain(inner.iter().copied()).collect();
        let acc = f.stored(f.combine(f.identity(), fold_at(f, data, base + lo * stride, &dims, lo * inner_len)));
        *accs[p].lock().unwrap_or_else(|e| e.into_inner()) = Some(acc);
    });
    let mut acc = f.identity();
    for a in accs {
        if let Some(a) = a.into_inner().unwrap_or_else(|e| e.into_inner()) {
            acc = f.combine(acc, a);
        }
    }
    out[0] = f.finish(acc);
}

// ---------------------------------------------------------------------------------------------------------------
// The folds.

/// `sum` (and `nansum`): in the compute type, rows of floats by PyTorch's cascade.
struct Sum<T, O> {
    skip_nan: bool,
    _types: std::marker::PhantomData<(T, O)>,
}

impl<T, O> Fold for Sum<T, O>
where
    T: CpuElement + Cascade,
    T::Compute: Arith,
    O: CpuElement,
{
    type In = T;
    type Acc = T::Compute;
    type Out = O;
    #[inline(always)]
    fn identity(&self) -> T::Compute {
        T::Compute::from_bool(false)
    }
    #[inline(always)]
    fn step(&self, acc: T::Compute, x: T, _: usize) -> T::Compute {
        let x = x.cast::<T::Compute>();
        if self.skip_nan && is_nan(x) {
            return acc;
        }
        T::Compute::add(acc, x)
    }
    #[inline(always)]
    fn combine(&self, acc: T::Compute, later: T::Compute) -> T::Compute {
        T::Compute::add(acc, later)
    }
    #[inline(always)]
    fn finish(&self, acc: T::Compute) -> O {
        acc.cast::<O>()
    }
    #[inline(always)]
    fn stored(&self, acc: T::Compute) -> T::Compute {
        acc.cast::<O>().cast::<T::Compute>()
    }
    /// PyTorch's store of a row's sum: `out + sum` (the output starts at zero).
    fn row(&self, acc: T::Compute, xs: &[T], _: usize) -> T::Compute {
        T::Compute::add(acc, T::row(xs, self.skip_nan))
    }
    fn columns(&self, data: &[T], base: usize, (rows, row_stride): (usize, usize), out: &mut [O]) -> bool {
        let width = out.len();
        let mut sums: SmallVec<[T::Compute; 64]> = SmallVec::from_elem(self.identity(), width);
        T::columns(&data[base..], rows, row_stride, width, self.skip_nan, &mut sums);
        for (o, s) in out.iter_mut().zip(sums) {
            *o = self.finish(T::Compute::add(self.identity(), s));
        }
        true
    }
}

/// `prod`, in the compute type.
struct Prod<T, O>(std::marker::PhantomData<(T, O)>);

impl<T, O> Fold for Prod<T, O>
where
    T: CpuElement + Cascade,
    T::Compute: Arith,
    O: CpuElement,
{
    type In = T;
    type Acc = T::Compute;
    type Out = O;
    #[inline(always)]
    fn identity(&self) -> T::Compute {
        T::Compute::from_bool(true)
    }
    /// Each product as PyTorch's scalar code rounds it ([`Cascade::scalar_mul`]).
    #[inline(always)]
    fn step(&self, acc: T::Compute, x: T, _: usize) -> T::Compute {
        T::scalar_mul(acc, x.cast::<T::Compute>())
    }
    #[inline(always)]
    fn combine(&self, acc: T::Compute, later: T::Compute) -> T::Compute {
        T::scalar_mul(acc, later)
    }
    #[inline(always)]
    fn finish(&self, acc: T::Compute) -> O {
        acc.cast::<O>()
    }
    #[inline(always)]
    fn stored(&self, acc: T::Compute) -> T::Compute {
        acc.cast::<O>().cast::<T::Compute>()
    }
    /// PyTorch multiplies the output (which starts at one) by the row's vector blocks, then by each element after.
    fn row(&self, acc: T::Compute, xs: &[T], _: usize) -> T::Compute {
        T::product(acc, xs)
    }
}

/// The ends of an ordered compute type's range (the identities of `max` and `min`).
trait Extremes: Copy + PartialOrd {
    const LOWEST: Self;
    const HIGHEST: Self;
}

macro_rules! extremes {
    ($($t:ty: $lo:expr, $hi:expr;)*) => {$(
        impl Extremes for $t {
            const LOWEST: Self = $lo;
            const HIGHEST: Self = $hi;
        }
    )*};
}
extremes! {
    bool: false, true;
    u8: u8::MIN, u8::MAX;
    i8: i8::MIN, i8::MAX;
    i16: i16::MIN, i16::MAX;
    i32: i32::MIN, i32::MAX;
    i64: i64::MIN, i64::MAX;
    f32: f32::NEG_INFINITY, f32::INFINITY;
    f64: f64::NEG_INFINITY, f64::INFINITY;
}

/// Whether `x` is NaN (`x != x` holds for NaN only).
#[inline(always)]
#[allow(clippy::eq_op)]
fn is_nan<T: PartialEq>(x: T) -> bool {
    x != x
}

/// `amax`/`amin` (`max`/`min` of all elements): NaN propagates.
struct Extreme<T> {
    largest: bool,
    _type: std::marker::PhantomData<T>,
}

impl<T> Extreme<T>
where
    T: CpuElement,
    T::Compute: Extremes,
{
    /// Whether `x` replaces the accumulator `acc`: a NaN does, unless `acc` is one; a larger (smaller) value does.
    #[inline(always)]
    fn better(&self, x: T::Compute, acc: T::Compute) -> bool {
        if is_nan(acc) {
            return false;
        }
        is_nan(x) || if self.largest { x > acc } else { x < acc }
    }
}

impl<T> Fold for Extreme<T>
where
    T: CpuElement,
    T::Compute: Extremes,
{
    type In = T;
    type Acc = T::Compute;
    type Out = T;
    #[inline(always)]
    fn identity(&self) -> T::Compute {
        if self.largest {
            T::Compute::LOWEST
        } else {
            T::Compute::HIGHEST
        }
    }
    #[inline(always)]
    fn step(&self, acc: T::Compute, x: T, _: usize) -> T::Compute {
        let x = x.cast::<T::Compute>();
        if self.better(x, acc) {
            x
        } else {
            acc
        }
    }
    #[inline(always)]
    fn combine(&self, acc: T::Compute, later: T::Compute) -> T::Compute {
        if self.better(later, acc) {
            later
        } else {
            acc
        }
    }
    #[inline(always)]
    fn finish(&self, acc: T::Compute) -> T {
        acc.cast::<T>()
    }
    /// Long rows in eight lanes side by side (the CPU's vector instructions), NaN noted apart: the extreme values
    /// are exact whatever the order, only which of two equal zeros is kept can depend on it.
    fn row(&self, acc: T::Compute, xs: &[T], first: usize) -> T::Compute {
        if xs.len() < 64 {
            return xs.iter().enumerate().fold(acc, |a, (i, &x)| self.step(a, x, first + i));
        }
        let lanes = lane_extremes(xs, self.largest);
        if let Some(&nan) = lanes.iter().find(|&&x| is_nan(x)) {
            return self.step(acc, nan.cast::<T>(), 0);
        }
        lanes.iter().fold(acc, |a, &x| self.combine(a, x))
    }
}

/// The extreme of each of eight lanes of `xs` (element `i` in lane `i % 8`; the tail in the first lanes), a NaN
/// where a lane met one; compiled for AVX2 where the CPU has it.
fn lane_extremes<T>(xs: &[T], largest: bool) -> [T::Compute; 8]
where
    T: CpuElement,
    T::Compute: Extremes,
{
    #[inline(always)]
    fn lanes<T>(xs: &[T], largest: bool) -> [T::Compute; 8]
    where
        T: CpuElement,
        T::Compute: Extremes,
    {
        let (chunks, tail) = xs.as_chunks::<8>();
        let mut m: [T::Compute; 8] = std::array::from_fn(|l| chunks[0][l].cast::<T::Compute>());
        let mut nan = [false; 8];
        for chunk in chunks {
            for l in 0..8 {
                let x = chunk[l].cast::<T::Compute>();
                nan[l] |= is_nan(x);
                let take = if largest { x > m[l] } else { x < m[l] };
                m[l] = if take { x } else { m[l] };
            }
        }
        for (l, &x) in tail.iter().enumerate() {
            let x = x.cast::<T::Compute>();
            nan[l] |= is_nan(x);
            let take = if largest { x > m[l] } else { x < m[l] };
            m[l] = if take { x } else { m[l] };
        }
        for l in 0..8 {
            if nan[l] {
                // any NaN of the lane: the first one met is as good as any (NaN values compare as NaN)
                m[l] =
                    xs.iter().skip(l).step_by(8).map(|&x| x.cast::<T::Compute>()).find(|&x| is_nan(x)).unwrap_or(m[l]);
            }
        }
        m
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        fn with_avx2<T>(xs: &[T], largest: bool) -> [T::Compute; 8]
        where
            T: CpuElement,
            T::Compute: Extremes,
        {
            lanes(xs, largest)
        }
        // SAFETY: `with_avx2` is `lanes` compiled with the AVX2 instructions, which `is_x86_feature_detected!`
        // found on the running CPU.
        return unsafe { with_avx2(xs, largest) };
    }
    lanes(xs, largest)
}

/// `argmax`/`argmin` (and `max`/`min` over a dimension): the first extreme element and its position (none yet:
/// `usize::MAX`).
struct ArgExtreme<T> {
    extreme: Extreme<T>,
}

impl<T> Fold for ArgExtreme<T>
where
    T: CpuElement,
    T::Compute: Extremes,
{
    type In = T;
    type Acc = (T::Compute, usize);
    type Out = i64;
    #[inline(always)]
    fn identity(&self) -> Self::Acc {
        (self.extreme.identity(), usize::MAX)
    }
    #[inline(always)]
    fn step(&self, acc: Self::Acc, x: T, index: usize) -> Self::Acc {
        let x = x.cast::<T::Compute>();
        if acc.1 == usize::MAX || self.extreme.better(x, acc.0) {
            (x, index)
        } else {
            acc
        }
    }
    #[inline(always)]
    fn combine(&self, acc: Self::Acc, later: Self::Acc) -> Self::Acc {
        if later.1 != usize::MAX && (acc.1 == usize::MAX || self.extreme.better(later.0, acc.0)) {
            later
        } else {
            acc
        }
    }
    #[inline(always)]
    fn finish(&self, acc: Self::Acc) -> i64 {
        acc.1 as i64
    }
}

/// `all`/`any`: truth values (nonzero), into bool or uint8.
struct Truth<T, O> {
    every: bool,
    _types: std::marker::PhantomData<(T, O)>,
}

impl<T: CpuElement, O: CpuElement> Fold for Truth<T, O> {
    type In = T;
    type Acc = bool;
    type Out = O;
    #[inline(always)]
    fn identity(&self) -> bool {
        self.every
    }
    #[inline(always)]
    fn step(&self, acc: bool, x: T, _: usize) -> bool {
        let nonzero = x != T::default();
        if self.every {
            acc && nonzero
        } else {
            acc || nonzero
        }
    }
    #[inline(always)]
    fn combine(&self, acc: bool, later: bool) -> bool {
        if self.every {
            acc && later
        } else {
            acc || later
        }
    }
    #[inline(always)]
    fn finish(&self, acc: bool) -> O {
        O::from_bool(acc)
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Dispatch over dtypes.

fn mismatch() -> Error {
    Error::Runtime("internal error: a reduction's buffers do not hold the dtypes it was given".into())
}

fn not_implemented(kernel: ReduceKernel, dtype: DType) -> Error {
    Error::NotImplemented(format!("\"{kernel:?}\" reduction not implemented for '{}'", dtype.scalar_type_name()))
}

/// Runs `f` over the call's input buffer into the output buffer.
fn apply<F: Fold>(f: F, g: &Geometry, input: &CpuBuffer, out: &mut CpuBuffer) -> Result<()> {
    let data = F::In::slice(input).ok_or_else(mismatch)?;
    let out = F::Out::slice_mut(out).ok_or_else(mismatch)?;
    let out = out.get_mut(..g.outputs).ok_or_else(mismatch)?;
    run(&f, data, g, out);
    Ok(())
}

/// A sum (or product) of input type `T` into the output's dtype.
fn sum_like<T>(kernel: ReduceKernel, g: &Geometry, input: &CpuBuffer, out: &mut CpuBuffer) -> Result<()>
where
    T: CpuElement + Cascade,
    T::Compute: Arith,
{
    macro_rules! into {
        ($O:ty) => {
            match kernel {
                ReduceKernel::Prod => apply(Prod::<T, $O>(Default::default()), g, input, out),
                _ => apply(
                    Sum::<T, $O> { skip_nan: kernel == ReduceKernel::NanSum, _types: Default::default() },
                    g,
                    input,
                    out,
                ),
            }
        };
    }
    match out.dtype() {
        d if d == T::DTYPE => into!(T),
        DType::Float32 => into!(f32),
        DType::Float64 => into!(f64),
        DType::Int64 => into!(i64),
        other => Err(not_implemented(kernel, other)),
    }
}

/// Runs a reduction on the CPU (see [`crate::backend::reduce`]).
pub(crate) fn reduce(call: &ReduceCall<'_>) -> Result<()> {
    let g = Geometry::new(call);
    if g.outputs == 0 {
        return Ok(());
    }
    if call.kernel.gives_indices() {
        return arg_reduce(call, &g);
    }
    with_locked(call.out, &[call.input.storage], |out, inputs| {
        let input = inputs.first().copied().ok_or_else(mismatch)?;
        let dtype = input.dtype();
        match call.kernel {
            ReduceKernel::Sum | ReduceKernel::NanSum | ReduceKernel::Prod => {
                crate::dispatch_dtype!(dtype, T => sum_like::<T>(call.kernel, &g, input, out))
            }
            ReduceKernel::Max | ReduceKernel::Min => {
                let largest = call.kernel == ReduceKernel::Max;
                macro_rules! extreme {
                    ($T:ty) => {
                        apply(Extreme::<$T> { largest, _type: Default::default() }, &g, input, out)
                    };
                }
                ordered_dtype!(dtype, extreme, call.kernel)
            }
            ReduceKernel::All | ReduceKernel::Any => {
                let every = call.kernel == ReduceKernel::All;
                macro_rules! truth {
                    ($T:ty, $O:ty) => {
                        apply(Truth::<$T, $O> { every, _types: Default::default() }, &g, input, out)
                    };
                }
                match out.dtype() {
                    DType::UInt8 => crate::dispatch_dtype!(dtype, T => truth!(T, u8)),
                    _ => crate::dispatch_dtype!(dtype, T => truth!(T, bool)),
                }
            }
            ReduceKernel::ArgMax | ReduceKernel::ArgMin => Err(mismatch()),
        }
    })?
}

/// Runs `$m!(T)` for the ordered dtypes (every one but complex).
macro_rules! ordered_dtype {
    ($dtype:expr, $m:ident, $kernel:expr) => {
        match $dtype {
            DType::Bool => $m!(bool),
            DType::UInt8 => $m!(u8),
            DType::Int8 => $m!(i8),
            DType::Int16 => $m!(i16),
            DType::Int32 => $m!(i32),
            DType::Int64 => $m!(i64),
            DType::Float16 => $m!(f16),
            DType::BFloat16 => $m!(bf16),
            DType::Float32 => $m!(f32),
            DType::Float64 => $m!(f64),
            other => Err(not_implemented($kernel, other)),
        }
    };
}
use ordered_dtype;

/// `argmax`/`argmin` into the call's output (int64 indices), and the extreme values into its `values` output
/// when it has one (`max` and `min` over a dimension).
fn arg_reduce(call: &ReduceCall<'_>, g: &Geometry) -> Result<()> {
    let largest = call.kernel == ReduceKernel::ArgMax;
    let want_values = call.values.is_some();
    let picked = with_locked(call.out, &[call.input.storage], |out, inputs| -> Result<Option<CpuBuffer>> {
        let input = inputs.first().copied().ok_or_else(mismatch)?;
        let positions = i64::slice_mut(out).ok_or_else(mismatch)?;
        let positions = positions.get_mut(..g.outputs).ok_or_else(mismatch)?;
        macro_rules! arg {
            ($T:ty) => {{
                let f = ArgExtreme::<$T> { extreme: Extreme { largest, _type: Default::default() } };
                let data = <$T>::slice(input).ok_or_else(mismatch)?;
                run(&f, data, g, positions);
                let along = g.reduced.first().map_or(0, |d| d.1);
                let at = |o: usize| data[g.base(o) + positions[o] as usize * along];
                Ok(want_values.then(|| <$T>::into_buffer((0..g.outputs).map(at).collect())))
            }};
        }
        ordered_dtype!(input.dtype(), arg, call.kernel)
    })??;
    if let (Some(values), Some(picked)) = (call.values, picked) {
        let mut guard = write(cpu_part(values)?);
        let mut access = WriteAccess::new(values, &mut guard)?;
        copy_into(access.buffer(), &picked)?;
    }
    Ok(())
}

/// Copies `src` into the start of `dst` (same dtype).
fn copy_into(dst: &mut CpuBuffer, src: &CpuBuffer) -> Result<()> {
    crate::dispatch_dtype!(src.dtype(), T => {
        let s = T::slice(src).ok_or_else(mismatch)?;
        let d = T::slice_mut(dst).ok_or_else(mismatch)?;
        d.get_mut(..s.len()).ok_or_else(mismatch)?.copy_from_slice(s);
        Ok(())
    })
}
