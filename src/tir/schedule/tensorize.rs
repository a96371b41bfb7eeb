//! `tensorize` with TVM's result (`blockize_tensorize.cc` in TVM 0.27): a block (or the block
//! `blockize` makes of a loop) whose computation matches a tensor intrinsic's description is
//! given the intrinsic's implementation as its body, each of the implementation's buffers
//! matched (`T.match_buffer`) to the window of the block's buffer the description's buffer
//! stands for.
//!
//! The match follows TVM's `TensorizeComparator`: the block's written then read regions
//! against the description's root block's, in order (each fixes where the description's buffer
//! starts in the block's: leading dimensions of extent 1, trailing ones of the description's
//! extents), then the bodies node by node — loops of the same kind and extent, blocks with the
//! same iteration domains and kinds, the same operations — variables of the description standing
//! for the block's, and every access at the same offset from that start.

use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;

use super::{BlockOrLoop, Instruction, Schedule, ScheduleError, err, tree};
use crate::tir::arith::{simplify, subtract};
use crate::tir::ast::*;
use crate::tir::dtype::DataType;
use crate::tir::mutate::{Mutator, Substitute};

const P: &str = "tensorize";

/// A tensor intrinsic (TVM's `TensorIntrin`): `desc` describes a computation (a root block
/// with its regions over a loop nest), `implementation` does the same with other code; both take
/// the same buffers, in the same order.
///
/// ```
/// use strata::tir::schedule::TensorIntrin;
/// let m = strata::tir::parse_script(include_str!("../../../jit-tests/tir/schedule/kernels/tensorize_matmul.py"))?;
/// let intrins = TensorIntrin::from_module(&m);
/// assert_eq!(intrins.iter().map(|(n, _)| n.as_str()).collect::<Vec<_>>(), ["mm4"]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct TensorIntrin {
    desc: PrimFunc,
    implementation: PrimFunc,
}

impl TensorIntrin {
    /// An intrinsic from its description and implementation.
    ///
    /// # Errors
    /// Functions whose bodies are not one block (`with T.sblock("root"):`), that take different
    /// numbers of buffers, or buffers of different shapes.
    pub fn new(desc: PrimFunc, implementation: PrimFunc) -> Result<TensorIntrin, ScheduleError> {
        for f in [&desc, &implementation] {
            if root_of(f).is_none() {
                return Err(err(P, format!("the body of {} is not one block (`with T.sblock(\"root\"):`)", f.name)));
            }
        }
        if desc.buffer_map.len() != implementation.buffer_map.len() {
            return Err(err(
                P,
                format!(
                    "{} takes {} buffers and {} takes {}",
                    desc.name,
                    desc.buffer_map.len(),
                    implementation.name,
                    implementation.buffer_map.len()
                ),
            ));
        }
        // Each implementation buffer is a window of the region its description buffer matches:
        // the same shape.
        let print = crate::tir::script::print_expr;
        for ((_, d), (_, i)) in desc.buffer_map.iter().zip(&implementation.buffer_map) {
            let same = d.shape().len() == i.shape().len()
                && d.shape().iter().zip(i.shape()).all(|(x, y)| match (x.as_int(), y.as_int()) {
                    (Some(a), Some(b)) => a == b,
                    _ => print(x) == print(y),
                });
            if !same {
                let shape = |b: &Buffer| b.shape().iter().map(print).collect::<Vec<_>>().join(", ");
                return Err(err(
                    P,
                    format!(
                        "buffer {} of {} has shape ({}) but {} of {} has ({})",
                        i.name(),
                        implementation.name,
                        shape(i),
                        d.name(),
                        desc.name,
                        shape(d)
                    ),
                ));
            }
        }
        Ok(TensorIntrin { desc, implementation })
    }

    /// The intrinsics a module defines as function pairs `NAME_desc` and `NAME_impl` (how a
    /// kernel file carries the intrinsics its trace names), in the module's order.
    pub fn from_module(m: &IRModule) -> Vec<(String, TensorIntrin)> {
        m.funcs
            .iter()
            .filter_map(|d| {
                let name = d.name.strip_suffix("_desc")?;
                let i = m.func(&format!("{name}_impl"))?;
                Some((name.to_string(), TensorIntrin::new(d.clone(), i.clone()).ok()?))
            })
            .collect()
    }

    /// Whether `name` is one of the functions of such a pair in `m`.
    pub fn is_part_of_pair(m: &IRModule, name: &str) -> bool {
        let other = |stem: &str, suffix: &str| m.func(&format!("{stem}{suffix}")).is_some();
        name.strip_suffix("_desc").is_some_and(|s| other(s, "_impl"))
            || name.strip_suffix("_impl").is_some_and(|s| other(s, "_desc"))
    }
}

/// The root block of an intrinsic's function.
fn root_of(f: &PrimFunc) -> Option<(&Stmt, &Block)> {
    match f.body.kind() {
        StmtKind::BlockRealize { values, block, .. } if values.is_empty() && block.iter_vars.is_empty() => {
            Some((&f.body, block))
        }
        _ => None,
    }
}

impl Schedule {
    /// Make `intrin` available to [`Schedule::tensorize`] (and to traces naming it).
    pub fn register_tensor_intrin(&mut self, name: &str, intrin: TensorIntrin) {
        self.intrins.retain(|(n, _)| n != name);
        self.intrins.push((name.to_string(), Arc::new(intrin)));
    }

    /// Replace the computation of `target` (a block, or the loop nest from a loop down to one
    /// block, blockized first) by the registered intrinsic `intrin` (TVM's `tensorize`,
    /// `preserve_unit_iters=True`).
    ///
    /// # Errors
    /// An intrinsic not registered, a block with an init (decompose the reduction first) or a
    /// predicate, a computation that does not match the intrinsic's description (the first
    /// difference is named), or what `blockize` refuses.
    pub fn tensorize(&mut self, target: BlockOrLoop, intrin: &str) -> Result<(), ScheduleError> {
        let ti = self
            .intrins
            .iter()
            .find(|(n, _)| n == intrin)
            .map(|(_, t)| t.clone())
            .ok_or_else(|| err(P, format!("no tensor intrinsic named '{intrin}' is registered")))?;
        let saved = self.func.body.clone();
        let name = match target {
            BlockOrLoop::Block(b) => self.block_name(b, P)?,
            BlockOrLoop::Loop(l) => self.blockize_loop(l, P, true)?,
        };
        if let Err(e) = self.tensorize_block(&name, &ti) {
            self.func.body = saved;
            return Err(e);
        }
        self.trace.push(Instruction::Tensorize { target, intrin: intrin.to_string() });
        Ok(())
    }

    fn tensorize_block(&mut self, name: &str, ti: &TensorIntrin) -> Result<(), ScheduleError> {
        let sites = tree::find_blocks(&self.func.body, name);
        let [site] = sites.as_slice() else { return Err(err(P, format!("no single block named {name}"))) };
        let StmtKind::BlockRealize { block, .. } = site.realize.kind() else { unreachable!("a block site") };
        if block.init.is_some() {
            return Err(err(
                P,
                format!(
                    "block {name} has an init, which the intrinsic does not describe: decompose the reduction first"
                ),
            ));
        }
        // A predicate stays on the block (blockize moved one over the outer loops there): it
        // guards the intrinsic as it guarded the computation.
        if !block.match_buffers.is_empty() || !block.alloc_buffers.is_empty() {
            return Err(err(P, format!("block {name} matches or allocates buffers (not supported yet)")));
        }
        let (_, desc_root) = root_of(&ti.desc).expect("checked when made");
        let mut cmp = Comparator::default();
        cmp.scope_regions(&block.writes, &desc_root.writes, "written")
            .and_then(|()| cmp.scope_regions(&block.reads, &desc_root.reads, "read"))
            .and_then(|()| cmp.stmt(&block.body, &desc_root.body))
            .map_err(|why| {
                err(P, format!("block {name} does not match the description {} of the intrinsic: {why}", ti.desc.name))
            })?;
        // The implementation indexes in the block's index type (TVM normalizes it to the
        // widest type of the block's region bounds: a Relax kernel's int64 with an int32
        // intrinsic); the description is matched as it is, integer widths aside.
        let implementation = match super::index_dtype::index_type_of(block) {
            Some(t) if t != DataType::INT32 => super::index_dtype::normalize_indices(&ti.implementation, t),
            _ => ti.implementation.clone(),
        };
        // The implementation's buffers, each a window of the block's buffer its counterpart in
        // the description stands for (fresh copies: the intrinsic may be used again).
        let (_, impl_root) = root_of(&implementation).expect("checked when made");
        if !impl_root.match_buffers.is_empty() || impl_root.init.is_some() {
            return Err(err(
                P,
                format!(
                    "the root block of {} matches buffers or has an init (not supported yet)",
                    ti.implementation.name
                ),
            ));
        }
        let mut fresh_vars: HashMap<u64, PrimExpr> = HashMap::default();
        let mut match_buffers = Vec::new();
        let mut body = impl_root.body.clone();
        // What the implementation's root allocates (a local accumulator), the tensorized block
        // allocates: fresh copies, one per use of the intrinsic. (TVM 0.27 drops these
        // allocations and then cannot build the kernel: "Buffer acc is used before its
        // definition".)
        let mut alloc_buffers = block.alloc_buffers.clone();
        for b in &impl_root.alloc_buffers {
            let copy = fresh_buffer(b, &mut fresh_vars);
            body = super::blocks::replace_buffer_in_block(&body, b, &copy);
            alloc_buffers.push(copy);
        }
        for ((_, ib), (_, db)) in implementation.buffer_map.iter().zip(&ti.desc.buffer_map) {
            let target = cmp.buffers.get(&db.id()).ok_or_else(|| {
                err(P, format!("buffer {} of the description {} is not used", db.name(), ti.desc.name))
            })?;
            let base = cmp.base.get(&target.id()).ok_or_else(|| {
                err(
                    P,
                    format!("buffer {} of the description {} is not in the block's regions", db.name(), ti.desc.name),
                )
            })?;
            let Some(lead) = base.len().checked_sub(ib.shape().len()) else {
                return Err(err(
                    P,
                    format!(
                        "buffer {} of {} has more dimensions than {}",
                        ib.name(),
                        ti.implementation.name,
                        target.name()
                    ),
                ));
            };
            let mut region: Vec<Range> =
                base[..lead].iter().map(|m| Range::new(m.clone(), PrimExpr::int_of(1, m.dtype()))).collect();
            region.extend(base[lead..].iter().zip(ib.shape()).map(|(m, e)| Range::new(m.clone(), e.clone())));
            if ib.dtype() != target.dtype() || ib.scope() != target.scope() {
                return Err(err(
                    P,
                    format!(
                        "buffer {} of {} is {} in scope '{}', but {} is {} in scope '{}'",
                        ib.name(),
                        ti.implementation.name,
                        ib.dtype(),
                        ib.scope(),
                        target.name(),
                        target.dtype(),
                        target.scope()
                    ),
                ));
            }
            let copy = fresh_buffer(ib, &mut fresh_vars);
            body = super::blocks::replace_buffer_in_block(&body, ib, &copy);
            match_buffers
                .push(MatchBufferRegion { buffer: copy, source: BufferRegion { buffer: target.clone(), region } });
        }
        let body = FreshLoops { map: fresh_vars }.stmt(&body);
        let new_block = Block { body, match_buffers, alloc_buffers, ..(**block).clone() };
        let realize = tree::with_block(&site.realize, new_block);
        self.func.body = super::blocks::replace_stmt(&self.func.body, &site.realize, &realize);
        // The implementation is the user's code: what it refers to must exist where it lands.
        if let Err(d) = crate::tir::check::check_module(&IRModule::from_func(self.func.clone())) {
            let why = d.list.first().map_or_else(String::new, |d| d.message.clone());
            return Err(err(
                P,
                format!("the implementation {} does not fit block {name}: {why}", ti.implementation.name),
            ));
        }
        Ok(())
    }
}

/// A copy of `b` with a fresh data pointer and fresh variables for the variables of its shape,
/// strides and offset (recorded in `vars` for the body).
fn fresh_buffer(b: &Buffer, vars: &mut HashMap<u64, PrimExpr>) -> Buffer {
    let mut fresh = |e: &PrimExpr| -> PrimExpr {
        if let Some(v) = e.as_var() {
            return vars
                .entry(v.id())
                .or_insert_with(|| PrimExpr::var(&Var::at(v.name(), v.ty().clone(), v.span())))
                .clone();
        }
        Substitute { map: vars }.expr(e)
    };
    let shape = b.shape().iter().map(&mut fresh).collect();
    let strides = b.strides().iter().map(&mut fresh).collect();
    let elem_offset = Some(fresh(b.elem_offset()));
    BufferSpec {
        strides,
        elem_offset,
        scope: b.scope().to_string(),
        data_alignment: b.data_alignment(),
        offset_factor: b.offset_factor(),
        axis_separators: b.axis_separators().to_vec(),
        auto_broadcast: b.auto_broadcast(),
        layout: b.layout().map(Arc::from),
        span: b.span(),
        ..BufferSpec::new(b.name(), b.dtype(), shape)
    }
    .build()
}

/// The implementation's body with the buffers' variables replaced and its loops given fresh
/// variables (a second use of the intrinsic must not share them).
struct FreshLoops {
    map: HashMap<u64, PrimExpr>,
}

impl Mutator for FreshLoops {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let Some(v) = e.as_var()
            && let Some(r) = self.map.get(&v.id())
        {
            return r.clone();
        }
        crate::tir::mutate::default_expr(self, e)
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        if let StmtKind::For { var, .. } = s.kind() {
            let f = Var::at(var.name(), var.ty().clone(), var.span());
            self.map.insert(var.id(), PrimExpr::var(&f));
            let out = stacker::maybe_grow(64 * 1024, 1024 * 1024, || crate::tir::mutate::default_stmt(self, s));
            let mut parts = tree::ForParts::of(&out).expect("a loop stays a loop");
            parts.var = f;
            return parts.build();
        }
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || crate::tir::mutate::default_stmt(self, s))
    }
}

/// Types the comparator takes as the same: equal, or integers of any width (TVM compares type
/// codes: a kernel indexing in int64 matches a description in int32).
fn same_type(a: DataType, b: DataType) -> bool {
    a == b || (a.is_int() && b.is_int() && !a.is_bool() && !b.is_bool() && a.lanes == b.lanes)
}

/// TVM's `TensorizeComparator`: the block's side (`lhs`) against the description's (`rhs`).
#[derive(Default)]
struct Comparator {
    /// A description variable's counterpart.
    vars: HashMap<u64, PrimExpr>,
    /// A description buffer's counterpart.
    buffers: HashMap<u64, Buffer>,
    /// Where a block buffer's window starts, one index per dimension.
    base: HashMap<u64, Vec<PrimExpr>>,
}

type Cmp = Result<(), String>;

fn differ(what: impl Into<String>) -> Cmp {
    Err(what.into())
}

impl Comparator {
    fn buffer(&mut self, lhs: &Buffer, rhs: &Buffer) -> Cmp {
        match self.buffers.get(&rhs.id()) {
            Some(b) if b == lhs => Ok(()),
            Some(b) => differ(format!("{} stands for {}, not {}", rhs.name(), b.name(), lhs.name())),
            None if lhs.dtype() == rhs.dtype() => {
                self.buffers.insert(rhs.id(), lhs.clone());
                Ok(())
            }
            None => differ(format!("{} is {}, {} is {}", lhs.name(), lhs.dtype(), rhs.name(), rhs.dtype())),
        }
    }

    /// `rhs` with the description's variables replaced by their counterparts.
    fn mapped(&self, rhs: &PrimExpr) -> PrimExpr {
        Substitute { map: &self.vars }.expr(rhs)
    }

    fn provably_equal(&self, lhs: &PrimExpr, rhs: &PrimExpr) -> bool {
        lhs.dtype().is_int() && simplify(&subtract(lhs, &self.mapped(rhs))).as_int() == Some(0)
    }

    fn scope_regions(&mut self, lhs: &[BufferRegion], rhs: &[BufferRegion], what: &str) -> Cmp {
        if lhs.len() != rhs.len() {
            return differ(format!("the block has {} {what} regions, the description {}", lhs.len(), rhs.len()));
        }
        lhs.iter().zip(rhs).try_for_each(|(l, r)| self.region(l, r, true))
    }

    fn region(&mut self, lhs: &BufferRegion, rhs: &BufferRegion, scope: bool) -> Cmp {
        self.buffer(&lhs.buffer, &rhs.buffer)?;
        let name = lhs.buffer.name();
        let Some(lead) = lhs.region.len().checked_sub(rhs.region.len()) else {
            return differ(format!("{name} has fewer dimensions than {}", rhs.buffer.name()));
        };
        let unit = |r: &Range| r.extent.as_int() == Some(1);
        if !lhs.region[..lead].iter().all(unit) {
            return differ(format!("the region of {name} is not one element in its leading dimensions"));
        }
        if !lhs.region[lead..].iter().zip(&rhs.region).all(|(l, r)| self.provably_equal(&l.extent, &r.extent)) {
            return differ(format!("the region of {name} is not of the description's extents"));
        }
        match self.base.get(&lhs.buffer.id()) {
            None if scope => {
                self.base.insert(lhs.buffer.id(), lhs.region.iter().map(|r| r.min.clone()).collect());
                Ok(())
            }
            None => differ(format!("{name} is accessed but not in the block's regions")),
            Some(base) => {
                let base = base.clone();
                for (k, (l, b)) in lhs.region.iter().zip(&base).enumerate() {
                    let ok = if k < lead {
                        simplify(&subtract(&l.min, b)).as_int() == Some(0)
                    } else {
                        self.provably_equal(&subtract(&l.min, b), &rhs.region[k - lead].min)
                    };
                    if !ok {
                        return differ(format!("a region of {name} is not at the description's offset"));
                    }
                }
                Ok(())
            }
        }
    }

    fn access(&mut self, lb: &Buffer, li: &[PrimExpr], rb: &Buffer, ri: &[PrimExpr]) -> Cmp {
        self.buffer(lb, rb)?;
        let Some(base) = self.base.get(&lb.id()).cloned() else {
            return differ(format!("{} is accessed but not in the block's regions", lb.name()));
        };
        let Some(lead) = li.len().checked_sub(ri.len()) else {
            return differ(format!("{} has fewer dimensions than {}", lb.name(), rb.name()));
        };
        for (k, (l, b)) in li.iter().zip(&base).enumerate() {
            let ok = if k < lead {
                simplify(&subtract(l, b)).as_int() == Some(0)
            } else {
                self.provably_equal(&subtract(l, b), &ri[k - lead])
            };
            if !ok {
                return differ(format!("an access to {} is not at the description's offset", lb.name()));
            }
        }
        Ok(())
    }

    /// The description's variable `rhs` stands for the block's `lhs` from here on.
    fn define(&mut self, lhs: &Var, rhs: &Var) -> Cmp {
        if !same_type(lhs.dtype(), rhs.dtype()) {
            return differ(format!("{} is {}, {} is {}", lhs.name(), lhs.dtype(), rhs.name(), rhs.dtype()));
        }
        self.vars.insert(rhs.id(), PrimExpr::var(lhs));
        Ok(())
    }

    fn stmt(&mut self, lhs: &Stmt, rhs: &Stmt) -> Cmp {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_inner(lhs, rhs))
    }

    fn stmt_inner(&mut self, lhs: &Stmt, rhs: &Stmt) -> Cmp {
        match (lhs.kind(), rhs.kind()) {
            (StmtKind::Seq(a), StmtKind::Seq(b)) if a.len() == b.len() => {
                a.iter().zip(b).try_for_each(|(x, y)| self.stmt(x, y))
            }
            (
                StmtKind::For { var: lv, min: lm, extent: le, kind: lk, body: lb, annotations: la },
                StmtKind::For { var: rv, min: rm, extent: re, kind: rk, body: rb, annotations: ra },
            ) => {
                if lk != rk || !la.is_empty() || !ra.is_empty() {
                    return differ(format!("loop {} is not of the kind of loop {}", lv.name(), rv.name()));
                }
                if !self.provably_equal(lm, rm) || !self.provably_equal(le, re) {
                    return differ(format!("loop {} does not have the range of loop {}", lv.name(), rv.name()));
                }
                self.define(lv, rv)?;
                self.stmt(lb, rb)
            }
            (
                StmtKind::BlockRealize { values: lv, predicate: lp, block: lb },
                StmtKind::BlockRealize { values: rv, predicate: rp, block: rb },
            ) => {
                if lv.len() != rv.len() || lb.iter_vars.len() != rb.iter_vars.len() {
                    return differ(format!("block {} does not have the variables of block {}", lb.name, rb.name));
                }
                for (l, r) in lv.iter().zip(rv) {
                    self.expr(l, r)?;
                }
                self.expr(lp, rp)?;
                for (l, r) in lb.iter_vars.iter().zip(&rb.iter_vars) {
                    let dom_same = match (&l.dom, &r.dom) {
                        (Some(a), Some(b)) => {
                            self.provably_equal(&a.min, &b.min) && self.provably_equal(&a.extent, &b.extent)
                        }
                        (None, None) => true,
                        _ => false,
                    };
                    if l.iter_type != r.iter_type || !dom_same {
                        return differ(format!(
                            "variable {} of block {} is not of the kind and domain of {}",
                            l.var.name(),
                            lb.name,
                            r.var.name()
                        ));
                    }
                    self.define(&l.var, &r.var)?;
                }
                if !lb.alloc_buffers.is_empty()
                    || !rb.alloc_buffers.is_empty()
                    || !lb.match_buffers.is_empty()
                    || !rb.match_buffers.is_empty()
                {
                    return differ(format!("block {} allocates or matches buffers", lb.name));
                }
                match (&lb.init, &rb.init) {
                    (Some(a), Some(b)) => self.stmt(a, b)?,
                    (None, None) => {}
                    _ => return differ(format!("block {} and block {} differ in their init", lb.name, rb.name)),
                }
                if lb.writes.len() != rb.writes.len() || lb.reads.len() != rb.reads.len() {
                    return differ(format!("block {} does not have the regions of block {}", lb.name, rb.name));
                }
                for (l, r) in lb.writes.iter().zip(&rb.writes).chain(lb.reads.iter().zip(&rb.reads)) {
                    self.region(l, r, false)?;
                }
                self.stmt(&lb.body, &rb.body)
            }
            (
                StmtKind::BufferStore { buffer: lb, value: lv, indices: li },
                StmtKind::BufferStore { buffer: rb, value: rv, indices: ri },
            ) => {
                self.access(lb, li, rb, ri)?;
                self.expr(lv, rv)
            }
            (StmtKind::Evaluate(a), StmtKind::Evaluate(b)) => self.expr(a, b),
            (
                StmtKind::IfThenElse { cond: lc, then_case: lt, else_case: le },
                StmtKind::IfThenElse { cond: rc, then_case: rt, else_case: re },
            ) => {
                self.expr(lc, rc)?;
                self.stmt(lt, rt)?;
                match (le, re) {
                    (Some(a), Some(b)) => self.stmt(a, b),
                    (None, None) => Ok(()),
                    _ => differ("an if differs in its else branch"),
                }
            }
            (
                StmtKind::LetStmt { var: lv, value: la, body: lb },
                StmtKind::LetStmt { var: rv, value: ra, body: rb },
            ) => {
                self.expr(la, ra)?;
                self.define(lv, rv)?;
                self.stmt(lb, rb)
            }
            _ => differ(format!("{} where the description has {}", describe(lhs), describe(rhs))),
        }
    }

    fn expr(&mut self, lhs: &PrimExpr, rhs: &PrimExpr) -> Cmp {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_inner(lhs, rhs))
    }

    fn expr_inner(&mut self, lhs: &PrimExpr, rhs: &PrimExpr) -> Cmp {
        let show = |e: &PrimExpr| crate::tir::script::print_expr(e);
        let no = || differ(format!("`{}` where the description has `{}`", show(lhs), show(rhs)));
        if !same_type(lhs.dtype(), rhs.dtype()) {
            return no();
        }
        let pairs = |s: &mut Comparator, a: &[PrimExpr], b: &[PrimExpr]| -> Cmp {
            if a.len() != b.len() {
                return differ(format!("`{}` where the description has `{}`", show(lhs), show(rhs)));
            }
            a.iter().zip(b).try_for_each(|(x, y)| s.expr(x, y))
        };
        match (lhs.kind(), rhs.kind()) {
            (ExprKind::Var(l), ExprKind::Var(r)) => match self.vars.get(&r.id()) {
                Some(m) if m.as_var().is_some_and(|v| v == l) => Ok(()),
                Some(_) => no(),
                None => self.define(l, r),
            },
            (ExprKind::IntImm(a), ExprKind::IntImm(b)) if a == b => Ok(()),
            (ExprKind::FloatImm(a), ExprKind::FloatImm(b)) if a.to_bits() == b.to_bits() => Ok(()),
            (ExprKind::StringImm(a), ExprKind::StringImm(b)) if a == b => Ok(()),
            (ExprKind::Cast(a), ExprKind::Cast(b)) | (ExprKind::Not(a), ExprKind::Not(b)) => self.expr(a, b),
            (ExprKind::Binary(o1, a1, b1), ExprKind::Binary(o2, a2, b2)) if o1 == o2 => {
                self.expr(a1, a2)?;
                self.expr(b1, b2)
            }
            (ExprKind::Cmp(o1, a1, b1), ExprKind::Cmp(o2, a2, b2)) if o1 == o2 => {
                self.expr(a1, a2)?;
                self.expr(b1, b2)
            }
            (ExprKind::And(a1, b1), ExprKind::And(a2, b2)) | (ExprKind::Or(a1, b1), ExprKind::Or(a2, b2)) => {
                self.expr(a1, a2)?;
                self.expr(b1, b2)
            }
            (ExprKind::Select(c1, a1, b1), ExprKind::Select(c2, a2, b2)) => {
                self.expr(c1, c2)?;
                self.expr(a1, a2)?;
                self.expr(b1, b2)
            }
            (ExprKind::Call(f1, a1), ExprKind::Call(f2, a2)) if f1 == f2 => pairs(self, a1, a2),
            (ExprKind::BufferLoad(lb, li), ExprKind::BufferLoad(rb, ri)) => self.access(lb, li, rb, ri),
            (ExprKind::Broadcast(a, n1), ExprKind::Broadcast(b, n2)) if n1 == n2 => self.expr(a, b),
            (ExprKind::Ramp(a1, s1, n1), ExprKind::Ramp(a2, s2, n2)) if n1 == n2 => {
                self.expr(a1, a2)?;
                self.expr(s1, s2)
            }
            _ => no(),
        }
    }
}

/// What a statement is, for a message.
fn describe(s: &Stmt) -> String {
    match s.kind() {
        StmtKind::For { var, .. } => format!("loop {}", var.name()),
        StmtKind::BlockRealize { block, .. } => format!("block {}", block.name),
        StmtKind::BufferStore { buffer, .. } => format!("a store to {}", buffer.name()),
        StmtKind::Seq(v) => format!("{} statements", v.len()),
        StmtKind::IfThenElse { .. } => "an if".into(),
        StmtKind::LetStmt { var, .. } => format!("let {}", var.name()),
        StmtKind::Evaluate(e) => format!("`{}`", crate::tir::script::print_expr(e)),
        _ => "another statement".into(),
    }
}
