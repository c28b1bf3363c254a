//! Classic exact-cover problems built in code: Knuth's toy problem, n queens, Langford pairs and
//! pentomino packings; and problems with colours and bounds: random XCC and MCC problems and word
//! rectangles.
//!
//! They are no puzzle family of their own, only problems nobody tuned the engine for, so they live
//! beside it. Tests check the engine against Knuth's DLX1 on them, benches time it on them, and
//! `examples/write_xc_problems.rs` writes them in Knuth's format to `tests/data/xc/`. Items are
//! declared in the order of TAOCP 7.2.2.1, the order DLX1's figures depend on: with the same
//! items in the same order and the same set of options, the minimum-remaining-values rule (first
//! item on ties) visits the same search tree whatever the order of the options, so `nodes` and
//! `updates` come out as DLX1's.

use super::format::write_problem;
use super::problem::{
    Bounds, BuildError, Colour, ItemId, ItemKind, OptionId, Problem, ProblemBuilder,
};
use std::collections::HashSet;
use std::io;

/// The reference problems, built in code.
impl Problem {
    /// Knuth's toy problem, TAOCP 7.2.2.1 (5): seven items, six options, one solution.
    pub fn toy() -> Problem {
        let mut b = ProblemBuilder::new();
        for name in ["A", "B", "C", "D", "E", "F", "G"] {
            declare(b.primary(name));
        }
        for option in ["C E", "A D G", "B C F", "A D F", "B G", "D E G"] {
            add(&mut b, &option.split(' ').collect::<Vec<_>>());
        }
        b.build()
    }

    /// n queens, TAOCP 7.2.2.1 (23): a queen on every row `r` and column `c` (primary items), at
    /// most one on every diagonal `a` (r + c) and anti-diagonal `b` (n - 1 - r + c) (secondary
    /// items).
    ///
    /// # Panics
    /// When `n` is 0 or above [`Problem::MAX_QUEENS`]; [`Problem::try_queens`] refuses them.
    pub fn queens(n: usize) -> Problem {
        Problem::try_queens(n).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::queens`], or a [`BuildError::Size`] when `n` is 0 or above
    /// [`Problem::MAX_QUEENS`].
    pub fn try_queens(n: usize) -> Result<Problem, BuildError> {
        within("queens", "n", n, 1, Problem::MAX_QUEENS)?;
        let mut b = ProblemBuilder::new();
        for r in 0..n {
            declare(b.primary(&format!("r{r}")));
        }
        for c in 0..n {
            declare(b.primary(&format!("c{c}")));
        }
        for d in 0..2 * n - 1 {
            declare(b.secondary(&format!("a{d}")));
        }
        for d in 0..2 * n - 1 {
            declare(b.secondary(&format!("b{d}")));
        }
        for r in 0..n {
            for c in 0..n {
                let names = [
                    format!("r{r}"),
                    format!("c{c}"),
                    format!("a{}", r + c),
                    format!("b{}", n - 1 - r + c),
                ];
                add(&mut b, &names);
            }
        }
        Ok(b.build())
    }

    /// Langford pairs for n, TAOCP 7.2.2.1 (4): two copies of each k in 1..=n in slots `s1`..`s2n`,
    /// with k numbers between them. Each arrangement and its reversal are both counted.
    ///
    /// # Panics
    /// When `n` is 0 or above [`Problem::MAX_LANGFORD`]; [`Problem::try_langford`] refuses them.
    pub fn langford(n: usize) -> Problem {
        Problem::try_langford(n).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::langford`], or a [`BuildError::Size`] when `n` is 0 or above
    /// [`Problem::MAX_LANGFORD`].
    pub fn try_langford(n: usize) -> Result<Problem, BuildError> {
        within("langford", "n", n, 1, Problem::MAX_LANGFORD)?;
        let mut b = ProblemBuilder::new();
        for k in 1..=n {
            declare(b.primary(&k.to_string()));
        }
        for s in 1..=2 * n {
            declare(b.primary(&format!("s{s}")));
        }
        for k in 1..=n {
            for i in 1..=2 * n {
                let j = i + k + 1;
                if j <= 2 * n {
                    add(&mut b, &[k.to_string(), format!("s{i}"), format!("s{j}")]);
                }
            }
        }
        Ok(b.build())
    }

    /// `n` items and `n` options, option `k` covering item `k` alone: one solution, found without a
    /// wrong turn. The search is `n` levels deep, each covering one item and hiding nothing, so its
    /// time is the choice of item, and no hint helps it (no list gets shorter): the problem shows
    /// how that choice grows with the number of items (TAOCP's scan of every active item makes it
    /// `n²`; see `choice_tree.rs`).
    ///
    /// # Panics
    /// When `n` is 0 or above [`Problem::MAX_SINGLETONS`]; [`Problem::try_singletons`] refuses
    /// them.
    pub fn singletons(n: usize) -> Problem {
        Problem::try_singletons(n).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::singletons`], or a [`BuildError::Size`] when `n` is 0 or above
    /// [`Problem::MAX_SINGLETONS`].
    pub fn try_singletons(n: usize) -> Result<Problem, BuildError> {
        within("singletons", "n", n, 1, Problem::MAX_SINGLETONS)?;
        let mut b = ProblemBuilder::new();
        for k in 0..n {
            let item = b
                .primary(&format!("i{k}"))
                .expect("a classic problem declares distinct items");
            b.option(&[item])
                .expect("a classic problem's options name declared items once each");
        }
        Ok(b.build())
    }

    /// The twelve pentominoes (Conway's letters) packed into a `rows` x `cols` board: an item per
    /// piece, then one per cell `r_c` in row-major order; an option for every placement of every
    /// distinct rotation and reflection. No symmetry is broken, so each packing of a rectangle is
    /// counted four times (2,339 x 4 = 9,356 on 6x10).
    ///
    /// # Panics
    /// When `rows` or `cols` is 0 or the board has more than [`Problem::MAX_PENTOMINO_CELLS`]
    /// cells; [`Problem::try_pentominoes`] refuses them.
    pub fn pentominoes(rows: usize, cols: usize) -> Problem {
        Problem::try_pentominoes(rows, cols).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::pentominoes`], or a [`BuildError::Size`] when `rows` or `cols` is 0 or the
    /// board has more than [`Problem::MAX_PENTOMINO_CELLS`] cells.
    pub fn try_pentominoes(rows: usize, cols: usize) -> Result<Problem, BuildError> {
        board("pentominoes", rows, cols, Problem::MAX_PENTOMINO_CELLS)?;
        const SHAPES: [(&str, &str); 12] = [
            ("F", ".##|##.|.#."),
            ("I", "#####"),
            ("L", "####|#..."),
            ("N", "##..|.###"),
            ("P", "##|##|#."),
            ("T", "###|.#.|.#."),
            ("U", "#.#|###"),
            ("V", "#..|#..|###"),
            ("W", "#..|##.|.##"),
            ("X", ".#.|###|.#."),
            ("Y", "####|.#.."),
            ("Z", "##.|.#.|.##"),
        ];
        let mut b = ProblemBuilder::new();
        for (name, _) in SHAPES {
            declare(b.primary(name));
        }
        for r in 0..rows {
            for c in 0..cols {
                declare(b.primary(&format!("{r}_{c}")));
            }
        }
        for (name, picture) in SHAPES {
            for shape in orientations(picture) {
                let height = shape.iter().map(|&(r, _)| r).max().unwrap_or(0) + 1;
                let width = shape.iter().map(|&(_, c)| c).max().unwrap_or(0) + 1;
                for top in 0..(rows + 1).saturating_sub(height) {
                    for left in 0..(cols + 1).saturating_sub(width) {
                        let mut names = vec![name.to_string()];
                        names.extend(
                            shape
                                .iter()
                                .map(|&(r, c)| format!("{}_{}", top + r, left + c)),
                        );
                        add(&mut b, &names);
                    }
                }
            }
        }
        Ok(b.build())
    }

    /// A random XCC problem (colours, no bounds): `primary` items `p0..`, `secondary` items `s0..`,
    /// `options` options of one to three primary items and up to two secondary ones, each secondary
    /// entry coloured `A` or `B` two times in three.
    ///
    /// # Panics
    /// When [`Problem::try_random_xcc`] refuses the sizes.
    pub fn random_xcc(seed: u64, primary: usize, secondary: usize, options: usize) -> Problem {
        Problem::try_random_xcc(seed, primary, secondary, options).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::random_xcc`], or a [`BuildError::Size`] when `primary` is 0 (an option needs a
    /// primary item) or a size is above [`Problem::MAX_RANDOM_SIZE`].
    pub fn try_random_xcc(
        seed: u64,
        primary: usize,
        secondary: usize,
        options: usize,
    ) -> Result<Problem, BuildError> {
        random_sizes("random_xcc", primary, secondary, options)?;
        Ok(random_coloured(
            seed,
            &vec![Bounds::EXACTLY_ONCE; primary],
            secondary,
            options,
        ))
    }

    /// A random MCC problem: as [`Problem::random_xcc`], with bounds on the primary items (a lower
    /// bound of 0 to 2 and an upper bound up to 2 above it).
    ///
    /// # Panics
    /// When [`Problem::try_random_mcc`] refuses the sizes.
    pub fn random_mcc(seed: u64, primary: usize, secondary: usize, options: usize) -> Problem {
        Problem::try_random_mcc(seed, primary, secondary, options).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::random_mcc`], or a [`BuildError::Size`] as [`Problem::try_random_xcc`] gives one.
    pub fn try_random_mcc(
        seed: u64,
        primary: usize,
        secondary: usize,
        options: usize,
    ) -> Result<Problem, BuildError> {
        random_sizes("random_mcc", primary, secondary, options)?;
        let mut random = Random::new(seed ^ 0x006d_6363);
        let bounds: Vec<Bounds> = (0..primary)
            .map(|_| {
                let lower = random.below(3) as u32;
                let upper = (lower + random.below(3) as u32).max(1);
                Bounds::new(lower, upper).expect("lower <= upper, upper >= 1")
            })
            .collect();
        Ok(random_coloured(seed, &bounds, secondary, options))
    }

    /// This problem with a random cost from `0..=most` on each option (DLX5's `|n`), drawn from
    /// `seed`; the items, options and colours are this problem's. What minimum-cost searches
    /// are checked and timed on: queens and pentominoes with random costs, as DLX5 was.
    pub fn with_random_costs(&self, seed: u64, most: u64) -> Problem {
        let mut random = Random::new(seed ^ 0x636f_7374);
        self.with_costs(|_| random.below(most as usize + 1) as u64)
            .expect("random costs of a problem's options add up within u64")
    }

    /// This problem with `cost(option)` as each option's cost (DLX5's `|n`), asked once an
    /// option in order; the items, options and colours are this problem's. Refused when the
    /// costs add up past [`Problem::MAX_TOTAL_COST`].
    pub fn with_costs(&self, mut cost: impl FnMut(OptionId) -> u64) -> Result<Problem, BuildError> {
        let mut b = ProblemBuilder::new();
        for item in self.items() {
            let name = self.item_name(item);
            declare(match self.item_kind(item) {
                ItemKind::Primary => b.primary_with_bounds(name, self.item_bounds(item)),
                ItemKind::Secondary => b.secondary(name),
            });
        }
        for option in self.options() {
            let entries: Vec<(ItemId, Option<Colour>)> = self
                .option_items(option)
                .iter()
                .copied()
                .zip(self.option_colours(option))
                .collect();
            let cost = cost(option);
            // A kept option has a primary item and was checked when this problem was built.
            if let Some(id) = b.coloured_option(&entries)? {
                b.set_cost(id, cost)?;
            }
        }
        Ok(b.build())
    }

    /// `count` random words of `len` letters from `a..=e`, distinct, in order of drawing.
    ///
    /// # Panics
    /// When [`Problem::try_random_words`] refuses the sizes.
    pub fn random_words(seed: u64, count: usize, len: usize) -> Vec<String> {
        Problem::try_random_words(seed, count, len).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::random_words`], or a [`BuildError::Size`] when `len` is 0 or above
    /// [`Problem::MAX_WORD_LENGTH`], or `count` is above the `5^len` distinct words there are
    /// or above [`Problem::MAX_RANDOM_SIZE`] (drawing could then never end).
    pub fn try_random_words(
        seed: u64,
        count: usize,
        len: usize,
    ) -> Result<Vec<String>, BuildError> {
        within("random_words", "len", len, 1, Problem::MAX_WORD_LENGTH)?;
        let distinct = u32::try_from(len)
            .ok()
            .and_then(|len| 5usize.checked_pow(len))
            .unwrap_or(usize::MAX);
        within(
            "random_words",
            "count",
            count,
            0,
            distinct.min(Problem::MAX_RANDOM_SIZE),
        )?;
        let mut random = Random::new(seed ^ 0x776f_7264);
        let mut words: Vec<String> = Vec::with_capacity(count);
        let mut drawn: HashSet<String> = HashSet::with_capacity(count);
        while words.len() < count {
            let word: String = (0..len)
                .map(|_| char::from(b'a' + random.below(5) as u8))
                .collect();
            if drawn.insert(word.clone()) {
                words.push(word);
            }
        }
        Ok(words)
    }

    /// Word rectangles (Knuth's XCC model in TAOCP 7.2.2.1): a `rows` x `cols` grid whose rows
    /// are words of `across` and whose columns are words of `down`. Primary items `A0..` (each row
    /// takes a word) and `D0..` (each column), secondary items `rc` for the cells, coloured by the
    /// letter there: an across word and a down word may share a cell only if they agree on its
    /// letter.
    ///
    /// # Panics
    /// When `rows` or `cols` is 0 or above [`Problem::MAX_WORD_RECTANGLE_SIDE`];
    /// [`Problem::try_word_rectangles`] refuses them.
    pub fn word_rectangles(
        rows: usize,
        cols: usize,
        across: &[String],
        down: &[String],
    ) -> Problem {
        Problem::try_word_rectangles(rows, cols, across, down).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::word_rectangles`], or a [`BuildError::Size`] when `rows` or `cols` is 0 or above
    /// [`Problem::MAX_WORD_RECTANGLE_SIDE`] (a cell's name is its row's digit and its column's).
    pub fn try_word_rectangles(
        rows: usize,
        cols: usize,
        across: &[String],
        down: &[String],
    ) -> Result<Problem, BuildError> {
        let side = Problem::MAX_WORD_RECTANGLE_SIDE;
        within("word_rectangles", "rows", rows, 1, side)?;
        within("word_rectangles", "cols", cols, 1, side)?;
        let mut b = ProblemBuilder::new();
        for r in 0..rows {
            declare(b.primary(&format!("A{r}")));
        }
        for c in 0..cols {
            declare(b.primary(&format!("D{c}")));
        }
        for r in 0..rows {
            for c in 0..cols {
                declare(b.secondary(&format!("{r}{c}")));
            }
        }
        let cell = |r: usize, c: usize| format!("{r}{c}");
        let mut add_word = |line: String, cells: Vec<String>, word: &str| {
            let mut entries = vec![(line, None)];
            entries.extend(
                cells
                    .into_iter()
                    .zip(word.chars().map(|ch| Some(Colour::from(ch)))),
            );
            b.coloured_option_by_names(&entries)
                .expect("a word's option names declared items once each");
        };
        for r in 0..rows {
            for word in across.iter().filter(|w| w.chars().count() == cols) {
                add_word(
                    format!("A{r}"),
                    (0..cols).map(|c| cell(r, c)).collect(),
                    word,
                );
            }
        }
        for c in 0..cols {
            for word in down.iter().filter(|w| w.chars().count() == rows) {
                add_word(
                    format!("D{c}"),
                    (0..rows).map(|r| cell(r, c)).collect(),
                    word,
                );
            }
        }
        Ok(b.build())
    }
}

/// The bounds on the sizes of the reference problems; past them a constructor returns a
/// [`BuildError::Size`] rather than filling memory.
impl Problem {
    /// The largest n of [`Problem::queens`]: 4,000 items, a million options.
    pub const MAX_QUEENS: usize = 1000;
    /// The largest n of [`Problem::langford`]: 3,000 items, about two million options.
    pub const MAX_LANGFORD: usize = 1000;
    /// The most items of [`Problem::singletons`].
    pub const MAX_SINGLETONS: usize = 10_000_000;
    /// The most cells of a board of [`Problem::pentominoes`]: about 600,000 options.
    pub const MAX_PENTOMINO_CELLS: usize = 10_000;
    /// The most cells of a board of [`Problem::dominoes`]: about two million options.
    pub const MAX_DOMINO_CELLS: usize = 1_000_000;
    /// The most rows, and the most columns, of [`Problem::word_rectangles`]: a cell is named
    /// by one digit for its row and one for its column.
    pub const MAX_WORD_RECTANGLE_SIDE: usize = 10;
    /// The most letters of a word of [`Problem::random_words`].
    pub const MAX_WORD_LENGTH: usize = 100;
    /// The most items of each kind, options and words of the random problems.
    pub const MAX_RANDOM_SIZE: usize = 1_000_000;
}

/// `value`, or a [`BuildError::Size`] when it is outside `least..=most`.
fn within(
    problem: &'static str,
    what: &'static str,
    value: usize,
    least: usize,
    most: usize,
) -> Result<usize, BuildError> {
    if (least..=most).contains(&value) {
        return Ok(value);
    }
    Err(BuildError::Size {
        problem,
        what,
        value,
        least,
        most,
    })
}

/// A board of at least one row and one column, and at most `most_cells` cells.
fn board(
    problem: &'static str,
    rows: usize,
    cols: usize,
    most_cells: usize,
) -> Result<(), BuildError> {
    within(problem, "rows", rows, 1, most_cells)?;
    within(problem, "cols", cols, 1, most_cells)?;
    within(
        problem,
        "rows * cols",
        rows.saturating_mul(cols),
        1,
        most_cells,
    )?;
    Ok(())
}

/// The sizes of a random problem: a primary item at least (every option takes one), and each
/// size within [`Problem::MAX_RANDOM_SIZE`].
fn random_sizes(
    problem: &'static str,
    primary: usize,
    secondary: usize,
    options: usize,
) -> Result<(), BuildError> {
    let most = Problem::MAX_RANDOM_SIZE;
    within(problem, "primary", primary, 1, most)?;
    within(problem, "secondary", secondary, 0, most)?;
    within(problem, "options", options, 0, most)?;
    Ok(())
}

/// A small deterministic generator (xorshift64*) for the random problems: the same seed gives
/// the same problem on every machine.
struct Random(u64);

impl Random {
    fn new(seed: u64) -> Random {
        Random(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1)
    }

    /// A number in `0..below`.
    fn below(&mut self, below: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_f491_4f6c_dd1d) >> 33) as usize % below
    }
}

fn random_coloured(seed: u64, bounds: &[Bounds], secondary: usize, options: usize) -> Problem {
    let mut random = Random::new(seed);
    let mut b = ProblemBuilder::new();
    for (k, &bounds) in bounds.iter().enumerate() {
        declare(b.primary_with_bounds(&format!("p{k}"), bounds));
    }
    for k in 0..secondary {
        declare(b.secondary(&format!("s{k}")));
    }
    let primary = bounds.len();
    for _ in 0..options {
        let mut entries: Vec<(ItemId, Option<Colour>)> = Vec::new();
        let mut put = |item: usize, colour: Option<Colour>| {
            let item = ItemId(item as u32);
            if entries.iter().all(|&(seen, _)| seen != item) {
                entries.push((item, colour));
            }
        };
        for _ in 0..1 + random.below(3) {
            put(random.below(primary), None);
        }
        if secondary > 0 {
            for _ in 0..random.below(3) {
                let colour = match random.below(3) {
                    0 => None,
                    1 => Some(Colour::from('A')),
                    _ => Some(Colour::from('B')),
                };
                put(primary + random.below(secondary), colour);
            }
        }
        b.coloured_option(&entries)
            .expect("a random option names declared items once each, colours on secondary ones");
    }
    b.build()
}

/// The distinct rotations and reflections of a shape drawn as rows of `#` separated by `|`,
/// each moved to touch the top and left edges, its cells in row-major order.
fn orientations(picture: &str) -> Vec<Vec<(usize, usize)>> {
    let cells: Vec<(i32, i32)> = picture
        .split('|')
        .enumerate()
        .flat_map(|(r, row)| {
            row.chars()
                .enumerate()
                .filter(|&(_, ch)| ch == '#')
                .map(move |(c, _)| (r as i32, c as i32))
        })
        .collect();
    let mut seen: Vec<Vec<(usize, usize)>> = Vec::new();
    for flip in [false, true] {
        for turn in 0..4 {
            let moved: Vec<(i32, i32)> = cells
                .iter()
                .map(|&(r, c)| {
                    let (mut r, mut c) = if flip { (r, -c) } else { (r, c) };
                    for _ in 0..turn {
                        (r, c) = (c, -r);
                    }
                    (r, c)
                })
                .collect();
            let top = moved.iter().map(|p| p.0).min().unwrap_or(0);
            let left = moved.iter().map(|p| p.1).min().unwrap_or(0);
            let mut shape: Vec<(usize, usize)> = moved
                .iter()
                .map(|&(r, c)| ((r - top) as usize, (c - left) as usize))
                .collect();
            shape.sort_unstable();
            if !seen.contains(&shape) {
                seen.push(shape);
            }
        }
    }
    seen
}

/// A reference problem as `tests/data/xc/` holds it: a file name, a title and the problem.
pub struct ReferenceProblem {
    /// The file name in `tests/data/xc/`.
    pub file: &'static str,
    /// What the problem is, written as the file's first comment line.
    pub title: &'static str,
    /// The problem itself.
    pub problem: Problem,
}

impl ReferenceProblem {
    /// Writes the problem in Knuth's format after one comment line holding its title.
    pub fn write<W: io::Write>(&self, out: &mut W) -> io::Result<()> {
        writeln!(out, "| {}", self.title)?;
        write_problem(&self.problem, out)
    }
}

/// The suites the tests check against Knuth's programs, which `examples/write_xc_problems.rs`
/// writes to `tests/data/xc/`.
impl ReferenceProblem {
    /// The problems with colours and bounds of `tests/data/xc/`, whose figures (DLX2's without
    /// bounds, DLX3's with) `tests/data/xc/README.md` lists.
    pub fn xcc_mcc_suite() -> Vec<ReferenceProblem> {
        let classic = |file, title, problem| ReferenceProblem {
            file,
            title,
            problem,
        };
        let words = |seed, count, len| Problem::random_words(seed, count, len);
        vec![
            classic(
                "xcc_random1.dlx",
                "random XCC, seed 6: 6 primary items, 4 secondary, 16 options",
                Problem::random_xcc(6, 6, 4, 16),
            ),
            classic(
                "xcc_random2.dlx",
                "random XCC, seed 2: 12 primary items, 6 secondary, 60 options",
                Problem::random_xcc(2, 12, 6, 60),
            ),
            classic(
                "mcc_random1.dlx",
                "random MCC, seed 1: 6 primary items with bounds, 4 secondary, 16 options",
                Problem::random_mcc(1, 6, 4, 16),
            ),
            classic(
                "mcc_random2.dlx",
                "random MCC, seed 2: 12 primary items with bounds, 6 secondary, 50 options",
                Problem::random_mcc(2, 12, 6, 50),
            ),
            classic(
                "word_rectangles3x4.dlx",
                "3x4 word rectangles: across from 40 random 4-letter words, down from 40 3-letter ones",
                Problem::word_rectangles(3, 4, &words(1, 40, 4), &words(2, 40, 3)),
            ),
        ]
    }

    /// The problems with costs of `tests/data/xc/`, whose DLX5 figures (the cheapest solution,
    /// and the five best) `tests/data/xc/README.md` lists: the classic problems with random
    /// costs, ties among them (costs 0 to 2) and without.
    pub fn dlx5_suite() -> Vec<ReferenceProblem> {
        let classic = |file, title, problem| ReferenceProblem {
            file,
            title,
            problem,
        };
        let words = |seed, count, len| Problem::random_words(seed, count, len);
        vec![
            classic(
                "toy_costs.dlx",
                "the toy problem, random costs 0 to 9 (seed 1)",
                Problem::toy().with_random_costs(1, 9),
            ),
            classic(
                "queens8_costs.dlx",
                "8 queens, random costs 0 to 20 (seed 1)",
                Problem::queens(8).with_random_costs(1, 20),
            ),
            classic(
                "queens12_ties.dlx",
                "12 queens, random costs 0 to 2 (seed 2)",
                Problem::queens(12).with_random_costs(2, 2),
            ),
            classic(
                "langford7_costs.dlx",
                "Langford pairs for n = 7, random costs 0 to 20 (seed 3)",
                Problem::langford(7).with_random_costs(3, 20),
            ),
            classic(
                "xcc_random2_costs.dlx",
                "random XCC, seed 2, with random costs 0 to 20 (seed 4)",
                Problem::random_xcc(2, 12, 6, 60).with_random_costs(4, 20),
            ),
            classic(
                "word_rectangles3x4_costs.dlx",
                "3x4 word rectangles, random costs 0 to 20 (seed 5)",
                Problem::word_rectangles(3, 4, &words(1, 40, 4), &words(2, 40, 3))
                    .with_random_costs(5, 20),
            ),
            classic(
                "dominoes6x6_costs.dlx",
                "domino tilings of a 6x6 board, random costs 0 to 20 (seed 6)",
                Problem::dominoes(6, 6).with_random_costs(6, 20),
            ),
        ]
    }

    /// Larger problems (colours, bounds, domino tilings), for timing the engine against Knuth's
    /// programs (not kept in `tests/data/xc/`: the example `write_xc_problems` writes them where
    /// asked).
    pub fn timing_suite() -> Vec<ReferenceProblem> {
        let classic = |file, title, problem| ReferenceProblem {
            file,
            title,
            problem,
        };
        vec![
            classic(
                "word_rectangles4x5.dlx",
                "4x5 word rectangles: across from 150 random 5-letter words, down from 150 4-letter ones",
                Problem::word_rectangles(
                    4,
                    5,
                    &Problem::random_words(3, 150, 5),
                    &Problem::random_words(4, 150, 4),
                ),
            ),
            classic(
                "dominoes8x8.dlx",
                "domino tilings of an 8x8 board: 12,988,816, a case for the memoized count",
                Problem::dominoes(8, 8),
            ),
            classic(
                "dominoes12x12.dlx",
                "domino tilings of a 12x12 board: 53,060,477,521,960,000 (count them with --memo)",
                Problem::dominoes(12, 12),
            ),
            classic(
                "mcc_random_large.dlx",
                "random MCC, seed 5: 20 primary items with bounds, 8 secondary, 80 options",
                Problem::random_mcc(5, 20, 8, 80),
            ),
            classic(
                "pentominoes6x10_costs.dlx",
                "the twelve pentominoes on a 6x10 board, random costs 0 to 20 (seed 1)",
                Problem::pentominoes(6, 10).with_random_costs(1, 20),
            ),
            classic(
                "queens20_costs.dlx",
                "20 queens, random costs 0 to 20 (seed 1)",
                Problem::queens(20).with_random_costs(1, 20),
            ),
            classic(
                "queens21_costs.dlx",
                "21 queens, random costs 0 to 20 (seed 1)",
                Problem::queens(21).with_random_costs(1, 20),
            ),
            classic(
                "queens22_costs.dlx",
                "22 queens, random costs 0 to 20 (seed 1)",
                Problem::queens(22).with_random_costs(1, 20),
            ),
            classic(
                "mcc_random_90.dlx",
                "random MCC, seed 5: 20 primary items with bounds, 8 secondary, 90 options",
                Problem::random_mcc(5, 20, 8, 90),
            ),
        ]
    }

    /// The problems of `tests/data/xc/`, whose DLX1 figures `tests/data/xc/README.md` lists.
    pub fn dlx1_suite() -> Vec<ReferenceProblem> {
        let classic = |file, title, problem| ReferenceProblem {
            file,
            title,
            problem,
        };
        vec![
            classic(
                "toy.dlx",
                "TAOCP 7.2.2.1 (5): the toy problem",
                Problem::toy(),
            ),
            classic(
                "queens8.dlx",
                "8 queens, TAOCP 7.2.2.1 (23)",
                Problem::queens(8),
            ),
            classic(
                "queens12.dlx",
                "12 queens, TAOCP 7.2.2.1 (23)",
                Problem::queens(12),
            ),
            classic(
                "langford7.dlx",
                "Langford pairs for n = 7, TAOCP 7.2.2.1 (4)",
                Problem::langford(7),
            ),
            classic(
                "pentominoes6x10.dlx",
                "the twelve pentominoes on a 6x10 board",
                Problem::pentominoes(6, 10),
            ),
        ]
    }
}

/// The names here are fixed and distinct, and the problems small: building cannot fail.
/// Domino tilings: the problem on which memoized counting shines (see [`Memo`](crate::Memo)).
impl Problem {
    /// The tilings of a `rows` x `cols` board by dominoes: an item per cell `r_c` in row-major
    /// order, an option per domino (for each cell in that order, the one reaching right, then
    /// the one reaching down). 12,988,816 tilings of 8x8 (TAOCP 7.1.4).
    ///
    /// # Panics
    /// When `rows` or `cols` is 0 or the board has more than [`Problem::MAX_DOMINO_CELLS`]
    /// cells; [`Problem::try_dominoes`] refuses them.
    pub fn dominoes(rows: usize, cols: usize) -> Problem {
        Problem::try_dominoes(rows, cols).unwrap_or_else(|e| panic!("{e}"))
    }

    /// [`Problem::dominoes`], or a [`BuildError::Size`] when `rows` or `cols` is 0 or the board has
    /// more than [`Problem::MAX_DOMINO_CELLS`] cells.
    pub fn try_dominoes(rows: usize, cols: usize) -> Result<Problem, BuildError> {
        board("dominoes", rows, cols, Problem::MAX_DOMINO_CELLS)?;
        let mut b = ProblemBuilder::new();
        let cell = |r: usize, c: usize| format!("{r}_{c}");
        for r in 0..rows {
            for c in 0..cols {
                declare(b.primary(&cell(r, c)));
            }
        }
        for r in 0..rows {
            for c in 0..cols {
                if c + 1 < cols {
                    add(&mut b, &[cell(r, c), cell(r, c + 1)]);
                }
                if r + 1 < rows {
                    add(&mut b, &[cell(r, c), cell(r + 1, c)]);
                }
            }
        }
        Ok(b.build())
    }
}

fn declare(result: Result<ItemId, super::problem::BuildError>) {
    result.expect("a classic problem declares distinct items");
}

fn add<S: AsRef<str>>(b: &mut ProblemBuilder, names: &[S]) {
    b.option_by_names(names)
        .expect("a classic problem's options name declared items once each");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Engine;
    use crate::{ChoiceRule, Dlx};

    fn count(problem: &Problem) -> u64 {
        Dlx::new(problem)
            .set_rule(ChoiceRule::Mrv)
            .count_solutions(None)
            .stats
            .solutions
    }

    #[test]
    fn small_instances_have_their_known_counts() {
        // OEIS A000170 (queens), A014552 x 2 (Langford pairs, both directions).
        let queens_counts = [1, 0, 0, 2, 10, 4, 40, 92];
        for (n, &expected) in queens_counts.iter().enumerate() {
            assert_eq!(count(&Problem::queens(n + 1)), expected, "{} queens", n + 1);
        }
        for (n, expected) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
            assert_eq!(count(&Problem::langford(n)), expected, "Langford {n}");
        }
        assert_eq!(count(&Problem::toy()), 1);
        // 3x20 has two packings, each counted in four symmetric positions.
        assert_eq!(count(&Problem::pentominoes(3, 20)), 8);
    }

    #[test]
    fn a_problem_of_many_items_is_searched_through_the_choice_tree_with_dlx1s_figures() {
        // 300,000 items: three levels of bounds (64 * 64 * 64 < 300,000), the search n + 1
        // nodes deep (the last one the solution) with n updates, whichever rule.
        let n = 300_000;
        let mut dlx = Dlx::new(&Problem::singletons(n));
        for rule in [ChoiceRule::Mrv, ChoiceRule::MrvStopAtOne] {
            let outcome = dlx.set_rule(rule).first_solution();
            let solution = outcome.answer.expect("the one solution");
            assert_eq!(solution.len(), n);
            let mut items: Vec<usize> = solution.iter().map(|o| o.index()).collect();
            items.sort_unstable();
            assert!(items.iter().enumerate().all(|(k, &o)| k == o));
            assert_eq!(
                (outcome.stats.nodes, outcome.stats.updates),
                (n as u64 + 1, n as u64)
            );
        }
    }

    fn words(list: &[&str]) -> Vec<String> {
        list.iter().map(|w| w.to_string()).collect()
    }

    #[test]
    fn every_generator_refuses_a_size_that_leaves_nothing_to_place() {
        let refused = |built: Result<Problem, BuildError>, what: &str| {
            let error = built.expect_err(what);
            let BuildError::Size { value, least, .. } = error else {
                panic!("{what}: {error}");
            };
            assert_eq!((value, least), (0, 1), "{what}: {error}");
            assert!(error.to_string().contains("= 0, expected 1 to"), "{error}");
        };
        refused(Problem::try_queens(0), "queens 0");
        refused(Problem::try_langford(0), "langford 0");
        refused(Problem::try_singletons(0), "singletons 0");
        refused(Problem::try_pentominoes(0, 10), "pentominoes 0 rows");
        refused(Problem::try_pentominoes(10, 0), "pentominoes 0 cols");
        refused(Problem::try_dominoes(0, 4), "dominoes 0 rows");
        refused(Problem::try_dominoes(4, 0), "dominoes 0 cols");
        let (a, d) = (words(&["ab"]), words(&["a"]));
        refused(Problem::try_word_rectangles(0, 2, &a, &d), "words 0 rows");
        refused(Problem::try_word_rectangles(1, 0, &a, &d), "words 0 cols");
        refused(Problem::try_random_xcc(1, 0, 2, 5), "xcc 0 primary");
        refused(Problem::try_random_mcc(1, 0, 2, 5), "mcc 0 primary");
        let no_letters = Problem::try_random_words(1, 2, 0).expect_err("words of 0 letters");
        assert!(matches!(no_letters, BuildError::Size { what: "len", .. }));
    }

    #[test]
    fn every_generator_builds_its_smallest_size() {
        // One queen on one square; no Langford pair for 1; one square fits no piece.
        assert_eq!(count(&Problem::try_queens(1).unwrap()), 1);
        assert_eq!(count(&Problem::try_langford(1).unwrap()), 0);
        assert_eq!(count(&Problem::try_singletons(1).unwrap()), 1);
        assert_eq!(count(&Problem::try_pentominoes(1, 1).unwrap()), 0);
        assert_eq!(count(&Problem::try_dominoes(1, 1).unwrap()), 0);
        assert_eq!(count(&Problem::try_dominoes(1, 2).unwrap()), 1);
        let one_cell = Problem::try_word_rectangles(1, 1, &words(&["a", "b"]), &words(&["b"]));
        assert_eq!(count(&one_cell.unwrap()), 1);
        let xcc = Problem::try_random_xcc(3, 1, 0, 1).unwrap();
        assert_eq!((xcc.item_count(), xcc.option_count()), (1, 1));
        let mcc = Problem::try_random_mcc(3, 1, 0, 1).unwrap();
        assert_eq!((mcc.item_count(), mcc.option_count()), (1, 1));
        let mut letters = Problem::try_random_words(3, 5, 1).unwrap();
        letters.sort();
        assert_eq!(letters, ["a", "b", "c", "d", "e"]);
    }

    #[test]
    fn every_generator_refuses_an_absurd_size_before_allocating() {
        let huge = usize::MAX;
        let refused = |built: Result<Problem, BuildError>, what: &str| {
            let error = built.expect_err(what);
            let BuildError::Size { value, most, .. } = error else {
                panic!("{what}: {error}");
            };
            assert!(value > most, "{what}: {error}");
        };
        refused(Problem::try_queens(huge), "queens");
        refused(
            Problem::try_queens(Problem::MAX_QUEENS + 1),
            "queens past the bound",
        );
        refused(Problem::try_langford(huge), "langford");
        refused(Problem::try_singletons(huge), "singletons");
        refused(Problem::try_pentominoes(huge, huge), "pentominoes");
        // Each side small enough, the product past the bound (and past usize).
        refused(
            Problem::try_pentominoes(1 << 40, 1 << 40),
            "pentominoes product",
        );
        refused(
            Problem::try_pentominoes(101, 100),
            "pentominoes past the bound",
        );
        refused(Problem::try_dominoes(huge, 2), "dominoes");
        refused(Problem::try_dominoes(1001, 1000), "dominoes past the bound");
        let (a, d) = (words(&["ab"]), words(&["a"]));
        refused(Problem::try_word_rectangles(huge, 1, &a, &d), "word rows");
        // Two-digit rows would give cells `1`+`11` and `11`+`1` one name.
        refused(
            Problem::try_word_rectangles(11, 11, &a, &d),
            "word rectangles 11x11",
        );
        refused(Problem::try_random_xcc(1, huge, 0, 1), "xcc primary");
        refused(Problem::try_random_xcc(1, 1, huge, 1), "xcc secondary");
        refused(Problem::try_random_mcc(1, 1, 0, huge), "mcc options");
        assert!(Problem::try_random_words(1, huge, 100).is_err());
        assert!(Problem::try_random_words(1, 1, huge).is_err());
    }

    #[test]
    fn random_words_refuse_more_words_than_there_are_and_give_every_one_there_is() {
        // Two letters from a..=e: 25 words, so the 26th could never be drawn.
        let error = Problem::try_random_words(7, 26, 2).expect_err("26 distinct 2-letter words");
        assert!(
            matches!(
                error,
                BuildError::Size {
                    what: "count",
                    most: 25,
                    ..
                }
            ),
            "{error}"
        );
        let mut all = Problem::try_random_words(7, 25, 2).unwrap();
        all.sort();
        all.dedup();
        assert_eq!(all.len(), 25);
    }

    #[test]
    fn every_piece_has_its_number_of_orientations() {
        let counts: Vec<usize> = ["#####", "##|##|#.", ".#.|###|.#.", "#..|##.|.##"]
            .iter()
            .map(|p| orientations(p).len())
            .collect();
        assert_eq!(counts, [2, 8, 1, 4]);
    }
}
