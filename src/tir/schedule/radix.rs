//! Index maps whose results are mixed-radix sums over symbolic extents: `lambda y, w: y * n + w`
//! over extents `(32, n)` is one index of extent `n * 32`, as TVM's iter-map detection fuses it
//! (TVM's `test_transform_layout_with_symbolic_bound`). The rule the other layout code does not
//! cover: a stride that is itself symbolic.

use crate::tir::arith::{prove_equal, simplify};
use crate::tir::ast::*;

use super::layout::IndexMap;

/// One parameter of a result: `params[k] * stride`, `params[k]` in `[0, extent)`.
pub(super) struct Digit {
    pub k: usize,
    pub stride: PrimExpr,
    pub extent: PrimExpr,
}

/// A result as a mixed-radix number: its digits from the innermost (stride 1) out, each stride
/// the one before times its extent, and the extent of the whole.
pub(super) struct Radix {
    pub digits: Vec<Digit>,
    pub extent: PrimExpr,
}

impl Radix {
    /// The value of each digit's parameter at the fused index `v` (TVM's inverse: the outermost
    /// digit `v // stride`, the others `v // stride % extent`).
    pub fn inverse(&self, v: &PrimExpr) -> Vec<(usize, PrimExpr)> {
        let last = self.digits.len().saturating_sub(1);
        self.digits
            .iter()
            .enumerate()
            .map(|(i, d)| {
                let q = if d.stride.as_int() == Some(1) {
                    v.clone()
                } else {
                    PrimExpr::floordiv(v.clone(), d.stride.clone())
                };
                (d.k, if i == last { q } else { PrimExpr::floormod(q, d.extent.clone()) })
            })
            .collect()
    }
}

/// Each result of `map` over `extents` as a mixed-radix sum: every parameter of an extent other
/// than 1 is one term (`p`, `p * s`, `s * p`, `p * c * n`) of exactly one result, the strides of
/// each result's terms are 1, `e0`, `e0 * e1`, ... in some order, and a parameter of extent 1
/// may appear anywhere (it is 0). `Err` says which rule fails.
pub(super) fn mixed_radix(map: &IndexMap, extents: &[PrimExpr]) -> Result<Vec<Radix>, String> {
    let unit = |k: usize| extents[k].as_int() == Some(1);
    let mut seen = vec![false; map.params.len()];
    let mut radixes = Vec::new();
    for r in &map.results {
        let mut digits: Vec<Digit> = Vec::new();
        for term in sum_terms(r) {
            let (k, stride) = scaled_param(term, &map.params)
                .ok_or_else(|| format!("{} is not a parameter times a stride", crate::tir::script::print_expr(term)))?;
            if unit(k) {
                continue;
            }
            if std::mem::replace(&mut seen[k], true) {
                return Err(format!("the index map uses {} more than once", map.params[k].name()));
            }
            digits.push(Digit { k, stride, extent: extents[k].clone() });
        }
        // Order the digits from stride 1 out: each next stride is the product so far.
        let dt = r.dtype();
        let mut ordered = Vec::new();
        let mut extent = PrimExpr::int_of(1, dt);
        while !digits.is_empty() {
            let Some(at) = digits.iter().position(|d| prove_equal(&d.stride, &extent)) else {
                return Err(format!(
                    "{} has no term of stride {}: its terms do not fuse into one index",
                    crate::tir::script::print_expr(r),
                    crate::tir::script::print_expr(&extent)
                ));
            };
            let d = digits.swap_remove(at);
            extent = product(&extent, &d.extent);
            ordered.push(d);
        }
        radixes.push(Radix { digits: ordered, extent });
    }
    if let Some(k) = (0..map.params.len()).find(|&k| !seen[k] && !unit(k)) {
        return Err(format!("the index map drops {}", map.params[k].name()));
    }
    Ok(radixes)
}

/// `a * b` simplified, written as TVM writes an extent (`n * 32`: the symbolic factor first).
fn product(a: &PrimExpr, b: &PrimExpr) -> PrimExpr {
    match (a.as_int(), b.as_int()) {
        (Some(1), _) => b.clone(),
        (_, Some(1)) => a.clone(),
        (Some(_), None) => simplify(&PrimExpr::binary(BinOp::Mul, b.clone(), a.clone())),
        _ => simplify(&PrimExpr::binary(BinOp::Mul, a.clone(), b.clone())),
    }
}

/// The terms of a sum, left to right (a sum nests to the left; the walk is iterative).
pub(super) fn sum_terms(r: &PrimExpr) -> Vec<&PrimExpr> {
    let mut terms = Vec::new();
    let mut e = r;
    while let ExprKind::Binary(BinOp::Add, a, b) = e.kind() {
        terms.push(b);
        e = a;
    }
    terms.push(e);
    terms.reverse();
    terms
}

/// `term` as `params[k] * stride`, the stride a product of constants and variables that are not
/// parameters.
fn scaled_param(term: &PrimExpr, params: &[Var]) -> Option<(usize, PrimExpr)> {
    let mut factors = Vec::new();
    let mut stack = vec![term];
    while let Some(e) = stack.pop() {
        match e.kind() {
            ExprKind::Binary(BinOp::Mul, a, b) => stack.extend([b, a]),
            _ => factors.push(e),
        }
    }
    let param = |e: &PrimExpr| e.as_var().and_then(|v| params.iter().position(|p| p.id() == v.id()));
    let [at] = (0..factors.len()).filter(|&i| param(factors[i]).is_some()).collect::<Vec<_>>()[..] else {
        return None;
    };
    let uses_param = |e: &PrimExpr| params.iter().any(|p| crate::tir::region::uses_var(e, p.id()));
    if factors.iter().enumerate().any(|(i, f)| i != at && uses_param(f)) {
        return None;
    }
    let stride = factors
        .iter()
        .enumerate()
        .filter(|&(i, _)| i != at)
        .map(|(_, &f)| f.clone())
        .reduce(|a, b| PrimExpr::binary(BinOp::Mul, a, b))
        .map_or_else(|| PrimExpr::int_of(1, term.dtype()), |s| simplify(&s));
    Some((param(factors[at])?, stride))
}
