//! [`Tensor`]: an owned, aligned n-dimensional buffer, the safe way to pass memrefs to and get
//! them back from compiled code.

use std::fmt;

use super::alloc::{alloc_bytes, free_bytes, size_of_buffer};
use super::dlpack::{DLDataType, DLDevice, DLTensor, code};

/// A Rust type that can be a tensor element.
pub trait Element: Copy + 'static {
    /// Its DLPack type.
    const DTYPE: DLDataType;
}

macro_rules! element {
    ($($t:ty => $code:expr, $bits:expr;)*) => {
        $(impl Element for $t {
            const DTYPE: DLDataType = DLDataType::new($code, $bits);
        })*
    };
}

element! {
    f32 => code::FLOAT, 32;
    f64 => code::FLOAT, 64;
    half::f16 => code::FLOAT, 16;
    half::bf16 => code::BFLOAT, 16;
    i8 => code::INT, 8;
    i16 => code::INT, 16;
    i32 => code::INT, 32;
    i64 => code::INT, 64;
    u8 => code::UINT, 8;
    u16 => code::UINT, 16;
    u32 => code::UINT, 32;
    u64 => code::UINT, 64;
    bool => code::BOOL, 8;
}

/// Why a tensor could not be made.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TensorError {
    /// The data length is not the product of the shape.
    #[error("{len} elements given for shape {shape:?} ({expected} elements)")]
    Length {
        /// Elements given.
        len: usize,
        /// The shape.
        shape: Vec<i64>,
        /// Its element count.
        expected: usize,
    },
    /// A negative dimension or an overflowing size.
    #[error("invalid shape {0:?}")]
    Shape(Vec<i64>),
    /// The element type asked for is not the tensor's.
    #[error("the tensor holds {actual}, not {asked}")]
    Dtype {
        /// The tensor's type.
        actual: DLDataType,
        /// The type asked for.
        asked: DLDataType,
    },
    /// Allocation failed.
    #[error("out of memory allocating {0} bytes")]
    OutOfMemory(usize),
}

/// An owned, 64-byte aligned, compact row-major n-dimensional array.
///
/// ```
/// use strata::runtime::Tensor;
/// let t = Tensor::from_vec(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
/// assert_eq!(t.shape(), &[2, 2]);
/// assert_eq!(t.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// ```
pub struct Tensor {
    data: *mut u8,
    shape: Vec<i64>,
    dtype: DLDataType,
}

// SAFETY: the tensor exclusively owns its buffer; shared access only reads it.
unsafe impl Send for Tensor {}
// SAFETY: as above; `&Tensor` gives read-only access.
unsafe impl Sync for Tensor {}

fn element_count(shape: &[i64]) -> Result<usize, TensorError> {
    shape.iter().try_fold(1usize, |acc, &d| {
        let d = usize::try_from(d).map_err(|_| TensorError::Shape(shape.to_vec()))?;
        acc.checked_mul(d).ok_or_else(|| TensorError::Shape(shape.to_vec()))
    })
}

impl Tensor {
    /// A zero-filled tensor of `dtype`.
    ///
    /// # Errors
    /// An invalid shape or a failed allocation.
    pub fn zeros_of(dtype: DLDataType, shape: &[i64]) -> Result<Tensor, TensorError> {
        let n = element_count(shape)?;
        let bytes = n.checked_mul(dtype.size()).ok_or_else(|| TensorError::Shape(shape.to_vec()))?;
        let data = alloc_bytes(bytes);
        if data.is_null() {
            return Err(TensorError::OutOfMemory(bytes));
        }
        Ok(Tensor { data, shape: shape.to_vec(), dtype })
    }

    /// A zero-filled tensor.
    ///
    /// # Errors
    /// An invalid shape or a failed allocation.
    pub fn zeros<T: Element>(shape: &[i64]) -> Result<Tensor, TensorError> {
        Tensor::zeros_of(T::DTYPE, shape)
    }

    /// A tensor with every element `value`.
    ///
    /// # Errors
    /// An invalid shape or a failed allocation.
    pub fn filled<T: Element>(shape: &[i64], value: T) -> Result<Tensor, TensorError> {
        let mut t = Tensor::zeros::<T>(shape)?;
        t.as_mut_slice::<T>()?.fill(value);
        Ok(t)
    }

    /// A tensor holding `data` in row-major order.
    ///
    /// # Errors
    /// `data.len()` is not the product of `shape`, or the shape is invalid.
    pub fn from_vec<T: Element>(data: Vec<T>, shape: &[i64]) -> Result<Tensor, TensorError> {
        Tensor::from_slice(&data, shape)
    }

    /// A tensor holding a copy of `data` in row-major order.
    ///
    /// # Errors
    /// `data.len()` is not the product of `shape`, or the shape is invalid.
    pub fn from_slice<T: Element>(data: &[T], shape: &[i64]) -> Result<Tensor, TensorError> {
        let n = element_count(shape)?;
        if n != data.len() {
            return Err(TensorError::Length { len: data.len(), shape: shape.to_vec(), expected: n });
        }
        let mut t = Tensor::zeros::<T>(shape)?;
        t.as_mut_slice::<T>()?.copy_from_slice(data);
        Ok(t)
    }

    /// Take ownership of a buffer of the runtime allocator.
    ///
    /// # Safety
    /// `data` must come from `alloc::alloc_bytes`, hold at least `product(shape) * dtype.size()`
    /// bytes and be owned by no one else.
    pub(crate) unsafe fn from_raw(data: *mut u8, shape: Vec<i64>, dtype: DLDataType) -> Tensor {
        Tensor { data, shape, dtype }
    }

    /// The shape.
    pub fn shape(&self) -> &[i64] {
        &self.shape
    }

    /// The element type.
    pub fn dtype(&self) -> DLDataType {
        self.dtype
    }

    /// Read the same bytes as elements of another dtype of the same size (`int8` as `uint8`);
    /// whether it did.
    pub fn retag(&mut self, dtype: DLDataType) -> bool {
        if dtype.size() != self.dtype.size() {
            return false;
        }
        self.dtype = dtype;
        true
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        element_count(&self.shape).unwrap_or(0)
    }

    /// Whether the tensor has no elements.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The raw bytes.
    pub fn bytes(&self) -> &[u8] {
        let n = self.len() * self.dtype.size();
        // SAFETY: the buffer holds at least `n` initialized (zeroed at least) bytes.
        unsafe { std::slice::from_raw_parts(self.data, n) }
    }

    /// The raw bytes, mutable.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        let n = self.len() * self.dtype.size();
        // SAFETY: as for `bytes`, and `&mut self` is exclusive.
        unsafe { std::slice::from_raw_parts_mut(self.data, n) }
    }

    /// The elements as a slice of `T`.
    ///
    /// # Errors
    /// `T` is not the element type.
    pub fn as_slice<T: Element>(&self) -> Result<&[T], TensorError> {
        self.check::<T>()?;
        // SAFETY: the buffer is aligned to 64 and holds `len` elements of `T`.
        Ok(unsafe { std::slice::from_raw_parts(self.data.cast::<T>(), self.len()) })
    }

    /// The elements as a mutable slice of `T`.
    ///
    /// # Errors
    /// `T` is not the element type.
    pub fn as_mut_slice<T: Element>(&mut self) -> Result<&mut [T], TensorError> {
        self.check::<T>()?;
        // SAFETY: as for `as_slice`, and `&mut self` is exclusive.
        Ok(unsafe { std::slice::from_raw_parts_mut(self.data.cast::<T>(), self.len()) })
    }

    /// A copy of the elements.
    ///
    /// # Errors
    /// `T` is not the element type.
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>, TensorError> {
        Ok(self.as_slice::<T>()?.to_vec())
    }

    fn check<T: Element>(&self) -> Result<(), TensorError> {
        let ok = T::DTYPE == self.dtype
            // Signless integers: a signed or unsigned view of the same width is fine.
            || (matches!(T::DTYPE.code, code::INT | code::UINT)
                && matches!(self.dtype.code, code::INT | code::UINT)
                && T::DTYPE.bits == self.dtype.bits);
        if ok { Ok(()) } else { Err(TensorError::Dtype { actual: self.dtype, asked: T::DTYPE }) }
    }

    /// A `DLTensor` view of this tensor, valid while the tensor is borrowed.
    pub fn as_dl(&self) -> DLTensor {
        DLTensor {
            data: self.data.cast(),
            device: DLDevice::CPU,
            ndim: self.shape.len() as i32,
            dtype: self.dtype,
            shape: self.shape.as_ptr().cast_mut(),
            strides: std::ptr::null_mut(),
            byte_offset: 0,
        }
    }

    /// The data pointer.
    pub fn data_ptr(&self) -> *mut u8 {
        self.data
    }
}

impl Drop for Tensor {
    fn drop(&mut self) {
        // SAFETY: the tensor owns a buffer of the runtime allocator.
        unsafe { free_bytes(self.data) }
    }
}

impl Clone for Tensor {
    fn clone(&self) -> Tensor {
        let bytes = self.len() * self.dtype.size();
        let data = alloc_bytes(bytes);
        assert!(!data.is_null(), "out of memory cloning a tensor of {bytes} bytes");
        // SAFETY: both buffers hold `bytes` bytes and do not overlap.
        unsafe { std::ptr::copy_nonoverlapping(self.data, data, bytes) };
        Tensor { data, shape: self.shape.clone(), dtype: self.dtype }
    }
}

impl fmt::Debug for Tensor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // SAFETY: the tensor owns a buffer of the runtime allocator.
        let cap = unsafe { size_of_buffer(self.data) };
        f.debug_struct("Tensor").field("shape", &self.shape).field("dtype", &self.dtype).field("bytes", &cap).finish()
    }
}

impl PartialEq for Tensor {
    fn eq(&self, other: &Tensor) -> bool {
        self.shape == other.shape && self.dtype == other.dtype && self.bytes() == other.bytes()
    }
}
