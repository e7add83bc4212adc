//! Property tests of sparse COO tensors: `to_dense(to_sparse(x)) == x`, `coalesce` is idempotent and keeps the
//! dense equivalent, and sparse arithmetic equals arithmetic on the dense equivalents (int64 values, so every
//! order of summation gives the same result).

use oxtorch::sparse::{AnyTensor, SparseCooOptions};
use oxtorch::{from_vec, sparse_coo_tensor, DType, SparseCooTensor, Tensor};
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

fn dense_of(t: &AnyTensor) -> Tensor {
    match t {
        AnyTensor::Strided(t) => t.clone(),
        AnyTensor::SparseCoo(s) => s.to_dense().unwrap(),
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
    fn arithmetic_matches_dense((a, b, scale) in (sparse_strategy(), sparse_strategy(), -3i64..4)) {
        let (da, db) = (a.to_dense().unwrap(), b.to_dense().unwrap());
        if a.sizes() == b.sizes() && a.sparse_dim() == b.sparse_dim() {
            let sum = a.add(&b).unwrap();
            prop_assert_eq!(dense_of(&sum).to_vec::<i64>().unwrap(), da.add(&db).unwrap().to_vec::<i64>().unwrap());
            let diff = a.sub(&b).unwrap();
            prop_assert_eq!(dense_of(&diff).to_vec::<i64>().unwrap(), da.sub(&db).unwrap().to_vec::<i64>().unwrap());
            let prod = a.mul(&b).unwrap();
            prop_assert_eq!(dense_of(&prod).to_vec::<i64>().unwrap(), da.mul(&db).unwrap().to_vec::<i64>().unwrap());
            let dense_sum = oxtorch::sparse::binary(
                oxtorch::BinaryOp::ADD, &db.clone().into(), &a.clone().into(), oxtorch::AnyOutput::New).unwrap();
            prop_assert_eq!(dense_of(&dense_sum).to_vec::<i64>().unwrap(), db.add(&da).unwrap().to_vec::<i64>().unwrap());
        }
        let scaled = a.mul(scale).unwrap();
        prop_assert_eq!(dense_of(&scaled).to_vec::<i64>().unwrap(), da.mul(scale).unwrap().to_vec::<i64>().unwrap());
        let zero_dim = from_vec(vec![scale], &[]).unwrap();
        let with_dense = a.mul(&zero_dim).unwrap();
        prop_assert_eq!(dense_of(&with_dense).to_vec::<i64>().unwrap(), da.mul(scale).unwrap().to_vec::<i64>().unwrap());
        prop_assert_eq!(with_dense.sparse().map(|s| s.dtype()), Some(DType::Int64));
    }
}
