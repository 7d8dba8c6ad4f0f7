//! A teaching trace: every decision, pruning, conflict and backtrack, indented by depth.
//!
//! ```text
//! decide q1 = 1
//!   all_different(q1, q2, q3) ⇒ q2 ≠ 1, q3 ≠ 1
//! ```

use csp_core::{ConstraintId, Decision, Observer, Solution, Value, VarId};
use csp_model::CspFile;
use std::io::Write;

/// An [`Observer`] that writes a readable line per event.
#[derive(Debug)]
pub struct Trace<'f, W: Write> {
    file: &'f CspFile,
    out: W,
    depth: usize,
    /// Prunings of one constraint are gathered into one line: `(variable, value)` pairs.
    pending: Option<(ConstraintId, Vec<(VarId, Value)>)>,
    solutions: u64,
}

impl<'f, W: Write> Trace<'f, W> {
    /// A trace of a search of `file`'s model, written to `out`.
    pub fn new(file: &'f CspFile, out: W) -> Self {
        Trace {
            file,
            out,
            depth: 0,
            pending: None,
            solutions: 0,
        }
    }

    fn indent(&self) -> String {
        "  ".repeat(self.depth)
    }

    fn name(&self, x: VarId) -> &str {
        self.file.model.name(x)
    }

    fn describe(&self, c: ConstraintId) -> String {
        let m = &self.file.model;
        m.constraint(c).describe(&|x| m.name(x).to_string())
    }

    /// Writes the gathered prunings, if any.
    pub fn flush(&mut self) {
        if let Some((c, removed)) = self.pending.take() {
            let shown: Vec<String> = removed
                .iter()
                .map(|&(x, v)| format!("{} ≠ {}", self.name(x), self.file.show(x, v)))
                .collect();
            let line = format!(
                "{}  {} ⇒ {}",
                self.indent(),
                self.describe(c),
                shown.join(", ")
            );
            let _ = writeln!(self.out, "{line}");
        }
    }

    fn line(&mut self, text: String) {
        self.flush();
        let _ = writeln!(self.out, "{}{}", self.indent(), text);
    }
}

impl<W: Write> Observer for Trace<'_, W> {
    const PRUNINGS: bool = true;

    fn on_decision(&mut self, depth: usize, decision: Decision) {
        self.flush();
        self.depth = depth.saturating_sub(1);
        let words = decision.describe(|x| self.name(x).to_string(), |x, v| self.file.show(x, v));
        let text = if decision.is_first() {
            format!("decide {words}")
        } else {
            self.depth = depth;
            format!("refute {words}")
        };
        self.line(text);
    }

    fn on_prune(&mut self, by: ConstraintId, var: VarId, value: Value) {
        match &mut self.pending {
            Some((c, removed)) if *c == by => removed.push((var, value)),
            _ => {
                self.flush();
                self.pending = Some((by, vec![(var, value)]));
            }
        }
    }

    fn on_conflict(&mut self, _depth: usize, by: Option<ConstraintId>) {
        let text = match by {
            Some(c) => format!("  conflict: {} empties a domain", self.describe(c)),
            None => "  conflict: the refuted variable has no value left".to_string(),
        };
        self.line(text);
    }

    fn on_backtrack(&mut self, depth: usize) {
        self.flush();
        self.depth = depth.saturating_sub(1);
    }

    fn on_solution(&mut self, s: &Solution) {
        self.solutions += 1;
        let vals: Vec<String> = self
            .file
            .model
            .vars()
            .map(|x| format!("{}={}", self.name(x), self.file.show(x, s.value(x))))
            .collect();
        let text = format!("  solution {}: {}", self.solutions, vals.join(" "));
        self.line(text);
    }

    fn on_restart(&mut self, restarts: u64) {
        self.depth = 0;
        self.line(format!("restart {restarts}"));
    }
}
