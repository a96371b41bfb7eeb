//! The little simplification schedule primitives need so that bindings print as TVM prints
//! them: constants folded, `x * 1` and `x + 0` dropped, products of sums with constants
//! distributed (`(i_0 * 8 + i_1) * 2` is `i_0 * 16 + i_1 * 2`).

use crate::tir::ast::*;

/// `e` simplified (see the module documentation).
pub(super) fn simplify(e: &PrimExpr) -> PrimExpr {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        let ExprKind::Binary(op, a, b) = e.kind() else { return e.clone() };
        let (a, b) = (simplify(a), simplify(b));
        let dt = e.dtype();
        let (ca, cb) = (a.as_int(), b.as_int());
        match (op, ca, cb) {
            (BinOp::Add, Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_add(y), dt),
            (BinOp::Sub, Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_sub(y), dt),
            (BinOp::Mul, Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_mul(y), dt),
            (BinOp::Add, _, Some(0)) | (BinOp::Sub, _, Some(0)) | (BinOp::Mul, _, Some(1)) => a,
            (BinOp::FloorDiv, _, Some(1)) => a,
            (BinOp::FloorMod, _, Some(1)) => PrimExpr::int_of(0, dt),
            (BinOp::Add, Some(0), _) | (BinOp::Mul, Some(1), _) => b,
            (BinOp::Mul, Some(_), None) => scale(&b, &a),
            (BinOp::Mul, None, Some(_)) => scale(&a, &b),
            _ => PrimExpr::binary(*op, a, b),
        }
    })
}

/// `x * c` for a constant `c`, distributed over sums and merged into products.
fn scale(x: &PrimExpr, c: &PrimExpr) -> PrimExpr {
    let k = c.as_int().unwrap_or(1);
    match x.kind() {
        ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
            PrimExpr::binary(*op, simplify(&PrimExpr::binary(BinOp::Mul, a.clone(), c.clone())), scale(b, c))
        }
        ExprKind::Binary(BinOp::Mul, a, b) if b.as_int().is_some() => {
            let m = b.as_int().unwrap_or(1).wrapping_mul(k);
            simplify(&PrimExpr::binary(BinOp::Mul, a.clone(), PrimExpr::int_of(m, b.dtype())))
        }
        _ => PrimExpr::binary(BinOp::Mul, x.clone(), c.clone()),
    }
}
