//! [`FnLowerer`]: lowering one IR function to one Cranelift function, and the helpers every
//! op's lowering uses.

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use cranelift_codegen::Context;
use cranelift_codegen::ir::{Block as ClifBlock, BlockArg, FuncRef, InstBuilder, SigRef, UserFuncName, Value, types};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Module as _};

use super::repr::{self, MemrefRepr, Repr};
use super::{CodegenError, ModuleState, func_type, internal_signature};
use crate::ir::{AffineMap, Block, FunctionType, Module, Op, Type};

/// `file:line:col` of an op.
pub(crate) fn location(m: &Module, op: Op) -> Option<String> {
    let span = m.op_span(op)?;
    let src = m.source.as_ref()?;
    let (line, col) = src.line_col(span.start);
    Some(format!("{}:{line}:{col}", src.name()))
}

/// A loop body: called with the induction variable.
pub(super) type LoopBody<'x, 's, 'a> = dyn FnMut(&mut FnLowerer<'s, 'a>, Value) -> Result<(), CodegenError> + 'x;
/// A body over a multi-dimensional index, or an elementwise function.
pub(super) type IndexBody<'x, 's, 'a> = dyn FnMut(&mut FnLowerer<'s, 'a>, &[Value]) -> Result<(), CodegenError> + 'x;
/// A loop body carrying values: called with the induction variable and the carried values,
/// returns the values for the next iteration.
pub(super) type CarriedBody<'x, 's, 'a> =
    dyn FnMut(&mut FnLowerer<'s, 'a>, Value, &[Value]) -> Result<Vec<Value>, CodegenError> + 'x;
/// An elementwise function of scalars.
pub(super) type ElementFn<'x, 's, 'a> = dyn FnMut(&mut FnLowerer<'s, 'a>, &[Value]) -> Result<Value, CodegenError> + 'x;

/// The most lanes a vector value may have.
const MAX_VECTOR_LANES: usize = 1024;

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
    pub(super) registers:
        HashMap<crate::ir::Value, Vec<(cranelift_frontend::Variable, cranelift_codegen::ir::types::Type)>>,
    /// The op being lowered (where a loop built for it reports an interrupt).
    pub(super) current_op: Option<Op>,
    /// The function's one block that reports an interrupt (its parameter: the site), made on
    /// first use and filled when the function is done: loops share it, so polling adds two
    /// loads and a branch per loop, not a block.
    pub(super) interrupt_block: Option<ClifBlock>,
    /// Interrupt polls emitted so far (a loop whose body polled must poll itself).
    pub(super) polls: u32,
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
            current_op: None,
            interrupt_block: None,
            polls: 0,
        };
        lw.lower_body(f, &ty)?;
        lw.finish_interrupt_block();
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
    pub(super) fn lower_body(&mut self, f: Op, ty: &FunctionType) -> Result<(), CodegenError> {
        let m = self.m;
        let region = m.op(f).regions[0];
        self.check_vector_sizes(region)?;
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
        if self.may_exhaust_stack(region) {
            self.check_stack(f);
        }
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

    /// Refuse vectors too long to keep lane by lane in registers: code generation time and
    /// memory grow faster than their length (8,192 lanes took 7 s and 300 MB).
    fn check_vector_sizes(&self, region: crate::ir::Region) -> Result<(), CodegenError> {
        let m = self.m;
        let too_long = |t: &Type| t.as_vector().is_some() && repr::lanes(t) > MAX_VECTOR_LANES;
        let params = m.region(region).blocks.iter().flat_map(|&b| m.block(b).args.iter());
        let mut bad = params.clone().any(|&v| too_long(m.value_type(v))).then_some(None);
        m.walk_region(region, |op| {
            let d = m.op(op);
            let args = d.regions.iter().flat_map(|&r| m.region(r).blocks.iter().flat_map(|&b| m.block(b).args.iter()));
            if bad.is_none() && d.results.iter().chain(args).any(|&v| too_long(m.value_type(v))) {
                bad = Some(Some(op));
            }
        });
        let message = format!("vectors of more than {MAX_VECTOR_LANES} lanes are not supported");
        match bad {
            Some(Some(op)) => Err(self.err(op, message)),
            Some(None) => {
                Err(CodegenError::Lower { func: self.name.to_string(), op: "func".into(), loc: None, message })
            }
            None => Ok(()),
        }
    }

    /// Lower every op of a block in order (its terminator included).
    pub fn lower_ops(&mut self, blk: Block) -> Result<(), CodegenError> {
        // Regions nest as deeply as the input does (the parser allows 100,000 levels, a module
        // built in Rust any number): the stack grows on the heap rather than overflow.
        stacker::maybe_grow(128 * 1024, 4 * 1024 * 1024, || {
            let ops = self.m.block(blk).ops.clone();
            for op in ops {
                self.lower_op(op)?;
            }
            Ok(())
        })
    }

    /// Lower one op (outlined bodies re-create the constants they use).
    pub(crate) fn lower_op_public(&mut self, op: Op) -> Result<(), CodegenError> {
        self.lower_op(op)
    }

    pub(super) fn lower_op(&mut self, op: Op) -> Result<(), CodegenError> {
        let name = self.m.op_name(op);
        let Some(f) = self.st.lowerings.lowering_for(name) else {
            let why = if !self.st.lowerings.is_registered(name) {
                "unregistered operations cannot be compiled"
            } else {
                "this operation has no lowering"
            };
            return Err(self.err(op, why));
        };
        let outer = self.current_op.replace(op);
        let r = f(self, op);
        self.current_op = outer;
        r
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

    /// Whether `exp` of `f32` vectors is computed inline (`Options::fast_math`).
    pub fn fast_math(&self) -> bool {
        self.st.config.fast_math
    }

    /// Whether memref accesses are checked against their bounds.
    pub fn bounds_checks(&self) -> bool {
        self.st.config.bounds_checks
    }

    /// Whether the accesses of `op` are checked against their bounds: checks are on and the
    /// op is not proven in bounds.
    pub fn checks(&self, op: Op) -> bool {
        self.st.config.bounds_checks && !self.st.in_bounds.contains(&op)
    }

    /// Compile `op`'s accesses without bounds checks: a lowering that proved every element it
    /// accesses lies inside its memref says so here.
    pub fn assume_in_bounds(&mut self, op: Op) {
        if self.st.config.bounds_checks {
            self.st.in_bounds.insert(op);
        }
    }

    /// Compile `op`'s accesses with their checks again (after a loop version that had them
    /// checked once at its entry).
    pub fn forget_in_bounds(&mut self, op: Op) {
        self.st.in_bounds.remove(&op);
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

    /// [`Self::splat`] for a vector used inside a loop it is made in front of: the vector goes
    /// through a stack slot, so the loop uses the vector. (Cranelift's e-graph otherwise moves a
    /// `splat` to its uses inside the loop, where the scalar, often spilled, is reloaded and
    /// broadcast again on every iteration; a load is not moved. Measured on MetaSchedule's
    /// conv2d: 10.7 ms before, 8.9 ms after.)
    pub fn splat_kept(&mut self, ty: &Type, x: Value) -> Repr {
        match repr::simd_chunks(ty) {
            Some((ct, n)) => {
                use cranelift_codegen::ir::{StackSlotData, StackSlotKind};
                let v = self.b.ins().splat(ct, x);
                let bytes = ct.bytes();
                let slot = self.b.create_sized_stack_slot(StackSlotData::new(StackSlotKind::ExplicitSlot, bytes, 4));
                self.b.ins().stack_store(types::I64, v, slot, 0);
                let v = self.b.ins().stack_load(types::I64, ct, slot, 0);
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
}
