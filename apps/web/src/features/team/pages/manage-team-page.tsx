import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamMemberSchema, type CreateTeamMember } from '@app/domain';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { EmptyState, ErrorState } from '../../../components/ui/feedback-state';
import { PasswordField } from '../../../components/ui/password-field';
import { LoadingState } from '../../../components/ui/spinner';
import { TextField } from '../../../components/ui/text-field';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useAddTeamMember, useRemoveTeamMember, useTeam } from '../api/team-api';
import { MemberRights } from '../components/member-rights';
import './manage-team.css';
import { useT } from '../../../lib/i18n';

function AddMemberForm() {
  const add = useAddTeamMember();
  const [added, setAdded] = useState<string | null>(null);
  const { t } = useT('seller');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CreateTeamMember>({
    resolver: zodResolver(createTeamMemberSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = async (values: CreateTeamMember) => {
    setAdded(null);
    try {
      const res = await add.mutateAsync(values);
      reset();
      setAdded(t('memberAdded', { name: res.Data.name }));
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors : {};
      for (const field of ['name', 'email', 'password'] as const) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      if (!Object.keys(fieldErrors).length) {
        setError('root', { message: isApiError(error) ? error.message : t('error') });
      }
    }
  };

  return (
    <form className="card stack" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="add-member">
      <h2 id="add-member">{t('addMember')}</h2>
      <TextField label={t('name')} autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label={t('email')}
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label={t('firstPassword')}
        autoComplete="new-password"
        hint={t('firstPasswordHint')}
        error={errors.password?.message}
        {...register('password')}
      />
      {errors.root ? (
        <p className="field__error" role="alert">
          {errors.root.message}
        </p>
      ) : null}
      {added ? (
        <p className="team__added" role="status">
          {added}
        </p>
      ) : null}
      <div>
        <Button type="submit" loading={isSubmitting}>
          {t('addMemberButton')}
        </Button>
      </div>
    </form>
  );
}

function TeamList() {
  const team = useTeam();
  const remove = useRemoveTeamMember();
  const { t } = useT('seller');
  if (team.isPending) return <LoadingState label={t('loadingTeam')} />;
  if (team.isError) {
    return (
      <ErrorState
        title={t('couldNotLoadTeam')}
        message={team.error.message}
        onRetry={() => void team.refetch()}
      />
    );
  }
  if (team.data.Data.length === 0) return <EmptyState title={t('noMembers')} />;
  return (
    <ul className="team__list" aria-label={t('teamMembers')}>
      {team.data.Data.map((member) => (
        <li key={member._id} className="team__member">
          <span>
            <strong>{member.name}</strong> {member.email}
          </span>
          <MemberRights key={member.rights.join()} member={member} />
          <Button
            variant="secondary"
            aria-label={t('removeName', { name: member.name })}
            loading={remove.isPending && remove.variables === member._id}
            onClick={() => {
              if (window.confirm(t('removeConfirm', { name: member.name }))) remove.mutate(member._id);
            }}
          >
            {t('remove')}
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** `/manageteam`: the admin creates and removes TEAM accounts and chooses what each may do. */
export default function ManageTeamPage() {
  const user = useCurrentUser();
  const [openedByAdmin] = useState(user?.profile.role === 'ADMIN');
  const { t } = useT('seller');
  if (user?.profile.role !== 'ADMIN') {
    if (openedByAdmin) return null;
    return (
      <section className="page">
        <title>{t('pageTitle', { heading: t('teamAccounts') })}</title>
        <ErrorState title={t('notAuthorized')} message={t('onlyAdmin')}>
          <Link className="link-button" to={paths.adminLogin}>
            {t('adminLogin')}
          </Link>
        </ErrorState>
      </section>
    );
  }
  return (
    <section className="page stack">
      <title>{t('pageTitle', { heading: t('teamAccounts') })}</title>
      <h1>{t('teamAccounts')}</h1>
      <nav aria-label={t('admin')} className="team__links">
        <Link to={paths.manageSeller}>{t('approveSellers')}</Link>
        <Link to={paths.moderateReviews}>{t('moderateReviews')}</Link>
      </nav>
      <p>{t('teamIntro')}</p>
      <TeamList />
      <AddMemberForm />
    </section>
  );
}
