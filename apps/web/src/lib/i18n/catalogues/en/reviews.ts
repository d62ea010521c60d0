/** Reviews: writing, reading, tagging and reporting posts. */
export default {};
