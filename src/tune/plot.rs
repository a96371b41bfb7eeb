//! Best-so-far plots of a tuning run: the fastest median found against candidates measured and
//! against wall time, side by side, with the unscheduled kernel's time for reference (SVG, by
//! plotters).

use std::path::Path;

use plotters::prelude::*;

use super::Record;

/// Points `(x, best median in ms so far)` over the measured records, `x` their rank among
/// measured records (from 1) or their wall time in seconds.
fn best_so_far(records: &[Record], by_time: bool) -> Vec<(f64, f64)> {
    let mut best = f64::INFINITY;
    let mut out = Vec::new();
    let mut n = 0;
    for r in records {
        let Some(ms) = r.median_ms() else { continue };
        n += 1;
        best = best.min(ms);
        let x = if by_time { r.elapsed_s().unwrap_or(0.0) } else { f64::from(n) };
        out.push((x, best));
    }
    out
}

/// Write the two plots of `records` (a run or a log) to `path` as SVG; `baseline_ms` is the
/// unscheduled kernel's median.
///
/// # Errors
/// Nothing was measured, or the file cannot be written.
pub fn plot_svg(path: &Path, records: &[Record], baseline_ms: f64) -> Result<(), String> {
    let by_trial = best_so_far(records, false);
    if by_trial.is_empty() {
        return Err("no measured candidate to plot".into());
    }
    let by_time = best_so_far(records, true);
    let root = SVGBackend::new(path, (1100, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| e.to_string())?;
    let (left, right) = root.split_horizontally(550);
    let y_max = by_trial.iter().map(|p| p.1).fold(baseline_ms, f64::max) * 1.1;
    for (area, points, label) in [(left, &by_trial, "candidates measured"), (right, &by_time, "wall time (s)")] {
        let x_max = points.iter().map(|p| p.0).fold(1.0, f64::max);
        let mut chart = ChartBuilder::on(&area)
            .caption(format!("best so far vs {label}"), ("sans-serif", 18))
            .margin(12)
            .x_label_area_size(36)
            .y_label_area_size(56)
            .build_cartesian_2d(0.0..x_max, 0.0..y_max)
            .map_err(|e| e.to_string())?;
        chart.configure_mesh().x_desc(label).y_desc("median (ms)").draw().map_err(|e| e.to_string())?;
        chart
            .draw_series(LineSeries::new(points.iter().copied(), &BLUE))
            .map_err(|e| e.to_string())?
            .label("best so far")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], BLUE));
        chart
            .draw_series(LineSeries::new([(0.0, baseline_ms), (x_max, baseline_ms)], &RED))
            .map_err(|e| e.to_string())?
            .label("unscheduled")
            .legend(|(x, y)| PathElement::new(vec![(x, y), (x + 16, y)], RED));
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.8))
            .border_style(BLACK)
            .draw()
            .map_err(|e| e.to_string())?;
    }
    root.present().map_err(|e| e.to_string())
}
