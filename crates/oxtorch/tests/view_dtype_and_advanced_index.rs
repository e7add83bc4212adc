//! `Tensor::view_dtype` (storage reinterpretation) and advanced indexing (`index_entries`, `index_put_entries`),
//! with PyTorch 2.15's answers written out (shapes, strides, offsets, messages) and values derived by hand from
//! NumPy's indexing rules, so no PyTorch is needed to run them. Byte-level expectations assume a little-endian
//! machine.

use oxtorch::{arange, from_vec, zeros, DType, IndexEntry, IndexValue, Scalar, Tensor, TensorIndex, TensorOptions};

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

fn bytes(n: i64) -> Tensor {
    arange(n, TensorOptions::new().dtype(DType::UInt8)).unwrap()
}

fn geometry(t: &Tensor) -> (Vec<usize>, Vec<usize>, usize) {
    (t.sizes().to_vec(), t.strides().to_vec(), t.storage_offset())
}

fn idx(values: &[i64]) -> IndexEntry {
    IndexEntry::Tensor(from_vec(values.to_vec(), &[values.len()]).unwrap())
}

fn mask(values: &[bool], sizes: &[usize]) -> IndexEntry {
    IndexEntry::Tensor(from_vec(values.to_vec(), sizes).unwrap())
}

fn full() -> IndexEntry {
    IndexEntry::Basic(TensorIndex::full())
}

fn int(i: i64) -> IndexEntry {
    IndexEntry::Basic(TensorIndex::Int(i))
}

/// `torch.arange(24).reshape(2, 3, 4)`.
fn x24() -> Tensor {
    arange(24, ()).unwrap().view(&[2, 3, 4]).unwrap()
}

// ----- view(dtype) -----

#[test]
fn view_dtype_same_size_keeps_geometry_and_shares_memory() {
    let x = bytes(12).view(&[3, 4]).unwrap();
    let t = x.slice(1, Some(1), None, 1).unwrap();
    let v = t.view_dtype(DType::Int8).unwrap();
    assert_eq!(v.dtype(), DType::Int8);
    assert_eq!(geometry(&v), geometry(&t));
    assert!(v.is_alias_of(&x));
    v.get(0).unwrap().get(0).unwrap().fill_(-1).unwrap();
    assert_eq!(ints(&x)[1], 255);
    // the same dtype: same geometry too
    assert_eq!(geometry(&x.view_dtype(DType::UInt8).unwrap()), geometry(&x));
}

#[cfg(target_endian = "little")]
#[test]
fn view_dtype_to_bigger_elements_merges_the_last_dimension() {
    let x = bytes(12).view(&[3, 4]).unwrap();
    let v = x.view_dtype(DType::Int32).unwrap();
    assert_eq!(geometry(&v), (vec![3, 1], vec![1, 1], 0));
    assert_eq!(ints(&v), vec![50462976, 117835012, 185207048]);
    let tail = x.slice(0, Some(1), None, 1).unwrap().view_dtype(DType::Int32).unwrap();
    assert_eq!(geometry(&tail), (vec![2, 1], vec![1, 1], 1));
    assert_eq!(ints(&tail), vec![117835012, 185207048]);
    // an expanded first dimension (stride 0) is fine
    let e = zeros(&[1, 4], DType::UInt8).unwrap().expand(&[3, 4]).unwrap().view_dtype(DType::Int32).unwrap();
    assert_eq!(geometry(&e), (vec![3, 1], vec![0, 1], 0));
    // empty
    let z = zeros(&[0, 4], DType::UInt8).unwrap().view_dtype(DType::Int32).unwrap();
    assert_eq!(geometry(&z), (vec![0, 1], vec![1, 1], 0));
}

#[cfg(target_endian = "little")]
#[test]
fn view_dtype_to_smaller_elements_splits_the_last_dimension() {
    let f = zeros(&[4, 4], DType::Float32).unwrap();
    let v = f.slice(0, Some(1), None, 1).unwrap().view_dtype(DType::Int16).unwrap();
    assert_eq!(geometry(&v), (vec![3, 8], vec![8, 1], 8));
    let d = zeros(&[2, 3], DType::Float64).unwrap().slice(0, Some(1), None, 1).unwrap();
    let u = d.view_dtype(DType::UInt8).unwrap();
    assert_eq!(geometry(&u), (vec![1, 24], vec![24, 1], 24));
    // 1.0f32 is 0x3f800000
    let one = from_vec(vec![1.0f32, 2.0], &[2]).unwrap();
    assert_eq!(ints(&one.view_dtype(DType::UInt8).unwrap()), vec![0, 0, 128, 63, 0, 0, 0, 64]);
    assert_eq!(ints(&one.view_dtype(DType::Int32).unwrap()), vec![1065353216, 1073741824]);
}

#[test]
fn view_dtype_writes_show_through_both_ways() {
    let a = zeros(&[4], DType::Float32).unwrap();
    let b = a.view_dtype(DType::Int32).unwrap();
    b.get(1).unwrap().fill_(0x3f80_0000).unwrap();
    assert_eq!(floats(&a), vec![0.0, 1.0, 0.0, 0.0]);
    a.get(2).unwrap().fill_(2.0).unwrap();
    assert_eq!(ints(&b)[2], 0x4000_0000);
    assert_eq!(a.storage().data_ptr(), b.storage().data_ptr());
    // copy_ between two views of one allocation with different dtypes
    let c = zeros(&[2], DType::Int64).unwrap();
    let halves = c.view_dtype(DType::Int32).unwrap();
    halves.copy_(&from_vec(vec![7i32, 9, 11, 13], &[4]).unwrap()).unwrap();
    if cfg!(target_endian = "little") {
        assert_eq!(ints(&c), vec![7 + (9 << 32), 11 + (13 << 32)]);
    }
    // arithmetic reading one view and writing the other view of the same allocation
    let w = from_vec(vec![1i32, 2, 3, 4], &[4]).unwrap();
    let wf = w.view_dtype(DType::Float32).unwrap();
    let sum = wf.view_dtype(DType::Int32).unwrap().add(&w).unwrap();
    assert_eq!(ints(&sum), vec![2, 4, 6, 8]);
}

#[test]
fn view_dtype_bool_views() {
    // bool as uint8 and back
    let b = from_vec(vec![true, false, true], &[3]).unwrap();
    let u = b.view_dtype(DType::UInt8).unwrap();
    assert_eq!(ints(&u), vec![1, 0, 1]);
    u.get(1).unwrap().fill_(1).unwrap();
    assert_eq!(b.to_vec::<bool>().unwrap(), vec![true, true, true]);
    // a nonzero byte written into bool memory reads back as 1 (PyTorch keeps the byte; Rust's bool cannot)
    u.get(0).unwrap().fill_(5).unwrap();
    assert_eq!(ints(&u), vec![1, 1, 1]);
    assert_eq!(b.to_vec::<bool>().unwrap(), vec![true, true, true]);
    // uint8 memory of zeros and ones as bool
    let bytes01 = from_vec(vec![0u8, 1, 1], &[3]).unwrap();
    let as_bool = bytes01.view_dtype(DType::Bool).unwrap();
    assert_eq!(as_bool.to_vec::<bool>().unwrap(), vec![false, true, true]);
    as_bool.get(1).unwrap().fill_(false).unwrap();
    assert_eq!(ints(&bytes01), vec![0, 0, 1]);
    // other bytes read as `byte != 0` (from a normalized copy, never reinterpreted as a Rust bool)
    let raw = from_vec(vec![2u8, 0, 1, 255], &[4]).unwrap();
    let two = raw.view_dtype(DType::Bool).unwrap();
    assert_eq!(two.to_vec::<bool>().unwrap(), vec![true, false, true, true]);
    assert_eq!(ints(&two.to_dtype(DType::Int64).unwrap()), vec![1, 0, 1, 1]);
    // writes through such a view change only the bytes whose truth value changes
    two.get(1).unwrap().fill_(true).unwrap();
    two.get(3).unwrap().fill_(false).unwrap();
    assert_eq!(ints(&raw), vec![2, 1, 1, 0]);
    two.fill_(true).unwrap();
    assert_eq!(ints(&raw), vec![2, 1, 1, 1]);
    // a kernel reading such a view and writing another view of the same allocation
    let raw = from_vec(vec![7u8, 0, 3, 0], &[4]).unwrap();
    raw.view_dtype(DType::Int8).unwrap().copy_(&raw.view_dtype(DType::Bool).unwrap()).unwrap();
    assert_eq!(ints(&raw), vec![1, 0, 1, 0]);
    // float64 zeros as bool: 8 bytes per element
    let fb = zeros(&[2, 3], DType::Float64).unwrap().view_dtype(DType::Bool).unwrap();
    assert_eq!(geometry(&fb), (vec![2, 24], vec![24, 1], 0));
    assert_eq!(fb.to_vec::<bool>().unwrap(), vec![false; 48]);
}

#[test]
fn view_dtype_errors_in_pytorch_order() {
    let x = zeros(&[40], DType::UInt8).unwrap();
    let strided =
        |sizes: &[usize], strides: &[usize], offset: usize| x.as_strided(sizes, strides, Some(offset)).unwrap();
    expect_err(
        oxtorch::scalar_tensor(1.0, ()).unwrap().view_dtype(DType::Int16),
        "RuntimeError",
        "self.dim() cannot be 0 to view Float as Short (different element sizes)",
    );
    // a 0-dim tensor with the same element size is fine
    assert_eq!(
        oxtorch::scalar_tensor(1.0, ()).unwrap().view_dtype(DType::Int32).unwrap().item().unwrap(),
        Scalar::Int(1065353216)
    );
    expect_err(
        strided(&[2, 3], &[5, 2], 1).view_dtype(DType::Int16),
        "RuntimeError",
        "self.size(-1) must be divisible by 2 to view Byte as Short (different element sizes), but got 3",
    );
    expect_err(
        strided(&[2, 4], &[6, 2], 1).view_dtype(DType::Int16),
        "RuntimeError",
        "self.storage_offset() must be divisible by 2 to view Byte as Short (different element sizes), but got 1",
    );
    expect_err(
        strided(&[2, 4], &[5, 2], 0).view_dtype(DType::Int16),
        "RuntimeError",
        "self.stride(-1) must be 1 to view Byte as Short (different element sizes), but got 2",
    );
    expect_err(
        strided(&[3, 2, 4], &[5, 6, 1], 0).view_dtype(DType::Int16),
        "RuntimeError",
        "self.stride(0) must be divisible by 2 to view Byte as Short (different element sizes), but got 5",
    );
    expect_err(
        strided(&[2, 4], &[6, 1], 0).view_dtype(DType::Int32),
        "RuntimeError",
        "self.stride(0) must be divisible by 4 to view Byte as Int (different element sizes), but got 6",
    );
    expect_err(
        strided(&[3, 4], &[4, 1], 0).view_dtype(DType::Complex64),
        "RuntimeError",
        "self.size(-1) must be divisible by 8 to view Byte as ComplexFloat (different element sizes), but got 4",
    );
    expect_err(
        zeros(&[4, 4], DType::Float32).unwrap().slice(1, None, None, 4).unwrap().view_dtype(DType::Int16),
        "RuntimeError",
        "self.stride(-1) must be 1 to view Float as Short (different element sizes), but got 4",
    );
    expect_err(
        zeros(&[3, 0], DType::UInt8).unwrap().view_dtype(DType::Int32),
        "RuntimeError",
        "self.stride(0) must be divisible by 4 to view Byte as Int (different element sizes), but got 1",
    );
}

#[test]
fn view_dtype_of_every_pair_round_trips() {
    let dtypes = [
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
        DType::Complex64,
        DType::Complex128,
    ];
    for &from in &dtypes {
        for &to in &dtypes {
            let t = zeros(&[2, 16], from).unwrap();
            let v = t.view_dtype(to).unwrap();
            let expected_last = 16 * from.itemsize() / to.itemsize();
            assert_eq!(v.sizes(), &[2, expected_last], "{from} as {to}");
            // zero bytes are valid for every type, bool included
            assert_eq!(v.to_scalars().unwrap().len(), 2 * expected_last);
            let back = v.view_dtype(from).unwrap();
            assert_eq!(geometry(&back), geometry(&t));
        }
    }
}

#[test]
fn view_dtype_on_meta() {
    let m = zeros(&[2, 8], (DType::UInt8, oxtorch::Device::meta())).unwrap();
    let v = m.view_dtype(DType::Float64).unwrap();
    assert!(v.is_meta());
    assert_eq!(geometry(&v), (vec![2, 1], vec![1, 1], 0));
}

// ----- advanced indexing: reading -----

#[test]
fn index_with_lists_and_tensors() {
    let x = x24();
    let r = x.index_entries(&[idx(&[1, 0])], false).unwrap();
    assert_eq!(r.sizes(), &[2, 3, 4]);
    assert_eq!(ints(&r)[..4], [12, 13, 14, 15]);
    assert!(!r.is_alias_of(&x));
    // negative indices wrap
    let r = x.index_entries(&[idx(&[-1, -2])], false).unwrap();
    assert_eq!(ints(&r.select(1, 0).unwrap().select(1, 0).unwrap()), vec![12, 0]);
    // two adjacent indices: broadcast dims in place
    let r = x.index_entries(&[full(), idx(&[0, 1]), idx(&[1, 2])], true).unwrap();
    assert_eq!(r.sizes(), &[2, 2]);
    assert_eq!(ints(&r), vec![1, 6, 13, 18]);
    // separated: broadcast dims first
    let r = x.index_entries(&[idx(&[0, 1]), full(), idx(&[1, 2])], true).unwrap();
    assert_eq!(r.sizes(), &[2, 3]);
    assert_eq!(ints(&r), vec![1, 5, 9, 14, 18, 22]);
    // an integer is applied first (a view), so x[0, :, [1, 2]] indexes the last dimension of x[0]
    let r = x.index_entries(&[int(0), full(), idx(&[1, 2])], true).unwrap();
    assert_eq!(r.sizes(), &[3, 2]);
    assert_eq!(ints(&r), vec![1, 2, 5, 6, 9, 10]);
    // broadcasting of index tensors
    let col = IndexEntry::Tensor(from_vec(vec![0i64, 1], &[2, 1]).unwrap());
    let r = x.index_entries(&[idx(&[0, 1]), col], true).unwrap();
    assert_eq!(r.sizes(), &[2, 2, 4]);
    assert_eq!(ints(&r.select(2, 0).unwrap()), vec![0, 12, 4, 16]);
    // int32 indices
    let i32s = IndexEntry::Tensor(from_vec(vec![1i32], &[1]).unwrap());
    assert_eq!(x.index_entries(&[i32s], false).unwrap().sizes(), &[1, 3, 4]);
    // with None and Ellipsis
    let none = IndexEntry::Basic(TensorIndex::NewAxis);
    let ell = IndexEntry::Basic(TensorIndex::Ellipsis);
    assert_eq!(x.index_entries(&[none.clone(), idx(&[0, 1]), none.clone()], true).unwrap().sizes(), &[1, 2, 1, 3, 4]);
    assert_eq!(x.index_entries(&[ell.clone(), idx(&[0, 1])], true).unwrap().sizes(), &[2, 3, 2]);
    assert_eq!(x.index_entries(&[idx(&[0, 1]), ell, idx(&[0, 1])], true).unwrap().sizes(), &[2, 3]);
    assert_eq!(x.index_entries(&[full(), none, idx(&[0, 1])], true).unwrap().sizes(), &[2, 1, 2, 4]);
    let slice = IndexEntry::Basic(TensorIndex::slice(Some(1), None, None));
    assert_eq!(
        x.index_entries(&[idx(&[0, 1]), slice.clone(), IndexEntry::Basic(TensorIndex::NewAxis), idx(&[2, 3])], true)
            .unwrap()
            .sizes(),
        &[2, 2, 1]
    );
    assert_eq!(x.index_entries(&[int(0), idx(&[1, 2]), slice], true).unwrap().sizes(), &[2, 3]);
    // empty index
    let empty = IndexEntry::Tensor(from_vec(Vec::<i64>::new(), &[0]).unwrap());
    assert_eq!(x.index_entries(&[empty], false).unwrap().sizes(), &[0, 3, 4]);
    // a 0-dim integer tensor is an integer (a view)
    let zero_dim = IndexEntry::Tensor(oxtorch::scalar_tensor(1i64, ()).unwrap());
    let r = x.index_entries(&[zero_dim], false).unwrap();
    assert_eq!(r.sizes(), &[3, 4]);
    assert!(r.is_alias_of(&x));
}

#[test]
fn index_of_a_non_contiguous_view() {
    let x = x24().transpose(0, 2).unwrap(); // [4, 3, 2]
    let r = x.index_entries(&[idx(&[3, 0]), int(1)], true).unwrap();
    assert_eq!(r.sizes(), &[2, 2]);
    // x[i, 1, k] = base[k, 1, i] = 12k + 4 + i
    assert_eq!(ints(&r), vec![7, 19, 4, 16]);
}

#[test]
fn index_with_masks() {
    let x = x24();
    let m = mask(&[true, false, true, false, false, true], &[2, 3]);
    let r = x.index_entries(&[m], false).unwrap();
    assert_eq!(r.sizes(), &[3, 4]);
    assert_eq!(ints(&r), vec![0, 1, 2, 3, 8, 9, 10, 11, 20, 21, 22, 23]);
    // a mask on a later dimension
    let r = x.index_entries(&[full(), mask(&[false, true, true], &[3])], true).unwrap();
    assert_eq!(r.sizes(), &[2, 2, 4]);
    assert_eq!(ints(&r.select(2, 0).unwrap()), vec![4, 8, 16, 20]);
    // mask with an index tensor after it: x[mask2d, [1, 2, 3]]
    let m = mask(&[true, false, true, false, false, true], &[2, 3]);
    let r = x.index_entries(&[m, idx(&[1, 2, 3])], true).unwrap();
    assert_eq!(ints(&r), vec![1, 10, 23]);
    // Python bools
    assert_eq!(x.index_entries(&[IndexEntry::Bool(true)], false).unwrap().sizes(), &[1, 2, 3, 4]);
    assert_eq!(x.index_entries(&[IndexEntry::Bool(false)], false).unwrap().sizes(), &[0, 2, 3, 4]);
    let t = IndexEntry::Tensor(oxtorch::scalar_tensor(true, ()).unwrap());
    assert_eq!(x.index_entries(std::slice::from_ref(&t), false).unwrap().sizes(), &[1, 2, 3, 4]);
    let five = oxtorch::scalar_tensor(5, ()).unwrap();
    assert_eq!(ints(&five.index_entries(&[t], false).unwrap()), vec![5]);
    // a uint8 mask (deprecated in PyTorch) selects like a bool one
    let u = IndexEntry::Tensor(from_vec(vec![1u8, 0], &[2]).unwrap());
    assert_eq!(x.index_entries(&[u], false).unwrap().sizes(), &[1, 3, 4]);
    // an all-false mask
    assert_eq!(x.index_entries(&[mask(&[false, false], &[2])], false).unwrap().sizes(), &[0, 3, 4]);
}

#[test]
fn index_errors() {
    let x = x24();
    expect_err(
        x.index_entries(&[full(), idx(&[5])], true),
        "IndexError",
        "index 5 is out of bounds for dimension 0 with size 3",
    );
    expect_err(
        x.index_entries(&[idx(&[1]), idx(&[9])], true),
        "IndexError",
        "index 9 is out of bounds for dimension 1 with size 3",
    );
    expect_err(
        x.index_entries(&[idx(&[-3])], false),
        "IndexError",
        "index -3 is out of bounds for dimension 0 with size 2",
    );
    expect_err(
        x.index_entries(&[idx(&[0, 1]), idx(&[0, 1, 2])], true),
        "IndexError",
        "shape mismatch: indexing tensors could not be broadcast together with shapes [2], [3]",
    );
    expect_err(
        x.index_entries(&[mask(&[true, false, true], &[3])], false),
        "IndexError",
        "The shape of the mask [3] at index 0 does not match the shape of the indexed tensor [2, 3, 4] at index 0",
    );
    expect_err(
        x.index_entries(&[full(), mask(&[true, false], &[2])], true),
        "IndexError",
        "The shape of the mask [2] at index 0 does not match the shape of the indexed tensor [2, 3, 4] at index 1",
    );
    let floats_index = IndexEntry::Tensor(from_vec(vec![0.0f32], &[1]).unwrap());
    expect_err(
        x.index_entries(&[floats_index], false),
        "IndexError",
        "tensors used as indices must be long, int, byte or bool tensors",
    );
    let i16s = IndexEntry::Tensor(from_vec(vec![1i16], &[1]).unwrap());
    expect_err(
        x.index_entries(&[i16s], false),
        "IndexError",
        "tensors used as indices must be long, int, byte or bool tensors",
    );
    expect_err(
        x.index_entries(&[idx(&[1]), idx(&[1]), idx(&[1]), idx(&[1])], true),
        "IndexError",
        "too many indices for tensor of dimension 3",
    );
    let s = oxtorch::scalar_tensor(5, ()).unwrap();
    expect_err(s.index_entries(&[idx(&[0])], false), "IndexError", "too many indices for tensor of dimension 0");
    // nothing to produce: no bounds check (PyTorch's kernel never runs)
    let e = zeros(&[2, 0], DType::Float32).unwrap();
    assert_eq!(e.index_entries(&[idx(&[5])], false).unwrap().sizes(), &[1, 0]);
}

#[test]
fn index_on_meta_gives_the_shape() {
    let m = zeros(&[2, 3], (DType::Float32, oxtorch::Device::meta())).unwrap();
    let r = m.index_entries(&[full(), idx(&[0, 2, 1, 1])], true).unwrap();
    assert!(r.is_meta());
    assert_eq!(r.sizes(), &[2, 4]);
}

#[test]
fn index_of_a_dtype_view() {
    let x = from_vec(vec![0u8, 1, 0, 0, 1, 0, 1, 1], &[8]).unwrap();
    let b = x.view_dtype(DType::Bool).unwrap();
    let r = b.index_entries(&[idx(&[1, 6, 7, 0])], false).unwrap();
    assert_eq!(r.to_vec::<bool>().unwrap(), vec![true, true, true, false]);
}

// ----- advanced indexing: writing -----

#[test]
fn index_put_values() {
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    let v = from_vec(vec![7.0f32, 8.0], &[1, 1, 2]).unwrap();
    x.index_put_entries(&[idx(&[0, 1]), idx(&[1, 2])], &IndexValue::Tensor(v)).unwrap();
    assert_eq!(floats(&x), vec![0.0, 7.0, 0.0, 0.0, 0.0, 8.0]);
    // a row broadcast to every selected row
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    x.index_put_entries(&[idx(&[0, 1])], &IndexValue::Tensor(from_vec(vec![7.0f32, 8.0, 9.0], &[3]).unwrap())).unwrap();
    assert_eq!(floats(&x), vec![7.0, 8.0, 9.0, 7.0, 8.0, 9.0]);
    // a column
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    x.index_put_entries(&[idx(&[0, 1])], &IndexValue::Tensor(from_vec(vec![7.0f32, 8.0], &[2, 1]).unwrap())).unwrap();
    assert_eq!(floats(&x), vec![7.0, 7.0, 7.0, 8.0, 8.0, 8.0]);
    // a mask with a number
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    x.index_put_entries(
        &[mask(&[true, false, true, false, false, true], &[2, 3])],
        &IndexValue::Scalar(Scalar::Int(5)),
    )
    .unwrap();
    assert_eq!(floats(&x), vec![5.0, 0.0, 5.0, 0.0, 0.0, 5.0]);
    // separated indices on a slice
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    x.index_put_entries(&[full(), idx(&[0, 2])], &IndexValue::Tensor(from_vec(vec![1.0f32, 2.0], &[2]).unwrap()))
        .unwrap();
    assert_eq!(floats(&x), vec![1.0, 0.0, 2.0, 1.0, 0.0, 2.0]);
    // numbers are converted (truncated for integers)
    let x = zeros(&[3], DType::Int64).unwrap();
    x.index_put_entries(&[idx(&[0, 2])], &IndexValue::Scalar(Scalar::Float(2.7))).unwrap();
    assert_eq!(ints(&x), vec![2, 0, 2]);
    let x = zeros(&[3], DType::Bool).unwrap();
    x.index_put_entries(&[idx(&[0])], &IndexValue::Scalar(Scalar::Int(3))).unwrap();
    assert_eq!(x.to_vec::<bool>().unwrap(), vec![true, false, false]);
    // repeated positions: the last write wins
    let x = zeros(&[3], DType::Float32).unwrap();
    x.index_put_entries(&[idx(&[0, 0, 0])], &IndexValue::Tensor(from_vec(vec![1.0f32, 2.0, 3.0], &[3]).unwrap()))
        .unwrap();
    assert_eq!(floats(&x), vec![3.0, 0.0, 0.0]);
    // writes go through views into the base
    let base = zeros(&[2, 4], DType::Int32).unwrap();
    let view = base.slice(1, Some(1), None, 2).unwrap(); // columns 1 and 3
    view.index_put_entries(&[idx(&[1]), idx(&[1])], &IndexValue::Scalar(Scalar::Int(9))).unwrap();
    assert_eq!(ints(&base), vec![0, 0, 0, 0, 0, 0, 0, 9]);
    // and through a dtype view
    let f = zeros(&[2], DType::Float32).unwrap();
    f.view_dtype(DType::Int32)
        .unwrap()
        .index_put_entries(&[idx(&[1])], &IndexValue::Scalar(Scalar::Int(0x3f80_0000)))
        .unwrap();
    assert_eq!(floats(&f), vec![0.0, 1.0]);
    // a copy of the target as the value
    let x = from_vec(vec![1i64, 2, 3], &[3]).unwrap();
    let rev = x.index_entries(&[idx(&[2, 1, 0])], false).unwrap();
    x.index_put_entries(&[idx(&[0, 1, 2])], &IndexValue::Tensor(rev)).unwrap();
    assert_eq!(ints(&x), vec![3, 2, 1]);
    // a non-dense view of the target is allowed (PyTorch cannot tell; the value is read first here)
    let x = from_vec(vec![1i64, 2, 3, 4], &[4]).unwrap();
    x.index_put_entries(&[idx(&[0, 1])], &IndexValue::Tensor(x.slice(0, None, None, 2).unwrap())).unwrap();
    assert_eq!(ints(&x), vec![1, 3, 3, 4]);
    // one mask and a one-element value of another dtype: PyTorch's masked_fill_ shortcut
    let x = zeros(&[2, 3], DType::Float32).unwrap();
    let five = oxtorch::scalar_tensor(5.0f64, ()).unwrap();
    x.index_put_entries(&[full(), mask(&[true, false, true], &[3])], &IndexValue::Tensor(five)).unwrap();
    assert_eq!(floats(&x), vec![5.0, 0.0, 5.0, 5.0, 0.0, 5.0]);
}

#[test]
fn index_put_errors() {
    let x = zeros(&[3], DType::Float32).unwrap();
    expect_err(
        x.index_put_entries(&[idx(&[0, 2])], &IndexValue::Tensor(from_vec(vec![1.5f64, 2.5], &[2]).unwrap())),
        "RuntimeError",
        "Index put requires the source and destination dtypes match, got Float for the destination and Double for the source.",
    );
    expect_err(
        x.index_put_entries(&[idx(&[0, 2])], &IndexValue::Tensor(from_vec(vec![1.0f32, 2.0, 3.0], &[3]).unwrap())),
        "RuntimeError",
        "shape mismatch: value tensor of shape [3] cannot be broadcast to indexing result of shape [2]",
    );
    expect_err(
        x.index_put_entries(&[idx(&[5])], &IndexValue::Scalar(Scalar::Int(1))),
        "IndexError",
        "index 5 is out of bounds for dimension 0 with size 3",
    );
    expect_err(
        x.index_put_entries(&[idx(&[0])], &IndexValue::Scalar(Scalar::Complex(num_complex::Complex::new(1.0, 2.0)))),
        "RuntimeError",
        "index_fill_(): Converting complex Scalar to non-complex type is not supported",
    );
    // other indices: the conversion's own message (a nonzero imaginary part overflows)
    let c = IndexValue::Scalar(Scalar::Complex(num_complex::Complex::new(1.0, 2.0)));
    expect_err(
        x.index_put_entries(&[mask(&[true, false, true], &[3])], &c),
        "RuntimeError",
        "value cannot be converted to type float without overflow",
    );
    let i8s = zeros(&[3], DType::Int8).unwrap();
    expect_err(
        i8s.index_put_entries(&[idx(&[0])], &IndexValue::Scalar(Scalar::Int(300))),
        "RuntimeError",
        "value cannot be converted to type int8_t without overflow",
    );
    let real = IndexValue::Scalar(Scalar::Complex(num_complex::Complex::new(1.0, 0.0)));
    x.index_put_entries(&[mask(&[true, false, true], &[3])], &real).unwrap();
    assert_eq!(floats(&x), vec![1.0, 0.0, 1.0]);
    // a dimension of size 0 indexed by a non-empty index
    expect_err(
        zeros(&[0, 3], DType::Float32).unwrap().index_entries(&[idx(&[0])], false),
        "IndexError",
        "index is out of bounds for dimension with size 0",
    );
    let y = zeros(&[2, 3], DType::Float32).unwrap();
    expect_err(
        y.index_put_entries(&[idx(&[0])], &IndexValue::Tensor(zeros(&[2, 3], DType::Float32).unwrap())),
        "RuntimeError",
        "shape mismatch: value tensor of shape [2, 3] cannot be broadcast to indexing result of shape [1, 3]",
    );
    // a dense view of the target as the value
    let x = from_vec(vec![1i64, 2, 3], &[3]).unwrap();
    let overlap = "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory location. Please clone() the tensor before performing the operation.";
    expect_err(x.index_put_entries(&[idx(&[0, 1, 2])], &IndexValue::Tensor(x.clone())), "RuntimeError", overlap);
    expect_err(
        x.index_put_entries(&[idx(&[0, 1])], &IndexValue::Tensor(x.slice(0, Some(1), None, 1).unwrap())),
        "RuntimeError",
        overlap,
    );
    // the shape is checked before the dtype
    expect_err(
        zeros(&[2, 3], DType::Float32)
            .unwrap()
            .index_put_entries(&[idx(&[0])], &IndexValue::Tensor(zeros(&[2], DType::Float64).unwrap())),
        "RuntimeError",
        "shape mismatch: value tensor of shape [2] cannot be broadcast to indexing result of shape [1, 3]",
    );
    // nothing selected: no bounds check
    let e = zeros(&[2, 0], DType::Float32).unwrap();
    e.index_put_entries(&[idx(&[5])], &IndexValue::Scalar(Scalar::Int(1))).unwrap();
    assert_eq!(e.sizes(), &[2, 0]);
}

// ----- the result's strides: PyTorch's TensorIterator layout -----

#[test]
fn index_result_strides_follow_tensor_iterator() {
    // a permuted source: the output follows its memory order (PyTorch 2.15: strides (3, 1, 1))
    let v0 = from_vec(vec![12i8, -13, -11, -128, 10, -128], &[3, 2, 1]).unwrap();
    let v1 = v0.permute(&[1, 2, 0]).unwrap();
    let r = v1.index_entries(&[idx(&[-1, 1])], true).unwrap();
    assert_eq!(geometry(&r), (vec![2, 1, 3], vec![3, 1, 1], 0));
    assert_eq!(ints(&r), vec![-13, -128, -128, -13, -128, -128]);
    // empty results: strides outside a size-0 dimension are 0
    let w = from_vec(vec![19u8, 18, 10, 15], &[1, 4]).unwrap().slice(1, Some(1), None, 1).unwrap();
    let r = w.index_entries(&[IndexEntry::Basic(TensorIndex::NewAxis), IndexEntry::Bool(false)], true).unwrap();
    assert_eq!(geometry(&r), (vec![1, 0, 1, 3], vec![0, 3, 0, 1], 0));
    let z = zeros(&[0, 2, 1], DType::Float32).unwrap();
    let r = z
        .index_entries(
            &[
                IndexEntry::Bool(false),
                IndexEntry::Basic(TensorIndex::NewAxis),
                IndexEntry::Basic(TensorIndex::slice(Some(3), None, None)),
            ],
            true,
        )
        .unwrap();
    assert_eq!(geometry(&r), (vec![0, 1, 0, 2, 1], vec![1, 0, 0, 0, 0], 0));
    // a contiguous source and index: contiguous
    let r = x24().index_entries(&[full(), idx(&[2, 0])], true).unwrap();
    assert_eq!(geometry(&r), (vec![2, 2, 4], vec![8, 4, 1], 0));
}

#[test]
fn failed_assignment_keeps_earlier_writes() {
    // PyTorch's kernels write in order and stop at the first position out of range (index_fill_ names the
    // tensor's dimension, index_put_ the index's number)
    let v = arange(8, DType::Float32).unwrap().view(&[4, 2]).unwrap();
    expect_err(
        v.index_put_entries(
            &[IndexEntry::Basic(TensorIndex::Ellipsis), idx(&[-2, -3])],
            &IndexValue::Scalar(Scalar::Float(2.0)),
        ),
        "IndexError",
        "index -3 is out of bounds for dimension 1 with size 2",
    );
    assert_eq!(floats(&v), vec![2.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
    let w = arange(8, DType::Float32).unwrap().view(&[4, 2]).unwrap();
    let nines = from_vec(vec![9.0f32, 9.0], &[2]).unwrap();
    expect_err(
        w.index_put_entries(&[idx(&[0, 5, 1])], &IndexValue::Tensor(nines)),
        "IndexError",
        "index 5 is out of bounds for dimension 0 with size 4",
    );
    assert_eq!(floats(&w), vec![9.0, 9.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0]);
}
