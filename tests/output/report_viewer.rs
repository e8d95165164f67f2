//! The report's replay viewer as the browser gets it: `src/output/report/viewer.wasm`
//! (committed, rebuilt and compared byte for byte by `bots/build.sh --check` in CI), run
//! here under wasmtime through the same three exports the page calls, answers every
//! request exactly as its source (`arena_viewer::answer`) does natively: games of every
//! seat count drawn whole, and held and drawn a position at a time, and every kind of
//! refusal. The page's embedded text (`VIEWER`) decodes to those bytes.

use arena_games::registry::table_games;
use arena_games::GameParams;
use base64::Engine as _;
use wasmtime::{Engine, Instance, Memory, Module, Store, TypedFunc};

const WASM: &[u8] = include_bytes!("../../src/output/report/viewer.wasm");

/// The viewer instantiated as the page instantiates it: with no imports.
struct Viewer {
    store: Store<()>,
    memory: Memory,
    input: TypedFunc<u32, u32>,
    draw: TypedFunc<(), u32>,
    output: TypedFunc<(), u32>,
}

impl Viewer {
    fn new() -> Viewer {
        let engine = Engine::default();
        let module = Module::new(&engine, WASM).unwrap();
        assert_eq!(
            module.imports().len(),
            0,
            "the page gives the viewer no imports"
        );
        let mut store = Store::new(&engine, ());
        let instance = Instance::new(&mut store, &module, &[]).unwrap();
        Viewer {
            memory: instance.get_memory(&mut store, "memory").unwrap(),
            input: instance
                .get_typed_func(&mut store, "arena_view_input")
                .unwrap(),
            draw: instance
                .get_typed_func(&mut store, "arena_view_draw")
                .unwrap(),
            output: instance
                .get_typed_func(&mut store, "arena_view_output")
                .unwrap(),
            store,
        }
    }

    /// What the page does with one request.
    fn answer(&mut self, request: &[u8]) -> Vec<u8> {
        let at = self
            .input
            .call(&mut self.store, request.len() as u32)
            .unwrap();
        self.memory
            .write(&mut self.store, at as usize, request)
            .unwrap();
        let len = self.draw.call(&mut self.store, ()).unwrap();
        let from = self.output.call(&mut self.store, ()).unwrap();
        let mut out = vec![0; len as usize];
        self.memory
            .read(&self.store, from as usize, &mut out)
            .unwrap();
        out
    }
}

/// A request for a replay: `what` (`all` or `hold`), then its game, setup and moves.
fn request(what: &str, game: &str, setup: &str, moves: &[i32]) -> Vec<u8> {
    let moves: Vec<String> = moves.iter().map(i32::to_string).collect();
    format!("{what}\n{game}\n{setup}\n{}", moves.join(",")).into_bytes()
}

#[test]
fn the_committed_viewer_draws_every_game_as_its_source_does() {
    let mut viewer = Viewer::new();
    let mut requests = 0;
    for kind in table_games() {
        let info = kind.info();
        for players in kind.seats().min..=kind.seats().max {
            let mut params = GameParams::sized(info.default_rows, info.default_cols);
            if kind.seats().min != kind.seats().max {
                params.options.insert("players".into(), players.to_string());
            }
            for seed in 1..=4u64 {
                let mut g = kind.new_game(&params, seed).unwrap();
                let setup = g.setup();
                let mut moves = Vec::new();
                while !g.is_terminal() && moves.len() < 60 {
                    let legal = g.legal_moves();
                    let m = legal[(seed as usize * 13 + moves.len() * 5) % legal.len()];
                    g.play(m).unwrap();
                    moves.push(m);
                }
                let asked = request("all", info.name, &setup, &moves);
                let answer = viewer.answer(&asked);
                assert_eq!(
                    String::from_utf8(answer).unwrap(),
                    String::from_utf8(arena_viewer::answer(&asked)).unwrap(),
                    "{} seed {seed}",
                    info.name
                );
                assert!(
                    !viewer.answer(&asked).starts_with(b"{\"error\""),
                    "{}",
                    info.name
                );
                // Held, then drawn a position at a time (the first, a few, past the end).
                let hold = request("hold", info.name, &setup, &moves);
                assert_eq!(viewer.answer(&hold), arena_viewer::answer(&hold));
                for k in [0, moves.len() / 2, moves.len(), moves.len() + 1] {
                    let frame = format!("frame\n{k}").into_bytes();
                    assert_eq!(
                        viewer.answer(&frame),
                        arena_viewer::answer(&frame),
                        "{} position {k}",
                        info.name
                    );
                }
                requests += 1;
            }
        }
    }
    assert!(requests >= 40);
}

#[test]
fn the_committed_viewer_refuses_what_its_source_refuses() {
    let mut viewer = Viewer::new();
    let nim = arena_games::registry::find_table_game("nim").unwrap();
    let info = nim.info();
    let params = GameParams::sized(info.default_rows, info.default_cols);
    let setup = nim.new_game(&params, 3).unwrap().setup();
    let asked: Vec<Vec<u8>> = vec![
        b"frame\n0".to_vec(),
        request("all", "nim", &setup, &[-5]),
        request("hold", "nim", &setup, &[-5]),
        b"frame\n0".to_vec(),
        request("all", "nim", "not a setup", &[]),
        request("all", "no-such-game", &setup, &[]),
        format!("all\nnim\n{setup}\n1,x").into_bytes(),
        b"all\nnim only".to_vec(),
        b"draw\nnim\n\n".to_vec(),
        b"frame\nx".to_vec(),
        vec![0xff, b'\n', b'\n'],
        Vec::new(),
    ];
    for a in &asked {
        let ours = viewer.answer(a);
        assert_eq!(
            ours,
            arena_viewer::answer(a),
            "{}",
            String::from_utf8_lossy(a)
        );
        assert!(
            ours.starts_with(b"{\"error\":\""),
            "{}",
            String::from_utf8_lossy(&ours)
        );
    }
    // After refusals the same instance still draws (its buffers are reused).
    let fine = request("all", "nim", &setup, &[]);
    assert_eq!(viewer.answer(&fine), arena_viewer::answer(&fine));
    let hold = request("hold", "nim", &setup, &[]);
    assert_eq!(viewer.answer(&hold), arena_viewer::answer(&hold));
    assert_eq!(
        viewer.answer(b"frame\n0"),
        arena_viewer::answer(b"frame\n0")
    );
    assert!(viewer.answer(b"frame\n0").starts_with(b"{\"frame\":["));
}

#[test]
fn the_pages_embedded_viewer_is_the_committed_module() {
    let decoded = base64::engine::general_purpose::STANDARD
        .decode(arena::output::report::VIEWER)
        .unwrap();
    assert!(decoded == WASM, "VIEWER is not viewer.wasm in base64");
}
