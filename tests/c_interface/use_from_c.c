/* Calls every function of three compiled programs through their generated
 * headers, as a C99 user would: outputs sized by *_output_dims, calls with
 * and without a pool, and the error paths. Usage: use_from_c DATA_DIR
 * (arrays written by tests/test_c_interface.py). Prints one line per check;
 * exits with the number of failed checks. */
#include "arrays.h"
#include "gather_dynamic.h"
#include "mlp.h"
#include "two_outputs.h"

/* Makes the call, then reads its program's last error (the message of a
 * failed call, "" after a successful one) and checks both. */
#define CHECK(program, what, call, expected, prefix)                                                                   \
  do {                                                                                                                 \
    int32_t status_ = (call);                                                                                          \
    failures += expect_status(what, status_, expected, program##_last_error(), prefix);                               \
  } while (0)

static int mlp(const char *dir) {
  int failures = 0;
  array x = load_array(dir, "mlp.input"), want = load_array(dir, "mlp.out0");
  int64_t out_dims[2];
  CHECK(mlp, "mlp output_dims", mlp_func_main_output_dims(x.dims, out_dims), TCP_AOT_OK, "");
  float *out = malloc((size_t)count(out_dims, 2) * sizeof(float));

  CHECK(mlp, "mlp call", mlp_func_main(x.data, x.dims, out, NULL, 0), TCP_AOT_OK, "");
  failures += compare_f32("mlp out0", out, want.data, count(want.dims, 2));

  size_t pool_bytes = 0;
  CHECK(mlp, "mlp pool_bytes", mlp_func_main_pool_bytes(x.dims, &pool_bytes), TCP_AOT_OK, "");
  void *pool = malloc(pool_bytes);
  memset(out, 0, (size_t)count(out_dims, 2) * sizeof(float));
  CHECK(mlp, "mlp call with a pool", mlp_func_main(x.data, x.dims, out, pool, pool_bytes), TCP_AOT_OK, "");
  failures += compare_f32("mlp out0 with a pool", out, want.data, count(want.dims, 2));
  CHECK(mlp, "mlp call with a small pool", mlp_func_main(x.data, x.dims, out, pool, pool_bytes / 2),
        TCP_AOT_ERROR_MEMORY, "tcp_aot: the pool of");

  int64_t wide[2] = {x.dims[0], 31};
  CHECK(mlp, "mlp static dim", mlp_func_main(x.data, wide, out, NULL, 0), TCP_AOT_ERROR_SHAPE,
        "tcp_aot shape guard: func_main: argument #0 dim 1 is 31, but the program needs 32");
  int64_t tall[2] = {65, 32};
  CHECK(mlp, "mlp dim range", mlp_func_main_output_dims(tall, out_dims), TCP_AOT_ERROR_SHAPE,
        "tcp_aot shape guard: func_main: argument #0 dim 0 is 65, outside [1, 64]");
  CHECK(mlp, "mlp null input", mlp_func_main(NULL, x.dims, out, NULL, 0), TCP_AOT_ERROR_ARGUMENT,
        "mlp_func_main: input is NULL");
  free(pool);
  free(out);
  free(x.data);
  free(want.data);
  return failures;
}

static int two_outputs(const char *dir) {
  int failures = 0;
  array x = load_array(dir, "two_outputs.x"), y = load_array(dir, "two_outputs.y");
  array z = load_array(dir, "two_outputs.z");
  array want0 = load_array(dir, "two_outputs.out0"), want1 = load_array(dir, "two_outputs.out1");
  int64_t dims0[2], dims1[2];
  CHECK(two_outputs, "two_outputs output_dims",
        two_outputs_func_main_output_dims(x.dims, y.dims, z.dims, dims0, dims1), TCP_AOT_OK, "");
  float *out0 = malloc((size_t)count(dims0, 2) * sizeof(float));
  float *out1 = malloc((size_t)count(dims1, 2) * sizeof(float));
  size_t pool_bytes = 0;
  CHECK(two_outputs, "two_outputs pool_bytes", two_outputs_func_main_pool_bytes(x.dims, y.dims, z.dims, &pool_bytes),
        TCP_AOT_OK, "");
  void *pool = malloc(pool_bytes);
  for (int with_pool = 0; with_pool < 2; ++with_pool) {
    CHECK(two_outputs, with_pool ? "two_outputs call with a pool" : "two_outputs call",
          two_outputs_func_main(x.data, x.dims, y.data, y.dims, z.data, z.dims, out0, out1, with_pool ? pool : NULL,
                                with_pool ? pool_bytes : 0),
          TCP_AOT_OK, "");
    failures += compare_f32("two_outputs out0", out0, want0.data, count(want0.dims, 2));
    failures += compare_f32("two_outputs out1", out1, want1.data, count(want1.dims, 2));
  }
  /* Outputs in the inputs' buffers (out1 reads y and z after out0 is computed). */
  size_t bytes = (size_t)count(y.dims, 2) * sizeof(float);
  float *y_then_out0 = malloc(bytes), *z_then_out1 = malloc(bytes);
  for (int with_pool = 0; with_pool < 2; ++with_pool) {
    memcpy(y_then_out0, y.data, bytes);
    memcpy(z_then_out1, z.data, bytes);
    CHECK(two_outputs, with_pool ? "two_outputs in place with a pool" : "two_outputs in place",
          two_outputs_func_main(x.data, x.dims, y_then_out0, y.dims, z_then_out1, z.dims, y_then_out0, z_then_out1,
                                with_pool ? pool : NULL, with_pool ? pool_bytes : 0),
          TCP_AOT_OK, "");
    failures += compare_f32("two_outputs out0 in y", y_then_out0, want0.data, count(want0.dims, 2));
    failures += compare_f32("two_outputs out1 in z", z_then_out1, want1.data, count(want1.dims, 2));
  }
  free(y_then_out0);
  free(z_then_out1);
  int64_t bad[2] = {x.dims[0] + 1, x.dims[1]};
  CHECK(two_outputs, "two_outputs static dim",
        two_outputs_func_main(x.data, bad, y.data, y.dims, z.data, z.dims, out0, out1, NULL, 0), TCP_AOT_ERROR_SHAPE,
        "tcp_aot shape guard: func_main: argument #0 dim 0");
  free(pool);
  free(out0);
  free(out1);
  free(x.data);
  free(y.data);
  free(z.data);
  free(want0.data);
  free(want1.data);
  return failures;
}

static int gather_dynamic(const char *dir) {
  int failures = 0;
  array x = load_array(dir, "gather_dynamic.x"), idx = load_array(dir, "gather_dynamic.idx");
  array want = load_array(dir, "gather_dynamic.out0");
  int64_t dims[2];
  CHECK(gather_dynamic, "gather_dynamic output_dims", gather_dynamic_func_main_output_dims(x.dims, idx.dims, dims),
        TCP_AOT_OK, "");
  float *out = malloc((size_t)count(dims, 2) * sizeof(float));
  size_t pool_bytes = 0;
  CHECK(gather_dynamic, "gather_dynamic pool_bytes",
        gather_dynamic_func_main_pool_bytes(x.dims, idx.dims, &pool_bytes), TCP_AOT_OK, "");
  void *pool = malloc(pool_bytes);
  for (int with_pool = 0; with_pool < 2; ++with_pool) {
    CHECK(gather_dynamic, with_pool ? "gather_dynamic call with a pool" : "gather_dynamic call",
          gather_dynamic_func_main(x.data, x.dims, idx.data, idx.dims, out, with_pool ? pool : NULL,
                                   with_pool ? pool_bytes : 0),
          TCP_AOT_OK, "");
    failures += compare_f32("gather_dynamic out0", out, want.data, count(want.dims, 2));
  }
  /* Out of range: the call fails, frees what it allocated, writes nothing. */
  ((int64_t *)idx.data)[0] = 1000;
  CHECK(gather_dynamic, "gather_dynamic index out of range",
        gather_dynamic_func_main(x.data, x.dims, idx.data, idx.dims, out, NULL, 0), TCP_AOT_ERROR_VALUE,
        "tcp_aot: index out of range in tcp.gather");
  int64_t rows[2] = {x.dims[0] + 1, idx.dims[1]};
  CHECK(gather_dynamic, "gather_dynamic rows differ",
        gather_dynamic_func_main(x.data, x.dims, idx.data, rows, out, NULL, 0), TCP_AOT_ERROR_SHAPE,
        "tcp_aot shape guard: func_main:");
  free(pool);
  free(out);
  free(x.data);
  free(idx.data);
  free(want.data);
  return failures;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s DATA_DIR\n", argv[0]);
    return 2;
  }
  int failures = mlp(argv[1]) + two_outputs(argv[1]) + gather_dynamic(argv[1]);
  printf("%d failure(s)\n", failures);
  return failures;
}
