ALTER TABLE "users" ADD COLUMN "signup_lander" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "signup_lander_slug" text;--> statement-breakpoint
CREATE UNIQUE INDEX "funnel_events_first_purchase_key" ON "funnel_events" USING btree ("user_id") WHERE "funnel_events"."kind" = 'first_purchase';