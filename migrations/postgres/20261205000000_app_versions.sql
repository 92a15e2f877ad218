-- The versions of forgetit that have run on this database: each process notes its version and the
-- newest migration it knows at start. A binary older than the database reads who migrated it
-- (the row of the newest migration) to say which version to run instead. /readyz's write probe
-- touches this process's row: a commit that fails on a full or read-only disk.
CREATE TABLE app_versions (
    version   TEXT NOT NULL PRIMARY KEY,         -- CARGO_PKG_VERSION
    migration BIGINT NOT NULL,                  -- the newest migration it knows
    first_ms  BIGINT NOT NULL,                  -- unix ms, its first start here
    last_ms   BIGINT NOT NULL                   -- unix ms, its last start or probe
);
