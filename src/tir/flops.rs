//! The floating-point operations a PrimFunc performs, as TVM's `estimate_tir_flops` counts
//! them: each float `+ - * /` (and `min`/`max`) in a statement, times the extents of the loops
//! around it. Tuners report GFLOP/s with it.

use super::ast::*;
use super::visit::{for_each_child, stmt_children};

/// The float operations of one call of `f`, `None` when a loop around one has no constant
/// extent (a symbolic shape) or the function nests deeper than it walks (512 levels).
///
/// ```
/// let m = strata::tir::parse_script(
///     "@T.prim_func\ndef mm(A: T.Buffer((8, 4), \"float32\"), B: T.Buffer((4, 8), \"float32\"), C: T.Buffer((8, 8), \"float32\")):\n    for i, j, k in T.grid(8, 8, 4):\n        with T.sblock(\"C\"):\n            vi, vj, vk = T.axis.remap(\"SSR\", [i, j, k])\n            with T.init():\n                C[vi, vj] = T.float32(0)\n            C[vi, vj] = C[vi, vj] + A[vi, vk] * B[vk, vj]\n",
/// )
/// .unwrap();
/// assert_eq!(strata::tir::flops::estimate(&m.funcs[0]), Some(2 * 8 * 8 * 4));
/// ```
pub fn estimate(f: &PrimFunc) -> Option<u64> {
    u64::try_from(stmt(&f.body, 0)?).ok()
}

fn stmt(s: &Stmt, depth: u32) -> Option<u128> {
    // Deep nests are counted as unknown rather than walked on a small stack.
    if depth > 512 {
        return None;
    }
    match s.kind() {
        StmtKind::For { extent, body, .. } => {
            let n = u128::try_from(extent.as_int()?.max(0)).ok()?;
            n.checked_mul(stmt(body, depth + 1)?)
        }
        StmtKind::BufferStore { value, .. } => expr(value, 0),
        StmtKind::Evaluate(e) => expr(e, 0),
        _ => stmt_children(s).into_iter().try_fold(0u128, |acc, c| acc.checked_add(stmt(c, depth + 1)?)),
    }
}

fn expr(e: &PrimExpr, depth: u32) -> Option<u128> {
    if depth > 512 {
        return None;
    }
    let own = match e.kind() {
        ExprKind::Binary(op, ..) if e.dtype().is_float() => {
            u128::from(matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::Div | BinOp::Min | BinOp::Max))
        }
        _ => 0,
    };
    let mut total = Some(own);
    for_each_child(e, &mut |c| total = total.and_then(|t| t.checked_add(expr(c, depth + 1)?)));
    total
}
