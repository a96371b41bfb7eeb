//! What the benchmarks share.

use std::time::{Duration, Instant};

use strata::engine::{Compiled, Val};
use strata::runtime::Tensor;

/// Time `name` compiled checked and unchecked on the same arguments (tensors, then scalars),
/// alternating so machine noise hits both alike, and print both best times and their ratio.
pub fn checked_vs_unchecked(
    label: &str,
    (checked, unchecked): (&Compiled, &Compiled),
    name: &str,
    tensors: &mut [Tensor],
    scalars: &[Val],
    reps: u32,
) {
    let (mut tc, mut tu) = (Duration::MAX, Duration::MAX);
    for _ in 0..reps {
        for (code, best) in [(checked, &mut tc), (unchecked, &mut tu)] {
            let mut args: Vec<strata::Arg<'_>> = tensors.iter_mut().map(|x| x.as_arg_mut()).collect();
            args.extend(scalars.iter().map(|v| strata::Arg::Val(v.clone())));
            let start = Instant::now();
            code.call(name, &mut args).expect("call");
            *best = (*best).min(start.elapsed());
        }
    }
    println!(
        "{label:30} unchecked {:8.3} ms | checked {:8.3} ms | checked/unchecked {:.3}",
        tu.as_secs_f64() * 1e3,
        tc.as_secs_f64() * 1e3,
        tc.as_secs_f64() / tu.as_secs_f64()
    );
}
