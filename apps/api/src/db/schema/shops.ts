import { sql, type SQL } from 'drizzle-orm';
import { doublePrecision, index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import type { Media, SellCategory } from '@app/domain';
import { createdAt, idColumn, updatedAt } from './columns.js';
import { tsvector } from './search-vector.js';
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
    /**
     * The GSTIN an admin approved, which the store's tax documents print ('' issues bills of supply);
     * one the seller gives waits in gstin_requests until then (decision 069).
     */
    gstin: text('gstin').notNull().default(''),
    /** Printed on the seller's tax documents (decision 031): legal name, registered address, GST state code. */
    legalName: text('legal_name').notNull().default(''),
    legalAddress: text('legal_address').notNull().default(''),
    gstStateCode: text('gst_state_code').notNull().default(''),
    /** The application's PAN, then the PAN of the approved GSTIN (its characters 3 to 12). */
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
    /** The store's business phone, chosen by the seller and public (decision 025); '' when not given. */
    phone: text('phone').notNull().default(''),
    /** Opening hours as one line of the seller's words, e.g. "Mon–Sat 10 am–8 pm"; '' when not given. */
    openingHours: text('opening_hours').notNull().default(''),
    sellCategory: jsonb('sell_category').$type<SellCategory[]>().notNull().default([]),
    media: jsonb('media').$type<Media[]>().notNull().default([]),
    /** The header search (migration 0022): the name first, then area and city. */
    searchVector: tsvector('search_vector')
      .notNull()
      .generatedAlwaysAs(
        (): SQL =>
          sql`setweight(to_tsvector('english', ${shops.name}), 'A') || setweight(to_tsvector('english', ${shops.area} || ' ' || ${shops.city}), 'B')`,
      ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('shops_user_idx').on(t.userId),
    index('shops_name_idx').on(t.name),
    index('shops_search_idx').using('gin', t.searchVector).with({ fastupdate: false }),
    index('shops_lat_lng_idx').on(t.latitude, t.longitude),
    // Who else holds a GSTIN, asked whenever a seller gives one.
    index('shops_gstin_idx')
      .on(t.gstin)
      .where(sql`${t.gstin} <> ''`),
  ],
);
