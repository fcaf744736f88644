/* libFuzzer target for the Maxwell texture-instruction codec (src/sm5).
 *
 * The first byte picks what the rest is:
 *   even: words. Each 12-byte record is an arch byte, an opcode byte (which sm5_opcodes row, if
 *         any, supplies the top 16 bits, so most words reach a texture class), 3 control-field
 *         bytes (the 21-bit field) and 7 bytes folded into the 64-bit word with the opcode row.
 *         Every word is decoded for its arch; when nvdisasm's decoder accepts it, the text is
 *         parsed and encoded again, and the new word must equal the old one in every bit
 *         nvdisasm reads (sm5_read_mask) and print the same text. The legality checker runs on
 *         every decoded instruction.
 *   odd:  text. The rest is assembled (tgx_sm5_assemble and tgx_sm5_assemble_checked) for the
 *         three archs; every word that comes out must decode and print text that assembles to
 *         the same word again, and the program written as bundles must read back as a code
 *         file with the same words, control fields and dual-issue pairs.
 * A broken round trip calls abort(), which libFuzzer reports with the input.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sm5/sm5_internal.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void fail(const char *what, uint64_t word, tgx_sm5_arch arch, const char *text,
                 const char *detail)
{
    fprintf(stderr, "fuzz_sm5: %s: word 0x%016llx on %s\n  text: %s\n  %s\n", what,
            (unsigned long long)word, tgx_sm5_arch_name(arch), text, detail);
    abort();
}

/* word decodes: its text must parse, encode to the same read bits and print the same again. */
static void round_trip(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch, const tgx_sm5_insn *in)
{
    char text[512], again[512];
    tgx_diag d;
    tgx_sm5_print(in, ctrl, text, sizeof text);
    tgx_sm5_insn in2;
    uint32_t ctrl2 = 0;
    if (tgx_sm5_parse(text, arch, &in2, &ctrl2, &d) != TGX_OK)
        fail("printed text does not parse", word, arch, text, d.message);
    uint64_t w2 = 0;
    if (tgx_sm5_encode(&in2, arch, &w2, &d) != TGX_OK)
        fail("parsed text does not encode", word, arch, text, d.message);
    uint64_t mask = sm5_read_mask(in->cls, (in->flags & TGX_SM5_F_F16) != 0);
    if ((w2 ^ word) & mask) {
        char detail[128];
        snprintf(detail, sizeof detail, "assembled 0x%016llx, read bits differ: 0x%016llx",
                 (unsigned long long)w2, (unsigned long long)((w2 ^ word) & mask));
        fail("round trip changes read bits", word, arch, text, detail);
    }
    if (tgx_sm5_disasm_word(w2, ctrl2, arch, again, sizeof again, &d) != TGX_OK)
        fail("assembled word does not decode", w2, arch, text, d.message);
    if (strcmp(text, again) != 0)
        fail("assembled word prints differently", w2, arch, text, again);
}

static void fuzz_word(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch)
{
    tgx_sm5_insn in;
    tgx_diag d;
    if (tgx_sm5_decode(word, arch, &in, &d) != TGX_OK)
        return;
    round_trip(word, ctrl, arch, &in);
    tgx_diag_list out;
    tgx_diag_list_init(&out);
    tgx_sm5_check_legal(&in, arch, NULL, "fuzz", 1, NULL, &out);
    tgx_diag_list_free(&out);
}

static void fuzz_words(const uint8_t *p, size_t n)
{
    for (; n >= 12; p += 12, n -= 12) {
        tgx_sm5_arch arch = (tgx_sm5_arch)(p[0] % TGX_SM5_ARCH_COUNT);
        uint32_t ctrl =
            ((uint32_t)p[2] | (uint32_t)p[3] << 8 | (uint32_t)p[4] << 16) & TGX_SM5_CTRL_MASK;
        uint64_t word = 0;
        for (int k = 0; k < 7; k++)
            word |= (uint64_t)p[5 + k] << (8 * k);
        word |= (uint64_t)(p[5] ^ p[11]) << 56;
        if (p[1] < sm5_opcode_count) { /* top 16 bits from the opcode row, x bits from the data */
            const sm5_opcode *o = &sm5_opcodes[p[1]];
            uint64_t top = (uint64_t)((o->value & o->mask) | ((word >> 48) & ~o->mask & 0xffffu));
            word = (word & 0xffffffffffffull) | top << 48;
        }
        fuzz_word(word, ctrl, arch);
    }
}

/* The program as a code file (tgx_sm5_program_bundles) reads back (tgx_sm5_code_file_read)
 * as the same words and control fields: the assembler never writes a dual-issue request the
 * reader rejects, and the pairs it writes are the ones the reader finds. */
static void check_bundles(const tgx_sm5_program *p, tgx_sm5_arch arch)
{
    size_t n = tgx_sm5_program_bundles(p, NULL, 0);
    uint64_t *w = malloc((n ? n : 1) * sizeof *w);
    unsigned char *bytes = malloc(n ? n * 8 : 1);
    if (!w || !bytes)
        abort();
    tgx_sm5_program_bundles(p, w, n);
    for (size_t i = 0; i < n * 8; i++)
        bytes[i] = (unsigned char)(w[i / 8] >> (8 * (i % 8)));
    tgx_sm5_code_file cf;
    tgx_diag d;
    if (tgx_sm5_code_file_read(bytes, n * 8, "fuzz", &cf, &d) != TGX_OK)
        fail("assembled bundles do not read back", 0, arch, "", d.message);
    for (size_t i = 0; i < p->count; i++) {
        tgx_sm5_code_insn in = tgx_sm5_code_section_insn(&cf.sections[0], i);
        int first = TGX_SM5_CTRL_DUAL(p->insns[i].ctrl);
        if (first && i + 1 == p->count) /* the padding NOP would be its partner */
            fail("dual issue without a partner", p->insns[i].word, arch, "", "last instruction");
        if (in.word != p->insns[i].word || in.ctrl != p->insns[i].ctrl ||
            (in.pair == TGX_SM5_PAIR_FIRST) != first)
            fail("bundle read back differs", in.word, arch, "", "word, control field or pair");
    }
    tgx_sm5_code_file_free(&cf);
    free(bytes);
    free(w);
}

/* An instruction outside the texture classes assembled from its text (tgx as takes every
 * instruction): nvdisasm's text of its word must assemble, alone, to a word that prints the
 * same text. */
static void round_trip_other(uint64_t word, uint32_t ctrl, tgx_sm5_arch arch)
{
    char text[512], again[512];
    if (tgx_sm5_insn_text(word, ctrl, arch, 0, NULL, text, sizeof text, NULL) != TGX_OK)
        fail("assembled word does not print", word, arch, "", text);
    tgx_sm5_program q;
    tgx_diag d;
    size_t n = strlen(text);
    text[n] = '\n';
    if (tgx_sm5_assemble(text, n + 1, "again", arch, &q, &d) != TGX_OK || q.count != 1) {
        text[n] = 0;
        fail("printed text does not assemble", word, arch, text, d.message);
    }
    text[n] = 0;
    if (tgx_sm5_insn_text(q.insns[0].word, ctrl, arch, 0, NULL, again, sizeof again, NULL) !=
            TGX_OK ||
        strcmp(text, again) != 0)
        fail("assembled word prints differently", q.insns[0].word, arch, text, again);
    tgx_sm5_program_free(&q);
}

static void check_program(const tgx_sm5_program *p, tgx_sm5_arch arch)
{
    for (size_t i = 0; i < p->count; i++) {
        tgx_sm5_insn in;
        tgx_diag d;
        if (!p->insns[i].texture) /* a listing's line whose word is its hex comment */
            continue;
        if (!tgx_sm5_is_texture_opcode(p->insns[i].word, arch)) {
            round_trip_other(p->insns[i].word, p->insns[i].ctrl, arch);
            continue;
        }
        if (tgx_sm5_decode(p->insns[i].word, arch, &in, &d) != TGX_OK)
            fail("assembled word does not decode", p->insns[i].word, arch, "", d.message);
        round_trip(p->insns[i].word, p->insns[i].ctrl, arch, &in);
    }
    check_bundles(p, arch);
}

static void fuzz_text(const uint8_t *p, size_t n)
{
    const char *text = (const char *)p;
    for (int a = 0; a < TGX_SM5_ARCH_COUNT; a++) {
        tgx_sm5_program prog;
        tgx_diag d;
        if (tgx_sm5_assemble(text, n, "fuzz", (tgx_sm5_arch)a, &prog, &d) == TGX_OK) {
            check_program(&prog, (tgx_sm5_arch)a);
            tgx_sm5_program_free(&prog);
        }
        tgx_diag_list out;
        tgx_diag_list_init(&out);
        tgx_sm5_assemble_checked(text, n, "fuzz", (tgx_sm5_arch)a, NULL, &prog, &out);
        check_program(&prog, (tgx_sm5_arch)a);
        tgx_sm5_program_free(&prog);
        tgx_diag_list_free(&out);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    if (data[0] & 1)
        fuzz_text(data + 1, size - 1);
    else
        fuzz_words(data + 1, size - 1);
    return 0;
}
