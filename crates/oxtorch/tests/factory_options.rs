//! The factories with every keyword (`oxtorch::factories`, `FactoryOptions`): PyTorch's rules for `out=`,
//! `requires_grad=`, `pin_memory=`, `layout=`, negative sizes and the meta `randn` decomposition, reached from
//! Rust as the Python package reaches them. Expected values are PyTorch 2.15's.

use oxtorch::factories::{self, GeneratorArg, LikeFill};
use oxtorch::{AnyOperand, AnyTensor, DType, Device, FactoryOptions, Layout, Scalar, Tensor, TensorOptions};

fn expect_err<T: std::fmt::Debug>(r: oxtorch::Result<T>, kind: &str, message: &str) {
    match r {
        Ok(v) => panic!("expected {kind}: {message}, got Ok({v:?})"),
        Err(e) => assert_eq!((e.kind_name(), e.message()), (kind, message)),
    }
}

fn strided(t: AnyTensor) -> Tensor {
    t.into_strided().unwrap()
}

fn values(t: &Tensor) -> Vec<f64> {
    t.to_scalars().unwrap().iter().map(Scalar::to_f64).collect()
}

#[test]
fn out_gives_dtype_and_device_and_is_written_or_replaced() {
    // the dtype comes from `out`, and `out` of the result's sizes is written through
    let mut out = oxtorch::zeros(&[3], DType::Int32).unwrap();
    let same = out.clone();
    let t = strided(factories::ones(&[3], FactoryOptions::new().out(&mut out)).unwrap());
    assert_eq!(t.dtype(), DType::Int32);
    assert!(out.is_same(&same));
    assert_eq!(values(&same), [1.0, 1.0, 1.0]);
    // of other sizes, `out` is replaced by the result (PyTorch's resize_)
    let mut out = oxtorch::zeros(&[1], DType::Float64).unwrap();
    let t = strided(factories::arange(0, 4, 1, FactoryOptions::new().out(&mut out)).unwrap());
    assert_eq!(out.sizes(), [4]);
    assert!(out.is_same(&t));
    assert_eq!(t.dtype(), DType::Float64);
    // a dtype that differs from `out`'s is refused
    let mut out = oxtorch::zeros(&[2], DType::Float32).unwrap();
    expect_err(
        factories::zeros(&[2], FactoryOptions::new().dtype(DType::Int64).out(&mut out)),
        "RuntimeError",
        "dtype Long does not match dtype of out parameter (Float)",
    );
}

#[test]
fn requires_grad_and_pin_memory() {
    expect_err(
        factories::zeros(&[2], FactoryOptions::new().dtype(DType::Int64).requires_grad(true)),
        "RuntimeError",
        "Only Tensors of floating point and complex dtype can require gradients",
    );
    expect_err(
        factories::arange(0, 3, 1, FactoryOptions::new().requires_grad(true)),
        "RuntimeError",
        "Only Tensors of floating point and complex dtype can require gradients",
    );
    expect_err(
        factories::ones(&[2], FactoryOptions::new().requires_grad(true)),
        "NotImplementedError",
        "oxtorch has no autograd: requires_grad=True is not supported",
    );
    expect_err(
        factories::empty(&[2], FactoryOptions::new().pin_memory(true)),
        "RuntimeError",
        "Cannot pin memory: oxtorch was built without a backend for 'cuda' (available: cpu, meta)",
    );
}

#[test]
fn negative_sizes() {
    expect_err(
        factories::empty(&[2, -1], FactoryOptions::new()),
        "RuntimeError",
        "Trying to create tensor with negative dimension -1: [2, -1]",
    );
    expect_err(
        factories::zeros(&[-3], FactoryOptions::new()),
        "RuntimeError",
        "zeros: Dimension size must be non-negative.",
    );
    expect_err(
        factories::randn(&[-1], FactoryOptions::new().device(Device::meta()), GeneratorArg::Absent),
        "RuntimeError",
        "Expected cond to be True, but got False. (Could this error message be improved? If so, please report an \
         enhancement request to PyTorch.)",
    );
    // with generator=None it is empty then normal_: the sizes' error
    expect_err(
        factories::randn(&[-1], FactoryOptions::new().device(Device::meta()), GeneratorArg::Default),
        "RuntimeError",
        "Trying to create tensor with negative dimension -1: [-1]",
    );
}

#[test]
fn sparse_layout() {
    let sparse = || FactoryOptions::new().layout(Layout::SparseCoo);
    let z = factories::zeros(&[2, 3], sparse()).unwrap();
    assert_eq!(z.sparse().map(|s| (s.sizes().to_vec(), s.sparse_dim())), Some((vec![2, 3], 2)));
    expect_err(factories::ones(&[2], sparse()), "RuntimeError", "full(...) is not implemented for sparse layout");
    expect_err(factories::full(&[2], 1.5, sparse()), "RuntimeError", "full(...) is not implemented for sparse layout");
    expect_err(
        factories::rand(&[2], sparse(), GeneratorArg::Absent),
        "NotImplementedError",
        "Could not run 'aten::uniform_' with arguments from the 'SparseCPU' backend.",
    );
    expect_err(
        factories::arange(0, 3, 1, sparse()),
        "NotImplementedError",
        "Could not run 'aten::arange.start_out' with arguments from the 'SparseCPU' backend.",
    );
    // the *_like factories follow their input
    let s = factories::like(&z, LikeFill::Empty, FactoryOptions::new(), None).unwrap();
    assert!(s.sparse().is_some());
    let dense = factories::like(&z, LikeFill::Zeros, FactoryOptions::new().layout(Layout::Strided), None).unwrap();
    assert_eq!(strided(dense).sizes(), [2, 3]);
    expect_err(
        factories::like(&z, LikeFill::Ones, FactoryOptions::new(), None),
        "NotImplementedError",
        "Could not run 'aten::fill_.Scalar' with arguments from the 'SparseCPU' backend.",
    );
}

#[test]
fn linspace_takes_zero_dim_tensor_bounds() {
    let start = oxtorch::scalar_tensor(0, ()).unwrap();
    let end = oxtorch::scalar_tensor(1, ()).unwrap();
    let t = strided(factories::linspace(&start, &end, 5, FactoryOptions::new()).unwrap());
    assert_eq!(t.dtype(), DType::Float32);
    assert_eq!(values(&t), [0.0, 0.25, 0.5, 0.75, 1.0]);
    let vector = oxtorch::zeros(&[1], ()).unwrap();
    expect_err(
        factories::linspace(&vector, &end, 5, FactoryOptions::new()),
        "RuntimeError",
        "linspace only supports 0-dimensional start and end tensors, but got start with 1 dimension(s) and end with \
         0 dimension(s).",
    );
    expect_err(
        factories::linspace(AnyOperand::Scalar(Scalar::Int(0)), &vector, 5, FactoryOptions::new()),
        "RuntimeError",
        "linspace only supports 0-dimensional start and end tensors, but got end with 1 dimension(s).",
    );
    // a bound on the meta device: PyTorch's meta function, whatever the bound's dtype
    let meta = oxtorch::scalar_tensor(0, TensorOptions::new().dtype(DType::Complex128).device(Device::meta())).unwrap();
    let t = strided(factories::linspace(&meta, 1, 3, FactoryOptions::new()).unwrap());
    assert_eq!((t.dtype(), t.device(), t.sizes().to_vec()), (DType::Float32, Device::meta(), vec![3]));
}
