//! Affine expressions, affine maps and integer sets (mlir-langref-early.md, "Polyhedral Structures").
//!
//! Every [`AffineExpr`] is kept in a canonical form, so structurally equal maps compare equal:
//! an expression is a sum of terms `atom * coefficient` in a fixed atom order (dimensions, then
//! symbols, then composite atoms), followed by a constant. Atoms are dimensions, symbols, and
//! `mod`/`floordiv`/`ceildiv`/semi-affine products whose operands are canonical themselves.
//! Constants are folded; `x floordiv 1` is `x`; terms divisible by a constant divisor are pulled
//! out of `floordiv`, `ceildiv` and `mod`. Arithmetic wraps on 64-bit overflow, as `index` does.
//!
//! `floordiv`, `ceildiv` and `mod` are mathematical: `-7 floordiv 2 == -4`, `-7 ceildiv 2 == -3`,
//! `-7 mod 2 == 1` (spec/README.md: the result of `mod` is in `[0, rhs)` for a positive `rhs`).

use std::fmt;
use std::sync::Arc;

/// An affine (or semi-affine) expression over dimensions `d0..` and symbols `s0..`.
///
/// ```
/// use strata::ir::AffineExpr;
/// let d0 = AffineExpr::dim(0);
/// let e = d0.clone() * 2 + AffineExpr::symbol(0) + d0 - 1;
/// assert_eq!(e.to_string(), "d0 * 3 + s0 - 1");
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AffineExpr(Arc<ExprKind>);

/// The node kinds of an [`AffineExpr`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ExprKind {
    /// An integer constant.
    Const(i64),
    /// Dimension `d<n>`.
    Dim(u32),
    /// Symbol `s<n>`.
    Symbol(u32),
    /// `lhs + rhs`.
    Add(AffineExpr, AffineExpr),
    /// `lhs * rhs`.
    Mul(AffineExpr, AffineExpr),
    /// `lhs mod rhs`.
    Mod(AffineExpr, AffineExpr),
    /// `lhs floordiv rhs`.
    FloorDiv(AffineExpr, AffineExpr),
    /// `lhs ceildiv rhs`.
    CeilDiv(AffineExpr, AffineExpr),
}

/// Why an affine expression could not be evaluated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// A `floordiv`, `ceildiv` or `mod` by zero.
    DivisionByZero,
    /// A dimension or symbol position beyond the values given.
    MissingOperand,
}

/// Floor division, `a floordiv b` (wrapping on `i64::MIN / -1`); `b` must not be zero.
pub fn floor_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a.wrapping_rem(b) != 0) && ((a < 0) != (b < 0)) { q.wrapping_sub(1) } else { q }
}

/// Ceiling division, `a ceildiv b`; `b` must not be zero.
pub fn ceil_div(a: i64, b: i64) -> i64 {
    let q = a.wrapping_div(b);
    if (a.wrapping_rem(b) != 0) && ((a < 0) == (b < 0)) { q.wrapping_add(1) } else { q }
}

/// `a mod b = a - b * (a floordiv b)`: in `[0, b)` for a positive `b`; `b` must not be zero.
pub fn modulo(a: i64, b: i64) -> i64 {
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) { r.wrapping_add(b) } else { r }
}

/// The physical extents of a memref layout (a composition of `maps`, applied in order) over
/// the logical shape `dims`: for each result of the last map, its largest value plus one, or
/// the map's `size` clause when it has one. `syms` are the layout symbols of all maps in order.
/// `None` when a range cannot be bounded.
pub fn layout_extents(maps: &[AffineMap], dims: &[i64], syms: &[i64]) -> Option<Vec<i64>> {
    let mut ranges: Vec<(i64, i64)> = dims.iter().map(|&d| (0, (d - 1).max(0))).collect();
    let mut s = 0;
    for (k, map) in maps.iter().enumerate() {
        let own = syms.get(s..s + map.num_symbols())?;
        s += map.num_symbols();
        if k + 1 == maps.len()
            && let Some(sizes) = map.sizes()
        {
            let noranges: Vec<(i64, i64)> = ranges.clone();
            return sizes
                .iter()
                .map(|alts| {
                    alts.iter()
                        .map(|e| e.range(&noranges, own).map(|r| r.1))
                        .collect::<Option<Vec<i64>>>()
                        .and_then(|v| v.into_iter().min())
                })
                .collect();
        }
        ranges = map.results().iter().map(|e| e.range(&ranges, own)).collect::<Option<_>>()?;
    }
    Some(ranges.iter().map(|r| r.1.saturating_add(1).max(0)).collect())
}

fn gcd(a: i64, b: i64) -> i64 {
    let (mut a, mut b) = (a.unsigned_abs(), b.unsigned_abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    i64::try_from(a).unwrap_or(1)
}

/// An expression as a sorted list of `(atom, coefficient)` plus a constant.
#[derive(Clone, Default)]
struct Linear {
    terms: smallvec::SmallVec<[(AffineExpr, i64); 4]>,
    constant: i64,
}

impl Linear {
    fn of(e: &AffineExpr) -> Linear {
        let mut l = Linear::default();
        l.collect(e, 1);
        l.normalize();
        l
    }

    fn collect(&mut self, e: &AffineExpr, scale: i64) {
        // A worklist, not recursion: a sum of many terms is a deep chain of `Add`s.
        let mut work: smallvec::SmallVec<[(&AffineExpr, i64); 8]> = smallvec::smallvec![(e, scale)];
        while let Some((e, scale)) = work.pop() {
            match &*e.0 {
                ExprKind::Const(c) => self.constant = self.constant.wrapping_add(c.wrapping_mul(scale)),
                ExprKind::Add(a, b) => {
                    work.push((b, scale));
                    work.push((a, scale));
                }
                ExprKind::Mul(a, b) => match &*b.0 {
                    ExprKind::Const(c) => work.push((a, scale.wrapping_mul(*c))),
                    _ => self.terms.push((e.clone(), scale)),
                },
                _ => self.terms.push((e.clone(), scale)),
            }
        }
    }

    fn normalize(&mut self) {
        if self.terms.len() > 1 {
            self.terms.sort_by(|a, b| a.0.cmp(&b.0));
        }
        let mut out: smallvec::SmallVec<[(AffineExpr, i64); 4]> = smallvec::SmallVec::new();
        for (atom, c) in self.terms.drain(..) {
            match out.last_mut() {
                Some((last, lc)) if *last == atom => *lc = lc.wrapping_add(c),
                _ => out.push((atom, c)),
            }
        }
        out.retain(|(_, c)| *c != 0);
        self.terms = out;
    }

    fn constant_value(&self) -> Option<i64> {
        self.terms.is_empty().then_some(self.constant)
    }

    fn scaled(mut self, k: i64) -> Linear {
        for (_, c) in &mut self.terms {
            *c = c.wrapping_mul(k);
        }
        self.constant = self.constant.wrapping_mul(k);
        self.normalize();
        self
    }

    fn plus(mut self, other: Linear) -> Linear {
        self.terms.extend(other.terms);
        self.constant = self.constant.wrapping_add(other.constant);
        self.normalize();
        self
    }

    fn build(&self) -> AffineExpr {
        let term = |(atom, c): &(AffineExpr, i64)| {
            if *c == 1 { atom.clone() } else { raw(ExprKind::Mul(atom.clone(), AffineExpr::constant(*c))) }
        };
        let mut iter = self.terms.iter();
        let Some(first) = iter.next() else { return AffineExpr::constant(self.constant) };
        let mut acc = term(first);
        for t in iter {
            acc = raw(ExprKind::Add(acc, term(t)));
        }
        if self.constant != 0 {
            acc = raw(ExprKind::Add(acc, AffineExpr::constant(self.constant)));
        }
        acc
    }
}

fn raw(kind: ExprKind) -> AffineExpr {
    AffineExpr(Arc::new(kind))
}

/// The most common leaves, shared instead of allocated each time.
struct Leaves {
    consts: Vec<AffineExpr>,
    dims: Vec<AffineExpr>,
    syms: Vec<AffineExpr>,
}

thread_local! {
    static LEAVES: Leaves = Leaves {
        consts: (-8..=64).map(|c| raw(ExprKind::Const(c))).collect(),
        dims: (0..16).map(|i| raw(ExprKind::Dim(i))).collect(),
        syms: (0..16).map(|i| raw(ExprKind::Symbol(i))).collect(),
    };
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum DivKind {
    Floor,
    Ceil,
    Mod,
}

impl AffineExpr {
    /// The constant `c`.
    pub fn constant(c: i64) -> AffineExpr {
        if (-8..=64).contains(&c) {
            return LEAVES.with(|l| l.consts[(c + 8) as usize].clone());
        }
        raw(ExprKind::Const(c))
    }

    /// Dimension `d<i>`.
    pub fn dim(i: u32) -> AffineExpr {
        if i < 16 {
            return LEAVES.with(|l| l.dims[i as usize].clone());
        }
        raw(ExprKind::Dim(i))
    }

    /// Symbol `s<i>`.
    pub fn symbol(i: u32) -> AffineExpr {
        if i < 16 {
            return LEAVES.with(|l| l.syms[i as usize].clone());
        }
        raw(ExprKind::Symbol(i))
    }

    /// The node at the root.
    pub fn kind(&self) -> &ExprKind {
        &self.0
    }

    /// The value if this is a constant.
    pub fn as_constant(&self) -> Option<i64> {
        match *self.0 {
            ExprKind::Const(c) => Some(c),
            _ => None,
        }
    }

    /// The canonical sum of `terms`, built in one step (however many terms: adding them one
    /// at a time re-sorts the sum each time).
    ///
    /// ```
    /// use strata::ir::AffineExpr;
    /// let s = AffineExpr::sum([AffineExpr::dim(1), AffineExpr::constant(2), AffineExpr::dim(0)]);
    /// assert_eq!(s, AffineExpr::dim(0) + AffineExpr::dim(1) + 2);
    /// ```
    pub fn sum(terms: impl IntoIterator<Item = AffineExpr>) -> AffineExpr {
        let mut l = Linear::default();
        for t in terms {
            l.collect(&t, 1);
        }
        l.normalize();
        l.build()
    }

    /// `self floordiv rhs`, simplified.
    pub fn floor_div(&self, rhs: &AffineExpr) -> AffineExpr {
        self.div_like(rhs, DivKind::Floor)
    }

    /// `self ceildiv rhs`, simplified.
    pub fn ceil_div(&self, rhs: &AffineExpr) -> AffineExpr {
        self.div_like(rhs, DivKind::Ceil)
    }

    /// `self mod rhs`, simplified.
    pub fn modulo(&self, rhs: &AffineExpr) -> AffineExpr {
        self.div_like(rhs, DivKind::Mod)
    }

    fn div_like(&self, rhs: &AffineExpr, kind: DivKind) -> AffineExpr {
        let make = |a: AffineExpr, b: AffineExpr| {
            raw(match kind {
                DivKind::Floor => ExprKind::FloorDiv(a, b),
                DivKind::Ceil => ExprKind::CeilDiv(a, b),
                DivKind::Mod => ExprKind::Mod(a, b),
            })
        };
        let Some(c) = rhs.as_constant() else { return make(self.clone(), rhs.clone()) };
        if c == 0 {
            // Left for evaluation to report; the parser rejects it in source text.
            return make(self.clone(), rhs.clone());
        }
        let lin = Linear::of(self);
        let fold = |a: i64| match kind {
            DivKind::Floor => floor_div(a, c),
            DivKind::Ceil => ceil_div(a, c),
            DivKind::Mod => modulo(a, c),
        };
        if let Some(a) = lin.constant_value() {
            return AffineExpr::constant(fold(a));
        }
        if c == 1 || c == -1 {
            return match kind {
                DivKind::Mod => AffineExpr::constant(0),
                _ => lin.scaled(c).build(),
            };
        }
        // Pull out the terms and the part of the constant that `c` divides exactly.
        let mut whole = Linear::default();
        let mut rest = Linear::default();
        for (atom, coef) in &lin.terms {
            if coef.wrapping_rem(c) == 0 {
                whole.terms.push((atom.clone(), coef.wrapping_div(c)));
            } else {
                rest.terms.push((atom.clone(), *coef));
            }
        }
        let q = floor_div(lin.constant, c);
        rest.constant = lin.constant.wrapping_sub(q.wrapping_mul(c));
        whole.constant = q;
        if rest.terms.is_empty() {
            let r = AffineExpr::constant(fold(rest.constant));
            return match kind {
                DivKind::Mod => r,
                _ => whole.build() + r,
            };
        }
        // Reduce by the common divisor of what is left (exact for floor and ceil division).
        let mut divisor = c;
        if kind != DivKind::Mod {
            let g = rest.terms.iter().fold(gcd(rest.constant, divisor), |g, (_, k)| gcd(g, *k));
            if g > 1 {
                rest = rest.scaled_div(g);
                divisor /= g;
            }
        }
        let inner = rest.build();
        // (x floordiv a) floordiv b == x floordiv (a * b) and (x mod a) mod b == x mod b when b | a,
        // for positive a and b.
        let atom = match (kind, &*inner.0) {
            (DivKind::Floor, ExprKind::FloorDiv(x, a)) if divisor > 0 && a.as_constant().is_some_and(|a| a > 0) => {
                let a = a.as_constant().unwrap_or(1);
                a.checked_mul(divisor).map_or_else(
                    || make(inner.clone(), AffineExpr::constant(divisor)),
                    |ab| make(x.clone(), AffineExpr::constant(ab)),
                )
            }
            (DivKind::Mod, ExprKind::Mod(x, a))
                if divisor > 0 && a.as_constant().is_some_and(|a| a > 0 && a % divisor == 0) =>
            {
                make(x.clone(), AffineExpr::constant(divisor))
            }
            _ => make(inner, AffineExpr::constant(divisor)),
        };
        match kind {
            DivKind::Mod => atom,
            _ => whole.build() + atom,
        }
    }

    /// Whether the expression uses no dimension (only symbols and constants).
    pub fn is_symbolic(&self) -> bool {
        match &*self.0 {
            ExprKind::Const(_) | ExprKind::Symbol(_) => true,
            ExprKind::Dim(_) => false,
            ExprKind::Add(a, b)
            | ExprKind::Mul(a, b)
            | ExprKind::Mod(a, b)
            | ExprKind::FloorDiv(a, b)
            | ExprKind::CeilDiv(a, b) => a.is_symbolic() && b.is_symbolic(),
        }
    }

    /// Whether the expression is pure affine: products, `mod` and divisions only by constants.
    pub fn is_pure_affine(&self) -> bool {
        match &*self.0 {
            ExprKind::Const(_) | ExprKind::Symbol(_) | ExprKind::Dim(_) => true,
            ExprKind::Add(a, b) => a.is_pure_affine() && b.is_pure_affine(),
            ExprKind::Mul(a, b) => {
                a.is_pure_affine() && b.is_pure_affine() && (a.as_constant().is_some() || b.as_constant().is_some())
            }
            ExprKind::Mod(a, b) | ExprKind::FloorDiv(a, b) | ExprKind::CeilDiv(a, b) => {
                a.is_pure_affine() && b.as_constant().is_some()
            }
        }
    }

    /// The largest dimension and symbol positions used, plus one (i.e. the counts needed).
    pub fn max_positions(&self) -> (u32, u32) {
        match &*self.0 {
            ExprKind::Const(_) => (0, 0),
            ExprKind::Dim(i) => (i + 1, 0),
            ExprKind::Symbol(i) => (0, i + 1),
            ExprKind::Add(a, b)
            | ExprKind::Mul(a, b)
            | ExprKind::Mod(a, b)
            | ExprKind::FloorDiv(a, b)
            | ExprKind::CeilDiv(a, b) => {
                let (da, sa) = a.max_positions();
                let (db, sb) = b.max_positions();
                (da.max(db), sa.max(sb))
            }
        }
    }

    /// Evaluate with the given dimension and symbol values (wrapping 64-bit arithmetic).
    ///
    /// # Errors
    /// [`EvalError`] on a division by zero or a missing dimension or symbol value.
    pub fn eval(&self, dims: &[i64], syms: &[i64]) -> Result<i64, EvalError> {
        Ok(match &*self.0 {
            ExprKind::Const(c) => *c,
            ExprKind::Dim(i) => *dims.get(*i as usize).ok_or(EvalError::MissingOperand)?,
            ExprKind::Symbol(i) => *syms.get(*i as usize).ok_or(EvalError::MissingOperand)?,
            ExprKind::Add(a, b) => a.eval(dims, syms)?.wrapping_add(b.eval(dims, syms)?),
            ExprKind::Mul(a, b) => a.eval(dims, syms)?.wrapping_mul(b.eval(dims, syms)?),
            ExprKind::Mod(a, b) | ExprKind::FloorDiv(a, b) | ExprKind::CeilDiv(a, b) => {
                let (x, y) = (a.eval(dims, syms)?, b.eval(dims, syms)?);
                if y == 0 {
                    return Err(EvalError::DivisionByZero);
                }
                match &*self.0 {
                    ExprKind::Mod(..) => modulo(x, y),
                    ExprKind::FloorDiv(..) => floor_div(x, y),
                    _ => ceil_div(x, y),
                }
            }
        })
    }

    /// The range `[lo, hi]` of the expression when each dimension `i` ranges over `dims[i]`
    /// and the symbols have the given values; `None` if unbounded or not computable.
    pub fn range(&self, dims: &[(i64, i64)], syms: &[i64]) -> Option<(i64, i64)> {
        Some(match &*self.0 {
            ExprKind::Const(c) => (*c, *c),
            ExprKind::Dim(i) => *dims.get(*i as usize)?,
            ExprKind::Symbol(i) => {
                let v = *syms.get(*i as usize)?;
                (v, v)
            }
            ExprKind::Add(a, b) => {
                let (x, y) = (a.range(dims, syms)?, b.range(dims, syms)?);
                (x.0.checked_add(y.0)?, x.1.checked_add(y.1)?)
            }
            ExprKind::Mul(a, b) => {
                let (x, y) = (a.range(dims, syms)?, b.range(dims, syms)?);
                let p = [x.0.checked_mul(y.0)?, x.0.checked_mul(y.1)?, x.1.checked_mul(y.0)?, x.1.checked_mul(y.1)?];
                (*p.iter().min()?, *p.iter().max()?)
            }
            ExprKind::FloorDiv(a, b) | ExprKind::CeilDiv(a, b) | ExprKind::Mod(a, b) => {
                let x = a.range(dims, syms)?;
                let (c, c2) = b.range(dims, syms)?;
                if c != c2 || c == 0 {
                    return None;
                }
                match &*self.0 {
                    ExprKind::FloorDiv(..) => {
                        let (p, q) = (floor_div(x.0, c), floor_div(x.1, c));
                        (p.min(q), p.max(q))
                    }
                    ExprKind::CeilDiv(..) => {
                        let (p, q) = (ceil_div(x.0, c), ceil_div(x.1, c));
                        (p.min(q), p.max(q))
                    }
                    _ if c > 0 && x.0 >= 0 && x.1 < c => x,
                    _ if c > 0 => (0, c - 1),
                    _ => (c + 1, 0),
                }
            }
        })
    }

    /// Replace dimension `di` by `dims[i]` and symbol `si` by `syms[i]`, re-simplifying.
    /// Positions beyond the slices are left as they are.
    pub fn substitute(&self, dims: &[AffineExpr], syms: &[AffineExpr]) -> AffineExpr {
        match &*self.0 {
            ExprKind::Const(_) => self.clone(),
            ExprKind::Dim(i) => dims.get(*i as usize).cloned().unwrap_or_else(|| self.clone()),
            ExprKind::Symbol(i) => syms.get(*i as usize).cloned().unwrap_or_else(|| self.clone()),
            ExprKind::Add(a, b) => a.substitute(dims, syms) + b.substitute(dims, syms),
            ExprKind::Mul(a, b) => a.substitute(dims, syms) * b.substitute(dims, syms),
            ExprKind::Mod(a, b) => a.substitute(dims, syms).modulo(&b.substitute(dims, syms)),
            ExprKind::FloorDiv(a, b) => a.substitute(dims, syms).floor_div(&b.substitute(dims, syms)),
            ExprKind::CeilDiv(a, b) => a.substitute(dims, syms).ceil_div(&b.substitute(dims, syms)),
        }
    }

    /// The `(atom, coefficient)` terms and the constant of the canonical sum.
    pub fn terms(&self) -> (Vec<(AffineExpr, i64)>, i64) {
        let l = Linear::of(self);
        (l.terms.into_vec(), l.constant)
    }
}

impl Linear {
    fn scaled_div(mut self, g: i64) -> Linear {
        for (_, c) in &mut self.terms {
            *c /= g;
        }
        self.constant /= g;
        self
    }
}

impl std::ops::Add for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: AffineExpr) -> AffineExpr {
        Linear::of(&self).plus(Linear::of(&rhs)).build()
    }
}

impl std::ops::Add<i64> for AffineExpr {
    type Output = AffineExpr;
    fn add(self, rhs: i64) -> AffineExpr {
        self + AffineExpr::constant(rhs)
    }
}

impl std::ops::Sub for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: AffineExpr) -> AffineExpr {
        Linear::of(&self).plus(Linear::of(&rhs).scaled(-1)).build()
    }
}

impl std::ops::Sub<i64> for AffineExpr {
    type Output = AffineExpr;
    fn sub(self, rhs: i64) -> AffineExpr {
        Linear::of(&self).plus(Linear::of(&AffineExpr::constant(rhs)).scaled(-1)).build()
    }
}

impl std::ops::Neg for AffineExpr {
    type Output = AffineExpr;
    fn neg(self) -> AffineExpr {
        Linear::of(&self).scaled(-1).build()
    }
}

impl std::ops::Mul for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, rhs: AffineExpr) -> AffineExpr {
        let (la, lb) = (Linear::of(&self), Linear::of(&rhs));
        if let Some(k) = la.constant_value() {
            return lb.scaled(k).build();
        }
        if let Some(k) = lb.constant_value() {
            return la.scaled(k).build();
        }
        // A semi-affine product is an atom; order the operands so `a * b == b * a`.
        let (a, b) = if self <= rhs { (self, rhs) } else { (rhs, self) };
        raw(ExprKind::Mul(a, b))
    }
}

impl std::ops::Mul<i64> for AffineExpr {
    type Output = AffineExpr;
    fn mul(self, rhs: i64) -> AffineExpr {
        self * AffineExpr::constant(rhs)
    }
}

// ---------------------------------------------------------------------------------------------
// Printing

/// How dimensions and symbols are named when printing: `(out, is_symbol, position)`.
pub type NameFn<'a> = &'a dyn Fn(&mut String, bool, u32);

fn default_names(out: &mut String, is_symbol: bool, i: u32) {
    out.push(if is_symbol { 's' } else { 'd' });
    push_u64(out, u64::from(i));
}

impl AffineExpr {
    /// Append the textual form (`d0`, `s0` names) to `out`.
    pub fn write(&self, out: &mut String) {
        self.write_named(out, &default_names);
    }

    /// Append the textual form, naming dimensions and symbols with `names` (e.g. SSA operands
    /// in `affine.load %A[%i + 1]`).
    pub fn write_named(&self, out: &mut String, names: NameFn<'_>) {
        let (terms, constant) = self.terms();
        if terms.is_empty() {
            push_int(out, constant);
            return;
        }
        for (i, (atom, c)) in terms.iter().enumerate() {
            let c = *c;
            if i == 0 {
                if c == -1 {
                    out.push('-');
                    atom.write_operand(out, names);
                } else {
                    atom.write_atom(out, names);
                    if c != 1 {
                        out.push_str(" * ");
                        push_int(out, c);
                    }
                }
            } else if c == i64::MIN {
                // Its magnitude does not fit in i64: print the signed value, which parses back.
                out.push_str(" + ");
                atom.write_atom(out, names);
                out.push_str(" * ");
                push_int(out, c);
            } else {
                out.push_str(if c < 0 { " - " } else { " + " });
                atom.write_atom(out, names);
                let mag = c.unsigned_abs();
                if mag != 1 {
                    out.push_str(" * ");
                    push_u64(out, mag);
                }
            }
        }
        if constant != 0 {
            if constant < 0 && constant != i64::MIN {
                out.push_str(" - ");
                push_u64(out, constant.unsigned_abs());
            } else {
                out.push_str(" + ");
                push_int(out, constant);
            }
        }
    }

    /// An atom: a dimension, symbol, or a composite printed with its operator.
    fn write_atom(&self, out: &mut String, names: NameFn<'_>) {
        match &*self.0 {
            ExprKind::Dim(i) => names(out, false, *i),
            ExprKind::Symbol(i) => names(out, true, *i),
            ExprKind::Mul(a, b) => self.write_binary(out, a, " * ", b, names),
            ExprKind::Mod(a, b) => self.write_binary(out, a, " mod ", b, names),
            ExprKind::FloorDiv(a, b) => self.write_binary(out, a, " floordiv ", b, names),
            ExprKind::CeilDiv(a, b) => self.write_binary(out, a, " ceildiv ", b, names),
            ExprKind::Const(_) | ExprKind::Add(..) => self.write_operand(out, names),
        }
    }

    fn write_binary(&self, out: &mut String, a: &AffineExpr, op: &str, b: &AffineExpr, names: NameFn<'_>) {
        // Multiplicative operators are left-associative: a composite left operand of the same
        // precedence needs no parentheses, a sum does; the right operand needs them unless primary.
        if a.is_sum() || a.is_negative_primary() {
            out.push('(');
            a.write_named(out, names);
            out.push(')');
        } else {
            a.write_atom(out, names);
        }
        out.push_str(op);
        b.write_operand(out, names);
    }

    fn write_operand(&self, out: &mut String, names: NameFn<'_>) {
        match &*self.0 {
            ExprKind::Dim(_) | ExprKind::Symbol(_) => self.write_atom(out, names),
            ExprKind::Const(c) if *c >= 0 => push_int(out, *c),
            _ => {
                out.push('(');
                self.write_named(out, names);
                out.push(')');
            }
        }
    }

    fn is_sum(&self) -> bool {
        matches!(&*self.0, ExprKind::Add(..)) || matches!(&*self.0, ExprKind::Mul(_, b) if b.as_constant().is_some())
    }

    fn is_negative_primary(&self) -> bool {
        matches!(&*self.0, ExprKind::Const(c) if *c < 0)
    }
}

fn push_int(out: &mut String, v: i64) {
    use fmt::Write;
    let _ = write!(out, "{v}");
}

fn push_u64(out: &mut String, v: u64) {
    use fmt::Write;
    let _ = write!(out, "{v}");
}

impl fmt::Display for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for AffineExpr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

// ---------------------------------------------------------------------------------------------
// Maps and sets

/// An affine map `(d0, ..)[s0, ..] -> (e0, ..)` with an optional `size (..)` clause.
///
/// ```
/// use strata::ir::{AffineExpr, AffineMap};
/// let m = AffineMap::new(2, 0, vec![AffineExpr::dim(1), AffineExpr::dim(0)]);
/// assert_eq!(m.to_string(), "(d0, d1) -> (d1, d0)");
/// assert!(!m.is_identity());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct AffineMap(Arc<MapData>);

/// The contents of an [`AffineMap`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MapData {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// One expression per result.
    pub results: Vec<AffineExpr>,
    /// The `size (..)` clause: one entry per result, each the minimum of its expressions.
    pub sizes: Option<Vec<Vec<AffineExpr>>>,
}

impl AffineMap {
    /// A map without a `size` clause.
    pub fn new(num_dims: u32, num_symbols: u32, results: Vec<AffineExpr>) -> AffineMap {
        AffineMap(Arc::new(MapData { num_dims, num_symbols, results, sizes: None }))
    }

    /// A map with an optional `size` clause.
    pub fn with_sizes(
        num_dims: u32,
        num_symbols: u32,
        results: Vec<AffineExpr>,
        sizes: Option<Vec<Vec<AffineExpr>>>,
    ) -> AffineMap {
        AffineMap(Arc::new(MapData { num_dims, num_symbols, results, sizes }))
    }

    /// `(d0, .., dn-1) -> (d0, .., dn-1)`.
    pub fn identity(n: u32) -> AffineMap {
        AffineMap::new(n, 0, (0..n).map(AffineExpr::dim).collect())
    }

    /// `() -> (c)`.
    pub fn constant(c: i64) -> AffineMap {
        AffineMap::new(0, 0, vec![AffineExpr::constant(c)])
    }

    /// `()[s0] -> (s0)`, the shorthand bound `%N`.
    pub fn symbol_identity() -> AffineMap {
        AffineMap::new(0, 1, vec![AffineExpr::symbol(0)])
    }

    /// The contents.
    pub fn data(&self) -> &MapData {
        &self.0
    }

    /// Number of dimensions.
    pub fn num_dims(&self) -> usize {
        self.0.num_dims as usize
    }

    /// Number of symbols.
    pub fn num_symbols(&self) -> usize {
        self.0.num_symbols as usize
    }

    /// Number of dimensions plus symbols.
    pub fn num_inputs(&self) -> usize {
        self.num_dims() + self.num_symbols()
    }

    /// The result expressions.
    pub fn results(&self) -> &[AffineExpr] {
        &self.0.results
    }

    /// The `size` clause, if any.
    pub fn sizes(&self) -> Option<&[Vec<AffineExpr>]> {
        self.0.sizes.as_deref()
    }

    /// Whether this is `(d0, .., dn-1) -> (d0, .., dn-1)` with no symbols and no size.
    pub fn is_identity(&self) -> bool {
        self.0.num_symbols == 0
            && self.0.sizes.is_none()
            && self.0.results.len() == self.0.num_dims as usize
            && self.0.results.iter().enumerate().all(|(i, e)| matches!(e.kind(), ExprKind::Dim(d) if *d as usize == i))
    }

    /// The single constant result, if the map has exactly one constant result.
    pub fn single_constant(&self) -> Option<i64> {
        match self.0.results.as_slice() {
            [e] => e.as_constant(),
            _ => None,
        }
    }

    /// Whether every result is pure affine.
    pub fn is_pure_affine(&self) -> bool {
        self.0.results.iter().all(AffineExpr::is_pure_affine)
    }

    /// Evaluate every result.
    ///
    /// # Errors
    /// [`EvalError`] on a division by zero or too few operands.
    pub fn eval(&self, dims: &[i64], syms: &[i64]) -> Result<Vec<i64>, EvalError> {
        self.0.results.iter().map(|e| e.eval(dims, syms)).collect()
    }

    /// The map whose results are `self`'s results with `other`'s results substituted for the
    /// dimensions (`self ∘ other`); symbols of `other` follow those of `self`.
    pub fn compose(&self, other: &AffineMap) -> AffineMap {
        let shift: Vec<AffineExpr> =
            (0..other.0.num_symbols).map(|i| AffineExpr::symbol(i + self.0.num_symbols)).collect();
        let inner: Vec<AffineExpr> = other.results().iter().map(|e| e.substitute(&[], &shift)).collect();
        let results = self.results().iter().map(|e| e.substitute(&inner, &[])).collect();
        AffineMap::new(other.0.num_dims, self.0.num_symbols + other.0.num_symbols, results)
    }

    /// A map with only result `i` (and no size clause).
    pub fn sub_map(&self, i: usize) -> Option<AffineMap> {
        let e = self.0.results.get(i)?.clone();
        Some(AffineMap::new(self.0.num_dims, self.0.num_symbols, vec![e]))
    }
}

fn write_dim_symbol_lists(out: &mut String, dims: u32, syms: u32) {
    out.push('(');
    for i in 0..dims {
        if i > 0 {
            out.push_str(", ");
        }
        out.push('d');
        push_u64(out, u64::from(i));
    }
    out.push(')');
    if syms > 0 {
        out.push('[');
        for i in 0..syms {
            if i > 0 {
                out.push_str(", ");
            }
            out.push('s');
            push_u64(out, u64::from(i));
        }
        out.push(']');
    }
}

fn write_expr_list(out: &mut String, exprs: &[AffineExpr]) {
    for (i, e) in exprs.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        e.write(out);
    }
}

impl AffineMap {
    /// Append the textual form to `out`.
    pub fn write(&self, out: &mut String) {
        write_dim_symbol_lists(out, self.0.num_dims, self.0.num_symbols);
        out.push_str(" -> (");
        write_expr_list(out, &self.0.results);
        out.push(')');
        if let Some(sizes) = &self.0.sizes {
            out.push_str(" size (");
            for (i, s) in sizes.iter().enumerate() {
                if i > 0 {
                    out.push_str(", ");
                }
                if s.len() == 1 {
                    s[0].write(out);
                } else {
                    out.push_str("min(");
                    write_expr_list(out, s);
                    out.push(')');
                }
            }
            out.push(')');
        }
    }
}

impl fmt::Display for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for AffineMap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// One constraint of an integer set: `expr >= 0` or `expr == 0`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Constraint {
    /// The left-hand side.
    pub expr: AffineExpr,
    /// `== 0` when true, `>= 0` otherwise.
    pub is_eq: bool,
}

/// An integer set `(d0, ..)[s0, ..] : (c0, ..)`, a conjunction of affine constraints.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct IntegerSet(Arc<SetData>);

/// The contents of an [`IntegerSet`].
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetData {
    /// Number of dimensions.
    pub num_dims: u32,
    /// Number of symbols.
    pub num_symbols: u32,
    /// The conjunction; empty means the whole space.
    pub constraints: Vec<Constraint>,
}

impl IntegerSet {
    /// A set from its constraints.
    pub fn new(num_dims: u32, num_symbols: u32, constraints: Vec<Constraint>) -> IntegerSet {
        IntegerSet(Arc::new(SetData { num_dims, num_symbols, constraints }))
    }

    /// The contents.
    pub fn data(&self) -> &SetData {
        &self.0
    }

    /// Number of dimensions.
    pub fn num_dims(&self) -> usize {
        self.0.num_dims as usize
    }

    /// Number of symbols.
    pub fn num_symbols(&self) -> usize {
        self.0.num_symbols as usize
    }

    /// The constraints.
    pub fn constraints(&self) -> &[Constraint] {
        &self.0.constraints
    }

    /// Whether the point satisfies every constraint.
    ///
    /// # Errors
    /// [`EvalError`] on a division by zero or too few operands.
    pub fn contains(&self, dims: &[i64], syms: &[i64]) -> Result<bool, EvalError> {
        for c in &self.0.constraints {
            let v = c.expr.eval(dims, syms)?;
            if (c.is_eq && v != 0) || (!c.is_eq && v < 0) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// Append the textual form to `out`.
    pub fn write(&self, out: &mut String) {
        write_dim_symbol_lists(out, self.0.num_dims, self.0.num_symbols);
        out.push_str(" : (");
        for (i, c) in self.0.constraints.iter().enumerate() {
            if i > 0 {
                out.push_str(", ");
            }
            c.expr.write(out);
            out.push_str(if c.is_eq { " == 0" } else { " >= 0" });
        }
        out.push(')');
    }
}

impl fmt::Display for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s);
        f.write_str(&s)
    }
}

impl fmt::Debug for IntegerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn d(i: u32) -> AffineExpr {
        AffineExpr::dim(i)
    }
    fn s(i: u32) -> AffineExpr {
        AffineExpr::symbol(i)
    }
    fn c(v: i64) -> AffineExpr {
        AffineExpr::constant(v)
    }

    #[test]
    fn division_helpers_round_towards_floor_and_ceiling() {
        // spec: spec/README.md, affine mod/floordiv/ceildiv on negatives
        assert_eq!(floor_div(-7, 2), -4);
        assert_eq!(ceil_div(-7, 2), -3);
        assert_eq!(modulo(-7, 2), 1);
        assert_eq!(floor_div(7, 2), 3);
        assert_eq!(ceil_div(7, 2), 4);
        assert_eq!(modulo(7, -2), -1);
        assert_eq!(floor_div(i64::MIN, -1), i64::MIN);
    }

    #[test]
    fn canonical_forms_compare_equal() {
        assert_eq!(d(0) + d(1), d(1) + d(0));
        assert_eq!(d(0) * 2 + d(0), d(0) * 3);
        assert_eq!((d(0) + 1) - 1, d(0));
        assert_eq!(s(0) * d(0), d(0) * s(0));
        assert_eq!((d(0) * 4 + d(1)).floor_div(&c(4)), d(0) + d(1).floor_div(&c(4)));
        assert_eq!((d(0) * 4 + d(1)).modulo(&c(4)), d(1).modulo(&c(4)));
        assert_eq!((d(0) * 6).floor_div(&c(4)), (d(0) * 3).floor_div(&c(2)));
        assert_eq!(d(0).floor_div(&c(2)).floor_div(&c(3)), d(0).floor_div(&c(6)));
        assert_eq!(d(0).modulo(&c(8)).modulo(&c(4)), d(0).modulo(&c(4)));
        assert_eq!(c(-7).floor_div(&c(2)), c(-4));
        assert_eq!(d(0).modulo(&c(1)), c(0));
    }

    #[test]
    fn prints_canonically() {
        assert_eq!((d(0) - d(1) * 2 - 3).to_string(), "d0 - d1 * 2 - 3");
        assert_eq!((-d(0) + s(0) - 1).to_string(), "-d0 + s0 - 1");
        assert_eq!((d(0) + 1).floor_div(&c(2)).to_string(), "(d0 + 1) floordiv 2");
        assert_eq!((d(0) * s(0)).to_string(), "d0 * s0");
        assert_eq!((d(0).floor_div(&c(2)) * 3).to_string(), "d0 floordiv 2 * 3");
        assert_eq!(c(-5).to_string(), "-5");
        assert_eq!((d(0) * -2).to_string(), "d0 * -2");
    }

    #[test]
    fn evaluates() {
        let e = (d(0) * 3 + s(0)).floor_div(&c(2));
        assert_eq!(e.eval(&[3], &[-20]), Ok(-6));
        let z = d(0).floor_div(&s(0));
        assert_eq!(z.eval(&[3], &[0]), Err(EvalError::DivisionByZero));
    }

    #[test]
    fn composes_maps() {
        let outer = AffineMap::new(2, 0, vec![d(0) + d(1)]);
        let inner = AffineMap::new(1, 1, vec![d(0) * 2, s(0)]);
        assert_eq!(outer.compose(&inner).to_string(), "(d0)[s0] -> (d0 * 2 + s0)");
    }
}
