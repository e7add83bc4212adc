//! An in-process world: one thread per rank, exchanging buffers through shared memory. It implements the same
//! [`Collectives`] as MPI, so unit tests run every boxing path with several ranks in one process.
//!
//! Every collective is built on one primitive, an all-gather of byte buffers: each member deposits its buffer in a
//! slot named by the group and the member's count of collectives in that group, waits until every member has,
//! and reads them all (sums are oxtorch's own, on top of these, as for every world: see [`super::reduce`]). A rank that panics marks the
//! world failed and the others get an error instead of waiting forever; a wait that lasts longer than
//! [`TIMEOUT`] is an error too.

use super::{check_group, internal, Collectives, World};
use crate::error::{Error, Result};
use std::collections::HashMap;
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

/// How long a rank waits for the others in one collective before reporting an error.
pub const TIMEOUT: Duration = Duration::from_secs(120);

#[derive(Default)]
struct Slot {
    buffers: Vec<Option<Arc<Vec<u8>>>>,
    taken: usize,
}

#[derive(Default)]
struct State {
    slots: HashMap<(Vec<usize>, u64), Slot>,
    failed: Option<String>,
}

struct Shared {
    size: usize,
    state: Mutex<State>,
    changed: Condvar,
}

/// One rank of a thread world.
pub struct ThreadComm {
    rank: usize,
    shared: Arc<Shared>,
    sequence: Mutex<HashMap<Vec<usize>, u64>>,
}

/// Marks the world failed when its rank's thread unwinds, so that the other ranks stop waiting.
struct FailOnPanic(Arc<Shared>, usize);

impl Drop for FailOnPanic {
    fn drop(&mut self) {
        if std::thread::panicking() {
            fail(&self.0, format!("rank {} panicked", self.1));
        }
    }
}

fn fail(shared: &Shared, reason: String) {
    let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
    state.failed.get_or_insert(reason);
    shared.changed.notify_all();
}

/// Runs `f` on `size` threads, one per rank, each with its own handle to a fresh world of `size` ranks, and returns
/// the results in rank order. A panic on any rank is resumed on the caller's thread once every rank has stopped.
pub fn run<R: Send>(size: usize, f: impl Fn(World) -> R + Sync) -> Vec<R> {
    let shared = Arc::new(Shared { size, state: Mutex::new(State::default()), changed: Condvar::new() });
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..size)
            .map(|rank| {
                let shared = shared.clone();
                let f = &f;
                scope.spawn(move || {
                    let _guard = FailOnPanic(shared.clone(), rank);
                    let world: World = Arc::new(ThreadComm { rank, shared, sequence: Mutex::new(HashMap::new()) });
                    f(world)
                })
            })
            .collect();
        let results: Vec<std::thread::Result<R>> = handles.into_iter().map(|h| h.join()).collect();
        results.into_iter().map(|r| r.unwrap_or_else(|payload| std::panic::resume_unwind(payload))).collect()
    })
}

impl ThreadComm {
    /// The all-gather every collective is built on: every member's `data`, in group order.
    fn exchange(&self, group: &[usize], data: Vec<u8>) -> Result<Vec<Arc<Vec<u8>>>> {
        let me = check_group(self, group)?;
        let seq = {
            let mut sequence = self.sequence.lock().unwrap_or_else(|e| e.into_inner());
            let counter = sequence.entry(group.to_vec()).or_insert(0);
            *counter += 1;
            *counter
        };
        let key = (group.to_vec(), seq);
        let shared = &*self.shared;
        let mut state = shared.state.lock().unwrap_or_else(|e| e.into_inner());
        let slot = state.slots.entry(key.clone()).or_default();
        if slot.buffers.is_empty() {
            slot.buffers = vec![None; group.len()];
        }
        slot.buffers[me] = Some(Arc::new(data));
        shared.changed.notify_all();
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(reason) = &state.failed {
                return Err(Error::Runtime(format!("the thread world failed: {reason}")));
            }
            let slot = state.slots.get_mut(&key).ok_or_else(|| internal("a collective's slot vanished".into()))?;
            if slot.buffers.iter().all(Option::is_some) {
                let all: Vec<Arc<Vec<u8>>> = slot.buffers.iter().flatten().cloned().collect();
                slot.taken += 1;
                if slot.taken == group.len() {
                    state.slots.remove(&key);
                }
                return Ok(all);
            }
            let now = Instant::now();
            if now >= deadline {
                let reason =
                    format!("rank {} waited more than {TIMEOUT:?} in a collective of ranks {group:?}", self.rank);
                state.failed.get_or_insert(reason.clone());
                shared.changed.notify_all();
                return Err(Error::Runtime(reason));
            }
            state = shared.changed.wait_timeout(state, deadline - now).unwrap_or_else(|e| e.into_inner()).0;
        }
    }
}

impl Collectives for ThreadComm {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.shared.size
    }
    fn local_rank(&self) -> usize {
        self.rank
    }
    fn kind(&self) -> &'static str {
        "threads"
    }

    fn all_gather(&self, group: &[usize], _: usize, send: &[u8], recv: &mut [u8], counts: &[usize]) -> Result<()> {
        let all = self.exchange(group, send.to_vec())?;
        if counts.len() != all.len() || all.iter().zip(counts).any(|(b, &c)| b.len() != c) {
            return Err(internal("all_gather counts do not match the members' buffers".into()));
        }
        if recv.len() != counts.iter().sum::<usize>() {
            return Err(internal("all_gather receive buffer of the wrong length".into()));
        }
        let mut at = 0;
        for b in all {
            recv[at..at + b.len()].copy_from_slice(&b);
            at += b.len();
        }
        Ok(())
    }

    fn all_to_all(
        &self,
        group: &[usize],
        _: usize,
        send: &[u8],
        send_counts: &[usize],
        recv: &mut [u8],
        recv_counts: &[usize],
    ) -> Result<()> {
        let me = check_group(self, group)?;
        if send_counts.len() != group.len() || recv_counts.len() != group.len() {
            return Err(internal("all_to_all counts of the wrong length".into()));
        }
        if send.len() != send_counts.iter().sum::<usize>() || recv.len() != recv_counts.iter().sum::<usize>() {
            return Err(internal("all_to_all buffers do not match their counts".into()));
        }
        // each member sends its counts (8 bytes each) followed by its data
        let mut message = Vec::with_capacity(8 * group.len() + send.len());
        for &c in send_counts {
            message.extend_from_slice(&(c as u64).to_ne_bytes());
        }
        message.extend_from_slice(send);
        let all = self.exchange(group, message)?;
        let mut at = 0;
        for (j, b) in all.iter().enumerate() {
            let header = 8 * group.len();
            let count = |k: usize| -> usize {
                b.get(8 * k..8 * k + 8).and_then(|s| s.try_into().ok()).map_or(0, u64::from_ne_bytes) as usize
            };
            let start = header + (0..me).map(count).sum::<usize>();
            let len = count(me);
            if len != recv_counts[j] || start + len > b.len() {
                return Err(internal(format!("all_to_all: member {j} sends {len} bytes, {} expected", recv_counts[j])));
            }
            recv[at..at + len].copy_from_slice(&b[start..start + len]);
            at += len;
        }
        Ok(())
    }

    fn broadcast(&self, group: &[usize], root: usize, _: usize, buf: &mut [u8]) -> Result<()> {
        let me = check_group(self, group)?;
        let data = if me == root { buf.to_vec() } else { Vec::new() };
        let all = self.exchange(group, data)?;
        let from = all.get(root).ok_or_else(|| internal("broadcast root outside the group".into()))?;
        if from.len() != buf.len() {
            return Err(internal("broadcast buffers of different lengths".into()));
        }
        if me != root {
            buf.copy_from_slice(from);
        }
        Ok(())
    }

    fn abort(&self, code: i32) {
        fail(&self.shared, format!("rank {} aborted with code {code}", self.rank));
    }
}

#[cfg(test)]
mod tests {
    use super::super::ReduceType;
    use super::*;

    #[test]
    fn collectives_on_four_threads() {
        let out = run(4, |w| {
            let r = w.rank() as u8;
            let group = [0, 1, 2, 3];
            let mut gathered = vec![0u8; 1 + 2 + 3 + 4];
            w.all_gather(&group, 1, &vec![r; r as usize + 1], &mut gathered, &[1, 2, 3, 4]).unwrap();
            let mut sum = [0u8; 4];
            w.all_reduce(&group, ReduceType::I32, &(r as i32 + 1).to_ne_bytes(), &mut sum).unwrap();
            let mut mine = [0u8; 1];
            w.reduce_scatter(&group, ReduceType::U8, &[r, r, r, r], &mut mine).unwrap();
            let mut b = [r; 2];
            w.broadcast(&[1, 3], 1, 1, &mut b).unwrap_or(());
            (gathered, i32::from_ne_bytes(sum), mine[0], b)
        });
        assert_eq!(out[2].0, vec![0, 1, 1, 2, 2, 2, 3, 3, 3, 3]);
        assert!(out.iter().all(|o| o.1 == 10 && o.2 == 6));
        assert_eq!(out[1].3, [3, 3]);
    }

    #[test]
    fn a_failed_rank_releases_the_others() {
        let out = run(2, |w| {
            if w.rank() == 0 {
                w.abort(1);
                return true;
            }
            let mut b = [0u8; 1];
            w.all_reduce(&[0, 1], ReduceType::U8, &[1], &mut b).is_err()
        });
        assert!(out[1]);
    }
}
