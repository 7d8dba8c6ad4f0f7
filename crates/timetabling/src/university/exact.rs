//! The engine as the repair of a stuck region: a class in a hard violation, the classes in
//! one with it, and the classes sharing a required distribution with them in the same weeks
//! are freed, every other class kept, and the engine places the freed ones so that none
//! breaks a hard rule with another or with a kept class. Moving one class at a time cannot
//! leave a dense group of students' classes (a required `SameAttendees` over a hundred
//! classes, a few free times a week) once every move of one class breaks another pair; the
//! engine moves the region at once.

use super::state::State;
use crate::formats::itc2019::Placed;
use crate::formats::itc2019::rules::Meeting;
use csp_core::heuristics::SplitMix64;
use csp_core::{Limits, Model, Outcome, Propagation, Search, SearchConfig, Value, VarId};
use std::time::Instant;

/// The most classes freed at once.
const REGION: usize = 40;
/// The most placements a freed class may keep (a region with a larger one is not tried: its
/// tables of forbidden pairs would be too large to build on every attempt).
const VALUES: usize = 2048;
/// The most placements of a freed class looked through (times by rooms): with the deadline
/// checked between classes, it bounds the time an attempt takes before the engine starts.
const SCAN: usize = 20_000;
/// The most value pairs looked at for the tables of forbidden pairs (an attempt over more is
/// not made): it bounds an attempt's time and memory.
const CELLS: usize = 4_000_000;
/// Engine nodes per attempt.
const NODES: u64 = 20_000;

/// Frees the region around class `c` and asks the engine for placements of its classes with
/// no hard violation; applies them when the hard violations then fall. Whether it did (not
/// when a class of the region has no placement clear of the kept classes, when the engine
/// finds none in [`NODES`] nodes, or when the placement breaks a rule the engine does not
/// model, a set-wide distribution).
pub(super) fn repair_region(
    s: &mut State<'_, '_>,
    c: usize,
    rng: &mut SplitMix64,
    deadline: Instant,
) -> bool {
    let free = region(s, c, rng);
    let Some(domains) = domains(s, &free, rng, deadline) else {
        return false;
    };
    let Some(values) = place(s, &free, &domains, rng.next_u64(), deadline) else {
        return false;
    };
    apply(s, &free, &domains, &values)
}

/// The classes to free: `c`, the classes in a hard violation with it, then, in a random
/// order, classes sharing a required pairwise distribution with one of those and meeting in
/// a week it meets, up to [`REGION`].
fn region(s: &State<'_, '_>, c: usize, rng: &mut SplitMix64) -> Vec<usize> {
    let (m, p) = (s.m, s.m.p);
    let mut seeds = Vec::new();
    s.partners(c, &mut seeds);
    seeds.insert(0, c);
    seeds.truncate(REGION);
    let mut near = Vec::new();
    for &x in &seeds {
        let weeks = s.meet[x].time.weeks;
        for &(d, _) in &m.dists_of[x] {
            let dist = &p.distributions[d];
            if !dist.required || !dist.kind.is_pairwise() {
                continue;
            }
            near.extend(
                dist.classes
                    .iter()
                    .filter(|&&o| s.meet[o].time.weeks & weeks != 0),
            );
        }
    }
    near.sort_unstable();
    near.dedup();
    near.retain(|o| !seeds.contains(o));
    rng.shuffle(&mut near);
    seeds.extend(near.into_iter().take(REGION - seeds.len()));
    seeds
}

/// Per freed class, its placements clear of the kept classes (the current one first, the rest
/// in a random order); `None` when one has none or too many, has more than [`SCAN`] to look
/// through, or the deadline passes.
fn domains(
    s: &State<'_, '_>,
    free: &[usize],
    rng: &mut SplitMix64,
    deadline: Instant,
) -> Option<Vec<Vec<Placed>>> {
    let m = s.m;
    let mut is_free = vec![false; m.p.classes.len()];
    for &f in free {
        is_free[f] = true;
    }
    let mut out = Vec::with_capacity(free.len());
    for &f in free {
        let class = &m.p.classes[f];
        if class.times.len().saturating_mul(class.rooms.len().max(1)) > SCAN
            || Instant::now() >= deadline
        {
            return None;
        }
        let rooms: Vec<Option<usize>> = if class.rooms.is_empty() {
            vec![None]
        } else {
            (0..class.rooms.len()).map(Some).collect()
        };
        let now = s.at[f];
        let mut list = Vec::new();
        for time in 0..class.times.len() {
            for &room in &rooms {
                let at = Placed { time, room };
                if m.allowed(f, at) && clear_of_kept(s, f, &m.meeting(f, at), &is_free) {
                    list.push(at);
                    if list.len() > VALUES {
                        return None;
                    }
                }
            }
        }
        if list.is_empty() {
            return None;
        }
        rng.shuffle(&mut list);
        if let Some(i) = list.iter().position(|&a| a == now) {
            list.swap(0, i);
        }
        out.push(list);
    }
    Some(out)
}

/// Whether class `f` meeting at `mt` breaks no hard rule with a kept class: no room clash,
/// and every required pairwise distribution holds with the kept classes in it.
fn clear_of_kept(s: &State<'_, '_>, f: usize, mt: &Meeting, is_free: &[bool]) -> bool {
    let (m, p) = (s.m, s.m.p);
    if let Some(r) = mt.room
        && s.in_room(r)
            .iter()
            .any(|&o| !is_free[o] && s.meet[o].time.overlaps(&mt.time))
    {
        return false;
    }
    m.dists_of[f].iter().all(|&(d, pos)| {
        let dist = &p.distributions[d];
        !dist.required
            || !dist.kind.is_pairwise()
            || dist.classes.iter().enumerate().all(|(j, &o)| {
                is_free[o]
                    || dist
                        .kind
                        .pair_holds_at((mt, pos), (&s.meet[o], j), &m.travel)
            })
    })
}

/// Two freed classes (by their place in the region) that may break a hard rule together.
struct Pair {
    a: usize,
    b: usize,
    /// The required pairwise distributions over both, with `a`'s and `b`'s places in each.
    shared: Vec<(usize, usize, usize)>,
}

/// The pairs of freed classes that share a required pairwise distribution or a room among
/// their placements.
fn interacting(s: &State<'_, '_>, free: &[usize], meets: &[Vec<Meeting>]) -> Vec<Pair> {
    let (m, p) = (s.m, s.m.p);
    let rooms: Vec<Vec<usize>> = meets
        .iter()
        .map(|list| {
            let mut r: Vec<usize> = list.iter().filter_map(|mt| mt.room).collect();
            r.sort_unstable();
            r.dedup();
            r
        })
        .collect();
    let mut out = Vec::new();
    for a in 0..free.len() {
        for b in a + 1..free.len() {
            let shared: Vec<(usize, usize, usize)> = m.dists_of[free[a]]
                .iter()
                .filter_map(|&(d, pa)| {
                    let dist = &p.distributions[d];
                    let pb = dist.classes.iter().position(|&o| o == free[b])?;
                    (dist.required && dist.kind.is_pairwise()).then_some((d, pa, pb))
                })
                .collect();
            let same_room = rooms[a].iter().any(|r| rooms[b].binary_search(r).is_ok());
            if same_room || !shared.is_empty() {
                out.push(Pair { a, b, shared });
            }
        }
    }
    out
}

/// The engine's placement of the freed classes: one variable each over its placements, a
/// table of forbidden pairs for each two that may clash in a room or share a required
/// pairwise distribution. The chosen placement index per class, when found within the
/// nodes.
fn place(
    s: &State<'_, '_>,
    free: &[usize],
    domains: &[Vec<Placed>],
    seed: u64,
    deadline: Instant,
) -> Option<Vec<usize>> {
    let m = s.m;
    let meets: Vec<Vec<Meeting>> = free
        .iter()
        .zip(domains)
        .map(|(&f, list)| list.iter().map(|&a| m.meeting(f, a)).collect())
        .collect();
    let mut model = Model::new();
    let vars: Vec<VarId> = domains
        .iter()
        .enumerate()
        .map(|(i, list)| model.new_var(format!("c{i}"), 0..=(list.len() as Value - 1)))
        .collect::<Result<_, _>>()
        .ok()?;
    let pairs = interacting(s, free, &meets);
    let cells: usize = pairs
        .iter()
        .map(|q| domains[q.a].len() * domains[q.b].len())
        .sum();
    if cells > CELLS {
        return None;
    }
    for q in pairs {
        let forbidden = forbidden_pairs(s, &meets[q.a], &meets[q.b], &q.shared);
        if !forbidden.is_empty() {
            model
                .negative_table(&[vars[q.a], vars[q.b]], forbidden)
                .ok()?;
        }
    }
    let cfg = SearchConfig {
        propagation: Propagation::ForwardChecking,
        seed,
        limits: Limits {
            nodes: Some(NODES),
            deadline: Some(deadline),
            ..Limits::default()
        },
        ..SearchConfig::default()
    };
    match Search::new(&model, cfg).solve() {
        Outcome::Satisfiable(sol) => Some(vars.iter().map(|&x| sol.value(x) as usize).collect()),
        _ => None,
    }
}

/// The pairs of placement indices of two freed classes that break a hard rule: one room at
/// once, or a required distribution of `shared` (with the two classes' places in its list).
fn forbidden_pairs(
    s: &State<'_, '_>,
    first: &[Meeting],
    second: &[Meeting],
    shared: &[(usize, usize, usize)],
) -> Vec<Vec<Value>> {
    let (m, p) = (s.m, s.m.p);
    let mut out = Vec::new();
    for (i, x) in first.iter().enumerate() {
        for (j, y) in second.iter().enumerate() {
            let clash = x.room.is_some() && x.room == y.room && x.time.overlaps(&y.time);
            let broken = || {
                shared.iter().any(|&(d, i, j)| {
                    !p.distributions[d]
                        .kind
                        .pair_holds_at((x, i), (y, j), &m.travel)
                })
            };
            if clash || broken() {
                out.push(vec![i as Value, j as Value]);
            }
        }
    }
    out
}

/// Moves the freed classes to the placements chosen; keeps them when the hard violations
/// fell, else puts every class back. Whether they were kept.
fn apply(s: &mut State<'_, '_>, free: &[usize], domains: &[Vec<Placed>], values: &[usize]) -> bool {
    let before = s.hard;
    let old: Vec<Placed> = free.iter().map(|&f| s.at[f]).collect();
    for (k, &f) in free.iter().enumerate() {
        let at = domains[k][values[k]];
        let d = s.delta(f, at);
        s.apply(f, at, d);
    }
    if s.hard < before {
        return true;
    }
    for (k, &f) in free.iter().enumerate().rev() {
        let d = s.delta(f, old[k]);
        s.apply(f, old[k], d);
    }
    false
}
