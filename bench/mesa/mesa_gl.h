/* mesa_gl.h — what the programs of bench/mesa share: a headless GL context as the corpus was made
 * (EGL on the surfaceless Mesa platform, desktop GL 3.3 core, no surface), the GL entry points
 * past 1.1 loaded through eglGetProcAddress, shader compilation and linking, and a 2D texture
 * uploaded from a corpus generator (tgx_texgen, the texels tgx rebuilds).
 *
 * A program defines MESA_GL_PROG (its name, for messages) and, for entry points of its own,
 * MESA_GL_EXTRA(X) as an X-macro list like MESA_GL_COMMON below, then includes this file once. */
#ifndef TGX_BENCH_MESA_GL_H
#define TGX_BENCH_MESA_GL_H

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/io.h"
#include "tgx/tex.h"

#define MESA_GL_COMMON(X)                                                                          \
    X(PFNGLCREATESHADERPROC, glCreateShader)                                                       \
    X(PFNGLSHADERSOURCEPROC, glShaderSource)                                                       \
    X(PFNGLCOMPILESHADERPROC, glCompileShader)                                                     \
    X(PFNGLGETSHADERIVPROC, glGetShaderiv)                                                         \
    X(PFNGLGETSHADERINFOLOGPROC, glGetShaderInfoLog)                                               \
    X(PFNGLCREATEPROGRAMPROC, glCreateProgram)                                                     \
    X(PFNGLATTACHSHADERPROC, glAttachShader)                                                       \
    X(PFNGLBINDATTRIBLOCATIONPROC, glBindAttribLocation)                                           \
    X(PFNGLLINKPROGRAMPROC, glLinkProgram)                                                         \
    X(PFNGLGETPROGRAMIVPROC, glGetProgramiv)                                                       \
    X(PFNGLGETPROGRAMINFOLOGPROC, glGetProgramInfoLog)                                             \
    X(PFNGLUSEPROGRAMPROC, glUseProgram)                                                           \
    X(PFNGLDELETEPROGRAMPROC, glDeleteProgram)                                                     \
    X(PFNGLDELETESHADERPROC, glDeleteShader)                                                       \
    X(PFNGLGENVERTEXARRAYSPROC, glGenVertexArrays)                                                 \
    X(PFNGLBINDVERTEXARRAYPROC, glBindVertexArray)                                                 \
    X(PFNGLGENBUFFERSPROC, glGenBuffers)                                                           \
    X(PFNGLBINDBUFFERPROC, glBindBuffer)                                                           \
    X(PFNGLBUFFERDATAPROC, glBufferData)                                                           \
    X(PFNGLVERTEXATTRIBPOINTERPROC, glVertexAttribPointer)                                         \
    X(PFNGLENABLEVERTEXATTRIBARRAYPROC, glEnableVertexAttribArray)                                 \
    X(PFNGLGENFRAMEBUFFERSPROC, glGenFramebuffers)                                                 \
    X(PFNGLBINDFRAMEBUFFERPROC, glBindFramebuffer)                                                 \
    X(PFNGLFRAMEBUFFERTEXTURE2DPROC, glFramebufferTexture2D)                                       \
    X(PFNGLCHECKFRAMEBUFFERSTATUSPROC, glCheckFramebufferStatus)                                   \
    X(PFNGLACTIVETEXTUREPROC, glActiveTexture)

#ifndef MESA_GL_EXTRA
#define MESA_GL_EXTRA(X)
#endif

#define MESA_GL_DECLARE(TYPE, NAME) static TYPE p_##NAME;
MESA_GL_COMMON(MESA_GL_DECLARE)
MESA_GL_EXTRA(MESA_GL_DECLARE)
#undef MESA_GL_DECLARE

/* Prints "PROG: what[: detail]" on stderr; returns 0, so `return mesa_gl_fail(...)` fails. */
static inline int mesa_gl_fail(const char *what, const char *detail)
{
    fprintf(stderr, "%s: %s%s%s\n", MESA_GL_PROG, what, detail ? ": " : "", detail ? detail : "");
    return 0;
}

/* A whole file, NUL-terminated; NULL (and a message) when it cannot be read. */
static inline char *mesa_gl_read_text(const char *path, size_t *len)
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
        mesa_gl_fail("cannot read", path);
        free(buf);
        buf = NULL;
    }
    if (f)
        fclose(f);
    return buf;
}

/* A surfaceless display and a current GL 3.3 context without a surface, the entry points
 * loaded: core, or with `compat` the compatibility profile (glClipPlane and gl_ClipVertex;
 * Mesa 22.3's softpipe and llvmpipe offer it through EGL_OPENGL_API). GALLIUM_DRIVER
 * (softpipe or llvmpipe) is read here, once per process. */
static inline int mesa_gl_context(int compat)
{
    EGLDisplay dpy =
        eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
    EGLint major, minor, n = 0;
    EGLConfig cfg;
    static const EGLint cfg_attr[] = {EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE,
                                      EGL_OPENGL_BIT, EGL_NONE};
    const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION,
                               3,
                               EGL_CONTEXT_MINOR_VERSION,
                               3,
                               EGL_CONTEXT_OPENGL_PROFILE_MASK,
                               compat ? EGL_CONTEXT_OPENGL_COMPATIBILITY_PROFILE_BIT
                                      : EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                               EGL_NONE};
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor))
        return mesa_gl_fail("no EGL display on the surfaceless Mesa platform", NULL);
    if (!eglBindAPI(EGL_OPENGL_API) || !eglChooseConfig(dpy, cfg_attr, &cfg, 1, &n) || n < 1)
        return mesa_gl_fail("no EGL config for desktop GL", NULL);
    EGLContext ctx = eglCreateContext(dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
        return mesa_gl_fail(compat ? "could not make a GL 3.3 compatibility context current"
                                   : "could not make a GL 3.3 core context current",
                            NULL);
#define MESA_GL_LOAD(TYPE, NAME)                                                                   \
    if (!(p_##NAME = (TYPE)eglGetProcAddress(#NAME)))                                              \
        return mesa_gl_fail("GL entry point is missing", #NAME);
    MESA_GL_COMMON(MESA_GL_LOAD)
    MESA_GL_EXTRA(MESA_GL_LOAD)
#undef MESA_GL_LOAD
    return 1;
}

static inline GLuint mesa_gl_compile(GLenum kind, const char *path)
{
    char *text = mesa_gl_read_text(path, NULL);
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
        mesa_gl_fail(path, log);
        p_glDeleteShader(sh);
        return 0;
    }
    return sh;
}

/* The program of the vertex and fragment shaders in these files, attribute i bound to
 * attribs[i] (a NULL-terminated list, or NULL). */
static inline GLuint mesa_gl_program(const char *vpath, const char *fpath,
                                     const char *const *attribs)
{
    GLuint vs = mesa_gl_compile(GL_VERTEX_SHADER, vpath);
    GLuint fs = vs ? mesa_gl_compile(GL_FRAGMENT_SHADER, fpath) : 0;
    if (!fs)
        return 0;
    GLuint prog = p_glCreateProgram();
    GLint ok = 0;
    p_glAttachShader(prog, vs);
    p_glAttachShader(prog, fs);
    for (GLuint i = 0; attribs && attribs[i]; i++)
        p_glBindAttribLocation(prog, i, attribs[i]);
    p_glLinkProgram(prog);
    p_glGetProgramiv(prog, GL_LINK_STATUS, &ok);
    p_glDeleteShader(vs);
    p_glDeleteShader(fs);
    if (!ok) {
        char log[2048];
        p_glGetProgramInfoLog(prog, sizeof log, NULL, log);
        mesa_gl_fail("link", log);
        p_glDeleteProgram(prog);
        return 0;
    }
    return prog;
}

/* Unit 0: a size x size RGBA8 2D texture with `levels` levels of corpus generator `spec`
 * (tgx_texgen_parse), wrap on both axes, the given minification filter and linear
 * magnification. */
static inline int mesa_gl_texture(const char *spec, uint32_t size, uint32_t levels,
                                  GLint min_filter, GLint wrap)
{
    tgx_texgen g;
    tgx_diag d;
    tgx_tex *tex = NULL;
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, size, size, 1, levels, 1};
    if (tgx_texgen_parse(spec, &g, &d) != TGX_OK || tgx_tex_create(&desc, &tex, &d) != TGX_OK ||
        tgx_texgen_fill(tex, &g, &d) != TGX_OK) {
        tgx_tex_destroy(tex);
        return mesa_gl_fail("texture", d.message);
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
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, (GLint)desc.levels - 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, wrap);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    tgx_tex_destroy(tex);
    return glGetError() == GL_NO_ERROR || mesa_gl_fail("texture upload failed", NULL);
}

#endif
