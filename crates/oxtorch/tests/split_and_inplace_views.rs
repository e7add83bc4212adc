//! The split family (`tensor_split`, `hsplit`/`vsplit`/`dsplit`, `unbind`, the `unsafe_` splits), in-place views
//! (`t_`, `transpose_`, `squeeze_`, `unsqueeze_`, `as_strided_`) and the real/imaginary part views, with PyTorch
//! 2.15's answers written out (shapes, strides, storage offsets, messages).

use num_complex::Complex;
use oxtorch::tensor::split::SplitPoints;
use oxtorch::{arange, empty, from_vec, ones, DType, Device, Scalar, Tensor, TensorOptions};

fn expect_err<T: std::fmt::Debug>(r: oxtorch::Result<T>, kind: &str, message: &str) {
    match r {
        Ok(v) => panic!("expected {kind}: {message}, got Ok({v:?})"),
        Err(e) => assert_eq!((e.kind_name(), e.message()), (kind, message)),
    }
}

type Geometry = (Vec<usize>, Vec<usize>, usize);

fn geometry(t: &Tensor) -> Geometry {
    (t.sizes().to_vec(), t.strides().to_vec(), t.storage_offset())
}

fn geometries(parts: &[Tensor]) -> Vec<Geometry> {
    parts.iter().map(geometry).collect()
}

fn g(sizes: &[usize], strides: &[usize], offset: usize) -> Geometry {
    (sizes.to_vec(), strides.to_vec(), offset)
}

fn floats(t: &Tensor) -> Vec<f64> {
    t.to_scalars().unwrap().iter().map(Scalar::to_f64).collect()
}

/// `torch.arange(24.).reshape(2, 3, 4)`.
fn x24() -> Tensor {
    arange(24, TensorOptions::new().dtype(DType::Float32)).unwrap().view(&[2, 3, 4]).unwrap()
}

fn complex(values: &[(f32, f32)], sizes: &[usize]) -> Tensor {
    from_vec(values.iter().map(|&(re, im)| Complex::new(re, im)).collect::<Vec<_>>(), sizes).unwrap()
}

// ----- tensor_split -----

#[test]
fn tensor_split_by_sections_gives_the_first_pieces_one_more() {
    let x = x24();
    let parts = x.tensor_split(SplitPoints::Sections(3), 2).unwrap();
    assert_eq!(
        geometries(&parts),
        vec![g(&[2, 3, 2], &[12, 4, 1], 0), g(&[2, 3, 1], &[12, 4, 1], 2), g(&[2, 3, 1], &[12, 4, 1], 3)]
    );
    assert!(parts.iter().all(|p| p.is_view() && p.is_alias_of(&x)));
    let seven = ones(&[2, 7], ()).unwrap();
    let parts = seven.tensor_split(SplitPoints::Sections(3), 1).unwrap();
    assert_eq!(geometries(&parts), vec![g(&[2, 3], &[7, 1], 0), g(&[2, 2], &[7, 1], 3), g(&[2, 2], &[7, 1], 5)]);
    // more sections than elements: empty pieces at the end
    let empty_dim = ones(&[2, 0], ()).unwrap();
    let parts = empty_dim.tensor_split(SplitPoints::Sections(3), 1).unwrap();
    assert_eq!(geometries(&parts), vec![g(&[2, 0], &[1, 1], 0); 3]);
}

#[test]
fn tensor_split_by_indices_clamps_like_python_slices() {
    let x = x24();
    let parts = x.tensor_split(SplitPoints::Indices(&[1, 2]), 0).unwrap();
    assert_eq!(
        geometries(&parts),
        vec![g(&[1, 3, 4], &[12, 4, 1], 0), g(&[1, 3, 4], &[12, 4, 1], 12), g(&[0, 3, 4], &[12, 4, 1], 24)]
    );
    let parts = x.tensor_split(SplitPoints::Indices(&[3, 1]), 0).unwrap();
    assert_eq!(
        geometries(&parts),
        vec![g(&[2, 3, 4], &[12, 4, 1], 0), g(&[0, 3, 4], &[12, 4, 1], 24), g(&[1, 3, 4], &[12, 4, 1], 12)]
    );
    let seven = ones(&[2, 7], ()).unwrap();
    let parts = seven.tensor_split(SplitPoints::Indices(&[-2, 9, 1]), 1).unwrap();
    assert_eq!(
        geometries(&parts),
        vec![g(&[2, 5], &[7, 1], 0), g(&[2, 2], &[7, 1], 5), g(&[2, 0], &[7, 1], 7), g(&[2, 6], &[7, 1], 1)]
    );
    let whole = x.tensor_split(SplitPoints::Indices(&[]), 1).unwrap();
    assert_eq!(geometries(&whole), vec![g(&[2, 3, 4], &[12, 4, 1], 0)]);
}

#[test]
fn tensor_split_errors() {
    let x = x24();
    expect_err(
        x.tensor_split(SplitPoints::Sections(0), 0),
        "RuntimeError",
        "number of sections must be larger than 0, got 0",
    );
    expect_err(
        x.tensor_split(SplitPoints::Sections(-1), 0),
        "RuntimeError",
        "number of sections must be larger than 0, got -1",
    );
    // the dimension is checked before the number of sections
    expect_err(
        x.tensor_split(SplitPoints::Sections(0), 5),
        "IndexError",
        "Dimension out of range (expected to be in range of [-3, 2], but got 5)",
    );
    let scalar = from_vec(vec![1.0f32], &[]).unwrap();
    expect_err(
        scalar.tensor_split(SplitPoints::Sections(2), 0),
        "RuntimeError",
        "tensor_split expected at least a 1-dimensional tensor, but got a tensor with 0 dims",
    );
}

#[test]
fn tensor_split_by_tensor() {
    let x = x24();
    let indices = from_vec(vec![1i64, 2], &[2]).unwrap();
    let parts = x.tensor_split_by_tensor(&indices, 1).unwrap();
    assert_eq!(
        geometries(&parts),
        vec![g(&[2, 1, 4], &[12, 4, 1], 0), g(&[2, 1, 4], &[12, 4, 1], 4), g(&[2, 1, 4], &[12, 4, 1], 8)]
    );
    let sections = from_vec(vec![2i64], &[]).unwrap();
    let parts = x.tensor_split_by_tensor(&sections, 1).unwrap();
    assert_eq!(geometries(&parts), vec![g(&[2, 2, 4], &[12, 4, 1], 0), g(&[2, 1, 4], &[12, 4, 1], 8)]);
    // a strided index tensor is read through its strides
    let strided = from_vec(vec![1i64, 5, 2], &[3]).unwrap().slice(0, None, None, 2).unwrap();
    let parts = x.tensor_split_by_tensor(&strided, 1).unwrap();
    assert_eq!(parts.len(), 3);
    assert_eq!(geometry(&parts[1]), g(&[2, 1, 4], &[12, 4, 1], 4));

    expect_err(
        x.tensor_split_by_tensor(&from_vec(vec![1.0f32], &[1]).unwrap(), 1),
        "RuntimeError",
        "tensor_split expected tensor_indices_or_sections to have dtype of long, but got Float",
    );
    expect_err(
        x.tensor_split_by_tensor(&from_vec(vec![1i32], &[1]).unwrap(), 1),
        "RuntimeError",
        "tensor_split expected tensor_indices_or_sections to have dtype of long, but got Int",
    );
    expect_err(
        x.tensor_split_by_tensor(&from_vec(vec![1i64], &[1, 1]).unwrap(), 1),
        "RuntimeError",
        "tensor_split expected tensor_indices_or_sections to be a zero-dimensional or one-dimensional tensor, but got a tensor with 2 dims",
    );
    let on_meta = empty(&[1], TensorOptions::new().dtype(DType::Int64).device(Device::meta())).unwrap();
    expect_err(
        x.tensor_split_by_tensor(&on_meta, 1),
        "RuntimeError",
        "tensor_split expected tensor_indices_or_sections to be on cpu, but it's on meta",
    );
    expect_err(
        x.tensor_split_by_tensor(&from_vec(vec![0i64], &[]).unwrap(), 1),
        "RuntimeError",
        "number of sections must be larger than 0, got 0",
    );
}

// ----- hsplit / vsplit / dsplit -----

#[test]
fn directional_splits() {
    let x = x24();
    let h = x.hsplit(SplitPoints::Sections(3)).unwrap();
    assert_eq!(geometries(&h), (0..3).map(|i| g(&[2, 1, 4], &[12, 4, 1], 4 * i)).collect::<Vec<_>>());
    let h = x.hsplit(SplitPoints::Indices(&[1])).unwrap();
    assert_eq!(geometries(&h), vec![g(&[2, 1, 4], &[12, 4, 1], 0), g(&[2, 2, 4], &[12, 4, 1], 4)]);
    let v = x.vsplit(SplitPoints::Sections(2)).unwrap();
    assert_eq!(geometries(&v), vec![g(&[1, 3, 4], &[12, 4, 1], 0), g(&[1, 3, 4], &[12, 4, 1], 12)]);
    let d = x.dsplit(SplitPoints::Indices(&[1, 3])).unwrap();
    assert_eq!(
        geometries(&d),
        vec![g(&[2, 3, 1], &[12, 4, 1], 0), g(&[2, 3, 2], &[12, 4, 1], 1), g(&[2, 3, 1], &[12, 4, 1], 3)]
    );
    // a 1-dim tensor splits along dimension 0
    let line = arange(6, ()).unwrap();
    assert_eq!(geometries(&line.hsplit(SplitPoints::Sections(2)).unwrap()), vec![g(&[3], &[1], 0), g(&[3], &[1], 3)]);

    expect_err(
        x.hsplit(SplitPoints::Sections(2)),
        "RuntimeError",
        "oxtorch.hsplit attempted to split along dimension 1, but the size of the dimension 3 is not divisible by the split_size 2!",
    );
    expect_err(
        x.dsplit(SplitPoints::Sections(0)),
        "RuntimeError",
        "oxtorch.dsplit attempted to split along dimension 2, but the size of the dimension 4 is not divisible by the split_size 0!",
    );
    // a negative count that divides the size reaches tensor_split's check
    expect_err(x.hsplit(SplitPoints::Sections(-3)), "RuntimeError", "number of sections must be larger than 0, got -3");
    expect_err(
        from_vec(vec![1.0f32], &[]).unwrap().hsplit(SplitPoints::Sections(2)),
        "RuntimeError",
        "oxtorch.hsplit requires a tensor with at least 1 dimension, but got a tensor with 0 dimensions!",
    );
    expect_err(
        line.vsplit(SplitPoints::Indices(&[1])),
        "RuntimeError",
        "oxtorch.vsplit requires a tensor with at least 2 dimension, but got a tensor with 1 dimensions!",
    );
    expect_err(
        ones(&[2, 2], ()).unwrap().dsplit(SplitPoints::Sections(2)),
        "RuntimeError",
        "oxtorch.dsplit requires a tensor with at least 3 dimension, but got a tensor with 2 dimensions!",
    );
}

// ----- unbind and the unsafe splits -----

#[test]
fn unbind_selects_every_index() {
    let x = x24();
    let parts = x.unbind(1).unwrap();
    assert_eq!(geometries(&parts), (0..3).map(|i| g(&[2, 4], &[12, 1], 4 * i)).collect::<Vec<_>>());
    assert!(parts.iter().all(Tensor::is_view));
    assert_eq!(geometries(&x.unbind(-1).unwrap()), (0..4).map(|i| g(&[2, 3], &[12, 4], i)).collect::<Vec<_>>());
    let scalar = from_vec(vec![1.0f32], &[]).unwrap();
    expect_err(scalar.unbind(0), "IndexError", "Dimension specified as 0 but tensor has no dimensions");
    expect_err(scalar.unbind(-1), "IndexError", "Dimension specified as 0 but tensor has no dimensions");
    expect_err(
        scalar.unbind(1),
        "IndexError",
        "Dimension out of range (expected to be in range of [-1, 0], but got 1)",
    );
    expect_err(x.unbind(3), "IndexError", "Dimension out of range (expected to be in range of [-3, 2], but got 3)");
}

#[test]
fn unsafe_splits_share_storage_but_are_not_views() {
    let x = ones(&[2, 3], ()).unwrap();
    let parts = x.unsafe_split(2, 1).unwrap();
    assert_eq!(geometries(&parts), vec![g(&[2, 2], &[3, 1], 0), g(&[2, 1], &[3, 1], 2)]);
    assert!(parts.iter().all(|p| !p.is_view() && p.is_alias_of(&x)));
    let parts = x.unsafe_split_with_sizes(&[1, 2], 1).unwrap();
    assert_eq!(geometries(&parts), vec![g(&[2, 1], &[3, 1], 0), g(&[2, 2], &[3, 1], 1)]);
    assert!(parts.iter().all(|p| !p.is_view()));
    expect_err(
        x.unsafe_split(-1, 0),
        "RuntimeError",
        "split expects split_size be non-negative, but got split_size=-1",
    );
    expect_err(
        x.unsafe_split_with_sizes(&[1, 1], 1),
        "RuntimeError",
        "split_with_sizes expects split_sizes to sum exactly to 3 (input tensor's size at dimension 1), but got split_sizes=[1, 1]",
    );
}

// ----- in-place views -----

#[test]
fn in_place_views_change_this_handle_only() {
    let base = arange(6, ()).unwrap().view(&[2, 3]).unwrap();
    let mut x = base.slice(1, Some(1), None, 1).unwrap();
    let earlier = x.unsqueeze(0).unwrap();
    x.t_().unwrap();
    assert_eq!(geometry(&x), g(&[2, 2], &[1, 3], 1));
    // the storage and the view base stay; tensors made earlier keep their geometry
    assert!(x.is_alias_of(&base) && x.is_view());
    assert_eq!(geometry(&earlier), g(&[1, 2, 2], &[6, 3, 1], 1));
    assert_eq!(geometry(&base), g(&[2, 3], &[3, 1], 0));

    let mut y = ones(&[2, 3], ()).unwrap();
    y.transpose_(0, 1).unwrap();
    assert_eq!(geometry(&y), g(&[3, 2], &[1, 3], 0));
    assert!(!y.is_view() && !y.is_contiguous());
    expect_err(
        y.transpose_(0, 2),
        "IndexError",
        "Dimension out of range (expected to be in range of [-2, 1], but got 2)",
    );
    assert_eq!(geometry(&y), g(&[3, 2], &[1, 3], 0));

    let mut z = ones(&[2, 3, 4], ()).unwrap();
    expect_err(z.t_(), "RuntimeError", "t_() expects a tensor with <= 2 dimensions, but self is 3D");
    let mut line = ones(&[2], ()).unwrap();
    line.t_().unwrap();
    assert_eq!(geometry(&line), g(&[2], &[1], 0));
    z.unsqueeze_(-1).unwrap();
    assert_eq!(geometry(&z), g(&[2, 3, 4, 1], &[12, 4, 1, 1], 0));
    expect_err(z.unsqueeze_(6), "IndexError", "Dimension out of range (expected to be in range of [-5, 4], but got 6)");
}

#[test]
fn squeeze_in_place() {
    let mut x = ones(&[1, 2, 1], ()).unwrap();
    x.squeeze_dim_(0).unwrap();
    assert_eq!(geometry(&x), g(&[2, 1], &[1, 1], 0));
    let mut y = ones(&[1, 2, 1], ()).unwrap();
    y.squeeze_dims_(&[0, 2]).unwrap();
    assert_eq!(geometry(&y), g(&[2], &[1], 0));
    let mut z = ones(&[1, 2, 1], ()).unwrap();
    z.squeeze_();
    assert_eq!(geometry(&z), g(&[2], &[1], 0));
    let mut w = ones(&[1, 2, 1], ()).unwrap();
    expect_err(w.squeeze_dims_(&[0, 0]), "RuntimeError", "dim 0 appears multiple times in the list of dims");
    expect_err(
        w.squeeze_dim_(5),
        "IndexError",
        "Dimension out of range (expected to be in range of [-3, 2], but got 5)",
    );
    assert_eq!(geometry(&w), g(&[1, 2, 1], &[2, 1, 1], 0));
}

#[test]
fn as_strided_in_place_checks_the_storage() {
    let mut x = ones(&[6], ()).unwrap();
    x.as_strided_(&[2, 2], &[1, 2], Some(1)).unwrap();
    assert_eq!(geometry(&x), g(&[2, 2], &[1, 2], 1));
    // without an offset the tensor keeps its own
    let mut y = ones(&[6], ()).unwrap().slice(0, Some(2), None, 1).unwrap();
    y.as_strided_(&[2], &[1], None).unwrap();
    assert_eq!(geometry(&y), g(&[2], &[1], 2));
    let mut z = ones(&[6], ()).unwrap();
    expect_err(
        z.as_strided_(&[2, 2], &[1, 2], Some(5)),
        "RuntimeError",
        "setStorage: sizes [2, 2], strides [1, 2], storage offset 5, and itemsize 4 requiring a storage size of 36 are out of bounds for storage of size 24",
    );
    expect_err(z.as_strided_(&[2, 2], &[1], None), "RuntimeError", "mismatch in length of strides and shape");
    assert_eq!(geometry(&z), g(&[6], &[1], 0));
}

// ----- real and imaginary parts -----

#[test]
fn real_and_imag_are_views_with_doubled_strides() {
    let values: Vec<(f32, f32)> = (0..6).map(|i| (i as f32, 10.0 + i as f32)).collect();
    let z = complex(&values, &[2, 3]);
    let (re, im) = (z.real(), z.imag().unwrap());
    assert_eq!((re.dtype(), im.dtype()), (DType::Float32, DType::Float32));
    assert_eq!(geometry(&re), g(&[2, 3], &[6, 2], 0));
    assert_eq!(geometry(&im), g(&[2, 3], &[6, 2], 1));
    assert_eq!(floats(&re), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
    assert_eq!(floats(&im), vec![10.0, 11.0, 12.0, 13.0, 14.0, 15.0]);
    assert!(re.is_view() && im.is_alias_of(&z));
    assert_eq!(geometry(&z.t().unwrap().imag().unwrap()), g(&[3, 2], &[2, 6], 1));
    assert_eq!(geometry(&z.slice(1, Some(1), None, 1).unwrap().imag().unwrap()), g(&[2, 2], &[6, 2], 3));

    // writing through the views writes the complex tensor
    im.fill_(-1).unwrap();
    re.select(1, 0).unwrap().fill_(7).unwrap();
    let parts: Vec<Complex<f64>> = z.to_scalars().unwrap().iter().map(Scalar::to_complex).collect();
    assert_eq!(parts[0], Complex::new(7.0, -1.0));
    assert_eq!(parts[4], Complex::new(4.0, -1.0));

    let x = ones(&[2], ()).unwrap();
    assert!(x.real().is_same(&x));
    expect_err(x.imag(), "TypeError", "imag is not implemented for tensors with non-complex dtypes.");
    let meta = empty(&[2, 3], TensorOptions::new().dtype(DType::Complex128).device(Device::meta())).unwrap();
    let meta_im = meta.imag().unwrap();
    assert_eq!((meta_im.dtype(), geometry(&meta_im)), (DType::Float64, g(&[2, 3], &[6, 2], 1)));
}

#[test]
fn conjugate_transposes() {
    let x = arange(6, ()).unwrap().view(&[2, 3]).unwrap();
    assert_eq!(geometry(&x.matrix_h().unwrap()), g(&[3, 2], &[1, 3], 0));
    assert!(x.matrix_h().unwrap().is_alias_of(&x));
    let batch = ones(&[2, 3, 4], ()).unwrap();
    assert_eq!(geometry(&batch.adjoint().unwrap()), g(&[2, 4, 3], &[12, 1, 4], 0));
    expect_err(
        batch.matrix_h(),
        "RuntimeError",
        "tensor.H is only supported on matrices (2-D tensors). Got 3-D tensor. For batches of matrices, consider using tensor.mH",
    );
    let line = ones(&[3], ()).unwrap();
    expect_err(
        line.matrix_h(),
        "RuntimeError",
        "tensor.H is only supported on matrices (2-D tensors). Got 1-D tensor.",
    );
    expect_err(
        line.adjoint(),
        "RuntimeError",
        "tensor.mH is only supported on matrices or batches of matrices. Got 1-D tensor.",
    );

    // complex: the transposed view with the conjugate bit
    let z = complex(&[(1.0, 1.0), (2.0, -3.0)], &[1, 2]);
    let h = z.matrix_h().unwrap();
    assert_eq!(geometry(&h).0, vec![2, 1]);
    let values: Vec<Complex<f64>> = h.to_scalars().unwrap().iter().map(Scalar::to_complex).collect();
    assert_eq!(values, vec![Complex::new(1.0, -1.0), Complex::new(2.0, 3.0)]);
    assert!(h.is_alias_of(&z) && h.is_conj() && !z.is_conj());
    let zero = complex(&[(1.0, 0.0)], &[]);
    let conj = zero.adjoint().unwrap().to_scalars().unwrap()[0].to_complex();
    assert!(conj.im == 0.0 && conj.im.is_sign_negative());
}

#[test]
fn view_as_and_reshape_as() {
    let x = arange(6, ()).unwrap();
    let other = ones(&[2, 3], ()).unwrap();
    assert_eq!(geometry(&x.view_as(&other).unwrap()), g(&[2, 3], &[3, 1], 0));
    let t = arange(6, ()).unwrap().view(&[3, 2]).unwrap().t().unwrap();
    expect_err(
        t.view_as(&x),
        "RuntimeError",
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two contiguous subspaces). Use .reshape(...) instead.",
    );
    let r = t.reshape_as(&x).unwrap();
    assert_eq!(geometry(&r), g(&[6], &[1], 0));
    assert!(!r.is_alias_of(&t));
    expect_err(
        x.reshape_as(&ones(&[2, 4], ()).unwrap()),
        "RuntimeError",
        "shape '[2, 4]' is invalid for input of size 6",
    );
}

/// The sparse rules the Python methods use, reachable from Rust: `t_` of a sparse tensor and `split_with_sizes`'
/// checks before PyTorch's refusal.
#[test]
fn sparse_t_and_split_with_sizes_follow_pytorch() {
    let dense = oxtorch::arange(6, oxtorch::DType::Float32).unwrap().reshape(&[2, 3]).unwrap();
    let mut s = dense.to_sparse().unwrap();
    s.t_().unwrap();
    assert_eq!(s.sizes(), &[3, 2]);
    let mut hybrid = dense.reshape(&[2, 3, 1]).unwrap().to_sparse_dim(1).unwrap();
    let e = hybrid.t_().unwrap_err().to_string();
    assert_eq!(
        e,
        "t_() expects a tensor with <= 2 sparse and 0 dense dimensions, but got 1 sparse and 2 dense dimensions"
    );
    let split = |t: &oxtorch::SparseCooTensor, sizes: &[i64], dim| {
        oxtorch::sparse::refusal::split_with_sizes(t, sizes, dim, "split_with_sizes").map(|p| p.len())
    };
    assert_eq!(
        split(&s, &[1, 2], 5).unwrap_err().to_string(),
        "Dimension out of range (expected to be in range of [-2, 1], but got 5)"
    );
    assert_eq!(
        split(&s, &[1, 2], 0).unwrap_err().to_string(),
        "Could not run 'aten::as_strided' with arguments from the 'SparseCPU' backend."
    );
    let empty = oxtorch::zeros(&[0, 2], oxtorch::DType::Float32).unwrap().to_sparse().unwrap();
    assert_eq!(split(&empty, &[], 0).unwrap(), 0);
}
