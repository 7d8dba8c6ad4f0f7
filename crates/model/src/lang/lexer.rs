//! Tokens of the expression language, each with its byte offset in the text.

use super::error::LangError;

/// A token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Tok {
    /// An integer literal.
    Int(i64),
    /// A name or a keyword (`for`, `in`, `if`, `and`, `or`, `not`, `div`, `mod`, `true`,
    /// `false`).
    Ident(String),
    /// Punctuation or an operator: `( ) [ ] , + - * .. == != <= < >= > -> <-`.
    Sym(&'static str),
    /// The end of the text.
    End,
}

/// The operators, longest first so that `<->` is not read as `<` then `->`.
const SYMBOLS: [&str; 18] = [
    "<->", "..", "==", "!=", "<=", ">=", "->", "(", ")", "[", "]", ",", "+", "-", "*", "<", ">",
    "=",
];

/// The tokens of `text` and where each starts; the last is [`Tok::End`].
pub fn tokens(text: &str) -> Result<Vec<(Tok, usize)>, LangError> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let c = bytes[i];
        if c.is_ascii_whitespace() {
            i += 1;
        } else if c.is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            let n = text[start..i].parse::<i64>().map_err(|_| {
                LangError::new(
                    start,
                    format!("the integer {} is past 64 bits", &text[start..i]),
                )
            })?;
            out.push((Tok::Int(n), start));
        } else if c.is_ascii_alphabetic() || c == b'_' {
            let start = i;
            while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
                i += 1;
            }
            out.push((Tok::Ident(text[start..i].to_string()), start));
        } else if let Some(s) = SYMBOLS.iter().find(|s| text[i..].starts_with(**s)) {
            out.push((Tok::Sym(s), i));
            i += s.len();
        } else {
            let ch = text[i..].chars().next().unwrap_or('?');
            return Err(LangError::new(
                i,
                format!("unexpected `{ch}`; expected a name, a number or an operator"),
            ));
        }
    }
    out.push((Tok::End, text.len()));
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operators_are_read_longest_first() {
        let t: Vec<Tok> = tokens("a<->b<=1..n")
            .unwrap()
            .into_iter()
            .map(|t| t.0)
            .collect();
        assert_eq!(
            t,
            vec![
                Tok::Ident("a".into()),
                Tok::Sym("<->"),
                Tok::Ident("b".into()),
                Tok::Sym("<="),
                Tok::Int(1),
                Tok::Sym(".."),
                Tok::Ident("n".into()),
                Tok::End
            ]
        );
    }

    #[test]
    fn bad_characters_and_huge_numbers_are_errors() {
        assert_eq!(tokens("x $ y").unwrap_err().at, 2);
        assert!(tokens("99999999999999999999").is_err());
    }
}
