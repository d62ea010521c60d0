import { useId, useState } from 'react';
import { TEAM_RIGHTS, type TeamMember, type TeamRight } from '@app/domain';
import { Button } from '../../../components/ui/button';
import { useToast } from '../../../components/ui/toast';
import { isApiError } from '../../../lib/api-client';
import { useSetTeamRights } from '../api/team-api';
import { useT } from '../../../lib/i18n';

/** The admin ticks what one member may do and saves; the member's menu follows (decision 028). */
export function MemberRights({ member }: { member: TeamMember }) {
  const save = useSetTeamRights();
  const toast = useToast();
  const { t } = useT('seller');
  const id = useId();
  const [chosen, setChosen] = useState<TeamRight[]>(member.rights);
  const changed = chosen.join() !== member.rights.join();

  const toggle = (right: TeamRight, on: boolean) =>
    setChosen((current) => TEAM_RIGHTS.filter((r) => (r === right ? on : current.includes(r))));

  const onSave = async () => {
    try {
      const res = await save.mutateAsync({ id: member._id, rights: chosen });
      setChosen(res.Data.rights);
      toast.showSuccess(t('rightsSaved', { name: member.name }));
    } catch (error) {
      toast.showError(isApiError(error) ? error.message : undefined);
    }
  };

  return (
    <fieldset className="team__rights">
      <legend>{t('rightsOf', { name: member.name })}</legend>
      {TEAM_RIGHTS.map((right) => (
        <label key={right} className="team__right">
          <input
            type="checkbox"
            checked={chosen.includes(right)}
            onChange={(event) => toggle(right, event.target.checked)}
            aria-describedby={`${id}-${right}`}
          />
          <span>
            <span className="team__right-name">{t(`right_${right}`)}</span>
            <span id={`${id}-${right}`} className="team__right-hint">
              {/* What the right opens, under its checkbox. */}
              {t(`opens_${right}`)}
            </span>
          </span>
        </label>
      ))}
      <div>
        <Button
          variant="secondary"
          aria-label={t('saveRightsOf', { name: member.name })}
          loading={save.isPending}
          disabledReason={changed ? null : t('nothingChanged')}
          onClick={() => void onSave()}
        >
          {t('saveRights')}
        </Button>
      </div>
    </fieldset>
  );
}
