/* libFuzzer target for the TGSI interpreter (src/exec) and, through its sampling opcodes, the
 * texture unit (src/tex).
 *
 * The bytes are TGSI text. A shader that parses and validates is decoded into a program and run
 * once in its stage over a small batch of lanes, with pseudo-random inputs, constants, a buffer,
 * an image and a mipmapped texture bound to every unit, and a small instruction budget (so loops
 * that never end stop with TGX_ERR_LIMIT). Every step may fail with a status and a message;
 * none may crash, read or write outside its memory or hit undefined behaviour (ASan and UBSan
 * watch: float-to-int conversions, shifts, signed overflow, division by zero). A failing status
 * without a message, or a status outside the documented ones, aborts.
 *
 * Build: cmake -DTGX_FUZZ=ON with clang (CMakeLists.txt); run: `make fuzz-smoke` (seeds in
 * fuzz/corpus/fuzz_exec/).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/exec.h"
#include "tgx/tex.h"
#include "tgx/tgsi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { LANES = 8, UNITS = 4, CONST_WORDS = 64, BUFFER_BYTES = 256 };

static void broken(const char *what, const tgx_diag *d)
{
    fprintf(stderr, "fuzz_exec: %s: %s\n", what, d ? d->message : "");
    abort();
}

/* A failing step must say why (an empty message would be an error the user cannot act on). */
static int failed(tgx_status st, const tgx_diag *d, const char *step)
{
    if (st >= 0)
        return 0;
    if (!d->message[0])
        broken(step, d);
    return 1;
}

/* xorshift32: the run's data depends only on the input, so a crash reproduces. */
static uint32_t next(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

/* Words that reach the interesting cases of conversions and comparisons. */
static uint32_t pick_word(uint32_t *seed)
{
    static const uint32_t special[] = {
        0x00000000u, 0x80000000u, 0x3f800000u, 0xbf800000u, 0x7f800000u, 0xff800000u,
        0x7fc00000u, 0x7fffffffu, 0x4f000000u, 0xcf000000u, 0x00000001u, 0xffffffffu,
        0x00800000u, 0x3f000000u, 0x41200000u, 0x00000003u,
    };
    uint32_t r = next(seed);
    return (r & 3u) ? special[(r >> 2) % (sizeof special / sizeof special[0])] : next(seed);
}

typedef struct resources {
    uint32_t consts[CONST_WORDS];
    uint8_t buffer[BUFFER_BYTES];
    tgx_tex *tex, *image;
    tgx_tex_view view;
    tgx_sampler samp;
} resources;

static int make_resources(resources *r, uint32_t *seed)
{
    memset(r, 0, sizeof *r);
    for (unsigned i = 0; i < CONST_WORDS; i++)
        r->consts[i] = pick_word(seed);
    for (unsigned i = 0; i < BUFFER_BYTES; i++)
        r->buffer[i] = (uint8_t)next(seed);
    tgx_tex_desc tex = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA8_UNORM, 4, 4, 1, 3, 1};
    tgx_tex_desc img = {TGX_TEX_2D, TGX_TEX_FORMAT_RGBA32_FLOAT, 4, 4, 1, 1, 1};
    tgx_diag d;
    if (tgx_tex_create(&tex, &r->tex, &d) < 0 || tgx_tex_create(&img, &r->image, &d) < 0)
        broken("texture creation", &d);
    tgx_tex_view_init(&r->view, r->tex);
    tgx_sampler_init(&r->samp);
    r->samp.min_filter = TGX_TEX_FILTER_LINEAR;
    r->samp.mag_filter = TGX_TEX_FILTER_LINEAR;
    r->samp.mip_filter = TGX_TEX_MIP_LINEAR;
    return 0;
}

static void free_resources(resources *r)
{
    tgx_tex_destroy(r->tex);
    tgx_tex_destroy(r->image);
}

/* Binds everything a shader may name; a binding the shader does not declare may be refused. */
static void bind_all(tgx_exec_machine *m, resources *r)
{
    for (unsigned u = 0; u < UNITS; u++) {
        tgx_exec_bind_constants(m, u, r->consts, CONST_WORDS);
        tgx_exec_bind_buffer(m, u, r->buffer, BUFFER_BYTES);
        tgx_exec_bind_sampler_view(m, u, &r->view);
        tgx_exec_bind_sampler(m, u, &r->samp);
        tgx_exec_bind_image(m, u, r->image, 0);
    }
    tgx_exec_set_shared_size(m, 256);
}

static void fill_inputs(tgx_exec_machine *m, const tgx_exec_program *p, uint32_t *seed)
{
    for (unsigned reg = 0; reg < tgx_exec_program_num_inputs(p); reg++)
        for (unsigned c = 0; c < 4; c++) {
            tgx_exec_word *w = tgx_exec_input(m, reg, c);
            for (unsigned v = 0; w && v < 6; v++) {
                tgx_exec_word *gw = tgx_exec_program_stage(p) == TGX_EXEC_GEOMETRY
                                        ? tgx_exec_gs_input(m, v, reg, c)
                                        : (v == 0 ? w : NULL);
                for (unsigned i = 0; gw && i < LANES; i++)
                    gw[i].u = pick_word(seed);
            }
        }
}

static void run_stage(tgx_exec_machine *m, const tgx_exec_program *p)
{
    tgx_diag d = {0};
    tgx_status st;
    switch (tgx_exec_program_stage(p)) {
    case TGX_EXEC_FRAGMENT: {
        static const tgx_lane_mask active[LANES] = {1, 1, 0, 1, 1, 1, 1, 0};
        tgx_lane_mask killed[LANES];
        st = tgx_exec_run_fragment(m, LANES, active, killed, &d);
        break;
    }
    case TGX_EXEC_GEOMETRY: st = tgx_exec_run_geometry(m, LANES, 7, 0, &d); break;
    case TGX_EXEC_COMPUTE: {
        const uint32_t block[3] = {1, 0, 0}, grid[3] = {2, 1, 1};
        st = tgx_exec_run_compute(m, block, grid, &d);
        break;
    }
    default: st = tgx_exec_run_vertex(m, LANES, &d); break;
    }
    failed(st, &d, "run");
}

static void run_shader(const tgx_tgsi_shader *sh, uint32_t seed)
{
    tgx_diag d = {0};
    tgx_exec_program *p = NULL;
    if (failed(tgx_exec_program_create(sh, "fuzz", &p, &d), &d, "program_create"))
        return;
    unsigned bs[3];
    tgx_exec_program_block_size(p, bs);
    const unsigned long threads = (unsigned long)bs[0] * bs[1] * bs[2];
    const unsigned lanes = threads > LANES ? (unsigned)((threads + 3) & ~3ul) : LANES;
    tgx_exec_machine *m = NULL;
    if (threads <= 64 && !failed(tgx_exec_machine_create(p, lanes, &m, &d), &d, "machine_create")) {
        resources r;
        make_resources(&r, &seed);
        bind_all(m, &r);
        fill_inputs(m, p, &seed);
        tgx_exec_set_budget(m, 20000);
        tgx_exec_set_f2i_rule(m, (seed & 1u) ? TGX_EXEC_F2I_X86 : TGX_EXEC_F2I_SATURATE);
        run_stage(m, p);
        tgx_exec_machine_destroy(m);
        free_resources(&r);
    }
    tgx_exec_program_destroy(p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_diag d = {0};
    if (tgx_tgsi_parse((const char *)data, size, "fuzz", &sh, &d) < 0)
        return 0;
    tgx_diag_list list;
    tgx_diag_list_init(&list);
    const tgx_status valid = tgx_tgsi_validate(sh, "fuzz", &list);
    tgx_diag_list_free(&list);
    uint32_t seed = 0x9e3779b9u;
    for (size_t i = 0; i < size; i++)
        seed = (seed ^ data[i]) * 16777619u;
    if (valid == TGX_OK)
        run_shader(sh, seed | 1u);
    tgx_tgsi_free(sh);
    return 0;
}
