//! Compiling an instance to a [`SlotModel`], step by step: whether it is a slot assignment,
//! its rooms, its soft costs as pair and unary tables, its hard rules, the clash graph, and
//! where each event may go.

use super::rooms::Rooms;
use super::{MAX_SLOTS, SlotModel};
use crate::instance::{Event, EventSel, Instance, Kind, ResourceSel, RoomNeed, Scope, Style};

/// The soft costs: a slots × slots pair cost, an events × slots unary cost, and the one
/// selection of resources the pair costs are counted over.
struct SoftCosts<'a> {
    pair: Vec<u64>,
    unary: Vec<u64>,
    over: Option<&'a ResourceSel>,
}

/// The hard rules: events that must share a slot, orders, and pairs kept apart.
#[derive(Default)]
struct HardRules {
    links: Vec<Vec<usize>>,
    order: Vec<(usize, usize)>,
    different: Vec<(usize, usize)>,
}

/// The clash graph in compressed rows: each event's neighbours and the headcount they share.
struct Graph {
    start: Vec<u32>,
    adj: Vec<u32>,
    weight: Vec<u64>,
}

impl SlotModel {
    /// The model of `inst`, when it is a slot assignment this search handles: every event
    /// occurs once, lasts one period and needs no room (or, exam style, any room without
    /// features); hard requirements are `different_slot`, `same_slot`, `precedence` and
    /// `exclusive_room`; soft ones are `proximity`, `two_in_a_row`, `two_in_a_day` (over one
    /// common selection of resources), `avoid_slots`, `prefer_slots`, `front_load`,
    /// `mixed_durations` and `avoid_rooms`.
    pub fn new(inst: &Instance) -> Option<SlotModel> {
        let with_rooms = inst
            .events
            .first()
            .is_some_and(|e| e.room != RoomNeed::None);
        if !eligible(inst, with_rooms) {
            return None;
        }
        let mut rooms = with_rooms.then(|| rooms(inst));
        let soft = soft_costs(inst, rooms.as_mut())?;
        let hard = hard_rules(inst, rooms.as_mut())?;
        let graph = clash_graph(inst, soft.over, &hard.different);
        Some(SlotModel {
            n: inst.events.len(),
            slots: inst.num_slots(),
            start: graph.start,
            adj: graph.adj,
            weight: graph.weight,
            pair: soft.pair,
            unary: soft.unary,
            allowed: allowed(inst),
            links: hard.links,
            order: hard.order,
            rooms,
        })
    }
}

/// Every event once, one period long, with no room, or (exams) any room without features
/// whose seats it needs; at most [`MAX_SLOTS`] slots.
fn eligible(inst: &Instance, with_rooms: bool) -> bool {
    let room_ok = |e: &Event| match &e.room {
        RoomNeed::None => !with_rooms,
        RoomNeed::Any { features, .. } => {
            with_rooms && features.is_empty() && !e.seats_soft && inst.style == Style::Exam
        }
        RoomNeed::Fixed(_) => false,
    };
    !inst.events.is_empty()
        && inst.num_slots() <= MAX_SLOTS
        && inst
            .events
            .iter()
            .all(|e| e.count == 1 && e.duration == 1 && room_ok(e))
}

/// The rooms' seats and unavailability, and the events' sizes and lengths.
fn rooms(inst: &Instance) -> Rooms {
    let slots = inst.num_slots();
    Rooms {
        seats: inst.rooms.iter().map(|r| u64::from(r.capacity)).collect(),
        penalty: vec![0; inst.rooms.len()],
        closed: (0..slots)
            .flat_map(|s| inst.rooms.iter().map(move |r| r.unavailable[s]))
            .collect(),
        mixed: 0,
        alone: vec![false; inst.events.len()],
        size: inst.events.iter().map(|e| u64::from(e.size)).collect(),
        minutes: inst
            .events
            .iter()
            .map(|e| e.minutes.unwrap_or(e.duration * 60))
            .collect(),
    }
}

/// The soft requirements as tables (and room costs); `None` for a kind this model does not
/// price, or pair costs over two different selections of resources.
fn soft_costs<'a>(inst: &'a Instance, mut rooms: Option<&mut Rooms>) -> Option<SoftCosts<'a>> {
    let (n, slots) = (inst.events.len(), inst.num_slots());
    let mut costs = SoftCosts {
        pair: vec![0u64; slots * slots],
        unary: vec![0u64; n * slots],
        over: None,
    };
    for req in &inst.soft {
        let w = req.weight;
        match &req.kind {
            Kind::Proximity(s, _) | Kind::TwoInARow(s) | Kind::TwoInADay(s) => {
                if costs.over.is_some_and(|x| x != s) {
                    return None;
                }
                costs.over = Some(s);
                pair_costs(inst, &req.kind, w, &mut costs.pair);
            }
            Kind::AvoidSlots(scope, set) | Kind::PreferSlots(scope, set) => {
                let avoid = matches!(req.kind, Kind::AvoidSlots(..));
                let times = times_counted(inst, scope);
                for (e, &k) in times.iter().enumerate() {
                    let row = &mut costs.unary[e * slots..(e + 1) * slots];
                    for (cell, &marked) in row.iter_mut().zip(set) {
                        if marked == avoid {
                            *cell += w * k;
                        }
                    }
                }
            }
            Kind::FrontLoad {
                largest,
                last_slots,
            } => {
                let mut events: Vec<usize> = (0..n).collect();
                events.sort_by_key(|&e| (std::cmp::Reverse(inst.events[e].size), e));
                events.truncate(*largest);
                let last = inst.last_open_slots(*last_slots);
                for e in events {
                    for s in (0..slots).filter(|&s| last[s]) {
                        costs.unary[e * slots + s] += w;
                    }
                }
            }
            // Without rooms these cost nothing.
            Kind::MixedDurations => {
                if let Some(r) = rooms.as_deref_mut() {
                    r.mixed += w;
                }
            }
            Kind::AvoidRooms(set) => {
                if let Some(r) = rooms.as_deref_mut() {
                    for (k, &b) in set.iter().enumerate() {
                        if b {
                            r.penalty[k] += w;
                        }
                    }
                }
            }
            // The eligible events ask for no feature: every room with one is special.
            Kind::SpecialRooms => {
                if let Some(r) = rooms.as_deref_mut() {
                    for (k, room) in inst.rooms.iter().enumerate() {
                        if !room.features.is_empty() {
                            r.penalty[k] += w;
                        }
                    }
                }
            }
            _ => return None,
        }
    }
    Some(costs)
}

/// Adds a pairwise requirement of weight `w` to the slots × slots table.
fn pair_costs(inst: &Instance, kind: &Kind, w: u64, pair: &mut [u64]) {
    let slots = inst.num_slots();
    let ranks = inst.open_ranks();
    for a in 0..slots {
        for b in 0..slots {
            // Proximity counts periods (open slots); the two-in rules, adjacent slots.
            let (d, periods) = (a.abs_diff(b), ranks[a].abs_diff(ranks[b]));
            let same_day = inst.day_of(a) == inst.day_of(b);
            pair[a * slots + b] += w * match kind {
                Kind::Proximity(_, ws) if periods >= 1 && periods <= ws.len() => ws[periods - 1],
                Kind::TwoInARow(_) if same_day && d == 1 => 1,
                Kind::TwoInADay(_) if same_day && d > 1 => 1,
                _ => 0,
            };
        }
    }
}

/// How many times a slot cost counts for each event: once for the events in scope, once per
/// selected resource it uses.
fn times_counted(inst: &Instance, scope: &Scope) -> Vec<u64> {
    let n = inst.events.len();
    match scope {
        Scope::Events(EventSel::Each) => vec![1; n],
        Scope::Events(EventSel::List(l) | EventSel::EachOf(l)) => {
            (0..n).map(|e| u64::from(l.contains(&e))).collect()
        }
        Scope::Resources(rs) => {
            let chosen = inst.select_resources(rs);
            inst.events
                .iter()
                .map(|ev| ev.uses.iter().filter(|r| chosen.contains(r)).count() as u64)
                .collect()
        }
    }
}

/// The hard requirements (and exclusive rooms); `None` for a kind this model does not keep.
fn hard_rules(inst: &Instance, mut rooms: Option<&mut Rooms>) -> Option<HardRules> {
    let mut rules = HardRules {
        links: vec![Vec::new(); inst.events.len()],
        ..HardRules::default()
    };
    for req in &inst.hard {
        match &req.kind {
            Kind::DifferentSlot(l) => {
                for (i, &a) in l.iter().enumerate() {
                    for &b in &l[i + 1..] {
                        rules.different.push((a, b));
                    }
                }
            }
            Kind::SameSlot(l) => {
                for &a in l {
                    for &b in l {
                        if a != b && !rules.links[a].contains(&b) {
                            rules.links[a].push(b);
                        }
                    }
                }
            }
            Kind::Precedence { before, after } => rules.order.push((*before, *after)),
            Kind::ExclusiveRoom(l) => {
                if let Some(r) = rooms.as_deref_mut() {
                    l.iter().for_each(|&e| r.alone[e] = true);
                }
            }
            _ => return None,
        }
    }
    Some(rules)
}

/// Clash edges (events sharing a resource, or kept apart) and the headcount each pair shares
/// among the resources the pair costs count (`over`).
fn clash_graph(inst: &Instance, over: Option<&ResourceSel>, different: &[(usize, usize)]) -> Graph {
    let n = inst.events.len();
    let mut counted = vec![false; inst.resources.len()];
    if let Some(s) = over {
        for r in inst.select_resources(s) {
            counted[r] = true;
        }
    }
    let by_resource = inst.events_by_resource();
    let mut acc = vec![0u64; n];
    let mut seen = vec![false; n];
    let mut touched = Vec::new();
    let mut g = Graph {
        start: Vec::with_capacity(n + 1),
        adj: Vec::new(),
        weight: Vec::new(),
    };
    let mut extra: Vec<Vec<usize>> = vec![Vec::new(); n];
    for &(a, b) in different {
        extra[a].push(b);
        extra[b].push(a);
    }
    for (i, ev) in inst.events.iter().enumerate() {
        g.start.push(g.adj.len() as u32);
        for &r in &ev.uses {
            let h = if counted[r] {
                u64::from(inst.resources[r].headcount.max(1))
            } else {
                0
            };
            for &j in &by_resource[r] {
                if j != i {
                    if !seen[j] {
                        seen[j] = true;
                        touched.push(j);
                    }
                    acc[j] += h;
                }
            }
        }
        for &j in &extra[i] {
            if !seen[j] {
                seen[j] = true;
                touched.push(j);
            }
        }
        touched.sort_unstable();
        for &j in &touched {
            g.adj.push(j as u32);
            g.weight.push(acc[j]);
            acc[j] = 0;
            seen[j] = false;
        }
        touched.clear();
    }
    g.start.push(g.adj.len() as u32);
    g
}

/// Where each event may go: open slots, its allowed and not forbidden ones, its people
/// available, its fixed slot if it has one.
fn allowed(inst: &Instance) -> Vec<bool> {
    let slots = inst.num_slots();
    let mut allowed = vec![false; inst.events.len() * slots];
    for (e, ev) in inst.events.iter().enumerate() {
        for s in 0..slots {
            allowed[e * slots + s] = !inst.blocked[s]
                && ev.allowed.as_ref().is_none_or(|a| a[s])
                && !ev.forbidden[s]
                && ev.uses.iter().all(|&r| !inst.resources[r].unavailable[s])
                && (ev.fixed.is_empty() || ev.fixed.contains(&s));
        }
    }
    allowed
}
