//! `csp timetable …`: solving, files written and read back, explanations, errors, generation.

use crate::util::*;

fn problem(name: &str) -> String {
    root()
        .join("problems/timetabling")
        .join(name)
        .display()
        .to_string()
}

#[test]
fn the_school_week_is_optimal_and_its_files_read_back() {
    let dir = std::env::temp_dir().join(format!("csp-tt-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (out, html, csv, ics) = (
        dir.join("week.yaml"),
        dir.join("week.html"),
        dir.join("week.csv"),
        dir.join("cal"),
    );
    let o = csp(&[
        "timetable",
        "solve",
        &problem("school-week.yaml"),
        "--out",
        out.to_str().unwrap(),
        "--html",
        html.to_str().unwrap(),
        "--csv",
        csv.to_str().unwrap(),
        "--ics",
        ics.to_str().unwrap(),
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    assert!(text.contains("optimal: cost 3 (proved)"), "{text}");
    assert!(
        text.contains("group 7A") && text.contains("group 7B"),
        "{text}"
    );
    // The timetable file checks valid, at the same cost.
    let c = csp(&[
        "timetable",
        "check",
        &problem("school-week.yaml"),
        out.to_str().unwrap(),
    ]);
    assert_eq!(c.status.code(), Some(0));
    assert!(
        stdout(&c).starts_with("valid: every hard rule holds\ncost 3\n"),
        "{}",
        stdout(&c)
    );
    assert!(
        std::fs::read_to_string(&html)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap().lines().count(),
        1 + 22
    );
    assert_eq!(std::fs::read_dir(&ics).unwrap().count(), 4 + 2 + 4);
    // A moved lesson breaks the file: check says what and exits 1.
    // (math-7A's first lesson to Friday, when Smith does not work.)
    let saved = std::fs::read_to_string(&out).unwrap();
    let line = saved
        .lines()
        .find(|l| l.contains("event: math-7A, n: 1,"))
        .unwrap();
    let moved = line.split("slot: ").next().unwrap().to_string() + "slot: Fri.2, room: R101}";
    std::fs::write(&out, saved.replace(line, &moved)).unwrap();
    let c = csp(&[
        "timetable",
        "check",
        &problem("school-week.yaml"),
        out.to_str().unwrap(),
    ]);
    assert_eq!(c.status.code(), Some(1), "{}", stdout(&c));
    assert!(
        stdout(&c).contains("teacher smith is unavailable at Fri.2"),
        "{}",
        stdout(&c)
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_reports_the_status_cost_and_every_placement() {
    let o = csp(&[
        "timetable",
        "solve",
        &problem("exam-session.yaml"),
        "--json",
    ]);
    assert_eq!(o.status.code(), Some(0));
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(j["status"], "optimal");
    assert_eq!(j["placements"].as_array().unwrap().len(), 8);
    assert_eq!(j["cost"], j["breakdown"]["total"]);
}

#[test]
fn an_impossible_week_is_explained_and_solve_says_so() {
    let o = csp(&["timetable", "explain", &problem("infeasible-week.yaml")]);
    assert_eq!(o.status.code(), Some(1));
    let text = stdout(&o);
    assert!(
        text.contains("without any one of them a timetable exists"),
        "{text}"
    );
    assert!(
        text.contains("smith is unavailable at Mon.6, all of Wed, all of Fri"),
        "{text}"
    );
    let o = csp(&["timetable", "solve", &problem("infeasible-week.yaml")]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stdout(&o).contains("unsatisfiable: no timetable exists; `csp timetable explain"),
        "{}",
        stdout(&o)
    );
}

#[test]
fn a_bad_file_names_the_place_and_a_timetable_elsewhere_gets_a_hint() {
    let o = csp_stdin(
        &["timetable", "solve", "-"],
        "kind: timetable\ncalendar:\n  days: [Mon]\n  periods: [{id: 1}]\nevents:\n  - {id: a, teachers: [x]}\n",
    );
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("<stdin>:6:24: events[0].teachers[0]: unknown teacher `x`"),
        "{err}"
    );
    let o = csp(&["solve", &problem("school-week.yaml")]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("try `csp timetable solve"));
}

#[test]
fn a_generated_school_is_solved_within_its_limit() {
    let generated = csp(&["timetable", "generate", "-n", "120", "--seed", "3"]);
    assert_eq!(generated.status.code(), Some(0));
    let o = csp_stdin(
        &[
            "timetable",
            "solve",
            "-",
            "--time-limit",
            "2",
            "--view",
            "none",
        ],
        &stdout(&generated),
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let text = stdout(&o);
    assert!(
        text.starts_with("school-5x26-s3: 130 occurrences"),
        "{text}"
    );
    assert!(
        text.contains("satisfiable: cost") || text.contains("optimal: cost"),
        "{text}"
    );
}
