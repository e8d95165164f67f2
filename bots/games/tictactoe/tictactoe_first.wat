;; tictactoe_first.wat — a tic-tac-toe bot written by hand in WebAssembly text, for
;; any board (rows x cols, k in a row) and 2 or 3 players.
;;
;; It reads the board from its state words (it does not import arena.legal_moves):
;;   1. a cell that completes k of its own marks in a line: it wins there;
;;   2. else a cell that would complete k marks of another seat: it blocks there;
;;   3. else the first empty cell in row-major order.
;;
;; The raw ABI (docs/ABI.md, "Games for one to four seats"):
;;   export "memory", "arena_alloc" (len) -> ptr, "choose_move" (ptr, len) -> move
;;   export "arena_plays" (game_id, seats) -> nonzero when it plays that game with
;;          that many seats: here tictactoe (game id 11) with 2 or 3 seats, nothing
;;          else (a module without it plays only the two-seat games)
;; The state is little-endian i32 words: the 11-word table header, then the game's.
;;   header: 0 ABI version (1), 1 game id (11), 2 header length (11), 3 my seat,
;;           4 ply, 5-6 seed, 7 number of game words, 8 seats, 9 role (-1),
;;           10 team (-1)
;;   tictactoe: 0 rows, 1 cols, 2 k, 3 players, then one word per cell, row-major:
;;           0 empty, 1 my mark, 2 the next seat's mark, 3 the one after that
;; The move is the cell index row * cols + col; -1 says "cannot play" and the
;; referee records it as an illegal move.
;;
;; The referee also loads .wat directly; any wat2wasm assembles it.
(module
  (memory (export "memory") 1)

  ;; The state buffer starts here; the bytes below are left unused.
  (global $buffer i32 (i32.const 1024))

  ;; The board being read: the address of the first cell word, its size and k.
  (global $cells (mut i32) (i32.const 0))
  (global $rows (mut i32) (i32.const 0))
  (global $cols (mut i32) (i32.const 0))
  (global $k (mut i32) (i32.const 0))

  ;; Tic-tac-toe (game id 11) with 2 or 3 seats; no other game.
  (func (export "arena_plays") (param $game i32) (param $seats i32) (result i32)
    (i32.and
      (i32.eq (local.get $game) (i32.const 11))
      (i32.or (i32.eq (local.get $seats) (i32.const 2))
              (i32.eq (local.get $seats) (i32.const 3)))))

  ;; Returns a pointer to at least $len writable bytes: always $buffer, after
  ;; growing the memory if $buffer + $len would run past its end.
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $pages i32)
    (local.set $pages
      (i32.shr_u
        (i32.add (i32.add (global.get $buffer) (local.get $len)) (i32.const 65535))
        (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size))
      (then
        (if (i32.eq (memory.grow (i32.sub (local.get $pages) (memory.size)))
                    (i32.const -1))
          (then (return (i32.const 0))))))
    (global.get $buffer))

  ;; The i32 word number $i of the array at $base.
  (func $word (param $base i32) (param $i i32) (result i32)
    (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))

  ;; The cell word at row $r, column $c, or -1 off the board.
  (func $at (param $r i32) (param $c i32) (result i32)
    (if (result i32)
      (i32.and (i32.lt_u (local.get $r) (global.get $rows))
               (i32.lt_u (local.get $c) (global.get $cols)))
      (then
        (call $word (global.get $cells)
          (i32.add (i32.mul (local.get $r) (global.get $cols)) (local.get $c))))
      (else (i32.const -1))))

  ;; How many $mark cells in a row, from ($r, $c) stepping by ($dr, $dc), the start
  ;; cell excluded.
  (func $run (param $r i32) (param $c i32) (param $dr i32) (param $dc i32)
             (param $mark i32) (result i32)
    (local $n i32)
    (block $done
      (loop $step
        (local.set $r (i32.add (local.get $r) (local.get $dr)))
        (local.set $c (i32.add (local.get $c) (local.get $dc)))
        (br_if $done (i32.ne (call $at (local.get $r) (local.get $c)) (local.get $mark)))
        (local.set $n (i32.add (local.get $n) (i32.const 1)))
        (br $step)))
    (local.get $n))

  ;; Whether a $mark on the empty cell ($r, $c) makes k or more in a line: in each of
  ;; the four directions, the cell itself plus the runs on both sides.
  (func $completes (param $r i32) (param $c i32) (param $mark i32) (result i32)
    (local $d i32)   ;; direction 0..3: (0,1) (1,0) (1,1) (1,-1)
    (local $dr i32)
    (local $dc i32)
    (loop $dirs
      (local.set $dr (i32.ne (local.get $d) (i32.const 0)))
      (local.set $dc
        (select (i32.const -1)
                (i32.ne (local.get $d) (i32.const 1))
                (i32.eq (local.get $d) (i32.const 3))))
      (if (i32.ge_s
            (i32.add (i32.const 1)
              (i32.add
                (call $run (local.get $r) (local.get $c)
                           (local.get $dr) (local.get $dc) (local.get $mark))
                (call $run (local.get $r) (local.get $c)
                           (i32.sub (i32.const 0) (local.get $dr))
                           (i32.sub (i32.const 0) (local.get $dc))
                           (local.get $mark))))
            (global.get $k))
        (then (return (i32.const 1))))
      (local.set $d (i32.add (local.get $d) (i32.const 1)))
      (br_if $dirs (i32.lt_u (local.get $d) (i32.const 4))))
    (i32.const 0))

  ;; The first empty cell where a $mark completes a line, or -1.
  (func $first_completing (param $mark i32) (result i32)
    (local $r i32)
    (local $c i32)
    (local.set $r (i32.const 0))
    (loop $rows_loop
      (local.set $c (i32.const 0))
      (loop $cols_loop
        (if (i32.and
              (i32.eqz (call $at (local.get $r) (local.get $c)))
              (call $completes (local.get $r) (local.get $c) (local.get $mark)))
          (then
            (return (i32.add (i32.mul (local.get $r) (global.get $cols))
                             (local.get $c)))))
        (local.set $c (i32.add (local.get $c) (i32.const 1)))
        (br_if $cols_loop (i32.lt_u (local.get $c) (global.get $cols))))
      (local.set $r (i32.add (local.get $r) (i32.const 1)))
      (br_if $rows_loop (i32.lt_u (local.get $r) (global.get $rows))))
    (i32.const -1))

  (func (export "choose_move") (param $ptr i32) (param $len i32) (result i32)
    (local $header i32) ;; header length in words
    (local $body i32)   ;; address of the game's words
    (local $players i32)
    (local $cell i32)
    (local $mark i32)
    (local $n i32)

    ;; The table header: at least 11 words, ABI version 1, tictactoe (game id 11).
    (if (i32.lt_u (local.get $len) (i32.const 44)) (then (return (i32.const -1))))
    (if (i32.ne (call $word (local.get $ptr) (i32.const 0)) (i32.const 1))
      (then (return (i32.const -1))))
    (if (i32.ne (call $word (local.get $ptr) (i32.const 1)) (i32.const 11))
      (then (return (i32.const -1))))
    (local.set $header (call $word (local.get $ptr) (i32.const 2)))
    (if (i32.or (i32.lt_u (local.get $header) (i32.const 11))
                (i32.gt_u (local.get $header) (i32.const 1024)))
      (then (return (i32.const -1))))

    ;; The game's words start after the header (word 2 gives its length).
    (local.set $body (i32.add (local.get $ptr) (i32.shl (local.get $header) (i32.const 2))))
    (global.set $rows (call $word (local.get $body) (i32.const 0)))
    (global.set $cols (call $word (local.get $body) (i32.const 1)))
    (global.set $k (call $word (local.get $body) (i32.const 2)))
    (local.set $players (call $word (local.get $body) (i32.const 3)))
    (global.set $cells (i32.add (local.get $body) (i32.const 16)))
    (local.set $n (i32.mul (global.get $rows) (global.get $cols)))

    ;; Refuse a board outside the game's sizes (3..=15, 2 or 3 players) or a state shorter than its
    ;; board says, so that we never read past what the referee wrote.
    (if (i32.or (i32.lt_u (local.get $players) (i32.const 2))
                (i32.gt_u (local.get $players) (i32.const 3)))
      (then (return (i32.const -1))))
    (if (i32.or (i32.or (i32.lt_u (global.get $rows) (i32.const 3))
                        (i32.gt_u (global.get $rows) (i32.const 15)))
                (i32.or (i32.lt_u (global.get $cols) (i32.const 3))
                        (i32.gt_u (global.get $cols) (i32.const 15))))
      (then (return (i32.const -1))))
    (if (i32.gt_u
          (i32.add (i32.sub (global.get $cells) (local.get $ptr))
                   (i32.shl (local.get $n) (i32.const 2)))
          (local.get $len))
      (then (return (i32.const -1))))

    ;; 1. Win: my mark is 1.
    (local.set $cell (call $first_completing (i32.const 1)))
    (if (i32.ge_s (local.get $cell) (i32.const 0)) (then (return (local.get $cell))))

    ;; 2. Block: the next seat's mark (2) first, then the one after it (3).
    (local.set $mark (i32.const 2))
    (loop $others
      (local.set $cell (call $first_completing (local.get $mark)))
      (if (i32.ge_s (local.get $cell) (i32.const 0)) (then (return (local.get $cell))))
      (local.set $mark (i32.add (local.get $mark) (i32.const 1)))
      (br_if $others (i32.le_s (local.get $mark) (local.get $players))))

    ;; 3. The first empty cell.
    (local.set $cell (i32.const 0))
    (block $full
      (loop $scan
        (br_if $full (i32.ge_u (local.get $cell) (local.get $n)))
        (if (i32.eqz (call $word (global.get $cells) (local.get $cell)))
          (then (return (local.get $cell))))
        (local.set $cell (i32.add (local.get $cell) (i32.const 1)))
        (br $scan)))

    ;; A full board: the game is over, there is nothing to play.
    (i32.const -1))
)
