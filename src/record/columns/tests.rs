use super::*;
use crate::bot::FaultKind;

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
fn a_two_seat_game_keeps_the_two_seat_columns() {
    let mut g = game(
        1,
        vec![seat("a", None, -5, 2), seat("b, \"q\"", None, 12, 1)],
    );
    g.seats[1].fuel = 123;
    let text = csv_text(std::slice::from_ref(&g));
    assert_eq!(
        text,
        "game_id,series_id,round,game_index,board_index,board_seed,rows,cols,first,second,\
         first_score,second_score,result,winner,end,culprit,reason,moves,first_fuel,\
         second_fuel,first_max_move_fuel,second_max_move_fuel\n\
         1,1,1,0,0,42,3,3,a,\"b, \"\"q\"\"\",-5,12,0-1,\"b, \"\"q\"\"\",normal,,,9,500,123,5,12\n"
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
    assert_eq!(Layout::of(&rows), Layout::Seats(3));
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
fn a_two_seat_game_with_teams_takes_the_seats_layout() {
    let g = game(1, vec![seat("a", Some(1), 1, 1), seat("b", Some(2), 0, 2)]);
    assert_eq!(Layout::of(std::slice::from_ref(&g)), Layout::Seats(2));
    assert_eq!(read(&csv_text(std::slice::from_ref(&g))), vec![g.clone()]);
    assert!(matches!(
        Layout::TwoSeat.fields(&g),
        Err(ColumnsError::Misfit { seats: 2, .. })
    ));
    let three = game(2, vec![seat("a", None, 0, 1); 3]);
    assert!(Layout::Seats(2).fields(&three).is_err());
}

#[test]
fn json_lines_name_two_seat_columns_or_list_the_seats() {
    let two = game(1, vec![seat("a", None, 1, 1), seat("b", None, 1, 1)]);
    let v = serde_json::to_value(&two).unwrap();
    assert_eq!(v["first"], "a");
    assert_eq!(v["result"], "1/2-1/2");
    assert_eq!(v["winner"], "");
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
fn text_that_states_a_fact_twice_must_agree() {
    let header = StringRecord::from(TWO_SEAT_HEADER.to_vec());
    let row = |result: &str, winner: &str, culprit: &str| {
        StringRecord::from(vec![
            "1", "1", "1", "0", "0", "42", "3", "3", "a", "b", "0", "0", result, winner, "normal",
            culprit, "", "9", "0", "0", "0", "0",
        ])
    };
    let err = Layout::TwoSeat
        .parse(&header, &row("1-0", "b", ""))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the winner `b` does not follow from the result `1-0`"
    );
    let err = Layout::TwoSeat
        .parse(&header, &row("1-0", "a", "zed"))
        .unwrap_err();
    assert_eq!(err, ColumnsError::Culprit(1, "zed".into()));
    assert_eq!(err.game_id(), Some(1));
    let err = Layout::TwoSeat
        .parse(&header, &row("2-0", "a", ""))
        .unwrap_err();
    assert!(err.to_string().contains("`2-0`"), "{err}");
    let g = Layout::TwoSeat
        .parse(&header, &row("1-0", "a", "b"))
        .unwrap();
    assert_eq!(
        (g.result(), g.winner(), g.culprit),
        (ResultCode::FirstWins, Some(0), Some(1))
    );
    assert_eq!(
        Layout::from_header(&StringRecord::from(vec!["x"])),
        Err(ColumnsError::UnknownHeader)
    );
}
