//! PyTorch's rules for a tensor of any kind that the core decides for Rust and Python users alike
//! (`dispatch/values.rs`, `shape::as_strided_in_place_geometry`), with PyTorch 2.15's messages.

use oxtorch::dispatch::AnyTensor;
use oxtorch::tensor::Operand;
use oxtorch::{arange, ones, zeros, DType, Scalar};

fn err<T: std::fmt::Debug>(r: oxtorch::Result<T>) -> (String, String) {
    let e = r.unwrap_err();
    (e.kind_name().to_string(), e.message().to_string())
}

#[test]
fn truth_values_and_numbers() {
    let one = AnyTensor::from(ones(&[1], DType::Float32).unwrap());
    assert!(one.is_nonzero().unwrap());
    assert_eq!(one.single_value().unwrap(), Scalar::Float(1.0));
    let empty = AnyTensor::from(zeros(&[0], DType::Float32).unwrap());
    assert_eq!(err(empty.is_nonzero()).1, "Boolean value of Tensor with no values is ambiguous");
    let two = AnyTensor::from(zeros(&[2], DType::Int64).unwrap());
    assert_eq!(err(two.is_nonzero()).1, "Boolean value of Tensor with more than one value is ambiguous");
    assert_eq!(
        err(two.single_value()),
        ("ValueError".into(), "only one element tensors can be converted to Python scalars".into())
    );
    assert_eq!(
        err(one.index_value()),
        ("TypeError".into(), "only integer tensors of a single element can be converted to an index".into())
    );
    let start = AnyTensor::from(zeros(&[], DType::Int32).unwrap());
    assert_eq!(start.narrow_start().unwrap(), 0);
    let flag = AnyTensor::from(zeros(&[], DType::Bool).unwrap());
    assert_eq!(err(flag.narrow_start()).1, "start must be an 0-dim integral Tensor.");
}

#[test]
fn flatten_transpose_and_detach() {
    let m = arange(6, DType::Float32).unwrap().reshape(&[2, 3]).unwrap();
    let dense = AnyTensor::from(m.clone());
    assert!(dense.flatten(1, 1).unwrap().same_tensor(&dense));
    assert_eq!(dense.flatten(0, -1).unwrap().sizes(), &[6]);
    let sparse = AnyTensor::from(m.to_sparse().unwrap());
    assert!(sparse.flatten(-1, -1).unwrap().same_tensor(&sparse));
    assert_eq!(err(sparse.flatten(1, 0)).1, "flatten() has invalid args: start_dim cannot come after end_dim");
    assert_eq!(err(sparse.flatten(0, 1)).1, "reshape is not implemented for sparse tensors");
    assert_eq!(sparse.matrix_transpose().unwrap().sizes(), &[3, 2]);
    let vector = AnyTensor::from(arange(3, DType::Float32).unwrap().to_sparse().unwrap());
    assert_eq!(
        err(vector.matrix_transpose()).1,
        "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor."
    );
    assert!(AnyTensor::from(ones(&[2, 3], DType::Float32).unwrap()).detach_().is_ok());
    let view = AnyTensor::from(m.t().unwrap());
    assert!(err(view.detach_()).1.starts_with("Can't detach views in-place. Use detach() instead."));
}

#[test]
fn fill_takes_numbers_and_zero_dim_tensors() {
    let t = zeros(&[3], DType::UInt8).unwrap();
    assert_eq!(err(t.fill_value_(&Operand::Scalar(Scalar::Int(300)))).0, "RuntimeError");
    let row = ones(&[2], DType::Float32).unwrap();
    assert_eq!(
        err(t.fill_value_(&Operand::Tensor(row))).1,
        "fill_ only supports 0-dimension value tensor but got tensor with 1 dimensions."
    );
    // a zero-dim tensor is cast without a range check
    t.fill_value_(&Operand::Tensor(oxtorch::full(&[], 257, DType::Int64).unwrap())).unwrap();
    assert_eq!(t.to_scalars().unwrap(), vec![Scalar::Int(1); 3]);
    // a value that is a view of the tensor itself is read before it is overwritten
    let v = arange(3, DType::Float32).unwrap();
    v.fill_value_(&Operand::Tensor(v.select(0, 2).unwrap())).unwrap();
    assert_eq!(v.to_scalars().unwrap(), vec![Scalar::Float(2.0); 3]);
}

#[test]
fn as_strided_in_place_checks_in_pytorch_order() {
    use oxtorch::shape::as_strided_in_place_geometry as g;
    assert_eq!(err(g(&[2], &[1, 1], None)).1, "mismatch in length of strides and shape");
    assert_eq!(err(g(&[2], &[-1], Some(-1))).0, "RuntimeError");
    assert_eq!(err(g(&[-2], &[1], Some(-1))).1, "Tensor: invalid storage offset -1");
    assert_eq!(err(g(&[-2], &[1], None)).1, "numel: integer multiplication overflow");
    let (sizes, strides, offset) = g(&[2, 3], &[3, 1], Some(1)).unwrap();
    assert_eq!((sizes.as_slice(), strides.as_slice(), offset), (&[2usize, 3][..], &[3usize, 1][..], Some(1)));
}
