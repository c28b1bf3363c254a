//! Classic exact-cover problems written as encodings of their own, to bench the engine on
//! problems nobody tuned it for: n queens, Langford pairs and pentomino packings.

use dlx_solver::xc::{Problem, ProblemBuilder};

/// n queens (TAOCP 7.2.2.1 (23)): rows and columns primary, diagonals secondary.
pub fn queens(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    for r in 0..n {
        b.primary(&format!("r{r}")).unwrap();
    }
    for c in 0..n {
        b.primary(&format!("c{c}")).unwrap();
    }
    for d in 0..2 * n - 1 {
        b.secondary(&format!("a{d}")).unwrap();
    }
    for d in 0..2 * n - 1 {
        b.secondary(&format!("b{d}")).unwrap();
    }
    for r in 0..n {
        for c in 0..n {
            let names = [
                format!("r{r}"),
                format!("c{c}"),
                format!("a{}", r + c),
                format!("b{}", n - 1 - r + c),
            ];
            b.option_by_names(&names).unwrap();
        }
    }
    b.build()
}

/// Langford pairs for n (TAOCP 7.2.2.1 (4)): place two copies of each k in 1..=n with k
/// numbers between them. Each arrangement and its reversal are both counted.
pub fn langford(n: usize) -> Problem {
    let mut b = ProblemBuilder::new();
    for k in 1..=n {
        b.primary(&k.to_string()).unwrap();
    }
    for s in 1..=2 * n {
        b.primary(&format!("s{s}")).unwrap();
    }
    for k in 1..=n {
        for i in 1..2 * n - k {
            let j = i + k + 1;
            if j > 2 * n {
                continue;
            }
            b.option_by_names(&[k.to_string(), format!("s{i}"), format!("s{j}")])
                .unwrap();
        }
    }
    b.build()
}

/// The twelve pentominoes packed into a `rows` x `cols` board (60 cells), every placement of
/// every orientation an option.
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
        b.primary(name).unwrap();
    }
    for r in 0..rows {
        for c in 0..cols {
            b.primary(&format!("{r}_{c}")).unwrap();
        }
    }
    for (name, picture) in SHAPES {
        for shape in orientations(picture) {
            let height = shape.iter().map(|&(r, _)| r).max().unwrap() + 1;
            let width = shape.iter().map(|&(_, c)| c).max().unwrap() + 1;
            for top in 0..=rows.saturating_sub(height) {
                for left in 0..=cols.saturating_sub(width) {
                    if top + height > rows || left + width > cols {
                        continue;
                    }
                    let mut names = vec![name.to_string()];
                    names.extend(
                        shape
                            .iter()
                            .map(|&(r, c)| format!("{}_{}", top + r, left + c)),
                    );
                    b.option_by_names(&names).unwrap();
                }
            }
        }
    }
    b.build()
}

/// The distinct rotations and reflections of a shape drawn as rows of `#` separated by `|`,
/// each normalized to touch the top and left edges and sorted.
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
            let top = moved.iter().map(|p| p.0).min().unwrap();
            let left = moved.iter().map(|p| p.1).min().unwrap();
            let mut shape: Vec<(usize, usize)> = moved
                .iter()
                .map(|&(r, c)| ((r - top) as usize, (c - left) as usize))
                .collect();
            shape.sort();
            if !seen.contains(&shape) {
                seen.push(shape);
            }
        }
    }
    seen
}
