//! Two local searches sharing their time: the [`Resumable`] trait they implement and the
//! schedule of their turns ([`take_turns`]).

use crate::encode::Colouring;
use crate::graph::Graph;
use std::time::{Duration, Instant};

/// A local search for a proper colouring that can be paused and resumed: each turn goes on
/// from where the last one stopped, so that two searches can share their time in slices.
pub(crate) trait Resumable {
    /// Goes on until `pause` (checked between steps) or `deadline` (checked inside them
    /// too); returns the proper colouring once found (and on every later call).
    fn turn(&mut self, g: &Graph, pause: Instant, deadline: Instant) -> Option<Colouring>;

    /// The best cost so far, lower being better (conflicting edges, uncoloured vertices): a
    /// turn that lowers it made progress.
    fn best_cost(&self) -> i64;

    /// Whether the search has stalled: its best cost unchanged for long, and for at least
    /// as long as it took to reach it.
    fn stalled(&self) -> bool;
}

/// The lengths of the two searches' turns in [`take_turns`].
#[derive(Debug, Clone, Copy)]
pub(crate) struct TurnLengths {
    /// Every turn of the first search.
    pub(crate) first: Duration,
    /// The second search's first turn; later ones double while the first brings nothing.
    pub(crate) second: Duration,
}

/// `first` alone until it stalls, then `second` (built at its first turn: most calls never
/// need it) taking turns with it until `until` or a colouring; [`Turns::next`] gives the
/// second search's turns.
pub(crate) fn take_turns<A: Resumable, B: Resumable>(
    g: &Graph,
    first: &mut A,
    second: impl FnOnce() -> B,
    lengths: TurnLengths,
    until: Instant,
) -> Option<Colouring> {
    let mut second = Some(second);
    let mut built = None;
    let mut turns = Turns::new(lengths.second);
    // Until the deadline or a stop request (another thread's colouring, Ctrl-C): both searches
    // return at once then, so a loop on the clock alone would spin until `until`.
    while !csp_core::termination::past(Some(until)) {
        let pause = until.min(Instant::now() + lengths.first);
        let before = first.best_cost();
        if let Some(c) = first.turn(g, pause, until) {
            return Some(c);
        }
        let Some(turn) = turns.next(first.stalled(), first.best_cost() < before) else {
            continue;
        };
        let b = built.get_or_insert_with(|| (second.take().expect("built once"))());
        let pause = until.min(Instant::now() + turn);
        if let Some(c) = b.turn(g, pause, until) {
            return Some(c);
        }
    }
    None
}

/// The second search's turns in [`take_turns`], decided after each turn of the first.
#[derive(Debug)]
pub(crate) struct Turns {
    /// The second search's first turn.
    initial: Duration,
    /// Whether the first search has stalled, ever.
    stalled: bool,
    /// The second search's last turn, if it has had one.
    last: Option<Duration>,
}

impl Turns {
    /// No turn yet; the first will last `initial`.
    pub(crate) fn new(initial: Duration) -> Self {
        Turns {
            initial,
            stalled: false,
            last: None,
        }
    }

    /// The second search's turn after a turn of the first, if it gets one: `stalled`,
    /// whether the first has stalled now ([`Resumable::stalled`]); `improved`, whether its
    /// turn lowered its best cost.
    ///
    /// None before the first stall, then the initial turn. Once stalled, for good: a small
    /// improvement later would otherwise hold the second search back until the first had
    /// stalled again for as long as it ran. Each later turn is twice the last, or back to
    /// the initial one after a turn of the first that improved: so the second search gets
    /// nearly all of the time while the first brings nothing, and the first still has a
    /// turn now and then (`docs/measurements/colouring-kernels.md`).
    pub(crate) fn next(&mut self, stalled: bool, improved: bool) -> Option<Duration> {
        self.stalled |= stalled;
        if !self.stalled {
            return None;
        }
        let turn = match self.last {
            Some(last) if !improved => last.saturating_mul(2),
            _ => self.initial,
        };
        self.last = Some(turn);
        Some(turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn second_turns_begin_at_the_first_stall_and_keep_on_after_it() {
        let mut turns = Turns::new(Duration::from_secs(3));
        let secs = |t: Option<Duration>| t.map(|t| t.as_secs());
        // Not stalled: no turn, better children or not.
        assert_eq!(secs(turns.next(false, true)), None);
        assert_eq!(secs(turns.next(false, false)), None);
        // The first stall: the first turn, better child or not.
        assert_eq!(secs(turns.next(true, true)), Some(3));
        // A better child ends the stall, but not the turns: back to the first length...
        assert_eq!(secs(turns.next(false, true)), Some(3));
        // ... and doubling while nothing better comes, stalled again or not.
        assert_eq!(secs(turns.next(false, false)), Some(6));
        assert_eq!(secs(turns.next(true, false)), Some(12));
    }

    #[test]
    fn second_turns_double_until_the_first_search_improves() {
        let mut turns = Turns::new(Duration::from_secs(3));
        assert_eq!(turns.next(true, false), Some(Duration::from_secs(3)));
        let lengths: Vec<u64> = [false, false, false, true, false]
            .into_iter()
            .map(|improved| turns.next(false, improved).unwrap().as_secs())
            .collect();
        assert_eq!(lengths, [6, 12, 24, 3, 6]);
        // No overflow however long the run.
        turns.last = Some(Duration::MAX);
        assert_eq!(turns.next(false, false), Some(Duration::MAX));
    }

    /// A search that finds its colouring at its `n`-th turn, counting turns, never stalling
    /// unless told.
    struct Scripted {
        turns: u32,
        finds_at: u32,
        stalls: bool,
    }

    impl Resumable for Scripted {
        fn turn(&mut self, g: &Graph, _: Instant, _: Instant) -> Option<Colouring> {
            self.turns += 1;
            (self.turns >= self.finds_at).then(|| Colouring {
                colours: vec![0; g.len()],
            })
        }
        fn best_cost(&self) -> i64 {
            1
        }
        fn stalled(&self) -> bool {
            self.stalls
        }
    }

    #[test]
    fn the_second_search_is_built_only_once_the_first_stalls() {
        let g = Graph::new(3);
        let lengths = TurnLengths {
            first: Duration::from_millis(1),
            second: Duration::from_millis(1),
        };
        let until = Instant::now() + Duration::from_secs(60);
        let mut first = Scripted {
            turns: 0,
            finds_at: 3,
            stalls: false,
        };
        let found = take_turns(
            &g,
            &mut first,
            || -> Scripted { panic!("not stalled: never built") },
            lengths,
            until,
        );
        assert!(found.is_some());
        assert_eq!(first.turns, 3);
        let mut first = Scripted {
            turns: 0,
            finds_at: u32::MAX,
            stalls: true,
        };
        let found = take_turns(
            &g,
            &mut first,
            || Scripted {
                turns: 0,
                finds_at: 2,
                stalls: false,
            },
            lengths,
            until,
        );
        assert!(found.is_some());
        assert_eq!(
            first.turns, 2,
            "the first search's turn comes between the second's"
        );
    }
}
