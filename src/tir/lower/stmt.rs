//! Statements (tir-spec.md "Semantics of Statements"), buffers and allocations.
//!
//! Buffers: a parameter's buffer is its memref, indexed as TIR indexes it, or (compact, static
//! shape, rank 2 or more) a flat view of it with constant strides. Memory from
//! `Allocate` (and the buffers of blocks and `BufferRealize`) is a flat memref: small constant
//! allocations on the stack (`alloca`), others on the heap (`alloc`, freed when the scope ends).
//! A buffer declared on memory (`DeclBuffer`) reads and writes element `elem_offset + Σ i_k *
//! stride_k` of it.
//!
//! After `return` (`tir.ret`) the statements that follow in the same list are unreachable and
//! are not lowered; a join is reachable when any branch reaching it is.

use crate::dialect::{OpDef, standard as S, vector as V};
use rustc_hash::FxHashMap as HashMap;

use super::builder::Builder;
use super::{LowerError, R, core_type, location};
use crate::ir::{Attribute, Block, FunctionType, Op, Region, Type, Value};
use crate::tir::ast::*;
use crate::tir::dtype::DataType;

/// How a buffer's elements are reached.
#[derive(Clone, Debug)]
pub(super) enum BufRef {
    /// A parameter's memref, indexed like the buffer.
    Direct(Value),
    /// A flat memref: element `offset + Σ i_k * strides[k]` (all `index` values); `unit_last`
    /// when the last stride is the constant 1.
    Flat { memref: Value, offset: Value, strides: Vec<Value>, unit_last: bool },
}

/// Whether `s` holds a loop that stays a loop when lowered (not a `T.unroll` laid out).
fn contains_loop(s: &Stmt) -> bool {
    let mut found = false;
    crate::tir::visit::walk_stmts(s, &mut |x| {
        found |= matches!(x.kind(), StmtKind::For { kind, .. } if *kind != ForKind::Unrolled)
            || matches!(x.kind(), StmtKind::While { .. })
    });
    found
}

/// Whether a loop body is small enough for its loop's branch to matter: no loop inside and at
/// most [`SMALL_BODY_LOADS`] buffer loads.
fn is_small_innermost(body: &Stmt) -> bool {
    let mut has_loop = false;
    crate::tir::visit::walk_stmts(body, &mut |s| {
        has_loop |= matches!(s.kind(), StmtKind::For { .. } | StmtKind::While { .. })
    });
    if has_loop {
        return false;
    }
    let mut loads = 0;
    crate::tir::visit::walk_exprs(body, &mut |e| loads += usize::from(matches!(e.kind(), ExprKind::BufferLoad(..))));
    loads <= SMALL_BODY_LOADS
}

/// Whether a loop body computes on scalars only: no vectorized loop, no vector value (handles
/// aside).
fn is_scalar_code(body: &Stmt) -> bool {
    let mut scalar = true;
    crate::tir::visit::walk_stmts(body, &mut |s| {
        scalar &= !matches!(s.kind(), StmtKind::For { kind: ForKind::Vectorized, .. })
    });
    crate::tir::visit::walk_exprs(body, &mut |e| scalar &= e.dtype().lanes == 1);
    scalar
}

/// Whether a serial loop runs its body at least once: constant bounds, at least one iteration,
/// and an end that its type holds (the rotated loop compares the next value with it).
fn runs_at_least_once(min: &PrimExpr, extent: &PrimExpr, dt: DataType) -> bool {
    let (Some(lo), Some(n)) = (super::const_of(min), super::const_of(extent)) else { return false };
    let end = i128::from(lo) + i128::from(n);
    n >= 1 && (!dt.is_uint() || lo >= 0) && i128::from(crate::tir::arith::wrap_int(end, dt)) == end
}

/// Whether a loop finishes soon enough not to poll for interrupts itself (its back edge is
/// [`S::BOUNDED`]; the loop around it polls): constant trip counts, its own and those of every
/// serial loop inside (no while, parallel or thread loop), whose product is at most
/// [`BOUNDED_WORK`]. A tile loop nest of a schedule then polls only in its outer loops: polls in
/// the middle loops cost ~5% on a tuned conv2d (register pressure around each poll's branch).
fn bounded_work(min: &PrimExpr, extent: &PrimExpr, body: &Stmt) -> bool {
    let Some(mut work) = super::const_of(extent).filter(|_| super::const_of(min).is_some()) else { return false };
    let mut bounded = true;
    crate::tir::visit::walk_stmts(body, &mut |x| match x.kind() {
        StmtKind::For { kind: ForKind::Serial | ForKind::Unrolled | ForKind::Vectorized, extent, .. } => {
            match super::const_of(extent).and_then(|n| work.checked_mul(n.max(1))) {
                Some(w) => work = w,
                None => bounded = false,
            }
        }
        StmtKind::For { .. } | StmtKind::While { .. } => bounded = false,
        _ => {}
    });
    bounded && work <= BOUNDED_WORK
}

/// See [`bounded_work`]: the most iterations of a loop nest that does not poll (a product of
/// trip counts, so an over-estimate of the statements it runs).
const BOUNDED_WORK: i64 = 1 << 16;

/// See [`is_small_innermost`].
const SMALL_BODY_LOADS: usize = 8;

/// The largest allocation put on the stack.
const STACK_LIMIT: i64 = 64 * 1024;

pub(super) struct FnCx<'a, 'm> {
    pub b: Builder<'m>,
    pub f: &'a PrimFunc,
    pub tm: &'a IRModule,
    pub sigs: &'a HashMap<String, FunctionType>,
    pub externs: &'a mut HashMap<String, FunctionType>,
    /// Values of variables (scalars and vectors).
    pub vars: HashMap<u64, Value>,
    /// How each buffer is reached.
    pub buffers: HashMap<u64, BufRef>,
    /// The memory behind a pointer variable (a buffer's data, an allocation).
    pub pointers: HashMap<u64, Value>,
    /// Parallel bodies being lowered (a return cannot leave one).
    pub in_parallel: u32,
    /// Where `T.break_loop()` / `T.continue_loop()` go, for the enclosing loops (innermost
    /// last; `None` for a parallel body, which they cannot leave).
    pub(super) loop_exits: Vec<Option<LoopExits>>,
    /// The current point is unreachable (after a return).
    pub dead: bool,
    /// The function's result type.
    pub ret: Option<Type>,
    /// The serial loops being lowered, innermost last (index arithmetic is hoisted into their
    /// preheaders: Cranelift does not move loop-invariant values out of loops itself).
    loops: Vec<LoopFrame>,
    /// How many loops were open when each scalar variable was bound (parameters: 0).
    depth: HashMap<u64, usize>,
    /// The values a loop variable takes (`[lo, hi]`), for loops with constant bounds.
    ranges: HashMap<u64, (i64, i64)>,
    /// Loads and stores whose every element lies inside their memref for all values of the
    /// loop variables (no bounds check needed; see [`FnCx::in_bounds`]).
    pub proven: Vec<Op>,
    /// Proven loads, with what decides whether they may move ([`super::invariant`]).
    pub movable_candidates: Vec<super::invariant::Candidate>,
}

/// A loop being lowered.
struct LoopFrame {
    /// Where the loop is entered: the block before it, its branch into the header, and the
    /// header (`None` for a parallel body: nothing leaves it).
    entry: Option<(Block, Op, Block)>,
    /// Partial sums of indices passed into the loop as header arguments, keyed by their outer
    /// terms and the multiple of the loop's own variable they include: invariant ones
    /// (Cranelift's e-graph sinks pure values defined outside a loop back into it; an argument
    /// stays put), and strength-reduced ones, `outer + k·var` carried from one iteration to the
    /// next by adding `k` (LLVM's loop strength reduction: an access costs an addition per
    /// iteration instead of an extension, a multiplication and an addition).
    sums: HashMap<(Vec<(u64, i64)>, i64), Value>,
    /// The loop's variable and its first value (a serial loop's).
    var: Option<(u64, Value, DataType)>,
    /// What each header argument after the variable adds per iteration (`k`; 0: invariant).
    steps: Vec<i64>,
    /// The block whose arguments are the loop's (its header; a parallel body's entry), and
    /// the index of the first op lowered in the loop (see [`super::invariant`]).
    head: Block,
    start: usize,
}

impl LoopFrame {
    fn parallel_body(head: Block, start: usize) -> LoopFrame {
        LoopFrame { entry: None, sums: HashMap::default(), var: None, steps: Vec::new(), head, start }
    }
}

/// The targets of a loop's `T.break_loop()` and `T.continue_loop()`.
#[derive(Clone, Copy)]
pub(super) struct LoopExits {
    /// Where the next iteration starts (a serial loop's latch, a while's test).
    next: Block,
    /// After the loop.
    exit: Block,
    /// Whether a continue branched to `next`.
    continued: bool,
}

impl<'a, 'm> FnCx<'a, 'm> {
    pub fn new(
        b: Builder<'m>,
        f: &'a PrimFunc,
        tm: &'a IRModule,
        sigs: &'a HashMap<String, FunctionType>,
        externs: &'a mut HashMap<String, FunctionType>,
    ) -> Self {
        let ret = sigs.get(&f.name).and_then(|t| t.results.first().cloned());
        FnCx {
            b,
            f,
            tm,
            sigs,
            externs,
            vars: HashMap::default(),
            buffers: HashMap::default(),
            pointers: HashMap::default(),
            in_parallel: 0,
            loop_exits: Vec::new(),
            dead: false,
            ret,
            loops: Vec::new(),
            depth: HashMap::default(),
            ranges: HashMap::default(),
            proven: Vec::new(),
            movable_candidates: Vec::new(),
        }
    }

    pub fn err(&self, span: Option<crate::ir::Span>, message: impl Into<String>) -> LowerError {
        LowerError {
            func: self.f.name.clone(),
            loc: location(self.tm, span.or(self.b.span).or(self.f.span)),
            message: message.into(),
        }
    }

    pub fn ty(&self, dt: DataType, span: Option<crate::ir::Span>) -> R<Type> {
        core_type(dt).ok_or_else(|| self.err(span, format!("values of type {dt} are not supported")))
    }

    /// Bind the parameters: scalars to their arguments, buffers to their memrefs, and shape
    /// variables to the memrefs' dimensions.
    pub fn bind_params(&mut self, args: &[Value]) -> R<()> {
        let f = self.f;
        for (p, &a) in f.params.iter().zip(args) {
            match f.buffer_of(p) {
                Some(buf) => {
                    let r = self.param_bufref(a, buf)?;
                    self.buffers.insert(buf.id(), r);
                    self.pointers.insert(buf.data().id(), a);
                }
                None => {
                    self.vars.insert(p.id(), a);
                    self.depth.insert(p.id(), 0);
                }
            }
        }
        for (p, buf) in &f.buffer_map {
            let Some(k) = f.params.iter().position(|x| x == p) else { continue };
            let a = args[k];
            for (d, e) in buf.shape().iter().enumerate() {
                if let Some(v) = e.as_var()
                    && !self.vars.contains_key(&v.id())
                {
                    let dim = self.b.op1(&S::DIM, &[a], Type::Index, vec![("index", Attribute::i64(d as i64))]);
                    let t = self.ty(v.dtype(), v.span())?;
                    let x = self.b.op1(&S::INDEX_CAST, &[dim], t, vec![]);
                    self.vars.insert(v.id(), x);
                }
            }
            // Stride and offset variables: read off the memref's layout (the entry binds them
            // from the DLTensor's strides and byte_offset).
            let layout = buf.strides().iter().enumerate().map(|(k, e)| (Some(k), e));
            for (k, e) in layout.chain(std::iter::once((None, buf.elem_offset()))) {
                if let Some(v) = e.as_var()
                    && !self.vars.contains_key(&v.id())
                {
                    let x = self.layout_value(a, k);
                    let t = self.ty(v.dtype(), v.span())?;
                    let x = self.b.op1(&S::INDEX_CAST, &[x], t, vec![]);
                    self.vars.insert(v.id(), x);
                }
            }
        }
        Ok(())
    }

    /// How a parameter's buffer is reached. A compact buffer of static shape and rank 2 or more
    /// is read through a flat view with constant strides, so each access is one linear sum whose
    /// outer-loop terms are summed before the innermost loop (`A[i, k]` costs `base_i + k`, not
    /// `i * 256 + k`, per iteration); others are indexed as their memref.
    fn param_bufref(&mut self, a: Value, buf: &Buffer) -> R<BufRef> {
        let t = self.b.ty(a);
        let Some(mt) = t.as_memref() else { return Ok(BufRef::Direct(a)) };
        let compact = mt.maps.is_empty() && mt.shape.iter().all(|&d| d >= 0);
        let constant = |es: &[PrimExpr]| es.iter().all(|e| super::const_of(e).is_some());
        if !compact
            || mt.shape.len() < 2
            || buf.shape().len() != mt.shape.len()
            || !buf.strides().is_empty()
            || !constant(buf.shape())
            || !constant(std::slice::from_ref(buf.elem_offset()))
        {
            return Ok(BufRef::Direct(a));
        }
        self.flat_ref(a, buf)
    }

    /// End the function: a final return where the body falls through, and a terminator for
    /// every block left without one (unreachable ones).
    pub fn finish(&mut self) -> R<()> {
        if !self.dead {
            self.emit_return(None)?;
        }
        let region = self.b.region;
        self.terminate_blocks(region, false)?;
        Ok(())
    }

    fn terminate_blocks(&mut self, region: Region, parallel: bool) -> R<()> {
        let blocks: Vec<Block> = self.b.m.region(region).blocks.to_vec();
        for blk in blocks {
            let has_term = self
                .b
                .m
                .terminator(blk)
                .is_some_and(|t| [&S::RETURN, &S::BR, &S::COND_BR, &S::YIELD].iter().any(|d| d.is(self.b.m, t)));
            if !has_term {
                let saved = self.b.block;
                self.b.set(blk);
                if parallel {
                    self.b.op(&S::YIELD, &[], &[], vec![]);
                } else {
                    self.emit_return(None)?;
                }
                self.b.set(saved);
            }
        }
        Ok(())
    }

    /// `return` with `value` (a zero of the result type when the body just ends).
    fn emit_return(&mut self, value: Option<Value>) -> R<()> {
        let operands: Vec<Value> = match (&self.ret, value) {
            (None, _) => Vec::new(),
            (Some(_), Some(v)) => vec![v],
            (Some(t), None) => {
                let t = t.clone();
                vec![self.zero(&t)]
            }
        };
        self.b.op(&S::RETURN, &operands, &[], vec![]);
        Ok(())
    }

    pub fn zero(&mut self, t: &Type) -> Value {
        match t {
            Type::F16 | Type::BF16 | Type::F32 | Type::F64 => self.b.float(t, 0.0),
            Type::Vector(v) => {
                let e = v.elem.clone();
                let z = self.zero(&e);
                self.b.op1(&V::BROADCAST, &[z], t.clone(), vec![])
            }
            _ => self.b.int(t, 0),
        }
    }

    /// Continue in a fresh block no branch reaches.
    fn go_dead(&mut self) {
        self.dead = true;
        let blk = self.b.new_block(&[]);
        self.b.set(blk);
    }

    // ---- statements -----------------------------------------------------------------------------

    pub fn stmt(&mut self, s: &Stmt) -> R<()> {
        if self.dead {
            return Ok(());
        }
        let saved = self.b.span;
        if s.span().is_some() {
            self.b.span = s.span();
        }
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_inner(s));
        self.b.span = saved;
        r
    }

    fn stmt_inner(&mut self, s: &Stmt) -> R<()> {
        let sp = s.span();
        match s.kind() {
            StmtKind::LetStmt { var, value, body } => {
                if var.pointer_type().is_some() {
                    // A pointer alias: the same memory.
                    let src = value.as_var().and_then(|v| self.pointers.get(&v.id()).copied());
                    let Some(mem) = src else {
                        return Err(self.err(sp, format!("pointer '{}' must be bound to a buffer's data", var.name())));
                    };
                    self.pointers.insert(var.id(), mem);
                } else {
                    let v = match value.kind() {
                        // A vector of one value used inside a loop (a weight broadcast in front
                        // of a convolution's inner loop): marked, so that codegen keeps the
                        // vector itself rather than re-broadcasting its scalar in the loop.
                        ExprKind::Broadcast(x, _) if contains_loop(body) => {
                            let x = self.expr(x)?;
                            let t = self.ty(value.dtype(), sp)?;
                            self.b.op1(&V::BROADCAST, &[x], t, vec![(V::LOOP_INVARIANT, Attribute::Unit)])
                        }
                        _ => self.expr(value)?,
                    };
                    self.vars.insert(var.id(), v);
                    self.depth.insert(var.id(), self.loops.len());
                    // A block's iteration variables are bound here: their range is their value's.
                    if let Some((a, b)) = self.range_of(value) {
                        self.ranges.insert(var.id(), (a as i64, b as i64));
                        let r = self.stmt(body);
                        self.ranges.remove(&var.id());
                        return r;
                    }
                }
                self.stmt(body)
            }
            StmtKind::AttrStmt { node, key, value, body } => {
                let var = match node {
                    AttrNode::Var(v) => Some(v.clone()),
                    AttrNode::IterVar(iv) => Some(iv.var.clone()),
                    _ => None,
                };
                match (key.as_str(), var) {
                    ("thread_extent" | "virtual_thread", Some(v)) => {
                        let zero = PrimExpr::int_of(0, value.dtype());
                        self.parallel(&v, &zero, value, body)
                    }
                    _ => self.stmt(body),
                }
            }
            StmtKind::Assert { cond, message, body } => {
                let c = self.expr(cond)?;
                let msg = match message.kind() {
                    ExprKind::StringImm(m) => m.to_string(),
                    _ => match super::const_of(message) {
                        Some(code) => format!("error code {code}"),
                        None => format!("error code {}", crate::tir::script::print_expr(message)),
                    },
                };
                let st = S::ASSERT.state().operand(c).attr("msg", Attribute::string(&msg));
                let st = match self.b.span {
                    Some(x) => st.at(x),
                    None => st,
                };
                self.b.m.insert_op(self.b.block, st);
                self.stmt(body)
            }
            StmtKind::BufferStore { buffer, value, indices } => {
                let v = self.expr(value)?;
                self.store(buffer, indices, v, value.dtype())
            }
            StmtKind::BufferRealize { buffer, body, .. } => {
                let (mem, heap) = self.allocate(buffer.dtype(), buffer.shape())?;
                self.pointers.insert(buffer.data().id(), mem);
                self.declare(buffer)?;
                self.stmt(body)?;
                self.free(mem, heap);
                Ok(())
            }
            StmtKind::Allocate { var, dtype, extents, cond, body, .. } => {
                if super::const_of(cond) == Some(1) {
                    let (mem, heap) = self.allocate(*dtype, extents)?;
                    self.pointers.insert(var.id(), mem);
                    self.stmt(body)?;
                    self.free(mem, heap);
                    return Ok(());
                }
                // Allocate (and run the body) only when the condition holds.
                let c = self.expr(cond)?;
                let (then_b, join) = (self.b.new_block(&[]), self.b.new_block(&[]));
                self.b.cond_br(c, then_b, &[], join, &[]);
                self.b.set(then_b);
                let (mem, heap) = self.allocate(*dtype, extents)?;
                self.pointers.insert(var.id(), mem);
                self.stmt(body)?;
                if !self.dead {
                    self.free(mem, heap);
                    self.b.br(join, &[]);
                }
                self.dead = false;
                self.b.set(join);
                Ok(())
            }
            StmtKind::DeclBuffer { buffer, body } => {
                self.declare(buffer)?;
                self.stmt(body)
            }
            StmtKind::Seq(list) => {
                for x in list {
                    self.stmt(x)?;
                }
                Ok(())
            }
            StmtKind::IfThenElse { cond, then_case, else_case } => {
                let c = self.expr(cond)?;
                let then_b = self.b.new_block(&[]);
                let join = self.b.new_block(&[]);
                let else_b = if else_case.is_some() { self.b.new_block(&[]) } else { join };
                self.b.cond_br(c, then_b, &[], else_b, &[]);
                self.b.set(then_b);
                self.stmt(then_case)?;
                let then_dead = self.dead;
                if !self.dead {
                    self.b.br(join, &[]);
                }
                let mut else_dead = false;
                if let Some(e) = else_case {
                    self.dead = false;
                    self.b.set(else_b);
                    self.stmt(e)?;
                    else_dead = self.dead;
                    if !self.dead {
                        self.b.br(join, &[]);
                    }
                }
                self.b.set(join);
                self.dead = then_dead && else_dead;
                Ok(())
            }
            StmtKind::Evaluate(v) => {
                if let ExprKind::Call(Callee::Builtin(n), args) = v.kind()
                    && &**n == "tir.ret"
                {
                    if self.in_parallel > 0 {
                        return Err(self.err(sp, "a return inside a parallel loop is not supported"));
                    }
                    let x = self.expr(&args[0])?;
                    let x = match &self.ret {
                        Some(t) if self.b.ty(x) != *t => {
                            return Err(self.err(
                                sp,
                                format!("the returned value has type {}, the function returns {t}", self.b.ty(x)),
                            ));
                        }
                        _ => x,
                    };
                    self.emit_return(Some(x))?;
                    self.go_dead();
                    return Ok(());
                }
                // Constants and variables have no effect.
                if matches!(
                    v.kind(),
                    ExprKind::IntImm(_) | ExprKind::FloatImm(_) | ExprKind::StringImm(_) | ExprKind::Var(_)
                ) {
                    return Ok(());
                }
                self.expr(v)?;
                Ok(())
            }
            StmtKind::For { var, min, extent, kind, body, .. } => match kind {
                ForKind::Parallel | ForKind::ThreadBinding(_) => self.parallel(var, min, extent, body),
                // Unrolled loops are laid out; so is a serial loop of one iteration (schedules
                // leave many: a loop would cost a test, a branch and registers around it).
                ForKind::Unrolled | ForKind::Serial
                    if super::const_of(extent)
                        .is_some_and(|n| if *kind == ForKind::Unrolled { (0..=1024).contains(&n) } else { n == 1 })
                        && super::const_of(min).is_some()
                        && !body.has_loop_exit() =>
                {
                    let (lo, n) = (super::const_of(min).unwrap_or(0), super::const_of(extent).unwrap_or(0));
                    let t = self.ty(var.dtype(), var.span())?;
                    for k in 0..n {
                        if self.dead {
                            break;
                        }
                        let c = self.b.int(&t, lo + k);
                        self.vars.insert(var.id(), c);
                        self.stmt(body)?;
                    }
                    Ok(())
                }
                _ => self.serial(var, min, extent, body),
            },
            StmtKind::While { cond, body } => {
                let head = self.b.new_block(&[]);
                self.b.br(head, &[]);
                self.b.set(head);
                let c = self.expr(cond)?;
                let c = self.truth(c, cond.dtype())?;
                let (body_b, exit) = (self.b.new_block(&[]), self.b.new_block(&[]));
                self.b.cond_br(c, body_b, &[], exit, &[]);
                self.b.set(body_b);
                self.loop_exits.push(Some(LoopExits { next: head, exit, continued: false }));
                let r = self.stmt(body);
                self.loop_exits.pop();
                r?;
                if !self.dead {
                    self.b.br(head, &[]);
                }
                self.dead = false;
                self.b.set(exit);
                Ok(())
            }
            StmtKind::Break | StmtKind::Continue => {
                let is_break = matches!(s.kind(), StmtKind::Break);
                let Some(Some(frame)) = self.loop_exits.last_mut() else {
                    let what = if is_break { "T.break_loop()" } else { "T.continue_loop()" };
                    return Err(self.err(sp, format!("{what} is not inside a serial loop")));
                };
                let target = if is_break {
                    frame.exit
                } else {
                    frame.continued = true;
                    frame.next
                };
                self.b.br(target, &[]);
                self.go_dead();
                Ok(())
            }
            StmtKind::BlockRealize { .. } => Err(self.err(sp, "a block was not lowered (internal error)")),
        }
    }

    /// An integer scalar as an `i1` truth value (non-zero is true).
    fn truth(&mut self, v: Value, dt: DataType) -> R<Value> {
        if dt.is_bool() {
            return Ok(v);
        }
        let t = self.b.ty(v);
        let z = self.b.int(&t, 0);
        Ok(self.cmpi("ne", v, z))
    }

    pub fn cmpi(&mut self, pred: &str, a: Value, b: Value) -> Value {
        let k = crate::dialect::standard::semantics::CMPI_PREDICATES.iter().position(|p| *p == pred).unwrap_or(0);
        let t = self.b.ty(a);
        let rt = match t.as_vector() {
            Some(v) => Type::vector(v.shape.clone(), Type::Integer(1)).unwrap_or(Type::Integer(1)),
            None => Type::Integer(1),
        };
        self.b.op1(&S::CMPI, &[a, b], rt, vec![("predicate", Attribute::i64(k as i64))])
    }

    pub fn cmpf(&mut self, pred: &str, a: Value, b: Value) -> Value {
        let k = crate::dialect::standard::semantics::CMPF_PREDICATES.iter().position(|p| *p == pred).unwrap_or(0);
        let t = self.b.ty(a);
        let rt = match t.as_vector() {
            Some(v) => Type::vector(v.shape.clone(), Type::Integer(1)).unwrap_or(Type::Integer(1)),
            None => Type::Integer(1),
        };
        self.b.op1(&S::CMPF, &[a, b], rt, vec![("predicate", Attribute::i64(k as i64))])
    }

    /// `min` and `min + extent` of a loop in the loop variable's type (IntImm bounds promoted).
    fn bounds(&mut self, var: &Var, min: &PrimExpr, extent: &PrimExpr) -> R<(Value, Value, Type)> {
        let t = self.ty(var.dtype(), var.span())?;
        let lo = self.expr_in(min, var.dtype())?;
        let end = match (super::const_of(min), super::const_of(extent)) {
            (Some(a), Some(e)) => {
                self.b.int(&t, crate::tir::arith::wrap_int(i128::from(a) + i128::from(e), var.dtype()))
            }
            _ => {
                let e = self.expr_in(extent, var.dtype())?;
                self.b.op1(&S::ADDI, &[lo, e], t.clone(), vec![])
            }
        };
        Ok((lo, end, t))
    }

    /// Record the values a loop variable takes in its body: `[min, min + extent - 1]` when both
    /// are constants, the type is signed and the end fits it (otherwise nothing is known).
    fn enter_range(&mut self, var: &Var, min: &PrimExpr, extent: &PrimExpr) {
        let dt = var.dtype();
        if let (Some(lo), Some(n), true) = (super::const_of(min), super::const_of(extent), is_signed_scalar(dt))
            && n >= 1
            && (1..=64).contains(&dt.bits)
        {
            let hi = i128::from(lo) + i128::from(n) - 1;
            let max = (1i128 << (dt.bits - 1)) - 1;
            if hi <= max {
                self.ranges.insert(var.id(), (lo, hi as i64));
            }
        }
    }

    /// Whether `Σ k·atom + constant + [0, span)` lies in `[0, len)` for every value of the
    /// atoms: each atom must be a loop variable with a known range (or a constant). Computed
    /// exactly in 128 bits; the emitted index computes the same sum modulo 2⁶⁴, which is the
    /// same number when the exact sum lies in `[0, len)`.
    fn in_bounds(&self, terms: &[(PrimExpr, i64)], constant: i64, span: i64, len: i64) -> bool {
        let (mut lo, mut hi) = (i128::from(constant), i128::from(constant) + i128::from(span) - 1);
        for (atom, k) in terms.iter().filter(|(_, k)| *k != 0) {
            let Some((a, b)) = self.range_of(atom) else { return false };
            let (x, y) = (i128::from(*k) * a, i128::from(*k) * b);
            lo = lo.saturating_add(x.min(y));
            hi = hi.saturating_add(x.max(y));
        }
        lo >= 0 && hi < i128::from(len)
    }

    /// The values a signed integer expression can take here (`tir::arith::range_of` with this
    /// function's loop variable ranges and constants).
    fn range_of(&self, e: &PrimExpr) -> Option<(i128, i128)> {
        crate::tir::arith::range_of(e, &|v| match self.ranges.get(&v.id()) {
            Some(&(a, b)) => Some((i128::from(a), i128::from(b))),
            None => {
                let c = self.vars.get(&v.id()).and_then(|&x| self.b.const_int(x))?;
                Some((i128::from(c), i128::from(c)))
            }
        })
    }

    /// The number of elements of a flat memref, when it is known here: a static type, or a
    /// reshape of a statically shaped memref.
    fn memref_len(&self, mem: Value) -> Option<i64> {
        let static_len = |t: &Type| {
            let mt = t.as_memref()?;
            if !mt.maps.is_empty() {
                return None;
            }
            mt.shape.iter().try_fold(1i64, |a, &d| if d < 0 { None } else { a.checked_mul(d) })
        };
        if let Some(n) = static_len(&self.b.ty(mem)) {
            return Some(n);
        }
        let crate::ir::ValueDef::Result(op, 0) = self.b.m.value(mem).def else { return None };
        if S::RESHAPE.is(self.b.m, op) {
            let src = *self.b.m.op(op).operands.first()?;
            return static_len(&self.b.ty(src));
        }
        None
    }

    /// An expression converted to `dt` (loop bounds narrower than the loop variable).
    fn expr_in(&mut self, e: &PrimExpr, dt: DataType) -> R<Value> {
        if e.dtype() == dt {
            return self.expr(e);
        }
        match super::const_of(e) {
            Some(c) => {
                let t = self.ty(dt, e.span())?;
                Ok(self.b.int(&t, c))
            }
            None => {
                let v = self.expr(e)?;
                self.cast(v, e.dtype(), dt)
            }
        }
    }

    /// A serial loop: `for var in [min, min + extent)`.
    fn serial(&mut self, var: &Var, min: &PrimExpr, extent: &PrimExpr, body: &Stmt) -> R<()> {
        let (lo, end, t) = self.bounds(var, min, extent)?;
        // A loop known to run at least once tests at its end (rotated, as LLVM's loop rotation
        // leaves loops for TVM): an iteration then takes one branch, the back edge.
        // A large scalar innermost body keeps the test in front: there Cranelift's e-graph
        // computes after all the loads (the naive conv2d's 18), and the rotated back edge got the
        // loop-carried sum spilled (110 -> 145 ms); vector bodies and outer loops gain (a tuned
        // conv2d and matmul 512: 6-12% fewer instructions).
        let rotated = runs_at_least_once(min, extent, var.dtype())
            && (contains_loop(body) || is_small_innermost(body) || !is_scalar_code(body));
        let start = self.b.m.num_ops();
        let head = self.b.new_block(std::slice::from_ref(&t));
        let (body_b, exit) = (if rotated { head } else { self.b.new_block(&[]) }, self.b.new_block(&[]));
        self.b.br(head, &[lo]);
        let preheader = self.b.block;
        let entry_br = *self.b.m.block(preheader).ops.last().unwrap_or_else(|| unreachable!("br was just added"));
        self.b.set(head);
        let i = self.b.m.block(head).args[0];
        let unsigned = var.dtype().is_uint();
        if !rotated && is_small_innermost(body) {
            // The exit as the branch's first target: Cranelift then lays the body out right
            // after the test, so an iteration takes one taken branch (the jump back), not two.
            // Measured: naive matmul's k loop 19 -> 13.5 ms. Larger bodies keep the exit first:
            // the branch is noise there, and the conv2d benchmark's unrolled window (18 loads)
            // got its accumulator spilled in the other layout (93 -> 122 ms).
            let done = self.cmpi(if unsigned { "uge" } else { "sge" }, i, end);
            self.b.cond_br(done, exit, &[], body_b, &[]);
        } else if !rotated {
            let more = self.cmpi(if unsigned { "ult" } else { "slt" }, i, end);
            self.b.cond_br(more, body_b, &[], exit, &[]);
        }
        self.b.set(body_b);
        self.vars.insert(var.id(), i);
        self.loops.push(LoopFrame {
            entry: Some((preheader, entry_br, head)),
            sums: HashMap::default(),
            var: Some((var.id(), lo, var.dtype())),
            steps: Vec::new(),
            head,
            start,
        });
        self.depth.insert(var.id(), self.loops.len());
        self.enter_range(var, min, extent);
        // A body that may continue gets a latch (the increment) to branch to.
        let latch = body.has_loop_exit().then(|| self.b.new_block(&[]));
        self.loop_exits.push(Some(LoopExits { next: latch.unwrap_or(head), exit, continued: false }));
        let r = self.stmt(body);
        let frame = self.loop_exits.pop().flatten();
        self.ranges.remove(&var.id());
        let steps = self.loops.pop().map(|f| f.steps).unwrap_or_default();
        r?;
        if let Some(latch) = latch {
            if !self.dead {
                self.b.br(latch, &[]);
            }
            self.dead = !frame.is_some_and(|f| f.continued) && self.dead;
            self.b.set(latch);
        }
        if !self.dead {
            let one = self.b.int(&t, 1);
            let next = self.b.op1(&S::ADDI, &[i, one], t, vec![]);
            // Strength-reduced sums advance by their step; hoisted values pass through
            // unchanged, as `x + 0`: Cranelift removes a block parameter that receives only
            // itself and one other value, and would then sink the computation back into the loop.
            let mut args = vec![next];
            let extra: Vec<Value> = self.b.m.block(head).args[1..].to_vec();
            for (x, step) in extra.into_iter().zip(steps.into_iter().chain(std::iter::repeat(0))) {
                let k = self.b.index(step);
                args.push(self.b.op1(&S::ADDI, &[x, k], Type::Index, vec![]));
            }
            let bounded = bounded_work(min, extent, body);
            if rotated {
                let more = self.cmpi(if unsigned { "ult" } else { "slt" }, next, end);
                self.b.cond_br_back(more, head, &args, exit, bounded);
            } else if bounded {
                self.b.br_bounded(head, &args);
            } else {
                self.b.br(head, &args);
            }
        }
        self.dead = false;
        self.b.set(exit);
        Ok(())
    }

    /// A parallel loop over `[min, min + extent)`: the body in a `parallel_for` region.
    fn parallel(&mut self, var: &Var, min: &PrimExpr, extent: &PrimExpr, body: &Stmt) -> R<()> {
        let (lo, end, t) = self.bounds(var, min, extent)?;
        let lo = self.b.op1(&S::INDEX_CAST, &[lo], Type::Index, vec![]);
        let end = self.b.op1(&S::INDEX_CAST, &[end], Type::Index, vec![]);
        let region = self.b.m.create_region();
        let entry = self.b.m.append_block(region, &[Type::Index]);
        let mut st = S::PARALLEL_FOR.state().operand(lo).operand(end).region(region);
        if let Some(s) = self.b.span {
            st = st.at(s);
        }
        self.b.m.insert_op(self.b.block, st);
        let (saved_block, saved_region) = (self.b.block, self.b.region);
        self.b.region = region;
        self.b.set(entry);
        let k = self.b.m.block(entry).args[0];
        let i = self.b.op1(&S::INDEX_CAST, &[k], t, vec![]);
        self.loops.push(LoopFrame::parallel_body(entry, self.b.m.num_ops()));
        self.depth.insert(var.id(), self.loops.len());
        self.vars.insert(var.id(), i);
        self.enter_range(var, min, extent);
        self.in_parallel += 1;
        self.loop_exits.push(None);
        let r = self.stmt(body);
        self.loop_exits.pop();
        self.in_parallel -= 1;
        self.ranges.remove(&var.id());
        self.loops.pop();
        r?;
        if !self.dead {
            self.b.op(&S::YIELD, &[], &[], vec![]);
        }
        self.dead = false;
        self.terminate_blocks(region, true)?;
        self.b.region = saved_region;
        self.b.set(saved_block);
        Ok(())
    }

    // ---- memory ---------------------------------------------------------------------------------

    /// Memory for `extents` elements of `dtype`: a flat memref, on the stack when small and
    /// constant; whether it is on the heap.
    fn allocate(&mut self, dtype: DataType, extents: &[PrimExpr]) -> R<(Value, bool)> {
        let elem = self.ty(dtype, None)?;
        let consts: Option<Vec<i64>> = extents.iter().map(super::const_of).collect();
        let bytes_per = i64::try_from(dtype.bytes()).unwrap_or(1);
        if let Some(c) = &consts {
            let n = c.iter().try_fold(1i64, |a, &d| a.checked_mul(d.max(0)));
            if let Some(n) = n
                && n.checked_mul(bytes_per).is_some()
            {
                // A static type either way: its accesses can be proven in bounds.
                let ty = Type::memref(vec![n.max(1)], elem, Vec::new(), None).map_err(|e| self.err(None, e))?;
                let (def, heap) = if n * bytes_per <= STACK_LIMIT { (&S::ALLOCA, false) } else { (&S::ALLOC, true) };
                return Ok((self.b.op1(def, &[], ty, vec![]), heap));
            }
        }
        let mut n = self.b.index(1);
        for e in extents {
            let x = self.expr(e)?;
            let x = self.index_of(x, e.dtype());
            n = self.b.op1(&S::MULI, &[n, x], Type::Index, vec![]);
        }
        let ty = Type::memref(vec![crate::ir::DYNAMIC], elem, Vec::new(), None).map_err(|e| self.err(None, e))?;
        Ok((self.b.op1(&S::ALLOC, &[n], ty, vec![]), true))
    }

    fn free(&mut self, mem: Value, heap: bool) {
        if heap && !self.dead {
            self.b.op(&S::DEALLOC, &[mem], &[], vec![]);
        }
    }

    /// Declare a buffer on the memory of its data pointer.
    fn declare(&mut self, buf: &Buffer) -> R<()> {
        let Some(&mem) = self.pointers.get(&buf.data().id()) else {
            return Err(self.err(
                buf.span(),
                format!("the data of buffer '{}' is not memory this function can reach", buf.name()),
            ));
        };
        let r = self.flat_ref(mem, buf)?;
        self.buffers.insert(buf.id(), r);
        Ok(())
    }

    /// A buffer on memory `mem`: element `elem_offset + Σ i_k * stride_k` of its flat view.
    fn flat_ref(&mut self, mem: Value, buf: &Buffer) -> R<BufRef> {
        let mut flat = self.flat_memref(mem)?;
        let elem = self.ty(buf.dtype(), buf.span())?;
        let mt = self.b.ty(flat).as_memref().cloned();
        if let Some(mt) = mt
            && mt.elem != elem
        {
            // Declared with another element type than its memory has (TVM's storage rewrite
            // shares one allocation between buffers of different types): the same bytes.
            let ty = Type::memref(vec![crate::ir::DYNAMIC], elem, Vec::new(), mt.memory_space.clone())
                .map_err(|e| self.err(buf.span(), e))?;
            flat = self.b.op1(&S::MEMREF_BITCAST, &[flat], ty, vec![]);
        }
        let strides_e = crate::tir::transform::blocks::strides_of(buf);
        let mut strides = Vec::with_capacity(strides_e.len());
        for s in &strides_e {
            strides.push(self.index_value(s)?);
        }
        let offset = self.index_value(buf.elem_offset())?;
        let unit_last = strides_e.last().is_none_or(|s| super::const_of(s) == Some(1));
        Ok(BufRef::Flat { memref: flat, offset, strides, unit_last })
    }

    /// The offset (`None`) or stride `k` of a memref, in elements, as an `index`.
    fn layout_value(&mut self, mem: Value, k: Option<usize>) -> Value {
        match k {
            Some(k) => self.b.op1(&S::MEMREF_STRIDE, &[mem], Type::Index, vec![("index", Attribute::i64(k as i64))]),
            None => self.b.op1(&S::MEMREF_OFFSET, &[mem], Type::Index, vec![]),
        }
    }

    /// A one-dimensional view of memory from its base (a parameter's memref is reshaped to its
    /// element count; a strided one is viewed from its data pointer up to its last element).
    fn flat_memref(&mut self, mem: Value) -> R<Value> {
        let t = self.b.ty(mem);
        let Some(mt) = t.as_memref().cloned() else { return Err(self.err(None, "not a memref")) };
        if mt.shape.len() == 1 && mt.maps.is_empty() {
            return Ok(mem);
        }
        if !mt.maps.is_empty() {
            // offset + Σ (d_k - 1) * s_k + 1 elements from the base (none left out for empty
            // dimensions: the view is only as large as bounds checks need).
            let mut n = self.layout_value(mem, None);
            let one = self.b.index(1);
            n = self.b.op1(&S::ADDI, &[n, one], Type::Index, vec![]);
            for k in 0..mt.shape.len() {
                let d = self.b.op1(&S::DIM, &[mem], Type::Index, vec![("index", Attribute::i64(k as i64))]);
                let d = self.b.op1(&S::SUBI, &[d, one], Type::Index, vec![]);
                let zero = self.b.index(0);
                let neg = self.cmpi("slt", d, zero);
                let d = self.b.op1(&S::SELECT, &[neg, zero, d], Type::Index, vec![]);
                let s = self.layout_value(mem, Some(k));
                let p = self.b.op1(&S::MULI, &[d, s], Type::Index, vec![]);
                n = self.b.op1(&S::ADDI, &[n, p], Type::Index, vec![]);
            }
            let flat = Type::memref(vec![crate::ir::DYNAMIC], mt.elem.clone(), Vec::new(), mt.memory_space.clone())
                .map_err(|e| self.err(None, e))?;
            return Ok(self.b.op1(&S::VIEW, &[mem, n], flat, vec![]));
        }
        let mut n = self.b.index(1);
        for k in 0..mt.shape.len() {
            let d = self.b.op1(&S::DIM, &[mem], Type::Index, vec![("index", Attribute::i64(k as i64))]);
            n = self.b.op1(&S::MULI, &[n, d], Type::Index, vec![]);
        }
        let flat =
            Type::memref(vec![crate::ir::DYNAMIC], mt.elem.clone(), Vec::new(), None).map_err(|e| self.err(None, e))?;
        Ok(self.b.op1(&S::RESHAPE, &[mem, n], flat, vec![]))
    }

    /// A signed integer expression (a buffer index, a stride) computed as an `index`, from its
    /// linear form `Σ k·atom + c`: sums and products with constants are distributed (TVM's
    /// flattened `((f*64 + c)*3 + r)*3 + s` becomes `f*576 + c*9 + r*3 + s`), variables whose
    /// value here is a constant (an unrolled loop's) join `c`, the atoms bound furthest out
    /// come first so their partial sum is loop-invariant, and `c` is added last so it folds
    /// into the address. (TIR indices do not overflow: an overflowing one would be out of
    /// bounds, which has no defined meaning.)
    pub fn index_value(&mut self, e: &PrimExpr) -> R<Value> {
        if !is_signed_scalar(e.dtype()) {
            let v = self.expr(e)?;
            return Ok(self.index_of(v, e.dtype()));
        }
        let mut terms: Vec<(PrimExpr, i64)> = Vec::new();
        let mut constant = 0i64;
        self.linearize(e, 1, &mut terms, &mut constant);
        self.emit_linear(terms, constant, None)
    }

    /// `Σ k·atom (+ extra) + constant` as an `index`: the terms of variables bound outside the
    /// innermost loop, and its own variable's, carried by the loop (see [`Self::sum_at`]), then
    /// the others, outer atoms first, the constant last.
    fn emit_linear(&mut self, mut terms: Vec<(PrimExpr, i64)>, constant: i64, extra: Option<Value>) -> R<Value> {
        // Outer variables have smaller ids (they are made first).
        terms.retain(|(_, k)| *k != 0);
        terms.sort_by_key(|(a, _)| max_var_id(a));
        let mut acc = self.sum_at(self.loops.len(), terms)?;
        if let Some(x) = extra {
            acc = Some(match acc {
                Some(a) => self.b.op1(&S::ADDI, &[a, x], Type::Index, vec![]),
                None => x,
            });
        }
        Ok(match acc {
            None => self.b.index(constant),
            Some(a) if constant == 0 => a,
            Some(a) => {
                let c = self.b.index(constant);
                self.b.op1(&S::ADDI, &[a, c], Type::Index, vec![])
            }
        })
    }

    /// `Σ k·atom` at the current point, inside the first `level` open loops. In a serial loop,
    /// the terms of variables bound outside it and of its own variable are one sum the loop
    /// carries as a header argument: computed in its preheader (the outer part the same way, one
    /// loop out) and advanced by `k` each iteration (LLVM's loop strength reduction: an access
    /// then costs an addition per iteration, not an extension, a multiplication and an
    /// addition per term, and a loop entered often does not recompute its outer sums). The
    /// other terms (variables bound in the loop's body) are computed here.
    fn sum_at(&mut self, level: usize, terms: Vec<(PrimExpr, i64)>) -> R<Option<Value>> {
        let Some(frame) = level.checked_sub(1).and_then(|i| self.loops.get(i)).filter(|f| f.entry.is_some()) else {
            return self.sum_terms(terms, None);
        };
        let own = frame.var;
        let outer = |cx: &Self, a: &PrimExpr| {
            a.as_var()
                .is_some_and(|v| cx.depth.get(&v.id()).is_some_and(|&d| d < level) && cx.vars.contains_key(&v.id()))
        };
        let (outside, mut here): (Vec<_>, Vec<_>) = terms.into_iter().partition(|(a, _)| outer(self, a));
        let mut stride = 0;
        if let Some((id, _, _)) = own
            && let Some(p) = here.iter().position(|(a, _)| a.as_var().is_some_and(|v| v.id() == id))
        {
            stride = here.remove(p).1;
        }
        if outside.is_empty() && stride == 0 {
            return self.sum_terms(here, None);
        }
        let key: Vec<(u64, i64)> = outside.iter().map(|(a, k)| (a.as_var().map_or(0, Var::id), *k)).collect();
        let key = (key, stride);
        let carried = match self.loops[level - 1].sums.get(&key).copied() {
            Some(v) => v,
            None => {
                let v = self.in_preheader(level, |cx| {
                    let sum = cx.sum_at(level - 1, outside)?;
                    let Some((_, lo, dt)) = own.filter(|_| stride != 0) else { return Ok(sum) };
                    // The first iteration's value: `outer + k·lo`.
                    let lo = cx.index_of(lo, dt);
                    let k = cx.b.index(stride);
                    let first = cx.b.op1(&S::MULI, &[lo, k], Type::Index, vec![]);
                    Ok(Some(match sum {
                        Some(s) => cx.b.op1(&S::ADDI, &[s, first], Type::Index, vec![]),
                        None => first,
                    }))
                })?;
                let v = match v {
                    Some(v) => {
                        self.loops[level - 1].steps.push(stride);
                        v
                    }
                    None => self.b.index(0),
                };
                self.loops[level - 1].sums.insert(key, v);
                v
            }
        };
        self.sum_terms(here, Some(carried))
    }

    /// An `index` computed by `f` before the loop `level` (1-based), as its header's argument.
    fn in_preheader(&mut self, level: usize, f: impl FnOnce(&mut Self) -> R<Option<Value>>) -> R<Option<Value>> {
        let Some((pre, br, head)) = level.checked_sub(1).and_then(|i| self.loops.get(i)).and_then(|l| l.entry) else {
            return f(self);
        };
        self.b.m.detach_op(br);
        let saved = self.b.block;
        self.b.block = pre;
        let r = f(self);
        self.b.block = saved;
        self.b.m.append_op(pre, br);
        let Some(v) = r? else { return Ok(None) };
        self.b.m.op_mut(br).successors[0].args.push(v);
        Ok(Some(self.b.m.add_block_arg(head, Type::Index)))
    }

    /// `acc + Σ k·atom` (in order).
    fn sum_terms(&mut self, terms: Vec<(PrimExpr, i64)>, mut acc: Option<Value>) -> R<Option<Value>> {
        for (atom, k) in terms {
            if k == 0 {
                continue;
            }
            let v = self.expr(&atom)?;
            let v = self.index_of(v, atom.dtype());
            acc = Some(match (acc, k) {
                (Some(a), -1) => self.b.op1(&S::SUBI, &[a, v], Type::Index, vec![]),
                (a, k) => {
                    let t = if k == 1 {
                        v
                    } else {
                        let kv = self.b.index(k);
                        self.b.op1(&S::MULI, &[v, kv], Type::Index, vec![])
                    };
                    match a {
                        Some(a) => self.b.op1(&S::ADDI, &[a, t], Type::Index, vec![]),
                        None => t,
                    }
                }
            });
        }
        Ok(acc)
    }

    /// Add `k·e` to a linear form (terms of one atom merged).
    fn linearize(&self, e: &PrimExpr, k: i64, terms: &mut Vec<(PrimExpr, i64)>, constant: &mut i64) {
        if let Some(c) = super::const_of(e) {
            *constant = constant.wrapping_add(k.wrapping_mul(c));
            return;
        }
        if is_signed_scalar(e.dtype()) {
            match e.kind() {
                ExprKind::Binary(BinOp::Add, a, b) => {
                    self.linearize(a, k, terms, constant);
                    return self.linearize(b, k, terms, constant);
                }
                ExprKind::Binary(BinOp::Sub, a, b) => {
                    self.linearize(a, k, terms, constant);
                    return self.linearize(b, k.wrapping_neg(), terms, constant);
                }
                ExprKind::Binary(BinOp::Mul, a, b) => {
                    if let Some(c) = super::const_of(b) {
                        return self.linearize(a, k.wrapping_mul(c), terms, constant);
                    }
                    if let Some(c) = super::const_of(a) {
                        return self.linearize(b, k.wrapping_mul(c), terms, constant);
                    }
                }
                ExprKind::Cast(x) if is_signed_scalar(x.dtype()) && x.dtype().bits <= e.dtype().bits => {
                    return self.linearize(x, k, terms, constant);
                }
                ExprKind::Var(v) => {
                    if let Some(c) = self.vars.get(&v.id()).and_then(|&x| self.b.const_int(x)) {
                        *constant = constant.wrapping_add(k.wrapping_mul(c));
                        return;
                    }
                }
                _ => {}
            }
        }
        match terms.iter_mut().find(|(a, _)| a.same_node(e) || same_var(a, e)) {
            Some((_, c)) => *c = c.wrapping_add(k),
            None => terms.push((e.clone(), k)),
        }
    }

    /// An integer as an `index` (signed types sign-extend, unsigned zero-extend).
    pub fn index_of(&mut self, v: Value, dt: DataType) -> Value {
        if self.b.ty(v).is_index() {
            return v;
        }
        if dt.is_uint() && dt.bits < 64 {
            let w = self.b.op1(&S::ZEXTI, &[v], Type::Integer(64), vec![]);
            return self.b.op1(&S::INDEX_CAST, &[w], Type::Index, vec![]);
        }
        self.b.op1(&S::INDEX_CAST, &[v], Type::Index, vec![])
    }

    fn bufref(&self, b: &Buffer, span: Option<crate::ir::Span>) -> R<BufRef> {
        self.buffers
            .get(&b.id())
            .cloned()
            .ok_or_else(|| self.err(span, format!("buffer '{}' is not declared here", b.name())))
    }

    /// The memref and indices of scalar indices into a buffer.
    fn address(&mut self, r: &BufRef, idx: &[Value]) -> (Value, Vec<Value>) {
        match r {
            BufRef::Direct(m) => {
                // A 0-d buffer accessed as `A[0]`.
                let rank = self.b.ty(*m).as_memref().map_or(0, |t| t.shape.len());
                (*m, idx.iter().copied().take(rank).collect())
            }
            BufRef::Flat { memref, offset, strides, .. } => {
                let mut lin = *offset;
                for (i, s) in idx.iter().zip(strides) {
                    let p = self.b.op1(&S::MULI, &[*i, *s], Type::Index, vec![]);
                    lin = self.b.op1(&S::ADDI, &[lin, p], Type::Index, vec![]);
                }
                (*memref, vec![lin])
            }
        }
    }

    /// The memref and indices of an element at scalar `indices`. A flat buffer with constant
    /// strides gets one linear index `offset + Σ i_k·s_k` formed as a whole (see
    /// [`Self::index_value`]), so constant parts of every index join its displacement.
    /// Also whether the `elems` consecutive elements from there are proven to lie inside the
    /// memref (see [`Self::in_bounds`]).
    fn address_of(&mut self, r: &BufRef, indices: &[PrimExpr], elems: i64) -> R<(Value, Vec<Value>, bool)> {
        if let BufRef::Flat { memref, offset, strides, .. } = r {
            let consts: Option<Vec<i64>> = strides.iter().map(|&s| self.b.const_int(s)).collect();
            if let Some(consts) = consts
                && consts.len() == indices.len()
                && indices.iter().all(|i| is_signed_scalar(i.dtype()))
            {
                let mut terms = Vec::new();
                let mut constant = 0i64;
                for (i, s) in indices.iter().zip(&consts) {
                    self.linearize(i, *s, &mut terms, &mut constant);
                }
                let rest = match self.b.const_int(*offset) {
                    Some(c) => {
                        constant = constant.wrapping_add(c);
                        None
                    }
                    None => Some(*offset),
                };
                let proven = rest.is_none()
                    && self.memref_len(*memref).is_some_and(|len| self.in_bounds(&terms, constant, elems, len));
                let lin = self.emit_linear(terms, constant, rest)?;
                return Ok((*memref, vec![lin], proven));
            }
        }
        let proven = match r {
            BufRef::Direct(m) => self.direct_in_bounds(*m, indices, elems),
            BufRef::Flat { .. } => false,
        };
        let idx = self.scalar_indices(indices)?;
        let (m, idx) = self.address(r, &idx);
        Ok((m, idx, proven))
    }

    /// Whether indices into a memref indexed like its buffer stay inside each of its static
    /// dimensions (the last one for `elems` consecutive elements).
    fn direct_in_bounds(&self, mem: Value, indices: &[PrimExpr], elems: i64) -> bool {
        let t = self.b.ty(mem);
        let Some(mt) = t.as_memref() else { return false };
        if indices.len() < mt.shape.len() {
            return false;
        }
        let rank = mt.shape.len();
        (0..rank).all(|k| {
            let extra = if k + 1 == rank { i128::from(elems) - 1 } else { 0 };
            mt.shape[k] >= 0
                && self.range_of(&indices[k]).is_some_and(|(lo, hi)| lo >= 0 && hi + extra < i128::from(mt.shape[k]))
        })
    }

    /// Scalar index values of all but the last index, which may be a vector.
    fn scalar_indices(&mut self, indices: &[PrimExpr]) -> R<Vec<Value>> {
        let mut out = Vec::with_capacity(indices.len());
        for i in indices {
            out.push(self.index_value(i)?);
        }
        Ok(out)
    }

    /// Whether a buffer's elements along its last index are consecutive in its memref.
    fn contiguous_last(&self, r: &BufRef) -> bool {
        match r {
            BufRef::Direct(m) => self.b.m.value_type(*m).as_memref().is_some_and(|t| t.maps.is_empty()),
            BufRef::Flat { unit_last, .. } => *unit_last,
        }
    }

    /// A load (with its result type) or store, recorded as needing no bounds check when
    /// `proven`.
    fn access(&mut self, def: &'static OpDef, operands: &[Value], result: Option<Type>, proven: bool) -> Op {
        let results: Vec<Type> = result.into_iter().collect();
        let op = self.b.op(def, operands, &results, vec![]);
        if proven {
            self.proven.push(op);
        }
        op
    }

    /// A load's result. A proven load is a candidate to move ([`super::invariant`]).
    fn load_op(&mut self, def: &'static OpDef, operands: &[Value], ty: Type, proven: bool) -> Value {
        let op = self.access(def, operands, Some(ty), proven);
        if proven {
            let loops = &self.loops;
            let start = |b: Block| loops.iter().rev().find(|l| l.head == b).map(|l| l.start);
            let from = super::invariant::anchor(self.b.m, &operands[1..], start);
            self.movable_candidates.push(super::invariant::Candidate { load: op, memref: operands[0], from });
        }
        self.b.m.op(op).results[0]
    }

    /// `buffer[indices]` (tir-spec.md expression semantics 7).
    pub fn load(
        &mut self,
        buffer: &Buffer,
        indices: &[PrimExpr],
        dt: DataType,
        span: Option<crate::ir::Span>,
    ) -> R<Value> {
        let r = self.bufref(buffer, span)?;
        let elem = self.ty(buffer.dtype(), span)?;
        let last_lanes = indices.last().map_or(1, |i| i.dtype().lanes);
        if last_lanes == 1 {
            let (m, idx, proven) = self.address_of(&r, indices, 1)?;
            let mut ops = vec![m];
            ops.extend(idx);
            return Ok(self.load_op(&S::LOAD, &ops, elem, proven));
        }
        let n = indices.len();
        let vt = self.ty(dt, span)?;
        if let ExprKind::Ramp(base, stride, _) = indices[n - 1].kind()
            && super::const_of(stride) == Some(1)
            && buffer.dtype().lanes == 1
            && self.contiguous_last(&r)
        {
            let mut first = indices[..n - 1].to_vec();
            first.push(base.clone());
            let (m, idx, proven) = self.address_of(&r, &first, i64::from(dt.lanes))?;
            let mut ops = vec![m];
            ops.extend(idx);
            return Ok(self.load_op(&V::LOAD, &ops, vt, proven));
        }
        // A gather: each lane loaded on its own, in order.
        let head = self.scalar_indices(&indices[..n - 1])?;
        let lanes = self.lane_indices(&indices[n - 1])?;
        let mut out = Vec::with_capacity(lanes.len());
        for l in lanes {
            let mut idx = head.clone();
            idx.push(l);
            let (m, idx) = self.address(&r, &idx);
            let mut ops = vec![m];
            ops.extend(idx);
            out.push(self.b.op1(&S::LOAD, &ops, elem.clone(), vec![]));
        }
        Ok(self.vector_of(&vt, &out))
    }

    /// `buffer[indices] = value` (tir-spec.md statement semantics 5).
    fn store(&mut self, buffer: &Buffer, indices: &[PrimExpr], v: Value, vdt: DataType) -> R<()> {
        let span = self.b.span;
        let r = self.bufref(buffer, span)?;
        let last_lanes = indices.last().map_or(1, |i| i.dtype().lanes);
        if last_lanes == 1 {
            let (m, idx, proven) = self.address_of(&r, indices, 1)?;
            let mut ops = vec![v, m];
            ops.extend(idx);
            self.access(&S::STORE, &ops, None, proven);
            return Ok(());
        }
        let n = indices.len();
        if let ExprKind::Ramp(base, stride, _) = indices[n - 1].kind()
            && super::const_of(stride) == Some(1)
            && buffer.dtype().lanes == 1
            && self.contiguous_last(&r)
        {
            let mut first = indices[..n - 1].to_vec();
            first.push(base.clone());
            let (m, idx, proven) = self.address_of(&r, &first, i64::from(vdt.lanes))?;
            let mut ops = vec![v, m];
            ops.extend(idx);
            self.access(&V::STORE, &ops, None, proven);
            return Ok(());
        }
        // A scatter: lane by lane, in order.
        let head = self.scalar_indices(&indices[..n - 1])?;
        let lanes = self.lane_indices(&indices[n - 1])?;
        let vals = self.lanes_of(v, vdt)?;
        for (l, x) in lanes.into_iter().zip(vals) {
            let mut idx = head.clone();
            idx.push(l);
            let (m, idx) = self.address(&r, &idx);
            let mut ops = vec![x, m];
            ops.extend(idx);
            self.b.op(&S::STORE, &ops, &[], vec![]);
        }
        Ok(())
    }

    /// The `index` value of each lane of a vector index.
    fn lane_indices(&mut self, e: &PrimExpr) -> R<Vec<Value>> {
        let n = e.dtype().lanes;
        if let ExprKind::Ramp(base, stride, _) = e.kind() {
            // Lane k is base + k * stride.
            let b = self.index_value(base)?;
            let s = self.index_value(stride)?;
            let mut out = Vec::with_capacity(usize::from(n));
            for k in 0..n {
                let kc = self.b.index(i64::from(k));
                let p = self.b.op1(&S::MULI, &[kc, s], Type::Index, vec![]);
                out.push(self.b.op1(&S::ADDI, &[b, p], Type::Index, vec![]));
            }
            return Ok(out);
        }
        let v = self.expr(e)?;
        let lanes = self.lanes_of(v, e.dtype())?;
        Ok(lanes.into_iter().map(|l| self.index_of(l, e.dtype().element())).collect())
    }

    /// The lanes of a vector value as scalars.
    pub fn lanes_of(&mut self, v: Value, dt: DataType) -> R<Vec<Value>> {
        let t = self.b.ty(v);
        let Some(vt) = t.as_vector() else { return Ok(vec![v]) };
        let elem = vt.elem.clone();
        let mut out = Vec::with_capacity(usize::from(dt.lanes));
        for k in 0..dt.lanes {
            let i = self.b.index(i64::from(k));
            out.push(self.b.op1(&S::EXTRACT_ELEMENT, &[v, i], elem.clone(), vec![]));
        }
        Ok(out)
    }

    /// A vector of type `vt` from scalar lanes.
    pub fn vector_of(&mut self, vt: &Type, lanes: &[Value]) -> Value {
        let mut v = self.b.op1(&V::BROADCAST, &[lanes[0]], vt.clone(), vec![]);
        for (k, &x) in lanes.iter().enumerate().skip(1) {
            let i = self.b.index(k as i64);
            v = self.b.op1(&V::INSERTELEMENT, &[x, v, i], vt.clone(), vec![]);
        }
        v
    }
}

/// A signed integer scalar type (index arithmetic is exact in it, barring overflow).
fn is_signed_scalar(dt: DataType) -> bool {
    dt.is_int() && !dt.is_uint() && !dt.is_bool() && dt.lanes == 1
}

fn same_var(a: &PrimExpr, b: &PrimExpr) -> bool {
    matches!((a.as_var(), b.as_var()), (Some(x), Some(y)) if x.id() == y.id())
}

/// The largest id of a variable in an expression (0 for none): a proxy for how far in it is bound.
fn max_var_id(e: &PrimExpr) -> u64 {
    let mut m = 0;
    crate::tir::visit::walk_expr(e, &mut |x| {
        if let ExprKind::Var(v) = x.kind() {
            m = m.max(v.id());
        }
    });
    m
}
