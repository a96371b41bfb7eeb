//! What op definitions share: the verification context with its checks, fold results, and
//! the custom forms used by many ops (`op %a, %b : T`, `op %a : T`, `op %a : T to U`).

use rustc_hash::FxHashMap as HashMap;
use std::fmt::Display;
use std::sync::Arc;

use crate::ir::{Attribute, Diagnostic, Module, Op, OperationState, Span, Type, Value, Values};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// The result of folding one result of an op.
#[derive(Clone, Debug, PartialEq)]
pub enum FoldResult {
    /// The result is this constant.
    Attr(Attribute),
    /// The result is this existing value.
    Value(Value),
}

/// What per-op verification sees: the module, the symbol table, and where diagnostics go.
pub struct VerifyCx<'m> {
    /// The module being verified.
    pub m: &'m Module,
    /// Functions of the module by name (shared by the contexts verifying parts of one module
    /// on several threads).
    pub symbols: Arc<HashMap<&'m str, Op>>,
    /// Diagnostics reported so far.
    pub diags: Vec<Diagnostic>,
}

impl<'m> VerifyCx<'m> {
    /// A context over `m` with its symbol table built.
    pub fn new(m: &'m Module) -> VerifyCx<'m> {
        let mut symbols = HashMap::default();
        for &op in &m.block(m.top_block()).ops {
            if let Some(name) = m.attr(op, "sym_name").and_then(Attribute::as_str) {
                symbols.entry(name).or_insert(op);
            }
        }
        VerifyCx { m, symbols: Arc::new(symbols), diags: Vec::new() }
    }

    /// A fresh context over the same module and symbol table.
    pub fn sibling(&self) -> VerifyCx<'m> {
        VerifyCx { m: self.m, symbols: self.symbols.clone(), diags: Vec::new() }
    }

    /// Report `'name' op MESSAGE` at the op.
    pub fn error(&mut self, op: Op, msg: impl Display) {
        let span = self.m.op_span(op);
        self.diags.push(Diagnostic::error(span, format!("'{}' op {msg}", self.m.op_name(op))));
    }

    /// Report a diagnostic as is.
    pub fn push(&mut self, d: Diagnostic) {
        self.diags.push(d);
    }

    /// Operand `i`'s type.
    pub fn operand_type(&self, op: Op, i: usize) -> Option<&'m Type> {
        self.m.op(op).operands.get(i).map(|&v| self.m.value_type(v))
    }

    /// Result `i`'s type.
    pub fn result_type(&self, op: Op, i: usize) -> Option<&'m Type> {
        self.m.op(op).results.get(i).map(|&v| self.m.value_type(v))
    }

    /// Check the number of operands, results, regions and successors (`None`: any number of
    /// operands or results). Reports (in the words of MLIR's op traits) and returns false on the
    /// first mismatch.
    pub fn counts(
        &mut self,
        op: Op,
        operands: Option<usize>,
        results: Option<usize>,
        regions: usize,
        successors: usize,
    ) -> bool {
        let d = self.m.op(op);
        let checks = [
            ("operand", operands, d.operands.len()),
            ("result", results, d.results.len()),
            ("region", Some(regions), d.regions.len()),
            ("successor", Some(successors), d.successors.len()),
        ];
        for (what, want, got) in checks {
            if let Some(w) = want
                && w != got
            {
                let msg = match (what, w) {
                    ("operand", 0) => format!("requires zero operands, but found {got}"),
                    ("operand", 1) => format!("requires a single operand, but found {got}"),
                    ("result", 0) => format!("requires zero results, but found {got}"),
                    ("result", 1) => format!("requires one result, but found {got}"),
                    ("region", 0) => format!("requires zero regions, but found {got}"),
                    ("successor", _) => {
                        format!("requires {w} successor{} but found {got}", if w == 1 { "" } else { "s" })
                    }
                    ("region", 1) => format!("requires one region, but found {got}"),
                    _ => format!("expected {w} {what}{}, but found {got}", if w == 1 { "" } else { "s" }),
                };
                self.error(op, msg);
                return false;
            }
        }
        true
    }

    /// Check that there are at least `n` operands.
    pub fn min_operands(&mut self, op: Op, n: usize) -> bool {
        let got = self.m.op(op).operands.len();
        if got < n {
            self.error(op, format!("expected {n} or more operands, but found {got}"));
            return false;
        }
        true
    }

    /// Check that every operand and result has the same type.
    pub fn same_types(&mut self, op: Op) -> Option<&'m Type> {
        let d = self.m.op(op);
        let mut all = d.operands.iter().chain(&d.results).map(|&v| self.m.value_type(v));
        let first = all.next()?;
        if all.any(|t| t != first) {
            self.error(op, "requires the same type for all operands and results");
            return None;
        }
        Some(first)
    }

    /// Check that operand `i` (or result, with `result`) has a type accepted by `pred`.
    pub fn kind(&mut self, op: Op, i: usize, result: bool, what: &str, pred: impl Fn(&Type) -> bool) -> bool {
        let ty = if result { self.result_type(op, i) } else { self.operand_type(op, i) };
        match ty {
            Some(t) if pred(t) => true,
            Some(t) => {
                let which = if result { "result" } else { "operand" };
                self.error(op, format!("{which} #{i} must be {what}, but got '{t}'"));
                false
            }
            None => false,
        }
    }

    /// Check that operands `from..` are all of `index` type.
    pub fn index_operands(&mut self, op: Op, from: usize, what: &str) -> bool {
        let ops = &self.m.op(op).operands;
        for (i, &v) in ops.iter().enumerate().skip(from) {
            let t = self.m.value_type(v);
            if !t.is_index() {
                self.error(op, format!("{what} #{} must be of 'index' type, but got '{t}'", i - from));
                return false;
            }
        }
        true
    }

    /// The attribute `name` or an error saying it is missing.
    pub fn required_attr(&mut self, op: Op, name: &str) -> Option<&'m Attribute> {
        let a = self.m.attr(op, name);
        if a.is_none() {
            self.error(op, format!("requires attribute '{name}'"));
        }
        a
    }
}

/// Integer or index scalar, or a vector or tensor of them.
pub fn is_int_like(t: &Type) -> bool {
    match t {
        Type::Vector(_) | Type::Tensor(_) => t.element_type().is_int_or_index(),
        t => t.is_int_or_index(),
    }
}

/// Float scalar, or a vector or tensor of floats.
pub fn is_float_like(t: &Type) -> bool {
    match t {
        Type::Vector(_) | Type::Tensor(_) => t.element_type().is_float(),
        t => t.is_float(),
    }
}

/// Same shape kind and dimensions, ignoring element types (`select`, `cmpi` results).
pub fn same_shape(a: &Type, b: &Type) -> bool {
    match (a, b) {
        (Type::Vector(x), Type::Vector(y)) => x.shape == y.shape,
        (Type::Tensor(x), Type::Tensor(y)) => x.shape == y.shape,
        (Type::Vector(_) | Type::Tensor(_), _) | (_, Type::Vector(_) | Type::Tensor(_)) => false,
        _ => true,
    }
}

// ---- shared custom forms --------------------------------------------------------------------

/// `%r = op %a, %b : T`.
pub fn parse_binary(p: &mut Parser<'_>, name: &'static str, span: Span) -> PResult<Values> {
    let ops = p.parse_operands_exactly(2)?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let operands = p.resolve_all(&ops, &ty)?;
    let name = p.intern(name);
    let mut st = OperationState::new(name).operands(&operands).result(ty).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

/// Print `%a, %b : T` when both operands and the result share the type.
pub fn print_binary(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a, b] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    let t = m.value_type(*r);
    if m.value_type(*a) != t || m.value_type(*b) != t || !d.regions.is_empty() || !d.successors.is_empty() {
        return None;
    }
    p.w(keyword(m, op));
    p.w(" ");
    p.print_values(&[*a, *b]);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(t);
    Some(())
}

/// `%r = op %a : T`.
pub fn parse_unary(p: &mut Parser<'_>, name: &'static str, span: Span) -> PResult<Values> {
    let ops = p.parse_operands_exactly(1)?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let operands = p.resolve_all(&ops, &ty)?;
    let name = p.intern(name);
    let mut st = OperationState::new(name).operands(&operands).result(ty).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

/// Print `%a : T` when the operand and result share the type.
pub fn print_unary(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    let t = m.value_type(*r);
    if m.value_type(*a) != t || !d.regions.is_empty() || !d.successors.is_empty() {
        return None;
    }
    p.w(keyword(m, op));
    p.w(" ");
    p.print_value(*a);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(t);
    Some(())
}

/// `%r = op %a : T to U`.
pub fn parse_cast(p: &mut Parser<'_>, name: &'static str, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    let from = p.parse_colon_type()?;
    p.expect_keyword("to")?;
    let to = p.parse_type()?;
    let operand = p.resolve_operand(&a, &from)?;
    let name = p.intern(name);
    let mut st = OperationState::new(name).operand(operand).result(to).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

/// Print `%a : T to U`.
pub fn print_cast(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    if !d.regions.is_empty() || !d.successors.is_empty() {
        return None;
    }
    p.w(keyword(m, op));
    p.w(" ");
    p.print_value(*a);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    p.w(" to ");
    p.print_type(m.value_type(*r));
    Some(())
}

/// The custom keyword of a registered op (its name without a `std.` prefix otherwise).
pub fn keyword(m: &Module, op: Op) -> &str {
    let name = m.op_name(op);
    match super::registry().get(name) {
        Some(d) if !d.keyword.is_empty() => d.keyword,
        _ => name.strip_prefix("std.").unwrap_or(name),
    }
}

/// Parse `[%a, %b]` and resolve them as `index`.
pub fn parse_index_list(p: &mut Parser<'_>) -> PResult<Values> {
    let list = p.parse_delimited_operands(TokKind::LSquare, TokKind::RSquare, "'['")?;
    p.resolve_all(&list, &Type::Index)
}

/// Print `[%a, %b]`.
pub fn print_index_list(p: &mut Printer<'_>, vs: &[Value]) {
    p.w("[");
    p.print_values(vs);
    p.w("]");
}

/// Whether all values are of `index` type (for custom forms that imply it).
pub fn all_index(m: &Module, vs: &[Value]) -> bool {
    vs.iter().all(|&v| m.value_type(v).is_index())
}
