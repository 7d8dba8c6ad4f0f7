//! The flags every subcommand shares, written once: the input, the limits, the output, and
//! the engine's strategy with its choices typed (the enums of `csp-core`, so `--help` lists
//! them and a bad name is refused by the parser with the list).

use clap::Args;
use clap::builder::{PossibleValuesParser, TypedValueParser};
use csp_core::{Limits, PropagationLevel, Restarts, SearchConfig, ValueOrder, VarOrder};
use csp_model::SolveOptions;
use std::path::PathBuf;
use std::time::{Duration, Instant};

/// A clap parser for an enum named by `names`, parsed by its `FromStr`.
fn choice<T>(names: Vec<&'static str>) -> impl TypedValueParser<Value = T>
where
    T: std::str::FromStr<Err = String> + Clone + Send + Sync + 'static,
{
    PossibleValuesParser::new(names).try_map(|s| s.parse::<T>())
}

/// `--propagation`: its choices.
pub(crate) fn propagation() -> impl TypedValueParser<Value = PropagationLevel> {
    choice(PropagationLevel::ALL.iter().map(|l| l.name()).collect())
}

/// `--var-order`: its choices.
pub(crate) fn var_order() -> impl TypedValueParser<Value = VarOrder> {
    choice(VarOrder::ALL.iter().map(|o| o.name()).collect())
}

/// `--val-order`: its choices.
pub(crate) fn value_order() -> impl TypedValueParser<Value = ValueOrder> {
    choice(ValueOrder::ALL.iter().map(|o| o.name()).collect())
}

/// The last seed of `--seed FIRST --seeds N` (runs with seeds `FIRST..=last`), or the error
/// when it would pass `u64::MAX`.
pub(crate) fn last_seed(first: u64, seeds: u32) -> anyhow::Result<u64> {
    first
        .checked_add(u64::from(seeds.max(1)) - 1)
        .ok_or_else(|| {
            anyhow::anyhow!(
                "--seed {first} with --seeds {seeds}: the last seed would pass {}",
                u64::MAX
            )
        })
}

/// `--time-limit SECONDS`: a number of seconds from 0 to a year.
pub(crate) fn seconds(s: &str) -> Result<Duration, String> {
    let v: f64 = s
        .parse()
        .map_err(|_| format!("expected a number of seconds, found `{s}`"))?;
    csp_model::file::time_limit(v)
}

/// The input file: a path, or `-` (also the default) for standard input.
#[derive(Args, Debug, Clone)]
pub(crate) struct Input {
    /// The input file; `-` or nothing reads standard input.
    #[arg(value_name = "FILE", default_value = "-")]
    pub file: PathBuf,
}

/// `--time-limit` and `--node-limit`.
#[derive(Args, Debug, Clone, Copy)]
pub(crate) struct LimitArgs {
    /// Give up after this many seconds, with the best known so far (`satisfiable`, exit code
    /// 0, when there is one; `unknown`, exit code 1, when not).
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    pub time_limit: Option<Duration>,
    /// Give up after this many search nodes (exit code as for --time-limit).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// When the command started: limits count from here.
    #[arg(skip = Instant::now())]
    pub started: Instant,
}

impl LimitArgs {
    /// The deadline of the command.
    pub(crate) fn deadline(&self) -> Option<Instant> {
        self.time_limit.map(|t| self.started + t)
    }
}

/// `--json` and `--stats`, the same on every subcommand.
#[derive(Args, Debug, Clone, Copy, Default)]
pub(crate) struct OutputArgs {
    /// Print JSON (one object; JSON Lines, one object per line, for batches).
    #[arg(long)]
    pub json: bool,
    /// Print search statistics (on standard output, after the answer).
    #[arg(long)]
    pub stats: bool,
}

/// The engine's strategy flags.
#[derive(Args, Debug, Clone, Default)]
pub(crate) struct EngineArgs {
    /// Propagation at each node.
    #[arg(long, value_name = "LEVEL", value_parser = propagation())]
    pub propagation: Option<PropagationLevel>,
    /// Variable order.
    #[arg(long, value_name = "ORDER", value_parser = var_order())]
    pub var_order: Option<VarOrder>,
    /// Value order (`random` is seeded by --seed).
    #[arg(long, alias = "value-order", value_name = "ORDER", value_parser = value_order())]
    pub val_order: Option<ValueOrder>,
    /// Run AC-3 once before search (with --propagation none or fc).
    #[arg(long)]
    pub root_ac: bool,
    /// Luby restarts for the first solution, this many failures per unit.
    #[arg(long, value_name = "SCALE", num_args = 0..=1, default_missing_value = "100")]
    pub restarts: Option<u64>,
    /// Seed for --val-order random, and for the local search of `csp colour`'s chromatic
    /// number (default 1).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Give up after this many failures.
    #[arg(long, value_name = "N")]
    pub fail_limit: Option<u64>,
}

impl EngineArgs {
    /// Whether any strategy flag was given.
    pub(crate) fn any(&self) -> bool {
        self.propagation.is_some() || self.var_order.is_some() || self.val_order.is_some()
    }

    /// The search configuration: these flags, else the file's options, else `base`.
    pub(crate) fn config(
        &self,
        base: SearchConfig,
        file: &SolveOptions,
        limits: &LimitArgs,
    ) -> SearchConfig {
        let mut c = base;
        if let Some(l) = self.propagation.or(file.propagation) {
            c = c.with_level(l);
        }
        if let Some(v) = self.var_order.or(file.var_order) {
            c.var_order = v;
        }
        if let Some(v) = self.val_order.or(file.value_order) {
            c.value_order = v;
        }
        c.root_arc_consistency |= self.root_ac;
        if let Some(seed) = self.seed.or(file.seed) {
            c.seed = seed;
        }
        if let Some(scale) = self.restarts {
            c.restarts = Some(Restarts {
                scale: scale.max(1),
            });
        }
        c.limits = Limits {
            nodes: limits.node_limit.or(c.limits.nodes),
            failures: self.fail_limit.or(c.limits.failures),
            time: c.limits.time,
            // The command's deadline, counted from when it started (reading included).
            deadline: limits
                .time_limit
                .or(file.time_limit)
                .map(|t| limits.started + t)
                .or(c.limits.deadline),
        };
        c
    }
}
