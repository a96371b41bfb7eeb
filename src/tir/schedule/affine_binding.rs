//! TVM's affine-binding requirement (`CheckPartialAffineBinding`, which asks `DetectIterMap`
//! whether a block's bindings are a surjective map of the loops above it), for the loops a
//! primitive moves: the loops from a given one down to the block; loops further out are
//! symbols.
//!
//! Strata checks the shapes `DetectIterMap` accepts in the kernels schedules make: each binding
//! a sum of those loops' variables (and of `x // c`, `x % c` of such sums) with integer
//! coefficients, the smallest of them 1; no loop's range depending on another of them; and a
//! predicate whose conjuncts over them each bound the sum one binding is (as `split` and
//! `compute_at` write them). Anything else is refused as TVM refuses it, "is required to have
//! an affine binding".

use rustc_hash::FxHashSet as HashSet;

use super::tree::mentions;
use crate::tir::arith::linear;
use crate::tir::ast::*;

/// `e` as a sum of terms `coefficient * atom` (constants left out), or `None` when a product
/// of two non-constants is in the way of that.
fn summands(e: &PrimExpr, k: i128, out: &mut Vec<(PrimExpr, i128)>, depth: u32) -> Option<()> {
    if depth > 64 {
        return None;
    }
    match e.kind() {
        ExprKind::IntImm(_) => {}
        ExprKind::Binary(BinOp::Add, a, b) => {
            summands(a, k, out, depth + 1)?;
            summands(b, k, out, depth + 1)?;
        }
        ExprKind::Binary(BinOp::Sub, a, b) => {
            summands(a, k, out, depth + 1)?;
            summands(b, -k, out, depth + 1)?;
        }
        ExprKind::Binary(BinOp::Mul, a, c) | ExprKind::Binary(BinOp::Mul, c, a) if c.as_int().is_some() => {
            summands(a, k.checked_mul(i128::from(c.as_int()?))?, out, depth + 1)?;
        }
        _ => out.push((e.clone(), k)),
    }
    Some(())
}

/// The smallest coefficient of the terms of `e` over `vars`, if `e` is a sum of such terms
/// (`None`: not affine; `Some(None)`: no term uses them).
fn affine_scale(e: &PrimExpr, vars: &HashSet<u64>, depth: u32) -> Option<Option<i128>> {
    if depth > 16 {
        return None;
    }
    let mut terms = Vec::new();
    summands(e, 1, &mut terms, 0)?;
    let mut smallest: Option<i128> = None;
    for (atom, coef) in &terms {
        let atom = &atom;
        if !mentions(atom, vars) {
            continue;
        }
        let ok = match atom.kind() {
            ExprKind::Var(_) => true,
            // (A symbolic divisor too, one the loops do not change: a fused symbolic extent.)
            ExprKind::Binary(BinOp::FloorDiv | BinOp::FloorMod, x, c)
                if c.as_int().map_or(!mentions(c, vars), |c| c > 0) =>
            {
                affine_scale(x, vars, depth + 1)?.is_some()
            }
            // A symbolic stride (`i_0 * ((n + 7) // 8)`, a split of a symbolic extent): an
            // affine sum times what the loops do not change; it is not the smallest term.
            ExprKind::Binary(BinOp::Mul, a, b) if mentions(a, vars) != mentions(b, vars) => {
                let x = if mentions(a, vars) { a } else { b };
                if affine_scale(x, vars, depth + 1)? != Some(1) {
                    return None;
                }
                continue;
            }
            _ => false,
        };
        if !ok {
            return None;
        }
        let c = coef.abs();
        smallest = Some(smallest.map_or(c, |s: i128| s.min(c)));
    }
    Some(smallest)
}

/// Why the block `realize` does not have an affine binding over the loops `parts` (outermost
/// first, ending above the block), if it does not.
pub(super) fn affine_binding_error(realize: &Stmt, parts: &[super::tree::ForParts]) -> Option<String> {
    let StmtKind::BlockRealize { values, predicate, block } = realize.kind() else { return None };
    let vars: HashSet<u64> = parts.iter().map(|p| p.var.id()).collect();
    let fail = || Some(format!("The block {} is required to have an affine binding", block.name));
    let range = |v: &Var| {
        parts.iter().find(|p| p.var.id() == v.id()).and_then(|p| {
            let (min, n) = (p.min.as_int()?, p.extent.as_int().filter(|&n| n > 0)?);
            Some((i128::from(min), i128::from(min) + i128::from(n) - 1))
        })
    };
    // The loops' ranges must not depend on each other.
    if parts.iter().any(|p| mentions(&p.min, &vars) || mentions(&p.extent, &vars)) {
        return fail();
    }
    for v in values {
        match affine_scale(v, &vars, 0) {
            None => return fail(),
            Some(Some(s)) if s != 1 => return fail(),
            _ => {}
        }
    }
    // Each conjunct of the predicate over the loops bounds the sum one binding is.
    for c in crate::tir::visit::conjuncts(predicate) {
        if !mentions(&c, &vars) || c.as_int() == Some(1) {
            continue;
        }
        let side = match c.kind() {
            ExprKind::Cmp(CmpOp::Lt | CmpOp::Le | CmpOp::Gt | CmpOp::Ge, a, b) => {
                match (mentions(a, &vars), mentions(b, &vars)) {
                    (true, false) => a,
                    (false, true) => b,
                    _ => return fail(),
                }
            }
            _ => return fail(),
        };
        // (Or a sum of the loops a split of a symbolic extent bounds: `i_0 * q + i_1 < e`.)
        let form = linear(side);
        // (Or a part of one: the summands of a binding's, up to a common factor, as a split of
        // a split loop bounds its outer part: `i_0 * q + i_1 < e` of `(i_0 * q + i_1) * 4 + i_2`.)
        let part_of_binding = || {
            let over = |e: &PrimExpr| {
                let mut t = Vec::new();
                summands(e, 1, &mut t, 0)
                    .map(|()| t.into_iter().filter(|(a, _)| mentions(a, &vars)).collect::<Vec<_>>())
            };
            let Some(part) = over(side) else { return false };
            let Some((first, c0)) = part.first() else { return false };
            // The bindings and the sums they take quotients and remainders of (`(f_0 * 3 +
            // f_1) * 8 + f_2` of `(..) // 10`).
            let mut sums: Vec<PrimExpr> = values.to_vec();
            let mut k = 0;
            while k < sums.len() && sums.len() < 64 {
                let mut t = Vec::new();
                if summands(&sums[k], 1, &mut t, 0).is_some() {
                    for (a, _) in t {
                        if let ExprKind::Binary(BinOp::FloorDiv | BinOp::FloorMod, x, _) = a.kind() {
                            sums.push(x.clone());
                        }
                    }
                }
                k += 1;
            }
            sums.iter().filter_map(over).any(|whole| {
                let coef =
                    |atom: &PrimExpr| whole.iter().find(|(a, _)| crate::tir::arith::prove_equal(a, atom)).map(|x| x.1);
                let Some(k) = coef(first).filter(|k| *c0 != 0 && k % c0 == 0).map(|k| k / c0) else { return false };
                part.iter().all(|(a, c)| coef(a) == c.checked_mul(k))
            })
        };
        if !values.iter().any(|v| linear(v) == form)
            && !part_of_binding()
            && !bounds_other_loops(side, values, parts)
            && !fuses_splits_of_loops(side, &range)
        {
            return fail();
        }
    }
    None
}

/// Whether `side` is a mixed-radix sum of loops of `parts` no binding names (`i_0 * 2 + i_1`,
/// the extent of `i_1` 2): a predicate over loops the block's bindings do not use, which
/// `DetectIterMap` takes as a bound on their fused iterator (a block moved under a split loop
/// it does not depend on).
fn bounds_other_loops(side: &PrimExpr, values: &[PrimExpr], parts: &[super::tree::ForParts]) -> bool {
    let mut terms = Vec::new();
    if summands(side, 1, &mut terms, 0).is_none() {
        return false;
    }
    let mut used: Vec<(i128, i128)> = Vec::new();
    for (atom, coef) in &terms {
        let ExprKind::Var(v) = atom.kind() else { return false };
        let Some(p) = parts.iter().find(|p| p.var.id() == v.id()) else { return false };
        if values.iter().any(|b| mentions(b, &[v.id()].into_iter().collect())) || p.min.as_int() != Some(0) {
            return false;
        }
        let Some(n) = p.extent.as_int().filter(|&n| n > 0) else { return false };
        used.push((*coef, i128::from(n)));
    }
    mixed_radix(used)
}

/// Whether `side`, simplified where the loops' ranges decide it (`(f_0 * 8 + f_1) // 8` is
/// `f_0`), is a mixed-radix sum of splits of loops (`l`, `l // c`, `l % c`,
/// `l // c % m`) of loops `range` gives (starting at 0): the fused iterator `DetectIterMap` makes of a predicate's bound (a split
/// under a guard, then one of its loops split again).
pub(super) fn fuses_splits_of_loops(side: &PrimExpr, range: &dyn Fn(&Var) -> Option<(i128, i128)>) -> bool {
    // TVM 0.27 (`detect_iter_map`) takes such a bound where it names quotients or remainders
    // of the loops (`(x // 8 * 4 + y) * 8 + x % 8 < 64` over bindings `x`, `y`), and refuses it
    // over whole loops that bindings name (`x * 8 + y < 16`: "Could not normalize iterators").
    let mut splits = false;
    crate::tir::visit::walk_expr(side, &mut |e| {
        if let ExprKind::Binary(BinOp::FloorDiv | BinOp::FloorMod, x, _) = e.kind() {
            let mut over_loop = false;
            crate::tir::visit::walk_expr(x, &mut |v| over_loop |= v.as_var().is_some_and(|v| range(v).is_some()));
            splits |= over_loop;
        }
    });
    if !splits {
        return false;
    }
    let side = crate::tir::arith::simplify_in(side, range);
    let mut terms = Vec::new();
    if summands(&side, 1, &mut terms, 0).is_none() {
        return false;
    }
    // Each term's loop and the span of its values, from the loop's extent `n`.
    let loop_extent = |x: &PrimExpr| match range(x.as_var()?)? {
        (0, last) => Some(last + 1),
        _ => None,
    };
    let span = |atom: &PrimExpr| -> Option<i128> {
        let positive = |c: &PrimExpr| c.as_int().filter(|&c| c > 0).map(i128::from);
        match atom.kind() {
            ExprKind::Var(_) => loop_extent(atom),
            ExprKind::Binary(BinOp::FloorDiv, x, c) => Some((loop_extent(x)? + positive(c)? - 1) / positive(c)?),
            ExprKind::Binary(BinOp::FloorMod, x, m) => match x.kind() {
                ExprKind::Binary(BinOp::FloorDiv, y, c) => {
                    let q = (loop_extent(y)? + positive(c)? - 1) / positive(c)?;
                    (q >= positive(m)?).then_some(positive(m)?)
                }
                _ => (loop_extent(x)? >= positive(m)?).then_some(positive(m)?),
            },
            _ => None,
        }
    };
    let mut used = Vec::new();
    for (atom, coef) in &terms {
        match span(atom) {
            Some(n) if *coef > 0 => used.push((*coef, n)),
            _ => return false,
        }
    }
    mixed_radix(used)
}

/// Whether terms `(coefficient, extent)` are the digits of one mixed-radix number: sorted by
/// coefficient, each coefficient the product of the extents below it.
fn mixed_radix(mut digits: Vec<(i128, i128)>) -> bool {
    digits.sort_unstable();
    let mut stride = 1;
    for (coef, n) in digits {
        if coef != stride {
            return false;
        }
        let Some(next) = stride.checked_mul(n) else { return false };
        stride = next;
    }
    true
}

/// Which condition of TVM's local complete block (1: spatial variables only, 2: the only
/// writer of its outputs in its scope, 3: no buffer both read and written) `b` breaks first.
fn complete_block_violation(b: &Block, dominant: bool) -> Option<u32> {
    if b.iter_vars.iter().any(|iv| iv.iter_type != IterType::DataPar) {
        return Some(1);
    }
    if !dominant {
        return Some(2);
    }
    if b.writes.iter().any(|w| b.reads.iter().any(|r| r.buffer == w.buffer)) {
        return Some(3);
    }
    None
}

/// Which condition of TVM's reduction block (1: an init, 2: quasi-affine bindings, 3: spatial
/// or reduction variables only, 4: the only writer of its outputs, 5: no reduction variable in
/// an output index) the block of `realize` breaks first.
fn reduction_block_violation(realize: &Stmt, loop_vars: &HashSet<u64>, dominant: bool) -> Option<u32> {
    let StmtKind::BlockRealize { values, block: b, .. } = realize.kind() else { return Some(1) };
    if b.init.is_none() {
        return Some(1);
    }
    if values.iter().any(|v| affine_scale(v, loop_vars, 0).is_none()) {
        return Some(2);
    }
    if b.iter_vars.iter().any(|iv| !matches!(iv.iter_type, IterType::DataPar | IterType::CommReduce)) {
        return Some(3);
    }
    if !dominant {
        return Some(4);
    }
    let reduction: HashSet<u64> =
        b.iter_vars.iter().filter(|iv| iv.iter_type == IterType::CommReduce).map(|iv| iv.var.id()).collect();
    let mut in_output = false;
    crate::tir::visit::walk_stmts(&b.body, &mut |x| {
        if let StmtKind::BufferStore { buffer, indices, .. } = x.kind()
            && b.writes.iter().any(|w| &w.buffer == buffer)
        {
            in_output |= indices.iter().any(|i| mentions(i, &reduction));
        }
    });
    if in_output {
        return Some(5);
    }
    None
}

/// Why the block of `realize`, a child of the scope block whose body is `scope_body`, is
/// neither a complete block nor a reduction block (TVM's `CheckCompleteOrReductionBlock`), if
/// it is not: a block that shares its output with another writer (a reduction's init after
/// `decompose_reduction`) may not move on its own.
pub(super) fn complete_or_reduction_error(scope_body: &Stmt, realize: &Stmt, root: &Stmt) -> Option<String> {
    let StmtKind::BlockRealize { block: b, .. } = realize.kind() else { return None };
    let dominant = super::tree::outer_blocks(scope_body)
        .iter()
        .filter(|(_, r, _)| !r.same_node(realize))
        .all(|(_, _, other)| !other.writes.iter().any(|w| b.writes.iter().any(|o| o.buffer == w.buffer)));
    let complete = complete_block_violation(b, dominant)?;
    let mut loop_vars: HashSet<u64> = HashSet::default();
    crate::tir::visit::walk_stmts(root, &mut |x| {
        if let StmtKind::For { var, .. } = x.kind() {
            loop_vars.insert(var.id());
        }
    });
    let reduction = reduction_block_violation(realize, &loop_vars, dominant)?;
    Some(format!(
        "The block {} is not a complete block - it violates condition #{complete}. The block is not a reduction block either - it violates condition #{reduction}.",
        b.name
    ))
}

/// Why the loop `lp` (in `root`) cannot have its iterations run at once (TVM's compact
/// dataflow check), if it cannot.
pub(super) fn compact_dataflow_error(root: &Stmt, lp: &Stmt) -> Option<String> {
    let StmtKind::For { var, body, .. } = lp.kind() else { return None };
    let children = super::tree::outer_blocks(body);
    // TVM's `IsDominantBlock` under a loop: the writers are those of the child blocks' own
    // scopes (the blocks directly inside each), the first child's list kept per buffer.
    let mut writers: Vec<(Buffer, usize)> = Vec::new();
    for (_, _, child) in &children {
        let inner = super::tree::outer_blocks(&child.body);
        let mut seen: Vec<(Buffer, usize)> = Vec::new();
        for (_, _, b) in &inner {
            for w in &b.writes {
                match seen.iter_mut().find(|(x, _)| *x == w.buffer) {
                    Some((_, n)) => *n += 1,
                    None => seen.push((w.buffer.clone(), 1)),
                }
            }
        }
        for (buf, n) in seen {
            if !writers.iter().any(|(x, _)| *x == buf) {
                writers.push((buf, n));
            }
        }
    }
    let mut loop_vars: HashSet<u64> = HashSet::default();
    crate::tir::visit::walk_stmts(root, &mut |x| {
        if let StmtKind::For { var, .. } = x.kind() {
            loop_vars.insert(var.id());
        }
    });
    for (_, realize, b) in children {
        let dominant = b.writes.iter().all(|w| writers.iter().all(|(x, n)| *x != w.buffer || *n == 1));
        let complete = complete_block_violation(&b, dominant);
        let reduction = reduction_block_violation(&realize, &loop_vars, dominant);
        if let (Some(c), Some(r)) = (complete, reduction) {
            return Some(format!(
                "The queried subtree root {} in SRef tree does not have compact dataflow, because its child block {} on SRef tree is neither a local complete block nor a local reduction block. It violates condition #{c} as a local complete block and condition #{r} as a local reduction block.",
                var.name(),
                b.name
            ));
        }
    }
    None
}
