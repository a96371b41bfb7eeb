// vector.broadcast, vector.shuffle, vector.insertelement, vector.load, vector.store.

func @ops(%s: f32, %a: vector<4xf32>, %b: vector<4xf32>, %i: index, %A: memref<4x8xf32>) {
  %v = vector.broadcast %s : f32 to vector<8xf32>
  %w = vector.shuffle %a, %b [0, 4, 1, 5, 2, 6, 3, 7] : vector<4xf32>, vector<4xf32>
  %x = vector.shuffle %a [3] : vector<4xf32>
  %y = vector.insertelement %s, %a[%i] : vector<4xf32>
  %l = vector.load %A[%i, %i] : memref<4x8xf32>, vector<4xf32>
  vector.store %l, %A[%i, %i] : memref<4x8xf32>, vector<4xf32>
  return
}

// -----

func @broadcast_type(%s: i32) {
  // expected-error@+1 {{'vector.broadcast' op expects a vector result of the operand's type 'i32', not 'vector<4xf32>'}}
  %v = "vector.broadcast"(%s) : (i32) -> vector<4xf32>
  return
}

// -----

func @shuffle_mask(%a: vector<4xf32>) {
  // expected-error@+1 {{'vector.shuffle' op mask entry 4 is outside the 4 lanes of the operands}}
  %v = vector.shuffle %a [0, 4] : vector<4xf32>
  return
}

// -----

func @load_elem(%A: memref<8xi32>, %i: index) {
  // expected-error@+1 {{'vector.load' op expects a one-dimensional vector of the memref's element type 'i32', not 'vector<4xf32>'}}
  %v = vector.load %A[%i] : memref<8xi32>, vector<4xf32>
  return
}

// -----

func @store_rank(%A: memref<4x8xf32>, %v: vector<4xf32>, %i: index) {
  // expected-error@+1 {{'vector.store' op index count 1 does not match memref rank 2 (at least 1)}}
  vector.store %v, %A[%i] : memref<4x8xf32>, vector<4xf32>
  return
}
