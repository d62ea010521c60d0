import type { Readable } from 'node:stream';
import { PRIVACY_NOTICE_VERSION } from '@app/domain';
import type { Database } from '../../db/client.js';
import type { StorageProvider } from '../../providers/storage/storage.js';
import { addressesOf } from '../addresses/addresses.service.js';
import * as repo from './privacy.repository.js';
import { zipStream, type ZipEntry } from './zip-writer.js';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A file name safe in every unzip tool: letters, digits, dot, dash and underscore. */
function safeName(name: string) {
  return (
    name
      .replace(/[^A-Za-z0-9._-]+/g, '_')
      .replace(/^[._]+/, '')
      .slice(-80) || 'file'
  );
}

/**
 * Everything the account made or gave, as one JSON document, and the stored files it uploaded or
 * its posts hold. Sales list no buyer's contact: that is the buyers' data, not the seller's.
 */
export async function collectAccountData(db: Database, userId: string) {
  const account = await repo.findAccount(db, userId);
  if (!account) return undefined;
  const [
    profile,
    shops,
    consents,
    posts,
    queries,
    purchases,
    sales,
    taxDocuments,
    optOuts,
    addresses,
    votes,
    replies,
    verified,
  ] = await Promise.all([
    repo.profileOf(db, userId),
    repo.shopsOf(db, userId),
    repo.consentsOf(db, userId),
    repo.postsOf(db, userId),
    repo.queriesOf(db, userId),
    repo.purchasesOf(db, userId),
    repo.salesOf(db, userId),
    repo.taxDocumentsOf(db, userId),
    repo.optOutsOf(db, userId),
    addressesOf(db, userId),
    repo.votesOf(db, userId),
    repo.repliesOf(db, userId),
    repo.verifiedPurchasesOf(db, userId),
  ]);
  const postUrls = posts.flatMap((p) => [...p.media.map((m) => m.url), ...p.invoice.map((i) => i.url)]);
  const stored = await repo.filesOf(db, userId, [...new Set(postUrls)]);
  const files = stored.map((f) => ({
    key: f.key,
    url: f.url,
    mime: f.mime,
    path: `files/${f.id}-${safeName(f.name || f.key.split('/').pop() || '')}`,
  }));
  const document = {
    exportedAt: new Date().toISOString(),
    privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
    account: {
      id: account.id,
      name: account.name,
      email: account.email,
      mobile: account.mobile,
      role: account.role,
      isActive: account.isActive,
      isBrand: account.isBrand,
      referralCode: account.affiliateCode,
      contactVerifiedAt: iso(account.contactVerifiedAt),
      details: account.details,
      createdAt: iso(account.createdAt),
    },
    influencerProfile: profile,
    shops,
    deliveryAddresses: addresses,
    consents: consents.map((c) => ({ ...c, createdAt: iso(c.createdAt) })),
    posts: posts.map((p) => ({ ...p, acceptedAt: iso(p.acceptedAt), createdAt: iso(p.createdAt) })),
    helpfulVotesGiven: votes.map((v) => ({ postId: v.postId, createdAt: iso(v.createdAt) })),
    repliesWritten: replies.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    verifiedPurchases: verified,
    queries: queries.map((q) => ({ ...q, createdAt: iso(q.createdAt) })),
    orders: {
      purchases: purchases.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
      sales: sales.map((o) => ({ ...o, createdAt: iso(o.createdAt) })),
    },
    taxDocuments: taxDocuments.map((d) => ({ ...d, issuedAt: iso(d.issuedAt) })),
    notificationOptOuts: optOuts.map((o) => ({ topic: o.topic, since: iso(o.since) })),
    files: files.map((f) => ({ url: f.url, mime: f.mime, path: f.path })),
  };
  return { document, files };
}

export type AccountData = NonNullable<Awaited<ReturnType<typeof collectAccountData>>>;

export const EXPORT_JSON_NAME = 'revuhub-data.json';

/** The ZIP: the JSON first, then each file read from storage as it is written. */
export function exportZip(
  storage: StorageProvider,
  data: AccountData,
  onSkip: (name: string, error: unknown) => void,
): Readable {
  const entries: ZipEntry[] = [
    { name: EXPORT_JSON_NAME, source: Buffer.from(JSON.stringify(data.document, null, 2)) },
    ...data.files.map((f) => ({ name: f.path, source: () => storage.open(f.key) })),
  ];
  return zipStream(entries, onSkip);
}

export function exportFileName(now = new Date()) {
  return `revuhub-data-${now.toISOString().slice(0, 10)}.zip`;
}
