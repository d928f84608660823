/* questions.h: the named questions `isaprobe query` asks a findings database, with the SQL
 * functions and the field-table table they read (db/questions.c): the CLI writes no SQL of its
 * own but passes `--sql` through. Not installed. */
#ifndef ISAPROBE_INTERNAL_QUESTIONS_H
#define ISAPROBE_INTERNAL_QUESTIONS_H

#include <stddef.h>

#include "isaprobe/diag.h"
#include "isaprobe/store.h"

/* The parts a question has at most. */
#define IP_QUESTION_PARTS 3

/* What a question's first argument names, for the caller to check before asking. */
enum ip_question_arg {
	IP_QUESTION_ARG_OTHER, /* nothing to check (or no argument) */
	IP_QUESTION_ARG_ISA,   /* an ISA */
	IP_QUESTION_ARG_FIELD, /* a field of the field tables (ip_question_field_known) */
};

struct ip_question {
	const char *name;    /* as `query` takes it */
	const char *args;    /* its arguments as the usage shows them ("FIELD [N]") */
	int min_args, max_args;
	enum ip_question_arg first_arg;
	const char *what;    /* what it answers, for the usage */
	struct {
		const char *title; /* the JSON key, and a heading when a question has several */
		const char *sql;   /* ?1, ?2: the question's arguments (ip_question_prepare binds them) */
	} parts[IP_QUESTION_PARTS]; /* the used ones first, then title NULL */
};

/* Every question (*n of them), in the usage's order. */
const struct ip_question *ip_questions(size_t *n);
/* The question named name, or NULL. */
const struct ip_question *ip_question_find(const char *name);
/* How many parts q has. */
int ip_question_nparts(const struct ip_question *q);

/* Makes s's connection ready for question q (NULL: for the read-only SQL sql): the SQL function
 * ip_bits(value, lo, width) (bits of a big-endian variant value), for a question also
 * ip_changed_words(campaign, context, data), the table temp.field_table (every ISA's field
 * tables: isa, format, fmt, name, lo, hi, width, kind, doc, cond, note) and, when the question's
 * or sql's statements read the views that count every run, those counts worked out once from
 * the blocks (ip_store_temp_summaries). 0, or -1 with d set. */
int ip_query_setup(struct ip_store *s, const struct ip_question *q, const char *sql,
                   struct ip_diag *d);

/* Whether arg names a field of temp.field_table (NAME, FORMAT.NAME or ISA.FORMAT.NAME): 1, 0,
 * or -1 with d set. After ip_query_setup. */
int ip_question_field_known(struct ip_store *s, const char *arg, struct ip_diag *d);

/* Part `part` of question q prepared, args[0..nargs) bound to ?1, ?2, ... (an argument written
 * as a decimal number as an integer, any other as text), for the caller to step and finalize
 * (*stmt: a sqlite3_stmt *). After ip_query_setup. 0, or -1 with d set to "<question>:
 * <SQLite's message>". */
int ip_question_prepare(struct ip_store *s, const struct ip_question *q, int part,
                        char *const *args, int nargs, void **stmt, struct ip_diag *d);

#endif
