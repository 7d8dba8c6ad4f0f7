//! A FlatZinc model with its names resolved: variables by index, parameters and arrays
//! replaced by their values, the annotations that matter read ([`crate::parse`] builds it).

use crate::ast::Pos;
use std::sync::Arc;

mod build;
mod declare;
mod intset;

pub use build::parse;
pub use intset::IntSet;

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

#[cfg(test)]
mod tests;
