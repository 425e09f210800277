import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { ResourceStatus, routes } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { resourceQuery } from '../resources';
import { useResourceChange } from './use-resource-change';

/**
 * What keeps a resource from going online (DOMAIN §3.1: a released version and an enabled policy;
 * a frozen one cannot change), or null when going online can succeed. "Put online" is offered only then.
 */
export type OnlineBlocker = 'version' | 'policy' | 'frozen';

export function onlineBlocker(resource: Pick<ResourceWire, 'status' | 'policies'>): OnlineBlocker | null {
  if (resource.status === ResourceStatus.Frozen) return 'frozen';
  if (resource.status === ResourceStatus.Unreleased) return 'version';
  if (!resource.policies.some((policy) => policy.status === 1)) return 'policy';
  return null;
}

/** Instead of a "Put online" that would fail: what to do first, with a link to where it is done. */
export function OnlineBlockerNotice({ resourceId, blocker }: { resourceId: string; blocker: OnlineBlocker }) {
  const t = useT();
  const link =
    blocker === 'policy'
      ? { to: routes.resourceSidebar.policy(resourceId), label: t('resourceEditor.online.toPolicies') }
      : blocker === 'version'
        ? { to: routes.resourceCreator({ resourceId }), label: t('resourceEditor.online.toDraft') }
        : { to: routes.result.resourceFreeze(resourceId), label: t('resourceEditor.online.whyFrozen') };
  return (
    <p data-testid="online-blocker" data-blocker={blocker}>
      {t(`resourceEditor.online.needs.${blocker}`)} <Link to={link.to}>{link.label}</Link>
    </p>
  );
}

/**
 * "Put online" on a result page, offered only when it can succeed; otherwise what to do first. When the
 * resource cannot be read the button stays, and the server's reason shows if it refuses.
 */
export function PutOnline({ resourceId }: { resourceId: string }) {
  const t = useT();
  const api = useApiClient();
  const resource = useQuery(resourceQuery(api, resourceId)).data;
  const online = useResourceChange(resourceId);
  if (online.isSuccess) return <p role="status">{t('creator.result.online')}</p>;
  const blocker = resource ? onlineBlocker(resource) : null;
  if (blocker) return <OnlineBlockerNotice resourceId={resourceId} blocker={blocker} />;
  return (
    <>
      <Button type="primary" loading={online.isPending} onClick={() => online.mutate({ status: 1 })}>
        {t('creator.result.putOnline')}
      </Button>
      {online.isError && (
        <Alert type="error" role="alert" title={t('creator.result.refused', { reason: errorMessage(online.error) })} />
      )}
    </>
  );
}
