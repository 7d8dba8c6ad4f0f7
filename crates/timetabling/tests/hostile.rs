//! Hostile inputs, one test per class of failure a sweep of the timetabling surface found:
//! each guards a root fix in the library, which the CLI, the server and studies share.

use csp_timetabling::check::{MAX_COST, cost, verify};
use csp_timetabling::encode::{EncodeError, encode};
use csp_timetabling::explain::explain;
use csp_timetabling::solve::{Config, Status, solve};
use csp_timetabling::yaml::parse;
use std::fmt::Write;
use std::sync::Arc;

/// A week of `days` × `periods` with one teacher and the given events and constraints.
fn week(days: usize, periods: usize, rest: &str) -> String {
    let mut s = String::from("kind: timetable\nname: t\ncalendar:\n  days: [");
    let names: Vec<String> = (0..days).map(|d| format!("D{d}")).collect();
    s += &names.join(", ");
    s += "]\n  periods: [";
    let ps: Vec<String> = (0..periods).map(|p| format!("{{id: {}}}", p + 1)).collect();
    s += &ps.join(", ");
    s += "]\n";
    s += rest;
    s
}

fn solved(text: &str) -> csp_timetabling::solve::Report {
    let inst = Arc::new(parse(text, "t.yaml").expect("reads"));
    solve(&inst, &Config::default(), &mut |_| {}).expect("small enough")
}

#[test]
fn a_cap_of_the_engine_is_an_error_never_an_infeasible_timetable() {
    // 700 rooms × 400 days × 64 periods: places past the engine's domain span.
    let mut rooms = String::new();
    for r in 0..700 {
        let _ = write!(rooms, "{{id: R{r}, capacity: 30}}, ");
    }
    let text = week(
        400,
        64,
        &format!(
            "resources:\n  teachers: [{{id: T}}]\n  rooms: [{rooms}]\nevents:\n  - {{id: a, teachers: [T], size: 10}}\n"
        ),
    );
    let inst = Arc::new(parse(&text, "t.yaml").expect("reads"));
    let e = solve(&inst, &Config::default(), &mut |_| {}).unwrap_err();
    assert!(
        e.to_string().contains("event `a` has 700 suitable rooms"),
        "{e}"
    );
    assert!(matches!(encode(&inst), Err(EncodeError::TooLarge(_))));
    assert!(matches!(
        explain(&inst, None),
        Err(EncodeError::TooLarge(_))
    ));
}

#[test]
fn an_event_with_no_possible_slot_is_unsatisfiable_and_explained() {
    let cases = [
        "  - {id: a, teachers: [T], allowed: []}\n",
        "  - {id: a, teachers: [T], forbidden: [\"*\"]}\n",
        "  - {id: a, teachers: [TN]}\n",
    ];
    for case in cases {
        let text = week(
            2,
            2,
            &format!(
                "resources:\n  teachers: [{{id: T}}, {{id: TN, unavailable: [\"*\"]}}]\nevents:\n{case}  - {{id: b, teachers: [T]}}\n"
            ),
        );
        let r = solved(&text);
        assert_eq!(r.status, Status::Unsatisfiable, "{case}");
        assert!(r.timetable.is_none());
        let inst = Arc::new(parse(&text, "t.yaml").unwrap());
        let e = explain(&inst, None).unwrap().expect("no timetable");
        assert!(!e.words.is_empty(), "{case}");
        assert!(e.words.iter().all(|w| !w.ends_with("at ")), "{:?}", e.words);
    }
}

#[test]
fn a_huge_hard_min_gap_keeps_the_occurrences_apart() {
    let text = week(
        2,
        2,
        "resources:\n  teachers: [{id: T}]\nevents:\n  - {id: a, teachers: [T]}\n  - {id: b, teachers: [T]}\nconstraints:\n  hard:\n    - {type: min_gap, events: [a, b], value: 4294967295, per: set}\n",
    );
    assert_eq!(solved(&text).status, Status::Unsatisfiable);
}

#[test]
fn soft_weights_that_could_pass_the_cost_ceiling_are_refused_with_the_path() {
    let text = week(
        2,
        2,
        "resources:\n  teachers: [{id: T}]\nevents:\n  - {id: a, teachers: [T]}\n  - {id: b, teachers: [T]}\nconstraints:\n  soft:\n    - {type: avoid_slots, events: [a], slots: [D0.1], weight: 1}\n    - {type: avoid_slots, events: [b], slots: [D0.2], weight: 9223372036854775813}\n",
    );
    let e = parse(&text, "t.yaml").unwrap_err().to_string();
    assert!(e.starts_with("t.yaml:14:1:"), "{e}");
    assert!(
        e.contains("constraints.soft[1]") && e.contains(&MAX_COST.to_string()),
        "{e}"
    );
}

#[test]
fn group_sizes_are_summed_without_wrapping() {
    let text = week(
        1,
        1,
        "resources:\n  groups: [{id: G1, size: 1000000000}, {id: G2, size: 1000000000}, {id: G3, size: 1000000000}, {id: G4, size: 1000000000}, {id: G5, size: 1000000000}]\n  rooms: [{id: R, capacity: 1}]\nevents:\n  - {id: a, groups: [G1, G2, G3, G4, G5]}\n",
    );
    let e = parse(&text, "t.yaml").unwrap_err().to_string();
    assert!(
        e.contains("events[0]: its groups add up to 5000000000 seats"),
        "{e}"
    );
    let text = week(
        1,
        1,
        "resources:\n  groups: [{id: G1, size: 4000000000}]\nevents:\n  - {id: a, groups: [G1]}\n",
    );
    let e = parse(&text, "t.yaml").unwrap_err().to_string();
    assert!(e.contains("resources.groups[0].size"), "{e}");
}

#[test]
fn exam_seats_are_summed_in_64_bits_by_the_checker() {
    // Two exams of 600,000,000 candidates in a hall of 1,000,000,000 seats: 1.2e9 > 1e9.
    let text = week(
        1,
        1,
        "style: exam\nresources:\n  rooms: [{id: HALL, capacity: 1000000000}]\nevents:\n  - {id: a, size: 600000000}\n  - {id: b, size: 600000000}\n",
    );
    let inst = Arc::new(parse(&text, "t.yaml").unwrap());
    let both = csp_timetabling::Timetable {
        placements: vec![
            csp_timetabling::Placement {
                start: 0,
                room: Some(0)
            };
            2
        ],
    };
    assert!(!verify(&inst, &both).is_empty());
    assert_eq!(
        solve(&inst, &Config::default(), &mut |_| {})
            .unwrap()
            .status,
        Status::Unsatisfiable
    );
    assert_eq!(cost(&inst, &both).total, 0);
}

#[test]
fn the_largest_generated_week_stays_within_what_the_reader_takes() {
    // Reading 7 MB of YAML takes half a minute in a debug build: the class count it states
    // is checked at the largest size, and a week of the same shape is read back.
    let n = csp_timetabling::yaml::MAX_OCCURRENCES;
    let text = csp_timetabling::generate::school(n, 1);
    let classes: usize = text
        .split_once(" classes")
        .and_then(|(head, _)| head.rsplit(' ').next()?.parse().ok())
        .expect("the header states the classes");
    let small = parse(&csp_timetabling::generate::school(260, 1), "g.yaml").unwrap();
    let per_class = small.occurrences.len() / 10;
    assert!(classes * per_class <= n, "{classes} classes of {per_class}");
    assert!(classes * per_class > n - per_class);
}

/// `s` as a YAML double-quoted scalar, escaped independently of the writer under test.
fn yaml_string(s: &str) -> String {
    let mut q = String::from("\"");
    for c in s.chars() {
        if c == '"' || c == '\\' {
            q.push('\\');
            q.push(c);
        } else if c.is_ascii_graphic() || c == ' ' || (c.is_alphanumeric() && !c.is_control()) {
            q.push(c);
        } else {
            let _ = write!(q, "\\u{:04x}", c as u32);
        }
    }
    q.push('"');
    q
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    /// Whatever the ids (quotes, newlines, dots, YAML's words and numbers), the solution file
    /// `solve -o` writes reads back to the same timetable.
    #[test]
    fn a_written_solution_reads_back_whatever_the_ids(
        ids in proptest::collection::vec(
            proptest::string::string_regex("[a-zA-Z0-9 .\"'\\\\:#\n\t\u{2028}\u{85}é-]{1,6}").unwrap(),
            5,
        ),
    ) {
        let mut ids = ids;
        // Distinct ids per list, as the reader asks.
        for (i, id) in ids.iter_mut().enumerate() {
            id.push_str(&"~".repeat(i));
        }
        let (day, period, teacher, room, event) = (&ids[0], &ids[1], &ids[2], &ids[3], &ids[4]);
        let text = format!(
            "kind: timetable\nname: {}\ncalendar:\n  days: [{}, other]\n  periods: [{{id: {}}}, {{id: p2}}]\nresources:\n  teachers: [{{id: {}}}]\n  rooms: [{{id: {}}}]\nevents:\n  - {{id: {}, teachers: [{}], count: 2}}\n",
            yaml_string(event),
            yaml_string(day),
            yaml_string(period),
            yaml_string(teacher),
            yaml_string(room),
            yaml_string(event),
            yaml_string(teacher),
        );
        let inst = Arc::new(parse(&text, "t.yaml").expect("the instance reads"));
        let r = solve(&inst, &Config::default(), &mut |_| {}).expect("small");
        let tt = r.timetable.expect("a timetable");
        let written = csp_timetabling::solution::write(&inst, &tt, "optimal", 0);
        let placed = csp_timetabling::solution::parse(&inst, &written, "s.yaml")
            .unwrap_or_else(|e| panic!("{e}\n{written}"));
        let back = csp_timetabling::solution::complete(&inst, &placed).expect("complete");
        proptest::prop_assert_eq!(back, tt);
    }
}

/// Random placements of `occurrences` occurrences over `slots` slots and `rooms` rooms.
fn placements(picks: &[(usize, usize)], slots: usize, rooms: usize) -> csp_timetabling::Timetable {
    csp_timetabling::Timetable {
        placements: picks
            .iter()
            .map(|&(s, r)| csp_timetabling::Placement {
                start: s % slots,
                room: Some(r % rooms),
            })
            .collect(),
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Exam rooms with seats near the bound: `verify` agrees with seats summed in 128 bits.
    #[test]
    fn verify_agrees_with_seats_counted_apart_at_extreme_sizes(
        caps in proptest::collection::vec(proptest::sample::select(vec![1u64, 3, 500_000_000, 1_000_000_000]), 2),
        sizes in proptest::collection::vec(proptest::sample::select(vec![1u64, 600_000_000, 1_000_000_000]), 2..=4),
        picks in proptest::collection::vec((0usize..2, 0usize..2), 4),
    ) {
        let mut y = String::from("kind: timetable\nname: x\nstyle: exam\ncalendar:\n  days: [D0]\n  periods: [{id: 1}, {id: 2}]\nresources:\n  rooms: [");
        y += &caps.iter().enumerate().map(|(r, c)| format!("{{id: R{r}, capacity: {c}}}")).collect::<Vec<_>>().join(", ");
        y += "]\nevents:\n";
        for (e, s) in sizes.iter().enumerate() {
            y += &format!("  - {{id: e{e}, size: {s}}}\n");
        }
        // Events larger than every room are refused when read; skip those draws.
        let Ok(inst) = parse(&y, "x.yaml") else { return Ok(()) };
        let tt = placements(&picks[..sizes.len()], 2, 2);
        let mut seats = [[0u128; 2]; 2];
        for (o, p) in tt.placements.iter().enumerate() {
            seats[p.room.unwrap()][p.start] += u128::from(sizes[o]);
        }
        let fits = (0..2).all(|r| (0..2).all(|s| seats[r][s] <= u128::from(caps[r])));
        proptest::prop_assert_eq!(verify(&inst, &tt).is_empty(), fits, "{}", y);
    }

    /// Weights and missing seats near the bounds: `cost` agrees with a sum in 128 bits.
    #[test]
    fn cost_agrees_with_a_sum_counted_apart_at_extreme_weights(
        w_avoid in proptest::sample::select(vec![1u64, 1_000_000, 1 << 40]),
        w_seats in proptest::sample::select(vec![1u64, 1_000, 1_000_000]),
        sizes in proptest::collection::vec(proptest::sample::select(vec![1u64, 35, 1_000_000_000]), 2..=3),
        picks in proptest::collection::vec((0usize..4, 0usize..3), 3),
    ) {
        let caps = [30u64, 1, 999_999_999];
        let mut y = String::from("kind: timetable\nname: x\ncalendar:\n  days: [D0, D1]\n  periods: [{id: 1}, {id: 2}]\nresources:\n  rooms: [");
        y += &caps.iter().enumerate().map(|(r, c)| format!("{{id: R{r}, capacity: {c}}}")).collect::<Vec<_>>().join(", ");
        y += "]\nevents:\n";
        for (e, s) in sizes.iter().enumerate() {
            y += &format!("  - {{id: e{e}, size: {s}}}\n");
        }
        y += &format!("constraints:\n  soft:\n    - {{type: avoid_slots, events: [e0], slots: [D0.1, D1.2], weight: {w_avoid}}}\n    - {{type: room_capacity, events: \"*\", weight: {w_seats}}}\n");
        let inst = parse(&y, "x.yaml").map_err(|e| proptest::test_runner::TestCaseError::fail(format!("{e}\n{y}")))?;
        let tt = placements(&picks[..sizes.len()], 4, 3);
        // Slots 0 (D0.1) and 3 (D1.2) are avoided by e0; each seat missing costs.
        let mut expected: u128 = 0;
        for (o, p) in tt.placements.iter().enumerate() {
            if o == 0 && (p.start == 0 || p.start == 3) {
                expected += u128::from(w_avoid);
            }
            let short = sizes[o].saturating_sub(caps[p.room.unwrap()]);
            expected += u128::from(short) * u128::from(w_seats);
        }
        proptest::prop_assert_eq!(u128::from(cost(&inst, &tt).total), expected, "{}", y);
    }
}

#[test]
fn a_day_name_of_70000_characters_is_drawn_cut_short() {
    let day = "d".repeat(70_000);
    let text = format!(
        "kind: timetable\nname: t\ncalendar:\n  days: [{day}]\n  periods: [{{id: \"{}\"}}]\nresources:\n  teachers: [{{id: T}}]\nevents:\n  - {{id: a, teachers: [T]}}\n",
        "p".repeat(70_000)
    );
    let inst = Arc::new(parse(&text, "t.yaml").unwrap());
    let tt = solve(&inst, &Config::default(), &mut |_| {})
        .unwrap()
        .timetable
        .unwrap();
    for v in csp_timetabling::render::all_views(&inst) {
        let grid = csp_timetabling::render::text(&inst, &tt, v);
        assert!(
            grid.lines().all(|l| l.chars().count() < 200),
            "{}",
            &grid[..200]
        );
    }
}

#[test]
fn a_period_spread_past_every_period_costs_what_the_format_scores() {
    use csp_timetabling::formats::exam;
    for spread in ["1", "100000000000", "18446744073709551615"] {
        let text = format!(
            "[Exams:2]\n60, 1, 2\n60, 2\n[Periods:2]\n01:01:2025, 09:00:00, 120, 0\n01:01:2025, 14:00:00, 120, 0\n\
             [Rooms:1]\n100, 0\n[PeriodHardConstraints]\n[RoomHardConstraints]\n[InstitutionalWeightings]\n\
             TWOINAROW, 7\nTWOINADAY, 5\nPERIODSPREAD, {spread}\nNONMIXEDDURATIONS, 1\nFRONTLOAD, 1, 1, 3\n"
        );
        let x = exam::parse(&text, "s.exam").unwrap();
        let inst = x.instance().unwrap();
        let a = [(0, 0), (1, 0)];
        assert_eq!(
            cost(&inst, &x.timetable(&a)).total,
            x.score(&a).soft(),
            "{spread}"
        );
    }
}

#[test]
fn a_move_cost_past_the_cost_ceiling_is_refused_by_solve() {
    // What `timetable solve --from OLD --move-cost N` adds in code, past the readers' checks.
    let text = week(
        1,
        2,
        "resources:\n  teachers: [{id: T}]\nevents:\n  - {id: a, teachers: [T]}\n",
    );
    let mut inst = parse(&text, "t.yaml").unwrap();
    inst.soft.push(csp_timetabling::instance::Requirement {
        kind: csp_timetabling::instance::Kind::Stay(vec![None]),
        weight: u64::MAX,
        path: "--from".into(),
        line: 0,
    });
    let e = solve(&Arc::new(inst), &Config::default(), &mut |_| {}).unwrap_err();
    assert!(e.to_string().contains("--from (moved"), "{e}");
}
