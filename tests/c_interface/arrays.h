/* Test data for the C and C++ users of the generated headers: arrays the
 * Python test wrote as DIR/NAME.bin (raw elements) and DIR/NAME.dims
 * (int64 dims), read back; comparison with a tolerance. Valid C99 and C++17. */
#ifndef TCP_AOT_TEST_ARRAYS_H
#define TCP_AOT_TEST_ARRAYS_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
  void *data;
  int64_t dims[8];
  int rank;
  size_t bytes;
} array;

static size_t read_file(const char *dir, const char *name, const char *suffix, void **data) {
  char path[1024];
  snprintf(path, sizeof path, "%s/%s.%s", dir, name, suffix);
  FILE *f = fopen(path, "rb");
  if (!f) {
    fprintf(stderr, "cannot open %s\n", path);
    exit(2);
  }
  fseek(f, 0, SEEK_END);
  long size = ftell(f);
  fseek(f, 0, SEEK_SET);
  *data = malloc(size ? (size_t)size : 1);
  if (fread(*data, 1, (size_t)size, f) != (size_t)size) {
    fprintf(stderr, "cannot read %s\n", path);
    exit(2);
  }
  fclose(f);
  return (size_t)size;
}

static array load_array(const char *dir, const char *name) {
  array a;
  void *dims;
  a.rank = (int)(read_file(dir, name, "dims", &dims) / sizeof(int64_t));
  memcpy(a.dims, dims, (size_t)a.rank * sizeof(int64_t));
  free(dims);
  a.bytes = read_file(dir, name, "bin", &a.data);
  return a;
}

static int64_t count(const int64_t *dims, int rank) {
  int64_t n = 1;
  for (int d = 0; d < rank; ++d)
    n *= dims[d];
  return n;
}

/* 0 when got and want agree (|got - want| <= atol + rtol |want|), else 1
 * after printing the first difference. */
static int compare_f32(const char *what, const float *got, const float *want, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    if (!(fabsf(got[i] - want[i]) <= 1e-5f + 1e-4f * fabsf(want[i]))) {
      printf("FAIL %s: element %ld is %g, expected %g\n", what, (long)i, got[i], want[i]);
      return 1;
    }
  printf("ok %s\n", what);
  return 0;
}

/* 0 when the status and the start of the message are as expected. */
static int expect_status(const char *what, int32_t status, int32_t expected, const char *message,
                         const char *prefix) {
  if (status != expected || strncmp(message, prefix, strlen(prefix)) != 0) {
    printf("FAIL %s: status %d, message \"%s\"; expected %d, \"%s...\"\n", what, status, message, expected, prefix);
    return 1;
  }
  printf("ok %s: %s\n", what, message);
  return 0;
}

#endif
