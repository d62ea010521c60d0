import { useState, type ReactNode } from 'react';
import type { SellerListItem } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { paths } from '../../../lib/routes';
import { useApplicantContact } from '../api/sellers-api';
import { KIND_LABELS } from '../messages';

const DECISION_LABELS: Record<SellerListItem['history'][number]['decision'], string> = {
  approved: 'Approved',
  rejected: 'Rejected',
  reapplied: 'Applied again',
};

const dateFormat = new Intl.DateTimeFormat('en-IN', { dateStyle: 'medium' });
const readableDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
};

/** Everything the applicant sent, as a person reads it; blank answers are left out. */
export function ApplicantCard({ seller }: { seller: SellerListItem }) {
  const a = seller.application;
  const facts: [string, ReactNode][] = [
    ['Applied as', seller.kind ? KIND_LABELS[seller.kind] : seller.role],
    ['Applied on', readableDate(seller.createdAt)],
    ['Company', a.companyName],
    ['Store', a.storeName || seller.shops.map((shop) => shop.name).join(', ')],
    ['Business type', a.businessType],
    ['GSTIN', a.gstin],
    ['PAN', a.pan],
    ['Address', a.address || [a.city, a.state].filter(Boolean).join(', ')],
    ['Categories', a.categories.join('; ')],
    ['Website', a.websiteLink],
    ['Education', a.education],
    ['Expertise', a.expertise],
    ['Years of experience', a.yearsOfExperience === null ? '' : String(a.yearsOfExperience)],
    ['Referral code', seller.affiliate_code],
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
            <dt>Links</dt>
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
          <dt>Contact</dt>
          <dd>
            <ApplicantContact id={seller._id} />
          </dd>
        </div>
      </dl>
      {a.images.length > 0 ? (
        <ul className="approval__photos" aria-label="Photos">
          {a.images.map((image, index) => (
            <li key={image.url}>
              <a href={image.url} target="_blank" rel="noreferrer">
                <img
                  src={image.url}
                  alt={`Photo ${index + 1} of ${a.images.length} (opens in a new tab)`}
                  loading="lazy"
                />
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p>No photos sent.</p>
      )}
      {seller.history.length > 0 ? (
        <section aria-labelledby="applicant-history">
          <h3 id="applicant-history">Earlier decisions</h3>
          <ul>
            {seller.history.map((entry) => (
              <li key={`${entry.decidedAt}-${entry.decision}`}>
                {DECISION_LABELS[entry.decision]} on {readableDate(entry.decidedAt)}
                {entry.decision === 'reapplied' ? '' : ` by ${entry.decidedBy}`}
                {entry.reason ? `: ${entry.reason}` : ''}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {seller.shops[0] ? (
        <p>
          <Link to={paths.viewStore(seller._id)}>Preview {seller.shops[0].name}</Link>
        </p>
      ) : null}
    </section>
  );
}

/** The e-mail and mobile are fetched only when the admin asks, so the list never carries them. */
function ApplicantContact({ id }: { id: string }) {
  const [shown, setShown] = useState(false);
  const contact = useApplicantContact(id, shown);
  if (!shown) {
    return (
      <Button variant="secondary" onClick={() => setShown(true)}>
        Show e-mail and mobile
      </Button>
    );
  }
  if (contact.isPending) return <span>Loading…</span>;
  if (contact.isError) return <span role="alert">{contact.error.message}</span>;
  return (
    <span>
      {contact.data.email ? <a href={`mailto:${contact.data.email}`}>{contact.data.email}</a> : 'No e-mail'}
      {', '}
      {contact.data.mobile ? (
        <a href={`tel:+91${contact.data.mobile}`}>{contact.data.mobile}</a>
      ) : (
        'no mobile'
      )}
    </span>
  );
}
