/** Store locator, store pages, sellers' pages and catalogues. */
export default {};
