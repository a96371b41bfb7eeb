//! The reference interpreter: runs the core IR op by op with the semantics of the
//! specification, as a second implementation to check the code generator against.
//!
//! It knows no op: each dialect gives its ops an `interp` hook in their `OpDef` (next to their
//! folding and lowering, sharing `semantics.rs` with both), which reads operands from an
//! [`Interp`], computes, and says where control goes ([`Flow`]). The interpreter is always
//! checked: every access is bounds-checked against its memref and its buffer, and it traps
//! where generated code traps (division by zero, out of bounds, failed assertions, bad
//! deallocation, shape mismatches), with the same kinds. Deep recursion is a stack-overflow
//! trap, and a step budget bounds the run (an `interrupted` trap).
//!
//! The public entry is [`crate::engine::Interpreter`], which converts arguments and results.

pub(crate) mod memory;

use rustc_hash::FxHashMap as HashMap;
use std::borrow::Cow;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

pub(crate) use memory::{MemrefVal, Origin};

use crate::ir::{Attribute, Block, MemrefType, Module, Op, Region, Type, Value};
use crate::runtime::TrapKind;

/// An IR value while the interpreter runs.
#[derive(Clone, Debug)]
pub(crate) enum IVal {
    /// An integer or `index`, sign-extended from its width (`i1` as 0 or 1).
    Int(i64),
    /// A float of any type, holding a value exactly representable in it.
    Float(f64),
    /// A vector's lanes, row-major.
    Vector(Rc<[IVal]>),
    /// A memref or tensor.
    Memref(Rc<MemrefVal>),
    /// A function, by name.
    Func(Arc<str>),
    /// A value of type `none`.
    Unit,
}

/// Where control goes after an op.
pub(crate) enum Flow {
    /// To the next op of the block.
    Next,
    /// To a block of the same region, with its arguments.
    Branch(Block, Vec<IVal>),
    /// Out of the region, with the values its terminator gives (`return`, `yield`).
    Exit(Vec<IVal>),
}

/// Why a run stopped early.
#[derive(Debug)]
pub(crate) enum Stop {
    /// A runtime error, as generated code reports it.
    Trap { kind: TrapKind, op: Option<Op>, func: Arc<str>, detail: Option<String> },
    /// Something the interpreter cannot do (an external function, an op without a hook).
    Unsupported(String),
}

/// What an op does when interpreted.
pub(crate) type InterpFn = fn(&mut Interp<'_>, Op) -> Result<Flow, Stop>;

/// Where the interpreter finds each op's hook (the dialect registry).
pub(crate) trait Hooks: Sync {
    /// The hook of the op named `op_name`.
    fn interp_for(&self, op_name: &str) -> Option<InterpFn>;
}

/// Calls and nested regions deeper than this are a stack-overflow trap (the interpreter
/// runs on a thread with a stack large enough for them).
pub(crate) const MAX_DEPTH: usize = 20_000;

/// The state of one interpreted call.
pub(crate) struct Interp<'m> {
    /// The module being run.
    pub m: &'m Module,
    hooks: &'m dyn Hooks,
    funcs: HashMap<&'m str, Op>,
    values: HashMap<Value, IVal>,
    func: Arc<str>,
    depth: usize,
    steps_left: u64,
    interrupt: Option<&'m AtomicBool>,
    /// Module-owned buffers (`alloc_static`) by slot; they outlive a call (the caller keeps them).
    pub statics: HashMap<usize, Rc<memory::Buffer>>,
    /// Bytes allocated so far in this call (freed buffers count: they stay readable).
    allocated: i64,
    /// `exp` of `f32` vectors as generated code computes it with `Options::fast_math`.
    pub fast_math: bool,
}

/// The most bytes one interpreted call may allocate in all: the interpreter zeroes what it
/// allocates, so a program allocating without bound would exhaust the host's memory.
pub(crate) const MAX_ALLOCATED: i64 = 1 << 33;

impl<'m> Interp<'m> {
    /// An interpreter of `m` that runs at most `max_steps` ops.
    pub fn new(m: &'m Module, hooks: &'m dyn Hooks, max_steps: u64, interrupt: Option<&'m AtomicBool>) -> Self {
        let mut funcs = HashMap::default();
        for &op in &m.block(m.top_block()).ops {
            if let Some(name) = m.attr(op, "sym_name").and_then(Attribute::as_str) {
                funcs.entry(name).or_insert(op);
            }
        }
        Interp {
            m,
            hooks,
            funcs,
            values: HashMap::default(),
            func: Arc::from(""),
            depth: 0,
            steps_left: max_steps,
            interrupt,
            statics: HashMap::default(),
            allocated: 0,
            fast_math: false,
        }
    }

    /// The function named `name` (its `func` op).
    pub fn function(&self, name: &str) -> Option<Op> {
        self.funcs.get(name).copied()
    }

    /// A trap at `op` in the current function.
    pub fn trap(&self, op: Op, kind: TrapKind) -> Stop {
        Stop::Trap { kind, op: Some(op), func: self.func.clone(), detail: None }
    }

    /// A trap with a message (an assertion's).
    pub fn trap_with(&self, op: Op, kind: TrapKind, detail: String) -> Stop {
        Stop::Trap { kind, op: Some(op), func: self.func.clone(), detail: Some(detail) }
    }

    /// The value of `v`.
    pub fn get(&self, v: Value) -> Result<IVal, Stop> {
        self.values.get(&v).cloned().ok_or_else(|| Stop::Unsupported("a value was used before it was defined".into()))
    }

    /// The values of `vs`.
    pub fn get_all(&self, vs: &[Value]) -> Result<Vec<IVal>, Stop> {
        vs.iter().map(|&v| self.get(v)).collect()
    }

    /// The integer (or `index`) value of `v`.
    pub fn int(&self, v: Value) -> Result<i64, Stop> {
        match self.values.get(&v) {
            Some(IVal::Int(x)) => Ok(*x),
            _ => Err(Stop::Unsupported("expected an integer value".into())),
        }
    }

    /// The integer values of `vs`.
    pub fn ints(&self, vs: &[Value]) -> Result<Vec<i64>, Stop> {
        vs.iter().map(|&v| self.int(v)).collect()
    }

    /// The memref value of `v` and its type.
    pub fn memref(&self, v: Value) -> Result<(Rc<MemrefVal>, Cow<'m, MemrefType>), Stop> {
        let ty = self.m.value_type(v);
        let mt = memory::memref_like(ty).ok_or_else(|| Stop::Unsupported(format!("expected a memref, got '{ty}'")))?;
        match self.values.get(&v) {
            Some(IVal::Memref(x)) => Ok((x.clone(), mt)),
            _ => Err(Stop::Unsupported("expected a memref value".into())),
        }
    }

    /// Define `v`.
    pub fn set(&mut self, v: Value, x: IVal) {
        self.values.insert(v, x);
    }

    /// Define the results of `op`.
    pub fn set_results(&mut self, op: Op, xs: Vec<IVal>) {
        let rs = &self.m.op(op).results;
        for (&r, x) in rs.iter().zip(xs) {
            self.values.insert(r, x);
        }
    }

    /// Run a region from its entry block with `args` until a terminator leaves it.
    pub fn run_region(&mut self, region: Region, args: Vec<IVal>) -> Result<Vec<IVal>, Stop> {
        let m = self.m;
        let Some(&entry) = m.region(region).blocks.first() else { return Ok(Vec::new()) };
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return Err(Stop::Trap { kind: TrapKind::StackOverflow, op: None, func: self.func.clone(), detail: None });
        }
        let r = self.run_blocks(entry, args);
        self.depth -= 1;
        r
    }

    fn run_blocks(&mut self, mut block: Block, mut args: Vec<IVal>) -> Result<Vec<IVal>, Stop> {
        let m = self.m;
        'blocks: loop {
            for (&a, x) in m.block(block).args.iter().zip(args.drain(..)) {
                self.values.insert(a, x);
            }
            for &op in &m.block(block).ops {
                match self.exec(op)? {
                    Flow::Next => {}
                    Flow::Branch(b, xs) => {
                        block = b;
                        args = xs;
                        continue 'blocks;
                    }
                    Flow::Exit(xs) => return Ok(xs),
                }
            }
            return Ok(Vec::new());
        }
    }

    /// Run one op.
    fn exec(&mut self, op: Op) -> Result<Flow, Stop> {
        if self.steps_left == 0 || self.interrupt.is_some_and(|f| f.load(Ordering::Relaxed)) {
            return Err(self.trap(op, TrapKind::Interrupted));
        }
        self.steps_left -= 1;
        let name = self.m.op_name(op);
        let hook = self
            .hooks
            .interp_for(name)
            .ok_or_else(|| Stop::Unsupported(format!("the interpreter cannot run '{name}'")))?;
        hook(self, op)
    }

    /// Call the function `name` with `args`: its results.
    pub fn call(&mut self, name: &str, args: Vec<IVal>) -> Result<Vec<IVal>, Stop> {
        let m = self.m;
        let f = self.function(name).ok_or_else(|| Stop::Unsupported(format!("no function @{name}")))?;
        let Some(&body) = m.op(f).regions.first().filter(|&&r| !m.region(r).blocks.is_empty()) else {
            return call_math(name, &args).ok_or_else(|| {
                Stop::Unsupported(format!("the interpreter cannot call the external function @{name}"))
            });
        };
        let saved_values = std::mem::take(&mut self.values);
        let saved_func = std::mem::replace(&mut self.func, Arc::from(name));
        let r = self.run_region(body, args);
        self.values = saved_values;
        self.func = saved_func;
        r
    }

    /// The module-owned buffer of `slot` (zeroed when first used), `None` when `bytes` is more
    /// than a buffer may hold.
    pub fn static_slot(&mut self, slot: usize, bytes: i64) -> Option<Rc<memory::Buffer>> {
        if let Some(b) = self.statics.get(&slot) {
            return Some(b.clone());
        }
        let b = memory::Buffer::zeroed(bytes, Origin::Other)?;
        self.statics.insert(slot, b.clone());
        Some(b)
    }

    /// A fresh memref of type `mt` with the given sizes and symbols.
    pub fn alloc(
        &mut self,
        op: Op,
        mt: &MemrefType,
        dims: Vec<i64>,
        syms: Vec<i64>,
        origin: Origin,
    ) -> Result<IVal, Stop> {
        self.alloc_memref(op, mt, dims, syms, origin).map(|v| IVal::Memref(Rc::new(v)))
    }

    /// [`Interp::alloc`] as a memref value, counted against [`MAX_ALLOCATED`].
    pub fn alloc_memref(
        &mut self,
        op: Op,
        mt: &MemrefType,
        dims: Vec<i64>,
        syms: Vec<i64>,
        origin: Origin,
    ) -> Result<MemrefVal, Stop> {
        // Counted before the buffer is made (and zeroed).
        let phys = memory::physical_extents(mt, &dims, &syms).map_err(|k| self.trap(op, k))?;
        let bytes = memory::byte_size(if phys.is_empty() { &dims } else { &phys }, &mt.elem).unwrap_or(i64::MAX);
        self.allocated = self.allocated.saturating_add(bytes);
        if self.allocated > MAX_ALLOCATED {
            let detail = format!("the interpreter allocates at most {MAX_ALLOCATED} bytes in a call");
            return Err(self.trap_with(op, TrapKind::OutOfMemory, detail));
        }
        MemrefVal::alloc(mt, dims, syms, origin).map_err(|k| self.trap(op, k))
    }
}

impl IVal {
    /// The lanes of a vector, or the value itself as one lane.
    pub fn lanes(&self) -> Vec<IVal> {
        match self {
            IVal::Vector(l) => l.to_vec(),
            x => vec![x.clone()],
        }
    }

    /// The integer, if this is one.
    pub fn as_int(&self) -> Option<i64> {
        if let IVal::Int(x) = self { Some(*x) } else { None }
    }

    /// The float, if this is one.
    pub fn as_float(&self) -> Option<f64> {
        if let IVal::Float(x) = self { Some(*x) } else { None }
    }
}

/// Apply `f` lane by lane to operands of type `ty` (a scalar or a vector): the result lanes
/// in the same shape.
pub(crate) fn map_lanes(
    ty: &Type,
    args: &[IVal],
    mut f: impl FnMut(&[IVal]) -> Result<IVal, TrapKind>,
) -> Result<IVal, TrapKind> {
    if ty.as_vector().is_none() {
        return f(args);
    }
    let lanes: Vec<Vec<IVal>> = args.iter().map(IVal::lanes).collect();
    let n = lanes.first().map_or(0, Vec::len);
    let mut out = Vec::with_capacity(n);
    let mut cur = Vec::with_capacity(args.len());
    for k in 0..n {
        cur.clear();
        cur.extend(lanes.iter().map(|l| l.get(k).cloned().unwrap_or(IVal::Unit)));
        out.push(f(&cur)?);
    }
    Ok(IVal::Vector(out.into()))
}

impl Interp<'_> {
    /// Run an elementwise op: `f` maps the operands' lanes to the result's lane, over
    /// scalars, vectors (lane by lane) and tensors (element by element, into a new tensor).
    pub fn elementwise(&mut self, op: Op, mut f: impl FnMut(&[IVal]) -> Result<IVal, TrapKind>) -> Result<Flow, Stop> {
        let m = self.m;
        let d = m.op(op);
        let ty = m.value_type(d.results[0]);
        let args = self.get_all(&d.operands)?;
        let out = if let Some(rt) = memory::memref_like(ty).filter(|_| ty.as_tensor().is_some()) {
            // Tensors: every operand that is one is read at the same index.
            let shape = args
                .iter()
                .find_map(|a| if let IVal::Memref(t) = a { Some(t.dims.clone()) } else { None })
                .unwrap_or_else(|| rt.shape.clone());
            let arg_types: Vec<_> = d.operands.iter().map(|&v| memory::memref_like(m.value_type(v))).collect();
            let out = self.alloc_memref(op, &rt, shape, Vec::new(), Origin::Other)?;
            let mut lane = Vec::with_capacity(args.len());
            for idx in out.indices().collect::<Vec<_>>() {
                lane.clear();
                for (a, t) in args.iter().zip(&arg_types) {
                    lane.push(match (a, t) {
                        (IVal::Memref(x), Some(t)) => x.load(t, &idx).map_err(|k| self.trap(op, k))?,
                        (x, _) => x.clone(),
                    });
                }
                let v = f(&lane).map_err(|k| self.trap(op, k))?;
                out.store(&rt, &idx, &v).map_err(|k| self.trap(op, k))?;
            }
            IVal::Memref(Rc::new(out))
        } else {
            map_lanes(ty, &args, f).map_err(|k| self.trap(op, k))?
        };
        self.set(d.results[0], out);
        Ok(Flow::Next)
    }
}

/// A call of one of the runtime's math functions (what an external `func @expf(f32) -> f32`
/// resolves to in generated code), with float arguments of its type.
fn call_math(name: &str, args: &[IVal]) -> Option<Vec<IVal>> {
    let (addr, params, ret) = crate::runtime::math::lookup(name)?;
    let xs: Vec<f64> = args.iter().map(IVal::as_float).collect::<Option<_>>()?;
    if xs.len() != params.len() || params.iter().any(|p| *p != ret) {
        return None;
    }
    // SAFETY: `lookup` gives the address of an `extern "C"` function of exactly `params.len()`
    // arguments of type `ret` returning `ret` (f32 or f64), which these transmutes name.
    let r = unsafe {
        match (&ret, xs.as_slice()) {
            (Type::F64, [x]) => std::mem::transmute::<usize, extern "C" fn(f64) -> f64>(addr)(*x),
            (Type::F64, [x, y]) => std::mem::transmute::<usize, extern "C" fn(f64, f64) -> f64>(addr)(*x, *y),
            (Type::F64, [x, y, z]) => {
                std::mem::transmute::<usize, extern "C" fn(f64, f64, f64) -> f64>(addr)(*x, *y, *z)
            }
            (Type::F32, [x]) => f64::from(std::mem::transmute::<usize, extern "C" fn(f32) -> f32>(addr)(*x as f32)),
            (Type::F32, [x, y]) => {
                f64::from(std::mem::transmute::<usize, extern "C" fn(f32, f32) -> f32>(addr)(*x as f32, *y as f32))
            }
            (Type::F32, [x, y, z]) => f64::from(std::mem::transmute::<usize, extern "C" fn(f32, f32, f32) -> f32>(
                addr,
            )(*x as f32, *y as f32, *z as f32)),
            _ => return None,
        }
    };
    Some(vec![IVal::Float(r)])
}
