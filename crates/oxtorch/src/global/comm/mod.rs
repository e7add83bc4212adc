//! The engine under global tensors: a [`Collectives`] trait with the few collective operations boxing needs, and
//! three worlds implementing it:
//!
//! * [`mpi`]: the processes of an MPI job (`mpirun -n 4 ...`), through rsmpi (behind the `mpi` cargo feature; a
//!   stub with the same API stands in when the feature is off);
//! * [`threads`]: an in-process world of threads, one per rank, for unit tests;
//! * [`Solo`]: a single process that is rank 0 of a world of one, used when no MPI job launched the process.
//!
//! Every operation runs over a *group*: the world ranks taking part, in increasing order, which must include the
//! caller. Buffers are bytes; `unit` is the element size, so an implementation can move elements of that width
//! (MPI counts are 32-bit). A world only moves bytes: the sums of `all_reduce` and
//! `reduce_scatter` (on `dyn Collectives`) are oxtorch's own ([`reduce`]), built on the world's all-to-all and all-gather,
//! so that their results are PyTorch's arithmetic whatever MPI is installed. They sum elements of a
//! [`ReduceType`]; float16 and bfloat16 are reduced by the caller in float32 and rounded once, complex numbers as
//! pairs of reals, and bool as a logical or of bytes.
//!
//! The default world of a process ([`default_world`]) is chosen on first use: the MPI world when an MPI launcher
//! started the process (and the `mpi` feature is on), else [`Solo`]. MPI is initialised then and finalised by
//! [`finalize`] (also registered to run at process exit).

#[cfg(feature = "mpi")]
pub mod mpi;
#[cfg(not(feature = "mpi"))]
#[path = "mpi_stub.rs"]
pub mod mpi;
pub mod reduce;
pub mod threads;

use crate::error::{Error, Result};
use std::sync::{Arc, Mutex};

/// The element type of a reduction (sums; `Bool` is a logical or of bytes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ReduceType {
    /// Bytes holding 0 or 1, combined with logical or.
    Bool,
    /// `u8`, wrapping.
    U8,
    /// `i8`, wrapping.
    I8,
    /// `i16`, wrapping.
    I16,
    /// `i32`, wrapping.
    I32,
    /// `i64`, wrapping.
    I64,
    /// `f32` (also the two parts of complex64, and float16/bfloat16 widened by the caller).
    F32,
    /// `f64` (also the two parts of complex128).
    F64,
}

impl ReduceType {
    /// Bytes per element.
    pub fn size(self) -> usize {
        match self {
            ReduceType::Bool | ReduceType::U8 | ReduceType::I8 => 1,
            ReduceType::I16 => 2,
            ReduceType::I32 | ReduceType::F32 => 4,
            ReduceType::I64 | ReduceType::F64 => 8,
        }
    }
}

/// The collective operations of a world, seen from one rank. Every member of `group` must make the same calls in
/// the same order (the SPMD contract of MPI); counts are in bytes.
pub trait Collectives: Send + Sync {
    /// This process's rank in the world.
    fn rank(&self) -> usize;
    /// Number of ranks in the world.
    fn size(&self) -> usize;
    /// This rank's index among the ranks on its node (the CUDA device it uses).
    fn local_rank(&self) -> usize;
    /// What the world is: `"mpi"`, `"threads"` or `"single process"`.
    fn kind(&self) -> &'static str;
    /// Concatenates every member's `send` into `recv`, in group order; `counts[i]` is member `i`'s byte count.
    fn all_gather(&self, group: &[usize], unit: usize, send: &[u8], recv: &mut [u8], counts: &[usize]) -> Result<()>;
    /// Member `i` sends `send_counts[j]` bytes (consecutive in `send`, in group order) to member `j`, and receives
    /// `recv_counts[j]` bytes from member `j` into `recv`, in group order.
    fn all_to_all(
        &self,
        group: &[usize],
        unit: usize,
        send: &[u8],
        send_counts: &[usize],
        recv: &mut [u8],
        recv_counts: &[usize],
    ) -> Result<()>;
    /// Copies member `root`'s `buf` (an index into `group`) into every other member's `buf`; the root's `buf` is
    /// only read.
    fn broadcast(&self, group: &[usize], root: usize, unit: usize, buf: &mut [u8]) -> Result<()>;
    /// Ends the whole job with `code` after an unrecoverable error on this rank (`MPI_Abort`): no rank is left
    /// waiting. A thread world marks itself failed, so that its other ranks get errors instead of waiting.
    fn abort(&self, code: i32);
    /// Finalises the engine (`MPI_Finalize`); later collectives fail. A no-op where there is nothing to finalise.
    fn finalize(&self) -> Result<()> {
        Ok(())
    }
}

/// A handle to a world: shared by every global tensor created in it.
pub type World = Arc<dyn Collectives>;

impl dyn Collectives {
    /// Elementwise sum of every member's `send` into every member's `recv` (same lengths everywhere), in group
    /// order with PyTorch's arithmetic ([`reduce`]): every member gets the same bits.
    pub fn all_reduce(&self, group: &[usize], ty: ReduceType, send: &[u8], recv: &mut [u8]) -> Result<()> {
        reduce::all_reduce(self, group, ty, send, recv)
    }

    /// Elementwise sum of every member's `send`, split in equal blocks of `recv.len()` bytes: member `i` gets
    /// block `i` ([`reduce`]).
    pub fn reduce_scatter(&self, group: &[usize], ty: ReduceType, send: &[u8], recv: &mut [u8]) -> Result<()> {
        reduce::reduce_scatter(self, group, ty, send, recv)
    }
}

/// Checks the arguments every implementation relies on: the caller is in the group, the group is sorted and inside
/// the world, and the counts match.
pub fn check_group(world: &dyn Collectives, group: &[usize]) -> Result<usize> {
    if group.windows(2).any(|w| w[0] >= w[1]) || group.last().is_some_and(|&r| r >= world.size()) {
        return Err(internal(format!("invalid communication group {group:?} in a world of {}", world.size())));
    }
    group
        .binary_search(&world.rank())
        .map_err(|_| internal(format!("rank {} is not in the communication group {group:?}", world.rank())))
}

/// An internal error: a broken invariant of the global layer, reported rather than panicking.
pub(crate) fn internal(message: String) -> Error {
    Error::Runtime(format!("internal error in a collective: {message}"))
}

/// A process that is its own world of one rank: every collective is a copy.
#[derive(Debug, Default)]
pub struct Solo;

impl Collectives for Solo {
    fn rank(&self) -> usize {
        0
    }
    fn size(&self) -> usize {
        1
    }
    fn local_rank(&self) -> usize {
        0
    }
    fn kind(&self) -> &'static str {
        "single process"
    }
    fn all_gather(&self, group: &[usize], _: usize, send: &[u8], recv: &mut [u8], _: &[usize]) -> Result<()> {
        check_group(self, group)?;
        copy_exact(send, recv)
    }
    fn all_to_all(
        &self,
        group: &[usize],
        _: usize,
        send: &[u8],
        _: &[usize],
        recv: &mut [u8],
        _: &[usize],
    ) -> Result<()> {
        check_group(self, group)?;
        copy_exact(send, recv)
    }
    fn broadcast(&self, group: &[usize], _: usize, _: usize, _: &mut [u8]) -> Result<()> {
        check_group(self, group).map(|_| ())
    }
    fn abort(&self, code: i32) {
        std::process::exit(code)
    }
}

fn copy_exact(send: &[u8], recv: &mut [u8]) -> Result<()> {
    if send.len() != recv.len() {
        return Err(internal(format!("a copy of {} bytes into {} bytes", send.len(), recv.len())));
    }
    recv.copy_from_slice(send);
    Ok(())
}

static DEFAULT_WORLD: Mutex<Option<World>> = Mutex::new(None);

/// The process's world, created on first use: the MPI world when an MPI launcher (`mpirun`, `srun`, ...) started
/// this process and oxtorch was built with the `mpi` feature, else a world of one rank ([`Solo`]).
pub fn default_world() -> Result<World> {
    let mut guard = DEFAULT_WORLD.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(world) = guard.as_ref() {
        return Ok(world.clone());
    }
    let world: World = if mpi::launched_by_mpi() { mpi::MpiWorld::init()? } else { Arc::new(Solo) };
    *guard = Some(world.clone());
    Ok(world)
}

/// Whether the default world exists already (without creating it).
pub fn default_world_started() -> bool {
    DEFAULT_WORLD.lock().unwrap_or_else(|e| e.into_inner()).is_some()
}

/// Finalises the default world's engine if one was started (`MPI_Finalize`); idempotent.
pub fn finalize() -> Result<()> {
    let world = DEFAULT_WORLD.lock().unwrap_or_else(|e| e.into_inner()).clone();
    match world {
        Some(w) => w.finalize(),
        None => Ok(()),
    }
}

/// Ends the whole job after an unrecoverable error on this rank (`MPI_Abort` in an MPI world; a plain exit
/// otherwise).
pub fn abort(code: i32) {
    let world = DEFAULT_WORLD.lock().unwrap_or_else(|e| e.into_inner()).clone();
    match world {
        Some(w) => w.abort(code),
        None => std::process::exit(code),
    }
}
