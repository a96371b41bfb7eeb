//! The recursive-descent parser core: tokens, SSA name scopes, regions, blocks, the generic
//! operation form, and the API that custom operation forms ([`super::Dialects`]) use.
//!
//! Invariants:
//! - the parser never panics and never overflows the stack: recursion goes through
//!   [`Parser::nested`], which bounds the depth and grows the stack on demand;
//! - SSA names are scoped per region; a region of an isolated op (a function) sees nothing of
//!   its parents; uses before definitions get placeholders that are replaced once the definition
//!   is seen (and reported with the use's location if it never is).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};
use std::sync::Arc;

use super::lexer::{Lexer, TokKind, Token, unescape};
use super::{Dialects, PResult};
use crate::ir::{
    Attribute, Block, Diagnostic, Dictionary, Module, NamedAttr, Op, OperationState, Region, Span, Successor, Type,
    Value, Values,
};

/// Nesting depth of types, attributes and affine expressions beyond which input is rejected.
/// Types and attributes are `Arc` trees whose drop recurses, so they are kept shallow.
const MAX_VALUE_DEPTH: u32 = 1_000;
/// Nesting depth of regions and parentheses beyond which input is rejected.
const MAX_REGION_DEPTH: u32 = 100_000;

/// An operand as written (`%name` or `%name#2`), before its type is known.
#[derive(Clone, Copy, Debug)]
pub struct UnresolvedOperand<'a> {
    /// The name without `%`.
    pub name: &'a str,
    /// The result number (`#N`), 0 when absent.
    pub number: u32,
    /// Where it was written.
    pub span: Span,
}

/// A region argument as written (`%i : index`), to be defined when the region is parsed.
#[derive(Clone, Debug)]
pub struct RegionArg<'a> {
    /// The name without `%`.
    pub name: &'a str,
    /// Its type.
    pub ty: Type,
    /// Where it was written.
    pub span: Span,
}

struct ForwardRef {
    number: u32,
    placeholder: Value,
    span: Span,
}

struct ValueScope<'a> {
    isolated: bool,
    /// Name to its values and where the name was defined.
    defs: HashMap<&'a str, (Values, Span)>,
    forward: HashMap<&'a str, Vec<ForwardRef>>,
}

struct BlockEntry {
    block: Block,
    defined: bool,
    span: Span,
}

struct BlockScope<'a> {
    blocks: HashMap<&'a str, BlockEntry>,
}

/// The parser. Custom operation forms receive `&mut Parser` and use its `pub` methods.
pub struct Parser<'a> {
    src: &'a str,
    lex: Lexer<'a>,
    pub(super) tok: Token,
    prev_end: usize,
    pub(super) m: Module,
    pub(super) dialects: &'a dyn Dialects,
    scopes: Vec<ValueScope<'a>>,
    block_scopes: Vec<BlockScope<'a>>,
    insertion: Option<Block>,
    depth: u32,
    region_depth: u32,
    pub(super) legacy_labels: bool,
    /// Inside `cfgfunc`/`mlfunc`: one name may bind all results of an op (`%0#1`).
    pub(super) legacy_binding: bool,
    subst: Vec<(Value, Value)>,
    strings: HashSet<Arc<str>>,
    /// The keyword span of the custom op being parsed (innermost), or `None` inside one of its
    /// regions: errors in a custom form read "custom op 'kw' ...", as in mlir-opt.
    custom_op: Vec<Option<(usize, usize)>>,
    /// Read the spellings of later MLIR as aliases of the 2019 ones ([`super::ParseOptions`]).
    pub(super) later: bool,
}

/// A parser state saved for backtracking.
#[derive(Clone)]
pub struct Checkpoint<'a> {
    lex: Lexer<'a>,
    tok: Token,
    prev_end: usize,
}

impl<'a> Parser<'a> {
    /// A parser over `src[start..]` (spans are offsets into `src`), building into `m`.
    pub(super) fn new(src: &'a str, start: usize, m: Module, dialects: &'a dyn Dialects) -> Parser<'a> {
        let mut lex = Lexer::at(src, start);
        let tok = lex.next_token();
        Parser {
            src,
            lex,
            tok,
            prev_end: start,
            m,
            dialects,
            scopes: Vec::new(),
            block_scopes: Vec::new(),
            insertion: None,
            depth: 0,
            region_depth: 0,
            legacy_labels: false,
            legacy_binding: false,
            subst: Vec::new(),
            strings: HashSet::default(),
            custom_op: Vec::new(),
            later: false,
        }
    }

    /// Whether later MLIR's spellings are read too (`arith.cmpi slt, ..`, `affine_map<..>`):
    /// custom forms that differ accept the later form only then.
    pub fn later_spellings(&self) -> bool {
        self.later
    }

    // ---- tokens -----------------------------------------------------------------------------

    /// The kind of the current token.
    pub fn kind(&self) -> TokKind {
        self.tok.kind
    }

    /// The text of the current token.
    pub fn text(&self) -> &'a str {
        &self.src[self.tok.start..self.tok.end]
    }

    /// The span of the current token.
    pub fn span(&self) -> Span {
        Span::new(self.tok.start, self.tok.end)
    }

    /// The end offset of the previously consumed token.
    pub fn prev_end(&self) -> usize {
        self.prev_end
    }

    /// Whether the current token is the bare identifier `kw`.
    pub fn is_keyword(&self, kw: &str) -> bool {
        self.tok.kind == TokKind::BareId && self.text() == kw
    }

    /// Advance to the next token.
    pub fn bump(&mut self) {
        self.prev_end = self.tok.end;
        self.tok = self.lex.next_token();
    }

    /// The token after the current one (no state change).
    pub fn peek(&self) -> Token {
        self.lex.clone().next_token()
    }

    /// The text of a token.
    pub fn token_text(&self, t: Token) -> &'a str {
        &self.src[t.start..t.end]
    }

    /// Save the position for backtracking.
    pub fn checkpoint(&self) -> Checkpoint<'a> {
        Checkpoint { lex: self.lex.clone(), tok: self.tok, prev_end: self.prev_end }
    }

    /// Return to a saved position.
    pub fn restore(&mut self, c: Checkpoint<'a>) {
        self.lex = c.lex;
        self.tok = c.tok;
        self.prev_end = c.prev_end;
    }

    /// Re-position right after the current token without lexing (for raw scans).
    pub(super) fn raw_lexer_after_current(&mut self) -> &mut Lexer<'a> {
        self.lex.reset(self.tok.end);
        &mut self.lex
    }

    /// Re-lex the current token from the lexer's position (after a raw scan).
    pub(super) fn resync(&mut self, consumed_to: usize) {
        self.prev_end = consumed_to;
        self.tok = self.lex.next_token();
    }

    /// An error at `span`.
    pub fn error_at(&self, span: Span, msg: impl Into<String>) -> Box<Diagnostic> {
        match self.custom_op.last() {
            Some(Some((s, e))) => {
                let kw = self.src.get(*s..*e).unwrap_or("");
                Box::new(Diagnostic::error(span, format!("custom op '{kw}' {}", msg.into())))
            }
            _ => Box::new(Diagnostic::error(span, msg)),
        }
    }

    /// An error at the current token (a lexical error reports its own message).
    pub fn error_here(&self, msg: impl Into<String>) -> Box<Diagnostic> {
        if self.tok.kind == TokKind::Error
            && let Some((pos, m)) = self.lex.error()
        {
            return Box::new(Diagnostic::error(Span::at(*pos), m.clone()));
        }
        self.error_at(self.span(), msg)
    }

    /// Consume a token of `kind` or fail with "expected WHAT".
    pub fn expect(&mut self, kind: TokKind, what: &str) -> PResult<Span> {
        if self.tok.kind != kind {
            return Err(self.error_here(format!("expected {what}")));
        }
        let s = self.span();
        self.bump();
        Ok(s)
    }

    /// Consume a token of `kind` if present.
    pub fn eat(&mut self, kind: TokKind) -> bool {
        if self.tok.kind == kind {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Consume the keyword `kw` or fail.
    pub fn expect_keyword(&mut self, kw: &str) -> PResult<Span> {
        if !self.is_keyword(kw) {
            return Err(self.error_here(format!("expected '{kw}'")));
        }
        let s = self.span();
        self.bump();
        Ok(s)
    }

    /// Consume the keyword `kw` or fail with `msg`.
    pub fn expect_keyword_msg(&mut self, kw: &str, msg: &str) -> PResult<Span> {
        if !self.is_keyword(kw) {
            return Err(self.error_here(msg));
        }
        let s = self.span();
        self.bump();
        Ok(s)
    }

    /// Consume the keyword `kw` if present.
    pub fn eat_keyword(&mut self, kw: &str) -> bool {
        if self.is_keyword(kw) {
            self.bump();
            true
        } else {
            false
        }
    }

    /// Run `f` one nesting level deeper: bounded, and on a stack that grows when needed.
    pub fn nested<T>(&mut self, region: bool, f: impl FnOnce(&mut Self) -> PResult<T>) -> PResult<T> {
        let (limit, depth) = if region { (MAX_REGION_DEPTH, self.region_depth) } else { (MAX_VALUE_DEPTH, self.depth) };
        if depth >= limit {
            return Err(self.error_here(format!("nesting is deeper than the supported {limit} levels")));
        }
        if region {
            self.region_depth += 1;
        } else {
            self.depth += 1;
        }
        let r = stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || f(self));
        if region {
            self.region_depth -= 1;
        } else {
            self.depth -= 1;
        }
        r
    }

    /// Intern a string (op and attribute names repeat a lot).
    pub fn intern(&mut self, s: &str) -> Arc<str> {
        if let Some(a) = self.strings.get(s) {
            return a.clone();
        }
        let a: Arc<str> = s.into();
        self.strings.insert(a.clone());
        a
    }

    /// The module being built.
    pub fn module(&self) -> &Module {
        &self.m
    }

    // ---- literals ---------------------------------------------------------------------------

    /// Parse an integer literal, optionally negative, as i64.
    pub fn parse_integer(&mut self) -> PResult<i64> {
        let start = self.span();
        let neg = self.eat(TokKind::Minus);
        if self.tok.kind != TokKind::Integer {
            return Err(self.error_here("expected integer value"));
        }
        let v = self.integer_value(self.tok)?;
        let v = if neg { v.checked_neg() } else { Some(v) };
        let v = v
            .and_then(|v| i64::try_from(v).ok())
            .ok_or_else(|| self.error_at(start.to(self.span()), "integer constant out of range for attribute"))?;
        self.bump();
        Ok(v)
    }

    /// The value of an integer token (decimal or hexadecimal).
    pub fn integer_value(&self, t: Token) -> PResult<i128> {
        let text = self.token_text(t);
        let parsed = match text.strip_prefix("0x") {
            Some(hex) => u128::from_str_radix(hex, 16).ok(),
            None => text.parse::<u128>().ok(),
        };
        parsed
            .and_then(|v| i128::try_from(v).ok())
            .ok_or_else(|| self.error_at(Span::new(t.start, t.end), "integer constant out of range"))
    }

    /// Parse a string literal and return its decoded text.
    pub fn parse_string(&mut self) -> PResult<String> {
        if self.tok.kind != TokKind::String {
            return Err(self.error_here("expected string"));
        }
        let s = unescape(self.text()).map_err(|e| self.error_here(e))?;
        self.bump();
        Ok(s)
    }

    /// Parse `@name` or `@"name"`, returning the name.
    pub fn parse_symbol_name(&mut self) -> PResult<String> {
        if self.tok.kind != TokKind::AtId {
            return Err(self.error_here("expected symbol reference"));
        }
        let text = &self.text()[1..];
        let name =
            if text.starts_with('"') { unescape(text).map_err(|e| self.error_here(e))? } else { text.to_string() };
        self.bump();
        Ok(name)
    }

    // ---- SSA values ---------------------------------------------------------------------------

    /// Parse `%name` or `%name#N`.
    pub fn parse_operand(&mut self) -> PResult<UnresolvedOperand<'a>> {
        if self.tok.kind != TokKind::PercentId {
            return Err(self.error_here("expected SSA operand"));
        }
        let start = self.tok.start;
        let name = &self.text()[1..];
        let end = self.tok.end;
        self.bump();
        let mut number = 0;
        let mut span_end = end;
        if self.tok.kind == TokKind::HashId && self.tok.start == end {
            let digits = &self.text()[1..];
            number = digits.parse::<u32>().map_err(|_| self.error_here("expected result number after '#'"))?;
            span_end = self.tok.end;
            self.bump();
        }
        Ok(UnresolvedOperand { name, number, span: Span::new(start, span_end) })
    }

    /// Parse a possibly empty comma-separated operand list (no delimiters).
    pub fn parse_operand_list(&mut self) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let mut out = Vec::new();
        if self.tok.kind != TokKind::PercentId {
            return Ok(out);
        }
        loop {
            out.push(self.parse_operand()?);
            if !self.eat(TokKind::Comma) {
                return Ok(out);
            }
        }
    }

    /// Parse exactly `n` comma-separated operands (mlir-opt's wording for each way that fails).
    pub fn parse_operands_exactly(&mut self, n: usize) -> PResult<Vec<UnresolvedOperand<'a>>> {
        let start = self.span();
        match self.tok.kind {
            TokKind::PercentId => {}
            TokKind::LParen | TokKind::LSquare => return Err(self.error_here("unexpected delimiter")),
            _ if n > 0 => return Err(self.error_here("invalid operand")),
            _ => {}
        }
        let out = self.parse_operand_list()?;
        if out.len() != n {
            return Err(self.error_at(start, format!("expected {n} operands")));
        }
        Ok(out)
    }

    /// Parse `open operand-list close`, e.g. `(%a, %b)` or `[%i, %j]`.
    pub fn parse_delimited_operands(
        &mut self,
        open: TokKind,
        close: TokKind,
        what: &str,
    ) -> PResult<Vec<UnresolvedOperand<'a>>> {
        self.expect(open, what)?;
        let list = self.parse_operand_list()?;
        let closing = match close {
            TokKind::RParen => "')'",
            TokKind::RSquare => "']'",
            _ => "closing delimiter",
        };
        self.expect(close, &format!("{closing} in operand list"))?;
        Ok(list)
    }

    /// The value an operand refers to, with type `ty`; a use before the definition gets a
    /// placeholder that is replaced later.
    ///
    /// # Errors
    /// A name defined with another type, or a result number out of range.
    pub fn resolve_operand(&mut self, u: &UnresolvedOperand<'a>, ty: &Type) -> PResult<Value> {
        for scope in self.scopes.iter().rev() {
            if let Some((vals, def_span)) = scope.defs.get(u.name) {
                let def_span = *def_span;
                let Some(&v) = vals.get(u.number as usize) else {
                    return Err(self.error_at(
                        u.span,
                        format!(
                            "reference to invalid result number {} of '%{}' (it has {})",
                            u.number,
                            u.name,
                            vals.len()
                        ),
                    ));
                };
                let actual = self.m.value_type(v);
                if actual != ty {
                    return Err(Box::new(
                        Diagnostic::error(
                            u.span,
                            format!(
                                "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                                u.name, ty, actual
                            ),
                        )
                        .with_note(Diagnostic::note(def_span, "prior use here")),
                    ));
                }
                return Ok(v);
            }
            if scope.isolated {
                break;
            }
        }
        // A forward reference: reuse an earlier placeholder for the same name and number.
        for scope in self.scopes.iter().rev() {
            if let Some(f) = scope.forward.get(u.name).and_then(|fs| fs.iter().find(|f| f.number == u.number)) {
                let prev = self.m.value_type(f.placeholder);
                if prev != ty {
                    return Err(Box::new(
                        Diagnostic::error(
                            u.span,
                            format!(
                                "use of value '%{}' expects different type than prior uses: '{}' vs '{}'",
                                u.name, ty, prev
                            ),
                        )
                        .with_note(Diagnostic::note(f.span, "prior use here")),
                    ));
                }
                return Ok(f.placeholder);
            }
            if scope.isolated {
                break;
            }
        }
        let placeholder = self.m.create_detached_value(ty.clone());
        let Some(scope) = self.scopes.last_mut() else {
            return Err(self.error_at(u.span, "use of undeclared SSA value name"));
        };
        scope.forward.entry(u.name).or_default().push(ForwardRef { number: u.number, placeholder, span: u.span });
        Ok(placeholder)
    }

    /// Resolve each operand with the corresponding type.
    ///
    /// # Errors
    /// A count mismatch (reported at `span`) or any [`Parser::resolve_operand`] error.
    pub fn resolve_operands(&mut self, ops: &[UnresolvedOperand<'a>], tys: &[Type], span: Span) -> PResult<Values> {
        if ops.len() != tys.len() {
            return Err(self.error_at(span, format!("expected {} operand types but had {}", ops.len(), tys.len())));
        }
        ops.iter().zip(tys).map(|(o, t)| self.resolve_operand(o, t)).collect()
    }

    /// Resolve every operand with the same type.
    ///
    /// # Errors
    /// See [`Parser::resolve_operand`].
    pub fn resolve_all(&mut self, ops: &[UnresolvedOperand<'a>], ty: &Type) -> PResult<Values> {
        ops.iter().map(|o| self.resolve_operand(o, ty)).collect()
    }

    /// Bind `name` to `values` in the current scope.
    pub(super) fn define_values(&mut self, name: &'a str, span: Span, values: Values) -> PResult<()> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, prev)) = scope.defs.get(name) {
                return Err(Box::new(
                    Diagnostic::error(span, format!("redefinition of SSA value '%{name}'"))
                        .with_note(Diagnostic::note(*prev, "previously defined here")),
                ));
            }
            if scope.isolated {
                break;
            }
        }
        let Some(scope) = self.scopes.last_mut() else {
            return Err(self.error_at(span, "value definition outside of any region"));
        };
        if let Some(fwd) = scope.forward.remove(name) {
            for f in fwd {
                let Some(&real) = values.get(f.number as usize) else {
                    return Err(self.error_at(
                        f.span,
                        format!(
                            "reference to invalid result number {} of '%{name}' (it has {})",
                            f.number,
                            values.len()
                        ),
                    ));
                };
                let (used, actual) = (self.m.value_type(f.placeholder), self.m.value_type(real));
                if used != actual {
                    return Err(Box::new(
                        Diagnostic::error(
                            span,
                            format!("definition of SSA value '%{name}#{}' has type '{actual}'", f.number),
                        )
                        .with_note(Diagnostic::note(f.span, format!("previously used here with type '{used}'"))),
                    ));
                }
                self.subst.push((f.placeholder, real));
            }
        }
        if let Some(scope) = self.scopes.last_mut() {
            scope.defs.insert(name, (values, span));
        }
        Ok(())
    }

    /// Where `name` is already defined or referenced in the visible scopes, if it is.
    /// Where `name` is already defined (`Ok`) or used ahead of a definition (`Err`) in the
    /// scopes a new definition would share.
    fn name_in_use(&self, name: &str) -> Option<Result<Span, Span>> {
        for scope in self.scopes.iter().rev() {
            if let Some((_, s)) = scope.defs.get(name) {
                return Some(Ok(*s));
            }
            if let Some(f) = scope.forward.get(name).and_then(|fs| fs.first()) {
                return Some(Err(f.span));
            }
            if scope.isolated {
                break;
            }
        }
        None
    }

    /// Open a value scope for a region (`isolated` for functions).
    pub(super) fn push_scope(&mut self, isolated: bool) {
        self.scopes.push(ValueScope { isolated, defs: HashMap::default(), forward: HashMap::default() });
    }

    /// Close a value scope: forward references still open move to the parent, or are errors at
    /// an isolation boundary.
    pub(super) fn pop_scope(&mut self) -> PResult<()> {
        let Some(scope) = self.scopes.pop() else { return Ok(()) };
        if scope.forward.is_empty() {
            return Ok(());
        }
        if scope.isolated || self.scopes.is_empty() {
            let first = scope.forward.values().flatten().min_by_key(|f| f.span.start).map(|f| f.span);
            return Err(self.error_at(first.unwrap_or_default(), "use of undeclared SSA value name"));
        }
        if let Some(parent) = self.scopes.last_mut() {
            for (name, refs) in scope.forward {
                parent.forward.entry(name).or_default().extend(refs);
            }
        }
        Ok(())
    }

    /// Replace every placeholder by its definition (once, at the end).
    pub(super) fn apply_substitutions(&mut self) {
        if self.subst.is_empty() {
            return;
        }
        let mut map: HashMap<Value, Value> = self.subst.drain(..).collect();
        // A placeholder never maps to another placeholder, but be robust anyway.
        let keys: Vec<Value> = map.keys().copied().collect();
        for k in keys {
            let mut v = map[&k];
            let mut hops = 0;
            while let Some(&n) = map.get(&v) {
                v = n;
                hops += 1;
                if hops > 64 {
                    break;
                }
            }
            map.insert(k, v);
        }
        let mut ops = Vec::new();
        self.m.walk(self.m.top(), |op| ops.push(op));
        for op in ops {
            let data = self.m.op_mut(op);
            for v in data.operands.iter_mut().chain(data.successors.iter_mut().flat_map(|s| s.args.iter_mut())) {
                if let Some(&r) = map.get(v) {
                    *v = r;
                }
            }
        }
    }

    // ---- ops and blocks -----------------------------------------------------------------------

    /// Create an op from `state` at the current insertion point and return it.
    pub fn create_op(&mut self, mut state: OperationState) -> Op {
        if state.span.is_none() {
            state.span = Some(Span::at(self.tok.start));
        }
        let op = self.m.create_op(state);
        if let Some(b) = self.insertion {
            self.m.append_op(b, op);
        }
        op
    }

    /// Create an op and return its results (the usual end of a custom parser).
    pub fn finish_op(&mut self, state: OperationState) -> Values {
        let op = self.create_op(state);
        self.m.op(op).results.clone()
    }

    /// The block ops are currently appended to.
    pub fn insertion_block(&self) -> Option<Block> {
        self.insertion
    }

    /// Set the block ops are appended to (custom forms that build regions themselves).
    pub fn set_insertion(&mut self, b: Option<Block>) {
        self.insertion = b;
    }

    /// The module being built, for custom forms that build regions themselves.
    pub fn module_mut(&mut self) -> &mut Module {
        &mut self.m
    }

    fn block_ref(&mut self, name: &'a str, span: Span) -> PResult<Block> {
        let Some(scope) = self.block_scopes.last_mut() else {
            return Err(self.error_at(span, "block reference outside of a region"));
        };
        if let Some(e) = scope.blocks.get(name) {
            return Ok(e.block);
        }
        let block = self.m.create_block(&[]);
        if let Some(scope) = self.block_scopes.last_mut() {
            scope.blocks.insert(name, BlockEntry { block, defined: false, span });
        }
        Ok(block)
    }

    fn is_label_start(&self) -> bool {
        match self.tok.kind {
            TokKind::CaretId => true,
            TokKind::BareId if self.legacy_labels => {
                let next = self.peek().kind;
                matches!(next, TokKind::Colon | TokKind::LParen) && self.dialects.parser_for(self.text()).is_none()
            }
            _ => false,
        }
    }

    /// Parse a successor: `^bb1` or `^bb1(%a, %b : i32, i64)`.
    pub fn parse_successor(&mut self) -> PResult<Successor> {
        let span = self.span();
        let name = match self.tok.kind {
            TokKind::CaretId => &self.text()[1..],
            TokKind::BareId if self.legacy_labels => self.text(),
            _ => return Err(self.error_here("expected block name")),
        };
        self.bump();
        let block = self.block_ref(name, span)?;
        let mut args = Vec::new();
        if self.tok.kind == TokKind::LParen {
            let open = self.span();
            self.bump();
            let ops = self.parse_operand_list()?;
            let tys = if ops.is_empty() {
                Vec::new()
            } else {
                self.expect(TokKind::Colon, "':' and types of successor operands")?;
                self.parse_type_list_no_parens()?
            };
            self.expect(TokKind::RParen, "')' to close argument list")?;
            args = self.resolve_operands(&ops, &tys, open)?.to_vec();
        }
        Ok(Successor { block, args })
    }

    /// Parse a region `{ ... }`. With `args`, the entry block gets those arguments (and may not
    /// have a label); `isolated` regions see no outer values; `implicit_terminator` names an op
    /// appended to every block that does not already end with it.
    pub fn parse_region(
        &mut self,
        args: Option<Vec<RegionArg<'a>>>,
        isolated: bool,
        implicit_terminator: Option<&'static str>,
    ) -> PResult<Region> {
        self.custom_op.push(None);
        let r = self.nested(true, |p| p.parse_region_inner(args, isolated, implicit_terminator));
        self.custom_op.pop();
        r
    }

    fn parse_region_inner(
        &mut self,
        args: Option<Vec<RegionArg<'a>>>,
        isolated: bool,
        implicit_terminator: Option<&'static str>,
    ) -> PResult<Region> {
        let open = self.expect(TokKind::LBrace, "'{' to begin a region")?;
        let region = self.m.create_region();
        let saved_insertion = self.insertion;
        self.push_scope(isolated);
        self.block_scopes.push(BlockScope { blocks: HashMap::default() });
        let result = self.parse_region_blocks(region, args, open);
        let block_scope = self.block_scopes.pop();
        self.insertion = saved_insertion;
        result?;
        if let Some(scope) = block_scope
            && let Some(e) = scope.blocks.values().filter(|e| !e.defined).min_by_key(|e| e.span.start)
        {
            return Err(self.error_at(e.span, "reference to an undefined block"));
        }
        self.pop_scope()?;
        if let Some(term) = implicit_terminator {
            // `{ }` is a body holding only the implicit terminator.
            if self.m.region(region).blocks.is_empty() {
                self.m.append_block(region, &[]);
            }
            let blocks = self.m.region(region).blocks.clone();
            for b in blocks {
                // Another known terminator stays: the parent's verifier reports it.
                let ends_with_terminator =
                    self.m.terminator(b).is_some_and(|t| self.dialects.is_terminator(self.m.op_name(t)) == Some(true));
                if !ends_with_terminator {
                    let name = self.intern(term);
                    let op = self.m.create_op(OperationState {
                        name,
                        span: Some(Span::at(self.prev_end)),
                        ..Default::default()
                    });
                    self.m.append_op(b, op);
                }
            }
        }
        Ok(region)
    }

    fn parse_region_blocks(&mut self, region: Region, args: Option<Vec<RegionArg<'a>>>, open: Span) -> PResult<()> {
        if let Some(args) = args {
            let entry = self.m.create_block(&[]);
            self.m.push_block(region, entry);
            self.m.set_block_span(entry, open);
            for a in args {
                match self.name_in_use(a.name) {
                    None => {}
                    Some(Ok(prev)) => {
                        return Err(Box::new(
                            Diagnostic::error(a.span, format!("redefinition of SSA value '%{}'", a.name))
                                .with_note(Diagnostic::note(prev, "previously defined here")),
                        ));
                    }
                    // Used outside the region (an `affine.for` bound naming its own induction
                    // variable): a region's arguments do not dominate what precedes the region.
                    Some(Err(used)) => {
                        return Err(Box::new(
                            Diagnostic::error(used, format!("use of SSA value '%{}' before its definition", a.name))
                                .with_note(Diagnostic::note(
                                    a.span,
                                    "defined here as a region argument, which does not dominate the use",
                                )),
                        ));
                    }
                }
                let v = self.m.add_block_arg(entry, a.ty);
                self.define_values(a.name, a.span, smallvec::smallvec![v])?;
            }
            if self.tok.kind == TokKind::CaretId {
                return Err(self.error_here("invalid block name in region with named arguments"));
            }
            // The earliest form names the entry block of a function with named arguments:
            // `cfgfunc @f(%a : i32) { bb0: ... }`.
            if self.is_label_start() && self.peek().kind == TokKind::Colon {
                let (name, span) = (self.text(), self.span());
                self.bump();
                self.bump();
                if let Some(scope) = self.block_scopes.last_mut() {
                    scope.blocks.insert(name, BlockEntry { block: entry, defined: true, span });
                }
            }
            self.insertion = Some(entry);
            self.parse_block_body()?;
        } else if self.tok.kind == TokKind::RBrace {
            // An empty region.
        } else if !self.is_label_start() {
            let entry = self.m.create_block(&[]);
            self.m.push_block(region, entry);
            self.m.set_block_span(entry, open);
            self.insertion = Some(entry);
            self.parse_block_body()?;
        }
        while self.is_label_start() {
            self.parse_labeled_block(region)?;
        }
        if self.tok.kind != TokKind::RBrace {
            return Err(self.error_here("expected '}' to end a region"));
        }
        self.bump();
        Ok(())
    }

    fn parse_labeled_block(&mut self, region: Region) -> PResult<()> {
        let span = self.span();
        let name = if self.tok.kind == TokKind::CaretId { &self.text()[1..] } else { self.text() };
        self.bump();
        let block = self.block_ref(name, span)?;
        let already = self
            .block_scopes
            .last_mut()
            .and_then(|s| s.blocks.get_mut(name))
            .map(|e| std::mem::replace(&mut e.defined, true))
            .unwrap_or(false);
        if already {
            return Err(self.error_at(span, format!("redefinition of block '^{name}'")));
        }
        self.m.push_block(region, block);
        self.m.set_block_span(block, span);
        if self.eat(TokKind::LParen) {
            if self.tok.kind != TokKind::RParen {
                loop {
                    let arg = self.parse_operand()?;
                    self.expect(TokKind::Colon, "':' and type for SSA operand")?;
                    let ty = self.parse_type()?;
                    let v = self.m.add_block_arg(block, ty);
                    self.define_values(arg.name, arg.span, smallvec::smallvec![v])?;
                    if !self.eat(TokKind::Comma) {
                        break;
                    }
                }
            }
            self.expect(TokKind::RParen, "')' to end argument list")?;
        }
        self.expect(TokKind::Colon, "':' after block name")?;
        self.insertion = Some(block);
        self.parse_block_body()
    }

    fn parse_block_body(&mut self) -> PResult<()> {
        while !matches!(self.tok.kind, TokKind::RBrace | TokKind::Eof) && !self.is_label_start() {
            self.parse_operation()?;
        }
        if self.tok.kind == TokKind::Eof {
            return Err(self.error_here("expected '}' to end a region"));
        }
        Ok(())
    }

    /// Parse one operation (with its result names) at the current insertion point.
    pub(super) fn parse_operation(&mut self) -> PResult<()> {
        let start = self.span();
        let mut names: smallvec::SmallVec<[(&'a str, u32, Span); 2]> = smallvec::SmallVec::new();
        if self.tok.kind == TokKind::PercentId {
            loop {
                let span = self.span();
                if self.tok.kind != TokKind::PercentId {
                    return Err(self.error_here("expected valid ssa identifier"));
                }
                let name = &self.text()[1..];
                self.bump();
                let mut count = 1u32;
                if self.eat(TokKind::Colon) {
                    if self.kind() != TokKind::Integer {
                        return Err(self.error_here("expected integer number of results"));
                    }
                    let at = self.span();
                    let n = self.parse_integer()?;
                    count = u32::try_from(n)
                        .ok()
                        .filter(|&c| c > 0)
                        .ok_or_else(|| self.error_at(at, "expected named operation to have atleast 1 result"))?;
                }
                names.push((name, count, span));
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::Equal, "'=' after SSA name")?;
        }
        let values = match self.tok.kind {
            TokKind::String => {
                let op = self.parse_generic_op()?;
                self.m.op(op).results.clone()
            }
            TokKind::BareId => self.parse_custom_op()?,
            _ => return Err(self.error_here("expected operation name in quotes")),
        };
        // A trailing `loc(...)` is read and dropped: diagnostics point at the text itself.
        if self.tok.kind == TokKind::BareId && self.text() == "loc" && self.peek().kind == TokKind::LParen {
            self.parse_location()?;
        }
        if self.legacy_binding && names.len() == 1 && names[0].1 == 1 && values.len() > 1 {
            names[0].1 = values.len() as u32;
        }
        let expected: u64 = names.iter().map(|n| u64::from(n.1)).sum();
        if !names.is_empty() && values.is_empty() {
            return Err(self.error_at(start, "cannot name an operation with no results"));
        }
        if !names.is_empty() && expected != values.len() as u64 {
            return Err(self.error_at(
                start,
                format!("operation defines {} results but was provided {} to bind", values.len(), expected),
            ));
        }
        let mut next = 0usize;
        for (name, count, span) in names {
            let vals: Values = values[next..next + count as usize].iter().copied().collect();
            next += count as usize;
            self.define_values(name, span, vals)?;
        }
        Ok(())
    }

    fn parse_custom_op(&mut self) -> PResult<Values> {
        let span = self.span();
        let kw = self.text();
        match kw {
            "func" => return self.parse_func().map(|_| Values::new()),
            "module" => return self.parse_module_op().map(|_| Values::new()),
            "cfgfunc" | "mlfunc" | "extfunc" => return self.parse_legacy_func().map(|_| Values::new()),
            _ => {}
        }
        let mut parse = self.dialects.parser_for(kw);
        if parse.is_none()
            && self.later
            && let Some(old) = self.dialects.earlier_spelling(kw)
        {
            if old == "func" {
                return self.parse_func().map(|_| Values::new());
            }
            parse = self.dialects.parser_for(old);
        }
        let Some(parse) = parse else {
            let mut e = self.error_at(span, format!("custom op '{kw}' is unknown"));
            if let Some(old) = self.dialects.earlier_spelling(kw) {
                e.notes.push(Diagnostic::note(
                    span,
                    format!(
                        "Strata reads the 2019 syntax of its specification; did you mean `{old}`? (--later-syntax reads later MLIR's spellings as aliases)"
                    ),
                ));
            }
            return Err(e);
        };
        self.custom_op.push(Some((self.tok.start, self.tok.end)));
        self.bump();
        let r = parse(self, span);
        self.custom_op.pop();
        r
    }

    /// Parse `"name"(operands)[successors](regions){attrs} : (types) -> types`.
    pub(super) fn parse_generic_op(&mut self) -> PResult<Op> {
        let span = self.span();
        let raw = unescape(self.text()).map_err(|e| self.error_here(e))?;
        if raw.is_empty() {
            return Err(self.error_here("empty operation name is invalid"));
        }
        let later = if self.later { self.dialects.earlier_spelling(&raw) } else { None };
        let name = match (self.dialects.canonical_name(&raw), later) {
            (Some(c), _) => self.intern(c),
            (None, Some(old)) => self.intern(self.dialects.canonical_name(old).unwrap_or(old)),
            (None, None) => self.intern(&raw),
        };
        self.bump();
        let operands = self.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' to start operand list")?;
        let mut successors = Vec::new();
        if self.kind() == TokKind::LSquare && self.dialects.is_terminator(&name) == Some(false) {
            return Err(self.error_here("successors in non-terminator"));
        }
        if self.eat(TokKind::LSquare) {
            loop {
                successors.push(self.parse_successor()?);
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RSquare, "']' to end successor list")?;
        }
        let mut regions = smallvec::SmallVec::new();
        if self.tok.kind == TokKind::LParen {
            self.bump();
            let isolated = self.dialects.is_isolated(&name);
            loop {
                regions.push(self.parse_region(None, isolated, None)?);
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RParen, "')' to end region list")?;
        }
        let attrs = if self.tok.kind == TokKind::LBrace { self.parse_attr_dict()? } else { Vec::new() };
        self.expect(TokKind::Colon, "':' followed by operation type")?;
        let type_span = self.span();
        let ty = self.parse_type()?;
        let Some(fty) = ty.as_function() else {
            return Err(self.error_at(type_span, "expected function type"));
        };
        let operands = self.resolve_operands(&operands, &fty.inputs, type_span)?;
        let state = OperationState {
            name,
            operands,
            result_types: fty.results.iter().cloned().collect(),
            attrs,
            successors,
            regions,
            span: Some(span),
        };
        Ok(self.create_op(state))
    }

    /// Parse `{name = value, name: value, name}` into a sorted list.
    ///
    /// # Errors
    /// Malformed entries or a duplicate name.
    pub fn parse_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        let open = self.expect(TokKind::LBrace, "'{' to begin an attribute dictionary")?;
        let mut entries = Vec::new();
        if !self.eat(TokKind::RBrace) {
            loop {
                let name = match self.tok.kind {
                    TokKind::BareId => {
                        let n = self.text();
                        let n = self.intern(n);
                        self.bump();
                        n
                    }
                    TokKind::String => {
                        let s = self.parse_string()?;
                        self.intern(&s)
                    }
                    _ => return Err(self.error_here("expected attribute name")),
                };
                self.parse_attr_entry_value(name, &mut entries)?;
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RBrace, "'}' to end an attribute dictionary")?;
        }
        match Dictionary::new(entries) {
            Ok(d) => Ok(d.entries().to_vec()),
            Err(dup) => Err(self.error_at(open, format!("duplicate key '{dup}' in dictionary attribute"))),
        }
    }

    fn parse_attr_entry_value(&mut self, name: Arc<str>, entries: &mut Vec<NamedAttr>) -> PResult<()> {
        let value = if self.eat(TokKind::Equal) || self.eat(TokKind::Colon) {
            self.parse_attribute()?
        } else {
            Attribute::Unit
        };
        entries.push(NamedAttr { name, value });
        Ok(())
    }

    /// Parse `attributes {..}` if present (used by function-like forms).
    pub fn parse_optional_attr_dict(&mut self) -> PResult<Vec<NamedAttr>> {
        if self.tok.kind == TokKind::LBrace { self.parse_attr_dict() } else { Ok(Vec::new()) }
    }

    /// Parse `: type`.
    pub fn parse_colon_type(&mut self) -> PResult<Type> {
        self.expect(TokKind::Colon, "':'")?;
        self.parse_type()
    }

    /// The source text.
    pub fn source(&self) -> &'a str {
        self.src
    }
}
