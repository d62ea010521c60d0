import { sql } from 'drizzle-orm';
import { discountPercent, type Media, type SellCategory } from '@app/domain';
import { stableId } from '../../lib/ids.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import type { Database } from '../client.js';
import { influencerProfiles, media, posts, products, shops, tagSettings, users } from '../schema/index.js';
import type { PostProduct, ProductMediaItem } from '../schema/index.js';
import {
  DEMO_IMAGE_HEIGHT,
  DEMO_IMAGE_WIDTH,
  prebuiltDemoImagesFolder,
  storeDemoImageFiles,
  type DemoImage,
} from './demo-images.js';
import { HOME_COUNTRY } from './reference-data.js';
import { cityId, countryId, stateId } from './reference-ids.js';

// A small, believable marketplace around Bengaluru so a fresh install has something to browse:
// brands with products, the retailers that stock them, two sellers waiting for approval and reviews.
// Every account gets a random password nobody knows, and an e-mail under the reserved example.com.

const STATE = 'Karnataka';
const CITY = 'Bengaluru';

interface DemoShop {
  slug: string;
  owner: string;
  name: string;
  companyName: string;
  businessType: string;
  area: string;
  address: string;
  pinCode: string;
  lat: number;
  lng: number;
  year: string;
  sellCategory: SellCategory[];
  /** Brand, approved retailer, or retailer registered and waiting for the admin. */
  kind: 'brand' | 'retailer' | 'pending';
  affiliateCode?: string;
}

const DEMO_HOURS = [
  'Mon–Sat 10 am–8:30 pm, Sun closed',
  'Every day 10 am–9 pm',
  'Mon–Sat 9:30 am–7 pm, lunch 1–2 pm',
] as const;

const SHOPS: readonly DemoShop[] = [
  {
    slug: 'kaveri-handlooms',
    owner: 'Lakshmi Narayan',
    name: 'Kaveri Handlooms',
    companyName: 'Kaveri Handlooms Private Limited',
    businessType: 'Private Limited Company',
    area: 'Indiranagar',
    address: '12, 100 Feet Road, HAL 2nd Stage, Indiranagar',
    pinCode: '560038',
    lat: 12.9719,
    lng: 77.6412,
    year: '2009',
    sellCategory: [{ parentCategory: 'Fashion', childCategory: ['Ethnic Wear', "Women's Clothing"] }],
    kind: 'brand',
    affiliateCode: 'KAVERI10',
  },
  {
    slug: 'stride-lab',
    owner: 'Arjun Kamath',
    name: 'Stride Lab',
    companyName: 'Stride Lab Sportswear LLP',
    businessType: 'Partnership Firm',
    area: 'Koramangala',
    address: '45, 80 Feet Road, 4th Block, Koramangala',
    pinCode: '560034',
    lat: 12.9352,
    lng: 77.6245,
    year: '2016',
    sellCategory: [{ parentCategory: 'Footwear', childCategory: ['Sports Shoes', 'Sandals & Slippers'] }],
    kind: 'brand',
    affiliateCode: 'STRIDE15',
  },
  {
    slug: 'nimbus-audio',
    owner: 'Farhan Siddiqui',
    name: 'Nimbus Audio',
    companyName: 'Nimbus Audio Technologies Private Limited',
    businessType: 'Private Limited Company',
    area: 'Whitefield',
    address: 'Unit 7, ITPL Main Road, Whitefield',
    pinCode: '560066',
    lat: 12.9698,
    lng: 77.75,
    year: '2018',
    sellCategory: [
      { parentCategory: 'Electronics', childCategory: ['Audio & Headphones', 'Smart Wearables'] },
    ],
    kind: 'brand',
    affiliateCode: 'NIMBUS5',
  },
  {
    slug: 'tulsi-naturals',
    owner: 'Meera Hegde',
    name: 'Tulsi Naturals',
    companyName: 'Tulsi Naturals',
    businessType: 'Sole Proprietorship',
    area: 'Jayanagar',
    address: '22, 11th Main Road, 4th Block, Jayanagar',
    pinCode: '560011',
    lat: 12.925,
    lng: 77.5938,
    year: '2014',
    sellCategory: [{ parentCategory: 'Beauty & Personal Care', childCategory: ['Skincare', 'Haircare'] }],
    kind: 'brand',
    affiliateCode: 'TULSI20',
  },
  {
    slug: 'malleshwaram-silk-house',
    owner: 'Ravi Shankar',
    name: 'Malleshwaram Silk House',
    companyName: 'Malleshwaram Silk House',
    businessType: 'Sole Proprietorship',
    area: 'Malleshwaram',
    address: '88, Sampige Road, 8th Cross, Malleshwaram',
    pinCode: '560003',
    lat: 13.0031,
    lng: 77.5643,
    year: '1994',
    sellCategory: [{ parentCategory: 'Fashion', childCategory: ['Ethnic Wear'] }],
    kind: 'retailer',
  },
  {
    slug: 'hsr-sports-hub',
    owner: 'Vikram Reddy',
    name: 'HSR Sports Hub',
    companyName: 'HSR Sports Hub',
    businessType: 'Partnership Firm',
    area: 'HSR Layout',
    address: '1st Floor, 27th Main Road, Sector 1, HSR Layout',
    pinCode: '560102',
    lat: 12.9116,
    lng: 77.6474,
    year: '2019',
    sellCategory: [
      { parentCategory: 'Sports', childCategory: ['Cricket', 'Badminton', 'Cycling'] },
      { parentCategory: 'Footwear', childCategory: ['Sports Shoes'] },
    ],
    kind: 'retailer',
  },
  {
    slug: 'mg-road-electronics',
    owner: 'Sanjay Jain',
    name: 'MG Road Electronics',
    companyName: 'MG Road Electronics Private Limited',
    businessType: 'Private Limited Company',
    area: 'MG Road',
    address: '14, Brigade Road Junction, MG Road',
    pinCode: '560001',
    lat: 12.9756,
    lng: 77.605,
    year: '2003',
    sellCategory: [
      { parentCategory: 'Electronics', childCategory: ['Audio & Headphones', 'Laptops', 'Cameras'] },
      { parentCategory: 'Mobiles & Accessories', childCategory: ['Smartphones', 'Power Banks'] },
    ],
    kind: 'retailer',
  },
  {
    slug: 'jayanagar-beauty-corner',
    owner: 'Deepa Kulkarni',
    name: 'Jayanagar Beauty Corner',
    companyName: 'Jayanagar Beauty Corner',
    businessType: 'Sole Proprietorship',
    area: 'Jayanagar',
    address: '31, 9th Main Road, 3rd Block, Jayanagar',
    pinCode: '560011',
    lat: 12.9308,
    lng: 77.5838,
    year: '2011',
    sellCategory: [
      { parentCategory: 'Beauty & Personal Care', childCategory: ['Skincare', 'Haircare', 'Makeup'] },
    ],
    kind: 'retailer',
  },
  {
    slug: 'whitefield-home-store',
    owner: 'Neha Agarwal',
    name: 'Whitefield Home Store',
    companyName: 'Whitefield Home Store LLP',
    businessType: 'Partnership Firm',
    area: 'Whitefield',
    address: '3, Whitefield Main Road, near Forum Shantiniketan',
    pinCode: '560066',
    lat: 12.9592,
    lng: 77.7475,
    year: '2015',
    sellCategory: [
      { parentCategory: 'Home & Kitchen', childCategory: ['Cookware', 'Home Decor', 'Lighting'] },
    ],
    kind: 'retailer',
  },
  {
    slug: 'koramangala-fit-store',
    owner: 'Imran Khan',
    name: 'Koramangala Fit Store',
    companyName: 'Koramangala Fit Store',
    businessType: 'One Person Company',
    area: 'Koramangala',
    address: '602, 80 Feet Road, 6th Block, Koramangala',
    pinCode: '560095',
    lat: 12.9345,
    lng: 77.619,
    year: '2020',
    sellCategory: [
      {
        parentCategory: 'Health & Fitness',
        childCategory: ['Fitness Equipment', 'Yoga', 'Nutrition & Supplements'],
      },
    ],
    kind: 'retailer',
  },
  {
    slug: 'basavanagudi-book-nook',
    owner: 'Shreya Rao',
    name: 'Basavanagudi Book Nook',
    companyName: 'Basavanagudi Book Nook',
    businessType: 'Sole Proprietorship',
    area: 'Basavanagudi',
    address: '17, DVG Road, Basavanagudi',
    pinCode: '560004',
    lat: 12.9416,
    lng: 77.5737,
    year: '2022',
    sellCategory: [{ parentCategory: 'Books & Stationery', childCategory: ['Fiction', "Children's Books"] }],
    kind: 'pending',
  },
  {
    slug: 'yelahanka-toy-box',
    owner: 'Manoj Gowda',
    name: 'Yelahanka Toy Box',
    companyName: 'Yelahanka Toy Box',
    businessType: 'Sole Proprietorship',
    area: 'Yelahanka',
    address: '204, 4th Phase, Yelahanka New Town',
    pinCode: '560064',
    lat: 13.1007,
    lng: 77.5963,
    year: '2023',
    sellCategory: [{ parentCategory: 'Toys & Baby', childCategory: ['Toys & Games', 'Educational Toys'] }],
    kind: 'pending',
  },
];

interface DemoProduct {
  slug: string;
  brand: string;
  model: string;
  parent: string;
  child: string;
  colour: string;
  size: string;
  gender: 'Men' | 'Women' | 'Kids' | 'Universal';
  /** Wholesale catalogue and selling price, then MRP and consumer selling price, in rupees. */
  wholesale: [number, number];
  retail: [number, number];
  dispatch: '1-2 Days' | '3-6 Days';
  description: string;
  tags: string[];
}

const PRODUCTS: readonly DemoProduct[] = [
  {
    slug: 'kaveri-mysore-silk-saree',
    brand: 'kaveri-handlooms',
    model: 'Mysore Silk Saree',
    parent: 'Fashion',
    child: 'Ethnic Wear',
    colour: 'Maroon',
    size: 'Free Size',
    gender: 'Women',
    wholesale: [6200, 5400],
    retail: [8999, 7499],
    dispatch: '3-6 Days',
    description:
      'Pure crepe Mysore silk with a zari border, woven in Karnataka. Comes with an unstitched blouse piece.',
    tags: ['saree', 'silk', 'ethnic-wear'],
  },
  {
    slug: 'kaveri-handloom-cotton-kurta',
    brand: 'kaveri-handlooms',
    model: 'Handloom Cotton Kurta',
    parent: 'Fashion',
    child: "Women's Clothing",
    colour: 'Indigo',
    size: 'M',
    gender: 'Women',
    wholesale: [1100, 950],
    retail: [1899, 1499],
    dispatch: '1-2 Days',
    description:
      'Breathable ikat cotton kurta, straight cut, three-quarter sleeves. Hand wash in cold water.',
    tags: ['kurta', 'handloom', 'cotton'],
  },
  {
    slug: 'kaveri-kalamkari-dupatta',
    brand: 'kaveri-handlooms',
    model: 'Kalamkari Dupatta',
    parent: 'Fashion',
    child: 'Ethnic Wear',
    colour: 'Mustard',
    size: 'Free Size',
    gender: 'Women',
    wholesale: [600, 520],
    retail: [999, 799],
    dispatch: '1-2 Days',
    description: 'Hand-painted kalamkari dupatta in soft mulmul cotton, 2.25 metres long.',
    tags: ['dupatta', 'kalamkari', 'handmade'],
  },
  {
    slug: 'stride-lab-tempo-2',
    brand: 'stride-lab',
    model: 'Tempo 2',
    parent: 'Footwear',
    child: 'Sports Shoes',
    colour: 'Black',
    size: 'UK 9',
    gender: 'Men',
    wholesale: [3000, 2600],
    retail: [4999, 3999],
    dispatch: '1-2 Days',
    description: 'Lightweight daily running shoe with a cushioned foam midsole and a breathable knit upper.',
    tags: ['running', 'sports-shoes', 'fitness'],
  },
  {
    slug: 'stride-lab-trail-x',
    brand: 'stride-lab',
    model: 'Trail X',
    parent: 'Footwear',
    child: 'Sports Shoes',
    colour: 'Olive',
    size: 'UK 8',
    gender: 'Men',
    wholesale: [3800, 3400],
    retail: [5999, 5299],
    dispatch: '3-6 Days',
    description: 'Trail shoe with a lugged rubber outsole and a rock plate, made for Nandi Hills weekends.',
    tags: ['trail-running', 'hiking', 'sports-shoes'],
  },
  {
    slug: 'stride-lab-glide-slides',
    brand: 'stride-lab',
    model: 'Glide Slides',
    parent: 'Footwear',
    child: 'Sandals & Slippers',
    colour: 'Grey',
    size: 'UK 9',
    gender: 'Universal',
    wholesale: [700, 600],
    retail: [1299, 999],
    dispatch: '1-2 Days',
    description: 'Soft recovery slides with a contoured footbed for after a run or a long day.',
    tags: ['slides', 'recovery', 'casual'],
  },
  {
    slug: 'nimbus-buds-air',
    brand: 'nimbus-audio',
    model: 'Buds Air',
    parent: 'Electronics',
    child: 'Audio & Headphones',
    colour: 'White',
    size: 'One Size',
    gender: 'Universal',
    wholesale: [1400, 1250],
    retail: [2999, 1999],
    dispatch: '1-2 Days',
    description:
      'True wireless earbuds with 30 hours of battery including the case, and USB-C fast charging.',
    tags: ['earbuds', 'wireless', 'gadgets'],
  },
  {
    slug: 'nimbus-boom-20',
    brand: 'nimbus-audio',
    model: 'Boom 20',
    parent: 'Electronics',
    child: 'Audio & Headphones',
    colour: 'Blue',
    size: 'One Size',
    gender: 'Universal',
    wholesale: [2000, 1800],
    retail: [3499, 2799],
    dispatch: '1-2 Days',
    description: '20 W portable Bluetooth speaker, splash resistant, with 12 hours of playback.',
    tags: ['speaker', 'bluetooth', 'music'],
  },
  {
    slug: 'nimbus-studio-anc',
    brand: 'nimbus-audio',
    model: 'Studio ANC',
    parent: 'Electronics',
    child: 'Audio & Headphones',
    colour: 'Black',
    size: 'One Size',
    gender: 'Universal',
    wholesale: [4500, 4100],
    retail: [7999, 5999],
    dispatch: '3-6 Days',
    description: 'Over-ear headphones with active noise cancellation and memory-foam ear cushions.',
    tags: ['headphones', 'noise-cancelling', 'work-from-home'],
  },
  {
    slug: 'tulsi-neem-face-wash',
    brand: 'tulsi-naturals',
    model: 'Neem and Tulsi Face Wash',
    parent: 'Beauty & Personal Care',
    child: 'Skincare',
    colour: 'Green',
    size: '100 ml',
    gender: 'Universal',
    wholesale: [200, 180],
    retail: [349, 299],
    dispatch: '1-2 Days',
    description: 'Soap-free gel face wash with neem and tulsi extracts for oily and acne-prone skin.',
    tags: ['skincare', 'face-wash', 'ayurveda'],
  },
  {
    slug: 'tulsi-bhringraj-hair-oil',
    brand: 'tulsi-naturals',
    model: 'Bhringraj Hair Oil',
    parent: 'Beauty & Personal Care',
    child: 'Haircare',
    colour: 'Amber',
    size: '200 ml',
    gender: 'Universal',
    wholesale: [300, 270],
    retail: [499, 449],
    dispatch: '1-2 Days',
    description: 'Cold-pressed coconut and sesame oil infused with bhringraj and amla.',
    tags: ['haircare', 'hair-oil', 'ayurveda'],
  },
  {
    slug: 'tulsi-sandalwood-sunscreen',
    brand: 'tulsi-naturals',
    model: 'Sandalwood Sunscreen SPF 50',
    parent: 'Beauty & Personal Care',
    child: 'Skincare',
    colour: 'White',
    size: '50 ml',
    gender: 'Universal',
    wholesale: [380, 350],
    retail: [599, 599],
    dispatch: '1-2 Days',
    description: 'Non-greasy mineral sunscreen with sandalwood, no white cast on Indian skin tones.',
    tags: ['skincare', 'sunscreen', 'summer'],
  },
];

/**
 * More sizes of some products: the seller console's Add Variant makes one product per size, and the
 * store catalogue groups them on one card with a link per size.
 */
const VARIANT_SIZES: ReadonlyArray<{ product: string; sizes: string[] }> = [
  { product: 'kaveri-handloom-cotton-kurta', sizes: ['S', 'L', 'XL'] },
  { product: 'stride-lab-tempo-2', sizes: ['UK 7', 'UK 8', 'UK 10'] },
];

/** Retailers stocking a brand's product list it as a clone (spec: "Clone Product"). */
const CLONES: ReadonlyArray<{ retailer: string; product: string }> = [
  { retailer: 'malleshwaram-silk-house', product: 'kaveri-mysore-silk-saree' },
  { retailer: 'hsr-sports-hub', product: 'stride-lab-tempo-2' },
  { retailer: 'mg-road-electronics', product: 'nimbus-buds-air' },
  { retailer: 'jayanagar-beauty-corner', product: 'tulsi-neem-face-wash' },
];

const REVIEWERS: ReadonlyArray<{ slug: string; name: string }> = [
  { slug: 'asha-rao', name: 'Asha Rao' },
  { slug: 'rahul-menon', name: 'Rahul Menon' },
  { slug: 'priya-nair', name: 'Priya Nair' },
  { slug: 'karthik-shetty', name: 'Karthik Shetty' },
];

interface DemoPost {
  slug: string;
  author: string;
  /** Shop slug of the store the review is tagged to, and of the brand it is about. */
  store?: string;
  brand?: string;
  product?: string;
  title: string;
  description: string;
  hashtags: string[];
  daysAgo: number;
}

const POSTS: readonly DemoPost[] = [
  {
    slug: 'asha-saree',
    author: 'asha-rao',
    store: 'malleshwaram-silk-house',
    brand: 'kaveri-handlooms',
    product: 'kaveri-mysore-silk-saree',
    title: 'Mysore silk that feels worth every rupee',
    description:
      'Bought this for my sister’s wedding. The zari is fine and does not scratch, the colour matched the photos exactly and the staff at the Malleshwaram store let me compare three shades in daylight. It drapes well and was easy to pleat.',
    hashtags: ['ethnic-wear', 'wedding-shopping', 'honest-review'],
    daysAgo: 1,
  },
  {
    slug: 'rahul-tempo',
    author: 'rahul-menon',
    store: 'hsr-sports-hub',
    brand: 'stride-lab',
    product: 'stride-lab-tempo-2',
    title: 'Three weeks of running in the Tempo 2',
    description:
      'I run 25 km a week around Agara lake. The cushioning is soft without feeling mushy and the knit upper stays cool in Bengaluru afternoons. Sizing is true; I went with my usual UK 9. Grip on wet roads could be better.',
    hashtags: ['running', 'fitness', 'product-review'],
    daysAgo: 2,
  },
  {
    slug: 'priya-buds',
    author: 'priya-nair',
    store: 'mg-road-electronics',
    brand: 'nimbus-audio',
    product: 'nimbus-buds-air',
    title: 'Good earbuds for calls on the metro',
    description:
      'Battery easily lasts my whole week of commuting and the case charges quickly over USB-C. Calls are clear even on the Purple Line. Bass is a little light for my taste, but at this price I am happy. The store let me try them before buying.',
    hashtags: ['gadgets', 'value-for-money', 'verified-purchase'],
    daysAgo: 3,
  },
  {
    slug: 'karthik-face-wash',
    author: 'karthik-shetty',
    store: 'jayanagar-beauty-corner',
    brand: 'tulsi-naturals',
    product: 'tulsi-neem-face-wash',
    title: 'Gentle face wash that actually controls oil',
    description:
      'My skin gets oily by noon. After a month with this face wash it stays matte much longer and it never leaves my face tight. A small tube lasts about six weeks with twice-daily use.',
    hashtags: ['skincare', 'honest-review'],
    daysAgo: 4,
  },
  {
    slug: 'asha-speaker',
    author: 'asha-rao',
    brand: 'nimbus-audio',
    product: 'nimbus-boom-20',
    title: 'Loud enough for a terrace party',
    description:
      'We used the Boom 20 for a birthday on our terrace and it filled the space without distorting. Pairing was instant on both Android and iPhone. It is heavier than it looks, so not one for trekking.',
    hashtags: ['music', 'gadgets'],
    daysAgo: 6,
  },
  {
    slug: 'rahul-fit-store',
    author: 'rahul-menon',
    store: 'koramangala-fit-store',
    title: 'Helpful staff and fair prices on yoga gear',
    description:
      'Picked up a yoga mat and resistance bands here. The owner explained the difference between the mats instead of pushing the costliest one, and prices were lower than online. Parking on 80 Feet Road is tricky in the evening.',
    hashtags: ['yoga', 'fitness', 'local-business'],
    daysAgo: 8,
  },
  {
    slug: 'priya-home-store',
    author: 'priya-nair',
    store: 'whitefield-home-store',
    title: 'Lovely lamps and cookware in Whitefield',
    description:
      'A well-organised store with a good range of cast-iron cookware and handmade lamps. I bought a brass table lamp that looks even better at home. Billing was quick and they packed everything carefully.',
    hashtags: ['home-decor', 'kitchen', 'local-business'],
    daysAgo: 10,
  },
  {
    slug: 'karthik-trail',
    author: 'karthik-shetty',
    brand: 'stride-lab',
    product: 'stride-lab-trail-x',
    title: 'Trail X held up on a muddy Skandagiri trek',
    description:
      'Wore these on a night trek to Skandagiri right after the rains. The grip on loose rock was reassuring and my feet stayed comfortable for six hours. They took a day to dry completely afterwards.',
    hashtags: ['travel', 'fitness', 'product-review'],
    daysAgo: 12,
  },
];

const userIdOf = (slug: string) => stableId('demo-user', slug);
const shopIdOf = (slug: string) => stableId('demo-shop', slug);
const productIdOf = (slug: string) => stableId('demo-product', slug);
const postIdOf = (slug: string) => stableId('demo-post', slug);
const imageKey = (slug: string) => `demo/${slug}.webp`;

function shopOf(slug: string): DemoShop {
  const shop = SHOPS.find((s) => s.slug === slug);
  if (!shop) throw new Error(`Demo data refers to unknown shop ${slug}`);
  return shop;
}

function productOf(slug: string): DemoProduct {
  const product = PRODUCTS.find((p) => p.slug === slug);
  if (!product) throw new Error(`Demo data refers to unknown product ${slug}`);
  return product;
}

const productName = (p: DemoProduct) => `${shopOf(p.brand).name} ${p.model}`;

/** Every demo image: one card per shop and per product. */
export function demoImages(): DemoImage[] {
  const cards = [
    ...SHOPS.map((s) => ({ slug: s.slug, title: s.name, subtitle: `${s.area}, ${CITY}` })),
    ...PRODUCTS.map((p) => ({ slug: p.slug, title: p.model, subtitle: shopOf(p.brand).name })),
  ];
  // Steps of the golden angle keep neighbouring cards in clearly different colours.
  return cards.map(({ slug, title, subtitle }, i) => ({
    key: imageKey(slug),
    title,
    subtitle,
    hue: Math.round(i * 137.5) % 360,
  }));
}

/**
 * No password matches it (it is not an argon2 hash), so demo accounts exist to be looked at, never
 * logged in to. Hashing a random password per account instead cost 20 argon2 runs of 19 MiB each
 * on every first start.
 */
export const DEMO_PASSWORD_HASH = '!demo-account-without-password';

export interface DemoCounts {
  users: number;
  shops: number;
  products: number;
  posts: number;
}

/** Shops already exist (demo or real): demo data would only get in the way. */
async function hasShops(db: Database): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(shops)
    .limit(1);
  return rows.length > 0;
}

/**
 * Adds the demo marketplace to a database without shops; returns undefined (and changes nothing)
 * when there are shops already, so a second start adds nothing.
 */
export async function seedDemoData(
  db: Database,
  storage: StorageProvider,
  prebuiltImages = prebuiltDemoImagesFolder(),
): Promise<DemoCounts | undefined> {
  if (await hasShops(db)) return undefined;

  const now = Date.now();
  const stored = await storeDemoImageFiles(storage, demoImages(), prebuiltImages);
  const urlOf = (slug: string) => stored.get(imageKey(slug))?.url ?? '';
  // Recorded like uploads, so answers list their variants; referenced, so the purge keeps them.
  // Variants the build made are stored as they are; from source the background worker makes them.
  const mediaRows: Array<typeof media.$inferInsert> = [...stored].map(([key, image]) => ({
    key,
    url: image.url,
    type: 'IMAGE',
    mime: 'image/webp',
    bytes: image.bytes,
    width: DEMO_IMAGE_WIDTH,
    height: DEMO_IMAGE_HEIGHT,
    referencedAt: new Date(now),
    variants: image.variantWidths ? 'done' : 'pending',
    variantWidths: image.variantWidths ?? [],
  }));
  const productMedia = (slug: string): ProductMediaItem[] => [
    { type: 'IMAGE', url: urlOf(slug), thumbnail: '' },
  ];
  const country = { id: countryId(HOME_COUNTRY), name: HOME_COUNTRY };

  const userRows: Array<typeof users.$inferInsert> = [
    ...SHOPS.map((s) => ({
      id: userIdOf(s.slug),
      email: `${s.slug}@example.com`,
      ownerName: s.owner,
      role: s.kind === 'pending' ? ('USER' as const) : ('SELLER' as const),
      isActive: s.kind !== 'pending',
      isBrand: s.kind === 'brand',
      passwordHash: DEMO_PASSWORD_HASH,
      // A store without its own code gets a random one from the column's default (decision 033).
      ...(s.affiliateCode ? { affiliateCode: s.affiliateCode } : {}),
      details: { demo: true, companyName: s.companyName },
    })),
    ...REVIEWERS.map((r) => ({
      id: userIdOf(r.slug),
      email: `${r.slug}@example.com`,
      ownerName: r.name,
      role: 'END_USER' as const,
      isActive: true,
      passwordHash: DEMO_PASSWORD_HASH,
      details: { demo: true },
    })),
  ];

  const shopRows: Array<typeof shops.$inferInsert> = SHOPS.map((s, i) => {
    const media: Media[] = [{ name: imageKey(s.slug), url: urlOf(s.slug), type: 'IMAGE' }];
    return {
      id: shopIdOf(s.slug),
      userId: userIdOf(s.slug),
      name: s.name,
      companyName: s.companyName,
      businessType: s.businessType,
      // Shaped like real Karnataka GSTINs (state code 29), but made up.
      gstin: `29AADC${String.fromCharCode(65 + i)}${String(4100 + i * 7).padStart(4, '0')}K1Z${i % 10}`,
      pan: `AADC${String.fromCharCode(65 + i)}${String(4100 + i * 7).padStart(4, '0')}K`,
      area: s.area,
      yearOfEstablishment: s.year,
      address: s.address,
      pinCode: s.pinCode,
      city: CITY,
      state: STATE,
      country: country.name,
      cityId: cityId(HOME_COUNTRY, STATE, CITY),
      stateId: stateId(HOME_COUNTRY, STATE),
      countryId: country.id,
      latitude: s.lat,
      longitude: s.lng,
      // Bengaluru landlines (080) and hours neighbourhood shops keep; made up, like the GSTINs.
      phone: `080${4100_0000 + i * 7919}`,
      openingHours: DEMO_HOURS[i % DEMO_HOURS.length],
      sellCategory: s.sellCategory,
      media,
      createdAt: new Date(now - (SHOPS.length - i) * 86_400_000),
    };
  });

  const brandProduct = (p: DemoProduct, i: number): typeof products.$inferInsert => ({
    id: productIdOf(p.slug),
    userId: userIdOf(p.brand),
    parentCategoryName: p.parent,
    childCategoryName: p.child,
    prdctName: productName(p),
    tagName: p.tags[0] ?? '',
    brand: shopOf(p.brand).name,
    model: p.model,
    originalPrice: p.wholesale[0],
    dsctPrice: p.wholesale[1],
    dsctPercent: discountPercent(...p.wholesale),
    retailOriginalPrice: p.retail[0],
    retailDsctPrice: p.retail[1],
    retailDsctPercent: discountPercent(...p.retail),
    size: p.size,
    colour: p.colour,
    gender: p.gender,
    ownershipType: 'Brand',
    channelType: 'Omni',
    description: p.description,
    media: productMedia(p.slug),
    sellerSku: `${p.slug.split('-')[0]!.toUpperCase()}-${String(101 + i)}`,
    dispatchTime: p.dispatch,
    sampleCharge: Math.round(p.wholesale[1] / 2),
    sampleQty: 1,
    creditPeriod: i % 2 === 0 ? '1' : '0',
    memberDiscount: 5,
    inventoryQuantity: 40 + (i % 5) * 15,
    minOrderQuantity: 5,
    tags: p.tags,
  });
  const brandProducts = PRODUCTS.map(brandProduct);
  const variants = VARIANT_SIZES.flatMap(({ product, sizes }) => {
    const base = brandProducts.find((p) => p.id === productIdOf(product))!;
    return sizes.map((size) => ({
      ...base,
      id: productIdOf(`${product}/${size}`),
      size,
      sellerSku: `${base.sellerSku}-${size.replace(/\s+/g, '')}`,
    }));
  });
  const clones = CLONES.map(({ retailer, product }, i) => {
    const source = brandProducts.find((p) => p.id === productIdOf(product))!;
    return {
      ...source,
      id: productIdOf(`${retailer}/${product}`),
      userId: userIdOf(retailer),
      sourceUserId: source.userId,
      sourceProductId: source.id,
      ownershipType: 'Reseller',
      channelType: 'Offline',
      sellerSku: `${retailer.split('-')[0]!.toUpperCase()}-${String(201 + i)}`,
      inventoryQuantity: 12,
    };
  });

  const postRows: Array<typeof posts.$inferInsert> = POSTS.map((p) => {
    const reviewer = REVIEWERS.find((r) => r.slug === p.author)!;
    const store = p.store ? shopOf(p.store) : undefined;
    const product = p.product ? productOf(p.product) : undefined;
    // A review bought at a store names the store's copy of the product when it stocks one.
    const productId = (() => {
      if (!product) return undefined;
      const clone = CLONES.find((c) => c.retailer === p.store && c.product === product.slug);
      return clone ? productIdOf(`${clone.retailer}/${clone.product}`) : productIdOf(product.slug);
    })();
    const postProducts: PostProduct[] =
      product && productId ? [{ name: productName(product), productID: productId, ordered: false }] : [];
    const place = store ?? (p.brand ? shopOf(p.brand) : undefined);
    const createdAt = new Date(now - p.daysAgo * 86_400_000);
    return {
      id: postIdOf(p.slug),
      authorId: userIdOf(reviewer.slug),
      authorName: reviewer.name,
      type: 'IMAGE',
      title: p.title,
      description: p.description,
      media: [{ url: urlOf(product?.slug ?? p.store ?? p.brand ?? ''), thumbnail: '' }],
      products: postProducts,
      hashtags: p.hashtags,
      storeUserId: p.store ? userIdOf(p.store) : null,
      brandUserId: p.brand ? userIdOf(p.brand) : null,
      latitude: place?.lat ?? null,
      longitude: place?.lng ?? null,
      createdAt,
      updatedAt: createdAt,
    };
  });

  await db.transaction(async (tx) => {
    await tx.insert(users).values(userRows).onConflictDoNothing();
    await tx.insert(shops).values(shopRows).onConflictDoNothing();
    // Nobody can log in to a demo store to accept tags (decision 027): they list tags at once.
    await tx
      .insert(tagSettings)
      .values(SHOPS.map((s) => ({ userId: userIdOf(s.slug), autoAccept: true })))
      .onConflictDoNothing();
    await tx
      .insert(products)
      .values([...brandProducts, ...variants, ...clones])
      .onConflictDoNothing();
    // Reviewers post as influencers: their profile is what a post's infId points at.
    await tx
      .insert(influencerProfiles)
      .values(REVIEWERS.map((r) => ({ userId: userIdOf(r.slug), name: r.name })))
      .onConflictDoNothing();
    await tx.insert(posts).values(postRows).onConflictDoNothing();
    await tx.insert(media).values(mediaRows).onConflictDoNothing();
  });
  return {
    users: userRows.length,
    shops: shopRows.length,
    products: brandProducts.length + variants.length + clones.length,
    posts: postRows.length,
  };
}
