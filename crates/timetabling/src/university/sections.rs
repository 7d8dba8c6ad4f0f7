//! Student sectioning: for each student and course asked, one configuration and a class of
//! each of its subparts, parents included, within the classes' limits; with meetings known,
//! the classes a student can attend together are preferred.

use crate::formats::itc2019::Itc2019;
use crate::formats::itc2019::rules::{Meeting, Travel, attendable};

/// Most partial choices tried for one student's course before taking the best found.
const NODE_LIMIT: usize = 2_000;

/// Sections every student. Without `meet`, students asking for the same courses are packed
/// into the same classes (fewer pairs of classes share students); with it, each course's
/// classes are chosen to clash least with the student's other classes.
pub(super) fn section(p: &Itc2019, meet: Option<(&[Meeting], &Travel)>) -> Vec<Vec<usize>> {
    let mut order: Vec<usize> = (0..p.students.len()).collect();
    order.sort_by(|&a, &b| {
        let (x, y) = (&p.students[a].courses, &p.students[b].courses);
        y.len().cmp(&x.len()).then_with(|| x.cmp(y))
    });
    let mut taken = vec![0u32; p.classes.len()];
    let mut out = vec![Vec::new(); p.students.len()];
    for s in order {
        let mut mine: Vec<usize> = Vec::new();
        let mut courses = p.students[s].courses.clone();
        // Courses with fewer choices first.
        courses.sort_by_key(|&k| {
            p.courses[k]
                .configs
                .iter()
                .map(|c| {
                    c.subparts
                        .iter()
                        .map(|sp| sp.classes.len())
                        .product::<usize>()
                })
                .sum::<usize>()
        });
        for k in courses {
            let pick = Pick {
                p,
                meet,
                taken: &taken,
                mine: &mine,
            };
            let chosen = pick.best(k);
            for &c in &chosen {
                taken[c] += 1;
            }
            mine.extend(chosen);
        }
        out[s] = mine;
    }
    out
}

/// One course's choice for one student.
struct Pick<'a> {
    p: &'a Itc2019,
    meet: Option<(&'a [Meeting], &'a Travel)>,
    taken: &'a [u32],
    mine: &'a [usize],
}

/// A search over one configuration's subparts.
struct Walk {
    chosen: Vec<usize>,
    best: Option<(u64, Vec<usize>)>,
    nodes: usize,
}

impl Pick<'_> {
    /// Clashes of class `c` with the classes chosen so far.
    fn clashes(&self, c: usize, chosen: &[usize]) -> u64 {
        let Some((meet, travel)) = self.meet else {
            return 0;
        };
        self.mine
            .iter()
            .chain(chosen)
            .filter(|&&o| !attendable(&meet[c], &meet[o], travel))
            .count() as u64
    }

    /// The classes of course `k` for the student: the configuration and classes with the
    /// fewest clashes, within limits when possible.
    fn best(&self, k: usize) -> Vec<usize> {
        for within_limits in [true, false] {
            let mut walk = Walk {
                chosen: Vec::new(),
                best: None,
                nodes: 0,
            };
            for config in &self.p.courses[k].configs {
                let subparts = parents_first(self.p, config);
                walk.chosen.clear();
                self.extend(&subparts, 0, 0, within_limits, &mut walk);
            }
            if let Some((_, list)) = walk.best {
                return list;
            }
        }
        Vec::new()
    }

    /// Chooses a class of `subparts[i]` and on, with `clashes` so far.
    fn extend(&self, subparts: &[&[usize]], i: usize, clashes: u64, limits: bool, w: &mut Walk) {
        if w.best.as_ref().is_some_and(|(b, _)| *b <= clashes) || w.nodes >= NODE_LIMIT {
            return;
        }
        w.nodes += 1;
        if i == subparts.len() {
            w.best = Some((clashes, w.chosen.clone()));
            return;
        }
        let mut options: Vec<(u64, i64, usize)> = subparts[i]
            .iter()
            .copied()
            .filter(|&c| {
                let class = &self.p.classes[c];
                (!limits || self.taken[c] < class.limit)
                    && class.parent.is_none_or(|q| w.chosen.contains(&q))
            })
            .map(|c| {
                // Without meetings, the fullest class first packs alike students together.
                let fill = if self.meet.is_none() {
                    -i64::from(self.taken[c])
                } else {
                    i64::from(self.taken[c])
                };
                (self.clashes(c, &w.chosen), fill, c)
            })
            .collect();
        options.sort_unstable();
        for (k, _, c) in options {
            w.chosen.push(c);
            self.extend(subparts, i + 1, clashes + k, limits, w);
            w.chosen.pop();
        }
    }
}

/// A configuration's subparts, each after the subpart of its classes' parents.
fn parents_first<'a>(p: &Itc2019, config: &'a crate::formats::itc2019::Config) -> Vec<&'a [usize]> {
    let depth = |sp: &crate::formats::itc2019::Subpart| {
        let mut d = 0;
        let mut c = sp.classes.first().copied();
        while let Some(x) = c.and_then(|x| p.classes[x].parent) {
            d += 1;
            c = Some(x);
            if d > p.classes.len() {
                break;
            }
        }
        d
    };
    let mut list: Vec<(usize, &[usize])> = config
        .subparts
        .iter()
        .map(|sp| (depth(sp), sp.classes.as_slice()))
        .collect();
    list.sort_by_key(|&(d, _)| d);
    list.into_iter().map(|(_, l)| l).collect()
}
