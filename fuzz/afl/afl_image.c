/* afl_image.c: AFL++ test cases as images of a context's logical words, and the variant an
 * image holds: the target bits are the value, every other bit must be the seed's. */
#include <stdio.h>
#include <string.h>

#include "afl_internal.h"

/* Slot index of (bundle, slot) counted over the whole program, or -1. */
static long slot_index(const struct ip_program *prog, unsigned bundle, unsigned slot)
{
	long n = 0;
	if (bundle >= prog->nbundles || slot >= prog->bundles[bundle].nslots)
		return -1;
	for (unsigned b = 0; b < bundle; b++)
		n += prog->bundles[b].nslots;
	return n + (long)slot;
}

static size_t image_size(const struct ip_program *prog)
{
	size_t n = 0;
	for (size_t b = 0; b < prog->nbundles; b++)
		n += prog->bundles[b].nslots;
	return IP_AFL_IMAGE_HEADER + n * IP_AFL_SLOT_BYTES;
}

int ip_afl_image_layout(const struct ip_probe *p, struct ip_afl_layout *l, struct ip_diag *d)
{
	memset(l, 0, sizeof *l);
	if (p->ncontexts < 1 || p->ncontexts > 255)
		return ip_diag_plain(d, "%u contexts: the afl engine takes 1 to 255", p->ncontexts);
	l->size = image_size(&p->contexts[0].prog);
	for (unsigned c = 1; c < p->ncontexts; c++) {
		const struct ip_program *a = &p->contexts[0].prog, *b = &p->contexts[c].prog;
		int same = a->nbundles == b->nbundles;
		for (size_t k = 0; same && k < a->nbundles; k++)
			same = a->bundles[k].nslots == b->bundles[k].nslots;
		if (!same)
			return ip_diag_plain(d, "context %s has other words than context %s: the afl "
			                        "engine needs every context to have the same slots",
			                     p->contexts[c].label, p->contexts[0].label);
	}
	for (unsigned t = 0; t < p->ntargets; t++) {
		const struct ip_probe_target *tg = &p->targets[t];
		long s = slot_index(&p->contexts[0].prog, tg->bundle, tg->slot);
		if (s < 0 || tg->lo + tg->width > 128)
			return ip_diag_plain(d, "target line %u lies outside the program", tg->line);
		l->fields[t].bit = (uint32_t)(8 * (IP_AFL_IMAGE_HEADER + (size_t)s * IP_AFL_SLOT_BYTES) +
		                              tg->lo);
		l->fields[t].width = tg->width;
		l->fields[t].value_lo = tg->value_lo;
	}
	l->nfields = p->ntargets;
	return 0;
}

void ip_afl_image_write(const struct ip_probe *p, const struct ip_afl_layout *l, unsigned ctx,
                        const ip_word *value, uint8_t *out)
{
	const struct ip_program *prog = &p->contexts[ctx].prog;
	size_t at = IP_AFL_IMAGE_HEADER;
	memset(out, 0, l->size);
	out[0] = 'i';
	out[1] = 'p';
	out[2] = IP_AFL_IMAGE_VERSION;
	out[3] = (uint8_t)ctx;
	for (size_t b = 0; b < prog->nbundles; b++)
		for (unsigned s = 0; s < prog->bundles[b].nslots && at + IP_AFL_SLOT_BYTES <= l->size;
		     s++, at += IP_AFL_SLOT_BYTES)
			ip_word_to_bytes(&prog->bundles[b].slots[s].value, out + at, IP_AFL_SLOT_BYTES);
	for (unsigned f = 0; f < l->nfields; f++) {
		const struct ip_afl_field *fd = &l->fields[f];
		for (unsigned done = 0; done < fd->width;) {
			unsigned chunk = fd->width - done > 64 ? 64 : fd->width - done;
			ip_word part = ip_word_zero();
			part.w[0] = ip_bits_get(value, fd->value_lo + done, chunk);
			ip_bytes_put_bits(out, fd->bit + done, chunk, &part);
			done += chunk;
		}
	}
}

/* Whether image bit `bit` is a target bit. */
static int is_target(const struct ip_afl_layout *l, size_t bit)
{
	for (unsigned f = 0; f < l->nfields; f++)
		if (bit >= l->fields[f].bit && bit < (size_t)l->fields[f].bit + l->fields[f].width)
			return 1;
	return 0;
}

enum ip_afl_image_verdict ip_afl_image_read(const struct ip_afl_layout *l, unsigned ncontexts,
                                            const uint8_t *seeds, const uint8_t *img,
                                            size_t len, struct ip_variant *v)
{
	const uint8_t *seed;
	if (len != l->size)
		return IP_AFL_IMAGE_SIZE;
	if (img[0] != 'i' || img[1] != 'p' || img[2] != IP_AFL_IMAGE_VERSION)
		return IP_AFL_IMAGE_HEADER_BAD;
	if (img[3] >= ncontexts)
		return IP_AFL_IMAGE_CONTEXT;
	seed = seeds + (size_t)img[3] * l->size;
	/* Byte by byte; a byte that differs must differ in target bits only. */
	for (size_t i = IP_AFL_IMAGE_HEADER; i < len; i++) {
		uint8_t x = img[i] ^ seed[i];
		for (unsigned b = 0; x; b++, x >>= 1)
			if ((x & 1) && !is_target(l, 8 * i + b))
				return IP_AFL_IMAGE_FOREIGN;
	}
	v->context = img[3];
	v->value = ip_word_zero();
	for (unsigned f = 0; f < l->nfields; f++) {
		const struct ip_afl_field *fd = &l->fields[f];
		for (unsigned done = 0; done < fd->width;) {
			unsigned chunk = fd->width - done > 64 ? 64 : fd->width - done;
			ip_word part = ip_bytes_get_bits(img, fd->bit + done, chunk);
			ip_bits_set(&v->value, fd->value_lo + done, chunk, part.w[0]);
			done += chunk;
		}
	}
	return IP_AFL_IMAGE_OK;
}

int ip_afl_fields_string(const struct ip_afl_layout *l, char *out, size_t cap)
{
	size_t n = 0;
	if (cap)
		out[0] = '\0';
	for (unsigned f = 0; f < l->nfields; f++) {
		int k = snprintf(out + n, cap - n, "%s%u:%u", f ? "," : "", l->fields[f].bit,
		                 l->fields[f].width);
		if (k < 0 || (size_t)k >= cap - n)
			return -1;
		n += (size_t)k;
	}
	return 0;
}
