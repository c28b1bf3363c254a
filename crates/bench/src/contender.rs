//! A solver as the benches name it: an algorithm, the pass before it, Killer's encoding, and
//! the exact-cover engine.

use dlx_engine::EngineKind;
use dlx_puzzles::sudoku::variant::KillerEncoding;
use dlx_puzzles::sudoku::{Algorithm, Propagation};
use std::fmt;

/// A solver as the benches name it: an algorithm, with or without a pre-pass, and (for the
/// exact-cover search) how it encodes Killer's cages. Classic Sudoku is the rule set with no
/// extra rules, so one contender serves classic and variant collections alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    /// The search that answers each puzzle.
    pub algorithm: Algorithm,
    /// The pass run on each puzzle before the search, inside the timed span.
    pub propagation: Propagation,
    /// How the exact-cover search encodes Killer's cages (no other rules tell them apart).
    pub killer_encoding: KillerEncoding,
    /// The engine of the exact-cover search: `Auto` (what `dlx sudoku` runs by default) or a
    /// named one.
    pub engine: EngineKind,
}

impl Contender {
    /// The contenders of classic collections, in the order the benches list them.
    pub const CLASSIC: [Contender; 4] = [
        Contender::new(Algorithm::Dlx, Propagation::None),
        Contender::new(Algorithm::Dlx, Propagation::CrossHatch),
        Contender::new(Algorithm::Candidates, Propagation::None),
        Contender::new(Algorithm::Backtrack, Propagation::None),
    ];

    /// The contenders of variant collections, in the order the benches list them.
    pub const VARIANT: [Contender; 3] = [
        Contender::new(Algorithm::Dlx, Propagation::None),
        Contender::new(Algorithm::Dlx, Propagation::None)
            .with_killer_encoding(KillerEncoding::Colours),
        Contender::new(Algorithm::Backtrack, Propagation::None),
    ];

    /// The contender running `algorithm` after `propagation`, Killer's cages as digit sets;
    /// `const` so that the lists above can be written with it.
    pub const fn new(algorithm: Algorithm, propagation: Propagation) -> Contender {
        Contender {
            algorithm,
            propagation,
            killer_encoding: KillerEncoding::DigitSets,
            engine: EngineKind::Auto,
        }
    }

    /// This contender, Killer's cages encoded as `encoding` says.
    pub const fn with_killer_encoding(self, encoding: KillerEncoding) -> Contender {
        Contender {
            killer_encoding: encoding,
            ..self
        }
    }

    /// The contender's name: `dlx` (the engine `dlx sudoku` runs by default), `dlx+crosshatch`,
    /// `dlx-colours` (Killer's colour encoding), `dlx-` and an engine's name for that engine
    /// (`dlx-links`, `dlx-cells`, `dlx-bits`, `dlx-board`, `dlx-planes`, `dlx-bands`), `candidates`, `backtrack`, ...
    pub fn name(self) -> String {
        let base = match (self.algorithm, self.killer_encoding) {
            (Algorithm::Dlx, _) if self.engine != EngineKind::Auto => {
                format!("dlx-{}", self.engine.name())
            }
            (Algorithm::Dlx, KillerEncoding::DigitSets) => "dlx".to_string(),
            (Algorithm::Dlx, KillerEncoding::Colours) => "dlx-colours".to_string(),
            (Algorithm::Backtrack, _) => "backtrack".to_string(),
            (Algorithm::Candidates, _) => "candidates".to_string(),
        };
        match self.propagation {
            Propagation::None => base,
            Propagation::CrossHatch => format!("{base}+crosshatch"),
        }
    }

    /// The contender with this name, if any.
    pub fn from_name(name: &str) -> Option<Contender> {
        let (base, pass) = match name.split_once('+') {
            Some((base, "crosshatch")) => (base, Propagation::CrossHatch),
            Some(_) => return None,
            None => (name, Propagation::None),
        };
        let contender = match base {
            "dlx" => Contender::new(Algorithm::Dlx, pass),
            "dlx-colours" => {
                Contender::new(Algorithm::Dlx, pass).with_killer_encoding(KillerEncoding::Colours)
            }
            "backtrack" => Contender::new(Algorithm::Backtrack, pass),
            "candidates" => Contender::new(Algorithm::Candidates, pass),
            _ => {
                let engine = base.strip_prefix("dlx-").and_then(EngineKind::from_name)?;
                if engine == EngineKind::Auto {
                    return None;
                }
                Contender {
                    engine,
                    ..Contender::new(Algorithm::Dlx, pass)
                }
            }
        };
        Some(contender)
    }
}

impl fmt::Display for Contender {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for contender in Contender::CLASSIC {
            assert_eq!(Contender::from_name(&contender.name()), Some(contender));
        }
        assert_eq!(
            Contender::from_name("candidates+crosshatch"),
            Some(Contender::new(
                Algorithm::Candidates,
                Propagation::CrossHatch
            ))
        );
        let cells = Contender::from_name("dlx-cells+crosshatch").unwrap();
        assert_eq!(
            (cells.engine, cells.propagation),
            (EngineKind::Cells, Propagation::CrossHatch)
        );
        assert_eq!(Contender::from_name(&cells.name()), Some(cells));
        for engine in EngineKind::ALL.into_iter().skip(1) {
            let name = format!("dlx-{engine}");
            let named = Contender::from_name(&name).unwrap();
            assert_eq!((named.engine, named.name()), (engine, name));
        }
        assert_eq!(Contender::from_name("dlx-auto"), None);
        assert_eq!(Contender::from_name("dlx+magic"), None);
        assert_eq!(Contender::from_name("quantum"), None);
    }

    #[test]
    fn variant_names_round_trip() {
        for contender in Contender::VARIANT {
            assert_eq!(Contender::from_name(&contender.name()), Some(contender));
        }
        assert_eq!(
            Contender::from_name("dlx-colours"),
            Some(
                Contender::new(Algorithm::Dlx, Propagation::None)
                    .with_killer_encoding(KillerEncoding::Colours)
            )
        );
        assert_eq!(Contender::from_name("backtrack-colours"), None);
    }
}
