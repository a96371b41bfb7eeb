//! The per-call context generated code writes its errors into and allocates through, and the
//! helper functions generated code calls (allocation, half-precision conversion, math).
//!
//! Every helper is `extern "C"` and never unwinds: a failure is reported through its return
//! value and the context.

use super::alloc::{alloc_bytes, free_bytes};
use super::trap::TrapKind;

thread_local! {
    /// Set when a host function panicked during the current call on this thread; the engine
    /// reports it after the call, and a parallel loop carries it from its workers to the caller.
    pub(crate) static HOST_PANICKED: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// State of one call into compiled code. Generated code stores a trap's kind and site at the
/// offsets [`CallCtx::KIND`] and [`CallCtx::SITE`].
#[repr(C)]
#[derive(Debug)]
pub struct CallCtx {
    /// The [`TrapKind`] code, 0 when no error.
    pub trap_kind: i32,
    /// Index of the faulting operation in the module's site table.
    pub trap_site: i32,
    /// The lowest stack address generated code may use on this thread: every function checks
    /// its stack pointer against it on entry and stops with [`TrapKind::StackOverflow`] below
    /// it, so deep recursion is an error, not a crash (0: no limit known).
    pub stack_limit: usize,
    /// The flag that stops the call (read by generated code at loop back-edges).
    pub interrupt: *const std::sync::atomic::AtomicBool,
    /// Buffers allocated during the call and not yet freed: the ones not returned are freed
    /// when the call ends, so a call never leaks.
    pub allocations: Vec<*mut u8>,
    /// Buffers `dealloc`ed with bounds checks on, kept (not reused) until the call ends, so a
    /// memref used after its `dealloc` still reads its own old memory, never another buffer's
    /// (oldest first; beyond [`CallCtx::QUARANTINE_BYTES`] the oldest are really freed).
    pub quarantine: std::collections::VecDeque<*mut u8>,
    /// Bytes in `quarantine`.
    pub quarantined_bytes: usize,
    /// The thread pool parallel loops run on (null: run them on the calling thread). The pool
    /// outlives the call: the caller holds it.
    pub pool: *const rayon::ThreadPool,
}

impl Default for CallCtx {
    fn default() -> CallCtx {
        CallCtx::with_pool(None)
    }
}

impl CallCtx {
    /// Offset of `trap_kind`.
    pub const KIND: i32 = 0;
    /// Offset of `trap_site`.
    pub const SITE: i32 = 4;
    /// Offset of `stack_limit`.
    pub const STACK_LIMIT: i32 = 8;
    /// Offset of `interrupt`.
    pub const INTERRUPT: i32 = 16;

    /// Freed bytes a checked call keeps from reuse.
    pub const QUARANTINE_BYTES: usize = 256 << 20;

    /// Stack kept free below the limit for what generated code calls (runtime helpers, host
    /// functions) and for returning the error (at most half of what is left).
    const STACK_RESERVE: usize = 256 * 1024;

    /// A fresh context.
    pub fn new() -> CallCtx {
        CallCtx::default()
    }

    /// A fresh context whose parallel loops run on `pool`.
    pub fn with_pool(pool: Option<&rayon::ThreadPool>) -> CallCtx {
        CallCtx::for_call(pool, &super::interrupt::NEVER)
    }

    /// A fresh context whose parallel loops run on `pool` and that `interrupt` stops.
    #[inline]
    pub fn for_call(pool: Option<&rayon::ThreadPool>, interrupt: *const std::sync::atomic::AtomicBool) -> CallCtx {
        CallCtx {
            trap_kind: 0,
            trap_site: 0,
            stack_limit: Self::stack_limit_here(),
            interrupt,
            allocations: Vec::new(),
            quarantine: std::collections::VecDeque::new(),
            quarantined_bytes: 0,
            pool: pool.map_or(std::ptr::null(), |p| p as *const _),
        }
    }

    /// The stack limit for code called from this thread: the end of its stack (as the OS
    /// reports it) plus a reserve.
    fn stack_limit_here() -> usize {
        let here = 0u8;
        let sp = std::ptr::addr_of!(here) as usize;
        match stacker::remaining_stack() {
            // On a small stack, half of what is left is kept in reserve.
            Some(left) => sp.saturating_sub(left) + Self::STACK_RESERVE.min(left / 2),
            None => 0,
        }
    }

    /// The trap recorded by generated code, if any.
    pub fn trap(&self) -> Option<(TrapKind, usize)> {
        TrapKind::from_code(self.trap_kind).map(|k| (k, self.trap_site.max(0) as usize))
    }

    /// Remove `p` from the live allocations, handing its ownership to the caller.
    pub fn take_allocation(&mut self, p: *mut u8) -> bool {
        match self.allocations.iter().position(|&q| q == p) {
            Some(i) => {
                self.allocations.swap_remove(i);
                true
            }
            None => false,
        }
    }
}

impl Drop for CallCtx {
    fn drop(&mut self) {
        // Most calls allocate nothing: their drop is two length checks.
        for p in self.allocations.drain(..) {
            // SAFETY: every entry came from `alloc_bytes` and was not freed (dealloc removes it).
            unsafe { free_bytes(p) }
        }
        if !self.quarantine.is_empty() {
            for p in self.quarantine.drain(..) {
                // SAFETY: quarantined buffers came from `alloc_bytes` and were not freed.
                unsafe { free_bytes(p) }
            }
        }
    }
}

const _: () = {
    assert!(std::mem::offset_of!(CallCtx, trap_kind) == CallCtx::KIND as usize);
    assert!(std::mem::offset_of!(CallCtx, trap_site) == CallCtx::SITE as usize);
    assert!(std::mem::offset_of!(CallCtx, stack_limit) == CallCtx::STACK_LIMIT as usize);
    assert!(std::mem::offset_of!(CallCtx, interrupt) == CallCtx::INTERRUPT as usize);
};

/// `alloc`: a zeroed buffer of `bytes` bytes, recorded in the call; null on failure.
///
/// # Safety
/// `ctx` must be the context of the running call.
pub unsafe extern "C" fn strata_alloc(ctx: *mut CallCtx, bytes: i64) -> *mut u8 {
    let Ok(n) = usize::try_from(bytes) else { return std::ptr::null_mut() };
    let p = alloc_bytes(n);
    if !p.is_null() {
        // SAFETY: generated code passes the context of the running call.
        unsafe { (*ctx).allocations.push(p) };
    }
    p
}

/// `dealloc`: 0 on success, the [`TrapKind::InvalidDealloc`] code when `p` is not a live
/// allocation of this call.
///
/// # Safety
/// `ctx` must be the context of the running call.
pub unsafe extern "C" fn strata_free(ctx: *mut CallCtx, p: *mut u8) -> i32 {
    // SAFETY: generated code passes the context of the running call.
    let ctx = unsafe { &mut *ctx };
    if ctx.take_allocation(p) {
        // SAFETY: `p` came from `alloc_bytes` and was live.
        unsafe { free_bytes(p) };
        0
    } else {
        TrapKind::InvalidDealloc as i32
    }
}

/// `dealloc` with bounds checks: as [`strata_free`], but the memory is kept from reuse until
/// the call ends (up to [`CallCtx::QUARANTINE_BYTES`]).
///
/// # Safety
/// `ctx` must be the context of the running call.
pub unsafe extern "C" fn strata_free_checked(ctx: *mut CallCtx, p: *mut u8) -> i32 {
    // SAFETY: generated code passes the context of the running call.
    let ctx = unsafe { &mut *ctx };
    if !ctx.take_allocation(p) {
        return TrapKind::InvalidDealloc as i32;
    }
    // SAFETY: `p` came from `alloc_bytes` and was live.
    ctx.quarantined_bytes += unsafe { super::alloc::size_of_buffer(p) };
    ctx.quarantine.push_back(p);
    while ctx.quarantined_bytes > CallCtx::QUARANTINE_BYTES
        && let Some(old) = ctx.quarantine.pop_front()
    {
        // SAFETY: quarantined buffers came from `alloc_bytes` and are freed once, here.
        unsafe {
            ctx.quarantined_bytes -= super::alloc::size_of_buffer(old);
            free_bytes(old);
        }
    }
    0
}

/// Copy `bytes` bytes (the regions may overlap).
///
/// # Safety
/// Both pointers must be valid for `bytes` bytes.
pub unsafe extern "C" fn strata_copy(dst: *mut u8, src: *const u8, bytes: i64) {
    if bytes > 0 {
        // SAFETY: generated code passes in-bounds buffers of at least `bytes` bytes.
        unsafe { std::ptr::copy(src, dst, bytes as usize) }
    }
}

/// Where a DMA copy's elements lie: the buffer (its element at flat index 0), its number of
/// elements, and the flat index the copy starts at.
#[repr(C)]
pub struct DmaSide {
    /// The element at flat index 0.
    pub base: *mut u8,
    /// Elements the buffer holds from `base`.
    pub len: i64,
    /// The flat index of the first element copied.
    pub at: i64,
}

/// `dma_start`'s copy of `n` elements of `eb` bytes: contiguous when `per` is 0, else `per`
/// elements at a time, the source advancing `stride` elements per chunk. Every element read and
/// written is checked to lie inside its buffer first: 0 when copied, 1 when a range leaves its
/// buffer (nothing is copied), 2 when `per` is not positive.
///
/// # Safety
/// `src` and `dst` must point to valid `DmaSide`s whose `base` and `len` describe live buffers.
pub unsafe extern "C" fn strata_dma_copy(
    src: *const DmaSide,
    dst: *const DmaSide,
    n: i64,
    eb: i64,
    stride: i64,
    per: i64,
) -> i32 {
    // SAFETY: generated code passes two `DmaSide`s in its frame.
    let (s, d) = unsafe { (&*src, &*dst) };
    let inside = |side: &DmaSide, first: i128, count: i128| {
        count == 0 || (first >= 0 && count >= 0 && first + count <= i128::from(side.len))
    };
    let (n, eb) = (i128::from(n), i128::from(eb));
    if n < 0 {
        return 1;
    }
    if per == 0 && stride == 0 {
        if !inside(s, i128::from(s.at), n) || !inside(d, i128::from(d.at), n) {
            return 1;
        }
        // SAFETY: both ranges were checked to lie inside their buffers.
        unsafe {
            std::ptr::copy(
                s.base.add((s.at as usize) * eb as usize),
                d.base.add((d.at as usize) * eb as usize),
                (n * eb) as usize,
            )
        };
        return 0;
    }
    if per <= 0 {
        return 2;
    }
    let (per, stride) = (i128::from(per), i128::from(stride));
    let chunks = n / per;
    if chunks == 0 {
        return 0;
    }
    // The chunks' sources run from `at` to `at + (chunks - 1) * stride`, each `per` long.
    let last = i128::from(s.at) + (chunks - 1) * stride;
    let lowest = i128::from(s.at).min(last);
    let span = i128::from(s.at).max(last) - lowest + per;
    if !inside(s, lowest, span) || !inside(d, i128::from(d.at), chunks * per) {
        return 1;
    }
    for k in 0..chunks {
        let from = (i128::from(s.at) + k * stride) * eb;
        let to = (i128::from(d.at) + k * per) * eb;
        // SAFETY: every chunk lies inside the ranges checked above.
        unsafe { std::ptr::copy(s.base.add(from as usize), d.base.add(to as usize), (per * eb) as usize) };
    }
    0
}

/// Round an `f32` to `f16` (to nearest, ties to even); the bits.
pub extern "C" fn strata_f32_to_f16(x: f32) -> i32 {
    i32::from(half::f16::from_f32(x).to_bits())
}
/// Round an `f64` to `f16` once (no double rounding through `f32`).
pub extern "C" fn strata_f64_to_f16(x: f64) -> i32 {
    i32::from(half::f16::from_f64(x).to_bits())
}
/// The `f32` value of `f16` bits.
pub extern "C" fn strata_f16_to_f32(bits: i32) -> f32 {
    half::f16::from_bits(bits as u16).to_f32()
}
/// Round an `f32` to `bf16`; the bits.
pub extern "C" fn strata_f32_to_bf16(x: f32) -> i32 {
    i32::from(half::bf16::from_f32(x).to_bits())
}
/// Round an `f64` to `bf16` once.
pub extern "C" fn strata_f64_to_bf16(x: f64) -> i32 {
    i32::from(half::bf16::from_f64(x).to_bits())
}
/// The `f32` value of `bf16` bits.
pub extern "C" fn strata_bf16_to_f32(bits: i32) -> f32 {
    half::bf16::from_bits(bits as u16).to_f32()
}

macro_rules! math {
    ($($name:ident: $t:ty => $e:expr;)*) => {
        $(
            #[doc = concat!("`", stringify!($name), "` for generated code.")]
            pub extern "C" fn $name(x: $t) -> $t {
                let f: fn($t) -> $t = $e;
                f(x)
            }
        )*
    };
}

math! {
    strata_expf: f32 => f32::exp;
    strata_exp: f64 => f64::exp;
    strata_logf: f32 => f32::ln;
    strata_log: f64 => f64::ln;
    strata_sinf: f32 => f32::sin;
    strata_sin: f64 => f64::sin;
    strata_cosf: f32 => f32::cos;
    strata_cos: f64 => f64::cos;
    strata_tanhf: f32 => f32::tanh;
    strata_tanh: f64 => f64::tanh;
}

/// `remf` on `f32` (C's `fmod`).
pub extern "C" fn strata_fmodf(a: f32, b: f32) -> f32 {
    a % b
}
/// `remf` on `f64` (C's `fmod`).
pub extern "C" fn strata_fmod(a: f64, b: f64) -> f64 {
    a % b
}
