import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { Avatar, Button, Input, Tabs } from 'antd';
import type { UserView } from '@tessera/contract/identity';
import { formatDisplayDate, ResourceStatus, routes, SEARCH_KEYWORDS_MAX_LENGTH } from '@tessera/domain';
import { useApiClient } from '../../shared/api';
import { useT } from '../../shared/i18n';
import { PageContainer, PageHeading } from '../../shared/ui/PageContainer';
import { StatusPanel } from '../../shared/ui/StatusPanel';
import { useDocumentTitle } from '../../shared/ui/use-document-title';
import {
  PagedListView,
  ResourceCardGrid,
  resourceKeys,
  searchResources,
  searchUsers,
  signedInUserId,
  useInfiniteList,
  type PagedList,
} from '../resources';
import styles from './SearchPage.module.css';

type SearchTab = 'resources' | 'users';

/** /search?search: resources and users matching the words, in two tabs with their counts. */
export function SearchPage() {
  const t = useT();
  const api = useApiClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const keywords = searchParams.get('search')?.trim() ?? '';
  useDocumentTitle(t('resourcesPage.search.title'));
  const [tab, setTab] = useState<SearchTab>('resources');
  const signedIn = signedInUserId() !== null;

  const resources = useInfiniteList(resourceKeys.searchPages({ keywords }), (skip, signal) =>
    searchResources(api, { skip, keywords }, signal),
  );
  // Searching people needs a session (API.md §3.9); visitors are offered the sign-in instead.
  const users = useInfiniteList(
    resourceKeys.users(keywords),
    (skip, signal) => searchUsers(api, keywords, skip, signal),
    {
      enabled: signedIn,
    },
  );

  return (
    <PageContainer>
      <PageHeading title={t('resourcesPage.search.title')} />
      <Input.Search
        key={keywords}
        defaultValue={keywords}
        maxLength={SEARCH_KEYWORDS_MAX_LENGTH}
        placeholder={t('resourcesPage.search.placeholder')}
        aria-label={t('resourcesPage.search.label')}
        enterButton={t('resourcesPage.market.searchButton')}
        size="large"
        allowClear
        className={styles.search}
        onSearch={(value) => setSearchParams(value.trim() ? { search: value.trim() } : {})}
      />
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as SearchTab)}
        items={[
          {
            key: 'resources',
            label: tabLabel(t('resourcesPage.search.resourcesTab'), resources),
            children: (
              <PagedListView
                list={resources}
                testId="search-resources"
                emptyTitle={t('resourcesPage.search.noResources')}
              >
                {(items) => (
                  <ResourceCardGrid resources={items} label={t('resourcesPage.search.resourcesTab')} headed />
                )}
              </PagedListView>
            ),
          },
          {
            key: 'users',
            label: signedIn ? tabLabel(t('resourcesPage.search.usersTab'), users) : t('resourcesPage.search.usersTab'),
            children: signedIn ? <UserResults users={users} /> : <SignInForUsers />,
          },
        ]}
      />
    </PageContainer>
  );
}

const tabLabel = (name: string, list: PagedList<unknown>) =>
  list.status === 'loading' || list.status === 'error' ? name : `${name} (${list.total})`;

function SignInForUsers() {
  const t = useT();
  const { pathname, search } = useLocation();
  return (
    <StatusPanel
      tone="empty"
      title={t('resourcesPage.search.usersNeedLogin')}
      actions={
        <Link to={routes.login({ goTo: `${window.location.origin}${pathname}${search}` })}>
          {t('resourcesPage.search.signIn')}
        </Link>
      }
      testId="search-users-login"
    />
  );
}

/** The users found; choosing one shows the resources they published. */
function UserResults({ users }: { users: PagedList<UserView> }) {
  const t = useT();
  const [chosen, setChosen] = useState<UserView | null>(null);
  if (chosen) return <PublishedResources user={chosen} onBack={() => setChosen(null)} />;
  return (
    <PagedListView list={users} testId="search-users" emptyTitle={t('resourcesPage.search.noUsers')}>
      {(items) => (
        <ul className={styles.users} aria-label={t('resourcesPage.search.usersTab')}>
          {items.map((user) => (
            <li key={user.userId} className={styles.user}>
              <Avatar src={user.headImage || undefined} size={48}>
                {user.username.slice(0, 1).toUpperCase()}
              </Avatar>
              <div className={styles.userText}>
                <strong>{user.username}</strong>
                {user.createDate ? (
                  <span>{t('resourcesPage.search.joined', { date: formatDisplayDate(user.createDate) })}</span>
                ) : null}
              </div>
              <Button onClick={() => setChosen(user)}>{t('resourcesPage.search.showResources')}</Button>
            </li>
          ))}
        </ul>
      )}
    </PagedListView>
  );
}

function PublishedResources({ user, onBack }: { user: UserView; onBack: () => void }) {
  const t = useT();
  const api = useApiClient();
  const published = { userId: user.userId, status: ResourceStatus.Online };
  const list = useInfiniteList(resourceKeys.searchPages(published), (skip, signal) =>
    searchResources(api, { ...published, skip }, signal),
  );
  const title = t('resourcesPage.search.publishedBy', { username: user.username });
  return (
    <section aria-label={title}>
      <div className={styles.publishedHeading}>
        <h2>{title}</h2>
        <Button onClick={onBack}>{t('resourcesPage.search.backToUsers')}</Button>
      </div>
      <PagedListView list={list} testId="search-published" emptyTitle={t('resourcesPage.search.noPublished')}>
        {(items) => <ResourceCardGrid resources={items} label={title} />}
      </PagedListView>
    </section>
  );
}
