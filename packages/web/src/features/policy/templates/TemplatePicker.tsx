import { useState } from 'react';
import { Button, InputNumber, Radio, Select } from 'antd';
import {
  freePolicyTemplate,
  MAX_POLICY_EVENT_COUNT,
  parsePolicyAmount,
  parsePolicyCount,
  payOncePolicyTemplate,
  POLICY_TEMPLATES,
  RELATIVE_TIME_UNITS,
  trialThenSubscriptionPolicyTemplate,
  type PolicyBuilderModel,
  type PolicyTemplateId,
  type RelativeTimeUnit,
} from '@tessera/domain';
import { useT } from '../../../shared/i18n';
import styles from './templates.module.css';

type TemplateParams = {
  price: string;
  trialDays: number | null;
  periodCount: number | null;
  periodUnit: RelativeTimeUnit;
};

const DEFAULT_PARAMS: TemplateParams = { price: '10.00', trialDays: 7, periodCount: 1, periodUnit: 'month' };

/** The model of a template with the parameters given, or null while a parameter is not valid. */
export function templateModel(id: PolicyTemplateId, params: TemplateParams): PolicyBuilderModel | null {
  if (id === 'free') return freePolicyTemplate();
  const price = parsePolicyAmount(params.price);
  if (price === null) return null;
  if (id === 'payOnce') return payOncePolicyTemplate({ price });
  const trialDays = parsePolicyCount(String(params.trialDays ?? ''));
  const periodCount = parsePolicyCount(String(params.periodCount ?? ''));
  if (trialDays === null || periodCount === null) return null;
  return trialThenSubscriptionPolicyTemplate({
    trialDays,
    price,
    period: { count: periodCount, unit: params.periodUnit },
  });
}

/** Pick one of the starting policies, set its numbers, and put it in the editor. */
export function TemplatePicker({ id, onApply }: { id: string; onApply: (model: PolicyBuilderModel) => void }) {
  const t = useT();
  const [choice, setChoice] = useState<PolicyTemplateId>('free');
  const [params, setParams] = useState<TemplateParams>(DEFAULT_PARAMS);
  const model = templateModel(choice, params);
  const set = (patch: Partial<TemplateParams>) => setParams((current) => ({ ...current, ...patch }));
  const fieldId = (name: string) => `${id}-${name}`;

  return (
    <div className={styles.picker} role="group" aria-labelledby={fieldId('title')} data-testid="policy-templates">
      <h3 id={fieldId('title')} className={styles.title}>
        {t('policyEditor.templates.title')}
      </h3>
      <Radio.Group
        optionType="button"
        value={choice}
        onChange={(event) => setChoice(event.target.value as PolicyTemplateId)}
        options={POLICY_TEMPLATES.map((template) => ({ value: template.id, label: t(template.titleKey) }))}
      />
      <p className={styles.description}>{t(`policyEditor.templates.${choice}.description`)}</p>
      <div className={styles.params}>
        {choice !== 'free' && (
          <label className={styles.param}>
            <span>
              {t(choice === 'payOnce' ? 'policyEditor.templates.price' : 'policyEditor.templates.pricePerPeriod')}
            </span>
            <InputNumber<string>
              id={fieldId('price')}
              stringMode
              precision={2}
              min="0.01"
              max="1000000"
              value={params.price === '' ? null : params.price}
              onChange={(price) => set({ price: price ?? '' })}
            />
          </label>
        )}
        {choice === 'trialThenSubscription' && (
          <>
            <label className={styles.param}>
              <span>{t('policyEditor.templates.trialDays')}</span>
              <InputNumber<number>
                id={fieldId('trialDays')}
                min={1}
                max={MAX_POLICY_EVENT_COUNT}
                precision={0}
                value={params.trialDays}
                onChange={(trialDays) => set({ trialDays })}
              />
            </label>
            <div className={styles.param} role="group" aria-labelledby={fieldId('period-label')}>
              <span id={fieldId('period-label')}>{t('policyEditor.templates.period')}</span>
              <span className={styles.period}>
                <InputNumber<number>
                  aria-label={t('policyEditor.templates.periodCount')}
                  min={1}
                  max={MAX_POLICY_EVENT_COUNT}
                  precision={0}
                  value={params.periodCount}
                  onChange={(periodCount) => set({ periodCount })}
                />
                <Select
                  aria-label={t('policyEditor.templates.periodUnit')}
                  value={params.periodUnit}
                  onChange={(periodUnit: RelativeTimeUnit) => set({ periodUnit })}
                  options={RELATIVE_TIME_UNITS.map((unit) => ({ value: unit, label: t(`policyEditor.unit.${unit}`) }))}
                  popupMatchSelectWidth={false}
                />
              </span>
            </div>
          </>
        )}
      </div>
      <Button type="primary" disabled={model === null} onClick={() => model && onApply(model)}>
        {t('policyEditor.templates.apply')}
      </Button>
    </div>
  );
}
