//! The board's levels as the loop of the engines that deduce between guesses takes them
//! ([`crate::guesses`]), which gives them the loop and the cut for the split driver.

use super::{Board, Level};
use crate::guesses::{guesses_on_a_path, Guesses};
use crate::problem::OptionId;

guesses_on_a_path!(Board, Level);
