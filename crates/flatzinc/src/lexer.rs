//! FlatZinc's tokens, each with the line and column it starts at.

use crate::ast::Pos;

/// One token.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Tok<'a> {
    Ident(&'a str),
    Int(i64),
    Float(f64),
    Str(&'a str),
    /// One of `( ) [ ] { } , ; : = ..` or `::`.
    Punct(&'static str),
    Eof,
}

impl Tok<'_> {
    /// The token as an error message names it.
    pub(crate) fn describe(&self) -> String {
        match self {
            Tok::Ident(s) => format!("`{s}`"),
            Tok::Int(i) => format!("`{i}`"),
            Tok::Float(f) => format!("`{f}`"),
            Tok::Str(s) => format!("the string \"{s}\""),
            Tok::Punct(p) => format!("`{p}`"),
            Tok::Eof => "the end of the file".into(),
        }
    }
}

/// What is wrong with the characters at a place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct LexError {
    pub pos: Pos,
    pub message: String,
}

/// Splits FlatZinc text into tokens (comments, `%` to the end of the line, are skipped).
pub(crate) struct Lexer<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    line: u32,
    line_start: usize,
    /// UTF-8 continuation bytes since the line started (in comments and strings), so that a
    /// column counts characters without rescanning the line.
    extra: usize,
}

/// Where a [`Lexer`] stands, to look ahead and come back.
#[derive(Debug, Clone, Copy)]
pub(crate) struct State(usize, u32, usize, usize);

const PUNCT: [&str; 10] = ["(", ")", "[", "]", "{", "}", ",", ";", "=", ":"];

impl<'a> Lexer<'a> {
    pub(crate) fn new(text: &'a str) -> Self {
        Lexer {
            text,
            bytes: text.as_bytes(),
            at: 0,
            line: 1,
            line_start: 0,
            extra: 0,
        }
    }

    pub(crate) fn save(&self) -> State {
        State(self.at, self.line, self.line_start, self.extra)
    }

    pub(crate) fn restore(&mut self, s: State) {
        (self.at, self.line, self.line_start, self.extra) = (s.0, s.1, s.2, s.3);
    }

    fn pos(&self) -> Pos {
        // Columns count characters, as editors show them.
        let column = (self.at - self.line_start - self.extra) as u32 + 1;
        Pos {
            line: self.line,
            column,
        }
    }

    fn skip_blanks(&mut self) {
        while let Some(&b) = self.bytes.get(self.at) {
            match b {
                b'\n' => {
                    self.at += 1;
                    self.line += 1;
                    self.line_start = self.at;
                    self.extra = 0;
                }
                b' ' | b'\t' | b'\r' => self.at += 1,
                b'%' => {
                    while let Some(&c) = self.bytes.get(self.at).filter(|&&c| c != b'\n') {
                        self.extra += usize::from(c & 0xC0 == 0x80);
                        self.at += 1;
                    }
                }
                _ => break,
            }
        }
    }

    /// The next token and where it starts.
    pub(crate) fn next_token(&mut self) -> Result<(Tok<'a>, Pos), LexError> {
        self.skip_blanks();
        let pos = self.pos();
        let Some(&b) = self.bytes.get(self.at) else {
            return Ok((Tok::Eof, pos));
        };
        let start = self.at;
        if b.is_ascii_alphabetic() || b == b'_' {
            while self
                .bytes
                .get(self.at)
                .is_some_and(|c| c.is_ascii_alphanumeric() || *c == b'_')
            {
                self.at += 1;
            }
            return Ok((Tok::Ident(&self.text[start..self.at]), pos));
        }
        if b.is_ascii_digit()
            || (b == b'-' && self.bytes.get(self.at + 1).is_some_and(u8::is_ascii_digit))
        {
            return self.number(pos);
        }
        if b == b'"' {
            self.at += 1;
            while let Some(&c) = self.bytes.get(self.at) {
                match c {
                    b'"' => {
                        let s = &self.text[start + 1..self.at];
                        self.at += 1;
                        return Ok((Tok::Str(s), pos));
                    }
                    b'\\' if self.bytes.get(self.at + 1).is_some_and(|&e| e != b'\n') => {
                        self.at += 2
                    }
                    b'\n' => break,
                    _ => {
                        self.extra += usize::from(c & 0xC0 == 0x80);
                        self.at += 1
                    }
                }
            }
            return Err(LexError {
                pos,
                message: "a string that does not end on its line".into(),
            });
        }
        if self.text[self.at..].starts_with("::") {
            self.at += 2;
            return Ok((Tok::Punct("::"), pos));
        }
        if self.text[self.at..].starts_with("..") {
            self.at += 2;
            return Ok((Tok::Punct(".."), pos));
        }
        if let Some(p) = PUNCT.iter().find(|p| p.as_bytes()[0] == b) {
            self.at += 1;
            return Ok((Tok::Punct(p), pos));
        }
        let c = self.text[self.at..].chars().next().unwrap_or('?');
        Err(LexError {
            pos,
            message: format!("unexpected character `{}`", c.escape_debug()),
        })
    }

    /// An integer (decimal, `0x` hexadecimal or `0o` octal) or a float.
    fn number(&mut self, pos: Pos) -> Result<(Tok<'a>, Pos), LexError> {
        let start = self.at;
        if self.bytes[self.at] == b'-' {
            self.at += 1;
        }
        let digits = self.at;
        let radix = match self.text.get(self.at..self.at + 2) {
            Some("0x") => 16,
            Some("0o") => 8,
            _ => 10,
        };
        if radix != 10 {
            self.at += 2;
        }
        while self
            .bytes
            .get(self.at)
            .is_some_and(|c| c.is_ascii_hexdigit() && (radix == 16 || c.is_ascii_digit()))
        {
            self.at += 1;
        }
        let mut float = false;
        if radix == 10 {
            // A `.` followed by a digit makes a float; `..` is a range.
            if self.bytes.get(self.at) == Some(&b'.')
                && self.bytes.get(self.at + 1).is_some_and(u8::is_ascii_digit)
            {
                float = true;
                self.at += 1;
                while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                    self.at += 1;
                }
            }
            if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
                let mut k = self.at + 1;
                if matches!(self.bytes.get(k), Some(b'+' | b'-')) {
                    k += 1;
                }
                if self.bytes.get(k).is_some_and(u8::is_ascii_digit) {
                    float = true;
                    self.at = k;
                    while self.bytes.get(self.at).is_some_and(u8::is_ascii_digit) {
                        self.at += 1;
                    }
                }
            }
        }
        let text = &self.text[start..self.at];
        if float {
            return text
                .parse()
                .map(|f| (Tok::Float(f), pos))
                .map_err(|_| LexError {
                    pos,
                    message: format!("`{text}` is not a number"),
                });
        }
        let body = &self.text[digits + if radix == 10 { 0 } else { 2 }..self.at];
        let magnitude = i128::from_str_radix(body, radix).ok();
        let value = magnitude
            .map(|m| if start != digits { -m } else { m })
            .and_then(|v| i64::try_from(v).ok());
        match value {
            Some(v) => Ok((Tok::Int(v), pos)),
            None => Err(LexError {
                pos,
                message: format!("`{text}` is not an integer of 64 bits"),
            }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tokens(s: &str) -> Vec<Tok<'_>> {
        let mut l = Lexer::new(s);
        let mut out = Vec::new();
        loop {
            let (t, _) = l.next_token().unwrap();
            if t == Tok::Eof {
                return out;
            }
            out.push(t);
        }
    }

    #[test]
    fn ranges_floats_and_annotations_split_apart() {
        assert_eq!(
            tokens("var 1..-3: x :: output_var; % note\n 2.5e3 0x1F \"s\""),
            vec![
                Tok::Ident("var"),
                Tok::Int(1),
                Tok::Punct(".."),
                Tok::Int(-3),
                Tok::Punct(":"),
                Tok::Ident("x"),
                Tok::Punct("::"),
                Tok::Ident("output_var"),
                Tok::Punct(";"),
                Tok::Float(2500.0),
                Tok::Int(31),
                Tok::Str("s"),
            ]
        );
    }

    #[test]
    fn positions_count_lines_and_characters() {
        let mut l = Lexer::new("a\n  é b");
        l.next_token().unwrap();
        assert!(l.next_token().is_err(), "é is not FlatZinc");
        let mut l = Lexer::new("a\n  bc");
        l.next_token().unwrap();
        assert_eq!(l.next_token().unwrap().1, Pos { line: 2, column: 3 });
    }

    #[test]
    fn an_integer_past_64_bits_is_refused() {
        assert!(Lexer::new("99999999999999999999").next_token().is_err());
        assert_eq!(
            Lexer::new("-9223372036854775808").next_token().unwrap().0,
            Tok::Int(i64::MIN)
        );
    }
}
