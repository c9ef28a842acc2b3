import { useState } from 'react';
import { Alert, Button, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import {
  MONITOR_DURATION_HOURS,
  MONITOR_DURATION_LABELS,
  MONITOR_DURATIONS,
  PutMsg,
  WorkLinkFlag,
  allowedMonitorDurations,
  defaultMonitorDuration,
  promotionCostField,
  type MonitorDuration,
  type WorkPreview,
} from '@xg/shared';
import { RemoteImage } from '../../../components/remote-image';
import { useFeature } from '../../gate/hooks/use-feature';
import type { Dayjs } from 'dayjs';
import dayjs from '../../../lib/dayjs';
import { feedback } from '../../../lib/feedback';
import { schemaRule, trimmed } from '../../../lib/form-rules';
import { errorText } from '../../../lib/api-client';
import { PLACEMENT_QUERY_ROOT, addPutRecord, checkPutUrl, usePutGroups } from '../api/put-records';
import { queryKol, type KolOption } from '../api/query-kol';

interface FormValues {
  addType: 1 | 2;
  tId?: number;
  videoUrl?: string;
  kolToken?: number;
  promotionCost?: string;
  monitorDuration: MonitorDuration;
  sTime?: Dayjs;
}

/**
 * 添加投放作品 (§2.6, §3, §4, §5): a published work by link (查询 → flag −1…3 with the §8 messages; submit only
 * with flag 0 or 2) or a creator whose work is not out yet; promotion cost in yuan (two decimals); monitor
 * duration by tier (§6, default 0 below 专业版) and the reserved window (not in the past; default now → now + 1 day).
 */
export function AddPlacementModal({ userType, onClose }: { userType: number; onClose: () => void }) {
  const [form] = Form.useForm<FormValues>();
  const queryClient = useQueryClient();
  const groups = usePutGroups();
  const [preview, setPreview] = useState<(WorkPreview & { message: string }) | null>(null);
  const [checking, setChecking] = useState(false);
  const [saving, setSaving] = useState(false);
  const [kols, setKols] = useState<KolOption[]>([]);
  const addType = Form.useWatch('addType', form) ?? 1;
  const videoUrl = Form.useWatch('videoUrl', form) ?? '';
  const kolToken = Form.useWatch('kolToken', form);
  const duration = Form.useWatch('monitorDuration', form) ?? defaultMonitorDuration(userType);
  const sTime = Form.useWatch('sTime', form);
  const allowed = allowedMonitorDurations(userType);
  // the server's policy table decides each duration too (it refuses a longer one): mirrored per option
  const durationGates: Readonly<Record<number, { allowed: boolean; loading: boolean }>> = {
    24: useFeature('monitor.duration.24h'),
    48: useFeature('monitor.duration.48h'),
    72: useFeature('monitor.duration.72h'),
    168: useFeature('monitor.duration.7d'),
  };
  const durationAllowed = (d: MonitorDuration) => {
    const gate = durationGates[MONITOR_DURATION_HOURS[d]];
    return allowed.includes(d) && (!gate || gate.loading || gate.allowed);
  };
  const flag = preview?.flag ?? WorkLinkFlag.NOT_QUERIED;
  // §4: addType 1 needs a link and flag 0 or 2; addType 2 needs a creator
  const canSubmit =
    addType === 1
      ? trimmed(videoUrl) !== '' && (flag === WorkLinkFlag.FOUND || flag === WorkLinkFlag.COLLECTING)
      : kolToken !== undefined;

  const handleCheck = async () => {
    const url = trimmed(form.getFieldValue('videoUrl'));
    if (!url) {
      setPreview({ flag: WorkLinkFlag.NOT_QUERIED, message: PutMsg.linkNotQueried } as WorkPreview & {
        message: string;
      });
      return;
    }
    setChecking(true);
    try {
      setPreview(await checkPutUrl(url));
    } catch (error) {
      setPreview(null);
      void feedback().message.error(errorText(error));
    } finally {
      setChecking(false);
    }
  };

  const handleSearchKol = async (keyword: string) => {
    const k = keyword.trim();
    if (!k || k.length >= 20) return; // §5: creator name search under 20 characters
    try {
      setKols(await queryKol(k));
    } catch {
      setKols([]);
    }
  };

  const handleSubmit = async (values: FormValues) => {
    setSaving(true);
    try {
      const result = await addPutRecord({
        addType: values.addType,
        type: 1,
        tId: values.tId,
        videoUrl: values.addType === 1 ? trimmed(values.videoUrl) : undefined,
        kolToken: values.addType === 2 ? values.kolToken : undefined,
        promotionCost: trimmed(values.promotionCost),
        monitorDuration: values.monitorDuration,
        sTime: values.monitorDuration > 0 ? (values.sTime ?? dayjs()).valueOf() : undefined,
      });
      void feedback().message.success(result.message);
      void queryClient.invalidateQueries({ queryKey: PLACEMENT_QUERY_ROOT });
      onClose();
    } catch (error) {
      console.warn('[placement] add refused', errorText(error));
    } finally {
      setSaving(false);
    }
  };

  const hours = MONITOR_DURATION_HOURS[duration];
  const start = sTime ?? dayjs();
  return (
    <Modal
      open
      title="添加投放作品"
      width={640}
      onCancel={onClose}
      okText="提交"
      cancelText="取消"
      okButtonProps={{ disabled: !canSubmit, loading: saving }}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={{ addType: 1, monitorDuration: defaultMonitorDuration(userType), sTime: dayjs() }}
        onFinish={(v) => void handleSubmit(v)}
      >
        <Form.Item name="addType" label="作品状态">
          <Radio.Group
            onChange={() => setPreview(null)}
            options={[
              { label: '已发布作品', value: 1 },
              { label: '未发布作品', value: 2 },
            ]}
          />
        </Form.Item>
        <Form.Item name="tId" label="投放分组">
          <Select
            allowClear
            placeholder="未分组"
            loading={groups.isPending}
            options={(groups.data ?? []).map((g) => ({ label: g.themeName, value: g.id }))}
          />
        </Form.Item>
        {addType === 1 ? (
          <Form.Item label="作品链接" required>
            <Space.Compact style={{ width: '100%' }}>
              <Form.Item name="videoUrl" noStyle>
                <Input
                  placeholder="粘贴视频链接，如 https://www.bilibili.com/video/BV…"
                  maxLength={500}
                  onChange={() => setPreview(null)}
                  aria-label="作品链接"
                />
              </Form.Item>
              <Button type="primary" loading={checking} onClick={() => void handleCheck()}>
                查询
              </Button>
            </Space.Compact>
            <WorkCheck preview={preview} />
          </Form.Item>
        ) : (
          <Form.Item name="kolToken" label="UP主" rules={[{ required: true, message: PutMsg.creatorRequired }]}>
            <Select
              showSearch
              placeholder="输入UP主昵称搜索"
              filterOption={false}
              onSearch={(v) => void handleSearchKol(v)}
              notFoundContent={null}
              options={kols.map((k) => ({ label: k.kolName, value: k.kolId }))}
            />
          </Form.Item>
        )}
        <Form.Item
          name="promotionCost"
          label="推广费用（元）"
          rules={[{ required: true, message: PutMsg.costPositive }, schemaRule(promotionCostField)]}
        >
          <Input inputMode="decimal" placeholder="如 5000.00" maxLength={12} aria-label="推广费用" />
        </Form.Item>
        <Form.Item name="monitorDuration" label="监测时长">
          <Radio.Group
            options={MONITOR_DURATIONS.map((d) => ({
              label: MONITOR_DURATION_LABELS[d],
              value: d,
              disabled: !durationAllowed(d),
            }))}
          />
        </Form.Item>
        {allowed.length < MONITOR_DURATIONS.length ? (
          <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
            48H监测需专业版及以上会员；72H及7天监测需企业版及以上会员。
          </Typography.Paragraph>
        ) : null}
        {duration > 0 ? (
          <Form.Item
            name="sTime"
            label="预约监测开始时间"
            rules={[
              {
                validator: (_r, v: Dayjs | undefined) =>
                  v && v.isBefore(dayjs().subtract(5, 'minute'))
                    ? Promise.reject(new Error(PutMsg.windowInPast))
                    : Promise.resolve(),
              },
            ]}
            extra={`监测时段：${start.format('YYYY-MM-DD HH:mm')} 至 ${start.add(hours, 'hour').format('YYYY-MM-DD HH:mm')}，期间每5分钟采集一次，结束后7天内每小时采集一次`}
          >
            <DatePicker
              showTime={{ format: 'HH:mm' }}
              format="YYYY-MM-DD HH:mm"
              disabledDate={(d) => d.isBefore(dayjs().startOf('day'))}
              style={{ width: '100%' }}
            />
          </Form.Item>
        ) : null}
      </Form>
    </Modal>
  );
}

function WorkCheck({ preview }: { preview: (WorkPreview & { message: string }) | null }) {
  if (!preview || preview.flag === WorkLinkFlag.NOT_QUERIED) {
    return <Typography.Text type="secondary">{PutMsg.linkNotQueried}</Typography.Text>;
  }
  if (preview.flag === WorkLinkFlag.BAD_FORMAT || preview.flag === WorkLinkFlag.ALREADY_ADDED) {
    return <Alert type="error" showIcon message={preview.message} style={{ marginTop: 8 }} data-testid="work-check" />;
  }
  if (preview.flag === WorkLinkFlag.COLLECTING) {
    return <Alert type="info" showIcon message={preview.message} style={{ marginTop: 8 }} data-testid="work-check" />;
  }
  return (
    <div className="placement-preview" data-testid="work-check" data-flag={preview.flag}>
      <RemoteImage
        src={preview.coverImg ?? ''}
        alt={preview.title ?? '作品封面'}
        kind="cover"
        className="placement-preview-cover"
      />
      <div>
        <Typography.Text strong ellipsis={{ tooltip: preview.title }}>
          {preview.title}
        </Typography.Text>
        <div className="placement-preview-meta">
          {preview.kolName} · 发布于 {preview.publishTime ? dayjs(preview.publishTime).format('YYYY-MM-DD HH:mm') : '—'}
        </div>
      </div>
    </div>
  );
}
