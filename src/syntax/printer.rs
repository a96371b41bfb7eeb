//! The printer: canonical text of a module. Custom forms where a dialect registers one (and
//! the op is well-formed enough for it), the generic form otherwise or when asked; SSA values
//! renumbered (`%argN` for region entry arguments, `%N` for the rest) per isolated op; blocks
//! `^bbN` per region; alias definitions first.
//!
//! Invariant: for every module the parser accepts, parsing the printed text and printing again
//! gives the same text (a fixed point).

use cranelift_entity::SecondaryMap;

use super::Dialects;
use super::builtin::FUNC_RESERVED_ATTRS;
use crate::ir::{
    AffineMap, AliasDef, Attribute, Block, IntegerSet, Module, Op, Region, Successor, Type, Value, write_attr_name,
    write_dictionary, write_string_literal, write_symbol_ref,
};

/// Printing options.
#[derive(Clone, Copy, Debug, Default)]
pub struct PrintOptions {
    /// Print every op in the generic form.
    pub generic: bool,
}

#[derive(Clone, Copy, Default)]
struct ValueName {
    /// 0: unnamed, 1: `%N`, 2: `%argN`, 3: `%N#k`.
    kind: u8,
    number: u32,
    index: u32,
}

/// The printer; custom forms receive `&mut Printer` and use its `pub` methods.
pub struct Printer<'m> {
    m: &'m Module,
    out: String,
    dialects: &'m dyn Dialects,
    options: PrintOptions,
    value_names: SecondaryMap<Value, ValueName>,
    block_names: SecondaryMap<Block, Option<u32>>,
    indent: usize,
}

/// Print a whole module.
pub fn print_module(m: &Module, dialects: &dyn Dialects, options: PrintOptions) -> String {
    let mut p = Printer {
        m,
        out: String::with_capacity(4096),
        dialects,
        options,
        value_names: SecondaryMap::new(),
        block_names: SecondaryMap::new(),
        indent: 0,
    };
    p.print_top();
    p.out
}

impl<'m> Printer<'m> {
    fn print_top(&mut self) {
        let m = self.m;
        for def in &m.aliases.defs {
            match def {
                AliasDef::Attr(name, value) => {
                    self.out.push('#');
                    self.out.push_str(name);
                    self.out.push_str(" = ");
                    match value {
                        Attribute::AffineMap(map) => map.write(&mut self.out),
                        Attribute::IntegerSet(set) => set.write(&mut self.out),
                        other => other.write(&mut self.out, Some(&m.aliases), false),
                    }
                }
                AliasDef::Type(name, ty) => {
                    self.out.push('!');
                    self.out.push_str(name);
                    self.out.push_str(" = type ");
                    ty.write_expanded(&mut self.out, Some(&m.aliases));
                }
            }
            self.out.push('\n');
        }
        if !m.aliases.is_empty() {
            self.out.push('\n');
        }
        let top = m.top();
        if m.op(top).attrs.is_empty() && m.op_name(top) == "module" && m.op(top).operands.is_empty() {
            self.number_isolated(top);
            let body = m.top_block();
            let mut prev_had_regions = false;
            for (i, &op) in m.block(body).ops.iter().enumerate() {
                let has_regions = m.op(op).regions.iter().any(|&r| !m.region(r).blocks.is_empty());
                if i > 0 && (has_regions || prev_had_regions) {
                    self.out.push('\n');
                }
                prev_had_regions = has_regions;
                self.print_op(op);
            }
        } else {
            self.print_op(top);
        }
    }

    // ---- naming -------------------------------------------------------------------------------

    fn number_isolated(&mut self, op: Op) {
        let mut counters = (0u32, 0u32);
        self.number_regions(op, &mut counters);
    }

    fn number_regions(&mut self, op: Op, counters: &mut (u32, u32)) {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || {
            let m = self.m;
            for &r in &m.op(op).regions {
                for (bi, &b) in m.region(r).blocks.iter().enumerate() {
                    self.block_names[b] = Some(bi as u32);
                    for (ai, &a) in m.block(b).args.iter().enumerate() {
                        let _ = ai;
                        self.value_names[a] = if bi == 0 {
                            counters.1 += 1;
                            ValueName { kind: 2, number: counters.1 - 1, index: 0 }
                        } else {
                            counters.0 += 1;
                            ValueName { kind: 1, number: counters.0 - 1, index: 0 }
                        };
                    }
                    for &inner in &m.block(b).ops {
                        let results = &m.op(inner).results;
                        if !results.is_empty() {
                            let n = counters.0;
                            counters.0 += 1;
                            for (i, &v) in results.iter().enumerate() {
                                self.value_names[v] = if results.len() == 1 {
                                    ValueName { kind: 1, number: n, index: 0 }
                                } else {
                                    ValueName { kind: 3, number: n, index: i as u32 }
                                };
                            }
                        }
                        if !m.op(inner).regions.is_empty() && !self.dialects.is_isolated(m.op_name(inner)) {
                            self.number_regions(inner, counters);
                        }
                    }
                }
            }
        });
    }

    // ---- ops ----------------------------------------------------------------------------------

    fn print_op(&mut self, op: Op) {
        let m = self.m;
        let data = m.op(op);
        if !data.regions.is_empty() && self.dialects.is_isolated(&data.name) {
            self.number_isolated(op);
        }
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        match data.results.as_slice() {
            [] => {}
            [v] => {
                self.print_value(*v);
                self.out.push_str(" = ");
            }
            [v, ..] => {
                let n = self.value_names[*v];
                self.out.push('%');
                push_num(&mut self.out, n.number);
                self.out.push(':');
                push_num(&mut self.out, data.results.len() as u32);
                self.out.push_str(" = ");
            }
        }
        if !self.options.generic {
            let mark = self.out.len();
            let printed = match &*data.name {
                "func" => self.print_func(op),
                "module" => self.print_module_op(op),
                name => self.dialects.printer_for(name).and_then(|f| f(self, op)),
            };
            if printed.is_some() {
                self.out.push('\n');
                return;
            }
            self.out.truncate(mark);
        }
        self.print_generic(op);
        self.out.push('\n');
    }

    fn print_generic(&mut self, op: Op) {
        let m = self.m;
        let data = m.op(op);
        write_string_literal(&mut self.out, &data.name);
        self.out.push('(');
        self.print_values(&data.operands);
        self.out.push(')');
        if !data.successors.is_empty() {
            self.out.push('[');
            for (i, s) in data.successors.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_successor(s);
            }
            self.out.push(']');
        }
        if !data.regions.is_empty() {
            self.out.push_str(" (");
            for (i, &r) in data.regions.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_region(r, true, true);
            }
            self.out.push(')');
        }
        if !data.attrs.is_empty() {
            self.out.push(' ');
            write_dictionary(&mut self.out, &data.attrs, Some(&m.aliases));
        }
        self.out.push_str(" : (");
        for (i, &v) in data.operands.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(m.value_type(v));
        }
        self.out.push_str(") -> ");
        match data.results.as_slice() {
            [v] if !matches!(m.value_type(*v), Type::Function(_)) => self.print_type(m.value_type(*v)),
            rs => {
                self.out.push('(');
                for (i, &v) in rs.iter().enumerate() {
                    if i > 0 {
                        self.out.push_str(", ");
                    }
                    self.print_type(m.value_type(v));
                }
                self.out.push(')');
            }
        }
    }

    fn print_module_op(&mut self, op: Op) -> Option<()> {
        let m = self.m;
        let data = m.op(op);
        if data.regions.len() != 1 || !data.operands.is_empty() || !data.successors.is_empty() {
            return None;
        }
        let r = data.regions[0];
        let [b] = m.region(r).blocks.as_slice() else { return None };
        if !m.block(*b).args.is_empty() {
            return None;
        }
        self.out.push_str("module");
        if !data.attrs.is_empty() {
            self.out.push_str(" attributes ");
            write_dictionary(&mut self.out, &data.attrs, Some(&m.aliases));
        }
        self.out.push(' ');
        self.print_region(r, false, true);
        Some(())
    }

    fn print_func(&mut self, op: Op) -> Option<()> {
        let m = self.m;
        let data = m.op(op);
        let name = m.attr(op, "sym_name")?.as_str()?;
        let fty = m.attr(op, "type")?.as_type()?.as_function()?;
        if data.regions.len() != 1
            || !data.operands.is_empty()
            || !data.results.is_empty()
            || !data.successors.is_empty()
        {
            return None;
        }
        let arg_attrs = match m.attr(op, "arg_attrs") {
            None => None,
            Some(Attribute::Array(a)) if a.len() == fty.inputs.len() => {
                if a.iter().any(|x| !matches!(x, Attribute::Dictionary(_))) {
                    return None;
                }
                Some(a.clone())
            }
            Some(_) => return None,
        };
        let region = data.regions[0];
        let entry = m.entry_block(region);
        if let Some(e) = entry {
            let args = &m.block(e).args;
            if args.len() != fty.inputs.len() || args.iter().zip(&fty.inputs).any(|(&v, t)| m.value_type(v) != t) {
                return None;
            }
        }
        self.out.push_str("func ");
        write_symbol_ref(&mut self.out, name);
        self.out.push('(');
        for (i, t) in fty.inputs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            if let Some(e) = entry {
                self.print_value(m.block(e).args[i]);
                self.out.push_str(": ");
            }
            self.print_type(t);
            if let Some(Attribute::Dictionary(d)) = arg_attrs.as_ref().map(|a| &a[i])
                && !d.is_empty()
            {
                self.out.push(' ');
                write_dictionary(&mut self.out, d.entries(), Some(&m.aliases));
            }
        }
        self.out.push(')');
        match fty.results.as_slice() {
            [] => {}
            [t] if !matches!(t, Type::Function(_)) => {
                self.out.push_str(" -> ");
                self.print_type(t);
            }
            ts => {
                self.out.push_str(" -> (");
                self.print_types(ts);
                self.out.push(')');
            }
        }
        let extra: Vec<_> = data.attrs.iter().filter(|a| !FUNC_RESERVED_ATTRS.contains(&&*a.name)).cloned().collect();
        if !extra.is_empty() {
            self.out.push_str(" attributes ");
            write_dictionary(&mut self.out, &extra, Some(&m.aliases));
        }
        if entry.is_some() {
            self.out.push(' ');
            self.print_region(region, false, true);
        }
        Some(())
    }

    // ---- the API for custom forms -------------------------------------------------------------

    /// The module being printed.
    pub fn module(&self) -> &'m Module {
        self.m
    }

    /// Append raw text.
    pub fn w(&mut self, s: &str) {
        self.out.push_str(s);
    }

    /// Append an integer.
    pub fn w_int(&mut self, v: i64) {
        use std::fmt::Write;
        let _ = write!(self.out, "{v}");
    }

    /// Append `%name` of a value.
    pub fn print_value(&mut self, v: Value) {
        write_value_name(&mut self.out, self.value_names[v]);
    }

    /// Append `[e0, e1]`: the results of `map` with its dimensions and symbols named by
    /// `operands` (`%i + 1`, `symbol(%n)`), as `affine.load` writes its subscripts.
    pub fn print_affine_subscripts(&mut self, map: &AffineMap, operands: &[Value]) {
        let names = &self.value_names;
        let nd = map.num_dims();
        let name = |out: &mut String, is_symbol: bool, i: u32| {
            let idx = if is_symbol { nd + i as usize } else { i as usize };
            match operands.get(idx) {
                Some(&v) if is_symbol => {
                    out.push_str("symbol(");
                    write_value_name(out, names[v]);
                    out.push(')');
                }
                Some(&v) => write_value_name(out, names[v]),
                None => out.push_str("<<UNKNOWN OPERAND>>"),
            }
        };
        self.out.push('[');
        for (i, e) in map.results().iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            e.write_named(&mut self.out, &name);
        }
        self.out.push(']');
    }

    /// Append values separated by `, `.
    pub fn print_values(&mut self, vs: &[Value]) {
        for (i, &v) in vs.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_value(v);
        }
    }

    /// Append a type.
    pub fn print_type(&mut self, t: &Type) {
        t.write(&mut self.out, Some(&self.m.aliases));
    }

    /// Append types separated by `, `.
    pub fn print_types(&mut self, ts: &[Type]) {
        for (i, t) in ts.iter().enumerate() {
            if i > 0 {
                self.out.push_str(", ");
            }
            self.print_type(t);
        }
    }

    /// Append an attribute.
    pub fn print_attr(&mut self, a: &Attribute) {
        a.write(&mut self.out, Some(&self.m.aliases), false);
    }

    /// Append an attribute without its `: type` suffix.
    pub fn print_attr_without_type(&mut self, a: &Attribute) {
        a.write(&mut self.out, Some(&self.m.aliases), true);
    }

    /// Append an affine map (by alias if one is defined).
    pub fn print_map(&mut self, map: &AffineMap) {
        self.print_attr(&Attribute::AffineMap(map.clone()));
    }

    /// Append an integer set (by alias if one is defined).
    pub fn print_set(&mut self, set: &IntegerSet) {
        self.print_attr(&Attribute::IntegerSet(set.clone()));
    }

    /// Append ` {..}` with the op's attributes except `elided` (nothing if none remain).
    pub fn print_attr_dict(&mut self, op: Op, elided: &[&str]) {
        let m = self.m;
        let attrs = &m.op(op).attrs;
        if attrs.iter().all(|a| elided.contains(&&*a.name)) {
            return;
        }
        self.out.push_str(" {");
        let mut first = true;
        for a in attrs.iter().filter(|a| !elided.contains(&&*a.name)) {
            if !first {
                self.out.push_str(", ");
            }
            first = false;
            write_attr_name(&mut self.out, &a.name);
            if a.value != Attribute::Unit {
                self.out.push_str(" = ");
                a.value.write(&mut self.out, Some(&m.aliases), false);
            }
        }
        self.out.push('}');
    }

    /// Append `^bbN` or `^bbN(%a, %b : T, U)`.
    pub fn print_successor(&mut self, s: &Successor) {
        self.print_block_name(s.block);
        if !s.args.is_empty() {
            self.out.push('(');
            self.print_values(&s.args);
            self.out.push_str(" : ");
            let m = self.m;
            for (i, &v) in s.args.iter().enumerate() {
                if i > 0 {
                    self.out.push_str(", ");
                }
                self.print_type(m.value_type(v));
            }
            self.out.push(')');
        }
    }

    fn print_block_name(&mut self, b: Block) {
        match self.block_names[b] {
            Some(n) => {
                self.out.push_str("^bb");
                push_num(&mut self.out, n);
            }
            None => self.out.push_str("^<<UNKNOWN BLOCK>>"),
        }
    }

    /// Append `{ ... }`. `entry_label`: print the entry block's label when it has arguments
    /// (false when the custom form shows them elsewhere); `terminators`: false to elide the
    /// implicit terminator the custom parser adds back.
    pub fn print_region(&mut self, r: Region, entry_label: bool, terminators: bool) {
        stacker::maybe_grow(64 * 1024, 2 * 1024 * 1024, || self.print_region_inner(r, entry_label, terminators));
    }

    fn print_region_inner(&mut self, r: Region, entry_label: bool, terminators: bool) {
        let m = self.m;
        self.out.push('{');
        self.out.push('\n');
        self.indent += 1;
        for (bi, &b) in m.region(r).blocks.iter().enumerate() {
            let args = &m.block(b).args;
            if bi > 0 || (entry_label && !args.is_empty()) {
                for _ in 0..self.indent - 1 {
                    self.out.push_str("  ");
                }
                self.print_block_name(b);
                if !args.is_empty() {
                    self.out.push('(');
                    for (i, &a) in args.iter().enumerate() {
                        if i > 0 {
                            self.out.push_str(", ");
                        }
                        self.print_value(a);
                        self.out.push_str(": ");
                        self.print_type(m.value_type(a));
                    }
                    self.out.push(')');
                }
                self.out.push_str(":\n");
            }
            let ops = &m.block(b).ops;
            for (i, &op) in ops.iter().enumerate() {
                if !terminators && i + 1 == ops.len() && self.is_elidable_terminator(op) {
                    continue;
                }
                self.print_op(op);
            }
        }
        self.indent -= 1;
        for _ in 0..self.indent {
            self.out.push_str("  ");
        }
        self.out.push('}');
    }

    fn is_elidable_terminator(&self, op: Op) -> bool {
        let d = self.m.op(op);
        d.operands.is_empty()
            && d.results.is_empty()
            && d.attrs.is_empty()
            && d.regions.is_empty()
            && d.successors.is_empty()
            && self.dialects.is_implicit_terminator(&d.name)
    }

    /// Append `(%d0, %d1)[%s0]` for the operands of a map (dimensions, then symbols).
    pub fn print_dim_and_symbol_operands(&mut self, operands: &[Value], num_dims: usize) {
        let (dims, syms) = operands.split_at(num_dims.min(operands.len()));
        self.out.push('(');
        self.print_values(dims);
        self.out.push(')');
        if !syms.is_empty() {
            self.out.push('[');
            self.print_values(syms);
            self.out.push(']');
        }
    }
}

fn write_value_name(out: &mut String, n: ValueName) {
    match n.kind {
        1 => {
            out.push('%');
            push_num(out, n.number);
        }
        2 => {
            out.push_str("%arg");
            push_num(out, n.number);
        }
        3 => {
            out.push('%');
            push_num(out, n.number);
            out.push('#');
            push_num(out, n.index);
        }
        _ => out.push_str("<<UNKNOWN SSA VALUE>>"),
    }
}

fn push_num(out: &mut String, v: u32) {
    use std::fmt::Write;
    let _ = write!(out, "{v}");
}
