// What other features may use of referrals (eslint.config.js allows this file and nothing else in
// here): the referral link and what it earned, shown on My Account (decisions 033, 055).
export { MyReferrals } from './components/my-referrals';
