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

fn data(rel: &str) -> String {
    root()
        .join("data/timetabling")
        .join(rel)
        .display()
        .to_string()
}

#[test]
fn toronto_slots_are_the_chromatic_number_and_the_solution_file_checks() {
    let dir = std::env::temp_dir().join(format!("csp-tt-toronto-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sol = dir.join("sta.sol");
    // Either file of the pair names the instance.
    let o = csp(&[
        "timetable",
        "solve",
        &data("toronto/sta-f-83.stu"),
        "--objective",
        "slots",
        "-o",
        sol.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    // sta-f-83 has a 13-clique and a 13-slot timetable (Carter et al. 1996).
    assert!(out.contains("χ = 13 (proved"), "{out}");
    let text = std::fs::read_to_string(&sol).unwrap();
    assert_eq!(text.lines().count(), 139);
    assert!(
        text.lines()
            .all(|l| l.split(' ').nth(1).unwrap().parse::<usize>().unwrap() < 13)
    );
    // The file checks, with the standard 13 slots, as clash-free with its proximity cost.
    let o = csp(&[
        "timetable",
        "check",
        &data("toronto/sta-f-83.crs"),
        sol.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(out.starts_with("valid: 0 clashes\nproximity "), "{out}");
    // A clash: two exams sharing students in one slot.
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let t = csp_timetabling::formats::toronto::read(std::path::Path::new(&data(
        "toronto/sta-f-83.crs",
    )))
    .unwrap();
    let (i, j, _) = t.conflicts()[0];
    let slot_i = lines[i].split(' ').nth(1).unwrap().to_string();
    lines[j] = format!("{} {slot_i}", t.exams[j]);
    std::fs::write(&sol, lines.join("\n")).unwrap();
    let o = csp(&[
        "timetable",
        "check",
        &data("toronto/sta-f-83.crs"),
        sol.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(1), "{}", stdout(&o));
    assert!(stdout(&o).starts_with("invalid: "), "{}", stdout(&o));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn proximity_solutions_are_written_in_the_format_and_check_alike() {
    let dir = std::env::temp_dir().join(format!("csp-tt-prox-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sol = dir.join("hec.sol");
    let o = csp(&[
        "timetable",
        "solve",
        &data("toronto/hec-s-92.crs"),
        "--time-limit",
        "2",
        "-o",
        sol.to_str().unwrap(),
        "--json",
    ]);
    let j: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(j["status"], "satisfiable");
    let cost = j["cost"].as_u64().unwrap();
    let o = csp(&[
        "timetable",
        "check",
        &data("toronto/hec-s-92.crs"),
        sol.to_str().unwrap(),
        "--json",
    ]);
    let c: serde_json::Value = serde_json::from_str(stdout(&o).trim()).unwrap();
    assert_eq!(
        (c["hard"].as_u64(), c["cost"].as_u64()),
        (Some(0), Some(cost))
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn itc2007_solutions_check_with_the_validators_components() {
    let dir = std::env::temp_dir().join(format!("csp-tt-itc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sol = dir.join("comp11.sol");
    let o = csp(&[
        "timetable",
        "solve",
        &data("itc2007/comp11.ctt"),
        "--first",
        "-o",
        sol.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let lines = std::fs::read_to_string(&sol).unwrap();
    assert_eq!(lines.lines().count(), 162, "one line per lecture");
    let o = csp(&[
        "timetable",
        "check",
        &data("itc2007/comp11.ctt"),
        sol.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert!(
        out.starts_with("Violations of Lectures (hard) : 0\n"),
        "{out}"
    );
    assert!(out.contains("Cost of RoomStability (soft) : "), "{out}");
    assert!(
        out.contains("Summary: Violations = 0, Total Cost = "),
        "{out}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn benchmark_format_errors_are_clear() {
    let dir = std::env::temp_dir().join(format!("csp-tt-bad-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    // A .crs without its .stu.
    std::fs::write(dir.join("lone.crs"), "0001 3\n").unwrap();
    let o = csp(&["timetable", "solve", dir.join("lone.crs").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("lone.stu"), "{err}");
    // Not a standard instance: the number of slots is asked for.
    std::fs::write(dir.join("lone.stu"), "1\n").unwrap();
    let o = csp(&["timetable", "solve", dir.join("lone.crs").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("give --slots P"), "{err}");
    let o = csp(&[
        "timetable",
        "solve",
        dir.join("lone.crs").to_str().unwrap(),
        "--slots",
        "2",
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    // --slots is for Toronto files only.
    let o = csp(&[
        "timetable",
        "solve",
        &problem("school-week.yaml"),
        "--slots",
        "3",
    ]);
    assert!(String::from_utf8_lossy(&o.stderr).contains("--slots and --objective are for Toronto"));
    // A malformed .ctt: file, line and column.
    std::fs::write(dir.join("bad.ctt"), "Name: x\nCourses: one\n").unwrap();
    let o = csp(&["timetable", "solve", dir.join("bad.ctt").to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("bad.ctt:2:10: expected a number after `Courses:`"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn the_bench_runs_a_folder_against_the_references() {
    let o = csp(&[
        "timetable",
        "bench",
        &data("toronto"),
        "--objective",
        "slots",
        "--time-limit",
        "5",
        "--csv",
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(
        rows[0],
        "instance,objective,size,hard,ours,reference,gap_percent,seconds,seed,source"
    );
    // hec-s-92 χ = 17 and sta-f-83 χ = 13, both the clique bound (Carter et al. 1996).
    assert!(
        rows[1].starts_with("hec-s-92,slots,81 exams,0,17 (proved),17,0.00,"),
        "{out}"
    );
    assert!(
        rows[2].starts_with("sta-f-83,slots,139 exams,0,13 (proved),13,0.00,"),
        "{out}"
    );
    // A field with a comma is quoted.
    let o = csp(&[
        "timetable",
        "bench",
        &data("itc2007"),
        "--only",
        "comp01",
        "--time-limit",
        "1",
        "--csv",
    ]);
    let out = stdout(&o);
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("comp01,ud2,\"30 events, 160 occurrences\",0,")),
        "{out}"
    );
    // Several seeds: a row per run, a table over seeds, and the gap of each instance's mean.
    let itc2007 = data("itc2007");
    let bench = |extra: &[&str]| {
        let mut args = vec!["timetable", "bench", &itc2007, "--only", "comp01"];
        args.extend_from_slice(extra);
        csp(&args)
    };
    let o = bench(&["--time-limit", "1", "--seed", "7", "--seeds", "2"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    for want in [
        " | 7 |\n",
        " | 8 |\n",
        "over seeds 7–8:",
        "| comp01 | ud2 | 2 | 2 | ",
        "2 runs, 2 without hard violations",
        "ud2: mean gap +",
        "over 1 instance with a reference (each its mean cost over the valid seeds)",
    ] {
        assert!(out.contains(want), "{want}: {out}");
    }
    assert_eq!(bench(&["--seeds", "0"]).status.code(), Some(2));
    let o = bench(&["--seed", "18446744073709551615", "--seeds", "2"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--seeds 2"), "{}", stderr(&o));
}

#[test]
fn the_bench_reports_an_instance_it_cannot_run_and_goes_on() {
    let dir = std::env::temp_dir().join(format!("csp-tt-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("broken.ctt"), "Name: broken\nCourses: many\n").unwrap();
    std::fs::copy(
        crate::util::root().join("data/timetabling/itc2007/comp01.ctt"),
        dir.join("comp01.ctt"),
    )
    .unwrap();
    let o = csp(&[
        "timetable",
        "bench",
        dir.to_str().unwrap(),
        "--time-limit",
        "1",
    ]);
    let out = stdout(&o);
    std::fs::remove_dir_all(&dir).ok();
    // Bad input, after every other instance was run.
    assert_eq!(o.status.code(), Some(2), "{out}");
    assert!(
        out.contains("| broken | ud2 | - | - | not run: ") && out.contains("broken.ctt"),
        "{out}"
    );
    assert!(
        out.contains("| comp01 | ud2 | 30 events, 160 occurrences | 0 |"),
        "{out}"
    );
    assert!(out.contains("1 not run"), "{out}");
    assert!(stderr(&o).contains("error: "), "{}", stderr(&o));
}

#[test]
fn a_reader_that_stops_early_ends_the_command_quietly() {
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_csp"))
        .args([
            "timetable",
            "solve",
            "problems/timetabling/school-week.yaml",
        ])
        .current_dir(crate::util::root())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("csp runs");
    // `| head -0`: the reader goes away before anything is written.
    drop(child.stdout.take());
    let out = child.wait_with_output().expect("csp ends");
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert_eq!(out.status.code(), Some(0), "{err}");
}

#[test]
fn an_itc2019_problem_is_solved_written_checked_and_benched() {
    let dir = std::env::temp_dir().join(format!("csp-itc2019-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let sol = dir.join("faculty-term.sol.xml");
    let file = problem("faculty-term.xml");
    let o = csp(&[
        "timetable",
        "solve",
        &file,
        "--time-limit",
        "1",
        "--json",
        "--out",
        sol.to_str().unwrap(),
    ]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (j["status"].as_str(), j["hard"].as_u64()),
        (Some("satisfiable"), Some(0)),
        "{out}"
    );
    let cost = j["cost"].as_u64().unwrap();
    // The file written is the competition's, and the validator finds the same cost in it.
    let text = std::fs::read_to_string(&sol).unwrap();
    assert!(text.contains("<solution name=\"faculty-term\""), "{text}");
    assert!(text.contains("<student id=\"dara\"/>"), "{text}");
    let o = csp(&["timetable", "check", &file, sol.to_str().unwrap(), "--json"]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(0), "{out}");
    let j: serde_json::Value = serde_json::from_str(out.trim()).unwrap();
    assert_eq!(
        (j["status"].as_str(), j["cost"].as_u64()),
        (Some("valid"), Some(cost))
    );
    // Two lectures of one teacher at once, and nothing else placed: invalid, exit 1.
    let broken = dir.join("broken.xml");
    let lecture = |id: &str| {
        format!(r#"<class id="{id}" days="10100" start="108" weeks="1111" room="hall"/>"#)
    };
    std::fs::write(
        &broken,
        format!(
            "<solution name=\"faculty-term\">{}{}</solution>",
            lecture("alg-L"),
            lecture("db-L")
        ),
    )
    .unwrap();
    let o = csp(&["timetable", "check", &file, broken.to_str().unwrap()]);
    let out = stdout(&o);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(
        out.contains("1 required distributions violated")
            && out.contains("1 pairs of classes in one room at once")
            && out.contains("8 classes not placed"),
        "{out}"
    );
    // A time the class does not have: the file, line and column, and what is wrong.
    std::fs::write(&broken, text.replacen("start=\"", "start=\"1", 1)).unwrap();
    let o = csp(&["timetable", "check", &file, broken.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("broken.xml:3:3") && err.contains("has no such time"),
        "{err}"
    );
    // The bench takes .xml files too.
    std::fs::copy(&file, dir.join("faculty-term.xml")).unwrap();
    std::fs::remove_file(&sol).unwrap();
    std::fs::remove_file(&broken).unwrap();
    let o = csp(&[
        "timetable",
        "bench",
        dir.to_str().unwrap(),
        "--time-limit",
        "1",
        "--csv",
    ]);
    let out = stdout(&o);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(o.status.code(), Some(0), "{out}");
    assert!(
        out.lines()
            .nth(1)
            .is_some_and(|l| l.starts_with("faculty-term,itc2019,\"10 classes, 6 students\",0,")),
        "{out}"
    );
}
