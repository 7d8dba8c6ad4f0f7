//! The SVG picture of a grid: givens in black, filled-in symbols in blue.

use crate::grid::{Grid, symbol_char};
use crate::shape::Shape;
use std::fmt::Write as _;

/// An SVG drawing of `solution` (or of the puzzle alone when `solution` is `None`), with
/// the givens of `puzzle` in bold black and the other symbols in blue; thick lines between
/// boxes.
pub fn svg(puzzle: &Grid, solution: Option<&Grid>) -> String {
    let shape = puzzle.shape();
    let n = shape.size();
    let cell = if n <= 9 {
        40
    } else if n <= 16 {
        32
    } else {
        26
    };
    let margin = 10;
    let side = n * cell;
    let total = side + 2 * margin;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{total}" height="{total}" viewBox="0 0 {total} {total}" font-family="sans-serif">"#
    );
    let _ = writeln!(
        s,
        r#"<rect width="{total}" height="{total}" fill="white"/>"#
    );
    for i in 0..=n {
        let p = margin + i * cell;
        let thick_h = i % shape.box_rows() == 0;
        let thick_v = i % shape.box_cols() == 0;
        let (wh, wv) = (
            if thick_h { 2.5 } else { 0.8 },
            if thick_v { 2.5 } else { 0.8 },
        );
        let end = margin + side;
        let _ = writeln!(
            s,
            r#"<line x1="{margin}" y1="{p}" x2="{end}" y2="{p}" stroke="black" stroke-width="{wh}"/>"#
        );
        let _ = writeln!(
            s,
            r#"<line x1="{p}" y1="{margin}" x2="{p}" y2="{end}" stroke="black" stroke-width="{wv}"/>"#
        );
    }
    let font = cell * 6 / 10;
    for r in 0..n {
        for c in 0..n {
            let given = puzzle.get(r, c);
            let sym = if given != 0 {
                given
            } else {
                solution.map_or(0, |g| g.get(r, c))
            };
            if sym == 0 {
                continue;
            }
            let text = if n <= 35 {
                symbol_char(sym).to_string()
            } else {
                sym.to_string()
            };
            let (x, y) = (
                margin + c * cell + cell / 2,
                margin + r * cell + cell / 2 + font * 35 / 100,
            );
            let style = if given != 0 {
                r##"fill="black" font-weight="bold""##
            } else {
                r##"fill="#1f5fbf""##
            };
            let _ = writeln!(
                s,
                r#"<text x="{x}" y="{y}" font-size="{font}" text-anchor="middle" {style}>{text}</text>"#
            );
        }
    }
    s.push_str("</svg>\n");
    s
}

/// An SVG drawing of one logical step on its candidate grid: placed values in black, pencil
/// marks small and grey, the pattern's cells shaded yellow, eliminated candidates red and
/// struck through, placements green, a chain's candidates circled in blue (X-chains and AICs
/// with their links: strong solid, weak dashed), and the step's sentence as a caption.
pub fn step_svg(c: &crate::human::Candidates, step: &crate::human::Step) -> String {
    let g = StepGrid::new(c.shape());
    let caption = caption_lines(step, g.side);
    let (w, h) = (
        g.side + 2 * g.margin,
        g.side + 2 * g.margin + 16 * caption.len() + 24,
    );
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    g.pattern(&mut s, step);
    g.lines(&mut s);
    g.cells(&mut s, c, step);
    g.chain(&mut s, c, step);
    g.caption(&mut s, &caption);
    s.push_str("</svg>\n");
    s
}

/// The step's sentence wrapped at word boundaries to the grid's width (about 6.5 px a
/// character at 12 px).
fn caption_lines(step: &crate::human::Step, side: usize) -> Vec<String> {
    let per_line = (side * 10 / 65).max(20);
    let mut lines: Vec<String> = Vec::new();
    for word in format!("{}: {}", step.technique, step.explanation).split(' ') {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= per_line => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// The geometry of a step's picture: cells of 54 px in a 10 px margin, candidates on a
/// `sub × sub` grid inside each cell.
struct StepGrid {
    shape: Shape,
    n: usize,
    cell: usize,
    margin: usize,
    side: usize,
    sub: usize,
    /// A candidate's font size.
    small: usize,
}

impl StepGrid {
    fn new(shape: Shape) -> Self {
        let n = shape.size();
        let (cell, margin) = (54usize, 10usize);
        let sub = (n as f64).sqrt().ceil() as usize;
        StepGrid {
            shape,
            n,
            cell,
            margin,
            side: n * cell,
            sub,
            small: cell / (sub + 1),
        }
    }

    /// The centre of candidate `d` in cell `x`.
    fn centre(&self, x: usize, d: u8) -> (usize, usize) {
        let (cell, sub) = (self.cell, self.sub);
        let k = usize::from(d) - 1;
        let (x0, y0) = (
            self.margin + (x % self.n) * cell,
            self.margin + (x / self.n) * cell,
        );
        (
            x0 + (k % sub) * cell / sub + cell / (2 * sub),
            y0 + (k / sub) * cell / sub + cell / (2 * sub),
        )
    }

    /// The pattern's cells shaded.
    fn pattern(&self, s: &mut String, step: &crate::human::Step) {
        let (n, cell) = (self.n, self.cell);
        for &x in &step.pattern {
            let (r, col) = (x / n, x % n);
            let _ = writeln!(
                s,
                r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="#fff3b0"/>"##,
                self.margin + col * cell,
                self.margin + r * cell
            );
        }
    }

    /// The grid's lines, the boxes' thicker.
    fn lines(&self, s: &mut String) {
        let margin = self.margin;
        for i in 0..=self.n {
            let p = margin + i * self.cell;
            let wh = if i % self.shape.box_rows() == 0 {
                2.5
            } else {
                0.8
            };
            let wv = if i % self.shape.box_cols() == 0 {
                2.5
            } else {
                0.8
            };
            let end = margin + self.side;
            let _ = writeln!(
                s,
                r#"<line x1="{margin}" y1="{p}" x2="{end}" y2="{p}" stroke="black" stroke-width="{wh}"/>"#
            );
            let _ = writeln!(
                s,
                r#"<line x1="{p}" y1="{margin}" x2="{p}" y2="{end}" stroke="black" stroke-width="{wv}"/>"#
            );
        }
    }

    /// Each cell: its value, or its candidates (placements green, eliminations red and
    /// struck through).
    fn cells(&self, s: &mut String, c: &crate::human::Candidates, step: &crate::human::Step) {
        let (n, cell, small) = (self.n, self.cell, self.small);
        for x in 0..n * n {
            let (r, col) = (x / n, x % n);
            let (x0, y0) = (self.margin + col * cell, self.margin + r * cell);
            let v = c.value(x);
            if v != 0 {
                let _ = writeln!(
                    s,
                    r#"<text x="{}" y="{}" font-size="{}" text-anchor="middle" font-weight="bold">{}</text>"#,
                    x0 + cell / 2,
                    y0 + cell / 2 + cell / 5,
                    cell * 6 / 10,
                    symbol_char(v)
                );
                continue;
            }
            for d in 1..=n as u8 {
                if !c.has(x, d) {
                    continue;
                }
                let (cx, cy) = self.centre(x, d);
                let cy = cy + small / 3;
                let placed = step.placements.contains(&(x, d));
                let gone = step.eliminations.contains(&(x, d));
                let fill = if placed {
                    "#138a36"
                } else if gone {
                    "#d0021b"
                } else {
                    "#777777"
                };
                let weight = if placed || gone { "bold" } else { "normal" };
                let _ = writeln!(
                    s,
                    r#"<text x="{cx}" y="{cy}" font-size="{small}" text-anchor="middle" fill="{fill}" font-weight="{weight}">{}</text>"#,
                    symbol_char(d)
                );
                if gone {
                    let _ = writeln!(
                        s,
                        r##"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="#d0021b" stroke-width="1.5"/>"##,
                        cx - small / 2,
                        cy - small / 3,
                        cx + small / 2,
                        cy - small / 3
                    );
                }
            }
        }
    }

    /// A chain's candidates circled; for X-chains and AICs the links drawn, strong ones
    /// solid and weak ones dashed, alternating from a strong first link.
    fn chain(&self, s: &mut String, c: &crate::human::Candidates, step: &crate::human::Step) {
        for (a, b, kind) in step.links() {
            let ((xa, ya), (xb, yb)) = (self.centre(a.0, a.1), self.centre(b.0, b.1));
            let dash = match kind {
                crate::human::Link::Strong => "",
                crate::human::Link::Weak => r#" stroke-dasharray="4 3""#,
            };
            let _ = writeln!(
                s,
                r##"<line x1="{xa}" y1="{ya}" x2="{xb}" y2="{yb}" stroke="#1f5fbf" stroke-width="1.6"{dash}/>"##
            );
        }
        for &(x, d) in &step.chain {
            if c.value(x) == 0 {
                let (cx, cy) = self.centre(x, d);
                let _ = writeln!(
                    s,
                    r##"<circle cx="{cx}" cy="{cy}" r="{}" fill="none" stroke="#1f5fbf" stroke-width="1.4"/>"##,
                    self.small * 6 / 10
                );
            }
        }
    }

    /// The caption under the grid, escaped.
    fn caption(&self, s: &mut String, lines: &[String]) {
        let margin = self.margin;
        for (i, line) in lines.iter().enumerate() {
            let text = line
                .replace('&', "&amp;")
                .replace('<', "&lt;")
                .replace('>', "&gt;");
            let _ = writeln!(
                s,
                r#"<text x="{margin}" y="{}" font-size="12">{text}</text>"#,
                self.side + margin + 24 + 16 * i
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::Shape;

    #[test]
    fn givens_and_filled_symbols_are_drawn_differently() {
        let shape = Shape::square(2).unwrap();
        let mut p = Grid::empty(shape);
        p.set(0, 0, 1);
        let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        let s = Grid::new(shape, cells.to_vec()).unwrap();
        let out = svg(&p, Some(&s));
        assert_eq!(out.matches("font-weight=\"bold\"").count(), 1);
        assert_eq!(out.matches("#1f5fbf").count(), 15);
        assert!(out.starts_with("<svg"));
    }

    #[test]
    fn a_chain_is_drawn_with_its_links() {
        let text =
            "......5.94....2.8....5..64..4..1..93.9.2.4.1.38..5..6..39..8....6.1....87.8......";
        let g = &crate::parse::parse(text, "t").unwrap()[0].grid;
        let mut c = crate::human::Candidates::new(g).unwrap();
        let step = loop {
            let step = crate::human::next_step(&c).unwrap();
            if step.technique == crate::human::Technique::Aic {
                break step;
            }
            c.apply(&step);
        };
        let out = step_svg(&c, &step);
        let circles = out.matches("<circle").count();
        assert_eq!(circles, step.chain.len());
        // Links between consecutive candidates, every other one dashed.
        assert_eq!(
            out.matches("stroke-dasharray").count(),
            (step.chain.len() - 1) / 2
        );
    }
}
