import { BrandApplication } from '../components/brand-form';
import '../components/applications.css';

export default function JoinAsBrandPage() {
  return (
    <section className="page application stack">
      <title>Join as a Brand | Revuhub</title>
      <h1>Join as a Brand, Distributor or Wholesaler</h1>
      <p className="application__intro">
        Enter your business e-mail to schedule a demo, then tell us about your brand.
      </p>
      <BrandApplication />
    </section>
  );
}
