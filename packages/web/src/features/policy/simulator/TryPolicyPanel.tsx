// "Try this policy": an expandable panel beside a policy that loads the simulator on first opening.
import { Suspense, useId, useState } from 'react';
import { Button } from 'antd';
import { useT } from '../../../shared/i18n';
import { lazyPart } from '../../../shared/ui/lazy-part';
import type { PolicySimulatorProps } from './PolicySimulator';
import styles from './try-panel.module.css';

const PolicySimulator = lazyPart(
  () => import('./PolicySimulator'),
  (module) => module.PolicySimulator,
);

/** Closed at first; once opened the simulator stays mounted, so closing and reopening keeps its steps. */
export function TryPolicyPanel(props: PolicySimulatorProps) {
  const t = useT();
  const regionId = `try-policy${useId().replace(/[^\w-]/g, '')}`;
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  const toggle = () => {
    setOpen(!open);
    setOpened(true);
  };
  return (
    <div className={styles.panel}>
      <Button type="link" className={styles.toggle} aria-expanded={open} aria-controls={regionId} onClick={toggle}>
        <span aria-hidden="true" className={open ? styles.chevronOpen : styles.chevron} />
        {t('policySimulator.toggle')}
      </Button>
      <div id={regionId} hidden={!open}>
        {opened && (
          <Suspense
            fallback={
              <p role="status" className={styles.loading}>
                {t('policySimulator.loading')}
              </p>
            }
          >
            <PolicySimulator {...props} />
          </Suspense>
        )}
      </div>
    </div>
  );
}
