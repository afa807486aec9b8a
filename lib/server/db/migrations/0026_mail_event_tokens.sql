CREATE TABLE "mail_event_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mail_event_tokens_signed_idx" ON "mail_event_tokens" USING btree ("signed_at");