//! TVMScript expressions: Python operators, `T.*` constructors, builtins and buffer accesses,
//! with TVM's implicit conversions (a Python literal takes the other operand's type; integers
//! of different widths widen; an integer meets a float as a float; a scalar meets a vector as a
//! broadcast).

use super::py::{E, Expr};
use super::reader::{Binding, R, Reader, err};
use crate::ir::Span;
use crate::tir::ast::*;
use crate::tir::dtype::{DataType, TypeCode};

/// An expression and whether it is a bare Python literal (which adapts to the other operand).
#[derive(Clone)]
pub(super) struct Operand {
    pub e: PrimExpr,
    pub lit: bool,
}

/// The builtins spelled `T.name(args)` whose result has the type of their first argument.
const MATH: &[&str] = &[
    "exp",
    "exp2",
    "exp10",
    "log",
    "log2",
    "log10",
    "log1p",
    "expm1",
    "sqrt",
    "rsqrt",
    "tanh",
    "sigmoid",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "sinh",
    "cosh",
    "asinh",
    "acosh",
    "atanh",
    "erf",
    "fabs",
    "floor",
    "ceil",
    "round",
    "nearbyint",
    "trunc",
    "atan2",
    "pow",
    "fmod",
    "copysign",
    "hypot",
    "nextafter",
    "ldexp",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "bitwise_not",
    "shift_left",
    "shift_right",
    "popcount",
    "clz",
    "fma",
    "q_multiply_shift",
    "q_multiply_shift_per_axis",
];

/// Builtins of two operands of one type (the operands are unified like a binary operator).
const BINARY_BUILTINS: &[&str] = &[
    "atan2",
    "pow",
    "fmod",
    "copysign",
    "hypot",
    "nextafter",
    "bitwise_and",
    "bitwise_or",
    "bitwise_xor",
    "shift_left",
    "shift_right",
];

/// A literal (or constant) made of type `dt`; other values are cast.
pub(super) fn retype(x: &PrimExpr, dt: DataType, span: Span) -> PrimExpr {
    let sp = Some(span);
    match x.kind() {
        _ if x.dtype() == dt => x.clone(),
        ExprKind::IntImm(v) if dt.is_float() && dt.lanes == 1 => PrimExpr::at(ExprKind::FloatImm(*v as f64), dt, sp),
        ExprKind::IntImm(v) if dt.is_int() && dt.lanes == 1 => PrimExpr::at(ExprKind::IntImm(*v), dt, sp),
        ExprKind::FloatImm(v) if dt.is_float() && dt.lanes == 1 => PrimExpr::at(ExprKind::FloatImm(*v), dt, sp),
        _ if dt.lanes > 1 && x.dtype().lanes == 1 => {
            let s = retype(x, dt.element(), span);
            PrimExpr::at(ExprKind::Broadcast(s, dt.lanes), dt, sp)
        }
        _ => PrimExpr::at(ExprKind::Cast(x.clone()), dt, sp),
    }
}

impl Reader {
    /// A shape: a tuple (or one expression) of dimensions.
    pub(super) fn shape(&mut self, e: &E, allow_strings: bool) -> R<Vec<PrimExpr>> {
        match &e.e {
            Expr::Tuple(xs) | Expr::List(xs) => xs.iter().map(|x| self.dim(x, allow_strings)).collect(),
            _ => Ok(vec![self.dim(e, allow_strings)?]),
        }
    }

    /// A shape written as a string expression (`T.Buffer(("n + 1",), ..)`, as TVM 0.27 prints
    /// a dimension over a variable the signature has not named yet): its names are int32
    /// variables of the function, made where they do not exist yet.
    fn shape_expression(&mut self, s: &str, span: Span) -> R<PrimExpr> {
        let bad = || self.error(format!("cannot read the shape expression \"{s}\""), span);
        let mut toks = super::py::tokenize(s).map_err(|_| bad())?;
        // Diagnostics point at the string.
        for t in &mut toks {
            t.span = span;
        }
        let mut p = super::py::Parser::new(toks);
        let parsed = p.expr().map_err(|_| bad())?;
        if !p.at_end() {
            return Err(bad());
        }
        let mut names = std::collections::HashSet::new();
        super::read::collect_names(&parsed.e, &mut names);
        let mut names: Vec<String> = names.into_iter().collect();
        names.sort();
        for n in names {
            if self.lookup(&n).is_none() {
                let v = self
                    .fs
                    .later_params
                    .get(&n)
                    .cloned()
                    .unwrap_or_else(|| Var::at(&n, Type::Prim(DataType::INT32), Some(span)));
                if let Some(scope) = self.scopes.get_mut(1) {
                    scope.insert(n.clone(), Binding::Var(v));
                }
            }
        }
        self.expr_as(&parsed, DataType::INT32)
    }

    /// A dimension, stride or offset: an expression (literals are int32), or a string naming
    /// a variable (made if it does not exist yet).
    pub(super) fn dim(&mut self, e: &E, allow_strings: bool) -> R<PrimExpr> {
        self.dim_as(e, allow_strings, DataType::INT32)
    }

    /// [`Self::dim`], a variable a string introduces of type `string_type`.
    pub(super) fn dim_as(&mut self, e: &E, allow_strings: bool, string_type: DataType) -> R<PrimExpr> {
        if let Expr::Str(s) = &e.e {
            if !allow_strings {
                return err("expected an expression, not a string", e.span);
            }
            let identifier = s.chars().next().is_some_and(|c| c.is_alphabetic() || c == '_')
                && s.chars().all(|c| c.is_alphanumeric() || c == '_');
            if !identifier {
                return self.shape_expression(s, e.span);
            }
            return Ok(match self.lookup(s) {
                Some(Binding::Var(v)) => PrimExpr::at(ExprKind::Var(v.clone()), v.dtype(), Some(e.span)),
                _ => {
                    let v = self
                        .fs
                        .later_params
                        .get(s)
                        .cloned()
                        .unwrap_or_else(|| Var::at(s, Type::Prim(string_type), Some(e.span)));
                    // Shape variables of the signature live in the function's scope.
                    if let Some(scope) = self.scopes.get_mut(1) {
                        scope.insert(s.clone(), Binding::Var(v.clone()));
                    }
                    let dt = v.dtype();
                    PrimExpr::at(ExprKind::Var(v), dt, Some(e.span))
                }
            });
        }
        self.expr_as(e, DataType::INT32)
    }

    /// An expression.
    pub(super) fn expr(&mut self, e: &E) -> R<PrimExpr> {
        Ok(self.operand(e)?.e)
    }

    /// An expression where a literal takes type `dt` (shape entries, extents, stored values).
    pub(super) fn expr_as(&mut self, e: &E, dt: DataType) -> R<PrimExpr> {
        let o = self.operand(e)?;
        // A Python integer too large for `dt` stays the int64 TVM makes of it (`range(2**32)`
        // loops over an int64 variable).
        let too_wide = dt.is_int()
            && o.e.as_int().is_some_and(|v| crate::tir::arith::wrap_int(i128::from(v), dt) != v)
            && o.e.dtype() == DataType::INT64;
        Ok(if o.lit && !too_wide { retype(&o.e, dt, e.span) } else { o.e })
    }

    /// A value stored into a buffer (or scalar local) of element type `want`, converted as
    /// TVM 0.27's parser converts it (`BufferStore` in its IR builder): a literal takes the
    /// type, a scalar of the element type is broadcast to a vector store, and a value of
    /// another type of the same lanes is cast (constants folded, as `tvm::cast` folds them:
    /// `A[0] = T.float32(1.5)` into int32 stores `1`).
    pub(super) fn stored_value(&mut self, e: &E, want: DataType) -> R<PrimExpr> {
        let v = self.operand(e)?;
        let t = v.e.dtype();
        Ok(if v.lit || (t.lanes == 1 && want.lanes > 1 && t == want.element()) {
            retype(&v.e, want, e.span)
        } else if t != want && t.lanes == want.lanes && !t.is_handle() && !want.is_handle() {
            match v.e.kind() {
                ExprKind::FloatImm(f) if want.is_int() && want.lanes == 1 => {
                    PrimExpr::at(ExprKind::IntImm(*f as i64), want, Some(e.span))
                }
                _ => retype(&v.e, want, e.span),
            }
        } else {
            v.e
        })
    }

    pub(super) fn operand(&mut self, e: &E) -> R<Operand> {
        self.depth_guard(e.span, |rd| rd.operand_inner(e))
    }

    fn operand_inner(&mut self, e: &E) -> R<Operand> {
        let span = e.span;
        let sp = Some(span);
        let plain = |x: PrimExpr| Ok(Operand { e: x, lit: false });
        match &e.e {
            Expr::Int(i) => {
                let v = i64::try_from(*i).map_err(|_| self.error("integer literal out of the range of int64", span))?;
                let t = if i32::try_from(v).is_ok() { DataType::INT32 } else { DataType::INT64 };
                Ok(Operand { e: PrimExpr::at(ExprKind::IntImm(v), t, sp), lit: true })
            }
            Expr::BigInt(_) => err("integer literal out of the range of int64", span),
            Expr::Float(f) => Ok(Operand { e: PrimExpr::at(ExprKind::FloatImm(*f), DataType::FLOAT32, sp), lit: true }),
            Expr::Bool(b) => plain(PrimExpr::at(ExprKind::IntImm(i64::from(*b)), DataType::BOOL, sp)),
            Expr::Str(s) => plain(PrimExpr::at(ExprKind::StringImm(s.as_str().into()), DataType::HANDLE, sp)),
            Expr::Name(n) => match self.lookup(n) {
                Some(Binding::Var(v)) => plain(PrimExpr::at(ExprKind::Var(v.clone()), v.dtype(), sp)),
                // TVM 0.27 prints the element of a buffer of shape (1,) by the buffer's name
                // (its memory is always `A.data` there).
                Some(Binding::Buffer(b)) if matches!(b.shape(), [d] if d.as_int() == Some(1)) => {
                    plain(PrimExpr::load(b, vec![PrimExpr::int(0)]).with_span(sp))
                }
                Some(Binding::Buffer(b)) => plain(PrimExpr::at(ExprKind::Var(b.data().clone()), DataType::HANDLE, sp)),
                Some(Binding::Scalar(b)) => plain(PrimExpr::load(b, vec![PrimExpr::int(0)]).with_span(sp)),
                None => err(format!("undefined name '{n}'"), span),
            },
            Expr::Attr(base, attr) => {
                if let Some(Binding::Buffer(b)) = base.e.dotted().and_then(|n| self.lookup(&n).cloned()) {
                    return match attr.as_str() {
                        "data" => plain(PrimExpr::at(ExprKind::Var(b.data().clone()), DataType::HANDLE, sp)),
                        "elem_offset" => plain(b.elem_offset().with_span(sp)),
                        _ => err(format!("buffer '{}' has no field '{attr}' usable here", b.name()), span),
                    };
                }
                if let Some(t) = self.t_name(&e.e)
                    && let Some(dt) = DataType::parse_script(&t)
                {
                    return err(format!("T.{t} is a type; write T.{dt}(value) for a constant"), span);
                }
                err(format!("'{}' is not a value", e.e.dotted().unwrap_or_else(|| "expression".into())), span)
            }
            Expr::Subscript(base, idx) => {
                if let Expr::Attr(b, f) = &base.e
                    && (f == "shape" || f == "strides")
                    && let Some(Binding::Buffer(buf)) = b.e.dotted().and_then(|n| self.lookup(&n).cloned())
                {
                    let [i] = idx.as_slice() else { return err(format!("expected one index into {f}"), span) };
                    let k = self.int_const(i)?;
                    let dims = if f == "shape" { buf.shape() } else { buf.strides() };
                    return dims
                        .get(usize::try_from(k).unwrap_or(usize::MAX))
                        .map(|d| Operand { e: d.with_span(sp), lit: false })
                        .ok_or_else(|| self.error(format!("{} has {} {f}", buf.name(), dims.len()), i.span));
                }
                let (buffer, indices) = self.access(base, idx, span)?;
                plain(PrimExpr::load(&buffer, indices).with_span(sp))
            }
            Expr::Bin(op, a, b) => {
                let (x, y) = (self.operand(a)?, self.operand(b)?);
                // Two Python literals are computed by Python before TVM sees them.
                if x.lit
                    && y.lit
                    && let Some(r) = self.python_arith(op, &x.e, &y.e, span)?
                {
                    return Ok(Operand { e: r, lit: true });
                }
                let op = match *op {
                    "+" => BinOp::Add,
                    "-" => BinOp::Sub,
                    "*" => BinOp::Mul,
                    "/" => BinOp::Div,
                    "//" => BinOp::FloorDiv,
                    "%" => BinOp::FloorMod,
                    "&" => return self.builtin2("tir.bitwise_and", x, y, span),
                    "|" => return self.builtin2("tir.bitwise_or", x, y, span),
                    "^" => return self.builtin2("tir.bitwise_xor", x, y, span),
                    "<<" => return self.builtin2("tir.shift_left", x, y, span),
                    ">>" => return self.builtin2("tir.shift_right", x, y, span),
                    "**" => return self.builtin2("tir.pow", x, y, span),
                    o => return err(format!("operator '{o}' is not supported"), span),
                };
                let lit = x.lit && y.lit;
                let r = self.binary(op, x, y, true, span)?;
                Ok(Operand { e: r, lit })
            }
            Expr::Unary(op, a) => match *op {
                "-" => {
                    let x = self.operand(a)?;
                    match x.e.kind() {
                        ExprKind::IntImm(v) if x.lit || matches!(a.e, Expr::Call(..)) => {
                            let v = v.checked_neg().ok_or_else(|| self.error("integer literal out of range", span))?;
                            let t = if x.lit && i32::try_from(v).is_ok() { DataType::INT32 } else { x.e.dtype() };
                            Ok(Operand { e: PrimExpr::at(ExprKind::IntImm(v), t, sp), lit: x.lit })
                        }
                        ExprKind::FloatImm(v) => {
                            Ok(Operand { e: PrimExpr::at(ExprKind::FloatImm(-v), x.e.dtype(), sp), lit: x.lit })
                        }
                        _ => {
                            // TVM's negation: multiply by -1 of the operand's type.
                            let t = x.e.dtype();
                            let m1 = if t.is_float() {
                                PrimExpr::float_of(-1.0, t.element())
                            } else {
                                PrimExpr::int_of(-1, t.element())
                            };
                            let r = self.binary(BinOp::Mul, x, Operand { e: m1, lit: true }, true, span)?;
                            plain(r)
                        }
                    }
                }
                "+" => self.operand(a),
                "not" => {
                    let x = self.expr(a)?;
                    plain(PrimExpr::logical_not(x).with_span(sp))
                }
                "~" => {
                    let x = self.operand(a)?;
                    let t = x.e.dtype();
                    plain(PrimExpr::call_builtin(t, "tir.bitwise_not", vec![x.e]).with_span(sp))
                }
                o => err(format!("operator '{o}' is not supported"), span),
            },
            Expr::Compare(first, rest) => {
                let mut left = self.operand(first)?;
                let mut out: Option<PrimExpr> = None;
                for (op, rhs) in rest {
                    let right = self.operand(rhs)?;
                    let op = match *op {
                        "==" => CmpOp::Eq,
                        "!=" => CmpOp::Ne,
                        "<" => CmpOp::Lt,
                        "<=" => CmpOp::Le,
                        ">" => CmpOp::Gt,
                        _ => CmpOp::Ge,
                    };
                    let (a, b) = self.unify_compared(left.clone(), right.clone(), span)?;
                    let c = PrimExpr::cmp(op, a, b).with_span(sp);
                    out = Some(match out {
                        None => c,
                        Some(prev) => PrimExpr::and(prev, c).with_span(sp),
                    });
                    left = right;
                }
                match out {
                    Some(x) => plain(x),
                    None => err("empty comparison", span),
                }
            }
            Expr::BoolOp(op, items) => {
                let mut acc: Option<PrimExpr> = None;
                for x in items {
                    let y = self.expr(x)?;
                    acc = Some(match acc {
                        None => y,
                        Some(a) if *op == "and" => PrimExpr::and(a, y).with_span(sp),
                        Some(a) => PrimExpr::or(a, y).with_span(sp),
                    });
                }
                match acc {
                    Some(x) => plain(x),
                    None => err("empty boolean operation", span),
                }
            }
            // As TVM's parser evaluates `a if c else b`: a constant condition picks its branch
            // (the other is not read), any other is `T.if_then_else(c, a, b)`.
            Expr::IfExp(a, c, b) => {
                let c = self.expr(c)?;
                if let Some(v) = c.as_int().filter(|_| c.dtype().lanes == 1) {
                    return self.operand(if v != 0 { a } else { b });
                }
                let (a, b) = (self.operand(a)?, self.operand(b)?);
                let (a, b) = self.unify(a, b, span)?;
                let t = a.dtype();
                plain(PrimExpr::call_builtin(t, "tir.if_then_else", vec![c, a, b]).with_span(sp))
            }
            Expr::Call(f, args, kwargs) => self.call(f, args, kwargs, span),
            Expr::Tuple(_) | Expr::List(_) => err("a tuple is not a value here", span),
            _ => err("expected an expression", span),
        }
    }

    /// `buffer[indices]` as a buffer and index expressions; `a:b` is a unit-stride ramp.
    pub(super) fn access(&mut self, base: &E, idx: &[E], span: Span) -> R<(Buffer, Vec<PrimExpr>)> {
        let name = base.e.dotted().unwrap_or_default();
        let Some(Binding::Buffer(b) | Binding::Scalar(b)) = self.lookup(&name).cloned() else {
            return err(format!("'{name}' is not a buffer"), base.span);
        };
        // `A[()]`: the element of a 0-dimensional buffer.
        if let [E { e: Expr::Tuple(items), .. }] = idx
            && items.is_empty()
        {
            return Ok((b, Vec::new()));
        }
        let mut indices = Vec::with_capacity(idx.len());
        for i in idx {
            indices.push(match &i.e {
                Expr::Slice(lo, hi, step) => {
                    let lo = match lo {
                        Some(l) => self.expr(l)?,
                        None => PrimExpr::int(0),
                    };
                    let Some(hi) = hi else { return err("a vector index needs an end", i.span) };
                    let hi = self.expr_as(hi, lo.dtype())?;
                    let stride = match step {
                        Some(s) => self.expr_as(s, lo.dtype())?,
                        None => PrimExpr::int_of(1, lo.dtype()),
                    };
                    let n = crate::tir::arith::linear(&PrimExpr::binary(BinOp::Sub, hi.clone(), lo.clone())).as_const();
                    let st = stride.as_int().unwrap_or(1).max(1);
                    let lanes = match n {
                        Some(n) if n > 0 => (n + i128::from(st) - 1) / i128::from(st),
                        _ => return err("a slice index needs a constant length", i.span),
                    };
                    let lanes = u16::try_from(lanes).map_err(|_| self.error("too many lanes", i.span))?;
                    if lanes == 1 { lo } else { PrimExpr::ramp(lo, stride, lanes).with_span(Some(i.span)) }
                }
                _ => self.expr(i)?,
            });
        }
        let _ = span;
        Ok((b, widen_indices(indices)))
    }

    /// TVM's type matching of binary operands.
    pub(super) fn unify(&self, a: Operand, b: Operand, span: Span) -> R<(PrimExpr, PrimExpr)> {
        self.match_types(a, b, false, span)
    }

    /// [`Self::unify`] as TVMScript's comparisons match types (`_auto_broadcast`): a literal
    /// takes the other operand's type even when that type is narrower than the literal's
    /// (`C[i] < 1` on int8 compares int8s, where `C[i] + 1` adds int32s).
    pub(super) fn unify_compared(&self, a: Operand, b: Operand, span: Span) -> R<(PrimExpr, PrimExpr)> {
        self.match_types(a, b, true, span)
    }

    fn match_types(&self, a: Operand, b: Operand, compared: bool, span: Span) -> R<(PrimExpr, PrimExpr)> {
        let (ta, tb) = (a.e.dtype(), b.e.dtype());
        if ta == tb {
            return Ok((a.e, b.e));
        }
        // An integer literal too large for the other operand's integer type (Python's
        // `4294967294` is an int64 to TVM) does not take it: the narrower operand widens.
        let too_wide = |o: &Operand, t: DataType| {
            o.e.as_int()
                .is_some_and(|v| t.is_int() && t.lanes == 1 && crate::tir::arith::wrap_int(i128::from(v), t) != v)
        };
        let (a_wide, b_wide) = (too_wide(&a, tb), too_wide(&b, ta));
        let int_const = |o: &Operand| o.lit || (matches!(o.e.kind(), ExprKind::IntImm(_)) && o.e.dtype().is_int());
        // A literal takes the other operand's type (a float literal meeting an integer makes the
        // integer a float).
        // In arithmetic (TVM's BinaryOpMatchTypes) a Python literal is an int32 or float32 first,
        // so it widens an operand of a narrower type of its kind (`C[i] + 1` on int8 adds int32s,
        // `H[i] * 2.0` on float16 multiplies float32s) instead of taking that type.
        let takes = |lit: &Operand, other: &Operand, t: DataType, wide: bool| {
            let lt = lit.e.dtype();
            let float_into_int = lt.is_float() && t.is_int();
            let narrower = !compared && lt.is_float() == t.is_float() && t.element().bits < lt.element().bits;
            lit.lit && !other.lit && !wide && !float_into_int && !narrower
        };
        if takes(&a, &b, tb, a_wide) {
            return Ok((retype(&a.e, tb, span), b.e));
        }
        if takes(&b, &a, ta, b_wide) {
            return Ok((a.e, retype(&b.e, ta, span)));
        }
        if ta.lanes != tb.lanes {
            if ta.lanes == 1 {
                let s = if a.lit { retype(&a.e, tb.element(), span) } else { a.e };
                let st = s.dtype().with_lanes(tb.lanes);
                let a2 = Operand { e: PrimExpr::at(ExprKind::Broadcast(s, tb.lanes), st, Some(span)), lit: false };
                return self.unify(a2, b, span);
            }
            if tb.lanes == 1 {
                let s = if b.lit { retype(&b.e, ta.element(), span) } else { b.e };
                let st = s.dtype().with_lanes(ta.lanes);
                let b2 = Operand { e: PrimExpr::at(ExprKind::Broadcast(s, ta.lanes), st, Some(span)), lit: false };
                return self.unify(a, b2, span);
            }
            return err(format!("operands have {} and {} lanes", ta.lanes, tb.lanes), span);
        }
        // An integer constant takes the other integer operand's type (in arithmetic, only a type
        // at least as wide: a narrower operand widens, as above).
        let a_narrower = !compared && tb.bits < ta.bits;
        let b_narrower = !compared && ta.bits < tb.bits;
        if ta.is_int() && tb.is_int() {
            if int_const(&a) && !int_const(&b) && !a_wide && !a_narrower {
                return Ok((retype(&a.e, tb, span), b.e));
            }
            if int_const(&b) && !int_const(&a) && !b_wide && !b_narrower {
                return Ok((a.e, retype(&b.e, ta, span)));
            }
        }
        let target = if ta.is_float() && !tb.is_float() {
            ta
        } else if tb.is_float() && !ta.is_float() {
            tb
        } else if ta.bits > tb.bits {
            ta
        } else if tb.bits > ta.bits {
            tb
        } else if ta.code == TypeCode::UInt {
            ta
        } else {
            tb
        };
        // As `tvm::cast`: a scalar constant is converted, not wrapped in a Cast.
        let cast = |x: PrimExpr| match x.kind() {
            _ if x.dtype() == target => x,
            ExprKind::IntImm(_) | ExprKind::FloatImm(_) if target.lanes == 1 && target.is_float() => {
                retype(&x, target, span)
            }
            ExprKind::IntImm(_) if target.lanes == 1 && target.is_int() => retype(&x, target, span),
            _ => PrimExpr::at(ExprKind::Cast(x), target, Some(span)),
        };
        Ok((cast(a.e), cast(b.e)))
    }

    /// `a op b`, the operands' types matched; with `fold`, constant-folded as TVM's operators
    /// fold (`x + 0` is `x`, `T.floordiv(7, 2)` is `3`; what Python operators and the
    /// lower-case `T.floordiv`/`T.min`/.. build), else the node as written (`T.Add(x, 0)`).
    pub(super) fn binary(&self, op: BinOp, a: Operand, b: Operand, fold: bool, span: Span) -> R<PrimExpr> {
        let (a, b) = self.unify(a, b, span)?;
        self.fold_binary(op, a, b, fold, span)
    }

    pub(super) fn fold_binary(&self, op: BinOp, a: PrimExpr, b: PrimExpr, fold: bool, span: Span) -> R<PrimExpr> {
        if fold {
            match crate::tir::arith::try_const_fold(op, &a, &b) {
                Ok(Some(r)) => return Ok(r),
                Ok(None) => {}
                Err(crate::tir::arith::DivideByZero) => return err("division by zero", span),
            }
        }
        // `/` on integers is TVM's `Div` (truncating); on floats, division.
        Ok(PrimExpr::binary(op, a, b).with_span(Some(span)))
    }

    /// The operators on two Python literals, computed as Python computes them (integers
    /// exactly, `/` as a float), the result a literal again (`int32` when it fits, as TVM
    /// converts a Python integer); `None` for what is left to TVM's operators.
    fn python_arith(&self, op: &str, a: &PrimExpr, b: &PrimExpr, span: Span) -> R<Option<PrimExpr>> {
        let sp = Some(span);
        let num = |e: &PrimExpr| match e.kind() {
            ExprKind::IntImm(v) => Some((Some(i128::from(*v)), *v as f64)),
            ExprKind::FloatImm(v) => Some((None, *v)),
            _ => None,
        };
        let (Some((ia, fa)), Some((ib, fb))) = (num(a), num(b)) else { return Ok(None) };
        if let (Some(x), Some(y)) = (ia, ib) {
            if matches!(op, "//" | "%" | "/") && y == 0 {
                return err("division by zero", span);
            }
            let shift = |y: i128| u32::try_from(y).ok().filter(|&s| s < 64);
            let v = match op {
                "+" => x + y,
                "-" => x - y,
                "*" => x * y,
                "//" => crate::tir::arith::floor_div(x, y),
                "%" => crate::tir::arith::floor_mod(x, y),
                "&" => x & y,
                "|" => x | y,
                "^" => x ^ y,
                // An i64 shifted by less than 64 fits in i128; the range is checked below.
                "<<" => match shift(y) {
                    Some(s) => x << s,
                    None => return err("shift count out of range", span),
                },
                ">>" => match shift(y) {
                    Some(s) => x >> s,
                    None => return err("shift count out of range", span),
                },
                "/" => return Ok(Some(PrimExpr::at(ExprKind::FloatImm(fa / fb), DataType::FLOAT32, sp))),
                "**" if y < 0 => return Ok(Some(PrimExpr::at(ExprKind::FloatImm(fa.powf(fb)), DataType::FLOAT32, sp))),
                "**" => u32::try_from(y)
                    .ok()
                    .and_then(|e| x.checked_pow(e))
                    .ok_or_else(|| self.error("integer literal out of range", span))?,
                _ => return Ok(None),
            };
            let v = i64::try_from(v).map_err(|_| self.error("integer literal out of range", span))?;
            let t = if i32::try_from(v).is_ok() { DataType::INT32 } else { DataType::INT64 };
            return Ok(Some(PrimExpr::at(ExprKind::IntImm(v), t, sp)));
        }
        let v = match op {
            "+" => fa + fb,
            "-" => fa - fb,
            "*" => fa * fb,
            "/" if fb == 0.0 => return err("division by zero", span),
            "/" => fa / fb,
            "**" => fa.powf(fb),
            _ => return Ok(None),
        };
        Ok(Some(PrimExpr::at(ExprKind::FloatImm(v), DataType::FLOAT32, sp)))
    }

    fn builtin2(&self, name: &str, a: Operand, b: Operand, span: Span) -> R<Operand> {
        let (a, b) = self.unify(a, b, span)?;
        let t = a.dtype();
        // TVM's shift and bitwise operators fold constants of index types (int32, int64).
        if a.dtype().is_index() && b.dtype().is_index() {
            let (x, y) = (a.as_int(), b.as_int());
            let shift = matches!(name, "tir.shift_left" | "tir.shift_right");
            if shift
                && let Some(y) = y
                && !(0..i64::from(t.bits)).contains(&y)
            {
                return err(format!("shift count {y} out of range for {t}"), span);
            }
            let wrap = |v: i128| PrimExpr::int_of(crate::tir::arith::wrap_int(v, t), t);
            let folded = match (name, x.map(i128::from), y.map(i128::from)) {
                ("tir.shift_left", Some(x), Some(y)) => Some(wrap(x << y)),
                ("tir.shift_right", Some(x), Some(y)) => Some(wrap(x >> y)),
                (_, _, Some(0)) if shift => Some(a.clone()),
                ("tir.bitwise_and", Some(x), Some(y)) => Some(wrap(x & y)),
                ("tir.bitwise_or", Some(x), Some(y)) => Some(wrap(x | y)),
                ("tir.bitwise_xor", Some(x), Some(y)) => Some(wrap(x ^ y)),
                _ => None,
            };
            if let Some(r) = folded {
                return Ok(Operand { e: r, lit: false });
            }
        }
        Ok(Operand { e: PrimExpr::call_builtin(t, name, vec![a, b]).with_span(Some(span)), lit: false })
    }

    /// An integer constant (a literal or a constant expression).
    pub(super) fn int_const(&mut self, e: &E) -> R<i64> {
        let x = self.expr(e)?;
        crate::tir::arith::const_int(&x).ok_or_else(|| self.error("expected an integer constant", e.span))
    }

    /// A data type: `"float32"`, `T.float32`, `T.handle`, `T.boolx4`.
    pub(super) fn dtype_of(&self, e: &E) -> R<DataType> {
        match &e.e {
            // TVM reads the empty string as void (`T.call_extern("f", .., dtype="")`).
            Expr::Str(s) if s.is_empty() => {
                DataType::parse_script("void").ok_or_else(|| self.error("unknown data type ''", e.span))
            }
            Expr::Str(s) => {
                DataType::parse_script(s).ok_or_else(|| self.error(format!("unknown data type '{s}'"), e.span))
            }
            Expr::Call(f, args, _) if args.is_empty() => self.dtype_of(f),
            // TVM 0.27 names a type by a variable's: `T.handle().ty`.
            Expr::Attr(base, a) if a == "ty" || a == "dtype" => self.dtype_of(base),
            _ => match self.t_name(&e.e) {
                Some(n) => {
                    DataType::parse_script(&n).ok_or_else(|| self.error(format!("unknown data type 'T.{n}'"), e.span))
                }
                None => err("expected a data type", e.span),
            },
        }
    }

    fn list_of(&mut self, e: &E) -> R<Vec<PrimExpr>> {
        match &e.e {
            Expr::List(xs) | Expr::Tuple(xs) => xs.iter().map(|x| self.expr(x)).collect(),
            _ => err("expected a list", e.span),
        }
    }

    fn lanes_of(&mut self, e: &E) -> R<u16> {
        let n = self.int_const(e)?;
        u16::try_from(n).map_err(|_| self.error(format!("{n} is not a lane count"), e.span))
    }

    fn call(&mut self, f: &E, args: &[E], kwargs: &[(String, E)], span: Span) -> R<Operand> {
        let sp = Some(span);
        let plain = |x: PrimExpr| Ok(Operand { e: x, lit: false });
        let name = f.e.dotted().ok_or_else(|| self.error("expected a function name", f.span))?;
        // A call of a function of the module: `Module.f(..)` or `f(..)`.
        let local = match &self.module_name {
            Some(m) => name.strip_prefix(&format!("{m}.")).unwrap_or(&name).to_string(),
            None => name.clone(),
        };
        if let Some(ret) = self.funcs.get(&local).copied() {
            let a = args.iter().map(|x| self.expr(x)).collect::<R<Vec<_>>>()?;
            return plain(PrimExpr::call_global(ret, &local, a).with_span(sp));
        }
        if name == "range" {
            return err("range(..) is only a loop iterator", span);
        }
        // `A.vload([i, j], "int8x64")`: a vector load along the last dimension (TVM's
        // `Buffer.vload`).
        if let Some((base, "vload")) = name.rsplit_once('.')
            && let Some(Binding::Buffer(buffer)) = self.lookup(base).cloned()
        {
            let (Some(idx), Some(dt)) =
                (args.first(), args.get(1).or(kwargs.iter().find(|(k, _)| k == "dtype").map(|(_, v)| v)))
            else {
                return err(format!("{name} takes the indices and a dtype"), span);
            };
            let (Expr::List(xs) | Expr::Tuple(xs)) = &idx.e else {
                return err(format!("{name} takes a list of indices"), idx.span);
            };
            let dt = self.dtype_of(dt)?;
            let mut indices = xs.iter().map(|x| self.expr(x)).collect::<R<Vec<_>>>()?;
            if indices.len() != buffer.shape().len() {
                return err(
                    format!("{name} takes {} indices, {} given", buffer.shape().len(), indices.len()),
                    idx.span,
                );
            }
            if dt.element() != buffer.dtype().element() {
                return err(
                    format!("{name} loads {} elements from a buffer of {}", dt.element(), buffer.dtype()),
                    span,
                );
            }
            if dt.lanes > 1
                && let Some(last) = indices.pop()
            {
                let one = PrimExpr::int_of(1, last.dtype());
                indices.push(PrimExpr::ramp(last, one, dt.lanes));
            }
            return plain(buffer.load(indices).with_span(sp));
        }
        // `B.access_ptr("r", extent=128)`: TVM's `Buffer.access_ptr`, a `T.tvm_access_ptr` of
        // the buffer's data from its element offset (plus `offset`) over `extent` elements (by
        // default the rest of the buffer), with the access mask read (1), write (2) or both.
        if let Some((base, "access_ptr")) = name.rsplit_once('.')
            && let Some(Binding::Buffer(buffer)) = self.lookup(base).cloned()
        {
            return self.access_ptr(&name, &buffer, args, kwargs, span);
        }
        if name == "min" || name == "max" {
            return self.call_t(if name == "min" { "min" } else { "max" }, f, args, kwargs, span);
        }
        let Some(t) = self.t_name(&f.e) else { return err(format!("unknown function '{name}'"), f.span) };
        self.call_t(&t, f, args, kwargs, span)
    }

    fn access_ptr(
        &mut self,
        name: &str,
        buffer: &Buffer,
        args: &[E],
        kwargs: &[(String, E)],
        span: Span,
    ) -> R<Operand> {
        const PARAMS: [&str; 5] = ["access_mask", "ptr_type", "content_lanes", "offset", "extent"];
        let mut given: [Option<&E>; 5] = [None; 5];
        if args.len() > PARAMS.len() {
            return err(format!("{name} takes at most {} arguments, {} given", PARAMS.len(), args.len()), span);
        }
        for (k, a) in args.iter().enumerate() {
            given[k] = Some(a);
        }
        for (k, v) in kwargs {
            let Some(at) = PARAMS.iter().position(|p| p == k) else {
                return err(format!("{name} has no argument '{k}' (it takes {})", PARAMS.join(", ")), v.span);
            };
            if given[at].replace(v).is_some() {
                return err(format!("{name} is given '{k}' twice"), v.span);
            }
        }
        let Some(mask) = given[0] else {
            return err(format!("{name} takes an access mask (\"r\", \"w\" or \"rw\")"), span);
        };
        let mask = match &mask.e {
            Expr::Str(m) if !m.is_empty() && m.chars().all(|c| c == 'r' || c == 'w') => {
                m.chars().fold(0, |acc, c| acc | if c == 'r' { 1 } else { 2 })
            }
            Expr::Str(m) => return err(format!("access mask \"{m}\" is not made of 'r' and 'w'"), mask.span),
            _ => self.int_const(mask)?,
        };
        if let Some(t) = given[1]
            && !matches!(&t.e, Expr::Str(s) if s == "handle")
        {
            return err(format!("{name}: only ptr_type=\"handle\" is supported"), t.span);
        }
        if let Some(l) = given[2]
            && self.int_const(l)? != 1
        {
            return err(format!("{name}: only content_lanes=1 is supported"), l.span);
        }
        let offset = match given[3] {
            Some(o) => self.expr(o)?,
            None => PrimExpr::int_of(0, DataType::INT32),
        };
        let extent = match given[4] {
            Some(e) => self.expr(e)?,
            None => {
                // The rest of the buffer from `offset`, as TVM computes it.
                let whole = match (buffer.strides().first(), buffer.shape().first()) {
                    (Some(s), Some(d)) if buffer.strides().len() == buffer.shape().len() => {
                        PrimExpr::binary(BinOp::Mul, s.clone(), d.clone())
                    }
                    _ => buffer
                        .shape()
                        .iter()
                        .fold(PrimExpr::int_of(1, DataType::INT32), |a, d| PrimExpr::binary(BinOp::Mul, a, d.clone())),
                };
                crate::tir::arith::simplify(&PrimExpr::binary(BinOp::Sub, whole, offset.clone()))
            }
        };
        let sp = Some(span);
        let elem = crate::tir::arith::simplify(&PrimExpr::binary(BinOp::Add, buffer.elem_offset().clone(), offset));
        let args = vec![
            PrimExpr::call_builtin(buffer.dtype(), "tir.type_annotation", Vec::new()),
            PrimExpr::at(ExprKind::Var(buffer.data().clone()), DataType::HANDLE, sp),
            elem,
            extent,
            PrimExpr::int_of(mask, DataType::INT32),
        ];
        Ok(Operand {
            e: PrimExpr::call_builtin(DataType::HANDLE, "tir.tvm_access_ptr", args).with_span(sp),
            lit: false,
        })
    }

    fn arity(&self, t: &str, args: &[E], n: usize, span: Span) -> R<()> {
        if args.len() == n { Ok(()) } else { err(format!("T.{t} takes {n} arguments, {} given", args.len()), span) }
    }

    fn call_t(&mut self, t: &str, f: &E, args: &[E], kwargs: &[(String, E)], span: Span) -> R<Operand> {
        let sp = Some(span);
        let plain = |x: PrimExpr| Ok(Operand { e: x, lit: false });
        if let Some(dt) = DataType::parse_script(t) {
            // `T.float32(0)`: a typed constant; `T.int32(x)`: a conversion; `T.int32()`: a
            // variable declaration, which only an assignment may hold.
            let [a] = args else {
                return err(format!("T.{t}() declares a variable; it is only allowed as `name = T.{t}()`"), span);
            };
            if let Expr::Str(s) = &a.e {
                let v = match s.as_str() {
                    "inf" => f64::INFINITY,
                    "-inf" => f64::NEG_INFINITY,
                    "nan" => f64::NAN,
                    "-nan" => -f64::NAN,
                    _ => s.parse::<f64>().map_err(|_| self.error(format!("'{s}' is not a number"), a.span))?,
                };
                return plain(PrimExpr::at(ExprKind::FloatImm(v), dt, sp));
            }
            // An integer too large for int64 is only a float constant's value.
            let big = match &a.e {
                Expr::BigInt(f) => Some(*f),
                Expr::Unary("-", x) => {
                    if let Expr::BigInt(f) = x.e {
                        Some(-f)
                    } else {
                        None
                    }
                }
                _ => None,
            };
            if let Some(v) = big
                && dt.is_float()
            {
                return plain(PrimExpr::at(ExprKind::FloatImm(v), dt, sp));
            }
            let x = self.operand(a)?;
            return plain(match x.e.kind() {
                ExprKind::IntImm(_) | ExprKind::FloatImm(_) if x.lit || x.e.dtype() == dt => retype(&x.e, dt, span),
                ExprKind::IntImm(v) if dt.is_bool() => PrimExpr::at(ExprKind::IntImm(i64::from(*v != 0)), dt, sp),
                _ if x.e.dtype() == dt => x.e,
                _ => PrimExpr::at(ExprKind::Cast(x.e), dt, sp),
            });
        }
        match t {
            "Cast" | "cast" => {
                self.arity(t, args, 2, span)?;
                let (dt, x) = if t == "Cast" {
                    (self.dtype_of(&args[0])?, self.expr(&args[1])?)
                } else {
                    (self.dtype_of(&args[1])?, self.expr(&args[0])?)
                };
                plain(PrimExpr::cast(dt, x).with_span(sp))
            }
            "vectorlow" | "vectorhigh" => {
                // `T.vectorlow("int8x8", v)`: the low (high) half of the lanes of `v`.
                self.arity(t, args, 2, span)?;
                let (dt, x) = (self.dtype_of(&args[0])?, self.expr(&args[1])?);
                if dt.element() != x.dtype().element() || u32::from(dt.lanes) * 2 != u32::from(x.dtype().lanes) {
                    return err(format!("T.{t} takes half the lanes of {}, not {dt}", x.dtype()), span);
                }
                plain(PrimExpr::call_builtin(dt, &format!("tir.{t}"), vec![x]).with_span(sp))
            }
            "reinterpret" => {
                // `T.reinterpret(dtype, x)`, or as TVM's own intrinsics write it,
                // `T.reinterpret(x, dtype=..)`.
                let (dt, x) = match (args, kwargs.iter().find(|(k, _)| k == "dtype")) {
                    ([x], Some((_, d))) => (self.dtype_of(d)?, self.expr(x)?),
                    _ => {
                        self.arity(t, args, 2, span)?;
                        (self.dtype_of(&args[0])?, self.expr(&args[1])?)
                    }
                };
                let bits = |d: DataType| u32::from(d.bits) * u32::from(d.lanes);
                if bits(dt) != bits(x.dtype()) {
                    return err(format!("T.reinterpret from {} to {dt}: the sizes differ", x.dtype()), span);
                }
                plain(PrimExpr::call_builtin(dt, "tir.reinterpret", vec![x]).with_span(sp))
            }
            "Select" | "if_then_else" => {
                self.arity(t, args, 3, span)?;
                let c = self.expr(&args[0])?;
                let (a, b) = (self.operand(&args[1])?, self.operand(&args[2])?);
                let (a, b) = self.unify(a, b, span)?;
                plain(if t == "Select" {
                    PrimExpr::select(c, a, b).with_span(sp)
                } else {
                    let dt = a.dtype();
                    PrimExpr::call_builtin(dt, "tir.if_then_else", vec![c, a, b]).with_span(sp)
                })
            }
            "max" | "min" | "Max" | "Min" | "floordiv" | "floormod" | "truncdiv" | "truncmod" | "Div" | "Mod"
            | "FloorDiv" | "FloorMod" | "Add" | "Sub" | "Mul" => {
                self.arity(t, args, 2, span)?;
                let op = match t {
                    "max" | "Max" => BinOp::Max,
                    "min" | "Min" => BinOp::Min,
                    "floordiv" | "FloorDiv" => BinOp::FloorDiv,
                    "floormod" | "FloorMod" => BinOp::FloorMod,
                    "truncdiv" | "Div" => BinOp::Div,
                    "truncmod" | "Mod" => BinOp::Mod,
                    "Add" => BinOp::Add,
                    "Sub" => BinOp::Sub,
                    _ => BinOp::Mul,
                };
                let (a, b) = (self.operand(&args[0])?, self.operand(&args[1])?);
                // The node names (`T.Add`, `T.FloorDiv`, ..) build the node as written; the
                // operators (`T.floordiv`, `T.min`, ..) fold as TVM's do.
                let fold = t.starts_with(|c: char| c.is_ascii_lowercase());
                plain(self.binary(op, a, b, fold, span)?)
            }
            "ceildiv" => {
                self.arity(t, args, 2, span)?;
                // ceildiv(a, b) = (a + b - 1) // b, folded at each step as TVM's is.
                let (a, b) = (self.operand(&args[0])?, self.operand(&args[1])?);
                let (a, b) = self.unify(a, b, span)?;
                let one = PrimExpr::int_of(1, b.dtype());
                let sum = self.fold_binary(BinOp::Add, a, b.clone(), true, span)?;
                let num = self.fold_binary(BinOp::Sub, sum, one, true, span)?;
                plain(self.fold_binary(BinOp::FloorDiv, num, b, true, span)?)
            }
            "EQ" | "NE" | "LT" | "LE" | "GT" | "GE" => {
                self.arity(t, args, 2, span)?;
                let op = match t {
                    "EQ" => CmpOp::Eq,
                    "NE" => CmpOp::Ne,
                    "LT" => CmpOp::Lt,
                    "LE" => CmpOp::Le,
                    "GT" => CmpOp::Gt,
                    _ => CmpOp::Ge,
                };
                let (a, b) = (self.operand(&args[0])?, self.operand(&args[1])?);
                let (a, b) = self.unify_compared(a, b, span)?;
                plain(PrimExpr::cmp(op, a, b).with_span(sp))
            }
            "And" | "Or" => {
                self.arity(t, args, 2, span)?;
                let (a, b) = (self.expr(&args[0])?, self.expr(&args[1])?);
                plain(if t == "And" { PrimExpr::and(a, b) } else { PrimExpr::or(a, b) }.with_span(sp))
            }
            "Not" => {
                self.arity(t, args, 1, span)?;
                let a = self.expr(&args[0])?;
                plain(PrimExpr::logical_not(a).with_span(sp))
            }
            "ramp" | "Ramp" => {
                self.arity(t, args, 3, span)?;
                let (b, s) = (self.operand(&args[0])?, self.operand(&args[1])?);
                let (b, s) = self.unify(b, s, span)?;
                let lanes = self.lanes_of(&args[2])?;
                plain(PrimExpr::ramp(b, s, lanes).with_span(sp))
            }
            "broadcast" | "Broadcast" => {
                self.arity(t, args, 2, span)?;
                let v = self.expr(&args[0])?;
                let lanes = self.lanes_of(&args[1])?;
                plain(PrimExpr::broadcast(v, lanes).with_span(sp))
            }
            "Shuffle" | "shuffle" => {
                self.arity(t, args, 2, span)?;
                let vs = self.list_of(&args[0])?;
                let is = self.list_of(&args[1])?;
                plain(PrimExpr::shuffle(vs, is).with_span(sp))
            }
            "Let" | "let" => {
                // `T.Let(body, where={x: value})`
                let Some((_, where_)) = kwargs.iter().find(|(k, _)| k == "where") else {
                    return err("T.Let needs where={var: value}", span);
                };
                let Expr::Dict(items) = &where_.e else { return err("expected where={var: value}", where_.span) };
                let [(k, v)] = items.as_slice() else { return err("T.Let binds one variable", where_.span) };
                let Expr::Name(n) = &k.e else { return err("expected a variable name", k.span) };
                let Some(Binding::Var(var)) = self.lookup(n).cloned() else {
                    return err(format!("'{n}' is not a declared variable"), k.span);
                };
                let value = self.expr_as(v, var.dtype())?;
                let [body] = args else { return err("T.Let takes the body", span) };
                let body = self.expr(body)?;
                plain(PrimExpr::let_in(&var, value, body).with_span(sp))
            }
            "ret" => {
                self.arity(t, args, 1, span)?;
                let v = self.expr(&args[0])?;
                plain(PrimExpr::ret(v).with_span(sp))
            }
            "likely" | "assume" => {
                self.arity(t, args, 1, span)?;
                let v = self.expr(&args[0])?;
                let dt = v.dtype();
                plain(PrimExpr::call_builtin(dt, &format!("tir.{t}"), vec![v]).with_span(sp))
            }
            "max_value" | "min_value" | "infinity" => {
                self.arity(t, args, 1, span)?;
                let dt = self.dtype_of(&args[0])?;
                plain(limit_value(t, dt, span).ok_or_else(|| self.error(format!("T.{t} has no value for {dt}"), span))?)
            }
            "call_extern" | "call_pure_extern" | "call_intrin" | "call_llvm_pure_intrin" | "call_llvm_intrin" => {
                // `T.f(dtype, name, args..)`, or `T.f(name, args.., dtype=..)` as TVM's own
                // intrinsics write it (the name may be `T.llvm_lookup_intrinsic_id("..")`).
                let (dt, rest) = match kwargs.iter().find(|(k, _)| k == "dtype") {
                    Some((_, d)) if !args.is_empty() => (self.dtype_of(d)?, args),
                    _ if args.len() >= 2 => (self.dtype_of(&args[0])?, &args[1..]),
                    _ => return err(format!("T.{t} takes a type, a name and arguments"), span),
                };
                let fname = match &rest[0].e {
                    Expr::Str(s) => s.clone(),
                    Expr::Call(g, gargs, _)
                        if g.e.dotted().is_some_and(|n| n.ends_with("llvm_lookup_intrinsic_id"))
                            && let [E { e: Expr::Str(s), .. }] = gargs.as_slice() =>
                    {
                        s.clone()
                    }
                    _ => return err("expected the function's name as a string", rest[0].span),
                };
                let a = rest[1..].iter().map(|x| self.expr(x)).collect::<R<Vec<_>>>()?;
                let full = if t == "call_intrin" { fname } else { format!("tir.{t}:{fname}") };
                plain(PrimExpr::call_builtin(dt, &full, a).with_span(sp))
            }
            // As TVM's `isnan`/`isinf`/`isfinite` build them (op.cc): constants for integers,
            // `isinf` and `isfinite` written out with `fabs` and `isnan`, a float16 tested
            // as float32.
            "isnan" | "isinf" | "isfinite" => {
                self.arity(t, args, 1, span)?;
                let x = self.expr(&args[0])?;
                let xt = x.dtype();
                let bt = DataType::BOOL.with_lanes(xt.lanes);
                let constant = |v: bool| {
                    let c = PrimExpr::at(ExprKind::IntImm(i64::from(v)), DataType::BOOL, sp);
                    if xt.lanes > 1 { PrimExpr::broadcast(c, xt.lanes) } else { c }
                };
                if !xt.is_float() {
                    return plain(constant(t == "isfinite"));
                }
                let isnan = |x: &PrimExpr| {
                    let x = if xt.bits == 16 {
                        PrimExpr::at(ExprKind::Cast(x.clone()), DataType::FLOAT32.with_lanes(xt.lanes), sp)
                    } else {
                        x.clone()
                    };
                    PrimExpr::call_builtin(bt, "tir.isnan", vec![x]).with_span(sp)
                };
                let isinf = |x: &PrimExpr| {
                    let inf = PrimExpr::at(ExprKind::FloatImm(f64::INFINITY), xt.element(), sp);
                    let inf = if xt.lanes > 1 { PrimExpr::broadcast(inf, xt.lanes) } else { inf };
                    let fabs = PrimExpr::call_builtin(xt, "tir.fabs", vec![x.clone()]).with_span(sp);
                    PrimExpr::and(PrimExpr::cmp(CmpOp::Eq, fabs, inf), PrimExpr::logical_not(isnan(x)))
                };
                plain(match t {
                    "isnan" => isnan(&x),
                    "isinf" => isinf(&x),
                    _ => PrimExpr::and(PrimExpr::logical_not(isinf(&x)), PrimExpr::logical_not(isnan(&x))),
                })
            }
            // TVM's `abs`: folded on a constant, `T.Select(x >= 0, x, 0 - x)` on a signed
            // integer, the integer itself unsigned, `fabs` on a float.
            "abs" => {
                self.arity(t, args, 1, span)?;
                let x = self.expr(&args[0])?;
                let dt = x.dtype();
                if let Some(v) = x.as_int() {
                    return plain(PrimExpr::int_of(crate::tir::arith::wrap_int(i128::from(v).abs(), dt), dt));
                }
                if let Some(v) = x.as_float() {
                    return plain(PrimExpr::float_of(v.abs(), dt));
                }
                if dt.is_float() {
                    return plain(PrimExpr::call_builtin(dt, "tir.fabs", vec![x]).with_span(sp));
                }
                if dt.is_uint() {
                    return plain(x);
                }
                let zero = PrimExpr::int_of(0, dt.element());
                let zero = if dt.lanes > 1 { PrimExpr::broadcast(zero, dt.lanes) } else { zero };
                let neg = PrimExpr::binary(BinOp::Sub, zero.clone(), x.clone()).with_span(sp);
                plain(PrimExpr::select(PrimExpr::cmp(CmpOp::Ge, x.clone(), zero), x, neg).with_span(sp))
            }
            "evaluate" => err("T.evaluate is a statement", span),
            _ if BINARY_BUILTINS.contains(&t) => {
                self.arity(t, args, 2, span)?;
                let (a, b) = (self.operand(&args[0])?, self.operand(&args[1])?);
                self.builtin2(&format!("tir.{t}"), a, b, span)
            }
            _ if MATH.contains(&t) => {
                let a = args.iter().map(|x| self.expr(x)).collect::<R<Vec<_>>>()?;
                let dt = a.first().map_or(DataType::FLOAT32, PrimExpr::dtype);
                // `T.clz(x)` is an int32 count whatever the type of x (as in TVM's op.py).
                let dt = if t == "clz" { DataType::INT32.with_lanes(dt.lanes) } else { dt };
                plain(PrimExpr::call_builtin(dt, &format!("tir.{t}"), a).with_span(sp))
            }
            "type_annotation" => {
                // `T.type_annotation("float16")` or `T.type_annotation(dtype="float16")`.
                let dt = match (args, kwargs) {
                    ([a], []) => a,
                    ([], [(k, a)]) if k == "dtype" => a,
                    _ => return err("T.type_annotation takes one dtype", span),
                };
                let dt = self.dtype_of(dt)?;
                plain(PrimExpr::call_builtin(dt, "tir.type_annotation", Vec::new()).with_span(sp))
            }
            _ if let Some(r) = crate::tir::intrinsics::opaque(t) => {
                // Read as written (strings stay strings), typed as TVM types them.
                let a = args
                    .iter()
                    .map(|x| match &x.e {
                        Expr::Str(s) => {
                            Ok(PrimExpr::at(ExprKind::StringImm(s.as_str().into()), DataType::HANDLE, Some(x.span)))
                        }
                        _ => self.expr(x),
                    })
                    .collect::<R<Vec<_>>>()?;
                let types: Vec<DataType> = a.iter().map(PrimExpr::dtype).collect();
                let dt = crate::tir::intrinsics::result_type(r, &types);
                plain(PrimExpr::call_builtin(dt, &format!("tir.{t}"), a).with_span(sp))
            }
            _ => err(format!("unknown TIR function 'T.{t}'"), f.span),
        }
    }
}

/// `T.max_value`, `T.min_value`, `T.infinity` of a type.
fn limit_value(what: &str, dt: DataType, span: Span) -> Option<PrimExpr> {
    let e = match (what, dt.code) {
        ("max_value", _) => crate::tir::arith::max_value(dt)?,
        ("min_value", _) => crate::tir::arith::min_value(dt)?,
        ("infinity", TypeCode::Float | TypeCode::BFloat) => PrimExpr::float_of(f64::INFINITY, dt),
        _ => return None,
    };
    Some(e.with_span(Some(span)))
}

/// Indices of mixed integer widths (TOPI's `take` and `sliding_window` print `A[i, j64]` with an
/// int32 `i`) widened to the widest, as TVM's code generators cast them: the spec's typing rule
/// asks for one width (expression rule 7, statement rule 4), and what TVM prints must read.
fn widen_indices(indices: Vec<PrimExpr>) -> Vec<PrimExpr> {
    let ints = indices.iter().all(|i| i.dtype().is_int() && !i.dtype().is_bool());
    let bits = indices.iter().map(|i| i.dtype().bits).max().unwrap_or(32);
    if !ints || indices.iter().all(|i| i.dtype().bits == bits) {
        return indices;
    }
    indices
        .into_iter()
        .map(|i| {
            if i.dtype().bits == bits {
                return i;
            }
            let t = DataType::new(TypeCode::Int, bits).with_lanes(i.dtype().lanes);
            match i.kind() {
                ExprKind::IntImm(v) => PrimExpr::at(ExprKind::IntImm(*v), t, i.span()),
                _ => PrimExpr::cast(t, i.clone()).with_span(i.span()),
            }
        })
        .collect()
}
