//! The MPI world, through rsmpi: the processes of an `mpirun` job.
//!
//! MPI is initialised on first use (with `MPI_THREAD_SERIALIZED`: every call goes through one lock) and finalised
//! by [`Collectives::finalize`], which also runs at process exit (an `atexit` handler): a process that exits without
//! finalising makes `mpirun` report a failure. Communicators for groups smaller than the world are created with
//! `MPI_Comm_create_group` (only the members take part) and cached. Buffers move as elements of their width
//! (`unit` bytes), so counts fit MPI's 32-bit counts for any tensor of fewer than 2^31 elements per rank.

use super::{check_group, internal, Collectives, ReduceType, World};
use crate::error::{Error, Result};
use mpi::collective::SystemOperation;
use mpi::datatype::{Partition, PartitionMut};
use mpi::environment::Universe;
use mpi::topology::{Communicator, SimpleCommunicator};
use mpi::traits::*;
use mpi::Count;
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

/// The environment variables MPI launchers set for the processes they start (Open MPI, PMIx, MPICH/Hydra, Slurm's
/// PMI): their presence means this process is a rank of an MPI job. `OXTORCH_MPI=0` or `1` overrides.
const LAUNCHER_VARIABLES: &[&str] = &["OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_SIZE", "PMI_RANK", "MPI_LOCALNRANKS"];

/// Whether an MPI launcher started this process.
pub fn launched_by_mpi() -> bool {
    match std::env::var("OXTORCH_MPI").as_deref() {
        Ok("0") => false,
        Ok("1") => true,
        _ => LAUNCHER_VARIABLES.iter().any(|v| std::env::var_os(v).is_some()),
    }
}

struct Engine {
    world: SimpleCommunicator,
    groups: HashMap<Vec<usize>, SimpleCommunicator>,
    universe: Option<Universe>,
}

/// The MPI state behind its lock.
struct Locked(Option<Engine>);

// SAFETY: MPI handles are plain identifiers valid in every thread of the process. MPI is initialised asking for
// MPI_THREAD_SERIALIZED, and every MPI call is made while holding the mutex around this value, so no two threads
// call MPI at the same time.
unsafe impl Send for Locked {}

/// The MPI world of this process.
pub struct MpiWorld {
    rank: usize,
    size: usize,
    local_rank: usize,
    engine: Mutex<Locked>,
}

static FINALIZER: Mutex<Option<Arc<MpiWorld>>> = Mutex::new(None);

extern "C" fn finalize_at_exit() {
    let world = FINALIZER.lock().unwrap_or_else(|e| e.into_inner()).take();
    if let Some(w) = world {
        let _ = w.finalize();
    }
}

extern "C" {
    fn atexit(callback: extern "C" fn()) -> std::ffi::c_int;
}

impl MpiWorld {
    /// Initialises MPI and returns this process's world. When another library of the process (mpi4py, say)
    /// initialised MPI already, its world is used and finalising is left to that library.
    pub fn init() -> Result<World> {
        // with less than MPI_THREAD_SERIALIZED, calls made from threads other than the main one are the program's
        // responsibility (oxtorch calls MPI only from the thread that runs the global operation)
        let (universe, world_comm) = match mpi::initialize_with_threading(mpi::Threading::Serialized) {
            Some((universe, _threading)) => {
                let world = universe.world();
                (Some(universe), world)
            }
            None => (None, SimpleCommunicator::world()),
        };
        let rank = world_comm.rank() as usize;
        let size = world_comm.size() as usize;
        let local_rank = world_comm.split_shared(rank as i32).rank() as usize;
        let owns_mpi = universe.is_some();
        let world = Arc::new(MpiWorld {
            rank,
            size,
            local_rank,
            engine: Mutex::new(Locked(Some(Engine { world: world_comm, groups: HashMap::new(), universe }))),
        });
        if owns_mpi {
            *FINALIZER.lock().unwrap_or_else(|e| e.into_inner()) = Some(world.clone());
            // SAFETY: registering a plain `extern "C"` function with the C library's `atexit` has no preconditions.
            unsafe {
                atexit(finalize_at_exit);
            }
        }
        Ok(world)
    }

    /// Runs `f` with the communicator of `group` (created on first use), under the MPI lock.
    fn with_comm<R>(&self, group: &[usize], f: impl FnOnce(&SimpleCommunicator) -> Result<R>) -> Result<R> {
        check_group(self, group)?;
        let mut locked = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        let engine = locked.0.as_mut().ok_or_else(|| Error::Runtime("MPI has been finalized".into()))?;
        if group.len() == self.size {
            return f(&engine.world);
        }
        if !engine.groups.contains_key(group) {
            let ranks: Vec<mpi::Rank> = group.iter().map(|&r| r as mpi::Rank).collect();
            let members = engine.world.group().include(&ranks);
            let comm = engine
                .world
                .split_by_subgroup(&members)
                .ok_or_else(|| internal(format!("MPI could not create a communicator for ranks {group:?}")))?;
            engine.groups.insert(group.to_vec(), comm);
        }
        let comm = engine.groups.get(group).ok_or_else(|| internal("a cached communicator vanished".into()))?;
        f(comm)
    }
}

/// The width of the MPI elements that carry elements of `unit` bytes (16-byte elements travel as pairs of u64).
fn width(unit: usize) -> usize {
    if unit == 16 {
        8
    } else {
        unit
    }
}

/// A count or displacement in elements of `unit` bytes, as MPI's 32-bit count.
fn count(bytes: usize, unit: usize) -> Result<Count> {
    if unit == 0 || !bytes.is_multiple_of(unit) {
        return Err(internal(format!("{bytes} bytes are not whole elements of {unit} bytes")));
    }
    Count::try_from(bytes / unit).map_err(|_| {
        Error::Runtime(format!(
            "a collective of {} elements exceeds MPI's limit of 2^31 - 1 elements per rank",
            bytes / unit
        ))
    })
}

/// Counts and displacements (in elements) of consecutive blocks of `bytes`.
fn partition(bytes: &[usize], unit: usize) -> Result<(Vec<Count>, Vec<Count>)> {
    let counts = bytes.iter().map(|&b| count(b, unit)).collect::<Result<Vec<_>>>()?;
    let mut displs = Vec::with_capacity(counts.len());
    let mut at = 0usize;
    for &b in bytes {
        displs.push(count(at, unit)?);
        at += b;
    }
    count(at, unit)?;
    Ok((counts, displs))
}

/// Runs `$body` with `$s`/`$r` viewed as slices of the unsigned integer type of width `$unit` (16-byte elements
/// move as pairs of u64).
macro_rules! with_unit {
    ($unit:expr, $send:expr, $recv:expr, |$s:ident, $r:ident, $w:ident| $body:expr) => {{
        fn cast<'a, T: bytemuck::Pod>(s: &'a [u8], r: &'a mut [u8]) -> Result<(&'a [T], &'a mut [T])> {
            let s = bytemuck::try_cast_slice::<u8, T>(s).map_err(|e| internal(format!("{e:?}")))?;
            let r = bytemuck::try_cast_slice_mut::<u8, T>(r).map_err(|e| internal(format!("{e:?}")))?;
            Ok((s, r))
        }
        match $unit {
            1 => {
                let ($s, $r) = cast::<u8>($send, $recv)?;
                let $w = 1usize;
                $body
            }
            2 => {
                let ($s, $r) = cast::<u16>($send, $recv)?;
                let $w = 2usize;
                $body
            }
            4 => {
                let ($s, $r) = cast::<u32>($send, $recv)?;
                let $w = 4usize;
                $body
            }
            8 | 16 => {
                let ($s, $r) = cast::<u64>($send, $recv)?;
                let $w = 8usize;
                $body
            }
            other => Err(internal(format!("no MPI element type of {other} bytes"))),
        }
    }};
}

/// Runs `$body` with `$s`/`$r` viewed as slices of the reduction's element type and `$op` its operation.
macro_rules! with_reduce {
    ($ty:expr, $send:expr, $recv:expr, |$s:ident, $r:ident, $op:ident| $body:expr) => {{
        fn cast<'a, T: bytemuck::Pod>(s: &'a [u8], r: &'a mut [u8]) -> Result<(&'a [T], &'a mut [T])> {
            let s = bytemuck::try_cast_slice::<u8, T>(s).map_err(|e| internal(format!("{e:?}")))?;
            let r = bytemuck::try_cast_slice_mut::<u8, T>(r).map_err(|e| internal(format!("{e:?}")))?;
            Ok((s, r))
        }
        let $op = match $ty {
            ReduceType::Bool => SystemOperation::logical_or(),
            _ => SystemOperation::sum(),
        };
        match $ty {
            ReduceType::Bool | ReduceType::U8 => {
                let ($s, $r) = cast::<u8>($send, $recv)?;
                $body
            }
            ReduceType::I8 => {
                let ($s, $r) = cast::<i8>($send, $recv)?;
                $body
            }
            ReduceType::I16 => {
                let ($s, $r) = cast::<i16>($send, $recv)?;
                $body
            }
            ReduceType::I32 => {
                let ($s, $r) = cast::<i32>($send, $recv)?;
                $body
            }
            ReduceType::I64 => {
                let ($s, $r) = cast::<i64>($send, $recv)?;
                $body
            }
            ReduceType::F32 => {
                let ($s, $r) = cast::<f32>($send, $recv)?;
                $body
            }
            ReduceType::F64 => {
                let ($s, $r) = cast::<f64>($send, $recv)?;
                $body
            }
        }
    }};
}

impl Collectives for MpiWorld {
    fn rank(&self) -> usize {
        self.rank
    }
    fn size(&self) -> usize {
        self.size
    }
    fn local_rank(&self) -> usize {
        self.local_rank
    }
    fn kind(&self) -> &'static str {
        "mpi"
    }

    fn all_gather(&self, group: &[usize], unit: usize, send: &[u8], recv: &mut [u8], counts: &[usize]) -> Result<()> {
        let me = check_group(self, group)?;
        if counts.len() != group.len() || counts[me] != send.len() || recv.len() != counts.iter().sum::<usize>() {
            return Err(internal("all_gather counts do not match the buffers".into()));
        }
        let (c, d) = partition(counts, width(unit))?;
        let even = counts.iter().all(|&x| x == counts[0]);
        self.with_comm(group, |comm| {
            with_unit!(unit, send, recv, |s, r, w| {
                let _ = w;
                if even {
                    comm.all_gather_into(s, r);
                } else {
                    let mut part = PartitionMut::new(r, &c[..], &d[..]);
                    comm.all_gather_varcount_into(s, &mut part);
                }
                Ok(())
            })
        })
    }

    fn all_to_all(
        &self,
        group: &[usize],
        unit: usize,
        send: &[u8],
        send_counts: &[usize],
        recv: &mut [u8],
        recv_counts: &[usize],
    ) -> Result<()> {
        check_group(self, group)?;
        if send_counts.len() != group.len()
            || recv_counts.len() != group.len()
            || send.len() != send_counts.iter().sum::<usize>()
            || recv.len() != recv_counts.iter().sum::<usize>()
        {
            return Err(internal("all_to_all counts do not match the buffers".into()));
        }
        let (sc, sd) = partition(send_counts, width(unit))?;
        let (rc, rd) = partition(recv_counts, width(unit))?;
        self.with_comm(group, |comm| {
            with_unit!(unit, send, recv, |s, r, w| {
                let _ = w;
                let part = Partition::new(s, &sc[..], &sd[..]);
                let mut recv_part = PartitionMut::new(r, &rc[..], &rd[..]);
                comm.all_to_all_varcount_into(&part, &mut recv_part);
                Ok(())
            })
        })
    }

    fn all_reduce(&self, group: &[usize], ty: ReduceType, send: &[u8], recv: &mut [u8]) -> Result<()> {
        if send.len() != recv.len() {
            return Err(internal("all_reduce buffers of different lengths".into()));
        }
        count(send.len(), ty.size())?;
        self.with_comm(group, |comm| {
            with_reduce!(ty, send, recv, |s, r, op| {
                comm.all_reduce_into(s, r, op);
                Ok(())
            })
        })
    }

    fn reduce_scatter(&self, group: &[usize], ty: ReduceType, send: &[u8], recv: &mut [u8]) -> Result<()> {
        if send.len() != recv.len() * group.len() {
            return Err(internal("reduce_scatter buffers of mismatched lengths".into()));
        }
        count(send.len(), ty.size())?;
        self.with_comm(group, |comm| {
            with_reduce!(ty, send, recv, |s, r, op| {
                comm.reduce_scatter_block_into(s, r, op);
                Ok(())
            })
        })
    }

    fn broadcast(&self, group: &[usize], root: usize, unit: usize, buf: &mut [u8]) -> Result<()> {
        if root >= group.len() {
            return Err(internal("broadcast root outside the group".into()));
        }
        count(buf.len(), width(unit))?;
        self.with_comm(group, |comm| {
            let root_process = comm.process_at_rank(root as mpi::Rank);
            match unit {
                2 => root_process.broadcast_into(
                    bytemuck::try_cast_slice_mut::<u8, u16>(buf).map_err(|e| internal(format!("{e:?}")))?,
                ),
                4 => root_process.broadcast_into(
                    bytemuck::try_cast_slice_mut::<u8, u32>(buf).map_err(|e| internal(format!("{e:?}")))?,
                ),
                8 | 16 => root_process.broadcast_into(
                    bytemuck::try_cast_slice_mut::<u8, u64>(buf).map_err(|e| internal(format!("{e:?}")))?,
                ),
                _ => root_process.broadcast_into(buf),
            }
            Ok(())
        })
    }

    fn abort(&self, code: i32) {
        let locked = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        match locked.0.as_ref() {
            Some(engine) => engine.world.abort(code),
            None => std::process::exit(code),
        }
    }

    fn finalize(&self) -> Result<()> {
        let mut locked = self.engine.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(mut engine) = locked.0.take() {
            // sub-communicators are freed before MPI_Finalize, which dropping the universe calls
            engine.groups.clear();
            let universe = engine.universe.take();
            drop(engine);
            drop(universe);
        }
        Ok(())
    }
}
