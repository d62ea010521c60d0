// What other modules read of the locator (issue 42): a module reaches another only through what it
// exports, never its repository. A store saved without coordinates is placed at the middle of the
// approved stores of its pincode (shops.service).
export { findPincodeMiddle } from './locator.repository.js';
