//! Graphs in YAML (`kind: colouring`).
//!
//! ```yaml
//! kind: colouring
//! name: petersen
//! vertices: [a, b, c]        # names; or a number n for vertices 1..n
//! edges: [[a, b], [b, c]]
//! precoloured: {a: 1}        # optional, colours from 1
//! k: 3                       # optional number of colours
//! ```

use crate::error::ParseError;
use crate::graph::{Graph, Instance};
use csp_model::source::{NameOf, Naming};

/// A vertex's name in errors.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
struct VertexNaming;

impl Naming for VertexNaming {
    const EXPECTING: &'static str = "a vertex name or number";
}

/// A vertex: a name or a number.
type Name = NameOf<VertexNaming>;
use csp_model::source::Syntax;
use serde::Deserialize;
use serde_saphyr::{Location, Spanned};
use std::collections::HashMap;
use std::path::Path;

/// `vertices:` is a count or a list of names.
#[derive(Debug)]
enum Vertices {
    Count(usize),
    Names(Vec<Spanned<Name>>),
}

impl<'de> Deserialize<'de> for Vertices {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Vertices;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a number of vertices or a list of vertex names")
            }
            fn visit_u64<E: serde::de::Error>(self, v: u64) -> Result<Vertices, E> {
                usize::try_from(v)
                    .ok()
                    .filter(|&n| n <= crate::graph::MAX_VERTICES)
                    .map(Vertices::Count)
                    .ok_or_else(|| {
                        E::custom(format!(
                            "{v} vertices is more than this tool handles (at most {})",
                            crate::graph::MAX_VERTICES
                        ))
                    })
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Vertices, A::Error> {
                let mut names = Vec::new();
                while let Some(n) = seq.next_element::<Spanned<Name>>()? {
                    names.push(n);
                }
                Ok(Vertices::Names(names))
            }
        }
        d.deserialize_any(V)
    }
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    kind: Spanned<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    description: Option<String>,
    vertices: Spanned<Vertices>,
    #[serde(default)]
    edges: Vec<Spanned<Vec<Spanned<Name>>>>,
    #[serde(default)]
    precoloured: HashMap<Spanned<Name>, Spanned<u32>>,
    #[serde(default)]
    k: Option<Spanned<u32>>,
}

/// Reads a YAML graph file.
pub fn read(path: &Path) -> Result<Instance, ParseError> {
    let src = csp_model::source::read(path)?;
    parse(&src.text, &src.name)
}

fn at(file: &str, loc: &Location, message: String) -> ParseError {
    ParseError::Yaml(Syntax::new(
        file,
        loc.line() as usize,
        loc.column() as usize,
        message,
    ))
}

/// Parses YAML text; `file` names it in errors.
pub fn parse(text: &str, file: &str) -> Result<Instance, ParseError> {
    let raw: Raw =
        csp_model::source::from_yaml(&text.replace("\r\n", "\n"), file).map_err(|d| {
            // The one YAML diagnostic of csp-model, in this reader's error type.
            let (line, column) = d.position().unwrap_or((0, 0));
            ParseError::Yaml(Syntax::new(
                file,
                line as usize,
                column as usize,
                d.message(),
            ))
        })?;
    if raw.kind.value != "colouring" {
        return Err(at(
            file,
            &raw.kind.referenced,
            format!("kind: expected `colouring`, found `{}`", raw.kind.value),
        ));
    }
    let mut graph = match &raw.vertices.value {
        Vertices::Count(n) => Graph::new(*n),
        Vertices::Names(names) => {
            let mut seen = HashMap::new();
            for n in names {
                if seen.insert(n.value.0.clone(), ()).is_some() {
                    return Err(at(
                        file,
                        &n.referenced,
                        format!("duplicate vertex `{}`", n.value.0),
                    ));
                }
            }
            Graph::with_names(names.iter().map(|n| n.value.0.clone()).collect())
        }
    };
    let index: HashMap<String, usize> = (0..graph.len())
        .map(|v| (graph.name(v).to_string(), v))
        .collect();
    let vertex = |n: &Spanned<Name>| {
        index.get(&n.value.0).copied().ok_or_else(|| {
            at(
                file,
                &n.referenced,
                format!(
                    "unknown vertex `{}`; expected one listed under `vertices`",
                    n.value.0
                ),
            )
        })
    };
    for e in &raw.edges {
        let [a, b] = e.value.as_slice() else {
            return Err(at(
                file,
                &e.referenced,
                format!("an edge is a pair [u, v]; found {} vertices", e.value.len()),
            ));
        };
        graph.add_edge(vertex(a)?, vertex(b)?);
    }
    graph.finish();
    let mut precoloured = Vec::new();
    let mut entries: Vec<_> = raw.precoloured.iter().collect();
    entries.sort_by_key(|(v, _)| (v.referenced.line(), v.referenced.column()));
    for (v, c) in entries {
        if c.value == 0 {
            return Err(at(
                file,
                &c.referenced,
                "colours are numbered from 1".into(),
            ));
        }
        if let Some(k) = &raw.k
            && c.value > k.value
        {
            return Err(at(
                file,
                &c.referenced,
                format!("colour {} is above k = {}", c.value, k.value),
            ));
        }
        precoloured.push((vertex(v)?, c.value - 1));
    }
    let name = raw.name.unwrap_or_else(|| {
        Path::new(file)
            .file_stem()
            .map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned())
    });
    let _ = raw.description;
    Ok(Instance {
        name,
        graph,
        precoloured,
        k: raw.k.map(|k| k.value),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_edges_and_precolouring() {
        let i = parse("kind: colouring\nvertices: [a, b, c]\nedges: [[a, b], [b, c], [c, a]]\nprecoloured: {a: 2}\nk: 3\n", "t.yaml").unwrap();
        assert_eq!(i.graph.edge_count(), 3);
        assert_eq!(i.precoloured, vec![(0, 1)]);
        assert_eq!(i.k, Some(3));
        let n = parse(
            "kind: colouring\nvertices: 4\nedges: [[1, 2], ['2', 1]]\n",
            "n.yaml",
        )
        .unwrap();
        assert_eq!((n.graph.len(), n.graph.edge_count()), (4, 1));
    }
}
