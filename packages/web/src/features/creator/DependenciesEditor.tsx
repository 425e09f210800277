import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Tag } from 'antd';
import type { ResourceWire } from '@tessera/contract/resources';
import { isVersionRange } from '@tessera/domain';
import { errorMessage, useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { RemovableEntry } from '../storage';
import { searchDependencyCandidates } from './creator-api';
import { creatorKeys } from './creator-keys';
import { EditorSection } from './EditorSection';
import {
  isUpcast,
  MAX_POLICIES_PER_CANDIDATE,
  withDependency,
  type Candidate,
  type UpcastRule,
  type VersionDraftData,
} from './version-draft';
import type { VersionEditorProps } from './version-editor-props';
import styles from './creator.module.css';

/** Dependencies found by keyword, each with a version range; then, per candidate, its policies or an upcast. */
export function DependenciesEditor({ resourceId, draft, change, plan, rule }: VersionEditorProps) {
  const t = useT();
  const dependencies = draft.dependencies ?? [];
  const remove = (index: number) => change({ dependencies: dependencies.filter((_, other) => other !== index) });
  const setRange = (index: number, versionRange: string) =>
    change({
      dependencies: dependencies.map((dependency, other) =>
        other === index ? { ...dependency, versionRange } : dependency,
      ),
    });

  return (
    <EditorSection title={t('creator.deps.heading')}>
      <DependencySearch
        excluded={
          new Set([...(resourceId ? [resourceId] : []), ...dependencies.map((dependency) => dependency.resourceId)])
        }
        onAdd={(resource) => {
          plan.remember(resource);
          change(withDependency(draft, resource));
        }}
      />
      {plan.failed && <Alert type="warning" role="alert" title={t('creator.deps.loadFailed')} />}
      {dependencies.length === 0 ? (
        <p className={styles.hint}>{t('creator.deps.none')}</p>
      ) : (
        <div className={styles.list}>
          {dependencies.map((dependency, index) => {
            const rangeValid = isVersionRange(dependency.versionRange.trim());
            return (
              <RemovableEntry
                key={dependency.resourceId}
                testId="dependency"
                legend={t('creator.deps.dependency', { name: dependency.resourceName })}
                removeLabel={t('creator.deps.remove', { name: dependency.resourceName })}
                onRemove={() => remove(index)}
              >
                <div className={styles.entryBody}>
                  <strong>{dependency.resourceName}</strong>
                  <label className={styles.inline}>
                    {t('creator.deps.range')}
                    <Input
                      aria-label={t('creator.deps.rangeOf', { name: dependency.resourceName })}
                      value={dependency.versionRange}
                      status={rangeValid ? undefined : 'error'}
                      style={{ maxWidth: 200 }}
                      onChange={(event) => setRange(index, event.target.value)}
                    />
                  </label>
                  {!rangeValid && (
                    <p role="alert" className={styles.problem}>
                      {t('creator.deps.rangeInvalid', { name: dependency.resourceName })}
                    </p>
                  )}
                </div>
              </RemovableEntry>
            );
          })}
        </div>
      )}
      {plan.candidates.length > 0 && (
        <div className={styles.list} role="group" aria-label={t('creator.deps.licences')}>
          <h3 className={styles.sectionHeading}>{t('creator.deps.licences')}</h3>
          <p className={styles.hint}>
            {t(rule.kind === 'choose' ? 'creator.deps.licencesHint' : 'creator.deps.licencesHintFixed')}
          </p>
          {plan.candidates.map((candidate) => (
            <CandidateLicence
              key={candidate.resourceId}
              candidate={candidate}
              draft={draft}
              change={change}
              rule={rule}
              resource={plan.known.get(candidate.resourceId)}
            />
          ))}
        </div>
      )}
    </EditorSection>
  );
}

function DependencySearch({
  excluded,
  onAdd,
}: {
  excluded: ReadonlySet<string>;
  onAdd: (resource: ResourceWire) => void;
}) {
  const t = useT();
  const api = useApiClient();
  const [keywords, setKeywords] = useState('');
  const search = useQuery({
    queryKey: creatorKeys.dependencySearch(keywords),
    queryFn: ({ signal }) => searchDependencyCandidates(api, keywords, signal),
    enabled: keywords !== '',
    retry: false,
  });
  const run = (typed: string) => {
    const asked = typed.trim();
    if (asked !== '' && asked === keywords) void search.refetch();
    else setKeywords(asked);
  };
  const done = keywords !== '' && search.isSuccess && !search.isFetching;
  const found = done ? search.data.filter((resource) => !excluded.has(resource.resourceId)) : [];
  return (
    <div className={styles.field}>
      <Input.Search
        aria-label={t('creator.deps.search')}
        placeholder={t('creator.deps.searchHint')}
        enterButton={t('creator.deps.searchButton')}
        loading={search.isFetching}
        onSearch={run}
      />
      {keywords !== '' && search.isError && !search.isFetching && (
        <Alert type="error" role="alert" title={errorMessage(search.error)} />
      )}
      {done && search.data.length === 0 && <p role="status">{t('creator.deps.noneFound')}</p>}
      {found.length > 0 && (
        <ul aria-label={t('creator.deps.found')} className={styles.found}>
          {found.map((resource) => (
            <li key={resource.resourceId}>
              <span>
                <strong>{resource.resourceName}</strong>{' '}
                {resource.resourceTitle && resource.resourceTitle !== resource.resourceName.split('/')[1]
                  ? `· ${resource.resourceTitle}`
                  : ''}
              </span>
              <Button
                size="small"
                aria-label={t('creator.deps.add', { name: resource.resourceName })}
                onClick={() => onAdd(resource)}
              >
                {t('creator.deps.addShort')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface CandidateProps {
  candidate: Candidate;
  resource: ResourceWire | undefined;
  draft: VersionDraftData;
  change: (patch: Partial<VersionDraftData>) => void;
  rule: UpcastRule;
}

/** One candidate: upcast it (first version only, fixed later) or choose 1–10 of its enabled policies. */
function CandidateLicence({ candidate, resource, draft, change, rule }: CandidateProps) {
  const t = useT();
  const upcast = isUpcast(candidate, draft, rule);
  const chosen = draft.contracts?.[candidate.resourceId] ?? [];
  const enabled = (resource?.policies ?? []).filter((policy) => policy.status === 1);
  const setUpcast = (on: boolean) => {
    const others = (draft.upcasts ?? []).filter((id) => id !== candidate.resourceId);
    change({ upcasts: on ? [...others, candidate.resourceId] : others });
  };
  const countWrong = !upcast && (chosen.length < 1 || chosen.length > MAX_POLICIES_PER_CANDIDATE);
  // Chosen for the previous version, no longer offered: the server would refuse to sign it.
  const gone = upcast || resource === undefined ? [] : chosen.filter((id) => !enabled.some((p) => p.policyId === id));
  const takeOut = (policyId: string) =>
    change({ contracts: { ...draft.contracts, [candidate.resourceId]: chosen.filter((id) => id !== policyId) } });
  return (
    <div className={styles.candidate} data-testid="candidate" role="group" aria-label={candidate.resourceName}>
      <div>
        <strong>{candidate.resourceName}</strong>
        {candidate.via && (
          <span className={styles.hint}> {t('creator.deps.via', { name: candidate.via.resourceName })}</span>
        )}
      </div>
      {rule.kind === 'choose' ? (
        <Checkbox checked={upcast} onChange={(event) => setUpcast(event.target.checked)}>
          {t('creator.deps.upcast')}
        </Checkbox>
      ) : (
        upcast && <Tag>{t('creator.deps.upcastFixed')}</Tag>
      )}
      {!upcast &&
        (resource === undefined ? (
          <p role="status">{t('common.loading')}</p>
        ) : enabled.length === 0 ? (
          <p role="alert">{t('creator.deps.noPolicies')}</p>
        ) : (
          <Checkbox.Group
            aria-label={t('creator.deps.policiesOf', { name: candidate.resourceName })}
            value={chosen}
            options={enabled.map((policy) => ({ value: policy.policyId, label: policy.policyName }))}
            onChange={(policyIds) => change({ contracts: { ...draft.contracts, [candidate.resourceId]: policyIds } })}
          />
        ))}
      {gone.map((policyId) => {
        const policy = resource?.policies.find((binding) => binding.policyId === policyId)?.policyName ?? policyId;
        return (
          <p key={policyId} role="alert" className={styles.problem}>
            {t('creator.deps.policyGone', { name: candidate.resourceName, policy })}{' '}
            <Button size="small" onClick={() => takeOut(policyId)}>
              {t('creator.deps.takeOut', { policy })}
            </Button>
          </p>
        );
      })}
      {countWrong && resource !== undefined && enabled.length > 0 && (
        <p className={styles.problem}>
          {t('creator.deps.policyCount', { name: candidate.resourceName, max: MAX_POLICIES_PER_CANDIDATE })}
        </p>
      )}
    </div>
  );
}
