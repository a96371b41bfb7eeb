//! TVM builtins Strata reads and prints as TVM does but does not run on a CPU: GPU intrinsics
//! (warp shuffles, tensor-core and PTX operations, storage syncs), raw pointers
//! (`T.address_of`, `T.tvm_access_ptr`), scalable vectors (`T.vscale()`) and TVM's packed
//! functions (`T.call_packed`; its sort calls do run, see `tir::transform::packed`). Each is an opaque
//! builtin call `tir.<name>` with its arguments as written; lowering one is an error that says
//! why (see [`why_not_on_cpu`]).

use super::dtype::DataType;

/// How an opaque builtin's result is typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Result {
    /// A pointer or a statement-like call (`T.handle`).
    Handle,
    /// `int32`.
    Int32,
    /// `uint32`.
    UInt32,
    /// The type of argument N.
    Arg(usize),
}

/// Why an opaque builtin cannot run here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Gpu,
    Pointer,
    Scalable,
    /// TVM's packed-function registry (`T.call_packed`) and the DLTensors made for it: the
    /// calls TVM's CPU build makes to its sort functions are expanded into TIR before
    /// lowering (`tir::transform::packed`); any other reaching the lowering cannot run.
    Packed,
}

const OPAQUE: &[(&str, Result, Kind)] = &[
    ("address_of", Result::Handle, Kind::Pointer),
    ("tvm_access_ptr", Result::Handle, Kind::Pointer),
    ("vscale", Result::Int32, Kind::Scalable),
    ("call_packed", Result::Int32, Kind::Packed),
    ("tvm_stack_make_array", Result::Handle, Kind::Packed),
    ("tvm_stack_make_shape", Result::Handle, Kind::Packed),
    ("tvm_warp_shuffle", Result::Arg(1), Kind::Gpu),
    ("tvm_warp_shuffle_up", Result::Arg(1), Kind::Gpu),
    ("tvm_warp_shuffle_down", Result::Arg(1), Kind::Gpu),
    ("tvm_warp_activemask", Result::UInt32, Kind::Gpu),
    ("tvm_storage_sync", Result::Int32, Kind::Gpu),
    ("tvm_thread_allreduce", Result::Handle, Kind::Gpu),
    ("tvm_load_matrix_sync", Result::Handle, Kind::Gpu),
    ("tvm_store_matrix_sync", Result::Handle, Kind::Gpu),
    ("tvm_mma_sync", Result::Handle, Kind::Gpu),
    ("tvm_bmma_sync", Result::Handle, Kind::Gpu),
    ("tvm_fill_fragment", Result::Handle, Kind::Gpu),
    ("ptx_mma", Result::Handle, Kind::Gpu),
    ("ptx_mma_sp", Result::Handle, Kind::Gpu),
    ("ptx_ldmatrix", Result::Handle, Kind::Gpu),
    ("ptx_cp_async", Result::Handle, Kind::Gpu),
    ("ptx_cp_async_bulk", Result::Handle, Kind::Gpu),
    ("ptx_commit_group", Result::Handle, Kind::Gpu),
    ("ptx_wait_group", Result::Handle, Kind::Gpu),
    ("ptx_cp_async_barrier", Result::Handle, Kind::Gpu),
    ("ptx_init_barrier_thread_count", Result::Handle, Kind::Gpu),
    ("ptx_arrive_barrier", Result::Handle, Kind::Gpu),
    ("ptx_arrive_barrier_expect_tx", Result::Handle, Kind::Gpu),
    ("ptx_wait_barrier", Result::Handle, Kind::Gpu),
    ("mma_store", Result::Handle, Kind::Gpu),
    ("mma_fill", Result::Handle, Kind::Gpu),
];

/// The result typing of `T.<name>` when it is an opaque builtin.
pub fn opaque(name: &str) -> Option<Result> {
    OPAQUE.iter().find(|(n, ..)| *n == name).map(|&(_, r, _)| r)
}

/// The result type of an opaque builtin given its arguments' types.
pub fn result_type(r: Result, args: &[DataType]) -> DataType {
    match r {
        Result::Handle => DataType::HANDLE,
        Result::Int32 => DataType::INT32,
        Result::UInt32 => DataType::new(super::dtype::TypeCode::UInt, 32),
        Result::Arg(i) => args.get(i).copied().unwrap_or(DataType::HANDLE),
    }
}

/// Why `T.<name>` does not run on this CPU (`None`: it is not an opaque builtin).
pub fn why_not_on_cpu(name: &str) -> Option<String> {
    let &(_, _, kind) = OPAQUE.iter().find(|(n, ..)| *n == name)?;
    Some(match kind {
        Kind::Gpu => format!("T.{name} is a GPU intrinsic: it is read and printed, but not supported on CPU"),
        Kind::Pointer => format!(
            "T.{name} makes a raw pointer, which Strata does not run: memory behind it could not be bounds-checked (pass the buffer instead)"
        ),
        Kind::Packed => format!(
            "T.{name} belongs to TVM's packed-function calls, which Strata runs only as the argument of a call of TVM's sort functions (T.call_packed(\"tvm.contrib.sort.sort\" | \"tvm.contrib.sort.argsort\" | \"tvm.contrib.sort.topk\", ...))"
        ),
        Kind::Scalable => format!(
            "T.{name}() is the length of scalable vectors (Arm SVE, RISC-V V), which this CPU does not have (TVM's LLVM build fails on it too)"
        ),
    })
}
