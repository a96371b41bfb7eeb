//! Sampling primitives for tuners: `sample_perfect_tile` and `sample_categorical`, seeded and
//! recorded (each decision is in the trace, so a replay makes the same choices).

use super::{Decision, ExprRV, Instruction, LoopRV, Rv, Schedule, ScheduleError, err};

/// A small deterministic generator (SplitMix64): the same seed gives the same decisions on
/// every machine.
#[derive(Clone, Debug)]
pub struct SplitMix(u64);

impl SplitMix {
    /// A generator seeded with `seed`.
    pub fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    /// The next number.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (`n > 0`).
    pub(super) fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }

    /// Uniform in `[0, 1)`.
    pub(super) fn unit(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64
    }
}

/// The factors of `n` (`n >= 1`) found by trial division up to 2^20, smallest first: all
/// prime below 2^40; a larger cofactor stays whole (a coarser tiling, and no hang on a huge
/// prime extent).
fn prime_factors(mut n: i64) -> Vec<i64> {
    let mut out = Vec::new();
    let mut p = 2;
    while p <= (1 << 20) && p <= n / p {
        while n % p == 0 {
            out.push(p);
            n /= p;
        }
        p += 1;
    }
    if n > 1 {
        out.push(n);
    }
    out
}

impl Schedule {
    /// Sample `n` factors whose product is the loop's extent exactly, the innermost at most
    /// `max_innermost_factor` (TVM's `sample_perfect_tile`); `decision` replays a recorded one.
    ///
    /// # Errors
    /// `n < 2` (TVM's rule), a symbolic extent, a decision that is not such a tiling, or a stale
    /// handle.
    pub fn sample_perfect_tile(
        &mut self,
        l: LoopRV,
        n: usize,
        max_innermost_factor: i64,
        decision: Option<&[i64]>,
    ) -> Result<Vec<ExprRV>, ScheduleError> {
        const P: &str = "sample_perfect_tile";
        let (_, s) = self.loop_site(l, P)?;
        let parts = super::tree::ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?;
        if n < 2 {
            return Err(err(P, format!("Cannot tile a loop into {n} splits")));
        }
        let Some(extent) = parts.extent.as_int().filter(|&e| e >= 1) else {
            return Err(err(P, format!("the extent of loop {} is not a positive constant", parts.var.name())));
        };
        let limit = if max_innermost_factor > 0 { max_innermost_factor } else { i64::MAX };
        let tiles: Vec<i64> = match decision {
            Some(d) => {
                let product = d.iter().try_fold(1i64, |a, &x| if x >= 1 { a.checked_mul(x) } else { None });
                if d.len() != n || product != Some(extent) || d.last().is_some_and(|&x| x > limit) {
                    return Err(err(
                        P,
                        format!(
                            "the decision {d:?} is not a tiling of loop {} (extent {extent}) into {n} factors with the innermost at most {max_innermost_factor}",
                            parts.var.name()
                        ),
                    ));
                }
                d.to_vec()
            }
            None => match self.forced.pop_front().flatten() {
                Some(Decision::Tile(d))
                    if d.len() == n
                        && d.iter().try_fold(1i64, |a, &x| if x >= 1 { a.checked_mul(x) } else { None })
                            == Some(extent)
                        && d.last().is_some_and(|&x| x <= limit) =>
                {
                    d
                }
                _ => self.perfect_tile(extent, n, limit),
            },
        };
        let outs: Vec<ExprRV> = tiles.iter().map(|&t| self.new_int_rv(t)).collect();
        self.trace.push(Instruction::SamplePerfectTile {
            l,
            n,
            max_innermost_factor,
            decision: tiles,
            outs: outs.clone(),
        });
        Ok(outs)
    }

    /// Sample `n` factors whose product is the loop's extent, the product of those from
    /// `partition_pos` on a multiple of `innerpart_factor` (TVM's `sample_partitioned_tile`,
    /// which MetaSchedule's tensor-core tiling uses); `decision` replays a recorded one. A
    /// symbolic extent, or one `innerpart_factor` does not divide, gives TVM's
    /// `[-1, 1, .., 1]` (split infers the first factor).
    ///
    /// # Errors
    /// `n < 2`, a partition position outside the factors, a factor below 1, a decision that
    /// is not such a tiling, or a stale handle.
    pub fn sample_partitioned_tile(
        &mut self,
        l: LoopRV,
        n: usize,
        partition_pos: usize,
        innerpart_factor: i64,
        decision: Option<&[i64]>,
    ) -> Result<Vec<ExprRV>, ScheduleError> {
        const P: &str = "sample_partitioned_tile";
        let (_, s) = self.loop_site(l, P)?;
        let parts = super::tree::ForParts::of(&s).ok_or_else(|| err(P, "not a loop"))?;
        if n < 2 {
            return Err(err(P, format!("Cannot tile a loop into {n} splits")));
        }
        if partition_pos >= n || innerpart_factor < 1 {
            return Err(err(
                P,
                format!(
                    "partition_pos {partition_pos} must be a factor's position (< {n}) and innerpart_factor {innerpart_factor} at least 1"
                ),
            ));
        }
        let fits = |d: &[i64], extent: i64| {
            d.len() == n
                && d.iter().try_fold(1i64, |a, &x| if x >= 1 { a.checked_mul(x) } else { None }) == Some(extent)
                && d[partition_pos..].iter().product::<i64>() % innerpart_factor == 0
        };
        let tiles: Vec<i64> = match parts.extent.as_int().filter(|&e| e >= 1 && e % innerpart_factor == 0) {
            None => {
                let mut t = vec![1; n];
                t[0] = -1;
                t
            }
            Some(extent) => match decision {
                Some(d) if fits(d, extent) => d.to_vec(),
                Some(d) => {
                    return Err(err(
                        P,
                        format!(
                            "the decision {d:?} is not a tiling of loop {} (extent {extent}) into {n} factors whose product from position {partition_pos} on is a multiple of {innerpart_factor}",
                            parts.var.name()
                        ),
                    ));
                }
                None => match self.forced.pop_front().flatten() {
                    Some(Decision::Tile(d)) if fits(&d, extent) => d,
                    _ => {
                        // TVM draws perfect tilings until one fits; a bounded number here, then
                        // its own default for a decision that does not fit.
                        let drawn = (0..256).map(|_| self.perfect_tile(extent, n, i64::MAX)).find(|t| fits(t, extent));
                        drawn.unwrap_or_else(|| {
                            let mut t = vec![1; n];
                            t[0] = extent / innerpart_factor;
                            t[partition_pos] *= innerpart_factor;
                            t
                        })
                    }
                },
            },
        };
        let outs: Vec<ExprRV> = tiles.iter().map(|&t| self.new_int_rv(t)).collect();
        self.trace.push(Instruction::SamplePartitionedTile {
            l,
            n,
            partition_pos,
            innerpart_factor,
            decision: tiles,
            outs: outs.clone(),
        });
        Ok(outs)
    }

    /// A random perfect tiling: each prime factor of the extent goes to a random position;
    /// drawn again (up to a bound, then the innermost factor is moved outward) until the
    /// innermost one is within `limit`.
    fn perfect_tile(&mut self, extent: i64, n: usize, limit: i64) -> Vec<i64> {
        let primes = prime_factors(extent);
        for _ in 0..64 {
            let mut tiles = vec![1i64; n];
            for &p in &primes {
                tiles[self.rng.below(n)] *= p;
            }
            if tiles[n - 1] <= limit {
                return tiles;
            }
        }
        let mut tiles = vec![1i64; n];
        tiles[0] = extent;
        tiles
    }

    /// Sample one of `candidates` with the given weights (TVM's `sample_categorical`);
    /// `decision` (an index) replays a recorded one.
    ///
    /// # Errors
    /// No candidates, lengths that differ, negative or all-zero weights, or a decision out of
    /// range.
    pub fn sample_categorical(
        &mut self,
        candidates: &[i64],
        probs: &[f64],
        decision: Option<usize>,
    ) -> Result<ExprRV, ScheduleError> {
        const P: &str = "sample_categorical";
        if candidates.is_empty() || candidates.len() != probs.len() {
            return Err(err(P, "candidates and probs must be non-empty and of the same length"));
        }
        let total: f64 = probs.iter().sum();
        if probs.iter().any(|p| !p.is_finite() || *p < 0.0) || total <= 0.0 {
            return Err(err(P, "probs must be non-negative with a positive sum"));
        }
        let index = match decision {
            Some(d) if d < candidates.len() => d,
            Some(d) => {
                return Err(err(P, format!("the decision {d} is out of range for {} candidates", candidates.len())));
            }
            None if matches!(self.forced.front(), Some(Some(Decision::Category(d))) if *d < candidates.len()) => {
                match self.forced.pop_front().flatten() {
                    Some(Decision::Category(d)) => d,
                    _ => unreachable!("checked above"),
                }
            }
            None => {
                self.forced.pop_front();
                let mut x = self.rng.unit() * total;
                let mut pick = candidates.len() - 1;
                for (k, p) in probs.iter().enumerate() {
                    if x < *p {
                        pick = k;
                        break;
                    }
                    x -= p;
                }
                pick
            }
        };
        let out = self.new_int_rv(candidates[index]);
        self.trace.push(Instruction::SampleCategorical {
            candidates: candidates.to_vec(),
            probs: probs.to_vec(),
            decision: index,
            out,
        });
        Ok(out)
    }

    /// The value a sampled variable took.
    ///
    /// # Errors
    /// A handle that is not a sampled value of this schedule.
    pub fn get(&self, v: ExprRV) -> Result<i64, ScheduleError> {
        match self.rvs.get(v.0) {
            Some(Rv::Int(x)) => Ok(*x),
            _ => Err(err("get", format!("v{} is not a sampled value of this schedule", v.0))),
        }
    }

    fn new_int_rv(&mut self, x: i64) -> ExprRV {
        self.rvs.push(Rv::Int(x));
        ExprRV(self.rvs.len() - 1)
    }
}
