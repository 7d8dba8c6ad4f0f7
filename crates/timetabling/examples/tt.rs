use std::sync::Arc;
fn main() {
    let path = std::env::args().nth(1).unwrap();
    if std::env::var("EXPLAIN").is_ok() {
        explain(&path);
        return;
    }
    if std::env::var("ENC").is_ok() {
        enc_time(&path);
        return;
    }
    if let Ok(n) = std::env::var("GEN") {
        std::fs::write(
            &path,
            csp_timetabling::generate::school(n.parse().unwrap(), 1),
        )
        .unwrap();
    }
    let secs: f64 = std::env::args().nth(2).map_or(2.0, |s| s.parse().unwrap());
    let inst = Arc::new(
        csp_timetabling::yaml::read(std::path::Path::new(&path)).unwrap_or_else(|e| panic!("{e}")),
    );
    let t = std::time::Instant::now();
    let seed: u64 = std::env::args().nth(3).map_or(1, |s| s.parse().unwrap());
    let cfg = csp_timetabling::solve::Config {
        seed,
        first_only: std::env::var("FIRST").is_ok(),
        deadline: Some(t + std::time::Duration::from_secs_f64(secs)),
        ..Default::default()
    };
    let r = csp_timetabling::solve::solve(&inst, &cfg, &mut |_| {});
    println!(
        "{:?} cost {:?} first {:?} nodes {} moves {:?} trace {:?} total {:?}",
        r.status,
        r.cost,
        r.first,
        r.nodes,
        r.moves,
        r.trace,
        t.elapsed()
    );
    if let Some(tt) = &r.timetable {
        println!("violations: {:?}", csp_timetabling::verify(&inst, tt));
        let c = csp_timetabling::cost(&inst, tt);
        for i in &c.items {
            println!("  {} {} {} {:?}", i.path, i.kind, i.cost, i.details);
        }
    }
}
#[allow(dead_code)]
fn explain(path: &str) {
    let inst = Arc::new(csp_timetabling::yaml::read(std::path::Path::new(path)).unwrap());
    let t = std::time::Instant::now();
    let e = csp_timetabling::explain::explain(&inst, None);
    println!("{:#?} {:?}", e, t.elapsed());
}
#[allow(dead_code)]
fn enc_time(path: &str) {
    let inst = Arc::new(csp_timetabling::yaml::read(std::path::Path::new(path)).unwrap());
    let t = std::time::Instant::now();
    let e = csp_timetabling::encode::encode(&inst);
    println!(
        "encode {:?}: {} vars {} constraints",
        t.elapsed(),
        e.model.num_vars(),
        e.model.num_constraints()
    );
}
