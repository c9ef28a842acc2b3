-- Heartbeats of running pg-boss jobs (issue #23 item 14: queues stalled after a database outage or kill -9).
--
-- pg-boss 10 leaves a job `active` until its expiry (30 min to 12 h here) when the process that ran it died, or
-- when its fail/complete call was lost to a database outage; with the `stately` policy the next job of the same
-- singleton key cannot become active meanwhile, so every later fetch of that queue failed on the unique index.
-- Each process writes one row per job it is running and beats it every few seconds; a job active without a
-- fresh beat belongs to nobody and is failed (retried) by any worker (jobs/job-leases.ts). UNLOGGED: after a
-- crash of PostgreSQL itself the table is empty and every active job is found without a beat, which is right.
CREATE UNLOGGED TABLE job_leases (
  job_id     uuid        PRIMARY KEY,
  queue      text        NOT NULL,
  instance   text        NOT NULL,
  beat_at    timestamptz NOT NULL DEFAULT now()
);
