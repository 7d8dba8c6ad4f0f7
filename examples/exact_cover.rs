//! Exact cover with dancing links: n-queens (secondary diagonal columns) and pentomino
//! tilings, with Knuth's counters.
//!
//! ```text
//! cargo run --release --example exact_cover -- queens 8          # 92 solutions
//! cargo run --release --example exact_cover -- pentominoes 6 10  # a tiling; 2,339 up to symmetry
//! ```

use csp_exact_cover::problems::{pentominoes, queens};
use csp_exact_cover::{Dlx, verify};

fn usage() -> ! {
    eprintln!("usage: exact_cover queens N | exact_cover pentominoes ROWS COLS");
    std::process::exit(2)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let num = |i: usize| -> usize {
        args.get(i)
            .and_then(|a| a.parse().ok())
            .unwrap_or_else(|| usage())
    };
    match args.first().map(String::as_str) {
        Some("queens") => {
            let n = num(1);
            let m = queens(n);
            let mut dlx = Dlx::new(&m);
            let mut count = 0u64;
            while let Some(s) = dlx.next_solution() {
                assert_eq!(verify(&m, s), Ok(()));
                count += 1;
            }
            let st = dlx.stats();
            println!(
                "{n}-queens: {count} solutions ({} rows × {} columns; {} nodes, {} updates, {:.3} s)",
                m.num_rows(),
                m.num_columns(),
                st.nodes,
                st.updates,
                st.elapsed.as_secs_f64()
            );
        }
        Some("pentominoes") => {
            let (rows, cols) = (num(1), num(2));
            if rows * cols != 60 {
                eprintln!(
                    "the twelve pentominoes cover 60 cells; {rows}×{cols} is {}",
                    rows * cols
                );
                std::process::exit(2);
            }
            let p = pentominoes(rows, cols, true);
            let mut dlx = Dlx::new(&p.matrix);
            match dlx.next_solution() {
                Some(s) => {
                    assert_eq!(verify(&p.matrix, s), Ok(()));
                    print!("{}", p.picture(s));
                }
                None => println!("no tiling"),
            }
            let mut dlx = Dlx::new(&p.matrix);
            let c = dlx.count(u64::MAX);
            let st = dlx.stats();
            println!(
                "{rows}×{cols}: {} tilings with the X in one quarter ({} nodes, {} updates, {:.3} s)",
                c.count,
                st.nodes,
                st.updates,
                st.elapsed.as_secs_f64()
            );
        }
        _ => usage(),
    }
}
