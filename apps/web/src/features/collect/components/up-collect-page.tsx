import { KeywordSearch } from '../../../components/keyword-search';
import { FilterSelect, usePagedParams } from '../../../components/list-filters';
import { ConfirmRemove } from '../../../components/confirm-remove';
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import {
  Button,
  Empty,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
  Tooltip,
  Typography,
  type TableColumnsType,
} from 'antd';
import { HolderOutlined, SettingOutlined } from '@ant-design/icons';
import {
  LINK_KOL_SORTS,
  LINK_KOL_SORT_LABELS,
  LinkType,
  formatCount,
  formatIndexNum,
  type LinkKolItem,
  type LinkKolSort,
} from '@xg/shared';
import { ListScreen } from '../../../components/list-screen';
import { listPagination } from '../../../components/ranked-list';
import { AddedBy } from '../../../components/lists/added-by';
import { CreatorCell } from '../../../components/lists/creator-identity';
import { useCustomGroups } from '../api/customize-sort';
import { useMyLinkKol } from '../api/get-my-link-kol';
import { LIST_QUERY_ROOT, toggleLinkKol } from '../api/link-kol';
import { moveLinkKolGroup, moveLinkKolSort, setOpenMonitor } from '../api/link-kol-edits';
import { useListChange } from '../hooks/use-list-refusal';
import { ContrastButton } from '../../contrast/components/contrast-button';
import { ExportButton } from '../../export/components/export-button';
import { GroupManager } from './group-manager';
import { MonitorAction } from './monitor-action';
import '../collect.css';

const PAGE_SIZE = 20;
const UNGROUPED_LABEL = '未分组';

function signed(value: number): string {
  return `${value > 0 ? '+' : ''}${formatCount(value)}`;
}

function readSort(value: string | null): LinkKolSort {
  return LINK_KOL_SORTS.find((s) => s === value) ?? 'custom';
}

/**
 * upCollect (/collect/upCollect, §2.5): the team's saved creators, two lists (收藏 type 1, 投放清单 type 4)
 * with their live numbers, groups, search, sorting and pages; reorder by drag (or Alt+↑/↓ on the handle),
 * persisted through moveLinkKolSort; the monitoring switch (setOpenMonitor) and removal with confirmation.
 */
export function UpCollectPage() {
  const { params, pageNo, update, setPage } = usePagedParams();
  const type = params.get('type') === '4' ? LinkType.PUT : LinkType.COLLECT;
  const sort = readSort(params.get('sort'));
  const groupParam = params.get('groupId');
  const groupId = groupParam === null || groupParam === '' ? undefined : Number(groupParam);
  const monitorParam = params.get('isMonitor');
  const isMonitor = monitorParam === '1' ? 1 : monitorParam === '0' ? 0 : undefined;
  const keyword = params.get('keyword') ?? '';
  const [groupsOpen, setGroupsOpen] = useState(false);
  const [dragged, setDragged] = useState<number | null>(null);
  const { change, refusalHolder } = useListChange(LIST_QUERY_ROOT, 'up-collect');

  const query = useMyLinkKol({ type, pageNo, pageSize: PAGE_SIZE, sort, groupId, isMonitor, keyword });
  const groups = useCustomGroups();
  const data = query.data;
  const choices = (groups.data?.userThemeInfos ?? []).filter((g) => g.isDefault !== 1);
  const canReorder = sort === 'custom' && groupId === undefined && isMonitor === undefined && !keyword;

  const handleMove = (kolId: number, targetKolId: number) => {
    if (kolId === targetKolId) return;
    void change(() => moveLinkKolSort(type, kolId, targetKolId));
  };

  const handleHandleKey = (event: KeyboardEvent, index: number) => {
    const rows = data?.linkKols ?? [];
    const row = rows[index];
    if (!row || !event.altKey) return;
    const target = event.key === 'ArrowUp' ? rows[index - 1] : event.key === 'ArrowDown' ? rows[index + 1] : undefined;
    if (!target) return;
    event.preventDefault();
    handleMove(row.kolId, target.kolId);
  };

  const rowDrag = (row: LinkKolItem) =>
    canReorder
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(row.kolId));
            setDragged(row.kolId);
          },
          onDragOver: (event: DragEvent) => event.preventDefault(),
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const from = dragged ?? Number(event.dataTransfer.getData('text/plain'));
            setDragged(null);
            if (from) handleMove(from, row.kolId);
          },
          onDragEnd: () => setDragged(null),
          className: dragged === row.kolId ? 'collect-row is-dragging' : 'collect-row',
        }
      : {};

  const columns: TableColumnsType<LinkKolItem> = [
    ...(canReorder
      ? [
          {
            key: 'drag',
            width: 40,
            render: (_: unknown, row: LinkKolItem, index: number) => (
              <Tooltip title="拖动排序（或按 Alt+↑/↓）">
                <span
                  className="collect-drag"
                  role="button"
                  tabIndex={0}
                  aria-label={`拖动排序：${row.kolName}`}
                  onKeyDown={(event) => handleHandleKey(event, index)}
                >
                  <HolderOutlined aria-hidden />
                </span>
              </Tooltip>
            ),
          },
        ]
      : []),
    {
      key: 'kol',
      title: 'UP主',
      render: (_, row) => (
        <CreatorCell
          block="collect-kol"
          creator={row}
          meta={
            <>
              UID：{row.kolUid}
              {row.themeName ? ` · ${row.themeName}` : ''}
            </>
          }
        />
      ),
    },
    {
      key: 'group',
      title: '分组',
      width: 140,
      responsive: ['md'],
      render: (_, row) => (
        <Select
          size="small"
          value={row.groupId}
          aria-label={`${row.kolName}的分组`}
          style={{ width: 120 }}
          options={[{ value: 0, label: UNGROUPED_LABEL }, ...choices.map((g) => ({ value: g.id, label: g.themeName }))]}
          onChange={(value: number) => void change(() => moveLinkKolGroup(type, row.kolId, value))}
        />
      ),
    },
    {
      key: 'fans',
      title: '粉丝数',
      width: 100,
      align: 'right',
      render: (_, row) => <Typography.Text strong>{formatCount(row.fansNum)}</Typography.Text>,
    },
    {
      key: 'since',
      title: '添加后涨粉',
      width: 110,
      align: 'right',
      responsive: ['sm'],
      render: (_, row) => (
        <span
          className={
            row.fansSinceAdd < 0
              ? 'collect-delta delta-down'
              : row.fansSinceAdd > 0
                ? 'collect-delta delta-up'
                : 'collect-delta'
          }
        >
          {signed(row.fansSinceAdd)}
        </span>
      ),
    },
    {
      key: 'growth',
      title: '30日涨粉',
      width: 100,
      align: 'right',
      responsive: ['xl'],
      render: (_, row) => (row.fansIncrease === null ? '-' : signed(row.fansIncrease)),
    },
    {
      key: 'index',
      title: '云指数',
      width: 80,
      align: 'right',
      responsive: ['lg'],
      render: (_, row) => formatIndexNum(row.indexNum),
    },
    {
      key: 'added',
      title: '添加',
      width: 120,
      responsive: ['xxl'],
      render: (_, row) => <AddedBy className="collect-added" who={row.addedBy} at={row.addTime} />,
    },
    {
      key: 'monitor',
      title: '监测',
      width: 64,
      fixed: 'right',
      render: (_, row) => (
        <Switch
          size="small"
          checked={row.isMonitor === 1}
          aria-label={`监测${row.kolName}`}
          onChange={(checked) => void change(() => setOpenMonitor(type, row.kolId, checked))}
        />
      ),
    },
    {
      key: 'remove',
      title: '操作',
      width: type === LinkType.PUT ? 210 : 150,
      fixed: 'right',
      render: (_, row) => (
        <Space size={0} wrap>
          <ContrastButton
            creator={{ kolId: row.kolId, kolName: row.kolName, kolUid: row.kolUid, kolImg: row.kolImg }}
          />
          {type === LinkType.PUT ? (
            <MonitorAction subject={{ kind: 'creator', kolId: row.kolId, kolName: row.kolName }} />
          ) : null}
          <ConfirmRemove
            title={type === LinkType.PUT ? '确定将该UP主移出投放清单吗？' : '确定取消收藏该UP主吗？'}
            label={`移除${row.kolName}`}
            text="移除"
            onConfirm={() => void change(() => toggleLinkKol(row.kolId, type, true))}
          />
        </Space>
      ),
    },
  ];

  const total = data?.total ?? 0;
  const filtered = groupId !== undefined || isMonitor !== undefined || keyword !== '';
  const usage = data ? (
    <Space size={16} wrap className="collect-usage">
      <span>
        已添加 <strong>{data.count}</strong> / {data.limit}
      </span>
      <span>
        监测中 <strong>{data.monitorCount}</strong> / {data.monitorLimit}
      </span>
    </Space>
  ) : null;

  return (
    <ListScreen
      title="UP主收藏"
      intro="收藏与投放清单由主账号和子账号共享。开启监测的UP主每小时更新数据，并在「关注UP主」中汇总变化。"
      query={query}
      filters={
        <div className="collect-filters">
          <Tabs
            activeKey={String(type)}
            onChange={(key) => update({ type: key === '4' ? '4' : undefined, groupId: undefined })}
            items={[
              { key: '1', label: '收藏UP主' },
              { key: '4', label: '投放清单' },
            ]}
          />
          <Space wrap size={[12, 8]}>
            <FilterSelect
              label="分组"
              allLabel="全部分组"
              width={140}
              value={groupId}
              onChange={(value) => update({ groupId: value })}
              options={[
                { value: '0', label: UNGROUPED_LABEL },
                ...choices.map((g) => ({ value: String(g.id), label: `${g.themeName}（${g.kolNum}）` })),
              ]}
            />
            <FilterSelect
              label="监测状态"
              allLabel="全部状态"
              width={120}
              value={isMonitor}
              onChange={(value) => update({ isMonitor: value })}
              options={[
                { value: '1', label: '监测中' },
                { value: '0', label: '未监测' },
              ]}
            />
            <Select
              aria-label="排序"
              style={{ width: 140 }}
              value={sort}
              onChange={(value: LinkKolSort) => update({ sort: value === 'custom' ? undefined : value })}
              options={LINK_KOL_SORTS.map((s) => ({ value: s, label: LINK_KOL_SORT_LABELS[s] }))}
            />
            <KeywordSearch
              label="搜索收藏的UP主"
              placeholder="UP主名称或UID"
              maxLength={20}
              style={{ width: 220 }}
              initial={keyword}
              onSearch={(value) => update({ keyword: value })}
            />
            <Button icon={<SettingOutlined aria-hidden />} onClick={() => setGroupsOpen(true)}>
              管理分组
            </Button>
          </Space>
        </div>
      }
      after={
        <>
          <GroupManager open={groupsOpen} onClose={() => setGroupsOpen(false)} />
          {refusalHolder}
        </>
      }
    >
      <div className="list-head">
        {usage}
        <Space wrap size={8}>
          {canReorder ? (
            <Tag color="blue">拖动行可调整顺序</Tag>
          ) : sort === 'custom' ? (
            <Typography.Text type="secondary">清除筛选后可拖动排序</Typography.Text>
          ) : null}
          <ExportButton
            list="myLinkKol"
            params={{ type, sort, groupId, isMonitor, keyword: keyword || undefined }}
            pageNo={pageNo}
            pageSize={PAGE_SIZE}
            total={total}
            exportName={type === LinkType.PUT ? '投放清单UP主' : '收藏UP主'}
          />
        </Space>
      </div>
      <Table<LinkKolItem>
        rowKey="kolId"
        size="middle"
        loading={query.isPending || query.isFetching}
        columns={columns}
        dataSource={data?.linkKols ?? []}
        onRow={rowDrag}
        scroll={{ x: 'max-content' }}
        locale={{
          emptyText: (
            <Empty
              description={
                filtered
                  ? '没有符合条件的UP主'
                  : type === LinkType.PUT
                    ? '投放清单还是空的，在搜索、榜单或UP主详情中点击「投放清单」即可加入'
                    : '还没有收藏UP主，在搜索、榜单或UP主详情中点击「收藏」即可加入'
              }
            />
          ),
        }}
        pagination={listPagination({ current: pageNo, pageSize: PAGE_SIZE, total, unit: '位', onChange: setPage })}
      />
    </ListScreen>
  );
}
