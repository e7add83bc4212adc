//! CPU kernels.

pub mod copy;
