//! The bodies of the fuzz targets, one public function each (`fuzz_targets/NAME.rs` calls
//! `csp_fuzz::NAME`), so that the committed corpora replay as an ordinary test on stable
//! (`tests/replay.rs`).
//!
//! - Readers (`read_*`) take the bytes as a file: reading must end in a value or in an error
//!   that names a position inside the text, never in a panic; what loads is then used the way
//!   the command line uses it, briefly, and every answer is checked by the front-end's own
//!   verifier.
//! - Differential targets (`diff_*`) decode the bytes into a small instance and solve it by
//!   every engine the toolkit has, requiring the same answer from each: the engine with every
//!   strategy against brute force, sudoku by the engine, dancing links and SAT, CNF by batsat
//!   against the teaching DPLL, colouring by the engine against SAT.
//!
//! Every body bounds its own work (node limits, sizes), so a slow input is a finding too.

use csp_colouring::Instance;
use csp_core::testing::{LEVELS, brute_force};
use csp_core::{
    Limits, Model, Outcome, Restarts, Search, SearchConfig, Value, ValueOrder, VarOrder,
};
use csp_model::{CspFile, SourceError};
use csp_sudoku::method::{Method, Prepared};
use csp_sudoku::sat::Encoding;
use csp_sudoku::{Grid, ModelKind, Shape};
use std::collections::BTreeSet;

/// Bytes read as decisions: each call takes the next byte (0 once they run out).
struct Bytes<'a>(&'a [u8]);

impl Bytes<'_> {
    fn byte(&mut self) -> u8 {
        match self.0.split_first() {
            Some((&b, rest)) => {
                self.0 = rest;
                b
            }
            None => 0,
        }
    }

    /// A number in `0..n` (`n > 0`).
    fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// An error must point inside the text it is about (or just past its end, for an
/// unexpected end of input).
fn check_position(e: &SourceError, text: &str) {
    let message = e.to_string();
    assert!(!message.is_empty(), "empty error message");
    if let Some((line, column)) = e.position() {
        let lines = csp_model::source::yaml_lines(text).count().max(1) as u32;
        assert!(
            line >= 1 && line <= lines + 2,
            "error line {line} outside a text of {lines} lines: {message}"
        );
        assert!(column >= 1, "error column 0: {message}");
    }
}

/// A brief search: a few thousand nodes.
fn brief() -> Limits {
    Limits {
        nodes: Some(2_000),
        ..Limits::default()
    }
}

/// Total number of values over the domains, the measure of a model's size here.
fn total_span(model: &Model) -> u64 {
    model
        .vars()
        .map(|x| {
            let d = model.domain(x);
            match (d.min(), d.max()) {
                (Some(lo), Some(hi)) => (hi as i64 - lo as i64 + 1) as u64,
                _ => 0,
            }
        })
        .sum()
}

/// A YAML model (`kind: csp`): loads or says where it is wrong; a model that loads is solved
/// briefly at every propagation level and a solution found must verify (the text
/// constraints by the language's evaluator); an objective's improving solutions too.
pub fn read_model(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = csp_model::source::kind_of(text);
    match CspFile::parse(text, "fuzz.yaml") {
        Err(e) => check_position(&e, text),
        Ok(file) => {
            let model = &file.model;
            if total_span(model) > 100_000 {
                return;
            }
            for x in model.vars() {
                let v = model.domain(x).min().unwrap_or(0);
                let _ = file.show(x, v);
            }
            for level in csp_core::PropagationLevel::ALL {
                let config = SearchConfig {
                    limits: brief(),
                    ..SearchConfig::default()
                }
                .with_level(level);
                if let Outcome::Satisfiable(s) = Search::new(model, config.clone()).solve()
                    && let Err(e) = file.verify(s.values())
                {
                    panic!("a wrong solution at {level}: {e}");
                }
                // An objective: every improving solution is checked, and each improves.
                if let Some(o) = &file.objective {
                    let mut last: Option<i64> = None;
                    // The final answer is the last improving solution, checked on the way.
                    let _ = Search::new(model, config).optimize(o.var, o.minimize, |s| {
                        if let Err(e) = file.verify(s.values()) {
                            panic!("a wrong improving solution at {level}: {e}");
                        }
                        let v = file.objective_value(s.values()).expect("verified");
                        if let Some(l) = last {
                            assert!(
                                if o.minimize { v < l } else { v > l },
                                "{v} does not improve {l}"
                            );
                        }
                        last = Some(v);
                    });
                }
            }
        }
    }
}

/// A graph, as DIMACS `.col` or as `kind: colouring` YAML: loads or says where it is wrong; a
/// small graph that loads is coloured by DSATUR (checked) and, when tiny, its chromatic number
/// is bracketed by the exact search under a node limit.
pub fn read_col(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let instance = if csp_model::source::kind_of(text).is_some() {
        csp_colouring::yaml::parse(text, "fuzz.yaml")
    } else {
        csp_colouring::dimacs::parse(text, "fuzz.col").map(|g| Instance::new("fuzz", g))
    };
    let Ok(inst) = instance else {
        let e = instance.unwrap_err();
        assert!(!e.to_string().is_empty());
        return;
    };
    if inst.graph.len() > 2_000 || inst.graph.edge_count() > 20_000 {
        return;
    }
    if inst.precolouring_conflict().is_some() {
        return;
    }
    let c = csp_colouring::heuristic::dsatur(&inst.graph, &inst.precoloured);
    csp_colouring::verify(&inst, None, &c).expect("DSATUR's colouring verifies");
    if inst.graph.len() <= 40 {
        colour_both_ways(&inst);
    }
}

/// The chromatic number by the engine (portfolio, no time limit but tiny graphs) and by SAT
/// must agree, and both colourings verify.
fn colour_both_ways(inst: &Instance) {
    let config = csp_colouring::chromatic::Config {
        tabu: false,
        mycielski_budget: 1_000,
        ..Default::default()
    };
    let exact = csp_colouring::chromatic::chromatic_number(inst, &config, &mut |_| {});
    csp_colouring::verify(inst, Some(exact.ub), &exact.colouring).expect("engine colouring");
    let sat = csp_colouring::sat::chromatic_number(inst);
    csp_colouring::verify(inst, Some(sat.chromatic), &sat.colouring).expect("SAT colouring");
    assert!(exact.proved && sat.proved, "tiny graphs are proved");
    assert_eq!(exact.ub, sat.chromatic, "engine and SAT disagree on χ");
}

/// A DIMACS CNF: loads or says where it is wrong; a small formula that loads is solved by
/// batsat and the model checked.
pub fn read_cnf(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match csp_sat::dimacs::parse(text, "fuzz.cnf") {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(cnf) => {
            if cnf.num_vars() > 10_000 || cnf.num_lits() > 100_000 {
                return;
            }
            let mut solver = csp_sat::Solver::new(&cnf);
            if solver.solve(&[]) == Some(true) {
                assert!(cnf.is_satisfied_by(&solver.model()), "batsat's model");
            }
            let _ = csp_sat::dimacs::to_string(&cnf);
        }
    }
}

/// A compressed stream (gzip, bzip2, xz, zstd, or plain bytes): decoded or refused with an
/// error, never a panic, in bounded memory (at most 4 MiB of output read); text that comes
/// out is read as a CNF formula.
pub fn read_compressed(data: &[u8]) {
    use std::io::Read;
    let Ok((_, r)) = csp_model::compressed::open(data) else {
        return;
    };
    let mut out = Vec::new();
    if r.take(4 << 20).read_to_end(&mut out).is_ok() {
        read_cnf(&out);
    }
}

/// A FlatZinc file: loads or says where it is wrong; what loads is checked against a few
/// assignments (each variable at its lower bound, then its upper) and printed in the output
/// format, so that the checker and the printer meet every shape of model the reader accepts;
/// then encoded (or refused with its place) and searched briefly, every answer checked.
pub fn read_flatzinc(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match csp_flatzinc::parse(text, "fuzz.fzn") {
        Err(e) => check_position(&e, text),
        Ok(m) => {
            for pick in [csp_flatzinc::IntSet::min, csp_flatzinc::IntSet::max] {
                let values: Vec<i64> = m
                    .vars
                    .iter()
                    .map(|v| v.domain.as_ref().and_then(pick).unwrap_or(0))
                    .collect();
                let verdict = csp_flatzinc::check::check(&m, &values);
                if let Err(v) = &verdict {
                    assert!(!v.message.is_empty());
                }
                let _ = csp_flatzinc::check::objective(&m, &values);
                let out = csp_flatzinc::output::solution(&m, &values);
                assert!(out.ends_with("----------\n"));
            }
            // Encoded and searched briefly, as `csp fzn` does: an error names a place, and any
            // answer passes the checker.
            match csp_flatzinc::encode::encode(&m, "fuzz.fzn", text) {
                Err(e) => check_position(&e, text),
                Ok(enc) => {
                    let config = SearchConfig {
                        limits: Limits {
                            nodes: Some(2_000),
                            time: Some(std::time::Duration::from_secs(2)),
                            ..Limits::default()
                        },
                        ..SearchConfig::default()
                    };
                    let mut search = Search::new(&enc.model, config);
                    let found = match enc.objective {
                        Some(o) => match search.optimize(o.var, o.minimize, |_| {}) {
                            csp_core::Optimum::Optimal(s) | csp_core::Optimum::Best(s, _) => {
                                Some(s)
                            }
                            _ => None,
                        },
                        None => match search.solve() {
                            Outcome::Satisfiable(s) => Some(s),
                            _ => None,
                        },
                    };
                    if let Some(s) = found {
                        let values = enc.values(&s);
                        assert_eq!(csp_flatzinc::check::check(&m, &values), Ok(()), "{text}");
                    }
                }
            }
        }
    }
}

/// A random small FlatZinc model decoded from the bytes (every built-in the encoder takes):
/// the engine's solutions, decoded, are exactly those brute force accepts through the
/// independent checker, and branch and bound reaches the brute-force optimum.
pub fn diff_flatzinc(data: &[u8]) {
    let mut bytes = Bytes(data);
    let text = csp_flatzinc::testing::random_model(&mut |n| bytes.below(n));
    let fzn = csp_flatzinc::parse(&text, "fuzz.fzn").expect("the generator writes valid FlatZinc");
    let expected: BTreeSet<Vec<i64>> = csp_flatzinc::testing::brute_force(&fzn)
        .into_iter()
        .collect();
    let enc = csp_flatzinc::encode::encode(&fzn, "fuzz.fzn", &text)
        .expect("the encoder takes every generated predicate");
    let limited = SearchConfig {
        limits: Limits {
            nodes: Some(100_000),
            ..Limits::default()
        },
        ..SearchConfig::default()
    };
    let mut search = Search::new(&enc.model, limited.clone());
    let found: BTreeSet<Vec<i64>> = search.solutions().map(|s| enc.values(&s)).collect();
    if search.limit_reached().is_some() {
        return;
    }
    assert_eq!(found, expected, "{text}");
    if let Some(obj) = enc.objective {
        let key = |s: &Vec<i64>| csp_flatzinc::check::objective(&fzn, s);
        let best = if obj.minimize {
            expected.iter().filter_map(key).min()
        } else {
            expected.iter().filter_map(key).max()
        };
        match Search::new(&enc.model, limited).optimize(obj.var, obj.minimize, |_| {}) {
            csp_core::Optimum::Optimal(s) => assert_eq!(key(&enc.values(&s)), best, "{text}"),
            csp_core::Optimum::Unsatisfiable => assert!(best.is_none(), "{text}"),
            _ => {}
        }
    }
}

/// A puzzle list or grid file: loads or says where it is wrong; the first puzzles that load
/// are solved by dancing links and any solution verified.
pub fn read_puzzles(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let whole = csp_sudoku::parse::parse(text, "fuzz.txt");
    // The compact reader (what the Python package reads each string with first) gives the
    // general reader's grid whenever it gives one.
    if let Some(grid) = csp_sudoku::parse::compact(text) {
        let general = whole
            .as_ref()
            .map(|ps| ps.iter().map(|p| &p.grid).collect::<Vec<_>>());
        assert_eq!(
            general.ok(),
            Some(vec![&grid]),
            "compact reads {text:?} otherwise"
        );
    }
    // The streaming reader (what `csp sudoku solve` uses) reads the same puzzles, or fails
    // with the same first error (it refuses binary data, a NUL byte, first).
    if text.contains('\0') {
        return;
    }
    let streamed: Result<Vec<_>, _> =
        csp_sudoku::parse::Reader::new(text.as_bytes(), "fuzz.txt").collect();
    match (&whole, &streamed) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "the reader differs from parse"),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        _ => panic!("parse: {whole:?}\nreader: {streamed:?}"),
    }
    match whole {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(puzzles) => {
            for p in puzzles.iter().take(4) {
                solve_checked(&p.grid);
                let _ = p.grid.pretty();
            }
        }
    }
}

/// A sudoku YAML file (`kind: sudoku`): loads or says where it is wrong; a puzzle that loads
/// is solved and checked.
pub fn read_sudoku_yaml(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    match csp_sudoku::parse::parse_yaml(text, "fuzz.yaml") {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(p) => solve_checked(&p.grid),
    }
}

/// Pencil marks: load or say what is wrong; what loads writes back to text that loads to the
/// same candidates, and the human techniques may look for a step on it.
pub fn read_pencil_marks(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(c) = csp_sudoku::human::Candidates::from_pencil_marks(text) {
        let again = csp_sudoku::human::Candidates::from_pencil_marks(&c.to_pencil_marks())
            .expect("written pencil marks load");
        assert_eq!(again.to_pencil_marks(), c.to_pencil_marks());
        if c.shape().size() <= 9 {
            let _ = csp_sudoku::human::next_step(&c);
        }
    }
}

/// Solves a puzzle of up to 9×9 by dancing links (up to two solutions) and checks the first.
fn solve_checked(grid: &Grid) {
    let shape = grid.shape();
    if shape.size() > 9 {
        return;
    }
    let prepared = Prepared::new(&Method::Dlx, [shape]);
    let a = prepared.solver(shape).solve(grid, 2);
    if let Some(s) = &a.solution {
        csp_sudoku::verify(grid, s).expect("dancing links' solution verifies");
    }
}

/// A small model decoded from bytes; `None` when the model API refuses it (which is an
/// answer too: refusing is not crashing).
fn small_model(b: &mut Bytes) -> Option<Model> {
    let n = 2 + b.below(4);
    // Values are spread ×1 or ×40 (several machine words).
    let scale: Value = if b.byte() & 1 == 0 { 1 } else { 40 };
    let mut m = Model::new();
    let mut vars = Vec::new();
    for i in 0..n {
        let mask = b.byte() | 1;
        let values: Vec<Value> = (0..5)
            .filter(|k| mask >> k & 1 == 1)
            .map(|k| (k as Value - 1) * scale)
            .collect();
        vars.push(m.new_var(format!("v{i}"), values).ok()?);
    }
    let constraints = b.below(7);
    for _ in 0..constraints {
        let kind = b.below(5);
        let scope_len = 2 + b.below(3);
        let scope: Vec<_> = (0..scope_len).map(|_| vars[b.below(n)]).collect();
        let value = |b: &mut Bytes| (b.below(7) as Value - 2) * scale;
        let r = match kind {
            0 | 1 => m.not_equal_offset(scope[0], scope[1], value(b)),
            2 => {
                let offsets: Vec<Value> = scope.iter().map(|_| value(b)).collect();
                m.all_different_offset(&scope, &offsets)
            }
            3 => {
                let tuples = (0..b.below(10))
                    .map(|_| scope.iter().map(|_| value(b)).collect())
                    .collect();
                if b.byte() & 1 == 0 {
                    m.table(&scope, tuples)
                } else {
                    m.negative_table(&scope, tuples)
                }
            }
            _ => {
                let values: Vec<Value> = (0..b.below(4)).map(|_| value(b)).collect();
                if b.byte() & 1 == 0 {
                    m.member(scope[0], &values)
                } else {
                    m.not_member(scope[0], &values)
                }
            }
        };
        // Refused constraints (a repeated variable, say) are skipped.
        let _ = r;
    }
    Some(m)
}

/// A small random model solved with every propagation level and variable order, two value
/// orders chosen by the input, with or without restarts, must give exactly the brute-force
/// solution set, count and first-solution answer.
pub fn diff_model(data: &[u8]) {
    let mut b = Bytes(data);
    let Some(model) = small_model(&mut b) else {
        return;
    };
    let expected = brute_force(&model);
    let restarts = b.byte() & 1 == 1;
    let value_orders = ValueOrder::ALL;
    let first_order = b.below(value_orders.len());
    for (propagation, all_different) in LEVELS {
        for var_order in VarOrder::ALL {
            // Two value orders per input (all of them over a run), to keep inputs quick.
            for value_order in [
                value_orders[first_order],
                value_orders[(first_order + 1) % value_orders.len()],
            ] {
                let config = SearchConfig {
                    propagation,
                    all_different,
                    var_order,
                    value_order,
                    seed: 7,
                    restarts: restarts.then_some(Restarts { scale: 1 }),
                    ..SearchConfig::default()
                };
                let label = format!("{propagation:?}/{all_different:?}/{var_order}/{value_order}");
                let found: Vec<Vec<Value>> = Search::new(&model, config.clone())
                    .solutions()
                    .map(|s| s.values().to_vec())
                    .collect();
                let set: BTreeSet<_> = found.iter().cloned().collect();
                assert_eq!(set.len(), found.len(), "duplicate solutions with {label}");
                assert_eq!(set, expected, "solution set differs with {label}");
                let count = Search::new(&model, config.clone()).count(u64::MAX);
                assert!(count.exhausted, "{label}");
                assert_eq!(count.count as usize, expected.len(), "count with {label}");
                match Search::new(&model, config).solve() {
                    Outcome::Satisfiable(s) => assert!(expected.contains(s.values()), "{label}"),
                    Outcome::Unsatisfiable => assert!(expected.is_empty(), "{label}"),
                    Outcome::Unknown(_) => panic!("no limit was set ({label})"),
                }
            }
        }
    }
}

/// A random 4×4, 6×6 or 9×9 puzzle (givens from bytes, clashes allowed) counted up to two
/// solutions by the engine (both models, three levels), dancing links and SAT (both
/// encodings): the same count from each, and every solution verified.
pub fn diff_sudoku(data: &[u8]) {
    let mut b = Bytes(data);
    let shape = match b.below(3) {
        0 => Shape::square(2),
        1 => Shape::new(2, 3),
        _ => Shape::square(3),
    }
    .expect("valid shapes");
    let mut grid = Grid::empty(shape);
    let size = shape.size();
    while !b.is_empty() {
        let cell = b.below(shape.cells());
        let symbol = b.below(size + 1) as u8;
        grid.set(cell / size, cell % size, symbol);
    }
    let mut methods = vec![Method::Dlx, Method::Fast];
    for e in Encoding::ALL {
        methods.push(Method::Sat(e));
    }
    for kind in ModelKind::ALL {
        for level in [
            csp_core::PropagationLevel::ForwardChecking,
            csp_core::PropagationLevel::ArcConsistency,
            csp_core::PropagationLevel::Matching,
        ] {
            methods.push(Method::Engine(
                kind,
                SearchConfig::default().with_level(level),
            ));
        }
    }
    let mut first: Option<(u64, String)> = None;
    for method in &methods {
        let prepared = Prepared::new(method, [shape]);
        let a = prepared.solver(shape).solve(&grid, 2);
        let count = if a.exhausted { a.count } else { a.count.min(2) };
        if let Some(s) = &a.solution {
            csp_sudoku::verify(&grid, s).unwrap_or_else(|v| panic!("{method}: {v}"));
        }
        assert_eq!(a.solution.is_some(), a.count > 0, "{method}");
        match &first {
            None => first = Some((count, method.to_string())),
            Some((c, by)) => assert_eq!(*c, count, "{method} counts {count}, {by} counts {c}"),
        }
    }
    // The generator's uniqueness test: a solvable 9×9 grid is unique exactly when no open
    // cell can take another digit than the first solution's.
    if size == 9 {
        let mut fast = csp_sudoku::fast::FastSolver::new();
        let a = fast.solve(&grid, 2);
        if let Some(s) = &a.solution {
            let other = (0..81)
                .filter(|&c| grid.cells()[c] == 0)
                .any(|c| fast.solve_without(&grid, &[(c, s.cells()[c])], 1).count > 0);
            assert_eq!(
                a.count == 1,
                !other,
                "solve_without disagrees with the count"
            );
        }
    }
}

/// A random CNF of up to 10 variables: batsat and the DPLL agree on satisfiability, both
/// models satisfy it, and counting (capped) agrees with brute force.
pub fn diff_cnf(data: &[u8]) {
    let mut b = Bytes(data);
    let n = 1 + b.below(10);
    let mut cnf = csp_sat::Cnf::with_vars(n);
    let clauses = b.below(60);
    for _ in 0..clauses {
        let len = b.below(5);
        let lits: Vec<csp_sat::Lit> = (0..len)
            .map(|_| csp_sat::Var::new(b.below(n)).lit(b.byte() & 1 == 1))
            .collect();
        cnf.add_clause(&lits);
    }
    let brute = (0u32..1 << n)
        .filter(|bits| {
            let model: Vec<bool> = (0..n).map(|i| bits >> i & 1 == 1).collect();
            cnf.is_satisfied_by(&model)
        })
        .count() as u64;
    let mut solver = csp_sat::Solver::new(&cnf);
    let batsat = solver.solve(&[]).expect("no deadline");
    if batsat {
        assert!(cnf.is_satisfied_by(&solver.model()), "batsat's model");
    }
    let (dpll, _) = csp_sat::dpll::dpll(&cnf);
    if let Some(m) = &dpll {
        assert!(cnf.is_satisfied_by(m), "the DPLL's model");
    }
    assert_eq!(batsat, dpll.is_some(), "batsat and the DPLL disagree");
    assert_eq!(batsat, brute > 0, "batsat and brute force disagree");
    let count = csp_sat::solver::count(&cnf, None, 1 << 10);
    assert_eq!(count.count, brute, "count against brute force");
}

/// A random graph of up to 9 vertices (with an optional precolouring): χ by the engine's
/// portfolio and by SAT agree with brute force.
pub fn diff_colour(data: &[u8]) {
    let mut b = Bytes(data);
    let n = 1 + b.below(9);
    let mut g = csp_colouring::Graph::new(n);
    let edges = b.below(30);
    for _ in 0..edges {
        let (u, v) = (b.below(n), b.below(n));
        if u != v {
            g.add_edge(u, v);
        }
    }
    g.finish();
    let mut inst = Instance::new("fuzz", g);
    for _ in 0..b.below(3) {
        inst.precoloured.push((b.below(n), b.below(4) as u32));
    }
    inst.precoloured.sort_unstable();
    inst.precoloured.dedup_by_key(|p| p.0);
    if inst.precolouring_conflict().is_some() {
        return;
    }
    let brute = (1..=n as u32 + 4)
        .find(|&k| colourable_brute(&inst, k))
        .expect("n + 4 colours always suffice");
    colour_both_ways(&inst);
    let sat = csp_colouring::sat::chromatic_number(&inst);
    assert_eq!(sat.chromatic, brute, "SAT against brute force");
}

/// Whether some colouring with colours `0..k` extends the precolouring.
fn colourable_brute(inst: &Instance, k: u32) -> bool {
    let g = &inst.graph;
    let n = g.len();
    let mut colours = vec![0u32; n];
    fn rec(inst: &Instance, k: u32, i: usize, colours: &mut Vec<u32>) -> bool {
        let g = &inst.graph;
        if i == g.len() {
            return true;
        }
        let fixed = inst.precoloured.iter().find(|p| p.0 == i).map(|p| p.1);
        for c in 0..k {
            if fixed.is_some_and(|f| f != c) {
                continue;
            }
            if g.neighbours(i)
                .iter()
                .any(|&u| (u as usize) < i && colours[u as usize] == c)
            {
                continue;
            }
            colours[i] = c;
            if rec(inst, k, i + 1, colours) {
                return true;
            }
        }
        false
    }
    let _ = n;
    rec(inst, k, 0, &mut colours)
}

/// Timetables: read or say what is wrong; a small one that reads is solved (a bounded first
/// search), and the timetable found passes the independent verifier, costs what the solver
/// says, renders, and writes to a solution file that reads back to itself.
pub fn read_timetable(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let inst = match csp_timetabling::yaml::parse(text, "fuzz.yaml") {
        Err(e) => {
            assert!(!e.to_string().is_empty());
            return;
        }
        Ok(i) => i,
    };
    if inst.occurrences.len() > 12
        || inst.num_slots() > 40
        || inst.resources.len() > 20
        || inst.rooms.len() > 6
    {
        return;
    }
    let inst = std::sync::Arc::new(inst);
    let cfg = csp_timetabling::solve::Config {
        node_limit: Some(2_000),
        first_only: true,
        ..csp_timetabling::solve::Config::default()
    };
    let Ok(r) = csp_timetabling::solve::solve(&inst, &cfg, &mut |_| {}) else {
        return;
    };
    let Some(tt) = r.timetable else { return };
    assert_eq!(
        csp_timetabling::verify(&inst, &tt),
        vec![],
        "the engine's timetable verifies"
    );
    let c = csp_timetabling::cost(&inst, &tt);
    assert_eq!(Some(c.total), r.cost);
    let written = csp_timetabling::solution::write(&inst, &tt, "satisfiable", c.total);
    let back = csp_timetabling::solution::parse(&inst, &written, "s.yaml")
        .expect("a written timetable reads");
    assert_eq!(
        csp_timetabling::solution::complete(&inst, &back).expect("complete"),
        tt
    );
    let _ = csp_timetabling::render::html(&inst, &tt, "satisfiable", &c, &[]);
    let _ = csp_timetabling::render::csv(&inst, &tt);
    for v in csp_timetabling::render::views(&inst, None) {
        let _ = csp_timetabling::render::text(&inst, &tt, v);
    }
}

/// The benchmark formats' readers (first byte: 0 Toronto, with the `.crs` and `.stu` texts
/// split at the first NUL; 1 ITC 2007 `.ctt`; 2 `.exam`): errors name a place, and a parsed
/// instance's trivial timetable (everything in slot 0, room 0) is judged alike by the format's
/// own score and by `verify` and `cost`.
pub fn read_benchmark_formats(data: &[u8]) {
    use csp_timetabling::formats::{ctt, exam, toronto};
    use csp_timetabling::{Placement, Timetable, cost, verify};
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let judge = |inst: &csp_timetabling::Instance, hard: u64, soft: u64, tt: &Timetable| {
        assert_eq!(verify(inst, tt).is_empty(), hard == 0, "validity agrees");
        assert_eq!(cost(inst, tt).total, soft, "cost agrees");
    };
    match which % 3 {
        0 => {
            let (crs, stu) = text.split_once('\0').unwrap_or((text, ""));
            match toronto::parse(crs, "f.crs", stu, "f.stu") {
                Err(e) => assert!(!e.to_string().is_empty()),
                Ok(t) => {
                    let Ok(inst) = t.instance(3) else { return };
                    let slots = vec![0; t.exams.len()];
                    let s = t.score(&slots);
                    judge(&inst, s.clashes, s.proximity, &t.timetable(&slots));
                }
            }
        }
        1 => match ctt::parse(text, "f.ctt") {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(c) => {
                let Ok(inst) = c.instance() else { return };
                if c.rooms.is_empty() || inst.occurrences.len() > 2_000 {
                    return;
                }
                let tt = Timetable {
                    placements: vec![
                        Placement {
                            start: 0,
                            room: Some(0)
                        };
                        inst.occurrences.len()
                    ],
                };
                let s = c.score(&c.lectures(&inst, &tt));
                judge(&inst, s.hard(), s.soft(), &tt);
            }
        },
        _ => match exam::parse(text, "f.exam") {
            Err(e) => assert!(!e.to_string().is_empty()),
            Ok(x) => {
                let Ok(inst) = x.instance() else { return };
                if x.rooms.is_empty() || x.periods.is_empty() || x.exams.len() > 2_000 {
                    return;
                }
                let a = vec![(0, 0); x.exams.len()];
                let s = x.score(&a);
                judge(&inst, s.hard(), s.soft(), &x.timetable(&a));
            }
        },
    }
}

/// The study file's reader: errors name a place; a study that reads has every bound the
/// runner relies on (a positive time limit a deadline can hold, at most `MAX_STRATEGIES`
/// strategies, at least one limit), and it reads in bounded time whatever its grid.
pub fn read_study_spec(data: &[u8]) {
    use csp_study::spec::{MAX_SECONDS, MAX_STRATEGIES, Spec};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let here = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    match Spec::parse(
        text,
        "fuzz.yaml",
        &here.join("../problems"),
        &here.join("../data"),
    ) {
        Err(e) => assert!(!e.to_string().is_empty()),
        Ok(spec) => {
            assert!(!spec.strategies.is_empty() && spec.strategies.len() <= MAX_STRATEGIES);
            assert!(spec.limits.nodes.is_some() || spec.limits.seconds.is_some());
            if let Some(s) = spec.limits.seconds {
                assert!(s > 0.0 && s <= MAX_SECONDS);
                let _ = std::time::Duration::from_secs_f64(s);
            }
        }
    }
}

/// The solution files of the benchmark formats and of YAML timetables, read against a small
/// fixed instance of each (first byte: 0 Toronto `.sol`, 1 ITC 2007 `.sol` of a `.ctt`, 2 of
/// an `.exam`, 3 `kind: timetable-solution`): errors name a place, and a solution that reads
/// is judged alike by the format's own score and by `verify` and `cost`.
pub fn read_solution_files(data: &[u8]) {
    use csp_timetabling::formats::{ctt, exam, toronto};
    use csp_timetabling::{cost, verify};
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let judge = |inst: &csp_timetabling::Instance,
                 hard: u64,
                 soft: u64,
                 tt: &csp_timetabling::Timetable| {
        assert_eq!(verify(inst, tt).is_empty(), hard == 0, "validity agrees");
        assert_eq!(cost(inst, tt).total, soft, "cost agrees");
    };
    match which % 4 {
        0 => {
            let t = toronto::parse("1 2\n2 2\n3 1\n", "f.crs", "1 2\n2 3\n1 3\n", "f.stu")
                .expect("the fixed instance reads");
            let inst = t.instance(4).expect("four slots");
            match t.parse_solution(text, "f.sol", inst.num_slots()) {
                Err(e) => assert!(!e.to_string().is_empty()),
                Ok(slots) => {
                    assert!(slots.iter().all(|&s| s < inst.num_slots()));
                    let s = t.score(&slots);
                    judge(&inst, s.clashes, s.proximity, &t.timetable(&slots));
                }
            }
        }
        1 => {
            let c = ctt::parse(CTT, "f.ctt").expect("the fixed instance reads");
            let inst = c.instance().expect("an instance");
            match c.parse_solution(text, "f.sol") {
                Err(e) => assert!(!e.to_string().is_empty()),
                Ok(l) => {
                    if let Some(tt) = c.timetable(&l) {
                        let s = c.score(&l);
                        judge(&inst, s.hard(), s.soft(), &tt);
                    }
                }
            }
        }
        2 => {
            let x = exam::parse(EXAM, "f.exam").expect("the fixed instance reads");
            let inst = x.instance().expect("an instance");
            match x.parse_solution(text, "f.sol") {
                Err(e) => assert!(!e.to_string().is_empty()),
                Ok(a) => {
                    let s = x.score(&a);
                    judge(&inst, s.hard(), s.soft(), &x.timetable(&a));
                }
            }
        }
        _ => {
            let inst = csp_timetabling::yaml::parse(WEEK, "w.yaml").expect("the fixed week reads");
            match csp_timetabling::solution::parse(&inst, text, "s.yaml") {
                Err(e) => assert!(!e.to_string().is_empty()),
                Ok(placed) => {
                    if let Ok(tt) = csp_timetabling::solution::complete(&inst, &placed) {
                        let _ = verify(&inst, &tt);
                        let c = cost(&inst, &tt);
                        let written =
                            csp_timetabling::solution::write(&inst, &tt, "feasible", c.total);
                        let again = csp_timetabling::solution::parse(&inst, &written, "w.yaml")
                            .expect("a written solution reads");
                        assert_eq!(
                            csp_timetabling::solution::complete(&inst, &again).expect("complete"),
                            tt
                        );
                    }
                }
            }
        }
    }
}

/// ITC 2019 problem files: an error names the file, or every index the problem holds points
/// into its lists, and every time fits its day, days and weeks.
pub fn read_itc2019(data: &[u8]) {
    use csp_timetabling::formats::itc2019;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let p = match itc2019::parse(text, "f.xml") {
        Err(e) => {
            assert!(e.to_string().starts_with("f.xml:"), "{e}");
            return;
        }
        Ok(p) => p,
    };
    let time_fits = |t: &itc2019::Time| {
        t.end() <= p.slots_per_day
            && (p.days == 64 || t.days >> p.days == 0)
            && (p.weeks == 64 || t.weeks >> p.weeks == 0)
    };
    for r in &p.rooms {
        assert!(r.travel.iter().all(|&(o, _)| o < p.rooms.len()));
        assert!(r.unavailable.iter().all(time_fits));
    }
    for (k, c) in p.classes.iter().enumerate() {
        assert!(c.parent.is_none_or(|q| q < p.classes.len()));
        assert!(c.rooms.iter().all(|&(r, _)| r < p.rooms.len()));
        assert!(!c.times.is_empty() && c.times.iter().all(|(t, _)| time_fits(t)));
        assert!(!c.needs_room || !c.rooms.is_empty());
        let sub = &p.courses[c.course].configs[c.config].subparts[c.subpart];
        assert!(sub.classes.contains(&k));
    }
    for d in &p.distributions {
        assert!(d.classes.iter().all(|&c| c < p.classes.len()));
    }
    for s in &p.students {
        assert!(s.courses.iter().all(|&c| c < p.courses.len()));
    }
    // Every class at its first time and room: judged, written and read back the same.
    let sol = itc2019::Solution {
        classes: p
            .classes
            .iter()
            .map(|c| {
                Some(itc2019::Placed {
                    time: 0,
                    room: c.needs_room.then_some(0),
                })
            })
            .collect(),
        students: vec![Vec::new(); p.students.len()],
    };
    let _ = p.evaluate(&sol);
    let text = p.write_solution(&sol, &itc2019::Header::default());
    if p.classes.iter().all(|c| {
        // Two identical times or rooms read back as the first: only distinct ones round-trip.
        c.times.iter().filter(|(t, _)| *t == c.times[0].0).count() == 1
    }) {
        assert_eq!(p.parse_solution(&text, "s.xml").unwrap(), sol);
    }
}

/// The fixed ITC 2019 problem of [`read_itc2019_solution`]: two courses, a parent class, a
/// class without a room, travel, an unavailable time, distributions and a student.
const ITC2019: &str = r#"<problem name="t" nrDays="7" nrWeeks="3" slotsPerDay="288">
<optimization time="2" room="1" distribution="10" student="5"/>
<rooms><room id="r1" capacity="30"><travel room="r2" value="3"/>
<unavailable days="0000011" start="0" length="288" weeks="111"/></room>
<room id="r2" capacity="10"/></rooms>
<courses><course id="c1"><config id="1"><subpart id="1"><class id="1" limit="30">
<room id="r1" penalty="0"/><room id="r2" penalty="4"/>
<time days="1010100" start="96" length="12" weeks="111" penalty="0"/>
<time days="0101000" start="120" length="18" penalty="2"/></class></subpart>
<subpart id="2"><class id="2" limit="10" parent="1"><room id="r2"/>
<time days="1000000" start="150" length="12" weeks="010"/></class></subpart></config>
<config id="2"><subpart id="3"><class id="3" limit="20" room="false">
<time days="0000100" start="200" length="24" weeks="100"/></class></subpart></config></course></courses>
<distributions><distribution type="SameAttendees" required="true"><class id="1"/><class id="2"/></distribution>
<distribution type="MaxBlock(10,6)" penalty="3"><class id="1"/><class id="3"/></distribution></distributions>
<students><student id="s1"><course id="c1"/></student></students></problem>"#;

/// ITC 2019 solution files of a fixed problem: an error names the file, or every placement
/// is one of its class's times and rooms, and the validator judges it without failing.
pub fn read_itc2019_solution(data: &[u8]) {
    use csp_timetabling::formats::itc2019;
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let p = itc2019::parse(ITC2019, "p.xml").expect("the fixed problem reads");
    let sol = match p.parse_solution(text, "s.xml") {
        Err(e) => {
            assert!(e.to_string().starts_with("s.xml:"), "{e}");
            return;
        }
        Ok(s) => s,
    };
    assert_eq!(sol.classes.len(), p.classes.len());
    for (c, at) in sol.classes.iter().enumerate() {
        if let Some(at) = at {
            assert!(at.time < p.classes[c].times.len());
            assert!(at.room.is_none_or(|r| r < p.classes[c].rooms.len()));
        }
    }
    let e = p.evaluate(&sol);
    assert_eq!(p.score(&sol).hard(), e.hard());
}

/// The fixed `.ctt` instance of [`read_solution_files`] (two courses, two rooms).
const CTT: &str = "Name: tiny\nCourses: 2\nRooms: 2\nDays: 2\nPeriods_per_day: 2\nCurricula: 1\nConstraints: 1\n\n\
COURSES:\nc1 t1 2 2 30\nc2 t2 1 1 10\n\nROOMS:\nr1 20\nr2 40\n\nCURRICULA:\nq1 2 c1 c2\n\n\
UNAVAILABILITY_CONSTRAINTS:\nc1 0 0\n\nEND.\n";

/// The fixed `.exam` instance of [`read_solution_files`].
const EXAM: &str = "[Exams:3]\n60, 1, 2\n60, 2, 3\n120, 1\n[Periods:4]\n01:01:2025, 09:00:00, 120, 0\n\
01:01:2025, 14:00:00, 120, 5\n02:01:2025, 09:00:00, 60, 0\n02:01:2025, 14:00:00, 120, 0\n[Rooms:2]\n100, 0\n1, 3\n\
[PeriodHardConstraints]\n0, AFTER, 1\n[RoomHardConstraints]\n2, ROOM_EXCLUSIVE\n[InstitutionalWeightings]\n\
TWOINAROW, 7\nTWOINADAY, 5\nPERIODSPREAD, 2\nNONMIXEDDURATIONS, 1\nFRONTLOAD, 1, 1, 3\n";

/// The fixed week of [`read_solution_files`]: ids that need quoting, a room, two lessons.
const WEEK: &str = "kind: timetable\nname: w\ncalendar:\n  days: [Mon, \"a.b\"]\n  periods: [{id: 1}, {id: \"x y\"}]\n\
resources:\n  teachers: [{id: \"t\\\"1\"}]\n  rooms: [{id: R1}, {id: \"007\"}]\n\
events:\n  - {id: \"N\", teachers: [\"t\\\"1\"], count: 2}\n\
constraints:\n  soft:\n    - {type: avoid_slots, events: [\"N\"], slots: [Mon.1], weight: 3}\n";
