-- Each quota call taken, by the call's own id (issue 29). A call whose charge statement failed on the
-- client side may still land later (a stalled connection delivers it once the server answers again):
-- its refund leaves a voided row first, so the late charge conflicts and takes nothing; a refund after
-- the charge voids it and gives the call back, once, whatever order the two reach the database in.
CREATE TABLE "quota_charges" (
    "call_id" UUID NOT NULL,
    "key_id" UUID NOT NULL,
    "voided" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "quota_charges_pkey" PRIMARY KEY ("call_id")
);
CREATE INDEX "quota_charges_created_at_idx" ON "quota_charges"("created_at");
ALTER TABLE "quota_charges" ADD CONSTRAINT "quota_charges_key_id_fkey" FOREIGN KEY ("key_id") REFERENCES "api_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;
