//! [`Verified`]: a module that passed verification, and what travels with it to the engine.

use rustc_hash::{FxHashMap as HashMap, FxHashSet};
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use crate::ir::{Diagnostics, Module, Op};
use crate::runtime::ArgSpec;

/// A module that passed verification: what parsing, TIR lowering and [`crate::verify()`] return
/// and what [`crate::engine::Engine::compile`] takes, so a module is verified once on its way to
/// machine code (as naga's validator returns `ModuleInfo`). It reads as the [`Module`] it holds;
/// to change the module take it out ([`Verified::into_module`]) and verify it again.
///
/// It also carries the calling convention of functions lowered from TIR ([`ArgSpec`]): the
/// engine checks their DLTensor arguments as TVM does.
///
/// ```
/// let v = strata::parse("func @f() {\n  return\n}")?;         // a Verified
/// assert_eq!(v.functions().count(), 1);                      // reads as a Module
/// let again = strata::verify(v.into_module())?;               // changed? verify again
/// # Ok::<(), strata::Error>(())
/// ```
#[derive(Clone)]
pub struct Verified {
    module: Module,
    args: HashMap<Arc<str>, Arc<ArgSpec>>,
    /// Loads and stores the TIR lowering proved to stay inside their memrefs: compiled
    /// without a bounds check. Only the lowering that made the module can claim this (a
    /// module read from text, or changed, has none).
    in_bounds: Arc<FxHashSet<Op>>,
}

impl Verified {
    /// Verify `module`.
    ///
    /// # Errors
    /// The first violated rule.
    pub fn new(module: Module) -> Result<Verified, Diagnostics> {
        super::verify(&module)?;
        Ok(Verified { module, args: HashMap::default(), in_bounds: Arc::default() })
    }

    /// Verify a module lowered from TIR, with the calling convention of its functions and the
    /// accesses the lowering proved in bounds.
    pub(crate) fn lowered(
        module: Module,
        args: impl IntoIterator<Item = (String, ArgSpec)>,
        in_bounds: FxHashSet<Op>,
    ) -> Result<Verified, Diagnostics> {
        let mut v = Verified::new(module)?;
        v.args = args.into_iter().map(|(k, a)| (Arc::from(k), Arc::new(a))).collect();
        v.in_bounds = Arc::new(in_bounds);
        Ok(v)
    }

    /// The loads and stores proven to stay inside their memrefs (no bounds check needed).
    pub(crate) fn in_bounds(&self) -> &FxHashSet<Op> {
        &self.in_bounds
    }

    /// The module.
    pub fn module(&self) -> &Module {
        &self.module
    }

    /// The module, to change it (verify it again before compiling).
    pub fn into_module(self) -> Module {
        self.module
    }

    /// The calling convention of function `name`, if it was lowered from TIR.
    pub fn arg_spec(&self, name: &str) -> Option<&Arc<ArgSpec>> {
        self.args.get(name)
    }

    /// Every function with a TIR calling convention.
    pub fn arg_specs(&self) -> impl Iterator<Item = (&str, &Arc<ArgSpec>)> {
        self.args.iter().map(|(k, v)| (&**k, v))
    }
}

impl Deref for Verified {
    type Target = Module;
    fn deref(&self) -> &Module {
        &self.module
    }
}

impl fmt::Display for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.module, f)
    }
}

impl fmt::Debug for Verified {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Verified").field("functions", &self.module.functions().count()).finish_non_exhaustive()
    }
}

impl std::str::FromStr for Verified {
    type Err = crate::Error;
    fn from_str(s: &str) -> crate::Result<Verified> {
        crate::parse(s)
    }
}
