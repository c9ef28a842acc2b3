import { useState } from 'react';
import { Alert, Button, Card, Empty, Segmented, Skeleton, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router-dom';
import {
  CONTENT_KEYWORD_MAX_LENGTH,
  DiscoveryMsg,
  Msg,
  encodeKeyword,
  nameSearchAllowed,
  safeExportName,
  type KolSort,
} from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { errorText } from '../../../lib/api-client';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { useSearchFilter } from '../api/get-search-filter';
import { SEARCH_PAGE_SIZE, filterParams, useSearchKol, type KolFilters } from '../api/search-kol';
import { ExportButton } from '../../export/components/export-button';
import { hasFilter, readSearchUrl, writeSearchUrl, type SearchTab, type SearchUrlState } from '../search-url';
import { BusinessResults } from './business-results';
import { ContentResults } from './content-results';
import { CollectCreatorModal } from './collect-creator-modal';
import { CreatorResultCard } from './creator-result-card';
import { ResultsCard, ResultsPager } from './results-card';
import { KeywordSearchBox } from './keyword-search-box';
import { SearchFilters } from './search-filters';
import '../search.css';
import { useApp } from '../../../lib/use-app';

const SEARCH_PATH = '/search/upSearch';
const DETAIL_PATH = '/search/upSearch/detail';

function contentKeywordAllowed(keyword: string): boolean {
  const length = Array.from(keyword).length;
  return length > 0 && length < CONTENT_KEYWORD_MAX_LENGTH;
}

/**
 * /search/upSearch (component upSearch): creator search by name or UID with filters, sorting and
 * suggestions, and a content tab (videos by title). Everything is kept in the URL.
 */
export function CreatorSearchPage() {
  const { message } = useApp();
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const state = readSearchUrl(searchParams);
  const [input, setInput] = useState(state.keyword);
  // The box follows the URL keyword (back/forward, links from /index) without an effect.
  const [shownKeyword, setShownKeyword] = useState(state.keyword);
  if (shownKeyword !== state.keyword) {
    setShownKeyword(state.keyword);
    setInput(state.keyword);
  }
  const filterOptions = useSearchFilter();

  const go = (patch: Partial<SearchUrlState>): void => {
    const next: SearchUrlState = { ...state, pageNo: 1, ...patch };
    navigate({ pathname: SEARCH_PATH, search: writeSearchUrl(next) });
  };

  const handleSearch = (value: string): void => {
    const next = value.trim();
    if (!next) {
      // An empty keyword does nothing (§5); with filters set it clears the keyword of the filtered list.
      if (state.tab === 'kol' && state.keyword && hasFilter(state.filters)) go({ keyword: '' });
      return;
    }
    if (state.tab === 'kol' && !nameSearchAllowed(next)) {
      void message.warning(Msg.keywordTooLong);
      return;
    }
    if (state.tab === 'content' && !contentKeywordAllowed(next)) {
      void message.warning(DiscoveryMsg.contentKeywordTooLong);
      return;
    }
    go({ keyword: next });
  };

  const kolSearchRuns =
    (state.keyword !== '' && nameSearchAllowed(state.keyword)) || (state.keyword === '' && hasFilter(state.filters));

  return (
    <div className="page-stack">
      <Card variant="borderless" className="search-hero">
        <Tabs
          activeKey={state.tab}
          onChange={(key) => go({ tab: key === 'content' || key === 'business' ? key : ('kol' satisfies SearchTab) })}
          items={[
            { key: 'kol', label: 'UP主搜索' },
            { key: 'content', label: '内容搜索' },
            { key: 'business', label: '商业价值' },
          ]}
        />
        {state.tab === 'business' ? null : (
          <KeywordSearchBox
            value={input}
            onChange={setInput}
            onSearch={handleSearch}
            placeholder={state.tab === 'kol' ? '请输入UP主名称、或者UID' : '请输入视频标题关键词'}
            ariaLabel={state.tab === 'kol' ? '搜索UP主' : '搜索视频内容'}
            suggest={state.tab === 'kol'}
            maxLength={state.tab === 'kol' ? 100 : CONTENT_KEYWORD_MAX_LENGTH * 2}
          />
        )}
        {state.tab === 'kol' ? (
          <ErrorBoundary title="筛选条件加载失败">
            {filterOptions.isPending ? (
              <Skeleton active title={false} paragraph={{ rows: 4 }} className="search-filters-skeleton" />
            ) : filterOptions.isError ? (
              <Alert
                type="error"
                showIcon
                className="search-filters-error"
                title="筛选条件加载失败"
                description={errorText(filterOptions.error)}
                action={
                  <Button size="small" onClick={() => void filterOptions.refetch()}>
                    重试
                  </Button>
                }
              />
            ) : (
              <SearchFilters
                options={filterOptions.data}
                filters={state.filters}
                onChange={(filters: KolFilters) => go({ filters })}
              />
            )}
          </ErrorBoundary>
        ) : null}
      </Card>
      <ErrorBoundary title="搜索结果加载失败" resetKeys={[searchParams.toString()]}>
        {state.tab === 'business' ? (
          <BusinessResults
            tid={state.businessTid}
            pageNo={state.pageNo}
            themes={filterOptions.data?.themeInfos ?? []}
            onChange={(patch) =>
              go({ businessTid: 'tid' in patch ? patch.tid : state.businessTid, pageNo: patch.pageNo ?? 1 })
            }
          />
        ) : state.tab === 'content' ? (
          state.keyword === '' ? (
            <Card variant="borderless">
              <Empty description="输入视频标题关键词，搜索相关视频" />
            </Card>
          ) : contentKeywordAllowed(state.keyword) ? (
            <ContentResults
              keyword={state.keyword}
              sort={state.contentSort}
              tid={state.contentTid}
              pageNo={state.pageNo}
              themes={filterOptions.data?.themeInfos ?? []}
              onChange={(patch) =>
                go({
                  contentSort: patch.sort ?? state.contentSort,
                  contentTid: 'tid' in patch ? patch.tid : state.contentTid,
                  pageNo: patch.pageNo ?? 1,
                })
              }
            />
          ) : (
            <Alert type="warning" showIcon title={DiscoveryMsg.contentKeywordTooLong} />
          )
        ) : kolSearchRuns ? (
          <SearchResults
            state={state}
            sortOptions={filterOptions.data?.sortList ?? []}
            onSort={(sort) => go({ sort })}
            onPage={(pageNo) => go({ pageNo })}
          />
        ) : state.keyword !== '' ? (
          <Alert type="warning" showIcon title={Msg.keywordTooLong} />
        ) : (
          <Card variant="borderless">
            <Empty description="输入UP主名称或UID，或选择筛选条件，开始搜索" />
          </Card>
        )}
      </ErrorBoundary>
    </div>
  );
}

interface SearchResultsProps {
  state: SearchUrlState;
  sortOptions: readonly { value: KolSort; label: string }[];
  onSort: (sort: KolSort | undefined) => void;
  onPage: (page: number) => void;
}

const DEFAULT_SORT = 'default';

function SearchResults({ state, sortOptions, onSort, onPage }: SearchResultsProps) {
  const hrefOf = useAppHref();
  const query = useSearchKol(
    {
      keyword: state.keyword,
      filters: state.filters,
      sort: state.sort,
      pageNo: state.pageNo,
      pageSize: SEARCH_PAGE_SIZE,
    },
    true,
  );
  const options = [
    ...(state.keyword ? [{ label: '综合', value: DEFAULT_SORT }] : []),
    ...sortOptions.map((option) => ({ label: option.label, value: option.value })),
  ];
  const current = state.sort ?? (state.keyword ? DEFAULT_SORT : 'fans');
  const sorter =
    options.length > 0 ? (
      <div className="search-toolbar">
        <span className="search-toolbar-label">排序</span>
        <Segmented<string>
          aria-label="排序方式"
          options={options}
          value={current}
          onChange={(value) => {
            const match = sortOptions.find((option) => option.value === value);
            onSort(match?.value);
          }}
        />
      </div>
    ) : null;

  const exportButton = (
    <ExportButton
      list="searchKol"
      params={{
        keyword: state.keyword ? encodeKeyword(state.keyword) : undefined,
        ...filterParams(state.filters),
        sort: state.sort,
      }}
      pageNo={state.pageNo}
      pageSize={SEARCH_PAGE_SIZE}
      total={query.data?.total ?? 0}
      exportName={safeExportName(state.keyword ? `UP主搜索_${state.keyword}` : 'UP主搜索')}
    />
  );

  return (
    <ResultsCard toolbar={sorter} query={query} placeholder="creators" failedTitle="搜索失败">
      {({ kolInfos, total }) =>
        kolInfos.length === 0 ? (
          <Empty
            description={
              state.keyword
                ? `${Msg.kolNotFound}，请检查名称或UID，或调整筛选条件`
                : '没有符合筛选条件的UP主，请调整筛选条件'
            }
          >
            {state.keyword ? <ManualAdd keyword={state.keyword} /> : null}
          </Empty>
        ) : (
          <>
            <div className="list-head">
              <Typography.Paragraph type="secondary" className="search-count">
                找到 <Typography.Text type="danger">{total}</Typography.Text> 个
                {state.keyword ? `与“${state.keyword}”相关的` : '符合条件的'}UP主
              </Typography.Paragraph>
              {exportButton}
            </div>
            <div className="kol-card-list" role="list" aria-label="UP主搜索结果">
              {kolInfos.map((creator) => (
                <div role="listitem" key={creator.kolId}>
                  <CreatorResultCard
                    creator={creator}
                    href={hrefOf({
                      pathname: DETAIL_PATH,
                      search: `?${new URLSearchParams({ kolId: String(creator.kolId), kolName: creator.kolName }).toString()}`,
                    })}
                  />
                </div>
              ))}
            </div>
            <ResultsPager pageNo={state.pageNo} total={total} showTotal={(all) => `共 ${all} 条`} onPage={onPage} />
          </>
        )
      }
    </ResultsCard>
  );
}

/** §8: an empty creator search offers to add the creator manually (submitCollectionKol). */
function ManualAdd({ keyword }: { keyword: string }) {
  const [open, setOpen] = useState(false);
  const hrefOf = useAppHref();
  return (
    <>
      <Typography.Paragraph type="secondary">没有找到想要的UP主？可提交主页链接或UID，由系统收录</Typography.Paragraph>
      <Button type="primary" onClick={() => setOpen(true)}>
        手动添加UP主
      </Button>
      <CollectCreatorModal
        open={open}
        initial={/^\d+$/.test(keyword) ? keyword : ''}
        onClose={() => setOpen(false)}
        detailHref={(kolId, kolName) =>
          hrefOf({
            pathname: DETAIL_PATH,
            search: `?${new URLSearchParams({ kolId: String(kolId), kolName }).toString()}`,
          })
        }
      />
    </>
  );
}
