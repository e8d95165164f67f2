//! Kalah: six pits a side and a kalah each; sow stones counter-clockwise. Two rule sets:
//! `seed`, the course's (relay sowing, captures of 2 or 3 in the opponent's pits, win on more than
//! half) and the common Kalah(6, s).
//!
//! Rules, state words, move encoding, setup line: `docs/games/kalah.md`.

mod render;
#[cfg(test)]
mod tests;

use crate::game::{DecodeError, Dimension, Game, GameInfo, GameOption, GameParams, MoveTextError, Outcome, ParamError, Player, PositionError};
use crate::strategy::ExtraStrategies;
use crate::rng::GameRng;

/// Holes on the board: 2 × 6 pits and 2 kalahs.
pub const HOLES: usize = 14;
/// Pits per side.
pub const PITS: usize = 6;

/// Which rules are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rules {
    /// The course's rules: relay sowing, captures of 2 or 3, win on more than half, no draw.
    Seed,
    /// The common Kalah(6, s): extra move, capture from one's own empty pit, draws.
    Standard,
}

impl Rules {
    /// The option's value naming these rules.
    pub fn name(self) -> &'static str {
        match self {
            Rules::Seed => "seed",
            Rules::Standard => "standard",
        }
    }

    fn parse(text: &str) -> Option<Rules> {
        match text {
            "seed" => Some(Rules::Seed),
            "standard" => Some(Rules::Standard),
            _ => None,
        }
    }
}

/// A move: sow from the mover's own pit `0..6` (counted from the mover's left).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(pub u8);

/// A Kalah position. Holes 0–5 are the first mover's pits, 6 its kalah, 7–12 the second
/// mover's pits, 13 its kalah.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Kalah {
    board: [u32; HOLES],
    to_move: Player,
    rules: Rules,
    stones: u32,
}

/// The kalah hole of `p`.
fn kalah_of(p: Player) -> usize {
    match p {
        Player::First => 6,
        Player::Second => 13,
    }
}

/// The first pit hole of `p`.
fn base_of(p: Player) -> usize {
    match p {
        Player::First => 0,
        Player::Second => 7,
    }
}

/// Whether hole `h` is one of `p`'s pits.
fn is_pit_of(h: usize, p: Player) -> bool {
    (base_of(p)..base_of(p) + PITS).contains(&h)
}

impl Kalah {
    /// The starting position: `stones` in every pit, the first player to move.
    ///
    /// # Errors
    /// When `stones` is outside 3..=6.
    pub fn new(rules: Rules, stones: u32) -> Result<Kalah, PositionError> {
        if !(3..=6).contains(&stones) {
            return Err(PositionError::OutOfRange {
                what: "stones per pit".into(),
                got: i64::from(stones),
                min: 3,
                max: 6,
            });
        }
        let mut board = [stones; HOLES];
        board[6] = 0;
        board[13] = 0;
        Ok(Kalah {
            board,
            to_move: Player::First,
            rules,
            stones,
        })
    }

    /// The 14 holes (see [`Kalah`] for the layout).
    pub fn board(&self) -> &[u32; HOLES] {
        &self.board
    }

    /// The rules played.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// Stones per pit at the start.
    pub fn stones(&self) -> u32 {
        self.stones
    }

    fn total(&self) -> u32 {
        2 * PITS as u32 * self.stones
    }

    fn side(&self, p: Player) -> u32 {
        self.board[base_of(p)..base_of(p) + PITS].iter().sum()
    }

    /// Sows the stones of hole `from` by the mover `me`; returns the last hole and whether
    /// a stone went into an opponent's pit.
    fn sow(&mut self, from: usize, me: Player) -> (usize, bool) {
        let skip = kalah_of(me.other());
        let mut n = std::mem::take(&mut self.board[from]);
        let mut h = from;
        let mut into_opponent = false;
        while n > 0 {
            h = (h + 1) % HOLES;
            if h == skip {
                continue;
            }
            self.board[h] += 1;
            n -= 1;
            into_opponent |= is_pit_of(h, me.other());
        }
        (h, into_opponent)
    }

    fn sweep(&mut self, p: Player) {
        let s = self.side(p);
        self.board[base_of(p)..base_of(p) + PITS].fill(0);
        self.board[kalah_of(p)] += s;
    }

    fn apply_seed(&mut self, from: usize, me: Player) {
        let mut from = from;
        let last = loop {
            let (last, into_opponent) = self.sow(from, me);
            if is_pit_of(last, me) && self.board[last] > 1 && into_opponent {
                from = last;
            } else {
                break last;
            }
        };
        let mut h = last;
        while is_pit_of(h, me.other()) && (2..=3).contains(&self.board[h]) {
            self.board[kalah_of(me)] += std::mem::take(&mut self.board[h]);
            h = (h + HOLES - 1) % HOLES;
        }
        if 2 * self.board[kalah_of(me)] <= self.total() && self.side(me.other()) == 0 {
            self.sweep(me);
        }
        self.to_move = me.other();
    }

    fn apply_standard(&mut self, from: usize, me: Player) {
        let (last, _) = self.sow(from, me);
        if is_pit_of(last, me) && self.board[last] == 1 && self.board[12 - last] > 0 {
            let taken =
                std::mem::take(&mut self.board[last]) + std::mem::take(&mut self.board[12 - last]);
            self.board[kalah_of(me)] += taken;
        }
        if self.side(me) == 0 || self.side(me.other()) == 0 {
            self.sweep(me);
            self.sweep(me.other());
            self.to_move = me.other();
        } else if last != kalah_of(me) {
            self.to_move = me.other();
        }
    }

    fn finished(&self) -> bool {
        match self.rules {
            Rules::Seed => {
                Player::BOTH
                    .iter()
                    .any(|&p| 2 * self.board[kalah_of(p)] > self.total())
                    || self.side(self.to_move) == 0
            }
            Rules::Standard => Player::BOTH.iter().any(|&p| self.side(p) == 0),
        }
    }

    /// Each seat's final store: its kalah, plus its pits under standard rules.
    fn store(&self, p: Player) -> i64 {
        let extra = match self.rules {
            Rules::Seed => 0,
            Rules::Standard => self.side(p),
        };
        (self.board[kalah_of(p)] + extra) as i64
    }
}

impl Game for Kalah {
    type Move = Pit;

    const INFO: GameInfo = GameInfo {
        name: "kalah",
        id: 9,
        summary:
            "sow stones round 14 holes into your kalah; options rules=seed|standard, stones=3..=6",
        size_doc: "fixed board of 2 × 6 pits and 2 kalahs",
        rows: Dimension::Ignored,
        cols: Dimension::Ignored,
        options: &[
            GameOption {
                name: "rules",
                values: "seed|standard",
                doc: "`seed`: the original assignment's rules (relay sowing, captures of 2 or 3), the default; `standard`: the common Kalah(6, s)",
                samples: &["seed", "standard"],
            },
            GameOption {
                name: "stones",
                values: "3..=6",
                doc: "stones per pit at the start (default: drawn from the game seed)",
                samples: &["3", "6"],
            },
        ],
        default_rows: 2,
        default_cols: 6,
        default_depth: 6,
        max_depth: 12,
        always_paired: false,
    };

    fn new_random(params: &GameParams, rng: &mut GameRng) -> Result<Self, ParamError> {
        let bad = |name: &str, reason: String| ParamError::BadOption {
            name: name.to_string(),
            reason,
        };
        params.check_option_names(&Self::INFO)?;
        let mut rules = Rules::Seed;
        let mut stones = None;
        for (name, value) in &params.options {
            match name.as_str() {
                "rules" => {
                    rules = Rules::parse(value)
                        .ok_or_else(|| bad(name, format!("`{value}`: seed or standard")))?;
                }
                "stones" => {
                    let s: u32 = value
                        .parse()
                        .ok()
                        .filter(|s| (3..=6).contains(s))
                        .ok_or_else(|| bad(name, format!("`{value}`: a number 3..=6")))?;
                    stones = Some(s);
                }
                _ => unreachable!("option names are checked first"),
            }
        }
        let stones = stones.unwrap_or_else(|| rng.range(3, 6) as u32);
        Kalah::new(rules, stones).map_err(|e| bad("stones", e.to_string()))
    }

    fn to_move(&self) -> Player {
        self.to_move
    }

    fn legal_moves(&self, out: &mut Vec<Pit>) {
        if self.finished() {
            return;
        }
        let base = base_of(self.to_move);
        out.extend(
            (0..PITS as u8)
                .filter(|&i| self.board[base + i as usize] > 0)
                .map(Pit),
        );
    }

    fn apply(&mut self, mv: Pit) {
        let me = self.to_move;
        let from = base_of(me) + mv.0 as usize;
        match self.rules {
            Rules::Seed => self.apply_seed(from, me),
            Rules::Standard => self.apply_standard(from, me),
        }
    }

    fn why_illegal(&self, mv: Pit) -> Option<String> {
        if self.finished() {
            return Some("the game is over".to_string());
        }
        if mv.0 as usize >= PITS {
            return Some(format!("there is no pit {}: the pits are 1 to 6", mv.0 + 1));
        }
        (self.board[base_of(self.to_move) + mv.0 as usize] == 0)
            .then(|| format!("pit {} is empty", mv.0 + 1))
    }

    fn is_terminal(&self) -> bool {
        self.finished()
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.finished() {
            return None;
        }
        let (a, b) = (self.store(Player::First), self.store(Player::Second));
        Some(match self.rules {
            Rules::Seed => Player::BOTH
                .into_iter()
                .find(|&p| 2 * self.board[kalah_of(p)] > self.total())
                .map_or(Outcome::Win(self.to_move.other()), Outcome::Win),
            Rules::Standard if a > b => Outcome::Win(Player::First),
            Rules::Standard if a < b => Outcome::Win(Player::Second),
            Rules::Standard => Outcome::Draw,
        })
    }

    fn scores(&self) -> [i64; 2] {
        let (a, b) = (self.store(Player::First), self.store(Player::Second));
        [a - b, b - a]
    }

    fn heuristic(&self, seat: Player) -> i64 {
        self.scores()[seat.index()]
    }

    fn encode_move(&self, mv: Pit) -> i32 {
        mv.0 as i32
    }

    fn decode_move(&self, raw: i32) -> Option<Pit> {
        (0..PITS as i32).contains(&raw).then_some(Pit(raw as u8))
    }

    fn write_state(&self, out: &mut Vec<i32>) {
        let me = self.to_move;
        for p in [me, me.other()] {
            let b = base_of(p);
            out.extend(self.board[b..b + PITS].iter().map(|&s| s as i32));
            out.push(self.board[kalah_of(p)] as i32);
        }
        out.push(match self.rules {
            Rules::Seed => 0,
            Rules::Standard => 1,
        });
        out.push(self.stones as i32);
    }

    fn read_state(words: &[i32], me: Player) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("kalah: {s}"));
        let [ref holes @ .., rules, stones] = words[..] else {
            return Err(err("no words".to_string()));
        };
        if holes.len() != HOLES {
            return Err(err(format!("{} words, expected 16", words.len())));
        }
        let rules = match rules {
            0 => Rules::Seed,
            1 => Rules::Standard,
            r => return Err(err(format!("rules word {r}: 0 or 1"))),
        };
        let stones = u32::try_from(stones).map_err(|_| err(format!("stones {stones}")))?;
        let mut game = Kalah::new(rules, stones).map_err(|e| err(e.to_string()))?;
        game.to_move = me;
        for (k, p) in [me, me.other()].into_iter().enumerate() {
            for i in 0..=PITS {
                let w = holes[k * 7 + i];
                game.board[base_of(p) + i] =
                    u32::try_from(w).map_err(|_| err(format!("negative hole {w}")))?;
            }
        }
        let sum: u64 = game.board.iter().map(|&s| s as u64).sum();
        if sum != game.total() as u64 {
            return Err(err(format!("{sum} stones, expected {}", game.total())));
        }
        Ok(game)
    }

    fn setup(&self) -> String {
        format!("{} {}", self.rules.name(), self.stones)
    }

    fn from_setup(text: &str) -> Result<Self, DecodeError> {
        let err = |s: String| DecodeError(format!("kalah setup `{text}`: {s}"));
        let parts: Vec<&str> = text.split_whitespace().collect();
        let [r, s] = parts[..] else {
            return Err(err("expected `RULES STONES`".to_string()));
        };
        let rules = Rules::parse(r).ok_or_else(|| err(format!("`{r}`: seed or standard")))?;
        let stones = s
            .parse()
            .map_err(|_| err(format!("`{s}` is not a number")))?;
        Kalah::new(rules, stones).map_err(|e| err(e.to_string()))
    }

    fn render(&self, color: bool) -> String {
        render::render(self, color)
    }

    fn parse_move(&self, text: &str) -> Result<Pit, MoveTextError> {
        let t = text.trim();
        match t.parse::<u8>() {
            Ok(n @ 1..=6) => Ok(Pit(n - 1)),
            _ => Err(MoveTextError::Form {
                expected: "type a pit number 1 to 6".into(),
                got: t.to_string(),
            }),
        }
    }

    fn describe_move(&self, mv: Pit) -> String {
        (mv.0 + 1).to_string()
    }

    fn move_prompt(&self) -> String {
        format!(
            "{}, type the pit to sow from (1 to 6, your pits from your left)",
            self.to_move
        )
    }
}

impl ExtraStrategies for Kalah {
    const RANDOM_TIES: bool = true;
}
