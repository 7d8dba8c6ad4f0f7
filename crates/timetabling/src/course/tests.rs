use super::state::State;
use super::walk::Walk;
use super::*;
use crate::check::{cost, verify};
use crate::formats::ctt;
use crate::solve::{Config, solve};
use csp_core::heuristics::SplitMix64;
use std::sync::Arc;

fn comp01() -> (ctt::Ctt, Arc<crate::Instance>) {
    let path = csp_testdata::open("timetabling/itc2007/comp01.ctt");
    let c = ctt::read(path.path()).unwrap();
    let inst = Arc::new(c.instance().unwrap());
    (c, inst)
}

fn first(inst: &Arc<crate::Instance>) -> Timetable {
    let cfg = Config {
        first_only: true,
        ..Config::default()
    };
    solve(inst, &cfg, &mut |_| {}).unwrap().timetable.unwrap()
}

/// comp01's model and the engine's first timetable of it, where the walks start.
fn comp01_start() -> (Arc<crate::Instance>, CourseModel, Vec<(u32, u32)>) {
    let (_, inst) = comp01();
    let m = CourseModel::new(&inst).expect("a course timetable the model prices");
    let start = m
        .state_of(&first(&inst))
        .expect("the engine's timetable fits the model");
    (inst, m, start)
}

/// Every move's counts agree with a state built from scratch, and with the checker: no
/// clash exactly when the timetable is valid, and then the soft cost is the checker's.
#[test]
fn the_walk_prices_like_the_checker() {
    let (inst, m, start) = comp01_start();
    let mut w = Walk::new(State::new(&m, &start));
    let mut rng = SplitMix64::new(5);
    let mut buf = Vec::new();
    let (mut valid, mut clashing) = (0, 0);
    for step in 0..20_000 {
        if !w.propose(&mut rng, &mut buf) {
            continue;
        }
        w.relocate(&buf);
        // Wander, but not far from valid timetables.
        if w.st.clashes > 1 || (w.st.clashes == 1 && rng.index(4) != 0) {
            w.undo();
        }
        if step % 41 != 0 {
            continue;
        }
        let fresh = State::new(&m, &w.st.at);
        assert_eq!((fresh.clashes, fresh.soft), (w.st.clashes, w.st.soft));
        let tt = m.timetable(&w.st.at);
        if w.st.clashes == 0 {
            valid += 1;
            assert!(verify(&inst, &tt).is_empty(), "{:?}", verify(&inst, &tt));
            assert_eq!(cost(&inst, &tt).total as i64, w.st.soft);
        } else {
            clashing += 1;
            assert!(!verify(&inst, &tt).is_empty());
        }
    }
    assert!(
        valid > 5 && clashing > 5,
        "{valid} valid, {clashing} clashing"
    );
}

/// A Kempe chain swapped between two periods keeps a valid timetable valid, whatever the
/// periods, and moves lectures only between those two periods, each in its room.
#[test]
fn kempe_chains_keep_a_valid_timetable_valid() {
    let (inst, m, start) = comp01_start();
    let mut w = Walk::new(State::new(&m, &start));
    assert_eq!(w.st.clashes, 0);
    let mut rng = SplitMix64::new(11);
    let mut buf = Vec::new();
    let (mut swapped, mut long) = (0, 0);
    for _ in 0..5_000 {
        let l = rng.index(m.len());
        let s2 = rng.index(m.slots) as u32;
        let (s1, _) = w.st.at[l];
        if !w.kempe(l, s2, &mut buf) {
            continue;
        }
        for &(x, to, r) in &buf {
            let (from, room) = w.st.at[x as usize];
            assert_eq!(room, r);
            assert!((from, to) == (s1, s2) || (from, to) == (s2, s1));
        }
        long += usize::from(buf.len() > 2);
        w.relocate(&buf);
        swapped += 1;
        assert_eq!(w.st.clashes, 0);
        let fresh = State::new(&m, &w.st.at);
        assert_eq!(fresh.soft, w.st.soft);
        assert!(verify(&inst, &m.timetable(&w.st.at)).is_empty());
    }
    assert!(
        swapped > 100 && long > 10,
        "{swapped} swapped, {long} longer than two"
    );
}

/// From a valid timetable, a move judged to make a clash makes one; a move of one lecture, or
/// of two of courses sharing nothing, judged not to keeps the timetable valid.
#[test]
fn a_move_judged_to_clash_clashes() {
    let (_, m, start) = comp01_start();
    let mut w = Walk::new(State::new(&m, &start));
    let mut rng = SplitMix64::new(17);
    let mut buf = Vec::new();
    let (mut clashing, mut clear) = (0, 0);
    for _ in 0..20_000 {
        if !w.propose(&mut rng, &mut buf) {
            continue;
        }
        assert_eq!(w.st.clashes, 0);
        let judged = w.makes_clash(&buf);
        let course = |i: usize| m.course[buf[i].0 as usize] as usize;
        let covered = buf.len() == 1 || (buf.len() == 2 && !m.share(course(0), course(1)));
        w.relocate(&buf);
        if judged {
            assert!(w.st.clashes > 0, "{buf:?}");
            clashing += 1;
        } else if covered {
            assert_eq!(w.st.clashes, 0, "{buf:?}");
            clear += 1;
        }
        if w.st.clashes > 0 {
            w.undo();
        }
    }
    assert!(
        clashing > 1_000 && clear > 1_000,
        "{clashing} judged to clash, {clear} clear"
    );
}

/// A lecture moved beside another lands, in its own room, next to a lecture (that day) of
/// another course sharing one of its curricula, and the counts stay exact.
#[test]
fn beside_moves_a_lecture_next_to_a_curriculum_mate() {
    let (_, m, start) = comp01_start();
    let mut w = Walk::new(State::new(&m, &start));
    let mut rng = SplitMix64::new(23);
    let mut buf = Vec::new();
    let mut made = 0;
    for _ in 0..5_000 {
        let l = rng.index(m.len());
        if !w.beside(l, &mut rng, &mut buf) {
            continue;
        }
        let (c, (_, r)) = (m.course[l] as usize, w.st.at[l]);
        let (first, s2, r2) = buf[0];
        assert_eq!((first as usize, r2), (l, r));
        let s2 = s2 as usize;
        let mate = (0..m.len()).any(|k| {
            let (ck, sk) = (m.course[k] as usize, w.st.at[k].0 as usize);
            ck != c
                && sk / m.periods == s2 / m.periods
                && sk.abs_diff(s2) == 1
                && m.uses[c]
                    .iter()
                    .any(|q| m.isolated[*q as usize] > 0 && m.uses[ck].contains(q))
        });
        assert!(mate, "lecture {l} to period {s2}");
        w.relocate(&buf);
        made += 1;
        let fresh = State::new(&m, &w.st.at);
        assert_eq!((fresh.clashes, fresh.soft), (w.st.clashes, w.st.soft));
        if w.st.clashes > 0 {
            w.undo();
        }
    }
    assert!(made > 200, "{made} moves made");
}

/// A Kempe chain found from the bits of the courses present in a period is the chain found
/// by looking at every room, from valid and clashing timetables alike.
#[test]
fn kempe_links_by_bits_as_by_rooms() {
    let (_, mut m, start) = comp01_start();
    // comp01 has too few rooms for the bits to pay; they are asked for here.
    m.link_by_bits = true;
    let mut lists = m.clone();
    lists.link_by_bits = false;
    let mut w = Walk::new(State::new(&m, &start));
    let mut rng = SplitMix64::new(31);
    let (mut buf, mut other) = (Vec::new(), Vec::new());
    let mut compared = 0;
    for _ in 0..20_000 {
        if w.propose(&mut rng, &mut buf) {
            w.relocate(&buf);
        }
        let l = rng.index(m.len());
        let s2 = rng.below(m.slots as u32);
        let mut by_rooms = Walk::new(State::new(&lists, &w.st.at));
        let found = w.kempe(l, s2, &mut buf);
        assert_eq!(found, by_rooms.kempe(l, s2, &mut other));
        if found {
            buf.sort_unstable();
            other.sort_unstable();
            assert_eq!(buf, other, "lecture {l} to period {s2}");
            compared += 1;
        }
    }
    assert!(compared > 1_000, "{compared} chains compared");
}

/// The anneal returns a valid timetable no dearer than its start, priced alike by the
/// checker and the competition's validator, and reports each better cost once.
#[test]
fn the_anneal_returns_a_valid_cheaper_timetable() {
    let (c, inst) = comp01();
    let m = CourseModel::new(&inst).unwrap();
    let tt = first(&inst);
    let start = m.state_of(&tt).unwrap();
    let mut stats = crate::anneal::Stats::default();
    let mut reported = Vec::new();
    let deadline = std::time::Instant::now() + std::time::Duration::from_millis(300);
    let best = anneal(&m, &start, 3, deadline, &mut stats, &mut |c| {
        reported.push(c)
    });
    let out = m.timetable(&best);
    assert!(verify(&inst, &out).is_empty());
    let price = cost(&inst, &out).total;
    assert!(price <= cost(&inst, &tt).total);
    assert!(reported.windows(2).all(|w| w[1] < w[0]));
    assert_eq!(reported.last().copied().unwrap_or(price), price);
    let s = c.score(&c.lectures(&inst, &out));
    assert_eq!((s.hard(), s.soft()), (0, price));
    assert!(stats.accepted > 0 && stats.tried >= stats.accepted);
}

/// What the model does not price is left to the general local search.
#[test]
fn the_model_refuses_what_it_does_not_price() {
    let (_, inst) = comp01();
    let mut hard = (*inst).clone();
    hard.hard.push(hard.soft[0].clone());
    assert!(CourseModel::new(&hard).is_none());
    let mut exam = (*inst).clone();
    exam.style = crate::instance::Style::Exam;
    assert!(CourseModel::new(&exam).is_none());
    let mut long = (*inst).clone();
    long.events[0].duration = 2;
    assert!(CourseModel::new(&long).is_none());
    let mut other = (*inst).clone();
    other.soft.push(crate::instance::Requirement {
        kind: crate::instance::Kind::SameRoom(vec![0, 1]),
        weight: 1,
        path: "x".into(),
        line: 0,
    });
    assert!(CourseModel::new(&other).is_none());
}

#[test]
fn long_runs_cool_more_slowly_rather_than_more_often() {
    use super::walk::rounds_for;
    // A round of a minute up to five minutes, then five ever longer rounds.
    assert_eq!(rounds_for(10.0), 1.0);
    assert_eq!(rounds_for(60.0), 1.0);
    assert_eq!(rounds_for(120.0), 2.0);
    assert_eq!(rounds_for(300.0), 5.0);
    assert_eq!(rounds_for(1800.0), 5.0);
}

/// The walk's soft cost, counted from scratch from where the lectures are (clashes and all),
/// without the walk's counts.
fn soft_from_scratch(m: &CourseModel, at: &[(u32, u32)]) -> i64 {
    let courses = m.lectures.len();
    let mut cost = 0u64;
    let mut busy = vec![0u64; m.isolated.len() * m.slots];
    for (l, &(s, r)) in at.iter().enumerate() {
        let c = m.course[l] as usize;
        cost += m.seats[c * m.rooms + r as usize];
        for &q in &m.uses[c] {
            busy[q as usize * m.slots + s as usize] += 1;
        }
    }
    for (q, &w) in m.isolated.iter().enumerate() {
        for s in 0..m.slots {
            let (p, n) = (s % m.periods, m.periods);
            let count = |t: usize| busy[q * m.slots + t];
            let alone = (p == 0 || count(s - 1) == 0) && (p + 1 == n || count(s + 1) == 0);
            if alone {
                cost += w * count(s);
            }
        }
    }
    for c in 0..courses {
        let mut days = std::collections::BTreeSet::new();
        let mut rooms = std::collections::BTreeSet::new();
        for &(s, r) in &at[m.lectures[c].clone()] {
            days.insert(s as usize / m.periods);
            rooms.insert(r);
        }
        for &(v, w) in &m.min_days[c] {
            cost += w * u64::from(v).saturating_sub(days.len() as u64);
        }
        cost += m.stability[c] * (rooms.len() as u64).saturating_sub(1);
    }
    cost as i64
}

/// Through any number of clashes, the soft cost the walk keeps is the one counted from
/// scratch, after every kind of move and its undoing.
#[test]
fn the_walk_soft_cost_holds_through_clashes() {
    let (_, m, start) = comp01_start();
    let mut w = Walk::new(State::new(&m, &start));
    let mut rng = SplitMix64::new(17);
    let mut buf = Vec::new();
    let mut deepest = 0;
    for step in 0..20_000 {
        if !w.propose(&mut rng, &mut buf) {
            continue;
        }
        w.relocate(&buf);
        if step % 3 == 0 {
            w.undo();
        }
        deepest = deepest.max(w.st.clashes);
        if step % 97 == 0 {
            assert_eq!(w.st.soft, soft_from_scratch(&m, &w.st.at), "step {step}");
        }
    }
    assert!(deepest > 20, "only {deepest} clashes at most");
}

/// Which courses share a resource is the same from the bit matrix and from their resources.
#[test]
fn the_share_matrix_agrees_with_the_resources() {
    let (_, inst) = comp01();
    let m = CourseModel::new(&inst).unwrap();
    assert!(!m.shares.is_empty());
    // Beyond the matrix's size the resource lists are searched instead.
    let mut lists = m.clone();
    lists.shares.clear();
    let courses = m.lectures.len();
    let mut sharing = 0;
    for a in 0..courses {
        for b in 0..courses {
            let scan = m.uses[a].iter().any(|q| m.uses[b].contains(q));
            assert_eq!(m.share(a, b), scan, "courses {a} and {b}");
            assert_eq!(lists.share(a, b), scan, "courses {a} and {b}, lists");
            sharing += usize::from(scan && a != b);
        }
    }
    assert!(sharing > 0);
}

/// Undoing a move (which restores the counts without pricing them) leaves the state exactly
/// as it was, from valid and clashing timetables alike; a kept move's counts are a fresh
/// state's.
#[test]
fn an_undone_move_leaves_the_state_as_it_was() {
    let (_, m, start) = comp01_start();
    let mut w = Walk::new(State::new(&m, &start));
    let mut rng = SplitMix64::new(23);
    let mut buf = Vec::new();
    let mut undone = 0;
    for step in 0..6_000 {
        if !w.propose(&mut rng, &mut buf) {
            continue;
        }
        let before = w.st.clone();
        w.relocate(&buf);
        if step % 2 == 0 {
            w.undo();
            assert_eq!(w.st.counts(), before.counts(), "step {step}");
            undone += 1;
        } else {
            let fresh = State::new(&m, &w.st.at);
            assert_eq!(w.st.counts(), fresh.counts(), "step {step}");
        }
    }
    assert!(undone > 1_000, "only {undone} moves undone");
}
