/* db_input.h: the damaged findings databases the db fuzz targets read (tests/fuzz/targets/db_input.c):
 * a sound database made once per process, and each input turned into a file from it. */
#ifndef ISAPROBE_FUZZ_DB_INPUT_H
#define ISAPROBE_FUZZ_DB_INPUT_H

#include <stddef.h>
#include <stdint.h>

/* The files of the scratch folder (in /dev/shm when there is one; it goes at exit). */
enum fuzz_db_file {
	FUZZ_DB_WORK,  /* the database an input becomes */
	FUZZ_DB_OUT,   /* what a target writes (db merge's output) */
	FUZZ_DB_SOUND, /* a copy of the sound database, never changed */
	FUZZ_DB_FILES
};

/* The sound database (three campaigns on the simulators, inferred), made on the first call of
 * any function here; its bytes. */
const uint8_t *fuzz_db_template(size_t *len);
/* The path of a file of the scratch folder. */
const char *fuzz_db_path(enum fuzz_db_file f);
/* Removes the file and its -wal, -shm and -journal. */
void fuzz_db_remove(enum fuzz_db_file f);
/* Writes FUZZ_DB_WORK (its -wal, -shm and -journal removed): the bytes data; or the sound
 * database with data written over it from byte `at` (clipped to its end); 0 or -1. */
int fuzz_db_write(const uint8_t *data, size_t n);
int fuzz_db_write_over(size_t at, const uint8_t *data, size_t n);
/* Applies cell edits to FUZZ_DB_WORK with SQLite, CHECK constraints off: each edit is 8 bytes
 * (op: even updates a cell, odd deletes a row, bit 2 names the row by rowid; table; row low,
 * row high; column; value type: NULL, an edge integer, a small integer, a real, text, blob;
 * value length; value byte), then the value's bytes for text and blobs. */
void fuzz_db_edit(const uint8_t *e, size_t n);
/* Value types of an edit. */
enum { FUZZ_DB_NULL, FUZZ_DB_EDGE_INT, FUZZ_DB_SMALL_INT, FUZZ_DB_REAL, FUZZ_DB_TEXT, FUZZ_DB_BLOB };
/* The 8 bytes of one edit, naming the table and column (of the sound database) by name, for
 * seeds; 0, or -1 after printing why. The value's bytes (text, blob) follow it in the input. */
int fuzz_db_edit_encode(uint8_t rec[8], unsigned op, const char *table, unsigned row,
                        const char *column, unsigned type, unsigned vlen, uint8_t vbyte);

#endif
