// oxtorch CUDA kernel prelude: element types, PyTorch's conversions (c10::convert) and complex arithmetic.
// Compiled by NVRTC in front of every generated kernel; the test suite also compiles it as host C++ (where
// `__CUDACC__` is undefined) to check the generated kernels against the CPU backend without a GPU.

#if defined(__CUDACC__)
#define DEV __device__ __forceinline__
#define GLOBAL extern "C" __global__
#else
#include <cmath>
#include <cstring>
// CUDA's math library overloads each function for float and double, as <cmath> does in std
using std::acos; using std::acosh; using std::asin; using std::asinh; using std::atan; using std::atanh;
using std::ceil; using std::cos; using std::cosh; using std::erf; using std::erfc; using std::exp;
using std::exp2; using std::expm1; using std::fabs; using std::floor; using std::isfinite; using std::isinf;
using std::log; using std::log10; using std::log1p; using std::log2; using std::nearbyint; using std::signbit;
using std::sin; using std::sinh; using std::sqrt; using std::tan; using std::tanh; using std::trunc;
#define DEV inline
#define GLOBAL static
struct Dim3 { unsigned x, y, z; };
static Dim3 blockIdx, threadIdx, blockDim, gridDim;
#endif

typedef unsigned char u8;
typedef signed char i8;
typedef short i16;
typedef int i32;
typedef long long i64;
typedef unsigned long long u64;

struct alignas(2) half_t { unsigned short x; };
struct alignas(2) bf16_t { unsigned short x; };
struct alignas(8) c64 { float re, im; };
struct alignas(16) c128 { double re, im; };

template <typename T, int N> struct alignas(sizeof(T) * N) Pack { T v[N]; };

DEV unsigned f32_bits(float f) {
#if defined(__CUDACC__)
  return __float_as_uint(f);
#else
  unsigned u; std::memcpy(&u, &f, 4); return u;
#endif
}

DEV float bits_f32(unsigned u) {
#if defined(__CUDACC__)
  return __uint_as_float(u);
#else
  float f; std::memcpy(&f, &u, 4); return f;
#endif
}

// float16 <-> float32: the hardware conversions on the GPU (round to nearest even); the same rounding in
// software on the host.
DEV float h2f(half_t h) {
#if defined(__CUDA_ARCH__)
  float f; asm("cvt.f32.f16 %0, %1;" : "=f"(f) : "h"(h.x)); return f;
#else
  const unsigned w = (unsigned)h.x << 16;
  const unsigned sign = w & 0x80000000u;
  const unsigned two_w = w + w;
  const float normalized = bits_f32((two_w >> 4) + (0xE0u << 23)) * 0x1.0p-112f;
  const float denormalized = bits_f32((two_w >> 17) | (126u << 23)) - 0.5f;
  return bits_f32(sign | (two_w < (1u << 27) ? f32_bits(denormalized) : f32_bits(normalized)));
#endif
}

DEV half_t f2h(float f) {
  half_t r;
#if defined(__CUDA_ARCH__)
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(r.x) : "f"(f));
#else
  float base = (std::fabs(f) * 0x1.0p+112f) * 0x1.0p-110f;
  const unsigned w = f32_bits(f);
  const unsigned shl1_w = w + w;
  const unsigned sign = w & 0x80000000u;
  unsigned bias = shl1_w & 0xFF000000u;
  if (bias < 0x71000000u) bias = 0x71000000u;
  base = bits_f32((bias >> 1) + 0x07800000u) + base;
  const unsigned bits = f32_bits(base);
  const unsigned nonsign = ((bits >> 13) & 0x7C00u) + (bits & 0x0FFFu);
  r.x = (unsigned short)((sign >> 16) | (shl1_w > 0xFF000000u ? 0x7E00u : nonsign));
#endif
  return r;
}

// bfloat16 <-> float32: a shift one way; round to nearest even the other (the hardware conversion on sm_80 and
// newer, c10's round_to_nearest_even before and on the host).
DEV float b2f(bf16_t b) { return bits_f32((unsigned)b.x << 16); }

DEV bf16_t f2b(float f) {
  bf16_t r;
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
  asm("cvt.rn.bf16.f32 %0, %1;" : "=h"(r.x) : "f"(f));
#else
  if (f != f) {
    r.x = 0x7FC0u;
  } else {
    const unsigned u = f32_bits(f);
    r.x = (unsigned short)((u + ((u >> 16) & 1u) + 0x7FFFu) >> 16);
  }
#endif
  return r;
}

// Conversions between element types, as c10::convert does them: complex to real keeps the real part, anything
// to bool is "nonzero", float16/bfloat16 convert through float32 (so double and int64 round twice), floating
// to uint8 goes through int64, every other pair is a C++ static_cast.
template <typename D, typename S> struct Cvt { DEV static D f(S s) { return static_cast<D>(s); } };
template <> struct Cvt<u8, float> { DEV static u8 f(float s) { return (u8)(i64)s; } };
template <> struct Cvt<u8, double> { DEV static u8 f(double s) { return (u8)(i64)s; } };
template <typename D> struct Cvt<D, half_t> { DEV static D f(half_t s) { return Cvt<D, float>::f(h2f(s)); } };
template <typename D> struct Cvt<D, bf16_t> { DEV static D f(bf16_t s) { return Cvt<D, float>::f(b2f(s)); } };
template <typename S> struct Cvt<half_t, S> { DEV static half_t f(S s) { return f2h(Cvt<float, S>::f(s)); } };
template <typename S> struct Cvt<bf16_t, S> { DEV static bf16_t f(S s) { return f2b(Cvt<float, S>::f(s)); } };
template <> struct Cvt<half_t, half_t> { DEV static half_t f(half_t s) { return s; } };
template <> struct Cvt<bf16_t, bf16_t> { DEV static bf16_t f(bf16_t s) { return s; } };
template <> struct Cvt<half_t, bf16_t> { DEV static half_t f(bf16_t s) { return f2h(b2f(s)); } };
template <> struct Cvt<bf16_t, half_t> { DEV static bf16_t f(half_t s) { return f2b(h2f(s)); } };
template <typename D> struct Cvt<D, c64> { DEV static D f(c64 s) { return Cvt<D, float>::f(s.re); } };
template <typename D> struct Cvt<D, c128> { DEV static D f(c128 s) { return Cvt<D, double>::f(s.re); } };
template <> struct Cvt<bool, c64> { DEV static bool f(c64 s) { return s.re != 0 || s.im != 0; } };
template <> struct Cvt<bool, c128> { DEV static bool f(c128 s) { return s.re != 0 || s.im != 0; } };
template <> struct Cvt<half_t, c64> { DEV static half_t f(c64 s) { return f2h(s.re); } };
template <> struct Cvt<half_t, c128> { DEV static half_t f(c128 s) { return f2h((float)s.re); } };
template <> struct Cvt<bf16_t, c64> { DEV static bf16_t f(c64 s) { return f2b(s.re); } };
template <> struct Cvt<bf16_t, c128> { DEV static bf16_t f(c128 s) { return f2b((float)s.re); } };
template <typename S> struct Cvt<c64, S> { DEV static c64 f(S s) { return c64{Cvt<float, S>::f(s), 0.0f}; } };
template <typename S> struct Cvt<c128, S> { DEV static c128 f(S s) { return c128{Cvt<double, S>::f(s), 0.0}; } };
template <> struct Cvt<c64, half_t> { DEV static c64 f(half_t s) { return c64{h2f(s), 0.0f}; } };
template <> struct Cvt<c64, bf16_t> { DEV static c64 f(bf16_t s) { return c64{b2f(s), 0.0f}; } };
template <> struct Cvt<c128, half_t> { DEV static c128 f(half_t s) { return c128{(double)h2f(s), 0.0}; } };
template <> struct Cvt<c128, bf16_t> { DEV static c128 f(bf16_t s) { return c128{(double)b2f(s), 0.0}; } };
template <> struct Cvt<c64, c64> { DEV static c64 f(c64 s) { return s; } };
template <> struct Cvt<c128, c128> { DEV static c128 f(c128 s) { return s; } };
template <> struct Cvt<c64, c128> { DEV static c64 f(c128 s) { return c64{(float)s.re, (float)s.im}; } };
template <> struct Cvt<c128, c64> { DEV static c128 f(c64 s) { return c128{(double)s.re, (double)s.im}; } };

// Complex arithmetic as c10::complex computes it: (a+bi)(c+di) = (ac - bd) + (ad + bc)i, and Smith's scaled
// division.
template <typename C, typename T> DEV C cadd(C x, C y) { return C{x.re + y.re, x.im + y.im}; }
template <typename C, typename T> DEV C cmul(C x, C y) {
  const T a = x.re, b = x.im, c = y.re, d = y.im;
  return C{a * c - b * d, a * d + b * c};
}
template <typename C, typename T> DEV C cdiv(C x, C y) {
  const T a = x.re, b = x.im, c = y.re, d = y.im;
  const T abs_c = c < 0 ? -c : c;
  const T abs_d = d < 0 ? -d : d;
  if (abs_c >= abs_d) {
    if (abs_c == T(0) && abs_d == T(0)) {
      return C{a / abs_c, b / abs_d};
    }
    const T rat = d / c;
    const T scl = T(1.0) / (c + d * rat);
    return C{(a + b * rat) * scl, (b - a * rat) * scl};
  }
  const T rat = c / d;
  const T scl = T(1.0) / (d + c * rat);
  return C{(a * rat + b) * scl, (b * rat - a) * scl};
}
template <typename C, typename T> DEV C csub(C x, C y) { return C{x.re - y.re, x.im - y.im}; }
DEV c64 operator-(c64 x, c64 y) { return csub<c64, float>(x, y); }
DEV c128 operator-(c128 x, c128 y) { return csub<c128, double>(x, y); }
// |x| as std::abs of a complex number computes it (a hypotenuse)
DEV float cabs_(c64 x) { return hypotf(x.re, x.im); }
DEV double cabs_(c128 x) { return hypot(x.re, x.im); }
DEV c64 operator+(c64 x, c64 y) { return cadd<c64, float>(x, y); }
DEV c128 operator+(c128 x, c128 y) { return cadd<c128, double>(x, y); }
DEV c64 operator*(c64 x, c64 y) { return cmul<c64, float>(x, y); }
DEV c128 operator*(c128 x, c128 y) { return cmul<c128, double>(x, y); }
DEV c64 operator/(c64 x, c64 y) { return cdiv<c64, float>(x, y); }
DEV c128 operator/(c128 x, c128 y) { return cdiv<c128, double>(x, y); }

// Real helpers under one name for float and double.
DEV float fma_(float a, float b, float c) { return fmaf(a, b, c); }
DEV double fma_(double a, double b, double c) { return fma(a, b, c); }
DEV float trunc_(float x) { return truncf(x); }
DEV double trunc_(double x) { return trunc(x); }
DEV float floor_(float x) { return floorf(x); }
DEV double floor_(double x) { return floor(x); }
DEV float fmod_(float a, float b) { return fmodf(a, b); }
DEV double fmod_(double a, double b) { return fmod(a, b); }
DEV float copysign_(float a, float b) { return copysignf(a, b); }
DEV double copysign_(double a, double b) { return copysign(a, b); }

// Integer division as PyTorch's CUDA kernels get it: the plain operators, which on the GPU never trap. Dividing by
// zero gives all ones, quotient and remainder alike (for 64-bit operands whose values fit 32 bits, the compiler's
// 32-bit routine runs and gives 32 of them), as recorded from PyTorch's CUDA build; the most negative value divided
// by -1 wraps. The host build, where those operations trap, computes the same results without them.
template <typename T> DEV T idiv(T a, T b) {
#if defined(__CUDACC__)
  return (T)(a / b);
#else
  if (b == 0) {
    if (sizeof(T) == 8 && a >= 0 && (u64)a <= 0xFFFFFFFFull) return (T)0xFFFFFFFFull;
    return (T)-1;
  }
  if ((T)-1 < (T)0 && b == (T)-1) return (T)(0 - (u64)a);
  return (T)(a / b);
#endif
}
template <typename T> DEV T imod(T a, T b) {
#if defined(__CUDACC__)
  // uint8 by zero: all ones, which PyTorch's remainder kernel returns explicitly (NVRTC's narrow remainder would
  // give the dividend)
  if (sizeof(T) == 1 && (T)-1 > (T)0 && b == (T)0) return (T)0xFF;
  return (T)(a % b);
#else
  if (b == 0) return idiv<T>(a, b);
  if ((T)-1 < (T)0 && b == (T)-1) return (T)0;
  return (T)(a % b);
#endif
}

// PyTorch's `pow`: the math library's for floats; integers by repeated squaring with wrapping products (computed
// in 64 bits, whose low bits are the narrower type's), a negative exponent giving 1 for a base of 1, +-1 for -1 and 0
// otherwise; complex numbers as exp(e * log(x)), glibc's `cpow`.
DEV float pow_(float a, float b) { return powf(a, b); }
DEV double pow_(double a, double b) { return pow(a, b); }
template <typename T> DEV T powi_(T a, T b) {
  if ((long long)b < 0) {
    if ((long long)a == 1) return (T)1;
    if ((long long)a == -1) return ((long long)b % 2 == 0) ? (T)1 : a;
    return (T)0;
  }
  u64 result = 1, base = (u64)(long long)a, e = (u64)(long long)b;
  while (e) {
    if (e & 1) result *= base;
    e >>= 1;
    base *= base;
  }
  return (T)result;
}
// (single-precision functions named explicitly: the host build's C library has no float overloads of `log`)
DEV c64 cpow_(c64 x, c64 e) {
  const c64 p = e * c64{logf(hypotf(x.re, x.im)), atan2f(x.im, x.re)};
  if (p.im == 0.0f) return c64{expf(p.re), p.im};  // glibc's cexp(x + 0i): no inf * 0
  const float m = expf(p.re);
  return c64{m * cosf(p.im), m * sinf(p.im)};
}
DEV c128 cpow_(c128 x, c128 e) {
  const c128 p = e * c128{log(hypot(x.re, x.im)), atan2(x.im, x.re)};
  if (p.im == 0.0) return c128{exp(p.re), p.im};
  const double m = exp(p.re);
  return c128{m * cos(p.im), m * sin(p.im)};
}

// PyTorch's complex `logaddexp` on CUDA (LogAddExpKernel.cu), which differs from its CPU kernel: the smaller and
// the larger by real part (on a tie `y` is the smaller, `x` the larger; a number with a NaN part takes both
// places, `y` first), exponentials built from exp, cos and sin (an infinite real part by `cexp_inf_`), and c10's
// CUDA `log1p` (the angle by atan2, the modulus's logarithm by log1p below |z| = 0.5).
DEV float exp_(float x) { return expf(x); }
DEV double exp_(double x) { return exp(x); }
DEV float cos_(float x) { return cosf(x); }
DEV double cos_(double x) { return cos(x); }
DEV float sin_(float x) { return sinf(x); }
DEV double sin_(double x) { return sin(x); }
DEV float log_(float x) { return logf(x); }
DEV double log_(double x) { return log(x); }
DEV float log1p_(float x) { return log1pf(x); }
DEV double log1p_(double x) { return log1p(x); }
DEV float atan2_(float y, float x) { return atan2f(y, x); }
DEV double atan2_(double y, double x) { return atan2(y, x); }
DEV float hypot_(float x, float y) { return hypotf(x, y); }
DEV double hypot_(double x, double y) { return hypot(x, y); }
template <typename C, typename T> DEV C cexp_inf_(C x) {
  const T inf = (T)1.0 / (T)0.0;
  if (!isfinite(x.im)) return C{inf, inf - inf};
  const T s = sin_(x.im), c = cos_(x.im);
  return C{c == (T)0 ? (T)0 : inf * c, s == (T)0 ? (T)0 : inf * s};
}
template <typename C, typename T> DEV C clog1p_(C z) {
  const T x = z.re, y = z.im;
  const T theta = atan2_(y, x + (T)1);
  if (hypot_(x, y) < (T)0.5) {
    const T r = x * ((T)2 + x) + y * y;
    if (r == (T)0) return C{x, theta};
    return C{(T)0.5 * log1p_(r), theta};
  }
  return C{log_(hypot_(x + (T)1, y)), theta};
}
template <typename C, typename T> DEV C clogaddexp_t(C x, C y) {
  const bool nan_x = x.re != x.re || x.im != x.im, nan_y = y.re != y.re || y.im != y.im;
  const C lo = nan_y ? y : (nan_x ? x : (x.re < y.re ? x : y));
  const C hi = nan_y ? y : (nan_x ? x : (x.re >= y.re ? x : y));
  if (lo.re != lo.re || lo.im != lo.im) {
    const T nan = (T)0.0 / (T)0.0;
    return C{nan, nan};
  }
  if (!isfinite(lo.re) && lo.re == hi.re) {
    if (lo.re < (T)0) return lo;
    const C sum = cexp_inf_<C, T>(lo) + cexp_inf_<C, T>(hi);
    return clog1p_<C, T>(C{sum.re - (T)1, sum.im});
  }
  const C d = lo - hi;
  C e;
  if (!isfinite(d.re)) {
    e = d.re < (T)0 ? C{(T)0, (T)0} : cexp_inf_<C, T>(d);
  } else {
    const T m = exp_(d.re);
    e = C{m * cos_(d.im), m * sin_(d.im)};
  }
  return clog1p_<C, T>(e) + hi;
}
DEV c64 clogaddexp_(c64 x, c64 y) { return clogaddexp_t<c64, float>(x, y); }
DEV c128 clogaddexp_(c128 x, c128 y) { return clogaddexp_t<c128, double>(x, y); }

// PyTorch's shifts: to the left, 0 for a shift outside 0..bits; to the right, arithmetic, a shift outside the type's
// range filling with the sign (0 for unsigned types). `b` is read as signed, as PyTorch's check reads it.
template <typename T> DEV T lshift_(T a, T b) {
  if ((long long)b < 0 || (long long)b >= (long long)(sizeof(T) * 8)) return (T)0;
  return (T)((u64)a << (unsigned)b);
}
template <typename T> DEV T rshift_(T a, T b) {
  const bool is_signed = (T)-1 < (T)0;
  const long long max = (long long)(sizeof(T) * 8) - (is_signed ? 1 : 0);
  if ((long long)b < 0 || (long long)b >= max) return is_signed ? (T)(a >> (unsigned)max) : (T)0;
  return (T)(a >> (unsigned)b);
}

// `nextafter` in the storage type: the C library's for float and double, c10's bit steps (musl's algorithm) for
// float16 and bfloat16, whose NaN results are the canonical quiet NaN.
DEV float nextafter_(float a, float b) { return nextafterf(a, b); }
DEV double nextafter_(double a, double b) { return nextafter(a, b); }
DEV unsigned short next_bits16(unsigned short f, unsigned short t) {
  if (f == t) return f;
  const unsigned short af = f & 0x7fff, at = t & 0x7fff;
  if (af == 0) return at == 0 ? t : (unsigned short)((t & 0x8000) | 1);
  return (af > at || ((f ^ t) & 0x8000)) ? (unsigned short)(f - 1) : (unsigned short)(f + 1);
}
DEV half_t nextafter_(half_t a, half_t b) {
  half_t r;
  r.x = (h2f(a) != h2f(a) || h2f(b) != h2f(b)) ? (unsigned short)0x7e00 : next_bits16(a.x, b.x);
  return r;
}
DEV bf16_t nextafter_(bf16_t a, bf16_t b) {
  bf16_t r;
  r.x = (b2f(a) != b2f(a) || b2f(b) != b2f(b)) ? (unsigned short)0x7fc0 : next_bits16(a.x, b.x);
  return r;
}

// The extrema of `maximum`/`minimum` (NaN operands are handled by the formula): the hardware's `max`/`min` for
// floats (`fmaxf`/`fmin` on the GPU, the C library's on the host), a plain comparison for integers.
DEV float max_(float a, float b) { return fmaxf(a, b); }
DEV double max_(double a, double b) { return fmax(a, b); }
DEV float min_(float a, float b) { return fminf(a, b); }
DEV double min_(double a, double b) { return fmin(a, b); }
template <typename T> DEV T max_(T a, T b) { return a < b ? b : a; }
template <typename T> DEV T min_(T a, T b) { return b < a ? b : a; }
// complex equality, as c10::complex compares: both parts equal
DEV bool operator==(c64 x, c64 y) { return x.re == y.re && x.im == y.im; }
DEV bool operator==(c128 x, c128 y) { return x.re == y.re && x.im == y.im; }
DEV bool operator!=(c64 x, c64 y) { return !(x == y); }
DEV bool operator!=(c128 x, c128 y) { return !(x == y); }
