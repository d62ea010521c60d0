// What other features may use of contributions (eslint.config.js allows this file and nothing else
// in here): a review, tag, post, query or order sent with an existing account's contact waits for
// that account's code, and every form that sends one shows the same code box (issue 20).
export { ClaimCodeForm } from './components/claim-code-form';
