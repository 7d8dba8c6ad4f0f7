//! An instance read from any format, and what its format does with timetables: score them
//! from the file's own data, write and read its solution files, report in its words.

use super::{Format, Score, ctt, exam, toronto};
use crate::answer::Timetable;
use crate::instance::Instance;
use csp_model::source::SourceError;

/// An instance read from any format, with what its format needs to write and score
/// solutions.
#[derive(Debug, Clone)]
pub enum Loaded {
    /// YAML.
    Yaml(Instance),
    /// Toronto, with the instance for its number of slots.
    Toronto(Box<toronto::Toronto>, Instance),
    /// ITC 2007 track 3.
    Ctt(Box<ctt::Ctt>, Instance),
    /// ITC 2007 track 1.
    Exam(Box<exam::Exam>, Instance),
}

impl Loaded {
    /// The instance the solvers see.
    pub fn instance(&self) -> &Instance {
        match self {
            Loaded::Yaml(i) | Loaded::Toronto(_, i) | Loaded::Ctt(_, i) | Loaded::Exam(_, i) => i,
        }
    }

    /// The format.
    pub fn format(&self) -> Format {
        match self {
            Loaded::Yaml(_) => Format::Yaml,
            Loaded::Toronto(..) => Format::Toronto,
            Loaded::Ctt(..) => Format::Ctt,
            Loaded::Exam(..) => Format::Exam,
        }
    }

    /// The format's own score of a timetable of the instance, from the file's data alone (an
    /// independent check of the adapter and of the solver); `None` for YAML.
    pub fn score(&self, tt: &Timetable) -> Option<Score> {
        let inst = self.instance();
        match self {
            Loaded::Yaml(_) => None,
            Loaded::Toronto(t, _) => Some(t.score(&t.slots_of(tt)).components()),
            Loaded::Ctt(c, _) => Some(c.score(&c.lectures(inst, tt))),
            Loaded::Exam(x, _) => Some(x.score(&x.assignments(tt))),
        }
    }

    /// The format's solution file for a timetable; `None` for YAML.
    pub fn solution_file(&self, tt: &Timetable) -> Option<String> {
        let inst = self.instance();
        match self {
            Loaded::Yaml(_) => None,
            Loaded::Toronto(t, _) => Some(t.write_solution(&t.slots_of(tt))),
            Loaded::Ctt(c, _) => Some(c.write_solution(&c.lectures(inst, tt))),
            Loaded::Exam(x, _) => Some(x.write_solution(&x.assignments(tt))),
        }
    }

    /// Reads a solution file of the format: its score, and the timetable it stands for when
    /// it can be one of the instance (a Toronto slot past the instance's slots, or an ITC
    /// 2007 lecture in no room, cannot); `None` for YAML, whose solutions are
    /// `kind: timetable-solution` files.
    pub fn read_solution(
        &self,
        text: &str,
        file: &str,
    ) -> Result<Option<(Score, Option<Timetable>)>, SourceError> {
        let inst = self.instance();
        Ok(match self {
            Loaded::Yaml(_) => None,
            Loaded::Toronto(t, _) => {
                let slots = t.parse_solution(text, file, inst.num_slots())?;
                let fits = slots.iter().all(|&x| x < inst.num_slots());
                Some((
                    t.score(&slots).components(),
                    fits.then(|| t.timetable(&slots)),
                ))
            }
            Loaded::Ctt(c, _) => {
                let l = c.parse_solution(text, file)?;
                Some((c.score(&l), c.timetable(&l)))
            }
            Loaded::Exam(x, _) => {
                let v = x.parse_solution(text, file)?;
                Some((x.score(&v), Some(x.timetable(&v))))
            }
        })
    }

    /// A score in the format's words: the ITC 2007 validators' lines, or Toronto's average
    /// proximity per student; empty for YAML.
    pub fn report(&self, score: &Score) -> String {
        match self {
            Loaded::Yaml(_) => String::new(),
            Loaded::Toronto(t, _) => format!(
                "proximity {:.4} ({} over {} students)\n",
                score.soft() as f64 / t.students.len().max(1) as f64,
                score.soft(),
                t.students.len()
            ),
            Loaded::Ctt(..) => ctt::report(score),
            Loaded::Exam(..) => exam::report(score),
        }
    }

    /// The objective the literature reports for a soft cost: Toronto's average per student,
    /// the cost itself elsewhere.
    pub fn objective(&self, cost: u64) -> f64 {
        match self {
            Loaded::Toronto(t, _) => cost as f64 / t.students.len().max(1) as f64,
            _ => cost as f64,
        }
    }
}
