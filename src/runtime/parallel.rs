//! Parallel loops: generated code hands the runtime an outlined loop body and its captured
//! values, and the runtime runs ranges of iterations on the call's thread pool.
//!
//! Each range runs with its own [`CallCtx`] (its allocations are its own and are freed when it
//! ends). The first range that fails stops the others from starting; its error becomes the
//! loop's (tir-spec.md, For kParallel: "execution will not proceed past the For statement").

use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

use rayon::prelude::*;

use super::call::CallCtx;

/// An outlined loop body: runs iterations `[lo, hi)` with the captured values at `env`;
/// returns 0, or a non-zero status with the trap recorded in the context.
pub type LoopBody = unsafe extern "C" fn(ctx: *mut CallCtx, env: *const u8, lo: i64, hi: i64) -> i32;

/// Pointers shared with worker threads; the call they belong to outlives the loop.
#[derive(Clone, Copy)]
struct Shared {
    body: LoopBody,
    env: *const u8,
    pool: *const rayon::ThreadPool,
    interrupt: *const std::sync::atomic::AtomicBool,
}
// SAFETY: the body is reentrant machine code, the environment is read-only while the loop runs,
// and the pool is `Sync`; the calling thread waits for every worker before returning.
unsafe impl Send for Shared {}
// SAFETY: as above.
unsafe impl Sync for Shared {}

/// Run `body` for every iteration of `[lo, hi)`, in parallel ranges on the context's pool.
///
/// # Safety
/// `ctx` must be the context of the running call, `body` an outlined loop body and `env` its
/// captured values, valid until this returns.
pub unsafe extern "C" fn strata_parallel_for(
    ctx: *mut CallCtx,
    body: LoopBody,
    env: *const u8,
    lo: i64,
    hi: i64,
) -> i32 {
    if hi <= lo {
        return 0;
    }
    // SAFETY: generated code passes the context of the running call.
    let parent = unsafe { &mut *ctx };
    // SAFETY: the pool pointer comes from the caller, who holds the pool for the call.
    let pool = unsafe { parent.pool.as_ref() };
    let Some(pool) = pool.filter(|p| p.current_num_threads() > 1 && i128::from(hi) - i128::from(lo) > 1) else {
        // SAFETY: by this function's contract.
        return unsafe { body(ctx, env, lo, hi) };
    };
    // In i128: `hi - lo` and its multiples overflow i64 for loops of 2^60 and more iterations
    // (a panic here, inside generated code's call, aborts the process).
    let n = i128::from(hi) - i128::from(lo);
    // A few ranges per thread balance uneven iterations without much scheduling.
    let ranges = (pool.current_num_threads() as i128 * 4).min(n);
    // The start of range `r` (from 0 to `ranges`): within `[lo, hi]`, so it fits an i64.
    let start = |r: i128| (i128::from(lo) + n * r / ranges) as i64;
    let shared = Shared { body, env, pool: parent.pool, interrupt: parent.interrupt };
    let stop = AtomicBool::new(false);
    let host_panicked = AtomicBool::new(false);
    let failure: Mutex<Option<(i32, i32, i32)>> = Mutex::new(None);
    pool.install(|| {
        (0..ranges).into_par_iter().for_each(|r| {
            if stop.load(Ordering::Relaxed) {
                return;
            }
            let s = shared;
            let (a, b) = (start(r), start(r + 1));
            // SAFETY: the pool outlives the loop (see `Shared`).
            let mut cx = CallCtx::for_call(unsafe { s.pool.as_ref() }, s.interrupt);
            // SAFETY: the body and environment are valid while the loop runs (see `Shared`).
            let status = unsafe { (s.body)(&mut cx, s.env, a, b) };
            // A host function that panicked on this worker: the caller reports it.
            if super::call::HOST_PANICKED.with(|p| p.replace(false)) {
                host_panicked.store(true, Ordering::Relaxed);
                stop.store(true, Ordering::Relaxed);
            }
            if status != 0 {
                stop.store(true, Ordering::Relaxed);
                if let Ok(mut f) = failure.lock()
                    && f.is_none()
                {
                    *f = Some((status, cx.trap_kind, cx.trap_site));
                }
            }
        });
    });
    if host_panicked.into_inner() {
        super::call::HOST_PANICKED.with(|p| p.set(true));
    }
    match failure.into_inner().ok().flatten() {
        Some((status, kind, site)) => {
            parent.trap_kind = kind;
            parent.trap_site = site;
            status
        }
        None => 0,
    }
}
