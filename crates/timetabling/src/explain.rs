//! Why there is no timetable: a minimal set of requirements that conflict, found by Junker's
//! QuickXplain over the switchable parts (hard requirements, unavailabilities, blocked slots,
//! fixed/allowed/forbidden), said in a timetabler's words, with what closed the slots of the
//! events involved.

use crate::answer::Placement;
use crate::encode::{Closed, EncodeError, Part, encode_full, open_start, parts};
use crate::instance::{EventSel, Instance, Kind, RoomNeed, Scope};
use csp_core::{Limits, Outcome, Search, SearchConfig, VarOrder};
use std::collections::{BTreeMap, HashSet};
use std::sync::Arc;
use std::time::Instant;

/// A minimal conflict, in words.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// The requirements that conflict (empty: the events alone do not fit the calendar).
    pub parts: Vec<Part>,
    /// Whether every consistency test was decided (otherwise the set may not be minimal).
    pub minimal: bool,
    /// One line per requirement.
    pub words: Vec<String>,
    /// Per event involved: where it can start and what closed the other slots.
    pub events: Vec<String>,
    /// The events involved (indices, as `events` words them).
    pub involved: Vec<usize>,
    /// Engine solves run.
    pub solves: usize,
}

/// Whether the instance has a timetable with the parts in `off` switched off
/// ([`EncodeError::Stopped`]: the deadline came first).
pub fn feasible_without(
    inst: &Arc<Instance>,
    off: &HashSet<Part>,
    deadline: Option<Instant>,
) -> Result<bool, EncodeError> {
    feasible_pinned(inst, off, &[], deadline)
}

/// [`feasible_without`] keeping occurrences at the placements `pins`: a pin the parts left on
/// rule out (its placement not in its domain) has no timetable.
pub fn feasible_pinned(
    inst: &Arc<Instance>,
    off: &HashSet<Part>,
    pins: &[(usize, Placement)],
    deadline: Option<Instant>,
) -> Result<bool, EncodeError> {
    solve_relaxed(inst, off, pins, deadline).map(|tt| tt.is_some())
}

/// A timetable with the parts in `off` switched off (a conflict's requirements: what can be
/// placed when they give way), or `None` when there is still none.
pub fn relaxed(
    inst: &Arc<Instance>,
    off: &HashSet<Part>,
    deadline: Option<Instant>,
) -> Result<Option<crate::Timetable>, EncodeError> {
    solve_relaxed(inst, off, &[], deadline)
}

/// The first timetable keeping `pins` with the parts in `off` switched off, or `None`.
fn solve_relaxed(
    inst: &Arc<Instance>,
    off: &HashSet<Part>,
    pins: &[(usize, Placement)],
    deadline: Option<Instant>,
) -> Result<Option<crate::Timetable>, EncodeError> {
    // A pin names an occurrence whatever its rank: its event's occurrences stay unordered.
    let unordered: HashSet<usize> = pins
        .iter()
        .map(|&(o, _)| inst.occurrences[o].event)
        .collect();
    let enc = encode_full(inst, off, &unordered, deadline)?;
    let fixed = enc.pins(pins);
    if fixed.len() != pins.len() {
        return Ok(None);
    }
    let config = SearchConfig {
        var_order: VarOrder::DomOverWDeg,
        restarts: Some(csp_core::Restarts::default()),
        limits: Limits {
            deadline,
            ..Limits::default()
        },
        ..SearchConfig::default()
    };
    let mut search = Search::new(&enc.model, config);
    search.reset(&fixed);
    match search.solve() {
        Outcome::Satisfiable(sol) => Ok(Some(crate::encode::decode(&enc, &sol))),
        Outcome::Unsatisfiable => Ok(None),
        Outcome::Unknown(_) => Err(EncodeError::Stopped),
    }
}

/// A minimal set of conflicting requirements, or `Ok(None)` when a timetable exists;
/// [`EncodeError::Stopped`] when the deadline came before the first answer, and
/// [`EncodeError::TooLarge`] for an instance past the engine's caps.
pub fn explain(
    inst: &Arc<Instance>,
    deadline: Option<Instant>,
) -> Result<Option<Explanation>, EncodeError> {
    explain_pinned(inst, &[], deadline)
}

/// [`explain`] with `pins` kept as the background: the requirements that, with the pinned
/// placements, leave no timetable (why a lesson cannot be moved where it was dropped).
/// Empty parts: the pins clash on their own (a shared teacher, group or room).
pub fn explain_pinned(
    inst: &Arc<Instance>,
    pins: &[(usize, Placement)],
    deadline: Option<Instant>,
) -> Result<Option<Explanation>, EncodeError> {
    let all = parts(inst);
    let mut solves = 1;
    if feasible_pinned(inst, &HashSet::new(), pins, deadline)? {
        return Ok(None);
    }
    let mut keep: Vec<Part> = all.clone();
    let mut minimal = true;
    // Without any requirement the events may still not fit: then the conflict is theirs.
    let off_all: HashSet<Part> = all.iter().copied().collect();
    solves += 1;
    // Switching parts off widens domains: an encoding past a cap here leaves the set unproved
    // minimal, like a deadline.
    match feasible_pinned(inst, &off_all, pins, deadline) {
        Ok(false) => keep.clear(),
        Err(_) => minimal = false,
        Ok(true) => {
            let mut q = Quick {
                inst,
                all: &all,
                pins,
                deadline,
                solves: 0,
                minimal: true,
            };
            keep = q.explain(&[], &all, false);
            solves += q.solves;
            minimal = q.minimal;
        }
    }
    let words = keep.iter().map(|&p| describe(inst, p)).collect();
    let involved = involved(inst, &keep);
    let events = involved.iter().map(|&e| event_words(inst, e)).collect();
    Ok(Some(Explanation {
        parts: keep,
        minimal,
        words,
        events,
        involved,
        solves,
    }))
}

/// Junker's QuickXplain (AAAI 2004) over parts: a minimal subset of `c` that conflicts with
/// the background `b`, in about `k log(n/k)` solves for a conflict of `k` among `n` (deletion
/// needs `n`). A solve the deadline cuts short counts as "has a timetable", which keeps the
/// part: the set stays a conflict, maybe not minimal (`minimal` says so).
struct Quick<'a> {
    inst: &'a Arc<Instance>,
    all: &'a [Part],
    pins: &'a [(usize, Placement)],
    deadline: Option<Instant>,
    solves: usize,
    minimal: bool,
}

impl Quick<'_> {
    /// Whether the parts in `on` (with the implicit rules) have no timetable.
    fn conflict(&mut self, on: &[Part]) -> bool {
        self.solves += 1;
        let off: HashSet<Part> = self
            .all
            .iter()
            .copied()
            .filter(|p| !on.contains(p))
            .collect();
        match feasible_pinned(self.inst, &off, self.pins, self.deadline) {
            Ok(f) => !f,
            Err(_) => {
                self.minimal = false;
                false
            }
        }
    }

    /// `QX(B, Δ, C)`: `added` says whether the last call added parts to `b` (Δ ≠ ∅).
    fn explain(&mut self, b: &[Part], c: &[Part], added: bool) -> Vec<Part> {
        if added && self.conflict(b) {
            return Vec::new();
        }
        if c.len() <= 1 {
            return c.to_vec();
        }
        let (c1, c2) = c.split_at(c.len() / 2);
        let b1: Vec<Part> = b.iter().chain(c1).copied().collect();
        let d2 = self.explain(&b1, c2, !c1.is_empty());
        let b2: Vec<Part> = b.iter().chain(&d2).copied().collect();
        let d1 = self.explain(&b2, c1, !d2.is_empty());
        d1.into_iter().chain(d2).collect()
    }
}

/// Slots in words: whole days as `all of Fri`, the rest as `Mon.6`.
pub fn slots_words(inst: &Instance, set: &[bool]) -> String {
    let ppd = inst.periods_per_day();
    let mut out = Vec::new();
    for d in 0..inst.days.len() {
        let day = &set[d * ppd..(d + 1) * ppd];
        if day.iter().all(|&b| b) {
            out.push(format!("all of {}", inst.days[d].name));
        } else {
            out.extend(
                (0..ppd)
                    .filter(|&p| day[p])
                    .map(|p| inst.slot_name(d * ppd + p)),
            );
        }
    }
    if out.len() > 12 {
        let n = out.len();
        out.truncate(10);
        out.push(format!("… ({} in all)", n));
    }
    out.join(", ")
}

fn events_words(inst: &Instance, l: &[usize]) -> String {
    l.iter()
        .map(|&e| inst.events[e].id.as_str())
        .collect::<Vec<_>>()
        .join(", ")
}

fn resource_path(inst: &Instance, r: usize) -> String {
    let kind = inst.resources[r].kind;
    let i = inst.resources[..r]
        .iter()
        .filter(|x| x.kind == kind)
        .count();
    format!("resources.{}[{i}]", kind.list())
}

/// A requirement in words, with where it is written.
pub fn describe(inst: &Instance, p: Part) -> String {
    match p {
        Part::Hard(i) => {
            let req = &inst.hard[i];
            let sel = |s: &EventSel| match s {
                EventSel::Each => "every event".to_string(),
                EventSel::EachOf(l) if l.len() > 1 => format!("each of {}", events_words(inst, l)),
                EventSel::EachOf(l) | EventSel::List(l) => events_words(inst, l),
            };
            // The lessons that need different days, when they are one set.
            let lessons = |s: &EventSel| match s {
                EventSel::List(l) => Some(l.iter().map(|&e| inst.events[e].count).sum::<usize>()),
                EventSel::EachOf(l) if l.len() == 1 => Some(inst.events[l[0]].count),
                _ => None,
            };
            let what = match &req.kind {
                Kind::DifferentDays(s) => match lessons(s) {
                    Some(n) => format!("{} needs {n} different days", sel(s)),
                    None => format!("{}: its lessons on different days", sel(s)),
                },
                Kind::SameDay(s) => format!("{} on one day", sel(s)),
                Kind::NotSameDay(l) => format!("{} never on the same day", events_words(inst, l)),
                Kind::SameSlot(l) => format!("{} at the same time", events_words(inst, l)),
                Kind::DifferentSlot(l) => {
                    format!("{} never at the same time", events_words(inst, l))
                }
                Kind::Precedence { before, after } => format!(
                    "{} before {}",
                    inst.events[*before].id, inst.events[*after].id
                ),
                Kind::MinGap(s, g) => format!("{} at least {g} slots apart", sel(s)),
                Kind::MaxPerDay(Scope::Resources(_), v) if req.path.ends_with("max_per_day") => {
                    format!("at most {v} periods a day")
                }
                Kind::MaxPerDay(_, v) => format!("at most {v} periods a day"),
                Kind::MaxPerWeek(_, v) => format!("at most {v} periods a week"),
                k => k.name().replace('_', " "),
            };
            let who = match &req.kind {
                Kind::MaxPerDay(Scope::Resources(r), _)
                | Kind::MaxPerWeek(Scope::Resources(r), _) => {
                    let ids: Vec<&str> = inst
                        .select_resources(r)
                        .iter()
                        .map(|&x| inst.resources[x].id.as_str())
                        .collect();
                    format!("{}: ", ids.join(", "))
                }
                _ => String::new(),
            };
            format!("{who}{what} ({})", req.path)
        }
        Part::Unavailable(r) => format!(
            "{} is unavailable at {} ({}.unavailable)",
            inst.resources[r].id,
            slots_words(inst, &inst.resources[r].unavailable),
            resource_path(inst, r)
        ),
        Part::RoomUnavailable(r) => format!(
            "room {} is unavailable at {}",
            inst.rooms[r].id,
            slots_words(inst, &inst.rooms[r].unavailable)
        ),
        Part::Blocked => format!(
            "nothing takes place at {} (calendar.blocked)",
            slots_words(inst, &inst.blocked)
        ),
        Part::Fixed(e) => {
            let ev = &inst.events[e];
            let s: Vec<String> = ev.fixed.iter().map(|&s| inst.slot_name(s)).collect();
            format!(
                "{} is fixed at {} (events: {}.fixed)",
                ev.id,
                s.join(", "),
                ev.id
            )
        }
        Part::Allowed(e) => {
            let ev = &inst.events[e];
            match ev.allowed.as_ref().filter(|a| a.contains(&true)) {
                Some(a) => format!("{} may only start at {}", ev.id, slots_words(inst, a)),
                None => format!(
                    "{} is allowed no slot at all (its allowed list is empty)",
                    ev.id
                ),
            }
        }
        Part::Forbidden(e) => format!(
            "{} may not start at {}",
            inst.events[e].id,
            slots_words(inst, &inst.events[e].forbidden)
        ),
    }
}

/// The events a conflict is about.
fn involved(inst: &Instance, parts: &[Part]) -> Vec<usize> {
    let mut out: Vec<usize> = Vec::new();
    for &p in parts {
        match p {
            Part::Hard(i) => {
                let units = crate::check::units(inst, &inst.hard[i], i);
                for u in units {
                    out.extend(&u.events);
                }
            }
            Part::Unavailable(r) => {
                out.extend((0..inst.events.len()).filter(|&e| inst.events[e].uses.contains(&r)))
            }
            Part::RoomUnavailable(r) => {
                out.extend((0..inst.events.len()).filter(|&e| inst.room_suits(e, r)))
            }
            Part::Blocked => {}
            Part::Fixed(e) | Part::Allowed(e) | Part::Forbidden(e) => out.push(e),
        }
    }
    out.sort_unstable();
    out.dedup();
    if out.is_empty() {
        out = (0..inst.events.len()).collect();
    }
    out.truncate(20);
    out
}

/// Why slot closed `c` keeps event `e` out, in words (`smith's unavailability`).
pub fn closed_words(inst: &Instance, e: usize, c: &Closed) -> String {
    let ev = &inst.events[e];
    match *c {
        Closed::PastDayEnd => "too close to the end of the day".to_string(),
        Closed::Blocked(_) => "calendar.blocked".into(),
        Closed::Unavailable(r, _) => {
            format!("{}'s unavailability", inst.resources[r].id)
        }
        Closed::TooShort => "periods shorter than it".into(),
        Closed::NotAllowed => "its allowed slots".into(),
        Closed::Forbidden => "its forbidden slots".into(),
        Closed::NoRoom => match ev.room {
            RoomNeed::Fixed(r) => {
                format!("room {} being unavailable", inst.rooms[r].id)
            }
            _ => "no suitable room free".into(),
        },
    }
}

/// Where event `e` can start and what closed the other slots.
pub fn event_words(inst: &Instance, e: usize) -> String {
    let ev = &inst.events[e];
    let none = HashSet::new();
    let mut open = Vec::new();
    let mut why: BTreeMap<String, usize> = BTreeMap::new();
    for s in 0..inst.num_slots() {
        match open_start(inst, e, s, &none) {
            Ok(()) => open.push(s),
            Err(c) => {
                let reason = closed_words(inst, e, &c);
                *why.entry(reason).or_default() += 1;
            }
        }
    }
    let mut days: Vec<&str> = open
        .iter()
        .map(|&s| inst.days[inst.day_of(s)].name.as_str())
        .collect();
    days.dedup();
    let mut text = format!(
        "{} ({} × {} period{}): can start in {} of {} slots, on {}",
        ev.id,
        ev.count,
        ev.duration,
        if ev.duration == 1 { "" } else { "s" },
        open.len(),
        inst.num_slots(),
        if days.is_empty() {
            "no day".to_string()
        } else {
            days.join(", ")
        }
    );
    if !why.is_empty() {
        let reasons: Vec<String> = why.iter().map(|(r, n)| format!("{n} by {r}")).collect();
        text.push_str(&format!("; closed: {}", reasons.join(", ")));
    }
    text
}
