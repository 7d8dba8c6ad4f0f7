//! Test support (feature `testing`): brute-force solution sets, random small models as
//! proptest strategies, and a window on propagation for soundness tests.

use crate::constraint::{Extremum, Linear, MemberReif, Reification, Relation};
use crate::domain::{Domain, DomainStore, Representation, Value};
use crate::model::{Model, VarId};
use crate::observe::NoopObserver;
use crate::propagation::{AllDifferentStrength, Engine, Propagation, PropagatorOptions};
use proptest::prelude::*;
use std::collections::BTreeSet;

/// Every propagation level the search offers, as its two halves: what property and fuzz
/// tests run each model with.
pub const LEVELS: [(Propagation, AllDifferentStrength); 5] = [
    (Propagation::None, AllDifferentStrength::Pairwise),
    (Propagation::ForwardChecking, AllDifferentStrength::Pairwise),
    (Propagation::ArcConsistency, AllDifferentStrength::Pairwise),
    (Propagation::ArcConsistency, AllDifferentStrength::Counting),
    (Propagation::ArcConsistency, AllDifferentStrength::Matching),
];

/// A constraint of a random model, by variable index.
#[derive(Debug, Clone)]
pub enum ConstraintSpec {
    /// `x ≠ y + c`.
    NotEqual(usize, usize, Value),
    /// All different, with offsets.
    AllDifferent(Vec<usize>, Vec<Value>),
    /// Allowed tuples.
    Table(Vec<usize>, Vec<Vec<Value>>),
    /// `x ∈ S` (true) or `x ∉ S` (false).
    InSet(usize, Vec<Value>, bool),
    /// Tasks with these durations do not overlap.
    NoOverlap(Vec<usize>, Vec<u32>),
    /// `x + d ≤ y`.
    Precedence(usize, usize, Value),
    /// At most `k` (weighted) of the variables take a value in the set.
    AtMost(Vec<usize>, Vec<u32>, Vec<Value>, u64),
    /// `y = f(x)` by pairs.
    Map(usize, usize, Vec<(Value, Value)>),
    /// `Σ a·x ⋈ c`, reified by a variable (`b ≠ 0` standing for true) when given:
    /// `(b, true)` half-reified, `(b, false)` fully.
    Linear(Vec<(i64, usize)>, Relation, i64, Option<(usize, bool)>),
    /// `b ↔ x ∈ S` (`b → x ∈ S` when true).
    MemberReif(usize, Vec<Value>, usize, bool),
    /// `m = max(xs)` (true) or `min`.
    Extremum(usize, Vec<usize>, bool),
}

/// A random small model: domains and constraints over variable indices.
#[derive(Debug, Clone)]
pub struct ModelSpec {
    /// The initial domain of each variable.
    pub domains: Vec<Vec<Value>>,
    /// The constraints.
    pub constraints: Vec<ConstraintSpec>,
}

impl ModelSpec {
    /// The same model with every value and offset multiplied by `k`: the solutions are the
    /// original ones times `k`. With `k` large enough the domains span several machine words,
    /// which takes the propagators off their one-word fast paths.
    pub fn scaled(&self, k: Value) -> ModelSpec {
        let scale = |v: &Vec<Value>| v.iter().map(|&x| x * k).collect::<Vec<_>>();
        ModelSpec {
            domains: self.domains.iter().map(scale).collect(),
            constraints: self
                .constraints
                .iter()
                .map(|c| match c {
                    ConstraintSpec::NotEqual(a, b, o) => ConstraintSpec::NotEqual(*a, *b, o * k),
                    ConstraintSpec::AllDifferent(s, o) => {
                        ConstraintSpec::AllDifferent(s.clone(), scale(o))
                    }
                    ConstraintSpec::Table(s, t) => {
                        ConstraintSpec::Table(s.clone(), t.iter().map(scale).collect())
                    }
                    ConstraintSpec::InSet(x, v, a) => ConstraintSpec::InSet(*x, scale(v), *a),
                    ConstraintSpec::NoOverlap(s, d) => ConstraintSpec::NoOverlap(
                        s.clone(),
                        d.iter().map(|&d| d * k as u32).collect(),
                    ),
                    ConstraintSpec::Precedence(x, y, d) => {
                        ConstraintSpec::Precedence(*x, *y, d * k)
                    }
                    ConstraintSpec::AtMost(s, w, v, b) => {
                        ConstraintSpec::AtMost(s.clone(), w.clone(), scale(v), *b)
                    }
                    ConstraintSpec::Map(x, y, p) => ConstraintSpec::Map(
                        *x,
                        *y,
                        p.iter().map(|&(a, b)| (a * k, b * k)).collect(),
                    ),
                    ConstraintSpec::Linear(t, r, c, b) => {
                        ConstraintSpec::Linear(t.clone(), *r, c * i64::from(k), *b)
                    }
                    ConstraintSpec::MemberReif(x, v, b, i) => {
                        ConstraintSpec::MemberReif(*x, scale(v), *b, *i)
                    }
                    ConstraintSpec::Extremum(m, xs, max) => {
                        ConstraintSpec::Extremum(*m, xs.clone(), *max)
                    }
                })
                .collect(),
        }
    }

    /// The model this spec describes.
    pub fn build(&self) -> Model {
        self.build_as(|_| Representation::Bits)
    }

    /// The model, variable `i` kept as `repr(i)` during search (intervals must find the
    /// same solutions as bitsets).
    pub fn build_as(&self, repr: impl Fn(usize) -> Representation) -> Model {
        let mut m = Model::new();
        let vars: Vec<VarId> = self
            .domains
            .iter()
            .enumerate()
            .map(|(i, d)| {
                m.new_var_as(format!("v{i}"), d.clone(), repr(i))
                    .expect("valid spec")
            })
            .collect();
        for c in &self.constraints {
            match c {
                ConstraintSpec::NotEqual(a, b, k) => m.not_equal_offset(vars[*a], vars[*b], *k),
                ConstraintSpec::AllDifferent(s, o) => {
                    let s: Vec<_> = s.iter().map(|&i| vars[i]).collect();
                    m.all_different_offset(&s, o)
                }
                ConstraintSpec::Table(s, t) => {
                    let s: Vec<_> = s.iter().map(|&i| vars[i]).collect();
                    m.table(&s, t.clone())
                }
                ConstraintSpec::InSet(x, v, allowed) => {
                    if *allowed {
                        m.member(vars[*x], v)
                    } else {
                        m.not_member(vars[*x], v)
                    }
                }
                ConstraintSpec::NoOverlap(s, d) => {
                    let s: Vec<_> = s.iter().map(|&i| vars[i]).collect();
                    m.no_overlap(&s, d)
                }
                ConstraintSpec::Precedence(x, y, d) => m.precedence(vars[*x], vars[*y], *d),
                ConstraintSpec::AtMost(s, w, v, k) => {
                    let s: Vec<_> = s.iter().map(|&i| vars[i]).collect();
                    m.at_most(&s, w, v, *k)
                }
                ConstraintSpec::Map(x, y, p) => m.map(vars[*x], vars[*y], p.clone()),
                ConstraintSpec::Linear(t, r, c, b) => {
                    let terms = t.iter().map(|&(a, i)| (a, vars[i])).collect();
                    let reif = match b {
                        None => Reification::None,
                        Some((i, true)) => Reification::Implied(vars[*i]),
                        Some((i, false)) => Reification::Equiv(vars[*i]),
                    };
                    m.post(Linear::new(terms, *r, *c, reif).expect("valid spec"))
                }
                ConstraintSpec::MemberReif(x, v, b, implied) => m.post(MemberReif::new(
                    vars[*x],
                    Domain::from_values(v.iter().copied()),
                    vars[*b],
                    *implied,
                )),
                ConstraintSpec::Extremum(e, xs, max) => {
                    let xs = xs.iter().map(|&i| vars[i]).collect();
                    m.post(Extremum::new(vars[*e], xs, *max).expect("valid spec"))
                }
            }
            .expect("valid spec");
        }
        m
    }
}

/// Every solution of `model`, by enumerating the Cartesian product of the initial domains
/// and checking each constraint's definition. Exponential: for tiny models only.
pub fn brute_force(model: &Model) -> BTreeSet<Vec<Value>> {
    let doms: Vec<Vec<Value>> = model
        .vars()
        .map(|x| model.domain(x).iter().collect())
        .collect();
    let mut out = BTreeSet::new();
    let mut cur = vec![0; doms.len()];
    fn rec(
        model: &Model,
        doms: &[Vec<Value>],
        i: usize,
        cur: &mut Vec<Value>,
        out: &mut BTreeSet<Vec<Value>>,
    ) {
        if i == doms.len() {
            if model.verify(cur).is_ok() {
                out.insert(cur.clone());
            }
            return;
        }
        for &v in &doms[i] {
            cur[i] = v;
            rec(model, doms, i + 1, cur, out);
        }
    }
    rec(model, &doms, 0, &mut cur, &mut out);
    out
}

/// The domains after fixing `assignment` (pairs of variable index and value, applied in
/// order) and propagating at `level`, or `None` on a conflict. Each assigned variable is
/// treated as a decision: checked (level `None`), forward checked, or propagated to the
/// arc-consistency fixpoint.
pub fn propagate_after(
    model: &Model,
    level: Propagation,
    strength: AllDifferentStrength,
    assignment: &[(usize, Value)],
) -> Option<Vec<Domain>> {
    let domains: Vec<Domain> = model.vars().map(|x| model.domain(x).clone()).collect();
    let mut store = DomainStore::new(&domains);
    let options = PropagatorOptions {
        all_different: strength,
    };
    let mut engine = Engine::new_until(
        model.num_vars(),
        model.constraints().map(|(_, c)| c),
        &options,
        None,
    );
    engine.prepare(&store);
    let mut obs = NoopObserver;
    engine.unary(&mut store, &mut obs).ok()?;
    if level == Propagation::ArcConsistency {
        engine.schedule_all();
        engine.fixpoint(&mut store, &mut obs).ok()?;
    }
    for &(i, v) in assignment {
        let x = VarId::new(i);
        store.assign(x, v).ok()?;
        match level {
            Propagation::None => engine.check(&mut store, x).ok()?,
            Propagation::ForwardChecking => engine.forward_check(&mut store, x, &mut obs).ok()?,
            Propagation::ArcConsistency => engine.fixpoint(&mut store, &mut obs).ok()?,
        }
    }
    Some(model.vars().map(|x| store.domain(x)).collect())
}

/// A random model with up to `max_vars` variables of up to `max_values` values each (drawn
/// from `-1..=max_values`) and up to `max_constraints` random constraints of every kind.
pub fn model_spec(
    max_vars: usize,
    max_values: usize,
    max_constraints: usize,
) -> impl Strategy<Value = ModelSpec> {
    let hi = max_values as Value;
    let domain = proptest::collection::btree_set(-1..=hi, 1..=max_values)
        .prop_map(|s| s.into_iter().collect::<Vec<_>>());
    proptest::collection::vec(domain, 2..=max_vars).prop_flat_map(move |domains| {
        let n = domains.len();
        let scope =
            proptest::sample::subsequence((0..n).collect::<Vec<_>>(), 2..=n.min(4)).prop_shuffle();
        let constraint = prop_oneof![
            3 => (0..n, 0..n, -2..=2 as Value)
                .prop_filter("distinct", |(a, b, _)| a != b)
                .prop_map(|(a, b, c)| ConstraintSpec::NotEqual(a, b, c)),
            2 => scope.clone().prop_flat_map(|s| {
                let k = s.len();
                (Just(s), proptest::collection::vec(-1..=1 as Value, k))
            }).prop_map(|(s, o)| ConstraintSpec::AllDifferent(s, o)),
            2 => scope.clone().prop_flat_map(move |s| {
                let k = s.len();
                (Just(s), proptest::collection::vec(proptest::collection::vec(-1..=hi, k), 0..12))
            }).prop_map(|(s, t)| ConstraintSpec::Table(s, t)),
            1 => (0..n, proptest::collection::vec(-1..=hi, 0..4), any::<bool>())
                .prop_map(|(x, v, a)| ConstraintSpec::InSet(x, v, a)),
            2 => scope.clone().prop_flat_map(|s| {
                let k = s.len();
                (Just(s), proptest::collection::vec(0..=3u32, k))
            }).prop_map(|(s, d)| ConstraintSpec::NoOverlap(s, d)),
            1 => (0..n, 0..n, -1..=2 as Value)
                .prop_filter("distinct", |(a, b, _)| a != b)
                .prop_map(|(a, b, d)| ConstraintSpec::Precedence(a, b, d)),
            1 => scope.clone().prop_flat_map(move |s| {
                let k = s.len();
                (Just(s), proptest::collection::vec(0..=2u32, k),
                 proptest::collection::vec(-1..=hi, 0..4), 0..=3u64)
            }).prop_map(|(s, w, v, b)| ConstraintSpec::AtMost(s, w, v, b)),
            1 => (0..n, 0..n, proptest::collection::vec((-1..=hi, -1..=hi), 0..8))
                .prop_filter("distinct", |(a, b, _)| a != b)
                .prop_map(|(a, b, p)| ConstraintSpec::Map(a, b, p)),
            3 => (scope.clone().prop_flat_map(|s| {
                let k = s.len();
                (Just(s), proptest::collection::vec(-3..=3i64, k))
            }), prop_oneof![Just(Relation::Le), Just(Relation::Eq), Just(Relation::Ne)],
                -6..=6i64, proptest::option::of((0..n, any::<bool>())))
                .prop_filter("the boolean outside the sum", |((s, _), _, _, b)| {
                    b.is_none_or(|(i, _)| !s.contains(&i))
                })
                .prop_map(|((s, a), r, c, b)| {
                    ConstraintSpec::Linear(a.into_iter().zip(s).collect(), r, c, b)
                }),
            1 => (0..n, proptest::collection::vec(-1..=hi, 0..4), 0..n, any::<bool>())
                .prop_filter("distinct", |(x, _, b, _)| x != b)
                .prop_map(|(x, v, b, i)| ConstraintSpec::MemberReif(x, v, b, i)),
            1 => (scope.clone(), any::<bool>())
                .prop_map(|(s, max)| ConstraintSpec::Extremum(s[0], s[1..].to_vec(), max)),
        ];
        (
            Just(domains),
            proptest::collection::vec(constraint, 0..=max_constraints),
        )
            .prop_map(|(domains, constraints)| ModelSpec {
                domains,
                constraints,
            })
    })
}
