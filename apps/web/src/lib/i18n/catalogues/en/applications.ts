/** Brand, retailer and expert applications and onboarding. */
export default {};
