//! Property tests of sparse COO tensors: `to_dense(to_sparse(x)) == x`, `coalesce` is idempotent and keeps the
//! dense equivalent, sparse arithmetic (products whose dense dimensions broadcast included) equals arithmetic on
//! the dense equivalents (int64 values, so every order of summation gives the same result), and `t()` /
//! `unsqueeze` commute with `to_dense`.

use oxtorch::sparse::SparseCooOptions;
use oxtorch::AnyTensor;
use oxtorch::{from_vec, sparse_coo_tensor, BinaryOp, DType, SparseCooTensor, Tensor};
use proptest::prelude::*;

/// A random uncoalesced (2-D, possibly hybrid) sparse tensor with int64 values: sizes, sparse_dim, coordinates
/// (duplicates likely) and values.
fn sparse_strategy() -> impl Strategy<Value = SparseCooTensor> {
    (1usize..5, 1usize..5, 0usize..3, 0usize..12).prop_flat_map(|(rows, cols, dense, nnz)| {
        let hybrid = dense > 0;
        let block = if hybrid { dense } else { 1 };
        (
            proptest::collection::vec(0..rows as i64, nnz),
            proptest::collection::vec(0..cols as i64, nnz),
            proptest::collection::vec(-5i64..5, nnz * block),
        )
            .prop_map(move |(r, c, v)| {
                let (indices, sizes, value_shape) = if hybrid {
                    (from_vec(r.clone(), &[1, nnz]).unwrap(), vec![rows as i64, dense as i64], vec![nnz, dense])
                } else {
                    let mut idx = r.clone();
                    idx.extend_from_slice(&c);
                    (from_vec(idx, &[2, nnz]).unwrap(), vec![rows as i64, cols as i64], vec![nnz])
                };
                let values = from_vec(v, &value_shape).unwrap();
                sparse_coo_tensor(&indices, &values, Some(&sizes), SparseCooOptions::default()).unwrap()
            })
    })
}

/// Two uncoalesced hybrid tensors with one sparse dimension of the same size whose dense dimensions broadcast
/// (one of the pair has size 1 there), possibly coalesced, with int64 values.
fn broadcast_pair_strategy() -> impl Strategy<Value = (SparseCooTensor, SparseCooTensor)> {
    (1usize..5, 1usize..4, 0usize..8, 0usize..8, any::<bool>(), any::<bool>(), any::<bool>()).prop_flat_map(
        |(rows, dense, nnz_a, nnz_b, one_on_left, coalesce_a, coalesce_b)| {
            let (da, db) = if one_on_left { (1, dense) } else { (dense, 1) };
            (
                proptest::collection::vec(0..rows as i64, nnz_a),
                proptest::collection::vec(-5i64..5, nnz_a * da),
                proptest::collection::vec(0..rows as i64, nnz_b),
                proptest::collection::vec(-5i64..5, nnz_b * db),
            )
                .prop_map(move |(ia, va, ib, vb)| {
                    let make = |idx: Vec<i64>, v: Vec<i64>, d: usize, coalesce: bool| {
                        let nnz = idx.len();
                        let indices = from_vec(idx, &[1, nnz]).unwrap();
                        let values = from_vec(v, &[nnz, d]).unwrap();
                        let s =
                            sparse_coo_tensor(&indices, &values, Some(&[rows as i64, d as i64]), Default::default())
                                .unwrap();
                        if coalesce {
                            s.coalesce().unwrap()
                        } else {
                            s
                        }
                    };
                    (make(ia, va, da, coalesce_a), make(ib, vb, db, coalesce_b))
                })
        },
    )
}

fn dense_of(t: &AnyTensor) -> Tensor {
    match t {
        AnyTensor::SparseCoo(s) => s.to_dense().unwrap(),
        other => other.clone().into_strided().unwrap(),
    }
}

proptest! {
    #[test]
    fn to_dense_inverts_to_sparse(values in proptest::collection::vec(prop_oneof![Just(0.0f64), -4.0f64..4.0], 12),
                                  sparse_dim in 1i64..3) {
        let x = from_vec(values.clone(), &[3, 4]).unwrap();
        let s = x.to_sparse_dim(sparse_dim).unwrap();
        prop_assert!(s.is_coalesced());
        prop_assert_eq!(s.to_dense().unwrap().to_vec::<f64>().unwrap(), values);
    }

    #[test]
    fn coalesce_is_idempotent(s in sparse_strategy()) {
        let c = s.coalesce().unwrap();
        let cc = c.coalesce().unwrap();
        prop_assert!(c.is_coalesced() && cc.is_coalesced());
        prop_assert_eq!(c.raw_indices().to_vec::<i64>().unwrap(), cc.raw_indices().to_vec::<i64>().unwrap());
        prop_assert_eq!(c.raw_values().to_vec::<i64>().unwrap(), cc.raw_values().to_vec::<i64>().unwrap());
        prop_assert_eq!(c.to_dense().unwrap().to_vec::<i64>().unwrap(), s.to_dense().unwrap().to_vec::<i64>().unwrap());
        // coalesced indices are sorted row-major and unique
        let re = c.coalesce().unwrap().to_dense().unwrap().to_sparse_dim(c.sparse_dim() as i64).unwrap();
        prop_assert!(re.nnz() <= c.nnz());
    }

    #[test]
    fn broadcast_product_matches_dense((a, b) in broadcast_pair_strategy()) {
        let (da, db) = (a.to_dense().unwrap(), b.to_dense().unwrap());
        let prod = a.binary(BinaryOp::Mul, &b).unwrap();
        let want = da.mul(&db).unwrap();
        prop_assert_eq!(prod.sparse().map(|s| s.sizes().to_vec()), Some(want.sizes().to_vec()));
        prop_assert_eq!(dense_of(&prod).to_vec::<i64>().unwrap(), want.to_vec::<i64>().unwrap());
    }

    #[test]
    fn transpose_and_unsqueeze_match_dense(s in sparse_strategy(), dim in -3i64..3) {
        let d = s.to_dense().unwrap();
        if s.sparse_dim() == 2 {
            let t = s.t().unwrap();
            prop_assert_eq!(t.to_dense().unwrap().to_vec::<i64>().unwrap(),
                            d.t().unwrap().contiguous().unwrap().to_vec::<i64>().unwrap());
        }
        let u = s.unsqueeze(dim).unwrap();
        let want = d.unsqueeze(dim).unwrap();
        prop_assert_eq!(u.sizes(), want.sizes());
        prop_assert_eq!(u.to_dense().unwrap().to_vec::<i64>().unwrap(), want.contiguous().unwrap().to_vec::<i64>().unwrap());
    }

    #[test]
    fn arithmetic_matches_dense((a, b, scale) in (sparse_strategy(), sparse_strategy(), -3i64..4)) {
        let (da, db) = (a.to_dense().unwrap(), b.to_dense().unwrap());
        if a.sizes() == b.sizes() && a.sparse_dim() == b.sparse_dim() {
            let sum = a.binary(BinaryOp::ADD, &b).unwrap();
            prop_assert_eq!(dense_of(&sum).to_vec::<i64>().unwrap(), da.add(&db).unwrap().to_vec::<i64>().unwrap());
            let diff = a.binary(BinaryOp::SUB, &b).unwrap();
            prop_assert_eq!(dense_of(&diff).to_vec::<i64>().unwrap(), da.sub(&db).unwrap().to_vec::<i64>().unwrap());
            let prod = a.binary(BinaryOp::Mul, &b).unwrap();
            prop_assert_eq!(dense_of(&prod).to_vec::<i64>().unwrap(), da.mul(&db).unwrap().to_vec::<i64>().unwrap());
            let dense_sum = oxtorch::sparse::binary(
                oxtorch::BinaryOp::ADD, &db.clone().into(), &a.clone().into(), oxtorch::sparse::SparseOutput::New).unwrap();
            prop_assert_eq!(dense_of(&dense_sum).to_vec::<i64>().unwrap(), db.add(&da).unwrap().to_vec::<i64>().unwrap());
        }
        let scaled = a.binary(BinaryOp::Mul, scale).unwrap();
        prop_assert_eq!(dense_of(&scaled).to_vec::<i64>().unwrap(), da.binary(BinaryOp::Mul, scale).unwrap().to_vec::<i64>().unwrap());
        let zero_dim = from_vec(vec![scale], &[]).unwrap();
        let with_dense = a.binary(BinaryOp::Mul, &zero_dim).unwrap();
        prop_assert_eq!(dense_of(&with_dense).to_vec::<i64>().unwrap(), da.binary(BinaryOp::Mul, scale).unwrap().to_vec::<i64>().unwrap());
        prop_assert_eq!(with_dense.sparse().map(|s| s.dtype()), Some(DType::Int64));
    }
}
