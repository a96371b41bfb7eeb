//! Memrefs: descriptors, element addresses through layout maps (constant index parts folded
//! into displacements), allocation, module-owned buffers, copies.

use cranelift_codegen::ir::condcodes::IntCC;
use cranelift_codegen::ir::{InstBuilder, Value, types};

use super::CodegenError;
use super::lower::*;
use super::repr::{self, Dim, MemrefRepr, Repr};
use crate::ir::{AffineMap, MemrefType, Op, Type};
use crate::runtime::call::{self as rt};
use crate::runtime::trap::TrapKind;

impl<'s, 'a> FnLowerer<'s, 'a> {
    /// A dimension as an i64 value.
    pub fn dim_value(&mut self, d: Dim) -> Value {
        match d {
            Dim::Static(c) => self.b.ins().iconst(types::I64, c),
            Dim::Dynamic(v) => v,
        }
    }

    /// Fill in what a descriptor derives from its dims and symbols (physical extents of
    /// non-identity layouts).
    pub fn complete(&mut self, ty: &Type, r: Repr) -> Result<Repr, CodegenError> {
        let Repr::Memref(mut d) = r else { return Ok(r) };
        let Some(mt) = repr::as_memref_like(ty) else { return Ok(Repr::Memref(d)) };
        if !mt.maps.is_empty() {
            d.phys = self.physical_extents(&mt, &d.dims, &d.syms);
        }
        Ok(Repr::Memref(d))
    }

    /// Extents of the physical index space of a layout: each result's largest value plus one,
    /// over the logical index space (or the `size` clause of the last map).
    pub(super) fn physical_extents(&mut self, mt: &MemrefType, dims: &[Dim], syms: &[Value]) -> Vec<Dim> {
        let static_dims: Option<Vec<i64>> =
            dims.iter().map(|d| if let Dim::Static(c) = d { Some(*c) } else { None }).collect();
        if let (Some(sd), true) = (&static_dims, syms.is_empty())
            && let Some(e) = crate::ir::layout_extents(&mt.maps, sd, &[])
        {
            return e.into_iter().map(Dim::Static).collect();
        }
        // Dynamic: the runtime computes them from the maps (owned by the module).
        self.st.maps.push(Box::new(mt.maps.clone()));
        let maps_ptr: *const Vec<AffineMap> = &**self.st.maps.last().expect("just pushed");
        let rank = dims.len();
        let nres = mt.maps.last().map_or(rank, |m| m.results().len());
        let ss = self.b.create_sized_stack_slot(cranelift_codegen::ir::StackSlotData::new(
            cranelift_codegen::ir::StackSlotKind::ExplicitSlot,
            (8 * (rank + syms.len() + nres).max(1)) as u32,
            3,
        ));
        for (i, &d) in dims.iter().enumerate() {
            let v = self.dim_value(d);
            self.b.ins().stack_store(types::I64, v, ss, (8 * i) as i32);
        }
        for (i, &s) in syms.iter().enumerate() {
            self.b.ins().stack_store(types::I64, s, ss, (8 * (rank + i)) as i32);
        }
        let base = self.b.ins().stack_addr(types::I64, ss, 0);
        let out = self.b.ins().stack_addr(types::I64, ss, (8 * (rank + syms.len())) as i32);
        let mp = self.b.ins().iconst(types::I64, maps_ptr as i64);
        let sp = self.b.ins().iadd_imm_s(base, (8 * rank) as i64);
        let r = self.b.ins().iconst(types::I64, rank as i64);
        let n = self.b.ins().iconst(types::I64, syms.len() as i64);
        self.call_host(rt_layout_extents as *const () as usize, &[types::I64; 6], &[], &[mp, base, r, sp, n, out]);
        (0..nres)
            .map(|i| {
                Dim::Dynamic(self.b.ins().stack_load(types::I64, types::I64, ss, (8 * (rank + syms.len() + i)) as i32))
            })
            .collect()
    }

    /// The address of the element at `idx` (i64 values) of a memref of type `ty`, checking
    /// bounds when asked to.
    pub fn element_address(&mut self, ty: &Type, d: &MemrefRepr, idx: &[Value], op: Op) -> Result<Value, CodegenError> {
        let mt = repr::as_memref_like(ty).ok_or_else(|| self.err(op, "not a ranked memref or tensor"))?;
        let eb = repr::elem_bytes(&mt.elem).ok_or_else(|| self.err(op, "unsupported element type"))?;
        if self.checks(op) {
            for (&i, &dim) in idx.iter().zip(&d.dims) {
                let dv = self.dim_value(dim);
                let bad = self.b.ins().icmp(IntCC::UnsignedGreaterThanOrEqual, i, dv);
                self.trap_if(bad, TrapKind::OutOfBounds, op);
            }
        }
        if mt.maps.is_empty() {
            // Constant terms of the indices scale into one displacement, which the address
            // mode absorbs (`base + index * size + disp`).
            let mut disp = 0i64;
            let mut scale = Some(1i64);
            let mut parts = idx.to_vec();
            for k in (0..parts.len()).rev() {
                // Past a dynamic extent, constants cannot be scaled statically: they stay.
                let Some(sc) = scale else { break };
                let (v, c) = self.split_constant(parts[k]);
                parts[k] = v;
                disp = disp.wrapping_add(c.wrapping_mul(sc));
                scale = match d.dims.get(k) {
                    Some(Dim::Static(s)) => Some(sc.wrapping_mul(*s)),
                    _ => None,
                };
            }
            let linear = self.linearize(&parts, &d.dims);
            let off = if eb == 1 { linear } else { self.b.ins().imul_imm_s(linear, eb) };
            let a = self.b.ins().iadd(d.ptr, off);
            return Ok(if disp == 0 { a } else { self.b.ins().iadd_imm_s(a, disp.wrapping_mul(eb)) });
        }
        let linear = {
            let mut cur: Vec<Value> = idx.to_vec();
            let mut s = 0;
            for map in &mt.maps {
                let syms = &d.syms[s..s + map.num_symbols()];
                s += map.num_symbols();
                cur = map.results().iter().map(|e| self.affine_expr(e, &cur, syms, op)).collect::<Result<_, _>>()?;
            }
            self.linearize(&cur, &d.phys)
        };
        let off = if eb == 1 { linear } else { self.b.ins().imul_imm_s(linear, eb) };
        Ok(self.b.ins().iadd(d.ptr, off))
    }

    /// `v` as `x + c` when it was made by adding a constant, or as `0 + c` when it is one (`c`
    /// is 0 otherwise).
    pub(super) fn split_constant(&mut self, v: Value) -> (Value, i64) {
        if let Some(c) = self.iconst_value(v) {
            let t = self.b.func.dfg.value_type(v);
            let z = self.b.ins().iconst(t, 0);
            return (z, c);
        }
        self.split_sum(v)
    }

    pub(super) fn iconst_value(&self, v: Value) -> Option<i64> {
        use cranelift_codegen::ir::{InstructionData, Opcode, ValueDef};
        let dfg = &self.b.func.dfg;
        match dfg.value_def(v) {
            ValueDef::Result(i, _) => match dfg.insts[i] {
                InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits()),
                _ => None,
            },
            _ => None,
        }
    }

    pub(super) fn split_sum(&self, v: Value) -> (Value, i64) {
        use cranelift_codegen::ir::{InstructionData, Opcode, ValueDef};
        let dfg = &self.b.func.dfg;
        let ValueDef::Result(inst, _) = dfg.value_def(v) else { return (v, 0) };
        let konst = |x: Value| match dfg.value_def(x) {
            ValueDef::Result(i, _) => match dfg.insts[i] {
                InstructionData::UnaryImm { opcode: Opcode::Iconst, imm } => Some(imm.bits()),
                _ => None,
            },
            _ => None,
        };
        match dfg.insts[inst] {
            InstructionData::Binary { opcode: Opcode::Iadd, args } => match (konst(args[0]), konst(args[1])) {
                (_, Some(c)) => (args[0], c),
                (Some(c), None) => (args[1], c),
                _ => (v, 0),
            },
            _ => (v, 0),
        }
    }

    /// Row-major linear index: `((i0 * d1 + i1) * d2 + i2) ...`.
    pub fn linearize(&mut self, idx: &[Value], dims: &[Dim]) -> Value {
        let mut acc: Option<Value> = None;
        for (k, &i) in idx.iter().enumerate() {
            acc = Some(match acc {
                None => i,
                Some(a) => {
                    let scaled = match dims.get(k) {
                        Some(Dim::Static(c)) => self.b.ins().imul_imm_s(a, *c),
                        Some(Dim::Dynamic(v)) => self.b.ins().imul(a, *v),
                        None => a,
                    };
                    self.b.ins().iadd(scaled, i)
                }
            });
        }
        acc.unwrap_or_else(|| self.b.ins().iconst(types::I64, 0))
    }

    /// Number of elements of a descriptor, as i64.
    pub fn element_count(&mut self, dims: &[Dim]) -> Value {
        let mut c = 1i64;
        let mut dynamic: Option<Value> = None;
        for d in dims {
            match d {
                Dim::Static(x) => c = c.saturating_mul(*x),
                Dim::Dynamic(v) => {
                    dynamic = Some(match dynamic {
                        None => *v,
                        Some(a) => self.b.ins().imul(a, *v),
                    })
                }
            }
        }
        match dynamic {
            None => self.b.ins().iconst(types::I64, c),
            Some(v) if c == 1 => v,
            Some(v) => self.b.ins().imul_imm_s(v, c),
        }
    }

    /// The bytes of a buffer of `dims` elements of `elem_bytes` bytes each, stopping with an
    /// out-of-memory error when a dimension is negative or the product does not fit: a huge size
    /// must never wrap around to a small allocation that accesses then run past.
    pub fn byte_size(&mut self, dims: &[Dim], elem_bytes: i64, op: Op) -> Value {
        let detail = || Some("the buffer's size in bytes does not fit in 63 bits".to_string());
        let mut statics = Some(elem_bytes);
        let mut dynamic = Vec::new();
        for d in dims {
            match d {
                Dim::Static(x) => statics = statics.and_then(|c| c.checked_mul(*x)).filter(|c| *c >= 0),
                Dim::Dynamic(v) => dynamic.push(*v),
            }
        }
        let Some(c) = statics else {
            let always = self.b.ins().iconst(types::I8, 1);
            self.trap_if_with(always, TrapKind::OutOfMemory, op, detail());
            return self.b.ins().iconst(types::I64, 0);
        };
        let mut bytes = self.b.ins().iconst(types::I64, c);
        for v in dynamic {
            let negative = self.b.ins().icmp_imm_s(IntCC::SignedLessThan, v, 0);
            self.trap_if_with(negative, TrapKind::OutOfMemory, op, detail());
            let (product, overflow) = self.b.ins().smul_overflow(bytes, v);
            self.trap_if_with(overflow, TrapKind::OutOfMemory, op, detail());
            bytes = product;
        }
        bytes
    }

    /// Allocate `bytes` (i64) zeroed bytes for this call, stopping with an error if that fails.
    pub fn alloc_bytes(&mut self, bytes: Value, op: Op) -> Value {
        let ctx = self.ctx_ptr;
        let p = self.call_host(
            rt::strata_alloc as *const () as usize,
            &[types::I64, types::I64],
            &[types::I64],
            &[ctx, bytes],
        )[0];
        let null = self.b.ins().icmp_imm_s(IntCC::Equal, p, 0);
        self.trap_if(null, TrapKind::OutOfMemory, op);
        p
    }

    /// A new buffer for a memref/tensor type with the given dims and symbols.
    pub fn alloc_memref(
        &mut self,
        ty: &Type,
        dims: Vec<Dim>,
        syms: Vec<Value>,
        op: Op,
    ) -> Result<MemrefRepr, CodegenError> {
        let mt = repr::as_memref_like(ty).ok_or_else(|| self.err(op, "not a ranked memref or tensor"))?;
        let eb = repr::elem_bytes(&mt.elem).ok_or_else(|| self.err(op, "unsupported element type"))?;
        let mut d = MemrefRepr { ptr: Value::from_u32(0), dims, syms, phys: Vec::new() };
        if !mt.maps.is_empty() {
            d.phys = self.physical_extents(&mt, &d.dims, &d.syms);
        }
        let space = if mt.maps.is_empty() { d.dims.clone() } else { d.phys.clone() };
        let bytes = self.byte_size(&space, eb, op);
        d.ptr = self.alloc_bytes(bytes, op);
        Ok(d)
    }

    /// A buffer owned by the compiled module (constants), filled with `bytes`; its address.
    pub fn module_buffer(&mut self, bytes: &[u8]) -> usize {
        let p = crate::runtime::alloc::alloc_bytes(bytes.len());
        if !p.is_null() {
            // SAFETY: `p` has room for `bytes.len()` bytes.
            unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), p, bytes.len()) };
            self.st.buffers.0.push(p);
        }
        p as usize
    }

    /// The zeroed module-owned buffer of `alloc_static(base)`: one per base literal.
    pub fn static_buffer(&mut self, base: i64, bytes: i64) -> usize {
        if let Some((p, n)) = self.st.statics.get(&base)
            && *n >= bytes
        {
            return *p as usize;
        }
        let p = crate::runtime::alloc::alloc_bytes(bytes.max(0) as usize);
        if !p.is_null() {
            self.st.buffers.0.push(p);
            self.st.statics.insert(base, (p, bytes));
        }
        p as usize
    }

    /// Run `body` for every index of `dims` (nested loops, row-major order).
    pub fn for_each_index(&mut self, dims: &[Dim], body: &mut IndexBody<'_, 's, 'a>) -> Result<(), CodegenError> {
        let mut idx = Vec::new();
        self.for_each_rec(dims, &mut idx, body)
    }

    pub(super) fn for_each_rec(
        &mut self,
        dims: &[Dim],
        idx: &mut Vec<Value>,
        body: &mut IndexBody<'_, 's, 'a>,
    ) -> Result<(), CodegenError> {
        let Some((&d, rest)) = dims.split_first() else { return body(self, idx) };
        let zero = self.i64c(0);
        let ub = self.dim_value(d);
        self.build_loop(zero, ub, 1, &mut |lw, iv| {
            idx.push(iv);
            let r = lw.for_each_rec(rest, idx, body);
            idx.pop();
            r
        })
    }

    /// Copy `bytes` bytes.
    pub fn copy_bytes(&mut self, dst: Value, src: Value, bytes: Value) {
        self.call_host(rt::strata_copy as *const () as usize, &[types::I64; 3], &[], &[dst, src, bytes]);
    }
}

/// The runtime side of [`FnLowerer::physical_extents`] for dynamic shapes.
extern "C" fn rt_layout_extents(
    maps: *const Vec<AffineMap>,
    dims: *const i64,
    rank: i64,
    syms: *const i64,
    nsyms: i64,
    out: *mut i64,
) {
    // SAFETY: generated code passes the module-owned maps and stack arrays of the given sizes.
    let (maps, dims, syms) = unsafe {
        (&*maps, std::slice::from_raw_parts(dims, rank as usize), std::slice::from_raw_parts(syms, nsyms as usize))
    };
    let n = maps.last().map_or(rank as usize, |m| m.results().len());
    let ext = crate::ir::layout_extents(maps, dims, syms).unwrap_or_else(|| vec![0; n]);
    for (i, e) in ext.iter().enumerate().take(n) {
        // SAFETY: `out` has room for `n` results.
        unsafe { out.add(i).write(*e) };
    }
}
