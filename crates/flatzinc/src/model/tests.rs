use super::*;

const QUEENS: &str = "\
predicate my_pred(array [int] of var int: x);
int: n = 3;
array [1..2] of int: c = [1, -1];
var 1..3: x :: output_var;
var 1..3: y :: output_var;
var bool: b :: var_is_introduced :: is_defined_var;
var 1..3: z = y;
array [1..2] of var int: xs :: output_array([1..2]) = [x, y];
constraint int_lin_le(c, xs, 0);
constraint int_ne_reif(x, y, b) :: defines_var(b);
solve :: int_search(xs, first_fail, indomain_min, complete) minimize x;
";

#[test]
fn names_resolve_to_variables_and_values() {
    let m = parse(QUEENS, "q.fzn").unwrap();
    assert_eq!(m.vars.len(), 4);
    assert_eq!(m.vars[3].equals, Some(Arg::Var(1)));
    assert_eq!(
        m.constraints[0].args[0],
        Arg::Array(vec![Arg::Int(1), Arg::Int(-1)].into())
    );
    assert_eq!(
        m.constraints[0].args[1],
        Arg::Array(vec![Arg::Var(0), Arg::Var(1)].into())
    );
    assert_eq!(m.constraints[1].defines, Some(2));
    assert!(m.vars[2].is_bool && m.vars[2].introduced && m.vars[2].defined);
    assert_eq!(m.solve.goal, Goal::Minimize(Arg::Var(0)));
    let names: Vec<_> = m.outputs.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["x", "y", "xs"]);
    assert!(
        matches!(&m.solve.anns[0], Ann::Call(f, a) if f == "int_search" && a[1] == Ann::Name("first_fail".into()))
    );
}

#[test]
fn errors_name_the_place_and_what_was_expected() {
    let e = parse(
        "var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;\n",
        "m.fzn",
    )
    .unwrap_err();
    assert_eq!(e.position(), Some((2, 22)));
    assert!(e.message().contains("`y` is not declared"), "{e}");
    let e = parse("var 1..3: x\nsolve satisfy;", "m.fzn").unwrap_err();
    assert_eq!(e.position(), Some((2, 1)));
    assert!(e.message().contains("expected `;`"), "{e}");
    let e = parse("var float: f;\nsolve satisfy;", "m.fzn").unwrap_err();
    assert!(e.message().contains("float variable"), "{e}");
    let e = parse("var 1..3: x;\n", "m.fzn").unwrap_err();
    assert!(e.message().contains("solve item"), "{e}");
    let e = parse("array [1..3] of int: a = [1, 2];\nsolve satisfy;", "m.fzn").unwrap_err();
    assert!(e.message().contains("3 elements but has 2"), "{e}");
}

#[test]
fn int_sets_merge_adjacent_values_and_print_as_minizinc_does() {
    let s = IntSet::from_values(vec![5, 1, 2, 3, 9]);
    assert_eq!(s.ranges(), &[(1, 3), (5, 5), (9, 9)]);
    assert!(s.contains(2) && !s.contains(4) && s.contains(9));
    assert_eq!(s.to_string(), "1..3 union {5} union {9}");
    assert_eq!(IntSet::from_values(vec![1, 3]).to_string(), "{1,3}");
    assert_eq!(
        IntSet::range(2, 7).intersect(&s).ranges(),
        &[(2, 3), (5, 5)]
    );
}
