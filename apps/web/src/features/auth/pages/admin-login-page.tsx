import { useT } from '../../../lib/i18n';
import { LoginForm } from '../components/login-form';

export default function AdminLoginPage() {
  const { t } = useT('account');
  return <LoginForm mode="admin" heading={t('adminLoginHeading')} />;
}
