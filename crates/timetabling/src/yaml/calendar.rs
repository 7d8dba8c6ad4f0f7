//! The calendar: days, periods, blocked slots, and the slot patterns the rest of the file
//! uses (`Mon.3`, `Fri.*`, `*.6`, `2025-06-05.PM`).

use super::names::{Reader, nearest};
use super::raw::{Many, Name, RawCalendar, RawFile, RawPeriod};
use super::{MAX_DAYS, MAX_PERIODS, MAX_SLOT_CELLS};
use crate::instance::{Date, Day, Period, Slot};
use csp_model::source::SourceError;
use serde_saphyr::{Location, Spanned};

/// The calendar as read.
pub(super) struct Calendar {
    pub(super) days: Vec<Day>,
    pub(super) periods: Vec<Period>,
    pub(super) blocked: Vec<bool>,
}

/// Slots as a set and as a list (in the order written).
pub(super) type SlotSet = (Vec<bool>, Vec<Slot>);

impl Calendar {
    /// Reads `calendar`, after checking that the per-slot tables the file asks for fit.
    pub(super) fn read(rd: &Reader<'_>, raw: &RawFile) -> Result<Calendar, SourceError> {
        let cal = &raw.calendar.value;
        if cal.days.is_empty() || cal.days.len() > MAX_DAYS {
            return Err(rd.err(
                &raw.calendar.referenced,
                "calendar.days",
                format!("expected 1 to {MAX_DAYS} days, found {}", cal.days.len()),
            ));
        }
        if cal.periods.is_empty() || cal.periods.len() > MAX_PERIODS {
            return Err(rd.err(
                &raw.calendar.referenced,
                "calendar.periods",
                format!(
                    "expected 1 to {MAX_PERIODS} periods a day, found {}",
                    cal.periods.len()
                ),
            ));
        }
        let mut calendar = Calendar {
            days: days(rd, cal)?,
            periods: periods(rd, cal)?,
            blocked: Vec::new(),
        };
        check_tables(rd, raw, calendar.num_slots())?;
        calendar.blocked = calendar.slot_set(rd, &cal.blocked, "calendar.blocked")?;
        Ok(calendar)
    }

    /// Number of slots.
    pub(super) fn num_slots(&self) -> usize {
        self.days.len() * self.periods.len()
    }

    /// The slots a list of patterns names, as a set; `path` names the list in errors.
    pub(super) fn slot_set(
        &self,
        rd: &Reader<'_>,
        pats: &[Spanned<Name>],
        path: &str,
    ) -> Result<Vec<bool>, SourceError> {
        let mut set = vec![false; self.num_slots()];
        for (i, p) in pats.iter().enumerate() {
            let slots = match_slots(&p.value.0, &self.days, &self.periods)
                .map_err(|m| rd.err(&p.referenced, &format!("{path}[{i}]"), m))?;
            for s in slots {
                set[s] = true;
            }
        }
        Ok(set)
    }

    /// The slots of one pattern or a list of them (`fixed: Mon.1` or `[Mon.1, Thu.2]`), as a
    /// set and as a list; a lone pattern is named `path`, one of a list `path[k]`.
    pub(super) fn slots_of(
        &self,
        rd: &Reader<'_>,
        m: &Spanned<Many>,
        path: &str,
        lone_unindexed: bool,
    ) -> Result<SlotSet, SourceError> {
        let mut set = vec![false; self.num_slots()];
        let mut list = Vec::new();
        for (k, p) in m.value.0.iter().enumerate() {
            let loc = if p.referenced == Location::UNKNOWN {
                m.referenced
            } else {
                p.referenced
            };
            let kp = if lone_unindexed && m.value.0.len() == 1 && p.referenced == Location::UNKNOWN
            {
                path.to_string()
            } else {
                format!("{path}[{k}]")
            };
            for s in match_slots(&p.value.0, &self.days, &self.periods)
                .map_err(|msg| rd.err(&loc, &kp, msg))?
            {
                set[s] = true;
                list.push(s);
            }
        }
        Ok((set, list))
    }
}

/// `calendar.days`: names unique; a date from the name or from `week_of`.
fn days(rd: &Reader<'_>, cal: &RawCalendar) -> Result<Vec<Day>, SourceError> {
    let week_of = match &cal.week_of {
        Some(w) => Some(Date::parse(&w.value).ok_or_else(|| {
            rd.err(
                &w.referenced,
                "calendar.week_of",
                format!("expected a date YYYY-MM-DD, found `{}`", w.value),
            )
        })?),
        None => None,
    };
    let mut days = Vec::new();
    for (i, d) in cal.days.iter().enumerate() {
        let name = d.value.0.clone();
        if days.iter().any(|x: &Day| x.name == name) {
            return Err(rd.err(
                &d.referenced,
                &format!("calendar.days[{i}]"),
                format!("the day `{name}` appears twice"),
            ));
        }
        let date = Date::parse(&name).or_else(|| week_of.map(|w| w.plus_days(i as u32)));
        days.push(Day { name, date });
    }
    Ok(days)
}

/// `calendar.periods`: ids unique; start, end and length in minutes when given.
fn periods(rd: &Reader<'_>, cal: &RawCalendar) -> Result<Vec<Period>, SourceError> {
    let mut periods = Vec::new();
    for (i, p) in cal.periods.iter().enumerate() {
        let path = format!("calendar.periods[{i}]");
        let id = p.value.id.value.0.clone();
        if periods.iter().any(|x: &Period| x.id == id) {
            return Err(rd.err(
                &p.value.id.referenced,
                &format!("{path}.id"),
                format!("the period `{id}` appears twice"),
            ));
        }
        periods.push(period(rd, p, &path, id)?);
    }
    Ok(periods)
}

/// One period's times.
fn period(
    rd: &Reader<'_>,
    p: &Spanned<RawPeriod>,
    path: &str,
    id: String,
) -> Result<Period, SourceError> {
    let clock = |s: &Option<Spanned<String>>, key: &str| -> Result<Option<u32>, SourceError> {
        match s {
            None => Ok(None),
            Some(t) => parse_clock(&t.value).map(Some).ok_or_else(|| {
                rd.err(
                    &t.referenced,
                    &format!("{path}.{key}"),
                    format!("expected a time HH:MM, found `{}`", t.value),
                )
            }),
        }
    };
    let start = clock(&p.value.start, "start")?;
    let end = clock(&p.value.end, "end")?;
    let minutes = match (p.value.minutes.as_ref().map(|m| m.value), start, end) {
        (Some(m), _, _) => Some(m),
        (None, Some(a), Some(b)) if b > a => Some(b - a),
        (None, Some(_), Some(_)) => {
            let loc = p.value.end.as_ref().map_or(p.referenced, |e| e.referenced);
            return Err(rd.err(
                &loc,
                &format!("{path}.end"),
                "expected an end after the start",
            ));
        }
        _ => None,
    };
    Ok(Period { id, start, minutes })
}

/// Every resource, room and event keeps a table over the slots: their total is bounded
/// before anything is allocated (a 256 MB file could otherwise ask for terabytes).
fn check_tables(rd: &Reader<'_>, raw: &RawFile, num_slots: usize) -> Result<(), SourceError> {
    let r = &raw.resources;
    let tables = r.teachers.len()
        + r.groups.len()
        + r.students.len()
        + r.staff.len()
        + r.rooms.len()
        + raw.rooms.len()
        + 3 * raw.events.len();
    if tables.saturating_mul(num_slots) > MAX_SLOT_CELLS {
        return Err(rd.err(
            &raw.calendar.referenced,
            "calendar",
            format!(
                "{tables} resources, rooms and event tables over {num_slots} slots make {} cells; at most {MAX_SLOT_CELLS} are supported",
                tables.saturating_mul(num_slots)
            ),
        ));
    }
    Ok(())
}

fn parse_clock(s: &str) -> Option<u32> {
    let (h, m) = s.split_once(':')?;
    let (h, m): (u32, u32) = (h.parse().ok()?, m.parse().ok()?);
    (h < 24 && m < 60 && s.len() <= 5).then_some(h * 60 + m)
}

/// The slots a pattern names: `Mon.3`, `Fri.*`, `*.6`, `2025-06-05.PM`, or a day alone.
pub fn match_slots(pat: &str, days: &[Day], periods: &[Period]) -> Result<Vec<Slot>, String> {
    let (d, p) = split_slot(pat, days, periods);
    let ds: Vec<usize> = if d == "*" {
        (0..days.len()).collect()
    } else {
        match days.iter().position(|x| x.name == d) {
            Some(i) => vec![i],
            None => {
                let hint = nearest(d, days.iter().map(|x| x.name.as_str()))
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown day `{d}` in the slot `{pat}` (looked up in calendar.days){hint}; a slot is written Day.period, with * for any"
                ));
            }
        }
    };
    let ps: Vec<usize> = if p == "*" {
        (0..periods.len()).collect()
    } else {
        match periods.iter().position(|x| x.id == p) {
            Some(i) => vec![i],
            None => {
                let hint = nearest(p, periods.iter().map(|x| x.id.as_str()))
                    .map(|n| format!("; did you mean `{n}`?"))
                    .unwrap_or_default();
                return Err(format!(
                    "unknown period `{p}` in the slot `{pat}` (looked up in calendar.periods){hint}"
                ));
            }
        }
    };
    Ok(ds
        .iter()
        .flat_map(|&d| ps.iter().map(move |&p| d * periods.len() + p))
        .collect())
}

/// A slot pattern's day and period. Names may hold dots themselves (`Day.period` is what the
/// writers print), so the split taken is the one whose sides name a day and a period, found
/// by trying each day name as a prefix (never each dot: a pattern may be long); else the
/// first dot, for the error to name.
fn split_slot<'a>(pat: &'a str, days: &[Day], periods: &[Period]) -> (&'a str, &'a str) {
    if days.iter().any(|x| x.name == pat) {
        return (pat, "*");
    }
    let known_period = |p: &str| p == "*" || periods.iter().any(|x| x.id == p);
    days.iter()
        .map(|x| x.name.as_str())
        .chain(["*"])
        .filter_map(|d| {
            let p = pat.strip_prefix(d)?.strip_prefix('.')?;
            known_period(p)
                .then(|| pat.split_at(d.len()))
                .map(|(d, p)| (d, &p[1..]))
        })
        .next()
        .unwrap_or_else(|| pat.split_once('.').unwrap_or((pat, "*")))
}
