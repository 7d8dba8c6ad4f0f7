//! The [`Model`]: variables with finite integer domains, the constraints over them, and
//! the constraint graph.

mod graph;
mod solution;

pub use graph::ConstraintGraph;
pub use solution::Solution;

use crate::constraint::{
    AllDifferent, AtMost, Circuit, Constraint, InSet, Inverse, Map, NegativeTable, NoOverlap,
    NotEqual, Precedence, Table,
};
use crate::domain::{Domain, MAX_DOMAIN_SPAN, Representation, Value};
pub use crate::index::{ConstraintId, VarId};
use std::collections::HashMap;
use thiserror::Error;

/// What is wrong with a model being built.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModelError {
    /// Two variables with the same name.
    #[error("duplicate variable name `{0}`")]
    DuplicateName(String),
    /// A variable declared with no value.
    #[error("variable `{0}` has an empty domain")]
    EmptyDomain(String),
    /// A domain whose `max - min + 1` is too large for a bitset.
    #[error("variable `{name}` has a domain spanning {span} values; at most {max} are supported")]
    DomainTooWide {
        /// The variable.
        name: String,
        /// Its span.
        span: u64,
        /// The limit, [`MAX_DOMAIN_SPAN`].
        max: u32,
    },
    /// The variables' domains together would take more memory than the engine allows.
    #[error(
        "the domains of the first {vars} variables already span {bits} values in all; the engine's bitset domains allow at most {max} (256 MiB of bitsets)"
    )]
    TooLarge {
        /// Variables so far, the last one included.
        vars: usize,
        /// The total span.
        bits: u64,
        /// The limit, [`MAX_TOTAL_SPAN`].
        max: u64,
    },
    /// A constraint names a variable this model does not have.
    #[error("constraint refers to variable {0}, which is not in the model")]
    UnknownVar(VarId),
    /// A constraint's arguments do not fit together.
    #[error("invalid `{constraint}` constraint: {reason}")]
    InvalidConstraint {
        /// The constraint kind.
        constraint: &'static str,
        /// What is wrong.
        reason: String,
    },
}

#[derive(Debug, Clone)]
struct VarInfo {
    name: String,
    domain: Domain,
    repr: Representation,
}

/// A constraint-satisfaction problem: variables, their initial domains and constraints.
///
/// ```
/// use csp_core::{Model, Search, SearchConfig, Outcome};
/// let mut m = Model::new();
/// let x = m.new_var("x", 1..=3).unwrap();
/// let y = m.new_var("y", 1..=3).unwrap();
/// m.not_equal_offset(x, y, 1).unwrap(); // x ≠ y + 1
/// m.all_different(&[x, y]).unwrap();
/// let mut search = Search::new(&m, SearchConfig::default());
/// assert_eq!(search.count(100).count, 4); // (1,2) (1,3) (2,3) (3,1)
/// ```
#[derive(Debug, Default)]
pub struct Model {
    vars: Vec<VarInfo>,
    constraints: Vec<Box<dyn Constraint>>,
    by_name: HashMap<String, VarId>,
    /// The sum of the domains' spans (the bits of their bitsets).
    total_span: u64,
}

/// The largest sum of domain spans a model may have: every domain is a bitset over its span,
/// copied into the search's store, so this bounds the engine's memory for domains (2³¹ bits,
/// 256 MiB each). A model past it is refused when built rather than exhausting memory.
pub const MAX_TOTAL_SPAN: u64 = 1 << 31;

impl Model {
    /// An empty model.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a variable; names must be unique and the domain non-empty. Its domain is a
    /// bitset during search, or an interval ([`Representation::Bounds`]) when its span is
    /// past [`MAX_DOMAIN_SPAN`].
    pub fn new_var(
        &mut self,
        name: impl Into<String>,
        domain: impl Into<Domain>,
    ) -> Result<VarId, ModelError> {
        let domain = domain.into();
        let repr = if domain.span() > u64::from(MAX_DOMAIN_SPAN) {
            Representation::Bounds
        } else {
            Representation::Bits
        };
        self.new_var_as(name, domain, repr)
    }

    /// Adds a variable kept as `repr` during search: [`Representation::Bounds`] for a wide
    /// domain that constraints narrow by its bounds (a start time, a sum), whatever its span.
    ///
    /// ```
    /// use csp_core::{Domain, Model, Search, SearchConfig, Outcome};
    /// use csp_core::domain::Representation;
    /// let mut m = Model::new();
    /// let x = m.new_var_as("x", Domain::range(0, 1_000_000_000), Representation::Bounds).unwrap();
    /// let y = m.new_var("y", 0..=3).unwrap();
    /// m.precedence(y, x, 999_999_998).unwrap(); // y + 999999998 ≤ x
    /// let Outcome::Satisfiable(s) = Search::new(&m, SearchConfig::default()).solve() else { panic!() };
    /// assert_eq!((s.value(y), s.value(x)), (0, 999_999_998));
    /// ```
    pub fn new_var_as(
        &mut self,
        name: impl Into<String>,
        domain: impl Into<Domain>,
        repr: Representation,
    ) -> Result<VarId, ModelError> {
        let name = name.into();
        let domain = domain.into();
        if self.by_name.contains_key(&name) {
            return Err(ModelError::DuplicateName(name));
        }
        if domain.is_empty() {
            return Err(ModelError::EmptyDomain(name));
        }
        if repr == Representation::Bounds {
            let id = VarId::new(self.vars.len());
            self.by_name.insert(name.clone(), id);
            self.vars.push(VarInfo { name, domain, repr });
            return Ok(id);
        }
        if domain.span() > u64::from(MAX_DOMAIN_SPAN) {
            return Err(ModelError::DomainTooWide {
                name,
                span: domain.span(),
                max: MAX_DOMAIN_SPAN,
            });
        }
        let total = self.total_span + domain.span();
        if total > MAX_TOTAL_SPAN {
            return Err(ModelError::TooLarge {
                vars: self.vars.len() + 1,
                bits: total,
                max: MAX_TOTAL_SPAN,
            });
        }
        self.total_span = total;
        let id = VarId::new(self.vars.len());
        self.by_name.insert(name.clone(), id);
        self.vars.push(VarInfo { name, domain, repr });
        Ok(id)
    }

    /// Adds `n` variables named `prefix[0]` … `prefix[n-1]` with the same domain.
    pub fn new_vars(
        &mut self,
        prefix: &str,
        n: usize,
        domain: impl Into<Domain>,
    ) -> Result<Vec<VarId>, ModelError> {
        let domain = domain.into();
        (0..n)
            .map(|i| self.new_var(format!("{prefix}[{i}]"), domain.clone()))
            .collect()
    }

    /// Posts any constraint, after checking that its scope names variables of this model.
    pub fn post(&mut self, c: impl Constraint + 'static) -> Result<ConstraintId, ModelError> {
        if let Some(&x) = c.scope().iter().find(|x| x.index() >= self.vars.len()) {
            return Err(ModelError::UnknownVar(x));
        }
        let id = ConstraintId::new(self.constraints.len());
        self.constraints.push(Box::new(c));
        Ok(id)
    }

    /// `x ≠ y`.
    pub fn not_equal(&mut self, x: VarId, y: VarId) -> Result<ConstraintId, ModelError> {
        self.not_equal_offset(x, y, 0)
    }

    /// `x ≠ y + c` (the n-queens diagonals are `q[i] ≠ q[j] ± (j - i)`).
    pub fn not_equal_offset(
        &mut self,
        x: VarId,
        y: VarId,
        c: Value,
    ) -> Result<ConstraintId, ModelError> {
        if x == y {
            return Err(ModelError::InvalidConstraint {
                constraint: "not_equal",
                reason: "both sides are the same variable".into(),
            });
        }
        self.post(NotEqual::new(x, y, c))
    }

    /// All the variables take different values.
    pub fn all_different(&mut self, vars: &[VarId]) -> Result<ConstraintId, ModelError> {
        let c = AllDifferent::new(vars.to_vec(), None).map_err(invalid("all_different"))?;
        self.check_key_span(&c)?;
        self.post(c)
    }

    /// Refuses an all-different whose keys `x + o` spread over more than
    /// [`MAX_DOMAIN_SPAN`] values: its counting and matching propagators keep a slot per key,
    /// so a spread of 10⁹ would take gigabytes.
    fn check_key_span(&self, c: &AllDifferent) -> Result<(), ModelError> {
        let (mut lo, mut hi) = (i64::MAX, i64::MIN);
        for (&x, &o) in c.scope().iter().zip(c.offsets()) {
            let d = self.domain(x);
            if let (Some(a), Some(b)) = (d.min(), d.max()) {
                lo = lo.min(i64::from(a) + i64::from(o));
                hi = hi.max(i64::from(b) + i64::from(o));
            }
        }
        if hi >= lo && hi - lo + 1 > i64::from(MAX_DOMAIN_SPAN) {
            return Err(ModelError::InvalidConstraint {
                constraint: "all_different",
                reason: format!(
                    "its values with their offsets spread over {} values; at most {MAX_DOMAIN_SPAN} are supported",
                    hi - lo + 1
                ),
            });
        }
        Ok(())
    }

    /// All the values `vars[i] + offsets[i]` are different (n-queens diagonals in one
    /// constraint: `all_different_offset(q, [0, 1, 2, …])`).
    pub fn all_different_offset(
        &mut self,
        vars: &[VarId],
        offsets: &[Value],
    ) -> Result<ConstraintId, ModelError> {
        let c = AllDifferent::new(vars.to_vec(), Some(offsets.to_vec()))
            .map_err(invalid("all_different"))?;
        self.check_key_span(&c)?;
        self.post(c)
    }

    /// `succ[i] − offset` is node `i`'s successor, and the successors form one cycle through
    /// every node (`sub` false: MiniZinc's `circuit`), or one cycle through the nodes not
    /// their own successor (`sub`: `subcircuit`). Posts the successors' all-different (when
    /// their domains are narrow enough for it) and the [`Circuit`] propagator.
    pub fn circuit(
        &mut self,
        succ: &[VarId],
        offset: Value,
        sub: bool,
    ) -> Result<ConstraintId, ModelError> {
        if let Ok(c) = AllDifferent::new(succ.to_vec(), None)
            && self.check_key_span(&c).is_ok()
        {
            self.post(c)?;
        }
        self.post(Circuit::new(succ.to_vec(), offset, sub))
    }

    /// `f` (indexed from `f_offset`) and `g` (from `g_offset`) are inverse functions:
    /// `f[i] = j ⇔ g[j] = i`. Posts the all-different each side implies (when the domains
    /// are narrow enough for it: matching finds what channelling alone misses) and the
    /// [`Inverse`] propagator.
    pub fn inverse(
        &mut self,
        f: &[VarId],
        f_offset: Value,
        g: &[VarId],
        g_offset: Value,
    ) -> Result<ConstraintId, ModelError> {
        for side in [f, g] {
            if let Ok(c) = AllDifferent::new(side.to_vec(), None)
                && self.check_key_span(&c).is_ok()
            {
                self.post(c)?;
            }
        }
        self.post(Inverse::new(f.to_vec(), f_offset, g.to_vec(), g_offset))
    }

    /// The variables take one of the allowed tuples (an extensional constraint, any arity).
    pub fn table(
        &mut self,
        vars: &[VarId],
        tuples: Vec<Vec<Value>>,
    ) -> Result<ConstraintId, ModelError> {
        self.post(Table::new(vars.to_vec(), tuples).map_err(invalid("table"))?)
    }

    /// The variables take none of the forbidden tuples (a negative table, any arity).
    pub fn negative_table(
        &mut self,
        vars: &[VarId],
        tuples: Vec<Vec<Value>>,
    ) -> Result<ConstraintId, ModelError> {
        self.post(NegativeTable::new(vars.to_vec(), tuples).map_err(invalid("negative_table"))?)
    }

    /// `x ∈ values` (unary).
    pub fn member(&mut self, x: VarId, values: &[Value]) -> Result<ConstraintId, ModelError> {
        self.post(InSet::new(x, values.iter().copied(), true))
    }

    /// `x ∉ values` (unary).
    pub fn not_member(&mut self, x: VarId, values: &[Value]) -> Result<ConstraintId, ModelError> {
        self.post(InSet::new(x, values.iter().copied(), false))
    }

    /// The tasks `[starts[i], starts[i] + durations[i])` do not overlap (a disjunctive
    /// resource: see [`NoOverlap`]).
    pub fn no_overlap(
        &mut self,
        starts: &[VarId],
        durations: &[u32],
    ) -> Result<ConstraintId, ModelError> {
        if starts.len() != durations.len() {
            return Err(ModelError::InvalidConstraint {
                constraint: "no_overlap",
                reason: format!("{} starts but {} durations", starts.len(), durations.len()),
            });
        }
        self.post(NoOverlap::new(starts.to_vec(), durations.to_vec()))
    }

    /// `x + d ≤ y`.
    pub fn precedence(&mut self, x: VarId, y: VarId, d: Value) -> Result<ConstraintId, ModelError> {
        if x == y {
            return Err(ModelError::InvalidConstraint {
                constraint: "precedence",
                reason: "both sides are the same variable".into(),
            });
        }
        self.post(Precedence::new(x, y, d))
    }

    /// The variables of `vars` that take a value in `values` weigh at most `k` together
    /// (`weights[i]` each).
    pub fn at_most(
        &mut self,
        vars: &[VarId],
        weights: &[u32],
        values: &[Value],
        k: u64,
    ) -> Result<ConstraintId, ModelError> {
        if vars.len() != weights.len() {
            return Err(ModelError::InvalidConstraint {
                constraint: "at_most",
                reason: format!("{} variables but {} weights", vars.len(), weights.len()),
            });
        }
        self.post(AtMost::new(vars.to_vec(), weights.to_vec(), values, k))
    }

    /// `y = f(x)` with `f` given by its `(x, f(x))` pairs (a channelling view: a start slot's
    /// day, a place's slot).
    pub fn map(
        &mut self,
        x: VarId,
        y: VarId,
        pairs: Vec<(Value, Value)>,
    ) -> Result<ConstraintId, ModelError> {
        if x == y {
            return Err(ModelError::InvalidConstraint {
                constraint: "map",
                reason: "both sides are the same variable".into(),
            });
        }
        self.post(Map::new(x, y, pairs))
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.vars.len()
    }

    /// Number of constraints.
    pub fn num_constraints(&self) -> usize {
        self.constraints.len()
    }

    /// All variables, in creation order.
    pub fn vars(&self) -> impl ExactSizeIterator<Item = VarId> + '_ {
        (0..self.vars.len()).map(VarId::new)
    }

    /// The name of `x`.
    pub fn name(&self, x: VarId) -> &str {
        &self.vars[x.index()].name
    }

    /// The variable called `name`.
    pub fn var_by_name(&self, name: &str) -> Option<VarId> {
        self.by_name.get(name).copied()
    }

    /// The initial domain of `x`.
    pub fn domain(&self, x: VarId) -> &Domain {
        &self.vars[x.index()].domain
    }

    /// How `x`'s domain is kept during search.
    pub fn representation(&self, x: VarId) -> Representation {
        self.vars[x.index()].repr
    }

    /// The constraint `c`.
    pub fn constraint(&self, c: ConstraintId) -> &dyn Constraint {
        self.constraints[c.index()].as_ref()
    }

    /// All constraints, in posting order.
    pub fn constraints(&self) -> impl ExactSizeIterator<Item = (ConstraintId, &dyn Constraint)> {
        self.constraints
            .iter()
            .enumerate()
            .map(|(i, c)| (ConstraintId::new(i), c.as_ref()))
    }

    /// The constraint graph: one node per variable, an edge where two variables share a
    /// constraint.
    pub fn constraint_graph(&self) -> ConstraintGraph {
        ConstraintGraph::new(self)
    }

    /// Checks a full assignment directly against every constraint's definition (no
    /// propagation, no search): the independent verifier for solutions.
    pub fn verify(&self, values: &[Value]) -> Result<(), Violation> {
        if values.len() != self.vars.len() {
            return Err(Violation::WrongLength {
                expected: self.vars.len(),
                got: values.len(),
            });
        }
        for (i, v) in values.iter().enumerate() {
            if !self.vars[i].domain.contains(*v) {
                return Err(Violation::OutOfDomain {
                    var: self.vars[i].name.clone(),
                    value: *v,
                });
            }
        }
        let mut buf = Vec::new();
        for (id, c) in self.constraints() {
            buf.clear();
            buf.extend(c.scope().iter().map(|x| values[x.index()]));
            if !c.is_satisfied(&buf) {
                return Err(Violation::Constraint {
                    constraint: id,
                    description: c.describe(&|x| self.name(x).to_string()),
                });
            }
        }
        Ok(())
    }
}

fn invalid(constraint: &'static str) -> impl Fn(String) -> ModelError {
    move |reason| ModelError::InvalidConstraint { constraint, reason }
}

/// Why an assignment is not a solution (see [`Model::verify`]).
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Violation {
    /// The assignment does not give one value per variable.
    #[error("expected {expected} values, got {got}")]
    WrongLength {
        /// Variables in the model.
        expected: usize,
        /// Values given.
        got: usize,
    },
    /// A value outside the variable's initial domain.
    #[error("{var} = {value} is outside its domain")]
    OutOfDomain {
        /// The variable's name.
        var: String,
        /// The value.
        value: Value,
    },
    /// A violated constraint.
    #[error("constraint #{} violated: {description}", constraint.index())]
    Constraint {
        /// Which one.
        constraint: ConstraintId,
        /// It, in words.
        description: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn duplicate_names_are_refused() {
        let mut m = Model::new();
        m.new_var("a", 1..=2).unwrap();
        assert_eq!(
            m.new_var("a", 1..=2),
            Err(ModelError::DuplicateName("a".into()))
        );
    }

    #[test]
    fn empty_domains_and_huge_bitsets_are_refused_wide_domains_become_intervals() {
        let mut m = Model::new();
        assert!(matches!(
            m.new_var("e", Domain::empty()),
            Err(ModelError::EmptyDomain(_))
        ));
        assert!(matches!(
            m.new_var_as("w", [i32::MIN, i32::MAX], Representation::Bits),
            Err(ModelError::DomainTooWide { .. })
        ));
        let w = m.new_var("w", [i32::MIN, i32::MAX]).unwrap();
        assert_eq!(m.representation(w), Representation::Bounds);
        let mut s = crate::Search::new(&m, crate::SearchConfig::default());
        assert_eq!(
            s.count(10).count,
            2,
            "the declared values only, not the span"
        );
    }

    #[test]
    fn constraints_on_unknown_variables_are_refused() {
        let mut m = Model::new();
        let a = m.new_var("a", 1..=2).unwrap();
        assert_eq!(
            m.not_equal(a, VarId::new(5)),
            Err(ModelError::UnknownVar(VarId::new(5)))
        );
        assert!(m.not_equal(a, a).is_err());
    }

    #[test]
    fn verify_names_the_violated_constraint() {
        let mut m = Model::new();
        let a = m.new_var("a", 1..=2).unwrap();
        let b = m.new_var("b", 1..=2).unwrap();
        m.not_equal(a, b).unwrap();
        assert_eq!(m.verify(&[1, 2]), Ok(()));
        let err = m.verify(&[1, 1]).unwrap_err();
        assert_eq!(err.to_string(), "constraint #0 violated: a ≠ b");
        assert!(matches!(
            m.verify(&[3, 1]),
            Err(Violation::OutOfDomain { .. })
        ));
    }
}
