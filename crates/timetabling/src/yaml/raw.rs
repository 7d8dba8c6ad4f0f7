//! The file as written: the serde shapes of `kind: timetable`, before names are resolved.

pub(crate) use csp_model::source::Name;
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};

/// One string or a list of them (`fixed: Mon.1` or `fixed: [Mon.1, Thu.2]`).
#[derive(Debug, Clone)]
pub(super) struct Many(pub(super) Vec<Spanned<Name>>);

impl<'de> Deserialize<'de> for Many {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Many;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a name or a list of names")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Many, E> {
                Ok(Many(vec![Spanned::new(
                    Name::new(v.to_string()),
                    Location::UNKNOWN,
                    Location::UNKNOWN,
                )]))
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Many, E> {
                self.visit_str(&v.to_string())
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Many, A::Error> {
                let mut out = Vec::new();
                while let Some(n) = seq.next_element::<Spanned<Name>>()? {
                    out.push(n);
                }
                Ok(Many(out))
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
    pub(super) style: Option<Spanned<String>>,
    pub(super) calendar: Spanned<RawCalendar>,
    #[serde(default)]
    pub(super) resources: RawResources,
    #[serde(default)]
    pub(super) rooms: Vec<Spanned<RawRoom>>,
    pub(super) events: Vec<Spanned<RawEvent>>,
    #[serde(default)]
    pub(super) constraints: RawConstraints,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawCalendar {
    pub(super) days: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) week_of: Option<Spanned<String>>,
    pub(super) periods: Vec<Spanned<RawPeriod>>,
    #[serde(default)]
    pub(super) blocked: Vec<Spanned<Name>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPeriod {
    pub(super) id: Spanned<Name>,
    #[serde(default)]
    pub(super) start: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) end: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) minutes: Option<Spanned<u32>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawResources {
    #[serde(default)]
    pub(super) teachers: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    pub(super) groups: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    pub(super) students: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    pub(super) staff: Vec<Spanned<RawPerson>>,
    #[serde(default)]
    pub(super) rooms: Vec<Spanned<RawRoom>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawPerson {
    pub(super) id: Spanned<Name>,
    #[serde(default)]
    pub(super) name: Option<String>,
    #[serde(default)]
    pub(super) unavailable: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) max_per_day: Option<u32>,
    #[serde(default)]
    pub(super) max_per_week: Option<u32>,
    #[serde(default)]
    pub(super) preferred: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) size: Option<u32>,
    #[serde(default)]
    pub(super) parent: Option<Spanned<Name>>,
    #[serde(default, alias = "exams")]
    pub(super) events: Vec<Spanned<Name>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRoom {
    pub(super) id: Spanned<Name>,
    #[serde(default)]
    pub(super) capacity: Option<u32>,
    #[serde(default)]
    pub(super) features: Vec<String>,
    #[serde(default)]
    pub(super) unavailable: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) building: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRoomSpec {
    #[serde(default)]
    pub(super) id: Option<Spanned<Name>>,
    #[serde(default)]
    pub(super) features: Vec<String>,
}

/// `room: none` or `room: {id: …}` / `room: {features: […]}`.
#[derive(Debug)]
pub(super) enum RawRoomNeed {
    None,
    Spec(RawRoomSpec),
}

impl<'de> Deserialize<'de> for RawRoomNeed {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = RawRoomNeed;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`none`, or a map with `id` or `features`")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<RawRoomNeed, E> {
                if v == "none" {
                    Ok(RawRoomNeed::None)
                } else {
                    Err(E::custom(format!(
                        "expected `none` or a map such as {{id: {v}}}, found `{v}`"
                    )))
                }
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<RawRoomNeed, A::Error> {
                RawRoomSpec::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(RawRoomNeed::Spec)
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawEvent {
    pub(super) id: Spanned<Name>,
    #[serde(default)]
    pub(super) name: Option<String>,
    #[serde(default)]
    pub(super) subject: Option<String>,
    #[serde(default)]
    pub(super) teachers: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) groups: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) students: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) staff: Vec<Spanned<Name>>,
    #[serde(default)]
    pub(super) size: Option<u32>,
    #[serde(default)]
    pub(super) count: Option<Spanned<u32>>,
    #[serde(default)]
    pub(super) duration: Option<Spanned<u32>>,
    #[serde(default)]
    pub(super) minutes: Option<Spanned<u32>>,
    #[serde(default)]
    pub(super) room: Option<Spanned<RawRoomNeed>>,
    #[serde(default)]
    pub(super) fixed: Option<Spanned<Many>>,
    #[serde(default)]
    pub(super) allowed: Option<Spanned<Many>>,
    #[serde(default)]
    pub(super) forbidden: Option<Spanned<Many>>,
}

#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawConstraints {
    #[serde(default)]
    pub(super) hard: Vec<Spanned<RawRequirement>>,
    #[serde(default)]
    pub(super) soft: Vec<Spanned<RawRequirement>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub(super) struct RawRequirement {
    #[serde(rename = "type")]
    pub(super) kind: Spanned<String>,
    #[serde(default)]
    pub(super) events: Option<Spanned<Many>>,
    #[serde(default)]
    pub(super) resources: Option<Spanned<Many>>,
    #[serde(default)]
    pub(super) before: Option<Spanned<Name>>,
    #[serde(default)]
    pub(super) after: Option<Spanned<Name>>,
    #[serde(default)]
    pub(super) value: Option<Spanned<u32>>,
    #[serde(default)]
    pub(super) weight: Option<Spanned<u64>>,
    #[serde(default)]
    pub(super) slots: Option<Spanned<Many>>,
    #[serde(default)]
    pub(super) weights: Option<Vec<u64>>,
    #[serde(default)]
    pub(super) rooms: Option<Spanned<Many>>,
    #[serde(default)]
    pub(super) largest: Option<u32>,
    #[serde(default)]
    pub(super) last_slots: Option<u32>,
    #[serde(default)]
    pub(super) per: Option<Spanned<String>>,
    #[serde(default)]
    pub(super) note: Option<String>,
}
