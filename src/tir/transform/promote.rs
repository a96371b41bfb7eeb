//! Accumulators in registers: when every access a loop makes to a buffer is to a few elements
//! that do not change during the loop (`C[i, j]` in a loop over `k`; a register tile
//! `C[i0 * 4 + 0..4, j0 * 8 + ramp(0, 1, 8)]` once its `T.unroll` loop is unrolled), each element
//! (or vector of consecutive elements) is read once before the loop into a one-element local
//! buffer, the loop works on those, and they are written back after (the local buffers then live
//! in registers). Different elements must provably not overlap (their flat positions differ by a
//! constant at least their width). Innermost loops first, so an accumulator climbs out of every
//! reduction loop it can.
//!
//! Observable behaviour is kept: the element's final value is the same, no other access in the
//! loop can reach it (other buffers do not alias: parameters are checked not to overlap, and
//! allocations are distinct; a buffer sharing its memory with another is left alone), and the
//! loop may not call anything, return, assert or run in parallel. The read before the loop is
//! made only when the loop runs at least once.
//!
//! Which elements qualify is `transform::promote`'s rule, shared with affine loops (written back
//! after the loop); what TIR adds is checked first: no buffer allocated in the loop, accessed
//! under a condition, viewed through another buffer, or already a one-element local.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};
use crate::tir::visit::{walk_expr, walk_exprs, walk_stmts};
use crate::transform::promote::{self, WriteBack};
use crate::transform::vectorize::Overlap;

/// Promote loop-invariant accumulators of every loop of a statement.
pub fn promote_accumulators(s: &Stmt) -> Stmt {
    Loops.stmt(s)
}

struct Loops;

impl Mutator for Loops {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::For { var, extent, kind: ForKind::Serial | ForKind::Unrolled, body, .. } = s.kind() else {
            return s;
        };
        if body.has_loop_exit() {
            return s;
        }
        // Inner `T.unroll` loops are unrolled by lowering anyway: unrolled here, a register
        // tile's accesses (`C[i0 * 4 + 1, j0 * 8 + ramp]`) no longer change in this loop.
        // Only loops inside this one: the loop itself stays the loop the accumulators leave.
        let mut out = match s.kind() {
            StmtKind::For { var, min, extent, kind, body, annotations } => {
                let expanded = ExpandUnrolled.stmt(body);
                if expanded.same_node(body) {
                    s.clone()
                } else {
                    Stmt::at(
                        StmtKind::For {
                            var: var.clone(),
                            min: min.clone(),
                            extent: extent.clone(),
                            kind: kind.clone(),
                            body: expanded,
                            annotations: annotations.clone(),
                        },
                        s.span(),
                    )
                }
            }
            _ => s.clone(),
        };
        let original = s.clone();
        let mut promoted = false;
        // One buffer at a time; each promotion rewrites the loop.
        for _ in 0..8 {
            let inner = body_of(&out).unwrap_or(body).clone();
            match promote_one(&out, var, extent, &inner) {
                Some(n) => {
                    out = n;
                    promoted = true;
                }
                None => break,
            }
        }
        if promoted { out } else { original }
    }
}

/// Unrolls `T.unroll` loops of constant bounds and at most 16 iterations inside a loop body:
/// one copy of the body per iteration, the loop variable replaced by its value.
struct ExpandUnrolled;

impl Mutator for ExpandUnrolled {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let StmtKind::For { var, min, extent, kind: ForKind::Unrolled, body, .. } = s.kind() else { return s };
        let (Some(lo), Some(n)) = (crate::tir::arith::const_int(min), crate::tir::arith::const_int(extent)) else {
            return s;
        };
        if !(1..=16).contains(&n) || body.has_loop_exit() {
            return s;
        }
        let copies = (0..n)
            .map(|k| {
                let map = HashMap::from_iter([(var.id(), PrimExpr::int_of(lo + k, var.dtype()))]);
                InlineIndexLets.stmt(&crate::tir::mutate::Substitute { map: &map }.stmt(body))
            })
            .collect();
        Stmt::at(StmtKind::Seq(copies), s.span())
    }
}

/// Lets of values without loads or calls (index arithmetic) replaced by their values, so that
/// an unrolled body's copies do not bind one variable to several values.
struct InlineIndexLets;

impl Mutator for InlineIndexLets {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        if let StmtKind::LetStmt { var, value, body } = s.kind() {
            let mut pure = true;
            walk_expr(value, &mut |x| {
                if matches!(x.kind(), ExprKind::BufferLoad(..) | ExprKind::Call(..) | ExprKind::Let(..)) {
                    pure = false;
                }
            });
            // A value grown past a bound (chained lets, each inlining the last) stays bound.
            if pure && crate::tir::visit::tree_size_up_to(value, MAX_RESOLVED, &|_| None) <= MAX_RESOLVED {
                let map = HashMap::from_iter([(var.id(), value.clone())]);
                let inlined = crate::tir::mutate::Substitute { map: &map }.stmt(body);
                return self.stmt(&inlined);
            }
        }
        default_stmt(self, s)
    }
}

fn body_of(s: &Stmt) -> Option<&Stmt> {
    // The loop may now be wrapped by earlier promotions: find it.
    match s.kind() {
        StmtKind::For { body, .. } => Some(body),
        StmtKind::Allocate { body, .. }
        | StmtKind::DeclBuffer { body, .. }
        | StmtKind::IfThenElse { then_case: body, .. } => body_of(body),
        StmtKind::Seq(v) => v.iter().find_map(body_of),
        _ => None,
    }
}

/// Whether the loop's body may be changed this way at all.
fn body_allows(body: &Stmt) -> bool {
    let mut ok = true;
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::For { kind: ForKind::Parallel | ForKind::ThreadBinding(_) | ForKind::Vectorized, .. }
        | StmtKind::Assert { .. }
        | StmtKind::BlockRealize { .. } => ok = false,
        StmtKind::AttrStmt { key, .. } if key == "thread_extent" || key == "virtual_thread" => ok = false,
        _ => {}
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::Call(c, _) = e.kind() {
            let pure =
                matches!(c, Callee::Builtin(n) if super::is_elementwise_builtin(n) || &**n == "tir.if_then_else");
            if !pure {
                ok = false;
            }
        }
    });
    ok
}

/// Values of the variables bound by lets inside the body (to see indices through them). A
/// variable bound more than once (an unrolled body's copies) has no single value: it is left
/// out, and [`bound_inside`] counts it as changing in the loop.
fn let_values(body: &Stmt) -> HashMap<u64, PrimExpr> {
    let mut out: HashMap<u64, PrimExpr> = HashMap::default();
    let mut twice = HashSet::default();
    walk_stmts(body, &mut |s| {
        if let StmtKind::LetStmt { var, value, .. } = s.kind()
            && out.insert(var.id(), value.clone()).is_some()
        {
            twice.insert(var.id());
        }
    });
    out.retain(|id, _| !twice.contains(id));
    out
}

/// Variables bound inside the body (besides lets bound once, which are seen through).
fn bound_inside(body: &Stmt, loop_var: &Var) -> HashSet<u64> {
    let mut out = HashSet::from_iter([loop_var.id()]);
    let mut lets = HashSet::default();
    walk_stmts(body, &mut |s| {
        if let StmtKind::LetStmt { var, .. } = s.kind()
            && !lets.insert(var.id())
        {
            out.insert(var.id());
        }
    });
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::For { var, .. } | StmtKind::Allocate { var, .. } => {
            out.insert(var.id());
        }
        StmtKind::AttrStmt { node: AttrNode::Var(v), .. } => {
            out.insert(v.id());
        }
        _ => {}
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::Let(v, ..) = e.kind() {
            out.insert(v.id());
        }
    });
    out
}

/// `e` with let-bound variables replaced by their values; `None` if it depends on the loop.
fn resolve(e: &PrimExpr, lets: &HashMap<u64, PrimExpr>, inside: &HashSet<u64>, depth: u32) -> Option<PrimExpr> {
    if depth > 64 {
        return None;
    }
    let mut ok = true;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::Var(v) if inside.contains(&v.id()) => ok = false,
        ExprKind::BufferLoad(..) | ExprKind::Call(..) | ExprKind::Let(..) => ok = false,
        _ => {}
    });
    if !ok {
        return None;
    }
    let mut map = HashMap::default();
    let mut fail = false;
    walk_expr(e, &mut |x| {
        // Stops at the first failure: a variable that failed is not in `map`, and resolving
        // each of its uses again is exponential in a chain of lets.
        if !fail
            && let ExprKind::Var(v) = x.kind()
            && let Some(val) = lets.get(&v.id())
            && !map.contains_key(&v.id())
        {
            match resolve(val, lets, inside, depth + 1) {
                Some(r) => {
                    map.insert(v.id(), r);
                }
                None => fail = true,
            }
        }
    });
    if fail {
        return None;
    }
    let r = crate::tir::mutate::Substitute { map: &map }.expr(e);
    // Chained lets (`x1 = x0 + x0`, ..) resolve to trees exponentially larger than their text.
    (crate::tir::visit::tree_size_up_to(&r, MAX_RESOLVED, &|_| None) <= MAX_RESOLVED).then_some(r)
}

/// The most nodes of an index with its lets resolved, or of a let's value inlined.
const MAX_RESOLVED: usize = 256;

struct Access {
    buffer: Buffer,
    indices: Vec<PrimExpr>,
    store: bool,
}

fn accesses(body: &Stmt) -> Vec<Access> {
    let mut out = Vec::new();
    walk_stmts(body, &mut |s| {
        if let StmtKind::BufferStore { buffer, indices, .. } = s.kind() {
            out.push(Access { buffer: buffer.clone(), indices: indices.clone(), store: true });
        }
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::BufferLoad(b, idx) = e.kind() {
            out.push(Access { buffer: b.clone(), indices: idx.clone(), store: false });
        }
    });
    out
}

fn promote_one(whole: &Stmt, var: &Var, extent: &PrimExpr, body: &Stmt) -> Option<Stmt> {
    if !body_allows(body) {
        return None;
    }
    let lets = let_values(body);
    let inside = bound_inside(body, var);
    let cx = Keys { lets: &lets, inside: &inside };
    let all = accesses(body);
    let buffers: HashMap<u64, &Buffer> = all.iter().map(|a| (a.buffer.data().id(), &a.buffer)).collect();
    // What TIR itself rules out, checked first (elements are costly to compare): buffers
    // allocated in the body (already local), accessed under a condition, viewed through another
    // buffer of the same data, of vectors, or already a register (a one-element local buffer).
    let mut local: HashSet<u64> = HashSet::default();
    walk_stmts(body, &mut |s| {
        if let StmtKind::Allocate { var, .. } = s.kind() {
            local.insert(var.id());
        }
    });
    let guarded = guarded_buffers(body);
    let stored: HashSet<u64> = all.iter().filter(|a| a.store).map(|a| a.buffer.data().id()).collect();
    let eligible: HashSet<u64> = buffers
        .iter()
        .filter(|&(data, b)| {
            stored.contains(data)
                && !local.contains(data)
                && !guarded.contains(data)
                && b.dtype().lanes == 1
                && all.iter().all(|a| a.buffer.data().id() != *data || a.buffer == **b)
                && !(b.scope() == "local" && b.shape().len() == 1 && b.shape()[0].as_int() == Some(1))
        })
        .map(|(data, _)| *data)
        .collect();
    if eligible.is_empty() {
        return None;
    }
    // The rule both front ends share decides; buffers of different data never overlap
    // (parameters are checked not to, allocations are distinct).
    let described: Vec<promote::Access<u64, Key>> = all
        .iter()
        .map(|a| {
            let memory = a.buffer.data().id();
            let element = if eligible.contains(&memory) { cx.key(&a.indices) } else { None };
            promote::Access { memory, element, store: a.store }
        })
        .collect();
    let disjoint = |data: &u64, x: &Key, y: &Key| buffers.get(data).is_some_and(|b| apart(b, x, y));
    let chosen = promote::select(&described, WriteBack::AfterLoop, |_, _| Overlap::Never, disjoint);
    let p = chosen.into_iter().filter(|p| eligible.contains(&p.memory)).min_by_key(|p| buffers[&p.memory].id())?;
    Some(rewrite(whole, extent, buffers[&p.memory], &p.elements, &cx))
}

/// An element of a buffer that a loop's accesses keep returning to: its indices (the last may
/// be a unit-stride ramp: a vector of consecutive elements), as text to compare.
#[derive(Clone)]
struct Key {
    text: String,
    indices: Vec<PrimExpr>,
    lanes: u16,
}

impl PartialEq for Key {
    fn eq(&self, o: &Key) -> bool {
        self.text == o.text && self.lanes == o.lanes
    }
}

/// How to see an access's indices from outside the loop.
struct Keys<'a> {
    lets: &'a HashMap<u64, PrimExpr>,
    inside: &'a HashSet<u64>,
}

impl Keys<'_> {
    /// The access's indices from outside the loop, if they do not change in it.
    fn key(&self, indices: &[PrimExpr]) -> Option<Key> {
        let (last, rest) = indices.split_last()?;
        if rest.iter().any(|i| i.dtype().lanes != 1) {
            return None;
        }
        let lanes = last.dtype().lanes;
        if lanes > 1 && !matches!(last.kind(), ExprKind::Ramp(_, st, _) if st.as_int() == Some(1)) {
            return None;
        }
        let resolved: Vec<PrimExpr> =
            indices.iter().map(|i| resolve(i, self.lets, self.inside, 0)).collect::<Option<_>>()?;
        let text = resolved.iter().map(crate::tir::script::print_expr).collect::<Vec<_>>().join(", ");
        Some(Key { text, indices: resolved, lanes })
    }
}

/// Whether two different elements of `b` never overlap: their flat positions, in the buffer's
/// row-major order, differ by a constant at least their width.
fn apart(b: &Buffer, x: &Key, y: &Key) -> bool {
    let Some(shape) =
        b.shape().iter().map(|d| crate::tir::arith::const_int(d).map(i128::from)).collect::<Option<Vec<_>>>()
    else {
        return false;
    };
    let flat = |k: &Key| {
        let mut f = crate::tir::arith::linear(&PrimExpr::int(0));
        let mut stride = 1i128;
        for (i, n) in k.indices.iter().zip(&shape).rev() {
            let base = match i.kind() {
                ExprKind::Ramp(b, ..) => b.clone(),
                _ => i.clone(),
            };
            f = f.plus_scaled(&crate::tir::arith::linear(&base), stride)?;
            stride = stride.checked_mul(*n)?;
        }
        Some(f)
    };
    let (Some(fx), Some(fy)) = (flat(x), flat(y)) else { return false };
    let Some(d) = fx.plus_scaled(&fy, -1).and_then(|d| d.as_const()) else { return false };
    d.unsigned_abs() >= u128::from(if d >= 0 { y.lanes } else { x.lanes })
}

/// The memory (data variables) of buffers accessed only under a condition in `body` (an `if`,
/// a `while`, or a branch of `T.if_then_else`; a block's `T.where` becomes an `if`). Promoting
/// one would read and write its element on every iteration, also where the condition keeps the
/// index out of bounds (a split with a non-dividing factor guards its tail this way).
fn guarded_buffers(body: &Stmt) -> HashSet<u64> {
    let mut out = HashSet::default();
    let note = |s: &Stmt, out: &mut HashSet<u64>| {
        walk_stmts(s, &mut |x| {
            if let StmtKind::BufferStore { buffer, .. } = x.kind() {
                out.insert(buffer.data().id());
            }
        });
        walk_exprs(s, &mut |e| {
            if let ExprKind::BufferLoad(b, _) = e.kind() {
                out.insert(b.data().id());
            }
        });
    };
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::IfThenElse { then_case, else_case, .. } => {
            note(then_case, &mut out);
            if let Some(e) = else_case {
                note(e, &mut out);
            }
        }
        StmtKind::While { body, .. } => note(body, &mut out),
        _ => {}
    });
    walk_exprs(body, &mut |e| {
        if let ExprKind::Call(Callee::Builtin(n), args) = e.kind()
            && &**n == "tir.if_then_else"
        {
            for a in args.iter().skip(1) {
                walk_expr(a, &mut |x| {
                    if let ExprKind::BufferLoad(b, _) = x.kind() {
                        out.insert(b.data().id());
                    }
                });
            }
        }
    });
    out
}

/// Replaces every access to one buffer by an access to the register of its element.
struct Redirect<'a> {
    from: u64,
    regs: Vec<(String, Buffer)>,
    keys: &'a Keys<'a>,
}

impl Redirect<'_> {
    fn register(&self, indices: &[PrimExpr]) -> Option<&Buffer> {
        let k = self.keys.key(indices)?;
        self.regs.iter().find(|(t, _)| *t == k.text).map(|(_, r)| r)
    }
}

impl Mutator for Redirect<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        if let ExprKind::BufferLoad(b, idx) = e.kind()
            && b.id() == self.from
            && let Some(r) = self.register(idx)
        {
            return PrimExpr::load(r, vec![PrimExpr::int(0)]).with_span(e.span());
        }
        default_expr(self, e)
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        if let StmtKind::BufferStore { buffer, value, indices } = s.kind()
            && buffer.id() == self.from
            && let Some(r) = self.register(indices).cloned()
        {
            let v = self.expr(value);
            return Stmt::at(StmtKind::BufferStore { buffer: r, value: v, indices: vec![PrimExpr::int(0)] }, s.span());
        }
        default_stmt(self, s)
    }
}

fn rewrite(whole: &Stmt, extent: &PrimExpr, b: &Buffer, keys: &[Key], cx: &Keys<'_>) -> Stmt {
    let sp = whole.span();
    let regs: Vec<(String, Buffer)> = keys
        .iter()
        .enumerate()
        .map(|(n, k)| {
            let name = if keys.len() == 1 { format!("{}_acc", b.name()) } else { format!("{}_acc{n}", b.name()) };
            let mut spec = BufferSpec::new(&name, b.dtype().with_lanes(k.lanes), vec![PrimExpr::int(1)]);
            spec.scope = "local".into();
            (k.text.clone(), spec.build())
        })
        .collect();
    let new_loop = Redirect { from: b.id(), regs: regs.clone(), keys: cx }.stmt(whole);
    let mut seq = Vec::with_capacity(2 * keys.len() + 1);
    for (k, (_, reg)) in keys.iter().zip(&regs) {
        seq.push(Stmt::at(
            StmtKind::BufferStore {
                buffer: reg.clone(),
                value: PrimExpr::load(b, k.indices.clone()),
                indices: vec![PrimExpr::int(0)],
            },
            sp,
        ));
    }
    seq.push(new_loop);
    for (k, (_, reg)) in keys.iter().zip(&regs) {
        seq.push(Stmt::at(
            StmtKind::BufferStore {
                buffer: b.clone(),
                value: PrimExpr::load(reg, vec![PrimExpr::int(0)]),
                indices: k.indices.clone(),
            },
            sp,
        ));
    }
    let mut body = Stmt::at(StmtKind::Seq(seq), sp);
    for (_, reg) in regs.iter().rev() {
        let decl = Stmt::at(StmtKind::DeclBuffer { buffer: reg.clone(), body }, sp);
        body = Stmt::at(
            StmtKind::Allocate {
                var: reg.data().clone(),
                dtype: reg.dtype(),
                extents: vec![PrimExpr::int(1)],
                cond: PrimExpr::bool(true),
                body: decl,
                annotations: Vec::new(),
            },
            sp,
        );
    }
    // The elements are read only when the loop runs at least once.
    match crate::tir::arith::const_int(extent) {
        Some(n) if n > 0 => body,
        _ => {
            let zero = PrimExpr::int_of(0, extent.dtype());
            Stmt::at(
                StmtKind::IfThenElse {
                    cond: PrimExpr::cmp(CmpOp::Gt, extent.clone(), zero),
                    then_case: body,
                    else_case: Some(whole.clone()),
                },
                sp,
            )
        }
    }
}
