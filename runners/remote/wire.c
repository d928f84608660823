/* wire.c: little-endian items of the agent protocol (u16/u32/u64, str, blob) written to a
 * growing buffer and read back from a payload with byte offsets for error messages. */
#include <stdlib.h>
#include <string.h>

#include "proto.h"

void ip_wbuf_free(struct ip_wbuf *w)
{
	free(w->data);
	memset(w, 0, sizeof *w);
}

void ip_wbuf_bytes(struct ip_wbuf *w, const void *p, size_t n)
{
	if (w->failed)
		return;
	if (n > w->cap - w->len) {
		size_t cap = w->cap ? w->cap : 4096;
		uint8_t *grown;
		while (cap - w->len < n) {
			if (cap > SIZE_MAX / 2) {
				w->failed = 1;
				return;
			}
			cap *= 2;
		}
		grown = realloc(w->data, cap);
		if (!grown) {
			w->failed = 1;
			return;
		}
		w->data = grown;
		w->cap = cap;
	}
	if (n)
		memcpy(w->data + w->len, p, n);
	w->len += n;
}

void ip_wbuf_u16(struct ip_wbuf *w, uint16_t v)
{
	uint8_t b[2];
	ip_put_le16(b, v);
	ip_wbuf_bytes(w, b, 2);
}

void ip_wbuf_u64(struct ip_wbuf *w, uint64_t v)
{
	ip_wbuf_u32(w, (uint32_t)v);
	ip_wbuf_u32(w, (uint32_t)(v >> 32));
}

void ip_wbuf_str(struct ip_wbuf *w, const char *s)
{
	size_t n = s ? strlen(s) : 0;
	if (n > IP_PROTO_MAX_STR)
		n = IP_PROTO_MAX_STR; /* texts are for humans: a cut one is still a text */
	ip_wbuf_blob(w, s, n);
}

void ip_wbuf_blob(struct ip_wbuf *w, const void *p, size_t n)
{
	ip_wbuf_u32(w, (uint32_t)n);
	ip_wbuf_bytes(w, p, n);
}

static int need(struct ip_rbuf *r, size_t n, const char *what)
{
	if (r->len - r->pos >= n)
		return 0;
	return ip_diag_offset(r->d, r->base + (long)r->pos,
	                      "message ends inside %s (%zu byte%s needed, %zu left)", what, n,
	                      n == 1 ? "" : "s", r->len - r->pos);
}

int ip_rbuf_u32_slow(struct ip_rbuf *r, uint32_t *v, const char *what)
{
	if (need(r, 4, what))
		return -1;
	*v = ip_le32(r->data + r->pos);
	r->pos += 4;
	return 0;
}

int ip_rbuf_u64(struct ip_rbuf *r, uint64_t *v, const char *what)
{
	if (need(r, 8, what))
		return -1;
	*v = ip_le64(r->data + r->pos);
	r->pos += 8;
	return 0;
}

int ip_rbuf_blob(struct ip_rbuf *r, const uint8_t **p, size_t *n, size_t max, const char *what)
{
	size_t at = r->pos;
	uint32_t len;
	if (r->len - r->pos >= 4) { /* the common case: a length and its bytes, both there */
		len = ip_le32(r->data + r->pos);
		if (len <= max && r->len - r->pos - 4 >= len) {
			*p = r->data + r->pos + 4;
			*n = len;
			r->pos += 4 + (size_t)len;
			return 0;
		}
	}
	if (ip_rbuf_u32(r, &len, what))
		return -1;
	if (len > max)
		return ip_diag_offset(r->d, r->base + (long)at, "%s is %u bytes long, more than %zu",
		                      what, len, max);
	if (need(r, len, what))
		return -1;
	*p = r->data + r->pos;
	*n = len;
	r->pos += len;
	return 0;
}

int ip_rbuf_str(struct ip_rbuf *r, const char **s, size_t *n, const char *what)
{
	const uint8_t *p = NULL;
	if (ip_rbuf_blob(r, &p, n, IP_PROTO_MAX_STR, what))
		return -1;
	*s = (const char *)p;
	return 0;
}

int ip_rbuf_name(struct ip_rbuf *r, char *out, size_t cap, const char *what)
{
	size_t at = r->pos, n = 0;
	const char *s = NULL;
	if (ip_rbuf_str(r, &s, &n, what))
		return -1;
	if (n >= cap || memchr(s, 0, n))
		return ip_diag_offset(r->d, r->base + (long)at,
		                      "%s is not a name (%zu bytes, at most %zu, no zero byte)", what,
		                      n, cap - 1);
	memcpy(out, s, n);
	out[n] = 0;
	return 0;
}

int ip_rbuf_end(struct ip_rbuf *r)
{
	if (r->pos == r->len)
		return 0;
	return ip_diag_offset(r->d, r->base + (long)r->pos, "%zu unexpected bytes after the message",
	                      r->len - r->pos);
}
