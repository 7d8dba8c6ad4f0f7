//! Patterns of bivalue and small cells: XY-, XYZ-, WXYZ- and VWXYZ-wings, W-wings and
//! XY-chains.

use super::*;

pub(super) fn xy_wing(c: &Candidates) -> Option<Step> {
    let bv = bivalue(c);
    for &p in &bv {
        let pm = c.mask(p);
        for &a in bv.iter().filter(|&&a| c.sees(p, a)) {
            let am = c.mask(a);
            let shared = pm & am;
            if shared.count_ones() != 1 {
                continue;
            }
            let z = am & !pm;
            for &b in bv.iter().filter(|&&b| b != a && c.sees(p, b)) {
                let bm = c.mask(b);
                // b holds the other pivot digit and z.
                if bm != (pm & !shared) | z {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elim = common_peers(c, &[a, b], zd);
                let elim: Vec<_> = elim.into_iter().filter(|&(x, _)| x != p).collect();
                if !elim.is_empty() {
                    return Some(Step {
                        technique: Technique::XyWing,
                        pattern: vec![p, a, b],
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "{} is {} or {}; either way {} or {} is {zd}, so cells seeing both cannot be {zd}",
                            c.name(p),
                            digit_list(pm & am),
                            digit_list(pm & bm),
                            c.name(a),
                            c.name(b)
                        ),
                    });
                }
            }
        }
    }
    None
}

pub(super) fn xyz_wing(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let bv = bivalue(c);
    for p in (0..n * n).filter(|&x| c.mask(x).count_ones() == 3) {
        let pm = c.mask(p);
        for &a in bv.iter().filter(|&&a| c.sees(p, a) && c.mask(a) & !pm == 0) {
            for &b in bv
                .iter()
                .filter(|&&b| b > a && c.sees(p, b) && c.mask(b) & !pm == 0)
            {
                let z = c.mask(a) & c.mask(b);
                if z.count_ones() != 1 || c.mask(a) == c.mask(b) {
                    continue;
                }
                let zd = z.trailing_zeros() as u8 + 1;
                let elim = common_peers(c, &[p, a, b], zd);
                if !elim.is_empty() {
                    return Some(Step {
                        technique: Technique::XyzWing,
                        pattern: vec![p, a, b],
                        placements: vec![],
                        eliminations: elim,
                        chain: Vec::new(),
                        explanation: format!(
                            "one of {}, {} and {} is {zd} whatever {} is, so cells seeing all three cannot be {zd}",
                            c.name(p),
                            c.name(a),
                            c.name(b),
                            c.name(p)
                        ),
                    });
                }
            }
        }
    }
    None
}

/// A generalised wing: a pivot and `k − 1` of its peers, `k` cells holding together exactly
/// `k` digits, every digit but one (z) confined to cells that see each other. The cells need
/// `k` values from `k` digits with each confined digit at most once, so z is among them: a cell
/// seeing every z of the pattern cannot be z. XY- and XYZ-wings are the case `k = 3`.
pub(super) fn n_wing(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    let open: Vec<usize> = (0..n * n)
        .filter(|&x| c.value(x) == 0 && (2..=k as u32).contains(&c.mask(x).count_ones()))
        .collect();
    let mut cells = Vec::with_capacity(k);
    // SukakuExplainer takes the least difficult wing (its largest cell's size farthest from
    // the middle, which it rates lower), then the one eliminating most: every wing is looked at.
    let middle = (k as i64 + 2) / 2;
    let key = |cells: &[usize], eliminations: usize| {
        let biggest = c.largest(cells);
        ((middle - i64::from(biggest)).abs(), eliminations)
    };
    let mut best: Option<Step> = None;
    let mut best_key = None;
    for &p in &open {
        let peers: Vec<usize> = open
            .iter()
            .copied()
            .filter(|&x| c.sees(p, x) && (c.mask(x) | c.mask(p)).count_ones() <= k as u32)
            .collect();
        cells.clear();
        cells.push(p);
        grow_wing(
            c,
            k,
            &peers,
            0,
            &mut cells,
            c.mask(p),
            0,
            &mut |cells, union, z| {
                let z = z.trailing_zeros() as u8 + 1;
                let holders: Vec<usize> = cells.iter().copied().filter(|&x| c.has(x, z)).collect();
                let elim: Vec<(usize, u8)> = common_peers(c, &holders, z)
                    .into_iter()
                    .filter(|(x, _)| !cells.contains(x))
                    .collect();
                let now = Some(key(cells, elim.len()));
                if elim.is_empty() || now <= best_key {
                    return None;
                }
                best_key = now;
                best = Some(Step {
                    technique: t,
                    pattern: cells.to_vec(),
                    placements: vec![],
                    eliminations: elim,
                    chain: Vec::new(),
                    explanation: format!(
                        "{} hold the {k} digits {} between them and every digit but {z} at most once, so one of them is {z}: cells seeing all their {z}s lose {z}",
                        cells
                            .iter()
                            .map(|&x| c.name(x))
                            .collect::<Vec<_>>()
                            .join(", "),
                        digit_list(union)
                    ),
                });
                // Keep looking: every wing is compared.
                None
            },
        );
    }
    best
}

/// Grows a wing from `cells` (the pivot first) with peers from `from` on: `union` is the
/// cells' digits, `loose` the digits held by two cells that do not see each other. A set is
/// cut as soon as it has more than `k` digits or two loose ones (adding cells only adds
/// both); full sets with `k` digits and one loose digit go to `f`.
#[allow(clippy::too_many_arguments, reason = "a recursion's accumulators")]
fn grow_wing(
    c: &Candidates,
    k: usize,
    peers: &[usize],
    from: usize,
    cells: &mut Vec<usize>,
    union: u64,
    loose: u64,
    f: &mut impl FnMut(&[usize], u64, u64) -> Option<Step>,
) -> Option<Step> {
    if cells.len() == k {
        return (union.count_ones() as usize == k && loose.count_ones() == 1)
            .then(|| f(cells, union, loose))
            .flatten();
    }
    for (i, &x) in peers.iter().enumerate().skip(from) {
        let m = c.mask(x);
        let u = union | m;
        if u.count_ones() as usize > k {
            continue;
        }
        let mut l = loose;
        for d in digits(m & union & !loose) {
            if cells.iter().any(|&y| c.has(y, d) && !c.sees(x, y)) {
                l |= 1 << (d - 1);
            }
        }
        if l.count_ones() > 1 {
            continue;
        }
        cells.push(x);
        let found = grow_wing(c, k, peers, i + 1, cells, u, l, f);
        cells.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// W-wing: bivalue cells A and B with the same pair {x, y}, and a strong link on x whose ends
/// see A and B respectively. If neither A nor B were y both would be x, and the strong link's
/// x (one of its ends) would see one of them: so A or B is y, and cells seeing both lose y.
pub(super) fn w_wing(c: &Candidates) -> Option<Step> {
    let bv = bivalue(c);
    for (i, &a) in bv.iter().enumerate() {
        for &b in &bv[i + 1..] {
            let m = c.mask(a);
            if c.mask(b) != m || c.sees(a, b) {
                continue;
            }
            for x in digits(m) {
                let y = digits(m & !(1u64 << (x - 1))).next()?;
                for (_, e1, e2) in strong_links(c, x) {
                    for (p, q) in [(e1, e2), (e2, e1)] {
                        if p == a || p == b || q == a || q == b {
                            continue;
                        }
                        if !(c.sees(p, a) && c.sees(q, b)) {
                            continue;
                        }
                        let elim = common_peers(c, &[a, b], y);
                        if !elim.is_empty() {
                            return Some(Step {
                                technique: Technique::WWing,
                                pattern: vec![a, p, q, b],
                                placements: vec![],
                                eliminations: elim,
                                chain: vec![(a, y), (p, x), (q, x), (b, y)],
                                explanation: format!(
                                    "{} and {} hold only {}; {x} is in {} or {}, which see them, so they cannot both be {x}: one is {y}, and cells seeing both lose {y}",
                                    c.name(a),
                                    c.name(b),
                                    digit_list(m),
                                    c.name(p),
                                    c.name(q)
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

/// XY-chain: bivalue cells, each seeing the next and sharing a digit with it. If the first
/// cell is not x, its other digit forces the next cell, and so on, until the last cell is x:
/// so one of the two ends is x, and cells seeing both lose x.
pub(super) fn xy_chain(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let bv = bivalue(c);
    for &start in &bv {
        for x in digits(c.mask(start)) {
            // State: (cell, the digit it is forced to take), breadth-first.
            let on0 = (c.mask(start) & !(1u64 << (x - 1))).trailing_zeros() as u8 + 1;
            let mut prev: std::collections::HashMap<(usize, u8), (usize, u8)> =
                std::collections::HashMap::new();
            let mut frontier = vec![(start, on0)];
            prev.insert((start, on0), (start, on0));
            for depth in 0..MAX_CHAIN {
                let mut next = Vec::new();
                for &(cell, on) in &frontier {
                    for &y in bv
                        .iter()
                        .filter(|&&y| y != start && c.sees(cell, y) && c.has(y, on))
                    {
                        let other = (c.mask(y) & !(1u64 << (on - 1))).trailing_zeros() as u8 + 1;
                        if prev.contains_key(&(y, other)) {
                            continue;
                        }
                        prev.insert((y, other), (cell, on));
                        next.push((y, other));
                        if other == x && depth >= 1 {
                            let elim: Vec<(usize, u8)> = common_peers(c, &[start, y], x);
                            if !elim.is_empty() {
                                let mut path = vec![(y, other)];
                                let mut cur = (y, other);
                                while cur.0 != start {
                                    cur = prev[&cur];
                                    path.push(cur);
                                }
                                path.reverse();
                                let cells: Vec<usize> = path.iter().map(|p| p.0).collect();
                                let _ = n;
                                return Some(Step {
                                    technique: Technique::XyChain,
                                    pattern: cells.clone(),
                                    placements: vec![],
                                    eliminations: elim,
                                    chain: path.clone(),
                                    explanation: format!(
                                        "if {} is not {x}, the bivalue cells {} force each other in turn and {} is {x}: cells seeing both lose {x}",
                                        c.name(start),
                                        cells
                                            .iter()
                                            .map(|&z| c.name(z))
                                            .collect::<Vec<_>>()
                                            .join(" – "),
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
