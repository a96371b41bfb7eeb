//! Arithmetic on expressions at compile time: constant evaluation and linear forms, enough to
//! prove the equalities the spec asks the compiler to prove (match_buffer extents) and to keep
//! vectorized indices as ramps.

use std::collections::BTreeMap;

use super::ast::{BinOp, ExprKind, PrimExpr};
use super::dtype::DataType;

/// Wrap `v` to the integer type `t` (two's complement), as the spec's integer arithmetic does.
pub fn wrap_int(v: i128, t: DataType) -> i64 {
    use crate::dialect::standard::semantics::{unsigned, wrap};
    let bits = u32::from(t.bits).clamp(1, 64);
    // Unsigned values (and bool) keep their bits as the non-negative number (uint64 as its
    // two's complement bit pattern); signed ones are sign-extended.
    if t.is_uint() || bits == 1 { unsigned(v, bits) as i64 } else { wrap(v, bits) as i64 }
}

/// The value of a scalar integer expression made of constants and `+ - * // % min max`, if it is
/// one (division by zero is not a constant).
pub fn const_int(e: &PrimExpr) -> Option<i64> {
    let t = e.dtype();
    if !t.is_int() || t.lanes != 1 {
        return None;
    }
    match e.kind() {
        ExprKind::IntImm(v) => Some(*v),
        ExprKind::Cast(x) if x.dtype().is_int() => Some(wrap_int(i128::from(const_int(x)?), t)),
        ExprKind::Binary(op, a, b) => {
            let (x, y) = (i128::from(const_int(a)?), i128::from(const_int(b)?));
            let r = match op {
                BinOp::Add => x + y,
                BinOp::Sub => x - y,
                BinOp::Mul => x * y,
                BinOp::Div if y != 0 => x / y,
                BinOp::Mod if y != 0 => x % y,
                BinOp::FloorDiv if y != 0 => floor_div(x, y),
                BinOp::FloorMod if y != 0 => floor_mod(x, y),
                BinOp::Min => x.min(y),
                BinOp::Max => x.max(y),
                _ => return None,
            };
            Some(wrap_int(r, t))
        }
        _ => None,
    }
}

/// A linear form `c + Σ k·atom` of an integer expression; atoms are subexpressions that are
/// not sums or products with constants, keyed by their printed form.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Linear {
    /// The constant term.
    pub constant: i128,
    /// Coefficient per atom (zero coefficients removed).
    pub terms: BTreeMap<String, i128>,
}

impl Linear {
    /// `self + k * o`, `None` if a coefficient leaves `i128`.
    fn add(mut self, o: &Linear, k: i128) -> Option<Linear> {
        self.constant = self.constant.checked_add(k.checked_mul(o.constant)?)?;
        for (a, c) in &o.terms {
            let e = self.terms.entry(a.clone()).or_insert(0);
            *e = e.checked_add(k.checked_mul(*c)?)?;
            if *e == 0 {
                self.terms.remove(a);
            }
        }
        Some(self)
    }
    fn scale(mut self, k: i128) -> Option<Linear> {
        if k == 0 {
            return Some(Linear::default());
        }
        self.constant = self.constant.checked_mul(k)?;
        for c in self.terms.values_mut() {
            *c = c.checked_mul(k)?;
        }
        Some(self)
    }
    /// `self + k * o` (`None` if a coefficient leaves `i128`).
    pub fn plus_scaled(self, o: &Linear, k: i128) -> Option<Linear> {
        self.add(o, k)
    }

    /// The constant, if there are no terms.
    pub fn as_const(&self) -> Option<i128> {
        self.terms.is_empty().then_some(self.constant)
    }
}

/// The linear form of an integer expression (overflow is ignored: the forms prove equalities of
/// mathematical values of expressions that do not overflow). A subexpression whose
/// coefficients would leave `i128` is an atom of its own.
pub fn linear(e: &PrimExpr) -> Linear {
    if let Some(c) = const_int(e) {
        return Linear { constant: i128::from(c), terms: BTreeMap::new() };
    }
    let form = match e.kind() {
        ExprKind::Binary(BinOp::Add, a, b) => linear(a).add(&linear(b), 1),
        ExprKind::Binary(BinOp::Sub, a, b) => linear(a).add(&linear(b), -1),
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let (x, y) = (linear(a), linear(b));
            match (x.as_const(), y.as_const()) {
                (Some(k), _) => y.scale(k),
                (_, Some(k)) => x.scale(k),
                _ => None,
            }
        }
        ExprKind::Cast(x) if x.dtype().is_int() && x.dtype().bits <= e.dtype().bits => Some(linear(x)),
        _ => None,
    };
    form.unwrap_or_else(|| atom(e))
}

fn atom(e: &PrimExpr) -> Linear {
    let key = match e.kind() {
        ExprKind::Var(v) => format!("{}#{}", v.name(), v.id()),
        _ => super::script::print_expr(e),
    };
    Linear { constant: 0, terms: BTreeMap::from([(key, 1)]) }
}

/// Whether two integer expressions provably have the same value.
pub fn prove_equal(a: &PrimExpr, b: &PrimExpr) -> bool {
    linear(a) == linear(b)
}

/// `e` with the little simplification that makes rewritten index expressions print as TVM
/// prints them: constants folded, `x * 1` and `x + 0` dropped, products of sums with constants
/// distributed (`(i_0 * 8 + i_1) * 2` is `i_0 * 16 + i_1 * 2`), `x % 64 % 8` is `x % 8`, an
/// integer times 0 is 0, `x // c * c + x % c` is `x`.
pub fn simplify(e: &PrimExpr) -> PrimExpr {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
        // A constant cast to another integer type is that type's constant.
        if let ExprKind::Cast(x) = e.kind() {
            let (from, to) = (x.dtype(), e.dtype());
            if from.is_int()
                && to.is_int()
                && !to.is_bool()
                && from.lanes == 1
                && to.lanes == 1
                && let Some(c) = simplify(x).as_int()
            {
                return PrimExpr::int_of(wrap_int(i128::from(c), to), to);
            }
            return e.clone();
        }
        let ExprKind::Binary(op, a, b) = e.kind() else { return e.clone() };
        // A sum nested to the right (`a + (b + (c + ..))`) is taken term by term, each term
        // simplified once: re-associating it level by level would cost its length squared.
        if *op == BinOp::Add && e.dtype().is_int() && matches!(b.kind(), ExprKind::Binary(BinOp::Add | BinOp::Sub, ..))
        {
            let mut terms = sum_terms(e).into_iter();
            let Some((_, first)) = terms.next() else { return e.clone() };
            return terms.fold(simplify(&first), |acc, (o, t)| combine(o, acc, simplify(&t), e.dtype()));
        }
        combine(*op, simplify(a), simplify(b), e.dtype())
    })
}

/// The terms of a sum in order with the operation that adds each (the first's is `+`):
/// sums and differences added to it are opened, a difference's subtrahend is a term.
fn sum_terms(e: &PrimExpr) -> Vec<(BinOp, PrimExpr)> {
    let mut out = Vec::new();
    let mut stack = vec![(BinOp::Add, e.clone())];
    while let Some((op, x)) = stack.pop() {
        match (op, x.kind()) {
            (BinOp::Add, ExprKind::Binary(inner @ (BinOp::Add | BinOp::Sub), l, r)) => {
                stack.push((*inner, r.clone()));
                stack.push((BinOp::Add, l.clone()));
            }
            _ => out.push((op, x)),
        }
    }
    out
}

/// `a op b` of simplified operands with [`simplify`]'s rules applied at the top: the operands
/// are not simplified again, so a sum re-associated term by term costs its length.
fn combine(op: BinOp, a: PrimExpr, b: PrimExpr, dt: DataType) -> PrimExpr {
    let (ca, cb) = (a.as_int(), b.as_int());
    match (op, ca, cb) {
        (BinOp::Add, Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_add(y), dt),
        (BinOp::Sub, Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_sub(y), dt),
        (BinOp::Mul, Some(x), Some(y)) => PrimExpr::int_of(x.wrapping_mul(y), dt),
        (BinOp::FloorDiv, Some(x), Some(y)) if y > 0 => PrimExpr::int_of(x.div_euclid(y), dt),
        (BinOp::FloorMod, Some(x), Some(y)) if y > 0 => PrimExpr::int_of(x.rem_euclid(y), dt),
        (BinOp::Add, _, Some(0)) | (BinOp::Sub, _, Some(0)) | (BinOp::Mul, _, Some(1)) => a,
        (BinOp::FloorDiv, _, Some(1)) => a,
        // `(x // c1 + c2) // c3` is `(x + c1 * c2) // (c1 * c3)` (TVM's rewrite rule; floor
        // division by positive constants).
        (BinOp::FloorDiv, None, Some(c3)) if c3 > 0 && nested_floordiv(&a).is_some() => {
            let (x, c1, c2) = nested_floordiv(&a).unwrap_or_else(|| unreachable!("checked"));
            match (c1.checked_mul(c2), c1.checked_mul(c3)) {
                (Some(k), Some(d)) => simplify(&PrimExpr::floordiv(
                    PrimExpr::binary(BinOp::Add, x, PrimExpr::int_of(k, dt)),
                    PrimExpr::int_of(d, dt),
                )),
                _ => PrimExpr::binary(op, a, b),
            }
        }
        // `(x + c1) // c2` is `x // c2 + c1 / c2` where `c2` divides `c1` (TVM's rewrite rule; a
        // split's outer extent `(n + 6) // 6` prints `n // 6 + 1`).
        (BinOp::FloorDiv, None, Some(c2))
            if c2 > 0
                && dt.is_int()
                && matches!(a.kind(), ExprKind::Binary(BinOp::Add | BinOp::Sub, _, c1)
                    if c1.as_int().is_some_and(|c1| c1 % c2 == 0)) =>
        {
            let ExprKind::Binary(o, x, c1) = a.kind() else { unreachable!("matched") };
            let k = PrimExpr::int_of(c1.as_int().unwrap_or(0) / c2, dt);
            combine(*o, combine(BinOp::FloorDiv, x.clone(), b, dt), k, dt)
        }
        (BinOp::FloorMod, _, Some(1)) => PrimExpr::int_of(0, dt),
        (BinOp::Add, Some(0), _) | (BinOp::Mul, Some(1), _) => b,
        // `x * c * y` is `x * y * c`: TVM's simplifier keeps a product's constant last (a fuse
        // of `N`, 128 and `M` loops has `N * M * 128` iterations).
        (BinOp::Mul, None, None)
            if dt.is_int() && matches!(a.kind(), ExprKind::Binary(BinOp::Mul, _, c) if c.as_int().is_some()) =>
        {
            let ExprKind::Binary(BinOp::Mul, x, c) = a.kind() else { unreachable!("matched") };
            PrimExpr::binary(BinOp::Mul, combine(BinOp::Mul, x.clone(), b, dt), c.clone())
        }
        // An integer times 0 (`v * n` where `v` is bound to 0).
        (BinOp::Mul, Some(0), _) | (BinOp::Mul, _, Some(0)) if dt.is_int() => PrimExpr::int_of(0, dt),
        // `x % c1 % c2` is `x % c2` where `c2` divides `c1`.
        (BinOp::FloorMod, None, Some(c2)) if c2 > 0 => match a.kind() {
            ExprKind::Binary(BinOp::FloorMod, x, c1) if c1.as_int().is_some_and(|c1| c1 > 0 && c1 % c2 == 0) => {
                PrimExpr::binary(BinOp::FloorMod, x.clone(), b)
            }
            _ => PrimExpr::binary(op, a, b),
        },
        // A quotient and remainder of one value as one (`x // c * c + x % c` is `x`, `x // c *
        // (c * k) + x % c * k` is `x * k`, `x // 2048 * 16 + x % 2048 // 128` is `x // 128`),
        // as TVM's simplifier merges the loops of a fused split again; also as the last two
        // terms of a sum.
        (BinOp::Add, None, None) if let Some(merged) = merge_pair(&a, &b) => merged,
        (BinOp::Add, None, None)
            if let ExprKind::Binary(BinOp::Add, rest, t) = a.kind()
                && let Some(merged) = merge_pair(t, &b) =>
        {
            combine(BinOp::Add, rest.clone(), merged, dt)
        }
        (BinOp::Mul, Some(_), None) => scale(&b, &a),
        (BinOp::Mul, None, Some(_)) => scale(&a, &b),
        // `a + (b + c)` is `a + b + c`: TVM's simplifier prints sums flat, left to right
        // (`i * 8 + (j_0 * 4 + j_1)` after a split of `j` is `i * 8 + j_0 * 4 + j_1`).
        (BinOp::Add, None, None)
            if dt.is_int() && matches!(b.kind(), ExprKind::Binary(BinOp::Add | BinOp::Sub, ..)) =>
        {
            // The terms of `b` along its left spine, folded onto `a` one at a time.
            let mut terms = Vec::new();
            let mut rest = b;
            while let ExprKind::Binary(o @ (BinOp::Add | BinOp::Sub), x, y) = rest.kind() {
                terms.push((*o, y.clone()));
                rest = x.clone();
            }
            terms.push((BinOp::Add, rest));
            terms.into_iter().rev().fold(a, |acc, (o, t)| combine(o, acc, t, dt))
        }
        // `(x + 3) - 3` is `x`: constants of a sum's tail fold together.
        (BinOp::Add | BinOp::Sub, None, Some(c2)) => match a.kind() {
            ExprKind::Binary(inner @ (BinOp::Add | BinOp::Sub), x, c1) if c1.as_int().is_some() => {
                let c1 = c1.as_int().unwrap_or(0);
                let signed = |o: &BinOp, c: i64| if *o == BinOp::Add { c } else { c.wrapping_neg() };
                let c = signed(inner, c1).wrapping_add(signed(&op, c2));
                match c {
                    0 => x.clone(),
                    c if c < 0 => PrimExpr::binary(BinOp::Sub, x.clone(), PrimExpr::int_of(c.wrapping_neg(), dt)),
                    c => PrimExpr::binary(BinOp::Add, x.clone(), PrimExpr::int_of(c, dt)),
                }
            }
            _ => PrimExpr::binary(op, a, b),
        },
        _ => PrimExpr::binary(op, a, b),
    }
}

/// `x // c * s` of `x // M * K + x % M // c * s` (`M = c * K / s`), or `x % M * s` of
/// `x % M // c * (c * s) + x % c * s` (`c` dividing `M`): two digits of `x` merged, all constants
/// positive.
/// Two terms of a sum as one: a quotient and remainder pair (`x`, `x * k`) or two digits of one
/// value ([`merge_digits`]).
fn merge_pair(t: &PrimExpr, b: &PrimExpr) -> Option<PrimExpr> {
    let remainder_of = |e: &PrimExpr| match e.kind() {
        ExprKind::Binary(BinOp::FloorMod, x, _) => Some(x.clone()),
        _ => None,
    };
    if is_div_mod_pair(t, b) {
        return remainder_of(b);
    }
    if is_div_mod_pair(b, t) {
        return remainder_of(t);
    }
    if let Some((x, k)) = scaled_div_mod_pair(t, b).or_else(|| scaled_div_mod_pair(b, t)) {
        return Some(simplify(&PrimExpr::binary(BinOp::Mul, x, PrimExpr::int_of(k, t.dtype()))));
    }
    merge_digits(t, b)
}

fn merge_digits(q: &PrimExpr, r: &PrimExpr) -> Option<PrimExpr> {
    // `e * k` (or `e`, k = 1) with a positive constant `k`.
    fn scaled(e: &PrimExpr) -> (&PrimExpr, i64) {
        match e.kind() {
            ExprKind::Binary(BinOp::Mul, x, k) if k.as_int().is_some_and(|k| k > 0) => (x, k.as_int().unwrap_or(1)),
            _ => (e, 1),
        }
    }
    let positive = |e: &PrimExpr| e.as_int().filter(|&c| c > 0);
    let ((qe, big_k), (re, s)) = (scaled(q), scaled(r));
    let dt = q.dtype();
    // `x // M * K + x % M // c * s`.
    if let (ExprKind::Binary(BinOp::FloorDiv, x1, m), ExprKind::Binary(BinOp::FloorDiv, rem, c)) =
        (qe.kind(), re.kind())
        && let ExprKind::Binary(BinOp::FloorMod, x2, m2) = rem.kind()
        && let (Some(m), Some(m2), Some(c)) = (positive(m), positive(m2), positive(c))
        && m == m2
        && big_k % s == 0
        && c.checked_mul(big_k / s) == Some(m)
        && prove_equal(x1, x2)
    {
        let d = PrimExpr::floordiv(x1.clone(), PrimExpr::int_of(c, dt));
        return Some(if s == 1 { d } else { PrimExpr::binary(BinOp::Mul, d, PrimExpr::int_of(s, dt)) });
    }
    // The same of a symbolic `c` (`f // (m * 2) * 2 + f % (m * 2) // m` is `f // m`, a fused
    // loop's digits over a shape variable).
    if let (ExprKind::Binary(BinOp::FloorDiv, x1, m), ExprKind::Binary(BinOp::FloorDiv, rem, c)) =
        (qe.kind(), re.kind())
        && let ExprKind::Binary(BinOp::FloorMod, x2, m2) = rem.kind()
        && c.as_int().is_none()
        && big_k % s == 0
        && prove_equal(m, m2)
        && prove_equal(m, &PrimExpr::binary(BinOp::Mul, c.clone(), PrimExpr::int_of(big_k / s, c.dtype())))
        && prove_equal(x1, x2)
    {
        let d = PrimExpr::floordiv(x1.clone(), c.clone());
        return Some(if s == 1 { d } else { PrimExpr::binary(BinOp::Mul, d, PrimExpr::int_of(s, dt)) });
    }
    // `x // M * K + x // c % m * s` (`M = c * m`, `K = m * s`): `x // c * s`, the same digits
    // read as the quotient's (TVM's canonical form sees both).
    if let (ExprKind::Binary(BinOp::FloorDiv, x1, big_m), ExprKind::Binary(BinOp::FloorMod, y, m)) =
        (qe.kind(), re.kind())
        && let ExprKind::Binary(BinOp::FloorDiv, x2, c) = y.kind()
        && let (Some(big_m), Some(m), Some(c)) = (positive(big_m), positive(m), positive(c))
        && c.checked_mul(m) == Some(big_m)
        && m.checked_mul(s) == Some(big_k)
        && prove_equal(x1, x2)
    {
        let d = PrimExpr::floordiv(x1.clone(), PrimExpr::int_of(c, dt));
        return Some(if s == 1 { d } else { PrimExpr::binary(BinOp::Mul, d, PrimExpr::int_of(s, dt)) });
    }
    // `x % M // c * (c * s) + x % c * s`.
    if let (ExprKind::Binary(BinOp::FloorDiv, y, c), ExprKind::Binary(BinOp::FloorMod, x2, c2)) = (qe.kind(), re.kind())
        && let ExprKind::Binary(BinOp::FloorMod, x1, m) = y.kind()
        && let (Some(m), Some(c), Some(c2)) = (positive(m), positive(c), positive(c2))
        && c == c2
        && m % c == 0
        && c.checked_mul(s) == Some(big_k)
        && prove_equal(x1, x2)
    {
        let y = PrimExpr::floormod(x1.clone(), PrimExpr::int_of(m, dt));
        return Some(if s == 1 { y } else { PrimExpr::binary(BinOp::Mul, y, PrimExpr::int_of(s, dt)) });
    }
    None
}

/// `(x, c1, c2)` of `x // c1 + c2` (or `- c2`), `c1` a positive constant.
fn nested_floordiv(e: &PrimExpr) -> Option<(PrimExpr, i64, i64)> {
    let (sign, inner, c2) = match e.kind() {
        ExprKind::Binary(BinOp::Add, x, c) => (1, x, c.as_int()?),
        ExprKind::Binary(BinOp::Sub, x, c) => (-1, x, c.as_int()?),
        _ => return None,
    };
    let ExprKind::Binary(BinOp::FloorDiv, x, c1) = inner.kind() else { return None };
    let c1 = c1.as_int().filter(|&c| c > 0)?;
    Some((x.clone(), c1, c2.checked_mul(sign)?))
}

/// `(x, k)` where `q` is `x // c * (c * k)` and `r` is `x % c * k`, the same `x` and `c`.
fn scaled_div_mod_pair(q: &PrimExpr, r: &PrimExpr) -> Option<(PrimExpr, i64)> {
    let ExprKind::Binary(BinOp::Mul, d, m) = q.kind() else { return None };
    let ExprKind::Binary(BinOp::Mul, rem, k) = r.kind() else { return None };
    let (ExprKind::Binary(BinOp::FloorDiv, x1, c1), ExprKind::Binary(BinOp::FloorMod, x2, c2)) = (d.kind(), rem.kind())
    else {
        return None;
    };
    let (m, k, c) = (m.as_int()?, k.as_int()?, c1.as_int().filter(|&c| c > 0)?);
    (c2.as_int() == Some(c) && c.checked_mul(k) == Some(m) && prove_equal(x1, x2)).then(|| (x1.clone(), k))
}

/// `e` in the type `dt`: a constant as that type's constant, else cast.
pub fn as_dtype(e: PrimExpr, dt: DataType) -> PrimExpr {
    match e.as_int() {
        _ if e.dtype() == dt => e,
        Some(c) => PrimExpr::int_of(c, dt),
        None => PrimExpr::cast(dt, e),
    }
}

/// Whether `q` is `x // c * c` and `r` is `x % c`, the same `x` and `c`.
fn is_div_mod_pair(q: &PrimExpr, r: &PrimExpr) -> bool {
    let (ExprKind::Binary(BinOp::Mul, d, c1), ExprKind::Binary(BinOp::FloorMod, x2, c2)) = (q.kind(), r.kind()) else {
        return false;
    };
    let ExprKind::Binary(BinOp::FloorDiv, x1, c0) = d.kind() else { return false };
    prove_equal(c0, c1) && prove_equal(c1, c2) && prove_equal(x1, x2)
}

/// `a - b` with the summands of `b` that `a` has taken out of it (`vi_o * 16 + vi_i -
/// vi_o * 16` is `vi_i`), as TVM's simplifier cancels them; the rest subtracted.
pub fn subtract(a: &PrimExpr, b: &PrimExpr) -> PrimExpr {
    fn summands(e: &PrimExpr, sign: bool, out: &mut Vec<(bool, PrimExpr)>, depth: u32) {
        match e.kind() {
            ExprKind::Binary(BinOp::Add, x, y) if depth < 64 => {
                summands(x, sign, out, depth + 1);
                summands(y, sign, out, depth + 1);
            }
            ExprKind::Binary(BinOp::Sub, x, y) if depth < 64 => {
                summands(x, sign, out, depth + 1);
                summands(y, !sign, out, depth + 1);
            }
            _ => out.push((sign, e.clone())),
        }
    }
    let (mut left, mut right) = (Vec::new(), Vec::new());
    summands(a, true, &mut left, 0);
    summands(b, true, &mut right, 0);
    let mut rest = Vec::new();
    for (sign, r) in right {
        match left.iter().position(|(s, l)| *s == sign && prove_equal(l, &r)) {
            Some(k) => {
                left.remove(k);
            }
            None => rest.push((!sign, r)),
        }
    }
    let dt = a.dtype();
    let mut out: Option<PrimExpr> = None;
    for (sign, x) in left.into_iter().chain(rest) {
        out = Some(match out {
            None if sign => x,
            None => PrimExpr::binary(BinOp::Sub, PrimExpr::int_of(0, dt), x),
            Some(acc) => PrimExpr::binary(if sign { BinOp::Add } else { BinOp::Sub }, acc, x),
        });
    }
    simplify(&out.unwrap_or_else(|| PrimExpr::int_of(0, dt)))
}

/// `x * c` for a constant `c`, distributed over sums and merged into products.
fn scale(x: &PrimExpr, c: &PrimExpr) -> PrimExpr {
    let k = c.as_int().unwrap_or(1);
    if let Some(v) = x.as_int() {
        return PrimExpr::int_of(v.wrapping_mul(k), x.dtype());
    }
    match x.kind() {
        // A sum with a product of two non-constants stays whole (`(i_0 * ((n + 7) // 8) + i_1) *
        // 4`), as TVM's simplifier leaves it.
        ExprKind::Binary(BinOp::Add | BinOp::Sub, ..) if has_symbolic_product(x) => {
            PrimExpr::binary(BinOp::Mul, x.clone(), c.clone())
        }
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

/// Whether a summand of the sum `e` is a product of two non-constants.
fn has_symbolic_product(e: &PrimExpr) -> bool {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match e.kind() {
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => has_symbolic_product(a) || has_symbolic_product(b),
        ExprKind::Binary(BinOp::Mul, a, b) => a.as_int().is_none() && b.as_int().is_none(),
        _ => false,
    })
}

/// `e` simplified knowing its variables' ranges (TVM's analyzer with bound variables):
/// `x // c` is 0 and `x % c` is `x` where `x` is known to lie in `[0, c)`.
///
/// ```
/// use strata::tir::ast::{PrimExpr, Var, BinOp};
/// use strata::tir::DataType;
/// let co = Var::new("co", DataType::INT32);
/// let e = PrimExpr::binary(BinOp::FloorDiv, PrimExpr::var(&co), PrimExpr::int_of(64, DataType::INT32));
/// let r = strata::tir::arith::simplify_in(&e, &|v| (v.name() == "co").then_some((0, 63)));
/// assert_eq!(r.as_int(), Some(0));
/// ```
pub fn simplify_in(e: &PrimExpr, var_range: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>) -> PrimExpr {
    simplify_ranged(e, var_range, true)
}

/// [`simplify_in`] without taking multiples of the divisor out of a sum: only `x // c` is 0
/// and `x % c` is `x` where `x` lies in `[0, c)`. TVM simplifies the accesses of a block
/// `transform_block_layout` re-indexed so (`(v1 * 8 + v2) % 64` is `v1 * 8 + v2`, but
/// `(v1 * 8 + v2) // 8` stays).
pub fn simplify_bounded(e: &PrimExpr, var_range: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>) -> PrimExpr {
    simplify_ranged(e, var_range, false)
}

fn simplify_ranged(
    e: &PrimExpr,
    var_range: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>,
    split_sums: bool,
) -> PrimExpr {
    fn go(e: &PrimExpr, r: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>, split: bool, depth: u32) -> PrimExpr {
        let ExprKind::Binary(op, a, b) = e.kind() else { return e.clone() };
        if depth > 64 {
            return e.clone();
        }
        let (a, b) = (go(a, r, split, depth + 1), go(b, r, split, depth + 1));
        if let (BinOp::FloorDiv | BinOp::FloorMod, Some(c)) = (op, const_int(&b))
            && c > 0
        {
            if range_of(&a, r).is_some_and(|(lo, hi)| lo >= 0 && hi < i128::from(c)) {
                return if *op == BinOp::FloorDiv { PrimExpr::int_of(0, a.dtype()) } else { a };
            }
            if !split {
                return PrimExpr::binary(*op, a, b);
            }
            // `(x * c + y) // c` is `x + y // c` and `(x * c + y) % c` is `y % c`.
            let mut terms = Vec::new();
            summands(&a, &mut terms);
            let multiple = |t: &PrimExpr| match t.kind() {
                ExprKind::Binary(BinOp::Mul, _, k) => const_int(k).is_some_and(|k| k % c == 0),
                _ => const_int(t).is_some_and(|k| k % c == 0),
            };
            let (whole, rest): (Vec<PrimExpr>, Vec<PrimExpr>) = terms.into_iter().partition(multiple);
            if !whole.is_empty() && !rest.is_empty() {
                let sum = |v: Vec<PrimExpr>| v.into_iter().reduce(|x, y| PrimExpr::binary(BinOp::Add, x, y));
                let rest = sum(rest).expect("terms");
                let inner = go(&PrimExpr::binary(*op, rest, b.clone()), r, split, depth + 1);
                if *op == BinOp::FloorMod {
                    return inner;
                }
                let quotient = |t: PrimExpr| match t.kind() {
                    ExprKind::Binary(BinOp::Mul, x, k) => {
                        let q = const_int(k).expect("a multiple") / c;
                        if q == 1 {
                            x.clone()
                        } else {
                            PrimExpr::binary(BinOp::Mul, x.clone(), PrimExpr::int_of(q, x.dtype()))
                        }
                    }
                    _ => PrimExpr::int_of(const_int(&t).expect("a multiple") / c, t.dtype()),
                };
                let whole = sum(whole.into_iter().map(quotient).collect()).expect("terms");
                return if inner.as_int() == Some(0) { whole } else { PrimExpr::binary(BinOp::Add, whole, inner) };
            }
            if let Some(e) = split_at_divisor(*op, &a, c, r, split, depth) {
                return e;
            }
        }
        PrimExpr::binary(*op, a, b)
    }
    // `(x * g + y) // c` is `x // (c / g)` and `(x * g + y) % c` is `x % (c / g) * g + y`
    // where `g` divides `c` and `y` lies in `[0, g)`, as TVM's rewrite simplifier finds
    // (`(j * 64 + k * 8 + l) // 128` of `k, l < 8` is `j // 2`).
    fn split_at_divisor(
        op: BinOp,
        a: &PrimExpr,
        c: i64,
        r: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>,
        split: bool,
        depth: u32,
    ) -> Option<PrimExpr> {
        let mut terms = Vec::new();
        summands(a, &mut terms);
        let coefficient = |t: &PrimExpr| match t.kind() {
            ExprKind::Binary(BinOp::Mul, _, k) => const_int(k).filter(|&k| k > 1),
            _ => None,
        };
        // The largest coefficient that divides `c` and leaves a small enough rest.
        let mut gs: Vec<i64> = terms.iter().filter_map(coefficient).filter(|&g| g < c && c % g == 0).collect();
        gs.sort_unstable_by(|x, y| y.cmp(x));
        gs.dedup();
        let sum = |v: Vec<PrimExpr>| v.into_iter().reduce(|x, y| PrimExpr::binary(BinOp::Add, x, y));
        // (The remainder only of `x * g + y`, two terms: TVM's simplifier leaves
        // `(j * 64 + k * 8 + l) % 128` as it is.)
        if op == BinOp::FloorMod && terms.len() != 2 {
            return None;
        }
        for g in gs {
            let (big, rest): (Vec<PrimExpr>, Vec<PrimExpr>) =
                terms.iter().cloned().partition(|t| coefficient(t).is_some_and(|k| k % g == 0));
            let Some(rest_sum) = sum(rest) else { continue };
            if !range_of(&rest_sum, r).is_some_and(|(lo, hi)| lo >= 0 && hi < i128::from(g)) {
                continue;
            }
            let scaled = |t: PrimExpr| match t.kind() {
                ExprKind::Binary(BinOp::Mul, x, k) => {
                    let q = const_int(k).expect("a coefficient") / g;
                    if q == 1 {
                        x.clone()
                    } else {
                        PrimExpr::binary(BinOp::Mul, x.clone(), PrimExpr::int_of(q, x.dtype()))
                    }
                }
                _ => t,
            };
            let x = sum(big.into_iter().map(scaled).collect())?;
            let dt = x.dtype();
            let reduced = go(&PrimExpr::binary(op, x, PrimExpr::int_of(c / g, dt)), r, split, depth + 1);
            return Some(match op {
                BinOp::FloorDiv => reduced,
                _ => PrimExpr::binary(
                    BinOp::Add,
                    PrimExpr::binary(BinOp::Mul, reduced, PrimExpr::int_of(g, dt)),
                    rest_sum,
                ),
            });
        }
        None
    }
    fn summands(e: &PrimExpr, out: &mut Vec<PrimExpr>) {
        match e.kind() {
            ExprKind::Binary(BinOp::Add, x, y) if out.len() < 64 => {
                summands(x, out);
                summands(y, out);
            }
            _ => out.push(e.clone()),
        }
    }
    simplify(&go(e, var_range, split_sums, 0))
}

/// A condition simplified knowing its variables' ranges, as TVM's analyzer simplifies block
/// predicates: `likely` dropped, comparisons that always hold (or never do) folded, `a >= b`
/// written `b <= a`, and conjunctions with a constant side reduced.
pub fn simplify_cond_in(e: &PrimExpr, var_range: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>) -> PrimExpr {
    fn go(e: &PrimExpr, r: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>, depth: u32) -> PrimExpr {
        if depth > 64 {
            return e.clone();
        }
        match e.kind() {
            ExprKind::Call(super::ast::Callee::Builtin(n), args) if &**n == "tir.likely" && args.len() == 1 => {
                go(&args[0], r, depth + 1)
            }
            ExprKind::And(a, b) => {
                let (a, b) = (go(a, r, depth + 1), go(b, r, depth + 1));
                match (a.as_int(), b.as_int()) {
                    (Some(0), _) | (_, Some(1)) => a,
                    (_, Some(0)) | (Some(1), _) => b,
                    _ => PrimExpr::and(tighten_by_remainder(&a, &b).unwrap_or(a), b),
                }
            }
            ExprKind::Cmp(op, a, b) if a.dtype().is_int() && a.dtype().lanes == 1 => {
                let (a, b) = (simplify_in(a, r), simplify_in(b, r));
                let diff = PrimExpr::binary(BinOp::Sub, a.clone(), b.clone());
                if let Some((lo, hi)) = range_of(&diff, r) {
                    let always = |t: bool| Some(PrimExpr::bool(t));
                    let folded = match op {
                        super::ast::CmpOp::Lt if hi < 0 => always(true),
                        super::ast::CmpOp::Lt if lo >= 0 => always(false),
                        super::ast::CmpOp::Le if hi <= 0 => always(true),
                        super::ast::CmpOp::Le if lo > 0 => always(false),
                        super::ast::CmpOp::Gt if lo > 0 => always(true),
                        super::ast::CmpOp::Gt if hi <= 0 => always(false),
                        super::ast::CmpOp::Ge if lo >= 0 => always(true),
                        super::ast::CmpOp::Ge if hi < 0 => always(false),
                        super::ast::CmpOp::Eq if lo == 0 && hi == 0 => always(true),
                        super::ast::CmpOp::Eq | super::ast::CmpOp::Ne if lo > 0 || hi < 0 => {
                            always(*op == super::ast::CmpOp::Ne)
                        }
                        super::ast::CmpOp::Ne if lo == 0 && hi == 0 => always(false),
                        _ => None,
                    };
                    if let Some(f) = folded {
                        return f;
                    }
                }
                match op {
                    super::ast::CmpOp::Ge => PrimExpr::cmp(super::ast::CmpOp::Le, b, a),
                    super::ast::CmpOp::Gt => PrimExpr::cmp(super::ast::CmpOp::Lt, b, a),
                    _ => PrimExpr::cmp(*op, a, b),
                }
            }
            // (Any other comparison is only written the other way round: `A[i] > 0.0` is
            // `0.0 < A[i]`.)
            ExprKind::Cmp(super::ast::CmpOp::Ge, a, b) => PrimExpr::cmp(super::ast::CmpOp::Le, b.clone(), a.clone()),
            ExprKind::Cmp(super::ast::CmpOp::Gt, a, b) => PrimExpr::cmp(super::ast::CmpOp::Lt, b.clone(), a.clone()),
            _ => e.clone(),
        }
    }
    go(e, var_range, 0)
}

/// A conjunction with TVM's rewrite of `x < c1 && floormod(x, c2) < c3` applied to each of
/// its `&&` nodes, bottom up (see `tighten_by_remainder`).
pub fn tighten_remainder_bounds(e: &PrimExpr) -> PrimExpr {
    // Deep chains (built through the Rust API) grow the stack on demand.
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match e.kind() {
        ExprKind::And(a, b) => {
            let (a, b) = (tighten_remainder_bounds(a), tighten_remainder_bounds(b));
            PrimExpr::and(tighten_by_remainder(&a, &b).unwrap_or(a), b)
        }
        _ => e.clone(),
    })
}

/// TVM's rewrite of `x < c1 && floormod(x, c2) < c3` (and `x <= c1`): the last values below
/// `c1` whose remainder is `c3` or more are excluded by the second condition, so the first
/// bound drops to just past the last value both allow (`i < 16256 && i % 128 < 127` is
/// `i < 16255 && ..`). `x` is a variable here; the new first condition, if it changes.
fn tighten_by_remainder(a: &PrimExpr, b: &PrimExpr) -> Option<PrimExpr> {
    use super::ast::CmpOp;
    let ExprKind::Cmp(op @ (CmpOp::Lt | CmpOp::Le), x, c1) = a.kind() else { return None };
    let ExprKind::Cmp(CmpOp::Lt, m, c3) = b.kind() else { return None };
    let ExprKind::Binary(BinOp::FloorMod, x2, c2) = m.kind() else { return None };
    let (x, x2) = (x.as_var()?, x2.as_var()?);
    let (c1, c2, c3) = (c1.as_int()?, c2.as_int()?, c3.as_int()?);
    // (With `c3 >= c2` the second condition always holds: TVM's rule would loosen the bound.)
    if x != x2 || c2 <= 0 || c3 >= c2 {
        return None;
    }
    // `x <= c1` is `x < c1 + 1`.
    let end = if *op == CmpOp::Le { c1.checked_add(1)? } else { c1 };
    let rem = end.rem_euclid(c2);
    let bound = if rem == 0 {
        end.checked_sub(c2)?.checked_add(c3)?
    } else if rem > c3 {
        end.checked_sub(rem)?.checked_add(c3)?
    } else {
        return None;
    };
    Some(PrimExpr::cmp(CmpOp::Lt, PrimExpr::var(x), PrimExpr::int_of(bound, x.dtype())))
}

/// The values a signed integer expression can take, if its variables have ranges (`var_range`
/// gives them: loop variables, constants) and nothing in it wraps its type: sums, products,
/// divisions and remainders by positive constants, `min`, `max`, widening casts.
pub fn range_of(e: &PrimExpr, var_range: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>) -> Option<(i128, i128)> {
    range_at(e, var_range, 0)
}

fn range_at(
    e: &PrimExpr,
    var_range: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>,
    depth: u32,
) -> Option<(i128, i128)> {
    let dt = e.dtype();
    let signed = |t: DataType| t.is_int() && !t.is_uint() && !t.is_bool() && t.lanes == 1;
    if !signed(dt) || !(1..=64).contains(&dt.bits) || depth > 16 {
        return None;
    }
    let r = match e.kind() {
        ExprKind::IntImm(c) => (i128::from(*c), i128::from(*c)),
        ExprKind::Var(v) => var_range(v)?,
        ExprKind::Cast(x) if signed(x.dtype()) && x.dtype().bits <= dt.bits => range_at(x, var_range, depth + 1)?,
        ExprKind::Binary(op, a, b) => {
            let x = range_at(a, var_range, depth + 1);
            // `x % c` is in `[0, c)` whatever `x` is.
            if let (BinOp::FloorMod, None, Some(c)) = (op, x, const_int(b).filter(|&c| c > 0)) {
                return Some((0, i128::from(c) - 1));
            }
            let (x, y) = (x?, range_at(b, var_range, depth + 1)?);
            let divisor = (y.0 == y.1 && y.0 > 0).then_some(y.0);
            match (op, divisor) {
                (BinOp::Add, _) => (x.0 + y.0, x.1 + y.1),
                (BinOp::Sub, _) => (x.0 - y.1, x.1 - y.0),
                (BinOp::Mul, _) => {
                    let p = [x.0 * y.0, x.0 * y.1, x.1 * y.0, x.1 * y.1];
                    (*p.iter().min()?, *p.iter().max()?)
                }
                (BinOp::Min, _) => (x.0.min(y.0), x.1.min(y.1)),
                (BinOp::Max, _) => (x.0.max(y.0), x.1.max(y.1)),
                (BinOp::FloorDiv, Some(c)) => (x.0.div_euclid(c), x.1.div_euclid(c)),
                (BinOp::Div, Some(c)) if x.0 >= 0 => (x.0 / c, x.1 / c),
                (BinOp::FloorMod, Some(c)) | (BinOp::Mod, Some(c)) if x.0 >= 0 || *op == BinOp::FloorMod => {
                    if x.0 >= 0 && x.1 < c { x } else { (0, c - 1) }
                }
                _ => return None,
            }
        }
        _ => return None,
    };
    // Computed in the expression's type: a range that leaves it could wrap.
    let (min, max) = (-(1i128 << (dt.bits - 1)), (1i128 << (dt.bits - 1)) - 1);
    (r.0 >= min && r.1 <= max).then_some(r)
}

/// `T.min_value(t)`: the least value of a type (floats: the most negative finite one).
pub fn min_value(t: DataType) -> Option<PrimExpr> {
    use super::dtype::TypeCode;
    let b = u32::from(t.bits);
    Some(match t.code {
        TypeCode::Int => PrimExpr::int_of(if b >= 64 { i64::MIN } else { -(1i64 << (b - 1)) }, t),
        TypeCode::UInt => PrimExpr::int_of(0, t),
        TypeCode::Float | TypeCode::BFloat => PrimExpr::float_of(-t.float_max().unwrap_or(f64::MAX), t),
        _ => return None,
    })
}

/// `T.max_value(t)`: the greatest value of a type (floats: the largest finite one).
pub fn max_value(t: DataType) -> Option<PrimExpr> {
    use super::dtype::TypeCode;
    let b = u32::from(t.bits);
    Some(match t.code {
        TypeCode::Int => PrimExpr::int_of(if b >= 64 { i64::MAX } else { (1i64 << (b - 1)) - 1 }, t),
        TypeCode::UInt => PrimExpr::int_of(if b >= 63 { i64::MAX } else { (1i64 << b) - 1 }, t),
        TypeCode::Float | TypeCode::BFloat => PrimExpr::float_of(t.float_max().unwrap_or(f64::MAX), t),
        _ => return None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tir::{DataType, Var};

    // spec: TVM's rewrite_simplify.cc, And: `x < c1 && floormod(x, c2) < c3`.
    #[test]
    fn a_remainder_bound_tightens_the_upper_bound_before_it() {
        use crate::tir::ast::CmpOp;
        let i = Var::new("i", DataType::INT32);
        let x = || PrimExpr::var(&i);
        let pair = |op: CmpOp, c1: i64, c2: i64, c3: i64| {
            let a = PrimExpr::cmp(op, x(), PrimExpr::int(c1));
            let b = PrimExpr::cmp(CmpOp::Lt, PrimExpr::floormod(x(), PrimExpr::int(c2)), PrimExpr::int(c3));
            crate::tir::script::print_expr(&tighten_remainder_bounds(&PrimExpr::and(a, b)))
        };
        assert_eq!(pair(CmpOp::Lt, 16256, 128, 127), "i < 16255 and i % 128 < 127");
        assert_eq!(pair(CmpOp::Le, 16255, 128, 127), "i < 16255 and i % 128 < 127");
        // 100 % 8 = 4 > 3: 99 (remainder 3) is excluded too.
        assert_eq!(pair(CmpOp::Lt, 100, 8, 3), "i < 99 and i % 8 < 3");
        // 98 % 8 = 2 <= 3: nothing to tighten; a remainder bound that always holds neither.
        assert_eq!(pair(CmpOp::Lt, 98, 8, 3), "i < 98 and i % 8 < 3");
        assert_eq!(pair(CmpOp::Lt, 8, 4, 10), "i < 8 and i % 4 < 10");
        // A conjunction 100,000 deep (the Rust API can build one) does not overflow the stack.
        let mut deep = PrimExpr::cmp(CmpOp::Lt, x(), PrimExpr::int(8));
        for _ in 0..100_000 {
            deep = PrimExpr::and(deep, PrimExpr::cmp(CmpOp::Lt, x(), PrimExpr::int(8)));
        }
        let out = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || matches!(tighten_remainder_bounds(&deep).kind(), ExprKind::And(..)))
            .expect("a thread")
            .join();
        assert_eq!(out.ok(), Some(true));
    }

    // spec: TVM's rewrite_simplify.cc, FloorDiv: `floordiv(x + c1, c2)` where `c2` divides `c1`.
    // Checked on every value of `x` in a range too.
    #[test]
    fn a_multiple_of_the_divisor_leaves_a_floor_quotient() {
        let x = Var::new("x", DataType::INT32);
        let v = || PrimExpr::var(&x);
        let q = |e: PrimExpr, c: i64| PrimExpr::floordiv(e, PrimExpr::int(c));
        let cases = [
            (q(PrimExpr::binary(BinOp::Add, v(), PrimExpr::int(6)), 6), "x // 6 + 1"),
            (q(PrimExpr::binary(BinOp::Sub, v(), PrimExpr::int(12)), 4), "x // 4 - 3"),
            (q(PrimExpr::binary(BinOp::Add, v(), PrimExpr::int(5)), 6), "(x + 5) // 6"),
        ];
        for (e, want) in cases {
            let s = simplify(&e);
            assert_eq!(crate::tir::script::print_expr(&s), want);
            for k in -50..50 {
                let at = |e: &PrimExpr| {
                    let m = [(x.id(), PrimExpr::int(k))].into_iter().collect();
                    simplify(&crate::tir::mutate::Mutator::expr(&mut crate::tir::mutate::Substitute { map: &m }, e))
                        .as_int()
                };
                assert_eq!(at(&s), at(&e), "{want} at x = {k}");
            }
        }
    }

    // spec: TVM's canonical simplifier: sums print flat; two digits of one value merge back
    // into it. Checked on every value of `x` too, so the rules hold, not just print.
    #[test]
    fn sums_flatten_and_digits_merge() {
        let x = Var::new("x", DataType::INT32);
        let v = || PrimExpr::var(&x);
        let c = PrimExpr::int;
        let show = |e: &PrimExpr| crate::tir::script::print_expr(&simplify(e));
        let cases = [
            // x // 2048 * 16 + x % 2048 // 128
            (
                PrimExpr::floordiv(v(), c(2048)) * 16 + PrimExpr::floordiv(PrimExpr::floormod(v(), c(2048)), c(128)),
                "x // 128",
            ),
            // x // 64 * 32 + x % 64 // 4 * 2 (scaled)
            (
                PrimExpr::floordiv(v(), c(64)) * 32 + PrimExpr::floordiv(PrimExpr::floormod(v(), c(64)), c(4)) * 2,
                "x // 4 * 2",
            ),
            // x % 32 // 8 * 32 + x % 8 * 4
            (
                PrimExpr::floordiv(PrimExpr::floormod(v(), c(32)), c(8)) * 32 + PrimExpr::floormod(v(), c(8)) * 4,
                "x % 32 * 4",
            ),
            // 3 + (x // 64 * 4 + x % 64 // 16): the pair as the tail of a sum
            (
                c(3) + (PrimExpr::floordiv(v(), c(64)) * 4 + PrimExpr::floordiv(PrimExpr::floormod(v(), c(64)), c(16))),
                "3 + x // 16",
            ),
            // 96 + x // 4 * 4 + x % 4 (a fuse of a split's loops in a sum): the pair is x
            (c(96) + PrimExpr::floordiv(v(), c(4)) * 4 + PrimExpr::floormod(v(), c(4)), "96 + x"),
            // 96 + x // 4 * 12 + x % 4 * 3: x * 3
            (c(96) + PrimExpr::floordiv(v(), c(4)) * 12 + PrimExpr::floormod(v(), c(4)) * 3, "96 + x * 3"),
            // x // 9 * 9 + x // 3 % 3 * 3 + x % 3 (a conv's reduction axes fused by a layout):
            // the quotient's digits merge, then the pair is x
            (
                PrimExpr::floordiv(v(), c(9)) * 9
                    + PrimExpr::floormod(PrimExpr::floordiv(v(), c(3)), c(3)) * 3
                    + PrimExpr::floormod(v(), c(3)),
                "x",
            ),
            // x // 64 * 8 + x // 4 % 16 * 2: not digits of one value (the quotient would weigh 16 * 2)
            (
                PrimExpr::floordiv(v(), c(64)) * 8 + PrimExpr::floormod(PrimExpr::floordiv(v(), c(4)), c(16)) * 2,
                "x // 64 * 8 + x // 4 % 16 * 2",
            ),
            // x // 64 * 3 + x % 64 // 16: not digits of one value (64 != 16 * 3)
            (
                PrimExpr::floordiv(v(), c(64)) * 3 + PrimExpr::floordiv(PrimExpr::floormod(v(), c(64)), c(16)),
                "x // 64 * 3 + x % 64 // 16",
            ),
        ];
        for (e, want) in cases {
            assert_eq!(show(&e), want);
            let s = simplify(&e);
            for k in -300..300 {
                let at = |e: &PrimExpr| {
                    let map = [(x.id(), c(k))].into_iter().collect::<rustc_hash::FxHashMap<_, _>>();
                    const_int(&crate::tir::mutate::Mutator::expr(&mut crate::tir::mutate::Substitute { map: &map }, e))
                };
                assert_eq!(at(&e), at(&s), "{want} at x = {k}");
            }
        }
        let (i, j, k) =
            (Var::new("i", DataType::INT32), Var::new("j", DataType::INT32), Var::new("k", DataType::INT32));
        let sum = PrimExpr::var(&i) * 8 + (PrimExpr::var(&j) * 4 + PrimExpr::var(&k));
        assert_eq!(show(&sum), "i * 8 + j * 4 + k");
        // A sum nested 100,000 deep to the right flattens term by term (re-associating it level
        // by level took minutes at a few thousand terms) without overflowing the stack.
        let n = 100_000;
        let mut deep = PrimExpr::var(&k);
        for _ in 1..n {
            deep = PrimExpr::var(&i) + (deep - PrimExpr::var(&j));
        }
        let flat = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(move || simplify(&deep))
            .expect("a thread")
            .join()
            .expect("no overflow");
        let mut terms = 0;
        let mut at = flat;
        while let ExprKind::Binary(BinOp::Add | BinOp::Sub, l, _) = at.kind() {
            terms += 1;
            at = l.clone();
        }
        assert_eq!(terms, 2 * (n - 1), "a flat, left-associated sum");
    }

    #[test]
    fn constants_and_linear_forms() {
        let i = Var::new("i", DataType::INT32);
        let e = PrimExpr::var(&i) + 1 - PrimExpr::var(&i);
        assert_eq!(linear(&e).as_const(), Some(1));
        assert_eq!(const_int(&PrimExpr::floordiv(PrimExpr::int(-7), PrimExpr::int(2))), Some(-4));
        assert_eq!(const_int(&PrimExpr::floormod(PrimExpr::int(-7), PrimExpr::int(2))), Some(1));
        assert_eq!(const_int(&(PrimExpr::int(-7) % 2)), Some(-1));
        assert_eq!(const_int(&(PrimExpr::int(i32::MAX.into()) + 1)), Some(i64::from(i32::MIN)));
        assert!(prove_equal(&(PrimExpr::var(&i) * 2 + 4), &((PrimExpr::var(&i) + 2) * 2)));
        // Coefficients beyond i128 make the product an atom, not an overflow.
        let big = PrimExpr::int_of(i64::MAX, DataType::INT64);
        let j = Var::new("j", DataType::INT64);
        let e = PrimExpr::var(&j) * big.clone() * big.clone() * big.clone() * big;
        assert_eq!(linear(&e).terms.len(), 1);
        assert!(prove_equal(&e, &e));
    }
}

/// Why TVM refuses to build an operation on constants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DivideByZero;

/// TVM's constant folding of a binary operation (`arith::TryConstFold`, which TVM's
/// operators apply as they build an expression, and so its TVMScript parser for `+ - * / // %`,
/// `T.floordiv`, `T.min`, ..): the result when the operation folds (two constants, or an
/// identity such as `x + 0`, `x * 1`, `0 // x`, `T.min(x, x)`), `None` when TVM would build
/// the node. Integer results wrap to the operands' type; float constants fold for 32 and 64
/// bits only (`float32` in single precision). A constant zero divisor is an error, as in TVM.
/// The operands have one type.
pub fn try_const_fold(op: BinOp, a: &PrimExpr, b: &PrimExpr) -> Result<Option<PrimExpr>, DivideByZero> {
    let t = a.dtype();
    let (x, y) = (a.as_int().map(i128::from), b.as_int().map(i128::from));
    let (fa, fb) = (a.as_float(), b.as_float());
    let int = |v: i128| PrimExpr::int_of(wrap_int(v, t), t);
    // Two float constants fold in the operands' precision (32 or 64 bits only).
    let floats = matches!(t.bits, 32 | 64) && fa.is_some() && fb.is_some();
    let float = |f32op: fn(f32, f32) -> f32, f64op: fn(f64, f64) -> f64| {
        let (p, q) = (fa.unwrap_or(0.0), fb.unwrap_or(0.0));
        let v = if t.bits == 32 { f64::from(f32op(p as f32, q as f32)) } else { f64op(p, q) };
        Some(PrimExpr::float_of(v, t))
    };
    // `Mod` and `FloorMod` fold for index types only (int32, int64).
    let index = t.is_index();
    let r = match op {
        BinOp::Add => match (x, y, fa, fb) {
            (Some(x), Some(y), ..) => Some(int(x + y)),
            (Some(0), ..) => Some(b.clone()),
            (_, Some(0), ..) => Some(a.clone()),
            _ if floats => float(|p, q| p + q, |p, q| p + q),
            (_, _, Some(0.0), _) => Some(b.clone()),
            (_, _, _, Some(0.0)) => Some(a.clone()),
            _ => None,
        },
        BinOp::Sub => match (x, y, fb) {
            (Some(x), Some(y), _) => Some(int(x - y)),
            (_, Some(0), _) => Some(a.clone()),
            _ if floats => float(|p, q| p - q, |p, q| p - q),
            (_, _, Some(0.0)) => Some(a.clone()),
            _ => None,
        },
        BinOp::Mul => match (x, y, fa, fb) {
            (Some(x), Some(y), ..) => Some(int(x * y)),
            (Some(1), ..) => Some(b.clone()),
            (Some(0), ..) => Some(a.clone()),
            (_, Some(1), ..) => Some(a.clone()),
            (_, Some(0), ..) => Some(b.clone()),
            _ if floats => float(|p, q| p * q, |p, q| p * q),
            (_, _, Some(1.0), _) => Some(b.clone()),
            (_, _, Some(0.0), _) => Some(a.clone()),
            (_, _, _, Some(1.0)) => Some(a.clone()),
            (_, _, _, Some(0.0)) => Some(b.clone()),
            _ => None,
        },
        BinOp::Div | BinOp::FloorDiv => {
            let floor = op == BinOp::FloorDiv;
            match (x, y, fa, fb) {
                (_, Some(0), ..) | (.., Some(0.0)) => return Err(DivideByZero),
                (Some(x), Some(y), ..) => Some(int(if floor { floor_div(x, y) } else { x / y })),
                (Some(0), ..) => Some(a.clone()),
                (_, Some(1), ..) => Some(a.clone()),
                _ if floats && floor => float(|p, q| (p / q).floor(), |p, q| (p / q).floor()),
                _ if floats => float(|p, q| p / q, |p, q| p / q),
                (_, _, Some(0.0), _) => Some(a.clone()),
                (_, _, _, Some(1.0)) => Some(a.clone()),
                _ => None,
            }
        }
        BinOp::Mod | BinOp::FloorMod if index => match (x, y) {
            (_, Some(0)) => return Err(DivideByZero),
            (Some(x), Some(y)) => Some(int(if op == BinOp::Mod { x % y } else { floor_mod(x, y) })),
            (Some(0), _) => Some(a.clone()),
            (_, Some(1)) => Some(PrimExpr::int_of(0, t)),
            _ => None,
        },
        BinOp::Mod | BinOp::FloorMod => None,
        BinOp::Min | BinOp::Max => {
            let max = op == BinOp::Max;
            match (x, y, fa, fb) {
                (Some(x), Some(y), ..) => Some(int(if max { x.max(y) } else { x.min(y) })),
                (_, _, Some(x), Some(y)) => Some(PrimExpr::float_of(if max { x.max(y) } else { x.min(y) }, t)),
                // TVM's `same_as`: one node (a variable is one node however often it is named).
                _ if a.same_node(b) || a.as_var().is_some_and(|v| b.as_var() == Some(v)) => Some(a.clone()),
                _ => None,
            }
        }
    };
    Ok(r)
}

/// Flooring division of integers, as TIR's `FloorDiv` and Python's `//` (`y != 0`).
pub(crate) fn floor_div(x: i128, y: i128) -> i128 {
    let q = x / y;
    if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q }
}

/// The remainder of [`floor_div`], as TIR's `FloorMod` and Python's `%` (`y != 0`).
pub(crate) fn floor_mod(x: i128, y: i128) -> i128 {
    x - y * floor_div(x, y)
}

/// The greatest common divisor of `|a|` and `|b|` (`gcd(0, 0) = 0`).
pub(crate) fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i128::try_from(a).unwrap_or(i128::MAX)
}

/// What is known of an integer expression's values modulo a number, as TVM's `ModularSet`:
/// every value is `coeff * k + base` for some integer `k`, with `0 <= base < coeff` (a `coeff`
/// of 0: the value is `base`; of 1: nothing is known). Values are mathematical, as in the
/// linear forms: an index that overflows is caught by the access's bounds check, not here.
///
/// ```
/// use strata::tir::ast::{BinOp, PrimExpr, Var};
/// use strata::tir::DataType;
/// let (i, j) = (Var::new("i", DataType::INT32), Var::new("j", DataType::INT32));
/// let c = |v| PrimExpr::int_of(v, DataType::INT32);
/// // i * 64 + j * 16 + 3
/// let e = PrimExpr::binary(BinOp::Mul, PrimExpr::var(&i), c(64));
/// let e = PrimExpr::binary(BinOp::Add, e, PrimExpr::binary(BinOp::Mul, PrimExpr::var(&j), c(16)));
/// let e = PrimExpr::binary(BinOp::Add, e, c(3));
/// assert_eq!(strata::tir::arith::modular_set(&e), (16, 3));
/// ```
pub fn modular_set(e: &PrimExpr) -> (i128, i128) {
    modular_set_in(e, &|_| None)
}

/// [`modular_set`], knowing the modular sets of some variables.
pub fn modular_set_in(e: &PrimExpr, var_set: &dyn Fn(&super::ast::Var) -> Option<(i128, i128)>) -> (i128, i128) {
    type Sets<'a> = &'a dyn Fn(&super::ast::Var) -> Option<(i128, i128)>;
    // `None`: a coefficient left `i128` (nothing is known then).
    fn go(e: &PrimExpr, sets: Sets<'_>, depth: u32) -> Option<(i128, i128)> {
        if let Some(c) = const_int(e) {
            return Some((0, i128::from(c)));
        }
        if depth > 64 || !e.dtype().is_int() {
            return Some((1, 0));
        }
        let (coeff, base) = match e.kind() {
            ExprKind::Var(v) => sets(v).unwrap_or((1, 0)),
            ExprKind::Binary(op @ (BinOp::Add | BinOp::Sub), a, b) => {
                let ((c1, b1), (c2, b2)) = (go(a, sets, depth + 1)?, go(b, sets, depth + 1)?);
                (gcd(c1, c2), if *op == BinOp::Add { b1.checked_add(b2)? } else { b1.checked_sub(b2)? })
            }
            ExprKind::Binary(BinOp::Mul, a, b) => {
                let ((c1, b1), (c2, b2)) = (go(a, sets, depth + 1)?, go(b, sets, depth + 1)?);
                // (c1 x + b1)(c2 y + b2) = c1 c2 xy + c1 b2 x + c2 b1 y + b1 b2
                (gcd(gcd(c1.checked_mul(c2)?, c1.checked_mul(b2)?), c2.checked_mul(b1)?), b1.checked_mul(b2)?)
            }
            ExprKind::Cast(x) if x.dtype().is_int() && x.dtype().bits <= e.dtype().bits => go(x, sets, depth + 1)?,
            _ => (1, 0),
        };
        Some(if coeff == 0 { (0, base) } else { (coeff, floor_mod(base, coeff)) })
    }
    go(e, var_set, 0).unwrap_or((1, 0))
}

/// An index as TVM's analyzer rewrites the accesses of a cache (its canonical form, without
/// the variables' ranges): multiples of a divisor taken out of a sum (`(vi * 8 + vj) // 8` is
/// `vj // 8 + vi`), a remainder below the stride dropped from a quotient (`(vi * 4 + vj % 4)
/// // 8` is `vi // 2`), and each sum's terms in the canonical simplifier's order.
pub fn canonical_index(e: &PrimExpr) -> PrimExpr {
    canonical_order(&drop_small_remainders(&simplify_in(e, &|_| None), 0))
}

/// `(x * c1 + r) // c2` is `x // (c2 / c1)` where `c1` divides `c2` and `0 <= r < c1`.
fn drop_small_remainders(e: &PrimExpr, depth: u32) -> PrimExpr {
    let ExprKind::Binary(op, a, b) = e.kind() else { return e.clone() };
    if depth > 64 {
        return e.clone();
    }
    let (a, b) = (drop_small_remainders(a, depth + 1), drop_small_remainders(b, depth + 1));
    let Some(c2) = const_int(&b).filter(|&c| c > 0 && *op == BinOp::FloorDiv) else {
        return PrimExpr::binary(*op, a, b);
    };
    let scaled = |t: &PrimExpr| match t.kind() {
        ExprKind::Binary(BinOp::Mul, v, k) => const_int(k).filter(|&k| k > 0 && c2 % k == 0).map(|k| (v.clone(), k)),
        _ => None,
    };
    let quotient =
        |v: PrimExpr, c1: i64| if c2 == c1 { v } else { PrimExpr::floordiv(v, PrimExpr::int_of(c2 / c1, b.dtype())) };
    // (`vj * 4 // 8` is `vj // 2`.)
    if let Some((v, c1)) = scaled(&a) {
        return quotient(v, c1);
    }
    if let ExprKind::Binary(BinOp::Add, x, y) = a.kind() {
        for (t, r) in [(x, y), (y, x)] {
            if let Some((v, c1)) = scaled(t)
                && range_of(r, &|_| None).is_some_and(|(lo, hi)| lo >= 0 && hi < i128::from(c1))
            {
                return quotient(v, c1);
            }
        }
    }
    PrimExpr::binary(*op, a, b)
}

/// Each sum's terms (at every depth) in the order of TVM's canonical simplifier: by scale,
/// then the divisor below, then the modulus above, each descending (`vi * 8 + vj`, `vj // 8 +
/// vi`, `vi + vj % 8`), ties in their order; constants last.
pub fn canonical_order(e: &PrimExpr) -> PrimExpr {
    fn go(e: &PrimExpr, depth: u32) -> PrimExpr {
        if depth > 64 {
            return e.clone();
        }
        match e.kind() {
            ExprKind::Binary(BinOp::Add, ..) => {
                let mut terms = Vec::new();
                let mut stack = vec![e.clone()];
                while let Some(t) = stack.pop() {
                    match t.kind() {
                        ExprKind::Binary(BinOp::Add, a, b) if terms.len() + stack.len() < 64 => {
                            stack.push(b.clone());
                            stack.push(a.clone());
                        }
                        _ => terms.push(go(&t, depth + 1)),
                    }
                }
                let key = |t: &PrimExpr| -> (i128, i128, i128) {
                    let (atom, scale) = match t.kind() {
                        ExprKind::Binary(BinOp::Mul, x, k) if const_int(k).is_some() => {
                            (x, const_int(k).map_or(1, i128::from))
                        }
                        _ => (t, 1),
                    };
                    let (lower, upper) = match atom.kind() {
                        ExprKind::Binary(BinOp::FloorDiv, _, c) => (const_int(c).map_or(1, i128::from), i128::MAX),
                        ExprKind::Binary(BinOp::FloorMod, x, m) => match x.kind() {
                            ExprKind::Binary(BinOp::FloorDiv, _, c) => {
                                let (c, m) = (const_int(c).map_or(1, i128::from), const_int(m).map_or(1, i128::from));
                                (c, c.saturating_mul(m))
                            }
                            _ => (1, const_int(m).map_or(i128::MAX, i128::from)),
                        },
                        _ => (1, i128::MAX),
                    };
                    (scale, lower, upper)
                };
                let (constants, mut rest): (Vec<PrimExpr>, Vec<PrimExpr>) =
                    terms.into_iter().partition(|t| const_int(t).is_some());
                rest.sort_by_key(|t| std::cmp::Reverse(key(t)));
                rest.into_iter()
                    .chain(constants)
                    .reduce(|a, b| PrimExpr::binary(BinOp::Add, a, b))
                    .unwrap_or_else(|| e.clone())
            }
            ExprKind::Binary(op, a, b) => PrimExpr::binary(*op, go(a, depth + 1), go(b, depth + 1)),
            _ => e.clone(),
        }
    }
    go(e, 0)
}
