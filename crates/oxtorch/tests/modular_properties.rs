//! Property tests of `remainder`, `fmod`, the bitwise and the logical operations over the integer dtypes (and
//! floats for the remainders): the identities PyTorch's definitions imply hold elementwise, whatever the values
//! and the broadcasting. Values are checked against PyTorch by the golden data (`tests/data/modular.json`).

use oxtorch::op::{BinaryOp, BitOp, CmpOp, LogicalOp, RoundingMode, UnaryOp};
use oxtorch::{from_vec, DType, Tensor};
use proptest::prelude::*;

const INTEGERS: [DType; 5] = [DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Int64];

/// A 1-D tensor of `dtype` holding `values` (wrapped into the dtype's range, as a cast wraps them).
fn ints(values: &[i64], dtype: DType) -> Tensor {
    from_vec(values.to_vec(), &[values.len()]).and_then(|t| t.to_dtype(dtype)).expect("an integer tensor")
}

fn as_i64(t: &Tensor) -> Vec<i64> {
    t.to_dtype(DType::Int64).and_then(|t| t.contiguous()).and_then(|t| t.to_vec::<i64>()).expect("values")
}

fn as_f64(t: &Tensor) -> Vec<f64> {
    t.to_dtype(DType::Float64).and_then(|t| t.contiguous()).and_then(|t| t.to_vec::<f64>()).expect("values")
}

fn op(a: &Tensor, op: BinaryOp, b: &Tensor) -> Tensor {
    a.binary(op, b).expect("the operation takes integer tensors")
}

/// Divisors: any value but zero (in the dtype: 256 is zero in uint8).
fn nonzero(values: Vec<i64>, dtype: DType) -> Vec<i64> {
    let t = as_i64(&ints(&values, dtype));
    t.into_iter().map(|v| if v == 0 { 3 } else { v }).collect()
}

fn int_case() -> impl Strategy<Value = (DType, Vec<i64>, Vec<i64>)> {
    (proptest::sample::select(INTEGERS.to_vec()), 1usize..24).prop_flat_map(|(dtype, n)| {
        (Just(dtype), proptest::collection::vec(any::<i64>(), n), proptest::collection::vec(any::<i64>(), n))
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// `remainder(a, b) == a - floor_divide(a, b) * b` and `fmod(a, b) == a - div(a, b, 'trunc') * b`, in the
    /// dtype's wrapping arithmetic.
    #[test]
    fn remainders_are_what_the_divisions_leave((dtype, a, b) in int_case()) {
        let (a, b) = (ints(&a, dtype), ints(&nonzero(b, dtype), dtype));
        let floor = op(&a, BinaryOp::FloorDivide, &b);
        let trunc = op(&a, BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) }, &b);
        let left = |q: &Tensor| op(&a, BinaryOp::SUB, &op(q, BinaryOp::Mul, &b));
        prop_assert_eq!(as_i64(&op(&a, BinaryOp::Remainder, &b)), as_i64(&left(&floor)));
        prop_assert_eq!(as_i64(&op(&a, BinaryOp::Fmod, &b)), as_i64(&left(&trunc)));
    }

    /// A floating remainder is zero or has the divisor's sign, is smaller than it, and differs from `fmod` by
    /// nothing or by the divisor.
    #[test]
    fn float_remainders_take_the_divisor_sign(
        a in proptest::collection::vec(-1e6f64..1e6, 1..24),
        b in proptest::collection::vec(prop_oneof![-1e3f64..-1e-3, 1e-3f64..1e3], 24),
    ) {
        let n = a.len();
        let (ta, tb) = (from_vec(a.clone(), &[n]).unwrap(), from_vec(b[..n].to_vec(), &[n]).unwrap());
        let r = as_f64(&op(&ta, BinaryOp::Remainder, &tb));
        let f = as_f64(&op(&ta, BinaryOp::Fmod, &tb));
        for i in 0..n {
            prop_assert!(r[i] == 0.0 || (r[i] < 0.0) == (b[i] < 0.0), "{} % {} = {}", a[i], b[i], r[i]);
            prop_assert!(r[i].abs() <= b[i].abs(), "{} % {} = {}", a[i], b[i], r[i]);
            prop_assert!(f[i] == 0.0 || (f[i] < 0.0) == (a[i] < 0.0), "fmod({}, {}) = {}", a[i], b[i], f[i]);
            prop_assert!(r[i] == f[i] || r[i] == f[i] + b[i], "{} % {}: {} against fmod {}", a[i], b[i], r[i], f[i]);
        }
    }

    /// De Morgan's laws and `a ^ b == (a | b) & ~(a & b)`.
    #[test]
    fn bitwise_operations_obey_de_morgan((dtype, a, b) in int_case()) {
        let (a, b) = (ints(&a, dtype), ints(&b, dtype));
        let not = |t: &Tensor| t.unary(UnaryOp::BitwiseNot).expect("bitwise_not of integers");
        let (and, or, xor) = (BitOp::And, BitOp::Or, BitOp::Xor);
        let bit = |x: &Tensor, o: BitOp, y: &Tensor| op(x, BinaryOp::Bitwise(o), y);
        prop_assert_eq!(as_i64(&not(&bit(&a, and, &b))), as_i64(&bit(&not(&a), or, &not(&b))));
        prop_assert_eq!(as_i64(&not(&bit(&a, or, &b))), as_i64(&bit(&not(&a), and, &not(&b))));
        prop_assert_eq!(as_i64(&bit(&a, xor, &b)), as_i64(&bit(&bit(&a, or, &b), and, &not(&bit(&a, and, &b)))));
    }

    /// `a << k` is `a * 2**k` in the dtype's wrapping arithmetic for `0 <= k < bits`, and `(a << k) >> k` keeps
    /// the low bits for a shift within the width; a shift outside the width gives 0 to the left.
    #[test]
    fn shifts_are_products_by_powers_of_two((dtype, a, _b) in int_case(), k in 0u32..64) {
        let bits = 8 * dtype.itemsize() as u32;
        let n = a.len();
        let a = ints(&a, dtype);
        let shift = ints(&vec![i64::from(k % bits); n], dtype);
        let power = ints(&vec![1i64.wrapping_shl(k % bits); n], dtype);
        let left = op(&a, BinaryOp::Bitwise(BitOp::LeftShift), &shift);
        prop_assert_eq!(as_i64(&left), as_i64(&op(&a, BinaryOp::Mul, &power)));
        let beyond = ints(&vec![i64::from(bits + k % 8); n], dtype);
        if dtype != DType::UInt8 || bits + k % 8 < 256 {
            prop_assert!(as_i64(&op(&a, BinaryOp::Bitwise(BitOp::LeftShift), &beyond)).iter().all(|&v| v == 0));
        }
    }

    /// A logical operation is the bitwise one of the operands' truth values (`x != 0`).
    #[test]
    fn logical_operations_are_bitwise_ones_of_truth_values((dtype, a, b) in int_case()) {
        let (a, b) = (ints(&a, dtype), ints(&b, dtype));
        let zero = ints(&[0], dtype);
        let truth = |t: &Tensor| op(t, BinaryOp::Compare(CmpOp::Ne), &zero);
        for (logical, bitwise) in [(LogicalOp::And, BitOp::And), (LogicalOp::Or, BitOp::Or), (LogicalOp::Xor, BitOp::Xor)] {
            let got = op(&a, BinaryOp::Logical(logical), &b);
            prop_assert_eq!(got.dtype(), DType::Bool);
            let want = op(&truth(&a), BinaryOp::Bitwise(bitwise), &truth(&b));
            prop_assert_eq!(as_i64(&got), as_i64(&want));
        }
    }
}
