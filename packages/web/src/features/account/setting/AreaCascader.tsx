import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Cascader } from 'antd';
import type { AreaWire } from '@tessera/contract/identity';
import { errorMessage, useApiClient } from '../../../shared/api';
import { useT } from '../../../shared/i18n';
import { provincesQuery } from '../account-api';
import { areaOptions, areaPath } from './area-options';

const NONE: AreaWire[] = [];

interface AreaCascaderProps {
  /** The stored area code (a city's, or a province's); '' for none. Form.Item gives id, value and onChange. */
  id?: string;
  value?: string;
  onChange?: (areaCode: string) => void;
}

/** Province → city, from GET /v2/areas/provinces; the form keeps only the last code chosen. */
export function AreaCascader({ id, value = '', onChange }: AreaCascaderProps) {
  const t = useT();
  const query = useQuery(provincesQuery(useApiClient()));
  const provinces = query.data ?? NONE;
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
        loading={query.isPending}
        disabled={!query.isSuccess}
        data-testid="area-cascader"
      />
      {query.isError ? (
        <div role="alert" data-testid="area-failed">
          {t('account.setting.area.loadFailed', { reason: errorMessage(query.error) })}
        </div>
      ) : null}
    </>
  );
}
