//! `verify` and `cost` on hand-made timetables: every requirement type, with the expected
//! violation counts worked out by hand in the comments.

use csp_timetabling::{Instance, Placement, Timetable, cost, verify, yaml};

const BASE: &str = r#"kind: timetable
calendar:
  days: [Mon, Tue]
  periods: [{id: 1}, {id: 2}, {id: 3}, {id: 4}]
resources:
  teachers: [{id: t1}, {id: t2}]
  groups:
    - {id: A, size: 20}
    - {id: B, size: 20}
    - {id: A1, size: 5, parent: A}
  rooms:
    - {id: R1, capacity: 30}
    - {id: R2, capacity: 30, features: [lab]}
events:
  - {id: e1, teachers: [t1], groups: [A], count: 2}
  - {id: e2, teachers: [t2], groups: [B], count: 2}
  - {id: e3, teachers: [t1], groups: [B], duration: 2}
  - {id: x, groups: [A1], room: none}
"#;

/// The timetable of every test (occurrences e1#1, e1#2, e2#1, e2#2, e3, x):
///
/// ```text
///        1          2        3          4
/// Mon  e1 R1      .        e1 R1      .
///      e2 R2
/// Tue  e2 R1     e3 R1 ─── e3 R1     x
/// ```
/// t1: Mon 1, 3; Tue 2, 3. t2: Mon 1, Tue 1. A (and A1): Mon 1, 3. B: Mon 1; Tue 1, 2, 3.
/// A1 also Tue 4.
const PLACES: [(&str, Option<&str>); 6] = [
    ("Mon.1", Some("R1")),
    ("Mon.3", Some("R1")),
    ("Mon.1", Some("R2")),
    ("Tue.1", Some("R1")),
    ("Tue.2", Some("R1")),
    ("Tue.4", None),
];

fn timetable(inst: &Instance, places: &[(&str, Option<&str>)]) -> Timetable {
    let slot = |s: &str| {
        (0..inst.num_slots())
            .find(|&i| inst.slot_name(i) == s)
            .unwrap()
    };
    let room = |r: &str| inst.rooms.iter().position(|x| x.id == r).unwrap();
    Timetable {
        placements: places
            .iter()
            .map(|&(s, r)| Placement {
                start: slot(s),
                room: r.map(room),
            })
            .collect(),
    }
}

/// The violations of one soft requirement on the timetable above.
fn violations(requirement: &str) -> u64 {
    // R2 has a feature: `special_rooms` is priced unless named; weight 0 keeps it silent.
    let silent = if requirement.contains("special_rooms") {
        String::new()
    } else {
        "    - {type: special_rooms, weight: 0}\n".to_string()
    };
    let text = format!("{BASE}constraints:\n  soft:\n    - {requirement}\n{silent}");
    let inst = yaml::parse(&text, "t.yaml").unwrap_or_else(|e| panic!("{e}"));
    let tt = timetable(&inst, &PLACES);
    assert_eq!(verify(&inst, &tt), vec![], "the timetable is valid");
    let c = cost(&inst, &tt);
    assert_eq!(c.items.len(), 1 + usize::from(!silent.is_empty()));
    assert_eq!(
        c.items[0].details.len() as u64 > 0,
        c.items[0].violations > 0,
        "{:?}",
        c.items[0]
    );
    assert_eq!(c.total, c.items[0].violations * c.items[0].weight);
    c.items[0].violations
}

#[test]
fn every_requirement_type_counts_its_violations() {
    // A: gap at Mon 2; A1: the same gap (its parent's lessons are its lessons). B, t2: none.
    assert_eq!(
        violations("{type: max_gaps_per_day, resources: groups, value: 0}"),
        2
    );
    // t1: gap at Mon 2.
    assert_eq!(
        violations("{type: max_gaps_per_day, resources: teachers, value: 0}"),
        1
    );
    assert_eq!(
        violations("{type: max_gaps_per_day, resources: teachers, value: 1}"),
        0
    );
    // t1: Tue 2-3 is a run of 2, one beyond 1.
    assert_eq!(
        violations("{type: max_consecutive, resources: teachers, value: 1}"),
        1
    );
    // e1: both on Monday.
    assert_eq!(violations("{type: min_days, events: [e1], value: 2}"), 1);
    assert_eq!(violations("{type: different_days, events: [e1]}"), 1);
    // e2 in R2 then R1.
    assert_eq!(violations("{type: room_stability, events: \"*\"}"), 1);
    assert_eq!(violations("{type: same_room, events: [e1, e3]}"), 0);
    assert_eq!(violations("{type: same_room, events: [e1, e2]}"), 1);
    // t2 teaches at period 1 twice.
    assert_eq!(
        violations("{type: avoid_slots, resources: [t2], slots: [\"*.1\"]}"),
        2
    );
    // x on Tuesday, one period outside Monday.
    assert_eq!(
        violations("{type: prefer_slots, events: [x], slots: [\"Mon.*\"]}"),
        1
    );
    // e3 (Tue) is not before either e1 (Mon).
    assert_eq!(violations("{type: precedence, before: e3, after: e1}"), 2);
    assert_eq!(violations("{type: precedence, before: e1, after: e3}"), 0);
    // e1, e1, e2 on Monday, e2 on Tuesday: one must move.
    assert_eq!(violations("{type: same_day, events: [e1, e2]}"), 1);
    // e1#1–e2#1 and e1#2–e2#1 share Monday.
    assert_eq!(violations("{type: not_same_day, events: [e1, e2]}"), 2);
    // e1#1 and e2#1 both at Mon 1.
    assert_eq!(violations("{type: different_slot, events: [e1, e2]}"), 1);
    // Second occurrences: Mon 3 against Tue 1.
    assert_eq!(violations("{type: same_slot, events: [e1, e2]}"), 1);
    // One free slot (Mon 2) between e1#1 and e1#2: enough for a gap of 1, not 2.
    assert_eq!(violations("{type: min_gap, events: [e1], value: 1}"), 0);
    assert_eq!(violations("{type: min_gap, events: [e1], value: 2}"), 1);
    assert_eq!(violations("{type: min_gap, events: [e2], value: 1}"), 0);
    // t1: 2 periods each day.
    assert_eq!(
        violations("{type: max_per_day, resources: [t1], value: 1}"),
        2
    );
    // A list applies to each event on its own unless `per: set`: e1 has 2 periods on
    // Monday, e2 one; together they have 3.
    assert_eq!(
        violations("{type: max_per_day, events: [e1, e2], value: 2}"),
        0
    );
    assert_eq!(
        violations("{type: max_per_day, events: [e1, e2], value: 2, per: set}"),
        1
    );
    // e1 on Monday only (one day short of 2); e2 on both days; together on both.
    assert_eq!(
        violations("{type: min_days, events: [e1, e2], value: 2}"),
        1
    );
    assert_eq!(
        violations("{type: min_days, events: [e1, e2], value: 2, per: event}"),
        1
    );
    assert_eq!(
        violations("{type: min_days, events: [e1, e2], value: 2, per: set}"),
        0
    );
    // e2 in R2 (a lab it does not ask for), once.
    assert_eq!(violations("{type: special_rooms}"), 1);
    // e1 and e2 as one set use R1 and R2.
    assert_eq!(
        violations("{type: room_stability, events: [e1, e2], per: set}"),
        1
    );
    assert_eq!(violations("{type: room_stability, events: [e1, e2]}"), 1);
    assert_eq!(
        violations("{type: max_per_week, resources: [t1], value: 3}"),
        1
    );
    // B: e2#2 (Tue 1) and e3 (Tue 2) one slot apart: weight 3 × 20 people.
    assert_eq!(
        violations("{type: proximity, resources: [B], weights: [3, 1]}"),
        60
    );
    // ... adjacent on one day, 20 people.
    assert_eq!(violations("{type: two_in_a_row, resources: [B]}"), 20);
    // A: Mon 1 and Mon 3, same day not adjacent, 20 people.
    assert_eq!(violations("{type: two_in_a_day, resources: [A]}"), 20);
    // The three largest (e1, e2, e3: 20 each, in file order): e2#2 and e3 on Tuesday.
    assert_eq!(
        violations("{type: front_load, largest: 3, last_slots: 4}"),
        2
    );
    assert_eq!(
        violations("{type: front_load, largest: 1, last_slots: 4}"),
        0
    );
}

#[test]
fn weights_multiply_and_items_follow_the_file() {
    let text = format!(
        "{BASE}constraints:\n  soft:\n    - {{type: avoid_slots, resources: [t2], slots: [\"*.1\"], weight: 7}}\n    - {{type: min_days, events: [e1], value: 2, weight: 5}}\n"
    );
    let inst = yaml::parse(&text, "t.yaml").unwrap();
    let c = cost(&inst, &timetable(&inst, &PLACES));
    // And the implicit `special_rooms` (weight 5): e2 in the lab it does not need.
    assert_eq!(c.total, 2 * 7 + 5 + 5);
    assert_eq!(c.items[0].path, "constraints.soft[0]");
    assert_eq!(c.items[1].kind, "min_days");
    assert_eq!(
        (c.items[2].kind, c.items[2].weight, c.items[2].violations),
        ("special_rooms", 5, 1)
    );
}

const EXAMS: &str = r#"kind: timetable
style: exam
calendar:
  days: [Mon]
  periods: [{id: AM, minutes: 120}, {id: PM, minutes: 120}]
resources:
  rooms: [{id: HALL, capacity: 100}]
events:
  - {id: a, size: 30, minutes: 60}
  - {id: b, size: 30, minutes: 90}
  - {id: c, size: 10, minutes: 60}
"#;

#[test]
fn exam_rooms_share_seats_and_count_mixed_lengths_and_exclusivity() {
    let text = format!(
        "{EXAMS}constraints:\n  soft:\n    - {{type: mixed_durations}}\n    - {{type: exclusive_room, events: [c]}}\n"
    );
    let inst = yaml::parse(&text, "e.yaml").unwrap();
    let all_am = [("Mon.AM", Some("HALL")); 3];
    let tt = timetable(&inst, &all_am);
    assert_eq!(verify(&inst, &tt), vec![]);
    let c = cost(&inst, &tt);
    // 60 and 90 minutes in HALL at AM; c shares HALL with a and b.
    assert_eq!((c.items[0].violations, c.items[1].violations), (1, 2));
    // 70 seats of 100: fine; a fourth exam of 40 would not be.
    let over = format!("{EXAMS}  - {{id: d, size: 40, minutes: 60}}\n");
    let inst = yaml::parse(&over, "e.yaml").unwrap();
    let tt = timetable(&inst, &[("Mon.AM", Some("HALL")); 4]);
    let v = verify(&inst, &tt);
    assert!(
        v.iter()
            .any(|v| v.rule == "room clash" && v.message.contains("100 seats")),
        "{v:?}"
    );
}

#[test]
fn verify_names_each_broken_rule() {
    let text = BASE.replace("{id: t2}", "{id: t2, unavailable: [\"Tue.1\"]}")
        + "  - {id: lab, teachers: [t2], room: {features: [lab]}, fixed: Tue.4, forbidden: [\"Mon.2\"]}\n";
    let inst = yaml::parse(&text, "t.yaml").unwrap();
    let mut places = PLACES.to_vec();
    places[1] = ("Mon.1", Some("R1")); // e1#2 on top of e1#1: t1, A and R1 twice
    places.push(("Mon.2", Some("R1"))); // the lab: wrong room, forbidden, not at its fixed slot
    let v = verify(&inst, &timetable(&inst, &places));
    let rules: Vec<&str> = v.iter().map(|v| v.rule.as_str()).collect();
    for rule in [
        "no clash",
        "room clash",
        "availability",
        "rooms",
        "forbidden",
        "fixed",
    ] {
        assert!(rules.contains(&rule), "{rule} missing from {v:#?}");
    }
    // The clash names who and when.
    assert!(
        v.iter()
            .any(|v| v.message == "teacher t1 has e1#1 and e1#2 at Mon.1"),
        "{v:#?}"
    );
}
