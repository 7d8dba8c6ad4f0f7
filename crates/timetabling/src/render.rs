//! Timetables the way people read them: text grids per group, teacher or room; one
//! self-contained HTML page (tabs by group, teacher and room, colour per subject, the cost
//! itemised, printable); iCalendar files per resource; CSV.

use crate::answer::{CostReport, Timetable, Violation};
use crate::instance::{Date, Instance, ResourceKind, Style, count};
use std::fmt::Write;

/// Whose timetable a view shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum View {
    /// A teacher, group, student or staff member (lessons of a parent group included).
    Resource(usize),
    /// A room.
    Room(usize),
}

impl View {
    /// The view's title: `group 7A`, `room R101`.
    pub fn title(self, inst: &Instance) -> String {
        match self {
            View::Resource(r) => {
                let res = &inst.resources[r];
                if res.name != res.id {
                    format!("{} {} ({})", res.kind.noun(), res.id, res.name)
                } else {
                    format!("{} {}", res.kind.noun(), res.id)
                }
            }
            View::Room(r) => format!("room {}", inst.rooms[r].id),
        }
    }

    /// Whether occurrence `o` (placed by `tt`) belongs to this view.
    pub fn shows(self, inst: &Instance, tt: &Timetable, o: usize) -> bool {
        match self {
            View::Resource(r) => inst.event_of(o).uses.contains(&r),
            View::Room(r) => tt.placements[o].room == Some(r),
        }
    }
}

/// Every view of a kind: groups, teachers, staff, students (by kind) or rooms (`None`).
pub fn views(inst: &Instance, kind: Option<ResourceKind>) -> Vec<View> {
    match kind {
        Some(k) => (0..inst.resources.len())
            .filter(|&r| inst.resources[r].kind == k)
            .map(View::Resource)
            .collect(),
        None => (0..inst.rooms.len()).map(View::Room).collect(),
    }
}

/// Every group, teacher, staff member and room (students, often many, are left out).
pub fn all_views(inst: &Instance) -> Vec<View> {
    let mut out = Vec::new();
    for k in [
        ResourceKind::Group,
        ResourceKind::Teacher,
        ResourceKind::Staff,
    ] {
        out.extend(views(inst, Some(k)));
    }
    out.extend(views(inst, None));
    out
}

/// The view with this id (resource or room).
pub fn find_view(inst: &Instance, id: &str) -> Option<View> {
    inst.resources
        .iter()
        .position(|r| r.id == id)
        .map(View::Resource)
        .or_else(|| inst.rooms.iter().position(|r| r.id == id).map(View::Room))
}

/// For each slot of a view, the occurrences there and whether each starts there.
fn cells(inst: &Instance, tt: &Timetable, view: View) -> Vec<Vec<(usize, bool)>> {
    let mut cells = vec![Vec::new(); inst.num_slots()];
    for o in 0..tt.placements.len() {
        if !view.shows(inst, tt, o) {
            continue;
        }
        let p = tt.placements[o];
        let d = inst.event_of(o).duration as usize;
        let end = (p.start + d).min(inst.num_slots());
        for (s, cell) in cells.iter_mut().enumerate().take(end).skip(p.start) {
            cell.push((o, s == p.start));
        }
    }
    cells
}

/// What a cell says about an occurrence in a view: the event, and the room (resource views)
/// or the groups (room views).
fn label(inst: &Instance, tt: &Timetable, view: View, o: usize) -> (String, String) {
    let ev = inst.event_of(o);
    let detail = match view {
        View::Resource(_) => tt.placements[o]
            .room
            .map(|r| inst.rooms[r].id.clone())
            .unwrap_or_default(),
        View::Room(_) => ev
            .named
            .iter()
            .filter(|&&r| inst.resources[r].kind == ResourceKind::Group)
            .map(|&r| inst.resources[r].id.as_str())
            .collect::<Vec<_>>()
            .join(" "),
    };
    (ev.id.clone(), detail)
}

fn clock(m: u32) -> String {
    format!("{:02}:{:02}", m / 60, m % 60)
}

/// A text grid: periods down, days across.
///
/// ```text
/// group 7A
///        Mon             Tue        …
/// 1 08:00 assembly GYM   math-7A R101
/// ```
pub fn text(inst: &Instance, tt: &Timetable, view: View) -> String {
    const WIDTH: usize = 18;
    let cells = cells(inst, tt, view);
    let ppd = inst.periods_per_day();
    let mut grid: Vec<Vec<String>> = Vec::new();
    let head: Vec<String> = std::iter::once(String::new())
        .chain(inst.days.iter().map(|d| fit(d.name.clone(), WIDTH)))
        .collect();
    grid.push(head);
    for p in 0..ppd {
        let per = &inst.periods[p];
        let mut row = vec![fit(
            match per.start {
                Some(m) => format!("{} {}", per.id, clock(m)),
                None => per.id.clone(),
            },
            WIDTH,
        )];
        for d in 0..inst.days.len() {
            let s = d * ppd + p;
            let text: Vec<String> = cells[s]
                .iter()
                .map(|&(o, first)| {
                    let (e, detail) = label(inst, tt, view, o);
                    let e = if first { e } else { format!("┆ {e}") };
                    if detail.is_empty() {
                        e
                    } else {
                        format!("{e} {detail}")
                    }
                })
                .collect();
            let t = if inst.blocked[s] && text.is_empty() {
                "×".to_string()
            } else {
                text.join(" / ")
            };
            row.push(fit(t, WIDTH));
        }
        grid.push(row);
    }
    let widths: Vec<usize> = (0..=inst.days.len())
        .map(|c| grid.iter().map(|r| r[c].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = format!("{}\n", view.title(inst));
    for row in &grid {
        let line: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, t)| format!("{t:<w$}", w = widths[c]))
            .collect();
        let _ = writeln!(out, "{}", line.join("  ").trim_end());
    }
    out
}

/// `t` cut to `width` characters (the last one `…` when cut): every cell and heading of a
/// text grid, so that no name, however long, widens a column past it.
fn fit(t: String, width: usize) -> String {
    if t.chars().count() > width {
        t.chars().take(width - 1).collect::<String>() + "…"
    } else {
        t
    }
}

/// Text for HTML and XML: the four characters that would end a value or a tag, escaped.
pub(crate) fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// A pastel colour per subject (or event when it has none), stable across views.
fn colour_index(inst: &Instance, o: usize) -> usize {
    let ev = inst.event_of(o);
    let key = ev.subject.as_deref().unwrap_or(&ev.id);
    let mut h: u32 = 2166136261;
    for b in key.bytes() {
        h = (h ^ u32::from(b)).wrapping_mul(16777619);
    }
    (h % 12) as usize
}

const PALETTE: [&str; 12] = [
    "#fde2e4", "#e2ece9", "#dbe7f7", "#fff1c1", "#e8dff5", "#d3f0d0", "#fcd5ce", "#cde7f0",
    "#f6eac2", "#e4d8f0", "#d8f3dc", "#ffe5b4",
];

fn html_grid(out: &mut String, inst: &Instance, tt: &Timetable, view: View) {
    let cells = cells(inst, tt, view);
    let ppd = inst.periods_per_day();
    let _ = writeln!(
        out,
        "<h3>{}</h3>\n<table class=\"grid\"><thead><tr><th></th>",
        esc(&view.title(inst))
    );
    for d in &inst.days {
        let _ = write!(out, "<th>{}</th>", esc(&d.name));
    }
    let _ = writeln!(out, "</tr></thead><tbody>");
    let mut covered = vec![false; inst.num_slots()];
    for p in 0..ppd {
        let per = &inst.periods[p];
        let time = per
            .start
            .map(|m| format!("<small>{}</small>", clock(m)))
            .unwrap_or_default();
        let _ = write!(out, "<tr><th>{}{}</th>", esc(&per.id), time);
        for d in 0..inst.days.len() {
            let s = d * ppd + p;
            if covered[s] {
                continue;
            }
            let here = &cells[s];
            if here.is_empty() {
                let class = if inst.blocked[s] {
                    " class=\"blocked\""
                } else {
                    ""
                };
                let _ = write!(out, "<td{class}></td>");
                continue;
            }
            // One lesson of several periods spans its rows (courses); otherwise each cell lists.
            let span = match here[..] {
                [(o, true)] if inst.style == Style::Course => inst.event_of(o).duration as usize,
                _ => 1,
            };
            for k in 1..span {
                if s + k < covered.len() {
                    covered[s + k] = true;
                }
            }
            let rowspan = if span > 1 {
                format!(" rowspan=\"{span}\"")
            } else {
                String::new()
            };
            let colour = PALETTE[colour_index(inst, here[0].0)];
            let _ = write!(out, "<td{rowspan} style=\"background:{colour}\">");
            for (i, &(o, first)) in here.iter().enumerate() {
                let (e, detail) = label(inst, tt, view, o);
                if i > 0 {
                    out.push_str("<hr>");
                }
                let cont = if first { "" } else { "┆ " };
                let _ = write!(out, "<b>{cont}{}</b>", esc(&e));
                if !detail.is_empty() {
                    let _ = write!(out, "<br><small>{}</small>", esc(&detail));
                }
            }
            out.push_str("</td>");
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody></table>\n");
}

/// One self-contained HTML page: tabs by group, teacher, room (and staff), the cost itemised
/// with each violation, any hard violation; printable (every tab on paper, one grid a page).
pub fn html(
    inst: &Instance,
    tt: &Timetable,
    status: &str,
    cost: &CostReport,
    hard: &[Violation],
) -> String {
    let mut out = String::new();
    let title = format!("Timetable {}", inst.name);
    let _ = writeln!(
        out,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{}\n</style>\n</head>\n<body>",
        esc(&title),
        CSS
    );
    let _ = writeln!(out, "<h1>{}</h1>", esc(&title));
    let _ = writeln!(
        out,
        "<p class=\"summary\">{} of {} over {} × {} · status <b>{}</b> · cost <b>{}</b></p>",
        count(inst.occurrences.len(), "occurrence", "occurrences"),
        count(inst.events.len(), "event", "events"),
        count(inst.days.len(), "day", "days"),
        count(inst.periods.len(), "period", "periods"),
        esc(status),
        cost.total
    );
    let mut tabs: Vec<(&str, Vec<View>)> = vec![
        ("Groups", views(inst, Some(ResourceKind::Group))),
        ("Teachers", views(inst, Some(ResourceKind::Teacher))),
        ("Rooms", views(inst, None)),
        ("Staff", views(inst, Some(ResourceKind::Staff))),
    ];
    tabs.retain(|(_, v)| !v.is_empty());
    for (i, (name, _)) in tabs.iter().enumerate() {
        let checked = if i == 0 { " checked" } else { "" };
        let _ = writeln!(
            out,
            "<input type=\"radio\" name=\"tab\" id=\"tab-{i}\" class=\"tab\"{checked}><label for=\"tab-{i}\">{name}</label>"
        );
    }
    let cost_tab = tabs.len();
    let _ = writeln!(
        out,
        "<input type=\"radio\" name=\"tab\" id=\"tab-{cost_tab}\" class=\"tab\"{}><label for=\"tab-{cost_tab}\">Cost and violations</label>",
        if tabs.is_empty() { " checked" } else { "" }
    );
    for (i, (name, vs)) in tabs.iter().enumerate() {
        let _ = writeln!(
            out,
            "<section class=\"panel\" id=\"panel-{i}\">\n<h2>{name}</h2>"
        );
        for &v in vs {
            html_grid(&mut out, inst, tt, v);
        }
        out.push_str("</section>\n");
    }
    html_cost(&mut out, cost_tab, cost, hard);
    html_legend(&mut out, inst);
    out.push_str("</body>\n</html>\n");
    out
}

/// The cost tab: any hard violation, the cost per requirement, and each violation.
fn html_cost(out: &mut String, cost_tab: usize, cost: &CostReport, hard: &[Violation]) {
    let _ = writeln!(
        out,
        "<section class=\"panel\" id=\"panel-{cost_tab}\">\n<h2>Cost and violations</h2>"
    );
    if !hard.is_empty() {
        let _ = writeln!(
            out,
            "<h3 class=\"bad\">{} hard violation{}</h3>\n<ul>",
            hard.len(),
            if hard.len() == 1 { "" } else { "s" }
        );
        for v in hard {
            let _ = writeln!(out, "<li>{}</li>", esc(&v.to_string()));
        }
        out.push_str("</ul>\n");
    }
    let _ = writeln!(
        out,
        "<table class=\"cost\"><thead><tr><th>requirement</th><th>type</th><th>weight</th><th>violations</th><th>cost</th></tr></thead><tbody>"
    );
    for it in &cost.items {
        let _ = writeln!(
            out,
            "<tr><td>{}</td><td>{}</td><td>{}</td><td>{}</td><td>{}</td></tr>",
            esc(&it.path),
            it.kind,
            it.weight,
            it.violations,
            it.cost
        );
    }
    let _ = writeln!(
        out,
        "<tr class=\"total\"><td colspan=\"4\">total</td><td>{}</td></tr></tbody></table>",
        cost.total
    );
    for it in cost.items.iter().filter(|it| !it.details.is_empty()) {
        let _ = writeln!(
            out,
            "<h4>{} ({}), weight {}</h4>\n<ul>",
            esc(&it.path),
            it.kind,
            it.weight
        );
        for d in &it.details {
            let _ = writeln!(out, "<li>{}</li>", esc(d));
        }
        out.push_str("</ul>\n");
    }
    out.push_str("</section>\n");
}

/// The subjects and their colours.
fn html_legend(out: &mut String, inst: &Instance) {
    let mut seen: Vec<(usize, String)> = Vec::new();
    for o in 0..inst.occurrences.len() {
        let ev = inst.event_of(o);
        let key = ev.subject.clone().unwrap_or_else(|| ev.id.clone());
        if !seen.iter().any(|(_, k)| *k == key) {
            seen.push((colour_index(inst, o), key));
        }
    }
    out.push_str("<p class=\"legend\">");
    for (c, k) in seen {
        let _ = write!(
            out,
            "<span style=\"background:{}\">{}</span> ",
            PALETTE[c],
            esc(&k)
        );
    }
    out.push_str("</p>\n");
}

const CSS: &str = "body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}
h1{font-size:1.4em;margin:0 0 .2em}
.summary{color:#555;margin:0 0 1em}
input.tab{display:none}
label{display:inline-block;padding:.4em .9em;border:1px solid #bbb;border-bottom:none;border-radius:6px 6px 0 0;cursor:pointer;background:#f3f3f3;margin-right:2px}
input.tab:checked+label{background:#fff;font-weight:bold}
.panel{display:none;border-top:1px solid #bbb;padding-top:.5em}
#tab-0:checked~#panel-0,#tab-1:checked~#panel-1,#tab-2:checked~#panel-2,#tab-3:checked~#panel-3,#tab-4:checked~#panel-4{display:block}
table.grid{border-collapse:collapse;margin:.3em 0 1.2em;min-width:40em}
table.grid th,table.grid td{border:1px solid #ccc;padding:.25em .4em;vertical-align:top;font-size:.85em}
table.grid td{min-width:7em;height:2.4em}
table.grid th small{display:block;color:#777;font-weight:normal}
td.blocked{background:repeating-linear-gradient(45deg,#eee,#eee 4px,#fff 4px,#fff 8px)}
td hr{border:none;border-top:1px dashed #999;margin:.2em 0}
table.cost{border-collapse:collapse}
table.cost td,table.cost th{border:1px solid #ccc;padding:.2em .6em;text-align:left}
tr.total td{font-weight:bold}
.bad{color:#b00}
.legend span{display:inline-block;padding:.1em .5em;margin:.1em;border-radius:4px;font-size:.85em}
@media print{label{display:none}.panel{display:block!important;border:none}table.grid{page-break-inside:avoid}h2{page-break-before:always}}";

/// Why a calendar file cannot be written.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IcsError {
    /// The days have no dates.
    #[error(
        "the calendar's days have no dates: give `calendar.week_of` (or --week-of DATE), or name the days by date"
    )]
    NoDates,
    /// A period has no start time.
    #[error("period `{0}` has no start time: calendar files need `start` on every period")]
    NoStart(String),
}

fn ics_text(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace(';', "\\;")
        .replace(',', "\\,")
        .replace('\n', "\\n")
}

/// Folds a content line at 75 octets (RFC 5545 §3.1), on character boundaries.
fn fold(line: &str) -> String {
    let mut out = String::new();
    let mut len = 0;
    for c in line.chars() {
        let n = c.len_utf8();
        if len + n > 75 {
            out.push_str("\r\n ");
            len = 1;
        }
        out.push(c);
        len += n;
    }
    out.push_str("\r\n");
    out
}

/// An iCalendar file of one view's occurrences, at the calendar's dates (or the week starting
/// on `week_of`), repeated for `weeks` weeks when given.
pub fn ics(
    inst: &Instance,
    tt: &Timetable,
    view: View,
    week_of: Option<Date>,
    weeks: Option<u32>,
) -> Result<String, IcsError> {
    let date = |d: usize| {
        inst.days[d]
            .date
            .or_else(|| week_of.map(|w| w.plus_days(d as u32)))
    };
    if (0..inst.days.len()).any(|d| date(d).is_none()) {
        return Err(IcsError::NoDates);
    }
    if let Some(p) = inst.periods.iter().find(|p| p.start.is_none()) {
        return Err(IcsError::NoStart(p.id.clone()));
    }
    let stamp = date(0)
        .map(|d| format!("{:04}{:02}{:02}T000000Z", d.year, d.month, d.day))
        .unwrap_or_default();
    let mut lines = vec![
        "BEGIN:VCALENDAR".to_string(),
        "VERSION:2.0".into(),
        "PRODID:-//csp//timetable//EN".into(),
        "CALSCALE:GREGORIAN".into(),
        format!(
            "X-WR-CALNAME:{}",
            ics_text(&format!("{} – {}", inst.name, view.title(inst)))
        ),
    ];
    let view_id = match view {
        View::Resource(r) => inst.resources[r].id.clone(),
        View::Room(r) => inst.rooms[r].id.clone(),
    };
    for o in 0..tt.placements.len() {
        if !view.shows(inst, tt, o) {
            continue;
        }
        let p = tt.placements[o];
        let ev = inst.event_of(o);
        let (day, first) = (inst.day_of(p.start), inst.period_of(p.start));
        let last = first + ev.duration as usize - 1;
        let Some(d) = date(day) else { continue };
        let begin = inst.periods[first].start.unwrap_or(0);
        let end = match ev.minutes {
            Some(m) => begin + m,
            None => {
                let lp = &inst.periods[last.min(inst.periods.len() - 1)];
                lp.start.unwrap_or(0) + lp.minutes.unwrap_or(60)
            }
        };
        let at = |m: u32| {
            format!(
                "{:04}{:02}{:02}T{:02}{:02}00",
                d.year,
                d.month,
                d.day,
                (m / 60).min(23),
                m % 60
            )
        };
        lines.push("BEGIN:VEVENT".into());
        lines.push(format!(
            "UID:{}",
            ics_text(&format!(
                "{}-{}-{}@csp",
                inst.name,
                inst.occurrence_name(o),
                view_id
            ))
            .replace(' ', "_")
        ));
        lines.push(format!("DTSTAMP:{stamp}"));
        lines.push(format!("DTSTART:{}", at(begin)));
        lines.push(format!("DTEND:{}", at(end)));
        if let Some(w) = weeks.filter(|&w| w > 1) {
            lines.push(format!("RRULE:FREQ=WEEKLY;COUNT={w}"));
        }
        lines.push(format!(
            "SUMMARY:{}",
            ics_text(
                ev.subject
                    .as_deref()
                    .map_or(ev.id.clone(), |s| format!("{} ({s})", ev.id))
                    .as_str()
            )
        ));
        if let Some(r) = p.room {
            lines.push(format!("LOCATION:{}", ics_text(&inst.rooms[r].id)));
        }
        let who: Vec<String> = ev
            .named
            .iter()
            .map(|&r| format!("{} {}", inst.resources[r].kind.noun(), inst.resources[r].id))
            .collect();
        if !who.is_empty() {
            lines.push(format!("DESCRIPTION:{}", ics_text(&who.join(", "))));
        }
        lines.push("END:VEVENT".into());
    }
    lines.push("END:VCALENDAR".into());
    Ok(lines.iter().map(|l| fold(l)).collect())
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

/// One row per occurrence: event, n, subject, day, date, period, start, end, room, and its
/// teachers, groups, students and staff.
pub fn csv(inst: &Instance, tt: &Timetable) -> String {
    let mut out = String::from(
        "event,n,subject,day,date,period,start,end,room,teachers,groups,students,staff\n",
    );
    for (o, p) in tt.placements.iter().enumerate() {
        let oc = inst.occurrences[o];
        let ev = &inst.events[oc.event];
        let (day, per) = (inst.day_of(p.start), inst.period_of(p.start));
        let period = &inst.periods[per];
        let last = &inst.periods[(per + ev.duration as usize - 1).min(inst.periods.len() - 1)];
        let end = match (ev.minutes, period.start, last.start, last.minutes) {
            (Some(m), Some(s), _, _) => clock(s + m),
            (None, _, Some(s), Some(m)) => clock(s + m),
            _ => String::new(),
        };
        let of = |k: ResourceKind| {
            ev.named
                .iter()
                .filter(|&&r| inst.resources[r].kind == k)
                .map(|&r| inst.resources[r].id.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        };
        let row = [
            ev.id.clone(),
            (oc.rank + 1).to_string(),
            ev.subject.clone().unwrap_or_default(),
            inst.days[day].name.clone(),
            inst.days[day]
                .date
                .map(|d| d.to_string())
                .unwrap_or_default(),
            period.id.clone(),
            period.start.map(clock).unwrap_or_default(),
            end,
            p.room.map(|r| inst.rooms[r].id.clone()).unwrap_or_default(),
            of(ResourceKind::Teacher),
            of(ResourceKind::Group),
            of(ResourceKind::Student),
            of(ResourceKind::Staff),
        ];
        let fields: Vec<String> = row.iter().map(|f| csv_field(f)).collect();
        let _ = writeln!(out, "{}", fields.join(","));
    }
    out
}
