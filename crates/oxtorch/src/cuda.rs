//! `torch.cuda` for Rust: whether CUDA can be used, the visible devices, the calling thread's current device,
//! synchronization and the caching allocator, each with PyTorch's behaviour (and messages) on a machine without a
//! driver or a GPU: [`is_available`] is false and [`device_count`] 0 there, and the rest return PyTorch's error.
//!
//! Tensors go to a GPU with `Device::cuda(i)` (or `Device::parse("cuda:0")`) in their options or through
//! `Tensor::to_device`; this module only answers questions about the devices.
//!
//! ```
//! if oxtorch::cuda::is_available() {
//!     assert!(oxtorch::cuda::device_count() > 0);
//!     oxtorch::cuda::synchronize(None)?;
//! } else {
//!     assert!(oxtorch::cuda::current_device().is_err());
//! }
//! # Ok::<(), oxtorch::Error>(())
//! ```

pub use crate::backend::cuda::{
    current_device, device_count, empty_cache, ensure_device, is_available, memory_stats, set_device, synchronize,
    NO_DRIVER_MSG,
};
