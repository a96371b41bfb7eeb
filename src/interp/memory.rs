//! The interpreter's memory: buffers owned by reference counts, and memref values that view
//! them the way generated code's descriptors do (the element at logical index 0, the dynamic
//! sizes, the layout symbols and the physical extents of non-identity layouts).

use std::borrow::Cow;
use std::cell::{Cell, RefCell};
use std::rc::Rc;

use super::IVal;
use crate::ir::{MemrefType, Type, layout_extents};
use crate::runtime::TrapKind;

/// Where a buffer came from: only `alloc`'s buffers may be deallocated.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Origin {
    /// `alloc`: freed by `dealloc`.
    Heap,
    /// A frame buffer, an argument, a constant or a module buffer.
    Other,
}

/// Bytes some memrefs view.
#[derive(Debug)]
pub(crate) struct Buffer {
    pub bytes: RefCell<Vec<u8>>,
    pub origin: Origin,
    /// Cleared by `dealloc`. As in generated code with bounds checks, freed memory is not
    /// reused during the call, so a use after `dealloc` reads what was there.
    pub live: Cell<bool>,
}

impl Buffer {
    /// A zeroed buffer; `None` when `bytes` is beyond what a call may allocate.
    pub fn zeroed(bytes: i64, origin: Origin) -> Option<Rc<Buffer>> {
        // The interpreter is for small programs: refuse what would exhaust the host.
        const LIMIT: i64 = 1 << 32;
        if !(0..=LIMIT).contains(&bytes) {
            return None;
        }
        let n = bytes as usize;
        let v = if n == 0 {
            Vec::new()
        } else {
            // Zeroed by the allocator (pages the program never touches cost nothing), and a
            // failure is an error, not an abort.
            let layout = std::alloc::Layout::array::<u8>(n).ok()?;
            // SAFETY: the layout has a non-zero size.
            let p = unsafe { std::alloc::alloc_zeroed(layout) };
            if p.is_null() {
                return None;
            }
            // SAFETY: `p` was allocated by the global allocator with the layout of `n` bytes
            // (capacity `n`), and all `n` bytes are initialized (zero).
            unsafe { Vec::from_raw_parts(p, n, n) }
        };
        Some(Rc::new(Buffer { bytes: RefCell::new(v), origin, live: Cell::new(true) }))
    }

    /// A buffer holding `bytes`.
    pub fn from_bytes(bytes: Vec<u8>, origin: Origin) -> Rc<Buffer> {
        Rc::new(Buffer { bytes: RefCell::new(bytes), origin, live: Cell::new(true) })
    }
}

/// A memref (or tensor) value: a view of a buffer.
#[derive(Clone, Debug)]
pub(crate) struct MemrefVal {
    pub buf: Rc<Buffer>,
    /// Byte offset of the element at logical index 0.
    pub base: i64,
    /// Every dimension's size.
    pub dims: Vec<i64>,
    /// The layout symbols, in the order of the type's maps.
    pub syms: Vec<i64>,
    /// Extents of the physical index space (non-identity layouts only).
    pub phys: Vec<i64>,
}

/// Bytes of one element of `ty` in memory (integers in their container, `i1` in a byte).
pub(crate) fn elem_bytes(ty: &Type) -> Option<i64> {
    Some(match ty {
        Type::Integer(w) if *w <= 8 => 1,
        Type::Integer(w) if *w <= 16 => 2,
        Type::Integer(w) if *w <= 32 => 4,
        Type::Integer(w) if *w <= 64 => 8,
        Type::Index | Type::F64 => 8,
        Type::F32 => 4,
        Type::F16 | Type::BF16 => 2,
        Type::Vector(v) => {
            let lanes: u64 = v.shape.iter().product();
            i64::try_from(lanes).ok()?.checked_mul(elem_bytes(&v.elem)?)?
        }
        _ => return None,
    })
}

/// A memref type, or the memref a ranked tensor lives in.
pub(crate) fn memref_like(ty: &Type) -> Option<Cow<'_, MemrefType>> {
    match ty {
        Type::Memref(m) => Some(Cow::Borrowed(&**m)),
        Type::Tensor(t) => Some(Cow::Owned(MemrefType {
            shape: t.shape.clone()?,
            elem: t.elem.clone(),
            maps: Vec::new(),
            memory_space: None,
        })),
        _ => None,
    }
}

/// The physical extents of a layout over `dims` (empty for identity layouts).
pub(crate) fn physical_extents(mt: &MemrefType, dims: &[i64], syms: &[i64]) -> Result<Vec<i64>, TrapKind> {
    if mt.maps.is_empty() {
        return Ok(Vec::new());
    }
    layout_extents(&mt.maps, dims, syms).ok_or(TrapKind::DivisionByZero)
}

/// The number of elements of `dims` and their bytes, `None` on overflow.
pub(crate) fn byte_size(dims: &[i64], elem: &Type) -> Option<i64> {
    dims.iter().try_fold(elem_bytes(elem)?, |n, &d| if d < 0 { None } else { n.checked_mul(d) })
}

impl MemrefVal {
    /// A fresh zeroed buffer of shape `dims`.
    pub fn alloc(mt: &MemrefType, dims: Vec<i64>, syms: Vec<i64>, origin: Origin) -> Result<MemrefVal, TrapKind> {
        let phys = physical_extents(mt, &dims, &syms)?;
        let extent = if phys.is_empty() { &dims } else { &phys };
        let bytes = byte_size(extent, &mt.elem).ok_or(TrapKind::OutOfMemory)?;
        let buf = Buffer::zeroed(bytes, origin).ok_or(TrapKind::OutOfMemory)?;
        Ok(MemrefVal { buf, base: 0, dims, syms, phys })
    }

    /// The byte offset of the element at `idx` in the buffer, checked against every dimension
    /// and against the buffer itself.
    pub fn offset(&self, mt: &MemrefType, idx: &[i64]) -> Result<usize, TrapKind> {
        if idx.len() != self.dims.len() {
            return Err(TrapKind::OutOfBounds);
        }
        for (&i, &d) in idx.iter().zip(&self.dims) {
            if (i as u64) >= (d as u64) {
                return Err(TrapKind::OutOfBounds);
            }
        }
        let eb = elem_bytes(&mt.elem).ok_or(TrapKind::OutOfBounds)?;
        let linear = if mt.maps.is_empty() {
            linearize(idx, &self.dims)
        } else {
            let mut cur = idx.to_vec();
            let mut s = 0;
            for map in &mt.maps {
                let syms = self.syms.get(s..s + map.num_symbols()).ok_or(TrapKind::OutOfBounds)?;
                s += map.num_symbols();
                cur = map.eval(&cur, syms).map_err(|_| TrapKind::DivisionByZero)?;
            }
            linearize(&cur, &self.phys)
        };
        let at = linear.checked_mul(eb).and_then(|o| o.checked_add(self.base)).ok_or(TrapKind::OutOfBounds)?;
        let len = self.buf.bytes.borrow().len() as i64;
        if at < 0 || at.checked_add(eb).is_none_or(|end| end > len) {
            return Err(TrapKind::OutOfBounds);
        }
        Ok(at as usize)
    }

    /// The element at `idx`.
    pub fn load(&self, mt: &MemrefType, idx: &[i64]) -> Result<IVal, TrapKind> {
        let at = self.offset(mt, idx)?;
        let bytes = self.buf.bytes.borrow();
        Ok(read_elem(&bytes[at..], &mt.elem))
    }

    /// Store `v` at `idx`.
    pub fn store(&self, mt: &MemrefType, idx: &[i64], v: &IVal) -> Result<(), TrapKind> {
        let at = self.offset(mt, idx)?;
        let mut bytes = self.buf.bytes.borrow_mut();
        write_elem(&mut bytes[at..], &mt.elem, v);
        Ok(())
    }

    /// Every logical index of the memref, row-major (nothing when a size is 0).
    pub fn indices(&self) -> impl Iterator<Item = Vec<i64>> + '_ {
        let total: i64 = self.dims.iter().map(|&d| d.max(0)).product();
        (0..total).map(move |mut k| {
            let mut idx = vec![0; self.dims.len()];
            for (slot, &d) in idx.iter_mut().zip(&self.dims).rev() {
                *slot = k % d;
                k /= d;
            }
            idx
        })
    }
}

/// Row-major position of `idx` in `dims` (wrapping, as generated code computes it).
fn linearize(idx: &[i64], dims: &[i64]) -> i64 {
    idx.iter().zip(dims).fold(0i64, |acc, (&i, &d)| acc.wrapping_mul(d).wrapping_add(i))
}

/// Read one element of `ty` from the start of `b` (`b` holds at least its bytes).
pub(crate) fn read_elem(b: &[u8], ty: &Type) -> IVal {
    match ty {
        Type::Vector(v) => {
            let eb = elem_bytes(&v.elem).unwrap_or(1) as usize;
            let lanes: u64 = v.shape.iter().product();
            IVal::Vector((0..lanes as usize).map(|k| read_elem(&b[k * eb..], &v.elem)).collect())
        }
        Type::F32 => IVal::Float(f64::from(f32::from_le_bytes(b[..4].try_into().unwrap_or_default()))),
        Type::F64 => IVal::Float(f64::from_le_bytes(b[..8].try_into().unwrap_or_default())),
        Type::F16 => IVal::Float(half::f16::from_le_bytes([b[0], b[1]]).to_f64()),
        Type::BF16 => IVal::Float(half::bf16::from_le_bytes([b[0], b[1]]).to_f64()),
        _ => {
            let n = elem_bytes(ty).unwrap_or(8) as usize;
            let mut raw = [0u8; 8];
            raw[..n].copy_from_slice(&b[..n]);
            let v = i64::from_le_bytes(raw);
            // Sign-extend the container, then normalize to the type's width.
            let shift = 64 - 8 * n as u32;
            let v = (v << shift) >> shift;
            IVal::Int(sign_extend(v, int_width(ty)))
        }
    }
}

/// Write one element of `ty` at the start of `b`.
pub(crate) fn write_elem(b: &mut [u8], ty: &Type, v: &IVal) {
    match (ty, v) {
        (Type::Vector(vt), IVal::Vector(lanes)) => {
            let eb = elem_bytes(&vt.elem).unwrap_or(1) as usize;
            for (k, l) in lanes.iter().enumerate() {
                write_elem(&mut b[k * eb..], &vt.elem, l);
            }
        }
        (Type::F32, IVal::Float(x)) => b[..4].copy_from_slice(&(*x as f32).to_le_bytes()),
        (Type::F64, IVal::Float(x)) => b[..8].copy_from_slice(&x.to_le_bytes()),
        (Type::F16, IVal::Float(x)) => b[..2].copy_from_slice(&half::f16::from_f64(*x).to_le_bytes()),
        (Type::BF16, IVal::Float(x)) => b[..2].copy_from_slice(&half::bf16::from_f64(*x).to_le_bytes()),
        (_, IVal::Int(x)) => {
            let n = elem_bytes(ty).unwrap_or(8) as usize;
            b[..n].copy_from_slice(&x.to_le_bytes()[..n]);
        }
        _ => {}
    }
}

/// The width of an integer-like type (`index` is 64 bits).
pub(crate) fn int_width(ty: &Type) -> u32 {
    match ty {
        Type::Integer(w) => *w,
        _ => 64,
    }
}

/// The low `width` bits of `v`, sign-extended (`i1` as 0 or 1, as integer attributes hold it).
pub(crate) fn sign_extend(v: i64, width: u32) -> i64 {
    match width {
        0 | 64.. => v,
        1 => v & 1,
        w => (v << (64 - w)) >> (64 - w),
    }
}
