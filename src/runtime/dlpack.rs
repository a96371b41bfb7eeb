//! The DLPack ABI (`dlpack.h`, unchanged in layout since v0.4): the structs a caller hands to
//! compiled code. Generated code reads these fields at the offsets below, so they are checked
//! at compile time.

use std::ffi::c_void;

/// `kDLCPU`.
pub const DL_CPU: i32 = 1;

/// `DLDataTypeCode` values.
pub mod code {
    /// Signed integer.
    pub const INT: u8 = 0;
    /// Unsigned integer.
    pub const UINT: u8 = 1;
    /// IEEE float.
    pub const FLOAT: u8 = 2;
    /// Opaque handle.
    pub const OPAQUE_HANDLE: u8 = 3;
    /// bfloat16.
    pub const BFLOAT: u8 = 4;
    /// Complex.
    pub const COMPLEX: u8 = 5;
    /// Boolean (8 bits per element).
    pub const BOOL: u8 = 6;
}

/// Where a tensor lives.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DLDevice {
    /// `DLDeviceType` (`kDLCPU = 1`).
    pub device_type: i32,
    /// The device number.
    pub device_id: i32,
}

impl DLDevice {
    /// The host CPU.
    pub const CPU: DLDevice = DLDevice { device_type: DL_CPU, device_id: 0 };
}

/// The element type: code, bits, lanes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DLDataType {
    /// `DLDataTypeCode`.
    pub code: u8,
    /// Bits per lane.
    pub bits: u8,
    /// Lanes per element (1 for scalars).
    pub lanes: u16,
}

impl DLDataType {
    /// A scalar type.
    pub const fn new(code: u8, bits: u8) -> DLDataType {
        DLDataType { code, bits, lanes: 1 }
    }

    /// Bytes per element (bits × lanes rounded up to bytes).
    pub fn size(&self) -> usize {
        (usize::from(self.bits) * usize::from(self.lanes)).div_ceil(8)
    }

    /// A dtype by TVM's name (tir-spec.md "DataType": `{code}{bits}x{lanes}`): `int8`..`int64`,
    /// `uint1`..`uint64`, `float16/32/64`, `bfloat16`, `bool` (TVM's `uint1`), `handle` and `void`
    /// (an opaque handle of 64 and 0 bits), with an optional `xN` of lanes.
    ///
    /// ```
    /// use strata::runtime::DLDataType;
    /// let t = DLDataType::from_tvm_name("float32x4").unwrap();
    /// assert_eq!((t.code, t.bits, t.lanes), (2, 32, 4));
    /// assert_eq!(DLDataType::from_tvm_name("bool").unwrap().tvm_name(), "bool");
    /// assert!(DLDataType::from_tvm_name("float8").is_none());
    /// ```
    pub fn from_tvm_name(s: &str) -> Option<DLDataType> {
        match s {
            "handle" => return Some(DLDataType::new(code::OPAQUE_HANDLE, 64)),
            "void" => return Some(DLDataType::new(code::OPAQUE_HANDLE, 0)),
            _ => {}
        }
        let (base, lanes) = match s.split_once('x') {
            Some((b, l)) => (b, l.parse::<u16>().ok().filter(|&l| l >= 1)?),
            None => (s, 1),
        };
        let (code, digits) = if let Some(r) = base.strip_prefix("uint") {
            (code::UINT, r)
        } else if let Some(r) = base.strip_prefix("int") {
            (code::INT, r)
        } else if let Some(r) = base.strip_prefix("bfloat") {
            (code::BFLOAT, r)
        } else if let Some(r) = base.strip_prefix("float") {
            (code::FLOAT, r)
        } else if base == "bool" {
            (code::UINT, "1")
        } else {
            return None;
        };
        let bits = digits.parse::<u8>().ok()?;
        let ok = match code {
            code::INT | code::UINT => matches!(bits, 1 | 8 | 16 | 32 | 64),
            code::FLOAT => matches!(bits, 16 | 32 | 64),
            _ => bits == 16,
        };
        ok.then_some(DLDataType { code, bits, lanes })
    }

    /// TVM's name of the dtype (the inverse of [`DLDataType::from_tvm_name`]).
    pub fn tvm_name(&self) -> String {
        let base = match (self.code, self.bits) {
            (code::UINT, 1) => "bool".to_string(),
            (code::OPAQUE_HANDLE, 0) => return "void".into(),
            (code::OPAQUE_HANDLE, _) => return "handle".into(),
            _ => return self.to_string(),
        };
        if self.lanes == 1 { base } else { format!("{base}x{}", self.lanes) }
    }
}

impl std::fmt::Display for DLDataType {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let name = match self.code {
            code::INT => "int",
            code::UINT => "uint",
            code::FLOAT => "float",
            code::BFLOAT => "bfloat",
            code::BOOL => "bool",
            code::COMPLEX => "complex",
            code::OPAQUE_HANDLE => "handle",
            _ => "code",
        };
        if self.code > code::BOOL {
            write!(f, "code{}", self.code)?;
        } else {
            write!(f, "{name}")?;
        }
        write!(f, "{}", self.bits)?;
        if self.lanes != 1 {
            write!(f, "x{}", self.lanes)?;
        }
        Ok(())
    }
}

/// A borrowed n-dimensional array, as in `dlpack.h`.
#[repr(C)]
#[derive(Debug)]
pub struct DLTensor {
    /// The data (the element at index 0 is at `data + byte_offset`).
    pub data: *mut c_void,
    /// Where the data lives.
    pub device: DLDevice,
    /// Number of dimensions.
    pub ndim: i32,
    /// Element type.
    pub dtype: DLDataType,
    /// `ndim` sizes.
    pub shape: *mut i64,
    /// `ndim` strides in elements, or null for compact row-major.
    pub strides: *mut i64,
    /// Offset of the first element from `data`, in bytes.
    pub byte_offset: u64,
}

/// Field offsets generated code reads.
pub mod offsets {
    /// `DLTensor::data`.
    pub const DATA: i32 = 0;
    /// `DLTensor::shape`.
    pub const SHAPE: i32 = 24;
    /// `DLTensor::strides`.
    pub const STRIDES: i32 = 32;
    /// `DLTensor::byte_offset`.
    pub const BYTE_OFFSET: i32 = 40;
}

const _: () = {
    assert!(std::mem::size_of::<DLDevice>() == 8 && std::mem::align_of::<DLDevice>() == 4);
    assert!(std::mem::size_of::<DLDataType>() == 4 && std::mem::align_of::<DLDataType>() == 2);
    assert!(std::mem::size_of::<DLTensor>() == 48 && std::mem::align_of::<DLTensor>() == 8);
    assert!(std::mem::offset_of!(DLTensor, data) == offsets::DATA as usize);
    assert!(std::mem::offset_of!(DLTensor, device) == 8);
    assert!(std::mem::offset_of!(DLTensor, ndim) == 16);
    assert!(std::mem::offset_of!(DLTensor, dtype) == 20);
    assert!(std::mem::offset_of!(DLTensor, shape) == offsets::SHAPE as usize);
    assert!(std::mem::offset_of!(DLTensor, strides) == offsets::STRIDES as usize);
    assert!(std::mem::offset_of!(DLTensor, byte_offset) == offsets::BYTE_OFFSET as usize);
    assert!(std::mem::offset_of!(DLDataType, bits) == 1);
    assert!(std::mem::offset_of!(DLDataType, lanes) == 2);
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layout_matches_dlpack_h() {
        // spec: tir-spec.md, the DLTensor calling convention; ../shared/API.md 3.1.
        assert_eq!(std::mem::size_of::<DLTensor>(), 48);
        assert_eq!(std::mem::offset_of!(DLTensor, ndim), 16);
        assert_eq!(std::mem::offset_of!(DLTensor, dtype), 20);
        assert_eq!(std::mem::offset_of!(DLTensor, byte_offset), 40);
        assert_eq!(DLDataType::new(code::FLOAT, 32).to_string(), "float32");
        assert_eq!(DLDataType { code: code::INT, bits: 8, lanes: 4 }.size(), 4);
    }
}
