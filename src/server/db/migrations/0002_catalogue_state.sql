CREATE TABLE "catalogue_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "catalogue_state_single_row_check" CHECK ("catalogue_state"."id" = 1)
);
