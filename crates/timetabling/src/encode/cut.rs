//! Requirement units on the engine, failing a node when their lower bound reaches a limit:
//! hard requirements the engine has no constraint for (limit 1), and the branch and bound's
//! cost cut (the best cost so far).

use super::placement_of;
use crate::answer::Placement;
use crate::check::{Placements, Unit};
use crate::instance::{Instance, Requirement};
use csp_core::constraint::Constraint;
use csp_core::propagation::{Conflict, Propagator, PropagatorOptions, Wake};
use csp_core::{DomainStore, Value, VarId};
use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

/// Requirement units checked on the engine: the constraint fails a node as soon as the
/// fixed occurrences alone make the units' weighted lower bound reach its limit. For a hard
/// requirement the limit is 1 (any violation); for the branch and bound's cost cut it is the
/// best cost found so far, which the search lowers as it finds better timetables.
#[derive(Debug, Clone)]
pub struct LowerBoundCut {
    inst: Arc<Instance>,
    units: Vec<(Requirement, Unit)>,
    vars: Vec<VarId>,
    /// Position of each occurrence in `vars`.
    pos: HashMap<usize, usize>,
    roomed: Vec<bool>,
    limit: Arc<AtomicU64>,
}

impl LowerBoundCut {
    /// A constraint over `units` of the given requirements, failing when their weighted lower
    /// bound (hard requirements weigh 1) reaches `limit`.
    pub fn new(
        inst: &Arc<Instance>,
        enc_place: &[Option<VarId>],
        enc_start: &[VarId],
        units: Vec<(Requirement, Unit)>,
        limit: Arc<AtomicU64>,
    ) -> Self {
        let mut vars = Vec::new();
        let mut pos = HashMap::new();
        let mut roomed = Vec::new();
        for (_, u) in &units {
            for &o in &u.occs {
                pos.entry(o).or_insert_with(|| {
                    vars.push(enc_place[o].unwrap_or(enc_start[o]));
                    roomed.push(enc_place[o].is_some());
                    vars.len() - 1
                });
            }
        }
        LowerBoundCut {
            inst: Arc::clone(inst),
            units,
            vars,
            pos,
            roomed,
            limit,
        }
    }

    fn lower_bound(&self, values: &[Option<Value>], d: Option<&DomainStore>) -> u64 {
        if values.iter().any(|v| v.is_some_and(|v| v < 0)) {
            return u64::MAX;
        }
        let view = UnitView {
            slots: self.inst.num_slots(),
            pos: &self.pos,
            roomed: &self.roomed,
            values,
            domains: d.map(|d| (d, self.vars.as_slice())),
        };
        let mut total = 0u64;
        for (req, u) in &self.units {
            let lb = u.lower_bound(&self.inst, req, &view);
            total = total.saturating_add(lb.saturating_mul(req.weight.max(1)));
        }
        total
    }
}

/// The placements of a constraint's occurrences given values of its variables (and, during
/// search, the domains they may still take).
struct UnitView<'a> {
    slots: usize,
    pos: &'a HashMap<usize, usize>,
    roomed: &'a [bool],
    values: &'a [Option<Value>],
    domains: Option<(&'a DomainStore, &'a [VarId])>,
}

impl Placements for UnitView<'_> {
    fn get(&self, o: usize) -> Option<Placement> {
        let &i = self.pos.get(&o)?;
        Some(placement_of(self.values[i]?, self.roomed[i], self.slots))
    }

    fn choices(&self, o: usize, f: &mut dyn FnMut(Placement)) -> bool {
        let (Some((d, vars)), Some(&i)) = (self.domains, self.pos.get(&o)) else {
            return false;
        };
        for v in d.iter(vars[i]) {
            f(placement_of(v, self.roomed[i], self.slots));
        }
        true
    }
}

impl Constraint for LowerBoundCut {
    fn kind(&self) -> &'static str {
        "timetable_requirement"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let v: Vec<Option<Value>> = values.iter().map(|&x| Some(x)).collect();
        self.lower_bound(&v, None) < self.limit.load(Ordering::Relaxed)
    }

    fn describe(&self, _: &dyn Fn(VarId) -> String) -> String {
        let names: Vec<String> = self
            .units
            .iter()
            .map(|(r, _)| format!("{} ({})", r.path, r.kind.name()))
            .collect();
        names.join(", ")
    }

    fn propagator(&self, _: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        Box::new(LowerBoundCutPropagator {
            c: self,
            values: vec![None; self.vars.len()],
        })
    }
}

#[derive(Debug)]
struct LowerBoundCutPropagator<'c> {
    c: &'c LowerBoundCut,
    values: Vec<Option<Value>>,
}

impl LowerBoundCutPropagator<'_> {
    fn ok(&mut self, d: &DomainStore) -> bool {
        for (i, &x) in self.c.vars.iter().enumerate() {
            self.values[i] = d.value(x);
        }
        self.c.lower_bound(&self.values, Some(d)) < self.c.limit.load(Ordering::Relaxed)
    }
}

impl Propagator for LowerBoundCutPropagator<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Fix
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        d.count_revision();
        if self.ok(d) { Ok(()) } else { Err(Conflict) }
    }

    fn forward_check(&mut self, d: &mut DomainStore, _: usize) -> Result<(), Conflict> {
        self.propagate(d)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        self.ok(d)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::check::{cost, units};
    use crate::encode::encode;

    /// The bundled school week, its soft units, and valid timetables to test on.
    fn setup() -> (
        Arc<Instance>,
        Vec<(Requirement, Unit)>,
        Vec<crate::Timetable>,
    ) {
        let text = include_str!("../../../../problems/timetabling/school-week.yaml");
        let inst = Arc::new(crate::yaml::parse(text, "school-week.yaml").unwrap());
        let soft = inst
            .soft
            .iter()
            .enumerate()
            .flat_map(|(i, r)| units(&inst, r, i).into_iter().map(move |u| (r.clone(), u)))
            .collect();
        let enc = encode(&inst).unwrap();
        let cfg = crate::solve::Config {
            first_only: true,
            ..Default::default()
        };
        let first = crate::solve::solve(&inst, &cfg, &mut |_| {})
            .unwrap()
            .timetable
            .unwrap();
        let mut seen = vec![first.clone()];
        let mut ls = crate::solve::LocalSearch::new(&inst, &enc, first, &[], 4);
        ls.max_moves = Some(20_000);
        ls.run(None, &mut |_, tt| seen.push(tt.clone()));
        assert!(
            seen.len() > 2,
            "the local search improves the first timetable"
        );
        (inst, soft, seen)
    }

    /// The cut's values for a timetable, in its variables' order; `hide` leaves some unfixed.
    fn values(
        cut: &LowerBoundCut,
        tt: &crate::Timetable,
        hide: impl Fn(usize) -> bool,
    ) -> Vec<Option<Value>> {
        let mut out = vec![None; cut.vars.len()];
        for (&o, &i) in &cut.pos {
            if !hide(o) {
                let p = tt.placements[o];
                let slots = cut.inst.num_slots();
                out[i] = Some(match p.room {
                    Some(r) if cut.roomed[i] => (r * slots + p.start) as Value,
                    _ => p.start as Value,
                });
            }
        }
        out
    }

    #[test]
    fn on_complete_timetables_the_bound_is_the_checkers_cost() {
        let (inst, soft, tts) = setup();
        let enc = encode(&inst).unwrap();
        let limit = Arc::new(AtomicU64::new(u64::MAX));
        let cut = LowerBoundCut::new(&inst, &enc.place, &enc.start, soft, Arc::clone(&limit));
        for tt in &tts {
            let c = cost(&inst, tt).total;
            let v = values(&cut, tt, |_| false);
            assert_eq!(cut.lower_bound(&v, None), c);
            let full: Vec<Value> = v.iter().map(|x| x.unwrap()).collect();
            // The cut keeps exactly the timetables cheaper than its limit.
            for l in [c, c + 1] {
                limit.store(l, Ordering::Relaxed);
                assert_eq!(cut.is_satisfied(&full), c < l, "cost {c}, limit {l}");
            }
        }
    }

    #[test]
    fn on_partial_timetables_the_bound_never_passes_the_cost_of_a_completion() {
        let (inst, soft, tts) = setup();
        let enc = encode(&inst).unwrap();
        let limit = Arc::new(AtomicU64::new(u64::MAX));
        let cut = LowerBoundCut::new(&inst, &enc.place, &enc.start, soft, limit);
        for tt in &tts {
            let c = cost(&inst, tt).total;
            for k in 1..5 {
                let v = values(&cut, tt, |o| o % (k + 1) == 0);
                assert!(cut.lower_bound(&v, None) <= c, "hiding every {}th", k + 1);
            }
        }
    }
}
