//! Aligned buffers shared by generated code (`alloc`) and owned tensors, so a buffer allocated
//! inside a call can become a caller's `Tensor` without a copy.

use std::alloc::{Layout, alloc_zeroed, dealloc};

/// Alignment of every buffer (a cache line; more than any SIMD access needs).
pub const ALIGN: usize = 64;

/// The header in front of each buffer records its size, so freeing needs only the pointer.
const HEADER: usize = ALIGN;

fn layout(bytes: usize) -> Option<Layout> {
    Layout::from_size_align(bytes.checked_add(HEADER)?, ALIGN).ok()
}

/// Buffers of at least this many bytes (header included) are mapped from the OS and unmapped
/// when freed. From the heap, glibc's malloc raises its own mapping threshold after the first
/// such free, and large buffers freed between long-lived small allocations left holes it never
/// returned: a tuning run (tensors and kernel buffers allocated and freed per candidate) grew
/// by 3-4 MB a second, to 800 MB in three minutes of conv2d.
const MAPPED: usize = 256 * 1024;

/// Mapped buffers up to this size are populated when mapped (see [`map`]).
#[cfg(unix)]
const POPULATED: usize = 1 << 30;

/// A zeroed buffer of `bytes` bytes, aligned to [`ALIGN`]; null if the size is unrepresentable
/// or memory is exhausted.
pub fn alloc_bytes(bytes: usize) -> *mut u8 {
    let Some(l) = layout(bytes) else { return std::ptr::null_mut() };
    let base = if l.size() >= MAPPED {
        spare::take(l.size()).unwrap_or_else(|| map(l.size()))
    } else {
        // SAFETY: the layout has a non-zero size (it includes the header).
        unsafe { alloc_zeroed(l) }
    };
    if base.is_null() {
        return base;
    }
    // SAFETY: the header is inside the allocation and aligned for usize.
    unsafe {
        base.cast::<usize>().write(bytes);
        base.add(HEADER)
    }
}

/// Free a buffer of [`alloc_bytes`].
///
/// # Safety
/// `p` must come from [`alloc_bytes`] and not have been freed.
pub unsafe fn free_bytes(p: *mut u8) {
    if p.is_null() {
        return;
    }
    // SAFETY: by the contract, the header precedes `p` and holds the size given at allocation.
    unsafe {
        let base = p.sub(HEADER);
        let bytes = base.cast::<usize>().read();
        match layout(bytes) {
            Some(l) if l.size() >= MAPPED && !spare::keep(base, l.size()) => unmap(base, l.size()),
            // Kept for this thread's next buffer of its size.
            Some(l) if l.size() >= MAPPED => {}
            Some(l) => dealloc(base, l),
            None => {}
        }
    }
}

/// The mappings a thread freed last, kept for its next allocations of the same size: a kernel
/// that allocates a large buffer per call would otherwise fault in fresh pages every call (400
/// faults, 10% of a 12 ms conv2d with its padding and accumulator buffers). Bounded per thread,
/// unmapped when the thread ends.
mod spare {
    use std::cell::RefCell;

    /// At most this many bytes and mappings kept per thread.
    const BYTES: usize = 32 << 20;
    const COUNT: usize = 8;

    struct Spares(Vec<(*mut u8, usize)>);

    impl Drop for Spares {
        fn drop(&mut self) {
            for &(p, size) in &self.0 {
                // SAFETY: kept mappings are live and owned by this list alone.
                unsafe { super::unmap(p, size) };
            }
        }
    }

    thread_local! {
        static SPARES: RefCell<Spares> = const { RefCell::new(Spares(Vec::new())) };
    }

    /// A kept mapping of exactly `size` bytes, zeroed.
    pub(super) fn take(size: usize) -> Option<*mut u8> {
        let p = SPARES
            .try_with(|s| {
                let mut s = s.try_borrow_mut().ok()?;
                let k = s.0.iter().position(|&(_, n)| n == size)?;
                Some(s.0.swap_remove(k).0)
            })
            .ok()
            .flatten()?;
        // SAFETY: the mapping is live, `size` bytes long, and now owned by the caller.
        unsafe { std::ptr::write_bytes(p, 0, size) };
        Some(p)
    }

    /// Keep a freed mapping (`false`: the list is full, the caller unmaps it).
    pub(super) fn keep(p: *mut u8, size: usize) -> bool {
        SPARES
            .try_with(|s| {
                let Ok(mut s) = s.try_borrow_mut() else { return false };
                let held: usize = s.0.iter().map(|&(_, n)| n).sum();
                if s.0.len() >= COUNT || held + size > BYTES {
                    return false;
                }
                s.0.push((p, size));
                true
            })
            .unwrap_or(false)
    }
}

/// `size` zeroed bytes mapped from the OS (page-aligned, so aligned to [`ALIGN`]); null if
/// refused.
#[cfg(unix)]
fn map(size: usize) -> *mut u8 {
    // Populated: pages never written would all read the kernel's one shared zero page, and a
    // kernel reading such a buffer (an input of `zeros(..)`) ran at half speed (naive matmul
    // 512: 64 ms against 34 ms with the same zeros written), the CPU's L1 cache holding that
    // one physical line under many virtual addresses. Populating costs what the first writes
    // would. Not above `POPULATED`: a huge buffer a kernel never fills stays free until used
    // (and populating one larger than memory would wake the OOM killer).
    let populate = if size <= POPULATED { libc::MAP_POPULATE } else { 0 };
    // SAFETY: an anonymous private mapping at an address the kernel picks touches nothing else.
    let p = unsafe {
        libc::mmap(
            std::ptr::null_mut(),
            size,
            libc::PROT_READ | libc::PROT_WRITE,
            libc::MAP_PRIVATE | libc::MAP_ANONYMOUS | populate,
            -1,
            0,
        )
    };
    if p == libc::MAP_FAILED { std::ptr::null_mut() } else { p.cast() }
}

/// Unmap a buffer of [`map`].
///
/// # Safety
/// `base` and `size` must be those of a live mapping of [`map`].
#[cfg(unix)]
unsafe fn unmap(base: *mut u8, size: usize) {
    // SAFETY: by the contract. A failure (it cannot fail for a whole mapping) leaks it.
    unsafe { libc::munmap(base.cast(), size) };
}

#[cfg(not(unix))]
fn map(size: usize) -> *mut u8 {
    // SAFETY: the size is non-zero, aligned as `layout` makes it.
    Layout::from_size_align(size, ALIGN).map_or(std::ptr::null_mut(), |l| unsafe { alloc_zeroed(l) })
}

#[cfg(not(unix))]
unsafe fn unmap(base: *mut u8, size: usize) {
    if let Ok(l) = Layout::from_size_align(size, ALIGN) {
        // SAFETY: by the contract, `base` came from `map` with this layout.
        unsafe { dealloc(base, l) }
    }
}

/// The size given to [`alloc_bytes`].
///
/// # Safety
/// `p` must come from [`alloc_bytes`] and not have been freed.
pub unsafe fn size_of_buffer(p: *const u8) -> usize {
    // SAFETY: as for `free_bytes`.
    unsafe { p.sub(HEADER).cast::<usize>().read() }
}

#[cfg(test)]
mod tests {
    use super::{ALIGN, MAPPED, alloc_bytes, free_bytes, size_of_buffer};

    /// Small buffers come from the heap, large ones are mapped: both zeroed, aligned, sized and
    /// freed the same way.
    #[test]
    fn small_and_mapped_buffers_are_zeroed_aligned_and_freed() {
        for bytes in [1, 100, MAPPED - 2 * ALIGN, MAPPED - ALIGN, MAPPED, 3 * MAPPED + 5] {
            let p = alloc_bytes(bytes);
            assert!(!p.is_null() && (p as usize).is_multiple_of(ALIGN), "{bytes}");
            // SAFETY: `p` holds `bytes` bytes, freed once below.
            unsafe {
                assert_eq!(size_of_buffer(p), bytes);
                let s = std::slice::from_raw_parts_mut(p, bytes);
                assert!(s.iter().all(|&b| b == 0), "{bytes}");
                s.fill(7);
                free_bytes(p);
            }
        }
        // A freed mapping is reused for the next buffer of its size, zeroed again.
        let p = alloc_bytes(MAPPED);
        // SAFETY: as above.
        unsafe {
            std::slice::from_raw_parts_mut(p, MAPPED).fill(9);
            free_bytes(p);
        }
        let q = alloc_bytes(MAPPED);
        assert_eq!(q, p, "the kept mapping");
        // SAFETY: as above.
        unsafe {
            assert!(std::slice::from_raw_parts(q, MAPPED).iter().all(|&b| b == 0));
            free_bytes(q);
        }
        // A size that cannot be represented is refused, not mapped.
        assert!(alloc_bytes(usize::MAX - 8).is_null());
    }

    /// A mapped buffer's pages are resident from the start (not the shared zero page a read of
    /// an untouched page maps, which halved the speed of kernels reading `zeros(..)` inputs).
    #[cfg(unix)]
    #[test]
    fn mapped_buffers_are_resident_before_they_are_written() {
        let bytes = 4 * MAPPED;
        let p = alloc_bytes(bytes);
        assert!(!p.is_null());
        let page = 4096;
        let start = (p as usize) & !(page - 1);
        let pages = (p as usize + bytes - start).div_ceil(page);
        let mut resident = vec![0u8; pages];
        // SAFETY: the range lies in the buffer's mapping (whole pages of it); `resident` holds one
        // byte per page. `p` is freed once below.
        unsafe {
            assert_eq!(libc::mincore(start as *mut libc::c_void, pages * page, resident.as_mut_ptr()), 0);
            free_bytes(p);
        }
        assert!(resident.iter().all(|&r| r & 1 == 1), "{resident:?}");
    }
}
