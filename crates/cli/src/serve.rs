//! `csp serve`: the toolkit in a browser (see `csp-serve`).

use anyhow::{Context, Result};
use clap::Args;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::process::ExitCode;

/// `csp serve …`
#[derive(Args, Debug)]
pub(crate) struct ServeArgs {
    /// The port (0: any free one, printed at the start).
    #[arg(long, default_value_t = 8080)]
    port: u16,
    /// The address to listen on: this machine only unless told otherwise (`0.0.0.0` opens it
    /// to the network).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    host: IpAddr,
    /// Open the page in the default browser.
    #[arg(long)]
    open: bool,
    /// The longest one request may solve, in seconds.
    #[arg(long, value_name = "SECONDS", value_parser = crate::args::seconds, default_value = "10")]
    time_limit: std::time::Duration,
    /// Solves at once; the cores by default.
    #[arg(long)]
    jobs: Option<usize>,
    /// Requests that may wait for a solve slot; one beyond them is answered 503 with
    /// `Retry-After`.
    #[arg(long, default_value_t = 64)]
    queue: usize,
    /// The largest request body, in KiB.
    #[arg(long, default_value_t = 1024)]
    max_body_kib: usize,
}

/// Runs `csp serve` until Ctrl-C.
pub(crate) fn run(args: &ServeArgs) -> Result<ExitCode> {
    let defaults = csp_serve::Config::default();
    let config = csp_serve::Config {
        body_limit: args.max_body_kib.saturating_mul(1024),
        time_limit: args.time_limit,
        jobs: args.jobs.unwrap_or(defaults.jobs).max(1),
        queue: args.queue,
    };
    let addr = SocketAddr::new(args.host, args.port);
    let open = args.open;
    csp_serve::serve_blocking(addr, config, |bound| {
        let url = format!("http://{bound}/");
        println!("csp serve: {url} (Ctrl-C stops)");
        if open {
            open_browser(&url);
        }
    })
    .with_context(|| format!("cannot serve on {addr}"))?;
    Ok(ExitCode::SUCCESS)
}

/// Asks the desktop to open `url`; says so when it cannot.
fn open_browser(url: &str) {
    let opener = if cfg!(target_os = "macos") {
        "open"
    } else if cfg!(windows) {
        "explorer"
    } else {
        "xdg-open"
    };
    if std::process::Command::new(opener)
        .arg(url)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .is_err()
    {
        eprintln!("cannot open a browser ({opener} failed): open {url} yourself");
    }
}
