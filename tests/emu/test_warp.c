/* The machine around the instructions: header and sampler pools with their MaximumIndex, unset
 * entries, via-header binding, the texture bank, #tsPtrIdx as a word address; programs checked
 * whole before they run (checker's and decoder's messages), reserved values, headers whose view
 * the texture unit would refuse (another texel size, another kind of storage, a cube of one
 * layer) never set, and the register/predicate accessors. */
#include "emu_harness.h"

static tgx_tex *tex2d;

static void setup(tgx_sm5_emu *emu)
{
    tgx_sampler s = nearest_sampler();
    tex2d = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 1, 1);
    bind(emu, 0x11, 0x11, tex2d, &s);
}

/* TEXS.LZ of texel (1, 2) through word `word` into R0; returns R0 of thread 0. */
static float texs_via(tgx_sm5_emu *emu, unsigned word)
{
    char text[80];
    snprintf(text, sizeof text, "TEXS.LZ RZ, R0, R4, R5, 0x%x, 2D, R ;", word);
    fill_sentinel(emu);
    set_all_f(emu, 4, 1.5f / 4);
    set_all_f(emu, 5, 2.5f / 4);
    run_line(emu, text);
    return tgx_sm5_emu_reg_f(emu, 0, 0);
}

static float tld_via(tgx_sm5_emu *emu, unsigned word)
{
    char text[80];
    snprintf(text, sizeof text, "TLDS.LZ RZ, R0, R4, R5, 0x%x, 2D, R ;", word);
    fill_sentinel(emu);
    set_all_u(emu, 4, 1);
    set_all_u(emu, 5, 2);
    run_line(emu, text);
    return tgx_sm5_emu_reg_f(emu, 0, 0);
}

/* A header whose view names a target or format the texture unit does not know, or levels the
 * texture does not have, is refused and changes nothing: kept, it would be indexed with by TXQ's
 * and TXA's format lookups (a NULL format: a crash) at run time. */
static void test_bad_views(tgx_sm5_emu *emu, tgx_tex *tex)
{
    static const char *const what[4] = {"unknown format", "unknown target",
                                        "base level past the levels",
                                        "base level above the last level"};
    for (int k = 0; k < 4; k++) {
        tgx_sm5_emu_header h;
        tgx_sm5_emu_header_init(&h, tex);
        tgx_sm5_emu_clear_header(emu, 0x12);
        if (k == 0)
            h.view.format = (tgx_tex_format)9999;
        else if (k == 1)
            h.view.target = (tgx_tex_target)77;
        else if (k == 2)
            h.view.base_level = h.view.max_level = 1; /* tex has 1 level */
        else if (k == 3)
            h.view.base_level = 1, h.view.max_level = 0;
        else
            h.view.target = TGX_TEX_CUBE;
        tgx_diag d;
        tgx_diag_clear(&d);
        TGX_CHECK(tgx_sm5_emu_set_header(emu, 0x12, &h, &d) == TGX_ERR_ARG && d.message[0],
                  "%s refused", what[k]);
        TGX_CHECK(tgx_sm5_emu_header_at(emu, 0x12) == NULL, "%s: nothing set", what[k]);
    }
}

static void test_pools(tgx_sm5_emu *emu)
{
    TGX_CHECK(texs_via(emu, 0x11) == 21.0f, "bound texture");
    /* the header pointer past SetTexHeaderPoolC.MaximumIndex: an invalid texture, zeros */
    tgx_sm5_emu_set_header_max(emu, 0x10);
    TGX_CHECK(texs_via(emu, 0x11) == 0.0f, "header past MaximumIndex");
    TGX_CHECK(tld_via(emu, 0x11) == 0.0f, "TLD: header past MaximumIndex");
    tgx_sm5_emu_set_header_max(emu, TGX_SM5_EMU_MAX_HEADER);
    /* the sampler pointer past its MaximumIndex: TEXS reads zeros, TLD (header only) does not */
    tgx_sm5_emu_set_sampler_max(emu, 0x10);
    TGX_CHECK(texs_via(emu, 0x11) == 0.0f, "sampler past MaximumIndex");
    TGX_CHECK(tld_via(emu, 0x11) == 21.0f, "TLD ignores the sampler pointer");
    tgx_sm5_emu_set_sampler_max(emu, TGX_SM5_EMU_MAX_SAMPLER);
    /* entries never set are invalid too */
    tgx_sm5_emu_set_cbank(emu, 0, 0x50, 0x011u << 20 | 0x99u, NULL);
    TGX_CHECK(texs_via(emu, 0x50) == 0.0f, "unset header");
    tgx_sm5_emu_set_cbank(emu, 0, 0x51, 0x7ffu << 20 | 0x11u, NULL);
    TGX_CHECK(texs_via(emu, 0x51) == 0.0f, "unset sampler");
    TGX_CHECK(tld_via(emu, 0x51) == 21.0f, "TLD with an unset sampler");
    /* via header binding (OpenGL): the header pointer is the sampler pointer */
    tgx_sm5_emu_set_via_header_binding(emu, true);
    TGX_CHECK(texs_via(emu, 0x51) == 21.0f, "via header binding");
    tgx_sm5_emu_set_via_header_binding(emu, false);
    /* a cleared header is gone */
    tgx_sm5_emu_clear_header(emu, 0x11);
    TGX_CHECK(texs_via(emu, 0x11) == 0.0f, "cleared header");
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, tex2d);
    tgx_sm5_emu_set_header(emu, 0x11, &h, NULL);
    /* #tsPtrIdx is a word address in the texture bank */
    tgx_sm5_emu_set_cbank(emu, 3, 0x60, 0x011u << 20 | 0x11u, NULL);
    TGX_CHECK(texs_via(emu, 0x60) == 0.0f, "bank 0 word 0x60 is empty");
    tgx_sm5_emu_set_tex_bank(emu, 3, NULL);
    TGX_CHECK(texs_via(emu, 0x60) == 21.0f, "texture bank 3");
    tgx_sm5_emu_set_tex_bank(emu, 0, NULL);
    TGX_CHECK(tgx_sm5_emu_set_tex_bank(emu, 18, NULL) == TGX_ERR_ARG, "bank 18 does not exist");
    TGX_CHECK(tgx_sm5_emu_set_cbank(emu, 0, 16384, 1, NULL) == TGX_ERR_ARG,
              "a bank has 16384 words");
    TGX_CHECK(tgx_sm5_emu_set_header(emu, 0x100000, &h, NULL) == TGX_ERR_ARG,
              "headerPtr is 20 bits");
    tgx_sampler s = nearest_sampler();
    TGX_CHECK(tgx_sm5_emu_set_sampler(emu, 0x1000, &s, NULL) == TGX_ERR_ARG,
              "samplerPtr is 12 bits");
    test_bad_views(emu, tex2d);
}

/* sm5-TEXS: ".LL LOD Level is actually relative to textureHeader.resViewMinMapLevel"; sm5-TLD:
 * "LOD Level 0 actually selects the level set by textureHeader.resViewMinMapLevel". A view of
 * levels 1..2 of a 3-level 4x4 texture: LOD 0 is level 1 (2x2), LOD 1 level 2 (1x1). Texel rule
 * of emu_harness.h: channel 0 of texel (x, y) at level L is L * 1000 + y * 10 + x. */
static void test_view_base_level(tgx_sm5_emu *emu)
{
    tgx_tex *tex = make_tex(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 3, 1);
    tgx_sm5_emu_header h;
    tgx_sm5_emu_header_init(&h, tex);
    h.view.base_level = 1;
    tgx_sm5_emu_set_header(emu, 0x70, &h, NULL);
    tgx_sampler s = nearest_sampler();
    tgx_sm5_emu_set_sampler(emu, 0x70, &s, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, 0x70, 0x070u << 20 | 0x70u, NULL);
    fill_sentinel(emu);
    set_all_f(emu, 4, 0.75f); /* texel 1 of 2 */
    set_all_f(emu, 5, 0.25f);
    set_all_f(emu, 6, 0.0f);
    set_all_u(emu, 8, 1); /* TLDS: x = 1, y = 0, level 0 */
    set_all_u(emu, 9, 0);
    if (run_line(emu, "TEXS.LL RZ, R0, R4, R6, 0x70, 2D, R ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 1001.0f, "TEXS.LL 0 on a view from level 1");
    set_all_f(emu, 6, 1.0f);
    if (run_line(emu, "TEXS.LL RZ, R0, R4, R6, 0x70, 2D, R ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 2000.0f, "TEXS.LL 1 on a view from level 1");
    if (run_line(emu, "TLDS.LZ RZ, R0, R8, R9, 0x70, 2D, R ;") == TGX_OK)
        CHECK_REG_F(emu, 0, 0, 1001.0f, "TLDS level 0 on a view from level 1");
    tgx_sm5_emu_clear_header(emu, 0x70);
    tgx_tex_destroy(tex);
}

static void test_programs(tgx_sm5_emu *emu)
{
    uint64_t words[2];
    tgx_diag d;
    tgx_sm5_assemble_line("TEXS.LZ RZ, R0, R4, R5, 0x11, 2D, R ;", TGX_SM5_ARCH_SM52, &words[0],
                          NULL, &d);
    /* TLDS encoding 3 does not exist: nvdisasm's message */
    words[1] = 0xda00000000000000ull | 3ull << 53 | 0xffull << 20 | 0x70000ull | 0x0400;
    fill_sentinel(emu);
    set_all_f(emu, 4, 1.5f / 4);
    set_all_f(emu, 5, 2.5f / 4);
    size_t failed = 99;
    tgx_status st = tgx_sm5_emu_run_words(emu, words, 2, &failed, &d);
    TGX_CHECK(st == TGX_ERR_INVALID && failed == 1, "bad word refused (%d, at %zu)", (int)st,
              failed);
    TGX_CHECK(strstr(d.message, "undefined value 0x3 for table 'Tld2D4'") != NULL,
              "decoder's message: %s", d.message);
    CHECK_REG_U(emu, 0, 0, SENTINEL, "nothing ran before the bad word");
    /* a legal instruction, then an illegal one: refused whole, with the line */
    st = tgx_sm5_emu_run_text(emu,
                              "TEXS.LZ RZ, R0, R4, R5, 0x11, 2D, R ;\n"
                              "  TEXS.LZ RZ, R1, R4, R5, 0x11, 2D, RG ;\n",
                              &d);
    TGX_CHECK(st == TGX_ERR_INVALID && d.line == 2 && strstr(d.message, "sm5-TEXS"),
              "illegal second line: %u: %s", d.line, d.message);
    CHECK_REG_U(emu, 0, 0, SENTINEL, "nothing ran before the illegal line");
    /* a value the pages reserve */
    st = tgx_sm5_emu_run_text(emu, "TEX.INVALIDBLOD4 R0, R4, R6, 0x11, 2D, 0x1 ;", &d);
    TGX_CHECK(st == TGX_ERR_UNSUPPORTED && strstr(d.message, "INVALIDBLOD4"), "reserved: %s",
              d.message);
    st = tgx_sm5_emu_run_text(emu, "TLD4.R.INVALIDBTOFF03 R0, R4, R6, 0x11, 2D, 0x1 ;", &d);
    TGX_CHECK(st == TGX_ERR_UNSUPPORTED && strstr(d.message, "INVALIDBTOFF03"), "reserved: %s",
              d.message);
    CHECK_REG_U(emu, 0, 0, SENTINEL, "reserved values change nothing");
    /* a view the texture unit would refuse (a format of another texel size) never becomes a
     * header: set_header refuses it, so the unit cannot fail mid-program on it, and the word
     * naming it reads an invalid texture (zeros) */
    tgx_sm5_emu_header bad;
    tgx_sm5_emu_header_init(&bad, tex2d);
    bad.view.format = TGX_TEX_FORMAT_RGBA8_UNORM; /* not the texture's texel size */
    TGX_CHECK(tgx_sm5_emu_set_header(emu, 0x12, &bad, &d) == TGX_ERR_ARG &&
                  strstr(d.message, "texel size"),
              "a view of another texel size refused: %s", d.message);
    tgx_sampler s = nearest_sampler();
    tgx_sm5_emu_set_sampler(emu, 0x12, &s, NULL);
    tgx_sm5_emu_set_cbank(emu, 0, 0x12, 0x012u << 20 | 0x12u, NULL);
    st = tgx_sm5_emu_run_text(emu,
                              "TEXS.LZ RZ, R0, R4, R5, 0x11, 2D, R ;\n"
                              "TEXS.LZ RZ, R2, R4, R5, 0x12, 2D, R ;\n",
                              &d);
    TGX_CHECK(st == TGX_OK, "both lines ran: %s", d.message);
    CHECK_REG_F(emu, 0, 0, 21.0f, "the first line ran");
    CHECK_REG_U(emu, 0, 2, 0u, "the refused header is an invalid texture: zeros");
    /* a parse error carries its column */
    st = tgx_sm5_emu_run_text(emu, "TEXS.LZ RZ, R0, R4, Q5, 0x11, 2D, R ;", &d);
    TGX_CHECK(st == TGX_ERR_PARSE && d.line == 1 && d.column == 21, "parse error at %u:%u: %s",
              d.line, d.column, d.message);
}

static void test_accessors(tgx_sm5_emu *emu)
{
    tgx_sm5_emu_set_reg(emu, 3, TGX_SM5_RZ, 5);
    TGX_CHECK(tgx_sm5_emu_reg(emu, 3, TGX_SM5_RZ) == 0, "RZ reads 0");
    tgx_sm5_emu_set_reg(emu, 32, 0, 5);
    TGX_CHECK(tgx_sm5_emu_reg(emu, 32, 0) == 0, "thread 32 does not exist");
    TGX_CHECK(tgx_sm5_emu_pred(emu, 0, TGX_SM5_PT), "PT reads true");
    tgx_sm5_emu_set_pred(emu, 0, TGX_SM5_PT, false);
    TGX_CHECK(tgx_sm5_emu_pred(emu, 0, TGX_SM5_PT), "PT ignores writes");
    tgx_sm5_emu_set_pred(emu, 4, 6, true);
    TGX_CHECK(tgx_sm5_emu_pred(emu, 4, 6) && !tgx_sm5_emu_pred(emu, 5, 6), "P6 per thread");
    tgx_sm5_emu_set_active(emu, 0x0000ffffu);
    TGX_CHECK(tgx_sm5_emu_active(emu) == 0x0000ffffu, "active mask");
    tgx_sm5_emu_set_active(emu, 0xffffffffu);
    TGX_CHECK(tgx_sm5_emu_arch(emu) == TGX_SM5_ARCH_SM52, "arch");
    tgx_sm5_emu *e2;
    TGX_CHECK(tgx_sm5_emu_create((tgx_sm5_arch)7, &e2, NULL) == TGX_ERR_ARG, "bad arch");
    /* sm_50 has no .F16: the decoder refuses the word (the codec's rule) */
    tgx_sm5_emu_create(TGX_SM5_ARCH_SM50, &e2, NULL);
    tgx_diag d;
    TGX_CHECK(tgx_sm5_emu_run_text(e2, "TEXS.F16.LZ RZ, R0, R4, R5, 0x11, 2D, R ;", &d) < 0,
              "sm_50 refuses .F16");
    tgx_sm5_emu_destroy(e2);
}

int main(void)
{
    tgx_sm5_emu *emu;
    if (tgx_sm5_emu_create(TGX_SM5_ARCH_SM52, &emu, NULL) < 0)
        return 1;
    setup(emu);
    test_pools(emu);
    test_view_base_level(emu);
    test_programs(emu);
    test_accessors(emu);
    tgx_sm5_emu_destroy(emu);
    tgx_tex_destroy(tex2d);
    return tgx_test_finish();
}
