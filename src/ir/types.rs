//! Types (mlir-langref-late.md, "Type System"): immutable values, cheap to clone and compare.
//!
//! Scalar types are plain enum variants; compound types live behind an `Arc`, so a clone is a
//! reference-count increment and equality is structural. Constructors check the invariants the
//! spec states (positive vector sizes, conformant layout-map compositions, element kinds) and
//! return the message to report on failure; the parser attaches the location.
//!
//! Canonical forms: identity layout maps are dropped from a memref's composition and memory
//! space 0 is the default (not stored), so `memref<4xf32, (d0) -> (d0), 0>` equals `memref<4xf32>`.
//! A dialect type is stored as namespace plus data, so the pretty (`!foo.bar<x>`) and verbose
//! (`!foo<"bar<x>">`) spellings are the same type.

use std::fmt;
use std::sync::Arc;

use super::affine::AffineMap;
use super::print::{Aliases, write_string_literal};

/// Marks a dynamic (`?`) dimension in a shape.
pub const DYNAMIC: i64 = -1;

/// The largest integer width accepted (MLIR's limit in the era of the specifications).
pub const MAX_INT_WIDTH: u32 = 4096;

/// An MLIR type.
///
/// ```
/// use strata::ir::Type;
/// let v = Type::vector(vec![4, 8], Type::F32).unwrap();
/// assert_eq!(v.to_string(), "vector<4x8xf32>");
/// assert!(Type::vector(vec![0], Type::F32).is_err());
/// ```
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Type {
    /// `iN`, signless.
    Integer(u32),
    /// `index`, the target word (64 bits here).
    Index,
    /// `f16`.
    F16,
    /// `bf16`.
    BF16,
    /// `f32`.
    F32,
    /// `f64`.
    F64,
    /// `none`.
    None,
    /// `(inputs) -> results`.
    Function(Arc<FunctionType>),
    /// `vector<4x8xf32>`.
    Vector(Arc<VectorType>),
    /// `tensor<?x4xf32>`, `tensor<*xf32>`.
    Tensor(Arc<TensorType>),
    /// `memref<16x?xf32, #map, 1>`.
    Memref(Arc<MemrefType>),
    /// `complex<f32>`.
    Complex(Arc<Type>),
    /// `tuple<i32, f32>`.
    Tuple(Arc<[Type]>),
    /// A dialect type, `!tf.string` or `!llvm<"i32*">`.
    Dialect(Arc<DialectType>),
}

/// A function type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct FunctionType {
    /// Argument types.
    pub inputs: Vec<Type>,
    /// Result types.
    pub results: Vec<Type>,
}

/// A vector type: static, positive dimensions.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct VectorType {
    /// The dimensions, all positive.
    pub shape: Vec<u64>,
    /// Integer, index or float.
    pub elem: Type,
}

/// A tensor type, ranked or not.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct TensorType {
    /// `None` for `tensor<*x..>`; dimensions are non-negative or [`DYNAMIC`].
    pub shape: Option<Vec<i64>>,
    /// The element type.
    pub elem: Type,
}

/// A memory space: an integer (0 is the default) or a name such as `hbm`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum MemorySpace {
    /// A target-specific integer index.
    Int(u64),
    /// A symbolic name (`memspace0`, `hbm`).
    Named(Arc<str>),
}

/// A memref type.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct MemrefType {
    /// Non-negative dimensions or [`DYNAMIC`].
    pub shape: Vec<i64>,
    /// The element type.
    pub elem: Type,
    /// The index/layout map composition, identity maps removed.
    pub maps: Vec<AffineMap>,
    /// `None` for the default memory space 0.
    pub memory_space: Option<MemorySpace>,
}

/// A dialect type stored as namespace and data.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct DialectType {
    /// The dialect namespace (`tf`, `llvm`).
    pub dialect: Arc<str>,
    /// The type-specific data (`string`, `i32*`).
    pub data: Arc<str>,
}

impl Type {
    /// `iN`.
    ///
    /// # Errors
    /// A width of zero or above [`MAX_INT_WIDTH`].
    pub fn integer(width: u64) -> Result<Type, String> {
        if width == 0 {
            return Err("invalid integer width 0".into());
        }
        match u32::try_from(width) {
            Ok(w) if w <= MAX_INT_WIDTH => Ok(Type::Integer(w)),
            _ => Err(format!("integer bitwidth is limited to {MAX_INT_WIDTH} bits")),
        }
    }

    /// A function type.
    pub fn function(inputs: Vec<Type>, results: Vec<Type>) -> Type {
        Type::Function(Arc::new(FunctionType { inputs, results }))
    }

    /// A vector type.
    ///
    /// # Errors
    /// No dimensions, a zero dimension, or an element type that is not integer, index or float.
    pub fn vector(shape: Vec<u64>, elem: Type) -> Result<Type, String> {
        if shape.is_empty() {
            return Err("vector types must have at least one dimension".into());
        }
        if shape.contains(&0) {
            return Err("vector types must have positive constant sizes".into());
        }
        if !(elem.is_integer() || elem.is_index() || elem.is_float()) {
            return Err(format!("vector elements must be int or float type, not '{elem}'"));
        }
        Ok(Type::Vector(Arc::new(VectorType { shape, elem })))
    }

    /// A tensor type; `shape` `None` means unranked.
    ///
    /// # Errors
    /// A negative static dimension or an invalid element type.
    pub fn tensor(shape: Option<Vec<i64>>, elem: Type) -> Result<Type, String> {
        if let Some(s) = &shape {
            check_dims(s)?;
        }
        check_element(&elem, "tensor")?;
        Ok(Type::Tensor(Arc::new(TensorType { shape, elem })))
    }

    /// A memref type. Identity maps are removed and memory space 0 becomes the default.
    ///
    /// # Errors
    /// A negative static dimension, an invalid element type, or a map composition that does not
    /// conform (each map's dimension count equals the previous map's result count, the first
    /// equals the rank).
    pub fn memref(
        shape: Vec<i64>,
        elem: Type,
        maps: Vec<AffineMap>,
        memory_space: Option<MemorySpace>,
    ) -> Result<Type, String> {
        check_dims(&shape)?;
        check_element(&elem, "memref")?;
        let mut expected = shape.len();
        for (i, m) in maps.iter().enumerate() {
            if m.num_dims() != expected {
                return Err(if i == 0 {
                    format!(
                        "memref affine map dimension mismatch between the rank and the first map: {} != {}",
                        shape.len(),
                        m.num_dims()
                    )
                } else {
                    format!(
                        "memref affine map dimension mismatch between map {} and map {}: {} != {}",
                        i - 1,
                        i,
                        expected,
                        m.num_dims()
                    )
                });
            }
            expected = m.results().len();
        }
        let maps = maps.into_iter().filter(|m| !m.is_identity()).collect();
        let memory_space = match memory_space {
            Some(MemorySpace::Int(0)) => None,
            other => other,
        };
        Ok(Type::Memref(Arc::new(MemrefType { shape, elem, maps, memory_space })))
    }

    /// `complex<T>`.
    ///
    /// # Errors
    /// `T` is not an integer or float scalar.
    pub fn complex(elem: Type) -> Result<Type, String> {
        if !(elem.is_integer() || elem.is_float()) {
            return Err(format!("invalid element type for complex: '{elem}'"));
        }
        Ok(Type::Complex(Arc::new(elem)))
    }

    /// `tuple<..>`.
    pub fn tuple(elems: Vec<Type>) -> Type {
        Type::Tuple(elems.into())
    }

    /// A dialect type `!dialect.data` / `!dialect<"data">`.
    pub fn dialect(dialect: &str, data: &str) -> Type {
        Type::Dialect(Arc::new(DialectType { dialect: dialect.into(), data: data.into() }))
    }

    /// Whether this is `iN`.
    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Integer(_))
    }

    /// Whether this is `iN` of width `w`.
    pub fn is_integer_of(&self, w: u32) -> bool {
        matches!(self, Type::Integer(x) if *x == w)
    }

    /// Whether this is `index`.
    pub fn is_index(&self) -> bool {
        matches!(self, Type::Index)
    }

    /// Whether this is `iN` or `index`.
    pub fn is_int_or_index(&self) -> bool {
        self.is_integer() || self.is_index()
    }

    /// Whether this is a float type.
    pub fn is_float(&self) -> bool {
        matches!(self, Type::F16 | Type::BF16 | Type::F32 | Type::F64)
    }

    /// The width of an integer type (64 for `index`) or float type.
    pub fn bit_width(&self) -> Option<u32> {
        match self {
            Type::Integer(w) => Some(*w),
            Type::Index => Some(64),
            Type::F16 | Type::BF16 => Some(16),
            Type::F32 => Some(32),
            Type::F64 => Some(64),
            _ => None,
        }
    }

    /// The function type, if this is one.
    pub fn as_function(&self) -> Option<&FunctionType> {
        match self {
            Type::Function(f) => Some(f),
            _ => None,
        }
    }

    /// The memref type, if this is one.
    pub fn as_memref(&self) -> Option<&MemrefType> {
        match self {
            Type::Memref(m) => Some(m),
            _ => None,
        }
    }

    /// The tensor type, if this is one.
    pub fn as_tensor(&self) -> Option<&TensorType> {
        match self {
            Type::Tensor(t) => Some(t),
            _ => None,
        }
    }

    /// The vector type, if this is one.
    pub fn as_vector(&self) -> Option<&VectorType> {
        match self {
            Type::Vector(v) => Some(v),
            _ => None,
        }
    }

    /// Whether this is a vector, tensor or memref.
    pub fn is_shaped(&self) -> bool {
        matches!(self, Type::Vector(_) | Type::Tensor(_) | Type::Memref(_))
    }

    /// The element type of a vector, tensor or memref; the type itself otherwise.
    pub fn element_type(&self) -> &Type {
        match self {
            Type::Vector(v) => &v.elem,
            Type::Tensor(t) => &t.elem,
            Type::Memref(m) => &m.elem,
            other => other,
        }
    }

    /// The shape of a vector, ranked tensor or memref ([`DYNAMIC`] for `?`).
    pub fn shape(&self) -> Option<Vec<i64>> {
        match self {
            Type::Vector(v) => Some(v.shape.iter().map(|&d| i64::try_from(d).unwrap_or(i64::MAX)).collect()),
            Type::Tensor(t) => t.shape.clone(),
            Type::Memref(m) => Some(m.shape.clone()),
            _ => None,
        }
    }

    /// The rank of a vector, ranked tensor or memref.
    pub fn rank(&self) -> Option<usize> {
        match self {
            Type::Vector(v) => Some(v.shape.len()),
            Type::Tensor(t) => t.shape.as_ref().map(Vec::len),
            Type::Memref(m) => Some(m.shape.len()),
            _ => None,
        }
    }

    /// The same shape kind (vector or tensor) with another element type; the type itself for
    /// scalars. Used for results such as `cmpi`'s `i1` per element.
    pub fn with_element(&self, elem: Type) -> Type {
        match self {
            Type::Vector(v) => Type::Vector(Arc::new(VectorType { shape: v.shape.clone(), elem })),
            Type::Tensor(t) => Type::Tensor(Arc::new(TensorType { shape: t.shape.clone(), elem })),
            Type::Memref(m) => Type::Memref(Arc::new(MemrefType {
                shape: m.shape.clone(),
                elem,
                maps: m.maps.clone(),
                memory_space: m.memory_space.clone(),
            })),
            _ => elem,
        }
    }

    /// Append the textual form to `out`, using type and map aliases where given.
    pub fn write(&self, out: &mut String, aliases: Option<&Aliases>) {
        if let Some(name) = aliases.and_then(|a| a.type_alias(self)) {
            out.push('!');
            out.push_str(name);
            return;
        }
        self.write_expanded(out, aliases);
    }

    /// Like [`Type::write`] but never replacing the type itself by its alias (nested types
    /// still use theirs): the right side of an alias definition.
    pub fn write_expanded(&self, out: &mut String, aliases: Option<&Aliases>) {
        match self {
            Type::Integer(w) => {
                out.push('i');
                push_num(out, u64::from(*w));
            }
            Type::Index => out.push_str("index"),
            Type::F16 => out.push_str("f16"),
            Type::BF16 => out.push_str("bf16"),
            Type::F32 => out.push_str("f32"),
            Type::F64 => out.push_str("f64"),
            Type::None => out.push_str("none"),
            Type::Function(f) => {
                write_type_list_parens(out, &f.inputs, aliases);
                out.push_str(" -> ");
                match f.results.as_slice() {
                    [one] if !matches!(one, Type::Function(_)) => one.write(out, aliases),
                    many => write_type_list_parens(out, many, aliases),
                }
            }
            Type::Vector(v) => {
                out.push_str("vector<");
                for d in &v.shape {
                    push_num(out, *d);
                    out.push('x');
                }
                v.elem.write(out, aliases);
                out.push('>');
            }
            Type::Tensor(t) => {
                out.push_str("tensor<");
                match &t.shape {
                    None => out.push_str("*x"),
                    Some(s) => write_dims(out, s),
                }
                t.elem.write(out, aliases);
                out.push('>');
            }
            Type::Memref(m) => {
                out.push_str("memref<");
                write_dims(out, &m.shape);
                m.elem.write(out, aliases);
                for map in &m.maps {
                    out.push_str(", ");
                    match aliases.and_then(|a| a.map_alias(map)) {
                        Some(name) => {
                            out.push('#');
                            out.push_str(name);
                        }
                        None => map.write(out),
                    }
                }
                match &m.memory_space {
                    None => {}
                    Some(MemorySpace::Int(n)) => {
                        out.push_str(", ");
                        push_num(out, *n);
                    }
                    Some(MemorySpace::Named(n)) => {
                        out.push_str(", ");
                        out.push_str(n);
                    }
                }
                out.push('>');
            }
            Type::Complex(t) => {
                out.push_str("complex<");
                t.write(out, aliases);
                out.push('>');
            }
            Type::Tuple(ts) => {
                out.push_str("tuple<");
                for (i, t) in ts.iter().enumerate() {
                    if i > 0 {
                        out.push_str(", ");
                    }
                    t.write(out, aliases);
                }
                out.push('>');
            }
            Type::Dialect(d) => {
                out.push('!');
                out.push_str(&d.dialect);
                if is_pretty_dialect_data(&d.dialect, &d.data) {
                    out.push('.');
                    out.push_str(&d.data);
                } else {
                    out.push('<');
                    write_string_literal(out, &d.data);
                    out.push('>');
                }
            }
        }
    }
}

impl MemrefType {
    /// Total number of symbols of the layout composition (bound by `alloc`'s `[..]` list).
    pub fn num_layout_symbols(&self) -> usize {
        self.maps.iter().map(AffineMap::num_symbols).sum()
    }

    /// Number of dynamic dimensions.
    pub fn num_dynamic_dims(&self) -> usize {
        self.shape.iter().filter(|&&d| d == DYNAMIC).count()
    }

    /// Whether the memref has the identity (row-major) layout.
    pub fn has_identity_layout(&self) -> bool {
        self.maps.is_empty()
    }

    /// The layout as `offset + Σ d_k * stride_k` with each term a constant or a symbol of its
    /// own, when it has that form (MLIR's strided layouts; DLTensors bind their symbols).
    pub fn strided_form(&self) -> Option<StridedForm> {
        let [map] = self.maps.as_slice() else { return None };
        let [e] = map.results() else { return None };
        let rank = self.shape.len();
        let (terms, constant) = e.terms();
        let mut offset = StrideTerm::Const(constant);
        let mut strides: Vec<Option<StrideTerm>> = vec![None; rank];
        let mut seen_syms = std::collections::HashSet::new();
        let mut sym = |s: u32| seen_syms.insert(s).then_some(StrideTerm::Symbol(s));
        for (atom, coef) in terms {
            let (dim, term) = match atom.kind() {
                super::ExprKind::Dim(d) => (Some(*d as usize), StrideTerm::Const(coef)),
                super::ExprKind::Symbol(s) if coef == 1 && constant == 0 && offset == StrideTerm::Const(0) => {
                    (None, sym(*s)?)
                }
                super::ExprKind::Mul(a, b) if coef == 1 => match (a.kind(), b.kind()) {
                    (super::ExprKind::Dim(d), super::ExprKind::Symbol(s))
                    | (super::ExprKind::Symbol(s), super::ExprKind::Dim(d)) => (Some(*d as usize), sym(*s)?),
                    _ => return None,
                },
                _ => return None,
            };
            match dim {
                Some(d) if d < rank && strides[d].is_none() => strides[d] = Some(term),
                Some(_) => return None,
                None => offset = term,
            }
        }
        let strides = strides.into_iter().map(|s| s.unwrap_or(StrideTerm::Const(0))).collect();
        Some(StridedForm { offset, strides })
    }
}

/// One term of a strided layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrideTerm {
    /// A constant.
    Const(i64),
    /// The layout symbol of this index.
    Symbol(u32),
}

/// A strided layout: element `(i_0, ..)` is at `offset + Σ i_k * strides[k]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StridedForm {
    /// The offset of element 0.
    pub offset: StrideTerm,
    /// The stride of each dimension.
    pub strides: Vec<StrideTerm>,
}

/// Whether `!dialect<"data">` can be printed in the pretty form `!dialect.data`: the dialect
/// is a bare identifier (`!123.x` would read back as the alias `!123`) and the data an
/// identifier followed by an optional balanced `<..>` body without quotes.
pub fn is_pretty_dialect_data(dialect: &str, data: &str) -> bool {
    if !dialect.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_') {
        return false;
    }
    let bytes = data.as_bytes();
    let ident_end = bytes
        .iter()
        .position(|&b| !(b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$'))
        .unwrap_or(bytes.len());
    if ident_end == 0 || !(bytes[0].is_ascii_alphabetic() || bytes[0] == b'_') {
        return false;
    }
    let rest = &bytes[ident_end..];
    if rest.is_empty() {
        return !data.ends_with('.');
    }
    if rest[0] != b'<' {
        return false;
    }
    let mut stack = Vec::new();
    for (i, &b) in rest.iter().enumerate() {
        match b {
            b'<' | b'(' | b'[' | b'{' => stack.push(b),
            b'>' if i > 0 && rest[i - 1] == b'-' => {}
            b'>' | b')' | b']' | b'}' => {
                let open = match b {
                    b'>' => b'<',
                    b')' => b'(',
                    b']' => b'[',
                    _ => b'{',
                };
                if stack.pop() != Some(open) {
                    return false;
                }
                if stack.is_empty() {
                    return i + 1 == rest.len();
                }
            }
            b'"' | b'\0' | b'\n' | b'\r' => return false,
            _ => {}
        }
    }
    false
}

fn check_dims(shape: &[i64]) -> Result<(), String> {
    if shape.iter().any(|&d| d < 0 && d != DYNAMIC) {
        return Err("invalid dimension size".into());
    }
    Ok(())
}

fn check_element(elem: &Type, what: &str) -> Result<(), String> {
    match elem {
        Type::Integer(_)
        | Type::Index
        | Type::F16
        | Type::BF16
        | Type::F32
        | Type::F64
        | Type::Vector(_)
        | Type::Complex(_)
        | Type::Dialect(_) => Ok(()),
        other => Err(format!("invalid {what} element type '{other}'")),
    }
}

fn write_dims(out: &mut String, shape: &[i64]) {
    for &d in shape {
        if d == DYNAMIC {
            out.push('?');
        } else {
            push_num(out, d.unsigned_abs());
        }
        out.push('x');
    }
}

fn write_type_list_parens(out: &mut String, types: &[Type], aliases: Option<&Aliases>) {
    out.push('(');
    for (i, t) in types.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        t.write(out, aliases);
    }
    out.push(')');
}

fn push_num(out: &mut String, v: u64) {
    use fmt::Write;
    let _ = write!(out, "{v}");
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut s = String::new();
        self.write(&mut s, None);
        f.write_str(&s)
    }
}

impl fmt::Debug for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::AffineExpr;

    #[test]
    fn prints_every_kind() {
        let t = Type::tensor(Some(vec![DYNAMIC, 4]), Type::F32).unwrap();
        assert_eq!(t.to_string(), "tensor<?x4xf32>");
        assert_eq!(Type::tensor(None, Type::Integer(8)).unwrap().to_string(), "tensor<*xi8>");
        assert_eq!(Type::tensor(Some(vec![]), Type::F32).unwrap().to_string(), "tensor<f32>");
        let col = AffineMap::new(2, 0, vec![AffineExpr::dim(1), AffineExpr::dim(0)]);
        let m = Type::memref(vec![4, 8], Type::F32, vec![col], Some(MemorySpace::Named("hbm".into()))).unwrap();
        assert_eq!(m.to_string(), "memref<4x8xf32, (d0, d1) -> (d1, d0), hbm>");
        let f = Type::function(vec![Type::Index], vec![Type::function(vec![], vec![])]);
        assert_eq!(f.to_string(), "(index) -> (() -> ())");
        assert_eq!(Type::dialect("tf", "string").to_string(), "!tf.string");
        assert_eq!(Type::dialect("llvm", "i32*").to_string(), "!llvm<\"i32*\">");
        assert_eq!(Type::dialect("foo", "something<abcd>").to_string(), "!foo.something<abcd>");
        assert_eq!(Type::tuple(vec![]).to_string(), "tuple<>");
    }

    #[test]
    fn canonicalizes_memrefs() {
        let id = AffineMap::identity(1);
        let a = Type::memref(vec![4], Type::F32, vec![id], Some(MemorySpace::Int(0))).unwrap();
        let b = Type::memref(vec![4], Type::F32, vec![], None).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn rejects_bad_shapes() {
        assert!(Type::vector(vec![0, 42], Type::Integer(32)).is_err());
        let m = AffineMap::identity(3);
        assert!(Type::memref(vec![4, 4], Type::F32, vec![m], None).is_err());
        assert!(Type::integer(0).is_err());
        assert!(Type::integer(4097).is_err());
        assert!(Type::integer(4096).is_ok());
    }
}
