import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { compareVersionTexts } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { resourceQuery, VersionSelect } from '../resources';
import { ignoreUpdateTip, switchVersion, type Exhibit } from './exhibits-api';
import { useExhibitChange } from './use-exhibit-change';
import styles from './ExhibitPage.module.css';

/** A newer version is worth a hint unless the owner already said to ignore it (DOMAIN §3.4). */
export function updateWorthHint(exhibit: Pick<Exhibit, 'version' | 'ignoredUpdateVersion'>, latest: string): boolean {
  if (!latest || !exhibit.version) return false;
  const newerThanIgnored =
    !exhibit.ignoredUpdateVersion || compareVersionTexts(latest, exhibit.ignoredUpdateVersion) > 0;
  return compareVersionTexts(latest, exhibit.version) > 0 && newerThanIgnored;
}

/** The exhibited version, a switch to another one, and the "update available" hint with "ignore". */
export function ExhibitVersion({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const resource = useQuery(resourceQuery(api, exhibit.resourceInfo.resourceId));
  const [chosen, setChosen] = useState(exhibit.version);
  const [done, setDone] = useState('');
  const switching = useExhibitChange(exhibit.presentableId, (version: string) =>
    switchVersion(api, exhibit.presentableId, version),
  );
  const ignoring = useExhibitChange(exhibit.presentableId, (version: string) =>
    ignoreUpdateTip(api, exhibit.presentableId, version),
  );

  const switchTo = (version: string) => {
    setDone('');
    ignoring.reset();
    switching.mutate(version, {
      onSuccess: () => setDone(t('exhibitsWeb.version.switched', { version })),
    });
  };

  if (!exhibit.version) return <p className={styles.muted}>{t('exhibitsWeb.version.collection')}</p>;
  if (resource.isPending) return <p role="status">{t('common.loading')}</p>;
  if (resource.isError) {
    return (
      <Alert
        type="error"
        role="alert"
        title={t('exhibitsWeb.version.error')}
        description={errorMessage(resource.error)}
        action={<Button onClick={() => void resource.refetch()}>{t('common.retry')}</Button>}
        data-testid="exhibit-version-error"
      />
    );
  }
  const latest = resource.data.latestVersion;
  const hint = updateWorthHint(exhibit, latest);

  return (
    <div className={styles.form}>
      <p data-testid="exhibit-version">{t('exhibitsWeb.version.current', { version: exhibit.version })}</p>
      {hint ? (
        <Alert
          type="info"
          showIcon
          title={t('exhibitsWeb.version.updateAvailable', { version: latest })}
          data-testid="exhibit-update-hint"
          action={
            <span className={styles.actions}>
              <Button size="small" type="primary" loading={switching.isPending} onClick={() => switchTo(latest)}>
                {t('exhibitsWeb.version.switchTo', { version: latest })}
              </Button>
              <Button size="small" loading={ignoring.isPending} onClick={() => ignoring.mutate(latest)}>
                {t('exhibitsWeb.version.ignore')}
              </Button>
            </span>
          }
        />
      ) : null}
      <div className={styles.actions}>
        <VersionSelect
          resource={resource.data}
          label={t('exhibitsWeb.version.choose')}
          value={chosen}
          onChange={setChosen}
          className={styles.field}
        />
        <Button disabled={chosen === exhibit.version} loading={switching.isPending} onClick={() => switchTo(chosen)}>
          {t('exhibitsWeb.version.switch')}
        </Button>
      </div>
      <span role="status">{done}</span>
      {switching.isError || ignoring.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t(switching.isError ? 'exhibitsWeb.version.switchRefused' : 'exhibitsWeb.version.ignoreRefused')}
          description={errorMessage(switching.error ?? ignoring.error)}
          data-testid="exhibit-version-refusal"
        />
      ) : null}
    </div>
  );
}
