//! Arithmetic: `constant`, integer and float binary ops, `cmpi`, `cmpf`, `select`, the float
//! math functions and the casts (mlir-langref-mid.md "Arithmetic Operations", plus the "sub
//! etc." the references promise, under the names MLIR used in that era).
//!
//! Every arithmetic op accepts a scalar, a vector or a tensor of the right element kind; operands
//! and result share one type (comparisons and casts excepted).

use super::semantics::{CMPF_PREDICATES, CMPI_PREDICATES, IntBin, eval_cmpf, eval_cmpi, eval_int, fptosi, wrap};
use crate::codegen::CodegenRole;
use crate::dialect::common::{
    is_float_like, is_int_like, parse_binary, parse_cast, parse_unary, print_binary, print_cast, print_unary,
    same_shape,
};
use crate::dialect::{FoldResult, OpDef, Traits, VerifyCx};
use crate::ir::{
    Attribute, DenseElements, DenseValues, ElementsAttr, FloatAttr, IntegerAttr, Module, Op, OperationState, Span,
    Type, Values,
};
use crate::syntax::{PResult, Parser, Printer, TokKind};

/// A pure elementwise op: its form (parser, printer) and its rules, each of which is given
/// the op's kind, so no hook dispatches on the op's name.
macro_rules! elementwise {
    ($name:literal, $kw:literal, $kind:expr, $summary:literal,
     $parse:ident, $print:ident, $verify:ident, $fold:ident, $lower:ident, $interp:ident) => {
        OpDef {
            name: $name,
            keyword: $kw,
            parse: Some(|p: &mut Parser<'_>, s: Span| $parse(p, $name, s)),
            print: Some($print),
            verify: $verify,
            fold: Some(|m: &Module, op: Op, c: &[Option<Attribute>]| $fold(m, op, c, $kind)),
            lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| $lower(lw, op, $kind)),
            interp: Some(|it: &mut Interp<'_>, op: Op| $interp(it, op, $kind)),
            traits: Traits::PURE,
            summary: $summary,
        }
    };
}

macro_rules! int_binary {
    ($name:literal, $kw:literal, $kind:expr, $summary:literal) => {
        elementwise!(
            $name,
            $kw,
            $kind,
            $summary,
            parse_binary,
            print_binary,
            verify_int_binary,
            fold_int_binary,
            lower_int_binary,
            interp_int_binary
        )
    };
}

macro_rules! float_binary {
    ($name:literal, $kw:literal, $kind:expr, $summary:literal) => {
        elementwise!(
            $name,
            $kw,
            $kind,
            $summary,
            parse_binary,
            print_binary,
            verify_float_binary,
            fold_float_binary,
            lower_float_binary,
            interp_float_binary
        )
    };
}

macro_rules! unary {
    ($name:literal, $kw:literal, $kind:expr, $summary:literal) => {
        elementwise!(
            $name,
            $kw,
            $kind,
            $summary,
            parse_unary,
            print_unary,
            verify_float_unary,
            fold_float_unary,
            lower_float_unary,
            interp_float_unary
        )
    };
}

macro_rules! int_unary {
    ($name:literal, $kw:literal, $kind:expr, $summary:literal) => {
        elementwise!(
            $name,
            $kw,
            $kind,
            $summary,
            parse_unary,
            print_unary,
            verify_int_unary,
            fold_int_unary,
            lower_int_unary,
            interp_int_unary
        )
    };
}

macro_rules! cast {
    ($name:literal, $kw:literal, $kind:expr, $summary:literal) => {
        OpDef {
            name: $name,
            keyword: $kw,
            parse: Some(|p: &mut Parser<'_>, s: Span| parse_cast(p, $name, s)),
            print: Some(print_cast),
            verify: |cx: &mut VerifyCx<'_>, op: Op| verify_cast(cx, op, $kind),
            fold: Some(|m: &Module, op: Op, c: &[Option<Attribute>]| fold_cast(m, op, c, $kind)),
            lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_cast(lw, op, $kind)),
            interp: Some(|it: &mut Interp<'_>, op: Op| interp_cast(it, op, $kind)),
            traits: Traits::PURE,
            summary: $summary,
        }
    };
}

/// Ops of this file.
pub static OPS: &[&OpDef] = &[
    &CONSTANT,
    &ADDI,
    &SUBI,
    &MULI,
    &DIVIS,
    &DIVIU,
    &REMIS,
    &REMIU,
    &AND,
    &OR,
    &XOR,
    &SHLIS,
    &SHRIS,
    &SHRIU,
    &ADDF,
    &SUBF,
    &MULF,
    &DIVF,
    &REMF,
    &COPYSIGN,
    &NEGF,
    &ABSF,
    &SQRT,
    &EXP,
    &LOG,
    &TANH,
    &SIN,
    &COS,
    &CTPOP,
    &CTLZ,
    &CMPI,
    &CMPF,
    &SELECT,
    &INDEX_CAST,
    &SITOFP,
    &UITOFP,
    &FPTOSI,
    &FPTOUI,
    &BITCAST,
    &SEXTI,
    &ZEXTI,
    &TRUNCI,
    &FPEXT,
    &FPTRUNC,
];

/// What a float binary op computes (each op's lowering and folding are given theirs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatBin {
    /// `addf`
    Add,
    /// `subf`
    Sub,
    /// `mulf`
    Mul,
    /// `divf`
    Div,
    /// `remf` (fmod)
    Rem,
    /// `copysign`
    Copysign,
}

/// What a float unary op computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloatUnary {
    /// `negf`
    Neg,
    /// `absf`
    Abs,
    /// `sqrt`
    Sqrt,
    /// `exp`
    Exp,
    /// `log`
    Log,
    /// `tanh`
    Tanh,
    /// `sin`
    Sin,
    /// `cos`
    Cos,
}

/// What a bit-counting op counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BitCount {
    /// `ctpop`: set bits.
    Ctpop,
    /// `ctlz`: leading zero bits.
    Ctlz,
}

/// Which cast an op is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cast {
    /// `index_cast`
    Index,
    /// `sitofp`
    SiToFp,
    /// `uitofp`
    UiToFp,
    /// `fptosi`
    FpToSi,
    /// `fptoui`
    FpToUi,
    /// `bitcast`
    Bitcast,
    /// `sexti`
    SExtI,
    /// `zexti`
    ZExtI,
    /// `trunci`
    TruncI,
    /// `fpext`
    FpExt,
    /// `fptrunc`
    FpTrunc,
}

/// `std.constant`.
pub static CONSTANT: OpDef = OpDef {
    name: "std.constant",
    keyword: "constant",
    parse: Some(parse_constant),
    print: Some(print_constant),
    verify: verify_constant,
    fold: Some(fold_constant),
    lower: Some(lower_constant),
    interp: Some(interp_constant),
    traits: Traits { codegen: CodegenRole::Constant, ..Traits::PURE },
    summary: "a constant integer, float, vector/tensor or function reference",
};

/// `std.addi`.
pub static ADDI: OpDef = int_binary!("std.addi", "addi", IntBin::Add, "integer addition (wrapping)");

/// `std.subi`.
pub static SUBI: OpDef = int_binary!("std.subi", "subi", IntBin::Sub, "integer subtraction (wrapping)");

/// `std.muli`.
pub static MULI: OpDef = int_binary!("std.muli", "muli", IntBin::Mul, "integer multiplication (wrapping)");

/// `std.divis`.
pub static DIVIS: OpDef = int_binary!("std.divis", "divis", IntBin::DivS, "signed division, rounding towards zero");

/// `std.diviu`.
pub static DIVIU: OpDef = int_binary!("std.diviu", "diviu", IntBin::DivU, "unsigned division");

/// `std.remis`.
pub static REMIS: OpDef = int_binary!("std.remis", "remis", IntBin::RemS, "signed remainder (sign of the dividend)");

/// `std.remiu`.
pub static REMIU: OpDef = int_binary!("std.remiu", "remiu", IntBin::RemU, "unsigned remainder");

/// `std.and`.
pub static AND: OpDef = int_binary!("std.and", "and", IntBin::And, "bitwise and");

/// `std.or`.
pub static OR: OpDef = int_binary!("std.or", "or", IntBin::Or, "bitwise or");

/// `std.xor`.
pub static XOR: OpDef = int_binary!("std.xor", "xor", IntBin::Xor, "bitwise xor");

/// `std.shlis`.
pub static SHLIS: OpDef = int_binary!("std.shlis", "shlis", IntBin::Shl, "shift left");

/// `std.shris`.
pub static SHRIS: OpDef = int_binary!("std.shris", "shris", IntBin::ShrS, "arithmetic shift right");

/// `std.shriu`.
pub static SHRIU: OpDef = int_binary!("std.shriu", "shriu", IntBin::ShrU, "logical shift right");

/// `std.addf`.
pub static ADDF: OpDef = float_binary!("std.addf", "addf", FloatBin::Add, "float addition");

/// `std.subf`.
pub static SUBF: OpDef = float_binary!("std.subf", "subf", FloatBin::Sub, "float subtraction");

/// `std.mulf`.
pub static MULF: OpDef = float_binary!("std.mulf", "mulf", FloatBin::Mul, "float multiplication");

/// `std.divf`.
pub static DIVF: OpDef = float_binary!("std.divf", "divf", FloatBin::Div, "float division");

/// `std.remf`.
pub static REMF: OpDef = float_binary!("std.remf", "remf", FloatBin::Rem, "float remainder (fmod)");

/// `std.copysign`.
pub static COPYSIGN: OpDef =
    float_binary!("std.copysign", "copysign", FloatBin::Copysign, "magnitude of lhs, sign of rhs");

/// `std.negf`.
pub static NEGF: OpDef = unary!("std.negf", "negf", FloatUnary::Neg, "float negation");

/// `std.absf`.
pub static ABSF: OpDef = unary!("std.absf", "absf", FloatUnary::Abs, "float absolute value");

/// `std.sqrt`.
pub static SQRT: OpDef = unary!("std.sqrt", "sqrt", FloatUnary::Sqrt, "square root");

/// `std.exp`.
pub static EXP: OpDef = unary!("std.exp", "exp", FloatUnary::Exp, "e to the power of x");

/// `std.log`.
pub static LOG: OpDef = unary!("std.log", "log", FloatUnary::Log, "natural logarithm");

/// `std.tanh`.
pub static TANH: OpDef = unary!("std.tanh", "tanh", FloatUnary::Tanh, "hyperbolic tangent");

/// `std.sin`.
pub static SIN: OpDef = unary!("std.sin", "sin", FloatUnary::Sin, "sine");

/// `std.cos`.
pub static COS: OpDef = unary!("std.cos", "cos", FloatUnary::Cos, "cosine");

/// `std.ctpop`.
pub static CTPOP: OpDef =
    int_unary!("std.ctpop", "ctpop", BitCount::Ctpop, "the number of set bits (MLIR's later math.ctpop)");

/// `std.ctlz`.
pub static CTLZ: OpDef =
    int_unary!("std.ctlz", "ctlz", BitCount::Ctlz, "the number of leading zero bits (MLIR's later math.ctlz)");

/// `std.cmpi`.
pub static CMPI: OpDef = OpDef {
    name: "std.cmpi",
    keyword: "cmpi",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_cmp(p, s, "std.cmpi", &CMPI_PREDICATES)),
    print: Some(|p: &mut Printer<'_>, op: Op| print_cmp(p, op, "cmpi", &CMPI_PREDICATES)),
    verify: verify_cmpi,
    fold: Some(fold_cmp),
    lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_cmp(lw, op, false)),
    interp: Some(|it: &mut Interp<'_>, op: Op| interp_cmp(it, op, false)),
    traits: Traits::PURE,
    summary: "integer comparison: eq ne slt sle sgt sge ult ule ugt uge",
};

/// `std.cmpf`.
pub static CMPF: OpDef = OpDef {
    name: "std.cmpf",
    keyword: "cmpf",
    parse: Some(|p: &mut Parser<'_>, s: Span| parse_cmp(p, s, "std.cmpf", &CMPF_PREDICATES)),
    print: Some(|p: &mut Printer<'_>, op: Op| print_cmp(p, op, "cmpf", &CMPF_PREDICATES)),
    verify: verify_cmpf,
    fold: Some(fold_cmp),
    lower: Some(|lw: &mut FnLowerer<'_, '_>, op: Op| lower_cmp(lw, op, true)),
    interp: Some(|it: &mut Interp<'_>, op: Op| interp_cmp(it, op, true)),
    traits: Traits::PURE,
    summary: "float comparison, ordered (o..) or unordered (u..)",
};

/// `std.select`.
pub static SELECT: OpDef = OpDef {
    name: "std.select",
    keyword: "select",
    parse: Some(parse_select),
    print: Some(print_select),
    verify: verify_select,
    fold: Some(fold_select),
    lower: Some(lower_select),
    interp: Some(interp_select),
    traits: Traits::PURE,
    summary: "choose between two values on an i1 (elementwise for vectors and tensors)",
};

/// `std.index_cast`.
pub static INDEX_CAST: OpDef = cast!(
    "std.index_cast",
    "index_cast",
    Cast::Index,
    "between index and an integer type (sign-extending or truncating)"
);

/// `std.sitofp`.
pub static SITOFP: OpDef = cast!("std.sitofp", "sitofp", Cast::SiToFp, "signed integer to float");

/// `std.uitofp`.
pub static UITOFP: OpDef = cast!("std.uitofp", "uitofp", Cast::UiToFp, "unsigned integer to float");

/// `std.fptosi`.
pub static FPTOSI: OpDef =
    cast!("std.fptosi", "fptosi", Cast::FpToSi, "float to signed integer (saturating, NaN to 0)");

/// `std.fptoui`.
pub static FPTOUI: OpDef =
    cast!("std.fptoui", "fptoui", Cast::FpToUi, "float to unsigned integer (saturating, NaN to 0)");

/// `std.bitcast`.
pub static BITCAST: OpDef =
    cast!("std.bitcast", "bitcast", Cast::Bitcast, "the same bits as another type of the same width");

/// `std.sexti`.
pub static SEXTI: OpDef = cast!("std.sexti", "sexti", Cast::SExtI, "sign-extend to a wider integer");

/// `std.zexti`.
pub static ZEXTI: OpDef = cast!("std.zexti", "zexti", Cast::ZExtI, "zero-extend to a wider integer");

/// `std.trunci`.
pub static TRUNCI: OpDef = cast!("std.trunci", "trunci", Cast::TruncI, "truncate to a narrower integer");

/// `std.fpext`.
pub static FPEXT: OpDef = cast!("std.fpext", "fpext", Cast::FpExt, "extend to a wider float");

/// `std.fptrunc`.
pub static FPTRUNC: OpDef = cast!("std.fptrunc", "fptrunc", Cast::FpTrunc, "round to a narrower float");

// ---- constant ---------------------------------------------------------------------------------

fn parse_constant(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    // `constant {attrs} value : type`: the dictionary comes first, the value carries its type.
    let attrs = p.parse_optional_attr_dict()?;
    let at = p.span();
    let value = p.parse_attribute()?;
    let ty = if p.kind() == TokKind::Colon {
        p.parse_colon_type()?
    } else {
        match (&value, value.value_type()) {
            (_, Some(t)) => t.clone(),
            (Attribute::Bool(_), None) => Type::Integer(1),
            (Attribute::Unit, None) => Type::None,
            _ => return Err(p.error_at(at, "expected ':' and the type of the constant")),
        }
    };
    let mut st = OperationState::new(p.intern("std.constant")).result(ty).attr("value", value).at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_constant(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [r] = d.results.as_slice() else { return None };
    if !d.operands.is_empty() {
        return None;
    }
    let value = m.attr(op, "value")?;
    let ty = m.value_type(*r);
    match value {
        Attribute::SymbolRef(_) | Attribute::Bool(_) | Attribute::Unit => {}
        other if other.value_type() == Some(ty) => {}
        _ => return None,
    }
    p.w("constant");
    p.print_attr_dict(op, &["value"]);
    p.w(" ");
    p.print_attr_without_type(value);
    p.w(" : ");
    p.print_type(ty);
    Some(())
}

fn verify_constant(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(0), Some(1), 0, 0) {
        return;
    }
    let Some(value) = cx.required_attr(op, "value") else { return };
    let ty = cx.result_type(op, 0).cloned().unwrap_or(Type::None);
    match value {
        Attribute::Integer(_) | Attribute::Float(_) | Attribute::Elements(_) => {
            let at = value.value_type().cloned().unwrap_or(Type::None);
            if at != ty {
                cx.error(op, format!("requires attribute's type ('{at}') to match op's return type ('{ty}')"));
            }
            if let Attribute::Elements(e) = value
                && !matches!(**e, ElementsAttr::Dense(_))
            {
                cx.error(op, "requires a dense elements attribute");
            }
        }
        Attribute::Bool(_) => {
            if !ty.is_integer_of(1) {
                cx.error(op, format!("requires a boolean value to have type 'i1', not '{ty}'"));
            }
        }
        Attribute::Unit => {
            if ty != Type::None {
                cx.error(op, format!("requires a unit value to have type 'none', not '{ty}'"));
            }
        }
        Attribute::SymbolRef(name) => {
            let Some(fty) = ty.as_function() else {
                cx.error(op, format!("requires a function type for a function reference, not '{ty}'"));
                return;
            };
            let m = cx.m;
            let Some(&f) = cx.symbols.get(&**name) else {
                cx.error(op, format!("reference to undefined function '{name}'"));
                return;
            };
            let ft = m.attr(f, "type").and_then(Attribute::as_type).and_then(Type::as_function);
            if ft != Some(fty) {
                cx.error(op, "reference to function with mismatched type");
            }
        }
        other => cx.error(op, format!("requires a result type that aligns with the 'value' attribute ({other})")),
    }
}

fn fold_constant(m: &Module, op: Op, _: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    Some(vec![FoldResult::Attr(m.attr(op, "value")?.clone())])
}

// ---- binary ops -------------------------------------------------------------------------------

fn verify_int_binary(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(2), Some(1), 0, 0) && cx.same_types(op).is_some() {
        cx.kind(op, 0, false, "integer-like", is_int_like);
    }
}

fn verify_float_binary(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(2), Some(1), 0, 0) && cx.same_types(op).is_some() {
        cx.kind(op, 0, false, "floating-point-like", is_float_like);
    }
}

fn verify_float_unary(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(1), Some(1), 0, 0) && cx.same_types(op).is_some() {
        cx.kind(op, 0, false, "floating-point-like", is_float_like);
    }
}

fn verify_int_unary(cx: &mut VerifyCx<'_>, op: Op) {
    if cx.counts(op, Some(1), Some(1), 0, 0) && cx.same_types(op).is_some() {
        cx.kind(op, 0, false, "integer-like", |t| is_int_like(t) && !t.element_type().is_index());
    }
}

/// `ctpop`/`ctlz` of the unsigned `w`-bit value `v`.
fn count_bits(kind: BitCount, v: u64, w: u32) -> u64 {
    match kind {
        BitCount::Ctpop => u64::from(v.count_ones()),
        BitCount::Ctlz => u64::from(v.leading_zeros()) - u64::from(64 - w),
    }
}

fn fold_int_unary(m: &Module, op: Op, consts: &[Option<Attribute>], kind: BitCount) -> Option<Vec<FoldResult>> {
    let ty = m.value_type(*m.op(op).results.first()?);
    let w = ty.bit_width()?;
    if !ty.is_integer() || w > 64 {
        return None;
    }
    let v = super::semantics::unsigned(int_const(consts.first()?)?, w);
    int_result(ty, i128::from(count_bits(kind, v as u64, w)))
}

fn int_const(a: &Option<Attribute>) -> Option<i128> {
    match a {
        Some(Attribute::Integer(i)) => Some(i.value),
        Some(Attribute::Bool(b)) => Some(i128::from(*b)),
        _ => None,
    }
}

fn float_const(a: &Option<Attribute>) -> Option<f64> {
    match a {
        Some(Attribute::Float(f)) => Some(f.value()),
        _ => None,
    }
}

fn int_result(ty: &Type, v: i128) -> Option<Vec<FoldResult>> {
    Some(vec![FoldResult::Attr(Attribute::Integer(IntegerAttr::new(v, ty.clone()).ok()?))])
}

fn fold_int_binary(m: &Module, op: Op, consts: &[Option<Attribute>], kind: IntBin) -> Option<Vec<FoldResult>> {
    let d = m.op(op);
    let ty = m.value_type(*d.results.first()?);
    let width = ty.bit_width().filter(|&w| w <= 64 && ty.is_int_or_index())?;
    let (a, b) = (int_const(consts.first()?), int_const(consts.get(1)?));
    match (a, b) {
        (Some(a), Some(b)) => int_result(ty, eval_int(kind, a, b, width).ok()?),
        // x + 0, x - 0, x * 1, x | 0, x ^ 0, shifts by 0: x.
        (None, Some(0))
            if matches!(
                kind,
                IntBin::Add | IntBin::Sub | IntBin::Or | IntBin::Xor | IntBin::Shl | IntBin::ShrS | IntBin::ShrU
            ) =>
        {
            Some(vec![FoldResult::Value(d.operands[0])])
        }
        (None, Some(1)) if matches!(kind, IntBin::Mul | IntBin::DivS | IntBin::DivU) && width > 1 => {
            Some(vec![FoldResult::Value(d.operands[0])])
        }
        (Some(0), None) if kind == IntBin::Add => Some(vec![FoldResult::Value(d.operands[1])]),
        _ => None,
    }
}

fn float_result(ty: &Type, v: f64) -> Option<Vec<FoldResult>> {
    Some(vec![FoldResult::Attr(Attribute::Float(FloatAttr::from_f64(v, ty.clone()).ok()?))])
}

fn fold_float_binary(m: &Module, op: Op, consts: &[Option<Attribute>], kind: FloatBin) -> Option<Vec<FoldResult>> {
    let d = m.op(op);
    let ty = m.value_type(*d.results.first()?);
    if !ty.is_float() {
        return None;
    }
    let (a, b) = (float_const(consts.first()?)?, float_const(consts.get(1)?)?);
    float_result(ty, float_binary(kind, a, b))
}

/// A float binary op on one lane, exact in f64 (to be rounded once to the type: correct for
/// +, -, *, / and fmod).
fn float_binary(kind: FloatBin, a: f64, b: f64) -> f64 {
    match kind {
        FloatBin::Add => a + b,
        FloatBin::Sub => a - b,
        FloatBin::Mul => a * b,
        FloatBin::Div => a / b,
        FloatBin::Rem => a % b,
        FloatBin::Copysign => a.copysign(b),
    }
}

fn fold_float_unary(m: &Module, op: Op, consts: &[Option<Attribute>], kind: FloatUnary) -> Option<Vec<FoldResult>> {
    let d = m.op(op);
    let ty = m.value_type(*d.results.first()?);
    if !ty.is_float() {
        return None;
    }
    let a = float_const(consts.first()?)?;
    float_result(ty, exact_float_unary(kind, a)?)
}

/// A float unary op on one lane where f64 computes it exactly (to be rounded once).
fn exact_float_unary(kind: FloatUnary, a: f64) -> Option<f64> {
    Some(match kind {
        FloatUnary::Neg => -a,
        FloatUnary::Abs => a.abs(),
        FloatUnary::Sqrt => a.sqrt(),
        // Left to run time: folding would have to match the runtime's results to the bit.
        FloatUnary::Exp | FloatUnary::Log | FloatUnary::Tanh | FloatUnary::Sin | FloatUnary::Cos => return None,
    })
}

// ---- comparisons --------------------------------------------------------------------------------

fn parse_cmp(p: &mut Parser<'_>, span: Span, name: &'static str, preds: &[&str]) -> PResult<Values> {
    let at = p.span();
    // The predicate is an attribute that must be a string (`cmpi "slt", ...`); later MLIR
    // writes it bare (`arith.cmpi slt, ...`).
    let pred = if p.kind() == TokKind::BareId {
        let pred = p.text().to_string();
        if !p.later_spellings() {
            let mut e = p.error_at(at, format!("expected string comparison predicate attribute: \"{pred}\""));
            e.notes.push(crate::ir::Diagnostic::note(
                at,
                "later MLIR writes the predicate bare; --later-syntax reads that",
            ));
            return Err(e);
        }
        p.bump();
        pred
    } else {
        match p.parse_attribute()? {
            Attribute::String(s) => s.value.to_string(),
            _ => return Err(p.error_at(at, "expected string comparison predicate attribute")),
        }
    };
    let Some(index) = preds.iter().position(|&x| x == pred) else {
        return Err(
            p.error_at(at, format!("unknown comparison predicate \"{pred}\"; expected one of {}", preds.join(", ")))
        );
    };
    p.expect(TokKind::Comma, "','")?;
    let a = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let b = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':'")?;
    let ty_at = p.span();
    let ty = p.parse_type()?;
    if !has_i1_shape(&ty) {
        return Err(p.error_at(ty_at, "expected type with valid i1 shape"));
    }
    let operands = p.resolve_all(&[a, b], &ty)?;
    let result = ty.with_element(Type::Integer(1));
    let mut st = OperationState::new(p.intern(name))
        .operands(&operands)
        .result(result)
        .attr("predicate", Attribute::i64(index as i64))
        .at(span);
    st.attrs.extend(attrs);
    Ok(p.finish_op(st))
}

fn print_cmp(p: &mut Printer<'_>, op: Op, kw: &str, preds: &[&str]) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [a, b] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    let ty = m.value_type(*a);
    if m.value_type(*b) != ty || *m.value_type(*r) != ty.with_element(Type::Integer(1)) {
        return None;
    }
    let pred = match m.attr(op, "predicate")? {
        Attribute::Integer(IntegerAttr { value, ty: Type::Integer(64) }) => preds.get(usize::try_from(*value).ok()?)?,
        _ => return None,
    };
    p.w(kw);
    p.w(" \"");
    p.w(pred);
    p.w("\", ");
    p.print_values(&[*a, *b]);
    p.print_attr_dict(op, &["predicate"]);
    p.w(" : ");
    p.print_type(ty);
    Some(())
}

/// Whether a value of this type has an `i1` counterpart of the same shape (scalars, vectors,
/// tensors of integers, indices or floats).
fn has_i1_shape(t: &Type) -> bool {
    match t {
        Type::Vector(_) | Type::Tensor(_) => {
            let e = t.element_type();
            e.is_int_or_index() || e.is_float()
        }
        t => t.is_int_or_index() || t.is_float(),
    }
}

fn is_bool_like(t: &Type) -> bool {
    t.element_type().is_integer_of(1) && !matches!(t, Type::Memref(_))
}

fn verify_cmp(cx: &mut VerifyCx<'_>, op: Op, float: bool) {
    if !cx.counts(op, Some(2), Some(1), 0, 0) {
        return;
    }
    let npreds = if float { CMPF_PREDICATES.len() } else { CMPI_PREDICATES.len() };
    match cx.m.attr(op, "predicate") {
        Some(Attribute::Integer(i)) if (0..npreds as i128).contains(&i.value) => {}
        // Both wordings MLIR used in 2019 (hand-written verifier, then ODS) are in the message.
        Some(Attribute::Integer(_)) => {
            cx.error(
                op,
                format!(
                    "attribute 'predicate' failed to satisfy constraint: 'predicate' attribute value out of range (0..{})",
                    npreds - 1
                ),
            );
            return;
        }
        _ => {
            cx.error(op, "requires an integer attribute named 'predicate'");
            return;
        }
    }
    let (Some(a), Some(b), Some(r)) = (cx.operand_type(op, 0), cx.operand_type(op, 1), cx.result_type(op, 0)) else {
        return;
    };
    let ok = if float {
        cx.kind(op, 0, false, "floating-point-like", is_float_like)
            && cx.kind(op, 1, false, "floating-point-like", is_float_like)
    } else {
        cx.kind(op, 0, false, "integer-like", is_int_like) && cx.kind(op, 1, false, "integer-like", is_int_like)
    };
    if !ok || !cx.kind(op, 0, true, "bool-like", is_bool_like) {
        return;
    }
    if a != b {
        cx.error(op, "requires all operands to have the same type");
        return;
    }
    if !same_shape(a, r) {
        cx.error(op, "requires the same shape for all operands and results");
    }
}

fn verify_cmpi(cx: &mut VerifyCx<'_>, op: Op) {
    verify_cmp(cx, op, false);
}

fn verify_cmpf(cx: &mut VerifyCx<'_>, op: Op) {
    verify_cmp(cx, op, true);
}

fn fold_cmp(m: &Module, op: Op, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let d = m.op(op);
    let pred = m.attr(op, "predicate")?.as_int()? as i64;
    let ty = m.value_type(*d.operands.first()?);
    let r = if &*d.name == "std.cmpi" {
        let width = ty.bit_width().filter(|&w| w <= 64 && ty.is_int_or_index())?;
        eval_cmpi(pred, int_const(consts.first()?)?, int_const(consts.get(1)?)?, width)?
    } else {
        if !ty.is_float() {
            return None;
        }
        eval_cmpf(pred, float_const(consts.first()?)?, float_const(consts.get(1)?)?)?
    };
    int_result(&Type::Integer(1), i128::from(r))
}

// ---- select -----------------------------------------------------------------------------------

fn parse_select(p: &mut Parser<'_>, span: Span) -> PResult<Values> {
    let c = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let t = p.parse_operand()?;
    p.expect(TokKind::Comma, "','")?;
    let f = p.parse_operand()?;
    let attrs = p.parse_optional_attr_dict()?;
    p.expect(TokKind::Colon, "':'")?;
    let ty_at = p.span();
    let ty = p.parse_type()?;
    if !has_i1_shape(&ty) {
        return Err(p.error_at(ty_at, "expected type with valid i1 shape"));
    }
    let cond_ty = ty.with_element(Type::Integer(1));
    let c = p.resolve_operand(&c, &cond_ty)?;
    let tf = p.resolve_all(&[t, f], &ty)?;
    let mut st = OperationState::new(p.intern("std.select")).operand(c).operands(&tf).result(ty).at(span);
    st.attrs = attrs;
    Ok(p.finish_op(st))
}

fn print_select(p: &mut Printer<'_>, op: Op) -> Option<()> {
    let m = p.module();
    let d = m.op(op);
    let [c, t, f] = d.operands.as_slice() else { return None };
    let [r] = d.results.as_slice() else { return None };
    let ty = m.value_type(*r);
    if m.value_type(*t) != ty
        || m.value_type(*f) != ty
        || !has_i1_shape(ty)
        || *m.value_type(*c) != ty.with_element(Type::Integer(1))
    {
        return None;
    }
    p.w("select ");
    p.print_values(&[*c, *t, *f]);
    p.print_attr_dict(op, &[]);
    p.w(" : ");
    p.print_type(ty);
    Some(())
}

fn verify_select(cx: &mut VerifyCx<'_>, op: Op) {
    if !cx.counts(op, Some(3), Some(1), 0, 0) {
        return;
    }
    let (Some(c), Some(t), Some(f), Some(r)) =
        (cx.operand_type(op, 0), cx.operand_type(op, 1), cx.operand_type(op, 2), cx.result_type(op, 0))
    else {
        return;
    };
    if !cx.kind(op, 0, false, "bool-like", is_bool_like) {
        return;
    }
    if t != f {
        cx.error(op, "requires 'true' and 'false' arguments to be of the same type");
        return;
    }
    if t != r {
        cx.error(op, "requires the result to have the type of the 'true' and 'false' arguments");
        return;
    }
    if !same_shape(c, r) {
        cx.error(op, "requires the same shape for all operands and results");
    }
}

fn fold_select(m: &Module, op: Op, consts: &[Option<Attribute>]) -> Option<Vec<FoldResult>> {
    let d = m.op(op);
    let c = int_const(consts.first()?)?;
    if !m.value_type(d.operands[0]).is_integer_of(1) {
        return None;
    }
    Some(vec![FoldResult::Value(if c != 0 { d.operands[1] } else { d.operands[2] })])
}

// ---- casts ------------------------------------------------------------------------------------

fn float_rank(t: &Type) -> u32 {
    match t {
        Type::F16 | Type::BF16 => 16,
        Type::F32 => 32,
        Type::F64 => 64,
        _ => 0,
    }
}

fn verify_cast(cx: &mut VerifyCx<'_>, op: Op, kind: Cast) {
    if !cx.counts(op, Some(1), Some(1), 0, 0) {
        return;
    }
    let (Some(from), Some(to)) = (cx.operand_type(op, 0), cx.result_type(op, 0)) else { return };
    let incompatible = format!("operand type '{from}' and result type '{to}' are cast incompatible");
    if !same_shape(from, to) {
        cx.error(op, format!("{incompatible}: the shapes differ"));
        return;
    }
    let (a, b) = (from.element_type(), to.element_type());
    if matches!(kind, Cast::SExtI | Cast::ZExtI | Cast::TruncI) {
        if a.is_index() {
            cx.error(op, "'index' is not a valid operand type");
            return;
        }
        if b.is_index() {
            cx.error(op, "'index' is not a valid result type");
            return;
        }
        if !(a.is_integer() && b.is_integer()) {
            cx.error(op, incompatible);
            return;
        }
        let widening = kind != Cast::TruncI;
        let (wa, wb) = (a.bit_width().unwrap_or(0), b.bit_width().unwrap_or(0));
        if widening && wb <= wa {
            cx.error(op, format!("result type '{b}' must be wider than operand type '{a}'"));
        } else if !widening && wa <= wb {
            cx.error(op, format!("operand type '{a}' must be wider than result type '{b}'"));
        }
        return;
    }
    let (ok, rule) = match kind {
        Cast::Index => (
            (a.is_index() && b.is_integer()) || (a.is_integer() && b.is_index()),
            "index_cast converts between 'index' and an integer type",
        ),
        Cast::SiToFp => (a.is_integer() && b.is_float(), "sitofp converts an integer to a float"),
        Cast::UiToFp => (a.is_integer() && b.is_float(), "uitofp converts an integer to a float"),
        Cast::FpToSi => (a.is_float() && b.is_integer(), "fptosi converts a float to an integer"),
        Cast::FpToUi => (a.is_float() && b.is_integer(), "fptoui converts a float to an integer"),
        Cast::Bitcast => (
            (a.is_integer() || a.is_float()) && (b.is_integer() || b.is_float()) && a.bit_width() == b.bit_width(),
            "bitcast converts between integer and float types of one width",
        ),
        Cast::FpExt => {
            (a.is_float() && b.is_float() && float_rank(b) > float_rank(a), "fpext converts to a wider float type")
        }
        Cast::FpTrunc => {
            (a.is_float() && b.is_float() && float_rank(b) < float_rank(a), "fptrunc converts to a narrower float type")
        }
        // Checked above.
        Cast::SExtI | Cast::ZExtI | Cast::TruncI => (true, ""),
    };
    if !ok {
        cx.error(op, format!("{incompatible} ({rule})"));
    }
}

fn fold_cast(m: &Module, op: Op, consts: &[Option<Attribute>], kind: Cast) -> Option<Vec<FoldResult>> {
    let d = m.op(op);
    let from = m.value_type(*d.operands.first()?);
    let to = m.value_type(*d.results.first()?);
    Some(vec![FoldResult::Attr(cast_value(kind, from, to, consts.first()?.as_ref()?)?)])
}

/// A cast of one scalar constant from `from` to `to` (`None` where the cast does not fold): the
/// meaning folding and the interpreter share.
fn cast_value(kind: Cast, from: &Type, to: &Type, value: &Attribute) -> Option<Attribute> {
    let c = Some(value.clone());
    let tw = to.bit_width()?;
    if tw > 64 || from.bit_width()? > 64 {
        return None;
    }
    let int = |v: i128| Some(Attribute::Integer(IntegerAttr::new(v, to.clone()).ok()?));
    let float = |v: f64| Some(Attribute::Float(FloatAttr::from_f64(v, to.clone()).ok()?));
    match kind {
        Cast::Index | Cast::SExtI | Cast::TruncI => {
            // An i1 holds 0 or 1 and means 0 or -1 when extended by its sign.
            let v = int_const(&c)?;
            int(wrap(if from.is_integer_of(1) && kind != Cast::TruncI { -v } else { v }, tw))
        }
        Cast::ZExtI => {
            let fw = from.bit_width()?;
            int(super::semantics::unsigned(int_const(&c)?, fw) as i128)
        }
        Cast::SiToFp => {
            let v = int_const(&c)?;
            let v = if from.is_integer_of(1) { -v } else { v };
            if *to == Type::F32 {
                // Directly, so a 64-bit value is rounded once.
                let bits = u64::from((v as i64 as f32).to_bits());
                return Some(Attribute::Float(FloatAttr { bits, ty: Type::F32 }));
            }
            float(v as f64)
        }
        Cast::UiToFp => {
            let fw = from.bit_width()?;
            let v = super::semantics::unsigned(int_const(&c)?, fw);
            if *to == Type::F32 {
                let bits = u64::from((v as f32).to_bits());
                return Some(Attribute::Float(FloatAttr { bits, ty: Type::F32 }));
            }
            float(v as f64)
        }
        Cast::FpToSi => int(wrap(fptosi(float_const(&c)?, tw), tw)),
        Cast::FpToUi => {
            let x = float_const(&c)?;
            // Saturating: the largest value is all ones (for 64 bits, `u64::MAX as f64` rounds up
            // to 2^64, which must not wrap around to 0).
            let max = (1u128 << tw) - 1;
            let v = if x.is_nan() || x <= 0.0 {
                0u128
            } else if x >= max as f64 {
                max
            } else {
                x.trunc() as u128
            };
            int(wrap(v as i128, tw))
        }
        Cast::FpExt | Cast::FpTrunc => float(float_const(&c)?),
        // Same-width reinterpretation of a constant is not folded.
        Cast::Bitcast => None,
    }
}

// ---- lowering -------------------------------------------------------------------------------
// Each op computes exactly `semantics.rs` on the register forms of codegen/repr.rs.

use crate::codegen::repr::{Dim, Repr, int_width};
use crate::codegen::{CodegenError, FnLowerer};
use crate::runtime::call as rt;
use crate::runtime::trap::TrapKind;
use cranelift_codegen::ir::condcodes::{FloatCC, IntCC};
use cranelift_codegen::ir::{InstBuilder, Value as CValue, types};

fn clif_float(lw: &mut FnLowerer<'_, '_>, v: f64, ty: &Type) -> CValue {
    if *ty == Type::F64 { lw.b.ins().f64const(v) } else { lw.b.ins().f32const(v as f32) }
}

/// The bytes of a dense tensor constant in memory, `n` elements of type `elem`.
fn dense_bytes<'a>(e: &'a DenseElements, n: usize, elem: &Type) -> std::borrow::Cow<'a, [u8]> {
    let size = crate::codegen::repr::elem_bytes(elem).unwrap_or(8) as usize;
    // Elements borrowed from a bytecode file are already the memory image when every byte
    // pattern is a canonical value (floats, integers filling their bytes).
    if let DenseValues::Raw(r) = &e.values
        && r.len() == n
        && r.element_size() == size
        && (r.is_float() || elem.bit_width() == Some(8 * size as u32))
    {
        return std::borrow::Cow::Borrowed(r.bytes());
    }
    let mut out = Vec::with_capacity(n * size);
    for i in 0..n {
        let bits = match e.float_bits_at(i) {
            Some(bits) => bits,
            None => e.int_at(i).unwrap_or(0) as u64,
        };
        out.extend_from_slice(&bits.to_le_bytes()[..size.min(8)]);
        // Each element takes exactly `size` bytes, so the buffer is always `n * size` long.
        out.resize((i + 1) * size, 0);
    }
    std::borrow::Cow::Owned(out)
}

fn lower_constant(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let r = m.op(op).results[0];
    let ty = m.value_type(r);
    let value = m.attr(op, "value").ok_or_else(|| lw.err(op, "missing value"))?;
    let repr = match value {
        Attribute::Integer(i) => Repr::Scalar(lw.iconst(ty, i.value as i64)),
        Attribute::Bool(b) => Repr::Scalar(lw.iconst(ty, i64::from(*b))),
        Attribute::Float(f) => Repr::Scalar(clif_float(lw, crate::ir::bits_to_f64(f.bits, &f.ty), ty)),
        Attribute::Unit => Repr::Unit,
        Attribute::SymbolRef(name) => Repr::Func(lw.function_address(name).ok_or_else(|| {
            lw.err(op, format!("'@{name}' is external; only functions defined in the module can be values"))
        })?),
        Attribute::Elements(e) => {
            let ElementsAttr::Dense(d) = &**e else { return Err(lw.err(op, "only dense constants can be compiled")) };
            let elem = ty.element_type().clone();
            let n = crate::ir::num_elements(ty);
            match ty {
                Type::Vector(_) => {
                    let lanes = (0..n)
                        .map(|i| match d.float_bits_at(i) {
                            Some(bits) => clif_float(lw, crate::ir::bits_to_f64(bits, &elem), &elem),
                            None => lw.iconst(&elem, d.int_at(i).unwrap_or(0) as i64),
                        })
                        .collect();
                    lw.pack(ty, lanes)
                }
                _ => {
                    // A tensor constant: module-owned data (tensors are never written in place).
                    let addr = lw.module_buffer(&dense_bytes(d, n, &elem));
                    let ptr = lw.i64c(addr as i64);
                    let dims = ty.shape().unwrap_or_default().into_iter().map(Dim::Static).collect();
                    Repr::Memref(crate::codegen::repr::MemrefRepr { ptr, dims, syms: Vec::new(), phys: Vec::new() })
                }
            }
        }
        other => return Err(lw.err(op, format!("cannot compile the constant {other}"))),
    };
    lw.set(r, repr);
    Ok(())
}

fn int_binary(lw: &mut FnLowerer<'_, '_>, ib: IntBin, a: CValue, b: CValue, w: u32, op: Op) -> CValue {
    let cty = lw.b.func.dfg.value_type(a);
    let cb = cty.bits();
    match ib {
        IntBin::Add => {
            let r = lw.b.ins().iadd(a, b);
            lw.normalize(r, w)
        }
        IntBin::Sub => {
            let r = lw.b.ins().isub(a, b);
            lw.normalize(r, w)
        }
        IntBin::Mul => {
            let r = lw.b.ins().imul(a, b);
            lw.normalize(r, w)
        }
        IntBin::And => lw.b.ins().band(a, b),
        IntBin::Or => lw.b.ins().bor(a, b),
        IntBin::Xor => lw.b.ins().bxor(a, b),
        IntBin::DivS | IntBin::RemS => {
            let (sa, sb) = (lw.signed_view(a, w), lw.signed_view(b, w));
            let zero = lw.b.ins().icmp_imm_s(IntCC::Equal, sb, 0);
            lw.trap_if(zero, TrapKind::DivisionByZero, op);
            let minus1 = lw.b.ins().icmp_imm_s(IntCC::Equal, sb, -1);
            if ib == IntBin::DivS {
                let min = if w == 1 { -1 } else { i64::MIN >> (64 - w.min(64)) };
                let is_min = lw.b.ins().icmp_imm_s(IntCC::Equal, sa, min);
                let ovf = lw.b.ins().band(is_min, minus1);
                lw.trap_if(ovf, TrapKind::SignedOverflow, op);
                let q = lw.b.ins().sdiv(sa, sb);
                lw.normalize(q, w)
            } else {
                // x % -1 is 0; dividing by 1 instead avoids the hardware fault on MIN % -1.
                let one = lw.b.ins().iconst(cty, 1);
                let d = lw.b.ins().select(minus1, one, sb);
                let r = lw.b.ins().srem(sa, d);
                lw.normalize(r, w)
            }
        }
        IntBin::DivU | IntBin::RemU => {
            let (ua, ub) = (lw.unsigned_view(a, w), lw.unsigned_view(b, w));
            let zero = lw.b.ins().icmp_imm_s(IntCC::Equal, ub, 0);
            lw.trap_if(zero, TrapKind::DivisionByZero, op);
            let r = if ib == IntBin::DivU { lw.b.ins().udiv(ua, ub) } else { lw.b.ins().urem(ua, ub) };
            lw.normalize(r, w)
        }
        IntBin::Shl | IntBin::ShrU | IntBin::ShrS => {
            let amt = lw.unsigned_view(b, w);
            let big = lw.b.ins().icmp_imm_s(IntCC::UnsignedGreaterThanOrEqual, amt, i64::from(w));
            match ib {
                IntBin::Shl => {
                    let r = lw.b.ins().ishl(a, amt);
                    let z = lw.b.ins().iconst(cty, 0);
                    let r = lw.b.ins().select(big, z, r);
                    lw.normalize(r, w)
                }
                IntBin::ShrU => {
                    let ua = lw.unsigned_view(a, w);
                    let r = lw.b.ins().ushr(ua, amt);
                    let z = lw.b.ins().iconst(cty, 0);
                    let r = lw.b.ins().select(big, z, r);
                    lw.normalize(r, w)
                }
                _ => {
                    let sa = lw.signed_view(a, w);
                    let max = lw.b.ins().iconst(cty, i64::from(cb - 1));
                    let amt = lw.b.ins().select(big, max, amt);
                    let r = lw.b.ins().sshr(sa, amt);
                    lw.normalize(r, w)
                }
            }
        }
    }
}

fn float_call(lw: &mut FnLowerer<'_, '_>, f32fn: usize, f64fn: usize, args: &[CValue], ty: &Type) -> CValue {
    if *ty == Type::F64 {
        let p = vec![types::F64; args.len()];
        lw.call_host(f64fn, &p, &[types::F64], args)[0]
    } else {
        let p = vec![types::F32; args.len()];
        let r = lw.call_host(f32fn, &p, &[types::F32], args)[0];
        lw.round_float(r, ty)
    }
}

fn lower_int_binary(lw: &mut FnLowerer<'_, '_>, op: Op, kind: IntBin) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let elem = ty.element_type().clone();
    let operands: Vec<_> = d.operands.to_vec();
    // Vectors in SIMD registers: one instruction per chunk where Cranelift has one.
    let simd: Option<fn(&mut FnLowerer<'_, '_>, CValue, CValue) -> CValue> = match kind {
        IntBin::Add => Some(|lw, x, y| lw.b.ins().iadd(x, y)),
        IntBin::Sub => Some(|lw, x, y| lw.b.ins().isub(x, y)),
        IntBin::Mul if !matches!(elem, Type::Integer(64) | Type::Index) => Some(|lw, x, y| lw.b.ins().imul(x, y)),
        IntBin::And => Some(|lw, x, y| lw.b.ins().band(x, y)),
        IntBin::Or => Some(|lw, x, y| lw.b.ins().bor(x, y)),
        IntBin::Xor => Some(|lw, x, y| lw.b.ins().bxor(x, y)),
        IntBin::Mul
        | IntBin::DivS
        | IntBin::DivU
        | IntBin::RemS
        | IntBin::RemU
        | IntBin::Shl
        | IntBin::ShrS
        | IntBin::ShrU => None,
    };
    if let Some(f) = simd
        && let Some(repr) = lw.map_simd(ty, &operands, &mut |lw, a| f(lw, a[0], a[1]))
    {
        lw.set(r, repr);
        return Ok(());
    }
    let w = int_width(&elem).ok_or_else(|| lw.err(op, "not an integer type"))?;
    let repr = lw.map_elementwise(ty, &operands, op, &mut |lw, a| Ok(int_binary(lw, kind, a[0], a[1], w, op)))?;
    lw.set(r, repr);
    Ok(())
}

fn lower_float_binary(lw: &mut FnLowerer<'_, '_>, op: Op, kind: FloatBin) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let elem = ty.element_type().clone();
    let operands: Vec<_> = d.operands.to_vec();
    let simd: Option<fn(&mut FnLowerer<'_, '_>, CValue, CValue) -> CValue> = match kind {
        FloatBin::Add => Some(|lw, x, y| lw.b.ins().fadd(x, y)),
        FloatBin::Sub => Some(|lw, x, y| lw.b.ins().fsub(x, y)),
        FloatBin::Mul => Some(|lw, x, y| lw.b.ins().fmul(x, y)),
        FloatBin::Div => Some(|lw, x, y| lw.b.ins().fdiv(x, y)),
        FloatBin::Rem | FloatBin::Copysign => None,
    };
    if let Some(f) = simd
        && let Some(repr) = lw.map_simd(ty, &operands, &mut |lw, a| f(lw, a[0], a[1]))
    {
        lw.set(r, repr);
        return Ok(());
    }
    let repr = lw.map_elementwise(ty, &operands, op, &mut |lw, a| {
        let (x, y) = (a[0], a[1]);
        Ok(match kind {
            FloatBin::Add => {
                let v = lw.b.ins().fadd(x, y);
                lw.round_float(v, &elem)
            }
            FloatBin::Sub => {
                let v = lw.b.ins().fsub(x, y);
                lw.round_float(v, &elem)
            }
            FloatBin::Mul => {
                let v = lw.b.ins().fmul(x, y);
                lw.round_float(v, &elem)
            }
            FloatBin::Div => {
                let v = lw.b.ins().fdiv(x, y);
                lw.round_float(v, &elem)
            }
            FloatBin::Rem => float_call(
                lw,
                rt::strata_fmodf as *const () as usize,
                rt::strata_fmod as *const () as usize,
                &[x, y],
                &elem,
            ),
            FloatBin::Copysign => lw.b.ins().fcopysign(x, y),
        })
    })?;
    lw.set(r, repr);
    Ok(())
}

fn lower_float_unary(lw: &mut FnLowerer<'_, '_>, op: Op, kind: FloatUnary) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let elem = ty.element_type().clone();
    let operands: Vec<_> = d.operands.to_vec();
    let simd: Option<fn(&mut FnLowerer<'_, '_>, CValue) -> CValue> = match kind {
        FloatUnary::Neg => Some(|lw, x| lw.b.ins().fneg(x)),
        FloatUnary::Abs => Some(|lw, x| lw.b.ins().fabs(x)),
        FloatUnary::Sqrt => Some(|lw, x| lw.b.ins().sqrt(x)),
        FloatUnary::Exp | FloatUnary::Log | FloatUnary::Tanh | FloatUnary::Sin | FloatUnary::Cos => None,
    };
    if let Some(f) = simd
        && let Some(repr) = lw.map_simd(ty, &operands, &mut |lw, a| f(lw, a[0]))
    {
        lw.set(r, repr);
        return Ok(());
    }
    // exp of f32 inline where it can be, vectors four lanes at a time (a C library call per
    // lane cost a softmax most of its time); tensors call the C library's expf.
    if kind == FloatUnary::Exp
        && elem == Type::F32
        && !matches!(ty, Type::Tensor(_))
        && let Some(exp) = lw.inline_exp_f32(matches!(ty, Type::Vector(_)))
    {
        let repr = match lw.map_simd(ty, &operands, &mut |lw, a| exp(lw, a[0])) {
            Some(repr) => repr,
            None => lw.map_elementwise(ty, &operands, op, &mut |lw, a| Ok(exp(lw, a[0])))?,
        };
        lw.set(r, repr);
        return Ok(());
    }
    let repr = lw.map_elementwise(ty, &operands, op, &mut |lw, a| {
        let x = a[0];
        let pair = |f: extern "C" fn(f32) -> f32, g: extern "C" fn(f64) -> f64| {
            (f as *const () as usize, g as *const () as usize)
        };
        let (f, g) = match kind {
            FloatUnary::Neg => return Ok(lw.b.ins().fneg(x)),
            FloatUnary::Abs => return Ok(lw.b.ins().fabs(x)),
            FloatUnary::Sqrt => {
                let v = lw.b.ins().sqrt(x);
                return Ok(lw.round_float(v, &elem));
            }
            FloatUnary::Exp => pair(rt::strata_expf, rt::strata_exp),
            FloatUnary::Log => pair(rt::strata_logf, rt::strata_log),
            FloatUnary::Sin => pair(rt::strata_sinf, rt::strata_sin),
            FloatUnary::Cos => pair(rt::strata_cosf, rt::strata_cos),
            FloatUnary::Tanh => pair(rt::strata_tanhf, rt::strata_tanh),
        };
        Ok(float_call(lw, f, g, &[x], &elem))
    })?;
    lw.set(r, repr);
    Ok(())
}

fn lower_int_unary(lw: &mut FnLowerer<'_, '_>, op: Op, kind: BitCount) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let w = int_width(ty.element_type()).unwrap_or(64);
    let operands: Vec<_> = d.operands.to_vec();
    let repr = lw.map_elementwise(ty, &operands, op, &mut |lw, a| {
        let u = lw.unsigned_view(a[0], w);
        let v = match kind {
            BitCount::Ctpop => lw.b.ins().popcnt(u),
            BitCount::Ctlz => {
                // Leading zeros of the w-bit value: those of its register less the bits above w.
                let cb = i64::from(lw.b.func.dfg.value_type(u).bits());
                let z = lw.b.ins().clz(u);
                lw.b.ins().iadd_imm_s(z, i64::from(w) - cb)
            }
        };
        Ok(lw.normalize(v, w))
    })?;
    lw.set(r, repr);
    Ok(())
}

fn lower_cmp(lw: &mut FnLowerer<'_, '_>, op: Op, float: bool) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let pred = m.attr(op, "predicate").and_then(Attribute::as_int).unwrap_or(0);
    let in_elem = m.value_type(d.operands[0]).element_type().clone();
    let operands: Vec<_> = d.operands.to_vec();
    let repr = lw.map_elementwise(ty, &operands, op, &mut |lw, a| {
        let (x, y) = (a[0], a[1]);
        if float {
            let cc = match pred {
                0 | 15 => return Ok(lw.b.ins().iconst(types::I8, i64::from(pred == 15))),
                1 => FloatCC::Equal,
                2 => FloatCC::GreaterThan,
                3 => FloatCC::GreaterThanOrEqual,
                4 => FloatCC::LessThan,
                5 => FloatCC::LessThanOrEqual,
                6 => FloatCC::OrderedNotEqual,
                7 => FloatCC::Ordered,
                8 => FloatCC::UnorderedOrEqual,
                9 => FloatCC::UnorderedOrGreaterThan,
                10 => FloatCC::UnorderedOrGreaterThanOrEqual,
                11 => FloatCC::UnorderedOrLessThan,
                12 => FloatCC::UnorderedOrLessThanOrEqual,
                13 => FloatCC::NotEqual,
                _ => FloatCC::Unordered,
            };
            Ok(lw.b.ins().fcmp(cc, x, y))
        } else {
            // Canonical integers compare as they are, except i1 (0/1) whose signed order is
            // reversed (true is -1).
            let i1 = in_elem == Type::Integer(1);
            let (x, y) = if i1 && (2..=5).contains(&pred) { (y, x) } else { (x, y) };
            let cc = match pred {
                0 => IntCC::Equal,
                1 => IntCC::NotEqual,
                2 => IntCC::SignedLessThan,
                3 => IntCC::SignedLessThanOrEqual,
                4 => IntCC::SignedGreaterThan,
                5 => IntCC::SignedGreaterThanOrEqual,
                6 => IntCC::UnsignedLessThan,
                7 => IntCC::UnsignedLessThanOrEqual,
                8 => IntCC::UnsignedGreaterThan,
                _ => IntCC::UnsignedGreaterThanOrEqual,
            };
            let cc = if i1 { cc.unsigned() } else { cc };
            Ok(lw.b.ins().icmp(cc, x, y))
        }
    })?;
    lw.set(r, repr);
    Ok(())
}

fn lower_select(lw: &mut FnLowerer<'_, '_>, op: Op) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let operands: Vec<_> = d.operands.to_vec();
    let repr = match ty {
        Type::Memref(_) | Type::Function(_) | Type::None => {
            // Select every part of the descriptor.
            let c = lw.scalar(operands[0])?;
            let (t, f) = (lw.get(operands[1])?, lw.get(operands[2])?);
            let parts: Vec<CValue> =
                t.flatten(ty).into_iter().zip(f.flatten(ty)).map(|(x, y)| lw.b.ins().select(c, x, y)).collect();
            let rr = crate::codegen::repr::unflatten(ty, &parts)?;
            lw.complete(ty, rr)?
        }
        _ => lw.map_elementwise(ty, &operands, op, &mut |lw, a| Ok(lw.b.ins().select(a[0], a[1], a[2])))?,
    };
    lw.set(r, repr);
    Ok(())
}

fn lower_cast(lw: &mut FnLowerer<'_, '_>, op: Op, kind: Cast) -> Result<(), CodegenError> {
    let m = lw.m;
    let d = m.op(op);
    let r = d.results[0];
    let ty = m.value_type(r);
    let from = m.value_type(d.operands[0]).element_type().clone();
    let to = ty.element_type().clone();
    let operands: Vec<_> = d.operands.to_vec();
    let to_clif = crate::codegen::repr::scalar_clif(&to).unwrap_or(types::I64);
    let repr = lw.map_elementwise(ty, &operands, op, &mut |lw, a| {
        let x = a[0];
        let wf = int_width(&from).unwrap_or(64);
        let wt = int_width(&to).unwrap_or(64);
        Ok(match kind {
            Cast::Index if to.is_index() => lw.widen_to_i64(x, &from),
            Cast::Index => lw.narrow_i64(x, &to),
            Cast::SiToFp => {
                let s = lw.widen_to_i64(x, &from);
                if to == Type::F64 {
                    lw.b.ins().fcvt_from_sint(types::F64, s)
                } else {
                    let v = lw.b.ins().fcvt_from_sint(types::F32, s);
                    lw.round_float(v, &to)
                }
            }
            Cast::UiToFp => {
                let u = lw.unsigned_view(x, wf);
                let u = if lw.b.func.dfg.value_type(u) == types::I64 { u } else { lw.b.ins().uextend(types::I64, u) };
                if to == Type::F64 {
                    lw.b.ins().fcvt_from_uint(types::F64, u)
                } else {
                    let v = lw.b.ins().fcvt_from_uint(types::F32, u);
                    lw.round_float(v, &to)
                }
            }
            Cast::FpToUi => {
                let v = lw.b.ins().fcvt_to_uint_sat(types::I64, x);
                let v = if wt < 64 {
                    let hi = lw.b.ins().iconst(types::I64, (1i64 << wt) - 1);
                    lw.b.ins().umin(v, hi)
                } else {
                    v
                };
                lw.narrow_i64(v, &to)
            }
            Cast::Bitcast => match (&from, &to) {
                (Type::F16 | Type::BF16, _) => {
                    let f = if from == Type::F16 { rt::strata_f32_to_f16 } else { rt::strata_f32_to_bf16 };
                    let bits = lw.call_host(f as *const () as usize, &[types::F32], &[types::I32], &[x])[0];
                    let h = lw.b.ins().ireduce(types::I16, bits);
                    lw.normalize(h, 16)
                }
                (_, Type::F16 | Type::BF16) => {
                    let f = if to == Type::F16 { rt::strata_f16_to_f32 } else { rt::strata_bf16_to_f32 };
                    let u = lw.unsigned_view(x, 16);
                    let w = lw.b.ins().uextend(types::I32, u);
                    lw.call_host(f as *const () as usize, &[types::I32], &[types::F32], &[w])[0]
                }
                _ => {
                    let v = lw.b.ins().bitcast(to_clif, cranelift_codegen::ir::MemFlagsData::new(), x);
                    match &to {
                        Type::Integer(w) => lw.normalize(v, *w),
                        _ => v,
                    }
                }
            },
            Cast::FpToSi => {
                let v = lw.b.ins().fcvt_to_sint_sat(types::I64, x);
                let v = if wt < 64 {
                    let (lo, hi) = if wt == 1 { (-1, 0) } else { (-(1i64 << (wt - 1)), (1i64 << (wt - 1)) - 1) };
                    let lo = lw.b.ins().iconst(types::I64, lo);
                    let hi = lw.b.ins().iconst(types::I64, hi);
                    let v = lw.b.ins().smax(v, lo);
                    lw.b.ins().smin(v, hi)
                } else {
                    v
                };
                lw.narrow_i64(v, &to)
            }
            Cast::SExtI => {
                let s = lw.signed_view(x, wf);
                let v = if lw.b.func.dfg.value_type(s) == to_clif { s } else { lw.b.ins().sextend(to_clif, s) };
                lw.normalize(v, wt)
            }
            Cast::ZExtI => {
                let u = lw.unsigned_view(x, wf);
                let v = if lw.b.func.dfg.value_type(u) == to_clif { u } else { lw.b.ins().uextend(to_clif, u) };
                lw.normalize(v, wt)
            }
            Cast::TruncI => {
                let v = if lw.b.func.dfg.value_type(x) == to_clif { x } else { lw.b.ins().ireduce(to_clif, x) };
                lw.normalize(v, wt)
            }
            Cast::FpExt => {
                if to == Type::F64 && from != Type::F64 {
                    lw.b.ins().fpromote(types::F64, x)
                } else {
                    x
                }
            }
            Cast::FpTrunc => {
                // One rounding straight from the source to the target type.
                match (&from, &to) {
                    (Type::F64, Type::F32) => lw.b.ins().fdemote(types::F32, x),
                    (Type::F64, Type::F16 | Type::BF16) => {
                        let (f, back) = if to == Type::F16 {
                            (rt::strata_f64_to_f16 as *const () as usize, rt::strata_f16_to_f32 as *const () as usize)
                        } else {
                            (rt::strata_f64_to_bf16 as *const () as usize, rt::strata_bf16_to_f32 as *const () as usize)
                        };
                        let bits = lw.call_host(f, &[types::F64], &[types::I32], &[x])[0];
                        lw.call_host(back, &[types::I32], &[types::F32], &[bits])[0]
                    }
                    _ => lw.round_float(x, &to),
                }
            }
        })
    })?;
    lw.set(r, repr);
    Ok(())
}

// ---- interpretation ---------------------------------------------------------------------------
// Each op computes lane by lane exactly what folding computes (the shared functions above and
// `semantics.rs`), and what the runtime computes where folding leaves a function to run time.

use crate::interp::{Flow, IVal, Interp, Stop};

/// A lane as a constant of element type `ty`.
fn lane_attr(x: &IVal, ty: &Type) -> Option<Attribute> {
    match x {
        IVal::Int(v) => Some(Attribute::Integer(IntegerAttr::new(i128::from(*v), ty.clone()).ok()?)),
        IVal::Float(v) => Some(Attribute::Float(FloatAttr::from_f64(*v, ty.clone()).ok()?)),
        _ => None,
    }
}

/// A scalar constant as a lane.
fn attr_lane(a: &Attribute) -> Option<IVal> {
    match a {
        Attribute::Integer(i) => Some(IVal::Int(i.value as i64)),
        Attribute::Bool(b) => Some(IVal::Int(i64::from(*b))),
        Attribute::Float(f) => Some(IVal::Float(f.value())),
        _ => None,
    }
}

/// `v` rounded to the float type `ty`.
fn round_to(ty: &Type, v: f64) -> f64 {
    FloatAttr::from_f64(v, ty.clone()).map_or(v, |a| a.value())
}

fn elem_width(ty: &Type) -> u32 {
    match ty.element_type() {
        Type::Integer(w) => *w,
        _ => 64,
    }
}

fn int_lane(x: &IVal) -> Result<i128, TrapKind> {
    x.as_int().map(i128::from).ok_or(TrapKind::AssertFailed)
}

fn float_lane(x: &IVal) -> Result<f64, TrapKind> {
    x.as_float().ok_or(TrapKind::AssertFailed)
}

fn interp_int_binary(it: &mut Interp<'_>, op: Op, kind: IntBin) -> Result<Flow, Stop> {
    let w = elem_width(it.m.value_type(it.m.op(op).results[0]));
    it.elementwise(op, |a| {
        let r = eval_int(kind, int_lane(&a[0])?, int_lane(&a[1])?, w).map_err(|e| match e {
            super::semantics::IntError::DivisionByZero => TrapKind::DivisionByZero,
            super::semantics::IntError::SignedOverflow => TrapKind::SignedOverflow,
        })?;
        Ok(IVal::Int(r as i64))
    })
}

fn interp_float_binary(it: &mut Interp<'_>, op: Op, kind: FloatBin) -> Result<Flow, Stop> {
    let elem = it.m.value_type(it.m.op(op).results[0]).element_type().clone();
    it.elementwise(op, |a| Ok(IVal::Float(round_to(&elem, float_binary(kind, float_lane(&a[0])?, float_lane(&a[1])?)))))
}

fn interp_float_unary(it: &mut Interp<'_>, op: Op, kind: FloatUnary) -> Result<Flow, Stop> {
    let ty = it.m.value_type(it.m.op(op).results[0]);
    let elem = ty.element_type().clone();
    if kind == FloatUnary::Exp && elem == Type::F32 && matches!(ty, Type::Vector(_)) && it.fast_math {
        // Generated code's vector exp with `fast_math` (`codegen::vector_math`), bit for bit.
        return it
            .elementwise(op, |a| Ok(IVal::Float(f64::from(crate::runtime::expf::expf(float_lane(&a[0])? as f32)))));
    }
    it.elementwise(op, |a| {
        let x = float_lane(&a[0])?;
        if let Some(v) = exact_float_unary(kind, x) {
            return Ok(IVal::Float(round_to(&elem, v)));
        }
        // The runtime's functions, as generated code calls them (f32's for f16 and bf16).
        let (f, g): (extern "C" fn(f32) -> f32, extern "C" fn(f64) -> f64) = match kind {
            FloatUnary::Exp => (rt::strata_expf, rt::strata_exp),
            FloatUnary::Log => (rt::strata_logf, rt::strata_log),
            FloatUnary::Sin => (rt::strata_sinf, rt::strata_sin),
            FloatUnary::Cos => (rt::strata_cosf, rt::strata_cos),
            FloatUnary::Tanh => (rt::strata_tanhf, rt::strata_tanh),
            FloatUnary::Neg | FloatUnary::Abs | FloatUnary::Sqrt => return Err(TrapKind::AssertFailed),
        };
        Ok(IVal::Float(if elem == Type::F64 { g(x) } else { round_to(&elem, f64::from(f(x as f32))) }))
    })
}

fn interp_int_unary(it: &mut Interp<'_>, op: Op, kind: BitCount) -> Result<Flow, Stop> {
    let w = elem_width(it.m.value_type(it.m.op(op).results[0]));
    it.elementwise(op, |a| {
        let v = super::semantics::unsigned(int_lane(&a[0])?, w) as u64;
        Ok(IVal::Int(count_bits(kind, v, w) as i64))
    })
}

fn interp_cmp(it: &mut Interp<'_>, op: Op, float: bool) -> Result<Flow, Stop> {
    let m = it.m;
    let pred = m.attr(op, "predicate").and_then(Attribute::as_int).unwrap_or(-1) as i64;
    let w = elem_width(m.value_type(m.op(op).operands[0]));
    it.elementwise(op, |a| {
        let r = if float {
            eval_cmpf(pred, float_lane(&a[0])?, float_lane(&a[1])?)
        } else {
            eval_cmpi(pred, int_lane(&a[0])?, int_lane(&a[1])?, w)
        };
        r.map(|b| IVal::Int(i64::from(b))).ok_or(TrapKind::AssertFailed)
    })
}

fn interp_select(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    if m.value_type(d.operands[0]).is_integer() && !m.value_type(d.results[0]).is_integer() {
        // One i1 chooses a whole vector or tensor.
        let c = it.int(d.operands[0])?;
        let v = it.get(d.operands[if c != 0 { 1 } else { 2 }])?;
        it.set(d.results[0], v);
        return Ok(Flow::Next);
    }
    it.elementwise(op, |a| Ok(if int_lane(&a[0])? != 0 { a[1].clone() } else { a[2].clone() }))
}

fn interp_cast(it: &mut Interp<'_>, op: Op, kind: Cast) -> Result<Flow, Stop> {
    let m = it.m;
    let d = m.op(op);
    let from = m.value_type(d.operands[0]).element_type().clone();
    let to = m.value_type(d.results[0]).element_type().clone();
    it.elementwise(op, |a| {
        if kind == Cast::Bitcast {
            return Ok(bitcast_lane(&a[0], &from, &to));
        }
        let c = lane_attr(&a[0], &from).ok_or(TrapKind::AssertFailed)?;
        cast_value(kind, &from, &to, &c).as_ref().and_then(attr_lane).ok_or(TrapKind::AssertFailed)
    })
}

/// The same bits as another type of the same width.
fn bitcast_lane(x: &IVal, from: &Type, to: &Type) -> IVal {
    let bits: u64 = match (x, from) {
        (IVal::Float(v), Type::F64) => v.to_bits(),
        (IVal::Float(v), Type::F32) => u64::from((*v as f32).to_bits()),
        (IVal::Float(v), Type::F16) => u64::from(half::f16::from_f64(*v).to_bits()),
        (IVal::Float(v), Type::BF16) => u64::from(half::bf16::from_f64(*v).to_bits()),
        (IVal::Int(v), _) => *v as u64,
        _ => 0,
    };
    match to {
        Type::F64 => IVal::Float(f64::from_bits(bits)),
        Type::F32 => IVal::Float(f64::from(f32::from_bits(bits as u32))),
        Type::F16 => IVal::Float(half::f16::from_bits(bits as u16).to_f64()),
        Type::BF16 => IVal::Float(half::bf16::from_bits(bits as u16).to_f64()),
        _ => IVal::Int(wrap(i128::from(bits as i64), elem_width(to)) as i64),
    }
}

fn interp_constant(it: &mut Interp<'_>, op: Op) -> Result<Flow, Stop> {
    let m = it.m;
    let r = m.op(op).results[0];
    let ty = m.value_type(r);
    let value = m.attr(op, "value").ok_or_else(|| Stop::Unsupported("a constant without a value".into()))?;
    let v = match value {
        Attribute::Unit => IVal::Unit,
        Attribute::SymbolRef(name) => IVal::Func(name.clone()),
        Attribute::Elements(e) => {
            let ElementsAttr::Dense(dense) = &**e else {
                return Err(Stop::Unsupported("only dense constants can be interpreted".into()));
            };
            let elem = ty.element_type().clone();
            let n = crate::ir::num_elements(ty);
            let lane = |i: usize| match dense.float_bits_at(i) {
                Some(bits) => IVal::Float(crate::ir::bits_to_f64(bits, &elem)),
                None => IVal::Int(dense.int_at(i).unwrap_or(0) as i64),
            };
            match ty {
                Type::Vector(_) => IVal::Vector((0..n).map(lane).collect()),
                _ => {
                    let mt = crate::interp::memory::memref_like(ty)
                        .ok_or_else(|| Stop::Unsupported(format!("a constant of type '{ty}'")))?;
                    let t = it.alloc(op, &mt, mt.shape.clone(), Vec::new(), crate::interp::Origin::Other)?;
                    if let IVal::Memref(t) = &t {
                        for (i, idx) in t.indices().enumerate() {
                            t.store(&mt, &idx, &lane(i)).map_err(|k| it.trap(op, k))?;
                        }
                    }
                    t
                }
            }
        }
        a => attr_lane(a).ok_or_else(|| Stop::Unsupported(format!("cannot interpret the constant {a}")))?,
    };
    it.set(r, v);
    Ok(Flow::Next)
}
