//! [`FnLowerer`]: lowering one IR function to one Cranelift function, and the helpers every
//! op's lowering uses.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use cranelift_codegen::Context;
use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{
    AbiParam, Block as ClifBlock, BlockArg, FuncRef, InstBuilder, MemFlagsData, SigRef, Signature, UserFuncName, Value,
    types,
};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Module as _};

use super::repr::{self, Dim, MemrefRepr, Repr};
use super::{CodegenError, CodegenRole, ModuleState, Site, func_type, internal_signature};
use crate::ir::{AffineExpr, AffineMap, Block, ExprKind, FunctionType, MemrefType, Module, Op, Type};
use crate::runtime::call::{self as rt, CallCtx};
use crate::runtime::trap::TrapKind;

/// `file:line:col` of an op.
pub(crate) fn location(m: &Module, op: Op) -> Option<String> {
    let span = m.op_span(op)?;
    let src = m.source.as_ref()?;
    let (line, col) = src.line_col(span.start);
    Some(format!("{}:{line}:{col}", src.name()))
}

/// A loop body: called with the induction variable.
type LoopBody<'x, 's, 'a> = dyn FnMut(&mut FnLowerer<'s, 'a>, Value) -> Result<(), CodegenError> + 'x;
/// A body over a multi-dimensional index, or an elementwise function.
type IndexBody<'x, 's, 'a> = dyn FnMut(&mut FnLowerer<'s, 'a>, &[Value]) -> Result<(), CodegenError> + 'x;
/// A loop body carrying values: called with the induction variable and the carried values,
/// returns the values for the next iteration.
type CarriedBody<'x, 's, 'a> =
    dyn FnMut(&mut FnLowerer<'s, 'a>, Value, &[Value]) -> Result<Vec<Value>, CodegenError> + 'x;
/// An elementwise function of scalars.
type ElementFn<'x, 's, 'a> = dyn FnMut(&mut FnLowerer<'s, 'a>, &[Value]) -> Result<Value, CodegenError> + 'x;

/// The state of lowering one function; what op lowerings work with.
pub struct FnLowerer<'s, 'a> {
    /// The module being compiled.
    pub m: &'a Module,
    pub(crate) st: &'s mut ModuleState<'a>,
    /// The Cranelift function being built.
    pub b: FunctionBuilder<'s>,
    pub(super) vals: HashMap<crate::ir::Value, Repr>,
    pub(super) blocks: HashMap<Block, ClifBlock>,
    pub(super) ctx_ptr: Value,
    pub(super) ret_types: Vec<types::Type>,
    pub(super) name: Arc<str>,
    pub(super) sigs: HashMap<(Vec<types::Type>, Vec<types::Type>), SigRef>,
    pub(super) funcs: HashMap<FuncId, FuncRef>,
    pub(super) forwarded: Vec<(AccessKey, Value)>,
    /// Where a region's `yield` goes (the latch of an outlined loop body).
    pub(super) yield_block: Option<ClifBlock>,
    /// Functions outlined from this one so far (for unique names).
    pub(super) outlined: u32,
    /// One-element stack buffers kept in registers (see [`FnLowerer::find_register_buffers`]).
    pub(super) registers: HashMap<crate::ir::Value, cranelift_frontend::Variable>,
}

/// A memory location named by its memref, subscript map and subscript operands: two accesses
/// with equal keys read and write the same element.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccessKey {
    /// The memref.
    pub memref: crate::ir::Value,
    /// The subscript map (`None`: the operands are the indices).
    pub map: Option<AffineMap>,
    /// The subscript operands.
    pub operands: Vec<crate::ir::Value>,
}

pub(crate) fn lower_function<'a>(
    st: &mut ModuleState<'a>,
    m: &'a Module,
    f: Op,
    name: &str,
    id: FuncId,
    ctx: &mut Context,
    fctx: &mut FunctionBuilderContext,
) -> Result<(), CodegenError> {
    let ty = func_type(m, f);
    ctx.clear();
    ctx.set_disasm(st.config.keep_clif);
    ctx.func.signature = internal_signature(&st.jit, &ty).map_err(|e| CodegenError::internal(&e))?;
    ctx.func.name = UserFuncName::user(0, id.as_u32());
    let ret_types: Vec<types::Type> = ctx.func.signature.returns.iter().map(|p| p.value_type).collect();
    {
        let b = FunctionBuilder::new(&mut ctx.func, fctx);
        let mut lw = FnLowerer {
            m,
            st,
            b,
            vals: HashMap::default(),
            blocks: HashMap::default(),
            ctx_ptr: Value::from_u32(0),
            ret_types,
            name: name.into(),
            sigs: HashMap::default(),
            funcs: HashMap::default(),
            forwarded: Vec::new(),
            yield_block: None,
            outlined: 0,
            registers: HashMap::default(),
        };
        lw.lower_body(f, &ty)?;
        lw.b.seal_all_blocks();
        let config = lw.st.jit.target_config();
        lw.b.finalize(config);
    }
    if st.config.keep_clif {
        st.clif.push(format!("{}", ctx.func.display()));
    }
    st.jit
        .define_function(id, ctx)
        .map_err(|e| CodegenError::Backend { func: name.into(), message: format!("{e:?}") })?;
    if st.config.keep_clif
        && let Some(v) = ctx.compiled_code().and_then(|cc| cc.vcode.as_ref())
    {
        st.clif.push(v.clone());
    }
    Ok(())
}

impl<'s, 'a> FnLowerer<'s, 'a> {
    fn lower_body(&mut self, f: Op, ty: &FunctionType) -> Result<(), CodegenError> {
        let m = self.m;
        let region = m.op(f).regions[0];
        self.find_register_buffers(f, region);
        let blocks = m.region(region).blocks.clone();
        // CLIF blocks for every IR block, with the flattened argument types as parameters.
        let entry = self.b.create_block();
        self.b.append_block_params_for_function_params(entry);
        for (i, &blk) in blocks.iter().enumerate() {
            let cb = if i == 0 { entry } else { self.b.create_block() };
            if i > 0 {
                for &a in &m.block(blk).args {
                    for t in repr::flat_types(m.value_type(a)).map_err(|e| self.err(f, e))? {
                        self.b.append_block_param(cb, t);
                    }
                }
            }
            self.blocks.insert(blk, cb);
        }
        self.b.switch_to_block(entry);
        let params: Vec<Value> = self.b.block_params(entry).to_vec();
        self.ctx_ptr = params[0];
        let mut next = 1;
        let args = m.block(blocks[0]).args.clone();
        for (a, t) in args.iter().zip(&ty.inputs) {
            let n = repr::flat_types(t).map_err(|e| self.err(f, e))?.len();
            let r = repr::unflatten(t, &params[next..next + n])?;
            next += n;
            let r = self.complete(t, r)?;
            self.vals.insert(*a, r);
        }
        for (i, &blk) in blocks.iter().enumerate() {
            if i > 0 {
                let cb = self.blocks[&blk];
                self.b.switch_to_block(cb);
                let params: Vec<Value> = self.b.block_params(cb).to_vec();
                let mut next = 0;
                for &a in &m.block(blk).args.clone() {
                    let t = m.value_type(a);
                    let n = repr::flat_types(t).map_err(|e| self.err(f, e))?.len();
                    let r = repr::unflatten(t, &params[next..next + n])?;
                    next += n;
                    let r = self.complete(t, r)?;
                    self.vals.insert(a, r);
                }
            }
            self.lower_ops(blk)?;
        }
        Ok(())
    }

    /// Find the `alloca`s of one scalar element that only `load` and `store` use, all in the
    /// function being built (not in a parallel body outlined from it): they live in registers,
    /// as Cranelift variables (their index can only be 0).
    pub(super) fn find_register_buffers(&mut self, root: Op, region: crate::ir::Region) {
        let m = self.m;
        let lowerings = self.st.lowerings;
        if !self.st.config.promote {
            return;
        }
        let nested = |op: Op| {
            let mut cur = op;
            while let Some(p) = m.parent_op(cur) {
                if p == root {
                    return false;
                }
                if lowerings.role(m.op_name(p)) == CodegenRole::OutlinedBody {
                    return true;
                }
                cur = p;
            }
            false
        };
        let mut candidates: HashMap<crate::ir::Value, types::Type> = HashMap::default();
        m.walk_region(region, |op| {
            if lowerings.role(m.op_name(op)) != CodegenRole::FrameBuffer || nested(op) {
                return;
            }
            let r = m.op(op).results[0];
            if let Some(mt) = m.value_type(r).as_memref()
                && mt.shape.iter().product::<i64>() == 1
                && let Some(t) = repr::scalar_clif(&mt.elem)
            {
                candidates.insert(r, t);
            }
        });
        if candidates.is_empty() {
            return;
        }
        m.walk_region(region, |op| {
            let d = m.op(op);
            let ok_use = |k: usize| match lowerings.role(m.op_name(op)) {
                CodegenRole::ScalarLoad { memref } | CodegenRole::ScalarStore { memref } => {
                    k == usize::from(memref) && !nested(op)
                }
                _ => false,
            };
            for (k, v) in d.operands.iter().enumerate() {
                if candidates.contains_key(v) && !ok_use(k) {
                    candidates.remove(v);
                }
            }
            for s in &d.successors {
                for v in &s.args {
                    candidates.remove(v);
                }
            }
        });
        for (v, t) in candidates {
            let var = self.b.declare_var(t);
            self.registers.insert(v, var);
        }
    }

    /// The variable a one-element buffer lives in, if it lives in one.
    pub fn register_of(&self, memref: crate::ir::Value) -> Option<cranelift_frontend::Variable> {
        self.registers.get(&memref).copied()
    }

    /// Lower every op of a block in order (its terminator included).
    pub fn lower_ops(&mut self, blk: Block) -> Result<(), CodegenError> {
        let ops = self.m.block(blk).ops.clone();
        for op in ops {
            self.lower_op(op)?;
        }
        Ok(())
    }

    /// Lower one op (outlined bodies re-create the constants they use).
    pub(crate) fn lower_op_public(&mut self, op: Op) -> Result<(), CodegenError> {
        self.lower_op(op)
    }

    fn lower_op(&mut self, op: Op) -> Result<(), CodegenError> {
        let name = self.m.op_name(op);
        let Some(f) = self.st.lowerings.lowering_for(name) else {
            let why = if !self.st.lowerings.is_registered(name) {
                "unregistered operations cannot be compiled"
            } else {
                "this operation has no lowering"
            };
            return Err(self.err(op, why));
        };
        f(self, op)
    }

    // ---- errors and locations -----------------------------------------------------------------

    /// A lowering error at `op`.
    pub fn err(&self, op: Op, message: impl Into<String>) -> CodegenError {
        CodegenError::Lower {
            func: self.name.to_string(),
            op: self.m.op_name(op).to_string(),
            loc: location(self.m, op),
            message: message.into(),
        }
    }

    /// The code generation settings.
    pub fn bounds_checks(&self) -> bool {
        self.st.config.bounds_checks
    }

    /// Whether loops may be vectorized (an optimization level's choice).
    pub fn may_vectorize(&self) -> bool {
        self.st.config.vectorize
    }

    /// Whether values may be promoted to registers (an optimization level's choice).
    pub fn may_promote(&self) -> bool {
        self.st.config.promote
    }

    // ---- values -------------------------------------------------------------------------------

    /// The representation of an IR value.
    pub fn get(&self, v: crate::ir::Value) -> Result<Repr, CodegenError> {
        self.vals.get(&v).cloned().ok_or_else(|| CodegenError::internal("value used before it was lowered"))
    }

    /// The CLIF value of a scalar IR value.
    pub fn scalar(&self, v: crate::ir::Value) -> Result<Value, CodegenError> {
        match self.vals.get(&v) {
            Some(Repr::Scalar(x) | Repr::Func(x)) => Ok(*x),
            _ => Err(CodegenError::internal("expected a scalar value")),
        }
    }

    /// The descriptor of a memref or tensor IR value.
    pub fn memref(&self, v: crate::ir::Value) -> Result<MemrefRepr, CodegenError> {
        match self.vals.get(&v) {
            Some(Repr::Memref(d)) => Ok(d.clone()),
            _ => Err(CodegenError::internal("expected a memref value")),
        }
    }

    /// The lanes of a vector IR value, one scalar register each (taken out of SIMD registers
    /// when the vector lives there).
    pub fn lanes(&mut self, v: crate::ir::Value) -> Result<Vec<Value>, CodegenError> {
        let regs = match self.vals.get(&v) {
            Some(Repr::Vector(l)) => l.clone(),
            _ => return Err(CodegenError::internal("expected a vector value")),
        };
        Ok(self.unpack(&regs))
    }

    /// The registers of a vector IR value as they are (SIMD chunks or lanes).
    pub fn vector_regs(&self, v: crate::ir::Value) -> Result<Vec<Value>, CodegenError> {
        match self.vals.get(&v) {
            Some(Repr::Vector(l)) => Ok(l.clone()),
            _ => Err(CodegenError::internal("expected a vector value")),
        }
    }

    /// Scalar lanes of vector registers (SIMD chunks are split).
    pub fn unpack(&mut self, regs: &[Value]) -> Vec<Value> {
        let mut out = Vec::new();
        for &r in regs {
            let t = self.b.func.dfg.value_type(r);
            if t.is_vector() {
                for k in 0..t.lane_count() {
                    out.push(self.b.ins().extractlane(r, k as u8));
                }
            } else {
                out.push(r);
            }
        }
        out
    }

    /// A vector of type `ty` from its scalar lanes, in the registers its type lives in.
    pub fn pack(&mut self, ty: &Type, lanes: Vec<Value>) -> Repr {
        let Some((ct, n)) = repr::simd_chunks(ty) else { return Repr::Vector(lanes) };
        let per = ct.lane_count() as usize;
        let mut chunks = Vec::with_capacity(n);
        for c in 0..n {
            let part = &lanes[c * per..(c + 1) * per];
            let mut v = self.b.ins().splat(ct, part[0]);
            for (k, &x) in part.iter().enumerate().skip(1) {
                v = self.b.ins().insertlane(v, x, k as u8);
            }
            chunks.push(v);
        }
        Repr::Vector(chunks)
    }

    /// A vector of type `ty` with `x` in every lane.
    pub fn splat(&mut self, ty: &Type, x: Value) -> Repr {
        match repr::simd_chunks(ty) {
            Some((ct, n)) => {
                let v = self.b.ins().splat(ct, x);
                Repr::Vector(vec![v; n])
            }
            None => Repr::Vector(vec![x; repr::lanes(ty)]),
        }
    }

    /// Apply `f` to each SIMD chunk of the operands when the result and every operand live in
    /// SIMD chunks of one shape; `None` otherwise (the caller works lane by lane).
    pub fn map_simd(
        &mut self,
        result_ty: &Type,
        operands: &[crate::ir::Value],
        f: &mut dyn FnMut(&mut FnLowerer<'s, 'a>, &[Value]) -> Value,
    ) -> Option<Repr> {
        let (_, n) = repr::simd_chunks(result_ty)?;
        let mut ins = Vec::with_capacity(operands.len());
        for &v in operands {
            let (_, k) = repr::simd_chunks(self.ty(v))?;
            if k != n {
                return None;
            }
            ins.push(self.vector_regs(v).ok()?);
        }
        let mut out = Vec::with_capacity(n);
        for c in 0..n {
            let args: Vec<Value> = ins.iter().map(|x| x[c]).collect();
            out.push(f(self, &args));
        }
        Some(Repr::Vector(out))
    }

    /// Bind an IR value.
    pub fn set(&mut self, v: crate::ir::Value, r: Repr) {
        self.vals.insert(v, r);
    }

    /// The IR type of a value.
    pub fn ty(&self, v: crate::ir::Value) -> &'a Type {
        self.m.value_type(v)
    }

    /// The CLIF block of an IR block.
    pub fn block(&self, b: Block) -> ClifBlock {
        self.blocks[&b]
    }

    /// Flatten IR values into block arguments.
    pub fn block_args(&self, vals: &[crate::ir::Value]) -> Result<Vec<BlockArg>, CodegenError> {
        let mut out = Vec::new();
        for &v in vals {
            for x in self.get(v)?.flatten(self.ty(v)) {
                out.push(BlockArg::Value(x));
            }
        }
        Ok(out)
    }

    /// Return from the function with status 0 and these values.
    pub fn emit_return(&mut self, vals: &[crate::ir::Value]) -> Result<(), CodegenError> {
        let mut out = vec![self.b.ins().iconst(types::I32, 0)];
        for &v in vals {
            out.extend(self.get(v)?.flatten(self.ty(v)));
        }
        self.b.ins().return_(&out);
        Ok(())
    }

    // ---- runtime errors -----------------------------------------------------------------------

    fn site_with(&mut self, op: Op, detail: Option<String>) -> i64 {
        self.st.sites.push(Site { func: self.name.clone(), loc: location(self.m, op), detail });
        (self.st.sites.len() - 1) as i64
    }

    /// Return with an error status (the kind and site are already stored, or stored here).
    fn emit_error_return(&mut self, status: Value) {
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

    // ---- calls ----------------------------------------------------------------------------------

    fn sig_ref(&mut self, params: &[types::Type], rets: &[types::Type]) -> SigRef {
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

    /// Call an IR function of this module by name; `None` if it is not defined here.
    pub fn call_internal(&mut self, name: &str, args: &[Value]) -> Option<Vec<Value>> {
        let (id, _) = self.st.internal.get(name)?;
        let id = *id;
        let fref = match self.funcs.get(&id) {
            Some(f) => *f,
            None => {
                let f = self.st.jit.declare_func_in_func(id, self.b.func);
                self.funcs.insert(id, f);
                f
            }
        };
        let call = self.b.ins().call(fref, args);
        Some(self.b.inst_results(call).to_vec())
    }

    /// The address of an IR function's internal code (a function value).
    pub fn function_address(&mut self, name: &str) -> Option<Value> {
        let (id, _) = self.st.internal.get(name)?;
        let id = *id;
        let fref = match self.funcs.get(&id) {
            Some(f) => *f,
            None => {
                let f = self.st.jit.declare_func_in_func(id, self.b.func);
                self.funcs.insert(id, f);
                f
            }
        };
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

    // ---- constants and integers -----------------------------------------------------------------

    /// An integer constant of a scalar IR type (canonical representation).
    pub fn iconst(&mut self, ty: &Type, v: i64) -> Value {
        let c = repr::scalar_clif(ty).unwrap_or(types::I64);
        self.b.ins().iconst(c, v)
    }

    /// An i64 constant.
    pub fn i64c(&mut self, v: i64) -> Value {
        self.b.ins().iconst(types::I64, v)
    }

    /// Bring an integer of width `w` back to its canonical form (sign-extended from `w` bits, or
    /// 0/1 for `i1`) after an operation that may have set higher bits.
    pub fn normalize(&mut self, v: Value, w: u32) -> Value {
        let c = self.b.func.dfg.value_type(v);
        let cb = c.bits();
        if w == 1 {
            self.b.ins().band_imm_s(v, 1)
        } else if w < cb {
            let sh = i64::from(cb - w);
            let t = self.b.ins().ishl_imm_s(v, sh);
            self.b.ins().sshr_imm_s(t, sh)
        } else {
            v
        }
    }

    /// The signed value of a canonical integer (`i1` true is -1).
    pub fn signed_view(&mut self, v: Value, w: u32) -> Value {
        if w == 1 { self.b.ins().ineg(v) } else { v }
    }

    /// The unsigned value of a canonical integer, zero-extended within its container.
    pub fn unsigned_view(&mut self, v: Value, w: u32) -> Value {
        let cb = self.b.func.dfg.value_type(v).bits();
        if w < cb && w != 1 {
            let mask = if w >= 64 { -1 } else { (1i64 << w) - 1 };
            self.b.ins().band_imm_s(v, mask)
        } else {
            v
        }
    }

    /// Convert an i64 to a scalar integer IR type (truncating) in canonical form.
    pub fn narrow_i64(&mut self, v: Value, ty: &Type) -> Value {
        let c = repr::scalar_clif(ty).unwrap_or(types::I64);
        let w = repr::int_width(ty).unwrap_or(64);
        let x = if c == types::I64 { v } else { self.b.ins().ireduce(c, v) };
        self.normalize(x, w)
    }

    /// Sign-extend a canonical integer to i64.
    pub fn widen_to_i64(&mut self, v: Value, ty: &Type) -> Value {
        let w = repr::int_width(ty).unwrap_or(64);
        let s = self.signed_view(v, w);
        if self.b.func.dfg.value_type(s) == types::I64 { s } else { self.b.ins().sextend(types::I64, s) }
    }

    // ---- half precision ---------------------------------------------------------------------------

    /// Round an f32 register value to `ty` (a no-op for f32/f64).
    pub fn round_float(&mut self, v: Value, ty: &Type) -> Value {
        let (to, back): (usize, usize) = match ty {
            Type::F16 => (rt::strata_f32_to_f16 as *const () as usize, rt::strata_f16_to_f32 as *const () as usize),
            Type::BF16 => (rt::strata_f32_to_bf16 as *const () as usize, rt::strata_bf16_to_f32 as *const () as usize),
            _ => return v,
        };
        let bits = self.call_host(to, &[types::F32], &[types::I32], &[v])[0];
        self.call_host(back, &[types::I32], &[types::F32], &[bits])[0]
    }

    /// Load a scalar element of `ty` from `addr` into its register form.
    pub fn load_scalar(&mut self, ty: &Type, addr: Value) -> Value {
        let mt = repr::memory_clif(ty).unwrap_or(types::I64);
        let raw = self.b.ins().load(mt, MemFlagsData::trusted(), addr, 0);
        match ty {
            Type::F16 | Type::BF16 => {
                let back = if *ty == Type::F16 {
                    rt::strata_f16_to_f32 as *const () as usize
                } else {
                    rt::strata_bf16_to_f32 as *const () as usize
                };
                let w = self.b.ins().uextend(types::I32, raw);
                self.call_host(back, &[types::I32], &[types::F32], &[w])[0]
            }
            Type::Integer(w) => self.normalize(raw, *w),
            _ => raw,
        }
    }

    /// Store a scalar register value of `ty` at `addr`.
    pub fn store_scalar(&mut self, ty: &Type, v: Value, addr: Value) {
        match ty {
            Type::F16 | Type::BF16 => {
                let to = if *ty == Type::F16 {
                    rt::strata_f32_to_f16 as *const () as usize
                } else {
                    rt::strata_f32_to_bf16 as *const () as usize
                };
                let bits = self.call_host(to, &[types::F32], &[types::I32], &[v])[0];
                let h = self.b.ins().ireduce(types::I16, bits);
                self.b.ins().store(MemFlagsData::trusted(), h, addr, 0);
            }
            _ => {
                self.b.ins().store(MemFlagsData::trusted(), v, addr, 0);
            }
        }
    }

    /// Load an element (scalar or vector) of `ty` from `addr`.
    pub fn load_elem(&mut self, ty: &Type, addr: Value) -> Repr {
        if let Some((ct, n)) = repr::simd_chunks(ty) {
            let chunks = (0..n)
                .map(|c| self.b.ins().load(ct, MemFlagsData::new().with_notrap(), addr, (16 * c) as i32))
                .collect();
            return Repr::Vector(chunks);
        }
        match ty.as_vector() {
            Some(v) => {
                let eb = repr::elem_bytes(&v.elem).unwrap_or(1);
                let n = repr::lanes(ty);
                let lanes = (0..n)
                    .map(|i| {
                        let a = self.b.ins().iadd_imm_s(addr, i as i64 * eb);
                        self.load_scalar(&v.elem, a)
                    })
                    .collect();
                Repr::Vector(lanes)
            }
            None => Repr::Scalar(self.load_scalar(ty, addr)),
        }
    }

    /// Store an element (scalar or vector) of `ty` at `addr`.
    pub fn store_elem(&mut self, ty: &Type, r: &Repr, addr: Value) {
        if let (Some(_), Repr::Vector(chunks)) = (repr::simd_chunks(ty), r) {
            for (c, &x) in chunks.iter().enumerate() {
                self.b.ins().store(MemFlagsData::new().with_notrap(), x, addr, (16 * c) as i32);
            }
            return;
        }
        match (ty.as_vector(), r) {
            (Some(v), Repr::Vector(lanes)) => {
                let eb = repr::elem_bytes(&v.elem).unwrap_or(1);
                for (i, &l) in lanes.iter().enumerate() {
                    let a = self.b.ins().iadd_imm_s(addr, i as i64 * eb);
                    self.store_scalar(&v.elem, l, a);
                }
            }
            (_, Repr::Scalar(x)) => self.store_scalar(ty, *x, addr),
            _ => {}
        }
    }

    // ---- memrefs ------------------------------------------------------------------------------------

    /// A dimension as an i64 value.
    pub fn dim_value(&mut self, d: Dim) -> Value {
        match d {
            Dim::Static(c) => self.b.ins().iconst(types::I64, c),
            Dim::Dynamic(v) => v,
        }
    }

    /// Fill in what a descriptor derives from its dims and symbols (physical extents of
    /// non-identity layouts).
    pub fn complete(&mut self, ty: &Type, r: Repr) -> Result<Repr, CodegenError> {
        let Repr::Memref(mut d) = r else { return Ok(r) };
        let Some(mt) = repr::as_memref_like(ty) else { return Ok(Repr::Memref(d)) };
        if !mt.maps.is_empty() {
            d.phys = self.physical_extents(&mt, &d.dims, &d.syms);
        }
        Ok(Repr::Memref(d))
    }

    /// Extents of the physical index space of a layout: each result's largest value plus one,
    /// over the logical index space (or the `size` clause of the last map).
    fn physical_extents(&mut self, mt: &MemrefType, dims: &[Dim], syms: &[Value]) -> Vec<Dim> {
        let static_dims: Option<Vec<i64>> =
            dims.iter().map(|d| if let Dim::Static(c) = d { Some(*c) } else { None }).collect();
        if let (Some(sd), true) = (&static_dims, syms.is_empty())
            && let Some(e) = crate::ir::layout_extents(&mt.maps, sd, &[])
        {
            return e.into_iter().map(Dim::Static).collect();
        }
        // Dynamic: the runtime computes them from the maps (owned by the module).
        self.st.maps.push(Box::new(mt.maps.clone()));
        let maps_ptr: *const Vec<AffineMap> = &**self.st.maps.last().expect("just pushed");
        let rank = dims.len();
        let nres = mt.maps.last().map_or(rank, |m| m.results().len());
        let ss = self.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
            cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
            (8 * (rank + syms.len() + nres).max(1)) as u32,
            3,
        ));
        for (i, &d) in dims.iter().enumerate() {
            let v = self.dim_value(d);
            self.b.ins().stack_store(types::I64, v, ss, (8 * i) as i32);
        }
        for (i, &s) in syms.iter().enumerate() {
            self.b.ins().stack_store(types::I64, s, ss, (8 * (rank + i)) as i32);
        }
        let base = self.b.ins().stack_addr(types::I64, ss, 0);
        let out = self.b.ins().stack_addr(types::I64, ss, (8 * (rank + syms.len())) as i32);
        let mp = self.b.ins().iconst(types::I64, maps_ptr as i64);
        let sp = self.b.ins().iadd_imm_s(base, (8 * rank) as i64);
        let r = self.b.ins().iconst(types::I64, rank as i64);
        let n = self.b.ins().iconst(types::I64, syms.len() as i64);
        self.call_host(rt_layout_extents as *const () as usize, &[types::I64; 6], &[], &[mp, base, r, sp, n, out]);
        (0..nres)
            .map(|i| {
                Dim::Dynamic(self.b.ins().stack_load(types::I64, types::I64, ss, (8 * (rank + syms.len() + i)) as i32))
            })
            .collect()
    }

    /// The address of the element at `idx` (i64 values) of a memref of type `ty`, checking
    /// bounds when asked to.
    pub fn element_address(&mut self, ty: &Type, d: &MemrefRepr, idx: &[Value], op: Op) -> Result<Value, CodegenError> {
        let mt = repr::as_memref_like(ty).ok_or_else(|| self.err(op, "not a ranked memref or tensor"))?;
        let eb = repr::elem_bytes(&mt.elem).ok_or_else(|| self.err(op, "unsupported element type"))?;
        if self.bounds_checks() {
            for (&i, &dim) in idx.iter().zip(&d.dims) {
                let dv = self.dim_value(dim);
                let bad = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, i, dv);
                self.trap_if(bad, TrapKind::OutOfBounds, op);
            }
        }
        if mt.maps.is_empty() {
            // Constant terms of the indices scale into one displacement, which the address
            // mode absorbs (`base + index * size + disp`).
            let mut disp = 0i64;
            let mut scale = Some(1i64);
            let mut parts = idx.to_vec();
            for k in (0..parts.len()).rev() {
                // Past a dynamic extent, constants cannot be scaled statically: they stay.
                let Some(sc) = scale else { break };
                let (v, c) = self.split_constant(parts[k]);
                parts[k] = v;
                disp = disp.wrapping_add(c.wrapping_mul(sc));
                scale = match d.dims.get(k) {
                    Some(Dim::Static(s)) => Some(sc.wrapping_mul(*s)),
                    _ => None,
                };
            }
            let linear = self.linearize(&parts, &d.dims);
            let off = if eb == 1 { linear } else { self.b.ins().imul_imm_s(linear, eb) };
            let a = self.b.ins().iadd(d.ptr, off);
            return Ok(if disp == 0 { a } else { self.b.ins().iadd_imm_s(a, disp.wrapping_mul(eb)) });
        }
        let linear = {
            let mut cur: Vec<Value> = idx.to_vec();
            let mut s = 0;
            for map in &mt.maps {
                let syms = &d.syms[s..s + map.num_symbols()];
                s += map.num_symbols();
                cur = map.results().iter().map(|e| self.affine_expr(e, &cur, syms, op)).collect::<Result<_, _>>()?;
            }
            self.linearize(&cur, &d.phys)
        };
        let off = if eb == 1 { linear } else { self.b.ins().imul_imm_s(linear, eb) };
        Ok(self.b.ins().iadd(d.ptr, off))
    }

    /// `v` as `x + c` when it was made by adding a constant, or as `0 + c` when it is one (`c`
    /// is 0 otherwise).
    fn split_constant(&mut self, v: Value) -> (Value, i64) {
        if let Some(c) = self.iconst_value(v) {
            let t = self.b.func.dfg.value_type(v);
            let z = self.b.ins().iconst(t, 0);
            return (z, c);
        }
        self.split_sum(v)
    }

    fn iconst_value(&self, v: Value) -> Option<i64> {
        use cranelift_codegen::ir::{InstructionData, Opcode, ValueDef};
        let dfg = &self.b.func.dfg;
        match dfg.value_def(v) {
            ValueDef::Result(i, _) => match dfg.insts[i] {
                InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits()),
                _ => None,
            },
            _ => None,
        }
    }

    fn split_sum(&self, v: Value) -> (Value, i64) {
        use cranelift_codegen::ir::{InstructionData, Opcode, ValueDef};
        let dfg = &self.b.func.dfg;
        let ValueDef::Result(inst, _) = dfg.value_def(v) else { return (v, 0) };
        let konst = |x: Value| match dfg.value_def(x) {
            ValueDef::Result(i, _) => match dfg.insts[i] {
                InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits()),
                _ => None,
            },
            _ => None,
        };
        match dfg.insts[inst] {
            InstructionData::Binary { opcode: Opcode::Iadd, args } => match (konst(args[0]), konst(args[1])) {
                (_, Some(c)) => (args[0], c),
                (Some(c), None) => (args[1], c),
                _ => (v, 0),
            },
            _ => (v, 0),
        }
    }

    /// Row-major linear index: `((i0 * d1 + i1) * d2 + i2) ...`.
    pub fn linearize(&mut self, idx: &[Value], dims: &[Dim]) -> Value {
        let mut acc: Option<Value> = None;
        for (k, &i) in idx.iter().enumerate() {
            acc = Some(match acc {
                None => i,
                Some(a) => {
                    let scaled = match dims.get(k) {
                        Some(Dim::Static(c)) => self.b.ins().imul_imm_s(a, *c),
                        Some(Dim::Dynamic(v)) => self.b.ins().imul(a, *v),
                        None => a,
                    };
                    self.b.ins().iadd(scaled, i)
                }
            });
        }
        acc.unwrap_or_else(|| self.b.ins().iconst(types::I64, 0))
    }

    /// Number of elements of a descriptor, as i64.
    pub fn element_count(&mut self, dims: &[Dim]) -> Value {
        let mut c = 1i64;
        let mut dynamic: Option<Value> = None;
        for d in dims {
            match d {
                Dim::Static(x) => c = c.saturating_mul(*x),
                Dim::Dynamic(v) => {
                    dynamic = Some(match dynamic {
                        None => *v,
                        Some(a) => self.b.ins().imul(a, *v),
                    })
                }
            }
        }
        match dynamic {
            None => self.b.ins().iconst(types::I64, c),
            Some(v) if c == 1 => v,
            Some(v) => self.b.ins().imul_imm_s(v, c),
        }
    }

    /// Allocate `bytes` (i64) zeroed bytes for this call, stopping with an error if that fails.
    pub fn alloc_bytes(&mut self, bytes: Value, op: Op) -> Value {
        let ctx = self.ctx_ptr;
        let p = self.call_host(
            rt::strata_alloc as *const () as usize,
            &[types::I64, types::I64],
            &[types::I64],
            &[ctx, bytes],
        )[0];
        let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        self.trap_if(null, TrapKind::OutOfMemory, op);
        p
    }

    /// A new buffer for a memref/tensor type with the given dims and symbols.
    pub fn alloc_memref(
        &mut self,
        ty: &Type,
        dims: Vec<Dim>,
        syms: Vec<Value>,
        op: Op,
    ) -> Result<MemrefRepr, CodegenError> {
        let mt = repr::as_memref_like(ty).ok_or_else(|| self.err(op, "not a ranked memref or tensor"))?;
        let eb = repr::elem_bytes(&mt.elem).ok_or_else(|| self.err(op, "unsupported element type"))?;
        let mut d = MemrefRepr { ptr: Value::from_u32(0), dims, syms, phys: Vec::new() };
        if !mt.maps.is_empty() {
            d.phys = self.physical_extents(&mt, &d.dims, &d.syms);
        }
        let space = if mt.maps.is_empty() { d.dims.clone() } else { d.phys.clone() };
        let n = self.element_count(&space);
        let bytes = self.b.ins().imul_imm_s(n, eb);
        d.ptr = self.alloc_bytes(bytes, op);
        Ok(d)
    }

    /// A buffer owned by the compiled module (constants), filled with `bytes`; its address.
    pub fn module_buffer(&mut self, bytes: &[u8]) -> usize {
        let p = crate::runtime::alloc::alloc_bytes(bytes.len());
        if !p.is_null() {
            // SAFETY: `p` has room for `bytes.len()` bytes.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len()) };
            self.st.buffers.0.push(p);
        }
        p as usize
    }

    /// The zeroed module-owned buffer of `alloc_static(base)`: one per base literal.
    pub fn static_buffer(&mut self, base: i64, bytes: i64) -> usize {
        if let Some((p, n)) = self.st.statics.get(&base)
            && *n >= bytes
        {
            return *p as usize;
        }
        let p = crate::runtime::alloc::alloc_bytes(bytes.max(0) as usize);
        if !p.is_null() {
            self.st.buffers.0.push(p);
            self.st.statics.insert(base, (p, bytes));
        }
        p as usize
    }

    /// Run `body` for every index of `dims` (nested loops, row-major order).
    pub fn for_each_index(&mut self, dims: &[Dim], body: &mut IndexBody<'_, 's, 'a>) -> Result<(), CodegenError> {
        let mut idx = Vec::new();
        self.for_each_rec(dims, &mut idx, body)
    }

    fn for_each_rec(
        &mut self,
        dims: &[Dim],
        idx: &mut Vec<Value>,
        body: &mut IndexBody<'_, 's, 'a>,
    ) -> Result<(), CodegenError> {
        let Some((&d, rest)) = dims.split_first() else { return body(self, idx) };
        let zero = self.i64c(0);
        let ub = self.dim_value(d);
        self.build_loop(zero, ub, 1, &mut |lw, iv| {
            idx.push(iv);
            let r = lw.for_each_rec(rest, idx, body);
            idx.pop();
            r
        })
    }

    /// Copy `bytes` bytes.
    pub fn copy_bytes(&mut self, dst: Value, src: Value, bytes: Value) {
        self.call_host(rt::strata_copy as *const () as usize, &[types::I64; 3], &[], &[dst, src, bytes]);
    }

    // ---- values kept in registers across loop iterations ------------------------------------------------

    /// The register holding the element at `key`, while a loop keeps it there.
    pub fn forwarded(&self, key: &AccessKey) -> Option<Value> {
        self.forwarded.iter().rev().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// Record that `key` now holds `v` (after a store), if it is kept in a register.
    pub fn update_forwarded(&mut self, key: &AccessKey, v: Value) {
        if let Some(slot) = self.forwarded.iter_mut().rev().find(|(k, _)| k == key) {
            slot.1 = v;
        }
    }

    /// Keep `key` in a register holding `v` until [`FnLowerer::end_forwarding`].
    pub fn begin_forwarding(&mut self, key: AccessKey, v: Value) {
        self.forwarded.push((key, v));
    }

    /// Stop keeping the innermost key in a register; its current value.
    pub fn end_forwarding(&mut self) -> Option<Value> {
        self.forwarded.pop().map(|(_, v)| v)
    }

    // ---- loops ------------------------------------------------------------------------------------------

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
        body(self, iv)?;
        let next = self.b.ins().iadd_imm_s(iv, step);
        self.b.ins().jump(header, &[BlockArg::Value(next)]);
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
        let next_vals = body(self, iv, &carried)?;
        let next = self.b.ins().iadd_imm_s(iv, step);
        let mut args = vec![BlockArg::Value(next)];
        args.extend(next_vals.iter().map(|&v| BlockArg::Value(v)));
        self.b.ins().jump(header, &args);
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

    // ---- affine expressions -----------------------------------------------------------------------------

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
    fn safe_sdiv_srem(&mut self, x: Value, y: Value) -> (Value, Value) {
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

/// The runtime side of [`FnLowerer::physical_extents`] for dynamic shapes.
extern "C" fn rt_layout_extents(
    maps: *const Vec<AffineMap>,
    dims: *const i64,
    rank: i64,
    syms: *const i64,
    nsyms: i64,
    out: *mut i64,
) {
    // SAFETY: generated code passes the module-owned maps and stack arrays of the given sizes.
    let (maps, dims, syms) = unsafe {
        (&*maps, std::slice::from_raw_parts(dims, rank as usize), std::slice::from_raw_parts(syms, nsyms as usize))
    };
    let n = maps.last().map_or(rank as usize, |m| m.results().len());
    let ext = crate::ir::layout_extents(maps, dims, syms).unwrap_or_else(|| vec![0; n]);
    for (i, e) in ext.iter().enumerate().take(n) {
        // SAFETY: `out` has room for `n` results.
        unsafe { out.add(i).write(*e) };
    }
}
