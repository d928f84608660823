/* seed_outcome.c: the outcome each context's seed variant gave in a campaign (its runs' majority),
 * read from the stored runs by the scan: what `query examples` compares each outcome with. */
#include <stdlib.h>
#include <string.h>

#include "store_internal.h"

int ip_store_seed_outcomes(struct ip_store *s, int64_t campaign, int64_t **out, size_t *n,
                           struct ip_diag *d)
{
	sqlite3 *db = s->db;
	sqlite3_stmt *st;
	struct ip_scan *sc = NULL;
	struct ip_scan_variant v;
	uint8_t **seed = NULL;
	size_t *len = NULL, count = 0;
	uint64_t *best = NULL;
	int rc = 0;
	*out = NULL;
	*n = 0;
	if (sqlite3_prepare_v2(db, "SELECT idx, seed_value FROM context WHERE campaign_id = ?1"
	                           " AND idx BETWEEN 0 AND 65535 ORDER BY idx", -1, &st, NULL))
		return ip_diag_plain(d, "reading the contexts of campaign %lld: %s",
		                     (long long)campaign, sqlite3_errmsg(db));
	sqlite3_bind_int64(st, 1, campaign);
	while (!rc && sqlite3_step(st) == SQLITE_ROW) {
		size_t idx = (size_t)sqlite3_column_int64(st, 0), k = (size_t)sqlite3_column_bytes(st, 1);
		if (idx >= count) {
			size_t grown = idx + 1;
			uint8_t **s2 = realloc(seed, grown * sizeof *s2);
			size_t *l2 = s2 ? realloc(len, grown * sizeof *l2) : NULL;
			int64_t *o2 = l2 ? realloc(*out, grown * sizeof *o2) : NULL;
			uint64_t *b2 = o2 ? realloc(best, grown * sizeof *b2) : NULL;
			seed = s2 ? s2 : seed;
			len = l2 ? l2 : len;
			*out = o2 ? o2 : *out;
			best = b2 ? b2 : best;
			if (!b2) {
				rc = ip_diag_plain(d, "reading the contexts: out of memory");
				break;
			}
			for (size_t i = count; i < grown; i++) {
				seed[i] = NULL;
				len[i] = 0;
				(*out)[i] = 0;
				best[i] = 0;
			}
			count = grown;
		}
		free(seed[idx]);
		if (!(seed[idx] = malloc(k ? k : 1))) {
			rc = ip_diag_plain(d, "reading the contexts: out of memory");
			break;
		}
		memcpy(seed[idx], sqlite3_column_blob(st, 1), k);
		len[idx] = k;
	}
	sqlite3_finalize(st);
	if (!rc && count && ip_scan_open(s, &campaign, 1, &sc, d))
		rc = -1;
	while (!rc && sc && (rc = ip_scan_next(sc, &v, d)) == 1) {
		rc = 0;
		if (v.context >= count || !seed[v.context] || v.value_len != len[v.context] ||
		    memcmp(v.value, seed[v.context], v.value_len))
			continue;
		for (size_t j = 0; j < v.noutcomes; j++) /* the majority; ties: the lower id */
			if (v.outcomes[j].count > best[v.context]) {
				best[v.context] = v.outcomes[j].count;
				(*out)[v.context] = v.outcomes[j].outcome_id;
			}
	}
	ip_scan_close(sc);
	for (size_t i = 0; i < count; i++)
		free(seed[i]);
	free(seed);
	free(len);
	free(best);
	if (rc < 0) {
		free(*out);
		*out = NULL;
		return -1;
	}
	*n = count;
	return 0;
}
