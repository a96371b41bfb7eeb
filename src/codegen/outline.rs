//! Loop bodies outlined into functions the runtime calls on worker threads (parallel loops).
//!
//! The body of a region whose entry block takes the iteration variable becomes a function
//! `extern "C" fn(ctx, env, lo, hi) -> i32` that runs iterations `[lo, hi)`. Values the region
//! uses from outside it are its environment: the caller stores their registers in a stack
//! slot, and the outlined function loads them back. A `yield` ends an iteration.

use super::CodegenRole;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, BlockArg, InstBuilder, MemFlagsData, StackSlotData, StackSlotKind, UserFuncName, Value, types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{Linkage, Module as _};
use rustc_hash::FxHashMap as HashMap;

use super::CodegenError;
use super::lower::FnLowerer;
use super::repr;
use crate::ir::{Block, Module, Op, Region};

/// Whether `block` is in `region` or in a region nested in it.
fn within(m: &Module, region: Region, block: Block) -> bool {
    let mut b = block;
    loop {
        if m.parent_region(b) == Some(region) {
            return true;
        }
        let Some(op) = m.parent_op_of_block(b) else { return false };
        let Some(pb) = m.parent_block(op) else { return false };
        b = pb;
    }
}

/// The values a region uses that are defined outside it, in order of first use.
pub(crate) fn captured_values(m: &Module, region: Region) -> Vec<crate::ir::Value> {
    let mut out = Vec::new();
    let mut seen = std::collections::HashSet::new();
    m.walk_region(region, |op| {
        let d = m.op(op);
        let succ = d.successors.iter().flat_map(|s| s.args.iter());
        for &v in d.operands.iter().chain(succ) {
            let inside = m.value_block(v).is_some_and(|b| within(m, region, b));
            if !inside && seen.insert(v) {
                out.push(v);
            }
        }
    });
    out
}

/// Where each captured register lives in the environment: byte offsets, 16 for vectors.
fn env_layout(types: &[types::Type]) -> (Vec<i32>, u32) {
    let mut off = 0u32;
    let mut offsets = Vec::with_capacity(types.len());
    for t in types {
        let size = if t.is_vector() { 16 } else { 8 };
        off = off.next_multiple_of(size);
        offsets.push(off as i32);
        off += size;
    }
    (offsets, off.max(8))
}

impl<'s, 'a> FnLowerer<'s, 'a> {
    /// Outline the body `region` of `op` (entry block: one `index` argument) and return the
    /// address of the outlined function and a pointer to its environment, ready for
    /// `strata_parallel_for(ctx, body, env, lo, hi)`.
    pub fn outline_loop_body(&mut self, op: Op, region: Region) -> Result<(Value, Value), CodegenError> {
        let m = self.m;
        // Constants are made again inside (they stay constants there); other values travel in
        // the environment.
        let (consts, captures): (Vec<_>, Vec<_>) = captured_values(m, region).into_iter().partition(|&v| {
            m.defining_op(v).is_some_and(|d| self.st.lowerings.role(m.op_name(d)) == CodegenRole::Constant)
        });
        // The registers of every captured value, in order.
        let mut regs: Vec<Value> = Vec::new();
        let mut counts = Vec::with_capacity(captures.len());
        for &v in &captures {
            let r = self.get(v)?.flatten(m.value_type(v));
            counts.push(r.len());
            regs.extend(r);
        }
        let reg_types: Vec<types::Type> = regs.iter().map(|&r| self.b.func.dfg.value_type(r)).collect();
        let (offsets, size) = env_layout(&reg_types);
        let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, size, 4));
        for (&r, &o) in regs.iter().zip(&offsets) {
            self.b.ins().stack_store(types::I64, r, slot, o);
        }
        let env = self.b.ins().stack_addr(types::I64, slot, 0);

        // The outlined function.
        self.outlined += 1;
        let fname = format!("{}$body{}", self.name, self.outlined);
        let mut sig = self.st.jit.make_signature();
        for _ in 0..4 {
            sig.params.push(AbiParam::new(types::I64));
        }
        sig.returns.push(AbiParam::new(types::I32));
        let id = self
            .st
            .jit
            .declare_function(&fname, Linkage::Local, &sig)
            .map_err(|e| CodegenError::Backend { func: self.name.to_string(), message: e.to_string() })?;
        let mut ctx = self.st.jit.make_context();
        ctx.set_disasm(self.st.config.keep_clif);
        ctx.func.signature = sig;
        ctx.func.name = UserFuncName::user(2, id.as_u32());
        let mut fctx = FunctionBuilderContext::new();
        {
            let b = FunctionBuilder::new(&mut ctx.func, &mut fctx);
            let mut child = FnLowerer {
                m,
                st: &mut *self.st,
                b,
                vals: HashMap::default(),
                blocks: HashMap::default(),
                ctx_ptr: Value::from_u32(0),
                ret_types: vec![types::I32],
                name: self.name.clone(),
                sigs: HashMap::default(),
                funcs: HashMap::default(),
                forwarded: Vec::new(),
                yield_block: None,
                // One running count through the nest, so nested bodies get names of their
                // own (`f$body1`, `f$body2`, ..) at any depth.
                outlined: self.outlined,
                registers: HashMap::default(),
                current_op: Some(op),
                interrupt_block: None,
                polls: 0,
            };
            child.find_register_buffers(op, region);
            child.body_function(op, region, &consts, &captures, &counts, &reg_types, &offsets)?;
            child.finish_interrupt_block();
            child.b.seal_all_blocks();
            let config = child.st.jit.target_config();
            child.b.finalize(config);
            self.outlined = child.outlined;
        }
        if self.st.config.keep_clif {
            self.st.clif.push(format!("{}", ctx.func.display()));
        }
        self.st
            .jit
            .define_function(id, &mut ctx)
            .map_err(|e| CodegenError::Backend { func: fname.clone(), message: format!("{e:?}") })?;
        if self.st.config.keep_clif
            && let Some(v) = ctx.compiled_code().and_then(|cc| cc.vcode.as_ref())
        {
            self.st.clif.push(v.clone());
        }
        let fref = self.st.jit.declare_func_in_func(id, self.b.func);
        let addr = self.b.ins().func_addr(types::I64, fref);
        Ok((addr, env))
    }

    /// The body of an outlined function: load the environment, then loop over `[lo, hi)`.
    #[allow(clippy::too_many_arguments)]
    fn body_function(
        &mut self,
        op: Op,
        region: Region,
        consts: &[crate::ir::Value],
        captures: &[crate::ir::Value],
        counts: &[usize],
        reg_types: &[types::Type],
        offsets: &[i32],
    ) -> Result<(), CodegenError> {
        let m = self.m;
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        self.b.switch_to_block(entry);
        let p = self.b.block_params(entry).to_vec();
        let (env, lo, hi) = (p[1], p[2], p[3]);
        self.ctx_ptr = p[0];
        let flags = MemFlagsData::new().with_notrap();
        let mut k = 0;
        for (&v, &n) in captures.iter().zip(counts) {
            let vals: Vec<Value> =
                (0..n).map(|i| self.b.ins().load(reg_types[k + i], flags, env, offsets[k + i])).collect();
            k += n;
            let ty = m.value_type(v);
            let r = repr::unflatten(ty, &vals)?;
            let r = self.complete(ty, r)?;
            self.set(v, r);
        }
        for &c in consts {
            if let Some(d) = m.defining_op(c) {
                self.lower_op_public(d)?;
            }
        }
        let iv = self.b.declare_var(types::I64);
        self.b.def_var(iv, lo);
        let header = self.b.create_block();
        let latch = self.b.create_block();
        let exit = self.b.create_block();
        self.b.ins().jump(header, &[]);
        self.b.switch_to_block(header);
        let i = self.b.use_var(iv);
        let more = self.b.ins().icmp(IntCC::SignedLessThan, i, hi);
        let blocks = m.region(region).blocks.clone();
        let Some(&first) = blocks.first() else { return Err(self.err(op, "the loop body has no block")) };
        for &blk in &blocks {
            let cb = self.b.create_block();
            for &a in &m.block(blk).args {
                for t in repr::flat_types(m.value_type(a)).map_err(|e| self.err(op, e))? {
                    self.b.append_block_param(cb, t);
                }
            }
            self.blocks.insert(blk, cb);
        }
        let body_entry = self.blocks[&first];
        self.b.ins().brif(more, body_entry, &[BlockArg::Value(i)], exit, &[]);
        self.yield_block = Some(latch);
        for &blk in &blocks {
            let cb = self.blocks[&blk];
            self.b.switch_to_block(cb);
            let params: Vec<Value> = self.b.block_params(cb).to_vec();
            let mut next = 0;
            for &a in &m.block(blk).args.clone() {
                let t = m.value_type(a);
                let n = repr::flat_types(t).map_err(|e| self.err(op, e))?.len();
                let r = repr::unflatten(t, &params[next..next + n])?;
                next += n;
                let r = self.complete(t, r)?;
                self.set(a, r);
            }
            self.lower_ops(blk)?;
        }
        self.b.switch_to_block(latch);
        let i = self.b.use_var(iv);
        let n = self.b.ins().iadd_imm_s(i, 1);
        self.b.def_var(iv, n);
        // Poll between iterations: a worker runs a whole range of them (with one thread, all),
        // and a body of bounded work polls nowhere itself.
        self.jump_polling(op, header, &[]);
        self.b.switch_to_block(exit);
        let zero = self.b.ins().iconst(types::I32, 0);
        self.b.ins().return_(&[zero]);
        Ok(())
    }

    /// Where a `yield` in the region being lowered goes.
    pub fn yield_target(&self) -> Option<cranelift_codegen::ir::Block> {
        self.yield_block
    }
}
