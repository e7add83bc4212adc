//! Float32 elementary functions that vectorize. Each computes in float64 (a range reduction and a polynomial whose
//! error is far below float32's half unit in the last place) and rounds once to float32, so its result is the
//! correctly rounded value except in rare near-halfway cases, as glibc's `expf`, `logf` and `powf` are (they also
//! compute in double precision). Unlike the C library's functions these are written without branches or calls
//! (special values are selected, not branched to), so the loops that call them inline vectorize: with AVX2, four
//! float64 lanes at a time (`binary.rs` compiles its contiguous loops for AVX2 where the CPU has it).
//!
//! PyTorch's own CPU loops take these functions from MKL's VML (`exp`, `log`, `tanh`, ...) or SLEEF (`expm1`,
//! `log1p`, `atan2`, `pow`, ...) in their vectorized blocks and from the C library in their scalar code: all within
//! one ulp of the correctly rounded value, which is where these are. Float64 keeps the C library's functions.
//!
//! `sin`, `cos` and `tan` reduce their argument by `pi/2` in three parts (Cody and Waite's scheme), exact for
//! arguments up to 2^19; the caller sends larger ones to the C library ([`BoundedTrig`]).
//!
//! The polynomials are Taylor series truncated where the next term is below 2^-42 relative on the reduced range,
//! except `erf`'s `erfcx`, a Chebyshev interpolant (see [`ERFCX`]).

/// `1.5 * 2^52`: adding it to a float64 of magnitude below 2^51 rounds it to an integer held in the low bits.
const SHIFT: f64 = 6_755_399_441_055_744.0;
/// `ln(2)` split so that `k * LN2_HI` is exact for `|k| < 2^20`.
const LN2_HI: f64 = 0.693_147_180_369_123_8;
const LN2_LO: f64 = 1.908_214_929_270_587_7e-10;
const LN2: f64 = std::f64::consts::LN_2;

/// Evaluates the polynomial with coefficients `c` (lowest degree first) at `x` by Estrin's scheme: pairs
/// `c[2i] + c[2i+1] x`, then pairs of those with `x^2`, and so on. Its chains of dependent operations are
/// `log2(N)` steps long where Horner's rule's are `N`, which is what bounds a vectorized loop's speed here.
#[inline(always)]
fn poly<const N: usize>(x: f64, c: [f64; N]) -> f64 {
    let mut v = c;
    let (mut len, mut power) = (N, x);
    while len > 1 {
        let half = len.div_ceil(2);
        for i in 0..half {
            v[i] = if 2 * i + 1 < len { v[2 * i] + v[2 * i + 1] * power } else { v[2 * i] };
        }
        len = half;
        power *= power;
    }
    v[0]
}

/// [`poly`] for long polynomials, whose Estrin tree would not fit the vector registers: the even and the odd
/// coefficients each by Horner's rule in `x^2` (two chains of `N / 2` steps), then `even + x * odd`.
#[inline(always)]
fn poly_long<const N: usize>(x: f64, c: [f64; N]) -> f64 {
    let x2 = x * x;
    let (mut even, mut odd) = (0.0, 0.0);
    let mut i = N;
    while i > 0 {
        i -= 1;
        if i.is_multiple_of(2) {
            even = even * x2 + c[i];
        } else {
            odd = odd * x2 + c[i];
        }
    }
    even + x * odd
}

/// `e^d = scale * (1 + q)` for `d` in float64, `scale` a power of two: returns `(scale, q)`, `|q| < 0.42`, with `q`
/// accurate to its own last bits (so `expm1` keeps its precision near 0). Inputs beyond ±150 are clamped (every
/// float32 result is then 0 or infinity already); NaN gives NaN.
#[inline(always)]
fn exp_parts(d: f64) -> (f64, f64) {
    let d = d.clamp(-150.0, 150.0);
    let kd = d * std::f64::consts::LOG2_E + SHIFT;
    let bits = kd.to_bits();
    let k = kd - SHIFT;
    // |r| <= ln(2) / 2
    let r = (d - k * LN2_HI) - k * LN2_LO;
    // e^r - 1 = r * (1 + r/2 + r^2/6 + ... + r^10/11!), truncated below 2^-42 relative
    let q = r * poly(
        r,
        [
            1.0,
            1.0 / 2.0,
            1.0 / 6.0,
            1.0 / 24.0,
            1.0 / 120.0,
            1.0 / 720.0,
            1.0 / 5040.0,
            1.0 / 40320.0,
            1.0 / 362_880.0,
            1.0 / 3_628_800.0,
            1.0 / 39_916_800.0,
        ],
    );
    // 2^k: the integer k sits in the low bits of `kd`; adding the exponent bias and shifting puts it in place
    let scale = f64::from_bits(bits.wrapping_add(1023) << 52);
    (scale, q)
}

/// `e^d` in float64 for the float32 functions (see [`exp_parts`]).
#[inline(always)]
fn exp64(d: f64) -> f64 {
    let (scale, q) = exp_parts(d);
    scale + scale * q
}

/// `e^d - 1` in float64, accurate relative to the result also near 0.
#[inline(always)]
fn expm1_64(d: f64) -> f64 {
    let (scale, q) = exp_parts(d);
    scale * q + (scale - 1.0)
}

/// `ln(d)` of a positive finite float64 `d` (normal), split as `(e, ln(m))` with `d = 2^e * m`,
/// `m` in `[sqrt(1/2), sqrt(2))`.
#[inline(always)]
fn ln_parts(d: f64) -> (f64, f64) {
    let bits = d.to_bits();
    let exponent = ((bits >> 52) & 0x7ff) as i64 - 1023;
    let m = f64::from_bits((bits & ((1u64 << 52) - 1)) | (1023u64 << 52));
    let high = m > std::f64::consts::SQRT_2;
    let m = if high { m * 0.5 } else { m };
    let e = (exponent + i64::from(high)) as f64;
    // ln(m) = 2 atanh(s), s = (m - 1) / (m + 1), |s| <= 0.1716: the series truncated below 2^-45 relative
    let s = (m - 1.0) / (m + 1.0);
    let s2 = s * s;
    let series =
        poly(s2, [2.0, 2.0 / 3.0, 2.0 / 5.0, 2.0 / 7.0, 2.0 / 9.0, 2.0 / 11.0, 2.0 / 13.0, 2.0 / 15.0, 2.0 / 17.0]);
    (e, s * series)
}

/// The special values of the logarithms of `x` (zero, negative numbers, infinity, NaN) over `finite`, the value
/// computed for a positive finite `x`.
#[inline(always)]
fn ln_special(x: f32, finite: f64) -> f64 {
    let r = if x == 0.0 { f64::NEG_INFINITY } else { finite };
    let r = if x < 0.0 { f64::NAN } else { r };
    if x == f32::INFINITY || x.is_nan() {
        f64::from(x)
    } else {
        r
    }
}

/// `e^x`.
#[inline(always)]
pub fn exp(x: f32) -> f32 {
    exp64(f64::from(x)) as f32
}

/// `2^x`.
#[inline(always)]
pub fn exp2(x: f32) -> f32 {
    exp64(f64::from(x) * LN2) as f32
}

/// `e^x - 1`.
#[inline(always)]
pub fn expm1(x: f32) -> f32 {
    // `scale * q + (scale - 1)` is +0 for -0
    if x == 0.0 {
        x
    } else {
        expm1_64(f64::from(x)) as f32
    }
}

/// The natural logarithm.
#[inline(always)]
pub fn ln(x: f32) -> f32 {
    let (e, lm) = ln_parts(f64::from(x));
    ln_special(x, e * LN2 + lm) as f32
}

/// The base-2 logarithm.
#[inline(always)]
pub fn log2(x: f32) -> f32 {
    let (e, lm) = ln_parts(f64::from(x));
    ln_special(x, e + lm * std::f64::consts::LOG2_E) as f32
}

/// The base-10 logarithm.
#[inline(always)]
pub fn log10(x: f32) -> f32 {
    let (e, lm) = ln_parts(f64::from(x));
    ln_special(x, e * std::f64::consts::LOG10_2 + lm * std::f64::consts::LOG10_E) as f32
}

/// `ln(1 + x)`.
#[inline(always)]
pub fn ln_1p(x: f32) -> f32 {
    let d = f64::from(x);
    let u = 1.0 + d;
    let (e, lm) = ln_parts(u);
    // `u` is `1 + d` rounded; the first-order correction restores what the rounding lost (0 when it was exact)
    let correction = (d - (u - 1.0)) / u;
    let finite = e * LN2 + lm + correction;
    let r = if u == 0.0 { f64::NEG_INFINITY } else { finite };
    let r = if u < 0.0 { f64::NAN } else { r };
    let r = if x == f32::INFINITY || x.is_nan() || x == 0.0 { d } else { r };
    r as f32
}

/// The hyperbolic tangent.
#[inline(always)]
pub fn tanh(x: f32) -> f32 {
    // tanh(|x|) rounds to 1 from |x| = 9.01; clamping keeps e^(2|x|) finite
    let a = f64::from(x.abs());
    let a = if a > 10.0 { 10.0 } else { a };
    let t = expm1_64(2.0 * a);
    let r = t / (t + 2.0);
    (r as f32).copysign(x)
}

/// `atan(num / den)` for `0 <= num <= den` (float64; `den > 0` finite).
#[inline(always)]
fn atan_ratio(num: f64, den: f64) -> f64 {
    // above tan(pi/8), atan(t) = pi/4 + atan((t - 1) / (t + 1)), which is within ±tan(pi/8): one division either way
    let high = num > (std::f64::consts::SQRT_2 - 1.0) * den;
    let u = if high { (num - den) / (num + den) } else { num / den };
    let u2 = u * u;
    // truncated below 2^-45 relative
    let series = poly(
        u2,
        [
            1.0,
            -1.0 / 3.0,
            1.0 / 5.0,
            -1.0 / 7.0,
            1.0 / 9.0,
            -1.0 / 11.0,
            1.0 / 13.0,
            -1.0 / 15.0,
            1.0 / 17.0,
            -1.0 / 19.0,
            1.0 / 21.0,
            -1.0 / 23.0,
            1.0 / 25.0,
            -1.0 / 27.0,
            1.0 / 29.0,
            -1.0 / 31.0,
            1.0 / 33.0,
            -1.0 / 35.0,
        ],
    );
    let base = if high { std::f64::consts::FRAC_PI_4 } else { 0.0 };
    base + u * series
}

/// `atan2(y, x)`, with the C library's special values (signed zeros, infinities, NaN).
#[inline(always)]
pub fn atan2(y: f32, x: f32) -> f32 {
    let (ay, ax) = (f64::from(y.abs()), f64::from(x.abs()));
    let (small, large) = if ay > ax { (ax, ay) } else { (ay, ax) };
    // both zero: atan(0); both infinite: atan(1); one infinite: atan(0)
    let (num, den) =
        if large == 0.0 || (large == f64::INFINITY && small != f64::INFINITY) { (0.0, 1.0) } else { (small, large) };
    let (num, den) = if small == f64::INFINITY { (1.0, 1.0) } else { (num, den) };
    let a = atan_ratio(num, den);
    let a = if ay > ax { std::f64::consts::FRAC_PI_2 - a } else { a };
    let a = if x.is_sign_negative() { std::f64::consts::PI - a } else { a };
    let r = (a as f32).copysign(y);
    if x.is_nan() || y.is_nan() {
        x + y
    } else {
        r
    }
}

/// `x^y` with C99's special values: `x^0 = 1` and `1^y = 1` (NaN too); a negative `x` with a non-integer `y` is NaN;
/// a negative `x` with an odd integer `y` gives the sign of `x` (zeros and infinities too).
#[inline(always)]
pub fn pow(x: f32, y: f64) -> f32 {
    let ax = f64::from(x.abs());
    let (e, lm) = ln_parts(ax);
    // ln|x| of zero and infinity, as the exponent's product needs them
    let ln = if ax == 0.0 { f64::NEG_INFINITY } else { e * LN2 + lm };
    let ln = if ax == f64::INFINITY { f64::INFINITY } else { ln };
    let magnitude = exp64(y * ln);
    let integer = y == y.trunc();
    let odd = integer && (y * 0.5) != (y * 0.5).trunc();
    let negative = x.is_sign_negative();
    let r = if negative && odd { -magnitude } else { magnitude };
    // |x| = 1 with an infinite exponent: 1; a negative finite x with a non-integer exponent: NaN
    let r = if ax == 1.0 && y.is_infinite() { 1.0 } else { r };
    let r = if x < 0.0 && ax != f64::INFINITY && !integer && !y.is_nan() && y.is_finite() { f64::NAN } else { r };
    let r = if x.is_nan() || y.is_nan() { f64::NAN } else { r };
    let r = if y == 0.0 || x == 1.0 { 1.0 } else { r };
    r as f32
}

/// `erfcx(x) = e^(x^2) erfc(x)` on `[1, 4]` as a polynomial in `t = (x - 2.5) / 1.5`: numpy's `chebinterpolate` of
/// degree 16 of `math.erfc(x) * math.exp(x * x)` (largest relative error on the interval 5.9e-12, which `erf`
/// scales by `erfc(x) / erf(x) <= 0.19`), converted to powers of `t` by `cheb2poly`.
const ERFCX: [f64; 17] = [
    0.21080636406114323,
    -0.11152102016643636,
    0.056110493439097735,
    -0.0270052975389864,
    0.012489374162300252,
    -0.0055706940013381286,
    0.002403643741183445,
    -0.0010059073038928353,
    0.0004091094344444904,
    -0.00016176251297137312,
    6.24985286434817e-05,
    -2.4069914819496397e-05,
    8.860714853201896e-06,
    -2.671335206075969e-06,
    9.594225259082355e-07,
    -6.364905232172396e-07,
    2.1338585179608849e-07,
];

/// `erf(x) / x` on `[0, 1]` as a polynomial in `t = 2 x^2 - 1`: numpy's `chebinterpolate` of degree 9 of
/// `math.erf(sqrt(u)) / sqrt(u)` for `u = (t + 1) / 2` (largest relative error 2^-45), converted to powers of `t`
/// by `cheb2poly`.
const ERF_NEAR: [f64; 10] = [
    0.965468738669886,
    -0.1405360890227179,
    0.01985249668806441,
    -0.002285485561107324,
    0.00021751716334836858,
    -1.7537169738163214e-05,
    1.2233624094193378e-06,
    -7.511485762279333e-08,
    4.13888869843504e-09,
    -2.0447714632609858e-10,
];

/// The error function: below 1 `x` times a polynomial in `x^2` ([`ERF_NEAR`]), from 1 on `1 - e^(-x^2) erfcx(x)`
/// ([`ERFCX`]); from 4 on it rounds to ±1.
#[inline(always)]
pub fn erf(x: f32) -> f32 {
    let d = f64::from(x);
    let a = d.abs();
    let near = d * poly(2.0 * a * a - 1.0, ERF_NEAR);
    let far_a = if a > 4.0 { 4.0 } else { a };
    let erfcx = poly_long((far_a - 2.5) * (2.0 / 3.0), ERFCX);
    let far = (1.0 - exp64(-far_a * far_a) * erfcx).copysign(d);
    (if a < 1.0 { near } else { far }) as f32
}

/// The largest float32 magnitude [`sin`], [`cos`] and [`tan`] reduce exactly (2^19): below it `k = round(x 2/pi)`
/// has at most 19 bits, so that `k` times the first two parts of `pi/2` (33 bits each) are exact products and
/// the reduced argument keeps its precision even next to a multiple of `pi/2`. Larger arguments go to the C
/// library's functions (`unary.rs` checks the input first).
pub const TRIG_REDUCTION_BOUND: f32 = 524_288.0;

/// `pi/2` in three parts (fdlibm's `pio2_1`, `pio2_2`, `pio2_2t`): the first two of 33 bits.
const PIO2_1: f64 = 1.570_796_326_734_125_6;
const PIO2_2: f64 = 6.077_100_506_303_966e-11;
const PIO2_2T: f64 = 2.022_266_248_795_950_6e-21;

/// `x = k pi/2 + r` for `|x| <=` [`TRIG_REDUCTION_BOUND`]: returns `(r, k mod 4)`, `|r| <= pi/4` (plus rounding).
#[inline(always)]
fn trig_reduce(x: f32) -> (f64, u64) {
    let d = f64::from(x);
    let kd = d * std::f64::consts::FRAC_2_PI + SHIFT;
    // the low bits of `kd` hold `k + 2^51`, and 2^51 is a multiple of 4
    let quadrant = kd.to_bits() & 3;
    let k = kd - SHIFT;
    ((d - k * PIO2_1 - k * PIO2_2) - k * PIO2_2T, quadrant)
}

/// `(sin r, cos r)` for `|r| <= pi/4`, by their Taylor series in `r^2` (the first omitted terms are below 2^-45
/// relative).
#[inline(always)]
fn sin_cos_reduced(r: f64) -> (f64, f64) {
    let r2 = r * r;
    let sin = r * poly(
        r2,
        [
            1.0,
            -1.0 / 6.0,
            1.0 / 120.0,
            -1.0 / 5_040.0,
            1.0 / 362_880.0,
            -1.0 / 39_916_800.0,
            1.0 / 6_227_020_800.0,
            -1.0 / 1_307_674_368_000.0,
        ],
    );
    let cos = poly(
        r2,
        [
            1.0,
            -1.0 / 2.0,
            1.0 / 24.0,
            -1.0 / 720.0,
            1.0 / 40_320.0,
            -1.0 / 3_628_800.0,
            1.0 / 479_001_600.0,
            -1.0 / 87_178_291_200.0,
            1.0 / 20_922_789_888_000.0,
        ],
    );
    (sin, cos)
}

/// `sin(x)` for `|x| <=` [`TRIG_REDUCTION_BOUND`] (NaN and infinities give NaN).
#[inline(always)]
pub fn sin(x: f32) -> f32 {
    let (r, quadrant) = trig_reduce(x);
    let (s, c) = sin_cos_reduced(r);
    let v = if quadrant & 1 == 0 { s } else { c };
    (if quadrant & 2 == 0 { v } else { -v }) as f32
}

/// `cos(x)` for `|x| <=` [`TRIG_REDUCTION_BOUND`] (NaN and infinities give NaN).
#[inline(always)]
pub fn cos(x: f32) -> f32 {
    let (r, quadrant) = trig_reduce(x);
    let (s, c) = sin_cos_reduced(r);
    let v = if quadrant & 1 == 0 { c } else { s };
    (if (quadrant + 1) & 2 == 0 { v } else { -v }) as f32
}

/// `tan(x)` for `|x| <=` [`TRIG_REDUCTION_BOUND`] (NaN and infinities give NaN).
#[inline(always)]
pub fn tan(x: f32) -> f32 {
    let (r, quadrant) = trig_reduce(x);
    let (s, c) = sin_cos_reduced(r);
    (if quadrant & 1 == 0 { s / c } else { -c / s }) as f32
}

/// The functions of this module for float32 and the C library's for float64, under one name each, for the
/// formulas that are generic over their compute type (`unary.rs`, `math.rs`).
pub trait Elementary: Sized {
    fn exp(self) -> Self;
    fn exp2(self) -> Self;
    fn expm1(self) -> Self;
    fn ln(self) -> Self;
    fn log2(self) -> Self;
    fn log10(self) -> Self;
    fn ln_1p(self) -> Self;
    fn tanh(self) -> Self;
    /// `atan2(self, x)`.
    fn atan2(self, x: Self) -> Self;
}

impl Elementary for f32 {
    #[inline(always)]
    fn exp(self) -> Self {
        exp(self)
    }
    #[inline(always)]
    fn exp2(self) -> Self {
        exp2(self)
    }
    #[inline(always)]
    fn expm1(self) -> Self {
        expm1(self)
    }
    #[inline(always)]
    fn ln(self) -> Self {
        ln(self)
    }
    #[inline(always)]
    fn log2(self) -> Self {
        log2(self)
    }
    #[inline(always)]
    fn log10(self) -> Self {
        log10(self)
    }
    #[inline(always)]
    fn ln_1p(self) -> Self {
        ln_1p(self)
    }
    #[inline(always)]
    fn tanh(self) -> Self {
        tanh(self)
    }
    #[inline(always)]
    fn atan2(self, x: Self) -> Self {
        atan2(self, x)
    }
}

impl Elementary for f64 {
    #[inline(always)]
    fn exp(self) -> Self {
        f64::exp(self)
    }
    #[inline(always)]
    fn exp2(self) -> Self {
        f64::exp2(self)
    }
    #[inline(always)]
    fn expm1(self) -> Self {
        f64::exp_m1(self)
    }
    #[inline(always)]
    fn ln(self) -> Self {
        f64::ln(self)
    }
    #[inline(always)]
    fn log2(self) -> Self {
        f64::log2(self)
    }
    #[inline(always)]
    fn log10(self) -> Self {
        f64::log10(self)
    }
    #[inline(always)]
    fn ln_1p(self) -> Self {
        f64::ln_1p(self)
    }
    #[inline(always)]
    fn tanh(self) -> Self {
        f64::tanh(self)
    }
    #[inline(always)]
    fn atan2(self, x: Self) -> Self {
        f64::atan2(self, x)
    }
}

/// `sin`, `cos` and `tan` for arguments of magnitude at most `TRIG_BOUND`: this module's for float32, which
/// vectorize; the C library's (any argument) for float64.
pub trait BoundedTrig: Sized {
    /// The magnitude up to which the functions hold; None where they hold for every argument.
    const TRIG_BOUND: Option<f32>;
    fn bounded_sin(self) -> Self;
    fn bounded_cos(self) -> Self;
    fn bounded_tan(self) -> Self;
}

impl BoundedTrig for f32 {
    const TRIG_BOUND: Option<f32> = Some(TRIG_REDUCTION_BOUND);
    #[inline(always)]
    fn bounded_sin(self) -> Self {
        sin(self)
    }
    #[inline(always)]
    fn bounded_cos(self) -> Self {
        cos(self)
    }
    #[inline(always)]
    fn bounded_tan(self) -> Self {
        tan(self)
    }
}

impl BoundedTrig for f64 {
    const TRIG_BOUND: Option<f32> = None;
    #[inline(always)]
    fn bounded_sin(self) -> Self {
        self.sin()
    }
    #[inline(always)]
    fn bounded_cos(self) -> Self {
        self.cos()
    }
    #[inline(always)]
    fn bounded_tan(self) -> Self {
        self.tan()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The distance in units in the last place between two float32 values (0 for two NaNs).
    fn ulps(a: f32, b: f32) -> u64 {
        if a.is_nan() || b.is_nan() {
            return if a.is_nan() && b.is_nan() { 0 } else { u64::MAX };
        }
        let key = |v: f32| {
            let i = v.to_bits() as i32;
            i64::from(if i < 0 { i32::MIN.wrapping_sub(i) } else { i })
        };
        (key(a) - key(b)).unsigned_abs()
    }

    /// Every `step`-th float32 bit pattern (both signs, zeros, subnormals, infinities, NaNs) and the special values.
    fn samples(step: u32) -> impl Iterator<Item = f32> {
        let specials = [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 2.0, -2.0, f32::INFINITY, f32::NEG_INFINITY, f32::NAN];
        let specials = specials.into_iter().chain([f32::MIN_POSITIVE, -f32::MIN_POSITIVE, f32::MAX, f32::MIN]);
        specials.chain((0..=u32::MAX / step).map(move |i| f32::from_bits(i * step)))
    }

    /// `f` against the C library's float64 `reference` rounded to float32: at most one ulp anywhere (NaN where it
    /// is NaN), and the same bits for all but `1e-4` of the values.
    fn check(name: &str, f: impl Fn(f32) -> f32, reference: impl Fn(f64) -> f64, inputs: impl Iterator<Item = f32>) {
        let (mut count, mut differ) = (0u64, 0u64);
        for x in inputs {
            let want = reference(f64::from(x)) as f32;
            let got = f(x);
            let distance = ulps(got, want);
            assert!(distance <= 1, "{name}({x:e}) = {got:e}, the rounded float64 value is {want:e}");
            count += 1;
            differ += u64::from(distance != 0);
        }
        assert!(differ * 10_000 <= count, "{name}: {differ} of {count} values differ by one ulp");
    }

    #[test]
    fn unary_functions_round_as_the_float64_library_does() {
        let step = 12_347;
        check("exp", exp, f64::exp, samples(step));
        check("exp2", exp2, f64::exp2, samples(step));
        check("expm1", expm1, f64::exp_m1, samples(step));
        check("ln", ln, f64::ln, samples(step));
        check("log2", log2, f64::log2, samples(step));
        check("log10", log10, f64::log10, samples(step));
        check("ln_1p", ln_1p, f64::ln_1p, samples(step));
        check("tanh", tanh, f64::tanh, samples(step));
        check("erf", erf, libm::erf, samples(step));
    }

    #[test]
    fn trigonometric_functions_round_as_the_float64_library_does() {
        // every argument they reduce (larger ones go to the C library's functions), NaN and the infinities
        let within = |x: &f32| !x.is_finite() || x.abs() <= TRIG_REDUCTION_BOUND;
        let near_multiples = (1..200_000).flat_map(|k| {
            let m = k as f64 * std::f64::consts::FRAC_PI_2;
            [m as f32, f32::from_bits((m as f32).to_bits() + 1), f32::from_bits((m as f32).to_bits() - 1)]
        });
        let inputs = || samples(997).filter(within).chain(near_multiples.clone().filter(within));
        check("sin", sin, f64::sin, inputs());
        check("cos", cos, f64::cos, inputs());
        check("tan", tan, f64::tan, inputs());
        check("-sin", |x| sin(-x), |x| f64::sin(-x), inputs());
        assert_eq!(
            (sin(-0.0).to_bits(), tan(-0.0).to_bits(), cos(-0.0)),
            ((-0.0f32).to_bits(), (-0.0f32).to_bits(), 1.0)
        );
        assert!(sin(f32::INFINITY).is_nan() && cos(f32::NEG_INFINITY).is_nan() && tan(f32::NAN).is_nan());
    }

    #[test]
    fn signed_zeros_and_limits() {
        assert_eq!(tanh(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(expm1(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(ln_1p(-0.0).to_bits(), (-0.0f32).to_bits());
        assert_eq!(exp(88.8), f32::INFINITY);
        assert_eq!(exp(-104.0), 0.0);
        assert_eq!(ln_1p(-1.0), f32::NEG_INFINITY);
        assert!(ln_1p(-1.5).is_nan() && ln(-1.0).is_nan() && log2(f32::NEG_INFINITY).is_nan());
        assert_eq!(tanh(f32::NEG_INFINITY), -1.0);
        assert_eq!((erf(f32::NEG_INFINITY), erf(4.0), erf(-0.0).to_bits()), (-1.0, 1.0, (-0.0f32).to_bits()));
        assert_eq!(exp(f32::NEG_INFINITY), 0.0);
    }

    #[test]
    fn atan2_and_pow_follow_the_c_library() {
        let step = 1_234_577;
        let specials =
            [0.0f32, -0.0, 1.0, -1.0, 2.5, -2.5, 3.0, -3.0, 0.5, 1e-3, 7e30, f32::INFINITY, f32::NEG_INFINITY];
        let specials = specials.into_iter().chain([f32::NAN, f32::MIN_POSITIVE / 4.0, 1e10, -1e10]);
        for y in specials.clone() {
            check("atan2(y, x)", |x| atan2(y, x), |x| f64::from(y).atan2(x), samples(step));
            check("atan2(x, y)", |x| atan2(x, y), |x| x.atan2(f64::from(y)), samples(step));
            check("pow(x, y)", |x| pow(x, f64::from(y)), |x| x.powf(f64::from(y)), samples(step));
            check("pow(y, x)", |x| pow(y, f64::from(x)), |x| f64::from(y).powf(x), samples(step));
            for x in specials.clone() {
                let want = f64::from(y).atan2(f64::from(x)) as f32;
                assert!(ulps(atan2(y, x), want) == 0, "atan2({y}, {x})");
                let want = f64::from(x).powf(f64::from(y)) as f32;
                let got = pow(x, f64::from(y));
                let same_sign = got.is_nan() || got.is_sign_negative() == want.is_sign_negative();
                assert!(ulps(got, want) == 0 && same_sign, "pow({x}, {y}) = {got}, not {want}");
            }
        }
    }
}
