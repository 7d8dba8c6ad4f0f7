//! Colourings as text, DIMACS-style solution lines, Graphviz DOT and SVG pictures.

use crate::encode::Colouring;
use crate::graph::Graph;
use csp_core::heuristics::SplitMix64;
use std::fmt::Write;

/// A palette of distinguishable fill colours (cycled when there are more colours).
pub const PALETTE: [&str; 20] = [
    "#e6194b", "#3cb44b", "#ffe119", "#4363d8", "#f58231", "#911eb4", "#46f0f0", "#f032e6",
    "#bcf60c", "#fabebe", "#008080", "#e6beff", "#9a6324", "#fffac8", "#800000", "#aaffc3",
    "#808000", "#ffd8b1", "#000075", "#808080",
];

/// `vertex colour` lines (colours from 1).
pub fn text(g: &Graph, c: &Colouring) -> String {
    // Aligned up to 48 columns (a formatting width is at most 65,535; longer names are not
    // worth aligning to).
    let w = (0..g.len())
        .map(|v| g.name(v).len())
        .max()
        .unwrap_or(1)
        .min(48);
    let mut s = String::new();
    for v in 0..g.len() {
        let _ = writeln!(s, "{:<w$} {}", g.name(v), c.colours[v] + 1);
    }
    s
}

/// DIMACS-style solution: `s col k`, then `v vertex colour` per vertex (from 1).
pub fn dimacs(g: &Graph, c: &Colouring) -> String {
    let mut s = format!("s col {}\n", c.num_colours());
    for v in 0..g.len() {
        let _ = writeln!(s, "v {} {}", g.name(v), c.colours[v] + 1);
    }
    s
}

/// The graph in Graphviz DOT, vertices filled with their colours when given.
pub fn dot(g: &Graph, c: Option<&Colouring>) -> String {
    let mut s = String::from("graph G {\n  node [shape=circle, style=filled, fillcolor=white];\n");
    for v in 0..g.len() {
        let name = g.name(v).replace('"', "\\\"");
        match c {
            Some(c) => {
                let _ = writeln!(
                    s,
                    "  n{v} [label=\"{name}\", fillcolor=\"{}\"];",
                    PALETTE[c.colours[v] as usize % PALETTE.len()]
                );
            }
            None => {
                let _ = writeln!(s, "  n{v} [label=\"{name}\"];");
            }
        }
    }
    for (u, v) in g.edges() {
        let _ = writeln!(s, "  n{u} -- n{v};");
    }
    s.push_str("}\n");
    s
}

/// Vertex positions in the unit square: Fruchterman–Reingold force layout from a circle,
/// seeded, `O(iterations · n²)`; meant for graphs of up to a few hundred vertices.
pub fn layout(g: &Graph, iterations: usize, seed: u64) -> Vec<(f64, f64)> {
    let n = g.len();
    let mut rng = SplitMix64::new(seed);
    let mut p: Vec<(f64, f64)> = (0..n)
        .map(|i| {
            let a = std::f64::consts::TAU * i as f64 / n.max(1) as f64;
            let jitter = f64::from(rng.below(1000)) / 1e5;
            (0.5 + 0.4 * a.cos() + jitter, 0.5 + 0.4 * a.sin() - jitter)
        })
        .collect();
    if n < 3 {
        return p;
    }
    let k = (1.0 / n as f64).sqrt();
    let mut t = 0.1;
    for _ in 0..iterations {
        let mut d = vec![(0.0f64, 0.0f64); n];
        for i in 0..n {
            for j in i + 1..n {
                let (dx, dy) = (p[i].0 - p[j].0, p[i].1 - p[j].1);
                let dist = (dx * dx + dy * dy).sqrt().max(1e-4);
                let f = k * k / dist;
                d[i].0 += dx / dist * f;
                d[i].1 += dy / dist * f;
                d[j].0 -= dx / dist * f;
                d[j].1 -= dy / dist * f;
            }
        }
        for (u, v) in g.edges() {
            let (dx, dy) = (p[u].0 - p[v].0, p[u].1 - p[v].1);
            let dist = (dx * dx + dy * dy).sqrt().max(1e-4);
            let f = dist * dist / k;
            d[u].0 -= dx / dist * f;
            d[u].1 -= dy / dist * f;
            d[v].0 += dx / dist * f;
            d[v].1 += dy / dist * f;
        }
        for i in 0..n {
            let len = (d[i].0 * d[i].0 + d[i].1 * d[i].1).sqrt().max(1e-9);
            p[i].0 = (p[i].0 + d[i].0 / len * len.min(t)).clamp(0.0, 1.0);
            p[i].1 = (p[i].1 + d[i].1 / len * len.min(t)).clamp(0.0, 1.0);
        }
        t *= 0.97;
    }
    // Rescale into the unit square with a margin.
    let (minx, maxx) = p
        .iter()
        .fold((f64::MAX, f64::MIN), |a, q| (a.0.min(q.0), a.1.max(q.0)));
    let (miny, maxy) = p
        .iter()
        .fold((f64::MAX, f64::MIN), |a, q| (a.0.min(q.1), a.1.max(q.1)));
    let (sx, sy) = ((maxx - minx).max(1e-9), (maxy - miny).max(1e-9));
    p.iter()
        .map(|q| ((q.0 - minx) / sx, (q.1 - miny) / sy))
        .collect()
}

/// An SVG picture of the graph with vertices filled by colour (force layout) and a legend
/// line giving the number of colours.
pub fn svg(g: &Graph, c: Option<&Colouring>, title: &str) -> String {
    svg_at(g, c, title, &layout(g, LAYOUT_ITERATIONS, LAYOUT_SEED))
}

/// The force layout's rounds for [`svg`]: a caller drawing the graph itself gets the same
/// picture from `layout(g, LAYOUT_ITERATIONS, LAYOUT_SEED)`.
pub const LAYOUT_ITERATIONS: usize = 300;
/// The force layout's seed for [`svg`].
pub const LAYOUT_SEED: u64 = 7;

/// [`svg`] with the vertices at `pos` (in the unit square, one per vertex).
pub fn svg_at(g: &Graph, c: Option<&Colouring>, title: &str, pos: &[(f64, f64)]) -> String {
    let size = 640.0;
    let margin = 30.0;
    let at = |v: usize| {
        (
            margin + pos[v].0 * (size - 2.0 * margin),
            margin + 20.0 + pos[v].1 * (size - 2.0 * margin),
        )
    };
    let r = (size / (g.len().max(1) as f64).sqrt() / 6.0).clamp(3.0, 14.0);
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{size}\" height=\"{}\" viewBox=\"0 0 {size} {}\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n",
        size + 20.0,
        size + 20.0
    );
    let label = match c {
        Some(c) => format!(
            "{title}: {} vertices, {} edges, {} colours",
            g.len(),
            g.edge_count(),
            c.num_colours()
        ),
        None => format!("{title}: {} vertices, {} edges", g.len(), g.edge_count()),
    };
    let _ = writeln!(
        s,
        "<text x=\"10\" y=\"20\" font-family=\"sans-serif\" font-size=\"14\">{}</text>",
        escape(&label)
    );
    let _ = writeln!(s, "<g stroke=\"#999\" stroke-width=\"1\">");
    for (u, v) in g.edges() {
        let (a, b) = (at(u), at(v));
        let _ = writeln!(
            s,
            "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
            a.0, a.1, b.0, b.1
        );
    }
    s.push_str("</g>\n<g stroke=\"#333\" stroke-width=\"1\">\n");
    for v in 0..g.len() {
        let (x, y) = at(v);
        let fill = c.map_or("#ffffff", |c| {
            PALETTE[c.colours[v] as usize % PALETTE.len()]
        });
        let _ = writeln!(
            s,
            "<circle cx=\"{x:.1}\" cy=\"{y:.1}\" r=\"{r:.1}\" fill=\"{fill}\"><title>{}</title></circle>",
            escape(g.name(v))
        );
        if g.len() <= 60 {
            let _ = writeln!(
                s,
                "<text x=\"{x:.1}\" y=\"{:.1}\" font-family=\"sans-serif\" font-size=\"9\" text-anchor=\"middle\" stroke=\"none\">{}</text>",
                y + r + 9.0,
                escape(g.name(v))
            );
        }
    }
    s.push_str("</g>\n</svg>\n");
    s
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_name_every_vertex() {
        let g = Graph::from_edges(3, [(0, 1), (1, 2)]);
        let c = Colouring {
            colours: vec![0, 1, 0],
        };
        assert_eq!(dimacs(&g, &c), "s col 2\nv 1 1\nv 2 2\nv 3 1\n");
        assert_eq!(text(&g, &c), "1 1\n2 2\n3 1\n");
        assert_eq!(dot(&g, Some(&c)).matches(" -- ").count(), 2);
        let svg = svg(&g, Some(&c), "path");
        assert_eq!(svg.matches("<circle").count(), 3);
        assert_eq!(svg.matches("<line").count(), 2);
        assert!(
            layout(&g, 50, 1)
                .iter()
                .all(|p| (0.0..=1.0).contains(&p.0) && (0.0..=1.0).contains(&p.1))
        );
    }
}
