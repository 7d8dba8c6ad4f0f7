//! The current domains of all variables during search, as one word-aligned bitset, with the
//! trail that undoes every change on backtracking.

use super::{Conflict, Trail, TrailEntry};
use super::{Domain, Value};
use crate::index::VarId;
use fixedbitset::FixedBitSet;

/// Bits per word of the underlying [`FixedBitSet`].
const W: usize = usize::BITS as usize;

/// Every variable's current domain, in one [`FixedBitSet`] where each variable owns a run of
/// whole words, so a domain of at most 64 values is a single machine word (the small-domain
/// fast path comes for free: no branch, no indirection).
///
/// A variable may instead be kept as an *interval* (its bounds only, no words: see
/// [`Representation::Bounds`]), for domains too wide for a bitset: removing a value inside it then
/// changes nothing, removing a bound moves it. Every method answers for both, and the
/// bitset's paths test for intervals only where they would otherwise return "nothing"
/// (no word holds the value), so small domains keep their speed.
///
/// Every change goes through the store, which saves the overwritten word (or bound) on the
/// [`Trail`] first; [`DomainStore::undo_to`] restores the words, bounds and sizes exactly.
/// Nothing is allocated per change once the trail has grown to the search's working size.
#[derive(Debug, Clone)]
pub struct DomainStore {
    bits: FixedBitSet,
    first_word: Vec<u32>,
    base: Vec<Value>,
    size: Vec<u32>,
    /// Interval variables' bounds (empty once `lo > hi`); unused for bitset variables.
    bounds: Vec<(Value, Value)>,
    /// Interval variables declared with holes: their values, sorted (bounds snap to them).
    declared: Vec<Option<Box<[Value]>>>,
    trail: Trail,
    modified: Vec<VarId>,
    is_modified: Vec<bool>,
    removed_total: u64,
    revisions: u64,
    /// The search's deadline, for propagators whose single run can be long.
    deadline: Option<std::time::Instant>,
    /// A propagator found the time up ([`DomainStore::time_is_up`]) and stopped early.
    stopped: std::cell::Cell<bool>,
}

/// How the store keeps one variable's domain.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Representation {
    /// A bitset over the span (one machine word up to 64 values): every removal is exact.
    #[default]
    Bits,
    /// The bounds only (plus the declared values, when declared with holes): a removal
    /// inside the bounds is ignored, which is sound (propagators only remove less), and a
    /// fixed variable is exact. For spans too wide for a bitset.
    Bounds,
}

use super::trail::{HI_TAG, LO_TAG};

/// How far [`DomainStore::retain`] walks in from each bound of an interval before it stops
/// (sound: it removes less; a fixed interval is always tested).
const INTERVAL_SCAN: u32 = 4096;

impl DomainStore {
    /// A store holding the given initial domains, variable `i` with `domains[i]`; as bitsets,
    /// but for spans past [`MAX_DOMAIN_SPAN`](super::MAX_DOMAIN_SPAN), kept as intervals.
    pub fn new(domains: &[Domain]) -> Self {
        let reprs: Vec<Representation> = domains
            .iter()
            .map(|d| {
                if d.span() > u64::from(super::MAX_DOMAIN_SPAN) {
                    Representation::Bounds
                } else {
                    Representation::Bits
                }
            })
            .collect();
        Self::with_reprs(domains, &reprs)
    }

    /// A store holding `domains`, variable `i` kept as `reprs[i]`.
    pub fn with_reprs(domains: &[Domain], reprs: &[Representation]) -> Self {
        debug_assert_eq!(domains.len(), reprs.len());
        let mut first_word = Vec::with_capacity(domains.len() + 1);
        let mut base = Vec::with_capacity(domains.len());
        let mut bounds = Vec::with_capacity(domains.len());
        let mut declared = Vec::with_capacity(domains.len());
        let mut words = 0usize;
        for (d, &r) in domains.iter().zip(reprs) {
            first_word.push(words as u32);
            let (lo, hi) = (d.min().unwrap_or(0), d.max().unwrap_or(-1));
            base.push(lo);
            bounds.push((lo, hi));
            match r {
                Representation::Bits => {
                    words += (d.span() as usize).div_ceil(W).max(1);
                    declared.push(None);
                }
                Representation::Bounds => declared.push(
                    d.as_interval()
                        .is_none()
                        .then(|| d.iter().collect::<Vec<_>>().into_boxed_slice()),
                ),
            }
        }
        first_word.push(words as u32);
        let mut bits = FixedBitSet::with_capacity(words * W);
        let mut size = Vec::with_capacity(domains.len());
        for (i, d) in domains.iter().enumerate() {
            if reprs[i] == Representation::Bounds {
                size.push(d.len().min(u32::MAX as usize) as u32);
                continue;
            }
            let start = first_word[i] as usize * W;
            // An interval is set a word at a time (a span of 2^24 takes microseconds).
            if let Some((lo, hi)) = d.as_interval() {
                bits.insert_range(start..start + (hi as i64 - lo as i64 + 1) as usize);
            } else {
                for v in d.iter() {
                    bits.insert(start + (v - base[i]) as usize);
                }
            }
            size.push(d.len() as u32);
        }
        DomainStore {
            bits,
            first_word,
            base,
            size,
            bounds,
            declared,
            trail: Trail::default(),
            modified: Vec::new(),
            is_modified: vec![false; domains.len()],
            removed_total: 0,
            revisions: 0,
            deadline: None,
            stopped: std::cell::Cell::new(false),
        }
    }

    /// Sets the deadline that [`DomainStore::time_is_up`] reports.
    pub(crate) fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
        self.stopped.set(false);
    }

    /// Whether the search's time is up (its deadline passed, or a stop was requested). A
    /// propagator whose single run can be long (a matching over millions of values) asks
    /// this between its phases and, when true, returns at once: stopping early only filters
    /// less, which is sound, and the engine then ends the search. The engine notices without
    /// asking the clock again.
    pub fn time_is_up(&self) -> bool {
        if crate::termination::past(self.deadline) {
            self.stopped.set(true);
        }
        self.stopped.get()
    }

    /// Whether a propagator stopped early because the time was up.
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped.get()
    }

    /// Zeroes the revision and removal counters.
    pub(crate) fn reset_counters(&mut self) {
        self.revisions = 0;
        self.removed_total = 0;
    }

    /// Number of variables.
    pub fn num_vars(&self) -> usize {
        self.size.len()
    }

    /// Number of values left in `x`'s domain.
    #[inline]
    pub fn size(&self, x: VarId) -> u32 {
        self.size[x.index()]
    }

    /// Whether `x` has exactly one value left.
    #[inline]
    pub fn is_fixed(&self, x: VarId) -> bool {
        self.size[x.index()] == 1
    }

    /// The value of `x` when it is fixed.
    #[inline]
    pub fn value(&self, x: VarId) -> Option<Value> {
        if self.is_fixed(x) { self.min(x) } else { None }
    }

    #[inline]
    fn words(&self, x: VarId) -> &[usize] {
        let i = x.index();
        &self.bits.as_slice()[self.first_word[i] as usize..self.first_word[i + 1] as usize]
    }

    #[inline]
    fn locate(&self, x: VarId, v: Value) -> Option<(usize, usize)> {
        let i = x.index();
        let off = i64::from(v) - i64::from(self.base[i]);
        let span = (self.first_word[i + 1] - self.first_word[i]) as i64 * W as i64;
        if off < 0 || off >= span {
            return None;
        }
        let off = off as usize;
        Some((self.first_word[i] as usize + off / W, off % W))
    }

    /// Whether `v` is still in `x`'s domain.
    #[inline]
    pub fn contains(&self, x: VarId, v: Value) -> bool {
        match self.locate(x, v) {
            Some((w, b)) => self.bits.as_slice()[w] >> b & 1 == 1,
            None => self.is_interval(x) && self.interval_contains(x.index(), v),
        }
    }

    /// Whether `x` is kept as an interval ([`Representation::Bounds`]).
    #[inline]
    pub fn is_interval(&self, x: VarId) -> bool {
        let i = x.index();
        self.first_word[i] == self.first_word[i + 1]
    }

    fn interval_contains(&self, i: usize, v: Value) -> bool {
        let (lo, hi) = self.bounds[i];
        lo <= v
            && v <= hi
            && self.declared[i]
                .as_ref()
                .is_none_or(|d| d.binary_search(&v).is_ok())
    }

    /// The number of values of interval `i` between `lo` and `hi`.
    fn interval_size(&self, i: usize, lo: Value, hi: Value) -> u32 {
        if lo > hi {
            return 0;
        }
        let n = match &self.declared[i] {
            None => (i64::from(hi) - i64::from(lo) + 1) as u64,
            Some(d) => (d.partition_point(|&v| v <= hi) - d.partition_point(|&v| v < lo)) as u64,
        };
        n.min(u64::from(u32::MAX)) as u32
    }

    /// Smallest value of `x` (`None` only for a wiped-out domain).
    #[inline]
    pub fn min(&self, x: VarId) -> Option<Value> {
        let base = self.base[x.index()];
        for (k, &w) in self.words(x).iter().enumerate() {
            if w != 0 {
                return Some(base + (k * W + w.trailing_zeros() as usize) as Value);
            }
        }
        self.interval_bound(x).map(|b| b.0)
    }

    /// An interval's bounds when it has values (`None` for a bitset, or a wiped interval).
    #[inline]
    fn interval_bound(&self, x: VarId) -> Option<(Value, Value)> {
        let i = x.index();
        (self.is_interval(x) && self.size[i] > 0).then(|| self.bounds[i])
    }

    /// Largest value of `x`.
    pub fn max(&self, x: VarId) -> Option<Value> {
        let base = self.base[x.index()];
        for (k, &w) in self.words(x).iter().enumerate().rev() {
            if w != 0 {
                return Some(base + (k * W + (W - 1 - w.leading_zeros() as usize)) as Value);
            }
        }
        self.interval_bound(x).map(|b| b.1)
    }

    /// The smallest value of `x` that is `>= from`; lets a caller walk a domain while it
    /// changes other domains (no borrow is held between calls).
    pub fn next_value(&self, x: VarId, from: Value) -> Option<Value> {
        let i = x.index();
        let base = self.base[i];
        let off = i64::from(from) - i64::from(base);
        let off = if off < 0 { 0 } else { off as usize };
        let words = self.words(x);
        let mut k = off / W;
        if k >= words.len() {
            return self.interval_next(x, from);
        }
        let mut w = words[k] & (usize::MAX << (off % W));
        loop {
            if w != 0 {
                return Some(base + (k * W + w.trailing_zeros() as usize) as Value);
            }
            k += 1;
            if k >= words.len() {
                return None;
            }
            w = words[k];
        }
    }

    /// The `k`-th smallest value of `x` (from 0), in time independent of `k` for intervals.
    pub fn nth_value(&self, x: VarId, k: u32) -> Option<Value> {
        match (self.interval_bound(x), &self.declared[x.index()]) {
            (Some((lo, hi)), None) => {
                let v = i64::from(lo) + i64::from(k);
                (v <= i64::from(hi)).then_some(v as Value)
            }
            (Some((lo, _)), Some(d)) => {
                let at = d.partition_point(|&v| v < lo) + k as usize;
                d.get(at)
                    .copied()
                    .filter(|&v| self.interval_bound(x).is_some_and(|b| v <= b.1))
            }
            (None, _) => self.iter(x).nth(k as usize),
        }
    }

    /// An interval's smallest value `>= from`.
    fn interval_next(&self, x: VarId, from: Value) -> Option<Value> {
        let (lo, hi) = self.interval_bound(x)?;
        let from = from.max(lo);
        match &self.declared[x.index()] {
            None => (from <= hi).then_some(from),
            Some(d) => d
                .get(d.partition_point(|&v| v < from))
                .copied()
                .filter(|&v| v <= hi),
        }
    }

    /// The values of `x` in increasing order (an interval's every value: walk only small ones).
    pub fn iter(&self, x: VarId) -> Values<'_> {
        let words = self.words(x);
        let i = x.index();
        let tail = match (self.interval_bound(x), &self.declared[i]) {
            (None, _) => Tail::Empty,
            (Some((lo, hi)), None) => Tail::Range(lo..=hi),
            (Some((lo, hi)), Some(d)) => Tail::Declared(
                d[d.partition_point(|&v| v < lo)..d.partition_point(|&v| v <= hi)].iter(),
            ),
        };
        Values {
            words,
            base: self.base[i],
            k: 0,
            cur: words.first().copied().unwrap_or(0),
            tail,
        }
    }

    /// `x`'s domain as a [`Domain`] (an interval as a range, whatever its width).
    pub fn domain(&self, x: VarId) -> Domain {
        match (self.interval_bound(x), &self.declared[x.index()]) {
            (Some((lo, hi)), None) => Domain::range(lo, hi),
            _ => Domain::from_values(self.iter(x)),
        }
    }

    #[inline]
    fn write(&mut self, x: VarId, w: usize, new: usize) -> Result<bool, Conflict> {
        let old = self.bits.as_slice()[w];
        if old == new {
            return Ok(false);
        }
        debug_assert_eq!(new & !old, 0, "the store only removes values");
        self.trail.push(TrailEntry {
            word: w as u32,
            var: x,
            old,
        });
        self.bits.as_mut_slice()[w] = new;
        let removed = old.count_ones() - new.count_ones();
        let i = x.index();
        self.size[i] -= removed;
        self.removed_total += u64::from(removed);
        if !self.is_modified[i] {
            self.is_modified[i] = true;
            self.modified.push(x);
        }
        if self.size[i] == 0 {
            Err(Conflict)
        } else {
            Ok(true)
        }
    }

    /// Removes `v` from `x`. `Ok(true)` when something changed, `Err(Conflict)` when the
    /// domain is wiped out.
    #[inline]
    pub fn remove(&mut self, x: VarId, v: Value) -> Result<bool, Conflict> {
        match self.locate(x, v) {
            Some((w, b)) => {
                let old = self.bits.as_slice()[w];
                self.write(x, w, old & !(1 << b))
            }
            None => match self.interval_bound(x) {
                Some((lo, _)) if lo == v => self.set_bounds(x, v.saturating_add(1), Value::MAX),
                Some((_, hi)) if hi == v => self.set_bounds(x, Value::MIN, v.saturating_sub(1)),
                _ => Ok(false),
            },
        }
    }

    /// Narrows an interval to `lo..=hi` (each bound only moves inwards; snapped to the
    /// declared values), trailing the bounds that move.
    fn set_bounds(&mut self, x: VarId, lo: Value, hi: Value) -> Result<bool, Conflict> {
        let i = x.index();
        let (old_lo, old_hi) = self.bounds[i];
        if self.size[i] == 0 {
            return Err(Conflict);
        }
        let (mut lo, mut hi) = (lo.max(old_lo), hi.min(old_hi));
        if let Some(d) = &self.declared[i] {
            lo = d
                .get(d.partition_point(|&v| v < lo))
                .copied()
                .unwrap_or(Value::MAX);
            hi = match d.partition_point(|&v| v <= hi) {
                0 => Value::MIN,
                k => d[k - 1],
            };
        }
        if lo > hi {
            // Wiped out: the bounds stay, the size is 0; an entry for the low bound makes
            // undoing recompute the size.
            self.trail.push(TrailEntry {
                word: LO_TAG,
                var: x,
                old: old_lo as u32 as usize,
            });
            self.removed_total += u64::from(self.size[i]);
            self.size[i] = 0;
            if !self.is_modified[i] {
                self.is_modified[i] = true;
                self.modified.push(x);
            }
            return Err(Conflict);
        }
        if (lo, hi) == (old_lo, old_hi) {
            return Ok(false);
        }
        if lo != old_lo {
            self.trail.push(TrailEntry {
                word: LO_TAG,
                var: x,
                old: old_lo as u32 as usize,
            });
        }
        if hi != old_hi {
            self.trail.push(TrailEntry {
                word: HI_TAG,
                var: x,
                old: old_hi as u32 as usize,
            });
        }
        self.bounds[i] = (lo, hi);
        let new_size = self.interval_size(i, lo, hi);
        self.removed_total += u64::from(self.size[i] - new_size);
        self.size[i] = new_size;
        if !self.is_modified[i] {
            self.is_modified[i] = true;
            self.modified.push(x);
        }
        Ok(true)
    }

    /// Removes every value below `v` from `x`. `Ok(true)` when something changed.
    pub fn set_min(&mut self, x: VarId, v: Value) -> Result<bool, Conflict> {
        if self.is_interval(x) {
            return self.set_bounds(x, v, Value::MAX);
        }
        let i = x.index();
        let off = i64::from(v) - i64::from(self.base[i]);
        if off <= 0 {
            return if self.size[i] == 0 {
                Err(Conflict)
            } else {
                Ok(false)
            };
        }
        let (first, last) = (self.first_word[i] as usize, self.first_word[i + 1] as usize);
        let cut = (off as u64).min(((last - first) * W) as u64) as usize;
        let mut changed = false;
        for w in first..first + cut / W {
            changed |= self.write(x, w, 0)?;
        }
        if !cut.is_multiple_of(W) {
            let w = first + cut / W;
            let old = self.bits.as_slice()[w];
            changed |= self.write(x, w, old & (usize::MAX << (cut % W)))?;
        }
        if self.size[i] == 0 {
            Err(Conflict)
        } else {
            Ok(changed)
        }
    }

    /// Removes every value above `v` from `x`. `Ok(true)` when something changed.
    pub fn set_max(&mut self, x: VarId, v: Value) -> Result<bool, Conflict> {
        if self.is_interval(x) {
            return self.set_bounds(x, Value::MIN, v);
        }
        let i = x.index();
        let (first, last) = (self.first_word[i] as usize, self.first_word[i + 1] as usize);
        let span = ((last - first) * W) as i64;
        let keep = i64::from(v) - i64::from(self.base[i]) + 1; // values kept: offsets below
        if keep >= span {
            return if self.size[i] == 0 {
                Err(Conflict)
            } else {
                Ok(false)
            };
        }
        let keep = keep.max(0) as usize;
        let mut changed = false;
        for w in (first + keep.div_ceil(W)..last).rev() {
            changed |= self.write(x, w, 0)?;
        }
        if !keep.is_multiple_of(W) {
            let w = first + keep / W;
            let old = self.bits.as_slice()[w];
            changed |= self.write(x, w, old & !(usize::MAX << (keep % W)))?;
        }
        if self.size[i] == 0 {
            Err(Conflict)
        } else {
            Ok(changed)
        }
    }

    /// Reduces `x` to the single value `v`; a conflict when `v` is not in the domain.
    pub fn assign(&mut self, x: VarId, v: Value) -> Result<bool, Conflict> {
        if self.is_interval(x) {
            if !self.interval_contains(x.index(), v) {
                // Wiped like a bitset's, for a uniform trace.
                let _ = self.set_bounds(x, Value::MAX, Value::MIN);
                return Err(Conflict);
            }
            return self.set_bounds(x, v, v);
        }
        let (ww, bb) = self.locate(x, v).ok_or(Conflict)?;
        if self.bits.as_slice()[ww] >> bb & 1 == 0 {
            // Wipe the domain so the conflict leaves the same trace as any other wipe-out.
            let i = x.index();
            for w in self.first_word[i] as usize..self.first_word[i + 1] as usize {
                self.write(x, w, 0).ok();
            }
            return Err(Conflict);
        }
        let i = x.index();
        let mut changed = false;
        for w in self.first_word[i] as usize..self.first_word[i + 1] as usize {
            let new = if w == ww { 1 << bb } else { 0 };
            changed |= self.write(x, w, new)?;
        }
        Ok(changed)
    }

    /// Where `x`'s domain sits when it fits in one machine word (its initial span is at most
    /// [`usize::BITS`] values): the value that bit 0 stands for. Propagators that work on
    /// whole words ([`DomainStore::bits`], [`DomainStore::keep_bits`]) check this once.
    pub fn word_base(&self, x: VarId) -> Option<Value> {
        let i = x.index();
        (self.first_word[i + 1] - self.first_word[i] == 1).then_some(self.base[i])
    }

    /// Where `x`'s domain sits, for word-parallel propagators over several words: the value
    /// that bit 0 of its first word stands for, the index of that word (for
    /// [`DomainStore::bits_at`]) and the number of words.
    #[inline]
    pub(crate) fn word_range(&self, x: VarId) -> (Value, u32, u32) {
        let i = x.index();
        let first = self.first_word[i];
        (self.base[i], first, self.first_word[i + 1] - first)
    }

    /// `x`'s domain as one word, bit `b` standing for `word_base(x) + b`. Only for variables
    /// with a [`DomainStore::word_base`] (debug-asserted).
    #[inline]
    pub fn bits(&self, x: VarId) -> usize {
        let i = x.index();
        debug_assert_eq!(self.first_word[i + 1] - self.first_word[i], 1);
        self.bits.as_slice()[self.first_word[i] as usize]
    }

    /// Where `x`'s one-word domain is kept, for [`DomainStore::bits_at`] (saves a lookup per
    /// read in the word-parallel propagators).
    #[inline]
    pub(crate) fn word_index(&self, x: VarId) -> u32 {
        self.first_word[x.index()]
    }

    /// The domain word at `w` (from [`DomainStore::word_index`]).
    #[inline]
    pub(crate) fn bits_at(&self, w: u32) -> usize {
        self.bits.as_slice()[w as usize]
    }

    /// [`DomainStore::keep_bits`] with the word index known.
    #[inline]
    pub(crate) fn keep_bits_at(&mut self, x: VarId, w: u32, keep: usize) -> Result<bool, Conflict> {
        let w = w as usize;
        let old = self.bits.as_slice()[w];
        self.write(x, w, old & keep)
    }

    /// Keeps only the values of `x` whose bits are set in `keep` (the word layout of
    /// [`DomainStore::bits`]); `Ok(true)` when something changed, `Err(Conflict)` on a
    /// wipe-out. Only for variables with a [`DomainStore::word_base`] (debug-asserted).
    #[inline]
    pub fn keep_bits(&mut self, x: VarId, keep: usize) -> Result<bool, Conflict> {
        let i = x.index();
        debug_assert_eq!(self.first_word[i + 1] - self.first_word[i], 1);
        let w = self.first_word[i] as usize;
        let old = self.bits.as_slice()[w];
        self.write(x, w, old & keep)
    }

    /// Keeps only the values of `x` for which `keep` holds.
    pub fn retain(
        &mut self,
        x: VarId,
        mut keep: impl FnMut(Value) -> bool,
    ) -> Result<bool, Conflict> {
        if self.is_interval(x) {
            return self.retain_interval(x, keep);
        }
        let i = x.index();
        let base = self.base[i];
        let mut changed = false;
        for (k, w) in (self.first_word[i] as usize..self.first_word[i + 1] as usize).enumerate() {
            let old = self.bits.as_slice()[w];
            let mut new = old;
            let mut rest = old;
            while rest != 0 {
                let b = rest.trailing_zeros() as usize;
                rest &= rest - 1;
                if !keep(base + (k * W + b) as Value) {
                    new &= !(1 << b);
                }
            }
            if new != old {
                changed = true;
                if self.write(x, w, new).is_err() {
                    continue; // keep wiping the other words for a uniform trace
                }
            }
        }
        if self.size[i] == 0 {
            Err(Conflict)
        } else {
            Ok(changed)
        }
    }

    /// [`DomainStore::retain`] on an interval: each bound walks in past the values `keep`
    /// refuses, at most [`INTERVAL_SCAN`] of them (what lies inside stays).
    fn retain_interval(
        &mut self,
        x: VarId,
        mut keep: impl FnMut(Value) -> bool,
    ) -> Result<bool, Conflict> {
        let Some((lo, hi)) = self.interval_bound(x) else {
            return Err(Conflict);
        };
        let mut new_lo = Some(lo);
        for _ in 0..INTERVAL_SCAN {
            match new_lo {
                Some(v) if v <= hi && !keep(v) => {
                    new_lo = v.checked_add(1).and_then(|w| self.interval_next(x, w));
                }
                _ => break,
            }
        }
        let Some(new_lo) = new_lo.filter(|&v| v <= hi) else {
            return self.set_bounds(x, Value::MAX, Value::MIN);
        };
        let mut new_hi = hi;
        for _ in 0..INTERVAL_SCAN {
            if new_hi <= new_lo || keep(new_hi) {
                break;
            }
            // The largest value below: intervals have them all, declared ones by search.
            new_hi = match &self.declared[x.index()] {
                None => new_hi - 1,
                Some(d) => d[d.partition_point(|&v| v < new_hi) - 1],
            };
        }
        self.set_bounds(x, new_lo, new_hi)
    }

    /// The current trail length: pass it to [`DomainStore::undo_to`] to come back here.
    #[inline]
    pub fn mark(&self) -> usize {
        self.trail.len()
    }

    /// Undoes every change made since `mark`, newest first.
    pub fn undo_to(&mut self, mark: usize) {
        while self.trail.len() > mark {
            let Some(e) = self.trail.pop() else { break };
            if e.is_bound() {
                let i = e.var.index();
                let old = e.old as u32 as Value;
                if e.word == LO_TAG {
                    self.bounds[i].0 = old;
                } else {
                    self.bounds[i].1 = old;
                }
                let (lo, hi) = self.bounds[i];
                self.size[i] = self.interval_size(i, lo, hi);
                continue;
            }
            let w = e.word as usize;
            let cur = self.bits.as_slice()[w];
            self.size[e.var.index()] += e.old.count_ones() - cur.count_ones();
            self.bits.as_mut_slice()[w] = e.old;
        }
        self.clear_modified();
    }

    /// Moves the modified list into `out` (cleared first) and resets it.
    pub(crate) fn take_modified(&mut self, out: &mut Vec<VarId>) {
        out.clear();
        for &x in &self.modified {
            self.is_modified[x.index()] = false;
        }
        std::mem::swap(out, &mut self.modified);
    }

    /// Forgets the modified list.
    pub(crate) fn clear_modified(&mut self) {
        for &x in &self.modified {
            self.is_modified[x.index()] = false;
        }
        self.modified.clear();
    }

    /// Counts one revision: an attempt to filter one variable's domain against one
    /// constraint. Propagators call it; [`crate::Stats::revisions`] reports the total.
    #[inline]
    pub fn count_revision(&mut self) {
        self.revisions += 1;
    }

    /// Counts `k` revisions at once (see [`DomainStore::count_revision`]).
    #[inline]
    pub fn count_revisions(&mut self, k: u64) {
        self.revisions += k;
    }

    /// Total revisions counted so far.
    pub fn revisions(&self) -> u64 {
        self.revisions
    }

    /// Total number of values ever removed (not decreased by undo); the difference over a
    /// probe measures how much a tentative decision prunes.
    pub(crate) fn removed_total(&self) -> u64 {
        self.removed_total
    }

    /// The trail entries from `mark` on, for tracing prunings.
    pub(crate) fn trail_since(&self, mark: usize) -> &[TrailEntry] {
        self.trail.since(mark)
    }

    /// The value that bit `b` of word `w` stands for in `x`'s domain.
    pub(crate) fn value_of_bit(&self, x: VarId, w: u32, b: u32) -> Value {
        let i = x.index();
        self.base[i] + ((w - self.first_word[i]) as usize * W + b as usize) as Value
    }

    /// The current content of word `w`.
    pub(crate) fn word(&self, w: u32) -> usize {
        self.bits.as_slice()[w as usize]
    }
}

/// Iterator over a domain's values in increasing order (see [`DomainStore::iter`]).
#[derive(Debug, Clone)]
pub struct Values<'a> {
    words: &'a [usize],
    base: Value,
    k: usize,
    cur: usize,
    tail: Tail<'a>,
}

/// An interval's values, after the (then empty) words.
#[derive(Debug, Clone)]
enum Tail<'a> {
    Empty,
    Range(std::ops::RangeInclusive<Value>),
    Declared(std::slice::Iter<'a, Value>),
}

impl Iterator for Values<'_> {
    type Item = Value;

    #[inline]
    fn next(&mut self) -> Option<Value> {
        loop {
            if self.cur != 0 {
                let b = self.cur.trailing_zeros() as usize;
                self.cur &= self.cur - 1;
                return Some(self.base + (self.k * W + b) as Value);
            }
            self.k += 1;
            if self.k >= self.words.len() {
                return match &mut self.tail {
                    Tail::Empty => None,
                    Tail::Range(r) => r.next(),
                    Tail::Declared(d) => d.next().copied(),
                };
            }
            self.cur = self.words[self.k];
        }
    }
}

#[cfg(test)]
mod tests;
