//! The rules a nested forcing chain's net applies when its links run dry (Sudoku Explainer's
//! "Dynamic Forcing Chains (+)", `Chaining.getAdvancedPotentials` at level 1): pointing and
//! claiming, hidden pairs, naked pairs and X-wings, searched on the net's grid (the candidates
//! its "offs" have left). The first rule that finds anything gives every elimination it finds,
//! each resting on the "offs" that made its pattern: the candidates gone from the grid the net
//! started from that the pattern needs gone. A pattern that needs none was there before the net
//! and adds nothing.
//!
//! Everything runs in SE's order (its region types, its pairs, its digits), and a pattern's
//! eliminations come in the order of the Java hash map SE keeps them in, since the first
//! pattern to remove a candidate gives it its parents, and the parents rate the chain.

use super::implications::Potential;
use crate::human::Candidates;

/// Eliminations, each with the "offs" it rests on and the name of the pattern that made it.
pub(super) type Deductions = Vec<(Potential, Vec<Potential>, &'static str)>;

/// A region type in SE's numbering of `Grid.getRegions`.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Box,
    Row,
    Column,
}

/// The grid a net started from (`source`) and where it stands (`marks`).
struct View<'a> {
    c: &'a Candidates,
    n: usize,
    source: &'a [u64],
    marks: &'a [u64],
    /// Per unit (rows, columns, boxes), the digits the net removed from it: a pattern rests
    /// on some of those, or it is not the net's.
    lost: Vec<u64>,
    /// Per unit and digit (`unit · n + d − 1`), the digit's places in the unit as bits.
    places: Vec<u64>,
    /// Per unit, the digits with exactly two places in it.
    two: Vec<u64>,
}

/// One pattern found: what it removes (cell and digits, in SE's order) and the "offs" it
/// rests on.
struct Pattern {
    name: &'static str,
    removes: Vec<(usize, u64)>,
    parents: Vec<Potential>,
}

/// What the first of SE's nested rules to find anything on `marks` deduces, from a net that
/// started on `source`.
pub(super) fn deductions(c: &Candidates, source: &[u64], marks: &[u64]) -> Deductions {
    let view = View::new(c, source, marks);
    let rules: [fn(&View, &mut Vec<Pattern>); 4] = [locking, hidden_pairs, naked_pairs, x_wings];
    for rule in rules {
        let mut found = Vec::new();
        rule(&view, &mut found);
        found.retain(|p| !p.parents.is_empty());
        if !found.is_empty() {
            return found
                .into_iter()
                .flat_map(|p| {
                    let (name, parents) = (p.name, p.parents);
                    p.removes.into_iter().flat_map(move |(cell, digits)| {
                        let parents = parents.clone();
                        bits(digits).map(move |b| (off(cell, b as u8 + 1), parents.clone(), name))
                    })
                })
                .collect();
        }
    }
    Vec::new()
}

impl<'a> View<'a> {
    fn new(c: &'a Candidates, source: &'a [u64], marks: &'a [u64]) -> View<'a> {
        let n = c.shape().size();
        let units = c.units();
        let mut places = vec![0u64; units.len() * n];
        let lost = units
            .iter()
            .enumerate()
            .map(|(u, cells)| {
                let mut lost = 0;
                for (p, &x) in cells.iter().enumerate() {
                    lost |= source[x] & !marks[x];
                    let mut m = marks[x];
                    while m != 0 {
                        places[u * n + m.trailing_zeros() as usize] |= 1 << p;
                        m &= m - 1;
                    }
                }
                lost
            })
            .collect();
        let two = places
            .chunks(n)
            .map(|unit| {
                let pairs = unit.iter().enumerate().filter(|(_, p)| p.count_ones() == 2);
                pairs.fold(0u64, |acc, (d, _)| acc | 1 << d)
            })
            .collect();
        View {
            c,
            n,
            source,
            marks,
            lost,
            places,
            two,
        }
    }

    fn unit(&self, kind: Kind, i: usize) -> usize {
        let base = match kind {
            Kind::Row => 0,
            Kind::Column => self.n,
            Kind::Box => 2 * self.n,
        };
        base + i
    }

    /// The cells of region `i` of `kind`, in order.
    fn region(&self, kind: Kind, i: usize) -> &[usize] {
        &self.c.units()[self.unit(kind, i)]
    }

    /// The digits of `digits` the net removed from region `i` of `kind`.
    fn lost_in(&self, kind: Kind, i: usize, digits: u64) -> u64 {
        self.lost[self.unit(kind, i)] & digits
    }

    /// The region of `kind` holding `cell`.
    fn index_of(&self, kind: Kind, cell: usize) -> usize {
        let n = self.n;
        match kind {
            Kind::Row => cell / n,
            Kind::Column => cell % n,
            Kind::Box => self.c.shape().box_of(cell / n, cell % n),
        }
    }

    /// The digits with exactly two places in region `i` of `kind`.
    fn two_places(&self, kind: Kind, i: usize) -> u64 {
        self.two[self.unit(kind, i)]
    }

    /// Whether region `i` of `kind` holds `cell`.
    fn holds(&self, kind: Kind, i: usize, cell: usize) -> bool {
        let n = self.n;
        match kind {
            Kind::Row => cell / n == i,
            Kind::Column => cell % n == i,
            Kind::Box => self.c.shape().box_of(cell / n, cell % n) == i,
        }
    }

    /// The positions in region `i` of `kind` where `d` is still a candidate, as bits.
    fn places(&self, kind: Kind, i: usize, d: u8) -> u64 {
        self.places[self.unit(kind, i) * self.n + usize::from(d) - 1]
    }

    /// Whether `d` was a candidate of `cell` where the net started and is gone now.
    fn lost(&self, cell: usize, d: u8) -> bool {
        let bit = 1u64 << (d - 1);
        self.source[cell] & bit != 0 && self.marks[cell] & bit == 0
    }

    fn empty_cells(&self, cells: &[usize]) -> usize {
        cells.iter().filter(|&&x| self.c.value(x) == 0).count()
    }

    fn digits(&self) -> impl Iterator<Item = u8> {
        1..=self.n as u8
    }
}

/// Pointing and claiming (SE's `Locking`): the places of a digit in a box all in one line, or
/// in a line all in one box, clear the rest of the other region. Rests on the digit's lost
/// places in the first region outside the second.
fn locking(v: &View, found: &mut Vec<Pattern>) {
    let orders = [
        (Kind::Box, Kind::Column),
        (Kind::Box, Kind::Row),
        (Kind::Column, Kind::Box),
        (Kind::Row, Kind::Box),
    ];
    for (first, second) in orders {
        for d in v.digits() {
            let bit = 1u64 << (d - 1);
            for i1 in 0..v.n {
                // Only the digit's lost places in the first region can be parents.
                let places = v.places(first, i1, d);
                if places.count_ones() < 2 || v.lost_in(first, i1, bit) == 0 {
                    continue;
                }
                // The one region of the second kind that may hold them all: the first place's.
                let cells = v.region(first, i1);
                let i2 = v.index_of(second, cells[places.trailing_zeros() as usize]);
                if !bits(places).all(|p| v.holds(second, i2, cells[p])) {
                    continue;
                }
                let removes: Vec<(usize, u64)> = v
                    .region(second, i2)
                    .iter()
                    .filter(|&&x| v.marks[x] & bit != 0 && !v.holds(first, i1, x))
                    .map(|&x| (x, bit))
                    .collect();
                if removes.is_empty() {
                    continue;
                }
                let parents = cells
                    .iter()
                    .filter(|&&x| v.lost(x, d) && !v.holds(second, i2, x))
                    .map(|&x| off(x, d))
                    .collect();
                let name = if first == Kind::Box {
                    "pointing"
                } else {
                    "claiming"
                };
                push(found, name, removes, parents);
            }
        }
    }
}

/// Hidden pairs (SE's `HiddenSet(2)`) in boxes, columns, then rows with more than four empty
/// cells: two digits with the same two places clear the other digits there. Rests on the
/// pair's lost places elsewhere in the region.
fn hidden_pairs(v: &View, found: &mut Vec<Pattern>) {
    for kind in [Kind::Box, Kind::Column, Kind::Row] {
        for i in 0..v.n {
            let cells = v.region(kind, i);
            // Each digit of a hidden pair has exactly its two places.
            let two = v.two_places(kind, i);
            if two.count_ones() < 2 || v.empty_cells(cells) <= 4 {
                continue;
            }
            for (a, b) in pairs_of(two) {
                let pair = (1u64 << a) | (1u64 << b);
                let (da, db) = (a as u8 + 1, b as u8 + 1);
                let both = v.places(kind, i, da);
                if v.places(kind, i, db) != both || v.lost_in(kind, i, pair) == 0 {
                    continue;
                }
                let removes = bits(both)
                    .map(|p| cells[p])
                    .map(|x| (x, v.marks[x] & !pair))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                let mut parents = Vec::new();
                for (p, &x) in cells.iter().enumerate() {
                    if both >> p & 1 == 0 {
                        for d in [da, db] {
                            if v.source[x] >> (d - 1) & 1 == 1 {
                                parents.push(off(x, d));
                            }
                        }
                    }
                }
                push(found, "hidden pair", removes, parents);
            }
        }
    }
}

/// Naked pairs (SE's `NakedSet(2)`) in boxes, columns, then rows with at least four empty
/// cells: two cells left with the same two digits clear them from the region. Rests on the
/// pair cells' other lost digits.
fn naked_pairs(v: &View, found: &mut Vec<Pattern>) {
    let lost = |x: usize| v.source[x] & !v.marks[x];
    for kind in [Kind::Box, Kind::Column, Kind::Row] {
        for i in 0..v.n {
            let cells = v.region(kind, i);
            // Each cell of a naked pair has exactly its two digits.
            let bivalue = cells
                .iter()
                .enumerate()
                .filter(|&(_, &x)| v.marks[x].count_ones() == 2)
                .fold(0u64, |acc, (p, _)| acc | 1 << p);
            if bivalue.count_ones() < 2 || v.empty_cells(cells) < 4 {
                continue;
            }
            for (a, b) in pairs_of(bivalue) {
                let both = v.marks[cells[a]];
                if v.marks[cells[b]] != both || lost(cells[a]) | lost(cells[b]) == 0 {
                    continue;
                }
                let removes = cells
                    .iter()
                    .enumerate()
                    .filter(|&(p, _)| p != a && p != b)
                    .map(|(_, &x)| (x, v.marks[x] & both))
                    .filter(|&(_, m)| m != 0)
                    .collect();
                let parents = [cells[a], cells[b]]
                    .into_iter()
                    .flat_map(|x| bits(v.source[x] & !both).map(move |b| off(x, b as u8 + 1)))
                    .collect();
                push(found, "naked pair", removes, parents);
            }
        }
    }
}

/// X-wings (SE's `Fisherman(2)`), columns as the base first, then rows: a digit with the same
/// two places in two base lines clears the two cover lines. Rests on the digit's lost places
/// in the base lines outside the cover lines. SE looks only at digits placed at most `n − 4`
/// times.
fn x_wings(v: &View, found: &mut Vec<Pattern>) {
    let mut placed = vec![0; v.n];
    for x in 0..v.n * v.n {
        if v.c.value(x) != 0 {
            placed[usize::from(v.c.value(x)) - 1] += 1;
        }
    }
    let open = v
        .digits()
        .filter(|&d| placed[usize::from(d) - 1] + 4 <= v.n)
        .fold(0u64, |acc, d| acc | 1 << (d - 1));
    for (base, cover) in [(Kind::Column, Kind::Row), (Kind::Row, Kind::Column)] {
        for (a, b) in pairs(v.n) {
            // Each base line has exactly the digit's two places.
            let digits = open & v.two_places(base, a) & v.two_places(base, b);
            for d in bits(digits).map(|b| b as u8 + 1) {
                let bit = 1u64 << (d - 1);
                let both = v.places(base, a, d);
                if v.places(base, b, d) != both
                    || (v.lost_in(base, a, bit) | v.lost_in(base, b, bit)) == 0
                {
                    continue;
                }
                let lines: Vec<usize> = bits(both).collect();
                let removes = lines
                    .iter()
                    .flat_map(|&line| v.region(cover, line).iter().enumerate())
                    .filter(|&(p, &x)| p != a && p != b && v.marks[x] & bit != 0)
                    .map(|(_, &x)| (x, bit))
                    .collect();
                let parents = [a, b]
                    .into_iter()
                    .flat_map(|line| v.region(base, line).iter())
                    .filter(|&&x| v.lost(x, d) && !lines.iter().any(|&l| v.holds(cover, l, x)))
                    .map(|&x| off(x, d))
                    .collect();
                push(found, "X-wing", removes, parents);
            }
        }
    }
}

/// Keeps a pattern that removes something, its removals in SE's order.
fn push(
    found: &mut Vec<Pattern>,
    name: &'static str,
    mut removes: Vec<(usize, u64)>,
    parents: Vec<Potential>,
) {
    if !removes.is_empty() {
        java_hash_order(&mut removes);
        found.push(Pattern {
            name,
            removes,
            parents,
        });
    }
}

/// The iteration order of a Java `HashMap` keyed by cell index (a cell hashes to its index),
/// filled in the order given: by bucket (the index modulo the table size, 16 doubled while
/// more than three quarters full), then in the order of insertion.
fn java_hash_order(entries: &mut [(usize, u64)]) {
    let mut buckets = 16;
    while entries.len() > buckets * 3 / 4 {
        buckets *= 2;
    }
    entries.sort_by_key(|&(cell, _)| cell & (buckets - 1));
}

/// The pairs `(a, b)`, `a < b < n`, in SE's order (`Permutations`: by `b`, then `a`).
fn pairs(n: usize) -> impl Iterator<Item = (usize, usize)> {
    (1..n).flat_map(|b| (0..b).map(move |a| (a, b)))
}

/// The pairs of set bits of `mask`, in the order of [`pairs`].
fn pairs_of(mask: u64) -> impl Iterator<Item = (usize, usize)> {
    bits(mask).flat_map(move |b| bits(mask & ((1u64 << b) - 1)).map(move |a| (a, b)))
}

/// The positions of the set bits of `mask`, lowest first.
fn bits(mut mask: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (mask != 0).then(|| {
            let b = mask.trailing_zeros() as usize;
            mask &= mask - 1;
            b
        })
    })
}

fn off(cell: usize, digit: u8) -> Potential {
    Potential {
        cell,
        digit,
        on: false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::shape::Shape;

    /// An empty 9×9 grid's candidates, with `gone` removed from `marks` only.
    fn view_of(c: &Candidates, gone: &[(usize, u8)]) -> (Vec<u64>, Vec<u64>) {
        let source: Vec<u64> = (0..81).map(|x| c.mask(x)).collect();
        let mut marks = source.clone();
        for &(x, d) in gone {
            marks[x] &= !(1u64 << (d - 1));
        }
        (source, marks)
    }

    fn empty() -> Candidates {
        Candidates::new(&Grid::empty(Shape::square(3).unwrap())).unwrap()
    }

    fn run(
        c: &Candidates,
        gone: &[(usize, u8)],
        rule: fn(&View, &mut Vec<Pattern>),
    ) -> Vec<Pattern> {
        let (source, marks) = view_of(c, gone);
        let view = View::new(c, &source, &marks);
        let mut found = Vec::new();
        rule(&view, &mut found);
        found
    }

    #[test]
    fn a_hash_map_of_cells_iterates_by_bucket_then_insertion() {
        // 20 falls in bucket 4 of 16, before 5.
        let mut small = [(5, 1), (20, 1)];
        java_hash_order(&mut small);
        assert_eq!(small.map(|e| e.0), [20, 5]);
        // Thirteen entries double the table to 32 buckets: 37 shares bucket 5 with 5, after it.
        let cells = [1, 2, 3, 5, 6, 7, 8, 37, 38, 39, 41, 42, 43];
        let mut big: Vec<(usize, u64)> = cells.iter().map(|&x| (x, 1)).collect();
        java_hash_order(&mut big);
        let order: Vec<usize> = big.iter().map(|e| e.0).collect();
        assert_eq!(order, [1, 2, 3, 5, 37, 6, 38, 7, 39, 8, 41, 42, 43]);
    }

    #[test]
    fn pointing_rests_on_the_places_the_net_removed() {
        let c = empty();
        // 1 gone from rows 2 and 3 of box 1: left on row 1, it leaves the rest of row 1.
        let gone = [9, 10, 11, 18, 19, 20].map(|x| (x, 1));
        let found = run(&c, &gone, locking);
        assert_eq!(found.len(), 1);
        let removed: Vec<usize> = found[0].removes.iter().map(|e| e.0).collect();
        assert_eq!(removed, [3, 4, 5, 6, 7, 8]);
        assert_eq!(found[0].parents, gone.map(|(x, d)| off(x, d)));
    }

    #[test]
    fn an_x_wing_removes_in_the_hash_order_and_rests_on_its_base_lines() {
        let c = empty();
        // 1 left in columns 1 and 5 on rows 1 and 5 only.
        let rows_out = [1, 2, 3, 5, 6, 7, 8];
        let gone: Vec<(usize, u8)> = [0, 4]
            .iter()
            .flat_map(|&col| rows_out.iter().map(move |&r| (r * 9 + col, 1)))
            .collect();
        assert!(run(&c, &gone, locking).is_empty());
        let found = run(&c, &gone, x_wings);
        assert_eq!(found.len(), 1);
        let removed: Vec<usize> = found[0].removes.iter().map(|e| e.0).collect();
        assert_eq!(removed, [1, 2, 3, 5, 37, 6, 38, 7, 39, 8, 41, 42, 43, 44]);
        let parents: Vec<Potential> = gone.iter().map(|&(x, d)| off(x, d)).collect();
        assert_eq!(found[0].parents, parents);
    }

    #[test]
    fn a_naked_pair_rests_on_its_cells_other_digits() {
        let c = empty();
        let gone: Vec<(usize, u8)> = [0, 1]
            .iter()
            .flat_map(|&x| (3..=9).map(move |d| (x, d)))
            .collect();
        let found = run(&c, &gone, naked_pairs);
        // Box 1, then row 1.
        assert_eq!(found.len(), 2);
        assert_eq!(found[0].removes[0], (2, 0b11));
        assert_eq!(found[1].removes.len(), 7);
        let parents: Vec<Potential> = gone.iter().map(|&(x, d)| off(x, d)).collect();
        assert!(found.iter().all(|p| p.parents == parents));
    }

    #[test]
    fn a_hidden_pair_rests_on_its_digits_lost_places() {
        let c = empty();
        // 1 and 2 gone from row 1 but for r1c1 and r1c2.
        let gone: Vec<(usize, u8)> = (2..9).flat_map(|x| [(x, 1), (x, 2)]).collect();
        let found = run(&c, &gone, hidden_pairs);
        let row: Vec<&Pattern> = found
            .iter()
            .filter(|p| p.removes.iter().all(|e| e.0 < 2))
            .collect();
        assert_eq!(row.len(), 1);
        assert_eq!(row[0].removes, [(0, !0b11 & 0x1ff), (1, !0b11 & 0x1ff)]);
        let parents: Vec<Potential> = gone.iter().map(|&(x, d)| off(x, d)).collect();
        assert_eq!(row[0].parents, parents);
    }

    #[test]
    fn a_pattern_the_start_already_had_is_no_deduction() {
        let mut c = empty();
        for x in [9, 10, 11, 18, 19, 20] {
            c.eliminate(x, 1);
        }
        // The pointing is in the grid the net starts from: it rests on nothing the net did.
        let (source, marks) = view_of(&c, &[]);
        assert!(deductions(&c, &source, &marks).is_empty());
        // The same pattern made by the net in box 2 is the net's, and rests on what it removed.
        let gone = [12, 13, 14, 21, 22, 23].map(|x| (x, 1));
        let (source, marks) = view_of(&c, &gone);
        let found = deductions(&c, &source, &marks);
        let gone = gone.map(|(x, d)| off(x, d));
        let cells: Vec<usize> = found.iter().map(|(p, ..)| p.cell).take(6).collect();
        assert_eq!(cells, [0, 1, 2, 6, 7, 8]);
        assert!(
            found[..6]
                .iter()
                .all(|(_, parents, name)| parents == &gone && *name == "pointing")
        );
        // (The claimings it leaves in rows 2 and 3 follow, on part of it.)
        assert!(
            found
                .iter()
                .all(|(_, parents, _)| parents.iter().all(|p| gone.contains(p)))
        );
    }
}
