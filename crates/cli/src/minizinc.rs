//! `csp minizinc install`: makes csp a solver MiniZinc can pick (`minizinc --solver csp`).

use anyhow::{Context, Result};
use clap::{Args, Subcommand};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// `csp minizinc …`
#[derive(Args, Debug)]
pub(crate) struct MinizincArgs {
    #[command(subcommand)]
    command: MinizincCommand,
}

#[derive(Subcommand, Debug)]
enum MinizincCommand {
    /// Write csp's solver configuration (`csp.msc`), its library (`csp/mznlib/`) and the
    /// script MiniZinc runs (`csp/fzn-csp`, which calls this `csp fzn`) into MiniZinc's solver
    /// folder; then `minizinc --solver csp model.mzn data.dzn` works (MiniZinc 2.6 or newer).
    Install {
        /// The solver folder (default: `~/.minizinc/solvers`, which MiniZinc searches).
        #[arg(long, value_name = "DIR")]
        dir: Option<PathBuf>,
    },
}

/// Runs `csp minizinc`.
pub(crate) fn run(args: &MinizincArgs) -> Result<ExitCode> {
    match &args.command {
        MinizincCommand::Install { dir } => install(dir.as_deref()),
    }
}

fn install(dir: Option<&Path>) -> Result<ExitCode> {
    let dir = match dir {
        Some(d) => d.to_path_buf(),
        None => {
            let home = std::env::var_os("HOME").context("HOME is not set; give --dir")?;
            PathBuf::from(home).join(".minizinc").join("solvers")
        }
    };
    let csp = std::env::current_exe().context("cannot find the running csp binary")?;
    let csp = csp.canonicalize().unwrap_or(csp);
    let home = dir.join("csp");
    let lib = home.join("mznlib");
    std::fs::create_dir_all(&lib).with_context(|| format!("{}: cannot create", lib.display()))?;
    for (name, text) in csp_flatzinc::mznlib::FILES {
        let path = lib.join(name);
        std::fs::write(&path, text).with_context(|| format!("{}: cannot write", path.display()))?;
    }
    let script = home.join("fzn-csp");
    let quoted = csp.display().to_string().replace('\'', r"'\''");
    std::fs::write(&script, format!("#!/bin/sh\nexec '{quoted}' fzn \"$@\"\n"))
        .with_context(|| format!("{}: cannot write", script.display()))?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&script, std::fs::Permissions::from_mode(0o755))
            .with_context(|| format!("{}: cannot make executable", script.display()))?;
    }
    let msc = dir.join("csp.msc");
    let config = csp_flatzinc::mznlib::solver_config(
        &lib.display().to_string(),
        &script.display().to_string(),
        env!("CARGO_PKG_VERSION"),
    );
    std::fs::write(&msc, config).with_context(|| format!("{}: cannot write", msc.display()))?;
    println!(
        "installed: {} (library {}, running {})",
        msc.display(),
        lib.display(),
        csp.display()
    );
    println!("try: minizinc --solver csp model.mzn data.dzn");
    Ok(ExitCode::SUCCESS)
}
