DROP INDEX "profiles_search_gender_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_country_idx";--> statement-breakpoint
DROP INDEX "profiles_search_region_idx";--> statement-breakpoint
DROP INDEX "profiles_search_gender_idx";--> statement-breakpoint
DROP INDEX "profiles_search_all_idx";--> statement-breakpoint
CREATE INDEX "profiles_search_gender_country_idx" ON "profiles" USING btree ("gender","country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_country_idx" ON "profiles" USING btree ("country","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_region_idx" ON "profiles" USING btree ("region_id","gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_gender_idx" ON "profiles" USING btree ("gender","last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;--> statement-breakpoint
CREATE INDEX "profiles_search_all_idx" ON "profiles" USING btree ("last_active_at" DESC NULLS LAST,"user_id" DESC NULLS LAST,"date_of_birth") WHERE status = 'active' and not invisible;