//! The in-memory IR: one [`Module`] owns arenas of operations, blocks, regions and values,
//! addressed by small `Copy` handles ([`Op`], [`Block`], [`Region`], [`Value`]).
//!
//! Invariants kept by the mutation methods here (and relied on everywhere else):
//! - an op is in at most one block (`OpData::parent`), a block in at most one region, a region
//!   in at most one op; the parent links always agree with the child lists;
//! - a value is either the `index`-th result of its op or the `index`-th argument of its block,
//!   as `ValueData::def` says (or `Detached`, a placeholder no live op should reference);
//! - the attributes of an op are sorted by name and the names are unique.
//!
//! Locations are side tables (`SecondaryMap<Op, Span>`), so records stay small.

use std::sync::Arc;

use cranelift_entity::packed_option::PackedOption;
use cranelift_entity::{PrimaryMap, SecondaryMap, entity_impl};
use smallvec::SmallVec;

use super::attributes::{Attribute, NamedAttr};
use super::location::{SourceFile, Span};
use super::print::Aliases;
use super::types::Type;

/// An operation handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Op(u32);
entity_impl!(Op, "op");

/// A block handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Block(u32);
entity_impl!(Block, "^bb");

/// A region handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Region(u32);
entity_impl!(Region, "region");

/// An SSA value handle.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Value(u32);
entity_impl!(Value, "%");

/// A short list of values, inline up to four (most ops have few operands and results).
pub type Values = SmallVec<[Value; 4]>;

/// An operation: the same record for every op, registered or not.
#[derive(Clone, Debug)]
pub struct OpData {
    /// The full name, `std.addi`, `affine.for`, `tf.Print`.
    pub name: Arc<str>,
    /// SSA operands.
    pub operands: Values,
    /// The values it defines, in order.
    pub results: Values,
    /// Sorted by name, names unique.
    pub attrs: Vec<NamedAttr>,
    /// Successor blocks with the values passed to their arguments (terminators only).
    pub successors: Vec<Successor>,
    /// Nested regions, owned by this op.
    pub regions: SmallVec<[Region; 2]>,
    /// The block holding this op, if it is attached.
    pub parent: PackedOption<Block>,
}

/// A successor of a terminator and the values passed to its arguments.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Successor {
    /// The target block.
    pub block: Block,
    /// One value per block argument.
    pub args: Vec<Value>,
}

/// A block: arguments and a list of operations.
#[derive(Clone, Debug, Default)]
pub struct BlockData {
    /// The block arguments.
    pub args: Values,
    /// The operations in execution order.
    pub ops: Vec<Op>,
    /// The region holding this block, if attached.
    pub parent: PackedOption<Region>,
}

/// A region: a list of blocks, the first being the entry.
#[derive(Clone, Debug, Default)]
pub struct RegionData {
    /// The blocks; `blocks[0]` is the entry block. Most regions have one: inline.
    pub blocks: SmallVec<[Block; 1]>,
    /// The op owning this region, if attached.
    pub parent: PackedOption<Op>,
}

/// Where a value comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ValueDef {
    /// Result `index` of an op.
    Result(Op, u32),
    /// Argument `index` of a block.
    Arg(Block, u32),
    /// Not defined by anything (a parser placeholder, or a value whose definer was erased).
    Detached,
}

/// An SSA value: its type and its definition.
#[derive(Clone, Debug)]
pub struct ValueData {
    /// The type.
    pub ty: Type,
    /// The definition.
    pub def: ValueDef,
}

/// A shared `Arc<str>` for a `'static` name, so building many ops with the same attribute or op
/// names does not allocate per op (cached per thread, keyed by the literal's address).
pub fn static_name(s: &'static str) -> Arc<str> {
    thread_local! {
        static NAMES: std::cell::RefCell<rustc_hash::FxHashMap<(usize, usize), Arc<str>>> =
            std::cell::RefCell::new(rustc_hash::FxHashMap::default());
    }
    NAMES.with(|n| n.borrow_mut().entry((s.as_ptr() as usize, s.len())).or_insert_with(|| Arc::from(s)).clone())
}

/// The description of an op to create, filled in by parsers and builders.
///
/// ```
/// use strata::ir::{Module, OperationState, Type};
/// let mut m = Module::new();
/// let body = m.top_block();
/// let op = m.insert_op(body, OperationState::new("test.op").result(Type::Index));
/// assert_eq!(m.op(op).results.len(), 1);
/// ```
#[derive(Clone, Debug, Default)]
pub struct OperationState {
    /// The op name.
    pub name: Arc<str>,
    /// Operands.
    pub operands: Values,
    /// One type per result.
    pub result_types: SmallVec<[Type; 2]>,
    /// Attributes in any order; later entries replace earlier ones with the same name.
    pub attrs: Vec<NamedAttr>,
    /// Successors.
    pub successors: Vec<Successor>,
    /// Regions, detached (they become owned by the new op); inline up to two, as in [`OpData`].
    pub regions: SmallVec<[Region; 2]>,
    /// Source location.
    pub span: Option<Span>,
}

impl OperationState {
    /// A state for op `name` with nothing else.
    pub fn new(name: impl Into<Arc<str>>) -> OperationState {
        // Every field spelled out: `..Default::default()` would clone (and drop) the shared
        // empty `Arc<str>`, an atomic on one cache line that threads decoding in parallel
        // contend for.
        OperationState {
            name: name.into(),
            operands: Values::new(),
            result_types: SmallVec::new(),
            attrs: Vec::new(),
            successors: Vec::new(),
            regions: SmallVec::new(),
            span: None,
        }
    }

    /// Add an operand.
    pub fn operand(mut self, v: Value) -> Self {
        self.operands.push(v);
        self
    }

    /// Add operands.
    pub fn operands(mut self, vs: &[Value]) -> Self {
        self.operands.extend_from_slice(vs);
        self
    }

    /// Add a result of type `ty`.
    pub fn result(mut self, ty: Type) -> Self {
        self.result_types.push(ty);
        self
    }

    /// Add results.
    pub fn results(mut self, tys: &[Type]) -> Self {
        self.result_types.extend(tys.iter().cloned());
        self
    }

    /// Add an attribute (names are usually literals, shared rather than allocated per op).
    pub fn attr(mut self, name: &'static str, value: Attribute) -> Self {
        self.attrs.push(NamedAttr { name: static_name(name), value });
        self
    }

    /// Add an attribute with a name built at run time.
    pub fn attr_named(mut self, name: Arc<str>, value: Attribute) -> Self {
        self.attrs.push(NamedAttr { name, value });
        self
    }

    /// Add a successor.
    pub fn successor(mut self, block: Block, args: &[Value]) -> Self {
        self.successors.push(Successor { block, args: args.to_vec() });
        self
    }

    /// Add a (detached) region.
    pub fn region(mut self, r: Region) -> Self {
        self.regions.push(r);
        self
    }

    /// Set the location.
    pub fn at(mut self, span: Span) -> Self {
        self.span = Some(span);
        self
    }
}

/// A module: the arenas plus the top-level `module` op.
///
/// ```
/// use strata::ir::{Module, OperationState, Type};
/// let mut m = Module::new();
/// let r = m.create_region();
/// let entry = m.append_block(r, &[Type::Integer(32)]);
/// let x = m.block(entry).args[0];
/// m.insert_op(entry, OperationState::new("std.return").operand(x));
/// let f = m.insert_op(m.top_block(), OperationState::new("func").region(r));
/// assert_eq!(m.parent_op(m.block(entry).ops[0]), Some(f));
/// ```
#[derive(Clone, Debug)]
pub struct Module {
    ops: PrimaryMap<Op, OpData>,
    blocks: PrimaryMap<Block, BlockData>,
    regions: PrimaryMap<Region, RegionData>,
    values: PrimaryMap<Value, ValueData>,
    op_spans: SecondaryMap<Op, Option<Span>>,
    block_spans: SecondaryMap<Block, Option<Span>>,
    top: Op,
    /// `#name = ..` and `!name = type ..` definitions printed at the top.
    pub aliases: Aliases,
    /// The source text the spans point into.
    pub source: Option<Arc<SourceFile>>,
}

impl Default for Module {
    fn default() -> Self {
        Module::new()
    }
}

impl Module {
    /// An empty module: a `module` op with one region holding one empty block.
    pub fn new() -> Module {
        let mut m = Module {
            ops: PrimaryMap::new(),
            blocks: PrimaryMap::new(),
            regions: PrimaryMap::new(),
            values: PrimaryMap::new(),
            op_spans: SecondaryMap::new(),
            block_spans: SecondaryMap::new(),
            top: Op(0),
            aliases: Aliases::default(),
            source: None,
        };
        let body = m.create_region();
        m.append_block(body, &[]);
        m.top = m.create_op(OperationState::new("module").region(body));
        m
    }

    /// Make room for `ops` more ops, `blocks` blocks, `regions` regions and `values` values
    /// (a reader that knows the sizes up front grows each arena once).
    pub fn reserve(&mut self, ops: usize, blocks: usize, regions: usize, values: usize) {
        self.ops.reserve(ops);
        self.blocks.reserve(blocks);
        self.regions.reserve(regions);
        self.values.reserve(values);
    }

    /// The top-level `module` op.
    pub fn top(&self) -> Op {
        self.top
    }

    /// Make `op` (a `module` op) the top; used when the text has one explicit `module`.
    pub fn set_top(&mut self, op: Op) {
        self.top = op;
    }

    /// The block of the top-level module, where functions live.
    pub fn top_block(&self) -> Block {
        self.regions[self.ops[self.top].regions[0]].blocks[0]
    }

    // ---- creation --------------------------------------------------------------------------

    /// Create a detached op from `state`, with fresh result values; its regions become owned.
    pub fn create_op(&mut self, state: OperationState) -> Op {
        let OperationState { name, operands, result_types, mut attrs, successors, regions, span } = state;
        // Sorted by name; of equal names the last one given wins (readers of sorted dictionaries,
        // such as the bytecode's, skip the sort).
        if !attrs.windows(2).all(|w| w[0].name < w[1].name) {
            attrs.reverse();
            attrs.sort_by(|a, b| a.name.cmp(&b.name));
            attrs.dedup_by(|later, earlier| later.name == earlier.name);
        }
        let op = self.ops.push(OpData {
            name,
            operands,
            results: Values::new(),
            attrs,
            successors,
            regions,
            parent: PackedOption::default(),
        });
        for (i, ty) in result_types.into_iter().enumerate() {
            let v = self.values.push(ValueData { ty, def: ValueDef::Result(op, i as u32) });
            self.ops[op].results.push(v);
        }
        for i in 0..self.ops[op].regions.len() {
            let r = self.ops[op].regions[i];
            self.regions[r].parent = op.into();
        }
        if let Some(s) = span {
            self.op_spans[op] = Some(s);
        }
        op
    }

    /// Create an op and append it to `block`.
    pub fn insert_op(&mut self, block: Block, state: OperationState) -> Op {
        let op = self.create_op(state);
        self.append_op(block, op);
        op
    }

    /// Make room for `additional` more ops in `block` (readers that know the count).
    pub fn reserve_ops(&mut self, block: Block, additional: usize) {
        self.blocks[block].ops.reserve_exact(additional);
    }

    /// Create a detached, empty region.
    pub fn create_region(&mut self) -> Region {
        self.regions.push(RegionData::default())
    }

    /// Create a detached block with arguments of the given types.
    pub fn create_block(&mut self, arg_types: &[Type]) -> Block {
        let b = self.blocks.push(BlockData::default());
        for ty in arg_types {
            self.add_block_arg(b, ty.clone());
        }
        b
    }

    /// Create a block with arguments and append it to `region`.
    pub fn append_block(&mut self, region: Region, arg_types: &[Type]) -> Block {
        let b = self.create_block(arg_types);
        self.push_block(region, b);
        b
    }

    /// Append a detached block to `region`.
    pub fn push_block(&mut self, region: Region, block: Block) {
        debug_assert!(self.blocks[block].parent.is_none());
        self.blocks[block].parent = region.into();
        self.regions[region].blocks.push(block);
    }

    /// Add an argument of type `ty` to `block`.
    pub fn add_block_arg(&mut self, block: Block, ty: Type) -> Value {
        let i = self.blocks[block].args.len() as u32;
        let v = self.values.push(ValueData { ty, def: ValueDef::Arg(block, i) });
        self.blocks[block].args.push(v);
        v
    }

    /// Create a value defined by nothing (a placeholder to be replaced).
    pub fn create_detached_value(&mut self, ty: Type) -> Value {
        self.values.push(ValueData { ty, def: ValueDef::Detached })
    }

    // ---- structure edits -------------------------------------------------------------------

    /// Append a detached op to `block`.
    pub fn append_op(&mut self, block: Block, op: Op) {
        debug_assert!(self.ops[op].parent.is_none());
        self.ops[op].parent = block.into();
        self.blocks[block].ops.push(op);
    }

    /// Insert a detached op into `block` at position `index`.
    pub fn insert_op_at(&mut self, block: Block, index: usize, op: Op) {
        self.ops[op].parent = block.into();
        let ops = &mut self.blocks[block].ops;
        ops.insert(index.min(ops.len()), op);
    }

    /// Detach `op` from its block (it and its regions stay in the arenas).
    pub fn detach_op(&mut self, op: Op) {
        if let Some(b) = self.ops[op].parent.expand() {
            self.blocks[b].ops.retain(|&o| o != op);
            self.ops[op].parent = PackedOption::default();
        }
    }

    /// Detach `op` and mark its results detached: they must have no remaining uses.
    pub fn erase_op(&mut self, op: Op) {
        self.detach_op(op);
        for i in 0..self.ops[op].results.len() {
            let v = self.ops[op].results[i];
            self.values[v].def = ValueDef::Detached;
        }
    }

    /// Replace every use of `from` by `to` in the ops nested under `root` (inclusive).
    pub fn replace_uses_in(&mut self, root: Op, from: Value, to: Value) {
        let mut list = Vec::new();
        self.walk(root, |op| list.push(op));
        for op in list {
            let data = &mut self.ops[op];
            for v in &mut data.operands {
                if *v == from {
                    *v = to;
                }
            }
            for s in &mut data.successors {
                for v in &mut s.args {
                    if *v == from {
                        *v = to;
                    }
                }
            }
        }
    }

    /// Set (or replace) attribute `name` of `op`, keeping the list sorted.
    pub fn set_attr(&mut self, op: Op, name: impl Into<Arc<str>>, value: Attribute) {
        let name = name.into();
        let attrs = &mut self.ops[op].attrs;
        match attrs.binary_search_by(|a| a.name.cmp(&name)) {
            Ok(i) => attrs[i].value = value,
            Err(i) => attrs.insert(i, NamedAttr { name, value }),
        }
    }

    /// Remove attribute `name`, returning it.
    pub fn remove_attr(&mut self, op: Op, name: &str) -> Option<Attribute> {
        let attrs = &mut self.ops[op].attrs;
        let i = attrs.binary_search_by(|a| (*a.name).cmp(name)).ok()?;
        Some(attrs.remove(i).value)
    }

    /// Set the source location of `op`.
    pub fn set_op_span(&mut self, op: Op, span: Span) {
        self.op_spans[op] = Some(span);
    }

    /// Set the source location of `block` (its label).
    pub fn set_block_span(&mut self, block: Block, span: Span) {
        self.block_spans[block] = Some(span);
    }

    /// Change the type of a value (used when a placeholder's type becomes known).
    pub fn set_value_type(&mut self, v: Value, ty: Type) {
        self.values[v].ty = ty;
    }

    /// Mutable access to an op record. Callers keep the invariants of this module.
    pub fn op_mut(&mut self, op: Op) -> &mut OpData {
        &mut self.ops[op]
    }

    // ---- access -----------------------------------------------------------------------------

    /// The record of `op`.
    pub fn op(&self, op: Op) -> &OpData {
        &self.ops[op]
    }

    /// The record of `block`.
    pub fn block(&self, block: Block) -> &BlockData {
        &self.blocks[block]
    }

    /// The record of `region`.
    pub fn region(&self, region: Region) -> &RegionData {
        &self.regions[region]
    }

    /// The record of `v`.
    pub fn value(&self, v: Value) -> &ValueData {
        &self.values[v]
    }

    /// The type of `v`.
    pub fn value_type(&self, v: Value) -> &Type {
        &self.values[v].ty
    }

    /// The name of `op`.
    pub fn op_name(&self, op: Op) -> &str {
        &self.ops[op].name
    }

    /// Attribute `name` of `op`.
    pub fn attr(&self, op: Op, name: &str) -> Option<&Attribute> {
        // Ops have few attributes: a scan comparing lengths first beats a binary search.
        let attrs = &self.ops[op].attrs;
        attrs.iter().find(|a| a.name.len() == name.len() && a.name.as_bytes() == name.as_bytes()).map(|a| &a.value)
    }

    /// The source location of `op`, if it came from text.
    pub fn op_span(&self, op: Op) -> Option<Span> {
        self.op_spans[op]
    }

    /// The source location of a block label.
    pub fn block_span(&self, block: Block) -> Option<Span> {
        self.block_spans[block]
    }

    /// The best location for a value: its defining op, or its block's label.
    pub fn value_span(&self, v: Value) -> Option<Span> {
        match self.values[v].def {
            ValueDef::Result(op, _) => self.op_span(op),
            ValueDef::Arg(b, _) => {
                self.block_span(b).or_else(|| self.parent_op_of_block(b).and_then(|o| self.op_span(o)))
            }
            ValueDef::Detached => None,
        }
    }

    /// The op defining `v`, if it is an op result.
    pub fn defining_op(&self, v: Value) -> Option<Op> {
        match self.values[v].def {
            ValueDef::Result(op, _) => Some(op),
            _ => None,
        }
    }

    /// The block containing `op`.
    pub fn parent_block(&self, op: Op) -> Option<Block> {
        self.ops[op].parent.expand()
    }

    /// The region containing `block`.
    pub fn parent_region(&self, block: Block) -> Option<Region> {
        self.blocks[block].parent.expand()
    }

    /// The op owning the region that contains `block`.
    pub fn parent_op_of_block(&self, block: Block) -> Option<Op> {
        self.regions[self.blocks[block].parent.expand()?].parent.expand()
    }

    /// The op whose region contains `op`.
    pub fn parent_op(&self, op: Op) -> Option<Op> {
        self.parent_op_of_block(self.parent_block(op)?)
    }

    /// The block in which `v` is defined (its op's block, or the block it is an argument of).
    pub fn value_block(&self, v: Value) -> Option<Block> {
        match self.values[v].def {
            ValueDef::Result(op, _) => self.parent_block(op),
            ValueDef::Arg(b, _) => Some(b),
            ValueDef::Detached => None,
        }
    }

    /// The entry block of `region`.
    pub fn entry_block(&self, region: Region) -> Option<Block> {
        self.regions[region].blocks.first().copied()
    }

    /// The last op of `block`.
    pub fn terminator(&self, block: Block) -> Option<Op> {
        self.blocks[block].ops.last().copied()
    }

    /// Move the top-level ops of `other` to the end of this module's top block, in their order,
    /// with everything they hold; `other`'s own top op, aliases and source are dropped (its
    /// spans are kept: they must point into this module's source). Handles of `other` are
    /// shifted past this module's, which is how modules built apart (on several threads) become
    /// one without copying their contents.
    ///
    /// ```
    /// use strata::ir::{Module, OperationState};
    /// let (mut a, mut b) = (Module::new(), Module::new());
    /// a.insert_op(a.top_block(), OperationState::new("test.a"));
    /// b.insert_op(b.top_block(), OperationState::new("test.b"));
    /// a.absorb(b);
    /// let names: Vec<&str> = a.block(a.top_block()).ops.iter().map(|&o| a.op_name(o)).collect();
    /// assert_eq!(names, ["test.a", "test.b"]);
    /// ```
    pub fn absorb(&mut self, other: Module) {
        let Module { ops, blocks, regions, values, op_spans, block_spans, top, .. } = other;
        let other_top_block = regions[ops[top].regions[0]].blocks[0];
        let moved: Vec<Op> = blocks[other_top_block].ops.clone();
        let shift = |n: usize, by: usize| u32::try_from(n + by).expect("fewer than 2^32 entities");
        let (o, b, r, v) = (self.ops.len(), self.blocks.len(), self.regions.len(), self.values.len());
        let op = |x: Op| Op(shift(x.0 as usize, o));
        let block = |x: Block| Block(shift(x.0 as usize, b));
        let region = |x: Region| Region(shift(x.0 as usize, r));
        let value = |x: Value| Value(shift(x.0 as usize, v));
        self.ops.reserve(ops.len());
        for (_, mut d) in ops {
            d.operands.iter_mut().for_each(|x| *x = value(*x));
            d.results.iter_mut().for_each(|x| *x = value(*x));
            d.regions.iter_mut().for_each(|x| *x = region(*x));
            for s in &mut d.successors {
                s.block = block(s.block);
                s.args.iter_mut().for_each(|x| *x = value(*x));
            }
            d.parent = d.parent.expand().map(block).into();
            self.ops.push(d);
        }
        self.blocks.reserve(blocks.len());
        for (_, mut d) in blocks {
            d.args.iter_mut().for_each(|x| *x = value(*x));
            d.ops.iter_mut().for_each(|x| *x = op(*x));
            d.parent = d.parent.expand().map(region).into();
            self.blocks.push(d);
        }
        self.regions.reserve(regions.len());
        for (_, mut d) in regions {
            d.blocks.iter_mut().for_each(|x| *x = block(*x));
            d.parent = d.parent.expand().map(op).into();
            self.regions.push(d);
        }
        self.values.reserve(values.len());
        for (_, mut d) in values {
            d.def = match d.def {
                ValueDef::Result(x, i) => ValueDef::Result(op(x), i),
                ValueDef::Arg(x, i) => ValueDef::Arg(block(x), i),
                ValueDef::Detached => ValueDef::Detached,
            };
            self.values.push(d);
        }
        for (k, s) in op_spans.iter().filter(|(_, s)| s.is_some()) {
            self.op_spans[op(k)] = *s;
        }
        for (k, s) in block_spans.iter().filter(|(_, s)| s.is_some()) {
            self.block_spans[block(k)] = *s;
        }
        // The old top block is left empty (an unreachable arena entry, like any erased op's).
        let old_top_block = block(other_top_block);
        self.blocks[old_top_block].ops.clear();
        let body = self.top_block();
        for x in moved {
            let x = op(x);
            self.ops[x].parent = body.into();
            self.blocks[body].ops.push(x);
        }
    }

    /// The arenas' lengths: ops, blocks, regions and values (attached or not).
    pub fn arena_sizes(&self) -> [usize; 4] {
        [self.ops.len(), self.blocks.len(), self.regions.len(), self.values.len()]
    }

    /// Grow the arenas to `sizes` with detached, empty entries, so that what is created next is
    /// numbered from there: a part of a module built apart on another thread, with the numbers
    /// it will have once joined ([`Module::join_numbered_parts`]). False if an arena is already longer.
    pub(crate) fn pad_to(&mut self, sizes: [usize; 4]) -> bool {
        let [ops, blocks, regions, values] = sizes;
        if self.arena_sizes().iter().zip(&sizes).any(|(have, want)| have > want) {
            return false;
        }
        let name = self.ops[self.top].name.clone();
        self.reserve(
            ops - self.ops.len(),
            blocks - self.blocks.len(),
            regions - self.regions.len(),
            values - self.values.len(),
        );
        while self.ops.len() < ops {
            self.ops.push(OpData {
                name: name.clone(),
                operands: Values::new(),
                results: Values::new(),
                attrs: Vec::new(),
                successors: Vec::new(),
                regions: SmallVec::new(),
                parent: PackedOption::default(),
            });
        }
        while self.blocks.len() < blocks {
            self.blocks.push(BlockData::default());
        }
        while self.regions.len() < regions {
            self.regions.push(RegionData::default());
        }
        while self.values.len() < values {
            self.values.push(ValueData { ty: Type::None, def: ValueDef::Detached });
        }
        true
    }

    /// Join the parts of one module built apart, each numbered from where the ones before it
    /// end ([`Module::pad_to`]): `parts` in order, each with the first entities that are its
    /// own (the first part's start at zero: its top op, region and block, numbered alike in
    /// every part, are the module's). The last part is the module: the others' entries move
    /// into its padding, which the thread that built it has already written (the join writes
    /// no fresh memory), and the body holds every part's top-level ops in order.
    pub(crate) fn join_numbered_parts(mut parts: Vec<(Module, [usize; 4])>) -> Module {
        let (mut m, _) = parts.pop().expect("a part");
        let body = m.top_block();
        let last_ops = std::mem::take(&mut m.blocks[body].ops);
        let mut top_ops = Vec::with_capacity(m.ops.len());
        for (part, [o, b, r, v]) in parts {
            let Module { ops, mut blocks, regions, values, op_spans, block_spans, .. } = part;
            top_ops.append(&mut blocks[body].ops);
            for (k, s) in op_spans.iter().skip(o).filter(|(_, s)| s.is_some()) {
                m.op_spans[k] = *s;
            }
            for (k, s) in block_spans.iter().skip(b).filter(|(_, s)| s.is_some()) {
                m.block_spans[k] = *s;
            }
            move_entries(&mut m.ops, ops, o);
            move_entries(&mut m.blocks, blocks, b);
            move_entries(&mut m.regions, regions, r);
            move_entries(&mut m.values, values, v);
        }
        top_ops.extend(last_ops);
        m.blocks[body].ops = top_ops;
        m
    }

    /// Number of ops in the arena (attached or not).
    pub fn num_ops(&self) -> usize {
        self.ops.len()
    }

    /// Number of values in the arena.
    pub fn num_values(&self) -> usize {
        self.values.len()
    }

    /// Whether `ancestor` is `op` or contains it (through regions).
    pub fn is_ancestor(&self, ancestor: Op, mut op: Op) -> bool {
        loop {
            if op == ancestor {
                return true;
            }
            match self.parent_op(op) {
                Some(p) => op = p,
                None => return false,
            }
        }
    }

    /// The ops of the top-level module body that define symbol `name` (`sym_name`).
    pub fn lookup_symbol(&self, name: &str) -> Option<Op> {
        self.blocks[self.top_block()]
            .ops
            .iter()
            .copied()
            .find(|&op| self.attr(op, "sym_name").and_then(Attribute::as_str) == Some(name))
    }

    /// The `func` ops of the top-level module, in order.
    pub fn functions(&self) -> impl Iterator<Item = Op> + '_ {
        self.blocks[self.top_block()].ops.iter().copied().filter(|&op| &*self.ops[op].name == "func")
    }

    // ---- walking ----------------------------------------------------------------------------

    /// Call `f` on `root` and every op nested in it, in pre-order (textual order).
    /// Iterative, so deep nesting cannot overflow the stack.
    pub fn walk(&self, root: Op, mut f: impl FnMut(Op)) {
        let mut stack = vec![root];
        while let Some(op) = stack.pop() {
            f(op);
            for &r in self.ops[op].regions.iter().rev() {
                for &b in self.regions[r].blocks.iter().rev() {
                    stack.extend(self.blocks[b].ops.iter().rev().copied());
                }
            }
        }
    }

    /// Call `f` on every op nested in `region`, in pre-order.
    pub fn walk_region(&self, region: Region, mut f: impl FnMut(Op)) {
        for &b in &self.regions[region].blocks {
            for &op in &self.blocks[b].ops {
                self.walk(op, &mut f);
            }
        }
    }
}

/// `from`'s entries from `skip` on over the same places of `to` (a part joined into the
/// padding numbered for it; see [`Module::join_numbered_parts`]).
fn move_entries<K: cranelift_entity::EntityRef, V>(to: &mut PrimaryMap<K, V>, from: PrimaryMap<K, V>, skip: usize) {
    let n = from.len();
    to.values_mut().take(n).skip(skip).zip(from.into_iter().skip(skip)).for_each(|(slot, (_, d))| *slot = d);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builds_and_walks() {
        let mut m = Module::new();
        let r = m.create_region();
        let b = m.append_block(r, &[Type::Index]);
        let arg = m.block(b).args[0];
        let inner = m.insert_op(b, OperationState::new("x.inner").operand(arg).result(Type::Index));
        let outer = m.insert_op(m.top_block(), OperationState::new("x.outer").region(r).attr("b", Attribute::Unit));
        m.set_attr(outer, "a", Attribute::i64(1));
        assert_eq!(m.op(outer).attrs.iter().map(|a| &*a.name).collect::<Vec<_>>(), ["a", "b"]);
        let mut seen = Vec::new();
        m.walk(m.top(), |op| seen.push(m.op_name(op).to_string()));
        assert_eq!(seen, ["module", "x.outer", "x.inner"]);
        assert_eq!(m.parent_op(inner), Some(outer));
        assert!(m.is_ancestor(m.top(), inner));
        let v = m.op(inner).results[0];
        assert_eq!(m.value(v).def, ValueDef::Result(inner, 0));
        assert_eq!(m.value_block(arg), Some(b));
    }
}
