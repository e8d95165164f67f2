//! The example modules of the table games (`bots/games/GAME/*.wasm`, built from
//! `bots/rust/{tictactoe,minesweeper,pursuer,evader,path}`), played through the real
//! runtime against the words of the table registry's games: every move they make is
//! legal, every game reaches its end, and each plays better than chance.

use crate::common;

use arena::bot::Bot;
use arena::runtime::{Limits, Sandbox, WasmModule};
use arena::seeds::derive;
use arena_games::registry::{find_table_game, AnyTable, NativeBot};
use arena_games::GameParams;

/// Who plays a seat.
#[derive(Clone, Copy, Debug)]
enum Player<'a> {
    /// An example module (a fresh instance per game).
    Module(&'a str, &'a WasmModule),
    /// `builtin:NAME` of the game.
    Builtin(&'static str),
}

/// A seat's bot: state words in, move out.
type Chooser = Box<dyn FnMut(&[i32]) -> i32>;

fn module(name: &str) -> WasmModule {
    let game = match name {
        "pursuer" | "evader" => "pursuit",
        other => other,
    };
    let path = common::root()
        .join("bots/games")
        .join(game)
        .join(format!("{name}.wasm"));
    Sandbox::new(Limits::default())
        .unwrap()
        .load(&path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

fn params(options: &[(&str, &str)]) -> GameParams {
    let mut params = GameParams::default();
    for &(key, value) in options {
        params.options.insert(key.into(), value.into());
    }
    params
}

/// Plays `game` of `params` from `seed` to its end with `players` (one per seat) and
/// returns the finished table and the number of moves. Every module's move must be one of
/// the legal moves of the position.
fn play(
    game: &str,
    params: &GameParams,
    seed: u64,
    players: &[Player],
) -> (Box<dyn AnyTable>, u32) {
    let kind = find_table_game(game).unwrap();
    let mut table = kind.new_game(params, seed).unwrap();
    assert_eq!(usize::from(table.seat_count()), players.len(), "{game}");
    let seeds: Vec<u64> = (0..players.len())
        .map(|s| derive(seed, "example", &[&s]))
        .collect();
    let mut bots: Vec<Chooser> = Vec::new();
    for (seat, player) in players.iter().enumerate() {
        match *player {
            Player::Module(name, module) => {
                let mut bot = module.instantiate(seeds[seat]).unwrap();
                let name = name.to_string();
                bots.push(Box::new(move |words| {
                    bot.choose_move(words)
                        .unwrap_or_else(|f| panic!("{name} faulted: {f}"))
                        .raw
                }));
            }
            Player::Builtin(name) => {
                let mut bot: Box<dyn NativeBot> = kind.builtin(name, None, params).unwrap();
                bots.push(Box::new(move |words| bot.choose_move(words).unwrap()));
            }
        }
    }
    let (mut words, mut ply) = (Vec::new(), 0u32);
    while !table.is_terminal() {
        let seat = table.to_move().index();
        table.observation(ply, seeds[seat], &mut words);
        let mv = bots[seat](&words);
        assert!(
            table.legal_moves().contains(&mv),
            "{players:?} seat {seat} played {mv}, not a legal move, at ply {ply} of {game} `{}`",
            table.setup()
        );
        table.play(mv).unwrap();
        ply += 1;
        assert!(ply < 100_000, "{game} does not end");
    }
    (table, ply)
}

#[test]
fn sdk_tictactoe_example_plays_every_size_and_beats_random() {
    let m = module("tictactoe");
    let me = Player::Module("tictactoe", &m);
    for options in [
        &[("players", "2")][..],
        &[("players", "3")],
        &[("players", "3"), ("k", "3")],
    ] {
        for (rows, cols) in [(3, 3), (4, 5), (6, 6)] {
            let mut p = params(options);
            (p.rows, p.cols) = (Some(rows), Some(cols));
            let seats = if options[0].1 == "2" { 2 } else { 3 };
            if find_table_game("tictactoe")
                .unwrap()
                .new_game(&p, 0)
                .is_err()
            {
                continue; // k longer than the board
            }
            play("tictactoe", &p, 1, &vec![me; seats]);
        }
    }
    // Against builtin:random in either seat of 3 x 3: far more wins than losses.
    let (mut wins, mut losses) = (0, 0);
    for seed in 0..20 {
        for my_seat in 0..2 {
            let mut players = [Player::Builtin("random"); 2];
            players[my_seat] = me;
            let (table, _) = play("tictactoe", &params(&[]), seed, &players);
            let ranks: Vec<u32> = table.results().unwrap().iter().map(|r| r.rank).collect();
            if ranks[0] != ranks[1] {
                if ranks[my_seat] == 1 {
                    wins += 1;
                } else {
                    losses += 1;
                }
            }
        }
    }
    eprintln!("tictactoe example against random: {wins} wins, {losses} losses");
    assert!(wins >= 4 * losses.max(1), "{wins} wins, {losses} losses");
}

#[test]
fn sdk_minesweeper_example_plays_one_and_two_seats_and_opens_more_than_random() {
    let m = module("minesweeper");
    let me = Player::Module("minesweeper", &m);
    play("minesweeper", &params(&[("players", "2")]), 3, &[me, me]);
    play(
        "minesweeper",
        &params(&[("players", "2")]),
        4,
        &[me, Player::Builtin("solver")],
    );
    play("minesweeper", &params(&[("reveal", "count")]), 5, &[me]);
    // One seat, `reveal=coords`: every move opens one cell, so moves made = cells opened.
    let (mut mine, mut random) = (0, 0);
    for seed in 0..20 {
        mine += play("minesweeper", &params(&[]), seed, &[me]).1;
        random += play(
            "minesweeper",
            &params(&[]),
            seed,
            &[Player::Builtin("random")],
        )
        .1;
    }
    eprintln!("minesweeper: the example opened {mine} cells, random {random}");
    assert!(
        mine > 2 * random,
        "the example opened {mine} cells, random {random}"
    );
}

#[test]
fn sdk_pursuit_examples_play_every_role_and_the_pursuer_catches_random() {
    let (p, e) = (module("pursuer"), module("evader"));
    let (pursuer, evader) = (Player::Module("pursuer", &p), Player::Module("evader", &e));
    for options in [
        &[("players", "2")][..],
        &[("players", "2"), ("blind", "1"), ("obstacles", "0.2")],
        &[("players", "3"), ("team", "1"), ("obstacles", "0.2")],
        &[("players", "3"), ("blind", "1")],
    ] {
        let three = options[0].1 == "3";
        for seed in 0..3 {
            let p = params(options);
            if three {
                play("pursuit", &p, seed, &[pursuer, pursuer, evader]);
                play("pursuit", &p, seed, &[evader, pursuer, pursuer]);
            } else {
                play("pursuit", &p, seed, &[pursuer, evader]);
                play("pursuit", &p, seed, &[evader, pursuer]);
            }
        }
    }
    // On an open 8 x 8 board the pursuer catches builtin:random (seat 0 ranks 1), and the
    // evader escapes builtin:random's pursuer at least as often as random does.
    let (mut caught, mut escaped, mut random_escaped) = (0, 0, 0);
    for seed in 0..20 {
        let two = params(&[]);
        let rank =
            |players: &[Player]| play("pursuit", &two, seed, players).0.results().unwrap()[0].rank;
        caught += u32::from(rank(&[pursuer, Player::Builtin("random")]) == 1);
        escaped += u32::from(rank(&[Player::Builtin("random"), evader]) != 1);
        random_escaped +=
            u32::from(rank(&[Player::Builtin("random"), Player::Builtin("random")]) != 1);
    }
    eprintln!("pursuit: caught {caught}/20, escaped {escaped}/20 (random {random_escaped}/20)");
    assert!(
        caught >= 19,
        "the pursuer caught random in {caught} of 20 games"
    );
    assert!(
        escaped >= random_escaped,
        "the evader escaped in {escaped} games, random in {random_escaped}"
    );
}

#[test]
fn sdk_path_example_walks_a_shortest_path() {
    let m = module("path");
    for (seed, options) in [&[][..], &[("obstacles", "0.3")]].into_iter().enumerate() {
        for seed in (seed as u64 * 10)..(seed as u64 * 10 + 5) {
            let (table, moves) = play(
                "path",
                &params(options),
                seed,
                &[Player::Module("path", &m)],
            );
            let score = table.results().unwrap()[0].score;
            assert_eq!(
                (score.numerator(), score.denominator()),
                (1, 1),
                "path seed {seed}: {moves} moves, not a shortest path"
            );
        }
    }
}
