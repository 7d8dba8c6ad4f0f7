//! The DIMACS `.col` format: `c` comments, one `p edge V E` header, `e u v` edges (1-based).
//!
//! Tolerated as in the original files: `p col` and extra header fields, edges listed twice
//! or in both directions (the header then counts lines, not distinct edges), self-loops
//! (ignored), CR line ends and CR inside lines, blank lines. Rejected with the line and
//! column: unknown line types, malformed numbers, vertices out of range, edges before the
//! header, a second header, and an edge count matching neither the lines nor the distinct
//! edges.

use crate::error::ParseError;
use crate::graph::{Graph, Instance};
use csp_model::source::Syntax;
use std::path::Path;

/// Reads a `.col` file.
pub fn read(path: &Path) -> Result<Instance, ParseError> {
    let (file, bytes) = csp_model::source::read_bytes(path)?;
    // Old DIMACS files carry Latin-1 comments: read leniently.
    let text = String::from_utf8_lossy(&bytes);
    Ok(Instance::new(stem(path, &file), parse(&text, &file)?))
}

/// The instance name of a file: its stem (`myciel3` for `graphs/myciel3.col`), or the name
/// given (`<stdin>`).
pub fn stem(path: &Path, file: &str) -> String {
    if path.as_os_str() == "-" {
        return file.to_string();
    }
    csp_model::source::stem(&path.to_string_lossy())
}

/// Splits a line into tokens with their 1-based columns (any ASCII whitespace, CR included,
/// separates tokens).
fn tokens(line: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut rest = line;
    let mut offset = 0;
    std::iter::from_fn(move || {
        let start = rest.find(|c: char| !c.is_ascii_whitespace())?;
        let tail = &rest[start..];
        let len = tail
            .find(|c: char| c.is_ascii_whitespace())
            .unwrap_or(tail.len());
        let tok = &tail[..len];
        let col = offset + start + 1;
        offset += start + len;
        rest = &tail[len..];
        Some((col, tok))
    })
}

/// Parses `.col` text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Graph, ParseError> {
    let mut r = Reader {
        file,
        header: None,
        graph: Graph::new(0),
        edge_lines: 0,
    };
    for (i, line) in text.split('\n').enumerate() {
        let ln = i + 1;
        let mut toks = tokens(line);
        let Some((col, kind)) = toks.next() else {
            continue;
        };
        match kind {
            "c" => {}
            "p" => r.header(ln, col, line, &mut toks)?,
            "e" => r.edge(ln, col, line, &mut toks)?,
            // Some generators write vertex weights or colour hints; they do not change the graph.
            "n" | "x" | "f" => {}
            other => {
                return Err(r.syntax(
                    ln,
                    col,
                    format!("unknown line type `{other}`; expected `c`, `p` or `e`"),
                ));
            }
        }
    }
    r.finish()
}

/// The `p edge V E` line as read: the counts and where the edge count stands.
#[derive(Clone, Copy)]
struct Header {
    vertices: usize,
    edges: usize,
    line: usize,
    edges_column: usize,
}

/// The reader's state between lines.
struct Reader<'f> {
    file: &'f str,
    header: Option<Header>,
    graph: Graph,
    edge_lines: usize,
}

impl Reader<'_> {
    fn syntax(&self, line: usize, column: usize, message: String) -> ParseError {
        ParseError::Syntax(Syntax::new(self.file, line, column, message))
    }

    /// `p edge V E` (or `p col`, and extra fields): once, before any edge.
    fn header<'a>(
        &mut self,
        ln: usize,
        col: usize,
        line: &'a str,
        toks: &mut impl Iterator<Item = (usize, &'a str)>,
    ) -> Result<(), ParseError> {
        if let Some(h) = self.header {
            return Err(self.syntax(
                ln,
                col,
                format!("a second `p` line; the header is on line {}", h.line),
            ));
        }
        let fmt = toks.next();
        if !matches!(fmt, Some((_, "edge" | "col" | "edges" | "graph"))) {
            let (c, found) = fmt.unwrap_or((line.len() + 1, "end of line"));
            return Err(self.syntax(
                ln,
                c,
                format!("expected `p edge V E`, found `{found}` after `p`"),
            ));
        }
        let mut number = |what: &str| -> Result<(usize, usize), ParseError> {
            match toks.next() {
                Some((c, t)) => t.parse::<usize>().map(|n| (n, c)).map_err(|_| {
                    self.syntax(ln, c, format!("expected the number of {what}, found `{t}`"))
                }),
                None => Err(self.syntax(
                    ln,
                    line.trim_end().len() + 2,
                    format!("expected the number of {what}, found end of line"),
                )),
            }
        };
        let (v, vcol) = number("vertices")?;
        let (e, ecol) = number("edges")?;
        if v > crate::graph::MAX_VERTICES {
            return Err(self.syntax(
                ln,
                vcol,
                format!(
                    "{v} vertices is more than this tool handles (at most {})",
                    crate::graph::MAX_VERTICES
                ),
            ));
        }
        self.header = Some(Header {
            vertices: v,
            edges: e,
            line: ln,
            edges_column: ecol,
        });
        self.graph = Graph::new(v);
        Ok(())
    }

    /// `e u v`: two vertices of the header's range, nothing after them.
    fn edge<'a>(
        &mut self,
        ln: usize,
        col: usize,
        line: &'a str,
        toks: &mut impl Iterator<Item = (usize, &'a str)>,
    ) -> Result<(), ParseError> {
        let Some(h) = self.header else {
            return Err(self.syntax(ln, col, "edge before the `p edge V E` header".into()));
        };
        let nv = h.vertices;
        let mut ends = [0usize; 2];
        for end in &mut ends {
            let Some((c, t)) = toks.next() else {
                return Err(self.syntax(
                    ln,
                    line.trim_end().len() + 2,
                    "expected `e u v` with two vertices, found end of line".into(),
                ));
            };
            let v: u64 = t.parse().map_err(|_| {
                self.syntax(ln, c, format!("expected a vertex number, found `{t}`"))
            })?;
            if v == 0 || v > nv as u64 {
                return Err(ParseError::VertexOutOfRange {
                    file: self.file.to_string(),
                    line: ln,
                    column: c,
                    vertex: v,
                    vertices: nv,
                });
            }
            *end = v as usize - 1;
        }
        if let Some((c, t)) = toks.next() {
            return Err(self.syntax(
                ln,
                c,
                format!("expected the end of the edge line, found `{t}`"),
            ));
        }
        self.graph.add_edge(ends[0], ends[1]);
        self.edge_lines += 1;
        Ok(())
    }

    /// The graph, once the header was seen and its edge count matches the lines or the
    /// distinct edges (loops are ignored but were counted as lines).
    fn finish(mut self) -> Result<Graph, ParseError> {
        let Some(h) = self.header else {
            return Err(ParseError::MissingHeader {
                file: self.file.to_string(),
            });
        };
        self.graph.finish();
        let distinct = self.graph.edge_count();
        if h.edges != self.edge_lines && h.edges != distinct {
            return Err(ParseError::EdgeCount {
                file: self.file.to_string(),
                line: h.line,
                column: h.edges_column,
                declared: h.edges,
                lines: self.edge_lines,
                distinct,
            });
        }
        Ok(self.graph)
    }
}

/// Writes a graph in DIMACS `.col` form (each edge once).
pub fn write(g: &Graph, comment: &str) -> String {
    let mut s = String::new();
    for l in comment.lines() {
        s.push_str(&format!("c {l}\n"));
    }
    s.push_str(&format!("p edge {} {}\n", g.len(), g.edge_count()));
    for (u, v) in g.edges() {
        s.push_str(&format!("e {} {}\n", u + 1, v + 1));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn originals_quirks_are_tolerated() {
        let text =
            "c a comment\r\np col 3 4 extra fields\r\ne 1 2\r\ne 2 1\r\ne 2\r 3\r\ne 3 3\r\n";
        let g = parse(text, "t.col").unwrap();
        assert_eq!((g.len(), g.edge_count()), (3, 2));
    }

    #[test]
    fn round_trip_through_the_writer() {
        let g = Graph::from_edges(4, [(0, 1), (1, 2), (2, 3), (3, 0)]);
        assert_eq!(parse(&write(&g, "square"), "w.col").unwrap(), g);
    }

    #[test]
    fn token_columns_are_one_based() {
        let t: Vec<_> = tokens("  e 12\t3").collect();
        assert_eq!(t, vec![(3, "e"), (5, "12"), (8, "3")]);
    }
}
