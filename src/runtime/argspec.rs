//! The calling convention of a function lowered from TIR, as typed data: what TIR lowering
//! produces and the engine's binder checks DLTensors against (tir-spec.md, PrimFunc; TVM's
//! `ArgBinder`). It travels beside the core module (in [`crate::verify::Verified`]), never as
//! text in the IR, so no hand-written attribute can change how arguments are checked.

use std::sync::Arc;

use super::dlpack::DLDataType;

/// The parameters of one function, in order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ArgSpec {
    /// One per parameter.
    pub params: Vec<ParamSpec>,
}

/// One parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParamSpec {
    /// A buffer, passed as a DLTensor.
    Buffer(BufferSpec),
    /// A scalar.
    Scalar {
        /// The parameter's name.
        name: String,
        /// Its variable (a shape of another parameter may name it).
        var: Arc<str>,
        /// Its type.
        dtype: DLDataType,
    },
}

/// A buffer parameter as TIR declared it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BufferSpec {
    /// The buffer's name (messages name fields as `A.shape[0]`).
    pub name: String,
    /// The element type.
    pub dtype: DLDataType,
    /// The dimensions.
    pub shape: Vec<DimSpec>,
    /// The strides in elements; `None`: compact.
    pub strides: Option<Vec<DimSpec>>,
    /// The offset of the first element, in elements.
    pub elem_offset: DimSpec,
}

/// A dimension, stride or offset of a buffer parameter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DimSpec {
    /// A constant.
    Const(i64),
    /// A variable: bound by the first argument that shows it, matched by the others. Two TIR
    /// variables of one name are named apart (`n`, `n_1`).
    Var(Arc<str>),
    /// An expression the binder does not evaluate (not checked), as TVMScript prints it.
    Expr(String),
}

impl DimSpec {
    /// The text in a signature (`n`, `8`, `?`).
    pub fn text(&self) -> String {
        match self {
            DimSpec::Const(c) => c.to_string(),
            DimSpec::Var(n) => n.to_string(),
            DimSpec::Expr(_) => "?".into(),
        }
    }
}
