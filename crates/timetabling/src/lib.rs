//! `csp-timetabling`: school weeks and exam sessions on the `csp-core` engine.
//!
//! An [`Instance`] (calendar, resources, rooms, events and hard and soft requirements) is read
//! from YAML ([`yaml`]), encoded onto the engine ([`encode`]) and decoded back into a
//! [`Timetable`]; [`check::verify`] and [`check::cost`] judge a timetable from the definitions
//! alone. [`solve`] finds a first timetable with the engine, proves optimality by branch and
//! bound on small instances and improves larger ones by local search; [`explain`] finds a
//! minimal set of conflicting requirements when there is no timetable.
//!
//! The public benchmarks (Toronto, ITC 2007 tracks 1 and 3) are read by [`formats`] into the
//! same [`Instance`], with their own solution files and scores; exam sessions made of
//! single-slot events are improved by Kempe-chain annealing ([`kempe`]), course timetables of
//! one-period lectures by an annealer with constant-time prices ([`course`]).

#![warn(missing_docs)]

pub mod anneal;
pub mod answer;
pub mod check;
pub mod course;
pub mod encode;
pub mod explain;
pub mod formats;
pub mod generate;
pub mod instance;
pub mod kempe;
pub mod render;
pub mod solution;
pub mod solve;
pub mod university;
pub mod yaml;

pub use answer::{CostReport, Placement, Timetable, Violation};
pub use check::{cost, verify};
pub use instance::Instance;
