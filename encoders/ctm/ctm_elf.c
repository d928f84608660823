/* ctm_elf.c: the guide's DPP executable (ELF32, little-endian, ELFOSABI_ATI, EM_ATI_R5XX): the
 * .text instructions and the "ATI DPP" notes, read and written; malformed files name the offset.
 *
 * Written layout (what isaprobe writes, so that write(read(x)) == x for such files): ELF header;
 * two program headers (PT_LOAD for .text, PT_NOTE for the notes); .text; the notes; an
 * ".isaprobe.commands" section holding the command buffer that runs the program (isaprobe's
 * addition: loaders ignore sections they do not know); .shstrtab; the section headers. Files
 * laid out otherwise are read through their section headers, or their program headers when
 * they have none, and are written back in this layout. */
#include <stdlib.h>
#include <string.h>

#include "common/byteorder.h"
#include "ctm.h"

#define EHDR 52
#define PHDR 32
#define SHDR 40
#define PT_LOAD 1
#define PT_NOTE 4
#define SHT_PROGBITS 1
#define SHT_STRTAB 3
#define SHT_NOTE 7
#define SHF_ALLOC 2
#define SHF_EXECINSTR 4
#define ET_EXEC 2
#define NOTE_NAME "ATI DPP"
#define COMMANDS_SECTION ".isaprobe.commands"

int ctm_is_elf(const uint8_t *bytes, size_t len)
{
	return len >= 4 && bytes[0] == 0x7f && bytes[1] == 'E' && bytes[2] == 'L' && bytes[3] == 'F';
}

/* A byte range [off, off + size) of the file, checked against its length. */
static int range_ok(size_t len, uint32_t off, uint32_t size)
{
	return off <= len && size <= len - off;
}

/* One note: namesz, descsz, type, name, desc (both padded to 4). */
static int read_notes(const uint8_t *b, size_t len, uint32_t off, uint32_t size,
                      struct ip_program *out, struct ip_diag *d)
{
	uint32_t at = off, end = off + size;
	while (at < end) {
		uint32_t namesz, descsz, type, desc[CTM_NOTE_MAX_WORDS];
		if (end - at < 12)
			return ip_diag_offset(d, at, "truncated note header (%u bytes left in the "
			                             "note area, 12 needed)", end - at);
		namesz = ip_le32(b + at);
		descsz = ip_le32(b + at + 4);
		type = ip_le32(b + at + 8);
		if (namesz != 8)
			return ip_diag_offset(d, at, "note namesz is %u; the guide's notes have 8 "
			                             "(\"" NOTE_NAME "\")", namesz);
		if (end - at - 12 < 8)
			return ip_diag_offset(d, at + 12, "truncated note name");
		if (memcmp(b + at + 12, NOTE_NAME, 8) != 0)
			return ip_diag_offset(d, at + 12, "note name is not \"" NOTE_NAME "\"");
		if (descsz % 4)
			return ip_diag_offset(d, at + 4, "note descsz %u is not a multiple of 4", descsz);
		if (descsz / 4 > CTM_NOTE_MAX_WORDS)
			return ip_diag_offset(d, at + 4, "note descsz %u: more than %d words", descsz,
			                      CTM_NOTE_MAX_WORDS);
		if (end - at - 20 < descsz)
			return ip_diag_offset(d, at + 4, "note desc (%u bytes) runs past the note area "
			                                 "(ends at %u)", descsz, end);
		for (uint32_t k = 0; k < descsz / 4; k++)
			desc[k] = ip_le32(b + at + 20 + 4 * k);
		if (!ctm_add_note(out, type, desc, descsz / 4))
			return ip_diag_plain(d, "out of memory");
		at += 20 + descsz;
	}
	(void)len;
	return 0;
}

struct elf_parts {
	uint32_t text_off, text_size;
	int have_text;
	uint32_t note_off[8], note_size[8];
	unsigned nnotes;
	uint32_t cmd_off, cmd_size;
	int have_cmds;
};

static int from_sections(const uint8_t *b, size_t len, struct elf_parts *pp, struct ip_diag *d)
{
	uint32_t shoff = ip_le32(b + 32);
	uint16_t shentsize = ip_le16(b + 46), shnum = ip_le16(b + 48), shstrndx = ip_le16(b + 50);
	uint32_t stroff, strsize;
	if (shentsize != SHDR)
		return ip_diag_offset(d, 46, "e_shentsize is %u, not %d", shentsize, SHDR);
	if (!range_ok(len, shoff, (uint32_t)shnum * SHDR))
		return ip_diag_offset(d, 32, "section headers (%u of %d bytes at %u) run past the end "
		                             "of the file (%zu bytes)", shnum, SHDR, shoff, len);
	if (shstrndx >= shnum)
		return ip_diag_offset(d, 50, "e_shstrndx %u is not a section (%u sections)", shstrndx,
		                      shnum);
	stroff = ip_le32(b + shoff + shstrndx * SHDR + 16);
	strsize = ip_le32(b + shoff + shstrndx * SHDR + 20);
	if (!range_ok(len, stroff, strsize))
		return ip_diag_offset(d, (long)(shoff + shstrndx * SHDR + 16),
		                      "section name table (%u bytes at %u) runs past the end of the file",
		                      strsize, stroff);
	for (unsigned i = 1; i < shnum; i++) {
		const uint8_t *sh = b + shoff + i * SHDR;
		uint32_t name = ip_le32(sh), type = ip_le32(sh + 4);
		uint32_t off = ip_le32(sh + 16), size = ip_le32(sh + 20);
		const char *nm;
		size_t maxn;
		if (name >= strsize)
			return ip_diag_offset(d, (long)(sh - b), "section %u name offset %u is outside "
			                                         "the name table (%u bytes)", i, name, strsize);
		nm = (const char *)b + stroff + name;
		maxn = strsize - name;
		if (!memchr(nm, 0, maxn))
			return ip_diag_offset(d, (long)(stroff + name), "section %u name is not "
			                                                "terminated", i);
		if (!range_ok(len, off, size) && type != 8 /* SHT_NOBITS */)
			return ip_diag_offset(d, (long)(sh - b + 16), "section %u (%s) data (%u bytes at "
			                                              "%u) runs past the end of the file "
			                                              "(%zu bytes)", i, nm, size, off, len);
		if (type == SHT_PROGBITS && strcmp(nm, ".text") == 0) {
			if (pp->have_text)
				return ip_diag_offset(d, (long)(sh - b), "a second .text section (the guide: "
				                                         "a single .text)");
			pp->have_text = 1;
			pp->text_off = off;
			pp->text_size = size;
		} else if (type == SHT_NOTE) {
			if (pp->nnotes == 8)
				return ip_diag_offset(d, (long)(sh - b), "more than 8 note sections");
			pp->note_off[pp->nnotes] = off;
			pp->note_size[pp->nnotes++] = size;
		} else if (type == SHT_PROGBITS && strcmp(nm, COMMANDS_SECTION) == 0) {
			pp->have_cmds = 1;
			pp->cmd_off = off;
			pp->cmd_size = size;
		}
	}
	return 0;
}

static int from_segments(const uint8_t *b, size_t len, struct elf_parts *pp, struct ip_diag *d)
{
	uint32_t phoff = ip_le32(b + 28);
	uint16_t phentsize = ip_le16(b + 42), phnum = ip_le16(b + 44);
	if (phentsize != PHDR)
		return ip_diag_offset(d, 42, "e_phentsize is %u, not %d", phentsize, PHDR);
	if (!range_ok(len, phoff, (uint32_t)phnum * PHDR))
		return ip_diag_offset(d, 28, "program headers (%u of %d bytes at %u) run past the end "
		                             "of the file (%zu bytes)", phnum, PHDR, phoff, len);
	for (unsigned i = 0; i < phnum; i++) {
		const uint8_t *ph = b + phoff + i * PHDR;
		uint32_t type = ip_le32(ph), off = ip_le32(ph + 4), size = ip_le32(ph + 16);
		if ((type == PT_LOAD || type == PT_NOTE) && !range_ok(len, off, size))
			return ip_diag_offset(d, (long)(ph - b + 4), "segment %u (%u bytes at %u) runs "
			                                             "past the end of the file (%zu bytes)",
			                      i, size, off, len);
		if (type == PT_LOAD) {
			if (pp->have_text)
				return ip_diag_offset(d, (long)(ph - b), "a second PT_LOAD segment");
			pp->have_text = 1;
			pp->text_off = off;
			pp->text_size = size;
		} else if (type == PT_NOTE) {
			if (pp->nnotes == 8)
				return ip_diag_offset(d, (long)(ph - b), "more than 8 note segments");
			pp->note_off[pp->nnotes] = off;
			pp->note_size[pp->nnotes++] = size;
		}
	}
	return 0;
}

int ctm_elf_read(const uint8_t *b, size_t len, struct ip_program *out, struct ip_diag *d)
{
	struct elf_parts pp;
	int have_proginfo = 0;
	memset(&pp, 0, sizeof pp);
	if (len < EHDR)
		return ip_diag_offset(d, (long)len, "truncated ELF header (%zu bytes, %d needed)", len,
		                      EHDR);
	if (b[4] != 1)
		return ip_diag_offset(d, 4, "EI_CLASS is %u; the guide's executables are ELFCLASS32 (1)", b[4]);
	if (b[5] != 1)
		return ip_diag_offset(d, 5, "EI_DATA is %u; the guide's executables are ELFDATA2LSB (1)", b[5]);
	if (b[6] != 1)
		return ip_diag_offset(d, 6, "EI_VERSION is %u, not 1", b[6]);
	if (b[7] != CTM_ELF_OSABI)
		return ip_diag_offset(d, 7, "EI_OSABI is %u; the guide's is ELFOSABI_ATI (%d)", b[7],
		                      CTM_ELF_OSABI);
	if (b[8] != 1)
		return ip_diag_offset(d, 8, "EI_ABIVERSION is %u; the guide's is 1", b[8]);
	if (ip_le16(b + 16) != ET_EXEC)
		return ip_diag_offset(d, 16, "e_type is %u, not ET_EXEC (2)", ip_le16(b + 16));
	if (ip_le16(b + 18) != CTM_ELF_MACHINE)
		return ip_diag_offset(d, 18, "e_machine is %u; the guide's is EM_ATI_R5XX (%d)",
		                      ip_le16(b + 18), CTM_ELF_MACHINE);
	if (ip_le32(b + 36) != CTM_ELF_FLAGS)
		return ip_diag_offset(d, 36, "e_flags is 0x%x; the guide's is EF_ATI_DPP (%d)",
		                      ip_le32(b + 36), CTM_ELF_FLAGS);
	if (ip_le16(b + 40) != EHDR)
		return ip_diag_offset(d, 40, "e_ehsize is %u, not %d", ip_le16(b + 40), EHDR);
	if (ip_le32(b + 32) != 0 && ip_le16(b + 48) != 0) {
		if (from_sections(b, len, &pp, d) != 0)
			return -1;
	} else if (from_segments(b, len, &pp, d) != 0) {
		return -1;
	}
	if (!pp.have_text)
		return ip_diag_offset(d, ip_le32(b + 32) ? 32 : 28,
		                      "no .text (the program's instructions)");
	if (pp.text_size == 0)
		return ip_diag_offset(d, (long)pp.text_off, "empty .text: no instructions");
	if (ctm_unpack_instrs(b + pp.text_off, pp.text_size, out, d, (long)pp.text_off) != 0)
		return -1;
	if (pp.have_cmds && pp.cmd_size &&
	    ctm_unpack_commands(b + pp.cmd_off, pp.cmd_size, out, d, (long)pp.cmd_off) != 0)
		return -1;
	for (unsigned i = 0; i < pp.nnotes; i++)
		if (read_notes(b, len, pp.note_off[i], pp.note_size[i], out, d) != 0)
			return -1;
	for (size_t i = 0; i < out->nbundles; i++)
		if (out->bundles[i].kind == CTM_BUNDLE_NOTE &&
		    ctm_slot_word(&out->bundles[i], 0) == CTM_NOTE_PROGINFO)
			have_proginfo = 1;
	if (!have_proginfo)
		return ip_diag_offset(d, pp.nnotes ? (long)pp.note_off[0] : 0,
		                      "no program information note (the guide: such an object is ill "
		                      "conditioned and fails to load)");
	return 0;
}

/* ---- writing ----------------------------------------------------------------------------- */

struct buf {
	uint8_t *p;
	size_t n, cap;
	int oom;
};

static void put(struct buf *b, const void *src, size_t n)
{
	if (b->oom || n == 0)
		return;
	if (b->n + n > b->cap) {
		size_t cap = b->cap ? b->cap * 2 : 1024;
		uint8_t *np;
		while (cap < b->n + n)
			cap *= 2;
		if (!(np = realloc(b->p, cap))) {
			b->oom = 1;
			return;
		}
		b->p = np;
		b->cap = cap;
	}
	memcpy(b->p + b->n, src, n);
	b->n += n;
}

static void put32(struct buf *b, uint32_t v)
{
	uint8_t x[4];
	ip_put_le32(x, v);
	put(b, x, 4);
}

static void put16(struct buf *b, uint16_t v)
{
	uint8_t x[2];
	ip_put_le16(x, v);
	put(b, x, 2);
}

static void put_shdr(struct buf *b, uint32_t name, uint32_t type, uint32_t flags, uint32_t off,
                     uint32_t size, uint32_t align)
{
	uint32_t v[10] = {name, type, flags, 0, off, size, 0, 0, align, 0};
	for (unsigned i = 0; i < 10; i++)
		put32(b, v[i]);
}

int ctm_elf_write(const struct ip_program *p, uint8_t **out, size_t *len, struct ip_diag *d)
{
	static const char strtab[] = "\0.text\0.note\0" COMMANDS_SECTION "\0.shstrtab";
	enum { N_TEXT = 1, N_NOTE = 7, N_CMDS = 13, N_STRTAB = 13 + sizeof COMMANDS_SECTION };
	struct buf b = {NULL, 0, 0, 0};
	uint8_t *text = NULL, *cmds = NULL;
	size_t text_len, cmds_len, text_off, note_off, note_len, cmds_off, str_off, sh_off;
	uint16_t shnum;
	int proginfo = 0;
	static const uint8_t ident[16] = {0x7f, 'E', 'L', 'F', 1, 1, 1, CTM_ELF_OSABI, 1};

	*out = NULL;
	*len = 0;
	for (size_t i = 0; i < p->nbundles; i++)
		if (p->bundles[i].kind == CTM_BUNDLE_NOTE && ctm_slot_word(&p->bundles[i], 0) ==
		                                                     CTM_NOTE_PROGINFO)
			proginfo = 1;
	if (!proginfo)
		return ip_diag_plain(d, "an executable needs a program information note (note proginfo "
		                        "...): the guide's loader refuses one without");
	if (ctm_bundle_bytes(p, CTM_BUNDLE_INSTR, &text, &text_len) != 0 ||
	    ctm_bundle_bytes(p, CTM_BUNDLE_CMD, &cmds, &cmds_len) != 0) {
		free(text);
		return ip_diag_plain(d, "out of memory");
	}
	shnum = cmds_len ? 5 : 4;
	text_off = EHDR + 2 * PHDR;
	note_off = text_off + text_len;
	note_len = 0;
	for (size_t i = 0; i < p->nbundles; i++)
		if (p->bundles[i].kind == CTM_BUNDLE_NOTE)
			note_len += 20 + 4 * (p->bundles[i].nslots - 1);
	cmds_off = note_off + note_len;
	str_off = cmds_off + cmds_len;
	sh_off = (str_off + sizeof strtab + 3) & ~(size_t)3;

	/* ELF header */
	put(&b, ident, 16);
	put16(&b, ET_EXEC);
	put16(&b, CTM_ELF_MACHINE);
	put32(&b, 1);          /* e_version */
	put32(&b, 0);          /* e_entry */
	put32(&b, EHDR);       /* e_phoff */
	put32(&b, (uint32_t)sh_off);
	put32(&b, CTM_ELF_FLAGS);
	put16(&b, EHDR);
	put16(&b, PHDR);
	put16(&b, 2);
	put16(&b, SHDR);
	put16(&b, shnum);
	put16(&b, (uint16_t)(shnum - 1)); /* .shstrtab is last */
	/* program headers: PT_LOAD .text, PT_NOTE notes */
	{
		uint32_t load[8] = {PT_LOAD, (uint32_t)text_off, 0, 0, (uint32_t)text_len,
		                    (uint32_t)text_len, 5 /* R+X */, 4};
		uint32_t note[8] = {PT_NOTE, (uint32_t)note_off, 0, 0, (uint32_t)note_len,
		                    (uint32_t)note_len, 4 /* R */, 4};
		for (unsigned i = 0; i < 8; i++)
			put32(&b, load[i]);
		for (unsigned i = 0; i < 8; i++)
			put32(&b, note[i]);
	}
	put(&b, text, text_len);
	for (size_t i = 0; i < p->nbundles; i++) {
		const struct ip_bundle *nb = &p->bundles[i];
		if (nb->kind != CTM_BUNDLE_NOTE)
			continue;
		put32(&b, 8);
		put32(&b, 4 * (nb->nslots - 1));
		put32(&b, ctm_slot_word(nb, 0));
		put(&b, NOTE_NAME, 8);
		for (unsigned k = 1; k < nb->nslots; k++)
			put32(&b, ctm_slot_word(nb, k));
	}
	put(&b, cmds, cmds_len);
	put(&b, strtab, sizeof strtab);
	while (b.n < sh_off)
		put(&b, "", 1);
	put_shdr(&b, 0, 0, 0, 0, 0, 0);
	put_shdr(&b, N_TEXT, SHT_PROGBITS, SHF_ALLOC | SHF_EXECINSTR, (uint32_t)text_off,
	         (uint32_t)text_len, 4);
	put_shdr(&b, N_NOTE, SHT_NOTE, 0, (uint32_t)note_off, (uint32_t)note_len, 4);
	if (cmds_len)
		put_shdr(&b, N_CMDS, SHT_PROGBITS, 0, (uint32_t)cmds_off, (uint32_t)cmds_len, 4);
	put_shdr(&b, N_STRTAB, SHT_STRTAB, 0, (uint32_t)str_off, sizeof strtab, 1);
	free(text);
	free(cmds);
	if (b.oom) {
		free(b.p);
		return ip_diag_plain(d, "out of memory");
	}
	*out = b.p;
	*len = b.n;
	return 0;
}
