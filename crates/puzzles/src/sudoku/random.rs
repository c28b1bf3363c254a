//! The random numbers of the generator and the rater: a PCG stream per puzzle, derived from a
//! seed and the puzzle's index, so a puzzle depends on nothing but (seed, index) and a parallel
//! run gives the same bytes whatever the number of threads.
//!
//! `rand_pcg`'s `Pcg64Mcg` is specified bit for bit (its output, and `seed_from_u64`'s
//! expansion of a seed, are the same on every platform and word size), and the two helpers here
//! use only its `next_u64`, so no sampling code of another crate version can change a file the
//! project ships.

use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// A random stream for one item of a run.
#[derive(Clone, Debug)]
pub struct Random(Pcg64Mcg);

impl Random {
    /// The stream of item `index` of a run seeded with `seed`. Both numbers go through
    /// SplitMix64's finalizer, so neighbouring seeds and indices give unrelated streams.
    pub fn for_item(seed: u64, index: u64) -> Random {
        let mixed = mix(seed ^ mix(index.wrapping_add(0x9e37_79b9_7f4a_7c15)));
        Random(Pcg64Mcg::seed_from_u64(mixed))
    }

    /// A number in `0..n` (`n > 0`), by Lemire's multiply-shift: a bias below `n / 2^64`.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }

    /// Shuffles `items` in place (Fisher-Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for last in (1..items.len()).rev() {
            let pick = self.below(last + 1);
            items.swap(last, pick);
        }
    }
}

/// SplitMix64's output function: a bijection of `u64` that spreads every input bit.
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_depends_only_on_seed_and_index() {
        let draw = |seed, index| {
            let mut random = Random::for_item(seed, index);
            (0..8).map(|_| random.below(1000)).collect::<Vec<_>>()
        };
        assert_eq!(draw(7, 3), draw(7, 3));
        assert_ne!(draw(7, 3), draw(7, 4));
        assert_ne!(draw(7, 3), draw(8, 3));
    }

    #[test]
    fn below_stays_in_range_and_shuffle_permutes() {
        let mut random = Random::for_item(1, 2);
        let mut seen = [false; 5];
        for _ in 0..200 {
            let k = random.below(5);
            seen[k] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "every value of 0..5 is drawn in 200 tries"
        );
        let mut items: Vec<u32> = (0..50).collect();
        random.shuffle(&mut items);
        assert_ne!(items, (0..50).collect::<Vec<_>>());
        items.sort_unstable();
        assert_eq!(items, (0..50).collect::<Vec<_>>());
    }
}
