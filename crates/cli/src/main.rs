//! `csp`: solve, count, colour, study and trace constraint problems from the command line.
//!
//! One module per job (`solve`, `graph`, `colour/`, `sudoku/`, `sat`, `timetable`, `study`, `serve`,
//! `shell` for completions and manual pages), each a short handler
//! over the libraries; the flags they share are in [`args`], the status vocabulary and exit
//! codes in [`report`], the progress display in [`progress`], the reading of inputs (and the
//! hint for a file of another kind) in [`input`].

mod args;
mod colour;
mod data;
mod fzn;
mod graph;
mod input;
mod minizinc;
mod progress;
mod report;
mod sat;
#[cfg(feature = "serve")]
mod serve;
mod shell;
mod solve;
#[cfg(feature = "study")]
mod study;
mod sudoku;
mod timetable;

use clap::{CommandFactory, Parser, Subcommand};
use std::process::ExitCode;

const EXIT_CODES: &str = "Exit codes: 0 an answer (satisfiable: a solution found, or the best \
found when not proved optimal; optimal; valid; done), 1 none (unsatisfiable, or unknown: a limit \
came before any answer; invalid), 2 error (bad input, bad arguments), 130 interrupted by Ctrl-C \
(the best known is printed; a second Ctrl-C ends at once). `--json` prints a `status` of \
satisfiable, optimal, unsatisfiable, unknown, valid, invalid or done, and `instance`; times \
are in seconds.";

/// A constraint-satisfaction toolkit: model, solve and study combinatorial problems.
#[derive(Parser, Debug)]
#[command(name = "csp", version, after_help = EXIT_CODES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Solve a YAML model (`kind: csp`): first solution, count, or all solutions.
    #[command(after_help = EXIT_CODES)]
    Solve(solve::SolveArgs),
    /// Colour a graph: k-colouring, or the chromatic number with a proof; `colour bench DIR`
    /// runs the benchmark.
    #[command(after_help = EXIT_CODES, alias = "color")]
    Colour(colour::ColourArgs),
    /// Sudoku of any box size: solve, rate, explain, hint, generate, bench.
    #[command(after_help = EXIT_CODES)]
    Sudoku(sudoku::SudokuArgs),
    /// Solve a DIMACS CNF formula (SAT competition output: `s SATISFIABLE` and `v … 0`
    /// lines); `--dpll` uses the small teaching solver, `--count N` counts models.
    #[command(after_help = EXIT_CODES)]
    Sat(sat::SatArgs),
    /// Timetables (`kind: timetable`): solve, check, explain, report, generate.
    #[command(after_help = EXIT_CODES)]
    Timetable(timetable::TimetableArgs),
    #[cfg(feature = "study")]
    /// Compare search strategies over sets of instances (`kind: study`): tables per set,
    /// every run's row in a resumable results file.
    Study(study::StudyArgs),
    #[cfg(feature = "serve")]
    /// The toolkit in a browser: a local web server with the sudoku board, hints that teach
    /// and graph colouring, and the JSON API it uses.
    Serve(serve::ServeArgs),
    /// Solve a FlatZinc model (what `minizinc --solver csp` runs): MiniZinc's flags
    /// (-a -i -f -n -t MS -s -p -r) and output.
    Fzn(fzn::FznArgs),
    /// MiniZinc: `csp minizinc install` makes csp a solver `minizinc --solver csp` runs.
    Minizinc(minizinc::MinizincArgs),
    /// Show a model's constraint graph: a degree summary, or Graphviz DOT with --dot.
    #[command(after_help = EXIT_CODES)]
    Graph(graph::GraphArgs),
    /// Print the completion script for a shell (`csp completions bash > ~/.local/share/bash-completion/completions/csp`).
    Completions(shell::CompletionsArgs),
    /// Print the manual page (`csp man | man -l -`), or write every page with `--out DIR`.
    Man(shell::ManArgs),
}

/// A reader that closes the pipe early (`csp … | head -1`) ends the run quietly: `print!`
/// panics on a closed stdout, so the panic hook turns exactly that panic into a plain exit
/// (as the broken-pipe error below does for writes that return their error).
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let text = info
            .payload()
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| info.payload().downcast_ref::<&str>().copied())
            .unwrap_or("");
        if text.starts_with("failed printing to stdout") && text.contains("Broken pipe") {
            std::process::exit(0);
        }
        default(info);
    }));
}

fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    // Ctrl-C asks every search to stop; each ends as on a time limit, printing what it knows,
    // and the exit code says it was interrupted. A second Ctrl-C ends at once.
    let _ = ctrlc::set_handler(|| {
        if csp_core::termination::stop_requested() {
            std::process::exit(130);
        }
        csp_core::termination::request_stop();
    });
    let result = match cli.command {
        Command::Solve(a) => solve::run(&a),
        Command::Colour(a) => colour::run(&a),
        Command::Sudoku(a) => sudoku::run(&a),
        Command::Sat(a) => sat::run(&a),
        Command::Graph(a) => graph::run(&a),
        Command::Fzn(a) => fzn::run(&a),
        Command::Minizinc(a) => minizinc::run(&a),
        Command::Timetable(a) => timetable::run(&a),
        Command::Completions(a) => shell::completions(&a, Cli::command()),
        Command::Man(a) => shell::man(&a, Cli::command()),
        #[cfg(feature = "study")]
        Command::Study(a) => study::run(&a),
        #[cfg(feature = "serve")]
        Command::Serve(a) => serve::run(&a),
    };
    match result {
        Ok(_) if csp_core::termination::stop_requested() => {
            eprintln!("interrupted: what was known at that moment is printed above");
            ExitCode::from(130)
        }
        Ok(code) => code,
        // A closed pipe (`csp … | head`) is the reader's choice, not an error.
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("error: {}", message(&e));
            if csp_core::termination::stop_requested() {
                ExitCode::from(130)
            } else {
                ExitCode::from(2)
            }
        }
    }
}

/// The error and its causes, each said once: a cause whose text its parent already
/// includes (an OS message inside "file: message") is not repeated.
fn message(e: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in e.chain() {
        let c = cause.to_string();
        if !text.contains(&c) {
            if !text.is_empty() {
                text.push_str(": ");
            }
            text.push_str(&c);
        }
    }
    text
}
