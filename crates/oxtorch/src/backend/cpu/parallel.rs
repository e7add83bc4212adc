//! Threads: the number of threads kernels use (`torch.set_num_threads` / `get_num_threads`), the rayon pool
//! that runs them, and the split of a plan's output into disjoint chunks for them.

use crate::iter::Plan;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, RwLock};

/// Elements below which an operation runs on the calling thread (PyTorch's `GRAIN_SIZE`).
pub const GRAIN_SIZE: usize = 32768;

/// 0 until the first use, then the thread count.
static THREADS: AtomicUsize = AtomicUsize::new(0);
static POOL: RwLock<Option<Arc<rayon::ThreadPool>>> = RwLock::new(None);

/// The number of threads kernels use (`torch.get_num_threads`): the machine's cores unless set.
pub fn get_num_threads() -> usize {
    match THREADS.load(Ordering::Relaxed) {
        0 => {
            // asking the OS reads cgroup files: do it once
            let n = std::thread::available_parallelism().map_or(1, |n| n.get());
            THREADS.store(n, Ordering::Relaxed);
            n
        }
        n => n,
    }
}

/// Sets the number of threads kernels use (`torch.set_num_threads`); values below 1 count as 1.
pub fn set_num_threads(threads: usize) {
    let threads = threads.max(1);
    THREADS.store(threads, Ordering::Relaxed);
    *POOL.write().unwrap_or_else(|e| e.into_inner()) = build(threads);
}

fn build(threads: usize) -> Option<Arc<rayon::ThreadPool>> {
    if threads <= 1 {
        return None;
    }
    let name = |i| format!("oxtorch-{i}");
    rayon::ThreadPoolBuilder::new().num_threads(threads).thread_name(name).build().ok().map(Arc::new)
}

fn pool() -> Option<Arc<rayon::ThreadPool>> {
    if let Some(p) = POOL.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        return Some(p.clone());
    }
    let threads = get_num_threads();
    let mut slot = POOL.write().unwrap_or_else(|e| e.into_inner());
    if slot.is_none() {
        *slot = build(threads);
    }
    slot.clone()
}

/// Runs the tasks, in parallel on the kernel pool when there is more than one thread (a pool that cannot be
/// built means one thread).
pub fn run_tasks<T: Send>(tasks: Vec<T>, work: impl Fn(T) + Sync) {
    match pool().filter(|_| tasks.len() > 1) {
        Some(p) => p.scope(|s| {
            for t in tasks {
                let work = &work;
                s.spawn(move |_| work(t));
            }
        }),
        None => tasks.into_iter().for_each(work),
    }
}

/// Runs `work(out_chunk, start, end, out_base)` over the iteration of `plan`: on disjoint chunks of the output
/// in parallel when the work is large and the output is linear in iteration order, else once over everything.
/// `out_chunk` is `out[out_base..]` restricted to the chunk; pass `out_base` to [`Plan::for_each_run_in`].
pub fn for_chunks<T: Send>(plan: &Plan, out: &mut [T], work: impl Fn(&mut [T], usize, usize, usize) + Sync) {
    let n = plan.numel();
    let threads = get_num_threads();
    if threads <= 1 || n < 2 * GRAIN_SIZE || !plan.output_is_linear() {
        work(out, 0, n, 0);
        return;
    }
    let chunks = (n / GRAIN_SIZE).min(threads * 4);
    let base = plan.offsets[0];
    let Some(region) = out.get_mut(base..base + n) else {
        work(out, 0, n, 0);
        return;
    };
    let mut tasks = Vec::with_capacity(chunks);
    let mut rest = region;
    let mut start = 0;
    for c in 0..chunks {
        let end = n * (c + 1) / chunks;
        let (head, tail) = rest.split_at_mut(end - start);
        tasks.push((head, start, end));
        rest = tail;
        start = end;
    }
    run_tasks(tasks, |(chunk, s, e)| work(chunk, s, e, base + s));
}

/// Runs `f` inside the kernel pool (so that rayon work it starts, such as `gemm`'s parallel schedule, uses the
/// kernel threads), or on the calling thread when there is one thread.
pub(crate) fn install<R: Send>(f: impl FnOnce() -> R + Send) -> R {
    match pool() {
        Some(p) => p.install(f),
        None => f(),
    }
}
