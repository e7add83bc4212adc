//! Sums across ranks built from data movement alone: no engine ever adds numbers for oxtorch.
//!
//! An MPI library's `MPI_SUM` is not PyTorch's arithmetic: Open MPI 4.1's `op/avx` component saturates 8-bit sums
//! (`200 + 200` in uint8 gives 255, where PyTorch wraps to 144), other builds may reassociate floating sums, and
//! none has float16 or bfloat16. So a reduction here moves bytes with the world's all-to-all and all-gather and
//! adds them with [`accumulate`]: wrapping integers, a logical or for bool, IEEE sums for floats, always in group
//! order (member 0's value, plus member 1's, ...). Every member therefore gets the same bits, whatever engine runs
//! underneath, and the bandwidth is that of a ring reduction: a reduce-scatter is one all-to-all of the blocks, an
//! all-reduce is a reduce-scatter of balanced blocks followed by an all-gather of the sums.

use super::{check_group, internal, Collectives, ReduceType};
use crate::error::Result;

/// Adds `src` into `acc` elementwise as `ty` (integers wrap, bool is a logical or of bytes, floats add in IEEE
/// arithmetic). Both hold whole elements of `ty`.
pub fn accumulate(ty: ReduceType, acc: &mut [u8], src: &[u8]) -> Result<()> {
    if acc.len() != src.len() || !acc.len().is_multiple_of(ty.size()) {
        return Err(internal(format!("a sum of {} bytes into {} bytes of {ty:?}", src.len(), acc.len())));
    }
    match ty {
        ReduceType::Bool => acc.iter_mut().zip(src).for_each(|(a, s)| *a = u8::from(*a != 0 || *s != 0)),
        ReduceType::U8 => add_as::<u8>(acc, src, u8::wrapping_add),
        ReduceType::I8 => add_as::<i8>(acc, src, i8::wrapping_add),
        ReduceType::I16 => add_as::<i16>(acc, src, i16::wrapping_add),
        ReduceType::I32 => add_as::<i32>(acc, src, i32::wrapping_add),
        ReduceType::I64 => add_as::<i64>(acc, src, i64::wrapping_add),
        ReduceType::F32 => add_as::<f32>(acc, src, |x, y| x + y),
        ReduceType::F64 => add_as::<f64>(acc, src, |x, y| x + y),
    }
    Ok(())
}

/// `acc[i] = add(acc[i], src[i])` over elements of `T`: on typed slices when both buffers are aligned for `T` (a
/// loop the compiler vectorizes), element by element through copies otherwise.
fn add_as<T: bytemuck::Pod>(acc: &mut [u8], src: &[u8], add: impl Fn(T, T) -> T) {
    match (bytemuck::try_cast_slice_mut::<u8, T>(acc), bytemuck::try_cast_slice::<u8, T>(src)) {
        (Ok(a), Ok(s)) => a.iter_mut().zip(s).for_each(|(a, &s)| *a = add(*a, s)),
        _ => {
            let n = std::mem::size_of::<T>();
            for (a, s) in acc.chunks_exact_mut(n).zip(src.chunks_exact(n)) {
                let sum = add(bytemuck::pod_read_unaligned(a), bytemuck::pod_read_unaligned(s));
                a.copy_from_slice(bytemuck::bytes_of(&sum));
            }
        }
    }
}

/// Scratch bytes aligned for every element type (a sum runs on typed slices of them), from the CPU caching
/// allocator: a large reduction reuses pages already mapped (with huge pages, which MPI's shared-memory transport
/// copies about twice as fast), and gives them back when done.
struct Scratch(Vec<i64>);

impl Scratch {
    fn new(bytes: usize) -> Result<Scratch> {
        Ok(Scratch(crate::backend::cpu::scratch(bytes.div_ceil(8))?))
    }

    fn bytes(&mut self, len: usize) -> &mut [u8] {
        &mut bytemuck::cast_slice_mut(&mut self.0)[..len]
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        crate::backend::cpu::recycle(std::mem::take(&mut self.0));
    }
}

/// `blocks` consecutive blocks of `block` bytes summed in order into the first `block` bytes of `buf`.
fn sum_blocks(ty: ReduceType, buf: &mut [u8], block: usize, blocks: usize) -> Result<()> {
    let (first, rest) = buf.split_at_mut(block);
    for k in 0..blocks.saturating_sub(1) {
        accumulate(ty, first, &rest[k * block..(k + 1) * block])?;
    }
    Ok(())
}

/// The reduce-scatter of `<dyn Collectives>::reduce_scatter`, on `world`'s all-to-all.
pub fn reduce_scatter(
    world: &dyn Collectives,
    group: &[usize],
    ty: ReduceType,
    send: &[u8],
    recv: &mut [u8],
) -> Result<()> {
    check_group(world, group)?;
    let (n, block) = (group.len(), recv.len());
    if send.len() != block * n || !block.is_multiple_of(ty.size()) {
        return Err(internal("reduce_scatter buffers of mismatched lengths".into()));
    }
    // member k receives block k of every member, then sums them in group order
    let mut scratch = Scratch::new(block * n)?;
    let blocks = scratch.bytes(block * n);
    world.all_to_all(group, ty.size(), send, &vec![block; n], blocks, &vec![block; n])?;
    sum_blocks(ty, blocks, block, n)?;
    recv.copy_from_slice(&blocks[..block]);
    Ok(())
}

/// The all-reduce of `<dyn Collectives>::all_reduce`, on `world`'s all-to-all and all-gather: each member sums one
/// balanced block of the elements, then every member gathers every block's sum.
pub fn all_reduce(
    world: &dyn Collectives,
    group: &[usize],
    ty: ReduceType,
    send: &[u8],
    recv: &mut [u8],
) -> Result<()> {
    let me = check_group(world, group)?;
    let (n, item) = (group.len(), ty.size());
    if send.len() != recv.len() || !send.len().is_multiple_of(item) {
        return Err(internal("all_reduce buffers of different lengths".into()));
    }
    let elements = send.len() / item;
    let counts: Vec<usize> = (0..n).map(|k| crate::global::shard::balanced(elements, n, k).1 * item).collect();
    let mine = counts[me];
    let mut scratch = Scratch::new(mine * n)?;
    let blocks = scratch.bytes(mine * n);
    world.all_to_all(group, item, send, &counts, blocks, &vec![mine; n])?;
    sum_blocks(ty, blocks, mine, n)?;
    world.all_gather(group, item, &blocks[..mine], recv, &counts)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eight_bit_sums_wrap() {
        let mut acc = [200u8, 100];
        accumulate(ReduceType::U8, &mut acc, &[200, 100]).unwrap();
        assert_eq!(acc, [144, 200]);
        let mut acc = 100i8.to_ne_bytes();
        for _ in 0..3 {
            accumulate(ReduceType::I8, &mut acc, &100i8.to_ne_bytes()).unwrap();
        }
        assert_eq!(i8::from_ne_bytes(acc), -112);
        let mut acc = [0u8, 2, 0];
        accumulate(ReduceType::Bool, &mut acc, &[0, 0, 7]).unwrap();
        assert_eq!(acc, [0, 1, 1]);
    }

    #[test]
    fn mismatched_lengths_are_errors() {
        assert!(accumulate(ReduceType::I32, &mut [0u8; 4], &[0u8; 8]).is_err());
        assert!(accumulate(ReduceType::I32, &mut [0u8; 3], &[0u8; 3]).is_err());
    }
}
