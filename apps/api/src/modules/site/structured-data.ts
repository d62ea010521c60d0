import { postDescription, postTitle, type PublicPost, type PublicQuery, type PublicShop } from '@app/domain';

/**
 * schema.org objects for the pages crawlers read (https://schema.org): a store is a `Store` (a
 * `LocalBusiness`) with its address and position, a product a `Product` with an `Offer` in rupees,
 * a review a `Review` of what it is about. Only public facts go in: never an e-mail or a mobile.
 */

const CONTEXT = 'https://schema.org';

const nonEmpty = (value: string | undefined) => (value && value.trim() ? value.trim() : undefined);

/** Ratings kept for a product or store (issue 41): their average and how many there are. */
export interface RatingFacts {
  average: number | null;
  ratings: number;
}

/** `aggregateRating`, only where there is a rating to aggregate (an empty one is invalid markup). */
function aggregateRating(rating: RatingFacts | undefined) {
  if (!rating || rating.ratings === 0 || rating.average === null) return {};
  return {
    aggregateRating: {
      '@type': 'AggregateRating',
      ratingValue: rating.average,
      ratingCount: rating.ratings,
      bestRating: 5,
      worstRating: 1,
    },
  };
}

export function storeData(
  shop: PublicShop,
  pageUrl: string,
  image: string | undefined,
  rating?: RatingFacts,
) {
  const { address } = shop;
  const location = shop.location ?? address.location;
  return {
    '@context': CONTEXT,
    '@type': 'Store',
    '@id': pageUrl,
    name: shop.name,
    url: pageUrl,
    ...(image ? { image } : {}),
    ...(nonEmpty(shop.businessType) ? { description: shop.businessType } : {}),
    ...(nonEmpty(shop.phone) ? { telephone: shop.phone } : {}),
    address: {
      '@type': 'PostalAddress',
      streetAddress: address.address,
      addressLocality: address.city,
      addressRegion: address.state,
      postalCode: address.pinCode,
      addressCountry: 'IN',
    },
    // GeoJSON order is [longitude, latitude].
    ...(location
      ? {
          geo: {
            '@type': 'GeoCoordinates',
            latitude: location.coordinates[1],
            longitude: location.coordinates[0],
          },
        }
      : {}),
    ...aggregateRating(rating),
  };
}

export interface ProductFacts {
  id: string;
  name: string;
  brand: string;
  model: string;
  colour: string;
  size: string;
  description: string;
  category: string;
  sku: string;
  /** The consumer price in whole rupees (decision 006). */
  price: number;
  inStock: boolean;
  image: string | undefined;
  sellerName: string;
  sellerUrl: string;
}

export function productData(product: ProductFacts, pageUrl: string, rating?: RatingFacts) {
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    '@id': pageUrl,
    name: product.name,
    url: pageUrl,
    ...(product.image ? { image: product.image } : {}),
    ...(nonEmpty(product.description) ? { description: product.description } : {}),
    ...(nonEmpty(product.brand) ? { brand: { '@type': 'Brand', name: product.brand } } : {}),
    ...(nonEmpty(product.model) ? { model: product.model } : {}),
    ...(nonEmpty(product.colour) ? { color: product.colour } : {}),
    ...(nonEmpty(product.size) ? { size: product.size } : {}),
    ...(nonEmpty(product.category) ? { category: product.category } : {}),
    ...(nonEmpty(product.sku) ? { sku: product.sku } : {}),
    offers: {
      '@type': 'Offer',
      url: pageUrl,
      priceCurrency: 'INR',
      price: product.price.toFixed(2),
      availability: product.inStock ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      seller: { '@type': 'Organization', name: product.sellerName, url: product.sellerUrl },
    },
    ...aggregateRating(rating),
  };
}

/** What a post is about, when it names one: a product it tags, else the store or brand it reviews. */
export interface ReviewedItem {
  type: 'Product' | 'Organization';
  name: string;
  url?: string;
  /** The stars the review gave the product (issue 41). */
  rating?: number;
}

const REVIEW_KINDS: ReadonlySet<PublicPost['kind']> = new Set(['review', 'review-thread', 'experience']);

/** A review of something named is a `Review`; any other post (a thread, a requirement) a posting. */
export function postData(
  post: PublicPost,
  pageUrl: string,
  image: string | undefined,
  reviewed: ReviewedItem | undefined,
) {
  const headline = postTitle(post) || `A post by ${post.authorName}`;
  const body = postDescription(post);
  const author = { '@type': 'Person', name: post.authorName };
  if (reviewed && REVIEW_KINDS.has(post.kind)) {
    return {
      '@context': CONTEXT,
      '@type': 'Review',
      '@id': pageUrl,
      url: pageUrl,
      name: headline,
      ...(body ? { reviewBody: body } : {}),
      ...(image ? { image } : {}),
      author,
      datePublished: post.createdAt,
      ...(reviewed.rating
        ? { reviewRating: { '@type': 'Rating', ratingValue: reviewed.rating, bestRating: 5, worstRating: 1 } }
        : {}),
      itemReviewed: {
        '@type': reviewed.type,
        name: reviewed.name,
        ...(reviewed.url ? { url: reviewed.url } : {}),
      },
    };
  }
  return {
    '@context': CONTEXT,
    '@type': 'SocialMediaPosting',
    '@id': pageUrl,
    url: pageUrl,
    headline: headline.slice(0, 110),
    ...(body ? { articleBody: body } : {}),
    ...(image ? { image } : {}),
    author,
    datePublished: post.createdAt,
  };
}

/**
 * A question's page is a `QAPage` whose `Question` carries its public answers, those its asker
 * accepted as `acceptedAnswer` and the rest as `suggestedAnswer`, each linking to its post. Google's
 * Q&A rich result asks for `name`, `answerCount` and each answer's `text`.
 */
export function questionData(
  query: PublicQuery,
  answers: PublicPost[],
  pageUrl: string,
  postUrl: (post: PublicPost) => string | undefined,
) {
  const answerText = (post: PublicPost) =>
    [postTitle(post), postDescription(post)].filter((part) => part && part.trim()).join('\n\n') ||
    `A review by ${post.authorName}`;
  const answer = (post: PublicPost) => {
    const url = postUrl(post);
    return {
      '@type': 'Answer',
      text: answerText(post),
      dateCreated: post.createdAt,
      author: post.answeredAs
        ? { '@type': 'Organization', name: post.answeredAs }
        : { '@type': 'Person', name: post.authorName || 'A former member' },
      ...(post.helpfulVotes > 0 ? { upvoteCount: post.helpfulVotes } : {}),
      ...(url ? { url } : {}),
    };
  };
  const answersAs = (property: 'acceptedAnswer' | 'suggestedAnswer', list: PublicPost[]) =>
    list.length > 0 ? { [property]: list.map(answer) } : {};
  const accepted = answers.filter((post) => post.acceptedByAsker);
  const suggested = answers.filter((post) => !post.acceptedByAsker);
  return {
    '@context': CONTEXT,
    '@type': 'QAPage',
    '@id': pageUrl,
    url: pageUrl,
    mainEntity: {
      '@type': 'Question',
      name: query.search,
      text: query.search,
      answerCount: answers.length,
      dateCreated: query.createdAt,
      author: { '@type': 'Person', name: query.user.name || 'A former member' },
      // Answers the asker accepted are `acceptedAnswer` (issue 41); the others `suggestedAnswer`.
      ...answersAs('acceptedAnswer', accepted),
      ...answersAs('suggestedAnswer', suggested),
    },
  };
}
