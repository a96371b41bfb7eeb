// spec: mlir-langref-early.md line 802, layout maps
// fixed: the column-major map has a stray ',' between its dimension and symbol lists: `(i, j), [M, N]`
// test: roundtrip
// MxN matrix stored in row major layout in memory:
#layout_map_row_major = (i, j) [M, N] -> (i, j) size (M, N)

// MxN matrix stored in column major layout in memory:
#layout_map_col_major = (i, j) [M, N] -> (j, i) size (M, N)
// output:
// #layout_map_row_major = (d0, d1)[s0, s1] -> (d0, d1) size (s0, s1)
// #layout_map_col_major = (d0, d1)[s0, s1] -> (d1, d0) size (s0, s1)
//
