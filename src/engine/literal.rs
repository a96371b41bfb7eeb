//! The literal syntax of arguments and results, shared by `strata run --arg`, the REPL and
//! the `// run:` test directives: `3`, `-1.5`, `true`, `[[1, 2], [3, 4]]`, `zeros(4x4xf32)`,
//! `ones(2xi32)` (or TVM's dtype names: `zeros(4x4xfloat32)`), `npy("a.npy")`, `@f`.

use std::fmt;

use super::value::Val;
use crate::ir::{DYNAMIC, Type};
use crate::runtime::dlpack::{DLDataType, code};
use crate::runtime::{Tensor, tensor};

/// A parsed literal, before it meets the type it is for.
#[derive(Debug, Clone, PartialEq)]
pub enum Literal {
    /// An integer.
    Int(i128),
    /// A float (also `inf`, `-inf`, `nan`).
    Float(f64),
    /// `true` / `false`.
    Bool(bool),
    /// `[a, b, ..]`.
    List(Vec<Literal>),
    /// `zeros(SHAPExTYPE)` / `ones(..)`.
    Fill {
        /// The shape.
        shape: Vec<i64>,
        /// The element type.
        elem: Type,
        /// `ones` rather than `zeros`.
        one: bool,
    },
    /// `npy("path")`.
    Npy(String),
    /// `@name`.
    Func(String),
    /// `view(BASE, shape=[..], strides=[..], byte_offset=N)`: a `DLTensor` into the memory of
    /// the tensor BASE with these fields (each optional: BASE's shape, null strides, 0), for
    /// calling with strided and offset tensors.
    View {
        /// The tensor whose memory the view reads.
        base: Box<Literal>,
        /// The view's shape.
        shape: Option<Vec<i64>>,
        /// The view's strides in elements (`None`: null, compact).
        strides: Option<Vec<i64>>,
        /// The view's byte offset.
        byte_offset: u64,
    },
    /// `alias(%N)`: the tensor of argument N passed again (the same memory).
    Alias(usize),
}

impl Literal {
    /// Make relative `npy("..")` paths relative to `base` (the directory of the file a run
    /// line is written in), so a test reads its data wherever it is run from.
    pub fn resolve_paths(&mut self, base: &std::path::Path) {
        match self {
            Literal::Npy(p) if std::path::Path::new(p.as_str()).is_relative() => {
                *p = base.join(p.as_str()).to_string_lossy().into_owned();
            }
            Literal::List(items) => items.iter_mut().for_each(|l| l.resolve_paths(base)),
            Literal::View { base: b, .. } => b.resolve_paths(base),
            _ => {}
        }
    }
}

/// Parse a comma-separated list of literals (the arguments of a call).
///
/// # Errors
/// A message naming what was expected where.
pub fn parse_literals(s: &str) -> Result<Vec<Literal>, String> {
    let mut p = Lit { s: s.as_bytes(), src: s, pos: 0, depth: 0 };
    let mut out = Vec::new();
    p.ws();
    if p.pos == p.s.len() {
        return Ok(out);
    }
    loop {
        out.push(p.literal()?);
        p.ws();
        if p.eat(b',') {
            continue;
        }
        if p.pos != p.s.len() {
            return Err(format!("unexpected '{}' at column {}", &s[p.pos..], p.pos + 1));
        }
        return Ok(out);
    }
}

/// Parse one literal.
///
/// # Errors
/// As [`parse_literals`], or more than one literal.
pub fn parse_literal(s: &str) -> Result<Literal, String> {
    let mut v = parse_literals(s)?;
    if v.len() != 1 {
        return Err(format!("expected one value, found {}", v.len()));
    }
    Ok(v.remove(0))
}

struct Lit<'a> {
    s: &'a [u8],
    src: &'a str,
    pos: usize,
    /// Lists open around the current position.
    depth: usize,
}

/// Nesting of lists a literal may have (a tensor of this many dimensions; deeper input is an
/// error rather than a stack overflow).
const MAX_LIST_DEPTH: usize = 64;

impl Lit<'_> {
    fn ws(&mut self) {
        while self.pos < self.s.len() && self.s[self.pos].is_ascii_whitespace() {
            self.pos += 1;
        }
    }

    fn eat(&mut self, c: u8) -> bool {
        self.ws();
        if self.s.get(self.pos) == Some(&c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn word(&mut self) -> &str {
        let start = self.pos;
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || matches!(self.s[self.pos], b'_' | b'.' | b'$'))
        {
            self.pos += 1;
        }
        &self.src[start..self.pos]
    }

    fn literal(&mut self) -> Result<Literal, String> {
        self.ws();
        let col = self.pos + 1;
        match self.s.get(self.pos) {
            None => Err(format!("expected a value at column {col}")),
            Some(b'[') => {
                if self.depth >= MAX_LIST_DEPTH {
                    return Err(format!("lists nest deeper than {MAX_LIST_DEPTH} levels at column {col}"));
                }
                self.pos += 1;
                self.depth += 1;
                let items = self.list_items();
                self.depth -= 1;
                items.map(Literal::List)
            }
            Some(b'@') => {
                self.pos += 1;
                Ok(Literal::Func(self.word().to_string()))
            }
            Some(c) if c.is_ascii_digit() || matches!(c, b'-' | b'+' | b'.') => self.number(),
            Some(_) => {
                let w = self.word().to_string();
                match w.as_str() {
                    "true" => Ok(Literal::Bool(true)),
                    "false" => Ok(Literal::Bool(false)),
                    "inf" => Ok(Literal::Float(f64::INFINITY)),
                    "nan" => Ok(Literal::Float(f64::NAN)),
                    "zeros" | "ones" => {
                        if !self.eat(b'(') {
                            return Err(format!("expected '(' after '{w}'"));
                        }
                        self.ws();
                        let start = self.pos;
                        while self.pos < self.s.len() && self.s[self.pos] != b')' {
                            self.pos += 1;
                        }
                        let spec = self.src[start..self.pos].trim().to_string();
                        if !self.eat(b')') {
                            return Err(format!("expected ')' to close '{w}('"));
                        }
                        let (shape, elem) = parse_shaped(&spec)?;
                        Ok(Literal::Fill { shape, elem, one: w == "ones" })
                    }
                    "npy" => {
                        if !self.eat(b'(') || !self.eat(b'"') {
                            return Err("expected '(\"' after 'npy'".into());
                        }
                        let start = self.pos;
                        while self.pos < self.s.len() && self.s[self.pos] != b'"' {
                            self.pos += 1;
                        }
                        let path = self.src[start..self.pos].to_string();
                        if !self.eat(b'"') || !self.eat(b')') {
                            return Err("expected '\")' to close 'npy(\"'".into());
                        }
                        Ok(Literal::Npy(path))
                    }
                    "view" => self.view(),
                    "alias" => {
                        if !self.eat(b'(') || !self.eat(b'%') {
                            return Err("expected '(%' after 'alias'".into());
                        }
                        let n =
                            self.word().parse::<usize>().map_err(|_| "expected an argument number after 'alias(%'")?;
                        if !self.eat(b')') {
                            return Err("expected ')' to close 'alias('".into());
                        }
                        Ok(Literal::Alias(n))
                    }
                    _ => Err(format!("expected a value at column {col}, found '{w}'")),
                }
            }
        }
    }

    /// The items of a list after its `[`, and its `]`.
    fn list_items(&mut self) -> Result<Vec<Literal>, String> {
        let mut items = Vec::new();
        if self.eat(b']') {
            return Ok(items);
        }
        loop {
            items.push(self.literal()?);
            if self.eat(b',') {
                continue;
            }
            if self.eat(b']') {
                return Ok(items);
            }
            return Err(format!("expected ',' or ']' at column {}", self.pos + 1));
        }
    }

    /// After `view`: `(BASE, shape=[..], strides=[..], byte_offset=N)`.
    fn view(&mut self) -> Result<Literal, String> {
        if !self.eat(b'(') {
            return Err("expected '(' after 'view'".into());
        }
        let base = Box::new(self.literal()?);
        let (mut shape, mut strides, mut byte_offset) = (None, None, 0);
        let ints = |l: Literal, what: &str| -> Result<Vec<i64>, String> {
            let err = || format!("expected a list of integers for '{what}'");
            match l {
                Literal::List(items) => items
                    .into_iter()
                    .map(|x| match x {
                        Literal::Int(v) => i64::try_from(v).map_err(|_| err()),
                        _ => Err(err()),
                    })
                    .collect(),
                _ => Err(err()),
            }
        };
        while self.eat(b',') {
            self.ws();
            let key = self.word().to_string();
            if !self.eat(b'=') {
                return Err(format!("expected '=' after '{key}' in 'view('"));
            }
            let value = self.literal()?;
            match key.as_str() {
                "shape" => shape = Some(ints(value, "shape")?),
                "strides" => strides = Some(ints(value, "strides")?),
                "byte_offset" => match value {
                    Literal::Int(v) => byte_offset = u64::try_from(v).map_err(|_| "invalid byte_offset")?,
                    _ => return Err("expected an integer for 'byte_offset'".into()),
                },
                _ => return Err(format!("unknown field '{key}' in 'view(': shape, strides or byte_offset")),
            }
        }
        if !self.eat(b')') {
            return Err("expected ')' to close 'view('".into());
        }
        Ok(Literal::View { base, shape, strides, byte_offset })
    }

    fn number(&mut self) -> Result<Literal, String> {
        let start = self.pos;
        if matches!(self.s.get(self.pos), Some(b'-' | b'+')) {
            self.pos += 1;
        }
        let rest = &self.src[self.pos..];
        if rest.starts_with("inf") {
            self.pos += 3;
            let neg = self.s[start] == b'-';
            return Ok(Literal::Float(if neg { f64::NEG_INFINITY } else { f64::INFINITY }));
        }
        if rest.starts_with("nan") {
            self.pos += 3;
            return Ok(Literal::Float(f64::NAN));
        }
        while self.pos < self.s.len()
            && (self.s[self.pos].is_ascii_alphanumeric() || matches!(self.s[self.pos], b'.' | b'_'))
            || (self.pos > start
                && matches!(self.s[self.pos - 1], b'e' | b'E')
                && matches!(self.s.get(self.pos), Some(b'-' | b'+')))
        {
            self.pos += 1;
        }
        let text = &self.src[start..self.pos];
        if let Some(h) = text.strip_prefix("0x").or_else(|| text.strip_prefix("-0x")) {
            let v = i128::from_str_radix(h, 16).map_err(|_| format!("invalid number '{text}'"))?;
            return Ok(Literal::Int(if text.starts_with('-') { -v } else { v }));
        }
        if let Ok(i) = text.parse::<i128>() {
            return Ok(Literal::Int(i));
        }
        text.parse::<f64>().map(Literal::Float).map_err(|_| format!("invalid number '{text}'"))
    }
}

/// `4x4xf32` → shape and element type.
fn parse_shaped(spec: &str) -> Result<(Vec<i64>, Type), String> {
    let parts: Vec<&str> = spec.split('x').collect();
    let (elem, dims) = parts.split_last().ok_or("empty shape")?;
    let shape = dims
        .iter()
        .map(|d| d.trim().parse::<i64>().map_err(|_| format!("invalid dimension '{d}' in '{spec}'")))
        .collect::<Result<Vec<_>, _>>()?;
    let elem = match tvm_dtype(elem.trim()) {
        Some(t) => t,
        None => {
            crate::syntax::parse_type_str(elem.trim()).map_err(|e| format!("invalid element type in '{spec}': {e}"))?
        }
    };
    Ok((shape, elem))
}

/// TVM's dtype names, for TIR users (`zeros(4x8xfloat32)`): unsigned types are their signless
/// memref element (the call gives the tensor the function's dtype).
fn tvm_dtype(s: &str) -> Option<Type> {
    use crate::runtime::dlpack::code;
    let d = crate::runtime::DLDataType::from_tvm_name(s)?;
    if d.lanes != 1 {
        return None;
    }
    Some(match (d.code, d.bits) {
        (code::INT | code::UINT, b) => Type::Integer(u32::from(b)),
        (code::FLOAT, 16) => Type::F16,
        (code::FLOAT, 32) => Type::F32,
        (code::FLOAT, 64) => Type::F64,
        (code::BFLOAT, 16) => Type::BF16,
        _ => return None,
    })
}

/// The DLPack type of an IR element type (integers in their container width).
pub fn dtype_of(t: &Type) -> Option<DLDataType> {
    Some(match t {
        Type::Integer(1) => DLDataType::new(code::BOOL, 8),
        Type::Integer(w) if *w <= 8 => DLDataType::new(code::INT, 8),
        Type::Integer(w) if *w <= 16 => DLDataType::new(code::INT, 16),
        Type::Integer(w) if *w <= 32 => DLDataType::new(code::INT, 32),
        Type::Integer(w) if *w <= 64 => DLDataType::new(code::INT, 64),
        Type::Index => DLDataType::new(code::INT, 64),
        Type::F16 => DLDataType::new(code::FLOAT, 16),
        Type::BF16 => DLDataType::new(code::BFLOAT, 16),
        Type::F32 => DLDataType::new(code::FLOAT, 32),
        Type::F64 => DLDataType::new(code::FLOAT, 64),
        Type::Vector(v) => {
            let e = dtype_of(&v.elem)?;
            let lanes: u64 = v.shape.iter().product();
            DLDataType { lanes: u16::try_from(lanes).ok()?, ..e }
        }
        _ => return None,
    })
}

/// Convert a literal to an argument value of `ty`.
///
/// # Errors
/// The literal does not fit the type.
pub fn to_val(lit: &Literal, ty: &Type) -> Result<Val, String> {
    match (lit, ty) {
        (Literal::Int(v), Type::Integer(w)) => {
            let w = *w;
            let (lo, hi) = if w >= 64 {
                (i128::from(i64::MIN), i128::from(u64::MAX))
            } else {
                (-(1i128 << (w - 1)), (1i128 << w) - 1)
            };
            let (lo, hi) = if w == 1 { (-1, 1) } else { (lo, hi) };
            if *v < lo || *v > hi {
                return Err(format!("{v} does not fit in '{ty}'"));
            }
            let norm = crate::ir::normalize_int(*v, w).map_err(|_| format!("{v} does not fit in '{ty}'"))?;
            Ok(Val::Int(norm as i64, w))
        }
        (Literal::Bool(b), Type::Integer(1)) => Ok(Val::Int(i64::from(*b), 1)),
        (Literal::Int(v), Type::Index) => {
            i64::try_from(*v).map(Val::Index).map_err(|_| format!("{v} does not fit in 'index'"))
        }
        (Literal::Int(v), t) if t.is_float() => to_val(&Literal::Float(*v as f64), t),
        (Literal::Float(f), Type::F16) => Ok(Val::F16(half::f16::from_f64(*f))),
        (Literal::Float(f), Type::BF16) => Ok(Val::BF16(half::bf16::from_f64(*f))),
        (Literal::Float(f), Type::F32) => Ok(Val::F32(*f as f32)),
        (Literal::Float(f), Type::F64) => Ok(Val::F64(*f)),
        (Literal::List(items), Type::Vector(v)) => {
            let flat = flatten(lit);
            let n: u64 = v.shape.iter().product();
            if flat.len() as u64 != n || items.is_empty() && n != 0 {
                return Err(format!("{} values for '{ty}' ({n} lanes)", flat.len()));
            }
            Ok(Val::Vector(flat.iter().map(|l| to_val(l, &v.elem)).collect::<Result<_, _>>()?))
        }
        (Literal::Func(n), Type::Function(_)) => Ok(Val::Func(n.as_str().into())),
        (Literal::List(_) | Literal::Fill { .. } | Literal::Npy(_), t) if t.is_shaped() && t.as_vector().is_none() => {
            Ok(Val::Tensor(to_tensor(lit, t)?))
        }
        _ => Err(format!("a value of type '{ty}' was expected")),
    }
}

fn flatten(lit: &Literal) -> Vec<&Literal> {
    match lit {
        Literal::List(items) => items.iter().flat_map(flatten).collect(),
        l => vec![l],
    }
}

fn nested_shape(lit: &Literal) -> Result<Vec<i64>, String> {
    match lit {
        Literal::List(items) => {
            // Each item's shape is computed once: linear in the literal's size.
            let mut shape = vec![items.len() as i64];
            if let Some((first, rest)) = items.split_first() {
                let inner = nested_shape(first)?;
                for it in rest {
                    if nested_shape(it)? != inner {
                        return Err("ragged nested list".into());
                    }
                }
                shape.extend(inner);
            }
            Ok(shape)
        }
        _ => Ok(Vec::new()),
    }
}

/// Make a tensor for a memref/tensor type from a literal.
///
/// # Errors
/// Wrong element kind, an unreadable `.npy` file, or a shape that cannot be a tensor.
pub fn to_tensor(lit: &Literal, ty: &Type) -> Result<Tensor, String> {
    let elem = ty.element_type().clone();
    let dtype = dtype_of(&elem).ok_or_else(|| format!("elements of '{elem}' cannot be passed"))?;
    match lit {
        Literal::Npy(path) => super::npy::read(std::path::Path::new(path)).map_err(|e| e.to_string()),
        Literal::Fill { shape, elem: e, one } => {
            // The literal names its own element type: a tensor of another one is passed as
            // it is, for the call's argument checks to report (`Mismatched A.dtype`).
            let own = dtype_of(e).ok_or_else(|| format!("elements of '{e}' cannot be passed"))?;
            let mut t = Tensor::zeros_of(own, shape).map_err(|e| e.to_string())?;
            if *one {
                let v = to_val(&Literal::Int(1), e)?;
                let n = t.len();
                for i in 0..n {
                    write_elem(&mut t, i, &v);
                }
            }
            Ok(t)
        }
        _ => {
            // Vector elements: the innermost list levels are the lanes.
            let (scalar_elem, vec_rank) = match &elem {
                Type::Vector(v) => (v.elem.clone(), v.shape.len()),
                t => (t.clone(), 0),
            };
            let mut shape = nested_shape(lit)?;
            if !matches!(lit, Literal::List(_)) {
                shape = Vec::new();
            }
            shape.truncate(shape.len().saturating_sub(vec_rank));
            let flat = flatten(lit);
            let want = ty.shape().unwrap_or_default();
            if flat.is_empty() && shape.len() < want.len() {
                // `[]` for an empty tensor of higher rank: the type's other sizes.
                shape = want
                    .iter()
                    .enumerate()
                    .map(|(i, &d)| if i < shape.len() || d == DYNAMIC { 0 } else { d })
                    .collect();
            }
            let mut t = Tensor::zeros_of(dtype, &shape).map_err(|e| e.to_string())?;
            let lanes = usize::from(dtype.lanes);
            if flat.len() != t.len() * lanes {
                return Err(format!("{} values for shape {shape:?}", flat.len()));
            }
            let ssize = dtype.size() / lanes.max(1);
            for (i, l) in flat.iter().enumerate() {
                let v = to_val(l, &scalar_elem)?;
                write_scalar(&mut t.bytes_mut()[i * ssize..(i + 1) * ssize], &v);
            }
            Ok(t)
        }
    }
}

fn write_scalar(bytes: &mut [u8], v: &Val) {
    let size = bytes.len();
    match v {
        Val::Int(x, _) | Val::Index(x) => bytes.copy_from_slice(&x.to_le_bytes()[..size]),
        Val::F16(x) => bytes.copy_from_slice(&x.to_le_bytes()),
        Val::BF16(x) => bytes.copy_from_slice(&x.to_le_bytes()),
        Val::F32(x) => bytes.copy_from_slice(&x.to_le_bytes()),
        Val::F64(x) => bytes.copy_from_slice(&x.to_le_bytes()),
        _ => {}
    }
}

fn write_elem(t: &mut Tensor, i: usize, v: &Val) {
    let size = t.dtype().size();
    write_scalar(&mut t.bytes_mut()[i * size..(i + 1) * size], v);
}

/// The value of element `i` of a tensor, by its dtype (a vector for several lanes).
pub fn read_elem(t: &Tensor, i: usize) -> Val {
    let dt = t.dtype();
    let size = dt.size();
    let b = &t.bytes()[i * size..(i + 1) * size];
    if dt.lanes > 1 {
        let lanes = usize::from(dt.lanes);
        let ls = size / lanes;
        return Val::Vector((0..lanes).map(|k| read_scalar(dt, &b[k * ls..(k + 1) * ls])).collect());
    }
    read_scalar(dt, b)
}

fn read_scalar(dt: DLDataType, b: &[u8]) -> Val {
    let size = b.len();
    let mut buf = [0u8; 8];
    buf[..size].copy_from_slice(b);
    match (dt.code, dt.bits) {
        (code::FLOAT, 16) => Val::F16(half::f16::from_le_bytes([b[0], b[1]])),
        (code::BFLOAT, 16) => Val::BF16(half::bf16::from_le_bytes([b[0], b[1]])),
        (code::FLOAT, 32) => Val::F32(f32::from_le_bytes([b[0], b[1], b[2], b[3]])),
        (code::FLOAT, _) => Val::F64(f64::from_le_bytes(buf)),
        (code::BOOL, _) => Val::Int(i64::from(b[0] & 1), 1),
        (code::UINT, bits) => Val::Int(i64::from_le_bytes(buf), u32::from(bits)),
        (_, bits) => {
            let shift = 64 - 8 * size as u32;
            Val::Int((i64::from_le_bytes(buf) << shift) >> shift, u32::from(bits))
        }
    }
}

/// Print a tensor as nested lists.
pub fn write_tensor(f: &mut fmt::Formatter<'_>, t: &Tensor) -> fmt::Result {
    fn rec(f: &mut fmt::Formatter<'_>, t: &Tensor, dims: &[i64], base: &mut usize) -> fmt::Result {
        match dims.split_first() {
            None => write!(
                f,
                "{}",
                read_elem(t, {
                    let i = *base;
                    *base += 1;
                    i
                })
            ),
            Some((&n, rest)) => {
                f.write_str("[")?;
                for k in 0..n {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    rec(f, t, rest, base)?;
                }
                f.write_str("]")
            }
        }
    }
    let mut base = 0;
    if t.shape().contains(&0) {
        // An empty tensor: the nesting of its shape with no elements.
        let depth = t.shape().iter().take_while(|&&d| d != 0).count();
        for _ in 0..=depth {
            f.write_str("[")?;
        }
        for _ in 0..=depth {
            f.write_str("]")?;
        }
        return Ok(());
    }
    rec(f, t, t.shape(), &mut base)
}

#[allow(unused_imports)]
use tensor::Element as _;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deep_lists_are_errors_and_nesting_costs_linear_time() {
        let deep = "[".repeat(20_000) + &"]".repeat(20_000);
        assert_eq!(parse_literal(&deep).unwrap_err(), "lists nest deeper than 64 levels at column 65");
        // 40 levels of one element each: 2^40 steps if each level looked at its items twice.
        let nested = "[".repeat(40) + "1.5" + &"]".repeat(40);
        let lit = parse_literal(&nested).unwrap();
        let ty = crate::syntax::parse_type_str(&format!("memref<{}f32>", "1x".repeat(40))).unwrap();
        let t = to_tensor(&lit, &ty).unwrap();
        assert_eq!((t.shape().len(), t.to_vec::<f32>().unwrap()), (40, vec![1.5]));
    }

    #[test]
    fn views_and_aliases() {
        let v = parse_literal("view(zeros(16xf32), shape=[4], strides=[3], byte_offset=8)").unwrap();
        assert!(
            matches!(&v, Literal::View { base, shape: Some(s), strides: Some(t), byte_offset: 8 }
                if matches!(**base, Literal::Fill { .. }) && s == &[4] && t == &[3]),
            "{v:?}"
        );
        let v = parse_literal("view([1, 2])").unwrap();
        assert!(matches!(v, Literal::View { shape: None, strides: None, byte_offset: 0, .. }));
        assert!(matches!(parse_literal("alias(%2)").unwrap(), Literal::Alias(2)));
        for (bad, msg) in [
            ("view(zeros(4xf32), size=[4])", "unknown field 'size' in 'view(': shape, strides or byte_offset"),
            ("view(zeros(4xf32), shape=[1.5])", "expected a list of integers for 'shape'"),
            ("view(zeros(4xf32), byte_offset=-4)", "invalid byte_offset"),
            ("view(zeros(4xf32)", "expected ')' to close 'view('"),
            ("alias(0)", "expected '(%' after 'alias'"),
        ] {
            assert_eq!(parse_literal(bad).unwrap_err(), msg, "{bad}");
        }
    }
}
