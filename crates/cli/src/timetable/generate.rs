//! `csp timetable generate`: a realistic school week of any size.

use anyhow::{Result, bail};
use clap::Args;
use csp_timetabling::yaml;
use std::io::Write;
use std::process::ExitCode;

#[derive(Args, Debug)]
pub(super) struct GenerateArgs {
    /// About this many lesson occurrences (26 per class).
    #[arg(long, short = 'n', default_value_t = 500)]
    occurrences: usize,
    /// Seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
}

pub(super) fn run(a: &GenerateArgs) -> Result<ExitCode> {
    if a.occurrences == 0 || a.occurrences > yaml::MAX_OCCURRENCES {
        bail!(
            "--occurrences: expected 1 to {}, found {}",
            yaml::MAX_OCCURRENCES,
            a.occurrences
        );
    }
    let mut out = std::io::stdout().lock();
    out.write_all(csp_timetabling::generate::school(a.occurrences, a.seed).as_bytes())?;
    Ok(ExitCode::SUCCESS)
}
