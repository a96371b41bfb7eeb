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
    /// What the TIR lowering proved about its loads and stores. Only the lowering that made
    /// the module can claim this (a module read from text, or changed, has none).
    access: Arc<AccessFacts>,
    /// The calling conventions were made by the TIR lowering; `false` when read from a file, so
    /// the engine also checks arguments against the function types.
    trusted_args: bool,
}

/// What the TIR lowering proved about the loads and stores it made, for code generation.
#[derive(Clone, Default)]
pub(crate) struct AccessFacts {
    /// Accesses whose every element lies inside its memref: compiled without a bounds check.
    pub in_bounds: FxHashSet<Op>,
    /// Loads that may move anywhere their operands are available: in bounds for any values of
    /// those operands the program can reach, and reading memory nothing writes between any
    /// place Cranelift may put them and their uses (see `tir::lower::invariant`). Compiled as
    /// pure loads, so Cranelift's e-graph schedules them next to their uses and merges
    /// repeated ones.
    pub movable: FxHashSet<Op>,
}

impl Verified {
    /// Verify `module`.
    ///
    /// # Errors
    /// The first violated rule.
    pub fn new(module: Module) -> Result<Verified, Diagnostics> {
        super::verify(&module)?;
        Ok(Verified { module, args: HashMap::default(), access: Arc::default(), trusted_args: true })
    }

    /// Verify a module lowered from TIR, with the calling convention of its functions and the
    /// accesses the lowering proved in bounds.
    pub(crate) fn lowered(
        module: Module,
        args: impl IntoIterator<Item = (String, ArgSpec)>,
        access: AccessFacts,
    ) -> Result<Verified, Diagnostics> {
        let mut v = Verified::new(module)?;
        v.args = args.into_iter().map(|(k, a)| (Arc::from(k), Arc::new(a))).collect();
        v.access = Arc::new(access);
        Ok(v)
    }

    /// Verify a module read from bytecode with the calling conventions stored beside it. They
    /// are not trusted: the engine checks arguments against the function types as well.
    /// `dominance_shown`: the decoder saw that every value dominates its uses, so dominance is
    /// not checked again.
    pub(crate) fn loaded(
        module: Module,
        args: Vec<(String, ArgSpec)>,
        dominance_shown: bool,
    ) -> Result<Verified, Diagnostics> {
        if dominance_shown {
            super::verify_but_dominance(&module)?;
        } else {
            super::verify(&module)?;
        }
        let mut v = Verified { module, args: HashMap::default(), access: Arc::default(), trusted_args: true };
        for (name, spec) in &args {
            if let Err(why) = matches_signature(&v.module, name, spec) {
                let d = crate::ir::Diagnostic::error(
                    None,
                    format!("the stored calling convention of '@{name}' does not match its signature: {why}"),
                );
                return Err(Diagnostics::one(v.module.source.clone(), d));
            }
        }
        v.args = args.into_iter().map(|(k, a)| (Arc::from(k), Arc::new(a))).collect();
        v.trusted_args = false;
        Ok(v)
    }

    /// The module changed by `change` (a pass that keeps signatures, such as folding) and
    /// verified again, keeping the calling conventions. Accesses proven in bounds are
    /// forgotten: the change may have replaced the ops that carried the proof.
    ///
    /// # Errors
    /// A rule broken by the change.
    pub(crate) fn rewritten(self, change: impl FnOnce(&mut Module)) -> Result<Verified, Diagnostics> {
        let Verified { mut module, args, trusted_args, .. } = self;
        change(&mut module);
        super::verify(&module)?;
        Ok(Verified { module, args, access: Arc::default(), trusted_args })
    }

    /// Whether the calling conventions come from the TIR lowering (not from a file).
    pub(crate) fn trusted_args(&self) -> bool {
        self.trusted_args
    }

    /// What the TIR lowering proved about the module's loads and stores.
    pub(crate) fn access_facts(&self) -> &AccessFacts {
        &self.access
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

/// Whether a calling convention read from a file fits function `name`: one parameter per
/// argument, a buffer for each memref (of the same rank), a scalar for each scalar. (The
/// binder reads a buffer argument as a DLTensor: that must be what the entry passes.)
fn matches_signature(m: &Module, name: &str, spec: &ArgSpec) -> Result<(), String> {
    use crate::runtime::ParamSpec;
    let f = m.lookup_symbol(name).ok_or("no such function")?;
    let ty = m.attr(f, "type").and_then(|a| a.as_type()).and_then(|t| t.as_function()).ok_or("no function type")?;
    if ty.inputs.len() != spec.params.len() {
        return Err(format!("{} parameters, the convention has {}", ty.inputs.len(), spec.params.len()));
    }
    for (i, (t, p)) in ty.inputs.iter().zip(&spec.params).enumerate() {
        let ok = match (p, t.as_memref()) {
            (ParamSpec::Buffer(b), Some(mt)) => b.shape.len() == mt.shape.len(),
            (ParamSpec::Scalar { .. }, None) => t.is_int_or_index() || t.is_float(),
            _ => false,
        };
        if !ok {
            return Err(format!("parameter {i} is '{t}'"));
        }
    }
    Ok(())
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
