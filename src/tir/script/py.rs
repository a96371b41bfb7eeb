//! The Python subset TVMScript is written in: tokens with indentation, and a small syntax tree
//! of statements and expressions. Nothing here knows TIR; `build.rs` gives it meaning.

use crate::ir::Span;

/// Token kinds.
#[derive(Clone, Debug, PartialEq)]
pub enum Tok {
    /// An identifier.
    Name(String),
    /// An integer literal.
    Int(i128),
    /// An integer literal beyond `i128` (TVM prints float32's extremes as
    /// `T.float32(-340282346638528859811704183484516925440)`), as its nearest float.
    BigInt(f64),
    /// A float literal.
    Float(f64),
    /// A string literal (unescaped).
    Str(String),
    /// Punctuation or an operator (`(`, `**`, `//`, `==`, `->`, ...).
    Op(&'static str),
    /// End of a logical line.
    Newline,
    /// Indentation increased.
    Indent,
    /// Indentation decreased.
    Dedent,
    /// End of input.
    Eof,
}

/// A token and where it is.
#[derive(Clone, Debug)]
pub struct Token {
    /// The kind.
    pub tok: Tok,
    /// Byte range.
    pub span: Span,
}

/// A syntax error: message and position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PyError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

fn err(message: impl Into<String>, span: Span) -> PyError {
    PyError { message: message.into(), span }
}

const OPS: [&str; 40] = [
    "**=", "//=", "->", "**", "//", "==", "!=", "<=", ">=", "<<", ">>", "+=", "-=", "*=", "/=", "%=", ":=", "(", ")",
    "[", "]", "{", "}", ",", ":", ".", ";", "+", "-", "*", "/", "%", "<", ">", "=", "@", "~", "&", "|", "^",
];

/// Split source into tokens, with Newline/Indent/Dedent as Python does.
///
/// # Errors
/// An unterminated string, a bad character, or inconsistent indentation.
pub fn tokenize(src: &str) -> Result<Vec<Token>, PyError> {
    let b = src.as_bytes();
    let mut out: Vec<Token> = Vec::new();
    let mut indents = vec![0usize];
    let mut depth = 0i32;
    let mut pos = 0;
    let mut at_line_start = true;
    while pos < b.len() {
        if at_line_start && depth > 0 {
            // Inside brackets lines join: no indentation is measured.
            at_line_start = false;
        }
        if at_line_start && depth == 0 {
            // Measure indentation; skip blank and comment-only lines.
            let mut col = 0;
            let mut p = pos;
            while p < b.len() && (b[p] == b' ' || b[p] == b'\t') {
                col += if b[p] == b'\t' { 8 - col % 8 } else { 1 };
                p += 1;
            }
            if p >= b.len() {
                pos = p;
                break;
            }
            if b[p] == b'\n' || b[p] == b'\r' || b[p] == b'#' {
                while p < b.len() && b[p] != b'\n' {
                    p += 1;
                }
                pos = p + 1;
                continue;
            }
            let cur = *indents.last().unwrap_or(&0);
            if col > cur {
                indents.push(col);
                out.push(Token { tok: Tok::Indent, span: Span::new(p, p) });
            } else {
                while col < *indents.last().unwrap_or(&0) {
                    indents.pop();
                    out.push(Token { tok: Tok::Dedent, span: Span::new(p, p) });
                }
                if col != *indents.last().unwrap_or(&0) {
                    return Err(err("unindent does not match any outer indentation level", Span::new(p, p)));
                }
            }
            pos = p;
            at_line_start = false;
        }
        let c = b[pos];
        match c {
            b' ' | b'\t' | b'\r' => pos += 1,
            b'\\' if b.get(pos + 1) == Some(&b'\n') => pos += 2,
            b'\n' => {
                if depth == 0 && !matches!(out.last().map(|t| &t.tok), Some(Tok::Newline) | None) {
                    out.push(Token { tok: Tok::Newline, span: Span::new(pos, pos + 1) });
                }
                pos += 1;
                at_line_start = true;
            }
            b'#' => {
                while pos < b.len() && b[pos] != b'\n' {
                    pos += 1;
                }
            }
            b'"' | b'\'' => {
                let start = pos;
                let triple = b.get(pos + 1) == Some(&c) && b.get(pos + 2) == Some(&c);
                let q = if triple { 3 } else { 1 };
                pos += q;
                let mut s = String::new();
                loop {
                    if pos >= b.len() || (!triple && b[pos] == b'\n') {
                        return Err(err("unterminated string literal", Span::new(start, pos)));
                    }
                    if b[pos] == c && (!triple || (b.get(pos + 1) == Some(&c) && b.get(pos + 2) == Some(&c))) {
                        pos += q;
                        break;
                    }
                    if b[pos] == b'\\' && pos + 1 < b.len() {
                        let e = b[pos + 1];
                        let ch = match e {
                            b'n' => '\n',
                            b't' => '\t',
                            b'\\' => '\\',
                            b'\'' => '\'',
                            b'"' => '"',
                            b'0' => '\0',
                            _ => {
                                // Not an escape: the backslash stands for itself, and what
                                // follows (perhaps a multi-byte character) is read as usual.
                                s.push('\\');
                                pos += 1;
                                continue;
                            }
                        };
                        s.push(ch);
                        pos += 2;
                        continue;
                    }
                    let ch = src[pos..].chars().next().unwrap_or('?');
                    s.push(ch);
                    pos += ch.len_utf8();
                }
                out.push(Token { tok: Tok::Str(s), span: Span::new(start, pos) });
            }
            b'0'..=b'9' => {
                let start = pos;
                let mut is_float = false;
                if c == b'0' && matches!(b.get(pos + 1), Some(b'x' | b'X')) {
                    pos += 2;
                    while pos < b.len() && (b[pos].is_ascii_hexdigit() || b[pos] == b'_') {
                        pos += 1;
                    }
                    let t: String = src[start + 2..pos].chars().filter(|&c| c != '_').collect();
                    let v = i128::from_str_radix(&t, 16)
                        .map_err(|_| err("invalid hexadecimal literal", Span::new(start, pos)))?;
                    out.push(Token { tok: Tok::Int(v), span: Span::new(start, pos) });
                    continue;
                }
                while pos < b.len() && (b[pos].is_ascii_digit() || b[pos] == b'_') {
                    pos += 1;
                }
                if pos < b.len() && b[pos] == b'.' && !matches!(b.get(pos + 1), Some(b'.')) {
                    is_float = true;
                    pos += 1;
                    while pos < b.len() && (b[pos].is_ascii_digit() || b[pos] == b'_') {
                        pos += 1;
                    }
                }
                if pos < b.len() && matches!(b[pos], b'e' | b'E') {
                    let save = pos;
                    pos += 1;
                    if pos < b.len() && matches!(b[pos], b'+' | b'-') {
                        pos += 1;
                    }
                    if pos < b.len() && b[pos].is_ascii_digit() {
                        is_float = true;
                        while pos < b.len() && b[pos].is_ascii_digit() {
                            pos += 1;
                        }
                    } else {
                        pos = save;
                    }
                }
                let t: String = src[start..pos].chars().filter(|&c| c != '_').collect();
                let tok = if is_float {
                    Tok::Float(t.parse().map_err(|_| err("invalid float literal", Span::new(start, pos)))?)
                } else {
                    match t.parse::<i128>() {
                        Ok(v) => Tok::Int(v),
                        Err(_) => {
                            Tok::BigInt(t.parse().map_err(|_| err("invalid integer literal", Span::new(start, pos)))?)
                        }
                    }
                };
                out.push(Token { tok, span: Span::new(start, pos) });
            }
            c if c.is_ascii_alphabetic() || c == b'_' || c >= 0x80 => {
                let start = pos;
                while pos < b.len() && (b[pos].is_ascii_alphanumeric() || b[pos] == b'_' || b[pos] >= 0x80) {
                    pos += 1;
                }
                out.push(Token { tok: Tok::Name(src[start..pos].to_string()), span: Span::new(start, pos) });
            }
            _ => {
                let Some(op) = OPS.iter().find(|o| src[pos..].starts_with(**o)) else {
                    let ch = src[pos..].chars().next().unwrap_or('?');
                    return Err(err(format!("unexpected character '{ch}'"), Span::new(pos, pos + ch.len_utf8())));
                };
                match *op {
                    "(" | "[" | "{" => depth += 1,
                    ")" | "]" | "}" => depth = (depth - 1).max(0),
                    _ => {}
                }
                out.push(Token { tok: Tok::Op(op), span: Span::new(pos, pos + op.len()) });
                pos += op.len();
            }
        }
    }
    if !matches!(out.last().map(|t| &t.tok), Some(Tok::Newline) | None) {
        out.push(Token { tok: Tok::Newline, span: Span::new(pos, pos) });
    }
    while indents.len() > 1 {
        indents.pop();
        out.push(Token { tok: Tok::Dedent, span: Span::new(pos, pos) });
    }
    out.push(Token { tok: Tok::Eof, span: Span::new(pos, pos) });
    Ok(out)
}

/// An expression of the Python subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Expr {
    /// `x`
    Name(String),
    /// `a.b`
    Attr(Box<E>, String),
    /// `f(args, key=value)`
    Call(Box<E>, Vec<E>, Vec<(String, E)>),
    /// `a[i, j:k]`
    Subscript(Box<E>, Vec<E>),
    /// `lo:hi` inside a subscript.
    Slice(Option<Box<E>>, Option<Box<E>>, Option<Box<E>>),
    /// `(a, b)`
    Tuple(Vec<E>),
    /// `[a, b]`
    List(Vec<E>),
    /// `{k: v}`
    Dict(Vec<(E, E)>),
    /// An integer.
    Int(i128),
    /// An integer too large for `i128`, as its nearest float (only a float constant can hold it).
    BigInt(f64),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// `True`/`False`.
    Bool(bool),
    /// `None`.
    None,
    /// `a op b` for `+ - * / // % ** & | ^ << >>`.
    Bin(&'static str, Box<E>, Box<E>),
    /// `-a`, `+a`, `~a`, `not a`.
    Unary(&'static str, Box<E>),
    /// `a < b <= c` (a comparison chain).
    Compare(Box<E>, Vec<(&'static str, E)>),
    /// `a and b and c` / `a or b`.
    BoolOp(&'static str, Vec<E>),
    /// `a if c else b`.
    IfExp(Box<E>, Box<E>, Box<E>),
    /// `lambda x, y: body` (`T.comm_reducer`'s combiner).
    Lambda(Vec<(String, Span)>, Box<E>),
}

/// An expression with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct E {
    /// The expression.
    pub e: Expr,
    /// Where.
    pub span: Span,
}

impl Expr {
    /// The dotted name (`T.axis.remap`), if the expression is one.
    pub fn dotted(&self) -> Option<String> {
        match self {
            Expr::Name(n) => Some(n.clone()),
            Expr::Attr(b, a) => Some(format!("{}.{a}", b.e.dotted()?)),
            _ => None,
        }
    }
}

/// A statement of the Python subset.
#[derive(Clone, Debug, PartialEq)]
pub enum Stmt {
    /// `@decorators def name(params) -> ret: body`
    Def {
        /// Decorators, outermost first.
        decorators: Vec<Ex>,
        /// Name.
        name: String,
        /// PEP 695 type parameters (`def f[n, m: int](..)`): name and bound.
        type_params: Vec<(String, Option<Ex>, Span)>,
        /// `(name, annotation, default)`.
        params: Vec<(String, Option<Ex>, Option<Ex>, Span)>,
        /// `-> annotation`.
        ret: Option<Ex>,
        /// The body.
        body: Vec<S>,
    },
    /// `@decorators class Name: body`
    Class {
        /// Decorators.
        decorators: Vec<Ex>,
        /// Name.
        name: String,
        /// The body.
        body: Vec<S>,
    },
    /// `for targets in iter: body`
    For {
        /// Loop targets.
        targets: Vec<(String, Span)>,
        /// The iterator expression.
        iter: Ex,
        /// The body.
        body: Vec<S>,
    },
    /// `with item as target: body`
    With {
        /// The context expression.
        item: Ex,
        /// `as` targets.
        targets: Vec<(String, Span)>,
        /// The body.
        body: Vec<S>,
    },
    /// `if cond: .. elif: .. else: ..` (elif becomes a nested If in `orelse`).
    If {
        /// Condition.
        cond: Ex,
        /// Then.
        body: Vec<S>,
        /// Else.
        orelse: Vec<S>,
    },
    /// `while cond: body`
    While {
        /// Condition.
        cond: Ex,
        /// Body.
        body: Vec<S>,
    },
    /// `targets = value` (several targets: a tuple).
    Assign {
        /// Targets (names or subscripts).
        targets: Vec<Ex>,
        /// Value.
        value: Ex,
    },
    /// `target: annotation = value`.
    AnnAssign {
        /// Target.
        target: Ex,
        /// Annotation.
        ann: Ex,
        /// Value.
        value: Option<Ex>,
    },
    /// `target op= value`.
    AugAssign {
        /// Target.
        target: Ex,
        /// The operator (`+`).
        op: &'static str,
        /// Value.
        value: Ex,
    },
    /// A bare expression.
    Expr(Ex),
    /// `assert cond, msg`.
    Assert {
        /// Condition.
        cond: Ex,
        /// Message.
        msg: Option<Ex>,
    },
    /// `return value`.
    Return(Option<Ex>),
    /// `pass`.
    Pass,
    /// `import a.b as c` / `from a.b import c as d`: (module, [(name, alias)]).
    Import {
        /// The module path (`tvm.script`).
        module: String,
        /// Imported names and their aliases.
        names: Vec<(String, Option<String>)>,
    },
}

/// An expression node with span (boxed in the tree).
pub type Ex = E;

/// A statement with its span.
#[derive(Clone, Debug, PartialEq)]
pub struct S {
    /// The statement.
    pub s: Stmt,
    /// Where (its first line).
    pub span: Span,
}

/// A recursive-descent parser over tokens.
pub struct Parser {
    toks: Vec<Token>,
    pos: usize,
    depth: u32,
}

const MAX_DEPTH: u32 = 200;
/// Operands one chain may have (`a + b + ..`, `x.a.b..`, `not not ..`, `a ** b ** ..`): each
/// link nests the tree one level deeper, and the reader, the printer and dropping the tree
/// all walk it recursively (the reader refuses more than 400 levels anyway).
const MAX_CHAIN: u32 = 1_000;

impl Parser {
    /// A parser over a token list (from [`tokenize`]).
    pub fn new(toks: Vec<Token>) -> Parser {
        Parser { toks, pos: 0, depth: 0 }
    }

    /// Whether only the end of the input (and line ends) is left.
    pub fn at_end(&self) -> bool {
        self.toks[self.pos.min(self.toks.len() - 1)..].iter().all(|t| matches!(t.tok, Tok::Newline | Tok::Eof))
    }

    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)].tok
    }

    fn peek2(&self) -> &Tok {
        &self.toks[(self.pos + 1).min(self.toks.len() - 1)].tok
    }

    fn span(&self) -> Span {
        self.toks[self.pos.min(self.toks.len() - 1)].span
    }

    fn prev_end(&self) -> u32 {
        self.toks[self.pos.saturating_sub(1)].span.end
    }

    fn bump(&mut self) -> Token {
        let t = self.toks[self.pos.min(self.toks.len() - 1)].clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn is_op(&self, op: &str) -> bool {
        matches!(self.peek(), Tok::Op(o) if *o == op)
    }

    fn is_name(&self, n: &str) -> bool {
        matches!(self.peek(), Tok::Name(x) if x == n)
    }

    fn eat_op(&mut self, op: &str) -> bool {
        if self.is_op(op) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn eat_name(&mut self, n: &str) -> bool {
        if self.is_name(n) {
            self.bump();
            true
        } else {
            false
        }
    }

    fn describe(&self) -> String {
        match self.peek() {
            Tok::Name(n) => format!("'{n}'"),
            Tok::Int(i) => format!("'{i}'"),
            Tok::BigInt(f) | Tok::Float(f) => format!("'{f}'"),
            Tok::Str(_) => "a string".into(),
            Tok::Op(o) => format!("'{o}'"),
            Tok::Newline => "end of line".into(),
            Tok::Indent => "an indented block".into(),
            Tok::Dedent => "the end of the block".into(),
            Tok::Eof => "end of input".into(),
        }
    }

    fn expect_op(&mut self, op: &str) -> Result<(), PyError> {
        if self.eat_op(op) {
            Ok(())
        } else {
            Err(err(format!("expected '{op}', found {}", self.describe()), self.span()))
        }
    }

    fn name(&mut self) -> Result<(String, Span), PyError> {
        match self.peek().clone() {
            Tok::Name(n) => {
                let s = self.bump().span;
                Ok((n, s))
            }
            _ => Err(err(format!("expected a name, found {}", self.describe()), self.span())),
        }
    }

    /// Parse a whole file.
    ///
    /// # Errors
    /// The first syntax error.
    pub fn file(&mut self) -> Result<Vec<S>, PyError> {
        let mut out = Vec::new();
        while !matches!(self.peek(), Tok::Eof) {
            if matches!(self.peek(), Tok::Newline) {
                self.bump();
                continue;
            }
            if matches!(self.peek(), Tok::Indent) {
                return Err(err("unexpected indent", self.span()));
            }
            out.push(self.statement()?);
        }
        Ok(out)
    }

    fn block(&mut self) -> Result<Vec<S>, PyError> {
        self.expect_op(":")?;
        if !matches!(self.peek(), Tok::Newline) {
            // `if x: stmt` on one line.
            let s = self.simple_statement()?;
            return Ok(vec![s]);
        }
        self.bump();
        if !matches!(self.peek(), Tok::Indent) {
            return Err(err("expected an indented block", self.span()));
        }
        self.bump();
        let mut out = Vec::new();
        while !matches!(self.peek(), Tok::Dedent | Tok::Eof) {
            if matches!(self.peek(), Tok::Newline) {
                self.bump();
                continue;
            }
            out.push(self.statement()?);
        }
        if matches!(self.peek(), Tok::Dedent) {
            self.bump();
        }
        Ok(out)
    }

    fn statement(&mut self) -> Result<S, PyError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err("nesting is too deep", self.span()));
        }
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.statement_inner());
        self.depth -= 1;
        r
    }

    fn statement_inner(&mut self) -> Result<S, PyError> {
        let start = self.span();
        let mut decorators = Vec::new();
        while self.eat_op("@") {
            decorators.push(self.expr()?);
            if !matches!(self.peek(), Tok::Newline) {
                return Err(err(
                    format!("expected end of line after the decorator, found {}", self.describe()),
                    self.span(),
                ));
            }
            self.bump();
        }
        let span = if decorators.is_empty() { start } else { self.span() };
        if self.eat_name("def") {
            let (name, _) = self.name()?;
            let mut type_params = Vec::new();
            if self.eat_op("[") {
                while !self.is_op("]") {
                    let (p, ps) = self.name()?;
                    let bound = if self.eat_op(":") { Some(self.expr()?) } else { None };
                    type_params.push((p, bound, ps));
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op("]")?;
            }
            self.expect_op("(")?;
            let mut params = Vec::new();
            while !self.is_op(")") {
                let (p, ps) = self.name()?;
                let ann = if self.eat_op(":") { Some(self.expr()?) } else { None };
                let default = if self.eat_op("=") { Some(self.expr()?) } else { None };
                params.push((p, ann, default, ps));
                if !self.eat_op(",") {
                    break;
                }
            }
            self.expect_op(")")?;
            let ret = if self.eat_op("->") { Some(self.expr()?) } else { None };
            let body = self.block()?;
            return Ok(S { s: Stmt::Def { decorators, name, type_params, params, ret, body }, span });
        }
        if self.eat_name("class") {
            let (name, _) = self.name()?;
            if self.eat_op("(") {
                while !self.is_op(")") && !matches!(self.peek(), Tok::Eof) {
                    self.bump();
                }
                self.expect_op(")")?;
            }
            let body = self.block()?;
            return Ok(S { s: Stmt::Class { decorators, name, body }, span });
        }
        if !decorators.is_empty() {
            return Err(err("expected 'def' or 'class' after decorators", self.span()));
        }
        if self.eat_name("for") {
            let mut targets = vec![self.name()?];
            while self.eat_op(",") {
                targets.push(self.name()?);
            }
            if !self.eat_name("in") {
                return Err(err(format!("expected 'in', found {}", self.describe()), self.span()));
            }
            let iter = self.expr()?;
            let body = self.block()?;
            return Ok(S { s: Stmt::For { targets, iter, body }, span });
        }
        if self.eat_name("with") {
            let item = self.expr()?;
            let mut targets = Vec::new();
            if self.eat_name("as") {
                if self.eat_op("(") {
                    targets.push(self.name()?);
                    while self.eat_op(",") {
                        targets.push(self.name()?);
                    }
                    self.expect_op(")")?;
                } else {
                    targets.push(self.name()?);
                    while self.eat_op(",") {
                        targets.push(self.name()?);
                    }
                }
            }
            let body = self.block()?;
            return Ok(S { s: Stmt::With { item, targets, body }, span });
        }
        if self.eat_name("if") {
            return self.if_rest(span);
        }
        if self.eat_name("while") {
            let cond = self.expr()?;
            let body = self.block()?;
            return Ok(S { s: Stmt::While { cond, body }, span });
        }
        let s = self.simple_statement()?;
        Ok(s)
    }

    fn if_rest(&mut self, span: Span) -> Result<S, PyError> {
        let cond = self.expr()?;
        let body = self.block()?;
        let orelse = if self.is_name("elif") {
            let s = self.span();
            self.bump();
            vec![self.if_rest(s)?]
        } else if self.eat_name("else") {
            self.block()?
        } else {
            Vec::new()
        };
        Ok(S { s: Stmt::If { cond, body, orelse }, span })
    }

    fn simple_statement(&mut self) -> Result<S, PyError> {
        let span = self.span();
        let s = if self.eat_name("pass") {
            Stmt::Pass
        } else if self.is_name("import") || self.is_name("from") {
            self.import()?
        } else if self.eat_name("return") {
            if matches!(self.peek(), Tok::Newline) { Stmt::Return(None) } else { Stmt::Return(Some(self.expr_list()?)) }
        } else if self.eat_name("assert") {
            let cond = self.expr()?;
            let msg = if self.eat_op(",") { Some(self.expr()?) } else { None };
            Stmt::Assert { cond, msg }
        } else {
            let first = self.expr_list()?;
            if self.eat_op(":") {
                let ann = self.expr()?;
                let value = if self.eat_op("=") { Some(self.expr_list()?) } else { None };
                Stmt::AnnAssign { target: first, ann, value }
            } else if self.is_op("=") {
                let mut targets = vec![first];
                let mut value = None;
                while self.eat_op("=") {
                    let e = self.expr_list()?;
                    if self.is_op("=") {
                        targets.push(e);
                    } else {
                        value = Some(e);
                    }
                }
                let value = value.ok_or_else(|| err("expected a value after '='", self.span()))?;
                Stmt::Assign { targets, value }
            } else if let Tok::Op(op @ ("+=" | "-=" | "*=" | "/=" | "//=" | "%=")) = self.peek().clone() {
                self.bump();
                let value = self.expr()?;
                Stmt::AugAssign { target: first, op: &op[..op.len() - 1], value }
            } else {
                Stmt::Expr(first)
            }
        };
        match self.peek() {
            Tok::Newline => {
                self.bump();
            }
            Tok::Dedent | Tok::Eof => {}
            _ => return Err(err(format!("expected end of line, found {}", self.describe()), self.span())),
        }
        Ok(S { s, span })
    }

    fn dotted_name(&mut self) -> Result<String, PyError> {
        let mut n = self.name()?.0;
        while self.eat_op(".") {
            n.push('.');
            n.push_str(&self.name()?.0);
        }
        Ok(n)
    }

    fn import(&mut self) -> Result<Stmt, PyError> {
        if self.eat_name("import") {
            let module = self.dotted_name()?;
            let alias = if self.eat_name("as") { Some(self.name()?.0) } else { None };
            return Ok(Stmt::Import { names: vec![(module.clone(), alias)], module });
        }
        self.bump(); // from
        let module = self.dotted_name()?;
        if !self.eat_name("import") {
            return Err(err(format!("expected 'import', found {}", self.describe()), self.span()));
        }
        let paren = self.eat_op("(");
        let mut names = Vec::new();
        loop {
            let n = if self.eat_op("*") { "*".to_string() } else { self.name()?.0 };
            let alias = if self.eat_name("as") { Some(self.name()?.0) } else { None };
            names.push((n, alias));
            if !self.eat_op(",") || (paren && self.is_op(")")) {
                break;
            }
        }
        if paren {
            self.expect_op(")")?;
        }
        Ok(Stmt::Import { module, names })
    }

    /// `a, b` without parentheses (a tuple when there is a comma).
    fn expr_list(&mut self) -> Result<Ex, PyError> {
        let first = self.expr()?;
        if !self.is_op(",") {
            return Ok(first);
        }
        let start = first.span;
        let mut items = vec![first];
        while self.eat_op(",") {
            if matches!(self.peek(), Tok::Newline) || self.is_op("=") || self.is_op(":") {
                break;
            }
            items.push(self.expr()?);
        }
        Ok(E { e: Expr::Tuple(items), span: Span::new(start.start as usize, self.prev_end() as usize) })
    }

    /// One expression.
    ///
    /// # Errors
    /// A syntax error.
    pub fn expr(&mut self) -> Result<Ex, PyError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(err("expression nesting is too deep", self.span()));
        }
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.ternary());
        self.depth -= 1;
        r
    }

    fn wrap(&self, e: Expr, start: Span) -> Ex {
        E { e, span: Span::new(start.start as usize, self.prev_end() as usize) }
    }

    fn ternary(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        if self.eat_name("lambda") {
            let mut params = Vec::new();
            while !self.is_op(":") {
                params.push(self.name()?);
                if !self.eat_op(",") {
                    break;
                }
            }
            self.expect_op(":")?;
            let body = self.expr()?;
            return Ok(self.wrap(Expr::Lambda(params, Box::new(body)), start));
        }
        let a = self.or_expr()?;
        if self.eat_name("if") {
            let c = self.or_expr()?;
            if !self.eat_name("else") {
                return Err(err("expected 'else'", self.span()));
            }
            let b = self.expr()?;
            return Ok(self.wrap(Expr::IfExp(Box::new(a), Box::new(c), Box::new(b)), start));
        }
        Ok(a)
    }

    fn or_expr(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let first = self.and_expr()?;
        if !self.is_name("or") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_name("or") {
            items.push(self.and_expr()?);
        }
        Ok(self.wrap(Expr::BoolOp("or", items), start))
    }

    fn and_expr(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let first = self.not_expr()?;
        if !self.is_name("and") {
            return Ok(first);
        }
        let mut items = vec![first];
        while self.eat_name("and") {
            items.push(self.not_expr()?);
        }
        Ok(self.wrap(Expr::BoolOp("and", items), start))
    }

    fn not_expr(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let mut nots = 0;
        while self.eat_name("not") {
            nots += 1;
            if nots > MAX_CHAIN {
                return Err(err("expression nesting is too deep", start));
            }
        }
        let mut e = self.comparison()?;
        for _ in 0..nots {
            e = self.wrap(Expr::Unary("not", Box::new(e)), start);
        }
        Ok(e)
    }

    fn comparison(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let first = self.bitor()?;
        let mut rest = Vec::new();
        while let Tok::Op(o @ ("==" | "!=" | "<" | "<=" | ">" | ">=")) = self.peek() {
            let op = *o;
            self.bump();
            rest.push((op, self.bitor()?));
        }
        if rest.is_empty() { Ok(first) } else { Ok(self.wrap(Expr::Compare(Box::new(first), rest), start)) }
    }

    fn binary_level(
        &mut self,
        ops: &[&'static str],
        next: fn(&mut Parser) -> Result<Ex, PyError>,
    ) -> Result<Ex, PyError> {
        let start = self.span();
        let mut a = next(self)?;
        let mut links = 0;
        loop {
            let op = match self.peek() {
                Tok::Op(o) if ops.contains(o) => *o,
                _ => break,
            };
            links += 1;
            if links > MAX_CHAIN {
                return Err(err("expression nesting is too deep", start));
            }
            self.bump();
            let b = next(self)?;
            a = self.wrap(Expr::Bin(op, Box::new(a), Box::new(b)), start);
        }
        Ok(a)
    }

    fn bitor(&mut self) -> Result<Ex, PyError> {
        self.binary_level(&["|"], Parser::bitxor)
    }
    fn bitxor(&mut self) -> Result<Ex, PyError> {
        self.binary_level(&["^"], Parser::bitand)
    }
    fn bitand(&mut self) -> Result<Ex, PyError> {
        self.binary_level(&["&"], Parser::shift)
    }
    fn shift(&mut self) -> Result<Ex, PyError> {
        self.binary_level(&["<<", ">>"], Parser::arith)
    }
    fn arith(&mut self) -> Result<Ex, PyError> {
        self.binary_level(&["+", "-"], Parser::term)
    }
    fn term(&mut self) -> Result<Ex, PyError> {
        self.binary_level(&["*", "/", "//", "%", "@"], Parser::factor)
    }

    fn factor(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        if let Tok::Op(op @ ("-" | "+" | "~")) = self.peek().clone() {
            self.bump();
            self.depth += 1;
            if self.depth > MAX_DEPTH {
                return Err(err("expression nesting is too deep", start));
            }
            let a = self.factor();
            self.depth -= 1;
            return Ok(self.wrap(Expr::Unary(op, Box::new(a?)), start));
        }
        // `a ** b ** c` is `a ** (b ** c)`: read the chain, then fold it from the right.
        let mut bases = vec![(self.postfix()?, start)];
        while self.eat_op("**") {
            if bases.len() as u32 > MAX_CHAIN {
                return Err(err("expression nesting is too deep", start));
            }
            let at = self.span();
            // An exponent may be negated (`2 ** -1`).
            let e = if matches!(self.peek(), Tok::Op("-" | "+" | "~")) { self.factor()? } else { self.postfix()? };
            bases.push((e, at));
        }
        let Some((mut e, _)) = bases.pop() else { return Err(err("expected an expression", start)) };
        while let Some((b, at)) = bases.pop() {
            e = self.wrap(Expr::Bin("**", Box::new(b), Box::new(e)), at);
        }
        Ok(e)
    }

    fn postfix(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let mut e = self.atom()?;
        let mut links = 0;
        loop {
            links += 1;
            if links > MAX_CHAIN {
                return Err(err("expression nesting is too deep", start));
            }
            if self.eat_op(".") {
                let (a, _) = self.name()?;
                e = self.wrap(Expr::Attr(Box::new(e), a), start);
            } else if self.eat_op("(") {
                let mut args = Vec::new();
                let mut kwargs = Vec::new();
                while !self.is_op(")") {
                    if let (Tok::Name(k), Tok::Op("=")) = (self.peek().clone(), self.peek2().clone()) {
                        self.bump();
                        self.bump();
                        kwargs.push((k, self.expr()?));
                    } else {
                        if self.eat_op("*") {
                            // `*args`: spread (accepted, kept as the value).
                        }
                        args.push(self.expr()?);
                    }
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op(")")?;
                e = self.wrap(Expr::Call(Box::new(e), args, kwargs), start);
            } else if self.eat_op("[") {
                let mut idx = Vec::new();
                while !self.is_op("]") {
                    idx.push(self.subscript()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op("]")?;
                e = self.wrap(Expr::Subscript(Box::new(e), idx), start);
            } else {
                return Ok(e);
            }
        }
    }

    fn subscript(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let lo = if self.is_op(":") { None } else { Some(Box::new(self.expr()?)) };
        if !self.eat_op(":") {
            return lo.map(|b| *b).ok_or_else(|| err("expected an index", start));
        }
        let hi =
            if self.is_op(":") || self.is_op(",") || self.is_op("]") { None } else { Some(Box::new(self.expr()?)) };
        let step =
            if self.eat_op(":") && !self.is_op(",") && !self.is_op("]") { Some(Box::new(self.expr()?)) } else { None };
        Ok(self.wrap(Expr::Slice(lo, hi, step), start))
    }

    fn atom(&mut self) -> Result<Ex, PyError> {
        let start = self.span();
        let t = self.bump();
        let e = match t.tok {
            Tok::Name(n) => match n.as_str() {
                "True" => Expr::Bool(true),
                "False" => Expr::Bool(false),
                "None" => Expr::None,
                _ => Expr::Name(n),
            },
            Tok::Int(i) => Expr::Int(i),
            Tok::BigInt(f) => Expr::BigInt(f),
            Tok::Float(f) => Expr::Float(f),
            Tok::Str(s) => {
                let mut s = s;
                while let Tok::Str(more) = self.peek().clone() {
                    self.bump();
                    s.push_str(&more);
                }
                Expr::Str(s)
            }
            Tok::Op("(") => {
                if self.eat_op(")") {
                    Expr::Tuple(Vec::new())
                } else {
                    let first = self.expr()?;
                    if self.eat_op(")") {
                        return Ok(E { e: first.e, span: Span::new(start.start as usize, self.prev_end() as usize) });
                    }
                    let mut items = vec![first];
                    while self.eat_op(",") {
                        if self.is_op(")") {
                            break;
                        }
                        items.push(self.expr()?);
                    }
                    self.expect_op(")")?;
                    Expr::Tuple(items)
                }
            }
            Tok::Op("[") => {
                let mut items = Vec::new();
                while !self.is_op("]") {
                    items.push(self.expr()?);
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op("]")?;
                Expr::List(items)
            }
            Tok::Op("{") => {
                let mut items = Vec::new();
                while !self.is_op("}") {
                    let k = self.expr()?;
                    self.expect_op(":")?;
                    let v = self.expr()?;
                    items.push((k, v));
                    if !self.eat_op(",") {
                        break;
                    }
                }
                self.expect_op("}")?;
                Expr::Dict(items)
            }
            _ => {
                self.pos -= usize::from(self.pos > 0);
                return Err(err(format!("expected an expression, found {}", self.describe()), start));
            }
        };
        Ok(self.wrap(e, start))
    }
}

/// Python's binding strength of an expression (higher binds tighter), for parenthesizing.
fn precedence(e: &Expr) -> u8 {
    match e {
        Expr::Lambda(..) => 0,
        Expr::IfExp(..) => 1,
        Expr::BoolOp("or", _) => 2,
        Expr::BoolOp(..) => 3,
        Expr::Unary("not", _) => 4,
        Expr::Compare(..) => 5,
        Expr::Bin("|", ..) => 6,
        Expr::Bin("^", ..) => 7,
        Expr::Bin("&", ..) => 8,
        Expr::Bin("<<" | ">>", ..) => 9,
        Expr::Bin("+" | "-", ..) => 10,
        Expr::Bin("**", ..) => 13,
        Expr::Bin(..) => 11,
        Expr::Unary(..) => 12,
        _ => 14,
    }
}

/// The expression written back as Python, in the spacing TVM's printer uses (`f(a, k=v)`,
/// `a[i, j:k]`, `(a,)`, `a * b`).
pub fn unparse(e: &E) -> String {
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || unparse_inner(&e.e))
}

fn unparse_inner(e: &Expr) -> String {
    let list = |xs: &[E]| xs.iter().map(unparse).collect::<Vec<_>>().join(", ");
    // A child that binds less tightly than its parent (or as tightly, on the right) in parentheses.
    let operand = |x: &E, parent: u8, right: bool| {
        let p = precedence(&x.e);
        let s = unparse(x);
        if p < parent || (right && p == parent && parent != 13) || (!right && p == parent && parent == 13) {
            format!("({s})")
        } else {
            s
        }
    };
    match e {
        Expr::Name(n) => n.clone(),
        // `1 .F` is an attribute of 1, where `1.F` would read as the float `1.` then `F`.
        Expr::Attr(a, n) if matches!(a.e, Expr::Int(_) | Expr::BigInt(_)) => format!("({}).{n}", unparse(a)),
        Expr::Attr(a, n) => format!("{}.{n}", operand(a, 14, false)),
        Expr::Call(f, args, kw) => {
            let mut items: Vec<String> = args.iter().map(unparse).collect();
            items.extend(kw.iter().map(|(k, v)| format!("{k}={}", unparse(v))));
            format!("{}({})", operand(f, 14, false), items.join(", "))
        }
        Expr::Subscript(a, idx) => format!("{}[{}]", operand(a, 14, false), list(idx)),
        Expr::Slice(lo, hi, step) => {
            let part = |x: &Option<Box<E>>| x.as_ref().map_or(String::new(), |x| unparse(x));
            match step {
                Some(st) => format!("{}:{}:{}", part(lo), part(hi), unparse(st)),
                None => format!("{}:{}", part(lo), part(hi)),
            }
        }
        Expr::Tuple(xs) if xs.len() == 1 => format!("({},)", unparse(&xs[0])),
        Expr::Tuple(xs) => format!("({})", list(xs)),
        Expr::List(xs) => format!("[{}]", list(xs)),
        Expr::Dict(kv) => {
            let items: Vec<String> = kv.iter().map(|(k, v)| format!("{}: {}", unparse(k), unparse(v))).collect();
            format!("{{{}}}", items.join(", "))
        }
        Expr::Int(v) => v.to_string(),
        Expr::BigInt(f) | Expr::Float(f) => python_float(*f),
        Expr::Str(t) => format!("{t:?}"),
        Expr::Bool(b) => if *b { "True" } else { "False" }.to_string(),
        Expr::None => "None".to_string(),
        Expr::Bin(op, a, b) => {
            let p = precedence(e);
            format!("{} {op} {}", operand(a, p, false), operand(b, p, true))
        }
        Expr::Unary(op, a) => {
            let sep = if *op == "not" { " " } else { "" };
            format!("{op}{sep}{}", operand(a, precedence(e), false))
        }
        Expr::Compare(a, rest) => {
            let mut s = operand(a, 6, false);
            for (op, x) in rest {
                s.push_str(&format!(" {op} {}", operand(x, 6, false)));
            }
            s
        }
        Expr::BoolOp(op, xs) => {
            let p = precedence(e);
            xs.iter().map(|x| operand(x, p + 1, false)).collect::<Vec<_>>().join(&format!(" {op} "))
        }
        Expr::IfExp(a, c, b) => {
            format!("{} if {} else {}", operand(a, 2, false), operand(c, 2, false), operand(b, 1, false))
        }
        Expr::Lambda(params, body) => {
            let names: Vec<&str> = params.iter().map(|(n, _)| n.as_str()).collect();
            format!("lambda {}: {}", names.join(", "), unparse(body))
        }
    }
}

/// A float as Python's `repr` writes it (`1.0`, `0.5`, `1e+20`, `inf`).
fn python_float(f: f64) -> String {
    if f.is_nan() {
        return "nan".into();
    }
    if f.is_infinite() {
        return if f > 0.0 { "inf" } else { "-inf" }.into();
    }
    let s = format!("{f:?}");
    if s.contains(['e', 'E']) {
        // Rust writes `1e20`; Python `1e+20`.
        return s.replace("e", "e+").replace("e+-", "e-");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(src: &str) -> Result<Vec<S>, PyError> {
        Parser::new(tokenize(src)?).file()
    }

    #[test]
    fn indentation_and_expressions() {
        let src = "@T.prim_func\ndef f(A: T.Buffer((4,), \"float32\")):\n    for i in range(4):\n        A[i] = A[i] * 2.0 + -1\n\n    x: T.int32 = 1 <= i < 3 and not False\n";
        let s = parse(src).unwrap();
        let Stmt::Def { body, params, .. } = &s[0].s else { unreachable!("the source is one def") };
        assert_eq!(params.len(), 1);
        assert_eq!(body.len(), 2);
        assert!(matches!(body[1].s, Stmt::AnnAssign { .. }));
    }

    #[test]
    fn errors_have_positions() {
        let e = parse("def f():\n  x = (1,\n").unwrap_err();
        assert_eq!(e.message, "expected an expression, found end of line");
        let e = parse("def f():\n    x = 1\n  y = 2\n").unwrap_err();
        assert_eq!(e.message, "unindent does not match any outer indentation level");
        let e = parse("x = 'abc\n").unwrap_err();
        assert_eq!(e.message, "unterminated string literal");
        let deep = format!("x = {}1{}\n", "(".repeat(5000), ")".repeat(5000));
        assert!(parse(&deep).is_err());
    }

    #[test]
    fn expressions_are_written_back_as_tvm_prints_them() {
        let back = |src: &str| {
            let s = parse(&format!("x = {src}\n")).unwrap();
            let Stmt::Assign { value, .. } = &s[0].s else { unreachable!("an assignment") };
            unparse(value)
        };
        assert_eq!(back("T.TileLayout(T.S[(8,16):(16 @ Axis.F,1)])"), "T.TileLayout(T.S[(8, 16):(16 @ Axis.F, 1)])");
        assert_eq!(back("f((1,), [a,b], k = 'v')"), "f((1,), [a, b], k=\"v\")");
        assert_eq!(back("(a + b) * c - (d - e) ** 2 ** f"), "(a + b) * c - (d - e) ** 2 ** f");
        assert_eq!(back("a - (b - c)"), "a - (b - c)");
        assert_eq!(
            back("not a and (b or c) if x < y <= z else -1.5e20"),
            "not a and (b or c) if x < y <= z else -1.5e+20"
        );
    }

    #[test]
    fn a_backslash_before_any_character_is_read() {
        // Found by the fuzzer: an unknown escape before a multi-byte character.
        let s = parse("x = \"a\\😀b\\q\"\n").unwrap();
        let read = |st: &Stmt| match st {
            Stmt::Assign { value, .. } => match &value.e {
                Expr::Str(t) => Some(t.clone()),
                _ => None,
            },
            _ => None,
        };
        assert_eq!(read(&s[0].s).as_deref(), Some("a\\😀b\\q"));
    }
}
