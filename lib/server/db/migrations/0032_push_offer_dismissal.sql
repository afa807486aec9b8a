ALTER TABLE "users" ADD COLUMN "push_offer_dismissed_at" timestamp with time zone;
