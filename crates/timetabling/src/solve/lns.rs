//! Large neighbourhood search: the engine, with the cost cut, completes a timetable of
//! which a part was freed.

use super::{Config, engine_config};
use crate::answer::{Placement, Timetable};
use crate::check::cost;
use crate::encode::{Encoding, decode};
use crate::instance::Instance;
use csp_core::heuristics::SplitMix64;
use csp_core::{Limits, Outcome, Search};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Engine nodes per round.
const ROUND_NODES: u64 = 300;

/// Rounds in a row without improvement that end the search (on instances small enough for
/// branch and bound; larger ones go on to the deadline).
const PATIENCE: u64 = 400;

/// Large neighbourhood search from `best` (cost in `limit`): rounds free the occurrences of
/// one or two days, of one or two resources, or a random fifth, fix the others, and search
/// with a node budget for a completion cheaper than `limit` (the cut fails any node whose
/// lower bound reaches it). Stops at `deadline` or after [`PATIENCE`] rounds without
/// improvement; returns (rounds, nodes).
pub(super) fn lns(
    inst: &Instance,
    enc: &Encoding,
    cfg: &Config,
    limit: &AtomicU64,
    best: &mut Timetable,
    deadline: Instant,
    improved: &mut dyn FnMut(u64, &Timetable),
) -> (u64, u64) {
    let mut sc = engine_config(cfg, false);
    sc.value_order = csp_core::ValueOrder::InDomainRandom;
    sc.limits = Limits {
        nodes: Some(ROUND_NODES),
        deadline: Some(deadline),
        ..Limits::default()
    };
    let mut search = Search::new(&enc.model, sc);
    let mut rng = SplitMix64::new(cfg.seed ^ 0x1A5);
    let pinned: std::collections::HashSet<usize> = cfg.pins.iter().map(|p| p.0).collect();
    let by_resource = inst.events_by_resource();
    let n = inst.occurrences.len();
    let (mut rounds, mut nodes, mut since) = (0u64, 0u64, 0u64);
    let mut free = vec![false; n];
    while Instant::now() < deadline
        && (since < PATIENCE || inst.occurrences.len() > cfg.exact_limit)
        && !csp_core::termination::stop_requested()
    {
        rounds += 1;
        since += 1;
        free.iter_mut().for_each(|f| *f = false);
        match rng.index(3) {
            0 => {
                for _ in 0..2 {
                    let d = rng.index(inst.days.len());
                    for (f, p) in free.iter_mut().zip(&best.placements) {
                        if inst.day_of(p.start) == d {
                            *f = true;
                        }
                    }
                }
            }
            1 if !by_resource.is_empty() => {
                for _ in 0..2 {
                    let r = rng.index(by_resource.len());
                    for &e in &by_resource[r] {
                        for o in inst.occurrences_of(e) {
                            free[o] = true;
                        }
                    }
                }
            }
            _ => {
                for f in free.iter_mut() {
                    *f = rng.index(5) == 0;
                }
            }
        }
        let fixed: Vec<(usize, Placement)> = (0..n)
            .filter(|&o| !free[o] || pinned.contains(&o))
            .map(|o| (o, best.placements[o]))
            .chain(cfg.pins.iter().copied())
            .collect();
        search.reset(&enc.pins(&fixed));
        let outcome = search.solve();
        nodes += search.stats().nodes;
        if let Outcome::Satisfiable(sol) = outcome {
            let tt = decode(enc, &sol);
            let c = cost(inst, &tt).total;
            if c < limit.load(Ordering::Relaxed) {
                limit.store(c, Ordering::Relaxed);
                *best = tt;
                since = 0;
                improved(c, best);
                if c == 0 {
                    break;
                }
            }
        }
    }
    (rounds, nodes)
}
