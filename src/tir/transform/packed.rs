//! TVM's CPU sort functions, expanded into TIR.
//!
//! On a CPU, TVM builds `topi.sort`, `topi.argsort` and `topi.topk` as calls into its
//! packed-function registry: `T.call_packed("tvm.contrib.sort.sort", T.tvm_stack_make_array(..),
//! ..)`, run by C++ code in TVM's runtime (`src/runtime/contrib/sort/sort.cc`). Strata has no
//! registry; it replaces each such call with the same computation written in TIR, so that it
//! is lowered, bounds-checked and compiled like the rest of the kernel:
//!
//! - every row along `axis` (the other dimensions fixed) is sorted by a stable bottom-up merge
//!   sort of its element indices (`O(n log n)`; two index buffers of the row's length);
//! - ascending order is `<`, descending `>`; equal elements keep their order, as TVM's
//!   `std::stable_sort` keeps them, and as its `topk` orders ties (by index) — so `topk` is the
//!   first `k` of the sorted row (`k < 1` meaning the whole row, as in TVM);
//! - `sort` writes the sorted values, `argsort` the indices (converted to the output's type),
//!   `topk` either or both (`ret_type` `"values"`, `"indices"`, `"both"`);
//! - an output over the input's own memory (in place) is written from a copy of the sorted
//!   row, as TVM copies each row before writing it.
//!
//! A row holding NaN has no order TVM defines (its comparison is not a strict weak order);
//! Strata's result is then still a permutation of the row, in the order its merges give.

use crate::ir::Span;
use crate::tir::arith::const_int;
use crate::tir::ast::*;
use crate::tir::dtype::DataType;
use crate::tir::mutate::{Mutator, default_stmt};

/// Why a packed call cannot be expanded: where, and what is wrong.
pub type ExpandError = (Option<Span>, String);

/// Replace every `T.call_packed` of TVM's sort functions in `s` by its TIR.
///
/// # Errors
/// A packed call of another function, or a sort call whose arguments are not as TVM makes
/// them (arrays from `T.tvm_stack_make_array` of compact buffers, a constant axis inside the
/// input's rank, the right number of outputs).
pub fn expand_packed_calls(s: &Stmt) -> Result<Stmt, ExpandError> {
    let mut x = Expand { error: None };
    let out = x.stmt(s);
    match x.error {
        Some(e) => Err(e),
        None => Ok(out),
    }
}

struct Expand {
    error: Option<ExpandError>,
}

impl Mutator for Expand {
    fn stmt(&mut self, s: &Stmt) -> Stmt {
        if let StmtKind::Evaluate(v) = s.kind()
            && let ExprKind::Call(Callee::Builtin(n), args) = v.kind()
            && &**n == "tir.call_packed"
        {
            let sp = v.span().or(s.span());
            return match packed_call(args, sp) {
                Ok(new) => new,
                Err(msg) => {
                    self.error.get_or_insert((sp, msg));
                    s.clone()
                }
            };
        }
        default_stmt(self, s)
    }
}

/// A DLTensor made for a packed call: a compact array over a buffer's data.
struct Array {
    /// A flat buffer over the array's memory.
    flat: Buffer,
    /// The array's shape, as `int64`.
    shape: Vec<PrimExpr>,
}

fn i64c(v: i64) -> PrimExpr {
    PrimExpr::int_of(v, DataType::INT64)
}

fn as_i64(e: &PrimExpr) -> PrimExpr {
    if e.dtype() == DataType::INT64 { e.clone() } else { PrimExpr::cast(DataType::INT64, e.clone()) }
}

/// The most dimensions of an array a sort takes.
const MAX_RANK: usize = 64;

/// The product of `dims`, its constants multiplied out (while they fit).
fn product(dims: &[PrimExpr]) -> PrimExpr {
    let mut constant: i64 = 1;
    let mut symbolic: Option<PrimExpr> = None;
    let mut times = |e: PrimExpr| {
        symbolic = Some(match symbolic.take() {
            None => e,
            Some(acc) => PrimExpr::binary(BinOp::Mul, acc, e),
        })
    };
    for d in dims {
        match const_int(d).and_then(|c| constant.checked_mul(c)) {
            Some(c) => constant = c,
            None => times(d.clone()),
        }
    }
    match symbolic {
        None => i64c(constant),
        Some(s) if constant == 1 => s,
        Some(s) => PrimExpr::binary(BinOp::Mul, s, i64c(constant)),
    }
}

/// The array `T.tvm_stack_make_array(data, T.tvm_stack_make_shape(dims..), strides, ndim,
/// dtype, elem_offset)` as TVM writes it.
fn array(e: &PrimExpr, what: &str) -> Result<Array, String> {
    let ExprKind::Call(Callee::Builtin(n), args) = e.kind() else {
        return Err(format!("its {what} must be a T.tvm_stack_make_array(..)"));
    };
    if &**n != "tir.tvm_stack_make_array" || args.len() != 6 {
        return Err(format!("its {what} must be a T.tvm_stack_make_array(..) of 6 arguments"));
    }
    let Some(data) = args[0].as_var().filter(|v| v.pointer_type().is_some()) else {
        return Err(format!("the data of its {what} must be a buffer's data (`B.data`)"));
    };
    let dims = match args[1].kind() {
        ExprKind::Call(Callee::Builtin(s), dims) if &**s == "tir.tvm_stack_make_shape" => dims,
        _ => return Err(format!("the shape of its {what} must be a T.tvm_stack_make_shape(..)")),
    };
    // (The products of the dimensions become expressions: a rank no tensor has would make
    // them deeper than the reader lets a script write.)
    if dims.len() > MAX_RANK {
        return Err(format!("its {what} has {} dimensions; Strata sorts arrays of at most {MAX_RANK}", dims.len()));
    }
    if const_int(&args[2]) != Some(0) {
        return Err(format!("its {what} has strides; Strata runs TVM's sort functions on compact arrays only"));
    }
    if const_int(&args[3]).and_then(|n| usize::try_from(n).ok()) != Some(dims.len()) {
        return Err(format!("the rank of its {what} is not the length of its shape"));
    }
    if let Some(d) = dims.iter().find(|d| !d.dtype().is_int() || d.dtype().lanes != 1) {
        return Err(format!("a dimension of its {what} is not an integer: {}", d.dtype()));
    }
    let dtype = args[4].dtype();
    let shape: Vec<PrimExpr> = dims.iter().map(as_i64).collect();
    let mut spec = BufferSpec::new(&format!("{}_flat", data.name()), dtype, vec![product(&shape)]);
    spec.data = Some(data.clone());
    if const_int(&args[5]) != Some(0) {
        spec.elem_offset = Some(as_i64(&args[5]));
    }
    Ok(Array { flat: spec.build(), shape })
}

/// What a sort call writes.
struct Outputs {
    values: Option<Array>,
    indices: Option<Array>,
    /// How many of each row's first elements (`None`: all).
    k: Option<PrimExpr>,
}

/// The TIR of one `T.call_packed(name, ...)`.
fn packed_call(args: &[PrimExpr], sp: Option<Span>) -> Result<Stmt, String> {
    let name = match args.first().map(PrimExpr::kind) {
        Some(ExprKind::StringImm(s)) => s.to_string(),
        _ => return Err("T.call_packed takes the packed function's name first".into()),
    };
    let nargs = args.len() - 1;
    let (input, outs, axis, ascend) = match name.as_str() {
        "tvm.contrib.sort.sort" | "tvm.contrib.sort.argsort" => {
            if nargs != 4 {
                return Err(format!("{name} takes 4 arguments (data, output, axis, is_ascend), not {nargs}"));
            }
            let input = array(&args[1], "input")?;
            let out = array(&args[2], "output")?;
            let outs = if name.ends_with(".sort") {
                Outputs { values: Some(out), indices: None, k: None }
            } else {
                Outputs { values: None, indices: Some(out), k: None }
            };
            (input, outs, &args[3], &args[4])
        }
        "tvm.contrib.sort.topk" => {
            let ret = match args.get(args.len().wrapping_sub(2)).map(PrimExpr::kind) {
                Some(ExprKind::StringImm(s)) => s.to_string(),
                _ => {
                    return Err(format!(
                        "{name} takes its ret_type (\"both\", \"values\", \"indices\") before is_ascend"
                    ));
                }
            };
            let n_outs = match ret.as_str() {
                "both" => 2,
                "values" | "indices" => 1,
                _ => return Err(format!("{name}: unknown ret_type \"{ret}\" (\"both\", \"values\" or \"indices\")")),
            };
            if nargs != 5 + n_outs {
                return Err(format!(
                    "{name} with ret_type \"{ret}\" takes {} arguments (data, {}, k, axis, ret_type, is_ascend), not {nargs}",
                    5 + n_outs,
                    if n_outs == 2 { "values, indices" } else { "output" }
                ));
            }
            let input = array(&args[1], "input")?;
            let first = array(&args[2], "first output")?;
            let outs = match ret.as_str() {
                "both" => Outputs { values: Some(first), indices: Some(array(&args[3], "second output")?), k: None },
                "values" => Outputs { values: Some(first), indices: None, k: None },
                _ => Outputs { values: None, indices: Some(first), k: None },
            };
            let k = &args[args.len() - 4];
            if !k.dtype().is_int() {
                return Err(format!("{name}: k must be an integer, not {}", k.dtype()));
            }
            let outs = Outputs { k: Some(as_i64(k)), ..outs };
            (input, outs, &args[args.len() - 3], &args[args.len() - 1])
        }
        _ => {
            return Err(format!(
                "T.call_packed(\"{name}\") calls TVM's packed-function registry, which Strata does not have; it runs TVM's sort functions only (tvm.contrib.sort.sort, tvm.contrib.sort.argsort, tvm.contrib.sort.topk)"
            ));
        }
    };
    let rank = input.shape.len();
    let axis = match const_int(axis) {
        Some(a) if a < 0 && a.unsigned_abs() <= rank as u64 => rank - a.unsigned_abs() as usize,
        Some(a) if a >= 0 && (a as u64) < rank as u64 => a as usize,
        Some(a) => return Err(format!("{name}: axis {a} is outside the input's {rank} dimensions")),
        None => return Err(format!("{name}: the axis must be a constant")),
    };
    for out in outs.values.iter().chain(&outs.indices) {
        if out.shape.len() != rank {
            return Err(format!("{name}: an output has {} dimensions, the input {rank}", out.shape.len()));
        }
    }
    if !ascend.dtype().is_bool() && !ascend.dtype().is_int() {
        return Err(format!("{name}: is_ascend must be a boolean"));
    }
    let ascend = if ascend.dtype().is_bool() {
        ascend.clone()
    } else {
        PrimExpr::cmp(CmpOp::Ne, ascend.clone(), PrimExpr::int_of(0, ascend.dtype()))
    };
    Ok(Stmt::at(sort_rows(&input, &outs, axis, &ascend).kind().clone(), sp))
}

/// Declare `b` (a flat view of existing memory) around `body`.
fn declared(b: &Buffer, body: Stmt) -> Stmt {
    Stmt::new(StmtKind::DeclBuffer { buffer: b.clone(), body })
}

/// A fresh local buffer of `n` `int64`s around `body(buffer)`.
fn local_i64(name: &str, n: PrimExpr, body: impl FnOnce(&Buffer) -> Stmt) -> Stmt {
    local(name, DataType::INT64, n, body)
}

/// A fresh local buffer of `n` elements of `dtype` around `body(buffer)`.
fn local(name: &str, dtype: DataType, n: PrimExpr, body: impl FnOnce(&Buffer) -> Stmt) -> Stmt {
    let mut spec = BufferSpec::new(name, dtype, vec![n.clone()]);
    spec.scope = "local".into();
    let b = spec.build();
    let inner = declared(&b, body(&b));
    Stmt::allocate(b.data(), dtype, vec![n], inner)
}

fn let_in(name: &str, value: PrimExpr, body: impl FnOnce(PrimExpr) -> Stmt) -> Stmt {
    let v = Var::new(name, value.dtype());
    let s = body(PrimExpr::var(&v));
    Stmt::let_stmt(&v, value, s)
}

fn for_range(name: &str, min: PrimExpr, extent: PrimExpr, body: impl FnOnce(PrimExpr) -> Stmt) -> Stmt {
    let v = Var::new(name, DataType::INT64);
    let s = body(PrimExpr::var(&v));
    Stmt::for_range(&v, min, extent, s)
}

fn add(a: PrimExpr, b: PrimExpr) -> PrimExpr {
    PrimExpr::binary(BinOp::Add, a, b)
}
fn sub(a: PrimExpr, b: PrimExpr) -> PrimExpr {
    PrimExpr::binary(BinOp::Sub, a, b)
}
fn mul(a: PrimExpr, b: PrimExpr) -> PrimExpr {
    PrimExpr::binary(BinOp::Mul, a, b)
}

/// Sort every row of `input` along `axis` and write what `outs` ask for.
fn sort_rows(input: &Array, outs: &Outputs, axis: usize, ascend: &PrimExpr) -> Stmt {
    let n = input.shape[axis].clone();
    let outer = product(&input.shape[..axis]);
    let inner = product(&input.shape[axis + 1..]);
    let data = &input.flat;
    // Index buffers of at least one element, so that a row of none allocates nothing odd.
    let len = PrimExpr::max(n.clone(), i64c(1));
    // An output over the input's own memory (sorting in place) is written from a copy of the
    // sorted row, as TVM's sort copies each row before writing: the row's elements would be
    // overwritten before they are read. (Each output row only overlaps rows sorted already.)
    let in_place = outs.values.iter().chain(&outs.indices).any(|o| o.flat.data() == data.data());
    let sorted_rows = |a: &Buffer, b: &Buffer, state: &Buffer, copy: Option<&Buffer>| {
        for_range("o", i64c(0), outer.clone(), |o| {
            for_range("q", i64c(0), inner.clone(), |q| {
                let base = add(mul(mul(o.clone(), n.clone()), inner.clone()), q.clone());
                let_in("base", base, |base| {
                    let row = Row { data, state, n: &n, inner: &inner, base: &base, ascend };
                    let mut steps = vec![
                        for_range("i", i64c(0), n.clone(), |i| a.store(vec![i.clone()], i)),
                        row.merge_passes(a, b),
                    ];
                    let values = match copy {
                        Some(c) => {
                            steps.push(for_range("t", i64c(0), n.clone(), |t| {
                                let v = data.load(vec![add(base.clone(), mul(a.load(vec![t.clone()]), inner.clone()))]);
                                c.store(vec![t], v)
                            }));
                            Values::Copy(c)
                        }
                        None => Values::Data(data),
                    };
                    steps.push(write_out(values, a, outs, axis, &n, &inner, &o, &q, &base));
                    Stmt::seq(steps)
                })
            })
        })
    };
    let body = local_i64("sort_idx", len.clone(), |a| {
        local_i64("sort_tmp", len.clone(), |b| {
            local_i64("sort_state", i64c(3), |state| {
                if in_place {
                    local("sort_row", data.dtype(), len.clone(), |c| sorted_rows(a, b, state, Some(c)))
                } else {
                    sorted_rows(a, b, state, None)
                }
            })
        })
    });
    let mut body = declared(data, body);
    for out in outs.values.iter().chain(&outs.indices) {
        body = declared(&out.flat, body);
    }
    body
}

/// One row being sorted: its values, where it starts, the merge's state.
struct Row<'a> {
    data: &'a Buffer,
    /// state[0]: the merged runs' width; state[1], state[2]: the next left and right elements
    /// of the two runs being merged.
    state: &'a Buffer,
    n: &'a PrimExpr,
    inner: &'a PrimExpr,
    base: &'a PrimExpr,
    ascend: &'a PrimExpr,
}

impl Row<'_> {
    /// The merge passes: runs of width 1, 2, 4, .. of the row's indices in `a` merged until
    /// one run holds the row, in `a`. Passes go from `a` to `b` and back, two per iteration;
    /// an odd last pass is copied back.
    fn merge_passes(&self, a: &Buffer, b: &Buffer) -> Stmt {
        let (state, n) = (self.state, self.n);
        let at = |k: i64| vec![i64c(k)];
        let body = let_in("w", state.load(at(0)), |w| {
            let w2 = mul(w.clone(), i64c(2));
            Stmt::seq(vec![
                self.merge_pass(a, b, &w),
                Stmt::if_then_else(
                    PrimExpr::cmp(CmpOp::Lt, w2.clone(), n.clone()),
                    Stmt::seq(vec![self.merge_pass(b, a, &w2), state.store(at(0), mul(w.clone(), i64c(4)))]),
                    Some(Stmt::seq(vec![
                        for_range("i", i64c(0), n.clone(), |i| a.store(vec![i.clone()], b.load(vec![i]))),
                        state.store(at(0), w2.clone()),
                    ])),
                ),
            ])
        });
        Stmt::seq(vec![
            state.store(at(0), i64c(1)),
            Stmt::while_loop(PrimExpr::cmp(CmpOp::Lt, state.load(at(0)), n.clone()), body),
        ])
    }

    /// Merge the runs of width `w` of `src` pairwise into `dst`.
    fn merge_pass(&self, src: &Buffer, dst: &Buffer, w: &PrimExpr) -> Stmt {
        let (state, n) = (self.state, self.n);
        let at = |k: i64| vec![i64c(k)];
        let runs = add(PrimExpr::floordiv(sub(n.clone(), i64c(1)), mul(i64c(2), w.clone())), i64c(1));
        for_range("p", i64c(0), runs, |p| {
            let lo = mul(mul(p, i64c(2)), w.clone());
            let_in("lo", lo, |lo| {
                let_in("mid", PrimExpr::min(add(lo.clone(), w.clone()), n.clone()), |mid| {
                    let hi = PrimExpr::min(add(lo.clone(), mul(i64c(2), w.clone())), n.clone());
                    let_in("hi", hi, |hi| {
                        Stmt::seq(vec![
                            state.store(at(1), lo.clone()),
                            state.store(at(2), mid.clone()),
                            for_range("t", lo.clone(), sub(hi.clone(), lo.clone()), |t| {
                                self.merge_step(src, dst, &mid, &hi, &t)
                            }),
                        ])
                    })
                })
            })
        })
    }

    /// One element of a merge: the right run's next element goes first only if it is
    /// strictly before the left's (stability), or the left run is used up.
    fn merge_step(&self, src: &Buffer, dst: &Buffer, mid: &PrimExpr, hi: &PrimExpr, t: &PrimExpr) -> Stmt {
        let (state, data, inner, base, ascend) = (self.state, self.data, self.inner, self.base, self.ascend);
        let at = |k: i64| vec![i64c(k)];
        let last = sub(self.n.clone(), i64c(1));
        let_in("l", state.load(at(1)), |l| {
            let_in("r", state.load(at(2)), |r| {
                // Both reads stay inside the row even when a run is used up.
                let_in("il", src.load(vec![PrimExpr::min(l.clone(), last.clone())]), |il| {
                    let_in("ir", src.load(vec![PrimExpr::min(r.clone(), last.clone())]), |ir| {
                        let value = |i: &PrimExpr| data.load(vec![add(base.clone(), mul(i.clone(), inner.clone()))]);
                        let_in("vl", value(&il), |vl| {
                            let_in("vr", value(&ir), |vr| {
                                let before = match const_int(ascend) {
                                    Some(1) => PrimExpr::cmp(CmpOp::Lt, vr, vl),
                                    Some(_) => PrimExpr::cmp(CmpOp::Gt, vr, vl),
                                    None => PrimExpr::select(
                                        ascend.clone(),
                                        PrimExpr::cmp(CmpOp::Lt, vr.clone(), vl.clone()),
                                        PrimExpr::cmp(CmpOp::Gt, vr, vl),
                                    ),
                                };
                                let right = PrimExpr::and(
                                    PrimExpr::cmp(CmpOp::Lt, r.clone(), hi.clone()),
                                    PrimExpr::or(PrimExpr::cmp(CmpOp::Ge, l.clone(), mid.clone()), before),
                                );
                                Stmt::if_then_else(
                                    right,
                                    Stmt::seq(vec![
                                        dst.store(vec![t.clone()], ir),
                                        state.store(at(2), add(r, i64c(1))),
                                    ]),
                                    Some(Stmt::seq(vec![
                                        dst.store(vec![t.clone()], il),
                                        state.store(at(1), add(l, i64c(1))),
                                    ])),
                                )
                            })
                        })
                    })
                })
            })
        })
    }
}

/// Where a sorted row's values are read from.
enum Values<'a> {
    /// The input, through the sorted indices.
    Data(&'a Buffer),
    /// A copy of the sorted row (the input is being overwritten).
    Copy(&'a Buffer),
}

/// Write the first elements of the sorted row (its values, its indices) to the outputs, each
/// addressed by its own shape.
#[allow(clippy::too_many_arguments)]
fn write_out(
    values: Values<'_>,
    a: &Buffer,
    outs: &Outputs,
    axis: usize,
    n: &PrimExpr,
    inner: &PrimExpr,
    o: &PrimExpr,
    q: &PrimExpr,
    base: &PrimExpr,
) -> Stmt {
    // TVM's topk takes k < 1 as the whole row.
    let count = match &outs.k {
        None => n.clone(),
        Some(k) => PrimExpr::select(
            PrimExpr::cmp(CmpOp::Lt, k.clone(), i64c(1)),
            n.clone(),
            PrimExpr::min(k.clone(), n.clone()),
        ),
    };
    let mut stores = Vec::new();
    for (out, is_values) in outs.values.iter().map(|v| (v, true)).chain(outs.indices.iter().map(|v| (v, false))) {
        let len = out.shape[axis].clone();
        let count = PrimExpr::min(count.clone(), len.clone());
        let dt = out.flat.dtype();
        stores.push(for_range("t", i64c(0), count, |t| {
            let at = add(add(mul(mul(o.clone(), len), inner.clone()), mul(t.clone(), inner.clone())), q.clone());
            let index = a.load(vec![t.clone()]);
            let value = match (is_values, &values) {
                (false, _) => index,
                (true, Values::Data(data)) => data.load(vec![add(base.clone(), mul(index, inner.clone()))]),
                (true, Values::Copy(c)) => c.load(vec![t]),
            };
            let value = if value.dtype() == dt { value } else { PrimExpr::cast(dt, value) };
            out.flat.store(vec![at], value)
        }));
    }
    Stmt::seq(stores)
}
