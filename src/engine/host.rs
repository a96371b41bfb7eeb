//! Host functions: Rust closures that body-less IR functions resolve to
//! (`Engine::register_fn`), called from generated code through a C trampoline.

use std::any::Any;
use std::panic::{AssertUnwindSafe, catch_unwind};

use crate::ir::Type;
pub(crate) use crate::runtime::call::HOST_PANICKED;

/// A scalar type a host function can take or return.
pub trait HostScalar: Copy + Default + 'static {
    /// Whether IR type `t` passes as this Rust type.
    fn accepts(t: &Type) -> bool;
    /// How the type prints in messages.
    fn name() -> &'static str;
}

macro_rules! host_scalar {
    ($($t:ty => $name:literal, |$x:ident| $accepts:expr;)*) => {
        $(impl HostScalar for $t {
            fn accepts($x: &Type) -> bool {
                $accepts
            }
            fn name() -> &'static str {
                $name
            }
        })*
    };
}

host_scalar! {
    bool => "i1", |t| *t == Type::Integer(1);
    i8 => "i8", |t| *t == Type::Integer(8);
    u8 => "i8", |t| *t == Type::Integer(8);
    i16 => "i16", |t| *t == Type::Integer(16);
    u16 => "i16", |t| *t == Type::Integer(16);
    i32 => "i32", |t| *t == Type::Integer(32);
    u32 => "i32", |t| *t == Type::Integer(32);
    i64 => "i64", |t| matches!(t, Type::Integer(64) | Type::Index);
    u64 => "i64", |t| matches!(t, Type::Integer(64) | Type::Index);
    f32 => "f32", |t| *t == Type::F32;
    f64 => "f64", |t| *t == Type::F64;
}

/// What a host function returns: nothing or one scalar.
pub trait HostResult: Default + 'static {
    /// Whether the IR results match.
    fn accepts(results: &[Type]) -> bool;
}
impl HostResult for () {
    fn accepts(results: &[Type]) -> bool {
        results.is_empty()
    }
}
impl<T: HostScalar> HostResult for T {
    fn accepts(results: &[Type]) -> bool {
        matches!(results, [t] if T::accepts(t))
    }
}

/// A registered host function: its trampoline, the closure it calls, and a type check.
pub struct HostFn {
    pub(crate) addr: usize,
    pub(crate) env: usize,
    _closure: Box<dyn Any + Send + Sync>,
    pub(crate) accepts: fn(&[Type], &[Type]) -> bool,
    pub(crate) signature: String,
}

/// Closures that can be registered as host functions, by argument tuple.
pub trait IntoHostFn<Args, R> {
    /// Box the closure behind its trampoline.
    fn into_host(self) -> HostFn;
}

macro_rules! host_fn {
    ($($a:ident),*) => {
        impl<F, R, $($a),*> IntoHostFn<($($a,)*), R> for F
        where
            F: Fn($($a),*) -> R + Send + Sync + 'static,
            R: HostResult,
            $($a: HostScalar,)*
        {
            #[allow(non_snake_case)]
            fn into_host(self) -> HostFn {
                extern "C" fn trampoline<F, R, $($a),*>(env: *const F, $($a: $a),*) -> R
                where
                    F: Fn($($a),*) -> R,
                    R: Default,
                {
                    // A panic must not unwind into generated code: report it after the call.
                    // SAFETY: `env` is the boxed closure, alive as long as the engine.
                    match catch_unwind(AssertUnwindSafe(|| unsafe { (*env)($($a),*) })) {
                        Ok(r) => r,
                        Err(_) => {
                            HOST_PANICKED.with(|p| p.set(true));
                            R::default()
                        }
                    }
                }
                let closure = Box::new(self);
                let env = &*closure as *const F as usize;
                let names: Vec<&str> = vec![$($a::name()),*];
                HostFn {
                    addr: trampoline::<F, R, $($a),*> as *const () as usize,
                    env,
                    _closure: closure,
                    accepts: |params, results| {
                        let mut it = params.iter();
                        $(let ok = it.next().is_some_and(|t| $a::accepts(t)); if !ok { return false; })*
                        it.next().is_none() && R::accepts(results)
                    },
                    signature: format!("({})", names.join(", ")),
                }
            }
        }
    };
}

host_fn!();
host_fn!(A1);
host_fn!(A1, A2);
host_fn!(A1, A2, A3);
host_fn!(A1, A2, A3, A4);
host_fn!(A1, A2, A3, A4, A5);
host_fn!(A1, A2, A3, A4, A5, A6);
