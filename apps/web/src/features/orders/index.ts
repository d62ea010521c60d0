// What other features may use of orders (eslint.config.js allows this file and nothing else in
// here): the buyer's order page (features/checkout) shows an order as My orders does.
export { CancelOrderDialog } from './components/cancel-order-dialog';
export { OrderDocuments } from './components/order-documents';
export { OrderRefunds, orderStateWords } from './components/order-refunds';
export { cancelOrderAsBuyer } from './api/order-actions';
export { shipmentWords } from './shipment-words';
