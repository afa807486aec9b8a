CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"kvk" text NOT NULL,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"tradenames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"vat_numbers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"support_phone" text NOT NULL,
	"delete_discount" smallint DEFAULT 0 NOT NULL,
	"added" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interests" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_bounces" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "regions" (
	"id" serial PRIMARY KEY NOT NULL,
	"country" char(2) NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" serial PRIMARY KEY NOT NULL,
	"domain" text NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"index_title" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"countries" jsonb NOT NULL,
	"default_country" char(2) NOT NULL,
	"visible_profile_fields" jsonb NOT NULL,
	"visible_profile_notes" jsonb NOT NULL,
	"search_fields" jsonb NOT NULL,
	"cdn_prefix" text DEFAULT '/cdn/' NOT NULL,
	"message_credits" integer NOT NULL,
	"photo_credits" integer NOT NULL,
	"gift_credits" integer NOT NULL,
	"signup_credits" integer NOT NULL,
	"message_length" integer NOT NULL,
	"minimum_message_costs" jsonb NOT NULL,
	"support_email" text NOT NULL,
	"enable_site_entry_popup" boolean DEFAULT false NOT NULL,
	"domain_language" text,
	"fictional_warning" jsonb NOT NULL,
	"fictional_singular" jsonb NOT NULL,
	"fictional_plural" jsonb NOT NULL,
	"refund_days" integer NOT NULL,
	"signups" text DEFAULT 'all' NOT NULL,
	"logged_out_search" boolean DEFAULT true NOT NULL,
	"logged_out_search_trafficsource" boolean DEFAULT true NOT NULL,
	"member_resell" boolean DEFAULT false NOT NULL,
	"niche" smallint DEFAULT 1 NOT NULL,
	"mail_name" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interests_slug_key" ON "interests" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "page_bounces_created_idx" ON "page_bounces" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_limits_key_window" ON "rate_limits" USING btree ("key","window_start");--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_start");--> statement-breakpoint
CREATE UNIQUE INDEX "regions_code_key" ON "regions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "regions_country_idx" ON "regions" USING btree ("country");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_domain_key" ON "sites" USING btree ("domain");