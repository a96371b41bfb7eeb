//! Dialects: the registered operations. Each dialect file holds, per op, its definition (an
//! [`OpDef`] in the dialect's static table), its custom syntax, its verification, and its
//! folding. The [`Registry`] gathers the tables and is what the syntax layer and the verifier
//! consult.
//!
//! | dialect | file | ops |
//! |---|---|---|
//! | builtin | `builtin.rs` | `module`, `func` |
//! | std | `standard/` | control flow, memory, arithmetic, casts, math |
//! | affine | `affine.rs` | `affine.for`, `affine.if`, `affine.apply`, `affine.load`, `affine.store`, `affine.terminator` |
//! | vector | `vector/` | `vector_transfer_read`, `vector_transfer_write`, `vector.broadcast`, `vector.shuffle`, `vector.insertelement`, `vector.load`, `vector.store` |

pub mod affine;
pub mod builtin;
mod common;
pub mod standard;
pub mod vector;

use rustc_hash::FxHashMap as HashMap;
use std::sync::OnceLock;

pub(crate) use common::{FoldResult, VerifyCx};

use crate::codegen::{CodegenRole, LowerFn, Lowerings};
use crate::interp::{Hooks, InterpFn};
use crate::ir::{Attribute, Module, Op};
use crate::syntax::{Dialects, ParseFn, PrintFn};

/// Verification of one op's own rules; diagnostics go into the context.
pub(crate) type VerifyFn = fn(&mut VerifyCx<'_>, Op);

/// Folding: given the op and the constant value of each operand (if known), the op's results
/// as constants or existing values, or `None` when it does not fold.
pub(crate) type FoldFn = fn(&Module, Op, &[Option<Attribute>]) -> Option<Vec<FoldResult>>;

/// Properties of an op that generic code relies on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traits {
    /// Must end its block; may have successors.
    pub terminator: bool,
    /// Has no side effects: removable when its results are unused.
    pub pure: bool,
    /// Its regions see no values defined outside (functions, modules).
    pub isolated: bool,
    /// A terminator the parent's custom form leaves implicit.
    pub implicit_terminator: bool,
    /// Its region blocks need no terminator (a module body).
    pub no_terminator: bool,
    /// Defines a symbol (`sym_name`) in the module.
    pub symbol: bool,
    /// What generic code generation needs to know of it.
    pub(crate) codegen: CodegenRole,
}

impl Traits {
    /// No special property.
    pub const NONE: Traits = Traits {
        terminator: false,
        pure: false,
        isolated: false,
        implicit_terminator: false,
        no_terminator: false,
        symbol: false,
        codegen: CodegenRole::Other,
    };
    /// Side-effect free.
    pub const PURE: Traits = Traits { pure: true, ..Traits::NONE };
    /// A terminator.
    pub const TERMINATOR: Traits = Traits { terminator: true, ..Traits::NONE };
}

/// One registered operation.
#[derive(Clone, Copy)]
pub struct OpDef {
    /// Full name, `std.addi`.
    pub name: &'static str,
    /// The keyword of the custom form (`addi`); empty when the op has none.
    pub keyword: &'static str,
    /// Parser of the custom form.
    pub(crate) parse: Option<ParseFn>,
    /// Printer of the custom form.
    pub(crate) print: Option<PrintFn>,
    /// The op's own verification rules.
    pub(crate) verify: VerifyFn,
    /// Constant folding.
    pub(crate) fold: Option<FoldFn>,
    /// Code generation (`None`: the op cannot be compiled).
    pub(crate) lower: Option<LowerFn>,
    /// What the reference interpreter does (`None`: it cannot run the op).
    pub(crate) interp: Option<InterpFn>,
    /// Properties.
    pub traits: Traits,
    /// One line: what the op does (shown by tools).
    pub summary: &'static str,
}

impl OpDef {
    /// Whether the op can be compiled (it has a lowering to Cranelift).
    pub fn compiles(&self) -> bool {
        self.lower.is_some()
    }

    /// Whether the reference interpreter runs the op.
    pub fn interprets(&self) -> bool {
        self.interp.is_some()
    }

    /// Whether the op folds constants.
    pub fn folds(&self) -> bool {
        self.fold.is_some()
    }

    /// Whether `op` is this operation: the typed way to ask what an op is, so that no code
    /// outside a dialect spells an op's name.
    ///
    /// ```
    /// use strata::dialect::standard::ADDI;
    /// let m = strata::parse("func @f(%a: i32) -> i32 {\n  %b = addi %a, %a : i32\n  return %b : i32\n}")?;
    /// let mut adds = 0;
    /// m.walk(m.top(), |op| adds += usize::from(ADDI.is(&m, op)));
    /// assert_eq!(adds, 1);
    /// # Ok::<(), strata::Error>(())
    /// ```
    pub fn is(&self, m: &Module, op: Op) -> bool {
        m.op_name(op) == self.name
    }

    /// A builder record for a new op of this kind.
    pub fn state(&'static self) -> crate::ir::OperationState {
        crate::ir::OperationState::new(crate::ir::static_name(self.name))
    }
}

/// All registered dialects, indexed by op name, custom keyword and generic alias.
pub struct Registry {
    by_name: HashMap<&'static str, &'static OpDef>,
    by_keyword: HashMap<&'static str, ParseFn>,
    aliases: HashMap<&'static str, &'static str>,
}

impl Registry {
    /// The definition of a registered op.
    pub fn get(&self, name: &str) -> Option<&'static OpDef> {
        self.by_name.get(name).copied()
    }

    /// Every registered op.
    pub fn ops(&self) -> impl Iterator<Item = &'static OpDef> + '_ {
        self.by_name.values().copied()
    }
}

/// The registry of every dialect Strata implements.
pub fn registry() -> &'static Registry {
    static REGISTRY: OnceLock<Registry> = OnceLock::new();
    REGISTRY.get_or_init(|| {
        let mut r =
            Registry { by_name: HashMap::default(), by_keyword: HashMap::default(), aliases: HashMap::default() };
        for table in [builtin::OPS, affine::OPS]
            .into_iter()
            .chain(standard::TABLES.iter().copied())
            .chain(vector::TABLES.iter().copied())
        {
            for &def in table {
                r.by_name.insert(def.name, def);
                if let (false, Some(p)) = (def.keyword.is_empty(), def.parse) {
                    r.by_keyword.insert(def.keyword, p);
                    // The full name works as the keyword too (`std.addi %a, %b : i32`).
                    r.by_keyword.insert(def.name, p);
                }
                // The generic form of the earliest references names std ops without a prefix
                // (`"dim"`, `"addf"`); the keyword resolves to the registered op.
                if !def.keyword.is_empty() && def.keyword != def.name {
                    r.aliases.insert(def.keyword, def.name);
                }
            }
        }
        for (kw, parse) in affine::LEGACY_KEYWORDS.iter().chain(standard::LEGACY_KEYWORDS) {
            r.by_keyword.insert(kw, *parse);
        }
        for (old, new) in standard::LEGACY_NAMES.iter().chain(affine::LEGACY_NAMES) {
            r.aliases.insert(old, new);
        }
        r
    })
}

impl Lowerings for Registry {
    fn lowering_for(&self, op_name: &str) -> Option<LowerFn> {
        self.get(op_name).and_then(|d| d.lower)
    }

    fn role(&self, op_name: &str) -> CodegenRole {
        self.get(op_name).map_or(CodegenRole::Other, |d| d.traits.codegen)
    }

    fn is_registered(&self, op_name: &str) -> bool {
        self.get(op_name).is_some()
    }
}

impl Hooks for Registry {
    fn interp_for(&self, op_name: &str) -> Option<InterpFn> {
        self.get(op_name).and_then(|d| d.interp)
    }
}

impl Dialects for Registry {
    fn parser_for(&self, keyword: &str) -> Option<ParseFn> {
        self.by_keyword.get(keyword).copied()
    }

    fn earlier_spelling(&self, keyword: &str) -> Option<&'static str> {
        // Names from MLIR after 2019 (std split into func/arith/memref/cf, signedness suffixes).
        let old = match keyword {
            // `func` is read by the parser itself, not through the registry.
            "func.func" => return Some("func"),
            "func.return" => "return",
            "func.call" => "call",
            "cf.br" => "br",
            "cf.cond_br" => "cond_br",
            "arith.constant" => "constant",
            "arith.divsi" | "divi_signed" => "divis",
            "arith.divui" | "divi_unsigned" => "diviu",
            "arith.remsi" | "remi_signed" => "remis",
            "arith.remui" | "remi_unsigned" => "remiu",
            "arith.shrsi" | "shift_right_signed" => "shris",
            "arith.shrui" | "shift_right_unsigned" => "shriu",
            "arith.shli" | "shift_left" => "shlis",
            "arith.andi" => "and",
            "arith.ori" => "or",
            "arith.xori" => "xor",
            "arith.extsi" => "sexti",
            "arith.extui" => "zexti",
            "arith.extf" => "fpext",
            "arith.truncf" => "fptrunc",
            "func.call_indirect" => "call_indirect",
            "func.constant" => "constant",
            "tensor.extract" => "extract_element",
            "memref.view" => "view",
            "memref.dma_start" => "dma_start",
            "memref.dma_wait" => "dma_wait",
            "memref.load" => "load",
            "memref.store" => "store",
            "memref.alloc" => "alloc",
            "memref.alloca" => "alloca",
            "memref.dealloc" => "dealloc",
            "memref.dim" => "dim",
            "memref.cast" => "memref_cast",
            k => {
                // arith.addi, arith.cmpf, math.sqrt, ...: the same keyword without the dialect.
                let rest = k.strip_prefix("arith.").or_else(|| k.strip_prefix("math."))?;
                return self.by_keyword.get_key_value(rest).map(|(name, _)| *name);
            }
        };
        // Only a keyword Strata has (the spec may lack the op altogether).
        self.by_keyword.contains_key(old).then_some(old)
    }

    fn printer_for(&self, op_name: &str) -> Option<PrintFn> {
        self.get(op_name).and_then(|d| d.print)
    }

    fn canonical_name(&self, name: &str) -> Option<&'static str> {
        self.aliases.get(name).copied()
    }

    fn is_isolated(&self, op_name: &str) -> bool {
        self.get(op_name).is_some_and(|d| d.traits.isolated)
    }

    fn is_implicit_terminator(&self, op_name: &str) -> bool {
        self.get(op_name).is_some_and(|d| d.traits.implicit_terminator)
    }

    fn is_terminator(&self, op_name: &str) -> Option<bool> {
        self.get(op_name).map(|d| d.traits.terminator)
    }

    fn is_registered_dialect(&self, namespace: &str) -> bool {
        matches!(namespace, "std" | "affine" | "vector")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Code outside the dialects names ops only through their definitions (`standard::ADDI`),
    /// never by a string: a misspelled string (`"std.shli"` for `std.shlis`) silently matches
    /// nothing, a misspelled handle does not compile.
    #[test]
    fn no_op_is_named_by_a_string_outside_its_dialect() {
        let src = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
        let mut stack = vec![src.clone()];
        let mut found = Vec::new();
        let prefixes: Vec<String> = ["std", "affine", "vector"].iter().map(|d| format!("\"{d}.")).collect();
        while let Some(dir) = stack.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    if path != src.join("dialect") {
                        stack.push(path);
                    }
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for (i, line) in text.lines().enumerate() {
                    let code = line.trim_start();
                    if code.starts_with("//") {
                        continue;
                    }
                    if prefixes.iter().any(|p| code.contains(p.as_str())) {
                        found.push(format!("{}:{}: {}", path.display(), i + 1, code));
                    }
                }
            }
        }
        assert!(found.is_empty(), "op names spelled outside src/dialect:\n{}", found.join("\n"));
    }

    #[test]
    fn every_op_is_registered_once_under_its_own_name() {
        let r = registry();
        let tables: Vec<&[&OpDef]> = [builtin::OPS, affine::OPS]
            .into_iter()
            .chain(standard::TABLES.iter().copied())
            .chain(vector::TABLES.iter().copied())
            .collect();
        let mut names: Vec<&str> = tables.iter().flat_map(|t| t.iter().map(|d| d.name)).collect();
        let n = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), n, "an op name is defined twice");
        for name in names {
            assert_eq!(r.get(name).map(|d| d.name), Some(name));
        }
    }
}
