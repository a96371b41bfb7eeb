//! The reference interpreter's public face: the same arguments and results as
//! [`Compiled::call`](super::Compiled::call), computed op by op instead of by machine code.

use std::sync::Arc;

use super::call::{check_tensor, scalar_bytes};
use super::literal::dtype_of;
use super::value::{Arg, Val};
use crate::interp::memory::{Buffer, memref_like, read_elem, write_elem};
use crate::interp::{IVal, Interp, MemrefVal, Origin, Stop};
use crate::ir::{Attribute, Module, Type};
use crate::runtime::{Interrupt, Tensor, Trap};
use crate::{Error, Result, Verified};

/// Runs functions of a verified module in the reference interpreter: a second, independent
/// implementation of the IR's semantics (always bounds-checked, traps where generated code
/// traps), for checking the code generator and for looking at a program without compiling it.
///
/// ```
/// let m = strata::parse("func @f(%a: i32) -> i32 {\n  %b = muli %a, %a : i32\n  return %b : i32\n}")?;
/// let r = strata::Interpreter::new(&m).call("f", &mut [strata::Arg::Val(7i32.into())])?;
/// assert_eq!(r, vec![strata::Val::Int(49, 32)]);
/// # Ok::<(), strata::Error>(())
/// ```
pub struct Interpreter<'v> {
    module: &'v Verified,
    /// The module's `alloc_static` buffers, by slot, kept from call to call.
    statics: std::sync::Mutex<std::collections::HashMap<usize, Vec<u8>>>,
    binders: std::collections::HashMap<Arc<str>, Arc<super::binder::Binder>>,
    max_steps: u64,
    interrupt: Option<Interrupt>,
    fast_math: bool,
}

/// An argument in a form that can cross to the interpreter's thread.
enum Input {
    Scalar(Vec<u8>, Type),
    Func(Arc<str>),
    /// The bytes, the sizes, and for a non-identity layout its symbols and physical extents.
    Tensor(Vec<u8>, Vec<i64>, Vec<i64>, Vec<i64>),
}

/// The bytes of each tensor argument after a call (`None` for other arguments).
type Written = Vec<Option<Vec<u8>>>;

/// The module's `alloc_static` buffers by slot.
type Statics = Vec<(usize, Vec<u8>)>;

/// The interpreter's stack: deep enough for [`crate::interp::MAX_DEPTH`] nested regions and calls.
const STACK: usize = 512 << 20;

impl<'v> Interpreter<'v> {
    /// An interpreter of `module`, with no limit on the ops a call runs.
    pub fn new(module: &'v Verified) -> Self {
        Interpreter {
            module,
            statics: std::sync::Mutex::default(),
            binders: super::binder::Binder::of_module(module),
            max_steps: u64::MAX,
            fast_math: false,
            interrupt: None,
        }
    }

    /// Stop a call (with an `interrupted` trap) after it has run `n` ops.
    pub fn max_steps(mut self, n: u64) -> Self {
        self.max_steps = n;
        self
    }

    /// Compute `exp` of `f32` vectors as compiled code does with [`Options::fast_math`] (the
    /// same bits), instead of with the C library.
    ///
    /// [`Options::fast_math`]: crate::Options::fast_math
    pub fn fast_math(mut self, on: bool) -> Self {
        self.fast_math = on;
        self
    }

    /// Stop a call (with an `interrupted` trap) when `interrupt` is set.
    pub fn interrupt(mut self, interrupt: Interrupt) -> Self {
        self.interrupt = Some(interrupt);
        self
    }

    /// The type of the function `name` (`@` optional), if the module defines or declares it.
    pub fn function_type(&self, name: &str) -> Option<crate::ir::FunctionType> {
        let m = self.module.module();
        let name = name.strip_prefix('@').unwrap_or(name);
        let f = Interp::new(m, crate::dialect::registry(), 0, None).function(name)?;
        match m.attr(f, "type") {
            Some(Attribute::Type(Type::Function(t))) => Some((**t).clone()),
            _ => None,
        }
    }

    /// The names of the module's functions (those with a body).
    pub fn function_names(&self) -> Vec<String> {
        function_names(self.module.module())
    }

    pub(crate) fn binders(&self) -> &std::collections::HashMap<Arc<str>, Arc<super::binder::Binder>> {
        &self.binders
    }

    /// For a TIR function, the dtype each buffer parameter declares (`None` for scalars, and
    /// `None` altogether for other functions).
    pub fn tir_dtypes(&self, name: &str) -> Option<Vec<Option<crate::runtime::DLDataType>>> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.binders.get(name).map(|b| b.buffer_dtypes())
    }

    /// Call the function `name` (`@` optional): its results, or the trap it stopped at.
    /// Tensors passed as [`Arg::TensorMut`] receive what the function wrote.
    ///
    /// # Errors
    /// No such function, arguments that do not fit, a trap, or an op the interpreter cannot run
    /// (external functions, vector transfers, DMA).
    pub fn call(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Vec<Val>> {
        let m = self.module.module();
        let name = name.strip_prefix('@').unwrap_or(name);
        let hooks = crate::dialect::registry();
        let probe = Interp::new(m, hooks, 0, None);
        let Some(f) = probe.function(name) else {
            let mut available: Vec<String> = function_names(m);
            available.sort();
            return Err(Error::NoSuchFunction { name: name.to_string(), available });
        };
        let fty = match m.attr(f, "type") {
            Some(Attribute::Type(Type::Function(t))) => t.clone(),
            _ => return Err(Error::Call { func: name.into(), message: "not a function".into() }),
        };
        let signature = super::call::signature_text(name, &fty);
        if args.len() != fty.inputs.len() {
            return Err(Error::Argument {
                func: name.into(),
                message: format!("{signature} takes {} arguments, {} given", fty.inputs.len(), args.len()),
            });
        }
        let arg_error = |i: usize, message: String| Error::Argument {
            func: name.into(),
            message: format!("argument #{i} of {signature}: {message}"),
        };
        let binder = self.binders.get(name);
        // As `Compiled::call`: a TIR function's binder checks its DLTensors (TVM's messages);
        // other functions' tensors, and those of conventions read from a file, are checked
        // against the parameter types.
        let check_types = binder.is_none_or(|b| !b.trusted);
        let mut inputs = Vec::with_capacity(args.len());
        for (i, (a, ty)) in args.iter().zip(&fty.inputs).enumerate() {
            let tensor = match a {
                Arg::Tensor(t) => Some(&**t),
                Arg::TensorMut(t) => Some(&**t),
                Arg::Val(Val::Tensor(t)) => Some(t),
                Arg::Dl(_) => return Err(arg_error(i, "the interpreter takes tensors, not raw DLTensors".into())),
                Arg::Val(_) => None,
            };
            inputs.push(match (tensor, a) {
                (Some(t), _) => {
                    if check_types {
                        check_tensor(&t.as_dl(), ty).map_err(|e| arg_error(i, e))?;
                    }
                    let (syms, phys) = match memref_like(ty) {
                        Some(mt) if !mt.maps.is_empty() => layout_of(&mt, t.shape()).ok_or_else(|| {
                            arg_error(i, format!("cannot interpret a tensor for the layout of '{ty}'"))
                        })?,
                        _ => (Vec::new(), Vec::new()),
                    };
                    Input::Tensor(t.bytes().to_vec(), t.shape().to_vec(), syms, phys)
                }
                (None, Arg::Val(Val::Func(n))) => Input::Func(n.clone()),
                (None, Arg::Val(Val::Vector(lanes))) => {
                    let elem = ty.element_type();
                    let mut bytes = Vec::new();
                    let eb = crate::interp::memory::elem_bytes(elem).unwrap_or(8) as usize;
                    if ty.as_vector().is_none() || lanes.len() != crate::ir::num_elements(ty) {
                        return Err(arg_error(i, format!("expected a value of type '{ty}', got {a:?}")));
                    }
                    for l in lanes {
                        bytes.extend_from_slice(&scalar_bytes(l, elem).map_err(|e| arg_error(i, e))?[..eb]);
                    }
                    Input::Scalar(bytes, ty.clone())
                }
                (None, Arg::Val(v)) => {
                    Input::Scalar(scalar_bytes(v, ty).map_err(|e| arg_error(i, e))?.to_vec(), ty.clone())
                }
                (None, _) => return Err(arg_error(i, format!("expected a value of type '{ty}'"))),
            });
        }
        if let Some(b) = binder {
            let mut dls: Vec<crate::runtime::DLTensor> = Vec::new();
            let mut scalars: Vec<[u8; 8]> = Vec::new();
            for (a, x) in args.iter().zip(&inputs) {
                match (a, x) {
                    (Arg::Tensor(t), _) => dls.push(t.as_dl()),
                    (Arg::TensorMut(t), _) => dls.push(t.as_dl()),
                    (Arg::Val(Val::Tensor(t)), _) => dls.push(t.as_dl()),
                    (_, Input::Scalar(bytes, _)) => {
                        let mut raw = [0u8; 8];
                        let n = bytes.len().min(8);
                        raw[..n].copy_from_slice(&bytes[..n]);
                        scalars.push(raw);
                    }
                    _ => scalars.push([0; 8]),
                }
            }
            let (mut d, mut s) = (dls.iter_mut(), scalars.iter_mut());
            let ptrs: Vec<*mut u8> = inputs
                .iter()
                .map(|x| match x {
                    Input::Tensor(..) => {
                        d.next().map_or(std::ptr::null_mut(), |p| (p as *mut crate::runtime::DLTensor).cast())
                    }
                    _ => s.next().map_or(std::ptr::null_mut(), |p| p.as_mut_ptr()),
                })
                .collect();
            // SAFETY: each pointer is a DLTensor of a live tensor argument or a scalar's 8 bytes.
            unsafe { b.bind(&ptrs) }.map_err(|message| Error::Argument { func: name.into(), message })?;
        }
        let (max_steps, interrupt, fast_math) = (self.max_steps, self.interrupt.clone(), self.fast_math);
        let statics_in: Statics =
            self.statics.lock().map(|s| s.iter().map(|(k, v)| (*k, v.clone())).collect()).unwrap_or_default();
        let results = fty.results.clone();
        let run = move || -> (Result<Vec<Val>>, Written, Statics) {
            let flag = interrupt.as_ref().map(Interrupt::atomic);
            let mut it = Interp::new(m, hooks, max_steps, flag);
            it.fast_math = fast_math;
            it.statics = statics_in.into_iter().map(|(k, v)| (k, Buffer::from_bytes(v, Origin::Other))).collect();
            let mut bufs = Vec::new();
            let vals: Vec<IVal> = inputs
                .into_iter()
                .map(|x| match x {
                    Input::Scalar(b, t) => read_elem(&b, &t),
                    Input::Func(n) => IVal::Func(n),
                    Input::Tensor(b, dims, syms, phys) => {
                        let buf = Buffer::from_bytes(b, Origin::Other);
                        bufs.push(Some(buf.clone()));
                        IVal::Memref(std::rc::Rc::new(MemrefVal { buf, base: 0, dims, syms, phys }))
                    }
                })
                .collect();
            let out = it.call(name, vals).map_err(|s| stop_error(m, name, s));
            let vals = out.and_then(|out| out.iter().zip(&results).map(|(v, t)| to_val(v, t)).collect());
            // Writes made before a trap are kept, as in generated code.
            let written = bufs.iter().map(|b| b.as_ref().map(|b| b.bytes.borrow().clone())).collect();
            let statics: Vec<(usize, Vec<u8>)> =
                it.statics.iter().map(|(k, b)| (*k, b.bytes.borrow().clone())).collect();
            (vals, written, statics)
        };
        let (vals, written, statics) = std::thread::scope(|s| {
            let h = std::thread::Builder::new().name("strata-interp".into()).stack_size(STACK).spawn_scoped(s, run);
            match h {
                Ok(h) => h.join().unwrap_or_else(|_| {
                    let e = Error::Call { func: name.into(), message: "the interpreter panicked".into() };
                    (Err(e), Vec::new(), Vec::new())
                }),
                Err(e) => (
                    Err(Error::Call { func: name.into(), message: format!("cannot start the interpreter: {e}") }),
                    Vec::new(),
                    Vec::new(),
                ),
            }
        });
        if let Ok(mut kept) = self.statics.lock() {
            kept.extend(statics);
        }
        // What the function wrote goes back to the tensors passed for writing.
        let mut w = written.into_iter();
        for a in args.iter_mut() {
            match a {
                Arg::TensorMut(t) => {
                    if let Some(Some(b)) = w.next() {
                        t.bytes_mut().copy_from_slice(&b);
                    }
                }
                Arg::Tensor(_) | Arg::Val(Val::Tensor(_)) => {
                    w.next();
                }
                _ => {}
            }
        }
        vals
    }
}

/// The layout symbols and physical extents of a compact tensor of `shape` passed for a memref
/// with layout maps, as a DLTensor binds them (strides null: compact; byte offset 0).
fn layout_of(mt: &crate::ir::MemrefType, shape: &[i64]) -> Option<(Vec<i64>, Vec<i64>)> {
    use crate::ir::StrideTerm;
    let nsyms = mt.num_layout_symbols();
    let mut syms = vec![0i64; nsyms];
    if nsyms > 0 {
        let form = mt.strided_form()?;
        for (k, t) in form.strides.iter().enumerate() {
            if let StrideTerm::Symbol(s) = t {
                *syms.get_mut(*s as usize)? = shape.get(k + 1..)?.iter().product();
            }
        }
    }
    let phys = crate::interp::memory::physical_extents(mt, shape, &syms).ok()?;
    Some((syms, phys))
}

fn function_names(m: &Module) -> Vec<String> {
    m.block(m.top_block())
        .ops
        .iter()
        .filter(|&&op| m.op(op).regions.first().is_some_and(|&r| !m.region(r).blocks.is_empty()))
        .filter_map(|&op| m.attr(op, "sym_name").and_then(Attribute::as_str).map(str::to_string))
        .collect()
}

/// A stopped run as the engine reports it.
fn stop_error(m: &Module, func: &str, s: Stop) -> Error {
    match s {
        Stop::Trap { kind, op, func, detail } => {
            let loc = op.and_then(|op| {
                let (src, span) = (m.source.as_ref()?, m.op_span(op)?);
                let (line, col) = src.line_col(span.start);
                Some(format!("{}:{line}:{col}", src.name()))
            });
            Error::Trap(Trap { kind, func, loc, detail })
        }
        Stop::Unsupported(message) if message.starts_with("the interpreter") => {
            Error::Call { func: func.into(), message }
        }
        Stop::Unsupported(message) => {
            Error::Call { func: func.into(), message: format!("the interpreter stopped: {message}") }
        }
    }
}

/// A result value of type `ty`.
fn to_val(v: &IVal, ty: &Type) -> Result<Val> {
    let bad = || Error::Call { func: String::new(), message: format!("the interpreter returned a bad '{ty}'") };
    Ok(match (v, ty) {
        (IVal::Int(x), Type::Integer(w)) => Val::Int(*x, *w),
        (IVal::Int(x), Type::Index) => Val::Index(*x),
        (IVal::Float(x), Type::F16) => Val::F16(half::f16::from_f64(*x)),
        (IVal::Float(x), Type::BF16) => Val::BF16(half::bf16::from_f64(*x)),
        (IVal::Float(x), Type::F32) => Val::F32(*x as f32),
        (IVal::Float(x), Type::F64) => Val::F64(*x),
        (IVal::Vector(l), Type::Vector(vt)) => {
            Val::Vector(l.iter().map(|x| to_val(x, &vt.elem)).collect::<Result<_>>()?)
        }
        (IVal::Func(n), _) => Val::Func(n.clone()),
        (IVal::Unit, _) => Val::Unit,
        (IVal::Memref(mv), _) => {
            let mt = memref_like(ty).ok_or_else(bad)?;
            let dtype = dtype_of(&mt.elem).ok_or_else(bad)?;
            let mut t = Tensor::zeros_of(dtype, &mv.dims)
                .map_err(|e| Error::Call { func: String::new(), message: e.to_string() })?;
            let eb = crate::interp::memory::elem_bytes(&mt.elem).ok_or_else(bad)? as usize;
            let bytes = t.bytes_mut();
            for (k, idx) in mv.indices().enumerate() {
                let x = mv.load(&mt, &idx).map_err(|_| bad())?;
                write_elem(&mut bytes[k * eb..], &mt.elem, &x);
            }
            Val::Tensor(t)
        }
        _ => return Err(bad()),
    })
}
