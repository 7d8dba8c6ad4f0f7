//! Solution files: `<solution>` with a `<class id days start weeks room>` per class and a
//! `<student id>` per student attending it, read and written.

use super::Itc2019;
use super::parse::{Reader, document};
use crate::render::esc as escape;
use csp_model::source::SourceError;
use roxmltree::Node;
use std::collections::HashMap;
use std::fmt::Write;

/// Where a class meets: one of its times and, when it needs one, one of its rooms (indices
/// into [`super::Class::times`] and [`super::Class::rooms`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Placed {
    /// Index into the class's times.
    pub time: usize,
    /// Index into the class's rooms (`None` for a class without a room).
    pub room: Option<usize>,
}

/// A solution: a placement per class (`None`: not in the file) and the classes each student
/// attends.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Solution {
    /// By class index.
    pub classes: Vec<Option<Placed>>,
    /// By student index: the classes attended.
    pub students: Vec<Vec<usize>>,
}

/// The `<solution>` element's attributes besides `name`.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Header {
    /// Seconds taken.
    pub runtime: f64,
    /// Cores used.
    pub cores: u32,
    /// The method.
    pub technique: String,
    /// Who.
    pub author: String,
    /// Where.
    pub institution: String,
    /// Country.
    pub country: String,
}

impl Itc2019 {
    /// The solution file of `sol`, in the competition's format.
    pub fn write_solution(&self, sol: &Solution, h: &Header) -> String {
        let mut attending: Vec<Vec<usize>> = vec![Vec::new(); self.classes.len()];
        for (s, list) in sol.students.iter().enumerate() {
            for &c in list {
                attending[c].push(s);
            }
        }
        let mut out = String::from("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        let _ = writeln!(
            out,
            "<solution name=\"{}\" runtime=\"{:.1}\" cores=\"{}\" technique=\"{}\" author=\"{}\" institution=\"{}\" country=\"{}\">",
            escape(&self.name),
            h.runtime,
            h.cores,
            escape(&h.technique),
            escape(&h.author),
            escape(&h.institution),
            escape(&h.country)
        );
        for (c, placed) in sol.classes.iter().enumerate() {
            let Some(p) = placed else { continue };
            let class = &self.classes[c];
            let t = class.times[p.time].0;
            let _ = write!(
                out,
                "  <class id=\"{}\" days=\"{}\" start=\"{}\" weeks=\"{}\"",
                escape(&class.id),
                bit_string(t.days, self.days),
                t.start,
                bit_string(t.weeks, self.weeks)
            );
            if let Some(r) = p.room {
                let _ = write!(
                    out,
                    " room=\"{}\"",
                    escape(&self.rooms[class.rooms[r].0].id)
                );
            }
            if attending[c].is_empty() {
                out.push_str("/>\n");
                continue;
            }
            out.push_str(">\n");
            for &s in &attending[c] {
                let _ = writeln!(
                    out,
                    "    <student id=\"{}\"/>",
                    escape(&self.students[s].id)
                );
            }
            out.push_str("  </class>\n");
        }
        out.push_str("</solution>\n");
        out
    }

    /// Reads a solution file of this problem. A class's time must be one of its times (by
    /// days, start and weeks, and length when given), its room one of its rooms; classes
    /// missing from the file, or without the room they need, count as unplaced.
    pub fn parse_solution(&self, text: &str, file: &str) -> Result<Solution, SourceError> {
        let doc = document(text, file)?;
        let r = Reader {
            doc: &doc,
            file,
            text,
        };
        let root = doc.root_element();
        if root.tag_name().name() != "solution" {
            return Err(r.err(
                root,
                format!(
                    "the root element is <{}>; expected <solution> (an ITC 2019 solution file)",
                    root.tag_name().name()
                ),
            ));
        }
        let index = |ids: Vec<&str>| -> HashMap<String, usize> {
            ids.into_iter()
                .enumerate()
                .map(|(i, s)| (s.to_string(), i))
                .collect()
        };
        let classes = index(self.classes.iter().map(|c| c.id.as_str()).collect());
        let rooms = index(self.rooms.iter().map(|c| c.id.as_str()).collect());
        let students = index(self.students.iter().map(|c| c.id.as_str()).collect());
        let mut sol = Solution {
            classes: vec![None; self.classes.len()],
            students: vec![Vec::new(); self.students.len()],
        };
        let most = self.most_classes_by_student();
        for n in r.children(root, &["class"])? {
            let id = r.attr(n, "id")?;
            let &c = classes
                .get(id)
                .ok_or_else(|| r.err(n, format!("no class with id `{id}` in the problem")))?;
            if sol.classes[c].is_some() {
                return Err(r.err(n, format!("class `{id}` placed twice")));
            }
            sol.classes[c] = Some(self.placed(&r, n, c, &rooms)?);
            for s in r.children(n, &["student"])? {
                let sid = r.attr(s, "id")?;
                let &k = students.get(sid).ok_or_else(|| {
                    r.err(s, format!("no student with id `{sid}` in the problem"))
                })?;
                let list = &mut sol.students[k];
                // Class ids are unique, so a repeat within this class is the last one pushed.
                if list.last() == Some(&c) {
                    return Err(r.err(s, format!("student `{sid}` twice in class `{id}`")));
                }
                if list.len() == most[k] {
                    return Err(r.err(
                        s,
                        format!(
                            "student `{sid}` is in more than {} classes, the most their \
                             courses' configurations hold",
                            most[k]
                        ),
                    ));
                }
                list.push(c);
            }
        }
        Ok(sol)
    }

    /// By student, the most classes a sectioning can give them: per course asked, its largest
    /// configuration. A solution file is refused past it, which also bounds the validator's
    /// pairwise work per student (any extra class is a sectioning error anyway).
    fn most_classes_by_student(&self) -> Vec<usize> {
        self.students
            .iter()
            .map(|s| {
                s.courses
                    .iter()
                    .map(|&k| {
                        let configs = &self.courses[k].configs;
                        configs.iter().map(|c| c.subparts.len()).max().unwrap_or(0)
                    })
                    .sum()
            })
            .collect()
    }

    /// The time and room of `<class>` element `n` (class `c`), as indices into its lists.
    fn placed(
        &self,
        r: &Reader<'_, '_>,
        n: Node<'_, '_>,
        c: usize,
        rooms: &HashMap<String, usize>,
    ) -> Result<Placed, SourceError> {
        let class = &self.classes[c];
        let days = r
            .bits(n, "days", self.days)?
            .ok_or_else(|| r.err(n, "<class> without the attribute `days`"))?;
        let weeks = r
            .bits(n, "weeks", self.weeks)?
            .ok_or_else(|| r.err(n, "<class> without the attribute `weeks`"))?;
        let start: u32 = r.number(n, "start", None, "a slot of the day")?;
        let length: Option<u32> = match n.attribute("length") {
            None => None,
            Some(_) => Some(r.number(n, "length", None, "a number of slots")?),
        };
        let time = class
            .times
            .iter()
            .position(|(t, _)| {
                t.days == days
                    && t.weeks == weeks
                    && t.start == start
                    && length.is_none_or(|l| l == t.length)
            })
            .ok_or_else(|| {
                r.err(
                    n,
                    format!("class `{}` has no such time among its times", class.id),
                )
            })?;
        let room = match n.attribute("room") {
            // A class needing a room and given none is judged unplaced by the validator.
            None => None,
            Some(_) if !class.needs_room => {
                return Err(r.err(n, format!("class `{}` takes no room", class.id)));
            }
            Some(id) => {
                let room = rooms.get(id).copied();
                let k = class.rooms.iter().position(|&(x, _)| Some(x) == room);
                Some(k.ok_or_else(|| {
                    r.err(
                        n,
                        format!("class `{}` cannot meet in room `{id}`", class.id),
                    )
                })?)
            }
        };
        Ok(Placed { time, room })
    }
}

/// `bits` as the file writes them: character `i` is bit `i`.
fn bit_string(bits: u64, len: usize) -> String {
    (0..len)
        .map(|i| if bits >> i & 1 == 1 { '1' } else { '0' })
        .collect()
}
