//! Typed function handles: the signature is checked once, then a call is a function-pointer
//! call plus descriptor setup.

use std::marker::PhantomData;
use std::sync::Arc;

use super::binder::Binder;
use super::call::{self, EntryFn, check_tensor, signature_text};
use crate::codegen::{CompiledCode, EntryLayout, FunctionCode};
use crate::ir::Type;
use crate::runtime::{CallCtx, DLTensor, Tensor};
use crate::{Error, Result};

/// One argument type of a typed call.
pub trait Param {
    /// Per-call storage the entry reads the argument from.
    type Slot: Default;
    /// The same parameter with its borrow at lifetime `'x`: a handle typed with `&Tensor`
    /// accepts a `&Tensor` of any lifetime at each call.
    type With<'x>: Param;
    /// Whether the IR parameter type passes as this Rust type (checked once).
    fn accepts(ty: &Type) -> bool;
    /// Fill the slot (per call; tensors are checked against the type here when `check`; a TIR
    /// function checks them all together instead).
    ///
    /// # Errors
    /// A message for a tensor that does not fit.
    fn fill(&self, ty: &Type, slot: &mut Self::Slot, check: bool) -> std::result::Result<(), String>;
    /// The pointer the entry receives.
    fn ptr(slot: &mut Self::Slot) -> *mut u8;
}

macro_rules! scalar_param {
    ($($t:ty => |$ty:ident| $accepts:expr;)*) => {
        $(impl Param for $t {
            type Slot = [u8; 8];
            type With<'x> = $t;
            fn accepts($ty: &Type) -> bool {
                $accepts
            }
            fn fill(&self, _: &Type, slot: &mut [u8; 8], _: bool) -> std::result::Result<(), String> {
                let b = self.to_le_bytes();
                slot[..b.len()].copy_from_slice(&b);
                Ok(())
            }
            fn ptr(slot: &mut [u8; 8]) -> *mut u8 {
                slot.as_mut_ptr()
            }
        })*
    };
}

scalar_param! {
    i8 => |t| *t == Type::Integer(8);
    u8 => |t| *t == Type::Integer(8);
    i16 => |t| *t == Type::Integer(16);
    u16 => |t| *t == Type::Integer(16);
    i32 => |t| *t == Type::Integer(32);
    u32 => |t| *t == Type::Integer(32);
    i64 => |t| matches!(t, Type::Integer(64) | Type::Index);
    u64 => |t| matches!(t, Type::Integer(64) | Type::Index);
    f32 => |t| *t == Type::F32;
    f64 => |t| *t == Type::F64;
    half::f16 => |t| *t == Type::F16;
    half::bf16 => |t| *t == Type::BF16;
}

impl Param for bool {
    type Slot = [u8; 8];
    type With<'x> = bool;
    fn accepts(ty: &Type) -> bool {
        *ty == Type::Integer(1)
    }
    fn fill(&self, _: &Type, slot: &mut [u8; 8], _: bool) -> std::result::Result<(), String> {
        slot[0] = u8::from(*self);
        Ok(())
    }
    fn ptr(slot: &mut [u8; 8]) -> *mut u8 {
        slot.as_mut_ptr()
    }
}

/// A DLTensor slot (zeroed until filled).
pub struct DlSlot(DLTensor);

impl Default for DlSlot {
    fn default() -> DlSlot {
        DlSlot(DLTensor {
            data: std::ptr::null_mut(),
            device: crate::runtime::DLDevice::CPU,
            ndim: 0,
            dtype: crate::runtime::DLDataType::new(0, 0),
            shape: std::ptr::null_mut(),
            strides: std::ptr::null_mut(),
            byte_offset: 0,
        })
    }
}

fn tensor_param_accepts(ty: &Type) -> bool {
    matches!(ty, Type::Memref(_)) || matches!(ty, Type::Tensor(t) if t.shape.is_some())
}

impl Param for &Tensor {
    type Slot = DlSlot;
    type With<'x> = &'x Tensor;
    fn accepts(ty: &Type) -> bool {
        tensor_param_accepts(ty)
    }
    fn fill(&self, ty: &Type, slot: &mut DlSlot, check: bool) -> std::result::Result<(), String> {
        slot.0 = self.as_dl();
        if check { check_tensor(&slot.0, ty) } else { Ok(()) }
    }
    fn ptr(slot: &mut DlSlot) -> *mut u8 {
        (&mut slot.0 as *mut DLTensor).cast()
    }
}

impl Param for &mut Tensor {
    type Slot = DlSlot;
    type With<'x> = &'x mut Tensor;
    fn accepts(ty: &Type) -> bool {
        tensor_param_accepts(ty)
    }
    fn fill(&self, ty: &Type, slot: &mut DlSlot, check: bool) -> std::result::Result<(), String> {
        slot.0 = self.as_dl();
        if check { check_tensor(&slot.0, ty) } else { Ok(()) }
    }
    fn ptr(slot: &mut DlSlot) -> *mut u8 {
        (&mut slot.0 as *mut DLTensor).cast()
    }
}

/// The argument tuple of a typed call.
pub trait Params {
    /// Per-call storage for all arguments.
    type Slots: Default;
    /// The same tuple with its borrows at lifetime `'x`.
    type With<'x>: Params;
    /// Check the parameter types (once).
    ///
    /// # Errors
    /// The index and type of the first mismatch, or a count mismatch.
    fn check(tys: &[Type]) -> std::result::Result<(), String>;
    /// Fill the slots and write the argument pointers.
    ///
    /// # Errors
    /// The index and message of an argument that does not fit.
    fn fill(
        &self,
        tys: &[Type],
        slots: &mut Self::Slots,
        ptrs: &mut [*mut u8],
        check: bool,
    ) -> std::result::Result<(), (usize, String)>;
    /// Number of arguments.
    const N: usize;
}

macro_rules! params {
    ($n:literal; $($a:ident $i:tt),*) => {
        impl<$($a: Param),*> Params for ($($a,)*) {
            type Slots = ($($a::Slot,)*);
            type With<'x> = ($($a::With<'x>,)*);
            const N: usize = $n;
            #[allow(unused_variables, unused_mut)]
            fn check(tys: &[Type]) -> std::result::Result<(), String> {
                if tys.len() != $n {
                    return Err(format!("{} parameters in Rust, {} in the function", $n, tys.len()));
                }
                $(if !$a::accepts(&tys[$i]) {
                    return Err(format!("parameter #{} is '{}', which {} cannot pass", $i, tys[$i], std::any::type_name::<$a>()));
                })*
                Ok(())
            }
            #[allow(unused_variables)]
            fn fill(&self, tys: &[Type], slots: &mut Self::Slots, ptrs: &mut [*mut u8], check: bool) -> std::result::Result<(), (usize, String)> {
                $(self.$i.fill(&tys[$i], &mut slots.$i, check).map_err(|m| ($i, m))?;
                ptrs[$i] = $a::ptr(&mut slots.$i);)*
                Ok(())
            }
        }
    };
}

params!(0;);
params!(1; A 0);
params!(2; A 0, B 1);
params!(3; A 0, B 1, C 2);
params!(4; A 0, B 1, C 2, D 3);
params!(5; A 0, B 1, C 2, D 3, E 4);
params!(6; A 0, B 1, C 2, D 3, E 4, F 5);
params!(7; A 0, B 1, C 2, D 3, E 4, F 5, G 6);
params!(8; A 0, B 1, C 2, D 3, E 4, F 5, G 6, H 7);

/// One result type of a typed call.
pub trait ResultValue: Sized {
    /// Whether the IR result type reads as this Rust type.
    fn accepts(ty: &Type) -> bool;
    /// Read the result stored at `off`.
    ///
    /// # Errors
    /// A returned buffer that cannot become a tensor.
    fn read(rets: &[u8], off: usize, ty: &Type, ctx: &mut CallCtx) -> std::result::Result<Self, String>;
}

macro_rules! scalar_result {
    ($($t:ty, $n:literal => |$ty:ident| $accepts:expr;)*) => {
        $(impl ResultValue for $t {
            fn accepts($ty: &Type) -> bool {
                $accepts
            }
            fn read(rets: &[u8], off: usize, _: &Type, _: &mut CallCtx) -> std::result::Result<Self, String> {
                let mut b = [0u8; $n];
                b.copy_from_slice(&rets[off..off + $n]);
                Ok(<$t>::from_le_bytes(b))
            }
        })*
    };
}

scalar_result! {
    i8, 1 => |t| *t == Type::Integer(8);
    u8, 1 => |t| *t == Type::Integer(8);
    i16, 2 => |t| *t == Type::Integer(16);
    u16, 2 => |t| *t == Type::Integer(16);
    i32, 4 => |t| *t == Type::Integer(32);
    u32, 4 => |t| *t == Type::Integer(32);
    i64, 8 => |t| matches!(t, Type::Integer(64) | Type::Index);
    u64, 8 => |t| matches!(t, Type::Integer(64) | Type::Index);
    f32, 4 => |t| *t == Type::F32;
    f64, 8 => |t| *t == Type::F64;
    half::f16, 2 => |t| *t == Type::F16;
    half::bf16, 2 => |t| *t == Type::BF16;
}

impl ResultValue for bool {
    fn accepts(ty: &Type) -> bool {
        *ty == Type::Integer(1)
    }
    fn read(rets: &[u8], off: usize, _: &Type, _: &mut CallCtx) -> std::result::Result<Self, String> {
        Ok(rets[off] & 1 == 1)
    }
}

impl ResultValue for Tensor {
    fn accepts(ty: &Type) -> bool {
        tensor_param_accepts(ty)
    }
    fn read(rets: &[u8], off: usize, ty: &Type, ctx: &mut CallCtx) -> std::result::Result<Self, String> {
        call::take_tensor(rets, off, ty, ctx)
    }
}

/// The result type of a typed call: `()`, one value, or a tuple.
pub trait Results: Sized {
    /// Check the result types (once).
    ///
    /// # Errors
    /// The first mismatch.
    fn check(tys: &[Type]) -> std::result::Result<(), String>;
    /// Read the results.
    ///
    /// # Errors
    /// A returned buffer that cannot become a tensor.
    fn read(rets: &[u8], layout: &EntryLayout, ctx: &mut CallCtx) -> std::result::Result<Self, String>;
}

impl Results for () {
    fn check(tys: &[Type]) -> std::result::Result<(), String> {
        if tys.is_empty() { Ok(()) } else { Err(format!("the function returns {} values, () expects none", tys.len())) }
    }
    fn read(_: &[u8], _: &EntryLayout, _: &mut CallCtx) -> std::result::Result<Self, String> {
        Ok(())
    }
}

impl<T: ResultValue> Results for T {
    fn check(tys: &[Type]) -> std::result::Result<(), String> {
        match tys {
            [t] if T::accepts(t) => Ok(()),
            [t] => Err(format!("the result is '{t}', which {} cannot hold", std::any::type_name::<T>())),
            _ => Err(format!("the function returns {} values, one expected", tys.len())),
        }
    }
    fn read(rets: &[u8], layout: &EntryLayout, ctx: &mut CallCtx) -> std::result::Result<Self, String> {
        let s = &layout.results[0];
        T::read(rets, s.offset, &s.ty, ctx)
    }
}

macro_rules! results {
    ($n:literal; $($a:ident $i:tt),*) => {
        impl<$($a: ResultValue),*> Results for ($($a,)*) {
            fn check(tys: &[Type]) -> std::result::Result<(), String> {
                if tys.len() != $n {
                    return Err(format!("the function returns {} values, {} expected", tys.len(), $n));
                }
                $(if !$a::accepts(&tys[$i]) {
                    return Err(format!("result #{} is '{}', which {} cannot hold", $i, tys[$i], std::any::type_name::<$a>()));
                })*
                Ok(())
            }
            fn read(rets: &[u8], layout: &EntryLayout, ctx: &mut CallCtx) -> std::result::Result<Self, String> {
                Ok(($({
                    let s = &layout.results[$i];
                    $a::read(rets, s.offset, &s.ty, ctx)?
                },)*))
            }
        }
    };
}

results!(2; A 0, B 1);
results!(3; A 0, B 1, C 2);
results!(4; A 0, B 1, C 2, D 3);

/// A function of a compiled module with a checked Rust signature. Cheap to clone, `Send +
/// Sync`; keeps the code alive.
pub struct TypedFn<P, R> {
    code: Arc<CompiledCode>,
    entry: EntryFn,
    name: Arc<str>,
    params: Arc<[Type]>,
    layout: Arc<EntryLayout>,
    calls_host: bool,
    pool: Option<Arc<rayon::ThreadPool>>,
    binder: Option<Arc<Binder>>,
    interrupt: crate::runtime::Interrupt,
    _sig: PhantomData<fn(P) -> R>,
}

impl<P, R> std::fmt::Debug for TypedFn<P, R> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TypedFn").field("name", &self.name).field("params", &self.params).finish()
    }
}

impl<P, R> Clone for TypedFn<P, R> {
    fn clone(&self) -> Self {
        TypedFn {
            code: self.code.clone(),
            entry: self.entry,
            name: self.name.clone(),
            params: self.params.clone(),
            layout: self.layout.clone(),
            calls_host: self.calls_host,
            pool: self.pool.clone(),
            binder: self.binder.clone(),
            interrupt: self.interrupt.clone(),
            _sig: PhantomData,
        }
    }
}

// SAFETY: the handle holds only shared, immutable data and a pointer to immutable code.
unsafe impl<P, R> Send for TypedFn<P, R> {}
// SAFETY: as above; calls use per-call state only.
unsafe impl<P, R> Sync for TypedFn<P, R> {}

impl<P: Params, R: Results> TypedFn<P, R> {
    pub(crate) fn new(
        code: Arc<CompiledCode>,
        f: &FunctionCode,
        entry: EntryFn,
        calls_host: bool,
        pool: Option<Arc<rayon::ThreadPool>>,
        binder: Option<Arc<Binder>>,
        interrupt: crate::runtime::Interrupt,
    ) -> Result<Self> {
        let sig = |e: String| Error::Signature {
            func: f.name.to_string(),
            expected: signature_text(&f.name, &f.ty),
            actual: format!("{} -> {}: {e}", std::any::type_name::<P>(), std::any::type_name::<R>()),
        };
        P::check(&f.ty.inputs).map_err(sig)?;
        R::check(&f.ty.results).map_err(sig)?;
        Ok(TypedFn {
            code,
            entry,
            name: f.name.clone(),
            params: f.ty.inputs.clone().into(),
            layout: Arc::new(f.layout.clone()),
            calls_host,
            pool,
            binder,
            interrupt,
            _sig: PhantomData,
        })
    }

    /// Call the function. The arguments are the handle's parameter types with any lifetimes.
    ///
    /// # Errors
    /// A tensor argument that does not fit its parameter, or a runtime error.
    pub fn call<'x>(&self, args: P::With<'x>) -> Result<R> {
        let mut slots = <P::With<'x> as Params>::Slots::default();
        let mut ptrs = [std::ptr::null_mut::<u8>(); 16];
        let ptrs = &mut ptrs[..P::N.min(16)];
        let arg_error = |(i, m): (usize, String)| Error::Argument {
            func: self.name.to_string(),
            message: format!("argument #{i} of @{}: {m}", self.name),
        };
        args.fill(&self.params, &mut slots, ptrs, self.binder.is_none()).map_err(arg_error)?;
        if let Some(b) = &self.binder {
            // SAFETY: `fill` wrote a DLTensor or a scalar's bytes for every argument.
            unsafe { b.bind(ptrs) }.map_err(|message| Error::Argument { func: self.name.to_string(), message })?;
            if !b.trusted {
                // SAFETY: as above.
                unsafe { call::check_tensor_args(&self.layout.params, ptrs) }.map_err(arg_error)?;
            }
        }
        let mut small = [0u64; 16];
        let mut big;
        let rets: &mut [u8] = if self.layout.results_size <= 128 {
            // SAFETY: a u64 array is a valid byte array of 8 times its length.
            unsafe { std::slice::from_raw_parts_mut(small.as_mut_ptr().cast::<u8>(), 128) }
        } else {
            big = vec![0u8; self.layout.results_size];
            &mut big
        };
        let mut ctx = CallCtx::for_call(self.pool.as_deref(), self.interrupt.flag());
        // SAFETY: the signature was checked against the function's, and `fill` built the
        // argument slots the entry reads.
        let status = unsafe { (self.entry)(ptrs.as_ptr(), rets.as_mut_ptr(), &mut ctx) };
        if status != 0 {
            return Err(Error::Trap(call::trap_of(&self.code, &self.name, &ctx)));
        }
        if self.calls_host && super::host::HOST_PANICKED.with(|p| p.replace(false)) {
            return Err(Error::Call { func: self.name.to_string(), message: "a host function panicked".into() });
        }
        R::read(rets, &self.layout, &mut ctx).map_err(|m| Error::Call { func: self.name.to_string(), message: m })
    }
}
