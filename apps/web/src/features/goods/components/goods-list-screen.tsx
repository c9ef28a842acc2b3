import type { ReactNode } from 'react';
import { Empty, type TableColumnsType } from 'antd';
import type { ExportListName } from '@xg/shared';
import { DataTable } from '../../../components/data-table';
import { ListScreen, type ListQuery } from '../../../components/list-screen';
import { useQueryState } from '../../../components/list-filters';
import { listPagination } from '../../../components/ranked-list';
import { GOODS_PAGE_SIZE, type ExportSlot, type ExportSlotProps } from './goods-common';

interface GoodsListScreenProps<T> {
  path: string;
  title: string;
  intro: ReactNode;
  filters: ReactNode;
  query: ListQuery & { data?: { list: T[]; total: number } };
  pageNo: number;
  exportButton: ExportSlot;
  exportList: ExportListName;
  exportParams: ExportSlotProps['params'];
  exportName: string;
  rowKey: keyof T & string;
  /** the table's accessible name */
  label: string;
  columns: TableColumnsType<T>;
  emptyText: string;
  /** what the pagination counts (件商品, 位UP主) */
  unit: string;
}

/** A commerce list (商品搜索, 商品排行, 带货达人): its filters, the export button and the table, a page at a time. */
export function GoodsListScreen<T extends object>(props: GoodsListScreenProps<T>) {
  const { set } = useQueryState();
  const { query, pageNo } = props;
  const total = query.data?.total ?? 0;
  return (
    <ListScreen
      title={props.title}
      intro={props.intro}
      filters={props.filters}
      query={query}
      toolbar={props.exportButton({
        list: props.exportList,
        params: props.exportParams,
        pageNo,
        pageSize: GOODS_PAGE_SIZE,
        total,
        exportName: props.exportName,
      })}
    >
      <DataTable<T>
        rowKey={props.rowKey}
        aria-label={props.label}
        columns={props.columns}
        dataSource={query.data?.list ?? []}
        loading={query.isPending || query.isPlaceholderData}
        locale={{ emptyText: <Empty description={props.emptyText} /> }}
        pagination={listPagination({
          current: pageNo,
          pageSize: GOODS_PAGE_SIZE,
          total,
          unit: props.unit,
          onChange: (page) => set(props.path, { page }),
        })}
      />
    </ListScreen>
  );
}
