// sequential-tiles: an scf.forall marked tcp_aot.sequential (bufferized)
// becomes nested scf.for loops over the same bounds; others stay.
// RUN: tcp-opt %s --sequential-tiles | FileCheck %s

// CHECK-LABEL: func.func @tiles
// CHECK-DAG:   %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG:   %[[C128:.*]] = arith.constant 128 : index
// CHECK-DAG:   %[[C256:.*]] = arith.constant 256 : index
// CHECK:       scf.for %[[I:.*]] = %[[C0]] to %arg1 step %[[C128]] {
// CHECK:         scf.for %[[J:.*]] = %{{.*}} to %[[C256]] step %{{.*}} {
// CHECK:           memref.store %{{.*}}, %arg0[%[[I]], %[[J]]]
// CHECK-NOT:   scf.forall (%{{.*}}, %{{.*}}) =
// CHECK:       scf.forall (%[[K:.*]]) in (3) {
// CHECK:         memref.store %{{.*}}, %arg0[%[[K]], %[[K]]]
func.func @tiles(%m: memref<?x256xf32>, %n: index) {
  %one = arith.constant 1.0 : f32
  scf.forall (%i, %j) = (0, 0) to (%n, 256) step (128, 128) {
    memref.store %one, %m[%i, %j] : memref<?x256xf32>
  } {tcp_aot.sequential}
  scf.forall (%k) in (3) {
    memref.store %one, %m[%k, %k] : memref<?x256xf32>
  }
  return
}
