//! TIR-to-TIR passes run before lowering: blocks to plain statements, scalar locals assigned
//! once to lets, math builtins expanded as
//! TVM's LLVM backend expands them, invariant lets and
//! reduction inits out of their loops, vectorized loops to vector statements, small innermost
//! loops unrolled, loop-invariant accumulators to registers, invariant loads out of innermost
//! loops. Each keeps the spec's observable
//! behaviour.

pub mod blocks;
pub mod hoist;
pub mod legalize;
pub mod packed;
pub mod promote;
pub mod scalars;
pub mod unroll;
pub mod vectorize;

use super::arith::const_int;
use super::ast::*;
use crate::transform::Passes;

/// A function's body ready for lowering: no blocks, vectorized loops as vectors, small inner
/// loops unrolled, loop-invariant accumulators in one-element local buffers.
/// Blocks and math builtins are lowered at every level (the spec's semantics, TVM's numbers);
/// the rest only as `passes` choose (a `T.vectorized` loop not vectorized runs serially).
/// TVM's packed sort calls become TIR here too.
///
/// # Errors
/// A packed call Strata cannot run (see [`packed::expand_packed_calls`]).
pub fn prepare(f: &PrimFunc, passes: &Passes) -> Result<Stmt, packed::ExpandError> {
    let mut body = blocks::lower_blocks(f);
    body = scalars::scalars_to_lets(&body);
    body = legalize::legalize_math(&body);
    body = packed::expand_packed_calls(&body)?;
    if passes.hoist {
        body = hoist::hoist_out_of_loops(&body);
    }
    if passes.vectorize {
        body = vectorize::vectorize_serial_loops(&body);
        body = vectorize::vectorize_loops(&body);
    }
    if passes.unroll {
        body = unroll::unroll_small_loops(&body);
    }
    if passes.promote {
        body = promote::promote_accumulators(&body);
    }
    if passes.hoist {
        body = hoist::hoist_invariant_loads(&body);
    }
    Ok(body)
}

/// The lanes of an expression's value.
pub(crate) fn lanes_of(e: &PrimExpr) -> u16 {
    e.dtype().lanes
}

/// `e` with `lanes` lanes (a scalar is broadcast; a vector is kept).
pub(crate) fn broadcast_to(e: PrimExpr, lanes: u16) -> PrimExpr {
    if lanes > 1 && e.dtype().lanes == 1 { PrimExpr::broadcast(e, lanes) } else { e }
}

/// `b` in `a`'s scalar type (constants retyped, other values cast).
fn like(a: &PrimExpr, b: PrimExpr) -> PrimExpr {
    let t = a.dtype().element();
    if b.dtype().element() == t {
        return b;
    }
    match b.as_int() {
        Some(v) if t.is_int() => PrimExpr::int_of(v, t),
        _ => PrimExpr::cast(t.with_lanes(b.dtype().lanes), b),
    }
}

/// `a + b`, folding constants, in `a`'s type; lanes are matched by broadcasting.
pub(crate) fn add(a: PrimExpr, b: PrimExpr) -> PrimExpr {
    let b = like(&a, b);
    if let (Some(x), Some(y)) = (const_int(&a), const_int(&b)) {
        return PrimExpr::int_of(crate::tir::arith::wrap_int(i128::from(x) + i128::from(y), a.dtype()), a.dtype());
    }
    if b.as_int() == Some(0) {
        return a;
    }
    if a.as_int() == Some(0) && a.dtype() == b.dtype() {
        return b;
    }
    let l = a.dtype().lanes.max(b.dtype().lanes);
    PrimExpr::binary(BinOp::Add, broadcast_to(a, l), broadcast_to(b, l))
}

/// `a * b`, folding constants, in `a`'s type.
pub(crate) fn mul(a: PrimExpr, b: PrimExpr) -> PrimExpr {
    let b = like(&a, b);
    if let (Some(x), Some(y)) = (const_int(&a), const_int(&b)) {
        return PrimExpr::int_of(crate::tir::arith::wrap_int(i128::from(x) * i128::from(y), a.dtype()), a.dtype());
    }
    if b.as_int() == Some(1) {
        return a;
    }
    if a.as_int() == Some(1) && a.dtype() == b.dtype() {
        return b;
    }
    let l = a.dtype().lanes.max(b.dtype().lanes);
    PrimExpr::binary(BinOp::Mul, broadcast_to(a, l), broadcast_to(b, l))
}

/// Builtins that apply lane by lane with no effects (math and bit operations).
pub(crate) fn is_elementwise_builtin(name: &str) -> bool {
    matches!(
        name.strip_prefix("tir."),
        Some(
            "exp"
                | "exp2"
                | "exp10"
                | "log"
                | "log2"
                | "log10"
                | "log1p"
                | "expm1"
                | "sqrt"
                | "rsqrt"
                | "tanh"
                | "sigmoid"
                | "sin"
                | "cos"
                | "tan"
                | "asin"
                | "acos"
                | "atan"
                | "sinh"
                | "cosh"
                | "asinh"
                | "acosh"
                | "atanh"
                | "erf"
                | "fabs"
                | "abs"
                | "floor"
                | "ceil"
                | "round"
                | "nearbyint"
                | "trunc"
                | "atan2"
                | "pow"
                | "fmod"
                | "copysign"
                | "hypot"
                | "nextafter"
                | "ldexp"
                | "bitwise_and"
                | "bitwise_or"
                | "bitwise_xor"
                | "bitwise_not"
                | "shift_left"
                | "shift_right"
                | "isnan"
                | "isinf"
                | "isfinite"
                | "likely"
                | "reinterpret"
                | "fma"
                | "popcount"
                | "clz"
        )
    )
}
