-- Renters' car pages show each car's branch (name, town) and quotes use the branches' hours and
-- the extras' prices: a change to either bumps the catalogue version as a car change does
-- (docs/decisions/003, migration 0003), from the staff console or any other tool.
-- OR REPLACE: harmless if another migration made the same triggers first.
CREATE OR REPLACE TRIGGER "branches_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "extra_prices_bump_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "extra_prices"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalogue_version"();
