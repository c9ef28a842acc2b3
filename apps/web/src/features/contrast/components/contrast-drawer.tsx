import { lazy, Suspense, useEffect, useState } from 'react';
import { Button, Checkbox, Drawer, Empty, Grid, Popconfirm, Popover, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, FileSearchOutlined, PlusOutlined } from '@ant-design/icons';
import { CONTRAST_MAX, CONTRAST_MIN, ContrastMsg, MemberMsg } from '@xg/shared';
import { RemoteAvatar } from '../../../components/remote-avatar';
import { errorText } from '../../../lib/api-client';
import { useContrastCount } from '../../gate/api/get-contrast-count';
import { useFeature } from '../../gate/hooks/use-feature';
import { createContrast } from '../api/kol-contrast';
import {
  checkedKolIds,
  clearContrast,
  removeContrast,
  setContrastChecked,
  setContrastOpen,
  useContrastEntries,
  useContrastOpen,
} from '../store';
import '../contrast.css';

const AddKolModal = lazy(() => import('./add-kol-modal').then((m) => ({ default: m.AddKolModal })));
const ContrastReportModal = lazy(() =>
  import('./contrast-report-modal').then((m) => ({ default: m.ContrastReportModal })),
);

/** A refused generation (§4 flags 1–3) shown in the popover next to 生成报告 (§8). */
interface Refusal {
  flag: number;
  tip: string;
}

/** The popover text when the server sent none (it always does; this only guards an old server). */
function fallbackTip(flag: number): string {
  if (flag === 1) return MemberMsg.contrastNoPermission;
  if (flag === 2) return MemberMsg.contrastUpgrade;
  return '对比次数已耗尽，请联系顾问升级成专属定制版';
}

function RefusalContent({ refusal, onClose }: { refusal: Refusal; onClose: () => void }) {
  return (
    <div className="contrast-refusal" role="alert">
      <Typography.Text>{refusal.tip}</Typography.Text>
      <div className="contrast-refusal-actions">
        {refusal.flag === 1 || refusal.flag === 2 ? (
          <a href="/member" target="_blank" rel="noopener noreferrer">
            立即升级
          </a>
        ) : null}
        <Button size="small" type="text" onClick={onClose}>
          知道了
        </Button>
      </div>
    </div>
  );
}

/**
 * The comparison drawer (§2.7): the selected creators (avatar, name, UID, checkbox, remove), 添加UP主, 清空,
 * 生成报告 and this month's reports used / total, fetched each time it opens. Generating needs at least 2
 * checked creators (§5); the server answers a flag (§4): 0 opens the report, 1–3 the §8 popover.
 */
export function ContrastDrawer() {
  const open = useContrastOpen();
  const entries = useContrastEntries();
  const mobile = Grid.useBreakpoint().md === false;
  const count = useContrastCount();
  const feature = useFeature('contrast.create');
  const [adding, setAdding] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [reportId, setReportId] = useState<number | null>(null);
  const { refetch } = count;

  // §2.7: opening the drawer fetches the contrast count.
  useEffect(() => {
    if (open) void refetch();
  }, [open, refetch]);

  const kolIds = checkedKolIds(entries);
  // a refusal is about the selection it was given: a changed selection hides it (state adjusted during render)
  const [refusedFor, setRefusedFor] = useState(kolIds);
  if (refusedFor !== kolIds) {
    setRefusedFor(kolIds);
    if (refusal !== null) setRefusal(null);
  }
  const checkedCount = kolIds === '' ? 0 : kolIds.split(',').length;
  const canGenerate = checkedCount >= CONTRAST_MIN;

  const handleGenerate = async () => {
    if (!canGenerate) return; // §5: fewer than 2 checked, nothing happens
    setRefusal(null);
    setGenerating(true);
    try {
      const outcome = await createContrast(kolIds);
      if (outcome.flag === 0 && outcome.id !== null) setReportId(outcome.id);
      else setRefusal({ flag: outcome.flag, tip: outcome.tip ?? fallbackTip(outcome.flag) });
    } catch (error) {
      console.warn('[contrast] generate failed', errorText(error));
    } finally {
      setGenerating(false);
      void refetch(); // §4: the count refreshes afterwards
    }
  };

  const countText = count.data
    ? `本月已用 ${count.data.useCount} / ${count.data.totalCount} 次`
    : count.isError
      ? '次数获取失败'
      : '次数加载中…';

  return (
    <>
      <Drawer
        open={open}
        onClose={() => setContrastOpen(false)}
        placement="right"
        size={mobile ? '100%' : 400}
        title={`UP主对比（${entries.length}/${CONTRAST_MAX}）`}
        className="contrast-drawer"
        styles={{ body: { padding: 0 } }}
        footer={
          <div className="contrast-drawer-footer">
            <Space wrap>
              <Button icon={<PlusOutlined aria-hidden />} onClick={() => setAdding(true)}>
                添加UP主
              </Button>
              <Popconfirm
                title="确定清空对比列表吗？"
                okText="清空"
                cancelText="取消"
                onConfirm={() => clearContrast()}
                disabled={entries.length === 0}
              >
                <Button danger disabled={entries.length === 0}>
                  清空
                </Button>
              </Popconfirm>
              <Popover
                open={open && refusal !== null}
                trigger={[]}
                placement="topRight"
                content={refusal ? <RefusalContent refusal={refusal} onClose={() => setRefusal(null)} /> : null}
              >
                <Button
                  type="primary"
                  icon={<FileSearchOutlined aria-hidden />}
                  loading={generating}
                  disabled={!canGenerate}
                  onClick={() => void handleGenerate()}
                >
                  生成报告
                </Button>
              </Popover>
            </Space>
            {!canGenerate ? (
              <Typography.Text type="secondary" className="contrast-drawer-hint">
                {ContrastMsg.tooFew}
              </Typography.Text>
            ) : null}
            {entries.length > 0 ? (
              <Typography.Text type="warning" className="contrast-drawer-hint" data-testid="contrast-leave-hint">
                {ContrastMsg.leaveClears}
              </Typography.Text>
            ) : null}
          </div>
        }
      >
        <div className="contrast-drawer-count">
          <Typography.Text type="secondary">对比报告</Typography.Text>
          <Typography.Text strong aria-label="本月对比次数">
            {countText}
          </Typography.Text>
          {!feature.loading && !feature.allowed ? (
            <Tag color="orange">{feature.label ?? '生成对比报告'}需升级</Tag>
          ) : null}
        </div>
        {entries.length === 0 ? (
          <Empty className="contrast-drawer-empty" description={ContrastMsg.empty} />
        ) : (
          <ul className="contrast-list" aria-label="对比UP主">
            {entries.map((entry) => (
              <li key={entry.kolId} className="contrast-item">
                <Checkbox
                  checked={entry.checked}
                  aria-label={`选择${entry.kolName}`}
                  onChange={(event) => setContrastChecked(entry.kolId, event.target.checked)}
                />
                <RemoteAvatar src={entry.kolImg} alt={entry.kolName} size={40} />
                <div className="contrast-item-main">
                  <Typography.Text strong ellipsis={{ tooltip: entry.kolName }}>
                    {entry.kolName}
                  </Typography.Text>
                  <Typography.Text type="secondary" className="contrast-item-uid">
                    UID：{entry.kolUid}
                  </Typography.Text>
                </div>
                <Button
                  type="text"
                  size="small"
                  icon={<DeleteOutlined aria-hidden />}
                  aria-label={`移除${entry.kolName}`}
                  onClick={() => removeContrast(entry.kolId)}
                />
              </li>
            ))}
          </ul>
        )}
      </Drawer>
      {adding ? (
        <Suspense fallback={null}>
          <AddKolModal open={adding} onClose={() => setAdding(false)} />
        </Suspense>
      ) : null}
      {reportId !== null ? (
        <Suspense fallback={null}>
          <ContrastReportModal contrastId={reportId} onClose={() => setReportId(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
