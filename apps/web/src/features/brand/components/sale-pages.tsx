import { useState } from 'react';
import { Alert, Card, Empty, Segmented, Select, Skeleton, Table, type TableColumnsType } from 'antd';
import {
  SALE_SUBJECT_LABELS,
  formatCount,
  type SaleGoodsRow,
  type SaleSubject,
  type SaleSubjectType,
  type SaleVideoRow,
} from '@xg/shared';
import { QueryFailed } from '../../../components/query-failed';
import { useQueryState } from '../../../components/list-filters';
import { ExportButton } from '../../export/components/export-button';
import { getSubjects, useSaleContrast, useSaleReport } from '../api/brand-api';
import {
  BrandFilterCard,
  DAY_OPTIONS,
  EstimateRange,
  SALE_CONTRAST_PATH,
  SALE_REPORT_PATH,
  SubjectTypeSwitch,
  daysOf,
} from './common';
import { SaleGate } from './gates';
import '../brand.css';

const PLATFORM: Readonly<Record<string, string>> = {
  taobao: '淘宝',
  tmall: '天猫',
  jd: '京东',
  bilibili: '会员购',
  pdd: '拼多多',
};
const MODEL_NOTE =
  'B站不公布带货销量。销量 = 视频期内新增播放 × 点击率（商品橱窗 1.2%、置顶评论 0.6%、简介 0.3%）× 品类转化率 × 价格系数，区间为中值的 0.5 ~ 1.8 倍；销售额 = 销量 × 最新价格。均为估算。';
const ESTIMATE_NOTE = (
  <Alert style={{ marginTop: 12 }} type="warning" showIcon message="估算说明" description={MODEL_NOTE} />
);

function typeOf(raw: string | null): SaleSubjectType {
  return raw === 'brand' ? 'brand' : 'kol';
}

function SubjectPicker({
  type,
  value,
  onChange,
  multiple = false,
}: {
  type: SaleSubjectType;
  value: { value: number; label: string }[];
  onChange: (v: { value: number; label: string }[]) => void;
  multiple?: boolean;
}) {
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const search = (keyword: string) => {
    void getSubjects(type, keyword.trim())
      .then((list: SaleSubject[]) => setOptions(list.map((s) => ({ value: s.id, label: s.name }))))
      .catch(() => undefined);
  };
  return (
    <Select
      aria-label={`选择${SALE_SUBJECT_LABELS[type]}`}
      showSearch
      labelInValue
      filterOption={false}
      mode={multiple ? 'multiple' : undefined}
      placeholder={`搜索${SALE_SUBJECT_LABELS[type]}名称${type === 'kol' ? '或UID' : ''}`}
      style={{ minWidth: 260, maxWidth: '100%' }}
      value={multiple ? value : value[0]}
      options={options}
      onSearch={search}
      onFocus={() => search('')}
      onChange={(v: { value: number; label: string } | { value: number; label: string }[] | undefined) =>
        onChange(Array.isArray(v) ? v.slice(0, 5) : v ? [v] : [])
      }
    />
  );
}

/** /sale/saleReport?type=kol|brand&id= (component saleReport): a creator's or brand's selling, as estimates. */
export function SaleReportPage() {
  return (
    <SaleGate title="销售报告">
      <SaleReportScreen />
    </SaleGate>
  );
}

function SaleReportScreen() {
  const { params, set, int } = useQueryState();
  const type = typeOf(params.get('type'));
  const id = int('id');
  const days = daysOf(params.get('days'));
  const name = params.get('name') ?? '';
  const query = useSaleReport(type, id, days);
  const data = query.data;
  const goodsColumns: TableColumnsType<SaleGoodsRow> = [
    { key: 't', title: '商品', dataIndex: 'title' },
    { key: 'p', title: '平台', render: (_, g) => PLATFORM[g.platform] ?? g.platform, responsive: ['md'] },
    { key: 'price', title: '价格', render: (_, g) => (g.price === null ? '-' : `¥${g.price}`), responsive: ['sm'] },
    { key: 'v', title: '带货视频', dataIndex: 'videoNum', responsive: ['md'] },
    { key: 's', title: '销量', render: (_, g) => <EstimateRange low={g.salesLow} high={g.salesHigh} /> },
    {
      key: 'g',
      title: '销售额',
      render: (_, g) => <EstimateRange low={g.gmvLow} high={g.gmvHigh} money />,
      responsive: ['sm'],
    },
  ];
  const videoColumns: TableColumnsType<SaleVideoRow> = [
    { key: 't', title: '视频', dataIndex: 'title' },
    { key: 'k', title: 'UP主', dataIndex: 'kolName', responsive: ['md'] },
    { key: 'play', title: '期内播放', render: (_, v) => formatCount(v.play), responsive: ['sm'] },
    { key: 'gn', title: '商品数', dataIndex: 'goodsNum', responsive: ['md'] },
    { key: 's', title: '销量', render: (_, v) => <EstimateRange low={v.salesLow} high={v.salesHigh} /> },
  ];
  return (
    <div className="page-stack">
      <BrandFilterCard title="销售报告" after={ESTIMATE_NOTE}>
        <SubjectTypeSwitch
          label="报告对象"
          value={type}
          onChange={(v) => set(SALE_REPORT_PATH, { type: v, id: undefined, name: undefined })}
        />
        <SubjectPicker
          key={type}
          type={type}
          value={id !== undefined ? [{ value: id, label: data?.subject.name ?? name }] : []}
          onChange={(v) => set(SALE_REPORT_PATH, { type, id: v[0]?.value, name: v[0]?.label, days })}
        />
        <Segmented<number>
          aria-label="统计时间"
          options={DAY_OPTIONS}
          value={days}
          onChange={(v) => set(SALE_REPORT_PATH, { type, id, name, days: v })}
        />
      </BrandFilterCard>
      {id === undefined ? (
        <Card variant="borderless">
          <Empty description={`请选择${SALE_SUBJECT_LABELS[type]}查看销售报告`} />
        </Card>
      ) : query.isPending ? (
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      ) : query.isError ? (
        <Card variant="borderless">
          <QueryFailed title="销售报告加载失败" error={query.error} onRetry={() => void query.refetch()} />
        </Card>
      ) : data ? (
        <>
          <Card variant="borderless" title={`${data.subject.name} · ${data.startDate} ~ ${data.endDate}`}>
            <div className="brand-stats" data-testid="sale-summary">
              <div>
                <div className="ant-statistic-title">估算销量</div>
                <EstimateRange low={data.summary.salesLow} high={data.summary.salesHigh} />
              </div>
              <div>
                <div className="ant-statistic-title">估算销售额</div>
                <EstimateRange low={data.summary.gmvLow} high={data.summary.gmvHigh} money />
              </div>
              <div>
                <div className="ant-statistic-title">带货商品</div>
                {data.summary.goodsNum}
              </div>
              <div>
                <div className="ant-statistic-title">带货视频</div>
                {data.summary.videoNum}
              </div>
              <div>
                <div className="ant-statistic-title">期内播放</div>
                {formatCount(data.summary.play)}
              </div>
              <div>
                <div className="ant-statistic-title">主要品类</div>
                {data.summary.topCategory ?? '-'}
              </div>
            </div>
          </Card>
          <Card
            variant="borderless"
            title="带货商品"
            extra={
              <ExportButton
                list="saleReportGoods"
                params={{ type, id, days }}
                pageNo={1}
                pageSize={50}
                total={data.goods.length}
                exportName={`${data.subject.name}_销售报告`}
              />
            }
          >
            <Table<SaleGoodsRow>
              rowKey="goodsId"
              size="middle"
              columns={goodsColumns}
              dataSource={data.goods}
              locale={{ emptyText: '该时间段暂无带货商品的播放' }}
              pagination={{ pageSize: 10 }}
            />
          </Card>
          <Card variant="borderless" title="带货视频">
            <Table<SaleVideoRow>
              rowKey="videoId"
              size="middle"
              columns={videoColumns}
              dataSource={data.videos}
              locale={{ emptyText: '该时间段暂无带货视频' }}
              pagination={{ pageSize: 10 }}
            />
          </Card>
        </>
      ) : null}
    </div>
  );
}

/** /sale/saleContrast (component saleContrast): 2–5 creators or brands side by side, estimates as ranges. */
export function SaleContrastPage() {
  return (
    <SaleGate title="销售对比">
      <SaleContrastScreen />
    </SaleGate>
  );
}

function SaleContrastScreen() {
  const { params, set } = useQueryState();
  const type = typeOf(params.get('type'));
  const days = daysOf(params.get('days'));
  const [picked, setPicked] = useState<{ value: number; label: string }[]>([]);
  const ids = picked.map((p) => p.value);
  const query = useSaleContrast(type, ids, days);
  const items = query.data?.items ?? [];
  return (
    <div className="page-stack">
      <BrandFilterCard title="销售对比" after={ESTIMATE_NOTE}>
        <SubjectTypeSwitch
          label="对比对象"
          value={type}
          onChange={(v) => {
            setPicked([]);
            set(SALE_CONTRAST_PATH, { type: v, days });
          }}
        />
        <SubjectPicker key={type} type={type} multiple value={picked} onChange={setPicked} />
        <Segmented<number>
          aria-label="统计时间"
          options={DAY_OPTIONS}
          value={days}
          onChange={(v) => set(SALE_CONTRAST_PATH, { type, days: v })}
        />
      </BrandFilterCard>
      <Card variant="borderless" title="对比结果">
        {ids.length < 2 ? (
          <Empty description={`请选择2~5个${SALE_SUBJECT_LABELS[type]}进行对比`} />
        ) : query.isPending ? (
          <Skeleton active />
        ) : query.isError ? (
          <QueryFailed title="销售对比加载失败" error={query.error} onRetry={() => void query.refetch()} />
        ) : (
          <Table
            rowKey="id"
            size="middle"
            pagination={false}
            dataSource={items}
            scroll={{ x: 720 }}
            columns={[
              { key: 'n', title: SALE_SUBJECT_LABELS[type], dataIndex: 'name', fixed: 'left' },
              { key: 's', title: '估算销量', render: (_, i) => <EstimateRange low={i.salesLow} high={i.salesHigh} /> },
              {
                key: 'g',
                title: '估算销售额',
                render: (_, i) => <EstimateRange low={i.gmvLow} high={i.gmvHigh} money />,
              },
              { key: 'gn', title: '带货商品', dataIndex: 'goodsNum' },
              { key: 'vn', title: '带货视频', dataIndex: 'videoNum' },
              { key: 'p', title: '期内播放', render: (_, i) => formatCount(i.play) },
              { key: 'c', title: '主要品类', render: (_, i) => i.topCategory ?? '-' },
            ]}
          />
        )}
      </Card>
    </div>
  );
}
