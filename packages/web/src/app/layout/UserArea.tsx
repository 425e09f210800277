import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { PlusOutlined } from '@ant-design/icons';
import { routes } from '@tessera/domain';
import { useT } from '../../shared/i18n';
import { useCurrentUser, type CurrentUser } from './use-current-user';
import { UserMenu } from './UserMenu';
import styles from './UserArea.module.css';

export function UserArea() {
  const state = useCurrentUser();
  // A new avatar keeps its address: the badge is made again so that it asks with a new time stamp.
  if (state.status === 'signedIn') return <UserBadge key={state.updatedAt} user={state.user} />;
  if (state.status === 'loading') return <span className={styles.placeholder} aria-hidden="true" />;
  return <SignInLinks />;
}

function SignInLinks() {
  const t = useT();
  const { pathname, search, hash } = useLocation();
  // goTo is the full current address, so that the login page can send the person back here.
  const goTo = `${window.location.origin}${pathname}${search}${hash}`;
  return (
    <div className={styles.auth}>
      <Link to={routes.login({ goTo })} className={styles.signIn}>
        {t('common.auth.signIn')}
      </Link>
      <Link to={routes.logon({ goTo })} className={styles.signUp}>
        {t('common.auth.signUp')}
      </Link>
    </div>
  );
}

function UserBadge({ user }: { user: CurrentUser }) {
  const t = useT();
  // SPEC §9: the avatar address gets a time stamp so that a new picture shows at once.
  const [avatarUrl] = useState(() => withTimestamp(user.headImage));
  const [avatarFailed, setAvatarFailed] = useState(false);
  const trigger = (
    <>
      {avatarUrl && !avatarFailed ? (
        <img
          className={styles.avatar}
          src={avatarUrl}
          alt={t('common.user.avatarAlt', { name: user.username })}
          width={32}
          height={32}
          onError={() => setAvatarFailed(true)}
        />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {initialsOf(user.username)}
        </span>
      )}
      <span className={styles.name}>
        <span className="visually-hidden">{t('common.user.signedInAs')}</span>
        {user.username}
      </span>
    </>
  );
  return (
    <div className={styles.user} data-testid="current-user">
      {/* Publishing is one click away wherever a signed-in user is. */}
      <Link to={routes.resourceCreatorEntry()} className={styles.publish}>
        <PlusOutlined aria-hidden="true" />
        {t('common.user.publish')}
      </Link>
      <UserMenu label={t('account.menu.label', { name: user.username })} trigger={trigger} />
    </div>
  );
}

/** Up to two letters: the first of each hyphen-separated part ("lin-studio" → "LS"). */
export function initialsOf(username: string): string {
  const parts = username.split('-').filter(Boolean);
  return parts
    .slice(0, 2)
    .map((part) => [...part][0] ?? '')
    .join('')
    .toUpperCase();
}

function withTimestamp(address: string): string {
  if (!address) return '';
  return `${address}${address.includes('?') ? '&' : '?'}t=${Date.now()}`;
}
