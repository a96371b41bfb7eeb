//! Attributes (mlir-langref-late.md "Attributes", mlir-langref-mid.md "Splat Elements"): constant
//! data attached to operations. Immutable values, cheap to clone and compare.
//!
//! Canonical forms, so that equal values compare equal: an integer of width N > 1 is stored
//! sign-extended from N bits (`255 : i8` is `-1 : i8`), an `i1` as 0 or 1; a float is stored as
//! the bits of its type; a dense elements attribute whose elements are all equal is stored as a
//! splat; dictionaries are sorted by name with unique names.

use std::fmt;
use std::hash::{Hash, Hasher};
use std::ops::Range;
use std::sync::Arc;

use super::affine::{AffineMap, IntegerSet};
use super::print::{Aliases, is_bare_id, write_float, write_string_literal, write_symbol_ref};
use super::types::Type;

/// An attribute value.
#[derive(Clone, PartialEq, Eq, Hash)]
pub enum Attribute {
    /// `unit`: meaningful by its presence.
    Unit,
    /// `true` / `false`.
    Bool(bool),
    /// `42 : i32` (default type `i64`).
    Integer(IntegerAttr),
    /// `42.0 : f32` (default type `f64`), or `0x7C00 : f16` as bits.
    Float(FloatAttr),
    /// `"text"`, with an optional type.
    String(StringAttr),
    /// A type used as a value.
    Type(Type),
    /// An affine map.
    AffineMap(AffineMap),
    /// An integer set.
    IntegerSet(IntegerSet),
    /// `@name`, a reference to a symbol (a function).
    SymbolRef(Arc<str>),
    /// `[a, b, ..]`.
    Array(Arc<[Attribute]>),
    /// `{a = 1, b}`, sorted by name.
    Dictionary(Dictionary),
    /// Dense, sparse or opaque elements of a vector or tensor.
    Elements(Arc<ElementsAttr>),
    /// A dialect attribute, `#foo.bar<..>` or `#foo<"..">`, with an optional type.
    Dialect(Arc<DialectAttr>),
    /// A source location, `loc(...)`.
    Location(Arc<LocationAttr>),
}

/// A source location as MLIR writes it inside `loc(...)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum LocationAttr {
    /// `unknown`
    Unknown,
    /// `"file":line:col`
    FileLineCol {
        /// The file name.
        file: Arc<str>,
        /// 1-based line.
        line: u64,
        /// 1-based column.
        col: u64,
    },
    /// `"name"` or `"name"(child)`
    Name {
        /// The name.
        name: Arc<str>,
        /// The location it names, if given.
        child: Option<Box<LocationAttr>>,
    },
    /// `callsite(callee at caller)`
    CallSite {
        /// Where the called code is.
        callee: Box<LocationAttr>,
        /// Where the call is.
        caller: Box<LocationAttr>,
    },
    /// `fused[a, b]` or `fused<#meta>[a, b]`
    Fused {
        /// The optional metadata attribute.
        metadata: Option<Attribute>,
        /// The fused locations.
        locations: Vec<LocationAttr>,
    },
}

impl LocationAttr {
    /// Write the location without the surrounding `loc(...)`.
    pub fn write_inner(&self, out: &mut String, aliases: Option<&Aliases>) {
        match self {
            LocationAttr::Unknown => out.push_str("unknown"),
            LocationAttr::FileLineCol { file, line, col } => {
                write_string_literal(out, file);
                out.push_str(&format!(":{line}:{col}"));
            }
            LocationAttr::Name { name, child } => {
                write_string_literal(out, name);
                if let Some(c) = child {
                    out.push('(');
                    c.write_inner(out, aliases);
                    out.push(')');
                }
            }
            LocationAttr::CallSite { callee, caller } => {
                out.push_str("callsite(");
                callee.write_inner(out, aliases);
                out.push_str(" at ");
                caller.write_inner(out, aliases);
                out.push(')');
            }
            LocationAttr::Fused { metadata, locations } => {
                out.push_str("fused");
                if let Some(m) = metadata {
                    out.push('<');
                    m.write(out, aliases, false);
                    out.push('>');
                }
                out.push('[');
                for (i, l) in locations.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    l.write_inner(out, aliases);
                }
                out.push(']');
            }
        }
    }
}

/// A dialect attribute kept as namespace and data (the pretty and verbose spellings are the
/// same attribute, as for dialect types).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DialectAttr {
    /// The dialect namespace.
    pub dialect: Arc<str>,
    /// The attribute-specific data.
    pub data: Arc<str>,
    /// The type written after `:`, if any.
    pub ty: Option<Type>,
}

/// An integer of a given integer or index type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct IntegerAttr {
    /// The value: sign-extended from the type's width (0 or 1 for `i1`).
    pub value: i128,
    /// `iN` or `index`.
    pub ty: Type,
}

/// A float of a given float type, stored as the bits of that type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct FloatAttr {
    /// The IEEE (or bfloat16) bit pattern, in the low bits.
    pub bits: u64,
    /// `f16`, `bf16`, `f32` or `f64`.
    pub ty: Type,
}

/// A string, with an optional type.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct StringAttr {
    /// The text.
    pub value: Arc<str>,
    /// The type written after `:`, if any.
    pub ty: Option<Type>,
}

/// A named attribute in a dictionary or on an operation.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct NamedAttr {
    /// The name (`value`, `predicate`, `tf.device`).
    pub name: Arc<str>,
    /// The value.
    pub value: Attribute,
}

/// A dictionary: named attributes sorted by name, names unique.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Dictionary(Arc<[NamedAttr]>);

/// The contents of an elements attribute.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ElementsAttr {
    /// `dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>`.
    Dense(DenseElements),
    /// `sparse<[[0, 0], [1, 2]], [1, 5]> : tensor<3x4xi32>`.
    Sparse(SparseElements),
    /// `opaque<"tf", "0xDEADBEEF"> : tensor<4xi8>`.
    Opaque(OpaqueElements),
}

/// Dense elements: every element, or one value for a splat.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DenseElements {
    /// A vector or statically shaped tensor type.
    pub ty: Type,
    /// Row-major element values; a single value is a splat.
    pub values: DenseValues,
}

/// Element storage of dense and sparse attributes.
///
/// Equality and hashing compare the element values, whatever the storage: a [`RawElements`]
/// equals the `Int` or `Float` vector of the same values.
#[derive(Clone, Debug)]
pub enum DenseValues {
    /// Integer or index elements, normalized like [`IntegerAttr::value`].
    Int(Vec<i128>),
    /// Float elements as bit patterns of the element type.
    Float(Vec<u64>),
    /// Elements as a bytecode file stores them, borrowed from the file (not copied).
    Raw(RawElements),
}

/// Bytes that element attributes may borrow: a mapped or loaded bytecode file. Whoever holds a
/// [`RawElements`] keeps the bytes alive.
pub trait ElementBytes: Send + Sync {
    /// All the bytes.
    fn bytes(&self) -> &[u8];
}

/// Dense elements kept as a bytecode file stores them: `count` little-endian values of `size`
/// bytes each (integers sign-extended to `size` bytes, floats as their bit patterns), read in
/// place. Reading an integer normalizes it to the element width, so no byte pattern is invalid.
///
/// ```
/// use std::sync::Arc;
/// use strata::ir::{DenseValues, ElementBytes, RawElements};
/// struct Bytes(Vec<u8>);
/// impl ElementBytes for Bytes {
///     fn bytes(&self) -> &[u8] { &self.0 }
/// }
/// let file = Arc::new(Bytes(vec![1, 0, 0xff, 0xff]));
/// let raw = RawElements::integers(file, 0..4, 2, 16).unwrap();
/// assert_eq!(DenseValues::Raw(raw), DenseValues::Int(vec![1, -1]));
/// ```
#[derive(Clone)]
pub struct RawElements {
    storage: Arc<dyn ElementBytes>,
    start: usize,
    count: usize,
    size: u8,
    /// The element width integers are normalized to; `None` for floats.
    int_width: Option<u32>,
}

impl fmt::Debug for RawElements {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("RawElements")
            .field("count", &self.count)
            .field("size", &self.size)
            .field("int_width", &self.int_width)
            .finish_non_exhaustive()
    }
}

impl RawElements {
    /// Integer elements of `width` bits in `storage[range]`, `size` bytes each (1, 2, 4, 8 or 16).
    /// `None` if the range is outside the storage or not a whole number of elements.
    pub fn integers(storage: Arc<dyn ElementBytes>, range: Range<usize>, size: u8, width: u32) -> Option<RawElements> {
        RawElements::new(storage, range, size, Some(width))
    }

    /// Float elements (bit patterns) in `storage[range]`, `size` bytes each (2, 4 or 8).
    pub fn floats(storage: Arc<dyn ElementBytes>, range: Range<usize>, size: u8) -> Option<RawElements> {
        if size > 8 {
            return None;
        }
        RawElements::new(storage, range, size, None)
    }

    fn new(
        storage: Arc<dyn ElementBytes>,
        range: Range<usize>,
        size: u8,
        int_width: Option<u32>,
    ) -> Option<RawElements> {
        let ok = matches!(size, 1 | 2 | 4 | 8 | 16)
            && range.start <= range.end
            && range.end <= storage.bytes().len()
            && (range.end - range.start).is_multiple_of(usize::from(size));
        ok.then(|| RawElements {
            count: (range.end - range.start) / usize::from(size),
            start: range.start,
            storage,
            size,
            int_width,
        })
    }

    /// The stored bytes.
    pub fn bytes(&self) -> &[u8] {
        &self.storage.bytes()[self.start..self.start + self.count * usize::from(self.size)]
    }

    /// Bytes per element.
    pub fn element_size(&self) -> usize {
        usize::from(self.size)
    }

    /// Number of elements.
    pub fn len(&self) -> usize {
        self.count
    }

    /// Whether there are no elements.
    pub fn is_empty(&self) -> bool {
        self.count == 0
    }

    /// Whether the elements are floats.
    pub fn is_float(&self) -> bool {
        self.int_width.is_none()
    }

    fn raw(&self, i: usize) -> Option<[u8; 16]> {
        if i >= self.count {
            return None;
        }
        let size = usize::from(self.size);
        let b = &self.storage.bytes()[self.start + i * size..self.start + (i + 1) * size];
        let fill = if self.int_width.is_some() && b[size - 1] & 0x80 != 0 { 0xff } else { 0 };
        let mut buf = [fill; 16];
        buf[..size].copy_from_slice(b);
        Some(buf)
    }

    /// Integer element `i`, normalized like [`IntegerAttr::value`].
    pub fn int(&self, i: usize) -> Option<i128> {
        let width = self.int_width?;
        let v = i128::from_le_bytes(self.raw(i)?);
        Some(match width {
            1 => v & 1,
            2..128 => (v << (128 - width)) >> (128 - width),
            _ => v,
        })
    }

    /// Float element `i` as bits.
    pub fn float_bits(&self, i: usize) -> Option<u64> {
        if self.int_width.is_some() {
            return None;
        }
        let b = self.raw(i)?;
        Some(u64::from_le_bytes(b[..8].try_into().unwrap_or([0; 8])))
    }
}

/// Sparse elements in COO form.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct SparseElements {
    /// A vector or statically shaped tensor type.
    pub ty: Type,
    /// `N x rank` indices, row-major.
    pub indices: Vec<i64>,
    /// The `N` values.
    pub values: DenseValues,
}

/// Opaque elements: a dialect-specific hex string.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct OpaqueElements {
    /// A vector or tensor type.
    pub ty: Type,
    /// The dialect that decodes the data.
    pub dialect: Arc<str>,
    /// The data, `0x..`.
    pub hex: Arc<str>,
}

impl IntegerAttr {
    /// An integer attribute, normalized.
    ///
    /// # Errors
    /// `ty` is not an integer or index type, or `value` does not fit its width as a signed or
    /// unsigned number.
    pub fn new(value: i128, ty: Type) -> Result<IntegerAttr, String> {
        let width = match ty {
            Type::Integer(w) => w,
            Type::Index => 64,
            _ => return Err(format!("integer attribute requires an integer or index type, got '{ty}'")),
        };
        Ok(IntegerAttr { value: normalize_int(value, width)?, ty })
    }

    /// The value as i64 (truncating wider values).
    pub fn as_i64(&self) -> i64 {
        self.value as i64
    }
}

/// Check that `value` fits `width` bits (signed or unsigned) and sign-extend it (`i1`: 0 or 1).
pub fn normalize_int(value: i128, width: u32) -> Result<i128, String> {
    if width >= 128 {
        return Ok(value);
    }
    let min = -(1i128 << (width - 1));
    let max_unsigned = (1i128 << width) - 1;
    if value < min || value > max_unsigned {
        return Err(format!("integer constant out of range for type 'i{width}'"));
    }
    if width == 1 {
        return Ok(value & 1);
    }
    let shift = 128 - width;
    Ok((value << shift) >> shift)
}

impl FloatAttr {
    /// A float attribute holding `v` rounded to `ty`.
    ///
    /// # Errors
    /// `ty` is not a float type.
    pub fn from_f64(v: f64, ty: Type) -> Result<FloatAttr, String> {
        Ok(FloatAttr { bits: float_bits(v, &ty)?, ty })
    }

    /// A float attribute from the bit pattern of `ty` (the hexadecimal form).
    ///
    /// # Errors
    /// `ty` is not a float type or the bits do not fit its width.
    pub fn from_bits(bits: u64, ty: Type) -> Result<FloatAttr, String> {
        let width = match ty {
            Type::F16 | Type::BF16 => 16,
            Type::F32 => 32,
            Type::F64 => 64,
            _ => return Err(format!("float attribute requires a float type, got '{ty}'")),
        };
        if width < 64 && bits >> width != 0 {
            return Err(format!("hexadecimal float constant out of range for type '{ty}'"));
        }
        Ok(FloatAttr { bits, ty })
    }

    /// The value as f64 (exact for every supported type).
    pub fn value(&self) -> f64 {
        bits_to_f64(self.bits, &self.ty)
    }
}

/// The bit pattern of `v` rounded to float type `ty`.
///
/// # Errors
/// `ty` is not a float type.
pub fn float_bits(v: f64, ty: &Type) -> Result<u64, String> {
    Ok(match ty {
        Type::F16 => u64::from(half::f16::from_f64(v).to_bits()),
        Type::BF16 => u64::from(half::bf16::from_f64(v).to_bits()),
        Type::F32 => u64::from((v as f32).to_bits()),
        Type::F64 => v.to_bits(),
        _ => return Err(format!("float attribute requires a float type, got '{ty}'")),
    })
}

/// The value of a bit pattern of float type `ty`, widened to f64.
pub fn bits_to_f64(bits: u64, ty: &Type) -> f64 {
    match ty {
        Type::F16 => half::f16::from_bits(bits as u16).to_f64(),
        Type::BF16 => half::bf16::from_bits(bits as u16).to_f64(),
        Type::F32 => f64::from(f32::from_bits(bits as u32)),
        _ => f64::from_bits(bits),
    }
}

impl Dictionary {
    /// A dictionary from entries in any order.
    ///
    /// # Errors
    /// The name of the first duplicate entry.
    pub fn new(mut entries: Vec<NamedAttr>) -> Result<Dictionary, Arc<str>> {
        entries.sort_by(|a, b| a.name.cmp(&b.name));
        if let Some(w) = entries.windows(2).find(|w| w[0].name == w[1].name) {
            return Err(w[0].name.clone());
        }
        Ok(Dictionary(entries.into()))
    }

    /// The entries, sorted by name.
    pub fn entries(&self) -> &[NamedAttr] {
        &self.0
    }

    /// The value named `name`.
    pub fn get(&self, name: &str) -> Option<&Attribute> {
        self.0.binary_search_by(|e| (*e.name).cmp(name)).ok().map(|i| &self.0[i].value)
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl PartialEq for DenseValues {
    fn eq(&self, other: &DenseValues) -> bool {
        match (self, other) {
            (DenseValues::Int(a), DenseValues::Int(b)) => a == b,
            (DenseValues::Float(a), DenseValues::Float(b)) => a == b,
            _ => {
                self.is_float() == other.is_float()
                    && self.len() == other.len()
                    && (0..self.len()).all(|i| self.int(i) == other.int(i) && self.float_bits(i) == other.float_bits(i))
            }
        }
    }
}

impl Eq for DenseValues {}

impl Hash for DenseValues {
    // By value, so that equal storages of any kind hash alike.
    fn hash<H: Hasher>(&self, h: &mut H) {
        self.is_float().hash(h);
        self.len().hash(h);
        match self {
            DenseValues::Int(v) => v.iter().for_each(|x| x.hash(h)),
            DenseValues::Float(v) => v.iter().for_each(|x| x.hash(h)),
            DenseValues::Raw(r) if r.is_float() => (0..r.len()).for_each(|i| r.float_bits(i).hash(h)),
            DenseValues::Raw(r) => (0..r.len()).for_each(|i| r.int(i).hash(h)),
        }
    }
}

impl DenseValues {
    /// Number of stored values.
    pub fn len(&self) -> usize {
        match self {
            DenseValues::Int(v) => v.len(),
            DenseValues::Float(v) => v.len(),
            DenseValues::Raw(r) => r.len(),
        }
    }

    /// Whether the values are floats (bit patterns).
    pub fn is_float(&self) -> bool {
        match self {
            DenseValues::Int(_) => false,
            DenseValues::Float(_) => true,
            DenseValues::Raw(r) => r.is_float(),
        }
    }

    /// Stored integer value `i` (no splat repetition: see [`DenseElements::int_at`]).
    pub fn int(&self, i: usize) -> Option<i128> {
        match self {
            DenseValues::Int(v) => v.get(i).copied(),
            DenseValues::Float(_) => None,
            DenseValues::Raw(r) => r.int(i),
        }
    }

    /// Stored float value `i` as bits (no splat repetition).
    pub fn float_bits(&self, i: usize) -> Option<u64> {
        match self {
            DenseValues::Float(v) => v.get(i).copied(),
            DenseValues::Int(_) => None,
            DenseValues::Raw(r) => r.float_bits(i),
        }
    }

    /// Whether no value is stored.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Collapse to a single value when all are equal (the splat form).
    pub fn into_canonical(self) -> DenseValues {
        match self {
            DenseValues::Int(v) if v.len() > 1 && v.iter().all(|x| *x == v[0]) => DenseValues::Int(vec![v[0]]),
            DenseValues::Float(v) if v.len() > 1 && v.iter().all(|x| *x == v[0]) => DenseValues::Float(vec![v[0]]),
            other => other,
        }
    }
}

impl DenseElements {
    /// Whether one value stands for every element.
    pub fn is_splat(&self) -> bool {
        self.values.len() == 1
    }

    /// Number of elements of the type.
    pub fn num_elements(&self) -> usize {
        num_elements(&self.ty)
    }

    /// Integer element `i` (splats repeat).
    pub fn int_at(&self, i: usize) -> Option<i128> {
        self.values.int(if self.is_splat() { 0 } else { i })
    }

    /// Float element `i` as bits (splats repeat).
    pub fn float_bits_at(&self, i: usize) -> Option<u64> {
        self.values.float_bits(if self.is_splat() { 0 } else { i })
    }
}

/// Product of the static dimensions (0 for unranked or dynamic shapes).
pub fn num_elements(ty: &Type) -> usize {
    match ty.shape() {
        Some(s) if s.iter().all(|&d| d >= 0) => {
            s.iter().try_fold(1usize, |acc, &d| acc.checked_mul(usize::try_from(d).ok()?)).unwrap_or(0)
        }
        _ => 0,
    }
}

impl Attribute {
    /// `value : i64`-style integer attribute of type `ty`.
    ///
    /// # Errors
    /// See [`IntegerAttr::new`].
    pub fn int(value: i128, ty: Type) -> Result<Attribute, String> {
        Ok(Attribute::Integer(IntegerAttr::new(value, ty)?))
    }

    /// An `i64` integer attribute.
    pub fn i64(value: i64) -> Attribute {
        Attribute::Integer(IntegerAttr { value: i128::from(value), ty: Type::Integer(64) })
    }

    /// An `index` integer attribute.
    pub fn index(value: i64) -> Attribute {
        Attribute::Integer(IntegerAttr { value: i128::from(value), ty: Type::Index })
    }

    /// A string attribute without a type.
    pub fn string(s: &str) -> Attribute {
        Attribute::String(StringAttr { value: s.into(), ty: None })
    }

    /// An array attribute.
    pub fn array(items: Vec<Attribute>) -> Attribute {
        Attribute::Array(items.into())
    }

    /// The integer value, if this is an integer attribute.
    pub fn as_int(&self) -> Option<i128> {
        match self {
            Attribute::Integer(i) => Some(i.value),
            _ => None,
        }
    }

    /// The string, if this is a string attribute.
    pub fn as_str(&self) -> Option<&str> {
        match self {
            Attribute::String(s) => Some(&s.value),
            _ => None,
        }
    }

    /// The type, if this is a type attribute.
    pub fn as_type(&self) -> Option<&Type> {
        match self {
            Attribute::Type(t) => Some(t),
            _ => None,
        }
    }

    /// The map, if this is an affine map attribute.
    pub fn as_map(&self) -> Option<&AffineMap> {
        match self {
            Attribute::AffineMap(m) => Some(m),
            _ => None,
        }
    }

    /// The set, if this is an integer set attribute.
    pub fn as_set(&self) -> Option<&IntegerSet> {
        match self {
            Attribute::IntegerSet(s) => Some(s),
            _ => None,
        }
    }

    /// The symbol name, if this is a symbol reference.
    pub fn as_symbol(&self) -> Option<&str> {
        match self {
            Attribute::SymbolRef(s) => Some(s),
            _ => None,
        }
    }

    /// The elements, if this is an array attribute.
    pub fn as_array(&self) -> Option<&[Attribute]> {
        match self {
            Attribute::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The type an attribute carries (integer, float, typed string, elements), if any.
    pub fn value_type(&self) -> Option<&Type> {
        match self {
            Attribute::Integer(i) => Some(&i.ty),
            Attribute::Float(f) => Some(&f.ty),
            Attribute::String(s) => s.ty.as_ref(),
            Attribute::Dialect(d) => d.ty.as_ref(),
            Attribute::Elements(e) => Some(match &**e {
                ElementsAttr::Dense(d) => &d.ty,
                ElementsAttr::Sparse(s) => &s.ty,
                ElementsAttr::Opaque(o) => &o.ty,
            }),
            _ => None,
        }
    }

    /// Append the textual form. With `elide_type`, the `: type` suffix of integers, floats,
    /// strings and elements is left out (for custom forms that print the type themselves).
    pub fn write(&self, out: &mut String, aliases: Option<&Aliases>, elide_type: bool) {
        match self {
            Attribute::Unit => out.push_str("unit"),
            Attribute::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Attribute::Integer(i) => {
                push_i128(out, i.value);
                if !elide_type && i.ty != Type::Integer(64) {
                    out.push_str(" : ");
                    i.ty.write(out, aliases);
                }
            }
            Attribute::Float(f) => {
                let v = f.value();
                if v.is_finite() {
                    write_float(out, v, f.ty != Type::F64);
                    if !elide_type && f.ty != Type::F64 {
                        out.push_str(" : ");
                        f.ty.write(out, aliases);
                    }
                } else {
                    // Infinities and NaNs keep their exact bits; the hex form needs its type.
                    write_hex(out, f.bits, &f.ty);
                    if !elide_type {
                        out.push_str(" : ");
                        f.ty.write(out, aliases);
                    }
                }
            }
            Attribute::String(s) => {
                write_string_literal(out, &s.value);
                if let (Some(t), false) = (&s.ty, elide_type) {
                    out.push_str(" : ");
                    t.write(out, aliases);
                }
            }
            Attribute::Type(t) => t.write(out, aliases),
            Attribute::AffineMap(m) => match aliases.and_then(|a| a.map_alias(m)) {
                Some(n) => {
                    out.push('#');
                    out.push_str(n);
                }
                // `() -> ()` would read back as a function type; the empty symbol list says "map".
                None if m.num_dims() == 0 && m.num_symbols() == 0 && m.results().is_empty() => {
                    out.push_str("()[] -> ()")
                }
                None => m.write(out),
            },
            Attribute::IntegerSet(s) => match aliases.and_then(|a| a.set_alias(s)) {
                Some(n) => {
                    out.push('#');
                    out.push_str(n);
                }
                None => s.write(out),
            },
            Attribute::SymbolRef(s) => write_symbol_ref(out, s),
            Attribute::Array(items) => {
                out.push('[');
                for (i, a) in items.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    a.write(out, aliases, false);
                }
                out.push(']');
            }
            Attribute::Dictionary(d) => write_dictionary(out, d.entries(), aliases),
            Attribute::Elements(e) => e.write(out, aliases, elide_type),
            Attribute::Location(l) => {
                out.push_str("loc(");
                l.write_inner(out, aliases);
                out.push(')');
            }
            Attribute::Dialect(d) => {
                out.push('#');
                out.push_str(&d.dialect);
                if super::types::is_pretty_dialect_data(&d.dialect, &d.data) {
                    out.push('.');
                    out.push_str(&d.data);
                } else {
                    out.push('<');
                    write_string_literal(out, &d.data);
                    out.push('>');
                }
                if let (Some(t), false) = (&d.ty, elide_type) {
                    out.push_str(" : ");
                    t.write(out, aliases);
                }
            }
        }
    }
}

/// Append `{a = 1, b}` (a unit value prints as the bare name).
pub fn write_dictionary(out: &mut String, entries: &[NamedAttr], aliases: Option<&Aliases>) {
    out.push('{');
    for (i, e) in entries.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        write_attr_name(out, &e.name);
        if e.value != Attribute::Unit {
            out.push_str(" = ");
            e.value.write(out, aliases, false);
        }
    }
    out.push('}');
}

/// Append an attribute name, quoted when it is not a bare identifier.
pub fn write_attr_name(out: &mut String, name: &str) {
    if is_bare_id(name) {
        out.push_str(name);
    } else {
        write_string_literal(out, name);
    }
}

fn write_hex(out: &mut String, bits: u64, ty: &Type) {
    use fmt::Write;
    let digits = match ty {
        Type::F16 | Type::BF16 => 4,
        Type::F32 => 8,
        _ => 16,
    };
    let _ = write!(out, "0x{bits:0digits$X}");
}

fn push_i128(out: &mut String, v: i128) {
    use fmt::Write;
    let _ = write!(out, "{v}");
}

impl ElementsAttr {
    /// The vector or tensor type.
    pub fn ty(&self) -> &Type {
        match self {
            ElementsAttr::Dense(d) => &d.ty,
            ElementsAttr::Sparse(s) => &s.ty,
            ElementsAttr::Opaque(o) => &o.ty,
        }
    }

    fn write(&self, out: &mut String, aliases: Option<&Aliases>, elide_type: bool) {
        match self {
            ElementsAttr::Dense(d) => {
                out.push_str("dense<");
                if d.is_splat() && d.num_elements() != 1 || d.ty.rank() == Some(0) {
                    write_element(out, &d.values, 0, d.ty.element_type());
                } else {
                    let shape = d.ty.shape().unwrap_or_default();
                    let mut next = 0;
                    write_nested(out, &d.values, &shape, &mut next, d.ty.element_type());
                }
                out.push('>');
            }
            ElementsAttr::Sparse(s) => {
                out.push_str("sparse<");
                let rank = s.ty.rank().unwrap_or(0).max(1);
                out.push('[');
                for (i, idx) in s.indices.chunks(rank).enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    out.push('[');
                    for (j, x) in idx.iter().enumerate() {
                        if j > 0 {
                            out.push_str(", ");
                        }
                        push_i128(out, i128::from(*x));
                    }
                    out.push(']');
                }
                out.push_str("], [");
                for i in 0..s.values.len() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    write_element(out, &s.values, i, s.ty.element_type());
                }
                out.push_str("]>");
            }
            ElementsAttr::Opaque(o) => {
                out.push_str("opaque<");
                write_string_literal(out, &o.dialect);
                out.push_str(", ");
                write_string_literal(out, &o.hex);
                out.push('>');
            }
        }
        if !elide_type {
            out.push_str(" : ");
            self.ty().write(out, aliases);
        }
    }
}

fn write_nested(out: &mut String, values: &DenseValues, shape: &[i64], next: &mut usize, elem: &Type) {
    let Some((&n, rest)) = shape.split_first() else {
        let i = if values.len() == 1 { 0 } else { *next };
        write_element(out, values, i, elem);
        *next += 1;
        return;
    };
    out.push('[');
    for i in 0..n.max(0) {
        if i > 0 {
            out.push_str(", ");
        }
        write_nested(out, values, rest, next, elem);
    }
    out.push(']');
}

fn write_element(out: &mut String, values: &DenseValues, i: usize, elem: &Type) {
    if values.is_float() {
        let bits = values.float_bits(i).unwrap_or(0);
        let f = bits_to_f64(bits, elem);
        if f.is_finite() {
            write_float(out, f, *elem != Type::F64);
        } else {
            write_hex(out, bits, elem);
        }
    } else {
        let x = values.int(i).unwrap_or(0);
        if elem.is_integer_of(1) {
            out.push_str(if x != 0 { "true" } else { "false" });
        } else {
            push_i128(out, x);
        }
    }
}

impl fmt::Display for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s, None, false);
        f.write_str(&s)
    }
}

impl fmt::Debug for Attribute {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Bytes(Vec<u8>);
    impl ElementBytes for Bytes {
        fn bytes(&self) -> &[u8] {
            &self.0
        }
    }

    /// Any byte pattern reads as a canonical value of the element width, so bytes from a file
    /// need no validation pass: `i1` is the low bit, `i3` is sign-extended from bit 2.
    #[test]
    fn raw_elements_read_canonical_values() {
        let file: Arc<dyn ElementBytes> = Arc::new(Bytes(vec![0xff, 0x02, 0x05, 0x03, 0, 0, 0x80, 0x3f]));
        let i1 = RawElements::integers(file.clone(), 0..4, 1, 1).unwrap();
        assert_eq!((0..4).map(|i| i1.int(i).unwrap()).collect::<Vec<_>>(), [1, 0, 1, 1]);
        let i3 = RawElements::integers(file.clone(), 0..4, 1, 3).unwrap();
        assert_eq!((0..4).map(|i| i3.int(i).unwrap()).collect::<Vec<_>>(), [-1, 2, -3, 3]);
        assert_eq!(i3.int(4), None);
        let f = RawElements::floats(file.clone(), 4..8, 4).unwrap();
        assert_eq!(f.float_bits(0), Some(1.0f32.to_bits() as u64));
        assert_eq!(DenseValues::Raw(f.clone()), DenseValues::Float(vec![1.0f32.to_bits() as u64]));
        assert_ne!(DenseValues::Raw(f), DenseValues::Int(vec![1.0f32.to_bits() as i128]));
        // Outside the storage, or not whole elements: refused.
        assert!(RawElements::integers(file.clone(), 4..12, 4, 32).is_none());
        assert!(RawElements::integers(file, 0..3, 2, 16).is_none());
    }

    #[test]
    fn integers_are_normalized() {
        assert_eq!(IntegerAttr::new(255, Type::Integer(8)).unwrap().value, -1);
        assert_eq!(IntegerAttr::new(-1, Type::Integer(8)).unwrap().value, -1);
        assert_eq!(IntegerAttr::new(1, Type::Integer(1)).unwrap().value, 1);
        assert!(IntegerAttr::new(256, Type::Integer(8)).is_err());
        assert!(IntegerAttr::new(-129, Type::Integer(8)).is_err());
    }

    #[test]
    fn prints_values() {
        let f = Attribute::Float(FloatAttr::from_bits(0x7C00, Type::F16).unwrap());
        assert_eq!(f.to_string(), "0x7C00 : f16");
        let g = Attribute::Float(FloatAttr::from_f64(42.0, Type::F32).unwrap());
        assert_eq!(g.to_string(), "42.0 : f32");
        assert_eq!(Attribute::i64(-3).to_string(), "-3");
        let d = Dictionary::new(vec![
            NamedAttr { name: "z".into(), value: Attribute::Unit },
            NamedAttr { name: "a".into(), value: Attribute::i64(1) },
        ])
        .unwrap();
        assert_eq!(Attribute::Dictionary(d).to_string(), "{a = 1, z}");
    }

    #[test]
    fn dense_prints_nested_and_splat() {
        let ty = Type::tensor(Some(vec![2, 2]), Type::Integer(32)).unwrap();
        let d = ElementsAttr::Dense(DenseElements { ty: ty.clone(), values: DenseValues::Int(vec![1, 2, 3, 4]) });
        assert_eq!(Attribute::Elements(Arc::new(d)).to_string(), "dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>");
        let s = ElementsAttr::Dense(DenseElements { ty, values: DenseValues::Int(vec![7]) });
        assert_eq!(Attribute::Elements(Arc::new(s)).to_string(), "dense<7> : tensor<2x2xi32>");
    }
}
