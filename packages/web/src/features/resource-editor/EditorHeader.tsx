import { useId } from 'react';
import { Alert, Modal, Switch, Tag } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { ResourceStatus, routes } from '@tessera/domain';
import { errorMessage } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { ButtonLink } from '../../shared/ui/ButtonLink';
import { OnlineBlockerNotice, onlineBlocker, useResourceChange } from '../creator';
import { detailsStyles, ResourceCover, statusColor, statusKey } from '../resources';
import styles from './ResourceEditor.module.css';

/** Cover, title, status and the "available for licensing" switch of the resource being edited. */
export function EditorHeader({ resource }: { resource: ResourceWire }) {
  const t = useT();
  return (
    <header className={styles.header}>
      <ResourceCover src={resource.coverImages[0]} className={styles.headerCover} eager />
      <div className={styles.headerText}>
        <h1 className={styles.title}>{resource.resourceTitle || resource.resourceName}</h1>
        <p className={detailsStyles.name}>{resource.resourceName}</p>
        <p className={detailsStyles.facts}>
          <Tag color={statusColor(resource.status)} data-testid="sidebar-status">
            {t(statusKey(resource.status))}
          </Tag>
          <span>
            {resource.latestVersion
              ? t('resourceEditor.latestVersion', { version: resource.latestVersion })
              : t('resourceEditor.noVersion')}
          </span>
        </p>
        <div className={styles.headerActions}>
          <ButtonLink to={routes.resourceDetails(resource.resourceId)} variant="secondary">
            {t('resourceEditor.toDetails')}
          </ButtonLink>
        </div>
      </div>
      <LicensingSwitch resource={resource} />
    </header>
  );
}

/**
 * Online (1) ⇄ offline (4). Going online is the server's call: without a version or an enabled
 * policy it refuses, and its reason shows here. Taking a resource offline asks first.
 */
function LicensingSwitch({ resource }: { resource: ResourceWire }) {
  const t = useT();
  const labelId = useId();
  const hintId = useId();
  const switching = useResourceChange(resource.resourceId);
  const [modal, modalHolder] = Modal.useModal();
  const online = resource.status === ResourceStatus.Online;
  const locked = resource.status === ResourceStatus.Frozen || resource.status === ResourceStatus.Unreleased;
  // Offered only when going online can succeed: an offline resource without an enabled policy is told
  // what to do instead, with a link to its policies tab.
  const needsPolicy = !online && !locked && onlineBlocker(resource) === 'policy';
  // The confirmation stays open until the change is done, whichever way it goes.
  const change = (toOnline: boolean) =>
    switching.mutateAsync({ status: toOnline ? ResourceStatus.Online : ResourceStatus.Offline }).then(
      () => undefined,
      () => undefined,
    );

  const onToggle = (checked: boolean) => {
    if (checked) return void change(true);
    void modal.confirm({
      title: t('resourceEditor.switch.offlineTitle'),
      content: t('resourceEditor.switch.offlineBody'),
      okText: t('resourceEditor.switch.offlineOk'),
      cancelText: t('resourceEditor.cancel'),
      onOk: () => change(false),
    });
  };

  const hint = locked
    ? t(
        resource.status === ResourceStatus.Frozen
          ? 'resourceEditor.switch.frozen'
          : 'resourceEditor.switch.needsVersion',
      )
    : t(online ? 'resourceEditor.switch.onlineHint' : 'resourceEditor.switch.offlineHint');
  return (
    <div className={styles.switchBox}>
      {modalHolder}
      <div className={styles.switchRow}>
        <span id={labelId} className={styles.switchLabel}>
          {t('resourceEditor.switch.label')}
        </span>
        <Switch
          checked={online}
          disabled={locked || needsPolicy}
          loading={switching.isPending}
          onChange={onToggle}
          aria-labelledby={labelId}
          aria-describedby={hintId}
        />
      </div>
      {needsPolicy ? (
        <div id={hintId} className={styles.switchHint}>
          <OnlineBlockerNotice resourceId={resource.resourceId} blocker="policy" />
        </div>
      ) : (
        <p id={hintId} className={styles.switchHint}>
          {hint}
        </p>
      )}
      <div role="status" className={styles.switchStatus}>
        {switching.isSuccess
          ? t(
              switching.variables.status === ResourceStatus.Online
                ? 'resourceEditor.switch.nowOnline'
                : 'resourceEditor.switch.nowOffline',
            )
          : null}
      </div>
      {switching.isError ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={t('resourceEditor.switch.refused')}
          description={errorMessage(switching.error)}
          data-testid="switch-refusal"
        />
      ) : null}
    </div>
  );
}
