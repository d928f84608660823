-- schema.sql: the findings database, schema version 1 (the first migration runs this file).
-- Compiled into libisaprobe as a C string (db/schema.cmake); later versions live in db/migrate.c:
--   2: buffer.names (what the probe calls a buffer's records: 'r0 r1 ... r31'), and the finding
--      table rebuilt with bundle, slot and cond (the condition a field holds under, e.g.
--      'bit 30 = 1') in its key, so that one field probed in two instructions, or under two
--      conditions, keeps one finding each. The comments below say where version 2 differs.
--   3: the table campaign_lock (db/migrate.c, db/lock.c).
--   4: the view finding_text, written at the end of this file, after the line that starts
--      "-- == version 4": the first migration stops before that line and the fourth runs what
--      follows it, in new files and old ones alike.
--
-- Conventions
--   * Every id is an INTEGER PRIMARY KEY local to this file; the natural keys (the UNIQUE
--     constraints) are what `db merge` matches on when campaigns from several machines meet.
--   * 64-bit unsigned quantities (seed, budget, cursor) are stored as the signed integer with
--     the same 64 bits; values below 2^63 read back unchanged.
--   * Timestamps are UTC text, ISO 8601 ('2026-11-23T07:39:20Z').
--   * Hashes are 16-byte blobs of isaprobe's own 128-bit hash (db/hash.c). The hash is part of
--     the file format: changing it needs a migration that rehashes.

-- 'ISAP' (0x49534150): marks the file as an isaprobe database, so that a foreign SQLite file
-- is recognised and left alone. The schema version is PRAGMA user_version, set by the code.
PRAGMA application_id = 1230192976;

-- This database's identity: a random id made when the file is created. Campaigns record the
-- identity of the database that ran them (campaign.origin), so that `db merge` recognises a
-- campaign it has merged before, from any copy, and never counts its runs twice.
CREATE TABLE identity (
	id         INTEGER PRIMARY KEY CHECK (id = 1),
	uuid       BLOB NOT NULL CHECK (length(uuid) = 16),
	created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);
INSERT INTO identity (id, uuid) VALUES (1, randomblob(16));

-- Outcome statuses: the numbers of enum ip_status (include/isaprobe/store.h), never renumbered.
-- tests/test_store.c checks that these names match ip_status_name().
CREATE TABLE status (
	code INTEGER PRIMARY KEY,
	name TEXT NOT NULL UNIQUE
);
INSERT INTO status (code, name) VALUES
	(0, 'ok'),
	(1, 'fault'),
	(2, 'invalid'),
	(3, 'timeout'),
	(4, 'unmodeled'),
	(5, 'runner_error');

-- Where variants ran: a runner backend and a GPU model, on some machine.
CREATE TABLE device (
	id     INTEGER PRIMARY KEY,
	runner TEXT NOT NULL,             -- 'sim', 'drm', 'remote'
	model  TEXT NOT NULL,             -- GPU model, e.g. 'mali-t860'
	host   TEXT NOT NULL DEFAULT '',  -- the machine; '' when not given
	UNIQUE (runner, model, host)
);

-- A probe file, by name, with its current text. Campaigns copy the text they ran with, so
-- replacing a probe's text never rewrites history.
CREATE TABLE probe (
	id          INTEGER PRIMARY KEY,
	name        TEXT NOT NULL UNIQUE,
	isa         TEXT NOT NULL,        -- 'midgard', 'bifrost', ...
	source_text TEXT NOT NULL,
	source_hash BLOB NOT NULL CHECK (length(source_hash) = 16),
	created_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
	updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))
);

-- One campaign: a probe's variants, chosen by a strategy, run on one device. The key is
-- unique, so starting the same campaign again finds this row and resumes from `cursor`
-- (the strategy's position: variants before it are stored). The probe's text is part of
-- the key through probe_hash: a changed probe starts a new campaign.
CREATE TABLE campaign (
	id          INTEGER PRIMARY KEY,
	probe_id    INTEGER NOT NULL REFERENCES probe (id),
	device_id   INTEGER NOT NULL REFERENCES device (id),
	probe_hash  BLOB NOT NULL CHECK (length(probe_hash) = 16),
	probe_text  TEXT NOT NULL,        -- the probe as this campaign ran it
	strategy    TEXT NOT NULL,        -- 'walk', 'pairs', 'exhaustive', 'random', 'auto'
	seed        INTEGER NOT NULL DEFAULT 0,
	budget      INTEGER NOT NULL DEFAULT 0,  -- most variants to run; 0 = no limit
	shard_index INTEGER NOT NULL DEFAULT 0,
	shard_count INTEGER NOT NULL DEFAULT 1,
	cursor      INTEGER NOT NULL DEFAULT 0,
	state       TEXT NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'finished')),
	started_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
	updated_at  TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')), -- last batch
	finished_at TEXT,
	origin      BLOB NOT NULL CHECK (length(origin) = 16), -- identity.uuid of the database that ran it
	CHECK (shard_count >= 1 AND shard_index >= 0 AND shard_index < shard_count),
	UNIQUE (probe_id, probe_hash, device_id, strategy, seed, budget, shard_index, shard_count)
);
CREATE INDEX campaign_device ON campaign (device_id);

-- Databases merged into this one (`isaprobe db merge`), one row per input and merge.
CREATE TABLE merge_source (
	id                INTEGER PRIMARY KEY,
	uuid              BLOB NOT NULL CHECK (length(uuid) = 16), -- the input's identity.uuid
	path              TEXT NOT NULL,      -- as given on the command line
	merged_at         TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
	campaigns_added   INTEGER NOT NULL,   -- new here
	campaigns_updated INTEGER NOT NULL,   -- here already, further along in the input
	campaigns_same    INTEGER NOT NULL,   -- here already, as far along (merged before)
	runs              INTEGER NOT NULL    -- runs taken from the input
);

-- What a campaign's variants and outcome bytes mean. The campaign driver writes these three
-- tables once, when it starts the campaign (from the probe: db/layout.c); inference and reports
-- read them and never read probe files, field tables or simulators.

-- The probe's contexts (the same target region under several opcodes or seed programs):
-- run.context is idx. seed_value is the value the seed program holds in the target bits
-- (big-endian, like run.value): its outcome is the baseline every variant is compared with.
CREATE TABLE context (
	campaign_id INTEGER NOT NULL REFERENCES campaign (id),
	idx         INTEGER NOT NULL,
	label       TEXT NOT NULL,        -- e.g. 'ld_attr_32'
	seed_value  BLOB NOT NULL,
	PRIMARY KEY (campaign_id, idx)
) WITHOUT ROWID;

-- Where the bits of a variant's value go: value bits [value_lo, value_lo + width) are bits
-- [lo, lo + width) of the word of format `format` ('midgard.load_store') in slot `slot` of
-- bundle `bundle` of the seed program; `field` names the field table's field there, if one.
-- A region split over several places (or words) has several rows.
CREATE TABLE target (
	campaign_id INTEGER NOT NULL REFERENCES campaign (id),
	value_lo    INTEGER NOT NULL,
	width       INTEGER NOT NULL CHECK (width > 0),
	format      TEXT NOT NULL,
	field       TEXT NOT NULL DEFAULT '',
	bundle      INTEGER NOT NULL,
	slot        INTEGER NOT NULL,
	lo          INTEGER NOT NULL,
	PRIMARY KEY (campaign_id, value_lo)
) WITHOUT ROWID;

-- The buffers of every job: inputs as planted (direction 'in', data = the bytes, so that a
-- value seen in an output can be traced to the input word it came from) and the observed
-- outputs (direction 'out': bytes [offset, offset + len) of an outcome's data; data NULL).
-- role is ip_buf_role_name() ('uniforms', 'attributes', 'varyings_out', 'registers', ...).
-- record: bytes per record of the buffer when the probe says (registers: 16, four 32-bit
-- components), else 0; it lets inference tell a record select from a component select.
-- Version 2 adds names TEXT NOT NULL DEFAULT '': the records' names, blank-separated, record 0
-- first ('r0 r1 ... r31'), or ''; inference says "value 0: r26" with them.
CREATE TABLE buffer (
	campaign_id INTEGER NOT NULL REFERENCES campaign (id),
	direction   TEXT NOT NULL CHECK (direction IN ('in', 'out')),
	role        TEXT NOT NULL,
	offset      INTEGER NOT NULL DEFAULT 0,
	len         INTEGER NOT NULL,
	data        BLOB,
	record      INTEGER NOT NULL DEFAULT 0,
	PRIMARY KEY (campaign_id, direction, role)
) WITHOUT ROWID;

-- Each distinct outcome once: status, fault code and the observed output bytes as the runner
-- canonicalised them. hash = hash128(status, fault, data); the store checks the columns on
-- every hash match, so a collision is reported, never merged silently.
CREATE TABLE outcome (
	id     INTEGER PRIMARY KEY,
	hash   BLOB NOT NULL UNIQUE CHECK (length(hash) = 16),
	status INTEGER NOT NULL REFERENCES status (code),
	fault  INTEGER NOT NULL DEFAULT 0,
	data   BLOB NOT NULL
);

-- What was run and what came out, aggregated: `count` runs of variant (context, value) in
-- this campaign gave this outcome. A variant is a context index (which of the probe's
-- contexts) and the value of the target bits, stored as a BIG-endian blob of the width the
-- runner gave (hex(value) reads as the number; equal widths sort numerically, so a campaign
-- walking its values in order appends to the table). A variant with two rows has given two
-- different outcomes: a contradiction, kept as evidence.
-- WITHOUT ROWID: the key is nearly the whole row, so one B-tree holds it instead of a rowid
-- table plus a unique index of the same columns (half the size and half the writes).
-- campaign_id is a campaign (id) and outcome_id an outcome (id), but not declared REFERENCES:
-- SQLite would then look both parents up for every row written, which cost 40% of the
-- recording rate. The writers guarantee them instead: ip_store_record checks the campaign and
-- resolves each outcome in the batch's own transaction, and `db merge` maps both through
-- tables it has just written. The view run_orphan lists any row that breaks this.
CREATE TABLE run (
	campaign_id INTEGER NOT NULL,     -- campaign (id)
	context     INTEGER NOT NULL,
	value       BLOB NOT NULL,
	outcome_id  INTEGER NOT NULL,     -- outcome (id)
	count       INTEGER NOT NULL CHECK (count > 0),
	PRIMARY KEY (campaign_id, context, value, outcome_id)
) WITHOUT ROWID;
-- No index on run (outcome_id): outcomes are never deleted while runs refer to them, and the
-- index would cost as much as the table.

-- An inferred field of a probe's target region in one context (written by reports/infer).
--   lo, hi      bit numbers, inclusive: in the word format `format` names (as `isaprobe fields`
--               numbers it, e.g. 'midgard.load_store'), or in the variant value when format
--               is '' (not NULL, so that the UNIQUE key holds)
--   kind        'ignored', 'reserved' (must be zero), 'register', 'component', 'imm_signed',
--               'imm_unsigned', 'offset', 'shift', 'modifier', 'mask', 'enum', 'distinct',
--               'unmodeled' (the runner could not say), 'unknown' (no run varied the bits)
--   details     JSON object, per kind: the register mapping, the enum's values and the
--               operation matched to each, example variants, the hypotheses rejected
--   confidence  0..1
--   support, against, variants   the evidence: runs consistent with the finding, runs that
--               contradict it, and the distinct variants examined
--   first_seen, last_seen        the campaigns that first and last produced this finding
-- Version 2 rebuilds this table with bundle and slot (the instruction: bundle and slot of the
-- seed program, as in target) after context, and cond (the condition the field holds under,
-- 'bit 30 = 1', or '') after kind, and the key UNIQUE (probe_id, context, bundle, slot,
-- format, lo, hi, kind, cond).
CREATE TABLE finding (
	id         INTEGER PRIMARY KEY,
	probe_id   INTEGER NOT NULL REFERENCES probe (id),
	context    INTEGER NOT NULL DEFAULT 0,
	format     TEXT NOT NULL DEFAULT '',
	lo         INTEGER NOT NULL,
	hi         INTEGER NOT NULL,
	kind       TEXT NOT NULL,
	details    TEXT NOT NULL DEFAULT '{}' CHECK (json_valid(details)),
	confidence REAL NOT NULL CHECK (confidence >= 0 AND confidence <= 1),
	support    INTEGER NOT NULL DEFAULT 0,
	against    INTEGER NOT NULL DEFAULT 0,
	variants   INTEGER NOT NULL DEFAULT 0,
	first_seen INTEGER NOT NULL REFERENCES campaign (id),
	last_seen  INTEGER NOT NULL REFERENCES campaign (id),
	CHECK (lo >= 0 AND lo <= hi),
	UNIQUE (probe_id, context, format, lo, hi, kind)
);
CREATE INDEX finding_first_seen ON finding (first_seen);

-- Per campaign: progress, runs, variants, distinct outcomes and runs per status.
CREATE VIEW campaign_summary AS
SELECT
	c.id AS campaign_id,
	p.name AS probe,
	d.runner || ':' || d.model || CASE d.host WHEN '' THEN '' ELSE '@' || d.host END AS device,
	c.strategy, c.seed, c.shard_index, c.shard_count, c.state, c.cursor,
	c.started_at, c.updated_at, c.finished_at,
	coalesce(sum(r.count), 0) AS runs,
	(SELECT count(*) FROM (SELECT DISTINCT context, value FROM run WHERE campaign_id = c.id))
		AS variants,
	count(DISTINCT r.outcome_id) AS outcomes,
	coalesce(sum(CASE o.status WHEN 0 THEN r.count END), 0) AS ok,
	coalesce(sum(CASE o.status WHEN 1 THEN r.count END), 0) AS fault,
	coalesce(sum(CASE o.status WHEN 2 THEN r.count END), 0) AS invalid,
	coalesce(sum(CASE o.status WHEN 3 THEN r.count END), 0) AS timeout,
	coalesce(sum(CASE o.status WHEN 4 THEN r.count END), 0) AS unmodeled,
	coalesce(sum(CASE o.status WHEN 5 THEN r.count END), 0) AS runner_error
FROM campaign c
JOIN probe p ON p.id = c.probe_id
JOIN device d ON d.id = c.device_id
LEFT JOIN run r ON r.campaign_id = c.id
LEFT JOIN outcome o ON o.id = r.outcome_id
GROUP BY c.id;

-- Per variant of each campaign: its runs and how many distinct outcomes it gave
-- (outcomes > 1: a contradiction).
CREATE VIEW variant AS
SELECT campaign_id, context, value, sum(count) AS runs, count(*) AS outcomes
FROM run
GROUP BY campaign_id, context, value;

-- Per campaign, context and outcome: how many variants gave it, in how many runs, and one of
-- them (the smallest value): the examples `isaprobe query examples` shows.
CREATE VIEW campaign_outcome AS
SELECT r.campaign_id, r.context, r.outcome_id, o.status, o.fault,
	count(*) AS variants, sum(r.count) AS runs, min(r.value) AS example
FROM run r
JOIN outcome o ON o.id = r.outcome_id
GROUP BY r.campaign_id, r.context, r.outcome_id;

-- Findings first seen in their probe's newest campaign (the latest started; ties: highest id).
CREATE VIEW new_findings AS
SELECT p.name AS probe, f.*
FROM finding f
JOIN probe p ON p.id = f.probe_id
WHERE f.first_seen = (SELECT c.id FROM campaign c WHERE c.probe_id = f.probe_id
                      ORDER BY c.started_at DESC, c.id DESC LIMIT 1);

-- Runs whose campaign or outcome does not exist (the run table's references are kept by the
-- writers, not declared: see run). Empty in every sound database.
CREATE VIEW run_orphan AS
SELECT r.* FROM run r
WHERE NOT EXISTS (SELECT 1 FROM campaign c WHERE c.id = r.campaign_id)
   OR NOT EXISTS (SELECT 1 FROM outcome o WHERE o.id = r.outcome_id);

-- == version 4 (db/migrate.c runs what follows in every file; the first migration stops here)

-- Each finding as a person reads it, for the sqlite3 shell and spreadsheets: the probe and its
-- ISA, the context's label, the instruction (bundle and slot of the seed program) the bits
-- belong to, the word format and the bits as `isaprobe fields` writes them ('33', '25-50')
-- and as numbers (lo, hi: to sort and compare), the kind, the condition it holds under, the report's sentence (details.sentence, which
-- `isaprobe infer` writes; NULL for findings inferred before it) and how it compares with what
-- later public work says of these bits (details.public_verdict, which `isaprobe infer` writes
-- from the ISA's public-knowledge overlay: "agrees with index_reg 35-37", "new: ..."; NULL for
-- findings inferred before it; docs/public-overlay.md).
CREATE VIEW finding_text AS
SELECT
	p.name AS probe,
	p.isa,
	coalesce((SELECT x.label FROM context x WHERE x.campaign_id = f.last_seen
	          AND x.idx = f.context), f.context) AS context,
	CASE WHEN f.format = '' THEN NULL
	     ELSE 'bundle ' || f.bundle || ' slot ' || f.slot END AS instruction,
	f.format,
	CASE WHEN f.lo = f.hi THEN f.lo ELSE f.lo || '-' || f.hi END AS bits,
	f.lo AS lo,
	f.hi AS hi,
	f.kind,
	f.cond AS "when",
	json_extract(f.details, '$.sentence') AS sentence,
	json_extract(f.details, '$.public_verdict') AS public_verdict,
	f.confidence,
	f.id AS finding_id
FROM finding f
JOIN probe p ON p.id = f.probe_id;
