import { Select } from 'antd';
import type { Resource } from './resources-api';

/** A labelled choice among the resource's versions, newest first. */
export function VersionSelect({
  resource,
  label,
  value,
  onChange,
  className,
}: {
  resource: Resource;
  label: string;
  value: string;
  onChange: (version: string) => void;
  className?: string;
}) {
  const options = [...resource.resourceVersions]
    .reverse()
    .map((item) => ({ value: item.version, label: item.version }));
  return (
    <label className={className}>
      <span>{label}</span>
      <Select value={value} onChange={onChange} aria-label={label} options={options} style={{ minWidth: 120 }} />
    </label>
  );
}
