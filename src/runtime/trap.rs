//! Runtime errors of generated code: what went wrong, where.

use std::fmt;
use std::sync::Arc;

/// The kinds of runtime error generated code reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[repr(i32)]
pub enum TrapKind {
    /// Integer division or remainder by zero (also `floordiv`/`mod` by a zero symbol).
    DivisionByZero = 1,
    /// Signed division of the minimum value by -1.
    SignedOverflow = 2,
    /// A memref access outside its bounds (with `Options::bounds_checks`).
    OutOfBounds = 3,
    /// A failed assertion.
    AssertFailed = 4,
    /// An allocation failed.
    OutOfMemory = 5,
    /// `dealloc` of memory that `alloc` did not return (or already freed).
    InvalidDealloc = 6,
    /// A cast to a static shape that the value does not have.
    ShapeMismatch = 7,
    /// The call's stack ran out (recursion too deep, or frames too large).
    StackOverflow = 8,
    /// The engine's [`Interrupt`](super::Interrupt) was set while the call ran.
    Interrupted = 9,
}

impl TrapKind {
    /// The kind of a code stored by generated code.
    pub fn from_code(c: i32) -> Option<TrapKind> {
        Some(match c {
            1 => TrapKind::DivisionByZero,
            2 => TrapKind::SignedOverflow,
            3 => TrapKind::OutOfBounds,
            4 => TrapKind::AssertFailed,
            5 => TrapKind::OutOfMemory,
            6 => TrapKind::InvalidDealloc,
            7 => TrapKind::ShapeMismatch,
            8 => TrapKind::StackOverflow,
            9 => TrapKind::Interrupted,
            _ => return None,
        })
    }

    /// What the kind means, in a message.
    pub fn message(self) -> &'static str {
        match self {
            TrapKind::DivisionByZero => "division by zero",
            TrapKind::SignedOverflow => "signed overflow in division",
            TrapKind::OutOfBounds => "out-of-bounds memref access",
            TrapKind::AssertFailed => "assertion failed",
            TrapKind::OutOfMemory => "out of memory",
            TrapKind::InvalidDealloc => "dealloc of memory not allocated by alloc",
            TrapKind::ShapeMismatch => "shape mismatch in cast",
            TrapKind::StackOverflow => "stack overflow (recursion too deep)",
            TrapKind::Interrupted => "interrupted",
        }
    }
}

/// A runtime error of a call: its kind, the function it happened in, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Trap {
    /// What went wrong.
    pub kind: TrapKind,
    /// The function (`@name`) the faulting operation is in.
    pub func: Arc<str>,
    /// `file:line:col` of the faulting operation, when known.
    pub loc: Option<String>,
    /// Details beyond the kind (an assertion's message).
    pub detail: Option<String>,
}

impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "@{}: {}", self.func, self.kind.message())?;
        if let Some(d) = &self.detail {
            write!(f, ": {d}")?;
        }
        if let Some(l) = &self.loc {
            write!(f, " at {l}")?;
        }
        Ok(())
    }
}

impl std::error::Error for Trap {}
