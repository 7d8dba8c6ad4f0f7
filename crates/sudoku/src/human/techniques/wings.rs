//! Patterns of bivalue and small cells: XY- and XYZ-wings, the WXYZ-, VWXYZ- and UVWXYZ-wings
//! of an almost locked set and a bivalue cell, W-wings and XY-chains.

use std::cmp::Reverse;

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

/// WXYZ-, VWXYZ- and UVWXYZ-wings as SukakuExplainer finds them: an almost locked set of
/// `k − 1` cells that all see each other and hold `k` digits between them, and a bivalue cell
/// {x, z} of two of those digits, every x of the set seeing it. If the bivalue cell is not z
/// it is x, the set loses x and locks its other digits, z among them: so z is in the bivalue
/// cell or in the set, and a cell seeing every z of both loses z. When z is linked too (every
/// z of the set sees the bivalue cell), x goes the same way and the set's other digits stay
/// in the set: cells seeing all of one of them lose it. Of all the wings the least difficult
/// is taken (SukakuExplainer rates by the set's largest cell), then the one eliminating most,
/// then SE's order of its pattern codes.
pub(super) fn als_wing(c: &Candidates, k: usize, t: Technique) -> Option<Step> {
    let n = c.shape().size();
    let open: Vec<usize> = (0..n * n)
        .filter(|&x| c.value(x) == 0 && c.mask(x).count_ones() >= 2)
        .collect();
    let mut best: Option<(Wing, WingKey)> = None;
    let mut set = Vec::with_capacity(k - 1);
    for (i, &first) in open.iter().enumerate() {
        if c.mask(first).count_ones() as usize > k {
            continue;
        }
        set.clear();
        set.push(first);
        grow_set(
            c,
            k,
            &open,
            i + 1,
            &mut set,
            c.mask(first),
            &mut |set, digits| {
                for wing in wings_of(c, set, digits) {
                    let key = wing.key(c, k);
                    if best.as_ref().is_none_or(|(_, b)| key < *b) {
                        best = Some((wing, key));
                    }
                }
            },
        );
    }
    let (wing, _) = best?;
    Some(wing.step(c, t))
}

/// Grows a set of cells that all see each other, in cell order, from `open[from..]`; each
/// set of `k − 1` cells holding `k` digits goes to `f` (a set with more digits is cut, as
/// adding cells only adds digits).
fn grow_set(
    c: &Candidates,
    k: usize,
    open: &[usize],
    from: usize,
    set: &mut Vec<usize>,
    digits: u64,
    f: &mut impl FnMut(&[usize], u64),
) {
    if set.len() == k - 1 {
        if digits.count_ones() as usize == k {
            f(set, digits);
        }
        return;
    }
    for (i, &x) in open.iter().enumerate().skip(from) {
        let u = digits | c.mask(x);
        if u.count_ones() as usize > k || !set.iter().all(|&y| c.sees(x, y)) {
            continue;
        }
        set.push(x);
        grow_set(c, k, open, i + 1, set, u, f);
        set.pop();
    }
}

/// SE's order of wings, least first: see [`Wing::key`].
type WingKey = (Reverse<i64>, Reverse<usize>, Reverse<String>);

/// A wing found: its set, its bivalue cell, the linked digit `x` and the other `z`, whether
/// both are linked, and what it removes.
struct Wing {
    set: Vec<usize>,
    pivot: usize,
    x: u8,
    z: u8,
    double: bool,
    eliminations: Vec<(usize, u8)>,
}

impl Wing {
    /// SE's sort key, least first: difficulty (the farther its set's largest cell is from the
    /// middle size, the easier), most eliminations, then its pattern code ("1 or 2 links,
    /// largest cell, candidates in the set") last first.
    fn key(&self, c: &Candidates, k: usize) -> WingKey {
        let biggest = c.largest(&self.set);
        let size: usize = self
            .set
            .iter()
            .map(|&x| c.mask(x).count_ones() as usize)
            .sum();
        let middle = (k as i64 + 2) / 2;
        let easier = if k < 6 {
            (middle - i64::from(biggest)).abs()
        } else {
            0
        };
        let code = format!("{}{biggest}{size}", if self.double { 2 } else { 1 });
        (
            Reverse(easier),
            Reverse(self.eliminations.len()),
            Reverse(code),
        )
    }

    fn step(self, c: &Candidates, t: Technique) -> Step {
        let names = |cells: &[usize]| {
            cells
                .iter()
                .map(|&x| c.name(x))
                .collect::<Vec<_>>()
                .join(", ")
        };
        let digits = self.set.iter().fold(0, |m, &x| m | c.mask(x));
        let (set, y, x, z) = (names(&self.set), c.name(self.pivot), self.x, self.z);
        let holds = format!(
            "{set} hold {} digits ({}) in {} cells; {y} is {x} or {z}",
            self.set.len() + 1,
            digit_list(digits),
            self.set.len()
        );
        let explanation = if self.double {
            format!(
                "{holds} and sees every {x} and every {z} among them: one of the two is in {y} and the other among them, with the set's other digits, so cells seeing all the places of one of those digits lose it"
            )
        } else {
            format!(
                "{holds} and sees every {x} among them: if {y} is {x}, they are left with their other digits, so {z} is in {y} or among them, and cells seeing all those {z}s lose {z}"
            )
        };
        let mut pattern = self.set.clone();
        pattern.push(self.pivot);
        Step {
            technique: t,
            pattern,
            placements: vec![],
            eliminations: self.eliminations,
            chain: Vec::new(),
            explanation,
        }
    }
}

/// The wings of one set (with `digits`): every bivalue cell seeing one of its cells, in cell
/// order, with two of its digits, of which one or both are linked.
fn wings_of(c: &Candidates, set: &[usize], digits: u64) -> Vec<Wing> {
    let n = c.shape().size();
    let mut out = Vec::new();
    for y in 0..n * n {
        let m = c.mask(y);
        if set.contains(&y) || m.count_ones() != 2 || m & !digits != 0 {
            continue;
        }
        if !set.iter().any(|&s| c.sees(s, y)) {
            continue;
        }
        let linked = |d: u8| set.iter().filter(|&&s| c.has(s, d)).all(|&s| c.sees(s, y));
        let mut two = super::digits(m);
        let (lo, hi) = (two.next().unwrap_or(0), two.next().unwrap_or(0));
        let (x, z, double) = match (linked(lo), linked(hi)) {
            (true, false) => (lo, hi, false),
            (false, true) => (hi, lo, false),
            (true, true) => (lo, hi, true),
            (false, false) => continue,
        };
        let wing = wing(c, set, digits, y, x, z, double);
        if !wing.eliminations.is_empty() {
            out.push(wing);
        }
    }
    out
}

/// The wing of `set` and bivalue cell `y` linked on `x` (and on `z` when `double`), with its
/// eliminations. SE's pattern code counts a double link as one unless it removes one of the
/// set's other digits, or both x's and z's.
fn wing(c: &Candidates, set: &[usize], digits: u64, y: usize, x: u8, z: u8, double: bool) -> Wing {
    let outside = |cell: usize| cell != y && !set.contains(&cell);
    // Cells seeing every cell of `set` holding `d` (and `y` too when `with_y`), holding `d`.
    let seeing_all = |d: u8, with_y: bool| -> Vec<(usize, u8)> {
        let mut ends: Vec<usize> = set.iter().copied().filter(|&s| c.has(s, d)).collect();
        if with_y {
            ends.push(y);
        }
        common_peers(c, &ends, d)
            .into_iter()
            .filter(|&(cell, _)| outside(cell))
            .collect()
    };
    let mut eliminations = Vec::new();
    let (mut weak, mut strong_x) = (false, false);
    if double {
        for w in super::digits(digits & !c.mask(y)) {
            let gone = seeing_all(w, false);
            weak |= !gone.is_empty();
            eliminations.extend(gone);
        }
        let gone = seeing_all(x, true);
        strong_x = !gone.is_empty();
        eliminations.extend(gone);
    }
    let gone = seeing_all(z, true);
    let strong_z = !gone.is_empty();
    eliminations.extend(gone);
    eliminations.sort_unstable();
    eliminations.dedup();
    let double = double && (weak || (strong_z && strong_x));
    Wing {
        set: set.to_vec(),
        pivot: y,
        x,
        z,
        double,
        eliminations,
    }
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
