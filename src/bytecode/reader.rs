//! Decoding (see the format in [`super`]). A [`Bytecode`] holds the file's bytes (mapped or
//! owned) and where each section and unit is; decoding builds a [`Module`] of all units or of
//! some of them, decoding only the table entries those units use.
//!
//! Every count is checked against the bytes left before anything is allocated, every index
//! against its table, every table entry refers only to entries before it (so there are no
//! cycles), and affine expressions are bounded ([`super::MAX_AFFINE_NODES`]): bad bytes are an
//! error with their offset, never a panic, a huge allocation or a hang.

use std::ops::Range;
use std::sync::Arc;

use rustc_hash::FxHashSet;
use smallvec::SmallVec;

use super::cursor::{Cursor, Read};
use super::writer::element_bytes;
use super::{BytecodeError, MAGIC, MAX_AFFINE_NODES, VERSION_MAJOR, flags, section};
use crate::ir::{
    AffineExpr, AffineMap, Attribute, Block, Constraint, DenseElements, DenseValues, DialectAttr, Dictionary,
    ElementBytes, ElementsAttr, FloatAttr, IntegerAttr, IntegerSet, LocationAttr, MemorySpace, Module, NamedAttr,
    OpaqueElements, OperationState, RawElements, SourceFile, Span, SparseElements, StringAttr, Type, Value,
    normalize_int, num_elements,
};
use crate::runtime::{ArgSpec, BufferSpec, DLDataType, DimSpec, ParamSpec};

/// The bytes of a bytecode file: mapped from disk or owned.
enum Bytes {
    Mapped(memmap2::Mmap),
    Owned(Vec<u8>),
}

impl std::ops::Deref for Bytes {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            Bytes::Mapped(m) => m,
            Bytes::Owned(v) => v,
        }
    }
}

// Decoded dense elements borrow the file's bytes (zero-copy) and keep them alive.
impl ElementBytes for Bytes {
    fn bytes(&self) -> &[u8] {
        self
    }
}

/// Dense element data of at least this many bytes is borrowed from the file
/// ([`DenseValues::Raw`]) instead of decoded into a vector; smaller constants are not worth
/// keeping the file's bytes alive for.
pub const BORROW_MIN_BYTES: usize = 64;

/// Where a table's index and entries are.
#[derive(Clone, Copy, Default)]
struct TableIndex {
    count: usize,
    /// Bytes per offset (1–4).
    width: usize,
    offsets: usize,
    entries: usize,
    end: usize,
}

/// One top-level op: its symbol name (a string index) and its encoded bytes.
#[derive(Clone)]
struct Unit {
    sym: Option<u32>,
    body: Range<usize>,
}

/// A bytecode file opened for reading: the header and the section and unit index are read;
/// nothing else is decoded until asked for.
///
/// ```
/// let v = strata::parse("func @f(%x: i32) -> i32 {\n  return %x : i32\n}\nfunc @g() {\n  return\n}")?;
/// let bytes = strata::bytecode::write(&v, strata::bytecode::WriteOptions::default())?;
/// let file = strata::bytecode::Bytecode::from_bytes(bytes)?;
/// assert_eq!(file.function_names().collect::<Vec<_>>(), ["f", "g"]);
/// let only_f = file.decode_functions(&["f"])?;   // decodes @f and what it refers to
/// assert_eq!(only_f.module.functions().count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub struct Bytecode {
    bytes: Arc<Bytes>,
    flags: u64,
    producer: String,
    version: (u64, u64),
    strings: TableIndex,
    affine: TableIndex,
    types: TableIndex,
    attrs: TableIndex,
    dicts: TableIndex,
    data: Range<usize>,
    aliases: Range<usize>,
    source: Option<Range<usize>>,
    args: Range<usize>,
    top_name: u32,
    top_dict: Option<u32>,
    /// The types of the module body's arguments.
    top_args: Vec<u32>,
    /// Ops, blocks, regions and values in the whole module (for reserving).
    sizes: [usize; 4],
    /// The units with a symbol, sorted by it (unit numbers, `width` bytes each).
    sorted: TableIndex,
    units: Vec<Unit>,
    /// The UNIT_SIZES section, if the file has one.
    unit_sizes: Option<Range<usize>>,
}

/// A decoded module and the calling conventions of its TIR functions (unverified).
#[derive(Debug)]
pub struct Decoded {
    /// The module.
    pub module: Module,
    /// Each function lowered from TIR and its parameters.
    pub args: Vec<(String, ArgSpec)>,
    /// Whether the decoder saw that every value dominates its uses (see
    /// `Decoder::dominance_shown`): the verifier then does not check dominance again.
    /// Private, so that only the decoder vouches for it.
    pub(crate) dominance_shown: bool,
}

impl std::fmt::Debug for Bytecode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bytecode")
            .field("version", &self.version)
            .field("producer", &self.producer)
            .field("units", &self.units.len())
            .finish_non_exhaustive()
    }
}

/// Whether `bytes` start with the bytecode magic.
pub fn is_bytecode(bytes: &[u8]) -> bool {
    bytes.starts_with(&MAGIC)
}

impl Bytecode {
    /// Read the header and index of bytecode in memory.
    ///
    /// # Errors
    /// Not bytecode, a newer major version, or malformed sections (with the byte offset).
    pub fn from_bytes(bytes: Vec<u8>) -> Result<Bytecode, BytecodeError> {
        Bytecode::index(Arc::new(Bytes::Owned(bytes)))
    }

    /// Map a file and read its header and index; the rest is read from the mapping on demand.
    ///
    /// # Safety
    /// The file must not be truncated or modified while the returned value lives (the usual
    /// contract of a memory map: another process shrinking the file makes reads fault).
    ///
    /// # Errors
    /// As [`Bytecode::from_bytes`], or the file cannot be mapped.
    pub unsafe fn map(file: &std::fs::File) -> Result<Bytecode, BytecodeError> {
        // SAFETY: the caller keeps the file unchanged while the map lives.
        let map = unsafe { memmap2::Mmap::map(file) }
            .map_err(|e| BytecodeError::at(0, format!("cannot map the file: {e}")))?;
        Bytecode::index(Arc::new(Bytes::Mapped(map)))
    }

    fn index(bytes: Arc<Bytes>) -> Result<Bytecode, BytecodeError> {
        let b: &[u8] = &bytes;
        if !is_bytecode(b) {
            return Err(BytecodeError::at(0, "not Strata bytecode (bad magic)"));
        }
        let mut c = Cursor::new(b, MAGIC.len(), b.len())?;
        let major = c.varint()?;
        let minor = c.varint()?;
        if major > VERSION_MAJOR {
            return Err(BytecodeError::at(
                MAGIC.len(),
                format!(
                    "bytecode version {major}.{minor} is newer than this reader's {VERSION_MAJOR}.{}; \
                     rewrite it with this version of Strata or upgrade",
                    super::VERSION_MINOR
                ),
            ));
        }
        if major < VERSION_MAJOR {
            return Err(BytecodeError::at(MAGIC.len(), format!("bytecode version {major}.{minor} is not supported")));
        }
        let flags = c.varint()?;
        if flags & !flags::ALL != 0 {
            return Err(c.error(format!("unknown flags {flags:#x}")));
        }
        let producer = c.str()?.to_string();
        let mut sections: [Option<Range<usize>>; section::COUNT] = Default::default();
        let mut last = 0u8;
        let mut unit_sizes = None;
        while !c.at_end() {
            let at = c.pos();
            let id = c.u8()?;
            let len = c.count(1)?;
            let start = c.pos();
            c.bytes(len)?;
            if usize::from(id) < section::COUNT {
                if id <= last {
                    return Err(BytecodeError::at(at, format!("section {id} out of order or repeated")));
                }
                last = id;
                sections[usize::from(id)] = Some(start..start + len);
            } else if id < section::FIRST_OPTIONAL {
                return Err(BytecodeError::at(at, format!("unknown section {id}")));
            } else if id == section::UNIT_SIZES {
                if unit_sizes.is_some() {
                    return Err(BytecodeError::at(at, format!("section {id} repeated")));
                }
                unit_sizes = Some(start..start + len);
            }
            // Sections from FIRST_OPTIONAL on are extensions a newer minor version may add: skipped.
        }
        let need = |id: u8, name: &str| {
            sections[usize::from(id)].clone().ok_or_else(|| BytecodeError::at(b.len(), format!("no {name} section")))
        };
        let table = |r: Range<usize>| -> Read<TableIndex> {
            let mut c = Cursor::new(b, r.start, r.end)?;
            let count = c.count(1)?;
            let width = usize::from(c.u8()?);
            if !(1..=4).contains(&width) {
                return Err(c.error(format!("offset width {width}")));
            }
            let offsets = c.pos();
            c.bytes(count.checked_mul(width).ok_or_else(|| c.error("table too large"))?)?;
            Ok(TableIndex { count, width, offsets, entries: c.pos(), end: r.end })
        };
        let strings = table(need(section::STRINGS, "string")?)?;
        let data = {
            let r = need(section::DATA, "data")?;
            let mut c = Cursor::new(b, r.start, r.end)?;
            let pad = usize::from(c.u8()?);
            c.bytes(pad)?;
            if c.pos() % 16 != 0 {
                return Err(c.error("element data is not 16-byte aligned"));
            }
            c.pos()..r.end
        };
        let affine = table(need(section::AFFINE, "affine")?)?;
        let types = table(need(section::TYPES, "type")?)?;
        let attrs = table(need(section::ATTRS, "attribute")?)?;
        let dicts = table(need(section::DICTS, "attribute list")?)?;
        let aliases = need(section::ALIASES, "alias")?;
        let source = sections[usize::from(section::SOURCE)].clone();
        if (flags & flags::LOCATIONS != 0) != source.is_some() {
            return Err(BytecodeError::at(b.len(), "the locations flag and the source section disagree"));
        }
        let args = need(section::ARGS, "calling convention")?;
        let ops = need(section::OPS, "operation")?;
        let mut c = Cursor::new(b, ops.start, ops.end)?;
        let top_name = c.u32()?;
        let top_dict = c.u32()?.checked_sub(1);
        let mut sizes = [0usize; 4];
        for n in &mut sizes {
            // A hint for reserving: never more than the operation bytes could hold.
            *n = usize::try_from(c.varint()?).unwrap_or(0).min(ops.len());
        }
        let nargs = c.count(1)?;
        let mut top_args = Vec::with_capacity(nargs);
        for _ in 0..nargs {
            top_args.push(c.u32()?);
        }
        let n = c.count(2)?;
        let mut raw = Vec::with_capacity(n);
        for _ in 0..n {
            let at = c.pos();
            let sym = c.u32()?.checked_sub(1);
            let len = c.varint()?;
            raw.push((at, sym, len));
        }
        // The named units sorted by name (for lookups), then the bodies one after another.
        let named = c.count(1)?;
        let width = usize::from(c.u8()?);
        if !(1..=4).contains(&width) {
            return Err(c.error(format!("index width {width}")));
        }
        let sorted_at = c.pos();
        c.bytes(named.checked_mul(width).ok_or_else(|| c.error("index too large"))?)?;
        let sorted = TableIndex { count: named, width, offsets: sorted_at, entries: c.pos(), end: c.pos() };
        let mut start = c.pos();
        let mut units = Vec::with_capacity(n);
        for (at, sym, len) in raw {
            let range = usize::try_from(len)
                .ok()
                .and_then(|l| Some(start..start.checked_add(l)?))
                .filter(|r| r.end <= ops.end)
                .ok_or_else(|| BytecodeError::at(at, "unit outside the operation section"))?;
            start = range.end;
            units.push(Unit { sym, body: range });
        }
        Ok(Bytecode {
            bytes,
            flags,
            producer,
            version: (major, minor),
            strings,
            affine,
            types,
            attrs,
            dicts,
            data,
            aliases,
            source,
            args,
            top_name,
            top_dict,
            top_args,
            sizes,
            sorted,
            units,
            unit_sizes,
        })
    }

    /// The format version, major and minor.
    pub fn version(&self) -> (u64, u64) {
        self.version
    }

    /// What wrote the file (`strata 0.1.0`).
    pub fn producer(&self) -> &str {
        &self.producer
    }

    /// The size of the file in bytes.
    pub fn len(&self) -> usize {
        self.bytes.len()
    }

    /// Whether the file is empty (never, for a valid file).
    pub fn is_empty(&self) -> bool {
        self.bytes.is_empty()
    }

    /// The file's bytes (mapped or owned); large dense elements of decoded modules point here.
    pub fn as_bytes(&self) -> &[u8] {
        &self.bytes
    }

    /// The symbol names of the top-level ops (functions), in order; a name that is not valid
    /// is skipped.
    pub fn function_names(&self) -> impl Iterator<Item = &str> + '_ {
        self.units.iter().filter_map(|u| u.sym).filter_map(|s| self.raw_string(s).ok())
    }

    /// The unit whose symbol is `name`: a binary search of the file's sorted name index.
    fn find_unit(&self, name: &str) -> Option<usize> {
        let (mut lo, mut hi) = (0usize, self.sorted.count);
        let unit_at = |k: usize| -> Option<usize> {
            let at = self.sorted.offsets + k * self.sorted.width;
            let mut raw = [0u8; 4];
            raw[..self.sorted.width].copy_from_slice(self.bytes.get(at..at + self.sorted.width)?);
            Some(u32::from_le_bytes(raw) as usize)
        };
        let name_of = |u: usize| -> Option<&[u8]> {
            let mut c = self.entry(&self.strings, self.units.get(u)?.sym?, "string").ok()?;
            let n = c.count(1).ok()?;
            c.bytes(n).ok()
        };
        while lo < hi {
            let mid = lo + (hi - lo) / 2;
            let u = unit_at(mid)?;
            match name_of(u)?.cmp(name.as_bytes()) {
                std::cmp::Ordering::Equal => return Some(u),
                std::cmp::Ordering::Less => lo = mid + 1,
                std::cmp::Ordering::Greater => hi = mid,
            }
        }
        None
    }

    fn raw_string(&self, i: u32) -> Read<&str> {
        let t = &self.strings;
        let mut c = self.entry(t, i, "string")?;
        c.str()
    }

    fn entry(&self, t: &TableIndex, i: u32, what: &str) -> Read<Cursor<'_>> {
        let i = i as usize;
        if i >= t.count {
            return Err(BytecodeError::at(t.offsets, format!("{what} {i} out of range (the table has {})", t.count)));
        }
        // In bounds: the index checked `count * width` bytes when the file was opened.
        let at = t.offsets + t.width * i;
        let mut raw = [0u8; 4];
        raw[..t.width].copy_from_slice(&self.bytes[at..at + t.width]);
        let off = u32::from_le_bytes(raw) as usize;
        let start = t
            .entries
            .checked_add(off)
            .filter(|&s| s < t.end)
            .ok_or_else(|| BytecodeError::at(at, format!("{what} {i} starts outside its table")))?;
        Cursor::new(&self.bytes, start, t.end)
    }

    /// Decode the whole module.
    ///
    /// # Errors
    /// Malformed bytes, with their offset.
    pub fn decode(&self) -> Result<Decoded, BytecodeError> {
        let all: Vec<usize> = (0..self.units.len()).collect();
        let mut d = Decoder::new(self);
        d.reserve = self.sizes;
        let parts = self.parts();
        let module = if parts.len() < 2 {
            d.module(&all, false)?
        } else {
            // With the units' sizes, each part is numbered from where the parts before it end,
            // so joining moves its entries over; without, a part is renumbered as it joins.
            let numbered = self.part_bounds(&parts)?;
            if let Some(bounds) = &numbered {
                d.exact = Some(bounds[0]);
            }
            // The other parts on the pool, the first on this thread, joined in the file's order.
            let (first, rest) = rayon::join(
                || d.module(&parts[0], false),
                || {
                    use rayon::prelude::*;
                    parts[1..]
                        .par_iter()
                        .enumerate()
                        .map(|(i, units)| {
                            let mut d = Decoder::new(self);
                            match &numbered {
                                Some(bounds) => {
                                    d.exact = Some(bounds[i + 1]);
                                    d.reserve = bounds[i + 1].1;
                                }
                                None => d.reserve = self.share_of(units),
                            }
                            d.module(units, false).map(|m| (m, d.dominance_shown))
                        })
                        .collect::<Vec<_>>()
                },
            );
            // The first error in the file's order.
            let first = first?;
            let rest = rest.into_iter().collect::<Result<Vec<_>, _>>()?;
            d.dominance_shown &= rest.iter().all(|(_, shown)| *shown);
            match numbered {
                Some(bounds) => {
                    let mut joined = vec![(first, [0; 4])];
                    joined.extend(rest.into_iter().zip(&bounds[1..]).map(|((part, _), (start, _))| (part, *start)));
                    Module::join_numbered_parts(joined)
                }
                None => {
                    let mut module = first;
                    for (part, _) in rest {
                        module.absorb(part);
                    }
                    module
                }
            }
        };
        let args = d.arg_specs(None)?;
        Ok(Decoded { module, args, dominance_shown: d.dominance_shown })
    }

    /// Where each part's entities start and end (ops, blocks, regions, values), from the
    /// UNIT_SIZES section; `None` without one. Every part starts with what the top op creates
    /// (its region, block and arguments) and the decoder's placeholder value.
    fn part_bounds(&self, parts: &[Vec<usize>]) -> Read<Option<Vec<PartBounds>>> {
        let Some(r) = &self.unit_sizes else { return Ok(None) };
        let mut c = Cursor::new(&self.bytes, r.start, r.end)?;
        let n = c.count(4)?;
        if n != self.units.len() {
            return Err(BytecodeError::at(r.start, format!("sizes of {n} units for {} units", self.units.len())));
        }
        let mut sizes = Vec::with_capacity(n);
        for unit in &self.units {
            let mut s = [0usize; 4];
            for x in &mut s {
                let at = c.pos();
                // Each op, block, region and value takes at least a byte of its unit: a larger
                // count is a lie (and would make the reader allocate for nothing).
                *x = usize::try_from(c.varint()?)
                    .ok()
                    .filter(|&x| x <= unit.body.len())
                    .ok_or_else(|| BytecodeError::at(at, "a unit size larger than the unit"))?;
            }
            sizes.push(s);
        }
        if !c.at_end() {
            return Err(c.error("bytes left at the end of the unit sizes"));
        }
        let mut start = [1, 1, 1, self.top_args.len() + 1];
        let mut bounds = Vec::with_capacity(parts.len());
        for part in parts {
            let mut end = start;
            for &u in part {
                for (e, s) in end.iter_mut().zip(sizes[u]) {
                    *e += s;
                }
            }
            bounds.push((start, end));
            start = end;
        }
        Ok(Some(bounds))
    }

    /// The part of the module's sizes (ops, blocks, regions, values) that `units` hold, by
    /// their share of the bytes, with a little room (a hint for reserving).
    fn share_of(&self, units: &[usize]) -> [usize; 4] {
        let total: usize = self.units.iter().map(|u| u.body.len()).sum::<usize>().max(1);
        let mine: usize = units.iter().map(|&u| self.units[u].body.len()).sum();
        self.sizes.map(|n| (n as f64 * mine as f64 / total as f64 * 1.05) as usize + 16)
    }

    /// The units split into one run per thread of about equal bytes, when the units are
    /// independent (no top-level op uses another's results) and the file is large enough for
    /// threads to pay; else one run.
    fn parts(&self) -> Vec<Vec<usize>> {
        let threads = rayon::current_num_threads();
        let ops_bytes: usize = self.units.iter().map(|u| u.body.len()).sum();
        if self.flags & flags::INDEPENDENT_UNITS == 0
            || self.source.is_some()
            || threads < 2
            || self.units.len() < 2
            || ops_bytes < PARALLEL_MIN_BYTES
        {
            return vec![(0..self.units.len()).collect()];
        }
        let per_part = ops_bytes.div_ceil(threads);
        let mut parts = vec![Vec::new()];
        let mut bytes = 0;
        for (i, u) in self.units.iter().enumerate() {
            if bytes >= per_part * parts.len() {
                parts.push(Vec::new());
            }
            bytes += u.body.len();
            parts.last_mut().expect("a part").push(i);
        }
        parts
    }

    /// Decode only the functions `names` and the top-level ops they refer to (by symbol,
    /// transitively): the other function bodies, and the table entries only they use, are
    /// never read. Files whose top-level ops use each other's results are decoded whole.
    ///
    /// # Errors
    /// A name no function has, or malformed bytes.
    pub fn decode_functions(&self, names: &[&str]) -> Result<Decoded, BytecodeError> {
        if self.flags & flags::INDEPENDENT_UNITS == 0 {
            return self.decode();
        }
        let mut wanted = Vec::new();
        for n in names {
            let i = self.find_unit(n).ok_or_else(|| BytecodeError::at(0, format!("no function '@{n}' in the file")))?;
            wanted.push(i);
        }
        let mut d = Decoder::new(self);
        d.follow = true;
        let module = d.module(&wanted, true)?;
        let included: FxHashSet<String> = module
            .functions()
            .filter_map(|f| module.attr(f, "sym_name").and_then(Attribute::as_str).map(str::to_string))
            .collect();
        let args = d.arg_specs(Some(&included))?;
        Ok(Decoded { module, args, dominance_shown: d.dominance_shown })
    }
}

enum Affine {
    Map(AffineMap),
    Set(IntegerSet),
}

/// A use of a value not yet defined: patched once the unit is decoded.
struct Fixup {
    op: crate::ir::Op,
    /// `None`: operand `index`; `Some(s)`: argument `index` of successor `s`.
    successor: Option<usize>,
    index: usize,
    value: usize,
    top: bool,
    at: usize,
}

struct Decoder<'b> {
    bc: &'b Bytecode,
    strings: Vec<Option<Arc<str>>>,
    affine: Vec<Option<Affine>>,
    types: Nested<Type>,
    attrs: Nested<Attribute>,
    dicts: Vec<Option<Arc<[NamedAttr]>>>,
    /// Unit-local values in the order they were defined.
    vals: Vec<Value>,
    /// The region each of `vals` is visible in (its block's: regions of one block), or
    /// [`HIDDEN`] while it is the result of an op whose regions are being decoded.
    scope_of: Vec<u32>,
    /// Per region of the unit, by number: whether the decoder is inside it.
    open: Vec<bool>,
    /// The region being decoded (0: none; the unit's op is outside every region).
    scope: u32,
    /// Whether every use decoded so far is of a value that dominates it, as the file's
    /// structure alone shows (regions of one block, uses of values visible where they are
    /// used); false once one is not shown so, and then the verifier checks dominance.
    dominance_shown: bool,
    /// Results of top-level ops, by top-level number (`None`: not decoded yet).
    top_vals: Vec<Option<Value>>,
    fixups: Vec<Fixup>,
    top_fixups: Vec<Fixup>,
    placeholder: Option<Value>,
    /// Decode the top-level ops the decoded ones refer to by symbol.
    follow: bool,
    /// Symbols referred to by the unit being decoded.
    refs: Vec<Arc<str>>,
    /// Room to reserve in the arenas: ops, blocks, regions, values (zeros: none).
    reserve: [usize; 4],
    /// Where the entities of the units being decoded start and end (one part of a module
    /// decoded on several threads; see [`Bytecode::part_bounds`]).
    exact: Option<PartBounds>,
    /// The deepest child of each type or attribute entry being decoded: nesting is bounded as
    /// the text parser bounds it.
    depth_stack: Vec<u16>,
}

/// Decoded entries of a table whose entries nest (types, attributes), with each one's depth.
struct Nested<T> {
    values: Vec<Option<T>>,
    depth: Vec<u16>,
}

impl<T: Clone> Nested<T> {
    fn new(count: usize) -> Nested<T> {
        Nested { values: vec![None; count], depth: vec![0; count] }
    }
}

/// The deepest nesting of types, attributes and locations (the text parser's limit).
const MAX_DEPTH: u16 = 1000;

/// Where the entities of one part of a module decoded on several threads start and end: ops,
/// blocks, regions and values.
type PartBounds = ([usize; 4], [usize; 4]);

/// The scope of a value not visible anywhere yet (see `Decoder::scope_of`).
const HIDDEN: u32 = 0;

/// Files whose operations take fewer bytes are decoded on one thread: below this, starting
/// threads and joining their modules costs more than it saves.
const PARALLEL_MIN_BYTES: usize = 64 * 1024;

/// Bytes an encoded op takes at least (name and mask).
const MIN_OP_BYTES: usize = 2;

impl<'b> Decoder<'b> {
    fn new(bc: &'b Bytecode) -> Decoder<'b> {
        Decoder {
            bc,
            strings: vec![None; bc.strings.count],
            affine: (0..bc.affine.count).map(|_| None).collect(),
            types: Nested::new(bc.types.count),
            attrs: Nested::new(bc.attrs.count),
            dicts: vec![None; bc.dicts.count],
            vals: Vec::new(),
            top_vals: Vec::new(),
            fixups: Vec::new(),
            top_fixups: Vec::new(),
            placeholder: None,
            follow: false,
            refs: Vec::new(),
            reserve: [0; 4],
            exact: None,
            scope_of: Vec::new(),
            open: Vec::new(),
            scope: 0,
            dominance_shown: true,
            depth_stack: Vec::new(),
        }
    }

    fn cursor(&self, r: &Range<usize>) -> Read<Cursor<'b>> {
        Cursor::new(&self.bc.bytes, r.start, r.end)
    }

    // ---- tables -------------------------------------------------------------------------------

    fn string(&mut self, i: u32) -> Read<Arc<str>> {
        if let Some(Some(s)) = self.strings.get(i as usize) {
            return Ok(s.clone());
        }
        let s: Arc<str> = Arc::from(self.bc.raw_string(i)?);
        self.strings[i as usize] = Some(s.clone());
        Ok(s)
    }

    fn string_at(&mut self, c: &mut Cursor<'_>) -> Read<Arc<str>> {
        let i = c.u32()?;
        self.string(i)
    }

    /// An entry `i` of a table referred to from entry `from` of the same table: only earlier
    /// entries may be referred to, so there are no cycles.
    fn backward(c: &Cursor<'_>, i: u32, from: u32, what: &str) -> Read<()> {
        if i >= from {
            return Err(c.error(format!("{what} {from} refers to {what} {i}, not an earlier one")));
        }
        Ok(())
    }

    fn affine_expr(&mut self, c: &mut Cursor<'_>, dims: u32, syms: u32, budget: &mut usize) -> Read<AffineExpr> {
        self.affine_at(c, dims, syms, budget, 1)
    }

    fn affine_at(
        &mut self,
        c: &mut Cursor<'_>,
        dims: u32,
        syms: u32,
        budget: &mut usize,
        depth: u16,
    ) -> Read<AffineExpr> {
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            if *budget == 0 || depth > MAX_DEPTH {
                return Err(
                    c.error(format!("affine expression of more than {MAX_AFFINE_NODES} nodes or {MAX_DEPTH} levels"))
                );
            }
            *budget -= 1;
            let at = c.pos();
            Ok(match c.u8()? {
                0 => AffineExpr::constant(c.i64()?),
                1 => {
                    let d = c.u32()?;
                    if d >= dims {
                        return Err(BytecodeError::at(at, format!("d{d} in a map of {dims} dimensions")));
                    }
                    AffineExpr::dim(d)
                }
                2 => {
                    let s = c.u32()?;
                    if s >= syms {
                        return Err(BytecodeError::at(at, format!("s{s} in a map of {syms} symbols")));
                    }
                    AffineExpr::symbol(s)
                }
                3 => {
                    let n = c.count(2)?;
                    let mut terms = Vec::with_capacity(n);
                    for _ in 0..n {
                        terms.push(self.affine_at(c, dims, syms, budget, depth + 1)?);
                    }
                    AffineExpr::sum(terms)
                }
                k @ 4..=7 => {
                    let a = self.affine_at(c, dims, syms, budget, depth + 1)?;
                    let b = self.affine_at(c, dims, syms, budget, depth + 1)?;
                    match k {
                        4 => a * b,
                        5 => a.modulo(&b),
                        6 => a.floor_div(&b),
                        _ => a.ceil_div(&b),
                    }
                }
                k => return Err(BytecodeError::at(at, format!("unknown affine expression kind {k}"))),
            })
        })
    }

    fn exprs(&mut self, c: &mut Cursor<'_>, dims: u32, syms: u32) -> Read<Vec<AffineExpr>> {
        let n = c.count(2)?;
        let mut out = Vec::with_capacity(n);
        for _ in 0..n {
            let mut budget = MAX_AFFINE_NODES;
            out.push(self.affine_expr(c, dims, syms, &mut budget)?);
        }
        Ok(out)
    }

    fn affine_entry(&mut self, i: u32) -> Read<&Affine> {
        if self.affine.get(i as usize).is_some_and(Option::is_some) {
            return Ok(self.affine[i as usize].as_ref().expect("checked"));
        }
        let mut c = self.bc.entry(&self.bc.affine, i, "affine entry")?;
        let at = c.pos();
        let kind = c.u8()?;
        let dims = c.u32()?;
        let syms = c.u32()?;
        let entry = match kind {
            0 => {
                let results = self.exprs(&mut c, dims, syms)?;
                let sizes = match c.u8()? {
                    0 => None,
                    1 => {
                        let mut sizes = Vec::with_capacity(results.len());
                        for _ in 0..results.len() {
                            sizes.push(self.exprs(&mut c, dims, syms)?);
                        }
                        Some(sizes)
                    }
                    k => return Err(c.error(format!("bad size flag {k}"))),
                };
                Affine::Map(AffineMap::with_sizes(dims, syms, results, sizes))
            }
            1 => {
                let n = c.count(2)?;
                let mut constraints = Vec::with_capacity(n);
                for _ in 0..n {
                    let is_eq = match c.u8()? {
                        0 => false,
                        1 => true,
                        k => return Err(c.error(format!("bad constraint kind {k}"))),
                    };
                    let mut budget = MAX_AFFINE_NODES;
                    constraints.push(Constraint { expr: self.affine_expr(&mut c, dims, syms, &mut budget)?, is_eq });
                }
                Affine::Set(IntegerSet::new(dims, syms, constraints))
            }
            k => return Err(BytecodeError::at(at, format!("unknown affine entry kind {k}"))),
        };
        self.affine[i as usize] = Some(entry);
        Ok(self.affine[i as usize].as_ref().expect("just set"))
    }

    fn map(&mut self, c: &Cursor<'_>, i: u32) -> Read<AffineMap> {
        match self.affine_entry(i)? {
            Affine::Map(m) => Ok(m.clone()),
            Affine::Set(_) => Err(c.error(format!("affine entry {i} is a set, not a map"))),
        }
    }

    fn ty(&mut self, i: u32) -> Read<Type> {
        let bc = self.bc;
        self.nested(i, &bc.types, "type", |d| &mut d.types, Self::type_body)
    }

    /// Entry `i` of a nesting table: decoded once (on a grown stack), its depth bounded and
    /// counted into the entry that refers to it.
    fn nested<T: Clone>(
        &mut self,
        i: u32,
        table: &TableIndex,
        what: &str,
        cache: fn(&mut Self) -> &mut Nested<T>,
        body: fn(&mut Self, &mut Cursor<'_>, u32) -> Read<T>,
    ) -> Read<T> {
        let k = i as usize;
        if let Some(Some(v)) = cache(self).values.get(k) {
            let (v, d) = (v.clone(), cache(self).depth[k]);
            self.child_depth(d);
            return Ok(v);
        }
        let mut c = self.bc.entry(table, i, what)?;
        self.depth_stack.push(0);
        let v = stacker::maybe_grow(64 * 1024, 1024 * 1024, || body(self, &mut c, i));
        let depth = self.depth_stack.pop().unwrap_or(0) + 1;
        let v = v?;
        if depth > MAX_DEPTH {
            return Err(c.error(format!("{what}s nested deeper than {MAX_DEPTH} levels")));
        }
        let memo = cache(self);
        memo.values[k] = Some(v.clone());
        memo.depth[k] = depth;
        self.child_depth(depth);
        Ok(v)
    }

    /// Note a child of depth `d` of the entry being decoded.
    fn child_depth(&mut self, d: u16) {
        if let Some(top) = self.depth_stack.last_mut() {
            *top = (*top).max(d);
        }
    }

    fn type_ref(&mut self, c: &mut Cursor<'_>, from: u32) -> Read<Type> {
        let j = c.u32()?;
        Self::backward(c, j, from, "type")?;
        self.ty(j)
    }

    fn type_body(&mut self, c: &mut Cursor<'_>, i: u32) -> Read<Type> {
        let at = c.pos();
        let checked = |r: Result<Type, String>| r.map_err(|e| BytecodeError::at(at, e));
        Ok(match c.u8()? {
            0 => checked(Type::integer(c.varint()?))?,
            1 => Type::Index,
            2 => Type::F16,
            3 => Type::BF16,
            4 => Type::F32,
            5 => Type::F64,
            6 => Type::None,
            7 => {
                let mut lists = [Vec::new(), Vec::new()];
                for list in &mut lists {
                    let n = c.count(1)?;
                    for _ in 0..n {
                        list.push(self.type_ref(c, i)?);
                    }
                }
                let [ins, outs] = lists;
                Type::function(ins, outs)
            }
            8 => {
                let n = c.count(1)?;
                let mut shape = Vec::with_capacity(n);
                for _ in 0..n {
                    shape.push(c.varint()?);
                }
                let e = self.type_ref(c, i)?;
                checked(Type::vector(shape, e))?
            }
            9 => {
                let shape = match c.u8()? {
                    0 => None,
                    1 => Some(self.dims(c)?),
                    k => return Err(c.error(format!("bad rank flag {k}"))),
                };
                let e = self.type_ref(c, i)?;
                checked(Type::tensor(shape, e))?
            }
            10 => {
                let shape = self.dims(c)?;
                let e = self.type_ref(c, i)?;
                let n = c.count(1)?;
                let mut maps = Vec::with_capacity(n);
                for _ in 0..n {
                    let j = c.u32()?;
                    maps.push(self.map(c, j)?);
                }
                let space = match c.u8()? {
                    0 => None,
                    1 => Some(MemorySpace::Int(c.varint()?)),
                    2 => Some(MemorySpace::Named(self.string_at(c)?)),
                    k => return Err(c.error(format!("bad memory space kind {k}"))),
                };
                checked(Type::memref(shape, e, maps, space))?
            }
            11 => {
                let e = self.type_ref(c, i)?;
                checked(Type::complex(e))?
            }
            12 => {
                let n = c.count(1)?;
                let mut ts = Vec::with_capacity(n);
                for _ in 0..n {
                    ts.push(self.type_ref(c, i)?);
                }
                Type::tuple(ts)
            }
            13 => {
                let d = self.string_at(c)?;
                let data = self.string_at(c)?;
                Type::Dialect(Arc::new(crate::ir::DialectType { dialect: d, data }))
            }
            k => return Err(BytecodeError::at(at, format!("unknown type kind {k}"))),
        })
    }

    fn dims(&mut self, c: &mut Cursor<'_>) -> Read<Vec<i64>> {
        let n = c.count(1)?;
        let mut shape = Vec::with_capacity(n);
        for _ in 0..n {
            shape.push(c.i64()?);
        }
        Ok(shape)
    }

    fn opt_type(&mut self, c: &mut Cursor<'_>) -> Read<Option<Type>> {
        match c.u32()?.checked_sub(1) {
            None => Ok(None),
            Some(j) => Ok(Some(self.ty(j)?)),
        }
    }

    fn attr(&mut self, i: u32) -> Read<Attribute> {
        let bc = self.bc;
        self.nested(i, &bc.attrs, "attribute", |d| &mut d.attrs, Self::attr_body)
    }

    fn attr_ref(&mut self, c: &mut Cursor<'_>, from: u32) -> Read<Attribute> {
        let j = c.u32()?;
        Self::backward(c, j, from, "attribute")?;
        self.attr(j)
    }

    fn attr_body(&mut self, c: &mut Cursor<'_>, i: u32) -> Read<Attribute> {
        let at = c.pos();
        let checked = |r: Result<Attribute, String>| r.map_err(|e| BytecodeError::at(at, e));
        Ok(match c.u8()? {
            0 => Attribute::Unit,
            1 => Attribute::Bool(false),
            2 => Attribute::Bool(true),
            3 => {
                let t = c.u32()?;
                let t = self.ty(t)?;
                let v = c.i128()?;
                let a = IntegerAttr::new(v, t).map_err(|e| BytecodeError::at(at, e))?;
                if a.value != v {
                    return Err(BytecodeError::at(at, "integer not in its canonical (sign-extended) form"));
                }
                Attribute::Integer(a)
            }
            4 => {
                let t = c.u32()?;
                let t = self.ty(t)?;
                let bits = c.varint()?;
                Attribute::Float(FloatAttr::from_bits(bits, t).map_err(|e| BytecodeError::at(at, e))?)
            }
            5 => {
                let value = self.string_at(c)?;
                let ty = self.opt_type(c)?;
                Attribute::String(StringAttr { value, ty })
            }
            6 => {
                let t = c.u32()?;
                Attribute::Type(self.ty(t)?)
            }
            7 => {
                let j = c.u32()?;
                Attribute::AffineMap(self.map(c, j)?)
            }
            8 => {
                let j = c.u32()?;
                match self.affine_entry(j)? {
                    Affine::Set(s) => Attribute::IntegerSet(s.clone()),
                    Affine::Map(_) => return Err(c.error(format!("affine entry {j} is a map, not a set"))),
                }
            }
            9 => Attribute::SymbolRef(self.string_at(c)?),
            10 => {
                let n = c.count(1)?;
                let mut items = Vec::with_capacity(n);
                for _ in 0..n {
                    items.push(self.attr_ref(c, i)?);
                }
                Attribute::Array(items.into())
            }
            11 => {
                let n = c.count(2)?;
                let mut entries = Vec::with_capacity(n);
                for _ in 0..n {
                    let name = self.string_at(c)?;
                    let value = self.attr_ref(c, i)?;
                    entries.push(NamedAttr { name, value });
                }
                let d = Dictionary::new(entries)
                    .map_err(|n| BytecodeError::at(at, format!("dictionary has '{n}' twice")))?;
                Attribute::Dictionary(d)
            }
            12 => {
                let t = c.u32()?;
                let ty = self.ty(t)?;
                elements_type(&ty, true).map_err(|e| BytecodeError::at(at, e))?;
                let values = self.dense_values(c, &ty, true)?;
                let n = values.len();
                if n != 1 && n != num_elements(&ty) {
                    return Err(BytecodeError::at(at, format!("{n} elements for '{ty}'")));
                }
                Attribute::Elements(Arc::new(ElementsAttr::Dense(DenseElements { ty, values })))
            }
            13 => {
                let t = c.u32()?;
                let ty = self.ty(t)?;
                elements_type(&ty, true).map_err(|e| BytecodeError::at(at, e))?;
                let n = c.data_count()?;
                let off = c.varint()?;
                let raw = self.data(c, off, n, 8)?;
                let indices: Vec<i64> =
                    raw.chunks_exact(8).map(|b| i64::from_le_bytes(b.try_into().unwrap_or([0; 8]))).collect();
                let values = self.dense_values(c, &ty, false)?;
                let shape = ty.shape().unwrap_or_default();
                let per = shape.len().max(1);
                if indices.len() != values.len() * per {
                    return Err(BytecodeError::at(at, "sparse indices and values disagree in number"));
                }
                for chunk in indices.chunks(per) {
                    for (d, &x) in chunk.iter().enumerate() {
                        if x < 0 || shape.get(d).is_some_and(|&n| x >= n) {
                            return Err(BytecodeError::at(at, format!("sparse index {x} out of bounds")));
                        }
                    }
                }
                Attribute::Elements(Arc::new(ElementsAttr::Sparse(SparseElements { ty, indices, values })))
            }
            14 => {
                let t = c.u32()?;
                let ty = self.ty(t)?;
                elements_type(&ty, false).map_err(|e| BytecodeError::at(at, e))?;
                let dialect = self.string_at(c)?;
                let hex = self.string_at(c)?;
                Attribute::Elements(Arc::new(ElementsAttr::Opaque(OpaqueElements { ty, dialect, hex })))
            }
            15 => {
                let dialect = self.string_at(c)?;
                let data = self.string_at(c)?;
                let ty = self.opt_type(c)?;
                Attribute::Dialect(Arc::new(DialectAttr { dialect, data, ty }))
            }
            16 => Attribute::Location(Arc::new(self.location(c, i)?)),
            k => return checked(Err(format!("unknown attribute kind {k}"))),
        })
    }

    /// Where raw element bytes are in the file (inside the data section, aligned).
    fn data_range(&self, c: &Cursor<'_>, off: u64, n: usize, size: usize) -> Read<Range<usize>> {
        let data = &self.bc.data;
        let len = n.checked_mul(size);
        let start = usize::try_from(off).ok().and_then(|o| data.start.checked_add(o));
        match (start, len) {
            (Some(s), Some(l)) if s % 16 == 0 && s.checked_add(l).is_some_and(|e| e <= data.end) => Ok(s..s + l),
            _ => Err(c.error("element data outside the data section or not aligned")),
        }
    }

    /// Raw element bytes in the data section.
    fn data(&self, c: &Cursor<'_>, off: u64, n: usize, size: usize) -> Read<&'b [u8]> {
        let range = self.data_range(c, off, n, size)?;
        let bytes: &'b [u8] = &self.bc.bytes;
        Ok(&bytes[range])
    }

    /// Element values at a data offset; with `borrow`, a large blob stays in the file's bytes.
    fn dense_values(&mut self, c: &mut Cursor<'_>, ty: &Type, borrow: bool) -> Read<DenseValues> {
        let at = c.pos();
        let float = match c.u8()? {
            0 => false,
            1 => true,
            k => return Err(c.error(format!("bad element kind {k}"))),
        };
        let n = c.data_count()?;
        let size = c.u8()?;
        let off = c.varint()?;
        let elem = ty.element_type();
        let width = match (float, elem) {
            (false, Type::Integer(_) | Type::Index) | (true, Type::F16 | Type::BF16 | Type::F32 | Type::F64) => {
                elem.bit_width().unwrap_or(64)
            }
            _ => return Err(BytecodeError::at(at, format!("element values do not match '{elem}'"))),
        };
        if size != element_bytes(width) {
            return Err(BytecodeError::at(at, format!("{size}-byte elements for a {width}-bit type")));
        }
        let size_bytes = size;
        let size = usize::from(size);
        let range = self.data_range(c, off, n, size)?;
        if borrow && range.len() >= BORROW_MIN_BYTES {
            let storage: Arc<dyn ElementBytes> = self.bc.bytes.clone();
            let r = if float {
                RawElements::floats(storage, range, size_bytes)
            } else {
                RawElements::integers(storage, range, size_bytes, width)
            };
            return r.map(DenseValues::Raw).ok_or_else(|| BytecodeError::at(at, "element data outside the file"));
        }
        let bytes: &'b [u8] = &self.bc.bytes;
        let raw = &bytes[range];
        let mut buf = [0u8; 16];
        Ok(if float {
            DenseValues::Float(
                raw.chunks_exact(size)
                    .map(|b| {
                        buf = [0; 16];
                        buf[..size].copy_from_slice(b);
                        u64::from_le_bytes(buf[..8].try_into().unwrap_or([0; 8]))
                    })
                    .collect(),
            )
        } else {
            let mut out = Vec::with_capacity(n);
            for b in raw.chunks_exact(size) {
                let fill = if b[size - 1] & 0x80 != 0 { 0xff } else { 0 };
                buf = [fill; 16];
                buf[..size].copy_from_slice(b);
                let v = i128::from_le_bytes(buf);
                match normalize_int(v, width) {
                    Ok(x) if x == v => out.push(v),
                    _ => return Err(BytecodeError::at(at, format!("element {v} is not a canonical i{width}"))),
                }
            }
            DenseValues::Int(out)
        })
    }

    fn location(&mut self, c: &mut Cursor<'_>, i: u32) -> Read<LocationAttr> {
        self.location_at(c, i, 1)
    }

    fn location_at(&mut self, c: &mut Cursor<'_>, i: u32, depth: u16) -> Read<LocationAttr> {
        if depth > MAX_DEPTH {
            return Err(c.error(format!("locations nested deeper than {MAX_DEPTH} levels")));
        }
        self.child_depth(depth);
        stacker::maybe_grow(64 * 1024, 1024 * 1024, || {
            let at = c.pos();
            Ok(match c.u8()? {
                0 => LocationAttr::Unknown,
                1 => {
                    let file = self.string_at(c)?;
                    LocationAttr::FileLineCol { file, line: c.varint()?, col: c.varint()? }
                }
                2 => {
                    let name = self.string_at(c)?;
                    let child = match c.u8()? {
                        0 => None,
                        1 => Some(Box::new(self.location_at(c, i, depth + 1)?)),
                        k => return Err(c.error(format!("bad flag {k}"))),
                    };
                    LocationAttr::Name { name, child }
                }
                3 => {
                    let callee = Box::new(self.location_at(c, i, depth + 1)?);
                    let caller = Box::new(self.location_at(c, i, depth + 1)?);
                    LocationAttr::CallSite { callee, caller }
                }
                4 => {
                    let metadata = match c.u32()?.checked_sub(1) {
                        None => None,
                        Some(j) => {
                            Self::backward(c, j, i, "attribute")?;
                            Some(self.attr(j)?)
                        }
                    };
                    let n = c.count(1)?;
                    let mut locations = Vec::with_capacity(n);
                    for _ in 0..n {
                        locations.push(self.location_at(c, i, depth + 1)?);
                    }
                    LocationAttr::Fused { metadata, locations }
                }
                k => return Err(BytecodeError::at(at, format!("unknown location kind {k}"))),
            })
        })
    }

    fn dict(&mut self, i: u32) -> Read<Arc<[NamedAttr]>> {
        if let Some(Some(d)) = self.dicts.get(i as usize) {
            return Ok(d.clone());
        }
        let mut c = self.bc.entry(&self.bc.dicts, i, "attribute list")?;
        let d: Arc<[NamedAttr]> = self.dict_entries(&mut c)?.into();
        self.dicts[i as usize] = Some(d.clone());
        Ok(d)
    }

    /// `count · (name attr)*`, sorted by name, names unique.
    fn dict_entries(&mut self, c: &mut Cursor<'_>) -> Read<Vec<NamedAttr>> {
        let n = c.count(2)?;
        let mut entries: Vec<NamedAttr> = Vec::with_capacity(n);
        for _ in 0..n {
            let at = c.pos();
            let name = self.string_at(c)?;
            let j = c.u32()?;
            let value = self.attr(j)?;
            if entries.last().is_some_and(|p| p.name >= name) {
                return Err(BytecodeError::at(at, "attribute names not sorted and unique"));
            }
            entries.push(NamedAttr { name, value });
        }
        Ok(entries)
    }

    // ---- operations ---------------------------------------------------------------------------

    fn module(&mut self, units: &[usize], follow_symbols: bool) -> Read<Module> {
        let mut m = Module::new();
        if self.reserve != [0; 4] {
            let [ops, blocks, regions, values] = self.reserve;
            m.reserve(ops, blocks, regions, values);
            self.vals.reserve(values);
        }
        let top = m.top();
        let name = self.string(self.bc.top_name)?;
        m.op_mut(top).name = name;
        if let Some(d) = self.bc.top_dict {
            m.op_mut(top).attrs = self.dict(d)?.to_vec();
        }
        self.aliases(&mut m)?;
        if let Some(r) = &self.bc.source {
            let mut c = self.cursor(r)?;
            let name = c.str()?;
            let text = c.str()?;
            m.source = Some(SourceFile::new(name, text));
        }
        let top_block = m.top_block();
        for &t in &self.bc.top_args {
            let t = self.ty(t)?;
            let v = m.add_block_arg(top_block, t);
            self.top_vals.push(Some(v));
        }
        let bc = self.bc;
        let size_error = |what: &str| {
            let at = bc.unit_sizes.as_ref().map_or(0, |r| r.start);
            BytecodeError::at(at, format!("the unit sizes do not match the units' operations ({what})"))
        };
        if let Some((start, _)) = self.exact {
            // Created here in every part, so that it has the same number in all of them.
            self.placeholder = Some(m.create_detached_value(Type::None));
            if !m.pad_to(start) || m.arena_sizes() != start {
                return Err(size_error("before the first unit"));
            }
        }
        let mut included = vec![false; self.bc.units.len()];
        // Popped from the end: in the file's order (top-level results are numbered so).
        let mut queue: Vec<usize> = units.iter().rev().copied().collect();
        let mut decoded: Vec<(usize, crate::ir::Op)> = Vec::new();
        while let Some(u) = queue.pop() {
            if std::mem::replace(&mut included[u], true) {
                continue;
            }
            let unit = self.bc.units[u].clone();
            let mut c = self.cursor(&unit.body)?;
            self.vals.clear();
            self.scope_of.clear();
            self.open.clear();
            // Region 0 is never open: HIDDEN values are in it.
            self.open.push(false);
            self.scope = 0;
            self.refs.clear();
            let op = self.op(&mut c, &mut m, top_block, &[top_block], true, follow_symbols)?;
            if !c.at_end() {
                return Err(c.error("bytes left at the end of a top-level op"));
            }
            self.patch(&mut m, false)?;
            decoded.push((u, op));
            if self.follow {
                for r in &self.refs {
                    if let Some(j) = self.bc.find_unit(r)
                        && !included[j]
                    {
                        queue.push(j);
                    }
                }
            }
        }
        self.patch(&mut m, true)?;
        if let Some((_, end)) = self.exact
            && m.arena_sizes() != end
        {
            return Err(size_error("after the last unit"));
        }
        // Top-level ops in the file's order.
        if decoded.windows(2).any(|w| w[0].0 > w[1].0) {
            decoded.sort_by_key(|d| d.0);
            for &(_, op) in &decoded {
                m.detach_op(op);
            }
            for &(_, op) in &decoded {
                m.append_op(top_block, op);
            }
        }
        Ok(m)
    }

    fn aliases(&mut self, m: &mut Module) -> Read<()> {
        let mut c = self.cursor(&self.bc.aliases.clone())?;
        let n = c.count(3)?;
        for _ in 0..n {
            let kind = c.u8()?;
            let name = self.string_at(&mut c)?;
            let j = c.u32()?;
            match kind {
                0 => {
                    let a = self.attr(j)?;
                    m.aliases.add_attr(name, a);
                }
                1 => {
                    let t = self.ty(j)?;
                    m.aliases.add_type(name, t);
                }
                k => return Err(c.error(format!("unknown alias kind {k}"))),
            }
        }
        if !c.at_end() {
            return Err(c.error("bytes left at the end of the alias section"));
        }
        Ok(())
    }

    /// Resolve the uses of values defined after them (unit-local, or top-level when `top`).
    fn patch(&mut self, m: &mut Module, top: bool) -> Read<()> {
        let fixups = std::mem::take(if top { &mut self.top_fixups } else { &mut self.fixups });
        for f in fixups {
            let v = if top { self.top_vals.get(f.value).copied().flatten() } else { self.vals.get(f.value).copied() };
            let v = v.ok_or_else(|| BytecodeError::at(f.at, format!("value {} is never defined", f.value)))?;
            let data = m.op_mut(f.op);
            match f.successor {
                None => data.operands[f.index] = v,
                Some(s) => data.successors[s].args[f.index] = v,
            }
        }
        Ok(())
    }

    fn placeholder(&mut self, m: &mut Module) -> Value {
        *self.placeholder.get_or_insert_with(|| m.create_detached_value(Type::None))
    }

    /// A value reference: the value, or a placeholder and a pending fixup.
    fn value_ref(
        &mut self,
        c: &mut Cursor<'_>,
        m: &mut Module,
        count: usize,
        pending: &mut Vec<(bool, usize, usize)>,
        independent: bool,
    ) -> Read<Value> {
        let at = c.pos();
        let r = c.varint()?;
        if r & 1 == 1 {
            if independent {
                return Err(BytecodeError::at(at, "a top-level value used in a file of independent units"));
            }
            let n = usize::try_from(r >> 1).unwrap_or(usize::MAX);
            self.dominance_shown = false;
            if let Some(Some(v)) = self.top_vals.get(n) {
                return Ok(*v);
            }
            pending.push((true, n, at));
            return Ok(self.placeholder(m));
        }
        let z = r >> 1;
        let delta = ((z >> 1) as i64) ^ -((z & 1) as i64);
        let n = i64::try_from(count).unwrap_or(i64::MAX) - 1 - delta;
        let n = usize::try_from(n).map_err(|_| BytecodeError::at(at, "value reference before the first value"))?;
        if let Some(&v) = self.vals.get(n) {
            if !self.open[self.scope_of[n] as usize] {
                self.dominance_shown = false;
            }
            return Ok(v);
        }
        // A use before the definition: dominance needs the region's control flow.
        self.dominance_shown = false;
        pending.push((false, n, at));
        Ok(self.placeholder(m))
    }

    fn op(
        &mut self,
        c: &mut Cursor<'_>,
        m: &mut Module,
        block: Block,
        siblings: &[Block],
        top: bool,
        follow_symbols: bool,
    ) -> Read<crate::ir::Op> {
        let at = c.pos();
        let independent = self.bc.flags & flags::INDEPENDENT_UNITS != 0;
        let name = self.string_at(c)?;
        let mask = c.varint()?;
        if mask & !0x3ff != 0 || mask & 3 == 3 || (mask & (1 << 9) != 0 && self.bc.source.is_none()) {
            return Err(BytecodeError::at(at, format!("bad op header {mask:#x}")));
        }
        let mut st = OperationState::new(name);
        match mask & 3 {
            0 => {}
            1 => {
                let d = c.u32()?;
                st.attrs = self.dict(d)?.to_vec();
            }
            _ => st.attrs = self.dict_entries(c)?,
        }
        if follow_symbols {
            for a in &st.attrs {
                symbol_refs(&a.value, &mut self.refs);
            }
        }
        let nresults = match (mask >> 2) & 3 {
            3 => c.count(1)?,
            n => n as usize,
        };
        for _ in 0..nresults {
            let t = c.u32()?;
            st.result_types.push(self.ty(t)?);
        }
        let count = self.vals.len() + if top { 0 } else { st.result_types.len() };
        let mut pending: Vec<(bool, usize, usize)> = Vec::new();
        let mut operand_fixups = Vec::new();
        let noperands = match (mask >> 4) & 7 {
            7 => c.count(1)?,
            n => n as usize,
        };
        {
            for i in 0..noperands {
                let before = pending.len();
                let v = self.value_ref(c, m, count, &mut pending, independent)?;
                if pending.len() > before {
                    operand_fixups.push((None, i, pending.len() - 1));
                }
                st.operands.push(v);
            }
        }
        if mask & (1 << 7) != 0 {
            let n = c.count(2)?;
            for s in 0..n {
                let bat = c.pos();
                let b = c.varint()?;
                let target = usize::try_from(b)
                    .ok()
                    .and_then(|b| siblings.get(b))
                    .copied()
                    .ok_or_else(|| BytecodeError::at(bat, format!("successor {b} is not a block of the region")))?;
                let k = c.count(1)?;
                let mut args = Vec::with_capacity(k);
                for i in 0..k {
                    let before = pending.len();
                    let v = self.value_ref(c, m, count, &mut pending, independent)?;
                    if pending.len() > before {
                        operand_fixups.push((Some(s), i, pending.len() - 1));
                    }
                    args.push(v);
                }
                st.successors.push(crate::ir::Successor { block: target, args });
            }
        }
        let nregions = if mask & (1 << 8) != 0 { c.count(1)? } else { 0 };
        st.regions = (0..nregions).map(|_| m.create_region()).collect();
        let op = m.insert_op(block, st);
        for (successor, index, p) in operand_fixups {
            let (is_top, value, at) = pending[p];
            let f = Fixup { op, successor, index, value, top: is_top, at };
            if f.top { self.top_fixups.push(f) } else { self.fixups.push(f) }
        }
        let results = self.vals.len()..self.vals.len() + if top { 0 } else { m.op(op).results.len() };
        if top {
            self.top_vals.extend(m.op(op).results.iter().map(|&v| Some(v)));
        } else {
            self.vals.extend_from_slice(&m.op(op).results);
            // Not visible in the op's own regions.
            let hidden = if nregions > 0 { HIDDEN } else { self.scope };
            self.scope_of.extend(results.clone().map(|_| hidden));
        }
        if nregions > 0 && !top && crate::dialect::registry().get(m.op_name(op)).is_some_and(|d| d.traits.isolated) {
            // Values from outside may not be used inside: left to the verifier.
            self.dominance_shown = false;
        }
        let outer = self.scope;
        for ri in 0..nregions {
            let r = m.op(op).regions[ri];
            let nblocks = c.count(1)?;
            if nblocks > 1 {
                self.dominance_shown = false;
            }
            self.scope = self.open.len() as u32;
            self.open.push(true);
            let mut blocks: SmallVec<[Block; 4]> = SmallVec::with_capacity(nblocks);
            for _ in 0..nblocks {
                let nargs = c.count(1)?;
                let b = m.append_block(r, &[]);
                for _ in 0..nargs {
                    let t = c.u32()?;
                    let t = self.ty(t)?;
                    let v = m.add_block_arg(b, t);
                    self.vals.push(v);
                    self.scope_of.push(self.scope);
                }
                if self.bc.source.is_some() {
                    let start = c.varint()?;
                    if start > 0 {
                        let len = c.varint()?;
                        m.set_block_span(b, span(start - 1, len));
                    }
                }
                blocks.push(b);
            }
            // Nested ops recurse: deep nesting grows the stack on demand.
            stacker::maybe_grow(64 * 1024, 1024 * 1024, || -> Read<()> {
                for &b in &blocks {
                    let nops = c.count(MIN_OP_BYTES)?;
                    m.reserve_ops(b, nops);
                    for _ in 0..nops {
                        self.op(c, m, b, &blocks, false, follow_symbols)?;
                    }
                }
                Ok(())
            })?;
            self.open[self.scope as usize] = false;
            self.scope = outer;
        }
        if nregions > 0 {
            self.scope_of[results].fill(outer);
        }
        if mask & (1 << 9) != 0 {
            let start = c.varint()?;
            let len = c.varint()?;
            m.set_op_span(op, span(start, len));
        }
        Ok(op)
    }

    fn arg_specs(&mut self, only: Option<&FxHashSet<String>>) -> Read<Vec<(String, ArgSpec)>> {
        let mut c = self.cursor(&self.bc.args.clone())?;
        let n = c.count(2)?;
        let mut out = Vec::new();
        for _ in 0..n {
            let name = self.string_at(&mut c)?;
            let spec = self.arg_spec(&mut c)?;
            if only.is_none_or(|s| s.contains(&*name)) {
                out.push((name.to_string(), spec));
            }
        }
        if !c.at_end() {
            return Err(c.error("bytes left at the end of the calling conventions"));
        }
        Ok(out)
    }

    fn arg_spec(&mut self, c: &mut Cursor<'_>) -> Read<ArgSpec> {
        let n = c.count(2)?;
        let mut params = Vec::with_capacity(n);
        for _ in 0..n {
            params.push(match c.u8()? {
                0 => {
                    let name = self.string_at(c)?.to_string();
                    let dtype = dtype(c)?;
                    let rank = c.count(2)?;
                    let mut shape = Vec::with_capacity(rank);
                    for _ in 0..rank {
                        shape.push(self.dim(c)?);
                    }
                    let strides = match c.u8()? {
                        0 => None,
                        1 => {
                            let k = c.count(2)?;
                            let mut s = Vec::with_capacity(k);
                            for _ in 0..k {
                                s.push(self.dim(c)?);
                            }
                            Some(s)
                        }
                        k => return Err(c.error(format!("bad strides flag {k}"))),
                    };
                    let elem_offset = self.dim(c)?;
                    ParamSpec::Buffer(BufferSpec { name, dtype, shape, strides, elem_offset })
                }
                1 => {
                    let name = self.string_at(c)?.to_string();
                    let var = self.string_at(c)?;
                    ParamSpec::Scalar { name, var, dtype: dtype(c)? }
                }
                k => return Err(c.error(format!("unknown parameter kind {k}"))),
            });
        }
        Ok(ArgSpec { params })
    }

    fn dim(&mut self, c: &mut Cursor<'_>) -> Read<DimSpec> {
        Ok(match c.u8()? {
            0 => DimSpec::Const(c.i64()?),
            1 => DimSpec::Var(self.string_at(c)?),
            2 => DimSpec::Expr(self.string_at(c)?.to_string()),
            k => return Err(c.error(format!("unknown dimension kind {k}"))),
        })
    }
}

fn dtype(c: &mut Cursor<'_>) -> Read<DLDataType> {
    let code = c.u8()?;
    let bits = c.u8()?;
    let at = c.pos();
    let lanes = u16::try_from(c.varint()?).map_err(|_| BytecodeError::at(at, "lanes do not fit 16 bits"))?;
    Ok(DLDataType { code, bits, lanes })
}

fn span(start: u64, len: u64) -> Span {
    let start = usize::try_from(start).unwrap_or(usize::MAX);
    Span::new(start, start.saturating_add(usize::try_from(len).unwrap_or(usize::MAX)))
}

/// The type of an elements attribute: a vector, or a ranked tensor (with a static shape when
/// it holds values), as the text parser requires.
fn elements_type(ty: &Type, need_static: bool) -> Result<(), String> {
    match ty {
        Type::Vector(_) => Ok(()),
        Type::Tensor(t) if !need_static || t.shape.as_ref().is_some_and(|s| s.iter().all(|&d| d >= 0)) => Ok(()),
        _ => Err(format!("'{ty}' is not a type elements can have")),
    }
}

/// The symbols an attribute refers to.
fn symbol_refs(a: &Attribute, out: &mut Vec<Arc<str>>) {
    match a {
        Attribute::SymbolRef(s) => out.push(s.clone()),
        Attribute::Array(items) => items.iter().for_each(|x| symbol_refs(x, out)),
        Attribute::Dictionary(d) => d.entries().iter().for_each(|e| symbol_refs(&e.value, out)),
        _ => {}
    }
}
