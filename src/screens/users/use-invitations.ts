import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Invitation, User } from '../../api/gen/model';
import { useResendInvitation, useRevokeInvitation } from '../../api/gen/users/users.ts';
import { useInvalidatingMutation } from '../../api/use-invalidating-mutation.ts';
import { useNotify } from '../../components/notify/notify-context.ts';
import type { ShownLink } from './invitation-parts.tsx';
import { usersListKey } from './use-users-api.ts';
import { fullName } from './user-actions.ts';

/**
 * What the users screen does with invitations: says what became of one (emailed, failed, or, on a
 * server without email, the link to pass on), and resends or revokes one (after a confirmation).
 */
export function useInvitations() {
  const { t } = useTranslation();
  const notify = useNotify();
  const [shownLink, setShownLink] = useState<ShownLink | null>(null);
  const resend = useInvalidatingMutation(useResendInvitation, [usersListKey]);
  const revoke = useInvalidatingMutation(useRevokeInvitation, [usersListKey]);

  const report = (user: User, invitation: Invitation) => {
    if (invitation.delivery === 'sent') notify.success(t('users.invitation.sent', { email: user.email }));
    else if (invitation.delivery === 'failed')
      notify.error(t('users.invitation.failed', { email: user.email }));
    else if (invitation.link)
      setShownLink({ name: fullName(user), link: invitation.link, expiresAt: invitation.expires_at });
  };

  return {
    report,
    shownLink,
    hideLink: () => setShownLink(null),
    resend: async (user: User) => {
      try {
        const answer = await resend.mutateAsync({ id: user.id });
        report(answer.user, answer.invitation);
      } catch {
        notify.error(t('users.invitation.actionFailed'));
      }
    },
    revoke: (user: User) =>
      notify.confirm({
        header: t('users.invitation.revoke'),
        message: t('users.invitation.revokeMessage', { name: fullName(user) }),
        acceptLabel: t('users.invitation.revoke'),
        danger: true,
        onAccept: async () => {
          try {
            await revoke.mutateAsync({ id: user.id });
            notify.success(t('users.invitation.revoked', { name: fullName(user) }));
          } catch {
            notify.error(t('users.invitation.actionFailed'));
          }
        },
      }),
  };
}
