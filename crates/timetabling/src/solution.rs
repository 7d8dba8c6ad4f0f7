//! Timetable files (`kind: timetable-solution`): what `csp timetable solve` writes, and what
//! `check`, `report` and pinning read back.
//!
//! ```yaml
//! kind: timetable-solution
//! timetable: school-week
//! cost: 3
//! placements:
//!   - {event: math-7A, n: 1, slot: Mon.2, room: R101}
//! ```

use crate::answer::{Placement, Timetable};
use crate::instance::Instance;
use crate::yaml::{Name, Reader, match_slots, nearest};
use csp_model::source::SourceError;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::fmt::Write;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawSolution {
    kind: Spanned<String>,
    #[serde(default)]
    timetable: Option<String>,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    cost: Option<u64>,
    placements: Vec<Spanned<RawPlacement>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RawPlacement {
    event: Spanned<Name>,
    #[serde(default)]
    n: Option<Spanned<u32>>,
    slot: Spanned<Name>,
    #[serde(default)]
    room: Option<Spanned<Name>>,
}

/// Writes a timetable as a solution file.
pub fn write(inst: &Instance, tt: &Timetable, status: &str, cost: u64) -> String {
    let mut s = String::new();
    let _ = writeln!(s, "kind: timetable-solution");
    let _ = writeln!(s, "timetable: {}", quote(&inst.name));
    let _ = writeln!(s, "status: {status}");
    let _ = writeln!(s, "cost: {cost}");
    let _ = writeln!(s, "placements:");
    for (o, p) in tt.placements.iter().enumerate() {
        let oc = inst.occurrences[o];
        let room = p
            .room
            .map(|r| format!(", room: {}", quote(&inst.rooms[r].id)))
            .unwrap_or_default();
        let _ = writeln!(
            s,
            "  - {{event: {}, n: {}, slot: {}{room}}}",
            quote(&inst.events[oc.event].id),
            oc.rank + 1,
            quote(&inst.slot_name(p.start))
        );
    }
    s
}

/// A YAML flow scalar: plain when safe, double-quoted otherwise.
fn quote(s: &str) -> String {
    // Plain only when no YAML reader could take it for a number, a boolean or null (a digit
    // first: `007`, `0x1F`, `1_000`; YAML 1.1's words in any case: `N`, `Off`).
    let plain = s.starts_with(|c: char| c.is_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_alphanumeric() || "-_.".contains(c))
        && !matches!(
            s.to_ascii_lowercase().as_str(),
            "true" | "false" | "null" | "yes" | "no" | "on" | "off" | "y" | "n"
        );
    if plain {
        return s.to_string();
    }
    // Double-quoted with YAML's escapes: every character that is not printed as itself inside
    // quotes (controls, line and paragraph separators, the byte-order mark) is escaped, so
    // that any id reads back as written.
    let mut q = String::with_capacity(s.len() + 2);
    q.push('"');
    for c in s.chars() {
        match c {
            '"' => q.push_str("\\\""),
            '\\' => q.push_str("\\\\"),
            '\n' => q.push_str("\\n"),
            '\t' => q.push_str("\\t"),
            c if c.is_control() || matches!(c, '\u{2028}' | '\u{2029}' | '\u{feff}') => {
                let _ = write!(q, "\\u{:04x}", c as u32);
            }
            c => q.push(c),
        }
    }
    q.push('"');
    q
}

/// Reads placements from a solution file's text: every line names an occurrence (event and
/// 1-based `n`), its slot and its room. Occurrences may be missing (for pinning a part).
pub fn parse(
    inst: &Instance,
    text: &str,
    file: &str,
) -> Result<Vec<(usize, Placement)>, SourceError> {
    let raw: RawSolution = csp_model::source::from_yaml(text, file)?;
    let rd = Reader { file, text };
    if raw.kind.value != "timetable-solution" {
        return Err(rd.err(
            &raw.kind.referenced,
            "kind",
            format!("expected `timetable-solution`, found `{}`", raw.kind.value),
        ));
    }
    let _ = (&raw.timetable, &raw.status, raw.cost);
    let mut out: Vec<(usize, Placement)> = Vec::new();
    for (i, p) in raw.placements.iter().enumerate() {
        let path = format!("placements[{i}]");
        let v = &p.value;
        let id = &v.event.value.0;
        let Some(e) = inst.events.iter().position(|x| &x.id == id) else {
            let hint = nearest(id, inst.events.iter().map(|x| x.id.as_str()))
                .map(|n| format!("; did you mean `{n}`?"))
                .unwrap_or_default();
            return Err(rd.err(
                &v.event.referenced,
                &format!("{path}.event"),
                format!("unknown event `{id}` (looked up in the timetable's events){hint}"),
            ));
        };
        let ev = &inst.events[e];
        let n = v.n.as_ref().map_or(1, |n| n.value);
        if n == 0 || n as usize > ev.count {
            let loc = v.n.as_ref().map_or(p.referenced, |n| n.referenced);
            return Err(rd.err(
                &loc,
                &format!("{path}.n"),
                format!(
                    "`{id}` occurs {} time{}; expected n from 1 to {}, found {n}",
                    ev.count,
                    if ev.count == 1 { "" } else { "s" },
                    ev.count
                ),
            ));
        }
        let o = ev.first + n as usize - 1;
        if out.iter().any(|&(x, _)| x == o) {
            return Err(rd.err(
                &p.referenced,
                &path,
                format!("`{id}` n: {n} is placed twice"),
            ));
        }
        let slots = match_slots(&v.slot.value.0, &inst.days, &inst.periods)
            .map_err(|m| rd.err(&v.slot.referenced, &format!("{path}.slot"), m))?;
        let [start] = slots[..] else {
            return Err(rd.err(
                &v.slot.referenced,
                &format!("{path}.slot"),
                format!(
                    "expected one slot such as Mon.1, found `{}`",
                    v.slot.value.0
                ),
            ));
        };
        let room = match &v.room {
            None => None,
            Some(r) => Some(
                inst.rooms
                    .iter()
                    .position(|x| x.id == r.value.0)
                    .ok_or_else(|| {
                        let hint = nearest(&r.value.0, inst.rooms.iter().map(|x| x.id.as_str()))
                            .map(|n| format!("; did you mean `{n}`?"))
                            .unwrap_or_default();
                        rd.err(
                            &r.referenced,
                            &format!("{path}.room"),
                            format!(
                                "unknown room `{}` (looked up in resources.rooms){hint}",
                                r.value.0
                            ),
                        )
                    })?,
            ),
        };
        out.push((o, Placement { start, room }));
    }
    Ok(out)
}

/// A complete timetable from placements, or the occurrences missing.
pub fn complete(inst: &Instance, placed: &[(usize, Placement)]) -> Result<Timetable, Vec<String>> {
    let mut v: Vec<Option<Placement>> = vec![None; inst.occurrences.len()];
    for &(o, p) in placed {
        v[o] = Some(p);
    }
    let missing: Vec<String> = (0..v.len())
        .filter(|&o| v[o].is_none())
        .map(|o| inst.occurrence_name(o))
        .collect();
    if missing.is_empty() {
        Ok(Timetable {
            placements: v.into_iter().flatten().collect(),
        })
    } else {
        Err(missing)
    }
}
