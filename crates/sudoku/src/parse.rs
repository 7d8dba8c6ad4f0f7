//! Reading puzzles: one-line puzzles (`.` or `0` for blanks), lists of them with `#`
//! comments, multi-line grids with `|`, `-`, `+` separators, space-separated numbers for
//! large grids, and YAML (`kind: sudoku`).
//!
//! # Text rules
//! - Blank lines separate blocks; lines starting with `#` or `//` are comments.
//! - In a line, `|` and `+` are ignored, and a line of only `-`, `=`, `+`, `|` and spaces is a
//!   rule between boxes. Cells are single characters (`1-9`, then `A-Z` or `a-z` for 10..35,
//!   blanks `.` `0` `_` `*`), or, when some space-separated token has two digits,
//!   space-separated numbers (`0` or `.` for blanks).
//! - A block whose first line has `s` cells, where `s` is a grid side (4, 6, 8, 9, 10, 12, …),
//!   and whose number of lines is a multiple of `s` is read as grids of `s` rows (one-line
//!   4×4, 6×6 and 8×8 puzzles in a list of 16, 36 or 64 lines are therefore read as one big
//!   grid: separate such blocks with blank lines, or use YAML). Otherwise every line of the
//!   block is one puzzle of `side²` cells.
//! - The box shape follows the side ([`Shape::for_size`]: 6 → 2×3, 12 → 3×4).

use crate::grid::{Grid, char_symbol};
use crate::shape::Shape;
use serde::Deserialize;
use serde_saphyr::Spanned;
use std::path::Path;
use thiserror::Error;

/// What is wrong with a puzzle file. Variants name the file, line and column (1-based).
#[derive(Debug, Error)]
pub enum ParseError {
    /// The file could not be read (or is too large, or not text).
    #[error(transparent)]
    Io(#[from] csp_model::SourceError),
    /// Malformed input at a position.
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
    /// The file holds no puzzle.
    #[error(
        "{file}: no puzzle found (expected lines of 81 cells, a grid, or YAML with `kind: sudoku`)"
    )]
    Empty {
        /// The file.
        file: String,
    },
}

/// A puzzle read from a file, with where it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Puzzle {
    /// The givens (0 = blank).
    pub grid: Grid,
    /// 1-based line of the puzzle's first row in its file.
    pub line: usize,
    /// A name (YAML `name:`), if given.
    pub name: Option<String>,
}

/// One row of cells as read: the symbols and the 1-based column of each.
#[derive(Debug)]
struct Row {
    line: usize,
    cells: Vec<(u8, usize)>,
}

fn syntax(file: &str, line: usize, column: usize, message: String) -> ParseError {
    ParseError::Syntax {
        file: file.to_string(),
        line,
        column,
        message,
    }
}

/// Reads the puzzles of a file (YAML when it starts with `kind:` or ends in `.yaml`/`.yml`).
pub fn read(path: &Path) -> Result<Vec<Puzzle>, ParseError> {
    let src = csp_model::source::read(path)?;
    let (file, text) = (src.name, src.text);
    let yaml = path.extension().is_some_and(|e| e == "yaml" || e == "yml");
    if yaml {
        parse_yaml(&text, &file).map(|p| vec![p])
    } else {
        parse(&text, &file)
    }
}

/// Parses text holding one or more puzzles (see the module docs); YAML text (a first
/// non-comment line starting with `kind:`) is handed to [`parse_yaml`]. `file` names the
/// source in errors.
///
/// ```
/// let e = csp_sudoku::parse::parse(&format!("# one\n{}\n", ".".repeat(80)), "x");
/// assert!(e.unwrap_err().to_string().starts_with("x:2:80: found 80 cells"));
/// let ps = csp_sudoku::parse::parse(&".".repeat(81), "x").unwrap();
/// assert_eq!(ps[0].grid.shape().size(), 9);
/// ```
pub fn parse(text: &str, file: &str) -> Result<Vec<Puzzle>, ParseError> {
    let first = text
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty() && !l.starts_with('#'));
    if first.is_some_and(|l| l.starts_with("kind:")) {
        return parse_yaml(text, file).map(|p| vec![p]);
    }
    parse_lines(text.lines().enumerate().map(|(i, l)| (i + 1, 0, l)), file)
}

/// A puzzle written as one compact line, `n²` cells with no separators (`.`, `0`, `_` or `*`
/// for a blank; digits and letters for symbols), or `None` for anything else: the common
/// form of puzzle lists, read without [`parse`]'s general machinery (a tenth of the time),
/// for callers that read puzzles one string at a time. Where it gives a grid, [`parse`]
/// gives the same one.
///
/// ```
/// use csp_sudoku::parse::{compact, parse};
/// let line = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// assert_eq!(compact(line), Some(parse(line, "x").unwrap()[0].grid.clone()));
/// assert_eq!(compact("53 7"), None);
/// ```
pub fn compact(text: &str) -> Option<Grid> {
    let line = text.trim();
    let shape = line_shape(line.len())?;
    let n = shape.size();
    let cells = line
        .bytes()
        .map(|b| char_symbol(char::from(b)).filter(|&v| usize::from(v) <= n))
        .collect::<Option<Vec<u8>>>()?;
    Grid::new(shape, cells)
}

/// Parses `(line number, column offset, text)` lines.
fn parse_lines<'a>(
    lines: impl Iterator<Item = (usize, usize, &'a str)>,
    file: &str,
) -> Result<Vec<Puzzle>, ParseError> {
    let mut blocks = Blocks::default();
    let mut puzzles = Vec::new();
    for (number, offset, line) in lines {
        blocks.line(number, offset, line, file, &mut puzzles)?;
    }
    blocks.finish(file, &mut puzzles)?;
    if puzzles.is_empty() {
        return Err(ParseError::Empty {
            file: file.to_string(),
        });
    }
    Ok(puzzles)
}

/// The text rules as a line-by-line machine, shared by [`parse`] and [`Reader`]: rows gather
/// into a block until a blank line, except in a block whose first row cannot start a grid
/// (81 cells, say), where every row is a one-line puzzle and is given out at once, so a
/// puzzle list streams.
#[derive(Debug, Default)]
struct Blocks {
    block: Vec<Row>,
    /// The current block is a list of one-line puzzles.
    list: bool,
}

impl Blocks {
    fn line(
        &mut self,
        number: usize,
        offset: usize,
        line: &str,
        file: &str,
        out: &mut Vec<Puzzle>,
    ) -> Result<(), ParseError> {
        let line = line.strip_suffix('\r').unwrap_or(line);
        let trimmed = line.trim();
        if trimmed.is_empty() {
            self.list = false;
            return finish_block(&mut self.block, file, out);
        }
        if trimmed.starts_with('#') || trimmed.starts_with("//") {
            return Ok(());
        }
        if trimmed
            .chars()
            .all(|c| matches!(c, '-' | '=' | '+' | '|' | ' ' | '\t'))
        {
            // A rule crossing box columns (`---+---`) belongs to a grid: among one-line
            // puzzles it means a grid too large (a plain `-----` may divide a list).
            if self.list && trimmed.contains(['+', '|']) {
                return Err(too_large_grid(file, number, offset + 1));
            }
            return Ok(());
        }
        let mut row = read_row(line, number, file)?;
        for c in &mut row.cells {
            c.1 += offset;
        }
        if self.block.is_empty() && !self.list {
            let n = row.cells.len();
            self.list = Shape::for_size(n).is_none();
            // Box separators mark a grid row, never a one-line puzzle: one past 64 columns
            // is refused rather than read as puzzles of its rows.
            if self.list && n > crate::shape::MAX_SIZE && trimmed.contains(['|', '+']) {
                return Err(too_large_grid(file, number, offset + 1));
            }
        }
        if self.list {
            out.push(one_line(&row, file)?);
        } else {
            self.block.push(row);
        }
        Ok(())
    }

    fn finish(&mut self, file: &str, out: &mut Vec<Puzzle>) -> Result<(), ParseError> {
        self.list = false;
        finish_block(&mut self.block, file, out)
    }
}

/// The longest line [`Reader`] accepts: a 64×64 puzzle of space-separated numbers on one
/// line is about 12,300 bytes.
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// Puzzles read one at a time from a stream, in order, in memory bounded by a block (a
/// grid) rather than by the input: a list of millions of one-line puzzles is read as it is
/// solved. The same rules and errors as [`parse`]; YAML (a first line `kind:`) is read whole,
/// within [`csp_model::source::MAX_INPUT_BYTES`].
///
/// ```
/// use csp_sudoku::parse::Reader;
/// let text = format!("{}\n{}\n", ".".repeat(81), ".".repeat(80));
/// let mut r = Reader::new(text.as_bytes(), "list.txt");
/// assert_eq!(r.next().unwrap().unwrap().line, 1); // given out before line 2 is read
/// let e = r.next().unwrap().unwrap_err();
/// assert!(e.to_string().starts_with("list.txt:2:80: found 80 cells"));
/// assert!(r.next().is_none());
/// ```
#[derive(Debug)]
pub struct Reader<R> {
    input: R,
    file: String,
    blocks: Blocks,
    ready: std::collections::VecDeque<Puzzle>,
    buffer: Vec<u8>,
    number: usize,
    seen: bool,
    done: bool,
    /// The lines before the first row (comments, blank lines), kept while no row has come:
    /// a YAML document starts after them and its errors may point into them.
    head: Option<String>,
}

impl<R: std::io::BufRead> Reader<R> {
    /// Reads puzzles from `input`; `file` names it in errors.
    pub fn new(input: R, file: &str) -> Self {
        Reader {
            input,
            file: file.to_string(),
            blocks: Blocks::default(),
            ready: std::collections::VecDeque::new(),
            buffer: Vec::new(),
            number: 0,
            seen: false,
            done: false,
            head: Some(String::new()),
        }
    }

    fn io(&self, e: &std::io::Error) -> ParseError {
        ParseError::Io(csp_model::SourceError::io(&self.file, e))
    }

    /// Reads lines until a puzzle is ready or the input ends.
    fn fill(&mut self) -> Result<(), ParseError> {
        use std::io::{BufRead, Read};
        let mut out = Vec::new();
        while self.ready.is_empty() && !self.done {
            self.buffer.clear();
            let n = (&mut self.input)
                .take(MAX_LINE_BYTES as u64 + 1)
                .read_until(b'\n', &mut self.buffer)
                .map_err(|e| self.io(&e))?;
            if n == 0 {
                self.done = true;
                self.blocks.finish(&self.file, &mut out)?;
                if !self.seen && out.is_empty() {
                    return Err(ParseError::Empty {
                        file: self.file.clone(),
                    });
                }
            } else {
                self.number += 1;
                if let Some(i) = self.buffer.iter().position(|&b| b == 0) {
                    return Err(syntax(
                        &self.file,
                        self.number,
                        i + 1,
                        "binary data (a NUL byte); expected puzzles as text".into(),
                    ));
                }
                if self.buffer.len() > MAX_LINE_BYTES {
                    return Err(syntax(
                        &self.file,
                        self.number,
                        MAX_LINE_BYTES,
                        format!(
                            "a line longer than {MAX_LINE_BYTES} bytes; expected puzzles of at most 64×64 cells"
                        ),
                    ));
                }
                let line = std::str::from_utf8(&self.buffer).map_err(|e| {
                    let column = String::from_utf8_lossy(&self.buffer[..e.valid_up_to()])
                        .chars()
                        .count()
                        + 1;
                    syntax(
                        &self.file,
                        self.number,
                        column,
                        "not UTF-8 text; expected puzzles".into(),
                    )
                })?;
                if self.head.is_some() && line.trim_start().starts_with("kind:") {
                    // YAML: the rest of the input is one document, after the comments
                    // before it (its errors may point into them).
                    let mut text = self.head.take().unwrap_or_default();
                    text.push_str(line);
                    (&mut self.input)
                        .take(csp_model::source::MAX_INPUT_BYTES)
                        .read_to_string(&mut text)
                        .map_err(|e| self.io(&e))?;
                    out.push(parse_yaml(&text, &self.file)?);
                    self.done = true;
                } else {
                    // As in `parse`: YAML when the first line neither blank nor a `#`
                    // comment starts with `kind:`.
                    let trimmed = line.trim();
                    if trimmed.is_empty() || trimmed.starts_with('#') {
                        if let Some(head) = &mut self.head {
                            head.push_str(line);
                        }
                    } else {
                        self.head = None;
                    }
                    let line = line.strip_suffix('\n').unwrap_or(line);
                    self.blocks
                        .line(self.number, 0, line, &self.file, &mut out)?;
                }
            }
            self.seen |= !out.is_empty();
            self.ready.extend(out.drain(..));
        }
        Ok(())
    }
}

impl<R: std::io::BufRead> Iterator for Reader<R> {
    type Item = Result<Puzzle, ParseError>;

    /// The next puzzle; after an error, `None`.
    fn next(&mut self) -> Option<Self::Item> {
        if self.ready.is_empty()
            && let Err(e) = self.fill()
        {
            self.done = true;
            self.ready.clear();
            return Some(Err(e));
        }
        self.ready.pop_front().map(Ok)
    }
}

/// The cells of one line.
fn read_row(line: &str, number: usize, file: &str) -> Result<Row, ParseError> {
    let spaced: String = line
        .chars()
        .map(|c| if c == '|' || c == '+' { ' ' } else { c })
        .collect();
    let tokens: Vec<(usize, &str)> = spaced
        .split_whitespace()
        .map(|t| (t.as_ptr() as usize - spaced.as_ptr() as usize, t))
        .collect();
    let numeric = tokens
        .iter()
        .all(|(_, t)| t.chars().all(|c| c.is_ascii_digit()) || *t == "." || *t == "_")
        && tokens.len() >= 2
        && tokens.iter().any(|(_, t)| t.len() >= 2);
    let mut cells = Vec::new();
    if numeric {
        for (at, t) in tokens {
            let column = spaced[..at].chars().count() + 1;
            let v: u8 = match t {
                "." | "_" => 0,
                t => t
                    .parse()
                    .ok()
                    .filter(|&v| usize::from(v) <= crate::shape::MAX_SIZE)
                    .ok_or_else(|| {
                        syntax(
                            file,
                            number,
                            column,
                            format!(
                                "number `{t}` is too large for a grid (at most {})",
                                crate::shape::MAX_SIZE
                            ),
                        )
                    })?,
            };
            cells.push((v, column));
        }
    } else {
        for (i, ch) in line.chars().enumerate() {
            if ch.is_whitespace() || ch == '|' || ch == '+' || ch == '-' {
                continue;
            }
            let v = char_symbol(ch).ok_or_else(|| {
                syntax(
                    file,
                    number,
                    i + 1,
                    format!("unexpected character `{ch}`; expected a symbol 1-9 or A-Z, a blank (`.` or `0`), or a separator (`|`, `-`, `+`)"),
                )
            })?;
            cells.push((v, i + 1));
        }
    }
    Ok(Row {
        line: number,
        cells,
    })
}

/// Whether `cells` cells make a one-line puzzle, and of which shape.
fn line_shape(cells: usize) -> Option<Shape> {
    let side = cells.isqrt();
    (side * side == cells)
        .then(|| Shape::for_size(side))
        .flatten()
}

fn finish_block(block: &mut Vec<Row>, file: &str, out: &mut Vec<Puzzle>) -> Result<(), ParseError> {
    if block.is_empty() {
        return Ok(());
    }
    let rows = std::mem::take(block);
    let side = rows[0].cells.len();
    let grid_shape =
        Shape::for_size(side).filter(|_| rows.len() >= 2 && rows.len().is_multiple_of(side));
    if let Some(shape) = grid_shape {
        for grid_rows in rows.chunks(side) {
            let mut cells = Vec::with_capacity(side * side);
            for row in grid_rows {
                if row.cells.len() != side {
                    let column = row.cells.get(side).or(row.cells.last()).map_or(1, |c| c.1);
                    return Err(syntax(
                        file,
                        row.line,
                        column,
                        format!(
                            "this grid row has {} cells; expected {side} like the first row (line {})",
                            row.cells.len(),
                            grid_rows[0].line
                        ),
                    ));
                }
                cells.extend(checked(row, shape, file)?);
            }
            out.push(Puzzle {
                grid: Grid::new(shape, cells).expect("checked cells"),
                line: grid_rows[0].line,
                name: None,
            });
        }
        return Ok(());
    }
    // A side-long first row whose block is not a whole number of grids.
    if rows.len() >= 2 && Shape::for_size(side).is_some() && line_shape(side).is_none() {
        let last = rows.last().expect("non-empty");
        return Err(syntax(
            file,
            last.line,
            1,
            format!(
                "a grid of {side} columns (line {}) needs a multiple of {side} rows; this block has {}",
                rows[0].line,
                rows.len()
            ),
        ));
    }
    for row in &rows {
        out.push(one_line(row, file)?);
    }
    Ok(())
}

/// A grid past the largest side, found at `line`.
fn too_large_grid(file: &str, line: usize, column: usize) -> ParseError {
    syntax(
        file,
        line,
        column,
        format!(
            "this looks like a grid row of more than {max} columns (box separators); grids of at most {max}×{max} cells are supported",
            max = crate::shape::MAX_SIZE
        ),
    )
}

/// A row as a one-line puzzle.
fn one_line(row: &Row, file: &str) -> Result<Puzzle, ParseError> {
    let n = row.cells.len();
    let Some(shape) = line_shape(n) else {
        let column = row.cells.last().map_or(1, |c| c.1);
        return Err(syntax(
            file,
            row.line,
            column,
            format!(
                "found {n} cells; expected a one-line puzzle of 16, 36, 64, 81, 100, 144, 256, … cells (a side of 4 or more, squared) or the first row of a grid"
            ),
        ));
    };
    let cells = checked(row, shape, file)?;
    Ok(Puzzle {
        grid: Grid::new(shape, cells).expect("checked cells"),
        line: row.line,
        name: None,
    })
}

/// The row's symbols, each checked against the grid side.
fn checked(row: &Row, shape: Shape, file: &str) -> Result<Vec<u8>, ParseError> {
    let n = shape.size();
    row.cells
        .iter()
        .map(|&(v, column)| {
            if usize::from(v) > n {
                Err(syntax(file, row.line, column, format!(
                    "symbol {} ({v}) is out of range for a {n}×{n} grid; expected 1..={n} or a blank",
                    crate::grid::symbol_char(v))))
            } else {
                Ok(v)
            }
        })
        .collect()
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum GridField {
    Text(String),
    Rows(Vec<Spanned<String>>),
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    kind: Spanned<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default, rename = "box")]
    box_shape: Option<Spanned<[usize; 2]>>,
    grid: Spanned<GridField>,
}

/// Parses one puzzle in YAML:
///
/// ```yaml
/// kind: sudoku
/// name: the first one            # optional
/// box: [2, 3]                    # optional box rows × columns (default: from the side)
/// grid: |                        # or a list of row strings
///   1 . . | . . .
///   ...
/// ```
pub fn parse_yaml(text: &str, file: &str) -> Result<Puzzle, ParseError> {
    let raw: Raw =
        csp_model::source::from_yaml(&text.replace("\r\n", "\n"), file).map_err(|d| {
            // The one YAML diagnostic of csp-model, in this reader's error type.
            let (line, column) = d.position().unwrap_or((1, 1));
            syntax(
                file,
                line as usize,
                column as usize,
                d.message().to_string(),
            )
        })?;
    let loc = |s: &serde_saphyr::Location| (s.line() as usize, s.column() as usize);
    if raw.kind.value != "sudoku" {
        let (l, c) = loc(&raw.kind.referenced);
        return Err(syntax(
            file,
            l,
            c,
            format!("kind: expected `sudoku`, found `{}`", raw.kind.value),
        ));
    }
    let (gl, gc) = loc(&raw.grid.referenced);
    let mut puzzles = match &raw.grid.value {
        // The span of a block scalar starts at its first row.
        GridField::Text(t) => {
            let lines = t
                .lines()
                .enumerate()
                .map(|(i, l)| (gl + i, gc.saturating_sub(1), l));
            parse_lines(lines, file)?
        }
        GridField::Rows(rows) => {
            let lines = rows.iter().map(|r| {
                let (l, c) = loc(&r.referenced);
                (l, c, r.value.as_str())
            });
            parse_lines(lines, file)?
        }
    };
    if puzzles.len() != 1 {
        return Err(syntax(
            file,
            gl,
            gc,
            format!("grid: expected one grid, found {} puzzles", puzzles.len()),
        ));
    }
    let mut p = puzzles.remove(0);
    if let Some(b) = &raw.box_shape {
        let [r, c] = b.value;
        let (l, col) = loc(&b.referenced);
        let shape = Shape::new(r, c)
            .filter(|s| s.size() == p.grid.shape().size())
            .ok_or_else(|| {
                syntax(
                    file,
                    l,
                    col,
                    format!(
                        "box: {r}×{c} boxes do not tile a {0}×{0} grid",
                        p.grid.shape().size()
                    ),
                )
            })?;
        p.grid = Grid::new(shape, p.grid.cells().to_vec()).expect("same size");
    }
    p.name = raw.name;
    p.line = gl;
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GRID: &str = "\
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79";

    #[test]
    fn a_grid_past_64_columns_is_an_error_not_a_list_of_puzzles() {
        // 81 columns in boxes of 9, as an 81×81 grid would be typed.
        let row = vec![".........".to_string(); 9].join("|");
        let grid = vec![row.as_str(); 81].join("\n");
        let e = parse(&grid, "g.txt").unwrap_err().to_string();
        assert!(
            e.starts_with("g.txt:1:1: this looks like a grid row"),
            "{e}"
        );
        // Without separators, but with rules crossing the boxes.
        let plain = ".".repeat(81);
        let text = format!("{plain}\n{plain}\n---------+---------\n{plain}\n");
        let e = parse(&text, "g.txt").unwrap_err().to_string();
        assert!(e.starts_with("g.txt:3:1:"), "{e}");
        // A plain divider in a list is still a list.
        let line: String = GRID.lines().collect();
        let list = format!("{line}\n{line}\n--------\n{line}\n");
        assert_eq!(parse(&list, "l.txt").unwrap().len(), 3);
    }

    #[test]
    fn compact_lines_read_as_parse_reads_them() {
        let line: String = GRID.lines().collect();
        for text in [
            line.clone(),
            line.replace('0', "."),
            format!("  {line}\n"),
            "A".repeat(256),
            ".".repeat(16),
        ] {
            let expected = parse(&text, "t").ok().map(|p| p[0].grid.clone());
            assert_eq!(compact(&text), expected, "{text}");
        }
        for bad in [&line[1..], "x".repeat(81).as_str(), "", "5 3"] {
            assert_eq!(compact(bad), None, "{bad}");
        }
        // A symbol past the side is refused by both.
        let high = format!("A{}", &line[1..]);
        assert!(compact(&high).is_none() && parse(&high, "t").is_err());
    }

    #[test]
    fn one_line_and_grid_forms_agree() {
        let line: String = GRID.lines().collect();
        let a = parse(&line, "a").unwrap();
        let b = parse(GRID, "b").unwrap();
        assert_eq!(a.len(), 1);
        assert_eq!(a[0].grid, b[0].grid);
        assert_eq!(a[0].grid.num_givens(), 30);
    }

    #[test]
    fn separators_comments_and_zeros_are_understood() {
        let text = "# from a book\n\n5 3 0 | 0 7 0 | 0 0 0\n6 0 0 | 1 9 5 | 0 0 0\n0 9 8 | 0 0 0 | 0 6 0\n------+-------+------\n8 0 0 | 0 6 0 | 0 0 3\n4 0 0 | 8 0 3 | 0 0 1\n7 0 0 | 0 2 0 | 0 0 6\n------+-------+------\n0 6 0 | 0 0 0 | 2 8 0\n0 0 0 | 4 1 9 | 0 0 5\n0 0 0 | 0 8 0 | 0 7 9\n";
        let p = parse(text, "t").unwrap();
        assert_eq!(p.len(), 1);
        assert_eq!(p[0].line, 3);
        assert_eq!(p[0].grid, parse(GRID, "g").unwrap()[0].grid);
    }

    #[test]
    fn lists_hold_one_puzzle_per_line() {
        let line: String = GRID.lines().collect();
        let text = format!("# list\n{line}\n{line}\r\n{}\n", line.replace('.', "0"));
        let p = parse(&text, "l").unwrap();
        assert_eq!(p.len(), 3);
        assert_eq!(p[2].line, 4);
    }

    #[test]
    fn large_grids_use_letters_or_numbers() {
        let letters: String = (1..=16u8).map(crate::grid::symbol_char).collect();
        let p = parse(&letters.repeat(16), "x").unwrap();
        assert_eq!(p[0].grid.shape(), Shape::square(4).unwrap());
        let numbers: Vec<String> = (0..25 * 25).map(|i| ((i % 25) + 1).to_string()).collect();
        let p = parse(&numbers.join(" "), "y").unwrap();
        assert_eq!(p[0].grid.shape().size(), 25);
        assert_eq!(p[0].grid.get(0, 24), 25);
    }

    #[test]
    fn six_by_six_has_two_by_three_boxes() {
        let p = parse(&".".repeat(36), "x").unwrap();
        assert_eq!(p[0].grid.shape(), Shape::new(2, 3).unwrap());
    }

    fn error(text: &str) -> String {
        parse(text, "f").unwrap_err().to_string()
    }

    #[test]
    fn wrong_length_names_line_and_column() {
        let e = error(&format!("# c\n{}\n", ".".repeat(80)));
        assert!(e.starts_with("f:2:80: found 80 cells"), "{e}");
    }

    #[test]
    fn bad_symbol_names_line_and_column() {
        let mut line = ".".repeat(81);
        line.replace_range(4..5, "x");
        let e = error(&line);
        assert!(
            e.starts_with("f:1:5: symbol X (33) is out of range for a 9×9 grid"),
            "{e}"
        );
        line.replace_range(4..5, "!");
        let e = error(&line);
        assert!(e.starts_with("f:1:5: unexpected character `!`"), "{e}");
    }

    #[test]
    fn short_grid_rows_and_missing_rows_are_reported() {
        let mut rows: Vec<&str> = GRID.lines().collect();
        rows[4] = "4..8.3..";
        let e = error(&rows.join("\n"));
        assert!(
            e.starts_with("f:5:8: this grid row has 8 cells; expected 9"),
            "{e}"
        );
        let e = error(&GRID.lines().take(8).collect::<Vec<_>>().join("\n"));
        assert!(
            e.starts_with(
                "f:8:1: a grid of 9 columns (line 1) needs a multiple of 9 rows; this block has 8"
            ),
            "{e}"
        );
    }

    #[test]
    fn empty_input_is_an_error() {
        assert!(matches!(
            parse("# nothing\n", "f"),
            Err(ParseError::Empty { .. })
        ));
    }

    #[test]
    fn yaml_puzzles_with_box_shape() {
        let text = "kind: sudoku\nname: small\nbox: [3, 2]\ngrid: |\n  1 . . | . . .\n  . . . | . . .\n  . . . | . . .\n  . . . | . . .\n  . . . | . . .\n  . . . | . . 2\n";
        let p = parse(text, "y").unwrap();
        assert_eq!(p[0].grid.shape(), Shape::new(3, 2).unwrap());
        assert_eq!(p[0].name.as_deref(), Some("small"));
        assert_eq!(p[0].grid.get(5, 5), 2);
        let bad = text.replace("2\n", "7\n");
        let e = parse(&bad, "y").unwrap_err().to_string();
        assert!(e.starts_with("y:10:"), "{e}");
        assert!(
            e.contains("symbol 7 (7) is out of range for a 6×6 grid"),
            "{e}"
        );
        let e = parse(&text.replace("[3, 2]", "[4, 2]"), "y")
            .unwrap_err()
            .to_string();
        assert!(e.starts_with("y:3:"), "{e}");
        let e = parse(&text.replace("kind: sudoku", "kind: sodoku"), "y")
            .unwrap_err()
            .to_string();
        assert!(e.contains("kind: expected `sudoku`"), "{e}");
    }

    /// The streaming reader gives the same puzzles, and the same first error, as `parse`.
    fn same_as_parse(text: &str) {
        let whole = parse(text, "f");
        let streamed: Result<Vec<Puzzle>, ParseError> = Reader::new(text.as_bytes(), "f").collect();
        match (whole, streamed) {
            (Ok(a), Ok(b)) => assert_eq!(a, b),
            (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
            (a, b) => panic!("parse: {a:?}\nreader: {b:?}"),
        }
    }

    #[test]
    fn the_streaming_reader_reads_like_parse() {
        let line =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        let grid = "1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n";
        for text in [
            format!("{line}\n{line}\n"),
            format!("# list\n{line}\n\n{grid}\n{line}"),
            format!("{grid}\n{grid}"),
            format!("{line}\n{}\n", &line[1..]),
            format!("{grid}{line}\n"),
            "kind: sudoku\ngrid: |\n  1 . . .\n  . . 3 .\n  . 4 . .\n  . . . 2\n".to_string(),
            String::new(),
            "# nothing\n".to_string(),
            format!("{line}\r\n{line}\r\n"),
            "# a comment \u{f} . | . .34\n  kind:a's \"Sudoku\"\n".to_string(),
            "# c\n\nkind: sudoku\ngrid: 1\n".to_string(),
        ] {
            same_as_parse(&text);
        }
    }
}
