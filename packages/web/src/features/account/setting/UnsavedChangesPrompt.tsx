import { useEffect } from 'react';
import { Modal } from 'antd';
import { useBlocker } from 'react-router';
import { useT } from '../../../shared/i18n';

/**
 * Asks before leaving the page while `when` holds: inside the app with a dialog (react-router's
 * blocker), when closing or reloading the tab with the browser's own question.
 */
export function UnsavedChangesPrompt({ when }: { when: boolean }) {
  const t = useT();
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => when && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!when) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [when]);

  return (
    <Modal
      open={blocker.state === 'blocked'}
      title={t('account.setting.leave.title')}
      okText={t('account.setting.leave.confirm')}
      cancelText={t('account.setting.leave.stay')}
      okButtonProps={{ danger: true }}
      onOk={() => blocker.proceed?.()}
      onCancel={() => blocker.reset?.()}
      destroyOnHidden
    >
      <p>{t('account.setting.leave.body')}</p>
    </Modal>
  );
}
