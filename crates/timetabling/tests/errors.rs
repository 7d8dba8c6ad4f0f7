//! Every kind of bad timetable file gets an error naming the file, line and column, the YAML
//! path and what was expected; unknown ids say where they were looked up and suggest the
//! nearest name.

use csp_timetabling::yaml;

/// Asserts the error's line and that its message contains every needle.
fn check(text: &str, line: u32, needles: &[&str]) {
    let e = yaml::parse(text, "bad.yaml").expect_err("the file is invalid");
    let shown = e.to_string();
    assert!(shown.starts_with("bad.yaml:"), "{shown}");
    assert_eq!(e.position().map(|p| p.0), Some(line), "{shown}");
    for n in needles {
        assert!(shown.contains(n), "expected `{n}` in:\n{shown}");
    }
}

const HEAD: &str = "kind: timetable
calendar:
  days: [Mon, Tue]
  periods: [{id: 1, start: \"08:00\", end: \"08:45\"}, {id: 2}]
resources:
  teachers: [{id: smith}, {id: jones}]
  groups: [{id: 7A, size: 20}]
  rooms: [{id: R1, capacity: 30}]
";

fn with(events: &str, constraints: &str) -> String {
    format!("{HEAD}events:\n{events}constraints:\n{constraints}")
}

const EVENT: &str = "  - {id: math, teachers: [smith], groups: [7A], count: 2}\n";

#[test]
fn a_valid_file_reads() {
    let inst = yaml::parse(&with(EVENT, "  hard: []\n"), "ok.yaml").unwrap();
    assert_eq!(inst.occurrences.len(), 2);
    assert_eq!(inst.periods[0].minutes, Some(45));
}

#[test]
fn an_unknown_teacher_names_the_list_and_the_nearest_id() {
    check(
        &with(
            "  - {id: math, teachers: [smiht], groups: [7A]}\n",
            "  hard: []\n",
        ),
        10,
        &[
            "events[0].teachers[0]",
            "unknown teacher `smiht`",
            "looked up in resources.teachers",
            "did you mean `smith`?",
        ],
    );
}

#[test]
fn a_group_named_as_a_teacher_says_what_it_is() {
    check(
        &with("  - {id: math, teachers: [7A]}\n", "  hard: []\n"),
        10,
        &["`7A` is a group, not a teacher"],
    );
}

#[test]
fn an_unknown_event_in_a_constraint() {
    check(
        &with(
            EVENT,
            "  hard:\n    - {type: different_days, events: [maths]}\n",
        ),
        13,
        &[
            "constraints.hard[0].events[0]",
            "unknown event `maths`",
            "did you mean `math`?",
        ],
    );
}

#[test]
fn an_unknown_constraint_type_lists_the_catalogue() {
    check(
        &with(
            EVENT,
            "  hard:\n    - {type: diferent_days, events: [math]}\n",
        ),
        13,
        &[
            "constraints.hard[0].type",
            "did you mean `different_days`?",
            "expected one of different_days, same_day",
        ],
    );
}

#[test]
fn a_missing_field_of_a_constraint_is_named() {
    check(
        &with(
            EVENT,
            "  soft:\n    - {type: max_per_day, resources: teachers}\n",
        ),
        13,
        &["`max_per_day` needs `value`"],
    );
    check(
        &with(EVENT, "  hard:\n    - {type: precedence, before: math}\n"),
        13,
        &["needs `before` and `after`"],
    );
}

#[test]
fn per_is_event_or_set_and_only_where_it_means_something() {
    check(
        &with(
            EVENT,
            "  soft:\n    - {type: min_days, events: [math], value: 2, per: lesson}\n",
        ),
        13,
        &[
            "constraints.soft[0].per",
            "expected `event` or `set`, not `lesson`",
        ],
    );
    check(
        &with(
            EVENT,
            "  soft:\n    - {type: max_gaps_per_day, resources: teachers, value: 1, per: set}\n",
        ),
        13,
        &["`max_gaps_per_day` has no `per`", "over a list of events"],
    );
    check(
        &with(
            EVENT,
            "  hard:\n    - {type: different_days, events: \"*\", per: set}\n",
        ),
        13,
        &["`per: set` needs the events listed"],
    );
}

#[test]
fn a_hard_constraint_has_no_weight() {
    check(
        &with(
            EVENT,
            "  hard:\n    - {type: different_days, events: [math], weight: 3}\n",
        ),
        13,
        &["constraints.hard[0].weight", "no weight"],
    );
}

#[test]
fn a_bad_slot_names_the_day_and_the_form() {
    check(
        &with(
            "  - {id: math, teachers: [smith], fixed: Mun.1}\n",
            "  hard: []\n",
        ),
        10,
        &[
            "events[0].fixed",
            "unknown day `Mun`",
            "did you mean `Mon`?",
            "Day.period",
        ],
    );
    check(
        &format!(
            "{}events:\n{EVENT}",
            HEAD.replace(
                "teachers: [{id: smith}",
                "teachers: [{id: smith, unavailable: [\"Tue.9\"]}"
            )
        ),
        6,
        &["resources.teachers[0].unavailable[0]", "unknown period `9`"],
    );
}

#[test]
fn counts_durations_and_rooms_are_checked() {
    check(
        &with(
            "  - {id: math, teachers: [smith], count: 0}\n",
            "  hard: []\n",
        ),
        10,
        &["events[0].count", "expected 1 to"],
    );
    check(
        &with(
            "  - {id: math, teachers: [smith], duration: 3}\n",
            "  hard: []\n",
        ),
        10,
        &["events[0].duration", "expected 1 to 2 periods"],
    );
    check(
        &with(
            "  - {id: math, teachers: [smith], room: {id: R2}}\n",
            "  hard: []\n",
        ),
        10,
        &[
            "events[0].room.id",
            "unknown room `R2`",
            "did you mean `R1`?",
        ],
    );
    check(
        &with(
            "  - {id: math, teachers: [smith], room: big}\n",
            "  hard: []\n",
        ),
        10,
        &["expected `none` or a map"],
    );
    check(
        &with(
            "  - {id: math, groups: [7A], size: 40, room: {id: R1}}\n",
            "  hard: []\n",
        ),
        10,
        &["room `R1` has 30 seats; `math` needs 40"],
    );
    check(
        &with(
            "  - {id: math, teachers: [smith], fixed: [Mon.1, Mon.2]}\n",
            "  hard: []\n",
        ),
        10,
        &["2 fixed slots for 1 occurrence"],
    );
}

#[test]
fn duplicates_and_cycles_are_refused() {
    check(
        &with(&format!("{EVENT}{EVENT}"), "  hard: []\n"),
        11,
        &["the event `math` appears twice"],
    );
    check(
        &format!("{}events: []\n", HEAD.replace("{id: jones}", "{id: smith}")),
        6,
        &["already used by the teacher `smith`"],
    );
    check(
        &format!(
            "{}events: []\n",
            HEAD.replace(
                "groups: [{id: 7A, size: 20}]",
                "groups: [{id: 7A, parent: 7B}, {id: 7B, parent: 7A}]"
            )
        ),
        7,
        &["would be its own ancestor"],
    );
}

#[test]
fn wrong_kind_unknown_keys_and_bad_times() {
    check(
        &format!(
            "{}events: []\n",
            HEAD.replace("kind: timetable", "kind: csp")
        ),
        1,
        &["kind: expected `timetable`, found `csp`"],
    );
    check(
        &format!("{HEAD}events: []\nextra: 1\n"),
        10,
        &["unknown field `extra`"],
    );
    check(
        &format!("{}events: []\n", HEAD.replace("\"08:45\"", "\"8h45\"")),
        4,
        &["calendar.periods[0].end", "expected a time HH:MM"],
    );
    check(
        &format!(
            "{}events: []\n",
            HEAD.replace("days: [Mon, Tue]", "days: [Mon, Mon]")
        ),
        3,
        &["the day `Mon` appears twice"],
    );
}
