-- Branches and the extras' prices are read with the car catalogue (cards show the branch,
-- quotes price the extras): a change to either bumps the catalogue version like a car change,
-- so every process reloads them at once instead of quoting stale prices (PRICE-1, PRICE-3).
CREATE TRIGGER "branches_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();--> statement-breakpoint
CREATE TRIGGER "extra_prices_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "extra_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
