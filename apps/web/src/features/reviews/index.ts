// What other features show of reviews (decision 074): the purchase mark and stars on a review, and
// the ratings of a product (catalogue) or a store (sellers), issue 41.
export { HonestLabels, PurchaseMark, StarsGiven } from './components/purchase-mark';
export { ProductRatings, StoreRatings } from './components/rating-summary';
export { HelpfulButton } from './components/helpful-button';
export { ReviewReply } from './components/review-reply';
export { useMyVotes } from './api/feedback-api';
