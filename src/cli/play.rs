//! `arena play`: a game in the terminal, any mix of people and bots in its seats
//! (`--p1` … `--p4`), for every game.
//!
//! People type moves in the game's notation (MathTricks: `row col`); anything wrong is
//! explained and asked again, never ending the game. `q` (or `quit`) abandons the game,
//! as does the end of input. Hidden information stays hidden: a person is shown the board
//! as their own seat sees it, a bot's move is told only when no person at the table is
//! kept from seeing anything, and with several people at one terminal each turn starts by
//! saying whose it is. The whole board is shown once the game is over, with every seat's
//! rank and score. A person is one more seat ([`arena::human::Human`]), and the terminal
//! watches the referee play ([`arena::referee::Watch`]).

use std::io::{self, BufReader};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::bail;
use arena::bot::Bot;
use arena::field::{load_one, load_one_table};
use arena::human::Human;
use arena::referee::{play_watched, End, Entrant, Entry, Watch};
use arena::seeds::derive;
use arena_games::game::{Seat, Viewer};
use arena_games::registry::{find_table_game, AnyTable};

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

/// The terminal following the game.
struct Terminal {
    /// Each seat's bot name, `None` for a person.
    bots: Vec<Option<String>>,
    color: bool,
    /// Raised when a person leaves.
    left: Arc<AtomicBool>,
    /// The move a bot just answered, in the game's words (empty: not to be told).
    answered: Option<String>,
}

impl Terminal {
    fn people(&self) -> usize {
        self.bots.iter().filter(|b| b.is_none()).count()
    }

    fn who(&self, seat: Seat) -> String {
        let name = self.bots[seat.index()].as_deref().unwrap_or("a person");
        format!("seat {} ({name})", seat.number())
    }

    /// Whether a person at the table sees less than the whole position.
    fn hidden(&self, game: &dyn AnyTable) -> bool {
        Seat::all(game.seat_count()).any(|person| {
            self.bots[person.index()].is_none()
                && game.render(Viewer::Seat(person), false) != game.render(Viewer::All, false)
        })
    }
}

impl Watch for Terminal {
    fn position(&mut self, game: &dyn AnyTable) {
        let seat = game.to_move();
        if self.bots[seat.index()].is_some() {
            // A bot's turn: the position for onlookers, unless a person may not see it.
            if !self.hidden(game) {
                print!("\n{}", game.render(Viewer::All, self.color));
            }
            return;
        }
        if self.people() > 1 {
            println!("\n--- seat {}'s turn ---", seat.number());
        }
        if let Some(role) = game.role(seat) {
            println!("\nyou are seat {}, the {role}", seat.number());
        }
        print!("\n{}", game.render(Viewer::Seat(seat), self.color));
    }

    fn answered(&mut self, game: &dyn AnyTable, seat: Seat, raw: i32) {
        if self.bots[seat.index()].is_none() {
            self.answered = None;
            return;
        }
        // A bot's move is told only when no person at the table is kept from seeing
        // anything (a blind evader must not learn where the pursuers went).
        self.answered = Some(if self.hidden(game) {
            String::new()
        } else {
            game.describe_move(raw).unwrap_or_else(|| raw.to_string())
        });
    }

    fn played(&mut self, seat: Seat) {
        match self.answered.take().as_deref() {
            Some("") => println!("{} moves", self.who(seat)),
            Some(desc) => println!("{} plays {desc}", self.who(seat)),
            None => {}
        }
    }

    fn ended(&mut self, game: &dyn AnyTable, end: &End) {
        // The final drawing ends with the game's own "game over" line: said once.
        print!("\n{}", game.render(Viewer::All, self.color));
        if end.harness_problem().is_some() {
            // Not the bot's doing: `run` stops with the problem as an error.
        } else if let End::Fault { seat, .. } = end {
            // The reason as the results files write it: on one line, escaped (a trap may
            // name a function of the module, its last log line may follow).
            let seat = Seat::new(*seat as u8).expect("a seat");
            println!("{} forfeits: {}", self.who(seat), end.reason());
        } else if *end != End::Normal {
            println!("{}", end.reason());
        }
    }

    fn stopped(&self) -> bool {
        self.left.load(Ordering::SeqCst)
    }
}

pub fn run(args: PlayArgs) -> anyhow::Result<ExitCode> {
    let seed = args.seed.unwrap_or_else(fresh_seed);
    let choice = choose(&args.game, false)?;
    let (kind, rows, cols, seats) = match &choice {
        Choice::TwoSeat(c) => (find_table_game(c.kind.info().name)?, c.rows, c.cols, 2),
        Choice::Table(c) => (c.kind, c.rows, c.cols, c.seats),
    };
    let (rows, cols) = (rows.min, cols.min);
    let params = match &choice {
        Choice::TwoSeat(c) => c.params(rows, cols),
        Choice::Table(c) => c.params(rows, cols),
    };
    let name = kind.info().name;
    let count = usize::from(seats);
    for (i, given) in [(2, args.p3.is_some()), (3, args.p4.is_some())] {
        if given && i >= count {
            bail!(
                "--p{}: {name} is played by {} here",
                i + 1,
                arena::units::counted(count as u64, "player", "players")
            );
        }
    }
    let specs = [
        Some(&args.p1),
        Some(&args.p2),
        args.p3.as_ref(),
        args.p4.as_ref(),
    ];
    let color = use_color(args.no_color);
    let sandbox = sandbox(&args.limits)?;
    let human = Human::new(
        Box::new(BufReader::new(io::stdin())),
        Box::new(io::stdout()),
    );
    let bot_seeds: Vec<u64> = (1..=count)
        .map(|i| derive(seed, "play-bot", &[&i]))
        .collect();
    // A person's seat is `None`: `human` fields it.
    let mut entered: Vec<Option<Entered>> = Vec::new();
    let mut bots = Vec::new();
    for (i, spec) in specs.into_iter().take(count).enumerate() {
        let spec = spec.map_or("human", String::as_str);
        if spec == "human" {
            entered.push(None);
            bots.push(None);
            continue;
        }
        let named = match &choice {
            Choice::TwoSeat(c) => load_one(spec, c.kind, None, &sandbox)?,
            Choice::Table(_) => load_one_table(spec, kind, &params, seats, &sandbox)?,
        };
        let bot = named.entrant.enter(bot_seeds[i]).map_err(|e| match e {
            Entry::Fault(f) => anyhow::anyhow!("{spec}: {f}"),
            Entry::Disqualified(reason) => anyhow::anyhow!("{spec}: {reason}"),
        })?;
        entered.push(Some(Entered(Mutex::new(Some(bot)))));
        bots.push(Some(named.name));
    }
    let start = kind.new_game(&params, seed)?;
    println!(
        "{name} {rows}x{cols}, {}, seed {seed} (play it again with --seed {seed})",
        arena::units::counted(count as u64, "player", "players")
    );
    let mut terminal = Terminal {
        bots,
        color,
        left: human.left(),
        answered: None,
    };
    let entrants: Vec<&dyn Entrant> = entered
        .iter()
        .map(|e| match e {
            Some(bot) => bot as &dyn Entrant,
            None => &human as &dyn Entrant,
        })
        .collect();
    let mut harness_problem = None;
    if let Ok(record) = play_watched(start, &entrants, &bot_seeds, &mut terminal) {
        harness_problem = record.end.harness_problem().map(str::to_owned);
        if harness_problem.is_none() {
            for (i, (rank, score)) in record.ranks.iter().zip(&record.scores).enumerate() {
                let seat = Seat::new(i as u8).expect("a seat");
                println!("{}: rank {rank}, score {score}", terminal.who(seat));
            }
        }
    }
    if let Some(e) = human.input_error() {
        return Err(e.into());
    }
    if human.input_ended() {
        bail!("the input ended before the game did: the game was abandoned, without a result");
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
