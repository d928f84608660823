/* a3xx_checks.c: what the a3xx simulator refuses before running a word: bits no public source
 * describes and values none names (unmodeled), and the notes' const rules (invalid). */
#include <pthread.h>
#include <stdio.h>

#include "a3xx_sim_int.h"

#define MAX_FIELDS 40

/* One static reason per field of every category, written once. */
static char reasons[A3XX_CATEGORIES][MAX_FIELDS][128];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static const char why_rpt_hi[] =
	"(rpt4)-(rpt7) on cat1-4: bit 42 is the repeat count's bit 2 in the freedreno header but "
	"(sat) in Mesa's later reading; which one a3xx follows is not settled";

static void build(void)
{
	for (unsigned cat = 0; cat < A3XX_CATEGORIES; cat++) {
		const struct ip_format *fmt = &a3xx_cat_formats[cat];
		for (unsigned i = 0; i < fmt->nfields && i < MAX_FIELDS; i++) {
			const struct ip_field *f = &fmt->fields[i];
			if (f->doc != IP_DOC_KNOWN)
				snprintf(reasons[cat][i], sizeof reasons[cat][i],
				         "cat%u bits %u-%u (%s) set: no public source says what they do",
				         cat, f->lo, f->lo + f->width - 1, f->name);
			else
				snprintf(reasons[cat][i], sizeof reasons[cat][i],
				         "cat%u %s: a value no public source names", cat, f->name);
		}
	}
}

/* Fields of the second source of a cat2 opcode that reads one source: the notes say the
 * second source is ignored, so nothing in it is looked at. */
static int ignored(unsigned cat, unsigned i, const ip_word *w)
{
	if (cat != 2 || a3xx_cat2_srcs((unsigned)a3xx_get(w, 2, A2_OPC)) == 2)
		return 0;
	return (i >= A2_SRC2_MODE && i <= A2_SRC2_ABS) || i == A2_SRC2_R;
}

enum ip_status a3xx_check_word(const ip_word *w, const char **why)
{
	unsigned cat = (unsigned)(w->w[0] >> 61);
	const struct ip_format *fmt = &a3xx_cat_formats[cat];
	const char *rule = a3xx_const_rule(w);

	pthread_once(&once, build);
	if (rule) {
		*why = rule;
		return IP_STATUS_INVALID;
	}
	for (unsigned i = 0; i < fmt->nfields; i++) {
		const struct ip_field *f = &fmt->fields[i];
		uint64_t v;
		if (ignored(cat, i, w) || !ip_field_active(fmt, f, w, NULL))
			continue;
		v = ip_field_get(f, w);
		if ((f->doc != IP_DOC_KNOWN && v != f->dflt) ||
		    (f->enums && ip_enum_doc(f->enums, v) != IP_DOC_KNOWN)) {
			*why = reasons[cat][i];
			return IP_STATUS_UNMODELED;
		}
	}
	if (cat >= 1 && cat <= 4) {
		static const unsigned rpt[5] = {0, A1_RPT, A2_RPT, A3_RPT, A4_RPT};
		if (a3xx_get(w, cat, rpt[cat]) >= 4) {
			*why = why_rpt_hi;
			return IP_STATUS_UNMODELED;
		}
	}
	*why = NULL;
	return IP_STATUS_OK;
}
