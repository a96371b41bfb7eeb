//! TIR to TVMScript, in the style TVM 0.27 prints (`T.sblock`, `return x`, `T.Buffer`
//! parameters). Every variable and buffer of a function gets a name of its own (`i`, `i_1`), so
//! reading the text back gives the same variables; printing what was read is a fixed point.

use std::collections::{HashMap, HashSet};
use std::fmt::Write;

use crate::tir::ast::*;
use crate::tir::dtype::DataType;

/// The TVMScript of a module: an `@I.ir_module` class when it is named or has several
/// functions, else the function alone.
pub fn print_module(m: &IRModule) -> String {
    if m.name.is_none() && m.funcs.len() == 1 {
        return print_func(&m.funcs[0]);
    }
    let class = m.name.clone().unwrap_or_else(|| "Module".into());
    let mut body = String::new();
    let mut type_vars = Vec::new();
    for (i, f) in m.funcs.iter().enumerate() {
        if i > 0 {
            body.push('\n');
        }
        let mut p = Printer::new(Some(class.clone()));
        p.func(f, 1);
        body.push_str(&p.out);
        type_vars.extend(p.type_vars);
    }
    let mut out = header(type_vars, true);
    write!(out, "@I.ir_module\nclass {class}:\n{body}").ok();
    out
}

/// The TVMScript of one function.
pub fn print_func(f: &PrimFunc) -> String {
    let mut p = Printer::new(None);
    p.func(f, 0);
    let mut out = header(p.type_vars, false);
    out.push_str(&p.out);
    out
}

/// The comment lines TVM 0.27 starts a print with, then its module-level shape variables
/// (`n = TypeVar("n")`, by name, each once).
fn header(mut type_vars: Vec<String>, module: bool) -> String {
    type_vars.sort();
    type_vars.dedup();
    let mut out = String::new();
    if !type_vars.is_empty() {
        out.push_str("# from typing import TypeVar\n");
    }
    if module {
        out.push_str("# from tvm.script import ir as I\n");
    }
    out.push_str("# from tvm.script import tirx as T\n# from tvm.tirx.layout import Axis\n\n");
    for n in type_vars {
        writeln!(out, "{n} = TypeVar(\"{n}\")").ok();
    }
    out
}

/// An expression in TVMScript syntax (variables by their names).
pub fn print_expr(e: &PrimExpr) -> String {
    let mut p = Printer::new(None);
    p.raw_names = true;
    p.expr(e, 0)
}

const KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue", "def", "del",
    "elif", "else", "except", "finally", "for", "from", "global", "if", "import", "in", "is", "lambda", "nonlocal",
    "not", "or", "pass", "raise", "return", "try", "while", "with", "yield", "T", "I", "range", "min", "max",
];

struct Printer {
    out: String,
    module: Option<String>,
    names: HashMap<u64, String>,
    buffer_names: HashMap<u64, String>,
    used: HashSet<String>,
    raw_names: bool,
    /// Enclosing loops: variable id, min and extent (a block axis bound to one of them with
    /// the same range prints as `T.axis.remap`).
    loops: Vec<(u64, PrimExpr, PrimExpr)>,
    /// Variables a signature names as strings (`T.Buffer(("n",), ..)`), declared in the body
    /// as TVM does (`n = T.int32()`; those a buffer introduces on one line, `n, m = T.int32(),
    /// T.int32()`), with the number of the buffer that introduced each.
    signature_strings: Vec<(Var, usize)>,
    /// How many signature buffers were printed.
    signature_buffers: usize,
    /// The names of the int64 shape variables a signature introduces, which TVM 0.27 prints
    /// as module-level `n = TypeVar("n")`.
    type_vars: Vec<String>,
    /// Those variables: in a signature, a dimension computed from one is a string (`"n *
    /// T.int64(32)"`: a `TypeVar` has no arithmetic in Python).
    type_var_ids: HashSet<u64>,
    /// Buffers of the signature by their data variable (a buffer declared on the same data
    /// prints as a `.view`).
    data_owner: HashMap<u64, Buffer>,
    /// The indentation of the statement list that is a block's own body, where `T.alloc_buffer`
    /// would read as one of the block's buffers.
    block_list: Option<usize>,
    /// Whether the function is printed as TVM 0.27 prints plain (not `s_tir`) TIR: one-element
    /// buffers by name, one-element local allocations as scalar locals.
    bare_scalars: bool,
}

// Python operator precedence, loosest first.
const P_OR: u8 = 1;
const P_AND: u8 = 2;
const P_NOT: u8 = 3;
const P_CMP: u8 = 4;
const P_BOR: u8 = 5;
const P_BXOR: u8 = 6;
const P_BAND: u8 = 7;
const P_SHIFT: u8 = 8;
const P_ADD: u8 = 9;
const P_MUL: u8 = 10;
const P_UNARY: u8 = 11;
const P_ATOM: u8 = 13;

impl Printer {
    fn new(module: Option<String>) -> Printer {
        let mut used: HashSet<String> = KEYWORDS.iter().map(|s| s.to_string()).collect();
        if let Some(m) = &module {
            used.insert(m.clone());
        }
        Printer {
            out: String::new(),
            module,
            names: HashMap::new(),
            buffer_names: HashMap::new(),
            used,
            raw_names: false,
            loops: Vec::new(),
            signature_strings: Vec::new(),
            signature_buffers: 0,
            type_vars: Vec::new(),
            type_var_ids: HashSet::new(),
            data_owner: HashMap::new(),
            block_list: None,
            bare_scalars: false,
        }
    }

    fn fresh(&mut self, hint: &str) -> String {
        let mut base: String =
            hint.chars().map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' }).collect();
        if base.is_empty() || base.starts_with(|c: char| c.is_ascii_digit()) {
            base.insert(0, 'v');
        }
        let mut name = base.clone();
        let mut k = 1;
        while self.used.contains(&name) {
            name = format!("{base}_{k}");
            k += 1;
        }
        self.used.insert(name.clone());
        name
    }

    fn var(&mut self, v: &Var) -> String {
        if self.raw_names {
            return v.name().to_string();
        }
        if let Some(n) = self.names.get(&v.id()) {
            return n.clone();
        }
        let n = self.fresh(v.name());
        self.names.insert(v.id(), n.clone());
        n
    }

    fn buffer(&mut self, b: &Buffer) -> String {
        if self.raw_names {
            return b.name().to_string();
        }
        if let Some(n) = self.buffer_names.get(&b.id()) {
            return n.clone();
        }
        let n = self.fresh(b.name());
        self.buffer_names.insert(b.id(), n.clone());
        // Its data pointer, used as a value, is `name.data` (unless it has a name already).
        self.names.entry(b.data().id()).or_insert_with(|| format!("{n}.data"));
        // An offset the declaration leaves implicit (`offset_factor=` alone) is `name.elem_offset`.
        if let Some(v) = implicit_elem_offset(b) {
            self.names.entry(v.id()).or_insert_with(|| format!("{n}.elem_offset"));
        }
        n
    }

    fn line(&mut self, indent: usize, s: &str) {
        for _ in 0..indent {
            self.out.push_str("    ");
        }
        self.out.push_str(s);
        self.out.push('\n');
    }

    // ---- functions ------------------------------------------------------------------------------------

    fn func(&mut self, f: &PrimFunc, indent: usize) {
        let has_blocks = contains_block(&f.body);
        self.bare_scalars = !(f.s_tir || has_blocks);
        // As TVM 0.27 prints the decorator; blocks need `s_tir=True` for TVM to read them.
        let flags: Vec<&str> = [(f.private, "private=True"), (f.s_tir || has_blocks, "s_tir=True")]
            .into_iter()
            .filter_map(|(on, text)| on.then_some(text))
            .collect();
        if flags.is_empty() {
            self.line(indent, "@T.prim_func");
        } else {
            self.line(indent, &format!("@T.prim_func({})", flags.join(", ")));
        }
        // Names of parameters first, so shape strings can refer to them.
        let mut defined: HashSet<u64> = HashSet::new();
        let mut params = Vec::new();
        let mut in_body = Vec::new();
        let later_params: HashSet<u64> = f.params.iter().map(Var::id).collect();
        for p in &f.params {
            // Its int64 shape variables no parameter defines are module-level `TypeVar`s.
            let free: Vec<Var> = f.buffer_of(p).map_or_else(Vec::new, |b| {
                buffer_vars(b)
                    .into_iter()
                    .filter(|v| {
                        v.dtype() == DataType::INT64 && !defined.contains(&v.id()) && !later_params.contains(&v.id())
                    })
                    .collect()
            });
            let with_free: HashSet<u64> = defined.iter().copied().chain(free.iter().map(Var::id)).collect();
            match f.buffer_of(p) {
                Some(b) if self.signature_buffer_ok(b, &with_free, &later_params) => {
                    for v in free {
                        let n = self.var(&v);
                        self.type_vars.push(n);
                        self.type_var_ids.insert(v.id());
                        defined.insert(v.id());
                    }
                    let bn = self.buffer(b);
                    self.names.insert(p.id(), bn.clone());
                    let decl = self.buffer_args(b, &defined, true);
                    params.push(format!("{bn}: T.Buffer({decl})"));
                    for v in buffer_vars(b) {
                        defined.insert(v.id());
                    }
                    defined.insert(b.data().id());
                    self.data_owner.entry(b.data().id()).or_insert_with(|| b.clone());
                }
                Some(b) => {
                    let pn = self.var(p);
                    params.push(format!("{pn}: T.handle"));
                    in_body.push((p.clone(), b.clone()));
                }
                None => {
                    let pn = self.var(p);
                    params.push(format!("{pn}: {}", type_ann(p.ty())));
                }
            }
            defined.insert(p.id());
        }
        let ret = match &f.ret_type {
            Some(t) => format!(" -> {}", type_ann(t)),
            None => String::new(),
        };
        let name = f.name.clone();
        self.line(indent, &format!("def {name}({}){ret}:", params.join(", ")));
        let ind = indent + 1;
        let strings: Vec<(Var, usize)> =
            std::mem::take(&mut self.signature_strings).into_iter().filter(|(v, _)| !f.params.contains(v)).collect();
        for group in strings.chunk_by(|a, b| a.1 == b.1) {
            let names: Vec<String> = group.iter().map(|(v, _)| self.var(v)).collect();
            let types: Vec<String> = group.iter().map(|(v, _)| format!("T.{}()", v.dtype())).collect();
            self.line(ind, &format!("{} = {}", names.join(", "), types.join(", ")));
        }
        // Variables of buffers matched in the body, and of Let expressions, are declared first.
        let mut decls = Vec::new();
        for (_, b) in &in_body {
            for v in buffer_vars(b) {
                // An implicit offset (`offset_factor=` alone) is the buffer's own: not declared.
                let implicit = implicit_elem_offset(b) == Some(&v);
                if !defined.contains(&v.id()) && !f.params.contains(&v) && !implicit {
                    defined.insert(v.id());
                    decls.push(v);
                }
            }
        }
        collect_let_vars(&f.body, &mut decls);
        for v in decls {
            let n = self.var(&v);
            self.line(ind, &format!("{n} = T.{}()", v.dtype()));
        }
        // TVM leaves out a global symbol that is the function's own name.
        let attrs: Vec<(String, AttrValue)> = f
            .attrs
            .iter()
            .filter(|(k, v)| !(k == "global_symbol" && matches!(v, AttrValue::Str(s) if **s == *name)))
            .cloned()
            .collect();
        if !attrs.is_empty() {
            let a = self.dict(&attrs);
            self.line(ind, &format!("T.func_attr({a})"));
        }
        for (p, b) in &in_body {
            let pn = self.var(p);
            let bn = self.buffer(b);
            let decl = self.buffer_args(b, &defined, false);
            self.line(ind, &format!("{bn} = T.match_buffer({pn}, {decl})"));
        }
        let before = self.out.len();
        match f.body.as_root_block() {
            // The implicit root block, as TVM prints it: a comment, then its buffers and body
            // at the function's indentation (read back, they make the same root block).
            // TVM's rule (printer/tir/function.cc): it allocates buffers, or its body is a
            // block with variables, or holds blocks. Else it is printed as it is (a root whose
            // body is one block without variables would read back as that block).
            Some(root)
                if !root.alloc_buffers.is_empty()
                    || match root.body.kind() {
                        StmtKind::BlockRealize { block, .. } => !block.iter_vars.is_empty(),
                        _ => {
                            let mut blocks = false;
                            crate::tir::visit::walk_stmts(&root.body, &mut |s| {
                                blocks |= matches!(s.kind(), StmtKind::BlockRealize { .. })
                            });
                            blocks
                        }
                    } =>
            {
                self.line(ind, "# with T.sblock(\"root\"):");
                for a in &root.alloc_buffers {
                    let n = self.buffer(a);
                    let args = self.buffer_args(a, &HashSet::new(), false);
                    self.line(ind, &format!("{n} = T.sblock_alloc_buffer({args})"));
                }
                self.stmt(&root.body, ind);
            }
            Some(_) => self.stmt(&f.body, ind),
            // TVM gives every function with blocks a root block and prints it as a comment;
            // a body that is one block without variables is its own root (printed as it is),
            // one with variables gets a root around it.
            None if has_blocks
                && !matches!(f.body.kind(), StmtKind::BlockRealize { values, .. } if values.is_empty()) =>
            {
                self.line(ind, "# with T.sblock(\"root\"):");
                self.stmt(&f.body, ind);
            }
            None => self.function_body(&f.body, ind),
        }
        // An empty body is TVM's `T.evaluate(0)` (a def of attributes alone would not read
        // back where they are all left out, `global_symbol` among them).
        if self.out.len() == before {
            self.line(ind, "T.evaluate(0)");
        }
    }

    /// Whether a parameter's buffer can be written in the signature: its shape, strides and
    /// offset are constants, or expressions of int32 variables and of variables defined
    /// before (a string names undefined ones there).
    fn signature_buffer_ok(&self, b: &Buffer, defined: &HashSet<u64>, params: &HashSet<u64>) -> bool {
        // A variable not defined yet is written inside a string, which reads back as an int32
        // variable; one an earlier parameter defines (`n: T.int64, A: T.Buffer((n,))`) is
        // written by name, whatever its type, as TVM 0.27 prints it.
        b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())).all(|e| {
            if e.as_int().is_some() {
                return e.dtype() == DataType::INT32 || e.dtype() == DataType::INT64;
            }
            // (Calls stay out: a string argument inside a shape string would not read back.)
            let mut ok = true;
            crate::tir::visit::walk_expr(e, &mut |x| match x.kind() {
                ExprKind::Var(v) => {
                    ok &= v.dtype() == DataType::INT32 || defined.contains(&v.id()) || params.contains(&v.id());
                }
                ExprKind::Call(..) | ExprKind::StringImm(_) => ok = false,
                _ => {}
            });
            ok
        })
    }

    /// `shape, "dtype", kw=..`: variables not yet defined are written as strings in a signature.
    fn buffer_args(&mut self, b: &Buffer, defined: &HashSet<u64>, signature: bool) -> String {
        if signature {
            self.signature_buffers += 1;
        }
        // A dimension that mentions variables not defined yet is a string, which defines them
        // (`("n + 1", n)`: the second `n` is defined by then), as TVM 0.27 prints it.
        let dim = |p: &mut Printer, e: &PrimExpr| -> String {
            let mut new = Vec::new();
            if signature {
                crate::tir::visit::walk_expr(e, &mut |x| {
                    if let Some(v) = x.as_var()
                        && !defined.contains(&v.id())
                        && !p.signature_strings.iter().any(|(y, _)| y == v)
                        && !new.contains(v)
                    {
                        new.push(v.clone());
                    }
                });
            }
            let of_type_var = signature && e.as_var().is_none() && {
                let mut found = false;
                crate::tir::visit::walk_expr(e, &mut |x| {
                    found |= x.as_var().is_some_and(|v| p.type_var_ids.contains(&v.id()));
                });
                found
            };
            if new.is_empty() {
                return if of_type_var { format!("\"{}\"", p.expr(e, 0)) } else { p.expr(e, 0) };
            }
            for v in new {
                p.signature_strings.push((v, p.signature_buffers));
            }
            format!("\"{}\"", p.expr(e, 0))
        };
        let shape: Vec<String> = b.shape().iter().map(|e| dim(self, e)).collect();
        let mut s = tuple(&shape);
        // TVM leaves out the default element type except in a signature.
        if signature || b.dtype() != DataType::FLOAT32 {
            write!(s, ", \"{}\"", b.dtype()).ok();
        }
        if !b.strides().is_empty() && !b.auto_broadcast() {
            let st: Vec<String> = b.strides().iter().map(|e| dim(self, e)).collect();
            write!(s, ", strides={}", tuple(&st)).ok();
        } else if b.has_flat_unit_stride() {
            s.push_str(", strides=(1,)");
        }
        let off = b.elem_offset();
        let implicit = implicit_elem_offset(b).is_some();
        // A zero offset of another type than the default (a rank-0 buffer's int64 offset
        // kept by a buffer made from it, as rfactor's) is printed, as TVM prints it.
        let default_t = b.shape().first().map_or(DataType::INT64, PrimExpr::dtype);
        if (off.as_int() != Some(0) || off.dtype() != default_t) && !implicit {
            write!(s, ", elem_offset={}", dim(self, off)).ok();
        }
        if b.scope() != "global" {
            write!(s, ", scope=\"{}\"", b.scope()).ok();
        }
        // TVM's defaults (an alignment of 64, an offset factor of 1; 0 stands for either) are
        // left out, except the factor that makes an implicit offset.
        if b.data_alignment() > 0 && b.data_alignment() != 64 {
            write!(s, ", align={}", b.data_alignment()).ok();
        }
        if b.offset_factor() > 1 || (implicit && b.offset_factor() > 0) {
            write!(s, ", offset_factor={}", b.offset_factor()).ok();
        }
        if b.auto_broadcast() {
            s.push_str(", buffer_type=\"auto\"");
        }
        if !b.axis_separators().is_empty() {
            let a: Vec<String> = b.axis_separators().iter().map(ToString::to_string).collect();
            write!(s, ", axis_separators=[{}]", a.join(", ")).ok();
        }
        if let Some(l) = b.layout() {
            write!(s, ", layout={l}").ok();
        }
        s
    }

    /// A dictionary of attributes, keys in byte order as TVM prints them (whatever order they
    /// were added in).
    fn dict(&mut self, d: &[(String, AttrValue)]) -> String {
        let mut sorted: Vec<&(String, AttrValue)> = d.iter().collect();
        sorted.sort_by(|a, b| a.0.cmp(&b.0));
        let items: Vec<String> = sorted.iter().map(|(k, v)| format!("{}: {}", quote(k), self.attr(v))).collect();
        format!("{{{}}}", items.join(", "))
    }

    fn attr(&mut self, v: &AttrValue) -> String {
        match v {
            AttrValue::Bool(b) => if *b { "True" } else { "False" }.into(),
            AttrValue::Int(i) => i.to_string(),
            AttrValue::Float(f) => float_text(*f),
            AttrValue::Str(s) => quote(s),
            AttrValue::List(xs) => {
                let items: Vec<String> = xs.iter().map(|x| self.attr(x)).collect();
                format!("[{}]", items.join(", "))
            }
            AttrValue::Dict(d) => self.dict(d),
            AttrValue::Target(d) => format!("T.target({})", self.dict(d)),
            AttrValue::Expr(e) => self.expr(e, 0),
        }
    }

    // ---- statements ---------------------------------------------------------------------------------

    fn stmt(&mut self, s: &Stmt, ind: usize) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.stmt_inner(s, ind));
    }

    fn body(&mut self, s: &Stmt, ind: usize) {
        let before = self.out.len();
        self.stmt(s, ind);
        if self.out.len() == before {
            self.line(ind, "T.evaluate(0)");
        }
    }

    /// `T.attr(node, "key", value)`, or TVM 0.27's `T.attr({"key": value})` without a node.
    fn attr_call(&mut self, node: &AttrNode, key: &str, v: String) -> String {
        let nd = match node {
            AttrNode::None | AttrNode::Int(0) => return format!("T.attr({{{}: {v}}})", quote(key)),
            AttrNode::Var(x) => self.var(x),
            AttrNode::Buffer(b) => self.buffer(b),
            AttrNode::IterVar(iv) => self.var(&iv.var),
            AttrNode::Str(x) => quote(x),
            AttrNode::Int(i) => i.to_string(),
            AttrNode::CommReducer { lhs, rhs, result, identity } => {
                let params: Vec<String> = lhs.iter().chain(rhs).map(|x| self.var(x)).collect();
                let res: Vec<String> = result.iter().map(|x| self.expr(x, 0)).collect();
                let ids: Vec<String> = identity.iter().map(|x| self.expr(x, 0)).collect();
                let body = if res.len() == 1 { res.join("") } else { format!("({})", res.join(", ")) };
                let s = format!("T.comm_reducer(lambda {}: {body}, [{}])", params.join(", "), ids.join(", "));
                for p in params {
                    self.used.remove(&p);
                }
                s
            }
        };
        format!("T.attr({nd}, {}, {v})", quote(key))
    }

    /// A function's (or a block's) body: attributes around all of it print as statements, as
    /// TVM 0.27 prints them (`T.attr(..)` then the rest, unindented).
    fn function_body(&mut self, s: &Stmt, ind: usize) {
        if let StmtKind::AttrStmt { node, key, value, body } = s.kind()
            && !matches!(node, AttrNode::IterVar(_))
            && key != "thread_extent"
            && key != "virtual_thread"
        {
            let v = self.expr(value, 0);
            let call = self.attr_call(node, key, v);
            self.line(ind, &call);
            return self.function_body(body, ind);
        }
        self.stmt(s, ind);
    }

    fn stmt_inner(&mut self, s: &Stmt, ind: usize) {
        match s.kind() {
            StmtKind::LetStmt { var, value, body } => {
                let v = self.expr(value, 0);
                let n = self.var(var);
                let t = type_ann(var.ty());
                self.line(ind, &format!("{n}: T.let[{t}] = {v}"));
                self.stmt(body, ind);
                // Free again after its scope, as in TVM's prints (lets of sibling blocks share
                // a name).
                self.used.remove(&n);
            }
            StmtKind::AttrStmt { node, key, value, body } => {
                let v = self.expr(value, 0);
                match node {
                    AttrNode::IterVar(iv) if key == "thread_extent" || key == "virtual_thread" => {
                        let n = self.var(&iv.var);
                        self.line(ind, &format!("with T.launch_thread({}, {v}) as {n}:", quote(&iv.thread_tag)));
                    }
                    AttrNode::Var(var) if key == "thread_extent" || key == "virtual_thread" => {
                        let n = self.var(var);
                        let tag = if key == "virtual_thread" { "vthread" } else { "" };
                        self.line(ind, &format!("with T.launch_thread({}, {v}) as {n}:", quote(tag)));
                    }
                    _ => {
                        let call = self.attr_call(node, key, v);
                        self.line(ind, &format!("with {call}:"));
                    }
                }
                self.body(body, ind + 1);
            }
            StmtKind::Assert { cond, message, body } => {
                let c = self.expr(cond, 0);
                let m = self.expr(message, 0);
                self.line(ind, &format!("assert {c}, {m}"));
                self.stmt(body, ind);
            }
            StmtKind::BufferStore { buffer, value, indices } => {
                let target = self.access(buffer, indices, true);
                let v = self.expr(value, 0);
                self.line(ind, &format!("{target} = {v}"));
            }
            StmtKind::BufferRealize { buffer, bounds, cond, body } => {
                if !self.buffer_names.contains_key(&buffer.id()) {
                    // The buffer the realize gives memory to is named first.
                    let bn = self.buffer(buffer);
                    let args = self.buffer_args(buffer, &HashSet::new(), false);
                    self.line(ind, &format!("{bn} = T.Buffer({args})"));
                }
                let r = self.region(&BufferRegion { buffer: buffer.clone(), region: bounds.clone() });
                if cond.as_int() == Some(1) && cond.dtype().is_bool() {
                    self.line(ind, &format!("with T.realize({r}, {}):", quote(buffer.scope())));
                } else {
                    let c = self.expr(cond, 0);
                    self.line(ind, &format!("with T.realize({r}, {}, {c}):", quote(buffer.scope())));
                }
                self.body(body, ind + 1);
            }
            StmtKind::Allocate { var, dtype, extents, cond, body, annotations } => {
                // Allocate + DeclBuffer of the same memory is `T.decl_buffer(..)`.
                if let StmtKind::DeclBuffer { buffer, body: inner } = body.kind()
                    && buffer.data() == var
                    && buffer.dtype() == *dtype
                    && same_shape(buffer.shape(), extents)
                    && cond.as_int() == Some(1)
                    && annotations.is_empty()
                {
                    if (self.bare_scalars || buffer.is_scalar_local()) && is_scalar_local(buffer) {
                        self.scalar_local(buffer, inner, ind);
                        return;
                    }
                    let bn = self.buffer(buffer);
                    self.names.insert(var.id(), format!("{bn}.data"));
                    let args = self.buffer_args(buffer, &HashSet::new(), false);
                    // TVM 0.27 writes `T.alloc_buffer`; directly in a block's own statement list
                    // that would read as one of the block's buffers.
                    let (f, args) = match buffer.scope() {
                        _ if self.block_list == Some(ind) => ("decl_buffer", args),
                        // TVM's sugar for the two common scopes.
                        "local" => ("alloc_local", args.replace(", scope=\"local\"", "")),
                        "shared" => ("alloc_shared", args.replace(", scope=\"shared\"", "")),
                        _ => ("alloc_buffer", args),
                    };
                    self.data_owner.entry(var.id()).or_insert_with(|| buffer.clone());
                    self.line(ind, &format!("{bn} = T.{f}({args})"));
                    self.stmt(inner, ind);
                    // Free again after its scope, as TVM frees a frame's names.
                    self.used.remove(&bn);
                    return;
                }
                let n = self.var(var);
                let ext: Vec<String> = extents.iter().map(|e| self.expr(e, 0)).collect();
                let scope = var.pointer_type().map_or("global".to_string(), |p| p.scope.to_string());
                let mut line = format!("{n} = T.allocate([{}], \"{dtype}\", {}", ext.join(", "), quote(&scope));
                if !(cond.as_int() == Some(1) && cond.dtype().is_bool()) {
                    write!(line, ", {}", self.expr(cond, 0)).ok();
                }
                if !annotations.is_empty() {
                    write!(line, ", annotations={}", self.dict(annotations)).ok();
                }
                line.push(')');
                self.line(ind, &line);
                self.stmt(body, ind);
            }
            StmtKind::DeclBuffer { buffer, body } if self.is_dtype_view(buffer) => {
                // The same memory as another element type: `X.view("bool")`, as TVM prints it.
                let src = self.data_owner.get(&buffer.data().id()).cloned();
                let src = src.map(|b| self.buffer(&b)).unwrap_or_default();
                let bn = self.buffer(buffer);
                self.line(ind, &format!("{bn} = {src}.view(\"{}\")", buffer.dtype()));
                self.stmt(body, ind);
            }
            StmtKind::DeclBuffer { buffer, body } if self.is_view(buffer) => {
                // Another shape of a signature buffer's memory: `X.view(140)`, as TVM prints it.
                let src = self.data_owner.get(&buffer.data().id()).cloned();
                let src = src.map(|b| self.buffer(&b)).unwrap_or_default();
                let bn = self.buffer(buffer);
                let dims: Vec<String> = buffer.shape().iter().map(|e| self.expr(e, 0)).collect();
                self.line(ind, &format!("{bn} = {src}.view({})", dims.join(", ")));
                self.stmt(body, ind);
            }
            StmtKind::DeclBuffer { buffer, body } => {
                self.declare_vars(buffer, ind);
                let bn = self.buffer(buffer);
                let mut args = self.buffer_args(buffer, &HashSet::new(), false);
                let d = self.var(buffer.data());
                write!(args, ", data={d}").ok();
                self.line(ind, &format!("{bn} = T.decl_buffer({args})"));
                self.stmt(body, ind);
            }
            StmtKind::Seq(list) => {
                for x in list {
                    self.stmt(x, ind);
                }
            }
            StmtKind::IfThenElse { cond, then_case, else_case } => {
                let c = self.expr(cond, 0);
                self.line(ind, &format!("if {c}:"));
                self.body(then_case, ind + 1);
                if let Some(e) = else_case {
                    self.line(ind, "else:");
                    self.body(e, ind + 1);
                }
            }
            StmtKind::Evaluate(v) => match v.kind() {
                ExprKind::Call(Callee::Builtin(n), args) if &**n == "tir.ret" && args.len() == 1 => {
                    let x = self.expr(&args[0], 0);
                    self.line(ind, &format!("return {x}"));
                }
                ExprKind::Call(..) => {
                    let x = self.expr(v, 0);
                    self.line(ind, &x);
                }
                _ => {
                    let x = self.expr(v, 0);
                    self.line(ind, &format!("T.evaluate({x})"));
                }
            },
            StmtKind::For { var, min, extent, kind, body, annotations } => {
                // Perfectly nested plain loops from 0 print as one `T.grid`.
                let chain = grid_chain(s);
                if chain.len() > 1 {
                    let mut names = Vec::new();
                    let mut extents = Vec::new();
                    for (v, e, _) in &chain {
                        names.push(self.var(v));
                        extents.push(self.expr(e, 0));
                    }
                    self.line(ind, &format!("for {} in T.grid({}):", names.join(", "), extents.join(", ")));
                    for (v, e, _) in &chain {
                        self.loops.push((v.id(), zero_of(e.dtype()), e.clone()));
                    }
                    let inner = chain.last().map(|(_, _, b)| b.clone()).unwrap_or_else(|| body.clone());
                    self.body(&inner, ind + 1);
                    self.loops.truncate(self.loops.len() - chain.len());
                    // Loop names are free again after the loop, as in TVM's prints.
                    for n in names {
                        self.used.remove(&n);
                    }
                    return;
                }
                let n = self.var(var);
                let bounds = if min.as_int() == Some(0) && min.dtype() == extent.dtype() {
                    self.expr(extent, 0)
                } else {
                    let lo = self.expr(min, 0);
                    let hi = self.end(min, extent);
                    format!("{lo}, {hi}")
                };
                let mut iter = match kind {
                    ForKind::Serial if annotations.is_empty() => format!("range({bounds}"),
                    ForKind::Serial => format!("T.serial({bounds}"),
                    ForKind::Parallel => format!("T.parallel({bounds}"),
                    ForKind::Vectorized => format!("T.vectorized({bounds}"),
                    ForKind::Unrolled => format!("T.unroll({bounds}"),
                    ForKind::ThreadBinding(t) => format!("T.thread_binding({bounds}, thread={}", quote(t)),
                };
                if !annotations.is_empty() {
                    write!(iter, ", annotations={}", self.dict(annotations)).ok();
                }
                iter.push(')');
                self.line(ind, &format!("for {n} in {iter}:"));
                self.loops.push((var.id(), min.clone(), extent.clone()));
                self.body(body, ind + 1);
                self.loops.pop();
                self.used.remove(&n);
            }
            StmtKind::While { cond, body } => {
                let c = self.expr(cond, 0);
                self.line(ind, &format!("while {c}:"));
                self.body(body, ind + 1);
            }
            StmtKind::Break => self.line(ind, "T.break_loop()"),
            StmtKind::Continue => self.line(ind, "T.continue_loop()"),
            StmtKind::BlockRealize { values, predicate, block } => self.block(values, predicate, block, ind),
        }
    }

    /// TVM 0.27's print of a one-element local buffer: `x: T.int32`, or `x: T.int32 = v`
    /// with the store that follows it.
    fn scalar_local(&mut self, buffer: &Buffer, body: &Stmt, ind: usize) {
        let bn = self.buffer(buffer);
        self.names.insert(buffer.data().id(), format!("{bn}.data"));
        let t = type_ann(&Type::Prim(buffer.dtype()));
        let (first, rest): (&Stmt, &[Stmt]) = match body.kind() {
            StmtKind::Seq(xs) if !xs.is_empty() => (&xs[0], &xs[1..]),
            _ => (body, &[]),
        };
        match first.kind() {
            StmtKind::BufferStore { buffer: b, value, indices }
                if b == buffer && indices.len() == 1 && indices[0].as_int() == Some(0) =>
            {
                let v = self.expr(value, 0);
                self.line(ind, &format!("{bn}: {t} = {v}"));
                for s in rest {
                    self.stmt(s, ind);
                }
            }
            _ => {
                self.line(ind, &format!("{bn}: {t}"));
                self.stmt(body, ind);
            }
        }
        self.used.remove(&bn);
    }

    fn block(&mut self, values: &[PrimExpr], predicate: &PrimExpr, b: &Block, ind: usize) {
        self.line(ind, &format!("with T.sblock({}):", quote(&b.name)));
        let i = ind + 1;
        // Iteration variables are named afresh in each block: blocks may share the variables
        // (an rfactor's write-back and its source), and a name an earlier block gave one may
        // be a loop's here (`ax0` of a `compute_at` nest: the block's is `ax0_1`, as TVM's).
        if !self.raw_names {
            for iv in &b.iter_vars {
                self.names.remove(&iv.var.id());
            }
        }
        // As TVM: each run of two or more axes bound to their enclosing loops is one
        // `T.axis.remap`, other axes one line each.
        let mut run: Vec<(usize, char)> = Vec::new();
        for k in 0..b.iter_vars.len().min(values.len()) {
            match self.remap_kind(&values[k], &b.iter_vars[k]) {
                Some(c) => run.push((k, c)),
                None => {
                    self.axes(&std::mem::take(&mut run), values, b, i);
                    self.axis(&b.iter_vars[k], &values[k], i);
                }
            }
        }
        self.axes(&run, values, b, i);
        if !(predicate.as_int() == Some(1) && predicate.dtype().is_bool()) {
            let p = self.expr(predicate, 0);
            self.line(i, &format!("T.where({p})"));
        }
        let reads: Vec<String> = b.reads.iter().map(|r| self.region(r)).collect();
        let writes: Vec<String> = b.writes.iter().map(|r| self.region(r)).collect();
        self.line(i, &format!("T.reads({})", reads.join(", ")));
        self.line(i, &format!("T.writes({})", writes.join(", ")));
        if !b.annotations.is_empty() {
            let d = self.dict(&b.annotations);
            self.line(i, &format!("T.sblock_attr({d})"));
        }
        for a in &b.alloc_buffers {
            let n = self.buffer(a);
            let args = self.buffer_args(a, &HashSet::new(), false);
            self.line(i, &format!("{n} = T.sblock_alloc_buffer({args})"));
        }
        for mb in &b.match_buffers {
            // As TVM prints it: a stride variable the window defines is written as a string
            // (`strides=("sa", 1)`) and its uses as `A_1.strides[0]`.
            // Only a variable used once in the declaration: a string defines a new one each time.
            let uses = |v: &Var| {
                let b = &mb.buffer;
                let mut n = 0;
                for e in b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())) {
                    crate::tir::visit::walk_expr(e, &mut |x| n += usize::from(x.as_var().is_some_and(|u| u == v)));
                }
                n
            };
            let once = |v: &Var| {
                uses(v) == 1 && mb.buffer.strides().iter().filter(|e| e.as_var().is_some_and(|u| u == v)).count() == 1
            };
            let defined_here: Vec<(usize, Var)> = mb
                .buffer
                .strides()
                .iter()
                .enumerate()
                .filter_map(|(k, e)| {
                    e.as_var().filter(|v| !self.names.contains_key(&v.id()) && once(v)).map(|v| (k, v.clone()))
                })
                .collect();
            for (_, v) in &defined_here {
                // A unique name (a stride variable named like a buffer must not shadow it).
                let n = self.var(v);
                self.names.insert(v.id(), format!("\"{n}\""));
            }
            self.declare_vars(&mb.buffer, i);
            let n = self.buffer(&mb.buffer);
            let src = self.region(&mb.source);
            let args = self.buffer_args(&mb.buffer, &HashSet::new(), false);
            self.line(i, &format!("{n} = T.match_buffer({src}, {args})"));
            for (k, v) in defined_here {
                self.names.insert(v.id(), format!("{n}.strides[{k}]"));
            }
        }
        if let Some(init) = &b.init {
            self.line(i, "with T.init():");
            self.body(init, i + 1);
        }
        let outer = self.block_list.replace(i);
        // Attributes around the whole body print as statements, as around a function's.
        let before = self.out.len();
        self.function_body(&b.body, i);
        if self.out.len() == before {
            self.line(i, "T.evaluate(0)");
        }
        self.block_list = outer;
        for iv in &b.iter_vars {
            if let Some(n) = self.names.get(&iv.var.id()) {
                let n = n.clone();
                self.used.remove(&n);
            }
        }
    }

    /// Whether a declared buffer is what `src.view("dtype")` reads as: `src`'s memory as another
    /// element type, the last dimension and the element offset scaled by the size ratio.
    fn is_dtype_view(&self, b: &Buffer) -> bool {
        let Some(src) = self.data_owner.get(&b.data().id()) else { return false };
        let (old, new) = (i64::from(src.dtype().bits), i64::from(b.dtype().bits));
        let (Some((last, outer)), Some((src_last, src_outer))) = (b.shape().split_last(), src.shape().split_last())
        else {
            return false;
        };
        // `e * ratio` when the new type is narrower, `e // ratio` when it is wider.
        let scaled = |x: &PrimExpr, e: &PrimExpr| match x.kind() {
            ExprKind::Binary(BinOp::Mul, a, k) if old > new => {
                same_leaf(a, e) && k.as_int() == Some(old / new) && old % new == 0
            }
            ExprKind::Binary(BinOp::FloorDiv, a, k) if new > old => {
                same_leaf(a, e) && k.as_int() == Some(new / old) && new % old == 0
            }
            _ => false,
        };
        src.id() != b.id()
            && b.dtype() != src.dtype()
            && same_shape(outer, src_outer)
            && scaled(last, src_last)
            && scaled(b.elem_offset(), src.elem_offset())
            && b.strides().len() == src.strides().len()
            && b.strides().iter().zip(src.strides()).all(|(x, y)| same_leaf(x, y))
            && b.scope() == src.scope()
            && b.data_alignment() == src.data_alignment()
            && b.offset_factor() == src.offset_factor()
            && b.axis_separators().is_empty()
            && b.auto_broadcast() == src.auto_broadcast()
    }

    /// Whether a declared buffer is what `src.view(shape)` of the signature buffer `src` on the
    /// same data reads as: everything but the shape taken from `src`.
    fn is_view(&self, b: &Buffer) -> bool {
        let Some(src) = self.data_owner.get(&b.data().id()) else { return false };
        // The reader refuses a view with more elements than its source (as TVM's `view` does):
        // such a declaration prints as `T.decl_buffer(.., data=..)`.
        let count =
            |s: &[PrimExpr]| s.iter().map(crate::tir::arith::const_int).try_fold(1i64, |n, d| n.checked_mul(d?));
        // `.view(-1)` would mean "infer this dimension": a negative one is declared as it is.
        let negative = b.shape().iter().any(|d| crate::tir::arith::const_int(d).is_some_and(|d| d < 0));
        let fits = !negative
            && match (count(b.shape()), count(src.shape())) {
                (Some(n), Some(total)) => n <= total,
                (None, _) if b.shape().iter().all(|d| crate::tir::arith::const_int(d).is_some()) => false,
                _ => true,
            };
        // TVM 0.27 prints another shape of a rank-0 buffer as a declaration.
        fits && src.id() != b.id()
            && !b.shape().is_empty()
            && !src.shape().is_empty()
            && !same_shape(b.shape(), src.shape())
            && b.dtype() == src.dtype()
            && b.strides().is_empty()
            && src.strides().is_empty()
            && b.scope() == src.scope()
            && b.data_alignment() == src.data_alignment()
            // No factor given and `offset_factor=0` print alike, so they compare alike.
            && b.offset_factor().max(0) == src.offset_factor().max(0)
            && same_leaf(b.elem_offset(), src.elem_offset())
            && b.axis_separators().is_empty()
            && b.auto_broadcast() == src.auto_broadcast()
    }

    /// `'S'` or `'R'` when an axis is spatial or reduce, bound to an enclosing loop's variable,
    /// with that loop's range and type: what `T.axis.remap` declares.
    fn remap_kind(&self, v: &PrimExpr, iv: &IterVar) -> Option<char> {
        let k = match iv.iter_type {
            IterType::DataPar => 'S',
            IterType::CommReduce => 'R',
            _ => return None,
        };
        let lv = v.as_var()?;
        let (_, min, extent) = self.loops.iter().rev().find(|(id, _, _)| *id == lv.id())?;
        let dom = iv.dom.as_ref()?;
        // TVM compares the ranges structurally (`ExprDeepEqual`): `h + T.int64(2)` in both.
        let same =
            |x: &PrimExpr, y: &PrimExpr| same_leaf(x, y) || (x.dtype() == y.dtype() && print_expr(x) == print_expr(y));
        if iv.var.dtype() != v.dtype() || !same(&dom.min, min) || !same(&dom.extent, extent) {
            return None;
        }
        Some(k)
    }

    /// A run of remappable axes: one `T.axis.remap` line, or a single axis's own line.
    fn axes(&mut self, run: &[(usize, char)], values: &[PrimExpr], b: &Block, i: usize) {
        match run {
            [] => {}
            [(k, _)] => self.axis(&b.iter_vars[*k], &values[*k], i),
            _ => {
                let names: Vec<String> = run.iter().map(|(k, _)| self.var(&b.iter_vars[*k].var)).collect();
                let vals: Vec<String> = run.iter().map(|(k, _)| self.expr(&values[*k], 0)).collect();
                let kinds: String = run.iter().map(|(_, c)| *c).collect();
                self.line(i, &format!("{} = T.axis.remap(\"{kinds}\", [{}])", names.join(", "), vals.join(", ")));
            }
        }
    }

    /// `v = T.axis.spatial(dom, value)` (or reduce, scan, opaque).
    fn axis(&mut self, iv: &IterVar, v: &PrimExpr, i: usize) {
        let n = self.var(&iv.var);
        let kind = match iv.iter_type {
            IterType::CommReduce => "reduce",
            IterType::Ordered => "scan",
            IterType::Opaque => "opaque",
            _ => "spatial",
        };
        let dom = match &iv.dom {
            Some(r) if r.min.as_int() == Some(0) => self.expr(&r.extent, 0),
            Some(r) => {
                let lo = self.expr(&r.min, 0);
                let hi = self.end(&r.min, &r.extent);
                format!("({lo}, {hi})")
            }
            None => "1".into(),
        };
        let val = self.expr(v, 0);
        self.line(i, &format!("{n} = T.axis.{kind}({dom}, {val})"));
    }

    /// `min + extent`, folded as TVM's `+` folds it (both constants, or a zero term).
    fn end(&mut self, min: &PrimExpr, extent: &PrimExpr) -> String {
        match (crate::tir::arith::const_int(min), crate::tir::arith::const_int(extent)) {
            (Some(a), Some(b)) => {
                let e = PrimExpr::int_of(a.wrapping_add(b), min.dtype());
                self.expr(&e, 0)
            }
            (Some(0), _) if min.dtype() == extent.dtype() => self.expr(extent, 0),
            (_, Some(0)) if min.dtype() == extent.dtype() => self.expr(min, 0),
            _ => self.expr(&PrimExpr::binary(BinOp::Add, min.clone(), extent.clone()), 0),
        }
    }

    /// `v = T.int32()` for the variables of a buffer's shape, strides and offset not printed yet
    /// (a matched buffer binds them).
    fn declare_vars(&mut self, b: &Buffer, ind: usize) {
        let implicit = implicit_elem_offset(b);
        for v in buffer_vars(b) {
            if !self.names.contains_key(&v.id()) && implicit != Some(&v) {
                let n = self.var(&v);
                self.line(ind, &format!("{n} = T.{}()", v.dtype()));
            }
        }
    }

    fn region(&mut self, r: &BufferRegion) -> String {
        let mut n = self.buffer(&r.buffer);
        // A scalar local's name is its element: its region is of the buffer behind it, which
        // TVM 0.27 prints as `x.source[0]`.
        let b = &r.buffer;
        if (self.bare_scalars || b.is_scalar_local()) && is_scalar_local(b) {
            n.push_str(".source");
        }
        if r.region.is_empty() {
            return format!("{n}[()]");
        }
        // A widened point (`T.Cast("int64", v)` beside an int64 index) prints as its variable,
        // as in an access.
        let native_wide = |w: u8| {
            r.region
                .iter()
                .any(|x| x.min.dtype().bits == w && !matches!(x.min.kind(), ExprKind::Cast(y) if widened(y, &x.min)))
        };
        let parts: Vec<String> = r
            .region
            .iter()
            .map(|rg| {
                if rg.extent.as_int() == Some(1) {
                    match rg.min.kind() {
                        ExprKind::Cast(x) if widened(x, &rg.min) && native_wide(rg.min.dtype().bits) => self.expr(x, 0),
                        _ => self.expr(&rg.min, 0),
                    }
                } else {
                    let lo = self.expr(&rg.min, 0);
                    let hi = self.end(&rg.min, &rg.extent);
                    format!("{lo}:{hi}")
                }
            })
            .collect();
        format!("{n}[{}]", parts.join(", "))
    }

    /// `B[indices]`; a store's unit-stride ramps as slices (`B[i:i + 4]`), as TVM prints them.
    fn access(&mut self, b: &Buffer, indices: &[PrimExpr], store: bool) -> String {
        let n = self.buffer(b);
        // As TVM 0.27: the element of a scalar local, or of any buffer of shape (1,), by name.
        let one_element = matches!(b.shape(), [d] if d.as_int() == Some(1));
        // (A scalar local whose declaration does not print as one, a vector's, is accessed as
        // a buffer, as its declaration reads back.)
        if (self.bare_scalars || (b.is_scalar_local() && is_scalar_local(b)))
            && one_element
            && matches!(indices, [i] if i.as_int() == Some(0))
        {
            return n;
        }
        if indices.is_empty() {
            return format!("{n}[()]");
        }
        // Indices of mixed widths are widened by the reader (`A[i, j64]` reads as
        // `A[T.Cast("int64", i), j64]`): such a cast is left out, as TVM prints the access, when
        // another index has the wide type of its own, so the text reads back the same.
        let native_wide = |w: u8| {
            indices.iter().any(|i| i.dtype().bits == w && !matches!(i.kind(), ExprKind::Cast(x) if widened(x, i)))
        };
        let idx: Vec<String> = indices
            .iter()
            .map(|i| match i.kind() {
                // A ramp of constant stride as TVM prints it: a slice (`b:b + 6:2`).
                ExprKind::Ramp(base, stride, lanes) if store && stride.as_int().is_some_and(|s| s >= 1) => {
                    let step = stride.as_int().unwrap_or(1);
                    let span = i64::from(*lanes).saturating_mul(step);
                    let b = self.expr(base, 0);
                    let e = self.end(base, &PrimExpr::int_of(span, base.dtype()));
                    if step == 1 { format!("{b}:{e}") } else { format!("{b}:{e}:{step}") }
                }
                ExprKind::Cast(x) if widened(x, i) && native_wide(i.dtype().bits) => self.expr(x, 0),
                _ => self.expr(i, 0),
            })
            .collect();
        format!("{n}[{}]", idx.join(", "))
    }

    // ---- expressions --------------------------------------------------------------------------------

    /// `e` printed in a context of precedence `outer` (parenthesized if it binds looser).
    fn expr(&mut self, e: &PrimExpr, outer: u8) -> String {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let (s, p) = self.expr_prec(e);
            if p < outer { format!("({s})") } else { s }
        })
    }

    fn call(&mut self, name: &str, args: &[&PrimExpr]) -> String {
        let a: Vec<String> = args.iter().map(|x| self.expr(x, 0)).collect();
        format!("{name}({})", a.join(", "))
    }

    fn expr_prec(&mut self, e: &PrimExpr) -> (String, u8) {
        let t = e.dtype();
        match e.kind() {
            ExprKind::Var(v) => (self.var(v), P_ATOM),
            ExprKind::IntImm(v) => {
                if t.is_bool() && t.lanes == 1 {
                    // As TVM 0.27 prints a boolean constant (a bare `True` is Python's).
                    ((if *v != 0 { "T.bool(True)" } else { "T.bool(False)" }).into(), P_ATOM)
                } else if t == DataType::INT32 {
                    (v.to_string(), if *v < 0 { P_UNARY } else { P_ATOM })
                } else {
                    (format!("T.{t}({v})"), P_ATOM)
                }
            }
            ExprKind::FloatImm(v) => {
                // A NaN with its sign bit set prints as C's `%g` prints it (TVM's `-inf * 0`).
                let s = if v.is_nan() {
                    if v.is_sign_negative() { "\"-nan\"".into() } else { "\"nan\"".into() }
                } else if v.is_infinite() {
                    if *v > 0.0 { "\"inf\"".into() } else { "\"-inf\"".into() }
                } else {
                    float_text(*v)
                };
                (format!("T.{t}({s})"), P_ATOM)
            }
            ExprKind::StringImm(s) => (quote(s), P_ATOM),
            ExprKind::Cast(x) => (format!("T.Cast(\"{t}\", {})", self.expr(x, 0)), P_ATOM),
            ExprKind::Select(c, a, b) => (self.call("T.Select", &[c, a, b]), P_ATOM),
            ExprKind::BufferLoad(b, idx) => (self.access(b, idx, false), P_ATOM),
            ExprKind::Ramp(b, s, n) => (format!("T.Ramp({}, {}, {n})", self.expr(b, 0), self.expr(s, 0)), P_ATOM),
            ExprKind::Broadcast(v, n) => (format!("T.Broadcast({}, {n})", self.expr(v, 0)), P_ATOM),
            ExprKind::Let(v, value, body) => {
                let n = self.var(v);
                let val = self.expr(value, 0);
                (format!("T.Let({}, where={{{n}: {val}}})", self.expr(body, 0)), P_ATOM)
            }
            ExprKind::Call(Callee::Global(name), args) => {
                let f = match &self.module {
                    Some(m) => format!("{m}.{name}"),
                    None => name.to_string(),
                };
                let a: Vec<&PrimExpr> = args.iter().collect();
                (self.call(&f, &a), P_ATOM)
            }
            ExprKind::Call(Callee::Builtin(name), args) => {
                let a: Vec<&PrimExpr> = args.iter().collect();
                if let Some((kind, ext)) = extern_call(name) {
                    let rest: Vec<String> = args.iter().map(|x| self.expr(x, 0)).collect();
                    let mut s = format!("T.{kind}(\"{t}\", {}", quote(ext));
                    for r in rest {
                        write!(s, ", {r}").ok();
                    }
                    s.push(')');
                    return (s, P_ATOM);
                }
                // Bitwise operators as TVM prints them, where reading them back (operands
                // unified like a binary operator's) makes the same call.
                let same = args.iter().all(|x| x.dtype() == e.dtype());
                let op = match name.strip_prefix("tir.") {
                    Some("bitwise_and") => Some(("&", P_BAND)),
                    Some("bitwise_or") => Some(("|", P_BOR)),
                    Some("bitwise_xor") => Some(("^", P_BXOR)),
                    Some("shift_left") => Some(("<<", P_SHIFT)),
                    Some("shift_right") => Some((">>", P_SHIFT)),
                    _ => None,
                };
                if let (Some((sym, p)), [x, y], true) = (op, args.as_slice(), same) {
                    return (format!("{} {sym} {}", self.expr(x, p), self.expr(y, p + 1)), p);
                }
                if let (Some("bitwise_not"), [x], true) = (name.strip_prefix("tir."), args.as_slice(), same) {
                    return (format!("~{}", self.expr(x, P_UNARY)), P_UNARY);
                }
                match name.strip_prefix("tir.") {
                    Some("type_annotation") if args.is_empty() => (format!("T.type_annotation(\"{t}\")"), P_ATOM),
                    Some(short) if crate::tir::intrinsics::opaque(short).is_some() => {
                        (self.call(&format!("T.{short}"), &a), P_ATOM)
                    }
                    Some(half @ ("vectorlow" | "vectorhigh")) if args.len() == 1 => {
                        (format!("T.{half}(\"{t}\", {})", self.expr(&args[0], 0)), P_ATOM)
                    }
                    Some("reinterpret") => {
                        // TVM 0.27 names the handle type by a handle variable's.
                        let ty = if t.is_handle() { "T.handle().ty".to_string() } else { format!("\"{t}\"") };
                        (format!("T.reinterpret({ty}, {})", self.expr(args.first().unwrap_or(e), 0)), P_ATOM)
                    }
                    Some(short) if builtin_infers_type(short, e, args) => {
                        (self.call(&format!("T.{short}"), &a), P_ATOM)
                    }
                    _ => {
                        let rest: Vec<String> = args.iter().map(|x| self.expr(x, 0)).collect();
                        let mut s = format!("T.call_intrin(\"{t}\", {}", quote(name));
                        for r in rest {
                            write!(s, ", {r}").ok();
                        }
                        s.push(')');
                        (s, P_ATOM)
                    }
                }
            }
            ExprKind::Shuffle(vs, is) => {
                let v: Vec<String> = vs.iter().map(|x| self.expr(x, 0)).collect();
                let i: Vec<String> = is.iter().map(|x| self.expr(x, 0)).collect();
                (format!("T.Shuffle([{}], [{}])", v.join(", "), i.join(", ")), P_ATOM)
            }
            ExprKind::Binary(op, a, b) => {
                let float = a.dtype().is_float();
                // An operation TVM's operators would fold (`x + 0`, `2 * 3`) reads back folded
                // from its sugar: TVM prints it as the node (`T.Add(x, 0)`).
                let folds = !matches!(crate::tir::arith::try_const_fold(*op, a, b), Ok(None));
                match op {
                    BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::FloorDiv | BinOp::FloorMod if folds => {
                        (self.call(&format!("T.{}", op.name()), &[a, b]), P_ATOM)
                    }
                    BinOp::Add => (format!("{} + {}", self.expr(a, P_ADD), self.expr(b, P_ADD + 1)), P_ADD),
                    BinOp::Sub => (format!("{} - {}", self.expr(a, P_ADD), self.expr(b, P_ADD + 1)), P_ADD),
                    BinOp::Mul => (format!("{} * {}", self.expr(a, P_MUL), self.expr(b, P_MUL + 1)), P_MUL),
                    BinOp::Div if float && !folds => {
                        (format!("{} / {}", self.expr(a, P_MUL), self.expr(b, P_MUL + 1)), P_MUL)
                    }
                    BinOp::FloorDiv => (format!("{} // {}", self.expr(a, P_MUL), self.expr(b, P_MUL + 1)), P_MUL),
                    BinOp::FloorMod => (format!("{} % {}", self.expr(a, P_MUL), self.expr(b, P_MUL + 1)), P_MUL),
                    // TVM's spelling of an integer Div node.
                    BinOp::Div => (self.call("T.Div", &[a, b]), P_ATOM),
                    BinOp::Mod => (self.call("T.truncmod", &[a, b]), P_ATOM),
                    BinOp::Min => (self.call("T.min", &[a, b]), P_ATOM),
                    BinOp::Max => (self.call("T.max", &[a, b]), P_ATOM),
                }
            }
            // As for arithmetic, what TVM's operators would fold prints as the node: a
            // comparison of two constants, `and`/`or` with a constant.
            ExprKind::Cmp(op, a, b) if a.as_int().is_some() && b.as_int().is_some() => {
                (self.call(&format!("T.{}", op.name()), &[a, b]), P_ATOM)
            }
            ExprKind::Cmp(op, a, b) if a.as_float().is_some() && b.as_float().is_some() => {
                (self.call(&format!("T.{}", op.name()), &[a, b]), P_ATOM)
            }
            ExprKind::Cmp(op, a, b) => {
                (format!("{} {} {}", self.expr(a, P_CMP + 1), op.symbol(), self.expr(b, P_CMP + 1)), P_CMP)
            }
            ExprKind::And(a, b) if a.as_int().is_some() || b.as_int().is_some() => {
                (self.call("T.And", &[a, b]), P_ATOM)
            }
            ExprKind::Or(a, b) if a.as_int().is_some() || b.as_int().is_some() => (self.call("T.Or", &[a, b]), P_ATOM),
            ExprKind::And(a, b) => (format!("{} and {}", self.expr(a, P_AND), self.expr(b, P_AND + 1)), P_AND),
            ExprKind::Or(a, b) => (format!("{} or {}", self.expr(a, P_OR), self.expr(b, P_OR + 1)), P_OR),
            ExprKind::Not(a) => (format!("not {}", self.expr(a, P_NOT)), P_NOT),
        }
    }
}

/// The variable offset a declaration leaves implicit (`offset_factor=` alone makes one named
/// `NAME_elem_offset`): printed as `name.elem_offset`, never declared or passed.
fn implicit_elem_offset(b: &Buffer) -> Option<&Var> {
    b.elem_offset().as_var().filter(|v| b.offset_factor() > 0 && v.name() == format!("{}_elem_offset", b.name()))
}

/// Whether `T.short(args)` reads back as this call (the reader infers the result type from
/// the arguments).
fn builtin_infers_type(short: &str, e: &PrimExpr, args: &[PrimExpr]) -> bool {
    let t = e.dtype();
    match short {
        "isnan" | "isinf" | "isfinite" => t == DataType::BOOL.with_lanes(args.first().map_or(1, |a| a.dtype().lanes)),
        "if_then_else" => args.len() == 3 && args[1].dtype() == t,
        "ret" => false,
        "abs" | "fabs" => args.len() == 1 && args[0].dtype() == t,
        _ => args.first().is_some_and(|a| a.dtype() == t) && !short.contains('.') && !short.contains(':'),
    }
}

fn contains_block(s: &Stmt) -> bool {
    match s.kind() {
        StmtKind::BlockRealize { .. } => true,
        StmtKind::LetStmt { body, .. }
        | StmtKind::AttrStmt { body, .. }
        | StmtKind::Assert { body, .. }
        | StmtKind::BufferRealize { body, .. }
        | StmtKind::Allocate { body, .. }
        | StmtKind::DeclBuffer { body, .. }
        | StmtKind::For { body, .. }
        | StmtKind::While { body, .. } => contains_block(body),
        StmtKind::Seq(v) => v.iter().any(contains_block),
        StmtKind::IfThenElse { then_case, else_case, .. } => {
            contains_block(then_case) || else_case.as_ref().is_some_and(contains_block)
        }
        _ => false,
    }
}

/// The variables of a buffer's shape, strides and offset.
fn buffer_vars(b: &Buffer) -> Vec<Var> {
    let mut out: Vec<Var> = Vec::new();
    for e in b.shape().iter().chain(b.strides()).chain(std::iter::once(b.elem_offset())) {
        crate::tir::visit::walk_expr(e, &mut |x| {
            if let Some(v) = x.as_var()
                && !out.contains(v)
            {
                out.push(v.clone());
            }
        });
    }
    out
}

/// Variables bound by `Let` expressions (declared before use in the script).
fn collect_let_vars(s: &Stmt, out: &mut Vec<Var>) {
    let mut seen: HashSet<u64> = out.iter().map(Var::id).collect();
    crate::tir::visit::walk_exprs(s, &mut |e| {
        if let ExprKind::Let(v, ..) = e.kind()
            && seen.insert(v.id())
        {
            out.push(v.clone());
        }
    });
}

fn type_ann(t: &Type) -> String {
    match t {
        Type::Prim(d) => format!("T.{d}"),
        Type::Pointer(p) if &*p.scope == "global" => format!("T.handle(\"{}\")", p.element),
        Type::Pointer(p) => format!("T.handle(\"{}\", \"{}\")", p.element, p.scope),
        Type::Void => "T.void".into(),
    }
}

fn tuple(items: &[String]) -> String {
    if items.len() == 1 { format!("({},)", items[0]) } else { format!("({})", items.join(", ")) }
}

fn quote(s: &str) -> String {
    let mut out = String::new();
    crate::ir::write_quoted(&mut out, s, false);
    out
}

/// Whether two expressions print alike and read back alike: of one type, and the same node,
/// equal constants or the same variable.
fn same_leaf(x: &PrimExpr, y: &PrimExpr) -> bool {
    x.dtype() == y.dtype()
        && (x.same_node(y)
            || matches!((x.as_int(), y.as_int()), (Some(p), Some(q)) if p == q)
            || matches!((x.as_var(), y.as_var()), (Some(p), Some(q)) if p.id() == q.id()))
}

/// [`same_leaf`] dimension by dimension.
fn same_shape(a: &[PrimExpr], b: &[PrimExpr]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| same_leaf(x, y))
}

/// A finite float as TVM prints it (and reading it back gives the same f64): whole numbers in
/// full with `.0` (`-340282346638528859811704183484516925440.0`), others as C's `%.17g`
/// (`0.10000000000000001`, `1.0000000000000001e-05`).
pub(crate) fn float_text(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v:?}");
    }
    if v.fract() == 0.0 {
        return format!("{v:.0}.0");
    }
    let s = g17(v);
    if s.contains('.') || s.contains('e') { s } else { format!("{s}.0") }
}

/// `v` as C's `%.17g` prints it (`1`, `0.10000000000000001`, `1e+20`): how TVM prints a float in
/// a trace.
pub(crate) fn g17(v: f64) -> String {
    if !v.is_finite() {
        return format!("{v:?}");
    }
    let strip = |s: String| -> String {
        if s.contains('.') { s.trim_end_matches('0').trim_end_matches('.').to_string() } else { s }
    };
    let sci = format!("{v:.16e}");
    let (mantissa, exp) = sci.split_once('e').unwrap_or((&sci, "0"));
    let exp: i32 = exp.parse().unwrap_or(0);
    if !(-4..17).contains(&exp) {
        let sign = if exp < 0 { '-' } else { '+' };
        format!("{}e{sign}{:02}", strip(mantissa.to_string()), exp.abs())
    } else {
        strip(format!("{v:.*}", usize::try_from(16 - exp).unwrap_or(0)))
    }
}

/// The loops `for a: for b: ..` that print as one `T.grid`: serial, from 0 (of the extent's
/// type), unannotated, each the whole body of the previous, extents not using earlier loops'
/// variables; with the innermost body.
fn grid_chain(s: &Stmt) -> Vec<(Var, PrimExpr, Stmt)> {
    let mut out: Vec<(Var, PrimExpr, Stmt)> = Vec::new();
    let mut cur = s;
    while let StmtKind::For { var, min, extent, kind: ForKind::Serial, body, annotations } = cur.kind() {
        let plain = annotations.is_empty()
            && min.as_int() == Some(0)
            && min.dtype() == extent.dtype()
            && var.dtype() == extent.dtype();
        let mut independent = true;
        crate::tir::visit::walk_expr(extent, &mut |e| {
            if let Some(v) = e.as_var() {
                independent &= !out.iter().any(|(o, _, _)| o.id() == v.id());
            }
        });
        if !plain || !independent {
            break;
        }
        out.push((var.clone(), extent.clone(), body.clone()));
        cur = body;
    }
    out
}

fn zero_of(t: DataType) -> PrimExpr {
    PrimExpr::int_of(0, t)
}

/// A buffer TVM 0.27 prints as a scalar local: one element of a scalar (or vector) type in
/// `local` scope, laid out plainly.
fn is_scalar_local(b: &Buffer) -> bool {
    b.scope() == "local"
        && !b.dtype().is_handle()
        && matches!(b.shape(), [d] if d.as_int() == Some(1))
        && b.strides().is_empty()
        && b.elem_offset().as_int() == Some(0)
}

/// Whether `cast` (of `x`) is the reader's widening of a narrower integer index.
fn widened(x: &PrimExpr, cast: &PrimExpr) -> bool {
    let (from, to) = (x.dtype(), cast.dtype());
    from.is_int()
        && !from.is_bool()
        && to.is_int()
        && from.lanes == to.lanes
        && from.bits < to.bits
        && from.code == to.code
}
