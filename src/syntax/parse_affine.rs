//! Parsing affine expressions, maps and integer sets (mlir-langref-early.md "Polyhedral
//! Structures"): precedence from highest to lowest is parentheses, negation, then
//! `* floordiv ceildiv mod`, then `+ -`, all left-associative. The function-call spellings
//! `floordiv(a, b)`, `ceildiv(a, b)` and `mod(a, b)` are accepted as in the examples.

use super::PResult;
use super::lexer::TokKind;
use super::parser::{Parser, UnresolvedOperand};
use crate::ir::{AffineExpr, AffineMap, Attribute, Constraint, Diagnostic, IntegerSet, Span};

/// An affine map or an integer set: what `(d0)[s0] -> ...` or `(d0)[s0] : ...` turned out to be.
pub enum MapOrSet {
    /// `... -> (...)`.
    Map(AffineMap),
    /// `... : (...)`.
    Set(IntegerSet),
}

struct Ids<'a> {
    names: Vec<(&'a str, AffineExpr)>,
    /// In subscripts (`affine.load %A[%i + 1]`), SSA operands stand for dimensions (one per
    /// occurrence, in order) and `symbol(%n)` for symbols.
    ssa: Option<SsaIds<'a>>,
}

#[derive(Default)]
struct SsaIds<'a> {
    dims: Vec<UnresolvedOperand<'a>>,
    symbols: Vec<UnresolvedOperand<'a>>,
}

impl Ids<'_> {
    fn get(&self, name: &str) -> Option<AffineExpr> {
        self.names.iter().rev().find(|(n, _)| *n == name).map(|(_, e)| e.clone())
    }
}

#[derive(Clone, Copy)]
enum HighOp {
    Mul,
    FloorDiv,
    CeilDiv,
    Mod,
}

impl HighOp {
    fn name(self) -> &'static str {
        match self {
            HighOp::Mul => "*",
            HighOp::FloorDiv => "floordiv",
            HighOp::CeilDiv => "ceildiv",
            HighOp::Mod => "mod",
        }
    }
}

impl<'a> Parser<'a> {
    /// Parse an inline map or set starting at `(`.
    pub fn parse_affine_map_or_set(&mut self) -> PResult<MapOrSet> {
        let (mut ids, num_dims, num_symbols) = self.parse_dim_and_symbol_ids()?;
        if self.eat(TokKind::Arrow) {
            let results = self.parse_paren_expr_list(&mut ids)?;
            let mut sizes = None;
            if self.is_keyword("size") {
                let at = self.span();
                self.bump();
                let list = self.parse_size_list(&mut ids)?;
                if list.len() != results.len() {
                    return Err(self.error_at(
                        at,
                        format!("size list has {} entries but the map has {} results", list.len(), results.len()),
                    ));
                }
                sizes = Some(list);
            }
            Ok(MapOrSet::Map(AffineMap::with_sizes(num_dims, num_symbols, results, sizes)))
        } else if self.eat(TokKind::Colon) {
            let constraints = self.parse_constraints(&mut ids)?;
            Ok(MapOrSet::Set(IntegerSet::new(num_dims, num_symbols, constraints)))
        } else {
            Err(self.error_here("expected '->' or ':'"))
        }
    }

    /// Parse an affine map: `#alias` or inline.
    pub fn parse_affine_map(&mut self) -> PResult<AffineMap> {
        let span = self.span();
        // An alias, or later MLIR's `affine_map<..>`: read as attributes.
        let as_attribute = self.kind() == TokKind::HashId
            || (self.later && self.kind() == TokKind::BareId && self.text() == "affine_map");
        match self.kind() {
            _ if as_attribute => match self.parse_attribute()? {
                Attribute::AffineMap(m) => Ok(m),
                _ => Err(self.error_at(span, "expected an affine map")),
            },
            TokKind::LParen => match self.parse_affine_map_or_set()? {
                MapOrSet::Map(m) => Ok(m),
                MapOrSet::Set(_) => Err(self.error_at(span, "expected an affine map, found an integer set")),
            },
            _ => Err(self.error_here("expected affine map")),
        }
    }

    /// Parse an integer set: `#alias` or inline.
    pub fn parse_integer_set(&mut self) -> PResult<IntegerSet> {
        let span = self.span();
        // An alias, or later MLIR's `affine_set<..>`: read as attributes.
        let as_attribute = self.kind() == TokKind::HashId
            || (self.later && self.kind() == TokKind::BareId && self.text() == "affine_set");
        match self.kind() {
            _ if as_attribute => match self.parse_attribute()? {
                Attribute::IntegerSet(s) => Ok(s),
                _ => Err(self.error_at(span, "expected an integer set")),
            },
            TokKind::LParen => match self.parse_affine_map_or_set()? {
                MapOrSet::Set(s) => Ok(s),
                MapOrSet::Map(_) => Err(self.error_at(span, "expected an integer set, found an affine map")),
            },
            _ => Err(self.error_here("expected integer set")),
        }
    }

    /// Parse `[expr, ..]` whose expressions use SSA operands (`%i + 1`, `symbol(%n)`): the map
    /// from the operands (dimensions first, one per occurrence, then symbols) to the subscripts.
    pub fn parse_affine_subscripts(&mut self) -> PResult<(AffineMap, Vec<UnresolvedOperand<'a>>)> {
        self.expect(TokKind::LSquare, "'[' to start the subscripts")?;
        let mut ids = Ids { names: Vec::new(), ssa: Some(SsaIds::default()) };
        let mut results = Vec::new();
        if !self.eat(TokKind::RSquare) {
            loop {
                results.push(self.parse_affine_expr(&mut ids)?);
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RSquare, "']' to end the subscripts")?;
        }
        let ssa = ids.ssa.unwrap_or_default();
        let map = AffineMap::new(ssa.dims.len() as u32, ssa.symbols.len() as u32, results);
        let mut operands = ssa.dims;
        operands.extend(ssa.symbols);
        Ok((map, operands))
    }

    fn parse_dim_and_symbol_ids(&mut self) -> PResult<(Ids<'a>, u32, u32)> {
        let mut ids = Ids { names: Vec::new(), ssa: None };
        self.expect(TokKind::LParen, "'(' to start dimension list")?;
        let mut dims = 0u32;
        if !self.eat(TokKind::RParen) {
            loop {
                self.declare_id(&mut ids, AffineExpr::dim(dims))?;
                dims += 1;
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RParen, "')' to end dimension list")?;
        }
        let mut syms = 0u32;
        if self.eat(TokKind::LSquare) && !self.eat(TokKind::RSquare) {
            loop {
                self.declare_id(&mut ids, AffineExpr::symbol(syms))?;
                syms += 1;
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RSquare, "']' to end symbol list")?;
        }
        Ok((ids, dims, syms))
    }

    fn declare_id(&mut self, ids: &mut Ids<'a>, e: AffineExpr) -> PResult<()> {
        if self.kind() != TokKind::BareId {
            return Err(self.error_here("expected identifier"));
        }
        let name = self.text();
        if ids.get(name).is_some() {
            return Err(self.error_here(format!("redefinition of identifier '{name}'")));
        }
        ids.names.push((name, e));
        self.bump();
        Ok(())
    }

    fn parse_paren_expr_list(&mut self, ids: &mut Ids<'a>) -> PResult<Vec<AffineExpr>> {
        self.expect(TokKind::LParen, "'(' to start affine expression list")?;
        let mut out = Vec::new();
        if !self.eat(TokKind::RParen) {
            loop {
                out.push(self.parse_affine_expr(ids)?);
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RParen, "')' to end affine expression list")?;
        }
        Ok(out)
    }

    fn parse_size_list(&mut self, ids: &mut Ids<'a>) -> PResult<Vec<Vec<AffineExpr>>> {
        self.expect(TokKind::LParen, "'(' after 'size'")?;
        let mut out = Vec::new();
        loop {
            let at = self.span();
            let entry = if self.is_keyword("min") && self.peek().kind == TokKind::LParen {
                self.bump();
                let list = self.parse_paren_expr_list(ids)?;
                if list.len() < 2 {
                    return Err(self.error_at(at, "'min' in a size needs at least two expressions"));
                }
                list
            } else {
                vec![self.parse_affine_expr(ids)?]
            };
            if !entry.iter().all(AffineExpr::is_symbolic) {
                return Err(self.error_at(at, "size expressions may only use symbols and constants"));
            }
            out.push(entry);
            if !self.eat(TokKind::Comma) {
                break;
            }
        }
        self.expect(TokKind::RParen, "')' to end size list")?;
        Ok(out)
    }

    fn parse_constraints(&mut self, ids: &mut Ids<'a>) -> PResult<Vec<Constraint>> {
        // The constraints are parenthesized; the earliest reference also writes them bare, and
        // `(d0 + 1) * 2 >= 0` starts with a parenthesized expression, which the first comparison
        // tells apart.
        if self.kind() == TokKind::LParen {
            let cp = self.checkpoint();
            self.bump();
            if self.eat(TokKind::RParen) {
                return Ok(Vec::new());
            }
            let first = self.parse_affine_expr(ids);
            if first.is_ok() && !self.at_comparison() && self.kind() != TokKind::RParen {
                return Err(self.error_here("expected '== 0' or '>= 0' at end of affine constraint"));
            }
            if first.is_ok() && self.at_comparison() {
                let mut out = vec![self.finish_constraint(first?)?];
                while self.eat(TokKind::Comma) {
                    let lhs = self.parse_affine_expr(ids)?;
                    out.push(self.finish_constraint(lhs)?);
                }
                self.expect(TokKind::RParen, "')' to end constraint list")?;
                return Ok(out);
            }
            first?;
            self.restore(cp);
            // `(expr)` followed by `)` was the whole constraint, with no comparison.
            let cp2 = self.checkpoint();
            self.bump();
            let _ = self.parse_affine_expr(ids);
            if self.kind() == TokKind::RParen {
                return Err(self.error_here("expected '== 0' or '>= 0' at end of affine constraint"));
            }
            self.restore(cp2);
        } else if !matches!(self.kind(), TokKind::BareId | TokKind::Integer | TokKind::Minus) {
            return Err(self.error_here("expected '(' at start of integer set constraint list"));
        }
        let mut out = Vec::new();
        loop {
            let lhs = self.parse_affine_expr(ids)?;
            out.push(self.finish_constraint(lhs)?);
            if !self.eat(TokKind::Comma) {
                return Ok(out);
            }
        }
    }

    fn at_comparison(&self) -> bool {
        let next = self.peek();
        let adjacent_eq = next.kind == TokKind::Equal && next.start == self.tok.end;
        match self.kind() {
            TokKind::Greater | TokKind::Equal => adjacent_eq,
            _ => false,
        }
    }

    /// `>= 0` or `== 0` after a constraint's expression.
    fn finish_constraint(&mut self, lhs: AffineExpr) -> PResult<Constraint> {
        if !self.at_comparison() {
            return Err(self.error_here("expected '== 0' or '>= 0' at end of affine constraint"));
        }
        let is_eq = self.kind() == TokKind::Equal;
        self.bump();
        self.bump();
        if self.kind() != TokKind::Integer {
            return Err(self.error_here("expected '== 0' or '>= 0' at end of affine constraint"));
        }
        if self.text() != "0" {
            let op = if is_eq { "==" } else { ">=" };
            return Err(self.error_here(format!("expected '0' after '{op}'")));
        }
        self.bump();
        Ok(Constraint { expr: lhs, is_eq })
    }

    fn parse_affine_expr(&mut self, ids: &mut Ids<'a>) -> PResult<AffineExpr> {
        let mut acc = self.parse_affine_term(ids, false)?;
        loop {
            let negate = match self.kind() {
                TokKind::Plus => false,
                TokKind::Minus => true,
                _ => return Ok(acc),
            };
            self.bump();
            let rhs = self.parse_affine_term(ids, true)?;
            acc = if negate { acc - rhs } else { acc + rhs };
        }
    }

    /// `rhs`: the term is the right operand of a binary operator (for the error when missing).
    fn parse_affine_term(&mut self, ids: &mut Ids<'a>, rhs: bool) -> PResult<AffineExpr> {
        let mut acc = self.parse_affine_unary(ids, rhs)?;
        loop {
            let op = match self.kind() {
                TokKind::Star => HighOp::Mul,
                TokKind::BareId => match self.text() {
                    "floordiv" => HighOp::FloorDiv,
                    "ceildiv" => HighOp::CeilDiv,
                    "mod" => HighOp::Mod,
                    _ => return Ok(acc),
                },
                TokKind::Slash => {
                    return Err(self.error_here("use 'floordiv', 'ceildiv' or 'mod' in affine expressions"));
                }
                _ => return Ok(acc),
            };
            let at = self.span();
            self.bump();
            let rhs = self.parse_affine_unary(ids, true)?;
            acc = self.apply_high(op, acc, rhs, at)?;
        }
    }

    fn apply_high(&self, op: HighOp, lhs: AffineExpr, rhs: AffineExpr, at: Span) -> PResult<AffineExpr> {
        match op {
            HighOp::Mul => {
                let ok = lhs.as_constant().is_some()
                    || rhs.as_constant().is_some()
                    || lhs.is_symbolic()
                    || rhs.is_symbolic();
                if !ok {
                    return Err(self.error_at(
                        at,
                        "non-affine expression: at least one of the multiply operands has to be either a constant or symbolic",
                    ));
                }
                Ok(lhs * rhs)
            }
            _ => {
                if let Some(c) = rhs.as_constant() {
                    if c == 0 {
                        return Err(
                            self.error_at(at, format!("division by zero in affine expression ('{}' by 0)", op.name()))
                        );
                    }
                } else if !rhs.is_symbolic() {
                    return Err(self.error_at(
                        at,
                        format!(
                            "non-affine expression: right operand of {} has to be either a constant or symbolic",
                            op.name()
                        ),
                    ));
                }
                Ok(match op {
                    HighOp::FloorDiv => lhs.floor_div(&rhs),
                    HighOp::CeilDiv => lhs.ceil_div(&rhs),
                    _ => lhs.modulo(&rhs),
                })
            }
        }
    }

    fn parse_affine_unary(&mut self, ids: &mut Ids<'a>, rhs: bool) -> PResult<AffineExpr> {
        self.nested(true, |p| {
            if p.kind() == TokKind::Minus {
                p.bump();
                if p.kind() == TokKind::Integer {
                    // `-9223372036854775808` is a literal, not the negation of one out of range.
                    let v = p.integer_value(p.tok)?;
                    let v =
                        i64::try_from(-v).map_err(|_| p.error_here("constant too large for an affine expression"))?;
                    p.bump();
                    return Ok(AffineExpr::constant(v));
                }
                if !p.starts_affine_operand() {
                    return Err(p.error_here("missing operand of negation"));
                }
                let e = p.parse_affine_unary(ids, rhs)?;
                return Ok(-e);
            }
            p.parse_affine_primary(ids, rhs)
        })
    }

    /// Whether the current token can begin an operand (so `-` before it is a negation).
    fn starts_affine_operand(&self) -> bool {
        match self.kind() {
            TokKind::LParen | TokKind::Integer | TokKind::Minus | TokKind::PercentId => true,
            TokKind::BareId => {
                !matches!(self.text(), "floordiv" | "ceildiv" | "mod") || self.peek().kind == TokKind::LParen
            }
            _ => false,
        }
    }

    /// mlir-opt's messages for an operand that is not there: a binary operator without its
    /// left operand (`(+ d0)`, `(mod 2)`), or without its right one (`(d0 + )`).
    fn missing_affine_operand(&self, rhs: bool) -> Box<Diagnostic> {
        let operator = matches!(self.kind(), TokKind::Plus | TokKind::Star)
            || (self.kind() == TokKind::BareId && matches!(self.text(), "floordiv" | "ceildiv" | "mod"));
        self.error_here(match (rhs, operator) {
            (true, _) => "missing right operand of binary operator",
            (false, true) => "missing left operand of binary operator",
            (false, false) => "expected affine expression",
        })
    }

    fn parse_affine_primary(&mut self, ids: &mut Ids<'a>, rhs: bool) -> PResult<AffineExpr> {
        match self.kind() {
            TokKind::LParen => {
                self.bump();
                if self.kind() == TokKind::RParen {
                    return Err(self.error_here("no expression inside parentheses"));
                }
                let e = self.parse_affine_expr(ids)?;
                self.expect(TokKind::RParen, "')' in affine expression")?;
                Ok(e)
            }
            TokKind::Integer => {
                let v = self.integer_value(self.tok)?;
                let v = i64::try_from(v).map_err(|_| self.error_here("constant too large for an affine expression"))?;
                self.bump();
                Ok(AffineExpr::constant(v))
            }
            TokKind::BareId => {
                let name = self.text();
                let call = match name {
                    "floordiv" => Some(HighOp::FloorDiv),
                    "ceildiv" => Some(HighOp::CeilDiv),
                    "mod" => Some(HighOp::Mod),
                    _ => None,
                };
                if let (Some(op), true) = (call, self.peek().kind == TokKind::LParen) {
                    let at = self.span();
                    self.bump();
                    self.bump();
                    let a = self.parse_affine_expr(ids)?;
                    self.expect(TokKind::Comma, "',' between the operands")?;
                    let b = self.parse_affine_expr(ids)?;
                    self.expect(TokKind::RParen, "')'")?;
                    return self.apply_high(op, a, b, at);
                }
                if ids.ssa.is_some() && name == "symbol" && self.peek().kind == TokKind::LParen {
                    self.bump();
                    self.bump();
                    let u = self.parse_operand()?;
                    self.expect(TokKind::RParen, "')' after the symbol operand")?;
                    let ssa = ids.ssa.get_or_insert_with(SsaIds::default);
                    ssa.symbols.push(u);
                    return Ok(AffineExpr::symbol(ssa.symbols.len() as u32 - 1));
                }
                match ids.get(name) {
                    Some(e) => {
                        self.bump();
                        Ok(e)
                    }
                    None if call.is_some() => Err(self.missing_affine_operand(rhs)),
                    None => Err(self.error_here(format!("use of undeclared identifier '{name}'"))),
                }
            }
            TokKind::PercentId if ids.ssa.is_some() => {
                let u = self.parse_operand()?;
                let ssa = ids.ssa.get_or_insert_with(SsaIds::default);
                ssa.dims.push(u);
                Ok(AffineExpr::dim(ssa.dims.len() as u32 - 1))
            }
            TokKind::PercentId => Err(self.error_here("SSA values cannot appear inside affine expressions")),
            _ => Err(self.missing_affine_operand(rhs)),
        }
    }
}
