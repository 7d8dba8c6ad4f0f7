//! Shared helpers of the criterion benches (the benches themselves are the `[[bench]]` targets).
