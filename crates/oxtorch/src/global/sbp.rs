//! `sbp`: how a global tensor's logical value is laid out along one grid dimension of its placement (OneFlow's
//! `oneflow.sbp`): split along a tensor dimension, broadcast (every rank holds all of it), or partial sum (the
//! logical value is the elementwise sum of the ranks' values). A tensor on an N-D placement has one sbp per grid
//! dimension ([`NdSbp`]).

use crate::error::{Error, Result};
use smallvec::SmallVec;

/// OneFlow's largest split dimension plus one (`oneflow.sbp.max_split_axis`).
pub const MAX_SPLIT_AXIS: usize = 6;

/// One grid dimension's distribution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sbp {
    /// Split along a tensor dimension: rank `i` of the grid dimension holds the `i`-th balanced piece (the first
    /// ranks take one extra element when the size does not divide).
    Split(usize),
    /// Every rank holds the whole value.
    Broadcast,
    /// The value is the sum of the ranks' values.
    PartialSum,
}

/// One sbp per grid dimension of a placement.
pub type NdSbp = SmallVec<[Sbp; 2]>;

impl Sbp {
    /// `oneflow.sbp.split(dim)`, with OneFlow's checks of `dim`.
    pub fn split(dim: i64) -> Result<Sbp> {
        if dim < 0 {
            return Err(Error::Runtime(format!("Split axis must not be negative, but got {dim}!")));
        }
        if dim >= MAX_SPLIT_AXIS as i64 {
            return Err(Error::Runtime(format!(
                "Expected split axis to be less than the supported maximum axis ({MAX_SPLIT_AXIS}), but got {dim}!"
            )));
        }
        Ok(Sbp::Split(dim as usize))
    }

    /// The split dimension, for a split.
    pub fn split_dim(self) -> Option<usize> {
        match self {
            Sbp::Split(d) => Some(d),
            _ => None,
        }
    }

    /// OneFlow's repr with `oxtorch.`: `oxtorch.sbp.split(dim=0)`, `oxtorch.sbp.broadcast`,
    /// `oxtorch.sbp.partial_sum`.
    pub fn repr(self) -> String {
        match self {
            Sbp::Split(d) => format!("oxtorch.sbp.split(dim={d})"),
            Sbp::Broadcast => "oxtorch.sbp.broadcast".into(),
            Sbp::PartialSum => "oxtorch.sbp.partial_sum".into(),
        }
    }

    /// OneFlow's short form: `S(0)`, `B`, `P`.
    pub fn short(self) -> String {
        match self {
            Sbp::Split(d) => format!("S({d})"),
            Sbp::Broadcast => "B".into(),
            Sbp::PartialSum => "P".into(),
        }
    }
}

impl std::fmt::Display for Sbp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.repr())
    }
}

/// The repr of a tensor's sbp tuple, as OneFlow prints `Tensor.sbp`: `(oxtorch.sbp.split(dim=0),)`.
pub fn nd_repr(sbp: &[Sbp]) -> String {
    let parts: Vec<String> = sbp.iter().map(|s| s.repr()).collect();
    if parts.len() == 1 {
        format!("({},)", parts[0])
    } else {
        format!("({})", parts.join(", "))
    }
}

/// The short form of an sbp tuple: `(S(0), B)`.
pub fn nd_short(sbp: &[Sbp]) -> String {
    let parts: Vec<String> = sbp.iter().map(|s| s.short()).collect();
    format!("({})", parts.join(", "))
}

/// OneFlow's check that a tuple of sbps fits a placement with `grid_dims` dimensions.
pub fn check_len(sbp: &[Sbp], grid_dims: usize) -> Result<()> {
    if sbp.len() != grid_dims {
        return Err(Error::Runtime(format!(
            "len(sbp) == len(placement.hierarchy) required, but len(sbp)=={}, len(placement.hierarchy)=={grid_dims}",
            sbp.len()
        )));
    }
    Ok(())
}

/// OneFlow's check that every split dimension exists in a tensor of `ndim` dimensions.
pub fn check_split_dims(sbp: &[Sbp], ndim: usize) -> Result<()> {
    for s in sbp {
        if let Sbp::Split(d) = s {
            if *d >= ndim {
                return Err(Error::Runtime(format!(
                    "Split axis out of range (expected to be in range of [0, {ndim}), but got {d}!)"
                )));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reprs_and_errors() {
        assert_eq!(Sbp::split(0).unwrap().repr(), "oxtorch.sbp.split(dim=0)");
        assert_eq!(nd_repr(&[Sbp::Broadcast]), "(oxtorch.sbp.broadcast,)");
        assert_eq!(nd_repr(&[Sbp::PartialSum, Sbp::Split(1)]), "(oxtorch.sbp.partial_sum, oxtorch.sbp.split(dim=1))");
        assert_eq!(Sbp::split(-1).unwrap_err().to_string(), "Split axis must not be negative, but got -1!");
        assert_eq!(
            Sbp::split(7).unwrap_err().to_string(),
            "Expected split axis to be less than the supported maximum axis (6), but got 7!"
        );
        assert_eq!(
            check_split_dims(&[Sbp::Split(1)], 1).unwrap_err().to_string(),
            "Split axis out of range (expected to be in range of [0, 1), but got 1!)"
        );
    }
}
