//! The engine: compile a verified module to machine code and call its functions.
//!
//! ```
//! use strata::engine::{Engine, Val};
//! let module = strata::parse("func @add(%a: i32, %b: i32) -> i32 {\n  %c = addi %a, %b : i32\n  return %c : i32\n}")?;
//! let engine = Engine::default();
//! let code = engine.compile(&module)?;
//! let add = code.typed::<(i32, i32), i32>("add")?;
//! assert_eq!(add.call((2, 40))?, 42);
//! assert_eq!(code.call("add", &mut [Val::from(1i32).into(), Val::from(2i32).into()])?, vec![Val::from(3i32)]);
//! # Ok::<(), strata::Error>(())
//! ```

mod binder;
mod call;
mod deadline;
pub mod directive;
mod host;
mod interpret;
pub mod literal;
pub mod npy;
mod shared_lib;
mod time;
mod typed;
mod value;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, OnceLock, RwLock};

pub use crate::transform::OptLevel;
pub use deadline::Deadline;
pub use host::{HostResult, HostScalar, IntoHostFn};
pub use interpret::Interpreter;
pub use time::{TimeOptions, TimeStats};
pub use typed::{Param, Params, ResultValue, Results, TypedFn};
pub use value::{Arg, RawTensor, Val};

use crate::codegen::{self, CodegenConfig, CompiledCode, ExternalTarget, FunctionCode, Resolver};
use crate::ir::{FunctionType, Module};
use crate::{Error, Result, Verified};
use call::EntryFn;
use host::HostFn;
use shared_lib::SharedLib;

/// Compiler and runtime settings.
#[derive(Clone, Debug)]
pub struct Options {
    /// Optimization level of generated code.
    pub opt_level: OptLevel,
    /// Whether memref accesses are checked against their bounds (an out-of-bounds access is a
    /// [`crate::Trap`] returned to the caller). Checked by default; turning checks off is
    /// `unsafe` ([`Options::unchecked`]).
    pub bounds_checks: BoundsChecks,
    /// Shared libraries searched for external functions, in order.
    pub shared_libs: Vec<PathBuf>,
    /// Threads for parallel loops (0: one per core).
    pub threads: usize,
    /// Let [`Engine::interrupt_handle`] stop running calls: loops poll a flag at their
    /// back-edges. Measured here: 8-10 % more compile time on TIR kernels, up to 25 % on many
    /// small functions with dynamic loops at `-O2`, 0-3 % run time. Without it an endless kernel
    /// can only end with the process.
    pub interruptible: bool,
    /// Keep each function's Cranelift IR and machine code as text ([`Compiled::clif`]), for
    /// inspecting generated code. Default: whether `STRATA_KEEP_CLIF` is set.
    pub keep_machine_code: bool,
    /// Compute `exp` of `f32` vectors in `f32` steps, four lanes at a time: about 1.4x faster
    /// than the default (a vectorized softmax's exp loop: 0.24 -> 0.17 ms), never more than one
    /// ulp from the correctly rounded result, but not the C library's bits in about 0.8% of
    /// inputs. Off by default: then `exp` of `f32` runs the C library's own steps inline (in
    /// `f64`, vectors two lanes to a register), and Strata's results are TVM's to the bit
    /// (where the C library is another than the one those steps reproduce, a call per element).
    /// Like TVM's `FastMath`, an opt-in; [`Interpreter::fast_math`] gives the interpreter the
    /// same arithmetic.
    ///
    /// [`Interpreter::fast_math`]: crate::Interpreter::fast_math
    pub fast_math: bool,
}

/// Whether compiled code checks memref accesses against their bounds: [`BoundsChecks::CHECKED`]
/// (the default) or, through an `unsafe` opt-in, unchecked.
///
/// ```
/// use strata::{BoundsChecks, Options};
/// assert_eq!(Options::default().bounds_checks, BoundsChecks::CHECKED);
/// // SAFETY: only for programs and arguments known to stay in bounds.
/// let fast = unsafe { Options::default().unchecked() };
/// assert!(!fast.bounds_checks.is_checked());
/// ```
///
/// Safe code cannot turn checks off:
///
/// ```compile_fail
/// let opts = strata::Options { bounds_checks: strata::BoundsChecks::unchecked(), ..Default::default() };
/// ```
///
/// Checks cost little: an access whose whole index range is known to lie inside its buffer
/// (affine loops, TIR loops with constant bounds over buffers of known shape) is proven in
/// bounds when it is compiled and carries no check; the others compare each index once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BoundsChecks(bool);

impl BoundsChecks {
    /// Every access that is not proven in bounds is checked (the default).
    pub const CHECKED: BoundsChecks = BoundsChecks(true);

    /// No access is checked.
    ///
    /// # Safety
    /// Compiled code then reads and writes wherever its indices point: a program that indexes
    /// outside a buffer, or arguments smaller than the program assumes, corrupt the process's
    /// memory. Use it only for programs and arguments known to stay in bounds.
    pub const unsafe fn unchecked() -> BoundsChecks {
        BoundsChecks(false)
    }

    /// Whether accesses are checked.
    pub const fn is_checked(self) -> bool {
        self.0
    }
}

impl Options {
    /// These options without bounds checks.
    ///
    /// # Safety
    /// See [`BoundsChecks::unchecked`]: memory safety then rests on the programs and arguments.
    #[must_use]
    pub unsafe fn unchecked(self) -> Options {
        // SAFETY: the caller takes on the contract of `BoundsChecks::unchecked`.
        Options { bounds_checks: unsafe { BoundsChecks::unchecked() }, ..self }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            opt_level: OptLevel::O2,
            bounds_checks: BoundsChecks::CHECKED,
            shared_libs: Vec::new(),
            threads: 0,
            interruptible: true,
            keep_machine_code: std::env::var_os("STRATA_KEEP_CLIF").is_some(),
            fast_math: false,
        }
    }
}

struct EngineInner {
    options: Options,
    hosts: RwLock<HashMap<String, Arc<HostFn>>>,
    symbols: RwLock<HashMap<String, usize>>,
    libs: Vec<SharedLib>,
    /// Stops the calls of everything this engine compiled.
    interrupt: crate::runtime::Interrupt,
    /// The threads parallel loops run on, made when a module first needs them (`None`: one
    /// thread, or the pool could not be made: loops run on the calling thread).
    pool: OnceLock<Option<Arc<rayon::ThreadPool>>>,
}

/// Compiles modules and owns what their code may call (host functions, shared libraries).
/// Cheap to clone; `Send + Sync`.
#[derive(Clone)]
pub struct Engine {
    inner: Arc<EngineInner>,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine {
            inner: Arc::new(EngineInner {
                options: Options::default(),
                hosts: RwLock::default(),
                symbols: RwLock::default(),
                libs: Vec::new(),
                interrupt: crate::runtime::Interrupt::new(),
                pool: OnceLock::new(),
            }),
        }
    }
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").field("options", &self.inner.options).finish()
    }
}

impl Engine {
    /// An engine with these options (loading the shared libraries named).
    ///
    /// # Errors
    /// A shared library that cannot be loaded.
    pub fn new(options: Options) -> Result<Engine> {
        let mut libs = Vec::new();
        for p in &options.shared_libs {
            libs.push(SharedLib::load(p).map_err(|message| Error::SharedLibrary { path: p.clone(), message })?);
        }
        Ok(Engine {
            inner: Arc::new(EngineInner {
                options,
                hosts: RwLock::default(),
                symbols: RwLock::default(),
                libs,
                interrupt: crate::runtime::Interrupt::new(),
                pool: OnceLock::new(),
            }),
        })
    }

    /// The options.
    pub fn options(&self) -> &Options {
        &self.inner.options
    }

    /// The thread pool of parallel loops (`Options::threads` threads; 0: one per core).
    fn pool(&self) -> Option<Arc<rayon::ThreadPool>> {
        self.inner
            .pool
            .get_or_init(|| {
                let n = match self.inner.options.threads {
                    0 => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
                    n => n,
                };
                if n <= 1 {
                    return None;
                }
                rayon::ThreadPoolBuilder::new()
                    .num_threads(n)
                    .thread_name(|i| format!("strata-{i}"))
                    .build()
                    .ok()
                    .map(Arc::new)
            })
            .clone()
    }

    /// The flag that stops every running call of code this engine compiled (at its next loop
    /// iteration, with [`crate::TrapKind::Interrupted`]) until it is reset: how a REPL's Ctrl-C
    /// or a tuner's timeout stops a kernel that would run too long.
    pub fn interrupt_handle(&self) -> crate::runtime::Interrupt {
        self.inner.interrupt.clone()
    }

    /// Interrupt this engine's running calls if the returned guard is still alive after
    /// `limit` (see [`Deadline`]).
    pub fn deadline(&self, limit: std::time::Duration) -> Deadline {
        Deadline::start(self.inner.interrupt.clone(), limit)
    }

    /// Make a Rust closure the implementation of body-less functions named `name`.
    ///
    /// ```
    /// let engine = strata::engine::Engine::default();
    /// engine.register_fn("twice", |x: f64| 2.0 * x);
    /// let m = strata::parse("func @twice(f64) -> f64\nfunc @f(%x: f64) -> f64 {\n  %y = call @twice(%x) : (f64) -> f64\n  return %y : f64\n}")?;
    /// assert_eq!(engine.compile(&m)?.typed::<(f64,), f64>("f")?.call((21.0,))?, 42.0);
    /// # Ok::<(), strata::Error>(())
    /// ```
    pub fn register_fn<Args, R>(&self, name: &str, f: impl IntoHostFn<Args, R>) {
        let h = Arc::new(f.into_host());
        if let Ok(mut hosts) = self.inner.hosts.write() {
            hosts.insert(name.to_string(), h);
        }
    }

    /// Make a C function the implementation of body-less functions named `name`.
    ///
    /// # Safety
    /// `addr` must be a function with the C calling convention whose parameters and result
    /// match every IR declaration of `name` (scalars by value, memrefs as element pointers), and
    /// it must stay valid while code compiled by this engine can call it.
    pub unsafe fn symbol(&self, name: &str, addr: *const u8) {
        if let Ok(mut s) = self.inner.symbols.write() {
            s.insert(name.to_string(), addr as usize);
        }
    }

    /// Compile every function of a verified module (it is not verified again).
    ///
    /// # Errors
    /// [`Error::Codegen`] for an op that cannot be compiled or an external function nothing
    /// provides.
    pub fn compile(&self, v: &Verified) -> Result<Compiled> {
        let m = v.module();
        let passes = crate::transform::Passes::for_level(self.inner.options.opt_level);
        let config = CodegenConfig {
            cranelift_speed: passes.cranelift_speed,
            vectorize: passes.vectorize,
            promote: passes.promote,
            interruptible: self.inner.options.interruptible,
            bounds_checks: self.inner.options.bounds_checks.is_checked(),
            verify_clif: cfg!(debug_assertions),
            keep_clif: self.inner.options.keep_machine_code,
            fast_math: self.inner.options.fast_math,
        };
        let hosts: Vec<Arc<HostFn>> = Vec::new();
        let resolver = EngineResolver { engine: &self.inner, used: std::cell::RefCell::new(hosts) };
        let code = codegen::compile(m, crate::dialect::registry(), &resolver, &config, v.access_facts())?;
        let used = resolver.used.into_inner();
        let pool = if uses_parallel_loops(m) { self.pool() } else { None };
        let binders = Arc::new(binder::Binder::of_module(v));
        Ok(Compiled { code: Arc::new(code), _hosts: Arc::new(used), engine: self.clone(), pool, binders })
    }
}

/// Whether a module has parallel loops (its calls need the thread pool).
fn uses_parallel_loops(m: &Module) -> bool {
    let mut found = false;
    m.walk(m.top(), |op| found |= crate::dialect::standard::PARALLEL_FOR.is(m, op));
    found
}

struct EngineResolver<'e> {
    engine: &'e EngineInner,
    /// Host functions the code calls: kept alive by the compiled module.
    used: std::cell::RefCell<Vec<Arc<HostFn>>>,
}

impl Resolver for EngineResolver<'_> {
    fn resolve(&self, name: &str, ty: &FunctionType) -> std::result::Result<ExternalTarget, String> {
        if let Ok(hosts) = self.engine.hosts.read()
            && let Some(h) = hosts.get(name)
        {
            if !(h.accepts)(&ty.inputs, &ty.results) {
                return Err(format!(
                    "the host function registered as '{name}' takes {}, not the declared type",
                    h.signature
                ));
            }
            self.used.borrow_mut().push(h.clone());
            return Ok(ExternalTarget { addr: h.addr, env: Some(h.env) });
        }
        if let Some(&addr) = self.engine.symbols.read().ok().as_ref().and_then(|s| s.get(name)) {
            return Ok(ExternalTarget { addr, env: None });
        }
        if let Some((addr, params, result)) = crate::runtime::math::lookup(name) {
            if ty.inputs == params && ty.results == [result.clone()] {
                return Ok(ExternalTarget { addr, env: None });
            }
            return Err(format!("the math runtime's '{name}' has a different type"));
        }
        for lib in &self.engine.libs {
            if let Some(addr) = lib.symbol(name) {
                return Ok(ExternalTarget { addr, env: None });
            }
        }
        let libs: Vec<String> = self.engine.libs.iter().map(|l| l.path.display().to_string()).collect();
        Err(if libs.is_empty() {
            "no host function of that name is registered, the math runtime has none, and no shared library was named"
                .into()
        } else {
            format!("no host function, math function, or symbol in {} has that name", libs.join(", "))
        })
    }
}

/// A compiled module. Cheap to clone; the code lives until the last clone and the last
/// function handle are dropped.
#[derive(Clone)]
pub struct Compiled {
    code: Arc<CompiledCode>,
    _hosts: Arc<Vec<Arc<HostFn>>>,
    engine: Engine,
    pool: Option<Arc<rayon::ThreadPool>>,
    /// Argument checks of TIR functions (their `tir.args`), by name.
    binders: Arc<HashMap<Arc<str>, Arc<binder::Binder>>>,
}

impl std::fmt::Debug for Compiled {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Compiled").field("functions", &self.code.functions.keys()).finish()
    }
}

impl Compiled {
    /// The engine that compiled this module.
    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    /// The Cranelift IR and machine code of each function, when the engine's
    /// [`Options::keep_machine_code`] was set (for inspecting generated code).
    pub fn clif(&self) -> &[String] {
        &self.code.clif
    }

    /// Names and signatures of the module's functions.
    pub fn functions(&self) -> impl Iterator<Item = (&str, &FunctionType)> {
        self.code.functions.values().map(|f| (&*f.name, &f.ty))
    }

    fn lookup(&self, name: &str) -> Result<&FunctionCode> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.code.functions.get(name).ok_or_else(|| {
            let mut available: Vec<String> = self.code.functions.keys().map(ToString::to_string).collect();
            available.sort();
            Error::NoSuchFunction { name: name.to_string(), available }
        })
    }

    fn entry_of(f: &FunctionCode) -> Result<EntryFn> {
        match &f.entry {
            // SAFETY: the entry was generated with exactly this signature.
            Ok(p) => Ok(unsafe { std::mem::transmute::<*const u8, EntryFn>(*p) }),
            Err(why) => Err(Error::Call { func: f.name.to_string(), message: why.clone() }),
        }
    }

    /// Call a function with arguments checked at run time.
    ///
    /// # Errors
    /// No such function, an argument that does not fit its parameter, or a runtime error.
    pub fn call(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Vec<Val>> {
        let f = self.lookup(name)?;
        let entry = Self::entry_of(f)?;
        let binder = self.binders.get(&f.name);
        let (_bufs, ptrs) = call::prepare(&self.code, f, args, binder.is_none())?;
        if let Some(b) = binder {
            // SAFETY: `prepare` made a DLTensor or a scalar's bytes for every argument.
            unsafe { b.bind(&ptrs) }.map_err(|message| Error::Argument { func: f.name.to_string(), message })?;
            if !b.trusted {
                // SAFETY: as above.
                unsafe { call::check_tensor_args(&f.layout.params, &ptrs) }
                    .map_err(|(i, m)| call::arg_error(f, i, m))?;
            }
        }
        let mut rets = vec![0u8; f.layout.results_size.max(8)];
        let mut ctx = crate::runtime::CallCtx::for_call(self.pool.as_deref(), self.engine.inner.interrupt.flag());
        host::HOST_PANICKED.with(|p| p.set(false));
        // SAFETY: arguments were checked against the function's layout by `prepare`.
        unsafe { call::invoke(&self.code, f, entry, &ptrs, rets.as_mut_ptr(), &mut ctx)? };
        if host::HOST_PANICKED.with(|p| p.replace(false)) {
            return Err(Error::Call { func: f.name.to_string(), message: "a host function panicked".into() });
        }
        call::decode_results(&self.code, f, &rets, &mut ctx)
    }

    /// For a TIR function, the dtype each buffer parameter declares (`None` for scalars, and
    /// `None` altogether for other functions): a memref of `i8` may be TIR's `int8` or `uint8`.
    pub fn tir_dtypes(&self, name: &str) -> Option<Vec<Option<crate::runtime::DLDataType>>> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.binders.get(name).map(|b| b.buffer_dtypes())
    }

    /// For a TIR function, the name of each buffer parameter's buffer (`None` for scalars, and
    /// `None` altogether for other functions).
    pub fn tir_buffer_names(&self, name: &str) -> Option<Vec<Option<String>>> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.binders.get(name).map(|b| b.buffer_names())
    }

    /// For a TIR function, its signature as argument errors show it
    /// (`f(A: Tensor([n, 8], float32), n: int32)`); `None` for other functions.
    pub fn tir_signature(&self, name: &str) -> Option<&str> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.binders.get(name).map(|b| b.signature())
    }

    /// A handle that calls `name` with Rust types, the signature checked once here.
    ///
    /// # Errors
    /// No such function, or `P`/`R` do not match its signature.
    pub fn typed<P: Params, R: Results>(&self, name: &str) -> Result<TypedFn<P, R>> {
        let f = self.lookup(name)?;
        let entry = Self::entry_of(f)?;
        let binder = self.binders.get(&f.name).cloned();
        let interrupt = self.engine.inner.interrupt.clone();
        TypedFn::new(self.code.clone(), f, entry, !self._hosts.is_empty(), self.pool.clone(), binder, interrupt)
    }
}
