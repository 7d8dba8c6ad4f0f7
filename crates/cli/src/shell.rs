//! `csp completions SHELL` and `csp man`: shell completion scripts and manual pages, generated
//! from the same definitions as `--help`, so that they cannot drift from the flags.

use anyhow::{Context, Result};
use clap::Args;
use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;

/// `csp completions …`
#[derive(Args, Debug)]
pub(crate) struct CompletionsArgs {
    /// The shell: bash, zsh, fish, powershell or elvish.
    #[arg(value_enum)]
    shell: clap_complete::Shell,
}

/// `csp man …`
#[derive(Args, Debug)]
pub(crate) struct ManArgs {
    /// Write `csp.1` and a page per subcommand (`csp-solve.1`, `csp-sudoku-hint.1`, …) into
    /// this folder (created if missing) instead of printing `csp.1`.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// Prints the completion script for `a.shell`.
pub(crate) fn completions(a: &CompletionsArgs, mut cmd: clap::Command) -> Result<ExitCode> {
    // Into a buffer first: the generator panics on a write error, and a reader that stops
    // early (`| head`) is no error.
    let mut script = Vec::new();
    clap_complete::generate(a.shell, &mut cmd, "csp", &mut script);
    let mut out = std::io::stdout().lock();
    out.write_all(&script)?;
    out.flush()?;
    Ok(ExitCode::SUCCESS)
}

/// Prints `csp.1`, or writes every page into `a.out`.
pub(crate) fn man(a: &ManArgs, cmd: clap::Command) -> Result<ExitCode> {
    match &a.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            clap_mangen::generate_to(cmd, dir)
                .with_context(|| format!("cannot write the pages into {}", dir.display()))?;
        }
        None => {
            let mut out = std::io::stdout().lock();
            clap_mangen::Man::new(cmd).render(&mut out)?;
            out.flush()?;
        }
    }
    Ok(ExitCode::SUCCESS)
}
