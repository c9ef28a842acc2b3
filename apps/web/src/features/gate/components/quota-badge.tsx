import type { ReactNode } from 'react';
import { Skeleton, Tooltip } from 'antd';
import { BarChartOutlined, FileExcelOutlined } from '@ant-design/icons';
import { useContrastCount } from '../api/get-contrast-count';
import { useExcelResidue } from '../api/get-excel-residue';
import '../gate.css';

export type QuotaBadgeKind = 'contrast' | 'export';

interface QuotaBadgeProps {
  kind: QuotaBadgeKind;
  /** export: the list kind sent as `type` (§7.6); the quota itself is shared */
  exportType?: number;
}

function Badge({
  icon,
  label,
  value,
  hint,
  empty,
}: {
  icon: ReactNode;
  label: string;
  value: string;
  hint: string;
  empty: boolean;
}) {
  return (
    <Tooltip title={hint}>
      <span className={`quota-badge${empty ? ' quota-badge-empty' : ''}`} aria-label={`${label} ${value}`}>
        {icon}
        <span className="quota-badge-label">{label}</span>
        <span className="quota-badge-value">{value}</span>
      </span>
    </Tooltip>
  );
}

function ContrastBadge() {
  const query = useContrastCount();
  if (!query.data) return query.isError ? null : <Skeleton.Button active size="small" />;
  const { useCount, totalCount, remainCount } = query.data;
  return (
    <Badge
      icon={<BarChartOutlined aria-hidden />}
      label="本月对比报告"
      value={`${useCount} / ${totalCount}`}
      hint={totalCount > 0 ? `本月已生成 ${useCount} 份，剩余 ${remainCount} 份，每月1日重置` : '当前版本不含对比报告'}
      empty={remainCount <= 0}
    />
  );
}

function ExportBadge({ exportType }: { exportType?: number }) {
  const query = useExcelResidue(exportType);
  if (!query.data) return query.isError ? null : <Skeleton.Button active size="small" />;
  const { residueCount, totalCount } = query.data;
  return (
    <Badge
      icon={<FileExcelOutlined aria-hidden />}
      label="本月导出剩余"
      value={`${residueCount.toLocaleString('zh-CN')} / ${totalCount.toLocaleString('zh-CN')} 条`}
      hint={totalCount > 0 ? '导出Excel按条数计算，各列表共用本月额度，每月1日重置' : '当前版本不含Excel导出'}
      empty={residueCount <= 0}
    />
  );
}

/**
 * This month's quota as a small badge: comparison reports used / total (getContrastCount) or Excel rows
 * left (excelResidueCount). For the comparison drawer and the export buttons of later screens.
 */
export function QuotaBadge({ kind, exportType }: QuotaBadgeProps) {
  return kind === 'contrast' ? <ContrastBadge /> : <ExportBadge exportType={exportType} />;
}
