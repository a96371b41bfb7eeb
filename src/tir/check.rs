//! The TIR checker: every typing rule of tir-spec.md ("Rules for Assigning Datatypes to
//! PrimExprs" 1–16, "Typing Rules for Statements" 1–14, "Typing Rules for Other Language
//! Constructs" 1–6) and the scoping rules ("Variable Scoping": each variable is bound once, and
//! used only where it is in scope).
//!
//! Each violation is a diagnostic naming the node, the rule and what was found, for example
//! `'Add' in @f: operand types float32 and int32 differ (tir-spec.md, expression rule 13)`.
//! The rules marked «» in the spec (intended, not yet enforced by TVM) are checked as well.
//!
//! Beyond the spec's typing rules the checker asks what lowering relies on and TVM's own
//! well-formedness check asks too: a buffer access has one index per dimension, a stored value
//! has the buffer's element type, a call of a PrimFunc names a function of the module with the
//! right number of arguments, and `tir.ret` is a statement of its own.

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::arith::{linear, prove_equal};
use super::ast::*;
use super::dtype::{DataType, TypeCode};
use crate::ir::{Diagnostic, Diagnostics, Span};

/// Check every function of a module; all violations are reported, in order.
///
/// # Errors
/// The diagnostics of every violated rule.
pub fn check_module(m: &IRModule) -> Result<(), Diagnostics> {
    let mut diags = Vec::new();
    let mut names = HashSet::default();
    for f in &m.funcs {
        if !names.insert(f.name.as_str()) {
            diags.push(Diagnostic::error(f.span, format!("the module defines @{} twice", f.name)));
        }
    }
    for f in &m.funcs {
        let mut cx = Checker::new(m, f);
        cx.func(f);
        diags.extend(cx.diags);
    }
    if diags.is_empty() { Ok(()) } else { Err(Diagnostics { source: m.source.clone(), list: diags }) }
}

struct Checker<'m> {
    module: &'m IRModule,
    func: &'m PrimFunc,
    /// Variables in scope (by id), with how many binding sites currently cover them.
    in_scope: HashMap<u64, u32>,
    /// Every variable bound so far (SSA: a second binding is an error).
    bound_ever: HashSet<u64>,
    /// Values passed to `tir.ret`, with their locations.
    rets: Vec<PrimExpr>,
    /// Whether we are inside the body of a vectorized loop (no While allowed).
    in_vectorized: bool,
    /// The enclosing loops, innermost last (`None` for a `while`): what a break leaves.
    loops: Vec<Option<ForKind>>,
    diags: Vec<Diagnostic>,
    /// The first violation per node is enough; avoids cascades on shared subtrees.
    reported: HashSet<(usize, &'static str)>,
}

type Scope = Vec<u64>;

fn dt_is_bool_scalar(t: DataType) -> bool {
    t.is_bool() && t.lanes == 1
}

fn int_scalar(t: DataType) -> bool {
    t.is_int() && t.lanes == 1
}

impl<'m> Checker<'m> {
    fn new(module: &'m IRModule, func: &'m PrimFunc) -> Checker<'m> {
        Checker {
            module,
            func,
            in_scope: HashMap::default(),
            bound_ever: HashSet::default(),
            rets: Vec::new(),
            in_vectorized: false,
            loops: Vec::new(),
            diags: Vec::new(),
            reported: HashSet::default(),
        }
    }

    // ---- diagnostics -----------------------------------------------------------------------------

    fn error(&mut self, span: Option<Span>, node: &str, message: String, rule: &str) {
        let at = if span.is_none() { self.fallback_span() } else { span };
        // Rules of TVM beyond the specification are cited as TVM's.
        let source = match rule.strip_prefix("tvm:") {
            Some(r) => format!("TVM 0.27, {r}"),
            None => format!("tir-spec.md, {rule}"),
        };
        let d = Diagnostic::error(at, format!("'{node}' in @{}: {message} ({source})", self.func.name));
        if !self.diags.contains(&d) {
            self.diags.push(d);
        }
    }

    fn fallback_span(&self) -> Option<Span> {
        self.func.span
    }

    fn expr_error(&mut self, e: &PrimExpr, message: String, rule: &'static str) {
        let key = (e.node_id(), rule);
        if !self.reported.insert(key) {
            return;
        }
        self.error(e.span(), e.node_name(), message, rule);
    }

    fn stmt_error(&mut self, s: &Stmt, message: String, rule: &'static str) {
        self.error(s.span(), s.node_name(), message, rule);
    }

    // ---- scopes ----------------------------------------------------------------------------------

    /// Bind `v` at a binding site (SSA: once in the whole function).
    fn bind(&mut self, v: &Var, span: Option<Span>, scope: &mut Scope) {
        if !self.bound_ever.insert(v.id()) {
            let at = span.or(v.span());
            self.error(
                at,
                "Var",
                format!("variable '{}' is bound more than once (each variable is bound exactly once)", v.name()),
                "Variable Scoping",
            );
        }
        *self.in_scope.entry(v.id()).or_insert(0) += 1;
        scope.push(v.id());
    }

    /// Bind the variables of a buffer's shape, strides and offset that are not bound yet.
    fn bind_fresh(&mut self, b: &Buffer, scope: &mut Scope) {
        let exprs: Vec<PrimExpr> =
            b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())).cloned().collect();
        for e in exprs {
            if let Some(v) = e.as_var()
                && !self.in_scope.contains_key(&v.id())
            {
                self.bind(v, v.span(), scope);
            }
        }
    }

    fn leave(&mut self, scope: Scope) {
        for id in scope {
            if let Some(n) = self.in_scope.get_mut(&id) {
                *n -= 1;
                if *n == 0 {
                    self.in_scope.remove(&id);
                }
            }
        }
    }

    fn use_var(&mut self, v: &Var, span: Option<Span>) {
        if self.in_scope.contains_key(&v.id()) {
            return;
        }
        let why = if self.bound_ever.contains(&v.id()) { "is used outside its scope" } else { "is not defined" };
        self.error(span, "Var", format!("variable '{}' {why}", v.name()), "Variable Scoping");
    }

    fn use_buffer(&mut self, b: &Buffer, span: Option<Span>) {
        if !self.in_scope.contains_key(&b.data().id()) {
            let why =
                if self.bound_ever.contains(&b.data().id()) { "is used outside its scope" } else { "is not defined" };
            self.error(span, "Buffer", format!("buffer '{}' {why}", b.name()), "Variable Scoping");
        }
    }

    // ---- functions ---------------------------------------------------------------------------------

    fn func(&mut self, f: &'m PrimFunc) {
        let mut scope = Scope::new();
        for p in &f.params {
            self.var_type(p, p.span());
            self.bind(p, p.span().or(f.span), &mut scope);
        }
        for (p, b) in &f.buffer_map {
            if !f.params.contains(p) {
                self.error(f.span, "PrimFunc", format!("buffer_map key '{}' is not a parameter", p.name()), "PrimFunc");
            }
            if !p.dtype().is_handle() {
                self.error(
                    p.span().or(f.span),
                    "PrimFunc",
                    format!(
                        "parameter '{}' holds buffer '{}' but has type {}, not handle",
                        p.name(),
                        b.name(),
                        p.dtype()
                    ),
                    "PrimFunc",
                );
            }
            self.buffer(b, b.span().or(f.span));
            // The buffer's data pointer and the fresh variables of its shape are bound by the
            // call (tir-spec.md, PrimFunc semantics ii).
            if !self.in_scope.contains_key(&b.data().id()) {
                self.bind(b.data(), b.span(), &mut scope);
            }
            self.bind_fresh(b, &mut scope);
        }
        for (_, b) in &f.buffer_map {
            self.buffer_exprs(b, b.span().or(f.span));
        }
        self.stmt(&f.body);
        self.leave(scope);
        self.ret_type(f);
    }

    /// tir-spec.md "Typing Rules for Other Language Constructs" 6: the return type and `tir.ret`.
    fn ret_type(&mut self, f: &PrimFunc) {
        let rule = "other construct rule 6 (PrimFunc)";
        let declared = f.ret_type.clone().unwrap_or(Type::Void);
        let rets = std::mem::take(&mut self.rets);
        if rets.is_empty() {
            if declared != Type::Void {
                self.error(
                    f.span,
                    "PrimFunc",
                    format!("the return type is {declared}, but no tir.ret returns a value"),
                    rule,
                );
            }
            return;
        }
        let mut first: Option<Type> = None;
        for r in &rets {
            let t = match r.as_var() {
                Some(v) => v.ty().clone(),
                None if r.dtype().is_handle() && !r.dtype().is_void() => match &declared {
                    Type::Pointer(_) => declared.clone(),
                    _ => Type::Prim(r.dtype()),
                },
                None => Type::Prim(r.dtype()),
            };
            let ok = match (&declared, &t) {
                (Type::Pointer(_), Type::Prim(d)) => d.is_handle() && r.as_var().is_none(),
                _ => declared == t,
            };
            if !ok {
                self.error(
                    r.span(),
                    "Call",
                    format!("tir.ret returns a value of type {t}, but the function's return type is {declared}"),
                    rule,
                );
            }
            match &first {
                None => first = Some(t),
                Some(p) if *p != t => self.error(
                    r.span(),
                    "Call",
                    format!("tir.ret returns values of different types: {p} and {t}"),
                    rule,
                ),
                _ => {}
            }
        }
    }

    // ---- other constructs ----------------------------------------------------------------------------

    /// tir-spec.md "Finer-Grained Types" and expression rule 1.
    fn var_type(&mut self, v: &Var, span: Option<Span>) {
        if let Type::Prim(d) = v.ty()
            && d.is_void()
        {
            self.error(
                span,
                "Var",
                format!("variable '{}' has PrimType(void); a void variable has type TupleType([])", v.name()),
                "expression rule 1 (Var)",
            );
        }
        if let Type::Pointer(p) = v.ty()
            && p.element.is_void()
            && p.element.bits != 0
        {
            self.error(span, "Var", format!("pointer '{}' has no element type", v.name()), "expression rule 1 (Var)");
        }
    }

    /// tir-spec.md other construct rule 3 (Buffer), the parts about types.
    fn buffer(&mut self, b: &Buffer, span: Option<Span>) {
        let rule = "other construct rule 3 (Buffer)";
        for (i, d) in b.shape().iter().enumerate() {
            if !int_scalar(d.dtype()) {
                self.error(
                    span,
                    "Buffer",
                    format!("{}.shape[{i}] has type {}, not an integer scalar", b.name(), d.dtype()),
                    rule,
                );
            }
        }
        let mut stride_t: Option<DataType> = None;
        for (i, s) in b.strides().iter().enumerate() {
            if !int_scalar(s.dtype()) {
                self.error(
                    span,
                    "Buffer",
                    format!("{}.strides[{i}] has type {}, not an integer scalar", b.name(), s.dtype()),
                    rule,
                );
            }
            match stride_t {
                None => stride_t = Some(s.dtype()),
                Some(t) if t != s.dtype() => self.error(
                    span,
                    "Buffer",
                    format!("{}.strides have different types {t} and {}", b.name(), s.dtype()),
                    rule,
                ),
                _ => {}
            }
        }
        if !b.strides().is_empty() && b.strides().len() != b.shape().len() {
            self.error(
                span,
                "Buffer",
                format!("{} has {} strides for {} dimensions", b.name(), b.strides().len(), b.shape().len()),
                rule,
            );
        }
        if !int_scalar(b.elem_offset().dtype()) {
            self.error(
                span,
                "Buffer",
                format!("{}.elem_offset has type {}, not an integer scalar", b.name(), b.elem_offset().dtype()),
                rule,
            );
        }
        if b.data().pointer_type().is_none() {
            self.error(
                span,
                "Buffer",
                format!("the data of {} is '{}' of type {}, not a pointer", b.name(), b.data().name(), b.data().ty()),
                rule,
            );
        }
        if b.dtype().is_void() {
            self.error(span, "Buffer", format!("{} has elements of type void", b.name()), rule);
        }
    }

    /// The expressions of a buffer's shape, strides and offset, as uses.
    fn buffer_exprs(&mut self, b: &Buffer, _span: Option<Span>) {
        let exprs: Vec<PrimExpr> =
            b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())).cloned().collect();
        for e in &exprs {
            self.expr(e);
        }
    }

    /// tir-spec.md other construct rule 1 (IterVar).
    fn iter_var(&mut self, iv: &IterVar, span: Option<Span>) {
        if let Some(dom) = &iv.dom {
            self.expr(&dom.min);
            self.expr(&dom.extent);
            let t = dom.extent.dtype();
            if t.code != TypeCode::Int || t != iv.var.dtype() {
                self.error(
                    span,
                    "IterVar",
                    format!(
                        "the domain extent of '{}' has type {t}; it must be an Int type equal to the variable's type {}",
                        iv.var.name(),
                        iv.var.dtype()
                    ),
                    "other construct rule 1 (IterVar)",
                );
            }
        }
    }

    /// tir-spec.md other construct rule 4 (BufferRegion).
    fn region(&mut self, r: &BufferRegion, span: Option<Span>) {
        self.use_buffer(&r.buffer, span);
        if r.region.len() != r.buffer.shape().len() {
            self.error(
                span,
                "BufferRegion",
                format!(
                    "the region of {} has {} ranges for {} dimensions",
                    r.buffer.name(),
                    r.region.len(),
                    r.buffer.shape().len()
                ),
                "other construct rule 4 (BufferRegion)",
            );
        }
        for rg in &r.region {
            self.expr(&rg.min);
            self.expr(&rg.extent);
        }
    }

    /// tir-spec.md other construct rule 5 (MatchBufferRegion).
    fn match_buffer(&mut self, mb: &MatchBufferRegion, span: Option<Span>, scope: &mut Scope) {
        let rule = "other construct rule 5 (MatchBufferRegion)";
        let (b, src) = (&mb.buffer, &mb.source.buffer);
        self.region(&mb.source, span);
        self.buffer(b, span);
        if b.dtype() != src.dtype() {
            self.error(
                span,
                "MatchBufferRegion",
                format!("{} has type {} but its source {} has {}", b.name(), b.dtype(), src.name(), src.dtype()),
                rule,
            );
        }
        let (ba, sa) = (align_of(b), align_of(src));
        if sa % ba != 0 {
            self.error(
                span,
                "MatchBufferRegion",
                format!("the alignment {sa} of {} is not a multiple of the alignment {ba} of {}", src.name(), b.name()),
                rule,
            );
        }
        if b.elem_offset().as_int() == Some(0) && src.elem_offset().as_int() != Some(0) {
            self.error(
                span,
                "MatchBufferRegion",
                format!("{} has element offset 0, so its source {} must too", b.name(), src.name()),
                rule,
            );
        }
        if b.scope() != src.scope() {
            self.error(
                span,
                "MatchBufferRegion",
                format!("{} is in scope '{}' but its source {} in '{}'", b.name(), b.scope(), src.name(), src.scope()),
                rule,
            );
        }
        if b.auto_broadcast() || src.auto_broadcast() {
            self.error(span, "MatchBufferRegion", "both buffers must have the default buffer type".into(), rule);
        }
        let region = &mb.source.region;
        let shape = b.shape();
        if shape.len() > region.len() {
            self.error(
                span,
                "MatchBufferRegion",
                format!(
                    "{} has {} dimensions, more than the {} of its source region",
                    b.name(),
                    shape.len(),
                    region.len()
                ),
                rule,
            );
        } else {
            let offset = region.len() - shape.len();
            for (i, r) in region.iter().take(offset).enumerate() {
                if linear(&r.extent).as_const() != Some(1) {
                    self.error(
                        span,
                        "MatchBufferRegion",
                        format!("the extent of dimension {i} of the source region must be 1 (the buffer has fewer dimensions)"),
                        rule,
                    );
                }
            }
            for (i, d) in shape.iter().enumerate() {
                if d.as_var().is_none() && !prove_equal(d, &region[i + offset].extent) {
                    self.error(
                        span,
                        "MatchBufferRegion",
                        format!(
                            "{}.shape[{i}] = {} is not the extent {} of the source region",
                            b.name(),
                            super::script::print_expr(d),
                            super::script::print_expr(&region[i + offset].extent)
                        ),
                        rule,
                    );
                }
            }
        }
        if !self.in_scope.contains_key(&b.data().id()) {
            self.bind(b.data(), span, scope);
        }
        self.bind_fresh(b, scope);
        self.buffer_exprs(b, span);
    }

    // ---- statements --------------------------------------------------------------------------------

    fn stmt(&mut self, s: &Stmt) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_inner(s));
    }

    fn stmt_inner(&mut self, s: &Stmt) {
        match s.kind() {
            StmtKind::LetStmt { var, value, body } => {
                self.expr(value);
                self.var_type(var, s.span());
                let rule = "statement rule 1 (LetStmt)";
                match var.ty() {
                    Type::Pointer(_) if !value.dtype().is_handle() || value.dtype().bits == 0 => {
                        self.stmt_error(
                            s,
                            format!("'{}' is a pointer but the value has type {}", var.name(), value.dtype()),
                            rule,
                        );
                    }
                    Type::Pointer(_) => {}
                    _ if var.dtype() != value.dtype() => self.stmt_error(
                        s,
                        format!("'{}' has type {} but the value has type {}", var.name(), var.dtype(), value.dtype()),
                        rule,
                    ),
                    _ => {}
                }
                let mut scope = Scope::new();
                self.bind(var, s.span(), &mut scope);
                self.stmt(body);
                self.leave(scope);
            }
            StmtKind::AttrStmt { node, key, value, body } => {
                self.expr(value);
                let mut scope = Scope::new();
                match node {
                    AttrNode::Var(v) if key == "thread_extent" || key == "virtual_thread" => {
                        if !int_scalar(value.dtype()) {
                            self.stmt_error(
                                s,
                                format!("the extent of '{}' has type {}", v.name(), value.dtype()),
                                "statement rule 2 (AttrStmt)",
                            );
                        }
                        self.bind(v, s.span(), &mut scope);
                    }
                    AttrNode::IterVar(iv) if key == "thread_extent" || key == "virtual_thread" => {
                        self.bind(&iv.var, s.span(), &mut scope);
                    }
                    _ if key == "thread_extent" || key == "virtual_thread" => self.stmt_error(
                        s,
                        format!("'{key}' needs a variable as its node"),
                        "statement rule 2 (AttrStmt); statement semantics 3.i",
                    ),
                    AttrNode::Var(v) => self.use_var(v, s.span()),
                    AttrNode::Buffer(b) => self.use_buffer(b, s.span()),
                    _ => {}
                }
                self.stmt(body);
                self.leave(scope);
            }
            StmtKind::Assert { cond, message, body } => {
                self.expr(cond);
                self.expr(message);
                let rule = "statement rule 3 (AssertStmt)";
                if !matches!(message.kind(), ExprKind::StringImm(_)) && message.dtype() != DataType::INT32 {
                    self.stmt_error(
                        s,
                        format!("the message has type {}; it must be a string or an int32", message.dtype()),
                        rule,
                    );
                }
                if !dt_is_bool_scalar(cond.dtype()) {
                    self.stmt_error(s, format!("the condition has type {}, not bool", cond.dtype()), rule);
                }
                self.stmt(body);
            }
            StmtKind::BufferStore { buffer, value, indices } => {
                self.use_buffer(buffer, s.span());
                self.expr(value);
                for i in indices {
                    self.expr(i);
                }
                let rule = "statement rule 4 (BufferStore)";
                let index_lanes = self.indices(s.span(), "BufferStore", buffer, indices, rule);
                let want = u32::from(index_lanes) * u32::from(buffer.dtype().lanes);
                if u32::from(value.dtype().lanes) != want {
                    self.stmt_error(
                        s,
                        format!("the value has {} lanes; the indices and the buffer need {want}", value.dtype().lanes),
                        rule,
                    );
                } else if value.dtype().element() != buffer.dtype().element() {
                    self.stmt_error(
                        s,
                        format!("the value has type {} but {} holds {}", value.dtype(), buffer.name(), buffer.dtype()),
                        "statement rule 4 (BufferStore), TVM's BufferStore",
                    );
                }
            }
            StmtKind::BufferRealize { buffer, bounds, cond, body } => {
                self.expr(cond);
                let rule = "statement rule 5 (BufferRealize)";
                if !dt_is_bool_scalar(cond.dtype()) {
                    self.stmt_error(s, format!("the condition has type {}, not bool", cond.dtype()), rule);
                }
                let mut t: Option<DataType> = None;
                for r in bounds {
                    self.expr(&r.min);
                    self.expr(&r.extent);
                    for e in [&r.min, &r.extent] {
                        if !int_scalar(e.dtype()) {
                            self.stmt_error(s, format!("a bound has type {}, not an integer scalar", e.dtype()), rule);
                        }
                        match t {
                            None => t = Some(e.dtype()),
                            Some(x) if x != e.dtype() => {
                                self.stmt_error(s, format!("bounds have different types {x} and {}", e.dtype()), rule)
                            }
                            _ => {}
                        }
                    }
                }
                self.buffer(buffer, s.span());
                let mut scope = Scope::new();
                self.bind(buffer.data(), s.span(), &mut scope);
                self.bind_fresh(buffer, &mut scope);
                self.buffer_exprs(buffer, s.span());
                self.stmt(body);
                self.leave(scope);
            }
            StmtKind::Allocate { var, dtype, extents, cond, body, .. } => {
                let rule = "statement rule 6 (Allocate)";
                self.expr(cond);
                for e in extents {
                    self.expr(e);
                }
                let ok = match var.pointer_type() {
                    Some(p) => {
                        p.element == *dtype
                            || (dt_is_bool_scalar(*dtype) && p.element == DataType::new(TypeCode::Int, 8))
                    }
                    None => false,
                };
                if !ok {
                    self.stmt_error(
                        s,
                        format!("'{}' has type {}; it must be a pointer to {dtype}", var.name(), var.ty()),
                        rule,
                    );
                }
                let mut t: Option<DataType> = None;
                for e in extents {
                    if !int_scalar(e.dtype()) {
                        self.stmt_error(s, format!("an extent has type {}, not an integer scalar", e.dtype()), rule);
                    }
                    match t {
                        None => t = Some(e.dtype()),
                        Some(x) if x != e.dtype() => {
                            self.stmt_error(s, format!("extents have different types {x} and {}", e.dtype()), rule)
                        }
                        _ => {}
                    }
                }
                if !dt_is_bool_scalar(cond.dtype()) {
                    self.stmt_error(s, format!("the condition has type {}, not bool", cond.dtype()), rule);
                }
                let mut scope = Scope::new();
                self.bind(var, s.span(), &mut scope);
                self.stmt(body);
                self.leave(scope);
            }
            StmtKind::DeclBuffer { buffer, body } => {
                self.buffer(buffer, s.span());
                self.use_var(buffer.data(), s.span());
                self.buffer_exprs(buffer, s.span());
                self.stmt(body);
            }
            StmtKind::Seq(list) => {
                for x in list {
                    self.stmt(x);
                }
            }
            StmtKind::IfThenElse { cond, then_case, else_case } => {
                self.expr(cond);
                if !dt_is_bool_scalar(cond.dtype()) {
                    self.stmt_error(
                        s,
                        format!("the condition has type {}, not bool", cond.dtype()),
                        "statement rule 9 (IfThenElse)",
                    );
                }
                self.stmt(then_case);
                if let Some(e) = else_case {
                    self.stmt(e);
                }
            }
            StmtKind::Evaluate(v) => {
                if let ExprKind::Call(Callee::Builtin(n), args) = v.kind()
                    && &**n == "tir.ret"
                {
                    // A return statement: its value is checked against the return type at the end.
                    for a in args {
                        self.expr(a);
                    }
                    if args.len() == 1 {
                        self.rets.push(args[0].clone());
                    } else {
                        self.expr_error(
                            v,
                            format!("tir.ret takes one value, {} given", args.len()),
                            "Builtin Calls (tir.ret)",
                        );
                    }
                } else {
                    self.expr(v);
                }
            }
            StmtKind::For { var, min, extent, kind, body, .. } => {
                self.expr(min);
                self.expr(extent);
                self.for_types(s, var, min, extent, kind);
                let saved = self.in_vectorized;
                if *kind == ForKind::Vectorized {
                    self.in_vectorized = true;
                }
                let mut scope = Scope::new();
                self.bind(var, s.span(), &mut scope);
                self.loops.push(Some(kind.clone()));
                self.stmt(body);
                self.loops.pop();
                self.leave(scope);
                self.in_vectorized = saved;
            }
            StmtKind::While { cond, body } => {
                self.expr(cond);
                let rule = "statement rule 12 (While)";
                if !int_scalar(cond.dtype()) {
                    self.stmt_error(
                        s,
                        format!("the condition has type {}; it must be an integer scalar", cond.dtype()),
                        rule,
                    );
                }
                if matches!(cond.kind(), ExprKind::IntImm(_)) {
                    self.stmt_error(s, "the condition must not be a constant".into(), rule);
                }
                if self.in_vectorized {
                    self.stmt_error(s, "a vectorized loop must not contain a While".into(), "statement rule 11 (For)");
                }
                self.loops.push(None);
                self.stmt(body);
                self.loops.pop();
            }
            StmtKind::Break | StmtKind::Continue => {
                let what = if matches!(s.kind(), StmtKind::Break) { "T.break_loop()" } else { "T.continue_loop()" };
                let rule = "tvm:Break and Continue";
                match self.loops.last() {
                    None => self.stmt_error(s, format!("{what} is not inside a loop"), rule),
                    // TVM builds loop exits in serial loops only ("irregular loops").
                    Some(Some(
                        kind
                        @ (ForKind::Parallel | ForKind::Vectorized | ForKind::Unrolled | ForKind::ThreadBinding(_)),
                    )) => {
                        let kind = match kind {
                            ForKind::Parallel => "a parallel",
                            ForKind::Vectorized => "a vectorized",
                            ForKind::Unrolled => "an unrolled",
                            _ => "a thread-bound",
                        };
                        self.stmt_error(s, format!("{what} cannot leave {kind} loop, only a serial one"), rule)
                    }
                    Some(_) => {}
                }
            }
            StmtKind::BlockRealize { values, predicate, block } => {
                for v in values {
                    self.expr(v);
                }
                self.expr(predicate);
                let rule = "statement rule 14 (BlockRealize)";
                if values.len() != block.iter_vars.len() {
                    self.stmt_error(
                        s,
                        format!("{} iteration values for {} iteration variables", values.len(), block.iter_vars.len()),
                        rule,
                    );
                }
                if !predicate.dtype().is_bool() {
                    self.stmt_error(s, format!("the predicate has type {}, not bool", predicate.dtype()), rule);
                }
                for (v, iv) in values.iter().zip(&block.iter_vars) {
                    if v.dtype() != iv.var.dtype() {
                        self.stmt_error(
                            s,
                            format!(
                                "block variable '{}' has type {} but its value has type {}",
                                iv.var.name(),
                                iv.var.dtype(),
                                v.dtype()
                            ),
                            rule,
                        );
                    }
                }
                self.block(s, block);
            }
        }
    }

    /// tir-spec.md statement rule 11 (For).
    fn for_types(&mut self, s: &Stmt, var: &Var, min: &PrimExpr, extent: &PrimExpr, kind: &ForKind) {
        let rule = "statement rule 11 (For)";
        let vt = var.dtype();
        let mut ok = true;
        for (what, t) in [("loop variable", vt), ("min", min.dtype()), ("extent", extent.dtype())] {
            if !int_scalar(t) {
                self.stmt_error(s, format!("the {what} has type {t}, not an integer scalar"), rule);
                ok = false;
            }
        }
        if !ok {
            return;
        }
        for (what, e) in [("min", min), ("extent", extent)] {
            let t = e.dtype();
            if t.bits > vt.bits {
                self.stmt_error(s, format!("the {what} has type {t}, wider than the loop variable's {vt}"), rule);
                continue;
            }
            // An IntImm narrower than the loop variable is promoted to its type.
            let promoted = if matches!(e.kind(), ExprKind::IntImm(_)) && t.bits < vt.bits { vt } else { t };
            if promoted != vt {
                self.stmt_error(s, format!("the {what} has type {t} but the loop variable has type {vt}"), rule);
            }
        }
        if *kind == ForKind::Vectorized {
            if min.as_int() != Some(0) {
                self.stmt_error(s, "a vectorized loop must start at the constant 0".into(), rule);
            }
            if extent.as_int().is_none_or(|e| e < 1) {
                self.stmt_error(s, "a vectorized loop must have a constant extent of at least 1".into(), rule);
            }
        }
    }

    /// tir-spec.md statement rule 13 (Block) and the block's binding sites.
    fn block(&mut self, s: &Stmt, b: &Block) {
        let span = s.span();
        let mut scope = Scope::new();
        for iv in &b.iter_vars {
            if !int_scalar(iv.var.dtype()) {
                self.stmt_error(
                    s,
                    format!("block variable '{}' has type {}, not an integer scalar", iv.var.name(), iv.var.dtype()),
                    "statement rule 13 (Block)",
                );
            }
            self.iter_var(iv, span);
        }
        for iv in &b.iter_vars {
            self.bind(&iv.var, span, &mut scope);
        }
        // Allocated buffers: their shapes use variables already bound.
        for a in &b.alloc_buffers {
            self.buffer(a, a.span().or(span));
            self.buffer_exprs(a, a.span().or(span));
            self.bind(a.data(), a.span().or(span), &mut scope);
        }
        for r in b.reads.iter().chain(&b.writes) {
            self.region(r, span);
        }
        for mb in &b.match_buffers {
            self.match_buffer(mb, mb.buffer.span().or(span), &mut scope);
        }
        if let Some(init) = &b.init {
            self.stmt(init);
        }
        self.stmt(&b.body);
        self.leave(scope);
    }

    /// The index rules shared by BufferLoad (expression rule 7) and BufferStore (statement
    /// rule 4); returns the lanes of the last index.
    fn indices(&mut self, span: Option<Span>, node: &str, b: &Buffer, indices: &[PrimExpr], rule: &str) -> u16 {
        let n = indices.len();
        for (k, i) in indices.iter().enumerate() {
            if k + 1 < n && i.dtype().lanes != 1 {
                self.error(
                    span,
                    node,
                    format!("index {k} has type {}; only the last index may be a vector", i.dtype()),
                    rule,
                );
            }
            if !i.dtype().is_int() {
                self.error(span, node, format!("index {k} has type {}, not an integer type", i.dtype()), rule);
            }
        }
        if let Some(first) = indices.first() {
            for (k, i) in indices.iter().enumerate().skip(1) {
                if i.dtype().code != first.dtype().code || i.dtype().bits != first.dtype().bits {
                    self.error(
                        span,
                        node,
                        format!(
                            "index {k} has type {} but index 0 has type {}; indices must agree",
                            i.dtype(),
                            first.dtype()
                        ),
                        rule,
                    );
                }
            }
        }
        let rank = b.shape().len();
        if n != rank && !(rank == 0 && n == 1 && indices[0].as_int() == Some(0)) {
            self.error(
                span,
                node,
                format!("{} indices for {}, which has {rank} dimensions", n, b.name()),
                "TVM's well-formedness",
            );
        }
        indices.last().map_or(1, |i| i.dtype().lanes)
    }

    // ---- expressions -------------------------------------------------------------------------------

    fn expr(&mut self, e: &PrimExpr) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_inner(e));
    }

    fn expr_inner(&mut self, e: &PrimExpr) {
        let t = e.dtype();
        match e.kind() {
            ExprKind::Var(v) => self.use_var(v, e.span()),
            ExprKind::IntImm(v) => {
                let rule = "expression rule 2 (IntImm)";
                let v = *v;
                if t.lanes != 1 {
                    self.expr_error(e, format!("the type {t} is not a scalar"), rule);
                } else if !t.is_int() {
                    self.expr_error(e, format!("the type {t} is not an integer type"), rule);
                } else if let Some((lo, hi)) = int_range(t)
                    && (i128::from(v) < lo || i128::from(v) > hi)
                {
                    self.expr_error(e, format!("{v} is out of the range of {t} [{lo}, {hi}]"), rule);
                }
            }
            ExprKind::FloatImm(v) => {
                let rule = "expression rule 3 (FloatImm)";
                if !t.is_float() {
                    self.expr_error(e, format!("the type {t} is not a float type"), rule);
                } else if t.lanes != 1 {
                    self.expr_error(e, format!("the type {t} is not a scalar"), rule);
                } else {
                    let max = t.float_max().unwrap_or(f64::MAX);
                    if v.is_finite() && v.abs() > max {
                        self.expr_error(e, format!("{v} is out of the range of {t} (±{max:e})"), rule);
                    }
                }
            }
            ExprKind::StringImm(_) => {}
            ExprKind::Cast(x) => {
                self.expr(x);
                let rule = "expression rule 5 (Cast)";
                let f = x.dtype();
                if f.lanes != t.lanes {
                    self.expr_error(e, format!("a cast from {f} to {t} changes the number of lanes"), rule);
                } else if f.is_handle() && !t.is_handle() {
                    self.expr_error(e, format!("a handle cannot be cast to {t}"), rule);
                } else if t.is_handle() && !(f.is_int() || f.is_handle()) {
                    self.expr_error(e, format!("a value of type {f} cannot be cast to a handle"), rule);
                }
            }
            ExprKind::Select(c, a, b) => {
                self.expr(c);
                self.expr(a);
                self.expr(b);
                let rule = "expression rule 6 (Select)";
                if !c.dtype().is_bool() {
                    self.expr_error(e, format!("the condition has type {}, not bool", c.dtype()), rule);
                } else if a.dtype() != b.dtype() {
                    self.expr_error(
                        e,
                        format!("the values have different types {} and {}", a.dtype(), b.dtype()),
                        rule,
                    );
                } else if c.dtype().lanes != 1 && c.dtype().lanes != a.dtype().lanes {
                    self.expr_error(
                        e,
                        format!("the condition has {} lanes but the values have {}", c.dtype().lanes, a.dtype().lanes),
                        rule,
                    );
                }
            }
            ExprKind::BufferLoad(b, indices) => {
                self.use_buffer(b, e.span());
                for i in indices {
                    self.expr(i);
                }
                let lanes = self.indices(e.span(), "BufferLoad", b, indices, "expression rule 7 (BufferLoad)");
                let want = b.dtype().with_lanes(b.dtype().lanes.saturating_mul(lanes));
                if t != want {
                    self.expr_error(
                        e,
                        format!("the load has type {t}; it must be {want}"),
                        "expression rule 7 (BufferLoad)",
                    );
                }
            }
            ExprKind::Ramp(base, stride, lanes) => {
                self.expr(base);
                self.expr(stride);
                let rule = "expression rule 8 (Ramp)";
                if *lanes <= 1 {
                    self.expr_error(e, format!("{lanes} lanes; a ramp needs more than 1"), rule);
                }
                if base.dtype() != stride.dtype() || base.dtype().lanes != 1 {
                    self.expr_error(
                        e,
                        format!(
                            "the base ({}) and stride ({}) must be scalars of one type",
                            base.dtype(),
                            stride.dtype()
                        ),
                        rule,
                    );
                } else if !base.dtype().is_int() {
                    self.expr_error(e, format!("the base has type {}, not an integer type", base.dtype()), rule);
                }
            }
            ExprKind::Broadcast(v, lanes) => {
                self.expr(v);
                let rule = "expression rule 9 (Broadcast)";
                if v.dtype().lanes != 1 {
                    self.expr_error(e, format!("the value has type {}, not a scalar", v.dtype()), rule);
                }
                if *lanes <= 1 {
                    self.expr_error(e, format!("{lanes} lanes; a broadcast needs more than 1"), rule);
                }
            }
            ExprKind::Let(var, value, body) => {
                self.expr(value);
                self.var_type(var, e.span());
                if var.dtype() != value.dtype() {
                    self.expr_error(
                        e,
                        format!("'{}' has type {} but the value has type {}", var.name(), var.dtype(), value.dtype()),
                        "expression rule 10 (Let)",
                    );
                }
                let mut scope = Scope::new();
                self.bind(var, e.span(), &mut scope);
                self.expr(body);
                self.leave(scope);
            }
            ExprKind::Call(callee, args) => {
                for a in args {
                    self.expr(a);
                }
                match callee {
                    Callee::Global(name) => match self.module.func(name) {
                        None => self.expr_error(
                            e,
                            format!("no function @{name} in the module"),
                            "Variable Scoping (GlobalVar)",
                        ),
                        Some(f) if f.params.len() != args.len() => self.expr_error(
                            e,
                            format!("@{name} takes {} arguments, {} given", f.params.len(), args.len()),
                            "expression semantics 11 (Call)",
                        ),
                        Some(_) => {}
                    },
                    Callee::Builtin(n) if &**n == "tir.ret" => {
                        self.expr_error(
                            e,
                            "tir.ret must be a statement of its own (T.ret(value))".into(),
                            "Builtin Calls (tir.ret)",
                        );
                    }
                    Callee::Builtin(_) => {}
                }
            }
            ExprKind::Shuffle(vectors, indices) => {
                for x in vectors.iter().chain(indices) {
                    self.expr(x);
                }
                let rule = "expression rule 12 (Shuffle)";
                let Some(first) = vectors.first() else {
                    self.expr_error(e, "no vectors".into(), rule);
                    return;
                };
                let (code, bits) = (first.dtype().code, first.dtype().bits);
                let mut total = 0u32;
                for v in vectors {
                    if v.dtype().code != code || v.dtype().bits != bits {
                        self.expr_error(
                            e,
                            format!(
                                "the vectors have different element types {} and {}",
                                first.dtype().element(),
                                v.dtype().element()
                            ),
                            rule,
                        );
                        return;
                    }
                    total += u32::from(v.dtype().lanes);
                }
                if indices.len() as u32 != total {
                    self.expr_error(e, format!("{} indices for {total} lanes", indices.len()), rule);
                }
                for i in indices {
                    if !int_scalar(i.dtype()) {
                        self.expr_error(e, format!("an index has type {}, not an integer scalar", i.dtype()), rule);
                        break;
                    }
                }
            }
            ExprKind::Binary(op, a, b) => {
                self.expr(a);
                self.expr(b);
                let rule = "expression rule 13 (binary operators)";
                if a.dtype() != b.dtype() {
                    self.expr_error(
                        e,
                        format!("the operands have different types {} and {}", a.dtype(), b.dtype()),
                        rule,
                    );
                } else if a.dtype().is_handle() {
                    self.expr_error(e, format!("the operands have type {}", a.dtype()), rule);
                } else if *op == BinOp::Mod && !a.dtype().is_int() {
                    self.expr_error(e, format!("Mod needs integer operands, not {}", a.dtype()), rule);
                }
            }
            ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                self.expr(a);
                self.expr(b);
                let rule = "expression rule 14 (And, Or)";
                if !a.dtype().is_bool() || !b.dtype().is_bool() {
                    self.expr_error(
                        e,
                        format!("the operands have types {} and {}; both must be bool", a.dtype(), b.dtype()),
                        rule,
                    );
                } else if a.dtype().lanes != b.dtype().lanes {
                    self.expr_error(
                        e,
                        format!("the operands have {} and {} lanes", a.dtype().lanes, b.dtype().lanes),
                        rule,
                    );
                }
            }
            ExprKind::Not(a) => {
                self.expr(a);
                if !a.dtype().is_bool() {
                    self.expr_error(
                        e,
                        format!("the operand has type {}, not bool", a.dtype()),
                        "expression rule 15 (Not)",
                    );
                }
            }
            ExprKind::Cmp(_, a, b) => {
                self.expr(a);
                self.expr(b);
                let rule = "expression rule 16 (comparisons)";
                if a.dtype() != b.dtype() {
                    self.expr_error(
                        e,
                        format!("the operands have different types {} and {}", a.dtype(), b.dtype()),
                        rule,
                    );
                } else if a.dtype().is_handle() {
                    self.expr_error(e, format!("the operands have type {}", a.dtype()), rule);
                }
            }
        }
    }
}

/// The alignment of a buffer in bytes (the default is TVM's 64).
fn align_of(b: &Buffer) -> i64 {
    if b.data_alignment() > 0 { b.data_alignment() } else { 64 }
}

/// The inclusive range of values of an integer type.
fn int_range(t: DataType) -> Option<(i128, i128)> {
    let b = u32::from(t.bits);
    match t.code {
        TypeCode::UInt if b == 1 => Some((0, 1)),
        TypeCode::UInt if b < 64 => Some((0, (1i128 << b) - 1)),
        TypeCode::UInt => Some((0, i128::from(u64::MAX))),
        TypeCode::Int if b == 1 => Some((0, 1)),
        TypeCode::Int if b < 64 => Some((-(1i128 << (b - 1)), (1i128 << (b - 1)) - 1)),
        _ => None,
    }
}
