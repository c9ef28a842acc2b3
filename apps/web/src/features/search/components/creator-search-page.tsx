import { useState } from 'react';
import { Alert, App, Button, Card, Empty, Input, Pagination, Result, Skeleton, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router-dom';
import { Msg, nameSearchAllowed } from '@xg/shared';
import { ErrorBoundary } from '../../../components/error-boundary';
import { errorText } from '../../../lib/api-client';
import { useAppHref, useAppNavigate } from '../../../lib/use-app-navigate';
import { SEARCH_PAGE_SIZE, useSearchKol } from '../api/search-kol';
import { CreatorResultCard } from './creator-result-card';

const SEARCH_PATH = '/search/upSearch';
const DETAIL_PATH = '/search/upSearch/detail';

function pageFrom(raw: string | null): number {
  const page = Number(raw);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** /search/upSearch (component upSearch): creator search by name or UID, keyword kept in the URL. */
export function CreatorSearchPage() {
  const { message } = App.useApp();
  const [searchParams] = useSearchParams();
  const navigate = useAppNavigate();
  const keyword = (searchParams.get('keyword') ?? '').trim();
  const pageNo = pageFrom(searchParams.get('page'));
  const [input, setInput] = useState(keyword);
  // The box follows the URL keyword (back/forward, links from /index) without an effect.
  const [shownKeyword, setShownKeyword] = useState(keyword);
  if (shownKeyword !== keyword) {
    setShownKeyword(keyword);
    setInput(keyword);
  }

  const allowed = keyword !== '' && nameSearchAllowed(keyword);

  const go = (nextKeyword: string, nextPage: number): void => {
    const params = new URLSearchParams({ keyword: nextKeyword });
    if (nextPage > 1) params.set('page', String(nextPage));
    navigate({ pathname: SEARCH_PATH, search: `?${params.toString()}` });
  };

  const handleSearch = (value: string): void => {
    const next = value.trim();
    if (!next) return; // an empty keyword does nothing (§5)
    if (!nameSearchAllowed(next)) {
      void message.warning(Msg.keywordTooLong);
      return;
    }
    go(next, 1);
  };

  return (
    <div className="page-stack">
      <Card variant="borderless" className="search-hero-card">
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          UP主搜索
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          支持按UP主名称或UID搜索，查看粉丝、播放与互动趋势。
        </Typography.Paragraph>
        <Input.Search
          size="large"
          placeholder="请输入UP主名称、或者UID"
          aria-label="搜索UP主"
          value={input}
          onChange={(event) => setInput(event.target.value)}
          onSearch={handleSearch}
          enterButton={
            <Button type="primary" icon={<SearchOutlined aria-hidden />}>
              搜索
            </Button>
          }
          allowClear
          maxLength={100}
        />
      </Card>
      <ErrorBoundary title="搜索结果加载失败" resetKeys={[keyword, pageNo]}>
        {keyword === '' ? (
          <Card variant="borderless">
            <Empty description="输入UP主名称或UID，开始搜索" />
          </Card>
        ) : allowed ? (
          <SearchResults keyword={keyword} pageNo={pageNo} onPage={(page) => go(keyword, page)} />
        ) : (
          <Alert type="warning" showIcon title={Msg.keywordTooLong} />
        )}
      </ErrorBoundary>
    </div>
  );
}

interface SearchResultsProps {
  keyword: string;
  pageNo: number;
  onPage: (page: number) => void;
}

function SearchResults({ keyword, pageNo, onPage }: SearchResultsProps) {
  const hrefOf = useAppHref();
  const query = useSearchKol({ keyword, pageNo, pageSize: SEARCH_PAGE_SIZE }, true);

  if (query.isPending) {
    return (
      <Card variant="borderless" aria-busy="true">
        <Skeleton avatar active paragraph={{ rows: 1 }} />
        <Skeleton avatar active paragraph={{ rows: 1 }} />
        <Skeleton avatar active paragraph={{ rows: 1 }} />
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Card variant="borderless">
        <Result
          status="error"
          title="搜索失败"
          subTitle={errorText(query.error)}
          extra={
            <Button type="primary" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      </Card>
    );
  }
  const { kolInfos, total } = query.data;
  if (kolInfos.length === 0) {
    return (
      <Card variant="borderless">
        <Empty description={`${Msg.kolNotFound}，请检查名称或UID`} />
      </Card>
    );
  }
  return (
    <Card
      variant="borderless"
      title={
        <span>
          找到 <Typography.Text type="danger">{total}</Typography.Text> 个与“{keyword}”相关的UP主
        </span>
      }
      className={query.isPlaceholderData ? 'is-refreshing' : undefined}
    >
      <div className="creator-result-list" role="list" aria-label="UP主搜索结果">
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
      {total > SEARCH_PAGE_SIZE ? (
        <Pagination
          className="result-pagination"
          current={pageNo}
          pageSize={SEARCH_PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          showTotal={(count) => `共 ${count} 条`}
          onChange={onPage}
          responsive
        />
      ) : null}
    </Card>
  );
}
