//! The arithmetic of PyTorch's CUDA kernels, as kernel-body statements: for each operation and common dtype, the
//! statements that compute one result `r` (of the common dtype `S`) from the loaded inputs `a`, `b` and the value
//! parameters, and the values those parameters take.
//!
//! Where this differs from the CPU backend, it is because PyTorch's CUDA kernels differ (see
//! `aten/src/ATen/native/cuda/Binary*.cu`):
//! * a CPU scalar (a Python number or a zero-dim CPU tensor) of `add`, `sub`, `mul` and `maximum`/`minimum` is
//!   read once on the host from its own dtype and converted to the arithmetic type (float32 for
//!   float16/bfloat16), not first rounded to the common dtype (their kernels take `opmath_t` arguments); the
//!   other kernels take the common dtype's `scalar_t` and round it to that first, as does a division's numerator;
//! * division by a CPU scalar multiplies by its reciprocal, computed on the host;
//! * `a + alpha * b` is one fused multiply-add (nvcc contracts it);
//! * integer division by zero is not checked: it gives what the GPU's division gives (all ones, for the quotient
//!   and the remainder), floor division corrected as `c10::div_floor_integer` corrects it;
//! * float16/bfloat16 trunc division rounds the quotient before truncating; floor division keeps the quotient in
//!   float32 but rounds the floor and its correction to the storage type.

use super::source::{c_type, ValueParam};
use crate::backend::cpu::arith::Arith;
use crate::dtype::DType;
use crate::element::Element;
use crate::error::{Error, Result};
use crate::op::{BinaryOp, BitOp, CmpOp, LogicalOp, MathOp, RoundingMode, TernaryOp, UnaryOp, UnaryParameters};
use crate::scalar::Scalar;
use num_complex::Complex;

/// Which inputs of a binary kernel are host values rather than tensors.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Values {
    /// Both inputs are tensors.
    None,
    /// The first input is this host value (as its own kind holds it).
    Lhs(Scalar),
    /// The second input is this host value.
    Rhs(Scalar),
}

/// A kernel body and its value parameters (with their bytes).
#[derive(Clone, Debug, PartialEq)]
pub struct Formula {
    /// The operation's name for kernel names, e.g. `add`, `div_true_rv` (reciprocal of a value).
    pub name: String,
    /// Statements setting `r`.
    pub body: String,
    /// Value parameters and the bytes each holds.
    pub values: Vec<(ValueParam, Vec<u8>)>,
    /// The type of `r`: the common dtype, or bool for a comparison.
    pub result: DType,
    /// Whether the first input is a condition, read as bool (`where`).
    pub condition: bool,
}

/// The kind of arithmetic a dtype has.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Bool,
    Integer,
    Real,
    Reduced,
    Complex,
}

fn class(dtype: DType) -> Class {
    match dtype {
        DType::Bool => Class::Bool,
        DType::Float16 | DType::BFloat16 => Class::Reduced,
        DType::Float32 | DType::Float64 => Class::Real,
        DType::Complex64 | DType::Complex128 => Class::Complex,
        _ => Class::Integer,
    }
}

/// The little-endian bytes of an element.
trait ElementBytes {
    fn bytes(self) -> Vec<u8>;
}

macro_rules! element_bytes {
    ($($t:ty),*) => {$(impl ElementBytes for $t { fn bytes(self) -> Vec<u8> { self.to_le_bytes().to_vec() } })*};
}
element_bytes!(u8, i8, i16, i32, i64, f32, f64);

impl ElementBytes for bool {
    fn bytes(self) -> Vec<u8> {
        vec![u8::from(self)]
    }
}

impl ElementBytes for half::f16 {
    fn bytes(self) -> Vec<u8> {
        self.to_bits().to_le_bytes().to_vec()
    }
}

impl ElementBytes for half::bf16 {
    fn bytes(self) -> Vec<u8> {
        self.to_bits().to_le_bytes().to_vec()
    }
}

impl<T: ElementBytes> ElementBytes for Complex<T> {
    fn bytes(self) -> Vec<u8> {
        let mut b = self.re.bytes();
        b.extend(self.im.bytes());
        b
    }
}

/// The bytes of `value` converted to `dtype` by PyTorch's rules (a host-side `c10::convert`).
pub fn value_bytes(value: Scalar, dtype: DType) -> Vec<u8> {
    crate::dispatch_dtype!(dtype, T => T::from_scalar(value).bytes())
}

/// `1 / value` in `dtype`'s arithmetic (float32, float64, or complex by c10's division), as a number.
fn reciprocal(value: Scalar, dtype: DType) -> Scalar {
    match dtype {
        DType::Float32 => Scalar::Float(f64::from(1.0f32 / f32::from_scalar(value))),
        DType::Complex64 => {
            let q = Complex::<f32>::div(Complex::new(1.0, 0.0), Complex::<f32>::from_scalar(value));
            Scalar::Complex(Complex::new(f64::from(q.re), f64::from(q.im)))
        }
        DType::Complex128 => {
            Scalar::Complex(Complex::<f64>::div(Complex::new(1.0, 0.0), Complex::<f64>::from_scalar(value)))
        }
        _ => Scalar::Float(1.0 / value.to_f64()),
    }
}

/// Whether `value` converted to `dtype` is zero (PyTorch's `b == 0` on the converted divisor).
fn is_zero(value: Scalar, dtype: DType) -> bool {
    crate::dispatch_dtype!(dtype, T => T::from_scalar(value) == T::default())
}

/// Builds formulas for one common dtype.
struct Builder {
    s: DType,
    o: DType,
    values: Vec<(ValueParam, Vec<u8>)>,
    /// The type of `r` (the common dtype unless a formula says otherwise).
    result: DType,
}

impl Builder {
    fn new(s: DType) -> Builder {
        Builder { s, o: s.compute_dtype(), values: Vec::new(), result: s }
    }

    /// Declares a value parameter of `dtype` holding `value` converted to it; returns its name.
    fn value(&mut self, name: &'static str, value: Scalar, dtype: DType) -> &'static str {
        self.values.push((ValueParam { name, dtype }, value_bytes(value, dtype)));
        name
    }

    /// `x` converted from the common dtype to the arithmetic type.
    fn to_o(&self, x: &str) -> String {
        if self.s == self.o {
            x.to_string()
        } else {
            format!("Cvt<{}, {}>::f({x})", c_type(self.o), c_type(self.s))
        }
    }

    /// `x` converted from the arithmetic type to the common dtype.
    fn to_s(&self, x: &str) -> String {
        if self.s == self.o {
            x.to_string()
        } else {
            format!("Cvt<{}, {}>::f({x})", c_type(self.s), c_type(self.o))
        }
    }

    /// The two operands as a body names them: the loaded tensors `a` and `b`, or value parameters `va`/`vb` of
    /// `dtype` (in which a CPU scalar is read).
    fn operands(&mut self, va: Option<Scalar>, vb: Option<Scalar>, dtype: DType) -> (String, String) {
        let a = match va {
            Some(v) => self.value("va", v, dtype).to_string(),
            None => "a".to_string(),
        };
        let b = match vb {
            Some(v) => self.value("vb", v, dtype).to_string(),
            None => "b".to_string(),
        };
        (a, b)
    }

    fn finish(self, name: String, body: String) -> Formula {
        Formula { name, body, values: self.values, result: self.result, condition: false }
    }
}

/// The formula for `op` in common dtype `common`, with `values` saying which inputs are host values.
pub fn binary(op: BinaryOp, common: DType, values: Values) -> Result<Formula> {
    let mut f = Builder::new(common);
    let suffix = match values {
        Values::None => "",
        Values::Lhs(_) => "_lv",
        Values::Rhs(_) => "_rv",
    };
    let cs = c_type(common);
    let c = class(common);
    // the operands as the body names them: loaded tensors `a`/`b`, or a value parameter
    let (va, vb) = match values {
        Values::Lhs(v) => (Some(v), None),
        Values::Rhs(v) => (None, Some(v)),
        Values::None => (None, None),
    };
    let body = match op {
        BinaryOp::Add { alpha } | BinaryOp::Sub { alpha } => {
            let alpha = if matches!(op, BinaryOp::Sub { .. }) { alpha.negated() } else { alpha };
            let o = f.o;
            f.value("alpha", alpha, o);
            // a CPU scalar is read at arithmetic precision
            let a = match va {
                Some(v) => f.value("va", v, o).to_string(),
                None => f.to_o("a"),
            };
            let b = match vb {
                Some(v) => f.value("vb", v, o).to_string(),
                None => f.to_o("b"),
            };
            match c {
                Class::Real | Class::Reduced => format!("r = {};", f.to_s(&format!("fma_(alpha, {b}, {a})"))),
                Class::Integer => format!("r = ({cs})((u64){a} + (u64)alpha * (u64){b});"),
                Class::Bool => format!("r = {a} || (alpha && {b});"),
                Class::Complex => format!("r = {a} + alpha * {b};"),
            }
        }
        BinaryOp::Mul => {
            let o = f.o;
            // the symmetric kernel puts a CPU scalar on the left
            let (x, y) = match (va, vb) {
                (Some(v), _) | (_, Some(v)) => {
                    let other = if va.is_some() { "b" } else { "a" };
                    (f.value("v", v, o).to_string(), f.to_o(other))
                }
                _ => (f.to_o("a"), f.to_o("b")),
            };
            match c {
                Class::Integer => format!("r = ({cs})((u64){x} * (u64){y});"),
                Class::Bool => format!("r = {x} && {y};"),
                _ => format!("r = {};", f.to_s(&format!("{x} * {y}"))),
            }
        }
        BinaryOp::Div { rounding_mode } => div(&mut f, rounding_mode, c, va, vb)?,
        BinaryOp::FloorDivide => div(&mut f, Some(RoundingMode::Floor), c, va, vb)?,
        BinaryOp::Maximum | BinaryOp::Minimum => extremum(&mut f, op == BinaryOp::Maximum, c, va, vb)?,
        BinaryOp::Compare(cmp) => {
            f.result = DType::Bool;
            compare(&mut f, cmp, c, va, vb)?
        }
        BinaryOp::Remainder | BinaryOp::Fmod => modular(&mut f, op == BinaryOp::Remainder, c, va, vb)?,
        BinaryOp::Bitwise(bit) => bitwise(&mut f, bit, c, va, vb)?,
        BinaryOp::Math(math) => math_function(&mut f, math, c, va, vb)?,
        BinaryOp::Pow => power(&mut f, c, va, vb)?,
        BinaryOp::FloatPower => {
            return Err(Error::Runtime("internal error: float_power reaches the kernels as pow".into()))
        }
        BinaryOp::Logical(logical) => {
            f.result = DType::Bool;
            let (a, b) = f.operands(va, vb, f.s);
            let truth = |x: &str| format!("Cvt<bool, {cs}>::f({x})");
            let (x, y) = (truth(&a), truth(&b));
            match logical {
                LogicalOp::And => format!("r = {x} && {y};"),
                LogicalOp::Or => format!("r = {x} || {y};"),
                LogicalOp::Xor => format!("r = {x} != {y};"),
            }
        }
    };
    Ok(f.finish(format!("{}{suffix}", op.kernel_name()), body))
}

/// The formula of a kernel of two or three inputs in common dtype `common`; `values` holds, per input, the host
/// value it is (a Python number, a CPU scalar, a clamp's number bound) or `None` for a tensor. As PyTorch's CUDA
/// kernels compute them (`TensorCompare.cu`, `MaxMinElementwiseKernel.cu`):
/// * `where` selects between its inputs converted to the common dtype (values too), by the condition read as bool;
/// * `clamp` with tensor bounds returns a NaN input, else a NaN lower bound, else a NaN upper bound, else
///   `min(max(x, lower), upper)`; with one tensor bound it is `maximum` / `minimum`;
/// * with number bounds (`captured`: `clamp_scalar`, `clamp_min_scalar`, `clamp_max_scalar`) a NaN input is
///   returned and the bounds, read in the arithmetic type (`lim.to<opmath_t>()`: float32 for float16/bfloat16),
///   go through the math library's `fmax`/`fmin`, which ignore a NaN bound (`clamp_min`/`clamp_max` fill the
///   result with one before, and two NaN bounds never reach the kernel).
///
/// `addcmul`, `addcdiv` and `lerp` are `pointwise`'s (`parameter`: their `value`, or `lerp`'s number weight).
pub fn ternary(
    op: TernaryOp,
    common: DType,
    values: &[Option<Scalar>],
    captured: bool,
    parameter: Option<Scalar>,
) -> Result<Formula> {
    if matches!(op, TernaryOp::Addcmul | TernaryOp::Addcdiv | TernaryOp::Lerp) {
        return pointwise(op, common, values, parameter);
    }
    let mut f = Builder::new(common);
    let c = class(common);
    let names = ["a", "b", "c"];
    let operands: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(k, v)| match (k, v) {
            (0, Some(v)) if op == TernaryOp::Where => f.value("va", *v, DType::Bool).to_string(),
            // number bounds are read in the arithmetic type (`lim.to<opmath_t>()`), other values in the common dtype
            (k, Some(v)) if captured => f.value(["va", "vb", "vc"][k], *v, f.o).to_string(),
            (k, Some(v)) => f.value(["va", "vb", "vc"][k], *v, common).to_string(),
            (k, None) => names[k].to_string(),
        })
        .collect();
    let suffix: String = values.iter().map(|v| if v.is_some() { 'v' } else { 't' }).collect();
    if op == TernaryOp::Where {
        let [cond, x, y] = operands.as_slice() else {
            return Err(Error::Runtime("internal error: where takes three inputs".into()));
        };
        let mut formula = f.finish(format!("where_{suffix}"), format!("r = {cond} ? {x} : {y};"));
        formula.condition = true;
        return Ok(formula);
    }
    // the clamps: the input, then the bounds present
    let (lower, upper) = match (op, &operands[1..]) {
        (TernaryOp::Clamp, [lo, hi]) => (Some(lo.clone()), Some(hi.clone())),
        (TernaryOp::ClampMin, [lo]) => (Some(lo.clone()), None),
        (TernaryOp::ClampMax, [hi]) => (None, Some(hi.clone())),
        _ => return Err(Error::Runtime(format!("internal error: {op:?} with {} inputs", operands.len()))),
    };
    let co = c_type(f.o);
    let name = format!("{}{}_{suffix}", op.info().kernel, if captured { "_scalar" } else { "" });
    let body = match c {
        Class::Integer => {
            let x = operands[0].clone();
            let x = lower.map_or(x.clone(), |lo| format!("max_({x}, {lo})"));
            format!("r = {};", upper.map_or(x.clone(), |hi| format!("min_({x}, {hi})")))
        }
        Class::Bool if !captured && (lower.is_none() || upper.is_none()) => match (lower, upper) {
            (Some(lo), None) => format!("r = {} || {lo};", operands[0]),
            (None, Some(hi)) => format!("r = {} && {hi};", operands[0]),
            _ => return Err(Error::Runtime("internal error: a clamp without bounds".into())),
        },
        Class::Real | Class::Reduced => {
            let x = f.to_o(&operands[0]);
            let widen = |f: &Builder, b: String| if captured { b } else { f.to_o(&b) };
            let (lo, hi) = (lower.map(|b| widen(&f, b)), upper.map(|b| widen(&f, b)));
            let mut decls = format!("const {co} x = {x};");
            let mut chain = "(x != x) ? x : ".to_string();
            let mut value = "x".to_string();
            if let Some(lo) = lo {
                decls.push_str(&format!(" const {co} lo = {lo};"));
                if !captured {
                    chain.push_str("(lo != lo) ? lo : ");
                }
                value = format!("max_({value}, lo)");
            }
            if let Some(hi) = hi {
                decls.push_str(&format!(" const {co} hi = {hi};"));
                if !captured {
                    chain.push_str("(hi != hi) ? hi : ");
                }
                value = format!("min_({value}, hi)");
            }
            format!("{decls}\n  r = {};", f.to_s(&format!("({chain}{value})")))
        }
        Class::Bool | Class::Complex => {
            return Err(Error::Runtime(format!("internal error: a {op:?} kernel for {common}")));
        }
    };
    Ok(f.finish(name, body))
}

/// The formula of `addcmul`, `addcdiv` or `lerp` in common dtype `common` (`values` as for [`ternary`]: a CPU
/// scalar is read in the common dtype, as PyTorch's kernels read `iter.scalar_value<scalar_t>`), as PyTorch's CUDA
/// kernels compute them (`PointwiseOpsKernel.cu`, `DeviceAddCmulCdiv.cuh`, `Lerp.cu`):
/// * `addcmul`: `fma(t1, t2, input)` when `value` is 1, else `fma(value, t1 * t2, input)`, in the accumulation
///   type (float32 for float16/bfloat16); integers `input + value * (t1 * t2)` in int64, wrapping; complex
///   `input + value * (t1 * t2)`;
/// * `addcdiv`: `input + t1 / t2` when `value` is 1, else `fma(value, t1 / t2, input)`; complex
///   `input + value * (t1 / t2)`;
/// * `lerp`: `fma(w, end - input, input)` when `|w| < 0.5`, else `end - (end - input) * (1 - w)` fused as nvcc
///   contracts it; complex numbers by the same formulas unfused, `|w|` a hypotenuse.
fn pointwise(op: TernaryOp, common: DType, values: &[Option<Scalar>], parameter: Option<Scalar>) -> Result<Formula> {
    let mut f = Builder::new(common);
    let c = class(common);
    let (cs, co) = (c_type(common), c_type(f.o));
    let mut operands: Vec<String> = Vec::new();
    for (k, v) in values.iter().enumerate() {
        let name = ["a", "b", "c"][k];
        let x = match v {
            Some(v) => f.value(["va", "vb", "vc"][k], *v, common).to_string(),
            None => name.to_string(),
        };
        operands.push(f.to_o(&x));
    }
    let suffix: String = values.iter().map(|v| if v.is_some() { 'v' } else { 't' }).collect();
    let internal = |what: &str| Error::Runtime(format!("internal error: {what}"));
    let body = match op {
        TernaryOp::Addcmul | TernaryOp::Addcdiv => {
            let [x, y, z] = operands.as_slice() else { return Err(internal("addcmul/addcdiv take three inputs")) };
            let value = parameter.ok_or_else(|| internal("addcmul/addcdiv without a value"))?;
            let divide = op == TernaryOp::Addcdiv;
            let op_sign = if divide { "/" } else { "*" };
            match c {
                Class::Integer if divide => return Err(internal("an integral addcdiv kernel")),
                Class::Integer => {
                    f.value("alpha", value, DType::Int64);
                    format!("r = ({cs})((u64)(i64){x} + (u64)alpha * ((u64)(i64){y} * (u64)(i64){z}));")
                }
                Class::Real | Class::Reduced => {
                    let one = crate::dispatch_dtype!(f.o, T => T::from_scalar(value) == T::from_i64(1));
                    let result = match (one, divide) {
                        (true, false) => format!("fma_({y}, {z}, {x})"),
                        (true, true) => format!("{x} + {y} / {z}"),
                        (false, _) => {
                            let o = f.o;
                            f.value("alpha", value, o);
                            format!("fma_(alpha, {y} {op_sign} {z}, {x})")
                        }
                    };
                    format!("r = {};", f.to_s(&result))
                }
                Class::Complex => {
                    f.value("alpha", value, common);
                    format!("r = {x} + alpha * ({y} {op_sign} {z});")
                }
                Class::Bool => return Err(internal("a bool addcmul kernel")),
            }
        }
        TernaryOp::Lerp => {
            let (x, y) = match operands.as_slice() {
                [x, y] | [x, y, _] => (x.clone(), y.clone()),
                _ => return Err(internal("lerp takes two or three inputs")),
            };
            let w = match (operands.get(2), parameter) {
                (Some(w), _) => w.clone(),
                (None, Some(weight)) => {
                    let o = f.o;
                    f.value("weight", weight, o).to_string()
                }
                (None, None) => return Err(internal("lerp without a weight")),
            };
            let decls = format!("const {co} x = {x}; const {co} e = {y}; const {co} w = {w}; const {co} d = e - x;");
            let value = match c {
                Class::Real | Class::Reduced => {
                    "(w < 0 ? -w : w) < 0.5 ? fma_(w, d, x) : fma_(-d, 1 - w, e)".to_string()
                }
                Class::Complex => {
                    format!("cabs_(w) < 0.5 ? x + w * d : e - d * ({co}{{1, 0}} - w)")
                }
                _ => return Err(internal("an integral lerp kernel")),
            };
            format!("{decls}\n  r = {};", f.to_s(&format!("({value})")))
        }
        _ => return Err(internal("not a pointwise operation")),
    };
    Ok(f.finish(format!("{}_{suffix}", op.info().name), body))
}

/// The formula of the unary operation `op` reading its input as `dtype` (`a`; the result `r`), as PyTorch's CUDA
/// kernels compute it: CUDA's math library in the arithmetic type (float32 for float16/bfloat16), integers
/// wrapping. `parameters` are `round`'s decimals and `nan_to_num`'s replacements (value parameters of the
/// kernel). Complex inputs have CUDA formulas for `angle` and `nan_to_num` only in oxtorch yet (an error for the
/// others, not a wrong result).
pub fn unary(op: UnaryOp, parameters: UnaryParameters, dtype: DType) -> Result<Formula> {
    use UnaryOp::*;
    let mut f = Builder::new(dtype);
    let cs = c_type(dtype);
    let co = c_type(f.o);
    let x = f.to_o("a");
    if let Some(body) = parameterized(&mut f, op, parameters, &x)? {
        let name = match parameters {
            UnaryParameters::Decimals(d) if d < 0 => "u_round_negative_decimals".to_string(),
            UnaryParameters::Decimals(_) => "u_round_decimals".to_string(),
            _ => format!("u_{}", op.name()),
        };
        return Ok(f.finish(name, body));
    }
    let function = |name: &str| format!("{name}({x})");
    let real = match op {
        Sqrt => Some(function("sqrt")),
        Rsqrt => Some(format!("({co})1 / sqrt({x})")),
        Exp => Some(function("exp")),
        Exp2 => Some(function("exp2")),
        Expm1 => Some(function("expm1")),
        Log => Some(function("log")),
        Log2 => Some(function("log2")),
        Log10 => Some(function("log10")),
        Log1p => Some(function("log1p")),
        Sin => Some(function("sin")),
        Cos => Some(function("cos")),
        Tan => Some(function("tan")),
        Asin => Some(function("asin")),
        Acos => Some(function("acos")),
        Atan => Some(function("atan")),
        Sinh => Some(function("sinh")),
        Cosh => Some(function("cosh")),
        Tanh => Some(function("tanh")),
        Asinh => Some(function("asinh")),
        Acosh => Some(function("acosh")),
        Atanh => Some(function("atanh")),
        Sigmoid => Some(format!("({co})1 / (({co})1 + exp(-{x}))")),
        Erf => Some(function("erf")),
        Erfc => Some(function("erfc")),
        Reciprocal => Some(format!("({co})1 / {x}")),
        Abs => Some(function("fabs")),
        Neg => Some(format!("-{x}")),
        Sign | Sgn => Some(format!("({co})(({co})0 < {x}) - ({co})({x} < ({co})0)")),
        Floor => Some(function("floor")),
        Ceil => Some(function("ceil")),
        Trunc => Some(function("trunc")),
        Round => Some(function("nearbyint")),
        Frac => Some(format!("{x} - trunc({x})")),
        Square => Some(format!("{x} * {x}")),
        _ => None,
    };
    let predicate = match op {
        IsNan => Some(format!("{x} != {x}")),
        IsInf => Some(function("isinf")),
        IsFinite => Some(function("isfinite")),
        IsPosInf => Some(format!("isinf({x}) && {x} > 0")),
        IsNegInf => Some(format!("isinf({x}) && {x} < 0")),
        SignBit => Some(function("signbit")),
        LogicalNot => Some(format!("{x} == ({co})0")),
        IsReal => Some("true".to_string()),
        _ => None,
    };
    let body = match (class(dtype), real, predicate) {
        (Class::Real | Class::Reduced, Some(e), _) => format!("r = {};", f.to_s(&e)),
        (Class::Real | Class::Reduced, _, Some(p)) => {
            f.result = DType::Bool;
            format!("r = {p};")
        }
        (Class::Integer, _, _) => {
            let wrap = |e: String| format!("r = ({cs})({e});");
            match op {
                Abs => wrap(format!("a < ({cs})0 ? (u64)0 - (u64)a : (u64)a")),
                Neg => wrap("(u64)0 - (u64)a".into()),
                Sign | Sgn => wrap(format!("(a > ({cs})0) - (a < ({cs})0)")),
                Floor | Ceil | Trunc | Round => "r = a;".into(),
                Square => wrap("(u64)a * (u64)a".into()),
                BitwiseNot => wrap("~a".into()),
                IsNan | IsInf | IsPosInf | IsNegInf | SignBit | IsFinite | IsReal | LogicalNot => {
                    f.result = DType::Bool;
                    match op {
                        IsFinite | IsReal => "r = true;".into(),
                        SignBit => format!("r = a < ({cs})0;"),
                        LogicalNot => format!("r = a == ({cs})0;"),
                        _ => "r = false;".into(),
                    }
                }
                _ => return Err(no_unary_formula(op, dtype)),
            }
        }
        (Class::Bool, _, _) => {
            f.result = DType::Bool;
            match op {
                Sign | Sgn | Abs => "r = a;".into(),
                BitwiseNot | LogicalNot => "r = !a;".into(),
                IsFinite | IsReal => "r = true;".into(),
                IsNan | IsInf | IsPosInf | IsNegInf | SignBit => "r = false;".into(),
                _ => return Err(no_unary_formula(op, dtype)),
            }
        }
        _ => return Err(no_unary_formula(op, dtype)),
    };
    Ok(f.finish(format!("u_{}", op.name()), body))
}

/// The formulas of `round` with decimals, `nan_to_num` and `angle` (`x` the input in the arithmetic type), as
/// PyTorch's CUDA kernels compute them; `None` for the other operations. `round`'s scale `10^|decimals|` is the
/// host's `pow`, rounded to the arithmetic type; `nan_to_num`'s replacements are the storage type's values
/// (through float32 for float16/bfloat16), each part's for complex numbers; `angle` of a complex number is
/// `atan2(im, re)` in its real type.
fn parameterized(f: &mut Builder, op: UnaryOp, parameters: UnaryParameters, x: &str) -> Result<Option<String>> {
    let co = c_type(f.o);
    let c = class(f.s);
    Ok(Some(match (op, c) {
        (UnaryOp::Round, _) if parameters == UnaryParameters::Default => return Ok(None),
        (UnaryOp::Round, Class::Real | Class::Reduced) => {
            let decimals = parameters.decimals();
            let o = f.o;
            let scale = f.value("scale", Scalar::Float(10f64.powf(decimals.unsigned_abs() as f64)), o);
            let e = if decimals < 0 {
                format!("nearbyint({x} / {scale}) * {scale}")
            } else {
                format!("nearbyint({x} * {scale}) / {scale}")
            };
            format!("r = {};", f.to_s(&format!("({e})")))
        }
        (UnaryOp::NanToNum, Class::Real | Class::Reduced | Class::Complex) => {
            let part = f.s.to_real();
            let (nan, posinf, neginf) = parameters.replacement_values(part);
            let [nan, posinf, neginf] =
                [("nan", nan), ("posinf", posinf), ("neginf", neginf)].map(|(n, v)| f.value(n, Scalar::Float(v), part));
            if c == Class::Complex {
                let part = |v: &str| {
                    format!("{v} = ({v} != {v}) ? {nan} : (isinf({v}) ? ({v} > 0 ? {posinf} : {neginf}) : {v});")
                };
                format!("r = a;\n  {}\n  {}", part("r.re"), part("r.im"))
            } else {
                format!("const {co} x = {x};\n  r = (x != x) ? {nan} : (isinf(x) ? (x > 0 ? {posinf} : {neginf}) : a);")
            }
        }
        (UnaryOp::ConjPhysical, Class::Complex) => "r = a;\n  r.im = -r.im;".to_string(),
        (UnaryOp::ConjPhysical, _) => "r = a;".to_string(),
        (UnaryOp::Angle, Class::Complex) => {
            f.result = f.s.to_real();
            "r = atan2(a.im, a.re);".to_string()
        }
        (UnaryOp::Angle, Class::Real | Class::Reduced) => format!(
            "const {co} x = {x};\n  r = {};",
            f.to_s(&format!("((x != x) ? x : (x < ({co})0 ? ({co})3.14159265358979323846 : ({co})0))"))
        ),
        (UnaryOp::Round | UnaryOp::NanToNum | UnaryOp::Angle, _) => return Err(no_unary_formula(op, f.s)),
        _ => return Ok(None),
    }))
}

/// The error for a unary operation without a CUDA formula for `dtype`: PyTorch's for a dtype its CUDA kernel
/// lacks too (`"frac_cuda" not implemented for 'Int'`), oxtorch's own for the complex kernels it lacks.
fn no_unary_formula(op: UnaryOp, dtype: DType) -> Error {
    if dtype.is_complex() && !matches!(op, UnaryOp::Erf | UnaryOp::Erfc | UnaryOp::Round) {
        return Error::NotImplemented(format!("oxtorch has no CUDA kernel for {} of {} tensors yet", op.name(), dtype));
    }
    Error::NotImplemented(format!("\"{}_cuda\" not implemented for '{}'", op.name(), dtype.scalar_type_name()))
}

/// PyTorch's `maximum`/`minimum` CUDA kernels: in the arithmetic type (a CPU scalar read in it), a NaN operand
/// returned as it is, else the hardware's `max`/`min`; `||`/`&&` for bools.
fn extremum(f: &mut Builder, maximum: bool, c: Class, va: Option<Scalar>, vb: Option<Scalar>) -> Result<String> {
    let o = f.o;
    let x = match va {
        Some(v) => f.value("va", v, o).to_string(),
        None => f.to_o("a"),
    };
    let y = match vb {
        Some(v) => f.value("vb", v, o).to_string(),
        None => f.to_o("b"),
    };
    let pick = if maximum { "max_" } else { "min_" };
    let co = c_type(o);
    Ok(match c {
        Class::Bool => format!("r = {x} {} {y};", if maximum { "||" } else { "&&" }),
        Class::Integer => format!("r = {pick}({x}, {y});"),
        Class::Real | Class::Reduced => format!(
            "const {co} x = {x}, y = {y};\n  r = {};",
            f.to_s(&format!("(x != x) ? x : ((y != y) ? y : {pick}(x, y))"))
        ),
        Class::Complex => {
            return Err(Error::Runtime("internal error: maximum/minimum kernel for a complex dtype".into()))
        }
    })
}

/// PyTorch's `remainder`/`fmod` CUDA kernels: integers by the plain `%` (`imod`), moved into the divisor's sign
/// for `remainder`; floating types by `fmod` in the arithmetic type (a CPU scalar rounded to the common dtype
/// first: the kernels take `scalar_t` arguments), the divisor added for `remainder` when the signs differ.
fn modular(f: &mut Builder, floor: bool, c: Class, va: Option<Scalar>, vb: Option<Scalar>) -> Result<String> {
    let cs = c_type(f.s);
    let co = c_type(f.o);
    Ok(match c {
        Class::Integer => {
            let (a, b) = f.operands(va, vb, f.s);
            if floor {
                format!(
                    "{cs} m = imod<{cs}>({a}, {b});\n  if (m != 0 && ((m < 0) != ({b} < 0))) m = ({cs})(m + {b});\n  \
                     r = m;"
                )
            } else {
                format!("r = imod<{cs}>({a}, {b});")
            }
        }
        Class::Real | Class::Reduced => {
            // the kernel's arguments are of the common dtype: a CPU scalar is rounded to it
            let (a, b) = f.operands(va, vb, f.s);
            let (x, y) = (f.to_o(&a), f.to_o(&b));
            let fix = if floor { "\n  if (m != 0 && ((y < 0) != (m < 0))) m += y;" } else { "" };
            format!("const {co} x = {x}, y = {y};\n  {co} m = fmod_(x, y);{fix}\n  r = {};", f.to_s("m"))
        }
        Class::Bool | Class::Complex => {
            return Err(Error::Runtime("internal error: a remainder kernel for a bool or complex dtype".into()))
        }
    })
}

/// PyTorch's CUDA kernels of the floating functions of two arguments: CUDA's math library in the arithmetic type
/// (a CPU scalar rounded to the common dtype first, as the kernels' `scalar_t` arguments round it), the formulas of the CPU kernels; `fmax`/`fmin` of integers and bools are the plain
/// extrema; `nextafter` of float16/bfloat16 steps the storage type's bits (`nextafter_` in the prelude).
fn math_function(f: &mut Builder, op: MathOp, c: Class, va: Option<Scalar>, vb: Option<Scalar>) -> Result<String> {
    let o = f.o;
    let co = c_type(o);
    if let (Class::Integer | Class::Bool, MathOp::Fmax | MathOp::Fmin) = (c, op) {
        let (a, b) = f.operands(va, vb, f.s);
        let pick = if op == MathOp::Fmax { "max_" } else { "min_" };
        return Ok(format!("r = {pick}({a}, {b});"));
    }
    if let (Class::Complex, MathOp::Logaddexp) = (c, op) {
        // PyTorch's own complex formula (`clogaddexp_` in the prelude)
        let (a, b) = f.operands(va, vb, f.s);
        return Ok(format!("r = clogaddexp_({a}, {b});"));
    }
    if !matches!(c, Class::Real | Class::Reduced) {
        return Err(Error::Runtime(format!("internal error: a {op:?} kernel for a dtype it has none for")));
    }
    if op == MathOp::Nextafter {
        // in the storage type itself
        let (a, b) = f.operands(va, vb, f.s);
        return Ok(format!("r = nextafter_({a}, {b});"));
    }
    // the kernels' arguments are of the common dtype: a CPU scalar is rounded to it, then widened
    let (a, b) = f.operands(va, vb, f.s);
    let (x, y) = (f.to_o(&a), f.to_o(&b));
    let value = match op {
        MathOp::Atan2 => "atan2(x, y)".to_string(),
        MathOp::Hypot => "hypot(x, y)".to_string(),
        MathOp::Copysign => "copysign_(x, y)".to_string(),
        MathOp::Fmax => "(x >= y || y != y) ? x : y".to_string(),
        MathOp::Fmin => "(x <= y || y != y) ? x : y".to_string(),
        MathOp::Logaddexp => "(isinf(x) && x == y) ? x : ((x < y ? y : x) + log1p(exp(-fabs(x - y))))".to_string(),
        // the product and the sum fused, as PyTorch's compilers fuse them
        MathOp::Logaddexp2 => format!(
            "(isinf(x) && x == y) ? x : fma_(log1p(exp2(-fabs(x - y))), ({co})(1.0 / 0.6931471805599453), (x < y ? y : x))"
        ),
        // the logarithm of a float16/bfloat16 rounded to it first, as on the CPU (c10's `log` of those types)
        MathOp::Xlogy => {
            let log = f.to_o(&f.to_s("log(y)"));
            format!("(y != y) ? y : ((x == ({co})0) ? ({co})0 : x * {log})")
        }
        // stepped in the storage type, above
        MathOp::Nextafter => return Err(Error::Runtime("internal error: nextafter in the arithmetic type".into())),
    };
    Ok(format!("const {co} x = {x}, y = {y};\n  r = {};", f.to_s(&format!("({value})"))))
}

/// PyTorch's `pow` CUDA kernels: the math library's `pow` in the arithmetic type (float32 for float16/bfloat16,
/// whose operands, a number exponent too, are read in the storage type first), complex numbers as
/// `exp(e * log(x))`, integers by repeated squaring (`powi_` in the prelude). The CPU's special number exponents
/// (0, 1, 0.5, -0.5, -1) are other kernels chosen by the core; 2, 3 and -2, which PyTorch's CUDA kernel computes
/// as products, are `pow` here (within an ulp).
fn power(f: &mut Builder, c: Class, va: Option<Scalar>, vb: Option<Scalar>) -> Result<String> {
    let cs = c_type(f.s);
    let (a, b) = f.operands(va, vb, f.s);
    Ok(match c {
        Class::Integer => format!("r = powi_<{cs}>({a}, {b});"),
        Class::Real | Class::Reduced => {
            let (x, y) = (f.to_o(&a), f.to_o(&b));
            format!("r = {};", f.to_s(&format!("pow_({x}, {y})")))
        }
        Class::Complex => format!("r = cpow_({a}, {b});"),
        Class::Bool => return Err(Error::Runtime("internal error: a pow kernel for bool".into())),
    })
}

/// PyTorch's bitwise CUDA kernels: `&`, `|`, `^` of integers and bools, its shifts of integers (`lshift_`,
/// `rshift_` in the prelude).
fn bitwise(f: &mut Builder, op: BitOp, c: Class, va: Option<Scalar>, vb: Option<Scalar>) -> Result<String> {
    let cs = c_type(f.s);
    let shift = matches!(op, BitOp::LeftShift | BitOp::RightShift);
    if !matches!(c, Class::Integer | Class::Bool) || (shift && c == Class::Bool) {
        return Err(Error::Runtime("internal error: a bitwise kernel for an unsupported dtype".into()));
    }
    let (a, b) = f.operands(va, vb, f.s);
    Ok(match op {
        BitOp::And => format!("r = ({cs})({a} & {b});"),
        BitOp::Or => format!("r = ({cs})({a} | {b});"),
        BitOp::Xor => format!("r = ({cs})({a} ^ {b});"),
        BitOp::LeftShift => format!("r = lshift_<{cs}>({a}, {b});"),
        BitOp::RightShift => format!("r = rshift_<{cs}>({a}, {b});"),
    })
}

/// PyTorch's comparison CUDA kernels: both operands in the common dtype (a CPU scalar converted to it), compared
/// in their arithmetic type (float16/bfloat16 widened exactly); complex numbers only for equality.
fn compare(f: &mut Builder, cmp: CmpOp, c: Class, va: Option<Scalar>, vb: Option<Scalar>) -> Result<String> {
    let s = f.s;
    let a = match va {
        Some(v) => f.value("va", v, s).to_string(),
        None => "a".to_string(),
    };
    let b = match vb {
        Some(v) => f.value("vb", v, s).to_string(),
        None => "b".to_string(),
    };
    let (x, y) = (f.to_o(&a), f.to_o(&b));
    let sign = match cmp {
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Lt => "<",
        CmpOp::Le => "<=",
        CmpOp::Gt => ">",
        CmpOp::Ge => ">=",
    };
    if c == Class::Complex && cmp.orders() {
        return Err(Error::Runtime("internal error: an ordering comparison kernel for a complex dtype".into()));
    }
    Ok(format!("r = ({x}) {sign} ({y});"))
}

/// The division formulas (the operands of a true division are floating or complex: integers were promoted).
fn div(
    f: &mut Builder,
    mode: Option<RoundingMode>,
    c: Class,
    va: Option<Scalar>,
    vb: Option<Scalar>,
) -> Result<String> {
    let (s, o) = (f.s, f.o);
    let cs = c_type(s);
    let co = c_type(o);
    if matches!(c, Class::Bool) || (mode.is_some() && c == Class::Complex) {
        return Err(Error::Runtime("internal error: a division kernel for an unsupported dtype".into()));
    }
    // a numerator value is rounded to the common dtype (the kernel's argument type)
    let a = match va {
        Some(v) => f.value("va", v, s).to_string(),
        None => "a".to_string(),
    };
    let integer = c == Class::Integer;
    // uint8 floor division is trunc division (both operands are non-negative)
    let mode = if mode == Some(RoundingMode::Floor) && s == DType::UInt8 { Some(RoundingMode::Trunc) } else { mode };
    // a divisor value: integers read it rounded to S; floating kernels multiply by its reciprocal
    if let (Some(v), false) = (vb, integer) {
        return Ok(match mode {
            Some(RoundingMode::Floor) if !is_zero(v, o) => {
                f.value("vb", v, o);
                f.value("inv_b", reciprocal(v, o), o);
                let fa = f.to_o(&a);
                let body = format!(
                    "const {co} fa = {fa};\n  const {co} mod = fmod_(fa, vb);\n  {co} div = (fa - mod) * inv_b;\n  \
                     if ((mod != 0) && ((vb < 0) != (mod < 0))) div -= ({co})1;\n  {cs} fl;\n  \
                     if (div != 0) {{\n    fl = {};\n    if (div - {} > ({co})0.5) fl = {};\n  }} else {{\n    \
                     fl = {};\n  }}\n  r = fl;",
                    f.to_s("floor_(div)"),
                    f.to_o("fl"),
                    f.to_s(&format!("{} + ({co})1", f.to_o("fl"))),
                    f.to_s(&format!("copysign_(({co})0, fa * inv_b)"))
                );
                body
            }
            Some(RoundingMode::Trunc) => {
                f.value("inv_b", reciprocal(v, o), o);
                format!("r = {};", f.to_s(&format!("trunc_({} * inv_b)", f.to_o(&a))))
            }
            // true division, and floor division by zero (which PyTorch hands to true division)
            _ => {
                f.value("inv_b", reciprocal(v, o), o);
                format!("r = {};", f.to_s(&format!("{} * inv_b", f.to_o(&a))))
            }
        });
    }
    let b = match vb {
        Some(v) => f.value("vb", v, s).to_string(),
        None => "b".to_string(),
    };
    Ok(match (mode, c) {
        (None, Class::Real | Class::Complex) => format!("r = {a} / {b};"),
        (None, _) => format!("r = {};", f.to_s(&format!("{} / {}", f.to_o(&a), f.to_o(&b)))),
        (Some(RoundingMode::Trunc), Class::Integer) => format!("r = idiv<{cs}>({a}, {b});"),
        (Some(RoundingMode::Trunc), Class::Real) => format!("r = trunc_({a} / {b});"),
        (Some(RoundingMode::Trunc), _) => format!(
            "const {cs} q = {};\n  r = {};",
            f.to_s(&format!("{} / {}", f.to_o(&a), f.to_o(&b))),
            f.to_s(&format!("trunc_({})", f.to_o("q")))
        ),
        // c10::div_floor_integer: the truncated quotient, one less where the signs differ and a remainder is left
        (Some(RoundingMode::Floor), Class::Integer) => format!(
            "if (({a} < 0) != ({b} < 0)) {{\n    const {cs} q = idiv<{cs}>({a}, {b});\n    \
             r = imod<{cs}>({a}, {b}) != 0 ? ({cs})(q - 1) : q;\n  }} else {{\n    r = idiv<{cs}>({a}, {b});\n  }}"
        ),
        (Some(RoundingMode::Floor), _) => {
            // c10::div_floor_floating; for float16/bfloat16 `mod` and `div` are float32 and the floor and its
            // correction are rounded to the storage type
            let (fa, fb) = (f.to_o(&a), f.to_o(&b));
            format!(
                "const {co} fa = {fa}, fb = {fb};\n  if (fb == 0) {{\n    r = {};\n  }} else {{\n    \
                 const {co} mod = fmod_(fa, fb);\n    {co} div = (fa - mod) / fb;\n    \
                 if ((mod != 0) && ((fb < 0) != (mod < 0))) div -= ({co})1;\n    {cs} fl;\n    \
                 if (div != 0) {{\n      fl = {};\n      if (div - {} > ({co})0.5) fl = {};\n    }} else {{\n      \
                 fl = {};\n    }}\n    r = fl;\n  }}",
                f.to_s("fa / fb"),
                f.to_s("floor_(div)"),
                f.to_o("fl"),
                f.to_s(&format!("{} + ({co})1", f.to_o("fl"))),
                f.to_s(&format!("copysign_(({co})0, {})", f.to_o(&f.to_s("fa / fb"))))
            )
        }
    })
}

/// The formula of a casting copy into `dtype`: the load converts the input to it.
pub fn copy(dtype: DType) -> Formula {
    Formula { name: "copy".into(), body: "r = a;".into(), values: Vec::new(), result: dtype, condition: false }
}

/// The formula of a fill with `value` converted to `dtype`.
pub fn fill(value: Scalar, dtype: DType) -> Formula {
    let mut f = Builder::new(dtype);
    f.value("v", value, dtype);
    f.finish("fill".into(), "r = v;".into())
}
