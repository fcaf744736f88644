/* Geometry shaders in the interpreter: EMIT counts and the saved OUT values, ENDPRIM strip
 * boundaries, EMIT inside IF and loops with lanes that diverge, the GS_MAX_OUTPUT_VERTICES limit,
 * PRIMID and INVOCATIONID, IN[vertex][attr] with direct and indirect indices, vertex streams, the
 * errors a bad geometry shader gives, EMIT in a subroutine with an early RET, and the instruction
 * budget of every stage.
 *
 * Expected values are worked out by hand from the shaders below and Mesa 22.3's semantics of
 * EMIT / ENDPRIM (tgsi_exec.c emit_vertex / emit_primitive; the limit counts every vertex of the
 * invocation as gallivm's clamp_mask_to_max_output_vertices does; see src/exec/exec_geom.c). */
#include <stdint.h>
#include <string.h>

#include "tgx/exec.h"
#include "tgx/tgsi.h"
#include "tgx/util.h"
#include "tgx_test.h"

typedef struct gs {
    tgx_tgsi_shader *sh;
    tgx_exec_program *p;
    tgx_exec_machine *m;
    tgx_diag d;
} gs;

static int gs_open(gs *g, const char *text, unsigned lanes, const char *what)
{
    memset(g, 0, sizeof(*g));
    if (tgx_tgsi_parse(text, strlen(text), "gs.tgsi", &g->sh, &g->d) != TGX_OK) {
        TGX_CHECK(0, "%s: parse %u:%u: %s", what, g->d.line, g->d.column, g->d.message);
        return 0;
    }
    if (tgx_exec_program_create(g->sh, "gs.tgsi", &g->p, &g->d) != TGX_OK) {
        TGX_CHECK(0, "%s: program %u:%u: %s", what, g->d.line, g->d.column, g->d.message);
        return 0;
    }
    if (tgx_exec_machine_create(g->p, lanes, &g->m, &g->d) != TGX_OK) {
        TGX_CHECK(0, "%s: machine: %s", what, g->d.message);
        return 0;
    }
    return 1;
}

static void gs_close(gs *g)
{
    tgx_exec_machine_destroy(g->m);
    tgx_exec_program_destroy(g->p);
    tgx_tgsi_free(g->sh);
    memset(g, 0, sizeof(*g));
}

/* IN[v][reg] of primitive (lane) l. */
static void set_in(gs *g, unsigned v, unsigned reg, unsigned l, float x, float y, float z, float w)
{
    float c[4] = {x, y, z, w};
    for (unsigned k = 0; k < 4; k++)
        tgx_exec_gs_input(g->m, v, reg, k)[l].f = c[k];
}

static void set_in_u(gs *g, unsigned v, unsigned reg, unsigned l, uint32_t x)
{
    for (unsigned k = 0; k < 4; k++)
        tgx_exec_gs_input(g->m, v, reg, k)[l].u = x;
}

/* Word c of output register reg of vertex k of lane l (0xdeadbeef when there is no vertex). */
static uint32_t vword(gs *g, unsigned l, unsigned k, unsigned reg, unsigned c)
{
    const uint32_t *w = tgx_exec_gs_vertex(g->m, l, k, NULL, NULL);
    return w ? w[reg * 4 + c] : 0xdeadbeefu;
}

static float vf(gs *g, unsigned l, unsigned k, unsigned reg, unsigned c)
{
    return tgx_bits2f(vword(g, l, k, reg, c));
}

static unsigned vstrip(gs *g, unsigned l, unsigned k)
{
    unsigned stream = 99, strip = 99;
    tgx_exec_gs_vertex(g->m, l, k, &stream, &strip);
    return strip;
}

static unsigned vstream(gs *g, unsigned l, unsigned k)
{
    unsigned stream = 99, strip = 99;
    tgx_exec_gs_vertex(g->m, l, k, &stream, &strip);
    return stream;
}

#define HEAD(IN, OUT, MAX)                                                                         \
    "GEOM\nPROPERTY GS_INPUT_PRIMITIVE " IN "\nPROPERTY GS_OUTPUT_PRIMITIVE " OUT                  \
    "\nPROPERTY GS_MAX_OUTPUT_VERTICES " MAX "\n"

/* Three EMITs, an ENDPRIM, two EMITs; OUT[1] is written once, so every vertex keeps it. */
static void test_emit_endprim(void)
{
    const char *text = HEAD("TRIANGLES", "TRIANGLE_STRIP", "8") "DCL IN[][0], POSITION\n"
                                                                "DCL IN[][1], GENERIC[0]\n"
                                                                "DCL OUT[0], POSITION\n"
                                                                "DCL OUT[1], GENERIC[0]\n"
                                                                "IMM[0] UINT32 {0, 0, 0, 0}\n"
                                                                "  0: MOV OUT[0], IN[0][0]\n"
                                                                "  1: MOV OUT[1], IN[0][1]\n"
                                                                "  2: EMIT IMM[0].xxxx\n"
                                                                "  3: MOV OUT[0], IN[1][0]\n"
                                                                "  4: EMIT IMM[0].xxxx\n"
                                                                "  5: MOV OUT[0], IN[2][0]\n"
                                                                "  6: EMIT IMM[0].xxxx\n"
                                                                "  7: ENDPRIM IMM[0].xxxx\n"
                                                                "  8: ENDPRIM IMM[0].xxxx\n"
                                                                "  9: MOV OUT[0], IN[1][0]\n"
                                                                " 10: EMIT IMM[0].xxxx\n"
                                                                " 11: EMIT IMM[0].xxxx\n"
                                                                " 12: END\n";
    gs g;
    if (!gs_open(&g, text, 8, "EMIT/ENDPRIM")) {
        gs_close(&g);
        return;
    }
    tgx_exec_gs_info info;
    TGX_CHECK(tgx_exec_program_gs_info(g.p, &info) == TGX_OK, "gs info");
    TGX_CHECK(info.input_prim == TGX_TGSI_PRIM_TRIANGLES && info.vertices_in == 3 &&
                  info.output_prim == TGX_TGSI_PRIM_TRIANGLE_STRIP && info.max_vertices == 8 &&
                  info.invocations == 1 && info.streams == 1,
              "properties: in %u (%u vertices) out %u max %u inv %u streams %u", info.input_prim,
              info.vertices_in, info.output_prim, info.max_vertices, info.invocations,
              info.streams);
    /* 5 primitives: vertex v of primitive l at (10l + v, 0, 0, 1), GENERIC (l, 0, 0, 0) */
    for (unsigned l = 0; l < 5; l++) {
        for (unsigned v = 0; v < 3; v++)
            set_in(&g, v, 0, l, (float)(10 * l + v), 0, 0, 1);
        set_in(&g, 0, 1, l, (float)l, 0, 0, 0);
    }
    tgx_status st = tgx_exec_run_geometry(g.m, 5, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK, "run: %s", g.d.message);
    static const unsigned vin[5] = {0, 1, 2, 1, 1};   /* input vertex each EMIT copied */
    static const unsigned strip[5] = {0, 0, 0, 1, 1}; /* two ENDPRIMs make one boundary */
    for (unsigned l = 0; l < 5; l++) {
        TGX_CHECK(tgx_exec_gs_vertex_count(g.m, l) == 5, "lane %u: %u vertices, want 5", l,
                  tgx_exec_gs_vertex_count(g.m, l));
        for (unsigned k = 0; k < 5; k++) {
            TGX_CHECK(vf(&g, l, k, 0, 0) == (float)(10 * l + vin[k]) && vf(&g, l, k, 0, 3) == 1.0f,
                      "lane %u vertex %u: POSITION.x %g, want %u", l, k, (double)vf(&g, l, k, 0, 0),
                      10 * l + vin[k]);
            TGX_CHECK(vf(&g, l, k, 1, 0) == (float)l, "lane %u vertex %u: GENERIC.x %g, want %u", l,
                      k, (double)vf(&g, l, k, 1, 0), l);
            TGX_CHECK(vstrip(&g, l, k) == strip[k] && vstream(&g, l, k) == 0,
                      "lane %u vertex %u: strip %u stream %u, want %u, 0", l, k, vstrip(&g, l, k),
                      vstream(&g, l, k), strip[k]);
        }
        TGX_CHECK(tgx_exec_gs_vertex(g.m, l, 5, NULL, NULL) == NULL, "no sixth vertex");
    }
    /* padding lanes 5..7 emit nothing */
    TGX_CHECK(tgx_exec_gs_vertex_count(g.m, 5) == 0, "padding lane: %u vertices",
              tgx_exec_gs_vertex_count(g.m, 5));
    /* a second run starts from no vertices */
    st = tgx_exec_run_geometry(g.m, 1, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK && tgx_exec_gs_vertex_count(g.m, 0) == 5,
              "second run: %u vertices, want 5", tgx_exec_gs_vertex_count(g.m, 0));
    gs_close(&g);
}

/* Divergent control flow. Lane l (a point) has IN[0][0].x = n_l (an integer) and
 * IN[0][0].y = f_l. The loop runs n_l times: EMIT when the counter is even, and ENDPRIM after
 * each emitted vertex whose counter is 2 mod 4; a lane with f_l > 0 also emits once inside IF
 * before the loop. Hand count, counter i = 0..n-1: vertices at i = 0, 2, 4, ...; boundary after
 * i = 2, 6, ... */
static void test_divergent(void)
{
    const char *text = HEAD("POINTS", "LINE_STRIP", "64") "DCL IN[][0], GENERIC[0]\n"
                                                          "DCL OUT[0], GENERIC[0]\n"
                                                          "DCL TEMP[0..1]\n"
                                                          "IMM[0] UINT32 {0, 1, 2, 3}\n"
                                                          "IMM[1] UINT32 {100, 4, 0, 0}\n"
                                                          "IMM[2] FLT32 {0.0, 0.0, 0.0, 0.0}\n"
                                                          "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
                                                          "  1: F2U TEMP[0].y, IN[0][0].xxxx\n"
                                                          "  2: IF IN[0][0].yyyy :5\n"
                                                          "  3:   MOV OUT[0].x, IMM[1].xxxx\n"
                                                          "  4:   EMIT IMM[0].xxxx\n"
                                                          "  5: ENDIF\n"
                                                          "  6: BGNLOOP :23\n"
                                                          "  7:   USGE TEMP[1].x, TEMP[0].xxxx, "
                                                          "TEMP[0].yyyy\n"
                                                          "  8:   UIF TEMP[1].xxxx :10\n"
                                                          "  9:     BRK\n"
                                                          " 10:   ENDIF\n"
                                                          " 11:   AND TEMP[1].x, TEMP[0].xxxx, "
                                                          "IMM[0].yyyy\n"
                                                          " 12:   UIF TEMP[1].xxxx :13\n"
                                                          " 13:   ELSE :16\n"
                                                          " 14:     MOV OUT[0].x, TEMP[0].xxxx\n"
                                                          " 15:     EMIT IMM[0].xxxx\n"
                                                          " 16:   ENDIF\n"
                                                          " 17:   AND TEMP[1].x, TEMP[0].xxxx, "
                                                          "IMM[0].wwww\n"
                                                          " 18:   USEQ TEMP[1].x, TEMP[1].xxxx, "
                                                          "IMM[0].zzzz\n"
                                                          " 19:   UIF TEMP[1].xxxx :21\n"
                                                          " 20:     ENDPRIM IMM[0].xxxx\n"
                                                          " 21:   ENDIF\n"
                                                          " 22:   UADD TEMP[0].x, TEMP[0].xxxx, "
                                                          "IMM[0].yyyy\n"
                                                          " 23: ENDLOOP :6\n"
                                                          " 24: END\n";
    gs g;
    if (!gs_open(&g, text, 8, "divergent")) {
        gs_close(&g);
        return;
    }
    static const unsigned n[6] = {0, 1, 3, 4, 8, 9};
    static const float f[6] = {1, 0, 1, 0, -1, 1};
    for (unsigned l = 0; l < 6; l++)
        set_in(&g, 0, 0, l, (float)n[l], f[l], 0, 0);
    tgx_status st = tgx_exec_run_geometry(g.m, 6, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK, "run: %s", g.d.message);
    for (unsigned l = 0; l < 6; l++) {
        /* hand model of the shader */
        uint32_t want_x[16], want_strip[16];
        unsigned cnt = 0, strip = 0, open = 0;
        if (f[l] != 0.0f) /* IF on a float: true when != 0, so -1 emits too */
            want_x[cnt] = 100, want_strip[cnt++] = strip, open++;
        for (unsigned i = 0; i < n[l]; i++) {
            if (i % 2 == 0)
                want_x[cnt] = i, want_strip[cnt++] = strip, open++;
            if (i % 4 == 2 && open)
                strip++, open = 0;
        }
        unsigned got = tgx_exec_gs_vertex_count(g.m, l);
        TGX_CHECK(got == cnt, "lane %u (n %u, f %g): %u vertices, want %u", l, n[l], (double)f[l],
                  got, cnt);
        for (unsigned k = 0; k < cnt && k < got; k++)
            TGX_CHECK(vword(&g, l, k, 0, 0) == want_x[k] && vstrip(&g, l, k) == want_strip[k],
                      "lane %u vertex %u: x %u strip %u, want %u strip %u", l, k,
                      vword(&g, l, k, 0, 0), vstrip(&g, l, k), want_x[k], want_strip[k]);
    }
    gs_close(&g);
}

/* EMIT inside a subroutine some lanes call, with an early RET in some of them. Lane l has
 * IN[0][0] = (x_l, y_l) as integers: lanes with x != 0 call; the subroutine emits once, returns
 * where y != 0, and emits again otherwise. Vertices per lane: x == 0: 0; y != 0: 1; else 2. */
static void test_subroutine(void)
{
    const char *text = HEAD("POINTS", "POINTS", "4") "DCL IN[][0], GENERIC[0]\n"
                                                     "DCL OUT[0], GENERIC[0]\n"
                                                     "IMM[0] UINT32 {0, 0, 0, 0}\n"
                                                     "  0: MOV OUT[0], IN[0][0]\n"
                                                     "  1: UIF IN[0][0].xxxx :3\n"
                                                     "  2:   CAL :5\n"
                                                     "  3: ENDIF\n"
                                                     "  4: END\n"
                                                     "  5: BGNSUB\n"
                                                     "  6:   EMIT IMM[0].xxxx\n"
                                                     "  7:   UIF IN[0][0].yyyy :9\n"
                                                     "  8:     RET\n"
                                                     "  9:   ENDIF\n"
                                                     " 10:   EMIT IMM[0].xxxx\n"
                                                     " 11:   RET\n"
                                                     " 12: ENDSUB\n";
    gs g;
    if (!gs_open(&g, text, 8, "subroutine")) {
        gs_close(&g);
        return;
    }
    static const uint32_t x[6] = {0, 1, 1, 0, 7, 2}, y[6] = {0, 0, 1, 1, 0, 5};
    for (unsigned l = 0; l < 6; l++) {
        uint32_t w[4] = {x[l], y[l], 0, 0};
        for (unsigned c = 0; c < 4; c++)
            tgx_exec_gs_input(g.m, 0, 0, c)[l].u = w[c];
    }
    tgx_status st = tgx_exec_run_geometry(g.m, 6, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK, "run: %s", g.d.message);
    for (unsigned l = 0; l < 6; l++) {
        unsigned want = x[l] == 0 ? 0 : y[l] != 0 ? 1 : 2;
        TGX_CHECK(tgx_exec_gs_vertex_count(g.m, l) == want,
                  "lane %u (x %u y %u): %u vertices, want %u", l, x[l], y[l],
                  tgx_exec_gs_vertex_count(g.m, l), want);
        for (unsigned k = 0; k < want; k++)
            TGX_CHECK(vword(&g, l, k, 0, 0) == x[l] && vstrip(&g, l, k) == 0,
                      "lane %u vertex %u: x %u strip %u", l, k, vword(&g, l, k, 0, 0),
                      vstrip(&g, l, k));
    }
    gs_close(&g);
}

/* GS_MAX_OUTPUT_VERTICES 3 and a loop of 5 EMITs with an ENDPRIM after every second: the 4th and
 * 5th are dropped although each strip alone has at most 2 vertices (the limit counts the
 * invocation's vertices, GLSL "max_vertices"; Mesa's tgsi_exec would keep all 5). */
static void test_max_vertices(void)
{
    const char *text = HEAD("POINTS", "POINTS", "3") "DCL OUT[0], GENERIC[0]\n"
                                                     "DCL TEMP[0..1]\n"
                                                     "IMM[0] UINT32 {0, 1, 5, 2}\n"
                                                     "  0: MOV TEMP[0].x, IMM[0].xxxx\n"
                                                     "  1: BGNLOOP :13\n"
                                                     "  2:   USGE TEMP[1].x, TEMP[0].xxxx, "
                                                     "IMM[0].zzzz\n"
                                                     "  3:   UIF TEMP[1].xxxx :5\n"
                                                     "  4:     BRK\n"
                                                     "  5:   ENDIF\n"
                                                     "  6:   MOV OUT[0].x, TEMP[0].xxxx\n"
                                                     "  7:   EMIT IMM[0].xxxx\n"
                                                     "  8:   AND TEMP[1].x, TEMP[0].xxxx, "
                                                     "IMM[0].yyyy\n"
                                                     "  9:   UIF TEMP[1].xxxx :11\n"
                                                     " 10:     ENDPRIM IMM[0].xxxx\n"
                                                     " 11:   ENDIF\n"
                                                     " 12:   UADD TEMP[0].x, TEMP[0].xxxx, "
                                                     "IMM[0].yyyy\n"
                                                     " 13: ENDLOOP :1\n"
                                                     " 14: END\n";
    gs g;
    if (!gs_open(&g, text, 4, "max vertices")) {
        gs_close(&g);
        return;
    }
    tgx_status st = tgx_exec_run_geometry(g.m, 2, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK, "run: %s", g.d.message);
    static const unsigned strip[3] = {0, 0, 1}; /* ENDPRIM after i = 1 */
    for (unsigned l = 0; l < 2; l++) {
        TGX_CHECK(tgx_exec_gs_vertex_count(g.m, l) == 3, "lane %u: %u vertices, want 3", l,
                  tgx_exec_gs_vertex_count(g.m, l));
        for (unsigned k = 0; k < 3; k++)
            TGX_CHECK(vword(&g, l, k, 0, 0) == k && vstrip(&g, l, k) == strip[k],
                      "lane %u vertex %u: x %u strip %u", l, k, vword(&g, l, k, 0, 0),
                      vstrip(&g, l, k));
    }
    gs_close(&g);
}

/* PRIMID (system value and PRIM_ID input) and INVOCATIONID with GS_INVOCATIONS 3. */
static void test_ids(void)
{
    const char *text = HEAD("LINES", "POINTS", "1") "PROPERTY GS_INVOCATIONS 3\n"
                                                    "DCL IN[][0], PRIM_ID\n"
                                                    "DCL SV[0], PRIM_ID\n"
                                                    "DCL SV[1], INVOCATIONID\n"
                                                    "DCL OUT[0], GENERIC[0]\n"
                                                    "IMM[0] UINT32 {0, 0, 0, 0}\n"
                                                    "  0: MOV OUT[0].x, SV[0].xxxx\n"
                                                    "  1: MOV OUT[0].y, SV[1].xxxx\n"
                                                    "  2: MOV OUT[0].z, IN[1][0].xxxx\n"
                                                    "  3: EMIT IMM[0].xxxx\n"
                                                    "  4: END\n";
    gs g;
    if (!gs_open(&g, text, 8, "ids")) {
        gs_close(&g);
        return;
    }
    tgx_exec_gs_info info;
    tgx_exec_program_gs_info(g.p, &info);
    TGX_CHECK(info.invocations == 3 && info.vertices_in == 2, "invocations %u, vertices in %u",
              info.invocations, info.vertices_in);
    for (unsigned inv = 0; inv < 3; inv++) {
        tgx_status st = tgx_exec_run_geometry(g.m, 6, 40, inv, &g.d);
        TGX_CHECK(st == TGX_OK, "run %u: %s", inv, g.d.message);
        for (unsigned l = 0; l < 6; l++)
            TGX_CHECK(vword(&g, l, 0, 0, 0) == 40 + l && vword(&g, l, 0, 0, 1) == inv &&
                          vword(&g, l, 0, 0, 2) == 40 + l,
                      "invocation %u lane %u: PRIMID %u INVOCATIONID %u PRIM_ID input %u", inv, l,
                      vword(&g, l, 0, 0, 0), vword(&g, l, 0, 0, 1), vword(&g, l, 0, 0, 2));
    }
    tgx_status st = tgx_exec_run_geometry(g.m, 1, 0, 3, &g.d);
    TGX_CHECK(st == TGX_ERR_ARG, "invocation 3 of 3: status %d", (int)st);
    gs_close(&g);
}

/* IN[ADDR[0].x][1] and IN[2][ADDR[0].y]: per-lane vertex and attribute numbers, with
 * out-of-range ones reading 0. Vertex v of lane l: IN[v][0] = (v, l, 0, 0) as integers,
 * IN[v][1] = 100 v + l, IN[v][2] = 200 + 100 v + l. */
static void test_indirect_inputs(void)
{
    const char *text =
        HEAD("TRIANGLES", "POINTS", "1") "DCL IN[][0..2], GENERIC[0]\n"
                                         "DCL OUT[0], GENERIC[0]\n"
                                         "DCL ADDR[0]\n"
                                         "DCL TEMP[0]\n"
                                         "IMM[0] UINT32 {0, 0, 0, 0}\n"
                                         "  0: UARL ADDR[0].xy, IN[0][0].zwww\n"
                                         "  1: MOV OUT[0].x, IN[ADDR[0].x][1].xxxx\n"
                                         "  2: MOV OUT[0].y, IN[2][ADDR[0].y].xxxx\n"
                                         "  3: MOV OUT[0].z, IN[ADDR[0].x+1][0].yyyy\n"
                                         "  4: MOV OUT[0].w, IN[1][2].xxxx\n"
                                         "  5: EMIT IMM[0].xxxx\n"
                                         "  6: END\n";
    gs g;
    if (!gs_open(&g, text, 8, "indirect inputs")) {
        gs_close(&g);
        return;
    }
    TGX_CHECK(tgx_exec_program_num_inputs(g.p) == 3, "inputs of one vertex: %u, want 3",
              tgx_exec_program_num_inputs(g.p));
    TGX_CHECK(tgx_exec_input(g.m, 0, 0) == tgx_exec_gs_input(g.m, 0, 0, 0) &&
                  tgx_exec_input(g.m, 3, 0) == NULL && tgx_exec_gs_input(g.m, 3, 0, 0) == NULL &&
                  tgx_exec_gs_input(g.m, 2, 3, 0) == NULL && tgx_exec_gs_input(g.m, 2, 2, 3),
              "input arrays: IN[0] is vertex 0's, IN[3] and IN[3][0], IN[2][3] do not exist");
    /* lane l: vertex index a_l, attribute index b_l (from IN[0][0].zw) */
    static const int32_t a[6] = {0, 1, 2, 3, -1, 1};
    static const int32_t b[6] = {0, 1, 2, 3, 2, -1};
    for (unsigned l = 0; l < 6; l++)
        for (unsigned v = 0; v < 3; v++) {
            uint32_t w0[4] = {v, l, (uint32_t)a[l], (uint32_t)b[l]};
            for (unsigned c = 0; c < 4; c++)
                tgx_exec_gs_input(g.m, v, 0, c)[l].u = w0[c];
            set_in_u(&g, v, 1, l, 100 * v + l);
            set_in_u(&g, v, 2, l, 200 + 100 * v + l);
        }
    tgx_status st = tgx_exec_run_geometry(g.m, 6, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK, "run: %s", g.d.message);
    for (unsigned l = 0; l < 6; l++) {
        uint32_t x = a[l] >= 0 && a[l] < 3 ? 100 * (uint32_t)a[l] + l : 0;
        uint32_t y = b[l] == 0   ? 2 /* IN[2][0].x = v = 2 */
                     : b[l] == 1 ? 200 + l
                     : b[l] == 2 ? 400 + l
                                 : 0; /* attribute 3 or -1: outside IN[][0..2] */
        uint32_t z = a[l] + 1 >= 0 && a[l] + 1 < 3 ? l : 0; /* IN[a+1][0].y = l */
        uint32_t w = 300 + l;
        TGX_CHECK(vword(&g, l, 0, 0, 0) == x && vword(&g, l, 0, 0, 1) == y &&
                      vword(&g, l, 0, 0, 2) == z && vword(&g, l, 0, 0, 3) == w,
                  "lane %u (a %d b %d): got %u %u %u %u, want %u %u %u %u", l, a[l], b[l],
                  vword(&g, l, 0, 0, 0), vword(&g, l, 0, 0, 1), vword(&g, l, 0, 0, 2),
                  vword(&g, l, 0, 0, 3), x, y, z, w);
    }
    gs_close(&g);
}

/* Streams: vertices of stream 1 are numbered in their own strips; ENDPRIM of stream 1 leaves
 * stream 0's strip open; a stream outside 0..3 is ignored. */
static void test_streams(void)
{
    const char *text = HEAD("POINTS", "POINTS", "2") "DCL OUT[0], GENERIC[0]\n"
                                                     "IMM[0] UINT32 {0, 1, 7, 0}\n"
                                                     "  0: MOV OUT[0].x, IMM[0].xxxx\n"
                                                     "  1: EMIT IMM[0].xxxx\n"
                                                     "  2: MOV OUT[0].x, IMM[0].yyyy\n"
                                                     "  3: EMIT IMM[0].yyyy\n"
                                                     "  4: ENDPRIM IMM[0].yyyy\n"
                                                     "  5: EMIT IMM[0].yyyy\n"
                                                     "  6: EMIT IMM[0].zzzz\n"
                                                     "  7: EMIT IMM[0].yyyy\n"
                                                     "  8: EMIT IMM[0].xxxx\n"
                                                     "  9: END\n";
    gs g;
    if (!gs_open(&g, text, 4, "streams")) {
        gs_close(&g);
        return;
    }
    tgx_exec_gs_info info;
    tgx_exec_program_gs_info(g.p, &info);
    TGX_CHECK(info.streams == 2, "streams %u, want 2 (stream 7 ignored)", info.streams);
    tgx_status st = tgx_exec_run_geometry(g.m, 1, 0, 0, &g.d);
    TGX_CHECK(st == TGX_OK, "run: %s", g.d.message);
    /* emitted: s0 (x 0), s1 (x 1) strip 0, [ENDPRIM s1], s1 strip 1, stream 7 ignored, s1
     * dropped (its third vertex: over GS_MAX_OUTPUT_VERTICES 2, counted per stream), s0 strip 0
     * (x 1): the limit of stream 1 does not stop stream 0 */
    static const unsigned stream[4] = {0, 1, 1, 0}, strip[4] = {0, 0, 1, 0}, x[4] = {0, 1, 1, 1};
    TGX_CHECK(tgx_exec_gs_vertex_count(g.m, 0) == 4, "%u vertices, want 4",
              tgx_exec_gs_vertex_count(g.m, 0));
    for (unsigned k = 0; k < 4; k++)
        TGX_CHECK(vstream(&g, 0, k) == stream[k] && vstrip(&g, 0, k) == strip[k] &&
                      vword(&g, 0, k, 0, 0) == x[k],
                  "vertex %u: stream %u strip %u x %u, want %u %u %u", k, vstream(&g, 0, k),
                  vstrip(&g, 0, k), vword(&g, 0, k, 0, 0), stream[k], strip[k], x[k]);
    gs_close(&g);
}

/* Program errors, each with the position of what is wrong. */
static void expect_error(const char *text, tgx_status want, unsigned line, const char *words,
                         const char *what)
{
    tgx_tgsi_shader *sh = NULL;
    tgx_exec_program *p = NULL;
    tgx_diag d;
    memset(&d, 0, sizeof d);
    tgx_status st = tgx_tgsi_parse(text, strlen(text), "bad.tgsi", &sh, &d);
    TGX_CHECK(st == TGX_OK, "%s: parse: %s", what, d.message);
    if (st == TGX_OK)
        st = tgx_exec_program_create(sh, "bad.tgsi", &p, &d);
    TGX_CHECK(st == want && d.line == line && strstr(d.message, words) != NULL,
              "%s: status %d line %u '%s', want %d line %u '%s'", what, (int)st, d.line, d.message,
              (int)want, line, words);
    tgx_exec_program_destroy(p);
    tgx_tgsi_free(sh);
}

static void test_errors(void)
{
    expect_error("VERT\nDCL OUT[0], POSITION\nIMM[0] UINT32 {0, 0, 0, 0}\n"
                 "  0: EMIT IMM[0].xxxx\n  1: END\n",
                 TGX_ERR_INVALID, 4, "geometry", "EMIT in a vertex shader");
    expect_error("GEOM\nPROPERTY GS_OUTPUT_PRIMITIVE POINTS\nPROPERTY GS_MAX_OUTPUT_VERTICES 1\n"
                 "  0: END\n",
                 TGX_ERR_INVALID, 1, "GS_INPUT_PRIMITIVE", "no input primitive");
    expect_error(HEAD("TRIANGLES", "TRIANGLES", "3") "  0: END\n", TGX_ERR_INVALID, 3,
                 "GS_OUTPUT_PRIMITIVE", "TRIANGLES is not an output primitive");
    expect_error(HEAD("TRIANGLES", "POINTS", "4096") "  0: END\n", TGX_ERR_LIMIT, 4, "1024",
                 "too many output vertices");
    expect_error(HEAD("TRIANGLES", "POINTS", "1") "DCL IN[][0], GENERIC[0]\n"
                                                  "DCL OUT[0], GENERIC[0]\n"
                                                  "  0: MOV OUT[0], IN[3][0]\n  1: END\n",
                 TGX_ERR_INVALID, 7, "vertex 3", "IN[3] of a triangle");
    expect_error(HEAD("POINTS", "POINTS", "1") "DCL IN[][0], GENERIC[0]\n"
                                               "DCL OUT[0], GENERIC[0]\n"
                                               "  0: MOV OUT[0], IN[0][1]\n  1: END\n",
                 TGX_ERR_INVALID, 7, "IN[0][1]", "undeclared attribute");
}

/* ---- the instruction budget, every stage ----------------------------------------------------
 * The issue: "A budget of executed instructions ... turns a runaway shader into an error naming
 * the shader and instruction." An instruction of the loop (BGNLOOP..ENDLOOP, the lines after
 * `first_line`, the line of its first MOV) must be named, with the opcode and the instruction
 * number in the message. */
#define LOOP_BODY                                                                                  \
    "IMM[0] FLT32 {1.0, 0.0, 0.0, 0.0}\n"                                                          \
    "  0: MOV TEMP[0], IMM[0].yyyy\n"                                                              \
    "  1: BGNLOOP :3\n"                                                                            \
    "  2:   ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n"                                            \
    "  3: ENDLOOP :1\n"

static void check_budget(gs *g, tgx_status st, unsigned first_line, const char *what)
{
    TGX_CHECK(st == TGX_ERR_LIMIT, "%s: status %d, want TGX_ERR_LIMIT", what, (int)st);
    TGX_CHECK(strcmp(g->d.file, "gs.tgsi") == 0, "%s: the error names the shader: '%s'", what,
              g->d.file);
    TGX_CHECK(g->d.line >= first_line + 1 && g->d.line <= first_line + 3,
              "%s: the error names an instruction of the loop: line %u (loop at %u..%u)", what,
              g->d.line, first_line + 1, first_line + 3);
    TGX_CHECK((strstr(g->d.message, "ADD") || strstr(g->d.message, "LOOP")) &&
                  strstr(g->d.message, "instruction"),
              "%s: the message names the opcode and instruction: %s", what, g->d.message);
    TGX_CHECK(tgx_exec_instructions_executed(g->m) <= 1000 + 4, "%s: %llu executed", what,
              (unsigned long long)tgx_exec_instructions_executed(g->m));
}

static void test_budget_all_stages(void)
{
    gs g;
    /* geometry: the loop sits between two EMITs */
    if (gs_open(&g,
                HEAD("POINTS", "POINTS", "4") "DCL OUT[0], GENERIC[0]\nDCL TEMP[0]\n" LOOP_BODY
                                              "  4: EMIT IMM[0].yyyy\n  5: END\n",
                4, "GS budget")) {
        tgx_exec_set_budget(g.m, 1000);
        check_budget(&g, tgx_exec_run_geometry(g.m, 3, 0, 0, &g.d), 8, "geometry");
    }
    gs_close(&g);
    if (gs_open(&g, "FRAG\nDCL OUT[0], COLOR\nDCL TEMP[0]\n" LOOP_BODY "  4: END\n", 4,
                "FS budget")) {
        tgx_exec_set_budget(g.m, 1000);
        check_budget(&g, tgx_exec_run_fragment(g.m, 4, NULL, NULL, &g.d), 5, "fragment");
    }
    gs_close(&g);
    if (gs_open(&g,
                "COMP\nPROPERTY CS_FIXED_BLOCK_WIDTH 4\nPROPERTY CS_FIXED_BLOCK_HEIGHT 1\n"
                "PROPERTY CS_FIXED_BLOCK_DEPTH 1\nDCL TEMP[0]\n" LOOP_BODY "  4: END\n",
                4, "CS budget")) {
        tgx_exec_set_budget(g.m, 1000);
        uint32_t id[3] = {0, 0, 0}, grid[3] = {1, 1, 1};
        check_budget(&g, tgx_exec_run_compute(g.m, id, grid, &g.d), 7, "compute");
    }
    gs_close(&g);
    if (gs_open(&g, "VERT\nDCL OUT[0], POSITION\nDCL TEMP[0]\n" LOOP_BODY "  4: END\n", 4,
                "VS budget")) {
        tgx_exec_set_budget(g.m, 1000);
        check_budget(&g, tgx_exec_run_vertex(g.m, 4, &g.d), 5, "vertex");
    }
    gs_close(&g);
}

int main(void)
{
    test_emit_endprim();
    test_divergent();
    test_subroutine();
    test_max_vertices();
    test_ids();
    test_indirect_inputs();
    test_streams();
    test_errors();
    test_budget_all_stages();
    return tgx_test_finish();
}
