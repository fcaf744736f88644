/* gl_probe.c -- OpenGL (EGL, headless) ground truth for what CUDA cannot reach:
 *   textureQueryLod (NVIDIA: TMML.LOD) and implicit-LOD texture() in fragment quads,
 *   shadow compare (sampler2DShadow, every compare func, nearest/linear; textureGather with ref),
 *   texelFetch out of range (coords, levels, layers), float array-layer selection.
 * Texture contents and coordinates follow the same conventions as probe.cu (see manifest.json);
 * results go to <outdir>/GL.bin and <outdir>/manifest_GL.json.
 *
 * Build: cc -O2 -std=c11 -o gl_probe gl_probe.c -lEGL -lOpenGL -lm
 * Run:   ./gl_probe <outdir>
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/glcorearb.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef GL_TEXTURE_MAX_ANISOTROPY
#define GL_TEXTURE_MAX_ANISOTROPY 0x84FE
#endif

static uint32_t hash32(uint32_t x) { x ^= x >> 16; x *= 0x7feb352dU; x ^= x >> 15; x *= 0x846ca68bU; x ^= x >> 16; return x; }
static uint32_t H6(uint32_t seed, uint32_t x, uint32_t y, uint32_t z, uint32_t L, uint32_t c) {
  uint32_t h = hash32(seed);
  h = hash32(h ^ x); h = hash32(h ^ y); h = hash32(h ^ z); h = hash32(h ^ L); h = hash32(h ^ c);
  return h;
}
static float urange(uint32_t seed, uint32_t i, uint32_t j, double a, double b) {
  double u = (H6(seed, i, j, 0, 0, 0) >> 8) * (1.0 / 16777216.0); return (float)(a + (b - a) * u);
}
static float lograndg(uint32_t seed, uint32_t i, uint32_t j, double e0, double e1) {
  uint32_t h = H6(seed, i, j, 1, 0, 0);
  if ((h & 15) == 0) return 0.0f;
  double u = (H6(seed, i, j, 0, 0, 0) >> 8) * (1.0 / 16777216.0);
  float m = (float)exp2(e0 + (e1 - e0) * u);
  return (h & 16) ? -m : m;
}

/* ---------------------------------------------------------------- output */
static const char* g_dir;
static int g_round2;  /* argv[2] == "N": only the round-two probes (GLN.bin, manifest_GLN.json) */
static FILE* g_bin;
static size_t g_off;
static char* g_probes; static size_t g_plen, g_pcap;
static char* g_texs; static size_t g_tlen, g_tcap;
static void app(char** b, size_t* len, size_t* cap, const char* fmt, ...) {
  va_list ap; char tmp[16384];
  va_start(ap, fmt); int n = vsnprintf(tmp, sizeof tmp, fmt, ap); va_end(ap);
  if (*len + n + 1 > *cap) { *cap = (*cap + n + 1) * 2; *b = realloc(*b, *cap); }
  memcpy(*b + *len, tmp, n + 1); *len += n;
}
static size_t put(const void* p, size_t n) { size_t o = g_off; fwrite(p, 1, n, g_bin); g_off += n; return o; }
static char g_renderer[512], g_version[512], g_vendor[512];
static void write_manifest(void) {
  char path[1024]; snprintf(path, sizeof path, "%s/manifest_%s.json", g_dir, g_round2 ? "GLN" : "GL");
  FILE* f = fopen(path, "w");
  fprintf(f, "{\n\"gl\": {\"vendor\": \"%s\", \"renderer\": \"%s\", \"version\": \"%s\", "
             "\"conventions\": \"Fragment probes (query kind gl_frag_quads): the framebuffer is split into 2x2 pixel quads; quad q = (px/2, py/2), "
             "qi = qy*quads_per_row + qx; pixel (lx, ly) = (px&1, py&1) of quad qi gets uv = base + lx*dx + ly*dy evaluated by the shader in fp32 "
             "(the exact per-pixel uv is stored in the result, so it is ground truth whatever the compiler did). Result per pixel, in row-major pixel order "
             "(py outer): 10 f32 = queryLod.xy, texture(s,uv).rgba, texture(s,uv,sbias).rgba... see each probe's result_layout. "
             "Compute probes: one query per invocation, args and results as listed in the probe.\"},\n"
             "\"textures\": [\n%s\n],\n\"probes\": [\n%s\n]\n}\n",
          g_vendor, g_renderer, g_version, g_texs ? g_texs : "", g_probes ? g_probes : "");
  fclose(f);
}
static int g_first_probe = 1, g_first_tex = 1;
static void add_tex(const char* json) { app(&g_texs, &g_tlen, &g_tcap, "%s  %s", g_first_tex ? "" : ",\n", json); g_first_tex = 0; }
static void add_probe(const char* json) { app(&g_probes, &g_plen, &g_pcap, "%s  %s", g_first_probe ? "" : ",\n", json); g_first_probe = 0; write_manifest(); }

/* ---------------------------------------------------------------- GL helpers */
static GLuint shader(GLenum type, const char* src) {
  GLuint s = glCreateShader(type); glShaderSource(s, 1, &src, NULL); glCompileShader(s);
  GLint ok; glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
  if (!ok) { char log[4096]; glGetShaderInfoLog(s, sizeof log, NULL, log); fprintf(stderr, "shader error: %s\n", log); exit(2); }
  return s;
}
static GLuint program(const char* vs, const char* fs, const char* cs) {
  GLuint p = glCreateProgram();
  if (vs) glAttachShader(p, shader(GL_VERTEX_SHADER, vs));
  if (fs) glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
  if (cs) glAttachShader(p, shader(GL_COMPUTE_SHADER, cs));
  glLinkProgram(p);
  GLint ok; glGetProgramiv(p, GL_LINK_STATUS, &ok);
  if (!ok) { char log[4096]; glGetProgramInfoLog(p, sizeof log, NULL, log); fprintf(stderr, "link error: %s\n", log); exit(2); }
  return p;
}
static const char* glerr(void) {
  static char b[64]; GLenum e = glGetError();
  if (e == GL_NO_ERROR) return NULL;
  snprintf(b, sizeof b, "GL error 0x%04x", e); return b;
}

static const char* VS = "#version 450\nvoid main(){ vec2 p = vec2((gl_VertexID<<1)&2, gl_VertexID&2); gl_Position = vec4(p*2.0-1.0, 0.0, 1.0); }\n";
static const char* FS_LOD =
  "#version 450\n"
  "layout(std430, binding=0) readonly buffer Q { vec4 q[]; };\n"
  "uniform int qw; uniform float sbias; uniform sampler2D tex;\n"
  "layout(location=0) out vec4 o0; layout(location=1) out vec4 o1; layout(location=2) out vec4 o2;\n"
  "void main(){\n"
  "  ivec2 p = ivec2(gl_FragCoord.xy); ivec2 qq = p >> 1; ivec2 l = p & 1;\n"
  "  int qi = qq.y*qw + qq.x; vec4 a = q[2*qi]; vec4 b = q[2*qi+1];\n"
  "  vec2 uv = a.xy + float(l.x)*a.zw + float(l.y)*b.xy;\n"
  "  vec2 lod = textureQueryLod(tex, uv);\n"
  "  o0 = vec4(lod, uv);\n"
  "  o1 = texture(tex, uv);\n"
  "  o2 = texture(tex, uv, sbias);\n"
  "}\n";
static const char* CS_GENERIC =
  "#version 450\n"
  "layout(local_size_x=64) in;\n"
  "layout(std430, binding=0) readonly buffer I { vec4 inp[]; };\n"
  "layout(std430, binding=1) writeonly buffer O { vec4 outp[]; };\n"
  "uniform int n; uniform int mode;\n"
  "uniform sampler2DShadow sh; uniform sampler2D s2; uniform sampler2DArray sa; uniform sampler1D s1;\n"
  "void main(){ uint i = gl_GlobalInvocationID.x; if (i >= uint(n)) return; vec4 a = inp[i];\n"
  "  vec4 r0 = vec4(0), r1 = vec4(0);\n"
  "  if (mode == 0) { r0 = vec4(textureLod(sh, a.xyz, 0.0), 0, 0, 0); r1 = textureGather(sh, a.xy, a.z); }\n"
  "  else if (mode == 1) { ivec4 c = floatBitsToInt(a); r0 = texelFetch(s2, c.xy, c.z); }\n"
  "  else if (mode == 2) { ivec4 c = floatBitsToInt(a); r0 = texelFetch(sa, c.xyz, c.w); }\n"
  "  else if (mode == 3) { r0 = textureLod(sa, a.xyz, 0.0); r1 = texture(sa, a.xyz); }\n"
  "  else if (mode == 4) { r0 = textureLod(s2, a.xy, a.z); }\n"
  "  else if (mode == 5) { ivec4 c = floatBitsToInt(a); r0 = texelFetch(s1, c.x, c.y); }\n"
  "  outp[2*i] = r0; outp[2*i+1] = r1; }\n";

/* run the generic compute shader over n vec4 inputs; returns 8 floats per query */
static GLuint g_cs, g_ibuf, g_obuf;
static int run_cs(int mode, const float* in, int n, float* out) {
  glUseProgram(g_cs);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, g_ibuf);
  glBufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)n * 16, in, GL_STATIC_DRAW);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, g_ibuf);
  glBindBuffer(GL_SHADER_STORAGE_BUFFER, g_obuf);
  glBufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)n * 32, NULL, GL_DYNAMIC_READ);
  glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, g_obuf);
  glUniform1i(glGetUniformLocation(g_cs, "n"), n);
  glUniform1i(glGetUniformLocation(g_cs, "mode"), mode);
  glUniform1i(glGetUniformLocation(g_cs, "sh"), 0);
  glUniform1i(glGetUniformLocation(g_cs, "s2"), 1);
  glUniform1i(glGetUniformLocation(g_cs, "sa"), 2);
  glUniform1i(glGetUniformLocation(g_cs, "s1"), 3);
  glDispatchCompute((n + 63) / 64, 1, 1);
  glMemoryBarrier(GL_ALL_BARRIER_BITS);
  glGetBufferSubData(GL_SHADER_STORAGE_BUFFER, 0, (GLsizeiptr)n * 32, out);
  return glGetError() == GL_NO_ERROR;
}

static const char* func_name(GLenum f) {
  switch (f) { case GL_NEVER: return "never"; case GL_LESS: return "less"; case GL_EQUAL: return "equal"; case GL_LEQUAL: return "lequal";
    case GL_GREATER: return "greater"; case GL_NOTEQUAL: return "notequal"; case GL_GEQUAL: return "gequal"; default: return "always"; }
}

/* ---------------------------------------------------------------- EGL */
static int init_egl(void) {
  PFNEGLQUERYDEVICESEXTPROC qd = (PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
  PFNEGLGETPLATFORMDISPLAYEXTPROC gpd = (PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
  EGLDisplay dpy = EGL_NO_DISPLAY;
  if (qd && gpd) {
    EGLDeviceEXT devs[16]; EGLint nd = 0;
    if (qd(16, devs, &nd)) {
      for (int pass = 0; pass < 2 && dpy == EGL_NO_DISPLAY; pass++)
        for (int i = 0; i < nd; i++) {
          EGLDisplay d = gpd(EGL_PLATFORM_DEVICE_EXT, devs[i], NULL);
          EGLint ma, mi;
          if (d == EGL_NO_DISPLAY || !eglInitialize(d, &ma, &mi)) continue;
          const char* v = eglQueryString(d, EGL_VENDOR);
          fprintf(stderr, "EGL device %d: vendor %s\n", i, v ? v : "?");
          if (pass == 1 || (v && strstr(v, "NVIDIA"))) { dpy = d; break; }
        }
    }
  }
  if (dpy == EGL_NO_DISPLAY) {
    dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    EGLint ma, mi;
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &ma, &mi)) { fprintf(stderr, "no EGL display\n"); return 0; }
  }
  if (!eglBindAPI(EGL_OPENGL_API)) { fprintf(stderr, "eglBindAPI failed\n"); return 0; }
  EGLint cattr[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_NONE};
  EGLConfig cfg; EGLint nc = 0;
  if (!eglChooseConfig(dpy, cattr, &cfg, 1, &nc) || nc < 1) {
    EGLint cattr2[] = {EGL_RENDERABLE_TYPE, EGL_OPENGL_BIT, EGL_NONE};
    if (!eglChooseConfig(dpy, cattr2, &cfg, 1, &nc) || nc < 1) { fprintf(stderr, "no EGL config\n"); return 0; }
  }
  EGLint ctxattr[] = {EGL_CONTEXT_MAJOR_VERSION, 4, EGL_CONTEXT_MINOR_VERSION, 5, EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT, EGL_NONE};
  EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctxattr);
  if (ctx == EGL_NO_CONTEXT) { fprintf(stderr, "no GL 4.5 context (0x%x)\n", eglGetError()); return 0; }
  if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx)) {
    EGLint pb[] = {EGL_WIDTH, 16, EGL_HEIGHT, 16, EGL_NONE};
    EGLSurface s = eglCreatePbufferSurface(dpy, cfg, pb);
    if (!eglMakeCurrent(dpy, s, s, ctx)) { fprintf(stderr, "eglMakeCurrent failed\n"); return 0; }
  }
  snprintf(g_vendor, sizeof g_vendor, "%s", (const char*)glGetString(GL_VENDOR));
  snprintf(g_renderer, sizeof g_renderer, "%s", (const char*)glGetString(GL_RENDERER));
  snprintf(g_version, sizeof g_version, "%s", (const char*)glGetString(GL_VERSION));
  fprintf(stderr, "GL: %s | %s | %s\n", g_vendor, g_renderer, g_version);
  return 1;
}

/* ---------------------------------------------------------------- textures */
/* RGBA32F mip chain with "coord" content: texel (x,y) of level L = (x, y, 0, L) */
static GLuint mk_coord_mip(int w, int h, int levels) {
  GLuint t; glGenTextures(1, &t); glBindTexture(GL_TEXTURE_2D, t);
  glTexStorage2D(GL_TEXTURE_2D, levels, GL_RGBA32F, w, h);
  for (int L = 0; L < levels; L++) {
    int lw = w >> L > 0 ? w >> L : 1, lh = h >> L > 0 ? h >> L : 1;
    float* b = malloc((size_t)lw * lh * 16);
    for (int y = 0; y < lh; y++) for (int x = 0; x < lw; x++) { float* p = b + 4 * ((size_t)y * lw + x); p[0] = x; p[1] = y; p[2] = 0; p[3] = L; }
    glTexSubImage2D(GL_TEXTURE_2D, L, 0, 0, lw, lh, GL_RGBA, GL_FLOAT, b); free(b);
  }
  return t;
}

#include "gl_probe_n.inc"

int main(int argc, char** argv) {
  g_dir = argc > 1 ? argv[1] : ".";
  g_round2 = argc > 2 && !strcmp(argv[2], "N");
  char path[1024]; snprintf(path, sizeof path, "%s/%s.bin", g_dir, g_round2 ? "GLN" : "GL");
  if (!init_egl()) {
    g_bin = fopen(path, "wb"); fclose(g_bin);
    snprintf(g_vendor, sizeof g_vendor, "(EGL/GL initialisation failed)");
    write_manifest(); return 1;
  }
  g_bin = fopen(path, "wb");
  GLuint vao; glGenVertexArrays(1, &vao); glBindVertexArray(vao);
  g_cs = program(NULL, NULL, CS_GENERIC);
  glGenBuffers(1, &g_ibuf); glGenBuffers(1, &g_obuf);

  if (g_round2) { round2(); fclose(g_bin); write_manifest(); fprintf(stderr, "gl_probe N done, %zu bytes\n", g_off); return 0; }
  /* ============ 1. textureQueryLod / implicit LOD in fragment quads ============ */
  {
    const int QW = 64, QH = 64, NQ = QW * QH, FW = 2 * QW, FH = 2 * QH;
    float* q = calloc((size_t)NQ * 8, 4);
    for (int i = 0; i < NQ; i++) {
      float* a = q + 8 * i;
      if (i < 1024) {  /* isotropic sweep */
        float g = (float)exp2(-12.0 + 16.0 * i / 1024.0);
        a[0] = 0.5f; a[1] = 0.5f; a[2] = g; a[3] = 0; a[4] = 0; a[5] = g;
      } else if (i < 2048) {  /* rotated isotropic */
        float g = (float)exp2(urange(501, i, 0, -12, 4)); float th = urange(501, i, 1, 0, 6.283185307179586);
        a[0] = urange(501, i, 2, 0, 1); a[1] = urange(501, i, 3, 0, 1);
        a[2] = g * cosf(th); a[3] = g * sinf(th); a[4] = -g * sinf(th); a[5] = g * cosf(th);
      } else {  /* random */
        a[0] = urange(502, i, 0, -0.5, 1.5); a[1] = urange(502, i, 1, -0.5, 1.5);
        for (int k = 0; k < 4; k++) a[2 + k] = lograndg(503, i, k, -12, 2);
      }
    }
    size_t qoff = put(q, (size_t)NQ * 8 * 4);
    GLuint qb; glGenBuffers(1, &qb); glBindBuffer(GL_SHADER_STORAGE_BUFFER, qb);
    glBufferData(GL_SHADER_STORAGE_BUFFER, (GLsizeiptr)NQ * 32, q, GL_STATIC_DRAW);
    GLuint fbo, rt[3]; glGenFramebuffers(1, &fbo); glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenTextures(3, rt);
    for (int i = 0; i < 3; i++) {
      glBindTexture(GL_TEXTURE_2D, rt[i]); glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA32F, FW, FH);
      glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D, rt[i], 0);
    }
    GLenum bufs[3] = {GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_COLOR_ATTACHMENT2};
    glDrawBuffers(3, bufs);
    GLuint prog = program(VS, FS_LOD, NULL);
    struct { const char* name; int w, h, levels; GLenum minf; float aniso, bias, minl, maxl, sbias; int base, maxlev; } V[] = {
      {"GL01_qlod_64_trilinear", 64, 64, 7, GL_LINEAR_MIPMAP_LINEAR, 1, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL02_qlod_64_trilinear_aniso16", 64, 64, 7, GL_LINEAR_MIPMAP_LINEAR, 16, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL03_qlod_64_linear_mipnearest", 64, 64, 7, GL_LINEAR_MIPMAP_NEAREST, 1, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL04_qlod_64_bias0.3_min1.3_max4.6", 64, 64, 7, GL_LINEAR_MIPMAP_LINEAR, 1, 0.3f, 1.3f, 4.6f, -0.6f, 0, 1000},
      {"GL05_qlod_64x16_trilinear", 64, 16, 7, GL_LINEAR_MIPMAP_LINEAR, 1, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL06_qlod_64x16_aniso16", 64, 16, 7, GL_LINEAR_MIPMAP_LINEAR, 16, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL07_qlod_64_base1_max4", 64, 64, 7, GL_LINEAR_MIPMAP_LINEAR, 1, 0, -1000, 1000, 0.75f, 1, 4},
      {"GL08_qlod_37x23_trilinear", 37, 23, 6, GL_LINEAR_MIPMAP_LINEAR, 1, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL09_qlod_64_nearest_mipnearest", 64, 64, 7, GL_NEAREST_MIPMAP_NEAREST, 1, 0, -1000, 1000, 0.75f, 0, 1000},
      {"GL10_qlod_64_aniso4", 64, 64, 7, GL_LINEAR_MIPMAP_LINEAR, 4, 0, -1000, 1000, 0.75f, 0, 1000},
    };
    float* px[3]; for (int i = 0; i < 3; i++) px[i] = malloc((size_t)FW * FH * 16);
    float* res = malloc((size_t)FW * FH * 8 * 4);
    for (size_t vi = 0; vi < sizeof V / sizeof V[0]; vi++) {
      GLuint t = mk_coord_mip(V[vi].w, V[vi].h, V[vi].levels);
      char tid[64]; snprintf(tid, sizeof tid, "gl_mipcoord_%dx%d", V[vi].w, V[vi].h);
      if (vi == 0 || vi == 4 || vi == 7) {
        char tj[512]; snprintf(tj, sizeof tj, "{\"id\": \"%s\", \"type\": \"2D\", \"format\": \"GL_RGBA32F\", \"width\": %d, \"height\": %d, \"levels\": %d, \"content\": \"coord\", \"seed\": 0}", tid, V[vi].w, V[vi].h, V[vi].levels);
        add_tex(tj);
      }
      glBindTexture(GL_TEXTURE_2D, t);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, V[vi].minf);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, V[vi].minf == GL_NEAREST_MIPMAP_NEAREST ? GL_NEAREST : GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_ANISOTROPY, V[vi].aniso);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_LOD_BIAS, V[vi].bias);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MIN_LOD, V[vi].minl);
      glTexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, V[vi].maxl);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, V[vi].base);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, V[vi].maxlev);
      glBindFramebuffer(GL_FRAMEBUFFER, fbo);
      glViewport(0, 0, FW, FH);
      glUseProgram(prog);
      glActiveTexture(GL_TEXTURE0); glBindTexture(GL_TEXTURE_2D, t);
      glUniform1i(glGetUniformLocation(prog, "tex"), 0);
      glUniform1i(glGetUniformLocation(prog, "qw"), QW);
      glUniform1f(glGetUniformLocation(prog, "sbias"), V[vi].sbias);
      glBindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, qb);
      glDrawArrays(GL_TRIANGLES, 0, 3);
      glFinish();
      for (int i = 0; i < 3; i++) { glReadBuffer(GL_COLOR_ATTACHMENT0 + i); glReadPixels(0, 0, FW, FH, GL_RGBA, GL_FLOAT, px[i]); }
      const char* e = glerr();
      for (int p = 0; p < FW * FH; p++) {
        float* r = res + 8 * (size_t)p;
        memcpy(r, px[0] + 4 * (size_t)p, 16);            /* queryLod.xy, uv */
        r[4] = px[1][4 * (size_t)p + 0]; r[5] = px[1][4 * (size_t)p + 1]; r[6] = px[1][4 * (size_t)p + 3];  /* texture(): R, G, A */
        r[7] = px[2][4 * (size_t)p + 3];                 /* texture(bias): A */
      }
      size_t ro = put(res, (size_t)FW * FH * 32);
      char j[4096];
      snprintf(j, sizeof j,
        "{\"name\": \"%s\", \"count\": %d, \"texture\": \"%s\", \"sampler\": {\"min_filter\": \"%s\", \"mag_filter\": \"%s\", \"wrap\": \"clamp_to_edge\", \"max_anisotropy\": %g, "
        "\"lod_bias\": %g, \"min_lod\": %g, \"max_lod\": %g, \"base_level\": %d, \"max_level\": %d}, "
        "\"query\": {\"kind\": \"gl_frag_quads\", \"shader\": \"uv = base + lx*dx + ly*dy; o0 = (textureQueryLod(tex,uv), uv); o1 = texture(tex,uv); o2 = texture(tex,uv,sbias)\", \"sbias\": %g, "
        "\"quads_per_row\": %d, \"quads\": %d}, "
        "\"coords\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 8], \"layout\": \"per quad: base.u, base.v, dx.u, dx.v, dy.u, dy.v, 0, 0\"}, "
        "\"result\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, %d, 8], \"layout\": \"[py][px]: queryLod.x, queryLod.y, uv.u, uv.v, texture(tex,uv).r, .g, .a, texture(tex,uv,sbias).a (content: R,G = texel coords, A = level)\"}, "
        "\"status\": \"%s\"}",
        V[vi].name, FW * FH, tid, V[vi].minf == GL_LINEAR_MIPMAP_LINEAR ? "linear_mipmap_linear" : V[vi].minf == GL_LINEAR_MIPMAP_NEAREST ? "linear_mipmap_nearest" : "nearest_mipmap_nearest", V[vi].minf == GL_NEAREST_MIPMAP_NEAREST ? "nearest" : "linear", V[vi].aniso, V[vi].bias, V[vi].minl, V[vi].maxl,
        V[vi].base, V[vi].maxlev, V[vi].sbias, QW, NQ, qoff, NQ, ro, FH, FW, e ? e : "ok");
      add_probe(j);
      fprintf(stderr, "%s %s\n", V[vi].name, e ? e : "ok");
      glDeleteTextures(1, &t);
    }
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
  }

  /* ============ 2. shadow compare ============ */
  {
    const int W = 5, Hh = 3, N = 2048;
    /* depth texel (x,y): d32f = (H(91,x,y,0,0,0) >> 8) * 2^-24 ; d24 = H >> 8 (24-bit unorm) ; d16 = H >> 16 */
    float* in = malloc((size_t)N * 16); float* out = malloc((size_t)N * 32);
    for (int i = 0; i < N; i++) {
      float* a = in + 4 * i;
      a[0] = urange(92, i, 0, -0.2, 1.2); a[1] = urange(92, i, 1, -0.2, 1.2);
      uint32_t sel = H6(93, i, 0, 0, 0, 0) % 8;
      if (sel < 4) a[2] = urange(93, i, 1, 0, 1);
      else if (sel < 7) { int tx = H6(93, i, 2, 0, 0, 0) % W, ty = H6(93, i, 3, 0, 0, 0) % Hh; a[2] = (float)((H6(91, tx, ty, 0, 0, 0) >> 8) * (1.0 / 16777216.0)); }
      else { const float sp[8] = {-1.0f, 0.0f, 1.0f, 2.0f, NAN, -0.0f, 1e-30f, 0.99999994f}; a[2] = sp[H6(93, i, 4, 0, 0, 0) % 8]; }
      a[3] = 0;
    }
    size_t io = put(in, (size_t)N * 16);
    struct { const char* id; GLenum ifmt, fmt, type; } F[] = {
      {"gl_depth32f_5x3", GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT},
      {"gl_depth24_5x3", GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8},
      {"gl_depth16_5x3", GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT},
    };
    const GLenum funcs[8] = {GL_NEVER, GL_LESS, GL_EQUAL, GL_LEQUAL, GL_GREATER, GL_NOTEQUAL, GL_GEQUAL, GL_ALWAYS};
    for (int fi = 0; fi < 3; fi++) {
      GLuint t; glGenTextures(1, &t); glActiveTexture(GL_TEXTURE0); glBindTexture(GL_TEXTURE_2D, t);
      glTexStorage2D(GL_TEXTURE_2D, 1, F[fi].ifmt, W, Hh);
      uint32_t data[15];
      for (int y = 0; y < Hh; y++) for (int x = 0; x < W; x++) {
        uint32_t h = H6(91, x, y, 0, 0, 0);
        if (fi == 0) { float f = (float)((h >> 8) * (1.0 / 16777216.0)); memcpy(&data[y * W + x], &f, 4); }
        else if (fi == 1) data[y * W + x] = (h >> 8) << 8;
        else ((uint16_t*)data)[y * W + x] = (uint16_t)(h >> 16);
      }
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, W, Hh, F[fi].fmt, F[fi].type, data);
      char tj[640];
      snprintf(tj, sizeof tj, "{\"id\": \"%s\", \"type\": \"2D\", \"format\": \"0x%04x\", \"width\": %d, \"height\": %d, \"levels\": 1, "
               "\"content\": \"depth texel (x,y): h = H(91,x,y,0,0,0); D32F: (h>>8)*2^-24; D24 (D24S8, stencil 0): (h>>8) as 24-bit unorm; D16: h>>16 as 16-bit unorm\"}", F[fi].id, F[fi].ifmt, W, Hh);
      add_tex(tj);
      for (int k = 0; k < 8; k++) for (int filt = 0; filt < 2; filt++) {
        if (fi > 0 && !(funcs[k] == GL_LEQUAL || funcs[k] == GL_GREATER || funcs[k] == GL_EQUAL)) continue;
        glBindTexture(GL_TEXTURE_2D, t);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, funcs[k]);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, filt ? GL_LINEAR : GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, filt ? GL_LINEAR : GL_NEAREST);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
        glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
        int ok = run_cs(0, in, N, out);
        size_t ro = put(out, (size_t)N * 32);
        char j[2048];
        snprintf(j, sizeof j, "{\"name\": \"GL2%d_shadow_%s_%s_%s\", \"count\": %d, \"texture\": \"%s\", \"sampler\": {\"compare_mode\": \"ref_to_texture\", \"compare_func\": \"%s\", "
                 "\"filter\": \"%s\", \"wrap\": \"clamp_to_edge\"}, \"query\": {\"kind\": \"gl_compute\", \"shader\": \"r0 = (textureLod(sampler2DShadow, vec3(u,v,ref), 0), 0,0,0); r1 = textureGather(sampler2DShadow, uv, ref)\"}, "
                 "\"coords\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 4], \"layout\": \"u, v, ref, 0\"}, "
                 "\"result\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 8], \"layout\": \"r0.xyzw, r1.xyzw\"}, \"status\": \"%s\"}",
                 fi, F[fi].id + 3, func_name(funcs[k]), filt ? "linear" : "nearest", N, F[fi].id, func_name(funcs[k]), filt ? "linear" : "nearest", io, N, ro, N, ok ? "ok" : "GL error");
        add_probe(j);
      }
      fprintf(stderr, "shadow %s done\n", F[fi].id);
      glDeleteTextures(1, &t);
    }
    free(in); free(out);
  }

  /* ============ 3. texelFetch out of range, float layers ============ */
  {
    /* 2D RGBA8 5x3, 3 levels (5x3, 2x1, 1x1), content hash seed 95: channel c raw = H(95,x,y,0,L,c) & 255 */
    GLuint t2; glGenTextures(1, &t2); glActiveTexture(GL_TEXTURE1); glBindTexture(GL_TEXTURE_2D, t2);
    glTexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 5, 3);
    for (int L = 0; L < 3; L++) {
      int lw = 5 >> L ? 5 >> L : 1, lh = 3 >> L ? 3 >> L : 1; uint8_t b[64];
      for (int y = 0; y < lh; y++) for (int x = 0; x < lw; x++) for (int c = 0; c < 4; c++) b[4 * (y * lw + x) + c] = H6(95, x, y, 0, L, c) & 255;
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexSubImage2D(GL_TEXTURE_2D, L, 0, 0, lw, lh, GL_RGBA, GL_UNSIGNED_BYTE, b);
    }
    add_tex("{\"id\": \"gl_hash_rgba8_5x3_3lv\", \"type\": \"2D\", \"format\": \"GL_RGBA8\", \"width\": 5, \"height\": 3, \"levels\": 3, \"content\": \"hash\", \"seed\": 95}");
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    /* array RGBA32F 5x3x7 coord content: (x, y, layer, 0) */
    GLuint ta; glGenTextures(1, &ta); glActiveTexture(GL_TEXTURE2); glBindTexture(GL_TEXTURE_2D_ARRAY, ta);
    glTexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA32F, 5, 3, 7);
    { float b[5 * 3 * 7 * 4]; for (int z = 0; z < 7; z++) for (int y = 0; y < 3; y++) for (int x = 0; x < 5; x++) { float* p = b + 4 * ((z * 3 + y) * 5 + x); p[0] = x; p[1] = y; p[2] = z; p[3] = 0; }
      glTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, 5, 3, 7, GL_RGBA, GL_FLOAT, b); }
    add_tex("{\"id\": \"gl_arraycoord_5x3x7\", \"type\": \"2D_ARRAY\", \"format\": \"GL_RGBA32F\", \"width\": 5, \"height\": 3, \"depth_or_layers\": 7, \"levels\": 1, \"content\": \"coord\", \"seed\": 0}");
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
    glTexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
    /* texelFetch 2D: x -3..7, y -2..4, lod -1..3 ; then large values */
    int n = 0; float* in = malloc(4096 * 16); float* out = malloc(4096 * 32);
    const int big[] = {(int)0x80000000, -65536, 65535, 65536, 0x7FFFFFFF};
    for (int l = -1; l <= 3; l++) for (int y = -2; y <= 4; y++) for (int x = -3; x <= 7; x++) { int v[4] = {x, y, l, 0}; memcpy(in + 4 * n++, v, 16); }
    for (int k = 0; k < 5; k++) { int v1[4] = {big[k], 1, 0, 0}, v2[4] = {1, big[k], 0, 0}, v3[4] = {1, 1, big[k], 0}; memcpy(in + 4 * n++, v1, 16); memcpy(in + 4 * n++, v2, 16); memcpy(in + 4 * n++, v3, 16); }
    for (int pass = 0; pass < 2; pass++) {
      glActiveTexture(GL_TEXTURE1); glBindTexture(GL_TEXTURE_2D, t2);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, pass ? 1 : 0);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, pass ? 1 : 1000);
      int ok = run_cs(1, in, n, out);
      size_t io = put(in, (size_t)n * 16), ro = put(out, (size_t)n * 32);
      char j[2048];
      snprintf(j, sizeof j, "{\"name\": \"GL3%d_texelfetch2d_%s\", \"count\": %d, \"texture\": \"gl_hash_rgba8_5x3_3lv\", \"sampler\": {\"base_level\": %d, \"max_level\": %d, \"filter\": \"nearest_mipmap_nearest\"}, "
               "\"query\": {\"kind\": \"gl_compute\", \"shader\": \"r0 = texelFetch(sampler2D, ivec2(x,y), lod)\"}, "
               "\"coords\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"i32\", \"shape\": [%d, 4], \"layout\": \"x, y, lod, 0\"}, "
               "\"result\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 8], \"layout\": \"r0.rgba, unused\"}, \"status\": \"%s\"}",
               pass, pass ? "base1_max1" : "base0", n, pass, pass ? 1 : 1000, io, n, ro, n, ok ? "ok" : "GL error");
      add_probe(j);
    }
    /* texelFetch array: layer -2..9, big */
    n = 0;
    for (int l = -2; l <= 9; l++) for (int x = -1; x <= 5; x += 3) { int v[4] = {x, 1, l, 0}; memcpy(in + 4 * n++, v, 16); }
    for (int k = 0; k < 5; k++) { int v[4] = {2, 1, big[k], 0}; memcpy(in + 4 * n++, v, 16); int w[4] = {2, 1, 3, big[k] == 0x7FFFFFFF ? 1 : -1}; memcpy(in + 4 * n++, w, 16); }
    { int ok = run_cs(2, in, n, out); size_t io = put(in, (size_t)n * 16), ro = put(out, (size_t)n * 32); char j[2048];
      snprintf(j, sizeof j, "{\"name\": \"GL32_texelfetch_array\", \"count\": %d, \"texture\": \"gl_arraycoord_5x3x7\", \"sampler\": {\"filter\": \"nearest\"}, "
               "\"query\": {\"kind\": \"gl_compute\", \"shader\": \"r0 = texelFetch(sampler2DArray, ivec3(x,y,layer), lod)\"}, "
               "\"coords\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"i32\", \"shape\": [%d, 4], \"layout\": \"x, y, layer, lod\"}, "
               "\"result\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 8], \"layout\": \"r0.rgba, unused\"}, \"status\": \"%s\"}", n, io, n, ro, n, ok ? "ok" : "GL error");
      add_probe(j); }
    /* float layer selection */
    n = 0;
    for (int k = -3 * 256; k <= 10 * 256; k += 4) { float v[4] = {0.5f, 0.5f, k / 256.0f, 0}; memcpy(in + 4 * n++, v, 16); }
    const float sl[] = {NAN, INFINITY, -INFINITY, -0.0f, 0.5f, 1.5f, 2.5f, 3.5f, 0.49999997f, 0.50000006f, 1.4999999f, 1.5000001f, 65536.5f, 1e10f, -1e10f, -0.5f, -0.50000006f, 6.4999995f, 6.5f};
    for (size_t k = 0; k < sizeof sl / sizeof sl[0]; k++) { float v[4] = {0.5f, 0.5f, sl[k], 0}; memcpy(in + 4 * n++, v, 16); }
    { int ok = run_cs(3, in, n, out); size_t io = put(in, (size_t)n * 16), ro = put(out, (size_t)n * 32); char j[2048];
      snprintf(j, sizeof j, "{\"name\": \"GL33_float_layer\", \"count\": %d, \"texture\": \"gl_arraycoord_5x3x7\", \"sampler\": {\"filter\": \"nearest\"}, "
               "\"query\": {\"kind\": \"gl_compute\", \"shader\": \"r0 = textureLod(sampler2DArray, vec3(u,v,layer), 0); r1 = texture(sampler2DArray, vec3(u,v,layer))\"}, "
               "\"coords\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 4], \"layout\": \"u, v, layer, 0\"}, "
               "\"result\": {\"file\": \"GL.bin\", \"offset\": %zu, \"dtype\": \"f32\", \"shape\": [%d, 8], \"layout\": \"r0.rgba (B = layer used), r1.rgba\"}, \"status\": \"%s\"}", n, io, n, ro, n, ok ? "ok" : "GL error");
      add_probe(j); }
    fprintf(stderr, "fetch/layer done\n");
  }
  fclose(g_bin);
  write_manifest();
  fprintf(stderr, "gl_probe done, %zu bytes\n", g_off);
  return 0;
}
