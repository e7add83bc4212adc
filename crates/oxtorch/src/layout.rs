//! `Layout`: how a tensor's elements are laid out (`torch.strided`, `torch.sparse_coo`).

use std::fmt;

/// The memory layout of a tensor.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Layout {
    /// Dense tensors: a strided view of one storage (`torch.strided`).
    #[default]
    Strided,
    /// Sparse COO tensors (`torch.sparse_coo`).
    SparseCoo,
}

impl Layout {
    /// PyTorch's name: `strided` or `sparse_coo`.
    pub fn name(self) -> &'static str {
        match self {
            Layout::Strided => "strided",
            Layout::SparseCoo => "sparse_coo",
        }
    }
}

/// Prints `oxtorch.strided`, as PyTorch prints `torch.strided`.
impl fmt::Display for Layout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "oxtorch.{}", self.name())
    }
}
