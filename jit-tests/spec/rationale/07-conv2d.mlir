// spec: mlir-rationale.md line 660, "Reference 2D Convolution" with an integer set for padding
// fixed: `d0 % S0 == 0` uses `%`: it is `d0 mod S0 == 0`; the set uses S4 while declaring
//        S0..S3: it declares S0..S4 (S4: the width bound);
// fixed: `%S4`, `%S5` inside maps are the symbols S4, S5; `d0 / S0` is `d0 floordiv S0`;
// fixed: #lm0 is defined; the memory space comments are dropped from the types;
// fixed: the loop bounds and the strides, dilations, paddings and bounds are function
//        arguments; the maps are applied to the loop induction variables (the spec's %0#1,
//        %0#2, %0#4, %0#5 are never defined); `#map2` is #map2_0 and #map2_1;
// fixed: `%1_0`-style names are not SSA names (a name starting with a digit is all digits):
//        they are %in0, %in1, %u0, %u1; @multiply_accumulate is declared.
// test: roundtrip
#domain = (d0, d1)[S0, S1, S2, S3, S4]: (d0 mod S0 == 0, d1 mod S1 == 0, d0 >= 0, d1 >= 0,
                                          S3 - d0 - 1 >= 0, S4 - d1 - 1 >= 0)
// Identity map (shown here for illustration).
#map0 = (d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5, d6)

// Affine map from output to input coordinate space.
// d0 = output_h, d1 = output_w, d2 = kernel_h, d3 = kernel_w
// S0 = h_stride, S1 = w_stride, S2 = h_kernel_dilation, S3 = w_kernel_dilation
// S4 = h_pad_low, S5 = w_pad_low
#map1_0 = (d0, d1, d2, d3) [S0, S1, S2, S3, S4, S5] -> (d0 * S0 + d2 * S2 - S4)
#map1_1 = (d0, d1, d2, d3) [S0, S1, S2, S3, S4, S5] -> (d1 * S1 + d3 * S3 - S5)

// Semi-affine map to undilated input coordinate space.
// d0 = input_h, d1 = input_w, S0 = h_base_dilation, S1 = w_base_dilation.
#map2_0 = (d0, d1) [S0, S1] -> (d0 floordiv S0)
#map2_1 = (d0, d1) [S0, S1] -> (d1 floordiv S1)

#lm0 = (d0, d1, d2, d3) -> (d0, d3, d1, d2)

func @multiply_accumulate(memref<16x1024x1024x3xf32, #lm0, 1>, memref<5x5x3x32xf32, #lm0, 1>,
                          memref<16x512x512x32xf32, #lm0, 1>,
                          index, index, index, index, index, index, index, index, index)

// Conv2D shapes:
// input:   [batch, input_height, input_width, input_feature]
// kernel: [kernel_height, kernel_width, input_feature, output_feature]
// output: [batch, output_height, output_width, output_feature]
func @conv2d(%input: memref<16x1024x1024x3xf32, #lm0, 1>,
             %kernel: memref<5x5x3x32xf32, #lm0, 1>,
             %output: memref<16x512x512x32xf32, #lm0, 1>,
             %batch: index, %output_height: index, %output_width: index, %output_feature: index,
             %kernel_height: index, %kernel_width: index, %input_feature: index,
             %h_stride: index, %w_stride: index, %h_kernel_dilation: index, %w_kernel_dilation: index,
             %h_pad_low: index, %w_pad_low: index, %h_base_dilation: index, %w_base_dilation: index,
             %h_bound: index, %w_bound: index) {
  affine.for %b = 0 to %batch {
    affine.for %oh = 0 to %output_height {
      affine.for %ow = 0 to %output_width {
        affine.for %of = 0 to %output_feature {
          affine.for %kh = 0 to %kernel_height {
            affine.for %kw = 0 to %kernel_width {
              affine.for %if = 0 to %input_feature {
                // Calculate input indices.
                %in0 = affine.apply #map1_0 (%oh, %ow, %kh, %kw)
                  [%h_stride, %w_stride, %h_kernel_dilation, %w_kernel_dilation,
                   %h_pad_low, %w_pad_low]
                %in1 = affine.apply #map1_1 (%oh, %ow, %kh, %kw)
                  [%h_stride, %w_stride, %h_kernel_dilation, %w_kernel_dilation,
                   %h_pad_low, %w_pad_low]

                // Check if access is not in padding.
                affine.if #domain(%in0, %in1)
                          [%h_base_dilation, %w_base_dilation, %h_kernel_dilation, %h_bound, %w_bound] {
                  %u0 = affine.apply #map2_0 (%in0, %in1) [%h_base_dilation, %w_base_dilation]
                  %u1 = affine.apply #map2_1 (%in0, %in1) [%h_base_dilation, %w_base_dilation]
                  // Compute: output[output_indices] += input[input_indices] * kernel[kernel_indices]
                  call @multiply_accumulate(%input, %kernel, %output, %b, %oh, %ow, %of, %kh, %kw, %if, %u0, %u1)
                    : (memref<16x1024x1024x3xf32, #lm0, 1>, memref<5x5x3x32xf32, #lm0, 1>,
                       memref<16x512x512x32xf32, #lm0, 1>,
                       index, index, index, index, index, index, index, index, index) -> ()
                }
              }
            }
          }
        }
      }
    }
  }
  return
}
// output:
// #domain = (d0, d1)[s0, s1, s2, s3, s4] : (d0 mod s0 == 0, d1 mod s1 == 0, d0 >= 0, d1 >= 0, -d0 + s3 - 1 >= 0, -d1 + s4 - 1 >= 0)
// #map0 = (d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3, d4, d5, d6)
// #map1_0 = (d0, d1, d2, d3)[s0, s1, s2, s3, s4, s5] -> (-s4 + d0 * s0 + d2 * s2)
// #map1_1 = (d0, d1, d2, d3)[s0, s1, s2, s3, s4, s5] -> (-s5 + d1 * s1 + d3 * s3)
// #map2_0 = (d0, d1)[s0, s1] -> (d0 floordiv s0)
// #map2_1 = (d0, d1)[s0, s1] -> (d1 floordiv s1)
// #lm0 = (d0, d1, d2, d3) -> (d0, d3, d1, d2)
//
// func @multiply_accumulate(memref<16x1024x1024x3xf32, #lm0, 1>, memref<5x5x3x32xf32, #lm0, 1>, memref<16x512x512x32xf32, #lm0, 1>, index, index, index, index, index, index, index, index, index)
//
// func @conv2d(%arg0: memref<16x1024x1024x3xf32, #lm0, 1>, %arg1: memref<5x5x3x32xf32, #lm0, 1>, %arg2: memref<16x512x512x32xf32, #lm0, 1>, %arg3: index, %arg4: index, %arg5: index, %arg6: index, %arg7: index, %arg8: index, %arg9: index, %arg10: index, %arg11: index, %arg12: index, %arg13: index, %arg14: index, %arg15: index, %arg16: index, %arg17: index, %arg18: index, %arg19: index) {
//   affine.for %arg20 = 0 to %arg3 {
//     affine.for %arg21 = 0 to %arg4 {
//       affine.for %arg22 = 0 to %arg5 {
//         affine.for %arg23 = 0 to %arg6 {
//           affine.for %arg24 = 0 to %arg7 {
//             affine.for %arg25 = 0 to %arg8 {
//               affine.for %arg26 = 0 to %arg9 {
//                 %0 = affine.apply #map1_0(%arg21, %arg22, %arg24, %arg25)[%arg10, %arg11, %arg12, %arg13, %arg14, %arg15]
//                 %1 = affine.apply #map1_1(%arg21, %arg22, %arg24, %arg25)[%arg10, %arg11, %arg12, %arg13, %arg14, %arg15]
//                 affine.if #domain(%0, %1)[%arg16, %arg17, %arg12, %arg18, %arg19] {
//                   %2 = affine.apply #map2_0(%0, %1)[%arg16, %arg17]
//                   %3 = affine.apply #map2_1(%0, %1)[%arg16, %arg17]
//                   call @multiply_accumulate(%arg0, %arg1, %arg2, %arg20, %arg21, %arg22, %arg23, %arg24, %arg25, %arg26, %2, %3) : (memref<16x1024x1024x3xf32, #lm0, 1>, memref<5x5x3x32xf32, #lm0, 1>, memref<16x512x512x32xf32, #lm0, 1>, index, index, index, index, index, index, index, index, index) -> ()
//                 }
//               }
//             }
//           }
//         }
//       }
//     }
//   }
//   return
// }
