//! Known solution counts from the literature, every solution checked by `verify`.

use csp_exact_cover::problems::{pentominoes, queens};
use csp_exact_cover::{Dlx, verify};

fn count_verified(m: &csp_exact_cover::Matrix) -> u64 {
    let mut d = Dlx::new(m);
    let mut n = 0;
    while let Some(s) = d.next_solution() {
        assert_eq!(verify(m, s), Ok(()));
        n += 1;
    }
    assert_eq!(d.limit_reached(), None);
    n
}

#[test]
fn pentominoes_tile_six_by_ten_in_2339_ways_up_to_symmetry_and_9356_in_all() {
    assert_eq!(count_verified(&pentominoes(6, 10, true).matrix), 2339);
    assert_eq!(count_verified(&pentominoes(6, 10, false).matrix), 9356);
}

#[test]
fn other_sixty_cell_boards_have_their_published_counts() {
    // Knuth, "Dancing Links": 5×12 1,010, 4×15 368, 3×20 2 up to symmetry (×4 in all).
    assert_eq!(count_verified(&pentominoes(3, 20, false).matrix), 8);
    assert_eq!(count_verified(&pentominoes(4, 15, false).matrix), 4 * 368);
    assert_eq!(count_verified(&pentominoes(5, 12, false).matrix), 4 * 1010);
}

#[test]
fn ten_queens_has_724_solutions() {
    assert_eq!(count_verified(&queens(10)), 724);
}
