;; first_legal.wat — a MathTricks bot written by hand in WebAssembly text.
;;
;; It moves to the first free neighbour of its pawn in row-major order (up-left,
;; up, up-right, left, right, down-left, down, down-right), which is the game's
;; sorted move order: it always plays the legal move with the smallest index.
;;
;; The raw ABI (docs/ABI.md), all of it visible here:
;;   export "memory"                     the bot's linear memory
;;   export "arena_alloc" (len) -> ptr   where the referee may write len bytes
;;   export "choose_move" (ptr, len) -> move
;; The state is little-endian i32 words: an 8-word header, then the game's words.
;;   header: 0 ABI version (1), 1 game id (MathTricks 1), 2 header length (8),
;;           3 seat, 4 ply, 5-6 seed, 7 number of game words
;;   MathTricks: 0 rows, 1 cols, 2 my row, 3 my col, 4-5 opponent's pawn,
;;           6-9 the two totals, then one word per cell, row-major; a cell
;;           word has bit 26 set if my pawn stood there, bit 27 if the
;;           opponent's did.
;; The move is the cell index row * cols + col; -1 says "cannot play" and the
;; referee records it as an illegal move.
;;
;; Build: bots/build.sh (or any wat2wasm); the referee also loads .wat directly.
(module
  ;; One page (64 KiB) to start; arena_alloc grows it if a state needs more.
  (memory (export "memory") 1)

  ;; The state buffer starts here; the bytes below are left unused.
  (global $buffer i32 (i32.const 1024))

  ;; Returns a pointer to at least $len writable bytes: always $buffer, after
  ;; growing the memory if $buffer + $len would run past its end.
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $pages i32)
    ;; pages needed = ($buffer + $len + 65535) / 65536
    (local.set $pages
      (i32.shr_u
        (i32.add (i32.add (global.get $buffer) (local.get $len)) (i32.const 65535))
        (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size))
      (then
        ;; memory.grow returns -1 when it cannot grow; then we have no buffer.
        (if (i32.eq (memory.grow (i32.sub (local.get $pages) (memory.size)))
                    (i32.const -1))
          (then (return (i32.const 0))))))
    (global.get $buffer))

  ;; The i32 word number $i of the array at $base.
  (func $word (param $base i32) (param $i i32) (result i32)
    (i32.load (i32.add (local.get $base) (i32.shl (local.get $i) (i32.const 2)))))

  ;; Returns the first legal move for the state at $ptr ($len bytes), or -1.
  (func (export "choose_move") (param $ptr i32) (param $len i32) (result i32)
    (local $body i32)   ;; address of the game's words
    (local $rows i32)
    (local $cols i32)
    (local $row i32)    ;; my pawn
    (local $col i32)
    (local $dr i32)     ;; the step being tried, -1..1 each
    (local $dc i32)
    (local $r i32)      ;; the cell it leads to
    (local $c i32)

    ;; The header: at least 8 words, ABI version 1, MathTricks (game id 1).
    (if (i32.lt_s (local.get $len) (i32.const 32)) (then (return (i32.const -1))))
    (if (i32.ne (call $word (local.get $ptr) (i32.const 0)) (i32.const 1))
      (then (return (i32.const -1))))
    (if (i32.ne (call $word (local.get $ptr) (i32.const 1)) (i32.const 1))
      (then (return (i32.const -1))))

    ;; The game's words start after the header (word 2 gives its length).
    (local.set $body
      (i32.add (local.get $ptr)
               (i32.shl (call $word (local.get $ptr) (i32.const 2)) (i32.const 2))))
    (local.set $rows (call $word (local.get $body) (i32.const 0)))
    (local.set $cols (call $word (local.get $body) (i32.const 1)))
    (local.set $row (call $word (local.get $body) (i32.const 2)))
    (local.set $col (call $word (local.get $body) (i32.const 3)))

    ;; Refuse a state shorter than its board says (10 fixed words + the cells),
    ;; so that we never read past what the referee wrote.
    (if (i32.gt_u
          (i32.add (i32.sub (local.get $body) (local.get $ptr))
                   (i32.shl (i32.add (i32.const 10)
                                     (i32.mul (local.get $rows) (local.get $cols)))
                            (i32.const 2)))
          (local.get $len))
      (then (return (i32.const -1))))

    ;; for dr in -1..=1 { for dc in -1..=1 { ... } }
    (local.set $dr (i32.const -1))
    (loop $rows_loop
      (local.set $dc (i32.const -1))
      (loop $cols_loop
        (local.set $r (i32.add (local.get $row) (local.get $dr)))
        (local.set $c (i32.add (local.get $col) (local.get $dc)))
        ;; A neighbour (not the pawn's own cell) that is on the board:
        ;; 0 <= r < rows and 0 <= c < cols, as unsigned compares.
        (if (i32.and
              (i32.ne (i32.or (local.get $dr) (local.get $dc)) (i32.const 0))
              (i32.and (i32.lt_u (local.get $r) (local.get $rows))
                       (i32.lt_u (local.get $c) (local.get $cols))))
          (then
            ;; ... and no pawn ever stood there (bits 26 and 27 clear): play it.
            (if (i32.eqz
                  (i32.and
                    (call $word (local.get $body)
                      (i32.add (i32.const 10)
                               (i32.add (i32.mul (local.get $r) (local.get $cols))
                                        (local.get $c))))
                    (i32.const 0x0C000000)))
              (then
                (return (i32.add (i32.mul (local.get $r) (local.get $cols))
                                 (local.get $c)))))))
        (local.set $dc (i32.add (local.get $dc) (i32.const 1)))
        (br_if $cols_loop (i32.le_s (local.get $dc) (i32.const 1))))
      (local.set $dr (i32.add (local.get $dr) (i32.const 1)))
      (br_if $rows_loop (i32.le_s (local.get $dr) (i32.const 1))))

    ;; Shut in: the game is over, there is nothing to play.
    (i32.const -1))
)
