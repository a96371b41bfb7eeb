//! The in-memory IR: types, attributes, affine structures, and the arena-based module of
//! operations, blocks, regions and values.
//!
//! This layer knows nothing of text, dialects or Cranelift: it is data plus the methods that
//! keep its invariants. Everything else reads and builds it.

mod affine;
mod attributes;
mod diagnostic;
mod location;
mod module;
mod print;
mod types;

pub use affine::{
    AffineExpr, AffineMap, Constraint, EvalError, ExprKind, IntegerSet, MapData, NameFn, SetData, ceil_div, floor_div,
    layout_extents, modulo,
};
pub use attributes::{
    Attribute, DenseElements, DenseValues, DialectAttr, Dictionary, ElementBytes, ElementsAttr, FloatAttr, IntegerAttr,
    LocationAttr, NamedAttr, OpaqueElements, RawElements, SparseElements, StringAttr, bits_to_f64, float_bits,
    normalize_int, num_elements, write_attr_name, write_dictionary,
};
pub use diagnostic::{Diagnostic, Diagnostics, Severity};
pub use location::{SourceFile, Span};
pub use module::{
    Block, BlockData, Module, Op, OpData, OperationState, Region, RegionData, Successor, Value, ValueData, ValueDef,
    Values, static_name,
};
pub use print::{AliasDef, Aliases, is_bare_id, write_float, write_quoted, write_string_literal, write_symbol_ref};
pub use types::{
    DYNAMIC, DialectType, FunctionType, MAX_INT_WIDTH, MemorySpace, MemrefType, StrideTerm, StridedForm, TensorType,
    Type, VectorType, is_pretty_dialect_data,
};
