//! The loop of PyTorch's `arange` kernel on floating dtypes, as its x86-64 build runs it: which elements it
//! computes in 256-bit vectors (from a rounded vector start) and which one by one. The arithmetic of each dtype
//! is the caller's (`tensor/factory.rs`); this module decides the positions and runs the blocks, a vector at a
//! time, so that a long range costs a few nanoseconds an element (2^31 float16 elements used to take 12 s
//! element by element, with the position recomputed for each).

use super::parallel::{run_tasks, GRAIN_SIZE};

/// Where PyTorch's `arange` loop computes each element of a range of `len`: the range is split into equal tasks
/// as `at::parallel_for` (OpenMP) splits it over `threads`, at most one per grain size, and each task fills pairs
/// of vectors of `lanes` elements, each element `first + k * step` from the vector's first element `first =
/// start + step * index`, then the elements after the last pair one by one (`start + step * i`).
#[derive(Clone, Copy, Debug)]
pub(crate) struct RangeBlocks {
    len: usize,
    /// elements per task
    chunk: usize,
    lanes: usize,
}

impl RangeBlocks {
    /// The blocks of a range of `len` elements in vectors of `lanes` (a power of two) split over `threads`.
    pub(crate) fn new(len: usize, lanes: usize, threads: usize) -> RangeBlocks {
        debug_assert!(lanes.is_power_of_two());
        let tasks = if len < GRAIN_SIZE { 1 } else { threads.clamp(1, len.div_ceil(GRAIN_SIZE)) };
        RangeBlocks { len, chunk: len.div_ceil(tasks).max(1), lanes }
    }

    /// The elements of the task starting at `begin` that are computed in vectors (a multiple of two vectors).
    fn vectorized(self, begin: usize) -> usize {
        let pair = 2 * self.lanes;
        ((begin + self.chunk).min(self.len) - begin) / pair * pair
    }

    /// Fills `out` (the whole range, `len` elements) task by task on the kernel threads: `vector(first, lanes)`
    /// writes the vector whose first element has index `first`, `single(i)` is an element computed on its own.
    pub(crate) fn fill<T: Send>(
        self,
        out: &mut [T],
        vector: impl Fn(usize, &mut [T]) + Sync,
        single: impl Fn(usize) -> T + Sync,
    ) {
        debug_assert_eq!(out.len(), self.len);
        let tasks: Vec<(usize, &mut [T])> =
            out.chunks_mut(self.chunk).enumerate().map(|(k, c)| (k * self.chunk, c)).collect();
        run_tasks(tasks, |(begin, task): (usize, &mut [T])| {
            let (vectors, rest) = task.split_at_mut(self.vectorized(begin));
            for (v, lanes) in vectors.chunks_exact_mut(self.lanes).enumerate() {
                vector(begin + v * self.lanes, lanes);
            }
            let singles = begin + vectors.len();
            for (j, x) in rest.iter_mut().enumerate() {
                *x = single(singles + j);
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Each element's vector start, or None when it is computed on its own: the definition `fill` follows.
    fn vector_start(b: RangeBlocks, i: usize) -> Option<usize> {
        let begin = i - i % b.chunk;
        let local = i - begin;
        (local < b.vectorized(begin)).then_some(begin + local / b.lanes * b.lanes)
    }

    #[test]
    fn fill_visits_every_element_once_at_its_position() {
        for (len, lanes, threads) in [(0, 8, 1), (5, 8, 1), (17, 8, 1), (100_000, 16, 2), (70_001, 4, 3), (33, 16, 4)] {
            let b = RangeBlocks::new(len, lanes, threads);
            let mut out = vec![(usize::MAX, None); len];
            b.fill(
                &mut out,
                |first, lanes| {
                    for (k, x) in lanes.iter_mut().enumerate() {
                        *x = (first + k, Some(first));
                    }
                },
                |i| (i, None),
            );
            for (i, x) in out.iter().enumerate() {
                assert_eq!(*x, (i, vector_start(b, i)), "len {len} lanes {lanes} threads {threads} element {i}");
            }
        }
    }

    #[test]
    fn short_ranges_are_one_task_and_tails_are_single() {
        let b = RangeBlocks::new(40, 8, 2);
        // one task (below the grain size): 32 elements in two pairs of vectors, 8 one by one
        assert_eq!(b.vectorized(0), 32);
        let b = RangeBlocks::new(2 * GRAIN_SIZE + 3, 8, 2);
        assert_eq!(b.chunk, GRAIN_SIZE + 2);
    }
}
