/* ctm_public.c: the CTM (R5xx fragment processor) public-knowledge overlay. Later public work
 * (Mesa's r300 compiler, AMD's R5xx register reference) reads none of the bits the notes leave
 * undescribed (docs/public-overlay.md lists what was searched): it has no part. */
#include "isaprobe/public.h"
#include "ctm.h"

const struct ip_public_overlay ctm_public = {
	"ctm", NULL, 0, "docs/ctm-sources.md",
};
