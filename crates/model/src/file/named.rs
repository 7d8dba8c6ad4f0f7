//! The older named constraints (`not_equal`, `all_different`, `table`, `in`, `not_in`).

use super::VarKind;
use super::build::Builder;
use super::raw::RawConstraint;
use crate::source::SourceError;
use csp_core::{ModelError, VarId};
use serde_saphyr::Location;

impl Builder<'_> {
    pub(super) fn constraint(
        &mut self,
        index: usize,
        r: &RawConstraint,
        at: &Location,
    ) -> Result<(), SourceError> {
        let kinds: Vec<&str> = [
            ("not_equal", r.not_equal.is_some()),
            ("all_different", r.all_different.is_some()),
            ("table", r.table.is_some()),
            ("in", r.member.is_some()),
            ("not_in", r.not_in.is_some()),
        ]
        .into_iter()
        .filter_map(|(k, present)| present.then_some(k))
        .collect();
        let kind = match kinds.as_slice() {
            [k] => *k,
            [] => {
                return Err(self.err(at, format!(
                    "constraints[{index}]: expected one of not_equal, all_different, table, in, not_in"
                )));
            }
            many => {
                return Err(self.err(
                    at,
                    format!(
                        "constraints[{index}]: one constraint per entry, found {}",
                        many.join(" and ")
                    ),
                ));
            }
        };
        // Parameters that do not belong to this kind.
        let params = [
            (
                "offset",
                r.offset.as_ref().map(|s| &s.referenced),
                kind == "not_equal",
            ),
            (
                "offsets",
                r.offsets.as_ref().map(|s| &s.referenced),
                kind == "all_different",
            ),
            (
                "tuples",
                r.tuples.as_ref().map(|s| &s.referenced),
                kind == "table",
            ),
            (
                "values",
                r.values.as_ref().map(|s| &s.referenced),
                kind == "in" || kind == "not_in",
            ),
        ];
        for (p, loc, ok) in params {
            if let (Some(loc), false) = (loc, ok) {
                return Err(self.err(
                    loc,
                    format!("`{p}` does not apply to a `{kind}` constraint"),
                ));
            }
        }
        match kind {
            "not_equal" => self.not_equal(index, r, at),
            "all_different" => self.all_different(index, r, at),
            "table" => self.table(index, r, at),
            _ => self.membership(index, r, at, kind),
        }
    }

    /// A model's refusal of the constraint, as an error at the entry.
    fn invalid(&self, index: usize, at: &Location, e: ModelError) -> SourceError {
        self.err(at, format!("constraints[{index}]: {e}"))
    }

    /// `not_equal: [x, y]`, with an optional integer `offset`: `x ≠ y + offset`.
    fn not_equal(
        &mut self,
        index: usize,
        r: &RawConstraint,
        at: &Location,
    ) -> Result<(), SourceError> {
        let ns = r.not_equal.as_ref().expect("kind present");
        let vs = self.vars(ns)?;
        let [x, y] = vs[..] else {
            return Err(self.err(
                &ns.referenced,
                format!("not_equal takes two variables, found {}", vs.len()),
            ));
        };
        self.same_kind(&vs, &ns.referenced)?;
        let offset = match &r.offset {
            None => 0,
            Some(o) => {
                if self.kinds[x.index()] == VarKind::Sym {
                    return Err(self.err(&o.referenced, "an offset needs integer variables"));
                }
                self.int(&o.referenced, o.value)?
            }
        };
        self.model
            .not_equal_offset(x, y, offset)
            .map_err(|e| self.invalid(index, at, e))?;
        Ok(())
    }

    /// `all_different: [..]`, with optional integer `offsets`, one per variable.
    fn all_different(
        &mut self,
        index: usize,
        r: &RawConstraint,
        at: &Location,
    ) -> Result<(), SourceError> {
        let ns = r.all_different.as_ref().expect("kind present");
        let vs = self.vars(ns)?;
        self.same_kind(&vs, &ns.referenced)?;
        match &r.offsets {
            None => self.model.all_different(&vs),
            Some(o) => {
                if vs
                    .first()
                    .is_some_and(|x| self.kinds[x.index()] == VarKind::Sym)
                {
                    return Err(self.err(&o.referenced, "offsets need integer variables"));
                }
                if o.value.len() != vs.len() {
                    return Err(self.err(
                        &o.referenced,
                        format!(
                            "expected {} offsets (one per variable), found {}",
                            vs.len(),
                            o.value.len()
                        ),
                    ));
                }
                let offs = o
                    .value
                    .iter()
                    .map(|&i| self.int(&o.referenced, i))
                    .collect::<Result<Vec<_>, _>>()?;
                self.model.all_different_offset(&vs, &offs)
            }
        }
        .map_err(|e| self.invalid(index, at, e))?;
        Ok(())
    }

    /// `table: [..]` with `tuples`, the allowed rows.
    fn table(&mut self, index: usize, r: &RawConstraint, at: &Location) -> Result<(), SourceError> {
        let ns = r.table.as_ref().expect("kind present");
        let vs = self.vars(ns)?;
        let Some(tuples) = &r.tuples else {
            return Err(self.err(at, "a table needs `tuples: [[…], …]`, the allowed tuples"));
        };
        let mut rows = Vec::with_capacity(tuples.value.len());
        for t in &tuples.value {
            if t.value.len() != vs.len() {
                return Err(self.err(
                    &t.referenced,
                    format!(
                        "tuple has {} values; expected {} (one per variable)",
                        t.value.len(),
                        vs.len()
                    ),
                ));
            }
            let mut row = Vec::with_capacity(vs.len());
            for (&x, item) in vs.iter().zip(&t.value) {
                row.push(self.value(x, item)?);
            }
            rows.push(row);
        }
        self.model
            .table(&vs, rows)
            .map_err(|e| self.invalid(index, at, e))?;
        Ok(())
    }

    /// `in: x` or `not_in: x` with `values`.
    fn membership(
        &mut self,
        index: usize,
        r: &RawConstraint,
        at: &Location,
        kind: &str,
    ) -> Result<(), SourceError> {
        let (n, allowed) = match (&r.member, &r.not_in) {
            (Some(n), _) => (n, true),
            (_, Some(n)) => (n, false),
            _ => unreachable!("kind is in or not_in"),
        };
        let x = self.var(n)?;
        let Some(values) = &r.values else {
            return Err(self.err(at, format!("`{kind}` needs `values: [...]`")));
        };
        let mut vals = Vec::with_capacity(values.value.len());
        for item in &values.value {
            vals.push(self.value(x, item)?);
        }
        if allowed {
            self.model.member(x, &vals)
        } else {
            self.model.not_member(x, &vals)
        }
        .map_err(|e| self.invalid(index, at, e))?;
        Ok(())
    }

    pub(super) fn same_kind(&self, vs: &[VarId], at: &Location) -> Result<(), SourceError> {
        if let Some(first) = vs.first() {
            let k = self.kinds[first.index()];
            if let Some(other) = vs.iter().find(|x| self.kinds[x.index()] != k) {
                return Err(self.err(
                    at,
                    format!(
                        "`{}` and `{}` cannot be compared: one takes integers, the other symbols",
                        self.model.name(*first),
                        self.model.name(*other)
                    ),
                ));
            }
        }
        Ok(())
    }
}
