//! Lower bounds on partial timetables from where the unplaced occurrences may still go.

use super::unit::{Placed, busy_by_day};
use super::unit::{Placements, Unit};
use crate::answer::Placement;
use crate::instance::{Instance, Kind, Requirement};

impl Unit {
    /// A lower bound that also looks at where the unplaced occurrences may still go (when
    /// `p` knows): certain gaps, days out of reach, rooms no longer shared, slots that cost
    /// wherever they go.
    pub(super) fn domain_bound(
        &self,
        inst: &Instance,
        req: &Requirement,
        p: &(impl Placements + ?Sized),
        placed: &[Placed],
        busy: &mut Vec<u64>,
    ) -> u64 {
        let unplaced: Vec<usize> = self
            .occs
            .iter()
            .copied()
            .filter(|&o| p.get(o).is_none())
            .collect();
        if unplaced.is_empty() {
            return 0;
        }
        let mut opts: Vec<Vec<Placement>> = Vec::with_capacity(unplaced.len());
        for &o in &unplaced {
            let mut v = Vec::new();
            if !p.choices(o, &mut |q| v.push(q)) {
                return 0;
            }
            opts.push(v);
        }
        let dur = |o: usize| inst.event_of(o).duration as usize;
        match &req.kind {
            Kind::MaxGapsPerDay(_, v) => {
                busy_by_day(inst, placed, busy);
                let ppd = inst.periods.len();
                let mut total = 0u64;
                for (d, &b) in busy.iter().enumerate() {
                    if b == 0 {
                        continue;
                    }
                    let (lo, hi) = (b.trailing_zeros() as usize, 63 - b.leading_zeros() as usize);
                    let mut certain = 0u64;
                    for per in lo..=hi {
                        if b >> per & 1 == 1 {
                            continue;
                        }
                        let slot = d * ppd + per;
                        let fillable = unplaced.iter().zip(&opts).any(|(&o, os)| {
                            os.iter()
                                .any(|q| q.start <= slot && slot < q.start + dur(o))
                        });
                        if !fillable {
                            certain += 1;
                        }
                    }
                    total += certain.saturating_sub(u64::from(*v));
                }
                total
            }
            Kind::MinDays(_, v) => {
                let mut days: Vec<bool> = vec![false; inst.days.len()];
                for q in placed {
                    days[q.day] = true;
                }
                let have = days.iter().filter(|&&x| x).count() as u64;
                let mut reachable = vec![false; inst.days.len()];
                for os in &opts {
                    for q in os {
                        reachable[inst.day_of(q.start)] = true;
                    }
                }
                let extra = reachable
                    .iter()
                    .zip(&days)
                    .filter(|&(&r, &h)| r && !h)
                    .count() as u64;
                let most = have + extra.min(unplaced.len() as u64);
                u64::from(*v).saturating_sub(most)
            }
            Kind::RoomStability(_) | Kind::SameRoom(_) => {
                let mut rooms: Vec<usize> = placed.iter().filter_map(|q| q.room).collect();
                rooms.sort_unstable();
                rooms.dedup();
                if rooms.is_empty() {
                    return 0;
                }
                let outside = opts.iter().any(|os| {
                    !os.is_empty()
                        && os
                            .iter()
                            .all(|q| q.room.is_some_and(|r| !rooms.contains(&r)))
                });
                (rooms.len() as u64 - 1) + u64::from(outside)
            }
            Kind::AvoidSlots(_, slots) | Kind::PreferSlots(_, slots) => {
                let avoid = matches!(req.kind, Kind::AvoidSlots(..));
                let fixed: u64 = placed
                    .iter()
                    .map(|q| (q.start..q.end).filter(|&s| slots[s] == avoid).count() as u64)
                    .sum();
                let least: u64 = unplaced
                    .iter()
                    .zip(&opts)
                    .map(|(&o, os)| {
                        os.iter()
                            .map(|q| {
                                (q.start..q.start + dur(o))
                                    .filter(|&s| slots[s] == avoid)
                                    .count() as u64
                            })
                            .min()
                            .unwrap_or(0)
                    })
                    .sum();
                fixed + least
            }
            _ => 0,
        }
    }
}
