import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { PAYMENT_WINDOW_MINUTES } from '@app/domain';
import type { Database } from '../db/client.js';
import { buyerDevice } from '../lib/buyer-device.js';
import { notNullViolation, uniqueViolation } from '../lib/db-errors.js';
import { newId } from '../lib/ids.js';

/**
 * The floor under any route that reads the database, for the benchmarks (issue 24): the same
 * server, with every hook a public route has, runs one `select 1` through the same pool and answers
 * a static JSON body of `bytes` bytes, the size of the route it is compared with (a third of a cache
 * miss is socket writes). No database route can be faster than this on the same machine. Registered
 * only with BENCH_FLOOR=1, and outside /api, so it never exists in production.
 *
 * `POST /bench/floor/order/{bytes}` is the floor under placing an order (issue 42): the writes of a
 * signed-in buyer's online order, on shadow tables without triggers, in one round trip.
 */
export function registerBenchFloor(app: FastifyInstance, db: Database) {
  const bodies = new Map<number, string>();
  const bodyOf = (bytes: number) => {
    const size = Math.min(Math.max(bytes, 0), 1024 * 1024);
    let body = bodies.get(size);
    if (body === undefined) {
      const envelope = '{"status":200,"message":"OK","Data":""}';
      body = `${envelope.slice(0, -2)}${'x'.repeat(Math.max(0, size - envelope.length))}"}`;
      bodies.set(size, body);
    }
    return body;
  };
  const bytesOf = (request: FastifyRequest<{ Params: { bytes: string } }>) =>
    Number.parseInt(request.params.bytes, 10) || 0;
  const selectOne = sql`select 1`;
  // POST reads and ignores its JSON body, as the nearby and Similar Responses searches read theirs.
  for (const method of ['GET', 'POST'] as const) {
    app.route<{ Params: { bytes: string } }>({
      method,
      url: '/bench/floor/:bytes',
      schema: { hide: true },
      handler: async (request, reply) => {
        await db.execute(selectOne);
        return reply.type('application/json; charset=utf-8').send(bodyOf(bytesOf(request)));
      },
    });
  }

  const placeFloorOrder = orderFloor(db);
  app.route<{ Params: { bytes: string }; Body: OrderFloorBody }>({
    method: 'POST',
    url: '/bench/floor/order/:bytes',
    schema: { hide: true },
    // Its buyer is a hash of the Authorization header: the session lookup is the order's work, and
    // a write that forgot the remembered sessions would make the order's lookups the floor's too.
    config: { withoutSession: true, sessionsUnchanged: true },
    handler: async (request, reply) => {
      const { productId, quantity = 1, address } = request.body ?? {};
      if (typeof productId !== 'string' || !Number.isInteger(quantity) || quantity < 1 || !address) {
        return reply.code(400).send({ status: 400, message: 'productId, quantity and address' });
      }
      const placed = await placeFloorOrder(request, { productId, quantity, address });
      return reply
        .code(placed ? 201 : 409)
        .type('application/json; charset=utf-8')
        .send(bodyOf(bytesOf(request)));
    },
  });
}

interface OrderFloorBody {
  productId?: unknown;
  quantity?: number;
  address?: unknown;
}

/**
 * bench_floor.<table> for each table a signed-in buyer's online order writes (take-stock.repository.ts:
 * stock_holds, products, orders), `LIKE <table> INCLUDING ALL`: the same columns, defaults,
 * constraints and indexes, no triggers and no foreign keys (LIKE copies neither; nor table storage
 * options, of which these tables have none). The products are copied as they are when the floor is
 * first used, after the bench seeded them; generated columns (the search vector) are computed, not
 * copied. One DO block, under a lock, so concurrent first requests (and workers) wait for one
 * creation; an existing schema is reused.
 */
const CREATE_SHADOW_TABLES = sql.raw(`do $$
declare
  product_columns text;
begin
  perform pg_advisory_xact_lock(hashtext('bench_floor'));
  if to_regclass('bench_floor.orders') is not null then return; end if;
  create schema if not exists bench_floor;
  create table bench_floor.products (like products including all);
  create table bench_floor.stock_holds (like stock_holds including all);
  create table bench_floor.orders (like orders including all);
  select string_agg(quote_ident(attname), ', ' order by attnum) into product_columns from pg_attribute
  where attrelid = 'products'::regclass and attnum > 0 and not attisdropped and attgenerated = '';
  execute format('insert into bench_floor.products (%s) select %s from products', product_columns, product_columns);
  analyze bench_floor.products;
end $$`);

/**
 * The one statement of the order floor, as the order's own (orders_take_stock) is one statement:
 * a data-modifying CTE adds the order to its six stock_holds rows (the device, the address and the
 * account, each on all products and on this one) within a cap, takes the stock only while enough is
 * left, the product is active and every hold row was counted, and inserts the order, its seller from
 * the stock taken (none taken: NOT NULL refuses it, as the order's statement is refused). One
 * statement rather than `begin; ...; commit;` in one simple query: it is one round trip either way,
 * but a simple query cannot carry parameters (the values would be quoted into its text and planned
 * on every call), and one statement in its own transaction is exactly what an order runs. Prepared
 * by name on each connection, as the order's statement is, so it is parsed once.
 */
const ORDER_FLOOR_SQL = `with held as (
  insert into bench_floor.stock_holds as h (holder, product_id, orders, units)
  select v.holder, v.product_id, 1, $2::int
  from (values ($3::text, ''), ($3, $1::text), ($4::text, ''), ($4, $1), ($5::text, ''), ($5, $1))
    as v(holder, product_id)
  on conflict (holder, product_id) do update
    set orders = h.orders + 1, units = h.units + excluded.units
    where h.orders < 1000000000
  returning h.holder
), taken as (
  update bench_floor.products set inventory_quantity = inventory_quantity - $2, updated_at = now()
  where id = $1 and inventory_quantity >= $2 and is_active and (select count(*) from held) = 6
  returning user_id, retail_dsct_price
)
insert into bench_floor.orders (id, buyer_user_id, seller_user_id, product_id, source, channel, quantity,
  unit_price, amount, address, payment_state, hold_expires_at, client_ip, client_device, provider,
  payment_session_id, idempotency_key, request_hash, placed_by_user_id, payment_method)
values ($6, $7, (select user_id from taken), $1, 'saveOrder2', 'b2c', $2,
  coalesce((select retail_dsct_price from taken), 0), coalesce((select retail_dsct_price from taken), 0) * $2,
  $8::jsonb, 'CREATED', now() + $9 * interval '1 minute', $10, $11, 'simulator', $12, $13, $14, $7, 'ONLINE')
returning id`;

/**
 * Places an order on the shadow tables with the request's values and no business code: the buyer
 * is known by a hash of its Authorization header (no session lookup), the device by its cookie or a
 * new id (as the order route does), the address as sent. False when the stock or the key refused it.
 */
function orderFloor(db: Database) {
  // The pool behind Drizzle: a named statement is parsed once per connection (Drizzle's `execute`
  // sends an unnamed one, planned on every call).
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let shadowTables: Promise<void> | undefined;
  return async (
    request: FastifyRequest,
    order: { productId: string; quantity: number; address: unknown },
  ): Promise<boolean> => {
    shadowTables ??= db
      .execute(CREATE_SHADOW_TABLES)
      .then(() => undefined)
      .catch((error: unknown) => {
        shadowTables = undefined;
        throw error;
      });
    await shadowTables;
    // One-shot digests, as the order's session lookup and request hash are (lib/tokens.ts).
    const buyer = hash('sha256', request.headers.authorization ?? request.ip, 'hex').slice(0, 24);
    const device = buyerDevice(request.headers.cookie).id;
    const orderId = newId();
    const key = request.headers['idempotency-key'];
    try {
      await pool.query({
        name: 'bench_floor_order',
        text: ORDER_FLOOR_SQL,
        values: [
          order.productId,
          order.quantity,
          `device:${device}`,
          `ip:${request.ip}`,
          `user:${buyer}`,
          orderId,
          buyer,
          JSON.stringify(order.address),
          PAYMENT_WINDOW_MINUTES,
          request.ip,
          device,
          `floor_${orderId}`,
          typeof key === 'string' ? key : null,
          hash('sha256', JSON.stringify(request.body), 'base64url'),
        ],
      });
      return true;
    } catch (error) {
      if (notNullViolation(error) === 'seller_user_id' || uniqueViolation(error)) return false;
      throw error;
    }
  };
}
