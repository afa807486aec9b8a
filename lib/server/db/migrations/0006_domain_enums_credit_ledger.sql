CREATE TYPE "public"."account_status" AS ENUM('not_confirmed', 'confirmed', 'purged');--> statement-breakpoint
CREATE TYPE "public"."deletion_reason" AS ENUM('found_partner', 'no_matches', 'too_expensive', 'privacy', 'too_many_messages', 'other');--> statement-breakpoint
CREATE TYPE "public"."email_token_purpose" AS ENUM('activation', 'password_reset', 'mail_change', 'reactivation');--> statement-breakpoint
CREATE TYPE "public"."complaint_reason" AS ENUM('fake_profile', 'harassment', 'scam_or_spam', 'inappropriate_photos', 'underage', 'billing', 'other');--> statement-breakpoint
CREATE TYPE "public"."complaint_status" AS ENUM('open', 'closed');--> statement-breakpoint
CREATE TYPE "public"."credit_reason" AS ENUM('signup_bonus', 'purchase', 'refund', 'chargeback', 'message', 'photo', 'gift', 'operator_correction');--> statement-breakpoint
CREATE TYPE "public"."mail_kind" AS ENUM('activation', 'password_reset', 'mail_change', 'account_deleted', 'complaint_received');--> statement-breakpoint
CREATE TYPE "public"."profile_status" AS ENUM('disabled', 'active', 'deleted');--> statement-breakpoint
CREATE TYPE "public"."photo_status" AS ENUM('active', 'pending', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."signup_mode" AS ENUM('all', 'with_trafficsource', 'invite_only');--> statement-breakpoint
CREATE TABLE "credit_balances" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_balances_balance_nonnegative" CHECK ("credit_balances"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"delta" integer NOT NULL,
	"reason" "credit_reason" NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_ledger_delta_nonzero" CHECK ("credit_ledger"."delta" <> 0)
);
--> statement-breakpoint
-- The search indexes compare status with text; they are rebuilt below against the enum.
DROP INDEX "profiles_search_gender_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_gender_idx";--> statement-breakpoint
DROP INDEX "profiles_search_all_idx";--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "reason" SET DATA TYPE "public"."complaint_reason" USING "reason"::"public"."complaint_reason";--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" SET DATA TYPE "public"."complaint_status" USING "status"::"public"."complaint_status";--> statement-breakpoint
ALTER TABLE "complaints" ALTER COLUMN "status" SET DEFAULT 'open'::"public"."complaint_status";--> statement-breakpoint
ALTER TABLE "email_tokens" ALTER COLUMN "purpose" SET DATA TYPE "public"."email_token_purpose" USING "purpose"::"public"."email_token_purpose";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "kind" SET DATA TYPE "public"."mail_kind" USING "kind"::"public"."mail_kind";--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "status" SET DATA TYPE "public"."photo_status" USING "status"::"public"."photo_status";--> statement-breakpoint
ALTER TABLE "photos" ALTER COLUMN "status" SET DEFAULT 'active'::"public"."photo_status";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "status" SET DATA TYPE "public"."profile_status" USING "status"::"public"."profile_status";--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "status" SET DEFAULT 'disabled'::"public"."profile_status";--> statement-breakpoint
-- Any mode the app does not know already meant invite only (spec §4 "Signup").
ALTER TABLE "sites" ALTER COLUMN "signups" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "signups" SET DATA TYPE "public"."signup_mode" USING (CASE WHEN "signups" IN ('all', 'with_trafficsource') THEN "signups" ELSE 'invite_only' END)::"public"."signup_mode";--> statement-breakpoint
ALTER TABLE "sites" ALTER COLUMN "signups" SET DEFAULT 'all'::"public"."signup_mode";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DATA TYPE "public"."account_status" USING "status"::"public"."account_status";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "status" SET DEFAULT 'not_confirmed'::"public"."account_status";--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "deletion_reason" SET DATA TYPE "public"."deletion_reason" USING "deletion_reason"::"public"."deletion_reason";--> statement-breakpoint
CREATE INDEX "profiles_search_gender_country_idx" ON "profiles" USING btree ("gender","country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("region_id","gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_gender_idx" ON "profiles" USING btree ("gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_all_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
ALTER TABLE "credit_balances" ADD CONSTRAINT "credit_balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_reference_key" ON "credit_ledger" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "credit_ledger_user_idx" ON "credit_ledger" USING btree ("user_id","id");--> statement-breakpoint
-- Existing credits become an opening entry each, so balance = sum(ledger) holds from the start.
INSERT INTO "credit_ledger" ("user_id", "delta", "reason", "reference")
  SELECT "id", "credits", 'operator_correction', 'opening:' || "id" FROM "users" WHERE "credits" > 0;--> statement-breakpoint
INSERT INTO "credit_balances" ("user_id", "balance")
  SELECT "id", "credits" FROM "users" WHERE "credits" > 0;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "credits";--> statement-breakpoint
-- The ledger is a record of money: rows are only ever added. Anonymising an account leaves them alone.
CREATE FUNCTION "credit_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'credit_ledger is append-only: % refused', TG_OP USING ERRCODE = 'restrict_violation';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_update_delete" BEFORE UPDATE OR DELETE ON "credit_ledger"
  FOR EACH ROW EXECUTE FUNCTION "credit_ledger_append_only"();--> statement-breakpoint
CREATE TRIGGER "credit_ledger_no_truncate" BEFORE TRUNCATE ON "credit_ledger"
  FOR EACH STATEMENT EXECUTE FUNCTION "credit_ledger_append_only"();
