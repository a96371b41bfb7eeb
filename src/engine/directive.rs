//! Calls written as text: `@f(1, [2, 3])`, and the `// run:` test directives built on them
//! (`@f(1, 2) == 3`, `@div(1, 0) traps "division by zero"`, `@fill(zeros(4xf32)); %0 == [..]`,
//! `@softmax(npy("x.npy"), zeros(4x8xf32)); %1 ~= npy("y.npy")`).
//! The REPL, `strata run` and the jit-tests harness all read calls through here.

use super::{Compiled, Interpreter};
use crate::ir::FunctionType;
use crate::runtime::DLDataType;

/// What a directive calls: compiled code, or the same module in the reference interpreter.
pub trait Callee {
    /// Call `name` (as [`Compiled::call`]).
    ///
    /// # Errors
    /// As [`Compiled::call`].
    fn call(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Vec<Val>, crate::Error>;
    /// The type of the function `name`, if there is one.
    fn function_type(&self, name: &str) -> Option<FunctionType>;
    /// The names of the functions that can be called.
    fn function_names(&self) -> Vec<String>;
    /// For a TIR function, the dtype each buffer parameter declares (as
    /// [`Compiled::tir_dtypes`]).
    fn tir_dtypes(&self, name: &str) -> Option<Vec<Option<DLDataType>>>;
    /// For a TIR function, the name of each buffer parameter's buffer (as
    /// [`Compiled::tir_buffer_names`]).
    fn tir_buffer_names(&self, name: &str) -> Option<Vec<Option<String>>>;
}

impl Callee for Compiled {
    fn call(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Vec<Val>, crate::Error> {
        Compiled::call(self, name, args)
    }
    fn function_type(&self, name: &str) -> Option<FunctionType> {
        self.functions().find(|(n, _)| *n == name).map(|(_, t)| t.clone())
    }
    fn function_names(&self) -> Vec<String> {
        self.functions().map(|(n, _)| n.to_string()).collect()
    }
    fn tir_dtypes(&self, name: &str) -> Option<Vec<Option<DLDataType>>> {
        Compiled::tir_dtypes(self, name)
    }
    fn tir_buffer_names(&self, name: &str) -> Option<Vec<Option<String>>> {
        Compiled::tir_buffer_names(self, name)
    }
}

impl Callee for Interpreter<'_> {
    fn call(&self, name: &str, args: &mut [Arg<'_>]) -> Result<Vec<Val>, crate::Error> {
        Interpreter::call(self, name, args)
    }
    fn function_type(&self, name: &str) -> Option<FunctionType> {
        Interpreter::function_type(self, name)
    }
    fn function_names(&self) -> Vec<String> {
        Interpreter::function_names(self)
    }
    fn tir_dtypes(&self, name: &str) -> Option<Vec<Option<DLDataType>>> {
        Interpreter::tir_dtypes(self, name)
    }
    fn tir_buffer_names(&self, name: &str) -> Option<Vec<Option<String>>> {
        let name = name.strip_prefix('@').unwrap_or(name);
        self.binders().get(name).map(|b| b.buffer_names())
    }
}
use super::literal::{Literal, parse_literals, read_elem, to_tensor, to_val};
use super::value::{Arg, Val};
use crate::ir::Type;
use crate::runtime::DLTensor;

/// What a `// run:` line expects.
#[derive(Debug, Clone, PartialEq)]
pub enum Expect {
    /// Only that the call succeeds.
    Success,
    /// The results equal these values.
    Eq(Vec<Literal>),
    /// The results are within floating-point tolerance of these values (`~=`).
    Approx(Vec<Literal>),
    /// The results differ from these values.
    Ne(Vec<Literal>),
    /// The call fails with a runtime error whose message contains this text.
    Traps(String),
    /// The call fails (any error) with a message containing this text.
    Fails(String),
}

/// A parsed `// run:` directive.
#[derive(Debug, Clone, PartialEq)]
pub struct RunDirective {
    /// The function.
    pub func: String,
    /// Its arguments.
    pub args: Vec<Literal>,
    /// What must happen.
    pub expect: Expect,
    /// Arguments to compare after the call (`%i == literal`, `%i ~= literal`).
    pub after: Vec<AfterCheck>,
}

/// One `%i == value` (or `%i ~= value`) check of an argument after the call.
#[derive(Debug, Clone, PartialEq)]
pub struct AfterCheck {
    /// Which argument.
    pub index: usize,
    /// Its expected value.
    pub value: Literal,
    /// Compare floats within tolerance ([`close`]) rather than exactly.
    pub approx: bool,
}

/// Relative tolerance of `~=`: float32 results computed in a different order (another
/// compiler's vectorised reduction, a libm `expf`) differ in the last few bits.
pub const RTOL: f64 = 1e-5;
/// Absolute tolerance of `~=`, for values near zero.
pub const ATOL: f64 = 1e-6;

impl RunDirective {
    /// Resolve relative `npy("..")` paths against `base` ([`Literal::resolve_paths`]).
    pub fn resolve_paths(&mut self, base: &std::path::Path) {
        let expected = match &mut self.expect {
            Expect::Eq(v) | Expect::Approx(v) | Expect::Ne(v) => v.as_mut_slice(),
            _ => &mut [],
        };
        let after = self.after.iter_mut().map(|a| &mut a.value);
        self.args.iter_mut().chain(expected.iter_mut()).chain(after).for_each(|l| l.resolve_paths(base));
    }
}

/// Split `@name(args)rest` into the name, the argument text and the rest.
///
/// # Errors
/// Not a call.
pub fn split_call(s: &str) -> Result<(String, &str, &str), String> {
    let s = s.trim();
    let body = s.strip_prefix('@').ok_or("a call starts with '@name('")?;
    let open = body.find('(').ok_or("expected '(' after the function name")?;
    let name = body[..open].trim().to_string();
    let mut depth = 0i32;
    let mut in_str = false;
    for (i, c) in body[open..].char_indices() {
        match c {
            '"' => in_str = !in_str,
            '(' | '[' if !in_str => depth += 1,
            ')' | ']' if !in_str => {
                depth -= 1;
                if depth == 0 {
                    let end = open + i;
                    return Ok((name, &body[open + 1..end], &body[end + 1..]));
                }
            }
            _ => {}
        }
    }
    Err("unbalanced parentheses in the call".into())
}

fn quoted(s: &str) -> Result<String, String> {
    let s = s.trim();
    s.strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .map(str::to_string)
        .ok_or_else(|| format!("expected a quoted message, found '{s}'"))
}

/// Parse the text after `// run:`.
///
/// # Errors
/// A message saying what is malformed.
pub fn parse_run(line: &str) -> Result<RunDirective, String> {
    let (func, args, rest) = split_call(line)?;
    let args = parse_literals(args)?;
    let (rest, after_text) = match rest.find(';') {
        Some(i) => (&rest[..i], Some(&rest[i + 1..])),
        None => (rest, None),
    };
    let rest = rest.trim();
    let expect = if rest.is_empty() {
        Expect::Success
    } else if let Some(r) = rest.strip_prefix("==") {
        Expect::Eq(parse_literals(r)?)
    } else if let Some(r) = rest.strip_prefix("~=") {
        Expect::Approx(parse_literals(r)?)
    } else if let Some(r) = rest.strip_prefix("!=") {
        Expect::Ne(parse_literals(r)?)
    } else if let Some(r) = rest.strip_prefix("traps") {
        Expect::Traps(quoted(r)?)
    } else if let Some(r) = rest.strip_prefix("fails") {
        Expect::Fails(quoted(r)?)
    } else {
        return Err(format!(
            "expected '==', '~=', '!=', 'traps \"..\"' or 'fails \"..\"' after the call, found '{rest}'"
        ));
    };
    let mut after = Vec::new();
    if let Some(t) = after_text {
        for part in t.split(';') {
            let part = part.trim();
            if part.is_empty() {
                continue;
            }
            let (lhs, rhs, approx) = match (part.split_once("=="), part.split_once("~=")) {
                (Some((l, r)), _) => (l, r, false),
                (None, Some((l, r))) => (l, r, true),
                (None, None) => return Err(format!("expected '%N == value' or '%N ~= value', found '{part}'")),
            };
            let n = lhs
                .trim()
                .strip_prefix('%')
                .and_then(|x| x.parse::<usize>().ok())
                .ok_or_else(|| format!("expected '%N' (an argument number), found '{}'", lhs.trim()))?;
            let mut v = parse_literals(rhs)?;
            if v.len() != 1 {
                return Err(format!("expected one value for %{n}"));
            }
            after.push(AfterCheck { index: n, value: v.remove(0), approx });
        }
    }
    Ok(RunDirective { func, args, expect, after })
}

/// Turn literals into the arguments of a function of the given parameter types.
///
/// # Errors
/// A literal that does not fit its parameter.
pub fn make_args(params: &[Type], lits: &[Literal]) -> Result<Vec<Val>, String> {
    if params.len() != lits.len() {
        return Err(format!("{} arguments given, the function takes {}", lits.len(), params.len()));
    }
    params
        .iter()
        .zip(lits)
        .enumerate()
        .map(|(i, (t, l))| {
            let v =
                if t.is_shaped() && t.as_vector().is_none() { to_tensor(l, t).map(Val::Tensor) } else { to_val(l, t) };
            v.map_err(|e| format!("argument #{i}: {e}"))
        })
        .collect()
}

/// Whether two values are equal (floats bitwise, NaN equal to NaN; tensors element-wise).
pub fn same(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Tensor(x), Val::Tensor(y)) => {
            x.shape() == y.shape() && (0..x.len()).all(|i| same(&read_elem(x, i), &read_elem(y, i)))
        }
        (Val::Vector(x), Val::Vector(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| same(p, q)),
        _ => match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => (x.is_nan() && y.is_nan()) || x.to_bits() == y.to_bits() || (x == y && x != 0.0),
            _ => match (a.as_i64(), b.as_i64()) {
                (Some(x), Some(y)) => x == y,
                _ => a == b,
            },
        },
    }
}

/// Whether `a` is within tolerance of the expected `b`: `|a - b| <= ATOL + RTOL * |b|` (for
/// f16/bf16, four of their ulps instead of `RTOL`); NaN only equals NaN, infinities compare
/// exactly, and non-float values must be [`same`].
pub fn close(a: &Val, b: &Val) -> bool {
    match (a, b) {
        (Val::Tensor(x), Val::Tensor(y)) => {
            x.shape() == y.shape() && (0..x.len()).all(|i| close(&read_elem(x, i), &read_elem(y, i)))
        }
        (Val::Vector(x), Val::Vector(y)) => x.len() == y.len() && x.iter().zip(y).all(|(p, q)| close(p, q)),
        (Val::F32(_) | Val::F64(_) | Val::F16(_) | Val::BF16(_), _) => {
            // Half-precision types cannot meet float32's tolerance: allow a few of their ulps.
            let rtol = match a {
                Val::F16(_) => 4.0 * f64::from(half::f16::EPSILON),
                Val::BF16(_) => 4.0 * f64::from(half::bf16::EPSILON),
                _ => RTOL,
            };
            match (a.as_f64(), b.as_f64()) {
                (Some(x), Some(y)) if x.is_finite() && y.is_finite() => (x - y).abs() <= ATOL + rtol * y.abs(),
                _ => same(a, b),
            }
        }
        _ => same(a, b),
    }
}

/// For tensors of one shape, where they first differ: "differs at [1, 2]: 0.5 where 0.25 was
/// expected (3 of 40 elements differ)" (whole tensors are too long to read).
fn difference(got: &Val, want: &Val, approx: bool) -> Option<String> {
    let (Val::Tensor(x), Val::Tensor(y)) = (got, want) else { return None };
    if x.shape() != y.shape() {
        return Some(format!("has the shape {:?}, expected {:?}", x.shape(), y.shape()));
    }
    let differs = |i: usize| {
        let (a, b) = (read_elem(x, i), read_elem(y, i));
        if approx { !close(&a, &b) } else { !same(&b, &a) }
    };
    let first = (0..x.len()).find(|&i| differs(i))?;
    let count = (first..x.len()).filter(|&i| differs(i)).count();
    let mut index = Vec::with_capacity(x.shape().len());
    let mut rest = first as i64;
    for &d in x.shape().iter().rev() {
        index.push(if d > 0 { rest % d } else { 0 });
        rest = if d > 0 { rest / d } else { 0 };
    }
    index.reverse();
    Some(format!(
        "differs at {index:?}: {} where {} was expected ({count} of {} elements differ)",
        read_elem(x, first),
        read_elem(y, first),
        x.len()
    ))
}

/// Call a function by name with literal arguments; returns the results and the arguments as
/// they are after the call (memrefs may have been written).
///
/// # Errors
/// A message for bad arguments, or the call's error.
pub fn call_with_literals(c: &dyn Callee, func: &str, args: &[Literal]) -> Result<(Vec<Val>, Vec<Val>), crate::Error> {
    let (results, vals) = call_keeping_args(c, func, args)?;
    Ok((results?, vals))
}

/// [`call_with_literals`], with the arguments as they are after the call also when the call
/// fails (a trap leaves what the function wrote before it).
///
/// # Errors
/// A message for bad arguments (the call's own error is the first result).
#[allow(clippy::type_complexity)]
pub fn call_keeping_args(
    c: &dyn Callee,
    func: &str,
    args: &[Literal],
) -> Result<(Result<Vec<Val>, crate::Error>, Vec<Val>), crate::Error> {
    let ty = function_type(c, func)?;
    let bad = |message: String| crate::Error::Argument { func: func.to_string(), message };
    // Views and aliases are made from plain tensors: a view's base, an alias's original.
    let plain = args
        .iter()
        .enumerate()
        .map(|(i, l)| match l {
            Literal::View { base, .. } => Ok((**base).clone()),
            Literal::Alias(j) => match args.get(*j) {
                Some(Literal::View { base, .. }) => Ok((**base).clone()),
                Some(l) if *j != i && !matches!(l, Literal::Alias(_)) => Ok(l.clone()),
                _ => Err(bad(format!("argument #{i}: alias(%{j}) does not name another tensor argument"))),
            },
            l => Ok(l.clone()),
        })
        .collect::<Result<Vec<_>, _>>()?;
    let mut vals = make_args(&ty.inputs, &plain).map_err(bad)?;
    retag(c, func, &ty.inputs, &mut vals);
    if !args.iter().any(|l| matches!(l, Literal::View { .. } | Literal::Alias(_))) {
        let mut call_args: Vec<Arg<'_>> = vals.iter_mut().map(Val::as_arg_mut).collect();
        let results = c.call(func, &mut call_args);
        drop(call_args);
        return Ok((results, vals));
    }
    // DLTensors for views (into their base) and aliases (of another argument's DLTensor).
    // (the DLTensor, and the shape and strides it points to)
    type OwnedDl = (DLTensor, Vec<i64>, Option<Vec<i64>>);
    let mut dls: Vec<Option<OwnedDl>> = Vec::with_capacity(args.len());
    for (i, (l, v)) in args.iter().zip(&vals).enumerate() {
        dls.push(match (l, v) {
            (Literal::View { shape, strides, byte_offset, .. }, Val::Tensor(t)) => {
                let shape = shape.clone().unwrap_or_else(|| t.shape().to_vec());
                check_view(t, &shape, strides.as_deref(), *byte_offset)
                    .map_err(|e| bad(format!("argument #{i}: {e}")))?;
                Some((DLTensor { byte_offset: *byte_offset, ..t.as_dl() }, shape, strides.clone()))
            }
            _ => None,
        });
    }
    for (i, l) in args.iter().enumerate() {
        if let Literal::Alias(j) = l {
            dls[i] = match (&dls[*j], &vals[*j]) {
                (Some((d, shape, strides)), _) => Some((DLTensor { ..*d }, shape.clone(), strides.clone())),
                (None, Val::Tensor(t)) => Some((t.as_dl(), t.shape().to_vec(), None)),
                _ => return Err(bad(format!("argument #{i}: alias(%{j}) does not name a tensor argument"))),
            };
        }
    }
    for (d, shape, strides) in dls.iter_mut().flatten() {
        d.ndim = shape.len() as i32;
        d.shape = shape.as_mut_ptr();
        d.strides = strides.as_mut().map_or(std::ptr::null_mut(), |s| s.as_mut_ptr());
    }
    let mut call_args: Vec<Arg<'_>> = vals
        .iter()
        .zip(&dls)
        .map(|(v, d)| match (v, d) {
            // SAFETY: the DLTensor points into a tensor of `vals` (a view checked to lie inside
            // its base, or another argument's memory) and at shape and stride vectors of `dls`,
            // all alive until the call returns.
            (_, Some((d, _, _))) => unsafe { Arg::dl(d) },
            // Shared, not unique, references: an alias reaches the same memory.
            (Val::Tensor(t), None) => Arg::Tensor(t),
            (other, None) => Arg::Val(other.clone()),
        })
        .collect();
    let results = c.call(func, &mut call_args);
    drop(call_args);
    Ok((results, vals))
}

fn function_type(c: &dyn Callee, func: &str) -> Result<crate::ir::FunctionType, crate::Error> {
    c.function_type(func)
        .ok_or_else(|| crate::Error::NoSuchFunction { name: func.to_string(), available: c.function_names() })
}

/// The argument values of a call of `func` with plain literals (no `view`/`alias`), made once
/// to call many times (timing).
///
/// # Errors
/// An unknown function, or a literal that does not fit its parameter.
pub fn make_call_args(c: &dyn Callee, func: &str, args: &[Literal]) -> Result<Vec<Val>, crate::Error> {
    let ty = function_type(c, func)?;
    let bad = |message: String| crate::Error::Argument { func: func.to_string(), message };
    if args.iter().any(|l| matches!(l, Literal::View { .. } | Literal::Alias(_))) {
        return Err(bad("view(..) and alias(..) arguments are only for single calls".into()));
    }
    let mut vals = make_args(&ty.inputs, args).map_err(bad)?;
    retag(c, func, &ty.inputs, &mut vals);
    Ok(vals)
}

/// A view must stay inside its base: every element it can address lies in the base's bytes.
fn check_view(
    base: &crate::runtime::Tensor,
    shape: &[i64],
    strides: Option<&[i64]>,
    byte_offset: u64,
) -> Result<(), String> {
    let size = base.dtype().size() as i128;
    let compact: Vec<i64>;
    let strides = match strides {
        Some(s) if s.len() != shape.len() => {
            return Err(format!("view has {} strides for {} dimensions", s.len(), shape.len()));
        }
        Some(s) => s,
        None => {
            let mut acc = 1i64;
            let mut v = vec![0; shape.len()];
            for k in (0..shape.len()).rev() {
                v[k] = acc;
                acc = acc.saturating_mul(shape[k].max(0));
            }
            compact = v;
            &compact
        }
    };
    if shape.iter().any(|&d| d < 0) {
        return Err("view has a negative dimension".into());
    }
    if shape.contains(&0) {
        return Ok(());
    }
    let (mut lo, mut hi) = (0i128, 0i128);
    for (&d, &s) in shape.iter().zip(strides) {
        let reach = i128::from(d - 1) * i128::from(s);
        if reach < 0 { lo += reach } else { hi += reach }
    }
    let off = i128::from(byte_offset);
    let len = base.bytes().len() as i128;
    if off + lo * size < 0 || off + (hi + 1) * size > len {
        return Err(format!("view reaches outside its base tensor of {len} bytes"));
    }
    Ok(())
}

/// Tensors made for a TIR function's buffers take the dtypes it declares (`uint8` rather than
/// the `int8` of its memref). A tensor of another dtype (`zeros(4xi32)` for a float32 buffer)
/// stays as it is, for the call to report.
fn retag(c: &dyn Callee, func: &str, params: &[Type], vals: &mut [Val]) {
    let Some(dts) = c.tir_dtypes(func) else { return };
    for ((v, dt), p) in vals.iter_mut().zip(dts).zip(params) {
        if let (Val::Tensor(t), Some(dt)) = (v, dt)
            && p.is_shaped()
            && super::literal::dtype_of(p.element_type()) == Some(t.dtype())
        {
            t.retag(dt);
        }
    }
}

/// Run a directive; `Ok` with a one-line description of what happened, or why it failed.
///
/// # Errors
/// What differs from the expectation.
pub fn check_run(c: &dyn Callee, d: &RunDirective) -> Result<String, String> {
    let (outcome, args) = match call_keeping_args(c, &d.func, &d.args) {
        Ok((outcome, args)) => (outcome, args),
        Err(e) => (Err(e), Vec::new()),
    };
    let ty = c.function_type(&d.func).unwrap_or_else(|| FunctionType { inputs: vec![], results: vec![] });
    let show = |v: &[Val]| v.iter().map(ToString::to_string).collect::<Vec<_>>().join(", ");
    match (&d.expect, outcome) {
        (Expect::Traps(msg), Err(crate::Error::Trap(t))) if t.to_string().contains(msg.as_str()) => {
            // What the function wrote before the trap, when asked.
            check_after(c, d, &ty, &args)?;
            Ok(t.to_string())
        }
        (Expect::Traps(msg), Err(e)) => Err(format!("expected a trap containing \"{msg}\", got the error: {e}")),
        (Expect::Traps(msg), Ok(r)) => Err(format!("expected a trap containing \"{msg}\", got {}", show(&r))),
        (Expect::Fails(msg), Err(e)) if e.to_string().contains(msg.as_str()) => Ok(e.to_string()),
        (Expect::Fails(msg), Err(e)) => Err(format!("expected an error containing \"{msg}\", got: {e}")),
        (Expect::Fails(msg), Ok(r)) => Err(format!("expected an error containing \"{msg}\", got {}", show(&r))),
        (_, Err(e)) => Err(format!("the call failed: {e}")),
        (expect, Ok(results)) => {
            let want = |lits: &[Literal]| -> Result<Vec<Val>, String> {
                if lits.len() != ty.results.len() {
                    return Err(format!("{} expected values for {} results", lits.len(), ty.results.len()));
                }
                make_args(&ty.results, lits)
            };
            match expect {
                Expect::Eq(lits) => {
                    let w = want(lits)?;
                    if w.len() != results.len() || !w.iter().zip(&results).all(|(a, b)| same(a, b)) {
                        return Err(format!("expected {}, got {}", show(&w), show(&results)));
                    }
                }
                Expect::Approx(lits) => {
                    let w = want(lits)?;
                    if w.len() != results.len() || !w.iter().zip(&results).all(|(a, b)| close(b, a)) {
                        return Err(format!("expected {} (within tolerance), got {}", show(&w), show(&results)));
                    }
                }
                Expect::Ne(lits) => {
                    let w = want(lits)?;
                    if w.len() == results.len() && w.iter().zip(&results).all(|(a, b)| same(a, b)) {
                        return Err(format!("expected a result other than {}", show(&w)));
                    }
                }
                _ => {}
            }
            check_after(c, d, &ty, &args)?;
            Ok(show(&results))
        }
    }
}

/// The `; %N == value` checks of a directive on the arguments after the call.
fn check_after(c: &dyn Callee, d: &RunDirective, ty: &FunctionType, args: &[Val]) -> Result<(), String> {
    for AfterCheck { index: i, value: lit, approx } in &d.after {
        let t = ty.inputs.get(*i).ok_or_else(|| format!("no argument %{i}"))?;
        let mut w = make_args(std::slice::from_ref(t), std::slice::from_ref(lit))?;
        if let (Some(dts), Val::Tensor(x)) = (c.tir_dtypes(&d.func), &mut w[0])
            && let Some(Some(dt)) = dts.get(*i)
        {
            x.retag(*dt);
        }
        let got = args.get(*i).ok_or_else(|| format!("no argument %{i}"))?;
        let equal = if *approx { close(got, &w[0]) } else { same(&w[0], got) };
        if !equal {
            let within = if *approx { " (compared within tolerance)" } else { "" };
            return Err(match difference(got, &w[0], *approx) {
                Some(d) => format!("after the call, %{i} {d}{within}"),
                None => format!("after the call, %{i} is {got}, expected {}{within}", w[0]),
            });
        }
    }
    Ok(())
}
