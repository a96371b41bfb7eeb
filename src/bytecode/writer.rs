//! Encoding a module (see the format in [`super`]). Every string, type, attribute, affine
//! structure and attribute list is written once, in a table, and referred to by index; tables
//! are filled children first, so an entry only refers to entries before it.

use cranelift_entity::SecondaryMap;
use rustc_hash::FxHashMap;

use super::cursor::Put;
use super::{BytecodeError, MAGIC, MAX_AFFINE_NODES, VERSION_MAJOR, VERSION_MINOR, flags, section};
use crate::ir::{
    AffineExpr, AffineMap, AliasDef, Attribute, DenseValues, ElementsAttr, ExprKind, IntegerSet, LocationAttr,
    MemorySpace, Module, NamedAttr, Op, Region, Type, Value,
};
use crate::runtime::{ArgSpec, DimSpec, ParamSpec};

/// What to write besides the module.
#[derive(Clone, Copy, Debug, Default)]
pub struct WriteOptions {
    /// Keep source locations: the source text and every op's span, so diagnostics about the
    /// loaded module point into the original text (larger files).
    pub locations: bool,
}

/// A table: entries appended, each entry's offset recorded.
#[derive(Default)]
struct Table {
    offsets: Vec<u32>,
    bytes: Vec<u8>,
}

impl Table {
    fn start(&mut self) -> u32 {
        self.offsets.push(self.bytes.len() as u32);
        (self.offsets.len() - 1) as u32
    }

    /// `count · width · offsets · entries`: offsets in the fewest bytes (1–4) that hold the
    /// largest one.
    fn write(&self, out: &mut Vec<u8>) {
        out.varint(self.offsets.len() as u64);
        let max = self.offsets.last().copied().unwrap_or(0);
        let width = match max {
            0..=0xff => 1,
            0x100..=0xffff => 2,
            0x1_0000..=0xff_ffff => 3,
            _ => 4,
        };
        out.push(width as u8);
        for o in &self.offsets {
            out.extend_from_slice(&o.to_le_bytes()[..width]);
        }
        out.extend_from_slice(&self.bytes);
    }
}

#[derive(PartialEq, Eq, Hash)]
enum AffineKey<'m> {
    Map(&'m AffineMap),
    Set(&'m IntegerSet),
}

struct Writer<'m> {
    m: &'m Module,
    locations: bool,
    strings: FxHashMap<&'m str, u32>,
    string_table: Table,
    affine: FxHashMap<AffineKey<'m>, u32>,
    affine_table: Table,
    types: FxHashMap<&'m Type, u32>,
    type_table: Table,
    attrs: FxHashMap<&'m Attribute, u32>,
    attr_table: Table,
    dicts: FxHashMap<&'m [NamedAttr], u32>,
    dict_table: Table,
    data: Vec<u8>,
    /// Unit-local value numbers (and, for top-level op results, top-level numbers).
    numbers: SecondaryMap<Value, u32>,
    top_level: SecondaryMap<Value, bool>,
    /// Whether any reference to a top-level value was written (then units are not independent).
    top_refs: bool,
    /// The first thing found that the format cannot hold.
    error: Option<BytecodeError>,
    /// How many ops have each attribute list: one used once is written inline.
    dict_uses: FxHashMap<&'m [NamedAttr], u32>,
}

/// Encode `m` (and the calling conventions `args` of its TIR functions).
///
/// # Errors
/// A module the format cannot hold: a top op without exactly one region of one block without
/// arguments, a detached value used as an operand, a table past 4 GiB.
pub fn write_module<'m>(
    m: &'m Module,
    args: impl IntoIterator<Item = (&'m str, &'m ArgSpec)>,
    options: WriteOptions,
) -> Result<Vec<u8>, BytecodeError> {
    let locations = options.locations && m.source.is_some();
    let mut w = Writer {
        m,
        locations,
        strings: FxHashMap::default(),
        string_table: Table::default(),
        affine: FxHashMap::default(),
        affine_table: Table::default(),
        types: FxHashMap::default(),
        type_table: Table::default(),
        attrs: FxHashMap::default(),
        attr_table: Table::default(),
        dicts: FxHashMap::default(),
        dict_table: Table::default(),
        data: Vec::new(),
        numbers: SecondaryMap::with_default(u32::MAX),
        top_level: SecondaryMap::new(),
        top_refs: false,
        error: None,
        dict_uses: FxHashMap::default(),
    };
    m.walk(m.top(), |op| {
        let attrs = &m.op(op).attrs;
        if !attrs.is_empty() {
            *w.dict_uses.entry(attrs).or_insert(0) += 1;
        }
    });
    let top = m.top();
    let top_data = m.op(top);
    let body = match top_data.regions.as_slice() {
        [r] if m.region(*r).blocks.len() == 1 => m.region(*r).blocks[0],
        _ => return Err(BytecodeError::at(0, "the top op must have one region of one block")),
    };
    if !top_data.operands.is_empty() || !top_data.results.is_empty() {
        return Err(BytecodeError::at(0, "the top op must have no operands or results"));
    }
    // Top-level values: the arguments of the module body, then the results of its ops.
    let mut n = 0u32;
    for &a in &m.block(body).args {
        w.numbers[a] = n;
        w.top_level[a] = true;
        n += 1;
    }
    for &op in &m.block(body).ops {
        for &v in &m.op(op).results {
            w.numbers[v] = n;
            w.top_level[v] = true;
            n += 1;
        }
    }
    // The ops section: the top op, the unit index, the unit bodies.
    let mut ops = Vec::new();
    ops.varint(u64::from(w.string(&top_data.name)));
    ops.varint(if top_data.attrs.is_empty() { 0 } else { u64::from(w.dict(&top_data.attrs)) + 1 });
    // Each unit's sizes (UNIT_SIZES), and the module's: the units' plus the top op, its region,
    // its block and the block's arguments (a hint for reserving; a reader caps them by the
    // file size).
    let units = &m.block(body).ops;
    let counts: Vec<[u64; 4]> = units.iter().map(|&op| entity_counts(m, op)).collect();
    let mut total = [1, 1, 1, m.block(body).args.len() as u64];
    for c in &counts {
        total.iter_mut().zip(c).for_each(|(t, n)| *t += n);
    }
    for n in total {
        ops.varint(n);
    }
    let arg_types: Vec<u32> = m.block(body).args.iter().map(|&a| w.ty(&m.value(a).ty)).collect();
    ops.varint(arg_types.len() as u64);
    arg_types.iter().for_each(|&t| ops.varint(u64::from(t)));
    let mut index = Vec::new();
    let mut bodies = Vec::new();
    let mut unit_sizes = Vec::new();
    unit_sizes.varint(units.len() as u64);
    counts.iter().flatten().for_each(|&n| unit_sizes.varint(n));
    for &op in units {
        let start = bodies.len();
        w.unit(op, &mut bodies)?;
        let sym = m.attr(op, "sym_name").and_then(Attribute::as_str);
        index.varint(sym.map_or(0, |s| u64::from(w.string(s)) + 1));
        index.varint((bodies.len() - start) as u64);
    }
    ops.varint(units.len() as u64);
    ops.extend_from_slice(&index);
    // The named units sorted by name, so a reader finds a function by binary search.
    let mut named: Vec<(&str, usize)> = units
        .iter()
        .enumerate()
        .filter_map(|(i, &op)| m.attr(op, "sym_name").and_then(Attribute::as_str).map(|s| (s, i)))
        .collect();
    named.sort();
    named.dedup_by(|b, a| a.0 == b.0);
    let width = match units.len() {
        0..=0xff => 1,
        0x100..=0xffff => 2,
        0x1_0000..=0xff_ffff => 3,
        _ => 4,
    };
    ops.varint(named.len() as u64);
    ops.push(width as u8);
    for (_, i) in named {
        ops.extend_from_slice(&(i as u32).to_le_bytes()[..width]);
    }
    ops.extend_from_slice(&bodies);

    let mut arg_section = Vec::new();
    let args: Vec<(&'m str, &'m ArgSpec)> = args.into_iter().collect();
    arg_section.varint(args.len() as u64);
    for (name, spec) in args {
        let s = w.string(name);
        arg_section.varint(u64::from(s));
        w.arg_spec(spec, &mut arg_section);
    }

    let mut aliases = Vec::new();
    aliases.varint(m.aliases.defs.len() as u64);
    for def in &m.aliases.defs {
        match def {
            AliasDef::Attr(name, value) => {
                aliases.push(0);
                aliases.varint(u64::from(w.string(name)));
                aliases.varint(u64::from(w.attr(value)));
            }
            AliasDef::Type(name, ty) => {
                aliases.push(1);
                aliases.varint(u64::from(w.string(name)));
                aliases.varint(u64::from(w.ty(ty)));
            }
        }
    }

    let mut source = Vec::new();
    if let (true, Some(src)) = (locations, &m.source) {
        source.str(src.name());
        source.str(src.text());
    }

    let mut out = Vec::with_capacity(bodies.len() * 2 + 1024);
    out.extend_from_slice(&MAGIC);
    out.varint(VERSION_MAJOR);
    out.varint(VERSION_MINOR);
    let mut f = 0;
    if locations {
        f |= flags::LOCATIONS;
    }
    if !w.top_refs {
        f |= flags::INDEPENDENT_UNITS;
    }
    out.varint(f);
    out.str(concat!("strata ", env!("CARGO_PKG_VERSION")));

    let put_section = |out: &mut Vec<u8>, id: u8, payload: &[u8]| {
        out.push(id);
        out.varint(payload.len() as u64);
        out.extend_from_slice(payload);
    };
    let mut table = Vec::new();
    w.string_table.write(&mut table);
    put_section(&mut out, section::STRINGS, &table);
    // DATA: padded so that its contents start 16-aligned in the file.
    {
        out.push(section::DATA);
        let mut len_pad = 0usize;
        loop {
            // The length varint's size depends on the padding; find a fixed point.
            let mut hdr = Vec::new();
            hdr.varint((1 + len_pad + w.data.len()) as u64);
            // Where the padding starts: after the id, the length and the pad byte.
            let start = out.len() + hdr.len() + 1;
            let pad = (16 - start % 16) % 16;
            if pad == len_pad {
                out.extend_from_slice(&hdr);
                out.push(pad as u8);
                out.resize(out.len() + pad, 0);
                break;
            }
            len_pad = pad;
        }
        out.extend_from_slice(&w.data);
    }
    for (id, t) in [
        (section::AFFINE, &w.affine_table),
        (section::TYPES, &w.type_table),
        (section::ATTRS, &w.attr_table),
        (section::DICTS, &w.dict_table),
    ] {
        table.clear();
        t.write(&mut table);
        put_section(&mut out, id, &table);
    }
    put_section(&mut out, section::ALIASES, &aliases);
    if locations {
        put_section(&mut out, section::SOURCE, &source);
    }
    put_section(&mut out, section::ARGS, &arg_section);
    // Before OPS, so that a file cut short is never a whole file without it.
    put_section(&mut out, section::UNIT_SIZES, &unit_sizes);
    put_section(&mut out, section::OPS, &ops);
    if let Some(e) = w.error {
        return Err(e);
    }
    for t in [&w.string_table, &w.affine_table, &w.type_table, &w.attr_table, &w.dict_table] {
        if t.bytes.len() > u32::MAX as usize {
            return Err(BytecodeError::at(0, "a table is larger than 4 GiB"));
        }
    }
    Ok(out)
}

impl<'m> Writer<'m> {
    fn string(&mut self, s: &'m str) -> u32 {
        if let Some(&i) = self.strings.get(s) {
            return i;
        }
        let i = self.string_table.start();
        self.string_table.bytes.str(s);
        self.strings.insert(s, i);
        i
    }

    /// One expression; a sum is written flat (its terms), as the reader rebuilds it in one step.
    /// Returns the number of nodes written.
    fn affine_expr(out: &mut Vec<u8>, e: &AffineExpr) -> usize {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match e.kind() {
            ExprKind::Const(c) => {
                out.push(0);
                out.i64(*c);
                1
            }
            ExprKind::Dim(d) => {
                out.push(1);
                out.varint(u64::from(*d));
                1
            }
            ExprKind::Symbol(s) => {
                out.push(2);
                out.varint(u64::from(*s));
                1
            }
            ExprKind::Add(..) => {
                let mut terms = Vec::new();
                let mut spine = e;
                while let ExprKind::Add(a, b) = spine.kind() {
                    terms.push(b);
                    spine = a;
                }
                terms.push(spine);
                out.push(3);
                out.varint(terms.len() as u64);
                1 + terms.iter().rev().map(|t| Self::affine_expr(out, t)).sum::<usize>()
            }
            ExprKind::Mul(a, b) | ExprKind::Mod(a, b) | ExprKind::FloorDiv(a, b) | ExprKind::CeilDiv(a, b) => {
                out.push(match e.kind() {
                    ExprKind::Mul(..) => 4,
                    ExprKind::Mod(..) => 5,
                    ExprKind::FloorDiv(..) => 6,
                    _ => 7,
                });
                1 + Self::affine_expr(out, a) + Self::affine_expr(out, b)
            }
        })
    }

    /// Write an expression, noting an error if it is larger than a reader accepts.
    fn checked_expr(&mut self, e: &AffineExpr) {
        let mut out = std::mem::take(&mut self.affine_table.bytes);
        let nodes = Self::affine_expr(&mut out, e);
        self.affine_table.bytes = out;
        if nodes > MAX_AFFINE_NODES && self.error.is_none() {
            self.error = Some(BytecodeError::at(
                0,
                format!("an affine expression of {nodes} nodes (the format holds at most {MAX_AFFINE_NODES})"),
            ));
        }
    }

    fn map(&mut self, map: &'m AffineMap) -> u32 {
        if let Some(&i) = self.affine.get(&AffineKey::Map(map)) {
            return i;
        }
        let i = self.affine_table.start();
        let out = &mut self.affine_table.bytes;
        let d = map.data();
        out.push(0);
        out.varint(u64::from(d.num_dims));
        out.varint(u64::from(d.num_symbols));
        out.varint(d.results.len() as u64);
        for e in &d.results {
            self.checked_expr(e);
        }
        let out = &mut self.affine_table.bytes;
        match &d.sizes {
            None => out.push(0),
            Some(sizes) => {
                out.push(1);
                for s in sizes {
                    self.affine_table.bytes.varint(s.len() as u64);
                    for e in s {
                        self.checked_expr(e);
                    }
                }
            }
        }
        self.affine.insert(AffineKey::Map(map), i);
        i
    }

    fn set(&mut self, set: &'m IntegerSet) -> u32 {
        if let Some(&i) = self.affine.get(&AffineKey::Set(set)) {
            return i;
        }
        let i = self.affine_table.start();
        let out = &mut self.affine_table.bytes;
        let d = set.data();
        out.push(1);
        out.varint(u64::from(d.num_dims));
        out.varint(u64::from(d.num_symbols));
        out.varint(d.constraints.len() as u64);
        for c in &d.constraints {
            self.affine_table.bytes.push(u8::from(c.is_eq));
            self.checked_expr(&c.expr);
        }
        self.affine.insert(AffineKey::Set(set), i);
        i
    }

    fn ty(&mut self, ty: &'m Type) -> u32 {
        if let Some(&i) = self.types.get(ty) {
            return i;
        }
        // Children first, so the entry refers only to earlier ones.
        let mut body = Vec::new();
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match ty {
            Type::Integer(w) => {
                body.push(0);
                body.varint(u64::from(*w));
            }
            Type::Index => body.push(1),
            Type::F16 => body.push(2),
            Type::BF16 => body.push(3),
            Type::F32 => body.push(4),
            Type::F64 => body.push(5),
            Type::None => body.push(6),
            Type::Function(f) => {
                let ins: Vec<u32> = f.inputs.iter().map(|t| self.ty(t)).collect();
                let outs: Vec<u32> = f.results.iter().map(|t| self.ty(t)).collect();
                body.push(7);
                for list in [ins, outs] {
                    body.varint(list.len() as u64);
                    list.iter().for_each(|&t| body.varint(u64::from(t)));
                }
            }
            Type::Vector(v) => {
                let e = self.ty(&v.elem);
                body.push(8);
                body.varint(v.shape.len() as u64);
                v.shape.iter().for_each(|&d| body.varint(d));
                body.varint(u64::from(e));
            }
            Type::Tensor(t) => {
                let e = self.ty(&t.elem);
                body.push(9);
                match &t.shape {
                    None => body.push(0),
                    Some(s) => {
                        body.push(1);
                        body.varint(s.len() as u64);
                        s.iter().for_each(|&d| body.i64(d));
                    }
                }
                body.varint(u64::from(e));
            }
            Type::Memref(mt) => {
                let e = self.ty(&mt.elem);
                let maps: Vec<u32> = mt.maps.iter().map(|m| self.map(m)).collect();
                let space = match &mt.memory_space {
                    None => None,
                    Some(MemorySpace::Int(k)) => Some((0u8, *k)),
                    Some(MemorySpace::Named(n)) => Some((1u8, u64::from(self.string(n)))),
                };
                body.push(10);
                body.varint(mt.shape.len() as u64);
                mt.shape.iter().for_each(|&d| body.i64(d));
                body.varint(u64::from(e));
                body.varint(maps.len() as u64);
                maps.iter().for_each(|&m| body.varint(u64::from(m)));
                match space {
                    None => body.push(0),
                    Some((kind, v)) => {
                        body.push(1 + kind);
                        body.varint(v);
                    }
                }
            }
            Type::Complex(e) => {
                let e = self.ty(e);
                body.push(11);
                body.varint(u64::from(e));
            }
            Type::Tuple(ts) => {
                let ts: Vec<u32> = ts.iter().map(|t| self.ty(t)).collect();
                body.push(12);
                body.varint(ts.len() as u64);
                ts.iter().for_each(|&t| body.varint(u64::from(t)));
            }
            Type::Dialect(d) => {
                let (a, b) = (self.string(&d.dialect), self.string(&d.data));
                body.push(13);
                body.varint(u64::from(a));
                body.varint(u64::from(b));
            }
        });
        let i = self.type_table.start();
        self.type_table.bytes.extend_from_slice(&body);
        self.types.insert(ty, i);
        i
    }

    /// Raw element values in the data section, aligned; returns (offset, element bytes).
    fn dense_data(&mut self, values: &DenseValues, ty: &Type) -> (u64, u8) {
        let width = ty.element_type().bit_width().unwrap_or(64);
        let bytes = element_bytes(width);
        let pad = (16 - self.data.len() % 16) % 16;
        self.data.resize(self.data.len() + pad, 0);
        let offset = self.data.len() as u64;
        match values {
            DenseValues::Int(v) => {
                for &x in v {
                    self.data.extend_from_slice(&x.to_le_bytes()[..bytes as usize]);
                }
            }
            DenseValues::Float(v) => {
                for &x in v {
                    self.data.extend_from_slice(&x.to_le_bytes()[..(bytes as usize).min(8)]);
                }
            }
            // Read from a file in this format: the same bytes, unless the sizes differ.
            DenseValues::Raw(r) if r.element_size() == usize::from(bytes) => self.data.extend_from_slice(r.bytes()),
            DenseValues::Raw(r) => {
                for i in 0..r.len() {
                    let x = match r.float_bits(i) {
                        Some(bits) => i128::from(bits),
                        None => r.int(i).unwrap_or(0),
                    };
                    self.data.extend_from_slice(&x.to_le_bytes()[..bytes as usize]);
                }
            }
        }
        (offset, bytes)
    }

    fn attr(&mut self, a: &'m Attribute) -> u32 {
        if let Some(&i) = self.attrs.get(a) {
            return i;
        }
        let mut body = Vec::new();
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || self.attr_body(a, &mut body));
        let i = self.attr_table.start();
        self.attr_table.bytes.extend_from_slice(&body);
        self.attrs.insert(a, i);
        i
    }

    fn opt_ty(&mut self, t: Option<&'m Type>) -> u64 {
        t.map_or(0, |t| u64::from(self.ty(t)) + 1)
    }

    fn attr_body(&mut self, a: &'m Attribute, body: &mut Vec<u8>) {
        match a {
            Attribute::Unit => body.push(0),
            Attribute::Bool(b) => body.push(1 + u8::from(*b)),
            Attribute::Integer(i) => {
                let t = self.ty(&i.ty);
                body.push(3);
                body.varint(u64::from(t));
                body.i128(i.value);
            }
            Attribute::Float(f) => {
                let t = self.ty(&f.ty);
                body.push(4);
                body.varint(u64::from(t));
                body.varint(f.bits);
            }
            Attribute::String(s) => {
                let (v, t) = (self.string(&s.value), self.opt_ty(s.ty.as_ref()));
                body.push(5);
                body.varint(u64::from(v));
                body.varint(t);
            }
            Attribute::Type(t) => {
                let t = self.ty(t);
                body.push(6);
                body.varint(u64::from(t));
            }
            Attribute::AffineMap(m) => {
                let m = self.map(m);
                body.push(7);
                body.varint(u64::from(m));
            }
            Attribute::IntegerSet(s) => {
                let s = self.set(s);
                body.push(8);
                body.varint(u64::from(s));
            }
            Attribute::SymbolRef(s) => {
                let s = self.string(s);
                body.push(9);
                body.varint(u64::from(s));
            }
            Attribute::Array(items) => {
                let items: Vec<u32> = items.iter().map(|x| self.attr(x)).collect();
                body.push(10);
                body.varint(items.len() as u64);
                items.iter().for_each(|&x| body.varint(u64::from(x)));
            }
            Attribute::Dictionary(d) => {
                let entries: Vec<(u32, u32)> =
                    d.entries().iter().map(|e| (self.string(&e.name), self.attr(&e.value))).collect();
                body.push(11);
                body.varint(entries.len() as u64);
                for (n, v) in entries {
                    body.varint(u64::from(n));
                    body.varint(u64::from(v));
                }
            }
            Attribute::Elements(e) => match &**e {
                ElementsAttr::Dense(d) => {
                    let t = self.ty(&d.ty);
                    let (offset, bytes) = self.dense_data(&d.values, &d.ty);
                    body.push(12);
                    body.varint(u64::from(t));
                    body.push(u8::from(d.values.is_float()));
                    body.varint(d.values.len() as u64);
                    body.push(bytes);
                    body.varint(offset);
                }
                ElementsAttr::Sparse(s) => {
                    let t = self.ty(&s.ty);
                    let pad = (16 - self.data.len() % 16) % 16;
                    self.data.resize(self.data.len() + pad, 0);
                    let idx_offset = self.data.len() as u64;
                    for &i in &s.indices {
                        self.data.extend_from_slice(&i.to_le_bytes());
                    }
                    let (offset, bytes) = self.dense_data(&s.values, &s.ty);
                    body.push(13);
                    body.varint(u64::from(t));
                    body.varint(s.indices.len() as u64);
                    body.varint(idx_offset);
                    body.push(u8::from(s.values.is_float()));
                    body.varint(s.values.len() as u64);
                    body.push(bytes);
                    body.varint(offset);
                }
                ElementsAttr::Opaque(o) => {
                    let (t, d, h) = (self.ty(&o.ty), self.string(&o.dialect), self.string(&o.hex));
                    body.push(14);
                    body.varint(u64::from(t));
                    body.varint(u64::from(d));
                    body.varint(u64::from(h));
                }
            },
            Attribute::Dialect(d) => {
                let (a, b, t) = (self.string(&d.dialect), self.string(&d.data), self.opt_ty(d.ty.as_ref()));
                body.push(15);
                body.varint(u64::from(a));
                body.varint(u64::from(b));
                body.varint(t);
            }
            Attribute::Location(l) => {
                body.push(16);
                self.location(l, body);
            }
        }
    }

    fn location(&mut self, l: &'m LocationAttr, body: &mut Vec<u8>) {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || match l {
            LocationAttr::Unknown => body.push(0),
            LocationAttr::FileLineCol { file, line, col } => {
                let f = self.string(file);
                body.push(1);
                body.varint(u64::from(f));
                body.varint(*line);
                body.varint(*col);
            }
            LocationAttr::Name { name, child } => {
                let n = self.string(name);
                body.push(2);
                body.varint(u64::from(n));
                match child {
                    None => body.push(0),
                    Some(c) => {
                        body.push(1);
                        self.location(c, body);
                    }
                }
            }
            LocationAttr::CallSite { callee, caller } => {
                body.push(3);
                self.location(callee, body);
                self.location(caller, body);
            }
            LocationAttr::Fused { metadata, locations } => {
                let meta = metadata.as_ref().map(|m| self.attr(m));
                body.push(4);
                body.varint(meta.map_or(0, |m| u64::from(m) + 1));
                body.varint(locations.len() as u64);
                for l in locations {
                    self.location(l, body);
                }
            }
        })
    }

    fn dict(&mut self, attrs: &'m [NamedAttr]) -> u32 {
        if let Some(&i) = self.dicts.get(attrs) {
            return i;
        }
        let entries: Vec<(u32, u32)> = attrs.iter().map(|e| (self.string(&e.name), self.attr(&e.value))).collect();
        let i = self.dict_table.start();
        let out = &mut self.dict_table.bytes;
        out.varint(entries.len() as u64);
        for (n, v) in entries {
            out.varint(u64::from(n));
            out.varint(u64::from(v));
        }
        self.dicts.insert(attrs, i);
        i
    }

    fn arg_spec(&mut self, spec: &'m ArgSpec, out: &mut Vec<u8>) {
        out.varint(spec.params.len() as u64);
        for p in &spec.params {
            match p {
                ParamSpec::Buffer(b) => {
                    out.push(0);
                    let n = self.string(&b.name);
                    out.varint(u64::from(n));
                    put_dtype(out, b.dtype);
                    out.varint(b.shape.len() as u64);
                    for d in &b.shape {
                        self.dim(d, out);
                    }
                    match &b.strides {
                        None => out.push(0),
                        Some(s) => {
                            out.push(1);
                            out.varint(s.len() as u64);
                            for d in s {
                                self.dim(d, out);
                            }
                        }
                    }
                    self.dim(&b.elem_offset, out);
                }
                ParamSpec::Scalar { name, var, dtype } => {
                    out.push(1);
                    let (n, v) = (self.string(name), self.string(var));
                    out.varint(u64::from(n));
                    out.varint(u64::from(v));
                    put_dtype(out, *dtype);
                }
            }
        }
    }

    fn dim(&mut self, d: &'m DimSpec, out: &mut Vec<u8>) {
        match d {
            DimSpec::Const(c) => {
                out.push(0);
                out.i64(*c);
            }
            DimSpec::Var(v) => {
                out.push(1);
                let s = self.string(v);
                out.varint(u64::from(s));
            }
            DimSpec::Expr(e) => {
                out.push(2);
                let s = self.string(e);
                out.varint(u64::from(s));
            }
        }
    }

    // ---- operations ---------------------------------------------------------------------------

    /// Number the values a top-level op's regions define, in the order the reader creates them.
    fn number_unit(&mut self, op: Op) {
        let mut next = 0u32;
        let mut stack: Vec<Region> = self.m.op(op).regions.iter().rev().copied().collect();
        // Iterative: for each region, its blocks' arguments, then its ops in order, each op's
        // results before its own regions.
        enum Item {
            Region(Region),
            Op(Op),
        }
        let mut work: Vec<Item> = stack.drain(..).map(Item::Region).collect();
        while let Some(item) = work.pop() {
            match item {
                Item::Region(r) => {
                    for &b in &self.m.region(r).blocks {
                        for &a in &self.m.block(b).args {
                            self.numbers[a] = next;
                            next += 1;
                        }
                    }
                    for &b in self.m.region(r).blocks.iter().rev() {
                        work.extend(self.m.block(b).ops.iter().rev().map(|&o| Item::Op(o)));
                    }
                }
                Item::Op(o) => {
                    for &v in &self.m.op(o).results {
                        self.numbers[v] = next;
                        next += 1;
                    }
                    work.extend(self.m.op(o).regions.iter().rev().map(|&r| Item::Region(r)));
                }
            }
        }
    }

    fn unit(&mut self, op: Op, out: &mut Vec<u8>) -> Result<(), BytecodeError> {
        self.number_unit(op);
        let mut count = 0u32;
        self.op(op, out, &mut count)
    }

    fn value_ref(&mut self, v: Value, count: u32, out: &mut Vec<u8>) -> Result<(), BytecodeError> {
        let n = self.numbers[v];
        if n == u32::MAX {
            return Err(BytecodeError::at(0, "an operand is a value no op or block defines"));
        }
        if self.top_level[v] {
            self.top_refs = true;
            out.varint((u64::from(n) << 1) | 1);
        } else {
            let delta = i64::from(count) - 1 - i64::from(n);
            out.varint((((delta << 1) ^ (delta >> 63)) as u64) << 1);
        }
        Ok(())
    }

    /// One op (see the format). `count` is the number of unit-local values defined so far.
    fn op(&mut self, op: Op, out: &mut Vec<u8>, count: &mut u32) -> Result<(), BytecodeError> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let m = self.m;
            let d = m.op(op);
            let span = if self.locations { m.op_span(op) } else { None };
            // The header packs what most ops need into one byte (see the format).
            let inline = !d.attrs.is_empty() && self.dict_uses.get(&*d.attrs).copied().unwrap_or(0) <= 1;
            let mut mask = match (d.attrs.is_empty(), inline) {
                (true, _) => 0u64,
                (false, false) => 1,
                (false, true) => 2,
            };
            mask |= (d.results.len().min(3) as u64) << 2;
            mask |= (d.operands.len().min(7) as u64) << 4;
            if !d.successors.is_empty() {
                mask |= 1 << 7;
            }
            if !d.regions.is_empty() {
                mask |= 1 << 8;
            }
            if span.is_some() {
                mask |= 1 << 9;
            }
            let name = self.string(&d.name);
            out.varint(u64::from(name));
            out.varint(mask);
            if !d.attrs.is_empty() {
                if inline {
                    let entries: Vec<(u32, u32)> =
                        d.attrs.iter().map(|e| (self.string(&e.name), self.attr(&e.value))).collect();
                    out.varint(entries.len() as u64);
                    for (n, v) in entries {
                        out.varint(u64::from(n));
                        out.varint(u64::from(v));
                    }
                } else {
                    let a = self.dict(&d.attrs);
                    out.varint(u64::from(a));
                }
            }
            if !d.results.is_empty() {
                if d.results.len() >= 3 {
                    out.varint(d.results.len() as u64);
                }
                for &r in &d.results {
                    let t = self.ty(&m.value(r).ty);
                    out.varint(u64::from(t));
                }
                if !self.top_level[d.results[0]] {
                    *count += d.results.len() as u32;
                }
            }
            if !d.operands.is_empty() {
                if d.operands.len() >= 7 {
                    out.varint(d.operands.len() as u64);
                }
                for &v in &d.operands {
                    self.value_ref(v, *count, out)?;
                }
            }
            if !d.successors.is_empty() {
                let blocks = m.parent_block(op).and_then(|b| m.parent_region(b)).map(|r| &m.region(r).blocks);
                out.varint(d.successors.len() as u64);
                for s in &d.successors {
                    let index = blocks
                        .and_then(|bs| bs.iter().position(|&b| b == s.block))
                        .ok_or_else(|| BytecodeError::at(0, "a successor is not a block of the op's region"))?;
                    out.varint(index as u64);
                    out.varint(s.args.len() as u64);
                    for &v in &s.args {
                        self.value_ref(v, *count, out)?;
                    }
                }
            }
            if !d.regions.is_empty() {
                out.varint(d.regions.len() as u64);
                for &r in &d.regions {
                    let blocks = &m.region(r).blocks;
                    out.varint(blocks.len() as u64);
                    for &b in blocks {
                        let args = &m.block(b).args;
                        out.varint(args.len() as u64);
                        for &a in args {
                            let t = self.ty(&m.value(a).ty);
                            out.varint(u64::from(t));
                        }
                        *count += args.len() as u32;
                        if self.locations {
                            match m.block_span(b) {
                                None => out.push(0),
                                Some(s) => {
                                    out.varint(u64::from(s.start) + 1);
                                    out.varint(u64::from(s.end.saturating_sub(s.start)));
                                }
                            }
                        }
                    }
                    for &b in blocks {
                        let ops = &m.block(b).ops;
                        out.varint(ops.len() as u64);
                        for &o in ops {
                            self.op(o, out, count)?;
                        }
                    }
                }
            }
            if let Some(s) = span {
                out.varint(u64::from(s.start));
                out.varint(u64::from(s.end.saturating_sub(s.start)));
            }
            Ok(())
        })
    }
}

/// The ops, blocks, regions and values `op` and what it nests create when decoded.
fn entity_counts(m: &Module, op: Op) -> [u64; 4] {
    let mut n = [0u64; 4];
    m.walk(op, |op| {
        let d = m.op(op);
        n[0] += 1;
        n[2] += d.regions.len() as u64;
        n[3] += d.results.len() as u64;
        for &r in &d.regions {
            n[1] += m.region(r).blocks.len() as u64;
            n[3] += m.region(r).blocks.iter().map(|&b| m.block(b).args.len() as u64).sum::<u64>();
        }
    });
    n
}

fn put_dtype(out: &mut Vec<u8>, d: crate::runtime::DLDataType) {
    out.push(d.code);
    out.push(d.bits);
    out.varint(u64::from(d.lanes));
}

/// Bytes per stored element of a `width`-bit type: 1, 2, 4, 8 or 16.
pub(crate) fn element_bytes(width: u32) -> u8 {
    match width {
        0..=8 => 1,
        9..=16 => 2,
        17..=32 => 4,
        33..=64 => 8,
        _ => 16,
    }
}
