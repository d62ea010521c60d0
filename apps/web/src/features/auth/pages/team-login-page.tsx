import { LoginForm } from '../components/login-form';

export default function TeamLoginPage() {
  return <LoginForm mode="team" heading="Team Login" />;
}
