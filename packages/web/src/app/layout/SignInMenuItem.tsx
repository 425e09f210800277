import { useQuery } from '@tanstack/react-query';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { signInInfoQuery, useDailySignIn } from '../../shared/session/daily-sign-in';

/**
 * The user menu's daily sign-in: the streak and today's state, read when the menu opens (not on every
 * page); a click signs in and the menu stays open, so the new streak shows. `onResult` hears the reward
 * or the refusal, for the menu's live region.
 */
export function SignInMenuItem({ className, onResult }: { className?: string; onResult: (text: string) => void }) {
  const t = useT();
  const api = useApiClient();
  const info = useQuery(signInInfoQuery(api));
  const signIn = useDailySignIn(api);
  const signedToday = info.data?.isSignedToday ?? false;
  const label = !info.data
    ? t('walletPage.menu.signInLoading')
    : signedToday
      ? t('walletPage.menu.signedIn', { days: info.data.seriesDays })
      : t('walletPage.menu.signIn', { days: info.data.seriesDays });
  const unavailable = !info.data || signedToday || signIn.isPending;

  return (
    <button
      role="menuitem"
      type="button"
      tabIndex={-1}
      className={className}
      aria-disabled={unavailable}
      data-testid="menu-sign-in"
      data-signed-today={signedToday}
      onClick={() => {
        if (unavailable) return;
        signIn.mutate(undefined, {
          onSuccess: (reward) =>
            onResult(t('walletPage.menu.rewarded', { coins: reward.rewardAmount, days: reward.seriesDays })),
          onError: (error) => onResult(errorMessage(error)),
        });
      }}
    >
      {label}
    </button>
  );
}
