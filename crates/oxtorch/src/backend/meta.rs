//! The meta device: storages with a size and a dtype but no memory. Operations on meta tensors decide shapes,
//! dtypes and strides as on any device and then compute nothing; reading values out of them is an error.

use crate::error::Error;

/// PyTorch's message for reading data out of a meta tensor.
pub const NO_DATA_MSG: &str = "Cannot copy out of meta tensor; no data!";

/// The error for reading data out of a meta tensor (PyTorch's `NotImplementedError`).
pub fn no_data() -> Error {
    Error::NotImplemented(NO_DATA_MSG.into())
}
