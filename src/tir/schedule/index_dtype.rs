//! TVM's `IndexDataTypeNormalizer`, as `tensorize` uses it: a tensor intrinsic's
//! implementation, written with `int32` indices, rewritten to index a kernel's buffers in the
//! kernel's index type (Relax prints its kernels with `int64` indices: `T.int64(4)`).
//!
//! What is rewritten is what indexes: loop variables and bounds, buffer indices, buffer shapes,
//! strides and offsets, block variables, their domains and bindings, region bounds. Values
//! stay of their type: an index variable used as a value is converted back where it is used.

use rustc_hash::FxHashMap as HashMap;

use crate::tir::ast::*;
use crate::tir::dtype::DataType;
use crate::tir::mutate::{Mutator, default_stmt};

/// `f`'s index expressions in `to` (an integer type); `f` itself when they are already.
pub(super) fn normalize_indices(f: &PrimFunc, to: DataType) -> PrimFunc {
    let mut n = Normalizer { to, vars: HashMap::default(), buffers: HashMap::default() };
    let buffer_map: Vec<(Var, Buffer)> = f.buffer_map.iter().map(|(p, b)| (p.clone(), n.buffer(b))).collect();
    let body = n.stmt(&f.body);
    PrimFunc { buffer_map, body, ..f.clone() }
}

/// The widest integer type of the mins of a block's regions (TVM's choice of index type).
pub(super) fn index_type_of(block: &Block) -> Option<DataType> {
    block
        .reads
        .iter()
        .chain(&block.writes)
        .flat_map(|r| r.region.iter().map(|x| x.min.dtype()))
        .filter(|t| t.is_int() && !t.is_bool() && t.lanes == 1)
        .max_by_key(|t| t.bits)
}

struct Normalizer {
    to: DataType,
    /// A rewritten variable: its new form and its old type.
    vars: HashMap<u64, (Var, DataType)>,
    /// A buffer's rewritten copy.
    buffers: HashMap<u64, Buffer>,
}

fn is_index_type(t: DataType) -> bool {
    t.is_int() && !t.is_bool() && t.lanes == 1
}

impl Normalizer {
    /// `v` in the index type (a fresh variable, the same one at every use).
    fn var(&mut self, v: &Var) -> Var {
        if !is_index_type(v.dtype()) || v.dtype() == self.to {
            return v.clone();
        }
        if let Some((n, _)) = self.vars.get(&v.id()) {
            return n.clone();
        }
        let n = Var::at(v.name(), Type::Prim(self.to), v.span());
        self.vars.insert(v.id(), (n.clone(), v.dtype()));
        n
    }

    fn buffer(&mut self, b: &Buffer) -> Buffer {
        if let Some(n) = self.buffers.get(&b.id()) {
            return n.clone();
        }
        let shape: Vec<PrimExpr> = b.shape().iter().map(|e| self.index_defining(e)).collect();
        let strides: Vec<PrimExpr> = b.strides().iter().map(|e| self.index_defining(e)).collect();
        let elem_offset = self.index_defining(b.elem_offset());
        let n = BufferSpec {
            strides,
            elem_offset: Some(elem_offset),
            scope: b.scope().to_string(),
            data_alignment: b.data_alignment(),
            offset_factor: b.offset_factor(),
            axis_separators: b.axis_separators().to_vec(),
            auto_broadcast: b.auto_broadcast(),
            layout: b.layout().map(std::sync::Arc::from),
            scalar_local: b.is_scalar_local(),
            flat_unit_stride: b.has_flat_unit_stride(),
            data: Some(b.data().clone()),
            span: b.span(),
            ..BufferSpec::new(b.name(), b.dtype(), shape)
        }
        .build();
        self.buffers.insert(b.id(), n.clone());
        n
    }

    /// A buffer field: a variable there is defined by it (a stride `sa`), so it is rewritten.
    fn index_defining(&mut self, e: &PrimExpr) -> PrimExpr {
        if let Some(v) = e.as_var() {
            return PrimExpr::var(&self.var(v));
        }
        self.index(e)
    }

    /// An expression in an index position, in the index type.
    fn index(&mut self, e: &PrimExpr) -> PrimExpr {
        let t = e.dtype();
        if !is_index_type(t) {
            return self.expr(e);
        }
        let out = match e.kind() {
            ExprKind::IntImm(v) => return PrimExpr::int_of(*v, self.to),
            ExprKind::Var(v) => match self.vars.get(&v.id()) {
                Some((n, _)) => return PrimExpr::var(n),
                None => PrimExpr::var(v),
            },
            ExprKind::Binary(op, a, b) => return PrimExpr::binary(*op, self.index(a), self.index(b)),
            ExprKind::Select(c, a, b) => return PrimExpr::select(self.expr(c), self.index(a), self.index(b)),
            _ => self.expr(e),
        };
        if out.dtype() == self.to { out } else { PrimExpr::cast(self.to, out) }
    }

    fn range(&mut self, r: &Range) -> Range {
        Range { min: self.index(&r.min), extent: self.index(&r.extent) }
    }

    fn region(&mut self, r: &BufferRegion) -> BufferRegion {
        BufferRegion { buffer: self.buffer(&r.buffer), region: r.region.iter().map(|x| self.range(x)).collect() }
    }
}

impl Mutator for Normalizer {
    /// An expression in a value position: its type kept, its indices rewritten.
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        match e.kind() {
            ExprKind::Var(v) => match self.vars.get(&v.id()) {
                Some((n, old)) => PrimExpr::cast(*old, PrimExpr::var(n)),
                None => e.clone(),
            },
            ExprKind::BufferLoad(b, idx) => {
                let b = self.buffer(b);
                let idx = idx.iter().map(|i| self.index(i)).collect();
                PrimExpr::load(&b, idx).with_span(e.span())
            }
            _ => crate::tir::mutate::default_expr(self, e),
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let sp = s.span();
        let out = match s.kind() {
            StmtKind::For { var, min, extent, kind, body, annotations } => {
                let (min, extent) = (self.index(min), self.index(extent));
                let var = self.var(var);
                StmtKind::For {
                    var,
                    min,
                    extent,
                    kind: kind.clone(),
                    body: self.stmt(body),
                    annotations: annotations.clone(),
                }
            }
            StmtKind::BufferStore { buffer, value, indices } => StmtKind::BufferStore {
                buffer: self.buffer(buffer),
                value: self.expr(value),
                indices: indices.iter().map(|i| self.index(i)).collect(),
            },
            StmtKind::BlockRealize { values, predicate, block } => {
                let values = values.iter().map(|v| self.index(v)).collect();
                let predicate = self.expr(predicate);
                let iter_vars = block
                    .iter_vars
                    .iter()
                    .map(|iv| IterVar {
                        dom: iv.dom.as_ref().map(|d| self.range(d)),
                        var: self.var(&iv.var),
                        iter_type: iv.iter_type,
                        thread_tag: iv.thread_tag.clone(),
                    })
                    .collect();
                let alloc_buffers = block.alloc_buffers.iter().map(|b| self.buffer(b)).collect();
                let match_buffers = block
                    .match_buffers
                    .iter()
                    .map(|m| MatchBufferRegion { buffer: self.buffer(&m.buffer), source: self.region(&m.source) })
                    .collect();
                let reads = block.reads.iter().map(|r| self.region(r)).collect();
                let writes = block.writes.iter().map(|r| self.region(r)).collect();
                let init = block.init.as_ref().map(|i| self.stmt(i));
                let body = self.stmt(&block.body);
                StmtKind::BlockRealize {
                    values,
                    predicate,
                    block: Box::new(Block {
                        iter_vars,
                        reads,
                        writes,
                        alloc_buffers,
                        match_buffers,
                        init,
                        body,
                        ..(**block).clone()
                    }),
                }
            }
            _ => return default_stmt(self, s),
        };
        Stmt::at(out, sp)
    }
}
