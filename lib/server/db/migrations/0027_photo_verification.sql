CREATE TYPE "public"."verification_pose" AS ENUM('peace_sign', 'thumbs_up', 'hand_on_cheek', 'point_at_camera', 'open_palm', 'finger_on_chin');--> statement-breakpoint
CREATE TYPE "public"."verification_rejection" AS ENUM('pose_mismatch', 'face_not_visible', 'not_same_person', 'photo_unclear', 'not_live_photo');--> statement-breakpoint
CREATE TYPE "public"."verification_status" AS ENUM('posing', 'waiting', 'approved', 'rejected');--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'verification_decided' BEFORE 'notify_new_conversation';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'approve_verification';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'reject_verification';--> statement-breakpoint
ALTER TYPE "public"."moderation_item_kind" ADD VALUE 'verification';--> statement-breakpoint
ALTER TYPE "public"."moderation_item_kind" ADD VALUE 'verification_recheck';--> statement-breakpoint
CREATE TABLE "photo_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"pose" "verification_pose" NOT NULL,
	"status" "verification_status" DEFAULT 'posing' NOT NULL,
	"selfie_key" text,
	"rejection" "verification_rejection",
	"decided_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"selfie_deleted_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "moderation_items_photo_key";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD COLUMN "verification_rejection" "verification_rejection";--> statement-breakpoint
ALTER TABLE "moderation_items" ADD COLUMN "verification_id" integer;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photo_verifications" ADD CONSTRAINT "photo_verifications_decided_by_operators_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."operators"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "photo_verifications_user_idx" ON "photo_verifications" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "photo_verifications_open_key" ON "photo_verifications" USING btree ("user_id") WHERE status in ('posing', 'waiting');--> statement-breakpoint
CREATE INDEX "photo_verifications_selfie_due_idx" ON "photo_verifications" USING btree ("decided_at") WHERE selfie_key is not null;--> statement-breakpoint
ALTER TABLE "moderation_items" ADD CONSTRAINT "moderation_items_verification_id_photo_verifications_id_fk" FOREIGN KEY ("verification_id") REFERENCES "public"."photo_verifications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "profiles_search_verified_country_idx" ON "profiles" USING btree ("country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"gender","date_of_birth","region_id") WHERE status = 'active' and not invisible and verified;--> statement-breakpoint
CREATE INDEX "profiles_search_verified_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"gender","date_of_birth","country","region_id") WHERE status = 'active' and not invisible and verified;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_verification_key" ON "moderation_items" USING btree ("verification_id") WHERE photo_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_recheck_key" ON "moderation_items" USING btree ("verification_id","photo_id") WHERE verification_id is not null and photo_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_items_photo_key" ON "moderation_items" USING btree ("photo_id") WHERE verification_id is null;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_fictional_never_verified" CHECK (not ("profiles"."fictional" and "profiles"."verified"));