//! The one error type of oxtorch.
//!
//! Every fallible operation returns [`Result<T>`]. The variant says which Python exception PyTorch raises
//! for the same mistake (so the Python bindings can map it one to one); the payload is PyTorch's message.

/// An error with PyTorch's exception class and message.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Error {
    /// PyTorch raises `RuntimeError`.
    #[error("{0}")]
    Runtime(String),
    /// PyTorch raises `TypeError`.
    #[error("{0}")]
    Type(String),
    /// PyTorch raises `IndexError`.
    #[error("{0}")]
    Index(String),
    /// PyTorch raises `ValueError`.
    #[error("{0}")]
    Value(String),
    /// PyTorch raises `ZeroDivisionError`.
    #[error("{0}")]
    ZeroDivision(String),
    /// PyTorch raises `NotImplementedError`.
    #[error("{0}")]
    NotImplemented(String),
    /// PyTorch raises `torch.AcceleratorError` (a `RuntimeError`): a failed call into the device driver.
    #[error("{0}")]
    Accelerator(String),
    /// PyTorch raises `torch.OutOfMemoryError` (a `RuntimeError`): a device allocation failed.
    #[error("{0}")]
    OutOfMemory(String),
    /// OneFlow raises `AssertionError` (the Python-side argument checks of its global factories).
    #[error("{0}")]
    Assertion(String),
    /// PyTorch raises `OverflowError` (a Python integer its Python references cannot convert).
    #[error("{0}")]
    Overflow(String),
    /// The `safetensors` package raises `SafetensorError`: a file or buffer that is not valid safetensors, or
    /// tensors the format cannot hold.
    #[error("{0}")]
    Safetensor(String),
    /// Python raises `FileNotFoundError`: a file to be read could not be opened.
    #[error("{0}")]
    FileNotFound(String),
}

impl Error {
    /// The name of the Python exception class PyTorch raises for this error.
    pub fn kind_name(&self) -> &'static str {
        match self {
            Error::Runtime(_) => "RuntimeError",
            Error::Type(_) => "TypeError",
            Error::Index(_) => "IndexError",
            Error::Value(_) => "ValueError",
            Error::ZeroDivision(_) => "ZeroDivisionError",
            Error::NotImplemented(_) => "NotImplementedError",
            Error::Accelerator(_) => "AcceleratorError",
            Error::OutOfMemory(_) => "OutOfMemoryError",
            Error::Assertion(_) => "AssertionError",
            Error::Overflow(_) => "OverflowError",
            Error::Safetensor(_) => "SafetensorError",
            Error::FileNotFound(_) => "FileNotFoundError",
        }
    }

    /// The message, without the class name.
    pub fn message(&self) -> &str {
        match self {
            Error::Runtime(m)
            | Error::Type(m)
            | Error::Index(m)
            | Error::Value(m)
            | Error::ZeroDivision(m)
            | Error::NotImplemented(m)
            | Error::Accelerator(m)
            | Error::OutOfMemory(m)
            | Error::Assertion(m)
            | Error::Overflow(m)
            | Error::Safetensor(m)
            | Error::FileNotFound(m) => m,
        }
    }
}

/// `Result` with oxtorch's [`Error`].
pub type Result<T> = std::result::Result<T, Error>;

/// Returns early with `Error::Runtime(format!(...))`.
macro_rules! runtime_err {
    ($($arg:tt)*) => { return Err($crate::error::Error::Runtime(format!($($arg)*))) };
}
/// Returns early with `Error::Index(format!(...))`.
#[allow(unused_macros)]
macro_rules! index_err {
    ($($arg:tt)*) => { return Err($crate::error::Error::Index(format!($($arg)*))) };
}
#[allow(unused_imports)]
pub(crate) use index_err;
pub(crate) use runtime_err;
