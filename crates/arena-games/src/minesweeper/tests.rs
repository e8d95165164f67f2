//! Every rule of `docs/games/minesweeper.md`, and property tests over sizes and seeds.

use proptest::prelude::*;

use super::*;
use crate::game::Score;

fn settings(rows: u32, cols: u32, mines: Option<u32>, players: u8, reveal: Reveal) -> Settings {
    Settings::new(rows, cols, mines, players, reveal).unwrap()
}

/// A layout from a picture: `*` a mine, `S` the start, anything else safe.
fn layout(rows: &[&str]) -> (Grid, Layout) {
    let grid = Grid {
        rows: rows.len() as u32,
        cols: rows[0].len() as u32,
    };
    let cells: Vec<char> = rows.iter().flat_map(|r| r.chars()).collect();
    let start = cells.iter().position(|&c| c == 'S').unwrap() as u32;
    let mine = cells.iter().map(|&c| c == '*').collect();
    (grid, Layout { mine, start })
}

fn game(rows: &[&str], players: u8, reveal: Reveal) -> Minesweeper {
    let (grid, layout) = layout(rows);
    let mines = layout.mine.iter().filter(|&&m| m).count() as u32;
    let s = Settings {
        grid,
        mines,
        players,
        reveal,
    };
    Minesweeper::with_layout(s, layout)
}

const BOARD: [&str; 4] = ["S...", "....", "..*.", "*..*"];

#[test]
fn settings_default_to_fifteen_percent_and_check_every_range() {
    let s = settings(9, 9, None, 1, Reveal::Coords);
    assert_eq!(s.mines, 12); // (15 × 81 + 50) div 100
    assert_eq!(settings(4, 4, None, 1, Reveal::Coords).mines, 2); // 2.4 rounds to 2
    assert_eq!(settings(10, 10, None, 1, Reveal::Coords).mines, 15);
    assert_eq!(settings(32, 32, Some(1015), 1, Reveal::Coords).mines, 1015);
    let err = |r, c, m, p, rev| Settings::new(r, c, m, p, rev).unwrap_err().to_string();
    assert!(err(3, 9, None, 1, Reveal::Coords).contains("rows"));
    assert!(err(9, 33, None, 1, Reveal::Coords).contains("cols"));
    assert!(err(4, 4, Some(8), 1, Reveal::Coords).contains("1..=7 mines, not 8"));
    assert!(err(4, 4, Some(0), 1, Reveal::Coords).contains("mines"));
    assert!(err(9, 9, None, 3, Reveal::Coords).contains("1 or 2 players"));
    assert!(err(9, 9, None, 2, Reveal::Count).contains("reveal=coords"));
}

#[test]
fn the_start_cell_opens_for_everyone_before_the_first_move() {
    let g = game(&BOARD, 1, Reveal::Coords);
    assert_eq!(g.view(0), CellView::Opened(0));
    assert_eq!(g.legal_moves().len(), 15);
    assert!(!g.legal_moves().contains(&0));
    assert_eq!(g.to_move(), 0);
}

// BOARD, cells by index:
//   row 0:  S0  1  2  3
//   row 1:   4  5  6  7
//   row 2:   8  9 *10 11
//   row 3: *12 13 14 *15
// Mines 10, 12, 15; the start 0 and its neighbours 1, 4, 5 are safe.

#[test]
fn coords_opening_reveals_the_neighbouring_mines_to_every_seat() {
    let mut g = game(&BOARD, 2, Reveal::Coords);
    g.open(9); // neighbours 10 and 12 are mines
    assert_eq!(g.view(9), CellView::Opened(2));
    assert_eq!(g.view(10), CellView::KnownMine);
    assert_eq!(g.view(12), CellView::KnownMine);
    assert_eq!(g.view(15), CellView::Unknown, "15 is not a neighbour of 9");
    assert_eq!(g.found(), [2, 0]);
    assert_eq!(g.to_move(), 1);
    // Nothing opens by itself under coords.
    assert_eq!(g.view(5), CellView::Unknown);
    // Seat 1 opens 13: its mines 10 and 12 are known already, so it finds nothing.
    g.open(13);
    assert_eq!(g.found(), [2, 0]);
    // Seat 0 opens 11: 10 is known, 15 is new.
    g.open(11);
    assert_eq!(g.found(), [3, 0]);
    assert_eq!(g.view(15), CellView::KnownMine);
    assert_eq!(g.to_move(), 1);
}

#[test]
fn two_players_a_mine_loses_at_once_and_the_counts_stay_scores() {
    let mut g = game(&BOARD, 2, Reveal::Coords);
    g.open(9); // seat 0 finds 2
    g.open(10); // seat 1 opens a known mine: it loses
    assert!(g.is_terminal());
    assert_eq!(g.exploded(), Some((1, 10)));
    assert_eq!(g.ranks(), Some(vec![1, 2]));
    assert_eq!(g.scores(), vec![Score::int(2), Score::int(0)]);
    assert!(g.legal_moves().is_empty());
    assert_eq!(g.why_illegal(3).as_deref(), Some("the game is over"));
}

#[test]
fn two_players_more_mines_found_wins_and_equal_is_a_draw() {
    // Open every safe cell in ascending order, alternating seats.
    let play = |order: &[u32]| {
        let mut g = game(&BOARD, 2, Reveal::Coords);
        for &c in order {
            assert!(!g.is_terminal());
            g.open(c);
        }
        assert!(g.is_terminal(), "every safe cell is open");
        g
    };
    // Seat 0 opens 9 (finds 10, 12), seat 1 opens 14 (finds 15), then the rest.
    let g = play(&[9, 14, 1, 2, 3, 4, 5, 6, 7, 8, 11, 13]);
    assert_eq!(g.found(), [2, 1]);
    assert_eq!(g.ranks(), Some(vec![1, 2]));
    assert_eq!(g.scores(), vec![Score::int(2), Score::int(1)]);
    // Seat 0 opens 1 (nothing), seat 1 opens 9 (finds 10 and 12), seat 0 opens 14 (15).
    let g = play(&[1, 9, 14, 2, 3, 4, 5, 6, 7, 8, 11, 13]);
    assert_eq!(g.found(), [1, 2]);
    assert_eq!(g.ranks(), Some(vec![2, 1]));
    // 8 finds 12 for seat 1; 11 finds 10 and 15 for seat 0... and so on to a tie.
    let g = play(&[1, 8, 6, 2, 3, 4, 5, 7, 9, 11, 13, 14]);
    // 1: none. 8 (seat 1): 12. 6 (seat 0): 10. 2, 3, 4, 5, 7: none. 9: 10, 12 known.
    // 11 (seat 1): 15. 13, 14: known.
    assert_eq!(g.found(), [1, 2]);
    let g = play(&[1, 8, 6, 2, 3, 4, 5, 7, 9, 13, 11, 14]);
    // As above but 11 is opened by seat 0: 1 + 1 against 1.
    assert_eq!(g.found(), [2, 1]);
    let g = play(&[8, 6, 14, 1, 2, 3, 4, 5, 7, 9, 11, 13]);
    // 8 (seat 0): 12. 6 (seat 1): 10. 14 (seat 0): 15. So 2 against 1.
    assert_eq!(g.found(), [2, 1]);
    let g = play(&[8, 6, 1, 14, 2, 3, 4, 5, 7, 9, 11, 13]);
    // 8 (0): 12. 6 (1): 10. 1 (0): none. 14 (1): 15. So 1 against 2.
    assert_eq!(g.found(), [1, 2]);
    // A draw needs equal counts: a board with two mines split between the seats.
    let mut g = game(&["S...", "....", "....", "*..*"], 2, Reveal::Coords);
    g.open(8); // seat 0: neighbour 12
    g.open(11); // seat 1: neighbour 15
    for c in [1, 2, 3, 4, 5, 6, 7, 9, 10, 13, 14] {
        g.open(c);
    }
    assert!(g.is_terminal());
    assert_eq!(g.found(), [1, 1]);
    assert_eq!(g.ranks(), Some(vec![1, 1]));
}

#[test]
fn one_player_a_mine_loses_and_the_score_is_the_share_opened() {
    let mut g = game(&BOARD, 1, Reveal::Coords);
    // 13 safe cells, 1 open after setup: 12 to open.
    g.open(1);
    g.open(2);
    g.open(3);
    assert_eq!(g.to_move(), 0, "one seat moves every turn");
    g.open(12);
    assert!(g.is_terminal() && !g.won());
    assert_eq!(g.ranks(), Some(vec![1]));
    assert_eq!(g.scores(), vec![Score::ratio(3, 12).unwrap()]);
    assert_eq!(
        g.view(12),
        CellView::KnownMine,
        "the mine that ended the game is shown"
    );
}

#[test]
fn one_player_opening_the_last_safe_cell_wins_with_score_one() {
    let mut g = game(&BOARD, 1, Reveal::Coords);
    for c in [1, 2, 3, 4, 5, 6, 7, 8, 9, 11, 13] {
        g.open(c);
        assert!(!g.is_terminal());
    }
    g.open(14);
    assert!(g.is_terminal() && g.won());
    assert_eq!(g.scores(), vec![Score::ONE]);
}

#[test]
fn count_shows_numbers_and_zero_floods_repeatedly() {
    // Counts: 0-4 show 0 but 5, 6, 7, 8 show 1 and 9 shows 2. The start 0 shows 0 and
    // floods 1, 4, 5; 1 floods 2, 6; 4 floods 8, 9; 2 floods 3, 7; 3 floods nothing new.
    let mut g = game(&BOARD, 1, Reveal::Count);
    assert_eq!(
        g.cell_words(),
        vec![
            0, 0, 0, 0, //
            0, 1, 1, 1, //
            1, 2, -1, -1, //
            -1, -1, -1, -1
        ]
    );
    // 13 safe cells, 10 open after setup: 3 left (11, 13, 14), each showing 2.
    g.open(11);
    assert_eq!(g.view(11), CellView::Opened(2));
    assert_eq!(g.view(14), CellView::Unknown, "a 2 does not flood");
    assert_eq!(g.scores(), vec![Score::ratio(1, 3).unwrap()]);
    g.open(13);
    g.open(14);
    assert!(g.won());
    // A zero opened by a move floods, and the flood counts for the move: a wall of mines
    // in column 2 keeps the start's flood (columns 0 and 1) from the right side.
    let mut g = game(&["S.*...", "..*...", "..*...", "..*..."], 1, Reveal::Count);
    assert_eq!(g.safe_closed(), 12, "20 safe cells, columns 0 and 1 open");
    g.open(5); // (1, 6) shows 0: columns 3 to 5 open
    assert!(g.won());
    assert_eq!(g.scores(), vec![Score::ONE]);
    assert_eq!(g.view(3), CellView::Opened(2));
    assert_eq!(g.view(4), CellView::Opened(0));
}

#[test]
fn count_layouts_that_open_everything_are_drawn_again_from_the_same_stream() {
    // One mine on 4x4: the start's flood often opens every safe cell.
    let s = settings(4, 4, Some(1), 1, Reveal::Count);
    let seed = (0..1000)
        .find(|&seed| {
            let first = Layout::draw(s.grid, 1, &mut GameRng::new(seed));
            Minesweeper::with_layout(s, first).is_terminal()
        })
        .expect("some seed's first layout opens everything");
    let mut rng = GameRng::new(seed);
    let _ = Layout::draw(s.grid, 1, &mut rng);
    let mut second = None;
    while second.is_none() {
        let l = Layout::draw(s.grid, 1, &mut rng);
        if !Minesweeper::with_layout(s, l.clone()).is_terminal() {
            second = Some(l);
        }
    }
    let g = Minesweeper::draw(s, &mut GameRng::new(seed)).unwrap();
    assert_eq!(g.layout(), &second.unwrap());
    assert!(!g.is_terminal());
    // With no draw left, the mine count is refused, naming it.
    let err = Minesweeper::draw_at_most(s, &mut GameRng::new(seed), 1)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("mines") && err.contains("use more mines"),
        "{err}"
    );
    // Under coords nothing floods: the first layout is the game.
    let s = settings(4, 4, Some(1), 1, Reveal::Coords);
    let first = Layout::draw(s.grid, 1, &mut GameRng::new(seed));
    assert_eq!(
        Minesweeper::draw(s, &mut GameRng::new(seed))
            .unwrap()
            .layout(),
        &first
    );
}

#[test]
fn observation_words_never_show_the_layout() {
    // Two layouts, same public history: the same words.
    let a = game(&BOARD, 1, Reveal::Coords);
    let b = game(&["S...", "....", "*...", "...*"], 1, Reveal::Coords);
    assert_eq!(a.cell_words(), b.cell_words());
    assert!(a.cell_words().iter().all(|&w| w == -1 || w == 0));
}

#[test]
fn illegal_moves_say_why() {
    let g = game(&BOARD, 1, Reveal::Coords);
    assert_eq!(
        g.why_illegal(0).as_deref(),
        Some("cell (1, 1) is already open")
    );
    assert!(g.why_illegal(16).unwrap().contains("off the 4x4 board"));
    assert_eq!(g.why_illegal(12), None, "a mine is a legal (losing) move");
}

#[test]
fn starts_cover_every_cell_corners_included() {
    let s = settings(4, 5, Some(3), 1, Reveal::Coords);
    let mut seen = [false; 20];
    for seed in 0..2000 {
        let g = Minesweeper::draw(s, &mut GameRng::new(seed)).unwrap();
        seen[g.layout().start as usize] = true;
    }
    assert!(seen.iter().all(|&s| s), "{seen:?}");
}

fn playout(s: Settings, seed: u64) -> Minesweeper {
    let mut rng = GameRng::new(seed);
    let mut g = Minesweeper::draw(s, &mut rng).unwrap();
    let mut moves = 0;
    while !g.is_terminal() {
        let legal = g.legal_moves();
        g.open(legal[rng.below(legal.len() as u64) as usize]);
        moves += 1;
        assert!(moves <= s.grid.cells(), "a game ends within its cells");
    }
    g
}

fn any_settings() -> impl Strategy<Value = Settings> {
    (4u32..=12, 4u32..=12, 1u8..=2, any::<bool>(), 0u32..100).prop_map(|(r, c, p, count, m)| {
        let reveal = if count && p == 1 {
            Reveal::Count
        } else {
            Reveal::Coords
        };
        let most = r * c - 9;
        // Enough mines that count layouts exist: at least 15% rounded half up.
        let least = Settings::default_mines(Grid { rows: r, cols: c });
        let mines = least + m % (most - least + 1);
        Settings::new(r, c, Some(mines), p, reveal).unwrap()
    })
}

proptest! {
    #[test]
    fn layouts_have_the_mines_asked_for_away_from_the_start(s in any_settings(), seed in any::<u64>()) {
        let g = Minesweeper::draw(s, &mut GameRng::new(seed)).unwrap();
        let l = g.layout();
        prop_assert_eq!(l.mine.iter().filter(|&&m| m).count() as u32, s.mines);
        prop_assert!(!l.mine[l.start as usize]);
        for n in s.grid.neighbours(l.start) {
            prop_assert!(!l.mine[n as usize]);
        }
        prop_assert!(!g.is_terminal());
        // The same seed draws the same layout.
        prop_assert_eq!(&Minesweeper::draw(s, &mut GameRng::new(seed)).unwrap(), &g);
    }

    #[test]
    fn playouts_keep_the_books_and_end(s in any_settings(), seed in any::<u64>()) {
        let g = playout(s, seed);
        let l = g.layout();
        let cells = s.grid.cells();
        let closed_safe = (0..cells).filter(|&c| !l.mine[c as usize] && g.view(c) == CellView::Unknown).count() as u32;
        prop_assert_eq!(g.safe_closed(), closed_safe);
        // Known mines are mines; under coords each was found by one seat, but the last.
        let known: Vec<u32> = (0..cells).filter(|&c| g.view(c) == CellView::KnownMine).collect();
        prop_assert!(known.iter().all(|&c| l.mine[c as usize]));
        let exploded_new = g.exploded().is_some_and(|(_, c)| {
            // The exploded mine counts as found by nobody.
            g.found().iter().sum::<u32>() < known.len() as u32 && l.mine[c as usize]
        });
        let found: u32 = g.found().iter().sum();
        prop_assert!(found == known.len() as u32 || exploded_new);
        let ranks = g.ranks().unwrap();
        prop_assert_eq!(ranks.len(), s.players as usize);
        prop_assert!(ranks.contains(&1));
        let scores = g.scores();
        if s.players == 1 {
            prop_assert!(scores[0] >= Score::ZERO && scores[0] <= Score::ONE);
            prop_assert_eq!(scores[0] == Score::ONE, g.won());
        } else if g.exploded().is_none() {
            // No mine opened: the seat with more found ranks first.
            let [a, b] = g.found();
            prop_assert_eq!(ranks[0] == 1, a >= b);
            prop_assert_eq!(ranks[1] == 1, b >= a);
        } else {
            let (loser, _) = g.exploded().unwrap();
            prop_assert_eq!(ranks[loser as usize], 2);
        }
    }
}

mod players {
    use super::*;
    use crate::minesweeper::strategies::{greedy, solver, View};

    /// Every cell that no layout consistent with the view puts a mine on, by brute force
    /// over all placements of the unknown mines on the unknown cells.
    fn provably_safe(view: &View) -> Vec<u32> {
        let unknown: Vec<u32> = (0..view.grid.cells())
            .filter(|&c| view.cells[c as usize] == CellView::Unknown)
            .collect();
        let known = view
            .cells
            .iter()
            .filter(|&&v| v == CellView::KnownMine)
            .count() as u32;
        let left = view.mines - known;
        let mut ever_mine = vec![false; view.grid.cells() as usize];
        let mut any = false;
        let n = unknown.len();
        assert!(n <= 20, "brute force over {n} cells");
        for mask in 0u32..(1 << n) {
            if mask.count_ones() != left {
                continue;
            }
            let mine = |c: u32| match view.cells[c as usize] {
                CellView::KnownMine => true,
                CellView::Unknown => {
                    mask & (1 << unknown.iter().position(|&u| u == c).unwrap()) != 0
                }
                CellView::Opened(_) => false,
            };
            let fits = (0..view.grid.cells()).all(|c| match view.cells[c as usize] {
                CellView::Opened(k) => {
                    view.grid.neighbours(c).filter(|&x| mine(x)).count() as u8 == k
                }
                _ => true,
            });
            if fits {
                any = true;
                for &u in &unknown {
                    ever_mine[u as usize] |= mine(u);
                }
            }
        }
        assert!(any, "the true layout is consistent");
        unknown
            .into_iter()
            .filter(|&u| !ever_mine[u as usize])
            .collect()
    }

    fn view(rows: u32, cols: u32, cells: &[i32], mines: u32) -> View {
        let cells = cells
            .iter()
            .map(|&w| match w {
                -1 => CellView::Unknown,
                -2 => CellView::KnownMine,
                k => CellView::Opened(k as u8),
            })
            .collect();
        View {
            grid: Grid { rows, cols },
            cells,
            mines,
        }
    }

    #[test]
    fn the_solver_deduces_what_no_single_count_decides() {
        // 1-2-1 under three unknown cells: each count alone leaves its cells open (1 of 2,
        // 2 of 3, 1 of 2), together they put the mines on 0 and 2, and 1 is safe.
        let v = view(2, 3, &[-1, -1, -1, 1, 2, 1], 2);
        assert_eq!(provably_safe(&v), vec![1]);
        assert_eq!(solver(&v), Some(1));
        // Propagation: a count whose mines are all known frees its other neighbours.
        let v = view(2, 3, &[-2, -1, -1, 1, 1, 0], 1);
        assert_eq!(solver(&v), Some(1));
        // The mine total decides too: one mine left, and the lone 1 claims it, so the
        // cells no count touches are safe.
        let v = view(2, 4, &[-1, -1, -1, -1, 1, 1, -1, -1], 1);
        assert_eq!(provably_safe(&v), vec![2, 3, 6, 7]);
        assert_eq!(solver(&v), Some(2));
    }

    #[test]
    fn greedy_opens_the_cell_its_neighbours_make_safest() {
        // Risks: cell 0 max(1/2, 1/3); 1 max(1/2, 1/3, 0); 2 max(1/3, 0); 3 is only next
        // to the 0: risk 0.
        let v = view(2, 4, &[-1, -1, -1, -1, 1, 1, 0, 0], 1);
        assert_eq!(greedy(&v), Some(3));
        // No count touches any cell: the board's density for all, the first cell wins.
        let v = view(2, 2, &[-1, -1, -1, -1], 1);
        assert_eq!(greedy(&v), Some(0));
        assert_eq!(greedy(&view(1, 2, &[0, -2], 1)), None);
    }

    fn play(strategy: fn(&View) -> Option<u32>, seed: u64) -> (bool, bool) {
        let s = Settings::new(9, 9, Some(10), 1, Reveal::Count).unwrap();
        let mut rng = GameRng::new(seed);
        let mut g = Minesweeper::draw(s, &mut rng).unwrap();
        let mut guessed_when_safe = false;
        while !g.is_terminal() {
            let view = g.public_view();
            let c = strategy(&view).unwrap();
            g.open(c);
            guessed_when_safe |= g.exploded().is_some();
        }
        (g.won(), guessed_when_safe)
    }

    #[test]
    fn solver_wins_more_than_greedy_which_wins_more_than_random() {
        let random = |v: &View| -> Option<u32> {
            // Uniform over unknown cells, seeded by the view (deterministic per position).
            let unknown: Vec<u32> = (0..v.grid.cells())
                .filter(|&c| v.cells[c as usize] == CellView::Unknown)
                .collect();
            let h = v.cells.iter().fold(7u64, |h, c| {
                h.wrapping_mul(31).wrapping_add(match c {
                    CellView::Unknown => 1,
                    CellView::KnownMine => 2,
                    CellView::Opened(k) => 3 + u64::from(*k),
                })
            });
            unknown.get((h % unknown.len() as u64) as usize).copied()
        };
        let wins = |f: fn(&View) -> Option<u32>| (0..150).filter(|&s| play(f, s).0).count();
        let (s, g, r) = (wins(solver), wins(greedy), wins(random));
        assert!(
            s > g && g > r,
            "solver {s}, greedy {g}, random {r} wins of 150"
        );
    }

    proptest! {
        #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

        #[test]
        fn the_solver_never_guesses_while_a_cell_is_provably_safe(seed in any::<u64>(), count: bool, mines in 3u32..=6) {
            let reveal = if count { Reveal::Count } else { Reveal::Coords };
            let s = Settings::new(4, 5, Some(mines), 1, reveal).unwrap();
            let mut rng = GameRng::new(seed);
            let Ok(mut g) = Minesweeper::draw(s, &mut rng) else { return Ok(()) };
            while !g.is_terminal() {
                let view = g.public_view();
                let safe = provably_safe(&view);
                let pick = solver(&view).unwrap();
                if !safe.is_empty() {
                    prop_assert!(safe.contains(&pick), "opened {} with {:?} provably safe", pick, safe);
                }
                g.open(pick);
            }
        }
    }
}


/// Parameters of `rows` × `cols` with `options`.
fn with_options(options: &[(&str, &str)], rows: u32, cols: u32) -> crate::game::GameParams {
    let mut params = crate::game::GameParams::sized(rows, cols);
    for (k, v) in options {
        params.options.insert(k.to_string(), v.to_string());
    }
    params
}

#[test]
fn a_minesweeper_observation_never_depends_on_mines_the_seat_cannot_know() {
    use crate::game::{Seat, TableGame, Viewer};
    use crate::rng::GameRng;
    use crate::minesweeper::Layout;
    for seed in 0..200 {
        let params = with_options(&[("players", "2")], 8, 8);
        let game = Minesweeper::new_random(&params, &mut GameRng::new(seed)).unwrap();
        let settings = game.settings();
        // Another layout with the same start: the first words are the same.
        let mut other = GameRng::new(seed + 1_000_000);
        let layout = loop {
            let l = Layout::draw(settings.grid, settings.mines, &mut other);
            if l.start == game.layout().start && l.mine != game.layout().mine {
                break l;
            }
        };
        let twin = Minesweeper::with_layout(settings, layout);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        game.observe(&mut a);
        twin.observe(&mut b);
        assert_eq!(a, b, "seed {seed}");
        assert_eq!(
            game.render(Viewer::Seat(Seat::FIRST), false),
            twin.render(Viewer::Seat(Seat::FIRST), false)
        );
        assert_ne!(
            game.render(Viewer::All, false),
            twin.render(Viewer::All, false)
        );
    }
}
