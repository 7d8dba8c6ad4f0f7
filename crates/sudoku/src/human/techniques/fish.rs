//! Fish: X-wing, swordfish, jellyfish, and their finned forms.

use super::*;

/// Basic fish of size `k`: in `k` rows (or columns), digit `d` lies within `k` columns (rows);
/// those columns (rows) lose `d` elsewhere.
pub(super) fn fish(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    for d in 1..=n as u8 {
        for rows_as_base in [true, false] {
            // Per base line, the cover positions of d as a mask.
            let pos = |line: usize| -> u64 {
                (0..n)
                    .filter(|&i| {
                        let cell = if rows_as_base {
                            line * n + i
                        } else {
                            i * n + line
                        };
                        c.has(cell, d)
                    })
                    .fold(0u64, |m, i| m | 1 << i)
            };
            let lines: Vec<usize> = (0..n)
                .filter(|&l| (2..=k as u32).contains(&pos(l).count_ones()))
                .collect();
            let masks: Vec<u64> = (0..n).map(pos).collect();
            let mask_of = |l: usize| masks[l];
            let found = subsets_within(&lines, k, &mask_of, 0, k as u32, &mut |base, cover| {
                if cover.count_ones() as usize != k {
                    return None;
                }
                let mut elim = Vec::new();
                for i in (0..n).filter(|&i| cover >> i & 1 == 1) {
                    for l in (0..n).filter(|l| !base.contains(l)) {
                        let cell = if rows_as_base { l * n + i } else { i * n + l };
                        if c.has(cell, d) {
                            elim.push((cell, d));
                        }
                    }
                }
                (!elim.is_empty()).then(|| {
                    let (bn, cn) = if rows_as_base { ("rows", "columns") } else { ("columns", "rows") };
                    let list = |m: &mut dyn Iterator<Item = usize>| {
                        m.map(|x| (x + 1).to_string()).collect::<Vec<_>>().join(", ")
                    };
                    Step {
                        technique: t,
                        pattern: base
                            .iter()
                            .flat_map(|&l| {
                                (0..n).filter_map(move |i| {
                                    let cell = if rows_as_base { l * n + i } else { i * n + l };
                                    c.has(cell, d).then_some(cell)
                                })
                            })
                            .collect(),
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "in {bn} {}, {d} lies only in {cn} {}: one {d} per {} line there, so the rest of those {cn} cannot be {d}",
                            list(&mut base.iter().copied()),
                            list(&mut (0..n).filter(|&i| cover >> i & 1 == 1)),
                            &bn[..bn.len() - 1]
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

/// Finned fish of size 2 to 4 (X-wing, swordfish, jellyfish): in `k` base lines, digit `d`
/// lies in `k` cover lines except for a few "fins" that all sit in one box. Either the fish
/// holds (and the cover lines lose `d` elsewhere) or a fin is `d`; a cell in a cover line and
/// in the fins' box, outside the base lines, loses `d` either way. For each set of base lines
/// and each box, the cover is forced: the base candidates outside the box ("the body") must
/// lie in the cover lines, so only a few cover lines through the box are left to choose.
pub(super) fn finned_fish(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    let bx = |cell: usize| c.shape().box_of(cell / n, cell % n);
    // Per orientation, in_box[l][b]: the positions of line l inside box b.
    let in_boxes: [Vec<Vec<u64>>; 2] = [true, false].map(|rows_as_base| {
        (0..n)
            .map(|l| {
                (0..n)
                    .map(|b| {
                        (0..n)
                            .filter(|&i| bx(if rows_as_base { l * n + i } else { i * n + l }) == b)
                            .fold(0u64, |m, i| m | 1 << i)
                    })
                    .collect()
            })
            .collect()
    });
    {
        for d in 1..=n as u8 {
            for rows_as_base in [true, false] {
                let at = |line: usize, i: usize| {
                    if rows_as_base {
                        line * n + i
                    } else {
                        i * n + line
                    }
                };
                let pos: Vec<u64> = (0..n)
                    .map(|l| {
                        (0..n)
                            .filter(|&i| c.has(at(l, i), d))
                            .fold(0u64, |m, i| m | 1 << i)
                    })
                    .collect();
                let in_box = &in_boxes[usize::from(!rows_as_base)];
                let pos = &pos;
                let lines: Vec<usize> = (0..n)
                    .filter(|&l| (1..=k as u32 + 3).contains(&pos[l].count_ones()))
                    .collect();
                // The fins lie in one box: the union is at most the cover and that box's lines.
                let width = if rows_as_base {
                    c.shape().box_cols()
                } else {
                    c.shape().box_rows()
                };
                let mask_of = |l: usize| pos[l];
                let limit = (k + width) as u32;
                let found = subsets_within(&lines, k, &mask_of, 0, limit, &mut |base, union| {
                    if union.count_ones() as usize <= k {
                        return None; // a plain fish, found earlier
                    }
                    (0..n).find_map(|fb| {
                        let in_fb = base.iter().fold(0u64, |m, &l| m | (pos[l] & in_box[l][fb]));
                        if in_fb == 0 {
                            return None;
                        }
                        let body = base
                            .iter()
                            .fold(0u64, |m, &l| m | (pos[l] & !in_box[l][fb]));
                        let need = k.checked_sub(body.count_ones() as usize)?;
                        let spare: Vec<usize> =
                            (0..n).filter(|&i| (in_fb & !body) >> i & 1 == 1).collect();
                        subsets(&spare, need, &mut |extra: &[usize]| {
                            let cover_mask = extra.iter().fold(body, |m, &i| m | 1 << i);
                            let fins: Vec<usize> = base
                                .iter()
                                .flat_map(|&l| {
                                    (0..n)
                                        .filter(move |&i| (pos[l] & !cover_mask) >> i & 1 == 1)
                                        .map(move |i| at(l, i))
                                })
                                .collect();
                            if fins.is_empty() {
                                return None;
                            }
                            let cover: Vec<usize> =
                                (0..n).filter(|&i| cover_mask >> i & 1 == 1).collect();
                            let elim: Vec<(usize, u8)> = cover
                                .iter()
                                .flat_map(|&i| (0..n).map(move |l| (l, at(l, i))))
                                .filter(|&(l, cell)| {
                                    !base.contains(&l) && bx(cell) == fb && c.has(cell, d)
                                })
                                .map(|(_, cell)| (cell, d))
                                .collect();
                            (!elim.is_empty()).then(|| {
                                finned_step(
                                    c,
                                    t,
                                    d,
                                    rows_as_base,
                                    base,
                                    &cover,
                                    &fins,
                                    fb,
                                    pos,
                                    elim,
                                )
                            })
                        })
                    })
                });
                if found.is_some() {
                    return found;
                }
            }
        }
    }
    None
}

#[allow(
    clippy::too_many_arguments,
    reason = "one fish step: the sets, the fins and the output"
)]
fn finned_step(
    c: &Candidates,
    t: Technique,
    d: u8,
    rows_as_base: bool,
    base: &[usize],
    cover: &[usize],
    fins: &[usize],
    fb: usize,
    pos: &[u64],
    elim: Vec<(usize, u8)>,
) -> Step {
    let n = c.shape().size();
    let at = |line: usize, i: usize| {
        if rows_as_base {
            line * n + i
        } else {
            i * n + line
        }
    };
    let list = |v: &[usize]| {
        v.iter()
            .map(|l| (l + 1).to_string())
            .collect::<Vec<_>>()
            .join(", ")
    };
    let (bn, cn) = if rows_as_base {
        ("rows", "columns")
    } else {
        ("columns", "rows")
    };
    Step {
        technique: t,
        pattern: base
            .iter()
            .flat_map(|&l| {
                (0..n)
                    .filter(move |&i| pos[l] >> i & 1 == 1)
                    .map(move |i| at(l, i))
            })
            .collect(),
        placements: vec![],
        eliminations: elim,
        chain: fins.iter().map(|&f| (f, d)).collect(),
        explanation: format!(
            "{d} in {bn} {} lies in {cn} {} but for the fin(s) {} in box {}: either the fish holds or a fin is {d}, so cells of those {cn} inside that box lose {d}",
            list(base),
            list(cover),
            fins.iter()
                .map(|&f| c.name(f))
                .collect::<Vec<_>>()
                .join(", "),
            fb + 1,
        ),
    }
}
