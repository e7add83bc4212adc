//! The CUDA backend: tensors in GPU memory, computed by kernels generated from the iterator's plan and compiled
//! at run time with NVRTC (through the `cudarc` crate, which loads `libcuda` and `libnvrtc` dynamically, so the
//! same build runs with or without them).
//!
//! * `driver.rs`: the driver, devices, contexts, the current device, PyTorch's messages;
//! * `memory.rs`: device allocations and the caching allocator;
//! * `source.rs` and `prelude.cu`: kernel source generation; `formulas.rs`: PyTorch's CUDA arithmetic;
//! * `launch.rs`: compiling (cached per device and kernel) and launching;
//! * `ops.rs`: the backend interface (binary, copy, fill, transfer, read).

mod driver;
pub mod formulas;
mod launch;
mod memory;
pub mod ops;
pub mod source;

pub use driver::{
    current_device, device_count, ensure_device, ensure_runtime, is_available, set_device, synchronize, NO_DRIVER_MSG,
};
pub use launch::{compile_ptx, nvrtc_available, NO_NVRTC_MSG};
pub use memory::{empty_cache, format_size, memory_stats, CudaStorage};
pub(crate) use ops::{binary, copy, fill, read, ternary, transfer, unary};
