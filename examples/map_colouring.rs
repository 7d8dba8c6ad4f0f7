//! Map colouring of Australia: the first solution, the count, and the proof that two
//! colours are not enough.
//!
//! ```text
//! cargo run --release --example map_colouring
//! ```

use csp_core::{Outcome, Search, SearchConfig, VarOrder};
use csp_examples::{AUSTRALIA, map_colouring};

fn main() {
    let (regions, borders) = AUSTRALIA;
    let colours = ["red", "green", "blue"];
    let model = map_colouring(regions, borders, 3);
    let config = SearchConfig {
        var_order: VarOrder::MostConstrained,
        ..SearchConfig::default()
    };
    let mut search = Search::new(&model, config.clone());
    match search.solve() {
        Outcome::Satisfiable(s) => {
            for x in model.vars() {
                println!("{:>3} = {}", model.name(x), colours[s.value(x) as usize]);
            }
            model
                .verify(s.values())
                .expect("a solution satisfies every border");
        }
        other => println!("{other:?}"),
    }
    let count = Search::new(&model, config.clone()).count(u64::MAX);
    println!("{} ways to colour Australia with 3 colours", count.count);
    let two = map_colouring(regions, borders, 2);
    let outcome = Search::new(&two, config).solve();
    println!(
        "with 2 colours: {}",
        if outcome == Outcome::Unsatisfiable {
            "impossible (proved)"
        } else {
            "?"
        }
    );
}
