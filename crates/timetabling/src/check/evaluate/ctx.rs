//! What every evaluation reads (the unit and its placed occurrences) and where the
//! violations in words go.

use super::super::unit::{Placed, Unit};
use crate::instance::Instance;

/// What every evaluation reads: the unit and its placed occurrences.
#[derive(Clone, Copy)]
pub(in crate::check) struct Ctx<'a> {
    pub(super) inst: &'a Instance,
    pub(super) unit: &'a Unit,
    pub(super) placed: &'a [Placed],
    /// Periods of the unit not placed yet (0 on complete timetables), for a lower bound.
    pub(super) missing: u64,
}

impl Ctx<'_> {
    pub(super) fn name(&self, q: &Placed) -> String {
        self.inst.occurrence_name(q.o)
    }

    pub(super) fn day(&self, d: usize) -> String {
        self.inst.days[d].name.clone()
    }

    /// The unit's resource, or its events, for messages.
    pub(super) fn who(&self) -> String {
        self.unit
            .resource
            .map(|r| self.inst.resources[r].id.clone())
            .unwrap_or_else(|| {
                self.unit
                    .events
                    .iter()
                    .map(|&e| self.inst.events[e].id.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            })
    }

    /// How many people the unit's resource stands for in per-person costs.
    pub(super) fn headcount(&self) -> u64 {
        u64::from(
            self.unit
                .resource
                .map_or(1, |r| self.inst.resources[r].headcount.max(1)),
        )
    }

    /// The pairs of placed occurrences (by index) that `test` finds in violation, into `bad`.
    pub(super) fn pairs(
        &self,
        bad: &mut Vec<(usize, usize)>,
        test: impl Fn(&Placed, &Placed) -> bool,
    ) {
        bad.clear();
        let placed = self.placed;
        for i in 0..placed.len() {
            for j in i + 1..placed.len() {
                if test(&placed[i], &placed[j]) {
                    bad.push((i, j));
                }
            }
        }
    }
}

/// The violations in words, when the caller asked for them.
pub(in crate::check) struct Notes<'a>(pub(super) Option<&'a mut Vec<String>>);

impl Notes<'_> {
    /// Adds one, written only when asked for.
    pub(super) fn add(&mut self, f: impl FnOnce() -> String) {
        if let Some(d) = &mut self.0 {
            d.push(f());
        }
    }

    /// Adds one per bad pair and counts them.
    pub(super) fn pairs(
        &mut self,
        c: &Ctx<'_>,
        bad: &[(usize, usize)],
        say: impl Fn(&Placed, &Placed) -> String,
    ) -> u64 {
        for &(i, j) in bad {
            self.add(|| say(&c.placed[i], &c.placed[j]));
        }
        bad.len() as u64
    }
}
