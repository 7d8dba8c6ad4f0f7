use super::exact;
use super::search::{self, Stats};
use super::sections;
use super::state::{Model, State};
use super::{Config, solve};
use crate::formats::itc2019::{Itc2019, Placed, Solution, parse};
use csp_core::heuristics::SplitMix64;
use std::fmt::Write;
use std::time::{Duration, Instant};

/// Every distribution type, with parameters that bite on the generated days.
const TYPES: [&str; 19] = [
    "SameStart",
    "SameTime",
    "DifferentTime",
    "SameDays",
    "DifferentDays",
    "SameWeeks",
    "DifferentWeeks",
    "Overlap",
    "NotOverlap",
    "SameRoom",
    "DifferentRoom",
    "SameAttendees",
    "Precedence",
    "WorkDay(30)",
    "MinGap(6)",
    "MaxDays(2)",
    "MaxDayLoad(24)",
    "MaxBreaks(1,6)",
    "MaxBlock(24,6)",
];

/// A random problem in the competition's format: `courses` courses of one or two
/// configurations with parent classes, rooms with travel and unavailable times, soft
/// distributions of every type, and students. Required: every seventh type when `hostile`
/// (often impossible), else only `NotOverlap` and `SameAttendees`.
fn generated(seed: u64, courses: usize, hostile: bool) -> Itc2019 {
    let mut rng = SplitMix64::new(seed);
    let rooms = 4;
    let mut x = String::from(
        r#"<problem name="gen" nrDays="5" nrWeeks="2" slotsPerDay="144">
<optimization time="1" room="1" distribution="5" student="2"/><rooms>"#,
    );
    for r in 0..rooms {
        let _ = write!(x, r#"<room id="r{r}" capacity="40">"#);
        if r > 0 {
            let _ = write!(
                x,
                r#"<travel room="r{}" value="{}"/>"#,
                r - 1,
                1 + rng.index(4)
            );
        }
        if r == 0 {
            x.push_str(r#"<unavailable days="10000" start="0" length="72" weeks="11"/>"#);
        }
        x.push_str("</room>");
    }
    x.push_str("</rooms><courses>");
    let mut class_id = 0;
    for k in 0..courses {
        let _ = write!(x, r#"<course id="k{k}">"#);
        for cfg in 0..1 + rng.index(2) {
            let _ = write!(x, r#"<config id="{cfg}">"#);
            let mut parent: Option<usize> = None;
            for sp in 0..1 + rng.index(2) {
                let _ = write!(x, r#"<subpart id="{k}-{cfg}-{sp}">"#);
                let mut first = None;
                for _ in 0..1 + rng.index(2) {
                    class_id += 1;
                    first.get_or_insert(class_id);
                    let room_attr = if rng.unit() < 0.1 {
                        r#" room="false""#
                    } else {
                        ""
                    };
                    let _ = write!(x, r#"<class id="{class_id}" limit="30"{room_attr}"#);
                    if let Some(p) = parent {
                        let _ = write!(x, r#" parent="{p}""#);
                    }
                    x.push('>');
                    if room_attr.is_empty() {
                        for r in 0..rooms {
                            if rng.unit() < 0.6 || r == 1 {
                                let _ =
                                    write!(x, r#"<room id="r{r}" penalty="{}"/>"#, rng.index(3));
                            }
                        }
                    }
                    for _ in 0..2 + rng.index(4) {
                        let days: String = (0..5)
                            .map(|_| if rng.unit() < 0.4 { '1' } else { '0' })
                            .collect();
                        let days = if days.contains('1') {
                            days
                        } else {
                            "00100".into()
                        };
                        let weeks = ["11", "10", "01"][rng.index(3)];
                        let _ = write!(
                            x,
                            r#"<time days="{days}" start="{}" length="{}" weeks="{weeks}" penalty="{}"/>"#,
                            6 * rng.index(20),
                            6 + 6 * rng.index(2),
                            rng.index(3)
                        );
                    }
                    x.push_str("</class>");
                }
                x.push_str("</subpart>");
                parent = first;
            }
            x.push_str("</config>");
        }
        x.push_str("</course>");
    }
    x.push_str("</courses><distributions>");
    for (i, t) in TYPES.iter().enumerate() {
        let required = if hostile {
            i % 7 == 0
        } else {
            matches!(*t, "NotOverlap" | "SameAttendees")
        };
        let attr = if required {
            r#"required="true""#.to_string()
        } else {
            format!(r#"penalty="{}""#, 1 + rng.index(4))
        };
        let _ = write!(x, r#"<distribution type="{t}" {attr}>"#);
        let n = 2 + rng.index(3);
        let mut chosen = Vec::new();
        while chosen.len() < n.min(class_id) {
            let c = 1 + rng.index(class_id);
            if !chosen.contains(&c) {
                chosen.push(c);
            }
        }
        for c in chosen {
            let _ = write!(x, r#"<class id="{c}"/>"#);
        }
        x.push_str("</distribution>");
    }
    x.push_str("</distributions><students>");
    for s in 0..12 {
        let _ = write!(x, r#"<student id="s{s}">"#);
        let a = rng.index(courses);
        let b = rng.index(courses);
        let _ = write!(x, r#"<course id="k{a}"/>"#);
        if b != a {
            let _ = write!(x, r#"<course id="k{b}"/>"#);
        }
        x.push_str("</student>");
    }
    x.push_str("</students></problem>");
    parse(&x, "gen.xml").unwrap()
}

/// Every class at a random available placement.
fn random_start(model: &Model<'_>, rng: &mut SplitMix64) -> Vec<Placed> {
    (0..model.p.classes.len())
        .map(|c| super::initial(model, c, rng))
        .collect()
}

/// After every move, the state's counts equal a state counted from scratch; whenever it has
/// no hard violation the validator agrees, with the same cost; and no cost passes the
/// problem's ceiling.
#[test]
fn the_state_prices_like_the_validator() {
    let mut valid_seen = 0;
    for seed in 1..=6 {
        let p = generated(seed, 8, seed % 2 == 0);
        let attends = sections::section(&p, None);
        let model = Model::new(&p, &attends);
        let mut rng = SplitMix64::new(seed);
        let mut s = State::new(&model, random_start(&model, &mut rng));
        let mut checked_valid = 0;
        let most = crate::formats::itc2019::ceiling::ceiling(&p);
        for step in 0..3_000 {
            let c = rng.index(p.classes.len());
            let class = &p.classes[c];
            let at = Placed {
                time: rng.index(class.times.len()),
                room: (!class.rooms.is_empty()).then(|| rng.index(class.rooms.len())),
            };
            let d = s.delta(c, at);
            // Mostly downhill in hard violations, so that valid states come up too.
            if d.hard > 0 && rng.unit() < 0.7 {
                continue;
            }
            s.apply(c, at, d);
            if step % 50 == 0 {
                let fresh = State::new(&model, s.at.clone());
                assert_eq!(
                    (s.hard, s.soft),
                    (fresh.hard, fresh.soft),
                    "seed {seed} step {step}"
                );
            }
            let sol = Solution {
                classes: s.at.iter().map(|&a| Some(a)).collect(),
                students: attends.clone(),
            };
            let e = p.evaluate(&sol);
            assert_eq!(s.hard == 0, e.hard() == 0, "seed {seed} step {step}: {e:?}");
            let w = p.weights;
            let cost = w.time * e.time
                + w.room * e.room
                + w.distribution * e.distribution
                + w.student * e.student;
            assert!(cost <= most, "seed {seed} step {step}: {cost} above {most}");
            if e.hard() == 0 {
                checked_valid += 1;
                assert_eq!(s.soft, cost as i64, "seed {seed} step {step}");
            }
        }
        valid_seen += checked_valid;
    }
    assert!(valid_seen > 0, "no valid state was compared");
}

/// The repair phase reaches no hard violation on generated problems, and the annealing keeps
/// it so while the cost does not rise.
#[test]
fn repair_then_anneal_keeps_the_rules() {
    for seed in 1..=4 {
        let p = generated(seed + 10, 10, false);
        let attends = sections::section(&p, None);
        let model = Model::new(&p, &attends);
        let mut rng = SplitMix64::new(seed);
        let mut s = State::new(&model, random_start(&model, &mut rng));
        let mut stats = Stats::default();
        let soon = Instant::now() + Duration::from_secs(5);
        if !search::repair(&mut s, &mut rng, soon, &mut stats) {
            let c = s.conflicted();
            let info: Vec<_> = c
                .iter()
                .map(|&k| {
                    (
                        &p.classes[k].id,
                        p.classes[k].times.len(),
                        &p.classes[k].rooms,
                        model.dists_of[k]
                            .iter()
                            .map(|&(d, _)| {
                                (
                                    p.distributions[d].kind,
                                    p.distributions[d].required,
                                    p.distributions[d].classes.clone(),
                                )
                            })
                            .collect::<Vec<_>>(),
                    )
                })
                .collect();
            panic!("seed {seed}: {} hard violations left {info:?}", s.hard);
        }
        let before = s.soft;
        let mut best = Vec::new();
        let deadline = Instant::now() + Duration::from_millis(200);
        let got = search::anneal(&mut s, &mut rng, deadline, &mut best, &mut stats);
        assert!(got <= before);
        let fresh = State::new(&model, best);
        assert_eq!((fresh.hard, fresh.soft), (0, got));
    }
}

/// A solve's answer passes the validator; students are sectioned by the rules.
#[test]
fn solutions_pass_the_validator() {
    for seed in 1..=4 {
        let p = generated(seed + 20, 10, false);
        let out = solve(
            &p,
            &Config {
                deadline: Instant::now() + Duration::from_millis(400),
                seed,
            },
        );
        let sol = out
            .solution
            .unwrap_or_else(|| panic!("seed {seed}: {} hard left", out.hard_left));
        let e = p.evaluate(&sol);
        assert_eq!(e.hard(), 0, "{e:?}");
    }
}

/// A cohort of `n` classes in one room, each offered the same `n` times on different days,
/// all required to be attendable by the same students.
fn cohort(n: usize) -> Itc2019 {
    let mut x = String::from(
        r#"<problem name="cohort" nrDays="7" nrWeeks="1" slotsPerDay="288">
<optimization time="1" room="1" distribution="1" student="1"/>
<rooms><room id="r1" capacity="40"/></rooms><courses><course id="k"><config id="1"><subpart id="1">"#,
    );
    for c in 1..=n {
        let _ = write!(
            x,
            r#"<class id="{c}" limit="30"><room id="r1" penalty="0"/>"#
        );
        for d in 0..n {
            let days: String = (0..7).map(|k| if k == d { '1' } else { '0' }).collect();
            let _ = write!(
                x,
                r#"<time days="{days}" start="100" length="12" weeks="1" penalty="0"/>"#
            );
        }
        x.push_str("</class>");
    }
    x.push_str(r#"</subpart></config></course></courses><distributions><distribution type="SameAttendees" required="true">"#);
    for c in 1..=n {
        let _ = write!(x, r#"<class id="{c}"/>"#);
    }
    x.push_str("</distribution></distributions><students/></problem>");
    parse(&x, "cohort.xml").unwrap()
}

/// Every class of a cohort at one time breaks every pair; the region of the first class is
/// the whole cohort, and the engine spreads it over the days.
#[test]
fn the_engine_repairs_a_region_at_once() {
    let p = cohort(6);
    let model = Model::new(&p, &sections::section(&p, None));
    let start = vec![
        Placed {
            time: 0,
            room: Some(0)
        };
        6
    ];
    let mut s = State::new(&model, start);
    assert_eq!(
        s.hard,
        2 * 15,
        "every pair clashes in the room and for the students"
    );
    let mut rng = SplitMix64::new(1);
    let soon = Instant::now() + Duration::from_secs(5);
    assert!(exact::repair_region(&mut s, 0, &mut rng, soon));
    assert_eq!(s.hard, 0);
    let fresh = State::new(&model, s.at.clone());
    assert_eq!((fresh.hard, fresh.soft), (0, s.soft));
}

/// On generated problems (some with required set-wide distributions the engine does not
/// model), a region repair either lowers the hard violations or leaves every class where it
/// was, and the counts stay those of a state counted from scratch.
#[test]
fn region_repairs_lower_the_violations_or_change_nothing() {
    let mut repaired = 0;
    for seed in 1..=8 {
        let p = generated(seed + 30, 10, seed % 2 == 0);
        let model = Model::new(&p, &sections::section(&p, None));
        let mut rng = SplitMix64::new(seed);
        let mut s = State::new(&model, random_start(&model, &mut rng));
        let soon = Instant::now() + Duration::from_secs(5);
        let mut partners = Vec::new();
        for c in 0..p.classes.len() {
            s.partners(c, &mut partners);
            if partners.is_empty() {
                continue;
            }
            let (hard, at) = (s.hard, s.at.clone());
            if exact::repair_region(&mut s, c, &mut rng, soon) {
                assert!(s.hard < hard, "seed {seed} class {c}");
                repaired += 1;
            } else {
                assert_eq!((s.hard, &s.at), (hard, &at), "seed {seed} class {c}");
            }
            let fresh = State::new(&model, s.at.clone());
            assert_eq!(
                (s.hard, s.hard_w, s.soft),
                (fresh.hard, fresh.hard_w, fresh.soft),
                "seed {seed} class {c}"
            );
        }
    }
    assert!(repaired > 0, "no region was repaired");
}
