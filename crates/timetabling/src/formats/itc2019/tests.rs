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
    let cases: [(&str, &str, &str); 11] = [
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
