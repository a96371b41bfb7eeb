//! Values kept in registers rather than memory: one-element frame buffers that only scalar
//! loads and stores use (Cranelift variables), and the element an affine loop forwards
//! across its iterations.

use rustc_hash::FxHashMap as HashMap;

use cranelift_codegen::ir::{Value, types};

use super::lower::*;
use super::repr;
use super::{CodegenError, CodegenRole};
use crate::codegen::repr::Repr;
use crate::ir::Op;
use crate::ir::Type;

impl<'s, 'a> FnLowerer<'s, 'a> {
    /// Find the `alloca`s of one element (a scalar, or a vector: an accumulator tile's row) that
    /// only `load` and `store` use, all in the function being built (not in a parallel body
    /// outlined from it): they live in registers, as Cranelift variables, one per register the
    /// element's value takes (their index can only be 0).
    pub(super) fn find_register_buffers(&mut self, root: Op, region: crate::ir::Region) {
        let m = self.m;
        let lowerings = self.st.lowerings;
        if !self.st.config.promote {
            return;
        }
        let nested = |op: Op| {
            let mut cur = op;
            while let Some(p) = m.parent_op(cur) {
                if p == root {
                    return false;
                }
                if lowerings.role(m.op_name(p)) == CodegenRole::OutlinedBody {
                    return true;
                }
                cur = p;
            }
            false
        };
        let mut candidates: HashMap<crate::ir::Value, Vec<types::Type>> = HashMap::default();
        m.walk_region(region, |op| {
            if lowerings.role(m.op_name(op)) != CodegenRole::FrameBuffer || nested(op) {
                return;
            }
            let r = m.op(op).results[0];
            if let Some(mt) = m.value_type(r).as_memref()
                && mt.shape.iter().product::<i64>() == 1
                && let Ok(ts) = repr::flat_types(&mt.elem)
                && (1..=8).contains(&ts.len())
                && !matches!(mt.elem, Type::Memref(_) | Type::Tensor(_))
            {
                candidates.insert(r, ts);
            }
        });
        if candidates.is_empty() {
            return;
        }
        m.walk_region(region, |op| {
            let d = m.op(op);
            let ok_use = |k: usize| match lowerings.role(m.op_name(op)) {
                CodegenRole::ScalarLoad { memref } | CodegenRole::ScalarStore { memref } => {
                    k == usize::from(memref) && !nested(op)
                }
                _ => false,
            };
            for (k, v) in d.operands.iter().enumerate() {
                if candidates.contains_key(v) && !ok_use(k) {
                    candidates.remove(v);
                }
            }
            for s in &d.successors {
                for v in &s.args {
                    candidates.remove(v);
                }
            }
        });
        for (v, ts) in candidates {
            let vars = ts.into_iter().map(|t| (self.b.declare_var(t), t)).collect();
            self.registers.insert(v, vars);
        }
    }

    /// Start a register buffer at zero (its contents are undefined until stored). `false` if
    /// `memref` does not live in registers.
    pub fn clear_register(&mut self, memref: crate::ir::Value) -> bool {
        let Some(vars) = self.registers.get(&memref).cloned() else { return false };
        for (var, t) in vars {
            let z = self.zero(t);
            self.b.def_var(var, z);
        }
        true
    }

    /// The value of a register buffer's element (of type `elem`), if `memref` lives in registers.
    pub fn read_register(&mut self, memref: crate::ir::Value, elem: &Type) -> Option<Repr> {
        let vars = self.registers.get(&memref)?.clone();
        let vals: Vec<Value> = vars.iter().map(|(var, _)| self.b.use_var(*var)).collect();
        Some(match elem {
            Type::Vector(_) => Repr::Vector(vals),
            _ => Repr::Scalar(vals[0]),
        })
    }

    /// Store `value` (an IR value of the element type) into a register buffer; `Ok(false)` if
    /// `memref` does not live in registers.
    pub fn write_register(&mut self, memref: crate::ir::Value, value: crate::ir::Value) -> Result<bool, CodegenError> {
        let Some(vars) = self.registers.get(&memref).cloned() else { return Ok(false) };
        let ty = self.ty(value).clone();
        let flat = self.get(value)?.flatten(&ty);
        for ((var, _), v) in vars.into_iter().zip(flat) {
            self.b.def_var(var, v);
        }
        Ok(true)
    }

    /// The register holding the element at `key`, while a loop keeps it there.
    pub fn forwarded(&self, key: &AccessKey) -> Option<Value> {
        self.forwarded.iter().rev().find(|(k, _)| k == key).map(|(_, v)| *v)
    }

    /// Record that `key` now holds `v` (after a store), if it is kept in a register.
    pub fn update_forwarded(&mut self, key: &AccessKey, v: Value) {
        if let Some(slot) = self.forwarded.iter_mut().rev().find(|(k, _)| k == key) {
            slot.1 = v;
        }
    }

    /// Keep `key` in a register holding `v` until [`FnLowerer::end_forwarding`].
    pub fn begin_forwarding(&mut self, key: AccessKey, v: Value) {
        self.forwarded.push((key, v));
    }

    /// Stop keeping the innermost key in a register; its current value.
    pub fn end_forwarding(&mut self) -> Option<Value> {
        self.forwarded.pop().map(|(_, v)| v)
    }
}
