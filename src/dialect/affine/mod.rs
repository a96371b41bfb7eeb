//! The affine dialect: `affine.for`, `affine.if`, `affine.apply`, `affine.load`, `affine.store`
//! and the implicit `affine.terminator` (mlir-langref-early.md "'for' statement", "'if'
//! statement", "'affine_apply' operation"; mlir-langref-late.md).
//!
//! Representation:
//! - `affine.for`: attributes `lower_bound`, `upper_bound` (affine maps) and `step` (a positive
//!   `index` integer); operands: the lower bound's map operands, then the upper bound's; one
//!   region of one block whose single `index` argument is the induction variable. A bound with
//!   several results is their maximum (lower) or minimum (upper).
//! - `affine.if`: attribute `condition` (an integer set) applied to the operands; a then region
//!   and an else region (possibly empty).
//! - `affine.apply`: attribute `map` (one result); the result is `index`.
//! - `affine.load` / `affine.store`: attribute `map` from the operands after the memref (and,
//!   for the store, the value) to the subscripts; written `%A[%i + 1, symbol(%n)]`.
//!
//! Dimensions and symbols (mlir-langref-early.md "Dimensions and Symbols"): a symbol may be
//! bound to a function argument, a value defined at the function's top level, a `constant`,
//! a `dim` of a top-level memref, or an `affine.apply` of symbols; a dimension additionally to
//! any block argument (loop induction variables) and `affine.apply` of dimensions. The bounds of
//! `affine.for`, the condition of `affine.if`, the subscripts of `affine.load`/`affine.store`,
//! and `affine.apply` inside an affine construct are checked against these rules.
//!
//! The earliest reference's `for`, `if` (with `else if`) and `affine_apply` (whose multi-result
//! maps become one `affine.apply` per result) are read as these ops.

use crate::dialect::{FoldResult, OpDef, Traits, VerifyCx};
use crate::ir::{
    AffineMap, Attribute, Diagnostic, IntegerAttr, Module, Op, OperationState, Span, Type, Value, ValueDef, Values,
};
use crate::syntax::{PResult, Parser, Printer, RegionArg, TokKind, UnresolvedOperand};

/// The affine ops.
pub(crate) static OPS: &[&OpDef] = &[&FOR, &IF, &APPLY, &LOAD, &STORE, &TERMINATOR];

/// `affine.for`.
pub static FOR: OpDef = OpDef {
    name: "affine.for",
    keyword: "affine.for",
    parse: Some(parse_for),
    print: Some(print_for),
    verify: verify_for,
    fold: None,
    lower: Some(lower_for),
    interp: Some(interp_for),
    traits: Traits::NONE,
    summary: "a loop from max(lower bounds) to min(upper bounds) by a positive step",
};

/// `affine.if`.
pub static IF: OpDef = OpDef {
    name: "affine.if",
    keyword: "affine.if",
    parse: Some(parse_if),
    print: Some(print_if),
    verify: verify_if,
    fold: None,
    lower: Some(lower_if),
    interp: Some(interp_if),
    traits: Traits::NONE,
    summary: "run the then region if the point is in the integer set, else the else region",
};

/// `affine.apply`.
pub static APPLY: OpDef = OpDef {
    name: "affine.apply",
    keyword: "affine.apply",
    parse: Some(parse_apply),
    print: Some(print_apply),
    verify: verify_apply,
    fold: Some(fold_apply),
    lower: Some(lower_apply),
    interp: Some(interp_apply),
    traits: Traits::PURE,
    summary: "apply a single-result affine map to index operands",
};

/// `affine.load`.
pub static LOAD: OpDef = OpDef {
    name: "affine.load",
    keyword: "affine.load",
    parse: Some(parse_load),
    print: Some(print_load),
    verify: verify_load,
    fold: None,
    lower: Some(lower_affine_load),
    interp: Some(interp_affine_load),
    traits: Traits::NONE,
    summary: "read a memref element at affine subscripts",
};

/// `affine.store`.
pub static STORE: OpDef = OpDef {
    name: "affine.store",
    keyword: "affine.store",
    parse: Some(parse_store),
    print: Some(print_store),
    verify: verify_store,
    fold: None,
    lower: Some(lower_affine_store),
    interp: Some(interp_affine_store),
    traits: Traits::NONE,
    summary: "write a memref element at affine subscripts",
};

/// `affine.terminator`.
pub static TERMINATOR: OpDef = OpDef {
    name: "affine.terminator",
    keyword: "",
    parse: None,
    print: None,
    verify: verify_terminator,
    fold: None,
    lower: Some(lower_terminator),
    interp: Some(interp_terminator),
    traits: Traits { terminator: true, implicit_terminator: true, ..Traits::NONE },
    summary: "the implicit end of an affine.for or affine.if body",
};

/// Keywords of the earliest reference.
pub(crate) static LEGACY_KEYWORDS: &[(&str, crate::syntax::ParseFn)] =
    &[("for", parse_for), ("if", parse_if), ("affine_apply", parse_legacy_apply)];

/// Generic-form names of the earliest reference.
pub(crate) static LEGACY_NAMES: &[(&str, &str)] = &[("affine_apply", "affine.apply")];

const TERMINATOR_NAME: &str = "affine.terminator";

// ---- dimension and symbol rules ---------------------------------------------------------------

fn is_function_region_op(m: &Module, op: Op) -> bool {
    m.parent_op(op).is_some_and(|p| m.op_name(p) == "func")
}

/// A function argument or a value defined at the function's top level.
fn is_top_level_value(m: &Module, v: Value) -> bool {
    match m.value(v).def {
        ValueDef::Result(op, _) => is_function_region_op(m, op),
        ValueDef::Arg(b, _) => {
            m.parent_op_of_block(b).is_some_and(|f| m.op_name(f) == "func")
                && m.parent_region(b).and_then(|r| m.entry_block(r)) == Some(b)
        }
        ValueDef::Detached => false,
    }
}

/// How one value stands under a dimension or symbol rule: it holds, it fails, or it holds when
/// it holds for every operand of this `affine.apply`.
enum Standing {
    Holds,
    Fails,
    IfOperands(Op),
}

/// Whether a rule holds for `v`, following `affine.apply` operands with a worklist: chains may be
/// long, and an invalid module may have a use that is its own definition (`%k = affine.apply
/// ..(%k)`), which the dominance check reports.
fn holds_through_applies(m: &Module, v: Value, standing: impl Fn(&Module, Value) -> Standing) -> bool {
    // Most values stand on their own (an induction variable, a constant): no worklist.
    let first = match standing(m, v) {
        Standing::Holds => return true,
        Standing::Fails => return false,
        Standing::IfOperands(op) => op,
    };
    let mut seen = rustc_hash::FxHashSet::from_iter([v]);
    let mut work: Vec<Value> = m.op(first).operands.to_vec();
    while let Some(v) = work.pop() {
        if !seen.insert(v) {
            continue;
        }
        match standing(m, v) {
            Standing::Holds => {}
            Standing::Fails => return false,
            Standing::IfOperands(op) => work.extend(m.op(op).operands.iter().copied()),
        }
    }
    true
}

/// The standing of a value under the symbol rule (`dim` is false) or the dimension rule.
fn standing(m: &Module, v: Value, dim: bool) -> Standing {
    let holds = |b: bool| if b { Standing::Holds } else { Standing::Fails };
    if !m.value_type(v).is_index() {
        return Standing::Fails;
    }
    match m.value(v).def {
        ValueDef::Result(op, _) if is_function_region_op(m, op) => Standing::Holds,
        ValueDef::Result(op, _) => match m.op_name(op) {
            "std.constant" => Standing::Holds,
            "affine.apply" => Standing::IfOperands(op),
            "std.dim" => holds(m.op(op).operands.first().is_some_and(|&x| is_top_level_value(m, x))),
            _ => Standing::Fails,
        },
        ValueDef::Arg(..) if dim => Standing::Holds,
        _ => holds(is_top_level_value(m, v)),
    }
}

/// Whether `v` may be bound to a symbol.
pub(crate) fn is_valid_symbol(m: &Module, v: Value) -> bool {
    holds_through_applies(m, v, |m, v| standing(m, v, false))
}

/// Whether `v` may be bound to a dimension.
pub(crate) fn is_valid_dim(m: &Module, v: Value) -> bool {
    holds_through_applies(m, v, |m, v| standing(m, v, true))
}

/// Whether `op` is nested (at any depth) in an `affine.for` or `affine.if`.
fn inside_affine_construct(m: &Module, op: Op) -> bool {
    let mut cur = m.parent_op(op);
    while let Some(p) = cur {
        match m.op_name(p) {
            "affine.for" | "affine.if" => return true,
            "func" => return false,
            _ => cur = m.parent_op(p),
        }
    }
    false
}

fn check_dims_and_symbols(cx: &mut VerifyCx<'_>, op: Op, operands: &[Value], num_dims: usize) -> bool {
    let m = cx.m;
    for (i, &v) in operands.iter().enumerate() {
        if i < num_dims {
            if !is_valid_dim(m, v) {
                cx.error(op, "operand cannot be used as a dimension id");
                return false;
            }
        } else if !is_valid_symbol(m, v) {
            cx.error(op, "operand cannot be used as a symbol");
            return false;
        }
    }
    true
}

/// Every block of an affine.for/if region ends with `affine.terminator` (an explicit other
/// terminator, such as `return`, is not allowed there).
fn check_terminators(cx: &mut VerifyCx<'_>, op: Op) -> bool {
    let m = cx.m;
    for &r in &m.op(op).regions {
        for &b in &m.region(r).blocks {
            let Some(last) = m.terminator(b) else { continue };
            let name = m.op_name(last);
            if name != TERMINATOR_NAME {
                let d = Diagnostic::error(
                    m.op_span(op),
                    format!("'{}' op expects regions to end with '{TERMINATOR_NAME}', found '{name}'", m.op_name(op)),
                )
                .with_note(Diagnostic::note(
                    m.op_span(op),
                    format!("in custom textual format, the absence of terminator implies '{TERMINATOR_NAME}'"),
                ));
                cx.push(d);
                return false;
            }
        }
    }
    true
}

// ---- shared parsing ---------------------------------------------------------------------------

/// Parse `(%d, ..)[%s, ..]` for a map or set with the given counts; all operands are `index`.
fn parse_map_operands(p: &mut Parser<'_>, num_dims: usize, num_symbols: usize, what: &str) -> PResult<Values> {
    let at = p.span();
    let dims = p.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' and the dimension operands")?;
    let syms = if p.kind() == TokKind::LSquare {
        p.parse_delimited_operands(TokKind::LSquare, TokKind::RSquare, "'['")?
    } else {
        Vec::new()
    };
    if dims.len() != num_dims {
        return Err(p.error_at(at, format!("dim operand count and {what} dim count must match")));
    }
    if syms.len() != num_symbols {
        return Err(p.error_at(at, format!("symbol operand count and {what} symbol count must match")));
    }
    let mut all = dims;
    all.extend(syms);
    p.resolve_all(&all, &Type::Index)
}

/// The `(dims)[symbols]` of an `affine.apply`, checked against its map.
fn parse_apply_operands(p: &mut Parser<'_>, map: &AffineMap) -> PResult<Values> {
    let at = p.span();
    let dims = p.parse_delimited_operands(TokKind::LParen, TokKind::RParen, "'(' and the dimension operands")?;
    let syms = if p.kind() == TokKind::LSquare {
        p.parse_delimited_operands(TokKind::LSquare, TokKind::RSquare, "'['")?
    } else {
        Vec::new()
    };
    if dims.len() != map.num_dims() || syms.len() != map.num_symbols() {
        return Err(p.error_at(
            at,
            format!(
                "dimension or symbol index mismatch: the map takes {} dimensions and {} symbols, {} and {} given",
                map.num_dims(),
                map.num_symbols(),
                dims.len(),
                syms.len()
            ),
        ));
    }
    let mut all = dims;
    all.extend(syms);
    p.resolve_all(&all, &Type::Index)
}

/// A loop bound: `max`/`min` map with operands, `%N`, or an integer.
fn parse_bound(p: &mut Parser<'_>, lower: bool) -> PResult<(AffineMap, Values)> {
    let kw = if lower { "max" } else { "min" };
    let at = p.span();
    let has_kw = p.eat_keyword(kw);
    match p.kind() {
        TokKind::PercentId if !has_kw => {
            // spec: mlir-langref-early.md "'for' statement": `%N` is `()[s] -> (s)()[%N]`, so the
            // value must be a valid symbol (checked by the verifier, at the op).
            let u: UnresolvedOperand<'_> = p.parse_operand()?;
            let v = p.resolve_operand(&u, &Type::Index)?;
            Ok((AffineMap::symbol_identity(), smallvec::smallvec![v]))
        }
        TokKind::Integer | TokKind::Minus if !has_kw => Ok((AffineMap::constant(p.parse_integer()?), Values::new())),
        TokKind::HashId | TokKind::LParen => {
            let map = p.parse_affine_map()?;
            if map.results().is_empty() {
                return Err(p.error_at(at, "a loop bound map needs at least one result"));
            }
            if map.results().len() > 1 && !has_kw {
                let which = if lower { "lower" } else { "upper" };
                return Err(p.error_at(
                    at,
                    format!("{which} loop bound affine map with multiple results requires '{kw}' prefix"),
                ));
            }
            // MLIR shares this check with integer sets, and its wording.
            let operands = parse_map_operands(p, map.num_dims(), map.num_symbols(), "integer set")?;
            Ok((map, operands))
        }
        _ => Err(p.error_here(
            "expected non-function type (a loop bound is an affine map applied to operands, an SSA value or an integer)",
        )),
    }
}

fn print_bound(p: &mut Printer<'_>, map: &AffineMap, operands: &[Value], lower: bool) {
    if operands.is_empty()
        && let Some(c) = map.single_constant()
    {
        p.w_int(c);
        return;
    }
    if operands.len() == 1 && *map == AffineMap::symbol_identity() {
        p.print_value(operands[0]);
        return;
    }
    if map.results().len() > 1 {
        p.w(if lower { "max " } else { "min " });
    }
    p.print_map(map);
    p.print_dim_and_symbol_operands(operands, map.num_dims());
}

// ---- affine.for -------------------------------------------------------------------------------

fn parse_for(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let iv = p.parse_operand()?;
    p.expect(TokKind::Equal, "'='")?;
    let (lb, lb_ops) = parse_bound(p, true)?;
    p.expect_keyword_msg("to", "expected 'to' between bounds")?;
    let (ub, ub_ops) = parse_bound(p, false)?;
    let mut step = 1;
    if p.eat_keyword("step") {
        let at = p.span();
        match p.kind() {
            TokKind::Integer => {}
            TokKind::Minus if p.peek().kind == TokKind::Integer => {}
            TokKind::Minus => {
                p.bump();
                return Err(p.error_here("expected constant integer"));
            }
            _ => return Err(p.error_here("expected non-function type (the step is a positive integer constant)")),
        }
        step = p.parse_integer()?;
        if step <= 0 {
            return Err(p.error_at(at, "expected step to be representable as a positive signed integer"));
        }
    }
    let region = p.parse_region(
        Some(vec![RegionArg { name: iv.name, ty: Type::Index, span: iv.span }]),
        false,
        Some(TERMINATOR_NAME),
    )?;
    // Attributes follow the region: a `{` before it would be ambiguous.
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("affine.for"))
        .operands(&lb_ops)
        .operands(&ub_ops)
        .attr("lower_bound", Attribute::AffineMap(lb))
        .attr("upper_bound", Attribute::AffineMap(ub))
        .attr("step", Attribute::index(step))
        .region(region)
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

/// The bounds and step of a well-formed `affine.for`.
pub(crate) struct ForParts<'m> {
    /// The lower bound map.
    pub lb: &'m AffineMap,
    /// Its operands.
    pub lb_operands: &'m [Value],
    /// The upper bound map.
    pub ub: &'m AffineMap,
    /// Its operands.
    pub ub_operands: &'m [Value],
    /// The step.
    pub step: i64,
}

/// Split an `affine.for` into its parts, if its attributes and operands agree.
pub(crate) fn for_parts(m: &Module, op: Op) -> Option<ForParts<'_>> {
    let lb = m.attr(op, "lower_bound")?.as_map()?;
    let ub = m.attr(op, "upper_bound")?.as_map()?;
    let step = match m.attr(op, "step")? {
        Attribute::Integer(IntegerAttr { value, .. }) => i64::try_from(*value).ok()?,
        _ => return None,
    };
    let ops = &m.op(op).operands;
    if ops.len() != lb.num_inputs() + ub.num_inputs() {
        return None;
    }
    let (lb_operands, ub_operands) = ops.split_at(lb.num_inputs());
    Some(ForParts { lb, lb_operands, ub, ub_operands, step })
}

fn print_for(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let parts = for_parts(m, op)?;
    let d = m.op(op);
    let [r] = d.regions.as_slice() else { return None };
    let [b] = m.region(*r).blocks.as_slice() else { return None };
    let [iv] = m.block(*b).args.as_slice() else { return None };
    if !m.value_type(*iv).is_index()
        || !d.results.is_empty()
        || !matches!(m.attr(op, "step"), Some(Attribute::Integer(i)) if i.ty.is_index())
    {
        return None;
    }
    p.w("affine.for ");
    p.print_value(*iv);
    p.w(" = ");
    print_bound(p, parts.lb, parts.lb_operands, true);
    p.w(" to ");
    print_bound(p, parts.ub, parts.ub_operands, false);
    if parts.step != 1 {
        p.w(" step ");
        p.w_int(parts.step);
    }
    p.w(" ");
    p.print_region(*r, false, false);
    p.print_attr_dict(op, &["lower_bound", "upper_bound", "step"]);
    Some(())
}

fn verify_for(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 1, 0) {
        return;
    }
    let m = cx.m;
    let (Some(lb), Some(ub)) =
        (m.attr(op, "lower_bound").and_then(Attribute::as_map), m.attr(op, "upper_bound").and_then(Attribute::as_map))
    else {
        cx.error(op, "requires affine map attributes 'lower_bound' and 'upper_bound'");
        return;
    };
    match m.attr(op, "step").and_then(Attribute::as_int) {
        Some(s) if s > 0 => {}
        _ => {
            cx.error(op, "expected step to be representable as a positive signed integer");
            return;
        }
    }
    if lb.results().is_empty() || ub.results().is_empty() {
        cx.error(op, "loop bound maps must have at least one result");
        return;
    }
    let Some(parts) = for_parts(m, op) else {
        cx.error(op, format!("operand count must equal the inputs of the lower bound map ({}) plus those of the upper bound map ({})", lb.num_inputs(), ub.num_inputs()));
        return;
    };
    if !cx.index_operands(op, 0, "bound operand") {
        return;
    }
    let r = m.op(op).regions[0];
    let blocks = &m.region(r).blocks;
    if blocks.len() != 1 {
        cx.error(op, "expected body region to have a single block");
        return;
    }
    let args = &m.block(blocks[0]).args;
    if args.len() != 1 || !m.value_type(args[0]).is_index() {
        cx.error(op, "expected body to have a single index argument for the induction variable");
        return;
    }
    if !check_terminators(cx, op) {
        return;
    }
    if check_dims_and_symbols(cx, op, parts.lb_operands, parts.lb.num_dims()) {
        check_dims_and_symbols(cx, op, parts.ub_operands, parts.ub.num_dims());
    }
}

// ---- affine.if --------------------------------------------------------------------------------

fn parse_if(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let set = p.parse_integer_set()?;
    let operands = parse_map_operands(p, set.num_dims(), set.num_symbols(), "integer set")?;
    let then = p.parse_region(None, false, Some(TERMINATOR_NAME))?;
    let els = if p.eat_keyword("else") {
        if p.is_keyword("if") || p.is_keyword("affine.if") {
            // `else if` (the earliest form) is an else region holding one `affine.if`.
            let at = p.span();
            p.bump();
            let saved = p.insertion_block();
            let m = p.module_mut();
            let region = m.create_region();
            let block = m.append_block(region, &[]);
            p.set_insertion(Some(block));
            let nested = parse_if(p, at);
            p.set_insertion(saved);
            nested?;
            let t = p.intern(TERMINATOR_NAME);
            p.module_mut().insert_op(block, OperationState::new(t).at(at));
            region
        } else {
            p.parse_region(None, false, Some(TERMINATOR_NAME))?
        }
    } else {
        p.module_mut().create_region()
    };
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("affine.if"))
        .operands(&operands)
        .attr("condition", Attribute::IntegerSet(set))
        .region(then)
        .region(els)
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_if(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let set = m.attr(op, "condition")?.as_set()?;
    let [then, els] = d.regions.as_slice() else { return None };
    if d.operands.len() != set.num_dims() + set.num_symbols() || !d.results.is_empty() {
        return None;
    }
    if m.region(*then).blocks.len() != 1 || m.region(*els).blocks.len() > 1 {
        return None;
    }
    p.w("affine.if ");
    p.print_set(set);
    p.print_dim_and_symbol_operands(&d.operands, set.num_dims());
    p.w(" ");
    p.print_region(*then, false, false);
    if !m.region(*els).blocks.is_empty() {
        p.w(" else ");
        p.print_region(*els, false, false);
    }
    p.print_attr_dict(op, &["condition"]);
    Some(())
}

fn verify_if(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 2, 0) {
        return;
    }
    let m = cx.m;
    let Some(set) = m.attr(op, "condition").and_then(Attribute::as_set) else {
        cx.error(op, "requires an integer set attribute 'condition'");
        return;
    };
    let n = m.op(op).operands.len();
    if n != set.num_dims() + set.num_symbols() {
        cx.error(
            op,
            format!(
                "operand count {n} must equal the integer set's dimension and symbol count ({})",
                set.num_dims() + set.num_symbols()
            ),
        );
        return;
    }
    let regions = &m.op(op).regions;
    if m.region(regions[0]).blocks.len() != 1 {
        cx.error(op, "expected the then region to have a single block");
        return;
    }
    if m.region(regions[1]).blocks.len() > 1 {
        cx.error(op, "expected the else region to have at most one block");
        return;
    }
    for &r in regions {
        if m.region(r).blocks.iter().any(|&b| !m.block(b).args.is_empty()) {
            cx.error(op, "expected region blocks without arguments");
            return;
        }
    }
    if !check_terminators(cx, op) {
        return;
    }
    if cx.index_operands(op, 0, "operand") {
        let ops = m.op(op).operands.clone();
        check_dims_and_symbols(cx, op, &ops, set.num_dims());
    }
}

// ---- affine.apply -----------------------------------------------------------------------------

fn parse_apply(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let at = p.span();
    let map = p.parse_affine_map()?;
    if map.results().len() != 1 {
        return Err(p.error_at(at, "mapping must produce one value"));
    }
    let operands = parse_apply_operands(p, &map)?;
    let attrs = p.parse_optional_attr_dict()?;
    let mut st = OperationState::new(p.intern("affine.apply"))
        .operands(&operands)
        .attr("map", Attribute::AffineMap(map))
        .result(Type::Index)
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

/// `affine_apply` of the earliest reference: a map with several results becomes one
/// `affine.apply` per result, bound together to the name (`%0#1` is the second).
fn parse_legacy_apply(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let map = p.parse_affine_map()?;
    let operands = parse_apply_operands(p, &map)?;
    let name = p.intern("affine.apply");
    let mut out = Values::new();
    for i in 0..map.results().len() {
        let sub = map.sub_map(i).unwrap_or_else(|| map.clone());
        let st = OperationState::new(name.clone())
            .operands(&operands)
            .attr("map", Attribute::AffineMap(sub))
            .result(Type::Index)
            .at(span);
        out.extend(p.finish_op(st));
    }
    Ok(out)
}

fn print_apply(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let map = m.attr(op, "map")?.as_map()?;
    let [r] = d.results.as_slice() else { return None };
    if map.results().len() != 1 || d.operands.len() != map.num_inputs() || !m.value_type(*r).is_index() {
        return None;
    }
    if d.operands.iter().any(|&v| !m.value_type(v).is_index()) {
        return None;
    }
    p.w("affine.apply ");
    p.print_map(map);
    p.print_dim_and_symbol_operands(&d.operands, map.num_dims());
    p.print_attr_dict(op, &["map"]);
    Some(())
}

fn verify_apply(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) {
        return;
    }
    let m = cx.m;
    let Some(map) = m.attr(op, "map").and_then(Attribute::as_map) else {
        cx.error(op, "requires an affine map");
        return;
    };
    if m.op(op).operands.len() != map.num_inputs() {
        cx.error(op, "operand count and affine map dimension and symbol count must match");
        return;
    }
    if map.results().len() != 1 {
        cx.error(op, "mapping must produce one value");
        return;
    }
    if m.op(op).operands.iter().any(|&v| !m.value_type(v).is_index()) {
        cx.error(op, "operands must be of type 'index'");
        return;
    }
    if !cx.result_type(op, 0).is_some_and(Type::is_index) {
        cx.error(op, "result must be of type 'index'");
        return;
    }
    if inside_affine_construct(m, op) {
        let ops = m.op(op).operands.clone();
        check_dims_and_symbols(cx, op, &ops, map.num_dims());
    }
}

fn fold_apply(m: &Module, op: Op, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let map = m.attr(op, "map")?.as_map()?;
    let vals: Option<Vec<i64>> =
        consts.iter().map(|c| c.as_ref()?.as_int().and_then(|v| i64::try_from(v).ok())).collect();
    let vals = vals?;
    if vals.len() != map.num_inputs() || map.results().len() != 1 {
        return None;
    }
    let (dims, syms) = vals.split_at(map.num_dims());
    let r = map.results()[0].eval(dims, syms).ok()?;
    Some(vec![FoldResult::Attr(Attribute::index(r))])
}

// ---- affine.load / affine.store ---------------------------------------------------------------

fn parse_load(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let a = p.parse_operand()?;
    let (map, idx) = p.parse_affine_subscripts()?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let a = p.resolve_operand(&a, &ty)?;
    let idx = p.resolve_all(&idx, &Type::Index)?;
    let elem = ty.element_type().clone();
    let mut st = OperationState::new(p.intern("affine.load"))
        .operand(a)
        .operands(&idx)
        .attr("map", Attribute::AffineMap(map))
        .result(elem)
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_load(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let map = m.attr(op, "map")?.as_map()?;
    let (&a, idx) = d.operands.split_first()?;
    let [r] = d.results.as_slice() else { return None };
    m.value_type(a).as_memref()?;
    if idx.len() != map.num_inputs() || m.value_type(a).element_type() != m.value_type(*r) {
        return None;
    }
    if idx.iter().any(|&v| !m.value_type(v).is_index()) {
        return None;
    }
    p.w("affine.load ");
    p.print_value(a);
    p.print_affine_subscripts(map, idx);
    p.print_attr_dict(op, &["map"]);
    p.w(" : ");
    p.print_type(m.value_type(a));
    Some(())
}

fn check_access(cx: &mut VerifyCx<'_>, op: Op, memref_at: usize) -> bool {
    let m = cx.m;
    let Some(map) = cx.required_attr(op, "map").and_then(Attribute::as_map) else { return false };
    let Some(t) = cx.operand_type(op, memref_at) else { return false };
    let Some(mt) = t.as_memref() else {
        cx.error(op, format!("operand #{memref_at} must be a memref, but got '{t}'"));
        return false;
    };
    let idx = &m.op(op).operands[memref_at + 1..];
    if idx.len() != map.num_inputs() {
        cx.error(op, "operand count and affine map dimension and symbol count must match");
        return false;
    }
    // A 0-d memref may be accessed as `%A[0]`.
    let zero_d = mt.shape.is_empty() && map.results().len() == 1 && map.results()[0].as_constant() == Some(0);
    if map.results().len() != mt.shape.len() && !zero_d {
        cx.error(op, format!("index count {} does not match memref rank {}", map.results().len(), mt.shape.len()));
        return false;
    }
    if !cx.index_operands(op, memref_at + 1, "index") {
        return false;
    }
    for &v in idx {
        if !(is_valid_dim(m, v) || is_valid_symbol(m, v)) {
            cx.error(op, "index must be a dimension or symbol identifier");
            return false;
        }
    }
    true
}

fn verify_load(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(1), 0, 0) || !cx.min_operands(op, 1) || !check_access(cx, op, 0) {
        return;
    }
    let elem = cx.operand_type(op, 0).map(|t| t.element_type().clone());
    if cx.result_type(op, 0) != elem.as_ref() {
        cx.error(op, format!("result type must match the memref element type '{}'", elem.unwrap_or(Type::None)));
    }
}

fn parse_store(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let v = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let a = p.parse_operand()?;
    let (map, idx) = p.parse_affine_subscripts()?;
    let attrs = p.parse_optional_attr_dict()?;
    let ty = p.parse_colon_type()?;
    let v = p.resolve_operand(&v, ty.element_type())?;
    let a = p.resolve_operand(&a, &ty)?;
    let idx = p.resolve_all(&idx, &Type::Index)?;
    let mut st = OperationState::new(p.intern("affine.store"))
        .operand(v)
        .operand(a)
        .operands(&idx)
        .attr("map", Attribute::AffineMap(map))
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_store(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let map = m.attr(op, "map")?.as_map()?;
    let [v, a, idx @ ..] = d.operands.as_slice() else { return None };
    m.value_type(*a).as_memref()?;
    if idx.len() != map.num_inputs() || m.value_type(*a).element_type() != m.value_type(*v) || !d.results.is_empty() {
        return None;
    }
    if idx.iter().any(|&x| !m.value_type(x).is_index()) {
        return None;
    }
    p.w("affine.store ");
    p.print_value(*v);
    p.w(", ");
    p.print_value(*a);
    p.print_affine_subscripts(map, idx);
    p.print_attr_dict(op, &["map"]);
    p.w(" : ");
    p.print_type(m.value_type(*a));
    Some(())
}

fn verify_store(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, None, Some(0), 0, 0) || !cx.min_operands(op, 2) || !check_access(cx, op, 1) {
        return;
    }
    let elem = cx.operand_type(op, 1).map(|t| t.element_type().clone());
    if cx.operand_type(op, 0) != elem.as_ref() {
        cx.error(op, format!("value to store must have the memref element type '{}'", elem.unwrap_or(Type::None)));
    }
}

// ---- affine.terminator ------------------------------------------------------------------------

fn verify_terminator(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(0), 0, 0) {
        return;
    }
    let m = cx.m;
    if !m.parent_op(op).is_some_and(|p| matches!(m.op_name(p), "affine.for" | "affine.if")) {
        cx.error(op, "expects parent op to be one of 'affine.for, affine.if'");
    }
}

// ---- lowering -------------------------------------------------------------------------------

mod bounds;
mod vectorize;

// affine.for and affine.if become loops and branches in the function's CFG; bounds, conditions
// and subscripts are affine expressions evaluated with floor semantics.

use crate::codegen::repr::Repr;
use crate::codegen::{AccessKey, CodegenError, FnLowerer};
use crate::dialect::standard;
use crate::transform::promote::{self, WriteBack};
use cranelift_codegen::ir::InstBuilder;
use cranelift_codegen::ir::condcodes::IntCC;

fn index_values(lw: &FnLowerer<'_, '_>, vals: &[Value]) -> Result<Vec<cranelift_codegen::ir::Value>, CodegenError> {
    vals.iter().map(|&v| lw.scalar(v)).collect()
}

/// max (lower) or min (upper) of a bound map's results.
fn bound(
    lw: &mut FnLowerer<'_, '_>,
    map: &AffineMap,
    operands: &[Value],
    lower: bool,
    op: Op,
) -> Result<cranelift_codegen::ir::Value, CodegenError> {
    let ops = index_values(lw, operands)?;
    let vals = lw.affine_map(map, &ops, op)?;
    let mut it = vals.into_iter();
    let mut acc = it.next().ok_or_else(|| lw.err(op, "a bound map needs a result"))?;
    for v in it {
        acc = if lower { lw.b.ins().smax(acc, v) } else { lw.b.ins().smin(acc, v) };
    }
    Ok(acc)
}

fn lower_for(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let parts = for_parts(m, op).ok_or_else(|| lw.err(op, "malformed loop"))?;
    let lb = bound(lw, parts.lb, parts.lb_operands, true, op)?;
    let ub = bound(lw, parts.ub, parts.ub_operands, false, op)?;
    let Some(hoisted) = hoistable_checks(lw, op) else {
        return lower_for_from(lw, op, lb, ub);
    };
    // Two versions: when every access's whole index range, checked once here, lies inside its
    // memref, a loop without checks (which may then be vectorized); otherwise the checked loop,
    // which traps exactly where the program does.
    let fast = range_checks(lw, op, &hoisted, lb, ub)?;
    let (fast_b, slow_b, merge) = (lw.b.create_block(), lw.b.create_block(), lw.b.create_block());
    lw.b.ins().brif(fast, fast_b, &[], slow_b, &[]);
    lw.b.switch_to_block(fast_b);
    for &(a, _) in &hoisted {
        lw.assume_in_bounds(a);
    }
    lower_for_from(lw, op, lb, ub)?;
    lw.b.ins().jump(merge, &[]);
    for &(a, _) in &hoisted {
        lw.forget_in_bounds(a);
    }
    lw.b.switch_to_block(slow_b);
    lower_for_from(lw, op, lb, ub)?;
    lw.b.ins().jump(merge, &[]);
    lw.b.switch_to_block(merge);
    Ok(())
}

/// The largest coefficient of an induction variable in a subscript whose checks are hoisted, and
/// the largest trip count they are hoisted for: together they keep every subscript's change over
/// the loop below 2^60, so the two ends of its range bound it without wrapping.
const HOIST_MAX_COEFFICIENT: i64 = 1 << 20;
const HOIST_MAX_TRIPS: i64 = 1 << 40;

/// With bounds checks on, the checked `affine.load`/`affine.store` ops of an innermost loop (the
/// memref operand at the given position) when each can be checked once at the loop's entry: the
/// body has no regions, calls or buffers of its own; every access's memref and subscript operands
/// other than the induction variable are defined outside the loop; and each subscript is linear
/// in the induction variable with a small coefficient (so its range over the loop lies between
/// its values at the first and last iteration). `None` when there is nothing to hoist.
fn hoistable_checks(lw: &FnLowerer<'_, '_>, op: Op) -> Option<Vec<(Op, usize)>> {
    use crate::ir::ExprKind;
    if !lw.bounds_checks() {
        return None;
    }
    let m = lw.m;
    let body = m.region(m.op(op).regions[0]).blocks[0];
    let iv = m.block(body).args[0];
    let mut out = Vec::new();
    for &o in &m.block(body).ops {
        let d = m.op(o);
        let at = match () {
            () if LOAD.is(m, o) => 0,
            () if STORE.is(m, o) => 1,
            () if TERMINATOR.is(m, o) => continue,
            () if d.regions.is_empty()
                && crate::dialect::registry().get(m.op_name(o)).is_some_and(|def| def.traits.pure) =>
            {
                continue;
            }
            // Anything else (a nested loop, a call, another kind of access) keeps the loop as it is.
            () => return None,
        };
        // Proven accesses need no check at all.
        if !lw.checks(o) || bounds::proven(m, o, at) {
            continue;
        }
        let map = m.attr(o, "map").and_then(Attribute::as_map)?;
        let subs = &d.operands[at + 1..];
        if !defined_outside(m, d.operands[at], op) || subs.iter().any(|&v| v != iv && !defined_outside(m, v, op)) {
            return None;
        }
        let iv_dims: Vec<u32> = (0..subs.len()).filter(|&k| subs[k] == iv).map(|k| k as u32).collect();
        // Symbols are never the induction variable (it is not a valid symbol).
        if iv_dims.iter().any(|&k| k as usize >= map.num_dims()) {
            return None;
        }
        for e in map.results() {
            let (terms, _) = e.terms();
            let mut coefficient = 0i64;
            for (atom, c) in &terms {
                match atom.kind() {
                    ExprKind::Dim(k) if iv_dims.contains(k) => coefficient = coefficient.checked_add(*c)?,
                    _ if vectorize::mentions(atom, &iv_dims) => return None,
                    _ => {}
                }
            }
            if coefficient.unsigned_abs() > HOIST_MAX_COEFFICIENT as u64 {
                return None;
            }
        }
        out.push((o, at));
    }
    (!out.is_empty()).then_some(out)
}

/// An i8 that is 1 when the loop runs at least once, not too many times, and every hoisted
/// access's subscripts at the first and the last iteration lie inside their memref's sizes.
fn range_checks(
    lw: &mut FnLowerer<'_, '_>,
    op: Op,
    accesses: &[(Op, usize)],
    lb: cranelift_codegen::ir::Value,
    ub: cranelift_codegen::ir::Value,
) -> Result<cranelift_codegen::ir::Value, CodegenError> {
    use cranelift_codegen::ir::condcodes::IntCC;
    let m = lw.m;
    let iv = m.block(m.region(m.op(op).regions[0]).blocks[0]).args[0];
    let runs = lw.b.ins().icmp(IntCC::SignedLessThan, lb, ub);
    let trips = lw.b.ins().isub(ub, lb);
    let few = lw.b.ins().icmp_imm_u(IntCC::UnsignedLessThan, trips, HOIST_MAX_TRIPS);
    let mut ok = lw.b.ins().band(runs, few);
    let last = lw.b.ins().iadd_imm_s(ub, -1);
    for &(a, at) in accesses {
        let d = m.op(a);
        let map = m.attr(a, "map").and_then(Attribute::as_map).ok_or_else(|| lw.err(a, "missing map"))?;
        let desc = lw.memref(d.operands[at])?;
        for end in [lb, last] {
            let subs: Vec<_> = d.operands[at + 1..]
                .iter()
                .map(|&v| if v == iv { Ok(end) } else { lw.scalar(v) })
                .collect::<Result<_, _>>()?;
            let idx = lw.affine_map(map, &subs, a)?;
            for (i, dim) in idx.into_iter().zip(desc.dims.clone()) {
                let n = lw.dim_value(dim);
                let inside = lw.b.ins().icmp(IntCC::UnsignedLessThan, i, n);
                ok = lw.b.ins().band(ok, inside);
            }
        }
    }
    Ok(ok)
}

/// The loop of `op` from `lb` to `ub`: vectorized, with a forwarded accumulator, or plain.
fn lower_for_from(
    lw: &mut FnLowerer<'_, '_>,
    op: Op,
    lb: cranelift_codegen::ir::Value,
    ub: cranelift_codegen::ir::Value,
) -> Result<(), CodegenError> {
    let m = lw.m;
    let parts = for_parts(m, op).ok_or_else(|| lw.err(op, "malformed loop"))?;
    let body = m.region(m.op(op).regions[0]).blocks[0];
    let iv = m.block(body).args[0];
    if let Some(plan) = vectorize::plan(m, op, parts.step).filter(|_| lw.may_vectorize() && body_in_bounds(lw, body)) {
        // Whole vectors first, then the remaining iterations one by one.
        let start = vectorize::emit(lw, op, &plan, lb, ub)?;
        return lw.build_loop(start, ub, 1, &mut |lw, v| {
            lw.set(iv, Repr::Scalar(v));
            lw.lower_ops(body)
        });
    }
    let mut kept = if lw.may_promote() { forwardable(m, op) } else { Vec::new() };
    // With bounds checks, only elements proven in bounds: an element outside its memref must
    // trap where the loop's own first access to it traps, not before the loop.
    kept.retain(|(_, elem, store)| {
        crate::codegen::repr::scalar_clif(elem).is_some()
            && (!lw.checks(*store) || (STORE.is(m, *store) && bounds::proven(m, *store, 1)))
    });
    if kept.is_empty() {
        return lw.build_loop(lb, ub, parts.step, &mut |lw, v| {
            lw.set(iv, Repr::Scalar(v));
            lw.lower_ops(body)
        });
    }
    // The elements the loop stores stay in registers across iterations (they are still stored
    // each time, so other loads see memory as before): no store-to-load latency. Each is read
    // before the loop, at its store's subscripts (defined outside the loop), and only when the
    // loop runs at least once: a loop of no iteration reads nothing.
    let runs = lw.b.ins().icmp(IntCC::SignedLessThan, lb, ub);
    let read = lw.b.create_block();
    let start = lw.b.create_block();
    let mut zeros = Vec::with_capacity(kept.len());
    for ty in kept.iter().filter_map(|(_, elem, _)| crate::codegen::repr::scalar_clif(elem)) {
        lw.b.append_block_param(start, ty);
        zeros.push(match ty {
            cranelift_codegen::ir::types::F32 => lw.b.ins().f32const(0.0),
            cranelift_codegen::ir::types::F64 => lw.b.ins().f64const(0.0),
            _ => lw.b.ins().iconst(ty, 0),
        });
    }
    let zeros: Vec<_> = zeros.into_iter().map(cranelift_codegen::ir::BlockArg::Value).collect();
    lw.b.ins().brif(runs, read, &[], start, &zeros);
    lw.b.switch_to_block(read);
    let mut read_values = Vec::with_capacity(kept.len());
    for (key, elem, store) in &kept {
        if STORE.is(m, *store) && lw.checks(*store) {
            lw.assume_in_bounds(*store);
        }
        let addr = key_address(lw, key, *store)?;
        read_values.push(cranelift_codegen::ir::BlockArg::Value(lw.load_scalar(elem, addr)));
    }
    lw.b.ins().jump(start, &read_values);
    lw.b.switch_to_block(start);
    let init = lw.b.block_params(start).to_vec();
    lw.build_loop_carried(lb, ub, parts.step, &init, &mut |lw, v, carried| {
        lw.set(iv, Repr::Scalar(v));
        for ((key, ..), &c) in kept.iter().zip(carried) {
            lw.begin_forwarding(key.clone(), c);
        }
        let r = lw.lower_ops(body);
        let mut current: Vec<_> = carried.iter().rev().map(|&c| lw.end_forwarding().unwrap_or(c)).collect();
        current.reverse();
        r.map(|()| current)
    })?;
    Ok(())
}

/// With bounds checks on, whether every access of a loop body is proven in bounds (they are
/// then compiled without checks, which vectorized code cannot make lane by lane).
fn body_in_bounds(lw: &mut FnLowerer<'_, '_>, body: crate::ir::Block) -> bool {
    if !lw.bounds_checks() {
        return true;
    }
    let m = lw.m;
    let accesses: Vec<(Op, usize)> = m
        .block(body)
        .ops
        .iter()
        .filter_map(|&o| match () {
            () if LOAD.is(m, o) => Some((o, 0)),
            () if STORE.is(m, o) => Some((o, 1)),
            () => None,
        })
        .collect();
    // Proven now, or checked once at the entry of this version of the loop.
    if !accesses.iter().all(|&(o, at)| !lw.checks(o) || bounds::proven(m, o, at)) {
        return false;
    }
    for (o, _) in accesses {
        lw.assume_in_bounds(o);
    }
    true
}

/// The location of an access key, for loads outside the loop.
fn key_address(
    lw: &mut FnLowerer<'_, '_>,
    key: &AccessKey,
    op: Op,
) -> Result<cranelift_codegen::ir::Value, CodegenError> {
    let ops = index_values(lw, &key.operands)?;
    let idx = match &key.map {
        Some(map) => lw.affine_map(map, &ops, op)?,
        None => ops,
    };
    let ty = lw.ty(key.memref);
    let desc = lw.memref(key.memref)?;
    lw.element_address(ty, &desc, &idx, op)
}

/// Whether `v` is defined outside `loop_op` (so constant across its iterations).
fn defined_outside(m: &Module, v: Value, loop_op: Op) -> bool {
    match m.value(v).def {
        ValueDef::Result(d, _) => !m.is_ancestor(loop_op, d),
        ValueDef::Arg(b, _) => m.parent_op_of_block(b).is_none_or(|p| !m.is_ancestor(loop_op, p)),
        ValueDef::Detached => false,
    }
}

/// The access key of a load or store op (memref operand at `at`, subscripts after it).
fn access_key(m: &Module, op: Op, at: usize) -> Option<AccessKey> {
    let d = m.op(op);
    let memref = *d.operands.get(at)?;
    let operands = d.operands[at + 1..].to_vec();
    let map = match m.op_name(op) {
        "affine.load" | "affine.store" => Some(m.attr(op, "map")?.as_map()?.clone()),
        _ => None,
    };
    Some(AccessKey { memref, map, operands })
}

/// The locations a loop keeps in registers, each with its element type and its first store:
/// the elements the shared rule (`transform::promote`, stored every iteration) selects, when
/// nothing else in the body writes (no calls, no stores in nested regions) and no element is a
/// vector.
fn forwardable(m: &Module, loop_op: Op) -> Vec<(AccessKey, Type, Op)> {
    let Some(&body) = m.region(m.op(loop_op).regions[0]).blocks.first() else { return Vec::new() };
    let access = |op: Op| match () {
        () if LOAD.is(m, op) || standard::LOAD.is(m, op) => Some(false),
        () if STORE.is(m, op) || standard::STORE.is(m, op) => Some(true),
        () => None,
    };
    // Ops that write nothing (besides loads).
    let harmless = |op: Op| {
        [&APPLY, &TERMINATOR, &standard::DIM, &standard::CONSTANT, &standard::EXTRACT_ELEMENT]
            .iter()
            .any(|d| d.is(m, op))
            || crate::dialect::registry().get(m.op_name(op)).is_some_and(|d| d.traits.pure)
    };
    let key_of = |op: Op, store: bool| {
        let k = access_key(m, op, usize::from(store))?;
        let fixed = k.operands.iter().all(|&v| defined_outside(m, v, loop_op));
        Some((k, fixed))
    };
    let mut described: Vec<promote::Access<Value, AccessKey>> = Vec::new();
    let mut first_store: Vec<(AccessKey, Op)> = Vec::new();
    let mut ok = true;
    for &op in &m.block(body).ops {
        if let Some(store) = access(op) {
            let Some((k, fixed)) = key_of(op, store) else { return Vec::new() };
            if store && fixed && !first_store.iter().any(|(x, _)| *x == k) {
                first_store.push((k.clone(), op));
            }
            described.push(promote::Access { memory: k.memref, element: fixed.then_some(k), store });
        } else if !m.op(op).regions.is_empty() {
            // Nested loops and conditionals: their loads are seen; any write inside gives up.
            for &r in &m.op(op).regions {
                m.walk_region(r, |o| match access(o) {
                    Some(false) => match key_of(o, false) {
                        Some((k, fixed)) => described.push(promote::Access {
                            memory: k.memref,
                            element: fixed.then_some(k),
                            store: false,
                        }),
                        None => ok = false,
                    },
                    Some(true) => ok = false,
                    None => ok &= harmless(o),
                });
            }
        } else if !harmless(op) {
            return Vec::new();
        }
    }
    if !ok {
        return Vec::new();
    }
    let overlap = |&a: &Value, &b: &Value| vectorize::overlap(m, a, b);
    // Two subscripts of one memref are not proven apart here: one element per memref.
    let chosen = promote::select(&described, WriteBack::EveryIteration, overlap, |_, _, _| false);
    let mut out = Vec::new();
    for p in chosen {
        let elem = m.value_type(p.memory).element_type().clone();
        if elem.as_vector().is_some() {
            continue;
        }
        for k in p.elements {
            if let Some((_, store)) = first_store.iter().find(|(x, _)| *x == k) {
                out.push((k, elem.clone(), *store));
            }
        }
    }
    out
}

fn lower_if(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let set = m.attr(op, "condition").and_then(Attribute::as_set).ok_or_else(|| lw.err(op, "missing condition"))?;
    let ops = index_values(lw, &d.operands)?;
    let (dims, syms) = ops.split_at(set.num_dims().min(ops.len()));
    let mut cond = lw.b.ins().iconst(cranelift_codegen::ir::types::I8, 1);
    for c in set.constraints() {
        let v = lw.affine_expr(&c.expr, dims, syms, op)?;
        let ok = if c.is_eq {
            lw.b.ins().icmp_imm_s(IntCC::Equal, v, 0)
        } else {
            lw.b.ins().icmp_imm_s(IntCC::SignedGreaterThanOrEqual, v, 0)
        };
        cond = lw.b.ins().band(cond, ok);
    }
    let then_b = lw.b.create_block();
    let else_b = lw.b.create_block();
    let merge = lw.b.create_block();
    lw.b.ins().brif(cond, then_b, &[], else_b, &[]);
    for (i, blk) in [then_b, else_b].into_iter().enumerate() {
        lw.b.switch_to_block(blk);
        if let Some(&b) = d.regions.get(i).and_then(|&r| m.region(r).blocks.first()) {
            lw.lower_ops(b)?;
        }
        lw.b.ins().jump(merge, &[]);
    }
    lw.b.switch_to_block(merge);
    Ok(())
}

fn lower_apply(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let map = m.attr(op, "map").and_then(Attribute::as_map).ok_or_else(|| lw.err(op, "missing map"))?;
    let ops = index_values(lw, &d.operands)?;
    let v = lw.affine_map(map, &ops, op)?;
    lw.set(d.results[0], Repr::Scalar(v[0]));
    Ok(())
}

/// The element address of an affine.load/store: the map applied to the subscript operands.
fn affine_address(
    lw: &mut FnLowerer<'_, '_>,
    op: Op,
    memref: Value,
    subs: &[Value],
) -> Result<cranelift_codegen::ir::Value, CodegenError> {
    let m = lw.m;
    let map = m.attr(op, "map").and_then(Attribute::as_map).ok_or_else(|| lw.err(op, "missing map"))?;
    if lw.bounds_checks() && bounds::proven(m, op, usize::from(STORE.is(m, op))) {
        lw.assume_in_bounds(op);
    }
    let ops = index_values(lw, subs)?;
    let idx = lw.affine_map(map, &ops, op)?;
    let ty = lw.ty(memref);
    let desc = lw.memref(memref)?;
    lw.element_address(ty, &desc, &idx, op)
}

fn lower_affine_load(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    if let Some(v) = access_key(lw.m, op, 0).and_then(|k| lw.forwarded(&k)) {
        lw.set(d.results[0], Repr::Scalar(v));
        return Ok(());
    }
    let addr = affine_address(lw, op, d.operands[0], &d.operands[1..])?;
    let elem = lw.ty(d.operands[0]).element_type().clone();
    let v = lw.load_elem(&elem, addr);
    lw.set(d.results[0], v);
    Ok(())
}

fn lower_affine_store(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let d = lw.m.op(op);
    let addr = affine_address(lw, op, d.operands[1], &d.operands[2..])?;
    let elem = lw.ty(d.operands[1]).element_type().clone();
    let v = lw.get(d.operands[0])?;
    lw.store_elem(&elem, &v, addr);
    if let (Some(k), Repr::Scalar(x)) = (access_key(lw.m, op, 1), &v) {
        lw.update_forwarded(&k, *x);
    }
    Ok(())
}

/// The end of an affine region: the parent's lowering continues after it.
fn lower_terminator(_: &mut FnLowerer<'_, '_>, _: Op) -> Result<(), CodegenError> {
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------

use crate::interp::{Flow, IVal, Interp, Stop};
use crate::runtime::TrapKind;

/// `map` applied to index operands (dimensions first, then symbols).
fn interp_map(it: &Interp<'_>, op: Op, map: &AffineMap, operands: &[Value]) -> Result<Vec<i64>, Stop> {
    let vals = it.ints(operands)?;
    let (dims, syms) = vals.split_at(map.num_dims().min(vals.len()));
    map.eval(dims, syms).map_err(|_| it.trap(op, TrapKind::DivisionByZero))
}

fn interp_for(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let parts = for_parts(m, op).ok_or_else(|| Stop::Unsupported("a malformed affine.for".into()))?;
    let lb = interp_map(it, op, parts.lb, parts.lb_operands)?.into_iter().max().unwrap_or(0);
    let ub = interp_map(it, op, parts.ub, parts.ub_operands)?.into_iter().min().unwrap_or(0);
    let body = m.op(op).regions[0];
    let mut iv = lb;
    while iv < ub {
        it.run_region(body, vec![IVal::Int(iv)])?;
        let Some(next) = iv.checked_add(parts.step) else { break };
        iv = next;
    }
    Ok(Flow::Next)
}

fn interp_if(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let set =
        m.attr(op, "condition").and_then(Attribute::as_set).ok_or_else(|| Stop::Unsupported("no condition".into()))?;
    let vals = it.ints(&d.operands)?;
    let (dims, syms) = vals.split_at(set.num_dims().min(vals.len()));
    let holds = set.contains(dims, syms).map_err(|_| it.trap(op, TrapKind::DivisionByZero))?;
    if let Some(&r) = d.regions.get(if holds { 0 } else { 1 }) {
        it.run_region(r, Vec::new())?;
    }
    Ok(Flow::Next)
}

fn interp_apply(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let map = m.attr(op, "map").and_then(Attribute::as_map).ok_or_else(|| Stop::Unsupported("no map".into()))?;
    let v = interp_map(it, op, map, &d.operands)?;
    it.set(d.results[0], IVal::Int(v.first().copied().unwrap_or(0)));
    Ok(Flow::Next)
}

/// A memref value, its type, and subscripts into it.
type Access<'m> = (std::rc::Rc<crate::interp::MemrefVal>, std::borrow::Cow<'m, crate::ir::MemrefType>, Vec<i64>);

/// The element an `affine.load`/`affine.store` reaches (memref operand at `at`): its memref, the
/// memref's type and the subscripts through the access's map.
fn interp_access<'m>(it: &Interp<'m>, op: Op, at: usize) -> Result<Access<'m>, Stop> {
    let m = it.m;
    let d = m.op(op);
    let map = m.attr(op, "map").and_then(Attribute::as_map).ok_or_else(|| Stop::Unsupported("no map".into()))?;
    let idx = interp_map(it, op, map, &d.operands[at + 1..])?;
    let (mv, mt) = it.memref(d.operands[at])?;
    Ok((mv, mt, idx))
}

fn interp_affine_load(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let (mv, mt, idx) = interp_access(it, op, 0)?;
    let v = mv.load(&mt, &idx).map_err(|k| it.trap(op, k))?;
    it.set(it.m.op(op).results[0], v);
    Ok(Flow::Next)
}

fn interp_affine_store(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let v = it.get(it.m.op(op).operands[0])?;
    let (mv, mt, idx) = interp_access(it, op, 1)?;
    mv.store(&mt, &idx, &v).map_err(|k| it.trap(op, k))?;
    Ok(Flow::Next)
}

fn interp_terminator(_: &mut Interp<'_>, _: Op) -> Result<Flow, Stop> {
    Ok(Flow::Exit(Vec::new()))
}
