;; The inner loop of the in-memory exact search (exact-scan.ts): scores one block of rows against a query's
;; non-zero dimensions with SIMD. A block holds `rows` vectors column by column (dimension d of row i is the
;; int8 at block + d * rows + i) and each row's f32 scale beside them. A pair list names the query's dimensions as
;; (byte offset of the column in the block, int16 weight). Only the query's non-zero dimensions are read: a
;; lexical query touches about 45 of 384 columns.
;;
;; Sizes: |value| <= 127 and |weight| <= 32767, so a product fits 22 bits and a sum over 4,096 dimensions fits
;; an i32. `rows` is a multiple of 16; rows past the block's count are zero.
;;
;; Edit this file, then run `node scripts/build-scan-kernel.mjs` (a test checks the .wasm was rebuilt).
(module
  (memory (export "memory") 1)

  ;; out[i] = f32(sum over pairs of weight * value[i]) * scale[i] * queryScale, for i < rows.
  (func (export "scoreBlock")
    (param $block i32) (param $rows i32) (param $pairs i32) (param $pairCount i32)
    (param $scales i32) (param $acc i32) (param $queryScale f32) (param $out i32)
    (local $i i32) (local $p i32) (local $column i32) (local $at i32)
    (local $weight v128) (local $values v128) (local $low v128) (local $high v128)

    ;; Zero the accumulators.
    (local.set $i (i32.const 0))
    (block $zeroed
      (loop $zero
        (br_if $zeroed (i32.ge_u (local.get $i) (local.get $rows)))
        (v128.store (i32.add (local.get $acc) (i32.shl (local.get $i) (i32.const 2))) (v128.const i32x4 0 0 0 0))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $zero)))

    ;; One pass over each named column, 16 rows at a time.
    (local.set $p (i32.const 0))
    (block $columnsDone
      (loop $columns
        (br_if $columnsDone (i32.ge_u (local.get $p) (local.get $pairCount)))
        (local.set $at (i32.add (local.get $pairs) (i32.shl (local.get $p) (i32.const 3))))
        (local.set $column (i32.add (local.get $block) (i32.load (local.get $at))))
        (local.set $weight (i16x8.splat (i32.load offset=4 (local.get $at))))
        (local.set $i (i32.const 0))
        (block $rowsDone
          (loop $rowLoop
            (br_if $rowsDone (i32.ge_u (local.get $i) (local.get $rows)))
            (local.set $values (v128.load (i32.add (local.get $column) (local.get $i))))
            (local.set $low (i16x8.extend_low_i8x16_s (local.get $values)))
            (local.set $high (i16x8.extend_high_i8x16_s (local.get $values)))
            (local.set $at (i32.add (local.get $acc) (i32.shl (local.get $i) (i32.const 2))))
            (v128.store (local.get $at)
              (i32x4.add (v128.load (local.get $at)) (i32x4.extmul_low_i16x8_s (local.get $low) (local.get $weight))))
            (v128.store offset=16 (local.get $at)
              (i32x4.add (v128.load offset=16 (local.get $at)) (i32x4.extmul_high_i16x8_s (local.get $low) (local.get $weight))))
            (v128.store offset=32 (local.get $at)
              (i32x4.add (v128.load offset=32 (local.get $at)) (i32x4.extmul_low_i16x8_s (local.get $high) (local.get $weight))))
            (v128.store offset=48 (local.get $at)
              (i32x4.add (v128.load offset=48 (local.get $at)) (i32x4.extmul_high_i16x8_s (local.get $high) (local.get $weight))))
            (local.set $i (i32.add (local.get $i) (i32.const 16)))
            (br $rowLoop)))
        (local.set $p (i32.add (local.get $p) (i32.const 1)))
        (br $columns)))

    ;; Scale: the row's own scale (f32 at scales + 4i) and the query's.
    (local.set $weight (f32x4.splat (local.get $queryScale)))
    (local.set $i (i32.const 0))
    (block $scaled
      (loop $scale
        (br_if $scaled (i32.ge_u (local.get $i) (local.get $rows)))
        (local.set $at (i32.shl (local.get $i) (i32.const 2)))
        (v128.store (i32.add (local.get $out) (local.get $at))
          (f32x4.mul
            (f32x4.mul
              (f32x4.convert_i32x4_s (v128.load (i32.add (local.get $acc) (local.get $at))))
              (v128.load (i32.add (local.get $scales) (local.get $at))))
            (local.get $weight)))
        (local.set $i (i32.add (local.get $i) (i32.const 4)))
        (br $scale)))))
