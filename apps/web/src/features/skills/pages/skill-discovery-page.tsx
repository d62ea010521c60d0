import { TYPING_SPEED_MS } from '@app/domain';
import { Link } from 'react-router';
import { Typewriter } from '../../../components/ui/typewriter';
import { paths } from '../../../lib/routes';
import './skill-discovery.css';

const TYPED = ['... and get scouted by top recruiters'] as const;

const STEPS = [
  {
    title: 'Search and choose a job requirement',
    text: 'Browse the positions recruiters have posted and pick the one that matches what you do best.',
  },
  {
    title: 'Share hands-on experience details',
    text: 'Tell the hiring team what you have actually built, fixed or delivered, with photos, videos and links.',
  },
  {
    title: 'Get selected by the hiring manager',
    text: 'The hiring manager reviews your experience and reaches out to the people who fit.',
  },
] as const;

/** /skilldiscovery ("For Recruitment" in the landing menu). */
export default function SkillDiscoveryPage() {
  return (
    <div className="skills">
      <title>Skill discovery | Revuhub</title>
      <section className="skills__hero" aria-labelledby="skills-title">
        <div className="page">
          <h1 id="skills-title" className="skills__title">
            Display your skills <span className="visually-hidden">{TYPED[0]}</span>
            <Typewriter className="skills__typed" phrases={TYPED} speedMs={TYPING_SPEED_MS} />
          </h1>
          <Link className="link-button" to={paths.addSkill}>
            Add Your Skill
          </Link>
        </div>
      </section>
      <section className="page" aria-labelledby="skills-steps">
        <h2 id="skills-steps">How it works</h2>
        <ol className="skills__steps">
          {STEPS.map((step) => (
            <li key={step.title} className="card skills__step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
