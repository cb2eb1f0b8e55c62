//===- tcp_aot_test_support.h - support for generated execute tests ------===//
//
// Header-only support for the C++ tests that tcp_aot generates: a reader for
// the uncompressed .npz files numpy.savez writes (cnpy is not packaged), MLIR
// memref descriptors over their arrays, and the comparison of results with
// reference arrays (a tolerance for floats, exact for integers and bools).
//
//===----------------------------------------------------------------------===//

#ifndef TCP_AOT_TEST_SUPPORT_H
#define TCP_AOT_TEST_SUPPORT_H

#include <algorithm>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

#include "gtest/gtest.h"
#include "mlir/ExecutionEngine/CRunnerUtils.h"

namespace tcp_aot {

/// 16-bit floats as they cross the ABI (the header's tcp_aot_bf16 and
/// tcp_aot_f16): their bits, compared as floats.
struct bf16 {
  uint16_t bits = 0;
  bf16() = default;
  explicit bf16(float f) { // rounds to nearest even (NaN aside), as PyTorch does
    uint32_t u;
    std::memcpy(&u, &f, sizeof u);
    bits = uint16_t((u + 0x7fff + ((u >> 16) & 1)) >> 16);
  }
  operator float() const {
    uint32_t u = uint32_t(bits) << 16;
    float f;
    std::memcpy(&f, &u, sizeof f);
    return f;
  }
};
struct f16 {
  _Float16 value = 0;
  f16() = default;
  explicit f16(float f) : value(_Float16(f)) {}
  operator float() const { return float(value); }
};

/// One array of an .npz file: its dtype (numpy `descr`), shape and bytes.
struct NpyArray {
  std::string descr;
  std::vector<int64_t> shape;
  std::vector<char> bytes;

  int64_t numel() const {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    return n;
  }
};

using Npz = std::map<std::string, NpyArray>;

namespace detail {

inline uint32_t le32(const unsigned char *p) {
  return p[0] | (p[1] << 8) | (p[2] << 16) | (uint32_t(p[3]) << 24);
}
inline uint16_t le16(const unsigned char *p) { return p[0] | (p[1] << 8); }
inline uint64_t le64(const unsigned char *p) {
  return uint64_t(le32(p)) | (uint64_t(le32(p + 4)) << 32);
}

inline std::string headerField(const std::string &header, const std::string &key) {
  size_t at = header.find("'" + key + "'");
  if (at == std::string::npos)
    throw std::runtime_error("npy header has no '" + key + "'");
  size_t colon = header.find(':', at);
  size_t start = header.find_first_not_of(" ", colon + 1);
  return header.substr(start);
}

/// Parses one .npy payload (format versions 1 to 3, C order).
inline NpyArray parseNpy(const unsigned char *data, size_t size, const std::string &name) {
  if (size < 10 || std::memcmp(data, "\x93NUMPY", 6) != 0)
    throw std::runtime_error(name + ": not an .npy array");
  int major = data[6];
  size_t headerLen = major == 1 ? le16(data + 8) : le32(data + 8);
  size_t headerStart = major == 1 ? 10 : 12;
  if (headerStart + headerLen > size)
    throw std::runtime_error(name + ": truncated .npy header");
  std::string header(reinterpret_cast<const char *>(data + headerStart), headerLen);

  NpyArray array;
  std::string descr = headerField(header, "descr");
  array.descr = descr.substr(1, descr.find('\'', 1) - 1);
  if (headerField(header, "fortran_order").rfind("False", 0) != 0)
    throw std::runtime_error(name + ": Fortran-ordered arrays are not supported");
  std::string shape = headerField(header, "shape");
  shape = shape.substr(1, shape.find(')') - 1);
  std::stringstream dims(shape);
  std::string dim;
  while (std::getline(dims, dim, ','))
    if (dim.find_first_not_of(" ") != std::string::npos)
      array.shape.push_back(std::stoll(dim));

  size_t wordSize = std::stoul(array.descr.substr(2));
  size_t dataStart = headerStart + headerLen;
  size_t expected = wordSize * size_t(array.numel());
  if (size - dataStart < expected)
    throw std::runtime_error(name + ": truncated array data");
  array.bytes.resize(expected);
  std::memcpy(array.bytes.data(), data + dataStart, expected);  // not a per-byte loop at -O0
  return array;
}

} // namespace detail

/// Reads every array of an uncompressed .npz (zip of .npy files).
inline Npz loadNpz(const std::string &path) {
  std::ifstream file(path, std::ios::binary | std::ios::ate);
  if (!file)
    throw std::runtime_error("cannot open " + path);
  // One read of the whole file: the tests are built unoptimized, where an
  // istreambuf_iterator costs function calls per byte (GPT-2's 183 MB .npz
  // took 15 s per test case).
  std::vector<unsigned char> zip(static_cast<size_t>(file.tellg()));
  file.seekg(0);
  if (!file.read(reinterpret_cast<char *>(zip.data()), static_cast<std::streamsize>(zip.size())))
    throw std::runtime_error("cannot read " + path);
  Npz npz;
  size_t pos = 0;
  while (pos + 30 <= zip.size() && detail::le32(&zip[pos]) == 0x04034b50) {
    const unsigned char *h = &zip[pos];
    uint16_t flags = detail::le16(h + 6), method = detail::le16(h + 8);
    uint64_t compressed = detail::le32(h + 18), uncompressed = detail::le32(h + 22);
    uint16_t nameLen = detail::le16(h + 26), extraLen = detail::le16(h + 28);
    if (pos + 30 + nameLen + extraLen > zip.size())
      throw std::runtime_error(path + ": truncated zip entry");
    std::string name(reinterpret_cast<const char *>(h + 30), nameLen);
    // Zip64: sizes of 0xFFFFFFFF live in the extra field (id 1), in order.
    const unsigned char *extra = h + 30 + nameLen;
    for (size_t e = 0; e + 4 <= extraLen;) {
      uint16_t id = detail::le16(extra + e), len = detail::le16(extra + e + 2);
      if (id == 1) {
        size_t f = e + 4;
        if (uncompressed == 0xFFFFFFFFu && f + 8 <= e + 4 + len)
          uncompressed = detail::le64(extra + f), f += 8;
        if (compressed == 0xFFFFFFFFu && f + 8 <= e + 4 + len)
          compressed = detail::le64(extra + f);
      }
      e += 4 + len;
    }
    if (method != 0)
      throw std::runtime_error(path + ": entry " + name +
                               " is compressed; write the file with numpy.savez");
    if (flags & 8)
      throw std::runtime_error(path + ": streamed zip entries are not supported");
    size_t dataStart = pos + 30 + nameLen + extraLen;
    if (dataStart + compressed > zip.size())
      throw std::runtime_error(path + ": truncated entry " + name);
    std::string key = name.size() > 4 && name.compare(name.size() - 4, 4, ".npy") == 0
                          ? name.substr(0, name.size() - 4)
                          : name;
    npz[key] = detail::parseNpy(&zip[dataStart], compressed, path + ":" + name);
    pos = dataStart + compressed;
  }
  if (npz.empty())
    throw std::runtime_error(path + ": no arrays found (not an .npz file?)");
  return npz;
}

inline const NpyArray &get(const Npz &npz, const std::string &key) {
  auto it = npz.find(key);
  if (it == npz.end())
    throw std::runtime_error("the .npz has no array '" + key + "'");
  return it->second;
}

template <typename T> struct Dtype;
template <> struct Dtype<float> { static constexpr const char *descr = "<f4"; };
template <> struct Dtype<double> { static constexpr const char *descr = "<f8"; };
template <> struct Dtype<bool> { static constexpr const char *descr = "|b1"; };
template <> struct Dtype<int8_t> { static constexpr const char *descr = "|i1"; };
template <> struct Dtype<int16_t> { static constexpr const char *descr = "<i2"; };
template <> struct Dtype<int32_t> { static constexpr const char *descr = "<i4"; };
template <> struct Dtype<int64_t> { static constexpr const char *descr = "<i8"; };
// NumPy writes ml_dtypes' bfloat16 as two opaque bytes per element.
template <> struct Dtype<bf16> { static constexpr const char *descr = "<V2"; };
template <> struct Dtype<f16> { static constexpr const char *descr = "<f2"; };

template <typename T> void checkArray(const NpyArray &a, int rank, const std::string &what) {
  if (a.descr != Dtype<T>::descr)
    throw std::runtime_error(what + ": dtype " + a.descr + ", expected " + Dtype<T>::descr);
  if (int(a.shape.size()) != rank)
    throw std::runtime_error(what + ": rank " + std::to_string(a.shape.size()) +
                             ", expected " + std::to_string(rank));
}

/// A memref descriptor over an array's data (contiguous, row-major). The
/// compiled code never writes its inputs.
template <typename T, int Rank>
StridedMemRefType<T, Rank> asMemRef(const NpyArray &a, const std::string &what) {
  checkArray<T>(a, Rank, what);
  StridedMemRefType<T, Rank> m;
  m.basePtr = m.data = reinterpret_cast<T *>(const_cast<char *>(a.bytes.data()));
  m.offset = 0;
  if constexpr (Rank > 0) {
    int64_t stride = 1;
    for (int d = Rank - 1; d >= 0; --d) {
      m.sizes[d] = a.shape[d];
      m.strides[d] = stride;
      stride *= a.shape[d];
    }
  }
  return m;
}

template <typename T> bool isClose(T got, T want, double rtol, double atol) {
  if constexpr (std::is_same_v<T, bf16> || std::is_same_v<T, f16>) {
    return isClose(float(got), float(want), rtol, atol);
  } else if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(want) || std::isnan(got))
      return std::isnan(want) && std::isnan(got);
    if (std::isinf(want) || std::isinf(got))
      return got == want;
    return std::fabs(double(got) - double(want)) <= atol + rtol * std::fabs(double(want));
  } else {
    return got == want;
  }
}

/// Whether a result has the reference's shape and values, within
/// atol + rtol |want| (atol at least scaledAtol times the reference's largest
/// finite magnitude: 16-bit floats, see tcp_aot/element_types.py).
template <typename T, int Rank>
::testing::AssertionResult matches(const StridedMemRefType<T, Rank> &got, const NpyArray &want,
                                   double rtol, double atol, double scaledAtol = 0) {
  if (want.descr != Dtype<T>::descr)
    return ::testing::AssertionFailure() << "reference dtype " << want.descr;
  if (int(want.shape.size()) != Rank)
    return ::testing::AssertionFailure() << "reference rank " << want.shape.size();
  const int64_t *sizes = nullptr;
  const int64_t *strides = nullptr;
  if constexpr (Rank > 0) {
    sizes = got.sizes;
    strides = got.strides;
    for (int d = 0; d < Rank; ++d)
      if (sizes[d] != want.shape[d])
        return ::testing::AssertionFailure()
               << "dim " << d << " is " << sizes[d] << ", expected " << want.shape[d];
  }
  const T *ref = reinterpret_cast<const T *>(want.bytes.data());
  if (scaledAtol > 0) {
    double largest = 0;
    for (int64_t i = 0, n = want.numel(); i < n; ++i)
      if (std::isfinite(double(ref[i])))
        largest = std::max(largest, std::fabs(double(ref[i])));
    atol = std::max(atol, scaledAtol * largest);
  }
  // Row-major results (all of them, so far) are read in order: the
  // per-element index arithmetic below is slow at -O0 on GPT-2's logits.
  bool rowMajor = true;
  for (int64_t d = Rank - 1, stride = 1; d >= 0; stride *= sizes[d], --d)
    rowMajor &= sizes[d] == 1 || strides[d] == stride;
  int64_t mismatches = 0;
  std::ostringstream first;
  for (int64_t i = 0, n = want.numel(); i < n; ++i) {
    int64_t offset = got.offset, rest = i;
    if (rowMajor) {
      offset += i;
    } else {
      for (int d = Rank - 1; d >= 0; --d) {
        offset += (rest % sizes[d]) * strides[d];
        rest /= sizes[d];
      }
    }
    T value = got.data[offset];
    if (!isClose(value, ref[i], rtol, atol) && mismatches++ == 0)
      first << "element " << i << " is " << +value << ", expected " << +ref[i];
  }
  if (mismatches)
    return ::testing::AssertionFailure() << mismatches << " of " << want.numel()
                                         << " elements differ; first: " << first.str();
  return ::testing::AssertionSuccess();
}

/// An input of a given shape, owning its data (all ones: a valid index,
/// divisor and logarithm argument).
/// (An array, not a std::vector, whose bool specialization has no data().)
template <typename T, int Rank> struct Buffer {
  std::unique_ptr<T[]> data;
  StridedMemRefType<T, Rank> memref;

  explicit Buffer(const std::vector<int64_t> &shape) {
    int64_t n = 1;
    for (int64_t s : shape)
      n *= s;
    data = std::make_unique<T[]>(n);
    std::fill_n(data.get(), n, T(1));
    memref.basePtr = memref.data = data.get();
    memref.offset = 0;
    if constexpr (Rank > 0) {
      int64_t stride = 1;
      for (int d = Rank - 1; d >= 0; --d) {
        memref.sizes[d] = shape[d];
        memref.strides[d] = stride;
        stride *= shape[d];
      }
    }
  }
};

using Shapes = std::vector<std::vector<int64_t>>;

/// The documented failure of a compiled function on inputs it cannot take:
/// abort() after a message starting with this (shape guards and index checks).
constexpr const char *kFailurePrefix = "tcp_aot";

/// Calls `call(shapes)` in a child process for up to `maxCalls` random
/// shapes: every dim marked dynamic, and each other dim with probability 1/4,
/// takes a random size in [0, 2 * sample + 2]. A call that passes the checks
/// runs the whole program, so the test also stops once it has spent
/// `budgetSeconds` and made at least `minCalls` calls: the sequence of shapes
/// is fixed by `seed`, a slower machine tries a prefix of it.
/// Passes when each child either returns normally or aborts with the
/// documented message; reports the first other outcome (another signal, an
/// exit status, an abort without the message).
template <typename Call>
::testing::AssertionResult survivesWrongShapes(int maxCalls, int minCalls, double budgetSeconds, unsigned seed,
                                               const Shapes &sample,
                                               const std::vector<std::vector<bool>> &dynamic,
                                               Call call) {
  std::mt19937_64 rng(seed);
  const auto start = std::chrono::steady_clock::now();
  auto spent = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  int calls = 0, returned = 0, refused = 0;
  for (int i = 0; i < maxCalls && (i < minCalls || spent() < budgetSeconds); ++i, ++calls) {
    Shapes shapes = sample;
    for (size_t a = 0; a < shapes.size(); ++a)
      for (size_t d = 0; d < shapes[a].size(); ++d)
        if (dynamic[a][d] || std::uniform_int_distribution<int>(0, 3)(rng) == 0)
          shapes[a][d] = std::uniform_int_distribution<int64_t>(0, 2 * sample[a][d] + 2)(rng);
    int pipeFds[2];
    if (pipe(pipeFds) != 0)
      return ::testing::AssertionFailure() << "pipe() failed";
    pid_t pid = fork();
    if (pid == 0) {
      dup2(pipeFds[1], 2);
      close(pipeFds[0]);
      call(shapes);
      _exit(0);
    }
    close(pipeFds[1]);
    std::string err;
    char chunk[256];
    for (ssize_t n; (n = read(pipeFds[0], chunk, sizeof chunk)) > 0;)
      err.append(chunk, n);
    close(pipeFds[0]);
    int status = 0;
    waitpid(pid, &status, 0);
    if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
      ++returned;
      continue;
    }
    if (WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT && err.rfind(kFailurePrefix, 0) == 0) {
      ++refused;
      continue;
    }
    std::ostringstream shapeText;
    for (const auto &shape : shapes) {
      shapeText << "[";
      for (size_t d = 0; d < shape.size(); ++d)
        shapeText << (d ? "," : "") << shape[d];
      shapeText << "]";
    }
    return ::testing::AssertionFailure()
           << "call " << i << " with shapes " << shapeText.str() << " ended with "
           << (WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                   : "exit status " + std::to_string(WEXITSTATUS(status)))
           << ", stderr: " << err;
  }
  std::printf("[ FUZZED   ] %d calls in %.1f s: %d returned, %d refused with the documented abort\n",
              calls, spent(), returned, refused);
  return ::testing::AssertionSuccess();
}

} // namespace tcp_aot

#endif // TCP_AOT_TEST_SUPPORT_H
