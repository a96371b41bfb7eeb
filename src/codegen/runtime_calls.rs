//! Calls out of generated code: runtime errors (a status and a site returned to the caller),
//! host and runtime helpers by address, other functions of the module, function values.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block as ClifBlock, BlockArg, InstBuilder, MemFlagsData, SigRef, Signature, Value, types,
};
use cranelift_module::Module as _;

use super::lower::*;
use super::{Site, internal_signature};
use crate::ir::{FunctionType, Op};
use crate::runtime::call::CallCtx;
use crate::runtime::trap::TrapKind;

impl<'s, 'a> FnLowerer<'s, 'a> {
    pub(super) fn site_with(&mut self, op: Op, detail: Option<String>) -> i64 {
        let at = self.m.source.clone().zip(self.m.op_span(op)).map(|(src, span)| (src, span.start));
        self.st.sites.push(Site { func: self.name.clone(), at, detail });
        (self.st.sites.len() - 1) as i64
    }

    /// Return with an error status (the kind and site are already stored, or stored here).
    pub(super) fn emit_error_return(&mut self, status: Value) {
        let mut out = vec![status];
        for &t in &self.ret_types.clone()[1..] {
            out.push(self.zero(t));
        }
        self.b.ins().return_(&out);
    }

    /// A zero of a Cranelift type (scalar or vector).
    pub fn zero(&mut self, t: types::Type) -> Value {
        if t.is_vector() {
            let lane = self.zero(t.lane_type());
            return self.b.ins().splat(t, lane);
        }
        if t == types::F32 {
            self.b.ins().f32const(0.0)
        } else if t == types::F64 {
            self.b.ins().f64const(0.0)
        } else {
            self.b.ins().iconst(t, 0)
        }
    }

    /// If `cond` (an i8 truth value) holds, stop with a runtime error of `kind` at `op`.
    pub fn trap_if(&mut self, cond: Value, kind: TrapKind, op: Op) {
        self.trap_if_with(cond, kind, op, None);
    }

    /// [`FnLowerer::trap_if`] with a message for the error (an assertion's).
    pub fn trap_if_with(&mut self, cond: Value, kind: TrapKind, op: Op, detail: Option<String>) {
        let site = self.site_with(op, detail);
        let fail = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(fail);
        self.b.ins().brif(cond, fail, &[], cont, &[]);
        self.b.switch_to_block(fail);
        let k = self.b.ins().iconst(types::I32, kind as i64);
        let s = self.b.ins().iconst(types::I32, site);
        self.b.ins().store(MemFlagsData::trusted(), k, self.ctx_ptr, CallCtx::KIND);
        self.b.ins().store(MemFlagsData::trusted(), s, self.ctx_ptr, CallCtx::SITE);
        let one = self.b.ins().iconst(types::I32, 1);
        self.emit_error_return(one);
        self.b.switch_to_block(cont);
    }

    /// Whether a function body can use more stack than the call context's reserve: it calls
    /// functions of the module (it may recurse), or its frame holds large buffers. Other
    /// functions skip the check (most functions, and it costs compile time).
    pub(super) fn may_exhaust_stack(&self, region: crate::ir::Region) -> bool {
        const LARGE_FRAME: i64 = 32 * 1024;
        let (m, lowerings) = (self.m, self.st.lowerings);
        let (mut calls, mut frame) = (false, 0i64);
        m.walk_region(region, |op| match lowerings.role(m.op_name(op)) {
            super::CodegenRole::Call => calls = true,
            super::CodegenRole::FrameBuffer => {
                let bytes = m.op(op).results.first().and_then(|&r| {
                    let mt = m.value_type(r).as_memref()?;
                    let n = mt.shape.iter().try_fold(1i64, |n, &d| n.checked_mul(d.max(0)))?;
                    n.checked_mul(super::repr::elem_bytes(&mt.elem)?)
                });
                frame = frame.saturating_add(bytes.unwrap_or(i64::MAX));
            }
            _ => {}
        });
        calls || frame > LARGE_FRAME
    }

    /// Stop with a stack overflow if this function's frame (already set up) reaches below the
    /// call's stack limit: recursion too deep becomes an error instead of a crash. The frame is
    /// only written above the limit before this check (the prologue saves registers at its top).
    pub(super) fn check_stack(&mut self, op: Op) {
        let sp = self.b.ins().get_stack_pointer(types::I64);
        let limit = self.b.ins().load(types::I64, MemFlagsData::trusted(), self.ctx_ptr, CallCtx::STACK_LIMIT);
        let over = self.b.ins().icmp(IntCC::UnsignedLessThan, sp, limit);
        self.trap_if(over, TrapKind::StackOverflow, op);
    }

    /// At a loop back-edge: stop with [`TrapKind::Interrupted`] if the call's interrupt flag is
    /// set (two loads and a branch the predictor learns; a loop cannot run on past a request).
    pub fn poll_interrupt(&mut self, op: Op) {
        let cont = self.b.create_block();
        self.jump_polling(op, cont, &[]);
        self.b.switch_to_block(cont);
    }

    /// `jump target(args)` at a loop back-edge, stopping instead if the interrupt flag is set:
    /// one conditional branch (to the function's shared interrupt block), no block of its own.
    pub fn jump_polling(&mut self, op: Op, target: ClifBlock, args: &[BlockArg]) {
        if !self.st.config.interruptible {
            self.b.ins().jump(target, args);
            return;
        }
        self.polls += 1;
        let flag = self.b.ins().load(types::I64, MemFlagsData::trusted(), self.ctx_ptr, CallCtx::INTERRUPT);
        let set = self.b.ins().load(types::I8, MemFlagsData::trusted(), flag, 0);
        let stop = *self.interrupt_block.get_or_insert_with(|| {
            let blk = self.b.create_block();
            self.b.append_block_param(blk, types::I32);
            self.b.set_cold_block(blk);
            blk
        });
        let site = self.site_with(op, None);
        let site = self.b.ins().iconst(types::I32, site);
        self.b.ins().brif(set, stop, &[BlockArg::Value(site)], target, args);
    }

    /// Whether a branch from `op`'s block to `target` may close a loop: every cycle of a CFG
    /// has an edge to a block created no later than its source.
    pub fn is_backward(&self, op: Op, target: crate::ir::Block) -> bool {
        self.m.parent_block(op).is_some_and(|h| target.as_u32() <= h.as_u32())
    }

    /// Fill the block interrupts branch to (after the function's last block is done).
    pub(super) fn finish_interrupt_block(&mut self) {
        let Some(blk) = self.interrupt_block.take() else { return };
        self.b.switch_to_block(blk);
        let site = self.b.block_params(blk)[0];
        let k = self.b.ins().iconst(types::I32, TrapKind::Interrupted as i64);
        self.b.ins().store(MemFlagsData::trusted(), k, self.ctx_ptr, CallCtx::KIND);
        self.b.ins().store(MemFlagsData::trusted(), site, self.ctx_ptr, CallCtx::SITE);
        let one = self.b.ins().iconst(types::I32, 1);
        self.emit_error_return(one);
    }

    /// Poll the interrupt flag before a branch from `op` if one of its targets may close a loop.
    pub fn poll_interrupt_if_backward(&mut self, op: Op, targets: &[crate::ir::Block]) {
        if targets.iter().any(|&t| self.is_backward(op, t)) {
            self.poll_interrupt(op);
        }
    }

    /// If `status` (i32) is not zero, return it (a callee's error passes up unchanged).
    pub fn propagate(&mut self, status: Value) {
        let fail = self.b.create_block();
        let cont = self.b.create_block();
        self.b.set_cold_block(fail);
        self.b.ins().brif(status, fail, &[], cont, &[]);
        self.b.switch_to_block(fail);
        self.emit_error_return(status);
        self.b.switch_to_block(cont);
    }

    /// The call context pointer.
    pub fn ctx(&self) -> Value {
        self.ctx_ptr
    }

    pub(super) fn sig_ref(&mut self, params: &[types::Type], rets: &[types::Type]) -> SigRef {
        let key = (params.to_vec(), rets.to_vec());
        if let Some(s) = self.sigs.get(&key) {
            return *s;
        }
        let mut sig = Signature::new(self.st.jit.isa().default_call_conv());
        sig.params.extend(params.iter().map(|&t| AbiParam::new(t)));
        sig.returns.extend(rets.iter().map(|&t| AbiParam::new(t)));
        let r = self.b.import_signature(sig);
        self.sigs.insert(key, r);
        r
    }

    /// Call a host function (C ABI) at a fixed address.
    pub fn call_host(
        &mut self,
        addr: usize,
        params: &[types::Type],
        rets: &[types::Type],
        args: &[Value],
    ) -> Vec<Value> {
        let sig = self.sig_ref(params, rets);
        let callee = self.b.ins().iconst(types::I64, addr as i64);
        let call = self.b.ins().call_indirect(sig, callee, args);
        self.b.inst_results(call).to_vec()
    }

    /// The reference to IR function `name` of this module from the function being built
    /// (declared in it on first use); `None` if the module does not define it.
    fn func_ref(&mut self, name: &str) -> Option<cranelift_codegen::ir::FuncRef> {
        let id = self.st.internal.get(name)?.0;
        if let Some(&f) = self.funcs.get(&id) {
            return Some(f);
        }
        let f = self.st.jit.declare_func_in_func(id, self.b.func);
        self.funcs.insert(id, f);
        Some(f)
    }

    /// Call an IR function of this module by name; `None` if it is not defined here.
    pub fn call_internal(&mut self, name: &str, args: &[Value]) -> Option<Vec<Value>> {
        let fref = self.func_ref(name)?;
        let call = self.b.ins().call(fref, args);
        Some(self.b.inst_results(call).to_vec())
    }

    /// The address of an IR function's internal code (a function value).
    pub fn function_address(&mut self, name: &str) -> Option<Value> {
        let fref = self.func_ref(name)?;
        Some(self.b.ins().func_addr(types::I64, fref))
    }

    /// Call a function value with the internal ABI of `ty`.
    ///
    /// # Errors
    /// A signature the internal ABI cannot express.
    pub fn call_value(&mut self, callee: Value, ty: &FunctionType, args: &[Value]) -> Result<Vec<Value>, String> {
        let sig = internal_signature(&self.st.jit, ty)?;
        let params: Vec<types::Type> = sig.params.iter().map(|p| p.value_type).collect();
        let rets: Vec<types::Type> = sig.returns.iter().map(|p| p.value_type).collect();
        let s = self.sig_ref(&params, &rets);
        let call = self.b.ins().call_indirect(s, callee, args);
        Ok(self.b.inst_results(call).to_vec())
    }

    /// The external function `name`, resolved; records it as missing (reported at the end of
    /// compilation) when nothing provides it.
    pub fn external(&mut self, name: &str) -> Option<(super::ExternalTarget, FunctionType)> {
        let ty = self.st.externals.get(name)?.clone();
        match self.st.resolver.resolve(name, &ty) {
            Ok(t) => Some((t, ty)),
            Err(reason) => {
                if !self.st.missing.iter().any(|(s, _, _)| s == name) {
                    self.st.missing.push((name.to_string(), self.name.to_string(), reason));
                }
                None
            }
        }
    }
}
