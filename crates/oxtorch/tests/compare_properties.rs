//! Property tests of the comparisons and extrema (`eq` ... `ge`, `maximum`, `minimum`) over every real dtype pair,
//! broadcasting shapes, NaN, infinities and signed zeros: the identities between them hold elementwise whatever the
//! promotion, and the result's dtype and shape are PyTorch's (bool for a comparison, the promoted dtype for an
//! extremum, the broadcast shape). Values are checked against PyTorch by the golden data (`tests/data/compare.json`).

use oxtorch::op::{BinaryOp, CmpOp};
use oxtorch::promotion::{result_type, Operand as Promoted};
use oxtorch::{from_vec, DType, Tensor};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;

const REAL: [DType; 10] = [
    DType::Bool,
    DType::UInt8,
    DType::Int8,
    DType::Int16,
    DType::Int32,
    DType::Int64,
    DType::Float16,
    DType::BFloat16,
    DType::Float32,
    DType::Float64,
];

/// Values every dtype takes in a float tensor; an integral tensor takes their integral stand-ins.
const VALUES: [f64; 8] = [-2.0, -0.0, 0.0, 1.0, 1.5, 3.0, f64::NAN, f64::INFINITY];

fn value_for(v: f64, dtype: DType) -> f64 {
    match dtype {
        DType::Bool => f64::from(u8::from(v != 0.0 && !v.is_nan())),
        DType::UInt8 => v.abs().min(3.0).floor(),
        d if !d.is_floating_point() => {
            if v.is_finite() {
                v.floor()
            } else {
                -1.0
            }
        }
        _ => v,
    }
}

/// A tensor of `dtype` and `sizes` with the values picked by `picks`.
fn tensor(dtype: DType, sizes: &[usize], picks: &[usize]) -> Tensor {
    let n: usize = sizes.iter().product();
    let values: Vec<f64> = (0..n).map(|i| value_for(VALUES[picks[i % picks.len()] % VALUES.len()], dtype)).collect();
    from_vec(values, sizes).and_then(|t| t.to_dtype(dtype)).expect("a tensor of small values")
}

fn as_f64(t: &Tensor) -> Vec<f64> {
    t.to_dtype(DType::Float64).and_then(|t| t.contiguous()).and_then(|t| t.to_vec::<f64>()).expect("values")
}

fn as_bool(t: &Tensor) -> Result<Vec<bool>, TestCaseError> {
    prop_assert_eq!(t.dtype(), DType::Bool);
    Ok(t.contiguous().and_then(|t| t.to_vec::<bool>()).expect("bools"))
}

fn cmp(a: &Tensor, op: CmpOp, b: &Tensor) -> Result<Vec<bool>, TestCaseError> {
    as_bool(&a.binary(BinaryOp::Compare(op), b).expect("comparisons take every real dtype pair"))
}

/// The values of `a` and `b` in their common dtype, broadcast to `sizes`.
fn in_common_dtype(a: &Tensor, b: &Tensor, sizes: &[usize]) -> (Vec<f64>, Vec<f64>) {
    let common = result_type(&[Promoted::Dimensioned(a.dtype()), Promoted::Dimensioned(b.dtype())]).expect("real");
    let shape: Vec<i64> = sizes.iter().map(|&s| s as i64).collect();
    let each = |t: &Tensor| as_f64(&t.to_dtype(common).and_then(|t| t.expand(&shape)).expect("in the common dtype"));
    (each(a), each(b))
}

fn case() -> impl Strategy<Value = (DType, DType, Vec<usize>, Vec<bool>, Vec<usize>, Vec<usize>)> {
    (
        proptest::sample::select(REAL.to_vec()),
        proptest::sample::select(REAL.to_vec()),
        proptest::collection::vec(1usize..4, 0..3),
        proptest::collection::vec(any::<bool>(), 3),
        proptest::collection::vec(0usize..VALUES.len(), 1..12),
        proptest::collection::vec(0usize..VALUES.len(), 1..12),
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    #[test]
    fn comparisons_mirror_and_partition((da, db, sizes, ones, pa, pb) in case()) {
        // `b` broadcasts against `a`: some of its dimensions are 1
        let b_sizes: Vec<usize> = sizes.iter().zip(&ones).map(|(&s, &one)| if one { 1 } else { s }).collect();
        let (a, b) = (tensor(da, &sizes, &pa), tensor(db, &b_sizes, &pb));
        let lt = cmp(&a, CmpOp::Lt, &b)?;
        let (le, eq, ne) = (cmp(&a, CmpOp::Le, &b)?, cmp(&a, CmpOp::Eq, &b)?, cmp(&a, CmpOp::Ne, &b)?);
        let (gt, ge) = (cmp(&a, CmpOp::Gt, &b)?, cmp(&a, CmpOp::Ge, &b)?);
        prop_assert_eq!(&lt, &cmp(&b, CmpOp::Gt, &a)?);
        prop_assert_eq!(&le, &cmp(&b, CmpOp::Ge, &a)?);
        prop_assert_eq!(&eq, &cmp(&b, CmpOp::Eq, &a)?);
        // NaN (in the common dtype) compares false everywhere except `ne`
        let (x, y) = in_common_dtype(&a, &b, &sizes);
        let unordered: Vec<bool> = x.iter().zip(&y).map(|(p, q)| p.is_nan() || q.is_nan()).collect();
        for i in 0..lt.len() {
            prop_assert_eq!(ne[i], !eq[i]);
            prop_assert_eq!(le[i], lt[i] || eq[i]);
            prop_assert_eq!(ge[i], gt[i] || eq[i]);
            if unordered[i] {
                prop_assert!(!lt[i] && !eq[i] && !gt[i]);
            } else {
                prop_assert_eq!(u8::from(lt[i]) + u8::from(eq[i]) + u8::from(gt[i]), 1);
            }
        }
        let result = a.binary(BinaryOp::Compare(CmpOp::Lt), &b).expect("lt");
        prop_assert_eq!(result.sizes(), &sizes[..]);
    }

    #[test]
    fn extrema_commute_and_pick_an_operand((da, db, sizes, ones, pa, pb) in case()) {
        let b_sizes: Vec<usize> = sizes.iter().zip(&ones).map(|(&s, &one)| if one { 1 } else { s }).collect();
        let (a, b) = (tensor(da, &sizes, &pa), tensor(db, &b_sizes, &pb));
        let common = result_type(&[Promoted::Dimensioned(da), Promoted::Dimensioned(db)]).expect("real dtypes");
        let max = a.binary(BinaryOp::Maximum, &b).expect("maximum of real dtypes");
        let min = a.binary(BinaryOp::Minimum, &b).expect("minimum of real dtypes");
        prop_assert_eq!(max.dtype(), common);
        prop_assert_eq!(min.dtype(), common);
        prop_assert_eq!(max.sizes(), &sizes[..]);
        let (mx, mn) = (as_f64(&max), as_f64(&min));
        let mx2 = as_f64(&b.binary(BinaryOp::Maximum, &a).expect("maximum"));
        let mn2 = as_f64(&b.binary(BinaryOp::Minimum, &a).expect("minimum"));
        let (x, y) = in_common_dtype(&a, &b, &sizes);
        for i in 0..mx.len() {
            if x[i].is_nan() || y[i].is_nan() {
                // NaN propagates, whichever side it is on
                prop_assert!(mx[i].is_nan() && mn[i].is_nan() && mx2[i].is_nan() && mn2[i].is_nan());
                continue;
            }
            // equal as numbers (the sign of a zero may follow the operand order, as PyTorch's loops give it)
            prop_assert_eq!(mx[i], mx2[i]);
            prop_assert_eq!(mn[i], mn2[i]);
            prop_assert_eq!(mx[i], x[i].max(y[i]));
            prop_assert_eq!(mn[i], x[i].min(y[i]));
            prop_assert!(mn[i] <= mx[i]);
        }
    }
}
