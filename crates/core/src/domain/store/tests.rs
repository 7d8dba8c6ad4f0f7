use super::*;

fn store() -> DomainStore {
    DomainStore::new(&[
        Domain::range(1, 9),
        Domain::from_values([-3, 7, 200]),
        Domain::range(0, 0),
    ])
}

#[test]
fn undo_restores_removed_values() {
    let mut s = store();
    let x = VarId::new(0);
    let m = s.mark();
    assert_eq!(s.remove(x, 3), Ok(true));
    assert_eq!(s.remove(x, 3), Ok(false));
    s.assign(x, 5).unwrap();
    assert_eq!(s.value(x), Some(5));
    s.undo_to(m);
    assert_eq!(s.size(x), 9);
    assert_eq!(s.iter(x).collect::<Vec<_>>(), (1..=9).collect::<Vec<_>>());
}

#[test]
fn multi_word_domains_iterate_and_bound() {
    let mut s = store();
    let y = VarId::new(1);
    assert_eq!(s.iter(y).collect::<Vec<_>>(), vec![-3, 7, 200]);
    assert_eq!((s.min(y), s.max(y)), (Some(-3), Some(200)));
    assert_eq!(s.next_value(y, 8), Some(200));
    assert_eq!(s.next_value(y, 201), None);
    let m = s.mark();
    s.remove(y, -3).unwrap();
    s.remove(y, 200).unwrap();
    assert_eq!(s.value(y), Some(7));
    assert_eq!(s.remove(y, 7), Err(Conflict));
    assert_eq!(s.size(y), 0);
    s.undo_to(m);
    assert_eq!(s.size(y), 3);
    assert!(s.contains(y, 200) && !s.contains(y, 199));
}

#[test]
fn assign_to_an_absent_value_is_a_conflict() {
    let mut s = store();
    let x = VarId::new(0);
    let m = s.mark();
    assert_eq!(s.assign(x, 42), Err(Conflict));
    s.undo_to(m);
    assert_eq!(s.size(x), 9);
}

#[test]
fn single_word_domains_are_read_and_narrowed_as_words() {
    let mut s = store();
    let (x, y) = (VarId::new(0), VarId::new(1));
    assert_eq!(s.word_base(x), Some(1));
    assert_eq!(s.word_base(y), None, "-3..=200 spans four words");
    assert_eq!(s.bits(x), 0b1_1111_1111);
    let m = s.mark();
    assert_eq!(s.keep_bits(x, 0b1_0000_0101), Ok(true));
    assert_eq!(s.iter(x).collect::<Vec<_>>(), vec![1, 3, 9]);
    assert_eq!(s.keep_bits(x, usize::MAX), Ok(false));
    assert_eq!(s.keep_bits(x, 0b10), Err(Conflict));
    s.undo_to(m);
    assert_eq!(s.size(x), 9);
}

#[test]
fn retain_filters_and_reports_wipe_out() {
    let mut s = store();
    let x = VarId::new(0);
    assert_eq!(s.retain(x, |v| v % 3 == 0), Ok(true));
    assert_eq!(s.iter(x).collect::<Vec<_>>(), vec![3, 6, 9]);
    assert_eq!(s.retain(x, |_| false), Err(Conflict));
}
