//! Dynamic values: what [`crate::engine::Compiled::call`] takes and returns.

use std::fmt;
use std::sync::Arc;

use crate::runtime::{DLTensor, Tensor};

/// A value passed to or returned from a dynamic call.
#[derive(Debug, Clone, PartialEq)]
pub enum Val {
    /// An integer of the given width (`index` has width 64), sign-extended.
    Int(i64, u32),
    /// `index`.
    Index(i64),
    /// `f16`.
    F16(half::f16),
    /// `bf16`.
    BF16(half::bf16),
    /// `f32`.
    F32(f32),
    /// `f64`.
    F64(f64),
    /// A vector's lanes, row-major.
    Vector(Vec<Val>),
    /// A memref or tensor result (owned).
    Tensor(Tensor),
    /// A function value, by name.
    Func(Arc<str>),
    /// A `none` value.
    Unit,
}

macro_rules! from_int {
    ($($t:ty => $w:expr),*) => {
        $(impl From<$t> for Val {
            fn from(v: $t) -> Val {
                Val::Int(v as i64, $w)
            }
        })*
    };
}
from_int!(i8 => 8, i16 => 16, i32 => 32, i64 => 64, u8 => 8, u16 => 16, u32 => 32, u64 => 64);

impl From<bool> for Val {
    fn from(v: bool) -> Val {
        Val::Int(i64::from(v), 1)
    }
}
impl From<f32> for Val {
    fn from(v: f32) -> Val {
        Val::F32(v)
    }
}
impl From<f64> for Val {
    fn from(v: f64) -> Val {
        Val::F64(v)
    }
}
impl From<half::f16> for Val {
    fn from(v: half::f16) -> Val {
        Val::F16(v)
    }
}
impl From<half::bf16> for Val {
    fn from(v: half::bf16) -> Val {
        Val::BF16(v)
    }
}

impl Val {
    /// This value as a call argument: a tensor by unique reference (the callee may write it),
    /// anything else by value.
    pub fn as_arg_mut(&mut self) -> Arg<'_> {
        match self {
            Val::Tensor(t) => Arg::TensorMut(t),
            other => Arg::Val(other.clone()),
        }
    }

    /// The integer value (integers and `index`), sign-extended.
    pub fn as_i64(&self) -> Option<i64> {
        match self {
            Val::Int(v, _) | Val::Index(v) => Some(*v),
            _ => None,
        }
    }

    /// The float value of any float kind.
    pub fn as_f64(&self) -> Option<f64> {
        match self {
            Val::F16(v) => Some(v.to_f64()),
            Val::BF16(v) => Some(v.to_f64()),
            Val::F32(v) => Some(f64::from(*v)),
            Val::F64(v) => Some(*v),
            _ => None,
        }
    }
}

/// Floats in the shortest form that reads back as the same value.
fn write_float(f: &mut fmt::Formatter<'_>, v: f64, shortest: String) -> fmt::Result {
    if v.is_nan() {
        f.write_str("nan")
    } else if v.is_infinite() {
        f.write_str(if v > 0.0 { "inf" } else { "-inf" })
    } else {
        f.write_str(&shortest)
    }
}

impl fmt::Display for Val {
    /// The `strata run` form: integers in signed decimal, floats in shortest round-trip form,
    /// vectors and memrefs as nested lists.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Val::Int(v, _) | Val::Index(v) => write!(f, "{v}"),
            Val::F16(v) => write_float(f, v.to_f64(), format!("{v}")),
            Val::BF16(v) => write_float(f, v.to_f64(), format!("{v}")),
            Val::F32(v) => write_float(f, f64::from(*v), format!("{v:?}")),
            Val::F64(v) => write_float(f, *v, format!("{v:?}")),
            Val::Vector(l) => {
                f.write_str("[")?;
                for (i, x) in l.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
            Val::Tensor(t) => super::literal::write_tensor(f, t),
            Val::Func(n) => write!(f, "@{n}"),
            Val::Unit => f.write_str("unit"),
        }
    }
}

/// An argument of a dynamic call.
#[derive(Debug)]
pub enum Arg<'a> {
    /// A scalar, vector or function value.
    Val(Val),
    /// A tensor the callee only reads (it may still write: memrefs are mutable, so pass
    /// [`Arg::TensorMut`] for outputs).
    Tensor(&'a Tensor),
    /// A tensor the callee may write.
    TensorMut(&'a mut Tensor),
    /// A caller's own `DLTensor`, made with the `unsafe` [`Arg::dl`]: its fields are checked
    /// as TVM checks them, but its pointers cannot be.
    Dl(RawTensor<'a>),
}

/// A caller's `DLTensor` that the caller vouched for with `unsafe` ([`Arg::dl`]).
#[derive(Clone, Copy, Debug)]
pub struct RawTensor<'a>(&'a DLTensor);

impl<'a> RawTensor<'a> {
    /// The tensor.
    pub fn get(&self) -> &'a DLTensor {
        self.0
    }
}

impl<'a> Arg<'a> {
    /// A caller's own `DLTensor` as an argument. Strata checks every field against the
    /// parameter (device, dtype, rank, shape, strides, offset, alignment), but it cannot check
    /// that the pointers in it are valid; [`Tensor`] arguments need no `unsafe`.
    ///
    /// # Safety
    /// For the duration of the call, `shape` (and `strides`, unless null) must point to `ndim`
    /// readable `i64`s, and every element the shape, strides and `byte_offset` describe, from
    /// `data`, must be memory the callee may read and write.
    pub unsafe fn dl(t: &'a DLTensor) -> Arg<'a> {
        Arg::Dl(RawTensor(t))
    }
}

impl From<Val> for Arg<'_> {
    fn from(v: Val) -> Self {
        Arg::Val(v)
    }
}
impl<'a> From<&'a Tensor> for Arg<'a> {
    fn from(t: &'a Tensor) -> Self {
        Arg::Tensor(t)
    }
}
impl<'a> From<&'a mut Tensor> for Arg<'a> {
    fn from(t: &'a mut Tensor) -> Self {
        Arg::TensorMut(t)
    }
}

impl Tensor {
    /// This tensor as a read-only argument.
    pub fn as_arg(&self) -> Arg<'_> {
        Arg::Tensor(self)
    }

    /// This tensor as an argument the callee writes.
    pub fn as_arg_mut(&mut self) -> Arg<'_> {
        Arg::TensorMut(self)
    }
}
