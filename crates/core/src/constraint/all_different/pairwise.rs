//! All-different as its clique of `≠`, in one propagator.

use super::{AllDifferent, fixed_distinct, remove_fixed_value};
use crate::domain::DomainStore;
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, Wake};

/// The pairwise decomposition: exactly the pruning that arc consistency achieves on the
/// `n(n-1)/2` binary `≠` constraints, without creating them.
#[derive(Debug)]
pub(super) struct Pairwise<'a> {
    c: &'a AllDifferent,
    scratch: Vec<i64>,
}

impl<'a> Pairwise<'a> {
    pub(super) fn new(c: &'a AllDifferent) -> Self {
        Pairwise {
            c,
            scratch: Vec::new(),
        }
    }
}

impl Propagator for Pairwise<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Fix
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        for i in 0..self.c.vars.len() {
            if d.is_fixed(self.c.vars[i]) {
                remove_fixed_value(self.c, d, i)?;
            }
        }
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        remove_fixed_value(self.c, d, i)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        fixed_distinct(self.c, d, &mut self.scratch)
    }
}
