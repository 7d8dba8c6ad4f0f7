//! The benchmark formats: readers against their quirks and malformed files, the formats' own
//! scores on hand-made solutions, agreement between those scores and the timetabling
//! checker (`verify` and `cost`) on random timetables of the bundled instances, and short
//! solves whose answers both checkers accept.

use csp_timetabling::formats::{self, ctt, exam, toronto};
use csp_timetabling::kempe;
use csp_timetabling::solve::{self, Config};
use csp_timetabling::{Instance, Placement, Timetable, cost, verify};
use proptest::prelude::*;
use std::sync::Arc;
use std::time::{Duration, Instant};

fn bundled(rel: &str) -> std::path::PathBuf {
    csp_testdata::open(&format!("timetabling/{rel}"))
        .path()
        .to_path_buf()
}

// ---------- Toronto ----------

#[test]
fn toronto_quirks_crlf_blank_lines_padding_and_no_final_newline() {
    // CRLF, a blank student line, ids padded in .crs and not in .stu, no final newline,
    // an exam twice on a line (counted once).
    let crs = "0001 2\r\n0002 2\r\n\r\n0003 1\r\n";
    let stu = "1 2\r\n\r\n2 3 3\r\n1";
    let t = toronto::parse(crs, "x.crs", stu, "x.stu").unwrap();
    assert_eq!(t.exams, ["0001", "0002", "0003"]);
    assert_eq!(t.students, vec![vec![0, 1], vec![1, 2], vec![0]]);
    assert_eq!(t.conflicts(), vec![(0, 1, 1), (1, 2, 1)]);
    // Slots 0, 1, 3: pairs (0001,0002) one apart (16), (0002,0003) two apart (8).
    let s = t.score(&[0, 1, 3]);
    assert_eq!((s.clashes, s.proximity, s.slots), (0, 24, 4));
    let inst = t.instance(4).unwrap();
    let tt = t.timetable(&[0, 1, 3]);
    assert!(verify(&inst, &tt).is_empty());
    assert_eq!(cost(&inst, &tt).total, 24);
    // Two students share exam set {0001, 0002}? No: each set is its own cohort here.
    assert_eq!(inst.resources.len(), 3);
    // The solution file round trip.
    let text = t.write_solution(&[0, 1, 3]);
    assert_eq!(text, "0001 0\n0002 1\n0003 3\n");
    assert_eq!(t.parse_solution(&text, "x.sol", 4).unwrap(), vec![0, 1, 3]);
}

#[test]
fn toronto_errors_name_file_line_and_column() {
    let e = toronto::parse("0001 2\n0002 x\n", "a.crs", "", "a.stu").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("a.crs:2:6: expected a number of students, found `x`"),
        "{e}"
    );
    let e = toronto::parse("0001 2\n0001 3\n", "a.crs", "", "a.stu").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("a.crs:2:1: exam `0001` listed twice"),
        "{e}"
    );
    let e = toronto::parse("0001 2\n", "a.crs", "1\n1 7\n", "a.stu").unwrap_err();
    assert!(
        e.to_string()
            .starts_with("a.stu:2:3: unknown exam `7` (not in a.crs)"),
        "{e}"
    );
    let e = toronto::parse("\n\n", "a.crs", "", "a.stu").unwrap_err();
    assert!(e.to_string().contains("no exams"), "{e}");
    let t = toronto::parse("1 1\n2 1\n", "a.crs", "1 2\n", "a.stu").unwrap();
    let e = t.parse_solution("1 0\n", "s.sol", 4).unwrap_err();
    assert!(e.to_string().contains("exam `2` has no slot"), "{e}");
    let e = t.parse_solution("1 0\n2 4\n", "s.sol", 4).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("s.sol:2:3: slot 4 is past the timetable's 4 slots"),
        "{e}"
    );
    let e = t.parse_solution("1 0\n1 1\n2 0\n", "s.sol", 4).unwrap_err();
    assert!(
        e.to_string().starts_with("s.sol:2:1: exam `1` given twice"),
        "{e}"
    );
}

#[test]
fn toronto_bundled_instance_statistics_match_the_literature() {
    // Qu et al. 2009, table 3 (version I): sta-f-83 139 exams, 611 students, 5,751
    // enrolments, 1,381 conflicting pairs; hec-s-92 81, 2,823, 10,632, 1,363.
    for (name, exams, students, enrolments, edges) in [
        ("sta-f-83", 139, 611, 5751, 1381),
        ("hec-s-92", 81, 2823, 10632, 1363),
    ] {
        let t = toronto::read(&bundled(&format!("toronto/{name}.crs"))).unwrap();
        assert_eq!(t.name, name);
        assert_eq!(t.exams.len(), exams);
        assert_eq!(t.students.len(), students);
        assert_eq!(t.students.iter().map(Vec::len).sum::<usize>(), enrolments);
        assert_eq!(t.conflicts().len(), edges);
        assert_eq!(
            toronto::standard_slots(name),
            Some(if name == "sta-f-83" { 13 } else { 18 })
        );
    }
}

// ---------- ITC 2007 track 3 ----------

const TINY_CTT: &str = "Name: tiny\nCourses: 3\nRooms: 2\nDays: 2\nPeriods_per_day: 3\nCurricula: 1\nConstraints: 1\n\n\
COURSES:\nc1 t1 2 2 30 \nc2 t2 2 2 10\nc3 t1 1 1 5\n\nROOMS:\nrA 20\nrB 40\n\nCURRICULA:\nq1 2 c1 c2\n\n\
UNAVAILABILITY_CONSTRAINTS:\nc3 0 0\n\nEND.\n";

#[test]
fn ctt_components_by_hand() {
    let c = ctt::parse(TINY_CTT, "tiny.ctt").unwrap();
    // Day 0: c1 (rA) at 0, c2 (rB) at 1 — adjacent, so neither is isolated; c3 (rB) at 2.
    // Day 1: c1 (rB) at 0, c2 (rB) at 2 — both isolated.
    let sol = c
        .parse_solution(
            "c1 rA 0 0\nc2 rB 0 1\nc3 rB 0 2\nc1 rB 1 0\nc2 rB 1 2\n",
            "s",
        )
        .unwrap();
    let s = c.score(&sol);
    let v: Vec<(&str, u64)> = s.components.iter().map(|x| (x.name, x.value)).collect();
    assert_eq!(
        v,
        [
            ("Lectures", 0),
            ("Conflicts", 0),
            ("Availability", 0),
            ("RoomOccupation", 0),
            // c1 has 30 students in rA's 20 seats once.
            ("RoomCapacity", 10),
            ("MinWorkingDays", 0),
            // Two isolated lectures on day 1, 2 each.
            ("CurriculumCompactness", 4),
            // c1 in rA and rB.
            ("RoomStability", 1),
        ]
    );
    let inst = c.instance().unwrap();
    let tt = c.timetable(&sol).unwrap();
    assert!(verify(&inst, &tt).is_empty());
    assert_eq!(cost(&inst, &tt).total, 15);
    // Hard violations: c3 at its unavailable period and with c1 (same teacher); c1 twice at
    // one period; rB twice at one period; c2 missing a lecture.
    let bad = c
        .parse_solution("c1 rA 0 0\nc1 rB 0 0\nc3 rB 0 0\nc2 rA 1 1\n", "s")
        .unwrap();
    let s = c.score(&bad);
    let v: Vec<(&str, u64)> = s
        .components
        .iter()
        .filter(|x| x.hard)
        .map(|x| (x.name, x.value))
        .collect();
    assert_eq!(
        v,
        [
            ("Lectures", 2),
            ("Conflicts", 1),
            ("Availability", 1),
            ("RoomOccupation", 1)
        ]
    );
    assert!(c.timetable(&bad).is_none(), "c2 has one lecture of two");
    // The validator's report.
    let report = ctt::report(&c.score(&sol));
    assert!(
        report.contains("Cost of CurriculumCompactness (soft) : 4\n"),
        "{report}"
    );
    assert!(
        report.ends_with("Summary: Violations = 0, Total Cost = 15\n"),
        "{report}"
    );
}

#[test]
fn ctt_errors_name_line_and_column() {
    let cases = [
        (
            TINY_CTT.replace("c2 t2 2 2 10", "c2 t2 two 2 10"),
            "tiny.ctt:11:7: expected a number of lectures, found `two`",
        ),
        (
            TINY_CTT.replace("q1 2 c1 c2", "q1 2 c1 c9"),
            "tiny.ctt:19:9: unknown course `c9`",
        ),
        (
            TINY_CTT.replace("q1 2 c1 c2", "q1 3 c1 c2"),
            "tiny.ctt:19:4: 3 courses announced, 2 listed",
        ),
        (
            TINY_CTT.replace("Courses: 3", "Courses: 4"),
            "tiny.ctt:2:1: `Courses: 4` but 3 listed",
        ),
        (
            TINY_CTT.replace("c3 0 0", "c3 5 0"),
            "tiny.ctt:22:4: day 5 out of range (0..2)",
        ),
        (
            TINY_CTT.replace("Days: 2", "Weeks: 2"),
            "tiny.ctt:4:1: unknown header `Weeks`",
        ),
    ];
    for (text, want) in cases {
        let e = ctt::parse(&text, "tiny.ctt").unwrap_err().to_string();
        assert!(e.starts_with(want), "{e}\nwanted {want}");
    }
    let c = ctt::parse(TINY_CTT, "tiny.ctt").unwrap();
    let e = c
        .parse_solution("c1 rZ 0 0\n", "s.sol")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("s.sol:1:4: unknown room `rZ`"), "{e}");
    let e = c
        .parse_solution("c1 rA 0 3\n", "s.sol")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("s.sol:1:9: period 3 out of range (0..3)"),
        "{e}"
    );
}

// ---------- ITC 2007 track 1 ----------

const TINY_EXAM: &str = "[Exams:4]\n60, 1, 2, 3\n120, 2\n60, 3, 4\n60, 5\n\
[Periods:6]\n01:01:2025, 09:00:00, 120, 0\n01:01:2025, 13:00:00, 60, 10\n01:01:2025, 17:00:00, 120, 0\n\
02:01:2025, 09:00:00, 120, 0\n02:01:2025, 13:00:00, 120, 0\n02:01:2025, 17:00:00, 120, 0\n[Rooms:2]\n10, 0\n3, 7\n[PeriodHardConstraints]\n3, AFTER, 0\n1, EXCLUSION, 2\n\
[RoomHardConstraints]\n3, ROOM_EXCLUSIVE\n[InstitutionalWeightings]\nTWOINAROW, 7\nTWOINADAY, 5\n\
PERIODSPREAD, 3\nNONMIXEDDURATIONS, 11\nFRONTLOAD, 1, 1, 13\n";

#[test]
fn exam_components_by_hand() {
    let x = exam::parse(TINY_EXAM, "tiny.exam").unwrap();
    // Exam 0 (students 1 2 3, the largest) at period 0 room 0; exam 1 (student 2, 120 min)
    // at period 2 room 0; exam 2 (students 3 4) at period 1 room 1; exam 3 (student 5)
    // at period 3 room 1.
    let a = [(0, 0), (2, 0), (1, 1), (3, 1)];
    let s = x.score(&a);
    let v: Vec<(&str, u64)> = s.components.iter().map(|c| (c.name, c.value)).collect();
    assert_eq!(
        v,
        [
            ("Conflicts", 0),
            ("RoomOccupancy", 0),
            ("PeriodUtilisation", 0),
            ("PeriodRelated", 0),
            ("RoomRelated", 0),
            // Student 3: exams 0 and 2 in periods 0 and 1 of one day.
            ("TwoInARow", 7),
            // Student 2: exams 0 and 1 in periods 0 and 2 of one day.
            ("TwoInADay", 5),
            // Both pairs are within 3 periods.
            ("PeriodSpread", 2),
            ("NonMixedDurations", 0),
            // Exam 0, the largest, is not in the last period.
            ("FrontLoad", 0),
            // Exam 2 in period 1 (10); exams 2 and 3 in room 1 (7 each).
            ("PeriodPenalty", 10),
            ("RoomPenalty", 14),
        ]
    );
    let inst = x.instance().unwrap();
    let tt = x.timetable(&a);
    assert!(verify(&inst, &tt).is_empty(), "{:?}", verify(&inst, &tt));
    assert_eq!(cost(&inst, &tt).total, s.soft());
    // Broken: exam 3 before exam 0, exams 1 and 2 together with exam 1 (120 minutes) in a
    // 60-minute period, exam 3 sharing its room, room 1's 3 seats overfilled.
    let b = [(2, 0), (1, 1), (1, 1), (1, 1)];
    let s = x.score(&b);
    let v: Vec<(&str, u64)> = s
        .components
        .iter()
        .filter(|c| c.hard)
        .map(|c| (c.name, c.value))
        .collect();
    assert_eq!(
        v,
        [
            ("Conflicts", 0),
            ("RoomOccupancy", 1),
            ("PeriodUtilisation", 1),
            ("PeriodRelated", 2),
            ("RoomRelated", 1)
        ]
    );
    assert!(!verify(&inst, &x.timetable(&b)).is_empty());
    // Mixed durations: exams 0 (60) and 1 (120) in one room and period.
    let s = x.score(&[(0, 0), (0, 0), (1, 1), (3, 1)]);
    assert_eq!(
        s.components
            .iter()
            .find(|c| c.name == "NonMixedDurations")
            .unwrap()
            .value,
        11
    );
    // The solution file round trip.
    let text = x.write_solution(&a);
    assert_eq!(x.parse_solution(&text, "s").unwrap(), a);
}

#[test]
fn exam_errors_name_line_and_column() {
    let cases = [
        (
            TINY_EXAM.replace("60, 3, 4", "60, 3, four"),
            "tiny.exam:4:8: expected a student id, found `four`",
        ),
        (
            TINY_EXAM.replace("[Rooms:2]", "[Rooms:3]"),
            "tiny.exam:13:1: `[Rooms:3]` but 2 listed",
        ),
        (
            TINY_EXAM.replace("3, AFTER, 0", "3, BEFORE, 0"),
            "tiny.exam:17:4: unknown period constraint `BEFORE`",
        ),
        (
            TINY_EXAM.replace("1, EXCLUSION, 2", "1, EXCLUSION, 9"),
            "tiny.exam:18:15: exam 9 out of range (0..4)",
        ),
        (
            TINY_EXAM.replace("[Periods:6]", "[Slots:6]"),
            "tiny.exam:6:2: unknown section `[Slots]`",
        ),
        // Found by fuzzing: a line of nothing but commas.
        (
            TINY_EXAM.replace("120, 2\n", ",,\n"),
            "tiny.exam:3:1: expected values, found only commas",
        ),
        (
            TINY_EXAM.replace("TWOINADAY, 5", " , "),
            "tiny.exam:23:1: expected values, found only commas",
        ),
        (
            TINY_EXAM.replace("TWOINADAY, 5", "TWOINAWEEK, 5"),
            "tiny.exam:23:1: unknown weighting `TWOINAWEEK`",
        ),
    ];
    for (text, want) in cases {
        let e = exam::parse(&text, "tiny.exam").unwrap_err().to_string();
        assert!(e.starts_with(want), "{e}\nwanted {want}");
    }
    let x = exam::parse(TINY_EXAM, "tiny.exam").unwrap();
    let e = x
        .parse_solution("0, 0\n1, 0\n2, 5\n3, 0\n", "s.sol")
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("s.sol:3:4: room 5 out of range (0..2)"),
        "{e}"
    );
    let e = x.parse_solution("0, 0\n", "s.sol").unwrap_err().to_string();
    assert!(e.contains("1 lines for 4 exams"), "{e}");
}

// ---------- the two checkers agree ----------

fn random_timetable(inst: &Instance, seed: u64) -> Timetable {
    let mut s = seed | 1;
    let mut next = |n: usize| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n.max(1) as u64) as usize
    };
    Timetable {
        placements: inst
            .occurrences
            .iter()
            .map(|_| Placement {
                start: next(inst.num_slots()),
                room: (!inst.rooms.is_empty()).then(|| next(inst.rooms.len())),
            })
            .collect(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// On random timetables of the bundled instances (mostly invalid), the format's score and
    /// the timetabling checker agree: same soft cost, valid for both or for neither.
    #[test]
    fn format_scores_agree_with_verify_and_cost(seed in any::<u64>()) {
        let t = toronto::read(&bundled("toronto/sta-f-83.crs")).unwrap();
        let inst = t.instance(13).unwrap();
        let tt = random_timetable(&inst, seed);
        let s = t.score(&t.slots_of(&tt));
        prop_assert_eq!(s.proximity, cost(&inst, &tt).total);
        prop_assert_eq!(s.clashes == 0, verify(&inst, &tt).is_empty());

        let c = ctt::read(&bundled("itc2007/comp01.ctt")).unwrap();
        let inst = c.instance().unwrap();
        let tt = random_timetable(&inst, seed);
        let l = c.lectures(&inst, &tt);
        let s = c.score(&l);
        prop_assert_eq!(s.soft(), cost(&inst, &tt).total);
        prop_assert_eq!(s.hard() == 0, verify(&inst, &tt).is_empty());

        let x = exam::read(&bundled("itc2007/exam_comp_set6.exam")).unwrap();
        let inst = x.instance().unwrap();
        let tt = random_timetable(&inst, seed);
        let s = x.score(&x.assignments(&tt));
        prop_assert_eq!(s.soft(), cost(&inst, &tt).total);
        prop_assert_eq!(s.hard() == 0, verify(&inst, &tt).is_empty());
    }
}

/// `TINY_EXAM` over days of 3, 1 and 2 periods (ITC 2007 exam sets 1 and 2 have days of
/// different lengths).
fn uneven_exam() -> String {
    TINY_EXAM
        .replace("02:01:2025, 13:00:00", "03:01:2025, 13:00:00")
        .replace("02:01:2025, 17:00:00", "03:01:2025, 17:00:00")
}

/// Moves of single exams on a valid exam timetable keep the two checkers equal (random
/// timetables are never valid, so this exercises the valid side), on days of one length and
/// of different lengths (spread and front load then count periods, not grid slots).
#[test]
fn checkers_agree_near_a_valid_timetable() {
    for text in [TINY_EXAM.to_string(), uneven_exam()] {
        let x = exam::parse(&text, "tiny.exam").unwrap();
        let inst = x.instance().unwrap();
        let mut agreed_valid = 0;
        let mut costs = std::collections::BTreeSet::new();
        for p0 in 0..6 {
            for p1 in 0..6 {
                for r in 0..2 {
                    let a = [(p0, 0), (p1, r), (1, 1), (3, 1)];
                    let s = x.score(&a);
                    let tt = x.timetable(&a);
                    assert_eq!(x.assignments(&tt), a);
                    let valid = verify(&inst, &tt).is_empty();
                    assert_eq!(s.hard() == 0, valid, "{a:?}");
                    assert_eq!(s.soft(), cost(&inst, &tt).total, "{a:?}");
                    agreed_valid += usize::from(valid);
                    costs.insert(s.soft());
                }
            }
        }
        assert!(agreed_valid > 0 && costs.len() > 5, "{costs:?}");
    }
    let x = exam::parse(&uneven_exam(), "u.exam").unwrap();
    let inst = x.instance().unwrap();
    assert_eq!((inst.days.len(), inst.periods.len()), (3, 3));
    assert_eq!(inst.blocked.iter().filter(|&&b| b).count(), 3);
}

// ---------- short solves ----------

/// A first timetable from the engine (no time limit: machines under load are slow), checked.
fn first(inst: &Instance) -> Timetable {
    let cfg = Config {
        first_only: true,
        ..Config::default()
    };
    let r = solve::solve(&Arc::new(inst.clone()), &cfg, &mut |_| {}).expect("small enough");
    let tt = r.timetable.expect("a timetable");
    assert!(verify(inst, &tt).is_empty());
    assert_eq!(r.cost, Some(cost(inst, &tt).total));
    tt
}

/// The Kempe-chain annealing from the first timetable for a moment: whatever it reaches is
/// valid, its rooms packed, and priced alike by the model, `cost` and the format.
fn anneal(inst: &Instance, millis: u64) -> Timetable {
    let start: Vec<usize> = first(inst).placements.iter().map(|p| p.start).collect();
    let m = kempe::SlotModel::new(inst).expect("a slot-assignment timetable");
    assert!(m.valid(&start));
    let mut stats = kempe::Stats::default();
    let deadline = Instant::now() + Duration::from_millis(millis);
    let best = kempe::anneal(&m, &start, 5, deadline, &mut stats, &mut |_| {});
    assert!(m.valid(&best));
    let tt = m.timetable(&best);
    assert!(verify(inst, &tt).is_empty(), "{:?}", verify(inst, &tt));
    assert_eq!(m.cost(&best), Some(cost(inst, &tt).total));
    assert!(cost(inst, &tt).total <= cost(inst, &m.timetable(&start)).total);
    tt
}

#[test]
fn short_solves_give_valid_timetables_priced_alike_by_both_checkers() {
    let t = toronto::read(&bundled("toronto/hec-s-92.crs")).unwrap();
    let inst = t.instance(18).unwrap();
    let tt = anneal(&inst, 500);
    let s = t.score(&t.slots_of(&tt));
    assert_eq!((s.clashes, s.proximity), (0, cost(&inst, &tt).total));

    let c = ctt::read(&bundled("itc2007/comp11.ctt")).unwrap();
    let inst = c.instance().unwrap();
    let tt = first(&inst);
    let s = c.score(&c.lectures(&inst, &tt));
    assert_eq!((s.hard(), s.soft()), (0, cost(&inst, &tt).total));
    let text = c.write_solution(&c.lectures(&inst, &tt));
    assert_eq!(c.score(&c.parse_solution(&text, "s").unwrap()), s);

    let x = exam::read(&bundled("itc2007/exam_comp_set6.exam")).unwrap();
    let inst = x.instance().unwrap();
    let tt = anneal(&inst, 500);
    let s = x.score(&x.assignments(&tt));
    assert_eq!((s.hard(), s.soft()), (0, cost(&inst, &tt).total));
}

/// The course local search (moves, swaps with a room's occupant, Kempe chains over
/// curricula and teachers): every timetable it reports is valid, priced as it says, and
/// the format's validator agrees.
#[test]
fn the_course_local_search_reports_valid_timetables_at_their_price() {
    let c = ctt::read(&bundled("itc2007/comp01.ctt")).unwrap();
    let inst = Arc::new(c.instance().unwrap());
    let tt = first(&inst);
    let enc = csp_timetabling::encode::encode(&inst).expect("small enough");
    let mut ls = solve::LocalSearch::new(&inst, &enc, tt, &[], 7);
    ls.max_moves = Some(300_000);
    let mut reported = Vec::new();
    ls.run(None, &mut |c, tt| reported.push((c, tt.clone())));
    assert!(reported.len() > 5, "{}", reported.len());
    for (price, tt) in reported.iter().step_by(5).chain(reported.last()) {
        assert!(verify(&inst, tt).is_empty(), "{:?}", verify(&inst, tt));
        assert_eq!(cost(&inst, tt).total, *price);
        let s = c.score(&c.lectures(&inst, tt));
        assert_eq!((s.hard(), s.soft()), (0, *price));
    }
}

/// Slots priced by the Kempe model equal the checker's cost on random clash-free moves
/// (the model's pair table, shared headcounts and room packing against the definitions).
#[test]
fn the_kempe_model_prices_like_the_checker() {
    let x = exam::read(&bundled("itc2007/exam_comp_set6.exam")).unwrap();
    let inst = x.instance().unwrap();
    let m = kempe::SlotModel::new(&inst).unwrap();
    let start: Vec<usize> = first(&inst).placements.iter().map(|p| p.start).collect();
    assert_eq!(
        m.cost(&start),
        Some(cost(&inst, &m.timetable(&start)).total)
    );
    let (_, possible) = kempe::price_moves(&m, &start, 3, 2_000);
    assert!(possible > 100, "{possible}");
}

/// The construction without the engine gives valid slots, priced alike by the checker and
/// the exam format's validator, on an exam session with rooms and on a Toronto one without;
/// and the same seed gives the same slots.
#[test]
fn the_constructed_first_timetable_is_valid_and_checked_alike() {
    let later = Instant::now() + Duration::from_secs(60);
    let x = exam::read(&bundled("itc2007/exam_comp_set6.exam")).unwrap();
    let inst = x.instance().unwrap();
    let m = kempe::SlotModel::new(&inst).unwrap();
    let t = m.construct(1, later).expect("set 6 has a timetable");
    assert!(m.valid(&t));
    let tt = m.timetable(&t);
    assert!(verify(&inst, &tt).is_empty(), "{:?}", verify(&inst, &tt));
    let s = x.score(&x.assignments(&tt));
    assert_eq!((s.hard(), s.soft()), (0, cost(&inst, &tt).total));
    assert_eq!(m.construct(1, later), Some(t));

    let t = toronto::read(&bundled("toronto/hec-s-92.crs")).unwrap();
    let inst = t.instance(18).unwrap();
    let m = kempe::SlotModel::new(&inst).unwrap();
    let slots = m.construct(2, later).expect("hec-s-92 fits 18 slots");
    let tt = m.timetable(&slots);
    assert!(verify(&inst, &tt).is_empty());
    assert_eq!(t.score(&t.slots_of(&tt)).clashes, 0);
}

#[test]
fn formats_are_recognised_by_extension() {
    let loaded = formats::read(&bundled("toronto/sta-f-83.stu"), None).unwrap();
    assert_eq!(loaded.format(), formats::Format::Toronto);
    assert_eq!(loaded.instance().num_slots(), 13);
    let loaded = formats::read(&bundled("toronto/sta-f-83.crs"), Some(20)).unwrap();
    assert_eq!(loaded.instance().num_slots(), 20);
    assert_eq!(
        formats::read(&bundled("itc2007/comp01.ctt"), None)
            .unwrap()
            .format(),
        formats::Format::Ctt
    );
}
