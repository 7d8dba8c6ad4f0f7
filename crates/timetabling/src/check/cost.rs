//! The soft cost of a timetable, itemised.

use super::unit::units;
use crate::answer::{CostItem, CostReport, Timetable};
use crate::instance::Instance;

/// The soft cost of `tt`, itemised by requirement, each violation in words.
pub fn cost(inst: &Instance, tt: &Timetable) -> CostReport {
    let mut report = CostReport::default();
    for (i, req) in inst.soft.iter().enumerate() {
        let mut details = Vec::new();
        // Saturating: an instance within [`super::cost_bound`] never gets near the ceiling.
        let violations: u64 = units(inst, req, i)
            .iter()
            .map(|u| u.violations(inst, req, tt, Some(&mut details)))
            .fold(0, u64::saturating_add);
        let cost = violations.saturating_mul(req.weight);
        report.total = report.total.saturating_add(cost);
        report.items.push(CostItem {
            path: req.path.clone(),
            kind: req.kind.name(),
            unit: req.kind.unit(),
            weight: req.weight,
            violations,
            cost,
            details,
        });
    }
    report
}
