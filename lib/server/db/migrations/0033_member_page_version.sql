ALTER TABLE "profiles" ADD COLUMN "page_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A member's page version moves on with every change to what their page shows: any column of the
-- profile but its last activity (written every few minutes), their photos and their interests.
CREATE FUNCTION profile_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(NEW) - 'last_active_at' - 'page_version') IS DISTINCT FROM (to_jsonb(OLD) - 'last_active_at' - 'page_version') THEN
    NEW.page_version := OLD.page_version + 1;
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_page_version BEFORE UPDATE ON "profiles" FOR EACH ROW EXECUTE FUNCTION profile_page_version();
--> statement-breakpoint
CREATE FUNCTION owner_page_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    UPDATE "profiles" SET page_version = page_version + 1 WHERE user_id = OLD.user_id;
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    UPDATE "profiles" SET page_version = page_version + 1 WHERE user_id = NEW.user_id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER photos_page_version AFTER INSERT OR UPDATE OR DELETE ON "photos" FOR EACH ROW EXECUTE FUNCTION owner_page_version();
--> statement-breakpoint
CREATE TRIGGER profile_interests_page_version AFTER INSERT OR UPDATE OR DELETE ON "profile_interests" FOR EACH ROW EXECUTE FUNCTION owner_page_version();
