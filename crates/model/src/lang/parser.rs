//! A recursive-descent parser for the expression language. Precedence, loosest first:
//! `<->`, `->`, `or`, `and`, `not`, comparisons and `in`, `..`, `+ -`, `* div mod`, unary
//! `-`, then indexing and calls.

use super::ast::{BinOp, Expr, Generator, Kind, UnOp};
use super::error::LangError;
use super::lexer::{Tok, tokens};

/// The deepest nesting of parentheses, calls and prefix operators accepted: deeper input is
/// an error, not a stack overflow.
pub const MAX_DEPTH: usize = 200;

/// The most links of operator chains (`a + b + c` has two) in one tree: each is a level the
/// compiler and the evaluator recurse through.
pub const MAX_LINKS: usize = 500;

/// Parses `text` as one expression; trailing generators (`e for i in S`) make it a
/// comprehension, read by a constraint as "for every".
pub fn parse(text: &str) -> Result<Expr, LangError> {
    let mut p = Parser {
        toks: tokens(text)?,
        pos: 0,
        depth: 0,
        links: 0,
    };
    let e = p.with_generators()?;
    match p.peek() {
        Tok::End => Ok(e),
        t => Err(p.unexpected(t.clone(), "an operator or the end")),
    }
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    pos: usize,
    depth: usize,
    /// Chain links open on the way to the current node.
    links: usize,
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Int(n) => format!("`{n}`"),
        Tok::Ident(s) => format!("`{s}`"),
        Tok::Sym(s) => format!("`{s}`"),
        Tok::End => "the end".to_string(),
    }
}

const KEYWORDS: [&str; 10] = [
    "for", "in", "if", "and", "or", "not", "div", "mod", "true", "false",
];

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos].0
    }

    fn offset(&self) -> usize {
        self.toks[self.pos].1
    }

    fn bump(&mut self) -> (Tok, usize) {
        let t = self.toks[self.pos].clone();
        if self.pos + 1 < self.toks.len() {
            self.pos += 1;
        }
        t
    }

    fn is_sym(&self, s: &str) -> bool {
        matches!(self.peek(), Tok::Sym(t) if *t == s)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.peek(), Tok::Ident(t) if t == w)
    }

    fn unexpected(&self, t: Tok, expected: &str) -> LangError {
        LangError::new(
            self.offset(),
            format!("expected {expected}, found {}", describe(&t)),
        )
    }

    fn expect_sym(&mut self, s: &'static str) -> Result<(), LangError> {
        if self.is_sym(s) {
            self.bump();
            Ok(())
        } else {
            Err(self.unexpected(self.peek().clone(), &format!("`{s}`")))
        }
    }

    fn nested<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, LangError>,
    ) -> Result<T, LangError> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return Err(LangError::new(
                self.offset(),
                format!("expressions nested more than {MAX_DEPTH} deep"),
            ));
        }
        let r = f(self);
        self.depth -= 1;
        r
    }

    /// One more link of a left-nested chain (`a + b + c`): the tree grows a level.
    fn link(&mut self, links: &mut usize) -> Result<(), LangError> {
        *links += 1;
        self.links += 1;
        if self.links > MAX_LINKS {
            return Err(LangError::new(
                self.offset(),
                format!(
                    "more than {MAX_LINKS} operators chained (nested that deep); `sum(…)` takes a list"
                ),
            ));
        }
        Ok(())
    }

    /// An expression, then any generators.
    fn with_generators(&mut self) -> Result<Expr, LangError> {
        Ok(self.generated()?.0)
    }

    /// An expression, then any generators; and whether there were any (`f(e for i in S)`
    /// is one argument, `f([e for i in S], x)` two).
    fn generated(&mut self) -> Result<(Expr, bool), LangError> {
        let e = self.expr()?;
        if !self.is_word("for") {
            return Ok((e, false));
        }
        let at = e.at;
        let mut gens = Vec::new();
        while self.is_word("for") {
            let (_, gat) = self.bump();
            let name = match self.bump() {
                (Tok::Ident(n), _) if !KEYWORDS.contains(&n.as_str()) => n,
                (t, _) => {
                    self.pos -= 1;
                    return Err(self.unexpected(t, "a loop variable's name after `for`"));
                }
            };
            if !self.is_word("in") {
                return Err(self.unexpected(self.peek().clone(), "`in`"));
            }
            self.bump();
            let over = self.expr()?;
            let only_if = if self.is_word("if") {
                self.bump();
                Some(self.expr()?)
            } else {
                None
            };
            gens.push(Generator {
                name,
                over,
                only_if,
                at: gat,
            });
        }
        Ok((
            Expr {
                kind: Kind::Comprehension(Box::new(e), gens),
                at,
            },
            true,
        ))
    }

    fn expr(&mut self) -> Result<Expr, LangError> {
        self.nested(|p| p.iff())
    }

    fn binary(op: BinOp, a: Expr, b: Expr) -> Expr {
        let at = a.at;
        Expr {
            kind: Kind::Binary(op, Box::new(a), Box::new(b)),
            at,
        }
    }

    fn iff(&mut self) -> Result<Expr, LangError> {
        let mut links = 0;
        let r = self.iff_chain(&mut links);
        self.links -= links;
        r
    }

    fn iff_chain(&mut self, links: &mut usize) -> Result<Expr, LangError> {
        let mut a = self.implies()?;
        while self.is_sym("<->") {
            self.link(links)?;
            self.bump();
            let b = self.implies()?;
            a = Self::binary(BinOp::Iff, a, b);
        }
        Ok(a)
    }

    fn implies(&mut self) -> Result<Expr, LangError> {
        let a = self.or()?;
        if self.is_sym("->") {
            self.bump();
            // Right-associative: a -> b -> c is a -> (b -> c).
            let b = self.nested(|p| p.implies())?;
            return Ok(Self::binary(BinOp::Implies, a, b));
        }
        Ok(a)
    }

    fn or(&mut self) -> Result<Expr, LangError> {
        let mut links = 0;
        let r = self.or_chain(&mut links);
        self.links -= links;
        r
    }

    fn or_chain(&mut self, links: &mut usize) -> Result<Expr, LangError> {
        let mut a = self.and()?;
        while self.is_word("or") {
            self.link(links)?;
            self.bump();
            let b = self.and()?;
            a = Self::binary(BinOp::Or, a, b);
        }
        Ok(a)
    }

    fn and(&mut self) -> Result<Expr, LangError> {
        let mut links = 0;
        let r = self.and_chain(&mut links);
        self.links -= links;
        r
    }

    fn and_chain(&mut self, links: &mut usize) -> Result<Expr, LangError> {
        let mut a = self.not()?;
        while self.is_word("and") {
            self.link(links)?;
            self.bump();
            let b = self.not()?;
            a = Self::binary(BinOp::And, a, b);
        }
        Ok(a)
    }

    fn not(&mut self) -> Result<Expr, LangError> {
        if self.is_word("not") {
            let (_, at) = self.bump();
            let e = self.nested(|p| p.not())?;
            return Ok(Expr {
                kind: Kind::Unary(UnOp::Not, Box::new(e)),
                at,
            });
        }
        self.comparison()
    }

    fn comparison(&mut self) -> Result<Expr, LangError> {
        let a = self.range()?;
        let op = match self.peek() {
            Tok::Sym("==" | "=") => BinOp::Eq,
            Tok::Sym("!=") => BinOp::Ne,
            Tok::Sym("<") => BinOp::Lt,
            Tok::Sym("<=") => BinOp::Le,
            Tok::Sym(">") => BinOp::Gt,
            Tok::Sym(">=") => BinOp::Ge,
            Tok::Ident(w) if w == "in" => BinOp::In,
            Tok::Ident(w) if w == "not" => {
                // `x not in S`
                self.bump();
                if !self.is_word("in") {
                    return Err(self.unexpected(self.peek().clone(), "`in` after `not`"));
                }
                BinOp::NotIn
            }
            _ => return Ok(a),
        };
        self.bump();
        let b = self.range()?;
        if let Tok::Sym("==" | "=" | "!=" | "<" | "<=" | ">" | ">=") = self.peek() {
            return Err(LangError::new(
                self.offset(),
                "comparisons do not chain; write `a <= b and b <= c`",
            ));
        }
        Ok(Self::binary(op, a, b))
    }

    fn range(&mut self) -> Result<Expr, LangError> {
        let a = self.sum()?;
        if self.is_sym("..") {
            self.bump();
            let b = self.sum()?;
            let at = a.at;
            return Ok(Expr {
                kind: Kind::Range(Box::new(a), Box::new(b)),
                at,
            });
        }
        Ok(a)
    }

    fn sum(&mut self) -> Result<Expr, LangError> {
        let mut links = 0;
        let r = self.sum_chain(&mut links);
        self.links -= links;
        r
    }

    fn sum_chain(&mut self, links: &mut usize) -> Result<Expr, LangError> {
        let mut a = self.product()?;
        loop {
            let op = match self.peek() {
                Tok::Sym("+") => BinOp::Add,
                Tok::Sym("-") => BinOp::Sub,
                _ => return Ok(a),
            };
            self.link(links)?;
            self.bump();
            let b = self.product()?;
            a = Self::binary(op, a, b);
        }
    }

    fn product(&mut self) -> Result<Expr, LangError> {
        let mut links = 0;
        let r = self.product_chain(&mut links);
        self.links -= links;
        r
    }

    fn product_chain(&mut self, links: &mut usize) -> Result<Expr, LangError> {
        let mut a = self.unary()?;
        loop {
            let op = match self.peek() {
                Tok::Sym("*") => BinOp::Mul,
                Tok::Ident(w) if w == "div" => BinOp::Div,
                Tok::Ident(w) if w == "mod" => BinOp::Mod,
                _ => return Ok(a),
            };
            self.link(links)?;
            self.bump();
            let b = self.unary()?;
            a = Self::binary(op, a, b);
        }
    }

    fn unary(&mut self) -> Result<Expr, LangError> {
        if self.is_sym("-") {
            let (_, at) = self.bump();
            let e = self.nested(|p| p.unary())?;
            if let Kind::Int(n) = e.kind
                && let Some(m) = n.checked_neg()
            {
                return Ok(Expr {
                    kind: Kind::Int(m),
                    at,
                });
            }
            return Ok(Expr {
                kind: Kind::Unary(UnOp::Neg, Box::new(e)),
                at,
            });
        }
        self.postfix()
    }

    fn postfix(&mut self) -> Result<Expr, LangError> {
        let mut links = 0;
        let r = self.postfix_chain(&mut links);
        self.links -= links;
        r
    }

    fn postfix_chain(&mut self, links: &mut usize) -> Result<Expr, LangError> {
        let mut e = self.atom()?;
        while self.is_sym("[") {
            self.link(links)?;
            self.bump();
            let mut idx = vec![self.expr()?];
            while self.is_sym(",") {
                self.bump();
                idx.push(self.expr()?);
            }
            self.expect_sym("]")?;
            let at = e.at;
            e = Expr {
                kind: Kind::Index(Box::new(e), idx),
                at,
            };
        }
        Ok(e)
    }

    /// Items separated by commas up to `close`; one item followed by generators is a
    /// comprehension.
    fn items(&mut self, close: &'static str) -> Result<Vec<Expr>, LangError> {
        let mut items = Vec::new();
        if self.is_sym(close) {
            self.bump();
            return Ok(items);
        }
        let (first, generated) = self.generated()?;
        items.push(first);
        while !generated && self.is_sym(",") {
            self.bump();
            items.push(self.expr()?);
        }
        self.expect_sym(close)?;
        Ok(items)
    }

    fn atom(&mut self) -> Result<Expr, LangError> {
        let (t, at) = self.bump();
        let kind = match t {
            Tok::Int(n) => Kind::Int(n),
            Tok::Ident(w) if w == "true" => Kind::Bool(true),
            Tok::Ident(w) if w == "false" => Kind::Bool(false),
            Tok::Ident(w) if KEYWORDS.contains(&w.as_str()) => {
                self.pos -= 1;
                return Err(self.unexpected(Tok::Ident(w), "a value"));
            }
            Tok::Ident(w) => {
                if self.is_sym("(") {
                    self.bump();
                    Kind::Call(w, self.items(")")?)
                } else {
                    Kind::Name(w)
                }
            }
            Tok::Sym("(") => {
                let e = self.with_generators()?;
                self.expect_sym(")")?;
                return Ok(e);
            }
            Tok::Sym("[") => {
                if self.is_sym("]") {
                    self.bump();
                    return Ok(Expr {
                        kind: Kind::List(Vec::new()),
                        at,
                    });
                }
                let (first, generated) = self.generated()?;
                if generated {
                    self.expect_sym("]")?;
                    return Ok(first);
                }
                let mut items = vec![first];
                while self.is_sym(",") {
                    self.bump();
                    items.push(self.expr()?);
                }
                self.expect_sym("]")?;
                Kind::List(items)
            }
            t => {
                if self.pos > 0 && t != Tok::End {
                    self.pos -= 1;
                }
                return Err(LangError::new(
                    at,
                    format!("expected a value, found {}", describe(&t)),
                ));
            }
        };
        Ok(Expr { kind, at })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(e: &Expr) -> String {
        match &e.kind {
            Kind::Int(n) => n.to_string(),
            Kind::Bool(b) => b.to_string(),
            Kind::Name(n) => n.clone(),
            Kind::Index(a, i) => format!(
                "{}[{}]",
                show(a),
                i.iter().map(show).collect::<Vec<_>>().join(",")
            ),
            Kind::Call(f, a) => {
                format!("{f}({})", a.iter().map(show).collect::<Vec<_>>().join(","))
            }
            Kind::List(a) => format!("[{}]", a.iter().map(show).collect::<Vec<_>>().join(",")),
            Kind::Comprehension(e, g) => format!(
                "{{{} {}}}",
                show(e),
                g.iter()
                    .map(|g| format!("for {} in {}", g.name, show(&g.over)))
                    .collect::<Vec<_>>()
                    .join(" ")
            ),
            Kind::Range(a, b) => format!("{}..{}", show(a), show(b)),
            Kind::Unary(op, a) => format!("({op:?} {})", show(a)),
            Kind::Binary(op, a, b) => format!("({} {op:?} {})", show(a), show(b)),
        }
    }

    fn p(s: &str) -> String {
        show(&parse(s).unwrap())
    }

    #[test]
    fn precedence() {
        assert_eq!(p("x + 2*y <= z"), "((x Add (2 Mul y)) Le z)");
        assert_eq!(
            p("a -> b or c and not d"),
            "(a Implies (b Or (c And (Not d))))"
        );
        assert_eq!(p("-x - -3"), "((Neg x) Sub -3)");
        assert_eq!(p("x not in 1..3"), "(x NotIn 1..3)");
    }

    #[test]
    fn comprehensions_in_calls_lists_and_at_the_top() {
        assert_eq!(
            p("all_different(q[i] + i for i in 1..n)"),
            "all_different({(q[i] Add i) for i in 1..n})"
        );
        assert_eq!(
            p("s[j,k] + d[j,k] <= s[j,k+1] for j in 1..6 for k in 1..5"),
            "{((s[j,k] Add d[j,k]) Le s[j,(k Add 1)]) for j in 1..6 for k in 1..5}"
        );
        assert_eq!(p("[x, y, 3]"), "[x,y,3]");
        assert_eq!(p("sum([w[i] for i in S])"), "sum({w[i] for i in S})");
        assert_eq!(
            p("f([a for i in S], [b for i in S])"),
            "f({a for i in S},{b for i in S})"
        );
    }

    #[test]
    fn errors_say_where_and_what() {
        let e = parse("x + <= 3").unwrap_err();
        assert_eq!(e.at, 4);
        assert!(e.message.contains("expected a value"), "{}", e.message);
        assert!(
            parse("a < b < c")
                .unwrap_err()
                .message
                .contains("do not chain")
        );
        assert!(parse("sum(x for in 1..3)").is_err());
        assert!(parse("(x").unwrap_err().message.contains("`)`"));
        let deep = format!("{}x{}", "(".repeat(1000), ")".repeat(1000));
        assert!(parse(&deep).unwrap_err().message.contains("nested"));
        // A chain of operators is as deep as it is long.
        let chain = vec!["x"; 5000].join(" + ");
        assert!(parse(&chain).unwrap_err().message.contains("chained"));
        assert!(parse(&vec!["x"; 450].join(" + ")).is_ok());
        assert!(parse(&format!("x{}", "[1]".repeat(5000))).is_err());
    }
}
