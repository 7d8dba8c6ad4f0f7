//! The public benchmark formats, read into the same [`Instance`](crate::Instance) as the YAML files and solved
//! by the same solvers: Toronto (Carter) examinations ([`toronto`], `.crs` + `.stu`), ITC 2007
//! track 3 curriculum-based course timetabling ([`ctt`], `.ctt`) and ITC 2007 track 1
//! examinations ([`exam`], `.exam`). ITC 2019 university course timetabling ([`itc2019`],
//! `.xml`) is read into its own data.
//!
//! Each format module keeps the file's own data, builds the [`Instance`](crate::Instance) from it (the
//! *adapter*), converts timetables to and from the format's solution files, and scores a
//! solution the way the format's definition does, from its own data alone (not through the
//! instance): an independent check of the adapter as much as of the solver.

pub mod ctt;
pub mod exam;
pub mod itc2019;
mod loaded;
pub mod toronto;

pub use loaded::Loaded;

use csp_model::source::SourceError;
use std::path::Path;
use std::str::FromStr;

/// A timetabling file format, recognised by extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `kind: timetable` YAML (any other extension).
    Yaml,
    /// Toronto examinations: `NAME.crs` with `NAME.stu` beside it (either may be named).
    Toronto,
    /// ITC 2007 track 3 (`.ctt`).
    Ctt,
    /// ITC 2007 track 1 (`.exam`).
    Exam,
    /// ITC 2019 (`.xml`): solved and checked on its own data ([`itc2019`],
    /// [`crate::university`]), not as an [`Instance`](crate::Instance).
    Itc2019,
}

impl Format {
    /// The format of `path`, by its extension.
    ///
    /// ```
    /// use csp_timetabling::formats::Format;
    /// use std::path::Path;
    /// assert_eq!(Format::of(Path::new("data/car-f-92.stu")), Format::Toronto);
    /// assert_eq!(Format::of(Path::new("comp01.ctt")), Format::Ctt);
    /// assert_eq!(Format::of(Path::new("week.yaml")), Format::Yaml);
    /// assert_eq!(Format::of(Path::new("wbg-fal10.xml")), Format::Itc2019);
    /// ```
    pub fn of(path: &Path) -> Format {
        match path
            .extension()
            .and_then(|e| e.to_str())
            .map(str::to_ascii_lowercase)
            .as_deref()
        {
            Some("crs" | "stu") => Format::Toronto,
            Some("ctt") => Format::Ctt,
            Some("exam") => Format::Exam,
            Some("xml") => Format::Itc2019,
            _ => Format::Yaml,
        }
    }

    /// A short name: `yaml`, `toronto`, `itc2007-ctt`, `itc2007-exam`, `itc2019`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Yaml => "yaml",
            Format::Toronto => "toronto",
            Format::Ctt => "itc2007-ctt",
            Format::Exam => "itc2007-exam",
            Format::Itc2019 => "itc2019",
        }
    }
}

/// One named component of a format's cost (`RoomCapacity`, `TwoInARow` …), weighted.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    /// The name the format's own validator prints.
    pub name: &'static str,
    /// Whether it is a hard constraint (a count of violations) or a soft cost.
    pub hard: bool,
    /// The violations (hard) or the weighted cost (soft).
    pub value: u64,
}

/// A scored solution: its components in the format's order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Score {
    /// The components.
    pub components: Vec<Component>,
}

impl Score {
    /// Hard violations in all (saturating, as a hostile solution file may count past 2^64).
    pub fn hard(&self) -> u64 {
        self.components
            .iter()
            .filter(|c| c.hard)
            .map(|c| c.value)
            .fold(0, u64::saturating_add)
    }

    /// Soft cost in all.
    pub fn soft(&self) -> u64 {
        self.components
            .iter()
            .filter(|c| !c.hard)
            .map(|c| c.value)
            .fold(0, u64::saturating_add)
    }
}

/// Refuses an instance whose per-slot tables (a row per resource, event and room) would pass
/// [`crate::yaml::MAX_SLOT_CELLS`], as the YAML reader does.
pub(crate) fn check_cells(rows: usize, slots: usize) -> Result<(), String> {
    if rows.saturating_mul(slots) > crate::yaml::MAX_SLOT_CELLS {
        return Err(format!(
            "{rows} resources, events and rooms over {slots} slots: more than {} cells, too large",
            crate::yaml::MAX_SLOT_CELLS
        ));
    }
    Ok(())
}

/// A text file read line by line, for the line-based formats' errors.
pub(crate) struct Text<'a> {
    pub file: &'a str,
    pub text: &'a str,
}

impl<'a> Text<'a> {
    pub(crate) fn new(file: &'a str, text: &'a str) -> Self {
        Text { file, text }
    }

    /// An error at 1-based `line` and `column`.
    pub(crate) fn err(&self, line: u32, column: u32, message: impl Into<String>) -> SourceError {
        SourceError::at(self.file, self.text, line, column, message)
    }

    /// The lines with their 1-based numbers (CR stripped).
    pub(crate) fn lines(&self) -> impl Iterator<Item = (u32, &'a str)> + 'a {
        self.text
            .split('\n')
            .enumerate()
            .map(|(i, l)| (i as u32 + 1, l.strip_suffix('\r').unwrap_or(l)))
    }

    /// A field parsed as a number, or an error naming what was expected.
    pub(crate) fn number<T: FromStr>(
        &self,
        line: u32,
        f: Field<'_>,
        what: &str,
    ) -> Result<T, SourceError> {
        f.text.parse().map_err(|_| {
            self.err(
                line,
                f.column,
                format!("expected {what}, found `{}`", f.text),
            )
        })
    }
}

/// A field of a line and its 1-based column.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Field<'a> {
    pub column: u32,
    pub text: &'a str,
}

/// The fields of `line` separated by whitespace (and commas when `commas`), with columns.
pub(crate) fn fields(line: &str, commas: bool) -> Vec<Field<'_>> {
    let sep = |c: char| c.is_whitespace() || (commas && c == ',');
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        match (sep(c), start) {
            (true, Some(s)) => {
                out.push(Field {
                    column: line[..s].chars().count() as u32 + 1,
                    text: &line[s..i],
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// Reads `path` in the format its extension names; a Toronto instance gets `slots` slots
/// (its standard number from [`toronto::standard_slots`] when `None`, else an error).
pub fn read(path: &Path, slots: Option<usize>) -> Result<Loaded, SourceError> {
    let loaded = read_any(path, slots)?;
    if let Err(i) = crate::check::cost_bound(loaded.instance()) {
        return Err(SourceError::Io {
            file: path.display().to_string(),
            message: crate::check::cost_bound_message(loaded.instance(), i),
        });
    }
    Ok(loaded)
}

fn read_any(path: &Path, slots: Option<usize>) -> Result<Loaded, SourceError> {
    Ok(match Format::of(path) {
        Format::Yaml => Loaded::Yaml(crate::yaml::read(path)?),
        Format::Toronto => {
            let t = toronto::read(path)?;
            let p = slots
                .or_else(|| toronto::standard_slots(&t.name))
                .ok_or_else(|| SourceError::Io {
                    file: path.display().to_string(),
                    message: format!(
                        "how many slots? `{}` is not one of the standard Toronto instances; give --slots P",
                        t.name
                    ),
                })?;
            let inst = t.instance(p).map_err(|m| SourceError::Io {
                file: path.display().to_string(),
                message: m,
            })?;
            Loaded::Toronto(Box::new(t), inst)
        }
        Format::Ctt => {
            let c = ctt::read(path)?;
            let inst = c.instance().map_err(|m| SourceError::Io {
                file: path.display().to_string(),
                message: m,
            })?;
            Loaded::Ctt(Box::new(c), inst)
        }
        Format::Exam => {
            let x = exam::read(path)?;
            let inst = x.instance().map_err(|m| SourceError::Io {
                file: path.display().to_string(),
                message: m,
            })?;
            Loaded::Exam(Box::new(x), inst)
        }
        Format::Itc2019 => {
            return Err(SourceError::Io {
                file: path.display().to_string(),
                message: "an ITC 2019 problem is solved and checked by `csp timetable solve`, `check` and `bench`; it has no other timetable form".to_string(),
            });
        }
    })
}
