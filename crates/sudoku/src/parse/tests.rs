use super::*;

const GRID: &str = "\
53..7....
6..195...
.98....6.
8...6...3
4..8.3..1
7...2...6
.6....28.
...419..5
....8..79";

#[test]
fn a_grid_past_64_columns_is_an_error_not_a_list_of_puzzles() {
    // 81 columns in boxes of 9, as an 81×81 grid would be typed.
    let row = vec![".........".to_string(); 9].join("|");
    let grid = vec![row.as_str(); 81].join("\n");
    let e = parse(&grid, "g.txt").unwrap_err().to_string();
    assert!(
        e.starts_with("g.txt:1:1: this looks like a grid row"),
        "{e}"
    );
    // Without separators, but with rules crossing the boxes.
    let plain = ".".repeat(81);
    let text = format!("{plain}\n{plain}\n---------+---------\n{plain}\n");
    let e = parse(&text, "g.txt").unwrap_err().to_string();
    assert!(e.starts_with("g.txt:3:1:"), "{e}");
    // A plain divider in a list is still a list.
    let line: String = GRID.lines().collect();
    let list = format!("{line}\n{line}\n--------\n{line}\n");
    assert_eq!(parse(&list, "l.txt").unwrap().len(), 3);
}

#[test]
fn compact_lines_read_as_parse_reads_them() {
    let line: String = GRID.lines().collect();
    for text in [
        line.clone(),
        line.replace('0', "."),
        format!("  {line}\n"),
        "A".repeat(256),
        ".".repeat(16),
    ] {
        let expected = parse(&text, "t").ok().map(|p| p[0].grid.clone());
        assert_eq!(compact(&text), expected, "{text}");
    }
    for bad in [&line[1..], "x".repeat(81).as_str(), "", "5 3"] {
        assert_eq!(compact(bad), None, "{bad}");
    }
    // A symbol past the side is refused by both.
    let high = format!("A{}", &line[1..]);
    assert!(compact(&high).is_none() && parse(&high, "t").is_err());
}

#[test]
fn one_line_and_grid_forms_agree() {
    let line: String = GRID.lines().collect();
    let a = parse(&line, "a").unwrap();
    let b = parse(GRID, "b").unwrap();
    assert_eq!(a.len(), 1);
    assert_eq!(a[0].grid, b[0].grid);
    assert_eq!(a[0].grid.num_givens(), 30);
}

#[test]
fn separators_comments_and_zeros_are_understood() {
    let text = "# from a book\n\n5 3 0 | 0 7 0 | 0 0 0\n6 0 0 | 1 9 5 | 0 0 0\n0 9 8 | 0 0 0 | 0 6 0\n------+-------+------\n8 0 0 | 0 6 0 | 0 0 3\n4 0 0 | 8 0 3 | 0 0 1\n7 0 0 | 0 2 0 | 0 0 6\n------+-------+------\n0 6 0 | 0 0 0 | 2 8 0\n0 0 0 | 4 1 9 | 0 0 5\n0 0 0 | 0 8 0 | 0 7 9\n";
    let p = parse(text, "t").unwrap();
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].line, 3);
    assert_eq!(p[0].grid, parse(GRID, "g").unwrap()[0].grid);
}

#[test]
fn lists_hold_one_puzzle_per_line() {
    let line: String = GRID.lines().collect();
    let text = format!("# list\n{line}\n{line}\r\n{}\n", line.replace('.', "0"));
    let p = parse(&text, "l").unwrap();
    assert_eq!(p.len(), 3);
    assert_eq!(p[2].line, 4);
}

#[test]
fn large_grids_use_letters_or_numbers() {
    let letters: String = (1..=16u8).map(crate::grid::symbol_char).collect();
    let p = parse(&letters.repeat(16), "x").unwrap();
    assert_eq!(p[0].grid.shape(), Shape::square(4).unwrap());
    let numbers: Vec<String> = (0..25 * 25).map(|i| ((i % 25) + 1).to_string()).collect();
    let p = parse(&numbers.join(" "), "y").unwrap();
    assert_eq!(p[0].grid.shape().size(), 25);
    assert_eq!(p[0].grid.get(0, 24), 25);
}

#[test]
fn six_by_six_has_two_by_three_boxes() {
    let p = parse(&".".repeat(36), "x").unwrap();
    assert_eq!(p[0].grid.shape(), Shape::new(2, 3).unwrap());
}

fn error(text: &str) -> String {
    parse(text, "f").unwrap_err().to_string()
}

#[test]
fn wrong_length_names_line_and_column() {
    let e = error(&format!("# c\n{}\n", ".".repeat(80)));
    assert!(e.starts_with("f:2:80: found 80 cells"), "{e}");
}

#[test]
fn bad_symbol_names_line_and_column() {
    let mut line = ".".repeat(81);
    line.replace_range(4..5, "x");
    let e = error(&line);
    assert!(
        e.starts_with("f:1:5: symbol X (33) is out of range for a 9×9 grid"),
        "{e}"
    );
    line.replace_range(4..5, "!");
    let e = error(&line);
    assert!(e.starts_with("f:1:5: unexpected character `!`"), "{e}");
}

#[test]
fn short_grid_rows_and_missing_rows_are_reported() {
    let mut rows: Vec<&str> = GRID.lines().collect();
    rows[4] = "4..8.3..";
    let e = error(&rows.join("\n"));
    assert!(
        e.starts_with("f:5:8: this grid row has 8 cells; expected 9"),
        "{e}"
    );
    let e = error(&GRID.lines().take(8).collect::<Vec<_>>().join("\n"));
    assert!(
        e.starts_with(
            "f:8:1: a grid of 9 columns (line 1) needs a multiple of 9 rows; this block has 8"
        ),
        "{e}"
    );
}

#[test]
fn empty_input_is_an_error() {
    assert!(matches!(
        parse("# nothing\n", "f"),
        Err(ParseError::Empty { .. })
    ));
}

#[test]
fn yaml_puzzles_with_box_shape() {
    let text = "kind: sudoku\nname: small\nbox: [3, 2]\ngrid: |\n  1 . . | . . .\n  . . . | . . .\n  . . . | . . .\n  . . . | . . .\n  . . . | . . .\n  . . . | . . 2\n";
    let p = parse(text, "y").unwrap();
    assert_eq!(p[0].grid.shape(), Shape::new(3, 2).unwrap());
    assert_eq!(p[0].name.as_deref(), Some("small"));
    assert_eq!(p[0].grid.get(5, 5), 2);
    let bad = text.replace("2\n", "7\n");
    let e = parse(&bad, "y").unwrap_err().to_string();
    assert!(e.starts_with("y:10:"), "{e}");
    assert!(
        e.contains("symbol 7 (7) is out of range for a 6×6 grid"),
        "{e}"
    );
    let e = parse(&text.replace("[3, 2]", "[4, 2]"), "y")
        .unwrap_err()
        .to_string();
    assert!(e.starts_with("y:3:"), "{e}");
    let e = parse(&text.replace("kind: sudoku", "kind: sodoku"), "y")
        .unwrap_err()
        .to_string();
    assert!(e.contains("kind: expected `sudoku`"), "{e}");
}

/// The streaming reader gives the same puzzles, and the same first error, as `parse`.
fn same_as_parse(text: &str) {
    let whole = parse(text, "f");
    let streamed: Result<Vec<Puzzle>, ParseError> = Reader::new(text.as_bytes(), "f").collect();
    match (whole, streamed) {
        (Ok(a), Ok(b)) => assert_eq!(a, b),
        (Err(a), Err(b)) => assert_eq!(a.to_string(), b.to_string()),
        (a, b) => panic!("parse: {a:?}\nreader: {b:?}"),
    }
}

#[test]
fn the_streaming_reader_reads_like_parse() {
    let line = "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
    let grid = "1 . | . .\n. . | 3 .\n----+----\n. 4 | . .\n. . | . 2\n";
    for text in [
        format!("{line}\n{line}\n"),
        format!("# list\n{line}\n\n{grid}\n{line}"),
        format!("{grid}\n{grid}"),
        format!("{line}\n{}\n", &line[1..]),
        format!("{grid}{line}\n"),
        "kind: sudoku\ngrid: |\n  1 . . .\n  . . 3 .\n  . 4 . .\n  . . . 2\n".to_string(),
        String::new(),
        "# nothing\n".to_string(),
        format!("{line}\r\n{line}\r\n"),
        "# a comment \u{f} . | . .34\n  kind:a's \"Sudoku\"\n".to_string(),
        "# c\n\nkind: sudoku\ngrid: 1\n".to_string(),
    ] {
        same_as_parse(&text);
    }
}
