//! The generated CUDA kernels, checked on any machine, GPU or not.
//!
//! 1. **On the host.** Every kernel the CUDA backend would launch for a matrix of operations (each arithmetic
//!    operation and rounding mode, each unary operation, every dtype, mixed dtypes, contiguous vectorized / misaligned / strided /
//!    broadcast / in-place loops, Python-number operands on either side, every casting copy, fills) is described
//!    exactly as on a GPU (`oxtorch::__private::backend::cuda::ops::describe_*`: same source, same parameter bytes, same
//!    grid), compiled as host C++ (the kernel prelude supports that), run thread by thread, and compared element
//!    by element with the CPU backend on the same operands. Where PyTorch's CUDA kernels compute differently
//!    from its CPU kernels (a CPU scalar read at float32 precision, division by a scalar through its reciprocal,
//!    `a + alpha * b` as one fused multiply-add, integer floor division by zero), the expected values are
//!    computed here by those rules instead; so are complex products and quotients, which the kernels compute
//!    with the plain formulas everywhere while the CPU backend rounds them by the position in PyTorch's CPU loop.
//! 2. **With NVRTC.** Where `libnvrtc` loads, every one of those kernels, plus the tiled transposing copies, is
//!    compiled for the GPU (sm_90) by NVRTC, as the backend compiles them.
//!
//! Each part prints how many kernels it ran, or that it was skipped and why (no C++ compiler, no libnvrtc).

use oxtorch::__private::backend::cuda::ops::{
    describe_binary, describe_copy, describe_fill, describe_ternary, describe_unary, Launch,
};
use oxtorch::__private::backend::cuda::source::{LoopShape, PRELUDE};
use oxtorch::__private::backend::{self, Arg, BinaryCall, TernaryCall, UnaryCall};
use oxtorch::__private::iter::Plan;
use oxtorch::op::{BitOp, CmpOp, LogicalOp, MathOp, TernaryOp, UnaryOp};
use oxtorch::Storage;
use oxtorch::{BinaryOp, CpuElement, DType, RoundingMode, Scalar};
use std::fmt::Write as _;
use std::process::Command;

/// Little-endian bytes of elements.
trait Bytes {
    fn put(self, out: &mut Vec<u8>);
}
macro_rules! bytes_le {
    ($($t:ty),*) => {$(impl Bytes for $t { fn put(self, out: &mut Vec<u8>) { out.extend(self.to_le_bytes()) } })*};
}
bytes_le!(u8, i8, i16, i32, i64, f32, f64);
impl Bytes for bool {
    fn put(self, out: &mut Vec<u8>) {
        out.push(u8::from(self))
    }
}
impl Bytes for half::f16 {
    fn put(self, out: &mut Vec<u8>) {
        out.extend(self.to_bits().to_le_bytes())
    }
}
impl Bytes for half::bf16 {
    fn put(self, out: &mut Vec<u8>) {
        out.extend(self.to_bits().to_le_bytes())
    }
}
impl<T: Bytes> Bytes for num_complex::Complex<T> {
    fn put(self, out: &mut Vec<u8>) {
        self.re.put(out);
        self.im.put(out);
    }
}

/// The bytes of a CPU storage's elements.
fn storage_bytes(s: &Storage) -> Vec<u8> {
    let buffer = backend::read(s, 0, s.len()).unwrap();
    let mut out = Vec::new();
    oxtorch::dispatch_dtype!(s.dtype(), T => {
        for v in T::into_vec(buffer).unwrap() {
            v.put(&mut out);
        }
    });
    out
}

/// A small deterministic generator.
struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> f64 {
        self.0 = self.0.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (self.0 >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// How operand values are drawn.
#[derive(Clone, Copy, PartialEq)]
enum Values {
    /// Any value of the dtype's range that arithmetic handles (integers over their range, floats in [-8, 8]).
    Any,
    /// Nonzero values (divisors).
    NonZero,
    /// Values in [0, 100) with a fractional part, which every dtype holds or truncates the same way.
    Castable,
}

/// A CPU storage of `len` random elements of `dtype`.
fn random_storage(dtype: DType, len: usize, values: Values, rng: &mut Lcg) -> Storage {
    let scalars: Vec<Scalar> = (0..len)
        .map(|_| {
            let x = rng.next();
            let real = match values {
                Values::Castable => x * 100.0,
                Values::Any | Values::NonZero => (x - 0.5) * 16.0,
            };
            let real = (real * 8.0).round() / 8.0;
            let real = if values == Values::NonZero && real.abs() < 0.125 { 1.25 } else { real };
            match dtype {
                DType::Bool => Scalar::Bool(x > 0.5),
                d if d.is_integral(false) => {
                    let v = match (values, d) {
                        (Values::Any, DType::UInt8) => (x * 256.0) as i64,
                        (Values::Any, DType::Int8) => ((x - 0.5) * 255.0) as i64,
                        (Values::Any, DType::Int16) => ((x - 0.5) * 65000.0) as i64,
                        (Values::Any, DType::Int32) => ((x - 0.5) * 4.0e9) as i64,
                        (Values::Any, _) => ((x - 0.5) * 1.8e19) as i64,
                        (_, DType::UInt8) => real.abs().trunc() as i64,
                        _ => real.trunc() as i64,
                    };
                    Scalar::Int(if v == 0 && values == Values::NonZero { 3 } else { v })
                }
                d if d.is_complex() => Scalar::Complex(num_complex::Complex::new(real, (rng.next() - 0.5) * 4.0)),
                _ => Scalar::Float(real),
            }
        })
        .collect();
    let t = oxtorch::tensor::factory::tensor_from_scalars(&scalars, &[len], dtype).unwrap();
    t.storage().clone()
}

/// A copy of a CPU storage's contents in a new storage.
fn duplicate(s: &Storage) -> Storage {
    Storage::from_cpu_buffer(backend::read(s, 0, s.len()).unwrap())
}

/// One kernel to run on the host: its launch, the storages it reads and writes (by operand: out, a, b) with
/// their fake base addresses, and the output's expected bytes.
struct Case {
    name: String,
    launch: Launch,
    storages: Vec<(Storage, u64)>,
    expected: Vec<u8>,
    out_dtype: DType,
    /// Units in the last place a floating result may differ by (0: the same bits; the transcendental functions,
    /// whose C library and `libm` versions may differ by one).
    ulps: i64,
    /// Whether zeros of either sign agree: `maximum(-0.0, 0.0)` is the kernel's choice (PyTorch's CPU loop picks
    /// by the element's place in it, CUDA's `fmax` its own way), as the golden data's `ignore_zero_sign` says.
    ignore_zero_sign: bool,
}

/// Fake device addresses: 256-aligned and far apart, as device allocations are.
fn fake_base(k: usize) -> u64 {
    0x7f00_0000_0000 + (k as u64) * 0x1000_0000
}

/// Geometry of one operand: its strides and offset over the iteration shape.
#[derive(Clone)]
struct Geo {
    strides: Vec<usize>,
    offset: usize,
}

impl Geo {
    fn contiguous(shape: &[usize], offset: usize) -> Geo {
        Geo { strides: oxtorch::shape::contiguous_strides(shape).to_vec(), offset }
    }
    fn len(&self, shape: &[usize]) -> usize {
        oxtorch::shape::required_storage_len(shape, &self.strides, self.offset).max(1)
    }
}

/// An input of a binary case.
#[derive(Clone)]
enum In {
    Tensor(DType, Geo, Values),
    Value(Scalar),
    Output,
}

struct Binary {
    op: BinaryOp,
    common: DType,
    shape: Vec<usize>,
    out: (DType, Geo),
    lhs: In,
    rhs: In,
}

/// Builds a binary case: the launch on fake addresses, and the CPU backend's result as the expectation (or the
/// result of `expect`, which gets the input storages, when CUDA computes differently).
/// Expected output bytes computed from a case's storages (output first), where CUDA differs from the CPU.
type Expectation<'a> = &'a dyn Fn(&[Storage]) -> Vec<u8>;

/// The operands of a case: the output's and the tensor inputs' storages (output first) on their fake addresses,
/// each operand's strides and offset (output first), and the loop's plan.
struct Operands {
    storages: Vec<(Storage, u64)>,
    geometry: Vec<(Vec<usize>, usize)>,
    plan: Plan,
}

impl Operands {
    fn new(shape: &[usize], out: &(DType, Geo), inputs: &[&In], rng: &mut Lcg) -> Operands {
        let out_storage = random_storage(out.0, out.1.len(shape), Values::Any, rng);
        let mut storages = vec![(out_storage, fake_base(0))];
        let mut geometry: Vec<(Vec<usize>, usize)> = vec![(out.1.strides.clone(), out.1.offset)];
        for (k, input) in inputs.iter().enumerate() {
            match input {
                In::Tensor(dtype, geo, values) => {
                    let s = random_storage(*dtype, geo.len(shape), *values, rng);
                    storages.push((s, fake_base(k + 1)));
                    geometry.push((geo.strides.clone(), geo.offset));
                }
                In::Output => geometry.push((out.1.strides.clone(), out.1.offset)),
                In::Value(_) => geometry.push((vec![0; shape.len()], 0)),
            }
        }
        let strides: Vec<&[usize]> = geometry.iter().map(|(s, _)| s.as_slice()).collect();
        let offsets: Vec<usize> = geometry.iter().map(|(_, o)| *o).collect();
        let plan = Plan::from_geometry(shape, &strides, &offsets);
        Operands { storages, geometry, plan }
    }

    /// The kernel arguments of `inputs`: the tensor inputs' storages in order, values, the output.
    fn args<'s>(&'s self, inputs: &[&In]) -> Vec<Arg<'s>> {
        let mut tensors = self.storages.iter().skip(1).map(|(s, _)| s);
        inputs
            .iter()
            .map(|input| match input {
                In::Tensor(..) => Arg::Storage(tensors.next().unwrap()),
                In::Value(v) => Arg::Value(*v),
                In::Output => Arg::Output,
            })
            .collect()
    }

    /// A storage's fake address.
    fn address(&self, s: &Storage) -> u64 {
        self.storages.iter().find(|(t, _)| t.ptr_eq(s)).map_or(0, |(_, a)| *a)
    }
}

fn binary_case(name: String, b: Binary, rng: &mut Lcg, expect: Option<Expectation<'_>>) -> Case {
    let operands = Operands::new(&b.shape, &b.out, &[&b.lhs, &b.rhs], rng);
    let (out, plan) = (operands.storages[0].0.clone(), &operands.plan);
    let expected_out = duplicate(&out);
    let args = operands.args(&[&b.lhs, &b.rhs]);
    let (lhs, rhs) = (args[0], args[1]);
    let (storages, geometry) = (&operands.storages, &operands.geometry);
    let address = |s: &Storage| operands.address(s);
    let call = BinaryCall { op: b.op, dtype: b.common, plan, out: &out, lhs, rhs };
    let launch = describe_binary(&call, &address).unwrap().unwrap();
    // complex products and quotients: the CPU backend rounds them by where PyTorch's CPU loop computes each
    // element; the kernels compute the plain formulas everywhere
    let plain = |_: &[Storage]| plain_complex(&b, geometry, storages);
    let expect = match expect {
        None if b.common.is_complex()
            && matches!(b.op, BinaryOp::Mul | BinaryOp::Div { rounding_mode: None } | BinaryOp::Pow) =>
        {
            Some(&plain as Expectation<'_>)
        }
        other => other,
    };
    let expected = match expect {
        Some(f) => f(&storages.iter().map(|(s, _)| s.clone()).collect::<Vec<_>>()),
        None => {
            let cpu = BinaryCall { out: &expected_out, ..call };
            backend::binary(&cpu).unwrap();
            storage_bytes(&expected_out)
        }
    };
    let ignore_zero_sign = matches!(b.op, BinaryOp::Maximum | BinaryOp::Minimum);
    // the C library's transcendental functions, which the host compiler and the GPU's library may round otherwise;
    // complex `logaddexp`, whose CUDA formula is PyTorch's own (exp from exp, cos and sin; c10's CUDA `log1p`),
    // within 8 units of each component or of the larger one
    let ulps = match b.op {
        BinaryOp::Math(MathOp::Logaddexp) if b.out.0.is_complex() => 8,
        BinaryOp::Math(m) if m.is_transcendental() => 2,
        BinaryOp::Pow => 2,
        _ => 0,
    };
    let storages = operands.storages.clone();
    Case { name, launch, storages, expected, out_dtype: b.out.0, ulps, ignore_zero_sign }
}

/// Builds a case of `where` or a clamp: the launch on fake addresses and the CPU backend's result (the clamps'
/// zeros of either sign agree: `fmax`/`fmin` choose their own).
fn ternary_case(name: String, op: TernaryOp, common: DType, out: (DType, Geo), inputs: &[In], captured: bool) -> Case {
    pointwise_case(name, op, common, out, inputs, (captured, None))
}

/// [`ternary_case`] with the number the kernel captures (`addcmul`'s value, `lerp`'s number weight); complex
/// results of `addcmul`, `addcdiv` and `lerp` within 4 ulps (the CPU backend rounds their products by the position
/// in PyTorch's CPU loop, the kernels compute the plain formulas).
fn pointwise_case(
    name: String,
    op: TernaryOp,
    common: DType,
    out: (DType, Geo),
    inputs: &[In],
    (captured, parameter): (bool, Option<Scalar>),
) -> Case {
    let mut rng = Lcg(name.len() as u64 * 7919 + 1);
    let shape = vec![5usize, 7];
    let refs: Vec<&In> = inputs.iter().collect();
    let operands = Operands::new(&shape, &out, &refs, &mut rng);
    let out_storage = operands.storages[0].0.clone();
    let expected_out = duplicate(&out_storage);
    let address = |s: &Storage| operands.address(s);
    let call = TernaryCall {
        op,
        dtype: common,
        plan: &operands.plan,
        out: &out_storage,
        inputs: operands.args(&refs).into_iter().collect(),
        captured_values: captured,
        parameter,
    };
    let launch = describe_ternary(&call, &address).unwrap().unwrap();
    backend::ternary(&TernaryCall { out: &expected_out, ..call.clone() }).unwrap();
    Case {
        name,
        launch,
        storages: operands.storages.clone(),
        expected: storage_bytes(&expected_out),
        out_dtype: out.0,
        ulps: if common.is_complex() && matches!(op, TernaryOp::Addcmul | TernaryOp::Addcdiv | TernaryOp::Lerp) {
            4
        } else {
            0
        },
        ignore_zero_sign: op != TernaryOp::Where,
    }
}

/// `addcmul` and `addcdiv` with `value` 1 (where PyTorch's CUDA and CPU kernels round alike: one fused product,
/// or a quotient and a sum) over the dtypes their kernels have, and `lerp` with a tensor weight and a number weight
/// over floating and complex dtypes, strided and broadcast, against the CPU backend.
fn pointwise_cases() -> Vec<Case> {
    let shape = [5usize, 7];
    let strided = Geo { strides: vec![1, 5], offset: 0 };
    let row = Geo { strides: vec![0, 1], offset: 0 };
    let flat = || Geo::contiguous(&shape, 0);
    let mut cases = Vec::new();
    for dtype in DType::ALL.into_iter().filter(|&d| d != DType::Bool) {
        let t = |geo: Geo| In::Tensor(dtype, geo, Values::Any);
        let one = Some(Scalar::Int(1));
        let name = format!("addcmul {}", dtype.name());
        let inputs = [t(strided.clone()), t(flat()), t(row.clone())];
        cases.push(pointwise_case(name, TernaryOp::Addcmul, dtype, (dtype, flat()), &inputs, (false, one)));
        if !(dtype.is_floating_point() || dtype.is_complex()) {
            continue;
        }
        let name = format!("addcdiv {}", dtype.name());
        let inputs = [t(flat()), t(strided.clone()), In::Tensor(dtype, row.clone(), Values::NonZero)];
        cases.push(pointwise_case(name, TernaryOp::Addcdiv, dtype, (dtype, flat()), &inputs, (false, one)));
        let name = format!("lerp tensor weight {}", dtype.name());
        let inputs = [t(strided.clone()), t(flat()), t(row.clone())];
        cases.push(pointwise_case(name, TernaryOp::Lerp, dtype, (dtype, flat()), &inputs, (false, None)));
        for weight in [0.25, 0.75] {
            let name = format!("lerp weight {weight} {}", dtype.name());
            let inputs = [t(flat()), t(strided.clone())];
            let parameter = Some(Scalar::Float(weight));
            cases.push(pointwise_case(name, TernaryOp::Lerp, dtype, (dtype, flat()), &inputs, (false, parameter)));
        }
    }
    cases
}

/// `where` over every dtype (tensors, a number for either branch, a broadcast condition), and the clamps over
/// every dtype their kernels have (tensor bounds, number bounds, one bound), strided, against the CPU backend.
fn ternary_cases() -> Vec<Case> {
    let shape = [5usize, 7];
    let strided = Geo { strides: vec![1, 5], offset: 0 };
    let row = Geo { strides: vec![0, 1], offset: 0 };
    let flat = || Geo::contiguous(&shape, 0);
    let mut cases = Vec::new();
    for dtype in DType::ALL {
        let t = |geo: Geo| In::Tensor(dtype, geo, Values::Any);
        let cond = |geo: Geo| In::Tensor(DType::Bool, geo, Values::Any);
        let number = In::Value(Scalar::Float(2.5));
        for (layout, inputs) in [
            ("contiguous", vec![cond(flat()), t(flat()), t(flat())]),
            ("strided", vec![cond(row.clone()), t(strided.clone()), t(flat())]),
            ("number other", vec![cond(flat()), t(strided.clone()), number.clone()]),
            ("number input", vec![cond(strided.clone()), number.clone(), t(flat())]),
        ] {
            let name = format!("where {} {layout}", dtype.name());
            cases.push(ternary_case(name, TernaryOp::Where, dtype, (dtype, flat()), &inputs, false));
        }
        if dtype.is_complex() {
            continue;
        }
        let (lo, hi) = (In::Value(Scalar::Float(-2.5)), In::Value(Scalar::Int(3)));
        let mut clamps = vec![
            ("clamp_min tensor", TernaryOp::ClampMin, vec![t(strided.clone()), t(row.clone())], false),
            ("clamp_max tensor", TernaryOp::ClampMax, vec![t(flat()), t(strided.clone())], false),
        ];
        if dtype != DType::Bool {
            clamps.extend([
                ("clamp tensors", TernaryOp::Clamp, vec![t(strided.clone()), t(flat()), t(row.clone())], false),
                ("clamp numbers", TernaryOp::Clamp, vec![t(strided.clone()), lo.clone(), hi.clone()], true),
                ("clamp_min number", TernaryOp::ClampMin, vec![t(flat()), lo.clone()], true),
                ("clamp_max number", TernaryOp::ClampMax, vec![t(strided.clone()), hi.clone()], true),
            ]);
        }
        for (what, op, inputs, captured) in clamps {
            let name = format!("{what} {}", dtype.name());
            cases.push(ternary_case(name, op, dtype, (dtype, flat()), &inputs, captured));
        }
    }
    cases
}

/// Complex `pow` as the kernels' `cpow_` computes it: `exp(e * log(x))` in the type's precision with the plain
/// product (the CPU backend's complex logarithm and exponential round otherwise).
macro_rules! kernel_cpow {
    ($x:expr, $e:expr) => {{
        let (x, e) = ($x, $e);
        let (lr, li) = (x.re.hypot(x.im).ln(), x.im.atan2(x.re));
        let (pr, pi) = (e.re * lr - e.im * li, e.re * li + e.im * lr);
        if pi == 0.0 {
            num_complex::Complex::new(pr.exp(), pi)
        } else {
            let m = pr.exp();
            num_complex::Complex::new(m * pi.cos(), m * pi.sin())
        }
    }};
}

/// Smith's division without fused steps, as the kernels' `cdiv` computes it.
macro_rules! plain_smith {
    ($a:expr, $b:expr) => {{
        let (a, b) = ($a, $b);
        let (x, y, c, d) = (a.re, a.im, b.re, b.im);
        if c.abs() >= d.abs() {
            if c == 0.0 && d == 0.0 {
                num_complex::Complex::new(x / c.abs(), y / d.abs())
            } else {
                let rat = d / c;
                let scl = 1.0 / (c + d * rat);
                num_complex::Complex::new((x + y * rat) * scl, (y - x * rat) * scl)
            }
        } else {
            let rat = c / d;
            let scl = 1.0 / (d + c * rat);
            num_complex::Complex::new((x * rat + y) * scl, (y * rat - x) * scl)
        }
    }};
}

/// The output bytes of a complex `mul` or true `div` computed element by element with the plain formulas (the
/// output's other elements keep their values).
fn plain_complex(b: &Binary, geometry: &[(Vec<usize>, usize)], storages: &[(Storage, u64)]) -> Vec<u8> {
    let values = |s: &Storage| -> Vec<num_complex::Complex<f64>> {
        let t = oxtorch::Tensor::from_storage(s.clone(), 0, &[s.len()], &[1]).unwrap();
        t.to_scalars().unwrap().iter().map(Scalar::to_complex).collect()
    };
    let mut out = values(&storages[0].0);
    let initial = out.clone();
    let mut tensors = storages.iter().skip(1).map(|(s, _)| values(s));
    let inputs: Vec<Option<Vec<num_complex::Complex<f64>>>> =
        [&b.lhs, &b.rhs].iter().map(|i| matches!(i, In::Tensor(..)).then(|| tensors.next().unwrap())).collect();
    let numel: usize = b.shape.iter().product();
    for linear in 0..numel {
        let (mut rest, mut index) = (linear, vec![0; b.shape.len()]);
        for d in (0..b.shape.len()).rev() {
            index[d] = rest % b.shape[d];
            rest /= b.shape[d];
        }
        let at = |k: usize| geometry[k].1 + index.iter().zip(&geometry[k].0).map(|(i, s)| i * s).sum::<usize>();
        let operand = |k: usize, input: &In| match input {
            In::Tensor(..) => inputs[k - 1].as_ref().unwrap()[at(k)],
            In::Value(v) => v.to_complex(),
            In::Output => initial[at(0)],
        };
        let (x, y) = (operand(1, &b.lhs), operand(2, &b.rhs));
        out[at(0)] = if b.common == DType::Complex64 {
            let single = |z: num_complex::Complex<f64>| num_complex::Complex::new(z.re as f32, z.im as f32);
            let (x, y) = (single(x), single(y));
            let r = match b.op {
                BinaryOp::Mul => x * y,
                BinaryOp::Pow => kernel_cpow!(x, y),
                _ => plain_smith!(x, y),
            };
            num_complex::Complex::new(f64::from(r.re), f64::from(r.im))
        } else {
            match b.op {
                BinaryOp::Mul => x * y,
                BinaryOp::Pow => kernel_cpow!(x, y),
                _ => plain_smith!(x, y),
            }
        };
    }
    let scalars: Vec<Scalar> = out.into_iter().map(Scalar::Complex).collect();
    let t = oxtorch::tensor::factory::tensor_from_scalars(&scalars, &[scalars.len()], b.out.0).unwrap();
    storage_bytes(t.storage())
}

/// The dtypes each operation reaches a kernel with (sub has no bool kernel, true division only floating and
/// complex ones, rounded division no bool or complex one).
fn dtypes_for(op: BinaryOp) -> Vec<DType> {
    DType::ALL
        .into_iter()
        .filter(|d| match op {
            BinaryOp::Sub { .. } => *d != DType::Bool,
            BinaryOp::Div { rounding_mode: None } => d.is_floating_point() || d.is_complex(),
            BinaryOp::Div { rounding_mode: Some(_) } => *d != DType::Bool && !d.is_complex(),
            BinaryOp::Maximum | BinaryOp::Minimum | BinaryOp::Math(MathOp::Fmax | MathOp::Fmin) => !d.is_complex(),
            BinaryOp::Compare(cmp) => !(cmp.orders() && d.is_complex()),
            other => other.info().dtypes.has(*d),
        })
        .collect()
}

/// A Python number of `dtype`'s kind that every backend reads the same way (exact in every dtype, with an exact
/// reciprocal).
fn exact_value(dtype: DType) -> Scalar {
    match dtype {
        DType::Bool => Scalar::Bool(true),
        d if d.is_integral(false) => Scalar::Int(3),
        d if d.is_complex() => Scalar::Complex(num_complex::Complex::new(0.5, 0.0)),
        _ => Scalar::Float(0.5),
    }
}

fn binary_cases(rng: &mut Lcg) -> Vec<Case> {
    let ops = [
        ("add", BinaryOp::ADD),
        ("sub", BinaryOp::SUB),
        ("mul", BinaryOp::Mul),
        ("div", BinaryOp::DIV),
        ("div_trunc", BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }),
        ("div_floor", BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }),
        ("maximum", BinaryOp::Maximum),
        ("minimum", BinaryOp::Minimum),
        ("eq", BinaryOp::Compare(CmpOp::Eq)),
        ("lt", BinaryOp::Compare(CmpOp::Lt)),
        ("ge", BinaryOp::Compare(CmpOp::Ge)),
        ("remainder", BinaryOp::Remainder),
        ("fmod", BinaryOp::Fmod),
        ("bitwise_and", BinaryOp::Bitwise(BitOp::And)),
        ("bitwise_or", BinaryOp::Bitwise(BitOp::Or)),
        ("bitwise_xor", BinaryOp::Bitwise(BitOp::Xor)),
        ("lshift", BinaryOp::Bitwise(BitOp::LeftShift)),
        ("rshift", BinaryOp::Bitwise(BitOp::RightShift)),
        ("logical_and", BinaryOp::Logical(LogicalOp::And)),
        ("logical_xor", BinaryOp::Logical(LogicalOp::Xor)),
        ("atan2", BinaryOp::Math(MathOp::Atan2)),
        ("hypot", BinaryOp::Math(MathOp::Hypot)),
        ("copysign", BinaryOp::Math(MathOp::Copysign)),
        ("fmax", BinaryOp::Math(MathOp::Fmax)),
        ("fmin", BinaryOp::Math(MathOp::Fmin)),
        ("logaddexp", BinaryOp::Math(MathOp::Logaddexp)),
        ("logaddexp2", BinaryOp::Math(MathOp::Logaddexp2)),
        ("nextafter", BinaryOp::Math(MathOp::Nextafter)),
        ("xlogy", BinaryOp::Math(MathOp::Xlogy)),
        ("pow", BinaryOp::Pow),
    ];
    let mut cases = Vec::new();
    for (name, op) in ops {
        // divisors are nonzero (an integer zero divisor is an error on the CPU); shift amounts span the widths
        let divisor = match op {
            BinaryOp::Div { .. } | BinaryOp::Remainder | BinaryOp::Fmod => Values::NonZero,
            BinaryOp::Bitwise(BitOp::LeftShift | BitOp::RightShift) => Values::Castable,
            _ => Values::Any,
        };
        for s in dtypes_for(op) {
            let t = |geo: Geo, v: Values| In::Tensor(s, geo, v);
            let flat = vec![1000];
            let grid = vec![7, 9];
            let layouts: Vec<(&str, Vec<usize>, Geo, In, In)> = vec![
                (
                    "contiguous",
                    flat.clone(),
                    Geo::contiguous(&flat, 0),
                    t(Geo::contiguous(&flat, 0), Values::Any),
                    t(Geo::contiguous(&flat, 0), divisor),
                ),
                (
                    "misaligned",
                    flat.clone(),
                    Geo::contiguous(&flat, 1),
                    t(Geo::contiguous(&flat, 3), Values::Any),
                    t(Geo::contiguous(&flat, 0), divisor),
                ),
                (
                    "strided",
                    grid.clone(),
                    Geo::contiguous(&grid, 0),
                    t(Geo { strides: vec![1, 7], offset: 2 }, Values::Any),
                    t(Geo { strides: vec![0, 1], offset: 1 }, divisor),
                ),
                (
                    "strided_1d",
                    vec![300],
                    Geo::contiguous(&[300], 0),
                    t(Geo { strides: vec![3], offset: 1 }, Values::Any),
                    t(Geo { strides: vec![0], offset: 2 }, divisor),
                ),
                (
                    "inplace",
                    grid.clone(),
                    Geo { strides: vec![1, 7], offset: 0 },
                    In::Output,
                    t(Geo { strides: vec![1, 0], offset: 0 }, divisor),
                ),
                (
                    "value_rhs",
                    flat.clone(),
                    Geo::contiguous(&flat, 0),
                    t(Geo::contiguous(&flat, 0), Values::Any),
                    In::Value(exact_value(s)),
                ),
                (
                    "value_lhs",
                    grid.clone(),
                    Geo::contiguous(&grid, 0),
                    In::Value(exact_value(s)),
                    t(Geo::contiguous(&grid, 0), divisor),
                ),
            ];
            for (layout, shape, out, lhs, rhs) in layouts {
                let b = Binary { op, common: s, shape, out: (s, out), lhs, rhs };
                cases.push(binary_case(format!("{name} {} {layout}", s.name()), b, rng, None));
            }
        }
    }
    // mixed dtypes: inputs converted on load, results rounded to the common dtype, then stored as the output's
    let flat = vec![1000];
    let mixed = [
        (DType::Float32, DType::Float32, DType::Int32, DType::Float32),
        (DType::Float32, DType::Float32, DType::Float16, DType::Float32),
        (DType::Int16, DType::Int16, DType::UInt8, DType::Int8),
        (DType::Complex128, DType::Complex128, DType::Complex64, DType::Float64),
        (DType::Float16, DType::Float32, DType::Float32, DType::Float32),
        (DType::Float64, DType::BFloat16, DType::BFloat16, DType::Bool),
    ];
    for (out, common, a, b) in mixed {
        for (name, op) in [("add", BinaryOp::ADD), ("mul", BinaryOp::Mul)] {
            let g = Geo::contiguous(&flat, 0);
            let bin = Binary {
                op,
                common,
                shape: flat.clone(),
                out: (out, g.clone()),
                lhs: In::Tensor(a, g.clone(), Values::Any),
                rhs: In::Tensor(b, g.clone(), Values::Any),
            };
            cases.push(binary_case(
                format!("{name} {}+{}->{} in {}", a.name(), b.name(), out.name(), common.name()),
                bin,
                rng,
                None,
            ));
        }
    }
    cases.extend(cuda_specific_cases(rng));
    cases
}

/// The f32 values of a CPU storage.
fn f32s(s: &Storage) -> Vec<f32> {
    f32::into_vec(backend::read(s, 0, s.len()).unwrap()).unwrap()
}

fn to_bytes<T: Bytes>(values: impl IntoIterator<Item = T>) -> Vec<u8> {
    let mut out = Vec::new();
    values.into_iter().for_each(|v| v.put(&mut out));
    out
}

/// Where PyTorch's CUDA kernels compute differently from its CPU kernels, checked against those rules.
fn cuda_specific_cases(rng: &mut Lcg) -> Vec<Case> {
    let flat = vec![300];
    let g = Geo::contiguous(&flat, 0);
    let tensor = |d: DType, v: Values| In::Tensor(d, g.clone(), v);
    let mut cases = Vec::new();
    // true division by a Python number multiplies by its reciprocal, computed in float32 on the host
    let b = Binary {
        op: BinaryOp::DIV,
        common: DType::Float32,
        shape: flat.clone(),
        out: (DType::Float32, g.clone()),
        lhs: tensor(DType::Float32, Values::Any),
        rhs: In::Value(Scalar::Float(3.0)),
    };
    let by_reciprocal = |s: &[Storage]| to_bytes(f32s(&s[1]).into_iter().map(|x| x * (1.0f32 / 3.0)));
    cases.push(binary_case("div f32 by the number 3 (reciprocal)".into(), b, rng, Some(&by_reciprocal)));
    // a Python number joins float16 arithmetic at float32 precision
    let b = Binary {
        op: BinaryOp::ADD,
        common: DType::Float16,
        shape: flat.clone(),
        out: (DType::Float16, g.clone()),
        lhs: tensor(DType::Float16, Values::Any),
        rhs: In::Value(Scalar::Float(0.1)),
    };
    let at_f32 = |s: &[Storage]| {
        let a = half::f16::into_vec(backend::read(&s[1], 0, s[1].len()).unwrap()).unwrap();
        to_bytes(a.into_iter().map(|x| half::f16::from_f32(x.to_f32() + 0.1f32)))
    };
    cases.push(binary_case("add f16 and the number 0.1 (float32 scalar)".into(), b, rng, Some(&at_f32)));
    // a + alpha * b is one fused multiply-add
    let b = Binary {
        op: BinaryOp::Add { alpha: Scalar::Float(0.3) },
        common: DType::Float32,
        shape: flat.clone(),
        out: (DType::Float32, g.clone()),
        lhs: tensor(DType::Float32, Values::Any),
        rhs: tensor(DType::Float32, Values::Any),
    };
    let fused = |s: &[Storage]| {
        let (a, b) = (f32s(&s[1]), f32s(&s[2]));
        to_bytes(a.into_iter().zip(b).map(|(x, y)| 0.3f32.mul_add(y, x)))
    };
    cases.push(binary_case("add f32 with alpha 0.3 (fused)".into(), b, rng, Some(&fused)));
    // integer division by zero is no error on the GPU: the quotient is all ones (32 of them for 64-bit values
    // that fit 32 bits), and floor division corrects the quotient where the signs differ (as recorded from
    // PyTorch's CUDA build in cuda.json)
    for mode in [RoundingMode::Trunc, RoundingMode::Floor] {
        for dtype in [DType::Int32, DType::Int64] {
            let b = Binary {
                op: BinaryOp::Div { rounding_mode: Some(mode) },
                common: dtype,
                shape: flat.clone(),
                out: (dtype, g.clone()),
                lhs: tensor(dtype, Values::Any),
                rhs: In::Value(Scalar::Int(0)),
            };
            let by_zero = move |s: &[Storage]| {
                let quotient = |a: i64| -> i64 {
                    let all_ones =
                        if dtype == DType::Int64 && (0..=0xFFFF_FFFF).contains(&a) { 0xFFFF_FFFF } else { -1 };
                    if mode == RoundingMode::Floor && a < 0 {
                        all_ones - 1
                    } else {
                        all_ones
                    }
                };
                if dtype == DType::Int32 {
                    let a = i32::into_vec(backend::read(&s[1], 0, s[1].len()).unwrap()).unwrap();
                    to_bytes(a.into_iter().map(|a| quotient(i64::from(a)) as i32))
                } else {
                    let a = i64::into_vec(backend::read(&s[1], 0, s[1].len()).unwrap()).unwrap();
                    to_bytes(a.into_iter().map(quotient))
                }
            };
            let name = format!("div_{mode:?} {} by zero", dtype.name()).to_lowercase();
            cases.push(binary_case(name, b, rng, Some(&by_zero)));
        }
    }
    // uint8 remainder and fmod by zero give all ones, as PyTorch's CUDA kernels do (recorded on an H100; so do
    // the other integer types, as their quotients)
    for op in [BinaryOp::Remainder, BinaryOp::Fmod] {
        let b = Binary {
            op,
            common: DType::UInt8,
            shape: flat.clone(),
            out: (DType::UInt8, g.clone()),
            lhs: tensor(DType::UInt8, Values::Any),
            rhs: In::Value(Scalar::Int(0)),
        };
        let all_ones = |s: &[Storage]| to_bytes(vec![0xFFu8; s[1].len()]);
        cases.push(binary_case(format!("{} uint8 by zero", op.kernel_name()), b, rng, Some(&all_ones)));
    }
    cases
}

fn copy_cases(rng: &mut Lcg) -> Vec<Case> {
    let mut cases = Vec::new();
    for dst in DType::ALL {
        for src in DType::ALL {
            for (layout, shape, src_strides) in
                [("contiguous", vec![300usize], vec![1usize]), ("strided", vec![5, 7], vec![1, 5])]
            {
                let d = random_storage(dst, shape.iter().product(), Values::Any, rng);
                let s = random_storage(src, shape.iter().product(), Values::Castable, rng);
                let dst_strides = oxtorch::shape::contiguous_strides(&shape);
                let plan = Plan::from_geometry(&shape, &[&dst_strides, &src_strides], &[0, 0]);
                let storages = vec![(d.clone(), fake_base(0)), (s.clone(), fake_base(1))];
                let address = |x: &Storage| storages.iter().find(|(t, _)| t.ptr_eq(x)).map_or(0, |(_, a)| *a);
                let launch = describe_copy(&plan, &d, &s, &address).unwrap().unwrap();
                let expected_out = duplicate(&d);
                backend::copy(&plan, &expected_out, &s).unwrap();
                let expected = storage_bytes(&expected_out);
                let name = format!("copy {} -> {} {layout}", src.name(), dst.name());
                cases.push(Case { name, launch, storages, expected, out_dtype: dst, ulps: 0, ignore_zero_sign: false });
            }
        }
    }
    cases
}

fn fill_cases(rng: &mut Lcg) -> Vec<Case> {
    let mut cases = Vec::new();
    for dtype in DType::ALL {
        for (layout, shape, strides) in
            [("contiguous", vec![300usize], vec![1usize]), ("strided", vec![4, 6], vec![1, 5])]
        {
            let value = match dtype {
                DType::Bool => Scalar::Bool(true),
                d if d.is_complex() => Scalar::Complex(num_complex::Complex::new(1.5, -2.25)),
                d if d.is_integral(false) => Scalar::Int(-7),
                _ => Scalar::Float(-2.75),
            };
            let len = oxtorch::shape::required_storage_len(&shape, &strides, 0);
            let d = random_storage(dtype, len, Values::Any, rng);
            let plan = Plan::from_geometry(&shape, &[&strides], &[0]);
            let storages = vec![(d.clone(), fake_base(0))];
            let address = |x: &Storage| storages.iter().find(|(t, _)| t.ptr_eq(x)).map_or(0, |(_, a)| *a);
            let launch = describe_fill(&plan, &d, value, &address).unwrap().unwrap();
            let expected_out = duplicate(&d);
            backend::fill(&plan, &expected_out, value).unwrap();
            let expected = storage_bytes(&expected_out);
            cases.push(Case {
                name: format!("fill {} {layout}", dtype.name()),
                launch,
                storages,
                expected,
                out_dtype: dtype,
                ulps: 0,
                ignore_zero_sign: false,
            });
        }
    }
    cases
}

/// Every unary operation on every real, integer and bool dtype whose kernel PyTorch has (complex inputs have no
/// CUDA formula in oxtorch yet), contiguous and strided, against the CPU backend.
fn unary_cases(rng: &mut Lcg) -> Vec<Case> {
    let mut cases = Vec::new();
    for &op in UnaryOp::ALL {
        let info = op.info();
        if info.kind == oxtorch::op::UnaryKind::Identity {
            continue;
        }
        for dtype in DType::ALL
            .into_iter()
            .filter(|d| !d.is_complex() && (info.early_check)(op, *d).is_ok() && (info.late_check)(op, *d).is_ok())
            // `nan_to_num` of integers and bool is a copy, no kernel
            .filter(|d| !(op == UnaryOp::NanToNum && d.is_integral(true)))
        {
            let result = oxtorch::tensor::unary::result_dtype(op, dtype).unwrap();
            let read_as = oxtorch::tensor::unary::kernel_dtype(op, dtype, result);
            for (layout, shape, in_strides) in
                [("contiguous", vec![300usize], vec![1usize]), ("strided", vec![5, 7], vec![1, 5])]
            {
                let out_strides = oxtorch::shape::contiguous_strides(&shape);
                let len = oxtorch::shape::required_storage_len(&shape, &in_strides, 0);
                let out = random_storage(result, shape.iter().product(), Values::Any, rng);
                let x = random_storage(dtype, len, Values::Any, rng);
                let plan = Plan::from_geometry(&shape, &[&out_strides, &in_strides, &vec![0; shape.len()]], &[0, 0, 0]);
                let storages = vec![(out.clone(), fake_base(0)), (x.clone(), fake_base(1))];
                let address = |s: &Storage| storages.iter().find(|(t, _)| t.ptr_eq(s)).map_or(0, |(_, a)| *a);
                let call = UnaryCall {
                    op,
                    parameters: Default::default(),
                    dtype: read_as,
                    plan: &plan,
                    out: &out,
                    input: Arg::Storage(&x),
                };
                let launch = describe_unary(&call, &address).unwrap().unwrap();
                let expected_out = duplicate(&out);
                backend::unary(&UnaryCall { out: &expected_out, ..call }).unwrap();
                let transcendental = info.kind == oxtorch::op::UnaryKind::Float
                    && !matches!(op, UnaryOp::Sqrt | UnaryOp::Rsqrt | UnaryOp::Reciprocal);
                cases.push(Case {
                    name: format!("{} {} {layout}", op.name(), dtype.name()),
                    launch,
                    storages,
                    expected: storage_bytes(&expected_out),
                    out_dtype: result,
                    ulps: if transcendental { 2 } else { 0 },
                    ignore_zero_sign: false,
                });
            }
        }
    }
    cases
}

/// A C++ program that runs every case's kernel thread by thread and prints each output as hex.
fn host_program(cases: &[Case]) -> String {
    let mut s = format!("{PRELUDE}\n#include <cstddef>\n#include <cstdio>\n#include <cstring>\n");
    for (i, case) in cases.iter().enumerate() {
        let _ = writeln!(s, "namespace k{i} {{\n{}\n}}", case.launch.spec.body());
        // the parameter struct's C layout is the one the launch filled in
        let layout = case.launch.spec.params();
        let _ = writeln!(s, "static_assert(sizeof(k{i}::Params) == {}, \"size\");", layout.size);
        for f in &layout.fields {
            let _ = writeln!(s, "static_assert(offsetof(k{i}::Params, {}) == {}, \"{}\");", f.name, f.offset, f.name);
        }
        let _ = writeln!(s, "static void run{i}() {{");
        let params = &case.launch.params;
        let _ = writeln!(s, "  static const unsigned char params[] = {{{}}};", hex_list(params));
        let _ = writeln!(s, "  k{i}::Params p; std::memcpy(&p, params, sizeof p);");
        for (k, (storage, base)) in case.storages.iter().enumerate() {
            let bytes = storage_bytes(storage);
            let _ = writeln!(s, "  alignas(16) static unsigned char m{k}[] = {{{}}};", hex_list(&bytes));
            // re-point every address field that lies in this storage's fake range at the host array
            for field in std::iter::once("out").chain(oxtorch::__private::backend::cuda::source::INPUT_NAMES) {
                if let Some(offset) = case.launch.spec.params().offset(field) {
                    let value = u64::from_le_bytes(params[offset..offset + 8].try_into().unwrap());
                    if value >= *base && value < base + 0x1000_0000 {
                        let _ = writeln!(s, "  p.{field} = (u64)(m{k} + {});", value - base);
                    }
                }
            }
        }
        let ((gx, gy, gz), (bx, by, bz)) = (case.launch.grid, case.launch.block);
        let _ = writeln!(
            s,
            "  gridDim = Dim3{{{gx}, {gy}, {gz}}}; blockDim = Dim3{{{bx}, {by}, {bz}}};\n  \
             for (unsigned z = 0; z < {gz}; ++z) for (unsigned y = 0; y < {gy}; ++y) for (unsigned x = 0; x < {gx}; ++x)\n    \
             for (unsigned tz = 0; tz < {bz}; ++tz) for (unsigned ty = 0; ty < {by}; ++ty) for (unsigned tx = 0; tx < {bx}; ++tx) {{\n      \
             blockIdx = Dim3{{x, y, z}}; threadIdx = Dim3{{tx, ty, tz}}; k{i}::{}(p);\n    }}",
            case.launch.spec.name()
        );
        let _ = writeln!(s, "  std::printf(\"C{i} \");\n  for (unsigned i = 0; i < sizeof m0; ++i) std::printf(\"%02x\", m0[i]);\n  std::printf(\"\\n\");\n}}");
    }
    s.push_str("int main() {\n");
    for i in 0..cases.len() {
        let _ = writeln!(s, "  run{i}();");
    }
    s.push_str("  return 0;\n}\n");
    s
}

fn hex_list(bytes: &[u8]) -> String {
    if bytes.is_empty() {
        return "0".into();
    }
    bytes.iter().map(|b| format!("{b}")).collect::<Vec<_>>().join(",")
}

fn parse_hex(s: &str) -> Vec<u8> {
    (0..s.len()).step_by(2).map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap()).collect()
}

/// Whether two output elements of `dtype` agree: exactly, NaN with any NaN, complex within 2 units in the last
/// place of each component (the conformance rule for complex arithmetic).
fn element_matches(dtype: DType, got: &[u8], want: &[u8], ulps: i64) -> bool {
    fn close32(a: f32, b: f32, ulps: i64) -> bool {
        (a.is_nan() && b.is_nan()) || a == b || (a.to_bits() as i64 - b.to_bits() as i64).abs() <= ulps
    }
    fn close64(a: f64, b: f64, ulps: i64) -> bool {
        (a.is_nan() && b.is_nan()) || a == b || (a.to_bits() as i128 - b.to_bits() as i128).abs() <= ulps as i128
    }
    let f32_at = |b: &[u8], i: usize| f32::from_le_bytes(b[i..i + 4].try_into().unwrap());
    let f64_at = |b: &[u8], i: usize| f64::from_le_bytes(b[i..i + 8].try_into().unwrap());
    let u16_at = |b: &[u8]| i64::from(u16::from_le_bytes([b[0], b[1]]));
    match dtype {
        DType::Float16 => {
            let (a, b) = (half::f16::from_le_bytes([got[0], got[1]]), half::f16::from_le_bytes([want[0], want[1]]));
            (a.is_nan() && b.is_nan()) || (u16_at(got) - u16_at(want)).abs() <= ulps
        }
        DType::BFloat16 => {
            let (a, b) = (half::bf16::from_le_bytes([got[0], got[1]]), half::bf16::from_le_bytes([want[0], want[1]]));
            (a.is_nan() && b.is_nan()) || (u16_at(got) - u16_at(want)).abs() <= ulps
        }
        // the same bits (zeros by their sign), or within `ulps`
        DType::Float32 => {
            let (a, b) = (f32_at(got, 0), f32_at(want, 0));
            got == want || (a.is_nan() && b.is_nan()) || (ulps > 0 && close32(a, b, ulps))
        }
        DType::Float64 => {
            let (a, b) = (f64_at(got, 0), f64_at(want, 0));
            got == want || (a.is_nan() && b.is_nan()) || (ulps > 0 && close64(a, b, ulps))
        }
        // complex quotients: the kernels' plain Smith division against the reference's, within two units of each
        // component, or (a component that cancels) of the larger one
        DType::Complex64 => {
            let (g, w) = ([f32_at(got, 0), f32_at(got, 4)], [f32_at(want, 0), f32_at(want, 4)]);
            let componentwise = close32(g[0], w[0], ulps.max(2)) && close32(g[1], w[1], ulps.max(2));
            let unit = f64::from(w[0].abs().max(w[1].abs())) * f64::from(f32::EPSILON);
            let normwise = (0..2).all(|k| f64::from((g[k] - w[k]).abs()) <= ulps.max(2) as f64 * unit);
            componentwise || normwise
        }
        DType::Complex128 => {
            let (g, w) = ([f64_at(got, 0), f64_at(got, 8)], [f64_at(want, 0), f64_at(want, 8)]);
            let componentwise = close64(g[0], w[0], ulps.max(2)) && close64(g[1], w[1], ulps.max(2));
            let unit = w[0].abs().max(w[1].abs()) * f64::EPSILON;
            let normwise = (0..2).all(|k| (g[k] - w[k]).abs() <= ulps.max(2) as f64 * unit);
            componentwise || normwise
        }
        _ => got == want,
    }
}

/// Whether two floating output elements of `dtype` are both zeros, of any sign.
fn both_zero(dtype: DType, got: &[u8], want: &[u8]) -> bool {
    let zero = |b: &[u8]| match dtype {
        DType::Float16 | DType::BFloat16 => u16::from_le_bytes([b[0], b[1]]) & 0x7fff == 0,
        DType::Float32 => f32::from_le_bytes(b[..4].try_into().unwrap()) == 0.0,
        DType::Float64 => f64::from_le_bytes(b[..8].try_into().unwrap()) == 0.0,
        _ => false,
    };
    zero(got) && zero(want)
}

/// Part 1: compile every case as host C++, run it, compare. Returns (ran, matched) or `None` when skipped.
fn run_on_host(cases: &[Case]) -> Option<(usize, usize)> {
    let compiler = ["c++", "g++", "clang++"].into_iter().find(|c| Command::new(c).arg("--version").output().is_ok())?;
    // the build's scratch directory, or the system's when the binary runs away from its build (a GPU machine)
    let built = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR"));
    let dir = if built.is_dir() { built } else { std::env::temp_dir() };
    let (src, exe) = (dir.join("cuda_kernels_host.cpp"), dir.join("cuda_kernels_host"));
    std::fs::write(&src, host_program(cases)).unwrap();
    let compiled = Command::new(compiler)
        .args(["-std=c++17", "-O1", "-ffp-contract=off", "-w", "-o"])
        .arg(&exe)
        .arg(&src)
        .output()
        .unwrap();
    assert!(
        compiled.status.success(),
        "the generated kernels do not compile as C++:\n{}",
        String::from_utf8_lossy(&compiled.stderr)
    );
    let run = Command::new(&exe).output().unwrap();
    assert!(run.status.success(), "the host run of the kernels failed: {}", String::from_utf8_lossy(&run.stderr));
    let stdout = String::from_utf8(run.stdout).unwrap();
    let mut matched = 0;
    let mut failures = Vec::new();
    for (i, line) in stdout.lines().enumerate() {
        let case = &cases[i];
        let got = parse_hex(line.split_once(' ').unwrap().1);
        let size = case.out_dtype.itemsize();
        let bad: Vec<usize> = (0..got.len() / size)
            .filter(|&e| {
                let (g, w) = (&got[e * size..(e + 1) * size], &case.expected[e * size..(e + 1) * size]);
                let agree = element_matches(case.out_dtype, g, w, case.ulps)
                    || (case.ignore_zero_sign && both_zero(case.out_dtype, g, w));
                !agree
            })
            .collect();
        if bad.is_empty() && got.len() == case.expected.len() {
            matched += 1;
        } else {
            let show = |b: &[u8], e: usize| format!("{:02x?}", &b[e * size..((e + 1) * size).min(b.len())]);
            let first = bad.first().copied().unwrap_or(0);
            failures.push(format!(
                "{} ({} elements differ, first at {first}: got {} expected {}; kernel {})",
                case.name,
                bad.len(),
                show(&got, first),
                show(&case.expected, first),
                case.launch.spec.name()
            ));
        }
    }
    for f in failures.iter().take(20) {
        println!("   !! {f}");
    }
    Some((stdout.lines().count(), matched))
}

/// Part 2: NVRTC compiles every kernel for sm_90, plus transposing copies. `None` when libnvrtc is missing.
fn compile_with_nvrtc(cases: &[Case]) -> Option<usize> {
    if !oxtorch::__private::backend::cuda::nvrtc_available() {
        return None;
    }
    let mut specs: Vec<_> = cases.iter().map(|c| c.launch.spec.clone()).collect();
    specs.extend(transpose_specs());
    specs.sort_by_key(|s| s.name());
    specs.dedup();
    for spec in &specs {
        if let Err(e) = oxtorch::__private::backend::cuda::compile_ptx(&spec.source(), "90") {
            panic!("NVRTC rejects {}:\n{}", spec.name(), e.message());
        }
    }
    Some(specs.len())
}

/// The transposing copies' kernels (which the host cannot run: they synchronize a block's threads).
fn transpose_specs() -> Vec<oxtorch::__private::backend::cuda::source::KernelSpec> {
    let mut specs = Vec::new();
    for (shape, src_strides) in [(vec![64usize, 64], vec![64usize, 1]), (vec![64, 3136, 4], vec![3136, 1, 200704])] {
        for (dst, src) in
            [(DType::Float32, DType::Float32), (DType::BFloat16, DType::Float32), (DType::Complex128, DType::Int8)]
        {
            let n: usize = shape.iter().product();
            let d = Storage::zeroed(n, dst, oxtorch::Device::cpu()).unwrap();
            let s = Storage::zeroed(n * 2, src, oxtorch::Device::cpu()).unwrap();
            let dst_strides: Vec<usize> = {
                let mut st = vec![1; shape.len()];
                for i in 1..shape.len() {
                    st[i] = st[i - 1] * shape[i - 1];
                }
                st
            };
            let plan = Plan::from_geometry(&shape, &[&dst_strides, &src_strides], &[0, 0]);
            let launch = describe_copy(&plan, &d, &s, &|_| 0x7f00_0000_0000).unwrap().unwrap();
            assert!(matches!(launch.spec.shape, LoopShape::Transpose { .. }), "{:?}", launch.spec.shape);
            specs.push(launch.spec);
        }
    }
    specs
}

fn main() {
    let mut rng = Lcg(42);
    let mut cases = binary_cases(&mut rng);
    cases.extend(copy_cases(&mut rng));
    cases.extend(fill_cases(&mut rng));
    cases.extend(unary_cases(&mut rng));
    cases.extend(ternary_cases());
    cases.extend(pointwise_cases());
    let mut failed = false;
    match run_on_host(&cases) {
        Some((ran, matched)) => {
            println!("cuda kernels on the host: {ran} kernels ran, {matched} matched the expected results");
            failed |= ran != cases.len() || matched != ran;
        }
        None => println!("cuda kernels on the host: skipped ({} kernels; no C++ compiler found)", cases.len()),
    }
    match compile_with_nvrtc(&cases) {
        Some(n) => println!("cuda kernels with NVRTC: {n} kernels compiled for sm_90"),
        None => println!("cuda kernels with NVRTC: skipped (libnvrtc not found; set LD_LIBRARY_PATH to a CUDA toolkit's or the nvidia-cuda-nvrtc wheel's lib directory)"),
    }
    if failed {
        std::process::exit(1);
    }
}
