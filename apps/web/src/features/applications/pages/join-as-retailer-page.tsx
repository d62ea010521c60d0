import { RetailerApplicationForm } from '../components/retailer-form';
import { EarlierAnswers } from '../components/earlier-answers';
import '../components/applications.css';

export default function JoinAsRetailerPage() {
  return (
    <section className="page application stack">
      <title>Join as a Retailer | Revuhub</title>
      <h1>Join as a Retailer</h1>
      <p className="application__intro">
        Open your store on Revuhub: your details, your store&apos;s address and location, what you sell and a
        few photos.
      </p>
      <EarlierAnswers kind="retailer">
        {({ answers, reapply }) => <RetailerApplicationForm initial={answers} reapply={reapply} />}
      </EarlierAnswers>
    </section>
  );
}
