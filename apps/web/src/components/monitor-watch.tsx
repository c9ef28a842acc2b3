import { useState, type ReactNode } from 'react';
import { Button, Card, DatePicker, Empty, Form, Input, Radio, type TableColumnsType } from 'antd';
import { useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { MONITOR_DURATION_LABELS, type FeatureKey, type MonitorDuration } from '@xg/shared';
import { GateOverlay } from '../features/gate/components/gate-overlay';
import { errorText } from '../lib/api-client';
import dayjs from '../lib/dayjs';
import { feedback } from '../lib/feedback';
import { trimmed } from '../lib/form-rules';
import { DeleteConfirm } from './confirm-remove';
import { QueryTable } from './query-table';

/**
 * What 视频监测 and 直播监测 share: the add form (a link, a window of 24H … 7天 by tier, a start time), the 监测时段
 * column, the delete link and the list card. Each page keeps its own columns, texts and report.
 */

const DURATIONS: MonitorDuration[] = [1, 2, 3, 7];

interface Answer {
  message: string;
}

/** After an add or a delete: the answer's message, the list queries refreshed; a refusal is logged (the api client shows it). */
function useMonitorWrite(queryRoot: QueryKey, logTag: string) {
  const queryClient = useQueryClient();
  return async (what: 'add' | 'delete', call: () => Promise<Answer>): Promise<boolean> => {
    try {
      const r = await call();
      void feedback().message.success(r.message);
      void queryClient.invalidateQueries({ queryKey: queryRoot });
      return true;
    } catch (error) {
      console.warn(`[${logTag}] ${what} refused`, errorText(error));
      return false;
    }
  };
}

export interface MonitorAddBody {
  monitorDuration: MonitorDuration;
  /** the window's start, ms */
  sTime: number;
}

interface MonitorAddFormProps {
  /** the link field's name (videoUrl, roomUrl) */
  field: string;
  label: string;
  placeholder: string;
  maxLength: number;
  requiredRule: { required: true; whitespace?: boolean; message: string };
  minWidth: number;
  compact: boolean;
  /** the windows the tier may choose */
  allowed: readonly MonitorDuration[];
  queryRoot: QueryKey;
  logTag: string;
  add: (link: string, body: MonitorAddBody) => Promise<Answer>;
  onAdded?: () => void;
}

type AddValues = Record<string, string> & { monitorDuration: MonitorDuration; sTime?: Dayjs };

export function MonitorAddForm(props: MonitorAddFormProps) {
  const { field, compact, allowed } = props;
  const [form] = Form.useForm<AddValues>();
  const [saving, setSaving] = useState(false);
  const write = useMonitorWrite(props.queryRoot, props.logTag);
  const handleAdd = async (v: AddValues) => {
    setSaving(true);
    const body = { monitorDuration: v.monitorDuration, sTime: (v.sTime ?? dayjs()).valueOf() };
    const ok = await write('add', () => props.add(trimmed(v[field] ?? ''), body));
    setSaving(false);
    if (!ok) return;
    form.resetFields([field]);
    props.onAdded?.();
  };
  return (
    <Form<AddValues>
      form={form}
      layout={compact ? 'vertical' : 'inline'}
      initialValues={{ monitorDuration: 1 }}
      onFinish={(v) => void handleAdd(v)}
    >
      <Form.Item name={field} rules={[props.requiredRule]} style={{ minWidth: compact ? undefined : props.minWidth }}>
        <Input aria-label={props.label} placeholder={props.placeholder} maxLength={props.maxLength} />
      </Form.Item>
      <Form.Item name="monitorDuration">
        <Radio.Group
          options={DURATIONS.map((d) => ({
            label: MONITOR_DURATION_LABELS[d],
            value: d,
            disabled: !allowed.includes(d),
          }))}
        />
      </Form.Item>
      <Form.Item name="sTime">
        <DatePicker
          showTime={{ format: 'HH:mm' }}
          format="YYYY-MM-DD HH:mm"
          placeholder="开始时间（默认现在）"
          disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
        />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>
          加入监测
        </Button>
      </Form.Item>
    </Form>
  );
}

/** What a team below the feature's tier sees: the page's name under the lock. */
export function MonitorGate({ feature, title }: { feature: FeatureKey; title: string }) {
  return (
    <GateOverlay feature={feature} minHeight={480}>
      <Card variant="borderless">
        <Empty description={title} />
      </Card>
    </GateOverlay>
  );
}

/** 删除 with its confirmation. */
export function MonitorDeleteLink(props: {
  title: string;
  queryRoot: QueryKey;
  logTag: string;
  remove: () => Promise<Answer>;
}) {
  const write = useMonitorWrite(props.queryRoot, props.logTag);
  return (
    <DeleteConfirm title={props.title} onConfirm={() => void write('delete', props.remove)}>
      <Button type="link" size="small" danger>
        删除
      </Button>
    </DeleteConfirm>
  );
}

/** The 监测时段 column (start ~ end). */
export function monitorWindowColumn<
  T extends { sTime: string | number; eTime: string | number },
>(): TableColumnsType<T>[number] {
  return {
    key: 'window',
    title: '监测时段',
    width: 190,
    responsive: ['lg'],
    render: (_, r) => `${dayjs(r.sTime).format('MM-DD HH:mm')} ~ ${dayjs(r.eTime).format('MM-DD HH:mm')}`,
  };
}

interface MonitorListQuery<T> {
  isError: boolean;
  error: unknown;
  isPending: boolean;
  refetch: () => Promise<unknown>;
  data?: { monitors: T[]; total: number };
}

interface MonitorListCardProps<T> {
  query: MonitorListQuery<T>;
  failedTitle: string;
  label: string;
  emptyText: ReactNode;
  columns: TableColumnsType<T>;
  compact: boolean;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
}

/** The list card: the team's monitors, a page at a time. */
export function MonitorListCard<T extends { id: number }>(props: MonitorListCardProps<T>) {
  const { query } = props;
  return (
    <Card variant="borderless">
      <QueryTable<T> {...props} rowKey="id" rows={query.data?.monitors ?? []} total={query.data?.total ?? 0} />
    </Card>
  );
}
