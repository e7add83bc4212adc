//! The op table's Rust surface: `AnyTensor` methods, operators and `oxtorch::functions` over every kind of tensor,
//! through the one dispatch, with PyTorch's errors (expected values from PyTorch 2.15).

use oxtorch::global::comm::threads;
use oxtorch::global::{GlobalTensor, Placement, Sbp};
use oxtorch::op::{BinaryOp, CmpOp, Scalars};
use oxtorch::{functions, AnyTensor, DType, Error, Scalar, Tensor};

fn floats(t: &Tensor) -> Vec<f64> {
    t.to_dtype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

fn bools(t: &Tensor) -> Vec<bool> {
    t.to_vec::<bool>().unwrap()
}

fn strided(t: oxtorch::Result<AnyTensor>) -> Tensor {
    t.unwrap().into_strided().unwrap()
}

#[test]
fn any_tensor_methods_operators_and_functions() {
    let a = AnyTensor::from(oxtorch::tensor([1f32, -2., 3.], ()).unwrap());
    let b = AnyTensor::from(oxtorch::tensor([2f32, -2., 1.], ()).unwrap());
    assert_eq!(floats(&strided(a.maximum(&b))), [2., -2., 3.]);
    assert_eq!(floats(&strided(functions::minimum(&a, &b))), [1., -2., 1.]);
    assert_eq!(bools(&strided(a.eq(&b))), [false, true, false]);
    assert_eq!(bools(&strided(a.lt(2))), [true, true, false]);
    assert_eq!(floats(&strided(&a + &b)), [3., -4., 4.]);
    assert_eq!(floats(&strided(2.0 - &a)), [1., 4., -1.]);
    assert_eq!(floats(&strided(-&a)), [-1., 2., -3.]);
    assert_eq!(floats(&strided(functions::neg(&a))), [-1., 2., -3.]);
    // in place: the tensor itself, written through
    let c = AnyTensor::from(oxtorch::tensor([1f32, 5., 3.], ()).unwrap());
    c.ge_(3).unwrap();
    assert_eq!(floats(c.strided().unwrap()), [0., 1., 1.]);
    let mut acc = Ok(c.clone());
    acc += &a;
    assert_eq!(floats(acc.unwrap().strided().unwrap()), [1., -1., 4.]);
}

#[test]
fn argument_kinds_are_checked_as_pytorch_parses_them() {
    let t = AnyTensor::from(oxtorch::ones(&[2], ()).unwrap());
    let message = |r: oxtorch::Result<AnyTensor>| match r {
        Err(Error::Type(m)) => m,
        other => panic!("expected a TypeError, got {other:?}"),
    };
    assert_eq!(message(t.maximum(2)), "maximum(): argument 'other' (position 2) must be Tensor, not int");
    assert_eq!(
        message(functions::maximum(2.5, &t)),
        "maximum(): argument 'input' (position 1) must be Tensor, not float"
    );
    assert!(message(functions::eq(2, &t))
        .starts_with("eq() received an invalid combination of arguments - got (int, Tensor), but expected one of:\n"));
    assert!(functions::add(2, &t).is_ok());
    assert_eq!(BinaryOp::Maximum.info().scalars, Scalars::None);
}

#[test]
fn sparse_operands_take_the_sparse_rules() {
    let dense = oxtorch::tensor([0f32, 2., 0., 3.], ()).unwrap();
    let s = AnyTensor::from(dense.to_sparse().unwrap());
    let twice = s.mul(2).unwrap();
    assert_eq!(floats(&twice.sparse().unwrap().to_dense().unwrap()), [0., 4., 0., 6.]);
    let err = s.eq(&s).unwrap_err();
    assert_eq!(err.kind_name(), "NotImplementedError");
    assert!(err
        .to_string()
        .starts_with("Could not run 'aten::eq.Tensor' with arguments from the 'SparseCPU' backend."));
    let negated = (-&s).unwrap();
    assert_eq!(floats(&negated.sparse().unwrap().to_dense().unwrap()), [0., -2., 0., -3.]);
}

#[test]
fn global_operands_take_oneflow_rules() {
    let results = threads::run(2, |w| {
        let p = Placement::from_ranks("cpu", &[0, 1]).unwrap();
        let x = AnyTensor::from(GlobalTensor::ones(&w, &[4], DType::Float32, &p, &[Sbp::Split(0)]).unwrap());
        let y = x.gt(0.5).unwrap();
        let y = y.global().unwrap();
        let local = AnyTensor::from(oxtorch::ones(&[4], ()).unwrap());
        let mixed = x.add(&local).unwrap_err().to_string();
        (y.dtype(), y.sbp().to_vec(), bools(&y.to_logical().unwrap()), mixed)
    });
    for (dtype, sbp, values, mixed) in results {
        assert_eq!(dtype, DType::Bool);
        assert_eq!(sbp, [Sbp::Split(0)]);
        assert_eq!(values, [true; 4]);
        assert!(mixed.starts_with("Got input tensors with inconsistent attributes!"));
    }
}

#[test]
fn remainder_bitwise_and_logical_surfaces() {
    // expected values: PyTorch 2.15
    let i = AnyTensor::from(oxtorch::tensor([7i32, -3, 2], ()).unwrap().to_dtype(DType::Int32).unwrap());
    let ints = |t: oxtorch::Result<AnyTensor>| strided(t).to_dtype(DType::Int64).unwrap().to_vec::<i64>().unwrap();
    assert_eq!(ints(&i % 3), [1, 0, 2]);
    assert_eq!(ints(7 % &i), [0, -2, 1]);
    assert_eq!(ints(i.fmod(-2)), [1, -1, 0]);
    assert_eq!(ints(&i & 6), [6, 4, 2]);
    assert_eq!(ints(&i | 8), [15, -3, 10]);
    assert_eq!(ints(&i ^ -1), [-8, 2, -3]);
    assert_eq!(ints(&i << 2), [28, -12, 8]);
    assert_eq!(ints(&i >> 1), [3, -2, 1]);
    assert_eq!(ints(1 << &i), [128, 0, 4]);
    assert_eq!(bools(&strided(functions::logical_xor(&i, i.gt(0).unwrap()))), [false, true, false]);
    let b = AnyTensor::from(oxtorch::tensor([true, false, true], ()).unwrap());
    assert_eq!(bools(&strided(&b & true)), [true, false, true]);
    let mut acc = Ok(i.clone());
    acc %= Scalar::Int(4);
    assert_eq!(ints(acc), [3, 1, 2]);
    // PyTorch's refusals: no kernel for floats, no two numbers, an integer zero divisor
    let f = AnyTensor::from(oxtorch::tensor([1f32], ()).unwrap());
    assert!(matches!(&f & 1, Err(Error::NotImplemented(m)) if m == "\"bitwise_and_cpu\" not implemented for 'Float'"));
    assert!(matches!(functions::remainder(5, 3), Err(Error::Type(_))));
    assert!(matches!(&i % 0, Err(Error::Runtime(m)) if m == "ZeroDivisionError"));
}

#[test]
fn floating_functions_of_two_arguments() {
    // expected values: PyTorch 2.15
    let a = AnyTensor::from(oxtorch::tensor([1f32, -0.0, f32::NAN], ()).unwrap());
    let b = AnyTensor::from(oxtorch::tensor([-2f32, 1.0, 3.0], ()).unwrap());
    let f = |t: oxtorch::Result<AnyTensor>| strided(t).to_vec::<f32>().unwrap();
    assert_eq!(f(a.copysign(&b))[..2], [-1.0, 0.0]);
    assert_eq!(f(a.fmax(&b)), [1.0, 1.0, 3.0]);
    assert_eq!(f(functions::fmin(&a, &b)), [-2.0, -0.0, 3.0]);
    assert_eq!(f(a.nextafter(&b))[..2], [0.99999994, f32::from_bits(1)]);
    assert_eq!(f(functions::xlogy(0, &b)), [0.0, 0.0, 0.0]);
    let i = AnyTensor::from(oxtorch::tensor([1i64, 0], ()).unwrap());
    assert_eq!(strided(i.atan2(&i)).dtype(), DType::Float32);
    assert!(matches!(i.hypot(&i), Err(Error::NotImplemented(m)) if m == "\"hypot_cpu\" not implemented for 'Long'"));
    assert!(matches!(a.fmax(2.0), Err(Error::Type(_))));
}

#[test]
fn every_row_of_the_table_has_its_surface() {
    // one call of each generated method on a strided tensor, so that a row without its surface fails to compile
    let t = AnyTensor::from(oxtorch::tensor([4f32, 9.], ()).unwrap());
    let results = [
        t.add(1),
        t.sub(1),
        t.mul(2),
        t.div(2),
        t.floor_divide(2),
        t.maximum(&t),
        t.minimum(&t),
        t.eq(4),
        t.ne(4),
        t.lt(4),
        t.le(4),
        t.gt(4),
        t.ge(4),
        t.binary(BinaryOp::Compare(CmpOp::Ge), Scalar::Int(9)),
    ];
    let values: Vec<Vec<f64>> = results.into_iter().map(|r| floats(&strided(r))).collect();
    assert_eq!(
        values,
        [
            vec![5., 10.],
            vec![3., 8.],
            vec![8., 18.],
            vec![2., 4.5],
            vec![2., 4.],
            vec![4., 9.],
            vec![4., 9.],
            vec![1., 0.],
            vec![0., 1.],
            vec![0., 0.],
            vec![1., 0.],
            vec![0., 1.],
            vec![1., 1.],
            vec![0., 1.],
        ]
    );
}
