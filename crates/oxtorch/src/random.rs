//! Random number generation: a seedable [`Generator`] and the process-wide default one
//! (`torch.manual_seed`). Streams are reproducible for a seed, but are not PyTorch's bit streams.

use rand::{Rng, SeedableRng};
use rand_distr::StandardNormal;
use std::sync::Mutex;

/// A seedable source of random numbers (`torch.Generator`).
#[derive(Debug, Clone)]
pub struct Generator {
    rng: rand::rngs::StdRng,
}

impl Generator {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> Generator {
        Generator { rng: rand::rngs::StdRng::seed_from_u64(seed) }
    }

    /// Re-seeds the generator (`Generator.manual_seed`).
    pub fn manual_seed(&mut self, seed: u64) {
        *self = Generator::new(seed);
    }

    /// A uniform double in `[0, 1)`.
    pub fn uniform(&mut self) -> f64 {
        self.rng.gen::<f64>()
    }

    /// A standard normal double.
    pub fn normal(&mut self) -> f64 {
        self.rng.sample(StandardNormal)
    }

    /// A uniform integer in `[low, high)`; the caller guarantees `low < high`.
    pub fn integer(&mut self, low: i64, high: i64) -> i64 {
        self.rng.gen_range(low..high)
    }
}

static DEFAULT_GENERATOR: Mutex<Option<Generator>> = Mutex::new(None);

/// Runs `f` with the process-wide default generator (seeded with 0 until [`manual_seed`] is called).
pub fn with_default_generator<R>(f: impl FnOnce(&mut Generator) -> R) -> R {
    let mut guard = DEFAULT_GENERATOR.lock().unwrap_or_else(|e| e.into_inner());
    f(guard.get_or_insert_with(|| Generator::new(0)))
}

/// Seeds the process-wide default generator (`torch.manual_seed`).
pub fn manual_seed(seed: u64) {
    with_default_generator(|g| g.manual_seed(seed));
}
