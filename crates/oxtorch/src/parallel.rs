//! Threads: the number of threads kernels use (`torch.set_num_threads` / `get_num_threads`) and the rayon pool
//! that runs them.

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
