//! Parsing attribute values (mlir-langref-late.md "Attribute Values", with the mid reference's
//! `splat` and its type-first `dense<tensor<..>, ..>` spellings).

use std::sync::Arc;

use super::PResult;
use super::lexer::{TokKind, Token};
use super::parse_affine::MapOrSet;
use super::parse_types::is_type_keyword;
use super::parser::Parser;
use crate::ir::{
    Attribute, DenseElements, DenseValues, DialectAttr, Dictionary, ElementsAttr, FloatAttr, IntegerAttr, LocationAttr,
    OpaqueElements, Span, SparseElements, StringAttr, Type, float_bits, normalize_int,
};

/// A literal inside `dense<..>` / `sparse<..>` before the element type is known.
enum Lit {
    List(Vec<Lit>, Span),
    Num { neg: bool, tok: Token },
    Bool(bool, Span),
}

impl Lit {
    fn span(&self) -> Span {
        match self {
            Lit::List(_, s) | Lit::Bool(_, s) => *s,
            Lit::Num { tok, .. } => Span::new(tok.start, tok.end),
        }
    }
}

impl<'a> Parser<'a> {
    /// Parse an attribute value.
    pub fn parse_attribute(&mut self) -> PResult<Attribute> {
        self.nested(false, |p| p.parse_attribute_inner())
    }

    fn parse_attribute_inner(&mut self) -> PResult<Attribute> {
        let span = self.span();
        match self.kind() {
            TokKind::BareId => match self.text() {
                "true" => {
                    self.bump();
                    Ok(Attribute::Bool(true))
                }
                "false" => {
                    self.bump();
                    Ok(Attribute::Bool(false))
                }
                "unit" => {
                    self.bump();
                    Ok(Attribute::Unit)
                }
                "loc" if self.peek().kind == TokKind::LParen => {
                    Ok(Attribute::Location(Arc::new(self.parse_location()?)))
                }
                "dense" | "splat" | "sparse" | "opaque" if self.peek().kind == TokKind::Less => {
                    self.parse_elements_attr()
                }
                "affine_map" | "affine_set" if self.peek().kind == TokKind::Less => {
                    if !self.later {
                        let mut e = self.error_at(
                            span,
                            format!("'{}<..>' is later MLIR's spelling; the 2019 syntax writes the map or set bare, '(d0) -> (d0)'", self.text()),
                        );
                        e.notes.push(crate::ir::Diagnostic::note(
                            span,
                            "--later-syntax reads later MLIR's spellings as aliases",
                        ));
                        return Err(e);
                    }
                    self.parse_wrapped_map_or_set()
                }
                // Anything else is read as a type attribute (and fails as a type, as in MLIR).
                _ => Ok(Attribute::Type(self.parse_type()?)),
            },
            TokKind::Integer | TokKind::Float | TokKind::Minus => self.parse_number_attr(),
            TokKind::String => {
                let s = self.parse_string()?;
                let value: Arc<str> = self.intern(&s);
                let ty = if self.kind() == TokKind::Colon && self.peek_is_type() {
                    self.bump();
                    Some(self.parse_type()?)
                } else {
                    None
                };
                Ok(Attribute::String(StringAttr { value, ty }))
            }
            TokKind::AtId => {
                let name = self.parse_symbol_name()?;
                Ok(Attribute::SymbolRef(self.intern(&name)))
            }
            TokKind::LSquare => {
                self.bump();
                let mut items = Vec::new();
                if !self.eat(TokKind::RSquare) {
                    loop {
                        items.push(self.parse_attribute()?);
                        if !self.eat(TokKind::Comma) {
                            break;
                        }
                    }
                    self.expect(TokKind::RSquare, "']' to end array attribute")?;
                }
                Ok(Attribute::array(items))
            }
            TokKind::LBrace => {
                let entries = self.parse_attr_dict()?;
                // Already sorted and checked for duplicates.
                Ok(Attribute::Dictionary(Dictionary::new(entries).unwrap_or_default()))
            }
            TokKind::HashId => {
                let name = &self.text()[1..];
                let next_is_less = self.source().as_bytes().get(self.tok.end) == Some(&b'<');
                if name.contains('.') || next_is_less {
                    return self.parse_dialect_attr();
                }
                match self.module().aliases.attr(name) {
                    Some(a) => {
                        let a = a.clone();
                        self.bump();
                        Ok(a)
                    }
                    None => Err(self.error_at(span, format!("undefined symbol alias id '{name}'"))),
                }
            }
            TokKind::LParen => {
                if self.paren_starts_affine() {
                    match self.parse_affine_map_or_set()? {
                        MapOrSet::Map(m) => Ok(Attribute::AffineMap(m)),
                        MapOrSet::Set(s) => Ok(Attribute::IntegerSet(s)),
                    }
                } else {
                    Ok(Attribute::Type(self.parse_type()?))
                }
            }
            _ => Ok(Attribute::Type(self.parse_type()?)),
        }
    }

    /// Later MLIR's `affine_map<(d0) -> (d0)>` and `affine_set<(d0) : (d0 >= 0)>`, at the
    /// keyword: the map or set the 2019 syntax writes bare.
    fn parse_wrapped_map_or_set(&mut self) -> PResult<Attribute> {
        let span = self.span();
        let want_map = self.text() == "affine_map";
        self.bump();
        self.expect(TokKind::Less, "'<'")?;
        let a = match self.parse_affine_map_or_set()? {
            MapOrSet::Map(m) if want_map => Attribute::AffineMap(m),
            MapOrSet::Set(s) if !want_map => Attribute::IntegerSet(s),
            MapOrSet::Map(_) => return Err(self.error_at(span, "expected an integer set in 'affine_set<..>'")),
            MapOrSet::Set(_) => return Err(self.error_at(span, "expected an affine map in 'affine_map<..>'")),
        };
        self.expect(TokKind::Greater, "'>'")?;
        Ok(a)
    }

    /// `loc(...)`, at the `loc` keyword.
    pub fn parse_location(&mut self) -> PResult<LocationAttr> {
        self.bump();
        self.expect(TokKind::LParen, "'(' in location")?;
        let l = self.parse_location_inner()?;
        self.expect(TokKind::RParen, "')' in location")?;
        Ok(l)
    }

    fn parse_location_inner(&mut self) -> PResult<LocationAttr> {
        self.nested(false, Self::parse_location_inner_unguarded)
    }

    fn parse_location_inner_unguarded(&mut self) -> PResult<LocationAttr> {
        match self.kind() {
            TokKind::BareId if self.text() == "unknown" => {
                self.bump();
                Ok(LocationAttr::Unknown)
            }
            TokKind::BareId if self.text() == "callsite" => {
                self.bump();
                self.expect(TokKind::LParen, "'(' in callsite location")?;
                let callee = self.parse_location_inner()?;
                if !self.eat_keyword("at") {
                    return Err(self.error_here("expected 'at' in callsite"));
                }
                let caller = self.parse_location_inner()?;
                self.expect(TokKind::RParen, "')' in callsite location")?;
                Ok(LocationAttr::CallSite { callee: Box::new(callee), caller: Box::new(caller) })
            }
            TokKind::BareId if self.text() == "fused" => {
                self.bump();
                let metadata = if self.eat(TokKind::Less) {
                    let a = self.parse_attribute()?;
                    self.expect(TokKind::Greater, "'>' after fused location metadata")?;
                    Some(a)
                } else {
                    None
                };
                self.expect(TokKind::LSquare, "'[' in fused location")?;
                let mut locations = Vec::new();
                if !self.eat(TokKind::RSquare) {
                    loop {
                        locations.push(self.parse_location_inner()?);
                        if !self.eat(TokKind::Comma) {
                            break;
                        }
                    }
                    self.expect(TokKind::RSquare, "']' in fused location")?;
                }
                Ok(LocationAttr::Fused { metadata, locations })
            }
            TokKind::String => {
                let text = self.parse_string()?;
                if self.eat(TokKind::Colon) {
                    let line = self.parse_location_number("expected integer line number in FileLineColLoc")?;
                    self.expect(TokKind::Colon, "':' in FileLineColLoc")?;
                    let col = self.parse_location_number("expected integer column number in FileLineColLoc")?;
                    return Ok(LocationAttr::FileLineCol { file: text.into(), line, col });
                }
                let child = if self.eat(TokKind::LParen) {
                    let c = self.parse_location_inner()?;
                    self.expect(TokKind::RParen, "')' after child location of NameLoc")?;
                    Some(Box::new(c))
                } else {
                    None
                };
                Ok(LocationAttr::Name { name: text.into(), child })
            }
            _ => Err(self.error_here("expected location instance")),
        }
    }

    fn parse_location_number(&mut self, msg: &str) -> PResult<u64> {
        if self.kind() != TokKind::Integer {
            return Err(self.error_here(msg));
        }
        let n = self.parse_integer()?;
        u64::try_from(n).map_err(|_| self.error_here(msg))
    }

    /// `#dialect.data<body>` or `#dialect<"data">`, then an optional `: type`.
    fn parse_dialect_attr(&mut self) -> PResult<Attribute> {
        let span = self.span();
        let name = &self.text()[1..];
        let next_is_less = self.source().as_bytes().get(self.tok.end) == Some(&b'<');
        let (dialect, data) = if let Some((dialect, data)) = name.split_once('.') {
            if dialect.is_empty() || data.is_empty() {
                return Err(self.error_at(span, "invalid attribute identifier"));
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
            (dialect.to_string(), data)
        } else {
            let dialect = name.to_string();
            self.bump();
            self.bump();
            if self.kind() != TokKind::String {
                return Err(self.error_here("expected string literal data in dialect symbol"));
            }
            let data = super::lexer::unescape(self.text()).map_err(|e| self.error_here(e))?;
            self.bump();
            self.expect(TokKind::Greater, "'>' in dialect symbol")?;
            (dialect, data)
        };
        let ty = if self.kind() == TokKind::Colon && self.peek_is_type() {
            self.bump();
            Some(self.parse_type()?)
        } else {
            None
        };
        Ok(Attribute::Dialect(Arc::new(DialectAttr { dialect: dialect.into(), data: data.into(), ty })))
    }

    fn peek_is_type(&self) -> bool {
        let t = self.peek();
        match t.kind {
            TokKind::BareId => is_type_keyword(self.token_text(t)),
            TokKind::LParen | TokKind::BangId => true,
            _ => false,
        }
    }

    /// Whether the `(` at the current position starts an affine map or integer set rather than
    /// a function type: `(d0, ..)`, `()[..]`, `() : ..` and `() -> (constant)` do.
    fn paren_starts_affine(&self) -> bool {
        let mut lx = self.checkpoint_lexer();
        let t1 = lx.next_token();
        match t1.kind {
            TokKind::BareId => !is_type_keyword(self.token_text(t1)),
            TokKind::RParen => {
                let t2 = lx.next_token();
                match t2.kind {
                    TokKind::LSquare | TokKind::Colon => true,
                    TokKind::Arrow => {
                        let t3 = lx.next_token();
                        if t3.kind != TokKind::LParen {
                            return false;
                        }
                        let t4 = lx.next_token();
                        match t4.kind {
                            TokKind::Integer | TokKind::Minus => true,
                            TokKind::BareId => !is_type_keyword(self.token_text(t4)),
                            _ => false,
                        }
                    }
                    _ => false,
                }
            }
            _ => false,
        }
    }

    fn parse_number_attr(&mut self) -> PResult<Attribute> {
        let start = self.span();
        let neg = self.eat(TokKind::Minus);
        let tok = self.tok;
        let is_hex = self.text().starts_with("0x");
        match tok.kind {
            TokKind::Integer => {
                let v = self.integer_value(tok)?;
                self.bump();
                let ty = if self.kind() == TokKind::Colon && self.peek_is_type() {
                    self.bump();
                    Some((self.span(), self.parse_type()?))
                } else {
                    None
                };
                let span = start.to(Span::at(tok.end));
                match ty {
                    None => {
                        let v = if neg { -v } else { v };
                        Ok(Attribute::Integer(
                            IntegerAttr::new(v, Type::Integer(64)).map_err(|e| self.error_at(span, e))?,
                        ))
                    }
                    Some((_, t)) if t.is_float() => {
                        if !is_hex {
                            return Err(self.error_at(
                                span,
                                format!("unexpected decimal integer literal for a float attribute of type '{t}' (expected integer type; write 42.0, or the bits in hexadecimal)"),
                            ));
                        }
                        if neg {
                            return Err(
                                self.error_at(span, "hexadecimal float literal should not have a leading minus")
                            );
                        }
                        let bits = u64::try_from(v).map_err(|_| {
                            self.error_at(span, "hexadecimal float constant out of range for attribute")
                        })?;
                        Ok(Attribute::Float(FloatAttr::from_bits(bits, t).map_err(|e| self.error_at(span, e))?))
                    }
                    Some((tspan, t)) if t.is_int_or_index() => {
                        let v = if neg { -v } else { v };
                        Ok(Attribute::Integer(IntegerAttr::new(v, t).map_err(|e| self.error_at(span.to(tspan), e))?))
                    }
                    Some((tspan, t)) => {
                        Err(self
                            .error_at(tspan, format!("integer literal requires an integer or index type, got '{t}'")))
                    }
                }
            }
            TokKind::Float => {
                let text = self.text();
                self.bump();
                let ty = if self.kind() == TokKind::Colon && self.peek_is_type() {
                    self.bump();
                    let tspan = self.span();
                    let t = self.parse_type()?;
                    if !t.is_float() {
                        return Err(self.error_at(tspan, format!("expected float type, got '{t}'")));
                    }
                    t
                } else {
                    Type::F64
                };
                let bits = parse_float_bits(text, neg, &ty).map_err(|e| self.error_at(start, e))?;
                Ok(Attribute::Float(FloatAttr { bits, ty }))
            }
            _ => Err(self.error_here("expected integer or float literal")),
        }
    }

    // ---- elements -------------------------------------------------------------------------------

    fn parse_elements_attr(&mut self) -> PResult<Attribute> {
        let kw = self.text();
        let kw_span = self.span();
        self.bump();
        self.expect(TokKind::Less, "'<'")?;
        // The mid reference writes the type first: `dense<tensor<2xi32>, [1, 2]>`.
        // Anything that cannot start an element literal is read as that type, for its error.
        let literal_start =
            matches!(self.kind(), TokKind::Integer | TokKind::Float | TokKind::Minus | TokKind::LSquare)
                || (self.kind() == TokKind::BareId && matches!(self.text(), "true" | "false"));
        let mut ty = if (self.at_type() || !literal_start) && kw != "opaque" {
            let t = self.parse_type()?;
            self.expect(TokKind::Comma, "','")?;
            Some(t)
        } else {
            None
        };
        let attr = match kw {
            "opaque" => {
                let dialect = match self.kind() {
                    TokKind::String => self.parse_string()?,
                    TokKind::BareId => {
                        let d = self.text().to_string();
                        self.bump();
                        d
                    }
                    _ => return Err(self.error_here("expected dialect namespace")),
                };
                self.expect(TokKind::Comma, "','")?;
                if self.at_type() {
                    ty = Some(self.parse_type()?);
                    self.expect(TokKind::Comma, "','")?;
                }
                let hex_span = self.span();
                let hex = self.parse_string()?;
                if !hex.starts_with("0x") {
                    return Err(self.error_at(hex_span, "opaque string should start with '0x'"));
                }
                if !hex[2..].bytes().all(|b| b.is_ascii_hexdigit()) {
                    return Err(self.error_at(hex_span, "opaque string only contains hex digits"));
                }
                self.expect(TokKind::Greater, "'>'")?;
                let ty = self.elements_type(ty, kw_span, false)?;
                if !self.dialects.is_registered_dialect(&dialect) {
                    return Err(self.error_at(kw_span, format!("no registered dialect with namespace '{dialect}'")));
                }
                ElementsAttr::Opaque(OpaqueElements { ty, dialect: dialect.into(), hex: hex.into() })
            }
            "sparse" => {
                let indices = self.parse_literal()?;
                self.expect(TokKind::Comma, "','")?;
                let values = self.parse_literal()?;
                self.expect(TokKind::Greater, "'>'")?;
                let ty = self.elements_type(ty, kw_span, true)?;
                self.build_sparse(ty, indices, values)?
            }
            _ => {
                let lit = self.parse_literal()?;
                self.expect(TokKind::Greater, "'>'")?;
                let ty = self.elements_type(ty, kw_span, true)?;
                if kw == "splat" && matches!(lit, Lit::List(..)) {
                    return Err(self.error_at(lit.span(), "expected a single value in a splat attribute"));
                }
                self.build_dense(ty, lit)?
            }
        };
        Ok(Attribute::Elements(Arc::new(attr)))
    }

    /// The type after `: ` (late form) or the one given first (mid form): a vector or tensor,
    /// with a static shape when values are given.
    fn elements_type(&mut self, given: Option<Type>, at: Span, need_static: bool) -> PResult<Type> {
        let (span, ty) = match given {
            Some(t) => (at, t),
            None => {
                self.expect(TokKind::Colon, "':' and the type of the elements attribute")?;
                let span = self.span();
                (span, self.parse_type()?)
            }
        };
        match &ty {
            Type::Vector(_) => {}
            Type::Tensor(t) => {
                if need_static && t.shape.as_ref().is_none_or(|s| s.iter().any(|&d| d < 0)) {
                    return Err(self.error_at(span, "elements literal type must have static shape"));
                }
            }
            _ => return Err(self.error_at(span, "elements literal must be a ranked tensor or vector type")),
        }
        Ok(ty)
    }

    fn parse_literal(&mut self) -> PResult<Lit> {
        self.nested(false, |p| {
            let span = p.span();
            match p.kind() {
                TokKind::LSquare => {
                    p.bump();
                    let mut items = Vec::new();
                    if !p.eat(TokKind::RSquare) {
                        loop {
                            items.push(p.parse_literal()?);
                            if !p.eat(TokKind::Comma) {
                                break;
                            }
                        }
                        p.expect(TokKind::RSquare, "']' in elements literal")?;
                    }
                    Ok(Lit::List(items, span.to(Span::at(p.prev_end()))))
                }
                TokKind::Minus => {
                    p.bump();
                    if !matches!(p.kind(), TokKind::Integer | TokKind::Float) {
                        return Err(p.error_here("expected number after '-'"));
                    }
                    let tok = p.tok;
                    p.bump();
                    Ok(Lit::Num { neg: true, tok })
                }
                TokKind::Integer | TokKind::Float => {
                    let tok = p.tok;
                    p.bump();
                    Ok(Lit::Num { neg: false, tok })
                }
                TokKind::BareId if p.text() == "true" || p.text() == "false" => {
                    let b = p.text() == "true";
                    p.bump();
                    Ok(Lit::Bool(b, span))
                }
                _ => Err(p.error_here("expected element literal of primitive type")),
            }
        })
    }

    fn build_dense(&mut self, ty: Type, lit: Lit) -> PResult<ElementsAttr> {
        let elem = ty.element_type().clone();
        let expected: Vec<i64> = ty.shape().unwrap_or_default();
        let mut flat = Vec::new();
        let values = match lit {
            Lit::List(..) => {
                let shape = self.literal_shape(&lit)?;
                if shape != expected {
                    return Err(self.error_at(
                        lit.span(),
                        format!("inferred shape of elements literal ({shape:?}) does not match type ({expected:?})"),
                    ));
                }
                flatten(lit, &mut flat);
                self.convert_values(&flat, &elem)?
            }
            scalar => self.convert_values(&[scalar], &elem)?,
        };
        Ok(ElementsAttr::Dense(DenseElements { ty, values: values.into_canonical() }))
    }

    fn build_sparse(&mut self, ty: Type, indices: Lit, values: Lit) -> PResult<ElementsAttr> {
        let elem = ty.element_type().clone();
        let rank = ty.rank().unwrap_or(0);
        let shape = ty.shape().unwrap_or_default();
        let ispan = indices.span();
        let per = rank.max(1);
        // A scalar index is the same coordinate along every dimension (a splat).
        let scalar_index = !matches!(indices, Lit::List(..));
        let mut flat_idx = Vec::new();
        flatten(indices, &mut flat_idx);
        let mut idx = Vec::with_capacity(flat_idx.len());
        for l in &flat_idx {
            match l {
                Lit::Num { neg: false, tok } if tok.kind == TokKind::Integer => {
                    let v = self.integer_value(*tok)?;
                    idx.push(i64::try_from(v).map_err(|_| self.error_at(l.span(), "sparse index out of range"))?);
                }
                _ => return Err(self.error_at(l.span(), "expected non-negative integer sparse index")),
            }
        }
        if scalar_index {
            idx = vec![idx.first().copied().unwrap_or(0); per];
        }
        if idx.len() % per != 0 {
            return Err(self.error_at(ispan, format!("sparse indices must have {per} entries per element")));
        }
        for chunk in idx.chunks(per) {
            for (d, &i) in chunk.iter().enumerate() {
                if rank > 0 && shape.get(d).is_some_and(|&n| i >= n) {
                    return Err(self.error_at(ispan, format!("sparse index {i} is out of bounds for dimension {d}")));
                }
            }
        }
        let n = idx.len() / per;
        let vspan = values.span();
        let flat_vals = match values {
            Lit::List(items, span) => {
                if items.iter().any(|i| matches!(i, Lit::List(..))) {
                    return Err(self.error_at(span, "expected 1-d tensor for values"));
                }
                items
            }
            // A scalar value is the value of every listed element.
            Lit::Num { neg, tok } => (0..n).map(|_| Lit::Num { neg, tok }).collect(),
            Lit::Bool(b, s) => (0..n).map(|_| Lit::Bool(b, s)).collect(),
        };
        if flat_vals.len() != n {
            return Err(self
                .error_at(vspan, format!("expected {n} sparse values to match the indices, got {}", flat_vals.len())));
        }
        let values = self.convert_values(&flat_vals, &elem)?;
        Ok(ElementsAttr::Sparse(SparseElements { ty, indices: idx, values }))
    }

    fn literal_shape(&self, lit: &Lit) -> PResult<Vec<i64>> {
        match lit {
            Lit::List(items, span) => {
                let mut inner: Option<Vec<i64>> = None;
                for it in items {
                    let s = self.literal_shape(it)?;
                    match &inner {
                        None => inner = Some(s),
                        Some(prev) if *prev != s => {
                            return Err(self.error_at(
                                *span,
                                "tensor literal is invalid; ranks are not consistent between elements",
                            ));
                        }
                        _ => {}
                    }
                }
                let mut shape = vec![items.len() as i64];
                shape.extend(inner.unwrap_or_default());
                Ok(shape)
            }
            _ => Ok(Vec::new()),
        }
    }

    fn convert_values(&self, lits: &[Lit], elem: &Type) -> PResult<DenseValues> {
        if elem.is_int_or_index() {
            let width = elem.bit_width().unwrap_or(64);
            let mut out = Vec::with_capacity(lits.len());
            for l in lits {
                let v = match l {
                    Lit::Bool(b, _) => {
                        if width != 1 {
                            return Err(self.error_at(l.span(), "expected i1 type for 'true' or 'false' values"));
                        }
                        i128::from(*b)
                    }
                    Lit::Num { neg, tok } if tok.kind == TokKind::Integer => {
                        let v = self.integer_value(*tok)?;
                        if *neg { -v } else { v }
                    }
                    Lit::Num { .. } => {
                        return Err(self.error_at(l.span(), "expected integer elements, but parsed floating-point"));
                    }
                    Lit::List(..) => return Err(self.error_at(l.span(), "expected a scalar element")),
                };
                out.push(normalize_int(v, width).map_err(|e| self.error_at(l.span(), e))?);
            }
            Ok(DenseValues::Int(out))
        } else if elem.is_float() {
            let mut out = Vec::with_capacity(lits.len());
            for l in lits {
                let bits = match l {
                    Lit::Num { neg, tok } if tok.kind == TokKind::Integer => {
                        // Integers stand for floats only as hexadecimal bit patterns.
                        if !self.token_text(*tok).starts_with("0x") {
                            return Err(self.error_at(l.span(), "expected floating-point elements, but parsed integer"));
                        }
                        if *neg {
                            return Err(
                                self.error_at(l.span(), "hexadecimal float literal should not have a leading minus")
                            );
                        }
                        let v = self.integer_value(*tok)?;
                        let bits = u64::try_from(v).map_err(|_| {
                            self.error_at(l.span(), "hexadecimal float constant out of range for attribute")
                        })?;
                        FloatAttr::from_bits(bits, elem.clone()).map_err(|e| self.error_at(l.span(), e))?.bits
                    }
                    Lit::Num { neg, tok } => {
                        parse_float_bits(self.token_text(*tok), *neg, elem).map_err(|e| self.error_at(l.span(), e))?
                    }
                    Lit::Bool(..) => {
                        return Err(self.error_at(l.span(), "expected floating-point elements, but parsed integer"));
                    }
                    Lit::List(..) => return Err(self.error_at(l.span(), "expected a scalar element")),
                };
                out.push(bits);
            }
            Ok(DenseValues::Float(out))
        } else {
            Err(self.error_at(
                lits.first().map(Lit::span).unwrap_or_default(),
                format!("unsupported element type '{elem}' in elements literal"),
            ))
        }
    }

    fn checkpoint_lexer(&self) -> super::lexer::Lexer<'a> {
        let mut lx = super::lexer::Lexer::new(self.source());
        lx.reset(self.tok.end);
        lx
    }
}

fn flatten(lit: Lit, out: &mut Vec<Lit>) {
    match lit {
        Lit::List(items, _) => {
            for it in items {
                flatten(it, out);
            }
        }
        other => out.push(other),
    }
}

/// The bits of a decimal float literal rounded to float type `ty` (from the text, so `f32` is
/// rounded once).
fn parse_float_bits(text: &str, neg: bool, ty: &Type) -> Result<u64, String> {
    let bits = if *ty == Type::F32 {
        let v: f32 = text.parse().map_err(|_| format!("invalid float literal '{text}'"))?;
        u64::from((if neg { -v } else { v }).to_bits())
    } else {
        let v: f64 = text.parse().map_err(|_| format!("invalid float literal '{text}'"))?;
        float_bits(if neg { -v } else { v }, ty)?
    };
    Ok(bits)
}
