//! The XML reader: the elements in their places, every attribute checked where it stands,
//! ids resolved to indices.

use super::ceiling::ceiling;
use super::{
    Class, Config, Constraint, Course, Distribution, Itc2019, MAX_BITS, MAX_NODES, Room, Student,
    Subpart, Time, Weights,
};
use crate::check::MAX_COST;
use csp_model::source::SourceError;
use roxmltree::{Document, Node, ParsingOptions};
use std::collections::HashMap;
use std::str::FromStr;

/// Parses an ITC 2019 problem (`file` for messages).
///
/// ```
/// use csp_timetabling::formats::itc2019;
/// let xml = r#"<problem name="tiny" nrDays="5" nrWeeks="2" slotsPerDay="288">
///   <optimization time="2" room="1" distribution="10" student="5"/>
///   <rooms><room id="1" capacity="20"/></rooms>
///   <courses><course id="1"><config id="1"><subpart id="1">
///     <class id="1" limit="20"><room id="1" penalty="0"/>
///       <time days="10100" start="96" length="12" weeks="11" penalty="0"/></class>
///   </subpart></config></course></courses>
///   <distributions/>
///   <students><student id="1"><course id="1"/></student></students>
/// </problem>"#;
/// let p = itc2019::parse(xml, "tiny.xml").unwrap();
/// assert_eq!((p.days, p.weeks, p.classes.len()), (5, 2, 1));
/// // Monday and Wednesday: bits 0 and 2.
/// assert_eq!(p.classes[0].times[0].0.days, 0b101);
/// ```
pub fn parse(text: &str, file: &str) -> Result<Itc2019, SourceError> {
    let doc = document(text, file)?;
    let r = Reader {
        doc: &doc,
        file,
        text,
    };
    r.problem(doc.root_element())
}

/// The XML tree of `text`, within [`MAX_NODES`].
pub(super) fn document<'i>(text: &'i str, file: &str) -> Result<Document<'i>, SourceError> {
    let opt = ParsingOptions {
        nodes_limit: MAX_NODES,
        // The public files name the competition's DTD; nothing is fetched, entities stay bounded by the node limit.
        allow_dtd: true,
        ..ParsingOptions::default()
    };
    Document::parse_with_options(text, opt).map_err(|e| {
        let p = e.pos();
        SourceError::at(file, text, p.row, p.col, e.to_string())
    })
}

/// The document being read and where it came from.
pub(super) struct Reader<'d, 'i> {
    pub(super) doc: &'d Document<'i>,
    pub(super) file: &'d str,
    pub(super) text: &'d str,
}

/// Ids to indices, with the kind of thing for messages.
struct Ids<'d> {
    what: &'static str,
    map: HashMap<&'d str, usize>,
}

impl<'d, 'i> Reader<'d, 'i> {
    /// An error at byte `pos`.
    pub(super) fn err_at(&self, pos: usize, message: impl Into<String>) -> SourceError {
        let p = self.doc.text_pos_at(pos);
        SourceError::at(self.file, self.text, p.row, p.col, message)
    }

    /// An error at element `n`.
    pub(super) fn err(&self, n: Node<'_, '_>, message: impl Into<String>) -> SourceError {
        self.err_at(n.range().start, message)
    }

    /// The child elements of `n`, each of one of the `allowed` names.
    pub(super) fn children(
        &self,
        n: Node<'d, 'i>,
        allowed: &[&str],
    ) -> Result<Vec<Node<'d, 'i>>, SourceError> {
        let mut out = Vec::new();
        for c in n.children().filter(Node::is_element) {
            let name = c.tag_name().name();
            if !allowed.contains(&name) {
                let want: Vec<String> = allowed.iter().map(|a| format!("<{a}>")).collect();
                return Err(self.err(
                    c,
                    format!(
                        "unexpected <{name}> in <{}>; expected {}",
                        n.tag_name().name(),
                        if want.is_empty() {
                            "nothing".to_string()
                        } else {
                            want.join(" or ")
                        }
                    ),
                ));
            }
            out.push(c);
        }
        Ok(out)
    }

    /// The one child element named `name`, if any (an error when there are several).
    pub(super) fn child(
        &self,
        n: Node<'d, 'i>,
        name: &str,
    ) -> Result<Option<Node<'d, 'i>>, SourceError> {
        let mut found = n
            .children()
            .filter(|c| c.is_element() && c.tag_name().name() == name);
        let first = found.next();
        if let Some(again) = found.next() {
            return Err(self.err(again, format!("a second <{name}>; expected one")));
        }
        Ok(first)
    }

    /// Attribute `name` of `n`, required.
    pub(super) fn attr(&self, n: Node<'d, 'i>, name: &str) -> Result<&'d str, SourceError> {
        n.attribute(name).ok_or_else(|| {
            self.err(
                n,
                format!("<{}> without the attribute `{name}`", n.tag_name().name()),
            )
        })
    }

    /// Attribute `name` of `n` as a number: required, or `default` when missing.
    pub(super) fn number<T: FromStr>(
        &self,
        n: Node<'d, 'i>,
        name: &str,
        default: Option<T>,
        what: &str,
    ) -> Result<T, SourceError> {
        let Some(a) = n.attribute_node(name) else {
            return default.ok_or_else(|| {
                self.err(
                    n,
                    format!("<{}> without the attribute `{name}`", n.tag_name().name()),
                )
            });
        };
        a.value().trim().parse().map_err(|_| {
            self.err_at(
                a.range_value().start,
                format!("`{name}`: expected {what}, found `{}`", a.value()),
            )
        })
    }

    /// A bit string attribute (`1010100`: bit `i` for character `i`) of exactly `len` bits;
    /// `None` when missing.
    pub(super) fn bits(
        &self,
        n: Node<'d, 'i>,
        name: &str,
        len: usize,
    ) -> Result<Option<u64>, SourceError> {
        let Some(a) = n.attribute_node(name) else {
            return Ok(None);
        };
        let v = a.value().trim();
        let bad = || {
            self.err_at(
                a.range_value().start,
                format!(
                    "`{name}`: expected {len} characters of 0 and 1, found `{}`",
                    a.value()
                ),
            )
        };
        if v.len() != len || !v.bytes().all(|b| b == b'0' || b == b'1') {
            return Err(bad());
        }
        Ok(Some(
            v.bytes()
                .enumerate()
                .filter(|&(_, b)| b == b'1')
                .fold(0u64, |acc, (i, _)| acc | 1 << i),
        ))
    }

    /// A time element: `days`, `start`, `length`, `weeks` (all weeks when missing).
    pub(super) fn time(&self, n: Node<'d, 'i>, p: &Itc2019) -> Result<Time, SourceError> {
        let all_weeks = if p.weeks == MAX_BITS {
            u64::MAX
        } else {
            (1u64 << p.weeks) - 1
        };
        let days = self.bits(n, "days", p.days)?.ok_or_else(|| {
            self.err(
                n,
                format!("<{}> without the attribute `days`", n.tag_name().name()),
            )
        })?;
        let weeks = self.bits(n, "weeks", p.weeks)?.unwrap_or(all_weeks);
        let start: u32 = self.number(n, "start", None, "a slot of the day")?;
        let length: u32 = self.number(n, "length", None, "a number of slots")?;
        if start.saturating_add(length) > p.slots_per_day {
            return Err(self.err(
                n,
                format!(
                    "slots {start} to {} run past the day's {} slots",
                    u64::from(start) + u64::from(length),
                    p.slots_per_day
                ),
            ));
        }
        Ok(Time {
            weeks,
            days,
            start,
            length,
        })
    }

    /// Registers `id` (attribute of `n`) as index `index`; an error when it is taken.
    fn define(&self, ids: &mut Ids<'d>, n: Node<'d, 'i>, index: usize) -> Result<(), SourceError> {
        let id = self.attr(n, "id")?;
        if ids.map.insert(id, index).is_some() {
            return Err(self.err(n, format!("{} `{id}` defined twice", ids.what)));
        }
        Ok(())
    }

    /// The index of the thing named by attribute `name` of `n`.
    fn resolve(&self, ids: &Ids<'d>, n: Node<'d, 'i>, name: &str) -> Result<usize, SourceError> {
        let id = self.attr(n, name)?;
        ids.map
            .get(id)
            .copied()
            .ok_or_else(|| self.err(n, format!("no {} with id `{id}`", ids.what)))
    }

    /// `<problem>` and its sections.
    fn problem(&self, root: Node<'d, 'i>) -> Result<Itc2019, SourceError> {
        if root.tag_name().name() != "problem" {
            return Err(self.err(
                root,
                format!(
                    "the root element is <{}>; expected <problem> (an ITC 2019 problem file)",
                    root.tag_name().name()
                ),
            ));
        }
        self.children(
            root,
            &[
                "optimization",
                "rooms",
                "courses",
                "distributions",
                "students",
            ],
        )?;
        let days: usize = self.number(root, "nrDays", None, "a number of days")?;
        let weeks: usize = self.number(root, "nrWeeks", None, "a number of weeks")?;
        if !(1..=MAX_BITS).contains(&days) || !(1..=MAX_BITS).contains(&weeks) {
            return Err(self.err(
                root,
                format!("{days} days and {weeks} weeks: each must be 1 to {MAX_BITS}"),
            ));
        }
        let mut p = Itc2019 {
            name: root.attribute("name").unwrap_or("").to_string(),
            days,
            weeks,
            slots_per_day: self.number(root, "slotsPerDay", None, "a number of slots")?,
            weights: Weights::default(),
            rooms: Vec::new(),
            courses: Vec::new(),
            classes: Vec::new(),
            distributions: Vec::new(),
            students: Vec::new(),
        };
        if let Some(o) = self.child(root, "optimization")? {
            p.weights = Weights {
                time: self.number(o, "time", Some(0), "a weight")?,
                room: self.number(o, "room", Some(0), "a weight")?,
                distribution: self.number(o, "distribution", Some(0), "a weight")?,
                student: self.number(o, "student", Some(0), "a weight")?,
            };
        }
        let section = |name: &str| -> Result<Node<'d, 'i>, SourceError> {
            self.child(root, name)?
                .ok_or_else(|| self.err(root, format!("<problem> without <{name}>")))
        };
        let rooms = self.rooms(section("rooms")?, &mut p)?;
        let (courses, classes) = self.courses(section("courses")?, &mut p, &rooms)?;
        if let Some(d) = self.child(root, "distributions")? {
            self.distributions(d, &mut p, &classes)?;
        }
        if let Some(s) = self.child(root, "students")? {
            self.students(s, &mut p, &courses)?;
        }
        let most = ceiling(&p);
        if most > MAX_COST {
            let at = self.child(root, "optimization")?.unwrap_or(root);
            return Err(self.err(
                at,
                format!(
                    "the weights and penalties allow a cost of {most}: the soft costs could \
                     pass {MAX_COST}, the largest the toolkit counts; lower the weights"
                ),
            ));
        }
        Ok(p)
    }

    /// `<rooms>`: each room, then the travel times (which may name later rooms).
    fn rooms(&self, n: Node<'d, 'i>, p: &mut Itc2019) -> Result<Ids<'d>, SourceError> {
        let mut ids = Ids {
            what: "room",
            map: HashMap::new(),
        };
        let list = self.children(n, &["room"])?;
        for (k, r) in list.iter().enumerate() {
            self.define(&mut ids, *r, k)?;
            p.rooms.push(Room {
                id: self.attr(*r, "id")?.to_string(),
                capacity: self.number(*r, "capacity", None, "a number of seats")?,
                travel: Vec::new(),
                unavailable: Vec::new(),
            });
        }
        for (k, r) in list.iter().enumerate() {
            for c in self.children(*r, &["travel", "unavailable"])? {
                if c.tag_name().name() == "travel" {
                    let other = self.resolve(&ids, c, "room")?;
                    let value = self.number(c, "value", None, "a number of slots")?;
                    p.rooms[k].travel.push((other, value));
                } else {
                    let t = self.time(c, p)?;
                    p.rooms[k].unavailable.push(t);
                }
            }
        }
        Ok(ids)
    }

    /// `<courses>`: courses, configurations, subparts and classes, then the parents (which
    /// may come later in the file).
    fn courses(
        &self,
        n: Node<'d, 'i>,
        p: &mut Itc2019,
        rooms: &Ids<'d>,
    ) -> Result<(Ids<'d>, Ids<'d>), SourceError> {
        let mut courses = Ids {
            what: "course",
            map: HashMap::new(),
        };
        let mut classes = Ids {
            what: "class",
            map: HashMap::new(),
        };
        let mut parents: Vec<(usize, Node<'d, 'i>)> = Vec::new();
        for (ci, c) in self.children(n, &["course"])?.into_iter().enumerate() {
            self.define(&mut courses, c, ci)?;
            let mut course = Course {
                id: self.attr(c, "id")?.to_string(),
                configs: Vec::new(),
            };
            for (fi, f) in self.children(c, &["config"])?.into_iter().enumerate() {
                let mut config = Config {
                    id: self.attr(f, "id")?.to_string(),
                    subparts: Vec::new(),
                };
                for (si, s) in self.children(f, &["subpart"])?.into_iter().enumerate() {
                    let mut subpart = Subpart {
                        id: self.attr(s, "id")?.to_string(),
                        classes: Vec::new(),
                    };
                    for k in self.children(s, &["class"])? {
                        let index = p.classes.len();
                        self.define(&mut classes, k, index)?;
                        if k.attribute("parent").is_some() {
                            parents.push((index, k));
                        }
                        let class = self.class(k, p, rooms, (ci, fi, si))?;
                        p.classes.push(class);
                        subpart.classes.push(index);
                    }
                    config.subparts.push(subpart);
                }
                course.configs.push(config);
            }
            p.courses.push(course);
        }
        for (index, k) in parents {
            p.classes[index].parent = Some(self.resolve(&classes, k, "parent")?);
        }
        Ok((courses, classes))
    }

    /// A `<class>` with its rooms and times.
    fn class(
        &self,
        k: Node<'d, 'i>,
        p: &Itc2019,
        rooms: &Ids<'d>,
        (course, config, subpart): (usize, usize, usize),
    ) -> Result<Class, SourceError> {
        let needs_room = match k.attribute("room").map(str::trim) {
            None | Some("true") => true,
            Some("false") => false,
            Some(other) => {
                return Err(self.err(
                    k,
                    format!("`room`: expected true or false, found `{other}`"),
                ));
            }
        };
        let mut class = Class {
            id: self.attr(k, "id")?.to_string(),
            limit: self.number(k, "limit", None, "a number of students")?,
            parent: None,
            needs_room,
            rooms: Vec::new(),
            times: Vec::new(),
            course,
            config,
            subpart,
        };
        for c in self.children(k, &["room", "time"])? {
            let penalty = self.number(c, "penalty", Some(0), "a penalty")?;
            if c.tag_name().name() == "room" {
                class.rooms.push((self.resolve(rooms, c, "id")?, penalty));
            } else {
                class.times.push((self.time(c, p)?, penalty));
            }
        }
        if class.times.is_empty() {
            return Err(self.err(k, format!("class `{}` has no <time>", class.id)));
        }
        if needs_room && class.rooms.is_empty() {
            return Err(self.err(
                k,
                format!(
                    "class `{}` needs a room and lists none (room=\"false\" if it needs none)",
                    class.id
                ),
            ));
        }
        Ok(class)
    }

    /// `<distributions>`.
    fn distributions(
        &self,
        n: Node<'d, 'i>,
        p: &mut Itc2019,
        classes: &Ids<'d>,
    ) -> Result<(), SourceError> {
        for d in self.children(n, &["distribution"])? {
            let kind = self.constraint(d)?;
            let required = match d.attribute("required").map(str::trim) {
                None | Some("false") => false,
                Some("true") => true,
                Some(other) => {
                    return Err(self.err(
                        d,
                        format!("`required`: expected true or false, found `{other}`"),
                    ));
                }
            };
            let penalty = if required {
                0
            } else {
                self.number(d, "penalty", None, "a penalty")?
            };
            let mut list = Vec::new();
            for c in self.children(d, &["class"])? {
                list.push(self.resolve(classes, c, "id")?);
            }
            p.distributions.push(Distribution {
                kind,
                required,
                penalty,
                classes: list,
            });
        }
        Ok(())
    }

    /// A distribution's `type`, with its parameters (`MaxBreaks(2,12)`).
    fn constraint(&self, d: Node<'d, 'i>) -> Result<Constraint, SourceError> {
        let a = d
            .attribute_node("type")
            .ok_or_else(|| self.err(d, "<distribution> without the attribute `type`"))?;
        let t = a.value().trim();
        let (name, args) = match t.split_once('(') {
            Some((name, rest)) => (name, rest.strip_suffix(')')),
            None => (t, Some("")),
        };
        let args: Option<Vec<u32>> = args.and_then(|s| {
            if s.is_empty() {
                Some(Vec::new())
            } else {
                s.split(',').map(|x| x.trim().parse().ok()).collect()
            }
        });
        let bad = |want: &str| {
            self.err_at(
                a.range_value().start,
                format!("`type`: expected {want}, found `{t}`"),
            )
        };
        let Some(args) = args else {
            return Err(bad("numbers in parentheses"));
        };
        use Constraint as C;
        let plain = [
            ("SameStart", C::SameStart),
            ("SameTime", C::SameTime),
            ("DifferentTime", C::DifferentTime),
            ("SameDays", C::SameDays),
            ("DifferentDays", C::DifferentDays),
            ("SameWeeks", C::SameWeeks),
            ("DifferentWeeks", C::DifferentWeeks),
            ("Overlap", C::Overlap),
            ("NotOverlap", C::NotOverlap),
            ("SameRoom", C::SameRoom),
            ("DifferentRoom", C::DifferentRoom),
            ("SameAttendees", C::SameAttendees),
            ("Precedence", C::Precedence),
        ];
        if let Some(&(_, c)) = plain.iter().find(|(n, _)| *n == name) {
            return if args.is_empty() {
                Ok(c)
            } else {
                Err(bad(&format!("`{name}` without parameters")))
            };
        }
        let one = |f: fn(u32) -> Constraint| match args[..] {
            [x] => Ok(f(x)),
            _ => Err(bad(&format!("`{name}(N)`"))),
        };
        let two = |f: fn(u32, u32) -> Constraint| match args[..] {
            [x, y] => Ok(f(x, y)),
            _ => Err(bad(&format!("`{name}(R,S)`"))),
        };
        match name {
            "WorkDay" => one(C::WorkDay),
            "MinGap" => one(C::MinGap),
            "MaxDays" => one(C::MaxDays),
            "MaxDayLoad" => one(C::MaxDayLoad),
            "MaxBreaks" => two(C::MaxBreaks),
            "MaxBlock" => two(C::MaxBlock),
            _ => Err(bad(
                "one of the 19 types (SameStart, SameTime, DifferentTime, SameDays, DifferentDays, \
                 SameWeeks, DifferentWeeks, Overlap, NotOverlap, SameRoom, DifferentRoom, \
                 SameAttendees, Precedence, WorkDay(S), MinGap(G), MaxDays(D), MaxDayLoad(S), \
                 MaxBreaks(R,S), MaxBlock(M,S))",
            )),
        }
    }

    /// `<students>`.
    fn students(
        &self,
        n: Node<'d, 'i>,
        p: &mut Itc2019,
        courses: &Ids<'d>,
    ) -> Result<(), SourceError> {
        let mut ids = Ids {
            what: "student",
            map: HashMap::new(),
        };
        for (k, s) in self.children(n, &["student"])?.into_iter().enumerate() {
            self.define(&mut ids, s, k)?;
            let mut list = Vec::new();
            for c in self.children(s, &["course"])? {
                list.push(self.resolve(courses, c, "id")?);
            }
            p.students.push(Student {
                id: self.attr(s, "id")?.to_string(),
                courses: list,
            });
        }
        Ok(())
    }
}
