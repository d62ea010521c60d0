// What other features may use of moderation (eslint.config.js allows this file and nothing else in
// here): "Report this post", which fills the moderators' queue, on reviews, product pages and
// skill posts.
export { ReportPost } from './components/report-post';
