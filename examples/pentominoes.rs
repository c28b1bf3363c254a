//! The twelve pentominoes packed into a board, through the library: the problem (one item per
//! piece and per cell, one option per placement, made with `ProblemBuilder` in
//! `dlx_engine::problems`), every packing counted, and the first one drawn and checked.
//!
//! `cargo run --release --example pentominoes -- 6 10` counts the 9,356 packings of the 6x10
//! board (2,339 up to symmetry); the default, 3x20, has 8 (2 up to symmetry) and CI runs it.

use dlx_engine::Engine;
use dlx_engine::{Dlx, Problem};

fn main() {
    let mut args = std::env::args().skip(1).map(|arg| arg.parse::<usize>());
    let rows = args
        .next()
        .unwrap_or(Ok(3))
        .expect("the board's rows, a number");
    let cols = args
        .next()
        .unwrap_or(Ok(20))
        .expect("the board's columns, a number");
    assert_eq!(rows * cols, 60, "twelve pentominoes cover 60 cells");
    let problem = Problem::pentominoes(rows, cols);
    let mut dlx = Dlx::new(&problem);
    let count = dlx.count_solutions(None);
    println!(
        "{rows}x{cols}: {} packings ({} nodes, {} updates)",
        count.answer, count.stats.nodes, count.stats.updates
    );
    let Some(first) = dlx.first_solution().answer else {
        return;
    };
    // Each option names its piece (a letter) and its five cells (`row_col`): draw the board.
    let mut board = vec![vec!['.'; cols]; rows];
    let mut pieces = Vec::new();
    for option in first {
        let names: Vec<&str> = problem
            .option_items(option)
            .iter()
            .map(|&item| problem.item_name(item))
            .collect();
        let piece = names[0]
            .chars()
            .next()
            .expect("a piece's name is its letter");
        pieces.push(piece);
        for cell in &names[1..] {
            let (r, c) = cell.split_once('_').expect("cells are named row_col");
            let (r, c): (usize, usize) = (r.parse().unwrap(), c.parse().unwrap());
            assert_eq!(board[r][c], '.', "cell {cell} covered twice");
            board[r][c] = piece;
        }
    }
    for row in &board {
        println!("{}", row.iter().collect::<String>());
    }
    pieces.sort_unstable();
    assert_eq!(
        pieces.iter().collect::<String>(),
        "FILNPTUVWXYZ",
        "each piece once"
    );
    assert!(
        board.iter().flatten().all(|&c| c != '.'),
        "every cell covered"
    );
    if (rows, cols) == (3, 20) {
        assert_eq!(count.answer.to_string(), "8");
    }
}
