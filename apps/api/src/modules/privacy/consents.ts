import type { Consent, ConsentPurpose } from '@app/domain';
import type { Database } from '../../db/client.js';
import * as repo from './privacy.repository.js';

/**
 * Records what a person agreed to with a sign-up or a contribution sent without an account. A client
 * that showed the notice sends its version and the "18 or older" box; one that predates consent
 * records sends nothing, and the record then says only the purpose and the time: the version and
 * the age stay null (not asked), never a "yes" nobody gave (decision 040).
 */
export function recordConsent(
  db: Database,
  userId: string,
  purpose: ConsentPurpose,
  subjectId: string | null,
  consent: Consent | undefined,
) {
  return repo.insertConsent(db, {
    userId,
    purpose,
    subjectId,
    textVersion: consent?.version ?? null,
    adultConfirmed: consent ? true : null,
  });
}
