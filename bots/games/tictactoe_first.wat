;; tictactoe_first.wat — a tic-tac-toe bot (2 or 3 players, any m x n and k) written by
;; hand in WebAssembly text: it takes the centre when it is free, else the first empty
;; cell in row-major order.
;;
;; The raw ABI for a game of one to four seats (docs/ABI.md), all of it visible here:
;;   export "memory", "arena_alloc" (len) -> ptr, "choose_move" (ptr, len) -> move
;;   export "arena_plays" (game_id, seats) -> 1 if the bot plays it: here tic-tac-toe
;;           (game id 11) with 2 or 3 seats; without this export arena refuses the
;;           module for every game that is not a two-seat game.
;; The state is little-endian i32 words: the 11-word table header, then the game's.
;;   header: 0 ABI version (1), 1 game id (11), 2 header length (11), 3 my seat,
;;           4 ply, 5-6 my seed, 7 number of game words, 8 seats, 9 role (-1),
;;           10 team (-1)
;;   tic-tac-toe: 0 rows, 1 cols, 2 k, 3 players, then one word per cell,
;;           row-major: 0 empty, 1 mine, 2 and 3 the other seats' marks.
;; The move is the cell index row * cols + col.
;;
;; The referee loads .wat files directly: arena check bots/games/tictactoe_first.wat --game tictactoe
(module
  (memory (export "memory") 1)

  ;; The state buffer starts here.
  (global $buffer i32 (i32.const 1024))

  ;; Returns $buffer, growing the memory first if $len bytes would not fit.
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $need i32)
    (local.set $need
      (i32.shr_u
        (i32.add (i32.add (global.get $buffer) (local.get $len)) (i32.const 65535))
        (i32.const 16)))
    (if (i32.gt_u (local.get $need) (memory.size))
      (then
        (if (i32.lt_s (memory.grow (i32.sub (local.get $need) (memory.size))) (i32.const 0))
          (then (unreachable)))))
    (global.get $buffer))

  ;; Tic-tac-toe with 2 or 3 seats, nothing else.
  (func (export "arena_plays") (param $game i32) (param $seats i32) (result i32)
    (i32.and
      (i32.eq (local.get $game) (i32.const 11))
      (i32.or (i32.eq (local.get $seats) (i32.const 2))
              (i32.eq (local.get $seats) (i32.const 3)))))

  (func (export "choose_move") (param $ptr i32) (param $len i32) (result i32)
    (local $body i32)   ;; address of the game's first word
    (local $rows i32)
    (local $cols i32)
    (local $cells i32)  ;; address of the first cell word
    (local $centre i32)
    (local $i i32)
    ;; The body starts after the header, whose length is word 2.
    (local.set $body
      (i32.add (local.get $ptr)
               (i32.shl (i32.load offset=8 (local.get $ptr)) (i32.const 2))))
    (local.set $rows (i32.load (local.get $body)))
    (local.set $cols (i32.load offset=4 (local.get $body)))
    (local.set $cells (i32.add (local.get $body) (i32.const 16)))
    ;; The centre: (rows / 2) * cols + cols / 2.
    (local.set $centre
      (i32.add (i32.mul (i32.div_u (local.get $rows) (i32.const 2)) (local.get $cols))
               (i32.div_u (local.get $cols) (i32.const 2))))
    (if (i32.eqz (i32.load (i32.add (local.get $cells)
                                    (i32.shl (local.get $centre) (i32.const 2)))))
      (then (return (local.get $centre))))
    ;; Else the first empty cell.
    (block $done
      (loop $scan
        (br_if $done (i32.ge_u (local.get $i) (i32.mul (local.get $rows) (local.get $cols))))
        (if (i32.eqz (i32.load (i32.add (local.get $cells)
                                        (i32.shl (local.get $i) (i32.const 2)))))
          (then (return (local.get $i))))
        (local.set $i (i32.add (local.get $i) (i32.const 1)))
        (br $scan)))
    ;; No empty cell: the game would be over; -1 is recorded as an illegal move.
    (i32.const -1)))
