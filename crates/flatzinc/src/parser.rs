//! The FlatZinc grammar (MiniZinc's specification, section "FlatZinc"), by recursive descent
//! over the tokens: items in any order, each error at the token that broke it.

use crate::ast::{Base, Expr, Item, Pos, SetLit, Type};
use crate::lexer::{LexError, Lexer, Tok};

/// Nesting of arrays and annotations beyond which a file is refused (a bound on recursion).
const MAX_NESTING: u32 = 64;

/// A syntax error: where, and what was expected.
pub(crate) type ParseError = LexError;

pub(crate) struct Parser<'a> {
    lexer: Lexer<'a>,
    tok: Tok<'a>,
    pos: Pos,
    depth: u32,
}

impl<'a> Parser<'a> {
    pub(crate) fn new(text: &'a str) -> Result<Self, ParseError> {
        let mut lexer = Lexer::new(text);
        let (tok, pos) = lexer.next_token()?;
        Ok(Parser {
            lexer,
            tok,
            pos,
            depth: 0,
        })
    }

    fn bump(&mut self) -> Result<Tok<'a>, ParseError> {
        let (tok, pos) = self.lexer.next_token()?;
        self.pos = pos;
        Ok(std::mem::replace(&mut self.tok, tok))
    }

    fn error<T>(&self, expected: &str) -> Result<T, ParseError> {
        Err(LexError {
            pos: self.pos,
            message: format!("expected {expected}, found {}", self.tok.describe()),
        })
    }

    fn is(&self, p: &str) -> bool {
        matches!(self.tok, Tok::Punct(q) if q == p)
    }

    fn is_word(&self, w: &str) -> bool {
        matches!(self.tok, Tok::Ident(q) if q == w)
    }

    fn expect(&mut self, p: &str) -> Result<(), ParseError> {
        if self.is(p) {
            self.bump()?;
            Ok(())
        } else {
            self.error(&format!("`{p}`"))
        }
    }

    fn expect_word(&mut self, w: &str) -> Result<(), ParseError> {
        if self.is_word(w) {
            self.bump()?;
            Ok(())
        } else {
            self.error(&format!("`{w}`"))
        }
    }

    fn ident(&mut self, what: &str) -> Result<String, ParseError> {
        match self.tok {
            Tok::Ident(s) => {
                self.bump()?;
                Ok(s.to_string())
            }
            _ => self.error(what),
        }
    }

    fn int(&mut self) -> Result<i64, ParseError> {
        match self.tok {
            Tok::Int(i) => {
                self.bump()?;
                Ok(i)
            }
            _ => self.error("an integer"),
        }
    }

    /// Every item, in order, calling `item` on each (so a large file is never held twice).
    pub(crate) fn items(
        &mut self,
        mut item: impl FnMut(Item) -> Result<(), ParseError>,
    ) -> Result<(), ParseError> {
        while self.tok != Tok::Eof {
            let it = self.item()?;
            item(it)?;
        }
        Ok(())
    }

    fn item(&mut self) -> Result<Item, ParseError> {
        let pos = self.pos;
        match self.tok {
            Tok::Ident("predicate") => self.predicate(),
            Tok::Ident("constraint") => {
                self.bump()?;
                let name = self.ident("a predicate name")?;
                self.expect("(")?;
                let mut args = Vec::new();
                if !self.is(")") {
                    loop {
                        let at = self.pos;
                        args.push((self.expr()?, at));
                        if !self.is(",") {
                            break;
                        }
                        self.bump()?;
                    }
                }
                self.expect(")")?;
                let anns = self.annotations()?;
                self.expect(";")?;
                Ok(Item::Constraint {
                    name,
                    args,
                    anns,
                    pos,
                })
            }
            Tok::Ident("solve") => {
                self.bump()?;
                let anns = self.annotations()?;
                let objective = match self.tok {
                    Tok::Ident("satisfy") => {
                        self.bump()?;
                        None
                    }
                    Tok::Ident(w @ ("minimize" | "maximize")) => {
                        self.bump()?;
                        let at = self.pos;
                        Some((w == "minimize", self.expr()?, at))
                    }
                    _ => return self.error("`satisfy`, `minimize` or `maximize`"),
                };
                self.expect(";")?;
                Ok(Item::Solve {
                    anns,
                    objective,
                    pos,
                })
            }
            Tok::Ident(_) => self.declaration(),
            _ => self.error("an item (`predicate`, a declaration, `constraint` or `solve`)"),
        }
    }

    /// `predicate name(params);`: only the name is kept; the parameters are skipped by
    /// matching brackets.
    fn predicate(&mut self) -> Result<Item, ParseError> {
        self.bump()?;
        let name = self.ident("a predicate name")?;
        self.expect("(")?;
        let mut open = 1u32;
        while open > 0 {
            match self.tok {
                Tok::Punct("(") => open += 1,
                Tok::Punct(")") => open -= 1,
                Tok::Eof => return self.error("`)`"),
                _ => {}
            }
            self.bump()?;
        }
        self.expect(";")?;
        Ok(Item::Predicate { name })
    }

    fn declaration(&mut self) -> Result<Item, ParseError> {
        let pos = self.pos;
        let ty = self.ty()?;
        self.expect(":")?;
        let name = self.ident("a name")?;
        let anns = self.annotations()?;
        let value = if self.is("=") {
            self.bump()?;
            let at = self.pos;
            Some((self.expr()?, at))
        } else {
            None
        };
        self.expect(";")?;
        Ok(Item::Decl {
            ty,
            name,
            anns,
            value,
            pos,
        })
    }

    /// `[array [1..n] of] [var|par] base`.
    fn ty(&mut self) -> Result<Type, ParseError> {
        let mut array = None;
        if self.is_word("array") {
            self.bump()?;
            self.expect("[")?;
            let lo = self.int()?;
            if lo != 1 {
                return Err(LexError {
                    pos: self.pos,
                    message: format!("expected an array index set starting at 1, found {lo}"),
                });
            }
            self.expect("..")?;
            array = Some(self.int()?);
            self.expect("]")?;
            self.expect_word("of")?;
        }
        let var = match self.tok {
            Tok::Ident("var") => {
                self.bump()?;
                true
            }
            Tok::Ident("par") => {
                self.bump()?;
                false
            }
            _ => false,
        };
        let base = match self.tok {
            Tok::Ident("bool") => {
                self.bump()?;
                Base::Bool
            }
            Tok::Ident("int") => {
                self.bump()?;
                Base::Int
            }
            Tok::Ident("float") => {
                self.bump()?;
                Base::Float
            }
            Tok::Ident("set") => {
                self.bump()?;
                self.expect_word("of")?;
                match self.tok {
                    Tok::Ident("int") => {
                        self.bump()?;
                    }
                    _ => {
                        self.set_literal()?;
                    }
                }
                Base::SetOf
            }
            Tok::Int(_) | Tok::Float(_) | Tok::Punct("{") => match self.set_literal()? {
                SetLit::FloatRange(..) => Base::Float,
                s => Base::IntIn(s),
            },
            _ => {
                return self
                    .error("a type (`bool`, `int`, `float`, `set of int`, a range or a set)");
            }
        };
        Ok(Type { array, var, base })
    }

    /// `a..b` (integers or floats) or `{a, b, …}`.
    fn set_literal(&mut self) -> Result<SetLit, ParseError> {
        match self.tok {
            Tok::Punct("{") => {
                self.bump()?;
                let mut values = Vec::new();
                if !self.is("}") {
                    loop {
                        values.push(self.int()?);
                        if !self.is(",") {
                            break;
                        }
                        self.bump()?;
                    }
                }
                self.expect("}")?;
                Ok(SetLit::Values(values))
            }
            Tok::Int(lo) => {
                self.bump()?;
                self.expect("..")?;
                let hi = self.int()?;
                Ok(SetLit::Range(lo, hi))
            }
            Tok::Float(lo) => {
                self.bump()?;
                self.expect("..")?;
                let hi = match self.tok {
                    Tok::Float(f) => f,
                    Tok::Int(i) => i as f64,
                    _ => return self.error("a number"),
                };
                self.bump()?;
                Ok(SetLit::FloatRange(lo, hi))
            }
            _ => self.error("a set (`a..b` or `{…}`)"),
        }
    }

    fn annotations(&mut self) -> Result<Vec<Expr>, ParseError> {
        let mut anns = Vec::new();
        while self.is("::") {
            self.bump()?;
            anns.push(self.expr()?);
        }
        Ok(anns)
    }

    fn expr(&mut self) -> Result<Expr, ParseError> {
        self.depth += 1;
        if self.depth > MAX_NESTING {
            return self.error(&format!("at most {MAX_NESTING} nested arrays or calls"));
        }
        let e = self.expr_inner();
        self.depth -= 1;
        e
    }

    fn expr_inner(&mut self) -> Result<Expr, ParseError> {
        match self.tok {
            Tok::Ident("true") => {
                self.bump()?;
                Ok(Expr::Bool(true))
            }
            Tok::Ident("false") => {
                self.bump()?;
                Ok(Expr::Bool(false))
            }
            Tok::Ident(name) => {
                self.bump()?;
                if self.is("[") {
                    self.bump()?;
                    let i = self.int()?;
                    self.expect("]")?;
                    return Ok(Expr::Access(name.to_string(), i));
                }
                if self.is("(") {
                    self.bump()?;
                    let mut args = Vec::new();
                    if !self.is(")") {
                        loop {
                            args.push(self.expr()?);
                            if !self.is(",") {
                                break;
                            }
                            self.bump()?;
                        }
                    }
                    self.expect(")")?;
                    return Ok(Expr::Call(name.to_string(), args));
                }
                Ok(Expr::Ident(name.to_string()))
            }
            Tok::Int(i) => {
                if self.peek_range()? {
                    return Ok(Expr::Set(self.set_literal()?));
                }
                self.bump()?;
                Ok(Expr::Int(i))
            }
            Tok::Float(f) => {
                if self.peek_range()? {
                    return Ok(Expr::Set(self.set_literal()?));
                }
                self.bump()?;
                Ok(Expr::Float(f))
            }
            Tok::Str(s) => {
                self.bump()?;
                Ok(Expr::Str(s.to_string()))
            }
            Tok::Punct("{") => Ok(Expr::Set(self.set_literal()?)),
            Tok::Punct("[") => {
                self.bump()?;
                let mut items = Vec::new();
                if !self.is("]") {
                    loop {
                        items.push(self.expr()?);
                        if !self.is(",") {
                            break;
                        }
                        self.bump()?;
                    }
                }
                self.expect("]")?;
                Ok(Expr::Array(items))
            }
            _ => self.error("an expression"),
        }
    }

    /// Whether the number under the cursor starts a range `a..b` (looks one token ahead
    /// without consuming).
    fn peek_range(&mut self) -> Result<bool, ParseError> {
        let saved = (self.lexer.save(), self.tok.clone(), self.pos);
        self.bump()?;
        let range = self.is("..");
        self.lexer_restore(saved);
        Ok(range)
    }

    fn lexer_restore(&mut self, (state, tok, pos): (crate::lexer::State, Tok<'a>, Pos)) {
        self.lexer.restore(state);
        self.tok = tok;
        self.pos = pos;
    }
}
