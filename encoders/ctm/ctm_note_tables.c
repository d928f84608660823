/* ctm_note_tables.c: the words of the ELF notes the guide's executable format carries (chapter
 * 4), as field tables: note types and the program information structure. */
#include <string.h>

#include "ctm.h"
#include "common/field_row.h"

#define GUIDE "CTM guide 1.01 section 4.1.4 (pages 50-53); docs/ctm-sources.md"

static const struct ip_enum note_type_enum[] = {
	{CTM_NOTE_PROGINFO, "proginfo", "ELF_NOTE_ATI_PROGINFO: program information (required)"},
	{IP_ENUM_UNKNOWN(CTM_NOTE_INPUTS), "inputs", "input indices used (value from the table order)"},
	{IP_ENUM_UNKNOWN(CTM_NOTE_OUTPUTS), "outputs", "output indices used (value from the table order)"},
	{IP_ENUM_UNKNOWN(CTM_NOTE_CONDOUT), "condout", "whether a conditional value is written (value from the table order)"},
	{IP_ENUM_UNKNOWN(CTM_NOTE_FLOAT32CONSTS), "float32consts", "float constant indices used (value from the table order)"},
	{CTM_NOTE_INT32CONSTS, "int32consts", "ELF_NOTE_ATI_INT32CONSTS: integer constant indices used"},
	{CTM_NOTE_EARLYEXIT, "earlyexit", "ELF_NOTE_ATI_EARLYEXIT: 1 if the program exits early"},
	{0, NULL, NULL},
};

static const struct ip_field type_fields[] = {
	F("note_type", 0, 32, TAG, KNOWN, note_type_enum, CTM_NOTE_PROGINFO, "note type"),
};
static const struct ip_field word_fields[] = {
	F("value", 0, 32, IMMEDIATE, KNOWN, NULL, 0, "an index or flag of the note's list"),
};
static const struct ip_field pi0_fields[] = {
	F("pi_reserved", 0, 32, UNKNOWN, UNKNOWN, NULL, 1, "reserved, 0x00000001 in the guide"),
};
static const struct ip_field pi1_fields[] = {
	F("fg_depth_src", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "FG_DEPTH_SRC: named, its values are not in the extract"),
};
static const struct ip_field pin_fields[] = {
	F("pi_word", 0, 32, UNKNOWN, UNKNOWN, NULL, 0, "dpp_proginfo word: not in the extract (reserved words are 0)"),
};

const struct ip_format ctm_note_type_word = {"ctm", "note_type", "ELF note type", 32, type_fields,
                                             IP_COUNT(type_fields), NULL, GUIDE};
const struct ip_format ctm_note_word = {"ctm", "note_word", "ELF note word", 32, word_fields,
                                        IP_COUNT(word_fields), NULL, GUIDE};
const struct ip_format ctm_proginfo_word0 = {"ctm", "proginfo0", "dpp_proginfo word 0", 32,
                                             pi0_fields, IP_COUNT(pi0_fields), NULL, GUIDE};
const struct ip_format ctm_proginfo_word1 = {"ctm", "proginfo1", "dpp_proginfo word 1", 32,
                                             pi1_fields, IP_COUNT(pi1_fields), NULL, GUIDE};
const struct ip_format ctm_proginfo_wordn = {"ctm", "proginfo", "dpp_proginfo word 2 and on", 32,
                                                 pin_fields, IP_COUNT(pin_fields), NULL, GUIDE};

const char *ctm_note_name(unsigned type)
{
	return ip_enum_name(note_type_enum, type);
}

int ctm_note_by_name(const char *name, unsigned *type)
{
	uint64_t v;
	if (ip_enum_value(note_type_enum, name, &v) != 0)
		return -1;
	*type = (unsigned)v;
	return 0;
}

const struct ip_format *ctm_note_format(unsigned type, unsigned k)
{
	if (type != CTM_NOTE_PROGINFO)
		return &ctm_note_word;
	return k == 0 ? &ctm_proginfo_word0 : k == 1 ? &ctm_proginfo_word1 : &ctm_proginfo_wordn;
}
