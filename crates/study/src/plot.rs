//! A study's pictures as SVG: cactus plots (instances solved against time and against
//! nodes), a log-log scatter of two strategies' nodes per instance, and bars per set.
//!
//! Drawn with `plotters`' SVG backend. Every plot has labelled axes with units, a legend
//! naming each strategy (one series per strategy, in the study's order and colours), and log
//! scales where the values span decades (time, nodes). The text is SVG `<text>`, so the
//! pictures stay sharp and searchable.

use crate::summary::{Line, Outcome};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Tableau 10, the palette most plotting tools use for categories: distinct, colour-blind
/// aware, and printable.
const PALETTE: [RGBColor; 10] = [
    RGBColor(31, 119, 180),
    RGBColor(255, 127, 14),
    RGBColor(44, 160, 44),
    RGBColor(214, 39, 40),
    RGBColor(148, 103, 189),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
    RGBColor(188, 189, 34),
    RGBColor(23, 190, 207),
];

/// The colour of the `i`-th strategy of a study.
pub fn colour(i: usize) -> RGBColor {
    PALETTE[i % PALETTE.len()]
}

/// The colour as CSS (`#1f77b4`), for the HTML page.
pub fn css_colour(i: usize) -> String {
    let RGBColor(r, g, b) = colour(i);
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// One strategy's outcomes on one set.
#[derive(Debug, Clone)]
pub struct Series<'a> {
    /// The strategy's name (the legend's entry).
    pub name: &'a str,
    /// Its index in the study (its colour).
    pub index: usize,
    /// One outcome per instance.
    pub outcomes: &'a [Outcome],
}

/// What a cactus plot measures each instance by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Measure {
    /// CPU time (or wall time where the system does not measure CPU time).
    Time,
    /// Search nodes.
    Nodes,
}

const SIZE: (u32, u32) = (920, 460);
/// The width of the legend column, right of the plot.
const LEGEND: u32 = 210;
const FONT: &str = "sans-serif";

type Result<T> = std::result::Result<T, String>;

fn err<E: std::fmt::Debug>(e: E) -> String {
    format!("drawing failed: {e:?}")
}

/// Runs `draw` on a fresh SVG canvas and returns the document.
fn svg(draw: impl FnOnce(&DrawingArea<SVGBackend, Shift>) -> Result<()>) -> Result<String> {
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, SIZE).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        draw(&root)?;
        root.present().map_err(err)?;
    }
    Ok(out)
}

/// A chart on `area` with the study's caption, margins and label areas.
fn builder<'a, 'b>(
    area: &'a DrawingArea<SVGBackend<'b>, Shift>,
    title: &str,
    x_labels: u32,
    y_labels: u32,
) -> ChartBuilder<'a, 'b, SVGBackend<'b>> {
    let mut b = ChartBuilder::on(area);
    b.caption(title, (FONT, 20))
        .margin(14)
        .x_label_area_size(x_labels)
        .y_label_area_size(y_labels);
    b
}

/// How a legend entry is drawn.
#[derive(Clone, Copy)]
enum Mark {
    Line,
    Dot,
    Cross,
}

/// Splits `root` into the plot's area and a legend column at its right, and draws the
/// legend there: one entry per series, long names wrapped.
fn legend<'b>(
    root: &DrawingArea<SVGBackend<'b>, Shift>,
    entries: &[(String, RGBColor, Mark)],
) -> Result<DrawingArea<SVGBackend<'b>, Shift>> {
    let (plot, side) = root.split_horizontally(SIZE.0 - LEGEND);
    let mut y = 50;
    for (text, c, mark) in entries {
        let (x0, c) = (6, *c);
        match mark {
            Mark::Line => side
                .draw(&PathElement::new(
                    vec![(x0, y), (x0 + 22, y)],
                    c.stroke_width(3),
                ))
                .map_err(err)?,
            Mark::Dot => side
                .draw(&Circle::new((x0 + 11, y), 4, c.filled()))
                .map_err(err)?,
            Mark::Cross => side
                .draw(&Cross::new((x0 + 11, y), 4, c.stroke_width(2)))
                .map_err(err)?,
        }
        let parts = wrap(text, 26);
        for (k, part) in parts.iter().enumerate() {
            side.draw(&Text::new(
                part.clone(),
                (x0 + 30, y - 7 + 16 * k as i32),
                (FONT, 13),
            ))
            .map_err(err)?;
        }
        y += 24 + 16 * (parts.len() as i32 - 1);
    }
    Ok(plot)
}

/// `text` in lines of at most about `width` characters, broken at spaces and `+`.
fn wrap(text: &str, width: usize) -> Vec<String> {
    let mut lines = vec![String::new()];
    for word in text.split_inclusive([' ', '+']) {
        let last = lines.last_mut().expect("one line");
        if !last.is_empty() && last.chars().count() + word.chars().count() > width {
            lines.push(word.to_string());
        } else {
            last.push_str(word);
        }
    }
    lines
        .into_iter()
        .map(|l| l.trim_end().to_string())
        .collect()
}

/// A log axis's range around positive values `lo..=hi`: whole decades, at least one (values
/// that are not finite and positive are replaced by 1).
fn decades(lo: f64, hi: f64) -> (f64, f64) {
    let ok = |v: f64| if v.is_finite() && v > 0.0 { v } else { 1.0 };
    let (lo, hi) = (ok(lo), ok(hi).min(1e300));
    let lo = 10f64.powf(lo.log10().floor());
    let mut hi = 10f64.powf(hi.log10().ceil());
    if hi <= lo {
        hi = lo * 10.0;
    }
    (lo, hi)
}

/// `1e-3`, `0.01`, `10`, `1e6`: short labels for a log axis.
fn log_label(x: f64) -> String {
    if x == 0.0 {
        return "0".into();
    }
    let e = x.log10().round();
    if (x.log10() - e).abs() < 1e-9 && !(-3.0..=4.0).contains(&e) {
        format!("1e{e}")
    } else if x >= 1.0 {
        format!("{}", x.round())
    } else {
        let s = format!("{x:.6}");
        s.trim_end_matches('0').to_string()
    }
}

/// The smallest value a log axis shows for `m` (0 nodes or 0 s are drawn there).
fn floor_of(m: Measure) -> f64 {
    match m {
        Measure::Nodes => 1.0,
        Measure::Time => 1e-6,
    }
}

fn value(o: &Outcome, m: Measure) -> f64 {
    let v = match m {
        Measure::Nodes => o.nodes,
        Measure::Time => o.seconds,
    };
    v.max(floor_of(m))
}

/// The cactus plot of one set: for each strategy, how many instances it solves within a
/// given time (or number of nodes) per instance, as a rising step line. Higher and further
/// left is better; the line's end height is the number solved.
pub fn cactus(title: &str, series: &[Series], measure: Measure) -> Result<String> {
    let n = series.iter().map(|s| s.outcomes.len()).max().unwrap_or(0);
    let solved: Vec<Vec<f64>> = series
        .iter()
        .map(|s| {
            let mut v: Vec<f64> = s
                .outcomes
                .iter()
                .filter(|o| o.solved)
                .map(|o| value(o, measure))
                .collect();
            v.sort_by(f64::total_cmp);
            v
        })
        .collect();
    let all = solved.iter().flatten().copied();
    let lo = all.clone().fold(f64::INFINITY, f64::min);
    let hi = all.fold(0.0, f64::max);
    let (lo, hi) = if lo.is_finite() {
        decades(lo, hi)
    } else {
        (floor_of(measure), floor_of(measure) * 10.0)
    };
    let x_desc = match measure {
        Measure::Time => "time per instance (s, log scale)",
        Measure::Nodes => "search nodes per instance (log scale)",
    };
    let entries: Vec<(String, RGBColor, Mark)> = series
        .iter()
        .zip(&solved)
        .map(|(s, v)| {
            (
                format!("{} ({}/{})", s.name, v.len(), s.outcomes.len()),
                colour(s.index),
                Mark::Line,
            )
        })
        .collect();
    svg(|root| {
        let area = legend(root, &entries)?;
        let mut chart = builder(&area, title, 44, 56)
            .build_cartesian_2d((lo..hi).log_scale(), 0.0..(n as f64 * 1.05).max(1.0))
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(x_desc)
            .y_desc(format!("instances solved (of {n})"))
            .x_label_formatter(&|x| log_label(*x))
            .y_label_formatter(&|y| format!("{y:.0}"))
            .axis_desc_style((FONT, 15))
            .label_style((FONT, 13))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(err)?;
        for (s, v) in series.iter().zip(&solved) {
            let c = colour(s.index);
            // A step line: flat until the next instance is solved, then up by one.
            let mut pts = vec![(lo, 0.0)];
            for (i, &x) in v.iter().enumerate() {
                pts.push((x, i as f64));
                pts.push((x, i as f64 + 1.0));
            }
            pts.push((hi, v.len() as f64));
            chart
                .draw_series(LineSeries::new(pts, c.stroke_width(2)))
                .map_err(err)?;
        }
        Ok(())
    })
}

/// Nodes of strategy `a` (x) against strategy `b` (y) per instance, both axes log, with the
/// diagonal: points below it are instances `b` solves in fewer nodes. Instances one of them
/// did not solve are drawn as crosses at the nodes spent (the limit).
pub fn scatter(title: &str, a: &Series, b: &Series) -> Result<String> {
    let pairs: Vec<(f64, f64, bool)> = a
        .outcomes
        .iter()
        .filter_map(|oa| {
            let ob = b.outcomes.iter().find(|o| o.instance == oa.instance)?;
            let both = oa.solved && ob.solved;
            let x = if oa.solved { oa.nodes } else { oa.spent };
            let y = if ob.solved { ob.nodes } else { ob.spent };
            Some((x.max(1.0), y.max(1.0), both))
        })
        .collect();
    let hi = pairs.iter().map(|p| p.0.max(p.1)).fold(1.0, f64::max);
    let lo = pairs
        .iter()
        .map(|p| p.0.min(p.1))
        .fold(f64::INFINITY, f64::min);
    let (lo, hi) = decades(if lo.is_finite() { lo } else { 1.0 }, hi);
    let both = pairs.iter().filter(|p| p.2).count();
    let below = pairs.iter().filter(|p| p.2 && p.1 < p.0).count();
    let above = pairs.iter().filter(|p| p.2 && p.1 > p.0).count();
    let (c, red, grey) = (colour(b.index), colour(3), RGBColor(150, 150, 150));
    let entries = [
        ("equal nodes".to_string(), grey, Mark::Line),
        (
            format!(
                "solved by both ({both}): {below} in fewer nodes with {}, {above} in more",
                b.name
            ),
            c,
            Mark::Dot,
        ),
        (
            format!(
                "unsolved by one or both ({}), at the nodes spent",
                pairs.len() - both
            ),
            red,
            Mark::Cross,
        ),
    ];
    svg(|root| {
        let area = legend(root, &entries)?;
        let mut chart = builder(&area, title, 44, 64)
            .build_cartesian_2d((lo..hi).log_scale(), (lo..hi).log_scale())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(format!("{} — search nodes (log scale)", a.name))
            .y_desc(format!("{} — search nodes (log scale)", b.name))
            .x_label_formatter(&|x| log_label(*x))
            .y_label_formatter(&|y| log_label(*y))
            .axis_desc_style((FONT, 15))
            .label_style((FONT, 13))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(LineSeries::new(
                vec![(lo, lo), (hi, hi)],
                grey.stroke_width(1),
            ))
            .map_err(err)?;
        chart
            .draw_series(
                pairs
                    .iter()
                    .filter(|p| p.2)
                    .map(|&(x, y, _)| Circle::new((x, y), 3, c.mix(0.6).filled())),
            )
            .map_err(err)?;
        chart
            .draw_series(
                pairs
                    .iter()
                    .filter(|p| !p.2)
                    .map(|&(x, y, _)| Cross::new((x, y), 4, red.stroke_width(2))),
            )
            .map_err(err)?;
        Ok(())
    })
}

/// Nodes per instance, in the set's order, one line per strategy (log scale): how the
/// effort grows along a set ordered by size, such as n-queens for n = 8, 12, 16, … Unsolved
/// instances are drawn as crosses at the nodes spent.
pub fn per_instance(title: &str, series: &[Series], labels: &[String]) -> Result<String> {
    let n = labels.len().max(1);
    let hi = series
        .iter()
        .flat_map(|s| s.outcomes.iter().map(|o| o.spent))
        .filter(|v| v.is_finite())
        .fold(1.0, f64::max);
    let (lo, hi) = decades(1.0, hi);
    let entries: Vec<(String, RGBColor, Mark)> = series
        .iter()
        .map(|s| (s.name.to_string(), colour(s.index), Mark::Line))
        .chain(std::iter::once((
            "unsolved (nodes spent)".to_string(),
            RGBColor(60, 60, 60),
            Mark::Cross,
        )))
        .collect();
    svg(|root| {
        let area = legend(root, &entries)?;
        let mut chart = builder(&area, title, 44, 64)
            .build_cartesian_2d((0..n as i32 - 1).into_segmented(), (lo..hi).log_scale())
            .map_err(err)?;
        let label = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) => labels.get(*i as usize).cloned().unwrap_or_default(),
            _ => String::new(),
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&label)
            .x_desc("instance (in the set's order)")
            .y_desc("search nodes (log scale)")
            .y_label_formatter(&|y| log_label(*y))
            .axis_desc_style((FONT, 15))
            .label_style((FONT, 12))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(err)?;
        for s in series {
            let c = colour(s.index);
            let solved: Vec<(SegmentValue<i32>, f64)> = s
                .outcomes
                .iter()
                .enumerate()
                .filter(|(_, o)| o.solved)
                .map(|(i, o)| (SegmentValue::CenterOf(i as i32), o.nodes.max(lo)))
                .collect();
            // Lines join consecutive solved instances only: an unsolved one breaks them.
            let mut run: Vec<(SegmentValue<i32>, f64)> = Vec::new();
            for (i, o) in s.outcomes.iter().enumerate() {
                if o.solved {
                    run.push((SegmentValue::CenterOf(i as i32), o.nodes.max(lo)));
                }
                if !o.solved || i + 1 == s.outcomes.len() {
                    chart
                        .draw_series(LineSeries::new(std::mem::take(&mut run), c.stroke_width(2)))
                        .map_err(err)?;
                }
            }
            chart
                .draw_series(solved.into_iter().map(|p| Circle::new(p, 3, c.filled())))
                .map_err(err)?;
            chart
                .draw_series(
                    s.outcomes
                        .iter()
                        .enumerate()
                        .filter(|(_, o)| !o.solved)
                        .map(|(i, o)| {
                            Cross::new(
                                (SegmentValue::CenterOf(i as i32), o.spent.max(lo)),
                                5,
                                c.stroke_width(2),
                            )
                        }),
                )
                .map_err(err)?;
        }
        Ok(())
    })
}

/// Bars of one set: each strategy's median nodes (log scale), with how many instances it
/// solved written above its bar.
pub fn bars(title: &str, lines: &[(usize, &Line)]) -> Result<String> {
    let n = lines.len().max(1);
    let hi = lines.iter().map(|l| l.1.median_nodes).fold(1.0, f64::max);
    let (lo, hi) = decades(1.0, hi * 3.0);
    let names: Vec<&str> = lines.iter().map(|l| l.1.strategy.as_str()).collect();
    // Many or long names are written upright so they do not run into each other.
    let upright = names.iter().map(|s| s.len()).sum::<usize>() * 7 > SIZE.0 as usize - 120;
    svg(|root| {
        let mut chart = builder(root, title, if upright { 150 } else { 44 }, 64)
            .build_cartesian_2d((0..n as i32 - 1).into_segmented(), (lo..hi).log_scale())
            .map_err(err)?;
        let label = |v: &SegmentValue<i32>| match v {
            SegmentValue::CenterOf(i) => names
                .get(*i as usize)
                .map_or(String::new(), |s| s.to_string()),
            _ => String::new(),
        };
        let style = if upright {
            (FONT, 13).into_font().transform(FontTransform::Rotate90)
        } else {
            (FONT, 13).into_font()
        };
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(n)
            .x_label_formatter(&label)
            .x_label_style(style)
            .x_desc("strategy (above a bar: instances solved)")
            .y_desc("median search nodes (log scale)")
            .y_label_formatter(&|y| log_label(*y))
            .axis_desc_style((FONT, 15))
            .label_style((FONT, 13))
            .light_line_style(RGBColor(235, 235, 235))
            .draw()
            .map_err(err)?;
        for (k, (i, l)) in lines.iter().enumerate() {
            let c = colour(*i);
            let k = k as i32;
            let top = l.median_nodes.max(lo);
            let mut bar = Rectangle::new(
                [
                    (SegmentValue::Exact(k), lo),
                    (SegmentValue::Exact(k + 1), top),
                ],
                c.filled(),
            );
            bar.set_margin(0, 0, 12, 12);
            chart.draw_series(std::iter::once(bar)).map_err(err)?;
            chart
                .draw_series(std::iter::once(Text::new(
                    format!("{}/{}", l.solved, l.runs),
                    (SegmentValue::CenterOf(k), top * 1.15),
                    (FONT, 13)
                        .into_font()
                        .color(&BLACK)
                        .pos(Pos::new(HPos::Center, VPos::Bottom)),
                )))
                .map_err(err)?;
        }
        Ok(())
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn log_labels_are_short() {
        assert_eq!(log_label(1000.0), "1000");
        assert_eq!(log_label(1e6), "1e6");
        assert_eq!(log_label(0.001), "0.001");
        assert_eq!(log_label(1e4), "10000");
        assert_eq!(log_label(1e5), "1e5");
        assert_eq!(
            wrap("solved by both (20): 3 in fewer", 12),
            ["solved by", "both (20):", "3 in fewer"]
        );
        assert_eq!(log_label(0.01), "0.01");
        assert_eq!(log_label(1e-5), "1e-5");
        assert_eq!(log_label(1e-4), "1e-4");
        assert_eq!(decades(3.0, 420.0), (1.0, 1000.0));
        assert_eq!(decades(10.0, 10.0), (10.0, 100.0));
        // Never an endless axis, whatever comes in.
        assert_eq!(decades(1.0, f64::INFINITY), (1.0, 10.0));
        assert_eq!(decades(0.0, f64::NAN), (1.0, 10.0));
        assert!(decades(1.0, f64::MAX).1.is_finite());
    }
}
