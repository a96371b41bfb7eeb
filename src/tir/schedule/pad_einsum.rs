//! `pad_einsum` with TVM 0.27's result (`pad_einsum.cc`): a block whose every access is a
//! point indexed by variables or constants gets its iteration domains rounded up to multiples
//! of the padding; each buffer it accesses through a padded variable gets a padded copy
//! (`NAME_pad`), filled with zeros beyond the original before the block's nest (inputs) or
//! copied back after it (outputs).

use rustc_hash::FxHashMap as HashMap;

use super::tree::{self, ForParts};
use super::{BlockRV, Instruction, Schedule, ScheduleError, err};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, default_expr, default_stmt};

const P: &str = "pad_einsum";

impl Schedule {
    /// Pad the iteration domain of `block` to multiples of `padding` (one positive integer per
    /// iteration variable): `127` with padding `32` becomes `128`. Buffers the block accesses
    /// through a padded variable are replaced by padded copies, zero beyond the original.
    ///
    /// # Errors
    /// A padding of the wrong length or not positive, a block whose accesses are not all points
    /// indexed by variables or constants (TVM's Einsum pattern, each buffer once), a padded
    /// loop that holds other blocks, or a stale handle.
    pub fn pad_einsum(&mut self, block: BlockRV, padding: &[i64]) -> Result<(), ScheduleError> {
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, block: blk, .. } = site.realize.kind() else {
            unreachable!("a block site")
        };
        if padding.len() != blk.iter_vars.len() || padding.iter().any(|&p| p <= 0) {
            let got: Vec<String> = padding.iter().map(i64::to_string).collect();
            return Err(err(
                P,
                format!(
                    "The padding for the block {} are invalid. It should be a list of {} positive integers. Got ({})",
                    blk.name,
                    blk.iter_vars.len(),
                    got.join(", ")
                ),
            ));
        }
        if let Some(why) = super::stage_pipeline::stage_pipeline_error(&self.func.body, &site.realize) {
            return Err(err(P, why));
        }
        // TVM's Einsum pattern: every region a point at variables or constants, each buffer
        // accessed once.
        let not_einsum = || err(P, format!("The block {} not a computation of Einsum pattern.", blk.name));
        let mut seen: Vec<&Buffer> = Vec::new();
        for r in blk.reads.iter().chain(&blk.writes) {
            if seen.contains(&&r.buffer) {
                return Err(not_einsum());
            }
            seen.push(&r.buffer);
            let point = r.region.iter().all(|x| {
                x.extent.as_int() == Some(1) && matches!(x.min.kind(), ExprKind::IntImm(_) | ExprKind::Var(_))
            });
            if !point {
                return Err(not_einsum());
            }
        }
        // The padded domains, by block variable and by the loop variable bound to one: a
        // constant, or TVM's `(n + p - 1) // p * p` over a symbolic extent.
        let mut padded: HashMap<u64, PrimExpr> = HashMap::default();
        let mut loops: HashMap<u64, PrimExpr> = HashMap::default();
        for ((iv, value), &pad) in blk.iter_vars.iter().zip(values).zip(padding) {
            let Some(extent) = iv.dom.as_ref().map(|d| &d.extent) else {
                return Err(err(P, format!("{} has no domain", iv.var.name())));
            };
            // A domain over a loop's variable (`k < i`) would size the padded buffers by a
            // variable out of their scope (TVM 0.27 builds such a function).
            if pad != 1
                && let Some(l) = site
                    .loops
                    .iter()
                    .filter_map(ForParts::of)
                    .find(|f| crate::tir::region::uses_var(extent, f.var.id()))
            {
                return Err(err(
                    P,
                    format!(
                        "the domain of {} depends on loop {}: the padded buffers would have no fixed shape",
                        iv.var.name(),
                        l.var.name()
                    ),
                ));
            }
            let new = match extent.as_int() {
                Some(n) => {
                    let new = n
                        .checked_add(pad - 1)
                        .map(|x| x / pad * pad)
                        .filter(|&x| x <= super::loops::type_max(iv.var.dtype()))
                        .ok_or_else(|| err(P, format!("padding {} to a multiple of {pad} overflows", iv.var.name())))?;
                    (new != n).then(|| PrimExpr::int_of(new, extent.dtype()))
                }
                // (A multiple of the padding already, `n * 32` by 4, as TVM's analyzer proves:
                // no padding.)
                None => (pad != 1 && !multiple_of(extent, pad)).then(|| {
                    let c = |x: i64| PrimExpr::int_of(x, extent.dtype());
                    let up = PrimExpr::binary(BinOp::Add, extent.clone(), c(pad - 1));
                    PrimExpr::binary(BinOp::Mul, PrimExpr::floordiv(up, c(pad)), c(pad))
                }),
            };
            if let Some(new) = new {
                padded.insert(iv.var.id(), new.clone());
                if let Some(lv) = value.as_var() {
                    padded.insert(lv.id(), new.clone());
                    loops.insert(lv.id(), new);
                }
            }
        }
        // A padded loop runs every block under it longer: only the padded block may be there.
        for l in &site.loops {
            if let Some(f) = ForParts::of(l)
                && loops.contains_key(&f.var.id())
            {
                let inside = tree::outer_blocks(&f.body);
                if let Some((_, _, other)) = inside.iter().find(|(_, _, b)| b.name != blk.name) {
                    return Err(err(
                        P,
                        format!(
                            "loop {} holds block {} too: padding it would run that block on the padded iterations",
                            f.var.name(),
                            other.name
                        ),
                    ));
                }
            }
        }
        let needs_padding =
            |r: &BufferRegion| r.region.iter().any(|x| x.min.as_var().is_some_and(|v| padded.contains_key(&v.id())));
        let mut map: Vec<(Buffer, Buffer)> = Vec::new();
        let mut before = Vec::new();
        let mut after = Vec::new();
        for (r, read) in blk.reads.iter().map(|r| (r, true)).chain(blk.writes.iter().map(|r| (r, false))) {
            if !needs_padding(r) {
                continue;
            }
            let buffer = &r.buffer;
            let shape: Vec<PrimExpr> = r
                .region
                .iter()
                .zip(buffer.shape())
                .map(|(x, dim)| match x.min.kind() {
                    ExprKind::IntImm(_) => PrimExpr::int_of(1, x.min.dtype()),
                    ExprKind::Var(v) => match padded.get(&v.id()) {
                        Some(n) => n.clone(),
                        None => dim.clone(),
                    },
                    _ => unreachable!("checked: a point at a variable or constant"),
                })
                .collect();
            let mut spec = BufferSpec::new(&format!("{}_pad", buffer.name()), buffer.dtype(), shape);
            spec.scope = buffer.scope().to_string();
            let pad = spec.build();
            let copy = copy_block(buffer, &pad, read);
            if read {
                before.push(copy)
            } else {
                after.push(copy)
            }
            map.push((buffer.clone(), pad));
        }
        // The scope's statement holding the block, rewritten; the copies around it.
        let scope =
            tree::scope_of(&self.func.body, &site.realize).ok_or_else(|| err(P, "the block has no scope block"))?;
        let StmtKind::BlockRealize { block: scope_block, .. } = scope.kind() else {
            unreachable!("a scope is a block")
        };
        let mut replacer = Padded { domains: &padded, loops: &loops, buffers: &map };
        let mut around = |nest: &Stmt| -> Vec<Stmt> {
            let rewritten = replacer.stmt(nest);
            before.drain(..).chain(std::iter::once(rewritten)).chain(after.drain(..)).collect()
        };
        let copies = !map.is_empty();
        let body = splice_at(&scope_block.body, &site.realize, &blk.name, copies, &mut around)?;
        let mut new_scope = (**scope_block).clone();
        new_scope.body = body;
        new_scope.alloc_buffers.extend(map.into_iter().map(|(_, pad)| pad));
        let new_realize = tree::with_block(&scope, new_scope);
        self.func.body = super::blocks::replace_stmt(&self.func.body, &scope, &new_realize);
        self.trace.push(Instruction::PadEinsum { block, padding: padding.to_vec() });
        Ok(())
    }
}

/// TVM's copy stage of a padded buffer: `NAME_pad[v..] = T.if_then_else(v_d < dim_d and ..,
/// NAME[v..], 0)` over the padded shape (an input), or `NAME[v..] = NAME_pad[v..]` over the
/// original shape (an output).
fn copy_block(buffer: &Buffer, pad: &Buffer, read: bool) -> Stmt {
    let dims = if read { pad.shape() } else { buffer.shape() };
    let mut loop_vars = Vec::with_capacity(dims.len());
    let mut iter_vars = Vec::with_capacity(dims.len());
    for (d, dim) in dims.iter().enumerate() {
        let dt = dim.dtype();
        loop_vars.push(Var::new(&format!("i{d}"), dt));
        iter_vars.push(IterVar {
            dom: Some(Range::new(PrimExpr::int_of(0, dt), dim.clone())),
            var: Var::new(&format!("v{d}"), dt),
            iter_type: IterType::DataPar,
            thread_tag: String::new(),
        });
    }
    let at: Vec<PrimExpr> = iter_vars.iter().map(|iv| PrimExpr::var(&iv.var)).collect();
    let point = |b: &Buffer| BufferRegion {
        buffer: b.clone(),
        region: at.iter().map(|x| Range::new(x.clone(), PrimExpr::int_of(1, x.dtype()))).collect(),
    };
    let (body, reads, writes) = if read {
        let mut cond: Option<PrimExpr> = None;
        for ((x, dim), padded_dim) in at.iter().zip(buffer.shape()).zip(pad.shape()) {
            if !crate::tir::arith::prove_equal(dim, padded_dim) {
                let c = PrimExpr::cmp(CmpOp::Lt, x.clone(), crate::tir::arith::as_dtype(dim.clone(), x.dtype()));
                cond = Some(match cond {
                    None => c,
                    Some(acc) => PrimExpr::and(acc, c),
                });
            }
        }
        let load = buffer.load(at.clone());
        let dt = load.dtype();
        let zero = if dt.is_float() { PrimExpr::float_of(0.0, dt) } else { PrimExpr::int_of(0, dt) };
        let value = PrimExpr::call_builtin(
            dt,
            "tir.if_then_else",
            vec![cond.unwrap_or_else(|| PrimExpr::bool(true)), load, zero],
        );
        (pad.store(at.clone(), value), point(buffer), point(pad))
    } else {
        (buffer.store(at.clone(), pad.load(at.clone())), point(pad), point(buffer))
    };
    let block = Block { iter_vars, reads: vec![reads], writes: vec![writes], ..Block::new(pad.name(), body) };
    let mut nest = Stmt::block(loop_vars.iter().map(PrimExpr::var).collect(), block);
    for (v, dim) in loop_vars.iter().zip(dims).rev() {
        nest = Stmt::for_range(v, PrimExpr::int_of(0, dim.dtype()), dim.clone(), nest);
    }
    nest
}

/// TVM's `PadEinsumBufferReplacer` over the scope's statement holding the block: padded
/// domains and loop extents, accesses to the padded buffers in every block there.
struct Padded<'a> {
    domains: &'a HashMap<u64, PrimExpr>,
    loops: &'a HashMap<u64, PrimExpr>,
    buffers: &'a [(Buffer, Buffer)],
}

impl Padded<'_> {
    fn buffer(&self, b: &Buffer) -> Option<&Buffer> {
        self.buffers.iter().find(|(old, _)| old == b).map(|(_, new)| new)
    }
}

impl Mutator for Padded<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, indices) => match self.buffer(b) {
                Some(new) => new.load(indices.clone()),
                None => e,
            },
            _ => e,
        }
    }

    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        match s.kind() {
            StmtKind::For { var, .. } => match self.loops.get(&var.id()) {
                Some(n) => {
                    let mut f = ForParts::of(&s).expect("a loop");
                    f.extent = n.as_int().map_or_else(|| n.clone(), |k| PrimExpr::int_of(k, f.extent.dtype()));
                    f.build()
                }
                None => s,
            },
            StmtKind::BufferStore { buffer, value, indices } => match self.buffer(buffer) {
                Some(new) => Stmt::at(
                    StmtKind::BufferStore { buffer: new.clone(), value: value.clone(), indices: indices.clone() },
                    s.span(),
                ),
                None => s,
            },
            StmtKind::BlockRealize { block, .. } => {
                let mut b = (**block).clone();
                for iv in &mut b.iter_vars {
                    if let (Some(n), Some(d)) = (self.domains.get(&iv.var.id()), iv.dom.as_mut()) {
                        d.extent = n.as_int().map_or_else(|| n.clone(), |k| PrimExpr::int_of(k, d.extent.dtype()));
                    }
                }
                let swap = |rs: &mut Vec<BufferRegion>| {
                    for r in rs {
                        if let Some(new) = self.buffer(&r.buffer) {
                            r.buffer = new.clone();
                        }
                    }
                };
                swap(&mut b.reads);
                swap(&mut b.writes);
                tree::with_block(&s, b)
            }
            _ => s,
        }
    }
}

/// `body` with the statement of its sequence that holds `realize` replaced by what `around`
/// makes of it, inside the buffer declarations that hold it (`B = T.alloc_buffer(..)`, whose
/// buffer the copies may read); an error where that statement holds other blocks too.
fn splice_at(
    body: &Stmt,
    realize: &Stmt,
    name: &str,
    copies: bool,
    around: &mut dyn FnMut(&Stmt) -> Vec<Stmt>,
) -> Result<Stmt, ScheduleError> {
    // (Declarations may nest deeply: the stack grows rather than overflows.)
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || splice_in(body, realize, name, copies, around))
}

fn splice_in(
    body: &Stmt,
    realize: &Stmt,
    name: &str,
    copies: bool,
    around: &mut dyn FnMut(&Stmt) -> Vec<Stmt>,
) -> Result<Stmt, ScheduleError> {
    let mut items = match body.kind() {
        StmtKind::Seq(v) => v.clone(),
        _ => vec![body.clone()],
    };
    let at = items
        .iter()
        .position(|s| s.same_node(realize) || tree::contains(s, realize))
        .ok_or_else(|| err(P, "the block is not in its scope's body"))?;
    let item = items[at].clone();
    let inner = match item.kind() {
        StmtKind::DeclBuffer { buffer, body } => {
            Some(StmtKind::DeclBuffer { buffer: buffer.clone(), body: splice_at(body, realize, name, copies, around)? })
        }
        StmtKind::Allocate { var, dtype, extents, cond, body, annotations } => Some(StmtKind::Allocate {
            var: var.clone(),
            dtype: *dtype,
            extents: extents.clone(),
            cond: cond.clone(),
            body: splice_at(body, realize, name, copies, around)?,
            annotations: annotations.clone(),
        }),
        _ => None,
    };
    match inner {
        Some(kind) => items[at] = Stmt::at(kind, item.span()),
        None => {
            if copies
                && let Some((_, _, other)) = tree::outer_blocks(&item).iter().find(|(_, r, _)| !r.same_node(realize))
            {
                return Err(err(
                    P,
                    format!(
                        "block {name} shares a statement with block {}: its copies have no place of their own",
                        other.name
                    ),
                ));
            }
            items.splice(at..=at, around(&item));
        }
    }
    Ok(Stmt::seq(items))
}

/// Whether `e` is provably a multiple of `k`: a constant one, a product with such a factor,
/// or a sum of such terms.
fn multiple_of(e: &PrimExpr, k: i64) -> bool {
    if let Some(c) = e.as_int() {
        return c % k == 0;
    }
    // (A shape's expression is as deep as its reader let it be.)
    stacker::maybe_grow(64 * 1024, 1024 * 1024, || match e.kind() {
        ExprKind::Binary(BinOp::Mul, a, b) => multiple_of(a, k) || multiple_of(b, k),
        ExprKind::Binary(BinOp::Add | BinOp::Sub, a, b) => multiple_of(a, k) && multiple_of(b, k),
        _ => false,
    })
}
