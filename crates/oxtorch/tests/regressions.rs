//! Regression tests for the causes the differential fuzzer (`fuzz/differential`) found in the core library, one
//! test per cause, each with PyTorch 2.15's answer written out (so no PyTorch is needed to run them). The Python
//! side has its own file, `crates/oxtorch-py/python/tests/test_regressions.py`.

use oxtorch::scalar::{cpp_double, ConversionCheck};
use oxtorch::tensor::factory::check_data_value;
use oxtorch::{
    arange, arange_step, full, linspace, scalar_tensor, tensor, zeros, DType, Device, Error, Scalar, Tensor,
    TensorIndex, TensorOptions,
};

fn expect_err<T: std::fmt::Debug>(r: oxtorch::Result<T>, kind: &str, message: &str) {
    match r {
        Ok(v) => panic!("expected {kind}: {message}, got Ok({v:?})"),
        Err(e) => assert_eq!((e.kind_name(), e.message()), (kind, message)),
    }
}

fn ints(t: &Tensor) -> Vec<i64> {
    t.to_scalars().unwrap().iter().map(Scalar::to_i64).collect()
}

fn floats(t: &Tensor) -> Vec<f64> {
    t.to_scalars().unwrap().iter().map(Scalar::to_f64).collect()
}

fn opts(dtype: DType) -> TensorOptions {
    TensorOptions::new().dtype(dtype)
}

// ----- panics -----

#[test]
fn regression_unflatten_of_zero_dim_tensor_does_not_panic() {
    // torch.tensor(5).unflatten(0, (1,)): index out of bounds in view.rs before the fix
    let s = scalar_tensor(5, ()).unwrap();
    expect_err(
        s.unflatten(0, &[1]),
        "RuntimeError",
        "unflatten got an unexpected error:\nDimension specified as 0 but tensor has no dimensions",
    );
    expect_err(s.unflatten(0, &[]), "RuntimeError", "unflatten: sizes must be non-empty");
}

#[test]
fn regression_split_of_zero_dim_tensor_does_not_panic() {
    // torch.tensor(5).split([1], 0)
    let s = scalar_tensor(5, ()).unwrap();
    expect_err(s.split_with_sizes(&[1], 0), "RuntimeError", "split expects at least a 1-dimensional tensor");
    expect_err(s.split_with_sizes(&[1], -2), "RuntimeError", "split expects at least a 1-dimensional tensor");
    expect_err(s.split(1, 0), "RuntimeError", "split expects at least a 1-dimensional tensor");
}

#[test]
fn regression_arange_with_integer_dtype_and_fractional_step_does_not_divide_by_zero() {
    // torch.arange(0, 5, 0.5, dtype=torch.int64): ten elements, the step truncated to 0 for the values
    let t = arange_step(0, 5, 0.5, opts(DType::Int64)).unwrap();
    assert_eq!(ints(&t), vec![0; 10]);
    let t = arange_step(0.5, 5, 1.5, opts(DType::Int32)).unwrap();
    assert_eq!(ints(&t), vec![0, 1, 2]);
    let t = arange_step(-3, 5, 1.7, opts(DType::Int64)).unwrap();
    assert_eq!(ints(&t), vec![-3, -2, -1, 0, 1]);
    expect_err(arange_step(0, 5, 0, opts(DType::Int32)), "RuntimeError", "step must be nonzero");
}

#[test]
fn regression_arange_huge_length_is_an_error_not_a_capacity_overflow() {
    // torch.arange(1e20, 7.0, -10, dtype=torch.int64): the length does not fit int64
    expect_err(arange_step(1e20, 7.0, -10, opts(DType::Int64)), "RuntimeError", "invalid size, possible overflow?");
    expect_err(arange_step(0, 1e20, 1, opts(DType::Int32)), "RuntimeError", "invalid size, possible overflow?");
    // a length that fits int64 but not memory is an allocation error, not an abort; one whose byte count does
    // not fit int64 is PyTorch's storage-size error
    let e = arange_step(0i64, 1i64 << 60, 1i64, opts(DType::Int8)).unwrap_err();
    assert!(e.message().contains("can't allocate memory"), "{e}");
    expect_err(
        arange_step(0i64, 1i64 << 62, 1i64, ()),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[4611686018427387904]",
    );
}

#[test]
fn regression_random_factories_beyond_memory_are_an_error_not_an_abort() {
    // torch.rand(2**40) and friends: PyTorch's allocation error (fuzz/FINDINGS.md, F15)
    let huge = [1usize << 41];
    for r in [oxtorch::rand(&huge, (), None), oxtorch::randn(&huge, (), None), oxtorch::randint(0, 5, &huge, (), None)]
    {
        let e = r.unwrap_err();
        assert!(e.message().contains("can't allocate memory"), "{e}");
    }
    expect_err(
        oxtorch::rand(&[1 << 62, 4, 0], (), None),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[4611686018427387904, 4, 0]",
    );
    assert_eq!(oxtorch::rand(&[3, 0], (), None).unwrap().numel(), 0);
    // an empty channels-last tensor whose other sizes multiply past 64 bits (cargo-fuzz: a debug-build overflow
    // in the contiguity check) is refused, as PyTorch's `empty` refuses it: its contiguous strides overflow (F50)
    let cl = TensorOptions::new().memory_format(oxtorch::MemoryFormat::ChannelsLast);
    expect_err(oxtorch::randn(&[0, 1 << 45, 1 << 45, 3], cl, None), "RuntimeError", "Stride calculation overflowed");
    let t = oxtorch::randn(&[0, 1 << 20, 1 << 20, 3], cl, None).unwrap();
    assert!(t.numel() == 0 && t.is_contiguous_in(oxtorch::MemoryFormat::ChannelsLast));
    // filling an empty tensor plans no loop over the huge sizes (cargo-fuzz: a debug-build overflow in the loop
    // planner)
    t.fill_(1.5).unwrap();
    oxtorch::empty(&[1 << 40, 0, 1 << 40], ()).unwrap().fill_(2).unwrap();
}

#[test]
fn regression_sizes_whose_product_overflows_are_refused() {
    // torch.zeros(2**62, 4, 0) and torch.zeros(0, 2**62, 4): PyTorch's size checks (the loop planner multiplied
    // such sizes and overflowed in debug builds)
    expect_err(
        zeros(&[1 << 62, 4, 0], ()),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[4611686018427387904, 4, 0]",
    );
    expect_err(zeros(&[0, 1 << 62, 4], ()), "RuntimeError", "Stride calculation overflowed");
    assert_eq!(zeros(&[(1 << 63) - 1, 2, 0], ()).unwrap().numel(), 0);
    expect_err(
        zeros(&[usize::MAX, 0], ()),
        "RuntimeError",
        "Trying to create tensor with negative dimension -1: [-1, 0]",
    );
    let meta = TensorOptions::new().device(oxtorch::Device::meta());
    expect_err(
        oxtorch::empty(&[1 << 62, 4, 0], meta),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[4611686018427387904, 4, 0]",
    );
}

// ----- arange and linspace -----

#[test]
fn regression_arange_messages_and_checks_in_pytorch_order() {
    expect_err(arange_step(0, 5, -1, ()), "RuntimeError", "upper bound and lower bound inconsistent with step sign");
    expect_err(arange_step(0.0, 5.0, f64::INFINITY, ()), "RuntimeError", "step must be finite but got inf");
    expect_err(arange_step(0.0, 5.0, f64::NAN, ()), "RuntimeError", "step must be finite but got nan");
    expect_err(arange_step(0.0, f64::NAN, 1, ()), "RuntimeError", "unsupported range: 0 -> nan");
    expect_err(arange_step(f64::NEG_INFINITY, 1e20, 1, ()), "RuntimeError", "unsupported range: -inf -> 1e+20");
    // no kernel for bool and complex: checked before the bounds
    expect_err(
        arange_step(5, 0, 1, opts(DType::Bool)),
        "NotImplementedError",
        "\"arange_cpu\" not implemented for 'Bool'",
    );
    expect_err(
        arange(3, opts(DType::Complex64)),
        "NotImplementedError",
        "\"arange_cpu\" not implemented for 'ComplexFloat'",
    );
    // a complex bound with an imaginary part cannot be read as a double; without one it is a real bound
    let c = |re, im| Scalar::Complex(num_complex::Complex::new(re, im));
    expect_err(arange(c(1.0, 1.0), ()), "RuntimeError", "value cannot be converted to type double without overflow");
    assert_eq!(floats(&arange(c(1.0, 0.0), ()).unwrap()), vec![0.0]);
    // every bound a Python int or bool: int64, else the default dtype
    assert_eq!(arange(Scalar::Bool(true), ()).unwrap().dtype(), DType::Int64);
    assert_eq!(arange_step(0, 3, 1.0, ()).unwrap().dtype(), DType::Float32);
}

#[test]
fn regression_arange_values_in_the_accumulate_type() {
    // float16 values are computed in float: start + step * i, rounded once to half
    let t = arange_step(0.1, 1.0, 0.3, opts(DType::Float16)).unwrap();
    assert_eq!(floats(&t), vec![0.0999755859375, 0.39990234375, 0.7001953125]);
    // a large arange is filled in chunks and on meta only sized
    let big = arange(100_000, opts(DType::Int32)).unwrap();
    assert_eq!(big.sizes(), &[100_000]);
    assert_eq!(ints(&big.narrow(0, 99_998, 2).unwrap()), vec![99_998, 99_999]);
    let meta = arange(1i64 << 40, TensorOptions::new().device(oxtorch::Device::meta())).unwrap();
    assert_eq!(meta.sizes(), &[1usize << 40]);
}

#[test]
fn regression_linspace_one_step_gives_start() {
    // torch.linspace(complex(-6, .25), -1, 1) -> tensor([-6.+0.2500j])
    let c = Scalar::Complex(num_complex::Complex::new(-6.0, 0.25));
    let t = linspace(c, -1, 1, ()).unwrap();
    assert_eq!(t.to_scalars().unwrap(), vec![Scalar::Complex(num_complex::Complex::new(-6.0, 0.25))]);
    assert_eq!(floats(&linspace(2.5, 7, 1, ()).unwrap()), vec![2.5]);
}

#[test]
fn regression_linspace_checks_and_dtype_arithmetic() {
    let c = Scalar::Complex(num_complex::Complex::new(1.0, 2.0));
    expect_err(
        linspace(c, 5, 3, opts(DType::Int64)),
        "RuntimeError",
        "torch.linspace(): inferred dtype c10::complex<float> can't be safely cast to passed dtype Long",
    );
    expect_err(
        linspace(0, 1, 3, opts(DType::Bool)),
        "NotImplementedError",
        "\"linspace_cpu\" not implemented for 'Bool'",
    );
    // integer dtypes: the bounds converted first, then double arithmetic truncated
    assert_eq!(ints(&linspace(0, 10, 4, opts(DType::Int64)).unwrap()), vec![0, 3, 6, 10]);
    // float32 arithmetic (PyTorch computes the step and each value in the dtype)
    let t = linspace(0.0, 1.0, 7, opts(DType::Float32)).unwrap();
    let s = 1.0f32 / 6.0;
    let expect: Vec<f64> =
        vec![0.0, s as f64, (s * 2.0) as f64, (1.0 - s * 3.0) as f64, (1.0 - s * 2.0) as f64, (1.0 - s) as f64, 1.0];
    assert_eq!(floats(&t), expect);
}

// ----- views and indexing -----

#[test]
fn regression_expand_new_leading_dims_get_contiguous_strides() {
    // torch.arange(4).expand(1, 4).stride() == (4, 1); torch.zeros(3, 1).expand(1, 3, 1).stride() == (3, 1, 1)
    let t = arange(4, ()).unwrap();
    assert_eq!(t.expand(&[1, 4]).unwrap().strides(), &[4, 1]);
    let z = zeros(&[3, 1], ()).unwrap();
    assert_eq!(z.expand(&[1, 3, 1]).unwrap().strides(), &[3, 1, 1]);
    assert_eq!(z.expand(&[2, 3, 1]).unwrap().strides(), &[0, 1, 1]);
    // a 0-dim tensor expands with zero strides everywhere
    let s = scalar_tensor(5, ()).unwrap();
    assert_eq!(s.expand(&[1, 1]).unwrap().strides(), &[0, 0]);
    expect_err(
        z.expand(&[-1, 3, 1]),
        "RuntimeError",
        "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0",
    );
    expect_err(zeros(&[1], ()).unwrap().expand(&[-2, 3]), "RuntimeError", "numel: integer multiplication overflow");
}

#[test]
fn regression_view_shape_errors_follow_infer_size() {
    let t = arange(3, ()).unwrap();
    expect_err(t.view(&[-1, 0]), "RuntimeError", "shape '[-1, 0]' is invalid for input of size 3");
    expect_err(t.reshape(&[-1, -2]), "RuntimeError", "invalid shape dimension -2 at index 1 of shape [-1, -2]");
    let empty = zeros(&[0], ()).unwrap();
    expect_err(empty.view(&[1 << 62, 1 << 62, 0]), "RuntimeError", "numel: integer multiplication overflow");
}

#[test]
fn regression_permute_message_is_pytorchs() {
    let t = zeros(&[2, 3], ()).unwrap();
    expect_err(
        t.permute(&[0]),
        "RuntimeError",
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 1",
    );
}

#[test]
fn regression_unflatten_messages() {
    let t = zeros(&[2, 3], ()).unwrap();
    expect_err(
        t.unflatten(-1, &[2, 2]),
        "RuntimeError",
        "unflatten: Provided sizes [2, 2] don't multiply up to the size of dim 1 (3) in the input tensor",
    );
    expect_err(
        t.unflatten(1, &[-2, 2]),
        "RuntimeError",
        "unflatten got an unexpected error:\ninvalid shape dimension -2 at index 0 of shape [-2, 2]",
    );
    // sizes are checked before the dimension
    expect_err(t.unflatten(5, &[]), "RuntimeError", "unflatten: sizes must be non-empty");
}

#[test]
fn regression_chunk_of_empty_tensor_into_absurdly_many_pieces() {
    // torch.zeros(0).chunk(2**62): a vector of 2**62 sizes is refused, not a capacity-overflow panic
    let t = zeros(&[0], ()).unwrap();
    expect_err(t.chunk(1 << 62, 0), "RuntimeError", "cannot create std::vector larger than max_size()");
    assert_eq!(t.chunk(5, 0).unwrap().len(), 5);
    // a huge `chunks` wraps in PyTorch's int64 arithmetic (cargo-fuzz found the debug-build overflow)
    let three = zeros(&[3], ()).unwrap();
    expect_err(
        three.chunk(i64::MAX, 0),
        "RuntimeError",
        "split expects split_size be non-negative, but got split_size=-1",
    );
    assert_eq!(three.chunk(i64::MAX - 2, 0).unwrap().len(), 3);
    assert_eq!(zeros(&[1], ()).unwrap().chunk(i64::MAX, 0).unwrap().len(), 1);
    // the same for split: one piece, and split_with_sizes with sizes whose sum wraps is refused, not a panic
    assert_eq!(three.split(i64::MAX, 0).unwrap().len(), 1);
    assert!(three.split_with_sizes(&[i64::MAX, i64::MAX, 5], 0).is_err());
    // a piece count beyond memory is an error, not an abort (cargo-fuzz: 2^44 views of a huge empty tensor)
    let huge = oxtorch::empty(&[1 << 45, 0], ()).unwrap();
    expect_err(huge.split(2, 0), "RuntimeError", "std::bad_alloc");
}

#[test]
fn regression_split_with_negative_sizes_message() {
    let t = zeros(&[2, 3], ()).unwrap();
    expect_err(
        t.split_with_sizes(&[4, -1], 1),
        "RuntimeError",
        "split_with_sizes expects split_sizes have only non-negative entries, but got split_sizes=[4, -1]",
    );
}

#[test]
fn regression_squeeze_of_a_dim_list_refuses_duplicates() {
    let t = zeros(&[2, 1, 3], ()).unwrap();
    expect_err(t.squeeze_dims(&[1, -2]), "RuntimeError", "dim 1 appears multiple times in the list of dims");
    assert_eq!(t.squeeze_dims(&[0, 1]).unwrap().sizes(), &[2, 3]);
    let s = scalar_tensor(1, ()).unwrap();
    expect_err(s.squeeze_dims(&[0, -1]), "RuntimeError", "dim 0 appears multiple times in the list of dims");
}

#[test]
fn regression_expand_type_strings() {
    // PyTorch's toString(): CPUBoolType, CPUBFloat16Type, CPUComplexFloatType, else the legacy name
    for (dtype, name) in [
        (DType::Bool, "CPUBoolType"),
        (DType::BFloat16, "CPUBFloat16Type"),
        (DType::Complex64, "CPUComplexFloatType"),
        (DType::Float16, "oxtorch.HalfTensor"),
    ] {
        let t = zeros(&[2, 2], opts(dtype)).unwrap();
        expect_err(
            t.expand(&[2]),
            "RuntimeError",
            &format!("expand({name}{{[2, 2]}}, size=[2]): the number of sizes provided (1) must be greater or equal to the number of dimensions in the tensor (2)"),
        );
    }
}

#[test]
fn regression_index_tuple_and_single_semantics() {
    use TensorIndex::{Ellipsis, Int, NewAxis};
    let x = zeros(&[2, 2], ()).unwrap();
    // the position in the tuple names the dimension
    expect_err(x.index(&[NewAxis, Int(5)]), "IndexError", "index 5 is out of bounds for dimension 1 with size 2");
    expect_err(x.index_tuple(&[Int(5)]), "IndexError", "index 5 is out of bounds for dimension 0 with size 2");
    // several ellipses are accepted
    assert_eq!(x.index(&[Int(1), Ellipsis, Ellipsis]).unwrap().sizes(), &[2]);
    // 0-dim tensors
    let s = scalar_tensor(1, ()).unwrap();
    expect_err(s.index(&[TensorIndex::full()]), "IndexError", "slice() cannot be applied to a 0-dim tensor.");
    expect_err(s.index(&[TensorIndex::slice(None, None, Some(-1))]), "ValueError", "step must be greater than zero");
    expect_err(s.index(&[NewAxis, Int(0)]), "IndexError", "too many indices for tensor of dimension 0");
    expect_err(s.index(&[Int(1)]), "IndexError", "index 1 is out of bounds for dimension 0 with size 0");
    // zero step
    expect_err(x.index(&[TensorIndex::slice(None, None, Some(0))]), "ValueError", "slice step cannot be zero");
    // too many indices comes before the zero step in a tuple
    expect_err(
        x.index(&[TensorIndex::slice(None, None, Some(0)), Int(1), Int(1)]),
        "IndexError",
        "too many indices for tensor of dimension 2",
    );
}

#[test]
fn regression_detach_shares_storage() {
    let t = arange(4, ()).unwrap();
    let d = t.detach();
    assert!(d.is_alias_of(&t) && d.sizes() == t.sizes() && d.strides() == t.strides());
    d.fill_(7).unwrap();
    assert_eq!(ints(&t), vec![7; 4]);
}

// ----- checked conversions -----

#[test]
fn regression_checked_scalar_conversions() {
    use ConversionCheck::{Fill, Strict};
    let e = |v: Scalar, d: DType, c: ConversionCheck| v.check_convertible(d, c).err().map(|e| e.to_string());
    // uint8 takes -255..=255 from integers (negative ones wrap)
    assert_eq!(e(Scalar::Int(-255), DType::UInt8, Strict), None);
    assert_eq!(
        e(Scalar::Int(-256), DType::UInt8, Strict).unwrap(),
        "value cannot be converted to type uint8_t without overflow"
    );
    // floats into integers: below the lowest, or at or above max + 1
    assert_eq!(e(Scalar::Float(255.5), DType::UInt8, Strict), None);
    assert!(e(Scalar::Float(-0.5), DType::UInt8, Strict).is_some());
    assert_eq!(e(Scalar::Float(127.99), DType::Int8, Strict), None);
    assert!(e(Scalar::Float(-128.5), DType::Int8, Strict).is_some());
    assert_eq!(
        e(Scalar::Float(f64::NAN), DType::Int32, Strict).unwrap(),
        "value cannot be converted to type int without overflow"
    );
    // float16 beyond its range, strictly and when filling many elements; through double when filling one
    assert_eq!(
        e(Scalar::Float(65519.0), DType::Float16, Strict).unwrap(),
        "value cannot be converted to type c10::Half without overflow"
    );
    assert_eq!(e(Scalar::Float(70000.0), DType::Float16, Fill), None);
    let c = Scalar::Complex(num_complex::Complex::new(0.0, 1.0));
    assert_eq!(e(c, DType::BFloat16, Fill).unwrap(), "value cannot be converted to type double without overflow");
    assert_eq!(e(c, DType::Float32, Strict).unwrap(), "value cannot be converted to type float without overflow");
    assert_eq!(
        e(Scalar::Float(1e300), DType::Complex64, Strict).unwrap(),
        "value cannot be converted to type c10::complex<float> without overflow"
    );
    assert_eq!(e(Scalar::Float(f64::INFINITY), DType::Float32, Strict), None);
    assert_eq!(e(Scalar::Int(5), DType::Bool, Strict), None);
}

#[test]
fn regression_full_checks_its_fill_value() {
    expect_err(
        full(&[2], 1e300, opts(DType::Float32)),
        "RuntimeError",
        "value cannot be converted to type float without overflow",
    );
    expect_err(
        full(&[2], 70000.0, opts(DType::Float16)),
        "RuntimeError",
        "value cannot be converted to type c10::Half without overflow",
    );
    assert_eq!(floats(&full(&[1], 70000.0, opts(DType::Float16)).unwrap()), vec![f64::INFINITY]);
    expect_err(
        full(&[2], -0.5, opts(DType::UInt8)),
        "RuntimeError",
        "value cannot be converted to type uint8_t without overflow",
    );
}

#[test]
fn regression_tensor_data_checks() {
    let c = Scalar::Complex(num_complex::Complex::new(1.0, 0.0));
    expect_err(check_data_value(&c, DType::Int8), "TypeError", "'complex' object cannot be interpreted as an integer");
    expect_err(check_data_value(&c, DType::Float32), "TypeError", "must be real number, not complex");
    assert!(check_data_value(&c, DType::Bool).is_ok());
    expect_err(
        tensor([300], opts(DType::UInt8)),
        "RuntimeError",
        "value cannot be converted to type uint8 without overflow",
    );
    expect_err(
        tensor([-0.5], opts(DType::UInt8)),
        "RuntimeError",
        "value cannot be converted to type uint8 without overflow",
    );
    assert_eq!(ints(&tensor([-1], opts(DType::UInt8)).unwrap()), vec![255]);
    assert_eq!(floats(&tensor([70000.0], opts(DType::Float16)).unwrap()), vec![f64::INFINITY]);
}

#[test]
fn regression_random_factory_checks() {
    expect_err(
        oxtorch::rand(&[2], opts(DType::Int32), None),
        "NotImplementedError",
        "\"check_uniform_bounds\" not implemented for 'Int'",
    );
    expect_err(
        oxtorch::randn(&[2], opts(DType::Bool), None),
        "NotImplementedError",
        "\"normal_kernel_cpu\" not implemented for 'Bool'",
    );
    expect_err(
        oxtorch::randint(0, 3, &[2], opts(DType::Complex64), None),
        "RuntimeError",
        "check_random_bounds handles only integral, floating-point and boolean types",
    );
    expect_err(
        oxtorch::randint(0, 5, &[2], opts(DType::Bool), None),
        "RuntimeError",
        "to - 1 is out of bounds for bool",
    );
    expect_err(
        oxtorch::randint(-3, 3, &[2], opts(DType::UInt8), None),
        "RuntimeError",
        "from is out of bounds for unsigned char",
    );
    // the memory format is checked before the bounds
    let t = zeros(&[2, 3], ()).unwrap();
    let o = TensorOptions { memory_format: Some(oxtorch::MemoryFormat::ChannelsLast), ..TensorOptions::new() };
    expect_err(t.randint_like(3, 2, o), "RuntimeError", "required rank 4 tensor to use channels_last format");
}

#[test]
fn regression_cpp_double_formatting() {
    assert_eq!(cpp_double(0.0), "0");
    assert_eq!(cpp_double(1.5), "1.5");
    assert_eq!(cpp_double(1e20), "1e+20");
    assert_eq!(cpp_double(1234567.0), "1.23457e+06");
    assert_eq!(cpp_double(0.0001), "0.0001");
    assert_eq!(cpp_double(0.00001), "1e-05");
    assert_eq!(cpp_double(-2.5), "-2.5");
    assert_eq!(cpp_double(f64::NAN), "nan");
}

// ----- printing -----

#[test]
fn regression_printing_reads_only_what_it_shows() {
    // a 2**24-element tensor printed through display::repr: PyTorch's text, without converting every element
    let t = arange(1 << 24, opts(DType::Float32)).unwrap();
    let started = std::time::Instant::now();
    let text = oxtorch::display::repr(&t);
    assert_eq!(text, "tensor([0.0000e+00, 1.0000e+00, 2.0000e+00,  ..., 1.6777e+07, 1.6777e+07,\n        1.6777e+07])");
    assert!(started.elapsed().as_millis() < 100, "{:?}", started.elapsed());
    // cpu and meta tensors show no device index; a meta tensor gets its device suffix
    let m = oxtorch::empty(&[2], TensorOptions::new().device(oxtorch::Device::parse("meta:0").unwrap())).unwrap();
    assert_eq!(oxtorch::display::repr(&m), "tensor(..., device='meta', size=(2,))");
}

#[test]
fn regression_error_kinds_are_stable() {
    // the error classes the Python layer maps one to one
    assert_eq!(Error::NotImplemented(String::new()).kind_name(), "NotImplementedError");
}

#[test]
fn regression_differential_fuzzer_round_two() {
    // torch.zeros((0, 1, 0), dtype=int16).floor_divide(tensor(0, dtype=int16)): no element, so no kernel and no
    // ZeroDivisionError
    let empty = zeros(&[0, 1, 0], DType::Int16).unwrap();
    let zero = zeros(&[], DType::Int16).unwrap();
    let floor = oxtorch::tensor::ops::BinaryOp::Div { rounding_mode: Some(oxtorch::tensor::ops::RoundingMode::Floor) };
    assert_eq!(empty.binary(floor, &zero).unwrap().sizes(), &[0, 1, 0]);
    // an empty as_strided view of a 0-dim tensor takes a copy of that tensor: nothing to write, no aliasing error
    let v0 = tensor(2i64, ()).unwrap();
    let v1 = v0.as_strided(&[3, 4, 0], &[3, 2, 0], None).unwrap();
    v1.copy_(&v0).unwrap();
    // allclose of bools compares |a - b| as PyTorch does (in the default dtype)
    let a = tensor([true, true, false], ()).unwrap();
    let b = tensor([true], ()).unwrap();
    assert!(!a.allclose(&b, 1e-5, 0.0, true).unwrap());
    assert!(tensor([false], ()).unwrap().allclose(&b, 0.0, 1.0, false).unwrap());
    // an out= of another shape keeps its storage when it holds the result: other views of it see the values
    let base = zeros(&[1, 2], DType::Float32).unwrap();
    let mut out = base.transpose(0, 1).unwrap();
    let lhs = tensor([[-12i16, 20]], ()).unwrap();
    oxtorch::tensor::ops::binary_out(oxtorch::tensor::ops::BinaryOp::DIV, &lhs, tensor(4i8, ()).unwrap(), &mut out)
        .unwrap();
    assert_eq!(out.sizes(), &[1, 2]);
    assert_eq!(base.to_vec::<f32>().unwrap(), [-3.0, 5.0]);
    // new outputs with an empty dimension: TensorIterator's strides (zero after the empty dimension when the
    // memory order is not the natural one, plain contiguous when it is)
    let add = |a: &oxtorch::Tensor, b: &oxtorch::Tensor| a.add(b).unwrap().strides().to_vec();
    let z = |s: &[usize], d: DType| zeros(s, d).unwrap();
    assert_eq!(add(&z(&[1, 0, 1], DType::Complex64), &z(&[1, 1, 1], DType::UInt8)), [0, 1, 0]);
    assert_eq!(add(&z(&[2, 0, 3], DType::Float32), &z(&[1, 0, 3], DType::Float32)), [3, 3, 1]);
    assert_eq!(add(&z(&[4, 0], DType::Float32).t().unwrap(), &z(&[1, 4], DType::Float32)), [1, 0]);
    // the same bytes in another order is a partial overlap to PyTorch (a.add_(a.t()), v0 += v0.view(2, 1, 2))
    let a = oxtorch::arange(9.0, ()).unwrap().reshape(&[3, 3]).unwrap();
    let e = a.add_(a.t().unwrap()).unwrap_err();
    assert!(e.message().starts_with("unsupported operation: some elements of the input tensor"), "{e}");
    let v0 = oxtorch::full(&[4, 1], 14, DType::Int32).unwrap();
    assert!(v0.add_(v0.view(&[2, 1, 2]).unwrap()).is_err());
    assert!(v0.add_(v0.view(&[4, 1]).unwrap()).is_ok());
}

/// F16: float -> int8 / int16 casts go through int32 as PyTorch's x86-64 `static_cast` compiles them (1e10 gives
/// 0, not the low bits of 10^10); uint8 stays on c10's int64 route.
#[test]
fn regression_narrow_integer_casts_go_through_int32() {
    let values = [1e10, -1e10, 3e9, 70000.5, -70000.5, 1_099_511_640_121.0, f64::INFINITY, f64::NAN];
    let t = tensor(values, DType::Float64).unwrap();
    assert_eq!(ints(&t.to_dtype(DType::Int16).unwrap()), [0, 0, 0, 4464, -4464, 0, 0, 0]);
    assert_eq!(ints(&t.to_dtype(DType::Int8).unwrap()), [0, 0, 0, 112, -112, 0, 0, 0]);
    assert_eq!(ints(&t.to_dtype(DType::UInt8).unwrap()), [0, 0, 0, 112, 144, 57, 0, 0]);
    let c = t.to_dtype(DType::Complex64).unwrap();
    assert_eq!(ints(&c.to_dtype(DType::Int16).unwrap()), [0, 0, 0, 4464, -4464, 0, 0, 0]);
}

/// F17: `x.T` (every dimension reversed) and `x.mT` (the last two swapped) were missing.
#[test]
fn regression_reverse_dims_and_matrix_transpose() {
    let x = zeros(&[2, 3, 4], DType::Float32).unwrap();
    let t = x.reverse_dims();
    assert_eq!((t.sizes(), t.strides()), (&[4, 3, 2][..], &[1, 4, 12][..]));
    let m = x.matrix_transpose().unwrap();
    assert_eq!((m.sizes(), m.strides()), (&[2, 4, 3][..], &[12, 1, 4][..]));
    let s = scalar_tensor(Scalar::Float(1.0), TensorOptions::new()).unwrap();
    assert_eq!(s.reverse_dims().sizes(), &[] as &[usize]);
    assert!(s.matrix_transpose().is_ok());
    expect_err(
        zeros(&[3], DType::Float32).unwrap().matrix_transpose(),
        "RuntimeError",
        "tensor.mT is only supported on matrices or batches of matrices. Got 1-D tensor.",
    );
}

/// F20: a tensor made by a view operation knows its base (PyTorch's `_base`), `detach()` and copies are not views.
#[test]
fn regression_views_record_their_base() {
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    let t = x.t().unwrap();
    assert!(t.is_view() && t.view_base().unwrap().is_same(&x));
    assert!(t.t().unwrap().view_base().unwrap().is_same(&x));
    assert!(!x.detach().is_view() && !x.is_view());
    assert!(!t.reshape(&[6]).unwrap().is_view());
    assert!(x.reshape(&[6]).unwrap().is_view());
    assert!(x.as_strided(&[2], &[1], None).unwrap().is_view());
}

/// F21: random factories allocate before their kernel checks the arguments, as PyTorch's do (a storage-size
/// overflow wins over a dtype error), and `normal_`'s kernel does not run for no elements.
#[test]
fn regression_random_factory_check_order() {
    let int16 = TensorOptions::new().dtype(DType::Int16);
    assert_eq!(oxtorch::randn(&[0], int16, None).unwrap().dtype(), DType::Int16);
    expect_err(
        oxtorch::rand(&[0], int16, None),
        "NotImplementedError",
        "\"check_uniform_bounds\" not implemented for 'Short'",
    );
    expect_err(
        oxtorch::randn(&[3, 2, 1 << 62], int16, None),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[3, 2, 4611686018427387904]",
    );
    expect_err(
        oxtorch::randint(-1, 5, &[0], TensorOptions::new().dtype(DType::UInt8), None),
        "RuntimeError",
        "from is out of bounds for unsigned char",
    );
    let one = zeros(&[1], DType::Int64).unwrap();
    let meta = TensorOptions::new().device(oxtorch::Device::meta());
    assert!(one.randint_like(3, 2, meta).is_ok());
    assert!(oxtorch::randint(3, 2, &[1], meta, None).is_err());
    let empty_bool = zeros(&[0], DType::Bool).unwrap();
    assert!(empty_bool.randn_like(()).is_ok());
}

/// F23: `copy_` checks the source's partial overlap with the destination before the shapes, as TensorIterator's
/// `compute_mem_overlaps` runs before `compute_shape`.
#[test]
fn regression_copy_checks_overlap_before_shapes() {
    let a = arange(6.0, ()).unwrap();
    let dst = a.narrow(0, 0, 4).unwrap().view(&[2, 2]).unwrap();
    let r = dst.copy_(&a.narrow(0, 1, 3).unwrap());
    assert!(r.unwrap_err().message().starts_with("unsupported operation: some elements of the input tensor"));
    let v0 = arange(2, ()).unwrap();
    let v2 = v0.reshape(&[2, 1]).unwrap();
    assert!(v2.copy_(&v0).unwrap_err().message().starts_with("unsupported operation: some elements"));
}

/// F25: `allclose` of integer tensors converts both to the default dtype before subtracting, as PyTorch 2.15's
/// `isclose` does (no wrapping difference; integers float32 cannot tell apart are close).
#[test]
fn regression_integer_allclose_in_the_default_dtype() {
    let t = |v: i64, d: DType| oxtorch::full(&[1], v, d).unwrap();
    assert!(t(16, DType::UInt8).allclose(&t(19, DType::UInt8), 0.5, 1e-8, false).unwrap());
    assert!(!t(-128, DType::Int8).allclose(&t(0, DType::Int8), 0.0, 10.0, false).unwrap());
    assert!(!t(0, DType::UInt8).allclose(&t(255, DType::UInt8), 0.0, 2.0, false).unwrap());
    assert!(t((1 << 24) + 1, DType::Int32).allclose(&t(1 << 24, DType::Int32), 0.0, 0.5, false).unwrap());
    assert!(!t(1 << 62, DType::Int64).allclose(&t(-(1 << 62), DType::Int64), 0.0, 1.0, false).unwrap());
}

/// F26: slicing with a step near 2^63 overflowed in a debug build (cargo-fuzz); PyTorch's int64 arithmetic wraps,
/// giving an empty slice or its storage-size error.
#[test]
fn regression_slice_with_a_huge_step() {
    let x = arange(5, ()).unwrap();
    assert_eq!(x.slice(0, Some(1), Some(5), i64::MAX).unwrap().sizes(), &[0]);
    assert_eq!(x.slice(0, Some(1), Some(5), 1 << 62).unwrap().sizes(), &[1]);
    expect_err(
        x.slice(0, Some(1), Some(5), i64::MAX - 2),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[-1] and strides=[9223372036854775805]",
    );
}

/// F27: alpha is checked against the common dtype (not an `out=` tensor's) and converted to it with c10's
/// overflow rule (uint8 takes -18; float16 refuses -2^63).
#[test]
fn regression_alpha_checked_against_the_common_dtype() {
    use oxtorch::tensor::ops::{binary_op, BinaryOp};
    use oxtorch::{Operand, Output};
    let v0 = oxtorch::full(&[], 16, DType::UInt8).unwrap();
    let add = |alpha: Scalar| BinaryOp::Add { alpha };
    let r = binary_op(add(Scalar::Int(-18)), &Operand::from(&v0), &Operand::Scalar(Scalar::Int(-9)), Output::InPlace);
    assert_eq!(ints(&r.unwrap()), [178]);
    let half = zeros(&[2], DType::Float16).unwrap();
    let bytes = zeros(&[2], DType::UInt8).unwrap();
    expect_err(
        binary_op(add(Scalar::Int(i64::MIN)), &Operand::from(&half), &Operand::from(&bytes), Output::New),
        "RuntimeError",
        "value cannot be converted to type c10::Half without overflow",
    );
    let mut out = zeros(&[0, 1], DType::Complex128).unwrap();
    let alpha = Scalar::Complex(num_complex::Complex::new(4.0, 2.0));
    let (a, b) = (zeros(&[0], DType::UInt8).unwrap(), oxtorch::full(&[], 18, DType::Int16).unwrap());
    let r = binary_op(BinaryOp::Sub { alpha }, &Operand::from(&a), &Operand::from(&b), Output::Out(&mut out));
    expect_err(r, "RuntimeError", "For integral input tensors, argument alpha must not be a floating point number.");
}

/// F28: repeated ellipses can move past the last dimension; a slice there from 0 with step 1 and a stop of at
/// least 0 (`:`, `0:`, `:5`, `0:0`) changes nothing in PyTorch (its full-slice shortcut reads the size as 0), any
/// other slice is its dimension error.
#[test]
fn regression_full_slice_after_repeated_ellipses() {
    let x = zeros(&[1, 2, 3], DType::Float32).unwrap();
    for (start, stop, step) in
        [(None, None, None), (Some(0), None, None), (None, Some(5), Some(1)), (Some(0), Some(0), None)]
    {
        let slice = TensorIndex::Slice { start, stop, step };
        let r = x.index(&[TensorIndex::Ellipsis, TensorIndex::Ellipsis, slice]).unwrap();
        assert_eq!(r.sizes(), &[1, 2, 3], "{slice:?}");
    }
    for (start, stop, step) in [(Some(1), None, None), (None, Some(-1), None), (None, None, Some(2))] {
        let slice = TensorIndex::Slice { start, stop, step };
        expect_err(
            x.index(&[TensorIndex::Ellipsis, TensorIndex::Ellipsis, slice]),
            "IndexError",
            "Dimension out of range (expected to be in range of [-3, 2], but got 4)",
        );
    }
}

/// F30: `empty_strided` and the random factories took a size beyond int64 from the Rust API (cargo-fuzz: a
/// `[2^64 - 1, 0]` tensor, whose slicing then panicked); PyTorch's sizes are int64, so it is its negative-dimension
/// error, as `empty` already gave.
#[test]
fn regression_sizes_beyond_int64_are_negative_dimensions() {
    let s = [usize::MAX, 0];
    let msg = "Trying to create tensor with negative dimension -1: [-1, 0]";
    expect_err(oxtorch::empty_strided(&s, &[1, 1], ()), "RuntimeError", msg);
    expect_err(oxtorch::rand(&s, (), None), "RuntimeError", msg);
    expect_err(oxtorch::randint(0, 3, &s, (), None), "RuntimeError", msg);
    expect_err(oxtorch::empty(&s, ()), "RuntimeError", msg);
}

/// F32: `neg` lays out its result as PyTorch's unary TensorIterator does (a contiguous input whose size-1
/// dimension has an odd stride still gives a contiguous result).
#[test]
fn regression_neg_result_strides() {
    let v = zeros(&[3, 1], DType::Complex64).unwrap().transpose(0, 1).unwrap();
    assert_eq!(v.strides(), &[1, 1]);
    assert_eq!(v.neg().unwrap().strides(), &[3, 1]);
    assert_eq!(zeros(&[2, 3], DType::Float32).unwrap().t().unwrap().neg().unwrap().strides(), &[1, 3]);
    assert!(tensor([true], ()).unwrap().neg().is_err());
    assert_eq!(ints(&tensor([i64::MAX, i64::MIN], ()).unwrap().neg().unwrap()), [-i64::MAX, i64::MIN]);
}

/// F34: `reciprocal` (behind Python's `n / t`) lays out its result as PyTorch's unary operations do.
#[test]
fn regression_reciprocal_result_strides() {
    let v = zeros(&[1, 3], DType::Float16).unwrap().transpose(0, 1).unwrap();
    assert_eq!(v.reciprocal().unwrap().strides(), &[1, 1]);
    let r = tensor([2i64, 4], ()).unwrap().reciprocal().unwrap();
    assert_eq!((r.dtype(), r.to_vec::<f32>().unwrap()), (DType::Float32, vec![0.5, 0.25]));
}

/// F36: `add`/`sub` with an alpha compute `other * alpha + self` with one rounding on float32/float64, as
/// PyTorch's kernels do on CPUs with AVX2 (its vectorized `fmadd`, and the compiler's contraction of its scalar
/// loop); oxtorch rounded the product first (`2 - 15 * 1.1881` was `-15.8215`, PyTorch's `-15.821499999999999`).
#[test]
fn regression_alpha_is_a_fused_multiply_add() {
    use oxtorch::tensor::ops::BinaryOp;
    let a = tensor(vec![2.0f64, 11.0], DType::Float64).unwrap();
    let b = tensor(vec![15.0f64, 7.0], DType::Float64).unwrap();
    let sub = a.binary(BinaryOp::Sub { alpha: Scalar::Float(1.1881) }, &b).unwrap();
    assert_eq!(floats(&sub), [-15.821499999999999, 2.6833000000000005]);
    let add = a.binary(BinaryOp::Add { alpha: Scalar::Float(7.6) }, &b).unwrap();
    assert_eq!(floats(&add), [116.0, 64.2]);
    let (a32, b32) = (a.to_dtype(DType::Float32).unwrap(), b.to_dtype(DType::Float32).unwrap());
    let add32 = a32.binary(BinaryOp::Add { alpha: Scalar::Float(7.6) }, &b32).unwrap();
    assert_eq!(floats(&add32), [116.0, 64.19999694824219]);
}

/// F40: integer division with a rounding mode raises where PyTorch's loop meets the first zero divisor, after
/// writing the quotients before it (in loop order, which follows the output's memory); oxtorch wrote nothing.
#[test]
fn regression_zero_divisor_keeps_the_quotients_before_it() {
    use oxtorch::tensor::ops::{BinaryOp, RoundingMode};
    let floor = BinaryOp::Div { rounding_mode: Some(RoundingMode::Floor) };
    let a = tensor(vec![6i64, 9, 4], DType::Int64).unwrap();
    expect_err(a.binary_(floor, tensor(vec![2i64, 0, 1], DType::Int64).unwrap()), "RuntimeError", "ZeroDivisionError");
    assert_eq!(ints(&a), [3, 9, 4]);
    // a transposed output is visited in memory order: [[6, 9], [4, 8]] stored column by column
    let trunc = BinaryOp::Div { rounding_mode: Some(RoundingMode::Trunc) };
    let b = tensor(vec![6i64, 4, 9, 8], DType::Int64).unwrap().reshape(&[2, 2]).unwrap().t().unwrap();
    let d = tensor(vec![2i64, 0, 3, 1], DType::Int64).unwrap().reshape(&[2, 2]).unwrap().t().unwrap();
    expect_err(b.binary_(trunc, &d), "RuntimeError", "ZeroDivisionError");
    assert_eq!(ints(&b.t().unwrap()), [3, 4, 9, 8]);
}

/// F41 (cargo-fuzz): a tensor with a zero size whose other sizes multiply past 64 bits printed by walking the
/// other sizes (2^62 empty rows); it prints as `[]`. `empty_strided` now refuses such sizes as PyTorch does
/// (`numel` overflows before the zero), after its storage-size check.
#[test]
fn regression_empty_tensor_with_huge_sizes_prints_at_once() {
    use oxtorch::display::{tensor_repr, ReprInput};
    let sizes = [1usize << 62, 4, 1, 1, 0];
    let input = ReprInput { sizes: &sizes, dtype: DType::Bool, device: None, values: Some(&[]) };
    assert_eq!(tensor_repr(&input), "tensor([], size=(4611686018427387904, 4, 1, 1, 0), dtype=oxtorch.bool)");
    expect_err(
        oxtorch::empty_strided(&[1 << 62, 4, 0], &[1, 1, 1], DType::Float32),
        "RuntimeError",
        "numel: integer multiplication overflow",
    );
}

/// F42 (cargo-fuzz): `unsqueeze` in front of a dimension whose size times stride passes 64 bits overflowed (a
/// panic with overflow checks); PyTorch's int64 product wraps, and the new size-1 dimension's stride is never used.
/// Selecting far into such a dimension (of a tensor without elements) overflowed the offset the same way.
#[test]
fn regression_unsqueeze_stride_wraps() {
    let t = zeros(&[1 << 62, 1, 0, 4], DType::Float32).unwrap();
    assert_eq!(t.strides(), &[4, 4, 4, 1]);
    let u = t.unsqueeze(0).unwrap();
    assert_eq!(u.sizes(), &[1, 1 << 62, 1, 0, 4]);
    assert_eq!(u.strides(), &[0, 4, 4, 4, 1]);
    // a view's offset is an int64 too: one past int64 is PyTorch's error, not a wrapped offset
    assert_eq!(t.get(1 << 60).unwrap().storage_offset(), 1 << 62);
    let invalid = "Tensor: invalid storage offset -4";
    expect_err(t.get((1 << 62) - 1), "RuntimeError", invalid);
    expect_err(t.select(0, (1 << 62) - 1), "RuntimeError", invalid);
    expect_err(t.narrow(0, (1 << 62) - 1, 1), "RuntimeError", invalid);
}

/// F44: `linspace` and `arange` reproduce PyTorch 2.15's CPU loops to the bit: fused multiply-adds (not on
/// float16 `linspace`), `arange` in 256-bit vectors from a rounded vector start (values measured with PyTorch).
#[test]
fn regression_linspace_and_arange_bits() {
    let at = |t: &Tensor, i: usize| floats(t)[i];
    let lin = |s: f64, e: f64, n: usize, dtype| linspace(s, e, n, dtype).unwrap();
    assert_eq!(at(&lin(-8.0, 15.0, 7, DType::Float64), 3), 3.4999999999999996);
    assert_eq!(at(&lin(12.29, 30.0, 31, DType::Float16), 4), 14.6484375);
    assert_eq!(at(&lin(-24.0, -40.0, 25, DType::BFloat16), 7), -28.625);
    assert_eq!(ints(&lin(-46.4, 42.5, 13, DType::Int32))[6], -1);
    let c = linspace(num_complex::Complex::new(6.0, -0.5), -4.5, 10, DType::Complex64).unwrap();
    assert_eq!(c.to_scalars().unwrap()[3].to_complex(), num_complex::Complex::new(2.5, -0.3333333432674408));
    let range = |s: f64, e: f64, st: f64, dtype| arange_step(s, e, st, dtype).unwrap();
    let r = range(-3.3, 10.0, 0.0137, DType::Float64);
    assert_eq!(r.numel(), 971);
    assert_eq!([at(&r, 6), at(&r, 7), at(&r, 15)], [-3.2177999999999995, -3.2040999999999995, -3.0944999999999996]);
    let r = range(-7.28, -7.28 + 2.1 * 71.0, 2.1, DType::BFloat16);
    assert_eq!(at(&r, 10), 13.75);
    let r = range(-7.28, -7.28 + 2.1 * 71.0, 2.1, DType::Float16);
    assert_eq!([at(&r, 10), at(&r, 70)], [13.71875, 139.75]);
}

/// F45: `sub` converts the negated alpha to the common dtype (it is `add` with `-alpha`), so `alpha=2^31` is
/// accepted for int32 and `alpha=-2^31` refused, the other way round from `add`.
#[test]
fn regression_sub_converts_the_negated_alpha() {
    use oxtorch::tensor::ops::BinaryOp;
    let a = tensor(vec![1i8], DType::Int8).unwrap();
    let b = arange(2, DType::Int32).unwrap();
    let sub = |alpha: i64| a.binary(BinaryOp::Sub { alpha: Scalar::Int(alpha) }, &b);
    let add = |alpha: i64| a.binary(BinaryOp::Add { alpha: Scalar::Int(alpha) }, &b);
    assert_eq!(ints(&sub(1 << 31).unwrap()), [1, -2147483647]);
    assert_eq!(ints(&add(-(1 << 31)).unwrap()), [1, -2147483647]);
    let overflow = "value cannot be converted to type int without overflow";
    expect_err(sub(-(1 << 31)), "RuntimeError", overflow);
    expect_err(add(1 << 31), "RuntimeError", overflow);
}

/// F46: `randint` on the meta device checks `low < high` only without an explicit generator, as PyTorch's
/// `randint.generator` overload has no such check on meta.
#[test]
fn regression_meta_randint_with_a_generator_checks_no_bounds() {
    let meta = TensorOptions::new().device(oxtorch::Device::meta());
    let mut g = oxtorch::Generator::new(0);
    let t = oxtorch::randint(10, 0, &[1], meta, Some(&mut g)).unwrap();
    assert_eq!((t.sizes(), t.is_meta()), (&[1usize][..], true));
    expect_err(
        oxtorch::randint(10, 0, &[1], meta, None),
        "RuntimeError",
        "random_ expects 'from' to be less than 'to', but got from=10 >= to=0",
    );
}

/// F47: `copy_` between two disjoint views of one storage (`x[0] = x[1]`) reads the source from a private copy;
/// it failed with "internal error: a kernel input shares the output's storage", because a kernel borrows its
/// output's buffer exclusively and the source lived in the same buffer.
#[test]
fn regression_copy_between_disjoint_views_of_one_storage() {
    let x = arange(4, DType::Float64).unwrap();
    x.select(0, 0).unwrap().copy_(&x.select(0, 1).unwrap()).unwrap();
    assert_eq!(floats(&x), [1.0, 1.0, 2.0, 3.0]);
    let m = arange(6, DType::Int32).unwrap().view(&[3, 2]).unwrap();
    // row 2 from row 0 converted through another dtype on the way
    m.select(0, 2).unwrap().copy_(&m.select(0, 0).unwrap().to_dtype(DType::Int64).unwrap()).unwrap();
    m.select(0, 1).unwrap().copy_(&m.select(0, 2).unwrap()).unwrap();
    assert_eq!(ints(&m), [0, 1, 0, 1, 0, 1]);
}

/// F50: a new tensor whose contiguous strides overflow int64 is PyTorch's "Stride calculation overflowed" also
/// when it has no element (`randn([0, 3, 2^62])`), from every factory.
#[test]
fn regression_random_factories_check_their_strides() {
    let sizes = [0, 3, 1usize << 62];
    let overflow = "Stride calculation overflowed";
    expect_err(oxtorch::randn(&sizes, opts(DType::Float16), None), "RuntimeError", overflow);
    expect_err(oxtorch::rand(&sizes, opts(DType::Float32), None), "RuntimeError", overflow);
    expect_err(zeros(&sizes, opts(DType::Float32)), "RuntimeError", overflow);
    // the dtype check of the kernel comes after the allocation
    expect_err(oxtorch::randn(&sizes, opts(DType::Int32), None), "RuntimeError", overflow);
}

/// F51: `empty_strided` on the meta device checks no storage size (PyTorch's meta allocation holds no bytes),
/// only the sizes' product; on the CPU the product is checked after allocating, so a storage too large to
/// allocate fails first.
#[test]
fn regression_empty_strided_checks_by_device() {
    let meta = TensorOptions::new().device(oxtorch::Device::meta());
    let t = oxtorch::empty_strided(&[2], &[1 << 62], meta).unwrap();
    assert_eq!((t.sizes(), t.strides()), (&[2usize][..], &[1usize << 62][..]));
    expect_err(
        oxtorch::empty_strided(&[2], &[1 << 62], TensorOptions::new()),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[2] and strides=[4611686018427387904]",
    );
    let product = "numel: integer multiplication overflow";
    expect_err(oxtorch::empty_strided(&[1 << 62, 4], &[0, 0], meta), "RuntimeError", product);
    expect_err(oxtorch::empty_strided(&[1 << 62, 4], &[0, 0], TensorOptions::new()), "RuntimeError", product);
}

/// F53: negating a complex tensor negates each part (PyTorch's `-x`); it was a complex product with -1, which
/// turns the partner of an infinite part into NaN (`-(-inf-5j)` gave `inf+nanj`) and a NaN part's partner too.
#[test]
fn regression_complex_negation_negates_each_part() {
    use num_complex::Complex;
    let parts = |t: &Tensor| -> Vec<(f64, f64)> {
        t.to_scalars().unwrap().iter().map(|s| (s.to_complex().re, s.to_complex().im)).collect()
    };
    let data = vec![Complex::new(f64::NEG_INFINITY, -5.0), Complex::new(f64::NAN, 1.8), Complex::new(0.0, -0.0)];
    for dtype in [DType::Complex64, DType::Complex128] {
        let t = tensor(data.clone(), dtype).unwrap();
        // a non-dense view too: the result is laid out densely, the values negated in place there
        let v = t.as_strided(&[2], &[2], Some(0)).unwrap();
        let n = t.neg().unwrap();
        let got = parts(&n);
        assert_eq!((got[0], got[1].1), ((f64::INFINITY, 5.0), -parts(&t)[1].1));
        assert!(got[1].0.is_nan());
        assert!(got[2].0.is_sign_negative() && got[2].0 == 0.0 && got[2].1.is_sign_positive());
        assert_eq!(parts(&v.neg().unwrap())[0], (f64::INFINITY, 5.0));
    }
}

/// F54: `to` a cpu (or meta) device written with an index (`cpu:0`) copies: PyTorch compares it with the tensor's
/// index-less device and finds them different.
#[test]
fn regression_to_an_indexed_cpu_device_copies() {
    let base = arange(5, DType::Int8).unwrap();
    let v = base.slice(0, Some(1), None, 1).unwrap();
    let same = v.to(TensorOptions::new().device(oxtorch::Device::parse("cpu").unwrap()), false).unwrap();
    assert!(same.is_same(&v));
    let copied = v.to(TensorOptions::new().device(oxtorch::Device::parse("cpu:0").unwrap()), false).unwrap();
    assert!(!copied.is_alias_of(&v));
    assert_eq!((copied.storage_offset(), ints(&copied)), (0, vec![1, 2, 3, 4]));
}

/// F55: on the CPU, TensorIterator converts an input of another dtype to the common dtype before it lays out the
/// output, so the converted copy's strides (dense, in the input's stride order) decide: an expanded bool tensor
/// times a transposed float64 one gives a row-major result.
#[test]
fn regression_converted_inputs_decide_the_output_layout() {
    let b = full(&[1], true, DType::Bool).unwrap().expand(&[3, 3]).unwrap();
    let p = zeros(&[3, 3], DType::Float64).unwrap().permute(&[1, 0]).unwrap();
    assert_eq!(b.mul(&p).unwrap().strides(), [3, 1]);
    assert_eq!(p.mul(&b).unwrap().strides(), [1, 3]);
    // the same dtype: nothing is converted, the expanded input decides nothing
    let f = full(&[1], 1.0, DType::Float64).unwrap().expand(&[3, 3]).unwrap();
    assert_eq!(f.mul(&p).unwrap().strides(), [1, 3]);
}

/// F57: complex products and quotients round as PyTorch's CPU loop rounds them where it computes each element:
/// plain products in its vectorized blocks, fused multiply-adds in its scalar code (complex128: every element of
/// the remainder; complex64: the compiler's own groups, with a lone element plain), Smith's division with a fused
/// scale. PyTorch 2.15's results, written out.
#[test]
fn regression_complex_products_round_as_pytorchs_loop() {
    use num_complex::Complex;
    let c = Complex::new;
    let values = |t: &Tensor| -> Vec<Complex<f64>> { t.to_scalars().unwrap().iter().map(Scalar::to_complex).collect() };
    // five complex128 elements: one vectorized block of four (plain), the fifth in the scalar code (fused)
    let a = vec![c(-50.86, -715.0), c(993.244, -451.904), c(381.2, 116.4), c(956.08, -675.5), c(-882.4, -850.78)];
    let b = vec![c(363.0, -963.0), c(639.3, -818.044), c(893.0, 321.7), c(79.0, 952.0), c(110.0, -198.963)];
    let product = tensor(a, DType::Complex128).unwrap().mul(tensor(b, DType::Complex128).unwrap()).unwrap();
    assert_eq!(
        values(&product),
        [
            c(-707007.18, -210566.82),
            c(265303.53342399996, -1101419.5219359999),
            c(302965.72, 226577.24),
            c(718606.3200000001, 856823.66),
            c(-266337.74114, 81979.1512),
        ]
    );
    // complex64 squared in place: a pair of the scalar code, fused (plain gives -1803368 for the second real part)
    let v = tensor(vec![Complex::new(6760.0f32, -7098.0), Complex::new(7923.0, -8036.0)], DType::Complex64).unwrap();
    v.mul_(v.clone()).unwrap();
    assert_eq!(values(&v), [c(-4684004.0, -95964960.0), c(-1803367.0, -127338456.0)]);
    // complex64 division: alone, only Smith's scale is fused; as a pair, everything
    let (x, y) = (Complex::new(-88.738f32, -520.2), Complex::new(-70.55f32, -636.2));
    let quotient = |n: usize| {
        let q = tensor(vec![x; n], DType::Complex64).unwrap().div(tensor(vec![y; n], DType::Complex64).unwrap());
        values(&q.unwrap())[0]
    };
    assert_eq!(quotient(1), c(0.8230141f32 as f64, -0.048214953f32 as f64));
    assert_eq!(quotient(2), c(0.8230141f32 as f64, -0.04821495f32 as f64));
}

/// F60: PyTorch's meta kernel for `normal_` checks the dtype once the tensor exists, so `randn` on meta reports
/// its sizes' errors (as `empty` checks them) before an integer dtype.
#[test]
fn regression_meta_randn_checks_sizes_before_the_dtype() {
    let meta = |dtype| TensorOptions::new().dtype(dtype).device(Device::meta());
    expect_err(
        oxtorch::randn(&[3, 2, 1 << 62], meta(DType::Int64), None),
        "RuntimeError",
        "Storage size calculation overflowed with sizes=[3, 2, 4611686018427387904]",
    );
    expect_err(
        oxtorch::randn(&[2, 3], meta(DType::Int64), None),
        "RuntimeError",
        "expected a floating-point or complex dtype, but got dtype=oxtorch.int64",
    );
    assert_eq!(oxtorch::randn(&[2, 3], meta(DType::Float16), None).unwrap().strides(), [3, 1]);
}

/// F61: floating `arange` a vector at a time keeps PyTorch's positions: each 16-element float16 vector is computed
/// from its first element rounded to float16, so elements 35, 36, 43, 50, 60 and 62 of `arange(0.1, 6.5, 0.1)`
/// differ from `start + i * step` rounded once. PyTorch 2.15's bits.
#[test]
fn regression_float16_arange_rounds_each_vector_start() {
    let r = arange_step(0.1, 6.5, 0.1, DType::Float16).unwrap();
    let bits: Vec<u16> = r.to_vec::<half::f16>().unwrap().iter().map(|h| h.to_bits()).collect();
    assert_eq!(bits.len(), 64);
    let expected =
        [(0, 0x2e66), (35, 0x4334), (36, 0x4367), (43, 0x4467), (50, 0x4519), (60, 0x4619), (62, 0x464c), (63, 0x4666)];
    for (i, b) in expected {
        assert_eq!(bits[i], b, "element {i}");
    }
}

/// F67: on the CPU, PyTorch's loop runs over `input.to(common)` for an input of another dtype, a dense copy: a
/// strided float32 view added to a complex128 tensor with a complex alpha is one contiguous loop of plain products
/// (its vector blocks), not the view's two-element runs of fused scalar code (`-0x1.4e7b4f70066e9p+998`, 1 ulp
/// off). PyTorch 2.15's bits (the fuzzer's arith family, seed 10308055).
#[test]
fn regression_complex_loops_run_over_the_converted_inputs() {
    use oxtorch::tensor::ops::BinaryOp;
    let v0 = tensor(vec![5.0f32, 65.0, -74.0, 20.0, -89.0, -60.0], DType::Float32).unwrap().view(&[2, 1, 3]).unwrap();
    let view = v0.slice(2, Some(1), None, 1).unwrap();
    let v2 = full(&[2, 1, 2], num_complex::Complex::new(-1e300, 5.7), opts(DType::Complex128)).unwrap();
    let alpha = Scalar::Complex(num_complex::Complex::new(3.5, 3.0));
    let r = view.binary(BinaryOp::Add { alpha }, &v2).unwrap();
    let expected = num_complex::Complex::new(-0x14e7b4f70066e8_i64 as f64, -0x11eb2d66005835_i64 as f64);
    // the hexadecimal mantissas above, scaled to their exponent (2^998 / 2^52)
    let expected = expected * 2f64.powi(946);
    let got: Vec<_> = r.to_scalars().unwrap().iter().map(Scalar::to_complex).collect();
    assert_eq!(got, vec![expected; 4]);
}

/// F69: a new sparse tensor is resized to its sizes before anything else, so sizes whose product overflows int64
/// are PyTorch's numel error at creation (`zeros([3, 2^62], layout=sparse_coo)`); oxtorch made the tensor and
/// failed when its shape was read (the fuzzer's factories family, seed 11170592).
#[test]
fn regression_sparse_tensors_check_their_numel_at_creation() {
    use oxtorch::sparse::coo::{sparse_coo_tensor, sparse_zeros};
    let overflow = "numel: integer multiplication overflow";
    expect_err(sparse_zeros(&[3, 1 << 62], Some(DType::Int16), None), "RuntimeError", overflow);
    expect_err(sparse_zeros(&[2, 1 << 62], None, Some(Device::meta())), "RuntimeError", overflow);
    let indices = zeros(&[2, 0], opts(DType::Int64)).unwrap();
    let values = zeros(&[0], opts(DType::Float32)).unwrap();
    let made = |size: &[i64]| sparse_coo_tensor(&indices, &values, Some(size), Default::default());
    expect_err(made(&[3, 1 << 62]), "RuntimeError", overflow);
    assert_eq!(made(&[1, 1 << 62]).unwrap().sizes(), [1, 1 << 62]);
}

/// F70: views whose new strides PyTorch computes in int64 wrap for the huge strides `as_strided` allows beside a
/// zero size; PyTorch then refuses them where it makes the view: `diagonal` summed the two strides with `+` (an
/// overflow panic in the cargo-fuzz target's checked build, a negative stride in release), and `slice`, `unfold`
/// and `unsqueeze` made views with negative strides. PyTorch 2.15's messages.
#[test]
fn regression_views_refuse_strides_that_wrap() {
    let base = |sizes: &[usize], strides: &[usize]| {
        zeros(&[0], opts(DType::Float32)).unwrap().as_strided(sizes, strides, None).unwrap()
    };
    let symint = |s: i64| format!("IntArrayRef contains an int that cannot be represented as a SymInt: {s}");
    let negative =
        |list: &str| format!("as_strided: Negative strides are not supported at the moment, got strides: {list}");
    let t = base(&[2, 2, 0], &[(1 << 63) - 1, 1 << 62, 1]);
    expect_err(t.diagonal(0, 0, 1), "RuntimeError", &symint(-(1 << 62) - 1));
    let t = base(&[2, 2, 0], &[(1 << 63) - 1, (1 << 62) + 1, 1]);
    expect_err(t.diagonal(1, 0, 1), "RuntimeError", &negative("[1, -4611686018427387904]"));
    let t = base(&[5, 0], &[1 << 62, 1]);
    expect_err(t.slice(0, None, None, 3), "RuntimeError", &negative("[-4611686018427387904, 1]"));
    expect_err(t.slice(0, None, None, 2), "RuntimeError", &symint(i64::MIN));
    assert_eq!(t.slice(0, None, None, 4).unwrap().strides(), [0, 1]);
    expect_err(t.unfold(0, 2, 3), "RuntimeError", &negative("[-4611686018427387904, 1, 4611686018427387904]"));
    let t = base(&[3, 0], &[1 << 62, 1]);
    expect_err(t.unsqueeze(0), "RuntimeError", &negative("[-4611686018427387904, 4611686018427387904, 1]"));
    let t = base(&[4, 0], &[1 << 62, 1]);
    assert_eq!(t.unsqueeze(0).unwrap().strides(), [0, 1 << 62, 1]);
}

/// Fuzzer seed 20522533: two 5-D inputs that are both channels_last_3d-contiguous by PyTorch's flag (which ignores
/// size-1 dimensions) but differ in the strides of their size-1 dimensions. TensorIterator's fast setup knows only
/// 4-D channels-last, so the output follows its stride ordering: `(6, 1, 2, 2, 6)`, in either operand order
/// (PyTorch 2.15).
#[test]
fn regression_five_dim_outputs_follow_the_stride_order() {
    let a =
        oxtorch::zeros(&[36], DType::Float32).unwrap().as_strided(&[3, 2, 3, 1, 1], &[6, 1, 2, 2, 6], None).unwrap();
    let b = oxtorch::zeros(&[3, 2, 3, 1, 1], DType::Float32)
        .unwrap()
        .contiguous_in(oxtorch::MemoryFormat::ChannelsLast3d)
        .unwrap();
    assert_eq!(b.strides(), &[6, 1, 2, 2, 2]);
    assert_eq!(a.add(&b).unwrap().strides(), &[6, 1, 2, 2, 6]);
    assert_eq!(b.add(&a).unwrap().strides(), &[6, 1, 2, 2, 6]);
    // 4-D channels-last keeps TensorIterator's fast setup: the channels-last strides
    let a4 = oxtorch::zeros(&[36], DType::Float32).unwrap().as_strided(&[3, 2, 3, 1], &[6, 1, 2, 6], None).unwrap();
    let b4 = oxtorch::zeros(&[3, 2, 3, 1], DType::Float32).unwrap();
    let b4 = b4.contiguous_in(oxtorch::MemoryFormat::ChannelsLast).unwrap();
    assert_eq!(a4.add(&b4).unwrap().strides(), &[6, 1, 2, 2]);
}
