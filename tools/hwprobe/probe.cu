// probe.cu -- capture ground truth from NVIDIA texture hardware through CUDA texture objects.
//
// Every texture's contents come from a formula (see content_kinds in the manifest and texel_raw()
// below); every query's arguments are stored next to its results, or (for exhaustive "sweeps")
// are defined as "every float32 in [lo, hi)" in IEEE total order.  Output: <outdir>/*.bin
// (raw little-endian u32/f32) and <outdir>/manifest.json.
//
// Build: nvcc -O2 -std=c++17 -arch=sm_90 -o probe probe.cu
// Run:   ./probe <outdir>
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdarg>
#include <cstdlib>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <string>
#include <vector>
#include <algorithm>
#include <type_traits>
#include <map>

// ------------------------------------------------------------------------------------------
// hash and content formulas (host side; documented verbatim in the manifest)
// ------------------------------------------------------------------------------------------
static inline uint32_t hash32(uint32_t x) {
  x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x;
}
static inline uint32_t H6(uint32_t seed, uint32_t x, uint32_t y, uint32_t z, uint32_t L, uint32_t c) {
  uint32_t h = hash32(seed);
  h = hash32(h ^ x); h = hash32(h ^ y); h = hash32(h ^ z); h = hash32(h ^ L); h = hash32(h ^ c);
  return h;
}
static inline uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static inline float bitsf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint16_t f2h_exact_small_int(int v) {  // exact half for small integers (|v| < 2048)
  if (v == 0) return 0;
  uint16_t s = 0; if (v < 0) { s = 0x8000; v = -v; }
  int e = 0; while ((1 << (e + 1)) <= v) e++;
  uint32_t mant = (uint32_t)(v - (1 << e)) << (10 - e);
  return (uint16_t)(s | ((e + 15) << 10) | mant);
}

// storage formats
enum Fmt {
  U8X1, U8X2, U8X4, S8X1, S8X4, U16X1, U16X4, S16X1, S16X4, F16X1, F16X4, F32X1, F32X2, F32X4,
  U32X1, S32X1, U32X4,
  BC1, BC1S, BC2, BC3, BC4U, BC4S, BC5U, BC5S, BC6HU, BC6HS, BC7, BC7S, FMT_COUNT
};
struct FmtInfo { const char* name; int nch; int bits; char kind; /* u=unsigned int, s=signed int, f=float, b=block */ };
static const FmtInfo FI[FMT_COUNT] = {
  {"u8x1",1,8,'u'},{"u8x2",2,8,'u'},{"u8x4",4,8,'u'},{"s8x1",1,8,'s'},{"s8x4",4,8,'s'},
  {"u16x1",1,16,'u'},{"u16x4",4,16,'u'},{"s16x1",1,16,'s'},{"s16x4",4,16,'s'},
  {"f16x1",1,16,'f'},{"f16x4",4,16,'f'},{"f32x1",1,32,'f'},{"f32x2",2,32,'f'},{"f32x4",4,32,'f'},
  {"u32x1",1,32,'u'},{"s32x1",1,32,'s'},{"u32x4",4,32,'u'},
  {"bc1",4,0,'b'},{"bc1_srgb",4,0,'b'},{"bc2",4,0,'b'},{"bc3",4,0,'b'},{"bc4_unorm",1,0,'b'},{"bc4_snorm",1,0,'b'},
  {"bc5_unorm",2,0,'b'},{"bc5_snorm",2,0,'b'},{"bc6h_ufloat",3,0,'b'},{"bc6h_sfloat",3,0,'b'},{"bc7",4,0,'b'},{"bc7_srgb",4,0,'b'},
};
static int bc_block_bytes(int f) { return (f == BC1 || f == BC1S || f == BC4U || f == BC4S) ? 8 : 16; }
static cudaResourceViewFormat bc_view(int f) {
  switch (f) {
    case BC1: case BC1S: return cudaResViewFormatUnsignedBlockCompressed1;
    case BC2: return cudaResViewFormatUnsignedBlockCompressed2;
    case BC3: return cudaResViewFormatUnsignedBlockCompressed3;
    case BC4U: return cudaResViewFormatUnsignedBlockCompressed4;
    case BC4S: return cudaResViewFormatSignedBlockCompressed4;
    case BC5U: return cudaResViewFormatUnsignedBlockCompressed5;
    case BC5S: return cudaResViewFormatSignedBlockCompressed5;
    case BC6HU: return cudaResViewFormatUnsignedBlockCompressed6H;
    case BC6HS: return cudaResViewFormatSignedBlockCompressed6H;
    default: return cudaResViewFormatUnsignedBlockCompressed7;
  }
}
static cudaChannelFormatKind bc_kind(int f) {
  switch (f) {
    case BC1: return cudaChannelFormatKindUnsignedBlockCompressed1;
    case BC1S: return cudaChannelFormatKindUnsignedBlockCompressed1SRGB;
    case BC2: return cudaChannelFormatKindUnsignedBlockCompressed2;
    case BC3: return cudaChannelFormatKindUnsignedBlockCompressed3;
    case BC4U: return cudaChannelFormatKindUnsignedBlockCompressed4;
    case BC4S: return cudaChannelFormatKindSignedBlockCompressed4;
    case BC5U: return cudaChannelFormatKindUnsignedBlockCompressed5;
    case BC5S: return cudaChannelFormatKindSignedBlockCompressed5;
    case BC6HU: return cudaChannelFormatKindUnsignedBlockCompressed6H;
    case BC6HS: return cudaChannelFormatKindSignedBlockCompressed6H;
    case BC7: return cudaChannelFormatKindUnsignedBlockCompressed7;
    default: return cudaChannelFormatKindUnsignedBlockCompressed7SRGB;
  }
}

enum Content { C_HASH, C_COORD, C_CORNER, C_RAMP8, C_ALLVAL, C_GATHERID, C_BCHASH, C_PAIRS8, C_ALLVAL2D, C_FSPECIAL };
static const char* CONTENT_NAME[] = {"hash", "coord", "corner", "ramp8", "allval", "gatherid", "bchash", "pairs8", "allval2d", "fspecial"};
// fspecial: f32 bit patterns (zeros, denormals, extremes, infinities, signalling and quiet NaNs)
static const uint32_t FSPECIAL[32] = {
  0x00000000u, 0x80000000u, 0x00000001u, 0x80000001u, 0x007fffffu, 0x807fffffu, 0x00800000u, 0x3f800000u,
  0xbf800000u, 0x7f7fffffu, 0xff7fffffu, 0x7f800000u, 0xff800000u, 0x7f800001u, 0xff800001u, 0x7fbfffffu,
  0x7fc00000u, 0xffc00000u, 0x7fc00001u, 0x7fffffffu, 0xffffffffu, 0x7fa5a5a5u, 0x3f000000u, 0x00400000u,
  0x80400000u, 0x34000000u, 0x42f60000u, 0xc2f60000u, 0x1e3ce508u, 0x9e3ce508u, 0x7f000000u, 0x00000010u};

// raw channel value (the bit pattern stored in the channel, zero-extended to 32 bits)
static uint32_t texel_raw(int fmt, int content, uint32_t seed, int x, int y, int z, int L, int c) {
  const FmtInfo& f = FI[fmt];
  uint32_t mask = f.bits == 32 ? 0xFFFFFFFFu : ((1u << f.bits) - 1);
  switch (content) {
    case C_HASH: {
      uint32_t h = H6(seed, x, y, z, L, c);
      if (f.kind == 'f' && f.bits == 16) return h & 0xBFFF;
      if (f.kind == 'f' && f.bits == 32) return (h & 0x807FFFFFu) | ((120u + ((h >> 23) & 7u)) << 23);
      return h & mask;
    }
    case C_COORD: {
      int v = c == 0 ? x : c == 1 ? y : c == 2 ? z : L;
      if (f.kind == 'f' && f.bits == 32) return fbits((float)v);
      if (f.kind == 'f' && f.bits == 16) return f2h_exact_small_int(v);
      return (uint32_t)v & mask;
    }
    case C_CORNER: {
      bool on = (x + 2 * y == c) && (z == (int)seed);
      if (!on) return 0;
      if (f.kind == 'f') return f.bits == 32 ? 0x3F800000u : 0x3C00u;
      if (f.kind == 's') return mask >> 1;
      return mask;
    }
    case C_RAMP8: {
      if (c == 0) return x & 255;
      if (c == 1) return H6(seed, x, y, z, L, 1) & 255;
      if (c == 2) return (x * 37) & 255;
      return (x & 1) ? 255 : 0;
    }
    case C_ALLVAL: return c == 0 ? ((uint32_t)x & mask) : 0;
    case C_ALLVAL2D: return c == 0 ? ((uint32_t)(y * 256 + x) & mask) : 0;
    case C_PAIRS8: {
      uint32_t a = (uint32_t)(x >> 1) & 255u, b = (uint32_t)y & 255u;
      uint32_t c0 = (x & 1) ? b : a, c1 = (x & 1) ? a : b;
      return (c == 0 ? c0 : c == 1 ? c1 : c == 2 ? c0 ^ 0x80u : c1 ^ 0x80u) & mask;
    }
    case C_FSPECIAL: return FSPECIAL[(x + 5 * y + 11 * c) & 31];
    case C_GATHERID: {
      int v = c == 0 ? x : c == 1 ? y : c == 2 ? x + 16 * y : -(x + 16 * y) - 1;
      return fbits((float)v);
    }
  }
  return 0;
}

// ------------------------------------------------------------------------------------------
// query kinds
// ------------------------------------------------------------------------------------------
enum QK {
  Q_TEX1D, Q_TEX2D, Q_TEX3D, Q_TEX1DLOD, Q_TEX2DLOD, Q_TEX3DLOD, Q_TEX1DGRAD, Q_TEX2DGRAD, Q_TEX3DGRAD,
  Q_CUBE, Q_CUBELOD, Q_CUBEGRAD, Q_TEX1DLAYERED, Q_TEX2DLAYERED, Q_CUBELAYERED, Q_TEX2DLAYEREDLOD,
  Q_GATHER2D, Q_FETCH1D, Q_TLD1D, Q_TLD2D, Q_TLD3D, Q_TLD2DLOD, Q_TLDA2D, Q_TEX2DOFF, Q_TEX2DLODOFF,
  Q_GATHER2DOFF, Q_TEX2DDREF, Q_TEX2DLAYEREDGRAD, Q_TLD1DLOD, Q_TLD3DLOD, Q_COUNT
};
struct QInfo { const char* name; int nargs; const char* args; const char* how; };
static const QInfo QI[Q_COUNT] = {
  {"tex1D", 1, "x:f32", "tex1D<T>(t,x)"},
  {"tex2D", 2, "x:f32 y:f32", "tex2D<T>(t,x,y)"},
  {"tex3D", 3, "x:f32 y:f32 z:f32", "tex3D<T>(t,x,y,z)"},
  {"tex1DLod", 2, "x:f32 lod:f32", "tex1DLod<T>(t,x,lod)"},
  {"tex2DLod", 3, "x:f32 y:f32 lod:f32", "tex2DLod<T>(t,x,y,lod)"},
  {"tex3DLod", 4, "x:f32 y:f32 z:f32 lod:f32", "tex3DLod<T>(t,x,y,z,lod)"},
  {"tex1DGrad", 3, "x:f32 dPdx:f32 dPdy:f32", "tex1DGrad<T>(t,x,dPdx,dPdy)"},
  {"tex2DGrad", 6, "x:f32 y:f32 dPdx.x:f32 dPdx.y:f32 dPdy.x:f32 dPdy.y:f32", "tex2DGrad<T>(t,x,y,float2 dPdx,float2 dPdy)"},
  {"tex3DGrad", 9, "x:f32 y:f32 z:f32 dPdx.x:f32 dPdx.y:f32 dPdx.z:f32 dPdy.x:f32 dPdy.y:f32 dPdy.z:f32", "tex3DGrad<T>(t,x,y,z,float4 dPdx,float4 dPdy) (w=0)"},
  {"texCubemap", 3, "x:f32 y:f32 z:f32", "texCubemap<T>(t,x,y,z)"},
  {"texCubemapLod", 4, "x:f32 y:f32 z:f32 lod:f32", "texCubemapLod<T>(t,x,y,z,lod)"},
  {"texCubemapGrad", 9, "x:f32 y:f32 z:f32 dPdx.x:f32 dPdx.y:f32 dPdx.z:f32 dPdy.x:f32 dPdy.y:f32 dPdy.z:f32", "texCubemapGrad<T>(t,x,y,z,float4 dPdx,float4 dPdy) (w=0)"},
  {"tex1DLayered", 2, "x:f32 layer:i32", "tex1DLayered<T>(t,x,layer)"},
  {"tex2DLayered", 3, "x:f32 y:f32 layer:i32", "tex2DLayered<T>(t,x,y,layer)"},
  {"texCubemapLayered", 4, "x:f32 y:f32 z:f32 layer:i32", "texCubemapLayered<T>(t,x,y,z,layer)"},
  {"tex2DLayeredLod", 4, "x:f32 y:f32 layer:i32 lod:f32", "tex2DLayeredLod<T>(t,x,y,layer,lod)"},
  {"tex2Dgather", 3, "x:f32 y:f32 comp:i32", "tex2Dgather<T>(t,x,y,comp) (PTX tld4.{r,g,b,a}.2d)"},
  {"tex1Dfetch", 1, "i:i32", "tex1Dfetch<T>(t,i) on linear memory"},
  {"tld1d", 1, "x:i32", "PTX tex.1d.v4.f32.s32 (integer texel coordinates)"},
  {"tld2d", 2, "x:i32 y:i32", "PTX tex.2d.v4.f32.s32 (integer texel coordinates)"},
  {"tld3d", 3, "x:i32 y:i32 z:i32", "PTX tex.3d.v4.f32.s32 (integer texel coordinates; 4th vector element = z)"},
  {"tld2dlod", 3, "x:i32 y:i32 lod:i32", "PTX tex.level.2d.v4.f32.s32 (integer coords and integer level)"},
  {"tlda2d", 3, "layer:i32 x:i32 y:i32", "PTX tex.a2d.v4.f32.s32 {layer,x,y,y}"},
  {"tex2d_offset", 4, "x:f32 y:f32 ox:i32 oy:i32", "PTX tex.2d.v4.f32.f32 [t,{x,y}], {ox,oy} (texel offset operand from registers)"},
  {"tex2dlod_offset", 5, "x:f32 y:f32 lod:f32 ox:i32 oy:i32", "PTX tex.level.2d.v4.f32.f32 [t,{x,y}], lod, {ox,oy}"},
  {"gather2d_offset", 5, "x:f32 y:f32 comp:i32 ox:i32 oy:i32", "PTX tld4.{r,g,b,a}.2d.v4.f32.f32 [t,{x,y}], {ox,oy}"},
  {"tex2d_dref", 3, "x:f32 y:f32 dref:f32", "PTX tex.2d.v4.f32.f32 [t,{x,y}], dref (depth-compare operand; CUDA has no compare-func state)"},
  {"tex2DLayeredGrad", 7, "x:f32 y:f32 layer:i32 dPdx.x:f32 dPdx.y:f32 dPdy.x:f32 dPdy.y:f32", "tex2DLayeredGrad<T>(t,x,y,layer,float2,float2)"},
  {"tld1dlod", 2, "x:i32 lod:i32", "PTX tex.level.1d.v4.f32.s32 (integer coordinate and integer level)"},
  {"tld3dlod", 4, "x:i32 y:i32 z:i32 lod:i32", "PTX tex.level.3d.v4.f32.s32 (integer coords and integer level)"},
};

// ------------------------------------------------------------------------------------------
// device side
// ------------------------------------------------------------------------------------------
#define AF(i) __uint_as_float(a[i])
#define AI(i) ((int)a[i])
#define PTX4(r) "=f"(r.x), "=f"(r.y), "=f"(r.z), "=f"(r.w)

__device__ __forceinline__ float4 d_tld1d(cudaTextureObject_t t, int x) {
  float4 r; asm volatile("tex.1d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5}];" : PTX4(r) : "l"(t), "r"(x)); return r; }
__device__ __forceinline__ float4 d_tld2d(cudaTextureObject_t t, int x, int y) {
  float4 r; asm volatile("tex.2d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6}];" : PTX4(r) : "l"(t), "r"(x), "r"(y)); return r; }
__device__ __forceinline__ float4 d_tld3d(cudaTextureObject_t t, int x, int y, int z) {
  float4 r; asm volatile("tex.3d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%7}];" : PTX4(r) : "l"(t), "r"(x), "r"(y), "r"(z)); return r; }
__device__ __forceinline__ float4 d_tld2dlod(cudaTextureObject_t t, int x, int y, int l) {
  float4 r; asm volatile("tex.level.2d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7;" : PTX4(r) : "l"(t), "r"(x), "r"(y), "r"(l)); return r; }
__device__ __forceinline__ float4 d_tld1dlod(cudaTextureObject_t t, int x, int l) {
  float4 r; asm volatile("tex.level.1d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5}], %6;" : PTX4(r) : "l"(t), "r"(x), "r"(l)); return r; }
__device__ __forceinline__ float4 d_tld3dlod(cudaTextureObject_t t, int x, int y, int z, int l) {
  float4 r; asm volatile("tex.level.3d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%7}], %8;" : PTX4(r) : "l"(t), "r"(x), "r"(y), "r"(z), "r"(l)); return r; }
__device__ __forceinline__ float4 d_tlda2d(cudaTextureObject_t t, int l, int x, int y) {
  float4 r; asm volatile("tex.a2d.v4.f32.s32 {%0,%1,%2,%3}, [%4, {%5,%6,%7,%7}];" : PTX4(r) : "l"(t), "r"(l), "r"(x), "r"(y)); return r; }
__device__ __forceinline__ float4 d_tex2doff(cudaTextureObject_t t, float x, float y, int ox, int oy) {
  float4 r; asm volatile("tex.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};" : PTX4(r) : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy)); return r; }
__device__ __forceinline__ float4 d_tex2dlodoff(cudaTextureObject_t t, float x, float y, float l, int ox, int oy) {
  float4 r; asm volatile("tex.level.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7, {%8,%9};" : PTX4(r) : "l"(t), "f"(x), "f"(y), "f"(l), "r"(ox), "r"(oy)); return r; }
__device__ __forceinline__ float4 d_gather2doff(cudaTextureObject_t t, float x, float y, int c, int ox, int oy) {
  float4 r;
  switch (c) {
    case 0: asm volatile("tld4.r.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};" : PTX4(r) : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy)); break;
    case 1: asm volatile("tld4.g.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};" : PTX4(r) : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy)); break;
    case 2: asm volatile("tld4.b.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};" : PTX4(r) : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy)); break;
    default: asm volatile("tld4.a.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], {%7,%8};" : PTX4(r) : "l"(t), "f"(x), "f"(y), "r"(ox), "r"(oy)); break;
  }
  return r;
}
__device__ __forceinline__ float4 d_tex2ddref(cudaTextureObject_t t, float x, float y, float d) {
  float4 r; asm volatile("tex.2d.v4.f32.f32 {%0,%1,%2,%3}, [%4, {%5,%6}], %7;" : PTX4(r) : "l"(t), "f"(x), "f"(y), "f"(d)); return r; }

template <typename T> __device__ __forceinline__ T q(int kind, cudaTextureObject_t t, const uint32_t* a) {
  switch (kind) {
    case Q_TEX1D: return tex1D<T>(t, AF(0));
    case Q_TEX2D: return tex2D<T>(t, AF(0), AF(1));
    case Q_TEX3D: return tex3D<T>(t, AF(0), AF(1), AF(2));
    case Q_TEX1DLOD: return tex1DLod<T>(t, AF(0), AF(1));
    case Q_TEX2DLOD: return tex2DLod<T>(t, AF(0), AF(1), AF(2));
    case Q_TEX3DLOD: return tex3DLod<T>(t, AF(0), AF(1), AF(2), AF(3));
    case Q_TEX1DLAYERED: return tex1DLayered<T>(t, AF(0), AI(1));
    case Q_TEX2DLAYERED: return tex2DLayered<T>(t, AF(0), AF(1), AI(2));
    case Q_GATHER2D: return tex2Dgather<T>(t, AF(0), AF(1), AI(2));
    case Q_FETCH1D: return tex1Dfetch<T>(t, AI(0));
    default: break;
  }
  if constexpr (std::is_same<T, float4>::value) {
    switch (kind) {
      case Q_TEX1DGRAD: return tex1DGrad<float4>(t, AF(0), AF(1), AF(2));
      case Q_TEX2DGRAD: return tex2DGrad<float4>(t, AF(0), AF(1), make_float2(AF(2), AF(3)), make_float2(AF(4), AF(5)));
      case Q_TEX3DGRAD: return tex3DGrad<float4>(t, AF(0), AF(1), AF(2), make_float4(AF(3), AF(4), AF(5), 0.f), make_float4(AF(6), AF(7), AF(8), 0.f));
      case Q_CUBE: return texCubemap<float4>(t, AF(0), AF(1), AF(2));
      case Q_CUBELOD: return texCubemapLod<float4>(t, AF(0), AF(1), AF(2), AF(3));
      case Q_CUBEGRAD: return texCubemapGrad<float4>(t, AF(0), AF(1), AF(2), make_float4(AF(3), AF(4), AF(5), 0.f), make_float4(AF(6), AF(7), AF(8), 0.f));
      case Q_CUBELAYERED: return texCubemapLayered<float4>(t, AF(0), AF(1), AF(2), AI(3));
      case Q_TEX2DLAYEREDLOD: return tex2DLayeredLod<float4>(t, AF(0), AF(1), AI(2), AF(3));
      case Q_TEX2DLAYEREDGRAD: return tex2DLayeredGrad<float4>(t, AF(0), AF(1), AI(2), make_float2(AF(3), AF(4)), make_float2(AF(5), AF(6)));
      case Q_TLD1D: return d_tld1d(t, AI(0));
      case Q_TLD2D: return d_tld2d(t, AI(0), AI(1));
      case Q_TLD3D: return d_tld3d(t, AI(0), AI(1), AI(2));
      case Q_TLD2DLOD: return d_tld2dlod(t, AI(0), AI(1), AI(2));
      case Q_TLDA2D: return d_tlda2d(t, AI(0), AI(1), AI(2));
      case Q_TLD1DLOD: return d_tld1dlod(t, AI(0), AI(1));
      case Q_TLD3DLOD: return d_tld3dlod(t, AI(0), AI(1), AI(2), AI(3));
      case Q_TEX2DOFF: return d_tex2doff(t, AF(0), AF(1), AI(2), AI(3));
      case Q_TEX2DLODOFF: return d_tex2dlodoff(t, AF(0), AF(1), AF(2), AI(3), AI(4));
      case Q_GATHER2DOFF: return d_gather2doff(t, AF(0), AF(1), AI(2), AI(3), AI(4));
      case Q_TEX2DDREF: return d_tex2ddref(t, AF(0), AF(1), AF(2));
      default: break;
    }
  }
  T z; memset(&z, 0xFF, sizeof z); return z;
}

template <typename T> __device__ __forceinline__ void put4(uint32_t* o, T r) {
  uint32_t w[4]; memcpy(w, &r, 16); o[0] = w[0]; o[1] = w[1]; o[2] = w[2]; o[3] = w[3];
}

#define MAXARGS 12
template <typename T>
__global__ void klist(cudaTextureObject_t t, int kind, const uint32_t* args, int nargs, int n, uint32_t* out) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  uint32_t a[MAXARGS];
  for (int j = 0; j < MAXARGS; j++) a[j] = j < nargs ? args[(size_t)i * nargs + j] : 0;
  T r = q<T>(kind, t, a);
  put4(out + 4 * (size_t)i, r);
}

struct SweepP {
  int kind; int nslot; uint32_t a[MAXARGS]; int slot[4]; float mul[4];
  long long lo, hi; int chunk;
};
__device__ __forceinline__ uint32_t ord2bits(long long k) {
  return k >= 0 ? (uint32_t)k : (0x80000000u | (uint32_t)(-(k + 1)));
}
__device__ __forceinline__ void setp(uint32_t* a, const SweepP& p, long long k) {
  float f = __uint_as_float(ord2bits(k));
  for (int s = 0; s < p.nslot; s++) a[p.slot[s]] = __float_as_uint(__fmul_rn(f, p.mul[s]));
}
__global__ void ksweep(cudaTextureObject_t t, SweepP p, uint32_t* rec, unsigned int* cnt, unsigned int cap) {
  long long tid = (long long)blockIdx.x * blockDim.x + threadIdx.x;
  long long k0 = p.lo + tid * p.chunk;
  if (k0 >= p.hi) return;
  long long k1 = k0 + p.chunk < p.hi ? k0 + p.chunk : p.hi;
  uint32_t a[MAXARGS];
  for (int j = 0; j < MAXARGS; j++) a[j] = p.a[j];
  uint32_t pv[4] = {0, 0, 0, 0};
  bool have = false;
  if (k0 > p.lo) { setp(a, p, k0 - 1); float4 v = q<float4>(p.kind, t, a); put4(pv, v); have = true; }
  for (long long k = k0; k < k1; k++) {
    setp(a, p, k);
    float4 v = q<float4>(p.kind, t, a);
    uint32_t w[4]; put4(w, v);
    if (!have || w[0] != pv[0] || w[1] != pv[1] || w[2] != pv[2] || w[3] != pv[3]) {
      unsigned int i = atomicAdd(cnt, 1u);
      if (i < cap) { uint32_t* r = rec + 5 * (size_t)i; r[0] = ord2bits(k); r[1] = w[0]; r[2] = w[1]; r[3] = w[2]; r[4] = w[3]; }
    }
    pv[0] = w[0]; pv[1] = w[1]; pv[2] = w[2]; pv[3] = w[3]; have = true;
  }
}

// ------------------------------------------------------------------------------------------
// host: output files, manifest
// ------------------------------------------------------------------------------------------
static std::string g_outdir;
static FILE* g_bin = nullptr;
static std::string g_binname;
static size_t g_binoff = 0;
static std::vector<std::string> g_probes, g_textures;
static std::string g_devinfo;
static std::string g_manifest_name = "manifest.json";
static FILE* g_log = nullptr;
static double g_total_bytes = 0;
static std::string g_readmode_note;

static void logf(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
static void logf(const char* fmt, ...) {
  va_list ap; va_start(ap, fmt); vfprintf(stdout, fmt, ap); va_end(ap);
  if (g_log) { va_start(ap, fmt); vfprintf(g_log, fmt, ap); va_end(ap); fflush(g_log); }
  fflush(stdout);
}
static std::string S(const char* fmt, ...) __attribute__((format(printf, 1, 2)));
static std::string S(const char* fmt, ...) {
  char buf[8192]; va_list ap; va_start(ap, fmt); vsnprintf(buf, sizeof buf, fmt, ap); va_end(ap); return buf;
}
static std::string jstr(const std::string& s) {
  std::string o = "\"";
  for (char c : s) { if (c == '"' || c == '\\') { o += '\\'; o += c; } else if (c == '\n') o += "\\n"; else o += c; }
  return o + "\"";
}
static std::string jf(float f) {  // exact float: decimal with 9 significant digits plus bits
  if (std::isnan(f)) return "\"nan\"";
  if (std::isinf(f)) return f > 0 ? "\"inf\"" : "\"-inf\"";
  return S("%.9g", (double)f);
}
static std::map<std::pair<size_t, uint64_t>, size_t> g_coord_cache;  // identical coordinate arrays are stored once per group file
static void open_group(const char* name) {
  g_coord_cache.clear();
  if (g_bin) fclose(g_bin);
  g_binname = std::string(name) + ".bin";
  g_bin = fopen((g_outdir + "/" + g_binname).c_str(), "wb");
  g_binoff = 0;
  logf("== group %s\n", name);
}
static size_t put(const void* p, size_t n) {
  size_t off = g_binoff; fwrite(p, 1, n, g_bin); fflush(g_bin); g_binoff += n; g_total_bytes += n; return off;
}

static void write_manifest();

// ------------------------------------------------------------------------------------------
// textures and samplers
// ------------------------------------------------------------------------------------------
enum TT { T1D, T2D, T3D, TCUBE, T1DA, T2DA, TCUBEA, TLIN, TBC };
static const char* TT_NAME[] = {"1D", "2D", "3D", "CUBE", "1D_ARRAY", "2D_ARRAY", "CUBE_ARRAY", "BUFFER(linear memory)", "2D(block-compressed)"};

struct Tex {
  std::string id; int type = T2D; int fmt = F32X4; int w = 1, h = 1, d = 1; int levels = 1; bool mip = false;
  int content = C_HASH; uint32_t seed = 0;
  cudaArray_t arr = nullptr; cudaMipmappedArray_t mm = nullptr; void* lin = nullptr; size_t linBytes = 0;
  bool ok = false; std::string err;
};

static cudaChannelFormatDesc chan(int fmt) {
  const FmtInfo& f = FI[fmt];
  cudaChannelFormatKind k = f.kind == 'u' ? cudaChannelFormatKindUnsigned : f.kind == 's' ? cudaChannelFormatKindSigned : cudaChannelFormatKindFloat;
  int b = f.bits;
  return cudaCreateChannelDesc(b, f.nch > 1 ? b : 0, f.nch > 2 ? b : 0, f.nch > 3 ? b : 0, k);
}
static int texel_bytes(int fmt) { return FI[fmt].nch * FI[fmt].bits / 8; }

static void level_dims(const Tex& t, int L, int& w, int& h, int& d) {
  w = std::max(1, t.w >> L);
  h = (t.type == T1D || t.type == T1DA || t.type == TLIN) ? 1 : std::max(1, t.h >> L);
  if (t.type == TCUBE || t.type == TCUBEA) h = w;
  d = t.type == T3D ? std::max(1, t.d >> L) : (t.type == T2DA || t.type == T1DA || t.type == TCUBE || t.type == TCUBEA) ? t.d : 1;
}

static std::vector<uint8_t> gen_level(const Tex& t, int L) {
  int w, h, d; level_dims(t, L, w, h, d);
  int tb = texel_bytes(t.fmt), nch = FI[t.fmt].nch, cb = FI[t.fmt].bits / 8;
  std::vector<uint8_t> buf((size_t)w * h * d * tb);
  for (int z = 0; z < d; z++) for (int y = 0; y < h; y++) for (int x = 0; x < w; x++)
    for (int c = 0; c < nch; c++) {
      uint32_t v = texel_raw(t.fmt, t.content, t.seed, x, y, z, L, c);
      memcpy(&buf[(((size_t)z * h + y) * w + x) * tb + c * cb], &v, cb);
    }
  return buf;
}

static std::string tex_json(const Tex& t) {
  std::string s = "{" + S("\"id\": %s, \"type\": %s, \"format\": %s, \"width\": %d, \"height\": %d, \"depth_or_layers\": %d, "
                          "\"levels\": %d, \"mipmapped_array\": %s, \"content\": %s, \"seed\": %u",
                          jstr(t.id).c_str(), jstr(TT_NAME[t.type]).c_str(), jstr(FI[t.fmt].name).c_str(), t.w,
                          (t.type == T1D || t.type == T1DA || t.type == TLIN) ? 1 : t.h,
                          (t.type == T3D || t.type == T1DA || t.type == T2DA || t.type == TCUBE || t.type == TCUBEA) ? t.d : 1,
                          t.levels, t.mip ? "true" : "false", jstr(CONTENT_NAME[t.content]).c_str(), t.seed);
  s += S(", \"ok\": %s", t.ok ? "true" : "false");
  if (!t.ok) s += ", \"error\": " + jstr(t.err);
  return s + "}";
}

static bool cuok(cudaError_t e, std::string& err, const char* what) {
  if (e == cudaSuccess) return true;
  err = std::string(what) + ": " + cudaGetErrorString(e);
  cudaGetLastError();
  return false;
}

static Tex make_tex(const char* id, int type, int fmt, int w, int h, int d, int levels, int content, uint32_t seed, bool forceMip = false) {
  Tex t; t.id = id; t.type = type; t.fmt = fmt; t.w = w; t.h = h; t.d = d; t.levels = levels; t.content = content; t.seed = seed;
  t.mip = levels > 1 || forceMip;
  std::string& err = t.err;
  if (type == TLIN) {
    std::vector<uint8_t> buf = gen_level(t, 0);
    t.linBytes = buf.size();
    if (!cuok(cudaMalloc(&t.lin, buf.size()), err, "cudaMalloc")) goto done;
    if (!cuok(cudaMemcpy(t.lin, buf.data(), buf.size(), cudaMemcpyHostToDevice), err, "cudaMemcpy")) goto done;
    t.ok = true; goto done;
  }
  if (type == TBC) {
    int bb = bc_block_bytes(fmt);
    cudaChannelFormatDesc cd = bb == 8 ? cudaCreateChannelDesc(32, 32, 0, 0, cudaChannelFormatKindUnsigned)
                                       : cudaCreateChannelDesc(32, 32, 32, 32, cudaChannelFormatKindUnsigned);
    int bw = w / 4, bh = h / 4;
    std::vector<uint32_t> buf((size_t)bw * bh * bb / 4);
    for (int by = 0; by < bh; by++) for (int bx = 0; bx < bw; bx++) for (int j = 0; j < bb / 4; j++)
      buf[((size_t)by * bw + bx) * (bb / 4) + j] = H6(seed, bx, by, 0, 0, j);
    if (!cuok(cudaMallocArray(&t.arr, &cd, bw, bh), err, "cudaMallocArray(BC)")) goto done;
    if (!cuok(cudaMemcpy2DToArray(t.arr, 0, 0, buf.data(), (size_t)bw * bb, (size_t)bw * bb, bh, cudaMemcpyHostToDevice), err, "memcpy BC")) goto done;
    t.ok = true; goto done;
  }
  {
    cudaChannelFormatDesc cd = chan(fmt);
    cudaExtent ext; unsigned flags = 0;
    switch (type) {
      case T1D: ext = make_cudaExtent(w, 0, 0); break;
      case T2D: ext = make_cudaExtent(w, h, 0); break;
      case T3D: ext = make_cudaExtent(w, h, d); break;
      case T1DA: ext = make_cudaExtent(w, 0, d); flags = cudaArrayLayered; break;
      case T2DA: ext = make_cudaExtent(w, h, d); flags = cudaArrayLayered; break;
      case TCUBE: ext = make_cudaExtent(w, w, 6); flags = cudaArrayCubemap; break;
      default: ext = make_cudaExtent(w, w, d); flags = cudaArrayCubemap | cudaArrayLayered; break;
    }
    if (t.mip) { if (!cuok(cudaMallocMipmappedArray(&t.mm, &cd, ext, levels, flags), err, "cudaMallocMipmappedArray")) goto done; }
    else { if (!cuok(cudaMalloc3DArray(&t.arr, &cd, ext, flags), err, "cudaMalloc3DArray")) goto done; }
    for (int L = 0; L < levels; L++) {
      cudaArray_t la = t.arr;
      if (t.mip && !cuok(cudaGetMipmappedArrayLevel(&la, t.mm, L), err, "cudaGetMipmappedArrayLevel")) goto done;
      int lw, lh, ld; level_dims(t, L, lw, lh, ld);
      std::vector<uint8_t> buf = gen_level(t, L);
      cudaMemcpy3DParms p; memset(&p, 0, sizeof p);
      p.srcPtr = make_cudaPitchedPtr(buf.data(), (size_t)lw * texel_bytes(fmt), lw, lh);
      p.dstArray = la; p.extent = make_cudaExtent(lw, lh, ld); p.kind = cudaMemcpyHostToDevice;
      if (!cuok(cudaMemcpy3D(&p), err, "cudaMemcpy3D")) goto done;
    }
    t.ok = true;
  }
done:
  if (!t.ok) logf("  texture %s FAILED: %s\n", id, t.err.c_str());
  g_textures.push_back(tex_json(t));
  return t;
}

enum AM { A_WRAP = cudaAddressModeWrap, A_CLAMP = cudaAddressModeClamp, A_MIRROR = cudaAddressModeMirror, A_BORDER = cudaAddressModeBorder };
static const char* am_name(int m) { return m == A_WRAP ? "wrap" : m == A_CLAMP ? "clamp" : m == A_MIRROR ? "mirror" : "border"; }

struct Samp {
  int filter = 0;            // 0 point 1 linear
  int mipfilter = 0;         // 0 point 1 linear
  int addr[3] = {A_CLAMP, A_CLAMP, A_CLAMP};
  int norm = 1;
  int srgb = 0;
  float border[4] = {0, 0, 0, 0};
  unsigned aniso = 0;
  float bias = 0, minl = 0, maxl = 0;
  int elem = 0;              // 1: cudaReadModeElementType for integer formats
  int trilinOptOff = 1;      // disableTrilinearOptimization
  int seamless = 0;
  int firstLevel = -1;       // >=0: resource view with this firstMipmapLevel
};
static Samp S_(int filter, int addr, int norm) { Samp s; s.filter = filter; s.addr[0] = s.addr[1] = s.addr[2] = addr; s.norm = norm; return s; }

static std::string samp_json(const Samp& s, const Tex& t, const char* readmode) {
  return S("{\"filter\": %s, \"mip_filter\": %s, \"address\": [%s, %s, %s], \"normalized_coords\": %s, \"srgb\": %s, "
           "\"border_color\": [%s, %s, %s, %s], \"max_anisotropy\": %u, \"mip_lod_bias\": %s, \"min_lod_clamp\": %s, \"max_lod_clamp\": %s, "
           "\"read_mode\": %s, \"disable_trilinear_optimization\": %s, \"seamless_cubemap\": %s%s}",
           s.filter ? "\"linear\"" : "\"point\"", t.mip ? (s.mipfilter ? "\"linear\"" : "\"point\"") : "null",
           jstr(am_name(s.addr[0])).c_str(), jstr(am_name(s.addr[1])).c_str(), jstr(am_name(s.addr[2])).c_str(),
           s.norm ? "true" : "false", s.srgb ? "true" : "false", jf(s.border[0]).c_str(), jf(s.border[1]).c_str(),
           jf(s.border[2]).c_str(), jf(s.border[3]).c_str(), s.aniso, jf(s.bias).c_str(), jf(s.minl).c_str(), jf(s.maxl).c_str(),
           jstr(readmode).c_str(), s.trilinOptOff ? "true" : "false", s.seamless ? "true" : "false",
           s.firstLevel >= 0 ? S(", \"resource_view_first_mip_level\": %d", s.firstLevel).c_str() : "");
}

// returns 0 float4, 1 int4, 2 uint4
static int out_type(const Tex& t, const Samp& s) {
  if (!s.elem) return 0;
  if (FI[t.fmt].kind == 's') return 1;
  if (FI[t.fmt].kind == 'u') return 2;
  return 0;
}
static const char* read_mode_name(const Tex& t, const Samp& s) {
  char k = FI[t.fmt].kind;
  if (k == 'f') return "element_type(float)";
  if (k == 'b') return s.elem ? "element_type" : "normalized_float";
  if (s.elem) return k == 's' ? "element_type(int32)" : "element_type(uint32)";
  return k == 's' ? "normalized_float(snorm)" : "normalized_float(unorm)";
}

static cudaResourceViewFormat view_format(int fmt) {
  switch (fmt) {
    case U8X4: return cudaResViewFormatUnsignedChar4;
    case U8X1: return cudaResViewFormatUnsignedChar1;
    case F32X1: return cudaResViewFormatFloat1;
    default: return cudaResViewFormatFloat4;
  }
}
static bool make_obj(const Tex& t, const Samp& s, cudaTextureObject_t& obj, std::string& err) {
  if (!t.ok) { err = "texture not created: " + t.err; return false; }
  cudaResourceDesc rd; memset(&rd, 0, sizeof rd);
  cudaResourceViewDesc vd; memset(&vd, 0, sizeof vd);
  bool useView = false;
  if (t.type == TLIN) {
    rd.resType = cudaResourceTypeLinear; rd.res.linear.devPtr = t.lin; rd.res.linear.desc = chan(t.fmt); rd.res.linear.sizeInBytes = t.linBytes;
  } else if (t.mip) {
    rd.resType = cudaResourceTypeMipmappedArray; rd.res.mipmap.mipmap = t.mm;
  } else {
    rd.resType = cudaResourceTypeArray; rd.res.array.array = t.arr;
  }
  if (t.type == TBC) {
    useView = true; vd.format = bc_view(t.fmt); vd.width = t.w; vd.height = t.h; vd.depth = 0;
  } else if (s.firstLevel >= 0) {
    useView = true; vd.format = view_format(t.fmt); vd.width = t.w; vd.height = t.h; vd.depth = 0;
    vd.firstMipmapLevel = s.firstLevel; vd.lastMipmapLevel = t.levels - 1;
  }
  cudaTextureDesc td; memset(&td, 0, sizeof td);
  for (int i = 0; i < 3; i++) td.addressMode[i] = (cudaTextureAddressMode)s.addr[i];
  td.filterMode = s.filter ? cudaFilterModeLinear : cudaFilterModePoint;
  char k = FI[t.fmt].kind;
  td.readMode = (k == 'f' || s.elem) ? cudaReadModeElementType : cudaReadModeNormalizedFloat;
  td.sRGB = s.srgb;
  for (int i = 0; i < 4; i++) td.borderColor[i] = s.border[i];
  td.normalizedCoords = s.norm;
  td.maxAnisotropy = s.aniso;
  td.mipmapFilterMode = s.mipfilter ? cudaFilterModeLinear : cudaFilterModePoint;
  td.mipmapLevelBias = s.bias; td.minMipmapLevelClamp = s.minl; td.maxMipmapLevelClamp = s.maxl;
  td.disableTrilinearOptimization = s.trilinOptOff;
  td.seamlessCubemap = s.seamless;
  cudaError_t e = cudaCreateTextureObject(&obj, &rd, &td, useView ? &vd : nullptr);
  if (e != cudaSuccess && k == 'b') {  // block-compressed: retry with the other read mode
    cudaGetLastError();
    td.readMode = td.readMode == cudaReadModeElementType ? cudaReadModeNormalizedFloat : cudaReadModeElementType;
    e = cudaCreateTextureObject(&obj, &rd, &td, useView ? &vd : nullptr);
    if (e == cudaSuccess) g_readmode_note = td.readMode == cudaReadModeElementType ? "element_type (normalized_float was refused)" : "normalized_float (element_type was refused)";
  }
  return cuok(e, err, "cudaCreateTextureObject");
}

static std::string common_json(const char* name, const char* note, const Tex& t, const Samp& s, int kind) {
  return S("{\"name\": %s, \"note\": %s, \"texture\": %s, \"sampler\": %s, \"query\": {\"kind\": %s, \"args\": %s, \"api\": %s}",
           jstr(name).c_str(), jstr(note ? note : "").c_str(), jstr(t.id).c_str(), samp_json(s, t, read_mode_name(t, s)).c_str(),
           jstr(QI[kind].name).c_str(), jstr(QI[kind].args).c_str(), jstr(QI[kind].how).c_str());
}

// run a list of queries; args: n x nargs u32 words (floats as bits). keep: components stored (1..4).
static void run_list(const char* name, const Tex& t, const Samp& s, int kind, const std::vector<uint32_t>& args, const char* note, int keep = 4,
                     const char* formula = nullptr) {
  int na = QI[kind].nargs;
  int n = (int)(args.size() / na);
  std::string j = common_json(name, note, t, s, kind);
  std::string err;
  cudaTextureObject_t obj = 0;
  int ot = out_type(t, s);
  const char* rdt = ot == 0 ? "f32" : ot == 1 ? "i32" : "u32";
  g_readmode_note.clear();
  bool ok = make_obj(t, s, obj, err);
  if (!g_readmode_note.empty()) j += ", \"read_mode_used\": " + jstr(g_readmode_note);
  std::vector<uint32_t> out((size_t)n * 4, 0);
  if (ok) {
    uint32_t *dA = nullptr, *dO = nullptr;
    ok = cuok(cudaMalloc(&dA, args.size() * 4 + 4), err, "malloc") && cuok(cudaMalloc(&dO, out.size() * 4 + 16), err, "malloc") &&
         cuok(cudaMemcpy(dA, args.data(), args.size() * 4, cudaMemcpyHostToDevice), err, "memcpy");
    if (ok) {
      int bs = 128, nb = (n + bs - 1) / bs;
      if (ot == 0) klist<float4><<<nb, bs>>>(obj, kind, dA, na, n, dO);
      else if (ot == 1) klist<int4><<<nb, bs>>>(obj, kind, dA, na, n, dO);
      else klist<uint4><<<nb, bs>>>(obj, kind, dA, na, n, dO);
      ok = cuok(cudaGetLastError(), err, "launch") && cuok(cudaDeviceSynchronize(), err, "sync") &&
           cuok(cudaMemcpy(out.data(), dO, out.size() * 4, cudaMemcpyDeviceToHost), err, "readback");
    }
    cudaFree(dA); cudaFree(dO);
    cudaDestroyTextureObject(obj);
  }
  if (ok) {
    std::vector<uint32_t> kept((size_t)n * keep);
    for (int i = 0; i < n; i++) for (int c = 0; c < keep; c++) kept[(size_t)i * keep + c] = out[(size_t)i * 4 + c];
    if (formula) {
      j += S(", \"count\": %d, \"coords\": {\"formula\": %s, \"shape\": [%d, %d]}", n, jstr(formula).c_str(), n, na);
    } else {
      uint64_t hsh = 1469598103934665603ull;
      for (uint32_t w : args) { hsh ^= w; hsh *= 1099511628211ull; }
      auto key = std::make_pair(args.size(), hsh);
      auto it = g_coord_cache.find(key);
      size_t co = it != g_coord_cache.end() ? it->second : (g_coord_cache[key] = put(args.data(), args.size() * 4));
      j += S(", \"count\": %d, \"coords\": {\"file\": %s, \"offset\": %zu, \"dtype\": \"u32 (f32 bits for :f32 args, two's complement for :i32)\", \"shape\": [%d, %d]}",
             n, jstr(g_binname).c_str(), co, n, na);
    }
    size_t ro = put(kept.data(), kept.size() * 4);
    j += S(", \"result\": {\"file\": %s, \"offset\": %zu, \"dtype\": %s, \"shape\": [%d, %d], \"components\": %s}, \"status\": \"ok\"}",
           jstr(g_binname).c_str(), ro, jstr(rdt).c_str(), n, keep, keep == 4 ? "\"rgba\"" : keep == 1 ? "\"r\"" : "\"first components\"");
    logf("  %-44s n=%6d ok\n", name, n);
  } else {
    j += ", \"status\": " + jstr("error: " + err) + "}";
    logf("  %-44s FAILED %s\n", name, err.c_str());
  }
  g_probes.push_back(j);
}

static long long f2ord(float f) { uint32_t b = fbits(f); return (b & 0x80000000u) ? -(long long)(b & 0x7FFFFFFFu) - 1 : (long long)b; }
static uint32_t ord2bits_h(long long k) { return k >= 0 ? (uint32_t)k : (0x80000000u | (uint32_t)(-(k + 1))); }

static uint32_t* g_rec = nullptr; static unsigned int* g_cnt = nullptr; static const unsigned int CAP = 1u << 22;

// exhaustive sweep over every float32 p in [lo, hi): arg[slot[i]] = p * mul[i] (fp32 multiply, RN)
static void run_sweep(const char* name, const Tex& t, const Samp& s, int kind, std::vector<float> fixed,
                      std::vector<std::pair<int, float>> slots, float lo, float hi, const char* note) {
  std::string j = common_json(name, note, t, s, kind);
  SweepP p; memset(&p, 0, sizeof p);
  p.kind = kind;
  for (size_t i = 0; i < fixed.size() && i < MAXARGS; i++) p.a[i] = fbits(fixed[i]);
  p.nslot = (int)slots.size();
  for (int i = 0; i < p.nslot; i++) { p.slot[i] = slots[i].first; p.mul[i] = slots[i].second; }
  p.lo = f2ord(lo); p.hi = f2ord(hi); p.chunk = 2048;
  std::string err; cudaTextureObject_t obj = 0;
  bool ok = make_obj(t, s, obj, err);
  unsigned int cnt = 0, overflow = 0;
  std::vector<uint32_t> rec;
  double ms = 0;
  if (ok) {
    cudaMemset(g_cnt, 0, 4);
    long long nthr = (p.hi - p.lo + p.chunk - 1) / p.chunk;
    int bs = 256; long long nb = (nthr + bs - 1) / bs;
    cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
    cudaEventRecord(e0);
    ksweep<<<(unsigned)nb, bs>>>(obj, p, g_rec, g_cnt, CAP);
    cudaEventRecord(e1);
    ok = cuok(cudaGetLastError(), err, "launch") && cuok(cudaDeviceSynchronize(), err, "sync") &&
         cuok(cudaMemcpy(&cnt, g_cnt, 4, cudaMemcpyDeviceToHost), err, "readback");
    float fms = 0; cudaEventElapsedTime(&fms, e0, e1); ms = fms;
    if (ok && cnt > CAP) { overflow = cnt; cnt = CAP; }
    if (ok) {
      rec.resize((size_t)cnt * 5);
      ok = cuok(cudaMemcpy(rec.data(), g_rec, rec.size() * 4, cudaMemcpyDeviceToHost), err, "readback");
    }
    cudaDestroyTextureObject(obj);
  }
  std::string fx = "[";
  for (size_t i = 0; i < fixed.size(); i++) fx += (i ? ", " : "") + jf(fixed[i]);
  fx += "], \"fixed_args_bits\": [";
  for (size_t i = 0; i < fixed.size(); i++) fx += (i ? ", " : "") + S("\"0x%08x\"", fbits(fixed[i]));
  fx += "]";
  std::string sl = "[";
  for (size_t i = 0; i < slots.size(); i++) sl += (i ? ", " : "") + S("{\"arg\": %d, \"mul\": %s}", slots[i].first, jf(slots[i].second).c_str());
  sl += "]";
  j += S(", \"sweep\": {\"fixed_args\": %s, \"param_slots\": %s, \"lo\": %s, \"hi\": %s, \"lo_bits\": \"0x%08x\", \"hi_bits\": \"0x%08x\", \"evaluations\": %lld, \"gpu_ms\": %.1f}",
         fx.c_str(), sl.c_str(), jf(lo).c_str(), jf(hi).c_str(), fbits(lo), fbits(hi), (long long)(p.hi - p.lo), ms);
  if (ok) {
    // sort records by ordered key
    std::vector<size_t> idx(cnt);
    for (size_t i = 0; i < cnt; i++) idx[i] = i;
    std::vector<long long> key(cnt);
    for (size_t i = 0; i < cnt; i++) { uint32_t b = rec[5 * i]; key[i] = (b & 0x80000000u) ? -(long long)(b & 0x7FFFFFFFu) - 1 : (long long)b; }
    std::sort(idx.begin(), idx.end(), [&](size_t a, size_t b) { return key[a] < key[b]; });
    std::vector<uint32_t> srt((size_t)cnt * 5);
    for (size_t i = 0; i < cnt; i++) memcpy(&srt[5 * i], &rec[5 * idx[i]], 20);
    size_t ro = put(srt.data(), srt.size() * 4);
    if (overflow)
      j += S(", \"overflow\": {\"transitions_found\": %u, \"kept\": %u, \"meaning\": \"too many transitions: the kept records are an arbitrary subset; each still gives the value at its p and says that it differs from the value at p's predecessor\"}", overflow, cnt);
    j += S(", \"count\": %u, \"result\": {\"file\": %s, \"offset\": %zu, \"dtype\": \"u32\", \"shape\": [%u, 5], \"layout\": \"transition records\"}, \"status\": \"ok\"}",
           cnt, jstr(g_binname).c_str(), ro, cnt);
    logf("  %-44s sweep %lld evals, %u transitions, %.1f ms\n", name, (long long)(p.hi - p.lo), cnt, ms);
  } else {
    j += ", \"status\": " + jstr("error: " + err) + "}";
    logf("  %-44s FAILED %s\n", name, err.c_str());
  }
  g_probes.push_back(j);
}

// ------------------------------------------------------------------------------------------
// argument builders
// ------------------------------------------------------------------------------------------
struct Args {
  std::vector<uint32_t> v;
  void f(float x) { v.push_back(fbits(x)); }
  void i(int x) { v.push_back((uint32_t)x); }
};
static float urand(uint32_t seed, uint32_t i, uint32_t j) { return (float)((H6(seed, i, j, 0, 0, 0) >> 8) * (1.0 / 16777216.0)); }
// uniform float in [a,b): a + (b-a)*u computed in double, rounded to float
static float urange(uint32_t seed, uint32_t i, uint32_t j, double a, double b) {
  double u = (H6(seed, i, j, 0, 0, 0) >> 8) * (1.0 / 16777216.0); return (float)(a + (b - a) * u);
}
// signed log-uniform magnitude 2^[e0,e1) with random sign, 1/16 chance of exact zero
static float lograndg(uint32_t seed, uint32_t i, uint32_t j, double e0, double e1) {
  uint32_t h = H6(seed, i, j, 1, 0, 0);
  if ((h & 15) == 0) return 0.0f;
  double u = (H6(seed, i, j, 0, 0, 0) >> 8) * (1.0 / 16777216.0);
  float m = (float)exp2(e0 + (e1 - e0) * u);
  return (h & 16) ? -m : m;
}

// ------------------------------------------------------------------------------------------
// manifest
// ------------------------------------------------------------------------------------------
static const char* CONVENTIONS =
  "All binary data little-endian. A probe's 'coords' array holds its query arguments as u32 words: f32 bit patterns for args "
  "marked :f32, two's-complement integers for :i32. 'result' holds the 4 returned components (or the first 'keep' of them) as "
  "f32 bit patterns (i32/u32 for element-type reads of integer formats). Sweeps: every float32 p with lo <= p < hi in IEEE "
  "order (-0.0 precedes +0.0) is evaluated; query args = fixed_args with args[slot.arg] = fp32(p * slot.mul) (round to nearest even); "
  "the result file holds only TRANSITION RECORDS (u32[5]: p bits, r, g, b, a bits), sorted by p: the first record is at p=lo and "
  "each record's value holds for all p from its own p up to (excluding) the next record's p (or hi). "
  "Texel addressing: texel (x,y,z) of level L, z = slice (3D), layer (arrays), face (cube: 0..5 = +X,-X,+Y,-Y,+Z,-Z), "
  "6*layer+face (cube arrays). Level L size = max(1, size>>L) per axis (layers/faces not reduced). "
  "Coordinates in normalized mode are in [0,1) units of the level-0 size; in unnormalized mode in texels (texel i covers [i, i+1)).";
static const char* HASHDOC =
  "uint32_t hash32(uint32_t x) { x ^= x >> 16; x *= 0x7feb352d; x ^= x >> 15; x *= 0x846ca68b; x ^= x >> 16; return x; }\n"
  "uint32_t H(seed, x, y, z, L, c) { h = hash32(seed); h = hash32(h ^ x); h = hash32(h ^ y); h = hash32(h ^ z); h = hash32(h ^ L); h = hash32(h ^ c); return h; }  (all uint32, wrapping)";
static const char* CONTENTDOC =
  "{\"hash\": \"channel c raw = H(seed,x,y,z,L,c) & mask for 8/16/32-bit integer storage (mask 0xFF/0xFFFF/0xFFFFFFFF); f16 storage: half bits = H & 0xBFFF; f32 storage: bits = (H & 0x807FFFFF) | ((120 + ((H >> 23) & 7)) << 23)\", "
  "\"coord\": \"channel values (x, y, z, L) (z = slice/layer/face index as in conventions); f32/f16 store the exact float; integer storage stores the value & mask\", "
  "\"corner\": \"channel c = ONE if (x + 2*y == c && z == seed) else 0; ONE = 1.0 (f32/f16), 0xFF (u8), 0x7F (s8), 0xFFFF (u16), 0x7FFF (s16)\", "
  "\"ramp8\": \"8-bit 4-channel: c0 = x & 255, c1 = H(seed,x,y,z,L,1) & 255, c2 = (x*37) & 255, c3 = (x & 1) ? 255 : 0\", "
  "\"allval\": \"c0 raw = x & mask (so texel x holds bit pattern x), other channels 0\", "
  "\"gatherid\": \"f32: (x, y, x + 16*y, -(x + 16*y) - 1)\", "
  "\"pairs8\": \"8-bit 4-channel: a = (x >> 1) & 255, b = y & 255; c0 = (x odd) ? b : a; c1 = (x odd) ? a : b; c2 = c0 ^ 0x80; c3 = c1 ^ 0x80 (a 512x256 texture holds every ordered pair of bytes side by side in c0)\", "
  "\"allval2d\": \"c0 raw = (256*y + x) & mask, other channels 0 (a 256x256 16-bit texture holds every bit pattern once)\", "
  "\"fspecial\": \"f32: channel c of texel (x,y) = bits FSPECIAL[(x + 5*y + 11*c) & 31], FSPECIAL = [0x00000000, 0x80000000, 0x00000001, 0x80000001, 0x007fffff, 0x807fffff, 0x00800000, 0x3f800000, 0xbf800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7f800001, 0xff800001, 0x7fbfffff, 0x7fc00000, 0xffc00000, 0x7fc00001, 0x7fffffff, 0xffffffff, 0x7fa5a5a5, 0x3f000000, 0x00400000, 0x80400000, 0x34000000, 0x42f60000, 0xc2f60000, 0x1e3ce508, 0x9e3ce508, 0x7f000000, 0x00000010]\", "
  "\"bchash\": \"block-compressed: blocks row-major, 4x4 texels each; block (bx,by) 32-bit little-endian word j (j < 2 for 8-byte blocks BC1/BC4, j < 4 otherwise) = H(seed,bx,by,0,0,j)\"}";

static void write_manifest() {
  std::string m = "{\n\"format_version\": 1,\n";
  m += "\"device\": " + g_devinfo + ",\n";
  m += "\"conventions\": " + jstr(CONVENTIONS) + ",\n";
  m += "\"hash\": " + jstr(HASHDOC) + ",\n";
  m += std::string("\"content_kinds\": ") + CONTENTDOC + ",\n";
  m += "\"textures\": [\n";
  for (size_t i = 0; i < g_textures.size(); i++) m += "  " + g_textures[i] + (i + 1 < g_textures.size() ? ",\n" : "\n");
  m += "],\n\"probes\": [\n";
  for (size_t i = 0; i < g_probes.size(); i++) m += "  " + g_probes[i] + (i + 1 < g_probes.size() ? ",\n" : "\n");
  m += "]\n}\n";
  FILE* f = fopen((g_outdir + "/" + g_manifest_name).c_str(), "w");
  fwrite(m.data(), 1, m.size(), f); fclose(f);
}

// ------------------------------------------------------------------------------------------
// the probes
// ------------------------------------------------------------------------------------------
static std::vector<float> lin_coords(double a, double b, int n) {  // n points a + (b-a)*i/(n-1), rounded to f32
  std::vector<float> v; for (int i = 0; i < n; i++) v.push_back((float)(a + (b - a) * i / (n - 1))); return v;
}

int main(int argc, char** argv) {
  g_outdir = argc > 1 ? argv[1] : "out";
  const char* only = argc > 2 ? argv[2] : nullptr;  // optional: run only groups whose name contains this
  if (only) g_manifest_name = std::string("manifest_") + only + ".json";
  g_log = fopen((g_outdir + "/log_" + (only ? only : "all") + ".txt").c_str(), "w");
  cudaDeviceProp prop; cudaGetDeviceProperties(&prop, 0);
  int drv = 0, rt = 0; cudaDriverGetVersion(&drv); cudaRuntimeGetVersion(&rt);
  g_devinfo = S("{\"name\": %s, \"cc\": \"%d.%d\", \"driver_api_version\": %d, \"runtime_version\": %d}", jstr(prop.name).c_str(), prop.major, prop.minor, drv, rt);
  logf("device %s\n", g_devinfo.c_str());
  cudaMalloc(&g_rec, (size_t)CAP * 20); cudaMalloc(&g_cnt, 16);
  auto want = [&](const char* g) { return !only || strstr(g, only); };
  const float BORDER[4] = {0.25f, 0.5f, 0.75f, 1.0f};

  // ---------------------------------------------------------------- A: coordinate -> texel/weight
  if (want("A_weights")) {
    open_group("A_weights");
    Tex r8 = make_tex("coord1d_w8", T1D, F32X4, 8, 1, 1, 1, C_COORD, 0);
    Tex r5 = make_tex("coord1d_w5", T1D, F32X4, 5, 1, 1, 1, C_COORD, 0);
    Tex r4099 = make_tex("coord1d_w4099", T1D, F32X1, 4099, 1, 1, 1, C_COORD, 0);
    Tex r64k = make_tex("coord1d_w65536", T1D, F32X1, 65536, 1, 1, 1, C_COORD, 0);
    Tex c2 = make_tex("coord2d_5x3", T2D, F32X4, 5, 3, 1, 1, C_COORD, 0);
    Tex c3 = make_tex("coord3d_5x3x7", T3D, F32X4, 5, 3, 7, 1, C_COORD, 0);
    Tex g2 = make_tex("gatherid2d_5x3", T2D, F32X4, 5, 3, 1, 1, C_GATHERID, 0);
    Samp s;
    s = S_(1, A_CLAMP, 0); run_sweep("A01_1d_w8_linear_clamp_unnorm", r8, s, Q_TEX1D, {0}, {{0, 1}}, -2.0f, 10.0f, "R = filtered x-index: floor(x-0.5)+weight");
    s = S_(0, A_CLAMP, 0); run_sweep("A02_1d_w8_point_clamp_unnorm", r8, s, Q_TEX1D, {0}, {{0, 1}}, -2.0f, 10.0f, "R = chosen texel index");
    s = S_(1, A_CLAMP, 1); run_sweep("A03_1d_w8_linear_clamp_norm", r8, s, Q_TEX1D, {0}, {{0, 1}}, -0.25f, 1.25f, nullptr);
    s = S_(0, A_CLAMP, 1); run_sweep("A03b_1d_w8_point_clamp_norm", r8, s, Q_TEX1D, {0}, {{0, 1}}, -0.25f, 1.25f, nullptr);
    s = S_(1, A_CLAMP, 1); run_sweep("A04_1d_w5_linear_clamp_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -0.25f, 1.25f, "non-power-of-two width");
    s = S_(1, A_WRAP, 1); run_sweep("A05_1d_w5_linear_wrap_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -2.5f, 3.5f, nullptr);
    s = S_(1, A_MIRROR, 1); run_sweep("A06_1d_w5_linear_mirror_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -2.5f, 3.5f, nullptr);
    s = S_(1, A_BORDER, 1); memcpy(s.border, BORDER, 16); run_sweep("A07_1d_w5_linear_border_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -0.5f, 1.5f, "A = border weight");
    s = S_(0, A_WRAP, 1); run_sweep("A08_1d_w5_point_wrap_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -2.5f, 3.5f, nullptr);
    s = S_(0, A_MIRROR, 1); run_sweep("A09_1d_w5_point_mirror_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -2.5f, 3.5f, nullptr);
    s = S_(0, A_CLAMP, 1); run_sweep("A09b_1d_w5_point_clamp_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -0.5f, 1.5f, nullptr);
    s = S_(0, A_BORDER, 1); memcpy(s.border, BORDER, 16); run_sweep("A09c_1d_w5_point_border_norm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -0.5f, 1.5f, nullptr);
    s = S_(1, A_WRAP, 0); run_sweep("A10_1d_w5_linear_wrap_unnorm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -6.0f, 12.0f, "wrap with unnormalized coords (CUDA documents wrap for normalized only)");
    s = S_(1, A_MIRROR, 0); run_sweep("A11_1d_w5_linear_mirror_unnorm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -6.0f, 12.0f, nullptr);
    s = S_(1, A_BORDER, 0); memcpy(s.border, BORDER, 16); run_sweep("A11b_1d_w5_linear_border_unnorm", r5, s, Q_TEX1D, {0}, {{0, 1}}, -6.0f, 12.0f, nullptr);
    s = S_(1, A_CLAMP, 1); run_sweep("A12_1d_w4099_linear_clamp_norm", r4099, s, Q_TEX1D, {0}, {{0, 1}}, 0.5f, 0.515625f, "large npot width, normalized precision");
    s = S_(1, A_CLAMP, 0); run_sweep("A13_1d_w65536_linear_clamp_unnorm_40000", r64k, s, Q_TEX1D, {0}, {{0, 1}}, 40000.0f, 40004.0f, "R = x-index + weight (exact in f32 up to 2^16 texels)");
    s = S_(1, A_CLAMP, 1); run_sweep("A13b_1d_w65536_linear_clamp_norm_0.6", r64k, s, Q_TEX1D, {0}, {{0, 1}}, 0.6f, 0.6f + 1.0f / 1024, nullptr);
    s = S_(1, A_CLAMP, 0); run_sweep("A14_1d_w65536_linear_clamp_unnorm_3000", r64k, s, Q_TEX1D, {0}, {{0, 1}}, 3000.0f, 3004.0f, nullptr);
    s = S_(0, A_CLAMP, 1); run_sweep("A14b_1d_w65536_point_clamp_norm_0.6", r64k, s, Q_TEX1D, {0}, {{0, 1}}, 0.6f, 0.6f + 1.0f / 1024, nullptr);
    s = S_(1, A_CLAMP, 1); run_sweep("A15_2d_5x3_linear_clamp_norm_u", c2, s, Q_TEX2D, {0, 0.5f}, {{0, 1}}, -0.25f, 1.25f, "v fixed at 0.5 (texel-1 centre)");
    s = S_(1, A_CLAMP, 1); run_sweep("A15b_2d_5x3_linear_clamp_norm_v", c2, s, Q_TEX2D, {0.5f, 0}, {{1, 1}}, -0.25f, 1.25f, "u fixed at 0.5 (texel-2 centre)");
    s = S_(0, A_CLAMP, 1); run_sweep("A15c_2d_5x3_point_clamp_norm_u", c2, s, Q_TEX2D, {0, 0.5f}, {{0, 1}}, -0.25f, 1.25f, nullptr);
    s = S_(1, A_CLAMP, 0); run_sweep("A15d_2d_5x3_linear_clamp_unnorm_x", c2, s, Q_TEX2D, {0, 1.5f}, {{0, 1}}, -1.0f, 6.0f, nullptr);
    s = S_(1, A_CLAMP, 1); run_sweep("A16_3d_5x3x7_linear_clamp_norm_w", c3, s, Q_TEX3D, {0.5f, 0.5f, 0}, {{2, 1}}, -0.25f, 1.25f, nullptr);
    s = S_(1, A_CLAMP, 1); run_sweep("A16b_3d_5x3x7_linear_clamp_norm_u", c3, s, Q_TEX3D, {0, 0.5f, 0.5f}, {{0, 1}}, -0.25f, 1.25f, nullptr);
    s = S_(1, A_CLAMP, 1); run_sweep("A17_2d_5x3_linear_diag", c2, s, Q_TEX2D, {0, 0}, {{0, 1}, {1, 1}}, -0.25f, 1.25f, "u = v = p");
    s = S_(0, A_CLAMP, 1); run_sweep("A18_gather_comp2_5x3_clamp_norm_u", g2, s, Q_GATHER2D, {0, 0.5f, bitsf(2)}, {{0, 1}}, -0.25f, 1.25f, "comp=2 (B = x+16y) -> the 4 texel ids");
    s = S_(0, A_CLAMP, 1); run_sweep("A18b_gather_comp2_5x3_clamp_norm_v", g2, s, Q_GATHER2D, {0.5f, 0, bitsf(2)}, {{1, 1}}, -0.25f, 1.25f, nullptr);
    write_manifest();

    // corner (weight) grids
    Tex cf = make_tex("corner2d_f32x4", T2D, F32X4, 2, 2, 1, 1, C_CORNER, 0);
    Tex cu8 = make_tex("corner2d_u8x4", T2D, U8X4, 2, 2, 1, 1, C_CORNER, 0);
    Tex cs8 = make_tex("corner2d_s8x4", T2D, S8X4, 2, 2, 1, 1, C_CORNER, 0);
    Tex cu16 = make_tex("corner2d_u16x4", T2D, U16X4, 2, 2, 1, 1, C_CORNER, 0);
    Tex cf16 = make_tex("corner2d_f16x4", T2D, F16X4, 2, 2, 1, 1, C_CORNER, 0);
    Tex c3a = make_tex("corner3d_z0_f32x4", T3D, F32X4, 2, 2, 2, 1, C_CORNER, 0);
    Tex c3b = make_tex("corner3d_z1_f32x4", T3D, F32X4, 2, 2, 2, 1, C_CORNER, 1);
    Args g; for (int ky = 0; ky <= 256; ky++) for (int kx = 0; kx <= 256; kx++) { g.f(0.5f + kx / 256.0f); g.f(0.5f + ky / 256.0f); }
    Args g2s; for (int ky = 0; ky <= 256; ky += 2) for (int kx = 0; kx <= 256; kx += 2) { g2s.f(0.5f + kx / 256.0f); g2s.f(0.5f + ky / 256.0f); }
    s = S_(1, A_CLAMP, 0);
    run_list("A20_corner2d_f32_grid", cf, s, Q_TEX2D, g.v, "channel c = weight of texel (c&1, c>>1)", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f (f32, exact) for ky = 0..256 (outer), kx = 0..256");
    run_list("A20b_corner2d_u8_grid", cu8, s, Q_TEX2D, g.v, "same grid on unorm8 (255 at the corner)", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f (f32, exact) for ky = 0..256 (outer), kx = 0..256");
    run_list("A20c_corner2d_f16_grid", cf16, s, Q_TEX2D, g.v, "same grid on f16", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f (f32, exact) for ky = 0..256 (outer), kx = 0..256");
    run_list("A20d_corner2d_s8_grid", cs8, s, Q_TEX2D, g2s.v, "step-2 grid on snorm8 (127 at the corner)", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f for ky = 0,2,..,256 (outer), kx = 0,2,..,256");
    run_list("A20e_corner2d_u16_grid", cu16, s, Q_TEX2D, g2s.v, "step-2 grid on unorm16", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f for ky = 0,2,..,256 (outer), kx = 0,2,..,256");
    Args g3; for (int kz = 0; kz <= 256; kz += 8) for (int ky = 0; ky <= 256; ky += 8) for (int kx = 0; kx <= 256; kx += 8) { g3.f(0.5f + kx / 256.0f); g3.f(0.5f + ky / 256.0f); g3.f(0.5f + kz / 256.0f); }
    run_list("A21_corner3d_z0_grid", c3a, s, Q_TEX3D, g3.v, "channel c = weight of texel (c&1, c>>1, 0)", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f, z = 0.5f + kz/256.0f for kz (outer), ky, kx (inner) = 0,8,..,256");
    run_list("A21b_corner3d_z1_grid", c3b, s, Q_TEX3D, g3.v, "channel c = weight of texel (c&1, c>>1, 1)", 4, "x = 0.5f + kx/256.0f, y = 0.5f + ky/256.0f, z = 0.5f + kz/256.0f for kz (outer), ky, kx (inner) = 0,8,..,256");
    write_manifest();
  }

  // ---------------------------------------------------------------- B: address modes
  if (want("B_address")) {
    open_group("B_address");
    Tex t1 = make_tex("coord1d_w5b", T1D, F32X4, 5, 1, 1, 1, C_COORD, 0);
    Tex t2a = make_tex("coord2d_5x3b", T2D, F32X4, 5, 3, 1, 1, C_COORD, 0);
    Tex t2b = make_tex("coord2d_17x13", T2D, F32X4, 17, 13, 1, 1, C_COORD, 0);
    Tex t3 = make_tex("coord3d_5x3x7b", T3D, F32X4, 5, 3, 7, 1, C_COORD, 0);
    Tex h2u8 = make_tex("hash2d_5x3_u8x4", T2D, U8X4, 5, 3, 1, 1, C_HASH, 11);
    const int modes[4] = {A_WRAP, A_CLAMP, A_MIRROR, A_BORDER};
    std::vector<float> u1 = lin_coords(-3.3, 3.7, 4096);
    for (int k = -17; k <= 19; k++) u1.push_back((float)k / 5.0f);
    for (int k = -17; k <= 18; k++) u1.push_back(((float)k + 0.5f) / 5.0f);
    for (int norm = 1; norm >= 0; norm--) for (int f = 0; f < 2; f++) for (int m = 0; m < 4; m++) {
      Samp s = S_(f, modes[m], norm); memcpy(s.border, BORDER, 16);
      Args a; for (float u : u1) a.f(norm ? u : u * 5.0f);
      std::string nm = S("B1_1d_w5_%s_%s_%s", f ? "linear" : "point", am_name(modes[m]), norm ? "norm" : "unnorm");
      run_list(nm.c_str(), t1, s, Q_TEX1D, a.v, norm ? "u = 4096 points -3.3..3.7, then k/5 (k=-17..19), then (k+0.5)/5 (k=-17..18)" : "x = 5 * (the normalized list), f32 multiply");
    }
    std::vector<float> gl = lin_coords(-3.3, 3.7, 48);
    for (int ti = 0; ti < 2; ti++) {
      const Tex& t = ti ? t2b : t2a;
      for (int norm = 1; norm >= 0; norm--) for (int f = 0; f < 2; f++) for (int m = 0; m < 4; m++) {
        Samp s = S_(f, modes[m], norm); memcpy(s.border, BORDER, 16);
        Args a; for (float v : gl) for (float u : gl) { a.f(norm ? u : u * (float)t.w); a.f(norm ? v : v * (float)t.h); }
        std::string nm = S("B2_2d_%dx%d_%s_%s_%s", t.w, t.h, f ? "linear" : "point", am_name(modes[m]), norm ? "norm" : "unnorm");
        run_list(nm.c_str(), t, s, Q_TEX2D, a.v, "48x48 grid of -3.3..3.7 (v outer); unnorm: scaled by width/height");
      }
    }
    const int mixed[4][2] = {{A_WRAP, A_MIRROR}, {A_CLAMP, A_BORDER}, {A_MIRROR, A_CLAMP}, {A_BORDER, A_WRAP}};
    for (int mi = 0; mi < 4; mi++) {
      Samp s = S_(1, A_CLAMP, 1); s.addr[0] = mixed[mi][0]; s.addr[1] = mixed[mi][1]; memcpy(s.border, BORDER, 16);
      Args a; for (float v : gl) for (float u : gl) { a.f(u); a.f(v); }
      std::string nm = S("B3_2d_17x13_linear_%s_%s_norm", am_name(mixed[mi][0]), am_name(mixed[mi][1]));
      run_list(nm.c_str(), t2b, s, Q_TEX2D, a.v, "per-axis address modes");
    }
    std::vector<float> g16 = lin_coords(-2.3, 2.7, 16);
    for (int f = 0; f < 2; f++) for (int m = 0; m < 4; m++) {
      Samp s = S_(f, modes[m], 1); memcpy(s.border, BORDER, 16);
      Args a; for (float w : g16) for (float v : g16) for (float u : g16) { a.f(u); a.f(v); a.f(w); }
      std::string nm = S("B4_3d_5x3x7_%s_%s_norm", f ? "linear" : "point", am_name(modes[m]));
      run_list(nm.c_str(), t3, s, Q_TEX3D, a.v, "16^3 grid -2.3..2.7 (w outer)");
    }
    // border colour handling with odd values, on f32 and u8 (and sRGB u8)
    const float oddb[4] = {0.1f, -0.3f, 1.7f, 1e-7f};
    Args ob; const float pts[][2] = {{-0.5f, 0.5f}, {1.5f, 0.5f}, {0.5f, -0.5f}, {-0.05f, 0.5f}, {-0.1f, -0.1f}, {1.02f, 0.3f}, {0.5f, 0.5f}, {0.01f, 0.5f}};
    for (auto& pp : pts) { ob.f(pp[0]); ob.f(pp[1]); }
    for (int f = 0; f < 2; f++) {
      Samp s = S_(f, A_BORDER, 1); memcpy(s.border, oddb, 16);
      run_list(S("B5_border_odd_f32_%s", f ? "linear" : "point").c_str(), t2a, s, Q_TEX2D, ob.v, "border (0.1,-0.3,1.7,1e-7)");
      run_list(S("B5b_border_odd_u8_%s", f ? "linear" : "point").c_str(), h2u8, s, Q_TEX2D, ob.v, "border (0.1,-0.3,1.7,1e-7) on unorm8");
      Samp s2 = s; s2.srgb = 1;
      run_list(S("B5c_border_odd_u8srgb_%s", f ? "linear" : "point").c_str(), h2u8, s2, Q_TEX2D, ob.v, "same, sRGB texture");
      Samp s3 = s; memcpy(s3.border, BORDER, 16);
      run_list(S("B5d_border_std_u8_%s", f ? "linear" : "point").c_str(), h2u8, s3, Q_TEX2D, ob.v, "border (0.25,0.5,0.75,1)");
    }
    write_manifest();
  }

  // ---------------------------------------------------------------- C: mipmaps / LOD
  if (want("C_mip")) {
    open_group("C_mip");
    Tex m64 = make_tex("mipcoord2d_64", T2D, F32X4, 64, 64, 1, 7, C_COORD, 0);
    Tex m6416 = make_tex("mipcoord2d_64x16", T2D, F32X4, 64, 16, 1, 7, C_COORD, 0);
    Tex m3723 = make_tex("mipcoord2d_37x23", T2D, F32X4, 37, 23, 1, 6, C_COORD, 0);
    Tex mh = make_tex("miphash2d_64_u8x4", T2D, U8X4, 64, 64, 1, 7, C_HASH, 21);
    Tex mh1 = make_tex("miphash1d_64_u8x4", T1D, U8X4, 64, 1, 1, 7, C_HASH, 22);
    Tex m3 = make_tex("mipcoord3d_16x8x4", T3D, F32X4, 16, 8, 4, 5, C_COORD, 0);
    Tex m1 = make_tex("mipcoord1d_64", T1D, F32X4, 64, 1, 1, 7, C_COORD, 0);
    auto ms = [](int filter, int mipf, float bias, float mn, float mx, int optOff, unsigned aniso) {
      Samp s = S_(filter, A_CLAMP, 1); s.mipfilter = mipf; s.bias = bias; s.minl = mn; s.maxl = mx; s.trilinOptOff = optOff; s.aniso = aniso; return s; };
    const char* Anote = "A channel = level index, so A = level (point mip) or L0 + frac (linear mip)";
    run_sweep("C01_lod_linear", m64, ms(1, 1, 0, 0, 15, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, Anote);
    run_sweep("C02_lod_linear_trilinopt_on", m64, ms(1, 1, 0, 0, 15, 0, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, "disableTrilinearOptimization = 0 (CUDA default)");
    run_sweep("C03_lod_point_mip", m64, ms(1, 0, 0, 0, 15, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, Anote);
    run_sweep("C04_lod_linear_bias0.3_min1.3_max4.6", m64, ms(1, 1, 0.3f, 1.3f, 4.6f, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, "sampler LOD bias and clamps (quantisation of the sampler fields)");
    run_sweep("C05_lod_point_bias0.3_min1.3_max4.6", m64, ms(1, 0, 0.3f, 1.3f, 4.6f, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, nullptr);
    run_sweep("C06_lod_pointfilter_linearmip", m64, ms(0, 1, 0, 0, 15, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, nullptr);
    run_sweep("C07_lod_linear_biasm0.7_minm1_max100", m64, ms(1, 1, -0.7f, -1.0f, 100.0f, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, nullptr);
    run_sweep("C08_lod_linear_max0", m64, ms(1, 1, 0, 0, 0, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -2.0f, 10.0f, "maxMipmapLevelClamp = 0 (the CUDA zero-initialised default)");
    run_sweep("C09_lod_linear_bias15", m64, ms(1, 1, 15.9f, 0, 15, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, -20.0f, 2.0f, "large bias (range of the bias field)");
    run_sweep("C09b_lod_linear_biasm17", m64, ms(1, 1, -17.0f, 0, 15, 1, 0), Q_TEX2DLOD, {0.5f, 0.5f, 0}, {{2, 1}}, 10.0f, 30.0f, "large negative bias");
    // gradients (normalized units); level-0 width 64
    run_sweep("C10_grad_iso_aniso1", m64, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 1}}, 1.0f / 1024, 32.0f, "dPdx=(g,0) dPdy=(0,g); LOD should be log2(64 g)");
    run_sweep("C11_grad_iso_aniso16", m64, ms(1, 1, 0, 0, 15, 1, 16), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 1}}, 1.0f / 1024, 32.0f, nullptr);
    run_sweep("C12_grad_diag_aniso1", m64, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {3, 1}, {4, -1}, {5, 1}}, 1.0f / 1024, 32.0f, "dPdx=(g,g) dPdy=(-g,g): |d|=sqrt2*g");
    run_sweep("C13_grad_ratio4_aniso16", m64, ms(1, 1, 0, 0, 15, 1, 16), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 0.25f}}, 1.0f / 1024, 32.0f, "dPdx=(g,0) dPdy=(0,g/4)");
    run_sweep("C13b_grad_ratio4_aniso1", m64, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 0.25f}}, 1.0f / 1024, 32.0f, nullptr);
    run_sweep("C13c_grad_ratio4_aniso2", m64, ms(1, 1, 0, 0, 15, 1, 2), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 0.25f}}, 1.0f / 1024, 32.0f, nullptr);
    run_sweep("C14_grad_ratio_sweep_aniso16", m64, ms(1, 1, 0, 0, 15, 1, 16), Q_TEX2DGRAD, {0.5f, 0.5f, 0.125f, 0, 0, 0}, {{5, 1}}, 1.0f / 4096, 1.0f, "dPdx=(1/8,0) fixed (8 texels); dPdy=(0,h)");
    run_sweep("C14b_grad_ratio_sweep_aniso1", m64, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0.125f, 0, 0, 0}, {{5, 1}}, 1.0f / 4096, 1.0f, nullptr);
    run_sweep("C14c_grad_ratio_sweep_aniso4", m64, ms(1, 1, 0, 0, 15, 1, 4), Q_TEX2DGRAD, {0.5f, 0.5f, 0.125f, 0, 0, 0}, {{5, 1}}, 1.0f / 4096, 1.0f, nullptr);
    run_sweep("C15_grad_iso_64x16_aniso1", m6416, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 1}}, 1.0f / 1024, 32.0f, "non-square 64x16");
    run_sweep("C15b_grad_iso_64x16_aniso16", m6416, ms(1, 1, 0, 0, 15, 1, 16), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 1}}, 1.0f / 1024, 32.0f, nullptr);
    run_sweep("C16_grad_iso_37x23_aniso1", m3723, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 1}}, 1.0f / 1024, 32.0f, "npot 37x23");
    run_sweep("C17_grad1d_aniso1", m1, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX1DGRAD, {0.5f, 0, 0}, {{1, 1}}, 1.0f / 1024, 32.0f, "tex1DGrad dPdx=g dPdy=0");
    run_sweep("C18_grad_iso_aniso1_bias0.3", m64, ms(1, 1, 0.3f, 0, 15, 1, 1), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}, {5, 1}}, 1.0f / 1024, 32.0f, nullptr);
    write_manifest();
    // random lists
    const int NR = 8192;
    Args rg, rg3, rl, rl1, rg1;
    for (int i = 0; i < NR; i++) {
      rg.f(urange(101, i, 0, -0.5, 1.5)); rg.f(urange(101, i, 1, -0.5, 1.5));
      for (int k = 0; k < 4; k++) rg.f(lograndg(102, i, k, -12, 2));
      rl.f(urange(103, i, 0, -0.5, 1.5)); rl.f(urange(103, i, 1, -0.5, 1.5)); rl.f(urange(103, i, 2, -1.5, 8.0));
    }
    for (int i = 0; i < 8192; i++) {
      rg3.f(urange(104, i, 0, -0.5, 1.5)); rg3.f(urange(104, i, 1, -0.5, 1.5)); rg3.f(urange(104, i, 2, -0.5, 1.5));
      for (int k = 0; k < 6; k++) rg3.f(lograndg(105, i, k, -10, 2));
      rl1.f(urange(106, i, 0, -0.5, 1.5)); rl1.f(urange(106, i, 1, -1.5, 8.0));
      rg1.f(urange(107, i, 0, -0.5, 1.5)); rg1.f(lograndg(107, i, 1, -12, 2)); rg1.f(lograndg(107, i, 2, -12, 2));
    }
    const char* gnote = "u,v uniform in [-0.5,1.5); each gradient component: 1/16 zero, else +-2^U[-12,2) (seeds in generator; args stored)";
    for (unsigned an : {1u, 16u, 4u}) for (int mf = 1; mf >= 0; mf--) {
      if (an == 4 && mf == 0) continue;
      run_list(S("C20_grad_rand_mipcoord64_aniso%u_%s", an, mf ? "linmip" : "pointmip").c_str(), m64, ms(1, mf, 0, 0, 15, 1, an), Q_TEX2DGRAD, rg.v, gnote);
    }
    for (unsigned an : {1u, 16u}) {
      run_list(S("C21_grad_rand_mipcoord64x16_aniso%u", an).c_str(), m6416, ms(1, 1, 0, 0, 15, 1, an), Q_TEX2DGRAD, rg.v, gnote);
      run_list(S("C22_grad_rand_mipcoord37x23_aniso%u", an).c_str(), m3723, ms(1, 1, 0, 0, 15, 1, an), Q_TEX2DGRAD, rg.v, gnote);
      run_list(S("C23_grad_rand_miphash64_aniso%u", an).c_str(), mh, ms(1, 1, 0, 0, 15, 1, an), Q_TEX2DGRAD, rg.v, "integration vectors: hashed unorm8 mip chain");
    }
    run_list("C23b_grad_rand_miphash64_aniso16_trilinopt_on", mh, ms(1, 1, 0, 0, 15, 0, 16), Q_TEX2DGRAD, rg.v, "as C23 aniso16, default trilinear optimisation");
    run_list("C24_lod_rand_miphash64_trilinear", mh, ms(1, 1, 0, 0, 15, 1, 0), Q_TEX2DLOD, rl.v, "u,v in [-0.5,1.5), lod in [-1.5,8)");
    run_list("C24b_lod_rand_miphash64_point_pointmip", mh, ms(0, 0, 0, 0, 15, 1, 0), Q_TEX2DLOD, rl.v, nullptr);
    run_list("C24c_lod_rand_mipcoord37x23_trilinear", m3723, ms(1, 1, 0, 0, 15, 1, 0), Q_TEX2DLOD, rl.v, "npot chain: R,G = filtered texel coords at the chosen level(s)");
    run_list("C25_grad3d_rand_aniso1", m3, ms(1, 1, 0, 0, 15, 1, 1), Q_TEX3DGRAD, rg3.v, "3D mip chain 16x8x4");
    run_list("C25b_grad3d_rand_aniso16", m3, ms(1, 1, 0, 0, 15, 1, 16), Q_TEX3DGRAD, rg3.v, nullptr);
    run_list("C26_lod1d_rand_miphash1d", mh1, ms(1, 1, 0, 0, 15, 1, 0), Q_TEX1DLOD, rl1.v, nullptr);
    run_list("C26b_grad1d_rand_miphash1d_aniso16", mh1, ms(1, 1, 0, 0, 15, 1, 16), Q_TEX1DGRAD, rg1.v, nullptr);
    // resource view firstMipmapLevel and tex2D without LOD on a mip chain
    Args lv; for (int k = -64; k <= 8 * 64; k++) { lv.f(0.5f); lv.f(0.5f); lv.f(k / 64.0f); }
    { Samp s = ms(1, 1, 0, 1.2f, 15, 1, 0); s.firstLevel = 2;
      run_list("C27_view_first2_minclamp1.2_lodsweep", m64, s, Q_TEX2DLOD, lv.v, "resource view firstMipmapLevel=2, minMipmapLevelClamp=1.2; lod=k/64"); }
    { Samp s = ms(1, 1, 0, 0, 15, 1, 0);
      run_list("C27b_lodsweep_plain", m64, s, Q_TEX2DLOD, lv.v, nullptr); }
    Args t0; for (int i = 0; i < 64; i++) { t0.f(urange(108, i, 0, 0, 1)); t0.f(urange(108, i, 1, 0, 1)); }
    run_list("C28_tex2D_no_lod_on_mipchain", m64, ms(1, 1, 0, 0, 15, 1, 0), Q_TEX2D, t0.v, "which level does a plain tex2D use");
    run_list("C28b_tex2D_no_lod_on_mipchain_min2", m64, ms(1, 1, 0, 2, 15, 1, 0), Q_TEX2D, t0.v, "min clamp 2");
    write_manifest();
  }

  // ---------------------------------------------------------------- D: cube maps
  if (want("D_cube")) {
    open_group("D_cube");
    Tex c8 = make_tex("cubecoord_8", TCUBE, F32X4, 8, 8, 6, 1, C_COORD, 0);
    Tex c64 = make_tex("cubecoord_64", TCUBE, F32X4, 64, 64, 6, 1, C_COORD, 0);
    Tex ch = make_tex("cubehash_16_u8x4", TCUBE, U8X4, 16, 16, 6, 1, C_HASH, 31);
    Tex cm = make_tex("cubemipcoord_16", TCUBE, F32X4, 16, 16, 6, 5, C_COORD, 0);
    Tex ca = make_tex("cubearraycoord_8x3", TCUBEA, F32X4, 8, 8, 18, 1, C_COORD, 0);
    Args dirs;
    const float V[] = {0.0f, -0.0f, 0.5f, -0.5f, 1.0f, -1.0f, nextafterf(1.0f, 2.0f), nextafterf(1.0f, 0.0f), -nextafterf(1.0f, 2.0f), -nextafterf(1.0f, 0.0f), 2.0f, -2.0f};
    int nv = sizeof V / sizeof V[0];
    for (int a = 0; a < nv; a++) for (int b = 0; b < nv; b++) for (int c = 0; c < nv; c++) { dirs.f(V[a]); dirs.f(V[b]); dirs.f(V[c]); }
    int ntie = nv * nv * nv;
    for (int i = 0; i < 8192; i++) { dirs.f(urange(201, i, 0, -1, 1)); dirs.f(urange(201, i, 1, -1, 1)); dirs.f(urange(201, i, 2, -1, 1)); }
    // edge sweeps: (1, t, s) with t crossing 1 ; and (t, 1, s), (s, t, -1) ...
    const float ss[] = {-0.7f, 0.0f, 0.3f, 0.999f, 1.0f};
    for (float sv : ss) for (int k = 0; k <= 200; k++) { float t = (float)(0.99 + 0.02 * k / 200.0); dirs.f(1.0f); dirs.f(t); dirs.f(sv); }
    for (float sv : ss) for (int k = 0; k <= 200; k++) { float t = (float)(0.99 + 0.02 * k / 200.0); dirs.f(-t); dirs.f(sv); dirs.f(-1.0f); }
    // texel-boundary sweep within a face: (1, y, z) y,z on a fine grid near texel edges of an 8-wide face
    for (int k = 0; k <= 512; k++) { float t = (float)(-1.0 + 2.0 * k / 512.0); dirs.f(1.0f); dirs.f(0.3f); dirs.f(t); }
    for (int k = 0; k <= 512; k++) { float t = (float)(-1.0 + 2.0 * k / 512.0); dirs.f(3.0f); dirs.f(0.3f); dirs.f(3.0f * t); }
    const char* dnote = "directions: first 12^3 combinations of {0,-0,.5,-.5,1,-1,1+ulp,1-ulp,-(1+ulp),-(1-ulp),2,-2} (x outer), then random, then edge sweeps (args stored)";
    Samp sp = S_(0, A_CLAMP, 1), sl = S_(1, A_CLAMP, 1);
    run_list("D01_cube8_point", c8, sp, Q_CUBE, dirs.v, dnote);
    Samp sps = sp; sps.seamless = 1;
    run_list("D01b_cube8_point_seamless", c8, sps, Q_CUBE, dirs.v, dnote);
    run_list("D02_cube64_linear", c64, sl, Q_CUBE, dirs.v, "R,G = filtered face texel coords, B = face (blend at seams)");
    Samp sls = sl; sls.seamless = 1;
    run_list("D02b_cube64_linear_seamless", c64, sls, Q_CUBE, dirs.v, nullptr);
    run_list("D03_cubehash16_linear", ch, sl, Q_CUBE, dirs.v, "integration vectors");
    run_list("D03b_cubehash16_linear_seamless", ch, sls, Q_CUBE, dirs.v, nullptr);
    Samp sw = sl; sw.addr[0] = sw.addr[1] = sw.addr[2] = A_WRAP;
    run_list("D03c_cube64_linear_wrap", c64, sw, Q_CUBE, dirs.v, "address mode wrap on a (non-seamless) cube");
    logf("  (cube: %d tie directions first)\n", ntie);
    // exhaustive face-coordinate sweeps on +X: dir = (m, 0.1, z)
    run_sweep("D10_cube64_linear_ma3_sweep_z", c64, sl, Q_CUBE, {3.0f, 0.1f, 0}, {{2, 1}}, 0.25f, 2.75f, "+X face, ma=3: s=(-z/3+1)/2");
    run_sweep("D11_cube64_linear_ma1_sweep_z", c64, sl, Q_CUBE, {1.0f, 0.1f, 0}, {{2, 1}}, 0.0625f, 0.9375f, "+X face, ma=1");
    run_sweep("D12_cube64_point_ma3_sweep_z", c64, sp, Q_CUBE, {3.0f, 0.1f, 0}, {{2, 1}}, 0.25f, 2.75f, nullptr);
    run_sweep("D13_cube64_linear_ma1.7_sweep_y", c64, sl, Q_CUBE, {1.7f, 0, -0.2f}, {{1, 1}}, -1.5f, -0.25f, "+X face, ma=1.7, t=(-y/1.7+1)/2");
    run_sweep("D14_cube8_point_tie_sweep", c8, sp, Q_CUBE, {1.0f, 0, 0.25f}, {{1, 1}}, 0.9921875f, 1.0078125f, "dir (1, p, 0.25): crosses the +X/+Y tie at p=1");
    run_sweep("D14b_cube8_point_tie_sweep_neg", c8, sp, Q_CUBE, {-1.0f, 0, 0.25f}, {{1, -1}}, 0.9921875f, 1.0078125f, "dir (-1, -p, 0.25)");
    run_sweep("D14c_cube8_point_tie_sweep_z", c8, sp, Q_CUBE, {0.25f, 1.0f, 0}, {{2, 1}}, 0.9921875f, 1.0078125f, "dir (0.25, 1, p): +Y/+Z tie");
    run_sweep("D14d_cube8_point_tie_sweep_xz", c8, sp, Q_CUBE, {0, 0.25f, 1.0f}, {{0, -1}}, 0.9921875f, 1.0078125f, "dir (-p, 0.25, 1): -X/+Z tie");
    write_manifest();
    // cube LOD (grad) and cube arrays
    Args cg, cl;
    for (int i = 0; i < 8192; i++) {
      for (int k = 0; k < 3; k++) cg.f(urange(202, i, k, -1, 1));
      for (int k = 0; k < 6; k++) cg.f(lograndg(203, i, k, -10, 1));
      for (int k = 0; k < 3; k++) cl.f(urange(204, i, k, -1, 1));
      cl.f(urange(204, i, 3, -1.5, 6));
    }
    Samp cmip = S_(1, A_CLAMP, 1); cmip.mipfilter = 1; cmip.maxl = 15; cmip.seamless = 1;
    run_list("D20_cubegrad_rand_aniso1", cm, cmip, Q_CUBEGRAD, cg.v, "cube LOD from derivatives; A = level");
    Samp cmip16 = cmip; cmip16.aniso = 16;
    run_list("D20b_cubegrad_rand_aniso16", cm, cmip16, Q_CUBEGRAD, cg.v, nullptr);
    run_list("D21_cubelod_rand", cm, cmip, Q_CUBELOD, cl.v, nullptr);
    Args cal;
    const int layers[] = {-65537, -65536, -2, -1, 0, 1, 2, 3, 4, 5, 65535, 65536, 65537, 0x7FFFFFFF, (int)0x80000000};
    for (int L : layers) for (int f = 0; f < 6; f++) {
      const float fd[6][3] = {{1, 0.2f, 0.3f}, {-1, 0.2f, 0.3f}, {0.2f, 1, 0.3f}, {0.2f, -1, 0.3f}, {0.2f, 0.3f, 1}, {0.2f, 0.3f, -1}};
      cal.f(fd[f][0]); cal.f(fd[f][1]); cal.f(fd[f][2]); cal.i(L);
    }
    run_list("D22_cubearray_layers", ca, sp, Q_CUBELAYERED, cal.v, "3 layers; B = 6*layer+face used");
    write_manifest();
  }

  // ---------------------------------------------------------------- E: arrays / layers
  if (want("E_layers")) {
    open_group("E_layers");
    Tex a2 = make_tex("arraycoord2d_5x3x7", T2DA, F32X4, 5, 3, 7, 1, C_COORD, 0);
    Tex a1 = make_tex("arraycoord1d_5x7", T1DA, F32X4, 5, 1, 7, 1, C_COORD, 0);
    Tex a2m = make_tex("arraymipcoord2d_16x16x4", T2DA, F32X4, 16, 16, 4, 5, C_COORD, 0);
    std::vector<int> L;
    for (int v : {(int)0x80000000, -100000, -65537, -65536, -65535, -32769, -32768, -32767, -257, -256, -255, -2, -1}) L.push_back(v);
    for (int v = 0; v <= 12; v++) L.push_back(v);
    for (int v : {255, 256, 257, 32767, 32768, 65535, 65536, 65537, 65538, 65543, 65544, 131072, 131073, 0x7FFFFFFF}) L.push_back(v);
    Args e2, e1, et, e3;
    for (int l : L) { e2.f(0.5f); e2.f(0.5f); e2.i(l); e1.f(0.5f); e1.i(l); et.i(l); et.i(2); et.i(1); e3.f(0.5f); e3.f(0.5f); e3.i(l); e3.f(1.0f); }
    Samp sp = S_(0, A_CLAMP, 1), sl = S_(1, A_CLAMP, 1);
    run_list("E01_array2d_layers_point", a2, sp, Q_TEX2DLAYERED, e2.v, "7 layers; B = layer used");
    run_list("E01b_array2d_layers_linear", a2, sl, Q_TEX2DLAYERED, e2.v, nullptr);
    Samp sw = S_(0, A_WRAP, 1);
    run_list("E01c_array2d_layers_point_wrap", a2, sw, Q_TEX2DLAYERED, e2.v, "address mode wrap (does it apply to the layer?)");
    run_list("E02_array1d_layers_point", a1, sp, Q_TEX1DLAYERED, e1.v, nullptr);
    run_list("E03_array2d_tlda2d", a2, sp, Q_TLDA2D, et.v, "integer fetch (layer, x=2, y=1)");
    Samp sm = S_(1, A_CLAMP, 1); sm.mipfilter = 1; sm.maxl = 15;
    run_list("E04_arraymip_layers_lod1", a2m, sm, Q_TEX2DLAYEREDLOD, e3.v, "4 layers, lod 1");
    write_manifest();
  }

  // ---------------------------------------------------------------- F: gather
  if (want("F_gather")) {
    open_group("F_gather");
    Tex g = make_tex("gatherid2d_5x3b", T2D, F32X4, 5, 3, 1, 1, C_GATHERID, 0);
    Tex gh = make_tex("hash2d_17x13_u8x4", T2D, U8X4, 17, 13, 1, 1, C_HASH, 41);
    Tex ghs = make_tex("hash2d_17x13_s8x4", T2D, S8X4, 17, 13, 1, 1, C_HASH, 41);
    std::vector<float> gl = lin_coords(-0.6, 1.6, 48);
    const int modes[4] = {A_WRAP, A_CLAMP, A_MIRROR, A_BORDER};
    for (int m = 0; m < 4; m++) {
      Samp s = S_(0, modes[m], 1); memcpy(s.border, BORDER, 16);
      Args a; for (int c = 0; c < 4; c++) for (float v : gl) for (float u : gl) { a.f(u); a.f(v); a.i(c); }
      run_list(S("F01_gather_5x3_%s_norm", am_name(modes[m])).c_str(), g, s, Q_GATHER2D, a.v, "comp outer, 48x48 grid -0.6..1.6 (v outer)");
    }
    { Samp s = S_(1, A_CLAMP, 1);
      Args a; for (int c = 0; c < 4; c++) for (float v : gl) for (float u : gl) { a.f(u); a.f(v); a.i(c); }
      run_list("F01b_gather_5x3_clamp_norm_linearfilter", g, s, Q_GATHER2D, a.v, "filter mode linear (gather ignores it?)"); }
    { Samp s = S_(0, A_CLAMP, 0);
      Args a; for (float v : gl) for (float u : gl) { a.f(u * 5); a.f(v * 3); a.i(2); }
      run_list("F02_gather_5x3_clamp_unnorm_comp2", g, s, Q_GATHER2D, a.v, nullptr); }
    Args r; for (int i = 0; i < 4096; i++) { r.f(urange(301, i, 0, -1, 2)); r.f(urange(301, i, 1, -1, 2)); r.i(i & 3); }
    { Samp s = S_(0, A_WRAP, 1); run_list("F03_gather_hash_u8_wrap_rand", gh, s, Q_GATHER2D, r.v, "comp = i&3");
      run_list("F03b_gather_hash_s8_wrap_rand", ghs, s, Q_GATHER2D, r.v, "snorm");
      Samp s2 = s; s2.srgb = 1; run_list("F03c_gather_hash_u8srgb_wrap_rand", gh, s2, Q_GATHER2D, r.v, "sRGB: is gather decoded?"); }
    write_manifest();
  }

  // ---------------------------------------------------------------- G: sRGB and 8/16-bit filtering
  if (want("G_srgb_filter")) {
    open_group("G_srgb_filter");
    Tex r8 = make_tex("ramp8_1d_256_u8x4", T1D, U8X4, 256, 1, 1, 1, C_RAMP8, 51);
    Tex r8s = make_tex("ramp8_1d_256_s8x4", T1D, S8X4, 256, 1, 1, 1, C_RAMP8, 51);
    Tex h16 = make_tex("hash1d_256_u16x4", T1D, U16X4, 256, 1, 1, 1, C_HASH, 52);
    Tex h16s = make_tex("hash1d_256_s16x4", T1D, S16X4, 256, 1, 1, 1, C_HASH, 52);
    Tex hf16 = make_tex("hash1d_256_f16x4", T1D, F16X4, 256, 1, 1, 1, C_HASH, 52);
    Tex hf32 = make_tex("hash1d_256_f32x4", T1D, F32X4, 256, 1, 1, 1, C_HASH, 52);
    Args ctr; for (int i = 0; i < 256; i++) ctr.f(i + 0.5f);
    Args lin; for (int i = 0; i < 255; i++) for (int k = 0; k < 256; k++) lin.f(i + 0.5f + k / 256.0f);
    Args lin5; for (int i = 0; i < 255; i++) for (int k = 0; k < 256; k += 5) lin5.f(i + 0.5f + k / 256.0f);
    Samp pt = S_(0, A_CLAMP, 0), li = S_(1, A_CLAMP, 0);
    Samp pts = pt, lis = li; pts.srgb = 1; lis.srgb = 1;
    run_list("G01_srgb_point_centres", r8, pts, Q_TEX1D, ctr.v, "texel i: R=i, so R column is the sRGB decode table; A is linear");
    run_list("G02_unorm8_point_centres", r8, pt, Q_TEX1D, ctr.v, "unorm8 decode table");
    run_list("G03_srgb_linear", r8, lis, Q_TEX1D, lin.v, "sRGB decode vs filter order", 4, "x = i + 0.5f + k/256.0f (f32, exact) for i = 0..254 (outer), k = 0..255");
    run_list("G04_unorm8_linear", r8, li, Q_TEX1D, lin.v, "no sRGB: 8-bit filter arithmetic", 4, "x = i + 0.5f + k/256.0f (f32, exact) for i = 0..254 (outer), k = 0..255");
    run_list("G05_snorm8_point_centres", r8s, pt, Q_TEX1D, ctr.v, "same bytes as signed");
    run_list("G06_snorm8_linear", r8s, li, Q_TEX1D, lin.v, nullptr, 4, "x = i + 0.5f + k/256.0f (f32, exact) for i = 0..254 (outer), k = 0..255");
    run_list("G07_unorm16_linear", h16, li, Q_TEX1D, lin5.v, "x = i+0.5+k/256, k = 0,5,..,255", 4, "x = i + 0.5f + k/256.0f for i = 0..254 (outer), k = 0,5,..,255");
    run_list("G07b_unorm16_point_centres", h16, pt, Q_TEX1D, ctr.v, nullptr);
    run_list("G08_snorm16_linear", h16s, li, Q_TEX1D, lin5.v, nullptr, 4, "x = i + 0.5f + k/256.0f for i = 0..254 (outer), k = 0,5,..,255");
    run_list("G08b_snorm16_point_centres", h16s, pt, Q_TEX1D, ctr.v, nullptr);
    run_list("G09_f16_linear", hf16, li, Q_TEX1D, lin5.v, nullptr, 4, "x = i + 0.5f + k/256.0f for i = 0..254 (outer), k = 0,5,..,255");
    run_list("G09b_f16_point_centres", hf16, pt, Q_TEX1D, ctr.v, nullptr);
    run_list("G10_f32_linear", hf32, li, Q_TEX1D, lin5.v, "fp32 filter arithmetic", 4, "x = i + 0.5f + k/256.0f for i = 0..254 (outer), k = 0,5,..,255");
    run_list("G10b_f32_point_centres", hf32, pt, Q_TEX1D, ctr.v, nullptr);
    write_manifest();
  }

  // ---------------------------------------------------------------- H: formats
  if (want("H_formats")) {
    open_group("H_formats");
    Tex u8 = make_tex("allval_u8x1", T1D, U8X1, 256, 1, 1, 1, C_ALLVAL, 0);
    Tex s8 = make_tex("allval_s8x1", T1D, S8X1, 256, 1, 1, 1, C_ALLVAL, 0);
    Tex u16 = make_tex("allval_u16x1", T1D, U16X1, 65536, 1, 1, 1, C_ALLVAL, 0);
    Tex s16 = make_tex("allval_s16x1", T1D, S16X1, 65536, 1, 1, 1, C_ALLVAL, 0);
    Tex f16 = make_tex("allval_f16x1", T1D, F16X1, 65536, 1, 1, 1, C_ALLVAL, 0);
    Args c256, c64k; for (int i = 0; i < 256; i++) c256.f(i + 0.5f); for (int i = 0; i < 65536; i++) c64k.f(i + 0.5f);
    Samp pt = S_(0, A_CLAMP, 0); Samp pe = pt; pe.elem = 1;
    run_list("H01_u8_unorm_all", u8, pt, Q_TEX1D, c256.v, "texel i holds byte i");
    run_list("H01b_u8_uint_all", u8, pe, Q_TEX1D, c256.v, nullptr);
    run_list("H02_s8_snorm_all", s8, pt, Q_TEX1D, c256.v, "texel i holds byte i (two's complement)");
    run_list("H02b_s8_sint_all", s8, pe, Q_TEX1D, c256.v, nullptr);
    run_list("H03_u16_unorm_all", u16, pt, Q_TEX1D, c64k.v, "R only", 1, "x = i + 0.5f for i = 0..N-1");
    run_list("H04_s16_snorm_all", s16, pt, Q_TEX1D, c64k.v, "R only", 1, "x = i + 0.5f for i = 0..N-1");
    run_list("H05_f16_all", f16, pt, Q_TEX1D, c64k.v, "R only. Texel i holds half bits i", 1, "x = i + 0.5f for i = 0..N-1");
    run_list("H05b_u16_uint_all", u16, pe, Q_TEX1D, c64k.v, "R only", 1, "x = i + 0.5f for i = 0..N-1");
    Samp pts = pt; pts.srgb = 1;
    run_list("H06_u8_srgb_all_1ch", u8, pts, Q_TEX1D, c256.v, "sRGB on a 1-channel unorm8");
    // f16 filtering between neighbouring bit patterns
    Args fl; for (int i = 0; i < 65535; i += 7) for (int k : {1, 64, 128, 200}) fl.f(i + 0.5f + k / 256.0f);
    Samp li = S_(1, A_CLAMP, 0);
    run_list("H07_f16_all_linear_subset", f16, li, Q_TEX1D, fl.v, "x = i+0.5+k/256, i = 0,7,14,..; k in {1,64,128,200}", 1);
    // missing-channel defaults
    struct { const char* id; int fmt; int elem; } dfl[] = {
      {"dflt_u8x1", U8X1, 0}, {"dflt_u8x2", U8X2, 0}, {"dflt_s8x1", S8X1, 0}, {"dflt_u16x1", U16X1, 0}, {"dflt_f16x1", F16X1, 0},
      {"dflt_f32x1", F32X1, 0}, {"dflt_f32x2", F32X2, 0}, {"dflt_u32x1", U32X1, 1}, {"dflt_s32x1", S32X1, 1}, {"dflt_u8x1_uint", U8X1, 1},
      {"dflt_s8x1_sint", S8X1, 1}};
    for (auto& d : dfl) {
      Tex t = make_tex(d.id, T2D, d.fmt, 4, 4, 1, 1, C_HASH, 61);
      Samp s = S_(0, A_CLAMP, 0); s.elem = d.elem;
      Args a; for (int y = 0; y < 4; y++) for (int x = 0; x < 4; x++) { a.f(x + 0.5f); a.f(y + 0.5f); }
      run_list(S("H08_%s_point", d.id).c_str(), t, s, Q_TEX2D, a.v, "missing channels: what fills G/B/A");
      if (!d.elem) { Samp s2 = S_(1, A_CLAMP, 0); Args b; for (int i = 0; i < 16; i++) { b.f(urange(62, i, 0, 0, 4)); b.f(urange(62, i, 1, 0, 4)); }
        run_list(S("H08b_%s_linear", d.id).c_str(), t, s2, Q_TEX2D, b.v, nullptr); }
    }
    // block-compressed
    const int bcs[] = {BC1, BC1S, BC2, BC3, BC4U, BC4S, BC5U, BC5S, BC6HU, BC6HS, BC7, BC7S};
    Args bcc; for (int y = 0; y < 64; y++) for (int x = 0; x < 64; x++) { bcc.f(x + 0.5f); bcc.f(y + 0.5f); }
    Args bcl; for (int i = 0; i < 2048; i++) { bcl.f(urange(63, i, 0, 0, 64)); bcl.f(urange(63, i, 1, 0, 64)); }
    for (int f : bcs) {
      Tex t = make_tex(S("bchash_%s_64x64", FI[f].name).c_str(), TBC, f, 64, 64, 1, 1, C_BCHASH, 70 + f);
      Samp s = S_(0, A_CLAMP, 0);
      if (f == BC6HU || f == BC6HS) s.elem = 1;
      run_list(S("H10_%s_point_all", FI[f].name).c_str(), t, s, Q_TEX2D, bcc.v, "every texel of 64x64 (y outer)");
      Samp s2 = s; s2.filter = 1;
      run_list(S("H10b_%s_linear_rand", FI[f].name).c_str(), t, s2, Q_TEX2D, bcl.v, nullptr);
    }
    write_manifest();
  }

  // ---------------------------------------------------------------- I: texel fetch, offsets, depth compare
  if (want("I_fetch")) {
    open_group("I_fetch");
    Tex h = make_tex("hash2d_5x3_u8x4_i", T2D, U8X4, 5, 3, 1, 1, C_HASH, 81);
    Tex mh = make_tex("miphash2d_16_u8x4", T2D, U8X4, 16, 16, 1, 5, C_HASH, 82);
    Tex c1 = make_tex("coord1d_w5_i", T1D, F32X4, 5, 1, 1, 1, C_COORD, 0);
    Tex c3 = make_tex("coord3d_5x3x7_i", T3D, F32X4, 5, 3, 7, 1, C_COORD, 0);
    Tex lb = make_tex("buffer_u8x4_100", TLIN, U8X4, 100, 1, 1, 1, C_HASH, 83);
    Tex lbf = make_tex("buffer_f32x1_100", TLIN, F32X1, 100, 1, 1, 1, C_COORD, 0);
    Tex c17 = make_tex("coord2d_17x13_i", T2D, F32X4, 17, 13, 1, 1, C_COORD, 0);
    Tex d32 = make_tex("hash2d_8x8_f32x1", T2D, F32X1, 8, 8, 1, 1, C_HASH, 84);
    Tex gid = make_tex("gatherid2d_17x13", T2D, F32X4, 17, 13, 1, 1, C_GATHERID, 0);
    const int big[] = {(int)0x80000000, -65537, -65536, -32768, 65535, 65536, 65537, 0x7FFFFFFF};
    Args t2; for (int y = -3; y <= 6; y++) for (int x = -3; x <= 8; x++) { t2.i(x); t2.i(y); }
    for (int b : big) { t2.i(b); t2.i(1); t2.i(1); t2.i(b); }
    Samp sc = S_(0, A_CLAMP, 0), sw = S_(0, A_WRAP, 1), sb = S_(0, A_BORDER, 0); memcpy(sb.border, BORDER, 16);
    run_list("I01_tld2d_clamp", h, sc, Q_TLD2D, t2.v, "x=-3..8, y=-3..6 (y outer), then large values");
    run_list("I01b_tld2d_wrap_norm", h, sw, Q_TLD2D, t2.v, "sampler wrap+normalized: ignored by integer fetch?");
    run_list("I01c_tld2d_border", h, sb, Q_TLD2D, t2.v, nullptr);
    Samp sl = S_(1, A_CLAMP, 0);
    run_list("I01d_tld2d_linear", h, sl, Q_TLD2D, t2.v, "filter linear with integer coords");
    Args tl; for (int l = -2; l <= 6; l++) for (int y = -1; y <= 16; y += 1) for (int x : {-1, 0, 3, 7, 8, 15, 16}) { tl.i(x); tl.i(y); tl.i(l); }
    Samp sm = S_(0, A_CLAMP, 1); sm.mipfilter = 0; sm.maxl = 15;
    run_list("I02_tld2dlod", mh, sm, Q_TLD2DLOD, tl.v, "16x16 5 levels; lod=-2..6 outer");
    Samp sm2 = sm; sm2.minl = 1; sm2.maxl = 2;
    run_list("I02b_tld2dlod_clamped_sampler", mh, sm2, Q_TLD2DLOD, tl.v, "sampler min 1 max 2: do clamps apply to integer-level fetch?");
    Args t1; for (int x = -6; x <= 10; x++) t1.i(x); for (int b : big) t1.i(b);
    run_list("I03_tld1d", c1, sc, Q_TLD1D, t1.v, nullptr);
    Args t3; for (int z = -1; z <= 7; z++) for (int y = -1; y <= 3; y++) for (int x = -1; x <= 5; x++) { t3.i(x); t3.i(y); t3.i(z); }
    run_list("I03b_tld3d", c3, sc, Q_TLD3D, t3.v, nullptr);
    Args fb; for (int x = -6; x <= 105; x++) fb.i(x); for (int b : big) fb.i(b);
    run_list("I04_fetch_buffer_u8x4", lb, S_(0, A_CLAMP, 0), Q_FETCH1D, fb.v, "tex1Dfetch on linear memory, out of range indices");
    run_list("I04b_fetch_buffer_f32x1", lbf, S_(0, A_CLAMP, 0), Q_FETCH1D, fb.v, nullptr);
    // offsets
    Args off; std::vector<float> g8 = lin_coords(-0.1, 1.1, 8);
    const int ofs[] = {-9, -8, -7, -1, 0, 1, 6, 7, 8, 9, 16, -16, 100};
    for (int oy : {-8, -1, 0, 3, 7, 8}) for (int ox : ofs) for (float v : g8) for (float u : g8) { off.f(u); off.f(v); off.i(ox); off.i(oy); }
    Samp ol = S_(1, A_CLAMP, 1), ow = S_(1, A_WRAP, 1);
    run_list("I05_tex2d_offset_clamp_linear", c17, ol, Q_TEX2DOFF, off.v, "oy outer, ox, then 8x8 grid -0.1..1.1");
    run_list("I05b_tex2d_offset_wrap_linear", c17, ow, Q_TEX2DOFF, off.v, nullptr);
    Args go; for (int c = 0; c < 4; c++) for (int oy : {-8, 0, 7, 8}) for (int ox : {-9, -8, -1, 0, 1, 7, 8}) for (float v : g8) for (float u : g8) { go.f(u); go.f(v); go.i(c); go.i(ox); go.i(oy); }
    run_list("I06_gather_offset_clamp", gid, S_(0, A_CLAMP, 1), Q_GATHER2DOFF, go.v, nullptr);
    Args lo; for (int k = 0; k < 64; k++) { lo.f(urange(85, k, 0, 0, 1)); lo.f(urange(85, k, 1, 0, 1)); lo.f(urange(85, k, 2, 0, 4)); lo.i((k % 16) - 8); lo.i(((k / 16) * 5) % 16 - 8); }
    Samp lm = S_(1, A_CLAMP, 1); lm.mipfilter = 1; lm.maxl = 15;
    run_list("I07_tex2dlod_offset", mh, lm, Q_TEX2DLODOFF, lo.v, nullptr);
    // depth compare operand
    Args dr; for (int i = 0; i < 256; i++) { dr.f(urange(86, i, 0, 0, 1)); dr.f(urange(86, i, 1, 0, 1)); dr.f(urange(86, i, 2, 0, 2)); }
    run_list("I08_tex2d_dref_point", d32, S_(0, A_CLAMP, 1), Q_TEX2DDREF, dr.v, "PTX depth-compare operand on an f32 texture");
    run_list("I08b_tex2d_dref_linear", d32, S_(1, A_CLAMP, 1), Q_TEX2DDREF, dr.v, nullptr);
    write_manifest();
  }

  // ---------------------------------------------------------------- R: random integration vectors
  if (want("R_random")) {
    open_group("R_random");
    struct { const char* id; int fmt; } rf[] = {{"hash2d_37x23_u8x4", U8X4}, {"hash2d_37x23_s8x4", S8X4}, {"hash2d_37x23_u16x4", U16X4},
                                               {"hash2d_37x23_s16x4", S16X4}, {"hash2d_37x23_f16x4", F16X4}, {"hash2d_37x23_f32x4", F32X4}};
    Args r; for (int i = 0; i < 8192; i++) { r.f(urange(401, i, 0, -2, 3)); r.f(urange(401, i, 1, -2, 3)); }
    Args ru; for (int i = 0; i < 8192; i++) { ru.f(urange(402, i, 0, -3, 40)); ru.f(urange(402, i, 1, -3, 26)); }
    for (auto& q : rf) {
      Tex t = make_tex(q.id, T2D, q.fmt, 37, 23, 1, 1, C_HASH, 400 + q.fmt);
      Samp s = S_(1, A_WRAP, 1); s.addr[1] = A_MIRROR;
      run_list(S("R01_%s_linear_wrap_mirror", q.id).c_str(), t, s, Q_TEX2D, r.v, "u,v uniform in [-2,3)");
      Samp s2 = S_(1, A_CLAMP, 0);
      run_list(S("R02_%s_linear_clamp_unnorm", q.id).c_str(), t, s2, Q_TEX2D, ru.v, "x in [-3,40), y in [-3,26)");
      if (q.fmt == U8X4) { Samp s3 = s; s3.srgb = 1; run_list(S("R03_%s_srgb_linear", q.id).c_str(), t, s3, Q_TEX2D, r.v, nullptr); }
    }
    Tex t3 = make_tex("hash3d_9x7x5_u8x4", T3D, U8X4, 9, 7, 5, 1, C_HASH, 410);
    Args r3; for (int i = 0; i < 8192; i++) { r3.f(urange(411, i, 0, -2, 3)); r3.f(urange(411, i, 1, -2, 3)); r3.f(urange(411, i, 2, -2, 3)); }
    Samp s3 = S_(1, A_WRAP, 1); s3.addr[1] = A_CLAMP; s3.addr[2] = A_MIRROR;
    run_list("R04_hash3d_linear_wrap_clamp_mirror", t3, s3, Q_TEX3D, r3.v, nullptr);
    Tex t3f = make_tex("hash3d_9x7x5_f32x4", T3D, F32X4, 9, 7, 5, 1, C_HASH, 412);
    run_list("R04b_hash3d_f32_linear_wrap_clamp_mirror", t3f, s3, Q_TEX3D, r3.v, nullptr);
    write_manifest();
  }

  // ---------------------------------------------------------------- J: follow-ups (second run)
  if (want("J_extra")) {
    open_group("J_extra");
    logf("  maxTexture1D=%d maxTexture2D=%dx%d maxTexture3D=%dx%dx%d\n", prop.maxTexture1D, prop.maxTexture2D[0], prop.maxTexture2D[1],
         prop.maxTexture3D[0], prop.maxTexture3D[1], prop.maxTexture3D[2]);
    // (1) normalized-coordinate quantisation as a function of the size
    const int widths[] = {2, 3, 4, 5, 7, 8, 16, 64, 100, 255, 256, 1000, 1024, 2047, 2048, 2049, 4095, 4096, 4097, 8191, 8192, 8193,
                          16383, 16384, 16385, 32767, 32768, 32769, 65535, 65536, 65537, 131071, 131072};
    for (int W : widths) {
      if (W > prop.maxTexture1D) continue;
      Tex t = make_tex(S("coord1d_f32x1_w%d", W).c_str(), T1D, F32X1, W, 1, 1, 1, C_COORD, 0);
      Samp s = S_(1, A_CLAMP, 1);
      float span = std::max(1.0f / 4096, 1.0f / (8.0f * W));
      run_sweep(S("J01_w%d_linear_norm_%s", W, W > 65536 ? "0.1" : "0.3").c_str(), t, s, Q_TEX1D, {0}, {{0, 1}}, W > 65536 ? 0.1f : 0.3f,
                (W > 65536 ? 0.1f : 0.3f) + span, "R = x0 + weight; u range = [base, base + max(1/4096, 1/(8W)))");
      if (W <= 65536) run_sweep(S("J01b_w%d_linear_norm_0.6", W).c_str(), t, s, Q_TEX1D, {0}, {{0, 1}}, 0.6f, 0.6f + span, nullptr);
      if (W == 5 || W == 4097 || W == 65536) {
        Samp sw = S_(1, A_WRAP, 1);
        run_sweep(S("J01c_w%d_linear_wrap_norm_1000.1", W).c_str(), t, sw, Q_TEX1D, {0}, {{0, 1}}, 1000.1f, 1000.1f + 1.0f / 256, "large |u| with wrap");
        run_sweep(S("J01d_w%d_linear_wrap_norm_m3000.1", W).c_str(), t, sw, Q_TEX1D, {0}, {{0, 1}}, -3000.1f, -3000.1f + 1.0f / 64, nullptr);
        run_sweep(S("J01e_w%d_linear_wrap_norm_70000.1", W).c_str(), t, sw, Q_TEX1D, {0}, {{0, 1}}, 70000.1f, 70000.1f + 1.0f / 8, nullptr);
      }
    }
    {
      Tex t = make_tex("coord2d_f32x4_5x65536", T2D, F32X4, 5, 65536, 1, 1, C_COORD, 0);
      Samp s = S_(1, A_CLAMP, 1);
      run_sweep("J02_2d_5x65536_sweep_v", t, s, Q_TEX2D, {0.5f, 0}, {{1, 1}}, 0.6f, 0.6f + 1.0f / 4096, "G = y0 + weight; H = 65536");
      run_sweep("J02b_2d_5x65536_sweep_u", t, s, Q_TEX2D, {0, 0.6f}, {{0, 1}}, 0.1f, 0.9f, "R = x0 + weight; W = 5 while H = 65536");
      Tex t2 = make_tex("coord2d_f32x4_65536x5", T2D, F32X4, 65536, 5, 1, 1, C_COORD, 0);
      run_sweep("J02c_2d_65536x5_sweep_v", t2, s, Q_TEX2D, {0.6f, 0}, {{1, 1}}, 0.1f, 0.9f, "G = y0 + weight; H = 5 while W = 65536");
      run_sweep("J02d_2d_65536x5_sweep_u", t2, s, Q_TEX2D, {0, 0.5f}, {{0, 1}}, 0.6f, 0.6f + 1.0f / 4096, nullptr);
      Tex t3 = make_tex("coord3d_f32x4_5x3x4097", T3D, F32X4, 5, 3, 4097, 1, C_COORD, 0);
      run_sweep("J02e_3d_5x3x4097_sweep_w", t3, s, Q_TEX3D, {0.5f, 0.5f, 0}, {{2, 1}}, 0.5f, 0.5f + 1.0f / 64, "B = z0 + weight");
      run_sweep("J02f_3d_5x3x4097_sweep_u", t3, s, Q_TEX3D, {0, 0.5f, 0.5f}, {{0, 1}}, 0.1f, 0.9f, nullptr);
    }
    write_manifest();
    // (2) gradient norm: one derivative vector (a, p) with a fixed, p swept; LOD of a 64x64 chain, A = level
    Tex m64 = make_tex("mipcoord2d_64_j", T2D, F32X4, 64, 64, 1, 7, C_COORD, 0);
    auto ms = [](unsigned aniso) { Samp s = S_(1, A_CLAMP, 1); s.mipfilter = 1; s.maxl = 15; s.aniso = aniso; return s; };
    for (unsigned an : {1u, 16u}) {
      run_sweep(S("J10_grad_dx_a_p_aniso%u", an).c_str(), m64, ms(an), Q_TEX2DGRAD, {0.5f, 0.5f, 0.125f, 0, 0, 0}, {{3, 1}}, 1.0f / 65536, 0.5f,
                "dPdx = (1/8, p), dPdy = (0,0): the norm of one derivative vector");
      run_sweep(S("J11_grad_dy_p_a_aniso%u", an).c_str(), m64, ms(an), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0.125f}, {{4, 1}}, 1.0f / 65536, 0.5f,
                "dPdx = (0,0), dPdy = (p, 1/8)");
      run_sweep(S("J12_grad_dx_only_aniso%u", an).c_str(), m64, ms(an), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0}, {{2, 1}}, 1.0f / 1024, 32.0f,
                "dPdx = (g,0), dPdy = (0,0)");
      run_sweep(S("J13_grad_dx_g_dy_eighth_aniso%u", an).c_str(), m64, ms(an), Q_TEX2DGRAD, {0.5f, 0.5f, 0, 0, 0, 0.125f}, {{2, 1}}, 1.0f / 4096, 2.0f,
                "dPdx = (g,0), dPdy = (0,1/8): ratio sweep through both orders");
    }
    run_sweep("J14_grad_dx_a_p_aniso4", m64, ms(4), Q_TEX2DGRAD, {0.5f, 0.5f, 0.125f, 0, 0, 0}, {{3, 1}}, 1.0f / 65536, 0.5f, nullptr);
    run_sweep("J15_grad_both_a_p_aniso1", m64, ms(1), Q_TEX2DGRAD, {0.5f, 0.5f, 0.125f, 0, 0, 0.125f}, {{3, 1}, {4, -1}}, 1.0f / 65536, 0.5f,
              "dPdx = (1/8, p), dPdy = (-p, 1/8): rotated isotropic");
    write_manifest();
    // (3) special coordinate / lod values
    const float sv[] = {NAN, INFINITY, -INFINITY, 1e30f, -1e30f, 16777216.0f, 8388608.5f, 1048576.25f, 65536.5f, -65536.5f, 1e-30f, -1e-30f,
                        1.17549435e-38f, -1.17549435e-38f, 1e-45f, -1e-45f, 0.0f, -0.0f, 0.5f, 2147483648.0f, -2147483648.0f};
    Tex c5 = make_tex("coord2d_5x3_j", T2D, F32X4, 5, 3, 1, 1, C_COORD, 0);
    Args sp; for (float a : sv) for (float b : {0.5f, NAN}) { sp.f(a); sp.f(b); }
    const int modes[4] = {A_WRAP, A_CLAMP, A_MIRROR, A_BORDER};
    for (int norm = 1; norm >= 0; norm--) for (int f = 0; f < 2; f++) for (int m = 0; m < 4; m++) {
      Samp s = S_(f, modes[m], norm); memcpy(s.border, BORDER, 16);
      run_list(S("J20_special_coords_%s_%s_%s", f ? "linear" : "point", am_name(modes[m]), norm ? "norm" : "unnorm").c_str(), c5, s, Q_TEX2D, sp.v,
               "u in {nan, inf, -inf, 1e30, ...} x v in {0.5, nan}");
    }
    Args sl; for (float l : sv) { sl.f(0.5f); sl.f(0.5f); sl.f(l); }
    for (float l : {-1.0f, 0.25f, 3.999f, 6.0f, 6.5f, 100.0f, 255.9f, 256.0f, 1e6f}) { sl.f(0.5f); sl.f(0.5f); sl.f(l); }
    { Samp s = ms(0); run_list("J21_special_lod", m64, s, Q_TEX2DLOD, sl.v, "lod special values"); }
    Args sg; for (float g : sv) { sg.f(0.5f); sg.f(0.5f); sg.f(g); sg.f(0); sg.f(0); sg.f(g); }
    { Samp s = ms(1); run_list("J22_special_grad", m64, s, Q_TEX2DGRAD, sg.v, "dPdx=(g,0), dPdy=(0,g) special g");
      Samp s16 = ms(16); run_list("J22b_special_grad_aniso16", m64, s16, Q_TEX2DGRAD, sg.v, nullptr); }
    write_manifest();
  }

  // ---------------------------------------------------------------- K: normalized-coordinate precision vs size/type (third run)
  if (want("K_prec")) {
    open_group("K_prec");
    Samp s = S_(1, A_CLAMP, 1);
    const char* note = "normalized-coordinate quantisation: R/G/B = texel index + weight along the swept axis";
    for (int W : {8193, 9000, 10000, 12000, 12289, 16383, 16385, 24577, 32769, 49153, 65535, 65537, 98305, 131071}) {
      Tex t = make_tex(S("coord1d_f32x1_kw%d", W).c_str(), T1D, F32X1, W, 1, 1, 1, C_COORD, 0);
      for (float base : {0.3f, 0.6f}) {
        if (W > 65536 && base > 0.5f) base = 0.1f;
        run_sweep(S("K01_1d_w%d_%g", W, base).c_str(), t, s, Q_TEX1D, {0}, {{0, 1}}, base, base + 4.0f / W, note);
      }
    }
    for (int N : {1024, 2048, 2049, 4096, 4097, 8192, 8193, 16384, 16385, 32768, 65536}) {
      Tex t = make_tex(S("coord2d_f32x1_5x%d", N).c_str(), T2D, F32X1, 5, N, 1, 1, C_COORD, 0);
      run_sweep(S("K02_2d_5x%d_u", N).c_str(), t, s, Q_TEX2D, {0, 0.5f}, {{0, 1}}, 0.1f, 0.9f, note);
      Tex t2 = make_tex(S("kcoord2d_f32x4_%dx5", N).c_str(), T2D, F32X4, N, 5, 1, 1, C_COORD, 0);
      run_sweep(S("K03_2d_%dx5_v", N).c_str(), t2, s, Q_TEX2D, {0.5f, 0}, {{1, 1}}, 0.1f, 0.9f, note);
    }
    for (int D : {256, 512, 1024, 2048, 2049, 4096, 4097, 8192, 16384}) {
      Tex t = make_tex(S("coord3d_f32x1_5x3x%d", D).c_str(), T3D, F32X1, 5, 3, D, 1, C_COORD, 0);
      run_sweep(S("K04_3d_5x3x%d_u", D).c_str(), t, s, Q_TEX3D, {0, 0.5f, 0.5f}, {{0, 1}}, 0.1f, 0.9f, note);
    }
    for (int Lr : {1, 2048}) {
      Tex t = make_tex(S("arraycoord2d_f32x1_5x3x%d", Lr).c_str(), T2DA, F32X1, 5, 3, Lr, 1, C_COORD, 0);
      // tex2DLayered(x, y, layer=0): sweep x; fixed args as floats with the layer slot holding int 0
      run_sweep(S("K05_array2d_5x3x%d_u", Lr).c_str(), t, s, Q_TEX2DLAYERED, {0, 0.5f, 0}, {{0, 1}}, 0.1f, 0.9f, note);
    }
    {
      Tex t = make_tex("mipcoord2d_f32x4_24577x1", T2D, F32X4, 24577, 1, 1, 15, C_COORD, 0);
      Samp sm = S_(1, A_CLAMP, 1); sm.mipfilter = 0; sm.maxl = 15;
      for (int L = 0; L < 6; L++) {
        int WL = std::max(1, 24577 >> L);
        run_sweep(S("K06_mip_24577_lod%d_u", L).c_str(), t, sm, Q_TEX2DLOD, {0, 0.5f, (float)L}, {{0, 1}}, 0.3f, 0.3f + 4.0f / WL,
                  "level L width = 24577>>L (24577, 12288, 6144, 3072, 1536, 768): does the quantisation follow level 0 or level L?");
      }
    }
    {
      Tex c5 = make_tex("cubecoord_f32x4_5", TCUBE, F32X4, 5, 5, 6, 1, C_COORD, 0);
      run_sweep("K07_cube5_linear_ma3_sweep_z", c5, s, Q_CUBE, {3.0f, 0.1f, 0}, {{2, 1}}, 0.25f, 2.75f, "+X face of a 5x5 cube");
      run_sweep("K07b_cube5_linear_ma1.7_sweep_y", c5, s, Q_CUBE, {1.7f, 0, -0.2f}, {{1, 1}}, -1.5f, -0.25f, nullptr);
      Tex c1023 = make_tex("cubecoord_f32x1_1023", TCUBE, F32X1, 1023, 1023, 6, 1, C_COORD, 0);
      run_sweep("K08_cube1023_linear_ma3_sweep_z", c1023, s, Q_CUBE, {3.0f, 0.1f, 0}, {{2, 1}}, 1.0f, 1.01f, nullptr);
      Tex c8193 = make_tex("cubecoord_f32x1_8193", TCUBE, F32X1, 8193, 8193, 6, 1, C_COORD, 0);
      run_sweep("K09_cube8193_linear_ma3_sweep_z", c8193, s, Q_CUBE, {3.0f, 0.1f, 0}, {{2, 1}}, 1.0f, 1.002f, nullptr);
    }
    write_manifest();
  }

#include "probe_n.inc"
  if (g_bin) fclose(g_bin);
  write_manifest();
  logf("done; %.1f MB of binary data\n", g_total_bytes / 1e6);
  return 0;
}
