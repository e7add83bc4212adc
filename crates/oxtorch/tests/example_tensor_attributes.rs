//! Runs every example of `examples/tensor_attributes.rs` (the walk through `tensor_attributes.md`) as a test, so
//! that `cargo test` fails when an example no longer gives its documented result.
//!
//! This is the only test in its binary: the example changes the process-wide default device inside its
//! `with oxtorch.device(...)` examples.

#[allow(dead_code)]
#[path = "../examples/tensor_attributes.rs"]
mod tensor_attributes;

#[test]
fn every_example_is_as_documented() {
    let c = tensor_attributes::run();
    assert_eq!(c.passed, c.total, "{} of {} examples differ from the documented result", c.total - c.passed, c.total);
    assert!(c.total >= 100, "expected at least 100 examples, ran {}", c.total);
    // the 13 examples that need a CUDA device: with two GPUs none is unavailable, with one the 7 that use cuda:1,
    // without a driver all 13; each unavailable one must have raised PyTorch's error for that
    let expected = match oxtorch::cuda::device_count() {
        0 => 13,
        1 => 7,
        _ => 0,
    };
    assert_eq!(c.unavailable, expected, "examples that need a CUDA device this machine lacks");
}
