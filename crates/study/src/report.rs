//! A study's report: per set, the cactus plots (by time and by nodes), a scatter of two
//! strategies and the bars as SVG files, and one self-contained HTML page holding the
//! tables, the machine it ran on and every plot (inlined, so the page travels alone).

use crate::machine::Machine;
use crate::plot::{self, Measure, Series};
use crate::run::Row;
use crate::spec::{Family, Spec};
use crate::summary::{self, Line, Outcome};
use std::fmt::Write;

/// One file of a report.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct File {
    /// Its name in the report's folder.
    pub name: String,
    /// Its text.
    pub text: String,
}

/// A set's name as a file name: letters, digits, `-` and `_`; runs of anything else become
/// one `-` (`at χ` → `at`, `forum hardest` → `forum-hardest`).
fn slug(s: &str) -> String {
    let mut t = String::new();
    for c in s.chars() {
        if c.is_ascii_alphanumeric() || c == '_' {
            t.push(c);
        } else if !t.ends_with('-') {
            t.push('-');
        }
    }
    let t = t.trim_matches('-');
    if t.is_empty() { "set".into() } else { t.into() }
}

/// The list of the files a report wrote, kept in its folder: a new report replaces or removes
/// only the files listed there (the plots of sets since renamed go), never anything else.
pub const MANIFEST: &str = ".csp-study-report";

/// The first line of [`MANIFEST`], by which a report recognises its own list.
const MANIFEST_HEADER: &str =
    "# the files `csp study --report` wrote here; only these are replaced or removed";

/// Writes `files` into the folder `dir` (created when missing), each through a temporary file
/// and a rename. A file already there is replaced only when an earlier report wrote it; the
/// files of an earlier report that this one has not are removed. Anything else in the folder
/// is left alone, and a name this report would reuse is an error rather than overwritten.
pub fn write(dir: &std::path::Path, files: &[File]) -> Result<(), String> {
    let at = |p: &std::path::Path, e: &dyn std::fmt::Display| format!("{}: {e}", p.display());
    std::fs::create_dir_all(dir).map_err(|e| at(dir, &e))?;
    let list = dir.join(MANIFEST);
    let earlier: Vec<String> = match std::fs::read_to_string(&list) {
        Ok(text) => {
            let mut lines = text.lines();
            if lines.next() != Some(MANIFEST_HEADER) {
                return Err(at(
                    &list,
                    &"not a report's list of files; the folder is left untouched",
                ));
            }
            lines.map(str::to_string).collect()
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => unlisted_report(dir),
        Err(e) => return Err(at(&list, &e)),
    };
    for f in files {
        let p = dir.join(&f.name);
        if std::fs::symlink_metadata(&p).is_ok() && !earlier.contains(&f.name) {
            return Err(at(
                &p,
                &"exists and was not written by a report; give another --report folder or move it",
            ));
        }
    }
    let manifest = |names: &mut dyn Iterator<Item = &String>| {
        let mut text = format!("{MANIFEST_HEADER}\n");
        for n in names {
            let _ = writeln!(text, "{n}");
        }
        csp_model::sink::write_file(&list, text).map_err(|e| at(&list, &e))
    };
    // Listed before written: an interrupted report still knows its own files.
    let added = files
        .iter()
        .map(|f| &f.name)
        .filter(|n| !earlier.contains(n));
    manifest(&mut earlier.iter().chain(added))?;
    for f in files {
        let p = dir.join(&f.name);
        csp_model::sink::write_file(&p, &f.text).map_err(|e| at(&p, &e))?;
    }
    for old in earlier
        .iter()
        .filter(|n| !files.iter().any(|f| f.name == **n))
    {
        let p = dir.join(old);
        // Only a plain file of the name listed, inside the folder.
        if !old.contains(['/', '\\']) && std::fs::symlink_metadata(&p).is_ok_and(|m| m.is_file()) {
            std::fs::remove_file(&p).map_err(|e| at(&p, &e))?;
        }
    }
    manifest(&mut files.iter().map(|f| &f.name))
}

/// The endings of the plot files a report writes.
const PLOT_ENDINGS: [&str; 5] = [
    "-cactus-time.svg",
    "-cactus-nodes.svg",
    "-scatter.svg",
    "-per-instance.svg",
    "-bars.svg",
];

/// The files of a report written before reports kept their list, recognised by its page
/// (`<title>Study …`): the page and the plots by their endings. None in any other folder.
fn unlisted_report(dir: &std::path::Path) -> Vec<String> {
    let page = std::fs::read_to_string(dir.join("index.html")).unwrap_or_default();
    if !(page.starts_with("<!DOCTYPE html>") && page.contains("<title>Study ")) {
        return Vec::new();
    }
    std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n == "index.html" || PLOT_ENDINGS.iter().any(|end| n.ends_with(end)))
        .collect()
}

/// Escapes text for HTML.
pub fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The two strategies a set's scatter compares: the study's `scatter:` pair, else its first
/// strategy (the baseline) against its last.
fn scatter_pair(spec: &Spec) -> Option<(usize, usize)> {
    let n = spec.strategies.len();
    if let Some([a, b]) = &spec.scatter {
        let find = |s: &str| spec.strategies.iter().position(|t| t.name == *s);
        return find(a).zip(find(b));
    }
    (n >= 2).then_some((0, n - 1))
}

/// The report of `spec`'s `rows`: SVG files per set and `index.html`.
pub fn report(spec: &Spec, rows: &[Row], machine: &Machine) -> Result<Vec<File>, String> {
    let lines = summary::summarise(spec, rows);
    let mut files = Vec::new();
    let mut html = String::new();
    let _ = write!(
        html,
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n\
         <title>Study {name}</title>\n<style>\n{CSS}</style>\n</head>\n<body>\n\
         <h1>Study <code>{name}</code></h1>\n",
        name = esc(&spec.name)
    );
    let _ = writeln!(
        html,
        "<p class=\"meta\">{} runs, {} strategies, limits: {}, {} repetition{} (seed {}).<br/>Machine: {}.</p>",
        rows.len(),
        spec.strategies.len(),
        esc(&spec.limits.to_string()),
        spec.repetitions,
        if spec.repetitions == 1 { "" } else { "s" },
        spec.seed,
        esc(&machine.to_string())
    );
    for set in &spec.sets {
        let mine: Vec<(usize, &Line)> = spec
            .strategies
            .iter()
            .enumerate()
            .filter_map(|(i, st)| {
                lines
                    .iter()
                    .find(|l| l.set == set.name && l.strategy == st.name)
                    .map(|l| (i, l))
            })
            .collect();
        if mine.is_empty() {
            continue;
        }
        let outcomes: Vec<(usize, Vec<Outcome>)> = mine
            .iter()
            .map(|&(i, l)| (i, summary::outcomes(rows, &set.name, &l.strategy)))
            .collect();
        let series: Vec<Series> = outcomes
            .iter()
            .map(|(i, o)| Series {
                name: &spec.strategies[*i].name,
                index: *i,
                outcomes: o,
            })
            .collect();
        let s = slug(&set.name);
        let _ = writeln!(
            html,
            "<h2>{} <span class=\"family\">({})</span></h2>",
            esc(&set.name),
            esc(&set.describe())
        );
        html.push_str(&html_table(&mine, spec.repetitions > 1));
        let title = |what: &str| format!("{} — {what}", set.name);
        let mut pics = vec![
            (
                format!("{s}-cactus-time.svg"),
                plot::cactus(&title("solved against time"), &series, Measure::Time)?,
            ),
            (
                format!("{s}-cactus-nodes.svg"),
                plot::cactus(&title("solved against nodes"), &series, Measure::Nodes)?,
            ),
        ];
        if let Some((a, b)) = scatter_pair(spec) {
            let find = |k: usize| series.iter().find(|x| x.index == k);
            if let (Some(sa), Some(sb)) = (find(a), find(b)) {
                pics.push((
                    format!("{s}-scatter.svg"),
                    plot::scatter(&title("nodes per instance"), sa, sb)?,
                ));
            }
        }
        // Sets small enough to read instance by instance (n-queens by n, a few graphs; not
        // puzzle lists, whose order means nothing).
        let ids: Vec<String> = outcomes
            .first()
            .map(|(_, o)| o.iter().map(|x| short(&x.instance)).collect())
            .unwrap_or_default();
        if set.family != Family::Sudoku && (2..=MAX_PER_INSTANCE).contains(&ids.len()) {
            pics.push((
                format!("{s}-per-instance.svg"),
                plot::per_instance(&title("nodes per instance"), &series, &ids)?,
            ));
        }
        pics.push((
            format!("{s}-bars.svg"),
            plot::bars(&title("median nodes and instances solved"), &mine)?,
        ));
        html.push_str("<div class=\"plots\">\n");
        for (name, svg) in &pics {
            let _ = writeln!(
                html,
                "<figure>{}<figcaption><a href=\"{}\">{}</a></figcaption></figure>",
                inline(svg),
                esc(name),
                esc(name)
            );
        }
        html.push_str("</div>\n");
        files.extend(pics.into_iter().map(|(name, text)| File { name, text }));
    }
    html.push_str(
        "<p class=\"meta\">Solved: a solution checked by the family's verifier, or a proof of none. \
         PAR-2: mean time, an unsolved run counting twice the time limit. \
         Nodes: decisions and refutations.</p>\n</body>\n</html>\n",
    );
    files.push(File {
        name: "index.html".into(),
        text: html,
    });
    Ok(files)
}

/// The most instances a set may have for its per-instance plot.
const MAX_PER_INSTANCE: usize = 40;

/// An instance's id without its folders and extension (`studies/queens/nqueens-8.yaml` →
/// `nqueens-8`; a puzzle keeps its line: `top1465:12`).
fn short(id: &str) -> String {
    let (path, line) = match id.rsplit_once(':') {
        Some((p, l)) if l.chars().all(|c| c.is_ascii_digit()) => (p, Some(l)),
        _ => (id, None),
    };
    let stem = std::path::Path::new(path)
        .file_stem()
        .map_or(path.to_string(), |s| s.to_string_lossy().into_owned());
    match line {
        Some(l) => format!("{stem}:{l}"),
        None => stem,
    }
}

/// An SVG document without its XML declaration, to sit inside HTML.
fn inline(svg: &str) -> &str {
    match svg.find("<svg") {
        Some(i) => &svg[i..],
        None => svg,
    }
}

fn html_table(lines: &[(usize, &Line)], reps: bool) -> String {
    let columns = if reps { 11 } else { 10 };
    let mut s = String::from("<table>\n<thead><tr>");
    for c in &summary::COLUMNS[..columns] {
        let _ = write!(s, "<th>{}</th>", esc(c));
    }
    s.push_str("</tr></thead>\n<tbody>\n");
    for &(i, l) in lines {
        let cells = l.cells();
        let _ = write!(
            s,
            "<tr><td><span class=\"swatch\" style=\"background:{}\"></span>{}</td>",
            plot::css_colour(i),
            esc(&cells[0])
        );
        for c in &cells[1..] {
            let _ = write!(s, "<td>{}</td>", esc(c));
        }
        s.push_str("</tr>\n");
    }
    s.push_str("</tbody>\n</table>\n");
    s
}

const CSS: &str = "body { font-family: system-ui, sans-serif; margin: 2rem auto; max-width: 1600px; padding: 0 1rem; color: #222; }
h1 code { font-size: 90%; }
.family { color: #777; font-weight: normal; font-size: 80%; }
.meta { color: #555; }
table { border-collapse: collapse; margin: 1rem 0; font-variant-numeric: tabular-nums; }
th, td { padding: 0.25rem 0.7rem; border-bottom: 1px solid #ddd; text-align: right; }
th:first-child, td:first-child { text-align: left; }
.swatch { display: inline-block; width: 0.8rem; height: 0.8rem; margin-right: 0.4rem; border-radius: 2px; vertical-align: -1px; }
.plots { display: flex; flex-wrap: wrap; gap: 1rem; }
figure { margin: 0; }
figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 80%; color: #777; }
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn set_names_become_file_names() {
        assert_eq!(slug("at χ"), "at");
        assert_eq!(slug("forum hardest"), "forum-hardest");
        assert_eq!(slug("17-clue"), "17-clue");
        assert_eq!(slug("χ"), "set");
        assert_eq!(short("studies/queens/nqueens-8.yaml"), "nqueens-8");
        assert_eq!(short("sudoku/top1465:12"), "top1465:12");
    }
}
