//! All-different by bipartite matching: Régin's generalised arc consistency.

use super::{
    AllDifferent, KeyWords, at_most_one, fixed_apart, fixed_distinct, key_range, remove_fixed_value,
};
use crate::domain::{DomainStore, Value};
use crate::index::VarId;
use crate::propagation::{Conflict, Propagator, Wake};

mod multi;

use multi::MultiWords;

const NONE: u32 = u32::MAX;

/// Generalised arc consistency by bipartite matching (Régin 1994, "A filtering algorithm for
/// constraints of difference in CSPs", AAAI): a value is kept iff its edge belongs to some
/// maximum matching covering all variables. By Berge's theorem those edges are the matching
/// edges, the edges on an alternating path from a free value, and the edges inside a strongly
/// connected component of the matching-oriented graph.
///
/// Complexity per call with `n` variables, `d` values and `e = Σ|D(x)|` edges: `O(e)` for
/// the SCCs (Tarjan) and the free-value search; the matching is repaired from the previous
/// call's (augmenting paths only for the variables that lost their matched value), `O(√n·e)`
/// at worst from scratch with Hopcroft–Karp, `O(n·e)` with the simple augmenting search used
/// here, which in practice repairs one or two edges per call. All buffers are allocated once.
#[derive(Debug)]
pub(super) struct Matching<'a> {
    c: &'a AllDifferent,
    /// Smallest `x + o` over all initial domains; value node `k` stands for `min_key + k`.
    min_key: i64,
    match_var: Vec<u32>,
    match_val: Vec<u32>,
    visited_val: Vec<u32>,
    stamp: u32,
    // Tarjan's SCC, iterative; node ids: variables 0..n, values n..n+m.
    index: Vec<u32>,
    low: Vec<u32>,
    comp: Vec<u32>,
    on_stack: Vec<bool>,
    stack: Vec<u32>,
    calls: Vec<(u32, i64)>,
    reach_free: Vec<bool>,
    queue: Vec<u32>,
    removals: Vec<Value>,
    scratch: Vec<i64>,
    /// The word-parallel fast path, when the keys fit in one word.
    words: Option<KeyWords>,
    /// The word-parallel path over two to four words, when the keys fit in them.
    multi: Option<MultiWords>,
}

impl<'a> Matching<'a> {
    pub(super) fn new(c: &'a AllDifferent) -> Self {
        Matching {
            c,
            words: None,
            multi: None,
            min_key: 0,
            match_var: vec![NONE; c.vars.len()],
            match_val: Vec::new(),
            visited_val: Vec::new(),
            stamp: 0,
            index: Vec::new(),
            low: Vec::new(),
            comp: Vec::new(),
            on_stack: Vec::new(),
            stack: Vec::new(),
            calls: Vec::new(),
            reach_free: Vec::new(),
            queue: Vec::new(),
            removals: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Sizes the value side from the current domains (done on the first call, when the
    /// domains are the widest they will be).
    fn init(&mut self, d: &DomainStore) {
        let (lo, hi) = key_range(self.c, d);
        let m = if lo <= hi { (hi - lo + 1) as usize } else { 0 };
        let n = self.c.vars.len();
        self.min_key = lo;
        self.match_val = vec![NONE; m];
        self.visited_val = vec![0; m];
        self.index = vec![NONE; n + m];
        self.low = vec![0; n + m];
        self.comp = vec![NONE; n + m];
        self.on_stack = vec![false; n + m];
        self.reach_free = vec![false; m];
        self.words = KeyWords::new(self.c, d, lo, m as i64);
        self.multi = if self.words.is_none() {
            MultiWords::new(self.c, d, lo, m)
        } else {
            None
        };
    }

    #[inline]
    fn key(&self, i: usize, v: Value) -> usize {
        (i64::from(v) + i64::from(self.c.offsets[i]) - self.min_key) as usize
    }

    #[inline]
    fn value_of(&self, i: usize, k: usize) -> Value {
        (k as i64 + self.min_key - i64::from(self.c.offsets[i])) as Value
    }

    /// Tries to match variable `i` by an augmenting path (depth-first, values stamped).
    fn augment(&mut self, d: &DomainStore, i: usize) -> bool {
        let x = self.c.vars[i];
        let mut next = d.min(x);
        while let Some(v) = next {
            let k = self.key(i, v);
            if self.visited_val[k] != self.stamp {
                self.visited_val[k] = self.stamp;
                let j = self.match_val[k];
                if j == NONE || self.augment(d, j as usize) {
                    self.match_var[i] = k as u32;
                    self.match_val[k] = i as u32;
                    return true;
                }
            }
            next = v.checked_add(1).and_then(|w| d.next_value(x, w));
        }
        false
    }

    /// The successor after `from` of node `u` in the oriented graph (variables point to
    /// their unmatched values, a matched value points to its variable); `from` is an
    /// iteration cursor: the last value tried for a variable, or `i64::MIN` at the start.
    fn successor(&self, d: &DomainStore, u: usize, from: i64) -> Option<(usize, i64)> {
        let n = self.c.vars.len();
        if u < n {
            let x = self.c.vars[u];
            let start = if from == i64::MIN {
                d.min(x)
            } else {
                Value::try_from(from + 1)
                    .ok()
                    .and_then(|w| d.next_value(x, w))
            };
            let mut next = start;
            while let Some(v) = next {
                let k = self.key(u, v);
                if self.match_var[u] != k as u32 {
                    return Some((n + k, i64::from(v)));
                }
                next = v.checked_add(1).and_then(|w| d.next_value(x, w));
            }
            None
        } else if from == i64::MIN {
            let j = self.match_val[u - n];
            (j != NONE).then_some((j as usize, 0))
        } else {
            None
        }
    }

    /// Tarjan's strongly connected components, iteratively, over the nodes reachable from
    /// the variables.
    fn components(&mut self, d: &DomainStore) {
        let n = self.c.vars.len();
        for v in &mut self.index {
            *v = NONE;
        }
        let mut counter = 0u32;
        let mut ncomp = 0u32;
        for root in 0..n {
            if self.index[root] != NONE {
                continue;
            }
            self.calls.clear();
            self.calls.push((root as u32, i64::MIN));
            self.index[root] = counter;
            self.low[root] = counter;
            counter += 1;
            self.stack.push(root as u32);
            self.on_stack[root] = true;
            let mut steps = 0u32;
            while let Some(&(u, cursor)) = self.calls.last() {
                steps = steps.wrapping_add(1);
                // Unfinished components are never used: the caller asks the time again.
                if steps.is_multiple_of(4096) && d.time_is_up() {
                    return;
                }
                let u = u as usize;
                match self.successor(d, u, cursor) {
                    Some((w, cur)) => {
                        if let Some(top) = self.calls.last_mut() {
                            top.1 = if u < n { cur } else { i64::MAX };
                        }
                        if self.index[w] == NONE {
                            self.index[w] = counter;
                            self.low[w] = counter;
                            counter += 1;
                            self.stack.push(w as u32);
                            self.on_stack[w] = true;
                            self.calls.push((w as u32, i64::MIN));
                        } else if self.on_stack[w] {
                            self.low[u] = self.low[u].min(self.index[w]);
                        }
                    }
                    None => {
                        self.calls.pop();
                        if let Some(&(p, _)) = self.calls.last() {
                            let p = p as usize;
                            self.low[p] = self.low[p].min(self.low[u]);
                        }
                        if self.low[u] == self.index[u] {
                            while let Some(w) = self.stack.pop() {
                                self.on_stack[w as usize] = false;
                                self.comp[w as usize] = ncomp;
                                if w as usize == u {
                                    break;
                                }
                            }
                            ncomp += 1;
                        }
                    }
                }
            }
        }
    }

    /// Marks the values from which a free value can be reached (alternating paths that
    /// start at a free value, walked backwards).
    fn mark_free_reachable(&mut self, d: &DomainStore, meter: &mut Meter) {
        let n = self.c.vars.len();
        let m = self.match_val.len();
        self.queue.clear();
        for k in 0..m {
            let free = self.match_val[k] == NONE;
            self.reach_free[k] = free;
            if free {
                self.queue.push(k as u32);
            }
        }
        // A matched value k' = match(i) reaches a free value when variable i has some
        // unmatched value k that does. Iterate to a fixpoint over the variables; each pass
        // costs O(e) and each pass marks at least one new value, but in practice few passes.
        if self.queue.is_empty() {
            return;
        }
        let mut changed = true;
        while changed {
            changed = false;
            for i in 0..n {
                // Unfinished marks are never used: the caller asks whether time is up.
                if meter.time_is_up(d, d.size(self.c.vars[i]) as usize) {
                    return;
                }
                let mk = self.match_var[i] as usize;
                if self.reach_free[mk] {
                    continue;
                }
                let x = self.c.vars[i];
                if d.iter(x).any(|v| self.reach_free[self.key(i, v)]) {
                    self.reach_free[mk] = true;
                    changed = true;
                }
            }
        }
    }
}

/// Asks the clock once per [`Meter::EVERY`] values looked at rather than per variable: a
/// clock read costs as much as scanning hundreds of values (asked per variable, it took a
/// fifth of the exact search's time on DSJR500.5's clique all-differents). In between, it
/// reports whether a phase already found the time up.
#[derive(Debug, Default)]
struct Meter {
    work: usize,
}

impl Meter {
    const EVERY: usize = 4096;

    /// Adds `work` values looked at; whether the search's time is up.
    fn time_is_up(&mut self, d: &DomainStore, work: usize) -> bool {
        self.work += work;
        if self.work >= Self::EVERY {
            self.work = 0;
            d.time_is_up()
        } else {
            d.stopped()
        }
    }
}

/// Tries to match variable `i` by an augmenting path over key words (Kuhn's depth-first
/// search; a key is visited at most once per call, so `O(n)` word operations).
fn augment_words(
    masks: &[usize],
    match_var: &mut [u32],
    match_val: &mut [u32],
    i: usize,
    visited: &mut usize,
    matched: &mut usize,
) -> bool {
    let candidates = masks[i] & !*visited;
    let free = candidates & !*matched;
    if free != 0 {
        let k = free.trailing_zeros();
        match_var[i] = k;
        match_val[k as usize] = i as u32;
        *matched |= 1 << k;
        return true;
    }
    *visited |= candidates;
    let mut rest = candidates;
    while rest != 0 {
        let k = rest.trailing_zeros();
        rest &= rest - 1;
        let j = match_val[k as usize] as usize;
        if augment_words(masks, match_var, match_val, j, visited, matched) {
            match_var[i] = k;
            match_val[k as usize] = i as u32;
            return true;
        }
    }
    false
}

impl Matching<'_> {
    /// Régin's filtering on words: the matching is repaired with [`augment_words`]; the
    /// keys that reach a free key are found by a fixpoint over the variables, and the
    /// strongly connected components are replaced by the transitive closure of the
    /// matched keys (Warshall, `O(n²)` word operations), since an edge `(i, k)` outside the
    /// matching lies on an alternating cycle exactly when `k` reaches `i`'s matched key.
    fn propagate_words(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let Some(kw) = self.words.as_mut() else {
            return Ok(());
        };
        let n = c.vars.len();
        kw.load(d);
        d.count_revisions(n as u64);
        let mut matched = 0usize;
        for i in 0..n {
            let k = self.match_var[i];
            if k == NONE {
                continue;
            }
            if kw.masks[i] >> k & 1 == 1 {
                matched |= 1 << k;
            } else {
                self.match_var[i] = NONE;
                self.match_val[k as usize] = NONE;
            }
        }
        for i in 0..n {
            if self.match_var[i] == NONE {
                let mut visited = 0;
                if !augment_words(
                    &kw.masks,
                    &mut self.match_var,
                    &mut self.match_val,
                    i,
                    &mut visited,
                    &mut matched,
                ) {
                    return Err(Conflict);
                }
            }
        }
        let all = kw.masks.iter().fold(0, |a, &m| a | m);
        // Keys from which an alternating path leads to a free key.
        let mut reach_free = all & !matched;
        if reach_free != 0 {
            loop {
                let before = reach_free;
                for (i, &m) in kw.masks.iter().enumerate() {
                    if m & reach_free != 0 {
                        reach_free |= 1 << self.match_var[i];
                    }
                }
                if reach_free == before {
                    break;
                }
            }
        }
        // Only the open variables take part: a fixed variable's key leads nowhere else.
        // Position t stands for the t-th open variable; key[t] is its matched key as a bit
        // and reach[t] the keys reachable from it (through the variable, then onwards).
        const W: usize = usize::BITS as usize;
        let mut var = [0u8; W];
        let mut key = [0usize; W];
        let mut reach = [0usize; W];
        let mut o = 0;
        for (i, &m) in kw.masks.iter().enumerate() {
            if !at_most_one(m) {
                var[o] = i as u8;
                key[o] = 1 << self.match_var[i];
                reach[o] = m & !key[o];
                o += 1;
            }
        }
        let (key, reach) = (&key[..o], &mut reach[..o]);
        // Warshall's transitive closure, one word per row.
        for p in 0..o {
            let (kp, rp) = (key[p], reach[p]);
            for r in reach.iter_mut() {
                *r |= rp & ((*r & kp != 0) as usize).wrapping_neg();
            }
        }
        // An edge (t, k) outside the matching lies on an alternating cycle iff k reaches
        // t's matched key: keep the keys of the rows that reach key[t].
        for t in 0..o {
            let kt = key[t];
            let mut back = 0usize;
            for (r, &k) in reach.iter().zip(key) {
                back |= k & ((r & kt != 0) as usize).wrapping_neg();
            }
            let i = var[t] as usize;
            let m = kw.masks[i];
            let keep = m & (reach_free | kt | back);
            if keep != m {
                kw.keep(c, d, i, keep)?;
            }
        }
        Ok(())
    }
}

impl Propagator for Matching<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Change
    }

    fn prepare(&mut self, d: &DomainStore) {
        self.init(d);
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let n = self.c.vars.len();
        if self.index.len() != n + self.match_val.len() || self.index.is_empty() {
            self.init(d);
        }
        if self.words.is_some() {
            return self.propagate_words(d);
        }
        if self.multi.is_some() {
            return self.propagate_multi(d);
        }
        // One revision per variable: the matching and the filtering examine every domain.
        for _ in 0..n {
            d.count_revision();
        }
        // Keep the matching edges that are still in the domains; repair the rest.
        for i in 0..n {
            let k = self.match_var[i];
            if k != NONE {
                let v = self.value_of(i, k as usize);
                if !d.contains(self.c.vars[i], v) {
                    self.match_var[i] = NONE;
                    self.match_val[k as usize] = NONE;
                }
            }
        }
        // A run over a wide span can be long: the time is asked between phases and variables
        // (returning early only filters less), once per few thousand values looked at.
        let mut meter = Meter::default();
        for i in 0..n {
            if self.match_var[i] == NONE {
                if meter.time_is_up(d, d.size(self.c.vars[i]) as usize) {
                    return Ok(());
                }
                self.stamp = self.stamp.wrapping_add(1);
                if self.stamp == 0 {
                    self.visited_val.iter_mut().for_each(|s| *s = 0);
                    self.stamp = 1;
                }
                if !self.augment(d, i) {
                    return Err(Conflict);
                }
            }
        }
        if meter.time_is_up(d, 0) {
            return Ok(());
        }
        self.components(d);
        if meter.time_is_up(d, 0) {
            return Ok(());
        }
        self.mark_free_reachable(d, &mut meter);
        for i in 0..n {
            let x = self.c.vars[i];
            if meter.time_is_up(d, d.size(x) as usize) {
                return Ok(());
            }
            self.removals.clear();
            for v in d.iter(x) {
                let k = self.key(i, v);
                if self.match_var[i] as usize != k
                    && !self.reach_free[k]
                    && self.comp[i] != self.comp[n + k]
                {
                    self.removals.push(v);
                }
            }
            for &v in &self.removals {
                d.remove(x, v)?;
            }
        }
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        remove_fixed_value(self.c, d, i)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        fixed_distinct(self.c, d, &mut self.scratch)
    }

    fn check_fixed(&mut self, d: &DomainStore, i: usize) -> bool {
        fixed_apart(self.c, d, i)
    }
}
