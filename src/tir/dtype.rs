//! TIR data types: code, bits, lanes (tir-spec.md "DataType").

use std::fmt;

use crate::runtime::dlpack::{DLDataType, code};

/// The type code of a [`DataType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum TypeCode {
    /// Signed integer.
    Int,
    /// Unsigned integer (`uint1` is bool).
    UInt,
    /// IEEE float.
    Float,
    /// bfloat16.
    BFloat,
    /// A pointer (`handle`); with 0 bits, `void`.
    Handle,
}

/// A TIR data type: scalar when `lanes` is 1, a vector otherwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DataType {
    /// The element kind.
    pub code: TypeCode,
    /// Bits per element.
    pub bits: u8,
    /// Number of elements.
    pub lanes: u16,
}

impl DataType {
    /// A scalar type.
    pub const fn new(code: TypeCode, bits: u8) -> DataType {
        DataType { code, bits, lanes: 1 }
    }
    /// `int32`, the default integer type.
    pub const INT32: DataType = DataType::new(TypeCode::Int, 32);
    /// `int64`.
    pub const INT64: DataType = DataType::new(TypeCode::Int, 64);
    /// `float32`.
    pub const FLOAT32: DataType = DataType::new(TypeCode::Float, 32);
    /// `float64`.
    pub const FLOAT64: DataType = DataType::new(TypeCode::Float, 64);
    /// `bool` (`uint1`).
    pub const BOOL: DataType = DataType::new(TypeCode::UInt, 1);
    /// `handle`.
    pub const HANDLE: DataType = DataType::new(TypeCode::Handle, 64);
    /// `void`.
    pub const VOID: DataType = DataType::new(TypeCode::Handle, 0);

    /// The largest finite value of a float type (`None` for other types).
    pub fn float_max(self) -> Option<f64> {
        match (self.code, self.bits) {
            (TypeCode::Float, 16) => Some(f64::from(half::f16::MAX)),
            (TypeCode::BFloat, 16) => Some(f64::from(half::bf16::MAX)),
            (TypeCode::Float, 32) => Some(f64::from(f32::MAX)),
            (TypeCode::Float | TypeCode::BFloat, _) => Some(f64::MAX),
            _ => None,
        }
    }

    /// The same element type with `lanes` lanes.
    pub fn with_lanes(self, lanes: u16) -> DataType {
        DataType { lanes, ..self }
    }
    /// The element type (one lane).
    pub fn element(self) -> DataType {
        self.with_lanes(1)
    }
    /// Whether it is a scalar (one lane, not a handle).
    pub fn is_scalar(self) -> bool {
        self.lanes == 1 && self.code != TypeCode::Handle
    }
    /// Whether the code is Int or UInt.
    pub fn is_int(self) -> bool {
        matches!(self.code, TypeCode::Int | TypeCode::UInt)
    }
    /// Whether the code is Float or BFloat.
    pub fn is_float(self) -> bool {
        matches!(self.code, TypeCode::Float | TypeCode::BFloat)
    }
    /// Whether it is `bool` (uint1), of any lanes.
    pub fn is_bool(self) -> bool {
        self.code == TypeCode::UInt && self.bits == 1
    }
    /// Whether it is a handle (pointer) or void.
    pub fn is_handle(self) -> bool {
        self.code == TypeCode::Handle
    }
    /// Whether it is `void` (a handle of 0 bits).
    pub fn is_void(self) -> bool {
        self.code == TypeCode::Handle && self.bits == 0
    }
    /// Whether it is a scalar `int32` or `int64`: what TVM calls an index type
    /// (`arith::IsIndexType`), the types its operators fold `%` and shifts for.
    pub fn is_index(self) -> bool {
        self.code == TypeCode::Int && self.lanes == 1 && matches!(self.bits, 32 | 64)
    }
    /// Whether the code is UInt.
    pub fn is_uint(self) -> bool {
        self.code == TypeCode::UInt
    }
    /// Bytes of one element in memory (lanes included; `bool` takes a byte).
    pub fn bytes(self) -> usize {
        usize::from(self.bits).div_ceil(8).max(1) * usize::from(self.lanes)
    }
    /// The DLPack type code (`kDLInt` 0, `kDLUInt` 1, `kDLFloat` 2, `kDLOpaqueHandle` 3,
    /// `kDLBfloat` 4).
    pub fn dlpack_code(self) -> u8 {
        match self.code {
            TypeCode::Int => 0,
            TypeCode::UInt => 1,
            TypeCode::Float => 2,
            TypeCode::Handle => 3,
            TypeCode::BFloat => 4,
        }
    }

    /// Parse `int32`, `float16x4`, `bool`, `handle`, `void`, `uint1`, `bfloat16`.
    pub fn parse(s: &str) -> Option<DataType> {
        DataType::from_dl(DLDataType::from_tvm_name(s)?)
    }

    /// [`DataType::parse`], and also TVM's 4-bit integers (`int4`, `uint4`, with lanes), which
    /// TVMScript may name: they are read and printed, but not compiled (see
    /// [`DataType::is_sub_byte_int`]).
    pub fn parse_script(s: &str) -> Option<DataType> {
        DataType::parse(s).or_else(|| {
            let (base, lanes) = match s.split_once('x') {
                Some((b, l)) => (b, l.parse::<u16>().ok().filter(|&l| l >= 1)?),
                None => (s, 1),
            };
            let code = match base {
                "int4" => TypeCode::Int,
                "uint4" => TypeCode::UInt,
                _ => return None,
            };
            Some(DataType { code, bits: 4, lanes })
        })
    }

    /// An `int4`/`uint4` (TVM packs them two to a byte when it allocates them, but its LLVM
    /// build reads one per byte; Strata does not compile them).
    pub fn is_sub_byte_int(self) -> bool {
        matches!(self.code, TypeCode::Int | TypeCode::UInt) && self.bits > 1 && self.bits < 8
    }

    /// The DLPack form (the calling convention's and the runtime's view of the type).
    pub fn to_dl(self) -> DLDataType {
        DLDataType { code: self.dlpack_code(), bits: self.bits, lanes: self.lanes }
    }

    /// From the DLPack form (`None` for codes TIR has no name for).
    pub fn from_dl(d: DLDataType) -> Option<DataType> {
        let code = match d.code {
            code::INT => TypeCode::Int,
            code::UINT => TypeCode::UInt,
            code::FLOAT => TypeCode::Float,
            code::OPAQUE_HANDLE => TypeCode::Handle,
            code::BFLOAT => TypeCode::BFloat,
            _ => return None,
        };
        Some(DataType { code, bits: d.bits, lanes: d.lanes })
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_dl().tvm_name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names() {
        // spec: tir-spec.md, "String format ... {code}{bits}x{lanes}".
        for s in ["int32", "uint8", "float16x4", "int8x8", "bool", "boolx4", "handle", "void", "bfloat16", "float64"] {
            assert_eq!(DataType::parse(s).map(|d| d.to_string()), Some(s.to_string()), "{s}");
        }
        assert_eq!(DataType::parse("uint1"), Some(DataType::BOOL));
        assert_eq!(DataType::parse("int7"), None);
        // TVMScript also names TVM's 4-bit integers.
        assert_eq!(DataType::parse("int4"), None);
        for s in ["int4", "uint4", "int4x8"] {
            assert_eq!(DataType::parse_script(s).map(|d| d.to_string()), Some(s.to_string()), "{s}");
        }
        assert!(DataType::parse_script("int4").is_some_and(DataType::is_sub_byte_int));
        assert_eq!(DataType::parse("bfloat32"), None);
    }
}
