import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Input, Modal, Progress, Radio, Space, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import {
  EXPORT_FIRST_N,
  EXPORT_NAME_MAX,
  EXPORT_SCOPE_LABELS,
  ExportMsg,
  type ExportListName,
  type ExportRecord,
  type ExportScope,
} from '@xg/shared';
import { errorText } from '../../../lib/api-client';
import type { ApiParams } from '../../../lib/api-client';
import { useAppNavigate } from '../../../lib/use-app-navigate';
import { useExcelResidue } from '../../gate/api/get-excel-residue';
import { useFeature } from '../../gate/hooks/use-feature';
import { useUpgradePopup } from '../../gate/hooks/use-upgrade-popup';
import { getExportLink, getExportStatus, openLink, requestExport, saveBlob } from '../api/export-api';
import '../export.css';

export const EXPORT_RECORDS_PATH = '/exportRecords';

export interface ExportButtonProps {
  /** the export path of §7.6 (/api/export/<list>) */
  list: ExportListName;
  /** the list's own parameters as the screen sends them (filters, sort, date …), without pageNo/pageSize */
  params: ApiParams;
  /** the page on screen */
  pageNo: number;
  pageSize: number;
  /** the list's total (all results) */
  total: number;
  /** the file's name before _YYYYMMDDHHmmss */
  exportName: string;
  /** the options offered (default all three of §7.6); a one-page report offers 全部结果 only */
  scopes?: readonly ExportScope[];
}

const ALL_SCOPES: readonly ExportScope[] = ['page', 'first100', 'all'];

function rowsOf(scope: ExportScope, p: Pick<ExportButtonProps, 'pageNo' | 'pageSize' | 'total'>): number {
  const pageStart = (p.pageNo - 1) * p.pageSize;
  if (scope === 'page') return Math.max(0, Math.min(p.pageSize, p.total - pageStart));
  if (scope === 'first100') return Math.min(EXPORT_FIRST_N, p.total);
  return p.total;
}

/**
 * 导出Excel (§7.6): the options dialog (当前页 / 前100条 / 全部结果) with the rows each will spend and the month's
 * quota left, the file name, then the download; an export that takes longer shows a progress bar and is
 * downloaded when done (it also stays in 导出记录). Below 企业版 the button opens the upgrade popup with
 * 开通会员，即可使用导出功能 (§6); a −1/−3 answer shows its message instead of a download (§8).
 */
export function ExportButton(props: ExportButtonProps) {
  const { list, total } = props;
  const feature = useFeature('export.excel');
  const { openUpgradePopup, upgradePopup } = useUpgradePopup();
  const [open, setOpen] = useState(false);

  const onClick = () => {
    if (feature.loading) return;
    if (!feature.allowed) {
      openUpgradePopup(feature);
      return;
    }
    setOpen(true);
  };
  return (
    <>
      <Button
        icon={<FileExcelOutlined aria-hidden />}
        onClick={onClick}
        disabled={total === 0}
        data-testid={`export-${list}`}
      >
        导出Excel
      </Button>
      {open ? <ExportDialog {...props} onClose={() => setOpen(false)} /> : null}
      {upgradePopup}
    </>
  );
}

function ExportDialog({ onClose, ...props }: ExportButtonProps & { onClose: () => void }) {
  const { list, params, pageNo, pageSize } = props;
  const { message } = App.useApp();
  const navigate = useAppNavigate();
  const queryClient = useQueryClient();
  const residue = useExcelResidue();
  const offered = props.scopes ?? ALL_SCOPES;
  const [scope, setScope] = useState<ExportScope>(offered.includes('first100') ? 'first100' : (offered[0] ?? 'all'));
  const [name, setName] = useState(props.exportName);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [job, setJob] = useState<ExportRecord | null>(null);

  const rows = rowsOf(scope, props);
  const left = residue.data?.residueCount;
  const short = left !== undefined && rows > left;

  const refreshQuota = useCallback(
    () =>
      queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'membership' || q.queryKey[0] === 'export' }),
    [queryClient],
  );

  // a background export: poll its progress, download it when done
  useEffect(() => {
    if (!job || job.state !== 'running') return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      getExportStatus(job.id, controller.signal)
        .then(async (next) => {
          setJob(next);
          if (next.state === 'done') {
            const link = await getExportLink(next.id);
            openLink(link.url, next.fileName);
            message.success(`已导出 ${next.rowsDone} 条数据`);
            void refreshQuota();
          } else if (next.state === 'failed') {
            setFailure(next.error ?? ExportMsg.failed);
            void refreshQuota();
          }
        })
        .catch(() => setJob({ ...job })); // retry on the next tick
    }, 1000);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [job, message, refreshQuota]);

  const confirm = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await requestExport(list, {
        ...params,
        pageNo: scope === 'page' ? pageNo : 1,
        pageSize,
        export: scope === 'all' ? 'all' : scope === 'page' ? pageSize : EXPORT_FIRST_N,
        scope,
        exportName: name.trim() || props.exportName,
      });
      if (result.kind === 'file') {
        saveBlob(result.blob, result.fileName);
        message.success(`已导出 ${rows} 条数据`);
        void refreshQuota();
        onClose();
      } else {
        setJob(result.record);
        void refreshQuota();
      }
    } catch (error) {
      setFailure(errorText(error));
      void refreshQuota();
    } finally {
      setBusy(false);
    }
  };

  const running = job !== null && job.state === 'running';
  const percent = job ? Math.floor((job.rowsDone / Math.max(1, job.rowsTotal)) * 100) : 0;
  return (
    <Modal
      open
      title="导出Excel"
      onCancel={onClose}
      okText={job ? '查看导出记录' : '确认导出'}
      cancelText={job ? '关闭' : '取消'}
      okButtonProps={{ loading: busy, disabled: !job && (short || rows === 0), 'data-testid': 'export-confirm' }}
      onOk={() => (job ? navigate({ pathname: EXPORT_RECORDS_PATH }) : void confirm())}
      destroyOnHidden
    >
      {job ? (
        <div className="export-progress" data-testid="export-progress">
          <Typography.Paragraph>{job.state === 'running' ? ExportMsg.started : job.fileName}</Typography.Paragraph>
          <Progress
            percent={job.state === 'done' ? 100 : percent}
            status={job.state === 'failed' ? 'exception' : running ? 'active' : 'success'}
            aria-label="导出进度"
          />
          <Typography.Text type="secondary">
            {job.rowsDone} / {job.rowsTotal} 条
          </Typography.Text>
        </div>
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }}>
          <Radio.Group value={scope} onChange={(e) => setScope(e.target.value as ExportScope)} aria-label="导出范围">
            <Space direction="vertical">
              {offered.map((value) => (
                <Radio key={value} value={value}>
                  {EXPORT_SCOPE_LABELS[value]}
                  <Typography.Text type="secondary">（{rowsOf(value, props)}条）</Typography.Text>
                </Radio>
              ))}
            </Space>
          </Radio.Group>
          <label className="export-name">
            <span>文件名</span>
            <Input
              value={name}
              maxLength={EXPORT_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              suffix="_时间.xlsx"
              aria-label="文件名"
            />
          </label>
          <Typography.Paragraph className="export-quota" data-testid="export-quota">
            本月剩余导出额度：
            <Typography.Text strong type={short ? 'danger' : undefined}>
              {left === undefined ? '…' : `${left.toLocaleString('zh-CN')}条`}
            </Typography.Text>
            ，本次将使用 <Typography.Text strong>{rows}</Typography.Text> 条
          </Typography.Paragraph>
          {short ? <Alert type="warning" showIcon message="剩余额度不足，请选择更少的导出条数或升级会员" /> : null}
        </Space>
      )}
      {failure ? <Alert type="error" showIcon message={failure} style={{ marginTop: 12 }} /> : null}
    </Modal>
  );
}
