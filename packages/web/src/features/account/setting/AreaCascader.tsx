import { useMemo } from 'react';
import { Cascader } from 'antd';
import { useT } from '../../../shared/i18n';
import { areaOptions, areaPath } from './area-options';
import { useProvinces } from './use-provinces';

interface AreaCascaderProps {
  /** The stored area code (a city's, or a province's); '' for none. Form.Item gives id, value and onChange. */
  id?: string;
  value?: string;
  onChange?: (areaCode: string) => void;
}

/** Province → city, from GET /v2/areas/provinces; the form keeps only the last code chosen. */
export function AreaCascader({ id, value = '', onChange }: AreaCascaderProps) {
  const t = useT();
  const state = useProvinces();
  const provinces = useMemo(() => (state.status === 'ready' ? state.provinces : []), [state]);
  const options = useMemo(() => areaOptions(provinces), [provinces]);

  return (
    <>
      <Cascader
        id={id}
        size="large"
        options={options}
        value={areaPath(provinces, value)}
        onChange={(path) => onChange?.(path ? String(path.at(-1) ?? '') : '')}
        placeholder={t('account.setting.area.placeholder')}
        showSearch
        allowClear
        loading={state.status === 'loading'}
        disabled={state.status !== 'ready'}
        data-testid="area-cascader"
      />
      {state.status === 'failed' ? (
        <div role="alert" data-testid="area-failed">
          {t('account.setting.area.loadFailed', { reason: state.message })}
        </div>
      ) : null}
    </>
  );
}
