//! Calling a compiled function's entry: argument checks (DLPack fields against memref types,
//! in TVM's order), the call itself, and turning results into values.

use std::sync::Arc;

use super::literal::{dtype_of, read_elem};
use super::value::Val;
use crate::Error;
use crate::codegen::repr::{self, as_memref_like};
use crate::codegen::{CompiledCode, FunctionCode, ParamSlot};
use crate::ir::{AffineMap, DYNAMIC, ExprKind, FunctionType, MemrefType, Type};
use crate::runtime::alloc::size_of_buffer;
use crate::runtime::dlpack::{DL_CPU, DLDataType, DLTensor, code};
use crate::runtime::{CallCtx, Tensor, Trap};

/// `@name(type, type, ..)` for messages.
pub(crate) fn signature_text(name: &str, ty: &FunctionType) -> String {
    let args: Vec<String> = ty.inputs.iter().map(ToString::to_string).collect();
    let mut s = format!("@{name}({})", args.join(", "));
    match ty.results.as_slice() {
        [] => {}
        [r] => s.push_str(&format!(" -> {r}")),
        rs => s.push_str(&format!(" -> ({})", rs.iter().map(ToString::to_string).collect::<Vec<_>>().join(", "))),
    }
    s
}

pub(crate) fn arg_error(f: &FunctionCode, index: usize, message: String) -> Error {
    Error::Argument {
        func: f.name.to_string(),
        message: format!("argument #{index} of {}: {message}", signature_text(&f.name, &f.ty)),
    }
}

/// Whether a DLPack element type can carry elements of IR type `elem`.
fn dtype_accepts(elem: &Type, dt: DLDataType) -> bool {
    let Some(want) = dtype_of(elem) else { return false };
    if dt == want {
        return true;
    }
    match elem {
        // Signless integers: signed or unsigned of the storage width; i1 also as TVM's uint1.
        Type::Integer(1) => {
            matches!((dt.code, dt.bits), (code::UINT | code::INT, 8) | (code::UINT | code::INT, 1)) && dt.lanes == 1
        }
        Type::Integer(_) | Type::Index => {
            matches!(dt.code, code::INT | code::UINT) && dt.bits == want.bits && dt.lanes == want.lanes
        }
        Type::Vector(v) => dtype_accepts(&v.elem, DLDataType { lanes: 1, ..dt }) && dt.lanes == want.lanes,
        _ => false,
    }
}

/// The strides (in elements) a layout requires of a DLTensor, when it is a permutation.
fn layout_strides(mt: &MemrefType, shape: &[i64]) -> Option<Vec<i64>> {
    let mut map: Option<AffineMap> = None;
    for m in &mt.maps {
        map = Some(match map {
            None => m.clone(),
            Some(prev) => m.compose(&prev),
        });
    }
    let map = map?;
    if map.num_symbols() > 0 || map.results().len() != shape.len() {
        return None;
    }
    let perm: Vec<usize> = map
        .results()
        .iter()
        .map(|e| if let ExprKind::Dim(d) = e.kind() { Some(*d as usize) } else { None })
        .collect::<Option<_>>()?;
    let mut strides = vec![0; shape.len()];
    let mut acc = 1i64;
    for &d in perm.iter().rev() {
        strides[d] = acc;
        acc = acc.checked_mul(*shape.get(d)?)?;
    }
    Some(strides)
}

/// The common case, checked without allocating: a compact CPU tensor of exactly the element
/// type, for an identity-layout memref or tensor whose static sizes it has.
fn quick_ok(dl: &DLTensor, ty: &Type) -> bool {
    let (shape, elem) = match ty {
        Type::Memref(m) if m.maps.is_empty() => (&m.shape, &m.elem),
        Type::Tensor(t) => match &t.shape {
            Some(s) => (s, &t.elem),
            None => return false,
        },
        _ => return false,
    };
    let rank = shape.len();
    if dl.device.device_type != DL_CPU
        || dl.ndim as usize != rank
        || !dl.strides.is_null()
        || dtype_of(elem) != Some(dl.dtype)
    {
        return false;
    }
    if rank > 0 && dl.shape.is_null() || dl.data.is_null() {
        return false;
    }
    // SAFETY: a DLTensor's shape has ndim entries.
    let dims = if rank == 0 { &[][..] } else { unsafe { std::slice::from_raw_parts(dl.shape, rank) } };
    let esize = u64::from(dl.dtype.bits.div_ceil(8)) * u64::from(dl.dtype.lanes);
    dims.iter().zip(shape).all(|(&g, &w)| g >= 0 && (w == DYNAMIC || g == w))
        && dl.byte_offset.is_multiple_of(esize.max(1))
}

/// Check a DLTensor against a memref/tensor parameter type (device, dtype, ndim, shape,
/// strides, byte_offset, data), naming the field that is wrong.
pub(crate) fn check_tensor(dl: &DLTensor, ty: &Type) -> Result<(), String> {
    if quick_ok(dl, ty) {
        return Ok(());
    }
    let mt = as_memref_like(ty).ok_or_else(|| format!("'{ty}' cannot be passed as a DLTensor"))?;
    if dl.device.device_type != DL_CPU {
        return Err(format!(
            "device is {} (type {}), expected the CPU (type 1)",
            dl.device.device_id, dl.device.device_type
        ));
    }
    if !dtype_accepts(&mt.elem, dl.dtype) {
        let want = dtype_of(&mt.elem).map_or_else(|| mt.elem.to_string(), |d| d.to_string());
        return Err(format!("dtype is {}, expected {want}", dl.dtype));
    }
    let rank = mt.shape.len();
    if dl.ndim as usize != rank || dl.ndim < 0 {
        return Err(format!("ndim is {}, expected {rank}", dl.ndim));
    }
    let shape: &[i64] = if rank == 0 || dl.shape.is_null() {
        &[]
    } else {
        // SAFETY: a DLTensor's shape has ndim entries.
        unsafe { std::slice::from_raw_parts(dl.shape, rank) }
    };
    if shape.len() != rank {
        return Err("shape is null".into());
    }
    for (i, (&got, &want)) in shape.iter().zip(&mt.shape).enumerate() {
        if got < 0 {
            return Err(format!("shape[{i}] is {got}, expected a size"));
        }
        if want != DYNAMIC && got != want {
            return Err(format!("shape[{i}] is {got}, expected {want}"));
        }
    }
    let compact: Vec<i64> = {
        let mut s = vec![1i64; rank];
        for i in (0..rank.saturating_sub(1)).rev() {
            s[i] = s[i + 1].saturating_mul(shape[i + 1]);
        }
        s
    };
    let required = if mt.maps.is_empty() { Some(compact.clone()) } else { layout_strides(&mt, shape) };
    if dl.strides.is_null() {
        if !mt.maps.is_empty() && required.is_some() {
            return Err(format!(
                "strides are null (compact row-major), but '{ty}' needs strides {:?}",
                required.unwrap_or_default()
            ));
        }
    } else {
        // SAFETY: non-null strides have ndim entries.
        let strides = unsafe { std::slice::from_raw_parts(dl.strides, rank) };
        match &required {
            Some(req) => {
                for i in 0..rank {
                    if strides[i] != req[i] && shape[i] != 1 {
                        return Err(format!(
                            "strides[{i}] is {}, expected {} (strides {strides:?}, expected {req:?})",
                            strides[i], req[i]
                        ));
                    }
                }
            }
            None => return Err(format!("strides must be null for the layout of '{ty}'")),
        }
    }
    let esize = repr::elem_bytes(&mt.elem).unwrap_or(1) as u64;
    if !dl.byte_offset.is_multiple_of(esize) {
        return Err(format!("byte_offset is {}, not a multiple of the element size {esize}", dl.byte_offset));
    }
    // Only an empty tensor may have no data (a product of the dimensions could wrap to 0).
    if dl.data.is_null() && !shape.contains(&0) {
        return Err("data is null".into());
    }
    Ok(())
}

/// Storage for the arguments of one call: pointers stay valid while it lives.
pub(crate) struct ArgBuffers {
    scalars: Vec<[u8; 8]>,
    vectors: Vec<Vec<u8>>,
    dls: Vec<DLTensor>,
}

/// Write a scalar value in its memory form for a parameter of type `ty`.
pub(crate) fn scalar_bytes(v: &Val, ty: &Type) -> Result<[u8; 8], String> {
    let mut b = [0u8; 8];
    match (ty, v) {
        (Type::Integer(w), Val::Int(x, vw)) if *w == *vw || (*vw == 64 && *w < 64) || *w == 1 => {
            let n = crate::ir::normalize_int(i128::from(*x), *w).map_err(|_| format!("{x} does not fit in '{ty}'"))?;
            b.copy_from_slice(&(n as i64).to_le_bytes());
        }
        (Type::Integer(w), Val::Int(x, vw)) if *vw < *w => b.copy_from_slice(&x.to_le_bytes()),
        (Type::Index, Val::Index(x) | Val::Int(x, _)) => b.copy_from_slice(&x.to_le_bytes()),
        (Type::F16, Val::F16(x)) => b[..2].copy_from_slice(&x.to_le_bytes()),
        (Type::BF16, Val::BF16(x)) => b[..2].copy_from_slice(&x.to_le_bytes()),
        (Type::F32, Val::F32(x)) => b[..4].copy_from_slice(&x.to_le_bytes()),
        (Type::F64, Val::F64(x)) => b.copy_from_slice(&x.to_le_bytes()),
        (Type::F32, Val::F64(x)) => b[..4].copy_from_slice(&(*x as f32).to_le_bytes()),
        (Type::F64, Val::F32(x)) => b.copy_from_slice(&f64::from(*x).to_le_bytes()),
        _ => return Err(format!("a value of type '{ty}' was expected, got {v:?}")),
    }
    Ok(b)
}

/// Check each DLTensor argument against its parameter's type: for functions whose calling
/// convention was read from a file, after its binder (whose messages are TVM's) accepted them.
///
/// # Safety
/// `ptrs[i]` points to a valid `DLTensor` for every `ParamSlot::Tensor` slot.
pub(crate) unsafe fn check_tensor_args(slots: &[ParamSlot], ptrs: &[*mut u8]) -> Result<(), (usize, String)> {
    for (i, (s, &p)) in slots.iter().zip(ptrs).enumerate() {
        if let ParamSlot::Tensor(t) = s {
            // SAFETY: the caller passes a DLTensor for each tensor slot.
            let dl = unsafe { &*(p as *const DLTensor) };
            check_tensor(dl, t).map_err(|m| (i, m))?;
        }
    }
    Ok(())
}

/// Prepare the argument pointers of a dynamic call.
pub(crate) fn prepare(
    code: &CompiledCode,
    f: &FunctionCode,
    args: &mut [super::value::Arg<'_>],
    check: bool,
) -> Result<(ArgBuffers, Vec<*mut u8>), Error> {
    let check_tensor = |dl: &DLTensor, t: &Type| if check { check_tensor(dl, t) } else { Ok(()) };
    use super::value::Arg;
    if args.len() != f.layout.params.len() {
        return Err(Error::Argument {
            func: f.name.to_string(),
            message: format!(
                "{} takes {} arguments, {} given",
                signature_text(&f.name, &f.ty),
                f.layout.params.len(),
                args.len()
            ),
        });
    }
    let mut bufs = ArgBuffers {
        scalars: Vec::with_capacity(args.len()),
        vectors: Vec::new(),
        dls: Vec::with_capacity(args.len()),
    };
    // Which buffer each argument lives in: filled first, pointers taken after (no moves).
    enum Where {
        Scalar(usize),
        Vector(usize),
        Dl(usize),
        Raw(*mut u8),
    }
    let mut wheres = Vec::with_capacity(args.len());
    for (i, (slot, arg)) in f.layout.params.iter().zip(args.iter_mut()).enumerate() {
        let w = match (slot, arg) {
            (ParamSlot::Scalar(t), Arg::Val(v)) => {
                bufs.scalars.push(scalar_bytes(v, t).map_err(|m| arg_error(f, i, m))?);
                Where::Scalar(bufs.scalars.len() - 1)
            }
            (ParamSlot::Func(_), Arg::Val(Val::Func(name))) => {
                let addr = code
                    .function_addrs
                    .iter()
                    .find(|(_, n)| ***n == **name)
                    .map(|(a, _)| *a)
                    .ok_or_else(|| arg_error(f, i, format!("no function '@{name}' in this module")))?;
                bufs.scalars.push((addr as u64).to_le_bytes());
                Where::Scalar(bufs.scalars.len() - 1)
            }
            (ParamSlot::Vector(t), Arg::Val(Val::Vector(lanes))) => {
                let elem = t.element_type();
                let eb = repr::elem_bytes(elem).unwrap_or(1) as usize;
                if lanes.len() != repr::lanes(t) {
                    return Err(arg_error(f, i, format!("{} lanes given, expected {}", lanes.len(), repr::lanes(t))));
                }
                let mut out = Vec::with_capacity(lanes.len() * eb);
                for l in lanes.iter() {
                    out.extend_from_slice(&scalar_bytes(l, elem).map_err(|m| arg_error(f, i, m))?[..eb]);
                }
                bufs.vectors.push(out);
                Where::Vector(bufs.vectors.len() - 1)
            }
            (ParamSlot::Tensor(t), Arg::Tensor(x)) => {
                let dl = x.as_dl();
                check_tensor(&dl, t).map_err(|m| arg_error(f, i, m))?;
                bufs.dls.push(dl);
                Where::Dl(bufs.dls.len() - 1)
            }
            (ParamSlot::Tensor(t), Arg::TensorMut(x)) => {
                let dl = x.as_dl();
                check_tensor(&dl, t).map_err(|m| arg_error(f, i, m))?;
                bufs.dls.push(dl);
                Where::Dl(bufs.dls.len() - 1)
            }
            (ParamSlot::Tensor(t), Arg::Val(Val::Tensor(x))) => {
                let dl = x.as_dl();
                check_tensor(&dl, t).map_err(|m| arg_error(f, i, m))?;
                bufs.dls.push(dl);
                Where::Dl(bufs.dls.len() - 1)
            }
            (ParamSlot::Tensor(t), Arg::Dl(raw)) => {
                let dl = raw.get();
                check_tensor(dl, t).map_err(|m| arg_error(f, i, m))?;
                Where::Raw((dl as *const DLTensor).cast_mut().cast())
            }
            (ParamSlot::Unit, _) => Where::Raw(std::ptr::null_mut()),
            (slot, arg) => {
                let want = match slot {
                    ParamSlot::Scalar(t) | ParamSlot::Vector(t) | ParamSlot::Tensor(t) | ParamSlot::Func(t) => {
                        t.to_string()
                    }
                    ParamSlot::Unit => "none".into(),
                };
                return Err(arg_error(f, i, format!("expected a value of type '{want}', got {arg:?}")));
            }
        };
        wheres.push(w);
    }
    let ptrs = wheres
        .into_iter()
        .map(|w| match w {
            Where::Scalar(k) => bufs.scalars[k].as_mut_ptr(),
            Where::Vector(k) => bufs.vectors[k].as_mut_ptr(),
            Where::Dl(k) => (&mut bufs.dls[k] as *mut DLTensor).cast(),
            Where::Raw(p) => p,
        })
        .collect();
    Ok((bufs, ptrs))
}

/// The entry function type.
pub(crate) type EntryFn = unsafe extern "C" fn(*const *mut u8, *mut u8, *mut CallCtx) -> i32;

/// Run the entry; a non-zero status becomes the trap recorded in the context.
///
/// # Safety
/// `entry` must be the entry of `f` in `code`, and `args`/`rets` laid out as `f.layout` says.
pub(crate) unsafe fn invoke(
    code: &CompiledCode,
    f: &FunctionCode,
    entry: EntryFn,
    args: &[*mut u8],
    rets: *mut u8,
    ctx: &mut CallCtx,
) -> Result<(), Error> {
    // SAFETY: by the contract above.
    let status = unsafe { entry(args.as_ptr(), rets, ctx) };
    if status == 0 {
        return Ok(());
    }
    Err(Error::Trap(trap_of(code, &f.name, ctx)))
}

pub(crate) fn trap_of(code: &CompiledCode, func: &Arc<str>, ctx: &CallCtx) -> Trap {
    match ctx.trap() {
        Some((kind, site)) => {
            let s = code.sites.get(site);
            Trap {
                kind,
                func: s.map_or_else(|| func.clone(), |s| s.func.clone()),
                loc: s.and_then(crate::codegen::Site::loc),
                detail: s.and_then(|s| s.detail.clone()),
            }
        }
        None => Trap {
            kind: crate::runtime::TrapKind::AssertFailed,
            func: func.clone(),
            loc: None,
            detail: Some("unknown error status".into()),
        },
    }
}

fn read_i64(rets: &[u8], off: usize) -> i64 {
    let mut b = [0u8; 8];
    b.copy_from_slice(&rets[off..off + 8]);
    i64::from_le_bytes(b)
}

/// A scalar result of type `ty` stored at `off`.
pub(crate) fn read_scalar(code: &CompiledCode, rets: &[u8], off: usize, ty: &Type) -> Val {
    let raw = read_i64(rets, off);
    match ty {
        Type::Integer(w) => {
            let bits = repr::scalar_clif(ty).map_or(64, |c| c.bits());
            let shift = 64 - bits;
            let v = (raw << shift) >> shift;
            Val::Int(if *w == 1 { v & 1 } else { v }, *w)
        }
        Type::Index => Val::Index(raw),
        Type::F16 => Val::F16(half::f16::from_bits(raw as u16)),
        Type::BF16 => Val::BF16(half::bf16::from_bits(raw as u16)),
        Type::F32 => Val::F32(f32::from_bits(raw as u32)),
        Type::F64 => Val::F64(f64::from_bits(raw as u64)),
        Type::Function(_) => {
            Val::Func(code.function_addrs.get(&(raw as usize)).cloned().unwrap_or_else(|| "<unknown>".into()))
        }
        _ => Val::Unit,
    }
}

/// Turn the results buffer into values, taking ownership of returned buffers.
pub(crate) fn decode_results(
    code: &CompiledCode,
    f: &FunctionCode,
    rets: &[u8],
    ctx: &mut CallCtx,
) -> Result<Vec<Val>, Error> {
    let mut out = Vec::with_capacity(f.layout.results.len());
    for slot in &f.layout.results {
        let off = slot.offset;
        let v = match &slot.ty {
            Type::Vector(v) => {
                let eb = repr::elem_bytes(&v.elem).unwrap_or(1) as usize;
                let n = repr::lanes(&slot.ty);
                let lanes = (0..n)
                    .map(|k| {
                        let mut b = [0u8; 16];
                        b[..eb].copy_from_slice(&rets[off + k * eb..off + (k + 1) * eb]);
                        read_scalar(code, &b, 0, &v.elem)
                    })
                    .collect();
                Val::Vector(lanes)
            }
            Type::Memref(_) | Type::Tensor(_) => Val::Tensor(
                take_tensor(rets, off, &slot.ty, ctx)
                    .map_err(|m| Error::Call { func: f.name.to_string(), message: m })?,
            ),
            Type::None => Val::Unit,
            t => read_scalar(code, rets, off, t),
        };
        out.push(v);
    }
    Ok(out)
}

/// A returned memref or tensor as an owned tensor: the buffer itself when the call allocated
/// exactly it, else a compact copy read through the layout.
pub(crate) fn take_tensor(rets: &[u8], off: usize, ty: &Type, ctx: &mut CallCtx) -> Result<Tensor, String> {
    let mt = as_memref_like(ty).ok_or("unranked result")?;
    let dtype = dtype_of(&mt.elem).ok_or_else(|| format!("elements of '{}' cannot be returned", mt.elem))?;
    let ptr = read_i64(rets, off) as *mut u8;
    let rank = mt.shape.len();
    let dims: Vec<i64> = (0..rank).map(|k| read_i64(rets, off + 8 * (1 + k))).collect();
    let syms: Vec<i64> = (0..mt.num_layout_symbols()).map(|k| read_i64(rets, off + 8 * (1 + rank + k))).collect();
    let n: i64 = dims.iter().product();
    let esize = dtype.size();
    let bytes = (n.max(0) as usize) * esize;
    if mt.maps.is_empty() && ctx.allocations.contains(&ptr) {
        // SAFETY: a live allocation of this call has the runtime allocator's header.
        if unsafe { size_of_buffer(ptr) } == bytes && ctx.take_allocation(ptr) {
            // SAFETY: ownership moves from the call to the tensor; it is of the right size.
            return Ok(unsafe { Tensor::from_raw(ptr, dims, dtype) });
        }
    }
    let mut t = Tensor::zeros_of(dtype, &dims).map_err(|e| e.to_string())?;
    if bytes == 0 {
        return Ok(t);
    }
    if mt.maps.is_empty() {
        // SAFETY: the returned descriptor points to `bytes` readable bytes.
        unsafe { std::ptr::copy_nonoverlapping(ptr, t.bytes_mut().as_mut_ptr(), bytes) };
        return Ok(t);
    }
    let ext = crate::ir::layout_extents(&mt.maps, &dims, &syms).ok_or("unbounded layout")?;
    let mut idx = vec![0i64; rank];
    for i in 0..n as usize {
        let mut rem = i as i64;
        for k in (0..rank).rev() {
            idx[k] = rem % dims[k];
            rem /= dims[k];
        }
        let mut cur = idx.clone();
        let mut s = 0;
        for m in &mt.maps {
            let own = &syms[s..s + m.num_symbols()];
            s += m.num_symbols();
            cur = m.eval(&cur, own).map_err(|_| "layout evaluation failed")?;
        }
        let mut lin = 0i64;
        for (c, e) in cur.iter().zip(&ext) {
            lin = lin * e + c;
        }
        // SAFETY: the physical index is inside the buffer the layout describes.
        unsafe {
            std::ptr::copy_nonoverlapping(
                ptr.add(lin as usize * esize),
                t.bytes_mut().as_mut_ptr().add(i * esize),
                esize,
            );
        }
    }
    let _ = read_elem;
    Ok(t)
}
