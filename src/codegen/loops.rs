//! Loops: counted loops (with carried values) and elementwise maps over scalars, vectors and
//! tensors.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{BlockArg, InstBuilder, Value, types};

use super::CodegenError;
use super::lower::*;
use super::repr::{self, MemrefRepr, Repr};
use crate::ir::{Op, Type};

impl<'s, 'a> FnLowerer<'s, 'a> {
    /// `for iv in (lb..ub).step_by(step) { body(iv) }` on i64 values.
    pub fn build_loop(
        &mut self,
        lb: Value,
        ub: Value,
        step: i64,
        body: &mut LoopBody<'_, 's, 'a>,
    ) -> Result<(), CodegenError> {
        let header = self.b.create_block();
        let body_b = self.b.create_block();
        let exit = self.b.create_block();
        self.b.append_block_param(header, types::I64);
        self.b.ins().jump(header, &[BlockArg::Value(lb)]);
        self.b.switch_to_block(header);
        let iv = self.b.block_params(header)[0];
        let more = self.b.ins().icmp(IntCC::SignedLessThan, iv, ub);
        self.b.ins().brif(more, body_b, &[], exit, &[]);
        self.b.switch_to_block(body_b);
        let polls_before = self.polls;
        body(self, iv)?;
        let next = self.b.ins().iadd_imm_s(iv, step);
        self.latch(header, &[BlockArg::Value(next)], lb, ub, step, polls_before);
        self.b.switch_to_block(exit);
        Ok(())
    }

    /// A loop carrying values between iterations: `body(iv, carried)` returns the values for the
    /// next iteration; the result is the carried values when the loop exits.
    pub fn build_loop_carried(
        &mut self,
        lb: Value,
        ub: Value,
        step: i64,
        init: &[Value],
        body: &mut CarriedBody<'_, 's, 'a>,
    ) -> Result<Vec<Value>, CodegenError> {
        let header = self.b.create_block();
        let body_b = self.b.create_block();
        let exit = self.b.create_block();
        self.b.append_block_param(header, types::I64);
        for &v in init {
            let t = self.b.func.dfg.value_type(v);
            self.b.append_block_param(header, t);
        }
        let mut args = vec![BlockArg::Value(lb)];
        args.extend(init.iter().map(|&v| BlockArg::Value(v)));
        self.b.ins().jump(header, &args);
        self.b.switch_to_block(header);
        let params = self.b.block_params(header).to_vec();
        let (iv, carried) = (params[0], params[1..].to_vec());
        let more = self.b.ins().icmp(IntCC::SignedLessThan, iv, ub);
        self.b.ins().brif(more, body_b, &[], exit, &[]);
        self.b.switch_to_block(body_b);
        let polls_before = self.polls;
        let next_vals = body(self, iv, &carried)?;
        let next = self.b.ins().iadd_imm_s(iv, step);
        let mut args = vec![BlockArg::Value(next)];
        args.extend(next_vals.iter().map(|&v| BlockArg::Value(v)));
        self.latch(header, &args, lb, ub, step, polls_before);
        self.b.switch_to_block(exit);
        Ok(carried)
    }

    /// Apply `f` to every element of the operand tensors/vectors/scalars, producing a value of
    /// `result_ty` (elementwise ops on aggregates).
    pub fn map_elementwise(
        &mut self,
        result_ty: &Type,
        operands: &[crate::ir::Value],
        op: Op,
        f: &mut ElementFn<'_, 's, 'a>,
    ) -> Result<Repr, CodegenError> {
        match result_ty {
            Type::Vector(_) => {
                let ins: Vec<Vec<Value>> = operands.iter().map(|&v| self.lanes(v)).collect::<Result<_, _>>()?;
                let n = repr::lanes(result_ty);
                let mut out = Vec::with_capacity(n);
                for i in 0..n {
                    let args: Vec<Value> = ins.iter().map(|l| l[i]).collect();
                    out.push(f(self, &args)?);
                }
                Ok(self.pack(result_ty, out))
            }
            Type::Tensor(_) => {
                let descs: Vec<MemrefRepr> = operands.iter().map(|&v| self.memref(v)).collect::<Result<_, _>>()?;
                let in_tys: Vec<Type> = operands.iter().map(|&v| self.ty(v).element_type().clone()).collect();
                let out_elem = result_ty.element_type().clone();
                let dims = descs.first().map(|d| d.dims.clone()).unwrap_or_default();
                let out = self.alloc_memref(result_ty, dims.clone(), Vec::new(), op)?;
                let n = self.element_count(&dims);
                let zero = self.i64c(0);
                let out_eb = repr::elem_bytes(&out_elem).unwrap_or(1);
                let ebs: Vec<i64> = in_tys.iter().map(|t| repr::elem_bytes(t).unwrap_or(1)).collect();
                let out_ptr = out.ptr;
                self.build_loop(zero, n, 1, &mut |lw, i| {
                    let mut args = Vec::new();
                    for ((d, t), eb) in descs.iter().zip(&in_tys).zip(&ebs) {
                        let off = lw.b.ins().imul_imm_s(i, *eb);
                        let a = lw.b.ins().iadd(d.ptr, off);
                        args.push(lw.load_scalar(t, a));
                    }
                    let r = f(lw, &args)?;
                    let off = lw.b.ins().imul_imm_s(i, out_eb);
                    let a = lw.b.ins().iadd(out_ptr, off);
                    lw.store_scalar(&out_elem, r, a);
                    Ok(())
                })?;
                Ok(Repr::Memref(out))
            }
            _ => {
                let args: Vec<Value> = operands.iter().map(|&v| self.scalar(v)).collect::<Result<_, _>>()?;
                Ok(Repr::Scalar(f(self, &args)?))
            }
        }
    }

    /// Jump back to a counted loop's header, polling the interrupt flag unless the loop is bounded work: a
    /// constant trip count of at most [`SHORT_LOOP`] and a body that polled nowhere (no nested
    /// loop). Such a loop finishes soon; the loop around it polls.
    fn latch(
        &mut self,
        header: cranelift_codegen::ir::Block,
        args: &[BlockArg],
        lb: Value,
        ub: Value,
        step: i64,
        polls_before: u32,
    ) {
        let trips = match (self.iconst_value(lb), self.iconst_value(ub)) {
            (Some(l), Some(u)) if step > 0 => Some(u.saturating_sub(l).max(0) / step),
            _ => None,
        };
        let bounded = trips.is_some_and(|t| t <= SHORT_LOOP) && self.polls == polls_before;
        match self.current_op {
            Some(op) if !bounded => self.jump_polling(op, header, args),
            _ => {
                self.b.ins().jump(header, args);
            }
        }
    }
}

/// The most iterations of a loop without nested loops that need not poll for interrupts.
const SHORT_LOOP: i64 = 4096;
