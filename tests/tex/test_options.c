/* Text forms of texture descriptions, samplers and views (src/tex/options.c): what each key
 * sets, what a target implies, and the messages of bad input. */
#include "tex_test_util.h"

static void desc_parse(void)
{
    tgx_tex_desc d = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 256, 256, 1, 0, 1};
    bool box = false;
    tgx_diag dg;
    TGX_CHECK(tgx_tex_desc_parse("64x32,format=rgba32f,mips=box", &d, &box, &dg) == TGX_OK,
              "parse: %s", dg.message);
    /* full chain: 1 + floor(log2(64)) = 7 */
    TGX_CHECK(d.width == 64 && d.height == 32 && d.levels == 7 && box &&
                  d.format == TGX_TEX_FORMAT_RGBA32_FLOAT,
              "64x32 rgba32f: %u levels", d.levels);
    TGX_CHECK(tgx_tex_full_levels(5, 3, 1) == 3 && tgx_tex_full_levels(1, 1, 1) == 1 &&
                  tgx_tex_full_levels(4, 4, 16) == 5,
              "full chains");
    /* a cube has 6 faces; 3D counts its depth in the chain; MS and rect have one level */
    tgx_tex_desc c = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 256, 256, 1, 0, 1};
    tgx_tex_desc_parse("target=cube,8x8", &c, NULL, &dg);
    TGX_CHECK(c.depth == 6 && c.levels == 4, "cube depth %u levels %u", c.depth, c.levels);
    tgx_tex_desc t = c;
    tgx_tex_desc_parse("target=3d,4x4x16", &t, NULL, &dg);
    TGX_CHECK(t.depth == 16 && t.levels == 5, "3D chain from the depth");
    tgx_tex_desc m = c;
    tgx_tex_desc_parse("target=2d_ms,samples=4,8x8", &m, NULL, &dg);
    TGX_CHECK(m.levels == 1 && m.samples == 4, "MS");
    tgx_tex_desc l = c;
    tgx_tex_desc_parse("target=1d_array,16x4x3,levels=2", &l, NULL, &dg);
    TGX_CHECK(l.height == 1 && l.depth == 3 && l.levels == 2, "1D array height 1");
    /* errors name the token */
    TGX_CHECK(tgx_tex_desc_parse("format=rgb99", &d, NULL, &dg) == TGX_ERR_ARG &&
                  strstr(dg.message, "rgb99"),
              "unknown format: %s", dg.message);
    TGX_CHECK(tgx_tex_desc_parse("mips=box", &d, NULL, &dg) == TGX_ERR_ARG,
              "mips=box only when asked for");
    TGX_CHECK(tgx_tex_desc_parse("levels=x", &d, NULL, &dg) == TGX_ERR_ARG, "levels=x");
    TGX_CHECK(tgx_tex_desc_parse("8x", &d, NULL, &dg) == TGX_ERR_ARG, "8x");
    /* sizes are unsigned 32-bit numbers: no sign, no wrap past 2^32 - 1 */
    tgx_tex_desc z = c;
    TGX_CHECK(tgx_tex_desc_parse("-1x4", &z, NULL, &dg) == TGX_ERR_ARG && z.width == 8,
              "-1x4: width %u", z.width);
    TGX_CHECK(tgx_tex_desc_parse("4294967296x4", &z, NULL, &dg) == TGX_ERR_ARG && z.width == 8,
              "2^32 wide: width %u", z.width);
    TGX_CHECK(tgx_tex_desc_parse("4x4x-6", &z, NULL, &dg) == TGX_ERR_ARG && z.depth == 6,
              "depth -6: depth %u", z.depth);
    TGX_CHECK(tgx_tex_desc_parse("4x4x2x2", &z, NULL, &dg) == TGX_ERR_ARG, "four sizes");
    TGX_CHECK(tgx_tex_desc_parse("4294967295x1", &z, NULL, &dg) == TGX_OK && z.width == 4294967295u,
              "2^32 - 1 wide parses (tgx_tex_create rejects it)");
}

static void sampler_parse(void)
{
    tgx_sampler s;
    tgx_sampler_init(&s);
    tgx_diag dg;
    /* border's four numbers keep their commas; keys after it still apply */
    TGX_CHECK(tgx_sampler_parse(&s, "wrap=clamp_to_border,border=1,0.5,0,0.25,filter=linear",
                                &dg) == TGX_OK,
              "parse: %s", dg.message);
    TGX_CHECK(s.wrap_s == TGX_TEX_WRAP_CLAMP_TO_BORDER &&
                  s.wrap_t == TGX_TEX_WRAP_CLAMP_TO_BORDER && s.border_color[0] == 1.0f &&
                  s.border_color[1] == 0.5f && s.border_color[3] == 0.25f &&
                  s.min_filter == TGX_TEX_FILTER_LINEAR && s.mag_filter == TGX_TEX_FILTER_LINEAR,
              "fields");
    TGX_CHECK(tgx_sampler_parse(&s, "border_int=7,-1,0x10,3,compare=gequal,profile=nv", &dg) ==
                  TGX_OK,
              "border_int: %s", dg.message);
    TGX_CHECK(s.border_color_int[0] == 7 && s.border_color_int[1] == 0xffffffffu &&
                  s.border_color_int[2] == 16 && s.compare_enable &&
                  s.compare_func == TGX_TEX_COMPARE_GEQUAL && s.profile == TGX_TEX_PROFILE_NV,
              "border_int fields");
    TGX_CHECK(tgx_sampler_parse(&s, "border=1,2", &dg) == TGX_ERR_ARG, "border with 2 numbers");
    TGX_CHECK(tgx_sampler_parse(&s, "linear", &dg) == TGX_ERR_ARG && strstr(dg.message, "'linear'"),
              "no '=': %s", dg.message);
    TGX_CHECK(tgx_sampler_parse(&s, "aniso=32", &dg) == TGX_ERR_ARG, "aniso above 16");
    TGX_CHECK(tgx_sampler_parse(&s, "", &dg) == TGX_OK, "empty");
}

static void view_parse(void)
{
    tgx_tex *tex = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 4, 4);
    tgx_tex_view v;
    tgx_tex_view_init(&v, tex);
    tgx_diag dg;
    TGX_CHECK(tgx_tex_view_parse(&v, "target=2d,layers=3:1,levels=1,swizzle=x001,format=r32f",
                                 &dg) == TGX_OK,
              "parse: %s", dg.message);
    TGX_CHECK(v.target == TGX_TEX_2D && v.first_slice == 3 && v.num_slices == 1 &&
                  v.base_level == 1 && v.max_level == 3 && v.swizzle[1] == TGX_TEX_SWIZZLE_0 &&
                  v.swizzle[3] == TGX_TEX_SWIZZLE_1 && v.format == TGX_TEX_FORMAT_R32_FLOAT,
              "fields");
    tgx_tex_view_parse(&v, "layers=1", &dg);
    TGX_CHECK(v.first_slice == 1 && v.num_slices == 3, "layers=FIRST: the rest");
    TGX_CHECK(tgx_tex_view_parse(&v, "levels=2:4", &dg) == TGX_ERR_ARG, "max level 4 of 4");
    TGX_CHECK(tgx_tex_view_parse(&v, "layers=2:3", &dg) == TGX_ERR_ARG, "layers 2..4 of 4");
    TGX_CHECK(tgx_tex_view_parse(&v, "format=rgba16", &dg) == TGX_ERR_ARG, "8-byte format");
    TGX_CHECK(tgx_tex_view_parse(&v, "depth=1", &dg) == TGX_ERR_ARG && strstr(dg.message, "depth"),
              "unknown key");
    tgx_tex_destroy(tex);
}

/* A view keeps its texture's kind and shape (ARB_texture_view's table of legal targets): the
 * sampler walks cube faces and layers without bounds of its own, so a cube view of one 2D layer
 * read past the texture (fuzz_emu found it through a header's view). Refused by
 * tgx_tex_view_check, by tgx_tex_view_parse (which then leaves the view as it was) and by
 * tgx_tex_sample itself for a view made by hand. */
static void view_shapes(void)
{
    tgx_tex *flat = tt_make(TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 1, 1);
    tgx_tex *layers = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 8, 12, 1);
    tgx_tex *wide = tt_make(TGX_TEX_2D_ARRAY, TGX_TEX_FORMAT_RGBA8_UNORM, 8, 4, 6, 1);
    tgx_tex *vol = tt_make(TGX_TEX_3D, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, 4, 1);
    tgx_diag dg;
    tgx_tex_view v;
    static const char *const refused[][2] = {
        {"target=cube", "flat"},
        {"target=cube_array", "flat"},
        {"target=3d", "flat"},
        {"target=1d", "flat"},
        {"target=cube", "wide"},
        {"target=2d", "vol"},
        {"target=2d_array", "vol"},
        {"target=cube,layers=8:4", "layers"},
        {"target=cube_array,layers=0:9", "layers"},
    };
    for (size_t k = 0; k < sizeof refused / sizeof refused[0]; k++) {
        const char *which = refused[k][1];
        tgx_tex *t = which[0] == 'f'   ? flat
                     : which[0] == 'w' ? wide
                     : which[0] == 'v' ? vol
                                       : layers;
        tgx_tex_view_init(&v, t);
        tgx_tex_view before = v;
        TGX_CHECK(tgx_tex_view_parse(&v, refused[k][0], &dg) == TGX_ERR_ARG, "%s of %s refused",
                  refused[k][0], which);
        TGX_CHECK(!memcmp(&v, &before, sizeof v), "%s of %s: view unchanged", refused[k][0], which);
    }
    static const char *const fine[][2] = {
        {"target=cube,layers=6:6", "layers"}, {"target=cube_array", "layers"},
        {"target=2d,layers=5:1", "layers"},   {"target=rect", "flat"},
        {"target=2d_array", "flat"},
    };
    for (size_t k = 0; k < sizeof fine / sizeof fine[0]; k++) {
        tgx_tex_view_init(&v, fine[k][1][0] == 'f' ? flat : layers);
        TGX_CHECK(tgx_tex_view_parse(&v, fine[k][0], &dg) == TGX_OK, "%s of %s: %s", fine[k][0],
                  fine[k][1], dg.message);
    }
    /* a view made by hand reaches the sampler: refused there, not read past the texture */
    tgx_tex_view_init(&v, flat);
    v.target = TGX_TEX_CUBE;
    float s[4] = {0.3f, 0.3f, 0.3f, 0.3f}, t[4] = {0.2f, 0.2f, 0.2f, 0.2f};
    float r[4] = {-1.0f, -1.0f, -1.0f, -1.0f};
    uint32_t out[4][4];
    tgx_tex_result res = {{out[0], out[1], out[2], out[3]}};
    tgx_sampler smp;
    tgx_sampler_init(&smp);
    tgx_tex_sample_req req;
    memset(&req, 0, sizeof req);
    req.lanes = 4;
    req.s = s, req.t = t, req.r = r;
    req.lod_mode = TGX_TEX_LOD_ZERO;
    TGX_CHECK(tgx_tex_sample(&v, &smp, &req, res, &dg) == TGX_ERR_ARG &&
                  strstr(dg.message, "cube view needs square faces and 6 face-layers"),
              "sampler refuses a cube view of 2D storage: %s", dg.message);
    tgx_tex_destroy(flat);
    tgx_tex_destroy(layers);
    tgx_tex_destroy(wide);
    tgx_tex_destroy(vol);
}

int main(void)
{
    desc_parse();
    sampler_parse();
    view_parse();
    view_shapes();
    return tgx_test_finish();
}
