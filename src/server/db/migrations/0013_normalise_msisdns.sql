-- Sign-in numbers are stored as E.164 digits without '+' (ACCT-1). Rows written before the
-- numbers were parsed by a library may hold other forms of the same number: '00233…' (the
-- international prefix dialled from Ghana), '2330…' (country code with the trunk 0 kept),
-- '0…' (national) or punctuation. They are rewritten here. Two accounts that turn out to be
-- one number are never merged silently: the migration stops and names them, and staff decide
-- which account keeps the number.
DO $$
DECLARE
  clash text;
BEGIN
  CREATE TEMPORARY TABLE "msisdn_rewrites" ON COMMIT DROP AS
  WITH "digits" AS (
    SELECT "id", "msisdn", regexp_replace("msisdn", '[^0-9]', '', 'g') AS "d" FROM "users"
  ), "international" AS (
    SELECT "id", "msisdn",
      CASE WHEN "d" ~ '^00[1-9]' THEN substr("d", 3) ELSE "d" END AS "d"
    FROM "digits"
  )
  SELECT "id", "msisdn",
    CASE
      WHEN "d" ~ '^2330[0-9]{9}$' THEN '233' || right("d", 9)
      WHEN "d" ~ '^0[0-9]{9}$' THEN '233' || substr("d", 2)
      ELSE "d"
    END AS "normalised"
  FROM "international";

  SELECT string_agg(
      format('users %s would all be %s',
        "ids",
        left("normalised", 5) || repeat('*', greatest(length("normalised") - 8, 0)) ||
          right("normalised", 3)),
      '; ')
    INTO clash
  FROM (
    SELECT "normalised", string_agg("id"::text, ', ' ORDER BY "id") AS "ids"
    FROM "msisdn_rewrites"
    GROUP BY "normalised"
    HAVING count(*) > 1
  ) AS "clashes";

  IF clash IS NOT NULL THEN
    RAISE EXCEPTION 'Cannot normalise phone numbers: two accounts would share one number (%). Give one of each pair another number or remove it, then start again.', clash;
  END IF;

  UPDATE "users" SET "msisdn" = r."normalised", "updated_at" = now()
  FROM "msisdn_rewrites" AS r
  WHERE "users"."id" = r."id" AND r."normalised" <> r."msisdn";
END;
$$;
