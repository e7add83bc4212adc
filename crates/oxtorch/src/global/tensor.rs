//! `GlobalTensor`: a tensor whose logical value is spread over the ranks of a placement, each rank holding its
//! local component. Creating one from local tensors (`to_global`), converting it (boxing), taking the local
//! component back (`to_local`), the factories with a placement and sbp, and printing.

use super::boxing;
use super::comm::World;
use super::placement::Placement;
use super::sbp::{self, NdSbp, Sbp};
use super::shard;
use crate::device::Device;
use crate::dtype::DType;
use crate::error::{runtime_err, Error, Result};
use crate::random::Generator;
use crate::scalar::Scalar;
use crate::tensor::{factory, Tensor, TensorOptions};

/// A global tensor (OneFlow's global `Tensor`): logical sizes and dtype, a placement, one sbp per grid dimension,
/// and this rank's local component (a zero-sized tensor on ranks outside the placement). Cloning is cheap and
/// shares the component.
#[derive(Clone)]
pub struct GlobalTensor {
    world: World,
    placement: Placement,
    sbp: NdSbp,
    shape: Vec<usize>,
    dtype: DType,
    local: Tensor,
}

impl std::fmt::Debug for GlobalTensor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "GlobalTensor(shape={}, dtype={}, placement={}, sbp={}, rank {} of {})",
            super::fmt_shape(&self.shape),
            self.dtype,
            self.placement.repr(),
            sbp::nd_short(&self.sbp),
            self.world.rank(),
            self.world.size()
        )
    }
}

/// Validates a (placement, sbp) pair for a tensor of `ndim` dimensions in `world`.
fn check_layout(world: &World, placement: &Placement, sbp: &[Sbp], ndim: usize) -> Result<()> {
    sbp::check_len(sbp, placement.ndim())?;
    sbp::check_split_dims(sbp, ndim)?;
    placement.check_ranks(world.size())
}

/// The dtypes in the order of their codes in metadata messages.
const DTYPES: [DType; 12] = [
    DType::Bool,
    DType::UInt8,
    DType::Int8,
    DType::Int16,
    DType::Int32,
    DType::Int64,
    DType::Float16,
    DType::BFloat16,
    DType::Float32,
    DType::Float64,
    DType::Complex64,
    DType::Complex128,
];

/// What one rank says about a tensor it turns global: its placement, sbp, and local dtype and sizes.
#[derive(Debug, PartialEq)]
struct Meta {
    placement: Vec<u64>,
    sbp: Vec<u64>,
    dtype: u64,
    shape: Vec<u64>,
}

impl Meta {
    fn new(placement: &Placement, sbp: &[Sbp], dtype: DType, shape: &[usize]) -> Meta {
        let type_code = u64::from(placement.type_name() == "cuda");
        let mut p = vec![type_code, placement.ndim() as u64];
        p.extend(placement.hierarchy().iter().map(|&h| h as u64));
        p.extend(placement.ranks().iter().map(|&r| r as u64));
        let s = sbp
            .iter()
            .map(|s| match s {
                Sbp::Split(d) => *d as u64,
                Sbp::Broadcast => 1 << 32,
                Sbp::PartialSum => 2 << 32,
            })
            .collect();
        let dtype = DTYPES.iter().position(|&d| d == dtype).unwrap_or(0) as u64;
        Meta { placement: p, sbp: s, dtype, shape: shape.iter().map(|&x| x as u64).collect() }
    }

    fn encode(&self) -> Vec<u8> {
        let mut words = vec![self.placement.len() as u64, self.sbp.len() as u64, self.dtype, self.shape.len() as u64];
        words.extend(&self.placement);
        words.extend(&self.sbp);
        words.extend(&self.shape);
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    fn decode(bytes: &[u8]) -> Option<Meta> {
        let words: Vec<u64> =
            bytes.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8]))).collect();
        let (np, ns, dtype, nd) =
            (*words.first()? as usize, *words.get(1)? as usize, *words.get(2)?, *words.get(3)? as usize);
        let rest = words.get(4..)?;
        if rest.len() != np + ns + nd {
            return None;
        }
        Some(Meta {
            placement: rest[..np].to_vec(),
            sbp: rest[np..np + ns].to_vec(),
            dtype,
            shape: rest[np + ns..].to_vec(),
        })
    }

    /// The repr of the placement this rank named.
    fn placement_repr(&self) -> String {
        let p = &self.placement;
        let ndim = p.get(1).copied().unwrap_or(0) as usize;
        let hierarchy: Vec<usize> = p.iter().skip(2).take(ndim).map(|&x| x as usize).collect();
        let ranks: Vec<i64> = p.iter().skip(2 + ndim).map(|&x| x as i64).collect();
        let type_name = if p.first() == Some(&1) { "cuda" } else { "cpu" };
        Placement::new(type_name, &ranks, &hierarchy).map(|p| p.repr()).unwrap_or_default()
    }

    fn dtype(&self) -> DType {
        DTYPES.get(self.dtype as usize).copied().unwrap_or(DType::Float32)
    }

    fn shape(&self) -> Vec<usize> {
        self.shape.iter().map(|&x| x as usize).collect()
    }
}

/// Every rank's metadata, in rank order (a world-wide all-gather, so that ranks that disagree all see it).
fn gather_meta(world: &World, mine: &Meta) -> Result<Vec<Meta>> {
    let group: Vec<usize> = (0..world.size()).collect();
    let bytes = mine.encode();
    let mut lens = vec![0u8; 8 * group.len()];
    world.all_gather(&group, 8, &(bytes.len() as u64).to_le_bytes(), &mut lens, &vec![8; group.len()])?;
    let counts: Vec<usize> =
        lens.chunks_exact(8).map(|c| u64::from_le_bytes(c.try_into().unwrap_or([0; 8])) as usize).collect();
    let mut all = vec![0u8; counts.iter().sum()];
    world.all_gather(&group, 8, &bytes, &mut all, &counts)?;
    let mut metas = Vec::with_capacity(group.len());
    let mut at = 0;
    for c in counts {
        metas.push(
            Meta::decode(&all[at..at + c]).ok_or_else(|| super::comm::internal("a garbled metadata message".into()))?,
        );
        at += c;
    }
    Ok(metas)
}

/// OneFlow's `GetConcatenatedShapeAndCheckDtype` and shape consistency checks: the logical shape from the members'
/// local shapes (split grid dimensions concatenate, in balanced pieces), with OneFlow's errors.
fn logical_from_members(placement: &Placement, sbp: &[Sbp], metas: &[&Meta]) -> Result<(Vec<usize>, DType)> {
    let dtype = metas[0].dtype();
    for (pid, m) in metas.iter().enumerate() {
        if m.dtype() != dtype {
            runtime_err!(
                "Expected all tensors on each rank to be the same dtype, but found at least two dtypes, {}(rank {}) and {}(rank {})!",
                dtype,
                placement.ranks()[0],
                m.dtype(),
                placement.ranks()[pid]
            )
        }
    }
    let mut shapes: Vec<Vec<usize>> = metas.iter().map(|m| m.shape()).collect();
    let rank_of = |pid: usize| placement.ranks()[pid];
    for i in (0..sbp.len()).rev() {
        let Sbp::Split(axis) = sbp[i] else { continue };
        let mut done = vec![false; shapes.len()];
        for start in 0..shapes.len() {
            if done[start] {
                continue;
            }
            let line: Vec<usize> = {
                let mut coords = placement.coords(start);
                (0..placement.hierarchy()[i])
                    .map(|c| {
                        coords[i] = c;
                        placement.parallel_id_at(&coords)
                    })
                    .collect()
            };
            line.iter().for_each(|&p| done[p] = true);
            let first = shapes[line[0]].clone();
            if axis >= first.len() {
                runtime_err!(
                    "Split axis out of range (expected to be in range of [0, {}), but got {axis}!)",
                    first.len()
                )
            }
            let mut total = 0;
            for &p in &line {
                if shapes[p].len() != first.len() {
                    runtime_err!(
                        "Sizes of tensors must match except in dimension {axis}, but found {}(rank {}) and {}(rank {})!",
                        super::fmt_shape(&first),
                        rank_of(line[0]),
                        super::fmt_shape(&shapes[p]),
                        rank_of(p)
                    )
                }
                total += shapes[p][axis];
            }
            let balanced_msg = format!(
                "Sizes of tensors in dimension {axis} must be same or match balanced split distribution. See https://github.com/Oneflow-Inc/oneflow/blob/master/oneflow/core/common/balanced_splitter.h for details of balanced split"
            );
            for (k, &p) in line.iter().enumerate() {
                if shapes[p][axis] != shard::balanced(total, line.len(), k).1 {
                    return Err(Error::Runtime(balanced_msg));
                }
                for d in 0..first.len() {
                    if d != axis && shapes[p][d] != first[d] {
                        runtime_err!(
                            "Sizes of tensors must match except in dimension {axis}. Expected size {} but got size {} for tensor on rank {}!",
                            first[d],
                            shapes[p][d],
                            rank_of(p)
                        )
                    }
                }
            }
            for &p in &line {
                shapes[p][axis] = total;
            }
        }
    }
    let logical = shapes[0].clone();
    for s in &shapes {
        if *s != logical {
            runtime_err!(
                "Expected input of each rank must have the same size, but got at least two size, {} and {}",
                super::fmt_shape(&logical),
                super::fmt_shape(s)
            )
        }
    }
    Ok((logical, dtype))
}

/// OneFlow's checks of a global factory's `device=`, `placement=` and `sbp=` (its `_ConstantBase`, whose
/// assertions raise `AssertionError`): with a placement, no device and an sbp with one entry per grid dimension;
/// without one, no sbp. The messages are OneFlow's where it has one (`sbp: None`), clearer ones where its
/// assertion is bare.
pub fn check_factory_layout(device_given: bool, placement: Option<&Placement>, sbp: Option<&[Sbp]>) -> Result<()> {
    match (placement, sbp) {
        (Some(_), _) if device_given => {
            Err(Error::Assertion("device and placement can not be given at the same time".into()))
        }
        (Some(_), None) => Err(Error::Assertion("sbp: None".into())),
        (Some(p), Some(s)) => sbp::check_len(s, p.ndim()).map_err(|e| Error::Assertion(e.message().into())),
        (None, Some(s)) => Err(Error::Assertion(format!("sbp: {}", sbp::nd_repr(s)))),
        (None, None) => Ok(()),
    }
}

/// OneFlow's `check_meta` of a conversion: every rank of the world must name the same placement and sbp. A
/// world-wide exchange, so that a disagreement is reported on every rank instead of leaving ranks in different
/// collectives.
pub fn check_same_everywhere(world: &World, placement: &Placement, sbp: &[Sbp]) -> Result<()> {
    let metas = gather_meta(world, &Meta::new(placement, sbp, DType::Bool, &[]))?;
    if metas.iter().any(|m| m.placement != metas[0].placement) {
        runtime_err!("Each rank must have the same input placement")
    }
    if metas.iter().any(|m| m.sbp != metas[0].sbp) {
        runtime_err!("Each rank must have the same input sbp")
    }
    Ok(())
}

impl GlobalTensor {
    /// Assembles a global tensor from parts the caller has made consistent.
    pub(crate) fn from_parts(
        world: World,
        placement: Placement,
        sbp: NdSbp,
        shape: Vec<usize>,
        dtype: DType,
        local: Tensor,
    ) -> GlobalTensor {
        GlobalTensor { world, placement, sbp, shape, dtype, local }
    }

    /// The tensor converted to `dtype`, each rank's piece converted, the placement and sbp kept (OneFlow's `cast`,
    /// whose sbp signatures keep split, broadcast and partial sums).
    pub fn to_dtype(&self, dtype: DType) -> Result<GlobalTensor> {
        Ok(GlobalTensor { local: self.local.to_dtype(dtype)?, dtype, ..self.clone() })
    }

    /// The world the tensor lives in.
    pub fn world(&self) -> &World {
        &self.world
    }

    /// The placement (`Tensor.placement`).
    pub fn placement(&self) -> &Placement {
        &self.placement
    }

    /// One sbp per grid dimension (`Tensor.sbp`).
    pub fn sbp(&self) -> &[Sbp] {
        &self.sbp
    }

    /// The logical sizes (`Tensor.shape`).
    pub fn shape(&self) -> &[usize] {
        &self.shape
    }

    /// The element type.
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// Number of logical dimensions.
    pub fn dim(&self) -> usize {
        self.shape.len()
    }

    /// Number of logical elements.
    pub fn numel(&self) -> usize {
        self.shape.iter().product()
    }

    /// This rank's parallel id in the placement, or None when it holds no component.
    pub fn parallel_id(&self) -> Option<usize> {
        self.placement.parallel_id(self.world.rank())
    }

    /// This rank's local component (zero-sized outside the placement), shared with the global tensor.
    pub fn local(&self) -> &Tensor {
        &self.local
    }

    /// The local component (`Tensor.to_local()`): shared, or a copy with `copy`.
    pub fn to_local(&self, copy: bool) -> Result<Tensor> {
        if copy {
            self.local.clone_tensor()
        } else {
            Ok(self.local.clone())
        }
    }

    /// A global tensor whose component on this rank is `local` (`Tensor.to_global` on a local tensor), with
    /// OneFlow's meaning of each sbp: a split grid dimension concatenates the ranks' tensors, a partial-sum one
    /// sums them, and a broadcast one takes the first rank's tensor (the others receive it into a new component:
    /// `local` is never changed). The component shares `local`'s memory where it is `local`'s value, unless
    /// `copy`. Every rank of the world must call it. With `check_meta` the ranks exchange their metadata first
    /// (uneven splits are found, disagreements are reported on every rank); without it, the tensors must have the
    /// same sizes and dtype everywhere and the placement must hold every rank.
    pub fn from_local(
        world: &World,
        local: &Tensor,
        placement: &Placement,
        sbp: &[Sbp],
        check_meta: bool,
        copy: bool,
    ) -> Result<GlobalTensor> {
        check_layout(world, placement, sbp, local.dim())?;
        let device = placement.device_for(world.local_rank())?;
        let member = placement.parallel_id(world.rank());
        let (shape, dtype) = if check_meta || placement.len() != world.size() {
            let metas = gather_meta(world, &Meta::new(placement, sbp, local.dtype(), local.sizes()))?;
            let reference = Meta::new(placement, sbp, local.dtype(), local.sizes());
            if let Some(r) = metas.iter().position(|m| m.placement != metas[0].placement) {
                runtime_err!(
                    "Inconsistent parallel description: rank 0 has {}, rank {r} has {}",
                    metas[0].placement_repr(),
                    metas[r].placement_repr()
                )
            }
            if metas.iter().any(|m| m.sbp != reference.sbp) {
                runtime_err!("Each rank must have the same input sbp")
            }
            let members: Vec<&Meta> = placement.ranks().iter().map(|&r| &metas[r]).collect();
            logical_from_members(placement, sbp, &members)?
        } else {
            (shard::assumed_logical_shape(local.sizes(), placement, sbp), local.dtype())
        };
        shard::check_splittable(&shape, placement, sbp)?;
        let component = match member {
            Some(_) => {
                // OneFlow's tensors have no conjugate or negative bit: a tensor with one gives its values
                let mut t = local.resolved()?;
                if t.device() != device {
                    t = t.to_device(device)?;
                } else if copy {
                    t = t.clone_tensor()?;
                }
                t.contiguous()?
            }
            None => boxing::empty_component(shape.len(), dtype, device)?,
        };
        let component = boxing::sync_broadcast(world, placement, sbp, &component)?;
        Ok(GlobalTensor::from_parts(world.clone(), placement.clone(), sbp.into(), shape, dtype, component))
    }

    /// Converts to another placement and/or sbp (`Tensor.to_global` on a global tensor; `None` keeps the current
    /// one), with the collectives of [`boxing`]. Returns this tensor itself when nothing changes, unless `copy`.
    pub fn to_global(&self, placement: Option<&Placement>, sbp: Option<&[Sbp]>, copy: bool) -> Result<GlobalTensor> {
        let placement = placement.unwrap_or(&self.placement);
        let sbp = sbp.unwrap_or(&self.sbp);
        check_layout(&self.world, placement, sbp, self.dim())?;
        shard::check_splittable(&self.shape, placement, sbp)?;
        if placement == &self.placement && sbp == &self.sbp[..] {
            if copy {
                let local = self.local.clone_tensor()?;
                return Ok(GlobalTensor { local, ..self.clone() });
            }
            return Ok(self.clone());
        }
        boxing::to_global(self, placement, sbp)
    }

    /// The whole logical value on every rank of the world (a collective: every rank must call it).
    pub fn to_logical(&self) -> Result<Tensor> {
        let all = Placement::all_ranks(self.placement.type_name(), self.world.size())?;
        Ok(self.to_global(Some(&all), Some(&[Sbp::Broadcast]), false)?.local)
    }

    /// OneFlow's repr of a global tensor, e.g. `tensor([0., 1.], placement=oxtorch.placement(type="cpu",
    /// ranks=[0, 1]), sbp=(oxtorch.sbp.split(dim=0),), dtype=oxtorch.float32)`. A collective: the values are
    /// gathered on every rank, so every rank must call it.
    pub fn repr(&self) -> Result<String> {
        let logical = self.to_logical()?;
        let values = logical.to_scalars()?;
        let input =
            crate::display::ReprInput { sizes: &self.shape, dtype: self.dtype, device: None, values: Some(&values) };
        Ok(crate::display::global_tensor_repr(&input, &self.placement.repr(), &sbp::nd_repr(&self.sbp)))
    }

    // ----- factories -----

    /// A tensor of `sizes` filled with `value` on `placement` with `sbp` (`oneflow.full(..., placement=, sbp=)`):
    /// every rank makes its own piece; partial-sum grid dimensions hold the value on their first rank and zeros
    /// elsewhere. No communication.
    pub fn full(
        world: &World,
        sizes: &[usize],
        value: impl Into<Scalar>,
        options: impl Into<TensorOptions>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let value = value.into();
        let options = Self::options(options.into(), Some(&value))?;
        Self::make(world, sizes, options.dtype.unwrap_or(DType::Float32), placement, sbp, |shape, opts, keeps| {
            factory::full(shape, if keeps { value } else { Scalar::Int(0) }, opts)
        })
    }

    /// Zeros on a placement (`oneflow.zeros(..., placement=, sbp=)`).
    pub fn zeros(
        world: &World,
        sizes: &[usize],
        options: impl Into<TensorOptions>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let options = Self::float_options(options.into())?;
        Self::full(world, sizes, 0, options, placement, sbp)
    }

    /// Ones on a placement (`oneflow.ones(..., placement=, sbp=)`).
    pub fn ones(
        world: &World,
        sizes: &[usize],
        options: impl Into<TensorOptions>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let options = Self::float_options(options.into())?;
        Self::full(world, sizes, 1, options, placement, sbp)
    }

    /// The logical tensor `logical` (the same on every rank) laid out on `placement` with `sbp`: every rank keeps
    /// its piece, partial-sum grid dimensions keep the value on their first rank. No communication.
    pub fn distribute(world: &World, logical: &Tensor, placement: &Placement, sbp: &[Sbp]) -> Result<GlobalTensor> {
        check_layout(world, placement, sbp, logical.dim())?;
        let shape = logical.sizes().to_vec();
        shard::check_splittable(&shape, placement, sbp)?;
        let device = placement.device_for(world.local_rank())?;
        let local = match placement.parallel_id(world.rank()) {
            Some(pid) => {
                let mut piece = logical.clone();
                for (d, r) in shard::region(&shape, placement, sbp, pid).iter().enumerate() {
                    piece = piece.narrow(d as i64, r.start as i64, r.len() as i64)?;
                }
                let piece = if shard::keeps_partial_value(placement, sbp, pid) {
                    piece.to(TensorOptions::new().device(device), true)?.contiguous()?
                } else {
                    factory::zeros(piece.sizes(), TensorOptions::new().dtype(logical.dtype()).device(device))?
                };
                piece
            }
            None => boxing::empty_component(shape.len(), logical.dtype(), device)?,
        };
        Ok(GlobalTensor::from_parts(world.clone(), placement.clone(), sbp.into(), shape, logical.dtype(), local))
    }

    /// `oneflow.tensor(data, placement=, sbp=)`: `data` is the logical value, which every rank of the placement
    /// must give alike (OneFlow's `DataConsistencyCheck`, byte for byte): the placement's first rank's copy is
    /// broadcast, each member compares it with its own, and a difference anywhere is OneFlow's error on every rank
    /// of the world. Then each rank keeps its piece.
    pub fn from_data(world: &World, data: &Tensor, placement: &Placement, sbp: &[Sbp]) -> Result<GlobalTensor> {
        check_layout(world, placement, sbp, data.dim())?;
        let data = &data.resolved()?;
        let all_b: NdSbp = (0..placement.ndim()).map(|_| Sbp::Broadcast).collect();
        let b = GlobalTensor::from_local(world, data, placement, &all_b, true, true)?;
        let differs = match b.parallel_id() {
            Some(_) => !boxing::same_bytes(data, b.local())?,
            None => false,
        };
        let group: Vec<usize> = (0..world.size()).collect();
        let mut flags = vec![0u8; group.len()];
        world.all_gather(&group, 1, &[u8::from(differs)], &mut flags, &vec![1; group.len()])?;
        if flags.contains(&1) {
            runtime_err!("Each rank must have same input sequence or numpy array")
        }
        b.to_global(None, Some(sbp), false)
    }

    /// `oneflow.arange(start, end, step, placement=, sbp=)`: the logical range, each rank keeping its piece.
    pub fn arange(
        world: &World,
        start: impl Into<Scalar>,
        end: impl Into<Scalar>,
        step: impl Into<Scalar>,
        options: impl Into<TensorOptions>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let options = Self::options(options.into(), None)?;
        let logical = factory::arange_step(start, end, step, options.device(Device::cpu()))?;
        Self::distribute(world, &logical, placement, sbp)
    }

    /// Uniform values in `[0, 1)` on a placement (`oneflow.rand(..., placement=, sbp=)`). The logical tensor is
    /// the same whatever the sbp: the placement's first rank draws a seed from `generator` (or the default
    /// generator) and every rank generates the logical values from it, keeping its piece. With a broadcast sbp
    /// every rank holds the same values.
    pub fn rand(
        world: &World,
        sizes: &[usize],
        options: impl Into<TensorOptions>,
        generator: Option<&mut Generator>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let options = Self::options(options.into(), None)?;
        Self::random(world, sizes, placement, sbp, generator, |s, g| factory::rand(s, options, Some(g)))
    }

    /// Standard normal values on a placement (`oneflow.randn(..., placement=, sbp=)`), as [`GlobalTensor::rand`].
    pub fn randn(
        world: &World,
        sizes: &[usize],
        options: impl Into<TensorOptions>,
        generator: Option<&mut Generator>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let options = Self::options(options.into(), None)?;
        Self::random(world, sizes, placement, sbp, generator, |s, g| factory::randn(s, options, Some(g)))
    }

    /// Integers in `[low, high)` on a placement (`oneflow.randint(..., placement=, sbp=)`), as
    /// [`GlobalTensor::rand`].
    #[allow(clippy::too_many_arguments)]
    pub fn randint(
        world: &World,
        low: i64,
        high: i64,
        sizes: &[usize],
        options: impl Into<TensorOptions>,
        generator: Option<&mut Generator>,
        placement: &Placement,
        sbp: &[Sbp],
    ) -> Result<GlobalTensor> {
        let options = Self::options(options.into(), None)?;
        Self::random(world, sizes, placement, sbp, generator, |s, g| factory::randint(low, high, s, options, Some(g)))
    }

    #[allow(clippy::too_many_arguments)]
    fn random(
        world: &World,
        sizes: &[usize],
        placement: &Placement,
        sbp: &[Sbp],
        generator: Option<&mut Generator>,
        draw: impl Fn(&[usize], &mut Generator) -> Result<Tensor>,
    ) -> Result<GlobalTensor> {
        check_layout(world, placement, sbp, sizes.len())?;
        if sbp.contains(&Sbp::PartialSum) {
            runtime_err!("random source op only support broadcast or split")
        }
        shard::check_splittable(sizes, placement, sbp)?;
        let seed_of = |g: &mut Generator| g.integer(0, i64::MAX) as u64;
        let seed = match generator {
            Some(g) => seed_of(g),
            None => crate::random::with_default_generator(seed_of),
        };
        // the options are checked on every rank (an empty draw), so that every rank reports the same error
        let dtype = draw(&vec![0; sizes.len()], &mut Generator::new(seed))?.dtype();
        match placement.parallel_id(world.rank()) {
            Some(_) => {
                let mut bytes = seed.to_le_bytes();
                world.broadcast(placement.ranks(), 0, 8, &mut bytes)?;
                let logical = draw(sizes, &mut Generator::new(u64::from_le_bytes(bytes)))?;
                Self::distribute(world, &logical, placement, sbp)
            }
            None => {
                let device = placement.device_for(world.local_rank())?;
                let local = boxing::empty_component(sizes.len(), dtype, device)?;
                Ok(GlobalTensor::from_parts(world.clone(), placement.clone(), sbp.into(), sizes.to_vec(), dtype, local))
            }
        }
    }

    fn make(
        world: &World,
        sizes: &[usize],
        dtype: DType,
        placement: &Placement,
        sbp: &[Sbp],
        piece: impl FnOnce(&[usize], TensorOptions, bool) -> Result<Tensor>,
    ) -> Result<GlobalTensor> {
        check_layout(world, placement, sbp, sizes.len())?;
        shard::check_splittable(sizes, placement, sbp)?;
        let device = placement.device_for(world.local_rank())?;
        let options = TensorOptions::new().dtype(dtype).device(device);
        let local = match placement.parallel_id(world.rank()) {
            Some(pid) => piece(
                &shard::local_shape(sizes, placement, sbp, pid),
                options,
                shard::keeps_partial_value(placement, sbp, pid),
            )?,
            None => boxing::empty_component(sizes.len(), dtype, device)?,
        };
        Ok(GlobalTensor::from_parts(world.clone(), placement.clone(), sbp.into(), sizes.to_vec(), dtype, local))
    }

    /// Factory options for a placement: a device is refused (the placement decides it), the dtype is the given
    /// one, else the value's (for `full`), else the default.
    fn options(options: TensorOptions, value: Option<&Scalar>) -> Result<TensorOptions> {
        if options.device.is_some() {
            runtime_err!("a global tensor's device comes from its placement: pass placement= and sbp= without device=")
        }
        let dtype = options.dtype.or_else(|| value.map(crate::promotion::scalar_dtype));
        Ok(TensorOptions { dtype, ..options })
    }

    fn float_options(options: TensorOptions) -> Result<TensorOptions> {
        let options = Self::options(options, None)?;
        Ok(options.dtype(options.dtype.unwrap_or_else(crate::promotion::get_default_dtype)))
    }
}
