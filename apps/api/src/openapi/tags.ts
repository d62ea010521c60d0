/** Every tag the routes use, with the description client developers read beside its operations. */
export const TAGS: ReadonlyArray<{ name: string; description: string }> = [
  {
    name: 'accounts',
    description: 'Logging in and out, the session token, passwords and contact verification.',
  },
  {
    name: 'applications',
    description:
      'Applying as an expert, a brand or a retailer, before an account exists; the admin approves.',
  },
  {
    name: 'admin',
    description:
      'The admin and team members with the right: applicants, the team, lookups, the outbox and held contributions.',
  },
  { name: 'site', description: 'Public company and contact details for the marketing and legal pages.' },
  { name: 'shops', description: "Stores: their public pages, the seller's own store and delivery terms." },
  {
    name: 'store locator',
    description: 'Nearest approved stores for a category or a brand, and places to search around.',
  },
  {
    name: 'lookups',
    description: 'States, cities, countries, categories, influencer fields, pincodes and hashtags.',
  },
  { name: 'media', description: 'Uploading images, videos and PDFs that forms then refer to by URL.' },
  {
    name: 'products',
    description:
      "A store's catalogue: listing, searching, creating and updating products, CSV import and export.",
  },
  { name: 'posts', description: 'Reviews, service and tag posts, their feeds and their verification.' },
  {
    name: 'moderation',
    description: 'Reporting posts, and the moderators hiding, restoring or removing them.',
  },
  {
    name: 'queries',
    description: 'Questions asked by visitors, the posts that answer them, and messages to creators.',
  },
  {
    name: 'mentions',
    description: 'Tags of stores, brands and influencers in posts, and their owners accepting them.',
  },
  {
    name: 'orders',
    description:
      'Placing and paying orders, their state, fulfilment, cancellation, refunds, cash on delivery and the payment webhook.',
  },
  {
    name: 'invoices',
    description: "Tax invoices and credit notes of an order, and the seller's tax details.",
  },
  {
    name: 'ledger',
    description: 'Settlements owed to sellers, rewards owed to referrers, payouts and commission rates.',
  },
  {
    name: 'skills',
    description: 'Skill posts, recruiters and their requirements, and responses through the platform.',
  },
  { name: 'search', description: 'The header search across public posts, queries, products and stores.' },
  {
    name: 'contributions',
    description:
      "Posts sent with an existing account's contact, waiting for that account's holder to confirm them.",
  },
  { name: 'notifications', description: 'Which messages an account receives, and unsubscribing by link.' },
  {
    name: 'privacy',
    description: 'A copy of your data, deleting your account, and the requests the admin handles.',
  },
  { name: 'operations', description: 'For operators: metrics and backups.' },
];
