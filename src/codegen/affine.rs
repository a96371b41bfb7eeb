//! Affine expressions and maps evaluated with the spec's floor semantics (division by a
//! non-positive value traps).

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};

use super::CodegenError;
use super::lower::*;
use crate::ir::{AffineExpr, AffineMap, ExprKind, Op};
use crate::runtime::trap::TrapKind;

impl<'s, 'a> FnLowerer<'s, 'a> {
    /// Evaluate an affine expression on i64 dims and symbols (floor semantics; division by a
    /// zero symbol is a runtime error at `op`).
    pub fn affine_expr(
        &mut self,
        e: &AffineExpr,
        dims: &[Value],
        syms: &[Value],
        op: Op,
    ) -> Result<Value, CodegenError> {
        Ok(match e.kind() {
            ExprKind::Const(c) => self.b.ins().iconst(types::I64, *c),
            ExprKind::Dim(i) => *dims.get(*i as usize).ok_or_else(|| self.err(op, "affine dimension out of range"))?,
            ExprKind::Symbol(i) => *syms.get(*i as usize).ok_or_else(|| self.err(op, "affine symbol out of range"))?,
            ExprKind::Add(a, b) => {
                let x = self.affine_expr(a, dims, syms, op)?;
                if let Some(c) = b.as_constant() {
                    self.b.ins().iadd_imm_s(x, c)
                } else {
                    let y = self.affine_expr(b, dims, syms, op)?;
                    self.b.ins().iadd(x, y)
                }
            }
            ExprKind::Mul(a, b) => {
                let x = self.affine_expr(a, dims, syms, op)?;
                if let Some(c) = b.as_constant() {
                    self.b.ins().imul_imm_s(x, c)
                } else {
                    let y = self.affine_expr(b, dims, syms, op)?;
                    self.b.ins().imul(x, y)
                }
            }
            ExprKind::FloorDiv(a, b) | ExprKind::CeilDiv(a, b) | ExprKind::Mod(a, b) => {
                let x = self.affine_expr(a, dims, syms, op)?;
                let y = match b.as_constant() {
                    Some(c) => self.b.ins().iconst(types::I64, c),
                    None => {
                        let y = self.affine_expr(b, dims, syms, op)?;
                        let z = self.b.ins().icmp_imm_s(IntCC::Equal, y, 0);
                        self.trap_if(z, TrapKind::DivisionByZero, op);
                        y
                    }
                };
                match e.kind() {
                    ExprKind::FloorDiv(..) => self.floor_div(x, y),
                    ExprKind::CeilDiv(..) => {
                        let nx = self.b.ins().ineg(x);
                        let q = self.floor_div(nx, y);
                        self.b.ins().ineg(q)
                    }
                    _ => self.floor_mod(x, y),
                }
            }
        })
    }

    /// Mathematical floor division of i64 values (`y` non-zero; `i64::MIN / -1` wraps).
    pub fn floor_div(&mut self, x: Value, y: Value) -> Value {
        // q = x / y (truncating); if the remainder is non-zero and has the other sign of y, q - 1.
        let (q, r) = self.safe_sdiv_srem(x, y);
        let rz = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
        let rx = self.b.ins().bxor(r, y);
        let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, rx, 0);
        let adj = self.b.ins().band(rz, neg);
        let adj = self.b.ins().uextend(types::I64, adj);
        self.b.ins().isub(q, adj)
    }

    /// Mathematical modulo (result has the sign of `y`; in `[0, y)` for positive `y`).
    pub fn floor_mod(&mut self, x: Value, y: Value) -> Value {
        let (_, r) = self.safe_sdiv_srem(x, y);
        let rz = self.b.ins().icmp_imm_s(IntCC::NotEqual, r, 0);
        let rx = self.b.ins().bxor(r, y);
        let neg = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, rx, 0);
        let adj = self.b.ins().band(rz, neg);
        let plus = self.b.ins().iadd(r, y);
        self.b.ins().select(adj, plus, r)
    }

    /// Truncating division and remainder that never fault: `MIN / -1` gives `MIN`, 0.
    pub(super) fn safe_sdiv_srem(&mut self, x: Value, y: Value) -> (Value, Value) {
        let ty = self.b.func.dfg.value_type(x);
        let minus1 = self.b.ins().icmp_imm_s(IntCC::Equal, y, -1);
        let one = self.b.ins().iconst(ty, 1);
        let y2 = self.b.ins().select(minus1, one, y);
        let q0 = self.b.ins().sdiv(x, y2);
        let nx = self.b.ins().ineg(x);
        let q = self.b.ins().select(minus1, nx, q0);
        let r0 = self.b.ins().srem(x, y2);
        let zero = self.b.ins().iconst(ty, 0);
        let r = self.b.ins().select(minus1, zero, r0);
        (q, r)
    }

    /// The results of an affine map on i64 operands (dims then symbols).
    pub fn affine_map(&mut self, map: &AffineMap, operands: &[Value], op: Op) -> Result<Vec<Value>, CodegenError> {
        let (dims, syms) = operands.split_at(map.num_dims().min(operands.len()));
        map.results().iter().map(|e| self.affine_expr(e, dims, syms, op)).collect()
    }
}
