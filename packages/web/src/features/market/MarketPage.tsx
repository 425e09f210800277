import { useSearchParams } from 'react-router';
import { Input } from 'antd';
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
import styles from './MarketPage.module.css';

/** /market: online resources by market category, type and keywords; every filter in the address. */
export function MarketPage() {
  const t = useT();
  const [language] = useLanguage();
  const api = useApiClient();
  useDocumentTitle(t('resourcesPage.market.title'));
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = readMarketFilters(searchParams);
  const { types, categories } = useCatalogue();

  const change = (patch: Partial<MarketFilters>) => {
    setSearchParams(marketSearchParams({ ...filters, ...patch }));
  };

  const list = useInfiniteList(resourceKeys.searchPages(marketRequest(filters, 0)), (skip, signal) =>
    searchResources(api, marketRequest(filters, skip), signal),
  );

  const chosenType = types.find(
    (type) =>
      type.code === filters.resourceTypeCode || type.children.some((child) => child.code === filters.resourceTypeCode),
  );
  const subTypes = chosenType?.children ?? [];

  return (
    <PageContainer>
      <PageHeading title={t('resourcesPage.market.title')} lead={t('resourcesPage.market.lead')} />
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
        {categories.map((group) => (
          <FilterChips
            key={group.code}
            label={nameIn(group, language)}
            allLabel={t('resourcesPage.filter.all')}
            options={group.children.map((category) => ({
              value: category.code,
              label: nameIn(category, language),
            }))}
            value={
              group.children.some((category) => category.code === filters.operationCategoryCode)
                ? filters.operationCategoryCode
                : ''
            }
            onChange={(value) => change({ operationCategoryCode: value })}
          />
        ))}
        <FilterChips
          label={t('resourcesPage.filter.type')}
          allLabel={t('resourcesPage.filter.all')}
          options={types.map((type) => ({ value: type.code, label: nameIn(type, language) }))}
          value={chosenType?.code ?? ''}
          onChange={(value) => change({ resourceTypeCode: value })}
        />
        {chosenType && subTypes.length > 0 ? (
          <FilterChips
            label={t('resourcesPage.filter.subType')}
            allLabel={t('resourcesPage.filter.all')}
            options={subTypes.map((type) => ({ value: type.code, label: nameIn(type, language) }))}
            value={filters.resourceTypeCode === chosenType.code ? '' : filters.resourceTypeCode}
            onChange={(value) => change({ resourceTypeCode: value || chosenType.code })}
          />
        ) : null}
      </section>
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
