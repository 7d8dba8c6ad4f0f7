//! [`Solution`]: a value for every variable of a model.

use crate::domain::Value;
use crate::index::VarId;

/// A value for every variable of the model.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Solution {
    values: Vec<Value>,
}

impl Solution {
    /// A solution with `values`, indexed by variable (the search makes them; a front-end
    /// may build one to check or decode it).
    pub fn new(values: Vec<Value>) -> Self {
        Solution { values }
    }

    /// The value of `x`.
    pub fn value(&self, x: VarId) -> Value {
        self.values[x.index()]
    }

    /// All values, indexed by variable.
    pub fn values(&self) -> &[Value] {
        &self.values
    }
}
