//! Upper bounds: DSATUR greedy colouring, TabuCol, PartialCol and the hybrid evolutionary
//! search; for large graphs, independent-set extraction ([`extract_independent_sets`]);
//! where a clique holds most of the colours, TabuCol anchored on it ([`anchored_tabucol`]).
//!
//! Bottom up: `moves` (what the searches share: the best of a scan, bit rows of the classes,
//! the conflict list), `dsatur`, the searches `tabucol` and `partialcol` over it, then
//! `hybrid`, `anchored` and `extraction`, which run TabuCol; `turns` lets any two searches
//! that can pause (`turns::Resumable`) share their time.

mod anchored;
mod dsatur;
mod extraction;
mod hybrid;
mod moves;
mod partialcol;
mod tabucol;
mod turns;

pub use anchored::{Anchored, anchor, anchored_tabucol};
pub use dsatur::dsatur;
pub use extraction::{Extraction, extract_independent_sets, large_independent_set};
pub(crate) use hybrid::Hybrid;
pub use hybrid::hybrid_evolutionary;
pub(crate) use moves::ScanBest;
pub(crate) use partialcol::PartialCol;
pub use partialcol::partialcol;
pub use tabucol::tabucol;
pub(crate) use turns::{TurnLengths, take_turns};
