import { useT } from '../../../lib/i18n';
import { LoginForm } from '../components/login-form';

export default function LoginPage() {
  const { t } = useT('account');
  return <LoginForm mode="seller" heading={t('loginHeading')} />;
}
