import { LoginForm } from '../components/login-form';

export default function AdminLoginPage() {
  return <LoginForm mode="admin" heading="Admin Login" />;
}
