import { useState } from 'react';
import { Link } from 'react-router';
import { Select } from 'antd';
import type { ObjectWire } from '@tessera/contract/storage';
import { routes } from '@tessera/domain';
import { errorMessage } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { useSettledValue } from '../../shared/ui/use-settled-value';
import { objectSize, objectTypeText, useObjectSearch } from '../storage';
import styles from './creator.module.css';

/** Objects shown per bucket; typing more of the name narrows them. */
const PER_BUCKET = 20;
const SEARCH_DELAY_MS = 250;

/** Objects of the preferred type first, each kind in the server's order (newest first). */
const preferredFirst = (objects: ObjectWire[], preferredType: string | undefined) =>
  preferredType
    ? [
        ...objects.filter((object) => object.resourceTypeCode === preferredType),
        ...objects.filter((object) => object.resourceTypeCode !== preferredType),
      ]
    : objects;

/**
 * One searchable list of the caller's stored objects over all buckets: the version takes the picked
 * object's file. Objects of the resource's own type (`preferredType`) lead each bucket's group.
 */
export function ObjectPicker({
  onPick,
  preferredType,
}: {
  onPick: (object: ObjectWire) => void;
  preferredType?: string | undefined;
}) {
  const t = useT();
  const [language] = useLanguage();
  const [typed, setTyped] = useState('');
  const keywords = useSettledValue(typed.trim(), SEARCH_DELAY_MS);
  const search = useObjectSearch(keywords, PER_BUCKET);
  const byId = new Map(search.groups.flatMap((group) => group.objects.map((object) => [object.objectId, object])));

  const options = search.groups
    .filter((group) => group.objects.length > 0)
    .map((group) => ({
      label: group.more ? t('creator.file.objectsMore', { bucket: group.bucketName }) : group.bucketName,
      title: group.bucketName,
      options: preferredFirst(group.objects, preferredType).map((object) => ({
        value: object.objectId,
        // What the closed list and a screen reader say of the option.
        label: object.objectName,
        object,
      })),
    }));

  const empty = search.failed ? (
    <span role="alert">{errorMessage(search.failed)}</span>
  ) : search.loading ? (
    t('creator.file.objectsLoading')
  ) : search.noBuckets || keywords === '' ? (
    <span>
      {t('creator.file.objectsNone')} <Link to={routes.storage()}>{t('creator.file.objectsToStorage')}</Link>
    </span>
  ) : (
    t('creator.file.objectsNoMatch', { keywords })
  );

  return (
    <Select<string | null>
      showSearch={{ filterOption: false, searchValue: typed, onSearch: setTyped }}
      className={styles.objectPicker}
      aria-label={t('creator.file.object')}
      placeholder={t('creator.file.objectPlaceholder')}
      value={null}
      loading={search.loading}
      notFoundContent={empty}
      options={options}
      optionRender={(option) => {
        const object = (option.data as { object?: ObjectWire }).object;
        if (!object) return option.label;
        const type = objectTypeText(object, language);
        return (
          <span className={styles.objectOption}>
            <span className={styles.objectName}>{object.objectName}</span>
            <span className={styles.objectFacts}>{[type, objectSize(object)].filter(Boolean).join(' · ')}</span>
          </span>
        );
      }}
      onChange={(objectId) => {
        const object = objectId ? byId.get(objectId) : undefined;
        if (object) onPick(object);
        setTyped('');
      }}
    />
  );
}
