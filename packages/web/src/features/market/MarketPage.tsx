import { useDeferredValue } from 'react';
import { useSearchParams } from 'react-router';
import { Button, Input } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useLanguage, useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import {
  FilterChips,
  nameIn,
  PagedListView,
  ResourceCardGrid,
  resourceKeys,
  searchResources,
  useCatalogue,
  useInfiniteList,
} from '../resources';
import { marketRequest, marketSearchParams, readMarketFilters, type MarketFilters } from './market-query';
import { useChipCounts } from './use-chip-counts';
import styles from './MarketPage.module.css';

/** /market: online resources by market category, type and keywords; every filter in the address. */
export function MarketPage() {
  const t = useT();
  const api = useApiClient();
  useDocumentTitle(t('resourcesPage.market.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readMarketFilters(searchParams);

  const list = useInfiniteList(resourceKeys.searchPages(marketRequest(filters, 0)), (skip, signal) =>
    searchResources(api, marketRequest(filters, skip), signal),
  );

  // One render behind the list: the twenty counts (their requests and answers) start once the cards
  // are on the page, not during the render that puts them there.
  const countsWanted = useDeferredValue(list.status !== 'loading', false);

  return (
    <PageContainer>
      <PageHeading title={t('resourcesPage.market.title')} lead={t('resourcesPage.market.lead')} />
      <MarketFilterBar
        filters={filters}
        countsWanted={countsWanted}
        onChange={(patch) => setSearchParams(marketSearchParams({ ...filters, ...patch }))}
        onClear={() => setSearchParams(new URLSearchParams())}
      />
      <PagedListView
        list={list}
        testId="market"
        emptyTitle={t('resourcesPage.market.empty')}
        emptyDescription={t('resourcesPage.market.emptyHint')}
      >
        {(resources) => <ResourceCardGrid resources={resources} label={t('resourcesPage.market.results')} headed />}
      </PagedListView>
    </PageContainer>
  );
}

type MarketFilterBarProps = {
  filters: MarketFilters;
  /** The chips' counts are asked once the page's own list has come (see useChipCounts). */
  countsWanted: boolean;
  onChange: (patch: Partial<MarketFilters>) => void;
  onClear: () => void;
};

/**
 * The search box and the chips. A component of its own, so that the catalogue's answer and each of the
 * twenty counts re-render the chips alone, not the page's cards.
 */
function MarketFilterBar({ filters, countsWanted, onChange: change, onClear }: MarketFilterBarProps) {
  const t = useT();
  const [language] = useLanguage();
  const { types, categories } = useCatalogue();
  const chosenType = types.find(
    (type) =>
      type.code === filters.resourceTypeCode || type.children.some((child) => child.code === filters.resourceTypeCode),
  );
  const subTypes = chosenType?.children ?? [];

  const counts = useChipCounts(
    categories.flatMap((group) => group.children.map((category) => category.code)),
    [...types.map((type) => type.code), ...subTypes.map((type) => type.code)],
    { enabled: countsWanted },
  );
  /** A chip holding nothing is left out, unless it is the one chosen (the address may name it). */
  const offered = <T extends { code: string }>(entries: T[], known: Map<string, number>, chosen: string) =>
    entries.filter((entry) => known.get(entry.code) !== 0 || entry.code === chosen);
  const filtered = Boolean(filters.keywords || filters.operationCategoryCode || filters.resourceTypeCode);

  return (
    <section className={styles.filters} aria-label={t('resourcesPage.market.filters')}>
      <Input.Search
        key={filters.keywords}
        defaultValue={filters.keywords}
        maxLength={SEARCH_KEYWORDS_MAX_LENGTH}
        placeholder={t('resourcesPage.market.searchPlaceholder')}
        aria-label={t('resourcesPage.market.searchLabel')}
        enterButton={t('resourcesPage.market.searchButton')}
        allowClear
        size="large"
        className={styles.search}
        onSearch={(value) => change({ keywords: value.trim() })}
      />
      {categories.map((group) => {
        const options = offered(group.children, counts.categories, filters.operationCategoryCode);
        if (options.length === 0) return null;
        return (
          <FilterChips
            key={group.code}
            label={nameIn(group, language)}
            allLabel={t('resourcesPage.filter.all')}
            options={options.map((category) => ({
              value: category.code,
              label: nameIn(category, language),
              count: counts.categories.get(category.code),
            }))}
            value={
              group.children.some((category) => category.code === filters.operationCategoryCode)
                ? filters.operationCategoryCode
                : ''
            }
            onChange={(value) => change({ operationCategoryCode: value })}
          />
        );
      })}
      <FilterChips
        label={t('resourcesPage.filter.type')}
        allLabel={t('resourcesPage.filter.all')}
        options={offered(types, counts.types, chosenType?.code ?? '').map((type) => ({
          value: type.code,
          label: nameIn(type, language),
          count: counts.types.get(type.code),
        }))}
        value={chosenType?.code ?? ''}
        onChange={(value) => change({ resourceTypeCode: value })}
      />
      {chosenType && subTypes.length > 0 ? (
        <FilterChips
          label={t('resourcesPage.filter.subType')}
          allLabel={t('resourcesPage.filter.all')}
          options={offered(subTypes, counts.types, filters.resourceTypeCode).map((type) => ({
            value: type.code,
            label: nameIn(type, language),
            count: counts.types.get(type.code),
          }))}
          value={filters.resourceTypeCode === chosenType.code ? '' : filters.resourceTypeCode}
          onChange={(value) => change({ resourceTypeCode: value || chosenType.code })}
        />
      ) : null}
      {filtered ? (
        <div className={styles.clear}>
          <Button type="link" icon={<CloseOutlined />} data-testid="market-clear-filters" onClick={onClear}>
            {t('resourcesPage.market.clearFilters')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
