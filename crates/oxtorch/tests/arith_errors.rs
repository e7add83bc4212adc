//! Arithmetic error paths with PyTorch's exact exception classes and messages (never a panic), devices, out=,
//! alpha, rounding modes, the Rust operators and compound assignment, and numeric spot checks computed by hand.

use half::{bf16, f16};
use num_complex::Complex;
use oxtorch::tensor::ops::{binary_out, BinaryOp, RoundingMode};
use oxtorch::{arange, empty, full, scalar_tensor, tensor, zeros, DType, Device, MemoryFormat, Scalar, Tensor};
use oxtorch::{Result, TensorOptions};
use std::fmt::Debug;

fn expect_err<T: Debug>(r: Result<T>, kind: &str, message: &str) {
    match r {
        Ok(v) => panic!("expected {kind}: {message}, got Ok({v:?})"),
        Err(e) => {
            assert_eq!(e.kind_name(), kind, "message: {}", e.message());
            assert_eq!(e.message(), message);
        }
    }
}

fn expect_kind<T: Debug>(r: Result<T>, kind: &str) -> String {
    match r {
        Ok(v) => panic!("expected {kind}, got Ok({v:?})"),
        Err(e) => {
            assert_eq!(e.kind_name(), kind, "message: {}", e.message());
            e.message().to_string()
        }
    }
}

fn longs(t: &Tensor) -> Vec<i64> {
    t.to_vec::<i64>().unwrap()
}

fn floats(t: &Tensor) -> Vec<f32> {
    t.to_vec::<f32>().unwrap()
}

fn i64s(values: &[i64]) -> Tensor {
    tensor(values, ()).unwrap()
}

fn f32s(values: &[f32]) -> Tensor {
    tensor(values, ()).unwrap()
}

const INTERNAL_OVERLAP: &str = "unsupported operation: more than one element of the written-to tensor refers to a \
                                single memory location. Please clone() the tensor before performing the operation.";
const PARTIAL_OVERLAP: &str = "unsupported operation: some elements of the input tensor and the written-to tensor \
                               refer to a single memory location. Please clone() the tensor before performing the \
                               operation.";

// ---------------------------------------------------------------------------------------------------------------
// Shapes and overlap
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn shape_mismatch() {
    let (a, b) = (arange(3, ()).unwrap(), arange(4, ()).unwrap());
    let msg = "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 0";
    expect_err(a.add(&b), "RuntimeError", msg);
    expect_err(a.sub(&b), "RuntimeError", msg);
    expect_err(a.mul(&b), "RuntimeError", msg);
    expect_err(a.div(&b), "RuntimeError", msg);
    expect_err(a.add_(&b), "RuntimeError", msg);
    expect_err(&a + &b, "RuntimeError", msg);
    let c = zeros(&[2, 3], ()).unwrap();
    let d = zeros(&[2, 4], ()).unwrap();
    expect_err(
        c.mul(&d),
        "RuntimeError",
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    );
    expect_err(
        zeros(&[5, 1, 3], ()).unwrap().add(zeros(&[4, 2], ()).unwrap()),
        "RuntimeError",
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 2",
    );
}

/// PyTorch's `infer_size` walks the dimensions from the last one (`for i = ndim - 1 .. 0`), so with several
/// mismatching dimensions it names the last: `torch.zeros(2, 3) * torch.zeros(3, 2)` raises "The size of tensor a
/// (3) must match the size of tensor b (2) at non-singleton dimension 1".
#[test]
fn regression_broadcast_error_names_the_last_mismatching_dimension() {
    let c = zeros(&[2, 3], ()).unwrap();
    let d = zeros(&[3, 2], ()).unwrap();
    expect_err(
        c.mul(&d),
        "RuntimeError",
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 1",
    );
}

#[test]
fn in_place_cannot_broadcast_self() {
    let a = zeros(&[3], ()).unwrap();
    let b = zeros(&[2, 3], ()).unwrap();
    let msg = "output with shape [3] doesn't match the broadcast shape [2, 3]";
    expect_err(a.add_(&b), "RuntimeError", msg);
    expect_err(a.mul_(&b), "RuntimeError", msg);
    expect_err(a.div_(&b), "RuntimeError", msg);
    // a zero-dim self cannot take a dimensioned other
    let s = scalar_tensor(1.0, ()).unwrap();
    expect_err(s.add_(&a), "RuntimeError", "output with shape [] doesn't match the broadcast shape [3]");
}

#[test]
fn in_place_into_expanded_tensor() {
    let a = zeros(&[1, 3], ()).unwrap().expand(&[2, 3]).unwrap();
    let b = zeros(&[2, 3], ()).unwrap();
    expect_err(a.add_(&b), "RuntimeError", INTERNAL_OVERLAP);
    expect_err(a.sub_(1), "RuntimeError", INTERNAL_OVERLAP);
    // out= into an expanded tensor too
    let mut out = zeros(&[1, 3], ()).unwrap().expand(&[2, 3]).unwrap();
    expect_err(binary_out(BinaryOp::ADD, &b, &b, &mut out), "RuntimeError", INTERNAL_OVERLAP);
}

#[test]
fn partial_overlap_of_output_and_input() {
    let a = arange(4, ()).unwrap();
    expect_err(a.narrow(0, 0, 3).unwrap().add_(a.narrow(0, 1, 3).unwrap()), "RuntimeError", PARTIAL_OVERLAP);
    expect_err(a.narrow(0, 1, 3).unwrap().mul_(a.narrow(0, 0, 3).unwrap()), "RuntimeError", PARTIAL_OVERLAP);
    // nothing was written
    assert_eq!(longs(&a), [0, 1, 2, 3]);
    // out= that partially overlaps an input
    let mut out = a.narrow(0, 1, 3).unwrap();
    let lhs = a.narrow(0, 0, 3).unwrap();
    expect_err(binary_out(BinaryOp::ADD, &lhs, 1, &mut out), "RuntimeError", PARTIAL_OVERLAP);
    // disjoint halves are fine
    a.narrow(0, 0, 2).unwrap().add_(a.narrow(0, 2, 2).unwrap()).unwrap();
    assert_eq!(longs(&a), [2, 4, 2, 3]);
}

#[test]
fn full_overlap_is_fine() {
    let a = arange(4, ()).unwrap();
    let r = a.add_(&a).unwrap();
    assert!(r.is_same(&a));
    assert_eq!(longs(&a), [0, 2, 4, 6]);
    a.mul_(&a).unwrap();
    assert_eq!(longs(&a), [0, 4, 16, 36]);
    // out= that is exactly an input
    let mut out = a.clone();
    binary_out(BinaryOp::SUB, &a, 1, &mut out).unwrap();
    assert_eq!(longs(&a), [-1, 3, 15, 35]);
    // the same memory through another view object
    let view = a.narrow(0, 0, 4).unwrap();
    a.add_(&view).unwrap();
    assert_eq!(longs(&a), [-2, 6, 30, 70]);
}

// ---------------------------------------------------------------------------------------------------------------
// Devices
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn meta_and_cpu_dimensioned_tensors_do_not_mix() {
    // PyTorch's references on meta: the first tensor that is not a CPU scalar sets the expected device
    let m = zeros(&[3], Device::meta()).unwrap();
    let c = zeros(&[3], ()).unwrap();
    expect_err(m.add(&c), "RuntimeError", "Tensor on device cpu is not on the expected device meta!");
    expect_err(c.add(&m), "RuntimeError", "Tensor on device meta is not on the expected device cpu!");
    expect_err(&c * &m, "RuntimeError", "Tensor on device meta is not on the expected device cpu!");
    // `add_`'s meta function checks no device: both return their target
    assert!(c.add_(&m).unwrap().is_same(&c));
    assert!(m.add_(&c).unwrap().is_same(&m));
}

#[test]
fn zero_dim_cpu_tensor_joins_a_meta_tensor() {
    let m = zeros(&[2, 3], (DType::Int32, Device::meta())).unwrap();
    let s = scalar_tensor(2.5, ()).unwrap();
    for r in [m.add(&s).unwrap(), s.mul(&m).unwrap(), m.div(&s).unwrap()] {
        assert!(r.is_meta());
        // an int32 dimensioned tensor with a float32 zero-dim tensor: float32
        assert_eq!(r.dtype(), DType::Float32);
        assert_eq!(r.sizes(), [2, 3]);
        assert_eq!(r.strides(), [3, 1]);
    }
    // in place into meta, and numbers with meta tensors
    let r = m.add_(scalar_tensor(1, ()).unwrap()).unwrap();
    assert!(r.is_same(&m));
    let r = (&m * 2).unwrap();
    assert!(r.is_meta());
    assert_eq!(r.dtype(), DType::Int32);
    // a zero-dim meta tensor with a dimensioned cpu tensor is still an error (only cpu zero-dim tensors move)
    let zm = scalar_tensor(1.0, Device::meta()).unwrap();
    let c = zeros(&[3], ()).unwrap();
    expect_err(c.add(&zm), "RuntimeError", "Tensor on device meta is not on the expected device cpu!");
}

#[test]
fn meta_with_meta_gives_strides_without_data() {
    let opts = TensorOptions::new().device(Device::meta()).memory_format(MemoryFormat::ChannelsLast);
    let a = empty(&[2, 3, 4, 5], opts.dtype(DType::Float16)).unwrap();
    let b = empty(&[2, 3, 4, 5], opts.dtype(DType::Float32)).unwrap();
    let r = a.add(&b).unwrap();
    assert!(r.is_meta());
    assert_eq!(r.dtype(), DType::Float32);
    assert_eq!(r.sizes(), [2, 3, 4, 5]);
    assert_eq!(r.strides(), [60, 1, 15, 3]);
    expect_err(r.to_vec::<f32>(), "NotImplementedError", "Cannot copy out of meta tensor; no data!");
    // a permuted meta tensor decides the order
    let p = empty(&[3, 4], Device::meta()).unwrap().t().unwrap();
    let r = p.mul(empty(&[4, 3], Device::meta()).unwrap()).unwrap();
    assert_eq!(r.strides(), [1, 4]);
    // broadcasting on meta
    let r = empty(&[4, 1], Device::meta()).unwrap().sub(empty(&[3], Device::meta()).unwrap()).unwrap();
    assert_eq!(r.sizes(), [4, 3]);
    assert_eq!(r.strides(), [3, 1]);
    // and the rounded integer division on meta cannot check for zeros: no error
    let i = zeros(&[3], (DType::Int64, Device::meta())).unwrap();
    let r = i.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, &i).unwrap();
    assert_eq!(r.dtype(), DType::Int64);
}

#[test]
fn cuda_without_a_gpu() {
    if oxtorch::cuda::is_available() {
        return; // the CUDA suite (tests/cuda.rs) covers machines with a GPU
    }
    let cuda = Device::cuda(0).unwrap();
    let msg = expect_kind(zeros(&[2], cuda), "RuntimeError");
    assert_eq!(msg, oxtorch::cuda::NO_DRIVER_MSG);
    let msg = expect_kind(arange(3, ()).unwrap().to_device(cuda), "RuntimeError");
    assert_eq!(msg, oxtorch::cuda::NO_DRIVER_MSG);
}

// ---------------------------------------------------------------------------------------------------------------
// Division
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn integer_division_by_zero() {
    let a = i64s(&[1, -1, 0]);
    let z = i64s(&[0, 0, 0]);
    for mode in [RoundingMode::Trunc, RoundingMode::Floor] {
        let op = BinaryOp::Div { rounding_mode: Some(mode) };
        expect_err(a.binary(op, &z), "RuntimeError", "ZeroDivisionError");
        expect_err(a.binary(op, 0), "RuntimeError", "ZeroDivisionError");
        expect_err(a.binary(op, false), "RuntimeError", "ZeroDivisionError");
        expect_err(a.binary(op, i64s(&[1, 0, 1])), "RuntimeError", "ZeroDivisionError");
        expect_err(a.binary_(op, &z), "RuntimeError", "ZeroDivisionError");
        // nothing was written
        assert_eq!(longs(&a), [1, -1, 0]);
        // uint8 too
        let u = tensor([7u8, 8], DType::UInt8).unwrap();
        expect_err(u.binary(op, tensor([1u8, 0], DType::UInt8).unwrap()), "RuntimeError", "ZeroDivisionError");
        // floats divide by zero by IEEE rules
        let f = f32s(&[1.0, -1.0, 0.0]).binary(op, 0.0).unwrap();
        let v = floats(&f);
        assert_eq!(v[0], f32::INFINITY);
        assert_eq!(v[1], f32::NEG_INFINITY);
        assert!(v[2].is_nan());
    }
    // true division promotes to float32: inf, -inf, nan
    let r = a.div(&z).unwrap();
    assert_eq!(r.dtype(), DType::Float32);
    let v = floats(&r);
    assert_eq!(v[0], f32::INFINITY);
    assert_eq!(v[1], f32::NEG_INFINITY);
    assert!(v[2].is_nan());
    let v = floats(&a.div(0).unwrap());
    assert_eq!(v[0], f32::INFINITY);
}

#[test]
fn int64_min_divided_by_minus_one_wraps() {
    let a = i64s(&[i64::MIN, i64::MIN, 7]);
    let b = i64s(&[-1, 1, -1]);
    for mode in [RoundingMode::Trunc, RoundingMode::Floor] {
        let op = BinaryOp::Div { rounding_mode: Some(mode) };
        assert_eq!(longs(&a.binary(op, &b).unwrap()), [i64::MIN, i64::MIN, -7]);
        assert_eq!(longs(&a.binary(op, -1).unwrap()), [i64::MIN, i64::MIN, -7]);
        assert_eq!(longs(&a.binary(op, 1).unwrap()), [i64::MIN, i64::MIN, 7]);
        let i8s = tensor([-128i8, 5], DType::Int8).unwrap();
        assert_eq!(
            i8s.binary(op, tensor([-1i8, -1], DType::Int8).unwrap()).unwrap().to_vec::<i8>().unwrap(),
            [-128, -5]
        );
    }
    // multiplication and negation-by-subtraction wrap too
    assert_eq!(longs(&a.mul(-1).unwrap()), [i64::MIN, i64::MIN, -7]);
    assert_eq!(
        longs(&oxtorch::functions::sub(0, &a).and_then(oxtorch::AnyTensor::into_strided).unwrap()),
        [i64::MIN, i64::MIN, -7]
    );
}

#[test]
fn rounded_division_of_negative_integers() {
    let a = i64s(&[-7, 7, -7, 7, -8]);
    let b = i64s(&[2, -2, -2, 2, 2]);
    let floor = a.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, &b).unwrap();
    let trunc = a.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }, &b).unwrap();
    assert_eq!(floor.dtype(), DType::Int64);
    assert_eq!(longs(&floor), [-4, -4, 3, 3, -4]);
    assert_eq!(longs(&trunc), [-3, -3, 3, 3, -4]);
    // floats: -7.0 // 2 == -4.0, trunc -3.0; -0.0 for a negative zero quotient
    let f = f32s(&[-7.0, -0.5, 0.5]);
    let floor = f.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, 2).unwrap();
    let trunc = f.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }, 2).unwrap();
    assert_eq!(floats(&floor), [-4.0, -1.0, 0.0]);
    let t = floats(&trunc);
    assert_eq!(t, [-3.0, -0.0, 0.0]);
    assert!(t[1].is_sign_negative());
    // in place with a rounding mode keeps an integer self
    let a = i64s(&[-7]);
    a.binary_(BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, 2).unwrap();
    assert_eq!(longs(&a), [-4]);
}

#[test]
fn rounded_division_of_bool_and_complex_is_not_implemented() {
    let b = tensor([true, false], ()).unwrap();
    let c = tensor([Complex::new(1.0, 1.0)], ()).unwrap();
    for mode in [RoundingMode::Trunc, RoundingMode::Floor] {
        let op = BinaryOp::Div { rounding_mode: Some(mode) };
        expect_kind(b.binary(op, &b), "NotImplementedError");
        expect_kind(c.binary(op, &c), "NotImplementedError");
        expect_kind(c.binary(op, 2), "NotImplementedError");
    }
    // bool with an integer rounds in int64
    let r = b.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }, 1).unwrap();
    assert_eq!(r.dtype(), DType::Int64);
    assert_eq!(longs(&r), [1, 0]);
}

#[test]
fn rounding_mode_parse() {
    assert_eq!(RoundingMode::parse("trunc").unwrap(), RoundingMode::Trunc);
    assert_eq!(RoundingMode::parse("floor").unwrap(), RoundingMode::Floor);
    expect_err(
        RoundingMode::parse("round"),
        "RuntimeError",
        "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'round'",
    );
    expect_err(
        RoundingMode::parse("Floor"),
        "RuntimeError",
        "div expected rounding_mode to be one of None, 'trunc', or 'floor' but found 'Floor'",
    );
}

// ---------------------------------------------------------------------------------------------------------------
// Bool subtraction and alpha
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn bool_subtraction() {
    let both = "Subtraction, the `-` operator, with two bool tensors is not supported. Use the `^` or \
                `logical_xor()` operator instead.";
    let one = "Subtraction, the `-` operator, with a bool tensor is not supported. If you are trying to invert a \
               mask, use the `~` or `logical_not()` operator instead.";
    let b = tensor([true, false], ()).unwrap();
    let i = i64s(&[1, 2]);
    expect_err(b.sub(&b), "NotImplementedError", both);
    expect_err(&b - &b, "NotImplementedError", both);
    expect_err(b.sub(true), "NotImplementedError", both);
    expect_err(
        oxtorch::functions::sub(true, &b).and_then(oxtorch::AnyTensor::into_strided),
        "NotImplementedError",
        both,
    );
    expect_err(b.sub_(&b), "NotImplementedError", both);
    expect_err(b.sub(&i), "NotImplementedError", one);
    expect_err(i.sub(&b), "NotImplementedError", one);
    expect_err(i.sub(true), "NotImplementedError", one);
    expect_err(
        oxtorch::functions::sub(false, &i).and_then(oxtorch::AnyTensor::into_strided),
        "NotImplementedError",
        one,
    );
    expect_err(b.sub(1), "NotImplementedError", one);
    expect_err(i.sub_(&b), "NotImplementedError", one);
    // adding bools is logical or
    assert_eq!(b.add(&b).unwrap().to_vec::<bool>().unwrap(), [true, false]);
    assert_eq!(b.mul(false).unwrap().to_vec::<bool>().unwrap(), [false, false]);
}

#[test]
fn alpha_rules() {
    let i = i64s(&[1, 2]);
    let f = f32s(&[1.0, 2.0]);
    let b = tensor([true, false], ()).unwrap();
    let add = |alpha: Scalar| BinaryOp::Add { alpha };
    let sub = |alpha: Scalar| BinaryOp::Sub { alpha };
    let bool_msg = "Boolean alpha only supported for Boolean results.";
    let int_msg = "For integral input tensors, argument alpha must not be a floating point number.";
    let complex_msg = "For non-complex input tensors, argument alpha must not be a complex number.";
    expect_err(i.binary(add(Scalar::Bool(true)), &i), "RuntimeError", bool_msg);
    expect_err(f.binary(sub(Scalar::Bool(true)), &f), "RuntimeError", bool_msg);
    expect_err(i.binary(add(Scalar::Float(2.5)), &i), "RuntimeError", int_msg);
    expect_err(i.binary(sub(Scalar::Float(1.0)), &i), "RuntimeError", int_msg);
    expect_err(b.binary(add(Scalar::Float(1.0)), &b), "RuntimeError", int_msg);
    expect_err(i.binary(add(Scalar::Complex(Complex::new(1.0, 1.0))), &i), "RuntimeError", int_msg);
    expect_err(f.binary(add(Scalar::Complex(Complex::new(1.0, 1.0))), &f), "RuntimeError", complex_msg);
    expect_err(i.binary_(add(Scalar::Float(2.0)), &i), "RuntimeError", int_msg);
    // the result dtype decides: an int tensor with a float operand accepts a float alpha
    let r = i.binary(add(Scalar::Float(0.5)), &f).unwrap();
    assert_eq!(floats(&r), [1.5, 3.0]);
    // allowed alphas compute a + alpha * b
    assert_eq!(longs(&i.binary(add(Scalar::Int(3)), &i).unwrap()), [4, 8]);
    assert_eq!(longs(&i.binary(sub(Scalar::Int(2)), &i).unwrap()), [-1, -2]);
    assert_eq!(floats(&f.binary(sub(Scalar::Float(0.5)), &f).unwrap()), [0.5, 1.0]);
    assert_eq!(b.binary(add(Scalar::Bool(true)), &b).unwrap().to_vec::<bool>().unwrap(), [true, false]);
    let c = tensor([Complex::new(1.0f32, 0.0)], DType::Complex64).unwrap();
    let r = c.binary(add(Scalar::Complex(Complex::new(0.0, 1.0))), &c).unwrap();
    assert_eq!(r.to_vec::<Complex<f32>>().unwrap(), [Complex::new(1.0, 1.0)]);
}

// ---------------------------------------------------------------------------------------------------------------
// out= and in-place casts
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn out_tensors() {
    let a = zeros(&[2, 1], DType::Int32).unwrap();
    let b = f32s(&[1.5, 2.5, 3.5]);
    // an empty out is resized to the broadcast shape and keeps its dtype
    let mut out = empty(&[0], DType::Float64).unwrap();
    let r = binary_out(BinaryOp::ADD, &a, &b, &mut out).unwrap();
    assert!(r.is_same(&out));
    assert_eq!(out.sizes(), [2, 3]);
    assert_eq!(out.strides(), [3, 1]);
    assert_eq!(out.dtype(), DType::Float64);
    assert_eq!(out.to_vec::<f64>().unwrap(), [1.5, 2.5, 3.5, 1.5, 2.5, 3.5]);
    // a non-empty out of the wrong shape is resized (as PyTorch does, with a deprecation warning there), after
    // the cast check
    let mut wrong = zeros(&[4], ()).unwrap();
    let r = binary_out(BinaryOp::Mul, &a, &b, &mut wrong).unwrap();
    assert!(r.is_same(&wrong) && wrong.sizes() == [2, 3] && wrong.dtype() == DType::Float32);
    let mut small = zeros(&[4], ()).unwrap();
    expect_err(
        binary_out(BinaryOp::Mul, &a, Complex::new(0.0, 1.0), &mut small),
        "RuntimeError",
        "result type ComplexFloat can't be cast to the desired output type Float",
    );
    // an out of the right shape is written in place
    let mut right = zeros(&[3], DType::Complex128).unwrap();
    let keep = right.clone();
    binary_out(BinaryOp::Mul, &b, 2, &mut right).unwrap();
    assert!(right.is_same(&keep));
    assert_eq!(keep.to_vec::<Complex<f64>>().unwrap()[2], Complex::new(7.0, 0.0));
    // the result type must cast to out's dtype
    let mut int_out = empty(&[0], DType::Int64).unwrap();
    expect_err(
        binary_out(BinaryOp::ADD, &a, &b, &mut int_out),
        "RuntimeError",
        "result type Float can't be cast to the desired output type Long",
    );
    assert_eq!(int_out.sizes(), [0]);
    let mut int_out = empty(&[0], DType::Int64).unwrap();
    expect_err(
        binary_out(BinaryOp::DIV, i64s(&[4]), 2, &mut int_out),
        "RuntimeError",
        "result type Float can't be cast to the desired output type Long",
    );
    let mut bool_out = empty(&[0], DType::Bool).unwrap();
    expect_err(
        binary_out(BinaryOp::ADD, i64s(&[4]), 2, &mut bool_out),
        "RuntimeError",
        "result type Long can't be cast to the desired output type Bool",
    );
    let mut real_out = empty(&[0], DType::Float64).unwrap();
    expect_err(
        binary_out(BinaryOp::Mul, f32s(&[1.0]), Complex::new(0.0, 1.0), &mut real_out),
        "RuntimeError",
        "result type ComplexFloat can't be cast to the desired output type Double",
    );
    // rounded division of integers into an integer out
    let mut q = empty(&[0], DType::Int8).unwrap();
    binary_out(BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, i64s(&[-7, 7]), 2, &mut q).unwrap();
    assert_eq!(q.to_vec::<i8>().unwrap(), [-4, 3]);
}

#[test]
fn in_place_casts() {
    let i = i64s(&[1, 2]);
    expect_err(i.div_(2), "RuntimeError", "result type Float can't be cast to the desired output type Long");
    expect_err(i.add_(1.5), "RuntimeError", "result type Float can't be cast to the desired output type Long");
    expect_err(
        i.mul_(f32s(&[1.0, 2.0])),
        "RuntimeError",
        "result type Float can't be cast to the desired output type Long",
    );
    let f = f32s(&[1.0]);
    expect_err(
        f.mul_(Complex::new(0.0, 1.0)),
        "RuntimeError",
        "result type ComplexFloat can't be cast to the desired output type Float",
    );
    let b = tensor([true], ()).unwrap();
    expect_err(b.add_(1), "RuntimeError", "result type Long can't be cast to the desired output type Bool");
    assert_eq!(longs(&i), [1, 2]);
    // a float64 other into a float16 self rounds once to float16
    let h = tensor([1.0f32], DType::Float16).unwrap();
    h.add_(tensor([1e-3f64], DType::Float64).unwrap()).unwrap();
    assert_eq!(h.to_vec::<f16>().unwrap(), [f16::from_f64(1.0 + 1e-3)]);
    // an int8 self with an int64 other wraps
    let s = tensor([100i8], DType::Int8).unwrap();
    s.add_(i64s(&[100])).unwrap();
    assert_eq!(s.to_vec::<i8>().unwrap(), [-56]);
}

// ---------------------------------------------------------------------------------------------------------------
// Rust operators and compound assignment
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn operators() {
    let a = f32s(&[1.0, 2.0, 4.0]);
    let b = f32s(&[0.5, 0.25, 2.0]);
    assert_eq!(floats(&(&a + &b).unwrap()), [1.5, 2.25, 6.0]);
    assert_eq!(floats(&(&a - &b).unwrap()), [0.5, 1.75, 2.0]);
    assert_eq!(floats(&(&a * &b).unwrap()), [0.5, 0.5, 8.0]);
    assert_eq!(floats(&(&a / &b).unwrap()), [2.0, 8.0, 2.0]);
    assert_eq!(floats(&(a.clone() * 2.5).unwrap()), [2.5, 5.0, 10.0]);
    assert_eq!(floats(&(2i64 - &a).unwrap()), [1.0, 0.0, -2.0]);
    assert_eq!(floats(&(1.0f64 / &a).unwrap()), [1.0, 0.5, 0.25]);
    assert_eq!(floats(&(a.clone() + b.clone()).unwrap()), [1.5, 2.25, 6.0]);
    // number operands keep the tensor's dtype by category
    let i = i64s(&[1, 2, 3]);
    let r = (2i64 - &i).unwrap();
    assert_eq!(r.dtype(), DType::Int64);
    assert_eq!(longs(&r), [1, 0, -1]);
    let r = (1.0f64 / &i).unwrap();
    assert_eq!(r.dtype(), DType::Float32);
    let r = (&i / 2).unwrap();
    assert_eq!(r.dtype(), DType::Float32);
    assert_eq!(floats(&r), [0.5, 1.0, 1.5]);
    let h = tensor([1.0f32], DType::Float16).unwrap();
    assert_eq!((&h * 3).unwrap().dtype(), DType::Float16);
    assert_eq!((&h * 3.0).unwrap().dtype(), DType::Float16);
    assert_eq!((&h * Complex::new(0.0, 1.0)).unwrap().dtype(), DType::Complex64);
    assert_eq!((true * &i).unwrap().dtype(), DType::Int64);
    // errors come back as values
    expect_err(
        &a + &i64s(&[1, 2]),
        "RuntimeError",
        "The size of tensor a (3) must match the size of tensor b (2) at non-singleton dimension 0",
    );
    // the operands are untouched
    assert_eq!(floats(&a), [1.0, 2.0, 4.0]);
}

#[test]
fn compound_assignment_on_result() {
    let a = f32s(&[1.0, 2.0]);
    let b = f32s(&[10.0, 20.0]);
    let mut acc: Result<Tensor> = Ok(a.clone());
    acc += &b;
    acc *= Scalar::Float(2.0);
    acc -= b.clone();
    acc /= Scalar::Int(2);
    let r = acc.unwrap();
    assert!(r.is_same(&a));
    // ((1 + 10) * 2 - 10) / 2 = 6, ((2 + 20) * 2 - 20) / 2 = 12, written into a's storage
    assert_eq!(floats(&a), [6.0, 12.0]);

    // an error is kept, and later operations do nothing
    let i = i64s(&[3, 4]);
    let mut acc: Result<Tensor> = Ok(i.clone());
    acc += Scalar::Int(1);
    acc /= Scalar::Float(2.0);
    acc += Scalar::Int(100);
    expect_err(acc, "RuntimeError", "result type Float can't be cast to the desired output type Long");
    assert_eq!(longs(&i), [4, 5]);

    // a shape error too
    let mut acc: Result<Tensor> = Ok(zeros(&[3], ()).unwrap());
    acc *= &zeros(&[2, 3], ()).unwrap();
    expect_err(acc, "RuntimeError", "output with shape [3] doesn't match the broadcast shape [2, 3]");

    // an Err accumulator stays the same Err
    let mut acc: Result<Tensor> = Err(oxtorch::Error::Value("before".into()));
    acc += &b;
    expect_err(acc, "ValueError", "before");
}

// ---------------------------------------------------------------------------------------------------------------
// Numeric spot checks (values computed by hand)
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn float16_overflows_to_infinity() {
    let h = tensor([60000.0f32, -60000.0], DType::Float16).unwrap();
    let r = h.add(&h).unwrap();
    assert_eq!(r.dtype(), DType::Float16);
    assert_eq!(r.to_vec::<f16>().unwrap(), [f16::INFINITY, f16::NEG_INFINITY]);
    // 65504 is the largest float16 and 65520 the overflow threshold (half-way to 2^16, which rounds to even):
    // 65504 + 8 rounds back to 65504, 65504 + 16 = 65520 overflows
    let m = tensor([65504.0f32], DType::Float16).unwrap();
    assert_eq!(m.add(tensor([8.0f32], DType::Float16).unwrap()).unwrap().to_vec::<f16>().unwrap(), [f16::MAX]);
    assert_eq!(m.add(tensor([16.0f32], DType::Float16).unwrap()).unwrap().to_vec::<f16>().unwrap(), [f16::INFINITY]);
    assert_eq!(m.add(32).unwrap().to_vec::<f16>().unwrap(), [f16::INFINITY]);
}

#[test]
fn bfloat16_overflows_to_infinity() {
    let b = tensor([3e38f32], DType::BFloat16).unwrap();
    let r = b.mul(2).unwrap();
    assert_eq!(r.dtype(), DType::BFloat16);
    assert_eq!(r.to_vec::<bf16>().unwrap(), [bf16::INFINITY]);
    let r = b.mul(&b).unwrap();
    assert_eq!(r.to_vec::<bf16>().unwrap(), [bf16::INFINITY]);
    // 1 + 2^-8 is not representable: bfloat16 keeps 1, float32 arithmetic does not round twice
    let one = tensor([1.0f32], DType::BFloat16).unwrap();
    assert_eq!(one.add(0.00390625).unwrap().to_vec::<bf16>().unwrap(), [bf16::ONE]);
}

#[test]
fn complex_division_does_not_overflow() {
    let x = tensor([Complex::new(1e30f32, 1e30)], DType::Complex64).unwrap();
    let r = x.div(&x).unwrap();
    let v = r.to_vec::<Complex<f32>>().unwrap()[0];
    assert!((v.re - 1.0).abs() <= 2.0 * f32::EPSILON, "{v}");
    assert!(v.im.abs() <= 2.0 * f32::EPSILON, "{v}");
    // (1e30 + 0j) / (1e30 + 1e30j) = 0.5 - 0.5j
    let y = tensor([Complex::new(1e30f32, 0.0)], DType::Complex64).unwrap();
    let v = y.div(&x).unwrap().to_vec::<Complex<f32>>().unwrap()[0];
    assert!((v.re - 0.5).abs() <= f32::EPSILON && (v.im + 0.5).abs() <= f32::EPSILON, "{v}");
    // complex128 near its range
    let z = tensor([Complex::new(1e300f64, -1e300)], DType::Complex128).unwrap();
    let v = z.div(&z).unwrap().to_vec::<Complex<f64>>().unwrap()[0];
    assert!((v.re - 1.0).abs() <= 2.0 * f64::EPSILON && v.im.abs() <= 2.0 * f64::EPSILON, "{v}");
    // division by complex zero: c10 gives x / 0 per component
    let w = tensor([Complex::new(1.0f32, -1.0)], DType::Complex64).unwrap();
    let v = w.div(0).unwrap().to_vec::<Complex<f32>>().unwrap()[0];
    assert_eq!((v.re, v.im), (f32::INFINITY, f32::NEG_INFINITY));
}

#[test]
fn uint8_wraps() {
    let u = tensor([250u8, 3, 16], DType::UInt8).unwrap();
    let r = u.add(10).unwrap();
    assert_eq!(r.dtype(), DType::UInt8);
    assert_eq!(r.to_vec::<u8>().unwrap(), [4, 13, 26]);
    assert_eq!(u.sub(tensor([251u8, 4, 0], DType::UInt8).unwrap()).unwrap().to_vec::<u8>().unwrap(), [255, 255, 16]);
    assert_eq!(u.mul(tensor([2u8, 100, 16], DType::UInt8).unwrap()).unwrap().to_vec::<u8>().unwrap(), [244, 44, 0]);
    // int8 with uint8 promotes to int16: no wrap
    let i = tensor([-1i8, 127, 1], DType::Int8).unwrap();
    let r = u.add(&i).unwrap();
    assert_eq!(r.dtype(), DType::Int16);
    assert_eq!(r.to_vec::<i16>().unwrap(), [249, 130, 17]);
}

#[test]
fn full_of_helpers_has_no_panic_on_empty_and_zero_dim() {
    // empty operands broadcast to empty results; zero-dim with zero-dim stays zero-dim
    let e = zeros(&[0, 3], ()).unwrap();
    let r = e.add(full(&[3], 1, ()).unwrap()).unwrap();
    assert_eq!(r.sizes(), [0, 3]);
    assert_eq!(r.dtype(), DType::Float32);
    let r = e.binary(BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) }, 0).unwrap();
    assert_eq!(r.sizes(), [0, 3]);
    let s = scalar_tensor(3, ()).unwrap();
    let r = s.mul(scalar_tensor(2.5, DType::Float64).unwrap()).unwrap();
    assert_eq!(r.dim(), 0);
    assert_eq!(r.dtype(), DType::Float64);
    assert_eq!(r.item().unwrap(), Scalar::Float(7.5));
    // two numbers give a zero-dim tensor
    let r = oxtorch::functions::add(1, 2.5).and_then(oxtorch::AnyTensor::into_strided).unwrap();
    assert_eq!(r.dim(), 0);
    assert_eq!(r.dtype(), DType::Float32);
    assert_eq!(r.item().unwrap(), Scalar::Float(3.5));
}
