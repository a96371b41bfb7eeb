//! The compact serialized form of the core IR (mlir-langref-late.md: "a compact serialized
//! form suitable for storage and transport"): Strata bytecode, `.stbc` files.
//!
//! A module written with [`write()`] reads back ([`Bytecode::decode`]) as a module that prints
//! exactly as the original does; a file is mapped ([`Bytecode::map`]) and only the parts asked
//! for are decoded, so calling one function of a large module decodes that function and what it
//! refers to ([`Bytecode::decode_functions`]). The calling conventions of functions lowered
//! from TIR travel with the module. The crate root wraps this: [`crate::write_bytecode`],
//! [`crate::load_bytecode`], and [`crate::load_file`] accepts bytecode wherever it accepts text.
//!
//! ```
//! let v = strata::parse("func @add(%a: i32, %b: i32) -> i32 {\n  %c = addi %a, %b : i32\n  return %c : i32\n}")?;
//! let bytes = strata::bytecode::write(&v, strata::bytecode::WriteOptions::default())?;
//! let back = strata::bytecode::Bytecode::from_bytes(bytes)?.decode()?;
//! assert_eq!(strata::print(&back.module), strata::print(&v));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The format, version 1.1
//!
//! Integers are unsigned LEB128 varints (`varint`, at most 10 bytes) unless said otherwise;
//! `zigzag` is a signed integer mapped to unsigned (`(n << 1) ^ (n >> 63)`, 128 bits where
//! noted) then written as a varint; `u8` is one byte; `u32le` four bytes little-endian;
//! `string` is a varint byte length and that many UTF-8 bytes. An index `+1` uses 0 for "none".
//!
//! ```text
//! file    := magic "ST\xEFB" · major: varint · minor: varint · flags: varint · producer: string
//!            · section*
//! flags   := 1 LOCATIONS (a SOURCE section and op spans are present)
//!          | 2 INDEPENDENT_UNITS (no op refers to a result of a top-level op: units decode alone)
//! section := id: u8 · length: varint · payload[length]
//! ```
//!
//! Sections appear in increasing id order, each at most once; all but SOURCE are required. Ids
//! 1–31 are this version's ([`section`]); a reader rejects an unknown id below 32 and skips ids
//! from 32 on (room for minor versions), which may appear between the others, each at most
//! once (this version writes UNIT_SIZES just before OPS, so that OPS ends the file). A reader
//! rejects a major version other than its own.
//!
//! A *table* (STRINGS, AFFINE, TYPES, ATTRS, DICTS) is `count: varint · width: u8 (1–4) ·
//! offsets: count × width bytes, little-endian · entries`, each offset relative to the first
//! entry, so entry `i` is read without reading the others. An entry refers to entries of its
//! own table only by smaller index (no cycles), and tables refer only to tables after them in
//! this list: DICTS → ATTRS → TYPES → AFFINE → STRINGS, DATA. Types, attributes and locations
//! nest at most 1,000 levels deep (the text parser's limit).
//!
//! - **1 STRINGS** — entries: `string`. Op, attribute and symbol names, string values.
//! - **2 DATA** — `pad: u8 · pad zero bytes · bytes`: raw element data, starting 16-aligned in
//!   the file; each blob starts at an offset (from the start of the bytes) that is a multiple of
//!   16, so a mapped file's elements are aligned for any element type. A decoded dense
//!   attribute of at least [`BORROW_MIN_BYTES`] bytes keeps pointing here
//!   ([`crate::ir::DenseValues::Raw`], no copy; integers are normalized to their width when
//!   read, so no byte pattern is invalid), and shares the file's bytes. Integers are stored
//!   little-endian in 1, 2, 4, 8 or 16 bytes (the smallest that holds the element type's width,
//!   sign-extended), floats as their bit patterns in 2, 4 or 8 bytes, sparse indices as 8 bytes.
//! - **3 AFFINE** — entries: `0 · dims · symbols · count · expr* · sizes` (a map; `sizes` is `0`,
//!   or `1` and per result `count · expr*`) or `1 · dims · symbols · count · (is_eq: u8 · expr)*`
//!   (an integer set). `expr := 0 zigzag (constant) | 1 varint (dN) | 2 varint (sN) | 3 count ·
//!   expr* (sum) | 4 expr expr (product) | 5 expr expr (mod) | 6 expr expr (floordiv) | 7 expr
//!   expr (ceildiv)`; at most [`MAX_AFFINE_NODES`] nodes and 1,000 levels per expression.
//! - **4 TYPES** — entries, by first byte: `0 width` iN, `1` index, `2` f16, `3` bf16, `4` f32,
//!   `5` f64, `6` none, `7 count type* count type*` function, `8 rank varint* type` vector,
//!   `9 (0 | 1 rank zigzag*) type` tensor (unranked or ranked, -1 for `?`), `10 rank zigzag*
//!   type count affine* space` memref (`space := 0 | 1 varint | 2 string`), `11 type` complex,
//!   `12 count type*` tuple, `13 string string` dialect type. `type`, `affine` and `string` are
//!   indices into their tables.
//! - **5 ATTRS** — entries, by first byte: `0` unit, `1`/`2` false/true, `3 type zigzag128`
//!   integer (sign-extended from its width), `4 type varint` float bits, `5 string type+1`
//!   string, `6 type`, `7 affine` map, `8 affine` set, `9 string` symbol ref, `10 count attr*`
//!   array, `11 count (string attr)*` dictionary (sorted, unique), `12 type is_float: u8 count
//!   size: u8 offset` dense elements (count is 1 for a splat; `size` bytes each at DATA
//!   `offset`), `13 type count offset is_float count size offset` sparse elements (indices,
//!   then values), `14 type string string` opaque elements, `15 string string type+1` dialect
//!   attribute, `16 loc` location (`loc := 0 unknown | 1 string line col | 2 string (0 | 1 loc)
//!   | 3 loc loc (callsite) | 4 attr+1 count loc* (fused)`).
//! - **6 DICTS** — entries: `count · (string attr)*`, an op's attributes, sorted by name.
//! - **7 ALIASES** — `count · (kind: u8 · string · attr-or-type)*`: the `#name = ...` (kind 0)
//!   and `!name = type ...` (kind 1) definitions, in order.
//! - **8 SOURCE** (with LOCATIONS) — `name: string · text: string`: the source the spans index.
//! - **9 ARGS** — `count · (function: string · params)*`: the calling convention of each
//!   function lowered from TIR. `params := count · param*`, `param := 0 name dtype rank dim*
//!   (0 | 1 count dim*) dim` (a buffer: shape, strides, element offset) `| 1 name var dtype` (a
//!   scalar); `dtype := code: u8 · bits: u8 · lanes: varint`; `dim := 0 zigzag | 1 string
//!   (variable) | 2 string (expression)`.
//! - **10 OPS** — `name: string · dict+1 · ops · blocks · regions · values · count · type* ·
//!   count · (symbol: string+1 · length)* · named: count · width: u8 · named × width bytes ·
//!   bodies`: the top op (its name and attributes; it has one region of one block, whose
//!   argument types follow the module's total numbers of ops, blocks, regions and values — a
//!   hint for reserving), then an index of the ops of that block ("units": their `sym_name` and
//!   the length of their bytes; the bodies follow one another), then the units that have a
//!   symbol, by number, sorted by symbol name (for binary search), then each unit's `op`.
//!
//! - **32 UNIT_SIZES** (optional, since 1.1) — `count · (ops · blocks · regions · values)*`:
//!   per unit, in order, how many of each a reader creates decoding it (the unit's op and
//!   everything it nests; a region's blocks' arguments and ops' results are its values). A
//!   reader decoding units on several threads numbers each run of units from the sums of the
//!   runs before it, so joining them is a move, not a renumbering; it checks the numbers it
//!   reaches. Readers of 1.0 skip the section; files without it decode as before.
//!
//! ```text
//! op      := name: string · header: varint · [attributes] · [count] · type* · [count] · ref*
//!            · [count · (block: varint · count · ref*)*] · [count · region*] · [start · length]
//! header  := bits 0-1: attributes (0 none, 1 `dict` index, 2 inline `count · (string attr)*`)
//!            bits 2-3: results (0-2, 3: a count follows) · bits 4-6: operands (0-6, 7: a
//!            count follows) · bit 7 successors · bit 8 regions · bit 9 span (LOCATIONS only)
//! region  := count · (count · type* · [0 | start+1 · length])* · (count · op*)*
//!            (every block's arguments, with a span when LOCATIONS, then every block's ops)
//! ref     := varint r: r & 1 == 1: top-level value r >> 1 (the top block's arguments, then
//!            the results of its ops in order); r & 1 == 0: unit-local value number
//!            c - 1 - unzigzag(r >> 1)
//! ```
//!
//! Values of a unit are numbered as a reader creates them: entering a region, the arguments of
//! all its blocks; then its ops in order, each op's results before its regions. `c` is the
//! number of values created before the operands are read, counting the op's own results. A
//! reference may name a value defined later (a branch back to a dominating block). Successors
//! are blocks of the region holding the op, by position.

mod cursor;
mod reader;
mod writer;

pub use reader::{BORROW_MIN_BYTES, Bytecode, Decoded, is_bytecode};
pub use writer::{WriteOptions, write_module};

/// The first four bytes of every file (`0xEF` is not UTF-8 on its own: no text file starts so).
pub const MAGIC: [u8; 4] = [b'S', b'T', 0xEF, b'B'];
/// The format's major version: a reader reads only its own.
pub const VERSION_MAJOR: u64 = 1;
/// The format's minor version: additions a reader of the same major version may skip.
pub const VERSION_MINOR: u64 = 1;
/// The most nodes an affine expression may have.
pub const MAX_AFFINE_NODES: usize = 4096;

/// Header flags.
pub mod flags {
    /// The SOURCE section and op spans are present.
    pub const LOCATIONS: u64 = 1;
    /// No op refers to a result of a top-level op, so each unit decodes alone.
    pub const INDEPENDENT_UNITS: u64 = 2;
    /// Every flag this version knows.
    pub const ALL: u64 = LOCATIONS | INDEPENDENT_UNITS;
}

/// Section ids.
pub mod section {
    /// Strings.
    pub const STRINGS: u8 = 1;
    /// Raw element data.
    pub const DATA: u8 = 2;
    /// Affine maps and integer sets.
    pub const AFFINE: u8 = 3;
    /// Types.
    pub const TYPES: u8 = 4;
    /// Attributes.
    pub const ATTRS: u8 = 5;
    /// Attribute lists of ops.
    pub const DICTS: u8 = 6;
    /// Alias definitions.
    pub const ALIASES: u8 = 7;
    /// Source text (with locations).
    pub const SOURCE: u8 = 8;
    /// Calling conventions of TIR functions.
    pub const ARGS: u8 = 9;
    /// The operations.
    pub const OPS: u8 = 10;
    /// One past the largest id of this version.
    pub(crate) const COUNT: usize = 11;
    /// Ids from here on are optional extensions, skipped by readers that do not know them.
    pub const FIRST_OPTIONAL: u8 = 32;
    /// The ops, blocks, regions and values of each unit (version 1.1; optional).
    pub const UNIT_SIZES: u8 = 32;
}

/// Malformed bytecode: what is wrong and at which byte of the file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("byte {offset}: {message}")]
pub struct BytecodeError {
    /// The offset from the start of the file.
    pub offset: usize,
    /// What is wrong.
    pub message: String,
}

impl BytecodeError {
    pub(crate) fn at(offset: usize, message: impl Into<String>) -> BytecodeError {
        BytecodeError { offset, message: message.into() }
    }
}

/// Encode a verified module with its TIR calling conventions.
///
/// # Errors
/// What the format cannot hold (see [`write_module`]).
pub fn write(v: &crate::Verified, options: WriteOptions) -> Result<Vec<u8>, BytecodeError> {
    write_module(v.module(), v.arg_specs().map(|(n, a)| (n, &**a)), options)
}

/// Verify a decoded module; its stored calling conventions must fit the functions' signatures
/// and are not trusted (the engine also checks arguments against the function types).
///
/// # Errors
/// [`crate::Error::Verify`]: a broken rule, or a calling convention that does not fit.
pub fn verify_decoded(d: Decoded) -> crate::Result<crate::Verified> {
    crate::Verified::loaded(d.module, d.args, d.dominance_shown).map_err(crate::Error::Verify)
}
