//! The TIR calling convention (tir-spec.md "Semantics of Statements" 1, PrimFunc): each
//! DLTensor argument is checked against its parameter's buffer as TVM's `ArgBinder` does, in the
//! order device, dtype, ndim, shape, strides, byte offset, data. A constant dimension must
//! match; a variable binds the first time it is seen (a scalar parameter of the same variable is
//! seen first) and must match after. Null strides mean compact; given strides must match or
//! bind. The element offset is `byte_offset / element size`. No two buffers may overlap.
//!
//! The parameters come from each function's [`ArgSpec`], made by TIR lowering.

use std::sync::Arc;

use crate::Verified;
use crate::runtime::argspec::{ArgSpec, DimExpr, DimSpec, ParamSpec};
use crate::runtime::dlpack::{DL_CPU, DLDataType, DLTensor, code};

/// A dimension, stride or offset of a parameter's buffer.
#[derive(Clone, Debug)]
enum Term {
    Const(i64),
    /// A variable: its slot and name.
    Var(usize, Arc<str>),
    /// Arithmetic of variables, checked once every variable is bound.
    Expr(Arc<DimExpr>),
    /// An expression the binder cannot evaluate (not checked; lowering makes none of these).
    Other(String),
}

#[derive(Clone, Debug)]
enum Param {
    Buffer { name: String, dtype: DLDataType, shape: Vec<Term>, strides: Option<Vec<Term>>, elem_offset: Term },
    Scalar { var: usize, bits: u8, signed: bool, int: bool },
}

/// The checks of one function's arguments.
#[derive(Debug)]
pub(crate) struct Binder {
    params: Vec<Param>,
    vars: usize,
    /// Each slot's variable name (expressions name their variables).
    var_names: Vec<Arc<str>>,
    /// `f(A: Tensor([n, 8], float32), n: int32)`, for messages.
    signature: String,
    /// The convention comes from the TIR lowering; `false` when read from a file, and then
    /// the arguments are also checked against the function's types.
    pub(crate) trusted: bool,
}

/// What a call's arguments bound so far, and the computed dimensions left to check.
struct BindState {
    vals: Vec<Option<Bound>>,
    /// Expression, the argument's value, argument index, field name.
    pending: Vec<(Arc<DimExpr>, i64, usize, String)>,
}

/// A variable's value and where it was bound.
#[derive(Clone, Copy)]
struct Bound {
    value: i64,
    /// Argument index and field: shape k, stride k, offset (-1), or the scalar itself (-2).
    arg: usize,
    field: i64,
}

/// The binder's slot of a variable (slots in order of first sight).
fn slot(name: &Arc<str>, vars: &mut Vec<Arc<str>>) -> usize {
    vars.iter().position(|v| v == name).unwrap_or_else(|| {
        vars.push(name.clone());
        vars.len() - 1
    })
}

fn term(d: &DimSpec, vars: &mut Vec<Arc<str>>) -> Term {
    match d {
        DimSpec::Const(c) => Term::Const(*c),
        DimSpec::Var(n) => Term::Var(slot(n, vars), n.clone()),
        DimSpec::Expr(text) => match DimExpr::parse(text) {
            Some(e) => {
                for v in e.vars() {
                    slot(&v, vars);
                }
                Term::Expr(Arc::new(e))
            }
            None => Term::Other(text.clone()),
        },
    }
}

fn term_text(t: &Term) -> String {
    match t {
        Term::Const(c) => c.to_string(),
        Term::Var(_, n) => n.to_string(),
        Term::Expr(e) => e.to_string(),
        Term::Other(text) => text.clone(),
    }
}

impl Binder {
    /// The binders of the module's TIR functions, by name.
    pub(crate) fn of_module(v: &Verified) -> std::collections::HashMap<Arc<str>, Arc<Binder>> {
        v.arg_specs()
            .map(|(name, spec)| {
                let mut b = Binder::new(name, spec);
                b.trusted = v.trusted_args();
                (Arc::from(name), Arc::new(b))
            })
            .collect()
    }

    fn new(func: &str, spec: &ArgSpec) -> Binder {
        let mut vars: Vec<Arc<str>> = Vec::new();
        let mut params = Vec::new();
        let mut sig = Vec::new();
        // Scalars name their variables first: a shape `n` and a parameter `n` are one variable.
        for p in &spec.params {
            if let ParamSpec::Scalar { var, .. } = p {
                slot(var, &mut vars);
            }
        }
        for p in &spec.params {
            match p {
                ParamSpec::Buffer(b) => {
                    let shape: Vec<Term> = b.shape.iter().map(|d| term(d, &mut vars)).collect();
                    let strides = b.strides.as_ref().map(|s| s.iter().map(|d| term(d, &mut vars)).collect());
                    let elem_offset = term(&b.elem_offset, &mut vars);
                    let dims: Vec<String> = shape.iter().map(term_text).collect();
                    sig.push(format!("{}: Tensor([{}], {})", b.name, dims.join(", "), b.dtype.tvm_name()));
                    params.push(Param::Buffer { name: b.name.clone(), dtype: b.dtype, shape, strides, elem_offset });
                }
                ParamSpec::Scalar { name, var, dtype } => {
                    sig.push(format!("{name}: {}", dtype.tvm_name()));
                    let int = matches!(dtype.code, code::INT | code::UINT);
                    params.push(Param::Scalar {
                        var: slot(var, &mut vars),
                        bits: dtype.bits,
                        signed: dtype.code == code::INT,
                        int,
                    });
                }
            }
        }
        Binder {
            params,
            vars: vars.len(),
            var_names: vars,
            signature: format!("{func}({})", sig.join(", ")),
            trusted: true,
        }
    }

    /// The function's signature, as argument errors show it.
    pub(crate) fn signature(&self) -> &str {
        &self.signature
    }

    /// The buffer name of each parameter (`None` for scalars).
    pub(crate) fn buffer_names(&self) -> Vec<Option<String>> {
        self.params
            .iter()
            .map(|p| match p {
                Param::Buffer { name, .. } => Some(name.clone()),
                Param::Scalar { .. } => None,
            })
            .collect()
    }

    /// The declared dtype of each parameter (`None` for scalars).
    pub(crate) fn buffer_dtypes(&self) -> Vec<Option<DLDataType>> {
        self.params
            .iter()
            .map(|p| match p {
                Param::Buffer { dtype, .. } => Some(*dtype),
                Param::Scalar { .. } => None,
            })
            .collect()
    }

    fn fail(&self, field: &str, arg: usize, msg: impl std::fmt::Display) -> String {
        format!("Mismatched {field} on argument #{arg} when calling `{}`: {msg}", self.signature)
    }

    fn where_bound(&self, b: &Bound) -> String {
        match &self.params.get(b.arg) {
            Some(Param::Buffer { name, .. }) => match b.field {
                -1 => format!("{name}.elem_offset"),
                k if k >= 1000 => format!("{name}.strides[{}]", k - 1000),
                k => format!("{name}.shape[{k}]"),
            },
            _ => format!("argument #{}", b.arg),
        }
    }

    /// Match `value` against a term: a constant must equal it, a variable binds or must equal
    /// its binding.
    #[allow(clippy::too_many_arguments)]
    fn unify(
        &self,
        st: &mut BindState,
        t: &Term,
        value: i64,
        arg: usize,
        field: i64,
        what: &str,
    ) -> Result<(), String> {
        match t {
            Term::Const(c) if *c != value => Err(self.fail(what, arg, format!("expected {c}, got {value}"))),
            Term::Var(k, name) => match st.vals[*k] {
                None => {
                    st.vals[*k] = Some(Bound { value, arg, field });
                    Ok(())
                }
                Some(b) if b.value != value => Err(self.fail(
                    what,
                    arg,
                    format!("expected {name} = {} (bound by {}), got {value}", b.value, self.where_bound(&b)),
                )),
                Some(_) => Ok(()),
            },
            Term::Expr(e) => {
                st.pending.push((e.clone(), value, arg, what.to_string()));
                Ok(())
            }
            _ => Ok(()),
        }
    }

    /// Check the dimensions computed from variables, now that every variable is bound.
    fn check_expressions(&self, st: &BindState) -> Result<(), String> {
        let vals = &st.vals;
        for (e, value, arg, what) in &st.pending {
            let (value, arg) = (*value, *arg);
            let var = |n: &str| {
                let k = self.var_names.iter().position(|v| &**v == n)?;
                vals.get(k).copied().flatten().map(|b| b.value)
            };
            if let Some(v) = e.vars().into_iter().find(|v| var(v).is_none()) {
                return Err(self.fail(what, arg, format!("expected {e}, but no argument binds {v}")));
            }
            match e.eval(&var) {
                Some(want) if want == value => {}
                Some(want) => {
                    let by: Vec<String> = e
                        .vars()
                        .iter()
                        .filter_map(|n| {
                            let k = self.var_names.iter().position(|v| v == n)?;
                            let b = vals.get(k).copied().flatten()?;
                            Some(format!("{n} = {} bound by {}", b.value, self.where_bound(&b)))
                        })
                        .collect();
                    return Err(self.fail(
                        what,
                        arg,
                        format!("expected {e} = {want} ({}), got {value}", by.join(", ")),
                    ));
                }
                None => return Err(self.fail(what, arg, format!("expected {e}, which overflows or divides by zero"))),
            }
        }
        Ok(())
    }

    /// Check and bind the arguments of a call.
    ///
    /// # Safety
    /// `args[i]` must point to a valid `DLTensor` for each buffer parameter and to the value's
    /// bytes for each scalar, as the entry of the function reads them.
    pub(crate) unsafe fn bind(&self, args: &[*mut u8]) -> Result<(), String> {
        if args.len() != self.params.len() {
            return Err(format!("`{}` takes {} arguments, {} given", self.signature, self.params.len(), args.len()));
        }
        let mut st = BindState { vals: vec![None; self.vars], pending: Vec::new() };
        for (i, (p, &a)) in self.params.iter().zip(args).enumerate() {
            if let Param::Scalar { var, bits, signed, int: true } = p {
                let mut raw = [0u8; 8];
                let n = usize::from(bits.div_ceil(8)).clamp(1, 8);
                // SAFETY: the caller passes the scalar's bytes (at least its width).
                unsafe { std::ptr::copy_nonoverlapping(a, raw.as_mut_ptr(), n) };
                let x = i64::from_le_bytes(raw);
                let b = u32::from(*bits).clamp(1, 64);
                let v = if b == 64 {
                    x
                } else if *signed && b > 1 {
                    (x << (64 - b)) >> (64 - b)
                } else {
                    x & ((1i64 << b) - 1)
                };
                st.vals[*var] = Some(Bound { value: v, arg: i, field: -2 });
            }
        }
        let mut extents: Vec<(usize, u64, u64)> = Vec::new();
        for (i, (p, &a)) in self.params.iter().zip(args).enumerate() {
            let Param::Buffer { name, dtype, shape, strides, elem_offset } = p else { continue };
            // SAFETY: the caller passes a DLTensor for each buffer parameter.
            let dl: &DLTensor = unsafe { &*(a as *const DLTensor) };
            if dl.device.device_type != DL_CPU {
                return Err(self.fail(
                    &format!("{name}.device"),
                    i,
                    format!("expected the CPU (1), got device type {}", dl.device.device_type),
                ));
            }
            let dt_ok = dl.dtype == *dtype
                || (dtype.code == code::UINT
                    && dtype.bits == 1
                    && dl.dtype.lanes == dtype.lanes
                    && matches!((dl.dtype.code, dl.dtype.bits), (code::INT | code::UINT, 8) | (6, 8)));
            if !dt_ok {
                return Err(self.fail(&format!("{name}.dtype"), i, format!("expected {dtype}, got {}", dl.dtype)));
            }
            let rank = shape.len();
            if dl.ndim < 0 || dl.ndim as usize != rank {
                return Err(self.fail(&format!("{name}.ndim"), i, format!("expected {rank}, got {}", dl.ndim)));
            }
            let dims: &[i64] = if rank == 0 {
                &[]
            } else if dl.shape.is_null() {
                return Err(self.fail(&format!("{name}.shape"), i, "expected a shape, got null"));
            } else {
                // SAFETY: a DLTensor's shape has ndim entries.
                unsafe { std::slice::from_raw_parts(dl.shape, rank) }
            };
            for (k, (t, &d)) in shape.iter().zip(dims).enumerate() {
                if d < 0 {
                    return Err(self.fail(&format!("{name}.shape[{k}]"), i, format!("expected a size, got {d}")));
                }
                self.unify(&mut st, t, d, i, k as i64, &format!("{name}.shape[{k}]"))?;
            }
            let mut compact = vec![1i64; rank];
            for k in (0..rank.saturating_sub(1)).rev() {
                compact[k] = compact[k + 1].saturating_mul(dims[k + 1]);
            }
            let actual: Vec<i64> = if dl.strides.is_null() {
                compact.clone()
            } else {
                // SAFETY: non-null strides have ndim entries.
                unsafe { std::slice::from_raw_parts(dl.strides, rank) }.to_vec()
            };
            match strides {
                Some(terms) => {
                    for (k, (t, &s)) in terms.iter().zip(&actual).enumerate() {
                        self.unify(&mut st, t, s, i, 1000 + k as i64, &format!("{name}.strides[{k}]"))?;
                    }
                }
                None => {
                    // A compact buffer: dimensions of size 1 may have any stride.
                    if let Some(k) = (0..rank).find(|&k| actual[k] != compact[k] && dims[k] != 1) {
                        return Err(self.fail(
                            &format!("{name}.strides"),
                            i,
                            format!("expected a compact array (strides {compact:?}), got strides {actual:?} (at dimension {k})"),
                        ));
                    }
                }
            }
            let esize = (u64::from(dtype.bits.max(8)) / 8 * u64::from(dtype.lanes)).max(1);
            if !dl.byte_offset.is_multiple_of(esize) {
                return Err(self.fail(
                    &format!("{name}.byte_offset"),
                    i,
                    format!("expected a multiple of the element size {esize}, got {}", dl.byte_offset),
                ));
            }
            let eo = (dl.byte_offset / esize) as i64;
            self.unify(&mut st, elem_offset, eo, i, -1, &format!("{name}.elem_offset"))?;
            // Only an empty tensor may have no data (a product of the dimensions could wrap).
            if !dims.contains(&0) {
                if dl.data.is_null() {
                    return Err(self.fail(&format!("{name}.data"), i, "expected data, got a null pointer"));
                }
                // The bytes the tensor spans (strides may be negative).
                let (mut lo, mut hi) = (0i64, 0i64);
                for (k, &d) in dims.iter().enumerate() {
                    let span = d.saturating_sub(1).saturating_mul(actual[k]);
                    if span < 0 {
                        lo = lo.saturating_add(span);
                    } else {
                        hi = hi.saturating_add(span);
                    }
                }
                let base = (dl.data as u64).wrapping_add(dl.byte_offset);
                let start = base.wrapping_add_signed(lo.saturating_mul(esize as i64));
                let end = base.wrapping_add_signed(hi.saturating_add(1).saturating_mul(esize as i64));
                extents.push((i, start, end));
            }
        }
        self.check_expressions(&st)?;
        // No two buffers overlap (the spec's PrimFunc rule 1.ii.e).
        for (x, &(i, s1, e1)) in extents.iter().enumerate() {
            for &(j, s2, e2) in &extents[x + 1..] {
                if s1 < e2 && s2 < e1 {
                    let n = |k: usize| match &self.params[k] {
                        Param::Buffer { name, .. } => name.clone(),
                        _ => String::new(),
                    };
                    return Err(format!(
                        "arguments #{i} ({}) and #{j} ({}) of `{}` overlap in memory; buffer arguments may not alias",
                        n(i),
                        n(j),
                        self.signature
                    ));
                }
            }
        }
        Ok(())
    }
}
