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
use csp_model::source::Syntax;
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
    #[error(transparent)]
    Syntax(#[from] Syntax),
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
    ParseError::Syntax(Syntax::new(file, line, column, message))
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
mod tests;
