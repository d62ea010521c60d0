import { doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Media, SellCategory } from '@app/domain';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { users } from './users.js';

/** A brand's or retailer's store. Location is kept as plain latitude/longitude columns. */
export const shops = pgTable(
  'shops',
  {
    id: idColumn(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    companyName: text('company_name').notNull().default(''),
    businessType: text('business_type').notNull().default(''),
    gstin: text('gstin').notNull().default(''),
    pan: text('pan').notNull().default(''),
    area: text('area').notNull().default(''),
    yearOfEstablishment: text('year_of_establishment').notNull().default(''),
    address: text('address').notNull().default(''),
    pinCode: text('pin_code').notNull().default(''),
    city: text('city').notNull().default(''),
    state: text('state').notNull().default(''),
    country: text('country').notNull().default(''),
    cityId: text('city_id'),
    stateId: text('state_id'),
    countryId: text('country_id'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    sellCategory: jsonb('sell_category').$type<SellCategory[]>().notNull().default([]),
    media: jsonb('media').$type<Media[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shops_user_idx').on(t.userId),
    index('shops_name_idx').on(t.name),
    index('shops_lat_lng_idx').on(t.latitude, t.longitude),
  ],
);
