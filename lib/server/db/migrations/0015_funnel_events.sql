CREATE TABLE "funnel_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"lander" text,
	"slug" text,
	"network" text,
	"ref" text,
	"sub1" text,
	"sub2" text,
	"sub3" text,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "funnel_events_created_idx" ON "funnel_events" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "funnel_events_kind_user_idx" ON "funnel_events" USING btree ("kind","user_id");