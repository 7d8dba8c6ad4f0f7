//! The file as serde reads it, before any name is resolved: every field spanned for errors.

use super::{DomainSpec, Item};
use crate::data::{DataValue, Entries};
use serde::Deserialize;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_saphyr::Spanned;
use std::fmt;

impl<'de> Deserialize<'de> for Item {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Item;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a symbol")
            }
            fn visit_i64<E: de::Error>(self, v: i64) -> Result<Item, E> {
                Ok(Item::Int(v))
            }
            fn visit_u64<E: de::Error>(self, v: u64) -> Result<Item, E> {
                i64::try_from(v)
                    .map(Item::Int)
                    .map_err(|_| E::custom("integer out of range"))
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<Item, E> {
                Ok(Item::Sym(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<Item, E> {
                Ok(Item::Sym(v.to_string()))
            }
        }
        d.deserialize_any(V)
    }
}

impl<'de> Deserialize<'de> for DomainSpec {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = DomainSpec;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of values or a range like 1..9")
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<DomainSpec, E> {
                Ok(DomainSpec::Range(v.to_string()))
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<DomainSpec, A::Error> {
                let mut items = Vec::new();
                while let Some(i) = seq.next_element::<Item>()? {
                    items.push(i);
                }
                Ok(DomainSpec::List(items))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawFile {
    pub(super) kind: Spanned<String>,
    #[serde(default)]
    pub(super) name: Option<String>,
    #[serde(default)]
    pub(super) description: Option<String>,
    #[serde(default)]
    pub(super) data: Option<Entries<DataValue>>,
    pub(super) variables: Spanned<RawVariables>,
    #[serde(default)]
    pub(super) constraints: Vec<Spanned<RawEntry>>,
    #[serde(default)]
    pub(super) objective: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) solve: Option<RawSolve>,
}

/// `variables:` as a list of entries (`name`/`names` and `domain`) or as a map from a name
/// (`x`, `q[1..8]`, `s[jobs, 1..6]`) to a domain.
#[derive(Debug)]
pub(super) enum RawVariables {
    List(Vec<RawVar>),
    Map(Vec<(Spanned<String>, Spanned<DomainSpec>)>),
}

impl RawVariables {
    pub(super) fn is_empty(&self) -> bool {
        match self {
            RawVariables::List(v) => v.is_empty(),
            RawVariables::Map(v) => v.is_empty(),
        }
    }
}

impl<'de> Deserialize<'de> for RawVariables {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawVariables;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a map from names to domains (`x: 1..9`), or a list of `name`/`names` with `domain`")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<RawVariables, A::Error> {
                let mut items = Vec::new();
                while let Some(v) = seq.next_element::<RawVar>()? {
                    items.push(v);
                }
                Ok(RawVariables::List(items))
            }
            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawVariables, A::Error> {
                let mut items = Vec::new();
                while let Some(e) = map.next_entry::<Spanned<String>, Spanned<DomainSpec>>()? {
                    items.push(e);
                }
                Ok(RawVariables::Map(items))
            }
        }
        d.deserialize_any(V)
    }
}

/// A constraint: text (`x + y <= 3`) or the older named form (`not_equal: [x, y]`).
#[derive(Debug)]
pub(super) enum RawEntry {
    Text(String),
    Named(Box<RawConstraint>),
}

impl<'de> Deserialize<'de> for RawEntry {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = RawEntry;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a constraint as text (`x + y <= 3`) or by name (`all_different: [x, y]`)",
                )
            }
            fn visit_str<E: de::Error>(self, v: &str) -> Result<RawEntry, E> {
                Ok(RawEntry::Text(v.to_string()))
            }
            fn visit_bool<E: de::Error>(self, v: bool) -> Result<RawEntry, E> {
                Ok(RawEntry::Text(v.to_string()))
            }
            fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<RawEntry, A::Error> {
                RawConstraint::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(|c| RawEntry::Named(Box::new(c)))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawSolve {
    pub(super) propagation: Option<Spanned<String>>,
    pub(super) var_order: Option<Spanned<String>>,
    pub(super) value_order: Option<Spanned<String>>,
    pub(super) count: Option<Spanned<u64>>,
    pub(super) all: Option<bool>,
    pub(super) time_limit: Option<Spanned<f64>>,
    pub(super) seed: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawVar {
    #[serde(default)]
    pub(super) name: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) names: Option<Vec<Spanned<String>>>,
    pub(super) domain: Spanned<DomainSpec>,
}

pub(super) type Names = Spanned<Vec<Spanned<String>>>;
pub(super) type Items = Spanned<Vec<Spanned<Item>>>;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawConstraint {
    #[serde(default)]
    pub(super) not_equal: Option<Names>,
    #[serde(default)]
    pub(super) all_different: Option<Names>,
    #[serde(default)]
    pub(super) table: Option<Names>,
    #[serde(default, rename = "in")]
    pub(super) member: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) not_in: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) offset: Option<Spanned<i64>>,
    #[serde(default)]
    pub(super) offsets: Option<Spanned<Vec<i64>>>,
    #[serde(default)]
    pub(super) tuples: Option<Spanned<Vec<Items>>>,
    #[serde(default)]
    pub(super) values: Option<Items>,
}
