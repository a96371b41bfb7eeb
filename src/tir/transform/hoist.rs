//! Work moved out of loops, as LLVM would for TVM:
//!
//! - **Invariant lets.** Block lowering binds every block variable (`let vi = i`) in the
//!   innermost loop; a let whose value does not depend on the loop moves in front of it, so
//!   index arithmetic on outer variables is computed once per outer iteration.
//! - **Reduction inits.** Block lowering (as TVM's `LowerInitBlock`) runs a block's init under
//!   `if k == k_min and ..:` inside the reduction loops; when that `if` opens the body of the
//!   loop over `k`, it moves in front of the loop (its other conditions kept), so the loop no
//!   longer tests it on every iteration. From the innermost loop out, the init of
//!   `for c, r, s: if c == 0 and r == 0 and s == 0: Y = 0` ends up before `c`.
//!
//! - **Invariant loads** ([`hoist_invariant_loads`], after unrolling): a load reading the
//!   same element in every iteration of an innermost loop, bound to a let in front of it.
//!
//! Behaviour is unchanged: a moved let's value (pure: no loads or calls) is the same in every
//! iteration; the init `if` ran first in the loop's first iteration (`k == k_min`) and nowhere
//! else, so running it just before the loop, with `k` at its minimum, does the same work in the
//! same order, and it runs only if the loop runs at least once. Only serial loops qualify for
//! the init (a parallel loop's first iteration need not run first).

use rustc_hash::FxHashMap as HashMap;

use crate::tir::arith::const_int;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_stmt};
use crate::tir::visit::{walk_expr, walk_exprs};

/// Hoist invariant lets and first-iteration `if`s out of every loop of a statement.
pub fn hoist_out_of_loops(s: &Stmt) -> Stmt {
    Hoist.stmt(s)
}

struct Hoist;

impl Mutator for Hoist {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        let s = hoist_lets(&s).unwrap_or(s);
        // The init sits under the lets that stay: on the loop itself, or after the moved lets.
        hoist_init_under_lets(&s)
    }
}

/// `for x: let v = e (x not in e); body` => `let v = e; for x: body`, for each such leading let.
fn hoist_lets(s: &Stmt) -> Option<Stmt> {
    let StmtKind::For { var, kind, body, .. } = s.kind() else { return None };
    if !matches!(kind, ForKind::Serial | ForKind::Unrolled | ForKind::Parallel) {
        return None;
    }
    type Let = (Var, PrimExpr, Option<crate::ir::Span>);
    let mut moved: Vec<Let> = Vec::new();
    let mut kept: Vec<Let> = Vec::new();
    let mut cur = body;
    while let StmtKind::LetStmt { var: v, value, body } = cur.kind() {
        // A value using the loop variable or a let that stays must stay too.
        let depends = uses(value, var) || kept.iter().any(|(k, _, _)| uses(value, k));
        if depends || !pure(value) {
            kept.push((v.clone(), value.clone(), cur.span()));
        } else {
            moved.push((v.clone(), value.clone(), cur.span()));
        }
        cur = body;
    }
    if moved.is_empty() {
        return None;
    }
    let mut inner = cur.clone();
    for (v, value, sp) in kept.into_iter().rev() {
        inner = Stmt::at(StmtKind::LetStmt { var: v, value, body: inner }, sp);
    }
    let mut out = s.with_loop_body(inner)?;
    for (v, value, sp) in moved.into_iter().rev() {
        out = Stmt::at(StmtKind::LetStmt { var: v, value, body: out }, sp);
    }
    Some(out)
}

/// [`hoist`] on the loop under a chain of lets.
fn hoist_init_under_lets(s: &Stmt) -> Stmt {
    match s.kind() {
        StmtKind::LetStmt { var, value, body } => {
            let b = hoist_init_under_lets(body);
            if b.same_node(body) {
                return s.clone();
            }
            Stmt::at(StmtKind::LetStmt { var: var.clone(), value: value.clone(), body: b }, s.span())
        }
        _ => hoist(s).unwrap_or_else(|| s.clone()),
    }
}

fn hoist(s: &Stmt) -> Option<Stmt> {
    let StmtKind::For { var, min, extent, kind: ForKind::Serial | ForKind::Unrolled, body, .. } = s.kind() else {
        return None;
    };
    if body.has_loop_exit() {
        return None;
    }
    // The body: lets, then a sequence opening with `if cond: init`.
    let mut lets: Vec<(Var, PrimExpr)> = Vec::new();
    let mut cur = body;
    while let StmtKind::LetStmt { var, value, body } = cur.kind() {
        lets.push((var.clone(), value.clone()));
        cur = body;
    }
    let StmtKind::Seq(list) = cur.kind() else { return None };
    let (first, rest) = list.split_first()?;
    let StmtKind::IfThenElse { cond, then_case: init, else_case: None } = first.kind() else { return None };
    // See through the lets (pure values only: they are evaluated once more, before the loop).
    let mut map: HashMap<u64, PrimExpr> = HashMap::default();
    for (v, value) in &lets {
        if !pure(value) {
            return None;
        }
        let value = Substitute { map: &map }.expr(value);
        map.insert(v.id(), value);
    }
    let cond = Substitute { map: &map }.expr(cond);
    let init = Substitute { map: &map }.stmt(init);
    // One conjunct must be `var == min`; the others, and the init, must not depend on `var`.
    let mut first_iteration = false;
    let mut kept: Vec<PrimExpr> = Vec::new();
    for c in conjuncts(&cond) {
        if is_first_iteration(&c, var, min) {
            first_iteration = true;
        } else if is_true(&c) {
        } else if uses(&c, var) {
            return None;
        } else {
            kept.push(c);
        }
    }
    let mut init_uses_var = false;
    walk_exprs(&init, &mut |e| init_uses_var |= uses(e, var));
    if !first_iteration || init_uses_var || kept.iter().any(|c| !pure(c)) {
        return None;
    }
    let sp = s.span();
    let mut hoisted = match kept.into_iter().reduce(PrimExpr::and) {
        Some(c) => Stmt::at(StmtKind::IfThenElse { cond: c, then_case: init, else_case: None }, first.span()),
        None => init,
    };
    if const_int(extent).is_none_or(|n| n <= 0) {
        let runs = PrimExpr::cmp(CmpOp::Gt, extent.clone(), PrimExpr::int_of(0, extent.dtype()));
        hoisted = Stmt::at(StmtKind::IfThenElse { cond: runs, then_case: hoisted, else_case: None }, sp);
    }
    let mut new_body = Stmt::seq(rest.to_vec());
    for (v, value) in lets.into_iter().rev() {
        new_body = Stmt::at(StmtKind::LetStmt { var: v, value, body: new_body }, body.span());
    }
    Some(Stmt::seq(vec![hoisted, s.with_loop_body(new_body)?]))
}

fn conjuncts(e: &PrimExpr) -> Vec<PrimExpr> {
    match e.kind() {
        ExprKind::And(a, b) => {
            let mut v = conjuncts(a);
            v.extend(conjuncts(b));
            v
        }
        _ => vec![e.clone()],
    }
}

/// `var == min` (either way round).
fn is_first_iteration(c: &PrimExpr, var: &Var, min: &PrimExpr) -> bool {
    let ExprKind::Cmp(CmpOp::Eq, a, b) = c.kind() else { return false };
    let is_var = |x: &PrimExpr| x.as_var().is_some_and(|v| v.id() == var.id());
    let is_min = |x: &PrimExpr| match (const_int(x), const_int(min)) {
        (Some(p), Some(q)) => p == q,
        _ => x.same_node(min),
    };
    (is_var(a) && is_min(b)) || (is_var(b) && is_min(a))
}

/// A comparison of equal constants (`0 == 0`, left by an outer variable's substitution).
fn is_true(c: &PrimExpr) -> bool {
    match c.kind() {
        ExprKind::Cmp(CmpOp::Eq, a, b) => matches!((const_int(a), const_int(b)), (Some(x), Some(y)) if x == y),
        _ => c.as_int().is_some_and(|v| v != 0),
    }
}

fn uses(e: &PrimExpr, var: &Var) -> bool {
    let mut found = false;
    walk_expr(e, &mut |x| found |= x.as_var().is_some_and(|v| v.id() == var.id()));
    found
}

/// No loads or calls: the same value wherever it is evaluated.
fn pure(e: &PrimExpr) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| {
        if matches!(x.kind(), ExprKind::BufferLoad(..) | ExprKind::Call(..)) {
            ok = false;
        }
    });
    ok
}

/// The most loads moved out of one loop (three quarters of x86-64's 16 SIMD registers: a 3x3
/// window's nine weights, leaving room for the row's accumulators).
const MAX_HOISTED_LOADS: usize = 12;

/// Hoist loads that read the same element in every iteration out of every loop of a
/// statement (run after unrolling, when an unrolled body's loads have constant indices):
/// `for h: .. W[f, c] .. ` => `let w = W[f, c]; for h: .. w ..`, as LLVM's LICM does for TVM.
///
/// A load moves when its buffer is written nowhere in the loop (and nothing in the loop could
/// write it: no calls but pure builtins), its indices use no variable the loop binds, and
/// every index is proven inside the buffer over the ranges of the enclosing loops, so that the
/// moved load cannot trap where the loop would not have (a loop that runs no iteration then
/// loads in vain). A load broadcast to a vector moves with its broadcast. A loop with more
/// such loads than `MAX_HOISTED_LOADS` (12) keeps them all.
pub fn hoist_invariant_loads(s: &Stmt) -> Stmt {
    LoadHoist { ranges: HashMap::default(), let_values: HashMap::default(), has_loop: false, has_unrolled: false }
        .stmt(s)
}

struct LoadHoist {
    /// The values of the variables of enclosing loops with constant bounds.
    ranges: HashMap<u64, (i128, i128)>,
    /// The values of enclosing lets.
    let_values: HashMap<u64, PrimExpr>,
    /// Whether the statement just rewritten holds a loop (other than `T.unroll`), and a
    /// `T.unroll` loop (found on the way up, so that each loop is looked into once).
    has_loop: bool,
    has_unrolled: bool,
}

impl Mutator for LoadHoist {
    /// Expressions are rewritten only where a loop's loads move (not on the way).
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        e.clone()
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let range = match s.kind() {
            StmtKind::For { var, min, extent, .. } => match (const_int(min), const_int(extent)) {
                (Some(a), Some(n)) if n > 0 => Some((var.id(), (i128::from(a), i128::from(a) + i128::from(n) - 1))),
                _ => None,
            },
            StmtKind::LetStmt { var, value, .. } => {
                // Its range is worked out only if a load to move needs it.
                self.let_values.insert(var.id(), value.clone());
                None
            }
            _ => None,
        };
        if let Some((id, r)) = range {
            self.ranges.insert(id, r);
        }
        let (outer_loop, outer_unrolled) = (self.has_loop, self.has_unrolled);
        (self.has_loop, self.has_unrolled) = (false, false);
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        let (inner_loop, inner_unrolled) = (self.has_loop, self.has_unrolled);
        let out = match s.kind() {
            // (An unrolled loop is laid out in the loop around it, which hoists from it.) Only
            // innermost loops: what they load is what runs most.
            StmtKind::For { kind: ForKind::Serial | ForKind::Parallel, .. } if !inner_loop => {
                self.hoist_loads(&s, inner_unrolled).unwrap_or(s)
            }
            _ => s,
        };
        let (is_loop, is_unrolled) = match out.kind() {
            StmtKind::For { kind: ForKind::Unrolled, .. } => (false, true),
            StmtKind::For { .. } | StmtKind::While { .. } => (true, false),
            _ => (false, false),
        };
        self.has_loop = outer_loop || inner_loop || is_loop;
        self.has_unrolled = outer_unrolled || inner_unrolled || is_unrolled;
        out
    }
}

impl LoadHoist {
    /// The values `e` can take, from the ranges of the enclosing loops (through the values of
    /// enclosing lets).
    fn range(&self, e: &PrimExpr) -> Option<(i128, i128)> {
        // A let's value is substituted only while the result stays small: chained lets
        // (`x1 = x0 + x0`, `x2 = x1 + x1`, ..) make trees exponentially larger than their
        // text.
        let mut e = e.clone();
        for _ in 0..8 {
            let mut has_let = false;
            walk_expr(&e, &mut |x| has_let |= x.as_var().is_some_and(|v| self.let_values.contains_key(&v.id())));
            if !has_let {
                break;
            }
            let next = Substitute { map: &self.let_values }.expr(&e);
            if tree_size(&next) > MAX_MOVED_TREE {
                return None;
            }
            e = next;
        }
        crate::tir::arith::range_of(&e, &|v| self.ranges.get(&v.id()).copied())
    }

    fn hoist_loads(&self, s: &Stmt, has_unrolled: bool) -> Option<Stmt> {
        let StmtKind::For { var, body: original, .. } = s.kind() else { return None };
        // Loads in an inner `T.unroll` loop are invariant only once it is unrolled (`W[c_0 * 4
        // + c_1]` under `for c_1 in T.unroll(4)`): the body is looked at with those loops laid
        // out, as the lowering lays them out, and kept so if a load moves.
        let laid_out;
        let body = if has_unrolled && copies(original) <= MAX_LAID_OUT_COPIES {
            laid_out = Unroll.stmt(original);
            &laid_out
        } else {
            original
        };
        // What the loop binds and writes; a call that could write memory stops everything. A
        // let the loop binds to a pure value of what it does not bind is invariant too (block
        // lowering binds `vf = f_1 * 2 + 1` in the body): moved loads use its value.
        let mut bound: rustc_hash::FxHashSet<u64> = std::iter::once(var.id()).collect();
        let mut lets: HashMap<u64, PrimExpr> = HashMap::default();
        let mut written: rustc_hash::FxHashSet<u64> = Default::default();
        let mut opaque = false;
        // A variable bound twice (in two unrolled copies, or two vector chunks) has one value
        // only if every binding is the same expression (`vc = c_0 + c_1` in each chunk).
        let mut values: HashMap<u64, (PrimExpr, bool)> = HashMap::default();
        crate::tir::visit::walk_stmts(body, &mut |st| {
            if let StmtKind::LetStmt { var, value, .. } = st.kind() {
                values
                    .entry(var.id())
                    .and_modify(|(first, same)| *same &= same_expr(first, value))
                    .or_insert((value.clone(), true));
            }
        });
        crate::tir::visit::walk_stmts(body, &mut |st| match st.kind() {
            StmtKind::LetStmt { var, value, .. } => {
                let mut free = pure(value) && values.get(&var.id()).is_some_and(|(_, same)| *same);
                walk_expr(value, &mut |x| free &= x.as_var().is_none_or(|v| !bound.contains(&v.id())));
                let value = if free { Some(Substitute { map: &lets }.expr(value)) } else { None };
                // (Only lets whose value, in terms of the loop's outer variables, stays small.)
                if let Some(value) = value.filter(|v| tree_size(v) <= MAX_MOVED_TREE) {
                    lets.insert(var.id(), value);
                } else {
                    bound.insert(var.id());
                }
            }
            StmtKind::For { var, .. } | StmtKind::Allocate { var, .. } => {
                bound.insert(var.id());
            }
            StmtKind::BufferStore { buffer, .. } => {
                written.insert(buffer.data().id());
            }
            StmtKind::DeclBuffer { buffer, .. } => {
                bound.insert(buffer.data().id());
            }
            _ => {}
        });
        walk_exprs(body, &mut |e| match e.kind() {
            ExprKind::Let(v, ..) => {
                bound.insert(v.id());
            }
            ExprKind::Call(Callee::Global(_), _) => opaque = true,
            ExprKind::Call(Callee::Builtin(n), _) => {
                opaque |= !(super::is_elementwise_builtin(n)
                    || matches!(&**n, "tir.if_then_else" | "tir.likely" | "tir.assume"))
            }
            _ => {}
        });
        if opaque {
            return None;
        }
        let invariant_load = |e: &PrimExpr| -> bool {
            let ExprKind::BufferLoad(b, idx) = e.kind() else { return false };
            if e.dtype().lanes != 1
                || written.contains(&b.data().id())
                || bound.contains(&b.data().id())
                || !b.strides().is_empty()
                || const_int(b.elem_offset()) != Some(0)
                || idx.len() != b.shape().len()
            {
                return false;
            }
            let mut free = true;
            for i in idx {
                walk_expr(i, &mut |x| {
                    free &= match x.kind() {
                        ExprKind::Var(v) => !bound.contains(&v.id()),
                        ExprKind::BufferLoad(..) | ExprKind::Call(..) | ExprKind::Let(..) => false,
                        _ => true,
                    }
                });
            }
            free && idx.iter().zip(b.shape()).all(|(i, n)| {
                let r = self.range(&Substitute { map: &lets }.expr(i));
                matches!((r, const_int(n)), (Some((lo, hi)), Some(n)) if lo >= 0 && hi < i128::from(n))
            })
        };
        // The loads to move, each once (a broadcast of one moves whole), in order of appearance.
        let mut found: Vec<PrimExpr> = Vec::new();
        walk_exprs(body, &mut |e| {
            let hoisted = match e.kind() {
                ExprKind::Broadcast(x, _) if invariant_load(x) => true,
                _ => invariant_load(e),
            };
            if hoisted {
                let e = Substitute { map: &lets }.expr(e);
                if !found.iter().any(|f| same_expr(f, &e)) {
                    found.push(e);
                }
            }
        });
        // A load also found broadcast moves as the broadcast only.
        let broadcast: Vec<PrimExpr> = found
            .iter()
            .filter_map(|f| match f.kind() {
                ExprKind::Broadcast(x, _) => Some(x.clone()),
                _ => None,
            })
            .collect();
        found.retain(|f| !broadcast.iter().any(|b| same_expr(b, f)));
        // Each moved value stays in a register (or a spill slot) across the loop: more than a
        // handful would spill, and reloading a spill is no better than the load.
        if found.is_empty() || found.len() > MAX_HOISTED_LOADS {
            return None;
        }
        let vars: Vec<(Var, PrimExpr)> = found
            .into_iter()
            .map(|e| {
                let name = match e.kind() {
                    ExprKind::BufferLoad(b, _) => format!("{}_hoisted", b.name()),
                    _ => "hoisted".to_string(),
                };
                (Var::new(&name, e.dtype()), e)
            })
            .collect();
        let mut replace = ReplaceLoads { vars: &vars, lets: &lets };
        let mut out = replace.stmt(&s.with_loop_body(body.clone())?);
        // A load found inside a moved broadcast is left without a use.
        let mut used: rustc_hash::FxHashSet<u64> = Default::default();
        walk_exprs(&out, &mut |e| {
            if let Some(v) = e.as_var() {
                used.insert(v.id());
            }
        });
        for (v, e) in vars.iter().rev().filter(|(v, _)| used.contains(&v.id())) {
            out = Stmt::at(StmtKind::LetStmt { var: v.clone(), value: e.clone(), body: out }, s.span());
        }
        Some(out)
    }
}

/// Occurrences of the moved loads replaced by their variables.
struct ReplaceLoads<'a> {
    vars: &'a [(Var, PrimExpr)],
    /// The loop's invariant lets, by which a load's form is known.
    lets: &'a HashMap<u64, PrimExpr>,
}

impl Mutator for ReplaceLoads<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let load = match e.kind() {
            ExprKind::Broadcast(x, _) => x,
            _ => e,
        };
        // (Only a load of a buffer something was moved from is worth comparing.)
        if let ExprKind::BufferLoad(b, _) = load.kind()
            && self.vars.iter().any(|(_, h)| loaded_buffer(h) == Some(b))
        {
            let e2 = Substitute { map: self.lets }.expr(e);
            if let Some((v, _)) = self.vars.iter().find(|(_, h)| same_expr(h, &e2)) {
                return PrimExpr::var(v);
            }
        }
        crate::tir::mutate::default_expr(self, e)
    }
}

/// The buffer a moved expression (a load, or a broadcast of one) reads.
fn loaded_buffer(e: &PrimExpr) -> Option<&Buffer> {
    match e.kind() {
        ExprKind::BufferLoad(b, _) => Some(b),
        ExprKind::Broadcast(x, _) => loaded_buffer(x),
        _ => None,
    }
}

/// Whether two expressions are the same tree (variables and buffers by identity).
fn same_expr(a: &PrimExpr, b: &PrimExpr) -> bool {
    if a.same_node(b) {
        return true;
    }
    if a.dtype() != b.dtype() {
        return false;
    }
    let all = |x: &[PrimExpr], y: &[PrimExpr]| x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same_expr(p, q));
    match (a.kind(), b.kind()) {
        (ExprKind::Var(x), ExprKind::Var(y)) => x.id() == y.id(),
        (ExprKind::IntImm(x), ExprKind::IntImm(y)) => x == y,
        (ExprKind::FloatImm(x), ExprKind::FloatImm(y)) => x.to_bits() == y.to_bits(),
        (ExprKind::Cast(x), ExprKind::Cast(y)) | (ExprKind::Not(x), ExprKind::Not(y)) => same_expr(x, y),
        (ExprKind::Broadcast(x, n), ExprKind::Broadcast(y, m)) => n == m && same_expr(x, y),
        (ExprKind::Binary(o, x1, x2), ExprKind::Binary(p, y1, y2)) => o == p && same_expr(x1, y1) && same_expr(x2, y2),
        (ExprKind::Cmp(o, x1, x2), ExprKind::Cmp(p, y1, y2)) => o == p && same_expr(x1, y1) && same_expr(x2, y2),
        (ExprKind::BufferLoad(x, i), ExprKind::BufferLoad(y, j)) => x == y && all(i, j),
        _ => false,
    }
}

/// The most nodes of a load moved out of a loop, its indices' lets substituted.
const MAX_MOVED_TREE: usize = 64;

/// How many nodes `e` has as a tree, up to a little past [`MAX_MOVED_TREE`].
fn tree_size(e: &PrimExpr) -> usize {
    crate::tir::visit::tree_size_up_to(e, MAX_MOVED_TREE, &|_| None)
}

/// The most copies of a loop body laid out to look for loads (nested `T.unroll` loops
/// multiply: 64 x 64 x 64 would be a quarter million statements).
const MAX_LAID_OUT_COPIES: i64 = 256;

/// How many copies of its innermost statements laying out `s`'s `T.unroll` loops makes (the
/// most along any path; saturating).
fn copies(s: &Stmt) -> i64 {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match s.kind() {
        StmtKind::For { kind: ForKind::Unrolled, extent, body, .. } => {
            const_int(extent).unwrap_or(1).max(1).saturating_mul(copies(body))
        }
        _ => crate::tir::visit::stmt_children(s).into_iter().map(copies).max().unwrap_or(1),
    })
}

/// `T.unroll` loops of constant bounds laid out, as the lowering lays them out.
struct Unroll;

impl Mutator for Unroll {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        if let StmtKind::For { var, min, extent, kind: ForKind::Unrolled, body, .. } = s.kind()
            && let (Some(lo), Some(n)) = (const_int(min), const_int(extent))
            && (0..=64).contains(&n)
            && !body.has_loop_exit()
        {
            let copies = (0..n)
                .map(|k| {
                    let map: HashMap<u64, PrimExpr> =
                        std::iter::once((var.id(), PrimExpr::int_of(lo + k, var.dtype()))).collect();
                    Substitute { map: &map }.stmt(body)
                })
                .collect();
            return Stmt::at(StmtKind::Seq(copies), s.span());
        }
        s
    }
}
