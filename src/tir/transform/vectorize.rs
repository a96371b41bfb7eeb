//! Vectorized loops (tir-spec.md statement semantics 12.iii): `for i in T.vectorized(n)` becomes
//! one iteration over vectors of `n` lanes where the body allows it, as TVM's `VectorizeLoop`:
//! the loop variable is `Ramp(0, 1, n)`, expressions that depend on it become vectors (sums and
//! products with scalars stay ramps, so `A[i * 4 + v]` is a contiguous vector access), and
//! stores with a vector index store every lane.
//!
//! Side effects stay in order (lane `k` is iteration `k`): a body with anything whose order a
//! vector would change — a nested loop, a branch on a vector condition, a call, an allocation,
//! an assertion, a store of a varying value to one place — runs as a serial loop instead.
//! `T.if_then_else` becomes a lane-wise choice only when neither branch can fault (no loads or
//! divisions); otherwise the loop runs serially.

use rustc_hash::FxHashMap as HashMap;

use super::{add, broadcast_to, lanes_of};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_stmt};
use crate::tir::visit::walk_expr;
use crate::transform::vectorize::{Access, Overlap, Stride, Verdict, judge};

/// Vectorize every `T.vectorized` loop of a statement (others are kept).
pub fn vectorize_loops(s: &Stmt) -> Stmt {
    Loops.stmt(s)
}

/// Make innermost serial loops whose iterations are independent into vectorized loops of two
/// SIMD registers' width plus a serial remainder, as LLVM does for TVM. The rule is the one
/// both front ends share (`transform::vectorize`): every store unit-stride, every access to a
/// stored buffer at the stored element; TIR adds that every vector access must be contiguous.
///
/// A serial loop keeps its meaning when it traps, too: only a body that cannot trap is
/// vectorized (every integer division by a constant other than 0 and -1; every access inside
/// its buffer — proven over the ranges of the enclosing loops, or else checked once before the
/// loop, which then runs vectorized only when all are inside and serially otherwise), so that a
/// trap never cancels the stores of the earlier iterations of a vector.
pub fn vectorize_serial_loops(s: &Stmt) -> Stmt {
    SerialLoops { ranges: HashMap::default(), extents: HashMap::default() }.stmt(s)
}

struct SerialLoops {
    /// The values of the enclosing loops' variables, for those with constant bounds, and of
    /// the enclosing lets' variables, for those bound to such ranges.
    ranges: HashMap<u64, (i128, i128)>,
    /// The extents of the enclosing loops that start at 0 (`range(n)`).
    extents: HashMap<u64, PrimExpr>,
}

impl Mutator for SerialLoops {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let range = match s.kind() {
            StmtKind::For { var, min, extent, .. } => {
                match (crate::tir::arith::const_int(min), crate::tir::arith::const_int(extent)) {
                    (Some(a), Some(n)) if n > 0 => Some((var.id(), (i128::from(a), i128::from(a) + i128::from(n) - 1))),
                    _ => None,
                }
            }
            // A variable bound outside the loop (block variables, hoisted lets) has its value's
            // range.
            StmtKind::LetStmt { var, value, .. } => {
                let ranges = &self.ranges;
                crate::tir::arith::range_of(value, &|v| ranges.get(&v.id()).copied()).map(|r| (var.id(), r))
            }
            _ => None,
        };
        if let Some((id, r)) = range {
            self.ranges.insert(id, r);
        }
        let from_zero = match s.kind() {
            StmtKind::For { var, min, extent, .. } if crate::tir::arith::const_int(min) == Some(0) => {
                self.extents.insert(var.id(), extent.clone());
                Some(var.id())
            }
            _ => None,
        };
        let s = default_stmt(self, s);
        let out = match s.kind() {
            StmtKind::For { var, min, extent, kind: ForKind::Serial, body, .. } if !body.has_loop_exit() => {
                auto_vectorize(&s, var, min, extent, body, self).unwrap_or(s)
            }
            _ => s,
        };
        if let Some((id, _)) = range {
            self.ranges.remove(&id);
        }
        if let Some(id) = from_zero {
            self.extents.remove(&id);
        }
        out
    }
}

/// The most nodes a let's value may have, its own lets substituted, in a loop the vectorizer
/// looks at.
const MAX_RESOLVED_LET: usize = 256;

fn auto_vectorize(
    s: &Stmt,
    var: &Var,
    min: &PrimExpr,
    extent: &PrimExpr,
    body: &Stmt,
    scope: &SerialLoops,
) -> Option<Stmt> {
    use crate::tir::visit::{walk_exprs, walk_stmts};
    let mut simple = true;
    // Inner loops of constant bounds run inside each vector iteration (the loop is vectorized
    // outside them: a convolution's row over its window); their variables' ranges.
    let mut inner: HashMap<u64, (i128, i128)> = HashMap::default();
    walk_stmts(body, &mut |x| match x.kind() {
        StmtKind::LetStmt { .. } | StmtKind::BufferStore { .. } | StmtKind::Seq(_) => {}
        StmtKind::For { var, min, extent, kind: ForKind::Serial | ForKind::Unrolled, annotations, .. }
            if annotations.is_empty() =>
        {
            match (crate::tir::arith::const_int(min), crate::tir::arith::const_int(extent)) {
                (Some(a), Some(n)) if n > 0 => {
                    inner.insert(var.id(), (i128::from(a), i128::from(a) + i128::from(n) - 1));
                }
                _ => simple = false,
            }
        }
        _ => simple = false,
    });
    if !simple || !var.dtype().is_int() {
        return None;
    }
    // Accesses, with lets seen through.
    let mut lets: HashMap<u64, PrimExpr> = HashMap::default();
    // The analysis below looks at indices with their lets substituted, as trees: chained lets
    // (`x1 = x0 + x0`, `x2 = x1 + x1`, ..) would make them exponentially large, so a loop whose
    // lets grow past a bound is left serial.
    let mut let_sizes: HashMap<u64, usize> = HashMap::default();
    let mut too_big = false;
    walk_stmts(body, &mut |x| {
        if let StmtKind::LetStmt { var, value, .. } = x.kind() {
            let n = crate::tir::visit::tree_size_up_to(value, MAX_RESOLVED_LET, &|v| let_sizes.get(&v.id()).copied());
            too_big |= n > MAX_RESOLVED_LET;
            let_sizes.insert(var.id(), n);
            lets.insert(var.id(), value.clone());
        }
    });
    if too_big {
        return None;
    }
    let resolve = |e: &PrimExpr| -> PrimExpr {
        let mut cur = e.clone();
        for _ in 0..16 {
            let next = crate::tir::mutate::Substitute { map: &lets }.expr(&cur);
            if next.same_node(&cur) {
                break;
            }
            cur = next;
        }
        cur
    };
    let key = |b: &Buffer, idx: &[PrimExpr]| -> String {
        let parts: Vec<String> = idx.iter().map(|i| crate::tir::script::print_expr(&resolve(i))).collect();
        format!("{}#{}[{}]", b.name(), b.id(), parts.join(", "))
    };
    // The accesses, judged by the rule both front ends share; buffers of different data never
    // overlap (parameters are checked not to, allocations are distinct).
    let one_more = HashMap::from_iter([(var.id(), add(PrimExpr::var(var), PrimExpr::int_of(1, var.dtype())))]);
    let stride = |idx: &[PrimExpr]| {
        // How each index changes from one iteration to the next, as a constant if it does.
        let step = |i: &PrimExpr| {
            let now = resolve(i);
            let next = crate::tir::mutate::Substitute { map: &one_more }.expr(&now);
            crate::tir::arith::linear(&next).plus_scaled(&crate::tir::arith::linear(&now), -1)?.as_const()
        };
        let steps: Vec<Option<i128>> = idx.iter().map(step).collect();
        match steps.split_last() {
            _ if steps.iter().all(|d| *d == Some(0)) => Stride::Fixed,
            Some((Some(1), rest)) if rest.iter().all(|d| *d == Some(0)) => Stride::Unit,
            _ => Stride::Strided,
        }
    };
    let mut accesses = Vec::new();
    walk_stmts(body, &mut |x| {
        if let StmtKind::BufferStore { buffer, indices, .. } = x.kind() {
            let (memory, element) = (buffer.data().id(), key(buffer, indices));
            accesses.push(Access { memory, element, stride: stride(indices), store: true });
        }
    });
    let mut ok = true;
    walk_exprs(body, &mut |e| match e.kind() {
        ExprKind::BufferLoad(b, idx) => {
            // Only a load of stored memory needs its element and stride.
            let (element, stride) = if accesses.iter().any(|a| a.memory == b.data().id()) {
                (key(b, idx), stride(idx))
            } else {
                (String::new(), Stride::Strided)
            };
            accesses.push(Access { memory: b.data().id(), element, stride, store: false });
        }
        ExprKind::Call(Callee::Builtin(n), _) if !super::is_elementwise_builtin(n) => ok = false,
        ExprKind::Call(Callee::Global(_), _) => ok = false,
        _ => {}
    });
    if !ok || accesses.iter().any(|a| a.store && a.stride != Stride::Unit) {
        return None;
    }
    // With inner loops, lanes must not meet at one element through them: an access to stored
    // memory whose last index moves with an inner loop (`Y[w + r]`: iteration w = 0 at r = 1
    // and w = 1 at r = 0 are one element) would reorder a write and a read of it.
    if !inner.is_empty() {
        let stored: Vec<u64> = accesses.iter().filter(|a| a.store).map(|a| a.memory).collect();
        let mut crossing = false;
        let mut last_moves = |b: &Buffer, idx: &[PrimExpr]| {
            if stored.contains(&b.data().id())
                && let Some(last) = idx.last()
            {
                let last = resolve(last);
                // (A unit loop's variable is one value.)
                crossing |= inner.iter().any(|(&v, &(lo, hi))| lo < hi && crate::tir::region::uses_var(&last, v));
            }
        };
        walk_stmts(body, &mut |x| {
            if let StmtKind::BufferStore { buffer, indices, .. } = x.kind() {
                last_moves(buffer, indices);
            }
        });
        walk_exprs(body, &mut |e| {
            if let ExprKind::BufferLoad(b, idx) = e.kind() {
                last_moves(b, idx);
            }
        });
        if crossing {
            return None;
        }
    }
    if !matches!(judge(&accesses, |_, _| Overlap::Never), Verdict::Vectorize { .. }) {
        return None;
    }
    // Nothing in the body may trap.
    let var_range = |v: &Var| scope.ranges.get(&v.id()).or_else(|| inner.get(&v.id())).copied();
    // `for v in range(n)` over a dimension of size `n`, indexed by `v` itself.
    let whole_dimension = |i: &PrimExpr, n: &PrimExpr| {
        resolve(i)
            .as_var()
            .and_then(|v| scope.extents.get(&v.id()))
            .is_some_and(|e| crate::tir::arith::prove_equal(e, n))
    };
    let inside = |b: &Buffer, idx: &[PrimExpr]| {
        idx.len() == b.shape().len()
            && idx.iter().zip(b.shape()).all(|(i, n)| {
                let r = crate::tir::arith::range_of(&resolve(i), &var_range);
                match (r, crate::tir::arith::const_int(n)) {
                    (Some((lo, hi)), Some(n)) => lo >= 0 && hi < i128::from(n),
                    _ => whole_dimension(i, n),
                }
            })
    };
    // Accesses not proven inside their buffers are checked once, at run time, before the loop:
    // the vector loop runs only when all of them are inside (else the serial loop does).
    let mut unproven: Vec<(Buffer, Vec<PrimExpr>)> = Vec::new();
    walk_stmts(body, &mut |x| {
        if let StmtKind::BufferStore { buffer, indices, .. } = x.kind()
            && !inside(buffer, indices)
        {
            unproven.push((buffer.clone(), indices.clone()));
        }
    });
    walk_exprs(body, &mut |e| match e.kind() {
        ExprKind::BufferLoad(b, idx) if !inside(b, idx) => unproven.push((b.clone(), idx.clone())),
        ExprKind::BufferLoad(..) => {}
        _ => ok &= !may_trap_division(e, &resolve),
    });
    if !ok {
        return None;
    }
    // (A guard before the loop cannot name an inner loop's variable.)
    if !unproven.is_empty() && !inner.is_empty() {
        return None;
    }
    let guard = if unproven.is_empty() { None } else { Some(range_guard(var, min, extent, &unproven, &resolve)?) };
    let lanes = crate::transform::vectorize::lanes(simd_bytes(body)?) as u16;
    // A loop shorter than a vector would run only its serial remainder, and as a loop it would
    // keep the loops around it from unrolling (a schedule's unit loop, `for w_3 in range(1)`).
    if crate::tir::arith::const_int(extent).is_some_and(|n| n < i64::from(lanes)) {
        return None;
    }
    // A trial: the body must vectorize, with contiguous accesses only.
    let trial_base = PrimExpr::var(var);
    let ramp = PrimExpr::ramp(trial_base, PrimExpr::int_of(1, var.dtype()), lanes);
    let mut v = Vectorizer { map: HashMap::from_iter([(var.id(), ramp)]), bases: HashMap::default(), nested: true };
    let trial = v.stmt(body)?;
    let mut contiguous = true;
    let check = |idx: &[PrimExpr], contiguous: &mut bool| {
        if let Some(last) = idx.last()
            && last.dtype().lanes > 1
            && !matches!(last.kind(), ExprKind::Ramp(_, st, _) if st.as_int() == Some(1))
        {
            *contiguous = false;
        }
    };
    walk_stmts(&trial, &mut |x| {
        if let StmtKind::BufferStore { indices, .. } = x.kind() {
            check(indices, &mut contiguous);
        }
    });
    walk_exprs(&trial, &mut |e| {
        if let ExprKind::BufferLoad(_, idx) = e.kind() {
            check(idx, &mut contiguous);
        }
    });
    if !contiguous {
        return None;
    }
    // for vo in range(n // L): for vi in T.vectorized(L): body[v := min + vo * L + vi]
    // for v in range(min + n // L * L, min + n): body
    let t = var.dtype();
    let l = PrimExpr::int_of(i64::from(lanes), t);
    // A loop with a negative extent runs no iteration: split max(extent, 0), or the remainder
    // loop would start below `min` (tir-spec.md 12.i: `range(n, 2 * n)` for n < 0).
    let clamped;
    let extent = match crate::tir::arith::const_int(extent) {
        Some(_) => extent,
        None => {
            clamped = PrimExpr::max(extent.clone(), PrimExpr::int_of(0, t));
            &clamped
        }
    };
    let whole = match crate::tir::arith::const_int(extent) {
        Some(n) => PrimExpr::int_of(n / i64::from(lanes), t),
        None => PrimExpr::floordiv(extent.clone(), l.clone()),
    };
    let vo = Var::at(&format!("{}_outer", var.name()), Type::Prim(t), var.span());
    let vi = Var::at(&format!("{}_inner", var.name()), Type::Prim(t), var.span());
    let index = super::add(super::add(min.clone(), super::mul(PrimExpr::var(&vo), l.clone())), PrimExpr::var(&vi));
    let map = HashMap::from_iter([(var.id(), index)]);
    let vbody = crate::tir::mutate::Substitute { map: &map }.stmt(body);
    let sp = s.span();
    let inner = Stmt::at(
        StmtKind::For {
            var: vi,
            min: PrimExpr::int_of(0, t),
            extent: l.clone(),
            kind: ForKind::Vectorized,
            body: vbody,
            annotations: if inner.is_empty() { Vec::new() } else { vec![(INDEPENDENT.to_string(), AttrValue::Int(1))] },
        },
        sp,
    );
    let main = Stmt::at(
        StmtKind::For {
            var: vo,
            min: PrimExpr::int_of(0, t),
            extent: whole.clone(),
            kind: ForKind::Serial,
            body: inner,
            annotations: Vec::new(),
        },
        sp,
    );
    let done = super::mul(whole, l);
    let rest_extent = match (crate::tir::arith::const_int(extent), crate::tir::arith::const_int(&done)) {
        (Some(n), Some(d)) => PrimExpr::int_of(n - d, t),
        _ => PrimExpr::binary(BinOp::Sub, extent.clone(), done.clone()),
    };
    let versioned = |vector: Stmt| match &guard {
        Some(cond) => {
            Stmt::at(StmtKind::IfThenElse { cond: cond.clone(), then_case: vector, else_case: Some(s.clone()) }, sp)
        }
        None => vector,
    };
    if rest_extent.as_int() == Some(0) {
        return Some(versioned(main));
    }
    let rest = Stmt::at(
        StmtKind::For {
            var: var.clone(),
            min: super::add(min.clone(), done),
            extent: rest_extent,
            kind: ForKind::Serial,
            body: body.clone(),
            annotations: Vec::new(),
        },
        sp,
    );
    Some(versioned(Stmt::at(StmtKind::Seq(vec![main, rest]), sp)))
}

/// The largest coefficient of the loop variable in a subscript checked at the loop's entry, and
/// the largest extent: together they keep a subscript's change over the loop below 2^30, so the
/// values at the first and last iteration bound all the others without wrapping.
const GUARD_MAX_COEFFICIENT: i64 = 1 << 10;
const GUARD_MAX_EXTENT: i64 = 1 << 20;

/// A condition, evaluated before the loop, that every subscript of `accesses` lies inside its
/// buffer's dimension at the first and at the last iteration; with subscripts linear in the
/// loop variable, then at every iteration. `None` when a subscript is not linear in it.
fn range_guard(
    var: &Var,
    min: &PrimExpr,
    extent: &PrimExpr,
    accesses: &[(Buffer, Vec<PrimExpr>)],
    resolve: &dyn Fn(&PrimExpr) -> PrimExpr,
) -> Option<PrimExpr> {
    let t = var.dtype();
    let last = PrimExpr::binary(BinOp::Sub, add(min.clone(), extent.clone()), PrimExpr::int_of(1, t));
    let mut cond = PrimExpr::cmp(CmpOp::Le, extent.clone(), PrimExpr::int_of(GUARD_MAX_EXTENT, extent.dtype()));
    for (b, idx) in accesses {
        if idx.len() != b.shape().len() {
            return None;
        }
        for (i, n) in idx.iter().zip(b.shape()) {
            let r = resolve(i);
            if r.dtype().lanes != 1 || !r.dtype().is_int() {
                return None;
            }
            let c = crate::tir::region::coefficient(&r, var.id())?;
            if c.unsigned_abs() > GUARD_MAX_COEFFICIENT as u64 {
                return None;
            }
            for end in [min, &last] {
                let map = HashMap::from_iter([(var.id(), super::like(&PrimExpr::var(var), end.clone()))]);
                let e = crate::tir::mutate::Substitute { map: &map }.expr(&r);
                let zero = PrimExpr::int_of(0, e.dtype());
                let within = PrimExpr::and(
                    PrimExpr::cmp(CmpOp::Ge, e.clone(), zero),
                    PrimExpr::cmp(CmpOp::Lt, e.clone(), super::like(&e, n.clone())),
                );
                cond = PrimExpr::and(cond, within);
            }
        }
    }
    Some(cond)
}

/// Marks a vectorized loop this pass made of a serial one whose iterations it proved
/// independent, so that its inner loops may run inside each vector iteration.
const INDEPENDENT: &str = "strata.independent_iterations";

struct Loops;

impl Mutator for Loops {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::For { var, min, extent, kind: ForKind::Vectorized, body, annotations } = s.kind() else {
            return s;
        };
        let nested = annotations.iter().any(|(k, _)| k == INDEPENDENT);
        let n = extent.as_int().unwrap_or(0);
        let serial = || s.with_loop_kind(ForKind::Serial).unwrap_or_else(|| s.clone());
        if min.as_int() != Some(0) || !(2..=i64::from(u16::MAX)).contains(&n) {
            // One lane, or not a loop the checker accepts as vectorized: a serial loop.
            return serial();
        }
        // Vectors as wide as a SIMD register, one after another: each register's loads, math
        // and stores stay together (a 64-lane vector's loads all first would spill).
        let w = simd_bytes(body)
            .map(|b| i64::from(crate::transform::vectorize::REGISTER_BYTES / b))
            .filter(|&w| w < n && n % w == 0)
            .unwrap_or(n);
        // What every chunk would compute alike is computed once, before them.
        let (outer, body) = if w < n { hoist_invariants(var, body) } else { (Vec::new(), body.clone()) };
        let body = &body;
        // The hoisted values' modular sets, for divisions of ramps built on them.
        let mut bases = HashMap::default();
        for (v, value) in &outer {
            let set = crate::tir::arith::modular_set_in(value, &|x| bases.get(&x.id()).copied());
            bases.insert(v.id(), set);
        }
        let mut chunks = Vec::new();
        for k in 0..n / w {
            let start = PrimExpr::int_of(k * w, var.dtype());
            let index = if w == 1 { start } else { PrimExpr::ramp(start, PrimExpr::int_of(1, var.dtype()), w as u16) };
            let mut v = Vectorizer { map: HashMap::from_iter([(var.id(), index)]), bases: bases.clone(), nested };
            match v.stmt(body) {
                Some(s) => chunks.push(s),
                None => return serial(),
            }
        }
        let mut out = Stmt::at(StmtKind::Seq(chunks), s.span());
        for (v, value) in outer.into_iter().rev() {
            out = Stmt::at(StmtKind::LetStmt { var: v, value, body: out }, s.span());
        }
        out
    }
}

/// Split a loop body into lets that do not depend on the loop variable (with loads of buffers
/// the body does not store to, taken from places every iteration evaluates) and the rest.
fn hoist_invariants(var: &Var, body: &Stmt) -> (Vec<(Var, PrimExpr)>, Stmt) {
    use rustc_hash::FxHashSet as HashSet;
    let mut variant: HashSet<u64> = HashSet::from_iter([var.id()]);
    let mut outer: Vec<(Var, PrimExpr)> = Vec::new();
    let mut inner_lets: Vec<(Var, PrimExpr, Option<crate::ir::Span>)> = Vec::new();
    let mut s = body.clone();
    let depends = |e: &PrimExpr, variant: &HashSet<u64>| {
        let mut d = false;
        walk_expr(e, &mut |x| {
            if let ExprKind::Var(v) = x.kind() {
                d |= variant.contains(&v.id());
            }
            if let ExprKind::Let(v, ..) = x.kind() {
                d |= variant.contains(&v.id());
            }
        });
        d
    };
    while let StmtKind::LetStmt { var: v, value, body: b } = s.kind() {
        if depends(value, &variant) || v.pointer_type().is_some() || !pure(value) {
            variant.insert(v.id());
            inner_lets.push((v.clone(), value.clone(), s.span()));
        } else {
            outer.push((v.clone(), value.clone()));
        }
        let next = b.clone();
        s = next;
    }
    // Buffers the body writes: their loads stay in the chunks.
    let mut stored: HashSet<u64> = HashSet::default();
    crate::tir::visit::walk_stmts(&s, &mut |x| {
        if let StmtKind::BufferStore { buffer, .. } = x.kind() {
            stored.insert(buffer.data().id());
        }
        match x.kind() {
            StmtKind::LetStmt { var, .. } | StmtKind::For { var, .. } | StmtKind::Allocate { var, .. } => {
                variant.insert(var.id());
            }
            _ => {}
        }
    });
    let mut hoist = Hoist { variant, stored, loads: HashMap::default(), outer: Vec::new() };
    let s = hoist.stmt(&s);
    outer.extend(hoist.outer);
    let mut inner = s;
    for (v, value, sp) in inner_lets.into_iter().rev() {
        inner = Stmt::at(StmtKind::LetStmt { var: v, value, body: inner }, sp);
    }
    (outer, inner)
}

/// Whether an expression has no loads or calls (a let of it may move).
fn pure(e: &PrimExpr) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| {
        if matches!(x.kind(), ExprKind::BufferLoad(..) | ExprKind::Call(..)) {
            ok = false;
        }
    });
    ok
}

/// Replaces lane-invariant loads at unconditionally evaluated places by variables.
struct Hoist {
    variant: rustc_hash::FxHashSet<u64>,
    stored: rustc_hash::FxHashSet<u64>,
    /// Printed load to its variable (one variable per distinct load).
    loads: HashMap<String, Var>,
    outer: Vec<(Var, PrimExpr)>,
}

impl Hoist {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let sp = s.span();
        match s.kind() {
            StmtKind::Seq(list) => Stmt::at(StmtKind::Seq(list.iter().map(|x| self.stmt(x)).collect()), sp),
            StmtKind::BufferStore { buffer, value, indices } => {
                let value = self.expr(value);
                let indices = indices.iter().map(|i| self.expr(i)).collect();
                Stmt::at(StmtKind::BufferStore { buffer: buffer.clone(), value, indices }, sp)
            }
            _ => s.clone(),
        }
    }

    fn invariant(&self, e: &PrimExpr) -> bool {
        let mut ok = true;
        walk_expr(e, &mut |x| match x.kind() {
            ExprKind::Var(v) if self.variant.contains(&v.id()) => ok = false,
            ExprKind::Let(..) | ExprKind::Call(..) => ok = false,
            ExprKind::BufferLoad(b, _) if self.stored.contains(&b.data().id()) => ok = false,
            _ => {}
        });
        ok
    }

    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if e.dtype().lanes == 1 && self.invariant(e) => {
                let key = crate::tir::script::print_expr(e) + &format!("#{}", b.id());
                let v = self.loads.entry(key).or_insert_with(|| {
                    let v = Var::new(&format!("{}_val", b.name()), e.dtype());
                    self.outer.push((v.clone(), e.clone()));
                    v
                });
                let _ = idx;
                PrimExpr::var(v).with_span(e.span())
            }
            // Only parts every evaluation reaches: not the sides of a choice, not the right
            // side of and/or, not inside a let.
            ExprKind::Select(c, a, b) => {
                let c2 = self.expr(c);
                PrimExpr::select(c2, a.clone(), b.clone()).with_span(e.span())
            }
            ExprKind::And(..) | ExprKind::Or(..) | ExprKind::Let(..) | ExprKind::Call(..) => e.clone(),
            _ => crate::tir::mutate::default_expr(self, e),
        }
    }
}

impl crate::tir::mutate::Mutator for Hoist {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        Hoist::expr(self, e)
    }
}

/// The bytes of the widest element type the body computes with.
fn simd_bytes(body: &Stmt) -> Option<u32> {
    let mut bits = 0u8;
    crate::tir::visit::walk_exprs(body, &mut |e| {
        let t = e.dtype();
        if (t.is_float() || t.is_int()) && !t.is_bool() {
            bits = bits.max(t.bits);
        }
    });
    crate::tir::visit::walk_stmts(body, &mut |s| {
        if let StmtKind::BufferStore { buffer, .. } = s.kind() {
            bits = bits.max(buffer.dtype().bits);
        }
    });
    (bits >= 8).then(|| u32::from(bits) / 8)
}

struct Vectorizer {
    /// Variables whose values became vectors (the loop variable first).
    map: HashMap<u64, PrimExpr>,
    /// The modular sets of the scalar bases of ramps bound to variables (see
    /// [`crate::tir::arith::modular_set`]), so that divisions of such ramps still simplify.
    bases: HashMap<u64, (i128, i128)>,
    /// Inner loops (whose bounds do not vary by lane) run inside the vector iteration: only
    /// where the iterations were proven independent, since lane `k`'s inner iterations then
    /// interleave with the other lanes'.
    nested: bool,
}

impl Vectorizer {
    fn stmt(&mut self, s: &Stmt) -> Option<Stmt> {
        let sp = s.span();
        Some(match s.kind() {
            StmtKind::LetStmt { var, value, body } => {
                let v = self.expr(value)?;
                // A ramp (or broadcast) stays one: a scalar variable holds its base, so indices
                // built from it are still seen as contiguous.
                let parts = match v.kind() {
                    ExprKind::Ramp(b, st, n) => Some((b.clone(), Some(st.clone()), *n)),
                    ExprKind::Broadcast(x, n) => Some((x.clone(), None, *n)),
                    _ => None,
                };
                if let Some((base, stride, n)) = parts {
                    // A constant term stays out of the variable (it folds into addresses).
                    let (base, konst) = match base.kind() {
                        ExprKind::Binary(BinOp::Add, x, c) if stride.is_some() && c.as_int().is_some() => {
                            (x.clone(), Some(c.clone()))
                        }
                        _ => (base, None),
                    };
                    let bv = Var::at(&format!("{}_base", var.name()), Type::Prim(base.dtype()), var.span());
                    self.bases.insert(bv.id(), self.modular(&base));
                    let start = match konst {
                        Some(c) => PrimExpr::binary(BinOp::Add, PrimExpr::var(&bv), c),
                        None => PrimExpr::var(&bv),
                    };
                    let sym = match &stride {
                        Some(st) => PrimExpr::ramp(start, st.clone(), n),
                        None => PrimExpr::broadcast(start, n),
                    };
                    self.map.insert(var.id(), sym);
                    let b = self.stmt(body)?;
                    return Some(Stmt::at(StmtKind::LetStmt { var: bv, value: base, body: b }, sp));
                }
                if v.dtype().lanes > 1 {
                    let nv = Var::at(var.name(), Type::Prim(v.dtype()), var.span());
                    self.map.insert(var.id(), PrimExpr::var(&nv));
                    let b = self.stmt(body)?;
                    Stmt::at(StmtKind::LetStmt { var: nv, value: v, body: b }, sp)
                } else {
                    let b = self.stmt(body)?;
                    Stmt::at(StmtKind::LetStmt { var: var.clone(), value: v, body: b }, sp)
                }
            }
            StmtKind::BufferStore { buffer, value, indices } => {
                let idx = self.indices(indices)?;
                let n = idx.len();
                if idx.iter().take(n.saturating_sub(1)).any(|i| i.dtype().lanes > 1) || buffer.dtype().lanes > 1 {
                    return None;
                }
                let v = self.expr(value)?;
                let index_lanes = idx.last().map_or(1, |i| i.dtype().lanes);
                if index_lanes > 1 {
                    let v = broadcast_to(v, index_lanes);
                    if v.dtype().lanes != index_lanes {
                        return None;
                    }
                    Stmt::at(StmtKind::BufferStore { buffer: buffer.clone(), value: v, indices: idx }, sp)
                } else if v.dtype().lanes > 1 {
                    // Every iteration stores to one place: order would matter.
                    return None;
                } else {
                    Stmt::at(StmtKind::BufferStore { buffer: buffer.clone(), value: v, indices: idx }, sp)
                }
            }
            StmtKind::IfThenElse { cond, then_case, else_case } => {
                let c = self.expr(cond)?;
                if c.dtype().lanes > 1 {
                    return None;
                }
                let t = self.stmt(then_case)?;
                let e = match else_case {
                    Some(e) => Some(self.stmt(e)?),
                    None => None,
                };
                Stmt::at(StmtKind::IfThenElse { cond: c, then_case: t, else_case: e }, sp)
            }
            StmtKind::Seq(list) => {
                Stmt::at(StmtKind::Seq(list.iter().map(|x| self.stmt(x)).collect::<Option<_>>()?), sp)
            }
            StmtKind::DeclBuffer { buffer, body } => {
                if buffer.shape().iter().chain(buffer.strides()).any(|e| self.depends(e))
                    || self.depends(buffer.elem_offset())
                {
                    return None;
                }
                Stmt::at(StmtKind::DeclBuffer { buffer: buffer.clone(), body: self.stmt(body)? }, sp)
            }
            StmtKind::Evaluate(e) if matches!(e.kind(), ExprKind::IntImm(_)) => s.clone(),
            StmtKind::For { min, extent, body, .. } if self.nested && !self.depends(min) && !self.depends(extent) => {
                s.with_loop_body(self.stmt(body)?)?
            }
            _ => return None,
        })
    }

    /// The modular set of a scalar expression (see [`crate::tir::arith::modular_set`]).
    fn modular(&self, e: &PrimExpr) -> (i128, i128) {
        crate::tir::arith::modular_set_in(e, &|v| self.bases.get(&v.id()).copied())
    }

    /// The indices of an access: a leading index that is one value for every lane is that
    /// scalar (only the last may vary).
    fn indices(&mut self, indices: &[PrimExpr]) -> Option<Vec<PrimExpr>> {
        let n = indices.len();
        let mut out = Vec::with_capacity(n);
        for (k, i) in indices.iter().enumerate() {
            let e = self.expr(i)?;
            out.push(match e.kind() {
                ExprKind::Broadcast(x, _) if k + 1 < n => x.clone(),
                _ => e,
            });
        }
        Some(out)
    }

    /// Whether `e` depends on a vectorized variable.
    fn depends(&self, e: &PrimExpr) -> bool {
        let mut found = false;
        walk_expr(e, &mut |x| {
            if let ExprKind::Var(v) = x.kind() {
                found |= self.map.contains_key(&v.id());
            }
        });
        found
    }

    fn expr(&mut self, e: &PrimExpr) -> Option<PrimExpr> {
        if !self.depends(e) {
            return Some(e.clone());
        }
        let sp = e.span();
        let r = match e.kind() {
            ExprKind::Var(v) => return self.map.get(&v.id()).cloned(),
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.expr(a)?, self.expr(b)?);
                binary(*op, x, y, &|e| self.modular(e))?
            }
            ExprKind::Cmp(op, a, b) => {
                let (x, y) = self.same_lanes(a, b)?;
                PrimExpr::cmp(*op, x, y)
            }
            ExprKind::And(a, b) => {
                let (x, y) = self.same_lanes(a, b)?;
                PrimExpr::and(x, y)
            }
            ExprKind::Or(a, b) => {
                let (x, y) = self.same_lanes(a, b)?;
                PrimExpr::or(x, y)
            }
            ExprKind::Not(a) => PrimExpr::logical_not(self.expr(a)?),
            ExprKind::Cast(x) => {
                let x = self.expr(x)?;
                let l = x.dtype().lanes;
                PrimExpr::cast(e.dtype().with_lanes(l), x)
            }
            ExprKind::Select(c, a, b) => {
                let c = self.expr(c)?;
                let (x, y) = self.same_lanes(a, b)?;
                let l = x.dtype().lanes.max(c.dtype().lanes);
                PrimExpr::select(c, broadcast_to(x, l), broadcast_to(y, l))
            }
            ExprKind::BufferLoad(b, idx) => {
                let idx = self.indices(idx)?;
                let n = idx.len();
                if idx.iter().take(n.saturating_sub(1)).any(|i| i.dtype().lanes > 1) || b.dtype().lanes > 1 {
                    return None;
                }
                let index_lanes = idx.last().map_or(1, |i| i.dtype().lanes);
                if index_lanes == 1 {
                    // A vector index elsewhere would have made the last one a vector.
                    return None;
                }
                PrimExpr::load(b, idx)
            }
            ExprKind::Let(v, value, body) => {
                let val = self.expr(value)?;
                if val.dtype().lanes > 1 {
                    let nv = Var::at(v.name(), Type::Prim(val.dtype()), v.span());
                    self.map.insert(v.id(), PrimExpr::var(&nv));
                    let b = self.expr(body)?;
                    PrimExpr::let_in(&nv, val, b)
                } else {
                    PrimExpr::let_in(v, val, self.expr(body)?)
                }
            }
            ExprKind::Call(Callee::Builtin(name), args) => {
                let name: &str = name;
                if name == "tir.if_then_else" && args.len() == 3 {
                    // Both sides are evaluated in a lane-wise choice: only when that is harmless.
                    if !(fault_free(&args[1]) && fault_free(&args[2])) {
                        return None;
                    }
                    let c = self.expr(&args[0])?;
                    let (x, y) = self.same_lanes(&args[1], &args[2])?;
                    let l = x.dtype().lanes.max(c.dtype().lanes);
                    return Some(PrimExpr::select(c, broadcast_to(x, l), broadcast_to(y, l)).with_span(sp));
                }
                if extern_call(name).is_some() || name == "tir.ret" || !super::is_elementwise_builtin(name) {
                    return None;
                }
                let xs: Vec<PrimExpr> = args.iter().map(|a| self.expr(a)).collect::<Option<_>>()?;
                let l = xs.iter().map(lanes_of).max().unwrap_or(1);
                let xs: Vec<PrimExpr> = xs.into_iter().map(|x| broadcast_to(x, l)).collect();
                PrimExpr::new(ExprKind::Call(Callee::Builtin(name.into()), xs), e.dtype().with_lanes(l))
            }
            _ => return None,
        };
        Some(r.with_span(sp))
    }

    /// Two operands with equal lanes (a scalar is broadcast).
    fn same_lanes(&mut self, a: &PrimExpr, b: &PrimExpr) -> Option<(PrimExpr, PrimExpr)> {
        let (x, y) = (self.expr(a)?, self.expr(b)?);
        let l = lanes_of(&x).max(lanes_of(&y));
        Some((broadcast_to(x, l), broadcast_to(y, l)))
    }
}

/// A binary operation on possibly-vector operands; ramps stay ramps under `+`, `-` and `*` by
/// a scalar.
fn binary(op: BinOp, x: PrimExpr, y: PrimExpr, modular: &dyn Fn(&PrimExpr) -> (i128, i128)) -> Option<PrimExpr> {
    let ramp = |e: &PrimExpr| match e.kind() {
        ExprKind::Ramp(b, s, n) => Some((b.clone(), s.clone(), *n)),
        _ => None,
    };
    let scalar = |e: &PrimExpr| e.dtype().lanes == 1;
    // A broadcast is one value in every lane: computed once, as a scalar (so that `x // 16 * 8192
    // + v`, with `x // 16` one value for the lanes, is still a ramp).
    let splat = |e: &PrimExpr| match e.kind() {
        ExprKind::Broadcast(v, n) => Some((v.clone(), *n)),
        _ => None,
    };
    match (splat(&x), splat(&y)) {
        (Some((a, n)), Some((b, m))) if n == m => {
            return Some(PrimExpr::broadcast(binary(op, a, b, modular)?, n));
        }
        (Some((a, n)), None) if scalar(&y) => return Some(PrimExpr::broadcast(binary(op, a, y, modular)?, n)),
        (None, Some((b, n))) if scalar(&x) => return Some(PrimExpr::broadcast(binary(op, x, b, modular)?, n)),
        (Some((a, _)), None) if ramp(&y).is_some() => return binary(op, a, y, modular),
        (None, Some((b, _))) if ramp(&x).is_some() => return binary(op, x, b, modular),
        _ => {}
    }
    match (op, ramp(&x), ramp(&y)) {
        (BinOp::Add, Some((b, s, n)), None) if scalar(&y) => return Some(PrimExpr::ramp(add(b, y), s, n)),
        (BinOp::Add, None, Some((b, s, n))) if scalar(&x) => return Some(PrimExpr::ramp(add(x, b), s, n)),
        (BinOp::Add, Some((b1, s1, n)), Some((b2, s2, _))) => return Some(PrimExpr::ramp(add(b1, b2), add(s1, s2), n)),
        (BinOp::Sub, Some((b, s, n)), None) if scalar(&y) => {
            return Some(PrimExpr::ramp(PrimExpr::binary(BinOp::Sub, b, y), s, n));
        }
        (BinOp::Mul, Some((b, s, n)), None) if scalar(&y) => {
            return Some(PrimExpr::ramp(super::mul(b, y.clone()), super::mul(s, y), n));
        }
        (BinOp::Mul, None, Some((b, s, n))) if scalar(&x) => {
            return Some(PrimExpr::ramp(super::mul(x.clone(), b), super::mul(x, s), n));
        }
        (BinOp::FloorDiv | BinOp::FloorMod, Some((b, s, n)), None) => {
            if let Some(e) = divide_ramp(op, &b, &s, n, &y, modular) {
                return Some(e);
            }
        }
        _ => {}
    }
    let l = lanes_of(&x).max(lanes_of(&y)).max(1);
    Some(PrimExpr::binary(op, broadcast_to(x, l), broadcast_to(y, l)))
}

/// `ramp(b, s, n) // c` and `ramp(b, s, n) % c` for a constant `c > 0`, as TVM's simplifier
/// rewrites them, when the lanes stay a ramp or one value: a stride that `c` divides moves
/// whole multiples of `c` (`//` is a ramp of stride `s / c`, `%` one value), and lanes that
/// stay inside one multiple of `c` (the base is `k * c + r`, as its modular set shows, and
/// `r + i * s` is in `[0, c)` for every lane) have one quotient and remainders `r + i * s`.
/// So `B[(j0 * 16 + v) // 16, (j0 * 16 + v) % 16]` over `v` in `[0, 16)` is a contiguous
/// vector access. `None`: the lanes are none of these.
fn divide_ramp(
    op: BinOp,
    b: &PrimExpr,
    s: &PrimExpr,
    n: u16,
    c: &PrimExpr,
    modular: &dyn Fn(&PrimExpr) -> (i128, i128),
) -> Option<PrimExpr> {
    use crate::tir::arith::{const_int, floor_mod};
    let (stride, divisor) = (i128::from(const_int(s)?), i128::from(const_int(c)?));
    if divisor <= 0 {
        return None;
    }
    let t = b.dtype();
    let whole = |op| PrimExpr::binary(op, b.clone(), c.clone());
    if stride % divisor == 0 {
        return Some(match op {
            BinOp::FloorDiv => {
                PrimExpr::ramp(whole(BinOp::FloorDiv), PrimExpr::int_of((stride / divisor) as i64, t), n)
            }
            _ => PrimExpr::broadcast(whole(BinOp::FloorMod), n),
        });
    }
    // `b` is `coeff * t + base`: modulo `divisor` it is a multiple of `g` plus `base mod g`,
    // at most `divisor - g + base mod g`, so lanes that stay below the next multiple of `g`
    // stay inside one multiple of `divisor` (`(i0 * 64 + v) // 1024`, `v` in `[0, 64)`).
    let (coeff, base) = modular(b);
    let g = crate::tir::arith::gcd(coeff, divisor);
    let r = floor_mod(base, g);
    let last = r + stride * (i128::from(n) - 1);
    if !(0..g).contains(&last) {
        return None;
    }
    Some(match op {
        BinOp::FloorDiv => {
            // `(x + k) // c`, with `x` a multiple of `c` plus `r'` in `[0, c)`, is `x // c +
            // (r' + k) // c`: the chunks of one vectorized loop (bases `x`, `x + 4`, ...) then
            // share `x // c`.
            let quotient = match b.kind() {
                ExprKind::Binary(BinOp::Add, x, k) => const_int(k).and_then(|k| {
                    let (x_coeff, x_base) = modular(x);
                    let gx = crate::tir::arith::gcd(x_coeff, divisor);
                    let within = floor_mod(x_base, gx) + i128::from(k);
                    if x_coeff % divisor != 0 && !(0..gx).contains(&within) {
                        return None;
                    }
                    // `x mod divisor` is known (`gx` is `divisor`) or stays `k` below a
                    // multiple of `gx`: adding `k` crosses no multiple of `divisor`.
                    let extra = if x_coeff % divisor == 0 {
                        crate::tir::arith::floor_div(floor_mod(x_base, divisor) + i128::from(k), divisor)
                    } else {
                        0
                    };
                    let q = PrimExpr::binary(BinOp::FloorDiv, x.clone(), c.clone());
                    Some(if extra == 0 { q } else { add(q, PrimExpr::int_of(extra as i64, t)) })
                }),
                _ => None,
            };
            PrimExpr::broadcast(quotient.unwrap_or_else(|| whole(BinOp::FloorDiv)), n)
        }
        // One remainder for every `b` (`g` is `divisor`), or `b`'s.
        _ if g == divisor => PrimExpr::ramp(PrimExpr::int_of(r as i64, t), s.clone(), n),
        _ => PrimExpr::ramp(whole(BinOp::FloorMod), s.clone(), n),
    })
}

/// Whether evaluating `e` can neither fault nor have effects (no loads, divisions or calls).
fn fault_free(e: &PrimExpr) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::BufferLoad(..) | ExprKind::Call(..) => ok = false,
        _ => ok &= !may_trap_division(x, &|d| d.clone()),
    });
    ok
}

/// Whether `e` is an integer division or remainder that can trap: by zero, or `MIN / -1`
/// (its divisor, seen through `resolve`, is not a constant other than 0 and -1).
fn may_trap_division(e: &PrimExpr, resolve: &dyn Fn(&PrimExpr) -> PrimExpr) -> bool {
    match e.kind() {
        ExprKind::Binary(BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod, _, d) if d.dtype().is_int() => {
            crate::tir::arith::const_int(&resolve(d)).is_none_or(|c| c == 0 || c == -1)
        }
        _ => false,
    }
}
