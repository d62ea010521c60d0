/** The admin's screens: moderation, deletion requests, approvals. */
export default {};
