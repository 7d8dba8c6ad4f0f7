//! Search trees: an [`Observer`] that records the tree of decisions and refutations of one
//! search, drawn as an SVG in the style of Gecode's Gist (CP-Profiler), and the step trace as
//! an HTML page whose levels fold.
//!
//! Every search node (a decision `x = v` or a refutation `x ≠ v`; what the engine's
//! statistics count as nodes) becomes a node of the tree under the node whose state it was
//! taken in: a decision's refutation is its sibling, and what follows a refutation hangs
//! below it. Nodes where propagation failed are marked as failures, nodes where every
//! variable was fixed as solutions, and nodes a limit left unexplored stay open.
//!
//! ```
//! use csp_core::{Model, Outcome, Search, SearchConfig};
//! use csp_trace::tree::TreeRecorder;
//! let mut m = Model::new();
//! let xs: Vec<_> = (0..3).map(|i| m.new_var(format!("x{i}"), 0..=1).unwrap()).collect();
//! for i in 0..3 {
//!     for j in i + 1..3 {
//!         m.not_equal(xs[i], xs[j]).unwrap(); // three variables, two values: no solution
//!     }
//! }
//! let mut s = Search::with_observer(&m, SearchConfig::naive(), TreeRecorder::<false>::new());
//! assert!(matches!(s.solve(), Outcome::Unsatisfiable));
//! let tree = s.observer().tree();
//! assert_eq!(tree.len() as u64 - 1, s.stats().nodes); // the root is not a search node
//! ```

use csp_core::{ConstraintId, Decision, Observer, Solution, Value, VarId};
use std::fmt::Write;

mod svg;

/// What became of a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// Branched on (it has children).
    Branch,
    /// Propagation failed here.
    Failed,
    /// Every variable was fixed here: a solution.
    Solution,
    /// Not explored further (a limit stopped the search, or it stopped at a solution).
    Open,
}

/// One node of a search tree.
#[derive(Debug, Clone, PartialEq)]
pub struct Node {
    /// The node whose state this one was taken in (`None` for the root).
    pub parent: Option<usize>,
    /// The decision or refutation that made it (`None` for the root).
    pub decision: Option<Decision>,
    /// The nodes below it, in the order the search visited them.
    pub children: Vec<usize>,
    /// Propagation failed here; the constraint that found it (`None`: the refutation
    /// emptied a domain).
    pub conflict: Option<Option<ConstraintId>>,
    /// A solution was found here.
    pub solution: bool,
    /// The values propagation removed here, gathered by constraint (recorded only by a
    /// `TreeRecorder<true>`).
    pub prunings: Vec<(ConstraintId, Vec<(VarId, Value)>)>,
}

impl Node {
    fn new(parent: Option<usize>, decision: Option<Decision>) -> Node {
        Node {
            parent,
            decision,
            children: Vec::new(),
            conflict: None,
            solution: false,
            prunings: Vec::new(),
        }
    }

    /// What became of it.
    pub fn status(&self) -> Status {
        if self.conflict.is_some() {
            Status::Failed
        } else if self.solution {
            Status::Solution
        } else if self.children.is_empty() {
            Status::Open
        } else {
            Status::Branch
        }
    }
}

/// A recorded search tree; node 0 is the root (the state after the initial propagation).
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Tree {
    /// The nodes, in the order the search made them.
    pub nodes: Vec<Node>,
}

/// Records the tree of one search. With `PRUNINGS`, also the values each node's propagation
/// removed (for the trace page; it costs a pass over the trail per propagator call).
#[derive(Debug, Clone)]
pub struct TreeRecorder<const PRUNINGS: bool> {
    tree: Tree,
    /// The node the search is in.
    cur: usize,
    /// The decision nodes of the search's open levels, innermost last.
    levels: Vec<usize>,
}

impl<const P: bool> Default for TreeRecorder<P> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const P: bool> TreeRecorder<P> {
    /// A recorder holding only the root.
    pub fn new() -> Self {
        TreeRecorder {
            tree: Tree {
                nodes: vec![Node::new(None, None)],
            },
            cur: 0,
            levels: Vec::new(),
        }
    }

    /// The tree so far.
    pub fn tree(&self) -> &Tree {
        &self.tree
    }

    /// The tree, taken.
    pub fn into_tree(self) -> Tree {
        self.tree
    }

    fn child(&mut self, d: Decision) -> usize {
        let id = self.tree.nodes.len();
        self.tree.nodes.push(Node::new(Some(self.cur), Some(d)));
        self.tree.nodes[self.cur].children.push(id);
        self.cur = id;
        id
    }
}

impl<const P: bool> Observer for TreeRecorder<P> {
    const PRUNINGS: bool = P;

    fn on_decision(&mut self, _depth: usize, decision: Decision) {
        let id = self.child(decision);
        if decision.is_first() {
            self.levels.push(id);
        }
    }

    fn on_prune(&mut self, by: ConstraintId, var: VarId, value: Value) {
        let p = &mut self.tree.nodes[self.cur].prunings;
        match p.last_mut() {
            Some((c, v)) if *c == by => v.push((var, value)),
            _ => p.push((by, vec![(var, value)])),
        }
    }

    fn on_conflict(&mut self, _depth: usize, by: Option<ConstraintId>) {
        self.tree.nodes[self.cur].conflict = Some(by);
    }

    fn on_backtrack(&mut self, _depth: usize) {
        if let Some(d) = self.levels.pop() {
            self.cur = self.tree.nodes[d].parent.unwrap_or(0);
        }
    }

    fn on_solution(&mut self, _solution: &Solution) {
        self.tree.nodes[self.cur].solution = true;
    }

    fn on_restart(&mut self, _restarts: u64) {
        self.cur = 0;
        self.levels.clear();
    }
}

/// How a tree's decisions, values and constraints are named.
pub struct Names<'a> {
    /// `x = 3`, `x ≠ 3`.
    pub decision: &'a dyn Fn(Decision) -> String,
    /// `x ≠ 3` for a pruned value.
    pub pruned: &'a dyn Fn(VarId, Value) -> String,
    /// A constraint, described.
    pub constraint: &'a dyn Fn(ConstraintId) -> String,
}

/// Runs `f` with the names of a model file's decisions (`x = v`, `x ≠ v`, values shown as
/// the file writes them), pruned values and constraints: what `csp solve --tree` and the web
/// server's trace use.
pub fn with_model_names<R>(file: &csp_model::CspFile, f: impl FnOnce(&Names) -> R) -> R {
    let m = &file.model;
    let decision = |d: Decision| d.describe(|x| m.name(x).to_string(), |x, v| file.show(x, v));
    let pruned = |x, v| format!("{} ≠ {}", m.name(x), file.show(x, v));
    let constraint = |c| m.constraint(c).describe(&|x| m.name(x).to_string());
    f(&Names {
        decision: &decision,
        pruned: &pruned,
        constraint: &constraint,
    })
}

impl std::fmt::Debug for Names<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Names")
    }
}

/// Counts of a tree's nodes by status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Counts {
    /// Search nodes (the root excluded).
    pub nodes: usize,
    /// Failures.
    pub failed: usize,
    /// Solutions.
    pub solutions: usize,
    /// Open nodes.
    pub open: usize,
}

impl Tree {
    /// Nodes in the tree, the root included.
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether only the root is there.
    pub fn is_empty(&self) -> bool {
        self.nodes.len() <= 1
    }

    /// Counts by status.
    pub fn counts(&self) -> Counts {
        let mut c = Counts {
            nodes: self.nodes.len() - 1,
            ..Counts::default()
        };
        for n in &self.nodes {
            match n.status() {
                Status::Failed => c.failed += 1,
                Status::Solution => c.solutions += 1,
                Status::Open => c.open += 1,
                Status::Branch => {}
            }
        }
        c
    }

    /// Sizes of every subtree and whether it holds a solution, by node.
    fn sizes(&self) -> (Vec<usize>, Vec<bool>) {
        let n = self.nodes.len();
        let (mut size, mut sol) = (vec![1usize; n], vec![false; n]);
        // Children are made after their parents: one backward pass adds them up.
        for i in (0..n).rev() {
            sol[i] |= self.nodes[i].solution;
            if let Some(p) = self.nodes[i].parent {
                size[p] += size[i];
                sol[p] |= sol[i];
            }
        }
        (size, sol)
    }

    /// The tree as an SVG picture in Gist's style: branch nodes as blue circles, failures as
    /// red squares, solutions as green diamonds, open nodes as grey circles; a subtree of
    /// more than `collapse` nodes without a solution is drawn as one red triangle with its
    /// size. Decisions label the edges while the picture is narrow enough to read them.
    pub fn svg(&self, title: &str, names: &Names) -> String {
        self.svg_collapsed(title, names, 24)
    }

    /// The step trace as a self-contained HTML page: each node a fold (`<details>`) with its
    /// decision, the values its propagation removed, and its end (failure or solution);
    /// buttons open the tree to a chosen depth.
    pub fn trace_html(&self, title: &str, names: &Names) -> String {
        let c = self.counts();
        let mut s = String::new();
        let _ = write!(
            s,
            "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n<title>{t}</title>\n<style>\n{TRACE_CSS}</style>\n</head>\n<body>\n<h1>{t}</h1>\n\
             <p class=\"meta\">{} nodes: {} failures, {} solution{}, {} open.</p>\n\
             <p>Open to depth: <button onclick=\"depth(1)\">1</button> <button onclick=\"depth(2)\">2</button> \
             <button onclick=\"depth(3)\">3</button> <button onclick=\"depth(5)\">5</button> \
             <button onclick=\"depth(1e9)\">all</button></p>\n<div class=\"tree\">\n",
            c.nodes,
            c.failed,
            c.solutions,
            if c.solutions == 1 { "" } else { "s" },
            c.open,
            t = esc(title)
        );
        // A constraint's description is made once and cut short: a model may have constraints
        // over thousands of variables, named at every node they prune at.
        let mut described: std::collections::HashMap<ConstraintId, String> = Default::default();
        let mut describe = |c: ConstraintId| -> String {
            described
                .entry(c)
                .or_insert_with(|| esc(&cut((names.constraint)(c), MAX_DESCRIPTION)))
                .clone()
        };
        // Depth-first, closing each node's fold after its children.
        let mut stack = vec![(0usize, 0usize, false)];
        let mut shown_nodes = 0usize;
        while let Some((i, d, done)) = stack.pop() {
            if done {
                s.push_str("</details>\n");
                continue;
            }
            if s.len() > MAX_TRACE_BYTES {
                // Close the folds still open, then say where the page stops.
                let open = stack.iter().filter(|e| e.2).count();
                s.push_str(&"</details>\n".repeat(open));
                let _ = writeln!(
                    s,
                    "<p class=\"meta\">The trace stops here: {shown_nodes} of {} nodes shown, at the page's limit of {} MB.</p>",
                    c.nodes,
                    MAX_TRACE_BYTES >> 20
                );
                break;
            }
            shown_nodes += 1;
            let node = &self.nodes[i];
            let (cls, mark) = match node.status() {
                Status::Failed => ("fail", " ✗"),
                Status::Solution => ("sol", " ✓ solution"),
                _ => ("dec", ""),
            };
            let what = node
                .decision
                .map_or("root (initial propagation)".to_string(), |x| {
                    cut((names.decision)(x), MAX_DESCRIPTION)
                });
            let _ = writeln!(
                s,
                "<details data-depth=\"{d}\"{}><summary class=\"{cls}\">{}{mark}</summary>",
                if d < 3 { " open=\"open\"" } else { "" },
                esc(&what)
            );
            for (by, vals) in &node.prunings {
                let mut shown: Vec<String> = vals
                    .iter()
                    .take(MAX_PRUNED_SHOWN)
                    .map(|&(x, v)| (names.pruned)(x, v))
                    .collect();
                if vals.len() > MAX_PRUNED_SHOWN {
                    shown.push(format!("… ({} in all)", vals.len()));
                }
                let _ = writeln!(
                    s,
                    "<div class=\"prune\">{} ⇒ {}</div>",
                    describe(*by),
                    esc(&shown.join(", "))
                );
            }
            if let Some(by) = node.conflict {
                let _ = writeln!(
                    s,
                    "<div class=\"fail\">conflict{}</div>",
                    by.map_or(String::from(": a domain is empty"), |c| format!(
                        " in {}",
                        describe(c)
                    ))
                );
            }
            stack.push((i, d, true));
            for &ch in node.children.iter().rev() {
                stack.push((ch, d + 1, false));
            }
        }
        s.push_str("</div>\n<script>\nfunction depth(n) {\n  for (const e of document.querySelectorAll('details')) {\n    e.open = n > Number(e.dataset.depth);\n  }\n}\n</script>\n</body>\n</html>\n");
        s
    }
}

/// The largest trace page written, in bytes: past it the page stops, saying so (a big model's
/// 20,000 nodes once made 1.28 GB).
pub const MAX_TRACE_BYTES: usize = 32 << 20;

/// Characters of a constraint's description shown in a trace.
const MAX_DESCRIPTION: usize = 160;

/// Removed values listed per constraint and node in a trace.
const MAX_PRUNED_SHOWN: usize = 40;

/// `t` cut to `n` characters, with `…` when cut.
fn cut(t: String, n: usize) -> String {
    if t.chars().count() > n {
        t.chars().take(n - 1).collect::<String>() + "…"
    } else {
        t
    }
}

const TRACE_CSS: &str = "body { font-family: system-ui, sans-serif; margin: 2rem; color: #222; }
.meta { color: #555; }
details { margin-left: 1.2rem; border-left: 1px solid #ddd; padding-left: 0.4rem; }
summary { cursor: pointer; font-family: ui-monospace, monospace; }
summary.fail { color: #c62828; }
summary.sol { color: #2e7d32; font-weight: bold; }
.prune { font-family: ui-monospace, monospace; color: #666; font-size: 90%; margin-left: 1.2rem; }
div.fail { color: #c62828; margin-left: 1.2rem; font-size: 90%; }
button { margin: 0 0.1rem; }
";

/// Text escaped for XML and HTML.
fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

#[cfg(test)]
mod tests {
    use super::*;
    use csp_core::{Model, PropagationLevel, Search, SearchConfig};

    fn queens(n: i32) -> Model {
        queens_named(n, |i| format!("q{i}"))
    }

    /// n-queens with the variables named by `name`.
    fn queens_named(n: i32, name: impl Fn(i32) -> String) -> Model {
        let mut m = Model::new();
        let q: Vec<_> = (0..n).map(|i| m.new_var(name(i), 1..=n).unwrap()).collect();
        m.all_different(&q).unwrap();
        for i in 0..q.len() {
            for j in i + 1..q.len() {
                let d = (j - i) as i32;
                m.not_equal_offset(q[i], q[j], d).unwrap();
                m.not_equal_offset(q[i], q[j], -d).unwrap();
            }
        }
        m
    }

    #[test]
    fn the_tree_has_as_many_nodes_as_the_statistics_say() {
        for level in [
            PropagationLevel::None,
            PropagationLevel::ForwardChecking,
            PropagationLevel::ArcConsistency,
        ] {
            for n in 4..=7 {
                let m = queens(n);
                let config = SearchConfig::default().with_level(level);
                let mut s = Search::with_observer(&m, config, TreeRecorder::<true>::new());
                let count = s.count(u64::MAX);
                let stats = s.stats();
                let t = s.observer().tree();
                let c = t.counts();
                assert_eq!(c.nodes as u64, stats.nodes, "{n} queens, {level}");
                assert_eq!(c.solutions as u64, count.count, "{n} queens, {level}");
                assert_eq!(c.failed as u64, stats.failures, "{n} queens, {level}");
                // Every node but the root hangs under an earlier node.
                for (i, node) in t.nodes.iter().enumerate().skip(1) {
                    assert!(node.parent.is_some_and(|p| p < i));
                }
            }
        }
    }

    #[test]
    fn a_trace_page_stays_within_its_limit_whatever_the_model() {
        // Long names and one constraint over every variable, named at every pruning.
        let m = queens_named(40, |i| format!("{}{i}", "q".repeat(2000)));
        let mut config = SearchConfig::default().with_level(PropagationLevel::ForwardChecking);
        config.limits.nodes = Some(20_000);
        let mut s = Search::with_observer(&m, config, TreeRecorder::<true>::new());
        let _ = s.count(u64::MAX);
        let t = s.observer().tree();
        let constraint = |c| m.constraint(c).describe(&|x| m.name(x).to_string());
        let decision = |d: Decision| match d {
            Decision::Assign(x, v)
            | Decision::Remove(x, v)
            | Decision::Split(x, v, _)
            | Decision::Other(x, v, _) => format!("{} {v}", m.name(x)),
        };
        let pruned = |x: VarId, v: i32| format!("{} ≠ {v}", m.name(x));
        let names = Names {
            decision: &decision,
            pruned: &pruned,
            constraint: &constraint,
        };
        let page = t.trace_html("big", &names);
        assert!(
            page.len() < MAX_TRACE_BYTES + (1 << 20),
            "{} bytes",
            page.len()
        );
        assert!(
            page.contains("The trace stops here"),
            "the limit was reached"
        );
        assert!(page.ends_with("</html>\n"));
        assert_eq!(
            page.matches("<details").count(),
            page.matches("</details>").count()
        );
    }
}
