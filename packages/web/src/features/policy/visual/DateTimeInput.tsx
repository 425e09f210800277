import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { parsePolicyDateTime } from '@tessera/domain';
import type { ControlProps } from './BuilderField';

/** How the policy language writes a moment (DOMAIN §4.5), in the platform's time zone. */
const DATE_TIME_FORMAT = 'YYYY-MM-DD HH:mm';

export type DateTimeInputProps = ControlProps & { value: string; onChange: (value: string) => void };

/** A date and time picker over `YYYY-MM-DD HH:mm` text; an empty or unreadable text shows as empty. */
export function DateTimeInput({ value, onChange, ...control }: DateTimeInputProps) {
  return (
    <DatePicker
      {...control}
      showTime={{ format: 'HH:mm' }}
      format={DATE_TIME_FORMAT}
      value={parsePolicyDateTime(value) ? dayjs(value, DATE_TIME_FORMAT) : null}
      onChange={(picked) => onChange(picked ? picked.format(DATE_TIME_FORMAT) : '')}
    />
  );
}
