//! Elementwise binary operations and `neg` on the meta device, against PyTorch 2.15, which runs them through its
//! Python references (`torch/_refs`, `_prims_common/wrappers.py`, `_meta_registrations.py`) rather than
//! TensorIterator. Each expectation is PyTorch's output for the same call, as its recording script printed it
//! (`<device> <dtype> <shape> <strides>` or `<exception>: <message>`, with `torch.` for the module name): the
//! tables of the specification's section 9 (broadcasting, devices, dtypes, alpha, `out=`, in place, strides) and
//! the reported cases.

use num_complex::Complex;
use oxtorch::op::{BinaryOp, CmpOp, RoundingMode, UnaryOp};
use oxtorch::tensor::ops::{binary_op, binary_out};
use oxtorch::{DType, Device, Operand, Output, Result, Scalar, Tensor};

const F32: DType = DType::Float32;

/// The default dtype is process-wide and one test changes it: the tests of this file run one at a time.
fn serial() -> std::sync::MutexGuard<'static, ()> {
    static LOCK: std::sync::Mutex<()> = std::sync::Mutex::new(());
    LOCK.lock().unwrap_or_else(|e| e.into_inner())
}

/// A meta tensor (contiguous).
fn m(shape: &[usize], dtype: DType) -> Tensor {
    oxtorch::empty(shape, (dtype, Device::meta())).unwrap()
}

/// A float32 meta tensor with the given strides.
fn ms(shape: &[usize], strides: &[usize], dtype: DType) -> Tensor {
    m(&[1000], dtype).as_strided(shape, strides, Some(0)).unwrap()
}

/// A zero-dim meta tensor.
fn m0(dtype: DType) -> Tensor {
    m(&[], dtype)
}

/// A CPU tensor of ones.
fn c(shape: &[usize], dtype: DType) -> Tensor {
    oxtorch::ones(shape, dtype).unwrap()
}

/// A zero-dim CPU tensor (a "CPU scalar").
fn c0(value: impl Into<Scalar>, dtype: DType) -> Tensor {
    oxtorch::scalar_tensor(value.into(), dtype).unwrap()
}

const ADD: BinaryOp = BinaryOp::ADD;
const SUB: BinaryOp = BinaryOp::SUB;
const DIV: BinaryOp = BinaryOp::DIV;
const TRUNC: BinaryOp = BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) };
const FLOOR: BinaryOp = BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) };
const EQ: BinaryOp = BinaryOp::Compare(CmpOp::Eq);

fn add_alpha(alpha: impl Into<Scalar>) -> BinaryOp {
    BinaryOp::Add { alpha: alpha.into() }
}

fn sub_alpha(alpha: impl Into<Scalar>) -> BinaryOp {
    BinaryOp::Sub { alpha: alpha.into() }
}

/// `op(a, b)`.
fn new(op: BinaryOp, a: impl Into<Operand>, b: impl Into<Operand>) -> Result<Tensor> {
    binary_op(op, &a.into(), &b.into(), Output::New)
}

/// `a.op_(b)`, checked to return `a` itself when it succeeds.
fn inplace(op: BinaryOp, a: &Tensor, b: impl Into<Operand>) -> Result<Tensor> {
    let r = binary_op(op, &Operand::from(a), &b.into(), Output::InPlace)?;
    assert!(r.is_same(a), "in place returns self");
    Ok(r)
}

/// `op(a, b, out=out)`, checked to return `out` itself when it succeeds.
fn out(op: BinaryOp, a: impl Into<Operand>, b: impl Into<Operand>, out: &mut Tensor) -> Result<Tensor> {
    let r = binary_out(op, a, b, out)?;
    assert!(r.is_same(out), "out= returns out");
    Ok(r)
}

/// A Python tuple of ints: `(3, 1)`, `(1,)`, `()`.
fn tuple(xs: &[usize]) -> String {
    match xs {
        [one] => format!("({one},)"),
        _ => format!("({})", xs.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", ")),
    }
}

/// The outcome as PyTorch's recording script prints it.
fn show(r: &Result<Tensor>) -> String {
    match r {
        Ok(t) => format!("OK {} {} {:?} {}", t.device(), t.dtype().name(), t.sizes(), tuple(t.strides())),
        Err(e) => format!("ERR {}: {}", e.kind_name(), e.message().replace("oxtorch.", "torch.")),
    }
}

#[track_caller]
fn expect(r: Result<Tensor>, want: &str) {
    assert_eq!(show(&r), want);
}

#[track_caller]
fn expect_geometry(t: &Tensor, want: &str) {
    assert_eq!(show(&Ok(t.clone())), want);
}

#[test]
fn reported_cases() {
    let _serial = serial();
    // a non-dense bool operand converted to float32 first: its transposed layout decides
    let t = m(&[2, 1], DType::Bool).t().unwrap();
    expect(new(BinaryOp::Mul, &t, 2.5), "OK meta float32 [1, 2] (2, 1)");
    expect(
        new(ADD, m(&[2], F32), c(&[2], F32)),
        "ERR RuntimeError: Tensor on device cpu is not on the expected device meta!",
    );
    // mul_ has no device check: the CPU target is returned untouched
    let target = c0(1.0, F32);
    expect(inplace(BinaryOp::Mul, &target, m0(F32)), "OK cpu float32 [] ()");
    expect(
        new(BinaryOp::FloorDivide, c0(1.0, F32), m0(F32)),
        "ERR RuntimeError: Expected divisor (b) to be on the same device (cpu) as dividend (a), but it is found on meta!",
    );
}

#[test]
fn broadcasting_messages() {
    let _serial = serial();
    let msg = |a: &[usize], b: &[usize]| show(&new(ADD, m(a, F32), m(b, F32)));
    assert_eq!(msg(&[2], &[3]), "ERR RuntimeError: Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had torch.Size([3]); but expected shape should be broadcastable to [2]");
    assert_eq!(msg(&[4], &[2, 3]), "ERR RuntimeError: Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had torch.Size([2, 3]); but expected shape should be broadcastable to [1, 4]");
    assert_eq!(msg(&[5, 2, 3], &[4, 3]), "ERR RuntimeError: Attempting to broadcast a dimension of length 4 at -2! Mismatching argument at index 1 had torch.Size([4, 3]); but expected shape should be broadcastable to [5, 2, 3]");
    assert_eq!(msg(&[0], &[3]), "ERR RuntimeError: Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had torch.Size([3]); but expected shape should be broadcastable to [0]");
    // in place: self is argument 0, then the shapes must be self's
    expect(inplace(ADD, &m(&[3], F32), m(&[2], F32)), "ERR RuntimeError: Attempting to broadcast a dimension of length 2 at -1! Mismatching argument at index 1 had torch.Size([2]); but expected shape should be broadcastable to [3]");
    expect(
        inplace(ADD, &m(&[], F32), c(&[2, 3], F32)),
        "ERR RuntimeError: output with shape torch.Size([]) doesn't match the broadcast shape (2, 3)",
    );
    expect(
        inplace(EQ, &m(&[], F32), c(&[3], F32)),
        "ERR RuntimeError: output with shape torch.Size([]) doesn't match the broadcast shape (3,)",
    );
    // broadcasting comes before the operations' own checks
    expect(new(SUB, m(&[2], DType::Bool), m(&[3], DType::Bool)), "ERR RuntimeError: Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had torch.Size([3]); but expected shape should be broadcastable to [2]");
    expect(new(add_alpha(2.5), m(&[2], DType::Int64), m(&[3], DType::Int64)), "ERR RuntimeError: Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had torch.Size([3]); but expected shape should be broadcastable to [2]");
    expect(new(ADD, m(&[2], F32), c(&[3], F32)), "ERR RuntimeError: Attempting to broadcast a dimension of length 3 at -1! Mismatching argument at index 1 had torch.Size([3]); but expected shape should be broadcastable to [2]");
}

#[test]
fn device_mixes() {
    let _serial = serial();
    let cpu = "ERR RuntimeError: Tensor on device cpu is not on the expected device meta!";
    let meta = "ERR RuntimeError: Tensor on device meta is not on the expected device cpu!";
    let m15 = "ERR RuntimeError: Expected divisor (b) to be on the same device (cpu) as dividend (a), but it is found on meta!";
    let ok23 = "OK meta float32 [2, 3] (3, 1)";
    let ok0 = "OK meta float32 [] ()";
    let cases: [(Tensor, Tensor, &str, &str); 9] = [
        (m(&[2, 3], F32), c(&[2, 3], F32), cpu, ok23),
        (c(&[2, 3], F32), m(&[2, 3], F32), meta, m15),
        (m(&[2, 3], F32), c0(1.0, F32), ok23, ok23),
        (c0(1.0, F32), m(&[2, 3], F32), ok23, m15),
        (m0(F32), c(&[2, 3], F32), cpu, ok23),
        (c(&[2, 3], F32), m0(F32), meta, m15),
        (m0(F32), c0(1.0, F32), ok0, ok0),
        (c0(1.0, F32), m0(F32), ok0, m15),
        (m(&[2, 3], F32), c(&[1], F32), cpu, ok23),
    ];
    for (a, b, plain, floor) in cases {
        for op in [ADD, SUB, BinaryOp::Mul, DIV, TRUNC, BinaryOp::Maximum, BinaryOp::Minimum] {
            expect(new(op, &a, &b), plain);
        }
        expect(new(EQ, &a, &b), &plain.replace("float32", "bool"));
        expect(new(FLOOR, &a, &b), floor);
        expect(new(BinaryOp::FloorDivide, &a, &b), floor);
    }
}

#[test]
fn in_place_device_mixes() {
    let _serial = serial();
    // add_, sub_, mul_, div_: no device check
    for op in [ADD, SUB, BinaryOp::Mul, DIV] {
        expect(inplace(op, &m(&[2, 3], F32), c(&[2, 3], F32)), "OK meta float32 [2, 3] (3, 1)");
        expect(inplace(op, &c(&[2, 3], F32), m(&[2, 3], F32)), "OK cpu float32 [2, 3] (3, 1)");
        expect(inplace(op, &c0(1.0, F32), m0(F32)), "OK cpu float32 [] ()");
        expect(inplace(op, &m0(F32), c0(1.0, F32)), "OK meta float32 [] ()");
    }
    // _make_inplace: the functional form's checks, then the copy into self
    for op in [TRUNC, EQ] {
        expect(
            inplace(op, &m(&[2, 3], F32), c(&[2, 3], F32)),
            "ERR RuntimeError: Tensor on device cpu is not on the expected device meta!",
        );
        expect(
            inplace(op, &c(&[2, 3], F32), m(&[2, 3], F32)),
            "ERR RuntimeError: Tensor on device meta is not on the expected device cpu!",
        );
        expect(inplace(op, &m(&[2, 3], F32), c0(1.0, F32)), "OK meta float32 [2, 3] (3, 1)");
        expect(inplace(op, &c0(1.0, F32), m0(F32)), "ERR RuntimeError: Attempting to copy from device meta to device cpu, but cross-device copies are not allowed!");
        expect(inplace(op, &m0(F32), c0(1.0, F32)), "OK meta float32 [] ()");
    }
    for op in [FLOOR, BinaryOp::FloorDivide] {
        expect(inplace(op, &m(&[2, 3], F32), c(&[2, 3], F32)), "OK meta float32 [2, 3] (3, 1)");
        expect(inplace(op, &c(&[2, 3], F32), m(&[2, 3], F32)), "ERR RuntimeError: Expected divisor (b) to be on the same device (cpu) as dividend (a), but it is found on meta!");
        expect(inplace(op, &c0(1.0, F32), m0(F32)), "ERR RuntimeError: Expected divisor (b) to be on the same device (cpu) as dividend (a), but it is found on meta!");
        expect(inplace(op, &m(&[2, 3], F32), 2), "OK meta float32 [2, 3] (3, 1)");
    }
}

#[test]
fn in_place_dtypes() {
    let _serial = serial();
    let int = "ERR RuntimeError: Promotion of int.add/sub_(float) in in-place ops are not possible due to element size change.";
    let boolean = "ERR RuntimeError: Promotion of bool.add/sub_(others) in in-place ops are not possible due to element size change.";
    expect(inplace(ADD, &m(&[2], DType::Int32), 2.5), int);
    expect(inplace(SUB, &m(&[2], DType::Int32), m(&[2], F32)), int);
    expect(inplace(ADD, &m(&[2], DType::Int32), Complex::new(0.0, 1.0)), "OK meta int32 [2] (1,)");
    expect(inplace(ADD, &m(&[2], F32), m(&[2], DType::Complex64)), "OK meta float32 [2] (1,)");
    expect(inplace(ADD, &m(&[2], DType::Bool), 2), boolean);
    expect(inplace(ADD, &m(&[2], DType::Bool), true), "OK meta bool [2] (1,)");
    expect(inplace(SUB, &m(&[2], DType::Bool), m(&[2], DType::Bool)), "OK meta bool [2] (1,)");
    expect(inplace(SUB, &m(&[2], DType::Int32), m(&[2], DType::Bool)), "OK meta int32 [2] (1,)");
    expect(inplace(add_alpha(2.5), &m(&[2], DType::Int64), m(&[2], DType::Int64)), "OK meta int64 [2] (1,)");
    // dtype checks come before the shapes
    expect(inplace(ADD, &m(&[3], DType::Bool), m(&[2, 3], F32)), boolean);
    expect(
        inplace(ADD, &m(&[3], F32), m(&[2, 3], F32)),
        "ERR RuntimeError: output with shape torch.Size([3]) doesn't match the broadcast shape (2, 3)",
    );
    // mul_: none
    expect(inplace(BinaryOp::Mul, &m(&[2], DType::Int32), Complex::new(0.0, 1.0)), "OK meta int32 [2] (1,)");
    expect(inplace(BinaryOp::Mul, &m(&[2], DType::Bool), 2), "OK meta bool [2] (1,)");
    // div_: the true division's dtype, before the shapes
    expect(
        inplace(DIV, &m(&[2], DType::Int64), m(&[2], DType::Int32)),
        "ERR RuntimeError: result type torch.float32 can't be cast to the desired output type torch.int64",
    );
    expect(
        inplace(DIV, &m(&[3], DType::Int32), m(&[2, 3], F32)),
        "ERR RuntimeError: result type torch.float32 can't be cast to the desired output type torch.int32",
    );
    expect(inplace(DIV, &m(&[2], F32), m(&[2], DType::Int32)), "OK meta float32 [2] (1,)");
    // _make_inplace: the shapes first, then the functional form, then the safe cast into self
    expect(
        inplace(EQ, &m(&[3], DType::Int32), m(&[2, 3], F32)),
        "ERR RuntimeError: output with shape torch.Size([3]) doesn't match the broadcast shape (2, 3)",
    );
    expect(
        inplace(FLOOR, &m(&[3], DType::Int32), m(&[2, 3], F32)),
        "ERR RuntimeError: output with shape torch.Size([3]) doesn't match the broadcast shape (2, 3)",
    );
    expect(inplace(TRUNC, &m(&[2], DType::Bool), m(&[2], DType::Int32)), "ERR RuntimeError: Attempting to cast from torch.int32 to out tensor with dtype torch.bool, but this can't be cast because it is not safe!");
    expect(inplace(TRUNC, &m(&[2], DType::Bool), m(&[2], DType::Bool)), "OK meta bool [2] (1,)");
    expect(
        inplace(FLOOR, &m(&[2], F32), m(&[2], DType::Complex64)),
        "ERR RuntimeError: torch.complex64 not supported for floor_divide",
    );
    expect(inplace(BinaryOp::FloorDivide, &m(&[2], DType::Int32), 2.5), "ERR RuntimeError: Attempting to cast from torch.float32 to out tensor with dtype torch.int32, but this can't be cast because it is not safe!");
    expect(inplace(BinaryOp::Compare(CmpOp::Lt), &m(&[2], F32), m(&[2], DType::Complex64)), "OK meta float32 [2] (1,)");
    expect(inplace(EQ, &m(&[2], DType::Int32), m(&[2], DType::Complex64)), "OK meta int32 [2] (1,)");
    // the target keeps its strides
    expect(inplace(ADD, &ms(&[3, 2], &[1, 3], F32), 1), "OK meta float32 [3, 2] (1, 3)");
    expect(inplace(EQ, &ms(&[3, 2], &[1, 3], F32), 1), "OK meta float32 [3, 2] (1, 3)");
}

#[test]
fn alpha() {
    let _serial = serial();
    let (f, i, b) = (|| m(&[2], F32), || m(&[2], DType::Int64), || m(&[2], DType::Bool));
    expect(new(add_alpha(true), f(), f()), "OK meta float32 [2] (1,)");
    expect(new(add_alpha(2.5), b(), b()), "OK meta bool [2] (1,)");
    let float_int =
        "ERR ValueError: alpha argument of type <class 'float'> cannot be safely cast to type <class 'int'>!";
    expect(new(add_alpha(2.5), i(), i()), float_int);
    expect(new(add_alpha(1.0), i(), i()), float_int);
    expect(new(sub_alpha(2.5), i(), i()), float_int);
    expect(
        new(add_alpha(Complex::new(0.0, 1.0)), f(), f()),
        "ERR ValueError: alpha argument of type <class 'complex'> cannot be safely cast to type <class 'float'>!",
    );
    expect(new(sub_alpha(1.0), i(), i()), "OK meta int64 [2] (1,)");
    expect(
        new(sub_alpha(2), b(), true),
        "ERR ValueError: alpha argument of type <class 'int'> cannot be safely cast to type <class 'bool'>!",
    );
    // alpha's check comes before the device check
    expect(new(add_alpha(2.5), i(), c(&[2], DType::Int64)), float_int);
    // bool subtraction: two tensors (a CPU scalar counts), nothing else
    let two_bools = "ERR NotImplementedError: Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or `logical_xor()` operator instead.";
    expect(new(SUB, b(), b()), two_bools);
    expect(new(SUB, b(), c0(true, DType::Bool)), two_bools);
    expect(new(SUB, i(), b()), "OK meta int64 [2] (1,)");
    expect(new(SUB, b(), true), "OK meta bool [2] (1,)");
    // a CPU `b` is multiplied by alpha on the CPU, whose promotion the primitive's dtype check refuses
    expect(
        new(add_alpha(2), b(), c0(true, DType::Bool)),
        "ERR RuntimeError: Tensor with dtype torch.int64 is not the expected dtype of torch.bool!",
    );
    // the product alpha * b is laid out alone
    expect(new(ADD, ms(&[3, 2], &[2, 1], F32), ms(&[3, 2], &[1, 3], F32)), "OK meta float32 [3, 2] (2, 1)");
    expect(new(add_alpha(2), ms(&[3, 2], &[2, 1], F32), ms(&[3, 2], &[1, 3], F32)), "OK meta float32 [3, 2] (2, 1)");
}

#[test]
fn out_forms() {
    let _serial = serial();
    let mut o = m(&[2, 3], F32);
    expect(
        out(ADD, c(&[2, 3], F32), c(&[2, 3], F32), &mut o),
        "ERR RuntimeError: Attempting to copy from device cpu to device meta, but cross-device copies are not allowed!",
    );
    expect(
        out(ADD, m(&[2, 3], F32), m(&[2, 3], F32), &mut c(&[2, 3], F32)),
        "ERR RuntimeError: Attempting to copy from device meta to device cpu, but cross-device copies are not allowed!",
    );
    expect(
        out(ADD, c0(1.0, F32), m(&[2, 3], F32), &mut o),
        "ERR RuntimeError: Attempting to copy from device cpu to device meta, but cross-device copies are not allowed!",
    );
    expect(out(ADD, m(&[2, 3], F32), c0(1.0, F32), &mut o), "OK meta float32 [2, 3] (3, 1)");
    expect(out(ADD, 2, m(&[2, 3], F32), &mut o), "OK meta float32 [2, 3] (3, 1)");
    expect(
        out(ADD, m(&[2, 3], F32), c(&[2, 3], F32), &mut o),
        "ERR RuntimeError: Tensor on device cpu is not on the expected device meta!",
    );
    // the device check of out_wrapper comes before everything
    expect(
        out(ADD, m(&[2], F32), m(&[3], F32), &mut c(&[2], F32)),
        "ERR RuntimeError: Attempting to copy from device meta to device cpu, but cross-device copies are not allowed!",
    );
    // safe casts: to any equal or higher category
    expect(out(ADD, m(&[2, 3], F32), m(&[2, 3], F32), &mut m(&[2, 3], DType::Int64)), "ERR RuntimeError: Attempting to cast from torch.float32 to out tensor with dtype torch.int64, but this can't be cast because it is not safe!");
    expect(
        out(ADD, m(&[2, 3], F32), m(&[2, 3], F32), &mut m(&[2, 3], DType::Float16)),
        "OK meta float16 [2, 3] (3, 1)",
    );
    expect(out(ADD, m(&[2], DType::Bool), m(&[2], DType::Bool), &mut m(&[2], DType::Int8)), "OK meta int8 [2] (1,)");
    expect(out(EQ, m(&[2, 3], F32), m(&[2, 3], F32), &mut m(&[2, 3], F32)), "OK meta float32 [2, 3] (3, 1)");
    expect(out(DIV, m(&[2, 3], DType::Int64), m(&[2, 3], DType::Int64), &mut m(&[2, 3], DType::Int64)), "ERR RuntimeError: Attempting to cast from torch.float32 to out tensor with dtype torch.int64, but this can't be cast because it is not safe!");
    expect(out(BinaryOp::Maximum, m(&[2, 3], DType::Complex64), m(&[2, 3], DType::Complex64), &mut m(&[2, 3], F32)), "ERR RuntimeError: Attempting to cast from torch.complex64 to out tensor with dtype torch.float32, but this can't be cast because it is not safe!");
    // a resized out is contiguous; one of the right shape keeps its strides
    expect(out(ADD, m(&[2, 3], F32), m(&[2, 3], F32), &mut m(&[0], F32)), "OK meta float32 [2, 3] (3, 1)");
    let t = m(&[2, 3], F32).t().unwrap();
    expect(out(ADD, &t, &t, &mut m(&[0], F32)), "OK meta float32 [3, 2] (2, 1)");
    let cl = ms(&[2, 3, 4, 5], &[60, 1, 15, 3], F32);
    expect(out(ADD, &cl, &cl, &mut m(&[0], F32)), "OK meta float32 [2, 3, 4, 5] (60, 20, 5, 1)");
    expect(
        out(ADD, &cl, &cl, &mut ms(&[2, 3, 4, 5], &[60, 1, 15, 3], F32)),
        "OK meta float32 [2, 3, 4, 5] (60, 1, 15, 3)",
    );
    expect(
        out(ADD, m(&[2, 3], F32), m(&[2, 3], F32), &mut m(&[3, 2], F32).t().unwrap()),
        "OK meta float32 [2, 3] (1, 2)",
    );
    // the resize stays when the cast is then refused
    let mut o = m(&[5], DType::Int64);
    expect(out(ADD, m(&[2, 3], F32), m(&[2, 3], F32), &mut o), "ERR RuntimeError: Attempting to cast from torch.float32 to out tensor with dtype torch.int64, but this can't be cast because it is not safe!");
    expect_geometry(&o, "OK meta int64 [2, 3] (3, 1)");
    // a CPU scalar result goes into a meta out (resized to it)
    expect(out(ADD, 2, c0(1.0, F32), &mut m0(F32)), "OK meta float32 [] ()");
    expect(out(ADD, 2, c0(1.0, F32), &mut m(&[2, 3], F32)), "OK meta float32 [] ()");
    expect(
        out(ADD, c0(1.0, F32), 2, &mut m0(F32)),
        "ERR RuntimeError: Attempting to copy from device cpu to device meta, but cross-device copies are not allowed!",
    );
    // ... computed on the CPU first, with its errors
    expect(
        out(BinaryOp::FloorDivide, 2, c0(0, DType::Int64), &mut m0(DType::Int64)),
        "ERR RuntimeError: ZeroDivisionError",
    );
    expect(out(TRUNC, 2, c0(0, DType::Int64), &mut m0(DType::Int64)), "ERR RuntimeError: ZeroDivisionError");
    expect(out(TRUNC, 2, c0(0.0, F32), &mut m0(F32)), "OK meta float32 [] ()");
    // a result on the CPU is refused after the resize
    let mut o = m(&[5], F32);
    expect(
        out(BinaryOp::FloorDivide, 2, c(&[3], F32), &mut o),
        "ERR RuntimeError: Attempting to copy from device cpu to device meta, but cross-device copies are not allowed!",
    );
    expect_geometry(&o, "OK meta float32 [3] (1,)");
}

#[test]
fn dtypes() {
    let _serial = serial();
    let add = |a: Tensor, b: Operand| show(&new(ADD, a, b));
    assert_eq!(add(m(&[2], DType::BFloat16), m(&[2], DType::Float16).into()), "OK meta float32 [2] (1,)");
    assert_eq!(add(m(&[2], DType::UInt8), m(&[2], DType::Int8).into()), "OK meta int16 [2] (1,)");
    assert_eq!(add(m(&[2], DType::Int32), c0(1.0, DType::Float64).into()), "OK meta float64 [2] (1,)");
    assert_eq!(add(m(&[2], DType::Float16), c0(1.0, DType::Float64).into()), "OK meta float16 [2] (1,)");
    assert_eq!(add(m0(DType::Float64), m(&[2], DType::Int32).into()), "OK meta float64 [2] (1,)");
    assert_eq!(add(m(&[2], DType::Int32), 2.5.into()), "OK meta float32 [2] (1,)");
    assert_eq!(add(m(&[2], DType::Int32), Scalar::Int(1 << 40).into()), "OK meta int32 [2] (1,)");
    assert_eq!(add(m(&[2], DType::Bool), 2.into()), "OK meta int64 [2] (1,)");
    expect(new(DIV, m(&[2], DType::Int32), m(&[2], DType::Int32)), "OK meta float32 [2] (1,)");
    // rejections of the CPU path that the references do not make
    expect(new(BinaryOp::Maximum, m(&[2], DType::Complex64), m(&[2], DType::Complex64)), "OK meta complex64 [2] (1,)");
    expect(new(BinaryOp::Compare(CmpOp::Lt), m(&[2], F32), Complex::new(0.0, 1.0)), "OK meta bool [2] (1,)");
    expect(new(TRUNC, m(&[2], DType::Bool), m(&[2], DType::Bool)), "OK meta bool [2] (1,)");
    expect(new(BinaryOp::FloorDivide, m(&[2], DType::Int64), 0), "OK meta int64 [2] (1,)");
    // floor_divide's own dtype check, on the computation dtype
    expect(
        new(FLOOR, m(&[2], DType::Bool), m(&[2], DType::Bool)),
        "ERR RuntimeError: torch.bool not supported for floor_divide",
    );
    expect(
        new(FLOOR, m(&[2], F32), Complex::new(0.0, 1.0)),
        "ERR RuntimeError: torch.complex64 not supported for floor_divide",
    );
    expect(new(BinaryOp::FloorDivide, c(&[2], DType::Complex64), m(&[2], F32)), "ERR RuntimeError: Expected divisor (b) to be on the same device (cpu) as dividend (a), but it is found on meta!");
}

#[test]
fn default_dtype_decides_true_division() {
    let _serial = serial();
    oxtorch::set_default_dtype(DType::Float64).unwrap();
    let r = show(&new(DIV, m(&[2], DType::Int32), m(&[2], DType::Int32)));
    let s = show(&new(ADD, m(&[2], DType::Int64), 2.5));
    oxtorch::set_default_dtype(F32).unwrap();
    assert_eq!(r, "OK meta float64 [2] (1,)");
    assert_eq!(s, "OK meta float64 [2] (1,)");
}

#[test]
fn strides() {
    let _serial = serial();
    // (a, b, add, div(.., 'floor'), div(.., 'trunc')), from PyTorch on meta
    type Geometry = (&'static [usize], &'static [usize]);
    let cases: &[(Geometry, Geometry, &str, &str, &str)] = &[
        ((&[3, 2], &[1, 3]), (&[3, 2], &[2, 1]), "(1, 3)", "(2, 1)", "(1, 3)"),
        ((&[3, 2], &[2, 1]), (&[3, 2], &[1, 3]), "(2, 1)", "(1, 3)", "(2, 1)"),
        ((&[3, 2], &[1, 3]), (&[2], &[1]), "(1, 3)", "(2, 1)", "(1, 3)"),
        (
            (&[2, 3, 4, 5], &[60, 1, 15, 3]),
            (&[2, 3, 4, 5], &[60, 20, 5, 1]),
            "(60, 1, 15, 3)",
            "(60, 20, 5, 1)",
            "(60, 1, 15, 3)",
        ),
        ((&[2, 3, 4, 5], &[60, 1, 15, 3]), (&[5], &[1]), "(60, 1, 15, 3)", "(60, 20, 5, 1)", "(60, 1, 15, 3)"),
        ((&[2, 1, 3], &[3, 100, 1]), (&[2, 1, 3], &[3, 3, 1]), "(3, 3, 1)", "(3, 3, 1)", "(3, 3, 1)"),
        ((&[2, 3], &[0, 1]), (&[2, 3], &[1, 2]), "(1, 2)", "(1, 2)", "(1, 2)"),
        ((&[3, 0], &[1, 3]), (&[3, 0], &[1, 3]), "(1, 1)", "(1, 1)", "(1, 1)"),
        ((&[2, 2], &[1, 1]), (&[2, 2], &[1, 1]), "(2, 1)", "(2, 1)", "(2, 1)"),
        ((&[2], &[1]), (&[1, 2], &[1, 1]), "(2, 1)", "(2, 1)", "(2, 1)"),
        // size-1 tie-breaks of the intermediate primitives of the rounded divisions
        ((&[1, 2, 1, 2], &[2, 1, 1, 2]), (&[1, 1], &[2, 1]), "(2, 1, 1, 2)", "(4, 2, 4, 1)", "(4, 1, 4, 2)"),
        ((&[4, 3, 1, 2], &[12, 2, 1, 6]), (&[2], &[1]), "(6, 1, 1, 3)", "(6, 2, 6, 1)", "(6, 1, 6, 3)"),
        ((&[4, 4, 1, 1], &[1, 8, 8, 4]), (&[4, 3, 1], &[1, 4, 4]), "(1, 12, 4, 4)", "(12, 1, 4, 12)", "(1, 12, 4, 4)"),
        // a new leading dimension of size 1 takes the size times the stride after it (C++ `expand`)
        ((&[3, 1], &[1, 7]), (&[1, 1, 1, 3], &[1, 1, 3, 1]), "(9, 9, 3, 1)", "(3, 1, 1, 3)", "(9, 9, 3, 1)"),
    ];
    for &((sa, ta), (sb, tb), add, floor, trunc) in cases {
        let (a, b) = (ms(sa, ta, F32), ms(sb, tb, F32));
        for (op, want) in [(ADD, add), (FLOOR, floor), (TRUNC, trunc)] {
            let r = new(op, &a, &b).unwrap();
            assert_eq!(tuple(r.strides()), want, "{op:?} of {sa:?}{ta:?} and {sb:?}{tb:?}");
        }
    }
    // a meta zero-dim divisor breaks the contiguous short-circuit (it is broadcast with stride 0); a number or a
    // CPU scalar takes no part; trunc lays out again from the quotient
    let x = ms(&[2, 1], &[1, 2], F32);
    expect(new(DIV, &x, m0(F32)), "OK meta float32 [2, 1] (1, 2)");
    expect(new(DIV, &x, 2), "OK meta float32 [2, 1] (1, 1)");
    expect(new(DIV, &x, c0(1.0, F32)), "OK meta float32 [2, 1] (1, 1)");
    expect(new(TRUNC, &x, m0(F32)), "OK meta float32 [2, 1] (1, 1)");
    // an operand converted to the computation dtype is made dense first
    expect(new(ADD, ms(&[2, 3], &[0, 1], DType::Int32), ms(&[2, 3], &[1, 2], F32)), "OK meta float32 [2, 3] (3, 1)");
    expect(new(ADD, ms(&[2, 3], &[0, 1], F32), ms(&[2, 3], &[1, 2], F32)), "OK meta float32 [2, 3] (1, 2)");
    expect(
        new(FLOOR, ms(&[3, 2], &[1, 3], DType::Int64), ms(&[3, 2], &[2, 1], DType::Int64)),
        "OK meta int64 [3, 2] (1, 3)",
    );
    expect(new(FLOOR, ms(&[3, 2], &[1, 3], DType::UInt8), 2), "OK meta uint8 [3, 2] (1, 3)");
    expect(new(FLOOR, ms(&[3, 2], &[1, 3], F32), 2), "OK meta float32 [3, 2] (1, 3)");
    expect(new(FLOOR, 2, ms(&[3, 2], &[1, 3], F32)), "OK meta float32 [3, 2] (1, 3)");
    let cl = ms(&[2, 3, 4, 5], &[60, 1, 15, 3], DType::Float16);
    expect(new(ADD, &cl, &cl), "OK meta float16 [2, 3, 4, 5] (60, 1, 15, 3)");
}

#[test]
fn neg() {
    let _serial = serial();
    expect(m(&[2], DType::UInt8).unary(UnaryOp::Neg), "OK meta uint8 [2] (1,)");
    expect(ms(&[3, 2], &[1, 3], DType::Float16).unary(UnaryOp::Neg), "OK meta float16 [3, 2] (1, 3)");
    let bool_msg = "ERR NotImplementedError: Negation, the `-` operator, on a bool tensor is not supported. If you are trying to invert a mask, use the `~` or `logical_not()` operator instead.";
    expect(m(&[2], DType::Bool).unary(UnaryOp::Neg), bool_msg);
    expect(m(&[2], DType::Bool).unary_(UnaryOp::Neg), bool_msg);
    let t = m(&[2, 3], F32).t().unwrap();
    let r = t.unary_(UnaryOp::Neg).unwrap();
    assert!(r.is_same(&t));
    expect_geometry(&r, "OK meta float32 [3, 2] (1, 3)");
    // out=: the device check first, then the bool check
    expect(
        m(&[2], DType::Bool).unary_out(UnaryOp::Neg, &mut c(&[2], F32)),
        "ERR RuntimeError: Attempting to copy from device meta to device cpu, but cross-device copies are not allowed!",
    );
    expect(m(&[2], DType::Bool).unary_out(UnaryOp::Neg, &mut m(&[2], F32)), bool_msg);
    expect(
        c(&[2], F32).unary_out(UnaryOp::Neg, &mut m(&[2], F32)),
        "ERR RuntimeError: Attempting to copy from device cpu to device meta, but cross-device copies are not allowed!",
    );
    let mut o = m(&[0], F32);
    expect(ms(&[3, 2], &[1, 3], F32).unary_out(UnaryOp::Neg, &mut o), "OK meta float32 [3, 2] (2, 1)");
    expect(m(&[2], F32).unary_out(UnaryOp::Neg, &mut m(&[2], DType::Int64)), "ERR RuntimeError: Attempting to cast from torch.float32 to out tensor with dtype torch.int64, but this can't be cast because it is not safe!");
}
