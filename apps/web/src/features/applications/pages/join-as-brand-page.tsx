import { BrandApplication } from '../components/brand-form';
import { EarlierAnswers } from '../components/earlier-answers';
import '../components/applications.css';

export default function JoinAsBrandPage() {
  return (
    <section className="page application stack">
      <title>Join as a Brand | Revuhub</title>
      <h1>Join as a Brand, Distributor or Wholesaler</h1>
      <p className="application__intro">
        Enter your business e-mail to schedule a demo, then tell us about your brand.
      </p>
      <EarlierAnswers kind="brand">
        {({ answers, reapply }) => <BrandApplication initial={answers} reapply={reapply} />}
      </EarlierAnswers>
    </section>
  );
}
