//! The MPI world, through rsmpi: the processes of an `mpirun` job.
//!
//! MPI is initialised on first use (with `MPI_THREAD_SERIALIZED`: every call goes through one lock) and finalised
//! by [`Collectives::finalize`], which also runs at process exit (an `atexit` handler): a process that exits without
//! finalising makes `mpirun` report a failure. Communicators for groups smaller than the world are created with
//! `MPI_Comm_create_group` (only the members take part) and cached. Buffers move as elements of their width
//! (`unit` bytes), so counts fit MPI's 32-bit counts for any tensor of fewer than 2^31 elements per rank.

use super::{check_group, internal, Collectives, World};
use crate::error::{Error, Result};
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

/// A buffer MPI may be handed: an empty Rust slice points at a dangling address such as `0x1`, which Open MPI
/// reads as `MPI_IN_PLACE` (its value is `(void *) 1`), so an empty buffer is replaced by an empty slice of real,
/// aligned memory.
struct Landing([u64; 2]);

impl Landing {
    fn new() -> Landing {
        Landing([0; 2])
    }

    fn send<'a>(&'a self, buf: &'a [u8]) -> &'a [u8] {
        if buf.is_empty() {
            &bytemuck::cast_slice(&self.0)[..0]
        } else {
            buf
        }
    }

    fn recv<'a>(&'a mut self, buf: &'a mut [u8]) -> &'a mut [u8] {
        if buf.is_empty() {
            &mut bytemuck::cast_slice_mut(&mut self.0)[..0]
        } else {
            buf
        }
    }
}

/// Runs `$body` with `$s`/`$r` viewed as slices of the unsigned integer type of width `$unit` (16-byte elements
/// move as pairs of u64), never at the dangling address of an empty slice (see [`Landing`]).
macro_rules! with_unit {
    ($unit:expr, $send:ident, $recv:ident, |$s:ident, $r:ident| $body:expr) => {{
        fn cast<'a, T: bytemuck::Pod>(s: &'a [u8], r: &'a mut [u8]) -> Result<(&'a [T], &'a mut [T])> {
            let s = bytemuck::try_cast_slice::<u8, T>(s).map_err(|e| internal(format!("{e:?}")))?;
            let r = bytemuck::try_cast_slice_mut::<u8, T>(r).map_err(|e| internal(format!("{e:?}")))?;
            Ok((s, r))
        }
        let (send_landing, mut recv_landing) = (Landing::new(), Landing::new());
        let ($send, $recv) = (send_landing.send($send), recv_landing.recv($recv));
        match $unit {
            1 => {
                let ($s, $r) = cast::<u8>($send, $recv)?;
                $body
            }
            2 => {
                let ($s, $r) = cast::<u16>($send, $recv)?;
                $body
            }
            4 => {
                let ($s, $r) = cast::<u32>($send, $recv)?;
                $body
            }
            8 | 16 => {
                let ($s, $r) = cast::<u64>($send, $recv)?;
                $body
            }
            other => Err(internal(format!("no MPI element type of {other} bytes"))),
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
            with_unit!(unit, send, recv, |s, r| {
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
            with_unit!(unit, send, recv, |s, r| {
                let part = Partition::new(s, &sc[..], &sd[..]);
                let mut recv_part = PartitionMut::new(r, &rc[..], &rd[..]);
                comm.all_to_all_varcount_into(&part, &mut recv_part);
                Ok(())
            })
        })
    }

    fn broadcast(&self, group: &[usize], root: usize, unit: usize, buf: &mut [u8]) -> Result<()> {
        if root >= group.len() {
            return Err(internal("broadcast root outside the group".into()));
        }
        count(buf.len(), width(unit))?;
        let mut landing = Landing::new();
        let buf = landing.recv(buf);
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
