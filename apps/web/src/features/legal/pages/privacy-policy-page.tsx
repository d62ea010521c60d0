import { Link } from 'react-router';
import { TAX_RECORD_RETENTION_MONTHS } from '@app/domain';
import { paths } from '../../../lib/routes';
import { useSiteSettings } from '../../../lib/site-settings';
import { CompanyContact } from '../components/company-contact';
import '../components/legal.css';

export default function PrivacyPolicyPage() {
  const settings = useSiteSettings();
  return (
    <article className="page legal">
      <title>Privacy Policy | Revuhub</title>
      <h1>Privacy Policy</h1>
      <p className="legal__updated">Last updated: 22 November 2022</p>
      <p>
        Revuhub is a social-commerce and reviews platform where people ask questions about brands, stores and
        services, share personal experiences and reviews, find stores nearby and buy the products they read
        about. This policy explains what personal data we collect when you use our website and mobile apps
        (together, the &ldquo;platform&rdquo;), why we collect it, with whom we share it and the choices you
        have. It is published in accordance with the Information Technology Act, 2000 and the rules made under
        it, including the Information Technology (Reasonable Security Practices and Procedures and Sensitive
        Personal Data or Information) Rules, 2011. By using the platform you agree to this policy.
      </p>

      <h2>1. Information we collect</h2>
      <ul>
        <li>
          <strong>Account and application details</strong> you give us when you sign up or apply as an expert,
          a brand, a distributor or a retailer: name, e-mail address, mobile number, state and city,
          education, expertise and years of experience, social media profile links, company and store name,
          business type, GSTIN and PAN, store address and category, and store photographs.
        </li>
        <li>
          <strong>Content you post</strong>: queries, answers, reviews, titles and descriptions, photos and
          videos, invoices you attach to verify a purchase, hashtags, tags of brands, stores or experts, and
          messages you send through the platform.
        </li>
        <li>
          <strong>Order details</strong>: the products you order, quantity, delivery address, contact number,
          e-mail and a referrer&rsquo;s contact number if you give one. Card and other payment details are
          entered on our payment provider&rsquo;s hosted page; we do not receive or store your full card
          number.
        </li>
        <li>
          <strong>Location</strong>: your device location, only when you allow it, to find stores near you or
          to tag where a review or service was given.
        </li>
        <li>
          <strong>Usage and device data</strong>: pages and features you use, searches, referral links you
          arrived from, browser and device type, IP address and error logs.
        </li>
      </ul>

      <h2>2. How we use your information</h2>
      <ul>
        <li>To create and run your account, review applications and approve sellers.</li>
        <li>To publish your queries, reviews and answers and show them to the people you address.</li>
        <li>To process orders, payments, deliveries, samples and referral rewards.</li>
        <li>To show nearby stores and relevant products, reviews and experts.</li>
        <li>To verify purchases and validated reviews, and to prevent fraud, spam and abuse.</li>
        <li>To send you service messages about your account, orders and queries.</li>
        <li>To understand how the platform is used and to improve it.</li>
        <li>To meet our legal obligations and enforce our Terms and Conditions.</li>
      </ul>

      <h2>3. Sharing your information</h2>
      <p>We do not sell your personal data. We share it only as follows:</p>
      <ul>
        <li>
          <strong>Publicly</strong>: reviews, answers and posts you publish are visible to other users
          together with your display name, unless you choose to respond privately. Your mobile number and
          e-mail address are not shown publicly.
        </li>
        <li>
          <strong>With sellers and experts</strong>: when you order, the brand or store receives the name,
          address and contact details needed to fulfil the order; when you ask a brand, store or expert a
          question, they see your query and the contact details you gave with it.
        </li>
        <li>
          <strong>With service providers</strong> who work for us under contract: hosting and storage, payment
          processing, messaging and analytics. They may use the data only to provide their service to us.
        </li>
        <li>
          <strong>For legal reasons</strong>: when required by law, a court order or a government authority,
          or to protect the rights, property or safety of our users or of Revuhub.
        </li>
        <li>
          <strong>In a business transfer</strong>: if Revuhub is merged or sold, with the new owner, who
          remains bound by this policy.
        </li>
      </ul>

      <h2>4. Cookies and local storage</h2>
      <p>
        The website keeps a few items in your browser&rsquo;s local storage: your sign-in token and account
        details after you log in, and the id of the person who referred you when you follow a referral link.
        They are needed for the platform to work and are removed when you log out (the referral id stays until
        you clear your browser data). We do not use advertising cookies. You can clear local storage and
        cookies in your browser settings at any time; you will then be logged out.
      </p>

      <h2>5. Retention</h2>
      <p>
        We keep your account data while your account is active. Posts and reviews stay published until you or
        we remove them. Logs are kept for up to one year. When data is no longer needed it is deleted or
        anonymised.
      </p>
      <p>
        When you delete your account, your orders stay in the sellers&rsquo; books without your name, contact
        details or street address. Tax invoices and credit notes already issued for your orders stay exactly
        as they were issued for {TAX_RECORD_RETENTION_MONTHS} months (six years), as section 36 of the Central
        Goods and Services Tax Act, 2017 requires of the seller; they are then deleted. A record that you
        consented, and of your deletion request, is kept without your contact details as proof of what we did.
      </p>

      <h2>6. Security</h2>
      <p>
        We protect your data with reasonable security practices: encrypted connections, hashed passwords,
        access limited to staff who need it, and regular reviews of our systems. No system is completely
        secure; if you believe your account has been compromised, change your password and contact us at once.
      </p>

      <h2>7. Children</h2>
      <p>
        The platform is meant for people aged 18 or older. We do not knowingly collect data from anyone under
        18. If you believe a minor has given us personal data, write to the grievance officer and we will
        delete it.
      </p>

      <h2>8. Your rights</h2>
      <p>
        Under the Digital Personal Data Protection Act, 2023 you may see and download the personal data we
        hold about you, correct it, delete your account, and withdraw a consent you gave. We record each
        consent you give (when you sign up, post, ask or order without an account): what it was for, when, the
        version of this notice you were shown, and that you confirmed you are 18 or older.
      </p>
      <ul>
        <li>
          Signed in, open <Link to={paths.myData}>Your data and privacy</Link> to download everything in one
          file or to delete your account. You choose whether your posts and queries are removed or kept
          without your name. A seller first completes open orders and settles any balance; the page says what
          is left.
        </li>
        <li>
          Posted, asked or bought without a password? <Link to={paths.visitorData}>Download or delete</Link>{' '}
          with a code we send to the e-mail or mobile you used.
        </li>
        <li>
          Stop optional messages with the link at the end of each message, or all at once from Your data and
          privacy. Withdrawing consent may mean some features stop working.
        </li>
      </ul>
      <p>For anything else, write to the grievance officer below; we answer within 30 days.</p>

      <h2>9. Grievance officer</h2>
      <p>
        If you have a complaint about how your data is handled, contact our grievance officer. We acknowledge
        complaints within 48 hours and resolve them within one month.
      </p>
      {settings ? (
        <p>
          Grievance officer: {settings.grievanceOfficer}
          <br />
          E-mail: <a href={`mailto:${settings.grievanceEmail}`}>{settings.grievanceEmail}</a>
        </p>
      ) : (
        <p>Loading contact details…</p>
      )}

      <h2>10. Registered address and contact</h2>
      <p>For any other question about this policy, contact us:</p>
      <CompanyContact settings={settings} />

      <h2>11. Changes to this policy</h2>
      <p>
        We may update this policy. The date at the top shows when it last changed; significant changes are
        announced on the platform before they take effect. Continuing to use the platform after that date
        means you accept the updated policy.
      </p>
    </article>
  );
}
