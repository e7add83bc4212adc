//! Boxing: converting a global tensor from one (placement, sbp) to another with the collective each conversion
//! needs, as OneFlow's eager boxing does.
//!
//! Along one grid dimension of a placement (a *line* of ranks):
//!
//! | from \ to | `S(j)`                      | `B`                 | `P`                           |
//! |-----------|-----------------------------|---------------------|-------------------------------|
//! | `S(i)`    | all-to-all (`i != j`)       | all-gather          | local: own piece in zeros     |
//! | `B`       | local: take own piece       | -                   | local: first rank keeps value |
//! | `P`       | reduce-scatter              | all-reduce          | -                             |
//!
//! A conversion between sbp tuples on one N-D placement runs as a sequence of such line conversions when each
//! step leaves the other grid dimensions' pieces intact (no later grid dimension splits a tensor dimension the
//! step touches); every other conversion (other placements, other grids, interleaved splits) goes through the
//! general path: partial sums are first all-reduced, then every destination rank receives the intersections of its
//! region with the source regions through one all-to-all over the ranks of both placements.
//!
//! Data moves as the bytes of contiguous CPU tensors; CUDA placements are staged through host memory. Bool tensors
//! travel as bytes (reduced by logical or), float16/bfloat16 partial sums are reduced in float32 and rounded once
//! (MPI has no reduction for them; the arithmetic computes in float32 the same way), complex ones as pairs of reals.

use super::comm::{internal, ReduceType, World};
use super::placement::Placement;
use super::sbp::{NdSbp, Sbp};
use super::shard::{self, balanced, region};
use super::tensor::GlobalTensor;
use crate::device::{Device, DeviceType};
use crate::dtype::DType;
use crate::element::{C32, C64};
use crate::error::{Error, Result};
use crate::tensor::{Tensor, TensorOptions};
use half::{bf16, f16};
use std::ops::Range;

// ----- bytes of tensors -----

/// Byte views of element slices (bool can be read as bytes but not written from arbitrary bytes).
trait AsBytes: Sized {
    fn bytes(s: &[Self]) -> &[u8];
    fn bytes_mut(s: &mut [Self]) -> Option<&mut [u8]>;
}

macro_rules! pod_bytes {
    ($($t:ty),*) => {$(
        impl AsBytes for $t {
            fn bytes(s: &[Self]) -> &[u8] {
                bytemuck::cast_slice(s)
            }
            fn bytes_mut(s: &mut [Self]) -> Option<&mut [u8]> {
                Some(bytemuck::cast_slice_mut(s))
            }
        }
    )*};
}
pod_bytes!(u8, i8, i16, i32, i64, f16, bf16, f32, f64, C32, C64);

impl AsBytes for bool {
    fn bytes(s: &[Self]) -> &[u8] {
        bytemuck::cast_slice(s)
    }
    fn bytes_mut(_: &mut [Self]) -> Option<&mut [u8]> {
        None
    }
}

fn not_contiguous() -> Error {
    internal("a collective buffer must be a contiguous CPU tensor".into())
}

/// Runs `f` on the bytes of a contiguous CPU tensor.
pub(crate) fn with_bytes<R>(t: &Tensor, f: impl FnOnce(&[u8]) -> Result<R>) -> Result<R> {
    if !t.is_contiguous() || !t.device().is_cpu() {
        return Err(not_contiguous());
    }
    let (start, n) = (t.storage_offset(), t.numel());
    crate::dispatch_dtype!(t.dtype(), T => {
        crate::backend::cpu::with_slice::<T, _>(t.storage(), |s| match s.get(start..start + n) {
            Some(part) => f(T::bytes(part)),
            None => Err(not_contiguous()),
        })?
    })
}

/// Runs `f` on the bytes of a contiguous CPU tensor, mutably (not for bool tensors, which travel as uint8).
pub(crate) fn with_bytes_mut<R>(t: &Tensor, f: impl FnOnce(&mut [u8]) -> Result<R>) -> Result<R> {
    if !t.is_contiguous() || !t.device().is_cpu() {
        return Err(not_contiguous());
    }
    let (start, n) = (t.storage_offset(), t.numel());
    crate::dispatch_dtype!(t.dtype(), T => {
        crate::backend::cpu::with_slice_mut::<T, _>(t.storage(), |s| match s.get_mut(start..start + n).and_then(T::bytes_mut) {
            Some(part) => f(part),
            None => Err(not_contiguous()),
        })?
    })
}

/// Whether two tensors of the same sizes and dtype hold the same bytes (OneFlow compares data with `memcmp`).
pub(crate) fn same_bytes(a: &Tensor, b: &Tensor) -> Result<bool> {
    if a.sizes() != b.sizes() || a.dtype() != b.dtype() {
        return Ok(false);
    }
    let (a, b) = (contiguous_as(a, a.dtype())?, contiguous_as(b, b.dtype())?);
    with_bytes(&a, |x| with_bytes(&b, |y| Ok(x == y)))
}

/// The dtype data travels in: bool as uint8 (written bytes must be valid bools, so they land in uint8 first).
fn wire_dtype(dtype: DType) -> DType {
    if dtype == DType::Bool {
        DType::UInt8
    } else {
        dtype
    }
}

/// The dtype a partial sum is reduced in, and the element type of the reduction.
fn reduce_dtype(dtype: DType) -> (DType, ReduceType) {
    match dtype {
        DType::Bool => (DType::UInt8, ReduceType::Bool),
        DType::UInt8 => (dtype, ReduceType::U8),
        DType::Int8 => (dtype, ReduceType::I8),
        DType::Int16 => (dtype, ReduceType::I16),
        DType::Int32 => (dtype, ReduceType::I32),
        DType::Int64 => (dtype, ReduceType::I64),
        DType::Float16 | DType::BFloat16 | DType::Float32 => (DType::Float32, ReduceType::F32),
        DType::Complex64 => (dtype, ReduceType::F32),
        DType::Float64 => (dtype, ReduceType::F64),
        DType::Complex128 => (dtype, ReduceType::F64),
    }
}

/// A contiguous CPU tensor of `dtype` with `t`'s values (`t` itself when it is one already).
fn contiguous_as(t: &Tensor, dtype: DType) -> Result<Tensor> {
    let t = if t.dtype() == dtype { t.clone() } else { t.to_dtype(dtype)? };
    let t = if t.device().is_cpu() { t } else { t.to_device(Device::cpu())? };
    t.contiguous()
}

/// Converts a result back to the tensor's own dtype.
fn back_to(t: Tensor, dtype: DType) -> Result<Tensor> {
    if t.dtype() == dtype {
        Ok(t)
    } else {
        t.to_dtype(dtype)
    }
}

fn cpu(dtype: DType) -> TensorOptions {
    TensorOptions::new().dtype(dtype).device(Device::cpu())
}

/// A new CPU tensor that a collective is about to fill (values unspecified).
fn landing(sizes: &[usize], dtype: DType) -> Result<Tensor> {
    crate::tensor::factory::empty(sizes, cpu(dtype))
}

fn numel(shape: &[usize]) -> usize {
    shape.iter().product()
}

fn to_i64(v: &[usize]) -> Vec<i64> {
    v.iter().map(|&x| x as i64).collect()
}

/// `count` elements of a flat tensor from element `offset`, viewed with `shape`.
fn flat_part(flat: &Tensor, offset: usize, shape: &[usize]) -> Result<Tensor> {
    flat.narrow(0, offset as i64, numel(shape) as i64)?.view(&to_i64(shape))
}

/// `t` narrowed to `sub`, where `t` holds the region `base` of the logical tensor.
fn sub_view(t: &Tensor, base: &[Range<usize>], sub: &[Range<usize>]) -> Result<Tensor> {
    let mut v = t.clone();
    for (d, (b, s)) in base.iter().zip(sub).enumerate() {
        if s.start != b.start || s.len() != b.len() {
            v = v.narrow(d as i64, (s.start - b.start) as i64, s.len() as i64)?;
        }
    }
    Ok(v)
}

fn intersect(a: &[Range<usize>], b: &[Range<usize>]) -> Option<Vec<Range<usize>>> {
    let r: Vec<Range<usize>> = a.iter().zip(b).map(|(x, y)| x.start.max(y.start)..x.end.min(y.end)).collect();
    r.iter().all(|x| x.start < x.end).then_some(r)
}

/// The empty local component of a rank outside a placement: zero-sized in every dimension (as OneFlow's).
pub(crate) fn empty_component(ndim: usize, dtype: DType, device: Device) -> Result<Tensor> {
    crate::tensor::factory::empty(&vec![0; ndim], TensorOptions::new().dtype(dtype).device(device))
}

// ----- one grid dimension -----

/// The ranks of one line of a placement, this rank's index among them, and the tensor the line holds.
struct Line {
    group: Vec<usize>,
    me: usize,
    n: usize,
    /// Sizes of the tensor the line's pieces come from (the local sizes, but the source split dimension whole).
    shape: Vec<usize>,
}

fn line(x: &GlobalTensor, dim: usize, pid: usize) -> Line {
    let placement = x.placement();
    let group = placement.line(pid, dim);
    let me = placement.coords(pid)[dim];
    let n = placement.hierarchy()[dim];
    let mut shape = x.local().sizes().to_vec();
    if let Sbp::Split(a) = x.sbp()[dim] {
        // the block of the grid dimensions before `dim`; later ones do not split `a` (see `steps`)
        let mut before: NdSbp = x.sbp().into();
        for s in before.iter_mut().skip(dim) {
            *s = Sbp::Broadcast;
        }
        shape[a] = region(x.shape(), placement, &before, pid)[a].len();
    }
    Line { group, me, n, shape }
}

/// The sizes of piece `k` of the line tensor split along `d`.
fn piece(shape: &[usize], d: usize, n: usize, k: usize) -> Vec<usize> {
    let mut s = shape.to_vec();
    s[d] = balanced(shape[d], n, k).1;
    s
}

/// Converts this rank's component along grid dimension `dim` from `x.sbp()[dim]` to `to`.
fn step(x: &GlobalTensor, dim: usize, to: Sbp) -> Result<Tensor> {
    let world = x.world();
    let pid = x.parallel_id().ok_or_else(|| internal("a line step on a rank outside the placement".into()))?;
    let from = x.sbp()[dim];
    let local = x.local();
    let line = line(x, dim, pid);
    let dtype = x.dtype();
    match (from, to) {
        _ if from == to => Ok(local.clone()),
        (Sbp::Split(a), Sbp::Broadcast) => all_gather(world, local, &line, a),
        (Sbp::Split(a), Sbp::Split(b)) => all_to_all(world, local, &line, a, b),
        (Sbp::PartialSum, Sbp::Broadcast) => {
            let (wire, ty) = reduce_dtype(dtype);
            let send = contiguous_as(local, wire)?;
            let out = landing(send.sizes(), wire)?;
            with_bytes(&send, |s| with_bytes_mut(&out, |r| world.all_reduce(&line.group, ty, s, r)))?;
            back_to(out, dtype)
        }
        (Sbp::PartialSum, Sbp::Split(b)) => reduce_scatter(world, local, &line, b),
        (Sbp::Broadcast, Sbp::Split(b)) => {
            let (start, len) = balanced(line.shape[b], line.n, line.me);
            local.narrow(b as i64, start as i64, len as i64)?.clone_tensor()
        }
        (Sbp::Broadcast, Sbp::PartialSum) => {
            if line.me == 0 {
                local.clone_tensor()
            } else {
                local.zeros_like(())
            }
        }
        (Sbp::Split(a), Sbp::PartialSum) => {
            let out =
                crate::tensor::factory::zeros(&line.shape, TensorOptions::new().dtype(dtype).device(local.device()))?;
            let (start, len) = balanced(line.shape[a], line.n, line.me);
            out.narrow(a as i64, start as i64, len as i64)?.copy_(local)?;
            Ok(out)
        }
        _ => Err(internal(format!("no line conversion from {from:?} to {to:?}"))),
    }
}

/// `S(a) -> B`: every piece to every rank of the line.
fn all_gather(world: &World, local: &Tensor, line: &Line, a: usize) -> Result<Tensor> {
    let dtype = local.dtype();
    let wire = wire_dtype(dtype);
    let send = contiguous_as(local, wire)?;
    let item = wire.itemsize();
    let pieces: Vec<Vec<usize>> = (0..line.n).map(|k| piece(&line.shape, a, line.n, k)).collect();
    let counts: Vec<usize> = pieces.iter().map(|p| numel(p) * item).collect();
    let out = landing(&line.shape, wire)?;
    // pieces along the outermost non-trivial dimension land in place; others go through a staging buffer
    if line.shape[..a].iter().all(|&s| s == 1) {
        with_bytes(&send, |s| with_bytes_mut(&out, |r| world.all_gather(&line.group, item, s, r, &counts)))?;
    } else {
        let flat = landing(&[numel(&line.shape)], wire)?;
        with_bytes(&send, |s| with_bytes_mut(&flat, |r| world.all_gather(&line.group, item, s, r, &counts)))?;
        let mut offset = 0;
        for (k, p) in pieces.iter().enumerate() {
            let (start, len) = balanced(line.shape[a], line.n, k);
            out.narrow(a as i64, start as i64, len as i64)?.copy_(&flat_part(&flat, offset, p)?)?;
            offset += numel(p);
        }
    }
    back_to(out, dtype)
}

/// `S(a) -> S(b)`: each rank sends every other the part of its piece that the other's new piece covers.
fn all_to_all(world: &World, local: &Tensor, line: &Line, a: usize, b: usize) -> Result<Tensor> {
    let dtype = local.dtype();
    let wire = wire_dtype(dtype);
    let item = wire.itemsize();
    let local = contiguous_as(local, wire)?;
    let mine_a = balanced(line.shape[a], line.n, line.me).1;
    // to rank k: my piece along `a`, its piece along `b`
    let send_shapes: Vec<Vec<usize>> = (0..line.n)
        .map(|k| {
            let mut s = piece(&line.shape, b, line.n, k);
            s[a] = mine_a;
            s
        })
        .collect();
    let send = crate::tensor::factory::empty(&[send_shapes.iter().map(|s| numel(s)).sum()], cpu(wire))?;
    let mut offset = 0;
    for (k, s) in send_shapes.iter().enumerate() {
        let (start, len) = balanced(line.shape[b], line.n, k);
        flat_part(&send, offset, s)?.copy_(&local.narrow(b as i64, start as i64, len as i64)?)?;
        offset += numel(s);
    }
    // from rank k: its piece along `a`, my piece along `b`
    let out_shape = piece(&line.shape, b, line.n, line.me);
    let recv_shapes: Vec<Vec<usize>> = (0..line.n).map(|k| piece(&out_shape, a, line.n, k)).collect();
    let recv = landing(&[numel(&out_shape)], wire)?;
    let send_counts: Vec<usize> = send_shapes.iter().map(|s| numel(s) * item).collect();
    let recv_counts: Vec<usize> = recv_shapes.iter().map(|s| numel(s) * item).collect();
    with_bytes(&send, |s| {
        with_bytes_mut(&recv, |r| world.all_to_all(&line.group, item, s, &send_counts, r, &recv_counts))
    })?;
    let out = crate::tensor::factory::empty(&out_shape, cpu(wire))?;
    let mut offset = 0;
    for (k, s) in recv_shapes.iter().enumerate() {
        let (start, len) = balanced(out_shape[a], line.n, k);
        out.narrow(a as i64, start as i64, len as i64)?.copy_(&flat_part(&recv, offset, s)?)?;
        offset += numel(s);
    }
    back_to(out, dtype)
}

/// `P -> S(b)`: the sum of the line's values, each rank keeping its piece. Uneven pieces are padded to the largest.
fn reduce_scatter(world: &World, local: &Tensor, line: &Line, b: usize) -> Result<Tensor> {
    let dtype = local.dtype();
    let (wire, ty) = reduce_dtype(dtype);
    let local = contiguous_as(local, wire)?;
    let shapes: Vec<Vec<usize>> = (0..line.n).map(|k| piece(&line.shape, b, line.n, k)).collect();
    let block = shapes.iter().map(|s| numel(s)).max().unwrap_or(0);
    let in_place = line.shape[..b].iter().all(|&s| s == 1) && shapes.iter().all(|s| numel(s) == block);
    let send = if in_place {
        local
    } else {
        let send = crate::tensor::factory::zeros(&[block * line.n], cpu(wire))?;
        for (k, s) in shapes.iter().enumerate() {
            let (start, len) = balanced(line.shape[b], line.n, k);
            flat_part(&send, k * block, s)?.copy_(&local.narrow(b as i64, start as i64, len as i64)?)?;
        }
        send
    };
    let recv = landing(&[block], wire)?;
    with_bytes(&send, |s| with_bytes_mut(&recv, |r| world.reduce_scatter(&line.group, ty, s, r)))?;
    back_to(flat_part(&recv, 0, &shapes[line.me])?, dtype)
}

/// The order of single-grid-dimension steps that converts `from` into `to`, or None when some step would cut
/// through a later grid dimension's pieces (then the general path runs).
fn steps(from: &[Sbp], to: &[Sbp]) -> Option<Vec<usize>> {
    let valid = |order: &[usize]| {
        let mut current: NdSbp = from.into();
        for &i in order {
            let touched = [current[i].split_dim(), to[i].split_dim()];
            if current[i + 1..].iter().any(|s| s.split_dim().is_some() && touched.contains(&s.split_dim())) {
                return false;
            }
            current[i] = to[i];
        }
        true
    };
    let mut order: Vec<usize> = (0..from.len()).filter(|&i| from[i] != to[i]).collect();
    if valid(&order) {
        return Some(order);
    }
    order.reverse();
    valid(&order).then_some(order)
}

// ----- the whole conversion -----

/// Converts `x` to `placement` and `sbp` (already validated); see the module documentation.
pub(crate) fn to_global(x: &GlobalTensor, placement: &Placement, sbp: &[Sbp]) -> Result<GlobalTensor> {
    let world = x.world().clone();
    let rank = world.rank();
    let dst_pid = placement.parallel_id(rank);
    let device = placement.device_for(world.local_rank())?;
    let done = |local: Tensor| {
        GlobalTensor::from_parts(world.clone(), placement.clone(), sbp.into(), x.shape().into(), x.dtype(), local)
    };
    if x.numel() == 0 {
        let local = match dst_pid {
            Some(pid) => crate::tensor::factory::empty(
                &shard::local_shape(x.shape(), placement, sbp, pid),
                TensorOptions::new().dtype(x.dtype()).device(device),
            )?,
            None => empty_component(x.dim(), x.dtype(), device)?,
        };
        return Ok(done(local));
    }
    // data moves through host memory: a CUDA component comes to the CPU first and goes back at the end
    let host = if x.placement().device_type() == DeviceType::Cpu {
        x.clone()
    } else {
        let local = if x.parallel_id().is_some() { x.local().to_device(Device::cpu())? } else { x.local().clone() };
        GlobalTensor::from_parts(
            world.clone(),
            x.placement().with_type(DeviceType::Cpu),
            x.sbp().into(),
            x.shape().into(),
            x.dtype(),
            local,
        )
    };
    let dst_host = placement.with_type(DeviceType::Cpu);
    let local = if host.placement() == &dst_host {
        match steps(host.sbp(), sbp) {
            Some(order) => by_steps(host, &order, sbp)?,
            None => general(&host, &dst_host, sbp)?,
        }
    } else {
        general(&host, &dst_host, sbp)?
    };
    let local = match dst_pid {
        Some(_) if device != Device::cpu() => local.to_device(device)?,
        Some(_) => local,
        None => empty_component(x.dim(), x.dtype(), device)?,
    };
    Ok(done(local))
}

/// Runs line steps in `order` (every rank of the placement takes part; others hold nothing).
fn by_steps(mut x: GlobalTensor, order: &[usize], to: &[Sbp]) -> Result<Tensor> {
    if x.parallel_id().is_none() {
        return Ok(x.local().clone());
    }
    for &i in order {
        let local = step(&x, i, to[i])?;
        let mut sbp: NdSbp = x.sbp().into();
        sbp[i] = to[i];
        x = GlobalTensor::from_parts(x.world().clone(), x.placement().clone(), sbp, x.shape().into(), x.dtype(), local);
    }
    Ok(x.local().clone())
}

/// The general conversion between any two layouts (see the module documentation); returns this rank's new
/// component (meaningless on ranks outside `placement`).
fn general(x: &GlobalTensor, placement: &Placement, sbp: &[Sbp]) -> Result<Tensor> {
    let world = x.world().clone();
    let rank = world.rank();
    // 1. partial sums become broadcast values on the source placement
    let mut src = x.clone();
    if let Some(pid) = src.parallel_id() {
        for i in 0..src.sbp().len() {
            if src.sbp()[i] == Sbp::PartialSum {
                let local = step(&src, i, Sbp::Broadcast)?;
                let mut s: NdSbp = src.sbp().into();
                s[i] = Sbp::Broadcast;
                src = GlobalTensor::from_parts(
                    world.clone(),
                    src.placement().clone(),
                    s,
                    src.shape().into(),
                    src.dtype(),
                    local,
                );
            }
        }
        let _ = pid;
    } else {
        let s: NdSbp = src.sbp().iter().map(|&s| if s == Sbp::PartialSum { Sbp::Broadcast } else { s }).collect();
        src = GlobalTensor::from_parts(
            world.clone(),
            src.placement().clone(),
            s,
            src.shape().into(),
            src.dtype(),
            src.local().clone(),
        );
    }
    // 2. which source rank sends which region to which destination rank
    let shape = x.shape();
    let src_p = src.placement();
    let mut holders: Vec<(Vec<Range<usize>>, Vec<usize>)> = Vec::new();
    for pid in 0..src_p.len() {
        let r = region(shape, src_p, src.sbp(), pid);
        match holders.iter_mut().find(|(region, _)| *region == r) {
            Some((_, ranks)) => ranks.push(src_p.ranks()[pid]),
            None => holders.push((r, vec![src_p.ranks()[pid]])),
        }
    }
    let mut transfers: Vec<(usize, usize, Vec<Range<usize>>)> = Vec::new(); // (from, to, region)
    for dpid in 0..placement.len() {
        if !shard::keeps_partial_value(placement, sbp, dpid) {
            continue;
        }
        let to = placement.ranks()[dpid];
        let dst_region = region(shape, placement, sbp, dpid);
        for (src_region, ranks) in &holders {
            if let Some(part) = intersect(src_region, &dst_region) {
                let from = if ranks.contains(&to) { to } else { ranks[dpid % ranks.len()] };
                transfers.push((from, to, part));
            }
        }
    }
    // 3. one all-to-all over the ranks of both placements
    let mut group: Vec<usize> = src_p.ranks().iter().chain(placement.ranks()).copied().collect();
    group.sort_unstable();
    group.dedup();
    let dst_pid = placement.parallel_id(rank);
    let dtype = x.dtype();
    let wire = wire_dtype(dtype);
    let item = wire.itemsize();
    let out = match dst_pid {
        Some(pid) => crate::tensor::factory::zeros(&shard::local_shape(shape, placement, sbp, pid), cpu(wire))?,
        None => empty_component(x.dim(), wire, Device::cpu())?,
    };
    if group.binary_search(&rank).is_err() {
        return Ok(out);
    }
    let my_src_region = src.parallel_id().map(|pid| region(shape, src_p, src.sbp(), pid));
    let my_dst_region = dst_pid.map(|pid| region(shape, placement, sbp, pid));
    let local = if src.parallel_id().is_some() { contiguous_as(src.local(), wire)? } else { src.local().clone() };
    let part_of = |to: usize, from: usize| transfers.iter().find(|(f, t, _)| *f == from && *t == to).map(|x| &x.2);
    // local copies need no message
    if let (Some(sr), Some(dr), Some(part)) = (&my_src_region, &my_dst_region, part_of(rank, rank)) {
        sub_view(&out, dr, part)?.copy_(&sub_view(&local, sr, part)?)?;
    }
    let mut send_counts = vec![0usize; group.len()];
    let mut recv_counts = vec![0usize; group.len()];
    for (j, &other) in group.iter().enumerate() {
        if other == rank {
            continue;
        }
        if let Some(part) = part_of(other, rank) {
            send_counts[j] = part.iter().map(Range::len).product::<usize>() * item;
        }
        if let Some(part) = part_of(rank, other) {
            recv_counts[j] = part.iter().map(Range::len).product::<usize>() * item;
        }
    }
    let send = crate::tensor::factory::empty(&[send_counts.iter().sum::<usize>() / item], cpu(wire))?;
    let mut offset = 0;
    for (j, &other) in group.iter().enumerate() {
        if let (Some(part), Some(sr)) = (part_of(other, rank).filter(|_| send_counts[j] > 0), &my_src_region) {
            let sizes: Vec<usize> = part.iter().map(Range::len).collect();
            flat_part(&send, offset, &sizes)?.copy_(&sub_view(&local, sr, part)?)?;
            offset += numel(&sizes);
        }
    }
    let recv = landing(&[recv_counts.iter().sum::<usize>() / item], wire)?;
    with_bytes(&send, |s| with_bytes_mut(&recv, |r| world.all_to_all(&group, item, s, &send_counts, r, &recv_counts)))?;
    let mut offset = 0;
    for (j, &other) in group.iter().enumerate() {
        if let (Some(part), Some(dr)) = (part_of(rank, other).filter(|_| recv_counts[j] > 0), &my_dst_region) {
            let sizes: Vec<usize> = part.iter().map(Range::len).collect();
            sub_view(&out, dr, part)?.copy_(&flat_part(&recv, offset, &sizes)?)?;
            offset += numel(&sizes);
        }
    }
    back_to(out, dtype)
}

/// The component of a local tensor turned global with a broadcast sbp: along each broadcast grid dimension, the
/// line's first rank's tensor (OneFlow's `local_to_global`). `local` itself is never written: a rank that receives
/// gets a new tensor, the first rank keeps `local`.
pub(crate) fn sync_broadcast(world: &World, placement: &Placement, sbp: &[Sbp], local: &Tensor) -> Result<Tensor> {
    let Some(pid) = placement.parallel_id(world.rank()) else { return Ok(local.clone()) };
    let mut current = local.clone();
    for (i, s) in sbp.iter().enumerate() {
        if *s != Sbp::Broadcast || placement.hierarchy()[i] == 1 {
            continue;
        }
        let group = placement.line(pid, i);
        let dtype = current.dtype();
        let wire = wire_dtype(dtype);
        let item = wire.itemsize();
        if placement.coords(pid)[i] == 0 {
            // the root's buffer is only read
            let send = contiguous_as(&current, wire)?;
            let scratch = if send.is_same(&current) { send.clone_tensor()? } else { send };
            with_bytes_mut(&scratch, |buf| world.broadcast(&group, 0, item, buf))?;
        } else {
            let recv = landing(current.sizes(), wire)?;
            with_bytes_mut(&recv, |buf| world.broadcast(&group, 0, item, buf))?;
            current = back_to(recv, dtype)?.to_device(current.device())?;
        }
    }
    Ok(current)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn step_orders() {
        use Sbp::*;
        assert_eq!(steps(&[Split(0), Broadcast], &[Broadcast, Split(0)]), Some(vec![0, 1]));
        assert_eq!(steps(&[Split(0), Split(0)], &[Broadcast, Broadcast]), Some(vec![1, 0]));
        assert_eq!(steps(&[Split(0), Split(1)], &[Split(1), Split(0)]), None);
        assert_eq!(steps(&[PartialSum], &[Split(1)]), Some(vec![0]));
    }
}
