//! Deadlines: stop the calls of an engine's code that run longer than a limit (a tuner's
//! timeout, a fuzzer's watchdog), through the engine's interrupt flag.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Condvar, Mutex};
use std::thread::JoinHandle;
use std::time::Duration;

use crate::runtime::Interrupt;

/// While alive, watches the time: past the limit it interrupts every running call of the
/// engine's code (they end with `TrapKind::Interrupted`). Dropping it stops watching and, if
/// it fired, clears the interrupt so later calls run.
///
/// ```
/// use std::time::Duration;
/// let engine = strata::Engine::default();
/// let code = engine.compile(&strata::parse("func @spin() {\n  br ^bb1\n^bb1:\n  br ^bb1\n}")?)?;
/// let e = {
///     let _deadline = engine.deadline(Duration::from_millis(50));
///     code.call("spin", &mut []).unwrap_err()
/// };
/// assert!(e.to_string().contains("interrupted"), "{e}");
/// # Ok::<(), strata::Error>(())
/// ```
pub struct Deadline {
    stop: Arc<(Mutex<bool>, Condvar)>,
    fired: Arc<AtomicBool>,
    interrupt: Interrupt,
    thread: Option<JoinHandle<()>>,
}

impl Deadline {
    pub(super) fn start(interrupt: Interrupt, limit: Duration) -> Deadline {
        let stop = Arc::new((Mutex::new(false), Condvar::new()));
        let fired = Arc::new(AtomicBool::new(false));
        let (s, f, i) = (stop.clone(), fired.clone(), interrupt.clone());
        let thread = std::thread::Builder::new()
            .name("strata-deadline".into())
            .spawn(move || {
                let (lock, cv) = &*s;
                let Ok(guard) = lock.lock() else { return };
                let Ok((stopped, _)) = cv.wait_timeout_while(guard, limit, |stopped| !*stopped) else { return };
                if !*stopped {
                    f.store(true, Ordering::SeqCst);
                    i.interrupt();
                }
            })
            .ok();
        Deadline { stop, fired, interrupt, thread }
    }

    /// Whether the limit passed (and calls were interrupted).
    pub fn fired(&self) -> bool {
        self.fired.load(Ordering::SeqCst)
    }
}

impl Drop for Deadline {
    fn drop(&mut self) {
        let (lock, cv) = &*self.stop;
        if let Ok(mut stopped) = lock.lock() {
            *stopped = true;
            cv.notify_all();
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
        if self.fired() {
            self.interrupt.reset();
        }
    }
}
