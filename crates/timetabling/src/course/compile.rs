//! The course model from an instance, when the instance is of the kind it prices exactly.

use super::CourseModel;
use crate::instance::{EventSel, Instance, Kind, RoomNeed, Style};

impl CourseModel {
    /// The model of `inst`, or `None` when the instance asks for something it does not
    /// price: exam-style rooms, lessons longer than a period, fixed slots, events without a
    /// room, hard requirements, or soft ones other than `room_capacity`, `min_days` (per
    /// event), `isolated` and `room_stability`.
    pub fn new(inst: &Instance) -> Option<CourseModel> {
        if inst.style != Style::Course
            || !inst.hard.is_empty()
            || inst.rooms.is_empty()
            || inst.occurrences.len() > usize::from(u16::MAX)
        {
            return None;
        }
        let ok_event = |e: &crate::instance::Event| {
            e.duration == 1 && e.fixed.is_empty() && !matches!(e.room, RoomNeed::None)
        };
        if !inst.events.iter().all(ok_event) {
            return None;
        }
        let (slots, rooms, n_res) = (inst.num_slots(), inst.rooms.len(), inst.resources.len());
        let events = inst.events.len();
        let mut m = CourseModel {
            slots,
            periods: inst.periods_per_day(),
            days: inst.days.len(),
            rooms,
            course: inst.occurrences.iter().map(|o| o.event as u32).collect(),
            lectures: (0..events).map(|e| inst.occurrences_of(e)).collect(),
            course_slots: Vec::with_capacity(events),
            slot_ok: vec![false; events * slots],
            course_rooms: Vec::with_capacity(events),
            room_ok: vec![false; events * rooms],
            open: (0..rooms * slots)
                .map(|i| !inst.rooms[i / slots].unavailable[i % slots])
                .collect(),
            uses: Vec::with_capacity(events),
            users: vec![Vec::new(); n_res + events],
            isolated: vec![0; n_res + events],
            seats: vec![0; events * rooms],
            stability: vec![0; events],
            min_days: vec![Vec::new(); events],
            shares: Vec::new(),
            link_by_bits: false,
        };
        for (e, ev) in inst.events.iter().enumerate() {
            let may = |s: usize| {
                !inst.blocked[s]
                    && !ev.forbidden[s]
                    && ev.allowed.as_ref().is_none_or(|a| a[s])
                    && ev.uses.iter().all(|&r| !inst.resources[r].unavailable[s])
            };
            let list: Vec<u32> = (0..slots).filter(|&s| may(s)).map(|s| s as u32).collect();
            for &s in &list {
                m.slot_ok[e * slots + s as usize] = true;
            }
            m.course_slots.push(list);
            let list: Vec<u32> = (0..rooms)
                .filter(|&r| inst.room_suits(e, r))
                .map(|r| r as u32)
                .collect();
            for &r in &list {
                m.room_ok[e * rooms + r as usize] = true;
            }
            m.course_rooms.push(list);
            let mut uses: Vec<u32> = ev.uses.iter().map(|&r| r as u32).collect();
            uses.push((n_res + e) as u32);
            for &q in &uses {
                m.users[q as usize].push(e as u32);
            }
            m.uses.push(uses);
        }
        for req in &inst.soft {
            m.price(inst, &req.kind, req.weight)?;
        }
        if events <= super::SHARE_MATRIX_COURSES {
            m.shares = m.share_matrix();
            m.link_by_bits = rooms >= super::LINK_BY_BITS_FROM_ROOMS;
        }
        Some(m)
    }

    /// The bit matrix of courses sharing a resource, built from each resource's courses.
    fn share_matrix(&self) -> Vec<u64> {
        let (events, words) = (self.lectures.len(), self.course_words());
        let mut bits = vec![0u64; events * words];
        for courses in &self.users {
            for &a in courses {
                for &b in courses {
                    bits[a as usize * words + b as usize / 64] |= 1 << (b % 64);
                }
            }
        }
        bits
    }

    /// Adds a soft requirement's prices; `None` when it is not one the model prices.
    fn price(&mut self, inst: &Instance, kind: &Kind, w: u64) -> Option<()> {
        let each = |sel: &EventSel| -> Option<Vec<usize>> {
            inst.event_sets(sel)
                .into_iter()
                .map(|set| (set.len() == 1).then(|| set[0]))
                .collect()
        };
        match kind {
            Kind::RoomCapacity(sel) => {
                for e in each(sel)? {
                    for r in 0..self.rooms {
                        let short = inst.events[e].size.saturating_sub(inst.rooms[r].capacity);
                        self.seats[e * self.rooms + r] += w * u64::from(short);
                    }
                }
            }
            Kind::RoomStability(sel) => {
                for e in each(sel)? {
                    self.stability[e] += w;
                }
            }
            Kind::MinDays(sel, v) => {
                for e in each(sel)? {
                    self.min_days[e].push((*v, w));
                }
            }
            Kind::Isolated(sel) => {
                for r in inst.select_resources(sel) {
                    self.isolated[r] += w;
                }
            }
            _ => return None,
        }
        Some(())
    }
}
