/* cmd_query.c: `isaprobe query`: named questions to a findings database, and raw SQL. */
#include <stdio.h>

#include "cli.h"

int cmd_query(int argc, char **argv)
{
	(void)argc;
	(void)argv;
	fputs("isaprobe: query: not yet\n", stderr);
	return 2;
}
