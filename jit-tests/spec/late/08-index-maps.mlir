// spec: mlir-langref-late.md line 535, index maps
// test: roundtrip
// Index map from [MS, NS] slice index space to larger [M, N]
// matrix index space at slice offset symbols OI, OJ:
// Maps from [MS, NS] -> [M, N]
#imap_slice = (i, j) [M, N, OI, OJ] -> (i + OI , j + OJ) size (M, N)

// Index map from 4-dimensional tiled index space to
// 2-dimensional index space.
// Maps from [M/128, N/128, 128, 128] -> [M, N]
#imap_tiled = (d0, d1, d2, d3) [M, N] -> (128 * d0 + d2, 128 * d1 + d3)
                                         size (M, N)
// output:
// #imap_slice = (d0, d1)[s0, s1, s2, s3] -> (d0 + s2, d1 + s3) size (s0, s1)
// #imap_tiled = (d0, d1, d2, d3)[s0, s1] -> (d0 * 128 + d2, d1 * 128 + d3) size (s0, s1)
//
