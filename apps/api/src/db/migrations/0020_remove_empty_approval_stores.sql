-- Approving a retailer added a second, empty store named after the owner (issue 21: the approval's
-- "has a shop" check compared a shop's owner with the shop's own id, so it never found the store the
-- retailer onboarded with). Those stores were listed on /viewstores and chosen by store pickers.
-- Removed here: a store with no address, pincode, GSTIN, location or photos, made after another
-- store of the same owner. A store a seller filled in since is kept.
DELETE FROM "shops" s
WHERE s."address" = '' AND s."pin_code" = '' AND s."gstin" = '' AND s."area" = ''
  AND s."latitude" IS NULL AND s."longitude" IS NULL AND s."media" = '[]'::jsonb
  AND EXISTS (
    SELECT 1 FROM "shops" o
    WHERE o."user_id" = s."user_id" AND o."id" <> s."id" AND o."created_at" < s."created_at"
  );
