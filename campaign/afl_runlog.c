/* afl_runlog.c: the run log between the AFL++ harness and the campaign: one framed record per
 * run (variant and outcome); a record whose writer died half-way is skipped, never misread. */
#include <stdlib.h>
#include <string.h>

#include "fuzz/afl/afl_internal.h"
#include "common/byteorder.h"
#include "common/grow.h"

static const uint8_t head_magic[4] = {'I', 'P', 'R', '1'};
static const uint8_t tail_magic[4] = {'1', 'R', 'P', 'I'};
#define BODY_FIXED 8
#define FRAME_EXTRA 16 /* magic, length; length, magic */

size_t ip_afl_log_size(const struct ip_afl_logrec *r)
{
	return FRAME_EXTRA + BODY_FIXED + r->value_len + r->len;
}

void ip_afl_log_encode(const struct ip_afl_logrec *r, uint8_t *out)
{
	uint32_t body = (uint32_t)(BODY_FIXED + r->value_len + r->len);
	uint8_t *b = out + 8;
	memcpy(out, head_magic, 4);
	ip_put_le32(out + 4, body);
	b[0] = (uint8_t)r->context;
	b[1] = (uint8_t)r->status;
	b[2] = (uint8_t)r->value_len;
	b[3] = 0;
	ip_put_le32(b + 4, r->fault);
	memcpy(b + BODY_FIXED, r->value, r->value_len);
	if (r->len)
		memcpy(b + BODY_FIXED + r->value_len, r->data, r->len);
	ip_put_le32(b + body, body);
	memcpy(b + body + 4, tail_magic, 4);
}

int ip_afl_log_feed(struct ip_afl_log_reader *r, const uint8_t *bytes, size_t n)
{
	if (r->pos > 0 && (r->pos >= r->len / 2 || r->len + n > r->cap)) {
		memmove(r->buf, r->buf + r->pos, r->len - r->pos);
		r->len -= r->pos;
		r->pos = 0;
	}
	if (ip_grow((void **)&r->buf, &r->cap, r->len + n, 1))
		return -1;
	memcpy(r->buf + r->len, bytes, n);
	r->len += n;
	return 0;
}

int ip_afl_log_next(struct ip_afl_log_reader *r, struct ip_afl_logrec *rec)
{
	for (;;) {
		const uint8_t *h = r->buf + r->pos, *b;
		size_t avail = r->len - r->pos;
		uint32_t body;
		if (avail < 8)
			return 0;
		if (memcmp(h, head_magic, 4) != 0) {
			r->pos++;
			r->skipped++;
			continue;
		}
		body = ip_le32(h + 4);
		if (body < BODY_FIXED || body > BODY_FIXED + 16 + IP_AFL_LOG_MAX_DATA ||
		    (avail >= 8u + BODY_FIXED && h[8 + 2] > 16) ||
		    (avail >= 8u + BODY_FIXED && body < BODY_FIXED + (size_t)h[8 + 2])) {
			r->pos++;
			r->skipped++;
			continue;
		}
		if (avail < FRAME_EXTRA + (size_t)body)
			return 0;
		b = h + 8;
		if (ip_le32(b + body) != body || memcmp(b + body + 4, tail_magic, 4) != 0) {
			r->pos++; /* cut short: look for the next record inside it */
			r->skipped++;
			continue;
		}
		rec->context = b[0];
		rec->status = (enum ip_status)b[1];
		rec->value_len = b[2];
		rec->fault = ip_le32(b + 4);
		memset(rec->value, 0, sizeof rec->value);
		memcpy(rec->value, b + BODY_FIXED, rec->value_len);
		rec->len = body - BODY_FIXED - rec->value_len;
		rec->data = rec->len ? b + BODY_FIXED + rec->value_len : NULL;
		r->pos += FRAME_EXTRA + body;
		r->records++;
		return 1;
	}
}

void ip_afl_log_reader_free(struct ip_afl_log_reader *r)
{
	free(r->buf);
	memset(r, 0, sizeof *r);
}
