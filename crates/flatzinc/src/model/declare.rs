//! Declarations: parameters, parameter arrays, variables and variable arrays, each checked
//! against its declared type and bound to its name.

use super::build::{Binding, Builder, set_of};
use super::{Arg, IntSet, Output, Var};
use crate::ast::{Base, Expr, Pos, Type};
use csp_model::SourceError;

/// One declaration item, as the parser read it.
pub(super) struct Declaration {
    pub(super) ty: Type,
    pub(super) name: String,
    pub(super) anns: Vec<Expr>,
    pub(super) value: Option<(Expr, Pos)>,
    pub(super) pos: Pos,
}

impl Declaration {
    /// Whether the annotation `n` (a bare name) is on the declaration.
    fn has(&self, n: &str) -> bool {
        self.anns
            .iter()
            .any(|a| matches!(a, Expr::Ident(x) if x == n))
    }

    /// "bool" or "int", for messages.
    fn kind(is_bool: bool) -> &'static str {
        if is_bool { "bool" } else { "int" }
    }
}

impl Builder<'_> {
    /// Checks a declaration and binds its name: a kind the engine lacks is refused first.
    pub(super) fn declaration(&mut self, d: Declaration) -> Result<(), SourceError> {
        let name = &d.name;
        if self.names.contains_key(name) {
            return Err(self.err(d.pos, format!("`{name}` is declared twice")));
        }
        if d.ty.var && d.ty.base == Base::Float {
            return Err(self.err(
                d.pos,
                format!("`{name}` is a float variable; csp solves integer and boolean models only"),
            ));
        }
        if d.ty.var && d.ty.base == Base::SetOf {
            return Err(self.err(
                d.pos,
                format!("`{name}` is a set variable; csp has none (compile with `minizinc --solver csp`, whose library turns sets into booleans)"),
            ));
        }
        let binding = match (d.ty.array, d.ty.var) {
            (None, false) => self.parameter(&d)?,
            (Some(n), false) => self.parameter_array(&d, n)?,
            (None, true) => self.variable(&d)?,
            (Some(n), true) => self.variable_array(&d, n)?,
        };
        self.names.insert(d.name, binding);
        Ok(())
    }

    /// `int: n = 3;`: a value of the declared type.
    fn parameter(&self, d: &Declaration) -> Result<Binding, SourceError> {
        let Some((e, at)) = &d.value else {
            return Err(self.err(
                d.pos,
                format!("expected a value for the parameter `{}`", d.name),
            ));
        };
        let v = self.resolve(e, *at)?;
        self.check_par(&d.ty.base, &v, *at)?;
        Ok(Binding::Par(v))
    }

    /// `array [1..2] of int: c = [1, -1];`: as many values as declared, each of the type.
    fn parameter_array(&self, d: &Declaration, n: i64) -> Result<Binding, SourceError> {
        let Some((e, at)) = &d.value else {
            return Err(self.err(
                d.pos,
                format!("expected a value for the parameter array `{}`", d.name),
            ));
        };
        let v = self.resolve(e, *at)?;
        let Some(items) = v.as_array() else {
            return Err(self.err(*at, "expected an array"));
        };
        self.check_len(&d.name, n, items.len(), *at)?;
        for it in items {
            self.check_par(&d.ty.base, it, *at)?;
        }
        Ok(Binding::Par(v))
    }

    /// `var 1..3: x :: output_var;`: a new variable, perhaps equal to another or a constant.
    fn variable(&mut self, d: &Declaration) -> Result<Binding, SourceError> {
        let (is_bool, domain) = match &d.ty.base {
            Base::Bool => (true, Some(IntSet::range(0, 1))),
            Base::Int => (false, None),
            Base::IntIn(s) => (false, Some(set_of(s))),
            _ => unreachable!("floats and sets refused before"),
        };
        if domain.as_ref().is_some_and(IntSet::is_empty) {
            return Err(self.err(d.pos, format!("`{}` has an empty domain", d.name)));
        }
        let equals = match &d.value {
            Some((e, at)) => Some(self.variable_value(e, *at, is_bool)?),
            None => None,
        };
        let idx = self.vars.len();
        self.vars.push(Var {
            name: d.name.clone(),
            is_bool,
            domain,
            equals,
            output: d.has("output_var"),
            introduced: d.has("var_is_introduced"),
            defined: d.has("is_defined_var"),
            pos: d.pos,
        });
        if d.has("output_var") {
            self.outputs.push(Output {
                name: d.name.clone(),
                dims: None,
                value: Arg::Var(idx),
                is_bool,
            });
        }
        Ok(Binding::Var(idx))
    }

    /// The value a variable is declared equal to: a variable of its type or a constant.
    fn variable_value(&self, e: &Expr, at: Pos, is_bool: bool) -> Result<Arg, SourceError> {
        let v = self.resolve(e, at)?;
        let ok = match v {
            Arg::Var(w) => {
                if self.vars[w].is_bool != is_bool {
                    return Err(self.err(at, "expected a variable of the same type"));
                }
                true
            }
            Arg::Int(_) => true,
            Arg::Bool(_) => is_bool,
            _ => false,
        };
        if !ok {
            return Err(self.err(
                at,
                format!(
                    "expected a {} variable or constant",
                    Declaration::kind(is_bool)
                ),
            ));
        }
        Ok(v)
    }

    /// `array [1..2] of var int: xs = [x, y];`: variables or constants of the type, and the
    /// array's `output_array` shape.
    fn variable_array(&mut self, d: &Declaration, n: i64) -> Result<Binding, SourceError> {
        let name = &d.name;
        let Some((e, at)) = &d.value else {
            return Err(self.err(
                d.pos,
                format!("expected the elements of the array `{name}`"),
            ));
        };
        let at = *at;
        let v = self.resolve(e, at)?;
        let Arg::Array(items) = &v else {
            return Err(self.err(at, "expected an array"));
        };
        self.check_len(name, n, items.len(), at)?;
        let is_bool = d.ty.base == Base::Bool;
        for it in items.iter() {
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
                        Declaration::kind(is_bool)
                    ),
                ));
            }
        }
        for a in &d.anns {
            if let Expr::Call(f, xs) = a
                && f == "output_array"
            {
                let dims = self.dims(xs, items.len(), d.pos)?;
                self.outputs.push(Output {
                    name: name.clone(),
                    dims: Some(dims),
                    value: v.clone(),
                    is_bool,
                });
            }
        }
        Ok(Binding::VarArray(items.clone()))
    }
}
