/* test_ctm_golden.c: R5xx fragment programs written by others, with their source, as golden
 * rows: our spelling of each source assembles to the published words, and the words
 * disassemble to that spelling. Provenance per row; docs/ctm-sources.md lists the facts. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "isaprobe/isa.h"

/* buhman/r500 (github), commit 614a1d4172a30afa98f2faca091a3802889366f8: an independent R500
 * fragment-shader assembler (regs/assembler/fs); each drm/NAME.fs.asm is assembled into the
 * six-word instructions of drm/NAME.fs.inc. The meaning of each row was checked against the
 * .fs.asm source line by line (field names are ours; docs/ctm-asm.md maps them). */
#define BUHMAN "buhman/r500@614a1d4 "

struct golden {
	const char *provenance;
	const char *meaning; /* the source, in words */
	unsigned n;
	uint32_t words[4 * 6];
	const char *text; /* our spelling of the source */
};

static const struct golden rows[] = {
	{BUHMAN "drm/clear.fs.asm -> clear.fs.inc",
	 "OUT with TEX_SEM_WAIT: out[0].a = max(1, 1), out[0].rgb = max(0, 0)",
	 1,
	 {0x00078005, 0x08020080, 0x08020080, 0x00920490, 0x00c18003, 0x00000005},
	 "out tex_sem_wait=0x1 rgb_omask=rgb alpha_omask=0x1 { ; 0\n"
	 "\trgb_addr rgb_addr0=0x80 rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr0=0x80 alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\trgb_inst rgb_swiz_a_r=zero rgb_swiz_a_g=zero rgb_swiz_a_b=zero rgb_swiz_b_r=zero "
	 "rgb_swiz_b_g=zero rgb_swiz_b_b=zero\n"
	 "\talpha_inst alpha_op=max alpha_swiz_a=one alpha_swiz_b=one\n"
	 "\trgba_inst rgb_op=max rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"},
	{BUHMAN "drm/zbuffer_test.fs.asm -> zbuffer_test.fs.inc",
	 "OUT with TEX_SEM_WAIT, src0.rgb = temp[0]: out[0].a = max(1, 1), "
	 "out[0].rgb = max(src0.rgb, src0.rgb)",
	 1,
	 {0x00078005, 0x08020000, 0x08020080, 0x00440220, 0x00c18003, 0x00000005},
	 "out tex_sem_wait=0x1 rgb_omask=rgb alpha_omask=0x1 { ; 0\n"
	 "\trgb_addr rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr0=0x80 alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\talpha_inst alpha_op=max alpha_swiz_a=one alpha_swiz_b=one\n"
	 "\trgba_inst rgb_op=max rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"},
	{BUHMAN "drm/texture.fs.asm -> texture.fs.inc",
	 "TEX with TEX_SEM_WAIT and TEX_SEM_ACQUIRE: temp[0].rgba = LD tex[0].rgba at "
	 "temp[0].rgaa; then OUT with TEX_SEM_WAIT, src0 = temp[0]: out[0].a = max(src0.a, "
	 "src0.a), out[0].rgb = max(src0.rgb, src0.rgb)",
	 2,
	 {0x00007807, 0x02400000, 0xe400f400, 0x00000000, 0x00000000, 0x00000000,
	  0x00078005, 0x08020000, 0x08020000, 0x00440220, 0x0060c003, 0x00000005},
	 "tex tex_sem_wait=0x1 rgb_wmask=rgb alpha_wmask=0x1 { ; 0\n"
	 "\ttex_inst tex_op=ld tex_sem_acquire=0x1\n"
	 "\ttex_addr src_t_swiz=g src_r_swiz=a src_q_swiz=a dst_g_swiz=g dst_b_swiz=b dst_a_swiz=a\n"
	 "}\n"
	 "out tex_sem_wait=0x1 rgb_omask=rgb alpha_omask=0x1 { ; 1\n"
	 "\trgb_addr rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\talpha_inst alpha_op=max\n"
	 "\trgba_inst rgb_op=max rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"},
	{BUHMAN "drm/length.fs.asm -> length.fs.inc",
	 "temp[0].r = DP3 src0.rg0, src0.rg0 (src0 = temp[0]); temp[0].a = RSQ |src0.r|; "
	 "OUT: RCP src0.a (src0.a = temp[0]), out[0].r = SOP; OUT with TEX_SEM_WAIT: "
	 "out[0].a = max(1, 1), out[0].gb = max(0, 0)",
	 4,
	 {0x00000800, 0x08020000, 0x08020080, 0x00840420, 0x00000000, 0x00000001,
	  0x00004000, 0x08020000, 0x08020080, 0x00000000, 0x0004000b, 0x00000000,
	  0x00008001, 0x08020080, 0x08020000, 0x00000000, 0x0000c00a, 0x0000000a,
	  0x00070005, 0x08020080, 0x08020080, 0x00920490, 0x00c18003, 0x00000005},
	 "alu rgb_wmask=r { ; 0\n"
	 "\trgb_addr rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr0=0x80 alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\trgb_inst rgb_swiz_a_b=zero rgb_swiz_b_b=zero\n"
	 "\talpha_inst alpha_swiz_a=r alpha_swiz_b=r\n"
	 "\trgba_inst rgb_op=dp3 rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"
	 "alu alpha_wmask=0x1 { ; 1\n"
	 "\trgb_addr rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr0=0x80 alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\trgb_inst rgb_swiz_a_g=r rgb_swiz_a_b=r rgb_swiz_b_g=r rgb_swiz_b_b=r\n"
	 "\talpha_inst alpha_op=rsq alpha_swiz_a=r alpha_mod_a=abs alpha_swiz_b=r\n"
	 "\trgba_inst rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"
	 "out rgb_omask=r { ; 2\n"
	 "\trgb_addr rgb_addr0=0x80 rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\trgb_inst rgb_swiz_a_g=r rgb_swiz_a_b=r rgb_swiz_b_g=r rgb_swiz_b_b=r\n"
	 "\talpha_inst alpha_op=rcp alpha_swiz_b=r\n"
	 "\trgba_inst rgb_op=sop rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"
	 "out tex_sem_wait=0x1 rgb_omask=gb alpha_omask=0x1 { ; 3\n"
	 "\trgb_addr rgb_addr0=0x80 rgb_addr1=0x80 rgb_addr2=0x80\n"
	 "\talpha_addr alpha_addr0=0x80 alpha_addr1=0x80 alpha_addr2=0x80\n"
	 "\trgb_inst rgb_swiz_a_r=zero rgb_swiz_a_g=zero rgb_swiz_a_b=zero rgb_swiz_b_r=zero "
	 "rgb_swiz_b_g=zero rgb_swiz_b_b=zero\n"
	 "\talpha_inst alpha_op=max alpha_swiz_a=one alpha_swiz_b=one\n"
	 "\trgba_inst rgb_op=max rgb_swiz_c_g=r rgb_swiz_c_b=r alpha_swiz_c=r\n"
	 "}\n"},
};

static int decode_golden(const struct golden *g, char **text)
{
	const struct ip_isa *isa = ip_isa_find("ctm");
	uint8_t bytes[4 * 6 * 4];
	struct ip_program prog;
	struct ip_diag d;
	size_t len;
	FILE *m;
	for (unsigned k = 0; k < 6 * g->n; k++)
		for (unsigned b = 0; b < 4; b++)
			bytes[4 * k + b] = (uint8_t)(g->words[k] >> (8 * b));
	ip_diag_init(&d, "golden");
	if (isa->unpack(bytes, 24 * g->n, &prog, &d) != 0)
		return -1;
	m = open_memstream(text, &len);
	isa->disassemble(&prog, m);
	fclose(m);
	ip_program_free(&prog);
	return 0;
}

int main(void)
{
	const struct ip_isa *isa = ip_isa_find("ctm");
	CHECK(isa != NULL, "no ctm ISA");
	if (!isa)
		return check_report("test_ctm_golden");
	for (unsigned r = 0; r < IP_COUNT(rows); r++) {
		const struct golden *g = &rows[r];
		struct ip_program prog;
		struct ip_diag d;
		uint8_t *bin = NULL;
		size_t len = 0;
		char *text = NULL;
		ip_diag_init(&d, g->provenance);
		CHECK(isa->assemble(g->text, &prog, &d) == 0, "%s: %s at %u:%u", g->provenance, d.msg,
		      d.line, d.col);
		CHECK(isa->pack(&prog, &bin, &len, &d) == 0 && len == 24 * g->n, "%s: pack", g->provenance);
		for (unsigned k = 0; bin && k < 6 * g->n && len == 24 * g->n; k++) {
			uint32_t w = (uint32_t)bin[4 * k] | (uint32_t)bin[4 * k + 1] << 8 |
			             (uint32_t)bin[4 * k + 2] << 16 | (uint32_t)bin[4 * k + 3] << 24;
			for (unsigned bit = 0; bit < 32; bit++)
				CHECK(((w ^ g->words[k]) >> bit & 1) == 0, "%s: instruction %u word %u bit %u "
				      "differs (0x%08x, published 0x%08x)", g->provenance, k / 6, k % 6, bit, w,
				      g->words[k]);
		}
		ip_program_free(&prog);
		free(bin);
		CHECK(decode_golden(g, &text) == 0 && strcmp(text, g->text) == 0,
		      "%s: disassembly differs:\n%s---- want:\n%s", g->provenance, text ? text : "",
		      g->text);
		free(text);
	}
	return check_report("test_ctm_golden");
}
