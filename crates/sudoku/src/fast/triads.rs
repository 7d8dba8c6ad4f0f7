//! The triad solver on box vectors: tdoku's algorithm, written once over the lanes of
//! [`super::lanes`] and compiled twice (AVX2 and portable).
//!
//! Tdoku (T. Dillon, 2019, <https://t-dillon.github.io/tdoku/>, `solver_dpll_triad_simd`)
//! states sudoku as clauses on *triads* (a minirow or minicolumn: three cells of one box in
//! one row or column) and solves it by unit propagation on vectors:
//!
//! - **a box is one vector** of 16 lanes, a 4×4 matrix of 9-bit candidate sets: its nine
//!   cells in the top-left 3×3, and in the margins the *negative* triads (`H` for each row,
//!   `V` for each column: the digits that are *not* in that minirow or minicolumn). Each row
//!   and each column of the matrix holds each digit exactly once (a digit of the box's row is
//!   in one of its three cells or else in `H`), each cell at least one digit and each
//!   negative triad at least six. Candidates counted with a nibble table, singles and
//!   "only place left in the row/column" found with rotations, all on the whole box at once;
//! - **a band is one vector of configurations**: a digit's three triads in a band (one per
//!   box, one per row) form one of six permutations; lane `k` holds the digits for which
//!   permutation `k` is still possible. A triad that has only three digits left fixes them
//!   (tdoku's exactly-three clauses). Bands send each box the triads it may still use;
//!   boxes send bands the triads they rule out; the two call each other until nothing
//!   changes (the recursion is as deep as the chain of changes, a few dozen calls);
//! - **guesses** pick the band with the fewest configurations left and, in it, the digit
//!   with the fewest (two first): one branch takes its first configuration, the other rules
//!   it out. The two partition the solutions, so counting is exact.
//!
//! This module is our own code after tdoku's description and source (BSD-2-Clause); its
//! tables are tdoku's. Where tdoku trusts the propagation, a full grid is checked as a
//! sudoku (each cell one digit, every row, column and box all different) before it counts
//! as a solution: a few nanoseconds per solution.

/// A candidate set with every digit.
const K: u16 = 0x1ff;
/// A shuffle control that zeroes the lane.
const Z: u16 = 0xffff;

/// The shuffle control taking lane `k` of the same half.
const fn s(k: u16) -> u16 {
    0x0100 + 0x0202 * k
}

/// For a digit placed in element (minirow or minicolumn) `e` of the band's box `p`: the
/// configurations it rules out.
///
/// ```text
///   config       0       1       2       3       4       5
///    elem      0 1 2   0 1 2   0 1 2   0 1 2   0 1 2   0 1 2
///            +-------+-------+-------+-------+-------+-------+
///   peer0    | X . . | . X . | . . X | . . X | X . . | . X . |
///   peer1    | . X . | . . X | X . . | . X . | . . X | X . . |
///   peer2    | . . X | X . . | . X . | X . . | . X . | . . X |
///            +-------+-------+-------+-------+-------+-------+
/// ```
static PEER_ELEM_TO_CONFIG_MASK: [[[u16; 8]; 4]; 3] = [
    [
        [0, K, K, K, 0, K, 0, 0],
        [K, 0, K, K, K, 0, 0, 0],
        [K, K, 0, 0, K, K, 0, 0],
        [0; 8],
    ],
    [
        [K, K, 0, K, K, 0, 0, 0],
        [0, K, K, 0, K, K, 0, 0],
        [K, 0, K, K, 0, K, 0, 0],
        [0; 8],
    ],
    [
        [K, 0, K, 0, K, K, 0, 0],
        [K, K, 0, K, 0, K, 0, 0],
        [0, K, K, K, K, 0, 0, 0],
        [0; 8],
    ],
];

/// Shuffles from triads (in lanes 4–6) to the configurations they rule out, one per box of
/// the band, at shifts 0, 1 and 2 (a triad ruled out at shift 0; the other two of a
/// minirow or minicolumn whose triad is placed, at shifts 1 and 2).
static SHIFT: [[[u16; 8]; 3]; 3] = [
    [
        [s(4), s(5), s(6), s(6), s(4), s(5), Z, Z],
        [s(5), s(6), s(4), s(5), s(6), s(4), Z, Z],
        [s(6), s(4), s(5), s(4), s(5), s(6), Z, Z],
    ],
    [
        [s(5), s(6), s(4), s(4), s(5), s(6), Z, Z],
        [s(6), s(4), s(5), s(6), s(4), s(5), Z, Z],
        [s(4), s(5), s(6), s(5), s(6), s(4), Z, Z],
    ],
    [
        [s(6), s(4), s(5), s(5), s(6), s(4), Z, Z],
        [s(4), s(5), s(6), s(4), s(5), s(6), Z, Z],
        [s(5), s(6), s(4), s(6), s(4), s(5), Z, Z],
    ],
];

/// [`SHIFT`] for a box's two bands at once: `[shift][3·i + j]` is the horizontal band's
/// table `i` in the low half and the vertical band's `j` in the high half.
static SHIFT16: [[[u16; 16]; 9]; 3] = shift16();

const fn shift16() -> [[[u16; 16]; 9]; 3] {
    let mut t = [[[0; 16]; 9]; 3];
    let mut shift = 0;
    while shift < 3 {
        let mut k = 0;
        while k < 9 {
            let mut l = 0;
            while l < 8 {
                t[shift][k][l] = SHIFT[shift][k / 3][l];
                t[shift][k][l + 8] = SHIFT[shift][k % 3][l];
                l += 1;
            }
            k += 1;
        }
        shift += 1;
    }
    t
}

/// Two shuffles whose union turns configurations (in both halves) into the 3×3 matrix of
/// positive triads, a row per box of the band.
#[rustfmt::skip]
static CONFIGS_TO_TRIADS: [[u16; 16]; 2] = [
    [s(0), s(1), s(2), Z, s(2), s(0), s(1), Z, s(1), s(2), s(0), Z, Z, Z, Z, Z],
    [s(4), s(5), s(3), Z, s(5), s(3), s(4), Z, s(3), s(4), s(5), Z, Z, Z, Z, Z],
];

/// Two shuffles (per orientation) whose union turns a box's positive triads (lanes 0–2, and
/// every digit in lane 3) into the candidates it may keep: cells take their triad's
/// digits; a negative triad loses the digits that the band places in the *other* two.
#[rustfmt::skip]
static POS_TRIADS_TO_CANDIDATES: [[[u16; 16]; 2]; 2] = [
    [
        [s(0), s(0), s(0), s(1), s(1), s(1), s(1), s(2), s(2), s(2), s(2), s(0), s(3), s(3), s(3), s(3)],
        [s(0), s(0), s(0), s(2), s(1), s(1), s(1), s(0), s(2), s(2), s(2), s(1), s(3), s(3), s(3), s(3)],
    ],
    [
        [s(0), s(1), s(2), s(3), s(0), s(1), s(2), s(3), s(0), s(1), s(2), s(3), s(1), s(2), s(0), s(3)],
        [s(0), s(1), s(2), s(3), s(0), s(1), s(2), s(3), s(0), s(1), s(2), s(3), s(2), s(0), s(1), s(3)],
    ],
];

/// The nine cells of a box vector.
static CELLS: [u16; 16] = [K, K, K, 0, K, K, K, 0, K, K, K, 0, 0, 0, 0, 0];
/// Rotations of the rows of the 3×3 cell matrix only (by one and by two).
#[rustfmt::skip]
static ROW_ROTATE_3X3: [[u16; 16]; 2] = [
    [s(1), s(2), s(0), s(3), s(5), s(6), s(4), s(7), s(1), s(2), s(0), s(3), s(4), s(5), s(6), s(7)],
    [s(2), s(0), s(1), s(3), s(6), s(4), s(5), s(7), s(2), s(0), s(1), s(3), s(4), s(5), s(6), s(7)],
];
/// Every digit in the first lane of each row of a box.
static ROW_HEADS: [u16; 16] = [K, 0, 0, 0, K, 0, 0, 0, K, 0, 0, 0, 0, 0, 0, 0];
/// Every digit in the first row's three cells.
static COL_HEADS: [u16; 16] = [K, K, K, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// Every digit in lane 0.
static BOX_HEAD: [u16; 16] = [K, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
/// The fewest candidates each lane of a box may have: one per cell, six per negative triad.
static BOX_MINIMUMS: [u16; 16] = [1, 1, 1, 6, 1, 1, 1, 6, 1, 1, 1, 6, 6, 6, 6, 0];
/// The three horizontal negative triads (lanes 3, 7, 11) to lanes 4–6, over both halves.
static HORIZONTAL_TRIADS: [u16; 16] = [Z, Z, Z, Z, s(3), s(7), Z, Z, Z, Z, Z, Z, Z, Z, s(3), Z];
/// Rotates the six configuration lanes by one.
static CONFIG_ROTATE: [u16; 8] = [s(1), s(2), s(3), s(4), s(5), s(0), Z, Z];
/// Every digit in lane 3 (the negative triad's own position, a no-op).
static LANE3_ALL: [u16; 8] = [0, 0, 0, K, 0, 0, 0, 0];
/// What placing digit `d` at element `e` of a box removes from the box: the other digits of
/// the cell, `d` from the other cells, and `d` from the cell's two negative triads.
static CELL_ASSIGNMENT: [[[u16; 16]; 16]; 9] = cell_assignment();

const fn cell_assignment() -> [[[u16; 16]; 16]; 9] {
    let mut t = [[[0; 16]; 16]; 9];
    let mut v = 0;
    while v < 9 {
        let bit = 1 << v;
        let mut i = 0;
        while i < 11 {
            if i % 4 < 3 {
                let mut j = 0;
                while j < 15 {
                    t[v][i][j] = if j == i {
                        K ^ bit
                    } else if (j / 4 < 3 && j % 4 < 3) || j / 4 == i / 4 || j % 4 == i % 4 {
                        bit
                    } else {
                        0
                    };
                    j += 1;
                }
            }
            i += 1;
        }
        v += 1;
    }
    t
}

/// Where a cell is in the box vectors and the bands.
#[derive(Clone, Copy)]
struct CellIndex {
    /// Its box (0–8) and its lane in the box vector.
    bx: u8,
    elem: u8,
    /// The box's horizontal and vertical band.
    bi: u8,
    bj: u8,
    /// The cell's minirow and minicolumn in its box.
    ei: u8,
    ej: u8,
}

static CELL_INDEX: [CellIndex; 81] = cell_index();

const fn cell_index() -> [CellIndex; 81] {
    let mut t = [CellIndex {
        bx: 0,
        elem: 0,
        bi: 0,
        bj: 0,
        ei: 0,
        ej: 0,
    }; 81];
    let mut cell = 0;
    while cell < 81 {
        let (bi, bj, ei, ej) = (cell / 27, cell % 9 / 3, cell / 9 % 3, cell % 3);
        t[cell] = CellIndex {
            bx: (bi * 3 + bj) as u8,
            elem: (ei * 4 + ej) as u8,
            bi: bi as u8,
            bj: bj as u8,
            ei: ei as u8,
            ej: ej as u8,
        };
        cell += 1;
    }
    t
}

/// Where a search stands: the solutions found, the statistics and the limits.
pub(crate) struct Search<'a> {
    /// Stop at this many solutions.
    pub(crate) cap: u64,
    pub(crate) count: u64,
    /// The first solution, row by row.
    pub(crate) solution: Option<[u8; 81]>,
    pub(crate) nodes: u64,
    pub(crate) failures: u64,
    pub(crate) max_depth: u64,
    /// A limit stopped the search (the count is a lower bound).
    pub(crate) stopped: bool,
    /// The most nodes and failures (`u64::MAX` for no limit).
    pub(crate) max_nodes: u64,
    pub(crate) max_failures: u64,
    /// Asked before the first node and then every 1,024: `true` stops the search (time,
    /// deadline, a stop request).
    pub(crate) stop: &'a mut dyn FnMut() -> bool,
}

impl Search<'_> {
    fn done(&self) -> bool {
        self.stopped || self.count >= self.cap
    }

    /// Counts a node at `depth`; `false` when a limit stops the search instead.
    fn node(&mut self, depth: u64) -> bool {
        if self.nodes >= self.max_nodes
            || self.failures >= self.max_failures
            || (self.nodes.is_multiple_of(1024) && (self.stop)())
        {
            self.stopped = true;
            return false;
        }
        self.nodes += 1;
        self.max_depth = self.max_depth.max(depth);
        true
    }

    /// Counts a solution, keeping the first: `digits(b)` are box `b`'s cell lanes as digits
    /// (1–9).
    fn found(&mut self, digits: impl Fn(usize) -> [u16; 16]) {
        self.count += 1;
        if self.solution.is_none() {
            let grid = self.solution.insert([0; 81]);
            for b in 0..9 {
                let lanes = digits(b);
                let corner = b / 3 * 27 + b % 3 * 3;
                for (r, row) in lanes.chunks_exact(4).take(3).enumerate() {
                    for (c, &d) in row[..3].iter().enumerate() {
                        grid[corner + 9 * r + c] = d as u8;
                    }
                }
            }
        }
    }
}

/// The solver over lanes `C8` and `C16` in scope, each function with the given attributes.
macro_rules! triad_solver {
    ($(#[$feature:meta])*) => {
        use super::{
            BOX_HEAD, BOX_MINIMUMS, CELLS, COL_HEADS, ROW_HEADS, CELL_ASSIGNMENT, CONFIGS_TO_TRIADS, CONFIG_ROTATE,
            HORIZONTAL_TRIADS, K, LANE3_ALL, PEER_ELEM_TO_CONFIG_MASK, POS_TRIADS_TO_CANDIDATES,
            ROW_ROTATE_3X3, SHIFT, SHIFT16, Search, CellIndex, CELL_INDEX,
        };

        /// A band: its configurations and those to rule out at its next update.
        #[derive(Clone, Copy)]
        struct Band {
            configurations: C8,
            eliminations: C8,
        }

        /// The whole state (480 bytes), copied at each guess.
        #[derive(Clone, Copy)]
        struct State {
            /// `[vertical][band]`.
            bands: [[Band; 3]; 2],
            boxen: [C16; 9],
        }

        $(#[$feature])*
        fn empty() -> State {
            let band = Band {
                configurations: C8::load(&[K, K, K, K, K, K, 0, 0]),
                eliminations: C8::all(0),
            };
            State {
                bands: [[band; 3]; 2],
                boxen: [C16::all(K); 9],
            }
        }

        /// Restricts box `b` to `candidates`, propagates inside the box, and sends the
        /// triads it rules out to its two bands (the other orientation first).
        $(#[$feature])*
        fn box_restrict<const FROM_VERTICAL: usize>(
            state: &mut State,
            bi: usize,
            bj: usize,
            candidates: C16,
        ) -> bool {
            let b = 3 * bi + bj;
            let mut cells = state.boxen[b];
            if cells.subset_of(candidates) {
                return true;
            }
            let mut eliminating = cells.and_not(candidates);
            let mut h = state.bands[0][bi].eliminations;
            let mut v = state.bands[1][bj].eliminations;
            let minimums = C16::load(&BOX_MINIMUMS);
            loop {
                cells = cells.and_not(eliminating);
                let counts = cells.popcounts9();
                if counts.any_less_than(minimums) {
                    return false;
                }
                // Singles (cells with one digit, negative triads with six) ...
                let mut assertions = cells.and(counts.which_equal(minimums));
                // ... and digits with one place left in a row or a column of the matrix.
                assertions = only_place::<false>(cells, assertions);
                assertions = only_place::<true>(cells, assertions);
                assertions_to_eliminations(assertions, bi, bj, &mut eliminating, &mut h, &mut v);
                if !eliminating.intersects(cells) {
                    break;
                }
            }
            state.boxen[b] = cells;
            state.bands[0][bi].eliminations = h;
            state.bands[1][bj].eliminations = v;
            if FROM_VERTICAL == 1 {
                band_eliminate::<0>(state, bi, bj) && band_eliminate::<1>(state, bj, bi)
            } else {
                band_eliminate::<1>(state, bj, bi) && band_eliminate::<0>(state, bi, bj)
            }
        }

        /// Adds to `assertions` the digits that occur once in a row (`COLUMNS` false) or a
        /// column of the matrix.
        $(#[$feature])*
        fn only_place<const COLUMNS: bool>(cells: C16, assertions: C16) -> C16 {
            let rotate = |x: C16| if COLUMNS { x.rotate_cols() } else { x.rotate_rows() };
            let mut one = cells;
            let mut rotated = rotate(cells);
            let mut two = one.and(rotated);
            one = one.or(rotated);
            rotated = rotate(rotated);
            two = one.and(rotated).or(two);
            one = one.or(rotated);
            rotated = rotate(rotated);
            two = one.and(rotated).or(two);
            cells.and_not(two).or(assertions)
        }

        /// Turns a box's assertions into eliminations for the box and its two bands.
        $(#[$feature])*
        fn assertions_to_eliminations(
            assertions: C16,
            bi: usize,
            bj: usize,
            box_eliminations: &mut C16,
            h: &mut C8,
            v: &mut C8,
        ) {
            let placed = assertions.and(C16::load(&CELLS));
            let mut across_rows = placed;
            across_rows = across_rows.or(across_rows.rotate_rows());
            across_rows = across_rows.or(across_rows.rotate_rows2());
            let mut across_cols = placed;
            across_cols = across_cols.or(across_cols.rotate_cols());
            across_cols = across_cols.or(across_cols.rotate_cols2());
            // A placed digit leaves the whole 3×3, its row's and column's margins, and the
            // other digits leave its cell.
            let new = across_cols
                .or(across_cols.shuffle(C16::load(&ROW_ROTATE_3X3[0])))
                .or(across_cols.shuffle(C16::load(&ROW_ROTATE_3X3[1])));
            let new = new.or(across_rows).or(placed.which_non_zero());
            *box_eliminations = new.xor(placed).or(*box_eliminations);
            // Negative triads asserted rule out their positive triad (shift 0); placed
            // digits rule out the other two triads of their minirow and minicolumn.
            let negative = C16::from_halves(horizontal_triads(assertions), assertions.hi());
            let positive = C16::from_halves(horizontal_triads(new), new.hi());
            let k = bj * 3 + bi;
            let eliminations = negative
                .shuffle(C16::load(&SHIFT16[0][k]))
                .or(positive.shuffle(C16::load(&SHIFT16[1][k])))
                .or(positive.shuffle(C16::load(&SHIFT16[2][k])));
            *h = h.or(eliminations.lo());
            *v = v.or(eliminations.hi());
        }

        /// The horizontal negative triads (lanes 3, 7, 11) in lanes 4–6.
        $(#[$feature])*
        fn horizontal_triads(cells: C16) -> C8 {
            let split = cells.shuffle(C16::load(&HORIZONTAL_TRIADS));
            split.lo().or(split.hi())
        }

        /// Applies a band's pending eliminations, fixes the digits of triads left with
        /// three, and restricts its three boxes (`from_peer` last).
        $(#[$feature])*
        fn band_eliminate<const VERTICAL: usize>(
            state: &mut State,
            band: usize,
            from_peer: usize,
        ) -> bool {
            let Band {
                configurations,
                eliminations,
            } = state.bands[VERTICAL][band];
            if !configurations.intersects(eliminations) {
                return true;
            }
            let mut configurations = configurations.and_not(eliminations);
            let triads = to_triads(configurations);
            let counts = triads.popcounts9();
            let asserting = triads.and(counts.which_equal(C16::all(3)));
            let (lo, hi) = (asserting.lo(), asserting.hi());
            configurations = configurations.and_not(
                lo.rotate_cols()
                    .shuffle(C8::load(&SHIFT[1][0]))
                    .or(lo.rotate_cols().shuffle(C8::load(&SHIFT[2][0])))
                    .or(lo.shuffle(C8::load(&SHIFT[1][1]))),
            );
            configurations = configurations.and_not(
                lo.shuffle(C8::load(&SHIFT[2][1]))
                    .or(hi.rotate_cols().shuffle(C8::load(&SHIFT[1][2])))
                    .or(hi.rotate_cols().shuffle(C8::load(&SHIFT[2][2]))),
            );
            state.bands[VERTICAL][band].configurations = configurations;
            let triads = to_triads(configurations);
            let peers = [triads.lo(), triads.lo().rotate_cols(), triads.hi()];
            // Box `p` of the band: the band is its row of boxes (horizontal) or column.
            let restrict = |state: &mut State, p: usize| {
                let candidates = to_candidates::<VERTICAL>(peers[p]);
                if VERTICAL == 0 {
                    box_restrict::<VERTICAL>(state, band, p, candidates)
                } else {
                    box_restrict::<VERTICAL>(state, p, band, candidates)
                }
            };
            // The peer the message came from last, the others in order.
            match from_peer {
                0 => restrict(state, 1) && restrict(state, 2) && restrict(state, 0),
                1 => restrict(state, 2) && restrict(state, 0) && restrict(state, 1),
                _ => restrict(state, 0) && restrict(state, 1) && restrict(state, 2),
            }
        }

        /// A band's configurations as the 3×3 matrix of its positive triads.
        $(#[$feature])*
        fn to_triads(configurations: C8) -> C16 {
            let both = C16::from_halves(configurations, configurations);
            both.shuffle(C16::load(&CONFIGS_TO_TRIADS[0]))
                .or(both.shuffle(C16::load(&CONFIGS_TO_TRIADS[1])))
        }

        /// A box's positive triads (lanes 0–2) as the candidates it may keep.
        $(#[$feature])*
        fn to_candidates<const VERTICAL: usize>(triads: C8) -> C16 {
            let t = triads.or(C8::load(&LANE3_ALL));
            let both = C16::from_halves(t, t);
            both.shuffle(C16::load(&POS_TRIADS_TO_CANDIDATES[VERTICAL][0]))
                .or(both.shuffle(C16::load(&POS_TRIADS_TO_CANDIDATES[VERTICAL][1])))
        }

        /// The band (0–2 horizontal, 3–5 vertical) and digit (one bit in lanes 0–5) to
        /// branch on, or `None` when every band is fixed.
        $(#[$feature])*
        fn choose(state: &State) -> Option<(usize, C8)> {
            let mut counts = [0xffff; 8];
            for (b, c) in counts.iter_mut().take(6).enumerate() {
                *c = state.bands[b / 3][b % 3].configurations.popcount() as u16;
            }
            let counts = C8::load(&counts);
            // A fixed band has nine configurations, one per digit: below 10, the
            // subtraction wraps.
            let min = counts.min_pos_ge(10);
            if min & 0xff00 != 0 {
                return None;
            }
            let best = (min >> 16) as usize;
            let rotate = C8::load(&CONFIG_ROTATE);
            // Digits with at least one, two, three, four configurations.
            let mut one = state.bands[best / 3][best % 3].configurations;
            let mut rotated = one.shuffle(rotate);
            let mut two = one.and(rotated);
            one = one.or(rotated);
            rotated = rotated.shuffle(rotate);
            let mut three = two.and(rotated);
            two = two.or(one.and(rotated));
            one = one.or(rotated);
            rotated = rotated.shuffle(rotate);
            let mut four = three.and(rotated);
            three = three.or(two.and(rotated));
            two = two.or(one.and(rotated));
            one = one.or(rotated);
            rotated = rotated.shuffle(rotate);
            four = four.or(three.and(rotated));
            three = three.or(two.and(rotated));
            two = two.or(one.and(rotated));
            one = one.or(rotated);
            rotated = rotated.shuffle(rotate);
            four = four.or(three.and(rotated));
            three = three.or(two.and(rotated));
            two = two.or(one.and(rotated));
            let only_two = two.and_not(three);
            let digit = if !only_two.all_zero() {
                only_two.low_bits()
            } else {
                let only_three = three.and_not(four);
                if !only_three.all_zero() {
                    only_three.low_bits()
                } else {
                    four.low_bits()
                }
            };
            Some((best, digit))
        }

        /// Whether the boxes are a solved sudoku: each cell one digit, every row, column and
        /// box all different (the propagation ensures it where every band is fixed; checked
        /// all the same, with a few dozen vector operations, before a solution counts).
        $(#[$feature])*
        fn is_sudoku(boxes: &[C16; 9]) -> bool {
            let cells = C16::load(&CELLS);
            // No cell with a second digit (an empty cell leaves its box without a digit,
            // which the box check finds) ...
            let mut wrong = C16::all(0);
            // ... and every digit in each row (lanes 0, 4, 8 of a band's minirows folded),
            // column (lanes 0–2 of a stack's minicolumns folded) and box.
            let mut rows = C16::all(K);
            let mut cols = C16::all(K);
            let mut whole = C16::all(K);
            let mut minirows = [C16::all(0); 9];
            let mut minicols = [C16::all(0); 9];
            for (b, x) in boxes.iter().enumerate() {
                let x = x.and(cells);
                wrong = wrong.or(x.and(x.minus_one()));
                let r = x.or(x.rotate_rows()).or(x.rotate_rows2());
                let c = x.or(x.rotate_cols()).or(x.rotate_cols2());
                whole = whole.and(r.or(r.rotate_cols()).or(r.rotate_cols2()));
                minirows[b] = r;
                minicols[b] = c;
            }
            for i in 0..3 {
                rows = rows.and(minirows[3 * i].or(minirows[3 * i + 1]).or(minirows[3 * i + 2]));
                cols = cols.and(minicols[i].or(minicols[3 + i]).or(minicols[6 + i]));
            }
            let full = |x: C16, lanes: &[u16; 16]| {
                let m = C16::load(lanes);
                x.and(m).xor(m)
            };
            wrong = wrong
                .or(full(rows, &ROW_HEADS))
                .or(full(cols, &COL_HEADS))
                .or(full(whole, &BOX_HEAD));
            wrong.all_zero()
        }

        /// Counts the solutions of `state` (which it may change) up to the cap.
        $(#[$feature])*
        fn count(search: &mut Search<'_>, state: &mut State, depth: u64) {
            match choose(state) {
                None if is_sudoku(&state.boxen) => {
                    let boxes = &state.boxen;
                    // A lane with one bit `d - 1` has `d` bits at or below it.
                    search.found(|b| boxes[b].or(boxes[b].minus_one()).popcounts9().to_array());
                }
                None => search.failures += 1,
                Some((b, digit)) if b < 3 => branch::<0>(search, b, digit, state, depth),
                Some((b, digit)) => branch::<1>(search, b - 3, digit, state, depth),
            }
        }

        /// Two branches on `digit`'s configurations in a band: its first, then the others.
        $(#[$feature])*
        fn branch<const VERTICAL: usize>(
            search: &mut Search<'_>,
            band: usize,
            digit: C8,
            state: &mut State,
            depth: u64,
        ) {
            let configurations = state.bands[VERTICAL][band].configurations.and(digit);
            let others = configurations.clear_low_bit();
            if !search.node(depth) {
                return;
            }
            let mut child = *state;
            let pending = &mut child.bands[VERTICAL][band].eliminations;
            *pending = pending.or(others);
            if band_eliminate::<VERTICAL>(&mut child, band, 0) {
                count(search, &mut child, depth + 1);
                if search.done() {
                    return;
                }
            } else {
                search.failures += 1;
            }
            if !search.node(depth) {
                return;
            }
            let pending = &mut state.bands[VERTICAL][band].eliminations;
            *pending = pending.or(configurations.xor(others));
            if band_eliminate::<VERTICAL>(state, band, 0) {
                count(search, state, depth + 1);
            } else {
                search.failures += 1;
            }
        }

        /// Searches the puzzle whose `cells` (row by row, 0 for blank) have a digit where
        /// `clues` (two words: cells 0–63, 64–80) have a bit, with the `banned` candidates
        /// taken out (others than cells 0–80 and digits 1–9 are ignored). Givens that clash
        /// count no solution: a given's cell keeps its digit alone, and a solution counts only
        /// when it is a sudoku (the caller tells clashes apart afterwards, when none counted).
        $(#[$feature])*
        pub(crate) fn solve(
            cells: &[u8; 81],
            clues: [u64; 2],
            banned: &[(usize, u8)],
            search: &mut Search<'_>,
        ) {
            let mut state = empty();
            for (word, mut bits) in clues.into_iter().enumerate() {
                while bits != 0 {
                    let cell = 64 * word + bits.trailing_zeros() as usize;
                    bits &= bits - 1;
                    let Some(&digit) = cells.get(cell) else { break };
                    let CellIndex { bx, elem, bi, bj, ei, ej } = CELL_INDEX[cell];
                    let d = usize::from(digit - 1);
                    let b = &mut state.boxen[usize::from(bx)];
                    *b = b.and_not(C16::load(&CELL_ASSIGNMENT[d][usize::from(elem)]));
                    let digit = C8::all(1 << d);
                    let h = &mut state.bands[0][usize::from(bi)].eliminations;
                    *h = C8::load(&PEER_ELEM_TO_CONFIG_MASK[usize::from(bj)][usize::from(ei)]).and(digit).or(*h);
                    let v = &mut state.bands[1][usize::from(bj)].eliminations;
                    *v = C8::load(&PEER_ELEM_TO_CONFIG_MASK[usize::from(bi)][usize::from(ej)]).and(digit).or(*v);
                }
            }
            let mut ok = band_eliminate::<0>(&mut state, 0, 1)
                && band_eliminate::<1>(&mut state, 0, 1)
                && band_eliminate::<0>(&mut state, 1, 2)
                && band_eliminate::<1>(&mut state, 1, 2)
                && band_eliminate::<0>(&mut state, 2, 0)
                && band_eliminate::<1>(&mut state, 2, 0);
            for &(cell, digit) in banned {
                if !ok {
                    break;
                }
                if cell >= 81 || !(1..=9).contains(&digit) {
                    continue;
                }
                let CellIndex { bx, elem, bi, bj, .. } = CELL_INDEX[cell];
                let mut lane = [0; 16];
                lane[usize::from(elem)] = 1 << (digit - 1);
                let candidates = state.boxen[usize::from(bx)].and_not(C16::load(&lane));
                ok = box_restrict::<0>(&mut state, usize::from(bi), usize::from(bj), candidates);
            }
            if ok {
                count(search, &mut state, 0);
            } else {
                search.failures += 1;
            }
        }
    };
}

/// The solver on portable lanes: every machine.
pub(crate) mod portable {
    use super::super::lanes::portable::{C8, C16};
    triad_solver!();

    #[cfg(test)]
    mod tests {
        use super::*;

        /// The box vectors of a grid (row by row, candidate sets as bits of digits 1–9).
        fn boxes(grid: &[u16; 81]) -> [C16; 9] {
            std::array::from_fn(|b| {
                let mut lanes = [0; 16];
                for e in 0..9 {
                    let (r, c) = (b / 3 * 3 + e / 3, b % 3 * 3 + e % 3);
                    lanes[e / 3 * 4 + e % 3] = grid[9 * r + c];
                }
                C16::load(&lanes)
            })
        }

        /// The final check takes a solved grid and refuses one with a clash in a row, a
        /// column or a box only, a cell with two digits, or an empty cell.
        #[test]
        fn the_final_check_refuses_every_kind_of_wrong_grid() {
            // The pattern solution: cell (r, c) holds (3r + r/3 + c) mod 9 + 1.
            let solved: [u16; 81] =
                std::array::from_fn(|i| 1 << ((i / 9 * 3 + i / 27 + i % 9) % 9));
            assert!(is_sudoku(&boxes(&solved)));
            // Swapping two cells of a row keeps the row but breaks two columns and two boxes;
            // swapping two cells of a column keeps the column but breaks two rows.
            let mut row_swap = solved;
            row_swap.swap(0, 4);
            assert!(!is_sudoku(&boxes(&row_swap)));
            let mut col_swap = solved;
            col_swap.swap(0, 9 * 4);
            assert!(!is_sudoku(&boxes(&col_swap)));
            // Swapping within a minirow keeps every row and box but breaks two columns.
            let mut minirow_swap = solved;
            minirow_swap.swap(0, 1);
            assert!(!is_sudoku(&boxes(&minirow_swap)));
            // A Latin square that is not a sudoku: every row and column right, boxes wrong.
            let latin: [u16; 81] = std::array::from_fn(|i| 1 << ((i / 9 + i % 9) % 9));
            assert!(!is_sudoku(&boxes(&latin)));
            let mut two = solved;
            two[40] |= solved[0];
            assert!(two[40] != solved[40] && !is_sudoku(&boxes(&two)));
            let mut empty = solved;
            empty[40] = 0;
            assert!(!is_sudoku(&boxes(&empty)));
        }
    }
}

/// The solver on AVX2 lanes: call [`avx2::solve`] only where the CPU has AVX2, POPCNT, BMI1
/// and BMI2.
#[cfg(target_arch = "x86_64")]
pub(crate) mod avx2 {
    use super::super::lanes::avx2::{C8, C16};
    triad_solver!(#[target_feature(enable = "avx2,popcnt,bmi1,bmi2")]);
}
