//! Expressions (tir-spec.md "Evaluating PrimExprs"): every operator at every type, scalars and
//! vectors alike (core ops work lane-wise on vectors).
//!
//! - `Div`/`Mod` truncate (`divis`/`remis`, unsigned `diviu`/`remiu`); `FloorDiv`/`FloorMod`
//!   round down (power-of-two divisors become shifts and masks); integer division by zero is a
//!   runtime error. On floats, `FloorDiv` is `floor(a / b)` and `FloorMod` is
//!   `a - floor(a / b) * b`.
//! - `And`/`Or` on scalars evaluate their right side only when needed (unless it can neither
//!   fault nor have effects, when both sides are evaluated without a branch); on vectors both.
//! - `Select` evaluates both sides; `T.if_then_else` on a scalar condition evaluates one.
//! - Casts behave as C's: integers sign- or zero-extend by the source's signedness and truncate;
//!   floats truncate toward zero (saturating); a cast to `bool` is `!= 0`.

use super::stmt::FnCx;
use super::{R, core_type};
use crate::dialect::{OpDef, standard as S, vector as V};
use crate::ir::{Attribute, FunctionType, Type, Value};
use crate::tir::ast::*;
use crate::tir::dtype::{DataType, TypeCode};
use crate::tir::visit::walk_expr;

impl FnCx<'_, '_> {
    /// Lower an expression; its value.
    pub fn expr(&mut self, e: &PrimExpr) -> R<Value> {
        let saved = self.b.span;
        if e.span().is_some() {
            self.b.span = e.span();
        }
        let r = stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.expr_inner(e));
        self.b.span = saved;
        r
    }

    fn expr_inner(&mut self, e: &PrimExpr) -> R<Value> {
        let sp = e.span();
        let dt = e.dtype();
        match e.kind() {
            ExprKind::Var(v) => match self.vars.get(&v.id()) {
                Some(x) => Ok(*x),
                None if v.pointer_type().is_some() => {
                    Err(self.err(sp, format!("pointer '{}' cannot be used as a value here", v.name())))
                }
                None => Err(self.err(sp, format!("variable '{}' has no value here", v.name()))),
            },
            ExprKind::IntImm(v) => {
                let t = self.ty(dt, sp)?;
                Ok(self.b.int(&t, *v))
            }
            ExprKind::FloatImm(v) => {
                let t = self.ty(dt, sp)?;
                Ok(self.b.float(&t, *v))
            }
            ExprKind::StringImm(_) => Err(self.err(sp, "a string is only allowed as an assertion's message")),
            ExprKind::Cast(x) => {
                let v = self.expr(x)?;
                self.cast(v, x.dtype(), dt)
            }
            ExprKind::Select(c, a, b) => {
                let cv = self.expr(c)?;
                let (x, y) = (self.expr(a)?, self.expr(b)?);
                let cv = self.match_lanes(cv, c.dtype(), dt.lanes)?;
                let t = self.ty(dt, sp)?;
                Ok(self.b.op1(&S::SELECT, &[cv, x, y], t, vec![]))
            }
            ExprKind::BufferLoad(b, idx) => self.load(b, idx, dt, sp),
            ExprKind::Ramp(base, stride, n) => {
                // base + [0, 1, ..] * stride
                let t = self.ty(dt, sp)?;
                let elem = self.ty(dt.element(), sp)?;
                let b = self.expr(base)?;
                let s = self.expr(stride)?;
                let lanes: Vec<Value> = (0..*n).map(|k| self.b.int(&elem, i64::from(k))).collect();
                let iota = self.vector_of(&t, &lanes);
                let bv = self.b.op1(&V::BROADCAST, &[b], t.clone(), vec![]);
                let sv = self.b.op1(&V::BROADCAST, &[s], t.clone(), vec![]);
                let p = self.b.op1(&S::MULI, &[iota, sv], t.clone(), vec![]);
                Ok(self.b.op1(&S::ADDI, &[bv, p], t, vec![]))
            }
            ExprKind::Broadcast(v, _) => {
                let x = self.expr(v)?;
                let t = self.ty(dt, sp)?;
                Ok(self.b.op1(&V::BROADCAST, &[x], t, vec![]))
            }
            ExprKind::Let(v, value, body) => {
                let x = self.expr(value)?;
                self.vars.insert(v.id(), x);
                self.expr(body)
            }
            ExprKind::Call(callee, args) => self.call(e, callee, args),
            ExprKind::Shuffle(vectors, indices) => {
                let vs: Vec<Value> = vectors.iter().map(|x| self.expr(x)).collect::<R<_>>()?;
                let t = self.ty(dt, sp)?;
                let consts: Option<Vec<i64>> = indices.iter().map(super::const_of).collect();
                // One lane picked: that lane (a shuffle's result is a vector).
                if let (Some([lane]), 1) = (consts.as_deref(), dt.lanes) {
                    let mut all = Vec::new();
                    for (x, v) in vectors.iter().zip(&vs) {
                        all.extend(self.lanes_of(*v, x.dtype())?);
                    }
                    return usize::try_from(*lane).ok().and_then(|k| all.get(k).copied()).ok_or_else(|| {
                        self.err(sp, format!("shuffle index {lane} is outside the {} lanes", all.len()))
                    });
                }
                if let Some(mask) = consts {
                    // Scalars among the vectors become one-lane vectors.
                    let mut ops = Vec::new();
                    for (x, v) in vectors.iter().zip(vs) {
                        if x.dtype().lanes == 1 {
                            let vt = self.ty(x.dtype().with_lanes(1), sp)?;
                            let one = Type::vector(vec![1], vt).map_err(|m| self.err(sp, m))?;
                            ops.push(self.b.op1(&V::BROADCAST, &[v], one, vec![]));
                        } else {
                            ops.push(v);
                        }
                    }
                    let mask = Attribute::array(mask.into_iter().map(Attribute::i64).collect());
                    return Ok(self.b.op1(&V::SHUFFLE, &ops, t, vec![("mask", mask)]));
                }
                // Run-time indices: pick lane by lane.
                let mut all = Vec::new();
                for (x, v) in vectors.iter().zip(vs) {
                    all.extend(self.lanes_of(v, x.dtype())?);
                }
                let elem = self.ty(dt.element(), sp)?;
                let mut out = Vec::with_capacity(indices.len());
                for i in indices {
                    let iv = self.expr(i)?;
                    let iv = self.index_of(iv, i.dtype());
                    let mut acc = all[0];
                    for (k, &lane) in all.iter().enumerate().skip(1) {
                        let kc = self.b.index(k as i64);
                        let hit = self.cmpi("eq", iv, kc);
                        acc = self.b.op1(&S::SELECT, &[hit, lane, acc], elem.clone(), vec![]);
                    }
                    out.push(acc);
                }
                Ok(if dt.lanes > 1 { self.vector_of(&t, &out) } else { out[0] })
            }
            ExprKind::Binary(op, a, b) => {
                let (x, y) = (self.expr(a)?, self.expr(b)?);
                self.binary(*op, x, y, a.dtype(), b)
            }
            ExprKind::Cmp(op, a, b) => {
                let (x, y) = (self.expr(a)?, self.expr(b)?);
                let at = a.dtype();
                let pred = if at.is_float() {
                    match op {
                        CmpOp::Eq => "oeq",
                        CmpOp::Ne => "une",
                        CmpOp::Lt => "olt",
                        CmpOp::Le => "ole",
                        CmpOp::Gt => "ogt",
                        CmpOp::Ge => "oge",
                    }
                } else {
                    let u = at.is_uint() || at.is_bool();
                    match op {
                        CmpOp::Eq => "eq",
                        CmpOp::Ne => "ne",
                        CmpOp::Lt if u => "ult",
                        CmpOp::Le if u => "ule",
                        CmpOp::Gt if u => "ugt",
                        CmpOp::Ge if u => "uge",
                        CmpOp::Lt => "slt",
                        CmpOp::Le => "sle",
                        CmpOp::Gt => "sgt",
                        CmpOp::Ge => "sge",
                    }
                };
                Ok(if at.is_float() { self.cmpf(pred, x, y) } else { self.cmpi(pred, x, y) })
            }
            ExprKind::And(a, b) | ExprKind::Or(a, b) => {
                let is_and = matches!(e.kind(), ExprKind::And(..));
                let x = self.expr(a)?;
                let t = self.ty(dt, sp)?;
                if dt.lanes > 1 || harmless(b) {
                    let y = self.expr(b)?;
                    return Ok(self.b.op1(if is_and { &S::AND } else { &S::OR }, &[x, y], t, vec![]));
                }
                // Short-circuit: the right side only when the left does not decide.
                let rhs = self.b.new_block(&[]);
                let join = self.b.new_block(std::slice::from_ref(&t));
                if is_and {
                    self.b.cond_br(x, rhs, &[], join, &[x]);
                } else {
                    self.b.cond_br(x, join, &[x], rhs, &[]);
                }
                self.b.set(rhs);
                let y = self.expr(b)?;
                self.b.br(join, &[y]);
                self.b.set(join);
                Ok(self.b.m.block(join).args[0])
            }
            ExprKind::Not(a) => {
                let x = self.expr(a)?;
                let t = self.ty(dt, sp)?;
                let one = self.b.int(&Type::Integer(1), 1);
                let one = self.match_lanes(one, DataType::BOOL, dt.lanes)?;
                Ok(self.b.op1(&S::XOR, &[x, one], t, vec![]))
            }
        }
    }

    /// A scalar `v` of type `dt` as `lanes` lanes (a vector is kept).
    fn match_lanes(&mut self, v: Value, dt: DataType, lanes: u16) -> R<Value> {
        if dt.lanes == lanes || lanes <= 1 {
            return Ok(v);
        }
        let t = self.ty(dt.with_lanes(lanes), None)?;
        Ok(self.b.op1(&V::BROADCAST, &[v], t, vec![]))
    }

    /// A constant of `dt` (any lanes).
    fn constant(&mut self, dt: DataType, v: i64) -> R<Value> {
        let t = self.ty(dt.element(), None)?;
        let c = if dt.is_float() { self.b.float(&t, v as f64) } else { self.b.int(&t, v) };
        self.match_lanes(c, dt.element(), dt.lanes)
    }

    fn float_const(&mut self, dt: DataType, v: f64) -> R<Value> {
        let t = self.ty(dt.element(), None)?;
        let c = self.b.float(&t, v);
        self.match_lanes(c, dt.element(), dt.lanes)
    }

    /// tir-spec.md expression semantics 13: arithmetic on two values of type `dt`.
    fn binary(&mut self, op: BinOp, x: Value, y: Value, dt: DataType, rhs: &PrimExpr) -> R<Value> {
        let t = self.ty(dt, None)?;
        let op1 = |s: &mut Self, name: &'static OpDef, a: Value, b: Value| s.b.op1(name, &[a, b], t.clone(), vec![]);
        if dt.is_float() {
            return Ok(match op {
                BinOp::Add => op1(self, &S::ADDF, x, y),
                BinOp::Sub => op1(self, &S::SUBF, x, y),
                BinOp::Mul => op1(self, &S::MULF, x, y),
                BinOp::Div => op1(self, &S::DIVF, x, y),
                BinOp::Mod => op1(self, &S::REMF, x, y),
                BinOp::FloorDiv => {
                    let q = op1(self, &S::DIVF, x, y);
                    self.math("floor", &[q], dt)?
                }
                BinOp::FloorMod => {
                    let q = op1(self, &S::DIVF, x, y);
                    let f = self.math("floor", &[q], dt)?;
                    let p = op1(self, &S::MULF, f, y);
                    op1(self, &S::SUBF, x, p)
                }
                BinOp::Min | BinOp::Max => {
                    // C's `a < b ? a : b` (and `a > b ? a : b`).
                    let c = self.cmpf(if op == BinOp::Min { "olt" } else { "ogt" }, x, y);
                    self.b.op1(&S::SELECT, &[c, x, y], t.clone(), vec![])
                }
            });
        }
        if !dt.is_int() {
            return Err(self.err(None, format!("arithmetic on {dt} is not supported")));
        }
        let unsigned = dt.is_uint() || dt.is_bool();
        let pow2 = super::const_of(rhs).filter(|&c| c > 0 && (c as u64).is_power_of_two());
        Ok(match op {
            BinOp::Add => op1(self, &S::ADDI, x, y),
            BinOp::Sub => op1(self, &S::SUBI, x, y),
            BinOp::Mul => op1(self, &S::MULI, x, y),
            BinOp::Div => op1(self, if unsigned { &S::DIVIU } else { &S::DIVIS }, x, y),
            BinOp::Mod => op1(self, if unsigned { &S::REMIU } else { &S::REMIS }, x, y),
            BinOp::FloorDiv if unsigned => op1(self, &S::DIVIU, x, y),
            BinOp::FloorMod if unsigned => op1(self, &S::REMIU, x, y),
            BinOp::FloorDiv if pow2.is_some() => {
                // Floor division by 2^k is an arithmetic shift.
                let k = pow2.unwrap_or(1).trailing_zeros() as i64;
                let s = self.constant(dt, k)?;
                op1(self, &S::SHRIS, x, s)
            }
            BinOp::FloorMod if pow2.is_some() => {
                let m = self.constant(dt, pow2.unwrap_or(1) - 1)?;
                op1(self, &S::AND, x, m)
            }
            BinOp::FloorDiv | BinOp::FloorMod => {
                // q, r truncate; when r is non-zero with the other sign than y, q - 1 and r + y.
                let q = op1(self, &S::DIVIS, x, y);
                let r = op1(self, &S::REMIS, x, y);
                let zero = self.constant(dt, 0)?;
                let nz = self.cmpi("ne", r, zero);
                let ry = op1(self, &S::XOR, r, y);
                let neg = self.cmpi("slt", ry, zero);
                let bt = self.ty(DataType::BOOL.with_lanes(dt.lanes), None)?;
                let adj = self.b.op1(&S::AND, &[nz, neg], bt, vec![]);
                if op == BinOp::FloorDiv {
                    let one = self.constant(dt, 1)?;
                    let q1 = op1(self, &S::SUBI, q, one);
                    self.b.op1(&S::SELECT, &[adj, q1, q], t.clone(), vec![])
                } else {
                    let ry = op1(self, &S::ADDI, r, y);
                    self.b.op1(&S::SELECT, &[adj, ry, r], t.clone(), vec![])
                }
            }
            BinOp::Min | BinOp::Max => {
                let pred = match (op == BinOp::Min, unsigned) {
                    (true, true) => "ult",
                    (true, false) => "slt",
                    (false, true) => "ugt",
                    (false, false) => "sgt",
                };
                let c = self.cmpi(pred, x, y);
                self.b.op1(&S::SELECT, &[c, x, y], t.clone(), vec![])
            }
        })
    }

    /// tir-spec.md expression semantics 5: a cast of `v` from `from` to `to` (equal lanes).
    pub fn cast(&mut self, v: Value, from: DataType, to: DataType) -> R<Value> {
        if from == to {
            return Ok(v);
        }
        if from.is_handle() || to.is_handle() {
            if from.is_handle() && to.is_handle() {
                return Ok(v);
            }
            return Err(self.err(None, format!("casts between {from} and {to} are not supported")));
        }
        let t = self.ty(to, None)?;
        if to.is_bool() {
            // C: a value is true when it is not zero.
            let z = if from.is_float() { self.float_const(from, 0.0)? } else { self.constant(from, 0)? };
            return Ok(if from.is_float() { self.cmpf("une", v, z) } else { self.cmpi("ne", v, z) });
        }
        let from_unsigned = from.is_uint() || from.is_bool();
        let op = |s: &mut Self, name: &'static OpDef| s.b.op1(name, &[v], t.clone(), vec![]);
        Ok(match (from.is_float(), to.is_float()) {
            (false, false) => match from.bits.cmp(&to.bits) {
                std::cmp::Ordering::Less => op(self, if from_unsigned { &S::ZEXTI } else { &S::SEXTI }),
                std::cmp::Ordering::Greater => op(self, &S::TRUNCI),
                std::cmp::Ordering::Equal => v,
            },
            (false, true) => op(self, if from_unsigned { &S::UITOFP } else { &S::SITOFP }),
            (true, false) => op(self, if to.is_uint() { &S::FPTOUI } else { &S::FPTOSI }),
            (true, true) => {
                let rank = |d: DataType| (d.bits, d.code == TypeCode::Float);
                if from.bits == to.bits {
                    // float16 <-> bfloat16: through float32.
                    let mid = self.ty(DataType::FLOAT32.with_lanes(to.lanes), None)?;
                    let w = self.b.op1(&S::FPEXT, &[v], mid, vec![]);
                    self.b.op1(&S::FPTRUNC, &[w], t.clone(), vec![])
                } else if rank(from) < rank(to) {
                    op(self, &S::FPEXT)
                } else {
                    op(self, &S::FPTRUNC)
                }
            }
        })
    }

    /// A math function of float arguments of type `dt`, as a core op or a call of the math
    /// runtime (`expf`, `exp`), lane by lane for vectors and through `f32` for 16-bit floats.
    fn math(&mut self, name: &str, args: &[Value], dt: DataType) -> R<Value> {
        let t = self.ty(dt, None)?;
        let op = match name {
            "exp" => Some(&S::EXP),
            "log" => Some(&S::LOG),
            "sqrt" => Some(&S::SQRT),
            "tanh" => Some(&S::TANH),
            "sin" => Some(&S::SIN),
            "cos" => Some(&S::COS),
            "fabs" => Some(&S::ABSF),
            "copysign" => Some(&S::COPYSIGN),
            _ => None,
        };
        if let Some(op) = op {
            return Ok(self.b.op1(op, args, t, vec![]));
        }
        if dt.lanes > 1 {
            let lanes: Vec<Vec<Value>> = args.iter().map(|&a| self.lanes_of(a, dt)).collect::<R<_>>()?;
            let mut out = Vec::with_capacity(usize::from(dt.lanes));
            for k in 0..usize::from(dt.lanes) {
                let xs: Vec<Value> = lanes.iter().map(|l| l[k]).collect();
                out.push(self.math(name, &xs, dt.element())?);
            }
            return Ok(self.vector_of(&t, &out));
        }
        let (ct, sym) = match t {
            Type::F64 => (Type::F64, name.to_string()),
            Type::F32 | Type::F16 | Type::BF16 => (Type::F32, format!("{name}f")),
            _ => return Err(self.err(None, format!("{name} of {dt} is not supported"))),
        };
        let xs: Vec<Value> = if ct != t {
            args.iter().map(|&a| self.b.op1(&S::FPEXT, &[a], ct.clone(), vec![])).collect()
        } else {
            args.to_vec()
        };
        let r = self.call_extern(&sym, &xs, Some(ct.clone()))?;
        Ok(if ct != t { self.b.op1(&S::FPTRUNC, &[r], t, vec![]) } else { r })
    }

    /// Call a body-less function `name` (declared once per module with these types).
    fn call_extern(&mut self, name: &str, args: &[Value], result: Option<Type>) -> R<Value> {
        let ty = FunctionType {
            inputs: args.iter().map(|&a| self.b.ty(a)).collect(),
            results: result.clone().into_iter().collect(),
        };
        match self.externs.get(name) {
            Some(prev) if *prev != ty => {
                return Err(self.err(None, format!("'{name}' is called with two different signatures")));
            }
            _ => {
                self.externs.insert(name.to_string(), ty.clone());
            }
        }
        let op = self.b.op(&S::CALL, args, &ty.results, vec![("callee", Attribute::SymbolRef(name.into()))]);
        let rs = self.b.m.op(op).results.clone();
        Ok(match rs.first() {
            Some(&r) => r,
            None => self.b.int(&Type::Integer(32), 0),
        })
    }

    /// tir-spec.md expression semantics 11: builtins and PrimFunc calls.
    fn call(&mut self, e: &PrimExpr, callee: &Callee, args: &[PrimExpr]) -> R<Value> {
        let sp = e.span();
        let dt = e.dtype();
        let name = match callee {
            Callee::Global(g) => return self.call_global(e, g, args),
            Callee::Builtin(n) => n.to_string(),
        };
        match extern_call(&name) {
            Some(("call_extern" | "call_pure_extern", ext)) => {
                let xs: Vec<Value> = args.iter().map(|a| self.expr(a)).collect::<R<_>>()?;
                let rt = core_type(dt).filter(|t| *t != Type::None);
                return self.call_extern(ext, &xs, rt);
            }
            // The ones with a CPU meaning became builtins (tir::transform::legalize).
            Some((_, ext)) => {
                return Err(self.err(
                    sp,
                    format!("the LLVM intrinsic '{ext}' is not supported on CPU by Strata (sqrt, fabs, floor, ceil, trunc, round, lround, nearbyint, rint, exp, exp2, log, log2, log10, sin, cos, pow, copysign, minnum, maxnum, ctpop, ctlz, abs, smax, smin, umax, umin are)"),
                ));
            }
            None => {}
        }
        let short = name.strip_prefix("tir.").unwrap_or(&name).to_string();
        match short.as_str() {
            "if_then_else" if args.len() == 3 => {
                let c = self.expr(&args[0])?;
                if args[0].dtype().lanes > 1 || (harmless(&args[1]) && harmless(&args[2])) {
                    let (x, y) = (self.expr(&args[1])?, self.expr(&args[2])?);
                    let c = self.match_lanes(c, args[0].dtype(), dt.lanes)?;
                    let t = self.ty(dt, sp)?;
                    return Ok(self.b.op1(&S::SELECT, &[c, x, y], t, vec![]));
                }
                // Only the chosen side is evaluated.
                let t = self.ty(dt, sp)?;
                let (tb, fb) = (self.b.new_block(&[]), self.b.new_block(&[]));
                let join = self.b.new_block(std::slice::from_ref(&t));
                self.b.cond_br(c, tb, &[], fb, &[]);
                self.b.set(tb);
                let x = self.expr(&args[1])?;
                self.b.br(join, &[x]);
                self.b.set(fb);
                let y = self.expr(&args[2])?;
                self.b.br(join, &[y]);
                self.b.set(join);
                Ok(self.b.m.block(join).args[0])
            }
            "likely" if args.len() == 1 => self.expr(&args[0]),
            "assume" => self.constant(DataType::BOOL, 1),
            "reinterpret" if args.len() == 1 => {
                let x = self.expr(&args[0])?;
                let t = self.ty(dt, sp)?;
                if self.b.ty(x) == t {
                    return Ok(x);
                }
                Ok(self.b.op1(&S::BITCAST, &[x], t, vec![]))
            }
            "bitwise_and" | "bitwise_or" | "bitwise_xor" | "shift_left" | "shift_right" if args.len() == 2 => {
                let (x, y) = (self.expr(&args[0])?, self.expr(&args[1])?);
                let t = self.ty(dt, sp)?;
                let op = match short.as_str() {
                    "bitwise_and" => &S::AND,
                    "bitwise_or" => &S::OR,
                    "bitwise_xor" => &S::XOR,
                    "shift_left" => &S::SHLIS,
                    _ if dt.is_uint() => &S::SHRIU,
                    _ => &S::SHRIS,
                };
                Ok(self.b.op1(op, &[x, y], t, vec![]))
            }
            "popcount" | "clz" if args.len() == 1 && args[0].dtype().is_int() => {
                let a = &args[0];
                let x = self.expr(a)?;
                let t = self.ty(a.dtype(), sp)?;
                let op = if short == "popcount" { &S::CTPOP } else { &S::CTLZ };
                let n = self.b.op1(op, &[x], t, vec![]);
                self.cast(n, a.dtype(), dt)
            }
            "fma" if args.len() == 3 && dt.is_float() => {
                let xs: Vec<Value> = args.iter().map(|a| self.expr(a)).collect::<R<_>>()?;
                self.math("fma", &xs, dt)
            }
            "bitwise_not" if args.len() == 1 => {
                let x = self.expr(&args[0])?;
                let t = self.ty(dt, sp)?;
                let m1 = self.constant(dt, -1)?;
                Ok(self.b.op1(&S::XOR, &[x, m1], t, vec![]))
            }
            "abs" if args.len() == 1 && dt.is_int() => {
                let x = self.expr(&args[0])?;
                if dt.is_uint() {
                    return Ok(x);
                }
                let t = self.ty(dt, sp)?;
                let z = self.constant(dt, 0)?;
                let neg = self.cmpi("slt", x, z);
                let n = self.b.op1(&S::SUBI, &[z, x], t.clone(), vec![]);
                Ok(self.b.op1(&S::SELECT, &[neg, n, x], t, vec![]))
            }
            "isnan" | "isinf" | "isfinite" if args.len() == 1 => {
                let a = &args[0];
                let x = self.expr(a)?;
                if !a.dtype().is_float() {
                    return self.constant(dt, i64::from(short == "isfinite"));
                }
                if short == "isnan" {
                    return Ok(self.cmpf("uno", x, x));
                }
                let t = self.ty(a.dtype(), sp)?;
                let ab = self.b.op1(&S::ABSF, &[x], t, vec![]);
                let inf = self.float_const(a.dtype(), f64::INFINITY)?;
                Ok(if short == "isinf" { self.cmpf("oeq", ab, inf) } else { self.cmpf("olt", ab, inf) })
            }
            "sigmoid" if args.len() == 1 => {
                // 1 / (1 + exp(-x))
                let x = self.expr(&args[0])?;
                let t = self.ty(dt, sp)?;
                let n = self.b.op1(&S::NEGF, &[x], t.clone(), vec![]);
                let ex = self.math("exp", &[n], dt)?;
                let one = self.float_const(dt, 1.0)?;
                let d = self.b.op1(&S::ADDF, &[one, ex], t.clone(), vec![]);
                Ok(self.b.op1(&S::DIVF, &[one, d], t, vec![]))
            }
            "rsqrt" if args.len() == 1 => {
                let x = self.expr(&args[0])?;
                let t = self.ty(dt, sp)?;
                let s = self.math("sqrt", &[x], dt)?;
                let one = self.float_const(dt, 1.0)?;
                Ok(self.b.op1(&S::DIVF, &[one, s], t, vec![]))
            }
            // Float tanh, tan, exp10 and atanh arrive expanded (transform::legalize), as TVM's.
            "exp" | "exp2" | "log" | "log2" | "log10" | "log1p" | "expm1" | "sqrt" | "tanh" | "sin" | "cos" | "tan"
            | "asin" | "acos" | "atan" | "sinh" | "cosh" | "asinh" | "acosh" | "atanh" | "exp10" | "erf" | "fabs"
            | "floor" | "ceil" | "round" | "nearbyint" | "trunc" | "atan2" | "pow" | "fmod" | "copysign" | "hypot"
            | "nextafter" => {
                if !dt.is_float() {
                    return Err(self.err(sp, format!("T.{short} of {dt} is not supported (it takes floats)")));
                }
                let xs: Vec<Value> = args.iter().map(|a| self.expr(a)).collect::<R<_>>()?;
                // TVM's LLVM build rounds `T.round` half to even (llvm.nearbyint), not away
                // from zero as C's `round` does.
                let f = if short == "round" { "nearbyint" } else { short.as_ref() };
                self.math(f, &xs, dt)
            }
            _ => Err(self.err(
                sp,
                crate::tir::intrinsics::why_not_on_cpu(&short)
                    .unwrap_or_else(|| format!("the builtin '{name}' is not supported")),
            )),
        }
    }

    fn call_global(&mut self, e: &PrimExpr, g: &str, args: &[PrimExpr]) -> R<Value> {
        let sp = e.span();
        let Some(sig) = self.sigs.get(g).cloned() else { return Err(self.err(sp, format!("no function @{g}"))) };
        let callee = self.tm.func(g).ok_or_else(|| self.err(sp, format!("no function @{g}")))?;
        let mut xs = Vec::with_capacity(args.len());
        for ((a, p), want) in args.iter().zip(&callee.params).zip(&sig.inputs) {
            let v = match callee.buffer_of(p) {
                Some(_) => {
                    // A buffer argument: the memory of the handle passed.
                    let mem = a.as_var().and_then(|v| self.pointers.get(&v.id()).copied());
                    let Some(mem) = mem else {
                        return Err(self.err(sp, format!("argument '{}' of @{g} must be a buffer's data", p.name())));
                    };
                    if self.b.ty(mem) == *want {
                        mem
                    } else {
                        let t = self.b.ty(mem);
                        let (Some(x), Some(y)) = (t.as_memref(), want.as_memref()) else {
                            return Err(self.err(sp, format!("cannot pass '{t}' as '{want}'")));
                        };
                        if x.shape.len() != y.shape.len()
                            || x.elem != y.elem
                            || !x.maps.is_empty()
                            || !y.maps.is_empty()
                        {
                            return Err(self.err(sp, format!("cannot pass a buffer of '{t}' as '{want}' to @{g}")));
                        }
                        self.b.op1(&S::MEMREF_CAST, &[mem], want.clone(), vec![])
                    }
                }
                None => {
                    let v = self.expr(a)?;
                    self.cast(v, a.dtype(), p.dtype())?
                }
            };
            xs.push(v);
        }
        let op = self.b.op(&S::CALL, &xs, &sig.results, vec![("callee", Attribute::SymbolRef(g.into()))]);
        let rs = self.b.m.op(op).results.clone();
        match rs.first() {
            Some(&r) => Ok(r),
            // A call whose (void) value is not used.
            None => Ok(self.b.int(&Type::Integer(32), 0)),
        }
    }
}

/// Whether evaluating `e` can neither fault nor have an effect (no loads, calls or integer
/// divisions by a non-constant), so it may be evaluated when not needed.
pub(super) fn harmless(e: &PrimExpr) -> bool {
    let mut ok = true;
    walk_expr(e, &mut |x| match x.kind() {
        ExprKind::BufferLoad(..) | ExprKind::Call(..) | ExprKind::Let(..) => ok = false,
        ExprKind::Binary(BinOp::Div | BinOp::Mod | BinOp::FloorDiv | BinOp::FloorMod, _, d)
            if d.dtype().is_int() && super::const_of(d).is_none_or(|c| c == 0 || c == -1) =>
        {
            ok = false;
        }
        _ => {}
    });
    ok
}
