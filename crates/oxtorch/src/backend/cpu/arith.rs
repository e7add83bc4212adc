//! Scalar arithmetic per compute type, as PyTorch's CPU kernels compute it: integers wrap (division by zero is
//! caught before any kernel runs), floats follow IEEE, float16/bfloat16 are computed in float32 (the iterator
//! rounds the result once), complex division is Smith's scaled algorithm as in `c10::complex`, and complex
//! products and quotients round as PyTorch's loop rounds them at each element's [`LoopPosition`].

use crate::element::Element;
use num_complex::Complex;

/// Where PyTorch's CPU loop (its x86-64 build) computes an element. Its compiler rounds complex products
/// differently in the loop's vectorized blocks (two 256-bit vectors per step, plain products) and in its scalar
/// code (the remainder after the last block, and every element of a loop that cannot vectorize), which it
/// contracts into fused multiply-adds: every element for complex128; for complex64 the compiler vectorizes the
/// scalar code itself, in groups of 2 or 4 elements that are fused, the others plain (see `complex_arith!`).
/// Of the real types only float16/bfloat16 depend on it, in `add`/`sub` with an `alpha` (`backend/cpu/mod.rs`).
/// Measured against PyTorch 2.15 (`fuzz/FINDINGS.md`, F57, F62).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LoopPosition {
    /// In a vectorized block.
    pub vector: bool,
    /// The element's index in the scalar code (after the blocks).
    pub scalar_index: usize,
    /// How many elements the scalar code computes.
    pub scalar_len: usize,
    /// The loop vectorizes (contiguous, or with one broadcast input).
    pub vectorizable: bool,
    /// Both inputs advance along the loop (neither is one broadcast value).
    pub inputs_move: bool,
    /// The first input is the output itself (an in-place operation).
    pub in_place: bool,
}

/// One inner loop of PyTorch's kernel, as far as the [`LoopPosition`]s of its elements depend on it: decided once
/// per run, then asked for each element.
#[derive(Clone, Copy, Debug)]
pub struct LoopRun {
    len: usize,
    vectorized: usize,
    vectorizable: bool,
    inputs_move: bool,
    in_place: bool,
}

impl LoopRun {
    /// A loop of `len` elements with element strides `so` (output), `sa` and `sb` (inputs; 0 for a broadcast
    /// value), for vector blocks of `block` elements, `in_place` when the first input is the output.
    #[inline]
    pub fn new(len: usize, (so, sa, sb): (usize, usize, usize), block: usize, in_place: bool) -> LoopRun {
        // PyTorch vectorizes a contiguous loop, or one whose single broadcast input has stride 0
        let vectorizable = so == 1 && matches!((sa, sb), (1, 1) | (0, 1) | (1, 0));
        let vectorized = if vectorizable { len / block * block } else { 0 };
        LoopRun { len, vectorized, vectorizable, inputs_move: sa != 0 && sb != 0, in_place }
    }

    /// A loop of `len` elements over any number of inputs (`cpu_kernel_vec` of more than two): it vectorizes
    /// when the output and every input are contiguous, or one input has stride 0 and the others are contiguous.
    #[inline]
    pub fn of_inputs(len: usize, so: usize, inputs: &[usize], block: usize, in_place: bool) -> LoopRun {
        let broadcast = inputs.iter().filter(|&&s| s == 0).count();
        let vectorizable = so == 1 && broadcast <= 1 && inputs.iter().all(|&s| s <= 1);
        let vectorized = if vectorizable { len / block * block } else { 0 };
        LoopRun { len, vectorized, vectorizable, inputs_move: broadcast == 0, in_place }
    }

    /// How many elements the vectorized blocks compute (the first ones): they all share [`LoopRun::at`]`(0)`.
    #[inline]
    pub fn vector_len(self) -> usize {
        self.vectorized
    }

    /// The position of element `i` of the loop.
    #[inline]
    pub fn at(self, i: usize) -> LoopPosition {
        LoopPosition {
            vector: i < self.vectorized,
            scalar_index: i.saturating_sub(self.vectorized),
            scalar_len: self.len - self.vectorized,
            vectorizable: self.vectorizable,
            inputs_move: self.inputs_move,
            in_place: self.in_place,
        }
    }
}

impl LoopPosition {
    /// Whether the scalar code computes this element in one of its groups of `group` elements, which start after
    /// `peel` elements computed one by one.
    #[inline]
    fn grouped(self, peel: usize, group: usize) -> bool {
        !self.vector
            && self.scalar_index >= peel
            && self.scalar_index - peel < self.scalar_len.saturating_sub(peel) / group * group
    }
}

/// The arithmetic of one compute type.
pub trait Arith: Element {
    /// Whether results depend on the [`LoopPosition`] (complex types); loops skip computing it otherwise.
    const POSITIONAL: bool = false;
    /// `a + b`
    fn add(a: Self, b: Self) -> Self;
    /// `a - b`
    fn sub(a: Self, b: Self) -> Self;
    /// `a * b`
    fn mul(a: Self, b: Self) -> Self;
    /// `a * b + c`, as PyTorch's `add` with an `alpha` computes `other * alpha + self`: one rounding for
    /// float32/float64 (its vectorized `fmadd`, and the compiler's contraction of its scalar loop, on every CPU
    /// with AVX2), two for complex types (`c10::complex` multiplies, then adds).
    fn mul_add(a: Self, b: Self, c: Self) -> Self {
        Self::add(Self::mul(a, b), c)
    }
    /// `a / b` (true division; only called on floating and complex types).
    fn div(a: Self, b: Self) -> Self;
    /// [`Arith::mul`] as PyTorch's CPU loop computes it at `pos`.
    #[inline(always)]
    fn mul_at(a: Self, b: Self, _pos: LoopPosition) -> Self {
        Self::mul(a, b)
    }
    /// [`Arith::div`] as PyTorch's CPU loop computes it at `pos`.
    #[inline(always)]
    fn div_at(a: Self, b: Self, _pos: LoopPosition) -> Self {
        Self::div(a, b)
    }
    /// [`Arith::mul_add`] as PyTorch's CPU loop computes it at `pos` (`other * alpha + self` of `add`).
    #[inline(always)]
    fn mul_add_at(a: Self, b: Self, c: Self, _pos: LoopPosition) -> Self {
        Self::mul_add(a, b, c)
    }
    /// `a / b` rounded toward zero.
    fn div_trunc(a: Self, b: Self) -> Self {
        Self::div_trunc_rounding(a, b, |x| x)
    }
    /// `div_trunc` with `round` applied to the quotient before truncation: PyTorch computes float16/bfloat16
    /// `trunc(a / b)` with the quotient rounded to the storage type.
    fn div_trunc_rounding(a: Self, b: Self, round: impl Fn(Self) -> Self) -> Self;
    /// `div_floor` with `round` applied after every intermediate operation, as PyTorch's scalar
    /// `div_floor_floating` does in float16/bfloat16 arithmetic.
    fn div_floor_rounding(a: Self, b: Self, round: impl Fn(Self) -> Self) -> Self;
}

macro_rules! int_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(a: Self, b: Self) -> Self { a.wrapping_add(b) }
            #[inline(always)] fn sub(a: Self, b: Self) -> Self { a.wrapping_sub(b) }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { a.wrapping_mul(b) }
            #[inline(always)] fn div(a: Self, b: Self) -> Self { Self::div_trunc(a, b) }
            #[inline(always)]
            fn div_trunc_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self {
                if b == 0 { 0 } else { a.wrapping_div(b) }
            }
            #[inline(always)]
            fn div_floor_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self {
                if b == 0 {
                    return 0;
                }
                let q = a.wrapping_div(b);
                #[allow(unused_comparisons)]
                let signs_differ = (a < 0) != (b < 0);
                if signs_differ && a.wrapping_rem(b) != 0 { q.wrapping_sub(1) } else { q }
            }
        }
    )*};
}
int_arith!(u8, i8, i16, i32, i64);

impl Arith for bool {
    #[inline(always)]
    fn add(a: Self, b: Self) -> Self {
        a || b
    }
    #[inline(always)]
    fn sub(a: Self, b: Self) -> Self {
        a && !b
    }
    #[inline(always)]
    fn mul(a: Self, b: Self) -> Self {
        a && b
    }
    #[inline(always)]
    fn div(a: Self, _b: Self) -> Self {
        a
    }
    #[inline(always)]
    fn div_trunc_rounding(a: Self, _b: Self, _: impl Fn(Self) -> Self) -> Self {
        a
    }
    #[inline(always)]
    fn div_floor_rounding(a: Self, _b: Self, _: impl Fn(Self) -> Self) -> Self {
        a
    }
}

macro_rules! float_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(a: Self, b: Self) -> Self { a + b }
            #[inline(always)] fn sub(a: Self, b: Self) -> Self { a - b }
            #[inline(always)] fn mul(a: Self, b: Self) -> Self { a * b }
            #[inline(always)] fn mul_add(a: Self, b: Self, c: Self) -> Self { fused::mul_add(a, b, c) }
            #[inline(always)] fn div(a: Self, b: Self) -> Self { a / b }
            #[inline(always)]
            fn div_trunc_rounding(a: Self, b: Self, round: impl Fn(Self) -> Self) -> Self { round(a / b).trunc() }
            /// PyTorch's `div_floor_floating`: floor of the quotient computed through `fmod`, exact for
            /// representable results, with IEEE results for a zero divisor.
            #[inline(always)]
            fn div_floor_rounding(a: Self, b: Self, r: impl Fn(Self) -> Self) -> Self {
                if b == 0.0 {
                    return r(a / b);
                }
                let m = r(a % b);
                let mut div = r(r(a - m) / b);
                if m != 0.0 && (b < 0.0) != (m < 0.0) {
                    div = r(div - 1.0);
                }
                if div != 0.0 {
                    let mut floordiv = div.floor();
                    if r(div - floordiv) > 0.5 {
                        floordiv = r(floordiv + 1.0);
                    }
                    floordiv
                } else {
                    (0.0 as $t).copysign(r(a / b))
                }
            }
        }
    )*};
}
float_arith!(f32, f64);

/// One-rounding `a * b + c` on the CPU's FMA unit. The library is built for baseline x86-64, where Rust's
/// `mul_add` is a call to the C library's `fma` (a loop over 10^7 doubles took 37 ms that way, 21 ms with the
/// instruction detected at run time, 15 ms unfused); `add(alpha=2.5)` of 10^7 doubles takes about 18 ms against
/// 12 ms for a plain `add`.
mod fused {
    /// The generic fallback and the hardware version compute the same exactly rounded value.
    pub(crate) trait MulAdd: Copy {
        fn software(self, b: Self, c: Self) -> Self;
        #[cfg(target_arch = "x86_64")]
        fn hardware(self, b: Self, c: Self) -> Self;
        /// `out[k] = k * step + base`, each rounded once.
        fn steps_software(step: Self, base: Self, out: &mut [Self]);
        #[cfg(target_arch = "x86_64")]
        fn steps_hardware(step: Self, base: Self, out: &mut [Self]);
    }

    macro_rules! mul_add_impl {
        ($($t:ty),*) => {$(
            impl MulAdd for $t {
                #[inline(always)]
                fn software(self, b: Self, c: Self) -> Self {
                    self.mul_add(b, c)
                }
                #[cfg(target_arch = "x86_64")]
                #[inline(always)]
                fn hardware(self, b: Self, c: Self) -> Self {
                    #[target_feature(enable = "fma")]
                    fn with_fma(a: $t, b: $t, c: $t) -> $t {
                        a.mul_add(b, c)
                    }
                    // SAFETY: `with_fma` needs only the FMA instructions, and `hardware` is called only after
                    // `is_x86_feature_detected!("fma")` found them on the running CPU.
                    unsafe { with_fma(self, b, c) }
                }
                #[inline(always)]
                fn steps_software(step: Self, base: Self, out: &mut [Self]) {
                    for (k, x) in out.iter_mut().enumerate() {
                        *x = (k as $t).mul_add(step, base);
                    }
                }
                #[cfg(target_arch = "x86_64")]
                #[inline(always)]
                fn steps_hardware(step: Self, base: Self, out: &mut [Self]) {
                    #[target_feature(enable = "fma")]
                    fn with_fma(step: $t, base: $t, out: &mut [$t]) {
                        for (k, x) in out.iter_mut().enumerate() {
                            *x = (k as $t).mul_add(step, base);
                        }
                    }
                    // SAFETY: as in `hardware`: only the FMA instructions, called after they were detected.
                    unsafe { with_fma(step, base, out) }
                }
            }
        )*};
    }
    mul_add_impl!(f32, f64);

    /// `a * b + c` rounded once.
    #[inline(always)]
    pub(super) fn mul_add<T: MulAdd>(a: T, b: T, c: T) -> T {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("fma") {
            return a.hardware(b, c);
        }
        a.software(b, c)
    }

    /// `out[k] = k * step + base` for every `k`, each rounded once: a whole vector of `arange` in one call, its
    /// loop compiled with the FMA instructions where the CPU has them (a call per element cost 2 ns).
    #[inline(always)]
    pub(crate) fn mul_add_steps<T: MulAdd>(step: T, base: T, out: &mut [T]) {
        #[cfg(target_arch = "x86_64")]
        if std::arch::is_x86_feature_detected!("fma") {
            return T::steps_hardware(step, base, out);
        }
        T::steps_software(step, base, out)
    }
}
pub(crate) use fused::mul_add_steps;

/// `a * b` of complex numbers in `c10::complex`'s order, as its compiler contracts it: `fma(a.re, b.re, -(a.im *
/// b.im))`, `fma(a.re, b.im, a.im * b.re)`.
macro_rules! fused_complex_mul {
    ($a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        Complex::new(fused::mul_add(a.re, b.re, -(a.im * b.im)), fused::mul_add(a.re, b.im, a.im * b.re))
    }};
}

/// Smith's algorithm (as `c10::complex::operator/=`), with `den(x, y, z)` for the `x * y + z` of its scale and
/// `num(x, y, z)` for those of its numerators: scales by the larger divisor component so that components near the
/// type's range do not overflow.
macro_rules! smith_division {
    ($a:expr, $b:expr, $den:expr, $num:expr) => {{
        let (a, b) = ($a, $b);
        let (den, num) = ($den, $num);
        let (x, y, c, d) = (a.re, a.im, b.re, b.im);
        let (abs_c, abs_d) = (c.abs(), d.abs());
        if abs_c >= abs_d {
            if abs_c == 0.0 && abs_d == 0.0 {
                Complex::new(x / abs_c, y / abs_d)
            } else {
                let rat = d / c;
                let scl = 1.0 / den(d, rat, c);
                Complex::new(num(y, rat, x) * scl, num(-x, rat, y) * scl)
            }
        } else {
            let rat = c / d;
            let scl = 1.0 / den(c, rat, d);
            Complex::new(num(x, rat, y) * scl, num(y, rat, -x) * scl)
        }
    }};
}

/// How each complex type's scalar code rounds: which elements of it get fused products, per operation.
trait ComplexScalarCode {
    /// `a * b`.
    fn fused_mul(pos: LoopPosition) -> bool;
    /// `a / b`: whether Smith's numerators are fused (its scale always is, in PyTorch's build).
    fn fused_div(pos: LoopPosition) -> bool;
    /// `b * alpha + self` of `add`.
    fn fused_mul_add(pos: LoopPosition) -> bool;
}

impl ComplexScalarCode for f64 {
    fn fused_mul(pos: LoopPosition) -> bool {
        !pos.vector
    }
    fn fused_div(_: LoopPosition) -> bool {
        true
    }
    fn fused_mul_add(pos: LoopPosition) -> bool {
        !pos.vector
    }
}

/// complex64: pairs where the loop does not vectorize or both inputs advance; with a broadcast input, one element
/// on its own and then groups of four; `add`'s contiguous remainder in groups of four; division fused in its
/// vector blocks and pairs (not in place; an element on its own fuses only the scale). Where PyTorch's remainder starts at an address of another alignment than here (a
/// tensor not allocated by itself), its compiler's grouping can differ.
impl ComplexScalarCode for f32 {
    fn fused_mul(pos: LoopPosition) -> bool {
        if !pos.vectorizable || pos.inputs_move {
            pos.grouped(0, 2)
        } else {
            pos.grouped(1, 4)
        }
    }
    fn fused_div(pos: LoopPosition) -> bool {
        pos.vector || (!pos.in_place && pos.grouped(0, 2))
    }
    fn fused_mul_add(pos: LoopPosition) -> bool {
        match (pos.vectorizable, pos.inputs_move) {
            (false, _) => pos.grouped(0, 2),
            (true, true) => pos.grouped(0, 4),
            (true, false) => pos.grouped(1, 4),
        }
    }
}

/// Complex products and quotients as PyTorch's compiler emits them in code it does not vectorize, every product
/// and sum fused: how c10's scalar functions (`log1p`) compute theirs.
pub trait FusedComplex: Sized {
    /// `a * b`, each part one fused multiply-add.
    fn fused_mul(a: Self, b: Self) -> Self;
    /// `a / b` by Smith's algorithm, its scale and numerators fused.
    fn fused_div(a: Self, b: Self) -> Self;
}

macro_rules! complex_arith {
    ($($f:ty),*) => {$(
        impl FusedComplex for Complex<$f> {
            #[inline(always)]
            fn fused_mul(a: Self, b: Self) -> Self {
                fused_complex_mul!(a, b)
            }
            #[inline(always)]
            fn fused_div(a: Self, b: Self) -> Self {
                let fused = |x: $f, y: $f, z: $f| fused::mul_add(x, y, z);
                smith_division!(a, b, fused, fused)
            }
        }

        impl Arith for Complex<$f> {
            const POSITIONAL: bool = true;
            #[inline(always)] fn add(a: Self, b: Self) -> Self { Complex::new(a.re + b.re, a.im + b.im) }
            #[inline(always)] fn sub(a: Self, b: Self) -> Self { Complex::new(a.re - b.re, a.im - b.im) }
            #[inline(always)]
            fn mul(a: Self, b: Self) -> Self {
                Complex::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re)
            }
            /// Smith's algorithm, unfused.
            #[inline(always)]
            fn div(a: Self, b: Self) -> Self {
                let plain = |x: $f, y: $f, z: $f| x * y + z;
                smith_division!(a, b, plain, plain)
            }
            #[inline(always)]
            fn mul_at(a: Self, b: Self, pos: LoopPosition) -> Self {
                if <$f as ComplexScalarCode>::fused_mul(pos) { fused_complex_mul!(a, b) } else { Self::mul(a, b) }
            }
            #[inline(always)]
            fn div_at(a: Self, b: Self, pos: LoopPosition) -> Self {
                let fused = |x: $f, y: $f, z: $f| fused::mul_add(x, y, z);
                if <$f as ComplexScalarCode>::fused_div(pos) {
                    smith_division!(a, b, fused, fused)
                } else {
                    smith_division!(a, b, fused, |x: $f, y: $f, z: $f| x * y + z)
                }
            }
            /// `b * alpha + self`: the plain product, or the scalar code's fused `alpha * b`.
            #[inline(always)]
            fn mul_add_at(a: Self, b: Self, c: Self, pos: LoopPosition) -> Self {
                if <$f as ComplexScalarCode>::fused_mul_add(pos) {
                    Self::add(fused_complex_mul!(b, a), c)
                } else {
                    Self::mul_add(a, b, c)
                }
            }
            #[inline(always)]
            fn div_trunc_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self { Self::div(a, b) }
            #[inline(always)]
            fn div_floor_rounding(a: Self, b: Self, _: impl Fn(Self) -> Self) -> Self { Self::div(a, b) }
        }
    )*};
}
complex_arith!(f32, f64);
