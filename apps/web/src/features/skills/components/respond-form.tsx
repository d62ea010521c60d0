import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useLocation } from 'react-router';
import {
  skillResponseInputSchema,
  type SkillPost,
  type SkillResponseForm,
  type SkillResponseInput,
} from '@app/domain';
import { Button } from '../../../components/ui/button';
import { KitForm } from '../../../components/ui/form-kit';
import { FormMessage } from '../../../components/ui/form-message';
import { SubmitButton } from '../../../components/ui/submit-button';
import { TextAreaField } from '../../../components/ui/text-area-field';
import { TextField } from '../../../components/ui/text-field';
import { useFormKit } from '../../../components/ui/use-form-kit';
import { isApiError } from '../../../lib/api-client';
import { paths } from '../../../lib/routes';
import { useCurrentUser } from '../../../lib/session';
import { useRespondToPost } from '../api/skills-api';
import { useT } from '../../../lib/i18n';

const SERVER_FIELDS = ['message', 'replyTo'] as const;

/**
 * "Contact" on a skill, "Respond" on a requirement: a message to the poster through the platform,
 * with the contact the responder chooses to share. A visitor is sent to log in first (decision 026).
 */
export function RespondAction({ post, title }: { post: SkillPost; title: string }) {
  const user = useCurrentUser();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const { t } = useT('skills');
  const responding = post.kind === 'requirement';
  const verb = responding ? t('respond') : t('contact');
  if (post.isOwn) return null;
  if (!user) {
    return (
      <Link
        className="link-button"
        to={paths.login}
        state={{ from: `${location.pathname}${location.search}` }}
      >
        {responding ? t('logInToRespond') : t('logInToContact')}
        <span className="visually-hidden">{t('aboutTitle', { title })}</span>
      </Link>
    );
  }
  if (!open) {
    return (
      <div>
        <Button variant="secondary" onClick={() => setOpen(true)} aria-expanded={false}>
          {verb}
          <span className="visually-hidden">{t('aboutTitle', { title })}</span>
        </Button>
      </div>
    );
  }
  return (
    <RespondForm
      postId={post._id}
      label={responding ? t('respondAbout', { title }) : t('contactAbout', { title })}
      defaultReplyTo={user.profile.email}
      onClose={() => setOpen(false)}
    />
  );
}

function RespondForm({
  postId,
  label,
  defaultReplyTo,
  onClose,
}: {
  postId: string;
  /** The form's name: "Respond about …" or "Contact about …". */
  label: string;
  defaultReplyTo: string;
  onClose: () => void;
}) {
  const respond = useRespondToPost(postId);
  const { t } = useT('skills');
  const [serverError, setServerError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const form = useForm<SkillResponseInput, unknown, SkillResponseForm>({
    resolver: zodResolver(skillResponseInputSchema),
    mode: 'onSubmit',
    shouldFocusError: false,
    defaultValues: { message: '', replyTo: defaultReplyTo },
  });
  const kit = useFormKit(form);
  const {
    register,
    setError,
    formState: { isSubmitting },
  } = form;

  async function submit(values: SkillResponseForm) {
    setServerError(null);
    try {
      await respond.mutateAsync(values);
      setSent(true);
    } catch (error) {
      if (isApiError(error)) {
        for (const [path, message] of Object.entries(error.errors)) {
          const field = SERVER_FIELDS.find((f) => f === path);
          if (field) setError(field, { type: 'server', message }, { shouldFocus: false });
        }
      }
      setServerError(error instanceof Error ? error.message : String(error));
    }
    kit.announceServerAnswer();
  }

  if (sent) {
    return (
      <p className="form-message form-message--success" role="status">
        {t('responseSent')}
      </p>
    );
  }
  return (
    <KitForm
      kit={kit}
      className="stack skill-respond"
      aria-label={label}
      onSubmit={(event) => void kit.onSubmit(submit)(event)}
    >
      <TextAreaField
        id={kit.fieldId('message')}
        label={t('yourMessage')}
        rows={4}
        error={kit.shownError('message')}
        {...register('message')}
      />
      <TextField
        label={t('replyTo')}
        hint={t('replyToHint')}
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        error={kit.shownError('replyTo')}
        {...register('replyTo')}
      />
      <FormMessage messageRef={kit.messageRef}>{serverError}</FormMessage>
      <div className="skill-respond__actions">
        <SubmitButton submitting={isSubmitting} submittingLabel={t('sending')}>
          {t('send')}
        </SubmitButton>
        <Button variant="ghost" onClick={onClose}>
          {t('cancel')}
        </Button>
      </div>
    </KitForm>
  );
}
