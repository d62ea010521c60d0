import { describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { shops, users } from '../db/schema/index.js';
import { qualified } from './qualified.js';

describe('qualified', () => {
  it("keeps an outer column of a select field's subquery from being read as the inner table's", () => {
    const count = (outer: typeof users.id | SQL) =>
      new QueryBuilder()
        .select({ n: sql<number>`(select count(*)::int from ${shops} where ${shops.userId} = ${outer})` })
        .from(users)
        .toSQL().sql;
    // The trap this exists for: Drizzle writes a select field's columns bare.
    expect(count(users.id)).toContain('where "user_id" = "id")');
    expect(count(qualified(users.id))).toContain('where "user_id" = "users"."id")');
  });
});
