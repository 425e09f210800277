import { useEffect, useState } from 'react';
import { Select } from 'antd';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { dataOf } from '../resources/resources-api';
import { listBuckets, listObjects, type StorageObject } from '../storage/storage-api';

const OBJECTS_SHOWN = 100;

/** A bucket, then one of its objects: the version takes that object's file. */
export function ObjectPicker({ onPick }: { onPick: (object: StorageObject) => void }) {
  const t = useT();
  const api = useApiClient();
  const [buckets, setBuckets] = useState<string[]>([]);
  const [bucketName, setBucketName] = useState<string>();
  const [objects, setObjects] = useState<StorageObject[]>([]);

  useEffect(() => {
    const controller = new AbortController();
    listBuckets(api, controller.signal).then(
      (answer) => setBuckets((dataOf(answer) ?? []).map((bucket) => bucket.bucketName)),
      () => undefined,
    );
    return () => controller.abort();
  }, [api]);

  useEffect(() => {
    if (!bucketName) return;
    const controller = new AbortController();
    listObjects(api, bucketName, { skip: 0, limit: OBJECTS_SHOWN }, controller.signal).then(
      (answer) => setObjects(dataOf(answer)?.dataList ?? []),
      () => setObjects([]),
    );
    return () => controller.abort();
  }, [api, bucketName]);

  return (
    <div>
      <Select
        aria-label={t('creator.file.bucket')}
        placeholder={t('creator.file.bucket')}
        style={{ minWidth: 180 }}
        value={bucketName}
        onChange={setBucketName}
        options={buckets.map((name) => ({ value: name, label: name }))}
      />
      <Select
        aria-label={t('creator.file.object')}
        placeholder={t('creator.file.object')}
        style={{ minWidth: 240 }}
        disabled={!bucketName}
        options={objects.map((object) => ({ value: object.objectId, label: object.objectName }))}
        onChange={(objectId: string) => {
          const object = objects.find((item) => item.objectId === objectId);
          if (object) onPick(object);
        }}
      />
    </div>
  );
}
