//! Block regions: the `T.reads`/`T.writes` of a block that does not spell them out, inferred
//! as TVM infers them (`BlockReadWriteDetector`): every buffer the block's init and body load
//! or store, in order of first access, each as the box that covers its accesses (loops inside
//! the block relaxed over their ranges, the values of lets bound inside it substituted);
//! buffers the block allocates are left out, and a reduction (a block with an init) does not
//! list what it writes among its reads.

use rustc_hash::FxHashMap as HashMap;

use super::ast::*;
use super::mutate::{Mutator, Substitute};

/// The read and write regions of `block`.
pub fn infer_regions(block: &Block) -> (Vec<BufferRegion>, Vec<BufferRegion>) {
    let (reads, writes, _) = detect(block, None);
    (reads, writes)
}

/// The read and write regions of `block`, its body seeing the buffers of `known` (by their
/// data variables' ids), as TVM's parser completes a block: `T.tvm_access_ptr(.., B.data, ..,
/// mask)` of a known buffer reads (mask 1) or writes (2) all of it; an `Err` names a known
/// buffer the block accesses opaquely — its data used directly (`f(B.data)`), or an access
/// pointer that both reads and writes — whose region cannot be inferred.
pub fn infer_regions_seeing(
    block: &Block,
    known: &HashMap<u64, Buffer>,
) -> Result<(Vec<BufferRegion>, Vec<BufferRegion>), Buffer> {
    match detect(block, Some(known)) {
        (_, _, Some(b)) => Err(b),
        (reads, writes, None) => Ok((reads, writes)),
    }
}

fn detect(
    block: &Block,
    known: Option<&HashMap<u64, Buffer>>,
) -> (Vec<BufferRegion>, Vec<BufferRegion>, Option<Buffer>) {
    let none = HashMap::default();
    let mut cx = Detect {
        loops: Vec::new(),
        let_values: HashMap::default(),
        let_sizes: HashMap::default(),
        matches: &block.match_buffers,
        known: known.unwrap_or(&none),
        seeing: known.is_some(),
        declared: HashMap::default(),
        opaque: None,
        reads: Vec::new(),
        writes: Vec::new(),
    };
    if let Some(init) = &block.init {
        cx.stmt(init);
    }
    cx.stmt(&block.body);
    let local = |b: &Buffer| block.alloc_buffers.contains(b);
    let boxes = |acc: Accesses| -> Vec<BufferRegion> {
        acc.into_iter().filter(|(b, _)| !local(b)).map(|(b, list)| hull(&b, &list)).collect()
    };
    let writes = boxes(cx.writes);
    let mut reads = boxes(cx.reads);
    if block.init.is_some() {
        reads.retain(|r| !writes.iter().any(|w| w.buffer == r.buffer));
    }
    (reads, writes, cx.opaque)
}

/// The coefficient of variable `id` in `e`, if `e` is linear in it (0 when it does not use it).
pub fn coefficient(e: &PrimExpr, id: u64) -> Option<i64> {
    if !uses_var(e, id) {
        return Some(0);
    }
    match e.kind() {
        ExprKind::Var(v) if v.id() == id => Some(1),
        ExprKind::Binary(BinOp::Add, a, b) => coefficient(a, id)?.checked_add(coefficient(b, id)?),
        ExprKind::Binary(BinOp::Sub, a, b) => coefficient(a, id)?.checked_sub(coefficient(b, id)?),
        ExprKind::Binary(BinOp::Mul, a, b) => match (a.as_int(), b.as_int()) {
            (_, Some(k)) => coefficient(a, id)?.checked_mul(k),
            (Some(k), _) => coefficient(b, id)?.checked_mul(k),
            _ => None,
        },
        ExprKind::Cast(x) => coefficient(x, id),
        _ => None,
    }
}

/// Whether `e` uses variable `id`.
pub fn uses_var(e: &PrimExpr, id: u64) -> bool {
    let mut found = false;
    super::visit::walk_expr(e, &mut |x| found |= x.as_var().is_some_and(|v| v.id() == id));
    found
}

/// Accesses found so far: per buffer (in order of first access), one box per access.
pub type Accesses = Vec<(Buffer, Vec<Vec<(PrimExpr, PrimExpr)>>)>;

struct Detect<'a> {
    /// Loops inside the block around the current statement: variable, minimum, extent.
    loops: Vec<(Var, PrimExpr, PrimExpr)>,
    /// Lets inside the block around the current statement: their values, lets substituted
    /// (left out when too large to substitute) ...
    let_values: HashMap<u64, PrimExpr>,
    /// ... and those values' sizes as trees (`usize::MAX`: too large).
    let_sizes: HashMap<u64, usize>,
    /// The block's `T.match_buffer`s: an access to one is an access to its source window.
    matches: &'a [MatchBufferRegion],
    /// Buffers in scope by their data variables' ids (for access pointers and opaque uses).
    known: &'a HashMap<u64, Buffer>,
    /// Whether the buffers in scope were given (the reader's inference, as TVM's parser).
    seeing: bool,
    /// Buffers the block's statements declare (`T.decl_buffer`, `T.alloc_buffer` statements),
    /// known to the statements after them when `seeing`, as TVM's parser adds them.
    declared: HashMap<u64, Buffer>,
    /// The first known buffer accessed opaquely.
    opaque: Option<Buffer>,
    reads: Accesses,
    writes: Accesses,
}

impl Detect<'_> {
    /// Record an access; one to a matched buffer is recorded on its source, as TVM's
    /// `ConvertMatchedRegion` does: the window's minimum plus the access's, leading dimensions
    /// the window does not match of extent 1.
    fn record(&mut self, read: bool, b: &Buffer, bx: Vec<(PrimExpr, PrimExpr)>) {
        let into = if read { &mut self.reads } else { &mut self.writes };
        let Some(m) = self.matches.iter().find(|m| &m.buffer == b) else {
            add(into, b, bx);
            return;
        };
        let source = &m.source;
        let Some(offset) = source.region.len().checked_sub(bx.len()) else {
            add(into, b, bx);
            return;
        };
        let mut converted: Vec<(PrimExpr, PrimExpr)> =
            source.region[..offset].iter().map(|r| (r.min.clone(), PrimExpr::int_of(1, r.min.dtype()))).collect();
        for (d, (min, ext)) in bx.into_iter().enumerate() {
            let window = &source.region[offset + d];
            // An access not known covers the matched buffer's dimension.
            let (min, ext) = match (ext.as_int(), b.shape().get(d).and_then(PrimExpr::as_int)) {
                (Some(-1), Some(n)) => (PrimExpr::int_of(0, min.dtype()), PrimExpr::int_of(n, ext.dtype())),
                _ => (min, ext),
            };
            if ext.as_int() == Some(-1) {
                converted.push((PrimExpr::int_of(0, window.min.dtype()), ext));
                continue;
            }
            let min = if min.dtype() == window.min.dtype() { min } else { PrimExpr::cast(window.min.dtype(), min) };
            converted.push((super::arith::simplify(&PrimExpr::binary(BinOp::Add, window.min.clone(), min)), ext));
        }
        add(into, &source.buffer, converted);
    }

    fn stmt(&mut self, s: &Stmt) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match s.kind() {
            StmtKind::For { var, min, extent, body, .. } => {
                self.exprs_of(s);
                self.loops.push((var.clone(), min.clone(), extent.clone()));
                self.stmt(body);
                self.loops.pop();
            }
            StmtKind::LetStmt { var, value, body } => {
                // As TVM (0.27) does, an access through a let is seen at the let's value, its
                // own lets substituted: `A[x1]` under `x0 = vk + 1`, `x1 = x0 * 2` reads
                // `A[(vk + 1) * 2]`. Chained lets (`x1 = x0 + x0`, ..) grow exponentially as
                // trees: past a bound, an access through them covers the whole dimension.
                self.expr(value);
                let (value, size) = match self.substitute_lets(value) {
                    Some((v, n)) => (Some(v), n),
                    None => (None, usize::MAX),
                };
                let outer_value = match value {
                    Some(v) => self.let_values.insert(var.id(), v),
                    None => self.let_values.remove(&var.id()),
                };
                let outer_size = self.let_sizes.insert(var.id(), size);
                self.stmt(body);
                match outer_value {
                    Some(o) => self.let_values.insert(var.id(), o),
                    None => self.let_values.remove(&var.id()),
                };
                match outer_size {
                    Some(o) => self.let_sizes.insert(var.id(), o),
                    None => self.let_sizes.remove(&var.id()),
                };
            }
            StmtKind::DeclBuffer { buffer, body } if self.seeing => {
                self.declared.insert(buffer.data().id(), buffer.clone());
                self.exprs_of(s);
                self.stmt(body);
            }
            StmtKind::BufferStore { buffer, value, indices } => {
                self.expr(value);
                for i in indices {
                    self.expr(i);
                }
                let b = self.relax_point(indices);
                self.record(false, buffer, b);
            }
            StmtKind::BlockRealize { values, block, .. } => {
                // A nested block accesses its own regions, its variables bound to its values.
                for v in values {
                    self.expr(v);
                }
                let map: HashMap<u64, PrimExpr> =
                    block.iter_vars.iter().zip(values).map(|(iv, v)| (iv.var.id(), v.clone())).collect();
                let (reads, writes) = if block.reads.is_empty() && block.writes.is_empty() {
                    infer_regions(block)
                } else {
                    (block.reads.clone(), block.writes.clone())
                };
                for (list, into) in [(reads, true), (writes, false)] {
                    for r in list {
                        let mins: Vec<PrimExpr> =
                            r.region.iter().map(|x| Substitute { map: &map }.expr(&x.min)).collect();
                        let mut b = self.relax_point(&mins);
                        for (d, x) in r.region.iter().enumerate() {
                            if let (Some((_, ext)), Some(e)) = (b.get_mut(d), x.extent.as_int()) {
                                *ext = widen(ext, e);
                            }
                        }
                        self.record(into, &r.buffer, b);
                    }
                }
            }
            _ => {
                self.exprs_of(s);
                for c in super::visit::stmt_children(s) {
                    self.stmt(c);
                }
            }
        });
    }

    /// The expressions of a statement itself (not of the statements inside it).
    fn exprs_of(&mut self, s: &Stmt) {
        for e in super::visit::stmt_exprs(s) {
            self.expr(e);
        }
    }

    fn expr(&mut self, e: &PrimExpr) {
        // Uses of known data variables, and those of them that are an access pointer's.
        let (mut uses, mut pointers) = (Vec::new(), Vec::new());
        // Out of `self` while the walk records accesses through it.
        let (known, declared) = (self.known, std::mem::take(&mut self.declared));
        let lookup = |id: u64| known.get(&id).or_else(|| declared.get(&id));
        super::visit::walk_expr(e, &mut |x| match x.kind() {
            ExprKind::BufferLoad(b, idx) => {
                let bx = self.relax_point(idx);
                self.record(true, b, bx);
            }
            ExprKind::Var(v) if lookup(v.id()).is_some() => uses.push(v.id()),
            ExprKind::Call(Callee::Builtin(n), args) if &**n == "tir.tvm_access_ptr" && args.len() == 5 => {
                let (Some(data), Some(mask)) = (args[1].as_var(), args[4].as_int()) else { return };
                let Some(b) = lookup(data.id()) else { return };
                pointers.push(data.id());
                let whole: Vec<(PrimExpr, PrimExpr)> =
                    b.shape().iter().map(|d| (PrimExpr::int_of(0, d.dtype()), d.clone())).collect();
                match mask & 3 {
                    3 => {
                        self.opaque.get_or_insert_with(|| b.clone());
                    }
                    1 => self.record(true, b, whole),
                    2 => self.record(false, b, whole),
                    _ => {}
                }
            }
            _ => {}
        });
        let opaque = uses.into_iter().find_map(|id| match pointers.iter().position(|&p| p == id) {
            Some(k) => {
                pointers.swap_remove(k);
                None
            }
            None => lookup(id).cloned(),
        });
        if let Some(b) = opaque {
            self.opaque.get_or_insert(b);
        }
        self.declared = declared;
    }

    /// `e` with the values of the lets around it substituted, and its size as a tree; `None`
    /// past [`MAX_LET_TREE`] nodes.
    fn substitute_lets(&self, e: &PrimExpr) -> Option<(PrimExpr, usize)> {
        if self.let_sizes.is_empty() {
            return Some((e.clone(), 0));
        }
        let size = |v: &Var| self.let_sizes.get(&v.id()).copied();
        let n = super::visit::tree_size_up_to(e, MAX_LET_TREE, &size);
        if n > MAX_LET_TREE {
            return None;
        }
        Some((Substitute { map: &self.let_values }.expr(e), n))
    }

    /// The box of one access at `indices` as the loops inside the block run: per dimension, a
    /// minimum and an extent (an extent of -1: not known, the whole dimension).
    fn relax_point(&self, indices: &[PrimExpr]) -> Vec<(PrimExpr, PrimExpr)> {
        indices
            .iter()
            .map(|i| {
                if i.dtype().lanes > 1 {
                    // A vector index: its lanes (`Ramp(base, 1, n)` covers n elements).
                    if let ExprKind::Ramp(base, stride, n) = i.kind()
                        && stride.as_int() == Some(1)
                    {
                        return self.relax_scalar(base, i64::from(*n));
                    }
                }
                self.relax_scalar(i, 1)
            })
            .collect()
    }

    fn relax_scalar(&self, i: &PrimExpr, width: i64) -> (PrimExpr, PrimExpr) {
        let dt = i.dtype().with_lanes(1);
        let Some((i, _)) = self.substitute_lets(i) else {
            return (PrimExpr::int_of(0, dt), PrimExpr::int_of(-1, dt));
        };
        let i = &i;
        let mut lo = HashMap::default();
        let mut extent = width;
        for (v, min, ext) in &self.loops {
            let Some(c) = coefficient(i, v.id()) else {
                return (PrimExpr::int_of(0, dt), PrimExpr::int_of(-1, dt));
            };
            if c == 0 {
                continue;
            }
            // A loop that may not run (or of unknown extent) leaves the region unknown.
            let Some(n) = ext.as_int().filter(|&n| n >= 1) else {
                return (PrimExpr::int_of(0, dt), PrimExpr::int_of(-1, dt));
            };
            let at = if c > 0 {
                min.clone()
            } else {
                PrimExpr::binary(BinOp::Add, min.clone(), PrimExpr::int_of(n - 1, dt))
            };
            lo.insert(v.id(), at);
            extent = extent.saturating_add(c.saturating_abs().saturating_mul(n - 1));
        }
        let min = if lo.is_empty() { i.clone() } else { super::arith::simplify(&Substitute { map: &lo }.expr(i)) };
        (min, PrimExpr::int_of(extent, dt))
    }
}

/// The most nodes of an access's index with the lets around it substituted.
const MAX_LET_TREE: usize = 256;

/// `e` widened by `more - 1` (a nested region of extent `more` at each point).
fn widen(e: &PrimExpr, more: i64) -> PrimExpr {
    match e.as_int() {
        Some(x) if x >= 0 && more >= 1 => PrimExpr::int_of(x.saturating_add(more - 1), e.dtype()),
        _ => e.clone(),
    }
}

/// Record the box `bx` of an access to `b`.
pub fn add(acc: &mut Accesses, b: &Buffer, bx: Vec<(PrimExpr, PrimExpr)>) {
    match acc.iter_mut().find(|(x, _)| x == b) {
        Some((_, list)) => list.push(bx),
        None => acc.push((b.clone(), vec![bx])),
    }
}

/// The box covering `list` in `b`, per dimension: when every minimum is one expression plus a
/// constant, from the smallest to the furthest end; otherwise from `T.min` of the minimums to
/// `T.max` of the last elements, plus one (as TVM prints it); the whole dimension when an
/// access is not known.
pub fn hull(b: &Buffer, list: &[Vec<(PrimExpr, PrimExpr)>]) -> BufferRegion {
    let rank = b.shape().len();
    let region = (0..rank)
        .map(|d| {
            let whole = || Range::new(PrimExpr::int_of(0, b.shape()[d].dtype()), b.shape()[d].clone());
            let dims: Vec<(&PrimExpr, i64)> =
                list.iter().filter_map(|bx| bx.get(d)).map(|(m, e)| (m, e.as_int().unwrap_or(-1))).collect();
            let Some(&(first, first_ext)) = dims.first() else { return whole() };
            if dims.iter().any(|(_, e)| *e < 0) {
                return whole();
            }
            let dt = first.dtype();
            // Offsets from the first access's minimum, when constant.
            let offsets: Option<Vec<i64>> = dims
                .iter()
                .map(|(m, _)| {
                    let diff =
                        super::arith::linear(&PrimExpr::binary(BinOp::Sub, (*m).clone(), first.clone())).as_const();
                    diff.and_then(|x| i64::try_from(x).ok())
                })
                .collect();
            if let Some(offsets) = offsets {
                let (mut low, mut at, mut end) = (0i64, first, first_ext);
                for ((m, e), off) in dims.iter().zip(&offsets) {
                    if *off < low {
                        (low, at) = (*off, m);
                    }
                    end = end.max(off.saturating_add(*e));
                }
                return Range::new(at.clone(), PrimExpr::int_of(end.saturating_sub(low), dt));
            }
            // Symbolic: min(m_k) .. max(m_k + e_k - 1) + 1, each distinct bound once; of two
            // bounds a constant apart only the smaller minimum (the larger last) is kept, where
            // the first of them stood, as TVM's simplifier folds `T.min(x, x + 1)` to `x`.
            let mut mins: Vec<PrimExpr> = Vec::new();
            let mut lasts: Vec<PrimExpr> = Vec::new();
            let apart = |a: &PrimExpr, b: &PrimExpr| {
                super::arith::linear(&PrimExpr::binary(BinOp::Sub, a.clone(), b.clone())).as_const()
            };
            let keep = |bounds: &mut Vec<PrimExpr>, x: PrimExpr, smaller: bool| match bounds
                .iter_mut()
                .find_map(|b| apart(&x, b).map(|d| (b, d)))
            {
                Some((b, d)) => {
                    if (smaller && d < 0) || (!smaller && d > 0) {
                        *b = x;
                    }
                }
                None => bounds.push(x),
            };
            for (m, e) in &dims {
                keep(&mut mins, (*m).clone(), true);
                let last =
                    super::arith::simplify(&PrimExpr::binary(BinOp::Add, (*m).clone(), PrimExpr::int_of(e - 1, dt)));
                keep(&mut lasts, last, false);
            }
            // A constant bound that every other one is provably past is the bound (TVM's
            // simplifier folds `T.min(0, x % 4)` to `0`, knowing nothing of `x`).
            let settle = |bounds: &mut Vec<PrimExpr>, smaller: bool| {
                let known = |x: &PrimExpr| super::arith::range_of(x, &|_| None);
                let beaten = |c: i64, x: &PrimExpr| {
                    known(x).is_some_and(|(lo, hi)| if smaller { lo >= i128::from(c) } else { hi <= i128::from(c) })
                };
                if let Some(c) = bounds.iter().find_map(PrimExpr::as_int)
                    && bounds.iter().all(|x| x.as_int() == Some(c) || beaten(c, x))
                {
                    *bounds = vec![PrimExpr::int_of(c, dt)];
                }
            };
            settle(&mut mins, true);
            settle(&mut lasts, false);
            let fold = |xs: Vec<PrimExpr>, f: fn(PrimExpr, PrimExpr) -> PrimExpr| {
                xs.into_iter().reduce(f).unwrap_or_else(|| PrimExpr::int_of(0, dt))
            };
            let min = fold(mins, PrimExpr::min);
            let end = PrimExpr::binary(BinOp::Add, fold(lasts, PrimExpr::max), PrimExpr::int_of(1, dt));
            Range::new(min.clone(), PrimExpr::binary(BinOp::Sub, end, min))
        })
        .collect();
    BufferRegion { buffer: b.clone(), region }
}
