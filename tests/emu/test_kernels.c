/* Whole kernels compiled by ptxas 11.8 (tests/data/cubin/run.ptx, run_sm_50/52/53.cubin) run on
 * the warp emulator (tgx_sm5_kernel_launch) and compared word for word with results computed
 * here from the PTX's semantics: a fused multiply-add with a bounds check, a divergent loop with
 * a divergent if/else (SSY/SYNC, BRA divergence), a shared-memory tree over two warps with
 * BAR.SYNC, a histogram with shared and global atomics and a compare-and-swap loop, shuffles and
 * votes, integer division and remainder (ptxas's MUFU.RCP sequence), 64-bit arithmetic, bit
 * fields, IEEE division and square root (ptxas's FCHK slow paths), doubles, conversions, local
 * memory, and a 2D grid. Then the errors: a store past the end of a buffer, a launch too big. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tgx/sm5_emu.h"
#include "tgx_test.h"

typedef struct cubin {
    unsigned char *data;
    size_t size;
    tgx_sm5_code_file cf;
} cubin;

static int load(cubin *c, const char *arch)
{
    char path[512];
    snprintf(path, sizeof path, "%s/cubin/run_%s.cubin", TGX_TEST_DATA, arch);
    FILE *f = fopen(path, "rb");
    if (!f)
        return 0;
    fseek(f, 0, SEEK_END);
    c->size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    c->data = malloc(c->size);
    int ok = c->data && fread(c->data, 1, c->size, f) == c->size;
    fclose(f);
    tgx_diag d;
    return ok && tgx_sm5_code_file_read(c->data, c->size, path, &c->cf, &d) == TGX_OK;
}

/* xorshift: the inputs */
static uint32_t rnd(uint32_t *s)
{
    *s ^= *s << 13;
    *s ^= *s >> 17;
    *s ^= *s << 5;
    return *s;
}

static uint32_t f2u(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static tgx_sm5_kernel *open_kernel(cubin *c, const char *name)
{
    tgx_sm5_kernel *k = NULL;
    tgx_diag d;
    tgx_status st = tgx_sm5_kernel_open(&c->cf, name, &k, &d);
    TGX_CHECK(st == TGX_OK, "%s: %s", name, d.message);
    return st == TGX_OK ? k : NULL;
}

static uint64_t buffer(tgx_sm5_kernel *k, const char *name, const void *init, size_t size)
{
    uint64_t a = 0;
    tgx_diag d;
    TGX_CHECK(tgx_sm5_kernel_add_buffer(k, name, size, &a, &d) == TGX_OK, "%s", d.message);
    if (init)
        memcpy(tgx_sm5_kernel_memory(k, a, size), init, size);
    return a;
}

static void param(tgx_sm5_kernel *k, unsigned ord, const void *v, size_t n)
{
    tgx_diag d;
    TGX_CHECK(tgx_sm5_kernel_set_param(k, ord, v, n, &d) == TGX_OK, "param %u: %s", ord, d.message);
}

static tgx_status launch(tgx_sm5_kernel *k, unsigned gx, unsigned gy, unsigned bx, unsigned by,
                         tgx_diag *d, const char *what)
{
    tgx_sm5_launch l = {{gx, gy, 1}, {bx, by, 1}, 0, 0};
    tgx_sm5_launch_stats s;
    tgx_status st = tgx_sm5_kernel_launch(k, &l, &s, d);
    if (st == TGX_OK)
        printf("  %-10s %llu blocks, %llu warps, %llu warp instructions\n", what,
               (unsigned long long)s.blocks, (unsigned long long)s.warps,
               (unsigned long long)s.instructions);
    return st;
}

static const uint32_t *mem32(tgx_sm5_kernel *k, uint64_t a, size_t n)
{
    return (const uint32_t *)tgx_sm5_kernel_memory(k, a, 4 * n);
}

static void run_saxpy(cubin *c, const char *arch)
{
    enum { N = 100 };
    float x[N], y[N];
    uint32_t s = 7;
    for (int i = 0; i < N; i++) {
        x[i] = (float)(int)(rnd(&s) % 2001 - 1000) / 7.0f;
        y[i] = (float)(int)(rnd(&s) % 2001 - 1000) / 3.0f;
    }
    float a = 1.0f / 3.0f;
    for (int bad = 0; bad < 2; bad++) {
        tgx_sm5_kernel *k = open_kernel(c, "k_saxpy");
        if (!k)
            return;
        uint64_t px = buffer(k, "x", x, sizeof x), py = buffer(k, "y", y, sizeof y);
        uint64_t po = buffer(k, "out", NULL, sizeof(float) * (N - bad));
        uint32_t n = N;
        param(k, 0, &px, 8);
        param(k, 1, &py, 8);
        param(k, 2, &po, 8);
        param(k, 3, &a, 4);
        param(k, 4, &n, 4);
        tgx_diag d;
        tgx_status st = launch(k, 2, 1, 64, 1, &d, "k_saxpy");
        if (!bad) {
            TGX_CHECK(st == TGX_OK, "%s k_saxpy: %s", arch, d.message);
            const uint32_t *o = mem32(k, po, N);
            int wrong = 0;
            for (int i = 0; i < N && st == TGX_OK; i++)
                wrong += o[i] != f2u(fmaf(a, x[i], y[i]));
            TGX_CHECK(wrong == 0, "%s k_saxpy: %d of %d results differ", arch, wrong, N);
        } else {
            /* out has 99 floats: thread 99's store runs past its end */
            TGX_CHECK(st == TGX_ERR_INVALID && strstr(d.message, "thread 3") &&
                          strstr(d.message, "block (1,0,0) warp 1") &&
                          strstr(d.message, "is outside every buffer") && strstr(d.message, "STG"),
                      "%s k_saxpy past the end: %d %s", arch, st, d.message);
        }
        tgx_sm5_kernel_close(k);
    }
}

static uint32_t collatz(uint32_t v)
{
    uint32_t s = 0;
    while (v > 1 && s < 1000) {
        v = (v & 1) ? v * 3 + 1 : v >> 1;
        s++;
    }
    return s;
}

static void run_collatz(cubin *c, const char *arch)
{
    enum { N = 64 };
    uint32_t in[N], s = 11;
    for (int i = 0; i < N; i++)
        in[i] = i < 8 ? (uint32_t)i : rnd(&s) % 100000;
    in[9] = 0x7fffffffu; /* wraps around: the step limit ends it */
    tgx_sm5_kernel *k = open_kernel(c, "k_collatz");
    if (!k)
        return;
    uint64_t pi = buffer(k, "in", in, sizeof in), po = buffer(k, "out", NULL, sizeof in);
    param(k, 0, &pi, 8);
    param(k, 1, &po, 8);
    tgx_diag d;
    tgx_status st = launch(k, 1, 1, N, 1, &d, "k_collatz");
    TGX_CHECK(st == TGX_OK, "%s k_collatz: %s", arch, d.message);
    const uint32_t *o = mem32(k, po, N);
    int wrong = 0;
    for (int i = 0; i < N && st == TGX_OK; i++) {
        if (o[i] != collatz(in[i]) && wrong++ < 3)
            fprintf(stderr, "  thread %d: %u steps, host %u\n", i, o[i], collatz(in[i]));
    }
    TGX_CHECK(wrong == 0, "%s k_collatz: %d of %d differ", arch, wrong, N);
    tgx_sm5_kernel_close(k);
}

static void run_reduce(cubin *c, const char *arch)
{
    enum { B = 4, N = 64 * B };
    uint32_t in[N], s = 5;
    for (int i = 0; i < N; i++)
        in[i] = rnd(&s);
    tgx_sm5_kernel *k = open_kernel(c, "k_reduce");
    if (!k)
        return;
    uint64_t pi = buffer(k, "in", in, sizeof in), po = buffer(k, "out", NULL, 4 * B);
    param(k, 0, &pi, 8);
    param(k, 1, &po, 8);
    tgx_diag d;
    tgx_status st = launch(k, B, 1, 64, 1, &d, "k_reduce");
    TGX_CHECK(st == TGX_OK, "%s k_reduce: %s", arch, d.message);
    const uint32_t *o = mem32(k, po, B);
    for (int b = 0; b < B && st == TGX_OK; b++) {
        uint32_t sum = 0;
        for (int i = 0; i < 64; i++)
            sum += in[64 * b + i];
        TGX_CHECK(o[b] == sum, "%s k_reduce block %d: %u, host %u", arch, b, o[b], sum);
    }
    tgx_sm5_kernel_close(k);
}

static void run_hist(cubin *c, const char *arch)
{
    enum { N = 300 };
    uint32_t in[N], s = 3;
    for (int i = 0; i < N; i++)
        in[i] = rnd(&s) % 5000;
    tgx_sm5_kernel *k = open_kernel(c, "k_hist");
    if (!k)
        return;
    uint64_t pi = buffer(k, "in", in, sizeof in), pb = buffer(k, "bins", NULL, 4 * 19);
    uint32_t n = N;
    param(k, 0, &pi, 8);
    param(k, 1, &pb, 8);
    param(k, 2, &n, 4);
    tgx_diag d;
    tgx_status st = launch(k, 3, 1, 128, 1, &d, "k_hist");
    TGX_CHECK(st == TGX_OK, "%s k_hist: %s", arch, d.message);
    uint32_t want[19] = {0};
    for (int i = 0; i < N; i++) {
        want[in[i] & 15]++;
        want[16] = in[i] > want[16] ? in[i] : want[16];
        want[17] |= in[i];
        want[18] += in[i];
    }
    const uint32_t *o = mem32(k, pb, 19);
    for (int i = 0; i < 19 && st == TGX_OK; i++)
        TGX_CHECK(o[i] == want[i], "%s k_hist bins[%d]: %u, host %u", arch, i, o[i], want[i]);
    tgx_sm5_kernel_close(k);
}

static void run_warp(cubin *c, const char *arch)
{
    uint32_t in[32], s = 9;
    for (int i = 0; i < 32; i++)
        in[i] = rnd(&s) % 90 + 1;
    tgx_sm5_kernel *k = open_kernel(c, "k_warp");
    if (!k)
        return;
    uint64_t pi = buffer(k, "in", in, sizeof in), po = buffer(k, "out", NULL, 32 * 32);
    param(k, 0, &pi, 8);
    param(k, 1, &po, 8);
    tgx_diag d;
    tgx_status st = launch(k, 1, 1, 32, 1, &d, "k_warp");
    TGX_CHECK(st == TGX_OK, "%s k_warp: %s", arch, d.message);
    uint32_t sum = 0, ballot = 0;
    for (int i = 0; i < 32; i++) {
        sum += in[i];
        ballot |= (in[i] & 1u) << i;
    }
    const uint32_t *o = mem32(k, po, 8 * 32);
    int wrong = 0;
    for (int t = 0; t < 32 && st == TGX_OK; t++) {
        uint32_t want[8] = {sum,    in[31 - t], in[t ^ 5], t ? in[t - 1] : in[0],
                            ballot, 0,          1,         (uint32_t)__builtin_popcount(ballot)};
        for (int j = 0; j < 8; j++)
            if (o[8 * t + j] != want[j] && wrong++ < 4)
                fprintf(stderr, "  lane %d word %d: %u, host %u\n", t, j, o[8 * t + j], want[j]);
    }
    TGX_CHECK(wrong == 0, "%s k_warp: %d words differ", arch, wrong);
    tgx_sm5_kernel_close(k);
}

static uint32_t brev(uint32_t v)
{
    uint32_t r = 0;
    for (int i = 0; i < 32; i++)
        r |= (v >> i & 1u) << (31 - i);
    return r;
}

static uint32_t prmt(uint32_t a, uint32_t b, uint32_t c)
{
    uint64_t ab = (uint64_t)b << 32 | a;
    uint32_t r = 0;
    for (int i = 0; i < 4; i++) {
        unsigned sel = c >> (4 * i) & 7;
        uint32_t byte = (uint32_t)(ab >> (8 * sel)) & 0xffu;
        if (c >> (4 * i + 3) & 1u)
            byte = byte >> 7 ? 0xffu : 0;
        r |= byte << (8 * i);
    }
    return r;
}

static void math_want(uint32_t t, uint32_t u, float f, uint32_t w[16])
{
    w[0] = u / (t + 3);
    w[1] = u % (t + 3);
    int32_t k = (int32_t)(16 - t) | 1;
    w[2] = (uint32_t)((int32_t)u / k);
    w[3] = (uint32_t)(((uint64_t)u * 2654435761u) >> 32);
    uint64_t wide = (((uint64_t)u * u + 0xfffffffffull) ^ 0x123456789ull) >> 3;
    w[4] = (uint32_t)wide;
    w[5] = (uint32_t)(wide >> 32);
    uint32_t r = (uint32_t)(u ? __builtin_clz(u) : 32) + ((u >> 5) & 0x7f);
    w[6] = (u & ~0xf00u) | ((r & 0xfu) << 8);
    w[7] = prmt(brev(u), u, 0x3715);
    int32_t si = (int32_t)u;
    w[8] = (uint32_t)(si < -1000 ? -1000 : si > 1000 ? 1000 : si);
    w[9] = f2u(f / (float)(t + 1));
    w[10] = f2u(sqrtf((float)(t + 1)));
    int32_t z = isnan(f)             ? 0
                : f >= 2147483648.0f ? INT32_MAX
                : f < -2147483648.0f ? INT32_MIN
                                     : (int32_t)f;
    w[11] = (uint32_t)z;
    double d = f, e = fma(d, 1.5, d * d) + (double)u;
    uint64_t eb;
    memcpy(&eb, &e, 8);
    w[12] = (uint32_t)eb;
    w[13] = (uint32_t)(eb >> 32);
    float h = (float)e, g = fabsf(f);
    h = -fminf(h, g);
    w[14] = f2u(h);
    w[15] = f < 0 ? 7 : 9;
}

static void run_math(cubin *c, const char *arch)
{
    uint32_t in[32], s = 21;
    float f[32];
    for (int i = 0; i < 32; i++) {
        in[i] = i < 4 ? (uint32_t)i * 0x7fffffffu : rnd(&s);
        f[i] = (float)(int32_t)rnd(&s) / 65536.0f;
    }
    f[1] = 3e9f;
    f[2] = -3e9f;
    f[3] = 1e-40f; /* a denormal over t + 1 */
    f[4] = 1e38f;
    f[5] = 3e-39f;
    tgx_sm5_kernel *k = open_kernel(c, "k_math");
    if (!k)
        return;
    uint64_t pi = buffer(k, "in", in, sizeof in), pf = buffer(k, "f", f, sizeof f);
    uint64_t po = buffer(k, "out", NULL, 64 * 32);
    param(k, 0, &pi, 8);
    param(k, 1, &pf, 8);
    param(k, 2, &po, 8);
    tgx_diag d;
    tgx_status st = launch(k, 1, 1, 32, 1, &d, "k_math");
    TGX_CHECK(st == TGX_OK, "%s k_math: %s", arch, d.message);
    const uint32_t *o = mem32(k, po, 16 * 32);
    int wrong = 0;
    for (uint32_t t = 0; t < 32 && st == TGX_OK; t++) {
        uint32_t w[16];
        math_want(t, in[t], f[t], w);
        for (int j = 0; j < 16; j++)
            if (o[16 * t + j] != w[j] && wrong++ < 6)
                fprintf(stderr, "  thread %u word %d: 0x%08x, host 0x%08x\n", t, j, o[16 * t + j],
                        w[j]);
    }
    TGX_CHECK(wrong == 0, "%s k_math: %d words differ", arch, wrong);
    tgx_sm5_kernel_close(k);
}

static void run_local(cubin *c, const char *arch)
{
    uint32_t in[64], s = 33;
    for (int i = 0; i < 64; i++)
        in[i] = rnd(&s);
    tgx_sm5_kernel *k = open_kernel(c, "k_local");
    if (!k)
        return;
    uint64_t pi = buffer(k, "in", in, sizeof in), po = buffer(k, "out", NULL, sizeof in);
    param(k, 0, &pi, 8);
    param(k, 1, &po, 8);
    tgx_diag d;
    tgx_status st = launch(k, 1, 1, 64, 1, &d, "k_local");
    TGX_CHECK(st == TGX_OK, "%s k_local: %s", arch, d.message);
    const uint32_t *o = mem32(k, po, 64);
    int wrong = 0;
    for (uint32_t t = 0; t < 64 && st == TGX_OK; t++) {
        uint32_t arr[16], v = in[t], sum = 0;
        for (uint32_t j = 0; j < 16; j++)
            arr[j] = j * v + t;
        for (uint32_t j = 0; j < 16; j++) {
            sum ^= arr[(j * 7 + v) & 15];
            sum += j;
        }
        wrong += o[t] != sum;
    }
    TGX_CHECK(wrong == 0, "%s k_local: %d of 64 differ", arch, wrong);
    tgx_sm5_kernel_close(k);
}

static void run_grid(cubin *c, const char *arch)
{
    enum { GX = 3, GY = 2, BX = 8, BY = 4, W = GX * BX, H = GY * BY };
    tgx_sm5_kernel *k = open_kernel(c, "k_grid");
    if (!k)
        return;
    uint64_t po = buffer(k, "out", NULL, 4 * W * H);
    param(k, 0, &po, 8);
    tgx_diag d;
    tgx_status st = launch(k, GX, GY, BX, BY, &d, "k_grid");
    TGX_CHECK(st == TGX_OK, "%s k_grid: %s", arch, d.message);
    const uint32_t *o = mem32(k, po, W * H);
    int wrong = 0;
    for (uint32_t y = 0; y < H && st == TGX_OK; y++)
        for (uint32_t x = 0; x < W; x++) {
            uint32_t want = (y / BY) << 24 | (x / BX) << 16 | (y % BY) << 8 | (x % BX);
            wrong += o[y * W + x] != want;
        }
    TGX_CHECK(wrong == 0, "%s k_grid: %d of %d differ", arch, wrong, W * H);
    /* a block of 2048 threads is refused before anything runs */
    st = launch(k, 1, 1, 2048, 1, &d, "too big");
    TGX_CHECK(st == TGX_ERR_ARG && strstr(d.message, "1..1024 threads"), "%d %s", st, d.message);
    tgx_sm5_kernel_close(k);
}

int main(void)
{
    static const char *const archs[] = {"sm_50", "sm_52", "sm_53"};
    for (int a = 0; a < 3; a++) {
        cubin c;
        memset(&c, 0, sizeof c);
        if (!load(&c, archs[a])) {
            TGX_CHECK(0, "cannot read run_%s.cubin", archs[a]);
            continue;
        }
        printf("%s:\n", archs[a]);
        run_saxpy(&c, archs[a]);
        run_collatz(&c, archs[a]);
        run_reduce(&c, archs[a]);
        run_hist(&c, archs[a]);
        run_warp(&c, archs[a]);
        run_math(&c, archs[a]);
        run_local(&c, archs[a]);
        run_grid(&c, archs[a]);
        tgx_diag d;
        tgx_sm5_kernel *k = NULL;
        TGX_CHECK(tgx_sm5_kernel_open(&c.cf, "k_nothing", &k, &d) == TGX_ERR_ARG &&
                      strstr(d.message, "no kernel 'k_nothing' (it has k_grid,"),
                  "%s", d.message);
        tgx_sm5_code_file_free(&c.cf);
        free(c.data);
    }
    return tgx_test_finish();
}
