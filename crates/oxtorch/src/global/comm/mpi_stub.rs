//! Stand-in for the MPI world when oxtorch is built without the `mpi` feature: the same API, and a process is
//! never treated as part of an MPI job (it is a world of one rank).

use super::World;
use crate::error::{Error, Result};

/// Always false without the `mpi` feature: the process runs as a world of one rank.
pub fn launched_by_mpi() -> bool {
    false
}

/// The MPI world (not available in this build).
#[derive(Debug)]
pub struct MpiWorld;

impl MpiWorld {
    /// Fails: this build has no MPI engine.
    pub fn init() -> Result<World> {
        Err(Error::Runtime(
            "oxtorch was built without MPI support (the `mpi` cargo feature): global tensors span one process".into(),
        ))
    }
}
