import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createTeamMemberSchema, MESSAGES, type CreateTeamMember } from '@app/domain';
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

function AddMemberForm() {
  const add = useAddTeamMember();
  const [added, setAdded] = useState<string | null>(null);
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
      setAdded(`${res.Data.name} can now sign in at /teamlogin and must change the password there.`);
    } catch (error) {
      const fieldErrors = isApiError(error) ? error.errors : {};
      for (const field of ['name', 'email', 'password'] as const) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      if (!Object.keys(fieldErrors).length) {
        setError('root', { message: isApiError(error) ? error.message : 'There was an error' });
      }
    }
  };

  return (
    <form className="card stack" noValidate onSubmit={handleSubmit(onSubmit)} aria-labelledby="add-member">
      <h2 id="add-member">Add a team member</h2>
      <TextField label="Name" autoComplete="off" error={errors.name?.message} {...register('name')} />
      <TextField
        label="E-mail"
        type="email"
        autoComplete="off"
        error={errors.email?.message}
        {...register('email')}
      />
      <PasswordField
        label="First password"
        autoComplete="new-password"
        hint="Give it to the member; they choose their own at first login."
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
          Add member
        </Button>
      </div>
    </form>
  );
}

function TeamList() {
  const team = useTeam();
  const remove = useRemoveTeamMember();
  if (team.isPending) return <LoadingState label="Loading the team…" />;
  if (team.isError) {
    return (
      <ErrorState
        title="Could not load the team"
        message={team.error.message}
        onRetry={() => void team.refetch()}
      />
    );
  }
  if (team.data.Data.length === 0) return <EmptyState title="No team members yet" />;
  return (
    <ul className="team__list" aria-label="Team members">
      {team.data.Data.map((member) => (
        <li key={member._id} className="team__member">
          <span>
            <strong>{member.name}</strong> {member.email}
          </span>
          <MemberRights key={member.rights.join()} member={member} />
          <Button
            variant="secondary"
            aria-label={`Remove ${member.name}`}
            loading={remove.isPending && remove.variables === member._id}
            onClick={() => {
              if (window.confirm(`Remove ${member.name}? They are signed out at once.`))
                remove.mutate(member._id);
            }}
          >
            Remove
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
  if (user?.profile.role !== 'ADMIN') {
    if (openedByAdmin) return null;
    return (
      <section className="page">
        <title>Team accounts | Revuhub</title>
        <ErrorState title={MESSAGES.notAuthorized} message="Only the admin manages team accounts.">
          <Link className="link-button" to={paths.adminLogin}>
            Admin login
          </Link>
        </ErrorState>
      </section>
    );
  }
  return (
    <section className="page stack">
      <title>Team accounts | Revuhub</title>
      <h1>Team accounts</h1>
      <nav aria-label="Admin" className="team__links">
        <Link to={paths.manageSeller}>Approve sellers</Link>
        <Link to={paths.moderateReviews}>Moderate reviews</Link>
      </nav>
      <p>A new member can do nothing until you tick their rights; each right opens its page in their menu.</p>
      <TeamList />
      <AddMemberForm />
    </section>
  );
}
