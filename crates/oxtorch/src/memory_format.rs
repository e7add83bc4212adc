//! `MemoryFormat` and its stride rules: channels-last strides, format-specific contiguity, and the format PyTorch
//! suggests for a given set of strides.

use crate::error::{runtime_err, Result};
use crate::shape::{self, Dims};
use std::fmt;

/// How a dense tensor orders its dimensions in memory (`torch.memory_format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum MemoryFormat {
    /// Row-major: strides decrease from the first dimension to the last (`torch.contiguous_format`).
    #[default]
    Contiguous,
    /// NHWC order for 4-D tensors (`torch.channels_last`).
    ChannelsLast,
    /// NDHWC order for 5-D tensors (`torch.channels_last_3d`).
    ChannelsLast3d,
    /// Keep the input's layout where it is dense and non-overlapping (`torch.preserve_format`).
    Preserve,
}

impl MemoryFormat {
    /// PyTorch's Python name: `contiguous_format`, `channels_last`, `channels_last_3d`, `preserve_format`.
    pub fn name(self) -> &'static str {
        match self {
            MemoryFormat::Contiguous => "contiguous_format",
            MemoryFormat::ChannelsLast => "channels_last",
            MemoryFormat::ChannelsLast3d => "channels_last_3d",
            MemoryFormat::Preserve => "preserve_format",
        }
    }

    /// Parses a Python name (with or without the `torch.` / `oxtorch.` prefix).
    pub fn from_name(name: &str) -> Option<MemoryFormat> {
        let name = name.strip_prefix("torch.").or_else(|| name.strip_prefix("oxtorch.")).unwrap_or(name);
        [Self::Contiguous, Self::ChannelsLast, Self::ChannelsLast3d, Self::Preserve]
            .into_iter()
            .find(|f| f.name() == name)
    }

    /// The strides a new tensor of `sizes` gets in this format, or PyTorch's rank error.
    /// `Preserve` has no strides of its own: it is an error here, as in `torch.empty`.
    pub fn strides_for(self, sizes: &[usize]) -> Result<Dims> {
        match self {
            MemoryFormat::Contiguous => match shape::checked_contiguous_strides(sizes) {
                Some(strides) => Ok(strides),
                None => runtime_err!("Stride calculation overflowed"),
            },
            MemoryFormat::ChannelsLast => {
                if sizes.len() != 4 {
                    runtime_err!("required rank 4 tensor to use channels_last format")
                }
                Ok(channels_last_strides(sizes, &[1, 3, 2, 0]))
            }
            MemoryFormat::ChannelsLast3d => {
                if sizes.len() != 5 {
                    runtime_err!("required rank 5 tensor to use channels_last_3d format")
                }
                Ok(channels_last_strides(sizes, &[1, 4, 3, 2, 0]))
            }
            MemoryFormat::Preserve => runtime_err!("unsupported memory format Preserve"),
        }
    }

    /// Whether `sizes`/`strides` are contiguous in this format (`is_contiguous(memory_format=...)`).
    /// Channels-last checks need the right rank (any other rank is simply not channels-last contiguous).
    pub fn is_contiguous(self, sizes: &[usize], strides: &[usize]) -> bool {
        match self {
            MemoryFormat::Contiguous | MemoryFormat::Preserve => shape::is_contiguous(sizes, strides),
            MemoryFormat::ChannelsLast => sizes.len() == 4 && is_contiguous_in_order(sizes, strides, &[1, 3, 2, 0]),
            MemoryFormat::ChannelsLast3d => {
                sizes.len() == 5 && is_contiguous_in_order(sizes, strides, &[1, 4, 3, 2, 0])
            }
        }
    }
}

/// Channels-last strides: dimensions laid out innermost-first in `order`, with sizes taken as they are
/// (no clamping of zero sizes, as c10's `get_channels_last_strides_2d`).
fn channels_last_strides(sizes: &[usize], order: &[usize]) -> Dims {
    let mut strides: Dims = smallvec::smallvec![0; sizes.len()];
    let mut stride = 1;
    for &d in order {
        strides[d] = stride;
        stride = stride.saturating_mul(sizes[d]);
    }
    strides
}

/// Contiguity in a given dimension order, skipping size-1 dimensions; unlike row-major contiguity it does not
/// short-circuit on empty tensors.
fn is_contiguous_in_order(sizes: &[usize], strides: &[usize], order: &[usize]) -> bool {
    let mut expected = 1;
    for &d in order {
        if sizes[d] != 1 {
            if strides[d] != expected {
                return false;
            }
            expected = expected.saturating_mul(sizes[d]);
        }
    }
    true
}

/// Whether strides look like channels-last (c10's `is_channels_last_strides_2d/3d`); ambiguous cases fall back
/// to row-major.
fn strides_like_channels_last(sizes: &[usize], strides: &[usize], order: &[usize]) -> bool {
    if strides[1] == 0 {
        return false;
    }
    let mut min = 0;
    for &d in order {
        if sizes[d] == 0 || strides[d] < min {
            return false;
        }
        if d == 0 && min == strides[1] {
            return false;
        }
        min = strides[d];
        if sizes[d] > 1 {
            min = min.saturating_mul(sizes[d]);
        }
    }
    true
}

/// The memory format PyTorch suggests for a strided tensor (`Tensor.suggest_memory_format()`).
pub fn suggest_memory_format(sizes: &[usize], strides: &[usize]) -> MemoryFormat {
    match sizes.len() {
        4 if strides_like_channels_last(sizes, strides, &[1, 3, 2, 0]) => MemoryFormat::ChannelsLast,
        5 if strides_like_channels_last(sizes, strides, &[1, 4, 3, 2, 0]) => MemoryFormat::ChannelsLast3d,
        _ => MemoryFormat::Contiguous,
    }
}

/// Prints `oxtorch.channels_last` etc.
impl fmt::Display for MemoryFormat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "oxtorch.{}", self.name())
    }
}
