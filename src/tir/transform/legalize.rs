//! Math builtins TVM's LLVM backend expands into formulas rather than calling the C library:
//! `tanh`, `tan` and `exp10` (and `atanh`, in TVM 0.27). Strata expands them the same way, so
//! kernels get TVM's numbers to the last bit, not the library's (`tanh(19.0)` is exactly 1.0
//! through TVM's formula, one ulp less through glibc's `tanh`). The other math builtins call the
//! C library's functions, as TVM's code does.
//!
//! Like TVM's, the expansions evaluate both arms of their `Select`s.
//!
//! `T.q_multiply_shift(x, y, q, s)` (fixed-point requantization, `round(x * y * 2^(s - q))`)
//! becomes TVM's integer formula: the multiplication in 64 bits, rounding half up, the shift.
//!
//! LLVM intrinsics called by name (`T.call_llvm_pure_intrin("float32", "llvm.sqrt", x)`) become
//! the builtins they are, where they have one, and the x86 dot products of TVM's x86 tensor
//! intrinsics (`vpdpbusd`, `pmaddubsw`, `pmaddwd`) the integer arithmetic they do; lowering
//! names the others as unsupported.

use crate::tir::ast::*;
use crate::tir::dtype::DataType;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};

/// Expand the builtins TVM's LLVM backend legalizes, everywhere in a statement.
pub fn legalize_math(s: &Stmt) -> Stmt {
    Legalize.stmt(s)
}

struct Legalize;

impl Mutator for Legalize {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        let ExprKind::Call(Callee::Builtin(name), args) = e.kind() else { return e };
        let dt = e.dtype();
        if let Some((kind, intrinsic)) = extern_call(name)
            && kind.starts_with("call_llvm")
        {
            return llvm_intrinsic(intrinsic, args, dt).map_or(e.clone(), |x| x.with_span(e.span()));
        }
        if name.as_ref() == "tir.reinterpret"
            && let [x] = args.as_slice()
            && x.dtype().lanes != dt.lanes
            && let Some(r) = reinterpret_lanes(x, dt)
        {
            return r.with_span(e.span());
        }
        if let ("tir.vectorlow" | "tir.vectorhigh", [x]) = (name.as_ref(), args.as_slice())
            && u32::from(dt.lanes) * 2 == u32::from(x.dtype().lanes)
        {
            let start = if name.as_ref() == "tir.vectorlow" { 0 } else { i64::from(dt.lanes) };
            let idx = (start..start + i64::from(dt.lanes)).map(PrimExpr::int).collect();
            return PrimExpr::shuffle(vec![x.clone()], idx).with_span(e.span());
        }
        if name.as_ref() == "tir.q_multiply_shift"
            && let [x, y, q, sh] = args.as_slice()
            && dt.is_int()
        {
            return q_multiply_shift(x, y, q, sh, dt).with_span(e.span());
        }
        if name.as_ref() == "tir.q_multiply_shift_per_axis"
            && let [x, y, ls, rs, q, lshift, _rshift] = args.as_slice()
            && dt.is_int()
        {
            return q_multiply_shift_per_axis(x, y, ls, rs, q, lshift, dt).with_span(e.span());
        }
        let ([x], true) = (args.as_slice(), dt.is_float()) else { return e };
        let name = name.strip_prefix("tir.").unwrap_or(name);
        let c = |v: f64| {
            let k = PrimExpr::float_of(v, dt.element());
            if dt.lanes > 1 { PrimExpr::broadcast(k, dt.lanes) } else { k }
        };
        let call = |f: &str, a: PrimExpr| PrimExpr::call_builtin(dt, &format!("tir.{f}"), vec![a]);
        let bin = PrimExpr::binary;
        let out = match name {
            // (1 - e^-2x) / (1 + e^-2x) for x >= 0, else (e^2x - 1) / (e^2x + 1).
            "tanh" => {
                let (neg, pos) = (Var::new("tanh_exp_neg2x", dt), Var::new("tanh_exp_pos2x", dt));
                let (n, p) = (PrimExpr::var(&neg), PrimExpr::var(&pos));
                let for_pos = bin(BinOp::Div, bin(BinOp::Sub, c(1.0), n.clone()), bin(BinOp::Add, c(1.0), n));
                let for_neg = bin(BinOp::Div, bin(BinOp::Sub, p.clone(), c(1.0)), bin(BinOp::Add, p, c(1.0)));
                let body = PrimExpr::select(PrimExpr::cmp(CmpOp::Ge, x.clone(), c(0.0)), for_pos, for_neg);
                let body = PrimExpr::let_in(&pos, call("exp", bin(BinOp::Mul, c(2.0), x.clone())), body);
                PrimExpr::let_in(&neg, call("exp", bin(BinOp::Mul, c(-2.0), x.clone())), body)
            }
            "tan" => bin(BinOp::Div, call("sin", x.clone()), call("cos", x.clone())),
            // TVM's constant for ln 10, truncated as TVM writes it, in the argument's type.
            #[allow(clippy::approx_constant)]
            "exp10" => call("exp", bin(BinOp::Mul, x.clone(), c(2.302585093))),
            "atanh" => bin(
                BinOp::Mul,
                c(0.5),
                bin(
                    BinOp::Sub,
                    call("log", bin(BinOp::Add, c(1.0), x.clone())),
                    call("log", bin(BinOp::Sub, c(1.0), x.clone())),
                ),
            ),
            _ => return e,
        };
        out.with_span(e.span())
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = default_stmt(self, s);
        thread_allreduce_on_cpu(&s).unwrap_or(s)
    }
}

/// `T.tvm_thread_allreduce` under its `reduce_scope` with no thread to reduce across (every
/// thread argument a constant), as TVM's CPU build lowers it: each result is its source where
/// the condition holds, else the reducer's identity.
fn thread_allreduce_on_cpu(s: &Stmt) -> Option<Stmt> {
    let StmtKind::AttrStmt { node: AttrNode::CommReducer { identity, .. }, key, body, .. } = s.kind() else {
        return None;
    };
    let StmtKind::Evaluate(call) = body.kind() else { return None };
    let ExprKind::Call(Callee::Builtin(name), args) = call.kind() else { return None };
    if key != "reduce_scope" || &**name != "tir.tvm_thread_allreduce" {
        return None;
    }
    let n = usize::try_from(args.first()?.as_int()?).ok()?;
    let (sources, rest) = args.get(1..)?.split_at_checked(n)?;
    let (cond, rest) = rest.split_first()?;
    let (results, threads) = rest.split_at_checked(n)?;
    if identity.len() != n || threads.iter().any(|t| t.as_int().is_none()) {
        return None;
    }
    let mut stores = Vec::with_capacity(n);
    for ((src, res), id) in sources.iter().zip(results).zip(identity) {
        let ExprKind::BufferLoad(buffer, indices) = res.kind() else { return None };
        let value = PrimExpr::select(cond.clone(), src.clone(), id.clone());
        let store = StmtKind::BufferStore { buffer: buffer.clone(), value, indices: indices.clone() };
        stores.push(Stmt::at(store, s.span()));
    }
    Some(Stmt::seq(stores))
}

/// An LLVM intrinsic as Strata's builtins, `None` when it has none. The name may carry LLVM's
/// type suffixes (`llvm.lround.i64.f32`); TVM before 0.27 passed the argument count first
/// (`T.uint32(1)`), which is dropped.
fn llvm_intrinsic(name: &str, args: &[PrimExpr], dt: DataType) -> Option<PrimExpr> {
    if let Some(x) = x86_dot_product(name, args, dt) {
        return Some(x);
    }
    let base = name.strip_prefix("llvm.")?.split('.').next()?;
    let args = match args.split_first() {
        Some((n, rest)) if n.dtype().is_uint() && n.as_int() == i64::try_from(rest.len()).ok() => rest,
        _ => args,
    };
    let call = |f: &str, a: Vec<PrimExpr>| Some(PrimExpr::call_builtin(dt, &format!("tir.{f}"), a));
    let bin = |op: BinOp, a: &[PrimExpr]| match a {
        [x, y] => Some(PrimExpr::binary(op, x.clone(), y.clone())),
        _ => None,
    };
    let float = args.first().is_some_and(|x| x.dtype().is_float());
    match (base, args) {
        (
            "sqrt" | "fabs" | "floor" | "ceil" | "trunc" | "nearbyint" | "exp" | "exp2" | "log" | "log2" | "log10"
            | "sin" | "cos",
            [_],
        ) => call(base, args.to_vec()),
        ("rint", [_]) => call("nearbyint", args.to_vec()),
        ("pow" | "copysign", [_, _]) => call(base, args.to_vec()),
        ("minnum" | "minimum" | "smin" | "umin", _) => bin(BinOp::Min, args),
        ("maxnum" | "maximum" | "smax" | "umax", _) => bin(BinOp::Max, args),
        ("ctpop", [_]) => call("popcount", args.to_vec()),
        // The second operand says whether a zero argument is poison: either way clz's value.
        ("ctlz", [x, ..]) => call("clz", vec![x.clone()]),
        ("abs", [x, ..]) => call(if float { "fabs" } else { "abs" }, vec![x.clone()]),
        // Half away from zero (not T.round's half to even), then to the result type.
        ("round", [x]) if float => Some(round_half_away(x)),
        ("lround" | "llround", [x]) if float => Some(PrimExpr::cast(dt, round_half_away(x))),
        _ => None,
    }
}

/// `T.reinterpret` between integer vectors of one size but other lanes (`uint8x4` as an
/// `int32`, `int8x64` as `int32x16`), as the little-endian bytes read: a wider lane is its
/// narrower lanes shifted into place, a narrower lane a shifted slice of the wider one.
fn reinterpret_lanes(x: &PrimExpr, to: DataType) -> Option<PrimExpr> {
    let from = x.dtype();
    let int = |d: DataType| d.is_int() && !d.is_bool();
    if !int(from)
        || !int(to)
        || u32::from(from.bits) * u32::from(from.lanes) != u32::from(to.bits) * u32::from(to.lanes)
    {
        return None;
    }
    // Lanes that split or join whole (no 24-bit lanes read as 16-bit ones).
    if !from.bits.max(to.bits).is_multiple_of(from.bits.min(to.bits)) {
        return None;
    }
    let unsigned = |bits: u8, lanes: u16| DataType::new(crate::tir::dtype::TypeCode::UInt, bits).with_lanes(lanes);
    let lane = |v: &PrimExpr, idx: Vec<i64>| -> PrimExpr {
        if v.dtype().lanes == 1 {
            v.clone()
        } else {
            PrimExpr::shuffle(vec![v.clone()], idx.into_iter().map(PrimExpr::int).collect())
        }
    };
    let konst = |v: i64, d: DataType| {
        let c = PrimExpr::int_of(v, d.element());
        if d.lanes > 1 { PrimExpr::broadcast(c, d.lanes) } else { c }
    };
    // The source's bits as unsigned lanes (same width: the bits are kept).
    let xu = PrimExpr::cast(unsigned(from.bits, from.lanes), x.clone());
    let out_u = unsigned(to.bits, to.lanes);
    let out = if to.bits > from.bits {
        let r = i64::from(to.bits / from.bits);
        (0..r)
            .map(|k| {
                let part = lane(&xu, (0..i64::from(to.lanes)).map(|i| i * r + k).collect());
                let wide = PrimExpr::cast(out_u, part);
                PrimExpr::call_builtin(out_u, "tir.shift_left", vec![wide, konst(k * i64::from(from.bits), out_u)])
            })
            .reduce(|a, b| PrimExpr::call_builtin(out_u, "tir.bitwise_or", vec![a, b]))?
    } else {
        let r = i64::from(from.bits / to.bits);
        // Slice k of every source lane, then lane j of the result is slice j % r of lane j / r.
        let slices: Vec<PrimExpr> = (0..r)
            .map(|k| {
                let shifted = PrimExpr::call_builtin(
                    xu.dtype(),
                    "tir.shift_right",
                    vec![xu.clone(), konst(k * i64::from(to.bits), xu.dtype())],
                );
                PrimExpr::cast(unsigned(to.bits, from.lanes), shifted)
            })
            .collect();
        let n = i64::from(from.lanes);
        let idx = (0..i64::from(to.lanes)).map(|j| PrimExpr::int((j % r) * n + j / r)).collect();
        PrimExpr::shuffle(slices, idx)
    };
    Some(PrimExpr::cast(to, out))
}

/// The x86 dot-product instructions TVM's x86 tensor intrinsics call (`dot_16x4_vnni`,
/// `dot_16x4_avx512`), as what they compute, for any CPU:
/// - `vpdpbusd` (VNNI): `acc[i] + Σ_k a.u8[4i+k] · b.i8[4i+k]` over four byte pairs per lane;
/// - `pmaddubs.w` (`pmaddubsw`): `sat_i16(a.u8[2i] · b.i8[2i] + a.u8[2i+1] · b.i8[2i+1])`;
/// - `pmaddw.d` (`pmaddwd`): `a[2i] · b[2i] + a[2i+1] · b[2i+1]` of int16 pairs, in int32.
///
/// `None` for another name or operands of other types.
fn x86_dot_product(name: &str, args: &[PrimExpr], dt: DataType) -> Option<PrimExpr> {
    if let Some(op) = name.strip_prefix("llvm.aarch64.neon.") {
        return arm_dot_product(op, args, dt);
    }
    let op = name.strip_prefix("llvm.x86.")?;
    let lanes = dt.lanes;
    let of = |code: DataType, n: u16| code.with_lanes(n);
    // `x` seen as `n` lanes of `elem`, widened to int32 (zero- or sign-extended by `elem`).
    let widen = |x: &PrimExpr, elem: DataType, n: u16| -> Option<PrimExpr> {
        if u32::from(x.dtype().bits) * u32::from(x.dtype().lanes) != u32::from(elem.bits) * u32::from(n) {
            return None;
        }
        let x = if x.dtype() == of(elem, n) {
            x.clone()
        } else if x.dtype().lanes != n {
            reinterpret_lanes(x, of(elem, n))?
        } else {
            PrimExpr::call_builtin(of(elem, n), "tir.reinterpret", vec![x.clone()])
        };
        Some(PrimExpr::cast(of(DataType::INT32, n), x))
    };
    // The sum of lanes `g·i + k` (k < g) of `v` for each lane i of the result.
    let group_sum = |v: PrimExpr, g: u16| -> PrimExpr {
        (0..g)
            .map(|k| {
                let idx = (0..lanes).map(|i| PrimExpr::int(i64::from(i) * i64::from(g) + i64::from(k))).collect();
                PrimExpr::shuffle(vec![v.clone()], idx)
            })
            .reduce(|a, b| PrimExpr::binary(BinOp::Add, a, b))
            .expect("a group")
    };
    let mul = |a: PrimExpr, b: PrimExpr| PrimExpr::binary(BinOp::Mul, a, b);
    if op.starts_with("avx512.vpdpbusd.") || op.starts_with("avx2.vpdpbusd.") || op == "avx512.vpdpbusd" {
        let [acc, a, b] = args else { return None };
        if dt != of(DataType::INT32, lanes) || acc.dtype() != dt {
            return None;
        }
        let p = mul(
            widen(a, DataType::new(crate::tir::dtype::TypeCode::UInt, 8), lanes.checked_mul(4)?)?,
            widen(b, DataType::new(crate::tir::dtype::TypeCode::Int, 8), lanes.checked_mul(4)?)?,
        );
        return Some(PrimExpr::binary(BinOp::Add, acc.clone(), group_sum(p, 4)));
    }
    if matches!(op, "avx512.pmaddubs.w.512" | "avx2.pmadd.ub.sw" | "ssse3.pmadd.ub.sw.128") {
        let [a, b] = args else { return None };
        if dt != of(DataType::new(crate::tir::dtype::TypeCode::Int, 16), lanes) {
            return None;
        }
        let p = mul(
            widen(a, DataType::new(crate::tir::dtype::TypeCode::UInt, 8), lanes.checked_mul(2)?)?,
            widen(b, DataType::new(crate::tir::dtype::TypeCode::Int, 8), lanes.checked_mul(2)?)?,
        );
        let wide = of(DataType::INT32, lanes);
        let bound = |v: i64| PrimExpr::broadcast(PrimExpr::int(v), lanes);
        let sum = group_sum(p, 2);
        debug_assert_eq!(sum.dtype(), wide);
        let clamped = PrimExpr::binary(BinOp::Min, PrimExpr::binary(BinOp::Max, sum, bound(-32768)), bound(32767));
        return Some(PrimExpr::cast(dt, clamped));
    }
    if matches!(op, "avx512.pmaddw.d.512" | "avx2.pmadd.wd" | "sse2.pmadd.wd") {
        let [a, b] = args else { return None };
        if dt != of(DataType::INT32, lanes) {
            return None;
        }
        let p = mul(
            widen(a, DataType::new(crate::tir::dtype::TypeCode::Int, 16), lanes.checked_mul(2)?)?,
            widen(b, DataType::new(crate::tir::dtype::TypeCode::Int, 16), lanes.checked_mul(2)?)?,
        );
        return Some(group_sum(p, 2));
    }
    None
}

/// The Arm NEON instructions TVM's Arm tensor intrinsics call (`dot_4x4_i8i8s32_sdot`,
/// `dot_4x4_i8i8s32_neon`, `dot_4x4_u8u8u32_udot`), as what they compute:
/// - `sdot`/`udot`: `acc[i] + Σ_k a[4i+k] · b[4i+k]` of byte quadruples;
/// - `smull`/`umull`: the lanes' products, twice as wide;
/// - `saddlp`/`uaddlp`: sums of adjacent lanes, twice as wide;
/// - `addp`: sums of adjacent lanes of `a` then of `b`.
fn arm_dot_product(op: &str, args: &[PrimExpr], dt: DataType) -> Option<PrimExpr> {
    let lanes = dt.lanes;
    let pick =
        |v: &[PrimExpr], idx: Vec<i64>| PrimExpr::shuffle(v.to_vec(), idx.into_iter().map(PrimExpr::int).collect());
    let widen = |x: &PrimExpr, to: DataType| PrimExpr::cast(to.with_lanes(x.dtype().lanes), x.clone());
    let add = |a: PrimExpr, b: PrimExpr| PrimExpr::binary(BinOp::Add, a, b);
    match (op, args) {
        ("sdot" | "udot", [acc, a, b])
            if acc.dtype() == dt
                && a.dtype() == b.dtype()
                && a.dtype().bits == 8
                && u32::from(a.dtype().lanes) == 4 * u32::from(lanes) =>
        {
            let p = PrimExpr::binary(BinOp::Mul, widen(a, dt), widen(b, dt));
            let sum = (0..4)
                .map(|k| pick(std::slice::from_ref(&p), (0..i64::from(lanes)).map(|i| 4 * i + k).collect()))
                .reduce(add)?;
            Some(add(acc.clone(), sum))
        }
        ("smull" | "umull", [a, b])
            if a.dtype() == b.dtype() && a.dtype().lanes == lanes && dt.bits == 2 * a.dtype().bits =>
        {
            Some(PrimExpr::binary(BinOp::Mul, widen(a, dt), widen(b, dt)))
        }
        ("saddlp" | "uaddlp", [a])
            if u32::from(a.dtype().lanes) == 2 * u32::from(lanes) && dt.bits == 2 * a.dtype().bits =>
        {
            let w = widen(a, dt);
            let half = |k: i64| pick(std::slice::from_ref(&w), (0..i64::from(lanes)).map(|i| 2 * i + k).collect());
            Some(add(half(0), half(1)))
        }
        ("addp", [a, b]) if a.dtype() == dt && b.dtype() == dt => {
            // Lanes of `a` then `b` (indices past `a`'s lanes pick from `b`).
            let n = i64::from(lanes);
            let half = |k: i64| pick(&[a.clone(), b.clone()], (0..n).map(|i| 2 * i + k).collect());
            Some(add(half(0), half(1)))
        }
        _ => None,
    }
}

/// TVM's expansion of `q_multiply_shift` (its `QMultiplyShift` lowering for LLVM): `x * y`
/// in 64 bits, shifted left by a positive `s`, then right by `q` plus a negative `s`'s size,
/// adding half of the last step's unit first (rounding half up); back to `x`'s type. A
/// multiplier of exactly `1 << 30` (0.5) is a plain shift with the same rounding.
fn q_multiply_shift(x: &PrimExpr, y: &PrimExpr, q: &PrimExpr, s: &PrimExpr, dt: DataType) -> PrimExpr {
    let lanes = dt.lanes;
    let of = |v: i64, t: DataType| {
        let k = PrimExpr::int_of(v, t.element());
        if t.lanes > 1 { PrimExpr::broadcast(k, t.lanes) } else { k }
    };
    let bin = PrimExpr::binary;
    let shift = |f: &str, a: PrimExpr, b: PrimExpr| PrimExpr::call_builtin(a.dtype(), f, vec![a, b]);
    let shl = |a, b| shift("tir.shift_left", a, b);
    let shr = |a, b| shift("tir.shift_right", a, b);
    let cast = |t: DataType, e: &PrimExpr| if e.dtype() == t { e.clone() } else { PrimExpr::cast(t, e.clone()) };
    let lp = DataType { lanes, ..DataType::INT32 };
    // (Shifts of 32 or more, out of TVM's range, take the general formula below.)
    if y.as_int() == Some(1 << 30)
        && let Some(sv) = s.as_int().filter(|sv| (-30..=32).contains(sv))
    {
        let exp = sv - 1;
        if exp > 0 {
            return shl(cast(dt, x), of(exp, dt));
        }
        let exp = -exp;
        let rounding = shl(of(1, lp), of(exp - 1, lp));
        return cast(dt, &shr(bin(BinOp::Add, cast(lp, x), rounding), of(exp, lp)));
    }
    let st = s.dtype();
    let zero = of(0, st);
    let positive = PrimExpr::cmp(CmpOp::Gt, s.clone(), zero.clone());
    let left = PrimExpr::select(positive.clone(), s.clone(), zero.clone());
    let right = PrimExpr::select(positive, zero.clone(), bin(BinOp::Sub, zero.clone(), s.clone()));
    let shift_left = PrimExpr::cmp(CmpOp::Ne, left.clone(), zero);
    fixed_point_multiply(x, y, q, &left, &right, shift_left, dt)
}

/// TVM's `QMultiplyShift`, which both `q_multiply_shift` and `q_multiply_shift_per_axis`
/// legalize to: `x` in 64 bits, shifted left by `left` where `shift_left` holds, times `y`,
/// then right by `right + q` adding half of that step's unit first (rounding half up); back
/// to type `dt`. Shifts out of range are the core IR's (0 or the sign fill), never a trap.
fn fixed_point_multiply(
    x: &PrimExpr,
    y: &PrimExpr,
    q: &PrimExpr,
    left: &PrimExpr,
    right: &PrimExpr,
    shift_left: PrimExpr,
    dt: DataType,
) -> PrimExpr {
    let hp = DataType { lanes: dt.lanes, ..DataType::INT64 };
    let bin = PrimExpr::binary;
    let shift = |f: &str, a: PrimExpr, b: PrimExpr| PrimExpr::call_builtin(a.dtype(), f, vec![a, b]);
    let cast = |t: DataType, e: &PrimExpr| if e.dtype() == t { e.clone() } else { PrimExpr::cast(t, e.clone()) };
    let one = {
        let k = PrimExpr::int_of(1, DataType::INT64);
        if hp.lanes > 1 { PrimExpr::broadcast(k, hp.lanes) } else { k }
    };
    let x64 = cast(hp, x);
    let shifted = PrimExpr::select(shift_left, shift("tir.shift_left", x64.clone(), cast(hp, left)), x64);
    let product = bin(BinOp::Mul, shifted, cast(hp, y));
    let total = cast(hp, &bin(BinOp::Add, right.clone(), cast(right.dtype(), q)));
    let rounding = shift("tir.shift_left", one.clone(), bin(BinOp::Sub, total.clone(), one));
    cast(dt, &shift("tir.shift_right", bin(BinOp::Add, product, rounding), total))
}

/// `q_multiply_shift_per_axis(x, y, ls, rs, q, lshift, rshift)`: [`fixed_point_multiply`]
/// with the shifts given, shifting left if `lshift` (TVM ignores `rshift` too).
fn q_multiply_shift_per_axis(
    x: &PrimExpr,
    y: &PrimExpr,
    ls: &PrimExpr,
    rs: &PrimExpr,
    q: &PrimExpr,
    lshift: &PrimExpr,
    dt: DataType,
) -> PrimExpr {
    let shift_left = if lshift.dtype().is_bool() {
        lshift.clone()
    } else {
        PrimExpr::cmp(CmpOp::Ne, lshift.clone(), PrimExpr::int_of(0, lshift.dtype()))
    };
    fixed_point_multiply(x, y, q, ls, rs, shift_left, dt)
}

/// `x` rounded half away from zero: `trunc(x)`, plus `copysign(1, x)` when the dropped part
/// is at least one half (`x - trunc(x)` is exact).
fn round_half_away(x: &PrimExpr) -> PrimExpr {
    let dt = x.dtype();
    let c = |v: f64| {
        let k = PrimExpr::float_of(v, dt.element());
        if dt.lanes > 1 { PrimExpr::broadcast(k, dt.lanes) } else { k }
    };
    let t = PrimExpr::call_builtin(dt, "tir.trunc", vec![x.clone()]);
    let frac = PrimExpr::call_builtin(dt, "tir.fabs", vec![PrimExpr::binary(BinOp::Sub, x.clone(), t.clone())]);
    let step = PrimExpr::call_builtin(dt, "tir.copysign", vec![c(1.0), x.clone()]);
    PrimExpr::select(PrimExpr::cmp(CmpOp::Ge, frac, c(0.5)), PrimExpr::binary(BinOp::Add, t.clone(), step), t)
}
