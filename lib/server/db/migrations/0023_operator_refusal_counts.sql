CREATE TABLE "operator_refusal_counts" (
	"window_start" timestamp with time zone NOT NULL,
	"ip" text NOT NULL,
	"route" text NOT NULL,
	"status" smallint NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "operator_refusal_counts_window_start_ip_route_status_pk" PRIMARY KEY("window_start","ip","route","status")
);
--> statement-breakpoint
CREATE INDEX "operator_refusal_counts_last_idx" ON "operator_refusal_counts" USING btree ("last_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operator_refusal_counts_ip_idx" ON "operator_refusal_counts" USING btree ("ip","window_start");--> statement-breakpoint
CREATE INDEX "operator_audit_log_ip_idx" ON "operator_audit_log" USING btree ("ip","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "operator_audit_log_at_idx" ON "operator_audit_log" USING btree ("at");