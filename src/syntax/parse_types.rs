//! Parsing types (mlir-langref-late.md "Type System"), including aliases and dialect types.

use super::PResult;
use super::lexer::{TokKind, unescape};
use super::parser::Parser;
use crate::ir::{AffineMap, Attribute, DYNAMIC, MemorySpace, Span, Type};

/// Whether a bare identifier starts a type (`i32`, `index`, `memref`, ...).
pub fn is_type_keyword(text: &str) -> bool {
    matches!(
        text,
        "index"
            | "f16"
            | "bf16"
            | "f32"
            | "f64"
            | "none"
            | "vector"
            | "tensor"
            | "memref"
            | "complex"
            | "tuple"
            | "tf_control"
            | "tf_resource"
            | "tf_variant"
            | "tf_string"
            | "tf_complex64"
            | "tf_complex128"
            | "tf_f32ref"
    ) || (text.len() > 1 && text.starts_with('i') && text[1..].bytes().all(|b| b.is_ascii_digit()))
}

impl<'a> Parser<'a> {
    /// Whether the current token can start a type.
    pub fn at_type(&self) -> bool {
        match self.kind() {
            TokKind::BareId => is_type_keyword(self.text()),
            TokKind::LParen | TokKind::BangId => true,
            _ => false,
        }
    }

    /// Parse a type.
    pub fn parse_type(&mut self) -> PResult<Type> {
        self.nested(false, |p| p.parse_type_inner())
    }

    fn parse_type_inner(&mut self) -> PResult<Type> {
        let span = self.span();
        match self.kind() {
            TokKind::LParen => self.parse_function_type(),
            TokKind::BangId => self.parse_bang_type(),
            TokKind::BareId => {
                let text = self.text();
                let ty = match text {
                    "index" => Type::Index,
                    "f16" => Type::F16,
                    "bf16" => Type::BF16,
                    "f32" => Type::F32,
                    "f64" => Type::F64,
                    "none" => Type::None,
                    "vector" => return self.parse_vector_type(),
                    "tensor" => return self.parse_tensor_type(),
                    "memref" => return self.parse_memref_type(),
                    "complex" => {
                        self.bump();
                        self.expect(TokKind::Less, "'<' in complex type")?;
                        let at = self.span();
                        let elem = self.parse_type()?;
                        self.expect(TokKind::Greater, "'>' in complex type")?;
                        return Type::complex(elem).map_err(|e| self.error_at(at, e));
                    }
                    "tuple" => {
                        self.bump();
                        self.expect(TokKind::Less, "'<' in tuple type")?;
                        let mut elems = Vec::new();
                        if !self.eat(TokKind::Greater) {
                            loop {
                                elems.push(self.parse_type()?);
                                if !self.eat(TokKind::Comma) {
                                    break;
                                }
                            }
                            self.expect(TokKind::Greater, "'>' in tuple type")?;
                        }
                        return Ok(Type::tuple(elems));
                    }
                    // The earliest reference's TensorFlow types are the `tf` dialect's now.
                    t if t.starts_with("tf_") && is_type_keyword(t) => Type::dialect("tf", &t[3..]),
                    t if t.len() > 1 && t.starts_with('i') && t[1..].bytes().all(|b| b.is_ascii_digit()) => {
                        let width: u64 = t[1..].parse().unwrap_or(u64::MAX);
                        Type::integer(width).map_err(|e| self.error_at(span, e))?
                    }
                    _ => return Err(self.error_here("expected non-function type")),
                };
                self.bump();
                Ok(ty)
            }
            _ => Err(self.error_here("expected non-function type")),
        }
    }

    /// Parse `(types) -> result-types`.
    pub fn parse_function_type(&mut self) -> PResult<Type> {
        self.expect(TokKind::LParen, "'(' to start a function type")?;
        let inputs = if self.kind() == TokKind::RParen { Vec::new() } else { self.parse_type_list_no_parens()? };
        self.expect(TokKind::RParen, "')' to end a type list")?;
        self.expect(TokKind::Arrow, "'->' in function type")?;
        let results = self.parse_function_result_types()?;
        Ok(Type::function(inputs, results))
    }

    /// Parse `(types)` or a single non-function type, as after `->`.
    pub fn parse_function_result_types(&mut self) -> PResult<Vec<Type>> {
        if self.eat(TokKind::LParen) {
            let results = if self.kind() == TokKind::RParen { Vec::new() } else { self.parse_type_list_no_parens()? };
            self.expect(TokKind::RParen, "')' to end a type list")?;
            Ok(results)
        } else {
            Ok(vec![self.parse_type()?])
        }
    }

    /// Parse `type (, type)*`.
    pub fn parse_type_list_no_parens(&mut self) -> PResult<Vec<Type>> {
        let mut out = vec![self.parse_type()?];
        while self.eat(TokKind::Comma) {
            out.push(self.parse_type()?);
        }
        Ok(out)
    }

    /// Parse `: type (, type)*`.
    pub fn parse_colon_type_list(&mut self) -> PResult<Vec<Type>> {
        self.expect(TokKind::Colon, "':'")?;
        self.parse_type_list_no_parens()
    }

    /// Consume the `<` of a shaped type and scan its dimension list from the raw text.
    fn parse_dims(&mut self, what: &str) -> PResult<(Vec<Option<u64>>, bool)> {
        if self.kind() != TokKind::Less {
            return Err(self.error_here(format!("expected '<' in {what} type")));
        }
        let lx = self.raw_lexer_after_current();
        let r = lx.scan_dimensions();
        let pos = lx.pos();
        match r {
            Ok(d) => {
                self.resync(pos);
                Ok(d)
            }
            Err((at, msg)) => Err(self.error_at(Span::at(at), msg)),
        }
    }

    fn parse_vector_type(&mut self) -> PResult<Type> {
        let span = self.span();
        self.bump();
        let (dims, unranked) = self.parse_dims("vector")?;
        if dims.is_empty() && !unranked {
            return Err(self.error_here("expected dimension size in vector type"));
        }
        if unranked || dims.iter().any(Option::is_none) {
            return Err(self.error_at(span, "vector types must have static shape"));
        }
        let elem = self.parse_type()?;
        self.expect(TokKind::Greater, "'>' in vector type")?;
        Type::vector(dims.into_iter().map(|d| d.unwrap_or(0)).collect(), elem).map_err(|e| self.error_at(span, e))
    }

    fn parse_tensor_type(&mut self) -> PResult<Type> {
        let span = self.span();
        self.bump();
        let (dims, unranked) = self.parse_dims("tensor")?;
        let shape = if unranked { None } else { Some(to_shape(&dims).map_err(|e| self.error_at(span, e))?) };
        let elem = self.parse_type()?;
        self.expect(TokKind::Greater, "'>' in tensor type")?;
        Type::tensor(shape, elem).map_err(|e| self.error_at(span, e))
    }

    fn parse_memref_type(&mut self) -> PResult<Type> {
        let span = self.span();
        self.bump();
        let (dims, unranked) = self.parse_dims("memref")?;
        if unranked {
            return Err(self.error_at(span, "memref types must have a known rank"));
        }
        let shape = to_shape(&dims).map_err(|e| self.error_at(span, e))?;
        let elem = self.parse_type()?;
        let mut maps: Vec<AffineMap> = Vec::new();
        let mut space = None;
        while self.eat(TokKind::Comma) {
            match self.kind() {
                TokKind::Integer => {
                    if space.is_some() {
                        return Err(self.error_here("multiple memory spaces specified in memref type"));
                    }
                    let v = self.integer_value(self.tok)?;
                    let v = u64::try_from(v).map_err(|_| self.error_here("invalid memory space"))?;
                    space = Some(MemorySpace::Int(v));
                    self.bump();
                }
                TokKind::BareId if self.later && self.text() == "affine_map" => {
                    let at = self.span();
                    match self.parse_attribute()? {
                        Attribute::AffineMap(m) => maps.push(m),
                        _ => return Err(self.error_at(at, "expected affine map in memref type")),
                    }
                }
                TokKind::BareId if !is_type_keyword(self.text()) => {
                    if space.is_some() {
                        return Err(self.error_here("multiple memory spaces specified in memref type"));
                    }
                    let name = self.text();
                    space = Some(MemorySpace::Named(self.intern(name)));
                    self.bump();
                }
                TokKind::HashId | TokKind::LParen => {
                    if space.is_some() {
                        return Err(self.error_here("affine map after memory space in memref type"));
                    }
                    let at = self.span();
                    match self.parse_attribute()? {
                        Attribute::AffineMap(m) => maps.push(m),
                        _ => return Err(self.error_at(at, "expected affine map in memref type")),
                    }
                }
                TokKind::BareId | TokKind::BangId => {
                    return Err(self.error_here("expected affine map in memref type"));
                }
                _ => return Err(self.error_here("expected list element: an affine map or a memory space")),
            }
        }
        self.expect(TokKind::Greater, "'>' in memref type")?;
        Type::memref(shape, elem, maps, space).map_err(|e| self.error_at(span, e))
    }

    fn parse_bang_type(&mut self) -> PResult<Type> {
        let span = self.span();
        let name = &self.text()[1..];
        let end = self.tok.end;
        let next_is_less = self.source().as_bytes().get(end) == Some(&b'<');
        if let Some((dialect, data)) = name.split_once('.') {
            if dialect.is_empty() || data.is_empty() {
                return Err(self.error_at(span, "invalid type identifier"));
            }
            let mut data = data.to_string();
            if next_is_less {
                let lx = self.raw_lexer_after_current();
                match lx.scan_balanced() {
                    Ok((b, e)) => {
                        let pos = lx.pos();
                        data.push('<');
                        data.push_str(&self.source()[b..e]);
                        data.push('>');
                        self.resync(pos);
                    }
                    Err((at, msg)) => return Err(self.error_at(Span::at(at), msg)),
                }
            } else {
                self.bump();
            }
            return Ok(Type::dialect(dialect, &data));
        }
        if next_is_less {
            // The verbose form `!dialect<"data">`.
            self.bump();
            self.bump();
            if self.kind() != TokKind::String {
                return Err(self.error_here("expected string literal data in dialect symbol"));
            }
            let data = unescape(self.text()).map_err(|e| self.error_here(e))?;
            self.bump();
            self.expect(TokKind::Greater, "'>' in dialect symbol")?;
            return Ok(Type::dialect(name, &data));
        }
        match self.module().aliases.ty(name) {
            Some(t) => {
                let t = t.clone();
                self.bump();
                Ok(t)
            }
            None => Err(self.error_at(span, format!("undefined symbol alias id '{name}'"))),
        }
    }
}

fn to_shape(dims: &[Option<u64>]) -> Result<Vec<i64>, String> {
    dims.iter()
        .map(|d| match d {
            None => Ok(DYNAMIC),
            Some(v) => i64::try_from(*v).map_err(|_| "invalid dimension size".to_string()),
        })
        .collect()
}
