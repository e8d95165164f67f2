//! `similarity.html`: the similarity report as a page of its own, for the instructor
//! only (never linked from `report.html` or a feedback page): what a flag means, how the
//! pairs were scored, every pair's figures, and for each flagged pair the positions where
//! both chose the same move rated below the best, drawn as the game draws them.

use std::fmt::Write as _;
use std::path::Path;

use super::html::escape as esc;
use super::similarity_json::NOTE;
use super::{atomic, OutputError};
use crate::similarity::{Pair, Report, CORRECTION};

/// The file name inside the results folder.
pub const FILE: &str = "similarity.html";

/// The most flagged pairs whose shared mistakes the page draws (the rest are in
/// `similarity.json`), and the most positions drawn for one pair.
pub const MAX_PAIRS_DRAWN: usize = 50;

/// The most shared mistakes drawn for one pair.
pub const MAX_POSITIONS_DRAWN: usize = 12;

/// The page's text.
pub fn render(report: &Report) -> String {
    let mut h = String::new();
    let _ = write!(
        h,
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"robots\" content=\"noindex\">\n<title>Similarity: {game} (instructor only)</title>\n\
         <style>body{{font-family:sans-serif;max-width:72em;margin:1em auto;padding:0 1em}}\
         table{{border-collapse:collapse}}td,th{{border:1px solid #ccc;padding:.2em .5em;text-align:right}}\
         td.n{{text-align:left}}.flag{{background:#fff3cd}}.note{{border:2px solid #b58900;padding:.5em 1em}}\
         pre{{background:#f6f6f6;padding:.5em;display:inline-block;vertical-align:top;margin:.3em}}</style>\n\
         </head>\n<body>\n<h1>Similarity of the bots: {game}</h1>\n\
         <p class=\"note\"><strong>For the instructor only.</strong> {note}</p>\n",
        game = esc(&report.game),
        note = esc(NOTE)
    );
    let reference = match &report.reference {
        Some(r) if report.exact => format!("rated by {} (exact values)", esc(r)),
        Some(r) => format!("rated by play-outs of {}", esc(r)),
        None => "the game has no reference to rate moves: agreement alone".to_string(),
    };
    let _ = writeln!(
        h,
        "<p>{kept} positions kept of {examined} examined, from the tournament's own games; \
         {asked} moves asked; {reference}. A pair's score is its agreement beyond best play \
         (the share of the positions where not both chose a best move in which they chose \
         the same move), measured against the class's own pairs (centre {c:.3}, spread \
         {s:.3}{baseline}) as a z-score and an empirical p-value; the normal tail of z is \
         corrected for every pair tested by {CORRECTION} and a pair is flagged at a false \
         discovery rate of {alpha} with a z of at least {min_z}.</p>",
        kept = report.positions.len(),
        examined = report.examined,
        asked = report.asked,
        c = report.null.centre,
        s = report.null.spread,
        baseline = if report.baseline > 0 {
            format!(", with {} baseline bots", report.baseline)
        } else {
            String::new()
        },
        alpha = report.alpha,
        min_z = crate::similarity::MIN_Z,
    );
    h.push_str(
        "<table>\n<tr><th>#</th><th>bot</th><th>bot</th><th>verdict</th><th>score</th>\
         <th>z</th><th>empirical p</th><th>q</th><th>agreed</th><th>shared mistakes</th></tr>\n",
    );
    for (i, p) in report.pairs.iter().enumerate() {
        let _ = writeln!(
            h,
            "<tr{cls}><td>{n}</td><td class=\"n\">{a}</td><td class=\"n\">{b}</td>\
             <td class=\"n\">{v}</td><td>{score:.3}</td><td>{z:.2}</td><td>{pe:.4}</td>\
             <td>{q:.2e}</td><td>{ag}/{both}</td><td>{sm}</td></tr>",
            cls = if p.verdict.is_flag() {
                " class=\"flag\""
            } else {
                ""
            },
            n = i + 1,
            a = esc(&p.a),
            b = esc(&p.b),
            v = esc(p.verdict.words()),
            score = p.score,
            z = p.z,
            pe = p.p_empirical,
            q = p.q,
            ag = p.agreed,
            both = p.both_answered,
            sm = p.shared_mistakes,
        );
    }
    h.push_str("</table>\n");
    let flagged: Vec<&Pair> = report.flagged().collect();
    for p in flagged.iter().take(MAX_PAIRS_DRAWN) {
        evidence(&mut h, report, p);
    }
    if flagged.len() > MAX_PAIRS_DRAWN {
        let _ = writeln!(
            h,
            "<p>{} more flagged pairs: their shared mistakes are in similarity.json.</p>",
            flagged.len() - MAX_PAIRS_DRAWN
        );
    }
    h.push_str("</body>\n</html>\n");
    h
}

/// A flagged pair's shared mistakes, drawn.
fn evidence(h: &mut String, report: &Report, p: &Pair) {
    let _ = writeln!(
        h,
        "<h2>{} and {}</h2>\n<p>{}; {} shared mistakes (at most {MAX_POSITIONS_DRAWN} drawn).</p>",
        esc(&p.a),
        esc(&p.b),
        esc(p.verdict.words()),
        p.shared_mistakes
    );
    for &(k, mv) in p.mistakes_at.iter().take(MAX_POSITIONS_DRAWN) {
        let pos = &report.positions[k];
        let word = |m: i32| super::similarity_json::move_words(report, k, m);
        let best: Vec<String> = pos
            .legal
            .iter()
            .filter(|&&m| !pos.is_mistake(m))
            .map(|&m| word(m))
            .collect();
        let _ = writeln!(
            h,
            "<pre>game {} before move {}\n{}\nboth played {}; best: {}</pre>",
            pos.place.game_id,
            pos.place.ply + 1,
            esc(&pos.drawing),
            esc(&word(mv)),
            esc(&best.join(", "))
        );
    }
}

/// Writes `similarity.html` into `results`.
///
/// # Errors
/// [`OutputError`] when the file cannot be written.
pub fn write(results: &Path, report: &Report) -> Result<(), OutputError> {
    atomic::write(&results.join(FILE), render(report).as_bytes())
}
