//! Text helpers shared by everything that prints IR: string literals, identifiers, floats,
//! and the alias tables (`#map0 = ..`, `!t = type ..`) that the printer substitutes.

use std::collections::HashMap;
use std::fmt::Write;
use std::sync::Arc;

use super::affine::{AffineMap, IntegerSet};
use super::attributes::Attribute;
use super::types::Type;

/// Named definitions at the top of a module: `#name = attribute` and `!name = type T`.
///
/// The printer prints the definitions first, in their original order (a later one may refer to
/// an earlier one), and then refers to an equal map, set or type by its name, so a module
/// printed and parsed again keeps its names.
#[derive(Clone, Debug, Default)]
pub struct Aliases {
    /// The definitions in order.
    pub defs: Vec<AliasDef>,
    map_index: HashMap<AffineMap, usize>,
    set_index: HashMap<IntegerSet, usize>,
    type_index: HashMap<Type, usize>,
}

/// One alias definition.
#[derive(Clone, Debug)]
pub enum AliasDef {
    /// `#name = value`.
    Attr(Arc<str>, Attribute),
    /// `!name = type T`.
    Type(Arc<str>, Type),
}

impl AliasDef {
    /// The name without its sigil.
    pub fn name(&self) -> &str {
        match self {
            AliasDef::Attr(n, _) | AliasDef::Type(n, _) => n,
        }
    }
}

impl Aliases {
    /// Record `#name = value`; the first name given to a value is the one printed.
    pub fn add_attr(&mut self, name: Arc<str>, value: Attribute) {
        let i = self.defs.len();
        match &value {
            Attribute::AffineMap(m) => {
                self.map_index.entry(m.clone()).or_insert(i);
            }
            Attribute::IntegerSet(s) => {
                self.set_index.entry(s.clone()).or_insert(i);
            }
            _ => {}
        }
        self.defs.push(AliasDef::Attr(name, value));
    }

    /// Record `!name = type T`.
    pub fn add_type(&mut self, name: Arc<str>, ty: Type) {
        let i = self.defs.len();
        self.type_index.entry(ty.clone()).or_insert(i);
        self.defs.push(AliasDef::Type(name, ty));
    }

    /// Whether no alias is defined.
    pub fn is_empty(&self) -> bool {
        self.defs.is_empty()
    }

    /// The alias name of an affine map, if one was defined for an equal map.
    pub fn map_alias(&self, m: &AffineMap) -> Option<&str> {
        if self.map_index.is_empty() {
            return None;
        }
        self.map_index.get(m).map(|&i| self.defs[i].name())
    }

    /// The alias name of an integer set.
    pub fn set_alias(&self, s: &IntegerSet) -> Option<&str> {
        if self.set_index.is_empty() {
            return None;
        }
        self.set_index.get(s).map(|&i| self.defs[i].name())
    }

    /// The alias name of a type.
    pub fn type_alias(&self, t: &Type) -> Option<&str> {
        if self.type_index.is_empty() {
            return None;
        }
        self.type_index.get(t).map(|&i| self.defs[i].name())
    }

    /// Look up `#name`.
    pub fn attr(&self, name: &str) -> Option<&Attribute> {
        self.defs.iter().rev().find_map(|d| match d {
            AliasDef::Attr(n, a) if &**n == name => Some(a),
            _ => None,
        })
    }

    /// Look up `!name`.
    pub fn ty(&self, name: &str) -> Option<&Type> {
        self.defs.iter().rev().find_map(|d| match d {
            AliasDef::Type(n, t) if &**n == name => Some(t),
            _ => None,
        })
    }
}

/// Append `s` as a string literal with escapes (`\"`, `\\`, `\n`, `\t`, `\XX` for other
/// control bytes).
pub fn write_string_literal(out: &mut String, s: &str) {
    write_quoted(out, s, true);
}

/// Append `s` in double quotes with `\"`, `\\`, `\n` and `\t` escaped; other control bytes as
/// MLIR's `\XX` when `hex_controls`, else as they are (TVMScript, whose reader takes them raw).
pub fn write_quoted(out: &mut String, s: &str, hex_controls: bool) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            c if hex_controls && ((c as u32) < 0x20 || c as u32 == 0x7f) => {
                let _ = write!(out, "\\{:02X}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

/// Whether `s` is a `bare-id`: `(letter|_) (letter|digit|[_$.])*`.
pub fn is_bare_id(s: &str) -> bool {
    let mut bytes = s.bytes();
    match bytes.next() {
        Some(b) if b.is_ascii_alphabetic() || b == b'_' => {}
        _ => return false,
    }
    bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$' || b == b'.')
}

/// Append `@name`, quoting the name when it is not a bare identifier.
pub fn write_symbol_ref(out: &mut String, name: &str) {
    out.push('@');
    if is_bare_id(name) {
        out.push_str(name);
    } else {
        write_string_literal(out, name);
    }
}

/// Append a finite float in the shortest form that reads back to the same value, always with a
/// `.` so that it lexes as a float (`1.0`, `-2.5e-7`, `1.0e300`).
pub fn write_float(out: &mut String, v: f64, single: bool) {
    let start = out.len();
    if single {
        let _ = write!(out, "{:?}", v as f32);
    } else {
        let _ = write!(out, "{v:?}");
    }
    let text = &out[start..];
    if !text.contains('.') {
        match text.find('e') {
            Some(e) => out.insert_str(start + e, ".0"),
            None => out.push_str(".0"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn floats_always_have_a_point() {
        let mut s = String::new();
        write_float(&mut s, 1e300, false);
        assert_eq!(s, "1.0e300");
        s.clear();
        write_float(&mut s, 42.0, false);
        assert_eq!(s, "42.0");
        s.clear();
        write_float(&mut s, 0.1, true);
        assert_eq!(s, "0.1");
    }

    #[test]
    fn escapes_strings() {
        let mut s = String::new();
        write_string_literal(&mut s, "a\"b\\c\n\u{1}");
        assert_eq!(s, r#""a\"b\\c\n\01""#);
    }
}
