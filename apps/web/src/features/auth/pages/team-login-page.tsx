import { useT } from '../../../lib/i18n';
import { LoginForm } from '../components/login-form';

export default function TeamLoginPage() {
  const { t } = useT('account');
  return <LoginForm mode="team" heading={t('teamLoginHeading')} />;
}
