//! Forcing chains by contradiction: assume a candidate, follow singles; if some cell or unit
//! runs out of possibilities, the assumption was false. (Sudoku Explainer's "forcing chain"
//! family, restricted to single-digit consequences; rated by the chain's length.)

use super::techniques::Technique;
use super::{Candidates, Step};

/// What following the singles from an assumption found.
pub(crate) enum Outcome {
    /// A contradiction after placing these cells (in order).
    Contradiction(Vec<(usize, u8)>, String),
    /// No contradiction.
    Consistent,
}

/// Places singles (full house, hidden, naked) until none is left or a contradiction shows.
pub(crate) fn follow_singles(c: &mut Candidates) -> Outcome {
    let n = c.shape().size();
    let mut placed = Vec::new();
    loop {
        // Contradictions: an empty cell without candidates, or a digit with no place in a unit.
        for cell in 0..n * n {
            if c.value(cell) == 0 && c.mask(cell) == 0 {
                return Outcome::Contradiction(
                    placed,
                    format!("{} has no candidate left", c.name(cell)),
                );
            }
        }
        for (u, unit) in c.units().iter().enumerate() {
            let mut present = 0u64;
            for &x in unit {
                present |= c.mask(x);
                if c.value(x) != 0 {
                    present |= 1 << (c.value(x) - 1);
                }
            }
            let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
            if present != all {
                let d = (!present & all).trailing_zeros() + 1;
                let kind = ["row", "column", "box"][u / n];
                return Outcome::Contradiction(
                    placed,
                    format!("{kind} {} has no place left for {d}", u % n + 1),
                );
            }
        }
        let step = [
            Technique::FullHouse,
            Technique::HiddenSingle,
            Technique::NakedSingle,
        ]
        .iter()
        .find_map(|t| t.find(c));
        match step {
            Some(s) => {
                placed.extend_from_slice(&s.placements);
                c.apply(&s);
            }
            None => return Outcome::Consistent,
        }
    }
}

/// The shortest contradiction from assuming one candidate (bivalue cells first), as an
/// elimination.
pub(crate) fn contradiction(c: &Candidates) -> Option<Step> {
    let n = c.shape().size();
    let mut cells: Vec<usize> = (0..n * n).filter(|&x| c.value(x) == 0).collect();
    cells.sort_by_key(|&x| c.mask(x).count_ones());
    // (chain, cell, digit, why) of the shortest contradiction so far.
    type Found = (Vec<(usize, u8)>, usize, u8, String);
    let mut best: Option<Found> = None;
    for &x in &cells {
        let mut m = c.mask(x);
        while m != 0 {
            let d = m.trailing_zeros() as u8 + 1;
            m &= m - 1;
            let mut trial = c.clone();
            trial.place(x, d);
            if let Outcome::Contradiction(placed, why) = follow_singles(&mut trial) {
                if best.as_ref().is_none_or(|b| placed.len() < b.0.len()) {
                    best = Some((placed, x, d, why));
                }
            }
        }
        if best.as_ref().is_some_and(|b| b.0.len() <= 2) {
            break;
        }
    }
    let (chain, x, d, why) = best?;
    Some(Step {
        technique: Technique::ForcingChain,
        pattern: vec![x],
        placements: vec![],
        eliminations: vec![(x, d)],
        explanation: format!(
            "if {} were {d}, {} single(s) later {why}; so {} is not {d}",
            c.name(x),
            chain.len(),
            c.name(x)
        ),
        chain,
    })
}
