//! The tree drawn as an SVG: laid out (leaves and folded subtrees in columns, parents above
//! the middle of their children), then the header, the edges, their labels and the nodes.

use super::{MAX_DESCRIPTION, Names, Status, Tree, cut, esc};
use std::fmt::Write;

impl Tree {
    /// [`Tree::svg`] with the collapsing size chosen: the layout, then the header, the
    /// edges, their labels and the nodes.
    pub fn svg_collapsed(&self, title: &str, names: &Names, collapse: usize) -> String {
        let l = self.layout(collapse);
        let mut s = String::new();
        self.svg_header(&mut s, &l, title);
        self.svg_edges(&mut s, &l);
        if l.labels {
            self.svg_labels(&mut s, &l, names);
        }
        self.svg_nodes(&mut s, &l, names);
        s.push_str("</svg>\n");
        s
    }

    /// Where each node goes: leaves (and folded subtrees) take the next column in
    /// depth-first order; a parent sits above the middle of its children.
    fn layout(&self, collapse: usize) -> Layout {
        let (size, sol) = self.sizes();
        let n = self.nodes.len();
        let folded: Vec<bool> = (0..n)
            .map(|i| i != 0 && size[i] > collapse && !sol[i])
            .collect();
        let (mut x, mut depth) = (vec![0.0f64; n], vec![0usize; n]);
        let mut next = 0.0;
        let mut max_depth = 0;
        let mut order = Vec::new(); // visited nodes, parents before children
        let mut stack = vec![(0usize, false)];
        while let Some((i, done)) = stack.pop() {
            if done {
                let c = &self.nodes[i].children;
                x[i] = (x[c[0]] + x[c[c.len() - 1]]) / 2.0;
                continue;
            }
            order.push(i);
            if let Some(p) = self.nodes[i].parent {
                depth[i] = depth[p] + 1;
            }
            max_depth = max_depth.max(depth[i]);
            if self.nodes[i].children.is_empty() || folded[i] {
                x[i] = next;
                next += if folded[i] { 1.6 } else { 1.0 };
                continue;
            }
            stack.push((i, true));
            for &c in self.nodes[i].children.iter().rev() {
                stack.push((c, false));
            }
        }
        let leaves = next.max(1.0);
        let labels = leaves <= 160.0;
        let dx = if labels { 56.0 } else { 16.0 };
        // Below a folded node nothing is drawn.
        let shown = |i: usize| -> bool {
            let mut p = self.nodes[i].parent;
            while let Some(q) = p {
                if folded[q] {
                    return false;
                }
                p = self.nodes[q].parent;
            }
            true
        };
        let visible: Vec<usize> = order.iter().copied().filter(|&i| shown(i)).collect();
        Layout {
            x,
            depth,
            size,
            folded,
            visible,
            labels,
            dx,
            w: (leaves * dx + 2.0 * LAYOUT_PAD).max(660.0),
            h: LAYOUT_TOP + max_depth as f64 * LAYOUT_DY + 70.0,
        }
    }

    /// The picture's frame, title, counts and legend.
    fn svg_header(&self, s: &mut String, l: &Layout, title: &str) {
        let (w, h, pad) = (l.w, l.h, LAYOUT_PAD);
        let c = self.counts();
        let _ = writeln!(
            s,
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w:.0}\" height=\"{h:.0}\" viewBox=\"0 0 {w:.0} {h:.0}\" font-family=\"sans-serif\">"
        );
        let _ = writeln!(s, "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>");
        let _ = writeln!(
            s,
            "<text x=\"{pad}\" y=\"24\" font-size=\"16\">{}</text>",
            esc(title)
        );
        let _ = writeln!(
            s,
            "<text x=\"{pad}\" y=\"44\" font-size=\"12\" fill=\"#555\">{} nodes: {} failures, {} solution{}, {} open</text>",
            c.nodes,
            c.failed,
            c.solutions,
            if c.solutions == 1 { "" } else { "s" },
            c.open
        );
        let _ = writeln!(
            s,
            "<text x=\"{pad}\" y=\"62\" font-size=\"12\" fill=\"#555\"><tspan fill=\"#1f77b4\">●</tspan> branch  <tspan fill=\"#d62728\">■</tspan> failure  <tspan fill=\"#2ca02c\">◆</tspan> solution  <tspan fill=\"#999\">○</tspan> open  <tspan fill=\"#d62728\">▲</tspan> subtree without solutions (its size)</text>"
        );
    }

    /// An edge from each visible node to its parent.
    fn svg_edges(&self, s: &mut String, l: &Layout) {
        s.push_str("<g stroke=\"#888\" stroke-width=\"1.2\">\n");
        for &i in &l.visible {
            if let Some(p) = self.nodes[i].parent {
                let _ = writeln!(
                    s,
                    "<line x1=\"{:.1}\" y1=\"{:.1}\" x2=\"{:.1}\" y2=\"{:.1}\"/>",
                    l.px(p),
                    l.py(p),
                    l.px(i),
                    l.py(i)
                );
            }
        }
        s.push_str("</g>\n");
    }

    /// The decisions on the edges: left branches labelled left of their edge, the others
    /// right of it.
    fn svg_labels(&self, s: &mut String, l: &Layout, names: &Names) {
        s.push_str("<g font-size=\"10\" fill=\"#333\">\n");
        for &i in &l.visible {
            if let (Some(p), Some(d)) = (self.nodes[i].parent, self.nodes[i].decision) {
                let first = self.nodes[p].children.len() > 1 && self.nodes[p].children[0] == i;
                let (anchor, shift) = if first { ("end", -5.0) } else { ("start", 5.0) };
                let _ = writeln!(
                    s,
                    "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"{anchor}\">{}</text>",
                    (l.px(p) + l.px(i)) / 2.0 + shift,
                    (l.py(p) + l.py(i)) / 2.0 + 3.0,
                    esc(&cut((names.decision)(d), MAX_DESCRIPTION))
                );
            }
        }
        s.push_str("</g>\n");
    }

    /// Each visible node as its status's shape (a folded subtree as a triangle with its
    /// size), its decision as a tooltip.
    fn svg_nodes(&self, s: &mut String, l: &Layout, names: &Names) {
        let dx = l.dx;
        for &i in &l.visible {
            let (cx, cy) = (l.px(i), l.py(i));
            let node = &self.nodes[i];
            let tip = node.decision.map_or("root".to_string(), |d| {
                cut((names.decision)(d), MAX_DESCRIPTION)
            });
            if l.folded[i] {
                let _ = writeln!(
                    s,
                    "<g><title>{} ({} nodes, no solution)</title><polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"#d62728\" fill-opacity=\"0.75\"/><text x=\"{:.1}\" y=\"{:.1}\" font-size=\"10\" text-anchor=\"middle\">{}</text></g>",
                    esc(&tip),
                    l.size[i],
                    cx,
                    cy - 7.0,
                    cx - 0.7 * dx.min(30.0),
                    cy + 26.0,
                    cx + 0.7 * dx.min(30.0),
                    cy + 26.0,
                    cx,
                    cy + 38.0,
                    l.size[i]
                );
                continue;
            }
            let shape = match node.status() {
                Status::Branch => {
                    format!("<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"7\" fill=\"#1f77b4\"/>")
                }
                Status::Failed => format!(
                    "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"12\" height=\"12\" fill=\"#d62728\"/>",
                    cx - 6.0,
                    cy - 6.0
                ),
                Status::Solution => format!(
                    "<polygon points=\"{:.1},{:.1} {:.1},{:.1} {:.1},{:.1} {:.1},{:.1}\" fill=\"#2ca02c\"/>",
                    cx,
                    cy - 9.0,
                    cx + 9.0,
                    cy,
                    cx,
                    cy + 9.0,
                    cx - 9.0,
                    cy
                ),
                Status::Open => format!(
                    "<circle cx=\"{cx:.1}\" cy=\"{cy:.1}\" r=\"6\" fill=\"white\" stroke=\"#999\" stroke-width=\"2\"/>"
                ),
            };
            let _ = writeln!(s, "<g><title>{}</title>{shape}</g>", esc(&tip));
        }
    }
}

/// The tree's picture laid out: columns, depths, what is folded and what is drawn.
struct Layout {
    /// Column of each node (in leaf widths).
    x: Vec<f64>,
    depth: Vec<usize>,
    /// Nodes in each subtree.
    size: Vec<usize>,
    /// Subtrees without solutions drawn as one triangle.
    folded: Vec<bool>,
    /// Nodes drawn (none below a folded one), parents before children.
    visible: Vec<usize>,
    /// Whether decisions label the edges (the picture is narrow enough to read them).
    labels: bool,
    /// Column width in pixels.
    dx: f64,
    w: f64,
    h: f64,
}

/// The margin, the height above the root, and the height of a level, in pixels.
const LAYOUT_PAD: f64 = 30.0;
const LAYOUT_TOP: f64 = 90.0;
const LAYOUT_DY: f64 = 52.0;

impl Layout {
    fn px(&self, i: usize) -> f64 {
        LAYOUT_PAD + self.dx / 2.0 + self.x[i] * self.dx
    }

    fn py(&self, i: usize) -> f64 {
        LAYOUT_TOP + self.depth[i] as f64 * LAYOUT_DY
    }
}
