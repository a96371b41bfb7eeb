//! The packed entry of each function: `extern "C" fn(args, rets, ctx) -> i32`, the shape every
//! caller (typed handles, dynamic calls, the CLI) uses.

use cranelift_codegen::Context;
use cranelift_codegen::ir::{AbiParam, InstBuilder, MemFlagsData, UserFuncName, types};
use cranelift_frontend::{FunctionBuilder, FunctionBuilderContext};
use cranelift_module::{FuncId, Linkage, Module as _};

use super::repr::{self, Repr};
use super::{CodegenError, ModuleState};
use crate::ir::{DYNAMIC, FunctionType, Type};
use crate::runtime::dlpack::offsets;

/// How an argument is passed to the entry: `args[i]` points to it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamSlot {
    /// A scalar's bytes in its memory form (`f16` as its 16 bits, `i1` as one byte).
    Scalar(Type),
    /// The lanes of a vector, contiguous.
    Vector(Type),
    /// A `DLTensor` describing a memref or ranked tensor.
    Tensor(Type),
    /// A function value (8 bytes).
    Func(Type),
    /// Nothing (`none`).
    Unit,
}

/// Where a result is stored: at `offset` in the results buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultSlot {
    /// Byte offset.
    pub offset: usize,
    /// The result type. Memrefs and tensors are stored as the element pointer, then every
    /// dimension, then the layout symbols (8 bytes each).
    pub ty: Type,
}

/// Argument and result layout of a function's entry.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EntryLayout {
    /// One per argument.
    pub params: Vec<ParamSlot>,
    /// One per result.
    pub results: Vec<ResultSlot>,
    /// Size of the results buffer (a multiple of 8).
    pub results_size: usize,
}

/// Bytes a result of `ty` takes in the results buffer (a multiple of 8).
pub fn result_size(ty: &Type) -> usize {
    let n = match ty {
        Type::Vector(v) => repr::lanes(ty) * repr::elem_bytes(&v.elem).unwrap_or(8) as usize,
        Type::Memref(_) | Type::Tensor(_) => {
            let m = repr::as_memref_like(ty);
            8 * (1 + m.as_ref().map_or(0, |m| m.shape.len() + m.num_layout_symbols()))
        }
        Type::None => 0,
        _ => 8,
    };
    n.div_ceil(8) * 8
}

impl EntryLayout {
    /// The layout for a function type.
    pub fn of(ty: &FunctionType) -> EntryLayout {
        let params = ty
            .inputs
            .iter()
            .map(|t| match t {
                Type::Vector(_) => ParamSlot::Vector(t.clone()),
                Type::Memref(_) | Type::Tensor(_) => ParamSlot::Tensor(t.clone()),
                Type::Function(_) => ParamSlot::Func(t.clone()),
                Type::None => ParamSlot::Unit,
                _ => ParamSlot::Scalar(t.clone()),
            })
            .collect();
        let mut offset = 0;
        let mut results = Vec::new();
        for t in &ty.results {
            results.push(ResultSlot { offset, ty: t.clone() });
            offset += result_size(t);
        }
        EntryLayout { params, results, results_size: offset }
    }
}

/// Why a function cannot be called from outside, if it cannot.
pub fn unsupported_reason(ty: &FunctionType) -> Option<String> {
    for t in &ty.inputs {
        if let Some(m) = repr::as_memref_like(t)
            && m.num_layout_symbols() > 0
            && m.strided_form().is_none()
        {
            return Some(format!(
                "argument type '{t}' has layout symbols that are not strides or an offset, which a DLTensor cannot bind"
            ));
        }
    }
    None
}

/// The layout symbols of a strided memref parameter from its DLTensor: each stride symbol is
/// `strides[k]` (the compact stride when `strides` is null), the offset symbol is
/// `byte_offset / element size`.
fn bind_strided(
    b: &mut FunctionBuilder<'_>,
    form: &crate::ir::StridedForm,
    nsyms: usize,
    rank: usize,
    esize: i64,
    dl: cranelift_codegen::ir::Value,
) -> Vec<cranelift_codegen::ir::Value> {
    use crate::ir::StrideTerm;
    let flags = MemFlagsData::trusted();
    let shape = b.ins().load(types::I64, flags, dl, offsets::SHAPE);
    let strides = b.ins().load(types::I64, flags, dl, offsets::STRIDES);
    let mut out = Vec::with_capacity(nsyms);
    for s in 0..nsyms as u32 {
        if form.offset == StrideTerm::Symbol(s) {
            let off = b.ins().load(types::I64, flags, dl, offsets::BYTE_OFFSET);
            let e = b.ins().iconst(types::I64, esize.max(1));
            out.push(b.ins().udiv(off, e));
            continue;
        }
        let Some(k) = form.strides.iter().position(|t| *t == StrideTerm::Symbol(s)) else {
            out.push(b.ins().iconst(types::I64, 0));
            continue;
        };
        // Null strides: compact row-major, the product of the later dimensions.
        let given = b.create_block();
        let compact = b.create_block();
        let join = b.create_block();
        b.append_block_param(join, types::I64);
        b.ins().brif(strides, given, &[], compact, &[]);
        b.switch_to_block(given);
        let v = b.ins().load(types::I64, flags, strides, (8 * k) as i32);
        b.ins().jump(join, &[cranelift_codegen::ir::BlockArg::Value(v)]);
        b.switch_to_block(compact);
        let mut acc = b.ins().iconst(types::I64, 1);
        for j in k + 1..rank {
            let d = b.ins().load(types::I64, flags, shape, (8 * j) as i32);
            acc = b.ins().imul(acc, d);
        }
        b.ins().jump(join, &[cranelift_codegen::ir::BlockArg::Value(acc)]);
        b.switch_to_block(join);
        out.push(b.block_params(join)[0]);
    }
    out
}

pub(crate) fn build_entry(
    st: &mut ModuleState<'_>,
    name: &str,
    internal: FuncId,
    _ty: &FunctionType,
    layout: &EntryLayout,
    ctx: &mut Context,
    fctx: &mut FunctionBuilderContext,
) -> Result<FuncId, CodegenError> {
    let backend = |e: String| CodegenError::Backend { func: name.to_string(), message: e };
    let mut sig = st.jit.make_signature();
    for _ in 0..3 {
        sig.params.push(AbiParam::new(types::I64));
    }
    sig.returns.push(AbiParam::new(types::I32));
    let id =
        st.jit.declare_function(&format!("{name}$entry"), Linkage::Local, &sig).map_err(|e| backend(e.to_string()))?;
    ctx.clear();
    ctx.func.signature = sig;
    ctx.func.name = UserFuncName::user(1, id.as_u32());
    {
        let mut b = FunctionBuilder::new(&mut ctx.func, fctx);
        let blk = b.create_block();
        b.append_block_params_for_function_params(blk);
        b.switch_to_block(blk);
        let p = b.block_params(blk).to_vec();
        let (args, rets, cx) = (p[0], p[1], p[2]);
        let flags = MemFlagsData::trusted();
        let mut call_args = vec![cx];
        for (i, slot) in layout.params.iter().enumerate() {
            let ptr = b.ins().load(types::I64, flags, args, (8 * i) as i32);
            match slot {
                ParamSlot::Scalar(t) | ParamSlot::Func(t) => {
                    call_args.push(load_scalar(&mut b, t, ptr, 0));
                }
                ParamSlot::Vector(t) if repr::simd_chunks(t).is_some() => {
                    let (ct, n) = repr::simd_chunks(t).unwrap_or((types::I8X16, 0));
                    for c in 0..n {
                        call_args.push(b.ins().load(ct, MemFlagsData::new().with_notrap(), ptr, (16 * c) as i32));
                    }
                }
                ParamSlot::Vector(t) => {
                    let elem = t.element_type();
                    let eb = repr::elem_bytes(elem).unwrap_or(1) as i32;
                    for k in 0..repr::lanes(t) {
                        call_args.push(load_scalar(&mut b, elem, ptr, k as i32 * eb));
                    }
                }
                ParamSlot::Tensor(t) => {
                    let data = b.ins().load(types::I64, flags, ptr, offsets::DATA);
                    let mt = repr::as_memref_like(t);
                    let strided = mt.as_ref().filter(|m| !m.maps.is_empty()).and_then(|m| m.strided_form());
                    // A strided layout places element 0 itself (its offset term); others start at
                    // the byte offset.
                    if strided.is_some() {
                        call_args.push(data);
                    } else {
                        let off = b.ins().load(types::I64, flags, ptr, offsets::BYTE_OFFSET);
                        call_args.push(b.ins().iadd(data, off));
                    }
                    let shape = b.ins().load(types::I64, flags, ptr, offsets::SHAPE);
                    let dims = t.shape().unwrap_or_default();
                    for (k, &d) in dims.iter().enumerate() {
                        if d == DYNAMIC {
                            call_args.push(b.ins().load(types::I64, flags, shape, (8 * k) as i32));
                        }
                    }
                    if let (Some(form), Some(mt)) = (&strided, &mt) {
                        let esize = repr::elem_bytes(&mt.elem).unwrap_or(1);
                        let syms = bind_strided(&mut b, form, mt.num_layout_symbols(), dims.len(), esize, ptr);
                        call_args.extend(syms);
                    }
                }
                ParamSlot::Unit => {}
            }
        }
        let fref = st.jit.declare_func_in_func(internal, b.func);
        let call = b.ins().call(fref, &call_args);
        let results = b.inst_results(call).to_vec();
        let ok = b.create_block();
        let fail = b.create_block();
        b.ins().brif(results[0], fail, &[], ok, &[]);
        b.switch_to_block(fail);
        b.ins().return_(&[results[0]]);
        b.switch_to_block(ok);
        let mut next = 1;
        for slot in &layout.results {
            let n = repr::flat_types(&slot.ty).map_err(backend)?.len();
            let vals = &results[next..next + n];
            next += n;
            let base = slot.offset as i32;
            match repr::unflatten(&slot.ty, vals)? {
                Repr::Scalar(v) | Repr::Func(v) => store_scalar(&mut b, &slot.ty, v, rets, base),
                Repr::Vector(chunks) if repr::simd_chunks(&slot.ty).is_some() => {
                    for (c, v) in chunks.into_iter().enumerate() {
                        b.ins().store(MemFlagsData::new().with_notrap(), v, rets, base + 16 * c as i32);
                    }
                }
                Repr::Vector(lanes) => {
                    let elem = slot.ty.element_type();
                    let eb = repr::elem_bytes(elem).unwrap_or(1) as i32;
                    for (k, v) in lanes.into_iter().enumerate() {
                        store_scalar(&mut b, elem, v, rets, base + k as i32 * eb);
                    }
                }
                Repr::Memref(d) => {
                    b.ins().store(flags, d.ptr, rets, base);
                    for (k, dim) in d.dims.iter().enumerate() {
                        let v = match dim {
                            repr::Dim::Static(c) => b.ins().iconst(types::I64, *c),
                            repr::Dim::Dynamic(v) => *v,
                        };
                        b.ins().store(flags, v, rets, base + 8 * (1 + k as i32));
                    }
                    for (k, s) in d.syms.iter().enumerate() {
                        b.ins().store(flags, *s, rets, base + 8 * (1 + d.dims.len() + k) as i32);
                    }
                }
                Repr::Unit => {}
            }
        }
        let zero = b.ins().iconst(types::I32, 0);
        b.ins().return_(&[zero]);
        b.seal_all_blocks();
        b.finalize(st.jit.target_config());
    }
    st.jit.define_function(id, ctx).map_err(|e| backend(format!("{e:?}")))?;
    Ok(id)
}

/// Load an argument scalar in its memory form into its register form. Half floats arrive as
/// bits and are widened by the callee's first use, so here they are converted by a helper.
fn load_scalar(
    b: &mut FunctionBuilder<'_>,
    ty: &Type,
    ptr: cranelift_codegen::ir::Value,
    off: i32,
) -> cranelift_codegen::ir::Value {
    let flags = MemFlagsData::trusted();
    match ty {
        Type::F16 | Type::BF16 => {
            let raw = b.ins().load(types::I16, flags, ptr, off);
            let w = b.ins().uextend(types::I32, raw);
            let f = if *ty == Type::F16 {
                crate::runtime::call::strata_f16_to_f32 as *const () as usize
            } else {
                crate::runtime::call::strata_bf16_to_f32 as *const () as usize
            };
            call_helper(b, f, &[types::I32], &[types::F32], &[w])
        }
        Type::Integer(w) => {
            let c = repr::scalar_clif(ty).unwrap_or(types::I64);
            let raw = b.ins().load(c, flags, ptr, off);
            let cb = c.bits();
            if *w == 1 {
                b.ins().band_imm_s(raw, 1)
            } else if *w < cb {
                let sh = i64::from(cb - w);
                let t = b.ins().ishl_imm_s(raw, sh);
                b.ins().sshr_imm_s(t, sh)
            } else {
                raw
            }
        }
        _ => {
            let c = repr::scalar_clif(ty).unwrap_or(types::I64);
            b.ins().load(c, flags, ptr, off)
        }
    }
}

fn store_scalar(
    b: &mut FunctionBuilder<'_>,
    ty: &Type,
    v: cranelift_codegen::ir::Value,
    base: cranelift_codegen::ir::Value,
    off: i32,
) {
    let flags = MemFlagsData::trusted();
    match ty {
        Type::F16 | Type::BF16 => {
            let f = if *ty == Type::F16 {
                crate::runtime::call::strata_f32_to_f16 as *const () as usize
            } else {
                crate::runtime::call::strata_f32_to_bf16 as *const () as usize
            };
            let bits = call_helper(b, f, &[types::F32], &[types::I32], &[v]);
            let h = b.ins().ireduce(types::I16, bits);
            b.ins().store(flags, h, base, off);
        }
        _ => {
            b.ins().store(flags, v, base, off);
        }
    }
}

fn call_helper(
    b: &mut FunctionBuilder<'_>,
    addr: usize,
    params: &[types::Type],
    rets: &[types::Type],
    args: &[cranelift_codegen::ir::Value],
) -> cranelift_codegen::ir::Value {
    let mut sig = cranelift_codegen::ir::Signature::new(cranelift_codegen::isa::CallConv::SystemV);
    sig.params.extend(params.iter().map(|&t| AbiParam::new(t)));
    sig.returns.extend(rets.iter().map(|&t| AbiParam::new(t)));
    let s = b.import_signature(sig);
    let callee = b.ins().iconst(types::I64, addr as i64);
    let call = b.ins().call_indirect(s, callee, args);
    b.inst_results(call)[0]
}
