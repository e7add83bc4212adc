//! libFuzzer target over the safetensors loader (`oxtorch::safetensors`): the input bytes are read as a file's
//! contents, both from memory (`load`) and from a file on disk (`load_file`, the memory-mapped path). Every call
//! must return `Ok` or `Err`; a panic or an out-of-bounds access (AddressSanitizer) is a crash. What loads is
//! read back in full (every element of every tensor) and written again, and the written bytes must load to the
//! same names, dtypes and sizes (in the writer's order, which can differ from the file's), and save to the same
//! bytes again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use oxtorch::safetensors;
use oxtorch::{Device, Tensor};
use std::io::Write;
use std::sync::OnceLock;

/// The file each input is written to (in memory-backed `/dev/shm` where there is one).
fn scratch() -> &'static std::path::Path {
    static PATH: OnceLock<std::path::PathBuf> = OnceLock::new();
    PATH.get_or_init(|| {
        let dir = std::path::Path::new("/dev/shm");
        let dir = if dir.is_dir() { dir.to_path_buf() } else { std::env::temp_dir() };
        dir.join(format!("oxtorch-fuzz-safetensors-{}.bin", std::process::id()))
    })
}

/// Every element of every tensor, read through the public API; the tensors written again must load back equal.
fn exercise(tensors: &[(String, Tensor)]) {
    for (_, t) in tensors {
        let _ = t.to_scalars().expect("a loaded tensor can be read");
    }
    let bytes = safetensors::save(tensors.iter().map(|(k, v)| (k.clone(), v)), None).expect("loaded tensors save");
    let again = safetensors::load(&bytes).expect("saved tensors load");
    // compared by name: the writer orders tensors by the format's rule (larger dtypes first, then names), so a
    // file whose tensors lay in another order loads again in the writer's order
    let by_name = |ts: &[(String, Tensor)]| {
        let mut v: Vec<_> = ts.iter().map(|(k, t)| (k.clone(), t.dtype(), t.sizes().to_vec())).collect();
        v.sort();
        v
    };
    assert_eq!(by_name(tensors), by_name(&again));
    // and the values, bit for bit: what loaded again saves to the same bytes
    let twice = safetensors::save(again.iter().map(|(k, v)| (k.clone(), v)), None).expect("reloaded tensors save");
    assert!(twice == bytes, "re-saving the reloaded tensors changed the bytes");
}

fuzz_target!(|data: &[u8]| {
    // tensors of more than 2^20 elements are not read back (the run explores the format, not the bandwidth)
    let small = |ts: &[(String, Tensor)]| ts.iter().all(|(_, t)| t.numel() <= 1 << 20);
    if let Ok(tensors) = safetensors::load(data) {
        if small(&tensors) {
            exercise(&tensors);
        }
    }
    let path = scratch();
    if let Ok(mut f) = std::fs::File::create(path) {
        if f.write_all(data).is_ok() {
            drop(f);
            if let Ok(tensors) = safetensors::load_file(path, Device::cpu()) {
                if small(&tensors) {
                    exercise(&tensors);
                }
            }
            let _ = safetensors::load_metadata(path);
        }
    }
});
