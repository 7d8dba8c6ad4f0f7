use super::*;

/// A small problem in the competition's format: two courses, one with two configurations,
/// a parent class, a class without a room, travel, an unavailable time, distributions with
/// and without parameters, and students.
const TINY: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!-- a hand-made sample -->
<problem name="tiny" nrDays="7" nrWeeks="3" slotsPerDay="288">
  <optimization time="2" room="1" distribution="10" student="5"/>
  <rooms>
    <room id="r1" capacity="30">
      <travel room="r2" value="3"/>
      <unavailable days="0000011" start="0" length="288" weeks="111"/>
    </room>
    <room id="r2" capacity="10"/>
  </rooms>
  <courses>
    <course id="c1">
      <config id="1">
        <subpart id="1">
          <class id="1" limit="30">
            <room id="r1" penalty="0"/>
            <room id="r2" penalty="4"/>
            <time days="1010100" start="96" length="12" weeks="111" penalty="0"/>
            <time days="0101000" start="120" length="18" penalty="2"/>
          </class>
        </subpart>
        <subpart id="2">
          <class id="2" limit="10" parent="1">
            <room id="r2"/>
            <time days="1000000" start="150" length="12" weeks="010"/>
          </class>
        </subpart>
      </config>
      <config id="2">
        <subpart id="3">
          <class id="3" limit="20" room="false">
            <time days="0000100" start="200" length="24" weeks="100"/>
          </class>
        </subpart>
      </config>
    </course>
  </courses>
  <distributions>
    <distribution type="SameAttendees" required="true"><class id="1"/><class id="2"/></distribution>
    <distribution type="MaxBreaks(1,6)" penalty="3"><class id="1"/><class id="3"/></distribution>
  </distributions>
  <students>
    <student id="s1"><course id="c1"/></student>
  </students>
</problem>
"#;

#[test]
fn the_sample_is_read_with_indices_for_ids() {
    let p = parse(TINY, "tiny.xml").unwrap();
    assert_eq!(
        (p.name.as_str(), p.days, p.weeks, p.slots_per_day),
        ("tiny", 7, 3, 288)
    );
    assert_eq!(
        p.weights,
        Weights {
            time: 2,
            room: 1,
            distribution: 10,
            student: 5
        }
    );
    assert_eq!(p.rooms[0].travel, [(1, 3)]);
    assert_eq!(p.rooms[0].unavailable[0].days, 0b110_0000);
    assert_eq!(p.classes.len(), 3);
    let c = &p.classes[0];
    assert_eq!(c.rooms, [(0, 0), (1, 4)]);
    // A time without weeks meets every week.
    assert_eq!(c.times[1].0.weeks, 0b111);
    assert_eq!(
        c.times[1],
        (
            Time {
                weeks: 0b111,
                days: 0b1010,
                start: 120,
                length: 18
            },
            2
        )
    );
    assert_eq!(p.classes[1].parent, Some(0));
    assert_eq!(p.classes[1].times[0].0.weeks, 0b010);
    assert!(!p.classes[2].needs_room && p.classes[2].rooms.is_empty());
    assert_eq!(
        (
            p.classes[2].course,
            p.classes[2].config,
            p.classes[2].subpart
        ),
        (0, 1, 0)
    );
    assert_eq!(p.courses[0].configs[0].subparts[1].classes, [1]);
    assert_eq!(p.distributions[0].kind, Constraint::SameAttendees);
    assert!(p.distributions[0].required);
    assert_eq!(p.distributions[1].kind, Constraint::MaxBreaks(1, 6));
    assert_eq!(
        (p.distributions[1].penalty, &p.distributions[1].classes[..]),
        (3, &[0, 2][..])
    );
    assert_eq!(p.students[0].courses, [0]);
}

#[test]
fn times_overlap_only_when_weeks_days_and_slots_meet() {
    let t = |weeks, days, start, length| Time {
        weeks,
        days,
        start,
        length,
    };
    let a = t(0b11, 0b101, 100, 12);
    assert!(a.overlaps(&t(0b10, 0b100, 111, 5)));
    assert!(!a.overlaps(&t(0b100, 0b101, 100, 12)), "no week in common");
    assert!(!a.overlaps(&t(0b11, 0b010, 100, 12)), "no day in common");
    assert!(!a.overlaps(&t(0b11, 0b101, 112, 12)), "back to back");
}

/// Each mistake is named at its line and column, with what was expected.
#[test]
fn mistakes_are_named_where_they_stand() {
    let cases: [(&str, &str, &str); 12] = [
        ("<problem", "<problem name=\"x\"", "tiny.xml:3:"),
        (
            "<room id=\"r2\" capacity=\"10\"/>",
            "<room id=\"r2\" capacity=\"ten\"/>",
            "`capacity`: expected a number of seats, found `ten`",
        ),
        (
            "<room id=\"r2\" capacity=\"10\"/>",
            "<room id=\"r1\" capacity=\"10\"/>",
            "room `r1` defined twice",
        ),
        (
            "<travel room=\"r2\"",
            "<travel room=\"r9\"",
            "no room with id `r9`",
        ),
        (
            "days=\"1010100\"",
            "days=\"101010\"",
            "`days`: expected 7 characters of 0 and 1, found `101010`",
        ),
        ("parent=\"1\"", "parent=\"7\"", "no class with id `7`"),
        (
            "type=\"MaxBreaks(1,6)\"",
            "type=\"MaxBreaks(1)\"",
            "expected `MaxBreaks(R,S)`",
        ),
        (
            "type=\"SameAttendees\"",
            "type=\"SameAtendees\"",
            "expected one of the 19 types",
        ),
        (
            "<student id=\"s1\"><course id=\"c1\"/>",
            "<student id=\"s1\"><curse id=\"c1\"/>",
            "unexpected <curse> in <student>; expected <course>",
        ),
        (
            "start=\"200\" length=\"24\"",
            "start=\"280\" length=\"24\"",
            "slots 280 to 304 run past the day's 288 slots",
        ),
        (
            "<room id=\"r2\"/>\n",
            "",
            "class `2` needs a room and lists none",
        ),
        (
            "student=\"5\"",
            "student=\"5000000000000000000\"",
            "tiny.xml:4:3: the weights and penalties allow a cost of 5000000000000000428: the soft costs could pass 4611686018427387904",
        ),
    ];
    for (from, to, want) in cases {
        assert!(TINY.contains(from), "{from}");
        let text = TINY.replacen(from, to, 1);
        let e = parse(&text, "tiny.xml")
            .map(|_| ())
            .unwrap_err()
            .to_string();
        assert!(
            e.contains(want) && e.starts_with("tiny.xml:"),
            "{e}\nwanted {want}"
        );
    }
    // Line and column of a bad attribute value.
    let e = parse(&TINY.replace("capacity=\"10\"", "capacity=\"x\""), "t.xml")
        .map(|_| ())
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("t.xml:10:29:"), "{e}");
    for bad in ["", "<problem", "<schedule/>", "not xml at all"] {
        assert!(parse(bad, "b.xml").is_err(), "{bad}");
    }
}

/// A meeting for the rule tables: weeks, days, start, length, room.
fn m(weeks: u64, days: u64, start: u32, length: u32, room: Option<usize>) -> rules::Meeting {
    rules::Meeting {
        time: Time {
            weeks,
            days,
            start,
            length,
        },
        room,
    }
}

/// Each pairwise type on pairs that hold and pairs that do not, as the format states them.
#[test]
fn pairwise_types_hold_as_the_format_states() {
    use Constraint::*;
    let travel = rules::Travel::of(&parse(TINY, "tiny.xml").unwrap());
    let a = m(0b1, 0b1, 100, 10, Some(0));
    let cases: Vec<(Constraint, rules::Meeting, bool)> = vec![
        (SameStart, m(0b1, 0b10, 100, 5, None), true),
        (SameStart, m(0b1, 0b1, 101, 10, None), false),
        (SameTime, m(0b10, 0b10, 102, 8, None), true),
        (SameTime, m(0b1, 0b1, 95, 30, None), true),
        (SameTime, m(0b1, 0b1, 105, 10, None), false),
        (DifferentTime, m(0b1, 0b1, 110, 5, None), true),
        (DifferentTime, m(0b10, 0b10, 109, 5, None), false),
        (SameDays, m(0b1, 0b11, 0, 1, None), true),
        (SameDays, m(0b1, 0b10, 0, 1, None), false),
        (DifferentDays, m(0b1, 0b10, 100, 10, None), true),
        (DifferentDays, m(0b1, 0b11, 0, 1, None), false),
        (SameWeeks, m(0b111, 0b1, 0, 1, None), true),
        (SameWeeks, m(0b110, 0b1, 0, 1, None), false),
        (DifferentWeeks, m(0b10, 0b1, 100, 10, None), true),
        (DifferentWeeks, m(0b11, 0b10, 0, 1, None), false),
        (Overlap, m(0b1, 0b1, 109, 10, None), true),
        (Overlap, m(0b10, 0b1, 100, 10, None), false),
        (NotOverlap, m(0b1, 0b1, 110, 10, None), true),
        (NotOverlap, m(0b1, 0b1, 90, 11, None), false),
        (SameRoom, m(0b1, 0b1, 0, 1, Some(0)), true),
        (SameRoom, m(0b1, 0b1, 0, 1, Some(1)), false),
        (DifferentRoom, m(0b1, 0b1, 0, 1, Some(1)), true),
        (DifferentRoom, m(0b1, 0b1, 0, 1, Some(0)), false),
        // Rooms 0 and 1 are 3 slots apart: ending at 110, the next class may start at 113.
        (SameAttendees, m(0b1, 0b1, 113, 5, Some(1)), true),
        (SameAttendees, m(0b1, 0b1, 112, 5, Some(1)), false),
        (SameAttendees, m(0b1, 0b1, 110, 5, Some(0)), true),
        (SameAttendees, m(0b10, 0b1, 100, 10, Some(1)), true),
        // First week, then first day, then the slots decide.
        (Precedence, m(0b10, 0b1, 0, 1, None), true),
        (Precedence, m(0b1, 0b10, 0, 1, None), true),
        (Precedence, m(0b1, 0b1, 110, 1, None), true),
        (Precedence, m(0b1, 0b1, 109, 1, None), false),
        (WorkDay(20), m(0b1, 0b1, 110, 10, None), true),
        (WorkDay(19), m(0b1, 0b1, 110, 10, None), false),
        (WorkDay(5), m(0b1, 0b10, 110, 10, None), true),
        (MinGap(5), m(0b1, 0b1, 115, 10, None), true),
        (MinGap(5), m(0b1, 0b1, 114, 10, None), false),
        (MinGap(5), m(0b10, 0b1, 110, 10, None), true),
    ];
    for (kind, b, want) in cases {
        assert_eq!(kind.pair_holds(&a, &b, &travel), want, "{kind:?} {b:?}");
    }
    // Precedence is ordered: the later class listed first breaks it.
    assert!(!Precedence.pair_holds(&m(0b10, 0b1, 0, 1, None), &a, &travel));
}

/// The set-wide types count days, slots, breaks and blocks over every day of every week; the
/// cost of the last three is per week, rounded down.
#[test]
fn set_wide_types_count_per_day_and_week() {
    use Constraint::*;
    let travel = rules::Travel::default();
    let size = (2, 7);
    // Two weeks; Monday of week 0: 100-110 and 112-120; Monday of both weeks: 140-150.
    let ms = [
        m(0b01, 0b1, 100, 10, None),
        m(0b01, 0b1, 112, 8, None),
        m(0b11, 0b1, 140, 10, None),
        m(0b10, 0b100, 0, 5, None),
    ];
    assert_eq!(MaxDays(1).violations(&ms, &travel, size), 1);
    assert_eq!(MaxDays(2).violations(&ms, &travel, size), 0);
    // Monday week 0: 28 slots; Monday week 1: 10; Wednesday week 1: 5.
    assert_eq!(MaxDayLoad(20).violations(&ms, &travel, size), 8);
    assert_eq!(MaxDayLoad(5).violations(&ms, &travel, size), 23 + 5);
    // Gaps of 2 and 20 on Monday of week 0.
    assert_eq!(MaxBreaks(0, 2).violations(&ms, &travel, size), 1);
    assert_eq!(MaxBreaks(0, 1).violations(&ms, &travel, size), 2);
    assert_eq!(MaxBreaks(1, 1).violations(&ms, &travel, size), 1);
    assert_eq!(MaxBreaks(0, 20).violations(&ms, &travel, size), 0);
    // The block 100-120 is 20 slots; one class alone never breaks MaxBlock.
    assert_eq!(MaxBlock(19, 2).violations(&ms, &travel, size), 1);
    assert_eq!(MaxBlock(20, 2).violations(&ms, &travel, size), 0);
    assert_eq!(MaxBlock(5, 0).violations(&ms, &travel, size), 0);
    assert_eq!(MaxBlock(49, 20).violations(&ms, &travel, size), 1);
    assert_eq!(MaxBreaks(0, 2).cost(3, 1, 2), 1);
    assert_eq!(MaxDayLoad(5).cost(3, 28, 2), 42);
    assert_eq!(MaxDays(1).cost(3, 2, 2), 6);
    assert_eq!(SameStart.cost(3, 2, 2), 6);
}

/// The sample's hand-worked solutions, judged as the competition's validator does.
#[test]
fn the_validator_judges_the_sample() {
    let p = parse(TINY, "tiny.xml").unwrap();
    let at = |time, room| Some(Placed { time, room });
    // Class 1 on Monday, Wednesday and Friday in r1; class 2 (its child) in r2 on Monday of
    // week 2, after travel; class 3 alone. The student takes 1 and 2.
    let good = Solution {
        classes: vec![at(0, Some(0)), at(0, Some(0)), at(0, None)],
        students: vec![vec![0, 1]],
    };
    let e = p.evaluate(&good);
    assert_eq!(e, Evaluation::default(), "{e:?}");
    // Class 1 on Tuesday and Thursday (time penalty 2) in r2 (room penalty 4); the student in
    // class 2 without its parent, and in class 3 of the other configuration.
    let bad = Solution {
        classes: vec![at(1, Some(1)), at(0, Some(0)), at(0, None)],
        students: vec![vec![1, 2]],
    };
    let e = p.evaluate(&bad);
    assert_eq!(
        (e.time, e.room, e.sectioning, e.hard()),
        (2, 4, 2, 2),
        "{e:?}"
    );
    assert_eq!(p.score(&bad).soft(), 2 * 2 + 4);
    // Class 2 moved to 100: in r2 with class 1 at once, against the required SameAttendees, a
    // conflict for the student; class 3 on Friday at 120 makes a second block, over MaxBreaks(0,6).
    let text = TINY
        .replace("start=\"150\"", "start=\"100\"")
        .replace("start=\"200\"", "start=\"120\"")
        .replace("MaxBreaks(1,6)", "MaxBreaks(0,6)");
    let p = parse(&text, "tiny.xml").unwrap();
    let clash = Solution {
        classes: vec![at(0, Some(1)), at(0, Some(0)), at(0, None)],
        students: vec![vec![0, 1]],
    };
    let e = p.evaluate(&clash);
    assert_eq!(
        (e.room_conflicts, e.distributions, e.student, e.room),
        (1, 1, 1, 4),
        "{e:?}"
    );
    // One break too many on one Friday of three weeks: 3 × 1 / 3.
    assert_eq!(e.distribution, 1);
    // Unplaced classes and a student over a limit.
    let text = TINY.replace("limit=\"10\"", "limit=\"0\"");
    let p = parse(&text, "tiny.xml").unwrap();
    let e = p.evaluate(&Solution {
        classes: vec![at(0, Some(0)), at(0, Some(0)), None],
        students: vec![vec![0, 1]],
    });
    assert_eq!((e.unplaced, e.over_limit), (1, 1), "{e:?}");
}

/// A written solution reads back the same; the reader names what it cannot accept.
#[test]
fn solutions_round_trip_and_mistakes_are_named() {
    let p = parse(TINY, "tiny.xml").unwrap();
    let sol = Solution {
        classes: vec![
            Some(Placed {
                time: 1,
                room: Some(1),
            }),
            None,
            Some(Placed {
                time: 0,
                room: None,
            }),
        ],
        students: vec![vec![0, 2]],
    };
    let text = p.write_solution(&sol, &Header::default());
    assert_eq!(p.parse_solution(&text, "s.xml").unwrap(), sol);
    assert!(
        text.contains("<class id=\"1\" days=\"0101000\" start=\"120\" weeks=\"111\" room=\"r2\">"),
        "{text}"
    );
    for (from, to, want) in [
        (
            "start=\"120\"",
            "start=\"121\"",
            "class `1` has no such time",
        ),
        (
            "room=\"r2\"",
            "room=\"r9\"",
            "class `1` cannot meet in room `r9`",
        ),
        (
            "<student id=\"s1\"/>",
            "<student id=\"s7\"/>",
            "no student with id `s7`",
        ),
        ("<class id=\"3\"", "<class id=\"9\"", "no class with id `9`"),
        (
            "<student id=\"s1\"/>",
            "<student id=\"s1\"/><student id=\"s1\"/>",
            "student `s1` twice in class `1`",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        let e = p
            .parse_solution(&text.replacen(from, to, 1), "s.xml")
            .unwrap_err()
            .to_string();
        assert!(e.contains(want) && e.starts_with("s.xml:"), "{e}");
    }
    // Course c1's configurations hold at most two classes: a third is refused where it stands.
    let mut crowded = sol.clone();
    crowded.classes[1] = Some(Placed {
        time: 0,
        room: Some(0),
    });
    crowded.students[0] = vec![0, 1, 2];
    let e = p
        .parse_solution(&p.write_solution(&crowded, &Header::default()), "s.xml")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("s.xml:") && e.contains("student `s1` is in more than 2 classes"),
        "{e}"
    );
    // A class that needs a room and is given none is unplaced.
    let roomless = text.replace(" room=\"r2\"", "");
    let s = p.parse_solution(&roomless, "s.xml").unwrap();
    assert_eq!(p.evaluate(&s).unplaced, 2);
}
