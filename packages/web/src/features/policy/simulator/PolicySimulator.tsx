// The policy simulator: a policy stepped as a contract would go, before anyone signs (issue 12).
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Alert, Button, Input } from 'antd';
import {
  compilePolicy,
  dateToPolicyDateTime,
  describeTransitionRecord,
  describeUpcomingEvent,
  formatPlatformDisplayDate,
  MAX_EVENTS_PER_WAIT,
  parsePolicyCount,
  policyDateTimeToDate,
  SubjectType,
  upcomingEvents,
  type CompiledPolicy,
  type PolicyFsm,
  type PolicySubjectType,
  type StateEntry,
} from '@tessera/domain';
import type { Translate } from '../../../shared/i18n';
import { usePolicyTexts } from '../use-policy-texts';
import { PLATFORM_UTC_OFFSET_MINUTES, useSimulation, WAIT_UNITS, type WaitUnit } from './use-simulation';
import styles from './simulator.module.css';

export type PolicySimulatorProps = {
  /** The policy text; ignored when `policy` (already compiled) is given. */
  text?: string;
  policy?: CompiledPolicy;
  subjectType?: PolicySubjectType;
};

const OFFSET = PLATFORM_UTC_OFFSET_MINUTES;
const displayDate = (at: Date) => formatPlatformDisplayDate(at, OFFSET);

/** 'UTC+08:00', 'UTC-05:30'. */
function zoneName(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const minutes = Math.abs(offsetMinutes);
  return `UTC${sign}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

function authText(contract: StateEntry, t: Translate): string {
  if (contract.status === 1) return t('policySimulator.auth.ended');
  const key = { 1: 'active', 2: 'testActive', 3: 'both' }[contract.authStatus as 1 | 2 | 3] ?? 'none';
  return t(`policySimulator.auth.${key}`);
}

/**
 * Steps a policy as a contract would go: signed at a chosen time, then payments and waiting, with the
 * state, its authorization, what can happen next and the history in the current language. It runs the
 * state machine of @tessera/domain, the one the server runs.
 */
export function PolicySimulator({ text = '', policy, subjectType = SubjectType.Resource }: PolicySimulatorProps) {
  const { t } = usePolicyTexts();
  const compiled = useMemo(() => {
    if (policy) return policy;
    const result = compilePolicy(text, { subjectType });
    return result.ok ? result.policy : null;
  }, [policy, text, subjectType]);
  if (!compiled) {
    return (
      <p className={styles.muted} data-testid="policy-simulator-invalid">
        {t('policySimulator.invalid')}
      </p>
    );
  }
  return <SimulatorView fsm={compiled.fsmDescriptionInfo} />;
}

function SimulatorView({ fsm }: { fsm: PolicyFsm }) {
  const { t, language, texts } = usePolicyTexts();
  const id = `policy-simulator${useId().replace(/[^\w-]/g, '')}`;
  const run = useSimulation(fsm);
  const { simulation } = run;
  const { contract, history, clock } = simulation;
  const upcoming = upcomingEvents(fsm, contract, OFFSET);
  const sentences = history.map((record) => describeTransitionRecord(fsm, record, language, texts));
  const auth = authText(contract, t);
  const lastSentence = sentences.at(-1) ?? '';

  return (
    <section className={styles.simulator} aria-labelledby={`${id}-title`} data-testid="policy-simulator">
      <h3 id={`${id}-title`} className={styles.title}>
        {t('policySimulator.label')}
      </h3>
      <p className={styles.muted}>
        {t('policySimulator.intro')} {t('policySimulator.timeZone', { zone: zoneName(OFFSET) })}
      </p>

      <StartForm id={id} start={run.start} onRestart={run.restart} t={t} />

      <div className={styles.current} data-testid="simulator-current">
        <h4 className={styles.subtitle}>{t('policySimulator.current.title')}</h4>
        <dl className={styles.facts}>
          <div>
            <dt>{t('policySimulator.current.state')}</dt>
            <dd data-testid="simulator-state">{contract.fsmCurrentState}</dd>
          </div>
          <div>
            <dt>{t('policySimulator.current.auth')}</dt>
            <dd data-testid="simulator-auth" data-auth-status={contract.authStatus} data-status={contract.status}>
              {auth}
              {contract.fsmRunningStatus === 8 && contract.status === 0 ? ` · ${t('policySimulator.permanent')}` : ''}
            </dd>
          </div>
          <div>
            <dt>{t('policySimulator.current.since')}</dt>
            <dd>
              <time dateTime={contract.fsmStateEnterDate.toISOString()}>{displayDate(contract.fsmStateEnterDate)}</time>
            </dd>
          </div>
          <div>
            <dt>{t('policySimulator.current.clock')}</dt>
            <dd data-testid="simulator-clock">
              <time dateTime={clock.toISOString()}>{displayDate(clock)}</time>
            </dd>
          </div>
        </dl>
      </div>

      <div className={styles.part}>
        <h4 id={`${id}-next`} className={styles.subtitle}>
          {t('policySimulator.next.title')}
        </h4>
        {upcoming.length === 0 ? (
          <p className={styles.muted}>{t('policySimulator.next.none')}</p>
        ) : (
          <ul className={styles.next} aria-labelledby={`${id}-next`} data-testid="simulator-next">
            {upcoming.map((event) => {
              const sentence = describeUpcomingEvent(event, language, texts, OFFSET);
              return (
                <li key={event.eventId}>
                  {event.kind === 'payment' ? (
                    <Button onClick={() => run.pay(event.eventId, event.amount)}>{sentence}</Button>
                  ) : (
                    <>
                      <span>{sentence}</span>
                      {event.dueDate && (
                        <Button
                          size="small"
                          aria-label={t('policySimulator.next.waitForLabel', { date: displayDate(event.dueDate) })}
                          onClick={() => event.dueDate && run.waitUntil(event.dueDate)}
                        >
                          {t('policySimulator.next.waitFor')}
                        </Button>
                      )}
                    </>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {run.refusal && (
          <Alert type="error" showIcon role="alert" title={t(run.refusal.messageKey, run.refusal.params)} />
        )}
      </div>

      {contract.fsmRunningStatus === 4 && (
        <WaitForms id={id} clock={clock} onWaitFor={run.waitFor} onWaitUntil={run.waitUntil} t={t} />
      )}

      {simulation.halted && (
        <Alert
          type="warning"
          showIcon
          title={t('policySimulator.halted', { count: MAX_EVENTS_PER_WAIT, date: displayDate(clock) })}
          action={
            <Button size="small" onClick={() => simulation.halted && run.waitUntil(simulation.halted.target)}>
              {t('policySimulator.halted.resume')}
            </Button>
          }
          data-testid="simulator-halted"
        />
      )}

      <div className={styles.part}>
        <h4 id={`${id}-history`} className={styles.subtitle}>
          {t('policySimulator.history.title')}
        </h4>
        <ol className={styles.history} aria-labelledby={`${id}-history`} data-testid="simulator-history">
          {history.map((record, index) => (
            <li key={index}>
              <time dateTime={record.createDate.toISOString()}>{displayDate(record.createDate)}</time>{' '}
              <span>{sentences[index]}</span>
            </li>
          ))}
        </ol>
      </div>

      <p className={styles.visuallyHidden} role="status" aria-live="polite" data-testid="simulator-announcement">
        {run.steps > 0
          ? t('policySimulator.announce', { sentence: lastSentence, state: contract.fsmCurrentState, auth })
          : ''}
      </p>
    </section>
  );
}

type FormProps = { id: string; t: Translate };

function StartForm({ id, start, onRestart, t }: FormProps & { start: Date; onRestart: (start: Date) => void }) {
  const [value, setValue] = useState(() => dateToPolicyDateTime(start, OFFSET));
  const [invalid, setInvalid] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const at = policyDateTimeToDate(value.trim(), OFFSET);
    setInvalid(at === null);
    if (at) onRestart(at);
  };
  return (
    <form className={styles.form} onSubmit={submit}>
      <label htmlFor={`${id}-start`}>{t('policySimulator.start.label')}</label>
      <Input
        id={`${id}-start`}
        className={styles.dateInput}
        value={value}
        placeholder="YYYY-MM-DD HH:mm"
        status={invalid ? 'error' : undefined}
        aria-invalid={invalid}
        aria-describedby={invalid ? `${id}-start-error` : undefined}
        onChange={(event) => setValue(event.target.value)}
      />
      <Button htmlType="submit">{t('policySimulator.start.submit')}</Button>
      {invalid && (
        <p id={`${id}-start-error`} className={styles.error}>
          {t('policySimulator.dateInvalid')}
        </p>
      )}
    </form>
  );
}

type WaitFormsProps = FormProps & {
  clock: Date;
  onWaitFor: (count: number, unit: WaitUnit) => void;
  onWaitUntil: (until: Date) => void;
};

function WaitForms({ id, clock, onWaitFor, onWaitUntil, t }: WaitFormsProps) {
  const [count, setCount] = useState('1');
  const [unit, setUnit] = useState<WaitUnit>('day');
  const [until, setUntil] = useState('');
  const [problem, setProblem] = useState<{ field: 'count' | 'until'; message: string } | null>(null);

  const waitFor = (event: FormEvent) => {
    event.preventDefault();
    const parsed = parsePolicyCount(count.trim());
    if (parsed === null) return setProblem({ field: 'count', message: t('policySimulator.wait.invalid') });
    setProblem(null);
    onWaitFor(parsed, unit);
  };
  const waitUntil = (event: FormEvent) => {
    event.preventDefault();
    const at = policyDateTimeToDate(until.trim(), OFFSET);
    if (!at) return setProblem({ field: 'until', message: t('policySimulator.dateInvalid') });
    if (at < clock) {
      return setProblem({ field: 'until', message: t('policySimulator.until.past', { clock: displayDate(clock) }) });
    }
    setProblem(null);
    onWaitUntil(at);
  };
  const errorOf = (field: 'count' | 'until') =>
    problem?.field === field ? (
      <p id={`${id}-${field}-error`} className={styles.error}>
        {problem.message}
      </p>
    ) : null;
  const invalid = (field: 'count' | 'until') => ({
    status: problem?.field === field ? ('error' as const) : undefined,
    'aria-invalid': problem?.field === field,
    'aria-describedby': problem?.field === field ? `${id}-${field}-error` : undefined,
  });

  return (
    <div className={styles.part}>
      <h4 className={styles.subtitle}>{t('policySimulator.wait.title')}</h4>
      <form className={styles.form} onSubmit={waitFor}>
        <label htmlFor={`${id}-count`}>{t('policySimulator.wait.amount')}</label>
        <Input
          id={`${id}-count`}
          className={styles.countInput}
          inputMode="numeric"
          value={count}
          onChange={(event) => setCount(event.target.value)}
          {...invalid('count')}
        />
        <label htmlFor={`${id}-unit`} className={styles.visuallyHidden}>
          {t('policySimulator.wait.unit')}
        </label>
        <select
          id={`${id}-unit`}
          className={styles.select}
          value={unit}
          onChange={(event) => setUnit(event.target.value as WaitUnit)}
        >
          {WAIT_UNITS.map((option) => (
            <option key={option} value={option}>
              {t(`policySimulator.wait.unit.${option}`)}
            </option>
          ))}
        </select>
        <Button htmlType="submit">{t('policySimulator.wait.submit')}</Button>
        {errorOf('count')}
      </form>
      <form className={styles.form} onSubmit={waitUntil}>
        <label htmlFor={`${id}-until`}>{t('policySimulator.until.label')}</label>
        <Input
          id={`${id}-until`}
          className={styles.dateInput}
          value={until}
          placeholder="YYYY-MM-DD HH:mm"
          onChange={(event) => setUntil(event.target.value)}
          {...invalid('until')}
        />
        <Button htmlType="submit">{t('policySimulator.until.submit')}</Button>
        {errorOf('until')}
      </form>
    </div>
  );
}
