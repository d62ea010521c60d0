import type { ApplicationDetails, Media, SellCategory } from '@app/domain';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function link(value: unknown): { name: string; url: string } | null {
  if (!value || typeof value !== 'object') return null;
  const { name, url } = value as { name?: unknown; url?: unknown };
  return typeof url === 'string' && url !== '' ? { name: text(name), url } : null;
}

export interface ShopDocuments {
  name: string;
  companyName: string;
  businessType: string;
  gstin: string;
  pan: string;
  city: string;
  state: string;
  address: string;
  area: string;
  pinCode: string;
  sellCategory: SellCategory[];
  media: Media[];
}

/**
 * What an applicant submitted, from the stored application (`users.details`, as each form sent it)
 * and their first shop: the same shape for every kind, blank where a kind has no such field.
 */
export function applicationDetails(
  details: Record<string, unknown>,
  shop?: ShopDocuments,
): ApplicationDetails {
  const socials = ['instagram_link', 'facebook_link', 'twitter_link']
    .map((key) => link(details[key]))
    .filter((l): l is { name: string; url: string } => l !== null);
  const extra = Array.isArray(details.links)
    ? details.links.map(link).filter((l): l is { name: string; url: string } => l !== null)
    : [];
  const years = Number(details.years_Active);
  const categories = shop
    ? shop.sellCategory.map((c) =>
        c.childCategory.length > 0 ? `${c.parentCategory}: ${c.childCategory.join(', ')}` : c.parentCategory,
      )
    : [text(details.sellCategory) || text(details.expertise)].filter(Boolean);
  return {
    companyName: shop?.companyName || text(details.companyName),
    storeName: shop?.name ?? '',
    businessType: shop?.businessType ?? '',
    gstin: shop?.gstin ?? '',
    pan: shop?.pan ?? '',
    websiteLink: text(details.websiteLink),
    categories,
    city: shop?.city || text(details.city),
    state: shop?.state || text(details.state),
    address: shop
      ? [shop.address, shop.area, shop.city, shop.state].filter(Boolean).join(', ') +
        (shop.pinCode ? ` ${shop.pinCode}` : '')
      : '',
    education: text(details.education),
    expertise: text(details.expertise),
    yearsOfExperience: details.kind === 'expert' && Number.isFinite(years) ? years : null,
    links: [...socials, ...extra],
    images: (shop?.media ?? []).map((m) => ({ name: m.name, url: m.url, type: m.type })),
  };
}
