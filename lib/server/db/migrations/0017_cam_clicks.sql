CREATE TABLE "cam_clicks" (
	"id" serial PRIMARY KEY NOT NULL,
	"cam_id" text NOT NULL,
	"placement" text NOT NULL,
	"lander" text,
	"network" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cam_clicks_created_idx" ON "cam_clicks" USING btree ("created_at");