/**
 * Query keys of the public catalogue that a seller's own changes make stale: the store's catalogue
 * pages (features/sellers) and the product pages (features/catalogue, all under this prefix). The
 * seller console (features/seller-console) marks them stale after every product change, so a
 * seller who goes on to their store page sees the change.
 */
export const storeCatalogueKey = (userId: string) => ['sellers', 'catalogue', userId] as const;
export const productPagesKey = ['catalogue'] as const;
