//! TIR to the core IR, with the spec's evaluation rules (tir-spec.md "Evaluating PrimExprs",
//! "Semantics of Statements").
//!
//! Each PrimFunc becomes a `func`: buffer parameters are memrefs (static dimensions for
//! constant shapes, strided layouts for explicit strides and element offsets), scalars are
//! scalars, and `tir.ret` values are results. Control flow becomes blocks and branches: loops,
//! `while`, `if`, `if_then_else` and the short-circuit `and`/`or` of scalars; parallel loops and
//! thread extents become `parallel_for`; unrolled loops are unrolled; vectorized loops (made
//! vectors by `tir::transform`) use vector values and `vector.load`/`vector.store`.
//!
//! Each function's [`ArgSpec`] records its parameters as TIR declared them (names, dtypes,
//! symbolic shapes, strides and offsets): the engine binds and checks the DLTensors of a call
//! against it, as TVM's `ArgBinder` does.
//!
//! - `builder.rs` — appending core ops.
//! - `expr.rs` — expressions, including short-circuit and lane-wise lowering.
//! - `stmt.rs` — statements, buffers and allocations.

mod builder;
mod expr;
mod invariant;
mod stmt;

use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use builder::Builder;

use crate::ir::{AffineExpr, AffineMap, Attribute, FunctionType, Module, OperationState, Span, Type, Value};
use crate::runtime::{ArgSpec, BufferSpec, DimSpec, ParamSpec};
use crate::tir::ast::{Buffer, ExprKind, IRModule, PrimExpr, PrimFunc, Var};
use crate::tir::dtype::{DataType, TypeCode};
use crate::transform::Passes;

/// What cannot be lowered, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{}cannot lower @{func}: {message}", loc.as_ref().map(|l| format!("{l}: ")).unwrap_or_default())]
pub struct LowerError {
    /// The PrimFunc.
    pub func: String,
    /// `file:line:col` of the construct, when known.
    pub loc: Option<String>,
    /// What is not supported.
    pub message: String,
}

type R<T> = Result<T, LowerError>;

/// The core type of a TIR datatype (`bool` is `i1`, handles are `i64`, lanes make a vector).
pub fn core_type(dt: DataType) -> Option<Type> {
    let scalar = match (dt.code, dt.bits) {
        (TypeCode::Int | TypeCode::UInt, b @ (1 | 8 | 16 | 32 | 64)) => Type::Integer(u32::from(b)),
        (TypeCode::Float, 16) => Type::F16,
        (TypeCode::Float, 32) => Type::F32,
        (TypeCode::Float, 64) => Type::F64,
        (TypeCode::BFloat, 16) => Type::BF16,
        (TypeCode::Handle, 64) => Type::Integer(64),
        (TypeCode::Handle, 0) => Type::None,
        _ => return None,
    };
    if dt.lanes > 1 { Type::vector(vec![u64::from(dt.lanes)], scalar).ok() } else { Some(scalar) }
}

/// `int4`/`uint4` are read and printed but not compiled: TVM allocates them two to a byte
/// while its LLVM build reads them one to a byte (past the end of the buffer), so there is no
/// behaviour to match.
fn refuse_sub_byte_ints(f: &PrimFunc, tm: &IRModule) -> R<()> {
    let mut found: Option<(DataType, Option<crate::ir::Span>)> = None;
    for (_, b) in &f.buffer_map {
        if b.dtype().is_sub_byte_int() {
            found.get_or_insert((b.dtype(), b.span()));
        }
    }
    crate::tir::visit::walk_exprs(&f.body, &mut |e| {
        if e.dtype().is_sub_byte_int() {
            found.get_or_insert((e.dtype(), None));
        }
    });
    crate::tir::visit::walk_stmts(&f.body, &mut |s| {
        if let crate::tir::ast::StmtKind::BlockRealize { block, .. } = s.kind() {
            for b in &block.alloc_buffers {
                if b.dtype().is_sub_byte_int() {
                    found.get_or_insert((b.dtype(), b.span()));
                }
            }
        }
    });
    match found {
        None => Ok(()),
        Some((dt, span)) => Err(LowerError {
            func: f.name.clone(),
            loc: location(tm, span.or(f.span)),
            message: format!(
                "{dt} is read and printed but not compiled: TVM packs it two to a byte in memory while its CPU build reads one to a byte"
            ),
        }),
    }
}

/// Lower a checked module.
///
/// # Errors
/// A construct the lowering does not support, naming the function and the place.
pub fn lower_module(tm: &IRModule, passes: &Passes) -> Result<Lowered, LowerError> {
    let mut m = Module::new();
    m.source = tm.source.clone();
    let mut sigs: HashMap<String, FunctionType> = HashMap::default();
    for f in &tm.funcs {
        refuse_sub_byte_ints(f, tm)?;
    }
    for f in &tm.funcs {
        let cx = SigCx { f, src: tm };
        sigs.insert(f.name.clone(), cx.signature()?);
    }
    let mut externs: HashMap<String, FunctionType> = HashMap::default();
    let mut specs = Vec::with_capacity(tm.funcs.len());
    let mut access = crate::verify::AccessFacts::default();
    let mut candidates = Vec::with_capacity(tm.funcs.len());
    for f in &tm.funcs {
        specs.push((f.name.clone(), arg_spec(f)));
        let body = crate::tir::transform::prepare(f, passes).map_err(|(span, message)| LowerError {
            func: f.name.clone(),
            loc: location(tm, span.or(f.span)),
            message,
        })?;
        let ty = sigs[&f.name].clone();
        let region = m.create_region();
        let entry = m.append_block(region, &ty.inputs);
        let args: Vec<Value> = m.block(entry).args.to_vec();
        let mut attrs = vec![
            Builder::named("sym_name", Attribute::string(&f.name)),
            Builder::named("type", Attribute::Type(Type::Function(Arc::new(ty.clone())))),
        ];
        attrs.sort_by(|a, b| a.name.cmp(&b.name));
        let mut st = OperationState::new("func").region(region);
        st.attrs = attrs;
        if let Some(s) = f.span {
            st = st.at(s);
        }
        let top = m.top_block();
        m.insert_op(top, st);
        let b = Builder { m: &mut m, block: entry, region, span: f.span, known: Default::default() };
        let mut cx = stmt::FnCx::new(b, f, tm, &sigs, &mut externs);
        cx.bind_params(&args)?;
        cx.stmt(&body)?;
        cx.finish()?;
        access.in_bounds.extend(cx.proven);
        candidates.push((f.name.clone(), region, cx.movable_candidates));
    }
    // Functions another function calls: their parameters may alias.
    let mut called = rustc_hash::FxHashSet::default();
    m.walk(m.top(), |op| {
        if crate::dialect::standard::CALL.is(&m, op)
            && let Some(callee) = m.attr(op, "callee").and_then(Attribute::as_symbol)
        {
            called.insert(callee.to_string());
        }
    });
    for (name, region, found) in &candidates {
        access.movable.extend(invariant::movable(&m, *region, called.contains(name), found));
    }
    let mut names: Vec<&String> = externs.keys().collect();
    names.sort();
    for name in names {
        let ty = externs[name].clone();
        let region = m.create_region();
        let st = OperationState::new("func")
            .attr("sym_name", Attribute::string(name))
            .attr("type", Attribute::Type(Type::Function(Arc::new(ty))))
            .region(region);
        let top = m.top_block();
        m.insert_op(top, st);
    }
    Ok(Lowered { module: m, args: specs, access })
}

/// A lowered TIR module: the core module, each function's calling convention, and the loads
/// and stores proven to stay inside their memrefs (compiled without a bounds check).
pub struct Lowered {
    /// The core module.
    pub module: Module,
    /// Each function's calling convention.
    pub args: Vec<(String, ArgSpec)>,
    /// Accesses that need no bounds check, and loads that may move.
    pub(crate) access: crate::verify::AccessFacts,
}

struct SigCx<'a> {
    f: &'a PrimFunc,
    src: &'a IRModule,
}

impl SigCx<'_> {
    fn err(&self, span: Option<Span>, message: String) -> LowerError {
        LowerError { func: self.f.name.clone(), loc: location(self.src, span.or(self.f.span)), message }
    }

    fn signature(&self) -> R<FunctionType> {
        // A dimension computed from variables is checked by the binder once they are bound: each
        // must be bound by an argument (a scalar, or a dimension, stride or offset of its own).
        let mut bound: Vec<u64> = Vec::new();
        for p in &self.f.params {
            match self.f.buffer_of(p) {
                Some(b) => {
                    let layout = b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset()));
                    bound.extend(layout.filter_map(|e| e.as_var().map(Var::id)));
                }
                None => bound.push(p.id()),
            }
        }
        for p in &self.f.params {
            let Some(b) = self.f.buffer_of(p) else { continue };
            for (k, d) in b.shape().iter().enumerate() {
                if d.as_int().is_some() || d.as_var().is_some() {
                    continue;
                }
                let mut free = None;
                crate::tir::visit::walk_expr(d, &mut |e| {
                    if let Some(v) = e.as_var()
                        && !bound.contains(&v.id())
                    {
                        free.get_or_insert_with(|| v.name().to_string());
                    }
                });
                if let Some(v) = free {
                    return Err(self.err(
                        b.span(),
                        format!(
                            "{}.shape[{k}] is {}, but no argument binds {v} (a scalar parameter, or a dimension of its own)",
                            b.name(),
                            crate::tir::script::print_expr(d)
                        ),
                    ));
                }
            }
        }
        let mut inputs = Vec::new();
        for p in &self.f.params {
            match self.f.buffer_of(p) {
                Some(b) => inputs.push(param_memref(b).map_err(|m| self.err(b.span(), m))?),
                None => inputs.push(core_type(p.dtype()).ok_or_else(|| {
                    self.err(p.span(), format!("parameters of type {} are not supported", p.dtype()))
                })?),
            }
        }
        let results = match &self.f.ret_type {
            None => Vec::new(),
            Some(t) => match core_type(t.dtype()) {
                Some(Type::None) => Vec::new(),
                Some(c) => vec![c],
                None => return Err(self.err(None, format!("return type {t} is not supported"))),
            },
        };
        Ok(FunctionType { inputs, results })
    }
}

/// The memref type of a parameter's buffer: static dimensions where the shape is constant, and a
/// strided layout (`offset + Σ d_k * stride_k`, constants or symbols) for explicit strides or a
/// non-zero element offset.
pub(crate) fn param_memref(b: &Buffer) -> Result<Type, String> {
    let elem = core_type(b.dtype()).ok_or_else(|| format!("buffers of {} are not supported", b.dtype()))?;
    let mut shape = Vec::new();
    for (k, d) in b.shape().iter().enumerate() {
        match (d.as_int(), d.as_var()) {
            (Some(c), _) if c >= 0 => shape.push(c),
            // A variable, or arithmetic of variables the binder checks.
            (None, Some(_)) => shape.push(crate::ir::DYNAMIC),
            // The binder must be able to read it back (accesses proven in bounds rely on it).
            (None, None)
                if dim_expr(d, &mut |v| Arc::from(v.name()))
                    .is_some_and(|e| crate::runtime::argspec::DimExpr::parse(&e.to_string()).is_some()) =>
            {
                shape.push(crate::ir::DYNAMIC)
            }
            _ => {
                return Err(format!(
                    "{}.shape[{k}] is {}; a parameter's dimensions are constants, variables or integer arithmetic of variables",
                    b.name(),
                    crate::tir::script::print_expr(d)
                ));
            }
        }
    }
    let rank = shape.len();
    let default_layout = b.strides().is_empty() && b.elem_offset().as_int() == Some(0);
    if default_layout {
        return Type::memref(shape, elem, Vec::new(), None);
    }
    let mut syms = 0u32;
    let mut term = |e: Option<&PrimExpr>, what: &str| -> Result<AffineExpr, String> {
        match e {
            Some(x) if x.as_int().is_some() => Ok(AffineExpr::constant(x.as_int().unwrap_or(0))),
            Some(x) if x.as_var().is_some() => {
                syms += 1;
                Ok(AffineExpr::symbol(syms - 1))
            }
            Some(x) => Err(format!(
                "{what} of {} is {}; constants or variables only",
                b.name(),
                crate::tir::script::print_expr(x)
            )),
            None => {
                syms += 1;
                Ok(AffineExpr::symbol(syms - 1))
            }
        }
    };
    let mut expr = term(Some(b.elem_offset()), "the element offset")?;
    for k in 0..rank {
        let stride = if b.strides().is_empty() {
            // Compact strides: constants when the trailing dimensions are.
            let trailing: Option<i64> = shape[k + 1..]
                .iter()
                .try_fold(1i64, |a, &d| if d == crate::ir::DYNAMIC { None } else { a.checked_mul(d) });
            match trailing {
                Some(c) => AffineExpr::constant(c),
                None => term(None, "a stride")?,
            }
        } else {
            term(b.strides().get(k), "a stride")?
        };
        expr = expr + AffineExpr::dim(k as u32) * stride;
    }
    let map = AffineMap::new(rank as u32, syms, vec![expr]);
    Type::memref(shape, elem, vec![map], None)
}

/// The `tir.args` attribute: one dictionary per parameter, as TIR declared it.
/// The calling convention of `f`: its parameters as TIR declared them.
fn arg_spec(f: &PrimFunc) -> ArgSpec {
    // Variables are named uniquely (two TIR variables may share a name).
    let mut names: HashMap<u64, Arc<str>> = HashMap::default();
    let mut used: HashMap<String, u32> = HashMap::default();
    let mut name_of = |v: &Var| -> Arc<str> {
        if let Some(n) = names.get(&v.id()) {
            return n.clone();
        }
        let k = used.entry(v.name().to_string()).or_insert(0);
        let n: Arc<str> = if *k == 0 { Arc::from(v.name()) } else { Arc::from(format!("{}_{k}", v.name())) };
        *k += 1;
        names.insert(v.id(), n.clone());
        n
    };
    let params = f
        .params
        .iter()
        .map(|p| match f.buffer_of(p) {
            Some(b) => {
                let mut dim = |e: &PrimExpr| match (e.as_int(), e.as_var()) {
                    (Some(c), _) => DimSpec::Const(c),
                    (None, Some(v)) => DimSpec::Var(name_of(v)),
                    _ => DimSpec::Expr(
                        dim_expr(e, &mut name_of).map_or_else(|| crate::tir::script::print_expr(e), |d| d.to_string()),
                    ),
                };
                let shape = b.shape().iter().map(&mut dim).collect();
                let strides = (!b.strides().is_empty()).then(|| b.strides().iter().map(&mut dim).collect());
                ParamSpec::Buffer(BufferSpec {
                    name: b.name().to_string(),
                    dtype: b.dtype().to_dl(),
                    shape,
                    strides,
                    elem_offset: dim(b.elem_offset()),
                })
            }
            None => ParamSpec::Scalar { name: p.name().to_string(), var: name_of(p), dtype: p.dtype().to_dl() },
        })
        .collect();
    ArgSpec { params }
}

/// `file:line:col` of a span.
fn location(m: &IRModule, span: Option<Span>) -> Option<String> {
    let src = m.source.as_ref()?;
    let s = span?;
    let (line, col) = src.line_col(s.start);
    Some(format!("{}:{line}:{col}", src.name()))
}

/// Whether an expression is an integer constant (after folding).
fn const_of(e: &PrimExpr) -> Option<i64> {
    match e.kind() {
        ExprKind::IntImm(v) => Some(*v),
        _ => crate::tir::arith::const_int(e),
    }
}

/// A parameter's dimension as the binder evaluates it (`None`: not integer arithmetic of
/// variables), its variables named by `name`.
fn dim_expr(e: &PrimExpr, name: &mut dyn FnMut(&Var) -> Arc<str>) -> Option<crate::runtime::argspec::DimExpr> {
    use crate::runtime::argspec::{DimExpr, DimOp};
    use crate::tir::ast::{BinOp, ExprKind};
    if !e.dtype().is_int() {
        return None;
    }
    match e.kind() {
        ExprKind::IntImm(v) => Some(DimExpr::Const(*v)),
        ExprKind::Var(v) => Some(DimExpr::Var(name(v))),
        ExprKind::Binary(op, a, b) => {
            let op = match op {
                BinOp::Add => DimOp::Add,
                BinOp::Sub => DimOp::Sub,
                BinOp::Mul => DimOp::Mul,
                BinOp::FloorDiv => DimOp::FloorDiv,
                BinOp::FloorMod => DimOp::FloorMod,
                BinOp::Min => DimOp::Min,
                BinOp::Max => DimOp::Max,
                _ => return None,
            };
            Some(DimExpr::Bin(op, Box::new(dim_expr(a, name)?), Box::new(dim_expr(b, name)?)))
        }
        _ => None,
    }
}
