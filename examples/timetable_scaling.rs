//! How timetabling scales: generated school weeks from 50 to 5,000 lesson occurrences; for
//! each, the time to the first valid timetable and the cost after a fixed time, as a table
//! and as the SVG chart in `docs/img/timetable-scaling.svg`.
//!
//! `cargo run --release --example timetable_scaling -- [SECONDS] [SIZES…]`
//! (defaults: 30 s in all; 50 100 200 500 1000 2000 5000); `-- --chart-from TABLE` draws the
//! chart again from a table it printed.

use csp_timetabling::solve::{Config, solve};
use std::fmt::Write;
use std::sync::Arc;
use std::time::{Duration, Instant};

struct Row {
    occurrences: usize,
    read: f64,
    first: Option<f64>,
    first_cost: u64,
    cost: Option<u64>,
    last_improvement: f64,
    improvements: usize,
}

/// Rows back from a table this program printed (for `--chart-from FILE`).
fn parse_table(text: &str) -> (Vec<Row>, f64) {
    let secs = text
        .split("cost after ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .and_then(|t| t.parse().ok())
        .unwrap_or(30.0);
    let num = |t: &str| t.trim().trim_end_matches(" s").parse::<f64>().ok();
    let rows = text
        .lines()
        .filter(|l| l.starts_with("| ") && l.chars().nth(2).is_some_and(|c| c.is_ascii_digit()))
        .filter_map(|l| {
            let f: Vec<&str> = l.trim_matches('|').split('|').collect();
            Some(Row {
                occurrences: num(f[0])? as usize,
                read: num(f[1])?,
                first: num(f[2]),
                first_cost: num(f[3])? as u64,
                cost: num(f[4]).map(|c| c as u64),
                last_improvement: num(f[5].split(" s").next()?)?,
                improvements: 0,
            })
        })
        .collect();
    (rows, secs)
}

fn main() {
    let mut args = std::env::args().skip(1).peekable();
    if args.peek().is_some_and(|a| a == "--chart-from") {
        let file = args.nth(1).expect("--chart-from FILE");
        let (rows, secs) = parse_table(&std::fs::read_to_string(&file).expect("a table file"));
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../docs/img/timetable-scaling.svg");
        std::fs::write(&path, chart(&rows, secs)).expect("the chart is written");
        println!("wrote {} from {} rows", path.display(), rows.len());
        return;
    }
    let secs: f64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(30.0);
    let sizes: Vec<usize> = {
        let v: Vec<usize> = args.filter_map(|s| s.parse().ok()).collect();
        if v.is_empty() {
            vec![50, 100, 200, 500, 1000, 2000, 5000]
        } else {
            v
        }
    };
    let mut rows = Vec::new();
    println!(
        "| occurrences | read | first timetable | its cost | cost after {secs} s | last improvement |"
    );
    println!("|---:|---:|---:|---:|---:|---:|");
    for &size in &sizes {
        let text = csp_timetabling::generate::school(size, 1);
        let t = Instant::now();
        let inst = Arc::new(
            csp_timetabling::yaml::parse(&text, "generated.yaml").expect("generated files read"),
        );
        let read = t.elapsed().as_secs_f64();
        let start = Instant::now();
        let cfg = Config {
            deadline: Some(start + Duration::from_secs_f64(secs)),
            ..Config::default()
        };
        let r = solve(&inst, &cfg, &mut |_| {}).expect("generated weeks are small enough");
        if let Some(tt) = &r.timetable {
            assert!(
                csp_timetabling::verify(&inst, tt).is_empty(),
                "every timetable verifies"
            );
        }
        let row = Row {
            occurrences: inst.occurrences.len(),
            read,
            first: r.first.map(|d| d.as_secs_f64()),
            first_cost: r.trace.first().map_or(0, |t| t.1),
            cost: r.cost,
            last_improvement: r.trace.last().map_or(0.0, |t| t.0.as_secs_f64()),
            improvements: r.trace.len(),
        };
        println!(
            "| {} | {:.2} s | {} | {} | {} | {:.1} s ({} improvements) |",
            row.occurrences,
            row.read,
            row.first.map_or("—".into(), |f| format!("{f:.2} s")),
            row.first_cost,
            row.cost.map_or("—".into(), |c| c.to_string()),
            row.last_improvement,
            row.improvements
        );
        rows.push(row);
    }
    let svg = chart(&rows, secs);
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/img/timetable-scaling.svg");
    if std::fs::write(&path, svg).is_ok() {
        println!("\nwrote {}", path.display());
    }
}

/// Two panels on log scales: seconds to the first timetable, and cost per occurrence (first
/// and after the time limit), against occurrences.
fn chart(rows: &[Row], secs: f64) -> String {
    let (w, h, pad) = (360.0, 240.0, 48.0);
    let mut s = String::new();
    let _ = write!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\" font-family=\"sans-serif\" font-size=\"11\">",
        2.0 * w + 20.0,
        h + 30.0
    );
    let _ = write!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
    let xs: Vec<f64> = rows
        .iter()
        .map(|r| (r.occurrences as f64).log10())
        .collect();
    let (x0, x1) = (
        xs.iter().cloned().fold(f64::MAX, f64::min).floor(),
        xs.iter().cloned().fold(f64::MIN, f64::max).ceil(),
    );
    let panel = |s: &mut String,
                 ox: f64,
                 title: &str,
                 series: &[(&str, &str, Vec<Option<f64>>)],
                 ylabel: &str| {
        let ys: Vec<f64> = series
            .iter()
            // A cost of 0 (optimal) has no place on a log scale: left out, said in the legend.
            .flat_map(|(_, _, v)| v.iter().flatten().filter(|&&y| y > 0.0).map(|y| y.log10()))
            .collect();
        let (y0, y1) = (
            ys.iter().cloned().fold(f64::MAX, f64::min).floor(),
            ys.iter()
                .cloned()
                .fold(f64::MIN, f64::max)
                .ceil()
                .max(ys.iter().cloned().fold(f64::MAX, f64::min).floor() + 1.0),
        );
        let px = |x: f64| ox + pad + (x - x0) / (x1 - x0).max(1e-9) * (w - pad - 10.0);
        let py = |y: f64| h - pad / 2.0 - (y - y0) / (y1 - y0) * (h - pad);
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"14\" font-weight=\"bold\">{title}</text>",
            ox + pad
        );
        let _ = write!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#444\"/>",
            px(x0),
            py(y0),
            px(x1),
            py(y0)
        );
        let _ = write!(
            s,
            "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#444\"/>",
            px(x0),
            py(y0),
            px(x0),
            py(y1)
        );
        let mut e = x0;
        while e <= x1 + 1e-9 {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>",
                px(e),
                py(y0) + 14.0,
                10f64.powf(e)
            );
            e += 1.0;
        }
        let mut e = y0;
        while e <= y1 + 1e-9 {
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text><line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#eee\"/>",
                px(x0) - 4.0,
                py(e) + 4.0,
                10f64.powf(e),
                px(x0),
                py(e),
                px(x1),
                py(e)
            );
            e += 1.0;
        }
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">occurrences</text>",
            px((x0 + x1) / 2.0),
            h + 24.0
        );
        let _ = write!(
            s,
            "<text x=\"{}\" y=\"{}\" transform=\"rotate(-90 {} {})\" text-anchor=\"middle\">{ylabel}</text>",
            ox + 12.0,
            h / 2.0,
            ox + 12.0,
            h / 2.0
        );
        for (k, (name, colour, v)) in series.iter().enumerate() {
            let pts: Vec<String> = xs
                .iter()
                .zip(v)
                .filter_map(|(&x, y)| {
                    y.filter(|&y| y > 0.0)
                        .map(|y| format!("{:.1},{:.1}", px(x), py(y.log10())))
                })
                .collect();
            let zeros = v.iter().filter(|y| **y == Some(0.0)).count();
            let name = if zeros > 0 {
                format!("{name} (0 on the {zeros} smallest)")
            } else {
                name.to_string()
            };
            let _ = write!(
                s,
                "<polyline fill=\"none\" stroke=\"{colour}\" stroke-width=\"2\" points=\"{}\"/>",
                pts.join(" ")
            );
            for p in &pts {
                let (a, b) = p.split_once(',').unwrap_or(("0", "0"));
                let _ = write!(
                    s,
                    "<circle cx=\"{a}\" cy=\"{b}\" r=\"3\" fill=\"{colour}\"/>"
                );
            }
            let _ = write!(
                s,
                "<text x=\"{}\" y=\"{}\" fill=\"{colour}\">{name}</text>",
                ox + pad + 8.0,
                30.0 + 13.0 * k as f64
            );
        }
    };
    let first: Vec<Option<f64>> = rows.iter().map(|r| r.first).collect();
    panel(
        &mut s,
        0.0,
        "time to the first timetable",
        &[("seconds", "#1f77b4", first)],
        "seconds",
    );
    let per = |c: u64, r: &Row| c as f64 / r.occurrences as f64;
    let c_first: Vec<Option<f64>> = rows
        .iter()
        .map(|r| r.first.map(|_| per(r.first_cost, r)))
        .collect();
    let c_end: Vec<Option<f64>> = rows.iter().map(|r| r.cost.map(|c| per(c, r))).collect();
    let label = format!("after {secs} s");
    panel(
        &mut s,
        w + 20.0,
        "cost per occurrence",
        &[
            ("first timetable", "#d62728", c_first),
            (&label, "#2ca02c", c_end),
        ],
        "cost / occurrence",
    );
    s.push_str("</svg>\n");
    s
}
