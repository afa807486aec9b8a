CREATE TABLE "blocks" (
	"blocker_id" integer NOT NULL,
	"blocked_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"reporter_id" integer,
	"reporter_email" text NOT NULL,
	"reported_user_id" integer,
	"reason" text NOT NULL,
	"text" text NOT NULL,
	"conversation_ref" text,
	"locale" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"filename" text NOT NULL,
	"thumb_filename" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"is_main" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "invisible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "fictional" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocker_id_users_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_blocked_id_users_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_reported_user_id_users_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "photos" ADD CONSTRAINT "photos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "blocks_pair_key" ON "blocks" USING btree ("blocker_id","blocked_id");--> statement-breakpoint
CREATE INDEX "blocks_blocked_idx" ON "blocks" USING btree ("blocked_id","blocker_id");--> statement-breakpoint
CREATE INDEX "complaints_created_idx" ON "complaints" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "complaints_reported_idx" ON "complaints" USING btree ("reported_user_id");--> statement-breakpoint
CREATE INDEX "photos_user_idx" ON "photos" USING btree ("user_id","position","id");--> statement-breakpoint
CREATE UNIQUE INDEX "photos_one_main_key" ON "photos" USING btree ("user_id") WHERE is_main;--> statement-breakpoint
CREATE INDEX "profiles_search_gender_country_idx" ON "profiles" USING btree ("gender","country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("region_id","gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_all_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST) WHERE status = 'active' and not invisible;