// What the modules built on orders (payments, refunds, cash on delivery) use of its data (issue 42):
// a module reaches another only through what it exports, never its repository (STYLE.md 14). They
// import orders; orders imports none of them (what it needs of them is passed in: orders-context.ts).
export {
  AWAITING_PAYMENT,
  findOrderById,
  orderEventPayload,
  recordOrderEvent,
  type OrderRow,
} from './orders.repository.js';
export { orderWithProduct, type OrderListRow } from './order-lists.repository.js';
export { findOrderForReview, type OrderForReview } from './order-for-review.repository.js';
export { deleteEmptyHolds, hasUnits, subtractHold, takeUnits } from './stock-holds.repository.js';
