CREATE TYPE "public"."like_source" AS ENUM('member', 'swipe', 'auto', 'signup');--> statement-breakpoint
CREATE TABLE "likes" (
	"liker_id" integer NOT NULL,
	"liked_id" integer NOT NULL,
	"source" "like_source" DEFAULT 'member' NOT NULL,
	"is_new" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matched_at" timestamp with time zone,
	CONSTRAINT "likes_liker_id_liked_id_pk" PRIMARY KEY("liker_id","liked_id")
);
--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liker_id_users_id_fk" FOREIGN KEY ("liker_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "likes" ADD CONSTRAINT "likes_liked_id_users_id_fk" FOREIGN KEY ("liked_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_sent_idx" ON "likes" USING btree ("liker_id","created_at" DESC NULLS LAST,"liked_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "likes_received_idx" ON "likes" USING btree ("liked_id","is_new" DESC NULLS LAST,"created_at" DESC NULLS LAST,"liker_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "likes_matches_idx" ON "likes" USING btree ("liker_id","matched_at" DESC NULLS LAST,"liked_id" DESC NULLS LAST) WHERE matched_at is not null;