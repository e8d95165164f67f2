//! The examples at the end of each command's `--help`.

/// `arena games --help`.
pub const GAMES: &str = "\
Examples:
  arena games                       the games, their sizes and builtin bots";

/// `arena board --help`.
pub const BOARD: &str = "\
Examples:
  arena board --seed 7              an 8x8 MathTricks board
  arena board --game nim --json     a Nim position as JSON, with its state words";

/// `arena play --help`.
pub const PLAY: &str = "\
Examples:
  arena play                                   two people at one terminal
  arena play --p2 builtin:greedy               you against the greedy bot
  arena play --p1 bots/greedy.wasm --p2 human  a module moves first";

/// `arena check --help`.
pub const CHECK: &str = "\
Examples:
  arena check bot.wasm                  load it, play 6 games, say READY or NOT READY
  arena check bot.wat --game nim --games 20
  arena check bot.wasm --fuel 50000000  as a tournament with a smaller fuel budget would
  arena check bot.py                    a Python bot, run by arena's own interpreter";

/// `arena pack --help`.
pub const PACK: &str = "\
Examples:
  arena pack bot.py                     writes bot.wasm, an ordinary bot module
  arena pack bot.py -o ana.wasm

A .py file is already a bot (arena check bot.py, arena tournament folder/): pack is for
handing in a .wasm where only modules are taken. The module is arena's Python interpreter
(several MiB) with the script loaded; it must stay under the 8 MiB module cap.";

/// `arena tournament --help`.
pub const TOURNAMENT: &str = "\
Examples:
  arena tournament submissions/ builtin:greedy --best-of 5 --seed 7 --out results/
  arena tournament submissions/ --gauntlet builtin:greedy --gauntlet builtin:alphabeta
  arena tournament a.wasm b.wat c.py --rows 6..10 --cols 6..10 --paired --rounds 3
  arena tournament --game pursuit bots/games/pursuit/ builtin:greedy
  arena tournament submissions/ --roster roster.csv --bands bands.toml
  arena tournament submissions/ --out results/ --resume    continue an interrupted run

A bot is a .wasm or .wat module, or a Python script (.py, docs/PYTHON.md). A folder
stands for every submission in it: each .wasm/.wat/.py file (any case), and each
sub-folder holding exactly one (a learning platform's export); every other entry is
listed as skipped with its reason. Two-seat games play a round robin (or a gauntlet);
games of one, three or four seats play tables of the field in every seating. Limits and
bounds: docs/TOURNAMENT.md.";

/// `arena match --help`.
pub const MATCH: &str = "\
Examples:
  arena match bots/greedy.wasm builtin:alphabeta:4 --games 20
  arena match a.wasm b.wasm --rows 6..10 --seed 3
  arena match v2/bot.wasm v1/bot.wasm --sprt --paired --elo0 0 --elo1 20
        is v2 at least 20 Elo better than v1? plays until the test decides
        (at most --games 10000), the running LLR on one line
  arena match v2.wasm v1.wasm --sprt --out match/ && arena verify match/ .";

/// `arena replay --help`.
pub const REPLAY: &str = "\
Examples:
  arena replay results/ 12          draw game 12 (ids in games.csv)
  arena replay results/ 12 --step   one move per Enter";

/// `arena standings --help`.
pub const STANDINGS: &str = "\
Examples:
  arena standings results/                              recompute the summaries
  arena standings results/ --roster roster.csv --bands bands.toml";

/// `arena bench --help`.
pub const BENCH: &str = "\
Examples:
  arena bench --quick               a few seconds, indicative figures
  arena bench --threads 4";

/// `arena grades --help`.
pub const GRADES: &str = "\
Examples:
  arena tournament Bots-submissions.zip --roster gradebook.csv --bands bands.toml --out results/
  arena grades results/ --lms canvas --column \"Bots (1234)\" --template gradebook.csv --bands bands.toml --out import.csv
  arena grades results/ --lms moodle --column Bots --bands bands.toml --out grades.csv --feedback feedback.zip

The steps from the download to the upload, per platform: docs/lms/.";
