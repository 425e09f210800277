import { useState } from 'react';
import { Select } from 'antd';
import type { ObjectWire } from '@tessera/contract/storage';
import { useT } from '../../shared/i18n';
import { useBucketsQuery, useObjectsQuery } from '../storage';

const FIRST_OBJECTS = { skip: 0, limit: 100 };

/** A bucket, then one of its objects: the version takes that object's file. */
export function ObjectPicker({ onPick }: { onPick: (object: ObjectWire) => void }) {
  const t = useT();
  const [bucketName, setBucketName] = useState<string>();
  const buckets = useBucketsQuery().data ?? [];
  const objects = useObjectsQuery(bucketName, FIRST_OBJECTS).data?.dataList ?? [];

  return (
    <div>
      <Select
        aria-label={t('creator.file.bucket')}
        placeholder={t('creator.file.bucket')}
        style={{ minWidth: 180 }}
        value={bucketName}
        onChange={setBucketName}
        options={buckets.map(({ bucketName: name }) => ({ value: name, label: name }))}
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
