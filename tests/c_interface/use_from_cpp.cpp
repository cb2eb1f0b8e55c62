// Calls every function of three compiled programs through their generated
// headers, as a C++17 user would: std::vector outputs sized by
// *_output_dims, a pool from *_pool_bytes, status codes checked. Usage:
// use_from_cpp DATA_DIR. Exits with the number of failed checks.
#include "arrays.h"
#include "gather_dynamic.h"
#include "mlp.h"
#include "two_outputs.h"

#include <memory>
#include <string>
#include <vector>

namespace {

struct Array {
  array a;
  Array(const char *dir, const std::string &name) : a(load_array(dir, name.c_str())) {}
  ~Array() { free(a.data); }
  Array(const Array &) = delete;
  Array &operator=(const Array &) = delete;
  template <typename T> const T *data() const { return static_cast<const T *>(a.data); }
  const int64_t *dims() const { return a.dims; }
  int64_t size() const { return count(a.dims, a.rank); }
};

int check(const char *what, int32_t status, const char *(*last_error)()) {
  return expect_status(what, status, TCP_AOT_OK, status ? last_error() : "", "");
}

} // namespace

int main(int argc, char **argv) {
  if (argc != 2)
    return 2;
  const char *dir = argv[1];
  int failures = 0;

  {
    Array x(dir, "mlp.input"), want(dir, "mlp.out0");
    int64_t dims[2];
    failures += check("c++ mlp output_dims", mlp_func_main_output_dims(x.dims(), dims), mlp_last_error);
    size_t bytes = 0;
    failures += check("c++ mlp pool_bytes", mlp_func_main_pool_bytes(x.dims(), &bytes), mlp_last_error);
    std::vector<float> out(static_cast<size_t>(count(dims, 2)));
    std::unique_ptr<char[]> pool(new char[bytes]);
    failures += check("c++ mlp call", mlp_func_main(x.data<float>(), x.dims(), out.data(), pool.get(), bytes),
                      mlp_last_error);
    failures += compare_f32("c++ mlp out0", out.data(), want.data<float>(), want.size());
  }
  {
    Array x(dir, "two_outputs.x"), y(dir, "two_outputs.y"), z(dir, "two_outputs.z");
    Array want0(dir, "two_outputs.out0"), want1(dir, "two_outputs.out1");
    int64_t dims0[2], dims1[2];
    failures += check("c++ two_outputs output_dims",
                      two_outputs_func_main_output_dims(x.dims(), y.dims(), z.dims(), dims0, dims1),
                      two_outputs_last_error);
    size_t bytes = 0;
    failures += check("c++ two_outputs pool_bytes",
                      two_outputs_func_main_pool_bytes(x.dims(), y.dims(), z.dims(), &bytes), two_outputs_last_error);
    std::vector<float> out0(static_cast<size_t>(count(dims0, 2))), out1(static_cast<size_t>(count(dims1, 2)));
    failures += check("c++ two_outputs call",
                      two_outputs_func_main(x.data<float>(), x.dims(), y.data<float>(), y.dims(), z.data<float>(),
                                            z.dims(), out0.data(), out1.data(), nullptr, 0),
                      two_outputs_last_error);
    failures += compare_f32("c++ two_outputs out0", out0.data(), want0.data<float>(), want0.size());
    failures += compare_f32("c++ two_outputs out1", out1.data(), want1.data<float>(), want1.size());
  }
  {
    Array x(dir, "gather_dynamic.x"), idx(dir, "gather_dynamic.idx"), want(dir, "gather_dynamic.out0");
    int64_t dims[2];
    failures += check("c++ gather_dynamic output_dims",
                      gather_dynamic_func_main_output_dims(x.dims(), idx.dims(), dims), gather_dynamic_last_error);
    size_t bytes = 0;
    failures += check("c++ gather_dynamic pool_bytes",
                      gather_dynamic_func_main_pool_bytes(x.dims(), idx.dims(), &bytes), gather_dynamic_last_error);
    std::vector<float> out(static_cast<size_t>(count(dims, 2)));
    std::vector<char> pool(bytes);
    failures += check("c++ gather_dynamic call",
                      gather_dynamic_func_main(x.data<float>(), x.dims(), idx.data<int64_t>(), idx.dims(), out.data(),
                                               pool.data(), pool.size()),
                      gather_dynamic_last_error);
    failures += compare_f32("c++ gather_dynamic out0", out.data(), want.data<float>(), want.size());
  }
  printf("%d failure(s)\n", failures);
  return failures;
}
