//! The TIR AST (tir-spec.md "PrimFunc", "Stmt", "PrimExpr", "Buffer"): immutable trees shared
//! through `Arc`. Variables and buffers have identity: two `Var`s with one name are different
//! variables unless they are the same node (compared by id).
//!
//! Every node may carry the [`Span`] of the script text it was read from; nodes built with the
//! Rust API have none. Constructors compute each expression's datatype by the spec's rules
//! (tir-spec.md "Rules for Assigning Datatypes to PrimExprs"); whether the operands are allowed
//! is the checker's business ([`crate::tir::check()`]), so an ill-typed tree can be built and then
//! rejected with a message naming the rule.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use super::dtype::DataType;
use crate::ir::{SourceFile, Span};

static NEXT_ID: AtomicU64 = AtomicU64::new(1);

fn fresh_id() -> u64 {
    NEXT_ID.fetch_add(1, Ordering::Relaxed)
}

// ---- types and variables ------------------------------------------------------------------------

/// What a pointer points to (tir-spec.md "PointerType").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct PointerType {
    /// The pointee's datatype.
    pub element: DataType,
    /// The storage scope (`global`, `local`, `shared`).
    pub scope: Arc<str>,
}

/// A variable's finer-grained type (tir-spec.md "Finer-Grained Types").
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Type {
    /// No more than the datatype.
    Prim(DataType),
    /// A pointer to elements of a datatype.
    Pointer(PointerType),
    /// `TupleType([])`: no value (void).
    Void,
}

impl Type {
    /// The datatype of a value of this type (tir-spec.md, Var rule 1.2).
    pub fn dtype(&self) -> DataType {
        match self {
            Type::Prim(d) => *d,
            Type::Pointer(_) => DataType::HANDLE,
            Type::Void => DataType::VOID,
        }
    }
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Prim(d) => write!(f, "{d}"),
            Type::Pointer(p) if &*p.scope == "global" => write!(f, "handle({})", p.element),
            Type::Pointer(p) => write!(f, "handle({}, \"{}\")", p.element, p.scope),
            Type::Void => f.write_str("void"),
        }
    }
}

#[derive(Debug)]
struct VarData {
    id: u64,
    name: Arc<str>,
    ty: Type,
    span: Option<Span>,
}

/// A variable: bound once, referenced by identity.
#[derive(Clone, Debug)]
pub struct Var(Arc<VarData>);

impl PartialEq for Var {
    fn eq(&self, o: &Var) -> bool {
        self.0.id == o.0.id
    }
}
impl Eq for Var {}
impl std::hash::Hash for Var {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.id.hash(h);
    }
}

impl Var {
    /// A fresh variable of a datatype (`void` gives the type `TupleType([])`).
    ///
    /// ```
    /// use strata::tir::{DataType, Var};
    /// let i = Var::new("i", DataType::INT32);
    /// assert_eq!(i.dtype(), DataType::INT32);
    /// ```
    pub fn new(name: &str, dtype: DataType) -> Var {
        let ty = if dtype == DataType::VOID { Type::Void } else { Type::Prim(dtype) };
        Var::typed(name, ty)
    }
    /// A fresh variable with a type annotation.
    pub fn typed(name: &str, ty: Type) -> Var {
        Var(Arc::new(VarData { id: fresh_id(), name: name.into(), ty, span: None }))
    }
    /// A fresh pointer variable.
    pub fn pointer(name: &str, element: DataType, scope: &str) -> Var {
        Var::typed(name, Type::Pointer(PointerType { element, scope: scope.into() }))
    }
    /// The same kind of variable, fresh, declared at `span`.
    pub fn at(name: &str, ty: Type, span: Option<Span>) -> Var {
        Var(Arc::new(VarData { id: fresh_id(), name: name.into(), ty, span }))
    }
    /// The name hint.
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// The datatype.
    pub fn dtype(&self) -> DataType {
        self.0.ty.dtype()
    }
    /// The type annotation.
    pub fn ty(&self) -> &Type {
        &self.0.ty
    }
    /// The pointer type annotation, if any.
    pub fn pointer_type(&self) -> Option<&PointerType> {
        match &self.0.ty {
            Type::Pointer(p) => Some(p),
            _ => None,
        }
    }
    /// Where it was declared.
    pub fn span(&self) -> Option<Span> {
        self.0.span
    }
    /// The unique id.
    pub fn id(&self) -> u64 {
        self.0.id
    }
}

// ---- expressions --------------------------------------------------------------------------------

/// Binary arithmetic operators (tir-spec.md "BinaryOp").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BinOp {
    /// `Add`
    Add,
    /// `Sub`
    Sub,
    /// `Mul`
    Mul,
    /// Truncating division (`T.truncdiv`, and `/` on floats).
    Div,
    /// Truncating remainder (`T.truncmod`).
    Mod,
    /// Flooring division (`//`).
    FloorDiv,
    /// Flooring remainder (`%`).
    FloorMod,
    /// `T.min`
    Min,
    /// `T.max`
    Max,
}

impl BinOp {
    /// The node's name in the spec.
    pub fn name(self) -> &'static str {
        match self {
            BinOp::Add => "Add",
            BinOp::Sub => "Sub",
            BinOp::Mul => "Mul",
            BinOp::Div => "Div",
            BinOp::Mod => "Mod",
            BinOp::FloorDiv => "FloorDiv",
            BinOp::FloorMod => "FloorMod",
            BinOp::Min => "Min",
            BinOp::Max => "Max",
        }
    }
}

/// Comparison operators (tir-spec.md "CmpOp").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CmpOp {
    /// `==`
    Eq,
    /// `!=`
    Ne,
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
}

impl CmpOp {
    /// The node's name in the spec.
    pub fn name(self) -> &'static str {
        match self {
            CmpOp::Eq => "EQ",
            CmpOp::Ne => "NE",
            CmpOp::Lt => "LT",
            CmpOp::Le => "LE",
            CmpOp::Gt => "GT",
            CmpOp::Ge => "GE",
        }
    }
    /// The Python operator.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
        }
    }
}

/// What a `Call` calls.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Callee {
    /// A builtin, by its full name (`tir.exp`, `tir.if_then_else`, `tir.ret`).
    Builtin(Arc<str>),
    /// A PrimFunc of the module (a `GlobalVar`).
    Global(Arc<str>),
}

/// The node kinds of a [`PrimExpr`].
#[derive(Clone, Debug)]
pub enum ExprKind {
    /// A variable reference.
    Var(Var),
    /// An integer constant.
    IntImm(i64),
    /// A float constant.
    FloatImm(f64),
    /// A string (a handle to its characters).
    StringImm(Arc<str>),
    /// A conversion to the node's dtype.
    Cast(PrimExpr),
    /// Choice that evaluates both sides.
    Select(PrimExpr, PrimExpr, PrimExpr),
    /// `buffer[indices]`.
    BufferLoad(Buffer, Vec<PrimExpr>),
    /// `base + i * stride` in lane `i`.
    Ramp(PrimExpr, PrimExpr, u16),
    /// One value in every lane.
    Broadcast(PrimExpr, u16),
    /// `body` with `var` bound to `value`.
    Let(Var, PrimExpr, PrimExpr),
    /// A builtin or PrimFunc call.
    Call(Callee, Vec<PrimExpr>),
    /// Lanes picked from the concatenation of vectors.
    Shuffle(Vec<PrimExpr>, Vec<PrimExpr>),
    /// Arithmetic.
    Binary(BinOp, PrimExpr, PrimExpr),
    /// Comparison.
    Cmp(CmpOp, PrimExpr, PrimExpr),
    /// Conjunction, short-circuiting on scalars.
    And(PrimExpr, PrimExpr),
    /// Disjunction, short-circuiting on scalars.
    Or(PrimExpr, PrimExpr),
    /// Negation.
    Not(PrimExpr),
}

#[derive(Debug)]
struct ExprData {
    kind: ExprKind,
    dtype: DataType,
    span: Option<Span>,
}

// Dropping a tree drops its children from inside this drop: a tree as deep as the Rust API can
// build (a chain of 100,000 `and`s) grows the stack on demand instead of overflowing it.
impl Drop for ExprData {
    fn drop(&mut self) {
        if matches!(self.kind, ExprKind::Var(_) | ExprKind::IntImm(_) | ExprKind::FloatImm(_) | ExprKind::StringImm(_))
        {
            return;
        }
        let kind = std::mem::replace(&mut self.kind, ExprKind::IntImm(0));
        stacker::maybe_grow(64 * 1024, 1024 * 1024, move || drop(kind));
    }
}

/// An expression with its datatype.
#[derive(Clone, Debug)]
pub struct PrimExpr(Arc<ExprData>);

impl PrimExpr {
    /// A node of an explicit datatype (constants, casts, calls).
    pub fn new(kind: ExprKind, dtype: DataType) -> PrimExpr {
        PrimExpr(Arc::new(ExprData { kind, dtype, span: None }))
    }
    /// A node with a source location.
    pub fn at(kind: ExprKind, dtype: DataType, span: Option<Span>) -> PrimExpr {
        PrimExpr(Arc::new(ExprData { kind, dtype, span }))
    }
    /// The same node at another location.
    pub fn with_span(&self, span: Option<Span>) -> PrimExpr {
        PrimExpr::at(self.kind().clone(), self.dtype(), span)
    }
    /// An `int32` constant.
    pub fn int(v: i64) -> PrimExpr {
        PrimExpr::new(ExprKind::IntImm(v), DataType::INT32)
    }
    /// An integer constant of a type.
    pub fn int_of(v: i64, dtype: DataType) -> PrimExpr {
        PrimExpr::new(ExprKind::IntImm(v), dtype)
    }
    /// A `bool` constant.
    pub fn bool(v: bool) -> PrimExpr {
        PrimExpr::new(ExprKind::IntImm(i64::from(v)), DataType::BOOL)
    }
    /// A float constant of a type.
    pub fn float_of(v: f64, dtype: DataType) -> PrimExpr {
        PrimExpr::new(ExprKind::FloatImm(v), dtype)
    }
    /// A string constant.
    pub fn string(s: &str) -> PrimExpr {
        PrimExpr::new(ExprKind::StringImm(s.into()), DataType::HANDLE)
    }
    /// A variable reference.
    pub fn var(v: &Var) -> PrimExpr {
        PrimExpr::new(ExprKind::Var(v.clone()), v.dtype())
    }
    /// `Cast(value, dtype)`.
    pub fn cast(dtype: DataType, value: PrimExpr) -> PrimExpr {
        PrimExpr::new(ExprKind::Cast(value), dtype)
    }
    /// `Select(cond, t, f)`: its datatype is `t`'s.
    pub fn select(cond: PrimExpr, t: PrimExpr, f: PrimExpr) -> PrimExpr {
        let d = t.dtype();
        PrimExpr::new(ExprKind::Select(cond, t, f), d)
    }
    /// `BufferLoad(buffer, indices)`: lanes are the buffer's times the last index's.
    pub fn load(buffer: &Buffer, indices: Vec<PrimExpr>) -> PrimExpr {
        let lanes = indices.last().map_or(1, |i| i.dtype().lanes);
        let d = buffer.dtype().with_lanes(buffer.dtype().lanes.saturating_mul(lanes));
        PrimExpr::new(ExprKind::BufferLoad(buffer.clone(), indices), d)
    }
    /// `Ramp(base, stride, lanes)`.
    pub fn ramp(base: PrimExpr, stride: PrimExpr, lanes: u16) -> PrimExpr {
        let d = base.dtype().with_lanes(lanes);
        PrimExpr::new(ExprKind::Ramp(base, stride, lanes), d)
    }
    /// `Broadcast(value, lanes)`.
    pub fn broadcast(value: PrimExpr, lanes: u16) -> PrimExpr {
        let d = value.dtype().with_lanes(lanes);
        PrimExpr::new(ExprKind::Broadcast(value, lanes), d)
    }
    /// `Let(var, value, body)`.
    pub fn let_in(var: &Var, value: PrimExpr, body: PrimExpr) -> PrimExpr {
        let d = body.dtype();
        PrimExpr::new(ExprKind::Let(var.clone(), value, body), d)
    }
    /// A call of a builtin (`tir.exp`) with a result datatype.
    pub fn call_builtin(dtype: DataType, name: &str, args: Vec<PrimExpr>) -> PrimExpr {
        PrimExpr::new(ExprKind::Call(Callee::Builtin(name.into()), args), dtype)
    }
    /// A call of a PrimFunc of the module.
    pub fn call_global(dtype: DataType, name: &str, args: Vec<PrimExpr>) -> PrimExpr {
        PrimExpr::new(ExprKind::Call(Callee::Global(name.into()), args), dtype)
    }
    /// `tir.ret(value)`: return from the PrimFunc.
    pub fn ret(value: PrimExpr) -> PrimExpr {
        PrimExpr::call_builtin(DataType::VOID, "tir.ret", vec![value])
    }
    /// `Shuffle(vectors, indices)`.
    pub fn shuffle(vectors: Vec<PrimExpr>, indices: Vec<PrimExpr>) -> PrimExpr {
        let d = vectors.first().map_or(DataType::INT32, PrimExpr::dtype);
        let d = d.with_lanes(u16::try_from(indices.len()).unwrap_or(u16::MAX));
        PrimExpr::new(ExprKind::Shuffle(vectors, indices), d)
    }
    /// A binary operation: its datatype is `a`'s.
    pub fn binary(op: BinOp, a: PrimExpr, b: PrimExpr) -> PrimExpr {
        let d = a.dtype();
        PrimExpr::new(ExprKind::Binary(op, a, b), d)
    }
    /// A comparison: `bool` with `a`'s lanes.
    pub fn cmp(op: CmpOp, a: PrimExpr, b: PrimExpr) -> PrimExpr {
        let d = DataType::BOOL.with_lanes(a.dtype().lanes);
        PrimExpr::new(ExprKind::Cmp(op, a, b), d)
    }
    /// `And(a, b)`.
    pub fn and(a: PrimExpr, b: PrimExpr) -> PrimExpr {
        let d = a.dtype();
        PrimExpr::new(ExprKind::And(a, b), d)
    }
    /// `Or(a, b)`.
    pub fn or(a: PrimExpr, b: PrimExpr) -> PrimExpr {
        let d = a.dtype();
        PrimExpr::new(ExprKind::Or(a, b), d)
    }
    /// `Not(a)`.
    pub fn logical_not(a: PrimExpr) -> PrimExpr {
        let d = DataType::BOOL.with_lanes(a.dtype().lanes);
        PrimExpr::new(ExprKind::Not(a), d)
    }
    /// `FloorDiv(a, b)`.
    pub fn floordiv(a: PrimExpr, b: PrimExpr) -> PrimExpr {
        PrimExpr::binary(BinOp::FloorDiv, a, b)
    }
    /// `FloorMod(a, b)`.
    pub fn floormod(a: PrimExpr, b: PrimExpr) -> PrimExpr {
        PrimExpr::binary(BinOp::FloorMod, a, b)
    }
    /// `Min(a, b)`.
    pub fn min(a: PrimExpr, b: PrimExpr) -> PrimExpr {
        PrimExpr::binary(BinOp::Min, a, b)
    }
    /// `Max(a, b)`.
    pub fn max(a: PrimExpr, b: PrimExpr) -> PrimExpr {
        PrimExpr::binary(BinOp::Max, a, b)
    }
    /// A comparison `self op other`.
    pub fn compare(&self, op: CmpOp, other: impl Into<PrimExpr>) -> PrimExpr {
        PrimExpr::cmp(op, self.clone(), other.into())
    }

    /// The kind.
    pub fn kind(&self) -> &ExprKind {
        &self.0.kind
    }
    /// The datatype.
    pub fn dtype(&self) -> DataType {
        self.0.dtype
    }
    /// Where it was written.
    pub fn span(&self) -> Option<Span> {
        self.0.span
    }
    /// The integer value, if a constant.
    pub fn as_int(&self) -> Option<i64> {
        if let ExprKind::IntImm(v) = self.kind() { Some(*v) } else { None }
    }
    /// The float value, if a float constant.
    pub fn as_float(&self) -> Option<f64> {
        if let ExprKind::FloatImm(v) = self.kind() { Some(*v) } else { None }
    }
    /// The variable, if a reference to one.
    pub fn as_var(&self) -> Option<&Var> {
        if let ExprKind::Var(v) = self.kind() { Some(v) } else { None }
    }
    /// The node's identity (its address), for memoizing per node.
    pub fn node_id(&self) -> usize {
        Arc::as_ptr(&self.0) as usize
    }
    /// Whether two expressions are the same node.
    pub fn same_node(&self, other: &PrimExpr) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// The spec's name of the node kind (`Add`, `BufferLoad`, ...).
    pub fn node_name(&self) -> &'static str {
        match self.kind() {
            ExprKind::Var(_) => "Var",
            ExprKind::IntImm(_) => "IntImm",
            ExprKind::FloatImm(_) => "FloatImm",
            ExprKind::StringImm(_) => "StringImm",
            ExprKind::Cast(_) => "Cast",
            ExprKind::Select(..) => "Select",
            ExprKind::BufferLoad(..) => "BufferLoad",
            ExprKind::Ramp(..) => "Ramp",
            ExprKind::Broadcast(..) => "Broadcast",
            ExprKind::Let(..) => "Let",
            ExprKind::Call(..) => "Call",
            ExprKind::Shuffle(..) => "Shuffle",
            ExprKind::Binary(op, ..) => op.name(),
            ExprKind::Cmp(op, ..) => op.name(),
            ExprKind::And(..) => "And",
            ExprKind::Or(..) => "Or",
            ExprKind::Not(_) => "Not",
        }
    }
}

impl From<&Var> for PrimExpr {
    fn from(v: &Var) -> PrimExpr {
        PrimExpr::var(v)
    }
}
impl From<Var> for PrimExpr {
    fn from(v: Var) -> PrimExpr {
        PrimExpr::var(&v)
    }
}
impl From<i32> for PrimExpr {
    fn from(v: i32) -> PrimExpr {
        PrimExpr::int(i64::from(v))
    }
}
impl From<i64> for PrimExpr {
    fn from(v: i64) -> PrimExpr {
        PrimExpr::int_of(v, DataType::INT64)
    }
}
impl From<f32> for PrimExpr {
    fn from(v: f32) -> PrimExpr {
        PrimExpr::float_of(f64::from(v), DataType::FLOAT32)
    }
}
impl From<f64> for PrimExpr {
    fn from(v: f64) -> PrimExpr {
        PrimExpr::float_of(v, DataType::FLOAT64)
    }
}
impl From<&PrimExpr> for PrimExpr {
    fn from(e: &PrimExpr) -> PrimExpr {
        e.clone()
    }
}

macro_rules! arith_ops {
    ($($trait:ident $method:ident $op:ident),*) => {$(
        impl<T: Into<PrimExpr>> std::ops::$trait<T> for PrimExpr {
            type Output = PrimExpr;
            fn $method(self, rhs: T) -> PrimExpr {
                PrimExpr::binary(BinOp::$op, self, rhs.into())
            }
        }
        impl<T: Into<PrimExpr>> std::ops::$trait<T> for &PrimExpr {
            type Output = PrimExpr;
            fn $method(self, rhs: T) -> PrimExpr {
                PrimExpr::binary(BinOp::$op, self.clone(), rhs.into())
            }
        }
    )*};
}
arith_ops!(Add add Add, Sub sub Sub, Mul mul Mul, Div div Div, Rem rem Mod);

// ---- buffers ------------------------------------------------------------------------------------

#[derive(Debug)]
struct BufferData {
    id: u64,
    name: Arc<str>,
    data: Var,
    dtype: DataType,
    shape: Vec<PrimExpr>,
    strides: Vec<PrimExpr>,
    elem_offset: PrimExpr,
    data_alignment: i64,
    offset_factor: i64,
    axis_separators: Vec<i64>,
    auto_broadcast: bool,
    layout: Option<Arc<str>>,
    scalar_local: bool,
    flat_unit_stride: bool,
    span: Option<Span>,
}

/// A buffer: a view of memory with a shape (tir-spec.md "Buffer").
#[derive(Clone, Debug)]
pub struct Buffer(Arc<BufferData>);

impl PartialEq for Buffer {
    fn eq(&self, o: &Buffer) -> bool {
        self.0.id == o.0.id
    }
}
impl Eq for Buffer {}
impl std::hash::Hash for Buffer {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.0.id.hash(h);
    }
}

/// How to make a [`Buffer`]: the defaults are TVM's (`T.Buffer(shape, dtype)`: compact,
/// element offset 0, global scope).
#[derive(Clone, Debug)]
pub struct BufferSpec {
    /// Name hint.
    pub name: String,
    /// Element type.
    pub dtype: DataType,
    /// Shape.
    pub shape: Vec<PrimExpr>,
    /// Strides in elements (empty: compact row-major).
    pub strides: Vec<PrimExpr>,
    /// Offset of element 0, in elements (`None`: the constant 0).
    pub elem_offset: Option<PrimExpr>,
    /// Storage scope of a fresh data pointer.
    pub scope: String,
    /// Alignment of the data in bytes (-1: the default, 64).
    pub data_alignment: i64,
    /// The element offset is a multiple of this (-1: the default, 1).
    pub offset_factor: i64,
    /// Axis separators.
    pub axis_separators: Vec<i64>,
    /// `buffer_type="auto"`.
    pub auto_broadcast: bool,
    /// TVM 0.27's `layout=` (`T.TileLayout(..)`), as TVM prints it: kept to be printed back (a
    /// tile layout does not change how a CPU build addresses the buffer).
    pub layout: Option<Arc<str>>,
    /// Declared as TVM 0.27's scalar local (`x: T.int32`): a one-element local buffer that
    /// prints in that form (TVM prints it so while the buffer keeps its default tile layout).
    pub scalar_local: bool,
    /// Declared with TVM's `strides=(1,)` over other than one dimension (what TVM 0.27's
    /// `cache_index` allocates): one unit stride of the flattened buffer, so compact row-major
    /// (its `strides` stay empty); printed back as written.
    pub flat_unit_stride: bool,
    /// An existing data pointer (`data=` in the script); a fresh one if `None`.
    pub data: Option<Var>,
    /// Where it was declared.
    pub span: Option<Span>,
}

impl BufferSpec {
    /// A compact global buffer.
    pub fn new(name: &str, dtype: DataType, shape: Vec<PrimExpr>) -> BufferSpec {
        BufferSpec {
            name: name.to_string(),
            dtype,
            shape,
            strides: Vec::new(),
            elem_offset: None,
            scope: "global".into(),
            data_alignment: -1,
            offset_factor: -1,
            axis_separators: Vec::new(),
            auto_broadcast: false,
            layout: None,
            scalar_local: false,
            flat_unit_stride: false,
            data: None,
            span: None,
        }
    }

    /// Make the buffer.
    pub fn build(self) -> Buffer {
        let data = self.data.unwrap_or_else(|| Var::pointer(&self.name, self.dtype, &self.scope));
        // TVM's default offset is of the shape's index type; a rank-0 buffer's is int64.
        let index_t = match self.shape.first() {
            None => DataType::INT64,
            Some(d) => Some(d.dtype()).filter(|t| t.is_int()).unwrap_or(DataType::INT32),
        };
        Buffer(Arc::new(BufferData {
            id: fresh_id(),
            name: self.name.into(),
            data,
            dtype: self.dtype,
            shape: self.shape,
            strides: self.strides,
            elem_offset: self.elem_offset.unwrap_or_else(|| PrimExpr::int_of(0, index_t)),
            data_alignment: self.data_alignment,
            offset_factor: self.offset_factor,
            axis_separators: self.axis_separators,
            auto_broadcast: self.auto_broadcast,
            layout: self.layout,
            scalar_local: self.scalar_local,
            flat_unit_stride: self.flat_unit_stride,
            span: self.span,
        }))
    }
}

impl Buffer {
    /// A compact global buffer with a fresh data pointer.
    ///
    /// ```
    /// use strata::tir::{Buffer, DataType};
    /// let a = Buffer::new("A", DataType::FLOAT32, vec![4.into(), 8.into()]);
    /// assert_eq!(a.shape().len(), 2);
    /// ```
    pub fn new(name: &str, dtype: DataType, shape: Vec<PrimExpr>) -> Buffer {
        BufferSpec::new(name, dtype, shape).build()
    }
    /// Name hint.
    pub fn name(&self) -> &str {
        &self.0.name
    }
    /// The data pointer variable.
    pub fn data(&self) -> &Var {
        &self.0.data
    }
    /// Element type.
    pub fn dtype(&self) -> DataType {
        self.0.dtype
    }
    /// Shape.
    pub fn shape(&self) -> &[PrimExpr] {
        &self.0.shape
    }
    /// Strides (empty: compact row-major).
    pub fn strides(&self) -> &[PrimExpr] {
        &self.0.strides
    }
    /// Element offset (the constant 0 unless given).
    pub fn elem_offset(&self) -> &PrimExpr {
        &self.0.elem_offset
    }
    /// Storage scope of the data pointer.
    pub fn scope(&self) -> &str {
        self.0.data.pointer_type().map_or("global", |p| &p.scope)
    }
    /// Data alignment (-1: default).
    pub fn data_alignment(&self) -> i64 {
        self.0.data_alignment
    }
    /// Offset factor (-1: default).
    pub fn offset_factor(&self) -> i64 {
        self.0.offset_factor
    }
    /// TVM 0.27's `layout=` as TVM prints it, when not the default.
    pub fn layout(&self) -> Option<&str> {
        self.0.layout.as_deref()
    }

    /// Whether it was declared with TVM's one flattened unit stride (`strides=(1,)` over other
    /// than one dimension): compact, printed in that form.
    pub fn has_flat_unit_stride(&self) -> bool {
        self.0.flat_unit_stride
    }

    /// Whether it was declared as a scalar local (`x: T.int32`).
    pub fn is_scalar_local(&self) -> bool {
        self.0.scalar_local
    }

    /// Axis separators.
    pub fn axis_separators(&self) -> &[i64] {
        &self.0.axis_separators
    }
    /// Whether it is an auto-broadcast buffer.
    pub fn auto_broadcast(&self) -> bool {
        self.0.auto_broadcast
    }
    /// Where it was declared.
    pub fn span(&self) -> Option<Span> {
        self.0.span
    }
    /// The buffer's id.
    pub fn id(&self) -> u64 {
        self.0.id
    }
    /// `self[indices]`.
    pub fn load(&self, indices: Vec<PrimExpr>) -> PrimExpr {
        PrimExpr::load(self, indices)
    }
    /// `self[indices] = value`.
    pub fn store(&self, indices: Vec<PrimExpr>, value: PrimExpr) -> Stmt {
        Stmt::new(StmtKind::BufferStore { buffer: self.clone(), value, indices })
    }
    /// The whole buffer as a region.
    pub fn full_region(&self) -> BufferRegion {
        let region =
            self.shape().iter().map(|d| Range { min: PrimExpr::int_of(0, d.dtype()), extent: d.clone() }).collect();
        BufferRegion { buffer: self.clone(), region }
    }
}

/// `[min, min + extent)`.
#[derive(Clone, Debug)]
pub struct Range {
    /// Start.
    pub min: PrimExpr,
    /// Length.
    pub extent: PrimExpr,
}

impl Range {
    /// `[min, min + extent)`.
    pub fn new(min: impl Into<PrimExpr>, extent: impl Into<PrimExpr>) -> Range {
        Range { min: min.into(), extent: extent.into() }
    }
}

/// A buffer and a range per dimension.
#[derive(Clone, Debug)]
pub struct BufferRegion {
    /// The buffer.
    pub buffer: Buffer,
    /// One range per dimension.
    pub region: Vec<Range>,
}

impl BufferRegion {
    /// The region of the one element of `buffer` at `indices`.
    pub fn point(buffer: &Buffer, indices: &[PrimExpr]) -> BufferRegion {
        BufferRegion {
            buffer: buffer.clone(),
            region: indices.iter().map(|i| Range::new(i.clone(), PrimExpr::int_of(1, i.dtype()))).collect(),
        }
    }
}

/// `buffer` is a window of `source` (tir-spec.md "MatchBufferRegion").
#[derive(Clone, Debug)]
pub struct MatchBufferRegion {
    /// The alias.
    pub buffer: Buffer,
    /// The window it stands for.
    pub source: BufferRegion,
}

/// Kinds of iteration variables (tir-spec.md "IterVarType"; `DataPar` is `T.axis.spatial`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IterType {
    /// Data parallel (`T.axis.spatial`).
    DataPar,
    /// A thread index (`T.launch_thread`, thread bindings).
    ThreadIndex,
    /// A reduction (`T.axis.reduce`): makes a block a reduction block.
    CommReduce,
    /// Ordered (`T.axis.scan`).
    Ordered,
    /// Opaque (`T.axis.opaque`).
    Opaque,
    /// Unrolled.
    Unrolled,
    /// Vectorized.
    Vectorized,
    /// Parallelized.
    Parallelized,
    /// Tensorized.
    Tensorized,
}

/// An iteration variable with its domain (tir-spec.md "IterVar").
#[derive(Clone, Debug)]
pub struct IterVar {
    /// Domain.
    pub dom: Option<Range>,
    /// The variable.
    pub var: Var,
    /// Kind.
    pub iter_type: IterType,
    /// The thread tag (`threadIdx.x`), or empty.
    pub thread_tag: String,
}

/// Loop kinds (tir-spec.md "ForKind", with serial).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ForKind {
    /// `range` / `T.serial`.
    Serial,
    /// `T.parallel`.
    Parallel,
    /// `T.vectorized`.
    Vectorized,
    /// `T.unroll`.
    Unrolled,
    /// `T.thread_binding(.., thread="tag")`.
    ThreadBinding(Arc<str>),
}

/// A value in function attributes or annotations.
#[derive(Clone, Debug)]
pub enum AttrValue {
    /// `True`/`False`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string.
    Str(String),
    /// A list.
    List(Vec<AttrValue>),
    /// A dictionary.
    Dict(Vec<(String, AttrValue)>),
    /// `T.target({..})`: a compilation target, kept as written (Strata compiles for the host).
    Target(Vec<(String, AttrValue)>),
    /// An expression (a typed constant or a variable).
    Expr(PrimExpr),
}

/// The node of an `AttrStmt`.
#[derive(Clone, Debug)]
pub enum AttrNode {
    /// No node (`None` in the script).
    None,
    /// A variable (`thread_extent`, `virtual_thread`, `volatile_scope`).
    Var(Var),
    /// A buffer.
    Buffer(Buffer),
    /// An iteration variable.
    IterVar(IterVar),
    /// A string.
    Str(String),
    /// An integer (`T.attr(0, ..)`).
    Int(i64),
    /// `T.comm_reducer(lambda x, y: x + y, [identity])`: a commutative reduction (combiner over
    /// `lhs`/`rhs` variables, its results, and its identity elements), the node of a
    /// `reduce_scope` attribute.
    CommReducer {
        /// The combiner's left operands.
        lhs: Vec<Var>,
        /// Its right operands.
        rhs: Vec<Var>,
        /// Its results, one per operand pair.
        result: Vec<PrimExpr>,
        /// The identity elements.
        identity: Vec<PrimExpr>,
    },
}

/// A block (tir-spec.md "Block").
#[derive(Clone, Debug)]
pub struct Block {
    /// Name hint.
    pub name: String,
    /// Iteration variables.
    pub iter_vars: Vec<IterVar>,
    /// Read regions.
    pub reads: Vec<BufferRegion>,
    /// Write regions.
    pub writes: Vec<BufferRegion>,
    /// The body.
    pub body: Stmt,
    /// Run on the first iteration of the enclosing reduction loops.
    pub init: Option<Stmt>,
    /// Buffers allocated for the block.
    pub alloc_buffers: Vec<Buffer>,
    /// Aliases of windows of other buffers.
    pub match_buffers: Vec<MatchBufferRegion>,
    /// Annotations.
    pub annotations: Vec<(String, AttrValue)>,
}

impl Block {
    /// A block with only a name and a body.
    pub fn new(name: &str, body: Stmt) -> Block {
        Block {
            name: name.to_string(),
            iter_vars: Vec::new(),
            reads: Vec::new(),
            writes: Vec::new(),
            body,
            init: None,
            alloc_buffers: Vec::new(),
            match_buffers: Vec::new(),
            annotations: Vec::new(),
        }
    }
}

// ---- statements ---------------------------------------------------------------------------------

/// The statement kinds (tir-spec.md "Stmt").
#[derive(Clone, Debug)]
pub enum StmtKind {
    /// `var = value` in `body`.
    LetStmt {
        /// The bound variable.
        var: Var,
        /// Its value.
        value: PrimExpr,
        /// Where it is in scope.
        body: Stmt,
    },
    /// An attribute, with semantics for `thread_extent` and `virtual_thread`.
    AttrStmt {
        /// The node.
        node: AttrNode,
        /// The key.
        key: String,
        /// The value.
        value: PrimExpr,
        /// The body.
        body: Stmt,
    },
    /// Stop with `message` unless `cond` holds, then run `body`.
    Assert {
        /// The condition.
        cond: PrimExpr,
        /// The message (a StringImm or an int32).
        message: PrimExpr,
        /// The rest.
        body: Stmt,
    },
    /// `buffer[indices] = value`.
    BufferStore {
        /// The buffer.
        buffer: Buffer,
        /// The stored value.
        value: PrimExpr,
        /// The indices.
        indices: Vec<PrimExpr>,
    },
    /// Allocate `buffer` for `body`.
    BufferRealize {
        /// The buffer.
        buffer: Buffer,
        /// Its bounds (information only).
        bounds: Vec<Range>,
        /// Condition (information only).
        cond: PrimExpr,
        /// Body.
        body: Stmt,
    },
    /// Allocate memory for `body` if `cond` holds.
    Allocate {
        /// The pointer variable.
        var: Var,
        /// The element type.
        dtype: DataType,
        /// The extents.
        extents: Vec<PrimExpr>,
        /// Allocate (and run the body) only if true.
        cond: PrimExpr,
        /// The body.
        body: Stmt,
        /// Annotations.
        annotations: Vec<(String, AttrValue)>,
    },
    /// `buffer` is in scope for `body`.
    DeclBuffer {
        /// The buffer.
        buffer: Buffer,
        /// The body.
        body: Stmt,
    },
    /// Statements in order.
    Seq(Vec<Stmt>),
    /// `if cond: .. else: ..`.
    IfThenElse {
        /// Condition.
        cond: PrimExpr,
        /// Then.
        then_case: Stmt,
        /// Else.
        else_case: Option<Stmt>,
    },
    /// Evaluate an expression for its effects.
    Evaluate(PrimExpr),
    /// A loop.
    For {
        /// The loop variable.
        var: Var,
        /// Start.
        min: PrimExpr,
        /// Number of iterations.
        extent: PrimExpr,
        /// Kind.
        kind: ForKind,
        /// Body.
        body: Stmt,
        /// Annotations.
        annotations: Vec<(String, AttrValue)>,
    },
    /// `while cond: body`.
    While {
        /// Condition.
        cond: PrimExpr,
        /// Body.
        body: Stmt,
    },
    /// `T.break_loop()`: leave the innermost enclosing loop (`for` or `while`).
    Break,
    /// `T.continue_loop()`: go on with the next iteration of the innermost enclosing loop.
    Continue,
    /// A block with the values of its iteration variables.
    BlockRealize {
        /// One value per iteration variable.
        values: Vec<PrimExpr>,
        /// `T.where(..)`.
        predicate: PrimExpr,
        /// The block.
        block: Box<Block>,
    },
}

#[derive(Debug)]
struct StmtData {
    kind: StmtKind,
    span: Option<Span>,
}

/// A statement.
#[derive(Clone, Debug)]
pub struct Stmt(Arc<StmtData>);

impl Stmt {
    /// Whether two handles are the same node (not only equal).
    pub fn same_node(&self, other: &Stmt) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
    /// A statement.
    pub fn new(kind: StmtKind) -> Stmt {
        Stmt(Arc::new(StmtData { kind, span: None }))
    }
    /// A statement with a source location.
    pub fn at(kind: StmtKind, span: Option<Span>) -> Stmt {
        Stmt(Arc::new(StmtData { kind, span }))
    }
    /// The kind.
    pub fn kind(&self) -> &StmtKind {
        &self.0.kind
    }
    /// Where it was written.
    pub fn span(&self) -> Option<Span> {
        self.0.span
    }
    /// An empty sequence.
    pub fn empty() -> Stmt {
        Stmt::new(StmtKind::Seq(Vec::new()))
    }
    /// Whether a `T.break_loop()` or `T.continue_loop()` is anywhere inside: loop transforms
    /// that copy or restructure a body leave such loops alone.
    pub fn has_loop_exit(&self) -> bool {
        let mut found = false;
        crate::tir::visit::walk_stmts(self, &mut |s| {
            found |= matches!(s.kind(), StmtKind::Break | StmtKind::Continue);
        });
        found
    }
    /// Whether it is an empty sequence.
    pub fn is_empty(&self) -> bool {
        matches!(self.kind(), StmtKind::Seq(v) if v.is_empty())
    }
    /// A function's root block: `body` with buffers allocated for all of it, as TVM wraps the
    /// body of a function written with blocks.
    pub fn root_block(alloc_buffers: Vec<Buffer>, body: Stmt) -> Stmt {
        let block = Block { alloc_buffers, ..Block::new("root", body) };
        Stmt::new(StmtKind::BlockRealize {
            values: Vec::new(),
            predicate: PrimExpr::bool(true),
            block: Box::new(block),
        })
    }
    /// The block of a root block as [`Stmt::root_block`] makes it (no iteration, regions,
    /// init, windows or annotations; any name: TVM takes a function body that is one such
    /// block as its root, and prints it as `# with T.sblock("root"):`).
    pub fn as_root_block(&self) -> Option<&Block> {
        let StmtKind::BlockRealize { values, predicate, block } = self.kind() else { return None };
        let plain = values.is_empty()
            && block.iter_vars.is_empty()
            && block.reads.is_empty()
            && block.writes.is_empty()
            && block.init.is_none()
            && block.match_buffers.is_empty()
            && block.annotations.is_empty()
            && predicate.dtype() == DataType::BOOL
            && predicate.as_int() == Some(1);
        plain.then_some(&**block)
    }
    /// Statements in order; one statement stays itself.
    pub fn seq(mut list: Vec<Stmt>) -> Stmt {
        if list.len() == 1 { list.remove(0) } else { Stmt::new(StmtKind::Seq(list)) }
    }
    /// A serial loop `for var in range(min, min + extent)`.
    pub fn for_range(var: &Var, min: impl Into<PrimExpr>, extent: impl Into<PrimExpr>, body: Stmt) -> Stmt {
        Stmt::for_kind(ForKind::Serial, var, min, extent, body)
    }
    /// This loop with another body (its header and span kept); `None` if it is not a loop.
    pub fn with_loop_body(&self, body: Stmt) -> Option<Stmt> {
        let StmtKind::For { var, min, extent, kind, annotations, .. } = self.kind() else { return None };
        Some(Stmt::at(
            StmtKind::For {
                var: var.clone(),
                min: min.clone(),
                extent: extent.clone(),
                kind: kind.clone(),
                body,
                annotations: annotations.clone(),
            },
            self.span(),
        ))
    }
    /// This loop run as another kind (its header, body and span kept); `None` if it is not a
    /// loop.
    pub fn with_loop_kind(&self, kind: ForKind) -> Option<Stmt> {
        let StmtKind::For { var, min, extent, body, annotations, .. } = self.kind() else { return None };
        Some(Stmt::at(
            StmtKind::For {
                var: var.clone(),
                min: min.clone(),
                extent: extent.clone(),
                kind,
                body: body.clone(),
                annotations: annotations.clone(),
            },
            self.span(),
        ))
    }
    /// A loop of a kind.
    pub fn for_kind(
        kind: ForKind,
        var: &Var,
        min: impl Into<PrimExpr>,
        extent: impl Into<PrimExpr>,
        body: Stmt,
    ) -> Stmt {
        Stmt::new(StmtKind::For {
            var: var.clone(),
            min: min.into(),
            extent: extent.into(),
            kind,
            body,
            annotations: Vec::new(),
        })
    }
    /// `if cond: then_case else: else_case`.
    pub fn if_then_else(cond: PrimExpr, then_case: Stmt, else_case: Option<Stmt>) -> Stmt {
        Stmt::new(StmtKind::IfThenElse { cond, then_case, else_case })
    }
    /// `var = value` in `body`.
    pub fn let_stmt(var: &Var, value: PrimExpr, body: Stmt) -> Stmt {
        Stmt::new(StmtKind::LetStmt { var: var.clone(), value, body })
    }
    /// Evaluate an expression.
    pub fn evaluate(value: PrimExpr) -> Stmt {
        Stmt::new(StmtKind::Evaluate(value))
    }
    /// `assert cond, message` then `body`.
    pub fn assert(cond: PrimExpr, message: &str, body: Stmt) -> Stmt {
        Stmt::new(StmtKind::Assert { cond, message: PrimExpr::string(message), body })
    }
    /// `while cond: body`.
    pub fn while_loop(cond: PrimExpr, body: Stmt) -> Stmt {
        Stmt::new(StmtKind::While { cond, body })
    }
    /// Allocate `extents` elements of `dtype` at the pointer `var` (of pointer type) for `body`.
    pub fn allocate(var: &Var, dtype: DataType, extents: Vec<PrimExpr>, body: Stmt) -> Stmt {
        Stmt::new(StmtKind::Allocate {
            var: var.clone(),
            dtype,
            extents,
            cond: PrimExpr::bool(true),
            body,
            annotations: Vec::new(),
        })
    }
    /// A block realized with iteration values (predicate true).
    pub fn block(values: Vec<PrimExpr>, block: Block) -> Stmt {
        Stmt::new(StmtKind::BlockRealize { values, predicate: PrimExpr::bool(true), block: Box::new(block) })
    }
    /// The spec's name of the node kind.
    pub fn node_name(&self) -> &'static str {
        match self.kind() {
            StmtKind::LetStmt { .. } => "LetStmt",
            StmtKind::AttrStmt { .. } => "AttrStmt",
            StmtKind::Assert { .. } => "AssertStmt",
            StmtKind::BufferStore { .. } => "BufferStore",
            StmtKind::BufferRealize { .. } => "BufferRealize",
            StmtKind::Allocate { .. } => "Allocate",
            StmtKind::DeclBuffer { .. } => "DeclBuffer",
            StmtKind::Seq(_) => "SeqStmt",
            StmtKind::IfThenElse { .. } => "IfThenElse",
            StmtKind::Evaluate(_) => "Evaluate",
            StmtKind::For { .. } => "For",
            StmtKind::While { .. } => "While",
            StmtKind::Break => "Break",
            StmtKind::Continue => "Continue",
            StmtKind::BlockRealize { .. } => "BlockRealize",
        }
    }
}

// ---- functions and modules ----------------------------------------------------------------------

/// A TIR function (tir-spec.md "PrimFunc").
#[derive(Clone, Debug)]
pub struct PrimFunc {
    /// Its global name.
    pub name: String,
    /// Parameters, in order.
    pub params: Vec<Var>,
    /// The buffer of each handle parameter that has one, in parameter order.
    pub buffer_map: Vec<(Var, Buffer)>,
    /// The body.
    pub body: Stmt,
    /// The type of `tir.ret` values (`None`: `TupleType([])`, no value).
    pub ret_type: Option<Type>,
    /// `T.func_attr({..})`.
    pub attrs: Vec<(String, AttrValue)>,
    /// `@T.prim_func(private=True)`: no global symbol (kept to print it back).
    pub private: bool,
    /// `@T.prim_func(s_tir=True)`: TVM 0.27's mark of structured TIR (kept to print it back;
    /// a function with blocks is printed with it in any case, as TVM needs it to read blocks).
    pub s_tir: bool,
    /// Where it was written.
    pub span: Option<Span>,
}

impl PrimFunc {
    /// A function of `params` (buffers for handles in `buffer_map`) with no attributes.
    pub fn new(name: &str, params: Vec<Var>, buffer_map: Vec<(Var, Buffer)>, body: Stmt) -> PrimFunc {
        PrimFunc {
            name: name.to_string(),
            params,
            buffer_map,
            body,
            ret_type: None,
            attrs: Vec::new(),
            private: false,
            s_tir: false,
            span: None,
        }
    }
    /// A function whose parameters are these buffers (a handle parameter per buffer, named
    /// after it), as TE's `create_prim_func` makes.
    pub fn with_buffers(name: &str, buffers: &[Buffer], body: Stmt) -> PrimFunc {
        let params: Vec<Var> = buffers.iter().map(|b| Var::new(&b.name().to_lowercase(), DataType::HANDLE)).collect();
        let map = params.iter().cloned().zip(buffers.iter().cloned()).collect();
        PrimFunc::new(name, params, map, body)
    }
    /// The buffer of a parameter, if it has one.
    pub fn buffer_of(&self, p: &Var) -> Option<&Buffer> {
        self.buffer_map.iter().find(|(v, _)| v == p).map(|(_, b)| b)
    }
}

/// A module of PrimFuncs (tir-spec.md "IRModule").
#[derive(Clone, Debug, Default)]
pub struct IRModule {
    /// The module's class name (`Module`), if written as `@I.ir_module`.
    pub name: Option<String>,
    /// The functions, in order.
    pub funcs: Vec<PrimFunc>,
    /// The script it was read from (spans point into it).
    pub source: Option<Arc<SourceFile>>,
}

impl IRModule {
    /// A module of one function.
    pub fn from_func(f: PrimFunc) -> IRModule {
        IRModule { name: None, funcs: vec![f], source: None }
    }
    /// The function named `name`.
    pub fn func(&self, name: &str) -> Option<&PrimFunc> {
        self.funcs.iter().find(|f| f.name == name)
    }
    /// The function named `name`, or why not: the message lists the functions there are.
    ///
    /// # Errors
    /// No function has that name.
    pub fn func_or_why(&self, name: &str) -> Result<&PrimFunc, String> {
        self.func(name).ok_or_else(|| {
            let names: Vec<&str> = self.funcs.iter().map(|f| f.name.as_str()).collect();
            format!("the module has no function named {name} (it has: {})", names.join(", "))
        })
    }
}

/// The TVMScript calls of a function by name (`T.call_extern("int32", "f", ..)` and kin); such
/// a call is the builtin `tir.<kind>:<name>`.
pub const EXTERN_CALLS: [&str; 4] = ["call_extern", "call_pure_extern", "call_llvm_pure_intrin", "call_llvm_intrin"];

/// `tir.<kind>:<name>` (see [`EXTERN_CALLS`]) as its kind and the called name.
pub fn extern_call(builtin: &str) -> Option<(&'static str, &str)> {
    let rest = builtin.strip_prefix("tir.")?;
    let (kind, name) = rest.split_once(':')?;
    EXTERN_CALLS.iter().find(|k| **k == kind).map(|k| (*k, name))
}
