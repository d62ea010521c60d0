import { CustomerApplicationForm } from '../components/customer-form';
import '../components/applications.css';

export default function JoinAsEndUserPage() {
  return (
    <section className="page application stack">
      <title>Create an Account | Revuhub</title>
      <h1>Create an Account</h1>
      <p className="application__intro">
        Ask queries, review what you bought and validate reviews from people you know.
      </p>
      <CustomerApplicationForm />
    </section>
  );
}
