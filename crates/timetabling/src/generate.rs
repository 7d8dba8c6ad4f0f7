//! Realistic secondary-school weeks of any size, for scaling measurements and tests: classes
//! with a national-curriculum-like week of lessons (maths every day, a double science lab,
//! PE in a gym), subject teachers with part-time days off, general rooms, labs and gyms with
//! some slack, and the usual soft requirements. Deterministic for a seed.

use csp_core::heuristics::SplitMix64;
use std::fmt::Write;

/// A subject of the generated week: name, lessons a week, length, room feature.
const SUBJECTS: [(&str, u32, u32, Option<&str>); 11] = [
    ("math", 5, 1, None),
    ("english", 4, 1, None),
    ("science", 2, 1, None),
    ("lab", 1, 2, Some("lab")),
    ("history", 2, 1, None),
    ("geography", 2, 1, None),
    ("language", 3, 1, None),
    ("art", 2, 1, None),
    ("music", 1, 1, None),
    ("pe", 2, 1, Some("gym")),
    ("computing", 2, 1, Some("computers")),
];

/// Periods a class has in the generated week (26 lessons, one double).
pub const PERIODS_PER_CLASS: u32 = 27;

/// A generated school week with about `occurrences` lesson occurrences (26 per class), as
/// `kind: timetable` YAML.
///
/// ```
/// let text = csp_timetabling::generate::school(100, 7);
/// let inst = csp_timetabling::yaml::parse(&text, "gen.yaml").unwrap();
/// assert!(inst.occurrences.len() >= 100);
/// ```
pub fn school(occurrences: usize, seed: u64) -> String {
    let per_class: usize = SUBJECTS.iter().map(|s| s.1 as usize).sum();
    // Rounded up to whole classes, but never past what the reader takes.
    let classes = occurrences
        .div_ceil(per_class)
        .clamp(1, crate::yaml::MAX_OCCURRENCES / per_class);
    let mut g = Week {
        classes,
        // The engine's generator; ranges by remainder, as the files generated so far were made.
        rng: SplitMix64::new(seed ^ 0x7157_AB1E),
        s: String::new(),
    };
    let _ = writeln!(
        g.s,
        "# A generated secondary-school week: {classes} classes, seed {seed} (csp timetable generate)."
    );
    let _ = writeln!(
        g.s,
        "kind: timetable\nname: school-{classes}x{per_class}-s{seed}\nstyle: course"
    );
    g.calendar();
    let (teachers, teacher_of) = g.teachers();
    g.resources(&teachers);
    g.events(&teachers, &teacher_of);
    g.constraints();
    g.s
}

const DAYS: [&str; 5] = ["Mon", "Tue", "Wed", "Thu", "Fri"];

/// A week being written: its classes, the generator, the text.
struct Week {
    classes: usize,
    rng: SplitMix64,
    s: String,
}

/// The teachers (id, unavailable slots) and each class's teacher per subject.
type Staff = (Vec<(String, Vec<String>)>, Vec<Vec<usize>>);

impl Week {
    fn next(&mut self, n: usize) -> usize {
        self.rng.index(n)
    }

    /// Five days of eight 45-minute periods.
    fn calendar(&mut self) {
        let s = &mut self.s;
        let _ = writeln!(
            s,
            "calendar:\n  days: [Mon, Tue, Wed, Thu, Fri]\n  week_of: 2026-01-05\n  periods:"
        );
        let starts = [
            "08:00", "08:50", "09:40", "10:40", "11:30", "12:20", "13:30", "14:20",
        ];
        for (i, t) in starts.iter().enumerate() {
            let _ = writeln!(s, "    - {{id: {}, start: \"{t}\", minutes: 45}}", i + 1);
        }
    }

    /// Each subject's lessons shared among teachers of at most 24 periods a week; one teacher
    /// in four works four days (not those teaching a lesson every day).
    fn teachers(&mut self) -> Staff {
        let mut teachers: Vec<(String, Vec<String>)> = Vec::new();
        let mut teacher_of: Vec<Vec<usize>> = vec![Vec::new(); self.classes];
        for &(name, count, len, _) in &SUBJECTS {
            let load = (count * len) as usize;
            let per_teacher = (24 / load).max(1);
            let mut current = usize::MAX;
            for (c, of_class) in teacher_of.iter_mut().enumerate() {
                if c % per_teacher == 0 {
                    let id = format!("{name}-t{}", c / per_teacher + 1);
                    let off = if count < 5 && self.next(4) == 0 {
                        vec![format!("{}.*", DAYS[self.next(5)])]
                    } else {
                        vec![]
                    };
                    teachers.push((id, off));
                    current = teachers.len() - 1;
                }
                of_class.push(current);
            }
        }
        (teachers, teacher_of)
    }

    /// Teachers, classes of 22 to 30, general rooms with some slack, labs, gyms and
    /// computer rooms.
    fn resources(&mut self, teachers: &[(String, Vec<String>)]) {
        let classes = self.classes;
        let _ = writeln!(self.s, "resources:\n  teachers:");
        for (id, off) in teachers {
            if off.is_empty() {
                let _ = writeln!(self.s, "    - {{id: {id}, max_per_day: 7}}");
            } else {
                let _ = writeln!(
                    self.s,
                    "    - {{id: {id}, max_per_day: 7, unavailable: [\"{}\"]}}",
                    off[0]
                );
            }
        }
        let _ = writeln!(self.s, "  groups:");
        for c in 0..classes {
            let size = 22 + self.next(9);
            let _ = writeln!(self.s, "    - {{id: c{}, size: {size}}}", c + 1);
        }
        let s = &mut self.s;
        let _ = writeln!(s, "  rooms:");
        let general = classes + classes / 4 + 1;
        for r in 0..general {
            let _ = writeln!(s, "    - {{id: r{}, capacity: 32}}", r + 1);
        }
        for (feature, n) in [
            ("lab", classes / 5 + 1),
            ("gym", classes / 6 + 1),
            ("computers", classes / 6 + 1),
        ] {
            for r in 0..n {
                let _ = writeln!(
                    s,
                    "    - {{id: {feature}{}, capacity: 32, features: [{feature}]}}",
                    r + 1
                );
            }
        }
    }

    /// Every class's lessons of every subject, with its teacher and room needs.
    fn events(&mut self, teachers: &[(String, Vec<String>)], teacher_of: &[Vec<usize>]) {
        let s = &mut self.s;
        let _ = writeln!(s, "events:");
        for (c, of_class) in teacher_of.iter().enumerate() {
            for (si, &(name, count, len, feature)) in SUBJECTS.iter().enumerate() {
                let t = &teachers[of_class[si]].0;
                let room = feature
                    .map(|f| format!(", room: {{features: [{f}]}}"))
                    .unwrap_or_default();
                let dur = if len > 1 {
                    format!(", duration: {len}")
                } else {
                    String::new()
                };
                let _ = writeln!(
                    s,
                    "  - {{id: {name}-c{}, subject: {name}, teachers: [{t}], groups: [c{}], count: {count}{dur}{room}}}",
                    c + 1,
                    c + 1
                );
            }
        }
    }

    /// Maths on different days (hard); gaps, runs, spread, rooms and the last period (soft).
    fn constraints(&mut self) {
        let (s, classes) = (&mut self.s, self.classes);
        let _ = writeln!(s, "constraints:\n  hard:");
        for c in 0..classes {
            let _ = writeln!(
                s,
                "    - {{type: different_days, events: [math-c{}]}}",
                c + 1
            );
        }
        let _ = writeln!(s, "  soft:");
        let _ = writeln!(
            s,
            "    - {{type: max_gaps_per_day, resources: groups, value: 0, weight: 10}}"
        );
        let _ = writeln!(
            s,
            "    - {{type: max_gaps_per_day, resources: teachers, value: 1, weight: 2}}"
        );
        let _ = writeln!(
            s,
            "    - {{type: max_consecutive, resources: teachers, value: 4, weight: 3}}"
        );
        // Lessons spread over the week: each subject taught two to four times on as many
        // days (up to three; maths is on five days by a hard rule already).
        for c in 0..classes {
            for &(name, count, _, _) in SUBJECTS.iter().filter(|x| x.1 >= 2 && x.1 < 5) {
                let _ = writeln!(
                    s,
                    "    - {{type: min_days, events: [{name}-c{}], value: {}, weight: 2}}",
                    c + 1,
                    count.min(3)
                );
            }
        }
        let _ = writeln!(
            s,
            "    - {{type: room_stability, events: \"*\", weight: 1}}"
        );
        let _ = writeln!(
            s,
            "    - {{type: avoid_slots, resources: groups, slots: [\"*.8\"], weight: 1}}"
        );
    }
}
