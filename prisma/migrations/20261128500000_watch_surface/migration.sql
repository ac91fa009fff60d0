-- The surface a watch was made on (A or B): its alerts' webhooks carry that surface's envelope.
ALTER TABLE "watches" ADD COLUMN "surface" VARCHAR(1) NOT NULL DEFAULT 'A';
