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

/// A zeroed buffer of `bytes` bytes, aligned to [`ALIGN`]; null if the size is unrepresentable
/// or memory is exhausted.
pub fn alloc_bytes(bytes: usize) -> *mut u8 {
    let Some(l) = layout(bytes) else { return std::ptr::null_mut() };
    // SAFETY: the layout has a non-zero size (it includes the header).
    let base = unsafe { alloc_zeroed(l) };
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
        if let Some(l) = layout(bytes) {
            dealloc(base, l);
        }
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
