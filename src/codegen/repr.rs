//! How IR values live in generated code.
//!
//! - Integers of width N live in the smallest of i8/i16/i32/i64 that holds them, sign-extended
//!   from N bits (`i1` as 0 or 1), the representation `IntegerAttr` uses; `index` is i64.
//! - `f32`/`f64` are native; `f16`/`bf16` live in f32 registers, always holding a value exactly
//!   representable in the narrow type (each operation rounds), and in 16 bits in memory.
//! - Vectors whose element type Cranelift has 128-bit vectors of (f32, f64, i8, i16, i32, i64)
//!   and whose lanes fill whole 128-bit chunks live in SIMD registers, one per chunk
//!   ([`simd_chunks`]); other vectors are their lanes, one register each. Either way the order
//!   is row-major, and the layout is a function of the type.
//! - Memrefs and tensors are descriptors: a pointer to the element at index 0, the dynamic
//!   sizes, the layout symbols, and (for non-identity layouts) the physical extents.
//! - Function values are pointers to code with the internal calling convention.

use cranelift_codegen::ir::{Value, types};

use super::CodegenError;
use crate::ir::{DYNAMIC, MemrefType, Type};

/// A dimension: known at compile time or a runtime i64.
#[derive(Clone, Copy, Debug)]
pub enum Dim {
    /// A constant.
    Static(i64),
    /// A runtime value.
    Dynamic(Value),
}

/// A memref or tensor in generated code.
#[derive(Clone, Debug)]
pub struct MemrefRepr {
    /// Address of the element at logical index 0 (the buffer start for identity layouts).
    pub ptr: Value,
    /// One per logical dimension.
    pub dims: Vec<Dim>,
    /// The layout symbols, in the order of the memref's maps.
    pub syms: Vec<Value>,
    /// Extents of the physical index space (non-identity layouts only).
    pub phys: Vec<Dim>,
}

/// An IR value in generated code.
#[derive(Clone, Debug)]
pub enum Repr {
    /// An integer, index or float.
    Scalar(Value),
    /// The lanes of a vector, row-major.
    Vector(Vec<Value>),
    /// A memref or tensor.
    Memref(MemrefRepr),
    /// A function value (pointer to internal-ABI code).
    Func(Value),
    /// A value of type `none`.
    Unit,
}

impl Repr {
    /// The CLIF values, in the order of [`flat_types`].
    pub fn flatten(&self, ty: &Type) -> Vec<Value> {
        match self {
            Repr::Scalar(v) | Repr::Func(v) => vec![*v],
            Repr::Vector(l) => l.clone(),
            Repr::Memref(m) => {
                let mut out = vec![m.ptr];
                let shape = ty.shape().unwrap_or_default();
                for (d, s) in m.dims.iter().zip(&shape) {
                    if *s == DYNAMIC
                        && let Dim::Dynamic(v) = d
                    {
                        out.push(*v);
                    }
                }
                out.extend(&m.syms);
                out
            }
            Repr::Unit => Vec::new(),
        }
    }
}

/// The SIMD layout of a vector type: the Cranelift vector type of each 128-bit chunk and the
/// number of chunks, when the vector lives in SIMD registers.
pub fn simd_chunks(ty: &Type) -> Option<(types::Type, usize)> {
    let v = ty.as_vector()?;
    let ct = match v.elem {
        Type::F32 => types::F32X4,
        Type::F64 => types::F64X2,
        Type::Integer(8) => types::I8X16,
        Type::Integer(16) => types::I16X8,
        Type::Integer(32) => types::I32X4,
        Type::Integer(64) | Type::Index => types::I64X2,
        _ => return None,
    };
    let n = lanes(ty);
    let per = ct.lane_count() as usize;
    (n > 0 && n.is_multiple_of(per)).then_some((ct, n / per))
}

/// The integer width of an integer or index type.
pub fn int_width(ty: &Type) -> Option<u32> {
    match ty {
        Type::Integer(w) => Some(*w),
        Type::Index => Some(64),
        _ => None,
    }
}

/// The CLIF type of a scalar in a register.
pub fn scalar_clif(ty: &Type) -> Option<types::Type> {
    Some(match ty {
        Type::Integer(w) if *w <= 8 => types::I8,
        Type::Integer(w) if *w <= 16 => types::I16,
        Type::Integer(w) if *w <= 32 => types::I32,
        Type::Integer(w) if *w <= 64 => types::I64,
        Type::Index => types::I64,
        Type::F16 | Type::BF16 | Type::F32 => types::F32,
        Type::F64 => types::F64,
        Type::Function(_) => types::I64,
        _ => return None,
    })
}

/// The CLIF type of a scalar in memory.
pub fn memory_clif(ty: &Type) -> Option<types::Type> {
    match ty {
        Type::F16 | Type::BF16 => Some(types::I16),
        t => scalar_clif(t),
    }
}

/// Bytes per element in memory.
pub fn elem_bytes(ty: &Type) -> Option<i64> {
    match ty {
        Type::Vector(v) => {
            let lanes: u64 = v.shape.iter().product();
            Some(i64::try_from(lanes).ok()? * elem_bytes(&v.elem)?)
        }
        t => Some(i64::from(memory_clif(t)?.bytes())),
    }
}

/// Number of lanes of a vector type.
pub fn lanes(ty: &Type) -> usize {
    ty.as_vector()
        .map_or(1, |v| v.shape.iter().fold(1u64, |n, &d| n.saturating_mul(d)).try_into().unwrap_or(usize::MAX))
}

/// The memref view of a memref or ranked tensor type (tensors have the identity layout).
pub fn as_memref_like(ty: &Type) -> Option<MemrefType> {
    match ty {
        Type::Memref(m) => Some((**m).clone()),
        Type::Tensor(t) => {
            Some(MemrefType { shape: t.shape.clone()?, elem: t.elem.clone(), maps: Vec::new(), memory_space: None })
        }
        _ => None,
    }
}

/// The CLIF types a value of `ty` flattens to (block parameters, call arguments and results).
///
/// # Errors
/// Types the code generator cannot represent.
pub fn flat_types(ty: &Type) -> Result<Vec<types::Type>, String> {
    match ty {
        Type::Vector(v) => {
            if let Some((ct, n)) = simd_chunks(ty) {
                return Ok(vec![ct; n]);
            }
            let t = scalar_clif(&v.elem).ok_or_else(|| format!("vectors of '{}' are not supported", v.elem))?;
            Ok(vec![t; lanes(ty)])
        }
        Type::Memref(_) | Type::Tensor(_) => {
            let m = as_memref_like(ty).ok_or_else(|| format!("unranked '{ty}' is not supported by the JIT"))?;
            if elem_bytes(&m.elem).is_none() {
                return Err(format!("elements of type '{}' are not supported", m.elem));
            }
            let n = 1 + m.num_dynamic_dims() + m.num_layout_symbols();
            Ok(vec![types::I64; n])
        }
        Type::None => Ok(Vec::new()),
        Type::Integer(w) if *w > 64 => Err(format!("'{ty}' is wider than the 64 bits the JIT supports")),
        t => {
            scalar_clif(t).map(|c| vec![c]).ok_or_else(|| format!("values of type '{t}' are not supported by the JIT"))
        }
    }
}

/// Rebuild a value of `ty` from its flattened CLIF values (the inverse of [`Repr::flatten`]).
/// `phys` is filled in by the caller for non-identity layouts.
pub fn unflatten(ty: &Type, vals: &[Value]) -> Result<Repr, CodegenError> {
    Ok(match ty {
        Type::Vector(_) => Repr::Vector(vals.to_vec()),
        Type::Memref(_) | Type::Tensor(_) => {
            let m = as_memref_like(ty).ok_or_else(|| CodegenError::internal("unranked memref"))?;
            let mut it = vals.iter().copied();
            let ptr = it.next().ok_or_else(|| CodegenError::internal("memref without pointer"))?;
            let mut dims = Vec::new();
            for &s in &m.shape {
                dims.push(if s == DYNAMIC {
                    Dim::Dynamic(it.next().ok_or_else(|| CodegenError::internal("missing dimension"))?)
                } else {
                    Dim::Static(s)
                });
            }
            let syms: Vec<Value> = it.collect();
            Repr::Memref(MemrefRepr { ptr, dims, syms, phys: Vec::new() })
        }
        Type::Function(_) => Repr::Func(vals[0]),
        Type::None => Repr::Unit,
        _ => Repr::Scalar(vals[0]),
    })
}
