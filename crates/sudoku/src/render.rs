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
