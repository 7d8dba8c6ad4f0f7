//! The expression language's syntax tree.

/// An expression, with the byte offset where it starts in its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: Kind,
    /// Its offset in the text, for errors.
    pub at: usize,
}

/// The kinds of expression.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Kind {
    /// An integer.
    Int(i64),
    /// `true` or `false`.
    Bool(bool),
    /// A name: a variable, an array, a datum, a loop variable or a symbol.
    Name(String),
    /// `a[i]` or `a[i, j]`.
    Index(Box<Expr>, Vec<Expr>),
    /// `f(args)`.
    Call(String, Vec<Expr>),
    /// `[a, b, c]`.
    List(Vec<Expr>),
    /// `e for i in S if c …`: a list built by generators.
    Comprehension(Box<Expr>, Vec<Generator>),
    /// `lo..hi`, a range of integers.
    Range(Box<Expr>, Box<Expr>),
    /// `-e` or `not e`.
    Unary(UnOp, Box<Expr>),
    /// `a op b`.
    Binary(BinOp, Box<Expr>, Box<Expr>),
}

/// Unary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnOp {
    /// `-e`.
    Neg,
    /// `not e`.
    Not,
}

/// Binary operators.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BinOp {
    /// `+`.
    Add,
    /// `-`.
    Sub,
    /// `*`.
    Mul,
    /// `div` (rounding toward zero, as MiniZinc).
    Div,
    /// `mod` (the sign of the dividend, as MiniZinc).
    Mod,
    /// `==` (or `=`).
    Eq,
    /// `!=`.
    Ne,
    /// `<`.
    Lt,
    /// `<=`.
    Le,
    /// `>`.
    Gt,
    /// `>=`.
    Ge,
    /// `x in S`.
    In,
    /// `x not in S`.
    NotIn,
    /// `and`.
    And,
    /// `or`.
    Or,
    /// `->`.
    Implies,
    /// `<->`.
    Iff,
}

impl BinOp {
    /// Whether the operator compares two integers.
    pub fn is_comparison(self) -> bool {
        matches!(
            self,
            BinOp::Eq | BinOp::Ne | BinOp::Lt | BinOp::Le | BinOp::Gt | BinOp::Ge
        )
    }
}

/// `for NAME in SET if COND`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Generator {
    /// The loop variable.
    pub name: String,
    /// What it ranges over: a range, a list, an array's values or a set of symbols.
    pub over: Expr,
    /// Only the values for which this holds.
    pub only_if: Option<Expr>,
    /// Where `for` is.
    pub at: usize,
}
