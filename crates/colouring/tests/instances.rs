//! The DIMACS instances: the original files' quirks, and the easy instances' known
//! chromatic numbers proved, with every colouring verified. Data from `$CSP_DATA/colouring`
//! (default `../shared/data/colouring` beside the repository) when present, else the graphs
//! bundled in `data/colouring` (a graph not bundled is reported as skipped).

use csp_colouring::chromatic::{self, Config, KAnswer, Strategy};
use csp_colouring::{Instance, dimacs, verify};
use std::time::Duration;

fn file(name: &str) -> String {
    format!("colouring/{name}")
}

/// The graph `name` from the full set or the sample; `None` (said on standard error) when
/// only the full set has it and it is absent.
fn try_load(name: &str) -> Option<Instance> {
    let rel = file(name);
    let bundled = csp_testdata::sample_dir().join(&rel).is_file();
    if !bundled && csp_testdata::full(&rel, name).is_none() {
        return None;
    }
    let set = csp_testdata::open(&rel);
    Some(dimacs::read(set.path()).unwrap_or_else(|e| panic!("{e}")))
}

fn load(name: &str) -> Instance {
    try_load(name).unwrap_or_else(|| panic!("{name} is bundled in data/colouring"))
}

#[test]
fn original_files_parse_to_the_normalised_graphs() {
    for (orig, norm, header) in [
        ("raw/queen5_5.orig.col", "queen5_5.col", 320),
        ("raw/miles250.orig.col", "miles250.col", 774),
        ("raw/le450_5a.orig.col", "le450_5a.col", 5714),
    ] {
        let a = load(orig);
        let b = load(norm);
        assert_eq!(a.graph.edge_count(), b.graph.edge_count(), "{orig}");
        assert_eq!(
            a.graph.edges().collect::<Vec<_>>(),
            b.graph.edges().collect::<Vec<_>>(),
            "{orig}"
        );
        let text = csp_testdata::open(&file(orig)).read_to_string();
        assert!(
            text.lines()
                .any(|l| l.starts_with("p ") && l.contains(&header.to_string()))
        );
    }
}

/// Easy instances and their chromatic numbers (from the data README).
const EASY: &[(&str, u32)] = &[
    ("myciel3", 4),
    ("myciel4", 5),
    ("queen5_5", 5),
    ("1-FullIns_3", 4),
    ("queen6_6", 7),
    ("2-Insertions_3", 4),
    ("myciel5", 6),
    ("2-FullIns_3", 5),
    ("huck", 11),
    ("jean", 10),
    ("3-FullIns_3", 6),
    ("david", 11),
    ("1-FullIns_4", 5),
    ("myciel6", 7),
    ("queen8_12", 12),
    ("games120", 9),
    ("r125.1", 5),
    ("DSJC125.1", 5),
    ("r125.5", 36),
    ("r125.1c", 46),
    ("miles250", 8),
    ("miles500", 20),
    ("miles750", 31),
    ("miles1500", 73),
    ("anna", 11),
    ("mulsol.i.2", 31),
    ("mulsol.i.1", 49),
    ("zeroin.i.3", 30),
    ("zeroin.i.1", 49),
    ("2-FullIns_4", 6),
    ("school1_nsh", 14),
    ("school1", 14),
    ("le450_25a", 25),
    ("le450_25b", 25),
    ("le450_5d", 5),
    ("le450_5c", 5),
    ("fpsol2.i.2", 30),
    ("fpsol2.i.1", 65),
    ("DSJR500.1", 12),
    ("homer", 13),
    ("inithx.i.2", 31),
    ("ash331GPIA", 4),
    ("will199GPIA", 7),
    ("inithx.i.1", 54),
    ("r1000.1", 20),
    ("queen8_8", 9),
    ("myciel7", 8),
];

#[test]
fn easy_instances_prove_their_chromatic_number() {
    let config = Config {
        time_limit: Some(Duration::from_secs(20)),
        ..Config::default()
    };
    let (mut unproved, mut skipped) = (Vec::new(), 0);
    for &(name, chi) in EASY {
        let Some(inst) = try_load(&format!("{name}.col")) else {
            skipped += 1;
            continue;
        };
        let r = chromatic::chromatic_number(&inst, &config, &mut |_| {});
        assert_eq!(verify(&inst, Some(r.ub), &r.colouring), Ok(()), "{name}");
        assert!(
            r.lb <= chi && chi <= r.ub,
            "{name}: {}..{} excludes the known χ = {chi}",
            r.lb,
            r.ub
        );
        if !r.proved {
            unproved.push(name);
        } else {
            assert_eq!(r.ub, chi, "{name}");
        }
    }
    assert!(unproved.is_empty(), "not proved within 20 s: {unproved:?}");
    assert!(
        EASY.len() - skipped >= 15,
        "the bundled sample holds 15 of them"
    );
}

/// On a graph of 450 vertices whose bounds start far apart (ω = 5, DSATUR well above), the
/// local search runs before the exact passes (it proves χ = ω there in a fraction of a
/// second, where the exact passes took 7 s before it could).
#[test]
fn large_graphs_with_a_wide_gap_try_local_search_before_the_exact_passes() {
    let inst = load("le450_5a.col");
    let config = Config {
        time_limit: Some(Duration::from_secs(60)),
        ..Config::default()
    };
    let mut phases = Vec::new();
    let r = chromatic::chromatic_number(&inst, &config, &mut |p| {
        phases.push((p.lb, p.ub, p.phase.clone()))
    });
    assert!(r.proved && r.ub == 5, "{}..{}", r.lb, r.ub);
    assert_eq!(verify(&inst, Some(5), &r.colouring), Ok(()));
    let (lb, ub, _) = phases.first().expect("phases are reported").clone();
    assert!(lb == 5 && ub >= lb + 3, "the bounds start {lb}..{ub}");
    let first = |prefix: &str| phases.iter().position(|(_, _, p)| p.starts_with(prefix));
    let local = first("local search").expect("local search runs");
    assert!(first("exact").is_none_or(|e| local < e), "{phases:?}");
}

#[test]
fn one_colour_less_than_chi_is_not_colourable() {
    for &(name, chi) in &[
        ("myciel4", 5),
        ("queen5_5", 5),
        ("queen6_6", 7),
        ("1-FullIns_3", 4),
        ("jean", 10),
    ] {
        let inst = load(&format!("{name}.col"));
        for s in Strategy::ALL {
            let mut e = chromatic::Effort::default();
            assert_eq!(
                chromatic::k_colourable(&inst, chi - 1, &[], s, None, &mut e),
                KAnswer::NotColourable,
                "{name} {s}"
            );
            match chromatic::k_colourable(&inst, chi, &[], s, None, &mut e) {
                KAnswer::Colourable(c) => {
                    assert_eq!(verify(&inst, Some(chi), &c), Ok(()), "{name} {s}")
                }
                other => panic!("{name} {s}: {other:?}"),
            }
        }
    }
}
