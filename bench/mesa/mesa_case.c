/* mesa_case: any GLSL vertex + fragment pair drawn by Mesa's softpipe and llvmpipe, written as a
 * replay case (docs/replay.md) so that `tgx replay --strict` can hold tgx to softpipe's bits.
 *
 *   mesa_case --vs V.glsl --fs F.glsl --out DIR [--name NAME] [--size WxH]
 *             [--prim GL_MODE] [--pos X,Y,...] [--attr1 X,Y,Z,W,...] [--provoking first|last]
 *             [--clip N] [--program-point-size on] [--tex hash|levels|checker] [--note TEXT]
 *
 * Each driver runs in a child process of its own (GALLIUM_DRIVER is read when the display is
 * initialised): EGL on the surfaceless Mesa platform, a desktop GL 3.3 core context, an FBO with
 * one GL_RGBA32F colour target cleared to 0, viewport = the target, as the corpus was made
 * (tests/data/corpus/README.md). Vertex attribute 0 is a vec2 (`--pos`, the case's
 * attribute0_a_pos), attribute 1 an optional vec4 (`--attr1`, case.json's `attributes`) so a
 * vertex shader can place corners anywhere in clip space (w <= 0, z outside, off the pixel grid).
 * `--clip N` enables gl_ClipDistance[0..N-1]; `--provoking first` is glProvokingVertex(
 * GL_FIRST_VERTEX_CONVENTION); `--program-point-size on` enables GL_PROGRAM_POINT_SIZE (the
 * shader's gl_PointSize; else points have size 1); `--tex GEN` binds a 16x16 RGBA8 texture with 5
 * levels from the corpus generator GEN (tgx_texgen, the texels tgx rebuilds) to unit 0,
 * linear_mipmap_linear, repeat, so implicit-LOD TEX sees the quads' derivatives.
 *
 * softpipe's child runs with SOFTPIPE_DEBUG=vs,fs: softpipe prints each shader's NIR and then the
 * TGSI it executes on stderr (corpus README, "How it was made"); the child sends stderr to a file
 * around the draw and the parent keeps the last VERT and FRAG texts found there. llvmpipe runs with
 * LP_NUM_THREADS=1. DIR receives case.json, shader.glsl, vertex.glsl, shader.tgsi, vertex.tgsi,
 * softpipe.f32 and llvmpipe.f32 (TGXR, row 0 = window y 0) and the figures of case.json's
 * `results` (largest difference per channel, differing values) computed from the two files.
 * tools/mesa-cases.sh makes the cases of tests/data/raster with it.
 */
#define _GNU_SOURCE
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "tgx/io.h"
#include "tgx/tex.h"

#define GL_FUNCS(X)                                                                                \
    X(PFNGLCREATESHADERPROC, glCreateShader)                                                       \
    X(PFNGLSHADERSOURCEPROC, glShaderSource)                                                       \
    X(PFNGLCOMPILESHADERPROC, glCompileShader)                                                     \
    X(PFNGLGETSHADERIVPROC, glGetShaderiv)                                                         \
    X(PFNGLGETSHADERINFOLOGPROC, glGetShaderInfoLog)                                               \
    X(PFNGLCREATEPROGRAMPROC, glCreateProgram)                                                     \
    X(PFNGLATTACHSHADERPROC, glAttachShader)                                                       \
    X(PFNGLLINKPROGRAMPROC, glLinkProgram)                                                         \
    X(PFNGLGETPROGRAMIVPROC, glGetProgramiv)                                                       \
    X(PFNGLGETPROGRAMINFOLOGPROC, glGetProgramInfoLog)                                             \
    X(PFNGLUSEPROGRAMPROC, glUseProgram)                                                           \
    X(PFNGLGENVERTEXARRAYSPROC, glGenVertexArrays)                                                 \
    X(PFNGLBINDVERTEXARRAYPROC, glBindVertexArray)                                                 \
    X(PFNGLGENBUFFERSPROC, glGenBuffers)                                                           \
    X(PFNGLBINDBUFFERPROC, glBindBuffer)                                                           \
    X(PFNGLBUFFERDATAPROC, glBufferData)                                                           \
    X(PFNGLVERTEXATTRIBPOINTERPROC, glVertexAttribPointer)                                         \
    X(PFNGLENABLEVERTEXATTRIBARRAYPROC, glEnableVertexAttribArray)                                 \
    X(PFNGLBINDATTRIBLOCATIONPROC, glBindAttribLocation)                                           \
    X(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers)                                                 \
    X(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer)                                                 \
    X(PFNGLFRAMEBUFFERTEXTURE2DPROC, glFramebufferTexture2D)                                       \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, glCheckFramebufferStatus)                                   \
    X(PFNGLACTIVETEXTUREPROC, glActiveTexture)                                                     \
    X(PFNGLPROVOKINGVERTEXPROC, glProvokingVertex)

#define DECLARE_GL_FUNC(TYPE, NAME) static TYPE p_##NAME;
GL_FUNCS(DECLARE_GL_FUNC)

#define MAX_VERTS    64
#define PROGRAM_MARK "@@ mesa_case: the case's program"
#define TEX_SIZE     16
#define TEX_LEVELS   5

typedef struct options {
    const char *vs, *fs, *out, *name, *note, *tex;
    char prim[64];
    unsigned width, height;
    float pos[MAX_VERTS][2];
    unsigned npos;
    float attr1[MAX_VERTS][4];
    unsigned nattr1;
    int provoking_first, program_point_size;
    unsigned clip;
} options;

static int fail(const char *what, const char *detail)
{
    fprintf(stderr, "mesa_case: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    return 0;
}

/* ---- options ---- */

static int parse_floats(const char *text, float *out, unsigned max, unsigned *n)
{
    char *end;
    *n = 0;
    for (const char *p = text; *p;) {
        if (*n == max)
            return fail("too many numbers in", text);
        errno = 0;
        out[(*n)++] = strtof(p, &end);
        if (end == p || errno)
            return fail("not a list of numbers", text);
        p = *end == ',' ? end + 1 : end;
        if (*end && *end != ',')
            return fail("not a list of numbers", text);
    }
    return 1;
}

static int parse_options(int argc, char **argv, options *o)
{
    memset(o, 0, sizeof *o);
    o->width = o->height = 32;
    o->name = "case";
    snprintf(o->prim, sizeof o->prim, "GL_TRIANGLE_STRIP");
    for (int i = 1; i < argc; i++) {
        const char *k = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        unsigned n;
        if (!v)
            return fail("a value is missing after", k);
        i++;
        if (!strcmp(k, "--vs"))
            o->vs = v;
        else if (!strcmp(k, "--fs"))
            o->fs = v;
        else if (!strcmp(k, "--out"))
            o->out = v;
        else if (!strcmp(k, "--name"))
            o->name = v;
        else if (!strcmp(k, "--note"))
            o->note = v;
        else if (!strcmp(k, "--tex"))
            o->tex = v;
        else if (!strcmp(k, "--prim"))
            snprintf(o->prim, sizeof o->prim, "%s", v);
        else if (!strcmp(k, "--provoking"))
            o->provoking_first = !strcmp(v, "first");
        else if (!strcmp(k, "--program-point-size"))
            o->program_point_size = !strcmp(v, "on");
        else if (!strcmp(k, "--clip"))
            o->clip = (unsigned)strtoul(v, NULL, 10);
        else if (!strcmp(k, "--size")) {
            if (sscanf(v, "%ux%u", &o->width, &o->height) != 2 || !o->width || !o->height ||
                o->width > 256 || o->height > 256)
                return fail("--size is WxH, 1..256 each", v);
        } else if (!strcmp(k, "--pos")) {
            if (!parse_floats(v, &o->pos[0][0], 2 * MAX_VERTS, &n) || n % 2)
                return fail("--pos takes x,y pairs", v);
            o->npos = n / 2;
        } else if (!strcmp(k, "--attr1")) {
            if (!parse_floats(v, &o->attr1[0][0], 4 * MAX_VERTS, &n) || n % 4)
                return fail("--attr1 takes x,y,z,w quadruples", v);
            o->nattr1 = n / 4;
        } else
            return fail("unknown option", k);
    }
    if (!o->vs || !o->fs || !o->out)
        return fail("--vs, --fs and --out are required", NULL);
    if (!o->npos) {
        static const float quad[4][2] = {{-1, -1}, {1, -1}, {-1, 1}, {1, 1}};
        memcpy(o->pos, quad, sizeof quad);
        o->npos = 4;
    }
    if (o->nattr1 && o->nattr1 != o->npos)
        return fail("--attr1 needs one quadruple per --pos pair", NULL);
    return 1;
}

static GLenum gl_mode(const char *name)
{
    static const struct {
        const char *name;
        GLenum mode;
    } modes[] = {{"GL_POINTS", GL_POINTS},
                 {"GL_LINES", GL_LINES},
                 {"GL_LINE_STRIP", GL_LINE_STRIP},
                 {"GL_TRIANGLES", GL_TRIANGLES},
                 {"GL_TRIANGLE_STRIP", GL_TRIANGLE_STRIP},
                 {"GL_TRIANGLE_FAN", GL_TRIANGLE_FAN}};
    for (size_t i = 0; i < sizeof modes / sizeof modes[0]; i++)
        if (!strcmp(modes[i].name, name))
            return modes[i].mode;
    return (GLenum)-1;
}

/* ---- files ---- */

static char *read_text(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    char *buf = NULL;
    long size = -1;
    if (f && fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 0 && fseek(f, 0, SEEK_SET) == 0 &&
        (buf = malloc((size_t)size + 1)) && fread(buf, 1, (size_t)size, f) == (size_t)size) {
        buf[size] = 0;
        if (len)
            *len = (size_t)size;
    } else {
        fail("cannot read", path);
        free(buf);
        buf = NULL;
    }
    if (f)
        fclose(f);
    return buf;
}

static int write_file(const char *dir, const char *name, const void *data, size_t size)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "wb");
    int ok = f && fwrite(data, 1, size, f) == size;
    if (f && fclose(f))
        ok = 0;
    return ok || fail("cannot write", path);
}

/* ---- the GL side (children) ---- */

static int gl_context(void)
{
    EGLDisplay dpy =
        eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor, n = 0;
    EGLConfig cfg;
    static const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                      EGL_OPENGL_BIT, EGL_NONE};
    static const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION,
                                      3,
                                      EGL_CONTEXT_MINOR_VERSION,
                                      3,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK,
                                      EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor))
        return fail("no EGL display on the surfaceless Mesa platform", NULL);
    if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1)
        return fail("no EGL config for desktop GL", NULL);
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
        return fail("could not make a GL 3.3 core context current", NULL);
#define LOAD_GL_FUNC(TYPE, NAME)                                                                   \
    if (!(p_##NAME = (TYPE)eglGetProcAddress(#NAME)))                                              \
        return fail("GL entry point is missing", #NAME);
    GL_FUNCS(LOAD_GL_FUNC)
#undef LOAD_GL_FUNC
    return 1;
}

static GLuint compile(GLenum kind, const char *path)
{
    char *text = read_text(path, NULL);
    if (!text)
        return 0;
    GLuint sh = p_glCreateShader(kind);
    const GLchar *src = text;
    GLint ok = 0;
    p_glShaderSource(sh, 1, &src, NULL);
    p_glCompileShader(sh);
    p_glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
    free(text);
    if (!ok) {
        char log[2048];
        p_glGetShaderInfoLog(sh, sizeof log, NULL, log);
        fail(path, log);
        return 0;
    }
    return sh;
}

static GLuint program(const options *o)
{
    GLuint vs = compile(GL_VERTEX_SHADER, o->vs), fs = vs ? compile(GL_FRAGMENT_SHADER, o->fs) : 0;
    if (!fs)
        return 0;
    GLuint prog = p_glCreateProgram();
    GLint ok = 0;
    p_glAttachShader(prog, vs);
    p_glAttachShader(prog, fs);
    p_glBindAttribLocation(prog, 0, "a_pos");
    p_glBindAttribLocation(prog, 1, "a_attr1");
    p_glLinkProgram(prog);
    p_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    if (!ok) {
        char log[2048];
        p_glGetProgramInfoLog(prog, sizeof log, NULL, log);
        fail("link", log);
        return 0;
    }
    return prog;
}

/* Unit 0: TEX_SIZE^2 RGBA8, TEX_LEVELS levels of generator `gen`, trilinear, repeat. */
static int texture(const char *gen)
{
    tgx_texgen g;
    tgx_diag d;
    tgx_tex *tex = NULL;
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, TEX_SIZE, TEX_SIZE, 1, TEX_LEVELS,
                         1};
    char spec[64];
    snprintf(spec, sizeof spec, "%s%s", gen, strcmp(gen, "hash") ? "" : ":seed=5");
    if (tgx_texgen_parse(spec, &g, &d) != TGX_OK || tgx_tex_create(&desc, &tex, &d) != TGX_OK ||
        tgx_texgen_fill(tex, &g, &d) != TGX_OK) {
        tgx_tex_destroy(tex);
        return fail("texture", d.message);
    }
    GLuint name;
    glGenTextures(1, &name);
    p_glActiveTexture(GL_TEXTURE0);
    glBindTexture(GL_TEXTURE_2D, name);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    for (uint32_t level = 0; level < desc.levels; level++) {
        uint32_t w, h, slices;
        size_t pitch, slice_pitch;
        tgx_tex_level_size(tex, level, &w, &h, &slices);
        const void *data = tgx_tex_level_data_const(tex, level, &pitch, &slice_pitch);
        glTexImage2D(GL_TEXTURE_2D, (GLint)level, GL_RGBA8, (GLsizei)w, (GLsizei)h, 0, GL_RGBA,
                     GL_UNSIGNED_BYTE, data);
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, TEX_LEVELS - 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    tgx_tex_destroy(tex);
    return glGetError() == GL_NO_ERROR || fail("texture upload failed", NULL);
}

static int target_and_vertices(const options *o)
{
    GLuint fbo, color, vao, vbo[2];
    glGenTextures(1, &color);
    glBindTexture(GL_TEXTURE_2D, color);
    glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, (GLsizei)o->width, (GLsizei)o->height, 0, GL_RGBA,
                 GL_FLOAT, NULL);
    p_glGenFramebuffers(1, &fbo);
    p_glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    p_glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, color, 0);
    if (p_glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        return fail("the RGBA32F framebuffer is incomplete", NULL);
    glViewport(0, 0, (GLsizei)o->width, (GLsizei)o->height);
    glClearColor(0, 0, 0, 0);
    glClear(GL_COLOR_BUFFER_BIT);
    p_glGenVertexArrays(1, &vao);
    p_glBindVertexArray(vao);
    p_glGenBuffers(2, vbo);
    p_glBindBuffer(GL_ARRAY_BUFFER, vbo[0]);
    p_glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->npos * sizeof o->pos[0]), o->pos,
                   GL_STATIC_DRAW);
    p_glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
    p_glEnableVertexAttribArray(0);
    if (o->nattr1) {
        p_glBindBuffer(GL_ARRAY_BUFFER, vbo[1]);
        p_glBufferData(GL_ARRAY_BUFFER, (GLsizeiptr)(o->nattr1 * sizeof o->attr1[0]), o->attr1,
                       GL_STATIC_DRAW);
        p_glVertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, NULL);
        p_glEnableVertexAttribArray(1);
    }
    for (unsigned i = 0; i < o->clip; i++)
        glEnable(GL_CLIP_DISTANCE0 + i);
    if (o->provoking_first)
        p_glProvokingVertex(GL_FIRST_VERTEX_CONVENTION);
    if (o->program_point_size)
        glEnable(GL_PROGRAM_POINT_SIZE);
    return glGetError() == GL_NO_ERROR || fail("framebuffer or vertex setup failed", NULL);
}

/* The child: draws once and writes DIR/<driver>.raw (the target's floats) and, for softpipe,
 * DIR/softpipe.log (stderr during the draw: the shaders' TGSI). */
static int render(const options *o, const char *driver)
{
    char path[2048];
    if (!gl_context() || !target_and_vertices(o) || (o->tex && !texture(o->tex)))
        return 0;
    /* st/mesa hands the shaders to softpipe when the program is linked: the marker separates
     * them from Mesa's own shaders, printed when the context was made. */
    fprintf(stderr, "%s\n", PROGRAM_MARK);
    fflush(stderr);
    GLuint prog = program(o);
    if (!prog)
        return 0;
    p_glUseProgram(prog);
    glDrawArrays(gl_mode(o->prim), 0, (GLsizei)o->npos);
    glFinish();
    size_t n = (size_t)o->width * o->height * 4;
    float *px = calloc(n, sizeof *px);
    if (!px)
        return fail("out of memory", NULL);
    glReadPixels(0, 0, (GLsizei)o->width, (GLsizei)o->height, GL_RGBA, GL_FLOAT, px);
    if (glGetError() != GL_NO_ERROR)
        return fail("drawing or reading back failed", NULL);
    snprintf(path, sizeof path, "%s.raw", driver);
    int ok = write_file(o->out, path, px, n * sizeof *px);
    free(px);
    return ok;
}

/* ---- the parent ---- */

static int run_child(char **argv, const char *out, const char *driver)
{
    pid_t pid = fork();
    if (pid < 0)
        return fail("fork failed", NULL);
    if (pid == 0) {
        char log[2048];
        snprintf(log, sizeof log, "%s/%s.log", out, driver);
        int fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || dup2(fd, 2) < 0)
            _exit(126);
        setenv("GALLIUM_DRIVER", driver, 1);
        setenv("MESA_CASE_CHILD", driver, 1);
        setenv("LP_NUM_THREADS", "1", 1);
        if (!strcmp(driver, "softpipe"))
            setenv("SOFTPIPE_DEBUG", "vs,fs", 1);
        execv("/proc/self/exe", argv);
        _exit(127);
    }
    int status = 0;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status)) {
        fprintf(stderr, "mesa_case: the %s run failed; its messages are in %s/%s.log\n", driver,
                out, driver);
        return 0;
    }
    return 1;
}

/* The last TGSI text of a stage ("VERT" or "FRAG" alone on a line, through its END line) in
 * softpipe's stderr. */
static int extract_tgsi(const char *log, const char *stage, const char *dir, const char *name)
{
    const char *last = NULL, *p = strstr(log, PROGRAM_MARK);
    if (!p)
        return fail("softpipe's messages lack the program marker", NULL);
    size_t n = strlen(stage);
    while ((p = strstr(p, stage))) {
        if (p[-1] == '\n' && p[n] == '\n')
            last = p;
        p += n;
    }
    if (!last)
        return fail("softpipe printed no TGSI for", stage);
    const char *end = strstr(last, ": END\n");
    if (!end)
        return fail("unterminated TGSI for", stage);
    end += strlen(": END\n");
    return write_file(dir, name, last, (size_t)(end - last));
}

/* st/mesa's state variable gl_FbWposYTransform, (1, 0, -1, H) for a user framebuffer (corpus
 * README), lives in the fragment shader's default uniform block at the driver_location NIR
 * prints in its declaration, "decl_var uniform ... gl_FbWposYTransform (location, driver_location,
 * binding)"; -1 when the shader has none (it reads neither gl_FragCoord nor a derivative). */
static int wpos_transform_row(const char *log)
{
    const char *p = strstr(log, PROGRAM_MARK), *frag = p ? strstr(p, "MESA_SHADER_FRAGMENT") : NULL;
    const char *decl = frag ? strstr(frag, "gl_FbWposYTransform (") : NULL;
    int location, row;
    if (!decl || sscanf(decl, "gl_FbWposYTransform (%d, %d", &location, &row) != 2 || row < 0 ||
        row > 255)
        return -1;
    return row;
}

static int write_tgxr(const char *dir, const char *name, const float *px, unsigned w, unsigned h)
{
    uint8_t head[16] = {'T', 'G', 'X', 'R'};
    uint32_t ww = w, hh = h;
    uint16_t ch = 4, type = 0;
    memcpy(head + 4, &ww, 4);
    memcpy(head + 8, &hh, 4);
    memcpy(head + 12, &ch, 2);
    memcpy(head + 14, &type, 2);
    size_t bytes = (size_t)w * h * 16;
    uint8_t *buf = malloc(16 + bytes);
    if (!buf)
        return fail("out of memory", NULL);
    memcpy(buf, head, 16);
    memcpy(buf + 16, px, bytes);
    int ok = write_file(dir, name, buf, 16 + bytes);
    free(buf);
    return ok;
}

static int copy_file(const char *from, const char *dir, const char *name)
{
    size_t n;
    char *text = read_text(from, &n);
    int ok = text && write_file(dir, name, text, n);
    free(text);
    return ok;
}

static float *read_raw(const options *o, const char *driver)
{
    char path[2048];
    size_t n;
    snprintf(path, sizeof path, "%s/%s.raw", o->out, driver);
    float *px = (float *)read_text(path, &n);
    if (px && n != (size_t)o->width * o->height * 16) {
        fail("wrong size", path);
        free(px);
        return NULL;
    }
    remove(path);
    return px;
}

typedef struct diffs {
    double max, per_channel[4];
    unsigned values, elements, nans;
} diffs;

static diffs compare(const float *s, const float *l, size_t elements)
{
    diffs d = {0};
    for (size_t e = 0; e < elements; e++) {
        int differs = 0;
        for (int c = 0; c < 4; c++) {
            float a = s[e * 4 + c], b = l[e * 4 + c];
            if (!memcmp(&a, &b, 4))
                continue;
            differs = 1;
            d.values++;
            if (isnan(a) || isnan(b)) {
                d.nans++;
                continue;
            }
            double diff = fabs((double)a - (double)b);
            d.per_channel[c] = diff > d.per_channel[c] ? diff : d.per_channel[c];
            d.max = diff > d.max ? diff : d.max;
        }
        d.elements += (unsigned)differs;
    }
    return d;
}

static void json_floats(FILE *f, const float *v, unsigned n)
{
    fputc('[', f);
    for (unsigned i = 0; i < n; i++)
        fprintf(f, "%s%.9g", i ? ", " : "", (double)v[i]);
    fputc(']', f);
}

static void json_textures(FILE *f, const options *o)
{
    if (!o->tex) {
        fprintf(f, "  \"textures\": [],\n  \"samplers\": [],\n");
        return;
    }
    fprintf(f,
            "  \"textures\": [{\"id\": 0, \"target\": \"2d\", \"format\": \"rgba8\", \"width\": "
            "%d, \"height\": %d, \"depth_or_layers\": 1, \"levels\": %d, \"generator\": "
            "{\"name\": \"%s\"%s}}],\n",
            TEX_SIZE, TEX_SIZE, TEX_LEVELS, o->tex, strcmp(o->tex, "hash") ? "" : ", \"seed\": 5");
    fprintf(f, "  \"samplers\": [{\"min\": \"linear_mipmap_linear\", \"mag\": \"linear\", "
               "\"wrap_s\": \"repeat\", \"wrap_t\": \"repeat\", \"unit\": 0, \"texture\": 0}],\n");
}

static void json_constants(FILE *f, const options *o, int wpos_row)
{
    if (wpos_row < 0) {
        fprintf(f, "  \"constants\": {\"CONST[0]\": null},\n");
        return;
    }
    float h = (float)o->height, t[4] = {1.0f, 0.0f, -1.0f, h};
    uint32_t w[4];
    memcpy(w, t, sizeof w);
    fprintf(f, "  \"constants\": {\"CONST[0]\": {\"rows\": [");
    for (int r = 0; r <= wpos_row; r++)
        if (r == wpos_row)
            fprintf(f, "%s[\"0x%08x\", \"0x%08x\", \"0x%08x\", \"0x%08x\"]", r ? ", " : "", w[0],
                    w[1], w[2], w[3]);
        else
            fprintf(f, "%s[\"0x0\", \"0x0\", \"0x0\", \"0x0\"]", r ? ", " : "");
    fprintf(f, "], \"note\": \"row %d: gl_FbWposYTransform\"}},\n", wpos_row);
}

static void json_gallium(FILE *f, const options *o, int wpos_row)
{
    json_constants(f, o, wpos_row);
    fprintf(f, "  \"gallium_state_at_draw\": {\n");
    if (o->tex) {
        fprintf(f,
                "   \"samplers\": {\"0\": {\"wrap_s\": \"repeat\", \"wrap_t\": \"repeat\", "
                "\"wrap_r\": \"repeat\", \"min_img_filter\": \"linear\", \"min_mip_filter\": "
                "\"linear\", \"mag_img_filter\": \"linear\", \"seamless_cube_map\": true, "
                "\"min_lod\": 0.0, \"max_lod\": 1000.0}},\n"
                "   \"sampler_views\": {\"0\": {\"format\": \"PIPE_FORMAT_R8G8B8A8_UNORM\", "
                "\"target\": \"PIPE_TEXTURE_2D\", \"first_level\": 0, \"last_level\": %d, "
                "\"swizzle\": \"xyzw\"}},\n",
                TEX_LEVELS - 1);
    } else {
        fprintf(f, "   \"samplers\": {},\n   \"sampler_views\": {},\n");
    }
    fprintf(f,
            "   \"rasterizer\": {\"half_pixel_center\": true, \"bottom_edge_rule\": false, "
            "\"flatshade_first\": %s, \"front_ccw\": 0, \"clip_halfz\": false, "
            "\"depth_clip_near\": true, \"clip_plane_enable\": %u},\n"
            "   \"framebuffer\": {\"width\": %u, \"height\": %u}\n  }\n",
            o->provoking_first ? "true" : "false", (1u << o->clip) - 1u, o->width, o->height);
}

static int write_case_json(const options *o, const diffs *d, int wpos_row)
{
    char path[2048];
    snprintf(path, sizeof path, "%s/case.json", o->out);
    FILE *f = fopen(path, "w");
    if (!f)
        return fail("cannot write", path);
    fprintf(f, "{\n \"name\": \"%s\",\n \"group\": \"raster\",\n \"stage\": \"fragment\",\n",
            o->name);
    fprintf(f, " \"description\": \"%s\",\n", o->note ? o->note : "");
    fprintf(f, " \"mesa\": \"%s\",\n",
            "Mesa 22.3.6 (Debian bookworm), GL 3.3 core, EGL "
            "surfaceless, made by bench/mesa/mesa_case");
    fprintf(f, " \"files\": {\"glsl\": \"shader.glsl\", \"tgsi\": \"shader.tgsi\", "
               "\"vertex_glsl\": \"vertex.glsl\", \"vertex_tgsi\": \"vertex.tgsi\"},\n");
    fprintf(f,
            " \"inputs\": {\n  \"framebuffer\": {\"width\": %u, \"height\": %u, \"format\": "
            "\"GL_RGBA32F\", \"clear\": [0, 0, 0, 0]},\n",
            o->width, o->height);
    fprintf(f, "  \"draw\": {\"primitive\": \"%s\", \"attribute0_a_pos\": [", o->prim);
    for (unsigned i = 0; i < o->npos; i++) {
        fprintf(f, "%s", i ? ", " : "");
        json_floats(f, o->pos[i], 2);
    }
    fprintf(f, "], \"viewport\": [0, 0, %u, %u], \"depth_range\": [0, 1]},\n", o->width, o->height);
    if (o->nattr1) {
        fprintf(f, "  \"attributes\": [{\"location\": 1, \"components\": 4, \"type\": \"float\", "
                   "\"values\": [");
        for (unsigned i = 0; i < o->nattr1; i++) {
            fprintf(f, "%s", i ? ", " : "");
            json_floats(f, o->attr1[i], 4);
        }
        fprintf(f, "]}],\n");
    }
    json_textures(f, o);
    fprintf(f, "  \"uniforms\": []\n },\n \"tgsi_bindings\": {\n");
    json_gallium(f, o, wpos_row);
    fprintf(f,
            " },\n \"results\": {\"result\": {\"softpipe\": \"softpipe.f32\", \"llvmpipe\": "
            "\"llvmpipe.f32\", \"width\": %u, \"height\": %u, \"channels\": 4, \"type\": "
            "\"float32\",\n",
            o->width, o->height);
    fprintf(f,
            "   \"max_abs_diff\": %.9g, \"max_abs_diff_per_channel\": [%.9g, %.9g, %.9g, %.9g],\n",
            d->max, d->per_channel[0], d->per_channel[1], d->per_channel[2], d->per_channel[3]);
    fprintf(f,
            "   \"differing_values\": %u, \"differing_elements\": %u, \"total_elements\": %u, "
            "\"nan_mismatches\": %u}}\n}\n",
            d->values, d->elements, o->width * o->height, d->nans);
    return fclose(f) == 0 || fail("cannot write", path);
}

static int make_case(const options *o, char **argv)
{
    mkdir(o->out, 0755);
    if (!run_child(argv, o->out, "softpipe") || !run_child(argv, o->out, "llvmpipe"))
        return 0;
    char path[2048];
    snprintf(path, sizeof path, "%s/softpipe.log", o->out);
    char *log = read_text(path, NULL);
    int ok = log && extract_tgsi(log, "VERT", o->out, "vertex.tgsi") &&
             extract_tgsi(log, "FRAG", o->out, "shader.tgsi");
    int wpos_row = log ? wpos_transform_row(log) : -1;
    free(log);
    remove(path);
    snprintf(path, sizeof path, "%s/llvmpipe.log", o->out);
    remove(path);
    float *s = read_raw(o, "softpipe"), *l = read_raw(o, "llvmpipe");
    if (ok && s && l) {
        diffs d = compare(s, l, (size_t)o->width * o->height);
        ok = write_tgxr(o->out, "softpipe.f32", s, o->width, o->height) &&
             write_tgxr(o->out, "llvmpipe.f32", l, o->width, o->height) &&
             copy_file(o->vs, o->out, "vertex.glsl") && copy_file(o->fs, o->out, "shader.glsl") &&
             write_case_json(o, &d, wpos_row);
        if (ok)
            printf("%s: %u values differ between softpipe and llvmpipe (largest %g)\n", o->name,
                   d.values, d.max);
    } else {
        ok = 0;
    }
    free(s);
    free(l);
    return ok;
}

int main(int argc, char **argv)
{
    options o;
    if (!parse_options(argc, argv, &o))
        return 2;
    if (gl_mode(o.prim) == (GLenum)-1)
        return fail("unknown --prim", o.prim), 2;
    const char *child = getenv("MESA_CASE_CHILD");
    if (child)
        return render(&o, child) ? 0 : 1;
    return make_case(&o, argv) ? 0 : 1;
}
