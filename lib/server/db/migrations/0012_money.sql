CREATE TYPE "public"."discount_code_status" AS ENUM('active', 'inactive');--> statement-breakpoint
CREATE TYPE "public"."discount_code_validity" AS ENUM('once_per_user', 'unlimited');--> statement-breakpoint
CREATE TYPE "public"."mandate_status" AS ENUM('pending', 'valid', 'invalid');--> statement-breakpoint
CREATE TYPE "public"."payment_provider" AS ENUM('sandbox', 'mollie');--> statement-breakpoint
CREATE TYPE "public"."payment_reversal_kind" AS ENUM('refund', 'chargeback');--> statement-breakpoint
CREATE TYPE "public"."payment_sequence" AS ENUM('oneoff', 'first', 'recurring');--> statement-breakpoint
CREATE TYPE "public"."payment_status" AS ENUM('open', 'pending', 'authorized', 'paid', 'failed', 'canceled', 'expired');--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'payment_receipt';--> statement-breakpoint
CREATE TABLE "credit_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"credits" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"best_value" boolean DEFAULT false NOT NULL,
	"position" smallint DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_bundles_credits_positive" CHECK ("credit_bundles"."credits" > 0),
	CONSTRAINT "credit_bundles_amount_positive" CHECK ("credit_bundles"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "direct_debit_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"discount_code_id" integer,
	"account_holder" text NOT NULL,
	"iban" text NOT NULL,
	"street" text NOT NULL,
	"house_number" text NOT NULL,
	"postal_code" text NOT NULL,
	"city" text NOT NULL,
	"country" char(2) NOT NULL,
	"mobile" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_expires_at" timestamp with time zone NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"country" char(2),
	"user_id" integer,
	"expires_at" timestamp with time zone,
	"value_percentage" smallint NOT NULL,
	"currency" char(3),
	"minimum_order_minor" integer,
	"status" "discount_code_status" DEFAULT 'active' NOT NULL,
	"validity" "discount_code_validity" DEFAULT 'once_per_user' NOT NULL,
	"payment_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"welcome" boolean DEFAULT false NOT NULL,
	"welcome_hours" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage_range" CHECK ("discount_codes"."value_percentage" > 0 and "discount_codes"."value_percentage" < 100)
);
--> statement-breakpoint
CREATE TABLE "discount_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"discount_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"max_attempts" smallint DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"done_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"payment_country" char(2),
	"customer_provider" "payment_provider",
	"provider_customer_id" text,
	"direct_debit_blocked_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_mandates" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_customer_id" text NOT NULL,
	"provider_mandate_id" text NOT NULL,
	"method" text NOT NULL,
	"status" "mandate_status" DEFAULT 'pending' NOT NULL,
	"label" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_reversals" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"kind" "payment_reversal_kind" NOT NULL,
	"provider_reversal_id" text NOT NULL,
	"amount_minor" integer NOT NULL,
	"credits" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"bundle_id" integer NOT NULL,
	"country" char(2) NOT NULL,
	"currency" char(3) NOT NULL,
	"credits" integer NOT NULL,
	"list_amount_minor" integer NOT NULL,
	"amount_minor" integer NOT NULL,
	"discount_code_id" integer,
	"discount_percentage" smallint DEFAULT 0 NOT NULL,
	"method" text NOT NULL,
	"provider" "payment_provider" NOT NULL,
	"provider_payment_id" text,
	"status" "payment_status" DEFAULT 'open' NOT NULL,
	"sequence" "payment_sequence" DEFAULT 'oneoff' NOT NULL,
	"mandate_id" integer,
	"checkout_url" text,
	"reversed_minor" integer DEFAULT 0 NOT NULL,
	"unrecovered_credits" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	CONSTRAINT "payments_amount_nonnegative" CHECK ("payments"."amount_minor" >= 0),
	CONSTRAINT "payments_credits_positive" CHECK ("payments"."credits" > 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" text PRIMARY KEY NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" char(3) NOT NULL,
	"method" text NOT NULL,
	"description" text NOT NULL,
	"status" "payment_status" DEFAULT 'open' NOT NULL,
	"sequence" "payment_sequence" DEFAULT 'oneoff' NOT NULL,
	"customer_id" text,
	"mandate_id" text,
	"redirect_url" text NOT NULL,
	"webhook_url" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reversals" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_number" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_bundle_id_credit_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."credit_bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_debit_requests" ADD CONSTRAINT "direct_debit_requests_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_redemptions" ADD CONSTRAINT "discount_redemptions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_accounts" ADD CONSTRAINT "payment_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_mandates" ADD CONSTRAINT "payment_mandates_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reversals" ADD CONSTRAINT "payment_reversals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_bundle_id_credit_bundles_id_fk" FOREIGN KEY ("bundle_id") REFERENCES "public"."credit_bundles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mandate_id_payment_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."payment_mandates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_bundles_country_idx" ON "credit_bundles" USING btree ("country","active","position");--> statement-breakpoint
CREATE INDEX "direct_debit_requests_user_idx" ON "direct_debit_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_code_key" ON "discount_codes" USING btree (upper("code"));--> statement-breakpoint
CREATE UNIQUE INDEX "discount_redemptions_payment_key" ON "discount_redemptions" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "discount_redemptions_code_user_idx" ON "discount_redemptions" USING btree ("discount_code_id","user_id");--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("run_at") WHERE "jobs"."done_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_mandates_provider_key" ON "payment_mandates" USING btree ("provider","provider_mandate_id");--> statement-breakpoint
CREATE INDEX "payment_mandates_user_idx" ON "payment_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_reversals_provider_key" ON "payment_reversals" USING btree ("kind","provider_reversal_id");--> statement-breakpoint
CREATE INDEX "payment_reversals_payment_idx" ON "payment_reversals" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_id_key" ON "payments" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "payments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "payments_status_idx" ON "payments" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_payments_created_idx" ON "sandbox_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sms_outbox_to_idx" ON "sms_outbox" USING btree ("to_number");--> statement-breakpoint
CREATE INDEX "sms_outbox_created_idx" ON "sms_outbox" USING btree ("created_at");