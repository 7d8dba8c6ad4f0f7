//! FlatZinc as written: items and expressions, names not yet resolved (see [`crate::model`]).

/// A place in the text, 1-based.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Pos {
    /// Line.
    pub line: u32,
    /// Column, in characters.
    pub column: u32,
}

/// A set of integers as written: `a..b` or `{a, b, …}`.
#[derive(Debug, Clone, PartialEq)]
pub enum SetLit {
    /// `a..b`.
    Range(i64, i64),
    /// `{a, b, …}` (possibly empty).
    Values(Vec<i64>),
    /// `a..b` of floats (only in float domains, which are refused later).
    FloatRange(f64, f64),
}

/// An expression: an argument, a right-hand side or an annotation.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    /// `true` / `false`.
    Bool(bool),
    /// An integer.
    Int(i64),
    /// A float.
    Float(f64),
    /// A string (in annotations).
    Str(String),
    /// A set literal.
    Set(SetLit),
    /// A name.
    Ident(String),
    /// `a[i]`.
    Access(String, i64),
    /// `[e, …]`.
    Array(Vec<Expr>),
    /// `f(e, …)` (annotations only).
    Call(String, Vec<Expr>),
}

/// The base of a declared type.
#[derive(Debug, Clone, PartialEq)]
pub enum Base {
    /// `bool`.
    Bool,
    /// `int`.
    Int,
    /// `float`, or a float range.
    Float,
    /// `a..b` or `{…}`: an integer domain.
    IntIn(SetLit),
    /// `set of …`.
    SetOf,
}

/// A declared type: `[array [1..n] of] [var] base`.
#[derive(Debug, Clone, PartialEq)]
pub struct Type {
    /// `Some(n)` for `array [1..n] of`.
    pub array: Option<i64>,
    /// `var` (else a parameter).
    pub var: bool,
    /// The element type.
    pub base: Base,
}

/// One item of a FlatZinc file.
#[derive(Debug, Clone, PartialEq)]
pub enum Item {
    /// `predicate name(…);` (declarations of the solver's own predicates; only noted).
    Predicate {
        /// Its name.
        name: String,
    },
    /// A parameter or variable declaration.
    Decl {
        /// The type.
        ty: Type,
        /// The name.
        name: String,
        /// Annotations.
        anns: Vec<Expr>,
        /// `= value`.
        value: Option<(Expr, Pos)>,
        /// Where the item starts.
        pos: Pos,
    },
    /// `constraint name(args) :: anns;`.
    Constraint {
        /// The predicate.
        name: String,
        /// Arguments, each with the place it starts.
        args: Vec<(Expr, Pos)>,
        /// Annotations.
        anns: Vec<Expr>,
        /// Where the item starts.
        pos: Pos,
    },
    /// `solve :: anns satisfy|minimize e|maximize e;`.
    Solve {
        /// Annotations.
        anns: Vec<Expr>,
        /// `None` for satisfy; `Some((true, e))` for minimize, `Some((false, e))` maximize.
        objective: Option<(bool, Expr, Pos)>,
        /// Where the item starts.
        pos: Pos,
    },
}
