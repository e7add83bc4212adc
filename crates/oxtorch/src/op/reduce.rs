//! The reductions, as data: which reduction ([`ReduceOp`]) and what the library knows of each one (its name, its
//! result dtype rule, whether it takes `dtype=`, what an empty reduction gives). The rules that use this live in
//! `tensor/reduce.rs` (strided and meta tensors) and the loops in each backend (`backend/cpu/reduce.rs`).

/// A reduction of a tensor over some of its dimensions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceOp {
    /// `torch.sum`: integers and bools sum in int64.
    Sum,
    /// `torch.nansum`: `sum` with NaN counted as zero.
    NanSum,
    /// `torch.prod`: integers and bools multiply in int64.
    Prod,
    /// `torch.mean`: `sum` divided by the number of elements reduced (floating and complex dtypes only).
    Mean,
    /// `torch.nanmean`: `nansum` divided by the number of elements reduced that are not NaN.
    NanMean,
    /// `torch.amax`: the largest value; NaN propagates.
    Amax,
    /// `torch.amin`: the smallest value; NaN propagates.
    Amin,
    /// `torch.all`: whether every element is nonzero (bool, or uint8 for a uint8 input).
    All,
    /// `torch.any`: whether some element is nonzero (bool, or uint8 for a uint8 input).
    Any,
    /// `torch.max`: of all elements (as `amax`, with its own messages), or over one dimension with the indices of
    /// the largest values.
    Max,
    /// `torch.min`: as `max`, for the smallest values.
    Min,
    /// `torch.argmax`: the index of the (first) largest value, over the flattened tensor or one dimension.
    ArgMax,
    /// `torch.argmin`: the index of the (first) smallest value.
    ArgMin,
}

impl ReduceOp {
    /// Every reduction, in the order the Python surface registers them.
    pub const ALL: [ReduceOp; 13] = [
        ReduceOp::Sum,
        ReduceOp::NanSum,
        ReduceOp::Prod,
        ReduceOp::Mean,
        ReduceOp::NanMean,
        ReduceOp::Amax,
        ReduceOp::Amin,
        ReduceOp::All,
        ReduceOp::Any,
        ReduceOp::Max,
        ReduceOp::Min,
        ReduceOp::ArgMax,
        ReduceOp::ArgMin,
    ];

    /// PyTorch's name of the function.
    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum",
            ReduceOp::NanSum => "nansum",
            ReduceOp::Prod => "prod",
            ReduceOp::Mean => "mean",
            ReduceOp::NanMean => "nanmean",
            ReduceOp::Amax => "amax",
            ReduceOp::Amin => "amin",
            ReduceOp::All => "all",
            ReduceOp::Any => "any",
            ReduceOp::Max => "max",
            ReduceOp::Min => "min",
            ReduceOp::ArgMax => "argmax",
            ReduceOp::ArgMin => "argmin",
        }
    }

    /// The reduction called `name`, if there is one.
    pub fn from_name(name: &str) -> Option<ReduceOp> {
        ReduceOp::ALL.into_iter().find(|op| op.name() == name)
    }

    /// Whether the function takes a `dtype=` keyword (the input is converted to it before reducing).
    pub fn takes_dtype(self) -> bool {
        matches!(self, ReduceOp::Sum | ReduceOp::NanSum | ReduceOp::Prod | ReduceOp::Mean | ReduceOp::NanMean)
    }

    /// Whether the result holds indices (int64) rather than values.
    pub fn gives_indices(self) -> bool {
        matches!(self, ReduceOp::ArgMax | ReduceOp::ArgMin)
    }
}

/// What a backend's reduction loop computes for each output element, over the elements of its reduced
/// dimensions (the composites `mean` and `nanmean` are built from these in the core).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceKernel {
    /// The sum (floats in the accumulation type: float32 for float16 and bfloat16).
    Sum,
    /// The sum of the elements that are not NaN.
    NanSum,
    /// The product.
    Prod,
    /// The largest element; NaN propagates.
    Max,
    /// The smallest element; NaN propagates.
    Min,
    /// Whether every element is nonzero.
    All,
    /// Whether some element is nonzero.
    Any,
    /// The index of the first largest element (the first NaN, if any), as int64.
    ArgMax,
    /// The index of the first smallest element (the first NaN, if any), as int64.
    ArgMin,
}

impl ReduceKernel {
    /// Whether the loop writes indices (one reduced dimension, counted along it).
    pub fn gives_indices(self) -> bool {
        matches!(self, ReduceKernel::ArgMax | ReduceKernel::ArgMin)
    }
}
