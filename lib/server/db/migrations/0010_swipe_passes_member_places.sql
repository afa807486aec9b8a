CREATE TABLE "swipe_passes" (
	"member_id" integer NOT NULL,
	"passed_id" integer NOT NULL,
	"passed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "swipe_passes_member_id_passed_id_pk" PRIMARY KEY("member_id","passed_id")
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "lat" double precision;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "lon" double precision;--> statement-breakpoint
ALTER TABLE "swipe_passes" ADD CONSTRAINT "swipe_passes_member_id_users_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "swipe_passes" ADD CONSTRAINT "swipe_passes_passed_id_users_id_fk" FOREIGN KEY ("passed_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "swipe_passes_passed_idx" ON "swipe_passes" USING btree ("passed_id");