//! Uniqueness techniques, sound for puzzles with one solution: unique rectangles (types 1–4)
//! and BUG+1.

use super::*;

/// Unique rectangles: four cells in two rows, two columns and two boxes may not be left with
/// only the pair {a, b} (the digits could swap and the puzzle would have two solutions). Type 1:
/// three corners are the pair, the fourth loses it. Type 2: the two other corners hold the
/// pair plus the same single digit z, so z is in one of them. Type 4: a pair digit is confined
/// to the two other corners in some unit, so neither takes the other pair digit. Assumes the
/// puzzle has one solution, as every published puzzle does.
pub(super) fn unique_rectangle(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let bv = bivalue(c);
    for (i, &a) in bv.iter().enumerate() {
        for &b in &bv[i + 1..] {
            let m = c.mask(a);
            if c.mask(b) != m {
                continue;
            }
            let (ra, ca, rb, cb) = (a / n, a % n, b / n, b % n);
            if ra == rb || ca == cb {
                // a and b on one line: the rectangle's other line is any other row (column).
                let other_lines: Vec<(usize, usize)> = if ra == rb {
                    (0..n)
                        .filter(|&r| r != ra)
                        .map(|r| (r * n + ca, r * n + cb))
                        .collect()
                } else {
                    (0..n)
                        .filter(|&col| col != ca)
                        .map(|col| (ra * n + col, rb * n + col))
                        .collect()
                };
                for (x, y) in other_lines {
                    let boxes: std::collections::BTreeSet<usize> = [a, b, x, y]
                        .iter()
                        .map(|&z| c.shape().box_of(z / n, z % n))
                        .collect();
                    if boxes.len() != 2 || c.value(x) != 0 || c.value(y) != 0 {
                        continue;
                    }
                    for (third, fourth) in [(x, y), (y, x)] {
                        if c.mask(third) == m && c.mask(fourth) & m == m && c.mask(fourth) != m {
                            let elim: Vec<(usize, u8)> = digits(m).map(|d| (fourth, d)).collect();
                            return Some(Step {
                                technique: Technique::UniqueRectangle,
                                pattern: vec![a, b, third, fourth],
                                placements: vec![],
                                eliminations: elim,
                                chain: Vec::new(),
                                explanation: format!(
                                    "type 1: {}, {} and {} hold only {}; if {} held either, the two digits could swap around the rectangle and the puzzle would not be unique, so it holds neither",
                                    c.name(a),
                                    c.name(b),
                                    c.name(third),
                                    digit_list(m),
                                    c.name(fourth)
                                ),
                            });
                        }
                    }
                    // The roof: x and y both hold the pair and more.
                    let (mx, my) = (c.mask(x), c.mask(y));
                    if mx & m != m || my & m != m || mx == m || my == m {
                        continue;
                    }
                    // Type 2: both roofs have the same single extra digit: it is in one of them.
                    let (ex, ey) = (mx & !m, my & !m);
                    if ex == ey && ex.count_ones() == 1 {
                        let z = ex.trailing_zeros() as u8 + 1;
                        let elim = common_peers(c, &[x, y], z);
                        if !elim.is_empty() {
                            return Some(Step {
                                technique: Technique::UniqueRectangle,
                                pattern: vec![a, b, x, y],
                                placements: vec![],
                                eliminations: elim,
                                chain: Vec::new(),
                                explanation: format!(
                                    "type 2: without {z}, {} and {} would complete a deadly rectangle on {} with {} and {}; so one of them is {z}, and cells seeing both lose {z}",
                                    c.name(x),
                                    c.name(y),
                                    digit_list(m),
                                    c.name(a),
                                    c.name(b)
                                ),
                            });
                        }
                    }
                    // Type 3: the roofs' extra digits, as one virtual cell, make a naked
                    // subset with other cells of a unit holding both roofs.
                    if let Some(step) = ur_type3(c, [a, b, x, y], m) {
                        return Some(step);
                    }
                    // Type 4: in a unit holding both roofs, one pair digit has no other place:
                    // one roof takes it, so neither can take the other pair digit.
                    for d in digits(m) {
                        let e = digits(m).find(|&e| e != d).unwrap_or(d);
                        let confined = c.units().iter().any(|unit| {
                            unit.contains(&x)
                                && unit.contains(&y)
                                && unit.iter().filter(|&&z| c.has(z, d)).count() == 2
                        });
                        if confined {
                            return Some(Step {
                                technique: Technique::UniqueRectangle,
                                pattern: vec![a, b, x, y],
                                placements: vec![],
                                eliminations: vec![(x, e), (y, e)],
                                chain: Vec::new(),
                                explanation: format!(
                                    "type 4: {d} must go in {} or {}; if the other took {e} the rectangle {} would be deadly, so both lose {e}",
                                    c.name(x),
                                    c.name(y),
                                    [a, b, x, y]
                                        .iter()
                                        .map(|&z| c.name(z))
                                        .collect::<Vec<_>>()
                                        .join(", ")
                                ),
                            });
                        }
                    }
                }
            }
        }
    }
    None
}

/// Unique rectangle type 3: one of the roofs `x`, `y` holds one of their extra digits (else
/// the rectangle is deadly), so together they act as one cell holding the extra digits. With
/// `j` other cells of a unit holding both roofs, `j + 1` digits in all, those digits are all
/// placed in these cells and leave the unit's other cells.
fn ur_type3(c: &Candidates, corners: [usize; 4], m: u64) -> Option<Step> {
    let [a, b, x, y] = corners;
    let extra = (c.mask(x) | c.mask(y)) & !m;
    if extra.count_ones() < 2 {
        return None; // one extra digit is type 2
    }
    for (u, unit) in c.units().iter().enumerate() {
        if !unit.contains(&x) || !unit.contains(&y) {
            continue;
        }
        let others: Vec<usize> = unit
            .iter()
            .copied()
            .filter(|&z| z != x && z != y && c.value(z) == 0)
            .collect();
        for j in 1..=3usize.min(others.len().saturating_sub(1)) {
            let found = subsets(&others, j, &mut |set: &[usize]| {
                let digits_mask = set.iter().fold(extra, |acc, &z| acc | c.mask(z));
                if digits_mask.count_ones() as usize != j + 1 {
                    return None;
                }
                let elim: Vec<(usize, u8)> = others
                    .iter()
                    .filter(|z| !set.contains(z))
                    .flat_map(|&z| digits(c.mask(z) & digits_mask).map(move |d| (z, d)))
                    .collect();
                (!elim.is_empty()).then(|| {
                    let mut pattern = vec![a, b, x, y];
                    pattern.extend_from_slice(set);
                    Step {
                        technique: Technique::UniqueRectangle,
                        pattern,
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "type 3: {} or {} must hold one of {} (else the rectangle on {} with {} and {} is deadly); with {} they hold the {} digits {} of {}, which leave its other cells",
                            c.name(x),
                            c.name(y),
                            digit_list(extra),
                            digit_list(m),
                            c.name(a),
                            c.name(b),
                            set.iter().map(|&z| c.name(z)).collect::<Vec<_>>().join(", "),
                            j + 1,
                            digit_list(digits_mask),
                            unit_name(c, u)
                        ),
                    }
                })
            });
            if found.is_some() {
                return found;
            }
        }
    }
    None
}

/// BUG+1 (bivalue universal grave plus one): every open cell is bivalue except one with three
/// candidates. Without that cell's extra digit the grid would be a "deadly" pattern with two
/// solutions, so the digit that appears three times in its row, column and box goes there.
pub(super) fn bug_plus_one(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let open: Vec<usize> = (0..n * n).filter(|&x| c.value(x) == 0).collect();
    let mut tri = None;
    for &x in &open {
        match c.mask(x).count_ones() {
            // A cell with one candidate (pencil-mark input) counts as solved if no peer still
            // holds its digit.
            1 if c.peers(x).all(|p| c.mask(p) & c.mask(x) == 0) => {}
            2 => {}
            3 if tri.is_none() => tri = Some(x),
            _ => return None,
        }
    }
    let x = tri?;
    let (r, col) = (x / n, x % n);
    let b = c.shape().box_of(r, col);
    let d = digits(c.mask(x)).find(|&d| {
        [r, n + col, 2 * n + b].iter().all(|&u| {
            let holders = c.units()[u]
                .iter()
                .filter(|&&y| c.has(y, d) && c.mask(y).count_ones() > 1);
            holders.count() == 3
        })
    })?;
    Some(Step {
        technique: Technique::BugPlusOne,
        pattern: vec![x],
        placements: vec![(x, d)],
        eliminations: vec![],
        chain: Vec::new(),
        explanation: format!(
            "every open cell but {} has two candidates; if {} were not {d}, {d} would appear twice in each of its units and the grid would have two solutions, so it is {d}",
            c.name(x),
            c.name(x)
        ),
    })
}
