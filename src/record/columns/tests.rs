use super::*;
use crate::bot::FaultKind;
use crate::record::{EndKind, SeatRecord};

fn seat(bot: &str, team: Option<u32>, score: i64, rank: u32) -> SeatRecord {
    SeatRecord {
        bot: bot.into(),
        team,
        score: score.into(),
        rank,
        fuel: 100 * score.unsigned_abs(),
        max_move_fuel: score.unsigned_abs(),
    }
}

fn game(id: u64, seats: Vec<SeatRecord>) -> GameRow {
    GameRow {
        game_id: id,
        series_id: 1,
        round: 1,
        game_index: id as u32 - 1,
        board_index: id as u32 - 1,
        board_seed: 42,
        rows: 3,
        cols: 3,
        seats,
        end: EndKind::Normal,
        culprit: None,
        reason: String::new(),
        moves: 9,
    }
}

/// The CSV text of `rows` under their layout.
fn csv_text(rows: &[GameRow]) -> String {
    let layout = Layout::of(rows);
    let mut out = csv::Writer::from_writer(Vec::new());
    out.write_record(layout.header()).unwrap();
    for r in rows {
        out.write_record(layout.fields(r).unwrap()).unwrap();
    }
    String::from_utf8(out.into_inner().unwrap()).unwrap()
}

/// `text` read back.
fn read(text: &str) -> Vec<GameRow> {
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let layout = Layout::from_header(&header).unwrap();
    reader
        .records()
        .map(|r| layout.parse(&header, &r.unwrap()).unwrap())
        .collect()
}

#[test]
fn a_two_seat_game_takes_the_one_layout() {
    let mut g = game(
        1,
        vec![seat("a", None, -5, 2), seat("b, \"q\"", None, 12, 1)],
    );
    g.seats[1].fuel = 123;
    let text = csv_text(std::slice::from_ref(&g));
    assert_eq!(
        text,
        "game_id,series_id,round,game_index,board_index,board_seed,rows,cols,seats,\
         seat1_bot,seat1_team,seat1_score,seat1_rank,seat1_fuel,seat1_max_move_fuel,\
         seat2_bot,seat2_team,seat2_score,seat2_rank,seat2_fuel,seat2_max_move_fuel,\
         end,culprit,reason,moves\n\
         1,1,1,0,0,42,3,3,2,a,,-5,2,500,5,\"b, \"\"q\"\"\",,12,1,123,12,normal,,,9\n"
    );
    assert_eq!(read(&text), vec![g]);
}

#[test]
fn three_and_one_seat_games_round_trip_in_the_seats_layout() {
    let mut three = game(
        1,
        vec![
            seat("p1", Some(1), 3, 1),
            seat("p2", Some(1), 0, 1),
            seat("ev", None, 0, 3),
        ],
    );
    three.end = EndKind::Fault(FaultKind::Fuel);
    three.culprit = Some(2);
    three.reason = "out of fuel".into();
    let one = game(2, vec![seat("solo", None, 17, 1)]);
    let rows = vec![three, one];
    assert_eq!(Layout::of(&rows), Layout(3));
    let text = csv_text(&rows);
    let mut lines = text.lines();
    let header = lines.next().unwrap();
    assert!(
        header.starts_with("game_id,series_id,round,game_index,board_index,board_seed,rows,cols,seats,seat1_bot,seat1_team,seat1_score,seat1_rank,seat1_fuel,seat1_max_move_fuel,seat2_bot"),
        "{header}"
    );
    assert!(
        header.ends_with("seat3_max_move_fuel,end,culprit,reason,moves"),
        "{header}"
    );
    assert_eq!(
        lines.next().unwrap(),
        "1,1,1,0,0,42,3,3,3,p1,1,3,1,300,3,p2,1,0,1,0,0,ev,,0,3,0,0,fuel,3,out of fuel,9"
    );
    assert_eq!(
        lines.next().unwrap(),
        "2,1,1,1,1,42,3,3,1,solo,,17,1,1700,17,,,,,,,,,,,,,normal,,,9"
    );
    assert_eq!(read(&text), rows);
}

#[test]
fn a_two_seat_game_with_teams_round_trips() {
    let g = game(1, vec![seat("a", Some(1), 1, 1), seat("b", Some(2), 0, 2)]);
    assert_eq!(Layout::of(std::slice::from_ref(&g)), Layout(2));
    assert_eq!(read(&csv_text(std::slice::from_ref(&g))), vec![g.clone()]);
    let three = game(2, vec![seat("a", None, 0, 1); 3]);
    assert_eq!(
        Layout(2).fields(&three),
        Err(ColumnsError::Misfit {
            game_id: 2,
            seats: 3
        })
    );
}

#[test]
fn json_lines_list_the_seats_for_every_seat_count() {
    let two = game(1, vec![seat("a", None, 1, 1), seat("b", None, 1, 1)]);
    let v = serde_json::to_value(&two).unwrap();
    assert_eq!(v["seats"][0]["bot"], "a");
    assert_eq!(v["seats"][1]["rank"], 1);
    assert!(v.get("first").is_none() && v.get("result").is_none());
    let mut three = game(
        2,
        vec![
            seat("a", None, 2, 1),
            seat("b", None, 1, 2),
            seat("c", None, 0, 3),
        ],
    );
    three.culprit = Some(1);
    let v = serde_json::to_value(&three).unwrap();
    assert_eq!(v["seats"][2]["bot"], "c");
    assert_eq!(v["seats"][0]["rank"], 1);
    assert_eq!(v["seats"][0]["team"], serde_json::Value::Null);
    assert_eq!(v["culprit"], 2);
}

#[test]
fn a_header_of_format_1_or_of_no_games_file_is_refused() {
    let former = StringRecord::from(vec!["game_id", "first", "second", "result", "winner"]);
    let err = Layout::from_header(&former).unwrap_err();
    assert_eq!(err, ColumnsError::FormerLayout);
    assert!(err.to_string().contains("results format 1"), "{err}");
    assert_eq!(
        Layout::from_header(&StringRecord::from(vec!["x"])),
        Err(ColumnsError::UnknownHeader)
    );
}

#[test]
fn ranks_that_no_game_ends_with_are_refused() {
    let g = game(1, vec![seat("a", None, 0, 1), seat("b", None, 0, 2)]);
    let text = csv_text(std::slice::from_ref(&g));
    for (ranks, ok) in [
        ("1,2", true),
        ("2,1", true),
        ("1,1", true),
        ("2,2", false),
        ("1,3", false),
    ] {
        let (r1, r2) = ranks.split_once(',').unwrap();
        let edited = text.replacen(",0,1,", &format!(",0,{r1},"), 1).replacen(
            ",0,2,",
            &format!(",0,{r2},"),
            1,
        );
        let mut reader = csv::Reader::from_reader(edited.as_bytes());
        let header = reader.headers().unwrap().clone();
        let record = reader.records().next().unwrap().unwrap();
        let parsed = Layout(2).parse(&header, &record);
        assert_eq!(parsed.is_ok(), ok, "{ranks}: {parsed:?}");
        if !ok {
            assert_eq!(
                parsed.unwrap_err().to_string(),
                format!("the ranks {r1}, {r2} are not competition ranks")
            );
        }
    }
    // Teammates share their rank.
    let team = game(
        2,
        vec![
            seat("a", Some(1), 0, 1),
            seat("b", Some(1), 0, 3),
            seat("c", None, 0, 2),
        ],
    );
    assert!(Layout(3).fields(&team).is_ok());
    let text = csv_text(std::slice::from_ref(&team));
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let header = reader.headers().unwrap().clone();
    let record = reader.records().next().unwrap().unwrap();
    assert!(Layout(3).parse(&header, &record).is_err());
}
