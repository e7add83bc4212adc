//! The binary elementwise loop. `D` is the operation's common dtype (values are converted to it on load and
//! rounded to it on store), `C` the type arithmetic runs in (float32 for float16/bfloat16, else `D`).
//!
//! When the output and both inputs already hold `D`, the loop reads and writes typed slices directly; otherwise
//! it converts in chunks of [`CHUNK`] elements through stack buffers, so mixed-dtype operations never allocate
//! full-size temporaries.

use super::arith::Arith;
use crate::element::Element;
use crate::iter::Plan;
use crate::storage::{BufferAccess, CpuBuffer};

/// Elements converted per step on the mixed-dtype path.
pub const CHUNK: usize = 256;

/// The right-hand operand: a buffer laid out by the plan, or one value (a scalar already in compute precision).
pub enum Rhs<'a, C> {
    /// Operand 2 of the plan.
    Buffer(&'a CpuBuffer),
    /// The same value for every element.
    Value(C),
}

/// Runs `out = f(a, b)` over `plan` (operands: 0 = out, 1 = a, 2 = b). `a = None` means the first input is the
/// output itself (an in-place operation), read at the output's positions.
pub fn binary<D: Element, C: Arith>(
    plan: &Plan,
    out: &mut CpuBuffer,
    a: Option<&CpuBuffer>,
    b: Rhs<'_, C>,
    f: impl Fn(C, C) -> C,
) {
    let (so, sa) = (plan.inner_stride(0), plan.inner_stride(1));
    let sb = plan.inner_stride(2);
    let b_typed: Option<&[D]> = match b {
        Rhs::Buffer(buf) => D::slice(buf),
        Rhs::Value(_) => None,
    };
    let b_ok = b_typed.is_some() || matches!(b, Rhs::Value(_));
    let a_typed: Option<Option<&[D]>> = match a {
        Some(buf) => D::slice(buf).map(Some),
        None => Some(None),
    };
    if let (true, Some(a_typed), Some(o)) = (b_ok, a_typed, D::slice_mut(out)) {
        typed_loop::<D, C>(plan, o, a_typed, b_typed, &b, (so, sa, sb), &f);
        return;
    }
    // mixed path: convert through stack chunks
    let mut xa = [C::default(); CHUNK];
    let mut xb = [C::default(); CHUNK];
    let mut r = [C::default(); CHUNK];
    plan.for_each_run(|offs, len| {
        let mut done = 0;
        while done < len {
            let n = CHUNK.min(len - done);
            match a {
                Some(buf) => load::<D, C>(buf, offs[1] + done * sa, sa, &mut xa[..n]),
                None => load::<D, C>(out, offs[0] + done * so, so, &mut xa[..n]),
            }
            match &b {
                Rhs::Buffer(buf) => load::<D, C>(buf, offs[2] + done * sb, sb, &mut xb[..n]),
                Rhs::Value(q) => xb[..n].fill(*q),
            }
            for ((r, &p), &q) in r[..n].iter_mut().zip(&xa[..n]).zip(&xb[..n]) {
                *r = f(p, q);
            }
            store::<D, C>(out, offs[0] + done * so, so, &r[..n]);
            done += n;
        }
    });
}

/// The loop when every operand holds `D`: typed slices, with contiguous inner runs written as zipped iterators
/// so that they vectorize.
fn typed_loop<D: Element, C: Arith>(
    plan: &Plan,
    o: &mut [D],
    a: Option<&[D]>,
    b: Option<&[D]>,
    b_arg: &Rhs<'_, C>,
    (so, sa, sb): (usize, usize, usize),
    f: &impl Fn(C, C) -> C,
) {
    let g = |p: D, q: C| f(p.cast::<C>(), q).cast::<D>();
    let value = match b_arg {
        Rhs::Value(q) => Some(*q),
        Rhs::Buffer(_) => None,
    };
    plan.for_each_run(|offs, len| {
        let (oo, ao, bo) = (offs[0], offs[1], offs[2]);
        // the second operand as one value when it does not move along this run
        let scalar = value.or_else(|| if sb == 0 { b.map(|y| y[bo].cast::<C>()) } else { None });
        let out = &mut o[oo..];
        match (a, scalar) {
            (Some(x), Some(q)) if so == 1 && sa == 1 => {
                for (o, &p) in out[..len].iter_mut().zip(&x[ao..ao + len]) {
                    *o = g(p, q);
                }
            }
            (None, Some(q)) if so == 1 => {
                for o in out[..len].iter_mut() {
                    *o = g(*o, q);
                }
            }
            (Some(x), None) if so == 1 && sa == 1 && sb == 1 => {
                if let Some(y) = b {
                    for ((o, &p), &q) in out[..len].iter_mut().zip(&x[ao..ao + len]).zip(&y[bo..bo + len]) {
                        *o = g(p, q.cast::<C>());
                    }
                }
            }
            (None, None) if so == 1 && sb == 1 => {
                if let Some(y) = b {
                    for (o, &q) in out[..len].iter_mut().zip(&y[bo..bo + len]) {
                        *o = g(*o, q.cast::<C>());
                    }
                }
            }
            _ => {
                for i in 0..len {
                    let p = match a {
                        Some(x) => x[ao + i * sa],
                        None => out[i * so],
                    };
                    let q = match (scalar, b) {
                        (Some(q), _) => q,
                        (None, Some(y)) => y[bo + i * sb].cast::<C>(),
                        (None, None) => return,
                    };
                    out[i * so] = g(p, q);
                }
            }
        }
    });
}

/// Reads `dst.len()` elements of `buf` (any dtype) starting at `offset`, `stride` apart, converting each to `D`
/// and then to `C`.
pub fn load<D: Element, C: Element>(buf: &CpuBuffer, offset: usize, stride: usize, dst: &mut [C]) {
    crate::dispatch_dtype!(buf.dtype(), S => {
        if let Some(src) = <S as BufferAccess>::slice(buf) {
            for (i, d) in dst.iter_mut().enumerate() {
                *d = src[offset + i * stride].cast::<D>().cast::<C>();
            }
        }
    })
}

/// Writes `src` into `buf` (any dtype) starting at `offset`, `stride` apart, rounding each value to `D` first.
pub fn store<D: Element, C: Element>(buf: &mut CpuBuffer, offset: usize, stride: usize, src: &[C]) {
    crate::dispatch_dtype!(buf.dtype(), O => {
        if let Some(dst) = <O as BufferAccess>::slice_mut(buf) {
            for (i, v) in src.iter().enumerate() {
                dst[offset + i * stride] = v.cast::<D>().cast::<O>();
            }
        }
    })
}
