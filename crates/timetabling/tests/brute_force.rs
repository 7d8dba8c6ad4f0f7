//! Tiny random timetables: the solver's optimum equals the one found by enumerating every
//! timetable, every timetable it returns passes `verify`, and its reported cost is `cost`.

use csp_timetabling::solve::{Config, Status, solve};
use csp_timetabling::{Instance, Placement, Timetable, cost, verify, yaml};
use proptest::prelude::*;
use std::sync::Arc;

/// Every valid timetable's cost (None when there is none): enumeration of every start and
/// room of every occurrence, judged by `verify` and `cost` only.
fn brute_force(inst: &Instance) -> Option<u64> {
    let n = inst.num_slots();
    let opts: Vec<Vec<Placement>> = (0..inst.occurrences.len())
        .map(|o| {
            let e = inst.occurrences[o].event;
            let rooms: Vec<Option<usize>> =
                if inst.events[e].room == csp_timetabling::instance::RoomNeed::None {
                    vec![None]
                } else {
                    (0..inst.rooms.len()).map(Some).collect()
                };
            (0..n)
                .flat_map(|s| rooms.iter().map(move |&room| Placement { start: s, room }))
                .collect()
        })
        .collect();
    let mut best: Option<u64> = None;
    let mut cur = vec![
        Placement {
            start: 0,
            room: None
        };
        opts.len()
    ];
    fn rec(
        inst: &Instance,
        opts: &[Vec<Placement>],
        i: usize,
        cur: &mut Vec<Placement>,
        best: &mut Option<u64>,
    ) {
        if i == opts.len() {
            let tt = Timetable {
                placements: cur.clone(),
            };
            if verify(inst, &tt).is_empty() {
                let c = cost(inst, &tt).total;
                *best = Some(best.map_or(c, |b| b.min(c)));
            }
            return;
        }
        for &p in &opts[i] {
            cur[i] = p;
            rec(inst, opts, i + 1, cur, best);
        }
    }
    rec(inst, &opts, 0, &mut cur, &mut best);
    best
}

fn instance_text(
    periods: usize,
    events: &[(usize, usize, usize, u32, bool)],
    rooms: usize,
    hard: &[usize],
    soft: &[(usize, u32)],
    unavailable: Option<usize>,
) -> String {
    let mut s = String::from("kind: timetable\ncalendar:\n  days: [Mon, Tue, Wed]\n  periods:\n");
    for p in 1..=periods {
        s += &format!("    - {{id: {p}}}\n");
    }
    s += "resources:\n  teachers:\n";
    s += &format!(
        "    - {{id: t0{}}}\n",
        unavailable
            .map(|p| format!(", unavailable: [\"Mon.{}\"]", p % periods + 1))
            .unwrap_or_default()
    );
    s += "    - {id: t1}\n  groups:\n    - {id: g0, size: 10}\n    - {id: g1, size: 10}\n    - {id: g01, size: 5, parent: g0}\n";
    if rooms > 0 {
        s += "  rooms:\n";
        for r in 0..rooms {
            s += &format!(
                "    - {{id: r{r}, capacity: {}}}\n",
                if r == 0 { 20 } else { 10 }
            );
        }
    }
    s += "events:\n";
    for (i, &(t, g, count, dur, room)) in events.iter().enumerate() {
        let group = ["g0", "g1", "g01"][g % 3];
        s += &format!(
            "  - {{id: e{i}, teachers: [t{}], groups: [{group}], count: {count}, duration: {dur}{}}}\n",
            t % 2,
            if room || rooms == 0 {
                ""
            } else {
                ", room: none"
            }
        );
    }
    let kinds_hard = [
        "{type: different_days, events: [e0]}",
        "{type: precedence, before: e0, after: e1}",
        "{type: not_same_day, events: [e0, e1]}",
        "{type: max_per_day, resources: teachers, value: 2}",
        "{type: min_gap, events: [e0, e1], value: 1}",
        "{type: different_slot, events: [e0, e1]}",
        "{type: max_consecutive, resources: groups, value: 1}",
    ];
    let kinds_soft = [
        "{type: max_gaps_per_day, resources: groups, value: 0",
        "{type: min_days, events: \"*\", value: 2",
        "{type: room_stability, events: \"*\"",
        "{type: avoid_slots, resources: [t0], slots: [\"*.1\"]",
        "{type: max_consecutive, resources: teachers, value: 1",
        "{type: same_day, events: [e0, e1]",
        "{type: prefer_slots, events: [e1], slots: [\"Tue.*\"]",
        "{type: two_in_a_day, resources: groups",
        "{type: proximity, resources: groups, weights: [3, 1]",
    ];
    s += "constraints:\n  hard:\n";
    for &h in hard {
        s += &format!("    - {}\n", kinds_hard[h % kinds_hard.len()]);
    }
    if hard.is_empty() {
        s = s.replace("  hard:\n", "  hard: []\n");
    }
    s += "  soft:\n";
    for &(k, w) in soft {
        s += &format!(
            "    - {}, weight: {w}}}\n",
            kinds_soft[k % kinds_soft.len()]
        );
    }
    if soft.is_empty() {
        s = s.replace("  soft:\n", "  soft: []\n");
    }
    s
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn the_optimum_is_the_enumerated_one(
        periods in 2usize..=3,
        events in proptest::collection::vec((0usize..2, 0usize..3, 1usize..=2, 1u32..=2, any::<bool>()), 2..=3),
        rooms in 0usize..=2,
        hard in proptest::collection::vec(0usize..7, 0..=2),
        soft in proptest::collection::vec((0usize..9, 1u32..=5), 0..=3),
        unavailable in proptest::option::of(0usize..3),
    ) {
        // At most 4 occurrences: the enumeration stays small.
        let total: usize = events.iter().map(|e| e.2).sum();
        prop_assume!(total <= 4);
        let events: Vec<_> = events.into_iter().map(|(t, g, c, d, r)| (t, g, c, d.min(periods as u32), r)).collect();
        let text = instance_text(periods, &events, rooms, &hard, &soft, unavailable);
        let inst = Arc::new(yaml::parse(&text, "tiny.yaml").map_err(|e| TestCaseError::fail(format!("{e}\n{text}")))?);
        let expected = brute_force(&inst);
        let r = solve(&inst, &Config { deadline: Some(std::time::Instant::now() + std::time::Duration::from_secs(20)), ..Config::default() }, &mut |_| {}).expect("small enough");
        match expected {
            None => prop_assert_eq!(r.status, Status::Unsatisfiable, "{}", text),
            Some(best) => {
                prop_assert_eq!(r.status, Status::Optimal, "{}", text);
                let tt = r.timetable.expect("a timetable");
                prop_assert!(verify(&inst, &tt).is_empty(), "{:?}\n{}", verify(&inst, &tt), text);
                prop_assert_eq!(r.cost, Some(cost(&inst, &tt).total));
                prop_assert_eq!(r.cost, Some(best), "{}", text);
            }
        }
    }
}
