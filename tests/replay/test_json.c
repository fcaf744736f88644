/* The strict JSON reader (RFC 8259) and the case.json model on corpus cases. Expected values are
 * the RFC's grammar and the numbers written in the corpus case files. */
#include <dirent.h>
#include <stdio.h>
#include <string.h>

#include "replay/json.h"
#include "tgx/replay.h"
#include "tgx_test.h"

static tgx_status parse(const char *s, tgx_json *v, tgx_diag *d)
{
    return tgx_json_parse(s, strlen(s), "t.json", v, d);
}

static void check_rejects(const char *s, unsigned line, unsigned col)
{
    tgx_json v;
    tgx_diag d;
    tgx_diag_clear(&d);
    tgx_status st = parse(s, &v, &d);
    TGX_CHECK(st == TGX_ERR_PARSE, "'%s' must be rejected (got %d)", s, st);
    TGX_CHECK(d.line == line && d.column == col, "'%s': error at %u:%u, expected %u:%u (%s)", s,
              d.line, d.column, line, col, d.message);
}

static void test_values(void)
{
    tgx_json v;
    tgx_diag d;
    const char *s = "{\"a\": [1, -2.5e3, true, false, null], \"b\": \"x\\u00e9\\ud83d\\ude00\\n\","
                    " \"big\": 18446744073709551615, \"h\": \"0xdeadBEEF\"}";
    TGX_CHECK(parse(s, &v, &d) == TGX_OK, "parse: %s", d.message);
    const tgx_json *a = tgx_json_get(&v, "a");
    TGX_CHECK(a && a->kind == TGX_JSON_ARRAY && a->count == 5, "array of 5");
    TGX_CHECK(tgx_json_at(a, 1)->number == -2500.0, "-2.5e3");
    TGX_CHECK(tgx_json_at(a, 2)->kind == TGX_JSON_BOOL && tgx_json_at(a, 2)->boolean, "true");
    TGX_CHECK(tgx_json_at(a, 4)->kind == TGX_JSON_NULL, "null");
    TGX_CHECK(tgx_json_at(a, 5) == NULL, "out of range element");
    const tgx_json *b = tgx_json_get(&v, "b");
    /* U+00E9 = C3 A9, U+1F600 (surrogates D83D DE00) = F0 9F 98 80 */
    TGX_CHECK(b && strcmp(b->text, "x\xc3\xa9\xf0\x9f\x98\x80\n") == 0, "escapes decoded");
    const tgx_json *big = tgx_json_get(&v, "big");
    TGX_CHECK(strcmp(big->text, "18446744073709551615") == 0, "number keeps its text");
    int64_t i64;
    uint32_t u;
    TGX_CHECK(!tgx_json_i64(big, &i64), "2^64-1 is not an int64");
    TGX_CHECK(tgx_json_u32(tgx_json_get(&v, "h"), &u) && u == 0xdeadbeefu, "hex word");
    TGX_CHECK(!tgx_json_u32(tgx_json_at(a, 1), &u), "-2.5e3 is not a u32");
    TGX_CHECK(tgx_json_i64(tgx_json_at(a, 0), &i64) && i64 == 1, "1 is an integer");
    TGX_CHECK(tgx_json_get(&v, "missing") == NULL, "missing key");
    tgx_json_free(&v);
}

static void test_rejects(void)
{
    check_rejects("[1,]", 1, 4);              /* trailing comma */
    check_rejects("{\"a\":1,}", 1, 8);        /* trailing comma in object */
    check_rejects("[01]", 1, 3);              /* leading zero */
    check_rejects("[1.]", 1, 4);              /* digit after point */
    check_rejects("\"a\tb\"", 1, 3);          /* raw control character */
    check_rejects("{\"a\":1,\"a\":2}", 1, 8); /* duplicate key */
    check_rejects("[1] 2", 1, 5);             /* text after the value */
    check_rejects("[\n  tru]", 2, 3);         /* bad word, second line */
    check_rejects("\"\\ud800x\"", 1, 8);      /* lone high surrogate */
    check_rejects("\"\\q\"", 1, 3);           /* unknown escape */
    check_rejects("// c\n1", 1, 1);           /* no comments */
    check_rejects("", 1, 1);
}

static void test_depth(void)
{
    char deep[1001];
    memset(deep, '[', 1000);
    deep[1000] = 0;
    tgx_json v;
    tgx_diag d;
    TGX_CHECK(parse(deep, &v, &d) == TGX_ERR_PARSE, "1000 nested arrays are refused");
}

/* Values written in tests/data/corpus/<case>/case.json. */
static void test_case_model(void)
{
    tgx_case c;
    tgx_diag d;
    tgx_status st = tgx_case_load(TGX_TEST_DATA "/corpus/alu_matrix_ubo_index", &c, &d);
    TGX_CHECK(st == TGX_OK, "load: %s", d.message);
    if (st == TGX_OK) {
        TGX_CHECK(c.stage == TGX_CASE_FRAGMENT && c.fb_width == 64 && c.fb_height == 64, "fb");
        TGX_CHECK(c.position_count == 4 && c.positions[1][0] == 1.0f, "quad");
        TGX_CHECK(c.cbuf_count == 1 && c.cbufs[0].index == 1 && c.cbufs[0].count == 13 * 4,
                  "UBO binding 0 is CONST[1] with 13 rows");
        TGX_CHECK(c.cbufs[0].words[1] == 0x3e800000u, "row 0 .y = 0x3e800000");
        TGX_CHECK(c.result_count == 1 && c.results[0].max_abs_diff > 1.4e-8 &&
                      c.results[0].max_abs_diff < 1.5e-8,
                  "tolerance");
        tgx_case_free(&c);
    }
    st = tgx_case_load(TGX_TEST_DATA "/corpus/tex_formats_mix", &c, &d);
    TGX_CHECK(st == TGX_OK, "load: %s", d.message);
    if (st == TGX_OK) {
        TGX_CHECK(c.texture_count == 6 && strcmp(c.textures[3].format, "rgba16f") == 0 &&
                      c.textures[3].fscale == 0.0625f && c.textures[3].fbias == -4.0f,
                  "rgba16f fscale/fbias");
        TGX_CHECK(c.textures[0].fscale == 1.0f / 256, "default fscale 1/256");
        TGX_CHECK(c.slot_count == 6 && strcmp(c.slots[0].swizzle, "x001") == 0 &&
                      strcmp(c.slots[0].min_mip_filter, "none") == 0 && c.slots[5].texture == 5,
                  "slot 0 view x001, no mip filter");
        tgx_case_free(&c);
    }
    st = tgx_case_load(TGX_TEST_DATA "/corpus/vs_int_attribs_vertexid", &c, &d);
    TGX_CHECK(st == TGX_OK, "load: %s", d.message);
    if (st == TGX_OK) {
        TGX_CHECK(c.stage == TGX_CASE_VERTEX && c.vertex_count == 64 && c.xfb_count == 2, "vs");
        TGX_CHECK(c.attrib_count == 2 && c.attribs[0].words[0] == (uint32_t)-100 &&
                      c.attribs[1].words[2] == 0xffffffffu,
                  "attribute words");
        tgx_case_free(&c);
    }
    st = tgx_case_load(TGX_TEST_DATA "/corpus/cs_shared_reduce", &c, &d);
    TGX_CHECK(st == TGX_OK, "load: %s", d.message);
    if (st == TGX_OK) {
        TGX_CHECK(c.dispatch[0] == 4 && c.dispatch[1] == 1, "dispatch");
        TGX_CHECK(c.ssbo_count == 2 && c.ssbos[0].words[0] == 0x3f136300u &&
                      c.ssbos[1].bytes == 16 && c.ssbos[1].words[3] == 0,
                  "ssbos");
        TGX_CHECK(c.result_count == 2 && strcmp(c.results[1].name, "ssbo1") == 0, "results");
        tgx_case_free(&c);
    }
    st = tgx_case_load(TGX_TEST_DATA "/corpus/no_such_case", &c, &d);
    TGX_CHECK(st == TGX_ERR_IO, "missing case folder is an I/O error");
}

/* Every case of the corpus copy reads without error. */
static void test_all_cases(void)
{
    DIR *dir = opendir(TGX_TEST_DATA "/corpus");
    TGX_CHECK(dir != NULL, "corpus folder");
    if (!dir)
        return;
    int n = 0;
    for (struct dirent *e; (e = readdir(dir));) {
        char path[1024];
        tgx_case c;
        tgx_diag d;
        if (e->d_name[0] == '.' || strchr(e->d_name, '.'))
            continue;
        snprintf(path, sizeof path, "%s/corpus/%s", TGX_TEST_DATA, e->d_name);
        tgx_status st = tgx_case_load(path, &c, &d);
        TGX_CHECK(st == TGX_OK, "%s: %s:%u:%u: %s", e->d_name, d.file, d.line, d.column, d.message);
        if (st == TGX_OK)
            tgx_case_free(&c);
        n++;
    }
    closedir(dir);
    TGX_CHECK(n >= 37, "%d cases found", n);
}

int main(void)
{
    test_all_cases();
    test_values();
    test_rejects();
    test_depth();
    test_case_model();
    return tgx_test_finish();
}
