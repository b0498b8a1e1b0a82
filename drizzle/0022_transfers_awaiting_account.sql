ALTER TABLE "provider_task" DROP CONSTRAINT "provider_task_status";--> statement-breakpoint
CREATE INDEX "provider_task_awaiting_account_idx" ON "provider_task" USING btree ("id") WHERE "provider_task"."status" = 'awaiting_account';--> statement-breakpoint
ALTER TABLE "provider_task" ADD CONSTRAINT "provider_task_status" CHECK ("provider_task"."status" in ('pending', 'awaiting_account', 'done', 'failed'));--> statement-breakpoint
-- A transfer to a therapist with no connected account used to be written 'failed', for a person
-- to delete once the account was there (decision 0021). It awaits the account now (decision 0096):
-- those already written join the new ones, with the therapist of their booking (whose share or
-- tip it is) and the description the transfer is made with, which those rows did not keep; the
-- release job makes each once the account is set. Only that path wrote a failed transfer with no
-- destination: one the provider refused always has one.
UPDATE "provider_task" AS t
SET "status" = 'awaiting_account',
    "params" = jsonb_build_object(
                 'description',
                 CASE WHEN t."idempotency_key" LIKE 'tip-%' THEN 'Tip for booking ' || b."id"
                      ELSE 'Therapist''s share of booking ' || b."id" END)
               || t."params"
               || jsonb_build_object('therapistId', b."therapist_id")
FROM "booking" AS b
WHERE b."id" = t."booking_id"
  AND t."kind" = 'transfer'
  AND t."status" = 'failed'
  AND t."params"->>'destinationAccountId' IS NULL;
