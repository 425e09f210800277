import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ContractPartyIdentityType, ContractStatus, FsmRunningStatus, routes, SubjectType } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import type { Contract } from '../contracts-api';
import { platformDate } from '../platform-time';
import styles from './drawer.module.css';

function Fact({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </div>
  );
}

/** Where the contract stands: its current state and since when, its id and signing date. */
export function ContractFacts({ contract }: { contract: Contract }) {
  const t = useT();
  const permanent =
    contract.status === ContractStatus.InForce && contract.fsmRunningStatus === FsmRunningStatus.Finished;
  return (
    <>
      <dl className={styles.facts} data-testid="contract-facts">
        <Fact label={t('contractsPage.drawer.currentState')} testId="contract-current-state">
          {contract.fsmCurrentState}
        </Fact>
        <Fact label={t('contractsPage.drawer.since')}>
          <time dateTime={contract.fsmStateEnterDate}>{platformDate(contract.fsmStateEnterDate)}</time>
        </Fact>
        <Fact label={t('contractsPage.drawer.signed')}>
          <time dateTime={contract.createDate}>{platformDate(contract.createDate)}</time>
        </Fact>
        <Fact label={t('contractsPage.drawer.contractId')}>
          <span className={styles.code}>{contract.contractId}</span>
        </Fact>
      </dl>
      {permanent ? <p className={styles.permanent}>{t('contractsPage.drawer.permanent')}</p> : null}
    </>
  );
}

/** A resource's name links to its details page; nodes, exhibits and users have no page here yet. */
function PartyName({ name, resourceId }: { name: string; resourceId?: string }) {
  return resourceId ? <Link to={routes.resourceDetails(resourceId)}>{name}</Link> : <span>{name}</span>;
}

function Party({ label, kind, name, owner }: { label: string; kind: string; name: ReactNode; owner?: string }) {
  const t = useT();
  return (
    <div>
      <dt>{label}</dt>
      <dd>
        {name} <span className={styles.kind}>{kind}</span>
        {owner ? <span className={styles.owner}>{t('contractsPage.owner', { name: owner })}</span> : null}
      </dd>
    </div>
  );
}

/** Subject, licensor and licensee, with the users who own them. */
export function ContractParties({ contract }: { contract: Contract }) {
  const t = useT();
  const headingId = useId();
  const subjectIsResource = contract.subjectType === SubjectType.Resource;
  const licenseeIsResource = contract.licenseeIdentityType === ContractPartyIdentityType.Resource;
  // A resource licenses itself; an exhibit is licensed by its node.
  const licensorIdentity = subjectIsResource ? ContractPartyIdentityType.Resource : ContractPartyIdentityType.Node;
  return (
    <section aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {t('contractsPage.drawer.parties')}
      </h2>
      <dl className={styles.parties} data-testid="contract-parties">
        <Party
          label={t('contractsPage.drawer.subject')}
          kind={t(`contractsPage.subjectType.${contract.subjectType}`)}
          name={
            <PartyName name={contract.subjectName} resourceId={subjectIsResource ? contract.subjectId : undefined} />
          }
        />
        <Party
          label={t('contractsPage.drawer.licensor')}
          kind={t(`contractsPage.identity.${licensorIdentity}`)}
          name={contract.licensorName}
          owner={contract.licensorOwnerName}
        />
        <Party
          label={t('contractsPage.drawer.licensee')}
          kind={t(`contractsPage.identity.${contract.licenseeIdentityType}`)}
          name={
            <PartyName name={contract.licenseeName} resourceId={licenseeIsResource ? contract.licenseeId : undefined} />
          }
          owner={
            contract.licenseeIdentityType === ContractPartyIdentityType.Consumer
              ? undefined
              : contract.licenseeOwnerName
          }
        />
      </dl>
    </section>
  );
}
