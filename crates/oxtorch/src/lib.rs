//! # oxtorch
//!
//! PyTorch's tensor semantics, natively in Rust: the twelve dtypes and their promotion rules, devices, layouts,
//! strides and memory formats, exactly as PyTorch documents them.

pub mod display;
pub mod dtype;
pub mod error;
pub mod promotion;
pub mod scalar;

pub use dtype::DType;
pub use error::{Error, Result};
pub use promotion::{can_cast, get_default_dtype, promote_types, result_type, set_default_dtype};
pub use scalar::Scalar;
