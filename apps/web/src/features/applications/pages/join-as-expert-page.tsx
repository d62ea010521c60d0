import { ExpertApplicationForm } from '../components/expert-form';
import { EarlierAnswers } from '../components/earlier-answers';
import '../components/applications.css';

export default function JoinAsExpertPage() {
  return (
    <section className="page application stack">
      <title>Apply as Expert | Revuhub</title>
      <h1>Apply as Expert</h1>
      <p className="application__intro">
        Share what you know: answer queries with your own experience and get discovered. Every field is
        needed, plus at least one social handle.
      </p>
      <EarlierAnswers kind="expert">
        {({ answers, reapply }) => <ExpertApplicationForm initial={answers} reapply={reapply} />}
      </EarlierAnswers>
    </section>
  );
}
