import { useState } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { Alert, Switch } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { useContractAddress } from '../contracts';
import { nodeContractsQuery, setOnlineStatus, type Exhibit } from './exhibits-api';
import { readOnlineRefusal, WORDED_CODES, type OnlineRefusal } from './online-refusal';
import { useExhibitChange } from './use-exhibit-change';
import styles from './ExhibitPage.module.css';

/** Online or offline; a refused "online" says why in words and what to do about it. */
export function OnlineSwitch({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const [refusal, setRefusal] = useState<OnlineRefusal | null>(null);
  const change = useExhibitChange(exhibit.presentableId, (status: 0 | 1) =>
    setOnlineStatus(api, exhibit.presentableId, status),
  );
  const online = exhibit.onlineStatus === 1;
  const hasEnabledPolicy = exhibit.policies.some((policy) => policy.status === 1);

  const toggle = (next: boolean) => {
    setRefusal(null);
    change.mutate(next ? 1 : 0, {
      onError: (failure) => setRefusal(readOnlineRefusal(failure, hasEnabledPolicy)),
    });
  };

  return (
    <div>
      <div className={styles.online}>
        <Switch
          checked={online}
          loading={change.isPending}
          onChange={toggle}
          aria-label={t('exhibitsWeb.online.label', { name: exhibit.presentableName })}
          data-testid="online-switch"
        />
        <span role="status">{t(online ? 'exhibitsWeb.online.on' : 'exhibitsWeb.online.off')}</span>
      </div>
      {refusal ? <RefusalNotice exhibit={exhibit} refusal={refusal} /> : null}
    </div>
  );
}

function RefusalNotice({ exhibit, refusal }: { exhibit: Exhibit; refusal: OnlineRefusal }) {
  const t = useT();
  const coded = refusal.authCode !== null && WORDED_CODES.includes(refusal.authCode);
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={t('exhibitsWeb.online.refused')}
      data-testid="online-refusal"
      description={
        <>
          {coded ? <p>{t(`exhibitsWeb.auth.code.${refusal.authCode}`)}</p> : null}
          {refusal.serverWords ? <p>{refusal.serverWords}</p> : null}
          <p>{t(`exhibitsWeb.online.advice.${refusal.advice}`)}</p>
          {refusal.advice === 'nodeContracts' ? <UnauthorisedContracts exhibit={exhibit} /> : null}
        </>
      }
    />
  );
}

/** Links to the drawer of each node contract that does not authorise yet (sign, pay). */
function UnauthorisedContracts({ exhibit }: { exhibit: Exhibit }) {
  const t = useT();
  const api = useApiClient();
  const { hrefOf } = useContractAddress();
  const contracts = useQuery(nodeContractsQuery(api, exhibit));
  const waiting = (contracts.data ?? []).filter((contract) => !contract.isAuth);
  if (waiting.length === 0) {
    return <a href="#exhibit-contracts">{t('exhibitsWeb.online.seeContracts')}</a>;
  }
  return (
    <ul>
      {waiting.map((contract) => (
        <li key={contract.contractId}>
          <Link to={hrefOf(contract.contractId)}>
            {t('exhibitsWeb.online.openContract', { name: contract.contractName, resource: contract.subjectName })}
          </Link>
        </li>
      ))}
    </ul>
  );
}
