//! The machine a study ran on, and the CPU time of a run.
//!
//! Timings from a shared machine mislead unless the reader knows the machine and its load,
//! so every report records them; runs are timed in CPU time of the thread that ran them
//! (Linux: `CLOCK_THREAD_CPUTIME_ID`), which other processes on the machine do not inflate.

use serde::{Deserialize, Serialize};
use std::time::Duration;

/// What a study ran on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Machine {
    /// The processor's model name (`unknown` when the system does not say).
    pub cpu: String,
    /// Logical cores the process may use.
    pub cores: usize,
    /// The 1-minute load average when the study started (Linux), `None` elsewhere.
    pub load: Option<f64>,
    /// Operating system and architecture.
    pub os: String,
    /// Whether run times are CPU times of the running thread (else wall times).
    pub cpu_time: bool,
}

impl Machine {
    /// This machine, now.
    pub fn here() -> Machine {
        let cpu = std::fs::read_to_string("/proc/cpuinfo")
            .ok()
            .and_then(|s| {
                s.lines()
                    .find(|l| l.starts_with("model name"))
                    .and_then(|l| l.split_once(':'))
                    .map(|(_, v)| v.trim().to_string())
            })
            .unwrap_or_else(|| "unknown".into());
        let load = std::fs::read_to_string("/proc/loadavg")
            .ok()
            .and_then(|s| s.split_whitespace().next()?.parse().ok());
        Machine {
            cpu,
            cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            load,
            os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
            cpu_time: thread_cpu_time().is_some(),
        }
    }
}

impl std::fmt::Display for Machine {
    /// `Intel(R) Xeon(R) …, 2 cores, load 0.41, linux x86_64; times are CPU times`
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}, {} cores", self.cpu, self.cores)?;
        if let Some(l) = self.load {
            write!(f, ", load {l:.2}")?;
        }
        write!(
            f,
            ", {}; times are {}",
            self.os,
            if self.cpu_time {
                "CPU times"
            } else {
                "wall times"
            }
        )
    }
}

/// The CPU time the calling thread has used so far, where the system can say.
pub fn thread_cpu_time() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        use nix::time::{ClockId, clock_gettime};
        clock_gettime(ClockId::CLOCK_THREAD_CPUTIME_ID)
            .ok()
            .map(Duration::from)
    }
    #[cfg(not(target_os = "linux"))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cpu_time_grows_with_work_and_the_machine_is_described() {
        let m = Machine::here();
        assert!(m.cores >= 1);
        assert!(m.to_string().contains("cores"));
        if let Some(t0) = thread_cpu_time() {
            let mut x = 0u64;
            for i in 0..5_000_000u64 {
                x = x.wrapping_mul(31).wrapping_add(i);
            }
            std::hint::black_box(x);
            assert!(thread_cpu_time().unwrap() > t0);
        }
    }
}
