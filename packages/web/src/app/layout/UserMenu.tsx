import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { routes } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { signOut } from '../../shared/session/sign-out';
import { SignInMenuItem } from './SignInMenuItem';
import styles from './UserMenu.module.css';

/**
 * The signed-in user's menu (WAI-ARIA menu button): Enter, Space or the arrow keys open it and
 * move into it, the arrows and Home/End move between items, Escape closes it and returns to the
 * button, Tab or a click elsewhere closes it. Hand-made on purpose: antd's Dropdown would add its
 * menu library to every page's header, /home included.
 */
export function UserMenu({ label, trigger }: { label: string; trigger: ReactNode }) {
  const t = useT();
  const api = useApiClient();
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const [open, setOpen] = useState(false);
  const [focusIndex, setFocusIndex] = useState(0);
  const [signingOut, setSigningOut] = useState(false);
  const [signInResult, setSignInResult] = useState('');

  useEffect(() => {
    if (open) menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]')[focusIndex]?.focus();
  }, [open, focusIndex]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutsideClick = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOnOutsideClick);
    return () => document.removeEventListener('pointerdown', closeOnOutsideClick);
  }, [open]);

  const openAt = (index: number) => {
    setFocusIndex(index);
    setOpen(true);
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(event.key === 'ArrowDown' ? 0 : ITEM_COUNT - 1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowDown: (focusIndex + 1) % ITEM_COUNT,
      ArrowUp: (focusIndex - 1 + ITEM_COUNT) % ITEM_COUNT,
      Home: 0,
      End: ITEM_COUNT - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setFocusIndex(next);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close(false);
    }
  };

  return (
    <div className={styles.container} ref={containerRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKeyDown}
      >
        {trigger}
        <svg className={styles.chevron} width="12" height="12" viewBox="0 0 12 12" aria-hidden="true" focusable="false">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
      </button>
      {open ? (
        <ul ref={menuRef} id={menuId} role="menu" aria-label={label} className={styles.menu} onKeyDown={onMenuKeyDown}>
          {LINKS_BEFORE_SIGN_IN.map((link) => (
            <MenuLink key={link.textKey} {...link} onSelect={() => setOpen(false)} />
          ))}
          <li role="none">
            <SignInMenuItem className={styles.item} onResult={setSignInResult} />
          </li>
          {LINKS_AFTER_SIGN_IN.map((link) => (
            <MenuLink key={link.textKey} {...link} onSelect={() => setOpen(false)} />
          ))}
          <li role="none">
            <button
              role="menuitem"
              type="button"
              tabIndex={-1}
              className={styles.item}
              aria-disabled={signingOut}
              onClick={() => {
                if (signingOut) return;
                setSigningOut(true);
                void signOut(api);
              }}
            >
              {t('account.menu.signOut')}
            </button>
          </li>
        </ul>
      ) : null}
      {/* Only while the menu is open (the sign-in keeps it open): one live region fewer on every page. */}
      {open ? (
        <div className="visually-hidden" role="status" data-testid="menu-sign-in-result">
          {signInResult}
        </div>
      ) : null}
    </div>
  );
}

interface MenuLinkTarget {
  to: () => string;
  textKey: string;
}

const LINKS_BEFORE_SIGN_IN: MenuLinkTarget[] = [
  { to: routes.logged.setting, textKey: 'account.menu.setting' },
  { to: routes.storage, textKey: 'storagePage.menu' },
  { to: routes.resourceList, textKey: 'resourcesPage.menu.mine' },
  { to: routes.collectedResources, textKey: 'resourcesPage.menu.collect' },
  { to: routes.nodeList, textKey: 'nodesPage.menu' },
  { to: routes.logged.contract, textKey: 'contractsPage.menu' },
  { to: routes.logged.wallet, textKey: 'walletPage.menu' },
];
const LINKS_AFTER_SIGN_IN: MenuLinkTarget[] = [{ to: routes.logged.binding, textKey: 'account.menu.binding' }];

/** The links, the sign-in item and the sign-out item. */
const ITEM_COUNT = LINKS_BEFORE_SIGN_IN.length + 1 + LINKS_AFTER_SIGN_IN.length + 1;

function MenuLink({ to, textKey, onSelect }: MenuLinkTarget & { onSelect: () => void }) {
  const t = useT();
  return (
    <li role="none">
      <Link role="menuitem" tabIndex={-1} to={to()} className={styles.item} onClick={onSelect}>
        {t(textKey)}
      </Link>
    </li>
  );
}
