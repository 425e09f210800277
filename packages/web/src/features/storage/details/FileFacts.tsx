import type { ReactNode } from 'react';
import { Typography } from 'antd';
import type { ObjectWire } from '@tessera/contract/storage';
import { formatDisplayDate, formatDuration, formatFileSize } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import styles from './FileFacts.module.css';

/** What the file analysis found (DOMAIN §2.23) and the object's dates. */
export function FileFacts({ object }: { object: ObjectWire }) {
  const t = useT();
  const property = object.systemProperty;
  const facts: [string, ReactNode][] = [
    [t('storagePage.details.size'), formatFileSize(object.fileSize)],
    [t('storagePage.details.mime'), property.mime || '—'],
  ];
  if (property.width && property.height)
    facts.push([
      t('storagePage.details.dimensions'),
      t('storagePage.details.pixels', { width: property.width, height: property.height }),
    ]);
  if (property.duration) facts.push([t('storagePage.details.duration'), formatDuration(property.duration)]);
  facts.push([t('storagePage.details.updated'), formatDisplayDate(object.updateDate, true)]);
  facts.push([
    'SHA-1',
    <Typography.Text
      key="sha1"
      className={styles.sha1}
      copyable={{ text: object.sha1, tooltips: [t('storagePage.details.copySha1'), t('storagePage.details.copied')] }}
    >
      <code>{object.sha1}</code>
    </Typography.Text>,
  ]);

  return (
    <dl className={styles.facts}>
      {facts.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
