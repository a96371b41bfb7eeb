//! Small innermost loops unrolled: a serial loop with a constant trip count of at most
//! [`MAX_TRIPS`] whose body holds no loop (or only loops this pass unrolled) and whose unrolled
//! size stays within [`MAX_STATEMENTS`] becomes an `unroll` loop, which lowering emits once per
//! iteration. A 3x3 convolution window then costs nine multiply-adds with constant offsets
//! folded into their addresses, not two loops' counters and branches (LLVM does the same for
//! TVM). Unit loops count too: a schedule's split leaves many (`for k_1 in range(1)`), and one
//! kept as a loop would stop every loop around it from unrolling (MetaSchedule's best conv2d
//! ran 17x slower so, since LLVM unrolls past them for TVM).
//!
//! Under a loop annotated `pragma_auto_unroll_max_step = N` (what meta-schedule's
//! `RewriteParallelVectorizeUnroll` writes), TVM's `UnrollLoop` rule applies too: a serial
//! loop of constant extent whose body holds only unrolled loops is unrolled when its extent
//! times the statements of its body is at most N. (A loop small by the rule above unrolls
//! under any budget, as LLVM unrolls it after TVM's pass: a conv2d window of 3 x 6 statements
//! under a budget of 16 kept its row's weights from moving out of the row.)
//!
//! Behaviour is unchanged: the iterations run in the same order with the same values.

use crate::tir::arith::const_int;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_stmt};
use crate::tir::visit::walk_stmts;

/// Most iterations of a loop unrolled this way.
pub const MAX_TRIPS: i64 = 8;
/// Most statements (stores, branches, evaluations) the unrolled copies may hold together.
pub const MAX_STATEMENTS: i64 = 32;

/// Unroll the small innermost loops of a statement.
pub fn unroll_small_loops(s: &Stmt) -> Stmt {
    Unroll { max_step: None }.stmt(s)
}

/// The annotation that sets the unrolling budget of a loop nest, as TVM's `UnrollLoop` reads it.
pub const AUTO_UNROLL_MAX_STEP: &str = "pragma_auto_unroll_max_step";

struct Unroll {
    /// The `pragma_auto_unroll_max_step` of the innermost annotated enclosing loop.
    max_step: Option<i64>,
}

impl Mutator for Unroll {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let outer = self.max_step;
        if let StmtKind::For { annotations, .. } = s.kind()
            && let Some(step) = annotations.iter().find(|(k, _)| k == AUTO_UNROLL_MAX_STEP).and_then(|(_, v)| int_of(v))
        {
            self.max_step = Some(step);
        }
        let s = default_stmt(self, s);
        let budget = self.max_step;
        self.max_step = outer;
        let StmtKind::For { var, min, extent, kind: ForKind::Serial, body, annotations } = s.kind() else {
            return s;
        };
        let (Some(_), Some(n)) = (const_int(min), const_int(extent)) else { return s };
        if !unrollable_body(body) {
            return s;
        }
        let small = (1..=MAX_TRIPS).contains(&n) && n * size(body) <= MAX_STATEMENTS;
        let unroll = small || budget.is_some_and(|max_step| n >= 1 && n.saturating_mul(size(body)) <= max_step);
        if !unroll {
            return s;
        }
        Stmt::at(
            StmtKind::For {
                var: var.clone(),
                min: min.clone(),
                extent: extent.clone(),
                kind: ForKind::Unrolled,
                body: body.clone(),
                annotations: annotations.clone(),
            },
            s.span(),
        )
    }
}

/// No loops but unrolled ones, no allocations (each copy would allocate), nothing that leaves
/// the loop early or synchronises.
fn unrollable_body(body: &Stmt) -> bool {
    let mut ok = true;
    walk_stmts(body, &mut |s| match s.kind() {
        StmtKind::For { kind, .. } if *kind != ForKind::Unrolled => ok = false,
        StmtKind::While { .. }
        | StmtKind::Allocate { .. }
        | StmtKind::BufferRealize { .. }
        | StmtKind::BlockRealize { .. }
        | StmtKind::AttrStmt { .. }
        | StmtKind::Break
        | StmtKind::Continue => ok = false,
        _ => {}
    });
    ok
}

/// The statements a body emits (an unrolled inner loop counts once per iteration).
fn size(s: &Stmt) -> i64 {
    match s.kind() {
        StmtKind::Seq(v) => v.iter().map(size).sum(),
        StmtKind::For { extent, body, .. } => const_int(extent).unwrap_or(MAX_STATEMENTS).saturating_mul(size(body)),
        // A let names a value its uses would compute anyway; a declaration emits nothing.
        StmtKind::LetStmt { body, .. } | StmtKind::DeclBuffer { body, .. } => size(body),
        StmtKind::Assert { body, .. } => 1 + size(body),
        StmtKind::IfThenElse { then_case, else_case, .. } => 1 + size(then_case) + else_case.as_ref().map_or(0, size),
        _ => 1,
    }
}

fn int_of(v: &AttrValue) -> Option<i64> {
    match v {
        AttrValue::Int(i) => Some(*i),
        AttrValue::Expr(e) => const_int(e),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tir::script::print_func;

    fn unrolled(src: &str) -> String {
        let m = crate::tir::parse_script(src).unwrap();
        let f = &m.funcs[0];
        let mut f = f.clone();
        f.body = unroll_small_loops(&f.body);
        print_func(&f)
    }

    #[test]
    fn small_innermost_loops_unroll_by_default() {
        let out = unrolled(
            r#"
@T.prim_func
def f(A: T.Buffer((64, 64), "float32")):
    for i in range(64):
        for j in range(4):
            A[i, j] = T.float32(1)
"#,
        );
        assert!(out.contains("for i in range(64):") && out.contains("for j in T.unroll(4):"), "{out}");
    }

    #[test]
    fn unit_loops_do_not_stop_the_loops_around_them() {
        // A split leaves unit loops; they unroll (one copy), so the 3x3 window around them does.
        let out = unrolled(
            r#"
@T.prim_func
def f(A: T.Buffer((8, 3, 3), "float32")):
    for i in range(8):
        for kh in range(3):
            for kw_0 in range(1):
                for kw_1 in range(3):
                    A[i, kh, kw_0 * 3 + kw_1] = T.float32(1)
"#,
        );
        assert!(out.contains("for i in range(8):"), "{out}");
        assert!(out.contains("for kh in T.unroll(3):") && out.contains("for kw_0 in T.unroll(1):"), "{out}");
        assert!(out.contains("for kw_1 in T.unroll(3):"), "{out}");
    }

    #[test]
    fn a_convolution_row_is_vectorized_outside_its_unrolled_window() {
        // MetaSchedule's conv2d tiles leave `for w_3 in range(1)` innermost: vectorized, it
        // was a loop of no vector iteration plus a serial remainder, and no loop around it
        // unrolled (its best conv2d schedule ran 42x slower than TVM's build of it). Now the
        // unit loop stays serial, the window (r, s) unrolls, and the row (w) is vectorized
        // outside it: an f32x4 accumulator per register, kept in registers across the window.
        let m = crate::tir::parse_script(
            r#"
@T.prim_func
def f(A: T.Buffer((8, 10), "float32"), W: T.Buffer((3, 3), "float32"), Y: T.Buffer((8, 8), "float32")):
    for w in range(8):
        for r in range(3):
            for s in range(3):
                for w_3 in range(1):
                    Y[0, w + w_3] = Y[0, w + w_3] + A[r, w + w_3 + s] * W[r, s]
"#,
        )
        .unwrap();
        let mut f = m.funcs[0].clone();
        f.body = crate::tir::transform::prepare(&f, &crate::transform::Passes::default()).unwrap();
        let out = print_func(&f);
        assert!(out.contains("for r in T.unroll(3):"), "{out}");
        assert!(out.contains("Y_acc: T.float32x4 = Y[0, T.Ramp(T.Add(w_outer * 8, 0), 1, 4)]"), "{out}");
        assert!(out.contains("A[r, T.Ramp(T.Add(w_outer * 8, 0) + 2, 1, 4)] * T.Broadcast(W[r, 2], 4)"), "{out}");
    }

    #[test]
    fn auto_unroll_max_step_sets_the_budget() {
        // spec: TVM's UnrollLoop: extent x statements of the body <= pragma_auto_unroll_max_step.
        // j (16 x 1) and k (4 x 16) fit 64; i (64 x 64) does not. Without the pragma j is too
        // long (more than 8 trips) to unroll.
        let out = unrolled(
            r#"
@T.prim_func
def f(A: T.Buffer((64, 4, 16), "float32")):
    for o in T.parallel(2, annotations={"pragma_auto_unroll_max_step": 64, "pragma_unroll_explicit": 1}):
        for i in range(32):
            for k in range(4):
                for j in range(16):
                    A[o * 32 + i, k, j] = T.float32(1)
    for i in range(64):
        for j in range(16):
            A[i, 0, j] = T.float32(2)
"#,
        );
        assert!(out.contains("for i in range(32):"), "{out}");
        assert!(out.contains("for k in T.unroll(4):") && out.contains("for j in T.unroll(16):"), "{out}");
        assert!(out.contains("for i, j in T.grid(64, 16):"), "{out}");
        // A loop too big for the budget but small by the default rule still unrolls, as LLVM
        // unrolls it after TVM's pass: r (3 x 6 statements) under a budget of 16.
        let out = unrolled(
            r#"
@T.prim_func
def f(A: T.Buffer((64, 3, 6), "float32")):
    for o in T.parallel(64, annotations={"pragma_auto_unroll_max_step": 16}):
        for r in range(3):
            for s in range(6):
                A[o, r, s] = T.float32(1)
"#,
        );
        assert!(out.contains("for r in T.unroll(3):") && out.contains("for s in T.unroll(6):"), "{out}");
    }
}
