//! The peers: other Rust crates that solve Sudoku, each called as its documentation shows, in
//! uniqueness mode (up to the second solution) like ours, every answer validated with
//! [`Grid::check_solution_of`].
//!
//! - `sudoku` (Emerentius' crate, a JCZ-style bitboard backtracker): `solutions_up_to_buffer`.
//! - `dlx` 0.8 and `exact-covers` 0.3 (Algorithm X on dancing links; `exact-covers` has
//!   Knuth's colours too): neither ships a Sudoku encoding, so both get the one the `dlx`
//!   crate's own example builds (its `examples/common/sudoku.rs`): an item for each open
//!   constraint (cell, row-digit, column-digit, box-digit), an option for each candidate the
//!   givens allow, the matrix built anew for each puzzle. `exact-covers`' `DcSolver` (dancing
//!   cells) is `todo!()` in 0.3, a panic, so only its `DlSolver` runs.
//! - `dancing-links` 0.3: its own `sudoku::Sudoku` encoding and `Solver` iterator: milliseconds
//!   a serg puzzle, minutes a hard one, so the bench gives it serg alone.
//!
//! Each peer's time includes building its matrix, as ours includes laying out the arena from
//! its template.

use dlx_puzzles::sudoku::Grid;
use std::ops::ControlFlow;

/// A peer solver, by the name the bench groups give it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Peer {
    SudokuCrate,
    DlxCrate,
    ExactCovers,
    DancingLinks,
}

impl Peer {
    pub const ALL: [Peer; 4] = [
        Peer::SudokuCrate,
        Peer::DlxCrate,
        Peer::ExactCovers,
        Peer::DancingLinks,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Peer::SudokuCrate => "sudoku-crate",
            Peer::DlxCrate => "dlx-crate",
            Peer::ExactCovers => "exact-covers",
            Peer::DancingLinks => "dancing-links",
        }
    }

    /// The puzzle's solutions, up to two (two means "not unique"), as full grids.
    pub fn solutions_up_to_two(self, puzzle: &Grid) -> Vec<Grid> {
        assert_eq!(puzzle.shape().side(), 9, "the peers solve 9x9 Sudoku only");
        match self {
            Peer::SudokuCrate => sudoku_crate_solutions(puzzle),
            Peer::DlxCrate => dlx_crate_solutions(puzzle),
            Peer::ExactCovers => exact_covers_solutions(puzzle),
            Peer::DancingLinks => dancing_links_solutions(puzzle),
        }
    }
}

/// What a peer said of a collection: the counts a timed run must reproduce.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub no_solution: usize,
    pub unique: usize,
    pub multiple: usize,
    /// Solutions that break a rule or drop a given: must be 0.
    pub invalid: usize,
}

/// Runs `peer` over `puzzles`, validating every solution it returns.
pub fn tally(peer: Peer, puzzles: &[Grid]) -> Tally {
    let mut tally = Tally::default();
    for puzzle in puzzles {
        let solutions = peer.solutions_up_to_two(puzzle);
        tally.invalid += solutions
            .iter()
            .filter(|s| s.check_solution_of(puzzle).is_err())
            .count();
        match solutions.len() {
            0 => tally.no_solution += 1,
            1 => tally.unique += 1,
            _ => tally.multiple += 1,
        }
    }
    tally
}

fn sudoku_crate_solutions(puzzle: &Grid) -> Vec<Grid> {
    let cells: [u8; 81] = puzzle.cells().try_into().expect("a 9x9 grid has 81 cells");
    let Ok(sudoku) = sudoku_crate::Sudoku::from_bytes(cells) else {
        return Vec::new();
    };
    let mut found = [[0u8; 81]; 2];
    let count = sudoku.solutions_up_to_buffer(&mut found, 2);
    found[..count]
        .iter()
        .map(|cells| Grid::from_cells(puzzle.shape(), cells.to_vec()).expect("digits 1 to 9"))
        .collect()
}

/// The `dlx` crate's example encoding of a 9x9 puzzle: the open constraints and the candidates.
struct CoverEncoding {
    /// The open constraints, by their number: cell `9r + c`, row-digit `81 + 9r + d`,
    /// column-digit `162 + 9c + d`, box-digit `243 + 9b + d` (`d` from 0).
    items: Vec<u16>,
    /// Each candidate's four constraints, in that order.
    options: Vec<[u16; 4]>,
    /// The constraint numbers' places in `items` (dense numbers, for the `dlx` crate).
    dense: [u16; 324],
}

impl CoverEncoding {
    fn new(puzzle: &Grid) -> CoverEncoding {
        let constraints = |cell: usize, digit: usize| {
            let (row, col) = (cell / 9, cell % 9);
            let square = row / 3 * 3 + col / 3;
            [
                cell,
                81 + 9 * row + digit,
                162 + 9 * col + digit,
                243 + 9 * square + digit,
            ]
            .map(|k| k as u16)
        };
        let mut closed = [false; 324];
        for (cell, &digit) in puzzle.cells().iter().enumerate() {
            if digit != 0 {
                for k in constraints(cell, digit as usize - 1) {
                    closed[k as usize] = true;
                }
            }
        }
        let mut dense = [u16::MAX; 324];
        let mut items = Vec::new();
        for k in 0..324 {
            if !closed[k] {
                dense[k] = items.len() as u16;
                items.push(k as u16);
            }
        }
        let options = (0..81)
            .flat_map(|cell| (0..9).map(move |digit| constraints(cell, digit)))
            .filter(|option| option.iter().all(|&k| !closed[k as usize]))
            .collect();
        CoverEncoding {
            items,
            options,
            dense,
        }
    }

    /// The grid with the candidate of these constraints written in (cell and row-digit
    /// numbers name it).
    fn place(grid: &mut Grid, constraints: impl IntoIterator<Item = u16>) {
        let (mut cell, mut digit) = (None, None);
        for k in constraints {
            match k {
                0..=80 => cell = Some(k as usize),
                81..=161 => digit = Some((k - 81) % 9 + 1),
                _ => {}
            }
        }
        grid.set(
            cell.expect("an option names its cell"),
            digit.expect("an option names its digit") as u8,
        );
    }
}

fn dlx_crate_solutions(puzzle: &Grid) -> Vec<Grid> {
    use dlx_crate::choose::{mrv_chooser, no_tiebreak, prefer_any};
    let encoding = CoverEncoding::new(puzzle);
    if encoding.options.is_empty() {
        // The crate asserts there is an option; a puzzle with none open has no solution
        // (the collections hold no full grid).
        return Vec::new();
    }
    let options: Vec<Vec<dlx_crate::Uint>> = encoding
        .options
        .iter()
        .map(|o| {
            o.iter()
                .map(|&k| encoding.dense[k as usize].into())
                .collect()
        })
        .collect();
    let mut problem = dlx_crate::x::make_problem(
        encoding.items.len() as dlx_crate::Uint,
        0,
        &options,
        dlx_crate::OptOrder::Seq,
    );
    let mut solver = dlx_crate::Solver::new(&mut problem);
    let mut chooser = mrv_chooser(prefer_any(), no_tiebreak());
    let mut solutions = Vec::new();
    while solutions.len() < 2 && solver.next_solution(&mut chooser) {
        let mut grid = puzzle.clone();
        for &option in solver.fmt_solution() {
            CoverEncoding::place(&mut grid, encoding.options[option as usize]);
        }
        solutions.push(grid);
    }
    solutions
}

fn exact_covers_solutions(puzzle: &Grid) -> Vec<Grid> {
    use exact_covers::Solver as _;
    let encoding = CoverEncoding::new(puzzle);
    let mut solver: exact_covers::DlSolver<u16, ()> =
        exact_covers::DlSolver::new(&encoding.items, &[]);
    for option in &encoding.options {
        solver.add_option(option, []);
    }
    let mut solutions = Vec::new();
    let mut option = Vec::new();
    solver.solve(|mut solution| {
        let mut grid = puzzle.clone();
        while solution.next(&mut option) {
            CoverEncoding::place(&mut grid, option.iter().map(|&(&k, _)| k));
        }
        solutions.push(grid);
        if solutions.len() == 2 {
            ControlFlow::Break(())
        } else {
            ControlFlow::Continue(())
        }
    });
    solutions
}

fn dancing_links_solutions(puzzle: &Grid) -> Vec<Grid> {
    use dancing_links::{latin_square, sudoku::Sudoku, ExactCover};
    let filled = puzzle
        .cells()
        .iter()
        .enumerate()
        .filter(|&(_, &digit)| digit != 0)
        .map(|(cell, &digit)| latin_square::Possibility {
            row: cell / 9,
            column: cell % 9,
            value: digit as usize,
        });
    let sudoku = Sudoku::new(3, filled);
    sudoku
        .solver()
        .take(2)
        .map(|placed| {
            let mut grid = puzzle.clone();
            for p in placed {
                grid.set(9 * p.row + p.column, p.value as u8);
            }
            grid
        })
        .collect()
}
