//! Typed indices: the ids of variables and constraints, and vectors indexed by them, so no
//! raw `u32` or `usize` crosses a module boundary meaning "a variable" (Pumpkin's
//! `KeyedVec`). The lowest layer of the engine: everything else may use it.
//!
//! ```
//! use csp_core::index::KeyedVec;
//! use csp_core::VarId;
//! let mut weights: KeyedVec<VarId, u64> = KeyedVec::new(3, 1);
//! weights[VarId::new(2)] += 4;
//! assert_eq!(weights.as_slice(), &[1, 1, 5]);
//! ```

use std::fmt;
use std::marker::PhantomData;

/// An id that indexes a [`KeyedVec`].
pub trait Key: Copy {
    /// The position it stands for.
    fn index(self) -> usize;
}

/// A variable of a [`Model`](crate::Model): an index into its variables, in creation order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct VarId(u32);

impl VarId {
    /// The variable with index `i` (the `i`-th created).
    pub const fn new(i: usize) -> Self {
        VarId(i as u32)
    }

    /// The index of this variable.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for VarId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "x{}", self.0)
    }
}

/// A constraint of a [`Model`](crate::Model): an index into its constraints, in posting order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct ConstraintId(u32);

impl ConstraintId {
    /// The constraint with index `i`.
    pub const fn new(i: usize) -> Self {
        ConstraintId(i as u32)
    }

    /// The index of this constraint.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl Key for VarId {
    #[inline]
    fn index(self) -> usize {
        VarId::index(self)
    }
}

impl Key for ConstraintId {
    #[inline]
    fn index(self) -> usize {
        ConstraintId::index(self)
    }
}

/// A vector indexed by a typed id.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyedVec<K, V> {
    values: Vec<V>,
    key: PhantomData<fn(K)>,
}

impl<K: Key, V: Clone> KeyedVec<K, V> {
    /// `len` copies of `v`.
    pub fn new(len: usize, v: V) -> Self {
        KeyedVec {
            values: vec![v; len],
            key: PhantomData,
        }
    }

    /// Sets every entry to `v`.
    pub fn fill(&mut self, v: V) {
        self.values.fill(v);
    }
}

impl<K: Key, V> KeyedVec<K, V> {
    /// How many entries.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The entries in id order.
    pub fn as_slice(&self) -> &[V] {
        &self.values
    }
}

impl<K: Key, V> FromIterator<V> for KeyedVec<K, V> {
    fn from_iter<I: IntoIterator<Item = V>>(iter: I) -> Self {
        KeyedVec {
            values: iter.into_iter().collect(),
            key: PhantomData,
        }
    }
}

impl<K: Key, V> std::ops::Index<K> for KeyedVec<K, V> {
    type Output = V;
    #[inline]
    fn index(&self, k: K) -> &V {
        &self.values[k.index()]
    }
}

impl<K: Key, V> std::ops::IndexMut<K> for KeyedVec<K, V> {
    #[inline]
    fn index_mut(&mut self, k: K) -> &mut V {
        &mut self.values[k.index()]
    }
}

impl<K, V: fmt::Debug> fmt::Debug for KeyedVec<K, V> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.values.fmt(f)
    }
}
