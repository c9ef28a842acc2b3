import { useState } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import {
  OPINION_DURATION_TEXT,
  OPINION_RULE_DEFAULTS,
  OPINION_SCOPE_LABELS,
  type OpinionScope,
  type OpinionTask,
  type OpinionTaskKind,
  type OpinionVideoCheck,
} from '@xg/shared';
import { errorText, type ApiParams } from '../../../lib/api-client';
import { RemoteImage } from '../../../components/remote-image';
import { checkOpinionVideoUrl, saveOpinionMonitor } from '../api/tasks';

export interface TaskModalProps {
  /** the task to edit; null: a new task */
  task: OpinionTask | null;
  durations: readonly (1 | 2 | 3 | 7)[];
  keywordTasks: boolean;
  canWarn: boolean;
  onClose: () => void;
  onSaved: (id: number, message: string) => void;
  onRefused: (error: unknown) => void;
}

interface Values {
  videoUrl?: string;
  keyword?: string;
  scope?: OpinionScope;
  tid?: number;
  name?: string;
  monitorDuration: 1 | 2 | 3 | 7;
  negThreshold?: number;
  minVolume?: number;
  spikeFactor?: number;
  watchWords?: string;
}

/**
 * 新建 / 修改舆情任务: a video (its link checked first, §7.4 checkOpinionVideoUrl) or a keyword across a partition
 * or the team's saved creators; the monitor window the tier allows; the warning rules (企业版 and above).
 */
export function TaskModal({ task, durations, keywordTasks, canWarn, onClose, onSaved, onRefused }: TaskModalProps) {
  const [form] = Form.useForm<Values>();
  const [kind, setKind] = useState<OpinionTaskKind>(task?.kind ?? 'video');
  const [check, setCheck] = useState<OpinionVideoCheck | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editing = task !== null;

  const runCheck = async () => {
    const url = (form.getFieldValue('videoUrl') as string | undefined)?.trim() ?? '';
    setCheck(null);
    setCheckError(null);
    if (url === '') return;
    try {
      const answer = await checkOpinionVideoUrl(url);
      if (answer.flag === 1) setCheck(answer);
      else setCheckError(answer.message);
    } catch (error) {
      setCheckError(errorText(error));
    }
  };

  const submit = async (values: Values) => {
    const params: ApiParams = {
      monitorDuration: values.monitorDuration,
      name: values.name,
    };
    if (editing) params.id = task.id;
    else {
      params.kind = kind;
      if (kind === 'video') params.videoUrl = values.videoUrl;
      else {
        params.keyword = values.keyword;
        params.scope = values.scope;
        if (values.scope === 'partition') params.tid = values.tid;
      }
    }
    if (canWarn) {
      params.negThreshold = values.negThreshold;
      params.minVolume = values.minVolume;
      params.spikeFactor = values.spikeFactor;
      params.watchWords = values.watchWords ?? '';
    }
    setSaving(true);
    try {
      const saved = await saveOpinionMonitor(params);
      onSaved(saved.id, saved.message);
    } catch (error) {
      onRefused(error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open
      title={editing ? '修改舆情任务' : '新建舆情任务'}
      onCancel={onClose}
      footer={null}
      width={560}
      destroyOnHidden
      data-testid="opinion-task-modal"
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(v) => void submit(v)}
        initialValues={{
          monitorDuration: task?.monitorDuration ?? durations[0] ?? 1,
          name: task?.name,
          scope: 'creators',
          negThreshold: task?.rules.negThreshold ?? OPINION_RULE_DEFAULTS.negThreshold,
          minVolume: task?.rules.minVolume ?? OPINION_RULE_DEFAULTS.minVolume,
          spikeFactor: task?.rules.spikeFactor ?? OPINION_RULE_DEFAULTS.spikeFactor,
          watchWords: task?.rules.watchWords.join('，') ?? '',
        }}
      >
        {editing ? (
          <Typography.Paragraph type="secondary">
            监测对象：{task.kind === 'video' ? (task.title ?? '视频') : `关键词「${task.keyword ?? ''}」`}
          </Typography.Paragraph>
        ) : (
          <Form.Item label="监测对象">
            <Radio.Group
              value={kind}
              onChange={(e) => setKind(e.target.value as OpinionTaskKind)}
              optionType="button"
              options={[
                { value: 'video', label: '单个视频' },
                {
                  value: 'keyword',
                  label: keywordTasks ? '关键词 / 品牌' : '关键词 / 品牌（企业版）',
                  disabled: !keywordTasks,
                },
              ]}
            />
          </Form.Item>
        )}
        {!editing && kind === 'video' ? (
          <>
            <Form.Item
              label="视频链接"
              name="videoUrl"
              rules={[{ required: true, whitespace: true, message: '请输入视频链接或BV号' }]}
            >
              <Input
                placeholder="粘贴B站视频链接或BV号"
                maxLength={300}
                onBlur={() => void runCheck()}
                onPressEnter={(e) => {
                  e.preventDefault();
                  void runCheck();
                }}
                data-testid="opinion-video-url"
              />
            </Form.Item>
            {check ? (
              <div className="opinion-check" data-testid="opinion-video-check">
                <RemoteImage kind="cover" src={check.coverImg} alt={check.title} className="opinion-check-cover" />
                <div>
                  <div className="opinion-check-title">{check.title}</div>
                  <Typography.Text type="secondary">{check.kolName}</Typography.Text>
                </div>
              </div>
            ) : null}
            {checkError ? <Alert type="warning" showIcon title={checkError} className="opinion-gap" /> : null}
          </>
        ) : null}
        {!editing && kind === 'keyword' ? (
          <>
            <Form.Item
              label="关键词或品牌"
              name="keyword"
              rules={[{ required: true, whitespace: true, message: '请输入要监测的关键词或品牌' }]}
            >
              <Input placeholder="如：品牌名、产品名" maxLength={20} />
            </Form.Item>
            <Form.Item label="监测范围" name="scope">
              <Radio.Group
                options={(Object.keys(OPINION_SCOPE_LABELS) as OpinionScope[]).map((s) => ({
                  value: s,
                  label: OPINION_SCOPE_LABELS[s],
                }))}
              />
            </Form.Item>
            <Form.Item noStyle shouldUpdate>
              {() =>
                form.getFieldValue('scope') === 'partition' ? (
                  <Form.Item label="分区编号（tid）" name="tid" rules={[{ required: true, message: '请选择分区' }]}>
                    <InputNumber min={1} precision={0} style={{ width: '100%' }} />
                  </Form.Item>
                ) : null
              }
            </Form.Item>
          </>
        ) : null}
        <Form.Item label="任务名称（选填）" name="name">
          <Input maxLength={40} placeholder="默认为视频标题或关键词" />
        </Form.Item>
        <Form.Item label="监测时长" name="monitorDuration">
          <Radio.Group
            optionType="button"
            options={([1, 2, 3, 7] as const).map((d) => ({
              value: d,
              label: durations.includes(d) ? OPINION_DURATION_TEXT[d] : `${OPINION_DURATION_TEXT[d]}（升级解锁）`,
              disabled: !durations.includes(d),
            }))}
          />
        </Form.Item>
        {canWarn ? (
          <fieldset className="opinion-rules">
            <legend>预警规则</legend>
            <Space wrap>
              <Form.Item label="负面占比超过（%）" name="negThreshold">
                <InputNumber min={5} max={95} precision={0} />
              </Form.Item>
              <Form.Item label="每小时至少（条）" name="minVolume">
                <InputNumber min={1} max={10000} precision={0} />
              </Form.Item>
              <Form.Item label="声量突增倍数" name="spikeFactor">
                <InputNumber min={1.5} max={50} step={0.5} />
              </Form.Item>
            </Space>
            <Form.Item label="关注词（逗号分隔，最多10个）" name="watchWords">
              <Input maxLength={300} placeholder="如：退款，翻车" data-testid="opinion-watch-words" />
            </Form.Item>
          </fieldset>
        ) : (
          <Alert type="info" showIcon title="舆情预警为企业版功能，升级会员后可设置负面占比、关注词和声量突增预警" />
        )}
        <div className="opinion-modal-footer">
          <Button onClick={onClose}>取消</Button>
          <Button type="primary" htmlType="submit" loading={saving} data-testid="opinion-task-save">
            {editing ? '保存' : '开始监测'}
          </Button>
        </div>
      </Form>
    </Modal>
  );
}
