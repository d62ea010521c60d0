import { sql, type SQL } from 'drizzle-orm';
import { influencerProfiles, shops, users } from './schema/index.js';

/**
 * The name a profile goes by, for "asked of …" and "Tagged to …": its store's or brand's name (the
 * first store when it has several), else its creator profile's, else the account's owner. Null when
 * the account is gone. `userId` is the outer column, qualified (lib/qualified.ts).
 */
export function profileName(userId: SQL): SQL<string | null> {
  return sql<string | null>`coalesce(
    (select ${shops.name} from ${shops} where ${shops.userId} = ${userId} order by ${shops.createdAt} limit 1),
    (select ${influencerProfiles.name} from ${influencerProfiles} where ${influencerProfiles.userId} = ${userId}),
    (select ${users.ownerName} from ${users} where ${users.id} = ${userId}))`;
}

/**
 * The name a seller goes by in an order's messages and on its review form: their first store's name,
 * else the account's owner. Null when the account is gone. `userId` as for profileName.
 */
export function sellerName(userId: SQL): SQL<string | null> {
  return sql<string | null>`coalesce(
    (select ${shops.name} from ${shops} where ${shops.userId} = ${userId} order by ${shops.createdAt} limit 1),
    (select ${users.ownerName} from ${users} where ${users.id} = ${userId}))`;
}
