//! What the subcommands print and write: placements and costs as JSON, the cost in words,
//! grids and files.

use super::RenderArgs;
use anyhow::{Context, Result, bail};
use csp_timetabling::answer::{CostReport, Timetable, Violation};
use csp_timetabling::instance::{Date, Instance, ResourceKind};
use csp_timetabling::render::{self, View};
use csp_timetabling::{verify, yaml};
use serde_json::{Value as Json, json};
use std::io::Write;

pub(super) fn placements_json(inst: &Instance, tt: &Timetable) -> Json {
    Json::Array(
        tt.placements
            .iter()
            .enumerate()
            .map(|(o, p)| {
                let oc = inst.occurrences[o];
                json!({
                    "event": inst.events[oc.event].id,
                    "n": oc.rank + 1,
                    "slot": inst.slot_name(p.start),
                    "room": p.room.map(|r| inst.rooms[r].id.clone()),
                })
            })
            .collect(),
    )
}

pub(super) fn cost_json(c: &CostReport) -> Json {
    json!({
        "total": c.total,
        "items": c.items.iter().map(|it| json!({
            "requirement": it.path, "type": it.kind, "weight": it.weight,
            "violations": it.violations, "cost": it.cost, "details": it.details,
        })).collect::<Vec<_>>(),
    })
}

/// The cost breakdown in words: each requirement that costs, with its violations.
pub(super) fn print_cost(
    out: &mut impl Write,
    c: &CostReport,
    limit: usize,
) -> std::io::Result<()> {
    writeln!(out, "cost {}", c.total)?;
    for it in c.items.iter().filter(|it| it.cost > 0) {
        let (one, many) = it.unit;
        writeln!(
            out,
            "  {:>6}  {} {} (weight {}): {}",
            it.cost,
            it.path,
            it.kind,
            it.weight,
            csp_timetabling::instance::count(it.violations as usize, one, many)
        )?;
        for d in it.details.iter().take(limit) {
            writeln!(out, "            {d}")?;
        }
        if it.details.len() > limit {
            writeln!(out, "            … {} more", it.details.len() - limit)?;
        }
    }
    Ok(())
}

pub(super) fn chosen_views(inst: &Instance, which: Option<&str>) -> Result<Vec<View>> {
    let groups = render::views(inst, Some(ResourceKind::Group));
    let which = match which {
        Some(w) => w,
        None if groups.len() <= 12 => "groups",
        None => "none",
    };
    let mut out = Vec::new();
    for w in which.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        match w {
            "none" => {}
            "all" => out.extend(render::all_views(inst)),
            "groups" => out.extend(render::views(inst, Some(ResourceKind::Group))),
            "teachers" => out.extend(render::views(inst, Some(ResourceKind::Teacher))),
            "staff" => out.extend(render::views(inst, Some(ResourceKind::Staff))),
            "students" => out.extend(render::views(inst, Some(ResourceKind::Student))),
            "rooms" => out.extend(render::views(inst, None)),
            id => match render::find_view(inst, id) {
                Some(v) => out.push(v),
                None => {
                    let names = inst
                        .resources
                        .iter()
                        .map(|r| r.id.as_str())
                        .chain(inst.rooms.iter().map(|r| r.id.as_str()));
                    let hint = yaml::nearest(id, names)
                        .map(|n| format!("; did you mean `{n}`?"))
                        .unwrap_or_default();
                    bail!(
                        "--view: no resource or room `{id}`{hint} (or groups, teachers, rooms, staff, students, all, none)"
                    );
                }
            },
        }
    }
    Ok(out)
}

/// Prints the chosen grids and writes the requested files.
pub(super) fn render_all(
    inst: &Instance,
    tt: &Timetable,
    status: &str,
    c: &CostReport,
    r: &RenderArgs,
    json: bool,
) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if !json {
        for v in chosen_views(inst, r.view.as_deref())? {
            write!(out, "\n{}", render::text(inst, tt, v))?;
        }
    }
    if let Some(path) = &r.html {
        let hard = verify(inst, tt);
        csp_model::sink::write_file(path, render::html(inst, tt, status, c, &hard))
            .with_context(|| format!("writing {}", path.display()))?;
        if !json {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    if let Some(path) = &r.csv {
        csp_model::sink::write_file(path, render::csv(inst, tt))
            .with_context(|| format!("writing {}", path.display()))?;
        if !json {
            writeln!(out, "wrote {}", path.display())?;
        }
    }
    if let Some(dir) = &r.ics {
        let week_of =
            match &r.week_of {
                Some(w) => Some(Date::parse(w).with_context(|| {
                    format!("--week-of: expected a date YYYY-MM-DD, found `{w}`")
                })?),
                None => None,
            };
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let views = render::all_views(inst);
        for v in &views {
            let text = render::ics(inst, tt, *v, week_of, r.weeks)?;
            let id = match *v {
                View::Resource(x) => inst.resources[x].id.clone(),
                View::Room(x) => format!("room-{}", inst.rooms[x].id),
            };
            let safe: String = id
                .chars()
                .map(|c| {
                    if c.is_alphanumeric() || "-_.".contains(c) {
                        c
                    } else {
                        '_'
                    }
                })
                .collect();
            let path = dir.join(format!("{safe}.ics"));
            csp_model::sink::write_file(&path, text)
                .with_context(|| format!("writing {}", path.display()))?;
        }
        if !json {
            writeln!(
                out,
                "wrote {} calendar files to {}",
                views.len(),
                dir.display()
            )?;
        }
    }
    Ok(())
}

/// `invalid: N hard violations`, then each one.
pub(super) fn print_violations(v: &[Violation]) {
    println!(
        "invalid: {} hard violation{}",
        v.len(),
        if v.len() == 1 { "" } else { "s" }
    );
    for x in v {
        println!("  {x}");
    }
}
