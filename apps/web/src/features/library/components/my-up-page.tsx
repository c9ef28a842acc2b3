import { KeywordSearch } from '../../../components/keyword-search';
import { FilterSelect, usePagedParams } from '../../../components/list-filters';
import { ConfirmRemove } from '../../../components/confirm-remove';
import { useState } from 'react';
import { Button, Card, Empty, List, Rate, Select, Space, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { EditOutlined, PlusOutlined, UploadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { LIBRARY_SORTS, LIBRARY_SORT_LABELS, formatCount, type EredarEntry, type LibrarySort } from '@xg/shared';
import { ListScreen } from '../../../components/list-screen';
import { CreatorLink, listPagination } from '../../../components/ranked-list';
import { AddedBy } from '../../../components/lists/added-by';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { useCustomGroups } from '../../collect/api/customize-sort';
import { useListChange } from '../../collect/hooks/use-list-refusal';
import { LIBRARY_QUERY_ROOT, deleteEredar, useEredarList } from '../api/eredar';
import { useCollectionRequests, type CollectionRequestItem } from '../api/submit-collection';
import { EredarModal, type EredarModalMode } from './eredar-modal';
import { ImportModal } from './import-modal';
import '../library.css';
import { ScreenGate, type ScreenGateInfo } from '../../gate/components/screen-gate';

const PAGE_SIZE = 20;
const REQUEST_STATES: Record<CollectionRequestItem['state'], { label: string; color: string }> = {
  queued: { label: '排队收录中', color: 'processing' },
  searchable: { label: '已可搜索，历史数据收录中', color: 'processing' },
  done: { label: '收录完成', color: 'success' },
  failed: { label: '收录失败', color: 'error' },
  not_found: { label: '未找到该UP主', color: 'warning' },
};

function yuan(value: number | null): string {
  return value === null ? '-' : `¥${value.toLocaleString('zh-CN', { maximumFractionDigits: 2 })}`;
}

function readSort(value: string | null): LibrarySort {
  return LIBRARY_SORTS.find((s) => s === value) ?? 'updateTime';
}

function numberParam(value: string | null): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? n : undefined;
}

const GATE: ScreenGateInfo = {
  feature: 'library.private',
  title: '私有达人库',
  intro: '记录团队合作过或关注的达人报价、档期、联系方式与备注，主账号和子账号共享；系统收录的达人粉丝等数据自动更新。',
};

/**
 * myUp (/middleground/myUp?kolUid=): the team's private creator library — prices, launch level, schedule,
 * contacts and notes of §3; search and filters inside it; add or edit one creator (§2.6), batch import of a
 * roster, and the state of collection requests. With ?kolUid= the list shows that creator, or the add dialog
 * opens with the id filled in.
 */
export function MyUpPage() {
  return (
    <ScreenGate {...GATE}>
      <MyUpScreen />
    </ScreenGate>
  );
}

function MyUpScreen() {
  const { params, pageNo, update, setPage } = usePagedParams();
  const keyword = params.get('keyword') ?? '';
  const sort = readSort(params.get('sort'));
  const launchLevel = numberParam(params.get('launchLevel'));
  const isEnter = numberParam(params.get('isEnter'));
  const tId = numberParam(params.get('tId'));
  const kolUid = numberParam(params.get('kolUid'));
  const [modal, setModal] = useState<EredarModalMode | null>(null);
  const [importing, setImporting] = useState(false);
  const { change, refusalHolder } = useListChange(LIBRARY_QUERY_ROOT);
  const query = useEredarList({ pageNo, pageSize: PAGE_SIZE, keyword, sort, launchLevel, isEnter, tId, kolUid });
  const groups = useCustomGroups();
  const requests = useCollectionRequests();
  const data = query.data;
  const choices = (groups.data?.userThemeInfos ?? []).filter((g) => g.isDefault !== 1);

  const handleDelete = (entry: EredarEntry) => change(() => deleteEredar(entry.id));

  const columns: TableColumnsType<EredarEntry> = [
    {
      key: 'kol',
      title: '达人',
      render: (_, row) => {
        const body = (
          <>
            <RemoteAvatar src={row.kolImg} alt={row.nickname} size={40} />
            <span className="library-kol-main">
              <Typography.Text strong ellipsis={{ tooltip: row.nickname }}>
                {row.nickname || '未命名'}
              </Typography.Text>
              <span className="library-kol-meta">
                UID：{row.kolUid}
                {row.kolId === null ? <Tag className="library-manual">手动录入</Tag> : null}
              </span>
            </span>
          </>
        );
        return row.kolId === null ? (
          <span className="library-kol">{body}</span>
        ) : (
          <CreatorLink
            className="library-kol"
            kolId={row.kolId}
            kolName={row.nickname}
            label={`查看UP主详情：${row.nickname}`}
          >
            {body}
          </CreatorLink>
        );
      },
    },
    { key: 'fans', title: '粉丝数', width: 90, align: 'right', render: (_, row) => formatCount(row.fansNum) },
    {
      key: 'price',
      title: '植入 / 动态报价',
      width: 150,
      align: 'right',
      render: (_, row) => (
        <span className="library-price">
          <span>{yuan(row.implantationPrice)}</span>
          <Typography.Text type="secondary">{yuan(row.normalPrice)}</Typography.Text>
        </span>
      ),
    },
    {
      key: 'level',
      title: '投放等级',
      width: 130,
      responsive: ['md'],
      render: (_, row) => (
        <Rate disabled value={row.launchLevel} className="library-rate" aria-label={`投放等级${row.launchLevel}星`} />
      ),
    },
    { key: 'count', title: '投放次数', width: 80, align: 'right', responsive: ['lg'], dataIndex: 'launchCount' },
    {
      key: 'calendar',
      title: '档期',
      width: 90,
      responsive: ['lg'],
      render: (_, row) => row.auctionCalendar || '-',
    },
    {
      key: 'diy',
      title: '自定义分类',
      width: 160,
      responsive: ['xl'],
      render: (_, row) =>
        row.diyThemeName ? row.diyThemeName.split(' ').map((word) => <Tag key={word}>{word}</Tag>) : '-',
    },
    {
      key: 'enter',
      title: '商单平台',
      width: 80,
      responsive: ['xl'],
      render: (_, row) => (row.isEnter === 1 ? <Tag color="green">已入驻</Tag> : '-'),
    },
    {
      key: 'updated',
      title: '更新',
      width: 120,
      responsive: ['xxl'],
      render: (_, row) => (
        <AddedBy className="library-updated" who={row.updatedBy || row.addedBy} at={row.updateTime} />
      ),
    },
    {
      key: 'actions',
      title: '操作',
      width: 130,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0}>
          <Button
            type="link"
            size="small"
            icon={<EditOutlined aria-hidden />}
            aria-label={`编辑${row.nickname}`}
            onClick={() => setModal({ kind: 'edit', id: row.id })}
          >
            编辑
          </Button>
          <ConfirmRemove
            title="确定从达人库删除该达人吗？"
            okText="删除"
            label={`删除${row.nickname}`}
            onConfirm={() => void handleDelete(row)}
          />
        </Space>
      ),
    },
  ];

  const total = data?.total ?? 0;
  const filtered =
    keyword !== '' || launchLevel !== undefined || isEnter !== undefined || tId !== undefined || kolUid !== undefined;
  const pending = (requests.data?.requests ?? []).slice(0, 5);
  return (
    <ListScreen
      title="私有达人库"
      intro="记录团队合作过或关注的达人报价、档期、联系方式与备注，主账号和子账号共享；系统收录的达人粉丝等数据自动更新。"
      query={query}
      filters={
        <Space wrap size={[12, 8]}>
          <KeywordSearch
            label="搜索达人库"
            placeholder="昵称、UID、机构或备注"
            maxLength={50}
            style={{ width: 240 }}
            initial={keyword}
            onSearch={(value) => update({ keyword: value, kolUid: undefined })}
          />
          <FilterSelect
            label="投放等级"
            allLabel="全部等级"
            width={120}
            value={launchLevel}
            onChange={(value) => update({ launchLevel: value })}
            options={[5, 4, 3, 2, 1].map((n) => ({ value: String(n), label: `${n}星` }))}
          />
          <FilterSelect
            label="商单平台"
            allLabel="全部入驻状态"
            width={130}
            value={isEnter}
            onChange={(value) => update({ isEnter: value })}
            options={[
              { value: '1', label: '已入驻商单平台' },
              { value: '0', label: '未入驻' },
            ]}
          />
          <FilterSelect
            label="分组"
            allLabel="全部分组"
            width={130}
            value={tId}
            onChange={(value) => update({ tId: value })}
            options={[
              { value: '0', label: '未分组' },
              ...choices.map((g) => ({ value: String(g.id), label: g.themeName })),
            ]}
          />
          <Select
            aria-label="排序"
            style={{ width: 130 }}
            value={sort}
            onChange={(value: LibrarySort) => update({ sort: value === 'updateTime' ? undefined : value })}
            options={LIBRARY_SORTS.map((s) => ({ value: s, label: LIBRARY_SORT_LABELS[s] }))}
          />
          <Button
            type="primary"
            icon={<PlusOutlined aria-hidden />}
            onClick={() => setModal({ kind: 'add', presetUid: kolUid ? String(kolUid) : undefined })}
          >
            添加达人
          </Button>
          <Button icon={<UploadOutlined aria-hidden />} onClick={() => setImporting(true)}>
            批量导入
          </Button>
        </Space>
      }
      after={
        <>
          {pending.length > 0 ? (
            <Card variant="borderless" title="收录申请" size="small">
              <List<CollectionRequestItem>
                size="small"
                dataSource={pending}
                renderItem={(item) => (
                  <List.Item>
                    <Space wrap>
                      <span>{item.kolName || `UID ${item.kolUid}`}</span>
                      <Tag color={REQUEST_STATES[item.state].color}>{REQUEST_STATES[item.state].label}</Tag>
                      <Typography.Text type="secondary">
                        {item.requestedBy} · {dayjs(item.createdAt).format('MM-DD HH:mm')}
                      </Typography.Text>
                    </Space>
                  </List.Item>
                )}
              />
            </Card>
          ) : null}
          <EredarModal
            key={modal ? (modal.kind === 'edit' ? `edit-${modal.id}` : `add-${modal.presetUid ?? ''}`) : 'closed'}
            mode={modal}
            onClose={() => setModal(null)}
            onEdit={(id) => setModal({ kind: 'edit', id })}
          />
          <ImportModal open={importing} onClose={() => setImporting(false)} />
          {refusalHolder}
        </>
      }
    >
      <div className="library-head">
        {data ? (
          <span>
            已收录 <strong>{data.count}</strong> / {data.limit} 位达人
          </span>
        ) : null}
        {kolUid !== undefined ? (
          <Tag closable onClose={() => update({ kolUid: undefined })}>
            UID：{kolUid}
          </Tag>
        ) : null}
      </div>
      <Table<EredarEntry>
        rowKey="id"
        size="middle"
        loading={query.isPending || query.isFetching}
        columns={columns}
        dataSource={data?.list ?? []}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={filtered ? '没有符合条件的达人' : '达人库还是空的，点击「添加达人」或「批量导入」开始建立'}
            >
              {kolUid !== undefined ? (
                <Button type="primary" onClick={() => setModal({ kind: 'add', presetUid: String(kolUid) })}>
                  添加该达人
                </Button>
              ) : null}
            </Empty>
          ),
        }}
        pagination={listPagination({ current: pageNo, pageSize: PAGE_SIZE, total, unit: '位', onChange: setPage })}
      />
    </ListScreen>
  );
}
