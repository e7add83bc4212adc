//! Property tests for `add`, `sub`, `mul`, `div` (true and rounded): random broadcastable shapes, random layouts
//! (contiguous, permuted, sliced, expanded), random dtype pairs and random values, against a plain reference loop
//! that converts each operand to the promoted dtype and computes in f64 / f32 / i64 / complex f64. Also output
//! strides, in-place forms and Python-style number operands.

use half::{bf16, f16};
use num_complex::Complex;
use oxtorch::promotion::{self, result_type};
use oxtorch::tensor::ops::{self, BinaryOp, RoundingMode};
use oxtorch::{can_cast, from_vec, full, get_default_dtype, DType, MemoryFormat, Scalar, Tensor};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

type C64 = Complex<f64>;

// ---------------------------------------------------------------------------------------------------------------
// Operations
// ---------------------------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug, PartialEq)]
enum Op {
    Add,
    Sub,
    Mul,
    Div(Option<RoundingMode>),
}

const OPS: [Op; 6] =
    [Op::Add, Op::Sub, Op::Mul, Op::Div(None), Op::Div(Some(RoundingMode::Trunc)), Op::Div(Some(RoundingMode::Floor))];

impl Op {
    fn binary(self) -> BinaryOp {
        match self {
            Op::Add => BinaryOp::ADD,
            Op::Sub => BinaryOp::SUB,
            Op::Mul => BinaryOp::Mul,
            Op::Div(rounding_mode) => BinaryOp::Div { rounding_mode },
        }
    }

    fn rounded(self) -> bool {
        matches!(self, Op::Div(Some(_)))
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Operand specifications and the row-major reference model
// ---------------------------------------------------------------------------------------------------------------

#[derive(Clone, Copy, Debug)]
enum Layout {
    Contiguous,
    /// A dense tensor whose memory order is a permutation of its logical order.
    Permuted(u64),
    /// Every other element of a tensor twice as long along one dimension (`slice(d, .., .., 2)`).
    Sliced(usize),
    /// Expanded from a size-1 dimension (stride 0); the values are constant along it.
    Expanded(usize),
}

#[derive(Clone, Debug)]
struct Spec {
    shape: Vec<usize>,
    dtype: DType,
    layout: Layout,
    raw: Vec<(i32, i32)>,
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

fn unravel(mut linear: usize, shape: &[usize]) -> Vec<usize> {
    let mut idx = vec![0; shape.len()];
    for d in (0..shape.len()).rev() {
        idx[d] = linear % shape[d];
        linear /= shape[d];
    }
    idx
}

fn ravel(idx: &[usize], shape: &[usize]) -> usize {
    idx.iter().zip(shape).fold(0, |acc, (&i, &s)| acc * s + i)
}

/// NumPy-style broadcasting of two shapes (the shapes the generators produce are always compatible).
fn broadcast(a: &[usize], b: &[usize]) -> Vec<usize> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| {
            let get = |s: &[usize]| if i + s.len() >= n { s[i + s.len() - n] } else { 1 };
            let (x, y) = (get(a), get(b));
            if x == 1 {
                y
            } else {
                x
            }
        })
        .collect()
}

/// The element of row-major `data` (of `shape`) that broadcasting reads at output index `out_idx`.
fn read_broadcast(data: &[C64], shape: &[usize], out_idx: &[usize]) -> C64 {
    let lead = out_idx.len() - shape.len();
    let idx: Vec<usize> = shape.iter().enumerate().map(|(j, &s)| if s == 1 { 0 } else { out_idx[lead + j] }).collect();
    data[ravel(&idx, shape)]
}

/// A small value of `dtype` from a raw draw in -80..80: bools 0/1, uint8 0..20, other integers -20..20, floats
/// quarters in -20..20, complex quarters in both parts. Every value is exact in every dtype it can be promoted to.
fn value(dtype: DType, (re, im): (i32, i32)) -> C64 {
    let r = match dtype {
        DType::Bool => re.rem_euclid(2) as f64,
        DType::UInt8 => re.rem_euclid(20) as f64,
        d if d.is_integral(false) => (re / 4) as f64,
        _ => re as f64 / 4.0,
    };
    let i = if dtype.is_complex() { im as f64 / 4.0 } else { 0.0 };
    Complex::new(r, i)
}

/// The dimension an `Expanded` layout broadcasts from, if the shape has one of size > 1.
fn expanded_dim(shape: &[usize], seed: usize) -> Option<usize> {
    let candidates: Vec<usize> = (0..shape.len()).filter(|&d| shape[d] > 1).collect();
    (!candidates.is_empty()).then(|| candidates[seed % candidates.len()])
}

/// The logical (row-major) values of the operand.
fn model(spec: &Spec) -> Vec<C64> {
    let n = numel(&spec.shape);
    let flat: Vec<C64> = (0..n).map(|i| value(spec.dtype, spec.raw[i % spec.raw.len()])).collect();
    match spec.layout {
        Layout::Expanded(seed) => match expanded_dim(&spec.shape, seed) {
            Some(d) => (0..n)
                .map(|i| {
                    let mut idx = unravel(i, &spec.shape);
                    idx[d] = 0;
                    flat[ravel(&idx, &spec.shape)]
                })
                .collect(),
            None => flat,
        },
        _ => flat,
    }
}

/// Replaces zeros by ones (a divisor without zeros).
fn nonzero(data: &mut [C64]) {
    for v in data.iter_mut() {
        if *v == Complex::new(0.0, 0.0) {
            *v = Complex::new(1.0, 0.0);
        }
    }
}

fn permutation(rank: usize, seed: u64) -> Vec<usize> {
    let mut perm: Vec<usize> = (0..rank).collect();
    let mut s = seed;
    for i in (1..rank).rev() {
        s = s.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        perm.swap(i, ((s >> 33) % (i as u64 + 1)) as usize);
    }
    perm
}

fn to_i64(shape: &[usize]) -> Vec<i64> {
    shape.iter().map(|&s| s as i64).collect()
}

/// A tensor holding `data` (row-major over `spec.shape`) in `spec.dtype`, laid out as `spec.layout` says.
fn build(spec: &Spec, data: &[C64]) -> oxtorch::Result<Tensor> {
    let shape = &spec.shape;
    let contiguous = |sizes: &[usize], values: Vec<C64>| from_vec(values, sizes)?.to_dtype(spec.dtype);
    let rank = shape.len();
    match spec.layout {
        Layout::Permuted(seed) if rank >= 2 => {
            let perm = permutation(rank, seed);
            let mut inverse = vec![0; rank];
            for (i, &p) in perm.iter().enumerate() {
                inverse[p] = i;
            }
            let p: Vec<i64> = perm.iter().map(|&x| x as i64).collect();
            let inv: Vec<i64> = inverse.iter().map(|&x| x as i64).collect();
            contiguous(shape, data.to_vec())?.permute(&p)?.contiguous()?.permute(&inv)
        }
        Layout::Sliced(seed) if rank >= 1 => {
            let d = seed % rank;
            let mut big = shape.clone();
            big[d] *= 2;
            let base = full(&big, 7, spec.dtype)?;
            let view = base.slice(d as i64, None, None, 2)?;
            view.copy_(&contiguous(shape, data.to_vec())?)?;
            Ok(view)
        }
        Layout::Expanded(seed) => match expanded_dim(shape, seed) {
            Some(d) => {
                let mut small = shape.clone();
                small[d] = 1;
                let values: Vec<C64> = (0..numel(&small)).map(|i| data[ravel(&unravel(i, &small), shape)]).collect();
                contiguous(&small, values)?.expand(&to_i64(shape))
            }
            None => contiguous(shape, data.to_vec()),
        },
        _ => contiguous(shape, data.to_vec()),
    }
}

fn kind(t: &Tensor) -> promotion::Operand {
    if t.dim() == 0 {
        promotion::Operand::ZeroDim(t.dtype())
    } else {
        promotion::Operand::Dimensioned(t.dtype())
    }
}

// ---------------------------------------------------------------------------------------------------------------
// Reference arithmetic
// ---------------------------------------------------------------------------------------------------------------

/// An integer converted to an integer dtype (two's complement wrap).
fn wrap(v: i64, dtype: DType) -> i64 {
    match dtype {
        DType::UInt8 => v as u8 as i64,
        DType::Int8 => v as i8 as i64,
        DType::Int16 => v as i16 as i64,
        DType::Int32 => v as i32 as i64,
        _ => v,
    }
}

fn floor_div_int(x: i64, y: i64) -> i64 {
    let q = x / y;
    if x % y != 0 && ((x < 0) != (y < 0)) {
        q - 1
    } else {
        q
    }
}

/// Floor division of floats: the IEEE quotient for a zero divisor, a signed zero when the floor is zero.
fn floor_div_float(x: f64, y: f64) -> f64 {
    if y == 0.0 {
        return x / y;
    }
    let q = x / y;
    let f = q.floor();
    if f == 0.0 {
        0.0f64.copysign(q)
    } else {
        f
    }
}

/// One element of `op` in the common dtype, rounded to it. `a` and `b` are exact in `common`.
fn compute(op: Op, a: C64, b: C64, common: DType) -> Scalar {
    use RoundingMode::{Floor, Trunc};
    match common {
        DType::Bool => {
            let (x, y) = (a.re != 0.0, b.re != 0.0);
            Scalar::Bool(match op {
                Op::Add => x || y,
                Op::Mul => x && y,
                _ => unreachable!("{op:?} on bool"),
            })
        }
        d if d.is_integral(false) => {
            let (x, y) = (wrap(a.re as i64, d), wrap(b.re as i64, d));
            let r = match op {
                Op::Add => x + y,
                Op::Sub => x - y,
                Op::Mul => x * y,
                Op::Div(Some(Trunc)) => x / y,
                Op::Div(Some(Floor)) => floor_div_int(x, y),
                Op::Div(None) => unreachable!("true division on integers"),
            };
            Scalar::Int(wrap(r, d))
        }
        DType::Float16 | DType::BFloat16 => {
            // computed in float32, rounded once to the storage type
            let round =
                |v: f32| if common == DType::Float16 { f16::from_f32(v).to_f32() } else { bf16::from_f32(v).to_f32() };
            let (x, y) = (round(a.re as f32), round(b.re as f32));
            let r = match op {
                Op::Add => x + y,
                Op::Sub => x - y,
                Op::Mul => x * y,
                Op::Div(None) => x / y,
                Op::Div(Some(Trunc)) => round(x / y).trunc(),
                Op::Div(Some(Floor)) => floor_div_float(x as f64, y as f64) as f32,
            };
            Scalar::Float(round(r) as f64)
        }
        DType::Float32 | DType::Float64 => {
            // a single IEEE operation on float32 values computed in f64 and rounded to float32 is the float32 result
            let (x, y) = (a.re, b.re);
            let r = match op {
                Op::Add => x + y,
                Op::Sub => x - y,
                Op::Mul => x * y,
                Op::Div(None) => x / y,
                Op::Div(Some(Trunc)) => (x / y).trunc(),
                Op::Div(Some(Floor)) => floor_div_float(x, y),
            };
            Scalar::Float(if common == DType::Float32 { r as f32 as f64 } else { r })
        }
        _ => {
            let r = match op {
                Op::Add => a + b,
                Op::Sub => a - b,
                Op::Mul => Complex::new(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re),
                Op::Div(None) if b.re == 0.0 && b.im == 0.0 => Complex::new(a.re / 0.0, a.im / 0.0),
                Op::Div(None) => {
                    let den = b.re * b.re + b.im * b.im;
                    Complex::new((a.re * b.re + a.im * b.im) / den, (a.im * b.re - a.re * b.im) / den)
                }
                Op::Div(Some(_)) => unreachable!("rounded division on complex"),
            };
            if common == DType::Complex64 {
                Scalar::Complex(Complex::new(r.re as f32 as f64, r.im as f32 as f64))
            } else {
                Scalar::Complex(r)
            }
        }
    }
}

fn ulp32(m: f64) -> f64 {
    let m = m as f32;
    (f32::from_bits(m.to_bits() + 1) - m) as f64
}

fn ulp64(m: f64) -> f64 {
    f64::from_bits(m.to_bits() + 1) - m
}

/// Exact equality (bitwise for floats, NaN == NaN); complex within 2 ulp of the larger component's magnitude.
fn same(got: Scalar, want: Scalar, dtype: DType) -> bool {
    let float_eq = |g: f64, w: f64| g.to_bits() == w.to_bits() || (g.is_nan() && w.is_nan());
    match (got, want) {
        (Scalar::Bool(g), Scalar::Bool(w)) => g == w,
        (Scalar::Int(g), Scalar::Int(w)) => g == w,
        (Scalar::Float(g), Scalar::Float(w)) => float_eq(g, w),
        (Scalar::Complex(g), Scalar::Complex(w)) => {
            if !(w.re.is_finite() && w.im.is_finite()) {
                return float_eq(g.re, w.re) && float_eq(g.im, w.im);
            }
            let m = w.re.abs().max(w.im.abs());
            let ulp = if dtype == DType::Complex64 { ulp32(m) } else { ulp64(m) };
            (g.re - w.re).abs() <= 2.0 * ulp && (g.im - w.im).abs() <= 2.0 * ulp
        }
        _ => false,
    }
}

const SUB_BOOL_BOTH: &str = "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or \
                             `logical_xor()` operator instead.";
const SUB_BOOL_ONE: &str = "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to \
                            invert a mask, use the `~` or `logical_not()` operator instead.";

/// What PyTorch gives for `op(a, b)`: an error (class, message or `None` for "any message"), or the result dtype,
/// shape and values.
enum Expected {
    Error(&'static str, Option<String>),
    Value(DType, Vec<usize>, Vec<Scalar>),
}

/// The reference for `op(a, b)` where `a` and `b` are given as (dtype, promotion kind, shape, row-major values).
fn reference(
    op: Op,
    (da, ka, sa, va): (DType, promotion::Operand, &[usize], &[C64]),
    (db, kb, sb, vb): (DType, promotion::Operand, &[usize], &[C64]),
) -> Expected {
    if op == Op::Sub && (da == DType::Bool || db == DType::Bool) {
        let msg = if da == db { SUB_BOOL_BOTH } else { SUB_BOOL_ONE };
        return Expected::Error("NotImplementedError", Some(msg.into()));
    }
    let mut common = result_type(&[ka, kb]).unwrap();
    if op == Op::Div(None) && common.is_integral(true) {
        common = get_default_dtype();
    }
    if op.rounded() && (common == DType::Bool || common.is_complex()) {
        return Expected::Error("NotImplementedError", None);
    }
    let shape = broadcast(sa, sb);
    let n = numel(&shape);
    if op.rounded() && common.is_integral(false) && n > 0 && vb.iter().any(|v| v.re == 0.0) {
        return Expected::Error("RuntimeError", Some("ZeroDivisionError".into()));
    }
    let values = (0..n)
        .map(|i| {
            let idx = unravel(i, &shape);
            compute(op, read_broadcast(va, sa, &idx), read_broadcast(vb, sb, &idx), common)
        })
        .collect();
    Expected::Value(common, shape, values)
}

fn check(got: oxtorch::Result<Tensor>, want: Expected) -> Result<(), TestCaseError> {
    match (got, want) {
        (Err(e), Expected::Error(kind, msg)) => {
            prop_assert_eq!(e.kind_name(), kind, "{}", e.message());
            if let Some(m) = msg {
                prop_assert_eq!(e.message(), m.as_str());
            }
        }
        (Ok(t), Expected::Value(dtype, shape, values)) => {
            prop_assert_eq!(t.dtype(), dtype);
            prop_assert_eq!(t.sizes(), shape.as_slice());
            let got = t.to_scalars().map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(got.len(), values.len());
            for (i, (&g, &w)) in got.iter().zip(&values).enumerate() {
                prop_assert!(same(g, w, dtype), "element {}: got {:?}, want {:?} ({:?})", i, g, w, dtype);
            }
        }
        (Ok(t), Expected::Error(kind, msg)) => {
            prop_assert!(false, "expected {} {:?}, got a tensor {:?} {:?}", kind, msg, t.dtype(), t.sizes())
        }
        (Err(e), Expected::Value(dtype, ..)) => {
            prop_assert!(false, "expected a {:?} result, got {}: {}", dtype, e.kind_name(), e.message())
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------------------------
// Strategies
// ---------------------------------------------------------------------------------------------------------------

fn size() -> impl Strategy<Value = usize> {
    prop_oneof![12 => 1usize..=4, 1 => Just(0usize)]
}

/// Two shapes that broadcast: trailing parts of one shape of rank 0..=4, some dimensions replaced by 1.
fn shape_pair() -> impl Strategy<Value = (Vec<usize>, Vec<usize>)> {
    prop::collection::vec(size(), 0..=4).prop_flat_map(|out| {
        let n = out.len();
        let ones = || prop::collection::vec(prop::bool::weighted(0.25), n);
        (Just(out), 0..=n, ones(), 0..=n, ones()).prop_map(move |(out, ra, oa, rb, ob)| {
            let part = |r: usize, o: &[bool]| -> Vec<usize> {
                out[n - r..].iter().zip(&o[n - r..]).map(|(&s, &one)| if one { 1 } else { s }).collect()
            };
            (part(ra, &oa), part(rb, &ob))
        })
    })
}

fn dtype() -> impl Strategy<Value = DType> {
    prop::sample::select(DType::ALL.to_vec())
}

fn layout() -> impl Strategy<Value = Layout> {
    prop_oneof![
        2 => Just(Layout::Contiguous),
        1 => any::<u64>().prop_map(Layout::Permuted),
        1 => any::<usize>().prop_map(Layout::Sliced),
        1 => any::<usize>().prop_map(Layout::Expanded),
    ]
}

fn raw() -> impl Strategy<Value = Vec<(i32, i32)>> {
    prop::collection::vec((-80i32..80, -80i32..80), 256)
}

fn spec(shape: Vec<usize>) -> impl Strategy<Value = Spec> {
    (dtype(), layout(), raw()).prop_map(move |(dtype, layout, raw)| Spec { shape: shape.clone(), dtype, layout, raw })
}

fn op() -> impl Strategy<Value = Op> {
    prop::sample::select(OPS.to_vec())
}

/// Two operand specs, an operation, and whether a rounded division may see zero divisors (rarely).
fn binary_case() -> impl Strategy<Value = (Spec, Spec, Op, bool)> {
    shape_pair().prop_flat_map(|(sa, sb)| (spec(sa), spec(sb), op(), prop::bool::weighted(0.1)))
}

fn fail(e: oxtorch::Error) -> TestCaseError {
    TestCaseError::fail(format!("{}: {}", e.kind_name(), e.message()))
}

/// The operands as tensors, with their model values (zeros removed from the divisor unless `zero_divisors`).
fn operands(
    a: &Spec,
    b: &Spec,
    op: Op,
    zero_divisors: bool,
) -> Result<(Tensor, Vec<C64>, Tensor, Vec<C64>), TestCaseError> {
    let va = model(a);
    let mut vb = model(b);
    if op.rounded() && !zero_divisors {
        nonzero(&mut vb);
    }
    let ta = build(a, &va).map_err(fail)?;
    let tb = build(b, &vb).map_err(fail)?;
    // the layouts hold the values the model says
    prop_assert_eq!(ta.sizes(), a.shape.as_slice());
    prop_assert_eq!(tb.sizes(), b.shape.as_slice());
    Ok((ta, va, tb, vb))
}

// ---------------------------------------------------------------------------------------------------------------
// Properties
// ---------------------------------------------------------------------------------------------------------------

proptest! {
    // the main property is cheap (about 20 microseconds a case): many cases cover the 144 dtype pairs
    #![proptest_config(ProptestConfig::with_cases(2048))]

    /// `op(a, b)` against the reference loop, for every dtype pair, layout pair and broadcast.
    #[test]
    fn binary_matches_reference((a, b, op, zero_divisors) in binary_case()) {
        let (ta, va, tb, vb) = operands(&a, &b, op, zero_divisors)?;
        let want = reference(op, (a.dtype, kind(&ta), &a.shape, &va), (b.dtype, kind(&tb), &b.shape, &vb));
        check(ta.binary(op.binary(), &tb), want)?;
        // the inputs are left untouched
        let again = ta.to_scalars().map_err(fail)?;
        prop_assert_eq!(again.len(), va.len());
    }

}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// The free functions and the operators are the same operation as the method.
    #[test]
    fn functions_and_operators_agree((a, b, op, _z) in binary_case()) {
        let (ta, _, tb, _) = operands(&a, &b, op, false)?;
        let method = ta.binary(op.binary(), &tb);
        let (function, operator) = match op {
            Op::Add => (oxtorch::functions::add(&ta, &tb).and_then(oxtorch::AnyTensor::into_strided), &ta + &tb),
            Op::Sub => (oxtorch::functions::sub(&ta, &tb).and_then(oxtorch::AnyTensor::into_strided), &ta - &tb),
            Op::Mul => (oxtorch::functions::mul(&ta, &tb).and_then(oxtorch::AnyTensor::into_strided), &ta * &tb),
            Op::Div(None) => (oxtorch::functions::div(&ta, &tb).and_then(oxtorch::AnyTensor::into_strided), &ta / &tb),
            Op::Div(Some(_)) => return Ok(()),
        };
        for other in [function, operator] {
            match (&method, &other) {
                (Ok(m), Ok(o)) => {
                    prop_assert_eq!(m.dtype(), o.dtype());
                    prop_assert_eq!(m.sizes(), o.sizes());
                    prop_assert_eq!(m.strides(), o.strides());
                    let (mv, ov) = (m.to_scalars().map_err(fail)?, o.to_scalars().map_err(fail)?);
                    for (x, y) in mv.iter().zip(&ov) {
                        prop_assert!(same(*x, *y, m.dtype()), "{:?} vs {:?}", x, y);
                    }
                }
                (Err(m), Err(o)) => prop_assert_eq!(m, o),
                _ => prop_assert!(false, "method {:?} vs {:?}", method.as_ref().map(|t| t.dtype()), other.as_ref().map(|t| t.dtype())),
            }
        }
    }

    /// `a.op_(b)` writes what `a.op(b).to(a.dtype)` computes when the result type casts to `a`'s dtype, and fails
    /// with PyTorch's cast error (leaving `a` untouched) when it does not.
    #[test]
    fn in_place_matches_out_of_place((a, b, op, zero_divisors) in binary_case()) {
        let mut a = a;
        a.shape = broadcast(&a.shape, &b.shape);
        if matches!(a.layout, Layout::Expanded(_)) {
            a.layout = Layout::Contiguous;
        }
        let (ta, va, tb, _) = operands(&a, &b, op, zero_divisors)?;
        let before = ta.clone_tensor().map_err(fail)?;
        let out_of_place = before.binary(op.binary(), &tb);
        let in_place = ta.binary_(op.binary(), &tb);
        let zero_divisor = in_place.as_ref().is_err_and(|e| e.message() == "ZeroDivisionError");
        let mut common = result_type(&[kind(&ta), kind(&tb)]).map_err(fail)?;
        if op == Op::Div(None) && common.is_integral(true) {
            common = get_default_dtype();
        }
        let sub_bool = op == Op::Sub && (a.dtype == DType::Bool || b.dtype == DType::Bool);
        if !sub_bool && !can_cast(common, a.dtype) {
            let e = in_place.err().ok_or_else(|| TestCaseError::fail("expected a cast error"))?;
            prop_assert_eq!(e.kind_name(), "RuntimeError");
            let msg = format!(
                "result type {} can't be cast to the desired output type {}",
                common.scalar_type_name(),
                a.dtype.scalar_type_name()
            );
            prop_assert_eq!(e.message(), msg.as_str());
        } else {
            match (out_of_place, in_place) {
                (Ok(full), Ok(r)) => {
                    prop_assert!(r.is_same(&ta));
                    let want = full.to_dtype(a.dtype).map_err(fail)?.to_scalars().map_err(fail)?;
                    let got = ta.to_scalars().map_err(fail)?;
                    for (i, (g, w)) in got.iter().zip(&want).enumerate() {
                        prop_assert!(same(*g, *w, a.dtype), "element {}: got {:?}, want {:?}", i, g, w);
                    }
                    return Ok(());
                }
                (Err(x), Err(y)) => prop_assert_eq!(x, y),
                (x, y) => prop_assert!(false, "out of place {:?}, in place {:?}", x.map(|t| t.dtype()), y.map(|t| t.dtype())),
            }
        }
        // on error `a` is unchanged, except that a zero divisor leaves the quotients before it (in loop order)
        // written, as PyTorch's serial loop does (`tests/regressions.rs` checks which ones)
        if zero_divisor {
            return Ok(());
        }
        let now = ta.to_scalars().map_err(fail)?;
        let was = before.to_scalars().map_err(fail)?;
        prop_assert_eq!(now.len(), va.len());
        for (x, y) in now.iter().zip(&was) {
            prop_assert!(same(*x, *y, a.dtype));
        }
    }

    /// A tensor with a Python-style number (int, float, bool) on either side: the number promotes by category
    /// only (a float on an integer tensor gives the default dtype; an int on float16 stays float16).
    #[test]
    fn number_operands_match_reference(
        (t, number, raw_value, number_left, op) in prop::collection::vec(size(), 0..=3)
            .prop_flat_map(spec)
            .prop_flat_map(|s| (Just(s), 0usize..3, -80i64..80, any::<bool>(), op()))
    ) {
        let mut vt = model(&t);
        let scalar = match number {
            0 if t.dtype == DType::UInt8 => Scalar::Int(raw_value.rem_euclid(20)),
            0 => Scalar::Int(raw_value / 4),
            1 => Scalar::Float(raw_value as f64 / 4.0),
            _ => Scalar::Bool(raw_value % 2 != 0),
        };
        // a zero divisor appears only for the tensor divisor here, with probability of its values; avoid it
        if op.rounded() && number_left {
            nonzero(&mut vt);
        }
        let scalar = if op.rounded() && !number_left && scalar.to_complex() == Complex::new(0.0, 0.0) {
            match scalar {
                Scalar::Bool(_) => Scalar::Bool(true),
                Scalar::Int(_) => Scalar::Int(1),
                _ => Scalar::Float(1.0),
            }
        } else {
            scalar
        };
        let tt = build(&t, &vt).map_err(fail)?;
        let sv = [scalar.to_complex()];
        let number_side = (scalar.storage_dtype(), promotion::Operand::Scalar(scalar), &[][..], &sv[..]);
        let tensor_side = (t.dtype, kind(&tt), t.shape.as_slice(), vt.as_slice());
        let (want, got) = if number_left {
            let got = match op {
                Op::Add => oxtorch::functions::add(scalar, &tt).and_then(oxtorch::AnyTensor::into_strided),
                Op::Sub => oxtorch::functions::sub(scalar, &tt).and_then(oxtorch::AnyTensor::into_strided),
                Op::Mul => oxtorch::functions::mul(scalar, &tt).and_then(oxtorch::AnyTensor::into_strided),
                Op::Div(None) => oxtorch::functions::div(scalar, &tt).and_then(oxtorch::AnyTensor::into_strided),
                Op::Div(Some(_)) => ops::binary_op(
                    op.binary(),
                    &oxtorch::Operand::Scalar(scalar),
                    &oxtorch::Operand::from(&tt),
                    oxtorch::Output::New,
                ),
            };
            (reference(op, number_side, tensor_side), got)
        } else {
            (reference(op, tensor_side, number_side), tt.binary(op.binary(), scalar))
        };
        check(got, want)?;
    }

    /// Output strides follow TensorIterator: two contiguous operands of one shape give a contiguous output.
    #[test]
    fn contiguous_operands_give_contiguous_output(
        (shape, da, db, o) in (prop::collection::vec(size(), 0..=4), dtype(), dtype(), op())
    ) {
        let a = full(&shape, 3, da).map_err(fail)?;
        let b = full(&shape, 2, db).map_err(fail)?;
        if let Ok(r) = a.binary(o.binary(), &b) {
            prop_assert!(r.is_contiguous());
            let want = oxtorch::shape::contiguous_strides(&shape);
            prop_assert_eq!(r.strides(), want.as_slice());
        }
    }

    /// TensorIterator keeps channels-last when every operand is channels-last (sizes >= 2 so that the format is
    /// unambiguous).
    #[test]
    fn channels_last_operands_give_channels_last_output(
        (n, c, h, w, da, db) in (1usize..=3, 2usize..=4, 2usize..=4, 2usize..=4, dtype(), dtype())
    ) {
        let shape = [n, c, h, w];
        let a = from_vec((0..numel(&shape) as i64).collect::<Vec<_>>(), &shape).map_err(fail)?;
        let a = a.to_dtype(da).map_err(fail)?.contiguous_in(MemoryFormat::ChannelsLast).map_err(fail)?;
        let b = full(&shape, 1, db).map_err(fail)?.contiguous_in(MemoryFormat::ChannelsLast).map_err(fail)?;
        let want = MemoryFormat::ChannelsLast.strides_for(&shape).map_err(fail)?;
        for o in [Op::Add, Op::Mul, Op::Div(None)] {
            let r = a.binary(o.binary(), &b).map_err(fail)?;
            prop_assert_eq!(r.strides(), want.as_slice());
            prop_assert!(r.is_contiguous_in(MemoryFormat::ChannelsLast));
            // values are those of the contiguous computation
            let plain = a.contiguous().map_err(fail)?.binary(o.binary(), &b.contiguous().map_err(fail)?).map_err(fail)?;
            let (x, y) = (r.to_scalars().map_err(fail)?, plain.to_scalars().map_err(fail)?);
            for (p, q) in x.iter().zip(&y) {
                prop_assert!(same(*p, *q, r.dtype()));
            }
        }
    }

    /// TensorIterator orders the output's dimensions by the first operand whose strides decide (its
    /// `reorder_dimensions` compares operands in order), so a permuted dense `lhs` with a contiguous `rhs` of the
    /// same shape gives an output with `lhs`'s dense strides, i.e. those of `lhs.clone()` (sizes >= 2: no ambiguity).
    #[test]
    fn permuted_lhs_decides_output_strides(
        (shape, seed, da, db) in (prop::collection::vec(2usize..=4, 2..=4), any::<u64>(), dtype(), dtype())
    ) {
        let s = Spec { shape: shape.clone(), dtype: da, layout: Layout::Permuted(seed), raw: vec![(5, 3)] };
        let lhs = build(&s, &model(&s)).map_err(fail)?;
        let rhs = full(&shape, 1, db).map_err(fail)?;
        let r = lhs.add(&rhs).map_err(fail)?;
        let cloned = lhs.clone_tensor().map_err(fail)?;
        prop_assert_eq!(r.strides(), cloned.strides());
        prop_assert_eq!(r.strides(), lhs.strides());
        // the output is dense in the permuted order, with the same stride order as lhs
        let order_r = oxtorch::shape::stride_order(r.sizes(), &[r.strides()]);
        let order_l = oxtorch::shape::stride_order(lhs.sizes(), &[lhs.strides()]);
        prop_assert_eq!(order_r, order_l);
        prop_assert!(r.is_non_overlapping_and_dense());
        // swapping the operands: now the contiguous operand decides
        let r2 = rhs.add(&lhs).map_err(fail)?;
        prop_assert!(r2.is_contiguous());
    }
}
