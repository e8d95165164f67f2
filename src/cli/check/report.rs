//! What `arena check` found, as one value: printed for people, or as JSON (`--json`,
//! schema in docs/ABI.md, "arena check --json").

use serde::Serialize;

/// The JSON schema's version: raised when a field changes meaning or disappears (one
/// number for every JSON document arena prints or writes, docs/RESULTS.md).
pub const VERSION: u32 = arena::output::json::VERSION;

/// Everything `arena check` reports.
#[derive(Debug, Serialize)]
pub struct Report {
    pub version: u32,
    pub bot: String,
    pub name: String,
    pub game: String,
    /// Why this game: `flag` (`--game` or a setting of it), `declared` (the module's
    /// `arena_plays`), `default` (no `--game` and nothing declared).
    pub game_from: &'static str,
    /// What the text says about the choice of game (none for `--game`).
    #[serde(skip)]
    pub note: Option<String>,
    pub ready: bool,
    pub load: Load,
    pub warnings: Vec<String>,
    pub instantiation: Option<Instantiation>,
    pub games: Vec<GameReport>,
    pub record: Record,
    pub fuel: Option<Fuel>,
    pub memory_bytes: u64,
    /// Why the bot is not ready (empty when it is).
    pub problems: Vec<String>,
}

#[derive(Debug, Serialize)]
pub struct Load {
    pub ok: bool,
    pub bytes: Option<u64>,
    pub module_cap_bytes: u64,
    pub sha256: Option<String>,
    /// Every reason the sandbox refuses the module (empty when it loads).
    pub problems: Vec<String>,
    pub exports: Vec<Item>,
    pub imports: Vec<Item>,
}

#[derive(Debug, Serialize)]
pub struct Item {
    pub name: String,
    #[serde(rename = "type")]
    pub ty: String,
}

#[derive(Debug, Serialize)]
pub struct Instantiation {
    pub fuel: Option<u64>,
    pub budget: u64,
    pub fault: Option<String>,
}

#[derive(Debug, Serialize)]
pub struct GameReport {
    pub game: u32,
    pub seat: u32,
    pub opponent: String,
    pub result: &'static str,
    /// A number, or a fraction's text (`"1/3"`) in games such as one-player minesweeper.
    pub score: serde_json::Value,
    /// The other seat's score in a two-seat game; `null` for one, three or four seats.
    pub opponent_score: serde_json::Value,
    /// The bot's competition rank, for games of the table model (absent for two-seat
    /// games).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rank: Option<u32>,
    pub moves: u32,
    pub fault: Option<FaultReport>,
    pub output: String,
}

#[derive(Debug, Serialize)]
pub struct FaultReport {
    pub kind: &'static str,
    pub reason: String,
}

#[derive(Debug, Default, Serialize)]
pub struct Record {
    pub won: u32,
    pub drawn: u32,
    pub lost: u32,
}

#[derive(Debug, Serialize)]
pub struct Fuel {
    pub moves: u64,
    pub max: u64,
    pub mean: u64,
    pub budget: u64,
}

impl Report {
    /// The report for people, as `arena check` prints it.
    pub fn text(&self) -> String {
        let mut s = format!("checking {} for {}\n", self.bot, self.game);
        if let Some(note) = &self.note {
            s.push_str(&format!("  note: {note}\n"));
        }
        // Lines quote the module (export and import names, fault reasons, its output):
        // escaped, so that nothing it wrote reaches the terminal raw.
        let mut line = |l: String| {
            s.push_str(&arena::bot_name::escape_message(&l));
            s.push('\n');
        };
        let load = &self.load;
        if load.ok {
            line(format!(
                "  load: ok ({}), sha256 {}",
                arena::runtime::human_bytes(load.bytes.unwrap_or(0)),
                load.sha256.as_deref().unwrap_or("")
            ));
        } else {
            line(format!(
                "  load: FAILED ({}):",
                arena::units::counted(load.problems.len() as u64, "problem", "problems")
            ));
            for p in &load.problems {
                line(format!("    - {p}"));
            }
        }
        for e in &load.exports {
            line(format!("  export {}: {}", e.name, e.ty));
        }
        for i in &load.imports {
            line(format!("  import {}: {}", i.name, i.ty));
        }
        for w in &self.warnings {
            line(format!("  warning: {w}"));
        }
        if let Some(i) = &self.instantiation {
            match (i.fuel, &i.fault) {
                (Some(f), _) => line(format!(
                    "  instantiation: {f} fuel ({:.1}% of the {} budget)",
                    100.0 * f as f64 / i.budget as f64,
                    i.budget
                )),
                (None, Some(fault)) => line(format!("  instantiation: FAILED: {fault}")),
                (None, None) => {}
            }
        }
        for g in &self.games {
            let fault = g
                .fault
                .as_ref()
                .map(|f| format!("  FAULT: {}", f.reason))
                .unwrap_or_default();
            let against = if g.opponent.is_empty() {
                String::new()
            } else {
                format!(" against {}", g.opponent)
            };
            let score = match (&g.opponent_score, g.rank) {
                (serde_json::Value::Null, Some(rank)) => {
                    format!("score {}, rank {rank}", g.score)
                }
                (other, _) => format!("score {} to {other}", g.score),
            };
            line(format!(
                "  game {}: {} as seat {}{against}: {} ({score}){fault}",
                g.game, self.name, g.seat, g.result
            ));
            if g.fault.is_some() && !g.output.is_empty() {
                line("    its output:".to_string());
                for l in g.output.lines() {
                    line(format!("      {l}"));
                }
            }
        }
        if load.ok
            && self
                .instantiation
                .as_ref()
                .is_some_and(|i| i.fault.is_none())
        {
            let r = &self.record;
            line(format!(
                "  record: {} won, {} drawn, {} lost",
                r.won, r.drawn, r.lost
            ));
            match &self.fuel {
                Some(f) => line(format!(
                    "  fuel per move: max {} ({:.1}% of the {} budget), mean {} over {} moves",
                    f.max,
                    100.0 * f.max as f64 / f.budget as f64,
                    f.budget,
                    f.mean,
                    f.moves
                )),
                None => line("  fuel per move: no move was answered".to_string()),
            }
            line(format!(
                "  memory: {}",
                arena::runtime::human_bytes(self.memory_bytes)
            ));
        }
        if self.ready {
            line("verdict: READY".to_string());
        } else {
            // Reasons, not problems: the load's problems above are one reason (the module
            // would be disqualified), and counting them again would contradict that line.
            let n = self.problems.len();
            line(format!(
                "verdict: NOT READY, for {n} reason{}:",
                if n == 1 { "" } else { "s" }
            ));
            for p in &self.problems {
                line(format!("  {p}"));
            }
        }
        s
    }
}
