// Integer arithmetic at every width: signless bit patterns that wrap; signed and unsigned
// division and remainder; shifts. spec: mlir-langref-mid.md "'addi'", "'divis'", "'diviu'",
// "'remis'", "'remiu'"; mlir-rationale.md "Integer signedness semantics"; ../shared/spec/README.md
// (division by zero and MIN / -1 are runtime errors).

func @ops32(%a: i32, %b: i32) -> (i32, i32, i32, i32, i32, i32) {
  %0 = addi %a, %b : i32
  %1 = subi %a, %b : i32
  %2 = muli %a, %b : i32
  %3 = and %a, %b : i32
  %4 = or %a, %b : i32
  %5 = xor %a, %b : i32
  return %0, %1, %2, %3, %4, %5 : i32, i32, i32, i32, i32, i32
}
// run: @ops32(7, -3) == 4, 10, -21, 5, -1, -6
// run: @ops32(2147483647, 1) == -2147483648, 2147483646, 2147483647, 1, 2147483647, 2147483646
// run: @ops32(65536, 65536) == 131072, 0, 0, 65536, 65536, 0

// -----

func @div32(%a: i32, %b: i32) -> (i32, i32, i32, i32) {
  %0 = divis %a, %b : i32
  %1 = diviu %a, %b : i32
  %2 = remis %a, %b : i32
  %3 = remiu %a, %b : i32
  return %0, %1, %2, %3 : i32, i32, i32, i32
}
// Truncating signed division; unsigned treats -2 as 4294967294.
// run: @div32(7, 2) == 3, 3, 1, 1
// run: @div32(-7, 2) == -3, 2147483644, -1, 1
// run: @div32(7, -2) == -3, 0, 1, 7
// run: @div32(-7, -2) == 3, 0, -1, -7
// run: @div32(-2147483648, 2) == -1073741824, 1073741824, 0, 0
// run: @div32(5, 0) traps "division by zero"
// run: @div32(-2147483648, -1) traps "signed overflow in division"

// -----

// remis of MIN by -1 is 0 (only division overflows).
func @rem_min(%a: i64, %b: i64) -> i64 {
  %0 = remis %a, %b : i64
  return %0 : i64
}
// run: @rem_min(-9223372036854775808, -1) == 0
// run: @rem_min(-9223372036854775807, 10) == -7
// run: @rem_min(1, 0) traps "division by zero"

// -----

func @divu64(%a: i64, %b: i64) -> (i64, i64) {
  %0 = diviu %a, %b : i64
  %1 = remiu %a, %b : i64
  return %0, %1 : i64, i64
}
// run: @divu64(-1, 2) == 9223372036854775807, 1
// run: @divu64(-1, -1) == 1, 0
// run: @divu64(0, 0) traps "division by zero"

// -----

func @shifts(%a: i32, %b: i32) -> (i32, i32, i32) {
  %0 = shlis %a, %b : i32
  %1 = shris %a, %b : i32
  %2 = shriu %a, %b : i32
  return %0, %1, %2 : i32, i32, i32
}
// run: @shifts(-8, 1) == -16, -4, 2147483644
// run: @shifts(1, 31) == -2147483648, 0, 0
// Shifting by the width or more: 0, or the sign fill for shris.
// run: @shifts(-8, 32) == 0, -1, 0
// run: @shifts(8, 40) == 0, 0, 0
// run: @shifts(8, -1) == 0, 0, 0

// -----

func @i8(%a: i8, %b: i8) -> (i8, i8, i8, i8, i8, i8) {
  %0 = addi %a, %b : i8
  %1 = muli %a, %b : i8
  %2 = divis %a, %b : i8
  %3 = diviu %a, %b : i8
  %4 = remis %a, %b : i8
  %5 = shriu %a, %b : i8
  return %0, %1, %2, %3, %4, %5 : i8, i8, i8, i8, i8, i8
}
// run: @i8(127, 1) == -128, 127, 127, 127, 0, 63
// run: @i8(-128, 3) == -125, -128, -42, 42, -2, 16
// run: @i8(-128, -1) traps "signed overflow"
// run: @i8(100, 3) == 103, 44, 33, 33, 1, 12

// -----

func @i16(%a: i16, %b: i16) -> (i16, i16, i16) {
  %0 = addi %a, %b : i16
  %1 = muli %a, %b : i16
  %2 = diviu %a, %b : i16
  return %0, %1, %2 : i16, i16, i16
}
// spec: mlir-langref-mid.md "'diviu'": for i16, 6 / -2 = 6 / 65534 = 0.
// run: @i16(6, -2) == 4, -12, 0
// run: @i16(32767, 2) == -32767, -2, 16383

// -----

// Widths that are not a machine width wrap at their own width.
func @i3(%a: i3, %b: i3) -> (i3, i3, i3, i3, i3, i3) {
  %0 = addi %a, %b : i3
  %1 = muli %a, %b : i3
  %2 = divis %a, %b : i3
  %3 = diviu %a, %b : i3
  %4 = shriu %a, %b : i3
  %5 = shris %a, %b : i3
  return %0, %1, %2, %3, %4, %5 : i3, i3, i3, i3, i3, i3
}
// i3 holds -4..3; unsigned 0..7.
// run: @i3(3, 1) == -4, 3, 3, 3, 1, 1
// run: @i3(-4, 1) == -3, -4, -4, 4, 2, -2
// run: @i3(-1, 2) == 1, -2, 0, 3, 1, -1
// run: @i3(-4, -1) traps "signed overflow"
// run: @i3(3, 0) traps "division by zero"

// -----

func @i17(%a: i17, %b: i17) -> (i17, i17, i17) {
  %0 = addi %a, %b : i17
  %1 = muli %a, %b : i17
  %2 = remiu %a, %b : i17
  return %0, %1, %2 : i17, i17, i17
}
// run: @i17(65535, 1) == -65536, 65535, 0
// run: @i17(-1, 1000) == 999, -1000, 71

// -----

func @i1(%a: i1, %b: i1) -> (i1, i1, i1, i1, i1, i1) {
  %0 = addi %a, %b : i1
  %1 = muli %a, %b : i1
  %2 = and %a, %b : i1
  %3 = or %a, %b : i1
  %4 = xor %a, %b : i1
  %5 = subi %a, %b : i1
  return %0, %1, %2, %3, %4, %5 : i1, i1, i1, i1, i1, i1
}
// run: @i1(true, true) == false, true, true, true, false, false
// run: @i1(true, false) == true, false, false, true, true, true
// run: @i1(false, false) == false, false, false, false, false, false

// -----

func @index_ops(%a: index, %b: index) -> (index, index, index, index) {
  %0 = addi %a, %b : index
  %1 = muli %a, %b : index
  %2 = divis %a, %b : index
  %3 = remis %a, %b : index
  return %0, %1, %2, %3 : index, index, index, index
}
// run: @index_ops(-7, 2) == -5, -14, -3, -1
// run: @index_ops(9223372036854775807, 1) == -9223372036854775808, 9223372036854775807, 9223372036854775807, 0

// -----

// ctpop and ctlz count in the operand's width (i1 through i64).
func @counts(%a: i8, %b: i32, %c: i64, %d: i1) -> (i8, i8, i32, i32, i64, i64, i1, i1) {
  %pa = ctpop %a : i8
  %za = ctlz %a : i8
  %pb = ctpop %b : i32
  %zb = ctlz %b : i32
  %pc = ctpop %c : i64
  %zc = ctlz %c : i64
  %pd = ctpop %d : i1
  %zd = ctlz %d : i1
  return %pa, %za, %pb, %zb, %pc, %zc, %pd, %zd : i8, i8, i32, i32, i64, i64, i1, i1
}
// run: @counts(-1, 1, 255, false) == 8, 0, 1, 31, 8, 56, false, true
// run: @counts(16, -1, -1, true) == 1, 3, 32, 0, 64, 0, true, false
// run: @counts(0, 0, 0, false) == 0, 8, 0, 32, 0, 64, false, true
