//! The instances of a set, read from its files, and one run of the engine on one of them
//! with its answer checked.

use crate::spec::{Family, Method, Set};
use csp_core::{Outcome, Search, SearchConfig, Stats};
pub use csp_model::Status;
use std::sync::Arc;
use thiserror::Error;

/// Why a set's files could not be read.
#[derive(Debug, Error)]
pub enum LoadError {
    /// A sudoku list.
    #[error(transparent)]
    Sudoku(#[from] csp_sudoku::parse::ParseError),
    /// A model file.
    #[error(transparent)]
    Model(#[from] csp_model::SourceError),
    /// A graph.
    #[error(transparent)]
    Graph(#[from] csp_colouring::ParseError),
    /// A timetable too large to encode.
    #[error("{0}")]
    Timetable(String),
}

/// One instance of a set.
#[derive(Debug, Clone)]
pub struct Instance {
    /// Its id in results: the file as the study names it, with `:line` for a puzzle.
    pub id: String,
    /// What to solve.
    pub problem: Problem,
}

/// What an instance asks.
#[derive(Debug, Clone)]
pub enum Problem {
    /// Solve a sudoku (the all-different model).
    Sudoku(csp_sudoku::Grid),
    /// Find a solution of a model.
    Model(Arc<csp_core::Model>),
    /// Colour a graph with `k` colours.
    Colouring(Arc<csp_colouring::Instance>, u32),
    /// Find and prove a graph's chromatic number: from DSATUR's colouring, one k-colouring
    /// search per k below it with the strategy, down to a refutation or the clique bound.
    Chromatic(Arc<csp_colouring::Instance>),
    /// Find a timetable that breaks no hard rule.
    Timetable(Arc<csp_timetabling::Instance>),
}

/// Reads the instances of `set` (at most its `limit`, in file order).
pub fn load(set: &Set) -> Result<Vec<Instance>, LoadError> {
    let mut out = Vec::new();
    let room = |out: &Vec<Instance>| set.limit.is_none_or(|l| out.len() < l);
    for (n, (f, name)) in set.files.iter().zip(&set.labels).enumerate() {
        if !room(&out) {
            break;
        }
        let name = name.clone();
        match set.family {
            Family::Sudoku => {
                for p in csp_sudoku::parse::read(f)? {
                    if !room(&out) {
                        break;
                    }
                    out.push(Instance {
                        id: format!("{name}:{}", p.line),
                        problem: Problem::Sudoku(p.grid),
                    });
                }
            }
            Family::Model => {
                let file = csp_model::CspFile::load(f)?;
                out.push(Instance {
                    id: name,
                    problem: Problem::Model(Arc::new(file.model)),
                });
            }
            Family::Timetable => {
                let t = csp_timetabling::yaml::read(f)?;
                csp_timetabling::encode::check_size(&t)
                    .map_err(|e| LoadError::Timetable(format!("{}: {e}", f.display())))?;
                out.push(Instance {
                    id: name,
                    problem: Problem::Timetable(Arc::new(t)),
                });
            }
            Family::Colouring => {
                let g = csp_colouring::read(f)?;
                if set.chromatic {
                    out.push(Instance {
                        id: name,
                        problem: Problem::Chromatic(Arc::new(g)),
                    });
                    continue;
                }
                let k = set.colours.get(n).copied().unwrap_or(1);
                out.push(Instance {
                    id: name,
                    problem: Problem::Colouring(Arc::new(g), u32::try_from(k).unwrap_or(u32::MAX)),
                });
            }
        }
    }
    Ok(out)
}

/// Solves `inst` by `method` (the engine with `config`, its limits and seed set by the
/// caller; a reduction for sudoku) and checks the answer (with, for a chromatic number, the
/// best number of colours found: χ when solved); a solution the verifier refuses is an error, never a result.
pub fn solve(
    inst: &Instance,
    method: Method,
    config: SearchConfig,
) -> Result<(Status, Stats, Option<u64>), String> {
    fn status(o: &Outcome, ok: Option<Result<(), String>>) -> Result<Status, String> {
        match o {
            Outcome::Satisfiable(_) => match ok {
                Some(Err(e)) => Err(format!("the engine's solution is wrong: {e}")),
                _ => Ok(Status::Satisfiable),
            },
            Outcome::Unsatisfiable => Ok(Status::Unsatisfiable),
            Outcome::Unknown(_) => Ok(Status::Unknown),
        }
    }
    match &inst.problem {
        Problem::Sudoku(grid) => {
            let a = match method {
                Method::Engine => {
                    let enc = csp_sudoku::encode(grid.shape(), csp_sudoku::ModelKind::AllDifferent);
                    csp_sudoku::Solver::new(&enc, config).solve(grid, 1)
                }
                Method::Dlx | Method::Sat => {
                    let m = if method == Method::Dlx {
                        csp_sudoku::method::Method::Dlx
                    } else {
                        csp_sudoku::method::Method::Sat(Default::default())
                    };
                    let prepared = csp_sudoku::method::Prepared::new(&m, [grid.shape()]);
                    let mut solver = prepared.solver(grid.shape());
                    solver.set_limits(config.limits);
                    solver.solve(grid, 1)
                }
            };
            let v = match &a.solution {
                Some(s) => {
                    csp_sudoku::verify(grid, s)
                        .map_err(|e| format!("{}: the engine's solution is wrong: {e}", inst.id))?;
                    Status::Satisfiable
                }
                None if a.exhausted => Status::Unsatisfiable,
                None => Status::Unknown,
            };
            Ok((v, a.stats, None))
        }
        Problem::Model(m) => {
            let mut s = Search::new(m, config);
            let o = s.solve();
            let ok = match &o {
                Outcome::Satisfiable(sol) => {
                    Some(m.verify(sol.values()).map_err(|e| e.to_string()))
                }
                _ => None,
            };
            let v = status(&o, ok).map_err(|e| format!("{}: {e}", inst.id))?;
            Ok((v, s.stats(), None))
        }
        Problem::Chromatic(g) => chromatic(g, config).map_err(|e| format!("{}: {e}", inst.id)),
        Problem::Timetable(t) => {
            // The time limit counts from here: encoding the largest instances takes seconds.
            let start = std::time::Instant::now();
            let deadline = match (config.limits.time, config.limits.deadline) {
                (Some(t), d) => Some(d.map_or(start + t, |d| d.min(start + t))),
                (None, d) => d,
            };
            let (on, ordered) = (Default::default(), Default::default());
            let enc = match csp_timetabling::encode::encode_full(t, &on, &ordered, deadline) {
                Ok(enc) => enc,
                Err(csp_timetabling::encode::EncodeError::Stopped) => {
                    let stats = Stats {
                        elapsed: start.elapsed(),
                        ..Stats::default()
                    };
                    return Ok((Status::Unknown, stats, None));
                }
                Err(e) => return Err(format!("{}: {e}", inst.id)),
            };
            let mut config = config;
            config.limits.time = config
                .limits
                .time
                .map(|t| t.saturating_sub(start.elapsed()));
            let mut s = Search::new(&enc.model, config);
            let o = s.solve();
            let ok = match &o {
                Outcome::Satisfiable(sol) => {
                    let tt = csp_timetabling::encode::decode(&enc, sol);
                    let bad = csp_timetabling::check::verify(t, &tt);
                    Some(match bad.first() {
                        None => Ok(()),
                        Some(v) => Err(format!("{v} (and {} more)", bad.len() - 1)),
                    })
                }
                _ => None,
            };
            let v = status(&o, ok).map_err(|e| format!("{}: {e}", inst.id))?;
            Ok((v, s.stats(), None))
        }
        Problem::Colouring(g, k) => {
            let enc = csp_colouring::encode(g, *k);
            let mut s = Search::new(&enc.model, config);
            let o = s.solve();
            let ok = match &o {
                Outcome::Satisfiable(sol) => Some(
                    csp_colouring::verify(g, Some(*k), &csp_colouring::decode(&enc, sol))
                        .map_err(|e| e.to_string()),
                ),
                _ => None,
            };
            let v = status(&o, ok).map_err(|e| format!("{}: {e}", inst.id))?;
            Ok((v, s.stats(), None))
        }
    }
}

/// The chromatic number of `g` with the engine and `config` (its limits spread over every
/// k tried): DSATUR's colouring gives the first upper bound, then a k-colouring search for
/// each k below it; a colouring found is checked and lowers the bound, a refutation (or
/// reaching a greedy clique's size) proves it. Solved when proved; unknown when a limit
/// stopped a search first.
fn chromatic(
    g: &csp_colouring::Instance,
    config: SearchConfig,
) -> Result<(Status, Stats, Option<u64>), String> {
    let start = std::time::Instant::now();
    let best = csp_colouring::heuristic::dsatur(&g.graph, &g.precoloured);
    csp_colouring::verify(g, None, &best)
        .map_err(|e| format!("DSATUR's colouring is wrong: {e}"))?;
    let mut ub = best.num_colours();
    let lb = (csp_colouring::clique::greedy_clique(&g.graph, 8).len() as u32).max(1);
    let mut total = Stats::default();
    let verdict = loop {
        if ub <= lb || ub == 0 {
            break Status::Optimal;
        }
        let k = ub - 1;
        let mut c = config.clone();
        if let Some(n) = c.limits.nodes {
            c.limits.nodes = Some(n.saturating_sub(total.nodes));
        }
        if let Some(t) = c.limits.time {
            c.limits.time = Some(t.saturating_sub(start.elapsed()));
        }
        let enc = csp_colouring::encode(g, k);
        let mut s = Search::new(&enc.model, c);
        let o = s.solve();
        let st = s.stats();
        total.nodes += st.nodes;
        total.failures += st.failures;
        total.backtracks += st.backtracks;
        total.propagations += st.propagations;
        total.revisions += st.revisions;
        total.max_depth = total.max_depth.max(st.max_depth);
        total.restarts += st.restarts;
        match o {
            Outcome::Satisfiable(sol) => {
                let col = csp_colouring::decode(&enc, &sol);
                csp_colouring::verify(g, Some(k), &col)
                    .map_err(|e| format!("the engine's {k}-colouring is wrong: {e}"))?;
                ub = k;
            }
            Outcome::Unsatisfiable => break Status::Optimal,
            // DSATUR's colouring (or a better one) is still an answer, not proved fewest.
            Outcome::Unknown(_) => break Status::Satisfiable,
        }
    };
    total.elapsed = start.elapsed();
    Ok((verdict, total, Some(u64::from(ub))))
}
