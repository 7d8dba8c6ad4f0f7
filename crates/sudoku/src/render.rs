//! The SVG picture of a grid: givens in black, filled-in symbols in blue.

use crate::grid::{Grid, symbol_char};
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
/// struck through, placements green, and the step's sentence as a caption.
pub fn step_svg(c: &crate::human::Candidates, step: &crate::human::Step) -> String {
    let shape = c.shape();
    let n = shape.size();
    let (cell, margin, caption) = (54usize, 10usize, 48usize);
    let side = n * cell;
    let (w, h) = (side + 2 * margin, side + 2 * margin + caption);
    let sub = (n as f64).sqrt().ceil() as usize;
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif">"#
    );
    let _ = writeln!(s, r#"<rect width="{w}" height="{h}" fill="white"/>"#);
    for &x in &step.pattern {
        let (r, col) = (x / n, x % n);
        let _ = writeln!(
            s,
            r##"<rect x="{}" y="{}" width="{cell}" height="{cell}" fill="#fff3b0"/>"##,
            margin + col * cell,
            margin + r * cell
        );
    }
    for i in 0..=n {
        let p = margin + i * cell;
        let wh = if i % shape.box_rows() == 0 { 2.5 } else { 0.8 };
        let wv = if i % shape.box_cols() == 0 { 2.5 } else { 0.8 };
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
    let small = cell / (sub + 1);
    for x in 0..n * n {
        let (r, col) = (x / n, x % n);
        let (x0, y0) = (margin + col * cell, margin + r * cell);
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
            let k = usize::from(d) - 1;
            let (cx, cy) = (
                x0 + (k % sub) * cell / sub + cell / (2 * sub),
                y0 + (k / sub) * cell / sub + cell / (2 * sub) + small / 3,
            );
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
    let text = format!("{}: {}", step.technique, step.explanation)
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;");
    let _ = writeln!(
        s,
        r#"<text x="{margin}" y="{}" font-size="12">{text}</text>"#,
        side + margin + 28
    );
    s.push_str("</svg>\n");
    s
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
}
