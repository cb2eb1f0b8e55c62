// ---- Micro-kernels: products the compiled code calls (transforms/microkernels.py) ----
//
// C (+)= A x B of A [M, K] and B [K, N], accumulated as PyTorch's are:
// bfloat16 operands into float32 C (a 16 x 32 by 32 x 16 bf16 product per
// TDPBF16PS: 16x the f32 FMAs of AVX-512), and int8 operands into int32 C
// (a 16 x 64 by 64 x 16 product per TDPBSSD, quantized programs). On a CPU
// with AMX that the kernel lets the process use, the tile unit computes
// them; on one without (AMD's, older Intel ones) AVX-512's dot products of
// bf16 pairs and byte groups do (VDPBF16PS, VPDPBUSD); otherwise, or for
// operands whose rows are not contiguous, a portable loop does
// (tcp_aot_engine_for). And float32 products by a
// weight: B packed once into blocks of 32 columns, so that a register tile
// reads it as one contiguous stream (read in place, each step of K was a
// row of B on another page: BERT-base's linear layers ran at 40-45 % of
// the FMA peak). And attention (tcp.attention), at the end of the file.
//
// Its own translation unit, the same for every program: compiled once per
// compiler and linked into each .so (tcp_aot/compiler/shared_object.py).

#include <cpuid.h>
#include <immintrin.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#define TCP_AOT_HIDDEN __attribute__((visibility("hidden")))

TCP_AOT_HIDDEN bool __tcp_aot_in_weights_file(const void *p);  // tcp_aot_runtime.c

// The memref descriptors of MLIR's C interface (llvm.emit_c_interface), one
// per element type of the kernels' 2-D operands.
#define TCP_AOT_MEMREF_2D(element, name) \
  typedef struct {                        \
    void *allocated;                      \
    element *aligned;                     \
    int64_t offset, sizes[2], strides[2]; \
  } name

TCP_AOT_MEMREF_2D(uint16_t, tcp_aot_memref_bf16_2d);
TCP_AOT_MEMREF_2D(float, tcp_aot_memref_f32_2d);
TCP_AOT_MEMREF_2D(double, tcp_aot_memref_f64_2d);
TCP_AOT_MEMREF_2D(int8_t, tcp_aot_memref_i8_2d);
TCP_AOT_MEMREF_2D(int32_t, tcp_aot_memref_i32_2d);

static float tcp_aot_bf16_to_float(uint16_t x) {
  uint32_t bits = (uint32_t)x << 16;
  float f;
  memcpy(&f, &bits, sizeof f);
  return f;
}

// x rounded to the nearest bfloat16, ties to even (a NaN stays one).
static uint16_t tcp_aot_float_to_bf16(float x) {
  uint32_t bits;
  memcpy(&bits, &x, sizeof bits);
  if ((bits & 0x7fffffff) > 0x7f800000) return (uint16_t)(bits >> 16 | 0x40);
  return (uint16_t)((bits + 0x7fff + (bits >> 16 & 1)) >> 16);
}

// AMX needs the CPU (CPUID.7.0:EDX bits 22 and 24) and the kernel's leave
// to use its 8 KB of tile state (Linux 5.16+, asked once per process).
static int tcp_aot_amx_state;  // 0: not asked yet, 1: usable, -1: not usable

static bool tcp_aot_amx_usable(void) {
  int state = __atomic_load_n(&tcp_aot_amx_state, __ATOMIC_ACQUIRE);
  if (state == 0) {
    unsigned eax, ebx, ecx, edx;
    bool cpu = __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (edx >> 22 & 1) && (edx >> 24 & 1);
    const long ARCH_REQ_XCOMP_PERM = 0x1023, XFEATURE_XTILEDATA = 18;
    state = cpu && syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) == 0 ? 1 : -1;
    __atomic_store_n(&tcp_aot_amx_state, state, __ATOMIC_RELEASE);
  }
  return state == 1;
}

// The tile registers: C in tiles 0-3 (2 x 2 blocks of 16 x 16 floats or
// int32s), A in 4-5 (16 rows x 64 bytes: 32 bf16 or 64 int8), B in 6-7 (16
// rows of 4-byte groups x 16 columns: a group holds 2 bf16 or 4 int8 of
// consecutive rows of B, the "VNNI" layout TDPBF16PS and TDPBSSD read).
// The kernel below works in bytes, the same for both.
enum { TCP_AOT_TILE = 16, TCP_AOT_BLOCK = 32, TCP_AOT_ROW_BYTES = 64, TCP_AOT_GROUP = 4 };

typedef struct {
  uint8_t palette, start_row, reserved[14];
  uint16_t bytes_per_row[16];
  uint8_t rows[16];
} tcp_aot_tile_config;

// F32_A: a float32 weight as A (a convolution's), packed by rows;
// I8_A_OFFSETS: an int8 weight A's row offsets (tcp_aot_row_offsets_i8).
typedef enum { TCP_AOT_BF16, TCP_AOT_I8, TCP_AOT_F32, TCP_AOT_F32_A, TCP_AOT_I8_A_OFFSETS } tcp_aot_operands;

// B is packed CHUNK columns at a time (384 KB of packed B for K = 768: it
// stays in L2 while every row of A meets it); each 32 x 32 block of C then
// takes 2 x 2 tiles, accumulated in registers over a DEPTH_BLOCK of K (in
// bytes): the 32 rows of A that many bytes deep (16 KB) stay in L1 while
// they meet the chunk's columns, so that the tile loads read only B from L2
// (BERT-base's linear layers: 15% faster than over all of K at once).
// The dot products (tcp_aot_matmul_dot) take DOT_DEPTH_BLOCK bytes of K at
// a time, and their packed B is laid out in depth blocks of that size: a
// register tile then reads 64 KB of B as one stream and stores its
// accumulators once per 2 KB of K (kernel bench on Zen 4, against 512:
// TinyLlama's LM head, 128 x 32000 x 2048, 195 -> 207 GFLOP/s, its MLP's
// 128 x 5632 x 2048 192 -> 208, ResNet-50's first 3x3 convolution 160 ->
// 183 in bf16 and 352 -> 369 GOP/s in int8).
enum { TCP_AOT_CHUNK = 256, TCP_AOT_DEPTH_BLOCK = 512, TCP_AOT_DOT_DEPTH_BLOCK = 2048, TCP_AOT_PREFETCH_STEPS = 16 };
enum { TCP_AOT_F32_ROWS = 8, TCP_AOT_F32_DEPTH = 256, TCP_AOT_F32_PREFETCH = 16, TCP_AOT_F32_FEW_BLOCKS = 4 };

// The columns of the chunk at column `chunk`, in whole blocks of 32.
static int64_t tcp_aot_chunk_width(int64_t chunk, int64_t n) {
  int64_t cols = n - chunk < TCP_AOT_CHUNK ? n - chunk : TCP_AOT_CHUNK;
  return (cols + TCP_AOT_BLOCK - 1) / TCP_AOT_BLOCK * TCP_AOT_BLOCK;
}

// Where packed B holds byte `d` of K (a multiple of 4) of the block of 32
// columns that starts at column `n0`, for tiles 6 and 7: for each group of
// rows, the groups of its 32 columns (128 bytes). The blocks lie chunk by
// chunk of CHUNK columns, depth block by depth block of DEPTH_BLOCK bytes
// of K, a chunk's blocks of columns one after the other: in the order the
// kernel reads them, so that its reads from memory are one stream (10-14 %
// faster than each block of columns over all of K on TinyLlama's and
// BERT-base's linear layers, whose weights come from memory).
static int64_t tcp_aot_packed_offset(int64_t n0, int64_t d, int64_t n, int64_t k_pad, int64_t depth_block) {
  int64_t chunk = n0 / TCP_AOT_CHUNK * TCP_AOT_CHUNK, d0 = d / depth_block * depth_block;
  int64_t depth = k_pad - d0 < depth_block ? k_pad - d0 : depth_block;
  return chunk * k_pad + d0 * tcp_aot_chunk_width(chunk, n) + (n0 - chunk) * depth + (d - d0) * TCP_AOT_BLOCK;
}

// Packed B that a kernel reads next, `total` bytes from `base`, fetched
// into L2 a few lines at a time while it computes.
typedef struct {
  const uint8_t *base;
  int64_t total, next;
} tcp_aot_fetch_stream;

// What a kernel reads of a packed weight after the depth block of the
// chunk at column `chunk` that ends at byte `d1` of K: the next depth
// block, or the next chunk's first (nothing when B is not a packed weight).
static tcp_aot_fetch_stream tcp_aot_next_block(const uint8_t *prepacked, int64_t chunk, int64_t d1, int64_t n,
                                               int64_t k_pad, int64_t depth_block) {
  int64_t next_chunk = d1 < k_pad ? chunk : chunk + TCP_AOT_CHUNK, next_d0 = d1 < k_pad ? d1 : 0;
  if (!prepacked || next_chunk >= n) return (tcp_aot_fetch_stream){0};
  int64_t depth = k_pad - next_d0 < depth_block ? k_pad - next_d0 : depth_block;
  return (tcp_aot_fetch_stream){prepacked + tcp_aot_packed_offset(next_chunk, next_d0, n, k_pad, depth_block),
                                tcp_aot_chunk_width(next_chunk, n) * depth, 0};
}

static inline void tcp_aot_fetch_ahead(tcp_aot_fetch_stream *s, int64_t lines) {
  for (; lines > 0 && s->next < s->total; --lines, s->next += 64)
    _mm_prefetch((const char *)s->base + s->next, _MM_HINT_T1);
}

// A mask of the first `count` of up to 64 lanes (none when count <= 0): the
// valid elements of a vector that an edge of the data cuts.
static uint64_t tcp_aot_first_lanes(int64_t count) {
  return count >= 64 ? ~(uint64_t)0 : count > 0 ? ((uint64_t)1 << count) - 1 : 0;
}

// B's columns [0, n) packed as above, zeros past K and N. B is read row by
// row, 64 bytes at a time, rows past K and columns past N as zeros by
// masked loads. `k_pad`: rows, padded; `depth_block`: in bytes.
__attribute__((target("avx512f,avx512bw"))) static void tcp_aot_pack_b_bf16(
    const uint16_t *b, int64_t ldb, int64_t k, int64_t n, int64_t k_pad, int64_t depth_block, uint16_t *packed) {
  const __m512i low = _mm512_set_epi16(47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8, 39, 7, 38, 6,
                                       37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);
  const __m512i high = _mm512_add_epi16(low, _mm512_set1_epi16(16));
  for (int64_t p = 0; p < k_pad; p += 2)
    for (int64_t n0 = 0; n0 < n; n0 += TCP_AOT_BLOCK) {
      uint16_t *pairs = packed + tcp_aot_packed_offset(n0, 2 * p, n, 2 * k_pad, depth_block) / 2;
      __mmask32 columns = (__mmask32)tcp_aot_first_lanes(n - n0);
      __m512i first = p < k ? _mm512_maskz_loadu_epi16(columns, b + p * ldb + n0) : _mm512_setzero_si512();
      __m512i second = p + 1 < k ? _mm512_maskz_loadu_epi16(columns, b + (p + 1) * ldb + n0) : _mm512_setzero_si512();
      _mm512_store_si512(pairs, _mm512_permutex2var_epi16(first, low, second));
      _mm512_store_si512(pairs + TCP_AOT_BLOCK, _mm512_permutex2var_epi16(first, high, second));
    }
}

// The same for int8: the bytes of rows p, p + 1 interleaved into pairs,
// those of p + 2, p + 3 likewise, then the two sequences of pairs
// interleaved as bf16 pairs are. Rows past K and columns past N are read
// as zeros by masked loads (element by element, the padding of the 7 x 7
// stem's 147 rows to 192 took most of int8 ResNet-50's packing).
__attribute__((target("avx512f,avx512bw,avx512vl,avx512vbmi"))) static void tcp_aot_pack_b_i8(
    const int8_t *b, int64_t ldb, int64_t k, int64_t n, int64_t k_pad, int64_t depth_block, int8_t *packed) {
  _Alignas(64) uint8_t bytes[64];
  for (int j = 0; j < 32; ++j) {
    bytes[2 * j] = (uint8_t)j;
    bytes[2 * j + 1] = (uint8_t)(32 + j);
  }
  const __m512i pair_bytes = _mm512_load_si512(bytes);
  const __m512i low = _mm512_set_epi16(47, 15, 46, 14, 45, 13, 44, 12, 43, 11, 42, 10, 41, 9, 40, 8, 39, 7, 38, 6,
                                       37, 5, 36, 4, 35, 3, 34, 2, 33, 1, 32, 0);
  const __m512i high = _mm512_add_epi16(low, _mm512_set1_epi16(16));
  for (int64_t p = 0; p < k_pad; p += TCP_AOT_GROUP)
    for (int64_t n0 = 0; n0 < n; n0 += TCP_AOT_BLOCK) {
      int8_t *groups = packed + tcp_aot_packed_offset(n0, p, n, k_pad, depth_block);
      __mmask32 columns = (__mmask32)tcp_aot_first_lanes(n - n0);
      __m256i rows[TCP_AOT_GROUP];
      for (int r = 0; r < TCP_AOT_GROUP; ++r)
        rows[r] = p + r < k ? _mm256_maskz_loadu_epi8(columns, b + (p + r) * ldb + n0) : _mm256_setzero_si256();
      __m512i rows01 = _mm512_inserti64x4(_mm512_castsi256_si512(rows[0]), rows[1], 1);
      __m512i rows23 = _mm512_inserti64x4(_mm512_castsi256_si512(rows[2]), rows[3], 1);
      __m512i pairs01 = _mm512_permutexvar_epi8(pair_bytes, rows01);
      __m512i pairs23 = _mm512_permutexvar_epi8(pair_bytes, rows23);
      _mm512_store_si512(groups, _mm512_permutex2var_epi16(pairs01, low, pairs23));
      _mm512_store_si512(groups + 64, _mm512_permutex2var_epi16(pairs01, high, pairs23));
    }
}

// K in bytes, padded to whole rows of A's tiles.
static int64_t tcp_aot_padded_depth(int64_t k_bytes) {
  return (k_bytes + TCP_AOT_ROW_BYTES - 1) / TCP_AOT_ROW_BYTES * TCP_AOT_ROW_BYTES;
}

// The AMX kernel's scratch: a chunk of packed B, then a zero-padded copy of
// A's rows for a partial block of M or K.
static size_t tcp_aot_amx_scratch_bytes(int64_t k_bytes) {
  return (size_t)(TCP_AOT_CHUNK + TCP_AOT_BLOCK) * tcp_aot_padded_depth(k_bytes);
}

// Each thread keeps its scratch (the largest it needed) from one product to
// the next, freed when the thread ends: allocated per call, its megabyte
// was mapped and faulted in again every time (a 128 x 128 x 2048 tile of
// a product took 0.130 ms instead of 0.095).
typedef struct {
  uint8_t *data;
  size_t bytes;
} tcp_aot_scratch;

static pthread_key_t tcp_aot_scratch_key;
static pthread_once_t tcp_aot_scratch_once = PTHREAD_ONCE_INIT;
static bool tcp_aot_scratch_keyed;

static void tcp_aot_scratch_free(void *p) {
  tcp_aot_scratch *scratch = p;
  free(scratch->data);
  free(scratch);
}

static void tcp_aot_scratch_key_create(void) {
  tcp_aot_scratch_keyed = pthread_key_create(&tcp_aot_scratch_key, tcp_aot_scratch_free) == 0;
}

// Unloading the .so drops the key (the threads' scratch then leaks rather
// than freed by code that is gone).
__attribute__((destructor)) static void tcp_aot_scratch_key_delete(void) {
  if (tcp_aot_scratch_keyed) pthread_key_delete(tcp_aot_scratch_key);
}

// NULL when no memory is left: the caller then runs the portable loop.
static uint8_t *tcp_aot_thread_scratch(size_t bytes) {
  pthread_once(&tcp_aot_scratch_once, tcp_aot_scratch_key_create);
  if (!tcp_aot_scratch_keyed) return NULL;
  tcp_aot_scratch *scratch = pthread_getspecific(tcp_aot_scratch_key);
  if (scratch == NULL) {
    scratch = calloc(1, sizeof *scratch);
    if (scratch == NULL || pthread_setspecific(tcp_aot_scratch_key, scratch) != 0) {
      free(scratch);
      return NULL;
    }
  }
  if (scratch->bytes < bytes) {
    free(scratch->data);
    scratch->data = aligned_alloc(64, bytes);
    scratch->bytes = scratch->data ? bytes : 0;
  }
  return scratch->data;
}

// K of `operands`, in bytes, padded as packed B holds it.
static int64_t tcp_aot_packed_depth(tcp_aot_operands operands, int64_t k) {
  return operands == TCP_AOT_F32 ? 4 * k : tcp_aot_padded_depth(operands == TCP_AOT_BF16 ? 2 * k : k);
}

// float32 B's columns [0, n) in blocks of 32 columns, a row of a block
// (128 bytes) for each row of B, laid out as the AMX kernel's packed B is
// with depth blocks of F32_DEPTH rows; zeros past N. Row by row of B, a
// whole block's row copied as two vectors (a convolution packs its image at
// every call: with the offset recomputed and a memcpy called per row of a
// block, packing took 10 % of ResNet-50's time).
__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_pack_b_f32(
    const float *b, int64_t ldb, int64_t k, int64_t n, float *packed) {
  for (int64_t chunk = 0; chunk < n; chunk += TCP_AOT_CHUNK) {
    int64_t width = tcp_aot_chunk_width(chunk, n);
    for (int64_t d0 = 0; d0 < k; d0 += TCP_AOT_F32_DEPTH) {
      int64_t depth = k - d0 < TCP_AOT_F32_DEPTH ? k - d0 : TCP_AOT_F32_DEPTH;
      float *block = packed + chunk * k + d0 * width;
      for (int64_t p = 0; p < depth; ++p) {
        const float *row = b + (d0 + p) * ldb + chunk;
        for (int64_t n0 = 0; n0 < width; n0 += TCP_AOT_BLOCK) {
          float *to = block + n0 * depth + p * TCP_AOT_BLOCK;
          int64_t cols = n - chunk - n0 < TCP_AOT_BLOCK ? n - chunk - n0 : TCP_AOT_BLOCK;
          if (cols == TCP_AOT_BLOCK) {
            memcpy(to, row + n0, TCP_AOT_BLOCK * sizeof(float));
            continue;
          }
          memcpy(to, row + n0, cols * sizeof(float));
          memset(to + cols, 0, (TCP_AOT_BLOCK - cols) * sizeof(float));
        }
      }
    }
  }
}

// float32 A's rows [0, m) (elements `step` apart along K) as the f32 tiles
// read them: for each block of F32_ROWS rows, K steps of F32_ROWS floats,
// one per row (zeros past M).
static void tcp_aot_pack_a_f32(const float *a, int64_t lda, int64_t step, int64_t m, int64_t k, float *packed) {
  for (int64_t m0 = 0; m0 < m; m0 += TCP_AOT_F32_ROWS)
    for (int64_t p = 0; p < k; ++p)
      for (int64_t i = 0; i < TCP_AOT_F32_ROWS; ++i)
        *packed++ = m0 + i < m ? a[(m0 + i) * lda + p * step] : 0;
}

// -128 x the sum of each of A's m rows of k bytes, 64 bytes at a time
// (VPDPBUSD of ones and A): the int8 dot kernel's correction for offsetting
// B by 128 (tcp_aot_matmul_dot). Kept for a weight A (a convolution's
// filters) like a packed weight: computed at every product, they took 7 %
// of int8 ResNet-50's time.
__attribute__((target("avx512f,avx512bw,avx512vnni"))) static void tcp_aot_row_offsets_i8(
    const int8_t *a, int64_t lda, int64_t m, int64_t k, int32_t *offsets) {
  const __m512i ones = _mm512_set1_epi8(1);
  for (int64_t i = 0; i < m; ++i) {
    __m512i sums = _mm512_setzero_si512();
    for (int64_t p = 0; p < k; p += 64) {
      __mmask64 valid = tcp_aot_first_lanes(k - p);
      sums = _mm512_dpbusd_epi32(sums, ones, _mm512_maskz_loadu_epi8(valid, a + i * lda + p));
    }
    offsets[i] = -128 * _mm512_reduce_add_epi32(sums);
  }
}

// B's columns [0, n) packed (in blocks of 32 columns, as above; bf16 and
// int8 in depth blocks of `depth_block` bytes, float32 in its own).
static void tcp_aot_pack_b(tcp_aot_operands operands, const uint8_t *b, int64_t ldb, int64_t k, int64_t n,
                           int64_t depth_block, uint8_t *packed) {
  int64_t k_pad = tcp_aot_packed_depth(operands, k);
  if (operands == TCP_AOT_F32)
    tcp_aot_pack_b_f32((const float *)b, ldb, k, n, (float *)packed);
  else if (operands == TCP_AOT_BF16)
    tcp_aot_pack_b_bf16((const uint16_t *)b, ldb, k, n, k_pad / 2, depth_block, (uint16_t *)packed);
  else
    tcp_aot_pack_b_i8((const int8_t *)b, ldb, k, n, k_pad, depth_block, (int8_t *)packed);
}

// Packed weights. A B that lies in the program's weights holds the same
// values at every call: it is packed once, at its first product, and kept
// (keyed by its address, shape, row stride and element step) until the
// weights in use change or the .so is unloaded. Packing BERT-base's weights
// took a sixth of each call in bfloat16; kept, they take as much memory
// again as the weights the products read (the weights' own pages are no
// longer read). So is a float32 weight A (F32_A: a convolution's).
typedef struct {
  const uint8_t *data;
  int64_t ld, step, rows, cols;  // the matrix as the product reads it
  tcp_aot_operands operands;
  int64_t depth_block;  // of a bf16 or int8 B: the AMX kernel's or the dot products'
  uint8_t *packed;
} tcp_aot_packed_weight;

static tcp_aot_packed_weight *tcp_aot_packed_weights;  // open addressing, by data
static size_t tcp_aot_n_packed_weights, tcp_aot_packed_slots;
static pthread_mutex_t tcp_aot_packed_lock = PTHREAD_MUTEX_INITIALIZER;

static size_t tcp_aot_packed_slot(const uint8_t *data) {
  return ((uintptr_t)data >> 6) * 0x9E3779B97F4A7C15ull & (tcp_aot_packed_slots - 1);
}

static void tcp_aot_insert_packed(tcp_aot_packed_weight entry) {
  size_t i = tcp_aot_packed_slot(entry.data);
  while (tcp_aot_packed_weights[i].data)
    i = (i + 1) & (tcp_aot_packed_slots - 1);
  tcp_aot_packed_weights[i] = entry;
  ++tcp_aot_n_packed_weights;
}

static const uint8_t *tcp_aot_find_packed(tcp_aot_packed_weight key) {
  if (!tcp_aot_packed_slots)
    return NULL;
  for (size_t i = tcp_aot_packed_slot(key.data); tcp_aot_packed_weights[i].data;
       i = (i + 1) & (tcp_aot_packed_slots - 1)) {
    tcp_aot_packed_weight *e = &tcp_aot_packed_weights[i];
    if (e->data == key.data && e->ld == key.ld && e->step == key.step && e->rows == key.rows &&
        e->cols == key.cols && e->operands == key.operands && e->depth_block == key.depth_block)
      return e->packed;
  }
  return NULL;
}

// Room for one more entry (the table at most half full), or false.
static bool tcp_aot_room_for_packed(void) {
  if (2 * (tcp_aot_n_packed_weights + 1) <= tcp_aot_packed_slots)
    return true;
  size_t old_slots = tcp_aot_packed_slots, slots = old_slots ? 2 * old_slots : 256;
  tcp_aot_packed_weight *old = tcp_aot_packed_weights, *grown = calloc(slots, sizeof *grown);
  if (!grown)
    return false;
  tcp_aot_packed_weights = grown;
  tcp_aot_packed_slots = slots;
  tcp_aot_n_packed_weights = 0;
  for (size_t i = 0; i < old_slots; ++i)
    if (old[i].data)
      tcp_aot_insert_packed(old[i]);
  free(old);
  return true;
}

// The bytes `key`'s matrix takes packed.
static size_t tcp_aot_packed_bytes(tcp_aot_packed_weight key) {
  if (key.operands == TCP_AOT_I8_A_OFFSETS)
    return 4 * (size_t)key.rows;
  if (key.operands == TCP_AOT_F32_A)
    return (size_t)((key.rows + TCP_AOT_F32_ROWS - 1) / TCP_AOT_F32_ROWS * TCP_AOT_F32_ROWS * key.cols * 4);
  return (size_t)((key.cols + TCP_AOT_BLOCK - 1) / TCP_AOT_BLOCK * TCP_AOT_BLOCK *
                  tcp_aot_packed_depth(key.operands, key.rows));
}

// A weight operand of `rows` x `cols` (B: k x n; A: m x k) packed, from
// the kept ones or packed now and kept; NULL when it is not a weight or no
// memory is left (the kernel then reads or packs it as it goes).
// `depth_block`: a bf16 or int8 B's (0 for the others).
static const uint8_t *tcp_aot_packed_weight_for(tcp_aot_operands operands, const uint8_t *data, int64_t ld,
                                                int64_t step, int64_t rows, int64_t cols, int64_t depth_block) {
  if (!__tcp_aot_in_weights_file(data))
    return NULL;
  tcp_aot_packed_weight key = {data, ld, step, rows, cols, operands, depth_block, NULL};
  pthread_mutex_lock(&tcp_aot_packed_lock);
  const uint8_t *found = tcp_aot_find_packed(key);
  if (!found && tcp_aot_room_for_packed()) {
    key.packed = aligned_alloc(64, (tcp_aot_packed_bytes(key) + 63) / 64 * 64);
    if (key.packed) {
      if (operands == TCP_AOT_F32_A)
        tcp_aot_pack_a_f32((const float *)data, ld, step, rows, cols, (float *)key.packed);
      else if (operands == TCP_AOT_I8_A_OFFSETS)
        tcp_aot_row_offsets_i8((const int8_t *)data, ld, rows, cols, (int32_t *)key.packed);
      else
        tcp_aot_pack_b(operands, data, ld, rows, cols, depth_block, key.packed);
      tcp_aot_insert_packed(key);
      found = key.packed;
    }
  }
  pthread_mutex_unlock(&tcp_aot_packed_lock);
  return found;
}

// The weights in use changed (runtime: tcp_aot_weights_switch), or the .so
// is unloaded.
TCP_AOT_HIDDEN void __tcp_aot_forget_packed_weights(void) {
  pthread_mutex_lock(&tcp_aot_packed_lock);
  for (size_t i = 0; i < tcp_aot_packed_slots; ++i)
    free(tcp_aot_packed_weights[i].packed);
  free(tcp_aot_packed_weights);
  tcp_aot_packed_weights = NULL;
  tcp_aot_n_packed_weights = tcp_aot_packed_slots = 0;
  pthread_mutex_unlock(&tcp_aot_packed_lock);
}

__attribute__((destructor)) static void tcp_aot_unload_packed_weights(void) { __tcp_aot_forget_packed_weights(); }

// `size`: bytes per element of A and B; lda and ldb in elements, ldc in
// elements of 4 bytes. `prepacked`: B packed whole, or NULL. C += A x B, or
// C = A x B without `accumulate` (C's tiles start at zero, its memory
// unread).
__attribute__((target("amx-tile,amx-bf16,amx-int8,avx512f,avx512bw,avx512vbmi"))) static void tcp_aot_matmul_amx(
    tcp_aot_operands operands, const uint8_t *a, int64_t lda, const uint8_t *b, int64_t ldb, const uint8_t *prepacked,
    void *c, int64_t ldc, int64_t m, int64_t n, int64_t k, bool accumulate, uint8_t *scratch) {
  int64_t size = operands == TCP_AOT_BF16 ? 2 : 1, k_bytes = k * size, k_pad = tcp_aot_padded_depth(k_bytes);
  uint8_t *a_edge = scratch + TCP_AOT_CHUNK * k_pad;
  tcp_aot_tile_config config = {.palette = 1};
  for (int t = 0; t < 8; ++t) {
    config.bytes_per_row[t] = TCP_AOT_ROW_BYTES;
    config.rows[t] = TCP_AOT_TILE;
  }
  _tile_loadconfig(&config);
  _Alignas(64) int32_t c_edge[TCP_AOT_BLOCK][TCP_AOT_BLOCK];  // floats or int32s, as bytes
  for (int64_t chunk = 0; chunk < n; chunk += TCP_AOT_CHUNK) {
    int64_t chunk_cols = n - chunk < TCP_AOT_CHUNK ? n - chunk : TCP_AOT_CHUNK;
    const uint8_t *packed = prepacked ? prepacked + chunk * k_pad : scratch;
    if (!prepacked)
      tcp_aot_pack_b(operands, b + chunk * size, ldb, k, chunk_cols, TCP_AOT_DEPTH_BLOCK, scratch);
    int64_t chunk_pad = tcp_aot_chunk_width(chunk, n);
    for (int64_t d0 = 0; d0 < k_pad; d0 += TCP_AOT_DEPTH_BLOCK) {
      int64_t d1 = k_pad - d0 < TCP_AOT_DEPTH_BLOCK ? k_pad : d0 + TCP_AOT_DEPTH_BLOCK;
      // A packed weight's next depth block (or the next chunk's first) is
      // fetched into L2 while this one computes, a few lines at each of its
      // steps: read from memory only when the first rows of A met it, it
      // kept the tiles waiting for that block of rows (8 % of the time of
      // TinyLlama's LM head and of BERT-base's linear layers).
      tcp_aot_fetch_stream ahead = tcp_aot_next_block(prepacked, chunk, d1, n, k_pad, TCP_AOT_DEPTH_BLOCK);
      int64_t steps =
          (m + TCP_AOT_BLOCK - 1) / TCP_AOT_BLOCK * (chunk_pad / TCP_AOT_BLOCK) * ((d1 - d0) / TCP_AOT_ROW_BYTES);
      int64_t lines_per_step = (ahead.total / 64 + steps - 1) / steps;
      bool fetched = prepacked && (chunk > 0 || d0 > 0);
      for (int64_t m0 = 0; m0 < m; m0 += TCP_AOT_BLOCK) {
        int64_t rows = m - m0 < TCP_AOT_BLOCK ? m - m0 : TCP_AOT_BLOCK;
        const uint8_t *a_rows = a + m0 * lda * size;
        int64_t a_stride = lda * size;
        if (rows < TCP_AOT_BLOCK || k_bytes < k_pad) {
          // This depth block of A's rows, zero-padded.
          int64_t valid = (k_bytes < d1 ? k_bytes : d1) - d0;
          for (int64_t i = 0; i < TCP_AOT_BLOCK; ++i) {
            memset(a_edge + i * k_pad + d0, 0, d1 - d0);
            if (i < rows && valid > 0) memcpy(a_edge + i * k_pad + d0, a_rows + i * a_stride + d0, valid);
          }
          a_rows = a_edge;
          a_stride = k_pad;
        }
        for (int64_t n0 = 0; n0 < chunk_cols; n0 += TCP_AOT_BLOCK) {
          int64_t cols = chunk_cols - n0 < TCP_AOT_BLOCK ? chunk_cols - n0 : TCP_AOT_BLOCK;
          bool whole = rows == TCP_AOT_BLOCK && cols == TCP_AOT_BLOCK;
          int32_t *c_at = (int32_t *)c + m0 * ldc + chunk + n0;
          int32_t *c_block = whole ? c_at : &c_edge[0][0];
          int64_t c_stride = whole ? ldc : TCP_AOT_BLOCK;
          if (!accumulate && d0 == 0) {
            _tile_zero(0);
            _tile_zero(1);
            _tile_zero(2);
            _tile_zero(3);
          } else {
            if (!whole) {
              memset(c_edge, 0, sizeof c_edge);
              for (int64_t i = 0; i < rows; ++i) memcpy(c_edge[i], c_at + i * ldc, cols * 4);
            }
            _tile_loadd(0, c_block, c_stride * 4);
            _tile_loadd(1, c_block + TCP_AOT_TILE, c_stride * 4);
            _tile_loadd(2, c_block + TCP_AOT_TILE * c_stride, c_stride * 4);
            _tile_loadd(3, c_block + TCP_AOT_TILE * c_stride + TCP_AOT_TILE, c_stride * 4);
          }
          const uint8_t *b_block = packed + tcp_aot_packed_offset(n0, d0, chunk_cols, k_pad, TCP_AOT_DEPTH_BLOCK);
          for (int64_t k0 = d0; k0 < d1; k0 += TCP_AOT_ROW_BYTES) {
            _tile_loadd(4, a_rows + k0, a_stride);
            _tile_loadd(5, a_rows + TCP_AOT_TILE * a_stride + k0, a_stride);
            // The first depth block, which nothing fetched before, is read
            // from memory by the first block of rows (the next ones find it
            // in L2): the packed bytes 16 steps further on are fetched
            // meanwhile (15-30% faster on linear layers whose weights come
            // from memory, as BERT-base's and TinyLlama's do).
            tcp_aot_fetch_ahead(&ahead, lines_per_step);
            if (m0 == 0 && !fetched)
              for (int line = 0; line < 2 * TCP_AOT_TILE * TCP_AOT_ROW_BYTES; line += 64)
                _mm_prefetch((const char *)b_block +
                                 (k0 - d0 + TCP_AOT_PREFETCH_STEPS * TCP_AOT_ROW_BYTES) * TCP_AOT_BLOCK + line,
                             _MM_HINT_T1);
            // 16 groups of rows of 32 columns: 128 bytes each.
            _tile_loadd(6, b_block + (k0 - d0) * TCP_AOT_BLOCK, 2 * TCP_AOT_ROW_BYTES);
            _tile_loadd(7, b_block + (k0 - d0) * TCP_AOT_BLOCK + TCP_AOT_ROW_BYTES, 2 * TCP_AOT_ROW_BYTES);
            if (operands == TCP_AOT_BF16) {
              _tile_dpbf16ps(0, 4, 6);
              _tile_dpbf16ps(1, 4, 7);
              _tile_dpbf16ps(2, 5, 6);
              _tile_dpbf16ps(3, 5, 7);
            } else {
              _tile_dpbssd(0, 4, 6);
              _tile_dpbssd(1, 4, 7);
              _tile_dpbssd(2, 5, 6);
              _tile_dpbssd(3, 5, 7);
            }
          }
          _tile_stored(0, c_block, c_stride * 4);
          _tile_stored(1, c_block + TCP_AOT_TILE, c_stride * 4);
          _tile_stored(2, c_block + TCP_AOT_TILE * c_stride, c_stride * 4);
          _tile_stored(3, c_block + TCP_AOT_TILE * c_stride + TCP_AOT_TILE, c_stride * 4);
          if (!whole)
            for (int64_t i = 0; i < rows; ++i) memcpy(c_at + i * ldc, c_edge[i], cols * 4);
        }
      }
    }
  }
  _tile_release();
}

// ---- bf16 and int8 without the tile unit: AVX-512 dot products ----
//
// AMD's Zen 4 and 5 and Intel's CPUs before Sapphire Rapids have no AMX
// but multiply pairs of bf16 (AVX512-BF16: VDPBF16PS adds to 16 floats the
// sums of 16 pairs of products) and groups of 4 bytes (AVX512-VNNI:
// VPDPBUSD, unsigned by signed bytes into 16 int32s): twice and four times
// the multiply-adds of an FMA. A register tile of R rows x 32 columns of C
// stays in 2R vector registers over a depth block of packed B (packed as
// for the tiles: each group of rows of B is two vectors of 16 columns),
// and each row's group of A is broadcast from memory into its two dot
// products. VPDPBUSD's unsigned operand is B, its bytes offset by 128 (b ^
// 0x80 = b + 128 as an unsigned byte): C then takes 128 x the sum of each
// row of A off, once.
// A's rows as the tiles read them: a copy of a depth block, its rows 64
// bytes more than a block apart (tcp_aot_matmul_dot).
enum { TCP_AOT_DOT_ROWS = 12, TCP_AOT_DOT_A_STRIDE = TCP_AOT_DOT_DEPTH_BLOCK + 64 };

// A tile of R rows by W columns (W: 32, two zmm vectors; 16, one; 8, one
// ymm) of which the first `cols` are C's: its loads and stores masked to
// them. A block's last columns take tiles as narrow as they need: a tile
// of 32 computed 64 columns for a 7 x 7 image's 49, and 224 for 196.
// With AVX-512 in two halves (Zen 4) an 8-lane ymm product costs half a
// zmm one, so narrow tiles lose nothing per column.
#define TCP_AOT_DOT_TILE(NAME, R, W, TARGET, VEC, LANES, ZERO, SET1, XOR, LOAD, MASKZ_LOAD, MASK_STORE, ADD, DOT) \
  __attribute__((target(TARGET))) static void NAME##_##W##_##R(const uint8_t *a, const uint8_t *b, int32_t *c,      \
                                                                int64_t ldc, int64_t groups, const int32_t *offsets, \
                                                                bool from_zero, int64_t cols) {                      \
    enum { V = (W) / (LANES) };                                                                                     \
    VEC acc[R][V];                                                                                                  \
    uint64_t valid[V];                                                                                              \
    for (int h = 0; h < V; ++h) valid[h] = tcp_aot_first_lanes(cols - (LANES) * h);                                \
    for (int i = 0; i < R; ++i)                                                                                     \
      for (int h = 0; h < V; ++h) {                                                                                 \
        acc[i][h] = from_zero ? ZERO() : MASKZ_LOAD(valid[h], c + i * ldc + (LANES) * h);                          \
        if (offsets) acc[i][h] = ADD(acc[i][h], SET1(offsets[i]));                                                 \
      }                                                                                                             \
    for (int64_t g = 0; g < groups; ++g) {                                                                          \
      /* a group of rows of B (V vectors), each row's group of A broadcast */                                       \
      VEC bv[V];                                                                                                    \
      for (int h = 0; h < V; ++h) bv[h] = XOR(LOAD(b + g * 2 * TCP_AOT_ROW_BYTES + 4 * (LANES) * h));              \
      for (int i = 0; i < R; ++i) {                                                                                 \
        int32_t group;                                                                                              \
        memcpy(&group, a + i * TCP_AOT_DOT_A_STRIDE + TCP_AOT_GROUP * g, TCP_AOT_GROUP);                            \
        VEC x = SET1(group);                                                                                        \
        for (int h = 0; h < V; ++h) acc[i][h] = DOT(acc[i][h], bv[h], x);                                           \
      }                                                                                                             \
    }                                                                                                               \
    for (int i = 0; i < R; ++i)                                                                                     \
      for (int h = 0; h < V; ++h) MASK_STORE(c + i * ldc + (LANES) * h, valid[h], acc[i][h]);                      \
  }

// VPDPBUSD's unsigned operand is B (b ^ 0x80 = b + 128); bf16 B as it is.
#define TCP_AOT_SAME_512(x) (x)
#define TCP_AOT_SAME_256(x) (x)
#define TCP_AOT_FLIP_512(x) _mm512_xor_si512(x, _mm512_set1_epi8(-128))
#define TCP_AOT_FLIP_256(x) _mm256_xor_si256(x, _mm256_set1_epi8(-128))
#define TCP_AOT_LOAD_512(p) _mm512_load_si512(p)
#define TCP_AOT_LOAD_256(p) _mm256_load_si256((const __m256i *)(p))
#define TCP_AOT_MASKZ_LOAD_512(m, p) _mm512_maskz_loadu_epi32((__mmask16)(m), p)
#define TCP_AOT_MASKZ_LOAD_256(m, p) _mm256_maskz_loadu_epi32((__mmask8)(m), p)
#define TCP_AOT_MASK_STORE_512(p, m, v) _mm512_mask_storeu_epi32(p, (__mmask16)(m), v)
#define TCP_AOT_MASK_STORE_256(p, m, v) _mm256_mask_storeu_epi32(p, (__mmask8)(m), v)
// Accumulators hold floats (bf16) or int32s (int8) as integer vectors: an
// offset is only ever added to int32s.
#define TCP_AOT_DOT_BF16_512(acc, b, x) \
  _mm512_castps_si512(_mm512_dpbf16_ps(_mm512_castsi512_ps(acc), (__m512bh)(b), (__m512bh)(x)))
#define TCP_AOT_DOT_BF16_256(acc, b, x) \
  _mm256_castps_si256(_mm256_dpbf16_ps(_mm256_castsi256_ps(acc), (__m256bh)(b), (__m256bh)(x)))
#define TCP_AOT_DOT_I8_512(acc, b, x) _mm512_dpbusd_epi32(acc, b, x)
#define TCP_AOT_DOT_I8_256(acc, b, x) _mm256_dpbusd_epi32(acc, b, x)

#define TCP_AOT_DOT_TILE_512(NAME, R, W, TARGET, FLIP, DOT)                                                          \
  TCP_AOT_DOT_TILE(NAME, R, W, TARGET, __m512i, 16, _mm512_setzero_si512, _mm512_set1_epi32, FLIP, TCP_AOT_LOAD_512, \
                   TCP_AOT_MASKZ_LOAD_512, TCP_AOT_MASK_STORE_512, _mm512_add_epi32, DOT)
#define TCP_AOT_DOT_TILE_256(NAME, R, TARGET, FLIP, DOT)                                                             \
  TCP_AOT_DOT_TILE(NAME, R, 8, TARGET, __m256i, 8, _mm256_setzero_si256, _mm256_set1_epi32, FLIP, TCP_AOT_LOAD_256,  \
                   TCP_AOT_MASKZ_LOAD_256, TCP_AOT_MASK_STORE_256, _mm256_add_epi32, DOT)
// Tiles of R rows in the three widths.
#define TCP_AOT_DOT_ROW_TILES(NAME, R, TARGET, KIND, FLIP)                                                           \
  TCP_AOT_DOT_TILE_512(NAME, R, 32, TARGET, FLIP##_512, TCP_AOT_DOT_##KIND##_512)                                    \
  TCP_AOT_DOT_TILE_512(NAME, R, 16, TARGET, FLIP##_512, TCP_AOT_DOT_##KIND##_512)                                    \
  TCP_AOT_DOT_TILE_256(NAME, R, TARGET, FLIP##_256, TCP_AOT_DOT_##KIND##_256)
#define TCP_AOT_DOT_WIDTH(NAME, W)                                                                                   \
  {NULL,         NAME##_##W##_1, NAME##_##W##_2, NAME##_##W##_3,  NAME##_##W##_4,  NAME##_##W##_5, NAME##_##W##_6, \
   NAME##_##W##_7, NAME##_##W##_8, NAME##_##W##_9, NAME##_##W##_10, NAME##_##W##_11, NAME##_##W##_12}
#define TCP_AOT_DOT_TILES(NAME, TARGET, KIND, FLIP)                                                                  \
  TCP_AOT_DOT_ROW_TILES(NAME, 1, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 2, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 3, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 4, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 5, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 6, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 7, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 8, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 9, TARGET, KIND, FLIP)                                                                 \
  TCP_AOT_DOT_ROW_TILES(NAME, 10, TARGET, KIND, FLIP)                                                                \
  TCP_AOT_DOT_ROW_TILES(NAME, 11, TARGET, KIND, FLIP)                                                                \
  TCP_AOT_DOT_ROW_TILES(NAME, 12, TARGET, KIND, FLIP)                                                                \
  static const tcp_aot_dot_tile NAME##s[3][TCP_AOT_DOT_ROWS + 1] = {                                                 \
      TCP_AOT_DOT_WIDTH(NAME, 32), TCP_AOT_DOT_WIDTH(NAME, 16), TCP_AOT_DOT_WIDTH(NAME, 8)};

typedef void (*tcp_aot_dot_tile)(const uint8_t *, const uint8_t *, int32_t *, int64_t, int64_t, const int32_t *,
                                 bool, int64_t);
TCP_AOT_DOT_TILES(tcp_aot_bf16_dot_tile, "avx512f,avx512vl,avx512bf16", BF16, TCP_AOT_SAME)
TCP_AOT_DOT_TILES(tcp_aot_i8_dot_tile, "avx512f,avx512vl,avx512bw,avx512vnni", I8, TCP_AOT_FLIP)

// The dot kernel's scratch past the AMX kernel's: the offsets of m rows.
static size_t tcp_aot_dot_scratch_bytes(int64_t k_bytes, int64_t m) {
  return tcp_aot_amx_scratch_bytes(k_bytes) + 4 * (size_t)m;
}

// `rows` rows of A (`bytes` of each, rows `a_stride` apart) into the copy
// the dot tiles read, zero-padded to `padded` bytes: 64 bytes at a time,
// not a call of memcpy and memset per row (bf16 BERT-base, whose 128 x 128
// tiles copy each block of rows for 4 blocks of columns: 1 % faster).
__attribute__((target("avx512f,avx512bw"))) static void tcp_aot_copy_dot_rows(
    uint8_t (*copy)[TCP_AOT_DOT_A_STRIDE], const uint8_t *a, int64_t a_stride, int64_t rows, int64_t bytes,
    int64_t padded) {
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < padded; j += 64) {
      __mmask64 valid = tcp_aot_first_lanes(bytes - j);
      _mm512_storeu_si512(copy[i] + j, _mm512_maskz_loadu_epi8(valid, a + i * a_stride + j));
    }
}

// C (+)= A x B as tcp_aot_matmul_amx takes them, on the dot products: by
// chunks of B's columns (packed into `scratch` unless `prepacked`), depth
// blocks of K and register tiles of DOT_ROWS x 32 (16 or 8 at a block's
// last columns). The tiles read a copy of A's rows in the depth block,
// zero-padded to whole groups of 4 bytes, its rows 64 bytes more than a
// block apart: rows 4 KB apart in A (K = 2048 in bf16) share their L1 sets
// (TinyLlama's layers: 7 % faster with the copy).
static void tcp_aot_matmul_dot(tcp_aot_operands operands, const uint8_t *a, int64_t lda, const uint8_t *b,
                               int64_t ldb, const uint8_t *prepacked, int32_t *c, int64_t ldc, int64_t m, int64_t n,
                               int64_t k, bool accumulate, uint8_t *scratch) {
  int64_t size = operands == TCP_AOT_BF16 ? 2 : 1, k_bytes = k * size, k_pad = tcp_aot_padded_depth(k_bytes);
  int64_t a_stride = lda * size;
  const tcp_aot_dot_tile(*tiles)[TCP_AOT_DOT_ROWS + 1] =
      operands == TCP_AOT_BF16 ? tcp_aot_bf16_dot_tiles : tcp_aot_i8_dot_tiles;
  const int32_t *offsets = NULL;
  if (operands == TCP_AOT_I8) {
    offsets = (const int32_t *)tcp_aot_packed_weight_for(TCP_AOT_I8_A_OFFSETS, a, lda, 1, m, k, 0);
    if (!offsets) {
      int32_t *computed = (int32_t *)(scratch + tcp_aot_amx_scratch_bytes(k_bytes));
      tcp_aot_row_offsets_i8((const int8_t *)a, lda, m, k, computed);
      offsets = computed;
    }
  }
  // A weight A (a convolution's filters) comes from memory: the rows the
  // next block of tiles copies are fetched while this one computes (2 % of
  // int8 ResNet-50; activations, in cache, lost 6 % of BERT-base to it).
  bool a_weight = __tcp_aot_in_weights_file(a);
  _Alignas(64) uint8_t a_copy[TCP_AOT_DOT_ROWS][TCP_AOT_DOT_A_STRIDE];
  for (int64_t chunk = 0; chunk < n; chunk += TCP_AOT_CHUNK) {
    int64_t chunk_cols = n - chunk < TCP_AOT_CHUNK ? n - chunk : TCP_AOT_CHUNK;
    const uint8_t *packed = prepacked ? prepacked + chunk * k_pad : scratch;
    if (!prepacked) tcp_aot_pack_b(operands, b + chunk * size, ldb, k, chunk_cols, TCP_AOT_DOT_DEPTH_BLOCK, scratch);
    for (int64_t d0 = 0; d0 < k_bytes; d0 += TCP_AOT_DOT_DEPTH_BLOCK) {
      int64_t d1 = k_bytes - d0 < TCP_AOT_DOT_DEPTH_BLOCK ? k_bytes : d0 + TCP_AOT_DOT_DEPTH_BLOCK;
      int64_t groups = (d1 - d0 + TCP_AOT_GROUP - 1) / TCP_AOT_GROUP;
      for (int64_t m0 = 0; m0 < m; m0 += TCP_AOT_DOT_ROWS) {
        int64_t rows = m - m0 < TCP_AOT_DOT_ROWS ? m - m0 : TCP_AOT_DOT_ROWS;
        tcp_aot_copy_dot_rows(a_copy, a + m0 * a_stride + d0, a_stride, rows, d1 - d0, groups * TCP_AOT_GROUP);
        int64_t next_rows = !a_weight ? 0 : m - m0 - rows < TCP_AOT_DOT_ROWS ? m - m0 - rows : TCP_AOT_DOT_ROWS;
        int64_t row_lines = (d1 - d0 + 63) / 64, next_lines = next_rows * row_lines;
        int64_t blocks = (chunk_cols + TCP_AOT_BLOCK - 1) / TCP_AOT_BLOCK;
        int64_t per_block = (next_lines + blocks - 1) / blocks;
        int64_t line = 0;
        for (int64_t n0 = 0; n0 < chunk_cols; n0 += TCP_AOT_BLOCK) {
          for (int64_t l = 0; l < per_block && line < next_lines; ++l, ++line)
            _mm_prefetch((const char *)a + (m0 + rows + line / row_lines) * a_stride + d0 + 64 * (line % row_lines),
                         _MM_HINT_T0);
          int64_t cols = chunk_cols - n0 < TCP_AOT_BLOCK ? chunk_cols - n0 : TCP_AOT_BLOCK;
          int32_t *c_at = c + m0 * ldc + chunk + n0;
          const uint8_t *b_block =
              packed + tcp_aot_packed_offset(n0, d0, chunk_cols, k_pad, TCP_AOT_DOT_DEPTH_BLOCK);
          bool from_zero = !accumulate && d0 == 0;
          const int32_t *row_offsets = offsets && d0 == 0 ? offsets + m0 : NULL;
          // A block's last columns: 16 at a time while more than 8 are left, then 8.
          for (int64_t j = 0; j < cols;) {
            int width = cols - j == TCP_AOT_BLOCK ? 0 : cols - j > 8 ? 1 : 2;
            tiles[width][rows](a_copy[0], b_block + 4 * j, c_at + j, ldc, groups, row_offsets, from_zero, cols - j);
            j += TCP_AOT_BLOCK >> width;
          }
        }
      }
    }
  }
}

// ---- float32: register tiles of R rows x 32 columns over packed B ----
//
// C's tile stays in 2R vector registers while DEPTH rows of packed B (32
// KB, in L1) meet R rows of A: per row of B, 2 loads, R broadcasts and 2R
// multiply-adds (fused where the CPU has FMA). Written with 16-float
// vectors: one zmm each with AVX-512, two ymm with AVX2, four xmm otherwise.
// A weight A (a convolution's filters) is read packed: per block of 8 rows,
// each step of K's 8 values side by side, so that each broadcast is an
// immediate offset from one pointer and A is one stream; read in place, a
// 3x3 kernel's taps 9 floats apart took an address per row and a cache
// line each (ResNet-50 at batch 1: 58.9 ms in place, 54.6 packed). Each
// block of 32 columns of B (32 KB of a depth block) stays in L1 while every
// block of A's rows meets it: A, a quarter of B's bytes per step of K, is
// the one read from L2.
// B's rows are prefetched PREFETCH rows ahead: the hardware's prefetcher
// stops at every 4 KB page of the block (8 per block), and a weight read
// from memory for the first time stalled the loads of B (5-10 % of a
// linear layer's time at 128 rows).
typedef float tcp_aot_v16 __attribute__((vector_size(64), aligned(4)));

// One step of K: row p of B (`ldb` floats apart, V of 1 or 2 vectors of
// it) meets element p of R rows of A. The second vector is written out,
// not a loop over V: clang then kept the accumulators of a loop over V on
// the stack (BERT-base's linear layers 30 % slower).
#define TCP_AOT_F32_STEP(R, V, p, ROW_STRIDE, STEP)                                                                 \
  do {                                                                                                              \
    __builtin_prefetch(b + ((p) + TCP_AOT_F32_PREFETCH) * ldb);                                                    \
    if (V == 2) __builtin_prefetch(b + ((p) + TCP_AOT_F32_PREFETCH) * ldb + 16);                                   \
    tcp_aot_v16 b0 = *(const tcp_aot_v16 *)(b + (p) * ldb);                                                        \
    tcp_aot_v16 b1 = V == 2 ? *(const tcp_aot_v16 *)(b + (p) * ldb + 16) : b0;                                     \
    for (int i = 0; i < R; ++i) {                                                                                   \
      float x = a[i * (ROW_STRIDE) + (p) * (STEP)];                                                                 \
      acc[i][0] += x * b0;                                                                                          \
      if (V == 2) acc[i][V - 1] += x * b1;                                                                          \
    }                                                                                                               \
  } while (0)

// A tile of R rows and V vectors (16 V columns) reading A's element (i, p)
// at a[i * ROW_STRIDE + p * STEP]: A packed (ROW_STRIDE 1, STEP F32_ROWS:
// every broadcast an immediate offset from one pointer) or in place (lda,
// a_step). B's rows are `ldb` floats apart: packed, a block's 32; in place,
// its own. K is taken 8 steps at a time.
#define TCP_AOT_F32_TILE(NAME, R, V, ROW_STRIDE, STEP)                                                               \
  __attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void NAME##_##R(                         \
      const float *a, int64_t lda, int64_t a_step, const float *b, int64_t ldb, float *c, int64_t ldc, int64_t depth, \
      const char *ahead, int64_t ahead_lines, bool from_zero) {                                                     \
    _Pragma("clang fp contract(fast)") tcp_aot_v16 acc[R][V] = {};                                                  \
    for (int i = 0; i < R && !from_zero; ++i) {                                                                     \
      acc[i][0] = *(const tcp_aot_v16 *)(c + i * ldc);                                                             \
      if (V == 2) acc[i][V - 1] = *(const tcp_aot_v16 *)(c + i * ldc + 16);                                       \
    }                                                                                                               \
    int64_t p = 0;                                                                                                  \
    for (; p + 8 <= depth; p += 8) {                                                                                \
      if (p / 8 < ahead_lines) __builtin_prefetch(ahead + p / 8 * 64, 0, 2);                                        \
      _Pragma("clang loop unroll(full)") for (int q = 0; q < 8; ++q)                                               \
          TCP_AOT_F32_STEP(R, V, p + q, ROW_STRIDE, STEP);                                                          \
    }                                                                                                               \
    for (; p < depth; ++p) TCP_AOT_F32_STEP(R, V, p, ROW_STRIDE, STEP);                                             \
    for (int i = 0; i < R; ++i) {                                                                                   \
      *(tcp_aot_v16 *)(c + i * ldc) = acc[i][0];                                                                   \
      if (V == 2) *(tcp_aot_v16 *)(c + i * ldc + 16) = acc[i][V - 1];                                              \
    }                                                                                                               \
  }
#define TCP_AOT_F32_TILES(NAME, V, ROW_STRIDE, STEP)                                                                 \
  TCP_AOT_F32_TILE(NAME, 1, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 2, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 3, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 4, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 5, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 6, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 7, V, ROW_STRIDE, STEP)                                                                     \
  TCP_AOT_F32_TILE(NAME, 8, V, ROW_STRIDE, STEP)                                                                     \
  static const tcp_aot_f32_tile NAME##s[TCP_AOT_F32_ROWS + 1] = {                                                    \
      NULL, NAME##_1, NAME##_2, NAME##_3, NAME##_4, NAME##_5, NAME##_6, NAME##_7, NAME##_8};

typedef void (*tcp_aot_f32_tile)(const float *, int64_t, int64_t, const float *, int64_t, float *, int64_t,
                                 int64_t, const char *, int64_t, bool);
TCP_AOT_F32_TILES(tcp_aot_f32_packed_a_tile, 2, 1, TCP_AOT_F32_ROWS)
TCP_AOT_F32_TILES(tcp_aot_f32_tile, 2, lda, a_step)
// Half tiles (16 columns) for a block's last columns when 16 or fewer are
// left: a whole tile computed twice their FMAs (a 112-pixel row of a
// convolution's output: 3.5 tiles).
TCP_AOT_F32_TILES(tcp_aot_f32_packed_a_half_tile, 1, 1, TCP_AOT_F32_ROWS)
TCP_AOT_F32_TILES(tcp_aot_f32_half_tile, 1, lda, a_step)

// A block's last columns when at most FEW are left (the 49th of a 7 x 7
// image, 4 of 196) and A is packed: per step of K, the 8 values of each
// block of 8 rows (one 8-float load) times each column's element of B,
// broadcast, one 8-lane multiply-add per column and block. A half tile did
// 16 columns' multiply-adds for them (ResNet-50's 7 x 7 1 x 1
// convolutions: 64 columns' work for 49). One block of rows for 1 column
// was one chain of dependent multiply-adds, each waiting for the last
// (512 x 4608 by 4608 x 49: the 49th column took 16 % of the time): the
// columns of CHAINS / C blocks are taken at once, CHAINS sums in flight.
// Each sum is accumulated in the order a tile's is, so the results are the
// same bits.
enum { TCP_AOT_F32_FEW = 8, TCP_AOT_F32_CHAINS = 8 };
typedef float tcp_aot_v8 __attribute__((vector_size(32), aligned(4)));
typedef void (*tcp_aot_f32_columns)(const float *, int64_t, const float *, int64_t, float *, int64_t, int64_t,
                                    int64_t, const char *, int64_t, bool);

// C columns of up to G blocks of 8 rows (`rows` in all), block g's packed
// A at a + g * a_block; `ahead_lines` lines from `ahead` (the next group's
// packed A) fetched into L2 meanwhile, as many at each step of K.
#define TCP_AOT_F32_COLUMNS(C, G)                                                                                  \
  __attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_f32_packed_a_columns_##C( \
      const float *a, int64_t a_block, const float *b, int64_t ldb, float *c, int64_t ldc, int64_t rows,            \
      int64_t depth, const char *ahead, int64_t ahead_lines, bool from_zero) {                                      \
    _Pragma("clang fp contract(fast)") tcp_aot_v8 acc[G][C] = {};                                                  \
    int64_t blocks = (rows + TCP_AOT_F32_ROWS - 1) / TCP_AOT_F32_ROWS;                                             \
    int64_t fetch_per_step = (ahead_lines + depth - 1) / depth, fetched = 0;                                        \
    for (int64_t i = 0; i < rows && !from_zero; ++i)                                                               \
      for (int j = 0; j < C; ++j) acc[i / TCP_AOT_F32_ROWS][j][i % TCP_AOT_F32_ROWS] = c[i * ldc + j];             \
    for (int64_t p = 0; p < depth; ++p) {                                                                          \
      for (int64_t l = 0; l < fetch_per_step && fetched < ahead_lines; ++l, ++fetched)                              \
        __builtin_prefetch(ahead + fetched * 64, 0, 2);                                                             \
      _Pragma("clang loop unroll(full)") for (int g = 0; g < G; ++g) {                                             \
        if (g >= blocks) break;                                                                                     \
        tcp_aot_v8 x = *(const tcp_aot_v8 *)(a + g * a_block + p * TCP_AOT_F32_ROWS);                             \
        _Pragma("clang loop unroll(full)") for (int j = 0; j < C; ++j) acc[g][j] += x * b[p * ldb + j];            \
      }                                                                                                             \
    }                                                                                                               \
    for (int64_t i = 0; i < rows; ++i)                                                                             \
      for (int j = 0; j < C; ++j) c[i * ldc + j] = acc[i / TCP_AOT_F32_ROWS][j][i % TCP_AOT_F32_ROWS];             \
  }
TCP_AOT_F32_COLUMNS(1, 8)
TCP_AOT_F32_COLUMNS(2, 4)
TCP_AOT_F32_COLUMNS(3, 3)
TCP_AOT_F32_COLUMNS(4, 2)
TCP_AOT_F32_COLUMNS(5, 2)
TCP_AOT_F32_COLUMNS(6, 1)
TCP_AOT_F32_COLUMNS(7, 1)
TCP_AOT_F32_COLUMNS(8, 1)
static const tcp_aot_f32_columns tcp_aot_f32_packed_a_columns[TCP_AOT_F32_FEW + 1] = {
    NULL, tcp_aot_f32_packed_a_columns_1, tcp_aot_f32_packed_a_columns_2, tcp_aot_f32_packed_a_columns_3,
    tcp_aot_f32_packed_a_columns_4, tcp_aot_f32_packed_a_columns_5, tcp_aot_f32_packed_a_columns_6,
    tcp_aot_f32_packed_a_columns_7, tcp_aot_f32_packed_a_columns_8};
// Blocks of rows each of those takes at once.
static const int64_t tcp_aot_f32_column_blocks[TCP_AOT_F32_FEW + 1] = {0, 8, 4, 3, 2, 2, 1, 1, 1};

// Whether the tiles read B in place, rows `ldb` floats apart, rather than
// packed as the kernel goes: B is not a weight (a convolution's image, read
// by every block of filters, whose packing at each kernel offset took 6 %
// of ResNet-50's time), its tiles read no row past its end (whole blocks
// of columns; with A packed, a last block of 16 columns, a half tile's, or
// of at most 8, or 17 to 24, which column tiles read exactly: the 112
// columns of two rows of 56 pixels, 196 and 49; those were packed at every
// call, 6 % of ResNet-50's time) and its rows do not share L1 sets: the 64
// sets repeat every 4 KB, and rows 4 KB apart (a 32 x 32 image) all fell in
// one (a product twice as slow as packed).
static bool tcp_aot_b_in_place(int64_t ldb, int64_t n, bool a_packed) {
  int64_t bytes = 4 * ldb, shared = 4096;
  while (bytes % shared) shared /= 2;  // the largest power of 2 dividing both
  int64_t last = n % TCP_AOT_BLOCK;
  bool exact = last == 0 || (a_packed && last % (TCP_AOT_BLOCK / 2) <= TCP_AOT_F32_FEW);  // 1-8, 16, 17-24
  return exact && shared <= 128;
}

// C += A x B (or C = A x B without `accumulate`) with rows of B and C
// contiguous (A's elements `a_step` apart: a convolution's taps of one
// kernel offset); A packed whole (`a_packed`, as tcp_aot_pack_a_f32 does)
// or read in place; B packed whole (`prepacked`), packed a chunk of its
// columns at a time into `scratch`, or, with neither, read in place
// (tcp_aot_b_in_place).
static void tcp_aot_matmul_f32_packed(const float *a, int64_t lda, int64_t a_step, const float *a_packed,
                                      const float *b, int64_t ldb, const float *prepacked, float *c, int64_t ldc,
                                      int64_t m, int64_t n, int64_t k, bool accumulate, float *scratch) {
  _Alignas(64) float c_edge[TCP_AOT_F32_ROWS][TCP_AOT_BLOCK];
  bool in_place = !prepacked && !scratch;
  for (int64_t chunk = 0; chunk < n; chunk += TCP_AOT_CHUNK) {
    int64_t chunk_cols = n - chunk < TCP_AOT_CHUNK ? n - chunk : TCP_AOT_CHUNK;
    const float *packed = prepacked ? prepacked + chunk * k : scratch;
    if (!prepacked && !in_place) tcp_aot_pack_b_f32(b + chunk, ldb, k, chunk_cols, scratch);
    int64_t chunk_pad = tcp_aot_chunk_width(chunk, n);
    for (int64_t d0 = 0; d0 < k; d0 += TCP_AOT_F32_DEPTH) {
      int64_t depth = k - d0 < TCP_AOT_F32_DEPTH ? k - d0 : TCP_AOT_F32_DEPTH;
      // As the AMX kernel does: a packed weight's next depth block (or the
      // next chunk's first) is fetched into L2 while this one computes.
      tcp_aot_fetch_stream ahead = tcp_aot_next_block((const uint8_t *)prepacked, chunk, 4 * (d0 + depth), n, 4 * k,
                                                      4 * TCP_AOT_F32_DEPTH);
      int64_t tiles_in_block = (m + TCP_AOT_F32_ROWS - 1) / TCP_AOT_F32_ROWS * (chunk_pad / TCP_AOT_BLOCK);
      int64_t lines_per_tile = (ahead.total / 64 + tiles_in_block - 1) / tiles_in_block;
      const tcp_aot_f32_tile *tiles = a_packed ? tcp_aot_f32_packed_a_tiles : tcp_aot_f32_tiles;
      const tcp_aot_f32_tile *halves = a_packed ? tcp_aot_f32_packed_a_half_tiles : tcp_aot_f32_half_tiles;
      int64_t row_blocks = (m + TCP_AOT_F32_ROWS - 1) / TCP_AOT_F32_ROWS, col_blocks = chunk_pad / TCP_AOT_BLOCK;
      // Packed A meets a block of B's columns (in L1) block of rows by
      // block of rows; A read in place (activations by a packed weight), a
      // block of rows meets each block of columns (BERT-base: 2 % faster),
      // and so does packed A by a few blocks of columns (at most
      // F32_FEW_BLOCKS: a 7 x 7 or 14 x 14 image, two rows of 56 pixels),
      // whose B stays in L2: each block of the weight's rows is read from
      // memory once, not once per block of columns (kernel bench, the
      // weight from memory: 2048 x 49 x 512 66 -> 92 GFLOP/s, 512 x 49 x
      // 4608 85 -> 93, 64 x 112 x 576 76 -> 84).
      bool rows_outer = !a_packed || col_blocks <= TCP_AOT_F32_FEW_BLOCKS;
      for (int64_t t = 0; t < row_blocks * col_blocks; ++t) {
        int64_t m0 = TCP_AOT_F32_ROWS * (rows_outer ? t / col_blocks : t % row_blocks);
        int64_t n0 = TCP_AOT_BLOCK * (rows_outer ? t % col_blocks : t / row_blocks);
        int64_t rows = m - m0 < TCP_AOT_F32_ROWS ? m - m0 : TCP_AOT_F32_ROWS;
        int64_t cols = chunk_cols - n0 < TCP_AOT_BLOCK ? chunk_cols - n0 : TCP_AOT_BLOCK;
        // A packed: the block's K steps of F32_ROWS floats, one per row.
        const float *a_at = a_packed ? a_packed + m0 * k + d0 * TCP_AOT_F32_ROWS : a + m0 * lda + d0 * a_step;
        const float *b_at = in_place ? b + d0 * ldb + chunk + n0
                                     : packed + tcp_aot_packed_offset(n0, 4 * d0, chunk_cols, 4 * k,
                                                                      4 * TCP_AOT_F32_DEPTH) / 4;
        int64_t b_stride = in_place ? ldb : TCP_AOT_BLOCK;
        float *c_at = c + m0 * ldc + chunk + n0;
        const char *ahead_at = (const char *)ahead.base + ahead.next;
        int64_t ahead_lines = (ahead.total - ahead.next) / 64 < lines_per_tile ? (ahead.total - ahead.next) / 64
                                                                               : lines_per_tile;
        ahead.next += 64 * ahead_lines;
        bool from_zero = !accumulate && d0 == 0;
        // Packed A's last 17 to 24 columns: a half tile, then the few left.
        int64_t half = TCP_AOT_BLOCK / 2;
        if (a_packed && cols > half && cols <= half + TCP_AOT_F32_FEW) {
          halves[rows](a_at, lda, a_step, b_at, b_stride, c_at, ldc, depth, ahead_at, ahead_lines, from_zero);
          b_at += half, c_at += half, cols -= half, ahead_lines = 0;
        }
        if (a_packed && cols <= TCP_AOT_F32_FEW) {
          // The first of each group of blocks of rows takes the group's columns.
          int64_t group = tcp_aot_f32_column_blocks[cols], block = m0 / TCP_AOT_F32_ROWS;
          if (block % group == 0) {
            int64_t group_rows = m - m0 < group * TCP_AOT_F32_ROWS ? m - m0 : group * TCP_AOT_F32_ROWS;
            // The next group's packed A, fetched as this one computes (one
            // stream when K is one depth block): each block of 8 rows is a
            // run of 8 K floats too short for the hardware's prefetcher to
            // follow (kernel bench, A from memory: EfficientNet-B0's
            // squeeze-and-excitation, 1152 x 48 by 48 x 1, 21 -> 13 us;
            // 672 x 28 7.7 -> 4.5 us).
            int64_t next_m0 = m0 + group * TCP_AOT_F32_ROWS, next_rows = m - next_m0;
            if (k <= TCP_AOT_F32_DEPTH && next_rows > 0 && !prepacked) {
              next_rows = next_rows < group * TCP_AOT_F32_ROWS ? next_rows : group * TCP_AOT_F32_ROWS;
              ahead_at = (const char *)(a_packed + next_m0 * k);
              ahead_lines = (next_rows + TCP_AOT_F32_ROWS - 1) / TCP_AOT_F32_ROWS * TCP_AOT_F32_ROWS * k * 4 / 64;
            }
            tcp_aot_f32_packed_a_columns[cols](a_at, TCP_AOT_F32_ROWS * k, b_at, b_stride, c_at, ldc, group_rows,
                                               depth, ahead_at, ahead_lines, from_zero);
          }
          continue;
        }
        const tcp_aot_f32_tile *tile = cols <= TCP_AOT_BLOCK / 2 ? halves : tiles;
        if (cols == TCP_AOT_BLOCK || cols == TCP_AOT_BLOCK / 2) {
          tile[rows](a_at, lda, a_step, b_at, b_stride, c_at, ldc, depth, ahead_at, ahead_lines, from_zero);
          continue;
        }
        for (int64_t i = 0; i < rows && !from_zero; ++i) memcpy(c_edge[i], c_at + i * ldc, cols * sizeof(float));
        tile[rows](a_at, lda, a_step, b_at, b_stride, &c_edge[0][0], TCP_AOT_BLOCK, depth, ahead_at, ahead_lines,
                   from_zero);
        for (int64_t i = 0; i < rows; ++i) memcpy(c_at + i * ldc, c_edge[i], cols * sizeof(float));
      }
    }
  }
}

// C = A x B (or C += A x B) for B of fewer than TCP_AOT_F32_NARROW columns,
// A's rows contiguous and A not a weight (a weight is packed and takes the
// column tiles): each element of C the dot product of a row of A,
// read in place, with a column of B, first copied contiguous into
// `columns`. The tiles compute whole blocks of 32 columns: a
// squeeze-and-excitation's 1 x 1 convolution of one pixel (240 x 960 by
// 960 x 1) took 0.31 ms on them, for 32 times its FLOPs.
enum { TCP_AOT_F32_NARROW = 8 };
__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_matmul_f32_narrow(
    const float *a, int64_t lda, const float *b, int64_t ldb, int64_t b_step, float *c, int64_t ldc, int64_t c_step,
    int64_t m, int64_t n, int64_t k, bool accumulate, float *columns) {
  _Pragma("clang fp contract(fast)");
  for (int64_t j = 0; j < n; ++j)
    for (int64_t p = 0; p < k; ++p) columns[j * k + p] = b[p * ldb + j * b_step];
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      const float *row = a + i * lda, *column = columns + j * k;
      tcp_aot_v16 acc[4] = {};  // four chains of FMAs in flight
      int64_t p = 0;
      for (; p + 64 <= k; p += 64)
        for (int q = 0; q < 4; ++q)
          acc[q] += *(const tcp_aot_v16 *)(row + p + 16 * q) * *(const tcp_aot_v16 *)(column + p + 16 * q);
      for (; p + 16 <= k; p += 16) acc[0] += *(const tcp_aot_v16 *)(row + p) * *(const tcp_aot_v16 *)(column + p);
      tcp_aot_v16 lanes = (acc[0] + acc[1]) + (acc[2] + acc[3]);
      float sum = 0;
      for (int l = 0; l < 16; ++l) sum += lanes[l];
      for (; p < k; ++p) sum += row[p] * column[p];
      c[i * ldc + j * c_step] = accumulate ? c[i * ldc + j * c_step] + sum : sum;
    }
}

// Row p of B is read once for every row of A (it stays in cache), and each
// C[i, j] sums its terms in order of p, A's and B's elements widened to C's
// type; C starts at zero without `accumulate`.
#define TCP_AOT_PORTABLE_MATMUL(name, operand, accumulator, widen)                                                \
  __attribute__((target_clones("avx512f", "avx2", "default"))) static void name(                                 \
      const operand *a, int64_t lda, int64_t a_step, const operand *b, int64_t ldb, int64_t b_step,               \
      accumulator *c, int64_t ldc, int64_t c_step, int64_t m, int64_t n, int64_t k, bool accumulate) {            \
    for (int64_t i = 0; i < m && !accumulate; ++i)                                                                \
      for (int64_t j = 0; j < n; ++j) c[i * ldc + j * c_step] = 0;                                                \
    for (int64_t p = 0; p < k; ++p)                                                                               \
      for (int64_t i = 0; i < m; ++i) {                                                                           \
        accumulator x = widen(a[i * lda + p * a_step]);                                                           \
        for (int64_t j = 0; j < n; ++j) c[i * ldc + j * c_step] += x * widen(b[p * ldb + j * b_step]);           \
      }                                                                                                           \
  }
TCP_AOT_PORTABLE_MATMUL(tcp_aot_matmul_bf16_portable, uint16_t, float, tcp_aot_bf16_to_float)
TCP_AOT_PORTABLE_MATMUL(tcp_aot_matmul_i8_portable, int8_t, int32_t, (int32_t))
TCP_AOT_PORTABLE_MATMUL(tcp_aot_matmul_f32_portable, float, float, (float))

// What computes a bf16 or int8 product: the tile unit where the CPU has it
// and the kernel lets the process use it, else the dot products where the
// CPU has them, else (or for operands whose rows are not contiguous) the
// portable loop. A product of 1 to 3 rows is bound by reading B: by an
// activation B, which the others would pack at every call, the portable
// loop reads it once (0.17 against 0.50 ms for 1 x 768 x 3072 on the
// tiles); by a weight, packed once, the dot products read its packed copy
// once (int8 ResNet-50's classifier for one image: 0.7 ms in the portable
// loop's widening multiplies). TCP_AOT_PRODUCTS=dot or =portable in the
// environment caps the choice (for tests and comparisons).
typedef enum { TCP_AOT_PORTABLE, TCP_AOT_DOT, TCP_AOT_AMX } tcp_aot_engine;

static tcp_aot_engine tcp_aot_engine_for(tcp_aot_operands operands, int64_t m, bool contiguous, bool b_weight) {
  if (!contiguous || (m < 4 && !b_weight)) return TCP_AOT_PORTABLE;
  const char *cap = getenv("TCP_AOT_PRODUCTS");
  bool portable = cap && strcmp(cap, "portable") == 0, dot_at_most = portable || (cap && strcmp(cap, "dot") == 0);
  if (!dot_at_most && m >= 4 && tcp_aot_amx_usable()) return TCP_AOT_AMX;
  bool dot = (operands == TCP_AOT_BF16 ? __builtin_cpu_supports("avx512bf16") : __builtin_cpu_supports("avx512vnni")) &&
             __builtin_cpu_supports("avx512vl");
  return dot && !portable ? TCP_AOT_DOT : TCP_AOT_PORTABLE;
}

// The bf16 and int8 products. An element of A or B takes `element_bytes`
// of a packed row's K bytes. Without memory for the scratch, the portable
// loop computes the product (a product cannot fail: it may run on a worker
// thread).
#define TCP_AOT_NARROW_MATMUL(name, kind, operand, result, element_bytes)                                         \
  TCP_AOT_HIDDEN void _mlir_ciface___tcp_aot_matmul_##name(tcp_aot_memref_##operand##_2d *a,                     \
                                                          tcp_aot_memref_##operand##_2d *b,                     \
                                                          tcp_aot_memref_##result##_2d *c, bool accumulate) {   \
    int64_t m = c->sizes[0], n = c->sizes[1], k = a->sizes[1];                                                    \
    if (m == 0 || n == 0) return;                                                                                 \
    const uint8_t *pa = (const uint8_t *)(a->aligned + a->offset), *pb = (const uint8_t *)(b->aligned + b->offset); \
    bool contiguous = a->strides[1] == 1 && b->strides[1] == 1 && c->strides[1] == 1;                             \
    tcp_aot_engine engine = k > 0 ? tcp_aot_engine_for(kind, m, contiguous, __tcp_aot_in_weights_file(pb))       \
                                  : TCP_AOT_PORTABLE;                                                             \
    uint8_t *scratch = engine != TCP_AOT_PORTABLE                                                                 \
                           ? tcp_aot_thread_scratch(tcp_aot_dot_scratch_bytes(element_bytes * k, m))              \
                           : NULL;                                                                                \
    int64_t depth_block = engine == TCP_AOT_AMX ? TCP_AOT_DEPTH_BLOCK : TCP_AOT_DOT_DEPTH_BLOCK;                  \
    const uint8_t *packed = scratch ? tcp_aot_packed_weight_for(kind, pb, b->strides[0], 1, k, n, depth_block)    \
                                    : NULL;                                                                       \
    if (scratch && engine == TCP_AOT_AMX)                                                                         \
      tcp_aot_matmul_amx(kind, pa, a->strides[0], pb, b->strides[0], packed, c->aligned + c->offset,              \
                         c->strides[0], m, n, k, accumulate, scratch);                                            \
    else if (scratch)                                                                                             \
      tcp_aot_matmul_dot(kind, pa, a->strides[0], pb, b->strides[0], packed, (int32_t *)(c->aligned + c->offset), \
                         c->strides[0], m, n, k, accumulate, scratch);                                            \
    else                                                                                                          \
      tcp_aot_matmul_##name##_portable(a->aligned + a->offset, a->strides[0], a->strides[1],                      \
                                       b->aligned + b->offset, b->strides[0], b->strides[1],                      \
                                       c->aligned + c->offset, c->strides[0], c->strides[1], m, n, k, accumulate); \
  }
TCP_AOT_NARROW_MATMUL(bf16, TCP_AOT_BF16, bf16, f32, 2)
TCP_AOT_NARROW_MATMUL(i8, TCP_AOT_I8, i8, i32, 1)

TCP_AOT_HIDDEN void _mlir_ciface___tcp_aot_matmul_f32(tcp_aot_memref_f32_2d *a, tcp_aot_memref_f32_2d *b,
                                                      tcp_aot_memref_f32_2d *c, bool accumulate) {
  int64_t m = c->sizes[0], n = c->sizes[1], k = a->sizes[1];
  const float *pa = a->aligned + a->offset, *pb = b->aligned + b->offset;
  float *pc = c->aligned + c->offset;
  if (m == 0 || n == 0) return;
  bool contiguous = k > 0 && b->strides[1] == 1 && c->strides[1] == 1;
  if (n < TCP_AOT_F32_NARROW && k > 0 && a->strides[1] == 1) {
    // A weight by a few columns (a squeeze-and-excitation's 1 x 1
    // convolutions of one pixel): packed A's column tiles, eight chains of
    // multiply-adds on 8 rows each. The dot products below summed 16 lanes
    // per row, and a depth of 10 to 48 left most of each vector empty
    // (EfficientNet-B0's 1152 x 48 by 48 x 1: 34 -> 22 us in the model,
    // 672 x 28 24 -> 7 us).
    const float *a_packed = contiguous && tcp_aot_b_in_place(b->strides[0], n, true)
                                ? (const float *)tcp_aot_packed_weight_for(
                                      TCP_AOT_F32_A, (const uint8_t *)pa, a->strides[0], 1, m, k, 0)
                                : NULL;
    if (a_packed) {
      tcp_aot_matmul_f32_packed(pa, a->strides[0], 1, a_packed, pb, b->strides[0], NULL, pc, c->strides[0], m, n, k,
                                accumulate, NULL);
      return;
    }
    float *columns = (float *)tcp_aot_thread_scratch((size_t)n * k * sizeof(float));
    if (columns) {
      tcp_aot_matmul_f32_narrow(pa, a->strides[0], pb, b->strides[0], b->strides[1], pc, c->strides[0], c->strides[1],
                                m, n, k, accumulate, columns);
      return;
    }
  }
  if (contiguous) {
    const float *packed = (const float *)tcp_aot_packed_weight_for(TCP_AOT_F32, (const uint8_t *)pb, b->strides[0],
                                                                   1, k, n, 0);
    const float *a_packed = packed ? NULL : (const float *)tcp_aot_packed_weight_for(
        TCP_AOT_F32_A, (const uint8_t *)pa, a->strides[0], a->strides[1], m, k, 0);
    bool in_place = !packed && tcp_aot_b_in_place(b->strides[0], n, a_packed);
    float *scratch = packed || in_place ? NULL
                                        : (float *)tcp_aot_thread_scratch((size_t)TCP_AOT_CHUNK * k * sizeof(float));
    if (packed || in_place || scratch) {
      tcp_aot_matmul_f32_packed(pa, a->strides[0], a->strides[1], a_packed, pb, b->strides[0], packed, pc,
                                c->strides[0], m, n, k, accumulate, scratch);
      return;
    }
  }
  tcp_aot_matmul_f32_portable(pa, a->strides[0], a->strides[1], pb, b->strides[0], b->strides[1], pc, c->strides[0],
                              c->strides[1], m, n, k, accumulate);
}

// ---- Attention: out = softmax(q x kᵀ x scale + mask) x v, per [L, E] query matrix ----
//
// A block of TCP_AOT_ATT_ROWS queries meets the keys TCP_AOT_ATT_KEYS at a
// time: its scores stay in a scratch block, and its softmax is kept online
// (a running maximum and sum per query, by which the partial output is
// rescaled when the maximum grows), so that no [L, S] matrix goes to
// memory (conversion/tcp_to_linalg/attention.py). The keys are copied
// once per call, transposed and zero-padded to whole register tiles: 8
// queries by 32 keys for the scores, 8 queries by 32 value columns for the
// output. Float32 queries and values are read in place where their rows
// are contiguous (else copied too): copying all three, the keys an element
// at a time, took 29 % of the kernel's time on BERT-base's 12 heads of 128
// tokens; the keys' transpose is now vector shuffles of 16 x 16 blocks.
// Bfloat16 operands are converted to float32 as they are copied, and the
// output rounded once: the same numbers as float32 attention on them
// widened, without the three conversions and the rounding going through
// memory as kernels of their own.
#define TCP_AOT_ATT_ROWS 32
#define TCP_AOT_ATT_KEYS 128
#define TCP_AOT_ATT_TILE 8

static int64_t tcp_aot_round_up(int64_t x, int64_t to) { return (x + to - 1) / to * to; }

typedef int32_t tcp_aot_i16 __attribute__((vector_size(64), aligned(4)));

// x = e^x for 16 floats (Cephes' polynomial for expf, within 2 ulp); 0
// below -87.3 (and for -inf, a masked score). Through memory: a vector
// argument would need one ABI for every target the callers are cloned for.
__attribute__((always_inline)) static inline void tcp_aot_exp_16(float *at) {
  _Pragma("clang fp contract(fast)");
  tcp_aot_v16 x = *(tcp_aot_v16 *)at;
  tcp_aot_i16 underflow = x < -87.3f;
  x = __builtin_elementwise_max(x, (tcp_aot_v16){} - 87.3f);
  // n = floor(x log2(e) + 1/2), through integers (floorf is libm's, absent from the .so).
  tcp_aot_v16 nearest = x * 1.44269504088896341f + 0.5f;
  tcp_aot_i16 truncated = __builtin_convertvector(nearest, tcp_aot_i16);
  truncated += __builtin_convertvector(truncated, tcp_aot_v16) > nearest;  // true is -1
  tcp_aot_v16 n = __builtin_convertvector(truncated, tcp_aot_v16);
  tcp_aot_v16 r = x - n * 0.693359375f + n * 2.12194440e-4f;
  tcp_aot_v16 p = 1.9875691500e-4f + (tcp_aot_v16){};
  p = p * r + 1.3981999507e-3f;
  p = p * r + 8.3334519073e-3f;
  p = p * r + 4.1665795894e-2f;
  p = p * r + 1.6666665459e-1f;
  p = p * r + 5.0000001201e-1f;
  p = p * r * r + r + 1.0f;
  tcp_aot_i16 bits = (__builtin_convertvector(n, tcp_aot_i16) + 127) << 23, value;
  tcp_aot_v16 scale;
  memcpy(&scale, &bits, sizeof scale);
  x = p * scale;
  memcpy(&value, &x, sizeof value);
  value &= ~underflow;
  memcpy(at, &value, sizeof value);
}

// e^x of one float, x <= 0 (the polynomial above: expf is libm's).
static float tcp_aot_expf(float x) {
  _Alignas(64) float lanes[16] = {x};
  tcp_aot_exp_16(lanes);
  return lanes[0];
}

// e^x of one double, x <= 0: 2^n e^r, |r| <= ln(2)/2, e^r by its Taylor
// series to r^13 (relative error below 1e-17); 0 below -708.
static double tcp_aot_exp_f64(double x) {
  if (!(x >= -708.0)) return x != x ? x : 0.0;
  double n = (double)(int64_t)(x * 1.4426950408889634 + (x < 0 ? -0.5 : 0.5));
  double r = x - n * 0.6931471803691238 - n * 1.9082149292705877e-10, p = 1.0;
  for (int k = 13; k >= 1; --k) p = 1.0 + p * r / k;
  uint64_t bits = (uint64_t)((int64_t)n + 1023) << 52;
  double scale;
  memcpy(&scale, &bits, sizeof scale);
  return p * scale;
}

// Element i of a float32 or bfloat16 array, as a float.
static inline float tcp_aot_att_at(const char *base, int64_t i, bool bf16) {
  return bf16 ? tcp_aot_bf16_to_float(((const uint16_t *)base)[i]) : ((const float *)base)[i];
}

typedef uint16_t tcp_aot_u16x16 __attribute__((vector_size(32), aligned(2)));

// Elements i to i + 15 of a float32 or bfloat16 array, as floats (through
// memory, as tcp_aot_exp_16).
__attribute__((always_inline)) static inline void tcp_aot_load_16(tcp_aot_v16 *to, const char *base, int64_t i,
                                                                  bool bf16) {
  if (!bf16) {
    *to = *(const tcp_aot_v16 *)((const float *)base + i);
    return;
  }
  tcp_aot_i16 bits = __builtin_convertvector(*(const tcp_aot_u16x16 *)((const uint16_t *)base + i), tcp_aot_i16) << 16;
  memcpy(to, &bits, sizeof *to);
}

// to[0..n) = the n elements of a float32 or bfloat16 array from element i,
// `step` apart, as floats (a loop per case, so that the contiguous ones
// are vectorized).
__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_att_copy(
    float *to, const char *base, int64_t i, int64_t step, int64_t n, bool bf16) {
  if (bf16 && step == 1)
    for (int64_t j = 0; j < n; ++j) to[j] = tcp_aot_bf16_to_float(((const uint16_t *)base)[i + j]);
  else if (step == 1)
    memcpy(to, (const float *)base + i, (size_t)n * sizeof(float));
  else
    for (int64_t j = 0; j < n; ++j) to[j] = tcp_aot_att_at(base, i + j * step, bf16);
}

// The n elements of a float32 or bfloat16 array from element i, `step`
// apart, = row[0..n) x weight (rounded once to bfloat16).
__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_att_store(
    char *base, int64_t i, int64_t step, const float *row, int64_t n, float weight, bool bf16) {
  if (bf16 && step == 1)
    for (int64_t j = 0; j < n; ++j) ((uint16_t *)base)[i + j] = tcp_aot_float_to_bf16(row[j] * weight);
  else if (bf16)
    for (int64_t j = 0; j < n; ++j) ((uint16_t *)base)[i + j * step] = tcp_aot_float_to_bf16(row[j] * weight);
  else
    for (int64_t j = 0; j < n; ++j) ((float *)base)[i + j * step] = row[j] * weight;
}

// kt[depth][keys] = k[keys][depth]ᵀ (kt's rows ldkt apart), 16 x 16 blocks
// at a time where k's rows are contiguous: at each of 4 steps, rows r and
// r + s of a block swap the halves of their pairs of s x s sub-blocks.
#define TCP_AOT_UNPAREN(...) __VA_ARGS__
#define TCP_AOT_STEP(s, lo, hi)                                                  \
  for (int r = 0; r < 16; ++r)                                                   \
    if (!(r & s)) {                                                              \
      tcp_aot_v16 x = __builtin_shufflevector(rows[r], rows[r + s], TCP_AOT_UNPAREN lo); \
      rows[r + s] = __builtin_shufflevector(rows[r], rows[r + s], TCP_AOT_UNPAREN hi);   \
      rows[r] = x;                                                               \
    }

__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_transpose_keys(
    const char *k, int64_t ldk, int64_t step, int64_t keys, int64_t depth, float *kt, int64_t ldkt, bool bf16) {
  int64_t whole_keys = step == 1 ? keys / 16 * 16 : 0, whole_depth = step == 1 ? depth / 16 * 16 : 0;
  for (int64_t j0 = 0; j0 < whole_keys; j0 += 16)
    for (int64_t p0 = 0; p0 < whole_depth; p0 += 16) {
      tcp_aot_v16 rows[16];
      for (int r = 0; r < 16; ++r) tcp_aot_load_16(&rows[r], k, (j0 + r) * ldk + p0, bf16);
      TCP_AOT_STEP(8, (0, 1, 2, 3, 4, 5, 6, 7, 16, 17, 18, 19, 20, 21, 22, 23),
                   (8, 9, 10, 11, 12, 13, 14, 15, 24, 25, 26, 27, 28, 29, 30, 31));
      TCP_AOT_STEP(4, (0, 1, 2, 3, 16, 17, 18, 19, 8, 9, 10, 11, 24, 25, 26, 27),
                   (4, 5, 6, 7, 20, 21, 22, 23, 12, 13, 14, 15, 28, 29, 30, 31));
      TCP_AOT_STEP(2, (0, 1, 16, 17, 4, 5, 20, 21, 8, 9, 24, 25, 12, 13, 28, 29),
                   (2, 3, 18, 19, 6, 7, 22, 23, 10, 11, 26, 27, 14, 15, 30, 31));
      TCP_AOT_STEP(1, (0, 16, 2, 18, 4, 20, 6, 22, 8, 24, 10, 26, 12, 28, 14, 30),
                   (1, 17, 3, 19, 5, 21, 7, 23, 9, 25, 11, 27, 13, 29, 15, 31));
      for (int c = 0; c < 16; ++c) *(tcp_aot_v16 *)(kt + (p0 + c) * ldkt + j0) = rows[c];
    }
  // The edges (and keys whose elements are not contiguous) one at a time.
  for (int64_t j = 0; j < keys; ++j)
    for (int64_t p = j < whole_keys ? whole_depth : 0; p < depth; ++p)
      kt[p * ldkt + j] = tcp_aot_att_at(k, j * ldk + p * step, bf16);
}

// c[8][cols] (+)= a[8][depth] x b[depth][cols] (cols a multiple of 32),
// added to c or not (`accumulate`): the scores, q x kᵀ (b the transposed
// keys), and the output, the weights x v.
__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_attention_tile(
    const float *a, int64_t lda, int64_t depth, const float *b, int64_t ldb, float *c, int64_t ldc, int64_t cols,
    bool accumulate) {
  _Pragma("clang fp contract(fast)");
  for (int64_t j = 0; j < cols; j += 32) {
    tcp_aot_v16 acc[TCP_AOT_ATT_TILE][2] = {};
    for (int i = 0; accumulate && i < TCP_AOT_ATT_TILE; ++i) {
      acc[i][0] = *(const tcp_aot_v16 *)(c + i * ldc + j);
      acc[i][1] = *(const tcp_aot_v16 *)(c + i * ldc + j + 16);
    }
    for (int64_t p = 0; p < depth; ++p) {
      tcp_aot_v16 b0 = *(const tcp_aot_v16 *)(b + p * ldb + j), b1 = *(const tcp_aot_v16 *)(b + p * ldb + j + 16);
      for (int i = 0; i < TCP_AOT_ATT_TILE; ++i) {
        float x = a[i * lda + p];
        acc[i][0] += x * b0;
        acc[i][1] += x * b1;
      }
    }
    for (int i = 0; i < TCP_AOT_ATT_TILE; ++i) {
      *(tcp_aot_v16 *)(c + i * ldc + j) = acc[i][0];
      *(tcp_aot_v16 *)(c + i * ldc + j + 16) = acc[i][1];
    }
  }
}

// Row i of a block of scores (`keys` a multiple of 16, the first `valid`
// of them real, those before `limit` unmasked): scaled and masked, its
// running maximum and sum updated, made e^(score - maximum), and the row's
// output so far rescaled.
__attribute__((target_clones("avx512f", "arch=haswell", "default"))) static void tcp_aot_softmax_row(
    float *s, int64_t keys, int64_t limit, float scale, const float *mask, int64_t mask_step, float *max, float *sum,
    float *o, int64_t cols) {
  _Pragma("clang fp contract(fast)");
  if (mask_step == 1)  // the common cases, vectorized
    for (int64_t j = 0; j < limit; ++j) s[j] = s[j] * scale + mask[j];
  else if (mask_step == 0)
    for (int64_t j = 0; j < limit; ++j) s[j] = s[j] * scale + mask[0];
  else
    for (int64_t j = 0; j < limit; ++j) s[j] = s[j] * scale + mask[j * mask_step];
  for (int64_t j = limit < 0 ? 0 : limit; j < keys; ++j) s[j] = -__builtin_inff();
  tcp_aot_v16 top = (tcp_aot_v16){} - __builtin_inff();
  for (int64_t j = 0; j < keys; j += 16) top = __builtin_elementwise_max(top, *(tcp_aot_v16 *)(s + j));
  float new_max = *max;
  for (int k = 0; k < 16; ++k) new_max = top[k] > new_max ? top[k] : new_max;
  if (new_max == -__builtin_inff()) {  // every key so far masked
    memset(s, 0, keys * sizeof(float));
    return;
  }
  tcp_aot_v16 total = {};
  for (int64_t j = 0; j < keys; j += 16) {
    *(tcp_aot_v16 *)(s + j) -= new_max;
    tcp_aot_exp_16(s + j);
    total += *(tcp_aot_v16 *)(s + j);
  }
  float alpha = tcp_aot_expf(*max - new_max);  // 0 when *max is -inf
  if (alpha != 1.0f)
    for (int64_t c = 0; c < cols; ++c) o[c] *= alpha;
  *sum *= alpha;
  for (int k = 0; k < 16; ++k) *sum += total[k];
  *max = new_max;
}

#define TCP_AOT_SAME(x) (x)

// The same a query and a key at a time, without scratch: float64's, and
// the others' when no memory is left for the blocks (a kernel cannot fail:
// it may run on a worker thread). A query's output is summed in C (the
// compute type), TCP_AOT_ATT_CHUNK columns at a time, and stored once.
#define TCP_AOT_ATT_CHUNK 64
#define TCP_AOT_ATTENTION_ROWS(name, T, C, memref, exp, load, store)                                             \
  static void name(const memref *q, const memref *k, const memref *v, const T *mask, int64_t mask_row,          \
                   int64_t mask_step, const memref *out, C scale, bool causal) {                                \
    const T *pq = q->aligned + q->offset, *pk = k->aligned + k->offset, *pv = v->aligned + v->offset;           \
    T *po = out->aligned + out->offset;                                                                          \
    int64_t length = q->sizes[0], depth = q->sizes[1], keys = k->sizes[0], cols = v->sizes[1];                   \
    for (int64_t i = 0; i < length; ++i)                                                                         \
      for (int64_t c0 = 0; c0 < cols; c0 += TCP_AOT_ATT_CHUNK) {                                                 \
        int64_t width = cols - c0 < TCP_AOT_ATT_CHUNK ? cols - c0 : TCP_AOT_ATT_CHUNK;                           \
        C o[TCP_AOT_ATT_CHUNK] = {0}, max = -__builtin_inf(), sum = 0;                                           \
        for (int64_t j = 0; j < (causal && i + 1 < keys ? i + 1 : keys); ++j) {                                  \
          C x = 0;                                                                                               \
          for (int64_t p = 0; p < depth; ++p)                                                                    \
            x += load(pq[i * q->strides[0] + p * q->strides[1]]) * load(pk[j * k->strides[0] + p * k->strides[1]]); \
          x = x * scale + load(mask[i * mask_row + j * mask_step]);                                              \
          if (x == -__builtin_inf()) continue;                                                                   \
          C alpha = x > max ? exp(max - x) : 1, weight = exp(x - (x > max ? x : max));                           \
          max = x > max ? x : max;                                                                               \
          sum = sum * alpha + weight;                                                                            \
          for (int64_t c = 0; c < width; ++c)                                                                    \
            o[c] = o[c] * alpha + weight * load(pv[j * v->strides[0] + (c0 + c) * v->strides[1]]);               \
        }                                                                                                        \
        for (int64_t c = 0; c < width; ++c)                                                                      \
          po[i * out->strides[0] + (c0 + c) * out->strides[1]] = store(sum > 0 ? o[c] / sum : 0);                \
      }                                                                                                          \
  }
TCP_AOT_ATTENTION_ROWS(tcp_aot_attention_rows_f32, float, float, tcp_aot_memref_f32_2d, tcp_aot_expf, TCP_AOT_SAME,
                       TCP_AOT_SAME)
TCP_AOT_ATTENTION_ROWS(tcp_aot_attention_rows_bf16, uint16_t, float, tcp_aot_memref_bf16_2d, tcp_aot_expf,
                       tcp_aot_bf16_to_float, tcp_aot_float_to_bf16)
TCP_AOT_ATTENTION_ROWS(tcp_aot_attention_rows_f64, double, double, tcp_aot_memref_f64_2d, tcp_aot_exp_f64,
                       TCP_AOT_SAME, TCP_AOT_SAME)

// A mask dim of 1 is broadcast: read with stride 0.
#define TCP_AOT_MASK_STRIDES(m)                                 \
  int64_t mask_row = m->sizes[0] == 1 ? 0 : m->strides[0];     \
  int64_t mask_step = m->sizes[1] == 1 ? 0 : m->strides[1]

TCP_AOT_HIDDEN void _mlir_ciface___tcp_aot_attention_f64(tcp_aot_memref_f64_2d *q, tcp_aot_memref_f64_2d *k,
                                                         tcp_aot_memref_f64_2d *v, tcp_aot_memref_f64_2d *m,
                                                         tcp_aot_memref_f64_2d *out, double scale, bool causal) {
  TCP_AOT_MASK_STRIDES(m);
  tcp_aot_attention_rows_f64(q, k, v, m->aligned + m->offset, mask_row, mask_step, out, scale, causal);
}

// An operand of the blocks: its first element, sizes and strides (in elements).
typedef struct {
  char *at;
  int64_t rows, cols, ld, step;
} tcp_aot_att_matrix;
#define TCP_AOT_ATT_MATRIX(m) \
  ((tcp_aot_att_matrix){(char *)((m)->aligned + (m)->offset), (m)->sizes[0], (m)->sizes[1], (m)->strides[0], \
                        (m)->strides[1]})

// The blocks, on float32 or bfloat16 operands (all one type): bfloat16
// queries and values are copied as float32, the keys converted as they are
// transposed, each row of the mask as a block reaches it, and the output
// rounded once, when stored. False when no scratch memory is left.
static bool tcp_aot_attention_blocks(tcp_aot_att_matrix q, tcp_aot_att_matrix k, tcp_aot_att_matrix v,
                                     tcp_aot_att_matrix m, tcp_aot_att_matrix out, float scale, bool causal,
                                     bool bf16) {
  int64_t length = q.rows, depth = q.cols, keys = k.rows, cols = v.cols;
  if (length == 0 || cols == 0) return true;
  int64_t mask_row = m.rows == 1 ? 0 : m.ld, mask_step = m.cols == 1 ? 0 : m.step;
  int64_t keys_pad = tcp_aot_round_up(keys, 32), cols_pad = tcp_aot_round_up(cols, 32);
  // Float32 queries and values are read in place where their rows are
  // contiguous (and the values' a whole number of register tiles wide).
  bool q_copied = bf16 || q.step != 1, v_copied = bf16 || v.step != 1 || cols != cols_pad;
  int64_t q_rows = q_copied ? tcp_aot_round_up(length, TCP_AOT_ATT_TILE) : TCP_AOT_ATT_TILE;
  size_t floats = (size_t)q_rows * depth + (size_t)depth * keys_pad + (v_copied ? (size_t)keys_pad * cols_pad : 0) +
                  (size_t)TCP_AOT_ATT_ROWS * (TCP_AOT_ATT_KEYS + cols_pad + 2) + TCP_AOT_ATT_KEYS;
  float *scratch = (float *)tcp_aot_thread_scratch(tcp_aot_round_up(floats * sizeof(float), 64));
  if (scratch == NULL) return false;
  float *qs = scratch, *kt = qs + q_rows * depth, *vs = kt + depth * keys_pad;
  float *s = vs + (v_copied ? keys_pad * cols_pad : 0), *o = s + TCP_AOT_ATT_ROWS * TCP_AOT_ATT_KEYS;
  float *max = o + TCP_AOT_ATT_ROWS * cols_pad, *sum = max + TCP_AOT_ATT_ROWS, *row_mask = sum + TCP_AOT_ATT_ROWS;
  memset(qs, 0, (size_t)q_rows * depth * sizeof(float));
  if (q_copied)
    for (int64_t i = 0; i < length; ++i) tcp_aot_att_copy(qs + i * depth, q.at, i * q.ld, q.step, depth, bf16);
  tcp_aot_transpose_keys(k.at, k.ld, k.step, keys, depth, kt, keys_pad, bf16);
  for (int64_t p = 0; p < depth; ++p)
    for (int64_t j = keys; j < keys_pad; ++j) kt[p * keys_pad + j] = 0;
  const float *values = (const float *)v.at;
  int64_t ldv = v.ld;
  if (v_copied) {
    memset(vs, 0, (size_t)keys_pad * cols_pad * sizeof(float));
    for (int64_t j = 0; j < keys; ++j) tcp_aot_att_copy(vs + j * cols_pad, v.at, j * v.ld, v.step, cols, bf16);
    values = vs, ldv = cols_pad;
  }
  for (int64_t i0 = 0; i0 < length; i0 += TCP_AOT_ATT_ROWS) {
    int64_t rows = length - i0 < TCP_AOT_ATT_ROWS ? length - i0 : TCP_AOT_ATT_ROWS;
    int64_t tiles = (rows + TCP_AOT_ATT_TILE - 1) / TCP_AOT_ATT_TILE;
    memset(o, 0, (size_t)TCP_AOT_ATT_ROWS * cols_pad * sizeof(float));
    for (int64_t i = 0; i < rows; ++i) max[i] = -__builtin_inff(), sum[i] = 0;
    // A causal block's keys end after its last query's.
    int64_t key_end = causal && i0 + rows < keys ? i0 + rows : keys;
    for (int64_t j0 = 0; j0 < key_end; j0 += TCP_AOT_ATT_KEYS) {
      int64_t valid = key_end - j0 < TCP_AOT_ATT_KEYS ? key_end - j0 : TCP_AOT_ATT_KEYS;
      int64_t block = tcp_aot_round_up(valid, 32);
      for (int64_t t = 0; t < tiles; ++t) {
        int64_t first = i0 + t * TCP_AOT_ATT_TILE;
        const float *tile = qs + first * depth;
        if (!q_copied) {  // in place, but a partial last tile (copied, zero-padded)
          tile = (const float *)q.at + first * q.ld;
          if (length - first < TCP_AOT_ATT_TILE) {
            for (int64_t i = 0; i < length - first; ++i)
              memcpy(qs + i * depth, (const float *)q.at + (first + i) * q.ld, (size_t)depth * sizeof(float));
            tile = qs;
          }
        }
        tcp_aot_attention_tile(tile, q_copied || tile == qs ? depth : q.ld, depth, kt + j0, keys_pad,
                               s + t * TCP_AOT_ATT_TILE * TCP_AOT_ATT_KEYS, TCP_AOT_ATT_KEYS, block, false);
      }
      for (int64_t i = 0; i < rows; ++i) {
        int64_t limit = causal && i0 + i + 1 - j0 < valid ? i0 + i + 1 - j0 : valid;
        int64_t first = (i0 + i) * mask_row + j0 * mask_step, step = mask_step;
        const float *mask = (const float *)m.at + first;
        if (bf16) {  // the row's mask as float32
          tcp_aot_att_copy(row_mask, m.at, first, step, step ? limit : 1, true);
          mask = row_mask, step = step != 0;
        }
        tcp_aot_softmax_row(s + i * TCP_AOT_ATT_KEYS, block, limit, scale, mask, step, &max[i], &sum[i],
                            o + i * cols_pad, cols);
      }
      // A partial tile's rows beyond the block's weigh nothing.
      for (int64_t i = rows; i < tiles * TCP_AOT_ATT_TILE; ++i)
        memset(s + i * TCP_AOT_ATT_KEYS, 0, block * sizeof(float));
      // Over the real keys only: values read in place end at the last one.
      for (int64_t t = 0; t < tiles; ++t)
        tcp_aot_attention_tile(s + t * TCP_AOT_ATT_TILE * TCP_AOT_ATT_KEYS, TCP_AOT_ATT_KEYS, valid,
                               values + j0 * ldv, ldv, o + t * TCP_AOT_ATT_TILE * cols_pad, cols_pad, cols_pad, true);
    }
    for (int64_t i = 0; i < rows; ++i)
      tcp_aot_att_store(out.at, (i0 + i) * out.ld, out.step, o + i * cols_pad, cols, sum[i] > 0 ? 1 / sum[i] : 0,
                        bf16);
  }
  return true;
}

// float32's and bfloat16's entries: the blocks, else (no scratch memory
// left) a query and a key at a time.
#define TCP_AOT_ATTENTION_ENTRY(name, memref, bf16)                                                              \
  TCP_AOT_HIDDEN void _mlir_ciface___tcp_aot_attention_##name(memref *q, memref *k, memref *v, memref *m,         \
                                                               memref *out, float scale, bool causal) {          \
    if (tcp_aot_attention_blocks(TCP_AOT_ATT_MATRIX(q), TCP_AOT_ATT_MATRIX(k), TCP_AOT_ATT_MATRIX(v),            \
                                 TCP_AOT_ATT_MATRIX(m), TCP_AOT_ATT_MATRIX(out), scale, causal, bf16))           \
      return;                                                                                                    \
    TCP_AOT_MASK_STRIDES(m);                                                                                     \
    tcp_aot_attention_rows_##name(q, k, v, m->aligned + m->offset, mask_row, mask_step, out, scale, causal);     \
  }
TCP_AOT_ATTENTION_ENTRY(f32, tcp_aot_memref_f32_2d, false)
TCP_AOT_ATTENTION_ENTRY(bf16, tcp_aot_memref_bf16_2d, true)
