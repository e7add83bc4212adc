//! Bad input returns `Err` with PyTorch's exception class and exact message, never a panic.
//!
//! Tests that change the process-wide default dtype or device live in `defaults.rs`.

use oxtorch::{
    arange, arange_step, empty, from_vec, full, scalar_tensor, tensor, zeros, DType, Device, MemoryFormat, Tensor,
    TensorIndex,
};
use std::fmt::Debug;

/// Asserts `r` is an error of class `kind` with exactly `message`.
#[track_caller]
fn expect_err<T: Debug>(r: oxtorch::Result<T>, kind: &str, message: &str) {
    match r {
        Ok(v) => panic!("expected {kind}: {message}\n   got Ok({v:?})"),
        Err(e) => assert_eq!((e.kind_name(), e.message()), (kind, message)),
    }
}

fn grid(sizes: &[i64]) -> Tensor {
    let n: i64 = sizes.iter().product();
    arange(n, DType::Int64).unwrap().reshape(sizes).unwrap()
}

fn range_msg(lo: i64, hi: i64, got: i64) -> String {
    format!("Dimension out of range (expected to be in range of [{lo}, {hi}], but got {got})")
}

#[test]
fn invalid_device_strings_match_recorded_pytorch_errors() {
    let data: serde_json::Value =
        serde_json::from_str(include_str!("data/device.json")).expect("tests/data/device.json parses");
    let mut checked = 0;
    for case in data["cases"].as_array().unwrap() {
        let (Some(kind), Some(message)) = (case["error"].as_str(), case["message"].as_str()) else { continue };
        let args = case["args"].as_array().unwrap();
        let result = match (args.first(), args.get(1)) {
            (Some(serde_json::Value::String(s)), None) => Device::parse(s),
            (Some(serde_json::Value::String(s)), Some(i)) => Device::with_index(s, i.as_i64()),
            (Some(i), None) if i.is_i64() => Device::from_ordinal(i.as_i64().unwrap()),
            _ => panic!("unexpected device case {case}"),
        };
        expect_err(result, kind, message);
        checked += 1;
    }
    assert!(checked >= 15, "only {checked} error cases in device.json");
    // A few more, written out.
    expect_err(Device::parse(""), "RuntimeError", "Device string must not be empty");
    expect_err(Device::parse("cuda:"), "RuntimeError", "Invalid device string: 'cuda:'");
    expect_err(Device::parse("cuda:01"), "RuntimeError", "Invalid device string: 'cuda:01'");
    expect_err(
        Device::parse("gpu"),
        "RuntimeError",
        "Expected one of cpu, cuda, ipu, xpu, mkldnn, opengl, opencl, ideep, hip, ve, fpga, maia, xla, lazy, vulkan, \
         mps, meta, hpu, mtia, privateuseone device type at start of device string: gpu",
    );
}

#[test]
fn dims_out_of_range_are_index_errors() {
    let t = grid(&[2, 3]);
    let msg = range_msg(-2, 1, 5);
    expect_err(t.transpose(0, 5), "IndexError", &msg);
    expect_err(t.transpose(5, 0), "IndexError", &msg);
    expect_err(t.select(5, 0), "IndexError", &msg);
    expect_err(t.narrow(5, 0, 1), "IndexError", &msg);
    expect_err(t.flatten(5, 5), "IndexError", &msg);
    expect_err(t.flatten(0, 5), "IndexError", &msg);
    expect_err(t.squeeze_dim(5), "IndexError", &msg);
    expect_err(t.diagonal(0, 0, 5), "IndexError", &msg);
    expect_err(t.diagonal(0, 5, 0), "IndexError", &msg);
    expect_err(t.movedim(5, 0), "IndexError", &msg);
    expect_err(t.movedim(0, 5), "IndexError", &msg);
    expect_err(t.permute(&[0, 5]), "IndexError", &msg);
    expect_err(t.unfold(5, 1, 1), "IndexError", &msg);
    expect_err(t.size(5), "IndexError", &msg);
    expect_err(t.stride(-3), "IndexError", &range_msg(-2, 1, -3));
    expect_err(t.slice(-3, None, None, 1), "IndexError", &range_msg(-2, 1, -3));
    expect_err(t.split(1, 2), "IndexError", &range_msg(-2, 1, 2));
    expect_err(t.chunk(1, 2), "IndexError", &range_msg(-2, 1, 2));
    // unsqueeze accepts one more position.
    expect_err(t.unsqueeze(3), "IndexError", &range_msg(-3, 2, 3));
    expect_err(t.unsqueeze(-4), "IndexError", &range_msg(-3, 2, -4));
    // A 0-dim tensor accepts -1 and 0.
    let s = scalar_tensor(7, ()).unwrap();
    expect_err(s.transpose(0, 1), "IndexError", &range_msg(-1, 0, 1));
    expect_err(s.unsqueeze(2), "IndexError", &range_msg(-1, 0, 2));
    expect_err(s.squeeze_dim(-2), "IndexError", &range_msg(-1, 0, -2));
}

#[test]
fn other_view_argument_errors() {
    let t = grid(&[2, 3]);
    let s = scalar_tensor(7, ()).unwrap();
    expect_err(grid(&[2, 3, 4]).t(), "RuntimeError", "t() expects a tensor with <= 2 dimensions, but self is 3D");
    expect_err(t.permute(&[0, 0]), "RuntimeError", "permute(): duplicate dims are not allowed.");
    expect_err(
        t.permute(&[0, 1, 2]),
        "RuntimeError",
        "permute(sparse_coo): number of dimensions in the tensor input does not match the length of the desired ordering \
         of dimensions i.e. input.dim() = 2 is not equal to len(dims) = 3",
    );
    expect_err(s.narrow(0, 0, 1), "RuntimeError", "narrow() cannot be applied to a 0-dim tensor.");
    expect_err(t.narrow(1, 0, -1), "RuntimeError", "narrow(): length must be non-negative.");
    expect_err(t.narrow(1, 4, 0), "IndexError", "start out of range (expected to be in range of [-3, 3], but got 4)");
    expect_err(t.narrow(1, 2, 2), "RuntimeError", "start (2) + length (2) exceeds dimension size (3).");
    expect_err(s.select(0, 0), "IndexError", "select() cannot be applied to a 0-dim tensor.");
    expect_err(t.select(1, 3), "IndexError", "select(): index 3 out of range for tensor of size [2, 3] at dimension 1");
    expect_err(
        t.select(-1, -4),
        "IndexError",
        "select(): index -4 out of range for tensor of size [2, 3] at dimension 1",
    );
    expect_err(t.diagonal(0, 1, -1), "RuntimeError", "diagonal dimensions cannot be identical 1, -1");
    expect_err(t.flatten(1, 0), "RuntimeError", "flatten() has invalid args: start_dim cannot come after end_dim");
    expect_err(
        t.movedim(0, 0).and_then(|_| t.movedims(&[0, 0], &[0, 1])),
        "RuntimeError",
        "movedim: repeated dim in `source` ([0, 0])",
    );
    expect_err(t.movedims(&[0, 1], &[1, 1]), "RuntimeError", "movedim: repeated dim in `destination` ([1, 1])");
    expect_err(
        t.movedims(&[0], &[0, 1]),
        "RuntimeError",
        "movedim: Invalid source or destination dims: source ([0] dims) should contain the same number of dims as \
         destination ([0, 1] dims)",
    );
}

#[test]
fn impossible_views() {
    let t = grid(&[2, 3, 4]);
    expect_err(
        t.transpose(0, 1).unwrap().view(&[3, 8]),
        "RuntimeError",
        "view size is not compatible with input tensor's size and stride (at least one dimension spans across two \
         contiguous subspaces). Use .reshape(...) instead.",
    );
    expect_err(t.view(&[5, 5]), "RuntimeError", "shape '[5, 5]' is invalid for input of size 24");
    expect_err(t.reshape(&[5, 5]), "RuntimeError", "shape '[5, 5]' is invalid for input of size 24");
    expect_err(t.view(&[-1, 5]), "RuntimeError", "shape '[-1, 5]' is invalid for input of size 24");
    expect_err(t.view(&[-1, -1]), "RuntimeError", "only one dimension can be inferred");
    expect_err(t.reshape(&[-1, -1]), "RuntimeError", "only one dimension can be inferred");
    expect_err(t.view(&[-2, 12]), "RuntimeError", "invalid shape dimension -2 at index 0 of shape [-2, 12]");
    expect_err(
        zeros(&[0, 3], ()).unwrap().view(&[0, -1]),
        "RuntimeError",
        "cannot reshape tensor of 0 elements into shape [0, -1] because the unspecified dimension size -1 can be any \
         value and is ambiguous",
    );
    expect_err(
        grid(&[3, 4]).as_strided(&[4, 4], &[4, 1], Some(0)),
        "RuntimeError",
        "setStorage: sizes [4, 4], strides [4, 1], storage offset 0, and itemsize 8 requiring a storage size of 128 \
         are out of bounds for storage of size 96",
    );
    expect_err(
        grid(&[3, 4]).as_strided(&[2, 2], &[1], None),
        "RuntimeError",
        "mismatch in length of strides and shape",
    );
}

#[test]
fn expand_mismatches() {
    expect_err(
        grid(&[3, 2]).expand(&[3, 4]),
        "RuntimeError",
        "The expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 1.  \
         Target sizes: [3, 4].  Tensor sizes: [3, 2]",
    );
    expect_err(
        grid(&[2, 3]).expand(&[4, 3]),
        "RuntimeError",
        "The expanded size of the tensor (4) must match the existing size (2) at non-singleton dimension 0.  \
         Target sizes: [4, 3].  Tensor sizes: [2, 3]",
    );
    expect_err(
        grid(&[2, 3]).expand(&[-1, 2, 3]),
        "RuntimeError",
        "The expanded size of the tensor (-1) isn't allowed in a leading, non-existing dimension 0",
    );
    expect_err(
        grid(&[2, 3]).expand(&[3]),
        "RuntimeError",
        "expand(oxtorch.LongTensor{[2, 3]}, size=[3]): the number of sizes provided (1) must be greater or equal to \
         the number of dimensions in the tensor (2)",
    );
    expect_err(
        grid(&[2, 3]).expand_as(&grid(&[2, 4])),
        "RuntimeError",
        "The expanded size of the tensor (4) must match the existing size (3) at non-singleton dimension 1.  \
         Target sizes: [2, 4].  Tensor sizes: [2, 3]",
    );
}

#[test]
fn memory_format_rank_and_preserve_errors() {
    let cl4 = "required rank 4 tensor to use channels_last format";
    let cl5 = "required rank 5 tensor to use channels_last_3d format";
    let t = grid(&[2, 3, 4]);
    expect_err(empty(&[2, 3, 4], MemoryFormat::ChannelsLast), "RuntimeError", cl4);
    expect_err(empty(&[2, 3, 4, 5], MemoryFormat::ChannelsLast3d), "RuntimeError", cl5);
    expect_err(zeros(&[2], MemoryFormat::ChannelsLast), "RuntimeError", cl4);
    expect_err(t.contiguous_in(MemoryFormat::ChannelsLast), "RuntimeError", cl4);
    expect_err(t.clone_in(MemoryFormat::ChannelsLast), "RuntimeError", cl4);
    expect_err(t.empty_like(MemoryFormat::ChannelsLast), "RuntimeError", cl4);
    expect_err(grid(&[2, 3, 4, 5]).contiguous_in(MemoryFormat::ChannelsLast3d), "RuntimeError", cl5);
    expect_err(empty(&[2, 3], MemoryFormat::Preserve), "RuntimeError", "unsupported memory format Preserve");
    expect_err(
        t.contiguous_in(MemoryFormat::Preserve),
        "RuntimeError",
        "preserve memory format is unsupported by the contiguous operator",
    );
}

#[test]
fn reading_values_errors() {
    expect_err(grid(&[2]).item(), "RuntimeError", "a Tensor with 2 elements cannot be converted to Scalar");
    expect_err(
        zeros(&[0], ()).unwrap().item(),
        "RuntimeError",
        "a Tensor with 0 elements cannot be converted to Scalar",
    );
    let e = grid(&[2]).to_vec::<f32>().unwrap_err();
    assert_eq!(e.kind_name(), "TypeError");
    assert!(e.message().contains("float32") && e.message().contains("int64"), "{}", e.message());

    let meta = zeros(&[2, 3], Device::meta()).unwrap();
    assert!(meta.is_meta());
    expect_err(meta.item(), "RuntimeError", "Tensor.item() cannot be called on meta tensors");
    expect_err(meta.to_vec::<f32>(), "NotImplementedError", "Cannot copy out of meta tensor; no data!");
    expect_err(meta.to_device(Device::cpu()), "NotImplementedError", "Cannot copy out of meta tensor; no data!");
    expect_err(
        grid(&[2]).copy_(&zeros(&[2], (DType::Int64, Device::meta())).unwrap()),
        "NotImplementedError",
        "Cannot copy out of meta tensor; no data!",
    );
    // Writing into meta is fine (no values are recorded).
    meta.copy_(&zeros(&[3], ()).unwrap()).unwrap();
}

#[test]
fn allocating_on_unavailable_devices() {
    // without a GPU, every way of making a CUDA tensor fails with PyTorch's message for the situation; with one, a
    // device index past the device count fails with PyTorch's invalid-ordinal error
    let count = oxtorch::cuda::device_count();
    let index = u8::try_from(count).unwrap();
    let cuda = Device::cuda(index).unwrap();
    let (kind, msg) = if count == 0 {
        ("RuntimeError", oxtorch::cuda::NO_DRIVER_MSG.to_string())
    } else {
        let e = oxtorch::Device::ensure_available(cuda).unwrap_err();
        ("AcceleratorError", e.message().to_string())
    };
    assert!(count > 0 || !oxtorch::cuda::is_available());
    expect_err(zeros(&[2], cuda), kind, &msg);
    expect_err(empty(&[2, 3], cuda), kind, &msg);
    expect_err(full(&[2], 1.5, cuda), kind, &msg);
    expect_err(tensor([1, 2], cuda), kind, &msg);
    expect_err(arange(3, cuda), kind, &msg);
    expect_err(grid(&[2]).to_device(cuda), kind, &msg);
    expect_err(grid(&[2]).empty_like(cuda), kind, &msg);
    expect_err(grid(&[2]).cuda(Some(index)), kind, &msg);
    if count == 0 {
        expect_err(grid(&[2]).cuda(None), kind, &msg);
        expect_err(oxtorch::cuda::current_device(), kind, &msg);
        expect_err(oxtorch::cuda::synchronize(None), kind, &msg);
    } else {
        assert!(msg.starts_with("CUDA error: invalid device ordinal\nGPU device may be out of range"));
    }
    let mps = Device::parse("mps").unwrap();
    expect_err(
        zeros(&[1], mps),
        "RuntimeError",
        "Cannot allocate a tensor on device 'mps': oxtorch was built without a backend for 'mps' \
         (available: cpu, cuda, meta)",
    );
}

#[test]
fn copy_errors() {
    let overlap = "unsupported operation: more than one element of the written-to tensor refers to a single memory \
                   location. Please clone() the tensor before performing the operation.";
    let expanded = grid(&[1, 3]).expand(&[4, 3]).unwrap();
    expect_err(expanded.copy_(&grid(&[4, 3])), "RuntimeError", overlap);
    expect_err(expanded.copy_(&scalar_tensor(1, ()).unwrap()), "RuntimeError", overlap);
    let base = grid(&[6]);
    expect_err(
        base.narrow(0, 0, 4).unwrap().copy_(&base.narrow(0, 2, 4).unwrap()),
        "RuntimeError",
        "unsupported operation: some elements of the input tensor and the written-to tensor refer to a single memory \
         location. Please clone() the tensor before performing the operation.",
    );
    expect_err(
        grid(&[2, 3]).copy_(&grid(&[4])),
        "RuntimeError",
        "The size of tensor a (3) must match the size of tensor b (4) at non-singleton dimension 1",
    );
    expect_err(
        grid(&[3]).copy_(&grid(&[2, 3])),
        "RuntimeError",
        "output with shape [3] doesn't match the broadcast shape [2, 3]",
    );
}

#[test]
fn tensor_data_errors() {
    expect_err(tensor(vec![vec![1, 2], vec![3]], ()), "ValueError", "expected sequence of length 2 at dim 1 (got 1)");
    expect_err(tensor(vec![vec![1], vec![2, 3]], ()), "ValueError", "expected sequence of length 1 at dim 1 (got 2)");
    // torch.tensor names the dtype as PyTorch does (uint8, int32), and wraps -255..-1 into uint8 as c10 allows
    expect_err(tensor([300], DType::UInt8), "RuntimeError", "value cannot be converted to type uint8 without overflow");
    assert_eq!(tensor([-1], DType::UInt8).unwrap().to_vec::<u8>().unwrap(), vec![255]);
    expect_err(tensor([128], DType::Int8), "RuntimeError", "value cannot be converted to type int8 without overflow");
    expect_err(
        tensor([40000], DType::Int16),
        "RuntimeError",
        "value cannot be converted to type int16 without overflow",
    );
    expect_err(
        tensor([1i64 << 40], DType::Int32),
        "RuntimeError",
        "value cannot be converted to type int32 without overflow",
    );
    expect_err(
        full(&[2], 300, DType::UInt8),
        "RuntimeError",
        "value cannot be converted to type uint8_t without overflow",
    );
    expect_err(
        grid(&[2]).to_dtype(DType::UInt8).unwrap().fill_(256),
        "RuntimeError",
        "value cannot be converted to type uint8_t without overflow",
    );
    expect_err(from_vec(vec![1i64, 2, 3], &[2, 2]), "RuntimeError", "shape '[2, 2]' is invalid for input of size 3");
}

#[test]
fn split_chunk_unfold_errors() {
    let t = grid(&[4, 3]);
    let s = scalar_tensor(1, ()).unwrap();
    expect_err(s.split(1, 0), "RuntimeError", "split expects at least a 1-dimensional tensor");
    expect_err(t.split(-1, 0), "RuntimeError", "split expects split_size be non-negative, but got split_size=-1");
    expect_err(
        t.split(0, 0),
        "RuntimeError",
        "split_size can only be 0 if dimension size is 0, but got dimension size of 4",
    );
    expect_err(
        t.split_with_sizes(&[1, 2], 0),
        "RuntimeError",
        "split_with_sizes expects split_sizes to sum exactly to 4 (input tensor's size at dimension 0), but got \
         split_sizes=[1, 2]",
    );
    expect_err(s.chunk(2, 0), "RuntimeError", "chunk expects at least a 1-dimensional tensor");
    expect_err(t.chunk(0, 0), "RuntimeError", "chunk expects `chunks` to be greater than 0, got: 0");
    expect_err(t.chunk(-2, 1), "RuntimeError", "chunk expects `chunks` to be greater than 0, got: -2");
    expect_err(t.unfold(0, 5, 1), "RuntimeError", "maximum size for tensor at dimension 0 is 4 but size is 5");
    expect_err(t.unfold(-1, 4, 1), "RuntimeError", "maximum size for tensor at dimension 1 is 3 but size is 4");
    expect_err(t.unfold(0, -1, 1), "RuntimeError", "size is -1 but must be >= 0");
    expect_err(t.unfold(0, 2, 0), "RuntimeError", "step is 0 but must be > 0");
    expect_err(s.unfold(0, 2, 1), "RuntimeError", "maximum size for tensor at dimension 0 is 1 but size is 2");
}

#[test]
fn arange_errors() {
    expect_err(arange_step(0, 5, 0, ()), "RuntimeError", "step must be nonzero");
    expect_err(arange_step(0.0, 1.0, 0.0, ()), "RuntimeError", "step must be nonzero");
    expect_err(arange_step(0, 5, -1, ()), "RuntimeError", "upper bound and lower bound inconsistent with step sign");
    expect_err(arange_step(5, 0, 1, ()), "RuntimeError", "upper bound and lower bound inconsistent with step sign");
    expect_err(arange(-3, ()), "RuntimeError", "upper bound and lower bound inconsistent with step sign");
}

#[test]
fn python_style_index_errors() {
    use TensorIndex::{Ellipsis, Int, NewAxis};
    let t = grid(&[4, 6]);
    expect_err(t.index(&[Int(0), Int(0), Int(0)]), "IndexError", "too many indices for tensor of dimension 2");
    expect_err(
        t.index(&[Int(0), Ellipsis, Int(0), Int(0)]),
        "IndexError",
        "too many indices for tensor of dimension 2",
    );
    expect_err(t.index(&[Int(4)]), "IndexError", "index 4 is out of bounds for dimension 0 with size 4");
    expect_err(t.index(&[Int(-5)]), "IndexError", "index -5 is out of bounds for dimension 0 with size 4");
    expect_err(t.index(&[Ellipsis, Int(6)]), "IndexError", "index 6 is out of bounds for dimension 1 with size 6");
    expect_err(
        t.index(&[NewAxis, Int(0), Int(6)]),
        "IndexError",
        // PyTorch names the integer's position in the index tuple
        "index 6 is out of bounds for dimension 2 with size 6",
    );
    expect_err(t.get(4), "IndexError", "index 4 is out of bounds for dimension 0 with size 4");
    // PyTorch accepts several `...` (each stands for the dimensions no integer or slice names)
    assert_eq!(t.index(&[Ellipsis, Ellipsis]).unwrap().sizes(), &[4, 6]);
    expect_err(t.index(&[TensorIndex::slice(None, None, Some(0))]), "ValueError", "slice step cannot be zero");
    expect_err(
        t.index(&[TensorIndex::full(), TensorIndex::slice(Some(1), None, Some(-1))]),
        "ValueError",
        "step must be greater than zero",
    );
    expect_err(t.slice(0, None, None, 0), "ValueError", "step must be greater than zero");
    let s = scalar_tensor(1, ()).unwrap();
    expect_err(s.index(&[Int(0), Int(0)]), "IndexError", "too many indices for tensor of dimension 0");
    expect_err(s.slice(0, None, None, 1), "IndexError", "slice() cannot be applied to a 0-dim tensor.");
}

// ---------------------------------------------------------------------------------------------------------------
// Bugs: failing tests, ignored until `src/` is fixed.
// ---------------------------------------------------------------------------------------------------------------

#[test]
fn regression_movedim_of_zero_dim_tensor_panics() {
    // PyTorch (TensorShape.cpp, movedim): "handle the case of scalar tensor as a no-op" -> self.alias().
    let s = scalar_tensor(5, ()).unwrap();
    for (src, dst) in [(0, 0), (-1, 0), (0, -1)] {
        let r = std::panic::catch_unwind(|| s.movedim(src, dst));
        let moved = r.expect("movedim panicked").unwrap();
        assert_eq!(moved.sizes(), &[] as &[usize]);
        assert!(moved.is_alias_of(&s));
    }
    let r = std::panic::catch_unwind(|| s.movedims(&[0], &[-1]));
    assert!(r.expect("movedims panicked").is_ok());
}

#[test]
fn regression_flatten_of_zero_dim_tensor_skips_dim_checks() {
    // PyTorch wraps both dims before its 0-dim shortcut: torch.tensor(1).flatten(5) raises IndexError.
    let s = scalar_tensor(1, ()).unwrap();
    expect_err(s.flatten(5, -1), "IndexError", &range_msg(-1, 0, 5));
    expect_err(s.flatten(0, 3), "IndexError", &range_msg(-1, 0, 3));
    assert_eq!(s.flatten(0, -1).unwrap().sizes(), &[1]);
}

#[test]
fn regression_integer_index_of_zero_dim_tensor_message() {
    // Python: torch.tensor(1)[0] (a bare integer, not a tuple) -> IndexError from applySelect. `get` runs
    // `index(&[Int(i)])`, whose "too many indices" check fires first (right for the tuple form `t[(0,)]`).
    let s = scalar_tensor(1, ()).unwrap();
    let msg = "invalid index of a 0-dim tensor. Use `tensor.item()` in Python or `tensor.item<T>()` in C++ to \
               convert a 0-dim tensor to a number";
    expect_err(s.get(0), "IndexError", msg);
    // any other integer reads the size past the end of the (empty) sizes in PyTorch, which is 0 there
    expect_err(s.get(-1), "IndexError", "index -1 is out of bounds for dimension 0 with size 0");
    expect_err(s.get(1), "IndexError", "index 1 is out of bounds for dimension 0 with size 0");
    expect_err(s.index_tuple(&[TensorIndex::Int(0)]), "IndexError", "too many indices for tensor of dimension 0");
}

#[test]
fn regression_size_of_zero_dim_tensor_error_class() {
    // c10::maybe_wrap_dim_slow with wrap_scalar=false: TORCH_CHECK_INDEX(..., "Dimension specified as ", dim,
    // " but tensor has no dimensions").
    let s = scalar_tensor(1, ()).unwrap();
    expect_err(s.size(0), "IndexError", "Dimension specified as 0 but tensor has no dimensions");
    expect_err(s.stride(-1), "IndexError", "Dimension specified as -1 but tensor has no dimensions");
}

#[test]
fn unflatten_of_a_zero_dim_tensor_is_an_error_not_a_panic() {
    let z = scalar_tensor(5.0, DType::Float32).unwrap();
    expect_err(
        z.unflatten(0, &[1, 2]),
        "RuntimeError",
        "unflatten got an unexpected error:\nDimension specified as 0 but tensor has no dimensions",
    );
    expect_err(z.unflatten(0, &[]), "RuntimeError", "unflatten: sizes must be non-empty");
    expect_err(z.unflatten(1, &[1]), "IndexError", &range_msg(-1, 0, 1));
}
