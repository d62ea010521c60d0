/** Sign-up, login, the account, password and contact changes, referral, outbox, privacy and legal pages. */
export default {};
