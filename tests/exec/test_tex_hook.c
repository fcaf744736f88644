/* The texture hook (tgx_exec_set_tex_hook): the interpreter hands each texture instruction's
 * operands to the hook instead of the texture unit and stores what it returns through the
 * instruction's own rules (the SAMPLE family's view swizzle, the write mask, _SAT); TXQ sees
 * the level of each group of four lanes' first lane (docs/exec.md). Also LOAD from a sampler
 * view, which reads the view's texels at level 0 (the texel values are set by the test). */
#include "ops_harness.h"

typedef struct seen {
    unsigned calls, inst, view, sampler;
    bool has_sampler;
    uint32_t level[8]; /* TXQ: src0.x per lane */
} seen;

/* Result channel c of lane i: 0xC0DE0000 | inst << 12 | c << 8 | i. */
static tgx_status hook(void *user, const tgx_exec_tex_call *call, tgx_diag *d)
{
    (void)d;
    seen *s = user;
    s->calls++;
    s->inst = call->inst;
    s->view = call->view_unit;
    s->sampler = call->sampler_unit;
    s->has_sampler = call->sampler != NULL;
    for (unsigned i = 0; i < call->lanes && i < 8; i++)
        s->level[i] = call->src[0][0] ? call->src[0][0][i].u : 0xffffffffu;
    for (unsigned c = 0; c < 4; c++)
        for (unsigned i = 0; i < call->lanes; i++)
            if (tgx_tex_lane_active(call->active, i))
                call->result[c][i] = 0xc0de0000u | call->inst << 12 | c << 8 | i;
    return TGX_OK;
}

static tgx_status failing(void *user, const tgx_exec_tex_call *call, tgx_diag *d)
{
    (void)user;
    (void)call;
    return tgx_diag_set(d, TGX_ERR_UNSUPPORTED, NULL, 0, 0, "no such form");
}

static tgx_tex *texture(void)
{
    tgx_tex_desc desc = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_UINT, 4, 4, 1, 1, 1};
    tgx_tex *t = NULL;
    tgx_diag d;
    if (tgx_tex_create(&desc, &t, &d) != TGX_OK)
        return NULL;
    for (uint32_t y = 0; y < 4; y++)
        for (uint32_t x = 0; x < 4; x++) {
            uint32_t v[4] = {x, y, 10 * x + y, 7};
            tgx_tex_store_texel(t, 0, x, y, 0, 0, v);
        }
    return t;
}

int main(void)
{
    const char *text = "FRAG\n"
                       "DCL IN[0], GENERIC[0], PERSPECTIVE\n"
                       "DCL OUT[0], COLOR\nDCL OUT[1], COLOR[1]\n"
                       "DCL SAMP[0]\nDCL SAMP[1]\nDCL SVIEW[0], 2D, UINT\n"
                       "DCL TEMP[0]\n"
                       "  0: SAMPLE OUT[0], IN[0], SVIEW[0].zyxw, SAMP[1]\n"
                       "  1: TXQ OUT[1], IN[0].xxxx, SAMP[0], 2D\n"
                       "  2: END\n";
    run r;
    tgx_tex *tex = texture();
    tgx_tex_view view;
    tgx_sampler samp;
    tgx_sampler_init(&samp);
    TGX_CHECK(tex != NULL, "texture");
    if (!tex || !run_open(&r, text, 8, "hook"))
        return tgx_test_finish();
    tgx_tex_view_init(&view, tex);
    tgx_exec_bind_sampler_view(r.m, 0, &view);
    tgx_exec_bind_sampler(r.m, 1, &samp);
    seen s;
    memset(&s, 0, sizeof s);
    tgx_exec_set_tex_hook(r.m, hook, &s);
    for (unsigned i = 0; i < 8; i++)
        for (unsigned c = 0; c < 4; c++)
            tgx_exec_input(r.m, 0, c)[i].u = c == 0 ? 100 + i : 0;
    TGX_CHECK(tgx_exec_run_fragment(r.m, 8, NULL, NULL, &r.d) == TGX_OK, "run: %s", r.d.message);
    TGX_CHECK(s.calls == 2, "two texture instructions, %u calls", s.calls);
    /* SAMPLE: OUT[0].x = result z (the view operand's .zyxw) */
    TGX_CHECK(outu(&r, 0, 0, 5) == (0xc0de0000u | 0u << 12 | 2u << 8 | 5u) &&
                  outu(&r, 0, 1, 5) == (0xc0de0000u | 1u << 8 | 5u) &&
                  outu(&r, 0, 2, 5) == (0xc0de0000u | 0u << 8 | 5u),
              "SAMPLE's result swizzled by SVIEW[0].zyxw after the hook");
    /* TXQ (the last call): unit 0, no sampler needed, the quad's first lane's level in all 4 */
    TGX_CHECK(s.inst == 1 && s.view == 0 && s.sampler == 0, "TXQ call: inst %u unit %u", s.inst,
              s.view);
    TGX_CHECK(s.level[1] == 100 && s.level[3] == 100 && s.level[4] == 104 && s.level[7] == 104,
              "TXQ levels per group of four: %u %u %u %u", s.level[1], s.level[3], s.level[4],
              s.level[7]);
    TGX_CHECK(outu(&r, 1, 3, 6) == (0xc0de0000u | 1u << 12 | 3u << 8 | 6u), "TXQ result stored");

    /* a hook's error stops the run at the instruction */
    tgx_exec_set_tex_hook(r.m, failing, NULL);
    TGX_CHECK(tgx_exec_run_fragment(r.m, 8, NULL, NULL, &r.d) == TGX_ERR_UNSUPPORTED &&
                  strstr(r.d.message, "SAMPLE: no such form") && r.d.line == 9,
              "hook error: %u: %s", r.d.line, r.d.message);
    run_close(&r);

    /* LOAD from a sampler view: texel (x, y) of level 0; outside the view: zeros */
    const char *load = "FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\n"
                       "DCL SVIEW[0], 2D, UINT\n"
                       "  0: LOAD OUT[0], SVIEW[0], IN[0]\n  1: END\n";
    if (run_open(&r, load, 4, "LOAD")) {
        tgx_exec_bind_sampler_view(r.m, 0, &view);
        int32_t xy[4][2] = {{1, 2}, {3, 0}, {4, 0}, {0, -1}};
        for (unsigned i = 0; i < 4; i++) {
            tgx_exec_input(r.m, 0, 0)[i].i = xy[i][0];
            tgx_exec_input(r.m, 0, 1)[i].i = xy[i][1];
        }
        TGX_CHECK(tgx_exec_run_fragment(r.m, 4, NULL, NULL, &r.d) == TGX_OK, "%s", r.d.message);
        TGX_CHECK(outu(&r, 0, 0, 0) == 1 && outu(&r, 0, 1, 0) == 2 && outu(&r, 0, 2, 0) == 12 &&
                      outu(&r, 0, 3, 0) == 7,
                  "LOAD (1, 2) = (1, 2, 12, 7)");
        TGX_CHECK(outu(&r, 0, 2, 1) == 30, "LOAD (3, 0).z = 30");
        TGX_CHECK(outu(&r, 0, 0, 2) == 0 && outu(&r, 0, 3, 2) == 0 && outu(&r, 0, 3, 3) == 0,
                  "LOAD outside: zeros");
        run_close(&r);
    }
    tgx_tex_destroy(tex);
    return tgx_test_finish();
}
