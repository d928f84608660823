/* checkpoint.c: copying the write-ahead log into the database file off the recording thread.
 * SQLite's own automatic checkpoint runs inside the commit that crosses its threshold, so the
 * batch that commits then waits for every page changed since the last one to be copied and
 * synced. Once a handle records runs, a thread of its own, with its own connection, does that
 * instead (a passive checkpoint: it never blocks the writer) whenever the log holds PAGES
 * pages after a commit; should the log still reach STALL_PAGES (the thread cannot keep up),
 * the writer checkpoints itself, so that the log stays bounded. Crash safety is SQLite's: a
 * checkpoint may stop anywhere, the log is replayed on the next opening. */
#include <pthread.h>
#include <stdlib.h>

#include "store_internal.h"

#define PAGES 4096        /* 16 MiB of 4 KiB pages */
#define STALL_PAGES (8 * PAGES)

struct ip_checkpointer {
	sqlite3 *db;          /* the thread's own connection */
	pthread_t thread;
	pthread_mutex_t mu;
	pthread_cond_t cv;
	int wanted, stop;
};

static void *run(void *arg)
{
	struct ip_checkpointer *c = arg;
	pthread_mutex_lock(&c->mu);
	for (;;) {
		while (!c->wanted && !c->stop)
			pthread_cond_wait(&c->cv, &c->mu);
		if (c->stop)
			break;
		c->wanted = 0;
		pthread_mutex_unlock(&c->mu);
		/* busy (another checkpoint, a merge): the next commit asks again */
		sqlite3_wal_checkpoint_v2(c->db, NULL, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
		pthread_mutex_lock(&c->mu);
	}
	pthread_mutex_unlock(&c->mu);
	return NULL;
}

/* After each commit of the writer's connection: the log's size in pages. */
static int on_commit(void *arg, sqlite3 *db, const char *schema, int pages)
{
	struct ip_checkpointer *c = arg;
	if (pages >= STALL_PAGES) {
		sqlite3_wal_checkpoint_v2(db, schema, SQLITE_CHECKPOINT_PASSIVE, NULL, NULL);
	} else if (pages >= PAGES) {
		pthread_mutex_lock(&c->mu);
		c->wanted = 1;
		pthread_cond_signal(&c->cv);
		pthread_mutex_unlock(&c->mu);
	}
	return SQLITE_OK;
}

int ip_checkpointer_start(struct ip_store *s, struct ip_diag *d)
{
	struct ip_checkpointer *c = calloc(1, sizeof *c);
	if (!c)
		return ip_store_error(s, d, "out of memory");
	if (sqlite3_open_v2(s->path, &c->db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, NULL) !=
	    SQLITE_OK) {
		/* no second connection (no memory, no file descriptor): SQLite's own checkpoints */
		sqlite3_close(c->db);
		free(c);
		return 0;
	}
	sqlite3_busy_timeout(c->db, 1000);
	pthread_mutex_init(&c->mu, NULL);
	pthread_cond_init(&c->cv, NULL);
	if (pthread_create(&c->thread, NULL, run, c) != 0) {
		pthread_mutex_destroy(&c->mu);
		pthread_cond_destroy(&c->cv);
		sqlite3_close(c->db);
		free(c);
		return 0;
	}
	s->ckpt = c;
	sqlite3_wal_hook(s->db, on_commit, c);
	return 0;
}

void ip_checkpointer_stop(struct ip_store *s)
{
	struct ip_checkpointer *c = s->ckpt;
	if (!c)
		return;
	sqlite3_wal_hook(s->db, NULL, NULL); /* closing checkpoints what is left */
	pthread_mutex_lock(&c->mu);
	c->stop = 1;
	pthread_cond_signal(&c->cv);
	pthread_mutex_unlock(&c->mu);
	pthread_join(c->thread, NULL);
	sqlite3_close(c->db);
	pthread_mutex_destroy(&c->mu);
	pthread_cond_destroy(&c->cv);
	free(c);
	s->ckpt = NULL;
}
