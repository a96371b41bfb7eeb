//! Stopping a running kernel: an [`Interrupt`] handle, shared by an engine and everything it
//! compiled. Generated code polls it at every loop back-edge (a branch to an earlier block,
//! and the latch of every counted loop), so a set flag ends the call with
//! [`TrapKind::Interrupted`](super::TrapKind::Interrupted) within one loop iteration: how a
//! REPL's Ctrl-C or a tuner's timeout stops an endless kernel without ending the process.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// A flag that stops the calls of an engine's code. Cheap to clone; all clones are one flag.
///
/// ```
/// let engine = strata::Engine::default();
/// let stop = engine.interrupt_handle();
/// let m = strata::parse("func @spin() {\n  br ^bb1\n^bb1:\n  br ^bb1\n}")?;
/// let code = engine.compile(&m)?;
/// let timer = std::thread::spawn(move || {
///     std::thread::sleep(std::time::Duration::from_millis(20));
///     stop.interrupt();
/// });
/// let e = code.call("spin", &mut []).unwrap_err();
/// assert_eq!(e.to_string(), "@spin: interrupted at <input>:4:3");
/// timer.join().unwrap();
/// engine.interrupt_handle().reset(); // later calls run again
/// # Ok::<(), strata::Error>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Interrupt(Arc<AtomicBool>);

impl Interrupt {
    /// A flag that is not set.
    pub fn new() -> Interrupt {
        Interrupt::default()
    }

    /// Stop running calls (and every call made until [`Interrupt::reset`]).
    pub fn interrupt(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Let calls run again.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is set.
    pub fn is_interrupted(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// The flag itself (the interpreter polls it between ops).
    pub(crate) fn atomic(&self) -> &AtomicBool {
        &self.0
    }

    /// The flag's address, which generated code reads as a byte.
    pub(crate) fn flag(&self) -> *const AtomicBool {
        Arc::as_ptr(&self.0)
    }
}

/// The flag of calls made without an engine's handle: never set.
pub(crate) static NEVER: AtomicBool = AtomicBool::new(false);
