;; {{name}} — a {{game}} bot written by hand in WebAssembly text: it plays the first
;; legal move (the smallest encoding).
;;
;; The state words ({{header}}, then {{game}}'s own words) and the move encoding
;; are in arena's docs/games/{{doc}}.md. `arena.legal_moves` asks the referee for the
;; legal moves, so this bot never plays an illegal one; read the position at
;; `$state` (header word 2 is where the game's words start) to play better.
;;
;; The raw ABI (docs/ABI.md): export "memory", "arena_alloc" (len) -> ptr and
;; "choose_move" (ptr, len) -> move. arena loads .wat as it is:
;;   arena check {{name}}.wat --game {{game}}
(module
  ;; Writes up to $cap legal moves (ascending i32s) at $ptr, returns how many there are.
  (import "arena" "legal_moves" (func $legal_moves (param $ptr i32) (param $cap i32) (result i32)))
  ;; Logs $len bytes at $ptr to the game's replay.
  (import "arena" "debug_log" (func $log (param $ptr i32) (param $len i32)))

  (memory (export "memory") 1)
  (data (i32.const 16) "panicked: no legal move")

  ;; 1024..2048: room for 256 legal moves (only the first is used); the state from 4096.
  (global $moves i32 (i32.const 1024))
  (global $state i32 (i32.const 4096))
{{plays}}
  ;; Returns $state, after growing the memory if the state would run past its end.
  (func (export "arena_alloc") (param $len i32) (result i32)
    (local $pages i32)
    (local.set $pages
      (i32.shr_u
        (i32.add (i32.add (global.get $state) (local.get $len)) (i32.const 65535))
        (i32.const 16)))
    (if (i32.gt_u (local.get $pages) (memory.size))
      (then
        (if (i32.eq (memory.grow (i32.sub (local.get $pages) (memory.size)))
                    (i32.const -1))
          (then (return (i32.const 0))))))
    (global.get $state))

  ;; The first legal move; traps (after logging why) when there is none.
  (func (export "choose_move") (param $ptr i32) (param $len i32) (result i32)
    (if (i32.le_s (call $legal_moves (global.get $moves) (i32.const 256)) (i32.const 0))
      (then
        (call $log (i32.const 16) (i32.const 23))
        (unreachable)))
    (i32.load (global.get $moves))))
