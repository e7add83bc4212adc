//! The process-wide default dtype and default device. Every check that changes them is in the one test below,
//! run sequentially, so no other test can observe the changed defaults (each integration-test file is its own
//! process).

use oxtorch::{
    arange, full, get_default_device, get_default_dtype, set_default_device, set_default_dtype, tensor, zeros, DType,
    DefaultDeviceGuard, Device,
};

#[track_caller]
fn expect_err<T: std::fmt::Debug>(r: oxtorch::Result<T>, kind: &str, message: &str) {
    match r {
        Ok(v) => panic!("expected {kind}: {message}\n   got Ok({v:?})"),
        Err(e) => assert_eq!((e.kind_name(), e.message()), (kind, message)),
    }
}

#[test]
fn default_dtype_and_device() {
    let (dtype0, device0) = (get_default_dtype(), get_default_device());
    assert_eq!(dtype0, DType::Float32);
    assert_eq!(device0, Device::cpu());

    // With bfloat16 as the default, complex data has no complex type to infer (differential fuzzer, F22).
    set_default_dtype(DType::BFloat16).unwrap();
    let complex = oxtorch::Scalar::Complex(num_complex::Complex::new(0.0, 1.0));
    let r = oxtorch::tensor::factory::tensor_from_scalars(&[complex], &[], ());
    set_default_dtype(DType::Float32).unwrap();
    expect_err(r, "RuntimeError", "invalid default scalar type for complex");

    // Only floating dtypes can be the default; a refused one leaves the default unchanged.
    let msg = "only floating-point types are supported as the default type";
    for dtype in [DType::Bool, DType::UInt8, DType::Int8, DType::Int16, DType::Int32, DType::Int64] {
        expect_err(set_default_dtype(dtype), "TypeError", msg);
    }
    for dtype in [DType::Complex64, DType::Complex128] {
        expect_err(set_default_dtype(dtype), "TypeError", msg);
    }
    assert_eq!(get_default_dtype(), DType::Float32);

    for dtype in [DType::Float64, DType::Float16, DType::BFloat16, DType::Float32] {
        set_default_dtype(dtype).unwrap();
        assert_eq!(get_default_dtype(), dtype);
        assert_eq!(full(&[2], 1.5, ()).unwrap().dtype(), dtype);
        assert_eq!(tensor([1.0, 2.0], ()).unwrap().dtype(), dtype);
        assert_eq!(zeros(&[1], ()).unwrap().dtype(), dtype);
        assert_eq!(arange(3, ()).unwrap().dtype(), DType::Int64);
    }
    set_default_dtype(DType::Float64).unwrap();
    assert_eq!(
        tensor([oxtorch::Scalar::from(num_complex::Complex::new(1.0f64, 2.0))], ()).unwrap().dtype(),
        DType::Complex128
    );
    set_default_dtype(dtype0).unwrap();

    // A default device this machine lacks makes factories fail with PyTorch's error; explicit devices still work.
    let count = oxtorch::cuda::device_count();
    let cuda = Device::cuda(u8::try_from(count).unwrap()).unwrap();
    {
        let guard = DefaultDeviceGuard::new(cuda);
        assert_eq!(guard.previous(), device0);
        assert_eq!(get_default_device(), cuda);
        let e = zeros(&[2], ()).unwrap_err();
        if count == 0 {
            assert_eq!((e.kind_name(), e.message()), ("RuntimeError", oxtorch::cuda::NO_DRIVER_MSG));
        } else {
            assert_eq!(e.kind_name(), "AcceleratorError");
        }
        assert!(tensor([1, 2], ()).is_err());
        assert!(zeros(&[2], Device::cpu()).unwrap().device().is_cpu());
        {
            let _meta = DefaultDeviceGuard::new(Device::meta());
            let m = zeros(&[2, 3], ()).unwrap();
            assert!(m.is_meta());
            expect_err(m.item(), "RuntimeError", "Tensor.item() cannot be called on meta tensors");
        }
        assert_eq!(get_default_device(), cuda);
    }
    assert_eq!(get_default_device(), device0);

    set_default_device(Device::meta());
    assert!(arange(4, ()).unwrap().is_meta());
    set_default_device(device0);
    assert!(arange(4, ()).unwrap().device().is_cpu());

    assert_eq!((get_default_dtype(), get_default_device()), (dtype0, device0));
}
