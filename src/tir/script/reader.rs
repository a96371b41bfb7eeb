//! The reader's state, shared by statements (`read.rs`) and expressions (`read_expr.rs`):
//! scopes of names, the function being read, errors, and the nesting guard.

use std::collections::{HashMap, HashSet};

use super::py::Expr;
use crate::ir::Span;
use crate::tir::ast::*;
use crate::tir::dtype::DataType;

/// A script error: message and position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// What is wrong.
    pub message: String,
    /// Where.
    pub span: Span,
}

pub(super) type R<T> = Result<T, ReadError>;

pub(super) fn err<T>(message: impl Into<String>, span: Span) -> R<T> {
    Err(ReadError { message: message.into(), span })
}

/// What a name stands for.
#[derive(Clone, Debug)]
pub(super) enum Binding {
    Var(Var),
    Buffer(Buffer),
    /// A mutable scalar local (TVM 0.27's `x: T.int32 = v` that is assigned again): a
    /// one-element local buffer whose name reads as its element and assigns to it.
    Scalar(Buffer),
}

/// A `T.sblock` being read: what its body declares about it.
#[derive(Default)]
pub(super) struct BlockFrame {
    pub(super) iter_vars: Vec<IterVar>,
    pub(super) values: Vec<PrimExpr>,
    /// `T.reads(..)`, when given (otherwise inferred).
    pub(super) reads: Option<Vec<BufferRegion>>,
    /// `T.writes(..)`, when given (otherwise inferred).
    pub(super) writes: Option<Vec<BufferRegion>>,
    pub(super) init: Option<Stmt>,
    pub(super) predicate: Option<PrimExpr>,
    pub(super) annotations: Vec<(String, AttrValue)>,
    pub(super) alloc_buffers: Vec<Buffer>,
    pub(super) match_buffers: Vec<MatchBufferRegion>,
}

/// Per-function state.
#[derive(Default)]
pub(super) struct FuncState {
    pub(super) attrs: Vec<(String, AttrValue)>,
    pub(super) buffer_map: Vec<(Var, Buffer)>,
    pub(super) params: Vec<Var>,
    pub(super) blocks: Vec<BlockFrame>,
    /// Loop variables and their ranges (for `T.axis.remap`).
    pub(super) loops: Vec<(Var, Range)>,
    /// Depth of statement lists inside the innermost block (0: the block's own list).
    pub(super) block_depth: Vec<usize>,
    /// Names tested by enclosing while loops.
    pub(super) while_names: Vec<HashSet<String>>,
    /// Thread tags of `T.env_thread` variables.
    pub(super) env_threads: HashMap<u64, String>,
    /// Statement lists entered below the function's own (loop and branch bodies, the rest
    /// after a binding).
    pub(super) nesting: usize,
    /// `T.sblock_alloc_buffer`s of the function's own statement list: the buffers of its
    /// implicit root block, which TVM prints as a comment (`# with T.sblock("root"):`).
    pub(super) root_allocs: Vec<Buffer>,
    /// The scalar parameters of the signature by name, typed as annotated: a shape string
    /// (`T.Buffer(("n * T.int64(32)",)), n: T.int64`) names them before they come, as TVM
    /// evaluates such strings once every parameter is known.
    pub(super) later_params: HashMap<String, Var>,
    /// Blocks without variables written at the function's own level whose regions were
    /// inferred: if one is the whole body, it is the root, whose regions TVM leaves empty.
    pub(super) top_blocks_inferred: Vec<Span>,
}

/// The reader: names in scope, the module's functions, the function being read.
pub(super) struct Reader {
    pub(super) scopes: Vec<HashMap<String, Binding>>,
    pub(super) tir_aliases: HashSet<String>,
    /// Names of later TVM's `tvm.script.s_tir` (`Ts`): TIR names whose `prim_func` is
    /// `T.prim_func(s_tir=True)`.
    pub(super) s_tir_aliases: HashSet<String>,
    pub(super) ir_aliases: HashSet<String>,
    pub(super) module_name: Option<String>,
    /// Functions of the module and their return types.
    pub(super) funcs: HashMap<String, DataType>,
    /// Module-level `n = TypeVar("n")` shape variables.
    pub(super) type_vars: Vec<(String, Span)>,
    pub(super) fs: FuncState,
    pub(super) depth: u32,
}

pub(super) const MAX_DEPTH: u32 = 400;

impl Reader {
    pub(super) fn new() -> Reader {
        Reader {
            scopes: vec![HashMap::new()],
            tir_aliases: ["T", "tir", "tirx", "Ts"].iter().map(|s| s.to_string()).collect(),
            s_tir_aliases: ["Ts"].iter().map(|s| s.to_string()).collect(),
            ir_aliases: ["I", "ir"].iter().map(|s| s.to_string()).collect(),
            module_name: None,
            funcs: HashMap::new(),
            type_vars: Vec::new(),
            fs: FuncState::default(),
            depth: 0,
        }
    }

    pub(super) fn error(&self, message: impl Into<String>, span: Span) -> ReadError {
        ReadError { message: message.into(), span }
    }

    pub(super) fn depth_guard<T>(&mut self, span: Span, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            self.depth -= 1;
            return err("nesting is too deep", span);
        }
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || f(self));
        self.depth -= 1;
        r
    }

    pub(super) fn lookup(&self, name: &str) -> Option<&Binding> {
        self.scopes.iter().rev().find_map(|s| s.get(name))
    }

    pub(super) fn bind(&mut self, name: &str, b: Binding) {
        if let Some(s) = self.scopes.last_mut() {
            s.insert(name.to_string(), b);
        }
    }

    pub(super) fn scoped<T>(&mut self, f: impl FnOnce(&mut Self) -> R<T>) -> R<T> {
        self.scopes.push(HashMap::new());
        let r = f(self);
        self.scopes.pop();
        r
    }

    /// The name after the `T.` prefix (`T.axis.remap` → `axis.remap`) if `e` is in the TIR
    /// namespace.
    pub(super) fn t_name(&self, e: &Expr) -> Option<String> {
        let d = e.dotted()?;
        let (head, rest) = d.split_once('.')?;
        self.tir_aliases.contains(head).then(|| rest.to_string())
    }
}
