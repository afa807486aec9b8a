CREATE TYPE "public"."payment_hold_reason" AS ENUM('discount_spent', 'amount_mismatch');--> statement-breakpoint
CREATE TABLE "discount_reservations" (
	"discount_code_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"payment_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_reservations_discount_code_id_user_id_pk" PRIMARY KEY("discount_code_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_reason" "payment_hold_reason";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "held_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_reservations" ADD CONSTRAINT "discount_reservations_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_reservations_payment_key" ON "discount_reservations" USING btree ("payment_id");--> statement-breakpoint
-- hand-written
-- Once-only codes already on payments: the member's paid payment with the code holds it (the first
-- paid), else the first payment with it that may still be paid. Payments left over with the same
-- code are held for customer service if they are paid later.
INSERT INTO "discount_reservations" ("discount_code_id", "user_id", "payment_id", "created_at")
  SELECT DISTINCT ON (p."discount_code_id", p."user_id") p."discount_code_id", p."user_id", p."id", p."created_at"
  FROM "payments" p JOIN "discount_codes" c ON c."id" = p."discount_code_id"
  WHERE c."validity" = 'once_per_user'
    AND (p."paid_at" IS NOT NULL OR p."status" IN ('open', 'pending', 'authorized'))
  ORDER BY p."discount_code_id", p."user_id", (p."paid_at" IS NULL), p."paid_at", p."id";
