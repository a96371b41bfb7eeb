//! `fuse_reduction_epilogue`: an elementwise epilogue of a sum (`D = temp + C`, a ReLU or a
//! clipping of it) fused into the reduction block, which then accumulates into the epilogue's
//! output (TVM 0.27's `FuseReductionEpilogue` in `compute_inline.cc`).
//!
//! TVM's transformation: the init becomes the epilogue applied to zero (`D = C`), the update
//! becomes the epilogue applied to the running sum with the bias left out
//! (`D = max(D + a * b, 0)`); the epilogue block and the loops only it held go; the reduction's
//! buffer stays allocated. For a bias that is the same sum; `T.min`/`T.max` around it are applied
//! at every step of the reduction instead of once at the end, as TVM documents.
//!
//! TVM 0.27 applies the same rewrite to epilogues it computes something else for (a second bias
//! added at every step, `temp - C`, a transposed read of `temp`, `T.exp(temp)`, a max-reduction
//! whose init is not zero, another block still reading `temp`); Strata refuses those with a
//! message instead of building that kernel.

use rustc_hash::FxHashMap as HashMap;

use super::{BlockRV, Instruction, Schedule, ScheduleError, err, tree};
use crate::tir::arith::prove_equal;
use crate::tir::ast::*;
use crate::tir::mutate::{Mutator, Substitute, default_expr};

const P: &str = "fuse_reduction_epilogue";

impl Schedule {
    /// Fuse `epilogue` (`D[..] = temp[..] + C[..]`, or `T.min`/`T.max` of that or of
    /// `temp[..]` with values that do not read `temp`) into the sum `reduction` that writes
    /// `temp`: the reduction then starts from the epilogue of zero and accumulates into `D`.
    ///
    /// ```
    /// use strata::tir::schedule::Schedule;
    /// let m = strata::tir::parse_script(r#"
    /// @T.prim_func(s_tir=True)
    /// def mm(A: T.Buffer((4, 4), "float32"), C: T.Buffer((4,), "float32"), D: T.Buffer((4, 4), "float32")):
    ///     temp = T.sblock_alloc_buffer((4, 4))
    ///     for i, j, k in T.grid(4, 4, 4):
    ///         with T.sblock("mm"):
    ///             vi, vj, vk = T.axis.remap("SSR", [i, j, k])
    ///             with T.init():
    ///                 temp[vi, vj] = T.float32(0)
    ///             temp[vi, vj] = temp[vi, vj] + A[vi, vk] * A[vk, vj]
    ///     for i, j in T.grid(4, 4):
    ///         with T.sblock("bias"):
    ///             vi, vj = T.axis.remap("SS", [i, j])
    ///             D[vi, vj] = temp[vi, vj] + C[vj]
    /// "#).unwrap();
    /// let mut sch = Schedule::new(m.funcs[0].clone());
    /// let (mm, bias) = (sch.get_block("mm").unwrap(), sch.get_block("bias").unwrap());
    /// sch.fuse_reduction_epilogue(mm, bias).unwrap();
    /// assert!(strata::tir::script::print_func(sch.func()).contains("D[vi, vj] = C[vj]"));
    /// ```
    ///
    /// # Errors
    /// A `reduction` that is not a sum from zero into a buffer only `epilogue` reads; an
    /// `epilogue` that is not one unpredicated store over the same spatial domain reading that
    /// buffer once at the reduction's own indices, or that does more to it than add a bias and
    /// bound it with `T.min`/`T.max`; blocks in between that touch what the fused block would
    /// move; or a stale handle.
    pub fn fuse_reduction_epilogue(&mut self, reduction: BlockRV, epilogue: BlockRV) -> Result<(), ScheduleError> {
        self.fuse_epilogue(reduction, epilogue)?;
        self.trace.push(Instruction::FuseReductionEpilogue { reduction, epilogue });
        Ok(())
    }

    fn fuse_epilogue(&mut self, reduction: BlockRV, epilogue: BlockRV) -> Result<(), ScheduleError> {
        let red_site = self.block_site(reduction, P)?;
        let epi_site = self.block_site(epilogue, P)?;
        let StmtKind::BlockRealize { block: red, .. } = red_site.realize.kind() else { unreachable!("a block site") };
        let StmtKind::BlockRealize { block: epi, predicate, .. } = epi_site.realize.kind() else {
            unreachable!("a block site")
        };
        let (rname, ename) = (&red.name, &epi.name);
        if red_site.realize.same_node(&epi_site.realize) {
            return Err(err(P, format!("block {rname} cannot be fused into itself")));
        }
        let sum = Sum::of(red)?;
        let temp = &sum.buffer;
        if self.func.buffer_map.iter().any(|(_, b)| b == temp) {
            return Err(err(P, format!("block {rname} is an output block: it writes {}, a parameter", temp.name())));
        }
        let same_scope = match (
            tree::scope_of(&self.func.body, &red_site.realize),
            tree::scope_of(&self.func.body, &epi_site.realize),
        ) {
            (Some(a), Some(b)) => a.same_node(&b),
            (a, b) => a.is_none() && b.is_none(),
        };
        if !same_scope {
            return Err(err(P, format!("blocks {rname} and {ename} are not in the same scope")));
        }

        // The epilogue: one unpredicated store over the reduction's spatial domain.
        let StmtKind::BufferStore { buffer: out, value: g, indices: out_idx } = epi.body.kind() else {
            return Err(err(P, format!("block {ename} is not one store `D[..] = ..`")));
        };
        if epi.init.is_some() || epi.iter_vars.iter().any(|iv| iv.iter_type != IterType::DataPar) {
            return Err(err(P, format!("block {ename} is not a spatial block")));
        }
        if predicate.as_int() != Some(1) {
            return Err(err(P, format!("block {ename} has a predicate: its iterations are not all computed")));
        }
        let spatial: Vec<&IterVar> = red.iter_vars.iter().filter(|iv| iv.iter_type == IterType::DataPar).collect();
        if spatial.len() != epi.iter_vars.len() {
            return Err(err(
                P,
                format!(
                    "block {ename} has {} iteration variables and block {rname} {} spatial ones: they must be the same",
                    epi.iter_vars.len(),
                    spatial.len()
                ),
            ));
        }
        let mut map: HashMap<u64, PrimExpr> = HashMap::default();
        for (e, r) in epi.iter_vars.iter().zip(&spatial) {
            let same_dom = match (&e.dom, &r.dom) {
                (Some(a), Some(b)) => prove_equal(&a.min, &b.min) && prove_equal(&a.extent, &b.extent),
                _ => false,
            };
            if !same_dom {
                return Err(err(
                    P,
                    format!(
                        "the domain of {} in block {ename} is not that of {} in block {rname}",
                        e.var.name(),
                        r.var.name()
                    ),
                ));
            }
            map.insert(e.var.id(), PrimExpr::var(&r.var));
        }
        let subst = |x: &PrimExpr| Substitute { map: &map }.expr(x);
        let at_sum = |idx: &[PrimExpr]| {
            idx.len() == sum.indices.len() && idx.iter().zip(&sum.indices).all(|(a, b)| prove_equal(&subst(a), b))
        };
        if out == temp || out.dtype() != temp.dtype() {
            return Err(err(
                P,
                format!("block {ename} must store to another buffer of {}'s dtype, not {}", temp.name(), out.name()),
            ));
        }
        if !at_sum(out_idx) {
            return Err(err(
                P,
                format!(
                    "block {ename} stores {} at other indices than block {rname} stores {}",
                    out.name(),
                    temp.name()
                ),
            ));
        }
        let shape = Epilogue::of(g, temp).map_err(|why| err(P, format!("block {ename}: {why}")))?;
        let mut loads_ok = true;
        crate::tir::visit::walk_expr(g, &mut |e| {
            if let ExprKind::BufferLoad(b, idx) = e.kind()
                && (b == temp || b == out)
                && !at_sum(idx)
            {
                loads_ok = false;
            }
        });
        if !loads_ok {
            return Err(err(
                P,
                format!(
                    "block {ename} reads {} or {} at other indices than block {rname} stores {}",
                    temp.name(),
                    out.name(),
                    temp.name()
                ),
            ));
        }
        if red.reads.iter().any(|r| &r.buffer == out) {
            return Err(err(P, format!("block {rname} reads {}, which the fused block would write", out.name())));
        }

        // Nothing else writes or reads `temp`; nothing between the two blocks touches `D` or
        // writes what the epilogue reads (the fused block does it all at the reduction's place).
        let inputs: Vec<Buffer> = epi.reads.iter().map(|r| r.buffer.clone()).filter(|b| b != temp).collect();
        let mut order: Vec<(Stmt, Block)> = Vec::new();
        tree::walk_blocks(&self.func.body, &mut Vec::new(), &mut |_, realize, b| {
            order.push((realize.clone(), b.clone()));
        });
        let pos = |s: &Stmt| order.iter().position(|(r, _)| r.same_node(s));
        let (Some(rp), Some(ep)) = (pos(&red_site.realize), pos(&epi_site.realize)) else {
            unreachable!("both blocks are in the function")
        };
        if ep < rp {
            return Err(err(P, format!("block {ename} runs before block {rname}")));
        }
        for (k, (_, b)) in order.iter().enumerate() {
            if k == rp || k == ep || b.name == "root" {
                continue;
            }
            let writes_temp = b.writes.iter().any(|w| &w.buffer == temp);
            let reads_temp = b.reads.iter().any(|r| &r.buffer == temp);
            if writes_temp || reads_temp {
                return Err(err(
                    P,
                    format!(
                        "block {} {} {} too: after the fusion nothing writes it",
                        b.name,
                        if writes_temp { "writes" } else { "reads" },
                        temp.name()
                    ),
                ));
            }
            if k > rp && k < ep {
                let touches_out = b.reads.iter().chain(&b.writes).any(|r| &r.buffer == out);
                if touches_out || b.writes.iter().any(|w| inputs.contains(&w.buffer)) {
                    return Err(err(
                        P,
                        format!(
                            "block {} runs between blocks {rname} and {ename} and touches what the fused block would move",
                            b.name
                        ),
                    ));
                }
            }
        }

        // The fused block: init = the epilogue of zero, update = the epilogue of the running
        // sum without its bias, both at the reduction's variables, accumulating into `D`.
        let g = subst(g);
        let zero = if temp.dtype().is_float() {
            PrimExpr::float_of(0.0, temp.dtype())
        } else {
            PrimExpr::int_of(0, temp.dtype())
        };
        let init_value = shape.apply(&g, &|core| match shape.bias(core) {
            Some(bias) => bias.clone(),
            None => zero.clone(),
        });
        let init_value = fold_bounds(&init_value);
        let running = LoadsOf { from: temp, to: out }.expr(&sum.value);
        let update = shape.apply(&g, &|_| running.clone());
        let mut fused = (**red).clone();
        fused.init = Some(out.store(sum.indices.clone(), init_value));
        fused.body = out.store(sum.indices.clone(), update);
        fused.writes = red
            .writes
            .iter()
            .map(|w| {
                if &w.buffer == temp {
                    BufferRegion { buffer: out.clone(), region: w.region.clone() }
                } else {
                    w.clone()
                }
            })
            .collect();
        let mut reads: Vec<BufferRegion> = epi
            .reads
            .iter()
            .filter(|r| &r.buffer != temp)
            .map(|r| BufferRegion {
                buffer: r.buffer.clone(),
                region: r.region.iter().map(|x| Range::new(subst(&x.min), subst(&x.extent))).collect(),
            })
            .collect();
        for r in &red.reads {
            if &r.buffer != temp && !reads.iter().any(|x| x.buffer == r.buffer) {
                reads.push(r.clone());
            }
        }
        fused.reads = reads;
        let body = super::blocks::replace_stmt(
            &self.func.body,
            &red_site.realize,
            &tree::with_block(&red_site.realize, fused),
        );
        let epi_now =
            tree::find_blocks(&body, ename).pop().map(|s| s.realize).unwrap_or_else(|| epi_site.realize.clone());
        self.func.body = tree::remove_leaf(&body, &epi_now);
        Ok(())
    }
}

/// A reduction block that sums into one buffer from zero: `temp[i] = 0` in its init,
/// `temp[i] = temp[i] + v` in its body.
struct Sum {
    buffer: Buffer,
    indices: Vec<PrimExpr>,
    /// The update's value, `temp[i] + v`.
    value: PrimExpr,
}

impl Sum {
    fn of(red: &Block) -> Result<Sum, ScheduleError> {
        let name = &red.name;
        let (Some(init), true) = (&red.init, red.iter_vars.iter().any(|iv| iv.iter_type == IterType::CommReduce))
        else {
            return Err(err(P, format!("block {name} is not a reduction block (an init and a reduction variable)")));
        };
        let not_sum = || {
            err(
                P,
                format!(
                    "block {name} is not a sum from zero (`temp[..] = 0` in its init, `temp[..] = temp[..] + ..` in its body): the fused init assumes one"
                ),
            )
        };
        let StmtKind::BufferStore { buffer, value, indices } = red.body.kind() else { return Err(not_sum()) };
        let StmtKind::BufferStore { buffer: ib, value: iv, indices: ii } = init.kind() else { return Err(not_sum()) };
        let is_zero = match iv.kind() {
            ExprKind::IntImm(0) => true,
            ExprKind::FloatImm(x) => *x == 0.0,
            _ => false,
        };
        let same =
            |idx: &[PrimExpr]| idx.len() == indices.len() && idx.iter().zip(indices).all(|(a, b)| prove_equal(a, b));
        let self_load = |e: &PrimExpr| matches!(e.kind(), ExprKind::BufferLoad(b, idx) if b == buffer && same(idx));
        let ExprKind::Binary(BinOp::Add, a, b) = value.kind() else { return Err(not_sum()) };
        let (acc, v) = if self_load(a) { (a, b) } else { (b, a) };
        if ib != buffer || !same(ii) || !is_zero || !self_load(acc) || reads(v, buffer) {
            return Err(not_sum());
        }
        Ok(Sum { buffer: buffer.clone(), indices: indices.clone(), value: value.clone() })
    }
}

/// Whether `e` loads from `buffer`.
fn reads(e: &PrimExpr, buffer: &Buffer) -> bool {
    let mut found = false;
    crate::tir::visit::walk_expr(e, &mut |x| {
        found |= matches!(x.kind(), ExprKind::BufferLoad(b, _) if b == buffer);
    });
    found
}

/// The epilogues TVM documents: `T.min`/`T.max` shells (their other operand not reading
/// `temp`) around a core that is `temp[..]`, `temp[..] + bias` or `bias + temp[..]`.
struct Epilogue {
    temp: Buffer,
}

impl Epilogue {
    fn of(g: &PrimExpr, temp: &Buffer) -> Result<Epilogue, String> {
        let shape = Epilogue { temp: temp.clone() };
        let mut e = g;
        for _ in 0..1024 {
            match e.kind() {
                ExprKind::BufferLoad(b, _) if b == temp => return Ok(shape),
                ExprKind::Binary(BinOp::Add, _, _) if shape.bias(e).is_some() => return Ok(shape),
                ExprKind::Binary(BinOp::Min | BinOp::Max, a, b) if reads(a, temp) != reads(b, temp) => {
                    e = if reads(a, temp) { a } else { b };
                }
                _ => break,
            }
        }
        let t = temp.name();
        Err(if reads(g, temp) {
            format!(
                "the epilogue must be {t} plus a bias, bounded by T.min/T.max of values not reading {t}, with {t} read once (a fused sum cannot apply anything else at every step)"
            )
        } else {
            format!("the epilogue does not read {t}")
        })
    }

    /// The bias of a core `temp[..] + bias` / `bias + temp[..]`.
    fn bias<'e>(&self, e: &'e PrimExpr) -> Option<&'e PrimExpr> {
        let ExprKind::Binary(BinOp::Add, a, b) = e.kind() else { return None };
        let is_temp = |x: &PrimExpr| matches!(x.kind(), ExprKind::BufferLoad(buf, _) if *buf == self.temp);
        match (is_temp(a), is_temp(b)) {
            (true, false) if !reads(b, &self.temp) => Some(b),
            (false, true) if !reads(a, &self.temp) => Some(a),
            _ => None,
        }
    }

    /// `g` with its core (the bias sum or the load of `temp`) replaced by `f(core)`.
    fn apply(&self, g: &PrimExpr, f: &dyn Fn(&PrimExpr) -> PrimExpr) -> PrimExpr {
        match g.kind() {
            ExprKind::Binary(op @ (BinOp::Min | BinOp::Max), a, b) if self.bias(g).is_none() => {
                if reads(a, &self.temp) {
                    PrimExpr::binary(*op, self.apply(a, f), b.clone())
                } else {
                    PrimExpr::binary(*op, a.clone(), self.apply(b, f))
                }
            }
            _ => f(g),
        }
    }
}

/// `T.min`/`T.max` of two constants folded, as TVM's simplifier folds the init's
/// `T.max(T.float32(0), T.float32(0))`.
fn fold_bounds(e: &PrimExpr) -> PrimExpr {
    let ExprKind::Binary(op @ (BinOp::Min | BinOp::Max), a, b) = e.kind() else { return e.clone() };
    // A bias may itself be a deep `T.min`/`T.max` tree.
    let (a, b) = stacker::maybe_grow(64 * 1024, 1024 * 1024, || (fold_bounds(a), fold_bounds(b)));
    let pick_a = match (a.kind(), b.kind()) {
        (ExprKind::IntImm(x), ExprKind::IntImm(y)) => Some((x <= y) == (*op == BinOp::Min)),
        (ExprKind::FloatImm(x), ExprKind::FloatImm(y)) => Some((x <= y) == (*op == BinOp::Min)),
        _ => None,
    };
    match pick_a {
        Some(true) => a,
        Some(false) => b,
        None => PrimExpr::binary(*op, a, b),
    }
}

/// Loads of one buffer made loads of another at the same indices.
struct LoadsOf<'a> {
    from: &'a Buffer,
    to: &'a Buffer,
}

impl Mutator for LoadsOf<'_> {
    fn expr(&mut self, e: &PrimExpr) -> PrimExpr {
        let e = default_expr(self, e);
        match e.kind() {
            ExprKind::BufferLoad(b, idx) if b == self.from => self.to.load(idx.clone()),
            _ => e,
        }
    }
}
