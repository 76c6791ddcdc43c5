;; The inner loop of the in-memory exact search (scan-kernel.ts): scores one block of rows against a query's
;; non-zero dimensions with SIMD and hands back only the rows that beat a floor. A block holds `rows` vectors
;; column by column (dimension d of row i is the int8 at block + d * rows + i) and each row's f32 scale beside
;; them. Only the query's non-zero dimensions are read: a lexical query touches about 45 of 384 columns.
;;
;; The query's dimensions come two at a time, as 16-byte entries: the byte offsets of the two columns in the
;; block, then both int16 weights packed in one i32 (first in the low half; a lone last dimension is paired
;; with a weight of 0). Interleaving the two columns' bytes lets one i32x4.dot_i16x8_s multiply and add both
;; dimensions for four rows at once, exactly.
;;
;; Rows are scored 32 at a time with the sums kept in registers across every dimension (a strip), rather than
;; read and written back in memory once per dimension: at a million rows that halved the scan.
;;
;; Sizes: |value| <= 127 and the caller picks weights so that no sum leaves the i32 range (Cauchy-Schwarz on
;; the query's norm). `rows` is a multiple of 32; rows past the block's count are zero.
;;
;; Edit this file, then run `node scripts/build-scan-kernel.mjs` (a test checks the .wasm was rebuilt).
(module
  ;; The blocks' memory is made by the caller, shared: the scan thread (scan-worker.ts) instantiates this module on
  ;; a copy's memory too, and scores its blocks in place.
  (import "env" "memory" (memory 1 65536 shared))

  ;; For each row i < rows whose score f32(sum of weight * value[i]) * scale[i] * queryScale is above `floor`:
  ;; writes the score at outScores + 4k and i at outRows + 4k, k counting from 0. Returns how many it wrote.
  ;; `strip` is 128 bytes of scratch.
  (func (export "scoreBlock")
    (param $block i32) (param $rows i32) (param $pairs i32) (param $pairCount i32)
    (param $scales i32) (param $queryScale f32) (param $floor f32)
    (param $outScores i32) (param $outRows i32) (param $strip i32)
    (result i32)
    (local $s i32) (local $p i32) (local $at i32) (local $a i32) (local $b i32) (local $j i32) (local $count i32)
    (local $w v128) (local $va v128) (local $vb v128) (local $lo v128) (local $hi v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    (local $a4 v128) (local $a5 v128) (local $a6 v128) (local $a7 v128)
    (local $scaled v128)

    (local.set $s (i32.const 0))
    (block $stripsDone
      (loop $strips
        (br_if $stripsDone (i32.ge_u (local.get $s) (local.get $rows)))
        (local.set $a0 (v128.const i32x4 0 0 0 0))
        (local.set $a1 (v128.const i32x4 0 0 0 0))
        (local.set $a2 (v128.const i32x4 0 0 0 0))
        (local.set $a3 (v128.const i32x4 0 0 0 0))
        (local.set $a4 (v128.const i32x4 0 0 0 0))
        (local.set $a5 (v128.const i32x4 0 0 0 0))
        (local.set $a6 (v128.const i32x4 0 0 0 0))
        (local.set $a7 (v128.const i32x4 0 0 0 0))

        ;; Every pair of dimensions, for the strip's 32 rows.
        (local.set $p (i32.const 0))
        (block $pairsDone
          (loop $pairLoop
            (br_if $pairsDone (i32.ge_u (local.get $p) (local.get $pairCount)))
            (local.set $at (i32.add (local.get $pairs) (i32.shl (local.get $p) (i32.const 4))))
            (local.set $a (i32.add (i32.add (local.get $block) (i32.load (local.get $at))) (local.get $s)))
            (local.set $b (i32.add (i32.add (local.get $block) (i32.load offset=4 (local.get $at))) (local.get $s)))
            (local.set $w (i32x4.splat (i32.load offset=8 (local.get $at))))

            ;; Rows 0-15 of the strip.
            (local.set $va (v128.load (local.get $a)))
            (local.set $vb (v128.load (local.get $b)))
            (local.set $lo (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $va) (local.get $vb)))
            (local.set $hi (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $va) (local.get $vb)))
            (local.set $a0 (i32x4.add (local.get $a0)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $lo)) (local.get $w))))
            (local.set $a1 (i32x4.add (local.get $a1)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $lo)) (local.get $w))))
            (local.set $a2 (i32x4.add (local.get $a2)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $hi)) (local.get $w))))
            (local.set $a3 (i32x4.add (local.get $a3)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $hi)) (local.get $w))))

            ;; Rows 16-31.
            (local.set $va (v128.load offset=16 (local.get $a)))
            (local.set $vb (v128.load offset=16 (local.get $b)))
            (local.set $lo (i8x16.shuffle 0 16 1 17 2 18 3 19 4 20 5 21 6 22 7 23 (local.get $va) (local.get $vb)))
            (local.set $hi (i8x16.shuffle 8 24 9 25 10 26 11 27 12 28 13 29 14 30 15 31 (local.get $va) (local.get $vb)))
            (local.set $a4 (i32x4.add (local.get $a4)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $lo)) (local.get $w))))
            (local.set $a5 (i32x4.add (local.get $a5)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $lo)) (local.get $w))))
            (local.set $a6 (i32x4.add (local.get $a6)
              (i32x4.dot_i16x8_s (i16x8.extend_low_i8x16_s (local.get $hi)) (local.get $w))))
            (local.set $a7 (i32x4.add (local.get $a7)
              (i32x4.dot_i16x8_s (i16x8.extend_high_i8x16_s (local.get $hi)) (local.get $w))))

            (local.set $p (i32.add (local.get $p) (i32.const 1)))
            (br $pairLoop)))

        ;; The strip's sums, in row order, to scratch; then scaled and compared four rows at a time.
        (v128.store (local.get $strip) (local.get $a0))
        (v128.store offset=16 (local.get $strip) (local.get $a1))
        (v128.store offset=32 (local.get $strip) (local.get $a2))
        (v128.store offset=48 (local.get $strip) (local.get $a3))
        (v128.store offset=64 (local.get $strip) (local.get $a4))
        (v128.store offset=80 (local.get $strip) (local.get $a5))
        (v128.store offset=96 (local.get $strip) (local.get $a6))
        (v128.store offset=112 (local.get $strip) (local.get $a7))
        (local.set $j (i32.const 0))
        (block $quadsDone
          (loop $quads
            (br_if $quadsDone (i32.ge_u (local.get $j) (i32.const 32)))
            (local.set $scaled
              (f32x4.mul
                (f32x4.mul
                  (f32x4.convert_i32x4_s
                    (v128.load (i32.add (local.get $strip) (i32.shl (local.get $j) (i32.const 2)))))
                  (v128.load (i32.add (local.get $scales) (i32.shl (i32.add (local.get $s) (local.get $j)) (i32.const 2)))))
                (f32x4.splat (local.get $queryScale))))
            (if (v128.any_true (f32x4.gt (local.get $scaled) (f32x4.splat (local.get $floor))))
              (then
                (local.set $count
                  (call $emit (local.get $scaled) (i32.add (local.get $s) (local.get $j)) (local.get $floor)
                    (local.get $outScores) (local.get $outRows) (local.get $count)))))
            (local.set $j (i32.add (local.get $j) (i32.const 4)))
            (br $quads)))

        (local.set $s (i32.add (local.get $s) (i32.const 32)))
        (br $strips)))
    (local.get $count))

  ;; Appends the lanes of `scores` (rows row..row+3) that are above `floor`; returns the new count.
  (func $emit
    (param $scores v128) (param $row i32) (param $floor f32)
    (param $outScores i32) (param $outRows i32) (param $count i32)
    (result i32)
    (local.set $count (call $emitOne (f32x4.extract_lane 0 (local.get $scores)) (local.get $row)
      (local.get $floor) (local.get $outScores) (local.get $outRows) (local.get $count)))
    (local.set $count (call $emitOne (f32x4.extract_lane 1 (local.get $scores)) (i32.add (local.get $row) (i32.const 1))
      (local.get $floor) (local.get $outScores) (local.get $outRows) (local.get $count)))
    (local.set $count (call $emitOne (f32x4.extract_lane 2 (local.get $scores)) (i32.add (local.get $row) (i32.const 2))
      (local.get $floor) (local.get $outScores) (local.get $outRows) (local.get $count)))
    (call $emitOne (f32x4.extract_lane 3 (local.get $scores)) (i32.add (local.get $row) (i32.const 3))
      (local.get $floor) (local.get $outScores) (local.get $outRows) (local.get $count)))

  (func $emitOne
    (param $score f32) (param $row i32) (param $floor f32)
    (param $outScores i32) (param $outRows i32) (param $count i32)
    (result i32)
    (if (result i32) (f32.gt (local.get $score) (local.get $floor))
      (then
        (f32.store (i32.add (local.get $outScores) (i32.shl (local.get $count) (i32.const 2))) (local.get $score))
        (i32.store (i32.add (local.get $outRows) (i32.shl (local.get $count) (i32.const 2))) (local.get $row))
        (i32.add (local.get $count) (i32.const 1)))
      (else (local.get $count)))))
