//! A FlatZinc model with its names resolved: variables by index, parameters and arrays
//! replaced by their values, the annotations that matter read ([`crate::parse`] builds it).

use crate::ast::{Base, Expr, Item, Pos, SetLit, Type};
use crate::parser::{ParseError, Parser};
use csp_model::SourceError;
use std::collections::HashMap;
use std::sync::Arc;

/// A set of integers: sorted, disjoint, non-adjacent closed ranges.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct IntSet {
    ranges: Vec<(i64, i64)>,
}

impl IntSet {
    /// `lo..=hi` (empty when `lo > hi`).
    pub fn range(lo: i64, hi: i64) -> Self {
        IntSet {
            ranges: if lo <= hi { vec![(lo, hi)] } else { Vec::new() },
        }
    }

    /// The set of `values` (any order, duplicates allowed).
    pub fn from_values(mut values: Vec<i64>) -> Self {
        values.sort_unstable();
        values.dedup();
        let mut ranges: Vec<(i64, i64)> = Vec::new();
        for v in values {
            match ranges.last_mut() {
                Some((_, hi)) if hi.checked_add(1) == Some(v) => *hi = v,
                _ => ranges.push((v, v)),
            }
        }
        IntSet { ranges }
    }

    /// The ranges, increasing.
    pub fn ranges(&self) -> &[(i64, i64)] {
        &self.ranges
    }

    /// Whether `v` is in the set.
    pub fn contains(&self, v: i64) -> bool {
        let i = self.ranges.partition_point(|&(_, hi)| hi < v);
        self.ranges.get(i).is_some_and(|&(lo, _)| lo <= v)
    }

    /// Whether the set has no element.
    pub fn is_empty(&self) -> bool {
        self.ranges.is_empty()
    }

    /// Smallest element.
    pub fn min(&self) -> Option<i64> {
        self.ranges.first().map(|r| r.0)
    }

    /// Largest element.
    pub fn max(&self) -> Option<i64> {
        self.ranges.last().map(|r| r.1)
    }

    /// Number of elements (saturating).
    pub fn len(&self) -> u64 {
        self.ranges
            .iter()
            .map(|&(lo, hi)| (i128::from(hi) - i128::from(lo) + 1) as u64)
            .fold(0u64, u64::saturating_add)
    }

    /// The elements, increasing (walk only small sets).
    pub fn iter(&self) -> impl Iterator<Item = i64> + '_ {
        self.ranges.iter().flat_map(|&(lo, hi)| lo..=hi)
    }

    /// The elements of both sets.
    pub fn intersect(&self, other: &IntSet) -> IntSet {
        let (mut i, mut j, mut out) = (0, 0, Vec::new());
        while i < self.ranges.len() && j < other.ranges.len() {
            let (a, b) = (self.ranges[i], other.ranges[j]);
            let (lo, hi) = (a.0.max(b.0), a.1.min(b.1));
            if lo <= hi {
                out.push((lo, hi));
            }
            if a.1 < b.1 {
                i += 1;
            } else {
                j += 1;
            }
        }
        IntSet { ranges: out }
    }
}

impl std::fmt::Display for IntSet {
    /// MiniZinc's syntax: `1..5`, `{1,3,7}` or `1..3 union {7}`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.ranges.as_slice() {
            [] => write!(f, "{{}}"),
            [(lo, hi)] if lo != hi => write!(f, "{lo}..{hi}"),
            rs if rs.iter().all(|r| r.1 - r.0 < 2) => {
                let v: Vec<String> = self.iter().map(|v| v.to_string()).collect();
                write!(f, "{{{}}}", v.join(","))
            }
            rs => {
                let parts: Vec<String> = rs
                    .iter()
                    .map(|&(lo, hi)| {
                        if lo == hi {
                            format!("{{{lo}}}")
                        } else {
                            format!("{lo}..{hi}")
                        }
                    })
                    .collect();
                write!(f, "{}", parts.join(" union "))
            }
        }
    }
}

/// An argument, resolved: a constant, a variable (by index into [`FlatZinc::vars`]), or an
/// array of those.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float (only as a parameter; no float constraint is supported).
    Float(f64),
    /// A constant set.
    Set(IntSet),
    /// A variable.
    Var(usize),
    /// An array (shared: a parameter array named in many constraints is stored once).
    Array(Arc<[Arg]>),
}

impl Arg {
    /// The elements when this is an array.
    pub fn as_array(&self) -> Option<&[Arg]> {
        match self {
            Arg::Array(a) => Some(a),
            _ => None,
        }
    }
}

/// A variable of the model.
#[derive(Debug, Clone, PartialEq)]
pub struct Var {
    /// Its name in the file.
    pub name: String,
    /// `var bool` (values 0 and 1).
    pub is_bool: bool,
    /// Its declared domain; `None` for `var int` with no bounds.
    pub domain: Option<IntSet>,
    /// `= value` in the declaration: an alias of another variable, or a constant.
    pub equals: Option<Arg>,
    /// Annotated `output_var`.
    pub output: bool,
    /// Annotated `var_is_introduced` (made by the compiler, not the modeller).
    pub introduced: bool,
    /// Annotated `is_defined_var` (a constraint defines it functionally).
    pub defined: bool,
    /// Where it is declared.
    pub pos: Pos,
}

/// A constraint item.
#[derive(Debug, Clone, PartialEq)]
pub struct Constraint {
    /// The predicate, e.g. `int_lin_le`.
    pub name: String,
    /// The arguments.
    pub args: Vec<Arg>,
    /// Where each argument starts.
    pub arg_pos: Vec<Pos>,
    /// `defines_var(x)`: the variable this constraint defines.
    pub defines: Option<usize>,
    /// Where the item starts.
    pub pos: Pos,
}

/// An annotation, its names resolved where they name parameters or variables.
#[derive(Debug, Clone, PartialEq)]
pub enum Ann {
    /// A bare name, e.g. `first_fail`, `complete`.
    Name(String),
    /// `name(args)`.
    Call(String, Vec<Ann>),
    /// A value (variables, arrays, constants).
    Arg(Arg),
    /// An array of annotations (`seq_search([…])`).
    Array(Vec<Ann>),
    /// A string.
    Str(String),
}

/// What to do: satisfy, or optimise an objective.
#[derive(Debug, Clone, PartialEq)]
pub enum Goal {
    /// Find a solution.
    Satisfy,
    /// Minimise the value of the argument (a variable or a constant).
    Minimize(Arg),
    /// Maximise it.
    Maximize(Arg),
}

/// The solve item.
#[derive(Debug, Clone, PartialEq)]
pub struct Solve {
    /// The goal.
    pub goal: Goal,
    /// Its annotations (search strategies).
    pub anns: Vec<Ann>,
    /// Where the item starts.
    pub pos: Pos,
}

/// One thing to print with each solution, in declaration order.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    /// The name printed.
    pub name: String,
    /// For arrays, the index ranges of `output_array([a..b, …])`; `None` for a variable.
    pub dims: Option<Vec<(i64, i64)>>,
    /// The variable, or the array's elements.
    pub value: Arg,
    /// Whether the values print as `true`/`false`.
    pub is_bool: bool,
}

/// A FlatZinc model: what [`crate::parse`] returns.
#[derive(Debug, Clone, PartialEq)]
pub struct FlatZinc {
    /// The variables, in declaration order.
    pub vars: Vec<Var>,
    /// The constraints, in order.
    pub constraints: Vec<Constraint>,
    /// The solve item.
    pub solve: Solve,
    /// What to print.
    pub outputs: Vec<Output>,
}

#[derive(Debug, Clone)]
enum Binding {
    Par(Arg),
    Var(usize),
    VarArray(Arc<[Arg]>),
}

struct Builder<'t> {
    file: &'t str,
    text: &'t str,
    names: HashMap<String, Binding>,
    vars: Vec<Var>,
    constraints: Vec<Constraint>,
    solve: Option<Solve>,
    outputs: Vec<Output>,
}

/// Reads FlatZinc `text` (named `file` in errors).
pub fn parse(text: &str, file: &str) -> Result<FlatZinc, SourceError> {
    let mut b = Builder {
        file,
        text,
        names: HashMap::new(),
        vars: Vec::new(),
        constraints: Vec::new(),
        solve: None,
        outputs: Vec::new(),
    };
    let mut parser = Parser::new(text).map_err(|e| b.err(e.pos, e.message))?;
    let mut failure = None;
    let r = parser.items(|item| {
        b.item(item).map_err(|e| {
            failure = Some(e);
            ParseError {
                pos: Pos::default(),
                message: String::new(),
            }
        })
    });
    if let Some(e) = failure {
        return Err(e);
    }
    r.map_err(|e| b.err(e.pos, e.message))?;
    let Some(solve) = b.solve.take() else {
        let lines = text.lines().count().max(1) as u32;
        return Err(b.err(
            Pos {
                line: lines,
                column: 1,
            },
            "expected a solve item (`solve satisfy;`), found the end of the file",
        ));
    };
    Ok(FlatZinc {
        vars: b.vars,
        constraints: b.constraints,
        solve,
        outputs: b.outputs,
    })
}

impl Builder<'_> {
    fn err(&self, pos: Pos, message: impl Into<String>) -> SourceError {
        SourceError::at(self.file, self.text, pos.line, pos.column, message)
    }

    fn item(&mut self, item: Item) -> Result<(), SourceError> {
        if let Some(s) = &self.solve {
            let pos = match &item {
                Item::Decl { pos, .. } | Item::Constraint { pos, .. } | Item::Solve { pos, .. } => {
                    *pos
                }
                Item::Predicate { .. } => s.pos,
            };
            return Err(self.err(pos, "expected nothing after the solve item"));
        }
        match item {
            Item::Predicate { .. } => Ok(()),
            Item::Decl {
                ty,
                name,
                anns,
                value,
                pos,
            } => self.declaration(ty, name, anns, value, pos),
            Item::Constraint {
                name,
                args,
                anns,
                pos,
            } => {
                let mut resolved = Vec::with_capacity(args.len());
                let mut arg_pos = Vec::with_capacity(args.len());
                for (e, at) in args {
                    resolved.push(self.resolve(&e, at)?);
                    arg_pos.push(at);
                }
                let mut defines = None;
                for a in &anns {
                    if let Expr::Call(n, xs) = a
                        && n == "defines_var"
                        && let [Expr::Ident(x)] = xs.as_slice()
                        && let Some(Binding::Var(v)) = self.names.get(x)
                    {
                        defines = Some(*v);
                    }
                }
                self.constraints.push(Constraint {
                    name,
                    args: resolved,
                    arg_pos,
                    defines,
                    pos,
                });
                Ok(())
            }
            Item::Solve {
                anns,
                objective,
                pos,
            } => {
                let goal = match objective {
                    None => Goal::Satisfy,
                    Some((min, e, at)) => {
                        let a = self.resolve(&e, at)?;
                        if !matches!(a, Arg::Int(_) | Arg::Var(_)) {
                            return Err(self
                                .err(at, "expected an integer variable or constant to optimise"));
                        }
                        if let Arg::Var(v) = a
                            && self.vars[v].is_bool
                        {
                            return Err(self.err(
                                at,
                                "expected an integer objective, found a boolean variable",
                            ));
                        }
                        if min {
                            Goal::Minimize(a)
                        } else {
                            Goal::Maximize(a)
                        }
                    }
                };
                let anns = anns
                    .iter()
                    .map(|a| self.annotation(a, pos))
                    .collect::<Result<_, _>>()?;
                self.solve = Some(Solve { goal, anns, pos });
                Ok(())
            }
        }
    }

    fn declaration(
        &mut self,
        ty: Type,
        name: String,
        anns: Vec<Expr>,
        value: Option<(Expr, Pos)>,
        pos: Pos,
    ) -> Result<(), SourceError> {
        if self.names.contains_key(&name) {
            return Err(self.err(pos, format!("`{name}` is declared twice")));
        }
        if ty.var && ty.base == Base::Float {
            return Err(self.err(
                pos,
                format!("`{name}` is a float variable; csp solves integer and boolean models only"),
            ));
        }
        if ty.var && ty.base == Base::SetOf {
            return Err(self.err(
                pos,
                format!("`{name}` is a set variable; csp has none (compile with `minizinc --solver csp`, whose library turns sets into booleans)"),
            ));
        }
        let binding = match (ty.array, ty.var) {
            (None, false) => {
                let Some((e, at)) = value else {
                    return Err(
                        self.err(pos, format!("expected a value for the parameter `{name}`"))
                    );
                };
                let v = self.resolve(&e, at)?;
                self.check_par(&ty.base, &v, at)?;
                Binding::Par(v)
            }
            (Some(n), false) => {
                let Some((e, at)) = value else {
                    return Err(self.err(
                        pos,
                        format!("expected a value for the parameter array `{name}`"),
                    ));
                };
                let v = self.resolve(&e, at)?;
                let Some(items) = v.as_array() else {
                    return Err(self.err(at, "expected an array"));
                };
                self.check_len(&name, n, items.len(), at)?;
                for it in items {
                    self.check_par(&ty.base, it, at)?;
                }
                Binding::Par(v)
            }
            (None, true) => {
                let (is_bool, domain) = match &ty.base {
                    Base::Bool => (true, Some(IntSet::range(0, 1))),
                    Base::Int => (false, None),
                    Base::IntIn(s) => (false, Some(set_of(s))),
                    _ => unreachable!("floats and sets refused above"),
                };
                if domain.as_ref().is_some_and(IntSet::is_empty) {
                    return Err(self.err(pos, format!("`{name}` has an empty domain")));
                }
                let equals = match value {
                    Some((e, at)) => {
                        let v = self.resolve(&e, at)?;
                        match v {
                            Arg::Var(_) | Arg::Int(_) => {}
                            Arg::Bool(b) if is_bool => {
                                let _ = b;
                            }
                            _ => {
                                return Err(self.err(
                                    at,
                                    format!(
                                        "expected a {} variable or constant",
                                        if is_bool { "bool" } else { "int" }
                                    ),
                                ));
                            }
                        }
                        if let Arg::Var(w) = v
                            && self.vars[w].is_bool != is_bool
                        {
                            return Err(self.err(at, "expected a variable of the same type"));
                        }
                        Some(v)
                    }
                    None => None,
                };
                let has = |n: &str| anns.iter().any(|a| matches!(a, Expr::Ident(x) if x == n));
                let idx = self.vars.len();
                self.vars.push(Var {
                    name: name.clone(),
                    is_bool,
                    domain,
                    equals,
                    output: has("output_var"),
                    introduced: has("var_is_introduced"),
                    defined: has("is_defined_var"),
                    pos,
                });
                if has("output_var") {
                    self.outputs.push(Output {
                        name: name.clone(),
                        dims: None,
                        value: Arg::Var(idx),
                        is_bool,
                    });
                }
                Binding::Var(idx)
            }
            (Some(n), true) => {
                let Some((e, at)) = value else {
                    return Err(
                        self.err(pos, format!("expected the elements of the array `{name}`"))
                    );
                };
                let v = self.resolve(&e, at)?;
                let Some(items) = v.as_array() else {
                    return Err(self.err(at, "expected an array"));
                };
                self.check_len(&name, n, items.len(), at)?;
                let is_bool = ty.base == Base::Bool;
                for it in items {
                    let ok = match it {
                        Arg::Var(w) => self.vars[*w].is_bool == is_bool,
                        Arg::Bool(_) => is_bool,
                        Arg::Int(_) => !is_bool,
                        _ => false,
                    };
                    if !ok {
                        return Err(self.err(
                            at,
                            format!(
                                "expected {} variables or constants in `{name}`",
                                if is_bool { "bool" } else { "int" }
                            ),
                        ));
                    }
                }
                for a in &anns {
                    if let Expr::Call(f, xs) = a
                        && f == "output_array"
                    {
                        let dims = self.dims(xs, items.len(), pos)?;
                        self.outputs.push(Output {
                            name: name.clone(),
                            dims: Some(dims),
                            value: v.clone(),
                            is_bool,
                        });
                    }
                }
                let Arg::Array(items) = v else { unreachable!() };
                Binding::VarArray(items)
            }
        };
        self.names.insert(name, binding);
        Ok(())
    }

    fn check_len(
        &self,
        name: &str,
        declared: i64,
        found: usize,
        at: Pos,
    ) -> Result<(), SourceError> {
        if declared.max(0) as u64 != found as u64 {
            return Err(self.err(
                at,
                format!("`{name}` is declared with {declared} elements but has {found}"),
            ));
        }
        Ok(())
    }

    /// `output_array([a..b, …])`: the ranges, whose sizes multiply to the array's length.
    fn dims(&self, xs: &[Expr], len: usize, pos: Pos) -> Result<Vec<(i64, i64)>, SourceError> {
        let bad = || {
            self.err(pos, "expected `output_array([a..b, …])` with ranges whose sizes multiply to the array's length")
        };
        let [Expr::Array(ranges)] = xs else {
            return Err(bad());
        };
        let mut dims = Vec::new();
        let mut product: u128 = 1;
        for r in ranges {
            match r {
                Expr::Set(SetLit::Range(lo, hi)) => {
                    dims.push((*lo, *hi));
                    product = product
                        .saturating_mul((i128::from(*hi) - i128::from(*lo) + 1).max(0) as u128);
                }
                _ => return Err(bad()),
            }
        }
        if product != len as u128 || dims.is_empty() {
            return Err(bad());
        }
        Ok(dims)
    }

    fn check_par(&self, base: &Base, v: &Arg, at: Pos) -> Result<(), SourceError> {
        let ok = match base {
            Base::Bool => matches!(v, Arg::Bool(_)),
            Base::Int => matches!(v, Arg::Int(_)),
            Base::IntIn(s) => matches!(v, Arg::Int(i) if set_of(s).contains(*i)),
            Base::Float => matches!(v, Arg::Float(_) | Arg::Int(_)),
            Base::SetOf => matches!(v, Arg::Set(_)),
        };
        if ok {
            Ok(())
        } else {
            Err(self.err(at, "expected a value of the declared type"))
        }
    }

    /// An expression's value: names replaced by what they stand for.
    fn resolve(&self, e: &Expr, at: Pos) -> Result<Arg, SourceError> {
        Ok(match e {
            Expr::Bool(b) => Arg::Bool(*b),
            Expr::Int(i) => Arg::Int(*i),
            Expr::Float(f) => Arg::Float(*f),
            Expr::Set(s) => match s {
                SetLit::FloatRange(..) => return Err(self.err(at, "expected a set of integers")),
                s => Arg::Set(set_of(s)),
            },
            Expr::Ident(n) => match self.names.get(n) {
                Some(Binding::Par(a)) => a.clone(),
                Some(Binding::Var(v)) => Arg::Var(*v),
                Some(Binding::VarArray(a)) => Arg::Array(a.clone()),
                None => {
                    return Err(self.err(at, format!("`{n}` is not declared (before this use)")));
                }
            },
            Expr::Access(n, i) => {
                let items = match self.names.get(n) {
                    Some(Binding::Par(Arg::Array(a))) | Some(Binding::VarArray(a)) => a,
                    Some(_) => return Err(self.err(at, format!("`{n}` is not an array"))),
                    None => {
                        return Err(
                            self.err(at, format!("`{n}` is not declared (before this use)"))
                        );
                    }
                };
                match usize::try_from(*i)
                    .ok()
                    .and_then(|i| i.checked_sub(1))
                    .and_then(|k| items.get(k))
                {
                    Some(a) => a.clone(),
                    None => {
                        return Err(self.err(
                            at,
                            format!("index {i} is outside `{n}` (1..{})", items.len()),
                        ));
                    }
                }
            }
            Expr::Array(items) => {
                let v = items
                    .iter()
                    .map(|x| self.resolve(x, at))
                    .collect::<Result<Vec<_>, _>>()?;
                if v.iter().any(|a| matches!(a, Arg::Array(_))) {
                    return Err(
                        self.err(at, "expected an array of values, found an array inside it")
                    );
                }
                Arg::Array(v.into())
            }
            Expr::Str(_) => return Err(self.err(at, "expected a value, found a string")),
            Expr::Call(f, _) => {
                return Err(self.err(at, format!("expected a value, found a call of `{f}`")));
            }
        })
    }

    /// An annotation: names of parameters and variables resolved, other names kept.
    fn annotation(&self, e: &Expr, at: Pos) -> Result<Ann, SourceError> {
        Ok(match e {
            Expr::Ident(n) if !self.names.contains_key(n) => Ann::Name(n.clone()),
            Expr::Call(f, xs) => Ann::Call(
                f.clone(),
                xs.iter()
                    .map(|x| self.annotation(x, at))
                    .collect::<Result<_, _>>()?,
            ),
            Expr::Array(xs)
                if xs.iter().any(|x| {
                    matches!(x, Expr::Call(..))
                        || matches!(x, Expr::Ident(n) if !self.names.contains_key(n))
                }) =>
            {
                Ann::Array(
                    xs.iter()
                        .map(|x| self.annotation(x, at))
                        .collect::<Result<_, _>>()?,
                )
            }
            Expr::Str(s) => Ann::Str(s.clone()),
            e => Ann::Arg(self.resolve(e, at)?),
        })
    }
}

fn set_of(s: &SetLit) -> IntSet {
    match s {
        SetLit::Range(lo, hi) => IntSet::range(*lo, *hi),
        SetLit::Values(v) => IntSet::from_values(v.clone()),
        SetLit::FloatRange(..) => IntSet::default(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const QUEENS: &str = "\
predicate my_pred(array [int] of var int: x);
int: n = 3;
array [1..2] of int: c = [1, -1];
var 1..3: x :: output_var;
var 1..3: y :: output_var;
var bool: b :: var_is_introduced :: is_defined_var;
var 1..3: z = y;
array [1..2] of var int: xs :: output_array([1..2]) = [x, y];
constraint int_lin_le(c, xs, 0);
constraint int_ne_reif(x, y, b) :: defines_var(b);
solve :: int_search(xs, first_fail, indomain_min, complete) minimize x;
";

    #[test]
    fn names_resolve_to_variables_and_values() {
        let m = parse(QUEENS, "q.fzn").unwrap();
        assert_eq!(m.vars.len(), 4);
        assert_eq!(m.vars[3].equals, Some(Arg::Var(1)));
        assert_eq!(
            m.constraints[0].args[0],
            Arg::Array(vec![Arg::Int(1), Arg::Int(-1)].into())
        );
        assert_eq!(
            m.constraints[0].args[1],
            Arg::Array(vec![Arg::Var(0), Arg::Var(1)].into())
        );
        assert_eq!(m.constraints[1].defines, Some(2));
        assert!(m.vars[2].is_bool && m.vars[2].introduced && m.vars[2].defined);
        assert_eq!(m.solve.goal, Goal::Minimize(Arg::Var(0)));
        let names: Vec<_> = m.outputs.iter().map(|o| o.name.as_str()).collect();
        assert_eq!(names, ["x", "y", "xs"]);
        assert!(
            matches!(&m.solve.anns[0], Ann::Call(f, a) if f == "int_search" && a[1] == Ann::Name("first_fail".into()))
        );
    }

    #[test]
    fn errors_name_the_place_and_what_was_expected() {
        let e = parse(
            "var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n",
            "m.fzn",
        )
        .unwrap_err();
        assert_eq!(e.position(), Some((2, 22)));
        assert!(e.message().contains("`y` is not declared"), "{e}");
        let e = parse("var 1..3: x\nsolve satisfy;", "m.fzn").unwrap_err();
        assert_eq!(e.position(), Some((2, 1)));
        assert!(e.message().contains("expected `;`"), "{e}");
        let e = parse("var float: f;\nsolve satisfy;", "m.fzn").unwrap_err();
        assert!(e.message().contains("float variable"), "{e}");
        let e = parse("var 1..3: x;\n", "m.fzn").unwrap_err();
        assert!(e.message().contains("solve item"), "{e}");
        let e = parse("array [1..3] of int: a = [1, 2];\nsolve satisfy;", "m.fzn").unwrap_err();
        assert!(e.message().contains("3 elements but has 2"), "{e}");
    }

    #[test]
    fn int_sets_merge_adjacent_values_and_print_as_minizinc_does() {
        let s = IntSet::from_values(vec![5, 1, 2, 3, 9]);
        assert_eq!(s.ranges(), &[(1, 3), (5, 5), (9, 9)]);
        assert!(s.contains(2) && !s.contains(4) && s.contains(9));
        assert_eq!(s.to_string(), "1..3 union {5} union {9}");
        assert_eq!(IntSet::from_values(vec![1, 3]).to_string(), "{1,3}");
        assert_eq!(
            IntSet::range(2, 7).intersect(&s).ranges(),
            &[(2, 3), (5, 5)]
        );
    }
}
