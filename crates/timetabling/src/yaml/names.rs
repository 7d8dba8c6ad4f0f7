//! Errors at a position, and "did you mean" for a name not found.

use csp_model::source::SourceError;
use serde_saphyr::Location;

/// The edit distance between two names (for "did you mean").
fn distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut prev = row[0];
        row[0] = i;
        for j in 1..=b.len() {
            let old = row[j];
            row[j] = if a[i - 1] == b[j - 1] {
                prev
            } else {
                1 + prev.min(row[j]).min(row[j - 1])
            };
            prev = old;
        }
    }
    row[b.len()]
}

/// Names longer than this get no "did you mean": the edit distance is quadratic in the
/// length, and a typo hint for a name of hundreds of characters helps nobody.
pub const MAX_HINT_CHARS: usize = 64;

/// The nearest of `names` to `name`, if near enough to be a likely typo.
pub fn nearest<'a>(name: &str, names: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let len = name.chars().count();
    if len > MAX_HINT_CHARS {
        return None;
    }
    let lower = name.to_lowercase();
    names
        .into_iter()
        .filter_map(|n| {
            let (n_len, most) = (n.chars().count(), (n.chars().count() / 3).max(2));
            // The distance is at least the difference in length: skip hopeless names unread.
            if n_len > MAX_HINT_CHARS || n_len.abs_diff(len) > most {
                return None;
            }
            let d = distance(&lower, &n.to_lowercase());
            (d <= most).then_some((d, n))
        })
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// The file being read, for errors that quote it.
pub(crate) struct Reader<'a> {
    pub(crate) file: &'a str,
    pub(crate) text: &'a str,
}

impl Reader<'_> {
    /// An unknown `noun` at `name`: the list it was looked up in, and the nearest of
    /// `candidates` if near enough to be a typo.
    pub(crate) fn unknown<'c>(
        &self,
        name: &serde_saphyr::Spanned<super::Name>,
        path: &str,
        noun: &str,
        list: &str,
        candidates: impl IntoIterator<Item = &'c str>,
    ) -> SourceError {
        let id = &name.value.0;
        let hint = nearest(id, candidates)
            .map(|n| format!("; did you mean `{n}`?"))
            .unwrap_or_default();
        self.err(
            &name.referenced,
            path,
            format!("unknown {noun} `{id}` (looked up in {list}){hint}"),
        )
    }

    /// An error at `loc`, about the YAML path `path`.
    pub(crate) fn err(
        &self,
        loc: &Location,
        path: &str,
        message: impl std::fmt::Display,
    ) -> SourceError {
        let (line, column) = (loc.line() as u32, loc.column() as u32);
        SourceError::at(
            self.file,
            self.text,
            line,
            column,
            format!("{path}: {message}"),
        )
    }
}
