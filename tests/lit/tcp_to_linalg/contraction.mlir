// TCP -> linalg: tcp.contract in the plain matmul layouts is linalg.matmul
// or linalg.batch_matmul on a zero-filled init; any other contraction is a
// linalg.generic (loops: batch, lhs free, rhs free, then contracting).
// RUN: tcp-opt %s --split-input-file --pass-pipeline=convert-tcp-to-linalg | FileCheck %s

// CHECK-LABEL: func.func @matmul
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[M:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x6xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[M]]) : tensor<?x3xf32>
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: %[[R:.*]] = linalg.matmul ins(%arg0, %arg1 : tensor<?x6xf32>, tensor<6x3xf32>) outs(%[[I]] : tensor<?x3xf32>) -> tensor<?x3xf32>
// CHECK: return %[[R]]
func.func @matmul(%a: tensor<?x6xf32>, %b: tensor<6x3xf32>) -> tensor<?x3xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<?x6xf32>, tensor<6x3xf32> -> tensor<?x3xf32>
  return %0 : tensor<?x3xf32>
}

// -----

// CHECK-LABEL: func.func @batch_matmul
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[B:.*]] = tensor.dim %arg0, %{{.*}} : tensor<?x4x5xf32>
// CHECK: %[[E:.*]] = tensor.empty(%[[B]]) : tensor<?x4x7xf32>
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%[[E]] : tensor<?x4x7xf32>) -> tensor<?x4x7xf32>
// CHECK: %[[R:.*]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<?x4x5xf32>, tensor<?x5x7xf32>) outs(%[[I]] : tensor<?x4x7xf32>) -> tensor<?x4x7xf32>
// CHECK: return %[[R]]
func.func @batch_matmul(%a: tensor<?x4x5xf32>, %b: tensor<?x5x7xf32>) -> tensor<?x4x7xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [0], lhs_contracting_dims = [2], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<?x4x5xf32>, tensor<?x5x7xf32> -> tensor<?x4x7xf32>
  return %0 : tensor<?x4x7xf32>
}

// -----

// Integers use linalg.matmul too, from an integer zero.
// CHECK-LABEL: func.func @matmul_int
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ZERO]] : i32) outs(%{{.*}} : tensor<2x4xi32>) -> tensor<2x4xi32>
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<2x3xi32>, tensor<3x4xi32>) outs(%[[I]] : tensor<2x4xi32>) -> tensor<2x4xi32>
func.func @matmul_int(%a: tensor<2x3xi32>, %b: tensor<3x4xi32>) -> tensor<2x4xi32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [0]} : tensor<2x3xi32>, tensor<3x4xi32> -> tensor<2x4xi32>
  return %0 : tensor<2x4xi32>
}

// -----

// A @ B^T (contracting dim 1 of both) is not a matmul layout: a generic with
// loops (m, n, k).
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2) -> (d0, d2)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2) -> (d1, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2) -> (d0, d1)>
// CHECK-LABEL: func.func @contract_transposed_rhs
// CHECK-NOT: linalg.matmul
// CHECK: %[[I:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<4x3xf32>) -> tensor<4x3xf32>
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<4x6xf32>, tensor<3x6xf32>) outs(%[[I]] : tensor<4x3xf32>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: f32, %[[B:.*]]: f32, %[[ACC:.*]]: f32):
// CHECK-NEXT: %[[P:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[ACC]], %[[P]] : f32
// CHECK-NEXT: linalg.yield %[[S]] : f32
func.func @contract_transposed_rhs(%a: tensor<4x6xf32>, %b: tensor<3x6xf32>) -> tensor<4x3xf32> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [], lhs_contracting_dims = [1], rhs_batch_dims = [], rhs_contracting_dims = [1]} : tensor<4x6xf32>, tensor<3x6xf32> -> tensor<4x3xf32>
  return %0 : tensor<4x3xf32>
}

// -----

// A batch dim last on lhs and a contracting dim first: loops (batch, lhs
// free, rhs free, k) = (d0, d1, d2, d3); the operands' maps place them.
// CHECK-DAG: #[[LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d1, d0)>
// CHECK-DAG: #[[RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d3, d2)>
// CHECK-DAG: #[[OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>
// CHECK-LABEL: func.func @contract_batch_last
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i64
// CHECK: %[[I:.*]] = linalg.fill ins(%[[ZERO]] : i64) outs(%{{.*}} : tensor<2x4x7xi64>)
// CHECK: linalg.generic {indexing_maps = [#[[LHS]], #[[RHS]], #[[OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]} ins(%arg0, %arg1 : tensor<5x4x2xi64>, tensor<2x5x7xi64>) outs(%[[I]] : tensor<2x4x7xi64>)
// CHECK-NEXT: ^bb0(%[[A:.*]]: i64, %[[B:.*]]: i64, %[[ACC:.*]]: i64):
// CHECK-NEXT: %[[P:.*]] = arith.muli %[[A]], %[[B]] : i64
// CHECK-NEXT: %[[S:.*]] = arith.addi %[[ACC]], %[[P]] : i64
// CHECK-NEXT: linalg.yield %[[S]] : i64
func.func @contract_batch_last(%a: tensor<5x4x2xi64>, %b: tensor<2x5x7xi64>) -> tensor<2x4x7xi64> {
  %0 = tcp.contract %a, %b {lhs_batch_dims = [2], lhs_contracting_dims = [0], rhs_batch_dims = [0], rhs_contracting_dims = [1]} : tensor<5x4x2xi64>, tensor<2x5x7xi64> -> tensor<2x4x7xi64>
  return %0 : tensor<2x4x7xi64>
}
