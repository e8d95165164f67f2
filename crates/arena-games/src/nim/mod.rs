//! Nim: heaps of stones; a move takes any positive number from one heap; whoever takes
//! the last stone wins.
//!
//! Rules, state words, move encoding, setup line and theory: `docs/games/nim.md`.

mod perfect;
mod render;
#[cfg(test)]
mod tests;

pub use perfect::{is_safe, nim_sum, Perfect};

use crate::game::{DecodeError, Dimension, Game, GameInfo, GameOption, GameParams, MoveTextError, Outcome, ParamError, Player, PositionError};
use crate::rng::GameRng;
use crate::strategy::{ExtraStrategies, Strategy};

/// Most heaps a game may have.
pub const MAX_HEAPS: u32 = 16;
/// Largest heap.
pub const MAX_HEAP: u32 = 1000;
/// A move's heap index sits above this many bits of its count.
pub const HEAP_SHIFT: u32 = 16;

/// A move: take `count` stones from heap `heap` (0-based). Encoded `heap << 16 | count`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Take {
    /// The heap, 0-based (people see it 1-based).
    pub heap: u32,
    /// Stones taken.
    pub count: u32,
}

/// A Nim position.
#[derive(Debug, PartialEq, Eq, Hash)]
pub struct Nim {
    heaps: Vec<u32>,
    to_move: Player,
}

impl Clone for Nim {
    fn clone(&self) -> Nim {
        Nim {
            heaps: self.heaps.clone(),
            to_move: self.to_move,
        }
    }

    /// Reuses this position's heap buffer: searches make every child this way.
    fn clone_from(&mut self, source: &Nim) {
        self.heaps.clone_from(&source.heaps);
        self.to_move = source.to_move;
    }
}

/// Checks a list of heap sizes: 1..=16 heaps of at most 1000 stones.
fn check_heaps(heaps: &[u32]) -> Result<(), PositionError> {
    if heaps.is_empty() || heaps.len() > MAX_HEAPS as usize {
        return Err(PositionError::OutOfRange {
            what: "the number of heaps".into(),
            got: heaps.len() as i64,
            min: 1,
            max: i64::from(MAX_HEAPS),
        });
    }
    match heaps.iter().find(|&&h| h > MAX_HEAP) {
        Some(&h) => Err(PositionError::OutOfRange {
            what: "a heap".into(),
            got: i64::from(h),
            min: 0,
            max: i64::from(MAX_HEAP),
        }),
        None => Ok(()),
    }
}

/// Reads `3,4,5` (commas or spaces) as heap sizes.
fn parse_heaps(text: &str) -> Result<Vec<u32>, PositionError> {
    text.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|s| !s.is_empty())
        .map(|s| {
            s.parse::<u32>().map_err(|_| PositionError::Unreadable {
                text: s.to_string(),
                expected: "a heap size",
            })
        })
        .collect()
}

impl Nim {
    /// The position with these heaps and `to_move` to play.
    ///
    /// # Errors
    /// When there are no heaps, more than 16, or a heap over 1000.
    pub fn new(heaps: Vec<u32>, to_move: Player) -> Result<Nim, PositionError> {
        check_heaps(&heaps)?;
        Ok(Nim { heaps, to_move })
    }

    /// The heap sizes.
    pub fn heaps(&self) -> &[u32] {
        &self.heaps
    }
}

impl Game for Nim {
    type Move = Take;

    const INFO: GameInfo = GameInfo {
        name: "nim",
        id: 7,
        summary: "heaps of stones; take any number from one heap; taking the last stone wins",
        size_doc: "rows = number of heaps, cols = largest heap; each heap is drawn in 1..=cols (ignored with option heaps)",
        rows: Dimension::Range {
            min: 1,
            max: MAX_HEAPS,
        },
        cols: Dimension::Range {
            min: 1,
            max: MAX_HEAP,
        },
        default_rows: 5,
        default_cols: 15,
        options: &[GameOption {
            name: "heaps",
            values: "LIST",
            doc: "the heap sizes, e.g. heaps=3,4,5 (at most 16 heaps of at most 1000)",
            samples: &["3,4,5", "1", "0,7", "100,99,1,1,1,1,1,1,1,1,1,1,1,1,1,2"],
        }],
        default_depth: 4,
        max_depth: 8,
        always_paired: false,
    };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        let bad = |name: &str, reason: String| ParamError::BadOption {
            name: name.to_string(),
            reason,
        };
        params.check_option_names(&Self::INFO)?;
        let mut fixed = None;
        for (name, value) in &params.options {
            let heaps = parse_heaps(value).map_err(|e| bad(name, e.to_string()))?;
            check_heaps(&heaps).map_err(|e| bad(name, e.to_string()))?;
            if heaps.iter().all(|&h| h == 0) {
                return Err(bad(name, "all heaps are empty".to_string()));
            }
            fixed = Some(heaps);
        }
        let heaps = match fixed {
            Some(heaps) => heaps,
            None => {
                let (count, largest) = params.size(&Self::INFO)?;
                (0..count)
                    .map(|_| rng.range(1, largest as i64) as u32)
                    .collect()
            }
        };
        Ok(Nim {
            heaps,
            to_move: Player::First,
        })
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Take>) {
        for (heap, &size) in self.heaps.iter().enumerate() {
            out.extend((1..=size).map(|count| Take {
                heap: heap as u32,
                count,
            }));
        }
    }

    fn apply(&mut self, mv: Take) {
        self.heaps[mv.heap as usize] -= mv.count;
        self.to_move = self.to_move.other();
    }

    fn why_illegal(&self, mv: Take) -> Option<String> {
        let n = self.heaps.len();
        let Some(&size) = self.heaps.get(mv.heap as usize) else {
            return Some(format!(
                "there is no heap {}: the heaps are 1 to {n}",
                mv.heap + 1
            ));
        };
        if self.is_terminal() {
            return Some("the game is over: no stones are left".to_string());
        }
        let heap = mv.heap + 1;
        if mv.count == 0 {
            Some(format!("take at least one stone (from heap {heap})"))
        } else if size == 0 {
            Some(format!("heap {heap} is empty"))
        } else if mv.count > size {
            Some(format!(
                "heap {heap} has only {size} stones, you asked for {}",
                mv.count
            ))
        } else {
            None
        }
    }

    fn is_terminal(&self) -> bool {
        self.heaps.iter().all(|&h| h == 0)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.is_terminal()
            .then(|| Outcome::Win(self.to_move.other()))
    }

    fn encode_move(&self, mv: Take) -> i32 {
        (mv.heap << HEAP_SHIFT | mv.count) as i32
    }

    fn decode_move(&self, raw: i32) -> Option<Take> {
        let raw = u32::try_from(raw).ok()?;
        let heap = raw >> HEAP_SHIFT;
        ((heap as usize) < self.heaps.len()).then_some(Take {
            heap,
            count: raw & 0xFFFF,
        })
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        out.push(self.heaps.len() as i32);
        out.extend(self.heaps.iter().map(|&h| h as i32));
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("nim: {s}"));
        let (&n, sizes) = words
            .split_first()
            .ok_or_else(|| err("no words".to_string()))?;
        if n < 0 || n as usize != sizes.len() {
            return Err(err(format!("{n} heaps announced, {} follow", sizes.len())));
        }
        let heaps = sizes
            .iter()
            .map(|&h| u32::try_from(h).map_err(|_| err(format!("negative heap {h}"))))
            .collect::<Result<Vec<_>, _>>()?;
        Nim::new(heaps, me).map_err(|e| err(e.to_string()))
    }

    fn setup(&self) -> String {
        let sizes: Vec<String> = self.heaps.iter().map(u32::to_string).collect();
        sizes.join(" ")
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("nim setup `{text}`: {s}"));
        let heaps = parse_heaps(text).map_err(|e| err(e.to_string()))?;
        let game = Nim::new(heaps, Player::First).map_err(|e| err(e.to_string()))?;
        if game.is_terminal() {
            return Err(err("every heap is empty: nothing to play".to_string()));
        }
        Ok(game)
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn parse_move(&self, text: &str) -> Result<Take, MoveTextError> {
        let nums: Vec<&str> = text
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|s| !s.is_empty())
            .collect();
        let [h, c] = nums[..] else {
            return Err(MoveTextError::Form {
                expected: format!(
                    "type two numbers, the heap (1 to {}) and how many stones to take",
                    self.heaps.len()
                ),
                got: text.trim().to_string(),
            });
        };
        let heap: u32 = h
            .parse()
            .map_err(|_| MoveTextError::Part {
                part: h.to_string(),
                what: "heap number".into(),
            })?;
        let count: u32 = c
            .parse()
            .map_err(|_| MoveTextError::Part {
                part: c.to_string(),
                what: "number of stones".into(),
            })?;
        if heap == 0 || heap as usize > self.heaps.len() {
            return Err(MoveTextError::Outside {
                got: format!("heap {heap}"),
                problem: "does not exist",
                allowed: format!("the heaps are 1 to {}", self.heaps.len()),
            });
        }
        if count > 0xFFFF {
            return Err(MoveTextError::Outside {
                got: format!("{count} stones"),
                problem: "is too many",
                allowed: format!("no heap holds more than {MAX_HEAP}"),
            });
        }
        Ok(Take {
            heap: heap - 1,
            count,
        })
    }

    fn describe_move(&self, mv: Take) -> String {
        format!("{} {}", mv.heap + 1, mv.count)
    }

    fn move_prompt(&self) -> String {
        format!(
            "{}, type the heap (1 to {}) and how many stones to take, e.g. `2 3`",
            self.to_move,
            self.heaps.len()
        )
    }
}

impl ExtraStrategies for Nim {
    const EXTRA: &'static [&'static str] = &["perfect"];

    fn extra_strategy(name: &str) -> Option<Box<dyn Strategy<Self>>> {
        (name == "perfect").then(|| Box::new(Perfect) as Box<dyn Strategy<Self>>)
    }
}
