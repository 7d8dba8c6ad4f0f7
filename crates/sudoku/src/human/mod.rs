//! Human solving: a candidate grid (pencil marks) and the techniques a person uses, each step
//! with the cells that justify it, what it places or eliminates, and one plain sentence.
//! Techniques are tried easiest first (the order of [`Technique::ALL`], by Sudoku Explainer's
//! ratings), so the path of steps is the "easiest-first" path that [`rating`] rates.
//!
//! Implemented: full house, hidden and naked singles, pointing, claiming, naked and hidden
//! pairs/triples/quads, X-wing, swordfish, jellyfish and their finned forms, skyscraper,
//! 2-string kite, empty rectangle, grouped strong links and grouped X-chains, XY-wing,
//! XYZ-wing, unique rectangles (types 1–4), WXYZ-, VWXYZ- and UVWXYZ-wings, BUG+1, W-wing,
//! simple colouring, X-chains, XY-chains, alternating inference chains and loops (mixing
//! bivalue cells and conjugate pairs), and as the last resort forcing chains: by
//! contradiction, then Nishio, cell and region forcing chains and dynamic forcing chains on
//! Sudoku Explainer's implication nets (static: the links of the grid as it stands; dynamic:
//! also those the eliminations along the way make), and SE's first level of nested chains
//! (dynamic nets that also apply pointing, claiming, pairs and X-wings).
//! Not implemented: grouped nodes in mixed chains (AICs), other almost locked sets, aligned
//! exclusions and SE's deeper nesting; a puzzle that needs them is left unsolved and its rating
//! is an estimate.

pub mod rating;
mod technique;
mod techniques;

use crate::grid::Grid;
use crate::shape::Shape;
use std::sync::Arc;
pub use technique::Technique;

/// A cell and a digit (1-based), as `(cell index, digit)`.
pub type Candidate = (usize, u8);

/// Pencil marks: for every cell its value (0 when empty) and the digits still possible.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Candidates {
    shape: Shape,
    values: Vec<u8>,
    /// Bit `d − 1` set when digit `d` is still a candidate (empty cells only).
    marks: Vec<u64>,
    /// Shared, since trial copies (forcing chains) clone the grid thousands of times.
    geometry: Arc<Geometry>,
}

/// The units of a shape and every cell's peers as a bit set, computed once per grid: techniques
/// ask "do these cells see each other" millions of times while rating.
#[derive(Debug, PartialEq, Eq)]
struct Geometry {
    units: Vec<Vec<usize>>,
    /// 64-bit words per cell in `peers`.
    words: usize,
    peers: Vec<u64>,
}

impl Geometry {
    fn of(shape: Shape) -> Geometry {
        let units = shape.units();
        let cells = shape.cells();
        let words = cells.div_ceil(64);
        let mut peers = vec![0u64; cells * words];
        for cell in 0..cells {
            for p in peers_of(shape, &units, cell) {
                peers[cell * words + p / 64] |= 1 << (p % 64);
            }
        }
        Geometry {
            units,
            words,
            peers,
        }
    }
}

impl Candidates {
    /// The candidates of a puzzle: every digit not already in a peer; `None` when two givens
    /// clash.
    pub fn new(puzzle: &Grid) -> Option<Candidates> {
        if puzzle.clash().is_some() {
            return None;
        }
        let shape = puzzle.shape();
        let n = shape.size();
        let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
        let mut c = Candidates {
            shape,
            values: puzzle.cells().to_vec(),
            marks: vec![all; n * n],
            geometry: Arc::new(Geometry::of(shape)),
        };
        for cell in 0..n * n {
            if c.values[cell] != 0 {
                c.marks[cell] = 0;
            }
        }
        for cell in 0..n * n {
            let v = c.values[cell];
            if v != 0 {
                for p in peers_of(c.shape, &c.geometry.units, cell) {
                    c.marks[p] &= !(1u64 << (v - 1));
                }
            }
        }
        Some(c)
    }

    /// Pencil marks from a candidate string (Sukaku format: `size³` characters, position
    /// `cell·size + d − 1` holds `d` when `d` is a candidate of `cell`, `.` or `0` when not).
    /// A cell with one candidate stays an open cell. `Err` names the first bad position.
    pub fn from_pencil_marks(text: &str) -> Result<Candidates, String> {
        let chars: Vec<char> = text.trim().chars().collect();
        let size = (1..=64usize)
            .find(|s| s * s * s == chars.len())
            .ok_or_else(|| {
                format!(
                    "a pencil-mark grid has size³ characters (729 for 9×9), found {}",
                    chars.len()
                )
            })?;
        let shape = Shape::for_size(size).ok_or_else(|| format!("no box shape for size {size}"))?;
        let mut c = Candidates {
            shape,
            values: vec![0; size * size],
            marks: vec![0; size * size],
            geometry: Arc::new(Geometry::of(shape)),
        };
        for (i, &ch) in chars.iter().enumerate() {
            if ch == '.' || ch == '0' {
                continue;
            }
            let d = crate::grid::char_symbol(ch)
                .filter(|&d| usize::from(d) == i % size + 1)
                .ok_or_else(|| {
                    format!(
                        "position {}: expected {} or '.', found '{ch}'",
                        i + 1,
                        crate::grid::symbol_char((i % size + 1) as u8)
                    )
                })?;
            c.marks[i / size] |= 1 << (d - 1);
        }
        Ok(c)
    }

    /// The pencil marks as a candidate string, the format [`Candidates::from_pencil_marks`]
    /// reads (a placed cell is written as its one digit).
    ///
    /// ```
    /// use csp_sudoku::human::Candidates;
    /// use csp_sudoku::{Grid, Shape};
    /// let c = Candidates::new(&Grid::empty(Shape::new(2, 2).unwrap())).unwrap();
    /// let text = c.to_pencil_marks();
    /// assert_eq!(&text[..8], "12341234");
    /// assert_eq!(Candidates::from_pencil_marks(&text).unwrap(), c);
    /// ```
    pub fn to_pencil_marks(&self) -> String {
        let n = self.shape.size();
        let mut out = String::with_capacity(n * n * n);
        for cell in 0..n * n {
            let v = self.values[cell];
            for d in 1..=n as u8 {
                let on = if v != 0 { v == d } else { self.has(cell, d) };
                out.push(if on { crate::grid::symbol_char(d) } else { '.' });
            }
        }
        out
    }

    /// The shape.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The rows, columns and boxes, as cell lists.
    pub fn units(&self) -> &[Vec<usize>] {
        &self.geometry.units
    }

    /// The value of `cell` (0 when empty).
    pub fn value(&self, cell: usize) -> u8 {
        self.values[cell]
    }

    /// The candidate digits of `cell` as a bit mask (bit `d − 1` for digit `d`).
    pub fn mask(&self, cell: usize) -> u64 {
        self.marks[cell]
    }

    /// The most candidates any of `cells` has (2 for none): the size SukakuExplainer rates an
    /// n-wing by.
    pub(crate) fn largest(&self, cells: &[usize]) -> u32 {
        cells
            .iter()
            .map(|&x| self.mask(x).count_ones())
            .max()
            .unwrap_or(2)
    }

    /// Whether `d` is a candidate in `cell`.
    pub fn has(&self, cell: usize, d: u8) -> bool {
        self.marks[cell] >> (d - 1) & 1 == 1
    }

    /// The cells sharing a unit with `cell` (not `cell` itself), each once.
    pub fn peers(&self, cell: usize) -> impl Iterator<Item = usize> + '_ {
        peers_of(self.shape, &self.geometry.units, cell)
    }

    /// Whether two different cells share a row, column or box.
    pub fn sees(&self, a: usize, b: usize) -> bool {
        let g = &self.geometry;
        g.peers[a * g.words + b / 64] >> (b % 64) & 1 == 1
    }

    /// The peers of `cell` as a bit set over cells (bit `p % 64` of word `p / 64`).
    pub(crate) fn peer_bits(&self, cell: usize) -> &[u64] {
        let g = &self.geometry;
        &g.peers[cell * g.words..(cell + 1) * g.words]
    }

    /// Places `d` in `cell` and removes `d` from its peers.
    pub fn place(&mut self, cell: usize, d: u8) {
        self.values[cell] = d;
        self.marks[cell] = 0;
        for p in peers_of(self.shape, &self.geometry.units, cell) {
            self.marks[p] &= !(1u64 << (d - 1));
        }
    }

    /// Removes candidate `d` from `cell`.
    pub fn eliminate(&mut self, cell: usize, d: u8) {
        self.marks[cell] &= !(1u64 << (d - 1));
    }

    /// Whether every cell has a value.
    pub fn is_solved(&self) -> bool {
        self.values.iter().all(|&v| v != 0)
    }

    /// The grid of the values placed so far.
    pub fn grid(&self) -> Grid {
        Grid::new(self.shape, self.values.clone()).expect("values are digits")
    }

    /// `r3c5` style name of a cell.
    pub fn name(&self, cell: usize) -> String {
        let n = self.shape.size();
        format!("r{}c{}", cell / n + 1, cell % n + 1)
    }

    /// Applies a step's placements and eliminations.
    pub fn apply(&mut self, step: &Step) {
        for &(cell, d) in &step.placements {
            self.place(cell, d);
        }
        for &(cell, d) in &step.eliminations {
            self.eliminate(cell, d);
        }
    }
}

/// The row and column of `cell` without it, and its box without the cells already in that
/// row or column: every peer exactly once, with no allocation.
fn peers_of(shape: Shape, units: &[Vec<usize>], cell: usize) -> impl Iterator<Item = usize> + '_ {
    let n = shape.size();
    let (r, c) = (cell / n, cell % n);
    let b = shape.box_of(r, c);
    let row = units[r].iter().copied().filter(move |&x| x != cell);
    let col = units[n + c].iter().copied().filter(move |&x| x != cell);
    let bx = units[2 * n + b]
        .iter()
        .copied()
        .filter(move |&x| x / n != r && x % n != c);
    row.chain(col).chain(bx)
}

/// One logical step.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cells whose candidates make the pattern.
    pub pattern: Vec<usize>,
    /// Digits placed.
    pub placements: Vec<Candidate>,
    /// Candidates removed.
    pub eliminations: Vec<Candidate>,
    /// For a forcing chain by contradiction: the placements that follow from the assumption,
    /// in order, up to the contradiction; for the Nishio, cell, region and dynamic forcing
    /// chains: every implication (candidate on or off) each branch's conclusion rests on,
    /// branch after branch. Its length drives the rating.
    pub chain: Vec<Candidate>,
    /// One plain sentence.
    pub explanation: String,
}

/// A link between consecutive candidates of a chain: strong (at least one of the two is
/// true) or weak (not both are).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Link {
    /// At least one of the two candidates is true.
    Strong,
    /// Not both candidates are true.
    Weak,
}

impl Link {
    /// `strong` or `weak`.
    pub fn name(self) -> &'static str {
        match self {
            Link::Strong => "strong",
            Link::Weak => "weak",
        }
    }
}

impl Step {
    /// The links between consecutive candidates of [`Step::chain`] where the chain is one of
    /// alternating inference (X-chains and AICs, strong first); none for the other
    /// techniques, whose chain lists implications rather than links.
    pub fn links(&self) -> Vec<(Candidate, Candidate, Link)> {
        if !matches!(self.technique, Technique::XChain | Technique::Aic) {
            return Vec::new();
        }
        self.chain
            .windows(2)
            .enumerate()
            .map(|(i, pair)| {
                let kind = if i % 2 == 0 { Link::Strong } else { Link::Weak };
                (pair[0], pair[1], kind)
            })
            .collect()
    }
}

/// The easiest applicable step, or `None` when no technique implemented applies. The order
/// is [`Technique::ALL`]'s, with Sudoku Explainer's "direct" forms (a pointing, claiming,
/// hidden pair or triple that at once leaves a hidden single) tried where their ratings put
/// them: direct pointing, claiming and hidden pair before naked singles, direct hidden triple
/// right after.
pub fn next_step(c: &Candidates) -> Option<Step> {
    next_step_before(c, &|_| false)
}

/// [`next_step`], giving up (`None`) once `deadline` has passed or a stop was requested
/// ([`csp_core::termination::past`]), asked before each technique of the main pass: what a
/// server answering within a time limit calls.
pub fn next_step_until(c: &Candidates, deadline: Option<std::time::Instant>) -> Option<Step> {
    next_step_before(c, &|_| csp_core::termination::past(deadline))
}

/// [`next_step`], giving up (`None`) at the first technique of the main pass (after singles
/// and direct forms) for which `stop` holds.
pub(crate) fn next_step_before(c: &Candidates, stop: &dyn Fn(Technique) -> bool) -> Option<Step> {
    next_step_in(c, stop, false).map(|(step, _)| step)
}

/// [`next_step_before`]; with `se_chains`, Sudoku Explainer's forcing chains and cycles (with
/// their rating) are tried where simple colouring, W-wings, XY-chains and AICs would be: the
/// rater's path, which picks among those chains as SE does.
pub(crate) fn next_step_in(
    c: &Candidates,
    stop: &dyn Fn(Technique) -> bool,
    se_chains: bool,
) -> Option<(Step, Option<f64>)> {
    use Technique::*;
    let first = [FullHouse, HiddenSingle];
    let direct = [Pointing, Claiming, HiddenPair];
    let plain = first
        .iter()
        .find_map(|t| t.find(c))
        .or_else(|| direct.iter().find_map(|t| t.find_direct(c)))
        .or_else(|| NakedSingle.find(c))
        .or_else(|| HiddenTriple.find_direct(c));
    if let Some(step) = plain {
        return Some((step, None));
    }
    let se_family = [SimpleColouring, WWing, XyChain, Aic];
    Technique::ALL[3..]
        .iter()
        .take_while(|&&t| !stop(t))
        .find_map(|&t| match t {
            SimpleColouring if se_chains => {
                techniques::forcing_chains_and_cycles(c).map(|(step, rating)| (step, Some(rating)))
            }
            _ if se_chains && se_family.contains(&t) => None,
            // SE searches both in one pass and takes the least complex.
            CellForcingChain => techniques::multiple_forcing_chains(c).map(|s| (s, None)),
            RegionForcingChain => None,
            _ => t.find(c).map(|s| (s, None)),
        })
}

/// Applies easiest-first steps until the grid is solved or no technique applies; the steps
/// taken and the final candidates.
pub fn solve_path(puzzle: &Grid) -> Option<(Vec<Step>, Candidates)> {
    let mut c = Candidates::new(puzzle)?;
    let mut steps = Vec::new();
    while !c.is_solved() {
        let Some(step) = next_step(&c) else { break };
        c.apply(&step);
        steps.push(step);
    }
    Some((steps, c))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::parse::parse;

    #[test]
    fn every_cell_has_its_peers_once() {
        for shape in [Shape::square(3).unwrap(), Shape::new(2, 3).unwrap()] {
            let c = Candidates::new(&Grid::empty(shape)).unwrap();
            let n = shape.size();
            for cell in 0..n * n {
                let mut p: Vec<usize> = c.peers(cell).collect();
                let len = p.len();
                p.sort_unstable();
                p.dedup();
                assert_eq!(p.len(), len, "a peer twice");
                assert_eq!(len, 3 * n - shape.box_rows() - shape.box_cols() - 1);
            }
        }
    }

    #[test]
    fn an_easy_puzzle_is_solved_by_singles_and_every_step_is_true() {
        let text =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let g = &parse(text, "t").unwrap()[0].grid;
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let (steps, c) = solve_path(g).unwrap();
        assert!(c.is_solved());
        assert_eq!(c.grid().to_line(), solution);
        assert!(steps.iter().all(|s| s.technique <= Technique::NakedSingle));
        assert!(
            steps[0].explanation.contains("r"),
            "{}",
            steps[0].explanation
        );
    }
}
