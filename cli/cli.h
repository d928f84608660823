/* cli.h: the subcommands of the isaprobe program and the helpers they share.
 * One file per subcommand in cli/; main.c dispatches on the first argument. */
#ifndef ISAPROBE_CLI_H
#define ISAPROBE_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "isaprobe/isa.h"

int cmd_agent(int argc, char **argv);
int cmd_asm(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_campaign(int argc, char **argv);
/* `campaign --engine afl` (cli/cmd_campaign_afl.c), and the engine a campaign command line
 * asks for: removes --engine E from argv; 0 native, 1 afl, or -1 after printing why. */
int cmd_campaign_afl(int argc, char **argv);
int cli_campaign_engine(int *argc, char **argv);
int cmd_disasm(int argc, char **argv);
int cmd_fields(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_export(int argc, char **argv);
int cmd_gpu_check(int argc, char **argv);
int cmd_query(int argc, char **argv);
int cmd_infer(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_run(int argc, char **argv);

/* Reads a whole file ("-" = stdin) into a malloc'd NUL-terminated buffer. Prints an error
 * naming the file and returns -1 on failure. */
int cli_read_file(const char *path, uint8_t **data, size_t *len);
/* Writes len bytes to path ("-" = stdout); prints an error and returns -1 on failure. */
int cli_write_file(const char *path, const uint8_t *data, size_t len);
/* Finds an ISA by name or prints the known names and returns NULL. */
const struct ip_isa *cli_isa(const char *name);
/* Whether runner (NAME[:ARG]) names a runner backend; if not, says so on stderr for command cmd
 * (bad usage: exit status 2). */
int cli_runner_known(const char *cmd, const char *runner);
/* An ISA and one input file, named by the command line (asm, disasm). */
struct cli_input {
	const struct ip_isa *isa;
	uint8_t *data; /* malloc'd, NUL-terminated */
	size_t len;
	struct ip_diag d; /* names the file */
};
/* After option parsing: argv[optind] must be the only operand (else usage(stderr)); finds the
 * ISA isa_name and reads the file. Returns 0, or the exit status to leave with (2 or 1). */
int cli_isa_and_file(int argc, char **argv, const char *isa_name, void (*usage)(FILE *),
                     struct cli_input *in);
/* Bytes as 32-bit little-endian words in hex, four to a line after indent (asm --hex). */
void cli_hex_words(FILE *out, const uint8_t *bytes, size_t len, const char *indent);
/* `isaprobe campaign --dry-run` (cli/cmd_campaign_dry_run.c): previews each probe's campaign
 * with the options o (sample: variants run per context), as text or JSON; stores nothing.
 * Returns the exit status. */
struct ip_probe;
struct ip_campaign_opts;
int cli_campaign_dry_run(const struct ip_probe *probes, int n, const struct ip_campaign_opts *o,
                         unsigned sample, int json);
/* Display name of a path ("-" is "<stdin>"). */
const char *cli_display_name(const char *path);
/* Writes s as a JSON string, quoted and escaped (cli/json.c). */
void cli_json_string(FILE *out, const char *s);
/* How `query` prints rows: an aligned table, Markdown, CSV or JSON (cli/sql_print.c). */
enum cli_format { CLI_FORMAT_TABLE, CLI_FORMAT_MD, CLI_FORMAT_CSV, CLI_FORMAT_JSON };
/* 0 and *f for "table", "md", "csv" or "json"; -1 for any other name. */
int cli_format_parse(const char *name, enum cli_format *f);
/* Steps the SQLite statement stmt (sqlite3_stmt *) to the end, printing its rows in format.
 * Returns 0 or the SQLite error code. */
int cli_sql_print(FILE *out, void *stmt, enum cli_format format);

#endif
