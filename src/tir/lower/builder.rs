//! Building core IR: ops appended at an insertion point, constants, blocks and branches.

use crate::dialect::{OpDef, standard as S};
use rustc_hash::FxHashMap as HashMap;
use std::sync::Arc;

use crate::ir::{Attribute, Block, FloatAttr, IntegerAttr, Module, NamedAttr, Op, Region, Span, Type, Value};

/// An insertion point in a core module.
pub(super) struct Builder<'m> {
    pub m: &'m mut Module,
    /// Where ops go.
    pub block: Block,
    /// The region new blocks are added to.
    pub region: Region,
    /// The span new ops get.
    pub span: Option<Span>,
    /// Pure ops already made in a block, by what they compute: the address arithmetic of an
    /// unrolled or vectorized body repeats itself many times over, and each copy would cost
    /// verification and code generation time (Cranelift would merge them only afterwards).
    pub known: HashMap<PureKey, Value>,
}

/// What a pure op computes: in a block, its name, operands, result type, and the bits of a
/// constant's value.
#[derive(Clone, PartialEq, Eq, Hash)]
pub(super) struct PureKey {
    block: Block,
    name: &'static str,
    operands: Vec<Value>,
    ty: Type,
    constant: Option<(bool, i128)>,
}

impl Builder<'_> {
    /// Append an op; its results.
    pub fn op(
        &mut self,
        def: &'static OpDef,
        operands: &[Value],
        results: &[Type],
        attrs: Vec<(&'static str, Attribute)>,
    ) -> Op {
        let mut st = def.state().operands(operands).results(results);
        for (k, v) in attrs {
            st = st.attr(k, v);
        }
        self.insert(st)
    }

    /// Append an op with one result; the result.
    pub fn op1(
        &mut self,
        def: &'static OpDef,
        operands: &[Value],
        result: Type,
        attrs: Vec<(&'static str, Attribute)>,
    ) -> Value {
        // A pure op without attributes computes a value from its operands alone.
        if attrs.is_empty() && def.traits.pure {
            return self.pure(def, operands, result, None);
        }
        let op = self.op(def, operands, &[result], attrs);
        self.m.op(op).results[0]
    }

    /// A pure op's result: the one made before in this block, or a new op.
    fn pure(
        &mut self,
        def: &'static OpDef,
        operands: &[Value],
        ty: Type,
        constant: Option<(bool, i128, Attribute)>,
    ) -> Value {
        let key = PureKey {
            block: self.block,
            name: def.name,
            operands: operands.to_vec(),
            ty: ty.clone(),
            constant: constant.as_ref().map(|&(float, bits, _)| (float, bits)),
        };
        if let Some(&v) = self.known.get(&key) {
            return v;
        }
        let attrs = constant.map(|(_, _, a)| vec![("value", a)]).unwrap_or_default();
        let op = self.op(def, operands, &[ty], attrs);
        let v = self.m.op(op).results[0];
        self.known.insert(key, v);
        v
    }

    /// A named attribute with a run-time name (for `attrs` of `func`).
    pub fn named(name: &str, value: Attribute) -> NamedAttr {
        NamedAttr { name: Arc::from(name), value }
    }

    /// An integer constant of an integer or index type.
    pub fn int(&mut self, ty: &Type, v: i64) -> Value {
        // Checked TIR constants fit their type (as signed or unsigned numbers).
        let attr = IntegerAttr::new(i128::from(v), ty.clone()).unwrap_or(IntegerAttr { value: 0, ty: ty.clone() });
        let bits = attr.value;
        self.pure(&S::CONSTANT, &[], ty.clone(), Some((false, bits, Attribute::Integer(attr))))
    }

    /// The value of an integer constant made here (`None` for other values).
    pub fn const_int(&self, v: Value) -> Option<i64> {
        let crate::ir::ValueDef::Result(op, 0) = self.m.value(v).def else { return None };
        if !S::CONSTANT.is(self.m, op) {
            return None;
        }
        match self.m.attr(op, "value")? {
            Attribute::Integer(i) => i64::try_from(i.value).ok(),
            _ => None,
        }
    }

    /// An `index` constant.
    pub fn index(&mut self, v: i64) -> Value {
        self.int(&Type::Index, v)
    }

    /// A float constant, rounded to its type.
    pub fn float(&mut self, ty: &Type, v: f64) -> Value {
        let attr = FloatAttr::from_f64(v, ty.clone()).unwrap_or(FloatAttr { bits: 0, ty: Type::F32 });
        let bits = i128::from(attr.bits);
        self.pure(&S::CONSTANT, &[], ty.clone(), Some((true, bits, Attribute::Float(attr))))
    }

    /// A new block of the current region.
    pub fn new_block(&mut self, args: &[Type]) -> Block {
        self.m.append_block(self.region, args)
    }

    /// Continue at `b`.
    pub fn set(&mut self, b: Block) {
        self.block = b;
    }

    /// Append `st` at the current span; the op.
    fn insert(&mut self, mut st: crate::ir::OperationState) -> Op {
        if let Some(s) = self.span {
            st = st.at(s);
        }
        self.m.insert_op(self.block, st)
    }

    /// `br ^target(args)`.
    pub fn br(&mut self, target: Block, args: &[Value]) {
        self.insert(S::BR.state().successor(target, args));
    }

    /// `br ^target(args) {bounded}`: the back edge of a loop of bounded work (see
    /// [`S::BOUNDED`]).
    pub fn br_bounded(&mut self, target: Block, args: &[Value]) {
        self.insert(S::BR.state().successor(target, args).attr(S::BOUNDED, Attribute::Unit));
    }

    /// `cond_br c, ^t(targs), ^f` closing a rotated loop (`t` its head), marked
    /// [`S::BOUNDED`] when the loop's work is.
    pub fn cond_br_back(&mut self, c: Value, t: Block, targs: &[Value], f: Block, bounded: bool) {
        let st = S::COND_BR.state().operand(c).successor(t, targs).successor(f, &[]);
        self.insert(if bounded { st.attr(S::BOUNDED, Attribute::Unit) } else { st });
    }

    /// `cond_br c, ^t(targs), ^f(fargs)`.
    pub fn cond_br(&mut self, c: Value, t: Block, targs: &[Value], f: Block, fargs: &[Value]) {
        self.insert(S::COND_BR.state().operand(c).successor(t, targs).successor(f, fargs));
    }

    /// The type of a value.
    pub fn ty(&self, v: Value) -> Type {
        self.m.value_type(v).clone()
    }
}
