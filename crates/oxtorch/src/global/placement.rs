//! `placement`: the device type and the ranks that hold a global tensor, as a 1-D list or an N-D grid (OneFlow's
//! `oneflow.placement`, its `ParallelDesc`).
//!
//! As in OneFlow, the ranks of a placement are kept sorted: `placement("cpu", [3, 1, 2, 0])` is
//! `placement("cpu", [0, 1, 2, 3])`, and a rank's *parallel id* (its position in the grid, row-major) is its
//! position in that order. The grid shape is the *hierarchy*; a placement given as a flat list has a 1-D hierarchy.
//! Two placements are equal when type, ranks and hierarchy are.

use crate::device::{Device, DeviceType};
use crate::error::{runtime_err, Error, Result};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Inner {
    device_type: DeviceType,
    ranks: Vec<usize>,
    hierarchy: Vec<usize>,
}

/// A placement: a device type (`cpu` or `cuda`) and a grid of ranks. Cloning is cheap.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Placement {
    inner: Arc<Inner>,
}

impl std::fmt::Debug for Placement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.repr())
    }
}

/// The device types a placement can name, in the order OneFlow's error lists them.
const PLACEMENT_TYPES: &str = "cpu, cuda";

/// Parses a placement's device type: `cpu` or `cuda` (OneFlow's message otherwise).
pub fn parse_type(type_name: &str) -> Result<DeviceType> {
    match type_name {
        "cpu" => Ok(DeviceType::Cpu),
        "cuda" => Ok(DeviceType::Cuda),
        _ => Err(Error::Runtime(format!(
            "Expected one of {PLACEMENT_TYPES} device type at start of device string: {type_name}"
        ))),
    }
}

impl Placement {
    /// A placement of `type_name` over `ranks` laid out as a grid of shape `hierarchy` (row-major). The ranks are
    /// sorted; they must be distinct and fill the grid exactly.
    pub fn new(type_name: &str, ranks: &[i64], hierarchy: &[usize]) -> Result<Placement> {
        let device_type = parse_type(type_name)?;
        if ranks.is_empty() {
            runtime_err!("placement ranks must not be empty")
        }
        let mut sorted = Vec::with_capacity(ranks.len());
        for &r in ranks {
            match usize::try_from(r) {
                Ok(r) => sorted.push(r),
                Err(_) => runtime_err!("placement ranks must be non-negative, but got {r}"),
            }
        }
        sorted.sort_unstable();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            runtime_err!("placement ranks must be distinct, but rank {} appears more than once", w[0])
        }
        let cells = hierarchy.iter().try_fold(1usize, |a, &h| a.checked_mul(h));
        if hierarchy.is_empty() || hierarchy.contains(&0) || cells != Some(sorted.len()) {
            runtime_err!("rank size is {}, but shape is {}", sorted.len(), super::fmt_shape(hierarchy))
        }
        Ok(Placement { inner: Arc::new(Inner { device_type, ranks: sorted, hierarchy: hierarchy.to_vec() }) })
    }

    /// A 1-D placement over `ranks`.
    pub fn from_ranks(type_name: &str, ranks: &[i64]) -> Result<Placement> {
        Placement::new(type_name, ranks, &[ranks.len()])
    }

    /// Every rank of a world of `world_size` processes, 1-D (`oneflow.placement.all`, without its device check).
    pub fn all_ranks(type_name: &str, world_size: usize) -> Result<Placement> {
        let ranks: Vec<i64> = (0..world_size as i64).collect();
        Placement::from_ranks(type_name, &ranks)
    }

    /// The device type.
    pub fn device_type(&self) -> DeviceType {
        self.inner.device_type
    }

    /// The device type's name: `"cpu"` or `"cuda"` (`placement.type`).
    pub fn type_name(&self) -> &'static str {
        self.inner.device_type.name()
    }

    /// The ranks in parallel-id order (sorted).
    pub fn ranks(&self) -> &[usize] {
        &self.inner.ranks
    }

    /// The grid shape (`placement.hierarchy`, `placement.ranks.shape`).
    pub fn hierarchy(&self) -> &[usize] {
        &self.inner.hierarchy
    }

    /// Number of grid dimensions: how many sbps a tensor on this placement has.
    pub fn ndim(&self) -> usize {
        self.inner.hierarchy.len()
    }

    /// Number of ranks.
    pub fn len(&self) -> usize {
        self.inner.ranks.len()
    }

    /// Always false: a placement holds at least one rank.
    pub fn is_empty(&self) -> bool {
        self.inner.ranks.is_empty()
    }

    /// The parallel id of `rank` (its position in the grid), or None when the placement does not hold it.
    pub fn parallel_id(&self, rank: usize) -> Option<usize> {
        self.inner.ranks.binary_search(&rank).ok()
    }

    /// Whether `rank` is one of the placement's ranks.
    pub fn contains(&self, rank: usize) -> bool {
        self.parallel_id(rank).is_some()
    }

    /// The grid coordinates of a parallel id.
    pub fn coords(&self, parallel_id: usize) -> Vec<usize> {
        let mut coords = vec![0; self.ndim()];
        let mut rest = parallel_id;
        for (c, &h) in coords.iter_mut().zip(&self.inner.hierarchy).rev() {
            *c = rest % h;
            rest /= h;
        }
        coords
    }

    /// The parallel id at grid coordinates.
    pub fn parallel_id_at(&self, coords: &[usize]) -> usize {
        coords.iter().zip(&self.inner.hierarchy).fold(0, |id, (&c, &h)| id * h + c)
    }

    /// The ranks that share every grid coordinate with `parallel_id` except along `dim`, in grid order: the group
    /// that communicates when grid dimension `dim` changes its sbp.
    pub fn line(&self, parallel_id: usize, dim: usize) -> Vec<usize> {
        let mut coords = self.coords(parallel_id);
        (0..self.inner.hierarchy[dim])
            .map(|c| {
                coords[dim] = c;
                self.inner.ranks[self.parallel_id_at(&coords)]
            })
            .collect()
    }

    /// The device a rank's local component lives on: the CPU, or the CUDA device of the rank's local index.
    pub fn device_for(&self, local_rank: usize) -> Result<Device> {
        match self.inner.device_type {
            DeviceType::Cuda => {
                let index = u8::try_from(local_rank).map_err(|_| {
                    Error::Runtime(
                        "Placement is invalid because device id must be less than num devices on node".into(),
                    )
                })?;
                Device::cuda(index)
            }
            _ => Ok(Device::cpu()),
        }
    }

    /// OneFlow's check that a tensor can be created on this placement in a world of `world_size` processes.
    pub fn check_ranks(&self, world_size: usize) -> Result<()> {
        if self.inner.ranks.last().is_some_and(|&r| r >= world_size) {
            runtime_err!("Placement is invalid because rank must be less than world size!")
        }
        Ok(())
    }

    /// The same ranks and grid on another device type.
    pub fn with_type(&self, device_type: DeviceType) -> Placement {
        Placement { inner: Arc::new(Inner { device_type, ..(*self.inner).clone() }) }
    }

    /// The same ranks and device type as a 1-D list.
    pub fn flattened(&self) -> Placement {
        let inner = Inner { hierarchy: vec![self.len()], ..(*self.inner).clone() };
        Placement { inner: Arc::new(inner) }
    }

    /// Whether both placements hold the same ranks on the same device type, whatever their grids.
    pub fn same_devices(&self, other: &Placement) -> bool {
        self.inner.device_type == other.inner.device_type && self.inner.ranks == other.inner.ranks
    }

    /// OneFlow's repr with `oxtorch.`: `oxtorch.placement(type="cpu", ranks=[[0, 1], [2, 3]])`.
    pub fn repr(&self) -> String {
        format!(
            "oxtorch.placement(type=\"{}\", ranks={})",
            self.type_name(),
            nested_ranks(&self.inner.ranks, &self.inner.hierarchy)
        )
    }
}

/// `[[0, 1], [2, 3]]` for ranks 0..4 in a 2x2 grid.
fn nested_ranks(ranks: &[usize], hierarchy: &[usize]) -> String {
    match hierarchy.split_first() {
        None => ranks.first().map_or_else(String::new, usize::to_string),
        Some((&n, rest)) => {
            let step = ranks.len() / n.max(1);
            let parts: Vec<String> = (0..n).map(|i| nested_ranks(&ranks[i * step..(i + 1) * step], rest)).collect();
            format!("[{}]", parts.join(", "))
        }
    }
}

impl std::fmt::Display for Placement {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.repr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repr_sorted_and_nested() {
        let p = Placement::from_ranks("cuda", &[3, 1, 2, 0]).unwrap();
        assert_eq!(p.repr(), "oxtorch.placement(type=\"cuda\", ranks=[0, 1, 2, 3])");
        let p = Placement::new("cpu", &[0, 1, 2, 3], &[2, 2]).unwrap();
        assert_eq!(p.repr(), "oxtorch.placement(type=\"cpu\", ranks=[[0, 1], [2, 3]])");
        assert_eq!(p.coords(3), vec![1, 1]);
        assert_eq!(p.line(1, 0), vec![1, 3]);
        assert_eq!(p.line(2, 1), vec![2, 3]);
        assert_ne!(p, Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap());
        assert!(p.same_devices(&Placement::from_ranks("cpu", &[0, 1, 2, 3]).unwrap()));
    }

    #[test]
    fn errors() {
        let e = Placement::from_ranks("tpu", &[0]).unwrap_err();
        assert_eq!(e.to_string(), "Expected one of cpu, cuda device type at start of device string: tpu");
        assert!(Placement::from_ranks("cpu", &[0, 0]).is_err());
        assert!(Placement::from_ranks("cpu", &[-1]).is_err());
        let p = Placement::from_ranks("cpu", &[0, 4]).unwrap();
        assert_eq!(
            p.check_ranks(4).unwrap_err().to_string(),
            "Placement is invalid because rank must be less than world size!"
        );
    }
}
