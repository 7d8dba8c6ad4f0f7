//! The school week of `problems/`: solved to a proved optimum, rendered (the HTML parses and
//! shows every occurrence; the iCalendar files parse with a maintained parser; the solution
//! file reads back), explained when made infeasible (the conflict is minimal), and re-solved
//! after a change keeping what it can.

use csp_timetabling::encode::Part;
use csp_timetabling::explain::{explain, explain_pinned, feasible_pinned, feasible_without};
use csp_timetabling::instance::{Instance, Kind, Requirement};
use csp_timetabling::render::{self, View};
use csp_timetabling::solve::{Config, Status, solve};
use csp_timetabling::{Timetable, cost, solution, verify, yaml};
use std::collections::HashSet;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn problem(name: &str) -> Instance {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../problems/timetabling")
        .join(name);
    yaml::read(&path).unwrap_or_else(|e| panic!("{e}"))
}

fn solved(inst: &Arc<Instance>) -> (Status, Timetable) {
    let cfg = Config {
        deadline: Some(Instant::now() + Duration::from_secs(30)),
        ..Config::default()
    };
    let r = solve(inst, &cfg, &mut |_| {}).expect("small enough");
    (r.status, r.timetable.expect("a timetable"))
}

#[test]
fn the_school_week_is_solved_to_a_proved_optimum_and_reads_back() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (status, tt) = solved(&inst);
    assert_eq!(status, Status::Optimal);
    assert!(verify(&inst, &tt).is_empty());
    // The assembly is fixed at Mon.1 with Jones, who avoids first periods (weight 3): 3 is the
    // least possible, and the solver proves it.
    assert_eq!(cost(&inst, &tt).total, 3);
    let text = solution::write(&inst, &tt, "optimal", 3);
    let back =
        solution::complete(&inst, &solution::parse(&inst, &text, "s.yaml").unwrap()).unwrap();
    assert_eq!(back, tt);
}

#[test]
fn the_exam_session_is_solved_and_its_rooms_share_seats() {
    let inst = Arc::new(problem("exam-session.yaml"));
    let (status, tt) = solved(&inst);
    assert_eq!(status, Status::Optimal);
    assert!(verify(&inst, &tt).is_empty());
    let c = cost(&inst, &tt);
    // The file's five soft requirements and the implicit `special_rooms` (LAB has
    // computers): no exam that does not need them sits there.
    assert_eq!(c.items.len(), 6);
    assert_eq!(
        (c.items[5].kind, c.items[5].violations),
        ("special_rooms", 0)
    );
}

#[test]
fn hard_special_rooms_keep_lessons_out_of_rooms_they_do_not_need() {
    let text = "kind: timetable
calendar: {days: [Mon], periods: [{id: 1}, {id: 2}]}
resources:
  groups: [{id: A, size: 10}, {id: B, size: 10}]
  rooms: [{id: R1, capacity: 30}, {id: LAB, capacity: 30, features: [lab]}]
events:
  - {id: a, groups: [A], count: 2}
  - {id: b, groups: [B], count: 2}
constraints:
  hard:
    - {type: special_rooms}
";
    // Four plain lessons, two slots, one plain room: only the lab would make it fit.
    let inst = Arc::new(csp_timetabling::yaml::parse(text, "t.yaml").unwrap());
    let r = solve(&inst, &Config::default(), &mut |_| {}).unwrap();
    assert_eq!(r.status, Status::Unsatisfiable);
    // Soft (the default), the lab takes the two lessons that do not fit, at a cost.
    let soft = text.replace(
        "  hard:\n    - {type: special_rooms}",
        "  soft:\n    - {type: special_rooms, weight: 5}",
    );
    let inst = Arc::new(csp_timetabling::yaml::parse(&soft, "t.yaml").unwrap());
    let (status, tt) = solved(&inst);
    assert_eq!(status, Status::Optimal);
    assert!(verify(&inst, &tt).is_empty());
    assert_eq!(cost(&inst, &tt).total, 2 * 5);
}

#[test]
fn the_html_report_parses_and_shows_every_occurrence() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, tt) = solved(&inst);
    let page = render::html(&inst, &tt, "optimal", &cost(&inst, &tt), &[]);
    let doc = scraper::Html::parse_document(&page);
    assert!(doc.errors.is_empty(), "{:?}", doc.errors);
    let cell = scraper::Selector::parse("#panel-0 td b").unwrap();
    let shown: Vec<String> = doc
        .select(&cell)
        .map(|b| b.text().collect::<String>())
        .collect();
    // The groups tab: each group's grid names each of its lessons once per occurrence (a
    // double lesson spans its rows); every event of a group is there.
    for (e, ev) in inst.events.iter().enumerate() {
        let in_groups = ev
            .uses
            .iter()
            .any(|&r| inst.resources[r].kind == csp_timetabling::instance::ResourceKind::Group);
        if in_groups {
            let n = shown.iter().filter(|s| **s == ev.id).count();
            let groups = ev
                .uses
                .iter()
                .filter(|&&r| {
                    inst.resources[r].kind == csp_timetabling::instance::ResourceKind::Group
                })
                .count();
            assert_eq!(n, ev.count * groups, "{} ({e})", ev.id);
        }
    }
    let tabs = scraper::Selector::parse("label").unwrap();
    let names: Vec<String> = doc.select(&tabs).map(|l| l.text().collect()).collect();
    assert_eq!(
        names,
        ["Groups", "Teachers", "Rooms", "Cost and violations"]
    );
}

#[test]
fn the_calendar_files_parse_with_real_dates() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, tt) = solved(&inst);
    let view = render::find_view(&inst, "7A").unwrap();
    let ics = render::ics(&inst, &tt, view, None, Some(12)).unwrap();
    let unfolded = icalendar::parser::unfold(&ics);
    let cal = icalendar::parser::read_calendar(&unfolded).unwrap();
    let events: Vec<_> = cal
        .components
        .iter()
        .filter(|c| c.name == "VEVENT")
        .collect();
    let expected = (0..tt.placements.len())
        .filter(|&o| view.shows(&inst, &tt, o))
        .count();
    assert_eq!(events.len(), expected);
    let prop = |c: &icalendar::parser::Component, k: &str| {
        c.properties
            .iter()
            .find(|p| p.name == k)
            .map(|p| p.val.as_str().to_string())
    };
    // The assembly: Monday 5 January 2026 (week_of), period 1 at 08:00–08:45, in the gym.
    let assembly = events
        .iter()
        .find(|c| prop(c, "SUMMARY").is_some_and(|s| s.starts_with("assembly")))
        .unwrap();
    assert_eq!(
        prop(assembly, "DTSTART").as_deref(),
        Some("20260105T080000")
    );
    assert_eq!(prop(assembly, "DTEND").as_deref(), Some("20260105T084500"));
    assert_eq!(prop(assembly, "LOCATION").as_deref(), Some("GYM"));
    assert_eq!(
        prop(assembly, "RRULE").as_deref(),
        Some("FREQ=WEEKLY;COUNT=12")
    );
    // Without dates the calendar says what it needs.
    let mut undated = (*inst).clone();
    undated.days.iter_mut().for_each(|d| d.date = None);
    assert!(
        render::ics(&undated, &tt, View::Room(0), None, None)
            .unwrap_err()
            .to_string()
            .contains("week_of")
    );
}

#[test]
fn the_infeasible_week_is_explained_by_a_minimal_conflict() {
    let inst = Arc::new(problem("infeasible-week.yaml"));
    let e = explain(&inst, None).unwrap().expect("no timetable");
    assert!(e.minimal);
    assert!(!e.parts.is_empty());
    // Minimal: switching off any one requirement of the set (with every requirement outside it
    // off too) leaves a timetable; with all of it on there is none.
    let all: Vec<Part> = csp_timetabling::encode::parts(&inst);
    let outside: HashSet<Part> = all
        .iter()
        .copied()
        .filter(|p| !e.parts.contains(p))
        .collect();
    assert_eq!(feasible_without(&inst, &outside, None), Ok(false));
    for p in &e.parts {
        let mut off = outside.clone();
        off.insert(*p);
        assert_eq!(
            feasible_without(&inst, &off, None),
            Ok(true),
            "{p:?} is not needed"
        );
    }
    // In words: Smith's days and the maths lessons' different days.
    let words = e.words.join("\n");
    assert!(
        words.contains("smith is unavailable at Mon.6, all of Wed, all of Fri"),
        "{words}"
    );
    assert!(words.contains("needs 4 different days"), "{words}");
    assert!(
        e.events.iter().any(|w| w.starts_with("math-7")),
        "{:?}",
        e.events
    );
}

/// A lesson pinned where it cannot go is explained with the pins as the background: a maths
/// lesson of Smith's on Friday meets his unavailability, minimally; two of his lessons in
/// one slot clash on their own.
#[test]
fn a_refused_pin_is_explained_by_what_blocks_it() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, tt) = solved(&inst);
    let math = inst.events.iter().position(|e| e.id == "math-7A").unwrap();
    let o = (0..inst.occurrences.len())
        .find(|&o| inst.occurrences[o].event == math)
        .unwrap();
    let friday = inst.days.iter().position(|d| d.name == "Fri").unwrap();
    let mut moved = tt.placements[o];
    moved.start = friday * inst.periods.len() + 1;
    let pins = [(o, moved)];
    let e = explain_pinned(&inst, &pins, None)
        .unwrap()
        .expect("Smith is away on Fridays");
    assert!(e.minimal);
    let words = e.words.join("\n");
    assert!(words.contains("smith is unavailable"), "{words}");
    // Minimal with the pin kept: without any one of its parts there is a timetable.
    let all: HashSet<Part> = csp_timetabling::encode::parts(&inst).into_iter().collect();
    for p in &e.parts {
        let off: HashSet<Part> = all
            .iter()
            .copied()
            .filter(|q| q == p || !e.parts.contains(q))
            .collect();
        assert_eq!(feasible_pinned(&inst, &off, &pins, None), Ok(true), "{p:?}");
    }
    // Two of Smith's lessons in one slot: no requirement is to blame.
    let other = (0..inst.occurrences.len())
        .find(|&o2| o2 != o && inst.occurrences[o2].event == math)
        .unwrap();
    let clash = [(o, tt.placements[o]), (other, tt.placements[o])];
    let e = explain_pinned(&inst, &clash, None)
        .unwrap()
        .expect("a clash");
    assert!(e.parts.is_empty(), "{:?}", e.words);
    // Where the timetable put them, nothing needs explaining.
    let kept = [(o, tt.placements[o]), (other, tt.placements[other])];
    assert!(explain_pinned(&inst, &kept, None).unwrap().is_none());
}

#[test]
fn a_change_is_repaired_moving_few_lessons() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, before) = solved(&inst);
    // Garcia is now away on Tuesdays; the old timetable is the reference, each move costs 50.
    let mut changed = (*inst).clone();
    let garcia = changed
        .resources
        .iter()
        .position(|r| r.id == "garcia")
        .unwrap();
    let ppd = changed.periods_per_day();
    for p in 0..ppd {
        changed.resources[garcia].unavailable[ppd + p] = true;
    }
    let old: Vec<_> = before.placements.iter().map(|&p| Some(p)).collect();
    changed.soft.push(Requirement {
        kind: Kind::Stay(old),
        weight: 50,
        path: "--from".into(),
        line: 0,
    });
    let changed = Arc::new(changed);
    let (_, after) = solved(&changed);
    assert!(verify(&changed, &after).is_empty());
    let item = cost(&changed, &after).items.last().cloned().unwrap();
    assert_eq!(item.kind, "moved");
    let moved = item.violations as usize;
    // Garcia's Tuesday lessons (if any) had to move; far fewer than all 22 did.
    let on_tuesday = (0..before.placements.len())
        .filter(|&o| {
            changed.event_of(o).uses.contains(&garcia)
                && changed.day_of(before.placements[o].start) == 1
        })
        .count();
    assert!(
        moved >= on_tuesday && moved <= on_tuesday + 4,
        "moved {moved}, Garcia had {on_tuesday} on Tuesday"
    );
    assert_eq!(item.details.len(), moved);
}

#[test]
fn pinned_placements_stay() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, tt) = solved(&inst);
    // math-7A's four lessons pinned in reverse order, and two more: a pin names an occurrence
    // whatever its rank.
    let mut pins: Vec<_> = (0..6).map(|o| (o, tt.placements[o])).collect();
    let rev: Vec<_> = pins[..4].iter().rev().map(|p| p.1).collect();
    for (k, p) in rev.into_iter().enumerate() {
        pins[k].1 = p;
    }
    let cfg = Config {
        pins: pins.clone(),
        deadline: Some(Instant::now() + Duration::from_secs(10)),
        ..Config::default()
    };
    let r = solve(&inst, &cfg, &mut |_| {}).expect("small enough");
    let got = r.timetable.unwrap();
    for (o, p) in pins {
        assert_eq!(got.placements[o], p);
    }
}

/// A pin no timetable can keep (an event fixed elsewhere) makes the instance infeasible; it is
/// never dropped for a timetable without it.
#[test]
fn a_pin_outside_the_possible_placements_is_infeasible() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, tt) = solved(&inst);
    let assembly = (0..inst.occurrences.len())
        .find(|&o| inst.event_of(o).id == "assembly")
        .unwrap();
    let elsewhere = (0..inst.days.len() * inst.periods.len())
        .find(|&s| s != tt.placements[assembly].start)
        .unwrap();
    let pin = csp_timetabling::Placement {
        start: elsewhere,
        room: tt.placements[assembly].room,
    };
    let cfg = Config {
        pins: vec![(assembly, pin)],
        deadline: Some(Instant::now() + Duration::from_secs(10)),
        ..Config::default()
    };
    let r = solve(&inst, &cfg, &mut |_| {}).expect("small enough");
    assert_eq!(r.status, Status::Unsatisfiable);
    assert!(r.timetable.is_none());
    // So is a lesson that needs a room pinned without one (it is not read as room 0).
    let roomless = csp_timetabling::Placement {
        start: tt.placements[0].start,
        room: None,
    };
    let cfg = Config {
        pins: vec![(0, roomless)],
        deadline: Some(Instant::now() + Duration::from_secs(10)),
        ..Config::default()
    };
    assert_eq!(
        solve(&inst, &cfg, &mut |_| {})
            .expect("small enough")
            .status,
        Status::Unsatisfiable
    );
}

/// A pinned lesson stays where it is pinned through every phase (the first timetable, local
/// search, neighbourhood search, branch and bound): math-7A's first lesson pinned in turn to
/// each slot (a local search once swapped a pinned lesson out of its room: slot 12 here).
#[test]
fn pins_hold_through_the_improving_phases() {
    let inst = Arc::new(problem("school-week.yaml"));
    let (_, tt) = solved(&inst);
    let slots = inst.days.len() * inst.periods.len();
    let mut kept = 0;
    for start in 0..slots {
        let pin = csp_timetabling::Placement {
            start,
            room: tt.placements[0].room,
        };
        // Neighbourhood search until the deadline; branch and bound on two slots (it is
        // exhaustive, and slower).
        let phases: &[(usize, u64)] = if start % 6 == 0 {
            &[(0, 200), (60, 5000)]
        } else {
            &[(0, 200)]
        };
        for &(exact_limit, ms) in phases {
            let cfg = Config {
                pins: vec![(0, pin)],
                deadline: Some(Instant::now() + Duration::from_millis(ms)),
                exact_limit,
                ..Config::default()
            };
            let r = solve(&inst, &cfg, &mut |_| {}).expect("small enough");
            if let Some(got) = r.timetable {
                assert_eq!(got.placements[0], pin, "slot {start}, exact {exact_limit}");
                assert!(verify(&inst, &got).is_empty());
                kept += 1;
            }
        }
    }
    assert!(kept > 10, "{kept} pins kept");
}
