/* embed.c — a program that uses an installed libtgx: it runs a TGSI vertex shader through the
 * interpreter, samples a texture with the texture unit and disassembles a Maxwell texture
 * instruction word. Build it with CMake (this folder's CMakeLists.txt, find_package(tgx)) or
 * with pkg-config:
 *
 *     cc embed.c $(pkg-config --cflags --libs tgx) -o embed
 *
 * tests/install/test_install.sh builds it both ways against a freshly installed tree and
 * compares its output with values worked out by hand. */
#include <stdio.h>
#include <string.h>

#include <tgx/exec.h>
#include <tgx/sm5.h>
#include <tgx/tex.h>
#include <tgx/tgsi.h>
#include <tgx/util.h>

static int fail(const char *what, const tgx_diag *d)
{
    char msg[512];
    tgx_diag_format(d, msg, sizeof msg);
    fprintf(stderr, "embed: %s: %s\n", what, msg);
    return 1;
}

/* OUT[0] = IN[0] * 2 + 1 over four vertices; prints each lane's result. */
static int run_shader(void)
{
    static const char text[] = "VERT\n"
                               "DCL IN[0]\n"
                               "DCL OUT[0], GENERIC[0]\n"
                               "IMM[0] FLT32 {2.0, 1.0, 0.0, 0.0}\n"
                               "  0: MAD OUT[0], IN[0], IMM[0].xxxx, IMM[0].yyyy\n"
                               "  1: END\n";
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_tgsi_shader *sh = NULL;
    tgx_exec_program *p = NULL;
    tgx_exec_machine *m = NULL;
    int rc = 1;
    if (tgx_tgsi_parse(text, strlen(text), "embed.tgsi", &sh, &d) != TGX_OK ||
        tgx_exec_program_create(sh, "embed.tgsi", &p, &d) != TGX_OK ||
        tgx_exec_machine_create(p, 4, &m, &d) != TGX_OK) {
        rc = fail("shader", &d);
        goto done;
    }
    for (unsigned lane = 0; lane < 4; lane++) {
        const float in[4] = {(float)lane, 0.25f, -1.0f, 3.0f};
        for (unsigned c = 0; c < 4; c++)
            tgx_exec_input(m, 0, c)[lane].f = in[c];
    }
    if (tgx_exec_run_vertex(m, 4, &d) != TGX_OK) {
        rc = fail("run", &d);
        goto done;
    }
    for (unsigned lane = 0; lane < 4; lane++)
        printf("tgsi lane %u: %g %g %g %g\n", lane, (double)tgx_exec_output(m, 0, 0)[lane].f,
               (double)tgx_exec_output(m, 0, 1)[lane].f, (double)tgx_exec_output(m, 0, 2)[lane].f,
               (double)tgx_exec_output(m, 0, 3)[lane].f);
    rc = 0;
done:
    tgx_exec_machine_destroy(m);
    tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
    return rc;
}

/* A 2x2 RGBA8 texture sampled with a nearest filter at the centre of each texel. */
static int sample_texture(void)
{
    const tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 2, 2, 1, 1, 1};
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_tex *tex = NULL;
    if (tgx_tex_create(&desc, &tex, &d) != TGX_OK)
        return fail("texture", &d);
    static const float texels[4][4] = {{1.0f, 0.0f, 0.0f, 1.0f},
                                       {0.0f, 1.0f, 0.0f, 1.0f},
                                       {0.0f, 0.0f, 1.0f, 1.0f},
                                       {0.2f, 0.4f, 0.6f, 0.8f}};
    for (uint32_t i = 0; i < 4; i++) {
        uint32_t w[4];
        for (int c = 0; c < 4; c++)
            w[c] = tgx_f2bits(texels[i][c]);
        tgx_tex_store_texel(tex, 0, i & 1, i >> 1, 0, 0, w);
    }
    tgx_tex_view view;
    tgx_tex_view_init(&view, tex);
    tgx_sampler samp;
    tgx_sampler_init(&samp);
    samp.min_filter = samp.mag_filter = TGX_TEX_FILTER_NEAREST;
    samp.mip_filter = TGX_TEX_MIP_NONE;
    const float s[4] = {0.25f, 0.75f, 0.25f, 0.75f}, t[4] = {0.25f, 0.25f, 0.75f, 0.75f};
    uint32_t out[4][4];
    tgx_tex_sample_req req;
    memset(&req, 0, sizeof req);
    req.lanes = 4;
    req.s = s;
    req.t = t;
    req.lod_mode = TGX_TEX_LOD_ZERO;
    const tgx_tex_result res = {{out[0], out[1], out[2], out[3]}};
    tgx_status st = tgx_tex_sample(&view, &samp, &req, res, &d);
    tgx_tex_destroy(tex);
    if (st != TGX_OK)
        return fail("sample", &d);
    for (unsigned lane = 0; lane < 4; lane++)
        printf("tex lane %u: %g %g %g %g\n", lane, (double)tgx_bits2f(out[0][lane]),
               (double)tgx_bits2f(out[1][lane]), (double)tgx_bits2f(out[2][lane]),
               (double)tgx_bits2f(out[3][lane]));
    return 0;
}

/* One word with the neutral control field 0x7e1. */
static int disassemble(void)
{
    char text[128];
    tgx_diag d;
    tgx_diag_clear(&d);
    if (tgx_sm5_disasm_word(0xd860055ff0a70802ull, 0x7e1, TGX_SM5_ARCH_SM52, text, sizeof text,
                            &d) != TGX_OK)
        return fail("disassemble", &d);
    printf("sm5: %s\n", text);
    return 0;
}

int main(void)
{
    return run_shader() || sample_texture() || disassemble();
}
