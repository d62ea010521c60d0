/** Skills: sharing and finding skills, skill posts. */
export default {};
