//! `all_different(x₁ + o₁, …, xₙ + oₙ)`: pairwise decomposition and Régin's matching-based
//! generalised arc consistency.

use super::{Constraint, names};
use crate::domain::{DomainStore, Value};
use crate::model::VarId;
use crate::propagation::{AllDifferentStrength, Conflict, Propagator, PropagatorOptions, Wake};

/// All the values `xᵢ + oᵢ` are pairwise different (plain all-different when every offset is
/// 0; the n-queens diagonals with offsets `0, 1, 2, …`).
#[derive(Debug, Clone)]
pub struct AllDifferent {
    vars: Vec<VarId>,
    offsets: Vec<Value>,
}

impl AllDifferent {
    /// All different, with optional offsets (one per variable).
    pub fn new(vars: Vec<VarId>, offsets: Option<Vec<Value>>) -> Result<Self, String> {
        let offsets = offsets.unwrap_or_else(|| vec![0; vars.len()]);
        if offsets.len() != vars.len() {
            return Err(format!(
                "{} variables but {} offsets",
                vars.len(),
                offsets.len()
            ));
        }
        let mut sorted = vars.clone();
        sorted.sort();
        if sorted.windows(2).any(|w| w[0] == w[1]) {
            return Err("a variable appears twice".into());
        }
        Ok(AllDifferent { vars, offsets })
    }

    /// The offsets `oᵢ`.
    pub fn offsets(&self) -> &[Value] {
        &self.offsets
    }
}

impl Constraint for AllDifferent {
    fn kind(&self) -> &'static str {
        "all_different"
    }

    fn scope(&self) -> &[VarId] {
        &self.vars
    }

    fn is_satisfied(&self, values: &[Value]) -> bool {
        let mut seen: Vec<i64> = values
            .iter()
            .zip(&self.offsets)
            .map(|(&v, &o)| i64::from(v) + i64::from(o))
            .collect();
        seen.sort_unstable();
        seen.windows(2).all(|w| w[0] != w[1])
    }

    fn describe(&self, name: &dyn Fn(VarId) -> String) -> String {
        if self.offsets.iter().all(|&o| o == 0) {
            return format!("all_different({})", names(&self.vars, name, ", "));
        }
        let terms: Vec<String> = self
            .vars
            .iter()
            .zip(&self.offsets)
            .map(|(&x, &o)| match o {
                0 => name(x),
                o if o > 0 => format!("{} + {o}", name(x)),
                o => format!("{} - {}", name(x), -i64::from(o)),
            })
            .collect();
        format!("all_different({})", terms.join(", "))
    }

    fn propagator(&self, options: &PropagatorOptions) -> Box<dyn Propagator + '_> {
        match options.all_different {
            AllDifferentStrength::Pairwise => Box::new(Pairwise {
                c: self,
                scratch: Vec::new(),
            }),
            AllDifferentStrength::Counting => Box::new(Counting::new(self)),
            AllDifferentStrength::Matching => Box::new(Matching::new(self)),
        }
    }
}

/// Removes `xᵢ`'s value from every other variable: the pruning of the clique of `≠`
/// constraints, in one propagator. `O(n)` per fix event.
fn remove_fixed_value(c: &AllDifferent, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
    let Some(v) = d.value(c.vars[i]) else {
        return Ok(());
    };
    let key = i64::from(v) + i64::from(c.offsets[i]);
    for (j, (&y, &o)) in c.vars.iter().zip(&c.offsets).enumerate() {
        if j != i {
            d.count_revision();
            if let Ok(w) = Value::try_from(key - i64::from(o)) {
                d.remove(y, w)?;
            }
        }
    }
    Ok(())
}

/// Whether the fixed variables of `c` take distinct values (`scratch` is reused).
fn fixed_distinct(c: &AllDifferent, d: &DomainStore, scratch: &mut Vec<i64>) -> bool {
    scratch.clear();
    for (&x, &o) in c.vars.iter().zip(&c.offsets) {
        if let Some(v) = d.value(x) {
            scratch.push(i64::from(v) + i64::from(o));
        }
    }
    scratch.sort_unstable();
    scratch.windows(2).all(|w| w[0] != w[1])
}

/// The word-parallel view of an all-different whose keys `x + o` span at most one machine
/// word (every sudoku, colouring with up to 64 colours, n-queens up to 64): variable `i`'s
/// domain word, shifted left by `shift[i]`, is its set of keys, so counting, matching and
/// filtering are a few bitwise operations per variable instead of a walk over values.
#[derive(Debug)]
struct KeyWords {
    shift: Vec<u32>,
    /// Per variable, where its domain word is in the store.
    word: Vec<u32>,
    /// The key sets of the last [`KeyWords::load`], kept in step by [`KeyWords::keep`].
    masks: Vec<usize>,
}

impl KeyWords {
    /// The view, when every variable sits in one word and the keys from `min_key` on fit in
    /// one word.
    fn new(c: &AllDifferent, d: &DomainStore, min_key: i64, span: i64) -> Option<Self> {
        if span > i64::from(usize::BITS) {
            return None;
        }
        let mut shift = Vec::with_capacity(c.vars.len());
        for (&x, &o) in c.vars.iter().zip(&c.offsets) {
            let s = i64::from(d.word_base(x)?) + i64::from(o) - min_key;
            // Bits beyond the key span are never set, so `s` may not exceed the word.
            shift.push(u32::try_from(s).ok().filter(|&s| s < usize::BITS)?);
        }
        Some(KeyWords {
            masks: vec![0; shift.len()],
            word: c.vars.iter().map(|&x| d.word_index(x)).collect(),
            shift,
        })
    }

    #[inline]
    fn load(&mut self, d: &DomainStore) {
        for ((m, &w), &s) in self.masks.iter_mut().zip(&self.word).zip(&self.shift) {
            *m = d.bits_at(w) << s;
        }
    }

    /// Narrows variable `i` to the keys in `keep`.
    #[inline]
    fn keep(
        &mut self,
        c: &AllDifferent,
        d: &mut DomainStore,
        i: usize,
        keep: usize,
    ) -> Result<(), Conflict> {
        d.count_revision();
        self.masks[i] &= keep;
        d.keep_bits_at(c.vars[i], self.word[i], keep >> self.shift[i])?;
        Ok(())
    }
}

/// The smallest and largest key `x + o` over the current domains (`(i64::MAX, i64::MIN)`
/// when every domain is empty).
fn key_range(c: &AllDifferent, d: &DomainStore) -> (i64, i64) {
    let mut lo = i64::MAX;
    let mut hi = i64::MIN;
    for (&x, &o) in c.vars.iter().zip(&c.offsets) {
        if let (Some(a), Some(b)) = (d.min(x), d.max(x)) {
            lo = lo.min(i64::from(a) + i64::from(o));
            hi = hi.max(i64::from(b) + i64::from(o));
        }
    }
    (lo, hi)
}

/// Whether a word has at most one bit set.
#[inline]
fn at_most_one(m: usize) -> bool {
    m & m.wrapping_sub(1) == 0
}

/// The pairwise decomposition: exactly the pruning that arc consistency achieves on the
/// `n(n-1)/2` binary `≠` constraints, without creating them.
#[derive(Debug)]
struct Pairwise<'a> {
    c: &'a AllDifferent,
    scratch: Vec<i64>,
}

impl Propagator for Pairwise<'_> {
    fn scope(&self) -> &[VarId] {
        &self.c.vars
    }

    fn wake(&self) -> Wake {
        Wake::Fix
    }

    fn propagate(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        for i in 0..self.c.vars.len() {
            if d.is_fixed(self.c.vars[i]) {
                remove_fixed_value(self.c, d, i)?;
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
}

/// The pairwise pruning plus value counting: fewer values left than variables is a
/// conflict (pigeonhole), and when there are exactly as many values as variables, each value
/// must be taken, so a value that only one variable can still take is assigned to it (the
/// sudoku player's "hidden single"). `O(Σ|D(x)|)` per call; stronger than [`Pairwise`],
/// weaker than [`Matching`] (it misses Hall sets of two or more values), and much cheaper.
#[derive(Debug)]
struct Counting<'a> {
    c: &'a AllDifferent,
    /// Smallest key `x + o` over the initial domains; bit `k` stands for `min_key + k`.
    min_key: i64,
    /// Keys seen at least once / at least twice in the current call.
    once: Vec<u64>,
    twice: Vec<u64>,
    /// Keys of the fixed variables.
    fixed: Vec<u64>,
    removals: Vec<Value>,
    scratch: Vec<i64>,
    /// The word-parallel fast path, when the keys fit in one word.
    words: Option<KeyWords>,
}

impl<'a> Counting<'a> {
    fn new(c: &'a AllDifferent) -> Self {
        Counting {
            c,
            words: None,
            min_key: i64::MAX,
            once: Vec::new(),
            twice: Vec::new(),
            fixed: Vec::new(),
            removals: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Sizes the key bitsets from the current domains (the first call sees the widest).
    fn init(&mut self, d: &DomainStore) {
        let (lo, hi) = key_range(self.c, d);
        let words = if lo <= hi {
            ((hi - lo) as usize + 1).div_ceil(64)
        } else {
            1
        };
        self.min_key = lo.min(hi);
        self.words = KeyWords::new(self.c, d, self.min_key, hi - lo + 1);
        self.once = vec![0; words];
        self.twice = vec![0; words];
        self.fixed = vec![0; words];
    }

    /// One pass: removes the values of the fixed variables from the others, then counts
    /// the supports of each value. `Ok(true)` when it fixed a variable (the caller repeats).
    fn pass(&mut self, d: &mut DomainStore) -> Result<bool, Conflict> {
        let (c, min_key) = (self.c, self.min_key);
        let key = |i: usize, v: Value| (i64::from(v) + i64::from(c.offsets[i]) - min_key) as usize;
        // The fixed variables' keys; a repeat is a conflict.
        self.fixed.fill(0);
        for (i, &x) in c.vars.iter().enumerate() {
            if let Some(v) = d.value(x) {
                let k = key(i, v);
                let (w, b) = (k / 64, 1u64 << (k % 64));
                if self.fixed[w] & b != 0 {
                    return Err(Conflict);
                }
                self.fixed[w] |= b;
            }
        }
        let mut changed = false;
        self.once.fill(0);
        self.twice.fill(0);
        for (i, &x) in c.vars.iter().enumerate() {
            if !d.is_fixed(x) {
                self.removals.clear();
                for v in d.iter(x) {
                    let k = key(i, v);
                    if self.fixed[k / 64] >> (k % 64) & 1 == 1 {
                        self.removals.push(v);
                    }
                }
                for &v in &self.removals {
                    d.count_revision();
                    d.remove(x, v)?;
                }
                changed |= d.is_fixed(x);
            }
            for v in d.iter(x) {
                let k = key(i, v);
                let (w, b) = (k / 64, 1u64 << (k % 64));
                self.twice[w] |= self.once[w] & b;
                self.once[w] |= b;
            }
        }
        let values: u32 = self.once.iter().map(|w| w.count_ones()).sum();
        let n = c.vars.len() as u32;
        if values < n {
            return Err(Conflict);
        }
        if changed || values > n {
            return Ok(changed);
        }
        // Every value is needed: a value with a single supporter goes to it.
        for w in 0..self.once.len() {
            let mut single = self.once[w] & !self.twice[w];
            while single != 0 {
                let b = single.trailing_zeros() as usize;
                single &= single - 1;
                let k = min_key + (w * 64 + b) as i64;
                for (&x, &o) in c.vars.iter().zip(&c.offsets) {
                    if let Ok(v) = Value::try_from(k - i64::from(o))
                        && d.contains(x, v)
                    {
                        changed |= d.assign(x, v)?;
                        break;
                    }
                }
            }
        }
        Ok(changed)
    }
}

impl Counting<'_> {
    /// [`Counting::pass`] repeated to a fixpoint, on words: the same pruning, without
    /// walking any domain.
    fn propagate_words(&mut self, d: &mut DomainStore) -> Result<(), Conflict> {
        let c = self.c;
        let Some(kw) = self.words.as_mut() else {
            return Ok(());
        };
        let n = c.vars.len() as u32;
        kw.load(d);
        // The keys of the fixed variables; two fixed to one key is a conflict.
        let (mut fixed, mut clash) = (0usize, 0usize);
        for &m in &kw.masks {
            let single = m & (at_most_one(m) as usize).wrapping_neg();
            clash |= fixed & single;
            fixed |= single;
        }
        if clash != 0 {
            return Err(Conflict);
        }
        loop {
            let (mut once, mut twice, mut newly) = (0usize, 0usize, 0usize);
            for i in 0..kw.masks.len() {
                let m = kw.masks[i];
                if m & fixed != 0 && !at_most_one(m) {
                    kw.keep(c, d, i, !fixed)?;
                    let m = kw.masks[i];
                    if at_most_one(m) {
                        if newly & m != 0 {
                            return Err(Conflict);
                        }
                        newly |= m;
                    }
                }
                let m = kw.masks[i];
                twice |= once & m;
                once |= m;
            }
            let values = once.count_ones();
            if values < n {
                return Err(Conflict);
            }
            if newly != 0 {
                fixed |= newly;
                continue;
            }
            let mut singles = once & !twice & !fixed;
            if values > n || singles == 0 {
                return Ok(());
            }
            // Every value is needed: a value with a single supporter goes to it. Its other
            // values may now have one supporter left, so count again.
            fixed |= singles;
            while singles != 0 {
                let bit = singles & singles.wrapping_neg();
                singles &= singles - 1;
                let i = kw
                    .masks
                    .iter()
                    .position(|&m| m & bit != 0)
                    .ok_or(Conflict)?;
                kw.keep(c, d, i, bit)?;
            }
        }
    }
}

impl Propagator for Counting<'_> {
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
        if self.min_key == i64::MAX {
            self.init(d);
        }
        if self.words.is_some() {
            return self.propagate_words(d);
        }
        while self.pass(d)? {}
        Ok(())
    }

    fn forward_check(&mut self, d: &mut DomainStore, i: usize) -> Result<(), Conflict> {
        remove_fixed_value(self.c, d, i)
    }

    fn check(&mut self, d: &DomainStore) -> bool {
        fixed_distinct(self.c, d, &mut self.scratch)
    }
}

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
struct Matching<'a> {
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
}

impl<'a> Matching<'a> {
    fn new(c: &'a AllDifferent) -> Self {
        Matching {
            c,
            words: None,
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
            while let Some(&(u, cursor)) = self.calls.last() {
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
    fn mark_free_reachable(&mut self, d: &DomainStore) {
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
        for i in 0..n {
            if self.match_var[i] == NONE {
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
        self.components(d);
        self.mark_free_reachable(d);
        for i in 0..n {
            let x = self.c.vars[i];
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::Domain;

    fn vars(n: usize) -> Vec<VarId> {
        (0..n).map(VarId::new).collect()
    }

    fn options(all_different: AllDifferentStrength) -> PropagatorOptions {
        PropagatorOptions { all_different }
    }

    #[test]
    fn repeated_variables_and_mismatched_offsets_are_refused() {
        assert!(AllDifferent::new(vec![VarId::new(0), VarId::new(0)], None).is_err());
        assert!(AllDifferent::new(vars(2), Some(vec![1])).is_err());
    }

    #[test]
    fn offsets_shift_the_compared_values() {
        let c = AllDifferent::new(vars(2), Some(vec![0, 1])).unwrap();
        assert!(!c.is_satisfied(&[2, 1]));
        assert!(c.is_satisfied(&[1, 1]));
        assert_eq!(
            c.describe(&|x| format!("q{}", x.index())),
            "all_different(q0, q1 + 1)"
        );
    }

    #[test]
    fn matching_finds_hall_intervals_the_pairwise_form_misses() {
        // x0, x1 ∈ {1, 2} use up both values, so x2 ∈ {1, 2, 3} must be 3.
        let doms = [
            Domain::range(1, 2),
            Domain::range(1, 2),
            Domain::range(1, 3),
        ];
        let c = AllDifferent::new(vars(3), None).unwrap();
        let mut d = DomainStore::new(&doms);
        c.propagator(&options(AllDifferentStrength::Pairwise))
            .propagate(&mut d)
            .unwrap();
        assert_eq!(d.size(VarId::new(2)), 3);
        c.propagator(&options(AllDifferentStrength::Matching))
            .propagate(&mut d)
            .unwrap();
        assert_eq!(d.value(VarId::new(2)), Some(3));
    }

    #[test]
    fn matching_detects_too_few_values() {
        let doms = [
            Domain::range(1, 2),
            Domain::range(1, 2),
            Domain::range(1, 2),
        ];
        let c = AllDifferent::new(vars(3), None).unwrap();
        let mut d = DomainStore::new(&doms);
        let mut p = c.propagator(&options(AllDifferentStrength::Matching));
        assert_eq!(p.propagate(&mut d), Err(Conflict));
    }

    #[test]
    fn matching_is_reused_after_backtracking() {
        let doms = vec![Domain::range(1, 4); 4];
        let c = AllDifferent::new(vars(4), None).unwrap();
        let mut d = DomainStore::new(&doms);
        let mut p = c.propagator(&options(AllDifferentStrength::Matching));
        p.propagate(&mut d).unwrap();
        let mark = d.mark();
        d.assign(VarId::new(0), 1).unwrap();
        d.assign(VarId::new(1), 2).unwrap();
        p.propagate(&mut d).unwrap();
        assert_eq!(d.iter(VarId::new(2)).collect::<Vec<_>>(), vec![3, 4]);
        d.undo_to(mark);
        d.assign(VarId::new(3), 1).unwrap();
        p.propagate(&mut d).unwrap();
        assert!(!d.contains(VarId::new(0), 1));
        assert!(p.check(&d));
    }
}
