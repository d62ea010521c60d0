// What other features may use of the account (eslint.config.js allows this file and nothing else in
// here): the address book's form, with which an order placed "address needed" is given its
// address on the order page (decision 051).
export { DeliveryAddressForm } from './components/delivery-address-form';
