//! Single-digit patterns on strong links: skyscraper, 2-string kite, empty rectangle,
//! X-chains and simple colouring.

use super::*;

/// Skyscraper (`parallel`: two row links or two column links sharing a column/row at one
/// end) and 2-string kite (a row link and a column link with one end each in a shared box).
/// Either way one of the two far ends holds `d`, so cells seeing both lose it.
pub(super) fn two_links(c: &Candidates, parallel: bool) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        let links = strong_links(c, d);
        for (i, &(u1, a1, b1)) in links.iter().enumerate() {
            for &(u2, a2, b2) in &links[i + 1..] {
                let (k1, k2) = (u1 / n, u2 / n);
                let ok_kind = if parallel {
                    k1 == k2 && k1 < 2
                } else {
                    k1 < 2 && k2 < 2 && k1 != k2
                };
                if !ok_kind {
                    continue;
                }
                for (x1, y1) in [(a1, b1), (b1, a1)] {
                    for (x2, y2) in [(a2, b2), (b2, a2)] {
                        // x1 and x2 are the joined ends, y1 and y2 the far ends.
                        if x1 == x2 || y1 == y2 || x1 == y2 || x2 == y1 || c.sees(y1, y2) {
                            continue;
                        }
                        let joined = if parallel {
                            // Same column (row links) or same row (column links).
                            if k1 == 0 {
                                x1 % n == x2 % n
                            } else {
                                x1 / n == x2 / n
                            }
                        } else {
                            let b = |x: usize| c.shape().box_of(x / n, x % n);
                            b(x1) == b(x2)
                        };
                        if !joined {
                            continue;
                        }
                        let elim = common_peers(c, &[y1, y2], d);
                        if !elim.is_empty() {
                            let t = if parallel {
                                Technique::Skyscraper
                            } else {
                                Technique::TwoStringKite
                            };
                            return Some(Step {
                                technique: t,
                                pattern: vec![y1, x1, x2, y2],
                                placements: vec![],
                                eliminations: elim,
                                chain: Vec::new(),
                                explanation: format!(
                                    "{d} is in {} or {} ({}), and in {} or {} ({}); {} and {} cannot both hold it, so {} or {} does: cells seeing both lose {d}",
                                    c.name(x1),
                                    c.name(y1),
                                    unit_name(c, u1),
                                    c.name(x2),
                                    c.name(y2),
                                    unit_name(c, u2),
                                    c.name(x1),
                                    c.name(x2),
                                    c.name(y1),
                                    c.name(y2)
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

/// Empty rectangle: in a box, digit `d` lies only in one row `r` and one column `k` of the box
/// (not all in one of them). A strong link on `d` in a column outside the box, with one end X
/// in row `r` and the other end Y outside the box's rows: if X is `d`, the box's `d` is in
/// column `k`; if not, Y is `d`. Either way the cell in Y's row and column `k` cannot be `d`.
/// The same with rows and columns exchanged.
pub(super) fn empty_rectangle(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let (br, bc) = (c.shape().box_rows(), c.shape().box_cols());
    for d in 1..=n as u8 {
        let links = strong_links(c, d);
        for b in 0..n {
            let (r0, c0) = (b / (n / bc) * br, b % (n / bc) * bc);
            let cells: Vec<usize> = c.units()[2 * n + b]
                .iter()
                .copied()
                .filter(|&x| c.has(x, d))
                .collect();
            if cells.len() < 2 {
                continue;
            }
            for r in r0..r0 + br {
                for k in c0..c0 + bc {
                    let on_cross = cells.iter().all(|&x| x / n == r || x % n == k);
                    let one_line =
                        cells.iter().all(|&x| x / n == r) || cells.iter().all(|&x| x % n == k);
                    if !on_cross || one_line {
                        continue;
                    }
                    for &(u, a, e) in &links {
                        for (x, y) in [(a, e), (e, a)] {
                            // A column link joined to row r, or a row link joined to column k.
                            let target = match u / n {
                                1 if x / n == r
                                    && !(c0..c0 + bc).contains(&(x % n))
                                    && !(r0..r0 + br).contains(&(y / n)) =>
                                {
                                    (y / n) * n + k
                                }
                                0 if x % n == k
                                    && !(r0..r0 + br).contains(&(x / n))
                                    && !(c0..c0 + bc).contains(&(y % n)) =>
                                {
                                    r * n + y % n
                                }
                                _ => continue,
                            };
                            if !c.has(target, d) {
                                continue;
                            }
                            let mut pattern = cells.clone();
                            pattern.extend([x, y]);
                            return Some(Step {
                                technique: Technique::EmptyRectangle,
                                pattern,
                                placements: vec![],
                                eliminations: vec![(target, d)],
                                chain: vec![(y, d), (x, d)],
                                explanation: format!(
                                    "in box {}, {d} lies only in row {} and column {}; {d} is in {} or {} ({}): if {} is {d}, the box's {d} is in {}, else {} is {d}; either way {} cannot be {d}",
                                    b + 1,
                                    r + 1,
                                    k + 1,
                                    c.name(x),
                                    c.name(y),
                                    unit_name(c, u),
                                    c.name(x),
                                    if u / n == 1 {
                                        format!("column {}", k + 1)
                                    } else {
                                        format!("row {}", r + 1)
                                    },
                                    c.name(y),
                                    c.name(target)
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

/// X-chain on one digit: from a cell, alternate strong links (the digit's only two places in
/// a unit) and weak links (two cells of a unit), starting and ending with a strong link. If
/// the first cell is not the digit, the chain forces the last one to be: cells seeing both
/// ends lose the digit. Breadth-first, so the shortest chain is found first.
pub(super) fn x_chain(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        let cells: Vec<usize> = (0..n * n).filter(|&x| c.has(x, d)).collect();
        let mut strong: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for (_, a, b) in strong_links(c, d) {
            strong[a].push(b);
            strong[b].push(a);
        }
        for &start in &cells {
            if strong[start].is_empty() {
                continue;
            }
            // State: (cell, next link must be strong). prev for the path.
            let mut prev: Vec<[usize; 2]> = vec![[usize::MAX; 2]; n * n];
            let mut frontier = vec![(start, true)];
            prev[start][1] = start;
            for depth in 0..MAX_CHAIN {
                let mut next = Vec::new();
                for &(x, want_strong) in &frontier {
                    let targets: Vec<usize> = if want_strong {
                        strong[x].clone()
                    } else {
                        cells.iter().copied().filter(|&y| c.sees(x, y)).collect()
                    };
                    let slot = usize::from(!want_strong);
                    for y in targets {
                        if prev[y][slot] != usize::MAX || y == start {
                            continue;
                        }
                        prev[y][slot] = x;
                        next.push((y, !want_strong));
                        // Ended with a strong link, at least three links (skyscrapers and
                        // kites are found earlier), far end not seeing the start trivially.
                        if want_strong && depth >= 2 {
                            let elim = common_peers(c, &[start, y], d);
                            if !elim.is_empty() {
                                let mut path = vec![y];
                                let (mut cur, mut s) = (y, slot);
                                while cur != start {
                                    let p = prev[cur][s];
                                    path.push(p);
                                    cur = p;
                                    s ^= 1;
                                }
                                path.reverse();
                                return Some(Step {
                                    technique: Technique::XChain,
                                    pattern: path.clone(),
                                    placements: vec![],
                                    eliminations: elim,
                                    chain: path.iter().map(|&x| (x, d)).collect(),
                                    explanation: format!(
                                        "on {d}, the chain {} alternates strong and weak links: if {} is not {d} then {} is, so cells seeing both lose {d}",
                                        path.iter()
                                            .map(|&x| c.name(x))
                                            .collect::<Vec<_>>()
                                            .join(" – "),
                                        c.name(start),
                                        c.name(y)
                                    ),
                                });
                            }
                        }
                    }
                }
                if next.is_empty() {
                    break;
                }
                frontier = next;
            }
        }
    }
    None
}

/// Simple colouring on one digit: each connected set of strong links is coloured in two
/// alternating colours, one of which holds the digit. Colour wrap: two cells of one colour in a
/// unit make that colour false. Colour trap: a cell seeing both colours cannot hold the digit.
pub(super) fn simple_colouring(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        let links = strong_links(c, d);
        let mut adj: Vec<Vec<usize>> = vec![Vec::new(); n * n];
        for &(_, a, b) in &links {
            adj[a].push(b);
            adj[b].push(a);
        }
        let mut colour = vec![u8::MAX; n * n];
        for start in 0..n * n {
            if adj[start].is_empty() || colour[start] != u8::MAX {
                continue;
            }
            // Two-colour this component.
            let mut comp = vec![start];
            colour[start] = 0;
            let mut k = 0;
            while k < comp.len() {
                let x = comp[k];
                k += 1;
                for &y in &adj[x] {
                    if colour[y] == u8::MAX {
                        colour[y] = 1 - colour[x];
                        comp.push(y);
                    }
                }
            }
            if comp.len() < 4 {
                continue; // smaller components are covered by the other techniques
            }
            let names = |col: u8| -> String {
                comp.iter()
                    .filter(|&&x| colour[x] == col)
                    .map(|&x| c.name(x))
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            // Colour wrap.
            for col in 0..2u8 {
                let cells: Vec<usize> =
                    comp.iter().copied().filter(|&x| colour[x] == col).collect();
                let clash = cells
                    .iter()
                    .enumerate()
                    .any(|(i, &a)| cells[i + 1..].iter().any(|&b| c.sees(a, b)));
                if clash {
                    return Some(Step {
                        technique: Technique::SimpleColouring,
                        pattern: comp.clone(),
                        placements: vec![],
                        eliminations: cells.iter().map(|&x| (x, d)).collect(),
                        chain: comp.iter().map(|&x| (x, d)).collect(),
                        explanation: format!(
                            "colouring the strong links of {d}: two cells of the colour {{{}}} share a unit, so that colour is false and its cells lose {d}",
                            names(col)
                        ),
                    });
                }
            }
            // Colour trap.
            let elim: Vec<(usize, u8)> = (0..n * n)
                .filter(|&x| colour[x] == u8::MAX && c.has(x, d))
                .filter(|&x| {
                    let sees_col = |col: u8| comp.iter().any(|&y| colour[y] == col && c.sees(x, y));
                    sees_col(0) && sees_col(1)
                })
                .map(|x| (x, d))
                .collect();
            if !elim.is_empty() {
                return Some(Step {
                    technique: Technique::SimpleColouring,
                    pattern: comp.clone(),
                    placements: vec![],
                    eliminations: elim,
                    chain: comp.iter().map(|&x| (x, d)).collect(),
                    explanation: format!(
                        "colouring the strong links of {d}: one of {{{}}} and {{{}}} holds {d}, and these cells see both",
                        names(0),
                        names(1)
                    ),
                });
            }
        }
    }
    None
}
