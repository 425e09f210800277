import { Suspense, useState } from 'react';
import { Button } from 'antd';
import { useT } from '../../shared/i18n';
import { lazyPart } from '../../shared/ui/lazy-part';
import type { Resource } from './resources-api';
import styles from './SignIntoNode.module.css';

// antd's Modal, Radio and Checkbox stay out of the details page's chunk until the flow opens.
const SignDialog = lazyPart(
  () => import('./SignIntoNodeDialog'),
  (module) => module.SignDialog,
);

/** "License into a node": the signed-in user's way from a resource to an exhibit of it in one of his nodes. */
export function SignIntoNode({ resource, version }: { resource: Resource; version: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.bar}>
      <Button type="primary" onClick={() => setOpen(true)}>
        {t('exhibitsWeb.sign.open')}
      </Button>
      {open ? (
        <Suspense fallback={<span role="status">{t('common.loading')}</span>}>
          <SignDialog resource={resource} version={version} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
