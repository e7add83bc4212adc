//! The binary elementwise loop. `D` is the operation's common dtype (inputs are converted to it on load), `C` the
//! type arithmetic runs in (float32 for float16/bfloat16, else `D`), and `R` the element type the operation
//! produces (`D` for arithmetic, rounded to it once; `bool` for comparisons), which the output's dtype takes.
//!
//! When both inputs hold `D` and the output holds `R`, the loop reads and writes typed slices directly;
//! otherwise it converts in chunks of [`CHUNK`] elements through stack buffers, so mixed-dtype operations never
//! allocate full-size temporaries. Large work is split over threads by [`for_chunks`].

use super::arith::{Arith, LoopPosition, LoopRun};
use super::buffer::{CpuBuffer, CpuElement};
use super::parallel::for_chunks;
use crate::element::Element;
use crate::iter::Plan;

/// Elements converted per step on the mixed-dtype path.
pub const CHUNK: usize = 256;

/// The right-hand operand: a buffer laid out by the plan, or one value (already in compute precision).
#[derive(Clone, Copy)]
pub enum Rhs<'a, C> {
    /// Operand 2 of the plan.
    Buffer(&'a CpuBuffer),
    /// The same value for every element.
    Value(C),
}

/// Runs `out = f(a, b)` over `plan` (operands: 0 = out, 1 = a, 2 = b). `a = None` means the first input is the
/// output itself (an in-place operation), read at the output's positions. `f` is given each element's
/// [`LoopPosition`] when `positional` (else a default one, and the loops are free to vectorize).
pub fn binary<D: CpuElement, C: Arith, R: CpuElement>(
    plan: &Plan,
    out: &mut CpuBuffer,
    a: Option<&CpuBuffer>,
    b: Rhs<'_, C>,
    positional: bool,
    f: impl Fn(C, C, LoopPosition) -> R + Sync,
) {
    let typed_b = match b {
        Rhs::Buffer(buf) => D::slice(buf).map(TypedRhs::Slice),
        Rhs::Value(q) => Some(TypedRhs::Value(q)),
    };
    let typed_a: Option<Option<&[D]>> = match a {
        Some(buf) => D::slice(buf).map(Some),
        None => Some(None),
    };
    if let (Some(b), Some(a)) = (typed_b, typed_a) {
        if let Some(o) = R::slice_mut(out) {
            let run = |o: &mut [R], start, end, base| {
                typed_loop::<D, C, R>(plan, (start, end, base), o, a, b, positional, &f)
            };
            for_chunks(plan, o, run);
            return;
        }
    }
    // the mixed path is generic over the dtypes only; the operation runs per chunk through `compute`
    let compute = |xa: &[C], xb: &[C], r: &mut [R], pos: &[LoopPosition]| {
        if positional {
            for (((r, &p), &q), &at) in r.iter_mut().zip(xa).zip(xb).zip(pos) {
                *r = f(p, q, at);
            }
        } else {
            for ((r, &p), &q) in r.iter_mut().zip(xa).zip(xb) {
                *r = f(p, q, LoopPosition::default());
            }
        }
    };
    mixed::<D, C, R>(plan, out, a, b, positional, &compute)
}

/// `f` itself: the place for a formula closure's `#[inline(always)]`, which Rust accepts on a closure passed as an
/// argument but not on one bound by `let`. A formula inlined into the loops, whatever its size, lets them vectorize.
#[inline(always)]
pub fn inlined<F>(f: F) -> F {
    f
}

/// Per-chunk arithmetic of the mixed path: `r[i] = f(xa[i], xb[i], pos[i])` (`pos` is only filled for a
/// positional operation).
type ChunkFn<'f, C, R> = dyn Fn(&[C], &[C], &mut [R], &[LoopPosition]) + Sync + 'f;

/// The [`LoopRun`] of a run of `len` elements with the plan's inner strides, for element type `D` (whose vector
/// blocks are two 256-bit vectors): the first input is the output itself when `in_place`, and a value has stride 0.
fn loop_run<D: Element>(len: usize, (so, sa, sb): (usize, usize, usize), in_place: bool, rhs_value: bool) -> LoopRun {
    let block = (64 / D::DTYPE.itemsize()).max(1);
    LoopRun::new(len, (so, if in_place { so } else { sa }, if rhs_value { 0 } else { sb }), block, in_place)
}

fn mixed<D: Element, C: Arith, R: Element>(
    plan: &Plan,
    out: &mut CpuBuffer,
    a: Option<&CpuBuffer>,
    b: Rhs<'_, C>,
    positional: bool,
    compute: &ChunkFn<'_, C, R>,
) {
    crate::dispatch_dtype!(out.dtype(), O => {
        if let Some(o) = <O as CpuElement>::slice_mut(out) {
            let run = |o: &mut [O], start, end, base| {
                mixed_loop::<D, C, R, O>(plan, (start, end, base), o, a, b, positional, compute)
            };
            for_chunks(plan, o, run);
        }
    })
}

/// The second operand on the typed path: elements (a slice, or a [`Strided`] run of one), or one value.
#[derive(Clone, Copy)]
enum TypedRhs<S, C> {
    Slice(S),
    Value(C),
}

/// The loop when the inputs hold `D` and the output `R`: typed slices. Contiguous inner runs go through
/// [`contiguous_run`], which vectorizes; a positional operation's vectorized blocks share one [`LoopPosition`], so
/// they take that path too, and only its scalar remainder is computed element by element. An in-place first
/// input is read from the output (`R` is `D` then, or bool, whose values every dtype holds exactly).
fn typed_loop<D: Element, C: Arith, R: Element>(
    plan: &Plan,
    (start, end, base): (usize, usize, usize),
    o: &mut [R],
    a: Option<&[D]>,
    b: TypedRhs<&[D], C>,
    positional: bool,
    f: &impl Fn(C, C, LoopPosition) -> R,
) {
    let strides = (plan.inner_stride(0), plan.inner_stride(1), plan.inner_stride(2));
    let (so, sa, sb) = strides;
    plan.for_each_run_in(start, end, base, |offs, len| {
        let run = positional.then(|| loop_run::<D>(len, strides, a.is_none(), matches!(b, TypedRhs::Value(_))));
        let (plain_len, at) = match run {
            Some(run) => (run.vector_len(), run.at(0)),
            None => (len, LoopPosition::default()),
        };
        let (oo, ao, bo) = (offs[0], offs[1], offs[2]);
        let out = &mut o[oo..];
        let x = a.map(|x| Strided { values: &x[ao..], stride: sa });
        let y = match b {
            TypedRhs::Slice(y) => TypedRhs::Slice(Strided { values: &y[bo..], stride: sb }),
            TypedRhs::Value(q) => TypedRhs::Value(q),
        };
        // the formulas are inlined into the loops, whatever their size, so that the loops vectorize
        let first = match contiguous_run(
            out,
            so,
            plain_len,
            x,
            y,
            #[inline(always)]
            |p, q| f(p, q, at),
        ) {
            true => plain_len,
            false => 0,
        };
        for i in first..len {
            let p = match x {
                Some(x) => x.values[i * sa].cast::<C>(),
                None => out[i * so].cast::<C>(),
            };
            let q = match y {
                TypedRhs::Slice(y) => y.values[i * sb].cast::<C>(),
                TypedRhs::Value(q) => q,
            };
            out[i * so] = f(p, q, run.map_or(at, |run| run.at(i)));
        }
    });
}

/// The shortest run [`contiguous_run`] hands to its AVX2 loops: a shorter one costs more to dispatch than the
/// wider vectors save.
const AVX2_MIN_LEN: usize = 64;

/// The elements of one operand along a run, from its first element, `stride` apart.
#[derive(Clone, Copy)]
struct Strided<'a, T> {
    values: &'a [T],
    stride: usize,
}

/// `out[i] = g(x[i], y[i])` for the first `len` elements of a run whose output is contiguous and whose inputs are
/// contiguous or one value (`x = None` reads the output itself), as zipped loops the compiler vectorizes; on x86-64
/// CPUs with AVX2 the loops are compiled for it (PyTorch's kernels run AVX2 there too). Nothing here fuses or
/// reorders arithmetic, so every path gives the same bits. Returns whether the strides fit (else nothing is
/// written).
fn contiguous_run<D: Element, C: Element, R: Element>(
    out: &mut [R],
    so: usize,
    len: usize,
    x: Option<Strided<'_, D>>,
    y: TypedRhs<Strided<'_, D>, C>,
    g: impl Fn(C, C) -> R,
) -> bool {
    let moves = |s: &Strided<'_, D>| s.stride == 1 || (s.stride == 0 && len > 0);
    let fits = so == 1
        && x.as_ref().is_none_or(moves)
        && match &y {
            TypedRhs::Slice(y) => moves(y),
            TypedRhs::Value(_) => true,
        };
    if !fits {
        return false;
    }
    // an operand that does not move along the run is one value
    let x = x.map(|x| match x.stride {
        0 => TypedRhs::Value(x.values[0].cast::<C>()),
        _ => TypedRhs::Slice(&x.values[..len]),
    });
    let y = match y {
        TypedRhs::Slice(y) if y.stride == 0 => TypedRhs::Value(y.values[0].cast::<C>()),
        TypedRhs::Slice(y) => TypedRhs::Slice(&y.values[..len]),
        TypedRhs::Value(q) => TypedRhs::Value(q),
    };
    let out = &mut out[..len];
    #[cfg(target_arch = "x86_64")]
    if len >= AVX2_MIN_LEN && std::arch::is_x86_feature_detected!("avx2") {
        #[target_feature(enable = "avx2")]
        fn with_avx2<D: Element, C: Element, R: Element>(
            out: &mut [R],
            x: Option<TypedRhs<&[D], C>>,
            y: TypedRhs<&[D], C>,
            g: &impl Fn(C, C) -> R,
        ) {
            zipped_run(out, x, y, g)
        }
        // SAFETY: `with_avx2` differs from `zipped_run` only in being compiled with the AVX2 instructions, which
        // `is_x86_feature_detected!` found on the running CPU.
        unsafe { with_avx2(out, x, y, &g) };
        return true;
    }
    zipped_run(out, x, y, &g);
    true
}

/// The loops of [`contiguous_run`]: each input is a slice as long as `out`, one value, or (`x = None`) the output.
#[inline(always)]
fn zipped_run<D: Element, C: Element, R: Element>(
    out: &mut [R],
    x: Option<TypedRhs<&[D], C>>,
    y: TypedRhs<&[D], C>,
    g: &impl Fn(C, C) -> R,
) {
    match (x, y) {
        (Some(TypedRhs::Slice(x)), TypedRhs::Slice(y)) => {
            for ((o, &p), &q) in out.iter_mut().zip(x).zip(y) {
                *o = g(p.cast::<C>(), q.cast::<C>());
            }
        }
        (Some(TypedRhs::Slice(x)), TypedRhs::Value(q)) => {
            for (o, &p) in out.iter_mut().zip(x) {
                *o = g(p.cast::<C>(), q);
            }
        }
        (Some(TypedRhs::Value(p)), TypedRhs::Slice(y)) => {
            for (o, &q) in out.iter_mut().zip(y) {
                *o = g(p, q.cast::<C>());
            }
        }
        (Some(TypedRhs::Value(p)), TypedRhs::Value(q)) => out.fill(g(p, q)),
        (None, TypedRhs::Slice(y)) => {
            for (o, &q) in out.iter_mut().zip(y) {
                *o = g(o.cast::<C>(), q.cast::<C>());
            }
        }
        (None, TypedRhs::Value(q)) => {
            for o in out.iter_mut() {
                *o = g(o.cast::<C>(), q);
            }
        }
    }
}

/// The loop when some operand does not hold its type: inputs converted into stack chunks, results (of `R`)
/// converted to the output's type `O` on store.
fn mixed_loop<D: Element, C: Arith, R: Element, O: Element>(
    plan: &Plan,
    (start, end, base): (usize, usize, usize),
    o: &mut [O],
    a: Option<&CpuBuffer>,
    b: Rhs<'_, C>,
    positional: bool,
    compute: &ChunkFn<'_, C, R>,
) {
    let (so, sa, sb) = (plan.inner_stride(0), plan.inner_stride(1), plan.inner_stride(2));
    let mut xa = [C::default(); CHUNK];
    let mut xb = [C::default(); CHUNK];
    let mut r = [R::default(); CHUNK];
    let mut pos = [LoopPosition::default(); CHUNK];
    plan.for_each_run_in(start, end, base, |offs, len| {
        let run = loop_run::<D>(len, (so, sa, sb), a.is_none(), matches!(b, Rhs::Value(_)));
        let mut done = 0;
        while done < len {
            let n = CHUNK.min(len - done);
            if positional {
                for (k, p) in pos[..n].iter_mut().enumerate() {
                    *p = run.at(done + k);
                }
            }
            match a {
                Some(buf) => load::<D, C>(buf, offs[1] + done * sa, sa, &mut xa[..n]),
                None => load_typed::<O, D, C>(o, offs[0] + done * so, so, &mut xa[..n]),
            }
            match b {
                Rhs::Buffer(buf) => load::<D, C>(buf, offs[2] + done * sb, sb, &mut xb[..n]),
                Rhs::Value(q) => xb[..n].fill(q),
            }
            compute(&xa[..n], &xb[..n], &mut r[..n], &pos[..n]);
            store(o, offs[0] + done * so, so, &r[..n]);
            done += n;
        }
    });
}

/// Writes `values` (of `R`) into `o` from `offset`, `stride` apart, converting each to the output's type `O`.
pub(super) fn store<R: Element, O: Element>(o: &mut [O], offset: usize, stride: usize, values: &[R]) {
    if stride == 1 {
        for (o, &v) in o[offset..offset + values.len()].iter_mut().zip(values) {
            *o = v.cast::<O>();
        }
    } else {
        for (i, &v) in values.iter().enumerate() {
            o[offset + i * stride] = v.cast::<O>();
        }
    }
}

/// Reads `dst.len()` elements of `buf` (any dtype) starting at `offset`, `stride` apart, converting each to `D`
/// and then to `C`.
pub fn load<D: Element, C: Element>(buf: &CpuBuffer, offset: usize, stride: usize, dst: &mut [C]) {
    crate::dispatch_dtype!(buf.dtype(), S => {
        if let Some(src) = <S as CpuElement>::slice(buf) {
            load_typed::<S, D, C>(src, offset, stride, dst);
        }
    })
}

/// [`load`] from a typed slice; contiguous reads are a zipped loop so that the conversions vectorize.
pub(super) fn load_typed<S: Element, D: Element, C: Element>(src: &[S], offset: usize, stride: usize, dst: &mut [C]) {
    let n = dst.len();
    if stride == 1 {
        for (d, s) in dst.iter_mut().zip(&src[offset..offset + n]) {
            *d = s.cast::<D>().cast::<C>();
        }
    } else {
        for (i, d) in dst.iter_mut().enumerate() {
            *d = src[offset + i * stride].cast::<D>().cast::<C>();
        }
    }
}
