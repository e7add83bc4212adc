//! The names most programs use, for a glob import: `use oxtorch::prelude::*;`.
//!
//! ```
//! use oxtorch::prelude::*;
//! let x = tensor([[1.0f32, 2.0], [3.0, 4.0]], ())?;
//! let y = (&x + 1)?;
//! assert_eq!(y.dtype(), DType::Float32);
//! assert_eq!(y.sum()?.item()?, Scalar::Float(14.0));
//! # Ok::<(), Error>(())
//! ```

pub use crate::dispatch::{functions, AnyTensor};
pub use crate::tensor::factory::{
    arange, empty, from_vec, full, linspace, ones, rand, randint, randn, scalar_tensor, tensor, zeros,
};
pub use crate::{
    DType, Device, DeviceType, Error, Generator, Layout, MemoryFormat, Result, Scalar, SparseCooTensor, Tensor,
    TensorOptions,
};
