CREATE TYPE "public"."moderation_action" AS ENUM('dismiss', 'warn', 'hide_photo', 'suspend', 'ban', 'approve_photo');--> statement-breakpoint
CREATE TYPE "public"."moderation_item_kind" AS ENUM('complaint', 'photo');--> statement-breakpoint
CREATE TYPE "public"."moderation_item_state" AS ENUM('waiting', 'in_review', 'decided');--> statement-breakpoint
CREATE TYPE "public"."moderation_violation" AS ENUM('fake_profile', 'harassment', 'scam_or_spam', 'inappropriate_photos', 'underage', 'other');--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'moderation_warning' BEFORE 'notify_new_conversation';--> statement-breakpoint
ALTER TYPE "public"."profile_status" ADD VALUE 'suspended';--> statement-breakpoint
ALTER TYPE "public"."profile_status" ADD VALUE 'banned';--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_id" integer,
	"member_id" integer,
	"photo_id" integer,
	"operator_id" integer NOT NULL,
	"action" "moderation_action" NOT NULL,
	"violation" "moderation_violation",
	"reason" text,
	"suspended_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" "moderation_item_kind" NOT NULL,
	"complaint_id" integer,
	"photo_id" integer,
	"member_id" integer,
	"site_id" integer NOT NULL,
	"state" "moderation_item_state" DEFAULT 'waiting' NOT NULL,
	"claimed_by" integer,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" SET DEFAULT 'received'::text;--> statement-breakpoint
-- Complaints keep their meaning under the new statuses: open ones wait, closed ones were dealt with.
UPDATE "complaints" SET "status" = CASE "status" WHEN 'open' THEN 'received' WHEN 'closed' THEN 'no_action' ELSE "status" END;--> statement-breakpoint
DROP TYPE "public"."complaint_status";--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('received', 'in_review', 'action_taken', 'no_action');--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" SET DEFAULT 'received'::"public"."complaint_status";--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" SET DATA TYPE "public"."complaint_status" USING "status"::"public"."complaint_status";--> statement-breakpoint
ALTER TABLE "complaints" ADD COLUMN "status_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "photo_premoderation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_item_id_moderation_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."moderation_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_operator_id_operators_id_fk" FOREIGN KEY ("operator_id") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_photo_id_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."photos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_claimed_by_operators_id_fk" FOREIGN KEY ("claimed_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_decisions_member_idx" ON "moderation_decisions" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_items_queue_idx" ON "moderation_items" USING btree ("created_at","id") WHERE state <> 'decided';--> statement-breakpoint
CREATE INDEX "moderation_items_member_idx" ON "moderation_items" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_complaint_key" ON "moderation_items" USING btree ("complaint_id");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_photo_key" ON "moderation_items" USING btree ("photo_id");--> statement-breakpoint
CREATE INDEX "complaints_reporter_idx" ON "complaints" USING btree ("reporter_id","created_at");--> statement-breakpoint
-- What already waited joins the moderation queue: open complaints, and photos held for review.
INSERT INTO "moderation_items" ("kind", "complaint_id", "member_id", "site_id", "created_at")
  SELECT 'complaint', "id", "reported_user_id", "site_id", "created_at" FROM "complaints" WHERE "status" = 'received';--> statement-breakpoint
INSERT INTO "moderation_items" ("kind", "photo_id", "member_id", "site_id", "created_at")
  SELECT 'photo', p."id", p."user_id", u."site_id", p."created_at" FROM "photos" p JOIN "users" u ON u."id" = p."user_id" WHERE p."status" = 'pending';
