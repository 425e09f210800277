import { InputNumber, Select } from 'antd';
import { CYCLE_END_UNITS, MAX_POLICY_EVENT_COUNT, RELATIVE_TIME_UNITS, type PolicyEventCall } from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import { BuilderField } from './BuilderField';
import { transitionField, type TransitionPart } from './builder-validation';
import { LazyDateTimeInput } from './LazyDateTimeInput';

type Props = {
  event: PolicyEventCall;
  onChange: (event: PolicyEventCall) => void;
  stateKey: string;
  transitionKey: string;
  idPrefix: string;
  issueOf: (field: string) => string | undefined;
};

/** The inputs of one event's arguments: an amount, a count with its unit, or a date and time. */
export function EventArguments({ event, onChange, stateKey, transitionKey, idPrefix, issueOf }: Props) {
  const t = useT();
  const field = (part: TransitionPart) => transitionField(stateKey, transitionKey, part);
  const idOf = (part: TransitionPart) => `${idPrefix}-${field(part)}`;
  const unitOptions = (units: readonly string[]) =>
    units.map((unit) => ({ value: unit, label: t(`policyEditor.unit.${unit}`) }));

  switch (event.name) {
    case 'TransactionEvent':
      return (
        <BuilderField id={idOf('amount')} label={t('policyEditor.transition.amount')} issue={issueOf(field('amount'))}>
          {(control) => (
            <InputNumber<string>
              {...control}
              stringMode
              precision={2}
              min="0.01"
              max="1000000"
              step="1"
              value={event.args.amount === '' ? null : event.args.amount}
              onChange={(amount) => onChange({ ...event, args: { ...event.args, amount: amount ?? '' } })}
            />
          )}
        </BuilderField>
      );
    case 'RelativeTimeEvent':
    case 'CycleEndEvent': {
      const count = event.name === 'RelativeTimeEvent' ? event.args.elapsed : event.args.cycleCount;
      const setCount = (value: number) =>
        onChange(
          event.name === 'RelativeTimeEvent'
            ? { ...event, args: { ...event.args, elapsed: value } }
            : { ...event, args: { ...event.args, cycleCount: value } },
        );
      const setUnit = (unit: string) =>
        onChange({ ...event, args: { ...event.args, timeUnit: unit } } as PolicyEventCall);
      return (
        <>
          <BuilderField id={idOf('count')} label={t('policyEditor.transition.count')} issue={issueOf(field('count'))}>
            {(control) => (
              <InputNumber<number>
                {...control}
                min={1}
                max={MAX_POLICY_EVENT_COUNT}
                precision={0}
                value={count === 0 ? null : count}
                onChange={(value) => setCount(value ?? 0)}
              />
            )}
          </BuilderField>
          <BuilderField id={idOf('unit')} label={t('policyEditor.transition.unit')}>
            {(control) => (
              <Select
                {...control}
                value={event.args.timeUnit}
                onChange={setUnit}
                options={unitOptions(event.name === 'RelativeTimeEvent' ? RELATIVE_TIME_UNITS : CYCLE_END_UNITS)}
                popupMatchSelectWidth={false}
              />
            )}
          </BuilderField>
        </>
      );
    }
    case 'TimeEvent':
      return (
        <BuilderField
          id={idOf('dateTime')}
          label={t('policyEditor.transition.dateTime')}
          issue={issueOf(field('dateTime'))}
        >
          {(control) => (
            <LazyDateTimeInput
              {...control}
              value={event.args.dateTime}
              onChange={(dateTime) => onChange({ ...event, args: { dateTime } })}
            />
          )}
        </BuilderField>
      );
  }
}
