//! An exact-cover problem as plain data: named items and the options that cover them.
//!
//! A [`Problem`] is what every encoding produces and what the text format reads and writes. It
//! knows nothing of dancing links; [`crate::Dlx`] turns it into the linked arena the search
//! runs on. Keeping the two apart lets an encoding be built once, inspected, dumped in Knuth's
//! format, and loaded into as many arenas (one per thread) as needed.
//!
//! Two extensions of Knuth's give the problem more reach. A secondary item may be given a
//! [`Colour`] in an option (XCC, Knuth's DLX2): options that give it the same colour may all be
//! chosen together, while an uncoloured use still excludes every other. A primary item may carry
//! [`Bounds`] (MCC, Knuth's DLX3): a solution covers it between `lower` and `upper` times
//! instead of exactly once.

use super::names::{NameIndex, Names};
use crate::excerpt::Excerpt;
use thiserror::Error;

/// The index of an item, in declaration order (primary and secondary items share one numbering).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ItemId(pub u32);

/// The index of a kept option, in the order the options were added (dropped options get none).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OptionId(pub u32);

impl ItemId {
    /// The id as an index into per-item vectors.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl OptionId {
    /// The id as an index into per-option vectors.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

/// The colour an option gives a secondary item. Knuth's format writes it as one character after
/// a colon (`x:A`); [`From<char>`] makes one from that character, and any `u32` will do in code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Colour(pub u32);

impl From<char> for Colour {
    fn from(c: char) -> Colour {
        Colour(c as u32)
    }
}

impl Colour {
    /// The character this colour stands for, when it is one (as every colour read from a file is).
    pub fn as_char(self) -> Option<char> {
        char::from_u32(self.0)
    }
}

/// How many times a primary item must be covered: between `lower` and `upper`, both included.
/// Built by [`Bounds::new`], which refuses a lower bound above the upper and an upper bound of
/// zero (an item no option may cover is no constraint DLX3 accepts either).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Bounds {
    lower: u32,
    upper: u32,
}

impl Default for Bounds {
    /// Exactly once: the bounds of every primary item of plain exact cover.
    fn default() -> Bounds {
        Bounds::EXACTLY_ONCE
    }
}

impl Bounds {
    /// Exactly once.
    pub const EXACTLY_ONCE: Bounds = Bounds { lower: 1, upper: 1 };

    /// Between `lower` and `upper` times.
    pub fn new(lower: u32, upper: u32) -> Result<Bounds, BuildError> {
        if upper == 0 {
            Err(BuildError::ZeroUpperBound)
        } else if lower > upper {
            Err(BuildError::LowerAboveUpper { lower, upper })
        } else {
            Ok(Bounds { lower, upper })
        }
    }

    /// Exactly `times` times.
    pub fn exactly(times: u32) -> Result<Bounds, BuildError> {
        Bounds::new(times, times)
    }

    /// The least number of chosen options that must contain the item.
    pub fn lower(self) -> u32 {
        self.lower
    }

    /// The most.
    pub fn upper(self) -> u32 {
        self.upper
    }
}

/// Whether an item must be covered exactly once or at most once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ItemKind {
    /// Covered exactly once by every solution.
    Primary,
    /// Covered at most once.
    Secondary,
}

/// Why a [`ProblemBuilder`] refused an item or an option.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BuildError {
    /// Two items were declared with the same name.
    #[error("item `{}` is declared twice", Excerpt(.name))]
    DuplicateItem {
        /// The name declared twice.
        name: String,
    },
    /// An item name was empty.
    #[error("an item name must not be empty")]
    EmptyName,
    /// An option named an item that was never declared; `position` counts from 0 within the option.
    #[error("option names unknown item `{}`", Excerpt(.name))]
    UnknownItem {
        /// The name, as the option gave it.
        name: String,
        /// Its place in the option, from 0.
        position: usize,
    },
    /// An option used an item id that no declared item has.
    #[error("option uses item id {id}, but only {count} items are declared")]
    UnknownItemId {
        /// The id given.
        id: u32,
        /// The items declared.
        count: usize,
        /// Its place in the option, from 0.
        position: usize,
    },
    /// An option listed the same item twice; `position` is the second occurrence, from 0.
    #[error("option lists item `{}` twice", Excerpt(.name))]
    RepeatedItem {
        /// The item's name.
        name: String,
        /// The place of its second occurrence in the option, from 0.
        position: usize,
    },
    /// An option gave a colour to a primary item: only secondary items take colours.
    #[error("primary item `{}` cannot take a colour; only secondary items can", Excerpt(.name))]
    ColourOnPrimary {
        /// The primary item's name.
        name: String,
        /// Its place in the option, from 0.
        position: usize,
    },
    /// Bounds whose lower end is above the upper.
    #[error("the lower bound {lower} is above the upper bound {upper}")]
    LowerAboveUpper {
        /// The lower bound given.
        lower: u32,
        /// The upper bound given.
        upper: u32,
    },
    /// Bounds whose upper end is zero.
    #[error("the upper bound must be at least 1")]
    ZeroUpperBound,
    /// The problem would need more nodes than the arena's 32-bit links can address.
    #[error("the problem is too large: more than {limit} items and option entries")]
    TooLarge {
        /// The most nodes 32-bit links address.
        limit: u64,
    },
    /// A cost given to an option the builder does not have.
    #[error("option id {id} has no option: only {count} are kept")]
    UnknownOption {
        /// The id given.
        id: u32,
        /// The options kept so far.
        count: usize,
    },
    /// The options' costs would add up past what a sum of them may reach.
    #[error("the options' costs add up past {limit}")]
    CostTooLarge {
        /// The most they may add up to ([`Problem::MAX_TOTAL_COST`]).
        limit: u64,
    },
    /// A size a reference problem (`Problem::try_queens` and the others) cannot be built at:
    /// one that leaves nothing to place (a board of no squares), or one past the bound that
    /// keeps the problem within memory and its building within moments.
    #[error("{problem}: {what} = {value}, expected {least} to {most}")]
    Size {
        /// The problem asked for, as its constructor is named (`queens`, `pentominoes`).
        problem: &'static str,
        /// The size refused, as the constructor names it (`n`, `rows * cols`).
        what: &'static str,
        /// The size given (saturated when it is a product that overflows).
        value: usize,
        /// The least size allowed.
        least: usize,
        /// The largest size allowed.
        most: usize,
    },
}

impl BuildError {
    /// The index within the option of the item at fault, for errors about one option entry.
    pub fn position(&self) -> Option<usize> {
        match self {
            BuildError::UnknownItem { position, .. }
            | BuildError::UnknownItemId { position, .. }
            | BuildError::RepeatedItem { position, .. }
            | BuildError::ColourOnPrimary { position, .. } => Some(*position),
            _ => None,
        }
    }
}

/// An exact-cover problem: items, and options that are sets of items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Problem {
    names: Names,
    kinds: Vec<ItemKind>,
    /// Each item's bounds (exactly once for secondary items, whose bounds mean nothing).
    bounds: Vec<Bounds>,
    /// The items of option `k` are `entries[starts[k]..starts[k + 1]]`; `u32` because the entries
    /// are fewer than [`Problem::MAX_NODES`], which halves what a problem of many short options
    /// holds beside its entries.
    entries: Vec<ItemId>,
    /// The colour of each entry, beside `entries`; empty until the first colour is given, so a
    /// problem without colours pays nothing for them.
    colours: Vec<Option<Colour>>,
    starts: Vec<u32>,
    /// The cost of each option (DLX5's `|n`); empty until the first cost is given, so a
    /// problem without costs pays nothing for them.
    costs: Vec<u64>,
    dropped_options: usize,
}

impl Default for Problem {
    /// The problem with no items and no options.
    fn default() -> Problem {
        Problem {
            names: Names::default(),
            kinds: Vec::new(),
            bounds: Vec::new(),
            entries: Vec::new(),
            colours: Vec::new(),
            starts: vec![0],
            costs: Vec::new(),
            dropped_options: 0,
        }
    }
}

impl Problem {
    /// The largest number of nodes (item headers, option entries and spacers) an arena may
    /// hold: links are `u32`, and an item's list length must stay below the arena's `COVERED`
    /// bit (bit 31 of its `u32` length), so the limit is 2^31 - 1.
    pub const MAX_NODES: u64 = i32::MAX as u64;

    /// The most the costs of all options may add up to ([`ProblemBuilder::set_cost`]): below
    /// `u64::MAX`, which a minimum-cost search keeps for "no bound yet".
    pub const MAX_TOTAL_COST: u64 = u64::MAX - 1;

    /// Number of items, primary and secondary.
    pub fn item_count(&self) -> usize {
        self.names.len()
    }

    /// Number of primary items.
    pub fn primary_count(&self) -> usize {
        self.kinds
            .iter()
            .filter(|&&k| k == ItemKind::Primary)
            .count()
    }

    /// Number of kept options.
    pub fn option_count(&self) -> usize {
        self.starts.len() - 1
    }

    /// Number of option entries (the sum of the options' sizes).
    pub fn entry_count(&self) -> usize {
        self.entries.len()
    }

    /// Options the builder dropped because they held no primary item (DLX1 ignores them too:
    /// they could never be chosen, as the search only branches on primary items).
    pub fn dropped_options(&self) -> usize {
        self.dropped_options
    }

    /// The name an item was declared with.
    pub fn item_name(&self, item: ItemId) -> &str {
        self.names.get(item.index())
    }

    /// Whether an item is primary or secondary.
    pub fn item_kind(&self, item: ItemId) -> ItemKind {
        self.kinds[item.index()]
    }

    /// How many times a primary item must be covered (exactly once for a secondary item).
    pub fn item_bounds(&self, item: ItemId) -> Bounds {
        self.bounds[item.index()]
    }

    /// Whether some option gives a secondary item a colour (an XCC problem, DLX2's).
    pub fn has_colours(&self) -> bool {
        self.colours.iter().any(Option::is_some)
    }

    /// Whether some option has a cost (DLX5's `|n`).
    pub fn has_costs(&self) -> bool {
        self.costs.iter().any(|&cost| cost != 0)
    }

    /// The cost of an option (DLX5's `|n`, the sum of them if it has several): 0 without.
    pub fn option_cost(&self, option: OptionId) -> u64 {
        self.costs.get(option.index()).copied().unwrap_or(0)
    }

    /// Whether some primary item has bounds other than exactly once (an MCC problem, DLX3's).
    pub fn has_bounds(&self) -> bool {
        self.bounds.iter().any(|&b| b != Bounds::EXACTLY_ONCE)
    }

    /// The colours of one option's entries, beside [`Problem::option_items`]: `None` for an
    /// entry without colour. This is how a visitor, handed the chosen options, reads the colour
    /// each one gives its secondary items.
    pub fn option_colours(
        &self,
        option: OptionId,
    ) -> impl ExactSizeIterator<Item = Option<Colour>> + '_ {
        let range = self.entry_range(option);
        let len = range.len();
        let colours = self.colours.get(range).unwrap_or(&[]);
        (0..len).map(move |i| colours.get(i).copied().flatten())
    }

    /// The colour an option gives the entry at `position` (counted from 0 in the option).
    pub fn entry_colour(&self, option: OptionId, position: usize) -> Option<Colour> {
        let range = self.entry_range(option);
        let index = range.start + position;
        debug_assert!(index < range.end);
        self.colours.get(index).copied().flatten()
    }

    /// All items in declaration order.
    pub fn items(&self) -> impl ExactSizeIterator<Item = ItemId> + Clone + '_ {
        (0..self.names.len() as u32).map(ItemId)
    }

    /// The items of one option, in the order they were given.
    pub fn option_items(&self, option: OptionId) -> &[ItemId] {
        &self.entries[self.entry_range(option)]
    }

    /// Where an option's entries are in `entries` (and `colours`).
    fn entry_range(&self, option: OptionId) -> std::ops::Range<usize> {
        let k = option.index();
        self.starts[k] as usize..self.starts[k + 1] as usize
    }

    /// All kept options in order.
    pub fn options(&self) -> impl ExactSizeIterator<Item = OptionId> + Clone + '_ {
        (0..self.option_count() as u32).map(OptionId)
    }
}

/// Builds a [`Problem`] item by item and option by option, refusing bad input as it comes.
#[derive(Debug, Default)]
pub struct ProblemBuilder {
    problem: Problem,
    by_name: NameIndex,
    /// For each item, the number (plus one) of the last option that listed it: finds repeats in
    /// one option without clearing a set per option.
    last_option_seen: Vec<u32>,
    options_tried: u32,
    scratch: Vec<ItemId>,
    /// The costs given so far, added up ([`ProblemBuilder::set_cost`]).
    total_cost: u64,
}

impl ProblemBuilder {
    /// An empty problem.
    pub fn new() -> Self {
        ProblemBuilder::default()
    }

    /// Declares a primary item, which every solution covers exactly once.
    pub fn primary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.item(name, ItemKind::Primary)
    }

    /// Declares a secondary item, which a solution covers at most once.
    pub fn secondary(&mut self, name: &str) -> Result<ItemId, BuildError> {
        self.item(name, ItemKind::Secondary)
    }

    /// Declares a primary item that every solution covers between `bounds.lower()` and
    /// `bounds.upper()` times (DLX3's `a:b|name`).
    pub fn primary_with_bounds(
        &mut self,
        name: &str,
        bounds: Bounds,
    ) -> Result<ItemId, BuildError> {
        let id = self.item(name, ItemKind::Primary)?;
        self.problem.bounds[id.index()] = bounds;
        Ok(id)
    }

    /// Declares an item of the given kind.
    pub fn item(&mut self, name: &str, kind: ItemKind) -> Result<ItemId, BuildError> {
        if name.is_empty() {
            return Err(BuildError::EmptyName);
        }
        self.check_size(1)?;
        let id = ItemId(self.problem.names.len() as u32);
        if self.by_name.insert(&self.problem.names, name, id).is_err() {
            return Err(BuildError::DuplicateItem {
                name: name.to_string(),
            });
        }
        self.problem.names.push(name);
        self.problem.kinds.push(kind);
        self.problem.bounds.push(Bounds::EXACTLY_ONCE);
        self.last_option_seen.push(0);
        Ok(id)
    }

    /// Looks an item up by name.
    pub fn item_id(&self, name: &str) -> Option<ItemId> {
        self.by_name.get(&self.problem.names, name)
    }

    /// Adds an option. Returns its id, or `None` when it holds no primary item and is dropped.
    pub fn option(&mut self, items: &[ItemId]) -> Result<Option<OptionId>, BuildError> {
        self.check_option(items, |_| None)?;
        self.push_option(items, |_| None)
    }

    /// Adds an option whose entries may give secondary items a colour (DLX2's `x:c`): options
    /// that give an item the same colour may be chosen together. A colour on a primary item is
    /// refused. Returns the option's id, or `None` when it holds no primary item and is dropped.
    pub fn coloured_option(
        &mut self,
        entries: &[(ItemId, Option<Colour>)],
    ) -> Result<Option<OptionId>, BuildError> {
        let mut items = std::mem::take(&mut self.scratch);
        items.clear();
        items.extend(entries.iter().map(|&(item, _)| item));
        let result = self
            .check_option(&items, |k| entries[k].1)
            .and_then(|()| self.push_option(&items, |k| entries[k].1));
        self.scratch = items;
        result
    }

    /// Refuses an option naming an unknown item, an item twice, or colouring a primary item.
    fn check_option(
        &mut self,
        items: &[ItemId],
        colour: impl Fn(usize) -> Option<Colour>,
    ) -> Result<(), BuildError> {
        self.options_tried += 1;
        let stamp = self.options_tried;
        let count = self.problem.names.len();
        for (position, &item) in items.iter().enumerate() {
            let Some(seen) = self.last_option_seen.get_mut(item.index()) else {
                return Err(BuildError::UnknownItemId {
                    id: item.0,
                    count,
                    position,
                });
            };
            if *seen == stamp {
                return Err(BuildError::RepeatedItem {
                    name: self.problem.names.get(item.index()).to_string(),
                    position,
                });
            }
            *seen = stamp;
            if colour(position).is_some() && self.problem.kinds[item.index()] == ItemKind::Primary {
                return Err(BuildError::ColourOnPrimary {
                    name: self.problem.names.get(item.index()).to_string(),
                    position,
                });
            }
        }
        Ok(())
    }

    /// Adds a checked option, or drops it when it holds no primary item.
    fn push_option(
        &mut self,
        items: &[ItemId],
        colour: impl Fn(usize) -> Option<Colour>,
    ) -> Result<Option<OptionId>, BuildError> {
        let kinds = &self.problem.kinds;
        let has_primary = items
            .iter()
            .any(|item| kinds[item.index()] == ItemKind::Primary);
        if !has_primary {
            self.problem.dropped_options += 1;
            return Ok(None);
        }
        // One spacer per option besides its entries.
        self.check_size(items.len() as u64 + 1)?;
        let id = OptionId(self.problem.option_count() as u32);
        let coloured = (0..items.len()).any(|k| colour(k).is_some());
        if coloured || !self.problem.colours.is_empty() {
            // The entries before the first colour get none.
            self.problem
                .colours
                .resize(self.problem.entries.len(), None);
            self.problem.colours.extend((0..items.len()).map(&colour));
        }
        self.problem.entries.extend_from_slice(items);
        // Within u32: `check_size` keeps the entries below `Problem::MAX_NODES`.
        self.problem.starts.push(self.problem.entries.len() as u32);
        Ok(Some(id))
    }

    /// Adds an option given by item names.
    pub fn option_by_names<S: AsRef<str>>(
        &mut self,
        names: &[S],
    ) -> Result<Option<OptionId>, BuildError> {
        let mut items = std::mem::take(&mut self.scratch);
        let result = self
            .look_up(names.iter().map(AsRef::as_ref), &mut items)
            .and_then(|()| self.option(&items));
        self.scratch = items;
        result
    }

    /// Adds an option given by item names, each with its colour if any.
    pub fn coloured_option_by_names<S: AsRef<str>>(
        &mut self,
        entries: &[(S, Option<Colour>)],
    ) -> Result<Option<OptionId>, BuildError> {
        let mut items = std::mem::take(&mut self.scratch);
        let result = self
            .look_up(entries.iter().map(|(name, _)| name.as_ref()), &mut items)
            .and_then(|()| {
                self.check_option(&items, |k| entries[k].1)?;
                self.push_option(&items, |k| entries[k].1)
            });
        self.scratch = items;
        result
    }

    /// The ids of named items, into `items`.
    fn look_up<'a>(
        &self,
        names: impl Iterator<Item = &'a str>,
        items: &mut Vec<ItemId>,
    ) -> Result<(), BuildError> {
        items.clear();
        for (position, name) in names.enumerate() {
            match self.by_name.get(&self.problem.names, name) {
                Some(id) => items.push(id),
                None => {
                    return Err(BuildError::UnknownItem {
                        name: name.to_string(),
                        position,
                    })
                }
            }
        }
        Ok(())
    }

    /// Gives `option` (added by this builder) a cost, as DLX5's `|n` does: a minimum-cost
    /// search looks for the solutions whose options' costs add up to the least. Refused when
    /// the costs of all the options would add up past [`Problem::MAX_TOTAL_COST`], so that no
    /// sum of them overflows.
    pub fn set_cost(&mut self, option: OptionId, cost: u64) -> Result<(), BuildError> {
        let costs = &mut self.problem.costs;
        let count = self.problem.starts.len() - 1;
        if option.index() >= count {
            return Err(BuildError::UnknownOption {
                id: option.0,
                count,
            });
        }
        let old = costs.get(option.index()).copied().unwrap_or(0);
        let total = self.total_cost - old;
        if cost > Problem::MAX_TOTAL_COST - total {
            return Err(BuildError::CostTooLarge {
                limit: Problem::MAX_TOTAL_COST,
            });
        }
        if costs.len() < count {
            costs.resize(count, 0);
        }
        costs[option.index()] = cost;
        self.total_cost = total + cost;
        Ok(())
    }

    /// The finished problem.
    pub fn build(self) -> Problem {
        self.problem
    }

    fn check_size(&self, more: u64) -> Result<(), BuildError> {
        // Root, item headers, entries, one spacer per option and the first spacer.
        let nodes = 2
            + self.problem.names.len() as u64
            + self.problem.entries.len() as u64
            + self.problem.option_count() as u64
            + more;
        if nodes > Problem::MAX_NODES {
            Err(BuildError::TooLarge {
                limit: Problem::MAX_NODES,
            })
        } else {
            Ok(())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn builder_rejects_a_duplicate_item() {
        let mut b = ProblemBuilder::new();
        b.primary("A").unwrap();
        let err = b.secondary("A").unwrap_err();
        assert_eq!(err.to_string(), "item `A` is declared twice");
    }

    #[test]
    fn builder_rejects_an_empty_name() {
        let err = ProblemBuilder::new().primary("").unwrap_err();
        assert_eq!(err, BuildError::EmptyName);
    }

    #[test]
    fn builder_rejects_an_unknown_item_by_name_and_by_id() {
        let mut b = ProblemBuilder::new();
        b.primary("A").unwrap();
        let err = b.option_by_names(&["A", "B"]).unwrap_err();
        assert_eq!(err.to_string(), "option names unknown item `B`");
        assert_eq!(err.position(), Some(1));
        let err = b.option(&[ItemId(7)]).unwrap_err();
        assert_eq!(
            err.to_string(),
            "option uses item id 7, but only 1 items are declared"
        );
        assert_eq!(err.position(), Some(0));
    }

    #[test]
    fn builder_rejects_an_item_twice_in_one_option() {
        let mut b = ProblemBuilder::new();
        b.primary("A").unwrap();
        b.primary("B").unwrap();
        b.option_by_names(&["A", "B"]).unwrap();
        let err = b.option_by_names(&["B", "A", "B"]).unwrap_err();
        assert_eq!(err.to_string(), "option lists item `B` twice");
        assert_eq!(err.position(), Some(2));
    }

    #[test]
    fn an_option_without_primary_items_is_dropped_and_counted() {
        let mut b = ProblemBuilder::new();
        let a = b.primary("A").unwrap();
        let x = b.secondary("x").unwrap();
        assert_eq!(b.option(&[x]).unwrap(), None);
        assert_eq!(b.option(&[a, x]).unwrap(), Some(OptionId(0)));
        let p = b.build();
        assert_eq!(p.option_count(), 1);
        assert_eq!(p.dropped_options(), 1);
        assert_eq!(p.option_items(OptionId(0)), &[a, x]);
        assert_eq!(p.primary_count(), 1);
    }
}
