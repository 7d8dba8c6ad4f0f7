//! The trail: the record of domain changes that backtracking undoes.

use crate::index::VarId;

/// One overwritten domain word: which word, whose, and its content before the change (or,
/// for a variable kept as an interval, one of its bounds: see [`TrailEntry::is_bound`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TrailEntry {
    /// Index of the word in the store.
    pub word: u32,
    /// The variable owning it.
    pub var: VarId,
    /// The word before the change.
    pub old: usize,
}

/// Tags in [`TrailEntry::word`]: the entry saved an interval's low or high bound (in `old`,
/// as the bits of a [`Value`](crate::Value)), not a word.
pub(crate) const LO_TAG: u32 = u32::MAX;
pub(crate) const HI_TAG: u32 = u32::MAX - 1;

impl TrailEntry {
    /// Whether this entry saved an interval's bound rather than a bitset word.
    #[inline]
    pub fn is_bound(&self) -> bool {
        self.word >= HI_TAG
    }
}

/// A stack of [`TrailEntry`]s. A decision level is a trail length (a *mark*); undoing to a
/// mark pops and restores, newest first. The trail keeps its capacity, so a search allocates
/// only while it reaches new depths.
#[derive(Debug, Clone, Default)]
pub struct Trail {
    entries: Vec<TrailEntry>,
}

impl Trail {
    /// Records a change.
    #[inline]
    pub fn push(&mut self, e: TrailEntry) {
        self.entries.push(e);
    }

    /// Takes the newest change back.
    #[inline]
    pub fn pop(&mut self) -> Option<TrailEntry> {
        self.entries.pop()
    }

    /// Number of recorded changes.
    #[inline]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether nothing is recorded.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// The entries from `mark` on.
    pub fn since(&self, mark: usize) -> &[TrailEntry] {
        &self.entries[mark.min(self.entries.len())..]
    }
}
