//! n queens through the library: the problem built with `ProblemBuilder` (in
//! `dlx_engine::problems`), laid out in a `Dlx` arena, its solutions counted with DLX1's
//! choice rule, and the first one drawn and checked.
//!
//! `cargo run --example queens -- 8` prints 92 solutions and DLX1's figures (1,199 nodes,
//! 21,375 updates), then a board; CI runs it.

use dlx_engine::Engine;
use dlx_engine::{Dlx, Problem};

fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .map_or(Ok(8), |arg| arg.parse())
        .expect("the board's side, a number");
    let problem = match Problem::try_queens(n) {
        Ok(problem) => problem,
        Err(error) => {
            eprintln!("{error}");
            std::process::exit(2);
        }
    };
    let mut dlx = Dlx::new(&problem);
    let report = dlx.count_solutions(None);
    println!(
        "{n} queens: {} solutions, {} nodes, {} updates",
        report.stats.solutions, report.stats.nodes, report.stats.updates
    );
    let first = dlx.first_solution().answer;
    let Some(options) = first else {
        println!("no solution");
        return;
    };
    // Each option is a square `r<row> c<col> a<diagonal> b<anti-diagonal>`: read its row and
    // column back from the item names, and check the placement as a chess player would.
    let mut column_of_row = vec![usize::MAX; n];
    for &option in &options {
        let names: Vec<&str> = problem
            .option_items(option)
            .iter()
            .map(|&item| problem.item_name(item))
            .collect();
        let number = |prefix: char| -> usize {
            let name = names.iter().find(|name| name.starts_with(prefix)).unwrap();
            name[1..].parse().unwrap()
        };
        column_of_row[number('r')] = number('c');
    }
    for (r1, &c1) in column_of_row.iter().enumerate() {
        assert!(c1 < n, "every row holds a queen");
        for (r2, &c2) in column_of_row.iter().enumerate().skip(r1 + 1) {
            assert!(
                c1 != c2 && r2 - r1 != c1.abs_diff(c2),
                "queens attack each other"
            );
        }
    }
    for &c in &column_of_row {
        let row: String = (0..n).map(|k| if k == c { 'Q' } else { '.' }).collect();
        println!("{row}");
    }
    if n == 8 {
        assert_eq!(report.stats.solutions, 92, "8 queens have 92 solutions");
        assert_eq!((report.stats.nodes, report.stats.updates), (1_199, 21_375));
    }
}
