//! The calling convention of a function lowered from TIR, as typed data: what TIR lowering
//! produces and the engine's binder checks DLTensors against (tir-spec.md, PrimFunc; TVM's
//! `ArgBinder`). It travels beside the core module (in [`crate::verify::Verified`]), never as
//! text in the IR, so no hand-written attribute can change how arguments are checked.

use std::sync::Arc;

use super::dlpack::DLDataType;

/// The parameters of one function, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgSpec {
    /// One per parameter.
    pub params: Vec<ParamSpec>,
}

/// One parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamSpec {
    /// A buffer, passed as a DLTensor.
    Buffer(BufferSpec),
    /// A scalar.
    Scalar {
        /// The parameter's name.
        name: String,
        /// Its variable (a shape of another parameter may name it).
        var: Arc<str>,
        /// Its type.
        dtype: DLDataType,
    },
}

/// A buffer parameter as TIR declared it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpec {
    /// The buffer's name (messages name fields as `A.shape[0]`).
    pub name: String,
    /// The element type.
    pub dtype: DLDataType,
    /// The dimensions.
    pub shape: Vec<DimSpec>,
    /// The strides in elements; `None`: compact.
    pub strides: Option<Vec<DimSpec>>,
    /// The offset of the first element, in elements.
    pub elem_offset: DimSpec,
}

/// A dimension, stride or offset of a buffer parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimSpec {
    /// A constant.
    Const(i64),
    /// A variable: bound by the first argument that shows it, matched by the others. Two TIR
    /// variables of one name are named apart (`n`, `n_1`).
    Var(Arc<str>),
    /// Integer arithmetic of variables (`n + 1`, `n * 2 // 3`), in [`DimExpr`]'s syntax: the
    /// binder evaluates it once every variable is bound and checks the argument against it.
    Expr(String),
}

impl DimSpec {
    /// The text in a signature (`n`, `8`, `n + 1`).
    pub fn text(&self) -> String {
        match self {
            DimSpec::Const(c) => c.to_string(),
            DimSpec::Var(n) => n.to_string(),
            DimSpec::Expr(e) => e.clone(),
        }
    }
}

/// A dimension computed from variables: what `T.Buffer(("n + 1",), ..)` declares. Its text is
/// TVMScript's (`+ - *`, `//` and `%` rounding down, `T.min`/`T.max`, parentheses); values wrap
/// to `None` on overflow or division by zero.
///
/// ```
/// use strata::runtime::argspec::DimExpr;
/// let e = DimExpr::parse("(n + 1) * 2 // m").unwrap();
/// let vars = |v: &str| match v { "n" => Some(5), "m" => Some(4), _ => None };
/// assert_eq!(e.eval(&vars), Some(3));
/// assert_eq!(e.to_string(), "(n + 1) * 2 // m");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimExpr {
    /// A constant.
    Const(i64),
    /// A variable.
    Var(Arc<str>),
    /// `a op b` for `+ - * // %`, `T.min`, `T.max`.
    Bin(DimOp, Box<DimExpr>, Box<DimExpr>),
}

/// The operators of a [`DimExpr`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DimOp {
    /// `+`
    Add,
    /// `-`
    Sub,
    /// `*`
    Mul,
    /// `//` (rounding down)
    FloorDiv,
    /// `%` (the sign of the divisor)
    FloorMod,
    /// `T.min`
    Min,
    /// `T.max`
    Max,
}

impl DimOp {
    fn precedence(self) -> u8 {
        match self {
            DimOp::Add | DimOp::Sub => 1,
            DimOp::Mul | DimOp::FloorDiv | DimOp::FloorMod => 2,
            DimOp::Min | DimOp::Max => 3,
        }
    }
}

impl DimExpr {
    /// The longest text [`DimExpr::parse`] reads, in tokens.
    pub const MAX_TOKENS: usize = 1024;

    /// The value, given each variable's (`None`: a variable is unknown, or the arithmetic
    /// overflows or divides by zero).
    pub fn eval(&self, var: &dyn Fn(&str) -> Option<i64>) -> Option<i64> {
        match self {
            DimExpr::Const(c) => Some(*c),
            DimExpr::Var(n) => var(n),
            DimExpr::Bin(op, a, b) => {
                let (x, y) = (a.eval(var)?, b.eval(var)?);
                match op {
                    DimOp::Add => x.checked_add(y),
                    DimOp::Sub => x.checked_sub(y),
                    DimOp::Mul => x.checked_mul(y),
                    DimOp::FloorDiv => {
                        let q = x.checked_div(y)?;
                        Some(if (x % y != 0) && ((x < 0) != (y < 0)) { q - 1 } else { q })
                    }
                    DimOp::FloorMod => {
                        let r = x.checked_rem(y)?;
                        Some(if r != 0 && ((r < 0) != (y < 0)) { r + y } else { r })
                    }
                    DimOp::Min => Some(x.min(y)),
                    DimOp::Max => Some(x.max(y)),
                }
            }
        }
    }

    /// Every variable it names, in order of appearance.
    pub fn vars(&self) -> Vec<Arc<str>> {
        let mut out = Vec::new();
        fn go(e: &DimExpr, out: &mut Vec<Arc<str>>) {
            match e {
                DimExpr::Const(_) => {}
                DimExpr::Var(n) => {
                    if !out.contains(n) {
                        out.push(n.clone());
                    }
                }
                DimExpr::Bin(_, a, b) => {
                    go(a, out);
                    go(b, out);
                }
            }
        }
        go(self, &mut out);
        out
    }

    /// Read the text [`DimExpr`]'s `Display` writes (as TVMScript prints the expression).
    /// Texts of more than [`DimExpr::MAX_TOKENS`] tokens are refused: evaluating and printing
    /// recurse over the tree, and a saved file may hold any text.
    pub fn parse(text: &str) -> Option<DimExpr> {
        let toks = tokens(text)?;
        if toks.len() > Self::MAX_TOKENS {
            return None;
        }
        let mut p = DimParser { toks: &toks, at: 0, depth: 0 };
        let e = p.sum()?;
        (p.at == toks.len()).then_some(e)
    }
}

impl std::fmt::Display for DimExpr {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        fn go(e: &DimExpr, f: &mut std::fmt::Formatter<'_>, parent: u8, right: bool) -> std::fmt::Result {
            match e {
                DimExpr::Const(c) if *c < 0 && parent > 0 => write!(f, "({c})"),
                DimExpr::Const(c) => write!(f, "{c}"),
                DimExpr::Var(n) => write!(f, "{n}"),
                DimExpr::Bin(op @ (DimOp::Min | DimOp::Max), a, b) => {
                    write!(f, "T.{}(", if *op == DimOp::Min { "min" } else { "max" })?;
                    go(a, f, 0, false)?;
                    write!(f, ", ")?;
                    go(b, f, 0, false)?;
                    write!(f, ")")
                }
                DimExpr::Bin(op, a, b) => {
                    let p = op.precedence();
                    let paren = p < parent || (right && p == parent);
                    if paren {
                        write!(f, "(")?;
                    }
                    go(a, f, p, false)?;
                    let sym = match op {
                        DimOp::Add => "+",
                        DimOp::Sub => "-",
                        DimOp::Mul => "*",
                        DimOp::FloorDiv => "//",
                        _ => "%",
                    };
                    write!(f, " {sym} ")?;
                    go(b, f, p, true)?;
                    if paren {
                        write!(f, ")")?;
                    }
                    Ok(())
                }
            }
        }
        go(self, f, 0, false)
    }
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Int(i64),
    Name(String),
    Op(&'static str),
}

fn tokens(text: &str) -> Option<Vec<Tok>> {
    let mut out = Vec::new();
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c == b' ' {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            out.push(Tok::Int(text[start..i].parse().ok()?));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < b.len() && (b[i].is_ascii_alphanumeric() || b[i] == b'_' || b[i] == b'.') {
                i += 1;
            }
            out.push(Tok::Name(text[start..i].to_string()));
        } else {
            let op = ["//", "+", "-", "*", "%", "(", ")", ","].into_iter().find(|o| text[i..].starts_with(o))?;
            i += op.len();
            out.push(Tok::Op(op));
        }
    }
    Some(out)
}

struct DimParser<'a> {
    toks: &'a [Tok],
    at: usize,
    depth: u32,
}

impl DimParser<'_> {
    fn eat(&mut self, op: &str) -> bool {
        if matches!(self.toks.get(self.at), Some(Tok::Op(o)) if *o == op) {
            self.at += 1;
            true
        } else {
            false
        }
    }

    fn sum(&mut self) -> Option<DimExpr> {
        self.depth += 1;
        if self.depth > 200 {
            return None;
        }
        let mut a = self.product()?;
        loop {
            let op = if self.eat("+") {
                DimOp::Add
            } else if self.eat("-") {
                DimOp::Sub
            } else {
                break;
            };
            a = DimExpr::Bin(op, Box::new(a), Box::new(self.product()?));
        }
        self.depth -= 1;
        Some(a)
    }

    fn product(&mut self) -> Option<DimExpr> {
        let mut a = self.atom()?;
        loop {
            let op = if self.eat("*") {
                DimOp::Mul
            } else if self.eat("//") {
                DimOp::FloorDiv
            } else if self.eat("%") {
                DimOp::FloorMod
            } else {
                break;
            };
            a = DimExpr::Bin(op, Box::new(a), Box::new(self.atom()?));
        }
        Some(a)
    }

    /// The operand of a unary minus (nesting bounded, as for parentheses).
    fn negated(&mut self) -> Option<DimExpr> {
        self.depth += 1;
        let e = if self.depth > 200 { None } else { self.atom() };
        self.depth -= 1;
        e
    }

    fn atom(&mut self) -> Option<DimExpr> {
        let t = self.toks.get(self.at)?.clone();
        self.at += 1;
        match t {
            Tok::Int(v) => Some(DimExpr::Const(v)),
            Tok::Op("(") => {
                let e = self.sum()?;
                self.eat(")").then_some(e)
            }
            Tok::Op("-") => match self.negated()? {
                DimExpr::Const(v) => Some(DimExpr::Const(v.checked_neg()?)),
                e => Some(DimExpr::Bin(DimOp::Sub, Box::new(DimExpr::Const(0)), Box::new(e))),
            },
            Tok::Name(n) if n == "T.min" || n == "T.max" => {
                let op = if n == "T.min" { DimOp::Min } else { DimOp::Max };
                if !self.eat("(") {
                    return None;
                }
                let a = self.sum()?;
                if !self.eat(",") {
                    return None;
                }
                let b = self.sum()?;
                self.eat(")").then(|| DimExpr::Bin(op, Box::new(a), Box::new(b)))
            }
            Tok::Name(n) if !n.contains('.') => Some(DimExpr::Var(Arc::from(n))),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn long_or_deep_texts_are_refused_not_overflowed() {
        // A saved file may hold any text: a long sum would make evaluation recurse deeply.
        let long = vec!["n"; 100_000].join(" + ");
        assert_eq!(DimExpr::parse(&long), None);
        let deep = format!("{}n{}", "(".repeat(5000), ")".repeat(5000));
        assert_eq!(DimExpr::parse(&deep), None);
        assert_eq!(DimExpr::parse(&"-".repeat(5000)), None);
        assert_eq!(DimExpr::parse("n + é"), None);
        let e = DimExpr::parse("T.max(n, 2) % -3").unwrap();
        assert_eq!(e.eval(&|_| Some(7)), Some(-2));
        assert_eq!(DimExpr::parse("n // 0").unwrap().eval(&|_| Some(1)), None);
        assert_eq!(DimExpr::parse("n * n").unwrap().eval(&|_| Some(i64::MAX)), None);
    }
}
