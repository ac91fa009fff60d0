-- The embedded devnet's chain lineage this database's records were made against (src/devnet-binding.ts).
-- One row, written by the first start on the devnet; a later start on another lineage (the chain was
-- rewound or rebuilt) reports the mismatch instead of overwriting it.

CREATE TABLE "devnet_lineage" (
    "id" SMALLINT NOT NULL DEFAULT 1,
    "lineage" VARCHAR(16) NOT NULL,
    "recorded_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "devnet_lineage_pkey" PRIMARY KEY ("id"),
    CONSTRAINT "devnet_lineage_single_row" CHECK ("id" = 1)
);
