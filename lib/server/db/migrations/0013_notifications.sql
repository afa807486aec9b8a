ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_new_conversation';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_new_message';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_like';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_match';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_unread_reminder';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_weekly_update';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_news';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_promotion';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'notify_reminder';--> statement-breakpoint
CREATE TABLE "mail_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"email" text NOT NULL,
	"user_id" integer,
	"source" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "push_subscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"endpoint" text NOT NULL,
	"p256dh" text NOT NULL,
	"auth" text NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_success_at" timestamp with time zone,
	"failure_count" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversation_members" ADD COLUMN "email_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_stopped_reason" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_stopped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "singleton_key" text;--> statement-breakpoint
ALTER TABLE "mail_events" ADD CONSTRAINT "mail_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_deliveries" ADD CONSTRAINT "notification_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD CONSTRAINT "push_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_events_email_idx" ON "mail_events" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "notification_deliveries_key" ON "notification_deliveries" USING btree ("user_id","channel","kind","ref");--> statement-breakpoint
CREATE INDEX "notification_deliveries_created_idx" ON "notification_deliveries" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "push_subscriptions_endpoint_key" ON "push_subscriptions" USING btree ("endpoint");--> statement-breakpoint
CREATE INDEX "push_subscriptions_user_idx" ON "push_subscriptions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_key" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."done_at" is null and "jobs"."singleton_key" is not null;