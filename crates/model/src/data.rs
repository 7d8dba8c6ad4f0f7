//! The `data:` section of a `kind: csp` model: named integers, lists of integers (arrays
//! indexed from 1), lists of lists (two dimensions), lists of symbols (sets, usable as index
//! sets and in loops), and maps from symbols to integers or lists (arrays indexed by those
//! symbols).

use crate::lang::scope::{Array, IndexSet, Key, Named, Scope};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;

/// A datum as written.
#[derive(Debug, Clone, PartialEq)]
pub enum DataValue {
    /// An integer (`true`/`false` are 1 and 0).
    Int(i64),
    /// A symbol.
    Sym(String),
    /// A list.
    List(Vec<DataValue>),
    /// A map from symbols, in the file's order.
    Map(Vec<(String, DataValue)>),
}

impl<'de> Deserialize<'de> for DataValue {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = DataValue;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer, a symbol, a list or a map")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<DataValue, E> {
                Ok(DataValue::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<DataValue, E> {
                i64::try_from(v)
                    .map(DataValue::Int)
                    .map_err(|_| E::custom("an integer past 64 bits"))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<DataValue, E> {
                Ok(DataValue::Int(i64::from(v)))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<DataValue, E> {
                Ok(DataValue::Sym(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DataValue, A::Error> {
                let mut items = Vec::new();
                while let Some(i) = seq.next_element::<DataValue>()? {
                    items.push(i);
                }
                Ok(DataValue::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<DataValue, A::Error> {
                let mut items = Vec::new();
                while let Some((k, v)) = map.next_entry::<String, DataValue>()? {
                    items.push((k, v));
                }
                Ok(DataValue::Map(items))
            }
        }
        d.deserialize_any(V)
    }
}

/// Named entries of a YAML map, in the file's order, each with its place.
#[derive(Debug)]
pub struct Entries<T>(pub Vec<(Spanned<String>, Spanned<T>)>);

impl<'de, T: Deserialize<'de>> Deserialize<'de> for Entries<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V<T>(std::marker::PhantomData<T>);
        impl<'de, T: Deserialize<'de>> Visitor<'de> for V<T> {
            type Value = Entries<T>;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map of names")
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Entries<T>, A::Error> {
                let mut items = Vec::new();
                while let Some(e) = map.next_entry::<Spanned<String>, Spanned<T>>()? {
                    items.push(e);
                }
                Ok(Entries(items))
            }
        }
        d.deserialize_map(V(std::marker::PhantomData))
    }
}

fn int_or_sym(v: &DataValue, scope: &mut Scope) -> Result<Key, String> {
    match v {
        DataValue::Int(i) => Ok(Key::Int(*i)),
        DataValue::Sym(s) => Ok(Key::Sym(scope.symbol(s))),
        _ => Err("expected an integer or a symbol here".into()),
    }
}

/// The meaning of datum `v`, its symbols numbered in `scope`.
pub fn meaning(v: &DataValue, scope: &mut Scope) -> Result<Named, String> {
    match v {
        DataValue::Int(_) | DataValue::Sym(_) => Ok(Named::Const(int_or_sym(v, scope)?)),
        DataValue::List(items)
            if items.iter().all(|i| matches!(i, DataValue::Sym(_))) && !items.is_empty() =>
        {
            let mut syms = Vec::with_capacity(items.len());
            for i in items {
                if let DataValue::Sym(s) = i {
                    let y = scope.symbol(s);
                    if syms.contains(&y) {
                        return Err(format!("`{s}` appears twice in a set"));
                    }
                    syms.push(y);
                }
            }
            Ok(Named::Set(syms))
        }
        DataValue::List(items) => {
            let rows = items
                .iter()
                .filter(|i| matches!(i, DataValue::List(_)))
                .count();
            if rows == 0 {
                let keys = items
                    .iter()
                    .map(|i| int_or_sym(i, scope))
                    .collect::<Result<_, _>>()?;
                return Ok(Named::ConstArray(Array {
                    index: vec![IndexSet::Range(1, items.len() as i64)],
                    items: keys,
                }));
            }
            if rows != items.len() {
                return Err("a list mixes lists and values; expected a table (a list of lists of the same length) or a list of values".into());
            }
            let width = match &items[0] {
                DataValue::List(r) => r.len(),
                _ => 0,
            };
            let mut keys = Vec::new();
            for (n, r) in items.iter().enumerate() {
                let DataValue::List(r) = r else {
                    unreachable!("counted above")
                };
                if r.len() != width {
                    return Err(format!(
                        "row {} has {} values, row 1 has {width}; expected rows of one length",
                        n + 1,
                        r.len()
                    ));
                }
                for v in r {
                    keys.push(int_or_sym(v, scope)?);
                }
            }
            Ok(Named::ConstArray(Array {
                index: vec![
                    IndexSet::Range(1, items.len() as i64),
                    IndexSet::Range(1, width as i64),
                ],
                items: keys,
            }))
        }
        DataValue::Map(entries) => {
            let mut syms = Vec::with_capacity(entries.len());
            let mut keys = Vec::new();
            let mut width = None;
            for (n, (k, v)) in entries.iter().enumerate() {
                let y = scope.symbol(k);
                if syms.contains(&y) {
                    return Err(format!("`{k}` appears twice"));
                }
                syms.push(y);
                match v {
                    DataValue::List(r) => {
                        if n > 0 && width.is_none() {
                            return Err(format!("`{k}`: expected a value, as the first entry"));
                        }
                        if *width.get_or_insert(r.len()) != r.len() {
                            return Err(format!(
                                "`{k}` has {} values, the first entry {}; expected lists of one length",
                                r.len(),
                                width.unwrap_or(0)
                            ));
                        }
                        for v in r {
                            keys.push(int_or_sym(v, scope)?);
                        }
                    }
                    v => {
                        if width.is_some() {
                            return Err(format!("`{k}`: expected a list, as the first entry"));
                        }
                        keys.push(int_or_sym(v, scope)?);
                    }
                }
            }
            let mut index = vec![IndexSet::Syms(syms)];
            if let Some(w) = width {
                index.push(IndexSet::Range(1, w as i64));
            }
            Ok(Named::ConstArray(Array { index, items: keys }))
        }
    }
}
