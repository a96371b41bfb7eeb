//! The language's own structure: the top level (aliases, implicit module), `module`, and
//! functions — in the late form (`func`) and the earliest one (`cfgfunc`, `mlfunc`, `extfunc`,
//! bare `bb0:` labels), which is upgraded to the late form as it is read.
//!
//! A function is the op `func` with attributes `sym_name` (string), `type` (its function
//! type), optionally `arg_attrs` (an array of one dictionary per argument), any user attributes,
//! and one region: empty for an external declaration, otherwise its body whose entry block
//! arguments are the function arguments. `module` holds one region with one block and no
//! terminator. Their verification lives in `dialect::builtin`.

use super::PResult;
use super::lexer::TokKind;
use super::parser::{Parser, RegionArg};
use crate::ir::{Attribute, Dictionary, NamedAttr, Op, OperationState, Span, StringAttr, Type};

/// Attribute names of `func` that the custom form writes itself.
pub const FUNC_RESERVED_ATTRS: [&str; 3] = ["sym_name", "type", "arg_attrs"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum FnStyle {
    Late,
    Cfg,
    Ml,
    Ext,
}

impl<'a> Parser<'a> {
    /// Parse a whole input: alias definitions and top-level operations into the module body.
    pub(super) fn parse_top_level(&mut self) -> PResult<()> {
        let body = self.m.top_block();
        self.set_insertion(Some(body));
        self.push_scope(true);
        loop {
            match self.kind() {
                TokKind::Eof => break,
                TokKind::HashId => self.parse_attr_alias()?,
                TokKind::BangId => self.parse_type_alias()?,
                TokKind::Error => return Err(self.error_here("unexpected input")),
                _ => self.parse_operation()?,
            }
        }
        self.pop_scope()?;
        self.apply_substitutions();
        // A file holding exactly one explicit `module` is that module.
        let ops = self.m.block(body).ops.clone();
        // (Only a module with its one body block; a malformed one stays nested for the verifier.)
        if let [only] = ops.as_slice()
            && self.m.op_name(*only) == "module"
            && let [region] = self.m.op(*only).regions.as_slice()
            && self.m.region(*region).blocks.len() == 1
        {
            self.m.detach_op(*only);
            self.m.set_top(*only);
        }
        Ok(())
    }

    fn parse_attr_alias(&mut self) -> PResult<()> {
        let span = self.span();
        let name = &self.text()[1..];
        if name.contains('.') {
            return Err(self.error_at(span, "attribute names with a '.' are reserved for dialect-defined names"));
        }
        self.bump();
        self.expect(TokKind::Equal, "'=' in attribute alias definition")?;
        let value = self.parse_attribute()?;
        if self.m.aliases.attr(name).is_some() {
            return Err(self.error_at(span, format!("redefinition of attribute alias id '{name}'")));
        }
        let name = self.intern(name);
        self.m.aliases.add_attr(name, value);
        Ok(())
    }

    fn parse_type_alias(&mut self) -> PResult<()> {
        let span = self.span();
        let name = &self.text()[1..];
        if name.contains('.') {
            return Err(self.error_at(span, "type names with a '.' are reserved for dialect-defined names"));
        }
        self.bump();
        self.expect(TokKind::Equal, "'=' in type alias definition")?;
        self.expect_keyword_msg("type", "expected 'type' in type alias definition")?;
        let ty = self.parse_type()?;
        if self.m.aliases.ty(name).is_some() {
            return Err(self.error_at(span, format!("redefinition of type alias id '{name}'")));
        }
        let name = self.intern(name);
        self.m.aliases.add_type(name, ty);
        Ok(())
    }

    /// `module (attributes {..})? { ops }`.
    pub(super) fn parse_module_op(&mut self) -> PResult<Op> {
        let span = self.span();
        self.bump();
        let attrs = if self.eat_keyword("attributes") { self.parse_attr_dict()? } else { Vec::new() };
        if self.kind() != TokKind::LBrace {
            return Err(self.error_here("expected '{' to begin the module body"));
        }
        let saved = self.legacy_labels;
        self.legacy_labels = false;
        let region = self.parse_region(None, true, None);
        self.legacy_labels = saved;
        let region = region?;
        match self.m.region(region).blocks.len() {
            0 => {
                self.m.append_block(region, &[]);
            }
            1 => {}
            _ => return Err(self.error_at(span, "a module body must be a single block")),
        }
        if let Some(b) = self.m.entry_block(region)
            && !self.m.block(b).args.is_empty()
        {
            return Err(self.error_at(span, "a module body cannot have block arguments"));
        }
        let name = self.intern("module");
        Ok(self.create_op(OperationState {
            name,
            attrs,
            regions: smallvec::smallvec![region],
            span: Some(span),
            ..Default::default()
        }))
    }

    /// `func @name(args) -> results (attributes {..})? region?`.
    pub(super) fn parse_func(&mut self) -> PResult<Op> {
        let span = self.span();
        self.bump();
        // Later MLIR: `func.func private @f(..)`, kept as the `sym_visibility` attribute.
        let visibility = match self.text() {
            v @ ("private" | "public" | "nested") if self.later && self.kind() == TokKind::BareId => {
                let v = self.intern(v);
                self.bump();
                Some(v)
            }
            _ => None,
        };
        let op = self.parse_function_rest(span, FnStyle::Late)?;
        if let Some(v) = visibility {
            self.m.set_attr(op, "sym_visibility", Attribute::String(StringAttr { value: v, ty: None }));
        }
        Ok(op)
    }

    /// `cfgfunc`, `mlfunc` and `extfunc` of the earliest reference, upgraded to `func`.
    pub(super) fn parse_legacy_func(&mut self) -> PResult<Op> {
        let span = self.span();
        let style = match self.text() {
            "cfgfunc" => FnStyle::Cfg,
            "mlfunc" => FnStyle::Ml,
            _ => FnStyle::Ext,
        };
        self.bump();
        self.parse_function_rest(span, style)
    }

    fn parse_function_rest(&mut self, span: Span, style: FnStyle) -> PResult<Op> {
        let sym = self.parse_symbol_name()?;
        self.expect(TokKind::LParen, "'(' to start the argument list")?;
        let mut named: Vec<RegionArg<'a>> = Vec::new();
        let mut inputs = Vec::new();
        let mut arg_attrs: Vec<Vec<NamedAttr>> = Vec::new();
        let mut is_named = None;
        if !self.eat(TokKind::RParen) {
            loop {
                let this_named = self.kind() == TokKind::PercentId;
                if *is_named.get_or_insert(this_named) != this_named {
                    return Err(self.error_here(if this_named {
                        "expected type instead of SSA identifier (arguments are either all named or all unnamed)"
                    } else {
                        "expected SSA identifier (arguments are either all named or all unnamed)"
                    }));
                }
                if this_named {
                    let a = self.parse_operand()?;
                    self.expect(TokKind::Colon, "':' and the argument type")?;
                    let ty = self.parse_type()?;
                    named.push(RegionArg { name: a.name, ty: ty.clone(), span: a.span });
                    inputs.push(ty);
                } else {
                    inputs.push(self.parse_type()?);
                }
                arg_attrs.push(self.parse_optional_attr_dict()?);
                if !self.eat(TokKind::Comma) {
                    break;
                }
            }
            self.expect(TokKind::RParen, "')' to end the argument list")?;
        }
        let results = if self.eat(TokKind::Arrow) { self.parse_function_result_types()? } else { Vec::new() };
        let mut attrs = Vec::new();
        if self.eat_keyword("attributes") {
            let at = self.span();
            attrs = self.parse_attr_dict()?;
            if let Some(a) = attrs.iter().find(|a| FUNC_RESERVED_ATTRS.contains(&&*a.name)) {
                return Err(self.error_at(at, format!("'{}' is a reserved attribute name of functions", a.name)));
            }
        }
        let region = if self.kind() == TokKind::LBrace && style != FnStyle::Ext {
            let brace = self.span();
            let saved = (self.legacy_labels, self.legacy_binding);
            self.legacy_labels = style == FnStyle::Cfg;
            self.legacy_binding = matches!(style, FnStyle::Cfg | FnStyle::Ml);
            let r = if is_named == Some(true) {
                self.parse_region(Some(named), true, None)
            } else {
                self.parse_region(None, true, None)
            };
            (self.legacy_labels, self.legacy_binding) = saved;
            let r = r?;
            // A declaration has no region at all; `{}` is a definition without its body.
            if self.m.region(r).blocks.is_empty() {
                return Err(self.error_at(brace, "function must have a body"));
            }
            r
        } else {
            self.m.create_region()
        };
        let mut state = OperationState::new(self.intern("func")).at(span).region(region);
        state.attrs = attrs;
        state.attrs.push(NamedAttr { name: self.intern("sym_name"), value: Attribute::string(&sym) });
        state
            .attrs
            .push(NamedAttr { name: self.intern("type"), value: Attribute::Type(Type::function(inputs, results)) });
        if arg_attrs.iter().any(|a| !a.is_empty()) {
            let dicts =
                arg_attrs.into_iter().map(|a| Attribute::Dictionary(Dictionary::new(a).unwrap_or_default())).collect();
            state.attrs.push(NamedAttr { name: self.intern("arg_attrs"), value: Attribute::array(dicts) });
        }
        Ok(self.create_op(state))
    }
}
