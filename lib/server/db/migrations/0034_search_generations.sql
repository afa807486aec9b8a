CREATE TABLE "search_generations" (
	"country" char(2) PRIMARY KEY NOT NULL,
	"generation" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- A profile that may enter or leave a search moves its country's generation on (both countries when
-- it moves): a new or removed profile, or a change to what a search shows or filters by. A search of
-- every country reads the sum of all of them (no row every change would queue on).
CREATE FUNCTION bump_search_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND (NEW.status, NEW.invisible, NEW.country, NEW.gender, NEW.sexuality, NEW.date_of_birth, NEW.region_id, NEW.verified)
      IS NOT DISTINCT FROM (OLD.status, OLD.invisible, OLD.country, OLD.gender, OLD.sexuality, OLD.date_of_birth, OLD.region_id, OLD.verified) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "search_generations" (country, generation)
  SELECT DISTINCT c, 1 FROM unnest(ARRAY[
    CASE WHEN TG_OP <> 'DELETE' THEN NEW.country END,
    CASE WHEN TG_OP <> 'INSERT' THEN OLD.country END
  ]::char(2)[]) AS c WHERE c IS NOT NULL
  ON CONFLICT (country) DO UPDATE SET generation = "search_generations".generation + 1;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER profiles_search_generation AFTER INSERT OR UPDATE OR DELETE ON "profiles" FOR EACH ROW EXECUTE FUNCTION bump_search_generation();
