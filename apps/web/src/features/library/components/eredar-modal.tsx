import { useState } from 'react';
import {
  Alert,
  Avatar,
  Button,
  Col,
  Divider,
  Form,
  Input,
  InputNumber,
  Modal,
  Rate,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Typography,
} from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import {
  AUCTION_CALENDAR_MAX,
  InfluencerCheck,
  LAUNCH_LEVEL_DEFAULT,
  LibraryMsg,
  MANUAL_COLLECT_DIALOGS,
  ManualCollect,
  PRICE_MAX,
  diyThemeOk,
  formatCount,
  type EredarEntry,
  type PriceChange,
} from '@xg/shared';
import { feedback } from '../../../lib/feedback';
import { useCustomGroups } from '../../collect/api/customize-sort';
import { useListRefusal } from '../../collect/hooks/use-list-refusal';
import { LIBRARY_QUERY_ROOT, checkKol, saveEredar, updateEredar, useEredar, type CheckKol } from '../api/eredar';
import { collectEredar } from '../api/submit-collection';

export type EredarModalMode = { kind: 'add'; presetUid?: string } | { kind: 'edit'; id: number };

interface FormValues {
  nickname?: string;
  fansNum?: number | null;
  gender?: number;
  diyThemeName?: string;
  isLive?: boolean;
  normalPrice?: number | null;
  videoPrice?: number | null;
  implantationPrice?: number | null;
  specialPrice?: number | null;
  launchLevel?: number;
  launchCount?: number | null;
  auctionCalendar?: string;
  wechat?: string;
  phone?: string;
  qq?: string;
  email?: string;
  organization?: string;
  contactWay?: string;
  remark?: string;
  isEnter?: boolean;
  tId?: number;
}

const PRICE_FIELDS: { name: keyof FormValues; label: string }[] = [
  { name: 'implantationPrice', label: '植入报价（元）' },
  { name: 'normalPrice', label: '动态报价（元）' },
  { name: 'videoPrice', label: '定制视频报价（元）' },
  { name: 'specialPrice', label: '特殊报价（元）' },
];
const PRICE_KIND_LABELS: Record<PriceChange['kind'], string> = {
  implantation: '植入报价',
  dynamic: '动态报价',
  special: '特殊报价',
  video: '定制视频报价',
};

function yuan(value: number | null): string {
  return value === null
    ? '未填写'
    : `¥${value.toLocaleString('zh-CN', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}

function valuesOf(entry: EredarEntry): FormValues {
  return {
    nickname: entry.nickname,
    fansNum: entry.fansNum,
    gender: entry.gender,
    diyThemeName: entry.diyThemeName,
    isLive: entry.isLive === 1,
    normalPrice: entry.normalPrice,
    videoPrice: entry.videoPrice,
    implantationPrice: entry.implantationPrice,
    specialPrice: entry.specialPrice,
    launchLevel: entry.launchLevel,
    launchCount: entry.launchCount,
    auctionCalendar: entry.auctionCalendar,
    wechat: entry.wechat,
    phone: entry.phone,
    qq: entry.qq,
    email: entry.email,
    organization: entry.organization,
    contactWay: entry.contactWay,
    remark: entry.remark,
    isEnter: entry.isEnter === 1,
    tId: entry.tId,
  };
}

/** Form values → the call's parameters (blank prices are sent as '' = not set). */
function paramsOf(values: FormValues): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(values) as [keyof FormValues, FormValues[keyof FormValues]][]) {
    if (value === undefined) continue;
    if (typeof value === 'boolean') out[key] = value ? 1 : 0;
    else if (value === null) out[key] = '';
    else out[key] = value;
  }
  return out;
}

/**
 * Single creator add or edit (§2.6) of the private library. Add: paste a homepage link or a creator id and
 * look it up (checkKolByUrlOrUid, §4): found → the form is filled; not collected → collect first or edit
 * manually; already in the library → edit that record. Submit stays disabled until a lookup succeeded or
 * manual entry was chosen. Edit: the link, the id and the group are locked (§5); the price history shows.
 */
export function EredarModal({
  mode,
  onClose,
  onEdit,
}: {
  mode: EredarModalMode | null;
  onClose: () => void;
  /** switch to editing an existing record (lookup answered −2 / −3) */
  onEdit: (id: number) => void;
}) {
  const editId = mode?.kind === 'edit' ? mode.id : null;
  const entry = useEredar(editId);
  const groups = useCustomGroups();
  const queryClient = useQueryClient();
  const { handleRefusal, refusalHolder } = useListRefusal();
  const [form] = Form.useForm<FormValues>();
  const [url, setUrl] = useState('');
  const [uid, setUid] = useState(mode?.kind === 'add' ? (mode.presetUid ?? '') : '');
  const [lookup, setLookup] = useState<CheckKol | null>(null);
  const [manual, setManual] = useState(false);
  const [lookupError, setLookupError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [loadedId, setLoadedId] = useState<number | null>(null);

  const loaded = entry.data?.eredar;
  if (loaded && loadedId !== loaded.id) {
    setLoadedId(loaded.id);
    form.setFieldsValue(valuesOf(loaded));
  }

  const tracked = mode?.kind === 'edit' ? loaded?.kolId !== null : lookup?.kolInfo !== null && lookup !== null;
  const ready = mode?.kind === 'edit' ? Boolean(loaded) : lookup?.isExists === InfluencerCheck.FOUND || manual;
  const choices = (groups.data?.userThemeInfos ?? []).filter((g) => g.isDefault !== 1);

  const handleLookup = async () => {
    setLookupError(null);
    setManual(false);
    setLookup(null);
    const link = url.trim();
    const id = uid.trim();
    if (!link && !id) {
      setLookupError(LibraryMsg.linkOrIdRequired);
      return;
    }
    setBusy(true);
    try {
      const answer = await checkKol(link ? { url: link } : { kolUid: id });
      setLookup(answer);
      switch (answer.isExists) {
        case InfluencerCheck.BAD_LINK:
          setLookupError(LibraryMsg.linkInvalid);
          break;
        case InfluencerCheck.UID_UNKNOWN:
          setLookupError(LibraryMsg.uidUnknown);
          break;
        case InfluencerCheck.FOUND:
          if (answer.kolInfo) {
            form.setFieldsValue({
              nickname: answer.kolInfo.nickname,
              fansNum: answer.kolInfo.fansNum,
              gender: answer.kolInfo.gender,
              isLive: answer.kolInfo.isLive === 1,
              organization: answer.kolInfo.organization,
              launchLevel: LAUNCH_LEVEL_DEFAULT,
            });
          }
          break;
        case InfluencerCheck.MANUAL:
          Modal.confirm({
            title: '该达人尚未被系统收录',
            content: LibraryMsg.manualConfirm,
            okText: '手动填写',
            cancelText: '先提交收录',
            onOk: () => {
              setManual(true);
              form.setFieldsValue({ launchLevel: LAUNCH_LEVEL_DEFAULT, gender: 2 });
            },
            onCancel: async () => {
              try {
                const result = await collectEredar(link ? { url: link } : { kolUid: id });
                // §4 manual collect: one dialog per outcome (format wrong / normal / already collected / no such creator)
                const dialog = MANUAL_COLLECT_DIALOGS[result.flag];
                const show =
                  result.flag === ManualCollect.NORMAL
                    ? Modal.success
                    : result.flag === ManualCollect.ALREADY_COLLECTED
                      ? Modal.info
                      : Modal.warning;
                show({ title: dialog.title, content: dialog.content, okText: '知道了' });
                await queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_ROOT });
              } catch (error) {
                handleRefusal(error);
              }
            },
          });
          break;
        default:
          if (answer.id !== null) {
            const existing = answer.id;
            Modal.confirm({
              title: '达人已在库中',
              content: LibraryMsg.inLibrary,
              okText: '编辑已有记录',
              cancelText: '取消',
              onOk: () => onEdit(existing),
            });
          }
      }
    } catch (error) {
      handleRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const handleSubmit = async () => {
    let values: FormValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      if (mode?.kind === 'edit') {
        const { tId: _locked, ...rest } = values;
        const result = await updateEredar({ id: mode.id, ...paramsOf(rest) });
        feedback().message.success(result.message);
      } else {
        const link = lookup?.mainIndexUrl || url.trim();
        const result = await saveEredar({
          ...(link ? { mainIndexUrl: link } : { kolUid: uid.trim() }),
          ...paramsOf(values),
        });
        feedback().message.success(result.message);
      }
      await queryClient.invalidateQueries({ queryKey: LIBRARY_QUERY_ROOT });
      onClose();
    } catch (error) {
      handleRefusal(error);
    } finally {
      setBusy(false);
    }
  };

  const editing = mode?.kind === 'edit';
  const lockedUrl = editing ? (loaded?.mainIndexUrl ?? '') : url;
  const lockedUid = editing ? String(loaded?.kolUid ?? '') : uid;
  return (
    <Modal
      open={mode !== null}
      onCancel={onClose}
      title={editing ? '编辑达人' : '添加达人'}
      width={760}
      destroyOnHidden
      okText={editing ? '保存修改' : '添加到达人库'}
      cancelText="取消"
      okButtonProps={{ disabled: !ready, loading: busy }}
      onOk={() => void handleSubmit()}
    >
      <Space direction="vertical" style={{ width: '100%' }} size={8}>
        <Row gutter={12}>
          <Col xs={24} md={14}>
            <Typography.Text>主页链接</Typography.Text>
            <Input
              aria-label="主页链接"
              placeholder="https://space.bilibili.com/…"
              value={lockedUrl}
              disabled={editing}
              onChange={(event) => setUrl(event.target.value)}
              onPressEnter={() => void handleLookup()}
            />
          </Col>
          <Col xs={24} md={10}>
            <Typography.Text>达人ID（UID）</Typography.Text>
            <Space.Compact style={{ width: '100%' }}>
              <Input
                aria-label="达人ID"
                placeholder="如 546195"
                value={lockedUid}
                disabled={editing}
                onChange={(event) => setUid(event.target.value)}
                onPressEnter={() => void handleLookup()}
              />
              {editing ? null : (
                <Button icon={<SearchOutlined aria-hidden />} loading={busy} onClick={() => void handleLookup()}>
                  查询
                </Button>
              )}
            </Space.Compact>
          </Col>
        </Row>
        {editing ? (
          <Typography.Text type="secondary">{LibraryMsg.locked}</Typography.Text>
        ) : (
          <Typography.Text type="secondary">{LibraryMsg.linkOrIdRequired}，然后点击查询</Typography.Text>
        )}
        {lookupError ? <Alert type="error" showIcon message={lookupError} /> : null}
        {lookup?.isExists === InfluencerCheck.FOUND && lookup.kolInfo ? (
          <Alert
            type="success"
            showIcon
            message={
              <Space>
                <Avatar src={lookup.kolInfo.kolImg || undefined} size="small" />
                <span>
                  {lookup.kolInfo.nickname}（粉丝 {formatCount(lookup.kolInfo.fansNum)}）— {LibraryMsg.found}
                </span>
              </Space>
            }
          />
        ) : null}
        {manual ? (
          <Alert type="info" showIcon message="手动填写：该达人的资料由您录入，系统收录后将自动更新粉丝等数据。" />
        ) : null}
      </Space>
      <Divider style={{ margin: '12px 0' }} />
      <Form<FormValues>
        form={form}
        layout="vertical"
        disabled={!ready}
        initialValues={{ launchLevel: LAUNCH_LEVEL_DEFAULT, gender: 2, isLive: false, isEnter: false, tId: 0 }}
      >
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item
              name="nickname"
              label="达人昵称"
              rules={[{ required: manual, whitespace: true, message: LibraryMsg.nicknameRequired }]}
            >
              <Input maxLength={50} disabled={tracked} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="fansNum" label="粉丝数">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} disabled={tracked} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="gender" label="性别">
              <Select
                disabled={tracked}
                options={[
                  { value: 1, label: '男' },
                  { value: 0, label: '女' },
                  { value: 2, label: '未知' },
                ]}
              />
            </Form.Item>
          </Col>
          {PRICE_FIELDS.map((field) => (
            <Col xs={12} md={6} key={field.name}>
              <Form.Item name={field.name} label={field.label}>
                <InputNumber min={0} max={PRICE_MAX} precision={2} style={{ width: '100%' }} aria-label={field.label} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24} md={8}>
            <Form.Item name="launchLevel" label="投放等级">
              <Rate count={5} allowClear={false} aria-label="投放等级" />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="launchCount" label="投放次数">
              <InputNumber min={0} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item
              name="auctionCalendar"
              label="档期情况"
              rules={[{ max: AUCTION_CALENDAR_MAX, message: LibraryMsg.auctionCalendarTooLong }]}
            >
              <Input placeholder="最多7个字" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="diyThemeName"
              label="自定义分类"
              rules={[
                {
                  validator: (_, value: string | undefined) =>
                    !value || diyThemeOk(value)
                      ? Promise.resolve()
                      : Promise.reject(new Error(LibraryMsg.diyThemeInvalid)),
                },
              ]}
            >
              <Input placeholder="最多3个关键词，空格隔开，如：美妆 护肤" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="tId" label="分组">
              <Select
                disabled={editing}
                options={[{ value: 0, label: '未分组' }, ...choices.map((g) => ({ value: g.id, label: g.themeName }))]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="wechat" label="微信">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="phone" label="手机号">
              <Input maxLength={30} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="qq" label="QQ">
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="email" label="邮箱">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="organization" label="所属机构">
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="contactWay" label="联系方式备注">
              <Input maxLength={100} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="isEnter" label="已入驻商单平台" valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="isLive" label="直播达人" valuePropName="checked">
              <Switch disabled={tracked} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="remark" label="备注">
              <Input.TextArea maxLength={500} autoSize={{ minRows: 1, maxRows: 4 }} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
      {editing && entry.data ? (
        <>
          <Divider style={{ margin: '4px 0 12px' }}>报价变更记录</Divider>
          <Table<PriceChange>
            size="small"
            rowKey={(row) => `${row.kind}-${row.changedAt}-${row.newPrice}`}
            pagination={false}
            dataSource={entry.data.priceHistory}
            locale={{ emptyText: '暂无报价变更' }}
            scroll={{ x: 'max-content' }}
            columns={[
              { key: 'kind', title: '报价', render: (_, row) => PRICE_KIND_LABELS[row.kind] },
              { key: 'old', title: '原报价', render: (_, row) => yuan(row.oldPrice) },
              { key: 'new', title: '新报价', render: (_, row) => yuan(row.newPrice) },
              { key: 'by', title: '修改人', render: (_, row) => row.changedBy || '-' },
              { key: 'at', title: '时间', render: (_, row) => dayjs(row.changedAt).format('YYYY-MM-DD HH:mm') },
            ]}
          />
        </>
      ) : null}
      {refusalHolder}
    </Modal>
  );
}
