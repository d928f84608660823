/* errors.c: turning SQLite failures into struct ip_diag records that name the database file,
 * and rolling back a failed transaction. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "store_internal.h"

static void vrecord(struct ip_store *s, struct ip_diag *d, const char *sqlite_msg,
                    const char *fmt, va_list ap)
{
	char what[sizeof d->msg];
	vsnprintf(what, sizeof what, fmt, ap);
	if (sqlite_msg)
		ip_diag_plain(d, "%s: %s", what, sqlite_msg);
	else
		ip_diag_plain(d, "%s", what);
	d->file = s->path;
}

int ip_store_fail(struct ip_store *s, struct ip_diag *d, const char *fmt, ...)
{
	va_list ap;
	char why[256];
	int code = sqlite3_extended_errcode(s->db);
	if (!d)
		return -1;
	/* SQLite's sentence, and the code's name when it says more (e.g. "disk I/O error"). */
	snprintf(why, sizeof why, "%s", sqlite3_errmsg(s->db));
	if (strcmp(sqlite3_errstr(code), why) != 0)
		snprintf(why + strlen(why), sizeof why - strlen(why), " (%s)", sqlite3_errstr(code));
	/* The operating system's reason, where the failure was the operating system's. */
	switch (code & 0xff) {
	case SQLITE_IOERR:
	case SQLITE_CANTOPEN:
	case SQLITE_READONLY:
	case SQLITE_FULL:
	case SQLITE_PERM:
		if (sqlite3_system_errno(s->db))
			snprintf(why + strlen(why), sizeof why - strlen(why), ": %s",
			         strerror(sqlite3_system_errno(s->db)));
		break;
	default:
		break;
	}
	va_start(ap, fmt);
	vrecord(s, d, why, fmt, ap);
	va_end(ap);
	return -1;
}

int ip_store_error(struct ip_store *s, struct ip_diag *d, const char *fmt, ...)
{
	va_list ap;
	if (!d)
		return -1;
	va_start(ap, fmt);
	vrecord(s, d, NULL, fmt, ap);
	va_end(ap);
	return -1;
}

void ip_store_rollback(struct ip_store *s)
{
	if (!sqlite3_get_autocommit(s->db))
		sqlite3_exec(s->db, "ROLLBACK", NULL, NULL, NULL);
}
