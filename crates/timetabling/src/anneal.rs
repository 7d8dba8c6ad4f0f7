//! Simulated annealing over a neighbourhood, shared by the local searches: moves of
//! occurrences on complete timetables ([`crate::solve::LocalSearch`]), Kempe chains on slot
//! assignments ([`crate::kempe`]) and classes' times and rooms in ITC 2019
//! ([`crate::university`]).
//!
//! A worsening move of `d` is accepted with probability `e^(−d/T)`; the temperature `T`
//! falls geometrically from `hot` to `cold` over a *round*, and a run holds one or more
//! rounds (see `Cooling`).

use csp_core::heuristics::SplitMix64;
use std::time::{Duration, Instant};

/// A neighbourhood the annealer walks.
pub(crate) trait Neighbourhood {
    /// Makes a random move and returns its change of cost, or `None` when the move drawn is
    /// not possible or would break a hard rule (then nothing changed).
    fn try_move(&mut self, rng: &mut SplitMix64) -> Option<i64>;
    /// Keeps the move just tried.
    fn keep(&mut self);
    /// Undoes the move just tried.
    fn undo(&mut self);
    /// The current state is the best so far, at `cost`.
    fn new_best(&mut self, cost: u64);
    /// Goes back to the best state (a restart, [`Cooling::Restarts`]).
    fn restore_best(&mut self);
}

/// How the temperature falls.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Cooling {
    /// By the clock, in `rounds` rounds of equal length, each from `hot` where the last one
    /// cooled down: the best of several anneals beats one slow one.
    Rounds(f64),
    /// By the moves since the last improvement, over this many moves (which also ends the
    /// run): a run repeats exactly for a seed, whatever the machine.
    Patience(u64),
    /// By the clock, one round over the time left; a round that ends, or that has gone
    /// `stall` moves without improving past half its time, restarts from the best state at
    /// `hot × reheat`.
    Restarts {
        /// Moves without improvement that end a round early (past its half).
        stall: u64,
        /// The restarts' share of `hot`.
        reheat: f64,
    },
}

/// A run's plan.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plan {
    /// The starting temperature.
    pub(crate) hot: f64,
    /// The final temperature of a round.
    pub(crate) cold: f64,
    /// Stop by then.
    pub(crate) deadline: Instant,
    /// How the temperature falls.
    pub(crate) cooling: Cooling,
    /// Moves between looks at the clock (and temperature updates).
    pub(crate) check_every: u64,
    /// Stop after this many moves tried (benchmarks: a fixed amount of work).
    pub(crate) max_moves: Option<u64>,
}

/// What a run did.
#[derive(Debug, Clone, Copy, Default)]
pub struct Stats {
    /// Moves tried (including those not possible).
    pub tried: u64,
    /// Moves accepted.
    pub accepted: u64,
    /// Restarts from the best state.
    pub reheats: u64,
}

/// The mean cost increase of `samples` random moves tried and undone (`None` when none
/// worsened): the scale of a neighbourhood's temperatures.
pub(crate) fn mean_worsening(
    n: &mut impl Neighbourhood,
    rng: &mut SplitMix64,
    samples: u32,
) -> Option<f64> {
    let (mut sum, mut ups) = (0f64, 0u32);
    for _ in 0..samples {
        if let Some(d) = n.try_move(rng) {
            n.undo();
            if d > 0 {
                sum += d as f64;
                ups += 1;
            }
        }
    }
    (ups > 0).then(|| sum / f64::from(ups))
}

/// Anneals from a state of cost `cost` until the plan ends, a stop is requested, or the cost
/// reaches 0; calls [`Neighbourhood::new_best`] at each improvement. Returns the best cost.
pub(crate) fn anneal(
    n: &mut impl Neighbourhood,
    rng: &mut SplitMix64,
    cost: u64,
    plan: &Plan,
    stats: &mut Stats,
) -> u64 {
    let began = Instant::now();
    let total = plan.deadline.saturating_duration_since(began);
    let mut round = Round {
        start: began,
        length: total.max(Duration::from_millis(1)),
        top: plan.hot,
    };
    let mut temp = plan.hot;
    let mut cost = cost as i64;
    let mut best = cost;
    let mut last_better = stats.tried;
    loop {
        let since_better = stats.tried - last_better;
        if let Cooling::Patience(p) = plan.cooling
            && since_better > p
        {
            break;
        }
        if plan.max_moves.is_some_and(|m| stats.tried >= m) {
            break;
        }
        if stats.tried.is_multiple_of(plan.check_every) {
            let now = Instant::now();
            if now >= plan.deadline || csp_core::termination::stop_requested() {
                break;
            }
            let f = (now - round.start).as_secs_f64() / round.length.as_secs_f64();
            let progress = match plan.cooling {
                Cooling::Rounds(rounds) => (f * rounds).fract(),
                Cooling::Patience(p) => since_better as f64 / p as f64,
                Cooling::Restarts { stall, reheat } => {
                    if f >= 1.0 || (since_better > stall && f > 0.5) {
                        stats.reheats += 1;
                        n.restore_best();
                        cost = best;
                        last_better = stats.tried;
                        round = Round {
                            start: now,
                            length: plan
                                .deadline
                                .saturating_duration_since(now)
                                .max(Duration::from_millis(1)),
                            top: plan.hot * reheat,
                        };
                    }
                    (now - round.start).as_secs_f64() / round.length.as_secs_f64()
                }
            };
            temp = round.top * (plan.cold / round.top).powf(progress.min(1.0));
        }
        stats.tried += 1;
        let Some(d) = n.try_move(rng) else {
            continue;
        };
        if d <= 0 || rng.unit() < (-(d as f64) / temp).exp() {
            n.keep();
            stats.accepted += 1;
            cost += d;
            if cost < best {
                best = cost;
                last_better = stats.tried;
                n.new_best(best as u64);
                if best == 0 {
                    break;
                }
            }
        } else {
            n.undo();
        }
    }
    best as u64
}

/// One round of cooling.
struct Round {
    start: Instant,
    length: Duration,
    top: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers on a line, cost = distance of their sum to a target; a move changes one by ±1.
    struct Line {
        xs: Vec<i64>,
        target: i64,
        last: Option<(usize, i64)>,
        best: Vec<i64>,
    }

    impl Line {
        fn cost(&self) -> i64 {
            (self.xs.iter().sum::<i64>() - self.target).abs()
        }
    }

    impl Neighbourhood for Line {
        fn try_move(&mut self, rng: &mut SplitMix64) -> Option<i64> {
            let i = rng.index(self.xs.len());
            let step = if rng.index(2) == 0 { -1 } else { 1 };
            let before = self.cost();
            self.xs[i] += step;
            self.last = Some((i, step));
            Some(self.cost() - before)
        }
        fn keep(&mut self) {}
        fn undo(&mut self) {
            let (i, step) = self.last.take().unwrap();
            self.xs[i] -= step;
        }
        fn new_best(&mut self, cost: u64) {
            assert_eq!(cost as i64, self.cost());
            self.best.clone_from(&self.xs);
        }
        fn restore_best(&mut self) {
            self.xs.clone_from(&self.best);
        }
    }

    fn line() -> Line {
        Line {
            xs: vec![0; 5],
            target: 40,
            last: None,
            best: vec![0; 5],
        }
    }

    fn plan(cooling: Cooling) -> Plan {
        Plan {
            hot: 2.0,
            cold: 0.01,
            deadline: Instant::now() + Duration::from_secs(60),
            cooling,
            check_every: 16,
            max_moves: None,
        }
    }

    #[test]
    fn every_cooling_reaches_the_optimum_and_reports_each_improvement() {
        for cooling in [
            Cooling::Rounds(3.0),
            Cooling::Patience(10_000),
            Cooling::Restarts {
                stall: 1_000,
                reheat: 0.3,
            },
        ] {
            let mut l = line();
            let mut stats = Stats::default();
            let best = anneal(
                &mut l,
                &mut SplitMix64::new(7),
                40,
                &plan(cooling),
                &mut stats,
            );
            assert_eq!(best, 0, "{cooling:?}");
            assert_eq!(l.cost(), 0, "{cooling:?}: the state is the best one");
            assert!(stats.accepted <= stats.tried && stats.tried > 0);
        }
    }

    #[test]
    fn patience_ends_a_run_that_cannot_improve_and_repeats_for_a_seed() {
        let run = || {
            let mut l = line();
            l.target = 0;
            let mut stats = Stats::default();
            let p = plan(Cooling::Patience(500));
            (
                anneal(&mut l, &mut SplitMix64::new(3), 0, &p, &mut stats),
                stats.tried,
            )
        };
        // Already at cost 0 with no improvement possible: ends after the patience.
        let (best, tried) = run();
        assert_eq!(best, 0);
        assert_eq!(tried, 501);
        assert_eq!(run(), (best, tried));
    }

    #[test]
    fn max_moves_is_honoured() {
        let mut l = line();
        l.target = 1_000_000;
        let mut p = plan(Cooling::Rounds(1.0));
        p.max_moves = Some(1234);
        let mut stats = Stats::default();
        anneal(&mut l, &mut SplitMix64::new(1), 1_000_000, &p, &mut stats);
        assert_eq!(stats.tried, 1234);
    }

    #[test]
    fn mean_worsening_undoes_what_it_tries() {
        let mut l = line();
        let m = mean_worsening(&mut l, &mut SplitMix64::new(9), 100).unwrap();
        assert_eq!(m, 1.0);
        assert_eq!(l.xs, vec![0; 5]);
    }
}
