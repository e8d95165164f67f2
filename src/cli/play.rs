//! `arena play`: a game in the terminal, people against people or bots.
//!
//! People type moves (MathTricks: `row col`); anything wrong is explained and asked
//! again, never ending the game. `q` (or `quit`) abandons the game, as does the end of
//! input. The end is said once: the final position's own "game over" line. The game is
//! a one-game [`Series`] like any other: a person is one more seat
//! ([`arena::human::Human`]), and the terminal watches the referee play
//! ([`arena::referee::Watch`]).

use std::io::{self, BufReader};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use arena::bot::Bot;
use arena::field::load_one;
use arena::human::Human;
use arena::referee::at_table;
use arena::referee::{End, Entrant, Entry, Watch};
use arena::seeds::derive;
use arena::series::{Length, Series, Side};
use arena_games::game::{Seat, Viewer};
use arena_games::registry::AnyTable;
use arena_games::Player;

use super::common::{sandbox, stop_on_harness_problem, use_color};
use super::table_choice::{choose, Choice};
use super::PlayArgs;

/// A bot entered before the game starts (so that an instance that cannot be made is an
/// error of the command, not a forfeit), handed to the referee once.
struct Entered(Mutex<Option<Box<dyn Bot>>>);

impl Entrant for Entered {
    fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
        let bot = self.0.lock().unwrap_or_else(PoisonError::into_inner).take();
        bot.ok_or_else(|| Entry::Disqualified("a bot of `arena play` plays one game".into()))
    }
}

/// The terminal following the game: every position drawn, every bot's move said.
struct Terminal {
    /// Each seat's bot name, `None` for a person.
    bots: [Option<String>; 2],
    color: bool,
    /// Raised when a person leaves.
    left: Arc<AtomicBool>,
    /// The move a bot just answered, in the game's words.
    answered: Option<String>,
}

impl Watch for Terminal {
    fn position(&mut self, game: &dyn AnyTable) {
        print!("\n{}", game.render(Viewer::All, self.color));
    }

    fn answered(&mut self, game: &dyn AnyTable, seat: Seat, raw: i32) {
        self.answered = self.bots[seat.index()]
            .as_ref()
            .map(|_| game.describe_move(raw).unwrap_or_else(|| raw.to_string()));
    }

    fn played(&mut self, seat: Seat) {
        let seat = player(seat.index());
        if let (Some(name), Some(desc)) = (&self.bots[seat.index()], self.answered.take()) {
            println!("{seat} ({name}) plays {desc}");
        }
    }

    fn ended(&mut self, game: &dyn AnyTable, end: &End) {
        let name = |p: Player| self.bots[p.index()].as_deref().unwrap_or("human");
        match end {
            End::Normal => {
                // The final drawing ends with the game's own "game over" line: said once.
                print!("\n{}", game.render(Viewer::All, self.color));
                let winner = game.results().and_then(|r| match r.as_slice() {
                    [a, b] if a.rank != b.rank => Some(player(usize::from(b.rank < a.rank))),
                    _ => None,
                });
                if let Some(p) = winner {
                    if let Some(bot) = &self.bots[p.index()] {
                        println!("({p} is {bot})");
                    }
                }
            }
            // Not the bot's doing: `run` stops with the problem as an error.
            End::Fault { .. } if end.harness_problem().is_some() => {}
            // The reason as the results files write it: on one line, escaped (a trap may
            // name a function of the module, its last log line may follow).
            End::Fault { seat, .. } => {
                let seat = player(*seat);
                println!("{seat} ({}) forfeits: {}", name(seat), end.reason());
                println!("{} wins", seat.other());
            }
            other => println!("{}", other.reason()),
        }
    }

    fn stopped(&self) -> bool {
        self.left.load(Ordering::SeqCst)
    }
}

/// The player of two-seat seat `index`.
fn player(index: usize) -> Player {
    Player::from_index(index).expect("a seat of two")
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let choice = match choose(&args.game, false)? {
        Choice::TwoSeat(choice) => choice,
        Choice::Table(choice) => return super::table_play::run(args, choice, seed),
    };
    if args.p3.is_some() || args.p4.is_some() {
        anyhow::bail!(
            "--p3/--p4: {} is a game of two players",
            choice.kind.info().name
        );
    }
    let color = use_color(args.no_color);
    let sandbox = sandbox(&args.limits)?;
    let human = Human::new(
        Box::new(BufReader::new(io::stdin())),
        Box::new(io::stdout()),
    );
    let bot_seeds = [1usize, 2].map(|i| derive(seed, "play-bot", &[&i]));
    // A person's seat is `None`: `human` fields it.
    let mut seats: Vec<Option<Entered>> = Vec::new();
    let mut bots = [None, None];
    for (i, spec) in [&args.p1, &args.p2].into_iter().enumerate() {
        if spec == "human" {
            seats.push(None);
            continue;
        }
        let named = load_one(spec, choice.kind, None, &sandbox)?;
        let bot = named.entrant.enter(bot_seeds[i]).map_err(|e| match e {
            Entry::Fault(f) => anyhow::anyhow!("{spec}: {f}"),
            Entry::Disqualified(reason) => anyhow::anyhow!("{spec}: {reason}"),
        })?;
        seats.push(Some(Entered(Mutex::new(Some(bot)))));
        bots[i] = Some(named.name);
    }
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let mut start = Some(at_table(choice.kind).new_game(&choice.params(rows, cols), seed)?);
    println!(
        "{} {rows}x{cols}, seed {seed} (play it again with --seed {seed})",
        choice.kind.info().name
    );
    let mut terminal = Terminal {
        bots,
        color,
        left: human.left(),
        answered: None,
    };
    let seat = |i: usize| -> &dyn Entrant {
        match &seats[i] {
            Some(bot) => bot,
            None => &human,
        }
    };
    let sides = [seat(0), seat(1)];
    // Side A is the first player named, and moves first.
    let mut harness_problem = None;
    Series::new(Length::Games(1), Side::A).run(|game| {
        let start = start.take().expect("one game");
        let record = game.play_watched(start, sides, bot_seeds, &mut terminal)?;
        harness_problem = record.end.harness_problem().map(str::to_owned);
        Ok::<_, arena::referee::Stopped>(record.outcome())
    });
    if let Some(e) = human.input_error() {
        return Err(e.into());
    }
    if human.input_ended() {
        anyhow::bail!(
            "the input ended before the game did: the game was abandoned, without a result"
        );
    }
    stop_on_harness_problem("the game could not be played", harness_problem.as_deref())?;
    Ok(ExitCode::SUCCESS)
}

/// A seed for a game nobody asked to repeat: hand play only, never tournaments.
fn fresh_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_nanos() as u64 % 1_000_000)
        .unwrap_or(0)
}
