//! Code generation: each IR function becomes one Cranelift function with the internal calling
//! convention, plus a packed entry that callers use; cranelift-jit turns them into machine
//! code.
//!
//! The op-specific lowering lives with each op in `dialect/` (a [`LowerFn`] in its `OpDef`);
//! this layer owns the machinery those functions use ([`FnLowerer`]): value representation
//! ([`repr`]), the internal ABI, runtime errors as returned status codes, memref addressing,
//! loops, and calls into the runtime.
//!
//! Internal ABI: `fn(ctx: *mut CallCtx, args..) -> (status: i32, results..)` with every IR
//! value flattened ([`repr::flat_types`]). A non-zero status is a runtime error whose kind and
//! site the faulting code stored in the context; callers pass it up unchanged.
//!
//! Entry ABI: `extern "C" fn(args: *const *mut u8, rets: *mut u8, ctx: *mut CallCtx) -> i32`
//! where `args[i]` points to the i-th argument (a scalar's bytes, a vector's lanes, or a
//! `DLTensor` for a memref or tensor) and results are stored at the offsets of [`EntryLayout`].

mod affine;
mod entry;
mod loops;
mod lower;
mod memory;
mod outline;
mod registers;
pub mod repr;
mod runtime_calls;
mod scalars;
mod vector_math;

use std::collections::HashMap;
use std::sync::Arc;

use cranelift_codegen::ir::{AbiParam, Signature, types};
use cranelift_codegen::settings::{self, Configurable};
use cranelift_jit::{JITBuilder, JITModule};
use cranelift_module::{FuncId, Linkage, Module as _};

pub use entry::{EntryLayout, ParamSlot};
pub use lower::{AccessKey, FnLowerer};

use crate::ir::{AffineMap, FunctionType, Module, Op, Type};
use crate::runtime::alloc::free_bytes;

/// How one op is lowered.
pub type LowerFn = fn(&mut FnLowerer<'_, '_>, Op) -> Result<(), CodegenError>;

/// Where the lowering of each op is found (the dialect registry implements it).
pub trait Lowerings {
    /// The lowering of an op, if it has one.
    fn lowering_for(&self, op_name: &str) -> Option<LowerFn>;
    /// What generic code generation needs to know of an op beyond its lowering.
    fn role(&self, op_name: &str) -> CodegenRole;
    /// Whether the op is registered (an unregistered op gets a different error).
    fn is_registered(&self, op_name: &str) -> bool;
}

/// What code generation itself (not an op's lowering) needs to know of an op: the generic
/// parts of codegen (register promotion, outlining) ask this, so that they name no op.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CodegenRole {
    /// Nothing special.
    #[default]
    Other,
    /// Makes a value from its attributes alone: an outlined body makes it again rather than
    /// capturing it.
    Constant,
    /// A statically shaped buffer in the function's frame: one of a single element that only
    /// scalar loads and stores use lives in a register.
    FrameBuffer,
    /// Reads one element of the memref at operand `memref`.
    ScalarLoad {
        /// The memref operand.
        memref: u8,
    },
    /// Writes one element of the memref at operand `memref`.
    ScalarStore {
        /// The memref operand.
        memref: u8,
    },
    /// Its body region becomes a function of its own, called by the runtime (a parallel loop).
    OutlinedBody,
    /// Calls a function of the module (directly or through a function value): a function with
    /// such a call may recurse, so it checks the stack on entry.
    Call,
}

/// A body-less function's implementation, found by the engine.
#[derive(Clone, Copy, Debug)]
pub struct ExternalTarget {
    /// The code address (C calling convention).
    pub addr: usize,
    /// A hidden first argument (the environment of a host closure).
    pub env: Option<usize>,
}

/// Resolution of body-less functions.
pub trait Resolver {
    /// The implementation of `name`, or why there is none.
    ///
    /// # Errors
    /// Nothing provides `name` with type `ty`.
    fn resolve(&self, name: &str, ty: &FunctionType) -> Result<ExternalTarget, String>;
}

/// Settings of one compilation.
#[derive(Clone, Debug, Default)]
pub struct CodegenConfig {
    /// Cranelift's `speed` optimizer (else `none`).
    pub cranelift_speed: bool,
    /// Lowerings may vectorize loops (the affine vectorizer).
    pub vectorize: bool,
    /// Scalar promotion: one-element frame buffers and an affine loop's one stored element kept
    /// in registers.
    pub promote: bool,
    /// Poll the call's interrupt flag at loop back-edges.
    pub interruptible: bool,
    /// Check every memref access against its bounds.
    pub bounds_checks: bool,
    /// Run Cranelift's IR verifier (slower compiles; catches code generator bugs).
    pub verify_clif: bool,
    /// Keep the Cranelift IR and machine code text of every function (for inspection).
    pub keep_clif: bool,
    /// `exp` of `f32` vectors inline (`vector_math`) instead of C library calls per lane.
    pub fast_math: bool,
}

/// What went wrong generating code.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CodegenError {
    /// An op that cannot be lowered, or a type that cannot be represented.
    #[error("{}cannot lower '{op}' in @{func}: {message}", loc.as_ref().map(|l| format!("{l}: ")).unwrap_or_default())]
    Lower {
        /// The function.
        func: String,
        /// The op's name.
        op: String,
        /// `file:line:col`.
        loc: Option<String>,
        /// Why.
        message: String,
    },
    /// A body-less function with no implementation.
    #[error("cannot resolve external function '@{symbol}' (used in @{referenced_from}): {reason}")]
    Link {
        /// The function name.
        symbol: String,
        /// A function that uses it.
        referenced_from: String,
        /// Where it was looked for.
        reason: String,
    },
    /// Cranelift rejected the generated code (a code generator bug).
    #[error("code generation failed in @{func}: {message}")]
    Backend {
        /// The function.
        func: String,
        /// Cranelift's message.
        message: String,
    },
}

impl CodegenError {
    pub(crate) fn internal(msg: &str) -> CodegenError {
        CodegenError::Backend { func: String::new(), message: msg.to_string() }
    }
}

/// Where a runtime error can happen: the op's function and location.
#[derive(Clone, Debug)]
pub struct Site {
    /// The function.
    pub func: Arc<str>,
    /// The op's source and offset: its `file:line:col` is worked out only when an error
    /// happens there (most sites never report one, and compiles make many).
    pub at: Option<(Arc<crate::ir::SourceFile>, u32)>,
    /// What the error says beyond its kind (an assertion's message).
    pub detail: Option<String>,
}

impl Site {
    /// `file:line:col` of the op.
    pub fn loc(&self) -> Option<String> {
        let (src, offset) = self.at.as_ref()?;
        let (line, col) = src.line_col(*offset);
        Some(format!("{}:{line}:{col}", src.name()))
    }
}

/// One compiled function.
#[derive(Debug)]
pub struct FunctionCode {
    /// Its name.
    pub name: Arc<str>,
    /// Its IR signature.
    pub ty: FunctionType,
    /// The packed entry, or why there is none.
    pub entry: Result<*const u8, String>,
    /// Where arguments and results go.
    pub layout: EntryLayout,
}

/// Buffers of the runtime allocator owned by a compiled module (`alloc_static`, constants).
#[derive(Default)]
pub(crate) struct OwnedBuffers(pub Vec<*mut u8>);

impl Drop for OwnedBuffers {
    fn drop(&mut self) {
        for &p in &self.0 {
            // SAFETY: every entry comes from the runtime allocator and is owned here.
            unsafe { free_bytes(p) };
        }
    }
}

/// The machine code of a module and what it owns.
pub struct CompiledCode {
    jit: Option<JITModule>,
    /// The module's functions, by name.
    pub functions: HashMap<Arc<str>, FunctionCode>,
    /// Runtime error sites, indexed by the site number code stores.
    pub sites: Vec<Site>,
    /// Function values: internal code address to name.
    pub function_addrs: HashMap<usize, Arc<str>>,
    /// Cranelift IR and disassembly of each function, when `keep_clif` was set.
    pub clif: Vec<String>,
    _buffers: OwnedBuffers,
    // Boxed: generated code holds the address of each inner Vec.
    #[allow(clippy::vec_box)]
    _maps: Vec<Box<Vec<AffineMap>>>,
}

impl std::fmt::Debug for CompiledCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CompiledCode").field("functions", &self.functions.keys()).finish()
    }
}

impl Drop for CompiledCode {
    fn drop(&mut self) {
        if let Some(jit) = self.jit.take() {
            // SAFETY: the code is only reachable through this value's function pointers, and
            // every handle that can call them keeps this value alive (engine::Compiled).
            unsafe { jit.free_memory() };
        }
    }
}

// SAFETY: after finalization the JIT module is never touched again except to be freed on drop;
// the code and module buffers are immutable or accessed only by calls that synchronize through
// the caller.
unsafe impl Send for CompiledCode {}
// SAFETY: as above.
unsafe impl Sync for CompiledCode {}

/// Per-module state shared by the functions being lowered.
pub(crate) struct ModuleState<'a> {
    pub jit: JITModule,
    pub config: &'a CodegenConfig,
    pub resolver: &'a dyn Resolver,
    pub lowerings: &'a dyn Lowerings,
    /// Internal function ids and signatures, by IR name.
    pub internal: HashMap<String, (FuncId, FunctionType)>,
    /// External functions: IR type.
    pub externals: HashMap<String, FunctionType>,
    pub sites: Vec<Site>,
    pub buffers: OwnedBuffers,
    /// `alloc_static` buffers by their base literal.
    pub statics: HashMap<i64, (*mut u8, i64)>,
    pub missing: Vec<(String, String, String)>,
    /// Layout maps the runtime reads (dynamic physical extents); boxed so they do not move.
    #[allow(clippy::vec_box)]
    pub maps: Vec<Box<Vec<AffineMap>>>,
    /// Cranelift IR and disassembly text, when kept.
    pub clif: Vec<String>,
    /// Accesses that need no bounds check: proven in bounds by the TIR lowering (carried by
    /// `Verified`) or by an op's lowering ([`FnLowerer::assume_in_bounds`]).
    pub in_bounds: rustc_hash::FxHashSet<Op>,
    /// Loads compiled as pure (movable) loads ([`crate::verify::AccessFacts::movable`]).
    pub movable: &'a rustc_hash::FxHashSet<Op>,
}

/// The internal signature of an IR function type.
pub(crate) fn internal_signature(jit: &JITModule, ty: &FunctionType) -> Result<Signature, String> {
    let mut sig = jit.make_signature();
    sig.params.push(AbiParam::new(types::I64));
    for t in &ty.inputs {
        for c in repr::flat_types(t)? {
            sig.params.push(AbiParam::new(c));
        }
    }
    sig.returns.push(AbiParam::new(types::I32));
    for t in &ty.results {
        for c in repr::flat_types(t)? {
            sig.returns.push(AbiParam::new(c));
        }
    }
    Ok(sig)
}

fn make_jit(config: &CodegenConfig) -> Result<JITModule, CodegenError> {
    let backend = |e: String| CodegenError::Backend { func: String::new(), message: e };
    let mut flags = settings::builder();
    let opt = if config.cranelift_speed { "speed" } else { "none" };
    for (k, v) in [
        ("opt_level", opt),
        ("enable_verifier", if config.verify_clif { "true" } else { "false" }),
        ("enable_multi_ret_implicit_sret", "true"),
        ("use_colocated_libcalls", "false"),
        ("is_pic", "false"),
    ] {
        flags.set(k, v).map_err(|e| backend(e.to_string()))?;
    }
    let isa = cranelift_native::builder()
        .map_err(|e| backend(e.to_string()))?
        .finish(settings::Flags::new(flags))
        .map_err(|e| backend(e.to_string()))?;
    Ok(JITModule::new(JITBuilder::with_isa(isa, cranelift_module::default_libcall_names())))
}

/// Compile every function of a verified module.
///
/// # Errors
/// An op or type the code generator does not support, an unresolved external function, or a
/// backend failure.
pub fn compile(
    m: &Module,
    lowerings: &dyn Lowerings,
    resolver: &dyn Resolver,
    config: &CodegenConfig,
    access: &crate::verify::AccessFacts,
) -> Result<CompiledCode, CodegenError> {
    let jit = make_jit(config)?;
    let mut st = ModuleState {
        jit,
        config,
        resolver,
        lowerings,
        internal: HashMap::new(),
        externals: HashMap::new(),
        sites: Vec::new(),
        buffers: OwnedBuffers::default(),
        statics: HashMap::new(),
        missing: Vec::new(),
        maps: Vec::new(),
        clif: Vec::new(),
        in_bounds: if config.bounds_checks { access.in_bounds.clone() } else { Default::default() },
        movable: &access.movable,
    };
    match build(&mut st, m) {
        Ok(entries) => {
            let ModuleState { jit, sites, buffers, maps, clif, .. } = st;
            let mut functions = HashMap::new();
            let mut function_addrs = HashMap::new();
            for (name, ty, entry, layout, id) in entries {
                let name: Arc<str> = name.into();
                let entry = entry.map(|e| jit.get_finalized_function(e));
                function_addrs.insert(jit.get_finalized_function(id) as usize, name.clone());
                functions.insert(name.clone(), FunctionCode { name, ty, entry, layout });
            }
            Ok(CompiledCode { jit: Some(jit), functions, sites, function_addrs, clif, _buffers: buffers, _maps: maps })
        }
        Err(e) => {
            // SAFETY: nothing points into the code of a failed compilation.
            unsafe { st.jit.free_memory() };
            Err(e)
        }
    }
}

type Entry = (String, FunctionType, Result<FuncId, String>, EntryLayout, FuncId);

fn build<'a>(st: &mut ModuleState<'a>, m: &'a Module) -> Result<Vec<Entry>, CodegenError> {
    // Declare every function first: bodies call each other in any order.
    let funcs: Vec<Op> = m.functions().collect();
    let mut bodies = Vec::new();
    for &f in &funcs {
        let name = func_name(m, f).to_string();
        let ty = func_type(m, f);
        let has_body = m.op(f).regions.first().is_some_and(|&r| !m.region(r).blocks.is_empty());
        if !has_body {
            st.externals.insert(name, ty);
            continue;
        }
        let sig = internal_signature(&st.jit, &ty).map_err(|message| CodegenError::Lower {
            func: name.clone(),
            op: "func".into(),
            loc: lower::location(m, f),
            message,
        })?;
        let id = st
            .jit
            .declare_function(&format!("{name}$impl"), Linkage::Local, &sig)
            .map_err(|e| CodegenError::Backend { func: name.clone(), message: e.to_string() })?;
        st.internal.insert(name.clone(), (id, ty));
        bodies.push((f, name, id));
    }
    let mut ctx = st.jit.make_context();
    let mut fctx = cranelift_frontend::FunctionBuilderContext::new();
    let mut entries = Vec::new();
    for (f, name, id) in &bodies {
        lower::lower_function(st, m, *f, name, *id, &mut ctx, &mut fctx)?;
        let ty = st.internal[name].1.clone();
        let layout = EntryLayout::of(&ty);
        let entry = match entry::unsupported_reason(&ty) {
            Some(why) => Err(why),
            None => Ok(entry::build_entry(st, name, *id, &ty, &layout, &mut ctx, &mut fctx)?),
        };
        entries.push((name.clone(), ty, entry, layout, *id));
    }
    if let Some((symbol, referenced_from, reason)) = st.missing.first().cloned() {
        return Err(CodegenError::Link { symbol, referenced_from, reason });
    }
    st.jit.finalize_definitions().map_err(|e| CodegenError::Backend { func: String::new(), message: e.to_string() })?;
    Ok(entries)
}

/// The symbol name of a `func` op.
pub(crate) fn func_name(m: &Module, f: Op) -> &str {
    m.attr(f, "sym_name").and_then(|a| a.as_str()).unwrap_or("")
}

/// The signature of a `func` op.
pub(crate) fn func_type(m: &Module, f: Op) -> FunctionType {
    m.attr(f, "type")
        .and_then(|a| a.as_type())
        .and_then(Type::as_function)
        .cloned()
        .unwrap_or(FunctionType { inputs: Vec::new(), results: Vec::new() })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::dialect::registry;

    /// The registry with one op's lowering taken away, as if its dialect forgot it.
    struct Without(&'static str);

    impl Lowerings for Without {
        fn lowering_for(&self, op_name: &str) -> Option<LowerFn> {
            if op_name == self.0 { None } else { registry().lowering_for(op_name) }
        }
        fn role(&self, op_name: &str) -> CodegenRole {
            registry().role(op_name)
        }
        fn is_registered(&self, op_name: &str) -> bool {
            registry().is_registered(op_name)
        }
    }

    struct NoExternals;

    impl Resolver for NoExternals {
        fn resolve(&self, name: &str, _: &FunctionType) -> Result<ExternalTarget, String> {
            Err(format!("no '{name}'"))
        }
    }

    #[test]
    fn a_registered_op_without_a_lowering_is_an_error_naming_it() {
        let m = crate::parse("func @f(%a: i32) -> i32 {\n  %b = muli %a, %a : i32\n  return %b : i32\n}").unwrap();
        let without = Without(crate::dialect::standard::MULI.name);
        let e = compile(&m, &without, &NoExternals, &CodegenConfig::default(), &Default::default()).err().unwrap();
        assert_eq!(e.to_string(), "<input>:2:8: cannot lower 'std.muli' in @f: this operation has no lowering");
        // With its lowering it compiles.
        assert!(compile(&m, registry(), &NoExternals, &CodegenConfig::default(), &Default::default()).is_ok());
    }
}
