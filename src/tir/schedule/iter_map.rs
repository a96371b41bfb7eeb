//! Bijective affine index maps (TVM's `DetectIterMap` for the maps schedules use): each new
//! index is a mixed-radix number whose digits are digits of the old indices, and every digit of
//! every old index appears exactly once. Such a map is one-to-one from the old box onto the new
//! one, and its inverse is read off the digits. `transform_layout` and `transform_block_layout`
//! accept only such maps, so a map that merges elements (`lambda i, j: (i, i)`) is refused
//! instead of making a kernel that silently overwrites.

use crate::tir::ast::*;

use super::IndexMap;

/// One digit of old index `param`: `(param // lower) % extent`, weighted by `scale` in the new
/// index holding it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Digit {
    param: usize,
    lower: i64,
    extent: i64,
    scale: i64,
}

/// A map proven one-to-one from the box of the old extents onto the box of `extents`.
pub(super) struct Bijection {
    /// Each new index's digits, lowest scale first.
    digits: Vec<Vec<Digit>>,
    /// The new extents.
    pub extents: Vec<i64>,
    /// The old extents.
    old: Vec<i64>,
}

/// The digits of `e` (a sum of weighted digits of the map's parameters), or `None` when `e` is
/// not of that form.
fn digits_of(e: &PrimExpr, map: &IndexMap, dims: &[i64]) -> Option<Vec<Digit>> {
    match e.kind() {
        ExprKind::IntImm(0) => Some(Vec::new()),
        ExprKind::Var(v) => {
            let param = map.params.iter().position(|p| p == v)?;
            let extent = dims[param];
            Some(if extent == 1 { Vec::new() } else { vec![Digit { param, lower: 1, extent, scale: 1 }] })
        }
        ExprKind::Cast(x) if x.dtype().is_int() => digits_of(x, map, dims),
        ExprKind::Binary(BinOp::Add, a, b) => {
            let mut d = digits_of(a, map, dims)?;
            d.extend(digits_of(b, map, dims)?);
            Some(d)
        }
        ExprKind::Binary(BinOp::Mul, a, b) => {
            let (x, c) = match (a.as_int(), b.as_int()) {
                (_, Some(c)) => (a, c),
                (Some(c), _) => (b, c),
                _ => return None,
            };
            if c <= 0 {
                return None;
            }
            let mut d = digits_of(x, map, dims)?;
            for g in &mut d {
                g.scale = g.scale.checked_mul(c)?;
            }
            Some(d)
        }
        ExprKind::Binary(op @ (BinOp::FloorDiv | BinOp::FloorMod), a, b) => {
            let c = b.as_int().filter(|&c| c > 0)?;
            let d = mixed_radix(digits_of(a, map, dims)?)?;
            let (low, high) = cut(&d, c)?;
            Some(if *op == BinOp::FloorMod { low } else { high })
        }
        _ => None,
    }
}

/// The digits sorted by scale, if they form one mixed-radix number from scale 1 (a fused index).
fn mixed_radix(mut d: Vec<Digit>) -> Option<Vec<Digit>> {
    d.sort_by_key(|g| g.scale);
    let mut scale = 1i64;
    for g in &d {
        if g.scale != scale {
            return None;
        }
        scale = scale.checked_mul(g.extent)?;
    }
    Some(d)
}

/// A mixed-radix number cut at `c`: the digits below `c` (its value `% c`) and those above,
/// rescaled (its value `// c`); a digit `c` falls inside is split, if `c` divides it evenly.
fn cut(d: &[Digit], c: i64) -> Option<(Vec<Digit>, Vec<Digit>)> {
    let (mut low, mut high) = (Vec::new(), Vec::new());
    for g in d {
        let top = g.scale.checked_mul(g.extent)?;
        if top <= c {
            low.push(*g);
        } else if g.scale >= c {
            if g.scale % c != 0 {
                return None;
            }
            high.push(Digit { scale: g.scale / c, ..*g });
        } else {
            // c = scale * k inside this digit: split it in two.
            if c % g.scale != 0 {
                return None;
            }
            let k = c / g.scale;
            if g.extent % k != 0 {
                return None;
            }
            low.push(Digit { extent: k, ..*g });
            high.push(Digit { lower: g.lower.checked_mul(k)?, extent: g.extent / k, scale: 1, param: g.param });
        }
    }
    // The low part must end exactly at c, or be the whole number (c beyond its top).
    let low_top = low.last().map_or(Some(1), |g: &Digit| g.scale.checked_mul(g.extent))?;
    if !high.is_empty() && low_top != c {
        return None;
    }
    Some((low, high))
}

impl Bijection {
    /// The map over the box `dims`, if it is bijective affine; else why not.
    pub(super) fn of(map: &IndexMap, dims: &[i64]) -> Result<Bijection, String> {
        const NOT: &str = "is not bijective affine";
        let mut digits = Vec::new();
        let mut extents = Vec::new();
        for r in &map.results {
            let d = digits_of(r, map, dims).and_then(mixed_radix).ok_or(NOT)?;
            let extent = d.iter().try_fold(1i64, |a, g| a.checked_mul(g.extent)).ok_or(NOT)?;
            digits.push(d);
            extents.push(extent);
        }
        // Every digit of every old index, exactly once.
        for (param, &dim) in dims.iter().enumerate() {
            let mut mine: Vec<Digit> = digits.iter().flatten().filter(|g| g.param == param).copied().collect();
            mine.sort_by_key(|g| g.lower);
            let mut lower = 1i64;
            for g in &mine {
                if g.lower != lower {
                    return Err(NOT.into());
                }
                lower = lower.checked_mul(g.extent).ok_or(NOT)?;
            }
            if lower != dim {
                return Err(NOT.into());
            }
        }
        Ok(Bijection { digits, extents, old: dims.to_vec() })
    }

    /// Whether the map is a reshape: the old indices, read as one row-major number, split
    /// into the new ones row-major (`B[(i * 32 + j) // 128, (i * 32 + j) % 128]`).
    pub(super) fn is_reshape(&self) -> bool {
        let order: Vec<(usize, i64)> = self
            .digits
            .iter()
            .flat_map(|d| {
                let mut d = d.clone();
                d.sort_by_key(|g| std::cmp::Reverse(g.scale));
                d.into_iter().map(|g| (g.param, -g.lower))
            })
            .collect();
        order.windows(2).all(|w| w[0] < w[1])
    }

    /// The reshape's independent parts, as TVM's iter maps see them: runs of new indices
    /// (`lo..hi`) over runs of old ones that no other part touches, in order. An old index
    /// of extent 1 outside every part is 0.
    pub(super) fn reshape_parts(&self) -> Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> {
        let mut parts: Vec<(std::ops::Range<usize>, std::ops::Range<usize>)> = Vec::new();
        for (m, d) in self.digits.iter().enumerate() {
            let (Some(lo), Some(hi)) = (d.iter().map(|g| g.param).min(), d.iter().map(|g| g.param).max()) else {
                continue;
            };
            match parts.last_mut() {
                // Sharing an old index with the part before (a reshape's order is monotone,
                // so only the last part can): one part.
                Some((new, old)) if lo < old.end => {
                    new.end = m + 1;
                    old.end = old.end.max(hi + 1);
                }
                _ => parts.push((m..m + 1, lo..hi + 1)),
            }
        }
        parts
    }

    /// The old indices in terms of the new ones (`new[m]` is new index `m`), highest digit
    /// first: `v0 * 16 + v2`, `v0 // 128`, `v0 % 128`.
    pub(super) fn inverse(&self, new: &[PrimExpr]) -> Vec<PrimExpr> {
        self.inverse_summed(new, false)
    }

    /// [`Bijection::inverse`] with each sum written from its lowest part up (`vm + vi * 16`),
    /// as TVM's `InverseAffineIterMap` writes it for `reverse_compute_inline`.
    pub(super) fn inverse_low_first(&self, new: &[PrimExpr]) -> Vec<PrimExpr> {
        self.inverse_summed(new, true)
    }

    fn inverse_summed(&self, new: &[PrimExpr], low_first: bool) -> Vec<PrimExpr> {
        (0..self.old.len())
            .map(|param| {
                let mut mine: Vec<(usize, Digit)> = self
                    .digits
                    .iter()
                    .enumerate()
                    .flat_map(|(m, d)| d.iter().map(move |g| (m, *g)))
                    .filter(|(_, g)| g.param == param)
                    .collect();
                if low_first {
                    mine.sort_by_key(|(_, g)| g.lower);
                } else {
                    mine.sort_by_key(|(_, g)| std::cmp::Reverse(g.lower));
                }
                let dt = new.first().map_or(crate::tir::DataType::INT32, PrimExpr::dtype);
                let mut sum: Option<PrimExpr> = None;
                for (m, g) in mine {
                    let whole = self.extents[m];
                    let v = new[m].clone();
                    let mut value = v.clone();
                    if g.scale > 1 {
                        value = PrimExpr::binary(BinOp::FloorDiv, value, PrimExpr::int_of(g.scale, dt));
                    }
                    if g.scale.saturating_mul(g.extent) != whole {
                        value = PrimExpr::binary(BinOp::FloorMod, value, PrimExpr::int_of(g.extent, dt));
                    }
                    let term = if g.lower == 1 {
                        value
                    } else {
                        PrimExpr::binary(BinOp::Mul, value, PrimExpr::int_of(g.lower, dt))
                    };
                    sum = Some(match sum {
                        None => term,
                        Some(s) => PrimExpr::binary(BinOp::Add, s, term),
                    });
                }
                sum.unwrap_or_else(|| PrimExpr::int_of(0, dt))
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(results: impl Fn(&PrimExpr, &PrimExpr) -> Vec<PrimExpr>) -> IndexMap {
        let (i, j) = (Var::new("i", crate::tir::DataType::INT32), Var::new("j", crate::tir::DataType::INT32));
        let results = results(&PrimExpr::var(&i), &PrimExpr::var(&j));
        IndexMap { params: vec![i, j], results }
    }

    fn c(v: i64) -> PrimExpr {
        PrimExpr::int_of(v, crate::tir::DataType::INT32)
    }

    #[test]
    fn permutations_splits_and_fusions_are_bijections_and_merges_are_not() {
        let fd = |a: &PrimExpr, k| PrimExpr::binary(BinOp::FloorDiv, a.clone(), c(k));
        let fm = |a: &PrimExpr, k| PrimExpr::binary(BinOp::FloorMod, a.clone(), c(k));
        let ok = |m: IndexMap| Bijection::of(&m, &[128, 64]).map(|b| b.extents);
        assert_eq!(ok(map(|i, j| vec![j.clone(), i.clone()])), Ok(vec![64, 128]));
        assert_eq!(ok(map(|i, j| vec![fd(i, 16), fd(j, 16), fm(i, 16), fm(j, 16)])), Ok(vec![8, 4, 16, 16]));
        let fused = |i: &PrimExpr, j: &PrimExpr| {
            PrimExpr::binary(BinOp::Add, PrimExpr::binary(BinOp::Mul, i.clone(), c(64)), j.clone())
        };
        assert_eq!(ok(map(|i, j| vec![fused(i, j)])), Ok(vec![8192]));
        assert_eq!(ok(map(|i, j| vec![fd(&fused(i, j), 32), fm(&fused(i, j), 32)])), Ok(vec![256, 32]));
        assert!(ok(map(|i, _| vec![i.clone(), i.clone()])).is_err());
        assert!(ok(map(|i, j| vec![i.clone()].into_iter().chain([fm(j, 3)]).collect())).is_err());
        assert!(ok(map(|i, j| vec![PrimExpr::binary(BinOp::Add, i.clone(), j.clone())])).is_err());
        assert!(ok(map(|i, _| vec![fd(i, 16)])).is_err());
    }
}
