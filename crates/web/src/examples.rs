//! Puzzles and problems to try, made on the spot (nothing is shipped but the code that makes
//! them): Sudoku of each shape and variant from the generator, a Su-domino-ku cut from a tiling
//! the solver finds, Knuth's reference problems written in his format.

use dlx_engine::{Count, EngineKind, Problem, StopFlag};
use dlx_puzzles::sudoku::variant::{Rules, Variants};
use dlx_puzzles::sudoku::{Generator, Settings, Shape};
use dlx_puzzles::sudominoku::{PlacedDomino, Puzzle, PuzzleFile};

/// The examples the page offers, by name, with the kind each is read as.
pub const EXAMPLES: [(&str, &str); 16] = [
    ("sudoku 9x9", "sudoku"),
    ("sudoku 4x4", "sudoku"),
    ("sudoku 6x6", "sudoku"),
    ("sudoku 16x16", "sudoku"),
    ("x 9x9", "x"),
    ("windoku 9x9", "windoku"),
    ("anti-king 9x9", "anti-king"),
    ("anti-knight 9x9", "anti-knight"),
    ("jigsaw 9x9", "jigsaw"),
    ("killer 6x6", "killer"),
    ("sudominoku", "sudominoku"),
    ("xc toy", "xc"),
    ("xc 8 queens", "xc"),
    ("xc langford 7", "xc"),
    ("xc pentominoes 6x10", "xc"),
    ("xc 8 queens with costs", "xc"),
];

/// The text of the example `name`, made with `seed` (another seed, another puzzle).
pub fn example(name: &str, seed: u64) -> Result<String, String> {
    let shape = |rows, cols| Shape::new(rows, cols).map_err(|e| e.to_string());
    let knuth = |problem: Problem| {
        let mut text = Vec::new();
        problem.write(&mut text).map_err(|e| e.to_string())?;
        String::from_utf8(text).map_err(|e| e.to_string())
    };
    match name {
        "sudoku 9x9" => classic(shape(3, 3)?, seed),
        "sudoku 4x4" => classic(shape(2, 2)?, seed),
        "sudoku 6x6" => classic(shape(2, 3)?, seed),
        "sudoku 16x16" => classic(shape(4, 4)?, seed),
        "x 9x9" | "windoku 9x9" | "anti-king 9x9" | "anti-knight 9x9" => {
            let variant = name.split(' ').next().unwrap_or(name);
            ruled(variant, shape(3, 3)?, seed)
        }
        "jigsaw 9x9" => {
            let variants = Variants::parse("jigsaw").map_err(|e| e.to_string())?;
            let stop = StopFlag::never();
            let made = Generator::on_random_layout(
                shape(3, 3)?,
                &variants,
                (seed, 0),
                &stop,
                EngineKind::Auto,
            );
            Ok(made.map_err(|e| e.to_string())?.to_line() + "\n")
        }
        "killer 6x6" => {
            let made = Generator::killer(shape(2, 3)?).generate(seed, 0);
            Ok(made.map_err(|e| e.to_string())?.to_line() + "\n")
        }
        "sudominoku" => sudominoku(seed),
        "xc toy" => knuth(Problem::toy()),
        "xc 8 queens" => knuth(Problem::queens(8)),
        "xc langford 7" => knuth(Problem::langford(7)),
        "xc pentominoes 6x10" => knuth(Problem::pentominoes(6, 10)),
        "xc 8 queens with costs" => knuth(Problem::queens(8).with_random_costs(seed, 20)),
        other => Err(format!("no example named {other:?}")),
    }
}

/// A proper classic puzzle of `shape`.
fn classic(shape: Shape, seed: u64) -> Result<String, String> {
    let settings = Settings {
        shape,
        ..Settings::default()
    };
    let made = Generator::new(settings).generate(seed, 0);
    Ok(made.map_err(|e| e.to_string())?.to_line() + "\n")
}

/// A proper puzzle under one variant on the usual grid of `shape`.
fn ruled(variant: &str, shape: Shape, seed: u64) -> Result<String, String> {
    let variants = Variants::parse(variant).map_err(|e| e.to_string())?;
    let rules = Rules::new(shape, &variants, None).map_err(|e| e.to_string())?;
    let mut generator = Generator::with_rules(rules).map_err(|e| e.to_string())?;
    Ok(generator
        .generate(seed, 0)
        .map_err(|e| e.to_string())?
        .to_line()
        + "\n")
}

/// The puzzle of the crate's own documentation (`dlx_puzzles::sudominoku`): the seed of
/// every Su-domino-ku example, whose solution is relabelled and cut anew.
const SUDOMINOKU_SEED_PUZZLE: &str = "11\n8 E8 5 E9\n9 F3 2 G3\n2 E1 6 F1\n7 E3 3 E4\n\
    6 G5 8 H5\n7 B6 4 B7\n6 C9 9 D9\n2 H8 7 H9\n6 I8 4 I9\n6 H3 3 I3\n9 H1 5 H2\n\
    A8 A2 H6 D8 D1 B2 A7 F2 A4\n0\n";

/// A Su-domino-ku in the task's format: the solution of [`SUDOMINOKU_SEED_PUZZLE`] with its
/// digits relabelled by the seed (a relabelled Sudoku is a Sudoku, and its 36 dominoes stay
/// distinct), its dominoes shuffled by the seed and placed one by one until the puzzle has one
/// grid.
fn sudominoku(seed: u64) -> Result<String, String> {
    let file = PuzzleFile::parse(SUDOMINOKU_SEED_PUZZLE);
    let entry = file
        .entries
        .into_iter()
        .next()
        .ok_or("the seed puzzle is missing")?;
    let puzzle = entry.puzzle.map_err(|e| e.to_string())?;
    let solution = puzzle.solve().ok_or("the seed puzzle has no solution")?;
    let mut random = Lcg(seed);
    let mut digits: Vec<u8> = (1..=9).collect();
    random.shuffle(&mut digits);
    let relabel = |digit: u8| digits[usize::from(digit) - 1];
    let mut singles = [0usize; 9];
    for (digit, &cell) in puzzle.singles().iter().enumerate() {
        singles[usize::from(relabel(digit as u8 + 1)) - 1] = cell;
    }
    let mut tiling: Vec<PlacedDomino> = solution
        .tiling
        .iter()
        .map(|d| PlacedDomino {
            cells: d.cells,
            digits: [relabel(d.digits[0]), relabel(d.digits[1])],
        })
        .collect();
    random.shuffle(&mut tiling);
    let mut placed = Vec::new();
    for domino in tiling {
        placed.push(domino);
        let candidate = Puzzle::new(placed.clone(), singles).map_err(|e| e.to_string())?;
        if candidate.count_grids(Some(1)) == Count::exactly(1) {
            break;
        }
    }
    let name = |cell: usize| format!("{}{}", (b'A' + (cell / 9) as u8) as char, cell % 9 + 1);
    let mut text = format!("{}\n", placed.len());
    for domino in &placed {
        let [a, b] = domino.cells;
        let [x, y] = domino.digits;
        text += &format!("{x} {} {y} {}\n", name(a), name(b));
    }
    let singles: Vec<String> = singles.iter().map(|&cell| name(cell)).collect();
    text += &singles.join(" ");
    text += "\n0\n";
    Ok(text)
}

/// A small generator of shuffles: the same seed, the same example.
struct Lcg(u64);

impl Lcg {
    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            self.0 = self
                .0
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            items.swap(i, (self.0 >> 33) as usize % (i + 1));
        }
    }
}
