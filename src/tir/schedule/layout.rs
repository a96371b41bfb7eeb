//! `transform_layout` with TVM's result (`layout_transformation.cc` in TVM 0.27): a buffer
//! takes the shape an index map gives it, and every access to it goes through the map.

use rustc_hash::FxHashMap as HashMap;

use super::{BlockRV, Instruction, Schedule, ScheduleError, err};
use crate::tir::arith::{range_of, simplify};
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr, default_stmt};

/// An index map: `lambda i, j: (i // 16, j // 16, i % 16, j % 16)`.
#[derive(Clone, Debug)]
pub struct IndexMap {
    /// The indices of the buffer's current layout.
    pub params: Vec<Var>,
    /// The indices of the new layout, over `params`.
    pub results: Vec<PrimExpr>,
}

impl IndexMap {
    /// The same value at every index (a constant `pad_value`).
    ///
    /// ```
    /// use strata::tir::{DataType, ast::PrimExpr, schedule::IndexMap};
    /// let zero = IndexMap::constant(PrimExpr::float_of(0.0, DataType::FLOAT32));
    /// assert!(zero.params.is_empty() && zero.results.len() == 1);
    /// ```
    pub fn constant(value: PrimExpr) -> IndexMap {
        IndexMap { params: Vec::new(), results: vec![value] }
    }

    /// The map over indices of type `dt`: its parameters and integer constants retyped
    /// (`None` for a result that is not integer arithmetic of them).
    pub(super) fn with_index_type(&self, dt: crate::tir::DataType) -> Option<IndexMap> {
        fn go(e: &PrimExpr, dt: crate::tir::DataType, vars: &HashMap<u64, Var>, depth: u32) -> Option<PrimExpr> {
            if depth > 64 {
                return None;
            }
            Some(match e.kind() {
                ExprKind::Var(v) => match vars.get(&v.id()) {
                    Some(p) => PrimExpr::var(p),
                    // The function's own variable (a symbolic shape `n`).
                    None if v.dtype() == dt => e.clone(),
                    None if v.dtype().is_int() => PrimExpr::cast(dt, e.clone()),
                    None => return None,
                },
                ExprKind::IntImm(c) => PrimExpr::int_of(*c, dt),
                // The reader widens an int32 parameter next to a `T.int64(8)`.
                ExprKind::Cast(x) if e.dtype().is_int() && x.dtype().is_int() => go(x, dt, vars, depth + 1)?,
                ExprKind::Binary(op, a, b) => {
                    PrimExpr::binary(*op, go(a, dt, vars, depth + 1)?, go(b, dt, vars, depth + 1)?)
                }
                _ => return None,
            })
        }
        let params: Vec<Var> = self.params.iter().map(|p| Var::new(p.name(), dt)).collect();
        let vars: HashMap<u64, Var> = self.params.iter().map(Var::id).zip(params.iter().cloned()).collect();
        let results = self.results.iter().map(|r| go(r, dt, &vars, 0)).collect::<Option<Vec<_>>>()?;
        Some(IndexMap { params, results })
    }

    /// The new indices of the element at `indices`.
    fn apply(&self, indices: &[PrimExpr]) -> Vec<PrimExpr> {
        // An index of a narrower type than the map's (an int32 variable indexing an int64
        // buffer) is widened, as TVM's reader widens it.
        let map: HashMap<u64, PrimExpr> = self
            .params
            .iter()
            .zip(indices)
            .map(|(p, i)| {
                let i = if i.dtype() != p.dtype() && i.dtype().is_int() {
                    PrimExpr::cast(p.dtype(), i.clone())
                } else {
                    i.clone()
                };
                (p.id(), i)
            })
            .collect();
        self.results.iter().map(|r| simplify(&Substitute { map: &map }.expr(r))).collect()
    }
}

/// What `transform_layout` does with padding (TVM's arguments of the same names).
#[derive(Clone, Debug, Default)]
pub struct LayoutPadding {
    /// The value padding elements get, of the buffer's dtype: a map with one result over the
    /// new indices (`lambda i, j: (i + j,)`), or with no parameters for a constant. Where it
    /// goes is TVM's plan: an input gets a block of `T.assume`s, a writer that traverses the
    /// buffer in row-major order iterates the padded shape and stores it there, any other
    /// writer is followed by a block that fills the padding.
    pub pad_value: Option<IndexMap>,
    /// The promise that padding elements are never read: the accesses are reshaped, nothing
    /// writes the padding.
    pub assume_injective_transform: bool,
}

impl Schedule {
    /// Give the buffer a block reads (`read`) or writes at `index` the layout `map` gives it:
    /// its shape becomes the extents of the map's results, and every load, store and region
    /// of it goes through the map (TVM's `transform_layout` without padding).
    ///
    /// # Errors
    /// No buffer at that index, a map of another rank, a symbolic shape, a map whose results
    /// are not a one-to-one cover of the new shape (see [`Schedule::transform_layout_with`] for
    /// padding), or a stale
    /// handle.
    pub fn transform_layout(
        &mut self,
        block: BlockRV,
        read: bool,
        index: usize,
        map: &IndexMap,
    ) -> Result<(), ScheduleError> {
        self.transform_layout_with(block, read, index, map, &LayoutPadding::default())
    }

    /// [`Schedule::transform_layout`] with TVM's `pad_value` and `assume_injective_transform`
    /// for a map whose image is larger than the buffer (see [`LayoutPadding`]).
    ///
    /// # Errors
    /// As [`Schedule::transform_layout`]; padding without a pad value or the injectivity
    /// promise (TVM's message, naming where the padding is); a pad value of another dtype; or
    /// a padded buffer whose writer does not write it whole in row-major order (TVM's other
    /// padding strategies are not supported yet).
    pub fn transform_layout_with(
        &mut self,
        block: BlockRV,
        read: bool,
        index: usize,
        map: &IndexMap,
        padding: &LayoutPadding,
    ) -> Result<(), ScheduleError> {
        const P: &str = "transform_layout";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { block: blk, .. } = site.realize.kind() else { unreachable!("a block site") };
        let old = super::tree::region_at(blk, read, index, P)?.buffer.clone();
        if map.params.len() != old.shape().len() {
            return Err(err(
                P,
                format!(
                    "the index map takes {} indices but {} has rank {}",
                    map.params.len(),
                    old.name(),
                    old.shape().len()
                ),
            ));
        }
        if let Some(b) = super::tree::window_of(&self.func.body, &old) {
            return Err(err(P, format!("block {b} views {} through T.match_buffer (not supported yet)", old.name())));
        }
        // A pointer into the buffer (`B.data`) would see the old layout's offsets in the new one
        // (TVM 0.27 declares a second buffer of the old shape over the new data there).
        if super::tree::uses_data(&self.func.body, &old) {
            return Err(err(
                P,
                format!(
                    "{0}.data is used directly (an opaque access): its offsets would not follow the new layout",
                    old.name()
                ),
            ));
        }
        // The map speaks the buffer's index type (a trace's lambda is read as int32).
        let retyped;
        let map = match old.shape().first().map(PrimExpr::dtype) {
            Some(dt) if map.params.iter().any(|p| p.dtype() != dt) => {
                retyped = map.with_index_type(dt).ok_or_else(|| {
                    err(P, format!("the index map cannot be written in {}'s index type {dt}", old.name()))
                })?;
                &retyped
            }
            _ => map,
        };
        // TVM records the pad value given, padding or not.
        let done = Instruction::TransformLayout {
            block,
            read,
            index,
            map: map.clone(),
            pad_value: padding.pad_value.clone(),
            assume_injective_transform: padding.assume_injective_transform,
        };
        let dt = old.shape().first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
        let Some(dims) = old.shape().iter().map(PrimExpr::as_int).collect::<Option<Vec<i64>>>() else {
            // A symbolic shape: its symbolic indices map to results of their own.
            let shape = match symbolic_shape(map, &old, dt) {
                Ok(shape) => shape,
                // Results that fuse indices over symbolic strides (`y * n + w`).
                Err(why) => match super::radix::mixed_radix(map, old.shape()) {
                    Ok(radixes) => radixes.into_iter().map(|r| r.extent).collect(),
                    Err(_) => return Err(err(P, why)),
                },
            };
            if padding.pad_value.is_some() {
                return Err(err(
                    P,
                    format!("a pad value for {}, whose shape is symbolic (not supported yet)", old.name()),
                ));
            }
            let new = relaid(&old, shape);
            return self.relayout_to(&old, &new, map, done);
        };
        // The new shape: the range of each result as the indices cover the old shape.
        let ranges: HashMap<u64, (i128, i128)> =
            map.params.iter().zip(&dims).map(|(v, &d)| (v.id(), (0, i128::from(d) - 1))).collect();
        let mut shape = Vec::new();
        for r in &map.results {
            let (lo, hi) = range_of(r, &|v: &Var| ranges.get(&v.id()).copied()).ok_or_else(|| {
                err(
                    P,
                    format!(
                        "the range of {} over the shape of {} is not known",
                        crate::tir::script::print_expr(r),
                        old.name()
                    ),
                )
            })?;
            if lo != 0 {
                return Err(err(
                    P,
                    format!("{} does not start at 0 (padding is not supported yet)", crate::tir::script::print_expr(r)),
                ));
            }
            shape.push(i64::try_from(hi + 1).map_err(|_| err(P, "the new shape overflows"))?);
        }
        let old_size = dims.iter().try_fold(1i128, |a, &d| a.checked_mul(i128::from(d)));
        let new_size = shape.iter().try_fold(1i128, |a, &d| a.checked_mul(i128::from(d)));
        let padded = if old_size == new_size {
            // Equal sizes do not make a map one-to-one (`lambda i, j: (j, j)` on a square buffer).
            if let Err(why) = super::iter_map::Bijection::of(map, &dims) {
                return Err(err(P, format!("the index map {why} over the shape of {}", old.name())));
            }
            None
        } else {
            let padded = super::layout_padding::Padded::of(map, &dims, &shape)
                .map_err(|why| err(P, format!("the index map {why} over the shape of {}", old.name())))?;
            if padding.pad_value.is_none() && !padding.assume_injective_transform {
                let axes: Vec<PrimExpr> =
                    padded.names.iter().map(|n| PrimExpr::var(&Var::new(n, crate::tir::DataType::INT32))).collect();
                let tuple = |v: &[String]| {
                    if v.len() == 1 { format!("({},)", v[0]) } else { format!("({})", v.join(", ")) }
                };
                let print = crate::tir::script::print_expr;
                let params: Vec<&str> = map.params.iter().map(Var::name).collect();
                let results: Vec<String> = map.results.iter().map(print).collect();
                let where_ = padded.condition(&axes).map(|c| print(&c)).unwrap_or_default();
                return Err(err(
                    P,
                    format!(
                        "The transformation T.index_map(lambda {}: {}) applied on buffer {} of shape {} would result in shape {}.  However, this would introduce padding wherever {where_} is true.",
                        params.join(", "),
                        tuple(&results),
                        old.name(),
                        tuple(&dims.iter().map(i64::to_string).collect::<Vec<_>>()),
                        tuple(&shape.iter().map(i64::to_string).collect::<Vec<_>>())
                    ),
                ));
            }
            Some(padded)
        };
        let new = relaid(&old, shape.iter().map(|&d| PrimExpr::int_of(d, dt)).collect());
        if let (Some(padded), Some(pad)) = (&padded, &padding.pad_value) {
            let [value] = pad.results.as_slice() else {
                return Err(err(
                    P,
                    format!(
                        "The IndexMap specifying pad_value has {} outputs, should only have one output",
                        pad.results.len()
                    ),
                ));
            };
            if !pad.params.is_empty() && pad.params.len() != shape.len() {
                return Err(err(
                    P,
                    format!(
                        "the pad value takes {} indices but the new layout has rank {}",
                        pad.params.len(),
                        shape.len()
                    ),
                ));
            }
            if value.dtype() != old.dtype() {
                return Err(err(
                    P,
                    format!("the pad value has dtype {} but {} has dtype {}", value.dtype(), old.name(), old.dtype()),
                ));
            }
            let mut loads_other = false;
            crate::tir::visit::walk_expr(value, &mut |e| {
                loads_other |= matches!(e.kind(), ExprKind::BufferLoad(b, _) if *b != old);
            });
            if loads_other {
                return Err(err(P, format!("the pad value may only load from {}", old.name())));
            }
            self.pad(P, &old, &new, padded, pad)?;
        }
        self.relayout_to(&old, &new, map, done)
    }

    /// The rest of a relayout once the new buffer is made (and padded, if it is): every
    /// access of `old` rewritten to `new` through the map, the parameter replaced, and the
    /// instruction recorded.
    fn relayout_to(
        &mut self,
        old: &Buffer,
        new: &Buffer,
        map: &IndexMap,
        done: Instruction,
    ) -> Result<(), ScheduleError> {
        const P: &str = "transform_layout";
        // The constant ranges of every block and loop variable, to simplify the new indices in
        // (TVM simplifies them with the iteration context).
        let mut ranges: HashMap<u64, (i128, i128)> = HashMap::default();
        crate::tir::visit::walk_stmts(&self.func.body, &mut |s| match s.kind() {
            StmtKind::BlockRealize { block, .. } => ranges.extend(super::tree::domains(block)),
            StmtKind::For { var, min, extent, .. } => {
                if let (Some(m), Some(e)) = (min.as_int(), extent.as_int())
                    && e > 0
                {
                    ranges.insert(var.id(), (i128::from(m), i128::from(m) + i128::from(e) - 1));
                }
            }
            _ => {}
        });
        let mut rewrite = Relayout { old, new, map, ranges: &ranges, ok: true };
        let body = rewrite.stmt(&self.func.body);
        if !rewrite.ok {
            return Err(err(P, format!("a region of {} is not elementwise (not supported yet)", old.name())));
        }
        self.func.body = body;
        for (_, b) in &mut self.func.buffer_map {
            if *b == *old {
                *b = new.clone();
            }
        }
        self.trace.push(done);
        Ok(())
    }
}

/// `old` with the new shape: the same data (a `T.alloc_buffer` statement keeps its pointer and
/// takes the new extents), name and scope.
fn relaid(old: &Buffer, shape: Vec<PrimExpr>) -> Buffer {
    let mut spec = BufferSpec::new(old.name(), old.dtype(), shape);
    spec.scope = old.scope().to_string();
    spec.span = old.span();
    spec.data = Some(old.data().clone());
    spec.build()
}

/// A result of an index map that takes a parameter over a symbolic extent: the parameter `k`
/// alone (`stride` 1, no `rest`) or fused with constant ones, `p * stride + rest`, where `rest`
/// is over parameters of constant extents and must cover `[0, stride)` (TVM's iter-map
/// detection makes such a sum one index of extent `n * stride`).
#[derive(Clone)]
struct Symbolic {
    k: usize,
    stride: i64,
    rest: Option<PrimExpr>,
}

impl Symbolic {
    /// The new extent, from the parameter's symbolic one.
    fn extent(&self, symbolic: &PrimExpr) -> PrimExpr {
        if self.stride == 1 {
            symbolic.clone()
        } else {
            PrimExpr::binary(BinOp::Mul, symbolic.clone(), PrimExpr::int_of(self.stride, symbolic.dtype()))
        }
    }
}

/// `r` as `p * stride + rest` with `rest` free of `p` (`p` alone: stride 1, no rest): `p` or
/// `p * c` is one term of the sum `r` (`i * 64 + j * 8 + k`, `j + 64 * i`), the rest the other
/// terms in their order.
fn fused_with(r: &PrimExpr, p: &Var) -> Option<(i64, Option<PrimExpr>)> {
    let scaled = |e: &PrimExpr| match e.kind() {
        ExprKind::Var(v) if v.id() == p.id() => Some(1),
        ExprKind::Binary(BinOp::Mul, a, c) | ExprKind::Binary(BinOp::Mul, c, a)
            if a.as_var().is_some_and(|v| v.id() == p.id()) =>
        {
            c.as_int().filter(|&c| c > 1)
        }
        _ => None,
    };
    let terms = super::radix::sum_terms(r);
    let [at] = (0..terms.len()).filter(|&t| crate::tir::region::uses_var(terms[t], p.id())).collect::<Vec<_>>()[..]
    else {
        return None;
    };
    let stride = scaled(terms[at])?;
    let rest = terms
        .iter()
        .enumerate()
        .filter(|&(t, _)| t != at)
        .map(|(_, &e)| e.clone())
        .reduce(|a, b| PrimExpr::binary(BinOp::Add, a, b));
    Some((stride, rest))
}

/// For each result of `map` over `extents`, how it takes a parameter over a symbolic extent
/// (see [`Symbolic`]); every such parameter must be in exactly one result, alone or fused with
/// constant ones (`Err(k)`: parameter `k` is not).
fn symbolic_results(map: &IndexMap, extents: &[PrimExpr]) -> Result<Vec<Option<Symbolic>>, usize> {
    let mut own: Vec<Option<Symbolic>> = vec![None; map.results.len()];
    let symbolic: Vec<usize> = (0..extents.len()).filter(|&k| extents[k].as_int().is_none()).collect();
    for &k in &symbolic {
        let p = &map.params[k];
        let uses: Vec<usize> =
            (0..map.results.len()).filter(|&i| crate::tir::region::uses_var(&map.results[i], p.id())).collect();
        let [i] = uses.as_slice() else { return Err(k) };
        let Some((stride, rest)) = fused_with(&map.results[*i], p) else { return Err(k) };
        // The rest over constant extents only, and the result no other symbolic parameter's.
        let other_symbolic =
            |e: &PrimExpr| symbolic.iter().any(|&q| crate::tir::region::uses_var(e, map.params[q].id()));
        if own[*i].is_some() || rest.as_ref().is_some_and(other_symbolic) {
            return Err(k);
        }
        own[*i] = Some(Symbolic { k, stride, rest });
    }
    Ok(own)
}

/// The results of `map` that the bijection over its constant extents covers: the results
/// without a symbolic parameter, and the constant part of those fused with one.
fn constant_results(map: &IndexMap, own: &[Option<Symbolic>]) -> Vec<PrimExpr> {
    own.iter()
        .zip(&map.results)
        .filter_map(|(o, r)| match o {
            None => Some(r.clone()),
            Some(s) => s.rest.clone(),
        })
        .collect()
}

/// The extents of `map`'s results over `extents`: a symbolic result's from its parameter's
/// extent (times its stride), the others' from `covered`, the extents of the bijection over the
/// constant extents (in the order of [`constant_results`]); a fused result's rest must cover
/// exactly `[0, stride)`.
fn result_extents(
    map: &IndexMap,
    own: &[Option<Symbolic>],
    covered: &[i64],
    extents: &[PrimExpr],
    dt: crate::tir::DataType,
) -> Result<Vec<PrimExpr>, String> {
    let mut covered = covered.iter().copied();
    own.iter()
        .map(|o| match o {
            None => Ok(PrimExpr::int_of(covered.next().unwrap_or(1), dt)),
            Some(s) => {
                if let Some(rest) = &s.rest {
                    let n = covered.next().unwrap_or(1);
                    if n != s.stride {
                        return Err(format!(
                            "the index map fuses {} with {}, which covers [0, {n}), not [0, {}) (not bijective)",
                            map.params[s.k].name(),
                            crate::tir::script::print_expr(rest),
                            s.stride
                        ));
                    }
                }
                Ok(s.extent(&extents[s.k]))
            }
        })
        .collect()
}

/// The new shape of a buffer with symbolic extents, if the map is one-to-one on it: each
/// index over a symbolic extent is a result of its own (`lambda n, j: (j // 8, n, j % 8)`) or
/// fused with constant ones (`n * 8 + j // 8`), and the other results (and the fused ones'
/// constant parts) are a bijective map of the constant extents.
fn symbolic_shape(map: &IndexMap, old: &Buffer, dt: crate::tir::DataType) -> Result<Vec<PrimExpr>, String> {
    let print = crate::tir::script::print_expr;
    let (shape, name) = (old.shape(), old.name());
    let own = symbolic_results(map, shape).map_err(|k| {
        format!(
            "the index map takes {} over the symbolic extent {} of {name} to other than an index of its own or one fused with constant ones (not supported yet)",
            map.params[k].name(),
            print(&shape[k])
        )
    })?;
    let constant: Vec<(usize, i64)> = shape.iter().enumerate().filter_map(|(k, d)| Some((k, d.as_int()?))).collect();
    let sub = IndexMap {
        params: constant.iter().map(|&(k, _)| map.params[k].clone()).collect(),
        results: constant_results(map, &own),
    };
    let dims: Vec<i64> = constant.iter().map(|&(_, d)| d).collect();
    let bij = super::iter_map::Bijection::of(&sub, &dims)
        .map_err(|why| format!("the index map {why} over the constant extents of {name}"))?;
    result_extents(map, &own, &bij.extents, shape, dt)
}

/// `e` with each variable `point` gives a value for replaced by it.
fn fold_points(e: &PrimExpr, point: &dyn Fn(&PrimExpr) -> Option<PrimExpr>) -> PrimExpr {
    struct Points<'a>(&'a dyn Fn(&PrimExpr) -> Option<PrimExpr>);
    impl Mutator for Points<'_> {
        fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
            (self.0)(e).unwrap_or_else(|| default_expr(self, e))
        }
    }
    Points(point).expr(e)
}

/// Accesses of `old` rewritten to `new` through the map.
struct Relayout<'a> {
    old: &'a Buffer,
    new: &'a Buffer,
    map: &'a IndexMap,
    /// Constant ranges of variables (inclusive), by id.
    ranges: &'a HashMap<u64, (i128, i128)>,
    /// False once a region that is not one element per dimension was met.
    ok: bool,
}

impl Relayout<'_> {
    fn apply(&self, indices: &[PrimExpr]) -> Vec<PrimExpr> {
        let range = |v: &Var| self.ranges.get(&v.id()).copied();
        // A variable of one value is that value inside a computed index (TVM 0.27 prints
        // `B[vj]` for `vi * 128 + vj` where `vi` ranges over [0, 1)), not as an index alone.
        let point = |e: &PrimExpr| -> Option<PrimExpr> {
            let v = e.as_var()?;
            let (lo, hi) = range(v)?;
            if lo != hi {
                return None;
            }
            Some(PrimExpr::int_of(i64::try_from(lo).ok()?, v.dtype()))
        };
        self.map
            .apply(indices)
            .iter()
            .map(|i| {
                let i = if i.as_var().is_some() { i.clone() } else { fold_points(i, &point) };
                crate::tir::arith::simplify_in(&i, &range)
            })
            .collect()
    }
}

impl Mutator for Relayout<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if b == self.old => self.new.load(self.apply(idx)),
            _ => e,
        }
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } if buffer == self.old => Stmt::at(
                StmtKind::BufferStore { buffer: self.new.clone(), value: value.clone(), indices: self.apply(indices) },
                s.span(),
            ),
            StmtKind::DeclBuffer { buffer, body } if buffer == self.old => {
                Stmt::at(StmtKind::DeclBuffer { buffer: self.new.clone(), body: body.clone() }, s.span())
            }
            StmtKind::Allocate { var, dtype, cond, body, annotations, .. } if var == self.old.data() => Stmt::at(
                StmtKind::Allocate {
                    var: var.clone(),
                    dtype: *dtype,
                    extents: self.new.shape().to_vec(),
                    cond: cond.clone(),
                    body: body.clone(),
                    annotations: annotations.clone(),
                },
                s.span(),
            ),
            StmtKind::BlockRealize { values, predicate, block } => {
                // A region wider than an element: what the block now accesses of the new
                // buffer (TVM infers every region of the buffer anew).
                let inferred = std::cell::OnceCell::new();
                let mut fix = |rs: &[BufferRegion], write: bool| -> Vec<BufferRegion> {
                    rs.iter()
                        .map(|r| {
                            if &r.buffer != self.old {
                                return r.clone();
                            }
                            if r.region.iter().any(|x| x.extent.as_int() != Some(1)) {
                                let (reads, writes) = inferred.get_or_init(|| crate::tir::region::infer_regions(block));
                                let found = if write { writes } else { reads };
                                return match found.iter().find(|n| &n.buffer == self.new) {
                                    Some(n) => n.clone(),
                                    None => {
                                        self.ok = false;
                                        r.clone()
                                    }
                                };
                            }
                            let mins: Vec<PrimExpr> = r.region.iter().map(|x| x.min.clone()).collect();
                            BufferRegion {
                                buffer: self.new.clone(),
                                region: self
                                    .apply(&mins)
                                    .into_iter()
                                    .map(|m| {
                                        let dt = m.dtype();
                                        Range::new(m, PrimExpr::int_of(1, dt))
                                    })
                                    .collect(),
                            }
                        })
                        .collect()
                };
                let (reads, writes) = (fix(&block.reads, false), fix(&block.writes, true));
                let allocs = block
                    .alloc_buffers
                    .iter()
                    .map(|b| if b == self.old { self.new.clone() } else { b.clone() })
                    .collect();
                let b = Block { reads, writes, alloc_buffers: allocs, ..(**block).clone() };
                Stmt::at(
                    StmtKind::BlockRealize { values: values.clone(), predicate: predicate.clone(), block: Box::new(b) },
                    s.span(),
                )
            }
            _ => s,
        }
    }
}

impl Schedule {
    /// Re-index a block's iteration space through `map` (TVM's `transform_block_layout`): the
    /// block gets one iteration variable per result of the map, spanning the map's image of its
    /// domain, bound to new loops `ax0, ax1, ..` that replace its loop nest; its body reads the
    /// old variables through the map's inverse.
    ///
    /// # Errors
    /// Loops above the block that hold anything else or do not start at 0, bindings that are
    /// not the loop variables in order, a predicate, a map of another arity or that is not
    /// bijective affine over the block's domain, a new variable mixing spatial and reduction
    /// variables, or a stale handle.
    pub fn transform_block_layout(&mut self, block: BlockRV, map: &IndexMap) -> Result<(), ScheduleError> {
        const P: &str = "transform_block_layout";
        let site = self.block_site(block, P)?;
        let StmtKind::BlockRealize { values, predicate, block: blk } = site.realize.kind() else {
            unreachable!("a block site")
        };
        if !blk.match_buffers.is_empty() {
            return Err(err(P, format!("block {} views buffers through T.match_buffer (not supported yet)", blk.name)));
        }
        // The new loops replace the old ones: a range bound in another of them would name a
        // loop that is gone (fuzzing found `T.grid(16, 16, i, 16)`).
        if let Some(l) = super::tree::dependent_loop(&site.loops) {
            return Err(err(
                P,
                format!("the range of loop {l} above block {} depends on another loop (not supported)", blk.name),
            ));
        }
        let loops: Vec<super::tree::ForParts> = site.loops.iter().filter_map(super::tree::ForParts::of).collect();
        for (k, l) in loops.iter().enumerate() {
            if l.min.as_int() != Some(0) {
                return Err(err(P, format!("loop {} does not start at 0", l.var.name())));
            }
            let next = loops.get(k + 1).map_or(&site.realize, |_| &site.loops[k + 1]);
            if !l.body.same_node(next) {
                return Err(err(P, format!("loop {} holds more than block {}", l.var.name(), blk.name)));
            }
        }
        let trivial = values.len() == loops.len()
            && values.iter().zip(&loops).all(|(v, l)| matches!(v.kind(), ExprKind::Var(x) if *x == l.var));
        if !trivial {
            return Err(err(P, format!("the bindings of block {} are not its loop variables in order", blk.name)));
        }
        if predicate.as_int() != Some(1) {
            return Err(err(P, format!("block {} has a predicate", blk.name)));
        }
        if map.params.len() != blk.iter_vars.len() {
            return Err(err(
                P,
                format!(
                    "the index map takes {} indices but block {} has {} iteration variables",
                    map.params.len(),
                    blk.name,
                    blk.iter_vars.len()
                ),
            ));
        }
        // Each domain from 0; a symbolic extent's variable must be a result of its own (as
        // TVM's iter-map detection leaves it), the others a bijection of the constant extents.
        let mut extents: Vec<PrimExpr> = Vec::new();
        for iv in &blk.iter_vars {
            match iv.dom.as_ref() {
                Some(d) if d.min.as_int() == Some(0) => extents.push(d.extent.clone()),
                _ => {
                    return Err(err(
                        P,
                        format!("the domain of {} is not a range from 0 (not supported)", iv.var.name()),
                    ));
                }
            }
        }
        // The map speaks of the block's variables, in their type (a trace's lambda is read as
        // int32; `T.int64(32) * n` over int64 variables needs no casts).
        let retyped = match blk.iter_vars.first().map(|iv| iv.var.dtype()) {
            Some(dt) if map.params.iter().any(|p| p.dtype() != dt) => map.with_index_type(dt),
            _ => None,
        };
        let typed = retyped.as_ref().unwrap_or(map);
        let rename: HashMap<u64, PrimExpr> =
            typed.params.iter().zip(&blk.iter_vars).map(|(p, iv)| (p.id(), PrimExpr::var(&iv.var))).collect();
        let over_block = IndexMap {
            params: blk.iter_vars.iter().map(|iv| iv.var.clone()).collect(),
            results: typed.results.iter().map(|r| simplify(&Substitute { map: &rename }.expr(r))).collect(),
        };
        let dt = blk.iter_vars.first().map_or(crate::tir::DataType::INT32, |iv| iv.var.dtype());
        let new_vars: Vec<PrimExpr> =
            (0..over_block.results.len()).map(|i| PrimExpr::var(&Var::new(&format!("v{i}"), dt))).collect();
        // The new extents, and each block variable over the new ones.
        let (new_extents, inverse) = match block_layout_parts(&over_block, &extents, &new_vars, dt) {
            Ok(parts) => parts,
            // Results that fuse indices over symbolic strides (`y * n + w`).
            Err(why) => match super::radix::mixed_radix(&over_block, &extents) {
                Ok(radixes) => {
                    let mut inverse: HashMap<u64, PrimExpr> =
                        blk.iter_vars.iter().map(|iv| (iv.var.id(), PrimExpr::int_of(0, iv.var.dtype()))).collect();
                    for (r, v) in radixes.iter().zip(&new_vars) {
                        for (k, e) in r.inverse(v) {
                            inverse.insert(blk.iter_vars[k].var.id(), e);
                        }
                    }
                    (radixes.into_iter().map(|r| r.extent).collect(), inverse)
                }
                Err(_) => return Err(err(P, why.replace("{block}", &blk.name))),
            },
        };
        let inverse = keep_unit_results(&over_block, &extents, &new_vars, inverse);
        let mut iter_vars = Vec::new();
        for (i, r) in over_block.results.iter().enumerate() {
            let mut kinds =
                blk.iter_vars.iter().filter(|iv| crate::tir::region::uses_var(r, iv.var.id())).map(|iv| iv.iter_type);
            // A new variable of one value is spatial, whatever it was made of (a constant
            // result, a reduction variable of extent 1), as TVM makes it.
            let unit = new_extents[i].as_int() == Some(1);
            let kind = match kinds.next() {
                _ if unit => IterType::DataPar,
                Some(kind) => kind,
                None => return Err(err(P, format!("result {i} of the index map uses no iteration variable"))),
            };
            if !unit && kinds.any(|k| k != kind) {
                return Err(err(
                    P,
                    format!(
                        "cannot tell the kind of the new iteration variable {}: it mixes kinds of variables",
                        crate::tir::script::print_expr(r)
                    ),
                ));
            }
            iter_vars.push(IterVar {
                dom: Some(Range::new(PrimExpr::int_of(0, dt), new_extents[i].clone())),
                var: new_vars[i].as_var().expect("a variable").clone(),
                iter_type: kind,
                thread_tag: String::new(),
            });
        }
        // Simplified in the new variables' domains, as TVM's analyzer binds them (`v % 16` of
        // `v < 16` is `v`).
        let ranges: HashMap<u64, (i128, i128)> = iter_vars
            .iter()
            .filter_map(|iv| Some((iv.var.id(), (0, i128::from(iv.dom.as_ref()?.extent.as_int()?) - 1))))
            .collect();
        let moved = SimplifyAccesses { ranges: &ranges }.stmt(&Substitute { map: &inverse }.stmt(&site.realize));
        let StmtKind::BlockRealize { block: moved, .. } = moved.kind() else { unreachable!("a realize") };
        let loop_vars: Vec<Var> = (0..iter_vars.len()).map(|i| Var::new(&format!("ax{i}"), dt)).collect();
        let new_block = Block { iter_vars, ..(**moved).clone() };
        let mut body = Stmt::at(
            StmtKind::BlockRealize {
                values: loop_vars.iter().map(PrimExpr::var).collect(),
                predicate: predicate.clone(),
                block: Box::new(new_block),
            },
            site.realize.span(),
        );
        for (v, e) in loop_vars.iter().zip(&new_extents).rev() {
            body = Stmt::for_range(v, PrimExpr::int_of(0, dt), e.clone(), body);
        }
        let scope = site.loops.first().unwrap_or(&site.realize);
        self.func.body = super::blocks::replace_stmt(&self.func.body, scope, &body);
        self.trace.push(Instruction::TransformBlockLayout { block, map: map.clone() });
        Ok(())
    }
}

/// [`Schedule::transform_block_layout`]'s new extents and inverse where each index over a
/// symbolic extent is a result of its own or fused with constant ones and the rest is a
/// bijection of the constant extents (`Err`: why not; `{block}` stands for the block's name).
fn block_layout_parts(
    over_block: &IndexMap,
    extents: &[PrimExpr],
    new_vars: &[PrimExpr],
    dt: crate::tir::DataType,
) -> Result<(Vec<PrimExpr>, HashMap<u64, PrimExpr>), String> {
    // `own[i]`: how result `i` takes a block variable of symbolic extent.
    let own = symbolic_results(over_block, extents).map_err(|k| {
        format!(
            "the index map takes {} over the symbolic extent {} to other than an index of its own or one fused with constant ones (not supported yet)",
            over_block.params[k].name(),
            crate::tir::script::print_expr(&extents[k])
        )
    })?;
    let constant: Vec<usize> = (0..extents.len()).filter(|&k| extents[k].as_int().is_some()).collect();
    let sub = IndexMap {
        params: constant.iter().map(|&k| over_block.params[k].clone()).collect(),
        results: constant_results(over_block, &own),
    };
    let dims: Vec<i64> = constant.iter().filter_map(|&k| extents[k].as_int()).collect();
    let bij = super::iter_map::Bijection::of(&sub, &dims)
        .map_err(|why| format!("the index map {why} over the domain of block {{block}}"))?;
    let new_extents = result_extents(over_block, &own, &bij.extents, extents, dt)?;
    // A fused result's new variable is `p * stride + rest`: `p` its quotient, the rest's
    // part of the bijection its remainder.
    let stride = |s: &Symbolic| PrimExpr::int_of(s.stride, dt);
    let sub_new: Vec<PrimExpr> = own
        .iter()
        .zip(new_vars)
        .filter_map(|(o, v)| match o {
            None => Some(v.clone()),
            Some(s) => s.rest.as_ref().map(|_| PrimExpr::floormod(v.clone(), stride(s))),
        })
        .collect();
    // (In each variable's type: with no constant result left, a unit variable's 0 has no
    // other type to take.)
    let mut inverse: HashMap<u64, PrimExpr> = sub
        .params
        .iter()
        .zip(bij.inverse(&sub_new))
        .map(|(v, e)| (v.id(), crate::tir::arith::as_dtype(e, v.dtype())))
        .collect();
    for (o, v) in own.iter().zip(new_vars) {
        if let Some(s) = o {
            let p = if s.stride == 1 { v.clone() } else { PrimExpr::floordiv(v.clone(), stride(s)) };
            inverse.insert(over_block.params[s.k].id(), p);
        }
    }
    Ok((new_extents, inverse))
}

/// `inverse` with each block variable of extent 1 that a result is by itself read as that
/// result's new variable (TVM's inverse of `lambda i, k: (i, k)` keeps `k` as `v1`; the digits
/// of the bijection see only a constant 0).
fn keep_unit_results(
    over_block: &IndexMap,
    extents: &[PrimExpr],
    new_vars: &[PrimExpr],
    mut inverse: HashMap<u64, PrimExpr>,
) -> HashMap<u64, PrimExpr> {
    for (r, v) in over_block.results.iter().zip(new_vars) {
        let ExprKind::Var(x) = r.kind() else { continue };
        if let Some(k) = over_block.params.iter().position(|p| p == x)
            && extents[k].as_int() == Some(1)
        {
            inverse.insert(x.id(), v.clone());
        }
    }
    inverse
}

/// `x - c` as `x + -c`: TVM's simplified region bounds keep a constant offset as a sum
/// (`x[v1 + T.int64(-1)]` in `T.reads`, where the body's load prints `v1 - T.int64(1)`).
fn negative_offset(e: PrimExpr) -> PrimExpr {
    match e.kind() {
        ExprKind::Binary(BinOp::Sub, x, c) if c.as_int().is_some_and(|c| c > 0) => {
            PrimExpr::binary(BinOp::Add, x.clone(), PrimExpr::int_of(-c.as_int().unwrap_or(0), c.dtype()))
        }
        _ => e,
    }
}

/// Buffer indices and regions simplified (TVM's `BlockBufferAccessSimplifier`).
struct SimplifyAccesses<'a> {
    /// The ranges of the variables known (the block's new ones).
    ranges: &'a HashMap<u64, (i128, i128)>,
}

impl SimplifyAccesses<'_> {
    fn simplify(&self, e: &PrimExpr) -> PrimExpr {
        crate::tir::arith::simplify_bounded(e, &|v: &Var| self.ranges.get(&v.id()).copied())
    }
}

impl Mutator for SimplifyAccesses<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) => b.load(idx.iter().map(|i| self.simplify(i)).collect()),
            _ => e,
        }
    }
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        let s = stacker::maybe_grow(64 * 1024, 1024 * 1024, || default_stmt(self, s));
        match s.kind() {
            StmtKind::BufferStore { buffer, value, indices } => Stmt::at(
                StmtKind::BufferStore {
                    buffer: buffer.clone(),
                    value: value.clone(),
                    indices: indices.iter().map(|i| self.simplify(i)).collect(),
                },
                s.span(),
            ),
            StmtKind::BlockRealize { .. } => super::tree::map_regions(&s, &|r| BufferRegion {
                buffer: r.buffer.clone(),
                region: r
                    .region
                    .iter()
                    .map(|x| Range::new(negative_offset(self.simplify(&x.min)), self.simplify(&x.extent)))
                    .collect(),
            }),
            _ => s,
        }
    }
}
