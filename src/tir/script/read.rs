//! From the Python syntax tree to TIR: what each TVMScript construct means. Accepts what TVM
//! prints for PrimFuncs and IRModules from 0.14 to 0.27: `tir` and `tirx` as `T`, `T.block` and
//! `T.sblock`, `T.alloc_buffer` and `T.sblock_alloc_buffer`, `T.ret(x)` and `return x`,
//! `T.allocate` and `T.decl_buffer`, `T.launch_thread`/`T.env_thread`, `T.attr`, slices as
//! unit-stride ramps (`A[0:4]`), and TVM's implicit conversions of literals.
//!
//! Statements that bind a name for the statements after them (`x: T.int32 = ..`,
//! `T.allocate`, `T.decl_buffer`, `T.launch_thread`, `assert`) take the rest of their
//! statement list as their body, as TVM's parser does.

use std::collections::HashSet;
use std::sync::Arc;

use super::py::{E, Expr, S, Stmt as P};
use super::reader::{Binding, BlockFrame, FuncState, R, ReadError, Reader, err};
use crate::ir::{Diagnostic, Diagnostics, SourceFile, Span};
use crate::tir::ast::*;
use crate::tir::dtype::DataType;

/// A call's positional and keyword arguments.
type CallArgs<'e> = (&'e [E], &'e [(String, E)]);

/// A `T.name(args, kwargs)` call: the name after `T.`, the arguments, the keyword arguments.
type TCall<'e> = (String, &'e [E], &'e [(String, E)]);

/// What a statement handler produced.
enum Flow {
    /// Nothing (a configuration statement).
    Nothing,
    /// One statement; the list goes on.
    One(Stmt),
    /// A statement that took the rest of the list as its body.
    Rest(Stmt),
}

/// Read a TVMScript file: one `@I.ir_module` class or any number of `@T.prim_func` functions.
///
/// # Errors
/// The first syntax error or construct outside the subset, at its line and column.
pub fn read_module(file: &Arc<SourceFile>) -> Result<IRModule, Diagnostics> {
    read_text(file, file.text())
}

/// Read the part `range` of a file (a case of a test file); positions are those of the file.
///
/// # Errors
/// As [`read_module`].
pub fn read_range(file: &Arc<SourceFile>, range: std::ops::Range<usize>) -> Result<IRModule, Diagnostics> {
    // Everything outside the range becomes spaces (newlines kept), so offsets do not move.
    let mut masked = String::with_capacity(file.text().len());
    for (i, c) in file.text().char_indices() {
        if range.contains(&i) || c == '\n' {
            masked.push(c);
        } else {
            // As many spaces as the character has bytes.
            masked.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
    read_text(file, &masked)
}

fn read_text(file: &Arc<SourceFile>, text: &str) -> Result<IRModule, Diagnostics> {
    let fail = |e: ReadError| Diagnostics::one(Some(file.clone()), Diagnostic::error(e.span, e.message));
    let toks = super::py::tokenize(text).map_err(|e| fail(ReadError { message: e.message, span: e.span }))?;
    let stmts =
        super::py::Parser::new(toks).file().map_err(|e| fail(ReadError { message: e.message, span: e.span }))?;
    let mut rd = Reader::new();
    let mut m = rd.module(&stmts).map_err(fail)?;
    m.source = Some(file.clone());
    Ok(m)
}

impl Reader {
    fn t_call<'e>(&self, e: &'e E) -> Option<TCall<'e>> {
        match &e.e {
            Expr::Call(f, args, kw) => self.t_name(&f.e).map(|t| (t, args.as_slice(), kw.as_slice())),
            _ => None,
        }
    }

    fn kwarg<'e>(kw: &'e [(String, E)], name: &str) -> Option<&'e E> {
        kw.iter().find(|(k, _)| k == name).map(|(_, v)| v)
    }

    fn string(&self, e: &E, what: &str) -> R<String> {
        match &e.e {
            Expr::Str(s) => Ok(s.clone()),
            _ => err(format!("expected {what} as a string"), e.span),
        }
    }

    // ---- modules and functions ----------------------------------------------------------------------

    fn module(&mut self, stmts: &[S]) -> R<IRModule> {
        let mut defs: Vec<&S> = Vec::new();
        let mut module_name = None;
        for s in stmts {
            match &s.s {
                P::Import { module, names } => self.import(module, names),
                P::Def { decorators, .. } => {
                    if self.is_prim_func(decorators) {
                        defs.push(s);
                    } else {
                        return err("expected @T.prim_func", s.span);
                    }
                }
                P::Class { decorators, name, body } => {
                    if !decorators.iter().any(|d| self.is_ir_module(d)) {
                        return err("expected @I.ir_module on the class", s.span);
                    }
                    // Several modules (or a module and functions) pasted together make one
                    // module, named after the first.
                    module_name.get_or_insert_with(|| name.clone());
                    for m in body {
                        match &m.s {
                            // Functions of other languages (Relax) are not TIR: skipped.
                            P::Def { decorators, .. } if self.is_prim_func(decorators) => defs.push(m),
                            P::Def { .. } | P::Pass => {}
                            P::Expr(E { e: Expr::Str(_), .. }) => {}
                            P::Assign { .. } | P::AnnAssign { .. } => {}
                            _ => return err("expected functions in the module", m.span),
                        }
                    }
                }
                P::Pass => {}
                P::Expr(E { e: Expr::Str(_), .. }) => {}
                P::Assign { targets, value } if self.type_var_decl(targets, value, s.span)? => {}
                _ => return err("expected @T.prim_func functions or an @I.ir_module class", s.span),
            }
        }
        if defs.is_empty() {
            return err("no @T.prim_func in the script", stmts.first().map_or(Span::at(0), |s| s.span));
        }
        self.module_name = module_name.clone();
        // Every function's name and return type first: bodies call each other in any order.
        for d in &defs {
            if let P::Def { name, ret, .. } = &d.s {
                if self.funcs.contains_key(name) {
                    return err(format!("function '{name}' is defined twice"), d.span);
                }
                let rt = match ret {
                    Some(r) => self.ret_annotation(r)?.map_or(DataType::VOID, |t| t.dtype()),
                    None => DataType::VOID,
                };
                self.funcs.insert(name.clone(), rt);
            }
        }
        let mut funcs = Vec::new();
        for d in defs {
            if let P::Def { decorators, name, type_params, params, ret, body } = &d.s {
                let mut symbolic: Vec<(String, Span)> = self.type_vars.clone();
                for (p, bound, ps) in type_params {
                    if let Some(b) = bound
                        && !matches!(&b.e, Expr::Name(n) if n == "int")
                    {
                        return err(format!("symbolic type parameter '{p}' must be unannotated or 'int'"), b.span);
                    }
                    symbolic.push((p.clone(), *ps));
                }
                funcs.push(self.func(decorators, name, &symbolic, params, ret.as_ref(), body, d.span)?);
            }
        }
        Ok(IRModule { name: module_name, funcs, source: None })
    }

    /// `n = TypeVar("n")` before the functions: TVM 0.27 prints shape variables a PrimFunc
    /// shares with others (Relax's) so; each function gets its own int64 variable of that name.
    fn type_var_decl(&mut self, targets: &[E], value: &E, span: Span) -> R<bool> {
        let ([E { e: Expr::Name(n), .. }], Expr::Call(f, args, _)) = (targets, &value.e) else { return Ok(false) };
        if !matches!(&f.e, Expr::Name(t) if t == "TypeVar") && f.e.dotted().as_deref() != Some("typing.TypeVar") {
            return Ok(false);
        }
        match args.as_slice() {
            [E { e: Expr::Str(s), .. }] if s == n => {}
            _ => return err(format!("expected TypeVar(\"{n}\")"), value.span),
        }
        self.type_vars.push((n.clone(), span));
        Ok(true)
    }

    fn import(&mut self, module: &str, names: &[(String, Option<String>)]) {
        for (n, alias) in names {
            let local = alias.clone().unwrap_or_else(|| n.rsplit('.').next().unwrap_or(n).to_string());
            let full = if module == n { n.clone() } else { format!("{module}.{n}") };
            if full.ends_with(".s_tir") || full == "s_tir" {
                self.tir_aliases.insert(local.clone());
                self.s_tir_aliases.insert(local);
            } else if full.ends_with(".tir") || full.ends_with(".tirx") || full == "tir" || full == "tirx" {
                self.tir_aliases.insert(local);
            } else if full.ends_with("script.ir") || full.ends_with(".ir") {
                self.ir_aliases.insert(local);
            }
        }
    }

    fn is_prim_func(&self, decorators: &[E]) -> bool {
        decorators.iter().any(|d| {
            let f = match &d.e {
                Expr::Call(f, _, _) => &f.e,
                e => e,
            };
            // Later TVM's `@Ts.function` (`tvm.script.s_tir`) is the same decorator.
            matches!(self.t_name(f).as_deref(), Some("prim_func" | "function"))
                || matches!(
                    f.dotted().as_deref(),
                    Some("tvm.script.tir.prim_func" | "tvm.script.tirx.prim_func" | "tvm.tir.prim_func")
                )
        })
    }

    /// `@Ts.prim_func` (later TVM's `tvm.script.s_tir`): a function with blocks, as
    /// `@T.prim_func(s_tir=True)`.
    fn s_tir_decorator(&self, decorators: &[E]) -> bool {
        decorators.iter().any(|d| {
            let f = match &d.e {
                Expr::Call(f, _, _) => &f.e,
                e => e,
            };
            f.dotted()
                .and_then(|n| n.split_once('.').map(|(h, _)| h.to_string()))
                .is_some_and(|h| self.s_tir_aliases.contains(&h))
        })
    }

    /// `@T.prim_func(NAME=True)` (`False` or absent: false).
    fn decorator_flag(&self, decorators: &[E], name: &str) -> R<bool> {
        for d in decorators {
            if let Expr::Call(_, _, kw) = &d.e
                && let Some(v) = Self::kwarg(kw, name)
            {
                return match v.e {
                    Expr::Bool(b) => Ok(b),
                    _ => err(format!("expected {name}=True or {name}=False"), v.span),
                };
            }
        }
        Ok(false)
    }

    fn is_ir_module(&self, d: &E) -> bool {
        let f = match &d.e {
            Expr::Call(f, _, _) => &f.e,
            e => e,
        };
        let Some(name) = f.dotted() else { return false };
        // `@I.ir_module`, or spelled out: `@tvm.script.ir_module`, `@tvm.script.ir.ir_module`.
        matches!(name.as_str(), "tvm.script.ir_module" | "tvm.script.ir.ir_module")
            || name.split_once('.').is_some_and(|(h, r)| self.ir_aliases.contains(h) && r == "ir_module")
    }

    /// The return annotation of a function (`-> T.int32`), `None` for `-> None`.
    fn ret_annotation(&self, r: &E) -> R<Option<Type>> {
        if matches!(r.e, Expr::None) {
            return Ok(None);
        }
        Ok(Some(self.var_type(r)?))
    }

    /// A variable's type annotation: `T.int32`, `"float32"`, `T.handle("float32", "global")`,
    /// `T.let[..]`, `T.Ptr(T.float32)`.
    fn var_type(&self, e: &E) -> R<Type> {
        if let Expr::Subscript(base, idx) = &e.e
            && self.t_name(&base.e).is_some_and(|t| t == "let" || t == "Let")
            && let [inner] = idx.as_slice()
        {
            return self.var_type(inner);
        }
        if let Some((t, args, kw)) = self.t_call(e)
            && (t == "handle" || t == "Ptr" || t == "ptr")
            && (!args.is_empty() || !kw.is_empty())
        {
            let elem = match args.first().or(Self::kwarg(kw, "dtype")) {
                Some(d) => self.dtype_of(d)?,
                None => DataType::VOID,
            };
            let scope = match args.get(1).or(Self::kwarg(kw, "storage_scope")) {
                Some(s) => self.string(s, "a storage scope")?,
                None => "global".into(),
            };
            return Ok(Type::Pointer(PointerType { element: elem, scope: scope.into() }));
        }
        let d = self.dtype_of(e)?;
        Ok(if d.is_void() { Type::Void } else { Type::Prim(d) })
    }

    /// The arguments of a parameter's `T.Buffer((8,), "float32")` annotation (or TVM
    /// 0.10-0.13's `T.Buffer[(8,), "float32"]`), if it is one.
    fn buffer_annotation<'e>(&self, ann: &'e E) -> Option<CallArgs<'e>> {
        match &ann.e {
            Expr::Subscript(base, idx) if self.t_name(&base.e).as_deref() == Some("Buffer") => {
                Some((idx.as_slice(), &[][..]))
            }
            // Later TVM names a parameter's buffer `T.Tensor((8,), "float32")`.
            _ => self.t_call(ann).filter(|(t, _, _)| t == "Buffer" || t == "Tensor").map(|(_, a, k)| (a, k)),
        }
    }

    fn is_buffer_annotation(&self, ann: &E) -> bool {
        self.buffer_annotation(ann).is_some()
    }

    #[allow(clippy::too_many_arguments)]
    fn func(
        &mut self,
        decorators: &[E],
        name: &str,
        symbolic: &[(String, Span)],
        params: &[(String, Option<E>, Option<E>, Span)],
        ret: Option<&E>,
        body: &[S],
        span: Span,
    ) -> R<PrimFunc> {
        self.fs = FuncState::default();
        let ret_type = match ret {
            Some(r) => self.ret_annotation(r)?,
            None => None,
        };
        let r = self.scoped(|rd| {
            for (n, sp) in symbolic {
                rd.bind(n, Binding::Var(Var::at(n, Type::Prim(DataType::INT64), Some(*sp))));
            }
            for (pname, ann, _default, pspan) in params {
                let Some(ann) = ann.as_ref().filter(|a| !rd.is_buffer_annotation(a)) else { continue };
                if let Ok(ty) = rd.var_type(ann) {
                    rd.fs.later_params.insert(pname.clone(), Var::at(pname, ty, Some(*pspan)));
                }
            }
            for (pname, ann, _default, pspan) in params {
                let Some(ann) = ann else { return err(format!("parameter '{pname}' needs a type annotation"), *pspan) };
                // `T.Buffer((8,), "float32")`, or TVM 0.10-0.13's `T.Buffer[(8,), "float32"]`.
                let buffer = rd.buffer_annotation(ann);
                if let Some((args, kw)) = buffer {
                    let param = Var::at(pname, Type::Prim(DataType::HANDLE), Some(*pspan));
                    let b = rd.buffer_decl(pname, args, kw, 0, ann.span, true)?.build();
                    rd.fs.params.push(param.clone());
                    rd.fs.buffer_map.push((param, b.clone()));
                    rd.bind(pname, Binding::Buffer(b));
                    continue;
                }
                let ty = rd.var_type(ann)?;
                // A name already made by a shape string (`T.Buffer(("n",), ..), n: T.int32`) is
                // the same variable.
                let var = match rd.lookup(pname) {
                    Some(Binding::Var(v)) if *v.ty() == ty && !rd.fs.params.contains(v) => v.clone(),
                    _ => Var::at(pname, ty, Some(*pspan)),
                };
                rd.fs.params.push(var.clone());
                rd.bind(pname, Binding::Var(var));
            }
            rd.stmts(body)
        });
        let mut body = r?;
        let fs = std::mem::take(&mut self.fs);
        if !fs.root_allocs.is_empty() {
            body = Stmt::root_block(fs.root_allocs, body);
        }
        // A body that is one block without variables is the function's root, whatever its name
        // (TVM's parser takes it so): regions it did not spell out stay empty, as TVM's.
        if let StmtKind::BlockRealize { values, predicate, block } = body.kind()
            && values.is_empty()
            && body.span().is_some_and(|s| fs.top_blocks_inferred.contains(&s))
        {
            let block = Block { reads: Vec::new(), writes: Vec::new(), ..(**block).clone() };
            body = Stmt::at(
                StmtKind::BlockRealize { values: Vec::new(), predicate: predicate.clone(), block: Box::new(block) },
                body.span(),
            );
        }
        Ok(PrimFunc {
            name: name.to_string(),
            params: fs.params,
            buffer_map: fs.buffer_map,
            body,
            ret_type,
            attrs: fs.attrs,
            private: self.decorator_flag(decorators, "private")?,
            s_tir: self.decorator_flag(decorators, "s_tir")? || self.s_tir_decorator(decorators),
            span: Some(span),
        })
    }

    // ---- buffers --------------------------------------------------------------------------------------

    /// `T.Buffer(shape, dtype, data=, strides=, elem_offset=, scope=, align=, offset_factor=,
    /// buffer_type=, axis_separators=)` and the same arguments of `match_buffer`,
    /// `alloc_buffer`, `decl_buffer` (whose third positional argument is the scope). `first` is
    /// the index of the shape among the positional arguments.
    fn buffer_decl(
        &mut self,
        name: &str,
        args: &[E],
        kw: &[(String, E)],
        first: usize,
        span: Span,
        strings: bool,
    ) -> R<BufferSpec> {
        let mut spec = BufferSpec::new(name, DataType::FLOAT32, Vec::new());
        spec.span = Some(span);
        let Some(shape_e) = args.get(first).or(Self::kwarg(kw, "shape")) else {
            return err("expected a buffer shape", span);
        };
        spec.shape = self.shape(shape_e, strings)?;
        if let Some(d) = args.get(first + 1).or(Self::kwarg(kw, "dtype")) {
            spec.dtype = self.dtype_of(d)?;
        }
        if let Some(s) = args.get(first + 2) {
            spec.scope = self.string(s, "a storage scope")?;
        }
        if args.len() > first + 3 {
            return err("too many positional arguments for a buffer", args[first + 3].span);
        }
        for (k, v) in kw {
            match k.as_str() {
                "shape" | "dtype" => {}
                "data" => {
                    let d = self.expr(v)?;
                    let Some(var) = d.as_var() else { return err("expected a pointer variable", v.span) };
                    spec.data = Some(var.clone());
                }
                "strides" => {
                    // TVM's match_buffer types a stride named by a string as its first
                    // dimension (`("sa", T.int64(1))` of an int64 window); the other
                    // declarations as int32.
                    let named = match first {
                        1 => spec.shape.first().map_or(DataType::INT32, PrimExpr::dtype),
                        _ => DataType::INT32,
                    };
                    spec.strides = match &v.e {
                        Expr::Tuple(xs) | Expr::List(xs) => {
                            xs.iter().map(|x| self.dim_as(x, true, named)).collect::<R<_>>()?
                        }
                        Expr::None => Vec::new(),
                        _ => return err("expected a tuple of strides", v.span),
                    }
                }
                "elem_offset" => {
                    if !matches!(v.e, Expr::None) {
                        spec.elem_offset = Some(self.dim(v, true)?);
                    }
                }
                // An empty scope is the default one, as TVM's `decl_buffer` makes it.
                "scope" => {
                    spec.scope = self.string(v, "a storage scope")?;
                    if spec.scope.is_empty() {
                        spec.scope = "global".into();
                    }
                }
                "align" | "data_alignment" => spec.data_alignment = self.int_const(v)?,
                "offset_factor" => spec.offset_factor = self.int_const(v)?,
                "buffer_type" => {
                    let s = self.string(v, "a buffer type")?;
                    spec.auto_broadcast = s == "auto" || s == "auto_broadcast";
                }
                "axis_separators" => {
                    spec.axis_separators = match &v.e {
                        Expr::Tuple(xs) | Expr::List(xs) => xs.iter().map(|x| self.int_const(x)).collect::<R<_>>()?,
                        _ => return err("expected a list of axis separators", v.span),
                    }
                }
                "layout" => spec.layout = layout_text(v, &spec.shape).map(Arc::from),
                "storage_scope" | "logical_scope" | "annotations" => {}
                other => return err(format!("unknown buffer argument '{other}'"), v.span),
            }
        }
        if spec.elem_offset.is_none() && spec.offset_factor > 0 {
            // TVM: a buffer with an offset factor has a variable element offset.
            let t = spec.shape.first().map_or(DataType::INT32, PrimExpr::dtype);
            spec.elem_offset = Some(PrimExpr::var(&Var::at(&format!("{name}_elem_offset"), Type::Prim(t), Some(span))));
        }
        // TVM 0.27's `cache_index` allocates its index buffers with one unit stride whatever
        // their rank: the stride of the flattened buffer, which TVM builds compact.
        if spec.shape.len() != 1 && matches!(spec.strides.as_slice(), [s] if s.as_int() == Some(1)) {
            spec.strides.clear();
            spec.flat_unit_stride = true;
        }
        if spec.auto_broadcast && spec.strides.is_empty() {
            // tir-spec.md other construct rule 3.5: fresh stride variables.
            spec.strides = spec
                .shape
                .iter()
                .enumerate()
                .map(|(i, d)| PrimExpr::var(&Var::at(&format!("{name}_stride_{i}"), Type::Prim(d.dtype()), Some(span))))
                .collect();
        }
        Ok(spec)
    }

    /// A buffer region: `A[i, 0:4]`, or a whole buffer `A`.
    fn region(&mut self, e: &E) -> R<BufferRegion> {
        let (name, idx): (String, &[E]) = match &e.e {
            Expr::Subscript(b, idx) => (b.e.dotted().unwrap_or_default(), idx),
            Expr::Name(n) => (n.clone(), &[]),
            _ => return err("expected a buffer region", e.span),
        };
        // `x.source`: the buffer behind the scalar local `x` (TVM 0.27 prints its regions so).
        let scalar = name.strip_suffix(".source").and_then(|x| match self.lookup(x) {
            Some(Binding::Scalar(b)) => Some(b.clone()),
            _ => None,
        });
        let buffer = match (scalar, self.lookup(&name).cloned()) {
            (Some(b), _) | (None, Some(Binding::Buffer(b))) => b,
            _ => return err(format!("'{name}' is not a buffer"), e.span),
        };
        if idx.is_empty() || matches!(idx, [E { e: Expr::Tuple(t), .. }] if t.is_empty()) {
            return Ok(buffer.full_region());
        }
        let mut region = Vec::new();
        for i in idx {
            region.push(match &i.e {
                Expr::Slice(lo, hi, _) => {
                    let min = match lo {
                        Some(l) => self.expr(l)?,
                        None => PrimExpr::int(0),
                    };
                    let Some(h) = hi else { return err("a region slice needs an end", i.span) };
                    let hi = self.expr_as(h, min.dtype())?;
                    let extent = extent_of(&min, &hi, i.span);
                    Range { min, extent }
                }
                _ => {
                    let min = self.expr(i)?;
                    let one = PrimExpr::int_of(1, min.dtype());
                    Range { min, extent: one }
                }
            });
        }
        Ok(BufferRegion { buffer, region })
    }

    fn attr_value(&mut self, e: &E) -> R<AttrValue> {
        Ok(match &e.e {
            Expr::Bool(b) => AttrValue::Bool(*b),
            Expr::Int(i) => AttrValue::Int(i64::try_from(*i).map_err(|_| self.error("integer out of range", e.span))?),
            Expr::Unary("-", a) if matches!(a.e, Expr::Int(_) | Expr::Float(_)) => match self.attr_value(a)? {
                AttrValue::Int(i) => AttrValue::Int(-i),
                AttrValue::Float(f) => AttrValue::Float(-f),
                other => other,
            },
            Expr::Float(f) => AttrValue::Float(*f),
            Expr::Str(s) => AttrValue::Str(s.clone()),
            Expr::None => AttrValue::List(Vec::new()),
            Expr::List(xs) | Expr::Tuple(xs) => {
                AttrValue::List(xs.iter().map(|x| self.attr_value(x)).collect::<R<_>>()?)
            }
            Expr::Dict(items) => AttrValue::Dict(
                items
                    .iter()
                    .map(|(k, v)| match &k.e {
                        Expr::Str(s) => Ok((s.clone(), self.attr_value(v)?)),
                        _ => err("expected a string key", k.span),
                    })
                    .collect::<R<_>>()?,
            ),
            _ if let Some((t, [d], [])) = self.t_call(e)
                && t == "target" =>
            {
                match &d.e {
                    Expr::Dict(_) => AttrValue::Target(self.dict(d)?),
                    // `T.target("llvm")`: a target named by its kind.
                    Expr::Str(s) => AttrValue::Target(vec![("kind".into(), AttrValue::Str(s.clone()))]),
                    _ => return err("T.target takes a dictionary or a kind", d.span),
                }
            }
            _ => {
                let x = self.expr(e)?;
                match x.kind() {
                    ExprKind::IntImm(v) if x.dtype().is_bool() => AttrValue::Bool(*v != 0),
                    _ => AttrValue::Expr(x),
                }
            }
        })
    }

    fn dict(&mut self, e: &E) -> R<Vec<(String, AttrValue)>> {
        match self.attr_value(e)? {
            AttrValue::Dict(d) => Ok(d),
            _ => err("expected a dictionary", e.span),
        }
    }

    // ---- statements -------------------------------------------------------------------------------------

    /// A statement list; statements that bind a name take the rest of the list as their body.
    fn stmts(&mut self, list: &[S]) -> R<Stmt> {
        let mut out = Vec::new();
        for (i, s) in list.iter().enumerate() {
            let rest = &list[i + 1..];
            let flow = self.depth_guard(s.span, |rd| rd.stmt(s, rest))?;
            match flow {
                Flow::Nothing => {}
                Flow::One(x) => out.push(x),
                Flow::Rest(x) => {
                    out.push(x);
                    break;
                }
            }
        }
        Ok(Stmt::seq(out))
    }

    /// A nested statement list (a loop or branch body) in its own name scope.
    fn body(&mut self, list: &[S]) -> R<Stmt> {
        if let Some(d) = self.fs.block_depth.last_mut() {
            *d += 1;
        }
        self.fs.nesting += 1;
        let r = self.scoped(|rd| rd.stmts(list));
        self.fs.nesting -= 1;
        if let Some(d) = self.fs.block_depth.last_mut() {
            *d -= 1;
        }
        r
    }

    /// The rest of a list, in a scope where `bind` has been done.
    fn rest_with(&mut self, rest: &[S], bind: impl FnOnce(&mut Self)) -> R<Stmt> {
        self.fs.nesting += 1;
        let r = self.scoped(|rd| {
            bind(rd);
            rd.stmts(rest)
        });
        self.fs.nesting -= 1;
        r
    }

    fn stmt(&mut self, s: &S, rest: &[S]) -> R<Flow> {
        let sp = Some(s.span);
        Ok(match &s.s {
            P::Pass | P::Import { .. } => Flow::Nothing,
            P::Expr(e) => self.expr_stmt(e, s.span, rest)?,
            P::Assign { targets, value } => {
                let [target] = targets.as_slice() else { return err("chained assignment is not TVMScript", s.span) };
                if let Expr::Subscript(..) = target.e {
                    Flow::One(self.store(target, value, s.span)?)
                } else {
                    self.assign(target, None, value, s.span, rest)?
                }
            }
            P::AnnAssign { target, ann, value } => match value {
                Some(v) => self.assign(target, Some(ann), v, s.span, rest)?,
                None => {
                    let Expr::Name(n) = &target.e else { return err("expected a variable name", target.span) };
                    let ty = self.var_type(ann)?;
                    // TVM 0.27's scalar local, declared without a value (assigned below, or
                    // written through an intrinsic's result argument).
                    if !is_let_annotation(ann) && matches!(ty, Type::Prim(d) if !d.is_handle() && !d.is_void()) {
                        return Ok(Flow::Rest(self.scalar_local(n, ty.dtype(), None, target.span, s.span, rest)?));
                    }
                    self.bind(n, Binding::Var(Var::at(n, ty, Some(target.span))));
                    Flow::Nothing
                }
            },
            P::AugAssign { target, op, value } if matches!(target.e, Expr::Name(_)) => {
                let b =
                    E { e: Expr::Bin(op_static(op), Box::new(target.clone()), Box::new(value.clone())), span: s.span };
                self.assign(target, None, &b, s.span, rest)?
            }
            P::AugAssign { target, op, value } => {
                let b =
                    E { e: Expr::Bin(op_static(op), Box::new(target.clone()), Box::new(value.clone())), span: s.span };
                Flow::One(self.store(target, &b, s.span)?)
            }
            P::Assert { cond, msg } => {
                let c = self.expr(cond)?;
                let m = match msg {
                    Some(m) => self.assert_message(m)?,
                    None => PrimExpr::at(ExprKind::StringImm("".into()), DataType::HANDLE, sp),
                };
                let body = self.rest_with(rest, |_| {})?;
                Flow::Rest(Stmt::at(StmtKind::Assert { cond: c, message: m, body }, sp))
            }
            P::Return(v) => {
                let Some(v) = v else { return err("'return' needs a value", s.span) };
                let x = self.expr(v)?;
                Flow::One(Stmt::at(StmtKind::Evaluate(PrimExpr::ret(x).with_span(sp)), sp))
            }
            P::For { targets, iter, body } => Flow::One(self.for_loop(targets, iter, body, s.span)?),
            P::While { cond, body } => {
                let c = self.expr(cond)?;
                let mut names = HashSet::new();
                collect_names(&cond.e, &mut names);
                self.fs.while_names.push(names);
                let b = self.body(body);
                self.fs.while_names.pop();
                Flow::One(Stmt::at(StmtKind::While { cond: c, body: b? }, sp))
            }
            P::If { cond, body, orelse } => {
                let c = self.expr(cond)?;
                let t = self.body(body)?;
                let e = if orelse.is_empty() { None } else { Some(self.body(orelse)?) };
                Flow::One(Stmt::at(StmtKind::IfThenElse { cond: c, then_case: t, else_case: e }, sp))
            }
            P::With { item, targets, body } => self.with(item, targets, body, s.span, rest)?,
            P::Def { .. } | P::Class { .. } => return err("a definition is not allowed inside a PrimFunc", s.span),
        })
    }

    /// `assert c, "message"` or TVM 0.27's `assert c, ("RuntimeError", ["part", ..])`.
    fn assert_message(&mut self, m: &E) -> R<PrimExpr> {
        if let Expr::Tuple(items) = &m.e
            && let [kind, parts] = items.as_slice()
        {
            let kind = self.string(kind, "an error kind")?;
            let mut text = String::new();
            if let Expr::List(ps) | Expr::Tuple(ps) = &parts.e {
                for p in ps {
                    text.push_str(&self.string(p, "a message part")?);
                }
            }
            let text = if kind == "RuntimeError" || kind.is_empty() { text } else { format!("{kind}: {text}") };
            return Ok(PrimExpr::at(ExprKind::StringImm(text.into()), DataType::HANDLE, Some(m.span)));
        }
        self.expr(m)
    }

    fn store(&mut self, target: &E, value: &E, span: Span) -> R<Stmt> {
        let Expr::Subscript(base, idx) = &target.e else { return err("expected buffer[indices]", target.span) };
        let (buffer, indices) = self.access(base, idx, target.span)?;
        let lanes = indices.last().map_or(1, |i| i.dtype().lanes).saturating_mul(buffer.dtype().lanes);
        let v = self.stored_value(value, buffer.dtype().with_lanes(lanes))?;
        Ok(Stmt::at(StmtKind::BufferStore { buffer, value: v, indices }, Some(span)))
    }

    /// `name = value` / `name: T.x = value` / `a, b = ..`.
    fn assign(&mut self, target: &E, ann: Option<&E>, value: &E, span: Span, rest: &[S]) -> R<Flow> {
        let names: Vec<(String, Span)> = match &target.e {
            Expr::Name(n) => vec![(n.clone(), target.span)],
            Expr::Tuple(xs) => xs
                .iter()
                .map(|x| match &x.e {
                    Expr::Name(n) => Ok((n.clone(), x.span)),
                    _ => err("expected a name", x.span),
                })
                .collect::<R<_>>()?,
            _ => return err("expected a name or buffer[indices] on the left", target.span),
        };
        if ann.is_none()
            && let Some((t, args, kw)) = self.t_call(value)
            && let Some(flow) = self.special_assign(&names, &t, args, kw, value, span, rest)?
        {
            return Ok(flow);
        }
        if ann.is_none()
            && let Expr::Call(f, args, kw) = &value.e
            && let Expr::Attr(base, method) = &f.e
            && method == "view"
            && let Expr::Name(bname) = &base.e
            && let Some(Binding::Buffer(src)) = self.lookup(bname).cloned()
        {
            let [(name, _)] = names.as_slice() else { return err("a buffer view binds one name", target.span) };
            let view = self.buffer_view(name, &src, args, kw, value.span)?;
            self.bind_buffer_vars(&view);
            let body = self.rest_with(rest, |rd| rd.bind(name, Binding::Buffer(view.clone())))?;
            return Ok(Flow::Rest(Stmt::at(StmtKind::DeclBuffer { buffer: view, body }, Some(span))));
        }
        // `m, n = T.int32(), T.int32()`: declarations.
        if ann.is_none()
            && let Expr::Tuple(values) = &value.e
            && values.len() == names.len()
            && values.iter().all(|v| self.is_declaration(v))
        {
            for ((n, nspan), v) in names.iter().zip(values) {
                self.declare(n, v, *nspan)?;
            }
            return Ok(Flow::Nothing);
        }
        // An assignment to a mutable scalar local stores into it.
        if ann.is_none()
            && let [(name, _)] = names.as_slice()
            && let Some(Binding::Scalar(b)) = self.lookup(name).cloned()
        {
            let v = self.stored_value(value, b.dtype())?;
            let store = StmtKind::BufferStore { buffer: b, value: v, indices: vec![PrimExpr::int(0)] };
            return Ok(Flow::One(Stmt::at(store, Some(span))));
        }
        // `A = v` for a buffer of one element is TVM's print of `A[0] = v`: a store.
        if ann.is_none()
            && let [(name, _)] = names.as_slice()
            && let Some(Binding::Buffer(b)) = self.lookup(name)
            && !b.shape().is_empty()
            && b.shape().iter().all(|d| crate::tir::arith::const_int(d) == Some(1))
        {
            let zero = E { e: Expr::Int(0), span: target.span };
            let at = E { e: Expr::Subscript(Box::new(target.clone()), vec![zero; b.shape().len()]), span: target.span };
            return Ok(Flow::One(self.store(&at, value, span)?));
        }
        let [(name, nspan)] = names.as_slice() else { return err("expected one name", target.span) };
        if ann.is_none() && self.is_declaration(value) {
            self.declare(name, value, *nspan)?;
            return Ok(Flow::Nothing);
        }
        if self.fs.while_names.iter().any(|w| w.contains(name)) {
            return err(
                format!(
                    "'{name}' is tested by an enclosing while loop and cannot be reassigned: TIR variables are bound once (keep the value in a buffer)"
                ),
                *nspan,
            );
        }
        // TVM 0.27's scalar local: a one-element local buffer, assignable below (lowering makes
        // one never assigned again a let). `x: T.let[..] = v` is an immutable binding.
        if !ann.is_some_and(is_let_annotation) {
            let (dtype, v) = match ann {
                Some(a) => {
                    let dt = self.var_type(a)?.dtype();
                    let v = if dt.is_handle() || dt.is_void() {
                        self.expr_as(value, dt)?
                    } else {
                        self.stored_value(value, dt)?
                    };
                    (dt, v)
                }
                None => {
                    let v = self.expr(value)?;
                    (v.dtype(), v)
                }
            };
            if !dtype.is_handle() && !dtype.is_void() {
                return Ok(Flow::Rest(self.scalar_local(name, dtype, Some(v), *nspan, span, rest)?));
            }
        }
        // A let binding: the rest of the list is its body.
        let (var, v) = match ann {
            Some(a) => {
                let ty = self.var_type(a)?;
                let v = self.expr_as(value, ty.dtype())?;
                (Var::at(name, ty, Some(*nspan)), v)
            }
            None => {
                let v = self.expr(value)?;
                (Var::at(name, Type::Prim(v.dtype()), Some(*nspan)), v)
            }
        };
        let body = self.rest_with(rest, |rd| rd.bind(name, Binding::Var(var.clone())))?;
        Ok(Flow::Rest(Stmt::at(StmtKind::LetStmt { var, value: v, body }, Some(span))))
    }

    /// TVM 0.27's `B = A.view(d0, d1, ..)` (one `-1` inferred; no more elements than `A`) or
    /// `A.view("dtype")`: a buffer declared over `A`'s memory with another shape or element type
    /// (its strides, offset and scope carried over, as `tvm.tirx.Buffer.view` does).
    fn buffer_view(&mut self, name: &str, src: &Buffer, args: &[E], kw: &[(String, E)], span: Span) -> R<Buffer> {
        if let Some((k, v)) = kw.first() {
            return err(format!("Buffer.view: the '{k}' argument is not supported"), v.span);
        }
        let mut spec = BufferSpec::new(name, src.dtype(), Vec::new());
        spec.data = Some(src.data().clone());
        spec.strides = src.strides().to_vec();
        spec.scope = src.scope().to_string();
        spec.data_alignment = src.data_alignment();
        spec.offset_factor = src.offset_factor();
        spec.span = Some(span);
        let offset = src.elem_offset().clone();
        if let [arg] = args
            && let Expr::Str(d) = &arg.e
        {
            // A reinterpretation: the last dimension and the offset scale by the size ratio.
            let Some(dt) = DataType::parse_script(d) else { return err(format!("unknown dtype '{d}'"), arg.span) };
            let (old, new) = (i64::from(src.dtype().bits), i64::from(dt.bits));
            let Some((last, outer)) = src.shape().split_last() else {
                return err("Buffer.view(dtype) needs a buffer of rank 1 or more", span);
            };
            let scale = |e: &PrimExpr, up: bool, r: i64| -> PrimExpr {
                let k = PrimExpr::int_of(r, e.dtype());
                if up { e.clone() * k } else { PrimExpr::floordiv(e.clone(), k) }
            };
            let (up, ratio) = if new > old { (false, new / old) } else { (true, old / new) };
            if ratio == 0 || (new > old && new % old != 0) || (old > new && old % new != 0) {
                return err(format!("Buffer.view: cannot view {} as {dt}", src.dtype()), arg.span);
            }
            spec.dtype = dt;
            spec.shape = outer.to_vec();
            spec.shape.push(scale(last, up, ratio));
            spec.elem_offset = Some(scale(&offset, up, ratio));
            return Ok(spec.build());
        }
        let mut shape = Vec::with_capacity(args.len());
        let mut infer = None;
        for a in args {
            let d = self.dim(a, false)?;
            if crate::tir::arith::const_int(&d) == Some(-1) {
                if infer.is_some() {
                    return err("Buffer.view: only one dimension can be -1", a.span);
                }
                infer = Some(shape.len());
            }
            shape.push(d);
        }
        let consts = |xs: &[PrimExpr]| xs.iter().map(crate::tir::arith::const_int).collect::<Option<Vec<i64>>>();
        // Element counts, `None` when they overflow (such a view is refused).
        fn count(xs: impl IntoIterator<Item = i64>) -> Option<i64> {
            xs.into_iter().try_fold(1i64, i64::checked_mul)
        }
        if let (Some(old), Some(new)) = (consts(src.shape()), consts(&shape)) {
            let Some(total) = count(old.iter().copied()) else {
                return err(format!("Buffer.view: the size of {old:?} overflows"), span);
            };
            match infer {
                Some(i) => {
                    let others = new.iter().enumerate().filter(|(j, _)| *j != i).map(|(_, v)| *v);
                    let rest = count(others).unwrap_or(0);
                    if rest <= 0 || total % rest != 0 {
                        return err(format!("Buffer.view: {total} elements cannot be viewed as {new:?}"), span);
                    }
                    shape[i] = PrimExpr::int_of(total / rest, shape[i].dtype());
                }
                // TVM prints views of shared storage that use only part of it (StorageRewrite).
                None if count(new.iter().copied()).is_none_or(|n| n > total) => {
                    return err(
                        format!("Buffer.view: the shape {new:?} has more elements than the {total} of {old:?}"),
                        span,
                    );
                }
                None => {}
            }
        } else if infer.is_some() {
            return err("Buffer.view: -1 needs constant shapes", span);
        }
        spec.shape = shape;
        spec.elem_offset = Some(offset);
        Ok(spec.build())
    }

    /// `T.int32()`, `T.handle()`, `T.float32()`: a variable declared for later binding.
    fn is_declaration(&self, v: &E) -> bool {
        matches!(self.t_call(v), Some((t, args, _)) if args.is_empty() && (DataType::parse_script(&t).is_some() || t == "handle" || t == "var"))
    }

    fn declare(&mut self, name: &str, v: &E, span: Span) -> R<()> {
        let Expr::Call(f, _, _) = &v.e else { return err("expected a declaration", v.span) };
        let dt = self.dtype_of(f)?;
        if let Some(Binding::Var(existing)) = self.lookup(name)
            && existing.dtype() == dt
        {
            // Already made by a shape string of the signature.
            return Ok(());
        }
        self.bind(name, Binding::Var(Var::at(name, Type::Prim(dt), Some(span))));
        Ok(())
    }

    /// Assignments of `T.*` calls that declare buffers, allocate, bind threads or block axes.
    #[allow(clippy::too_many_arguments)]
    fn special_assign(
        &mut self,
        names: &[(String, Span)],
        t: &str,
        args: &[E],
        kw: &[(String, E)],
        value: &E,
        span: Span,
        rest: &[S],
    ) -> R<Option<Flow>> {
        let sp = Some(span);
        let name = names[0].0.clone();
        let one = |what: &str| -> R<()> {
            if names.len() == 1 { Ok(()) } else { err(format!("T.{what} binds one name"), span) }
        };
        Ok(Some(match t {
            "alloc_buffer" | "sblock_alloc_buffer" | "alloc_local" | "alloc_shared" => {
                one(t)?;
                let mut spec = self.buffer_decl(&name, args, kw, 0, value.span, false)?;
                if t == "alloc_local" {
                    spec.scope = "local".into();
                } else if t == "alloc_shared" {
                    spec.scope = "shared".into();
                }
                let b = spec.build();
                if t == "sblock_alloc_buffer" && self.fs.nesting == 0 && self.fs.blocks.is_empty() {
                    // The function's implicit root block (TVM 0.27 prints it this way).
                    self.fs.root_allocs.push(b.clone());
                    self.bind(&name, Binding::Buffer(b));
                    Flow::Nothing
                } else if self.in_block_header() {
                    if let Some(f) = self.fs.blocks.last_mut() {
                        f.alloc_buffers.push(b.clone());
                    }
                    self.bind(&name, Binding::Buffer(b));
                    Flow::Nothing
                } else {
                    // Outside a block: an allocation for the rest of the statements.
                    Flow::Rest(self.allocate_buffer(b, span, rest)?)
                }
            }
            "match_buffer" => {
                one(t)?;
                let Some(src) = args.first() else { return err("T.match_buffer needs a source", value.span) };
                let b = self.buffer_decl(&name, args, kw, 1, value.span, true)?.build();
                if let Expr::Name(p) = &src.e
                    && let Some(Binding::Var(v)) = self.lookup(p).cloned()
                    && v.dtype().is_handle()
                {
                    if !self.fs.params.contains(&v) {
                        return err(format!("'{p}' is not a parameter of the function"), src.span);
                    }
                    if self.fs.buffer_map.iter().any(|(x, _)| *x == v) {
                        return err(format!("parameter '{p}' already has a buffer"), src.span);
                    }
                    self.fs.buffer_map.push((v, b.clone()));
                } else {
                    let source = self.region(src)?;
                    let Some(frame) = self.fs.blocks.last_mut() else {
                        return err("T.match_buffer of a region must be inside a block", value.span);
                    };
                    frame.match_buffers.push(MatchBufferRegion { buffer: b.clone(), source });
                }
                self.bind_buffer_vars(&b);
                self.bind(&name, Binding::Buffer(b));
                Flow::Nothing
            }
            "Buffer" | "Tensor" | "buffer_decl" => {
                one(t)?;
                let spec = self.buffer_decl(&name, args, kw, 0, value.span, true)?;
                if spec.data.is_none() {
                    // Only a name for a buffer (`T.realize` gives it memory).
                    let b = spec.build();
                    self.bind_buffer_vars(&b);
                    self.bind(&name, Binding::Buffer(b));
                    return Ok(Some(Flow::Nothing));
                }
                let b = spec.build();
                self.bind_buffer_vars(&b);
                let body = self.rest_with(rest, |rd| rd.bind(&name, Binding::Buffer(b.clone())))?;
                Flow::Rest(Stmt::at(StmtKind::DeclBuffer { buffer: b, body }, sp))
            }
            "decl_buffer" => {
                one(t)?;
                let spec = self.buffer_decl(&name, args, kw, 0, value.span, true)?;
                if spec.data.is_some() {
                    let b = spec.build();
                    self.bind_buffer_vars(&b);
                    let body = self.rest_with(rest, |rd| rd.bind(&name, Binding::Buffer(b.clone())))?;
                    Flow::Rest(Stmt::at(StmtKind::DeclBuffer { buffer: b, body }, sp))
                } else {
                    Flow::Rest(self.allocate_buffer(spec.build(), span, rest)?)
                }
            }
            "allocate" => {
                one(t)?;
                let Some(ext) = args.first().or(Self::kwarg(kw, "extents")) else {
                    return err("T.allocate needs extents", span);
                };
                let extents = self.shape(ext, false)?;
                let dtype = match args.get(1).or(Self::kwarg(kw, "dtype")) {
                    Some(d) => self.dtype_of(d)?,
                    None => DataType::FLOAT32,
                };
                let scope = match args.get(2).or(Self::kwarg(kw, "scope")) {
                    Some(s) => self.string(s, "a storage scope")?,
                    None => "global".into(),
                };
                let cond = match args.get(3).or(Self::kwarg(kw, "condition")) {
                    Some(c) => self.expr(c)?,
                    None => PrimExpr::bool(true),
                };
                let annotations = match args.get(4).or(Self::kwarg(kw, "annotations")) {
                    Some(a) if !matches!(a.e, Expr::None) => self.dict(a)?,
                    _ => Vec::new(),
                };
                let elem = if dtype.is_bool() { DataType::new(crate::tir::TypeCode::Int, 8) } else { dtype };
                let var =
                    Var::at(&name, Type::Pointer(PointerType { element: elem, scope: scope.into() }), Some(names[0].1));
                let body = self.rest_with(rest, |rd| rd.bind(&name, Binding::Var(var.clone())))?;
                Flow::Rest(Stmt::at(StmtKind::Allocate { var, dtype, extents, cond, body, annotations }, sp))
            }
            "launch_thread" => {
                one(t)?;
                let (node, ext) = self.launch_args(&name, args, span)?;
                let body = self.rest_with(rest, |rd| rd.bind(&name, Binding::Var(node.var.clone())))?;
                Flow::Rest(Stmt::at(
                    StmtKind::AttrStmt { node: AttrNode::IterVar(node), key: "thread_extent".into(), value: ext, body },
                    sp,
                ))
            }
            "env_thread" => {
                one(t)?;
                let [tag] = args else { return err("T.env_thread takes a thread tag", span) };
                let tag = self.string(tag, "a thread tag")?;
                let v = Var::at(&name, Type::Prim(DataType::INT32), Some(names[0].1));
                self.fs.env_threads.insert(v.id(), tag);
                self.bind(&name, Binding::Var(v));
                Flow::Nothing
            }
            _ if t.starts_with("axis.") => {
                self.block_axes(names, t, args, span)?;
                Flow::Nothing
            }
            _ => return Ok(None),
        }))
    }

    /// `Allocate` + `DeclBuffer` of a buffer for the rest of the list.
    /// A mutable scalar local: a `(1,)` buffer in `local` scope, stored `init` first, with the
    /// rest of the list in its scope.
    fn scalar_local(
        &mut self,
        name: &str,
        dtype: DataType,
        init: Option<PrimExpr>,
        name_span: Span,
        span: Span,
        rest: &[S],
    ) -> R<Stmt> {
        let mut spec = BufferSpec::new(name, dtype, vec![PrimExpr::int(1)]);
        spec.scope = "local".into();
        spec.scalar_local = true;
        spec.span = Some(name_span);
        let b = spec.build();
        let body = self.rest_with(rest, |rd| rd.bind(name, Binding::Scalar(b.clone())))?;
        let body = match init {
            Some(v) => {
                let store = Stmt::at(
                    StmtKind::BufferStore { buffer: b.clone(), value: v, indices: vec![PrimExpr::int(0)] },
                    Some(span),
                );
                let mut list = vec![store];
                match body.kind() {
                    StmtKind::Seq(xs) => list.extend(xs.iter().cloned()),
                    _ if body.is_empty() => {}
                    _ => list.push(body),
                }
                Stmt::seq(list)
            }
            None => body,
        };
        let decl = Stmt::at(StmtKind::DeclBuffer { buffer: b.clone(), body }, Some(span));
        Ok(Stmt::at(
            StmtKind::Allocate {
                var: b.data().clone(),
                dtype,
                extents: b.shape().to_vec(),
                cond: PrimExpr::bool(true),
                body: decl,
                annotations: Vec::new(),
            },
            Some(span),
        ))
    }

    fn allocate_buffer(&mut self, b: Buffer, span: Span, rest: &[S]) -> R<Stmt> {
        let name = b.name().to_string();
        let body = self.rest_with(rest, |rd| rd.bind(&name, Binding::Buffer(b.clone())))?;
        let decl = Stmt::at(StmtKind::DeclBuffer { buffer: b.clone(), body }, Some(span));
        Ok(Stmt::at(
            StmtKind::Allocate {
                var: b.data().clone(),
                dtype: b.dtype(),
                extents: b.shape().to_vec(),
                cond: PrimExpr::bool(true),
                body: decl,
                annotations: Vec::new(),
            },
            Some(span),
        ))
    }

    /// The thread variable and extent of `T.launch_thread(tag or var, extent)`.
    fn launch_args(&mut self, name: &str, args: &[E], span: Span) -> R<(IterVar, PrimExpr)> {
        let [who, extent] = args else { return err("T.launch_thread takes a thread and an extent", span) };
        let ext = self.expr_as(extent, DataType::INT32)?;
        let mut ext = ext;
        let (var, tag) = match &who.e {
            Expr::Str(tag) => (Var::at(name, Type::Prim(ext.dtype()), Some(who.span)), tag.clone()),
            _ => {
                let v = self.expr(who)?;
                let Some(v) = v.as_var().cloned() else { return err("expected a thread variable or tag", who.span) };
                // The extent takes the thread variable's type (a constant that fits it), so
                // that the printed `as tx` form reads back with the same variable.
                if ext.dtype() != v.dtype() {
                    let dt = v.dtype();
                    let fits = |c: i64| dt.is_int() && (dt.bits >= 64 || (c >> (dt.bits - 1)) == 0);
                    match ext.as_int() {
                        Some(c) if fits(c) => ext = PrimExpr::int_of(c, dt),
                        _ => {
                            return err(
                                format!(
                                    "the extent of thread {} is of type {}, not of its type {dt}",
                                    v.name(),
                                    ext.dtype()
                                ),
                                extent.span,
                            );
                        }
                    }
                }
                let tag = self.fs.env_threads.get(&v.id()).cloned().unwrap_or_default();
                (v, tag)
            }
        };
        let dom = Range { min: PrimExpr::int_of(0, ext.dtype()), extent: ext.clone() };
        Ok((IterVar { dom: Some(dom), var, iter_type: IterType::ThreadIndex, thread_tag: tag }, ext))
    }

    /// Bind the variables of a buffer's shape, strides and offset that have no name yet.
    fn bind_buffer_vars(&mut self, b: &Buffer) {
        let exprs: Vec<PrimExpr> =
            b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())).cloned().collect();
        for e in exprs {
            if let Some(v) = e.as_var()
                && self.lookup(v.name()).is_none()
            {
                self.bind(v.name(), Binding::Var(v.clone()));
            }
        }
    }

    /// Whether statements go to the innermost block's header (its own list, not a nested one).
    fn in_block_header(&self) -> bool {
        !self.fs.blocks.is_empty() && self.fs.block_depth.last() == Some(&0)
    }

    fn block_axes(&mut self, names: &[(String, Span)], t: &str, args: &[E], span: Span) -> R<()> {
        if self.fs.blocks.is_empty() {
            return err(format!("T.{t} outside a block"), span);
        }
        if t == "axis.remap" {
            let [kinds, vals] = args else { return err("T.axis.remap takes kinds and values", span) };
            let kinds = self.string(kinds, "the axis kinds (\"SSR\")")?;
            let (Expr::List(vals) | Expr::Tuple(vals)) = &vals.e else {
                return err("expected a list of values", vals.span);
            };
            if kinds.chars().count() != vals.len() || vals.len() != names.len() {
                return err("T.axis.remap needs one kind and one value per name", span);
            }
            for ((k, v), (n, nspan)) in kinds.chars().zip(vals).zip(names) {
                let value = self.expr(v)?;
                let it = match k {
                    'S' => IterType::DataPar,
                    'R' => IterType::CommReduce,
                    _ => return err(format!("unknown axis kind '{k}' (S or R)"), span),
                };
                let Some(dom) = value
                    .as_var()
                    .and_then(|x| self.fs.loops.iter().rev().find(|(l, _)| l == x))
                    .map(|(_, r)| r.clone())
                else {
                    return err("T.axis.remap maps loop variables", v.span);
                };
                self.push_axis(n, *nspan, it, dom, value);
            }
            return Ok(());
        }
        let [(n, nspan)] = names else { return err(format!("T.{t} binds one name"), span) };
        let [dom_e, value_e] = args else { return err(format!("T.{t} takes a domain and a value"), span) };
        let value = self.expr(value_e)?;
        let vt = value.dtype();
        let dom = match &dom_e.e {
            Expr::Tuple(xs) | Expr::List(xs) if xs.len() == 2 => {
                let lo = self.expr_as(&xs[0], vt)?;
                let hi = self.expr_as(&xs[1], vt)?;
                let extent = extent_of(&lo, &hi, dom_e.span);
                Range { min: lo, extent }
            }
            _ => {
                let ext = self.expr_as(dom_e, vt)?;
                Range { min: zero_of(ext.dtype()), extent: ext }
            }
        };
        let it = match t {
            "axis.spatial" | "axis.S" => IterType::DataPar,
            "axis.reduce" | "axis.R" => IterType::CommReduce,
            "axis.scan" => IterType::Ordered,
            "axis.opaque" => IterType::Opaque,
            _ => return err(format!("unknown block axis 'T.{t}'"), span),
        };
        self.push_axis(n, *nspan, it, dom, value);
        Ok(())
    }

    fn push_axis(&mut self, name: &str, span: Span, it: IterType, dom: Range, value: PrimExpr) {
        let var = Var::at(name, Type::Prim(value.dtype()), Some(span));
        self.bind(name, Binding::Var(var.clone()));
        if let Some(f) = self.fs.blocks.last_mut() {
            f.iter_vars.push(IterVar { dom: Some(dom), var, iter_type: it, thread_tag: String::new() });
            f.values.push(value);
        }
    }

    /// Expression statements: `T.func_attr`, `T.reads` and friends configure the function or
    /// block; others are evaluated.
    fn expr_stmt(&mut self, e: &E, span: Span, rest: &[S]) -> R<Flow> {
        let sp = Some(span);
        if let Some((t, args, _kw)) = self.t_call(e) {
            match t.as_str() {
                "func_attr" => {
                    let [d] = args else { return err("T.func_attr takes a dictionary", span) };
                    let d = self.dict(d)?;
                    // The printer writes T.func_attr before the function's variables are
                    // declared, as TVM does; a variable there could not be read back.
                    if let Some((key, _)) = d.iter().find(|(_, v)| !is_constant_attr(v)) {
                        return err(format!("function attribute '{key}' must be a constant"), span);
                    }
                    self.fs.attrs.extend(d);
                    return Ok(Flow::Nothing);
                }
                "reads" | "writes" => {
                    let items: Vec<E> = args
                        .iter()
                        .flat_map(|a| match &a.e {
                            Expr::List(xs) | Expr::Tuple(xs) => xs.clone(),
                            _ => vec![a.clone()],
                        })
                        .collect();
                    let regions = items.iter().map(|a| self.region(a)).collect::<R<Vec<_>>>()?;
                    let Some(frame) = self.fs.blocks.last_mut() else {
                        return err(format!("T.{t} outside a block"), span);
                    };
                    if t == "reads" {
                        frame.reads = Some(regions);
                    } else {
                        frame.writes = Some(regions);
                    }
                    return Ok(Flow::Nothing);
                }
                "where" => {
                    let [c] = args else { return err("T.where takes a condition", span) };
                    let c = self.expr(c)?;
                    let Some(frame) = self.fs.blocks.last_mut() else { return err("T.where outside a block", span) };
                    frame.predicate = Some(c);
                    return Ok(Flow::Nothing);
                }
                "block_attr" | "sblock_attr" => {
                    let [d] = args else { return err("T.block_attr takes a dictionary", span) };
                    let d = self.dict(d)?;
                    let Some(frame) = self.fs.blocks.last_mut() else {
                        return err("T.block_attr outside a block", span);
                    };
                    frame.annotations.extend(d);
                    return Ok(Flow::Nothing);
                }
                // `T.attr(node, key, value)` as a statement: the attribute holds for the rest.
                "attr" => {
                    let (node, key, value) = self.attr_args(args, span)?;
                    let body = self.rest_with(rest, |_| {})?;
                    return Ok(Flow::Rest(Stmt::at(StmtKind::AttrStmt { node, key, value, body }, sp)));
                }
                "break_loop" | "continue_loop" => {
                    if !args.is_empty() {
                        return err(format!("T.{t} takes no arguments"), span);
                    }
                    let k = if t == "break_loop" { StmtKind::Break } else { StmtKind::Continue };
                    return Ok(Flow::One(Stmt::at(k, sp)));
                }
                "evaluate" => {
                    let [v] = args else { return err("T.evaluate takes one value", span) };
                    let v = self.expr(v)?;
                    return Ok(Flow::One(Stmt::at(StmtKind::Evaluate(v), sp)));
                }
                "Assert" => {
                    let [c, m] = args else { return err("T.Assert takes a condition and a message", span) };
                    let c = self.expr(c)?;
                    let m = self.assert_message(m)?;
                    let body = self.rest_with(rest, |_| {})?;
                    return Ok(Flow::Rest(Stmt::at(StmtKind::Assert { cond: c, message: m, body }, sp)));
                }
                "preflattened_buffer" | "prefetch" => return Ok(Flow::Nothing),
                _ => {}
            }
        }
        if let Expr::Str(_) = e.e {
            // A docstring.
            return Ok(Flow::Nothing);
        }
        let v = self.expr(e)?;
        Ok(Flow::One(Stmt::at(StmtKind::Evaluate(v), sp)))
    }

    fn for_loop(&mut self, targets: &[(String, Span)], iter: &E, body: &[S], span: Span) -> R<Stmt> {
        let Expr::Call(f, args, kw) = &iter.e else {
            return err("expected range(..), T.grid(..) or a loop kind", iter.span);
        };
        let fname = f.e.dotted().unwrap_or_default();
        let kind_name = if fname == "range" { "serial".to_string() } else { self.t_name(&f.e).unwrap_or_default() };
        if kind_name == "grid" {
            if args.len() != targets.len() {
                return err(
                    format!("T.grid has {} extents for {} loop variables", args.len(), targets.len()),
                    iter.span,
                );
            }
            let extents = args.iter().map(|a| self.dim(a, false)).collect::<R<Vec<_>>>()?;
            return self.nested_loops(targets, &extents, body, span, 0);
        }
        let kind = match kind_name.as_str() {
            "serial" => ForKind::Serial,
            "parallel" => ForKind::Parallel,
            "vectorized" => ForKind::Vectorized,
            "unroll" => ForKind::Unrolled,
            "thread_binding" => {
                let tag = Self::kwarg(kw, "thread").or_else(|| args.iter().find(|a| matches!(a.e, Expr::Str(_))));
                match tag {
                    Some(E { e: Expr::Str(t), .. }) => ForKind::ThreadBinding(t.as_str().into()),
                    _ => return err("T.thread_binding needs thread=\"tag\"", iter.span),
                }
            }
            _ => return err(format!("unknown loop kind '{fname}'"), f.span),
        };
        let [(name, nspan)] = targets else { return err("this loop binds one variable", span) };
        let bounds: Vec<&E> = args.iter().filter(|a| !matches!(a.e, Expr::Str(_))).collect();
        let (min, extent) = match bounds.as_slice() {
            [e] => {
                let e = self.dim(e, false)?;
                (zero_of(e.dtype()), e)
            }
            [a, b] | [a, b, _] => {
                if bounds.len() == 3 && fname == "range" {
                    let step = self.int_const(bounds[2])?;
                    if step != 1 {
                        return err("TIR loops have a step of 1", bounds[2].span);
                    }
                }
                let (x, y) = (self.operand(a)?, self.operand(b)?);
                let (lo, hi) = self.unify(x, y, iter.span)?;
                let extent = extent_of(&lo, &hi, iter.span);
                (lo, extent)
            }
            _ => return err("a loop takes an extent, or a start and an end", iter.span),
        };
        let annotations = match Self::kwarg(kw, "annotations") {
            Some(d) if !matches!(d.e, Expr::None) => self.dict(d)?,
            _ => Vec::new(),
        };
        let var = Var::at(name, Type::Prim(extent.dtype()), Some(*nspan));
        let range = Range { min: min.clone(), extent: extent.clone() };
        let b = self.loop_body(name, &var, range, body)?;
        Ok(Stmt::at(StmtKind::For { var, min, extent, kind, body: b, annotations }, Some(span)))
    }

    fn loop_body(&mut self, name: &str, var: &Var, range: Range, body: &[S]) -> R<Stmt> {
        self.fs.loops.push((var.clone(), range));
        let r = self.scoped(|rd| {
            rd.bind(name, Binding::Var(var.clone()));
            if let Some(d) = rd.fs.block_depth.last_mut() {
                *d += 1;
            }
            let r = rd.stmts(body);
            if let Some(d) = rd.fs.block_depth.last_mut() {
                *d -= 1;
            }
            r
        });
        self.fs.loops.pop();
        r
    }

    fn nested_loops(
        &mut self,
        targets: &[(String, Span)],
        extents: &[PrimExpr],
        body: &[S],
        span: Span,
        k: usize,
    ) -> R<Stmt> {
        if k == targets.len() {
            return self.scoped(|rd| rd.stmts(body));
        }
        let (name, nspan) = &targets[k];
        let ext = extents[k].clone();
        let var = Var::at(name, Type::Prim(ext.dtype()), Some(*nspan));
        let min = zero_of(ext.dtype());
        self.fs.loops.push((var.clone(), Range { min: min.clone(), extent: ext.clone() }));
        let inner = self.scoped(|rd| {
            rd.bind(name, Binding::Var(var.clone()));
            rd.nested_loops(targets, extents, body, span, k + 1)
        });
        self.fs.loops.pop();
        Ok(Stmt::at(
            StmtKind::For { var, min, extent: ext, kind: ForKind::Serial, body: inner?, annotations: Vec::new() },
            Some(span),
        ))
    }

    /// `with ..:` — blocks, init, attributes, threads, lets, allocations.
    fn with(&mut self, item: &E, targets: &[(String, Span)], body: &[S], span: Span, rest: &[S]) -> R<Flow> {
        let sp = Some(span);
        let Some((t, args, kw)) = self.t_call(item) else { return err("expected a T.* context", item.span) };
        match t.as_str() {
            "block" | "sblock" => {
                let name = match args.first() {
                    Some(E { e: Expr::Str(s), .. }) => s.clone(),
                    None => String::new(),
                    Some(a) => return err("expected a block name", a.span),
                };
                self.fs.blocks.push(BlockFrame::default());
                self.fs.block_depth.push(0);
                let inner = self.scoped(|rd| rd.stmts(body));
                self.fs.block_depth.pop();
                let frame = self.fs.blocks.pop().unwrap_or_default();
                let mut block = Block {
                    name,
                    iter_vars: frame.iter_vars,
                    reads: frame.reads.clone().unwrap_or_default(),
                    writes: frame.writes.clone().unwrap_or_default(),
                    body: inner?,
                    init: frame.init,
                    alloc_buffers: frame.alloc_buffers,
                    match_buffers: frame.match_buffers,
                    annotations: frame.annotations,
                };
                // Regions not spelled out are inferred, as TVM's parser completes them (not
                // for a root block: TVM leaves its regions empty).
                let root = block.name == "root" && block.iter_vars.is_empty();
                if !root && (frame.reads.is_none() || frame.writes.is_none()) {
                    // The buffers in scope outside the block (its own allocations and windows
                    // are not), as TVM's parser sees them.
                    let known: rustc_hash::FxHashMap<u64, Buffer> = self
                        .scopes
                        .iter()
                        .flat_map(|s| s.values())
                        .filter_map(|b| match b {
                            Binding::Buffer(b) => Some((b.data().id(), b.clone())),
                            _ => None,
                        })
                        .collect();
                    let (reads, writes) = crate::tir::region::infer_regions_seeing(&block, &known).map_err(|b| {
                        self.error(
                            format!(
                                "block \"{}\" accesses {} opaquely ({}.data used directly, or a T.tvm_access_ptr that reads and writes): its access region cannot be inferred; write T.reads and T.writes (TVM: \"Can not auto detect buffer access region\")",
                                block.name,
                                b.name(),
                                b.name()
                            ),
                            span,
                        )
                    })?;
                    if frame.reads.is_none()
                        && frame.writes.is_none()
                        && block.iter_vars.is_empty()
                        && frame.predicate.is_none()
                        && self.fs.blocks.is_empty()
                        && self.fs.nesting == 0
                    {
                        self.fs.top_blocks_inferred.push(span);
                    }
                    if frame.reads.is_none() {
                        block.reads = reads;
                    }
                    if frame.writes.is_none() {
                        block.writes = writes;
                    }
                }
                let predicate = frame.predicate.unwrap_or_else(|| PrimExpr::bool(true));
                Ok(Flow::One(Stmt::at(
                    StmtKind::BlockRealize { values: frame.values, predicate, block: Box::new(block) },
                    sp,
                )))
            }
            "init" => {
                if !self.in_block_header() {
                    return err("T.init() must be directly inside a block", span);
                }
                let s = self.body(body)?;
                if let Some(frame) = self.fs.blocks.last_mut() {
                    frame.init = Some(s);
                }
                Ok(Flow::Nothing)
            }
            "attr" => {
                let (node, key, value) = self.attr_args(args, span)?;
                let b = self.body(body)?;
                Ok(Flow::One(Stmt::at(StmtKind::AttrStmt { node, key, value, body: b }, sp)))
            }
            "launch_thread" => {
                let name = targets.first().map_or_else(|| "thread".to_string(), |t| t.0.clone());
                let (node, ext) = self.launch_args(&name, args, span)?;
                let v = node.var.clone();
                let b = self.scoped(|rd| {
                    rd.bind(&name, Binding::Var(v));
                    rd.stmts(body)
                })?;
                Ok(Flow::One(Stmt::at(
                    StmtKind::AttrStmt {
                        node: AttrNode::IterVar(node),
                        key: "thread_extent".into(),
                        value: ext,
                        body: b,
                    },
                    sp,
                )))
            }
            "LetStmt" | "let" => {
                let [(name, nspan)] = targets else { return err("with T.LetStmt(value) as name", span) };
                let Some(v) = args.first() else { return err("T.LetStmt takes a value", span) };
                let ty = match Self::kwarg(kw, "type_annotation").or(args.get(1)) {
                    Some(t) => Some(self.var_type(t)?),
                    None => None,
                };
                let value = match &ty {
                    Some(t) => self.expr_as(v, t.dtype())?,
                    None => self.expr(v)?,
                };
                let var = Var::at(name, ty.unwrap_or(Type::Prim(value.dtype())), Some(*nspan));
                let b = self.scoped(|rd| {
                    rd.bind(name, Binding::Var(var.clone()));
                    rd.stmts(body)
                })?;
                Ok(Flow::One(Stmt::at(StmtKind::LetStmt { var, value, body: b }, sp)))
            }
            "allocate" | "decl_buffer" | "alloc_buffer" => {
                let [(name, nspan)] = targets else { return err(format!("with T.{t}(..) as name"), span) };
                let target = E { e: Expr::Name(name.clone()), span: *nspan };
                match self.special_assign(&[(name.clone(), *nspan)], &t, args, kw, item, span, body)? {
                    Some(Flow::Rest(s)) | Some(Flow::One(s)) => Ok(Flow::One(s)),
                    _ => {
                        let _ = target;
                        err(format!("T.{t} cannot be a context here"), span)
                    }
                }
            }
            "realize" => {
                let [region, scope, ..] = args else { return err("T.realize takes a region and a scope", span) };
                let r = self.region(region)?;
                let _ = self.string(scope, "a storage scope")?;
                let cond = match args.get(2) {
                    Some(c) => self.expr(c)?,
                    None => PrimExpr::bool(true),
                };
                let b = self.body(body)?;
                Ok(Flow::One(Stmt::at(
                    StmtKind::BufferRealize { buffer: r.buffer, bounds: r.region, cond, body: b },
                    sp,
                )))
            }
            "If" => {
                // TVM 0.14's `with T.If(c): with T.Then(): .. with T.Else(): ..`.
                let [c] = args else { return err("T.If takes a condition", span) };
                let cond = self.expr(c)?;
                let (mut then_case, mut else_case) = (None, None);
                for s in body {
                    let P::With { item, body: b, .. } = &s.s else {
                        return err("expected T.Then() or T.Else()", s.span);
                    };
                    match self.t_call(item).map(|x| x.0).as_deref() {
                        Some("Then") => then_case = Some(self.body(b)?),
                        Some("Else") => else_case = Some(self.body(b)?),
                        _ => return err("expected T.Then() or T.Else()", s.span),
                    }
                }
                let then_case = then_case.ok_or_else(|| self.error("T.If needs T.Then()", span))?;
                Ok(Flow::One(Stmt::at(StmtKind::IfThenElse { cond, then_case, else_case }, sp)))
            }
            "While" => {
                let [c] = args else { return err("T.While takes a condition", span) };
                let cond = self.expr(c)?;
                let b = self.body(body)?;
                Ok(Flow::One(Stmt::at(StmtKind::While { cond, body: b }, sp)))
            }
            _ => {
                let _ = rest;
                err(format!("unknown context 'T.{t}'"), item.span)
            }
        }
    }

    /// `T.attr(node, key, value)`, or TVM 0.27's `T.attr({"key": value})` with no node.
    fn attr_args(&mut self, args: &[E], span: Span) -> R<(AttrNode, String, PrimExpr)> {
        match args {
            [d] => {
                let Expr::Dict(items) = &d.e else { return err("expected T.attr(node, key, value)", span) };
                let [(k, v)] = items.as_slice() else { return err("T.attr takes one attribute", d.span) };
                Ok((AttrNode::None, self.string(k, "an attribute key")?, self.expr(v)?))
            }
            [node, key, value] => Ok((self.attr_node(node)?, self.string(key, "an attribute key")?, self.expr(value)?)),
            _ => err("T.attr takes a node, a key and a value", span),
        }
    }

    /// `T.comm_reducer(lambda x0, .., y0, ..: (results), [identities])`: the first half of the
    /// parameters are the left operands, typed like the identities.
    fn comm_reducer(&mut self, args: &[E], span: Span) -> R<AttrNode> {
        let [f, ids] = args else { return err("T.comm_reducer takes a combiner and identity elements", span) };
        let Expr::Lambda(params, body) = &f.e else { return err("expected the combiner as a lambda", f.span) };
        let (Expr::List(id_exprs) | Expr::Tuple(id_exprs)) = &ids.e else {
            return err("expected the identity elements as a list", ids.span);
        };
        let identity = id_exprs.iter().map(|x| self.expr(x)).collect::<R<Vec<_>>>()?;
        let n = identity.len();
        if n == 0 || params.len() != 2 * n {
            return err(format!("a combiner of {n} values takes {} parameters", 2 * n), f.span);
        }
        let vars: Vec<Var> = params
            .iter()
            .zip(identity.iter().chain(&identity))
            .map(|((p, sp), id)| Var::at(p, Type::Prim(id.dtype()), Some(*sp)))
            .collect();
        let results = self.scoped(|rd| {
            for v in &vars {
                rd.bind(v.name(), Binding::Var(v.clone()));
            }
            match &body.e {
                Expr::Tuple(xs) | Expr::List(xs) => xs.iter().map(|x| rd.expr(x)).collect::<R<Vec<_>>>(),
                _ => Ok(vec![rd.expr(body)?]),
            }
        })?;
        if results.len() != n {
            return err(format!("the combiner gives {} values for {n} identities", results.len()), body.span);
        }
        let (lhs, rhs) = vars.split_at(n);
        Ok(AttrNode::CommReducer { lhs: lhs.to_vec(), rhs: rhs.to_vec(), result: results, identity })
    }

    fn attr_node(&mut self, e: &E) -> R<AttrNode> {
        Ok(match &e.e {
            Expr::None => AttrNode::None,
            Expr::Str(s) => AttrNode::Str(s.clone()),
            _ if let Some((t, args, _)) = self.t_call(e)
                && t == "comm_reducer" =>
            {
                return self.comm_reducer(args, e.span);
            }
            Expr::Int(i) => AttrNode::Int(i64::try_from(*i).unwrap_or(0)),
            Expr::Name(n) => match self.lookup(n).cloned() {
                Some(Binding::Var(v)) => AttrNode::Var(v),
                Some(Binding::Buffer(b) | Binding::Scalar(b)) => AttrNode::Buffer(b),
                None => return err(format!("undefined name '{n}'"), e.span),
            },
            _ => {
                if let Some((t, args, _)) = self.t_call(e)
                    && t == "iter_var"
                {
                    // `T.iter_var(v, T.Range(0, 4), "ThreadIndex", "threadIdx.x")`
                    let Some(v) = args.first() else { return err("T.iter_var takes a variable", e.span) };
                    let var =
                        self.expr(v)?.as_var().cloned().ok_or_else(|| self.error("expected a variable", v.span))?;
                    let tag = match args.get(3) {
                        Some(t) => self.string(t, "a thread tag")?,
                        None => String::new(),
                    };
                    return Ok(AttrNode::IterVar(IterVar {
                        dom: None,
                        var,
                        iter_type: IterType::ThreadIndex,
                        thread_tag: tag,
                    }));
                }
                let x = self.expr(e)?;
                match x.as_var() {
                    Some(v) => AttrNode::Var(v.clone()),
                    None => return err("expected a variable, buffer or string as the attribute's node", e.span),
                }
            }
        })
    }
}

/// A zero of a type (an `IntImm` only for integer types).
fn zero_of(t: DataType) -> PrimExpr {
    if t.is_float() {
        PrimExpr::float_of(0.0, t)
    } else if t.is_int() {
        PrimExpr::int_of(0, t)
    } else {
        PrimExpr::int(0)
    }
}

/// The extent of `[lo, hi)`: constants fold, and `(lo + e) - lo` is `e` (what the printer writes
/// for a range of extent `e` reads back as `e`).
fn extent_of(lo: &PrimExpr, hi: &PrimExpr, span: Span) -> PrimExpr {
    if let (Some(a), Some(b)) = (crate::tir::arith::const_int(lo), crate::tir::arith::const_int(hi)) {
        return PrimExpr::int_of(b.wrapping_sub(a), lo.dtype());
    }
    // `n - 0` is `n`, as TVM's `-` folds it.
    if crate::tir::arith::const_int(lo) == Some(0) && hi.dtype() == lo.dtype() {
        return hi.clone();
    }
    if let ExprKind::Binary(BinOp::Add, x, e) = hi.kind()
        && super::print_expr(x) == super::print_expr(lo)
        && e.dtype() == lo.dtype()
    {
        return e.clone();
    }
    PrimExpr::binary(BinOp::Sub, hi.clone(), lo.clone()).with_span(Some(span))
}

fn op_static(op: &str) -> &'static str {
    match op {
        "+" => "+",
        "-" => "-",
        "*" => "*",
        "/" => "/",
        "//" => "//",
        _ => "%",
    }
}

/// A lambda read as an index map (`lambda i, j: (i // 16, j // 16, i % 16, j % 16)`): its
/// parameters, of type `dtype`, and its results over them. `free` are variables it may name
/// besides its parameters (a function's symbolic shape `n`, as TVM prints it in a trace).
pub(crate) fn read_index_map(
    params: &[(String, Span)],
    body: &E,
    dtype: DataType,
    constants: &[(String, i64)],
    free: &[Var],
) -> Result<(Vec<Var>, Vec<PrimExpr>), String> {
    let vars: Vec<Var> = params.iter().map(|(p, sp)| Var::at(p, Type::Prim(dtype), Some(*sp))).collect();
    // A named constant reads as a variable, then takes its value.
    let named: Vec<Var> = constants.iter().map(|(n, _)| Var::new(n, dtype)).collect();
    let values: rustc_hash::FxHashMap<u64, PrimExpr> =
        named.iter().zip(constants).map(|(v, (_, c))| (v.id(), PrimExpr::int_of(*c, dtype))).collect();
    let mut rd = Reader::new();
    rd.scoped(|rd| {
        for v in free.iter().chain(&vars).chain(&named) {
            rd.bind(v.name(), Binding::Var(v.clone()));
        }
        match &body.e {
            Expr::Tuple(xs) | Expr::List(xs) => xs.iter().map(|x| rd.expr(x)).collect::<R<Vec<_>>>(),
            _ => Ok(vec![rd.expr(body)?]),
        }
    })
    .map(|results| {
        let results = if values.is_empty() {
            results
        } else {
            results
                .iter()
                .map(|r| {
                    use crate::tir::mutate::Mutator as _;
                    crate::tir::arith::simplify(&crate::tir::mutate::Substitute { map: &values }.expr(r))
                })
                .collect()
        };
        (vars, results)
    })
    .map_err(|e| e.message)
}

pub(crate) fn collect_names(e: &Expr, out: &mut HashSet<String>) {
    match e {
        Expr::Name(n) => {
            out.insert(n.clone());
        }
        Expr::Attr(b, _) => collect_names(&b.e, out),
        Expr::Call(f, args, kw) => {
            collect_names(&f.e, out);
            for a in args {
                collect_names(&a.e, out);
            }
            for (_, v) in kw {
                collect_names(&v.e, out);
            }
        }
        Expr::Subscript(b, idx) => {
            collect_names(&b.e, out);
            for i in idx {
                collect_names(&i.e, out);
            }
        }
        Expr::Bin(_, a, b) => {
            collect_names(&a.e, out);
            collect_names(&b.e, out);
        }
        Expr::Unary(_, a) => collect_names(&a.e, out),
        Expr::Compare(a, rest) => {
            collect_names(&a.e, out);
            for (_, x) in rest {
                collect_names(&x.e, out);
            }
        }
        Expr::BoolOp(_, xs) | Expr::Tuple(xs) | Expr::List(xs) => {
            for x in xs {
                collect_names(&x.e, out);
            }
        }
        Expr::IfExp(a, b, c) => {
            collect_names(&a.e, out);
            collect_names(&b.e, out);
            collect_names(&c.e, out);
        }
        _ => {}
    }
}

/// Whether an attribute value holds only constants (no variable or buffer).
fn is_constant_attr(v: &AttrValue) -> bool {
    match v {
        AttrValue::Bool(_) | AttrValue::Int(_) | AttrValue::Float(_) | AttrValue::Str(_) => true,
        AttrValue::List(xs) => xs.iter().all(is_constant_attr),
        AttrValue::Dict(items) | AttrValue::Target(items) => items.iter().all(|(_, v)| is_constant_attr(v)),
        AttrValue::Expr(e) => matches!(e.kind(), ExprKind::IntImm(_) | ExprKind::FloatImm(_) | ExprKind::StringImm(_)),
    }
}

/// `T.let` or `T.let[..]`: an immutable binding, whatever follows.
fn is_let_annotation(ann: &E) -> bool {
    let base = match &ann.e {
        Expr::Subscript(b, _) => &b.e,
        e => e,
    };
    base.dotted().is_some_and(|d| d == "let" || d.ends_with(".let"))
}

/// TVM 0.27's `layout=` as TVM prints it: `T.S[(128,):(1,)]` as `T.S[128:1]`, the default
/// memory axis (`@ Axis.m`) left out, and nothing at all for the default layout (the buffer's
/// shape, row-major).
fn layout_text(v: &E, shape: &[PrimExpr]) -> Option<String> {
    let mut v = v.clone();
    let mut default = false;
    if let Expr::Call(f, args, kw) = &mut v.e
        && matches!(&f.e, Expr::Attr(t, n) if n == "TileLayout" && matches!(&t.e, Expr::Name(x) if x == "T"))
        && kw.is_empty()
        && let [spec] = args.as_mut_slice()
        && let Expr::Subscript(s, idx) = &mut spec.e
        && matches!(&s.e, Expr::Attr(t, n) if n == "S" && matches!(&t.e, Expr::Name(x) if x == "T"))
        && let [slice] = idx.as_mut_slice()
        && let Expr::Slice(Some(extents), Some(strides), None) = &mut slice.e
    {
        for part in [&mut **extents, &mut **strides] {
            if let Expr::Tuple(xs) = &mut part.e {
                for x in xs.iter_mut() {
                    if let Expr::Bin("@", a, axis) = &x.e
                        && matches!(&axis.e, Expr::Attr(t, n) if n == "m" && matches!(&t.e, Expr::Name(x) if x == "Axis"))
                    {
                        *x = (**a).clone();
                    }
                }
                if xs.len() == 1 {
                    *part = xs[0].clone();
                }
            }
        }
        let ints = |e: &E| -> Option<Vec<i128>> {
            match &e.e {
                Expr::Tuple(xs) => xs.iter().map(|x| if let Expr::Int(v) = x.e { Some(v) } else { None }).collect(),
                Expr::Int(v) => Some(vec![*v]),
                _ => None,
            }
        };
        let dims: Option<Vec<i128>> = shape.iter().map(|d| d.as_int().map(i128::from)).collect();
        if let (Some(ext), Some(st), Some(dims)) = (ints(extents), ints(strides), dims) {
            let mut row_major = vec![1i128; ext.len()];
            for k in (0..ext.len().saturating_sub(1)).rev() {
                row_major[k] = row_major[k + 1].saturating_mul(ext[k + 1]);
            }
            default = ext == dims && st == row_major;
        }
    }
    (!default).then(|| super::py::unparse(&v))
}
