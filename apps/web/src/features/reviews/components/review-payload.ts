import { categoryHashtag, type Media, type NewPostInput, type ReviewForm } from '@app/domain';

/** Spec section 9: where a service provider is placed when the device gives no location. */
export const INFLUENCER_FALLBACK_LOCATION = { latitude: 12.909186, longitude: 77.6523536 };

export interface ReviewExtras {
  queryId?: string | undefined;
  storeUserId?: string | undefined;
  brandUserId?: string | undefined;
  influencerId?: string | undefined;
  productId?: string | undefined;
  images: Media[];
  invoices: Media[];
  /** The tagged products, each with the stars given it (issue 41) when any. */
  products: Array<{ id: string; name: string; userId: string; rating?: number | undefined }>;
  categories: string[];
  tags: string;
  location?: { latitude: number; longitude: number } | undefined;
  isPrivate: boolean;
  isService: boolean;
}

/** Tags typed with commas or spaces, without their leading #, plus one per chosen category. */
export function reviewHashtags(tags: string, categories: string[]): string[] {
  const typed = tags
    .split(/[\s,]+/)
    .map((t) => t.replace(/^#+/, '').trim())
    .filter(Boolean);
  const fromCategories = categories.map((c) => categoryHashtag(c).slice(1));
  return [...new Set([...typed, ...fromCategories])];
}

/**
 * The spec's New post payload from the form. A title is sent only if non-empty; the description
 * goes at index 0 even with no files; one location entry per image (or one without images).
 */
export function toNewPost(form: ReviewForm, extras: ReviewExtras): NewPostInput {
  const title = form.title.trim();
  const description = form.description.trim();
  const where = extras.location ?? null;
  return {
    slug: true,
    type: 'IMAGE',
    queryId: extras.queryId,
    caption: title ? [{ index: 0, value: title }] : [],
    description: [{ index: 0, value: description }],
    data: extras.images.map((m) => ({ name: m.name, url: m.url })),
    invoice: extras.invoices.map((m) => ({ name: m.name, url: m.url })),
    products: extras.products.map(({ rating, ...p }, index) => ({
      ...p,
      index: 0,
      slideIndex: index,
      ...(rating ? { rating } : {}),
    })),
    links: { data: form.links, index: 0 },
    hashtags: reviewHashtags(extras.tags, extras.categories),
    location: Array.from({ length: Math.max(1, extras.images.length) }, () => ({
      latitude: where?.latitude ?? null,
      longitude: where?.longitude ?? null,
    })),
    hashCategory: extras.categories,
    storeUserId: extras.storeUserId,
    brandUserId: extras.brandUserId,
    influencerId: extras.influencerId,
    productId: extras.productId,
    isPrivate: extras.isPrivate,
    userData: { name: form.name, email: form.emailId, mobile: form.contactNum },
    influencerData: {
      name: form.name,
      isService: extras.isService,
      ...(where ? { latitude: where.latitude, longitude: where.longitude } : {}),
    },
  };
}
