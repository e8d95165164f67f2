//! Every game drawn through arena-view is its own `render` converted whole, frame by
//! frame, whether drawn at once or held and drawn one position at a time, and a replay
//! the rules refuse is named, not drawn.

use arena_games::game::{Seat, Viewer};
use arena_games::registry::table_games;
use arena_games::GameParams;
use arena_view::ansi::to_html_lines;
use arena_view::{draw, walk, DrawError, Drawing, Positions};

/// Frame `k` of `d` shows `drawn[k]`, line for line.
fn assert_frames_are(d: &Drawing, drawn: &[Vec<String>], game: &str) {
    assert_eq!(d.frames.len(), drawn.len(), "{game}");
    for (k, lines) in drawn.iter().enumerate() {
        let shown: Vec<&str> = d.frames[k]
            .iter()
            .map(|&i| d.lines[i as usize].as_str())
            .collect();
        assert_eq!(shown, *lines, "{game} frame {k}");
    }
}

#[test]
fn every_frame_of_every_game_is_its_position_converted_whole_for_a_spectator() {
    let mut hidden_shown = 0;
    for kind in table_games() {
        let info = kind.info();
        for players in kind.seats().min..=kind.seats().max {
            let mut params = GameParams::sized(info.default_rows, info.default_cols);
            if kind.seats().min != kind.seats().max {
                params.options.insert("players".into(), players.to_string());
            }
            for seed in 1..=3u64 {
                let mut g = kind.new_game(&params, seed).unwrap();
                let setup = g.setup();
                let spectator = to_html_lines(&g.render(Viewer::All, true));
                let seat = Viewer::Seat(Seat::new(0).unwrap());
                if spectator != to_html_lines(&g.render(seat, true)) {
                    hidden_shown += 1;
                }
                let mut drawn = vec![spectator];
                let (mut moves, mut seats, mut texts) = (Vec::new(), Vec::new(), Vec::new());
                while !g.is_terminal() && moves.len() < 40 {
                    let legal = g.legal_moves();
                    let m = legal[(seed as usize * 7 + moves.len()) % legal.len()];
                    seats.push(g.to_move().number());
                    texts.push(g.describe_move(m).unwrap_or_else(|| m.to_string()));
                    g.play(m).unwrap();
                    moves.push(m);
                    drawn.push(to_html_lines(&g.render(Viewer::All, true)));
                }
                let d = draw(&**kind, &setup, &moves).unwrap();
                // Numbered in order of first appearance, as converting whole frames would.
                let mut expected: Vec<String> = Vec::new();
                for lines in &drawn {
                    for l in lines {
                        if !expected.contains(l) {
                            expected.push(l.clone());
                        }
                    }
                }
                assert_eq!(d.lines, expected, "{}", info.name);
                assert_frames_are(&d, &drawn, info.name);
                let drawn_seats: Vec<u8> = d.moves.iter().map(|m| m.seat).collect();
                let drawn_texts: Vec<&str> = d.moves.iter().map(|m| m.text.as_str()).collect();
                assert_eq!(drawn_seats, seats, "{}", info.name);
                assert_eq!(drawn_texts, texts, "{}", info.name);
                assert_eq!(walk(&**kind, &setup, &moves).unwrap(), seats);
                // Held and drawn one position at a time, from kept positions every
                // `stride` moves: the same positions and moves.
                for stride in [1, 3, 256] {
                    let (held, listed) = Positions::new(&**kind, &setup, &moves, stride).unwrap();
                    assert_eq!(listed, d.moves, "{} stride {stride}", info.name);
                    assert_eq!(held.len(), drawn.len());
                    for (k, lines) in drawn.iter().enumerate() {
                        assert_eq!(
                            held.html(k).as_ref(),
                            Some(lines),
                            "{} position {k}",
                            info.name
                        );
                    }
                    assert_eq!(held.html(drawn.len()), None);
                }
                if moves.len() > 4 {
                    let total: usize = d.frames.iter().map(Vec::len).sum();
                    assert!(d.lines.len() < total, "{}: lines are shared", info.name);
                }
            }
        }
    }
    assert!(
        hidden_shown >= 1,
        "a game with hidden information is drawn whole"
    );
}

#[test]
fn a_setup_or_move_the_rules_refuse_is_named() {
    let kind = arena_games::registry::find_table_game("mathtricks").unwrap();
    let g = kind.new_game(&GameParams::sized(6, 6), 9).unwrap();
    let setup = g.setup();
    let legal = g.legal_moves();
    let e = draw(kind, &setup, &[legal[0], -77]).unwrap_err();
    assert!(matches!(e, DrawError::Move { index: 2, .. }), "{e}");
    assert!(e.to_string().starts_with("move 2: "), "{e}");
    assert_eq!(walk(kind, &setup, &[legal[0], -77]).unwrap_err(), e);
    assert_eq!(
        Positions::new(kind, &setup, &[legal[0], -77], 1).err(),
        Some(e)
    );
    let e = draw(kind, "no such setup", &[]).unwrap_err();
    assert!(matches!(e, DrawError::Setup(_)), "{e}");
    assert!(e.to_string().starts_with("setup: "), "{e}");
}

#[test]
fn the_drawings_json_is_what_serde_reads_back() {
    let kind = arena_games::registry::find_table_game("tictactoe").unwrap();
    let g = kind.new_game(&GameParams::sized(3, 3), 1).unwrap();
    let setup = g.setup();
    let d = draw(kind, &setup, &[4, 0, 8]).unwrap();
    let json = String::from_utf8(arena_view::json::drawing(&d)).unwrap();
    assert!(!json.contains('<'), "safe inside a <script> element");
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let lines: Vec<String> = serde_json::from_value(v["lines"].clone()).unwrap();
    let frames: Vec<Vec<u32>> = serde_json::from_value(v["frames"].clone()).unwrap();
    let moves: Vec<(u8, String)> = serde_json::from_value(v["moves"].clone()).unwrap();
    assert_eq!(lines, d.lines);
    assert_eq!(frames, d.frames);
    let expected: Vec<(u8, String)> = d.moves.iter().map(|m| (m.seat, m.text.clone())).collect();
    assert_eq!(moves, expected);
    let e = draw(kind, &setup, &[4, 4]).unwrap_err();
    let v: serde_json::Value = serde_json::from_slice(&arena_view::json::error(&e)).unwrap();
    assert_eq!(v["error"], e.to_string());
}
