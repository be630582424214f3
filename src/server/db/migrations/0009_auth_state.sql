CREATE TABLE "auth_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "auth_state_single_row_check" CHECK ("auth_state"."id" = 1)
);
