/* io.c: file reading and writing and ISA lookup for the subcommands.
 * Every failure prints the file name and the reason. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "isaprobe/runner.h"

const char *cli_display_name(const char *path)
{
	return strcmp(path, "-") == 0 ? "<stdin>" : path;
}

int cli_read_file(const char *path, uint8_t **data, size_t *len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
	size_t cap = 4096, n = 0;
	uint8_t *buf;
	if (!f) {
		fprintf(stderr, "isaprobe: %s: %s\n", path, strerror(errno));
		return -1;
	}
	buf = malloc(cap + 1);
	while (buf) {
		size_t got = fread(buf + n, 1, cap - n, f);
		n += got;
		if (n < cap)
			break;
		cap *= 2;
		{
			uint8_t *nb = realloc(buf, cap + 1);
			if (!nb) {
				free(buf);
				buf = NULL;
			} else {
				buf = nb;
			}
		}
	}
	if (!buf || ferror(f)) {
		fprintf(stderr, "isaprobe: %s: %s\n", cli_display_name(path),
		        buf ? "read error" : "out of memory");
		free(buf);
		if (f != stdin)
			fclose(f);
		return -1;
	}
	if (f != stdin)
		fclose(f);
	buf[n] = 0;
	*data = buf;
	*len = n;
	return 0;
}

int cli_write_file(const char *path, const uint8_t *data, size_t len)
{
	FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "wb");
	int bad;
	if (!f) {
		fprintf(stderr, "isaprobe: %s: %s\n", path, strerror(errno));
		return -1;
	}
	bad = fwrite(data, 1, len, f) != len;
	bad |= f == stdout ? fflush(f) != 0 : fclose(f) != 0;
	if (bad) {
		fprintf(stderr, "isaprobe: %s: write failed: %s\n", path, strerror(errno));
		return -1;
	}
	return 0;
}

const struct ip_isa *cli_isa(const char *name)
{
	const struct ip_isa *isa = name ? ip_isa_find(name) : NULL;
	if (isa)
		return isa;
	if (name)
		fprintf(stderr, "isaprobe: unknown ISA '%s'; known:", name);
	else
		fprintf(stderr, "isaprobe: name an ISA with -i; known:");
	for (const struct ip_isa *const *i = ip_isa_all(); *i; i++)
		fprintf(stderr, " %s", (*i)->name);
	fputc('\n', stderr);
	return NULL;
}

int cli_runner_known(const char *cmd, const char *runner)
{
	const char *colon = strchr(runner, ':');
	char name[64];
	snprintf(name, sizeof name, "%.*s", (int)(colon ? (size_t)(colon - runner) : strlen(runner)),
	         runner);
	if (ip_runner_backend_find(name))
		return 1;
	fprintf(stderr, "isaprobe %s: unknown runner '%s'; known:", cmd, name);
	for (const struct ip_runner_backend *const *i = ip_runner_backends(); *i; i++)
		fprintf(stderr, " %s", (*i)->name);
	fputc('\n', stderr);
	return 0;
}

int cli_isa_and_file(int argc, char **argv, const char *isa_name, void (*usage)(FILE *),
                     struct cli_input *in)
{
	if (optind != argc - 1) {
		usage(stderr);
		return 2;
	}
	if (!(in->isa = cli_isa(isa_name)))
		return 2;
	if (cli_read_file(argv[optind], &in->data, &in->len) != 0)
		return 1;
	ip_diag_init(&in->d, cli_display_name(argv[optind]));
	return 0;
}

void cli_hex_words(FILE *out, const uint8_t *b, size_t len, const char *indent)
{
	size_t i;
	for (i = 0; i + 4 <= len; i += 4)
		fprintf(out, "%s%08x%s", (i / 4) % 4 == 0 ? indent : " ",
		        (unsigned)b[i] | (unsigned)b[i + 1] << 8 | (unsigned)b[i + 2] << 16 |
		                (unsigned)b[i + 3] << 24,
		        (i / 4) % 4 == 3 || i + 4 == len ? "\n" : "");
	if (i < len) { /* a tail shorter than a word: its bytes */
		fputs((i / 4) % 4 == 0 ? indent : " ", out);
		for (; i < len; i++)
			fprintf(out, "%02x", b[i]);
		fputc('\n', out);
	}
}
