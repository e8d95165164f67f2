//! `arena play` for a game of the table model: any mix of people and bots in its one to
//! four seats (`--p1` … `--p4`). Hidden information stays hidden: a person is shown the
//! board as their own seat sees it, and with several people at one terminal each turn
//! starts by saying whose it is. The whole board is shown once the game is over.

use std::io::{self, BufReader};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use anyhow::bail;
use arena::bot::Bot;
use arena::field::load_one_table;
use arena::human::Human;
use arena::referee::{play_watched, End, Entrant, Entry, Watch};
use arena::seeds::derive;
use arena_games::game::{Seat, Viewer};
use arena_games::registry::AnyTable;

use super::common::{sandbox, stop_on_harness_problem, use_color};
use super::table_choice::TableChoice;
use super::PlayArgs;

/// A bot entered before the game starts, handed to the referee once.
struct Entered(Mutex<Option<Box<dyn Bot>>>);

impl Entrant for Entered {
    fn enter(&self, _seed: u64) -> Result<Box<dyn Bot>, Entry> {
        let bot = self.0.lock().unwrap_or_else(PoisonError::into_inner).take();
        bot.ok_or_else(|| Entry::Disqualified("a bot of `arena play` plays one game".into()))
    }
}

/// The terminal following a table game.
struct Terminal {
    /// Each seat's bot name, `None` for a person.
    bots: Vec<Option<String>>,
    color: bool,
    left: Arc<AtomicBool>,
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
}

impl Watch for Terminal {
    fn position(&mut self, game: &dyn AnyTable) {
        let seat = game.to_move();
        if self.bots[seat.index()].is_some() {
            return;
        }
        if self.people() > 1 {
            println!("\n--- seat {}'s turn ---", seat.number());
        }
        let role = game
            .role(seat)
            .map_or(String::new(), |r| format!(", the {r}"));
        println!("\nyou are seat {}{role}", seat.number());
        print!("{}", game.render(Viewer::Seat(seat), self.color));
    }

    fn answered(&mut self, game: &dyn AnyTable, seat: Seat, raw: i32) {
        if self.bots[seat.index()].is_none() {
            self.answered = None;
            return;
        }
        // A bot's move is told only when no person at the table is kept from seeing
        // anything (a blind evader must not learn where the pursuers went).
        let hidden = (0..game.seat_count()).any(|s| {
            let person = Seat::new(s).expect("a seat");
            self.bots[person.index()].is_none()
                && game.render(Viewer::Seat(person), false) != game.render(Viewer::All, false)
        });
        self.answered = Some(if hidden {
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
        println!("\n{}", game.render(Viewer::All, self.color));
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

pub fn run(args: PlayArgs, choice: TableChoice, seed: u64) -> anyhow::Result<ExitCode> {
    let seats = usize::from(choice.seats);
    let specs: Vec<Option<&String>> = vec![
        Some(&args.p1),
        Some(&args.p2),
        args.p3.as_ref(),
        args.p4.as_ref(),
    ];
    for (i, given) in [(2, args.p3.is_some()), (3, args.p4.is_some())] {
        if given && i >= seats {
            bail!(
                "--p{}: {} is played by {} here",
                i + 1,
                choice.kind.info().name,
                arena::units::counted(seats as u64, "player", "players")
            );
        }
    }
    let human_text = "human".to_string();
    let color = use_color(args.no_color);
    let sandbox = sandbox(&args.limits)?;
    let (rows, cols) = (choice.rows.min, choice.cols.min);
    let params = choice.params(rows, cols);
    let human = Human::new(
        Box::new(BufReader::new(io::stdin())),
        Box::new(io::stdout()),
    );
    let bot_seeds: Vec<u64> = (1..=seats)
        .map(|i| derive(seed, "play-bot", &[&i]))
        .collect();
    let mut entered: Vec<Option<Entered>> = Vec::new();
    let mut bots = Vec::new();
    for (i, spec) in specs.into_iter().take(seats).enumerate() {
        let spec = spec.unwrap_or(&human_text);
        if spec == "human" {
            entered.push(None);
            bots.push(None);
            continue;
        }
        let named = load_one_table(spec, choice.kind, &params, choice.seats, &sandbox)?;
        let bot = named.entrant.enter(bot_seeds[i]).map_err(|e| match e {
            Entry::Fault(f) => anyhow::anyhow!("{spec}: {f}"),
            Entry::Disqualified(reason) => anyhow::anyhow!("{spec}: {reason}"),
        })?;
        entered.push(Some(Entered(Mutex::new(Some(bot)))));
        bots.push(Some(named.name));
    }
    let start = choice.kind.new_game(&params, seed)?;
    println!(
        "{} {rows}x{cols}, {}, seed {seed} (play it again with --seed {seed})",
        choice.kind.info().name,
        arena::units::counted(seats as u64, "player", "players")
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
        anyhow::bail!(
            "the input ended before the game did: the game was abandoned, without a result"
        );
    }
    stop_on_harness_problem("the game could not be played", harness_problem.as_deref())?;
    Ok(ExitCode::SUCCESS)
}
