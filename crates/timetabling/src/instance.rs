//! The timetabling problem as data: a calendar of slots, resources, events and their
//! occurrences, and the hard and soft requirements over them.
//!
//! A *slot* is one period of one day, numbered `day × periods + period`. An event with
//! `count: 3` has three *occurrences*, each placed at a start slot (and in a room when it
//! needs one) and lasting `duration` consecutive periods of one day.

use crate::answer::Placement;
pub use crate::answer::Slot;
use std::fmt;

/// Most periods a day (the checker keeps a day's periods in one 64-bit word).
pub const MAX_PERIODS: usize = 64;
/// Most days in a calendar.
pub const MAX_DAYS: usize = 400;
/// Most occurrences in one timetable.
pub const MAX_OCCURRENCES: usize = 100_000;
/// Most cells of the per-slot tables (resources, rooms and events times slots).
pub const MAX_SLOT_CELLS: usize = 20_000_000;
/// Most seats a group, an event or a room counts (sums of seats are kept in 64 bits).
pub const MAX_SEATS: u32 = 1_000_000_000;

/// A timetabling instance.
#[derive(Debug, Clone)]
pub struct Instance {
    /// The instance's name.
    pub name: String,
    /// Whether rooms hold one event at a time (courses) or several up to their seats (exams).
    pub style: Style,
    /// The days, in order.
    pub days: Vec<Day>,
    /// The periods of every day, in order.
    pub periods: Vec<Period>,
    /// Slots where nothing may take place.
    pub blocked: Vec<bool>,
    /// People and groups: every event using one of them excludes the others at that time.
    pub resources: Vec<Resource>,
    /// Rooms.
    pub rooms: Vec<Room>,
    /// Events.
    pub events: Vec<Event>,
    /// Every occurrence (events with `count: n` have n of them), grouped by event.
    pub occurrences: Vec<Occurrence>,
    /// Requirements that must hold.
    pub hard: Vec<Requirement>,
    /// Requirements whose violations cost `weight` each.
    pub soft: Vec<Requirement>,
}

/// How rooms are shared.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// A room holds one event at a time (school and university courses).
    Course,
    /// A room holds several events at once while their sizes fit its capacity (exams).
    Exam,
}

/// A day of the calendar.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Day {
    /// As written in the file (`Mon`, `2025-06-02`).
    pub name: String,
    /// The date, when the name is one or the calendar gives `week_of`.
    pub date: Option<Date>,
}

/// A calendar date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct Date {
    /// Year.
    pub year: i32,
    /// Month, 1–12.
    pub month: u32,
    /// Day of the month, 1–31.
    pub day: u32,
}

impl Date {
    /// Parses `YYYY-MM-DD`.
    ///
    /// ```
    /// use csp_timetabling::instance::Date;
    /// assert_eq!(Date::parse("2025-06-02").unwrap().plus_days(29).to_string(), "2025-07-01");
    /// assert!(Date::parse("2025-02-30").is_none());
    /// ```
    pub fn parse(s: &str) -> Option<Date> {
        let mut it = s.split('-');
        let (y, m, d) = (it.next()?, it.next()?, it.next()?);
        if it.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let date = Date {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        (date.month >= 1 && date.month <= 12 && date.day >= 1 && date.day <= date.month_len())
            .then_some(date)
    }

    fn month_len(self) -> u32 {
        let leap = (self.year % 4 == 0 && self.year % 100 != 0) || self.year % 400 == 0;
        match self.month {
            2 if leap => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            _ => 31,
        }
    }

    /// The date `n` days later.
    pub fn plus_days(self, n: u32) -> Date {
        let mut d = self;
        for _ in 0..n {
            d.day += 1;
            if d.day > d.month_len() {
                d.day = 1;
                d.month += 1;
                if d.month > 12 {
                    d.month = 1;
                    d.year += 1;
                }
            }
        }
        d
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// A period of the day.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Period {
    /// As written (`1`, `AM`).
    pub id: String,
    /// Start, in minutes after midnight, when given.
    pub start: Option<u32>,
    /// Length in minutes, when given (from `minutes`, or `end − start`).
    pub minutes: Option<u32>,
}

/// What kind of resource.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum ResourceKind {
    /// A teacher.
    Teacher,
    /// A class, cohort or subgroup.
    Group,
    /// One student with individual enrolments.
    Student,
    /// Other staff (invigilators …).
    Staff,
}

impl ResourceKind {
    /// Every kind, in file order.
    pub const ALL: [ResourceKind; 4] = [
        ResourceKind::Teacher,
        ResourceKind::Group,
        ResourceKind::Student,
        ResourceKind::Staff,
    ];

    /// The list's key in files: `teachers`, `groups`, `students`, `staff`.
    pub fn list(self) -> &'static str {
        match self {
            ResourceKind::Teacher => "teachers",
            ResourceKind::Group => "groups",
            ResourceKind::Student => "students",
            ResourceKind::Staff => "staff",
        }
    }

    /// The singular, for messages.
    pub fn noun(self) -> &'static str {
        match self {
            ResourceKind::Teacher => "teacher",
            ResourceKind::Group => "group",
            ResourceKind::Student => "student",
            ResourceKind::Staff => "staff member",
        }
    }
}

/// A teacher, group, student or staff member.
#[derive(Debug, Clone)]
pub struct Resource {
    /// Identifier, unique among all resources.
    pub id: String,
    /// Display name.
    pub name: String,
    /// Kind.
    pub kind: ResourceKind,
    /// Slots where the resource is not available.
    pub unavailable: Vec<bool>,
    /// For groups: the enclosing group (a lesson of the parent is a lesson of every child).
    pub parent: Option<usize>,
    /// For groups: members.
    pub size: u32,
    /// How many people it stands for in per-person costs (a cohort: its size).
    pub headcount: u32,
}

/// A room.
#[derive(Debug, Clone)]
pub struct Room {
    /// Identifier.
    pub id: String,
    /// Seats.
    pub capacity: u32,
    /// Features offered (`lab`, `computers`, …).
    pub features: Vec<String>,
    /// Slots where the room cannot be used.
    pub unavailable: Vec<bool>,
    /// Building, for display.
    pub building: Option<String>,
}

/// What room an event needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RoomNeed {
    /// No room.
    None,
    /// Any room with enough seats and the listed features.
    Any {
        /// Required features.
        features: Vec<String>,
        /// Only rooms with no other feature (a hard `special_rooms`).
        only: bool,
    },
    /// This room.
    Fixed(usize),
}

/// An event: a lesson taught `count` times a week, or an exam.
#[derive(Debug, Clone)]
pub struct Event {
    /// Identifier.
    pub id: String,
    /// Subject, for colours and grouping (`math`).
    pub subject: Option<String>,
    /// The resources named in the file (teachers, groups, students, staff).
    pub named: Vec<usize>,
    /// Every resource it occupies: the named ones and the subgroups of its groups.
    pub uses: Vec<usize>,
    /// Seats needed.
    pub size: u32,
    /// Whether a room with fewer seats may still be used (a soft `room_capacity`
    /// requirement prices the missing seats); otherwise its rooms must hold `size`.
    pub seats_soft: bool,
    /// Consecutive periods per occurrence.
    pub duration: u32,
    /// Minutes, when given (an exam's length; must fit its period).
    pub minutes: Option<u32>,
    /// Room needed.
    pub room: RoomNeed,
    /// Start slots the occurrences are fixed to (as many as given, at most `count`).
    pub fixed: Vec<Slot>,
    /// If given, the only start slots allowed.
    pub allowed: Option<Vec<bool>>,
    /// Start slots forbidden.
    pub forbidden: Vec<bool>,
    /// Its occurrences, as a range of indices into [`Instance::occurrences`].
    pub first: usize,
    /// Number of occurrences.
    pub count: usize,
}

/// One occurrence of an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Occurrence {
    /// The event.
    pub event: usize,
    /// 0-based rank among the event's occurrences (they are placed in increasing slots).
    pub rank: usize,
}

/// Which events a requirement is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EventSel {
    /// Every event (`"*"`), each on its own.
    Each,
    /// These events, each on its own (`per: event`, the default for a list).
    EachOf(Vec<usize>),
    /// These events together, their occurrences counted as one set (`per: set`).
    List(Vec<usize>),
}

impl EventSel {
    /// The events it names, every one of `n` for `*`.
    pub fn events(&self, n: usize) -> Vec<usize> {
        match self {
            EventSel::Each => (0..n).collect(),
            EventSel::EachOf(l) | EventSel::List(l) => l.clone(),
        }
    }
}

/// Which resources a requirement is about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ResourceSel {
    /// Every resource of these kinds (`teachers`, `groups`, `*` …), each on its own.
    Kinds(Vec<ResourceKind>),
    /// These resources, each on its own.
    List(Vec<usize>),
}

/// A hard or soft requirement from the catalogue.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    /// What it asks.
    pub kind: Kind,
    /// The weight of one violation (soft); 0 for hard ones.
    pub weight: u64,
    /// Where it was written (`constraints.hard[2]`), for messages.
    pub path: String,
    /// Its line in the file (0 when built in code).
    pub line: u32,
}

/// The catalogue of requirements. Pairwise ones between several events apply to every pair
/// of their occurrences; listing one event applies them among its own occurrences.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// Every occurrence of the listed events on a different day.
    DifferentDays(EventSel),
    /// Every occurrence of the listed events on one day.
    SameDay(EventSel),
    /// No occurrence of one listed event on a day with an occurrence of another.
    NotSameDay(Vec<usize>),
    /// The k-th occurrences of the listed events start at the same slot.
    SameSlot(Vec<usize>),
    /// No two occurrences of the listed events at the same time.
    DifferentSlot(Vec<usize>),
    /// Every occurrence of `before` ends before any occurrence of `after` starts.
    Precedence {
        /// Earlier event.
        before: usize,
        /// Later event.
        after: usize,
    },
    /// At least `value` free slots between any two occurrences of the listed events.
    MinGap(EventSel, u32),
    /// At most `value` periods a day for each resource (or of the listed events).
    MaxPerDay(Scope, u32),
    /// At most `value` periods a week for each resource.
    MaxPerWeek(Scope, u32),
    /// At most `value` consecutive busy periods for each resource; each period beyond costs.
    MaxConsecutive(ResourceSel, u32),
    /// At most `value` free periods a day between a resource's first and last lesson.
    MaxGapsPerDay(ResourceSel, u32),
    /// The occurrences of each listed event spread over at least `value` days.
    MinDays(EventSel, u32),
    /// Each event's occurrences in a single room.
    RoomStability(EventSel),
    /// All occurrences of the listed events in a single room.
    SameRoom(Vec<usize>),
    /// No other event in the room of the listed events at their time.
    ExclusiveRoom(Vec<usize>),
    /// Occupying these slots costs (per period).
    AvoidSlots(Scope, Vec<bool>),
    /// Occupying slots outside these costs (per period).
    PreferSlots(Scope, Vec<bool>),
    /// Carter's proximity cost: two events of a resource `d` slots apart cost
    /// `weights[d − 1]` per person.
    Proximity(ResourceSel, Vec<u64>),
    /// Two events of a resource in adjacent periods of one day, per person.
    TwoInARow(ResourceSel),
    /// Two events of a resource on one day, not adjacent, per person.
    TwoInADay(ResourceSel),
    /// The `largest` largest events placed in the last `last_slots` slots, each.
    FrontLoad {
        /// How many of the largest events.
        largest: usize,
        /// How many final slots.
        last_slots: usize,
    },
    /// Events of different lengths in one room at one time: each extra length.
    MixedDurations,
    /// Each seat an occurrence lacks in its room (size − capacity) costs; soft only, and it
    /// lets the listed events use rooms that are too small.
    RoomCapacity(EventSel),
    /// Each occurrence of a resource with no other of its occurrences in the period before
    /// or after on the same day (an isolated lesson; ITC 2007 curriculum compactness).
    Isolated(ResourceSel),
    /// Each occurrence in one of these rooms costs.
    AvoidRooms(Vec<bool>),
    /// Each occurrence in a room with a feature its event does not ask for (a maths lesson
    /// in the lab) costs; hard, such rooms are not used at all.
    SpecialRooms,
    /// Each occurrence not at its placement in a previous timetable (start slot, and room
    /// when the previous one had one) costs: the price of change when re-solving.
    Stay(Vec<Option<Placement>>),
}

/// Resources or events a load requirement counts over.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Scope {
    /// Each selected resource on its own.
    Resources(ResourceSel),
    /// The listed events together.
    Events(EventSel),
}

impl Kind {
    /// The name used in files.
    pub fn name(&self) -> &'static str {
        match self {
            Kind::DifferentDays(_) => "different_days",
            Kind::SameDay(_) => "same_day",
            Kind::NotSameDay(_) => "not_same_day",
            Kind::SameSlot(_) => "same_slot",
            Kind::DifferentSlot(_) => "different_slot",
            Kind::Precedence { .. } => "precedence",
            Kind::MinGap(..) => "min_gap",
            Kind::MaxPerDay(..) => "max_per_day",
            Kind::MaxPerWeek(..) => "max_per_week",
            Kind::MaxConsecutive(..) => "max_consecutive",
            Kind::MaxGapsPerDay(..) => "max_gaps_per_day",
            Kind::MinDays(..) => "min_days",
            Kind::RoomStability(_) => "room_stability",
            Kind::SameRoom(_) => "same_room",
            Kind::ExclusiveRoom(_) => "exclusive_room",
            Kind::AvoidSlots(..) => "avoid_slots",
            Kind::PreferSlots(..) => "prefer_slots",
            Kind::Proximity(..) => "proximity",
            Kind::TwoInARow(_) => "two_in_a_row",
            Kind::TwoInADay(_) => "two_in_a_day",
            Kind::FrontLoad { .. } => "front_load",
            Kind::MixedDurations => "mixed_durations",
            Kind::RoomCapacity(_) => "room_capacity",
            Kind::Isolated(_) => "isolated",
            Kind::AvoidRooms(_) => "avoid_rooms",
            Kind::SpecialRooms => "special_rooms",
            Kind::Stay(_) => "moved",
        }
    }

    /// What one violation of it is, singular and plural, for cost lines ("2 days short",
    /// "484 points"): the unit its count is in.
    pub fn unit(&self) -> (&'static str, &'static str) {
        match self {
            Kind::DifferentDays(_)
            | Kind::NotSameDay(_)
            | Kind::SameSlot(_)
            | Kind::DifferentSlot(_)
            | Kind::Precedence { .. }
            | Kind::MinGap(..) => ("pair", "pairs"),
            Kind::SameDay(_) => ("occurrence off the day", "occurrences off the day"),
            Kind::MaxPerDay(..) | Kind::MaxPerWeek(..) | Kind::MaxConsecutive(..) => {
                ("period over", "periods over")
            }
            Kind::MaxGapsPerDay(..) => ("gap over", "gaps over"),
            Kind::MinDays(..) => ("day short", "days short"),
            Kind::RoomStability(_) | Kind::SameRoom(_) => ("extra room", "extra rooms"),
            Kind::AvoidSlots(..) | Kind::PreferSlots(..) => ("period", "periods"),
            Kind::Proximity(..) => ("point", "points"),
            Kind::TwoInARow(_) | Kind::TwoInADay(_) => ("person", "people"),
            Kind::MixedDurations => ("extra length", "extra lengths"),
            Kind::RoomCapacity(_) => ("missing seat", "missing seats"),
            Kind::Isolated(_) => ("isolated lesson", "isolated lessons"),
            Kind::Stay(_) => ("moved occurrence", "moved occurrences"),
            Kind::ExclusiveRoom(_)
            | Kind::FrontLoad { .. }
            | Kind::AvoidRooms(_)
            | Kind::SpecialRooms => ("occurrence", "occurrences"),
        }
    }

    /// Every name, for "expected one of" messages.
    pub const NAMES: [&'static str; 26] = [
        "different_days",
        "same_day",
        "not_same_day",
        "same_slot",
        "different_slot",
        "precedence",
        "min_gap",
        "max_per_day",
        "max_per_week",
        "max_consecutive",
        "max_gaps_per_day",
        "min_days",
        "room_stability",
        "same_room",
        "exclusive_room",
        "avoid_slots",
        "prefer_slots",
        "proximity",
        "two_in_a_row",
        "two_in_a_day",
        "front_load",
        "mixed_durations",
        "room_capacity",
        "isolated",
        "avoid_rooms",
        "special_rooms",
    ];
}

/// `n` and the noun, singular for one: `1 day`, `5 days`.
pub fn count(n: usize, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

impl Instance {
    /// One line: its name, occurrences, events, calendar, resources and rooms.
    pub fn summary(&self) -> String {
        format!(
            "{}: {} of {}, {} × {}, {}, {}",
            self.name,
            count(self.occurrences.len(), "occurrence", "occurrences"),
            count(self.events.len(), "event", "events"),
            count(self.days.len(), "day", "days"),
            count(self.periods.len(), "period", "periods"),
            count(self.resources.len(), "resource", "resources"),
            count(self.rooms.len(), "room", "rooms")
        )
    }

    /// Periods per day.
    pub fn periods_per_day(&self) -> usize {
        self.periods.len()
    }

    /// Number of slots.
    pub fn num_slots(&self) -> usize {
        self.days.len() * self.periods.len()
    }

    /// Each slot's position among the slots not blocked (a blocked slot gets the next open
    /// one's). Distances in periods (`proximity`) and the last periods (`front_load`) count
    /// open slots only: a blocked slot, such as a missing period of a short exam day, is no
    /// period.
    pub fn open_ranks(&self) -> Vec<usize> {
        let mut k = 0;
        self.blocked
            .iter()
            .map(|&b| {
                let r = k;
                k += usize::from(!b);
                r
            })
            .collect()
    }

    /// Whether each slot is among the last `n` open slots (the slots `front_load` counts).
    pub fn last_open_slots(&self, n: usize) -> Vec<bool> {
        let ranks = self.open_ranks();
        let from = self
            .blocked
            .iter()
            .filter(|&&b| !b)
            .count()
            .saturating_sub(n);
        (0..self.num_slots())
            .map(|s| !self.blocked[s] && ranks[s] >= from)
            .collect()
    }

    /// The day of a slot.
    pub fn day_of(&self, s: Slot) -> usize {
        s / self.periods.len()
    }

    /// The period of a slot within its day.
    pub fn period_of(&self, s: Slot) -> usize {
        s % self.periods.len()
    }

    /// `Mon.3`: a slot as files write it.
    pub fn slot_name(&self, s: Slot) -> String {
        format!(
            "{}.{}",
            self.days[self.day_of(s)].name,
            self.periods[self.period_of(s)].id
        )
    }

    /// The event of an occurrence.
    pub fn event_of(&self, o: usize) -> &Event {
        &self.events[self.occurrences[o].event]
    }

    /// `math-7A#2`: an occurrence by its event and 1-based rank (just the id when the event
    /// occurs once).
    pub fn occurrence_name(&self, o: usize) -> String {
        let oc = self.occurrences[o];
        let e = &self.events[oc.event];
        if e.count == 1 {
            e.id.clone()
        } else {
            format!("{}#{}", e.id, oc.rank + 1)
        }
    }

    /// The occurrences of event `e`.
    pub fn occurrences_of(&self, e: usize) -> std::ops::Range<usize> {
        let ev = &self.events[e];
        ev.first..ev.first + ev.count
    }

    /// The resources selected, in index order.
    pub fn select_resources(&self, sel: &ResourceSel) -> Vec<usize> {
        match sel {
            ResourceSel::Kinds(k) => (0..self.resources.len())
                .filter(|&r| k.contains(&self.resources[r].kind))
                .collect(),
            ResourceSel::List(l) => l.clone(),
        }
    }

    /// The event sets a selection stands for: each event alone (`*`), or the list together.
    pub fn event_sets(&self, sel: &EventSel) -> Vec<Vec<usize>> {
        match sel {
            EventSel::Each => (0..self.events.len()).map(|e| vec![e]).collect(),
            EventSel::EachOf(l) => l.iter().map(|&e| vec![e]).collect(),
            EventSel::List(l) => vec![l.clone()],
        }
    }

    /// For each resource, the events that use it.
    pub fn events_by_resource(&self) -> Vec<Vec<usize>> {
        let mut by = vec![Vec::new(); self.resources.len()];
        for (e, ev) in self.events.iter().enumerate() {
            for &r in &ev.uses {
                by[r].push(e);
            }
        }
        by
    }

    /// Whether room `r` suits event `e` (seats, features, or the one named), ignoring time.
    pub fn room_suits(&self, e: usize, r: usize) -> bool {
        let ev = &self.events[e];
        let room = &self.rooms[r];
        match &ev.room {
            RoomNeed::None => false,
            RoomNeed::Fixed(f) => *f == r,
            RoomNeed::Any { features, only } => {
                (ev.seats_soft || room.capacity >= ev.size)
                    && features.iter().all(|f| room.features.contains(f))
                    && !(*only && self.room_is_special_for(e, r))
            }
        }
    }

    /// Whether room `r` has a feature event `e` does not ask for (a fixed room is chosen,
    /// never special).
    pub fn room_is_special_for(&self, e: usize, r: usize) -> bool {
        match &self.events[e].room {
            RoomNeed::Any { features, .. } => {
                self.rooms[r].features.iter().any(|f| !features.contains(f))
            }
            RoomNeed::None | RoomNeed::Fixed(_) => false,
        }
    }

    /// The slots an occurrence of `e` starting at `s` covers, or `None` when it would run
    /// past the end of the day.
    pub fn covered(&self, e: usize, s: Slot) -> Option<std::ops::Range<Slot>> {
        let d = self.events[e].duration as usize;
        (self.period_of(s) + d <= self.periods.len() && s < self.num_slots()).then(|| s..s + d)
    }
}
