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

/// The second operand on the typed path.
#[derive(Clone, Copy)]
enum TypedRhs<'a, D, C> {
    Slice(&'a [D]),
    Value(C),
}

/// The loop when the inputs hold `D` and the output `R`: typed slices, with contiguous inner runs written as
/// zipped iterators so that they vectorize. An in-place first input is read from the output (`R` is `D` then, or
/// bool, whose values every dtype holds exactly).
fn typed_loop<D: Element, C: Arith, R: Element>(
    plan: &Plan,
    (start, end, base): (usize, usize, usize),
    o: &mut [R],
    a: Option<&[D]>,
    b: TypedRhs<'_, D, C>,
    positional: bool,
    f: &impl Fn(C, C, LoopPosition) -> R,
) {
    let (so, sa, sb) = (plan.inner_stride(0), plan.inner_stride(1), plan.inner_stride(2));
    let g = |p: C, q: C| f(p, q, LoopPosition::default());
    plan.for_each_run_in(start, end, base, |offs, len| {
        if positional {
            positional_run(offs, len, (so, sa, sb), o, a, b, f);
            return;
        }
        let (oo, ao, bo) = (offs[0], offs[1], offs[2]);
        // the second operand as one value when it does not move along this run
        let scalar = match b {
            TypedRhs::Value(q) => Some(q),
            TypedRhs::Slice(y) if sb == 0 => Some(y[bo].cast::<C>()),
            TypedRhs::Slice(_) => None,
        };
        let out = &mut o[oo..];
        match (a, scalar, b) {
            (Some(x), Some(q), _) if so == 1 && sa == 1 => {
                for (o, &p) in out[..len].iter_mut().zip(&x[ao..ao + len]) {
                    *o = g(p.cast::<C>(), q);
                }
            }
            (None, Some(q), _) if so == 1 => {
                for o in out[..len].iter_mut() {
                    *o = g(o.cast::<C>(), q);
                }
            }
            (Some(x), None, TypedRhs::Slice(y)) if so == 1 && sa == 1 && sb == 1 => {
                for ((o, &p), &q) in out[..len].iter_mut().zip(&x[ao..ao + len]).zip(&y[bo..bo + len]) {
                    *o = g(p.cast::<C>(), q.cast::<C>());
                }
            }
            (None, None, TypedRhs::Slice(y)) if so == 1 && sb == 1 => {
                for (o, &q) in out[..len].iter_mut().zip(&y[bo..bo + len]) {
                    *o = g(o.cast::<C>(), q.cast::<C>());
                }
            }
            _ => {
                for i in 0..len {
                    let p = match a {
                        Some(x) => x[ao + i * sa].cast::<C>(),
                        None => out[i * so].cast::<C>(),
                    };
                    let q = match (scalar, b) {
                        (Some(q), _) => q,
                        (None, TypedRhs::Slice(y)) => y[bo + i * sb].cast::<C>(),
                        (None, TypedRhs::Value(q)) => q,
                    };
                    out[i * so] = g(p, q);
                }
            }
        }
    });
}

/// One run of [`typed_loop`] for an operation whose results depend on the loop position: element by element,
/// each with its [`LoopPosition`].
fn positional_run<D: Element, C: Arith, R: Element>(
    offs: &[usize],
    len: usize,
    (so, sa, sb): (usize, usize, usize),
    o: &mut [R],
    a: Option<&[D]>,
    b: TypedRhs<'_, D, C>,
    f: &impl Fn(C, C, LoopPosition) -> R,
) {
    let (oo, ao, bo) = (offs[0], offs[1], offs[2]);
    let run = loop_run::<D>(len, (so, sa, sb), a.is_none(), matches!(b, TypedRhs::Value(_)));
    let out = &mut o[oo..];
    for i in 0..len {
        let p = match a {
            Some(x) => x[ao + i * sa].cast::<C>(),
            None => out[i * so].cast::<C>(),
        };
        let q = match b {
            TypedRhs::Slice(y) => y[bo + i * sb].cast::<C>(),
            TypedRhs::Value(q) => q,
        };
        out[i * so] = f(p, q, run.at(i));
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
            let dst = offs[0] + done * so;
            if so == 1 {
                for (o, &v) in o[dst..dst + n].iter_mut().zip(&r[..n]) {
                    *o = v.cast::<O>();
                }
            } else {
                for (i, &v) in r[..n].iter().enumerate() {
                    o[dst + i * so] = v.cast::<O>();
                }
            }
            done += n;
        }
    });
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
fn load_typed<S: Element, D: Element, C: Element>(src: &[S], offset: usize, stride: usize, dst: &mut [C]) {
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
