CREATE TABLE "staff_branches" (
	"user_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	CONSTRAINT "staff_branches_user_id_branch_id_pk" PRIMARY KEY("user_id","branch_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_branches" ADD CONSTRAINT "staff_branches_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_branches_branch_id_idx" ON "staff_branches" USING btree ("branch_id");--> statement-breakpoint
-- Every staff account so far could do everything: each becomes an owner (ROLE-1).
UPDATE "users" SET "staff_role" = 'owner' WHERE "role" = 'staff';--> statement-breakpoint
-- A staff member's branches are part of their cached sign-in (session-cache.ts): any change
-- to them bumps the version, as a change to the user does (migration 0010).
CREATE TRIGGER "staff_branches_bump_auth_version" AFTER INSERT OR UPDATE OR DELETE ON "staff_branches"
  FOR EACH ROW EXECUTE FUNCTION "bump_auth_version"();--> statement-breakpoint
CREATE TRIGGER "staff_branches_bump_auth_version_on_truncate" AFTER TRUNCATE ON "staff_branches"
  FOR EACH STATEMENT EXECUTE FUNCTION "bump_auth_version"();--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_staff_role_check" CHECK (("users"."role" = 'staff') = ("users"."staff_role" is not null) and "users"."staff_role" in ('owner', 'manager', 'agent'));