import { useSiteSettings } from '../../../lib/site-settings';
import { CompanyContact } from '../components/company-contact';
import '../components/legal.css';

export default function TermsPage() {
  const settings = useSiteSettings();
  return (
    <article className="page legal">
      <title>Terms and Conditions | Revuhub</title>
      <h1>Terms and Conditions</h1>
      <p>
        These terms govern your use of the Revuhub website and mobile apps (the &ldquo;platform&rdquo;). By
        registering or using the platform you accept them. If you do not agree, do not use the platform.
        &ldquo;We&rdquo;, &ldquo;us&rdquo; and &ldquo;Revuhub&rdquo; mean the company named in the Contact
        section; &ldquo;you&rdquo; means the person or business using the platform.
      </p>

      <h2>1. Registration</h2>
      <p>
        You must be 18 or older to register and use the platform. You agree to give true, current and complete
        information, to keep it up to date and to keep your password secret. You are responsible for
        everything done through your account. Applying as an expert, a brand, a distributor or a retailer does
        not guarantee access: we approve applications at our discretion and may suspend or close an account
        that breaks these terms.
      </p>

      <h2>2. Content and Licences</h2>
      <p>
        The platform, its design, software, logos and the content we create are owned by Revuhub or its
        licensors. We grant you a limited, personal, non-exclusive, non-transferable and revocable licence to
        use the platform for its intended purpose. You may not copy, modify, distribute, sell or
        reverse-engineer any part of it except as the law allows.
      </p>

      <h2>3. User-Generated Content</h2>
      <p>
        You keep ownership of the queries, reviews, answers, photos, videos and other material you submit. By
        submitting it you grant Revuhub a worldwide, royalty-free, non-exclusive licence to host, display,
        reproduce, adapt and share it on the platform and in promoting the platform, for as long as it is
        published. You confirm that you have the right to submit it and that it reflects your honest
        experience. Submissions are reviewed and managed at least monthly; we may edit, hide or remove content
        that breaks these terms without notice.
      </p>

      <h2>4. Warranties</h2>
      <p>
        You warrant that the information you give is accurate, that your content does not infringe
        anyone&rsquo;s rights, and that, as a supplier, you hold every licence and registration needed to sell
        your products and that the products match their description.
      </p>

      <h2>5. Community Rules</h2>
      <ul>
        <li>Be honest: review only products and services you have used, and disclose any payment or gift.</li>
        <li>Be respectful: no harassment, hate speech, threats or personal attacks.</li>
        <li>Do not post spam, fake reviews, misleading claims or other people&rsquo;s personal data.</li>
        <li>
          Do not solicit experts, suppliers or customers you met through the platform to deal with you outside
          it for six (6) months after your last interaction on the platform.
        </li>
        <li>Report content that breaks these rules; we review every report.</li>
      </ul>

      <h2>6. Use Restrictions</h2>
      <p>You must not:</p>
      <ul>
        <li>use the platform for anything unlawful, fraudulent or harmful;</li>
        <li>impersonate anyone or misrepresent your connection with a brand, store or person;</li>
        <li>scrape, crawl or collect data from the platform by automated means;</li>
        <li>interfere with its security or operation, or upload viruses or malicious code;</li>
        <li>resell or commercially exploit the platform without our written permission.</li>
      </ul>

      <h2>7. Supplier Subscriptions</h2>
      <p>
        Brands, distributors and retailers (&ldquo;suppliers&rdquo;) can list a store and products on the free
        plan. Paid Premium and Promotion plans add features such as wider visibility and promoted listings;
        their prices and features are shown before you subscribe. Subscription fees are paid in advance and
        are non-refundable, including for unused periods. Paid plans auto-renew at the end of each period at
        the then-current price unless you cancel before the renewal date. If a payment fails, the account
        returns to the free plan.
      </p>

      <h2>8. Notices</h2>
      <p>
        We send notices to the e-mail address or mobile number on your account, or publish them on the
        platform. Changes to these terms and to our policies are announced at least yearly, and always before
        a significant change takes effect. You send notices to us at the contact details below.
      </p>

      <h2>9. Pricing Errors</h2>
      <p>
        Suppliers set their own prices. Despite our efforts a product may occasionally be listed at a wrong
        price. If so, we or the supplier may cancel the order, even after it was confirmed, and any amount
        paid will be refunded in full.
      </p>

      <h2>10. Links</h2>
      <p>
        You may link to public pages of the platform, such as a review or a store, provided the link is fair
        and does not suggest an endorsement we have not given. We may ask you to remove a link at any time.
      </p>

      <h2>11. Third-Party Sites</h2>
      <p>
        The platform links to sites and services of others, such as payment providers, app stores, maps and
        social networks. We do not control them and are not responsible for their content or practices; their
        own terms and privacy policies apply.
      </p>

      <h2>12. Disclaimers</h2>
      <p>
        The platform is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. Reviews, answers and
        expert advice are the opinions of their authors, not of Revuhub, and are not a substitute for
        professional advice. Products are sold by suppliers, who are responsible for them. We do not guarantee
        that the platform will be uninterrupted or error-free.
      </p>

      <h2>13. Indemnity</h2>
      <p>
        You agree to indemnify and hold harmless Revuhub, its directors, employees and partners from any
        claim, loss or expense (including reasonable legal fees) arising from your content, your use of the
        platform or your breach of these terms.
      </p>

      <h2>14. Limitation of Liability</h2>
      <p>
        To the extent the law allows, Revuhub is not liable for indirect, incidental or consequential losses,
        or for loss of profit, data or goodwill. Our total liability for any claim is limited to the amount
        you paid us in the six months before the claim arose, or INR 1,000 if you paid nothing.
      </p>

      <h2>15. Governing Law</h2>
      <p>
        These terms are governed by the laws of India. The courts at Bangalore (Bengaluru), Karnataka, have
        exclusive jurisdiction over any dispute arising from them or from your use of the platform.
      </p>

      <h2>16. Contact</h2>
      <p>Questions about these terms can be sent to:</p>
      <CompanyContact settings={settings} />
    </article>
  );
}
