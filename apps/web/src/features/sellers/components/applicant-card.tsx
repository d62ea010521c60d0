import { useId, useState, type ReactNode } from 'react';
import type { SellerListItem } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/routes';
import { useApplicantContact } from '../api/sellers-api';
import { KIND_KEYS } from '../messages';
import { useFormat, useT, type TFunction } from '../../../lib/i18n';

const DECISION_KEYS: Record<SellerListItem['history'][number]['decision'], string> = {
  approved: 'decisionApproved',
  rejected: 'decisionRejected',
  reapplied: 'decisionReapplied',
};

/** A date as the admin reads it, in the page's language; text that is no date stays as it is. */
function useReadableDate() {
  const { date } = useFormat();
  return (iso: string) => (Number.isNaN(new Date(iso).getTime()) ? iso : date(iso));
}

const kindOf = (seller: SellerListItem, t: TFunction) =>
  seller.kind ? t(KIND_KEYS[seller.kind]) : seller.role;

/** Everything the applicant sent, as a person reads it; blank answers are left out. */
export function ApplicantCard({ seller }: { seller: SellerListItem }) {
  const { t } = useT('stores');
  const readableDate = useReadableDate();
  const a = seller.application;
  const facts: [string, ReactNode][] = [
    [t('appliedAs'), kindOf(seller, t)],
    [t('appliedOn'), readableDate(seller.createdAt)],
    [t('company'), a.companyName],
    [t('store'), a.storeName || seller.shops.map((shop) => shop.name).join(', ')],
    [t('businessType'), a.businessType],
    [t('gstin'), a.gstin],
    [t('pan'), a.pan],
    [t('address'), a.address || [a.city, a.state].filter(Boolean).join(', ')],
    [t('categories'), a.categories.join('; ')],
    [t('website'), a.websiteLink],
    [t('education'), a.education],
    [t('expertise'), a.expertise],
    [t('yearsOfExperience'), a.yearsOfExperience === null ? '' : String(a.yearsOfExperience)],
    [t('referralCode'), seller.affiliate_code],
  ];
  return (
    <section className="approval__card stack" aria-labelledby="applicant-name">
      <h2 id="applicant-name">{seller.ownerName}</h2>
      <dl className="approval__facts">
        {facts
          .filter(([, value]) => value !== '' && value !== null)
          .map(([label, value]) => (
            <div key={label} className="approval__fact">
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        {a.links.length > 0 ? (
          <div className="approval__fact">
            <dt>{t('links')}</dt>
            <dd>
              {a.links.map((link) => (
                <span key={link.url} className="approval__link">
                  {link.name ? `${link.name}: ` : ''}
                  {link.url}
                </span>
              ))}
            </dd>
          </div>
        ) : null}
        <div className="approval__fact">
          <dt>{t('contact')}</dt>
          <dd>
            <ApplicantContact id={seller._id} />
          </dd>
        </div>
      </dl>
      {a.images.length > 0 ? (
        <ul className="approval__photos" aria-label={t('photos')}>
          {a.images.map((image, index) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img
                  src={image.url}
                  alt={t('applicantPhoto', { number: index + 1, count: a.images.length })}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>{t('noPhotosSent')}</p>
      )}
      {seller.history.length > 0 ? (
        <section aria-labelledby="applicant-history">
          <h3 id="applicant-history">{t('earlierDecisions')}</h3>
          <ul>
            {seller.history.map((entry) => (
              <li key={`${entry.decidedAt}-${entry.decision}`}>
                {t('decidedOn', {
                  decision: t(DECISION_KEYS[entry.decision]),
                  date: readableDate(entry.decidedAt),
                })}
                {entry.decision === 'reapplied' ? '' : t('decidedBy', { name: entry.decidedBy })}
                {entry.reason ? `: ${entry.reason}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {seller.shops[0] ? (
        <p>
          <Link to={paths.viewStore(seller._id)}>{t('preview', { name: seller.shops[0].name })}</Link>
        </p>
      ) : null}
      <ApplicantJson seller={seller} />
    </section>
  );
}

/**
 * The spec's "JSON preview of the selected user", behind a toggle: the record exactly as the list
 * sent it. That list never carries an e-mail, a mobile or a password (the server leaves them out
 * and the list's schema keeps only its own fields), so neither does this.
 */
function ApplicantJson({ seller }: { seller: SellerListItem }) {
  const { t } = useT('stores');
  const [shown, setShown] = useState(false);
  const jsonId = useId();
  return (
    <div className="approval__json stack">
      <div>
        <Button
          variant="secondary"
          aria-expanded={shown}
          aria-controls={shown ? jsonId : undefined}
          onClick={() => setShown((now) => !now)}
        >
          {shown ? t('hideJson') : t('showJson')}
        </Button>
      </div>
      {shown ? (
        // Focusable so a keyboard can scroll it (axe: scrollable-region-focusable).
        <pre
          id={jsonId}
          className="approval__json-text"
          tabIndex={0}
          aria-label={t('jsonOf', { name: seller.ownerName })}
        >
          {JSON.stringify(seller, null, 2)}
        </pre>
      ) : null}
    </div>
  );
}

/** The e-mail and mobile are fetched only when the admin asks, so the list never carries them. */
function ApplicantContact({ id }: { id: string }) {
  const { t } = useT('stores');
  const [shown, setShown] = useState(false);
  const contact = useApplicantContact(id, shown);
  if (!shown) {
    return (
      <Button variant="secondary" onClick={() => setShown(true)}>
        {t('showContact')}
      </Button>
    );
  }
  if (contact.isPending) return <span>{t('loading')}</span>;
  if (contact.isError) return <span role="alert">{contact.error.message}</span>;
  return (
    <span>
      {contact.data.email ? <a href={`mailto:${contact.data.email}`}>{contact.data.email}</a> : t('noEmail')}
      {', '}
      {contact.data.mobile ? (
        <a href={`tel:+91${contact.data.mobile}`}>{contact.data.mobile}</a>
      ) : (
        t('noMobile')
      )}
    </span>
  );
}
