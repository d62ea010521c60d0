import { applicantKindOf, type EarlierApplicationResponse } from '@app/domain';
import type { Database } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import * as repo from './applications.repository.js';
import type { Application } from './applications.service.js';

const NOT_REJECTED = 'Your application is waiting for the admin: you can apply again only after a rejection';

/**
 * A rejected applicant applies again on the same account: the new answers replace the old ones
 * (store included), the admin's decisions stay in the history, and a `reapplied` entry puts the
 * application back to pending. The account's password and proven e-mail are kept: the caller is
 * signed in to it, so no code is needed.
 */
export async function reapply(db: Database, userId: string, application: Application) {
  return db.transaction(async (tx) => {
    const standing = await repo.lockApplicantStanding(tx, userId);
    if (!standing || standing.role !== 'USER' || standing.latestDecision !== 'rejected') {
      throw new AppError('CONFLICT', NOT_REJECTED);
    }
    const {
      email: _sameEmail,
      passwordHash: _keptPassword,
      mustChangePassword: _keptFlag,
      contactVerifiedAt: _keptProof,
      // The language the person saved on the account stays (issue 26).
      language: _keptLanguage,
      ...answers
    } = application.user;
    await repo.releaseUnverifiedMobile(tx, answers.mobile, userId);
    await repo.turnIntoApplicant(tx, userId, answers);
    const shop = await repo.firstShopOf(tx, userId);
    if (application.shop && shop) {
      // Photos the re-application leaves out are the earlier ones, still on file.
      const media = application.shop.media?.length ? application.shop.media : shop.media;
      await repo.updateShop(tx, shop.id, { ...application.shop, media });
    } else if (application.shop) {
      await repo.insertShop(tx, { ...application.shop, userId });
    } else if (shop) {
      await repo.deleteShopsOf(tx, userId);
    }
    await repo.insertReapplied(tx, userId, answers.ownerName);
    return { _id: userId, role: 'USER', sentTo: '', reapplied: true };
  });
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const linkUrl = (value: unknown) =>
  value && typeof value === 'object' ? text((value as { url?: unknown }).url) : '';

/** The signed-in applicant's answers in their form's fields, for the re-application form. */
export async function findEarlierApplication(
  db: Database,
  userId: string,
): Promise<EarlierApplicationResponse['data']> {
  const user = await repo.findApplicant(db, userId);
  if (!user || user.role !== 'USER')
    throw new AppError('NOT_FOUND', 'You have no application to apply again with');
  const shop = await repo.firstShopOf(db, userId);
  const kind = applicantKindOf({ ...user, hasShop: shop !== undefined });
  const d = user.details;
  const contact = { emailId: user.email ?? '', contactNum: user.mobile ?? '' };
  if (kind === 'expert') {
    return {
      kind,
      answers: {
        name: user.ownerName,
        ...contact,
        state: text(d.state),
        city: text(d.city),
        education: text(d.education),
        expertise: text(d.expertise),
        yearsOfExp: typeof d.years_Active === 'number' ? d.years_Active : '',
        instagram: linkUrl(d.instagram_link),
        facebook: linkUrl(d.facebook_link),
        twitter: linkUrl(d.twitter_link),
        links: Array.isArray(d.links) ? d.links : [],
      },
    };
  }
  if (kind === 'retailer' && shop) {
    return {
      kind,
      answers: {
        ownerName: user.ownerName,
        ...contact,
        companyName: shop.companyName,
        storeName: shop.name,
        businessType: shop.businessType,
        GSTINnum: shop.gstin,
        PANnum: shop.pan,
        yearOfEstablishment: shop.yearOfEstablishment,
        area: shop.area,
        address: shop.address,
        pinCode: shop.pinCode,
        country: shop.country,
        state: shop.state,
        city: shop.city,
        sellCategory: shop.sellCategory,
        websiteLink: text(d.websiteLink),
        media: shop.media,
        ...(shop.latitude !== null && shop.longitude !== null
          ? { latitude: shop.latitude, longitude: shop.longitude }
          : {}),
      },
    };
  }
  if (kind === 'brand') {
    return {
      kind,
      answers: {
        ownerName: user.ownerName,
        ...contact,
        companyName: text(d.companyName),
        sellCategory: text(d.sellCategory),
        websiteLink: text(d.websiteLink),
      },
    };
  }
  throw new AppError('NOT_FOUND', 'You have no application to apply again with');
}
