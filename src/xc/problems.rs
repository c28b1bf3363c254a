//! Classic exact-cover problems built in code: Knuth's toy problem, n queens, Langford pairs and
//! pentomino packings.
//!
//! They are no puzzle family of their own, only problems nobody tuned the engine for, so they live
//! beside it. Tests check the engine against Knuth's DLX1 on them, benches time it on them, and
//! `examples/write_xc_problems.rs` writes them in Knuth's format to `tests/data/xc/`. Items are
//! declared in the order of TAOCP 7.2.2.1, the order DLX1's figures depend on: with the same
//! items in the same order and the same set of options, the minimum-remaining-values rule (first
//! item on ties) visits the same search tree whatever the order of the options, so `nodes` and
//! `updates` come out as DLX1's.

use super::format::write_problem;
use super::problem::{ItemId, Problem, ProblemBuilder};
use std::io;

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

/// n queens, TAOCP 7.2.2.1 (23): a queen on every row `r` and column `c` (primary items), at most
/// one on every diagonal `a` (r + c) and anti-diagonal `b` (n - 1 - r + c) (secondary items).
pub fn queens(n: usize) -> Problem {
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
    b.build()
}

/// Langford pairs for n, TAOCP 7.2.2.1 (4): two copies of each k in 1..=n in slots `s1`..`s2n`,
/// with k numbers between them. Each arrangement and its reversal are both counted.
pub fn langford(n: usize) -> Problem {
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
    b.build()
}

/// The twelve pentominoes (Conway's letters) packed into a `rows` x `cols` board: an item per
/// piece, then one per cell `r_c` in row-major order; an option for every placement of every
/// distinct rotation and reflection. No symmetry is broken, so each packing of a rectangle is
/// counted four times (2,339 x 4 = 9,356 on 6x10).
pub fn pentominoes(rows: usize, cols: usize) -> Problem {
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

/// A classic problem as `tests/data/xc/` holds it: a file name, a title and the problem.
pub struct Classic {
    pub file: &'static str,
    pub title: &'static str,
    pub problem: Problem,
}

impl Classic {
    /// Writes the problem in Knuth's format after one comment line holding its title.
    pub fn write<W: io::Write>(&self, out: &mut W) -> io::Result<()> {
        writeln!(out, "| {}", self.title)?;
        write_problem(&self.problem, out)
    }
}

/// The problems of `tests/data/xc/`, whose DLX1 figures `tests/data/xc/README.md` lists.
pub fn dlx1_suite() -> Vec<Classic> {
    let classic = |file, title, problem| Classic {
        file,
        title,
        problem,
    };
    vec![
        classic("toy.dlx", "TAOCP 7.2.2.1 (5): the toy problem", toy()),
        classic("queens8.dlx", "8 queens, TAOCP 7.2.2.1 (23)", queens(8)),
        classic("queens12.dlx", "12 queens, TAOCP 7.2.2.1 (23)", queens(12)),
        classic(
            "langford7.dlx",
            "Langford pairs for n = 7, TAOCP 7.2.2.1 (4)",
            langford(7),
        ),
        classic(
            "pentominoes6x10.dlx",
            "the twelve pentominoes on a 6x10 board",
            pentominoes(6, 10),
        ),
    ]
}

/// The names here are fixed and distinct, and the problems small: building cannot fail.
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
    use crate::xc::{ChoiceRule, Dlx};

    fn count(problem: &Problem) -> u64 {
        Dlx::new(problem)
            .count_solutions(ChoiceRule::Mrv, None)
            .stats
            .solutions
    }

    #[test]
    fn small_instances_have_their_known_counts() {
        // OEIS A000170 (queens), A014552 x 2 (Langford pairs, both directions).
        let queens_counts = [1, 0, 0, 2, 10, 4, 40, 92];
        for (n, &expected) in queens_counts.iter().enumerate() {
            assert_eq!(count(&queens(n + 1)), expected, "{} queens", n + 1);
        }
        for (n, expected) in [(3, 2), (4, 2), (5, 0), (6, 0), (7, 52), (8, 300)] {
            assert_eq!(count(&langford(n)), expected, "Langford {n}");
        }
        assert_eq!(count(&toy()), 1);
        // 3x20 has two packings, each counted in four symmetric positions.
        assert_eq!(count(&pentominoes(3, 20)), 8);
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
