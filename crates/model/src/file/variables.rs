//! Data and variables: domains as written, arrays over index sets, values by kind.

use super::build::Builder;
use super::raw::{Names, RawVar};
use super::{
    BITSET_DOMAIN_SPAN, DomainSpec, Item, MAX_ARRAY, Shown, VarKind, fail_error, is_identifier,
};
use crate::data::{self, DataValue};
use crate::lang::ast::{Expr, Kind};
use crate::lang::eval::{Eval, V};
use crate::lang::scope::{Array, IndexSet, Key, Named};
use crate::lang::{self, LangError};
use crate::source::SourceError;
use csp_core::domain::Representation;
use csp_core::{Domain, ModelError, Value, VarId};
use serde_saphyr::{Location, Spanned};

impl Builder<'_> {
    pub(super) fn domain(
        &mut self,
        spec: &Spanned<DomainSpec>,
        var: &str,
    ) -> Result<(Domain, VarKind), SourceError> {
        let at = &spec.referenced;
        match &spec.value {
            DomainSpec::Range(s) => self.domain_text(s, at, var),
            DomainSpec::List(items) => {
                if items.is_empty() {
                    return Err(self.err(
                        at,
                        format!("domain of `{var}` is empty; expected at least one value"),
                    ));
                }
                let syms = items.iter().filter(|i| matches!(i, Item::Sym(_))).count();
                if syms != 0 && syms != items.len() {
                    return Err(self.err(at, format!(
                        "domain of `{var}` mixes integers and symbols; expected one or the other"
                    )));
                }
                if syms > 0 {
                    let vals: Vec<Value> = items
                        .iter()
                        .map(|i| match i {
                            Item::Sym(s) => self.symbol(s),
                            Item::Int(_) => 0,
                        })
                        .collect();
                    Ok((Domain::from_values(vals), VarKind::Sym))
                } else {
                    let mut vals = Vec::with_capacity(items.len());
                    for i in items {
                        if let Item::Int(i) = i {
                            vals.push(self.int(at, *i)?);
                        }
                    }
                    Ok((Domain::from_values(vals), VarKind::Int))
                }
            }
        }
    }

    /// A domain written as text: `bool`, a range `lo..hi` of constant expressions, or an
    /// expression giving a list or a set (`colours`, `[1, 3, 5]`).
    pub(super) fn domain_text(
        &mut self,
        s: &str,
        at: &Location,
        var: &str,
    ) -> Result<(Domain, VarKind), SourceError> {
        if s.trim() == "bool" {
            return Ok((Domain::range(0, 1), VarKind::Bool));
        }
        // `1..=9` is read as `1..9`, as before the expression language.
        let text = s.replace("..=", "..");
        let expected = "expected `bool`, a range like 1..9, a list of values or a set's name";
        let in_domain = |mut e: LangError| {
            e.message = format!("domain of `{var}`: {}; {expected}", e.message);
            e
        };
        let expr = lang::parse(&text).map_err(|e| self.lang_err(at, &text, in_domain(e)))?;
        let ev = |b: &Self, e: &Expr| {
            Eval::constants(&b.scope)
                .int(e, &mut Vec::new())
                .map_err(|f| b.lang_err(at, &text, in_domain(fail_error(f, "a domain"))))
        };
        if let Kind::Range(a, b) = &expr.kind {
            let (lo, hi) = (ev(self, a)?, ev(self, b)?);
            if lo > hi {
                return Err(self.err(at, format!("domain of `{var}` is empty: {lo} > {hi}")));
            }
            return Ok((
                Domain::range(self.int(at, lo)?, self.int(at, hi)?),
                VarKind::Int,
            ));
        }
        let items = match Eval::constants(&self.scope).value(&expr, &mut Vec::new()) {
            Ok(V::List(items)) if !items.is_empty() => items,
            Ok(_) => {
                return Err(self.err(at, format!(
                    "domain of `{var}`: expected `bool`, a range like 1..9, a list of values or a set's name, found `{s}`"
                )));
            }
            Err(f) => return Err(self.lang_err(at, &text, in_domain(fail_error(f, "a domain")))),
        };
        let mut ints = Vec::new();
        let mut syms = Vec::new();
        for v in items {
            match v {
                V::Key(Key::Int(i)) => ints.push(self.int(at, i)?),
                V::Key(Key::Sym(y)) => syms.push(y as Value),
                V::List(_) => {
                    return Err(self.err(at, format!("domain of `{var}`: a list of lists")));
                }
            }
        }
        match (ints.is_empty(), syms.is_empty()) {
            (false, true) => Ok((Domain::from_values(ints), VarKind::Int)),
            (true, false) => Ok((Domain::from_values(syms), VarKind::Sym)),
            _ => Err(self.err(
                at,
                format!("domain of `{var}` mixes integers and symbols; expected one or the other"),
            )),
        }
    }

    /// Declares variable `name` over `domain`, as a bitset or (when wide) an interval.
    pub(super) fn new_var(
        &mut self,
        name: &str,
        domain: Domain,
        kind: VarKind,
        at: &Location,
    ) -> Result<VarId, SourceError> {
        let repr = if domain.span() > BITSET_DOMAIN_SPAN {
            Representation::Bounds
        } else {
            Representation::Bits
        };
        let x = self
            .model
            .new_var_as(name, domain, repr)
            .map_err(|e| match e {
                ModelError::DuplicateName(name) => {
                    self.err(at, format!("duplicate variable name `{name}`"))
                }
                e => self.err(at, e.to_string()),
            })?;
        self.kinds.push(kind);
        Ok(x)
    }

    /// A `data:` entry.
    pub(super) fn datum(
        &mut self,
        name: &Spanned<String>,
        value: &Spanned<DataValue>,
    ) -> Result<(), SourceError> {
        let n = &name.value;
        if !is_identifier(n) {
            return Err(self.err(
                &name.referenced,
                format!("`{n}`: a datum's name is letters, digits and `_`, starting with a letter"),
            ));
        }
        let what = data::meaning(&value.value, &mut self.scope)
            .map_err(|m| self.err(&value.referenced, format!("data `{n}`: {m}")))?;
        if !self.scope.define(n, what) {
            return Err(self.err(&name.referenced, format!("`{n}` is defined twice")));
        }
        Ok(())
    }

    /// A `variables:` map entry: `x: DOMAIN` or `q[SET, …]: DOMAIN`.
    pub(super) fn declared(
        &mut self,
        key: &Spanned<String>,
        domain: &Spanned<DomainSpec>,
    ) -> Result<(), SourceError> {
        let at = &key.referenced;
        let expr = lang::parse(&key.value).map_err(|e| self.lang_err(at, &key.value, e))?;
        let expected = || {
            format!(
                "`{}`: expected a name (`x`) or an array (`q[1..8]`, `s[jobs, 1..3]`)",
                key.value
            )
        };
        let (name, sets) = match &expr.kind {
            Kind::Name(n) => (n.clone(), None),
            Kind::Index(a, idx) => match &a.kind {
                Kind::Name(n) => (n.clone(), Some(idx)),
                _ => return Err(self.err(at, expected())),
            },
            _ => return Err(self.err(at, expected())),
        };
        if self.scope.contains(&name) {
            return Err(self.err(at, format!("`{name}` is defined twice")));
        }
        let (dom, kind) = self.domain(domain, &name)?;
        let Some(sets) = sets else {
            let x = self.new_var(&name, dom, kind, at)?;
            self.scope.define(&name, Named::Var(x));
            self.shown.push(Shown::Var(x));
            return Ok(());
        };
        let mut index = Vec::with_capacity(sets.len());
        for s in sets {
            index.push(self.index_set(s, at, &key.value)?);
        }
        let total = index.iter().try_fold(1usize, |n, s| n.checked_mul(s.len()));
        if total.is_none_or(|t| t > MAX_ARRAY) {
            return Err(self.err(at, format!("`{name}` has more than {MAX_ARRAY} variables")));
        }
        let mut arr = Array {
            index,
            items: Vec::new(),
        };
        for p in 0..total.unwrap_or(0) {
            let keys: Vec<String> = arr
                .keys(p)
                .into_iter()
                .map(|k| self.scope.show(k))
                .collect();
            let x = self.new_var(
                &format!("{name}[{}]", keys.join(",")),
                dom.clone(),
                kind,
                at,
            )?;
            arr.items.push(x);
        }
        self.scope.define(&name, Named::VarArray(arr.clone()));
        self.shown.push(Shown::Array(name, arr));
        Ok(())
    }

    /// An array's index set: a range of constants, or a set of symbols.
    pub(super) fn index_set(
        &self,
        e: &Expr,
        at: &Location,
        text: &str,
    ) -> Result<IndexSet, SourceError> {
        let value = Eval::constants(&self.scope)
            .value(e, &mut Vec::new())
            .map_err(|f| self.lang_err(at, text, fail_error(f, "an index set")))?;
        let V::List(items) = value else {
            return Err(self.lang_err(
                at,
                text,
                LangError::new(
                    e.at,
                    "expected an index set: a range like 1..8 or a set of symbols",
                ),
            ));
        };
        let ints: Vec<i64> = items
            .iter()
            .filter_map(|v| match v {
                V::Key(Key::Int(i)) => Some(*i),
                _ => None,
            })
            .collect();
        let syms: Vec<usize> = items
            .iter()
            .filter_map(|v| match v {
                V::Key(Key::Sym(y)) => Some(*y),
                _ => None,
            })
            .collect();
        if ints.len() == items.len() && ints.windows(2).all(|w| w[1] == w[0] + 1) {
            return Ok(IndexSet::Range(
                ints.first().copied().unwrap_or(1),
                ints.last().copied().unwrap_or(0),
            ));
        }
        if syms.len() == items.len() {
            return Ok(IndexSet::Syms(syms));
        }
        Err(self.lang_err(
            at,
            text,
            LangError::new(
                e.at,
                "expected an index set: a range like 1..8 or a set of symbols",
            ),
        ))
    }

    pub(super) fn variable(&mut self, v: &RawVar) -> Result<(), SourceError> {
        let names: Vec<&Spanned<String>> = match (&v.name, &v.names) {
            (Some(n), None) => vec![n],
            (None, Some(ns)) if !ns.is_empty() => ns.iter().collect(),
            (Some(n), Some(_)) => {
                return Err(self.err(
                    &n.referenced,
                    "a variable entry has `name` or `names`, not both",
                ));
            }
            _ => {
                return Err(self.err(
                    &v.domain.referenced,
                    "variable entry: expected `name: NAME` or `names: [NAME, …]` beside `domain`",
                ));
            }
        };
        for n in names {
            let (domain, kind) = self.domain(&v.domain, &n.value)?;
            if self
                .scope
                .get(&n.value)
                .is_some_and(|m| !matches!(m, Named::Var(_)))
            {
                return Err(self.err(&n.referenced, format!("`{}` is defined twice", n.value)));
            }
            let x = self.new_var(&n.value, domain, kind, &n.referenced)?;
            self.scope.define(&n.value, Named::Var(x));
            self.shown.push(Shown::Var(x));
        }
        Ok(())
    }

    pub(super) fn var(&self, n: &Spanned<String>) -> Result<VarId, SourceError> {
        self.model.var_by_name(&n.value).ok_or_else(|| {
            self.err(
                &n.referenced,
                format!(
                    "unknown variable `{}`; declare it under `variables`",
                    n.value
                ),
            )
        })
    }

    pub(super) fn vars(&self, ns: &Names) -> Result<Vec<VarId>, SourceError> {
        ns.value.iter().map(|n| self.var(n)).collect()
    }

    /// The engine value of `item` for variable `x`.
    pub(super) fn value(&mut self, x: VarId, item: &Spanned<Item>) -> Result<Value, SourceError> {
        match (self.kinds[x.index()], &item.value) {
            (VarKind::Int | VarKind::Bool, Item::Int(i)) => self.int(&item.referenced, *i),
            (VarKind::Bool, Item::Sym(s)) if s == "true" || s == "false" => {
                Ok(Value::from(s == "true"))
            }
            (VarKind::Bool, Item::Sym(s)) => Err(self.err(
                &item.referenced,
                format!("`{}` is a boolean; found symbol `{s}`", self.model.name(x)),
            )),
            (VarKind::Sym, Item::Sym(s)) => Ok(self.symbol(s)),
            (VarKind::Int, Item::Sym(s)) => Err(self.err(
                &item.referenced,
                format!(
                    "`{}` takes integers, found symbol `{s}`",
                    self.model.name(x)
                ),
            )),
            (VarKind::Sym, Item::Int(i)) => Err(self.err(
                &item.referenced,
                format!("`{}` takes symbols, found integer {i}", self.model.name(x)),
            )),
        }
    }
}
