//! What the bench prints after its runs: per instance the spread over seeds, and per
//! objective the mean and median gap to the reference values, the figure benchmark
//! targets are stated in.

use super::Row;
use serde_json::{Value, json};

/// One instance and objective over its seeds.
pub(super) struct OverSeeds {
    pub(super) instance: String,
    pub(super) objective: &'static str,
    pub(super) runs: usize,
    /// The costs of the runs that found a timetable without hard violations.
    pub(super) costs: Vec<f64>,
    pub(super) reference: Option<f64>,
}

impl OverSeeds {
    /// The runs grouped by instance and objective, in the order they ran.
    pub(super) fn of(rows: &[Row]) -> Vec<OverSeeds> {
        let mut all: Vec<OverSeeds> = Vec::new();
        for r in rows {
            let i = match all
                .iter()
                .position(|g| g.instance == r.instance && g.objective == r.objective)
            {
                Some(i) => i,
                None => {
                    all.push(OverSeeds {
                        instance: r.instance.clone(),
                        objective: r.objective,
                        runs: 0,
                        costs: Vec::new(),
                        reference: r.reference.map(|x| x.0),
                    });
                    all.len() - 1
                }
            };
            all[i].runs += 1;
            if r.hard == Some(0) && r.ours.is_finite() {
                all[i].costs.push(r.ours);
            }
        }
        all
    }

    pub(super) fn best(&self) -> Option<f64> {
        self.costs.iter().copied().reduce(f64::min)
    }

    pub(super) fn worst(&self) -> Option<f64> {
        self.costs.iter().copied().reduce(f64::max)
    }

    pub(super) fn mean(&self) -> Option<f64> {
        (!self.costs.is_empty()).then(|| self.costs.iter().sum::<f64>() / self.costs.len() as f64)
    }

    pub(super) fn json(&self) -> Value {
        json!({"instance": self.instance, "objective": self.objective, "runs": self.runs,
            "valid": self.costs.len(), "best": self.best(), "mean": self.mean(),
            "worst": self.worst(), "reference": self.reference,
            "gap_percent_of_best": self.best().and_then(|c| finite_gap(c, self.reference)),
            "gap_percent_of_mean": self.mean().and_then(|c| finite_gap(c, self.reference))})
    }
}

/// The gap in per cent of `cost` above `reference` (below: negative); infinite when the
/// reference is 0 and the cost is not.
pub(super) fn gap(cost: f64, reference: f64) -> f64 {
    if reference == 0.0 {
        if cost == 0.0 { 0.0 } else { f64::INFINITY }
    } else {
        (cost - reference) / reference * 100.0
    }
}

fn finite_gap(cost: f64, reference: Option<f64>) -> Option<f64> {
    reference.map(|r| gap(cost, r)).filter(|g| g.is_finite())
}

/// The gaps of one objective: each instance's mean cost over its valid seeds against its
/// reference. An instance whose reference is 0 and whose mean is not has no finite gap and is
/// named apart rather than making the mean infinite.
pub(super) struct Gaps {
    pub(super) objective: &'static str,
    pub(super) gaps: Vec<f64>,
    /// Instances with a reference of 0 and a mean above it.
    pub(super) above_zero: Vec<String>,
    /// Instances with a reference but no valid run.
    pub(super) no_valid_run: Vec<String>,
}

impl Gaps {
    /// Per objective, in the order the objectives first ran; only objectives with a reference.
    pub(super) fn of(over: &[OverSeeds]) -> Vec<Gaps> {
        let mut all: Vec<Gaps> = Vec::new();
        for g in over {
            let Some(reference) = g.reference else {
                continue;
            };
            let i = match all.iter().position(|x| x.objective == g.objective) {
                Some(i) => i,
                None => {
                    all.push(Gaps {
                        objective: g.objective,
                        gaps: Vec::new(),
                        above_zero: Vec::new(),
                        no_valid_run: Vec::new(),
                    });
                    all.len() - 1
                }
            };
            match g.mean().map(|m| gap(m, reference)) {
                None => all[i].no_valid_run.push(g.instance.clone()),
                Some(x) if x.is_finite() => all[i].gaps.push(x),
                Some(_) => all[i].above_zero.push(g.instance.clone()),
            }
        }
        all
    }

    pub(super) fn mean(&self) -> Option<f64> {
        (!self.gaps.is_empty()).then(|| self.gaps.iter().sum::<f64>() / self.gaps.len() as f64)
    }

    pub(super) fn median(&self) -> Option<f64> {
        let mut v = self.gaps.clone();
        v.sort_by(f64::total_cmp);
        let n = v.len();
        match n {
            0 => None,
            _ if n % 2 == 1 => Some(v[n / 2]),
            _ => Some((v[n / 2 - 1] + v[n / 2]) / 2.0),
        }
    }

    /// `ud2: mean gap +37.9 %, median +11.1 % over 15 instances with a reference …`.
    pub(super) fn line(&self, several: bool) -> String {
        let pct = |x: Option<f64>| x.map_or("-".to_string(), |g| format!("{g:+.1} %"));
        let mut s = format!(
            "{}: mean gap {}, median {} over {} instance{} with a reference{}",
            self.objective,
            pct(self.mean()),
            pct(self.median()),
            self.gaps.len(),
            if self.gaps.len() == 1 { "" } else { "s" },
            if several {
                " (each its mean cost over the valid seeds)"
            } else {
                ""
            }
        );
        if !self.above_zero.is_empty() {
            s += &format!(
                "; above a reference of 0, left out: {}",
                self.above_zero.join(", ")
            );
        }
        if !self.no_valid_run.is_empty() {
            s += &format!("; no valid run: {}", self.no_valid_run.join(", "));
        }
        s
    }

    pub(super) fn json(&self) -> Value {
        json!({"instances": self.gaps.len(), "mean_gap_percent": self.mean(),
            "median_gap_percent": self.median(), "above_zero_reference": self.above_zero,
            "no_valid_run": self.no_valid_run})
    }
}

/// A gap as the tables show it: `+4.2 %`, `∞` above a reference of 0, `-` without one.
pub(super) fn gap_text(gap: Option<f64>) -> String {
    match gap {
        None => "-".into(),
        Some(g) if g.is_finite() => format!("{g:+.1} %"),
        Some(_) => "∞".into(),
    }
}

/// A cost as the table shows it: whole numbers without decimals.
pub(super) fn number(x: Option<f64>) -> String {
    match x {
        None => "-".into(),
        Some(x) if x.fract() == 0.0 => format!("{x:.0}"),
        Some(x) => format!("{x:.3}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(instance: &str, hard: Option<u64>, ours: f64, reference: Option<f64>) -> Row {
        Row {
            instance: instance.into(),
            objective: "ud2",
            size: String::new(),
            hard,
            ours,
            shown: String::new(),
            reference: reference.map(|r| (r, "test")),
            seconds: 0.0,
            seed: 1,
            proved: false,
        }
    }

    #[test]
    fn seeds_are_grouped_and_gaps_taken_from_each_mean() {
        let rows = [
            row("a", Some(0), 12.0, Some(10.0)),
            row("b", Some(0), 0.0, Some(0.0)),
            row("a", Some(0), 14.0, Some(10.0)),
            row("b", Some(0), 3.0, Some(0.0)),
            row("c", None, f64::INFINITY, Some(5.0)),
            row("d", Some(0), 7.0, None),
            row("e", Some(2), 1.0, Some(4.0)),
            row("e", Some(0), 6.0, Some(4.0)),
        ];
        let over = OverSeeds::of(&rows);
        let names: Vec<_> = over.iter().map(|g| (g.instance.as_str(), g.runs)).collect();
        assert_eq!(names, [("a", 2), ("b", 2), ("c", 1), ("d", 1), ("e", 2)]);
        assert_eq!(
            (over[0].best(), over[0].mean(), over[0].worst()),
            (Some(12.0), Some(13.0), Some(14.0))
        );
        // A run with hard violations is not a cost.
        assert_eq!(over[4].costs, [6.0]);
        let gaps = Gaps::of(&over);
        assert_eq!(gaps.len(), 1);
        let g = &gaps[0];
        // a: 13 against 10; e: 6 against 4; b's mean 1.5 against 0 is named apart.
        assert_eq!(g.gaps, [30.0, 50.0]);
        assert_eq!((g.mean(), g.median()), (Some(40.0), Some(40.0)));
        assert_eq!(
            (g.above_zero.as_slice(), g.no_valid_run.as_slice()),
            (&["b".to_string()][..], &["c".to_string()][..])
        );
        assert_eq!(
            g.line(true),
            "ud2: mean gap +40.0 %, median +40.0 % over 2 instances with a reference (each its mean \
             cost over the valid seeds); above a reference of 0, left out: b; no valid run: c"
        );
    }

    #[test]
    fn the_median_of_an_even_count_is_the_middle_pair_mean() {
        let g = Gaps {
            objective: "ud2",
            gaps: vec![9.0, 1.0, 4.0, 2.0],
            above_zero: Vec::new(),
            no_valid_run: Vec::new(),
        };
        assert_eq!((g.mean(), g.median()), (Some(4.0), Some(3.0)));
        assert_eq!(number(Some(4.0)), "4");
        assert_eq!(number(Some(4.25)), "4.250");
        assert_eq!(number(None), "-");
        assert_eq!(gap_text(Some(-2.44)), "-2.4 %");
        assert_eq!(gap_text(Some(f64::INFINITY)), "∞");
        assert_eq!(gap_text(None), "-");
    }
}
