/** The seller console, settlements, the team and its rights. */
export default {};
