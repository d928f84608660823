/* status.c: the names of the outcome statuses, as reports print them and as the database's
 * `status` table holds them (db/schema.sql; tests/db/test_store.c checks they agree). */
#include "isaprobe/store.h"

const char *ip_status_name(enum ip_status s)
{
	static const char *const names[IP_STATUS_COUNT] = {
		[IP_STATUS_OK] = "ok",
		[IP_STATUS_FAULT] = "fault",
		[IP_STATUS_INVALID] = "invalid",
		[IP_STATUS_TIMEOUT] = "timeout",
		[IP_STATUS_UNMODELED] = "unmodeled",
		[IP_STATUS_RUNNER_ERROR] = "runner_error",
	};
	return (unsigned)s < IP_STATUS_COUNT ? names[s] : "?";
}
