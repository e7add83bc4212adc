//! Property tests of `addcmul`, `addcdiv` and `lerp` over loop lengths that straddle PyTorch's vector width: the
//! identities PyTorch's formulas imply hold elementwise, bit for bit. Values are checked against PyTorch itself by
//! the golden data (`tests/data/pointwise.json`).
//!
//! - `addcmul(x, a, b)` is one fused multiply-add `fma(a, b, x)`; with integers, `x + v * a * b` wrapping;
//! - `addcdiv(x, a, b)` is `x + a / b` (a quotient and a sum, each rounded);
//! - `lerp(x, y, 0)` is `x` and `lerp(x, y, 1)` is `y` (finite values), and a number weight gives what a zero-dim
//!   tensor weight of the same dtype gives.

use oxtorch::tensor::pointwise::{addcdiv, addcmul, lerp};
use oxtorch::{from_vec, DType, Operand, Output, Scalar, Tensor};
use proptest::prelude::*;

fn tensor(values: &[f64], dtype: DType) -> Tensor {
    from_vec(values.to_vec(), &[values.len()]).and_then(|t| t.to_dtype(dtype)).expect("a tensor")
}

fn values(t: &Tensor) -> Vec<f64> {
    t.to_dtype(DType::Float64).and_then(|t| t.to_vec::<f64>()).expect("values")
}

/// Three equally long vectors of finite values, `len` in 0..40 (PyTorch's vector blocks are 16 float32 or 8
/// float64 wide on AVX512, 8/4 on AVX2).
fn triple() -> impl Strategy<Value = (Vec<f64>, Vec<f64>, Vec<f64>)> {
    (0usize..40).prop_flat_map(|n| {
        let v = || proptest::collection::vec(-1.0e3f64..1.0e3, n);
        (v(), v(), v())
    })
}

/// The same bits, NaN equal to NaN.
fn same(a: f64, b: f64) -> bool {
    a.to_bits() == b.to_bits() || (a.is_nan() && b.is_nan())
}

proptest! {
    #[test]
    fn addcmul_is_one_fused_multiply_add((x, a, b) in triple()) {
        for dtype in [DType::Float32, DType::Float64] {
            let (tx, ta, tb) = (tensor(&x, dtype), tensor(&a, dtype), tensor(&b, dtype));
            let got = values(&addcmul(&tx, &ta, &tb, Scalar::Int(1), Output::New).unwrap());
            let (vx, va, vb) = (values(&tx), values(&ta), values(&tb));
            for i in 0..x.len() {
                let want = if dtype == DType::Float32 {
                    f64::from((va[i] as f32).mul_add(vb[i] as f32, vx[i] as f32))
                } else {
                    va[i].mul_add(vb[i], vx[i])
                };
                prop_assert!(same(got[i], want), "{dtype} element {i}: {} != {want}", got[i]);
            }
        }
    }

    #[test]
    fn integer_addcmul_wraps((x, a, b) in triple(), v in -5i64..5) {
        let ints = |s: &[f64]| s.iter().map(|f| (*f * 1e6) as i64).collect::<Vec<i64>>();
        let (x, a, b) = (ints(&x), ints(&a), ints(&b));
        let t = |s: &[i64]| from_vec(s.to_vec(), &[s.len()]).unwrap();
        let got = addcmul(&t(&x), &t(&a), &t(&b), Scalar::Int(v), Output::New).unwrap().to_vec::<i64>().unwrap();
        for i in 0..x.len() {
            prop_assert_eq!(got[i], x[i].wrapping_add(v.wrapping_mul(a[i]).wrapping_mul(b[i])));
        }
    }

    #[test]
    fn addcdiv_is_a_quotient_and_a_sum((x, a, b) in triple()) {
        for dtype in [DType::Float32, DType::Float64] {
            let (tx, ta, tb) = (tensor(&x, dtype), tensor(&a, dtype), tensor(&b, dtype));
            let got = values(&addcdiv(&tx, &ta, &tb, Scalar::Int(1), Output::New).unwrap());
            let (vx, va, vb) = (values(&tx), values(&ta), values(&tb));
            for i in 0..x.len() {
                let want = if dtype == DType::Float32 {
                    f64::from(vx[i] as f32 + va[i] as f32 / vb[i] as f32)
                } else {
                    vx[i] + va[i] / vb[i]
                };
                prop_assert!(same(got[i], want), "{dtype} element {i}: {} != {want}", got[i]);
            }
        }
    }

    #[test]
    fn lerp_reaches_its_ends_and_its_overloads_agree((x, y, w) in triple()) {
        for dtype in [DType::Float16, DType::BFloat16, DType::Float32, DType::Float64] {
            let (tx, ty) = (tensor(&x, dtype), tensor(&y, dtype));
            let at = |weight: f64| values(&lerp(&tx, &ty, &Operand::Scalar(Scalar::Float(weight)), Output::New).unwrap());
            let (start, end) = (values(&tx), values(&ty));
            let (zero, one) = (at(0.0), at(1.0));
            for i in 0..x.len() {
                prop_assert!(zero[i] == start[i] && one[i] == end[i], "{dtype} element {i}");
            }
            if let Some(&weight) = w.first() {
                let weight = weight / 1e3;
                let zero_dim = tensor(&[weight], dtype).squeeze();
                let tensor_weight = values(&lerp(&tx, &ty, &Operand::Tensor(zero_dim.clone()), Output::New).unwrap());
                // the number is read at the arithmetic type, the zero-dim tensor in its dtype: equal weights once
                // the number is rounded as the tensor was
                let rounded = values(&zero_dim)[0];
                let number_rounded = at(rounded);
                prop_assert_eq!(number_rounded.len(), tensor_weight.len());
                for i in 0..x.len() {
                    prop_assert!(same(number_rounded[i], tensor_weight[i]), "{dtype} element {i}");
                }
            }
        }
    }
}
