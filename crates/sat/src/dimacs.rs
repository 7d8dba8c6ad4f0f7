//! DIMACS CNF: the SAT competition's text format, read and written.
//!
//! ```text
//! c a comment
//! p cnf 3 2
//! 1 -3 0
//! 2 3
//!  -1 0
//! ```
//!
//! A header `p cnf VARIABLES CLAUSES`, then clauses as signed variable numbers each ended by
//! `0`, free to span lines. Comment lines start with `c`; a line `%` ends the formula (the
//! SATLIB files end that way).

use crate::cnf::{Cnf, Lit};
use std::io::{self, Write};
use thiserror::Error;

/// What is wrong with a DIMACS file; names the file, line and column.
#[derive(Debug, Error)]
pub enum DimacsError {
    /// The file could not be read.
    #[error("{file}: {source}")]
    Io {
        /// The file.
        file: String,
        /// Why.
        source: io::Error,
    },
    /// Malformed content at a place in the file.
    #[error("{file}:{line}:{column}: {message}")]
    Syntax {
        /// The file.
        file: String,
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What was expected and found.
        message: String,
    },
    /// The clauses found differ in number from the header's.
    #[error("{file}: the header declares {declared} clauses but the file has {found}")]
    ClauseCount {
        /// The file.
        file: String,
        /// From the header.
        declared: usize,
        /// Counted.
        found: usize,
    },
}

/// The most variables a formula may declare (literals are 32-bit: a variable and a sign).
pub const MAX_VARS: usize = (u32::MAX >> 1) as usize;

/// Reads a DIMACS CNF file.
pub fn read(path: &std::path::Path) -> Result<Cnf, DimacsError> {
    let file = path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|source| DimacsError::Io {
        file: file.clone(),
        source,
    })?;
    parse(&text, &file)
}

/// Parses DIMACS CNF text; `file` names it in errors.
///
/// ```
/// let f = csp_sat::dimacs::parse("p cnf 2 2\n1 -2 0\n2 0\n", "x.cnf").unwrap();
/// assert_eq!((f.num_vars(), f.num_clauses()), (2, 2));
/// let e = csp_sat::dimacs::parse("p cnf 2 1\n1 3 0\n", "x.cnf").unwrap_err();
/// assert_eq!(e.to_string(), "x.cnf:2:3: literal 3 is beyond the 2 variables the header declares");
/// ```
pub fn parse(text: &str, file: &str) -> Result<Cnf, DimacsError> {
    let mut r = Reader {
        file,
        header: None,
        cnf: Cnf::new(),
        clause: Vec::new(),
        open_at: (0, 0),
    };
    for (l, line) in text.lines().enumerate() {
        let lineno = l + 1;
        let trimmed = line.trim_start();
        if trimmed.starts_with('c') || trimmed.is_empty() {
            continue;
        }
        if trimmed.starts_with('%') {
            break;
        }
        if trimmed.starts_with('p') {
            r.header(lineno, line, trimmed)?;
        } else {
            r.literals(lineno, line, trimmed)?;
        }
    }
    r.finish(text)
}

/// The reader's state between lines: the header's counts, the clause still open.
struct Reader<'f> {
    file: &'f str,
    /// (variables, clauses) as declared.
    header: Option<(usize, usize)>,
    cnf: Cnf,
    clause: Vec<Lit>,
    /// Where the open clause's first literal stands.
    open_at: (usize, usize),
}

impl Reader<'_> {
    fn syntax(&self, line: usize, column: usize, message: String) -> DimacsError {
        DimacsError::Syntax {
            file: self.file.to_string(),
            line,
            column,
            message,
        }
    }

    /// `p cnf VARIABLES CLAUSES`, once.
    fn header(&mut self, lineno: usize, line: &str, trimmed: &str) -> Result<(), DimacsError> {
        let column = line.len() - trimmed.len() + 1;
        if self.header.is_some() {
            return Err(self.syntax(lineno, column, "a second `p` header".into()));
        }
        let parts: Vec<&str> = trimmed.split_whitespace().collect();
        let bad = || {
            self.syntax(
                lineno,
                column,
                format!(
                    "expected the header `p cnf VARIABLES CLAUSES`, found `{}`",
                    trimmed.trim_end()
                ),
            )
        };
        if parts.len() != 4 || parts[0] != "p" || parts[1] != "cnf" {
            return Err(bad());
        }
        let v = parts[2].parse::<usize>().map_err(|_| bad())?;
        let c = parts[3].parse::<usize>().map_err(|_| bad())?;
        if v > MAX_VARS {
            return Err(self.syntax(
                lineno,
                column,
                format!("{v} variables is more than the {MAX_VARS} this reader supports"),
            ));
        }
        self.cnf.ensure_vars(v);
        self.header = Some((v, c));
        Ok(())
    }

    /// A line of literals: each in the header's range, a 0 closing the clause (clauses may
    /// span lines).
    fn literals(&mut self, lineno: usize, line: &str, trimmed: &str) -> Result<(), DimacsError> {
        let Some((vars, _)) = self.header else {
            return Err(self.syntax(
                lineno,
                line.len() - trimmed.len() + 1,
                "a clause before the `p cnf VARIABLES CLAUSES` header".into(),
            ));
        };
        // Tokens with their columns.
        let bytes = line.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            if bytes[i].is_ascii_whitespace() {
                i += 1;
                continue;
            }
            let start = i;
            while i < bytes.len() && !bytes[i].is_ascii_whitespace() {
                i += 1;
            }
            let token = &line[start..i];
            let column = start + 1;
            let d: i64 = token.parse().map_err(|_| {
                self.syntax(
                    lineno,
                    column,
                    format!("expected a literal (a nonzero integer) or 0, found `{token}`"),
                )
            })?;
            if d == 0 {
                self.cnf.add_clause(&self.clause);
                self.clause.clear();
                continue;
            }
            if d.unsigned_abs() > vars as u64 {
                return Err(self.syntax(
                    lineno,
                    column,
                    format!("literal {d} is beyond the {vars} variables the header declares"),
                ));
            }
            if self.clause.is_empty() {
                self.open_at = (lineno, column);
            }
            self.clause
                .push(Lit::from_dimacs(d).expect("nonzero and in range"));
        }
        Ok(())
    }

    /// The formula, once the header was seen, the last clause closed and the clause count
    /// matches the header's.
    fn finish(self, text: &str) -> Result<Cnf, DimacsError> {
        let Some((_, declared)) = self.header else {
            return Err(self.syntax(
                text.lines().count().max(1),
                1,
                "no `p cnf VARIABLES CLAUSES` header".into(),
            ));
        };
        if !self.clause.is_empty() {
            return Err(self.syntax(
                self.open_at.0,
                self.open_at.1,
                "the last clause is not ended by 0".into(),
            ));
        }
        if self.cnf.num_clauses() != declared {
            return Err(DimacsError::ClauseCount {
                file: self.file.to_string(),
                declared,
                found: self.cnf.num_clauses(),
            });
        }
        Ok(self.cnf)
    }
}

/// Writes `cnf` as DIMACS, with `comments` as `c` lines first.
pub fn write(cnf: &Cnf, comments: &[&str], out: &mut impl Write) -> io::Result<()> {
    for c in comments {
        for line in c.lines() {
            writeln!(out, "c {line}")?;
        }
    }
    writeln!(out, "p cnf {} {}", cnf.num_vars(), cnf.num_clauses())?;
    let mut line = String::new();
    for clause in cnf.clauses() {
        line.clear();
        for l in clause {
            line.push_str(&l.to_dimacs().to_string());
            line.push(' ');
        }
        line.push('0');
        writeln!(out, "{line}")?;
    }
    Ok(())
}

/// The DIMACS text of `cnf`.
pub fn to_string(cnf: &Cnf) -> String {
    let mut out = Vec::new();
    write(cnf, &[], &mut out).expect("writing to memory");
    String::from_utf8(out).expect("ASCII")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> String {
        parse(text, "f.cnf").unwrap_err().to_string()
    }

    #[test]
    fn clauses_may_span_lines_and_satlib_files_end_with_percent() {
        let f = parse("c hi\np cnf 3 2\n1 -3\n 2 0 -1\n0\n%\n0\n", "f.cnf").unwrap();
        assert_eq!(f.num_clauses(), 2);
        assert_eq!(
            f.clause(0)
                .iter()
                .map(|l| l.to_dimacs())
                .collect::<Vec<_>>(),
            vec![1, -3, 2]
        );
        assert_eq!(f.clause(1).len(), 1);
    }

    #[test]
    fn every_malformed_input_is_named_with_its_place() {
        assert_eq!(
            err("1 2 0\n"),
            "f.cnf:1:1: a clause before the `p cnf VARIABLES CLAUSES` header"
        );
        assert_eq!(
            err("p cnf x 1\n"),
            "f.cnf:1:1: expected the header `p cnf VARIABLES CLAUSES`, found `p cnf x 1`"
        );
        assert_eq!(
            err("p cnf 2 1\n1 two 0\n"),
            "f.cnf:2:3: expected a literal (a nonzero integer) or 0, found `two`"
        );
        assert_eq!(
            err("p cnf 2 1\n  1 -5 0\n"),
            "f.cnf:2:5: literal -5 is beyond the 2 variables the header declares"
        );
        assert_eq!(
            err("p cnf 2 1\n1 2\n"),
            "f.cnf:2:1: the last clause is not ended by 0"
        );
        assert_eq!(
            err("p cnf 2 2\n1 2 0\n"),
            "f.cnf: the header declares 2 clauses but the file has 1"
        );
        assert_eq!(
            err("c only\n"),
            "f.cnf:1:1: no `p cnf VARIABLES CLAUSES` header"
        );
        assert_eq!(
            err("p cnf 1 1\np cnf 1 1\n"),
            "f.cnf:2:1: a second `p` header"
        );
    }

    #[test]
    fn written_files_read_back_equal() {
        let f = parse("p cnf 4 3\n1 -2 0\n-4 0\n0\n", "f.cnf").unwrap();
        let mut out = Vec::new();
        write(&f, &["made by a test"], &mut out).unwrap();
        let text = String::from_utf8(out).unwrap();
        assert!(text.starts_with("c made by a test\np cnf 4 3\n1 -2 0\n-4 0\n0\n"));
        assert_eq!(parse(&text, "g.cnf").unwrap(), f);
    }
}
