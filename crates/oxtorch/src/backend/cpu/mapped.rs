//! Files mapped into memory copy-on-write, as the storages of the tensors loaded from them (`load_file` of the
//! safetensors format): loading reads no tensor byte, a tensor's pages are read from the file when first used, and
//! a write to a tensor copies only the pages it touches into this process's memory. The file never changes.
//!
//! The one `unsafe` block that maps the file is here; the tensors' buffers are [`ExternalBuffer`]s over regions of
//! the map, which keep it alive.

use super::buffer::CpuBuffer;
use super::external::ExternalBuffer;
use crate::dtype::DType;
use crate::error::{Error, Result};
use memmap2::{MmapMut, MmapOptions};
use std::fs::File;
use std::sync::Arc;

/// A whole file mapped privately (copy-on-write), held by one owner until its regions become buffers.
pub(crate) struct MappedFile {
    map: MmapMut,
}

/// The bytes of one tensor in a mapped file: `len` bytes from `start`, read as `dtype` elements.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Region {
    /// Offset of the first byte in the file.
    pub start: usize,
    /// Number of bytes (a multiple of the dtype's itemsize).
    pub len: usize,
    /// The element type.
    pub dtype: DType,
}

/// Keeps the map alive for the buffers over it; never reads it (the buffers are the only way to its memory).
struct MapOwner(#[allow(dead_code)] MmapMut);

impl MappedFile {
    /// Maps all of `file` copy-on-write.
    pub(crate) fn map(file: &File) -> std::io::Result<MappedFile> {
        // SAFETY: a private mapping: writes through it go to this process's own copies of the pages, never to the
        // file. memmap2's remaining contract is that nobody changes or truncates the file while it is mapped. As
        // with every loader that maps a file (the safetensors package's own, PyTorch's
        // `UntypedStorage.from_file`), a file truncated meanwhile makes a later access fault (SIGBUS) and one
        // rewritten in place shows its new bytes in the pages not yet written here; oxtorch's own `save_file`
        // writes a new file and renames it over the old one, so it never changes a mapped file.
        let map = unsafe { MmapOptions::new().map_copy(file)? };
        Ok(MappedFile { map })
    }

    /// The file's bytes (to read its header before the tensors' buffers exist).
    pub(crate) fn bytes(&self) -> &[u8] {
        &self.map
    }

    /// One buffer per region, in order, consuming the map. A region is shared with the map (no copy) when its
    /// first byte is aligned for its element type and, for bools, every byte is 0 or 1 (Rust's `bool` has no
    /// other values); otherwise its elements are copied out (a bool is then true for any nonzero byte, as PyTorch
    /// reads it). Regions must lie within the file and not overlap.
    pub(crate) fn into_buffers(self, regions: &[Region]) -> Result<Vec<CpuBuffer>> {
        check_disjoint(regions, self.map.len())?;
        let base = self.map.as_ptr() as usize;
        // first, while the map has one owner: copy the regions that cannot be shared
        let mut copies: Vec<Option<CpuBuffer>> = regions
            .iter()
            .map(|r| {
                let bytes = &self.map[r.start..r.start + r.len];
                let aligned = (base + r.start).is_multiple_of(r.dtype.itemsize().min(8));
                let valid = r.dtype != DType::Bool || bytes.iter().all(|&b| b <= 1);
                (r.len == 0 || !aligned || !valid).then(|| CpuBuffer::from_le_bytes(r.dtype, bytes))
            })
            .collect();
        let mut map = self.map;
        let base = map.as_mut_ptr();
        let owner = Arc::new(MapOwner(map));
        regions
            .iter()
            .zip(copies.iter_mut())
            .map(|(r, copy)| match copy.take() {
                Some(buffer) => Ok(buffer),
                None => {
                    // SAFETY: `base + start .. base + start + len` lies within the map (`check_disjoint`), which
                    // `owner` keeps mapped and readable and writable (a private mapping) for as long as the buffer
                    // lives; the start is aligned for the element type and, for bools, every byte is 0 or 1
                    // (checked above); regions do not overlap, and nothing else reads or writes the map once it
                    // is owned by `MapOwner`, so each buffer's memory is reached only through that buffer.
                    let ptr = unsafe { base.add(r.start) };
                    let count = r.len / r.dtype.itemsize();
                    let owner: Box<dyn Send + Sync> = Box::new(owner.clone());
                    // SAFETY: as above.
                    unsafe { ExternalBuffer::new(ptr, count, r.dtype, owner) }
                        .map(CpuBuffer::External)
                        .ok_or_else(|| Error::Runtime("internal error: a mapped region is not aligned".into()))
                }
            })
            .collect()
    }
}

/// Checks that every region lies within `file_len` bytes and that no two overlap.
fn check_disjoint(regions: &[Region], file_len: usize) -> Result<()> {
    let mut spans: Vec<(usize, usize)> = Vec::with_capacity(regions.len());
    for r in regions {
        let end = r.start.checked_add(r.len).filter(|&e| e <= file_len);
        match end {
            Some(end) if r.len.is_multiple_of(r.dtype.itemsize()) => {
                if r.len > 0 {
                    spans.push((r.start, end));
                }
            }
            _ => return Err(Error::Runtime("internal error: a mapped region lies outside the file".into())),
        }
    }
    // sorted by start, two non-empty spans overlap only if some span overlaps the next one
    spans.sort_unstable();
    if spans.windows(2).any(|w| w[1].0 < w[0].1) {
        return Err(Error::Runtime("internal error: mapped regions overlap".into()));
    }
    Ok(())
}
