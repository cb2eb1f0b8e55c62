// short-tile-first: a parallel loop whose last tile is short (784 columns
// in tiles of 128: six of 128, one of 16) runs it in its first iteration,
// which OpenMP's static schedule gives to a thread with an extra one; the
// other tiles keep their offsets. Equal tiles, a dynamic trip count and a
// loop the calling thread runs alone keep their order.
// RUN: tcp-opt %s --short-tile-first | FileCheck %s

#offset = affine_map<(d0) -> (d0 * 128)>
#extent = affine_map<(d0) -> (d0 * -128 + 784, 128)>
#equal_offset = affine_map<(d0) -> (d0 * 112)>
#equal_extent = affine_map<(d0) -> (d0 * -112 + 672, 112)>

// CHECK-DAG:   #[[ROTATE:.*]] = affine_map<(d0) -> ((d0 + 6) mod 7)>
// CHECK-LABEL: func.func @short_last_tile
// CHECK:       scf.forall (%[[I:.*]]) in (7) {
// CHECK-NEXT:    %[[TILE:.*]] = affine.apply #[[ROTATE]](%[[I]])
// CHECK-NEXT:    affine.apply #{{.*}}(%[[TILE]])
// CHECK-NEXT:    affine.min #{{.*}}(%[[TILE]])
func.func @short_last_tile(%out: memref<40x784xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (7) {
    %offset = affine.apply #offset(%i)
    %extent = affine.min #extent(%i)
    %tile = memref.subview %out[0, %offset] [40, %extent] [1, 1]
        : memref<40x784xf32> to memref<40x?xf32, strided<[784, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%tile : memref<40x?xf32, strided<[784, 1], offset: ?>>)
  }
  return
}

// CHECK-LABEL: func.func @equal_tiles
// CHECK:       scf.forall (%[[I:.*]]) in (6) {
// CHECK-NEXT:    affine.apply #{{.*}}(%[[I]])
// CHECK-NEXT:    affine.min #{{.*}}(%[[I]])
func.func @equal_tiles(%out: memref<672x196xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (6) {
    %offset = affine.apply #equal_offset(%i)
    %extent = affine.min #equal_extent(%i)
    %tile = memref.subview %out[%offset, 0] [%extent, 196] [1, 1]
        : memref<672x196xf32> to memref<?x196xf32, strided<[196, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%tile : memref<?x196xf32, strided<[196, 1], offset: ?>>)
  }
  return
}

// CHECK-LABEL: func.func @dynamic_trip_count
// CHECK:       scf.forall (%[[I:.*]]) in (%{{.*}}) {
// CHECK-NEXT:    affine.apply #{{.*}}(%[[I]])
func.func @dynamic_trip_count(%out: memref<40x784xf32>, %n: index) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (%n) {
    %offset = affine.apply #offset(%i)
    %extent = affine.min #extent(%i)
    %tile = memref.subview %out[0, %offset] [40, %extent] [1, 1]
        : memref<40x784xf32> to memref<40x?xf32, strided<[784, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%tile : memref<40x?xf32, strided<[784, 1], offset: ?>>)
  }
  return
}

// CHECK-LABEL: func.func @sequential
// CHECK:       scf.forall (%[[I:.*]]) in (7) {
// CHECK-NEXT:    affine.apply #{{.*}}(%[[I]])
func.func @sequential(%out: memref<40x784xf32>) {
  %zero = arith.constant 0.0 : f32
  scf.forall (%i) in (7) {
    %offset = affine.apply #offset(%i)
    %extent = affine.min #extent(%i)
    %tile = memref.subview %out[0, %offset] [40, %extent] [1, 1]
        : memref<40x784xf32> to memref<40x?xf32, strided<[784, 1], offset: ?>>
    linalg.fill ins(%zero : f32) outs(%tile : memref<40x?xf32, strided<[784, 1], offset: ?>>)
  } {tcp_aot.sequential}
  return
}
