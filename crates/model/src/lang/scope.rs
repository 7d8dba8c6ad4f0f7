//! What names mean in a model: data, variables and arrays of them, sets of symbols, and the
//! symbols themselves; arrays with their index sets.

use csp_core::VarId;
use std::collections::HashMap;

/// A constant: an integer or a symbol (by its number in the symbol table).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Key {
    /// An integer (booleans are 0 and 1).
    Int(i64),
    /// A symbol.
    Sym(usize),
}

/// One dimension of an array: a range of integers or a list of symbols.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IndexSet {
    /// `lo..hi`.
    Range(i64, i64),
    /// Symbols, in order.
    Syms(Vec<usize>),
}

impl IndexSet {
    /// How many indices.
    pub fn len(&self) -> usize {
        match self {
            IndexSet::Range(lo, hi) => usize::try_from(hi - lo + 1).unwrap_or(0),
            IndexSet::Syms(s) => s.len(),
        }
    }

    /// Whether there is none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Where `k` is, counting from 0.
    pub fn position(&self, k: Key) -> Option<usize> {
        match (self, k) {
            (IndexSet::Range(lo, hi), Key::Int(i)) if (*lo..=*hi).contains(&i) => {
                usize::try_from(i - lo).ok()
            }
            (IndexSet::Syms(s), Key::Sym(y)) => s.iter().position(|&x| x == y),
            _ => None,
        }
    }

    /// The `p`-th index.
    pub fn key(&self, p: usize) -> Key {
        match self {
            IndexSet::Range(lo, _) => Key::Int(lo + p as i64),
            IndexSet::Syms(s) => Key::Sym(s[p]),
        }
    }
}

/// An array: its index sets and its items, the last index varying fastest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Array<T> {
    /// One index set per dimension.
    pub index: Vec<IndexSet>,
    /// The items.
    pub items: Vec<T>,
}

impl<T> Array<T> {
    /// Where the item at `keys` is, or `None` when an index is out of its set.
    pub fn position(&self, keys: &[Key]) -> Option<usize> {
        if keys.len() != self.index.len() {
            return None;
        }
        let mut p = 0;
        for (set, &k) in self.index.iter().zip(keys) {
            p = p * set.len() + set.position(k)?;
        }
        Some(p)
    }

    /// The indices of item `p`.
    pub fn keys(&self, mut p: usize) -> Vec<Key> {
        let mut keys = vec![Key::Int(0); self.index.len()];
        for (d, set) in self.index.iter().enumerate().rev() {
            let n = set.len().max(1);
            keys[d] = set.key(p % n);
            p /= n;
        }
        keys
    }
}

/// What a name stands for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Named {
    /// A decision variable.
    Var(VarId),
    /// An array of decision variables.
    VarArray(Array<VarId>),
    /// A constant.
    Const(Key),
    /// An array of constants.
    ConstArray(Array<Key>),
    /// A set of symbols, e.g. `tasks: [cut, sew, press]`.
    Set(Vec<usize>),
}

/// The names of a model and its symbol table.
#[derive(Debug, Clone, Default)]
pub struct Scope {
    names: HashMap<String, Named>,
    symbols: Vec<String>,
    symbol_ids: HashMap<String, usize>,
}

impl Scope {
    /// What `name` stands for (symbols aside).
    pub fn get(&self, name: &str) -> Option<&Named> {
        self.names.get(name)
    }

    /// Whether `name` is taken by data or a variable.
    pub fn contains(&self, name: &str) -> bool {
        self.names.contains_key(name)
    }

    /// Gives `name` a meaning; false when it already had one.
    pub fn define(&mut self, name: &str, what: Named) -> bool {
        if self.names.contains_key(name) {
            return false;
        }
        self.names.insert(name.to_string(), what);
        true
    }

    /// The number of symbol `s`, numbered on first sight.
    pub fn symbol(&mut self, s: &str) -> usize {
        if let Some(&i) = self.symbol_ids.get(s) {
            return i;
        }
        let i = self.symbols.len();
        self.symbols.push(s.to_string());
        self.symbol_ids.insert(s.to_string(), i);
        i
    }

    /// The number of a symbol already seen.
    pub fn known_symbol(&self, s: &str) -> Option<usize> {
        self.symbol_ids.get(s).copied()
    }

    /// The symbol table.
    pub fn symbols(&self) -> &[String] {
        &self.symbols
    }

    /// How `k` is written.
    pub fn show(&self, k: Key) -> String {
        match k {
            Key::Int(i) => i.to_string(),
            Key::Sym(s) => self
                .symbols
                .get(s)
                .cloned()
                .unwrap_or_else(|| s.to_string()),
        }
    }
}
