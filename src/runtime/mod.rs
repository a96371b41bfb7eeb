//! What generated code calls and what callers touch: the DLPack structs, owned tensors, the
//! per-call context with its runtime helpers, and runtime errors.

pub(crate) mod alloc;
pub mod argspec;
pub(crate) mod call;
pub mod dlpack;
pub(crate) mod expf;
pub mod interrupt;
pub(crate) mod libm_expf;
pub(crate) mod math;
pub(crate) mod parallel;
pub mod tensor;
pub mod trap;

pub use argspec::{ArgSpec, BufferSpec, DimSpec, ParamSpec};
pub(crate) use call::CallCtx;
pub use dlpack::{DLDataType, DLDevice, DLTensor};
pub use interrupt::Interrupt;
pub use tensor::{Element, Tensor, TensorError};
pub use trap::{Trap, TrapKind};
