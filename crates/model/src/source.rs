//! Reading a problem's text, and the one shape of "this file, this place, this was
//! expected" errors.
//!
//! ```
//! use csp_model::source::{SourceError, kind_of};
//! let e = SourceError::at("x.yaml", "kind: csp\nvariables: 3\n", 2, 12, "expected a list of variables");
//! assert_eq!(e.to_string(), "x.yaml:2:12: expected a list of variables\n     2 | variables: 3\n       |            ^");
//! assert_eq!(kind_of("# a graph\nkind: colouring\n").as_deref(), Some("colouring"));
//! ```

use std::io::Read;
use std::path::Path;
use thiserror::Error;

/// The largest input read, in bytes: problem files are text, and a bigger one is more likely
/// a mistake (`/dev/zero`, a binary) than a problem.
pub const MAX_INPUT_BYTES: u64 = 256 << 20;

/// A problem's text and the name errors give it (`-` is shown as `<stdin>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source {
    /// The name in messages: the path as given, or `<stdin>`.
    pub name: String,
    /// The text, with CR LF line ends made LF.
    pub text: String,
}

/// What is wrong with an input: it could not be read, or something at a place in it.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SourceError {
    /// The input could not be read (its OS message once, not twice).
    #[error("{file}: {message}")]
    Io {
        /// The file.
        file: String,
        /// Why, e.g. "No such file or directory (os error 2)".
        message: String,
    },
    /// A problem at a place (YAML syntax, a wrong type, an unknown name, …).
    #[error("{file}:{line}:{column}: {message}{snippet}")]
    At {
        /// The file.
        file: String,
        /// 1-based line (0 when unknown).
        line: u32,
        /// 1-based column (0 when unknown).
        column: u32,
        /// What was expected and what was found.
        message: String,
        /// The source line with a caret under the column, for people (empty if unknown).
        snippet: String,
    },
}

/// A mistake at a place in a text read line by line (DIMACS, puzzle lists): the one shape
/// of the readers' syntax errors, `file:line:column: message`. Unlike [`SourceError::At`] it
/// keeps no snippet: such files are long and their lines plain.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{file}:{line}:{column}: {message}")]
pub struct Syntax {
    /// The file.
    pub file: String,
    /// 1-based line (0 when unknown).
    pub line: usize,
    /// 1-based column (0 when unknown).
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
}

impl Syntax {
    /// An error at `line`:`column` of `file`.
    pub fn new(file: &str, line: usize, column: usize, message: impl Into<String>) -> Self {
        Syntax {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
        }
    }
}

impl SourceError {
    /// An error at `line`:`column` of `text` (1-based), with the line shown under it.
    pub fn at(file: &str, text: &str, line: u32, column: u32, message: impl Into<String>) -> Self {
        SourceError::At {
            file: file.to_string(),
            line,
            column,
            message: message.into(),
            snippet: snippet(text, line, column),
        }
    }

    /// An I/O error reading `file`.
    pub fn io(file: &str, e: &std::io::Error) -> Self {
        SourceError::Io {
            file: file.to_string(),
            message: e.to_string(),
        }
    }

    /// The message without the location and snippet.
    pub fn message(&self) -> &str {
        match self {
            SourceError::Io { message, .. } | SourceError::At { message, .. } => message,
        }
    }

    /// `(line, column)` when known.
    pub fn position(&self) -> Option<(u32, u32)> {
        match self {
            SourceError::At { line, column, .. } if *line > 0 => Some((*line, *column)),
            _ => None,
        }
    }
}

/// The lines of `text` as YAML counts them: LF, CR LF and a lone CR each end a line (the
/// parser's line numbers then name the same lines).
pub fn yaml_lines(text: &str) -> impl Iterator<Item = &str> {
    let text = text.strip_suffix('\n').unwrap_or(text);
    let text = text.strip_suffix('\r').unwrap_or(text);
    text.split('\n')
        .flat_map(|l| l.strip_suffix('\r').unwrap_or(l).split('\r'))
        .filter(move |_| !text.is_empty())
}

/// The line `line` of `text` (lines as [`yaml_lines`] counts them) with a caret under
/// `column`, indented, on lines of its own (empty when the line does not exist).
pub fn snippet(text: &str, line: u32, column: u32) -> String {
    if line == 0 {
        return String::new();
    }
    yaml_lines(text)
        .nth(line as usize - 1)
        .map(|src| {
            // Long lines (a puzzle list's, a minified file's) are cut around the column.
            let chars: Vec<char> = src.chars().collect();
            let col = (column.max(1) as usize - 1).min(chars.len());
            let from = col.saturating_sub(60);
            let to = (col + 60).min(chars.len());
            let shown: String = chars[from..to].iter().collect();
            let pad = " ".repeat(col - from);
            format!("\n  {line:>4} | {shown}\n       | {pad}^")
        })
        .unwrap_or_default()
}

/// Reads `path`, or standard input when it is `-`, as UTF-8 text of at most
/// [`MAX_INPUT_BYTES`]; CR LF and a lone CR become LF.
pub fn read(path: &Path) -> Result<Source, SourceError> {
    let (name, bytes) = read_bytes(path)?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() as u32 + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() as u32 + 1;
        SourceError::At {
            file: name.clone(),
            line,
            column,
            message: "not UTF-8 text; expected a problem file".to_string(),
            snippet: String::new(),
        }
    })?;
    // CR LF and a lone CR (old Mac files) become LF, as YAML reads them.
    let text = if text.contains('\r') {
        text.replace("\r\n", "\n").replace('\r', "\n")
    } else {
        text
    };
    Ok(Source { name, text })
}

/// The bytes of `path` (standard input for `-`), at most [`MAX_INPUT_BYTES`], with the name
/// errors give it; a gzip, bzip2, xz or zstd stream is decompressed first.
pub fn read_bytes(path: &Path) -> Result<(String, Vec<u8>), SourceError> {
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "<stdin>".to_string()
    } else {
        path.display().to_string()
    };
    let too_large = || SourceError::Io {
        file: name.clone(),
        message: format!(
            "larger than {} MiB; expected a problem file",
            MAX_INPUT_BYTES >> 20
        ),
    };
    let input: Box<dyn Read> = if stdin {
        Box::new(std::io::stdin().lock())
    } else {
        if path.is_dir() {
            return Err(SourceError::Io {
                file: name,
                message: "is a folder, not a file".to_string(),
            });
        }
        let f = std::fs::File::open(path).map_err(|e| SourceError::io(&name, &e))?;
        // A regular file's size is known before reading; special files (a pipe, a device)
        // are read up to the cap.
        if let Ok(m) = f.metadata()
            && m.is_file()
            && m.len() > MAX_INPUT_BYTES
        {
            return Err(too_large());
        }
        Box::new(f)
    };
    // A compressed stream is recognised by its first bytes and read through its decoder; the
    // caps below then apply to what it decompresses to.
    let (codec, mut input) =
        crate::compressed::open(input).map_err(|e| SourceError::io(&name, &e))?;
    let too_large = || match codec {
        Some(c) => SourceError::Io {
            file: name.clone(),
            message: format!(
                "larger than {} MiB once decompressed ({}); expected a problem file",
                MAX_INPUT_BYTES >> 20,
                c.name()
            ),
        },
        None => too_large(),
    };
    let broken = |e: &std::io::Error| match codec {
        Some(c) => SourceError::Io {
            file: name.clone(),
            message: format!("not a valid {} stream ({e})", c.name()),
        },
        None => SourceError::io(&name, e),
    };
    // Read in blocks, refusing binary data (a NUL byte, which no problem file holds) at the
    // first block that has it: `/dev/zero` or a binary file is refused at once.
    let mut bytes = Vec::new();
    let mut block = vec![0u8; 1 << 16];
    loop {
        let n = match input.read(&mut block) {
            Ok(0) => break,
            Ok(n) => n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(broken(&e)),
        };
        if let Some(i) = block[..n].iter().position(|&b| b == 0) {
            return Err(SourceError::Io {
                file: name,
                message: format!(
                    "binary data (a NUL byte at byte {}); expected a text file",
                    bytes.len() + i + 1
                ),
            });
        }
        if (bytes.len() + n) as u64 > MAX_INPUT_BYTES {
            return Err(too_large());
        }
        bytes.extend_from_slice(&block[..n]);
    }
    Ok((name, bytes))
}

/// The most YAML values (scalars, lists, maps) a problem file may hold: a 10 MB model has
/// about two million; the limit bounds the memory of a parse (about 100 bytes a value).
pub const MAX_YAML_VALUES: usize = 5_000_000;

/// The parser options every reader uses: serde-saphyr's defaults, with its size budget
/// raised from 250,000 values (which refused valid 10 MB models) to [`MAX_YAML_VALUES`] and
/// to the input size cap.
pub fn yaml_options() -> serde_saphyr::Options {
    let mut o = serde_saphyr::Options::default();
    if let Some(b) = &mut o.budget {
        b.max_nodes = MAX_YAML_VALUES;
        b.max_events = 2 * MAX_YAML_VALUES;
        b.max_total_scalar_bytes = MAX_INPUT_BYTES as usize;
    }
    o
}

/// Parses YAML text with [`yaml_options`]; errors name `file`.
pub fn from_yaml<T: serde::de::DeserializeOwned>(text: &str, file: &str) -> Result<T, SourceError> {
    serde_saphyr::from_str_with_options(text, yaml_options()).map_err(|e| yaml_error(&e, file))
}

/// serde-saphyr's messages that speak of its own API, said in the file's terms.
fn plain(message: &str) -> String {
    if let Some(rest) = message.strip_prefix("duplicate mapping key: ") {
        let key = rest.split(',').next().unwrap_or(rest).trim();
        return format!("the key `{key}` appears twice; each key may appear once");
    }
    if message.starts_with("multiple YAML documents detected") {
        return "more than one YAML document (a `---` line); a problem file holds one".into();
    }
    // A number too large for 64 bits reaches serde as a float: say what it is.
    if let Some(rest) = message.strip_prefix("invalid type: floating point `")
        && let Some((number, expected)) = rest.split_once("`, expected ")
    {
        let value: f64 = number.parse().unwrap_or(f64::NAN);
        return if value.fract() == 0.0 && value.abs() >= 9.2e18 {
            format!(
                "a number too large: integers here are 64-bit, from -2^63 to 2^63-1; expected {expected}"
            )
        } else {
            format!("expected {expected}, found the decimal number {number}")
        };
    }
    if message.starts_with("budget breached") {
        return format!(
            "more than {MAX_YAML_VALUES} YAML values; a problem file may hold at most that many"
        );
    }
    message.to_string()
}

/// A YAML parse error as a [`SourceError`] naming `file`, with serde-saphyr's snippet.
pub fn yaml_error(e: &serde_saphyr::Error, file: &str) -> SourceError {
    let rendered = e.to_string().replace("<input>", file);
    let mut lines = rendered.lines();
    let first = lines.next().unwrap_or_default();
    // "error: line L column C: message" → "message"
    let message = first
        .strip_prefix("error: ")
        .unwrap_or(first)
        .split_once(": ")
        .filter(|(head, _)| head.starts_with("line "))
        .map_or(first, |(_, m)| m)
        .to_string();
    let message = plain(&message);
    let snippet: Vec<String> = lines
        .map(|l| {
            // The snippet repeats the message under the caret: in the file's terms too.
            match l.find("^ ") {
                Some(i) => format!("{}^ {}", &l[..i], plain(&l[i + 2..])),
                None => l.to_string(),
            }
        })
        .collect();
    let (line, column) = e
        .location()
        .map_or((0, 0), |l| (l.line() as u32, l.column() as u32));
    SourceError::At {
        file: file.to_string(),
        line,
        column,
        message,
        snippet: if snippet.is_empty() {
            String::new()
        } else {
            format!("\n{}", snippet.join("\n"))
        },
    }
}

/// The `kind:` a YAML document declares at its top level (`csp`, `colouring`, `sudoku`, …),
/// read without parsing the rest.
pub fn kind_of(text: &str) -> Option<String> {
    text.lines()
        .take(200)
        .find_map(|l| l.strip_prefix("kind:"))
        .map(|k| {
            let k = k.split('#').next().unwrap_or_default().trim();
            k.trim_matches(|c| c == '"' || c == '\'').to_string()
        })
        .filter(|k| !k.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_file_says_so_once() {
        let e = read(Path::new("/no/such/file.yaml")).unwrap_err();
        let text = e.to_string();
        assert!(text.starts_with("/no/such/file.yaml: "), "{text}");
        assert_eq!(text.matches("os error").count(), 1, "{text}");
    }

    #[test]
    fn a_folder_is_not_a_file() {
        let e = read(Path::new(".")).unwrap_err();
        assert!(e.to_string().contains("folder"), "{e}");
    }

    #[test]
    fn long_lines_are_cut_around_the_column() {
        let line = "x".repeat(10_000);
        let s = snippet(&line, 1, 5_000);
        assert!(s.len() < 300, "{}", s.len());
        assert!(s.ends_with('^'));
    }

    #[test]
    fn kinds_are_read_from_the_top_level() {
        assert_eq!(kind_of("kind: 'sudoku' # x\n").as_deref(), Some("sudoku"));
        assert_eq!(kind_of("  kind: nested\n"), None);
        assert_eq!(kind_of("p edge 3 2\n"), None);
    }
}

/// What a [`NameOf`] names: the words of the error when something else stands in its place.
pub trait Naming {
    /// "a name or a number", "a vertex name or number", …
    const EXPECTING: &'static str;
}

/// Any name ([`Name`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct AnyName;

impl Naming for AnyName {
    const EXPECTING: &'static str = "a name or a number";
}

/// A name in a YAML file that may be written as a string or a number (`id: 1`, a vertex
/// `5`), read as its text; `K` says what it names in errors. The graph and timetable readers
/// share it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct NameOf<K>(pub String, std::marker::PhantomData<K>);

/// A name of anything.
pub type Name = NameOf<AnyName>;

impl<K> NameOf<K> {
    /// The name `s`.
    pub fn new(s: impl Into<String>) -> Self {
        NameOf(s.into(), std::marker::PhantomData)
    }
}

impl<'de, K: Naming> serde::Deserialize<'de> for NameOf<K> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<K>(std::marker::PhantomData<K>);
        impl<K: Naming> serde::de::Visitor<'_> for V<K> {
            type Value = NameOf<K>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str(K::EXPECTING)
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<NameOf<K>, E> {
                Ok(NameOf::new(v))
            }
            fn visit_i64<E: serde::de::Error>(self, v: i64) -> Result<NameOf<K>, E> {
                Ok(NameOf::new(v.to_string()))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<NameOf<K>, E> {
                Ok(NameOf::new(v.to_string()))
            }
        }
        d.deserialize_any(V(std::marker::PhantomData))
    }
}

/// The name an answer gives its instance when the file names none: the file's stem
/// (`pigeonhole-3-2` for `problems/pigeonhole-3-2.cnf`), or the name as given (`<stdin>`).
pub fn stem(file: &str) -> String {
    // `formula.cnf.xz` is the instance `formula`: the compression's extension goes first.
    let plain = [".gz", ".bz2", ".xz", ".zst"]
        .iter()
        .find_map(|ext| file.strip_suffix(ext))
        .unwrap_or(file);
    let path = std::path::Path::new(plain);
    match path.file_stem() {
        Some(s) if file != "-" && !file.starts_with('<') => s.to_string_lossy().into_owned(),
        _ => file.to_string(),
    }
}
